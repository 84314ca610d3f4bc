//! `wallrush check`, `convert`, `svg`, `selfplay` and `perft` driven through the real
//! binary, error paths included.

mod common;

use common::{wallrush, TempDir};

const WON: &str = "[Variant \"size=3 players=2 walls=0 wall_length=2 goal=edge\"]\n[South \"Ann\"]\n\n\
                   1. a1 c3 2. a2 c2 3. a3\n";

#[test]
fn check_reports_the_result_or_the_first_illegal_move() {
    let dir = TempDir::new("check");
    let won = dir.file("won.txt");
    std::fs::write(&won, WON).unwrap();
    let run = wallrush(&["check", &won], "");
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 5 plies; south wins by goal\n"));
    // Standard input, a game in progress.
    let run = wallrush(&["check", "-"], "1. e2 e8 2. e3\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 3 plies; game in progress, north to move\n"));
    // An illegal move: ply and reason, status 1.
    let run = wallrush(&["check", "-"], "[Event \"x\"]\n\n1. e2 e8\n2. d4v d4h\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "illegal move at ply 4 (line 4): d4h crosses wall d4v\n");
    // A Result tag the moves do not give: status 1.
    let run = wallrush(&["check", "-"], "[Result \"north wins by goal\"]\n\n1. e2\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    // A record in another notation, read in its tag.
    let run = wallrush(&["check", "-"], "[Notation \"wallrush\"]\n\n1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4\n");
    assert_eq!(run.code, 0, "{}", run.stdout);
    let run = wallrush(&["check", "--notation", "pallwall", "-"], "1. d4h\n");
    assert_eq!(run.code, 0, "{}", run.stdout);
    // Unreadable: status 2.
    let run = wallrush(&["check", "-"], "[Variant \"size=9\n\n1. e2\n");
    assert_eq!(run.code, 2);
    assert!(run.stdout.starts_with("unreadable: line 1: malformed tag"), "{}", run.stdout);
    let run = wallrush(&["check", "-"], "1. e2 e8 2. %%\n");
    assert_eq!(run.code, 2, "{}", run.stdout);
    let run = wallrush(&["check", "/no/such/record"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("wallrush: cannot read /no/such/record"), "{}", run.stderr);
    // A territory record is checked by its own rules.
    let run = wallrush(&["check", "-"], "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b2-c3n\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.stdout.starts_with("illegal move at ply 2"), "{}", run.stdout);
}

#[test]
fn convert_rewrites_records_and_move_lists() {
    let dir = TempDir::new("convert");
    let file = dir.file("r.txt");
    std::fs::write(
        &file,
        "[Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]\n\n1. e2 e8 2. d3h f5v\n",
    )
    .unwrap();
    let run = wallrush(&["convert", "--to", "wallrush", &file], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("[Notation \"wallrush\"]"), "{}", run.stdout);
    assert!(run.stdout.ends_with("\n1. e2 e8 2. H-d4 V-f6\n"), "{}", run.stdout);
    // And back, through a pipe.
    let back = wallrush(&["convert", "--to", "standard", "-"], &run.stdout);
    assert!(back.stdout.ends_with("\n1. e2 e8 2. d3h f5v\n"), "{}", back.stdout);
    // Bare lists keep their shape.
    let run = wallrush(&["convert", "--to", "pallwall", "-"], "e2 e8 d3h\n");
    assert_eq!(run.stdout, "e2 e8 d4h\n");
    let run = wallrush(
        &["convert", "--from", "wallrush", "--to", "standard", "-"],
        "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4",
    );
    assert_eq!(run.stdout, "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4\n");
    let run = wallrush(&["convert", "--to", "wallrush", "--variant", "wall_length=3", "-"], "1. d3v\n");
    assert_eq!(run.stdout, "1. V-d5\n");
    // Errors.
    let run = wallrush(&["convert", "--to", "wallrush", "-"], "1. e2 e5\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("illegal move at ply 2 (line 1): e5 is not a legal pawn move"),
        "{}",
        run.stderr
    );
    // `??` is a NAG (a blunder) since records carry them; `%%` is no token at all.
    let run = wallrush(&["convert", "--to", "wallrush", "-"], "1. e2 %%\n");
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = wallrush(&["convert", "--to", "klingon", "-"], "e2\n");
    assert_eq!(run.code, 2);
    let run = wallrush(&["convert", "--to", "wallrush", "--variant", "size=5", &file], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("names its own variant"), "{}", run.stderr);
    let run =
        wallrush(&["convert", "--to", "wallrush", "-"], "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n\n");
    assert_eq!(run.code, 2);
}

#[test]
fn svg_draws_a_position_of_a_record() {
    let dir = TempDir::new("svg");
    let rec = dir.file("r.txt");
    std::fs::write(&rec, "1. e2 e8 2. d4h d5v 3. e3\n").unwrap();
    let run = wallrush(&["svg", &rec], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = roxmltree::Document::parse(&run.stdout).expect("well-formed SVG");
    let walls = doc.descendants().filter(|n| n.attribute("class") == Some("wall")).count();
    assert_eq!(walls, 2);
    assert!(run.stdout.contains("last-move to"));
    // Ply 2, with routes and moves, flipped, to a file.
    let out = dir.file("p2.svg");
    let run = wallrush(
        &["svg", &rec, "--ply", "2", "--routes", "--moves", "--flip", "--size", "300", "-o", &out],
        "",
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    assert_eq!(doc.root_element().attribute("width"), Some("300"));
    let count = |class: &str| doc.descendants().filter(|n| n.attribute("class") == Some(class)).count();
    assert_eq!(count("wall"), 0);
    assert_eq!(count("route south") + count("route north"), 2);
    assert!(count("move") >= 3, "{text}");
    // Errors.
    let run = wallrush(&["svg", &rec, "--ply", "6"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("ply 6 is past the end: the record has 5 plies"), "{}", run.stderr);
    let run = wallrush(&["svg", "-"], "1. e2 e2\n");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let run = wallrush(&["svg", "/no/such/record"], "");
    assert_eq!(run.code, 2);
}

#[test]
fn selfplay_writes_records_and_a_summary() {
    let dir = TempDir::new("selfplay");
    let out = dir.path().join("games");
    let out_s = out.to_string_lossy().into_owned();
    let args =
        ["selfplay", "--games", "2", "--a", "beginner", "--b", "strong:n300", "--variant", "size=5,walls=2"];
    let run = wallrush(&[&args[..], &["--out", &out_s]].concat(), "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "A: beginner", "{}", run.stdout);
    assert_eq!(lines[1], "B: strong:n300", "{}", run.stdout);
    assert!(lines[2].starts_with("variant: size=5 players=2 walls=2 "), "{}", run.stdout);
    assert!(lines[2].contains("; 2 games, "), "{}", run.stdout);
    // A's results and the pair's add up.
    let wdl = lines[3].strip_prefix("A wins/draws/losses: ").unwrap().split(',').next().unwrap();
    let n: Vec<u32> = wdl.split('/').map(|x| x.parse().unwrap()).collect();
    assert_eq!(n.iter().sum::<u32>(), 2, "{}", run.stdout);
    // Progress on standard error, one line a game, colours swapped.
    assert!(run.stderr.contains("game 1/2: south A north B: "), "{}", run.stderr);
    assert!(run.stderr.contains("game 2/2: south B north A: "), "{}", run.stderr);
    for name in ["game-001.txt", "game-002.txt"] {
        let path = out.join(name).to_string_lossy().into_owned();
        let check = wallrush(&["check", &path], "");
        assert_eq!(check.code, 0, "{name}: {}", check.stdout);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[Event \"wallrush selfplay\"]"), "{text}");
    }
    // Errors: records are what selfplay is for; players and variants are checked.
    let run = wallrush(&args, "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("selfplay writes every game's record: give --out DIR"), "{}", run.stderr);
    let run = wallrush(&["selfplay", "--a", "beginner", "--out", &out_s], "");
    assert_eq!(run.code, 2);
    let run = wallrush(&["selfplay", "--a", "human", "--b", "beginner", "--out", &out_s], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("unknown player \"human\""), "{}", run.stderr);
    let run = wallrush(
        &["selfplay", "--a", "beginner", "--b", "random", "--variant", "size=4", "--out", &out_s],
        "",
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("size 4 is out of range"), "{}", run.stderr);
    // The hidden spelling of both players still reads.
    let again = dir.path().join("again").to_string_lossy().into_owned();
    let run = wallrush(&["selfplay", "--engines", "beginner,random", "--games", "1", "--out", &again], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("A: beginner\nB: random\n"), "{}", run.stdout);
}

#[test]
fn perft_shows_progress_from_depth_five() {
    let run = wallrush(&["perft", "5", "--variant", "size=3"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nodes 5416"), "{}", run.stdout);
    assert!(run.stderr.contains("perft(5): 11/11 first moves, 5416 nodes"), "{}", run.stderr);
    let run = wallrush(&["perft", "2", "--divide", "--moves", "e2 e8"], "");
    assert!(run.stdout.contains("\nnodes "), "{}", run.stdout);
    assert_eq!(run.stderr, "");
    let run = wallrush(&["perft", "1", "--moves", "e5"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("e5 is not a legal pawn move"), "{}", run.stderr);
}

/// Three records in one file: the first valid, the second illegal, the third unreadable.
const THREE: &str = "[Event \"a\"]\n\n1. e2 e8 *\n\n[Event \"b\"]\n\n1. d4v e8 2. d4h *\n\n1. e2 %% *\n";

#[test]
fn check_reports_every_record_of_a_file_with_many() {
    let run = wallrush(&["check", "-"], THREE);
    assert_eq!(run.code, 2, "the worst verdict's status: {}", run.stdout);
    assert_eq!(
        run.stdout,
        "record 1: valid: 2 plies; game in progress, south to move\n\
         record 2: illegal move at ply 3 (line 7): d4h crosses wall d4v\n\
         record 3: unreadable: line 9: ply 2 \"%%\": expected a square (file letter and rank, or rRcC)\n\
         3 records: 1 valid, 1 illegal, 1 unreadable\n"
    );
    // Two valid records: status 0; two with an illegal one: 1.
    let run = wallrush(&["check", "-"], "e2 e8 *\n\ne2 *\n");
    assert_eq!(
        (run.code, run.stdout.lines().last()),
        (0, Some("2 records: 2 valid, 0 illegal, 0 unreadable"))
    );
    let run = wallrush(&["check", "-"], "e2 e8 *\n\nd4v e8 d4h *\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
}

#[test]
fn convert_rewrites_every_record_and_names_the_ones_it_cannot() {
    let run = wallrush(&["convert", "--to", "wallrush", "-"], "e2 e8 *\n\nd3h e8 *\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "e2 e8 *\n\nH-d4 e8 *\n"));
    // The output reads back as two records.
    let back = wallrush(&["check", "--notation", "wallrush", "-"], &run.stdout);
    assert_eq!(back.code, 0, "{}", back.stdout);
    assert!(back.stdout.starts_with("record 1: valid: 2 plies"), "{}", back.stdout);
    let run = wallrush(&["convert", "--to", "wallrush", "-"], THREE);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.contains("[Event \"a\"]") && !run.stdout.contains("\"b\""), "{}", run.stdout);
    assert!(run.stderr.contains("wallrush: record 2: illegal move at ply 3 (line 7)"), "{}", run.stderr);
    assert!(run.stderr.contains("wallrush: record 3: unreadable: line 9"), "{}", run.stderr);
}

#[test]
fn a_result_token_the_moves_do_not_give_is_illegal_not_unreadable() {
    let run = wallrush(&["check", "-"], "1. e2 e8 1-0\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.stdout.contains("result token 1-0 but the moves give *"), "{}", run.stdout);
}

#[test]
fn a_result_tag_holds_a_result_token_and_a_wrong_one_is_illegal() {
    let run = wallrush(&["check", "-"], "[Result \"1-0\"]\n\n1. e2 resign\n");
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = wallrush(&["check", "-"], "[Result \"1-0\"]\n\n1. e2 e8\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.stdout.contains("line 1: result token 1-0 but the moves give *"), "{}", run.stdout);
    let run = wallrush(&["check", "-"], "[Result \"1-0-\"]\n\n1. e2 resign\n");
    assert_eq!(run.code, 2, "{}", run.stdout);
}

#[test]
fn an_unknown_variant_field_is_named_with_the_fields_allowed() {
    let run = wallrush(&["check", "-"], "[Variant \"size=9,colour=red\"]\n\n1. e2 e8\n");
    assert_eq!(run.code, 2, "{}", run.stdout);
    // `check` names no byte offsets; the list of fields is the core's.
    assert_eq!(
        run.stdout,
        "unreadable: line 1: Variant tag: unknown field: expected size, players, walls, wall_length or goal\n"
    );
    let run = wallrush(&["perft", "1", "--variant", "size=9,colour=red"], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(
        run.stderr,
        "wallrush: unknown field at byte 7: expected size, players, walls, wall_length or goal\n"
    );
}

#[test]
fn comments_are_not_counted_as_plies() {
    let run = wallrush(&["check", "-"], "1. e2 {a good start, e8 next} e8 2. d4v d4h\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(run.stdout, "illegal move at ply 4 (line 1): d4h crosses wall d4v\n");
}

/// A record with nested variations, NAGs of both forms and comments.
const ANNOTATED: &str = "[Event \"Analysis\"]\n\n{A quiet opening} 1. e2! {the usual} (1. d4h $14 {a wall at once} \
                         (1. a3h?! {too far back}) 1... e8 2. e2) 1... e8\n2. e3 ({or} 2. d7h!? $32 {cutting}) 2... e7?? $18 *\n";

#[test]
fn check_reads_every_variation_and_names_the_path_of_an_illegal_move() {
    let run = wallrush(&["check", "-"], ANNOTATED);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "valid: 4 plies, 5 more actions in variations; game in progress, south to move\n")
    );
    // North's e2 in the nested variation, its second action, cannot be played.
    let bad = ANNOTATED.replace("(1. a3h?! {too far back})", "(1. a3h?! {too far back} 1... e2)");
    let run = wallrush(&["check", "-"], &bad);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.starts_with("illegal move in variation at ply 1, variation at ply 1, ply 2 (line 3): e2 "),
        "{}",
        run.stdout
    );
    // In the second variation at ply 3 of the main line.
    let run = wallrush(&["check", "-"], "1. e2 e8 2. e3 (2. d4h) (2. e9) e7\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.starts_with("illegal move in variation 2 at ply 3, ply 1 (line 1): e9 "),
        "{}",
        run.stdout
    );
    // A malformed variation is unreadable, with its line.
    let run = wallrush(&["check", "-"], "1. e2 e8\n2. e3 (2. d4h\n");
    assert_eq!(run.code, 2);
    assert!(run.stdout.contains("line 2: variation opened here is never closed"), "{}", run.stdout);
}

#[test]
fn convert_keeps_variations_comments_and_nags() {
    let run = wallrush(&["convert", "--to", "wallrush", "-"], ANNOTATED);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("[Notation \"wallrush\"]"), "{}", run.stdout);
    for kept in [
        "{A quiet opening}",
        "e2!",
        "$14",
        "{a wall at once}",
        "?!",
        "{too far back}",
        "({or}",
        "!? $32",
        "?? $18",
    ] {
        assert!(run.stdout.contains(kept), "{kept}: {}", run.stdout);
    }
    // And back: the same record as the standard writer writes it.
    let back = wallrush(&["convert", "--to", "standard", "-"], &run.stdout);
    let direct = wallrush(&["convert", "--to", "standard", "-"], ANNOTATED);
    assert_eq!((back.code, &back.stdout), (0, &direct.stdout));
    // A bare move list keeps them too, and stays bare.
    let run = wallrush(&["convert", "--to", "wallrush", "-"], "1. e2! (1. d3h $1) e8 {fine}\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "1. e2! (1. H-d4!) 1... e8 {fine}\n"), "{}", run.stderr);
}

#[test]
fn svg_ply_follows_the_main_line() {
    // After two plies of the main line: no wall, though the variation plays two.
    let text = "1. e2 (1. d4h) 1... e8 (1... d6h) 2. e3\n";
    let run = wallrush(&["svg", "--ply", "2", "-"], text);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = roxmltree::Document::parse(&run.stdout).expect("well-formed SVG");
    assert_eq!(doc.descendants().filter(|n| n.attribute("class") == Some("wall")).count(), 0);
    let run = wallrush(&["svg", "--ply", "4", "-"], text);
    assert!(run.stderr.contains("ply 4 is past the end: the record has 3 plies"), "{}", run.stderr);
    // An illegal main-line move after the ply asked for does not stop the picture,
    // variations before it notwithstanding.
    let run = wallrush(&["svg", "--ply", "2", "-"], "1. e2 (1. d4h) 1... e8 2. e2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
}
