//! The `play` prompt in a real terminal (tmux: send-keys, capture-pane): line editing,
//! history and completion, Ctrl-C while an engine thinks and at the prompt, the questions
//! before an unsaved game is left, the autosave and `--resume`, and the territory games.
//! Every session gets a data directory of its own (`XDG_DATA_HOME`).

mod common;

use std::path::PathBuf;

use common::tmux::{ensure_tmux, EndsWithPrompt, Tmux};
use common::TempDir;

/// `wallrush ARGS` in a terminal with colours and the data directory `data`.
fn session(tag: &str, data: &TempDir, args: &str) -> Option<Tmux> {
    // Skipped (with a line saying so) only where tmux is missing and cannot be
    // installed (ensure_tmux runs `apt-get install -y tmux`); on CI and this machine it
    // runs. By hand: `apt-get install tmux`, then `cargo test -p wallrush-cli --test terminal_prompt`.
    if let Err(why) = ensure_tmux() {
        println!("skipping the terminal test: tmux is not available ({why})");
        return None;
    }
    let bin = env!("CARGO_BIN_EXE_wallrush");
    let command = format!("TERM=xterm-256color XDG_DATA_HOME={} {bin} {args}", data.path().display());
    Some(Tmux::start(tag, &command))
}

fn data_file(data: &TempDir, name: &str) -> PathBuf {
    data.path().join("wallrush").join(name)
}

#[test]
fn the_prompt_edits_lines_completes_and_remembers() {
    let data = TempDir::new("prompt-edit");
    let Some(tmux) = session("edit", &data, "play --engine human --size 5 --seed 1") else { return };
    tmux.wait_for("the first prompt", |s| s.contains("south>"));
    // Arrow keys move the cursor: `2`, Left, `c` is c2 (a raw terminal would read the
    // escape codes as part of the move).
    tmux.type_text("2");
    tmux.press(&["Left"]);
    tmux.type_text("c");
    tmux.press(&["Enter"]);
    let screen = tmux.wait_for("c2 played", |s| s.contains("ply 1: south plays c2") && s.ends_with_prompt());
    assert!(!screen.contains("\\u{1b}"), "{screen}");
    // Case does not matter: C4 is c4.
    tmux.keys("C4");
    tmux.wait_for("c4 played", |s| s.contains("ply 2: north plays c4") && s.ends_with_prompt());
    // Tab completes a command ...
    tmux.type_text("hel");
    tmux.press(&["Tab"]);
    tmux.press(&["Enter"]);
    tmux.wait_for("the help", |s| s.contains("engine scores: in steps") && s.ends_with_prompt());
    // ... and the legal moves: `c3` completes to c3 alone? No: c3 is a pawn move, and
    // walls c3h, c3v start the same; Tab lists them.
    tmux.type_text("c3");
    tmux.press(&["Tab"]);
    tmux.press(&["Tab"]);
    let screen = tmux.wait_for("the completions", |s| s.contains("c3h") && s.contains("c3v"));
    assert!(screen.lines().any(|l| l.contains("c3 ") || l.trim_end().ends_with("c3")), "{screen}");
    tmux.press(&["C-u"]);
    // Up brings back an earlier line: `help`.
    tmux.press(&["Up", "Up"]);
    tmux.wait_for("help recalled", |s| {
        s.lines().last().is_some_and(|l| l.contains("> help")) || s.contains("> help")
    });
    tmux.press(&["C-u"]);
    tmux.keys("quit");
    tmux.wait_for("the question", |s| s.contains("leave? [y/N]"));
    tmux.keys("y");
    tmux.wait_gone();
    let history = std::fs::read_to_string(data_file(&data, "history.txt")).expect("the history file");
    for line in ["c2", "C4", "help", "quit"] {
        assert!(history.lines().any(|l| l == line), "{line} not in the history:\n{history}");
    }
}

#[test]
fn ctrl_c_stops_the_engine_and_asks_before_leaving() {
    let data = TempDir::new("prompt-ctrl-c");
    // Twenty seconds a move: the engine is still thinking when Ctrl-C comes.
    let Some(tmux) = session("ctrl-c", &data, "play --engine strong:20000 --seed 1") else { return };
    tmux.wait_for("the first prompt", |s| s.contains("south>"));
    tmux.keys("e2");
    let screen = tmux.wait_for("the thinking indicator", |s| s.contains("north (strong:20000) thinking… "));
    assert!(screen.contains("(Ctrl-C stops it)"), "{screen}");
    tmux.press(&["C-c"]);
    let screen = tmux
        .wait_for("the stop", |s| s.contains("north (strong:20000) stopped after ") && s.ends_with_prompt());
    assert!(screen.contains("north (stopped)>"), "{screen}");
    // A move for the stopped engine's seat is refused with the way on.
    tmux.keys("e8");
    tmux.wait_for("the refusal", |s| s.contains("it is north's turn (strong:20000), stopped with Ctrl-C"));
    // undo takes back the move that started it.
    tmux.keys("undo");
    let screen = tmux.wait_for("the undo", |s| s.contains("undone: south e2") && s.ends_with_prompt());
    assert!(screen.lines().rev().find(|l| !l.trim().is_empty()).unwrap().contains("south>"), "{screen}");
    // Ctrl-C at the prompt asks; n keeps playing.
    tmux.press(&["C-c"]);
    tmux.wait_for("the question", |s| s.contains("leave? [y/N]"));
    tmux.keys("n");
    tmux.wait_for("the prompt again", |s| {
        s.ends_with_prompt()
            && s.lines().rev().find(|l| !l.trim().is_empty()).is_some_and(|l| l.starts_with("south>"))
    });
    assert!(tmux.alive());
    // Ctrl-C twice leaves.
    tmux.press(&["C-c"]);
    tmux.wait_for("the question again", |s| s.matches("leave? [y/N]").count() >= 2);
    tmux.press(&["C-c"]);
    tmux.wait_gone();
}

#[test]
fn quit_and_resign_confirm_an_unsaved_game_and_resume_brings_it_back() {
    let data = TempDir::new("prompt-confirm");
    let dir = TempDir::new("prompt-confirm-files");
    let saved = dir.file("g.txt");
    let Some(tmux) = session("confirm", &data, "play --engine strong:n300 --size 5 --walls 3 --seed 2")
    else {
        return;
    };
    tmux.wait_for("the first prompt", |s| s.contains("south>"));
    // Nothing played: quit asks nothing... but Ctrl-C would. Play first.
    tmux.keys("c2");
    tmux.wait_for("the reply", |s| s.contains("(strong:n300) plays") && s.ends_with_prompt());
    tmux.keys("resign");
    let screen = tmux.wait_for("the resign question", |s| s.contains("resign south? [y/N]"));
    assert!(screen.contains("the game is not saved (play --resume brings back the autosave)"), "{screen}");
    tmux.keys("n");
    tmux.wait_for("the prompt", |s| s.ends_with_prompt());
    assert!(!tmux.screen(false).contains("south resigns"));
    // save, then save again: refused without save!.
    tmux.keys(&format!("save {saved}"));
    tmux.wait_for("saved", |s| s.contains(&format!("saved 2 plies to {saved}")));
    tmux.keys(&format!("save {saved}"));
    tmux.wait_for("the refusal", |s| s.contains("exists: save! "));
    // Saved: quit leaves without asking.
    tmux.keys("quit");
    tmux.wait_gone();
    let autosave = std::fs::read_to_string(data_file(&data, "autosave.txt")).expect("the autosave");
    assert!(autosave.contains("[North \"strong:n300\"]") && autosave.contains("1. c2 "), "{autosave}");
    // --resume: the same game, the same players.
    let bin = env!("CARGO_BIN_EXE_wallrush");
    let again = Tmux::start(
        "resume",
        &format!("TERM=xterm-256color XDG_DATA_HOME={} {bin} play --resume --seed 2", data.path().display()),
    );
    let screen = again.wait_for("the resumed game", |s| s.contains("south>"));
    assert!(screen.contains("north strong:n300") && screen.contains("ply 2, last north "), "{screen}");
    again.keys("quit");
    again.wait_gone();
}

#[test]
fn the_territory_games_in_a_terminal() {
    let data = TempDir::new("prompt-territory");
    let Some(tmux) = session("territory", &data, "play --game wallgo --engine human") else { return };
    tmux.wait_for("the first prompt", |s| s.contains("red>"));
    // Red pieces in red, blue in blue.
    let coloured = tmux.screen(true);
    assert!(coloured.contains("31mR") || coloured.contains("31m\u{1b}[49mR"), "{coloured}");
    assert!(coloured.contains("34mB") || coloured.contains("34m\u{1b}[49mB"), "{coloured}");
    tmux.keys("hint");
    tmux.wait_for("the hint", |s| s.contains("the greedy bot suggests "));
    tmux.keys("Rules");
    let screen = tmux.wait_for("the rules", |s| s.contains("legend: R B Y G pieces"));
    assert!(screen.contains("Wall Go, 7×7"), "{screen}");
    // Tab lists the moves of a piece.
    tmux.type_text("b2-c3");
    tmux.press(&["Tab"]);
    tmux.press(&["Tab"]);
    tmux.wait_for("the completions", |s| s.contains("b2-c3n") && s.contains("b2-c3e"));
    tmux.type_text("n");
    tmux.press(&["Enter"]);
    tmux.wait_for("the move", |s| s.contains("move 1: red plays b2-c3n") && s.ends_with_prompt());
    tmux.keys("resign");
    tmux.wait_for("the question", |s| s.contains("resign blue? [y/N]"));
    tmux.keys("y");
    tmux.wait_gone();
    // The autosave brings the game back.
    let autosave = std::fs::read_to_string(data_file(&data, "autosave-wallgo.txt")).expect("the autosave");
    assert!(autosave.contains("b2-c3n"), "{autosave}");
    let bin = env!("CARGO_BIN_EXE_wallrush");
    let again = Tmux::start(
        "territory-resume",
        &format!(
            "TERM=xterm-256color XDG_DATA_HOME={} {bin} play --game wallgo --engine human --resume",
            data.path().display()
        ),
    );
    let screen = again.wait_for("the resumed game", |s| s.contains("blue>"));
    assert!(screen.contains("walls: red c3n"), "{screen}");
    again.keys("quit");
    again.wait_gone();
}

#[test]
fn ctrl_d_asks_before_leaving_an_unsaved_game_and_preview_completes_walls() {
    let data = TempDir::new("prompt-ctrl-d");
    let Some(tmux) = session("ctrl-d", &data, "play --engine human --size 5 --seed 1") else { return };
    tmux.wait_for("the first prompt", |s| s.contains("south>"));
    // Tab after `preview ` offers walls only: `c2` completes to c2h or c2v, not the
    // pawn move c2.
    tmux.type_text("preview c2");
    tmux.press(&["Tab"]);
    tmux.press(&["Tab"]);
    let screen = tmux.wait_for("the wall completions", |s| s.contains("c2h") && s.contains("c2v"));
    let listed = screen.lines().find(|l| l.contains("c2h")).unwrap_or_default();
    assert!(!listed.split_whitespace().any(|w| w == "c2"), "{screen}");
    tmux.press(&["C-u"]);
    tmux.keys("c2");
    tmux.wait_for("c2 played", |s| s.contains("ply 1: south plays c2") && s.ends_with_prompt());
    // Ctrl-D asks, as quit does; n stays.
    tmux.press(&["C-d"]);
    tmux.wait_for("the question", |s| s.contains("leave? [y/N]"));
    tmux.keys("n");
    tmux.wait_for("the prompt again", |s| s.ends_with_prompt() && s.trim_end().ends_with("north>"));
    assert!(tmux.alive());
    tmux.press(&["C-d"]);
    tmux.wait_for("the question again", |s| s.matches("leave? [y/N]").count() == 2);
    tmux.keys("y");
    tmux.wait_gone();
}

#[test]
fn ctrl_d_asks_in_the_territory_games_too() {
    let data = TempDir::new("prompt-ctrl-d-wallgo");
    let Some(tmux) = session("ctrl-d-wallgo", &data, "play --game wallgo --engine human --seed 1") else {
        return;
    };
    tmux.wait_for("the first prompt", |s| s.contains("red>"));
    tmux.keys("b2n");
    tmux.wait_for("the move", |s| s.contains("move 1: red plays b2n") && s.ends_with_prompt());
    tmux.press(&["C-d"]);
    tmux.wait_for("the question", |s| s.contains("leave? [y/N]"));
    tmux.keys("n");
    tmux.wait_for("the prompt again", |s| s.trim_end().ends_with("blue>"));
    assert!(tmux.alive());
    tmux.press(&["C-d"]);
    tmux.wait_for("the question again", |s| s.matches("leave? [y/N]").count() == 2);
    tmux.keys("y");
    tmux.wait_gone();
}
