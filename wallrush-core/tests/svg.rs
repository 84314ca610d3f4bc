//! The SVG renderer: well-formed XML for every variant, elements where the position says,
//! and golden files.
//!
//! Regenerate the golden files under `tests/golden/` after a deliberate change with
//! `WALLRUSH_BLESS=1 cargo test -p wallrush-core --test svg`, then look at the diff.

use std::path::PathBuf;

use roxmltree::{Document, Node};
use wallrush_core::svg::{self, SvgOptions, BORDER, CELL, GROOVE, MARGIN, PITCH};
use wallrush_core::{Goal, Move, Position, Seat, Square, Variant, Wall};

// ----- helpers --------------------------------------------------------------------------

fn parse(text: &str) -> Document<'_> {
    Document::parse(text).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{text}"))
}

fn has_class(node: &Node<'_, '_>, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class))
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, tag: &str, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == tag && has_class(n, class))
        .collect()
}

fn int(node: &Node<'_, '_>, attr: &str) -> i32 {
    let v = node.attribute(attr).unwrap_or_else(|| panic!("no {attr} on {node:?}"));
    v.parse().unwrap_or_else(|_| panic!("{attr}={v:?} is not an integer"))
}

/// Where the renderer must put the centre of `sq`, computed from the geometry documented
/// in the `svg` module (not from its code).
fn expected_centre(n: u8, sq: Square, flipped: bool, coords: bool) -> (i32, i32) {
    let (n, f, r) = (i32::from(n), i32::from(sq.file()), i32::from(sq.rank()));
    let (col, row) = if flipped { (n - 1 - f, r) } else { (f, n - 1 - r) };
    let m = if coords { MARGIN } else { 0 };
    (m + BORDER + col * PITCH + CELL / 2, m + BORDER + row * PITCH + CELL / 2)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Plays `plies` random legal moves, walls one time in three; returns the last move with
/// the square its pawn came from.
fn random_game(pos: &mut Position, plies: usize, seed: u64) -> Option<(Move, Option<Square>)> {
    let mut rng = wallrush_core::SplitMix64::new(seed);
    let mut last = None;
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let moves = pos.legal_moves();
        let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
        let pawns: Vec<Move> = moves.iter().copied().filter(|m| !matches!(m, Move::Wall(_))).collect();
        let m = if !walls.is_empty() && (pawns.is_empty() || rng.below(3) == 0) {
            walls[rng.below(walls.len() as u64) as usize]
        } else {
            pawns[rng.below(pawns.len() as u64) as usize]
        };
        let from = pos.pawn(pos.turn());
        pos.play(m).unwrap();
        last = Some((m, if matches!(m, Move::Pawn(_)) { from } else { None }));
    }
    last
}

/// Checks everything the picture must say about `pos` under `opts`.
fn check_picture(pos: &Position, opts: SvgOptions, flipped: bool, coords: bool, candidate: Option<Wall>) {
    let text = svg::board(pos, &opts);
    let doc = parse(&text);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let v = pos.variant();
    let n = v.size();
    let total = 2 * BORDER + i32::from(n) * PITCH - GROOVE + if coords { 2 * MARGIN } else { 0 };
    assert_eq!(root.attribute("viewBox"), Some(format!("0 0 {total} {total}").as_str()));

    // Walls: one rectangle per wall on the board, named by it.
    let walls = with_class(&doc, "rect", "wall");
    assert_eq!(walls.len(), pos.wall_count() as usize);
    let mut named: Vec<String> = walls.iter().map(|w| w.attribute("data-wall").unwrap().into()).collect();
    let mut want: Vec<String> = pos.walls().iter().map(|w| w.text(n).to_string()).collect();
    named.sort();
    want.sort();
    assert_eq!(named, want);
    for w in &walls {
        // A wall covers `length` cells and the grooves between them, and is a groove wide.
        let (wd, ht) = (int(w, "width"), int(w, "height"));
        let long = i32::from(v.wall_length()) * PITCH - GROOVE;
        assert!((wd, ht) == (long, GROOVE) || (wd, ht) == (GROOVE, long), "{wd}×{ht}");
    }

    // Pawns: one circle per seat in play, at its square's centre.
    let pawns = with_class(&doc, "circle", "pawn");
    assert_eq!(pawns.len(), pos.seats_in_play().count());
    for seat in pos.seats_in_play() {
        let circles = with_class(&doc, "circle", seat.name());
        assert_eq!(circles.len(), 1, "{seat}");
        let c = &circles[0];
        let at = pos.pawn(seat).unwrap();
        assert_eq!((int(c, "cx"), int(c, "cy")), expected_centre(n, at, flipped, coords), "{seat}");
        assert_eq!(c.attribute("fill"), Some(svg::seat_colour(seat)));
        assert_eq!(c.attribute("data-square"), Some(at.text(n).to_string().as_str()));
    }

    // Goals: one mark per seat in play.
    let goals = doc.descendants().filter(|n| has_class(n, "goal")).count();
    assert_eq!(goals, pos.seats_in_play().count());
    if v.goal() == Goal::Centre {
        assert_eq!(with_class(&doc, "polygon", "goal").len(), goals);
    }

    // Routes: one polyline per seat, through the centres of its route's squares.
    let routes = with_class(&doc, "polyline", "route");
    assert_eq!(routes.len(), pos.seats_in_play().count());
    for seat in pos.seats_in_play() {
        let line =
            with_class(&doc, "polyline", "route").into_iter().find(|l| has_class(l, seat.name())).unwrap();
        let points: Vec<(i32, i32)> = line
            .attribute("points")
            .unwrap()
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        let route = pos.route(seat).unwrap();
        assert_eq!(points.len(), route.len());
        assert_eq!(points.len() as u32, pos.route_len(seat).unwrap() + 1);
        let (x0, y0) = expected_centre(n, route[0], flipped, coords);
        let (dx, dy) = (points[0].0 - x0, points[0].1 - y0);
        assert!(dx == dy && dx.abs() < CELL / 4, "route offset {dx},{dy}");
        for (p, s) in points.iter().zip(&route) {
            let (x, y) = expected_centre(n, *s, flipped, coords);
            assert_eq!(*p, (x + dx, y + dy));
        }
    }

    // Legal pawn moves: one dot each.
    let dots = with_class(&doc, "circle", "move");
    assert_eq!(dots.len(), pos.pawn_moves().len());

    // The candidate wall: legal or not as the position says.
    let legal = with_class(&doc, "rect", "candidate");
    match candidate {
        None => assert!(legal.is_empty()),
        Some(w) => {
            assert_eq!(legal.len(), 1);
            let c = &legal[0];
            let ok = pos.is_legal(Move::Wall(w));
            assert!(has_class(c, if ok { "legal" } else { "illegal" }));
            let title = c.children().find(|n| n.tag_name().name() == "title").unwrap();
            let want = match pos.check(Move::Wall(w)) {
                Ok(()) => format!("{} is legal", w.text(n)),
                Err(e) => e.to_string(),
            };
            assert_eq!(title.text(), Some(want.as_str()));
        }
    }

    // Coordinates: one label per file and per rank.
    let files: Vec<String> =
        with_class(&doc, "text", "file").iter().map(|t| t.text().unwrap().into()).collect();
    let ranks = with_class(&doc, "text", "rank");
    if coords {
        assert_eq!(files.len(), usize::from(n));
        assert_eq!(ranks.len(), usize::from(n));
        let first = if n > 26 { "1".to_string() } else { "a".to_string() };
        assert!(files.contains(&first));
        assert!(ranks.iter().any(|t| t.text() == Some(n.to_string().as_str())));
    } else {
        assert!(files.is_empty() && ranks.is_empty());
    }
}

// ----- every variant -----------------------------------------------------------------

#[test]
fn every_variant_renders_well_formed_and_true() {
    let mut case = 0u64;
    for size in (3..=31).step_by(2) {
        let mut lengths = vec![2, 3, size - 1];
        lengths.dedup();
        lengths.retain(|&l| l < size);
        for players in [2, 4] {
            for &length in &lengths {
                for goal in [Goal::Edge, Goal::Centre] {
                    case += 1;
                    let v = Variant::new(size, players, 3, length, goal).unwrap();
                    let mut pos = Position::new(v);
                    let last = random_game(&mut pos, 10, case * 0x9e37_79b9);
                    let flipped = case % 2 == 0;
                    let coords = case % 3 != 0;
                    let anchor =
                        Square::new((case % u64::from(size)) as u8, (case / 3 % u64::from(size)) as u8);
                    let candidate = Wall::new(
                        anchor,
                        if case % 2 == 0 {
                            wallrush_core::Orientation::Vertical
                        } else {
                            wallrush_core::Orientation::Horizontal
                        },
                    );
                    let mut opts = SvgOptions::new()
                        .flipped(flipped)
                        .coordinates(coords)
                        .routes(true)
                        .legal_moves(true)
                        .candidate_wall(candidate);
                    if let Some((m, from)) = last {
                        opts = opts.last_move(m, from);
                    }
                    check_picture(&pos, opts, flipped, coords, Some(candidate));
                }
            }
        }
    }
    assert!(case > 150);
}

#[test]
fn resigned_seat_leaves_the_picture() {
    let mut pos = Position::new(Variant::four_player());
    pos.resign(Seat::West).unwrap();
    check_picture(&pos, SvgOptions::new().routes(true).legal_moves(true), false, true, None);
    let text = svg::board(&pos, &SvgOptions::new());
    assert!(!text.contains("class=\"pawn west\""));
    assert!(!text.contains("class=\"goal west\""));
}

#[test]
fn finished_game_marks_no_moves() {
    let mut pos = Position::new(Variant::new(3, 2, 0, 2, Goal::Edge).unwrap());
    for m in ["a1", "c3", "a2", "c2", "a3"] {
        pos.play(m.parse().unwrap()).unwrap();
    }
    assert!(pos.is_game_over());
    let text = svg::board(&pos, &SvgOptions::new().legal_moves(true));
    let doc = parse(&text);
    assert!(with_class(&doc, "circle", "move").is_empty());
}

// ----- exact places -----------------------------------------------------------------

#[test]
fn wall_rectangles_lie_in_their_grooves() {
    let mut pos = Position::classic();
    pos.play("d4h".parse().unwrap()).unwrap();
    pos.play("f6v".parse().unwrap()).unwrap();
    for flipped in [false, true] {
        let text = svg::board(&pos, &SvgOptions::new().flipped(flipped));
        let doc = parse(&text);
        let walls = with_class(&doc, "rect", "wall");
        let rect = |name: &str| {
            let w = walls.iter().find(|w| w.attribute("data-wall") == Some(name)).unwrap();
            (int(w, "x"), int(w, "y"), int(w, "width"), int(w, "height"))
        };
        // d4h: along the tops of d4 and e4, from the left edge of d4 to the right of e4.
        let (d4, e4, d5) = (sq("d4"), sq("e4"), sq("d5"));
        let c = |s| expected_centre(9, s, flipped, true);
        let left = c(d4).0.min(c(e4).0) - CELL / 2;
        let gap_top = c(d4).1.min(c(d5).1) + CELL / 2;
        assert_eq!(rect("d4h"), (left, gap_top, 2 * CELL + GROOVE, GROOVE));
        // f6v: along the right edges of f6 and f7.
        let (f6, g6, f7) = (sq("f6"), sq("g6"), sq("f7"));
        let gap_left = c(f6).0.min(c(g6).0) + CELL / 2;
        let top = c(f6).1.min(c(f7).1) - CELL / 2;
        assert_eq!(rect("f6v"), (gap_left, top, GROOVE, 2 * CELL + GROOVE));
    }
    // Unflipped numbers, worked by hand: d is column 3, the d4/d5 groove is below row 4.
    let text = svg::board(&pos, &SvgOptions::new());
    assert!(text.contains("data-wall=\"d4h\" x=\"186\" y=\"276\" width=\"90\" height=\"10\""), "{text}");
}

#[test]
fn long_walls_cover_their_length() {
    let v = Variant::new(7, 2, 4, 4, Goal::Edge).unwrap();
    let mut pos = Position::new(v);
    pos.play("a2h".parse().unwrap()).unwrap();
    pos.play("c3v".parse().unwrap()).unwrap();
    let text = svg::board(&pos, &SvgOptions::new());
    let doc = parse(&text);
    let walls = with_class(&doc, "rect", "wall");
    let long = 4 * CELL + 3 * GROOVE;
    let h = walls.iter().find(|w| w.attribute("data-wall") == Some("a2h")).unwrap();
    assert_eq!((int(h, "width"), int(h, "height")), (long, GROOVE));
    let v = walls.iter().find(|w| w.attribute("data-wall") == Some("c3v")).unwrap();
    assert_eq!((int(v, "width"), int(v, "height")), (GROOVE, long));
    // c3v runs up from c3 to c6: its top is c6's top.
    let (_, c6y) = expected_centre(7, sq("c6"), false, true);
    assert_eq!(int(v, "y"), c6y - CELL / 2);
}

#[test]
fn flipping_turns_the_board_half_round() {
    let pos = Position::classic();
    let plain = svg::board(&pos, &SvgOptions::new());
    let flipped = svg::board(&pos, &SvgOptions::new().flipped(true));
    let (a, b) = (parse(&plain), parse(&flipped));
    let south = |d: &Document<'_>| {
        let c = &with_class(d, "circle", "south")[0];
        (int(c, "cx"), int(c, "cy"))
    };
    let (x, y) = south(&a);
    let (fx, fy) = south(&b);
    assert_eq!(x, fx); // e is the middle file
    assert!(y > fy, "South is at the bottom unflipped and at the top flipped");
    // Labels read i..a and 9..1 left to right and top to bottom when flipped.
    let firsts = |d: &Document<'_>| {
        let mut files = with_class(d, "text", "file");
        files.sort_by_key(|t| int(t, "x"));
        let mut ranks = with_class(d, "text", "rank");
        ranks.sort_by_key(|t| int(t, "y"));
        (files[0].text().unwrap().to_string(), ranks[0].text().unwrap().to_string())
    };
    assert_eq!(firsts(&a), ("a".into(), "9".into()));
    assert_eq!(firsts(&b), ("i".into(), "1".into()));
    // South's goal strip is on top unflipped, at the bottom flipped.
    let goal_y = |d: &Document<'_>| int(&with_class(d, "rect", "south")[0], "y");
    assert!(goal_y(&a) < goal_y(&b));
}

#[test]
fn big_boards_number_their_files() {
    let pos = Position::new(Variant::new(27, 2, 10, 2, Goal::Edge).unwrap());
    let text = svg::board(&pos, &SvgOptions::new());
    let doc = parse(&text);
    let files: Vec<&str> = with_class(&doc, "text", "file").iter().map(|t| t.text().unwrap()).collect();
    assert_eq!(files.first(), Some(&"1"));
    assert_eq!(files.last(), Some(&"27"));
    assert_eq!(with_class(&doc, "circle", "south")[0].attribute("data-square"), Some("r1c14"));
}

#[test]
fn last_move_highlights() {
    let pos = Position::classic();
    let count = |opts: SvgOptions| {
        let text = svg::board(&pos, &opts);
        let doc = parse(&text);
        let hl = with_class(&doc, "rect", "last-move");
        hl.iter().map(|n| n.attribute("class").unwrap().to_string()).collect::<Vec<_>>()
    };
    let e2 = Move::Pawn(sq("e2"));
    assert_eq!(count(SvgOptions::new().last_move(e2, sq("e1"))), ["last-move from", "last-move to"]);
    assert_eq!(count(SvgOptions::new().last_move(e2, None)), ["last-move to"]);
    let wall: Move = "c3h".parse().unwrap();
    assert_eq!(count(SvgOptions::new().last_move(wall, None)), ["last-move halo"]);
    assert!(count(SvgOptions::new().last_move(Move::Pass, None)).is_empty());
    assert!(count(SvgOptions::new().last_move(e2, None).last_move(None, None)).is_empty());

    // The destination highlight sits on the destination.
    let text = svg::board(&pos, &SvgOptions::new().last_move(e2, sq("e1")));
    let doc = parse(&text);
    let to = &with_class(&doc, "rect", "to")[0];
    let (cx, cy) = expected_centre(9, sq("e2"), false, true);
    assert_eq!((int(to, "x") + CELL / 2, int(to, "y") + CELL / 2), (cx, cy));
}

#[test]
fn candidate_walls_say_legal_or_why_not() {
    let mut pos = Position::classic();
    pos.play("d4v".parse().unwrap()).unwrap();
    let pic = |w: &str| svg::board(&pos, &SvgOptions::new().candidate_wall(w.parse::<Wall>().unwrap()));
    let legal = pic("a1h");
    assert!(legal.contains("class=\"candidate legal\""));
    assert!(legal.contains("<title>a1h is legal</title>"));
    let crossing = pic("d4h");
    assert!(crossing.contains("class=\"candidate illegal\""));
    assert!(crossing.contains("<title>d4h crosses wall d4v</title>"));
    // Off the board: still drawn (where it would be), still red.
    let off = pic("i9h");
    assert!(off.contains("<title>i9h is off the board</title>"));
    parse(&off);
}

#[test]
fn size_sets_pixels() {
    let pos = Position::classic();
    let doc_text = svg::board(&pos, &SvgOptions::new().size(333));
    let doc = parse(&doc_text);
    assert_eq!(doc.root_element().attribute("width"), Some("333"));
    assert_eq!(doc.root_element().attribute("height"), Some("333"));
    let auto = svg::board(&pos, &SvgOptions::new().size(333).size(None));
    assert!(auto.contains("width=\"400\" height=\"400\""));
}

#[test]
fn writer_errors_propagate() {
    /// Accepts `room` bytes, then fails.
    struct Tight {
        room: usize,
    }
    impl std::fmt::Write for Tight {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.room = self.room.checked_sub(s.len()).ok_or(std::fmt::Error)?;
            Ok(())
        }
    }
    let pos = Position::classic();
    let opts = SvgOptions::new().routes(true);
    let full = svg::board(&pos, &opts).len();
    assert!(svg::write_board(&mut Tight { room: full }, &pos, &opts).is_ok());
    for room in [0, 10, full / 2, full - 1] {
        assert!(svg::write_board(&mut Tight { room }, &pos, &opts).is_err(), "{room}");
    }
}

#[test]
fn output_is_deterministic() {
    let mut pos = Position::new(Variant::race_to_centre());
    random_game(&mut pos, 12, 7);
    let opts = SvgOptions::new().routes(true).legal_moves(true);
    assert_eq!(svg::board(&pos, &opts), svg::board(&pos.clone(), &opts));
    let text = svg::board(&pos, &opts);
    // Integer coordinates only: no decimal point outside the opacities.
    for attr in [" x=\"", " y=\"", " cx=\"", " cy=\"", " width=\"", " height=\"", " points=\""] {
        for piece in text.split(attr).skip(1) {
            let value = piece.split('"').next().unwrap();
            assert!(!value.contains('.'), "{attr}{value}");
        }
    }
}

// ----- golden files ---------------------------------------------------------------

fn golden(name: &str, pos: &Position, opts: &SvgOptions) {
    let path: PathBuf =
        [env!("CARGO_MANIFEST_DIR"), "tests", "golden", &format!("{name}.svg")].iter().collect();
    let text = svg::board(pos, opts);
    parse(&text);
    if std::env::var_os("WALLRUSH_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with WALLRUSH_BLESS=1 to write it", path.display()));
    if want != text {
        let line = want.lines().zip(text.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{name}.svg differs from the renderer's output at line {}:\n  golden: {}\n  now:    {}\n\
             (run with WALLRUSH_BLESS=1 to accept the new output, then review the diff)",
            line + 1,
            want.lines().nth(line).unwrap_or(""),
            text.lines().nth(line).unwrap_or("")
        );
    }
}

fn play(pos: &mut Position, moves: &str) -> Option<(Move, Option<Square>)> {
    let mut last = None;
    for t in moves.split_whitespace() {
        let m: Move = t.parse().unwrap();
        let from = pos.pawn(pos.turn());
        pos.play(m).unwrap_or_else(|e| panic!("{e}"));
        last = Some((m, if matches!(m, Move::Pawn(_)) { from } else { None }));
    }
    last
}

#[test]
fn golden_classic_opening() {
    golden("classic-opening", &Position::classic(), &SvgOptions::new());
}

#[test]
fn golden_classic_midgame() {
    let mut pos = Position::classic();
    let (m, from) = play(&mut pos, "e2 e8 e3 e7 e4 e6 d5h e4h d4 f6h c4").unwrap();
    let opts = SvgOptions::new().routes(true).legal_moves(true).last_move(m, from);
    golden("classic-midgame", &pos, &opts);
}

#[test]
fn golden_four_seats_flipped() {
    let mut pos = Position::new(Variant::four_player());
    play(&mut pos, "e2 b5 e8 h5 e3 c5 e7 d6v");
    let opts = SvgOptions::new().flipped(true).candidate_wall("d6h".parse::<Wall>().unwrap());
    golden("four-seats-flipped", &pos, &opts);
}

#[test]
fn golden_small_long_walls() {
    let mut pos = Position::new(Variant::new(5, 2, 3, 3, Goal::Edge).unwrap());
    let (m, from) = play(&mut pos, "c2 a3h c3 b1v").unwrap();
    let opts = SvgOptions::new()
        .routes(true)
        .last_move(m, from)
        .candidate_wall("a2h".parse::<Wall>().unwrap())
        .size(300);
    golden("small-long-walls", &pos, &opts);
}

#[test]
fn golden_race_to_centre_bare() {
    let mut pos = Position::new(Variant::race_to_centre());
    play(&mut pos, "e2 b5 e8 h5 d4v");
    golden("race-to-centre", &pos, &SvgOptions::new().coordinates(false).legal_moves(true));
}
