//! `wallrush engine` over pipes: a search reports as it deepens, and `stop`, `isready`
//! and `quit` are read while it runs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A generous bound for an answer: the tests check that one comes, not how fast.
const ANSWER: Duration = Duration::from_secs(60);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wallrush"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines written up to and with the first that starts with `word`.
    fn until(&self, word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(ANSWER) {
                Ok(line) => {
                    let done = line.starts_with(word);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no {word:?} ({e}) after {seen:?}"),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The depths of the `info depth` lines.
fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|rest| rest.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn stop_ends_a_search_that_would_not_end_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2 e8");
    for go in ["go infinite", "go movetime 600000"] {
        engine.send(go);
        // The first iteration is reported before `stop`, so the search has a move.
        let first = engine.until("info depth ");
        assert_eq!(depths(&first), [1], "{first:?}");
        engine.send("stop");
        let rest = engine.until("bestmove ");
        let m = rest.last().unwrap();
        assert_ne!(m, "bestmove (none)");
        let all = depths(&[first, rest.clone()].concat());
        assert!(all.windows(2).all(|w| w[0] <= w[1]), "{all:?}");
        engine.send("isready");
        assert_eq!(engine.until("readyok"), ["readyok"]);
    }
}

#[test]
fn isready_and_unknown_commands_are_answered_during_a_search() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("info depth ");
    engine.send("isready");
    let before = engine.until("readyok");
    assert!(!before.iter().any(|l| l.starts_with("bestmove")), "{before:?}");
    engine.send("fly");
    let before = engine.until("info string error: ");
    assert_eq!(before.last().unwrap(), "info string error: unknown command \"fly\"");
    assert!(!before.iter().any(|l| l.starts_with("bestmove")), "{before:?}");
    // The next command is read as ever.
    engine.send("stop");
    engine.until("bestmove ");
}

#[test]
fn multipv_over_pipes() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(hello.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()));
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 2");
    let out = engine.until("bestmove ");
    let deepest: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth 2 ")).collect();
    assert_eq!(deepest.len(), 3, "{out:?}");
    let mut firsts: Vec<&str> =
        deepest.iter().map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()).collect();
    for (k, l) in deepest.iter().enumerate() {
        assert!(l.starts_with(&format!("info depth 2 multipv {} score cp ", k + 1)), "{l}");
    }
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{out:?}");
}

#[test]
fn quit_during_a_search_ends_the_program() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("info depth ");
    engine.send("quit");
    let out = engine.until("bestmove ");
    assert_ne!(out.last().unwrap(), "bestmove (none)");
    // The program ends: its output closes, and its status is 0.
    match engine.lines.recv_timeout(ANSWER) {
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {}
        other => panic!("still talking after quit: {other:?}"),
    }
    let status = engine.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}
