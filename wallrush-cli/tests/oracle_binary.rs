//! Drives the real `wallrush oracle` binary with good and bad lines.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

#[test]
fn oracle_answers_each_line_and_survives_garbage() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .arg("oracle")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start wallrush oracle");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |line: &str| -> Value {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("not JSON: {answer:?}: {e}"))
    };
    // One answer per line, in order, flushed line by line (we wait for each).
    let a = ask(
        r#"{"variant": {"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"}, "moves": ["e2", "e8", "d4h"]}"#,
    );
    assert_eq!(a["ok"], true);
    assert_eq!(a["turn"], "north");
    assert_eq!(a["walls_left"], json!({"south": 9, "north": 10}));
    assert_eq!(a["outcome"], Value::Null);
    assert_eq!(
        ask(r#"{"moves": ["d4v", "e8", "d4h"]}"#),
        json!({"ok": false, "ply": 2, "move": "d4h", "kind": "crosses", "error": "d4h crosses wall d4v"})
    );
    let bad = ask("this is not json");
    assert_eq!(
        (bad["ok"].clone(), bad["kind"].clone(), bad["ply"].clone()),
        (json!(false), json!("json"), Value::Null)
    );
    // 10 MB of garbage on one line: refused, and the oracle goes on.
    let garbage = "x".repeat(10 << 20);
    assert_eq!(ask(&garbage)["kind"], "json");
    assert_eq!(ask(r#"{"cmd": "perft", "depth": 2}"#), json!({"ok": true, "nodes": 16677}));
    let four = ask(r#"{"variant": {"players": 4, "goal": "centre"}}"#);
    assert_eq!(four["walls_left"], json!({"south": 5, "west": 5, "north": 5, "east": 5}));
    assert_eq!(four["routes"]["west"], 4);
    let big = ask(r#"{"variant": {"size": 27}, "moves": ["r2c14"]}"#);
    assert_eq!(big["pawns"]["south"], "r2c14");
    // A win: the game is over and further moves are refused as game_over.
    let won = ask(r#"{"variant": {"size": 3, "walls": 0}, "moves": ["a1", "c3", "a2", "c2", "a3"]}"#);
    assert_eq!(won["outcome"], json!({"winner": "south"}));
    assert_eq!(won["legal"], json!([]));
    let after = ask(r#"{"variant": {"size": 3, "walls": 0}, "moves": ["a1", "c3", "a2", "c2", "a3", "c1"]}"#);
    assert_eq!((after["kind"].clone(), after["ply"].clone()), (json!("game_over"), json!(5)));
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn perft_and_demo_subcommands() {
    let out = Command::new(env!("CARGO_BIN_EXE_wallrush")).args(["perft", "2"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("nodes 16677"));
    let out = Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .args(["perft", "1", "--variant", "size=8"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("size 8 is out of range"));
    let out = Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .args(["demo", "--quiet", "--seed", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("result: ") && text.contains("perft(3) from the opening: 2062264 nodes"), "{text}");
}

#[test]
fn territory_games_through_the_binary() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .arg("oracle")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start wallrush oracle");
    let mut stdin = child.stdin.take().unwrap();
    let lines = [
        r#"{"game": "wallgo", "moves": ["b2-c3n"]}"#,
        r#"{"game": "enclosure", "setup": {"first": 2}, "moves": ["C3n e5-e4"]}"#,
        r#"{"game": "wallgo", "moves": ["b2-b5n"]}"#,
        r#"{"moves": ["e2"]}"#,
    ];
    for line in lines {
        writeln!(stdin, "{line}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let answers: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), lines.len());
    assert_eq!(answers[0]["walls"], json!({"c3n": "red"}));
    assert_eq!(answers[0]["turn"], "blue");
    assert_eq!(answers[1]["walls"], json!({"c3n": 2}));
    assert_eq!((answers[1]["turn"].clone(), answers[1]["moves_left"].clone()), (json!(1), json!(2)));
    assert_eq!(answers[2]["kind"], "unreachable");
    assert_eq!(answers[3]["turn"], "north");
}
