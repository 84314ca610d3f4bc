//! The program through the real binary, scripted: what a script relies on (one `check` line
//! for every outcome, exit statuses, validated options, `svg` of every record, `perft`
//! bounds, `selfplay`'s Elo and folders) and what a person at the `play` prompt gets
//! (notation hints, `undo N`, `redo`, `hint strong`, `save!`, previews, the board turned
//! round, wide boards, the territory games' commands).

mod common;

use common::{wallrush, TempDir};

// ----- check: one line on standard output for every outcome ---------------------------

#[test]
fn check_prints_one_verdict_line_for_every_outcome() {
    let dir = TempDir::new("verdicts");
    let empty = dir.file("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let blank = dir.file("blank.txt");
    std::fs::write(&blank, "\n  \n").unwrap();
    let latin1 = dir.file("latin1.txt");
    std::fs::write(&latin1, b"[Event \"caf\xe9\"]\n\n1. e2\n").unwrap();
    let missing = dir.file("missing.txt");
    let folder = dir.path().to_string_lossy().into_owned();
    for (file, line) in [
        (missing.as_str(), format!("unreadable: cannot read {missing}: no such file")),
        (folder.as_str(), format!("unreadable: cannot read {folder}: it is a directory, not a file")),
        (latin1.as_str(), format!("unreadable: cannot read {latin1}: not UTF-8 text")),
        (empty.as_str(), "unreadable: empty input: no tags and no moves".to_string()),
        (blank.as_str(), "unreadable: empty input: no tags and no moves".to_string()),
    ] {
        let run = wallrush(&["check", file], "");
        assert_eq!((run.code, run.stdout.as_str()), (2, format!("{line}\n").as_str()), "{file}");
        assert_eq!(run.stdout.lines().count(), 1);
    }
    // Standard input alike.
    let run = wallrush(&["check", "-"], "");
    assert_eq!((run.code, run.stdout.as_str()), (2, "unreadable: empty input: no tags and no moves\n"));
    // An unreadable move is quoted, with its ply and line, and no byte offset.
    let run = wallrush(&["check", "-"], "1. e2 e8\n2. e3 %%\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stdout,
        "unreadable: line 2: ply 4 \"%%\": expected a square (file letter and rank, or rRcC)\n"
    );
    let run = wallrush(&["check", "-"], "e2 e8 zz9\n");
    assert_eq!(run.stdout, "unreadable: line 1: ply 3 \"zz9\": expected a number\n");
    assert!(!run.stdout.contains("byte") && !run.stdout.contains("action"), "{}", run.stdout);
    // The territory games speak of plies too.
    let run = wallrush(&["check", "-"], "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n zz\n");
    assert_eq!((run.code, run.stdout.as_str()), (2, "unreadable: ply 2 \"zz\": expected a number\n"));
    let run = wallrush(&["check", "-"], "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b4e\n");
    assert_eq!(run.stdout, "valid: wallgo, 2 plies; game in progress, red to move\n");
    // A tag-only record is a game at its start: valid, 0 plies (documented).
    let run = wallrush(&["check", "-"], "[Event \"x\"]\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 0 plies; game in progress, south to move\n"));
    let help = wallrush(&["check", "--help"], "");
    assert!(help.stdout.contains("an empty\n") || help.stdout.contains("empty"), "{}", help.stdout);
}

// ----- options ------------------------------------------------------------------------

#[test]
fn draw_options_and_sizes_are_refused_with_the_allowed_range() {
    for (args, range) in [
        (&["play", "--repetition", "0"][..], "the allowed range is 2 to 4294967295"),
        (&["play", "--repetition", "1"], "the allowed range is 2 to 4294967295"),
        (&["play", "--ply-limit", "0"], "the allowed range is 1 to 4294967295"),
        (&["svg", "-", "--size", "0"], "the allowed range is 1 to 100000"),
        (&["play", "--watch", "61"], "the allowed range is 0 to 60"),
    ] {
        let run = wallrush(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(range), "{args:?}: {}", run.stderr);
    }
    // The smallest allowed values work.
    let run =
        wallrush(&["play", "--engine", "human", "--repetition", "2", "--ply-limit", "1", "--quiet"], "e2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("game over: draw by ply limit after 1 ply"), "{}", run.stdout);
}

#[test]
fn no_help_shows_an_empty_default() {
    for sub in ["play", "check", "convert", "selfplay", "svg", "perft", "oracle", "demo", "verify", "vectors"]
    {
        let run = wallrush(&[sub, "--help"], "");
        assert_eq!(run.code, 0, "{sub}");
        assert!(!run.stdout.contains("[default: \"\"]"), "{sub}: {}", run.stdout);
    }
}

// ----- piped play: the exit status ----------------------------------------------------

#[test]
fn a_scripted_game_exits_non_zero_after_a_refused_line() {
    let clean = wallrush(&["play", "--engine", "human", "--quiet"], "e2\ne8\nhelp\n?\nquit\n");
    assert_eq!((clean.code, clean.stderr.as_str()), (0, ""));
    for (script, refused) in
        [("e2\ne5\n", "1 line was refused"), ("zz\ne2\nfoo bar\n", "2 lines were refused")]
    {
        let run = wallrush(&["play", "--engine", "human", "--quiet"], script);
        assert_eq!(run.code, 1, "{script:?}: {}", run.stderr);
        assert!(run.stderr.contains(refused), "{script:?}: {}", run.stderr);
    }
    // The territory games alike.
    let run = wallrush(&["play", "--game", "enclosure", "--engine", "human", "--seed", "2"], "zz\n");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.contains("cannot read \"zz\" as an enclosure move"), "{}", run.stdout);
    let run = wallrush(&["play", "--game", "wallgo", "--engine", "human"], "b2-c3n\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

// ----- svg ----------------------------------------------------------------------------

#[test]
fn svg_draws_every_record_up_to_the_ply_asked() {
    // Four seats; south resigns after ply 4. --ply 4 draws the position before it.
    let four =
        "[Variant \"size=9 players=4 walls=5 wall_length=2 goal=edge\"]\n\n1. e2 b5 e8 h5 2. resign(south) b6\n";
    let pawns = |svg: &str| -> Vec<String> {
        let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
        doc.descendants()
            .filter_map(|n| n.attribute("class").filter(|c| c.starts_with("pawn ")).map(String::from))
            .collect()
    };
    let at_four = wallrush(&["svg", "-", "--ply", "4"], four);
    assert_eq!(at_four.code, 0, "{}", at_four.stderr);
    assert_eq!(pawns(&at_four.stdout), ["pawn south", "pawn west", "pawn north", "pawn east"]);
    let end = wallrush(&["svg", "-"], four);
    assert_eq!(end.code, 0, "{}", end.stderr);
    assert_eq!(pawns(&end.stdout), ["pawn west", "pawn north", "pawn east"]);
    // A record with an illegal move at ply 4 is drawn before it, refused at it.
    let bad = "1. e2 e8 2. d4v d4h\n";
    assert_eq!(wallrush(&["svg", "-", "--ply", "3"], bad).code, 0);
    let run = wallrush(&["svg", "-"], bad);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("(--ply 3 draws the position before it)"), "{}", run.stderr);
    // Wall Go and card records.
    let wg = "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b4e\n";
    let run = wallrush(&["svg", "-", "--ply", "1", "--size", "300"], wg);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = roxmltree::Document::parse(&run.stdout).expect("well-formed SVG");
    assert_eq!(doc.root_element().attribute("width"), Some("300"));
    assert_eq!(wallrush(&["svg", "-", "--ply", "3"], wg).code, 2);
    assert!(wallrush(&["svg", "-", "--routes"], wg).stderr.contains("--routes is for wall-race records"));
    let dir = TempDir::new("svg-card");
    let card = dir.file("card.txt");
    let play =
        wallrush(&["play", "--game", "enclosure", "--seed", "7"], &format!("C3n b2-b3\nsave {card}\n"));
    assert_eq!(play.code, 0, "{}", play.stderr);
    let run = wallrush(&["svg", &card], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(roxmltree::Document::parse(&run.stdout).is_ok());
}

// ----- perft --------------------------------------------------------------------------

#[test]
fn perft_estimates_and_refuses_what_would_take_days() {
    let start = std::time::Instant::now();
    let run = wallrush(&["perft", "99", "--variant", "size=3,walls=0"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("perft 99 would count about"), "{}", run.stderr);
    assert!(run.stderr.contains("refused above a day: depth "), "{}", run.stderr);
    // A bound, not a speed claim: the refusal comes after a few shallow counts.
    assert!(start.elapsed() < std::time::Duration::from_secs(60), "{:?}", start.elapsed());
    // From depth 5, progress with the time left.
    let run = wallrush(&["perft", "5", "--variant", "size=5,walls=1"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nodes 157380"), "{}", run.stdout);
    assert!(run.stderr.lines().next().is_some_and(|l| l.contains(" left")), "{}", run.stderr);
}

// ----- selfplay -----------------------------------------------------------------------

#[test]
fn selfplay_prints_an_elo_estimate_and_never_mixes_runs() {
    let dir = TempDir::new("selfplay-runs");
    let out = dir.file("games");
    let args = [
        "selfplay",
        "--games",
        "2",
        "--a",
        "beginner",
        "--b",
        "random",
        "--variant",
        "size=5,walls=1",
        "--out",
        &out,
    ];
    let run = wallrush(&args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let elo = run.stdout.lines().find(|l| l.starts_with("A wins/draws/losses: ")).unwrap();
    assert!(
        elo.contains(", score ") && (elo.contains(", Elo ") || elo.contains("no estimate")),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("inf"), "{}", run.stdout);
    // A second run into the same folder is refused, and the records stay as they were.
    let before = std::fs::read_to_string(dir.path().join("games/game-001.txt")).unwrap();
    let again = wallrush(&args, "");
    assert_eq!(again.code, 2);
    assert!(again.stderr.contains("the folder holds 2 records of an earlier run"), "{}", again.stderr);
    assert_eq!(std::fs::read_to_string(dir.path().join("games/game-001.txt")).unwrap(), before);
    // A folder with other files is fine.
    let other = dir.file("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(dir.path().join("other/notes.md"), "x").unwrap();
    let mut args2 = args.to_vec();
    let last = args2.len() - 1;
    args2[last] = &other;
    assert_eq!(wallrush(&args2, "").code, 0);
}

// ----- records of another game --------------------------------------------------------

#[test]
fn loading_another_games_record_names_the_game_to_play() {
    let dir = TempDir::new("other-game");
    let wg = dir.file("wg.txt");
    std::fs::write(&wg, "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n\n").unwrap();
    let race = dir.file("race.txt");
    std::fs::write(&race, "1. e2 e8\n").unwrap();
    let run = wallrush(&["play", "--load", &wg], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("this is a Wall Go record: play it with --game wallgo"), "{}", run.stderr);
    let run = wallrush(&["play", "--engine", "human"], &format!("load {wg}\n"));
    assert!(run.stdout.contains("play it with --game wallgo"), "{}", run.stdout);
    let run = wallrush(&["play", "--game", "enclosure", "--engine", "human"], &format!("load {race}\n"));
    assert!(run.stdout.contains("this is a wall-race record: play it without --game"), "{}", run.stdout);
    let run = wallrush(&["play", "--game", "enclosure", "--engine", "human"], &format!("load {wg}\n"));
    assert!(run.stdout.contains("play it with --game wallgo"), "{}", run.stdout);
    // The race's options are not silently ignored by the territory games.
    for flag in ["--load", "--save"] {
        let run = wallrush(&["play", "--game", "wallgo", flag, &wg], "");
        assert_eq!(run.code, 2, "{flag}");
        assert!(run.stderr.contains(&format!("{flag} is for the wall race")), "{}", run.stderr);
    }
}

// ----- the play prompt, scripted ------------------------------------------------------

#[test]
fn a_move_in_another_notation_is_named() {
    let run = wallrush(&["play", "--engine", "human", "--notation", "wallrush", "--quiet"], "d4h\n");
    assert!(
        run.stdout.contains("d4h is standard notation; in WallRush notation this wall is H-d5"),
        "{}",
        run.stdout
    );
    let run = wallrush(&["play", "--engine", "human", "--quiet"], "H-d5\n");
    assert!(
        run.stdout.contains("H-d5 is WallRush notation; in standard notation this wall is d4h"),
        "{}",
        run.stdout
    );
    // Case does not matter where it is unambiguous: E2 is e2, Quit is quit.
    let run =
        wallrush(&["play", "--engine", "human", "--quiet", "--notation", "wallrush"], "E2\nh-d5\nQUIT\nE3\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("ply 1: south plays e2") && run.stdout.contains("ply 2: north plays H-d5"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("ply 3"), "{}", run.stdout);
}

#[test]
fn help_speaks_the_games_notation_and_explains_scores() {
    let run = wallrush(&["play", "--engine", "human", "--notation", "wallrush", "--quiet"], "help\n");
    assert!(run.stdout.contains("(WallRush: e2, H-d5, V-d5)"), "{}", run.stdout);
    assert!(run.stdout.contains("(preview H-d5)"), "{}", run.stdout);
    assert!(
        run.stdout.contains("engine scores: in steps of route length, for the seat that moved"),
        "{}",
        run.stdout
    );
    let run = wallrush(&["play", "--engine", "human", "--size", "5", "--quiet"], "help\n");
    assert!(run.stdout.contains("(standard: c2, b2h, b2v)"), "{}", run.stdout);
}

#[test]
fn undo_n_redo_and_the_strong_hint() {
    let run = wallrush(
        &["play", "--engine", "human", "--quiet"],
        "e2\ne8\ne3\ne7\nundo 3\nredo 2\nundo 9\nundo 0\nredo\nredo\nhint strong:n3000\n",
    );
    let out = &run.stdout;
    assert!(out.contains("undone: north e7, south e3, north e8"), "{out}");
    assert!(out.contains("redone: north e8, south e3"), "{out}");
    assert!(out.contains("undo 9: only 3 plies to take back"), "{out}");
    assert!(out.contains("undo takes a number of plies from 1"), "{out}");
    assert!(out.contains("redone: north e7"), "{out}");
    assert!(out.contains("nothing to redo"), "{out}");
    assert!(out.contains("strong:n3000 suggests ") && out.contains(" for south; depth "), "{out}");
    assert!(out.contains("its line: "), "{out}");
    // Against an engine, undo 1 would hand the move back to it: refused, with the way out.
    let run = wallrush(&["play", "--size", "5", "--seed", "3", "--quiet"], "c2\nundo 1\nundo 2\n");
    assert!(run.stdout.contains("undo 1 would leave north (beginner) to move"), "{}", run.stdout);
    assert!(run.stdout.contains("undone: north "), "{}", run.stdout);
}

#[test]
fn save_refuses_to_overwrite_unless_told_to() {
    let dir = TempDir::new("overwrite");
    let file = dir.file("g.txt");
    std::fs::write(&file, "keep me").unwrap();
    let run = wallrush(&["play", "--engine", "human", "--quiet"], &format!("e2\nsave {file}\n"));
    assert!(run.stdout.contains("exists: save! "), "{}", run.stdout);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    let run = wallrush(&["play", "--engine", "human", "--quiet"], &format!("e2\nsave! {file}\n"));
    assert!(run.stdout.contains(&format!("saved 1 ply to {file}")), "{}", run.stdout);
    assert!(std::fs::read_to_string(&file).unwrap().contains("1. e2"));
    let run = wallrush(&["play", "--engine", "human", "--quiet"], &format!("e2\ne8\nsave --force {file}\n"));
    assert!(run.stdout.contains("saved 2 plies"), "{}", run.stdout);
    // --save at the end of a watched game, and --watch with a delay.
    let watched = dir.file("watched.txt");
    let run = wallrush(
        &[
            "play", "--watch", "0.01", "--size", "3", "--walls", "0", "--seed", "1", "--quiet", "--save",
            &watched,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("game over: ") && run.stdout.contains("saved "), "{}", run.stdout);
    assert_eq!(wallrush(&["check", &watched], "").code, 0);
    let again = wallrush(&["play", "--watch", "--size", "3", "--save", &watched], "");
    assert_eq!(again.code, 2);
    assert!(again.stderr.contains("the file exists; --force overwrites it"), "{}", again.stderr);
}

#[test]
fn the_board_turns_round_previews_walls_and_fits_120_columns() {
    // You play north alone: north at the bottom, file a on the right.
    let run =
        wallrush(&["play", "--north", "human", "--south", "beginner", "--size", "5", "--seed", "1"], "");
    let first_row = run.stdout.lines().find(|l| l.starts_with(" 1 ")).unwrap();
    let rows: Vec<&str> =
        run.stdout.lines().filter(|l| l.starts_with(" 1 ") || l.starts_with(" 5 ")).collect();
    assert!(rows[0].starts_with(" 1 "), "rank 1 on top when flipped: {}", run.stdout);
    assert!(first_row.contains("│ S │"), "{first_row}");
    assert!(run.stdout.contains("     e   d   c   b   a"), "{}", run.stdout);
    let off =
        wallrush(&["play", "--north", "human", "--south", "beginner", "--size", "5", "--flip", "off"], "");
    assert!(off.stdout.contains("     a   b   c   d   e"), "{}", off.stdout);
    // preview draws the candidate wall dashed, and plays nothing.
    let run = wallrush(&["play", "--engine", "human", "--size", "5"], "preview b2h\n?\n");
    assert!(run.stdout.contains("   ├───┾╍╍╍┿╍╍╍┽───┼───┤"), "{}", run.stdout);
    assert!(run.stdout.contains("preview of b2h (dashed): nothing is played"), "{}", run.stdout);
    assert!(run.stdout.contains("walls left: 10"), "{}", run.stdout);
    // 29 and 31: every line within 120 columns, the banner wrapped at a part.
    for size in ["29", "31"] {
        let run = wallrush(
            &["play", "--engine", "human", "--size", size, "--walls", "20", "--ply-limit", "300"],
            "",
        );
        let widest = run.stdout.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 120, "{size}: {widest} columns:\n{}", run.stdout);
        assert!(run.stdout.lines().nth(1).unwrap().starts_with("  "), "{}", run.stdout);
    }
}

#[test]
fn demo_draws_plays_board_and_ends_with_the_winner() {
    let run = wallrush(&["demo", "--quiet", "--seed", "3"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("   ┌───┬───┬───┬───┬───┬───┬───┬───┬───┐"), "{}", run.stdout);
    assert!(run.stdout.contains("S south  route "), "{}", run.stdout);
    let last = run.stdout.lines().last().unwrap();
    assert!(last.starts_with("result: ") && last.contains(" wins after "), "{last}");
    assert!(!last.contains("to move"), "{last}");
}

// ----- the territory games, scripted --------------------------------------------------

#[test]
fn the_territory_games_have_rules_a_legend_and_every_command() {
    let run = wallrush(
        &["play", "--game", "wallgo", "--engine", "human"],
        "rules\nhint\npreview b2-c3n\nhelp\nresign\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("Wall Go, 7×7: on your turn move one of your active pieces"), "{out}");
    assert!(out.contains("legend: R B Y G pieces of red, blue, yellow, green"), "{out}");
    assert!(out.contains("the greedy bot suggests "), "{out}");
    assert!(out.contains("preview of b2-c3n: nothing is played"), "{out}");
    assert!(out.contains("  hint        the greedy bot's suggestion"), "{out}");
    assert!(out.contains("red resigns: blue wins by resignation after 0 moves"), "{out}");
    assert!(!out.contains("cannot read"), "{out}");
    let run = wallrush(
        &["play", "--game", "enclosure", "--engine", "human", "--seed", "7"],
        "rules\n?\nC3n b2-b3\nsave\n",
    );
    let out = &run.stdout;
    assert!(out.contains("(1) a piece in an enclosure still"), "{out}");
    assert!(out.contains("~ an empty square of an"), "{out}");
    // The header counts what is listed: walls × steps, plus discards.
    let header: usize = out
        .split("legal moves (")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let listed: usize = out
        .lines()
        .filter_map(|l| {
            l.rsplit_once(" = ").and_then(|(_, n)| n.trim_end_matches(" moves)").parse::<usize>().ok())
        })
        .sum::<usize>()
        + out
            .split("discards (")
            .nth(1)
            .and_then(|r| r.split(')').next())
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(0);
    assert_eq!(header, listed, "{out}");
    assert!(
        out.contains("game over") || out.contains("(1 move left)") || out.contains("moves left)"),
        "{out}"
    );
}
