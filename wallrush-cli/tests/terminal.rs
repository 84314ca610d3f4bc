//! One `wallrush play` session driven in a real terminal (tmux), its screen checked with
//! `tmux capture-pane`. tmux is installed with `apt-get install -y tmux` when missing and
//! possible; otherwise the test says why and skips.

mod common;

use std::time::{Duration, Instant};

use common::tmux::{ensure_tmux, EndsWithPrompt, Tmux};

#[test]
fn a_game_in_a_real_terminal() {
    // Skipped (with a line saying so) only where tmux is missing and cannot be
    // installed (ensure_tmux runs `apt-get install -y tmux`); on CI and this machine it
    // runs. By hand: `apt-get install tmux`, then `cargo test -p wallrush-cli --test terminal`.
    if let Err(why) = ensure_tmux() {
        println!("skipping the terminal test: tmux is not available ({why})");
        return;
    }
    let tmux = Tmux { socket: format!("wallrush-cli-test-{}", std::process::id()) };
    let bin = env!("CARGO_BIN_EXE_wallrush");
    // The history and the autosave go to a data directory of the test's own.
    let data = std::env::temp_dir().join(format!("wallrush-cli-terminal-{}", std::process::id()));
    let command = format!(
        "TERM=xterm-256color XDG_DATA_HOME={} {bin} play --size 5 --walls 3 --engine strong:n300 --seed 1",
        data.display()
    );
    let started = tmux.run(&["new-session", "-d", "-s", "play", "-x", "100", "-y", "50", &command]);
    assert!(started.status.success(), "{}", String::from_utf8_lossy(&started.stderr));

    // The prompt appears (the input is a terminal), under a box-drawn board.
    let screen = tmux.wait_for("the first prompt", |s| s.contains("south>"));
    assert!(screen.contains("   ┌───┬───┬───┬───┬───┐"), "{screen}");
    assert!(screen.contains(" 5 │   │   │ N │   │   │ 5"), "{screen}");
    assert!(screen.contains(" 1 │   │ • │ S │ • │   │ 1"), "{screen}");
    assert!(screen.contains("▶ S south  route  4  walls  3"), "{screen}");
    // Seat colours, as the output is a terminal.
    let coloured = tmux.screen(true);
    // (tmux writes the codes its own way: `ESC[0;1m ESC[33m ESC[49m S`.)
    assert!(
        coloured.contains("33m\x1b[49m S ") || coloured.contains("33m S "),
        "no amber south pawn:\n{coloured}"
    );
    assert!(
        coloured.contains("36m\x1b[49m N ") || coloured.contains("36m N "),
        "no teal north pawn:\n{coloured}"
    );

    // A move, the engine's reply, and the next prompt.
    tmux.keys("c2");
    let screen =
        tmux.wait_for("the engine's reply", |s| s.contains("(strong:n300) plays") && s.ends_with_prompt());
    assert!(screen.contains("ply 1: south plays c2"), "{screen}");
    assert!(screen.contains("S south  route  3  walls  3"), "{screen}");

    // A refused wall says why; a wall is drawn heavy.
    tmux.keys("e5h");
    let screen = tmux.wait_for("the refusal", |s| s.contains("illegal: e5h is off the board"));
    assert!(screen.contains("(nothing changed)"), "{screen}");
    tmux.keys("a3h");
    let screen = tmux.wait_for("the wall", |s| s.contains("ply 3: south plays a3h") && s.ends_with_prompt());
    assert!(screen.contains("━━━┿━━━"), "{screen}");
    assert!(screen.contains("walls  2"), "{screen}");

    // The game is not saved: quit asks first (it is autosaved all the same).
    tmux.keys("quit");
    let screen = tmux.wait_for("the question", |s| s.contains("quit? [y/N]") || s.contains("leave? [y/N]"));
    assert!(screen.contains("the game is not saved (play --resume brings back the autosave)"), "{screen}");
    let autosaved = std::fs::read_to_string(data.join("wallrush/autosave.txt")).expect("the autosave");
    assert!(autosaved.contains("1. c2 "), "{autosaved}");
    tmux.keys("y");
    let start = Instant::now();
    while tmux.alive() {
        assert!(start.elapsed() < Duration::from_secs(10), "wallrush did not quit:\n{}", tmux.screen(false));
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&data);
}
