//! The oracle's request handling: any line gets exactly one JSON answer, never a panic.
//! The answer is one line holding a JSON object with `ok`; a refusal names its `kind`
//! (lowercase words joined by `_`) and has an `error` message; the same line always gets
//! the same answer.
//!
//! Perft requests get a work budget of 100,000 units instead of the oracle's 10 M (about
//! a second in a release build, many more with coverage instrumentation): the same code
//! paths, refusals included, at a speed that keeps the fuzzer exploring.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// The perft work budget (see above).
const BUDGET: u64 = 100_000;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let answer = wallrush_cli::oracle::handle_line_within(&line, BUDGET);
    assert!(!answer.contains('\n'), "one line per answer");
    let v: Value = serde_json::from_str(&answer).expect("the answer is JSON");
    let obj = v.as_object().expect("the answer is an object");
    match obj.get("ok") {
        Some(Value::Bool(true)) => {}
        Some(Value::Bool(false)) => {
            let kind = obj["kind"].as_str().expect("a refusal has a kind");
            assert!(!kind.is_empty() && kind.bytes().all(|c| c.is_ascii_lowercase() || c == b'_'), "{kind}");
            assert!(obj["error"].is_string(), "a refusal has an error message");
            assert!(obj["ply"].is_null() || obj["ply"].is_u64());
        }
        other => panic!("ok is {other:?} in {answer}"),
    }
    assert_eq!(
        wallrush_cli::oracle::handle_line_within(&line, BUDGET),
        answer,
        "the same line, the same answer"
    );
});
