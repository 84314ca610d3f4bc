//! The territory pictures (`wallgo::svg`, `enclosure::svg`): well-formed XML after random
//! games, elements where the position says (walls, pieces, shaded regions, cards), exact
//! places from the documented geometry, and golden files.
//!
//! Regenerate the golden files under `tests/golden/` after a deliberate change with
//! `WALLRUSH_BLESS=1 cargo test -p wallrush-core --test territory_svg`, then look at the
//! diff (and at the pictures: `rsvg-convert tests/golden/wallgo-midgame.svg -o /tmp/a.png`).

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::Rng;
use roxmltree::{Document, Node};
use wallrush_core::enclosure::{self, EnclosureMove, EnclosurePosition};
use wallrush_core::svg::{BORDER, CELL, GROOVE, MARGIN, PITCH};
use wallrush_core::wallgo::{self, WallGoMove, WallGoPosition};
use wallrush_core::Square;

// ----- helpers --------------------------------------------------------------------------

fn parse(text: &str) -> Document<'_> {
    Document::parse(text).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{text}"))
}

fn has_class(node: &Node<'_, '_>, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class))
}

/// Elements named `tag` carrying every class of `classes` (space-separated).
fn with<'a, 'i>(doc: &'a Document<'i>, tag: &str, classes: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == tag)
        .filter(|n| classes.split(' ').all(|c| has_class(n, c)))
        .collect()
}

fn int(node: &Node<'_, '_>, attr: &str) -> i32 {
    let v = node.attribute(attr).unwrap_or_else(|| panic!("no {attr} on {node:?}"));
    v.parse().unwrap_or_else(|_| panic!("{attr}={v:?} is not an integer"))
}

fn attr_set(nodes: &[Node<'_, '_>], attr: &str) -> BTreeSet<String> {
    nodes.iter().map(|n| n.attribute(attr).unwrap().to_string()).collect()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Where the centre of `sq` must be on an `n × n` board whose frame starts at
/// (`fx`, `fy`), from the geometry the modules document (not from their code).
fn centre(n: i32, (fx, fy): (i32, i32), sq: Square) -> (i32, i32) {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    (fx + BORDER + f * PITCH + CELL / 2, fy + BORDER + (n - 1 - r) * PITCH + CELL / 2)
}

/// Checks the root element and returns its viewBox width and height.
fn root_size(doc: &Document<'_>) -> (i32, i32) {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let vb: Vec<i32> = root.attribute("viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(vb[..2], [0, 0]);
    (vb[2], vb[3])
}

/// Every rectangle a path's data is made of, as (x, y, w, h).
fn path_rects(d: &str) -> Vec<(i32, i32, i32, i32)> {
    d.split('M')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            // "x yhWvHh-Wz"
            let s = s.trim();
            let (x, rest) = s.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let (w, rest) = rest.split_once('v').unwrap();
            let (h, _) = rest.split_once('h').unwrap();
            (x.parse().unwrap(), y.parse().unwrap(), w.parse().unwrap(), h.parse().unwrap())
        })
        .collect()
}

fn golden(name: &str, text: &str) {
    let path: PathBuf =
        [env!("CARGO_MANIFEST_DIR"), "tests", "golden", &format!("{name}.svg")].iter().collect();
    parse(text);
    if std::env::var_os("WALLRUSH_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
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

// ----- Wall Go --------------------------------------------------------------------------

/// Plays up to `plies` random legal moves; returns the last.
fn wallgo_random(pos: &mut WallGoPosition, plies: usize, rng: &mut Rng) -> Option<WallGoMove> {
    let mut last = None;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play(m).unwrap();
        last = Some(m);
    }
    last
}

fn check_wallgo(pos: &WallGoPosition, opts: wallgo::svg::SvgOptions, coords: bool, legend: bool) {
    let text = wallgo::svg::board(pos, &opts);
    let doc = parse(&text);
    let m = if coords { MARGIN } else { 0 };
    let board = 2 * BORDER + 7 * PITCH - GROOVE + 2 * m;
    assert_eq!(root_size(&doc), (board, board + if legend { 30 } else { 0 }));

    // Walls: one rectangle each, named and coloured by builder.
    let walls = with(&doc, "rect", "wall");
    assert_eq!(walls.len(), pos.wall_count() as usize);
    for (w, p) in pos.walls() {
        let name = w.to_string();
        let r: Vec<_> = walls.iter().filter(|n| n.attribute("data-wall") == Some(name.as_str())).collect();
        assert_eq!(r.len(), 1, "{name}");
        assert!(has_class(r[0], p.name()), "{name} is {p}'s");
        assert_eq!(r[0].attribute("fill"), Some(wallgo::svg::player_colour(p)));
        // A groove wide, a cell and a groove long (half a groove into each post).
        let (wd, ht) = (int(r[0], "width"), int(r[0], "height"));
        assert!((wd, ht) == (CELL + GROOVE, GROOVE) || (wd, ht) == (GROOVE, CELL + GROOVE), "{wd}×{ht}");
    }

    // Pieces: one circle each, at its square's centre, active or finished as the position says.
    let pieces = with(&doc, "circle", "piece");
    let total: usize = pos.player_list().map(|p| pos.pieces(p).count()).sum();
    assert_eq!(pieces.len(), total);
    for p in pos.player_list() {
        let mine = with(&doc, "circle", &format!("piece {}", p.name()));
        let want: BTreeSet<String> = pos.pieces(p).map(|s| s.to_string()).collect();
        assert_eq!(attr_set(&mine, "data-square"), want, "{p}");
        for c in &mine {
            let at = sq(c.attribute("data-square").unwrap());
            assert_eq!((int(c, "cx"), int(c, "cy")), centre(7, (m, m), at));
            let state = if pos.is_placing() {
                None
            } else if pos.is_active(at) {
                Some("active")
            } else {
                Some("finished")
            };
            assert_eq!(has_class(c, "active"), state == Some("active"), "{at}");
            assert_eq!(has_class(c, "finished"), state == Some("finished"), "{at}");
        }
    }

    // Regions: one path each, shaded by owner; their cells add up to the board.
    let regions = with(&doc, "path", "region");
    assert_eq!(regions.len(), pos.regions().count());
    let sizes: u32 = regions.iter().map(|r| int(r, "data-size") as u32).sum();
    assert_eq!(sizes, 49);
    let territories = with(&doc, "path", "territory");
    let owned: Vec<_> = if pos.is_placing() {
        vec![]
    } else {
        pos.regions().filter_map(|r| r.owner().map(|o| (r, o))).collect()
    };
    assert_eq!(territories.len(), owned.len());
    for p in pos.player_list() {
        let drawn: i32 =
            with(&doc, "path", &format!("territory {}", p.name())).iter().map(|t| int(t, "data-size")).sum();
        let cells: i32 = owned.iter().filter(|(_, o)| *o == p).map(|(r, _)| i32::from(r.len())).sum();
        assert_eq!(drawn, cells, "{p}");
        if !pos.is_placing() {
            assert_eq!(drawn, i32::from(pos.scores()[p]), "{p}");
        }
    }
    let empty = pos.regions().filter(|r| r.players().next().is_none()).count();
    assert_eq!(with(&doc, "path", "empty").len(), empty);
    assert_eq!(with(&doc, "path", "shared").len(), regions.len() - owned.len() - empty);
    // A region path holds at least one rectangle per cell, each a cell of the region.
    for (path, region) in regions.iter().zip(pos.regions()) {
        let rects = path_rects(path.attribute("d").unwrap());
        let cells: BTreeSet<(i32, i32)> =
            rects.iter().filter(|r| r.2 == CELL && r.3 == CELL).map(|r| (r.0, r.1)).collect();
        let want: BTreeSet<(i32, i32)> = region
            .cells()
            .map(|s| {
                let (x, y) = centre(7, (m, m), s);
                (x - CELL / 2, y - CELL / 2)
            })
            .collect();
        assert_eq!(cells, want);
    }

    // Labels and legend.
    let files = with(&doc, "text", "file").len();
    assert_eq!(files, if coords { 7 } else { 0 });
    let entries = with(&doc, "g", "legend");
    assert_eq!(entries.len(), if legend { usize::from(pos.players()) } else { 0 });
    let turn = with(&doc, "rect", "turn");
    let winner = with(&doc, "rect", "winner");
    if legend && !pos.is_game_over() {
        assert_eq!(turn.len(), 1);
        let entry = turn[0].parent().unwrap();
        assert!(has_class(&entry, pos.turn().name()));
    } else {
        assert!(turn.is_empty());
    }
    match pos.outcome() {
        Some(o) if legend => {
            assert_eq!(winner.len(), usize::from(o.winner().is_some()));
            if let Some(w) = o.winner() {
                assert!(has_class(&winner[0].parent().unwrap(), w.name()));
            } else {
                assert!(with(&doc, "rect", "draw").len() >= 2);
            }
        }
        _ => assert!(winner.is_empty()),
    }
}

#[test]
fn wallgo_pictures_tell_the_truth_in_random_games() {
    let mut rng = Rng::new(0x5eed);
    let mut pictures = 0;
    for players in [2, 3, 4] {
        for placement in [false, true] {
            for game in 0..4 {
                let mut pos = if placement {
                    WallGoPosition::placement(players).unwrap()
                } else {
                    WallGoPosition::new(players).unwrap()
                };
                let mut plies = 0;
                loop {
                    let step = 1 + rng.below(12);
                    let last = wallgo_random(&mut pos, step, &mut rng);
                    plies += step;
                    let coords = (game + plies) % 3 != 0;
                    let legend = (game + plies) % 4 != 1;
                    let opts =
                        wallgo::svg::SvgOptions::new().coordinates(coords).legend(legend).last_move(last);
                    check_wallgo(&pos, opts, coords, legend);
                    pictures += 1;
                    if pos.is_game_over() || plies > 120 {
                        break;
                    }
                }
                assert!(pos.is_game_over() || plies > 120);
            }
        }
    }
    assert!(pictures > 100, "{pictures}");
}

#[test]
fn wallgo_walls_and_highlights_sit_where_documented() {
    let mut pos = WallGoPosition::two_player();
    let m: WallGoMove = "b2-c3n".parse().unwrap();
    pos.play(m).unwrap();
    let text = wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new().last_move(m));
    let doc = parse(&text);
    // c3n: the groove above c3; c is column 2 and rank 3 is screen row 4.
    let (cx, cy) = centre(7, (MARGIN, MARGIN), sq("c3"));
    let wall = &with(&doc, "rect", "wall")[0];
    assert_eq!(wall.attribute("data-wall"), Some("c3n"));
    let rect = (int(wall, "x"), int(wall, "y"), int(wall, "width"), int(wall, "height"));
    assert_eq!(rect, (cx - CELL / 2 - GROOVE / 2, cy - CELL / 2 - GROOVE, CELL + GROOVE, GROOVE));
    assert_eq!(rect, (131, 226, 50, 10)); // by hand: 24 + 12 + 2·50 − 5, 24 + 12 + 4·50 − 10
    let classes: Vec<&str> =
        with(&doc, "rect", "last-move").iter().map(|n| n.attribute("class").unwrap()).collect();
    assert_eq!(classes, ["last-move from", "last-move to", "last-move halo"]);
    let to = &with(&doc, "rect", "to")[0];
    assert_eq!((int(to, "x") + CELL / 2, int(to, "y") + CELL / 2), (cx, cy));

    // A 0-step move highlights one cell; a placement its cell; a break the empty groove.
    let zero: WallGoMove = "c3e".parse().unwrap();
    let text = wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new().last_move(zero));
    assert_eq!(text.matches("class=\"last-move ").count(), 2);
    let mut four = WallGoPosition::new(4).unwrap();
    let text = wallgo::svg::board(
        &four,
        &wallgo::svg::SvgOptions::new().last_move("@d4".parse::<WallGoMove>().unwrap()),
    );
    assert_eq!(text.matches("class=\"last-move to\"").count(), 1);
    for s in ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2"] {
        four.play(format!("@{s}").parse().unwrap()).unwrap();
    }
    four.play("a1n".parse().unwrap()).unwrap();
    let brk: WallGoMove = "x:a1n".parse().unwrap();
    four.play(brk).unwrap();
    let text = wallgo::svg::board(&four, &wallgo::svg::SvgOptions::new().last_move(brk));
    let doc = parse(&text);
    let broken = with(&doc, "rect", "broken");
    assert_eq!(attr_set(&broken, "data-wall"), BTreeSet::from(["a1n".to_string()]));
    assert!(with(&doc, "rect", "wall").is_empty());
}

#[test]
fn wallgo_territory_fills_its_open_grooves() {
    // Red walls off a1 and b1 (two cells, one open groove between them): the territory
    // path is two cells and the groove between, no post.
    let pos = WallGoPosition::from_text("a1,d2,d6,f6/b4,b6,f2,f4 Ra1n,Rb1n,Rb1e B -").unwrap();
    let text = wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new());
    let doc = parse(&text);
    let t = with(&doc, "path", "territory red");
    assert_eq!(t.len(), 1, "{text}");
    assert_eq!(int(&t[0], "data-size"), 2);
    let rects = path_rects(t[0].attribute("d").unwrap());
    assert_eq!(rects.len(), 3);
    assert!(rects.contains(&(36 + CELL, 36 + 6 * PITCH, GROOVE, CELL)), "{rects:?}");
}

#[test]
fn wallgo_size_sets_pixels() {
    let pos = WallGoPosition::two_player();
    let text = wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new());
    assert!(text.contains("viewBox=\"0 0 412 442\" width=\"412\" height=\"442\""));
    let text = wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new().size(824));
    assert!(text.contains("width=\"824\" height=\"884\""));
    let text = wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new().size(0));
    assert!(text.contains("width=\"412\" height=\"442\""));
}

// ----- the card game ---------------------------------------------------------------------

fn enclosure_random(pos: &mut EnclosurePosition, plies: usize, rng: &mut Rng) -> Option<EnclosureMove> {
    let mut last = None;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play(m).unwrap();
        last = Some(m);
    }
    last
}

fn check_enclosure(pos: &EnclosurePosition, opts: enclosure::svg::SvgOptions, coords: bool, legend: bool) {
    use enclosure::Player;
    let text = enclosure::svg::board(pos, &opts);
    let doc = parse(&text);
    let m = if coords { MARGIN } else { 8 };
    let frame = 2 * BORDER + 6 * PITCH - GROOVE;
    let bottom = 56 + frame + m;
    assert_eq!(root_size(&doc), (m + frame + 46, bottom + if legend { 30 } else { 0 }));
    let class = |p: Player| if p == Player::One { "p1" } else { "p2" };

    // Walls, board-edge ones marked.
    let walls = with(&doc, "rect", "wall");
    assert_eq!(walls.len(), pos.wall_count() as usize);
    let edge = pos.walls().filter(|(g, _)| g.is_board_edge()).count();
    assert_eq!(with(&doc, "rect", "wall edge").len(), edge);
    for p in Player::BOTH {
        let want: BTreeSet<String> = pos.walls().filter(|w| w.1 == p).map(|(g, _)| g.to_string()).collect();
        assert_eq!(attr_set(&with(&doc, "rect", &format!("wall {}", class(p))), "data-wall"), want);
    }

    // Pieces: active or inactive; inactive ones marked by their enclosure's state.
    for p in Player::BOTH {
        let mine = with(&doc, "circle", &format!("piece {}", class(p)));
        let want: BTreeSet<String> = pos.pieces(p).map(|s| s.to_string()).collect();
        assert_eq!(attr_set(&mine, "data-square"), want);
        for c in &mine {
            let at = sq(c.attribute("data-square").unwrap());
            assert_eq!((int(c, "cx"), int(c, "cy")), centre(6, (m, 56), at));
            assert_eq!(has_class(c, "active"), pos.is_active(at));
            assert_eq!(has_class(c, "inactive"), !pos.is_active(at));
        }
    }
    let inactive: Vec<Square> =
        Player::BOTH.into_iter().flat_map(|p| pos.pieces(p)).filter(|&s| !pos.is_active(s)).collect();
    assert_eq!(with(&doc, "g", "mark").len(), inactive.len());
    let finished_pieces = inactive.iter().filter(|&&s| pos.enclosure_at(s).unwrap().is_finished()).count();
    assert_eq!(with(&doc, "g", "mark finished").len(), finished_pieces);

    // Enclosures: one path each, finished and semi-finished apart, hatching on the latter.
    let enclosures = pos.enclosures();
    assert_eq!(with(&doc, "path", "enclosure").len(), enclosures.len());
    let finished = enclosures.iter().filter(|e| e.is_finished()).count();
    assert_eq!(with(&doc, "path", "enclosure finished").len(), finished);
    assert_eq!(with(&doc, "path", "enclosure semi-finished").len(), enclosures.len() - finished);
    assert_eq!(with(&doc, "path", "hatch").len(), enclosures.len() - finished);
    for p in Player::BOTH {
        let drawn: i32 = with(&doc, "path", &format!("enclosure finished {}", class(p)))
            .iter()
            .map(|e| int(e, "data-size"))
            .sum();
        assert_eq!(drawn, i32::from(pos.scores()[p]), "{p}");
    }
    let empty = enclosures.iter().filter(|e| e.piece().is_none()).count();
    assert_eq!(with(&doc, "path", "enclosure empty").len(), empty);

    // Cards: all twelve, the spent ones greyed.
    let cards = pos.cards();
    assert_eq!(with(&doc, "g", "card").len(), 12);
    let spent_letters: BTreeSet<String> =
        (0..6u8).filter(|&f| !cards.has_letter(f)).map(|f| char::from(b'A' + f).to_string()).collect();
    assert_eq!(attr_set(&with(&doc, "g", "card letter spent"), "data-card"), spent_letters);
    let spent_numbers: BTreeSet<String> =
        (0..6u8).filter(|&r| !cards.has_number(r)).map(|r| (r + 1).to_string()).collect();
    assert_eq!(attr_set(&with(&doc, "g", "card number spent"), "data-card"), spent_numbers);
    assert_eq!(with(&doc, "g", "card available").len(), 2 * cards.len() as usize);

    // The vacated square.
    let vacated = with(&doc, "path", "vacated");
    assert_eq!(attr_set(&vacated, "data-square"), pos.vacated().map(|s| s.to_string()).into_iter().collect());

    // Legend.
    assert_eq!(with(&doc, "g", "legend").len(), if legend { 2 } else { 0 });
    let turn = with(&doc, "rect", "turn");
    if legend && !pos.is_game_over() {
        assert_eq!(turn.len(), 1);
        assert!(has_class(&turn[0].parent().unwrap(), class(pos.turn())));
        let discards = &with(&doc, "text", "discards")[0];
        assert_eq!(discards.text().unwrap(), format!("discards {}/15", pos.discards()));
    } else {
        assert!(turn.is_empty());
    }
    assert_eq!(with(&doc, "text", "rank").len(), if coords { 6 } else { 0 });
}

#[test]
fn enclosure_pictures_tell_the_truth_in_random_games() {
    let mut rng = Rng::new(0xe4c1);
    let mut pictures = 0;
    let mut seen_semi = false;
    let mut seen_finished = false;
    for game in 0..12u64 {
        let mut pos = EnclosurePosition::seeded(game);
        let mut plies = 0;
        loop {
            let step = 1 + rng.below(9);
            let last = enclosure_random(&mut pos, step, &mut rng);
            plies += step;
            let coords = (game as usize + plies) % 3 != 0;
            let legend = (game as usize + plies) % 4 != 1;
            let opts = enclosure::svg::SvgOptions::new().coordinates(coords).legend(legend).last_move(last);
            check_enclosure(&pos, opts, coords, legend);
            pictures += 1;
            seen_semi |= pos.enclosures().iter().any(|e| !e.is_finished());
            seen_finished |= pos.enclosures().iter().any(|e| e.is_finished());
            if pos.is_game_over() {
                break;
            }
            assert!(plies < 200);
        }
    }
    assert!(pictures > 100 && seen_semi && seen_finished, "{pictures} {seen_semi} {seen_finished}");
}

#[test]
fn enclosure_edge_walls_lie_in_the_frame() {
    let mut pos = EnclosurePosition::new(enclosure::Player::One);
    let m: EnclosureMove = "A1w b2-c2".parse().unwrap();
    pos.play(m).unwrap();
    let text = enclosure::svg::board(&pos, &enclosure::svg::SvgOptions::new().last_move(m));
    let doc = parse(&text);
    let wall = &with(&doc, "rect", "wall edge")[0];
    assert_eq!(wall.attribute("data-wall"), Some("a1w"));
    // Left of a1, in the frame against the cells; at the corner it reaches the whole
    // groove down, to meet a wall on the bottom edge.
    let (cx, cy) = centre(6, (MARGIN, 56), sq("a1"));
    let rect = (int(wall, "x"), int(wall, "y"), int(wall, "width"), int(wall, "height"));
    assert_eq!(
        rect,
        (cx - CELL / 2 - GROOVE, cy - CELL / 2 - GROOVE / 2, GROOVE, CELL + GROOVE / 2 + GROOVE)
    );
    let frame_x = MARGIN;
    assert!(rect.0 >= frame_x && rect.0 + rect.2 <= frame_x + BORDER);
    let classes: Vec<&str> =
        with(&doc, "rect", "last-move").iter().map(|n| n.attribute("class").unwrap()).collect();
    assert_eq!(classes, ["last-move target", "last-move halo", "last-move from", "last-move to"]);
    // Cards A and 1 are spent, and sit over column a and beside rank 1.
    let a = &with(&doc, "g", "card letter spent")[0];
    assert_eq!(a.attribute("data-card"), Some("A"));
    let rect = a.children().find(|n| n.tag_name().name() == "rect").unwrap();
    assert_eq!(int(&rect, "x") + int(&rect, "width") / 2, cx);
    let one = &with(&doc, "g", "card number spent")[0];
    assert_eq!(one.attribute("data-card"), Some("1"));
    let rect = one.children().find(|n| n.tag_name().name() == "rect").unwrap();
    assert_eq!(int(&rect, "y") + int(&rect, "height") / 2, cy);
}

#[test]
fn enclosure_states_are_told_apart() {
    // A player 1 piece in the corner a1, walled on its two inner sides: semi-finished
    // (its board edge is open), then finished once both edge grooves hold walls.
    let semi = EnclosurePosition::from_text("a1,e3,c5/e5,b4,d2 a1n/a1e ABCDEF123456 2 2 - 0").unwrap();
    let doc_text = enclosure::svg::board(&semi, &enclosure::svg::SvgOptions::new());
    let doc = parse(&doc_text);
    assert_eq!(with(&doc, "path", "enclosure semi-finished p1").len(), 1);
    assert_eq!(with(&doc, "path", "hatch").len(), 1);
    assert_eq!(with(&doc, "g", "mark semi-finished").len(), 1);
    let done =
        EnclosurePosition::from_text("a1,e3,c5/e5,b4,d2 a1s,a1n/a1w,a1e ABCDEF123456 2 2 - 0").unwrap();
    let doc_text = enclosure::svg::board(&done, &enclosure::svg::SvgOptions::new());
    let doc = parse(&doc_text);
    assert_eq!(with(&doc, "path", "enclosure finished p1").len(), 1);
    assert!(with(&doc, "path", "hatch").is_empty());
    assert_eq!(with(&doc, "g", "mark finished").len(), 1);
    assert_eq!(with(&doc, "rect", "wall edge").len(), 2);
}

// ----- both -------------------------------------------------------------------------------

#[test]
fn writer_errors_propagate() {
    struct Tight {
        room: usize,
    }
    impl std::fmt::Write for Tight {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.room = self.room.checked_sub(s.len()).ok_or(std::fmt::Error)?;
            Ok(())
        }
    }
    let wg = WallGoPosition::two_player();
    let o = wallgo::svg::SvgOptions::new();
    let full = wallgo::svg::board(&wg, &o).len();
    assert!(wallgo::svg::write_board(&mut Tight { room: full }, &wg, &o).is_ok());
    for room in [0, full / 2, full - 1] {
        assert!(wallgo::svg::write_board(&mut Tight { room }, &wg, &o).is_err());
    }
    let en = EnclosurePosition::default();
    let o = enclosure::svg::SvgOptions::new();
    let full = enclosure::svg::board(&en, &o).len();
    assert!(enclosure::svg::write_board(&mut Tight { room: full }, &en, &o).is_ok());
    for room in [0, full / 2, full - 1] {
        assert!(enclosure::svg::write_board(&mut Tight { room }, &en, &o).is_err());
    }
}

#[test]
fn integer_coordinates_only() {
    let mut rng = Rng::new(9);
    let mut wg = WallGoPosition::new(3).unwrap();
    let last = wallgo_random(&mut wg, 30, &mut rng);
    let mut en = EnclosurePosition::seeded(4);
    let elast = enclosure_random(&mut en, 30, &mut rng);
    for text in [
        wallgo::svg::board(&wg, &wallgo::svg::SvgOptions::new().last_move(last)),
        enclosure::svg::board(&en, &enclosure::svg::SvgOptions::new().last_move(elast)),
    ] {
        for attr in [" x=\"", " y=\"", " cx=\"", " cy=\"", " width=\"", " height=\"", " d=\""] {
            for piece in text.split(attr).skip(1) {
                let value = piece.split('"').next().unwrap();
                assert!(!value.contains('.'), "{attr}{value}");
            }
        }
    }
}

// ----- golden files ------------------------------------------------------------------------

fn wallgo_bot(pos: &mut WallGoPosition, seed: u64, plies: usize) -> Option<WallGoMove> {
    let mut bot = wallgo::GreedyBot::new(seed);
    let mut last = None;
    for _ in 0..plies {
        let m = bot.choose(pos)?;
        pos.play(m).unwrap();
        last = Some(m);
    }
    last
}

fn enclosure_bot(pos: &mut EnclosurePosition, seed: u64, plies: usize) -> Option<EnclosureMove> {
    let mut bot = enclosure::GreedyBot::new(seed);
    let mut last = None;
    for _ in 0..plies {
        let m = bot.choose(pos)?;
        pos.play(m).unwrap();
        last = Some(m);
    }
    last
}

#[test]
fn golden_wallgo_midgame() {
    let mut pos = WallGoPosition::two_player();
    let last = wallgo_bot(&mut pos, 11, 30);
    golden("wallgo-midgame", &wallgo::svg::board(&pos, &wallgo::svg::SvgOptions::new().last_move(last)));
}

#[test]
fn golden_wallgo_four_players_finished() {
    let mut pos = WallGoPosition::new(4).unwrap();
    let last = wallgo_bot(&mut pos, 5, 1000);
    assert!(pos.is_game_over());
    let opts = wallgo::svg::SvgOptions::new().last_move(last).coordinates(false).size(300);
    golden("wallgo-four-finished", &wallgo::svg::board(&pos, &opts));
}

#[test]
fn golden_enclosure_midgame() {
    let mut pos = EnclosurePosition::seeded(3);
    let last = enclosure_bot(&mut pos, 3, 24);
    golden(
        "enclosure-midgame",
        &enclosure::svg::board(&pos, &enclosure::svg::SvgOptions::new().last_move(last)),
    );
}

#[test]
fn golden_enclosure_finished() {
    let mut pos = EnclosurePosition::seeded(2);
    enclosure_bot(&mut pos, 2, 10_000);
    assert!(pos.is_game_over());
    let opts = enclosure::svg::SvgOptions::new().legend(true).coordinates(false);
    golden("enclosure-finished", &enclosure::svg::board(&pos, &opts));
}
