//! What the line prompt says where a new user stumbles: a finished game loaded or
//! resumed, options of the wrong game, unknown words, refused pawn moves, `undo` past
//! the start, seat names in records, what a wall name covers, files that exist.

mod common;

use std::process::{Command, Stdio};

use common::{wallrush, TempDir};

/// A hot-seat game on the 3×3 board won by south in three plies.
const WON: &str = "b2\na3\nb3\n";

/// Saves a won game to `file` through the prompt.
fn won_game(file: &str) {
    let run =
        wallrush(&["play", "--engine", "human", "--size", "3", "--quiet"], &format!("{WON}save {file}\n"));
    assert!(run.stdout.contains("game over: south wins by goal after 3 plies"), "{}", run.stdout);
}

/// How many boards an output draws (their top edges).
fn boards(out: &str) -> usize {
    out.lines().filter(|l| l.trim_start().starts_with('┌')).count()
}

#[test]
fn a_finished_game_loaded_is_drawn_once() {
    let dir = TempDir::new("loaded-won");
    let file = dir.file("won.txt");
    won_game(&file);
    let run = wallrush(&["play", "--load", &file], "quit\n");
    assert_eq!(boards(&run.stdout), 1, "{}", run.stdout);
    assert_eq!(run.stdout.matches("game over: south wins by goal").count(), 1, "{}", run.stdout);
}

#[test]
fn a_finished_game_resumed_is_drawn_once_and_the_resume_said() {
    let dir = TempDir::new("resumed-won");
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("wallrush")).unwrap();
    let file = data.join("wallrush/autosave.txt");
    won_game(&file.to_string_lossy());
    let out = Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .args(["play", "--resume"])
        .env("XDG_DATA_HOME", &data)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("resumed 3 plies from {}", file.display())), "{stdout}");
    assert_eq!(boards(&stdout), 1, "{stdout}");
}

#[test]
fn the_territory_games_refuse_the_races_options() {
    let run = wallrush(&["play", "--game", "wallgo", "--size", "9", "--walls", "3", "--goal", "centre"], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--size is for the wall race"), "{}", run.stderr);
    let run = wallrush(&["play", "--game", "enclosure", "--notation=wallrush"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--notation is for the wall race"), "{}", run.stderr);
    // Their own options still work.
    let run = wallrush(&["play", "--game", "wallgo", "--players", "3", "--seed", "1"], "quit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_word_that_is_no_move_is_an_unknown_command() {
    let run = wallrush(&["play", "--engine", "human"], "clear\nzz9\n");
    assert!(run.stdout.contains("unknown command: clear (help lists them)"), "{}", run.stdout);
    // Text with a rank number still reads as a failed move.
    assert!(run.stdout.contains("cannot read \"zz9\" as a standard move"), "{}", run.stdout);
    assert_eq!(run.code, 1);
}

#[test]
fn a_refused_pawn_move_says_why_and_lists_the_steps() {
    let run = wallrush(&["play", "--engine", "human", "--quiet"], "d1h\ne8\ne2\ne4\ne1\n");
    let out = &run.stdout;
    assert!(
        out.contains("illegal: e2 is not a legal pawn move: the wall d1h is in the way; legal steps d1 f1"),
        "{out}"
    );
    assert!(
        out.contains("illegal: e4 is not a legal pawn move: e4 is 3 steps from e1; legal steps d1 f1"),
        "{out}"
    );
    assert!(out.contains("south's pawn is on e1 already"), "{out}");
    let run = wallrush(&["play", "--engine", "human", "--quiet", "--size", "5"], "f1\n");
    assert!(
        run.stdout.contains(
            "illegal: f1 is not a legal pawn move: f1 is off the 5×5 board (a1 to e5); legal steps b1 d1 c2"
        ),
        "{}",
        run.stdout
    );
    // In WallRush notation the wall is named as WallRush names it.
    let run = wallrush(&["play", "--engine", "human", "--quiet", "--notation", "wallrush"], "H-d2\ne8\ne2\n");
    assert!(run.stdout.contains("the wall H-d2 is in the way"), "{}", run.stdout);
}

#[test]
fn records_name_every_seats_player() {
    let dir = TempDir::new("seat-names");
    let file = dir.file("g.txt");
    let run = wallrush(&["play", "--size", "5", "--seed", "1", "--quiet"], &format!("c2\nsave {file}\n"));
    assert!(run.stdout.contains("saved 2 plies"), "{}", run.stdout);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("[South \"human\"]"), "{saved}");
    assert!(saved.contains("[North \"beginner\"]"), "{saved}");
}

#[test]
fn help_says_what_a_wall_name_covers() {
    let run = wallrush(&["play", "--engine", "human"], "help\n");
    assert!(
        run.stdout.contains(
            "walls: d4h lies above d4 and e4 (between ranks 4 and 5); d4v right of d4 and d5 (between files d and e)"
        ),
        "{}",
        run.stdout
    );
    let run = wallrush(&["play", "--engine", "human", "--size", "7", "--wall-length", "3"], "help\n");
    assert!(run.stdout.contains("c3h lies above c3, d3 and e3"), "{}", run.stdout);
}

#[test]
fn svg_output_refuses_an_existing_file_as_save_does() {
    let dir = TempDir::new("svg-exists");
    let record = dir.file("g.txt");
    won_game(&record);
    let picture = dir.file("g.svg");
    std::fs::write(&picture, "keep").unwrap();
    let run = wallrush(&["svg", &record, "-o", &picture], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("the file exists; --force overwrites it"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&picture).unwrap(), "keep");
    let run = wallrush(&["svg", &record, "-o", &picture, "--force"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(std::fs::read_to_string(&picture).unwrap().starts_with("<svg"));
}

#[test]
fn play_help_lists_the_notations() {
    let run = wallrush(&["play", "--help"], "");
    assert!(run.stdout.contains("standard (e2, d4h), wallrush"), "{}", run.stdout);
    assert!(run.stdout.contains("pallwall"), "{}", run.stdout);
}
