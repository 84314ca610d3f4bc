//! The oracle fed a stream of lines, as `wallrush oracle` reads its standard input
//! (`oracle::serve`): exactly one answer line for every request line but the blank ones
//! (empty or JSON whitespace; a line over the limit is answered even if blank), in order,
//! each a JSON object with `ok`; a line over the limit is refused as too long; and each
//! answer is the one the line gets alone, so nothing of one line leaks into the next.
//!
//! Lines are limited to 512 bytes (the oracle's 1 MiB is past the fuzzer's input length)
//! so that refused lines, skipped rests and the lines after them are explored. Perft gets
//! 300 units of work (perft(2) from the opening needs 263) and no clock, so answers are
//! reproducible and a stream of many perft lines stays fast: the `oracle` target explores
//! deep perft, this one the stream.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use wallrush_cli::oracle::{is_blank, serve, Limits};

/// The limits of the run (see above).
const LIMITS: Limits = Limits { line_bytes: 512, perft_units: 300, perft_time: None };

/// The answer lines `serve` writes for `input`.
fn answers(input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    serve(input, &mut out, &LIMITS).expect("reading a slice and writing a Vec do not fail");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    assert!(text.is_empty() || text.ends_with('\n'), "every answer ends its line");
    text.lines().map(String::from).collect()
}

fuzz_target!(|data: &[u8]| {
    // The request lines, as a client counts them: split at each newline, the empty piece
    // after a final newline is no line.
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    // One byte over the limit is the `\r` of a `\r\n` line end.
    let too_long = |l: &[u8]| l.len() > LIMITS.line_bytes + 1;
    let requests: Vec<&[u8]> = lines.into_iter().filter(|l| too_long(l) || !is_blank(l)).collect();
    let got = answers(data);
    assert_eq!(got.len(), requests.len(), "one answer per request line");
    for (line, answer) in requests.iter().zip(&got) {
        let v: Value = serde_json::from_str(answer).expect("the answer is JSON");
        assert!(v["ok"].is_boolean(), "{answer}");
        if too_long(line) {
            assert_eq!(v["error"], format!("line longer than {} bytes", LIMITS.line_bytes), "{answer}");
        } else {
            let mut alone = line.to_vec();
            alone.push(b'\n');
            assert_eq!(answers(&alone), [answer.clone()], "the same answer alone");
        }
    }
});
