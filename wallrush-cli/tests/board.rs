//! `wallrush play --board` in a real terminal (tmux): a short hot-seat game played with
//! the keys to a win, the screens read with `tmux capture-pane`, the saved record checked
//! with `wallrush check`. tmux is installed with `apt-get install -y tmux` when missing
//! and possible; otherwise the test says why and skips.

mod common;

use common::tmux::{ensure_tmux, Tmux};
use common::{wallrush, TempDir};

/// The keys of the game after south's wall, one turn at a time (the cursor starts each
/// turn on the pawn to move): north steps between d5 and c5, south walks up the b file
/// round the wall and wins on b5.
const TURNS: &[&[&str]] = &[
    &["Right", "Enter"],
    &["Left", "Enter"],
    &["Left", "Enter"],
    &["Up", "Enter"],
    &["Right", "Enter"],
    &["Up", "Enter"],
    &["Left", "Enter"],
    &["Up", "Enter"],
    &["Right", "Enter"],
    &["Up", "Space"],
];

#[test]
fn a_game_on_the_board_in_a_real_terminal() {
    if let Err(why) = ensure_tmux() {
        println!("skipping the board's terminal test: tmux is not available ({why})");
        return;
    }
    let dir = TempDir::new("board");
    let record = dir.file("won.txt");
    let bin = env!("CARGO_BIN_EXE_wallrush");
    let command = format!(
        "TERM=xterm-256color XDG_DATA_HOME={} {bin} play --board --engine human --size 5 --walls 1 --seed 1",
        dir.path().display()
    );
    let tmux = Tmux::start("board", &command);
    // Esc is a key of its own at once, not the start of a sequence.
    tmux.run(&["set", "-s", "escape-time", "0"]);

    let screen = tmux.wait_for("the board", |s| s.contains("South to move."));
    println!("the opening:\n{screen}");
    assert!(screen.contains("   ┌───┬───┬───┬───┬───┐"), "{screen}");
    assert!(screen.contains(" 5 │   │   │ N │   │   │ 5"), "{screen}");
    assert!(screen.contains(" 1 │   │ • │[S]│ • │   │ 1"), "{screen}");
    assert!(screen.contains("▶ S south route  4  walls  1  person"), "{screen}");
    assert!(screen.contains("South pawn on c1, 4 steps from rank 5."), "{screen}");

    // South: wall mode, the ghost up two rows: c3h, legal.
    tmux.press(&["w", "Up", "Up"]);
    let screen = tmux.wait_for("the legal ghost", |s| s.contains("wall c3h"));
    println!("a legal ghost:\n{screen}");
    assert!(screen.contains("   ├───┼───┼═══════┼───┤"), "{screen}");
    assert!(screen.contains("legal; routes S 4→5 N 4→5"), "{screen}");
    tmux.press(&["Enter"]);
    tmux.wait_for("the aim", |s| s.contains("aimed: Enter places it"));
    tmux.press(&["Enter"]);
    tmux.wait_for("the wall", |s| s.contains("ply 1: south plays c3h"));

    // North: wall mode from its pawn (the anchor stays on the board: c4h), turned and
    // moved down: c3v crosses c3h.
    tmux.press(&["w", "r", "Down"]);
    let screen = tmux.wait_for("the refused ghost", |s| s.contains("refused:"));
    println!("a refused ghost:\n{screen}");
    assert!(screen.contains("refused: c3v crosses wall c3h"), "{screen}");
    assert!(screen.contains(" 3 │   │   │   ╳   │   │ 3"), "{screen}");
    tmux.press(&["Escape"]);
    tmux.wait_for("pawn mode", |s| s.contains("pawn: arrows, Enter moves"));

    for (i, keys) in TURNS.iter().enumerate() {
        tmux.press(keys);
        let ply = format!("ply {}:", i + 2);
        tmux.wait_for(&ply, |s| s.contains(&ply));
    }
    let screen = tmux.wait_for("the end", |s| s.contains("Game over: south wins by goal."));
    println!("the end:\n{screen}");
    assert!(screen.contains("game over: south wins by goal after 11 plies"), "{screen}");

    tmux.type_text(&format!(":save {record}"));
    tmux.press(&["Enter"]);
    tmux.wait_for("the save", |s| s.contains("saved 11 plies to"));
    tmux.press(&["q"]);
    tmux.wait_gone();

    let saved = std::fs::read_to_string(&record).expect("the saved record");
    println!("the record:\n{saved}");
    let checked = wallrush(&["check", &record], "");
    assert_eq!(checked.stdout.trim(), "valid: 11 plies; south wins by goal", "{}", checked.stderr);
    assert_eq!(checked.code, 0);
    let autosaved = std::fs::read_to_string(dir.path().join("wallrush/autosave.txt")).expect("the autosave");
    assert!(autosaved.contains("1. c3h d5"), "{autosaved}");
}
