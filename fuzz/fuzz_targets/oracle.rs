//! The oracle's request handling: any line gets exactly one JSON answer, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let answer = wallrush_cli::oracle::handle_line(&line);
    assert!(!answer.contains('\n'), "one line per answer");
    assert!(answer.starts_with('{') && answer.ends_with('}'));
});
