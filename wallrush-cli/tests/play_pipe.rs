//! `wallrush play` driven through a pipe: scripted games, refusals, undo, hints, save and
//! load, engines, the territory games, and the error paths.

mod common;

use common::{wallrush, TempDir};

/// The moves of a saved record (the text after the blank line).
fn moves_of(record: &str) -> String {
    record.split_once("\n\n").map_or("", |(_, m)| m).trim().to_string()
}

#[test]
fn a_scripted_hot_seat_game_is_won() {
    let dir = TempDir::new("win");
    let saved = dir.file("won.txt");
    let script = format!("a1\nc3\na2\nc2\na3\nsave {saved}\nquit\n");
    let run = wallrush(&["play", "--engine", "human", "--size", "3", "--walls", "0", "--seed", "1"], &script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("south human, north human"), "{out}");
    assert!(out.contains("ply 5: south plays a3"), "{out}");
    assert!(out.contains("game over: south wins by goal after 5 plies"), "{out}");
    // No prompts when the input is not a terminal.
    assert!(!out.contains("south> "), "{out}");
    // A move after the end is refused.
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.contains("[Result \"south wins by goal\"]"), "{record}");
    assert_eq!(moves_of(&record), "1. a1 c3 2. a2 c2 3. a3");
    let check = wallrush(&["check", &saved], "");
    assert_eq!((check.code, check.stdout.trim()), (0, "valid: 5 plies; south wins by goal"));
}

#[test]
fn a_refused_wall_says_why_and_changes_nothing() {
    let dir = TempDir::new("refused");
    let saved = dir.file("g.txt");
    let script = format!("d4v\ne8\nd4h\ni9h\nhello\ne3\n?\nsave {saved}\n");
    let run = wallrush(&["play", "--engine", "human", "--seed", "1"], &script);
    // Refused lines make a scripted game end with status 1: four here.
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "wallrush: 4 lines were refused (an illegal move, or text that is neither a move nor a command)\n"
    );
    let out = &run.stdout;
    assert!(out.contains("illegal: d4h crosses wall d4v (nothing changed)"), "{out}");
    assert!(out.contains("illegal: i9h is off the board (nothing changed)"), "{out}");
    assert!(out.contains("illegal: e3 is not a legal pawn move (nothing changed)"), "{out}");
    assert!(out.contains("cannot read \"hello\" as a standard move"), "{out}");
    // South is still to move, with all its walls but one, and the same pawn moves.
    assert!(out.contains("pawn moves: d1 f1 e2"), "{out}");
    assert!(out.contains("walls left: 9"), "{out}");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(moves_of(&record), "1. d4v e8");
    // A wall that would leave a seat without a route names it.
    let boxed = wallrush(&["play", "--engine", "human", "--size", "3", "--walls", "2"], "a1h\nc3\nb1v\n");
    assert!(
        boxed.stdout.contains("illegal: b1v leaves south without a route (nothing changed)"),
        "{}",
        boxed.stdout
    );
}

#[test]
fn undo_takes_back_your_move_and_the_engine_reply() {
    let dir = TempDir::new("undo");
    let saved = dir.file("u.txt");
    let script = format!("c2\nundo\nundo\nsave {saved}\n");
    let run = wallrush(&["play", "--size", "5", "--walls", "2", "--seed", "5"], &script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("ply 1: south plays c2"), "{out}");
    assert!(out.contains("ply 2: north (beginner) plays "), "{out}");
    assert!(out.contains("undone: north "), "{out}");
    assert!(out.contains(", south c2"), "{out}");
    assert!(out.contains("nothing to undo"), "{out}");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.contains("[North \"beginner\"]"), "{record}");
    assert_eq!(moves_of(&record), "");
    // Hot-seat: one action at a time.
    let run = wallrush(&["play", "--engine", "human"], "e2\ne8\nundo\n?\n");
    assert!(run.stdout.contains("undone: north e8"), "{}", run.stdout);
    assert!(run.stdout.contains("pawn moves: e8 d9 f9"), "{}", run.stdout);
}

#[test]
fn save_and_load_round_trip() {
    let dir = TempDir::new("saveload");
    let (a, b, c) = (dir.file("a.txt"), dir.file("b.txt"), dir.file("c.txt"));
    let first = wallrush(
        &["play", "--engine", "human", "--notation", "wallrush", "--repetition", "--ply-limit", "300"],
        &format!("e2\ne8\nH-d4\nV-f6\nsave {a}\n"),
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(first.stdout.contains("ply 3: south plays H-d4"), "{}", first.stdout);
    let text_a = std::fs::read_to_string(&a).unwrap();
    assert!(text_a.contains("[Notation \"wallrush\"]"), "{text_a}");
    assert!(text_a.contains("[Draw \"repetition=3 ply_limit=300\"]"), "{text_a}");
    assert_eq!(moves_of(&text_a), "1. e2 e8 2. H-d4 V-f6");
    // Loaded and saved again in the same notation: the same text.
    let second =
        wallrush(&["play", "--engine", "human", "--notation", "wallrush"], &format!("load {a}\nsave {b}\n"));
    assert!(second.stdout.contains("loaded "), "{}", second.stdout);
    assert_eq!(std::fs::read_to_string(&b).unwrap(), text_a);
    // Loaded into a game typed in standard notation (the record names its own), played on.
    let third = wallrush(&["play", "--engine", "human", "--load", &a], &format!("e3\nsave {c}\n"));
    assert_eq!(third.code, 0, "{}", third.stderr);
    let text_c = std::fs::read_to_string(&c).unwrap();
    assert_eq!(moves_of(&text_c), "1. e2 e8 2. d3h f5v 3. e3");
    // Errors keep the game.
    let bad = wallrush(&["play", "--engine", "human"], "load /no/such/file\nsave\ne2\n");
    assert!(bad.stdout.contains("cannot read /no/such/file"), "{}", bad.stdout);
    assert!(bad.stdout.contains("save needs a file name"), "{}", bad.stdout);
    assert!(bad.stdout.contains("ply 1: south plays e2"), "{}", bad.stdout);
    let missing = wallrush(&["play", "--load", "/no/such/file"], "");
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("cannot read /no/such/file"), "{}", missing.stderr);
}

#[test]
fn hint_preview_and_help() {
    let run = wallrush(
        &["play", "--engine", "human", "--quiet"],
        "hint\npreview e7h\npreview d4h\npreview d4\npreview\nhelp\nd4v\ne8\npreview d4h\n",
    );
    let out = &run.stdout;
    assert!(out.contains("your route (8 steps): e1 e2 e3 e4 e5 e6 e7 e8 e9"), "{out}");
    assert!(out.contains("the beginner suggests e2: e2 takes 1 off your route"), "{out}");
    assert!(out.contains("after e7h: south 8 -> 9 (+1), north 8 -> 9 (+1)"), "{out}");
    assert!(out.contains("preview is for walls: d4 names a pawn move"), "{out}");
    assert!(out.contains("preview needs a wall"), "{out}");
    assert!(out.contains("save FILE"), "{out}");
    assert!(out.contains("d4h would be refused: d4h crosses wall d4v"), "{out}");
    // In WallRush notation the hint and the list speak WallRush.
    let run =
        wallrush(&["play", "--engine", "human", "--notation", "wallrush", "--quiet"], "H-d2\ne8\nhint\n?\n");
    assert!(run.stdout.contains("ply 1: south plays H-d2"), "{}", run.stdout);
    assert!(run.stdout.contains("H-a2 "), "{}", run.stdout);
}

#[test]
fn the_board_is_drawn_with_walls_routes_and_colours_on_request() {
    let run = wallrush(&["play", "--engine", "human", "--size", "5"], "b2h\n");
    let out = &run.stdout;
    assert!(out.contains("   ┌───┬───┬───┬───┬───┐"), "{out}");
    assert!(out.contains(" 1 │   │ • │ S │ • │   │ 1"), "{out}");
    // b2h: above b2 and c2, heavy through the post between them.
    assert!(out.contains("   ├───┾━━━┿━━━┽───┼───┤"), "{out}");
    assert!(out.contains("S south  route  5  walls  9"), "{out}");
    assert!(out.contains("▶ N north  route  5  walls 10"), "{out}");
    assert!(!out.contains('\x1b'), "no colour codes in a pipe");
    let coloured = wallrush(&["play", "--engine", "human", "--size", "5", "--color", "always"], "");
    assert!(coloured.stdout.contains("\x1b[1;33m S \x1b[0m"), "{}", coloured.stdout);
    assert!(coloured.stdout.contains("\x1b[1;36m N \x1b[0m"), "{}", coloured.stdout);
    let ascii = wallrush(&["play", "--engine", "human", "--size", "5", "--ascii"], "b2h\n");
    assert!(ascii.stdout.is_ascii(), "{}", ascii.stdout);
    assert!(ascii.stdout.contains("+===+===+"), "{}", ascii.stdout);
    // Four seats, centre goal.
    let four = wallrush(&["play", "--engine", "human", "--players", "4", "--goal", "centre"], "");
    assert!(four.stdout.contains(" ◇ "), "{}", four.stdout);
    for seat in ["S south", "W west", "N north", "E east"] {
        assert!(four.stdout.contains(seat), "{}", four.stdout);
    }
}

#[test]
fn engines_play_each_other() {
    let run = wallrush(
        &[
            "play",
            "--south",
            "beginner",
            "--north",
            "strong:n300",
            "--size",
            "5",
            "--walls",
            "2",
            "--quiet",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("south beginner, north strong:n300"), "{out}");
    assert!(out.contains("ply 1: south (beginner) plays "), "{out}");
    assert!(out.contains("(strong:n300) plays ") && out.contains(" nodes, "), "{out}");
    assert!(out.contains("game over: "), "{out}");
    // The same seed and budgets play the same game.
    let again = wallrush(
        &[
            "play",
            "--south",
            "beginner",
            "--north",
            "strong:n300",
            "--size",
            "5",
            "--walls",
            "2",
            "--quiet",
            "--seed",
            "2",
        ],
        "",
    );
    let moves = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("ply "))
            .map(|l| l.split("  [").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(out), moves(&again.stdout));
    // --watch: every seat an engine; an engine-only game gets the 500-ply limit.
    let watch = wallrush(&["play", "--watch", "--players", "4", "--size", "5", "--quiet", "--seed", "3"], "");
    assert_eq!(watch.code, 0, "{}", watch.stderr);
    assert!(watch.stdout.contains("draw rules ply_limit=500"), "{}", watch.stdout);
    assert!(watch.stdout.contains("game over: "), "{}", watch.stdout);
}

#[test]
fn play_errors_are_plain_words_with_a_non_zero_status() {
    let run = wallrush(&["play", "--size", "8"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("wallrush: size 8 is out of range"), "{}", run.stderr);
    let run = wallrush(&["play", "--engine", "strong:fast"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("unknown player \"strong:fast\""), "{}", run.stderr);
    let run = wallrush(&["play", "--west", "beginner"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no west seat with 2 players"), "{}", run.stderr);
    let run = wallrush(&["play", "--notation", "klingon"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("expected a notation"), "{}", run.stderr);
    let run = wallrush(&["play", "--game", "enclosure", "--engine", "strong"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("greedy or human"), "{}", run.stderr);
}

#[test]
fn wall_go_in_a_pipe() {
    let dir = TempDir::new("wallgo");
    let saved = dir.file("wg.txt");
    let script = format!("b2-c3n\nb4e\nb2-c3n\nzz\n?\nundo\nsave {saved}\nquit\n");
    let run = wallrush(&["play", "--game", "wallgo", "--engine", "human"], &script);
    // An illegal move and an unreadable one: status 1.
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("2 lines were refused"), "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("move 1: red plays b2-c3n"), "{out}");
    assert!(out.contains("move 2: blue plays b4e"), "{out}");
    assert!(out.contains("illegal: no red piece on b2 (nothing changed)"), "{out}");
    assert!(out.contains("cannot read \"zz\" as a wallgo move"), "{out}");
    assert!(out.contains("legal moves ("), "{out}");
    assert!(out.contains("undone: blue b4e"), "{out}");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.starts_with("[Game \"wallgo\"]"), "{record}");
    assert_eq!(moves_of(&record), "b2-c3n");
    assert_eq!(wallrush(&["check", &saved], "").code, 0);
    // Against the greedy bot, and bots only.
    let run = wallrush(&["play", "--game", "wallgo", "--seed", "4"], "b2-c3n\n");
    assert!(run.stdout.contains("move 2: blue (greedy) plays "), "{}", run.stdout);
    let watch = wallrush(&["play", "--game", "wallgo", "--watch", "--players", "3", "--seed", "4"], "");
    assert!(watch.stdout.contains("game over: "), "{}", watch.stdout);
}

#[test]
fn the_card_enclosure_game_in_a_pipe() {
    let dir = TempDir::new("enclosure");
    let saved = dir.file("en.txt");
    let script = format!("?\nC3n b2-b3\nsave {saved}\nundo\n");
    let run = wallrush(&["play", "--game", "enclosure", "--seed", "7"], &script);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("legal moves (1158): a wall, then a step"), "{out}");
    assert!(out.contains("discards (6):"), "{out}");
    assert!(out.contains("move 1: player 1 plays C3n b2-b3"), "{out}");
    assert!(out.contains("move 2: player 2 (greedy) plays "), "{out}");
    assert!(out.contains("undone: player 2 "), "{out}");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.contains("1. C3n b2-b3\n2. "), "{record}");
    assert_eq!(wallrush(&["check", &saved], "").code, 0);
    let run = wallrush(&["play", "--game", "enclosure", "--players", "3"], "");
    assert_eq!(run.code, 2);
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in ["play", "check", "convert", "selfplay", "svg", "perft", "oracle", "demo"] {
        let run = wallrush(&[sub, "--help"], "");
        assert_eq!(run.code, 0, "{sub}");
        assert!(run.stdout.contains("Example"), "{sub}: {}", run.stdout);
        assert!(run.stdout.contains(&format!("wallrush {sub}")), "{sub}: {}", run.stdout);
    }
    let run = wallrush(&["--help"], "");
    assert!(run.stdout.contains("selfplay"), "{}", run.stdout);
}
