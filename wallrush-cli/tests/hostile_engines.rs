//! `wallrush verify` and `wallrush arena` against engines that misbehave on purpose: each
//! run goes through the binary under an address-space limit (`prlimit --as`) and a
//! wall-clock limit, and must end on its own with a clear message.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The address space allowed to wallrush and the engine (each process has its own).
const MEMORY: &str = "--as=1073741824"; // 1 GiB
/// How long a run may take before the test kills it and fails.
const WALL: Duration = Duration::from_secs(60);

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("wallrush-hostile-{name}-{}", std::process::id()))
}

/// Runs wallrush with `args` under the memory limit, killing it after [`WALL`].
fn bounded(name: &str, args: &[&str]) -> Run {
    let (out, err) = (scratch(&format!("{name}.out")), scratch(&format!("{name}.err")));
    let start = Instant::now();
    let mut child = Command::new("prlimit")
        .arg(MEMORY)
        .arg(env!("CARGO_BIN_EXE_wallrush"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("run prlimit wallrush");
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > WALL {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name}: still running after {WALL:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |p: &PathBuf| {
        let t = String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
        let _ = std::fs::remove_file(p);
        t
    };
    Run { code: status.code(), stdout: read(&out), stderr: read(&err), took: start.elapsed() }
}

#[test]
fn verify_drops_an_engine_that_floods_answers() {
    // Flooding from the start: caught while the engine should be silent after `hello`.
    let flood = "read a; echo ok; exec yes ok";
    let r = bounded("flood", &["verify", "--engine", flood, "--games", "5000", "--no-database"]);
    assert_eq!(r.code, Some(2), "{} {}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("after hello: the engine wrote an answer it was not asked for (\"ok\"); dropped"),
        "{}",
        r.stderr
    );
    assert!(r.took < Duration::from_secs(30), "{:?}", r.took);
    // Flooding once a game has started: caught at the next command, the run stopped.
    let late = "read a; echo ok sizes=3-31; read a; echo ok; exec yes ok";
    let r = bounded("late-flood", &["verify", "--engine", late, "--games", "5000", "--no-database"]);
    assert_eq!(r.code, Some(1), "{} {}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("verify stopped: the engine wrote an answer it was not asked for (\"ok\"); dropped"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("summary: 1 games, 0 plies, "), "{}", r.stdout);
    assert!(r.took < Duration::from_secs(30), "{:?}", r.took);
}

#[test]
fn verify_survives_an_engine_that_stops_reading() {
    // It answers `hello`, then writes `ok` forever without reading a command again.
    let engine = "read a; echo ok; while true; do echo ok; sleep 0.005; done";
    let r =
        bounded("hang", &["verify", "--engine", engine, "--games", "5000", "--seed", "1", "--no-database"]);
    assert_eq!(r.code, Some(2), "{} {}", r.stdout, r.stderr);
    assert!(r.stderr.contains("not asked for"), "{}", r.stderr);
    assert!(r.took < Duration::from_secs(30), "{:?}", r.took);
}

#[test]
fn arena_forfeits_an_engine_that_floods_answers() {
    let dir = scratch("arena-out");
    let _ = std::fs::remove_dir_all(&dir);
    let a = "gen:read a; echo ok y; read a; echo ok; exec yes ok";
    let r = bounded(
        "arena-flood",
        &[
            "arena",
            "--a",
            a,
            "--b",
            "strong:20000",
            "--games",
            "2",
            "--max-plies",
            "20",
            "--seed",
            "1",
            "--out",
            dir.to_str().unwrap(),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    let all = format!("{}{}", r.stdout, r.stderr);
    assert!(matches!(r.code, Some(0) | Some(1)), "{all}");
    assert!(all.contains("forfeit"), "{all}");
    assert!(r.took < Duration::from_secs(40), "{:?}", r.took);
}
