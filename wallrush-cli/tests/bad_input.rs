//! The oracle rows of the bad-input table (docs/BAD_INPUT.md): the exact answer to each kind of bad
//! request line. The library rows are in `wallrush-core/tests/bad_input.rs`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};
use wallrush_cli::oracle::{handle_line, MAX_LINE_BYTES, MAX_MOVES};

fn ask(line: &str) -> Value {
    let answer = handle_line(line);
    assert!(!answer.contains('\n'));
    serde_json::from_str(&answer).unwrap_or_else(|e| panic!("not JSON: {answer:?}: {e}"))
}

fn refusal(kind: &str, error: &str) -> Value {
    json!({"ok": false, "ply": null, "kind": kind, "error": error})
}

#[test]
fn malformed_oracle_line() {
    assert_eq!(ask("{nope"), refusal("json", "invalid JSON: key must be a string at line 1 column 2"));
    assert_eq!(ask("[1, 2]"), refusal("json", "request must be a JSON object"));
    assert_eq!(ask(r#"{"mvoes": []}"#), refusal("json", "unknown field \"mvoes\""));
    assert_eq!(ask(r#"{"moves": "e2"}"#), refusal("json", "moves must be an array of strings"));
    assert_eq!(
        ask(r#"{"moves": ["e2", 7]}"#),
        json!({"ok": false, "ply": 1, "kind": "json", "error": "move 1 is not a string"})
    );
    assert_eq!(ask(r#"{"cmd": "perft", "depth": 99}"#), refusal("json", "depth must be an integer 0 ..= 8"));
    assert_eq!(
        ask(r#"{"variant": {"size": 8}}"#),
        refusal("variant", "size 8 is out of range: odd, 3 ..= 31")
    );
    assert_eq!(
        ask(r#"{"notation": "wallrush", "moves": ["hello"]}"#),
        json!({"ok": false, "ply": 0, "move": "hello", "kind": "parse",
               "error": "cannot read wallrush move \"hello\": expected a number at byte 1"})
    );
}

#[test]
fn bad_moves_in_a_request() {
    let cases = [
        (r#"{"moves": ["j5"]}"#, "j5", "illegal_pawn_move", "j5 is not a legal pawn move"),
        (r#"{"moves": ["i4h"]}"#, "i4h", "off_board", "i4h is off the board"),
        (r#"{"moves": ["r40c1h"]}"#, "r40c1h", "off_board", "r40c1h is off the board"),
        (
            r#"{"notation": "wallrush", "moves": ["Je2"]}"#,
            "Je2",
            "wrong_kind",
            "Je2 names a straight jump but the move is a step",
        ),
    ];
    for (line, mv, kind, error) in cases {
        assert_eq!(
            ask(line),
            json!({"ok": false, "ply": 0, "move": mv, "kind": kind, "error": error}),
            "{line}"
        );
    }
    let v = r#""variant": {"size": 3, "walls": 5}"#;
    assert_eq!(
        ask(&format!(r#"{{{v}, "moves": ["a1h", "a3", "b1v"]}}"#)),
        json!({"ok": false, "ply": 2, "move": "b1v", "kind": "no_route", "error": "b1v leaves south without a route"})
    );
    // A move after the game ended (south reached rank 3), and a resignation after it.
    let v = r#""variant": {"size": 3, "walls": 0}"#;
    for (extra, error) in
        [("c1", "c1: the game is over"), ("resign", "north cannot resign: the game is over")]
    {
        let line = format!(r#"{{{v}, "moves": ["a1", "c3", "a2", "c2", "a3", "{extra}"]}}"#);
        assert_eq!(
            ask(&line),
            json!({"ok": false, "ply": 5, "move": extra, "kind": "game_over", "error": error}),
            "{line}"
        );
    }
}

#[test]
fn absurd_lengths_are_refused_unread() {
    let long = format!("{{\"moves\": [\"{}\"]}}", "x".repeat(MAX_LINE_BYTES));
    assert_eq!(ask(&long), refusal("json", "line longer than 1048576 bytes"));
    let many = format!("{{\"moves\": [{}]}}", vec!["\"e2\""; MAX_MOVES + 1].join(","));
    assert!(many.len() <= MAX_LINE_BYTES);
    assert_eq!(ask(&many), refusal("json", "more than 100000 moves"));
    // A record to convert goes through the record reader's own limits.
    let record = "e2 e8 e1 e9 ".repeat(2_600);
    let line = json!({"cmd": "convert", "record": record, "to": "wallrush"}).to_string();
    assert_eq!(ask(&line), refusal("record", "line 1: more than 10000 actions"));
}

#[test]
fn ten_megabytes_of_garbage_then_a_good_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .arg("oracle")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start wallrush oracle");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let garbage = vec![b'#'; 10 << 20];
        stdin.write_all(&garbage).unwrap();
        stdin.write_all(b"\n{\"moves\": [\"e2\"]}\n").unwrap();
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let first: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(first, refusal("json", "line longer than 1048576 bytes"));
    let mut second = String::new();
    stdout.read_line(&mut second).unwrap();
    let second: Value = serde_json::from_str(&second).unwrap();
    assert_eq!((second["ok"].clone(), second["turn"].clone()), (json!(true), json!("north")));
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
}
