//! `wallrush perft --threads N --hash MB`: the counts and the divide of the serial perft on
//! several variants, progress with the time left, and clear refusals of bad options.

mod common;
use common::wallrush;

fn count(args: &[&str]) -> (String, String) {
    let run = wallrush(args, "");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    let nodes = run.stdout.lines().find(|l| l.starts_with("nodes ")).expect("a nodes line").to_string();
    let divide = run
        .stdout
        .lines()
        .filter(|l| !l.starts_with("nodes") && !l.starts_with("time"))
        .collect::<Vec<_>>()
        .join("\n");
    (nodes, divide)
}

#[test]
fn threads_and_hash_give_the_serial_counts_and_divide() {
    let cases: [(&str, &str, &str); 5] = [
        ("3", "", ""),
        ("4", "size=5,players=4,walls=3", ""),
        ("3", "size=7,players=4,walls=4,wall_length=3", "d2 a3h"),
        ("3", "size=9,walls=10,wall_length=4", "e2 e8 c3h"),
        ("2", "size=13,walls=6", ""),
    ];
    for (depth, variant, moves) in cases {
        let mut base = vec!["perft", depth, "--divide"];
        if !variant.is_empty() {
            base.extend(["--variant", variant]);
        }
        if !moves.is_empty() {
            base.extend(["--moves", moves]);
        }
        let serial = count(&base);
        assert!(serial.1.lines().count() > 1, "{}", serial.1);
        for extra in [&["--threads", "2"][..], &["--hash", "4"], &["--threads", "3", "--hash", "1"]] {
            let args: Vec<&str> = base.iter().copied().chain(extra.iter().copied()).collect();
            assert_eq!(count(&args), serial, "{args:?}");
        }
    }
    assert_eq!(count(&["perft", "3", "--threads", "2", "--hash", "8"]).0, "nodes 2062264");
}

#[test]
fn deep_perft_over_threads_reports_progress_and_time_left() {
    let run = wallrush(&["perft", "5", "--variant", "size=5,walls=1", "--threads", "2", "--hash", "4"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nodes 157380"), "{}", run.stdout);
    let first = run.stderr.lines().next().unwrap_or_default();
    assert!(first.starts_with("perft(5): 1/") && first.contains(" left"), "{}", run.stderr);
    let last = run.stderr.lines().last().unwrap_or_default();
    assert!(last.contains("first moves, 157380 nodes") && !last.contains(" left"), "{}", run.stderr);
}

#[test]
fn bad_threads_and_hash_are_refused_with_the_option_named() {
    for (args, says) in [
        (&["perft", "3", "--threads", "0"][..], "--threads: threads must be 1 ..= 1024, not 0"),
        (&["perft", "3", "--threads", "5000"], "--threads: threads must be 1 ..= 1024, not 5000"),
        (&["perft", "3", "--hash", "70000"], "--hash: hash must be 0 ..= 65536 MiB, not 70000"),
    ] {
        let run = wallrush(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
    let run = wallrush(&["perft", "3", "--threads", "two"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--threads"), "{}", run.stderr);
}
