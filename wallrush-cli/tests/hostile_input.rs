//! The program's promises under hostile input, through the real binary, one test per
//! class (the program's rows of docs/BAD_INPUT.md): bounded memory (under
//! `ulimit -v`), output failures (`/dev/full`, closed pipes), bounded time (a perft
//! refusal by the clock on the largest variants), one answer per request line, and strict
//! JSON. Linux only (`/dev/full`, `/dev/zero`, `/proc`); elsewhere they do nothing.
#![cfg(target_os = "linux")]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{wallrush, TempDir};
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_wallrush");

/// The address space each memory test allows the program: a few times what it needs, a
/// small part of what the inputs would take if they were held.
const ULIMIT_KB: u32 = 100_000;

/// `wallrush ARGS` under `ulimit -v`, with `stdin` as given.
fn limited(args: &[&str], stdin: Stdio) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {ULIMIT_KB}; exec \"$0\" \"$@\""))
        .arg(BIN)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// `head -c BYTES /dev/zero` (no newline anywhere), as a child's standard input.
fn zeros(bytes: u64) -> (Child, Stdio) {
    let mut head = Command::new("head")
        .args(["-c", &bytes.to_string(), "/dev/zero"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = head.stdout.take().unwrap();
    (head, Stdio::from(out))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn answers(out: &[u8]) -> Vec<Value> {
    text(out).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}"))).collect()
}

fn refusal(kind: &str, error: &str) -> Value {
    json!({"ok": false, "ply": null, "kind": kind, "error": error})
}

// ----- memory ---------------------------------------------------------------------

#[test]
fn memory_is_bounded_for_every_reader() {
    // 128 MiB without a newline at the play prompt, then the end of input.
    let (mut head, stdin) = zeros(128 << 20);
    let out = limited(&["play", "--seed", "1"], stdin);
    head.wait().unwrap();
    // A refused line makes a scripted game end with status 1.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("1 line was refused"), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("a line over 65536 bytes is not read (nothing changed)"));

    // `load /dev/zero` at the prompt, then a move: the game goes on.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {ULIMIT_KB}; exec \"$0\" play --seed 1 --engine human"))
        .arg(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"load /dev/zero\ne2\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let shown = text(&out.stdout);
    assert!(shown.contains("cannot read /dev/zero: over the limit of 1048576 bytes"), "{shown}");
    assert!(shown.contains("ply 1: south plays e2"), "{shown}");

    // check, convert and svg stop reading at the record limit, from a file or stdin.
    let over = "over the limit of 1048576 bytes";
    for args in [
        &["check", "/dev/zero"][..],
        &["convert", "--to", "wallrush", "/dev/zero"],
        &["svg", "/dev/zero"],
        &["play", "--load", "/dev/zero"],
    ] {
        let out = limited(args, Stdio::null());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr), format!("wallrush: cannot read /dev/zero: {over}\n"), "{args:?}");
    }
    for args in [&["check", "-"][..], &["convert", "--to", "wallrush", "-"], &["svg", "-"]] {
        let out = limited(args, Stdio::from(std::fs::File::open("/dev/zero").unwrap()));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr), format!("wallrush: cannot read standard input: {over}\n"));
    }

    // The oracle: 128 MiB without a newline gets its one refusal, at the end of input too.
    let (mut head, stdin) = zeros(128 << 20);
    let out = limited(&["oracle"], stdin);
    head.wait().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(answers(&out.stdout), [refusal("json", "line longer than 1048576 bytes")]);
}

/// The oracle's peak resident memory after `line` and a good request.
fn oracle_peak_after(line: &[u8]) -> u64 {
    let mut child =
        Command::new(BIN).arg("oracle").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let data = line.to_vec();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&data).unwrap();
        stdin.write_all(b"\n{\"moves\": [\"e2\"]}\n").unwrap();
        stdin
    });
    let mut answer = String::new();
    stdout.read_line(&mut answer).unwrap();
    answer.clear();
    stdout.read_line(&mut answer).unwrap();
    assert!(answer.contains("\"turn\":\"north\""), "{answer}");
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).unwrap();
    let kb: u64 = peak.trim().trim_end_matches("kB").trim().parse().unwrap();
    drop(writer.join().unwrap());
    assert!(child.wait().unwrap().success());
    kb
}

#[test]
fn the_oracle_holds_no_long_line() {
    // A 64 MiB line is refused and skipped, never held: the peak stays far below it.
    let peak = oracle_peak_after(&vec![b'x'; 64 << 20]);
    assert!(peak < 32 << 10, "peak {peak} kB after a 64 MiB line");
}

// ----- output ---------------------------------------------------------------------

/// A record file in a fresh folder.
fn record(dir: &TempDir, text: &str) -> String {
    let path = dir.file("game.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_full_disk_is_one_line_and_status_2_for_every_subcommand() {
    let dir = TempDir::new("full");
    let game = record(&dir, "1. e2 e8 2. e3 e7\n");
    let message = "wallrush: cannot write to standard output: No space left on device (os error 28)";
    for (args, stdin) in [
        (&["check", game.as_str()][..], ""),
        (&["convert", "--to", "wallrush", game.as_str()], ""),
        (&["svg", game.as_str()], ""),
        (&["perft", "2"], ""),
        (&["perft", "2", "--divide"], ""),
        (&["oracle"], "{\"moves\": [\"e2\"]}\n"),
        (&["demo", "--quiet"], ""),
        (&["arena", "--games", "1", "--a", "random", "--b", "random", "--variant", "size=3,walls=0"], ""),
        (&["play", "--seed", "1"], "e2\n"),
        (&["play", "--game", "wallgo", "--seed", "1"], "quit\n"),
        (&["--help"], ""),
    ] {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().last(), Some(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Runs `wallrush ARGS` with standard output a pipe whose reader has gone, and `stdin`
/// after it is gone: the program's first write meets a closed pipe, every time.
fn into_closed_pipe(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("read go; exec \"$0\" \"$@\"")
        .arg(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"go\n").unwrap();
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let mut err = Vec::new();
    child.stderr.take().unwrap().read_to_end(&mut err).unwrap();
    let status = child.wait().unwrap();
    Output { status, stdout: Vec::new(), stderr: err }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for (args, stdin, code) in [
        (&["check", "-"][..], "1. e2 e8\n", 0),
        (&["check", "-"], "1. e2 e5\n", 1), // the verdict's status, even unprinted
        (&["perft", "3", "--divide"], "", 0),
        (&["perft", "2"], "", 0),
        (&["convert", "--to", "wallrush", "-"], "e2 e8\n", 0),
        (&["svg", "-"], "e2 e8\n", 0),
        (&["oracle"], "{\"moves\": [\"e2\"]}\n{\"moves\": []}\n", 0),
        (&["demo", "--quiet"], "", 0),
        (&["play", "--seed", "1"], "e2\n", 0),
        (&["--help"], "", 0),
    ] {
        let out = into_closed_pipe(args, stdin);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
}

// ----- time -----------------------------------------------------------------------

#[test]
fn a_perft_refusal_comes_within_seconds_on_the_largest_variants() {
    // Before the clock, depth 5 here was refused after 175-210 s of a 10 M unit budget.
    // The bound checked is 5 s (the limit is 1 s): a bound, not a speed claim.
    let largest = r#""variant": {"size": 31, "players": 4, "walls": 99, "wall_length": 30}"#;
    let requests = [
        format!(r#"{{"cmd": "perft", "depth": 5, {largest}}}"#),
        format!(r#"{{"cmd": "perft", "depth": 8, {largest}}}"#),
        r#"{"cmd": "perft", "depth": 8, "variant": {"size": 31, "players": 2, "walls": 99, "wall_length": 30, "goal": "centre"}}"#.to_string(),
        r#"{"cmd": "perft", "depth": 8, "variant": {"size": 5, "players": 4}}"#.to_string(),
        r#"{"cmd": "perft", "depth": 8}"#.to_string(),
    ];
    let mut child =
        Command::new(BIN).arg("oracle").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for request in &requests {
        let start = Instant::now();
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        let took = start.elapsed();
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["kind"], "too_large", "{request}: {answer}");
        assert!(took < Duration::from_secs(5), "{request}: refused after {took:?}");
    }
    // The next request waits at most for one refusal.
    let start = Instant::now();
    writeln!(stdin, "{}\n{{\"moves\": [\"e2\"]}}", requests[0]).unwrap();
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let got = answers(rest.as_bytes());
    assert_eq!(got.len(), 2);
    assert_eq!((got[0]["kind"].clone(), got[1]["turn"].clone()), (json!("too_large"), json!("north")));
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert!(child.wait().unwrap().success());
}

// ----- one answer per request -----------------------------------------------------

#[test]
fn every_line_but_a_blank_one_gets_one_answer() {
    let unicode_blanks: [&[u8]; 6] =
        [b"\xc2\xa0", b"\xc2\x85", b"\xe2\x80\xa8", b"\xe3\x80\x80", b"\x0b", b"\x0c"];
    let mut input = Vec::new();
    for line in unicode_blanks {
        input.extend_from_slice(line);
        input.extend_from_slice(b"\n\n \t\r\n"); // each followed by JSON-blank lines, skipped
    }
    input.extend_from_slice(b"{\"moves\": [\"e2\"]}\n");
    let mut child =
        Command::new(BIN).arg("oracle").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let got = answers(&out.stdout);
    assert_eq!(got.len(), unicode_blanks.len() + 1, "{got:?}");
    for a in &got[..6] {
        assert_eq!(*a, refusal("json", "invalid JSON: expected value at line 1 column 1"));
    }
    assert_eq!(got[6]["turn"], "north");
}

// ----- strict JSON ----------------------------------------------------------------

#[test]
fn strict_json_and_strict_options() {
    let mut lines: Vec<u8> = Vec::new();
    for line in [
        &br#"{"moves": ["zz"], "moves": []}"#[..],
        br#"{"variant": {"size": 9, "size": 5}}"#,
        b"{\"cmd\": \"convert\", \"record\": \"[Event \\\"\xff\\\"]\\n\\n1. e2\\n\", \"to\": \"wallrush\"}",
        br#"{"cmd": "convert", "moves": ["e2"], "to": "wallrush", "depth": 3}"#,
        br#"{"variant": {"size": 4294967305}}"#,
    ] {
        lines.extend_from_slice(line);
        lines.push(b'\n');
    }
    let mut child =
        Command::new(BIN).arg("oracle").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(&lines).unwrap();
    let got = answers(&child.wait_with_output().unwrap().stdout);
    assert_eq!(
        got,
        [
            refusal("json", "invalid JSON: duplicate key \"moves\" at line 1 column 25"),
            refusal("json", "invalid JSON: duplicate key \"size\" at line 1 column 30"),
            refusal("json", "invalid UTF-8 at byte 39"),
            refusal("json", "depth is only for cmd \"perft\""),
            refusal("variant", "size 4294967305 is out of range: odd, 3 ..= 31"),
        ]
    );
    // The command line's variants, in the core's words: a key twice, a number as given.
    let twice = wallrush(&["perft", "1", "--variant", "size=9,size=5"], "");
    assert_eq!(
        (twice.code, twice.stderr.as_str()),
        (2, "wallrush: field size given twice, again at byte 7\n")
    );
    let huge = wallrush(&["convert", "--to", "wallrush", "--variant", "size=4294967305", "-"], "e2\n");
    assert_eq!(
        (huge.code, huge.stderr.as_str()),
        (2, "wallrush: size 4294967305 is out of range: odd, 3 ..= 31\n")
    );
    // The flags reach the same builder: one message for `--size N` and `--variant size=N`.
    for n in ["8", "4294967305"] {
        let flag = wallrush(&["play", "--engine", "human", "--size", n], "");
        let text = wallrush(&["perft", "1", "--variant", &format!("size={n}")], "");
        assert_eq!(
            (flag.code, flag.stderr.as_str()),
            (2, format!("wallrush: size {n} is out of range: odd, 3 ..= 31\n").as_str())
        );
        assert_eq!(flag.stderr, text.stderr);
    }
    // A byte-order mark before a bare move list: read alike by check, svg and convert.
    let bom = "\u{feff}e2 e8\n";
    let check = wallrush(&["check", "-"], bom);
    assert_eq!((check.code, check.stdout.as_str()), (0, "valid: 2 plies; game in progress, south to move\n"));
    assert_eq!(wallrush(&["svg", "-"], bom).stdout, wallrush(&["svg", "-"], "e2 e8\n").stdout);
    let convert = wallrush(&["convert", "--to", "wallrush", "-"], bom);
    assert_eq!((convert.code, convert.stdout.as_str()), (0, "e2 e8\n"), "{}", convert.stderr);
}
