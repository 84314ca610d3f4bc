//! `wallrush verify` against a deliberately broken implementation
//! (tests/fake_engine.py, which answers through `wallrush oracle` except for one bug):
//! each bug is found and shrunk, and the shrunk sequences are asserted.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn fake(bug: &str) -> String {
    format!(
        "python3 {}/tests/fake_engine.py --oracle {} --bug {bug}",
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_wallrush")
    )
}

fn verify(engine: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .args(["verify", "--engine", engine, "--seed", "1"])
        .args(extra)
        .output()
        .expect("run wallrush verify")
}

/// The first report's (aspect, moves, wallrush line, engine line, oracle line).
fn first_report(out: &Output) -> (String, String, String, String, String) {
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    let head = lines.next().unwrap_or_default();
    let aspect =
        head.split_once('(').and_then(|(_, r)| r.split_once(')')).map(|(a, _)| a).unwrap_or_default();
    let mut field = |name: &str| {
        let line = lines.next().unwrap_or_default();
        line.strip_prefix(&format!("  {name}"))
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .trim()
            .to_string()
    };
    let _variant = field("variant:");
    let moves = field("moves:");
    let ours = field("wallrush:");
    let theirs = field("engine:");
    let oracle = field("oracle:");
    (aspect.to_string(), moves, ours, theirs, oracle)
}

#[test]
fn a_correct_engine_agrees() {
    let out = verify(
        &fake("none"),
        &["--variant", "size=5,walls=3", "--variant", "size=3,walls=2", "--games", "4"],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("summary: 4 games, ") && text.contains(" 0 disagreements"), "{text}");
    let progress = String::from_utf8_lossy(&out.stderr);
    assert!(progress.contains("verify [") && progress.contains("4/4 games"), "{progress}");
}

#[test]
fn crossing_walls_at_the_edge() {
    let out = verify(&fake("edge-cross"), &["--variant", "size=5,walls=3", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, oracle) = first_report(&out);
    assert_eq!(aspect, "legal");
    assert_eq!(moves, "c4v"); // one wall touching the edge is enough
    assert_eq!(ours, "31 moves; only here:");
    assert_eq!(theirs, "32 moves; only here: c4h");
    assert_eq!(
        oracle,
        r#"{"moves":["c4v"],"variant":{"goal":"edge","players":2,"size":5,"wall_length":2,"walls":3}}"#
    );
}

#[test]
fn diagonal_jumps_with_a_wall_behind() {
    let out = verify(&fake("diagonal"), &["--variant", "size=5,walls=3", "--games", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, _) = first_report(&out);
    assert_eq!(aspect, "legal");
    // The shortest game that shows it: the pawns meet on c3/c4, north walls c4h behind
    // itself, and south's diagonal jumps b4 and d4 are missing.
    assert_eq!(moves, "c2 c4 c3 c4h");
    assert_eq!(ours, "33 moves; only here: b4 d4");
    assert_eq!(theirs, "31 moves; only here:");
}

#[test]
fn pawns_blocking_the_path_check() {
    let out = verify(&fake("pawn-blocks"), &["--variant", "size=3,walls=2", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, _) = first_report(&out);
    assert_eq!(aspect, "legal");
    // After b2v north's only route runs a3-a2-a1... through no pawn, but a2v would leave
    // it a route only through south's pawn on b1: legal for wallrush, refused by the fake.
    assert_eq!(moves, "b2v");
    assert_eq!(ours, "5 moves; only here: a2v");
    assert_eq!(theirs, "4 moves; only here:");
}

#[test]
fn walls_miscounted_after_ten() {
    let out =
        verify(&fake("walls-after-10"), &["--variant", "size=9,walls=12", "--games", "1", "--no-probes"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, _) = first_report(&out);
    assert_eq!(aspect, "legal");
    let moves: Vec<&str> = moves.split(' ').collect();
    // South's ten walls and north's ten replies: the shortest game that shows it.
    assert_eq!(moves.len(), 20, "{moves:?}");
    let south_walls = moves.iter().step_by(2).filter(|m| m.ends_with('h') || m.ends_with('v')).count();
    assert_eq!(south_walls, 10, "{moves:?}");
    assert_eq!(
        moves.join(" "),
        "a8v d4h a5h g2v f5v g8v b2h a4v h2h g6h a3h a1v e5h f2v h1v b5v h6v e8 c2v b7h"
    );
    assert!(ours.starts_with("70 moves; only here: a6h a6v b1h"), "{ours}");
    assert_eq!(theirs, "3 moves; only here:");
}

#[test]
fn declared_differences_are_not_failures() {
    let known = std::env::temp_dir().join(format!("wallrush-known-{}.txt", std::process::id()));
    std::fs::write(&known, "# the fake's edge bug, declared\nignore legal\nignore refusal\n").unwrap();
    let out = verify(
        &fake("edge-cross"),
        &["--variant", "size=5,walls=3", "--games", "2", "--known", known.to_str().unwrap()],
    );
    let _ = std::fs::remove_file(&known);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains(" 0 disagreements, ") && !text.contains(" 0 declared"), "{text}");
}

#[test]
fn a_silent_engine_is_timed_out_and_killed() {
    let start = Instant::now();
    let out = verify(
        "read line; echo ok sizes=3-31; sleep 60",
        &["--variant", "size=3", "--games", "1", "--time", "300"],
    );
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, _, theirs, _) = first_report(&out);
    assert_eq!((aspect.as_str(), moves.as_str()), ("answer", "(none)"));
    assert_eq!(theirs, "no answer within 300 ms");
}

#[test]
fn vectors_are_deterministic() {
    let run = |seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_wallrush"))
            .args(["vectors", "--variant", "size=5,walls=3", "--games", "2", "--seed", seed])
            .output()
            .unwrap()
            .stdout
    };
    let a = run("3");
    assert_eq!(a, run("3"));
    assert_ne!(a, run("4"));
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&a).lines().next().unwrap()).unwrap();
    assert_eq!(first["variant"]["size"], 5);
    assert_eq!(first["legal"].as_array().unwrap().len(), 3 + 32);
}

#[test]
fn the_qtp_adapter_agrees_with_a_correct_qtp_engine() {
    // adapters/qtp_adapter.py driving tests/fake_qtp.py, a QTP speaker (KataQuoridor's
    // documented commands, flipped rows, `=`/`?` answers) built on `wallrush oracle`.
    let engine = format!(
        "python3 {root}/../adapters/qtp_adapter.py python3 {root}/tests/fake_qtp.py --oracle {bin}",
        root = env!("CARGO_MANIFEST_DIR"),
        bin = env!("CARGO_BIN_EXE_wallrush")
    );
    let out = verify(&engine, &["--variant", "size=9", "--games", "4", "--max-plies", "40"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let summary = text.lines().find(|l| l.starts_with("summary: ")).unwrap_or_else(|| panic!("{text}"));
    assert!(summary.starts_with("summary: 4 games, ") && summary.contains(" 0 disagreements, "), "{summary}");
    let plies: usize = summary["summary: 4 games, ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(plies >= 40, "{summary}"); // the games were played, not refused
}

#[test]
fn a_declared_ply_cap_stops_every_game_there() {
    let known = std::env::temp_dir().join(format!("wallrush-cap-{}.txt", std::process::id()));
    std::fs::write(&known, "ply-cap 4*size^2 # 100 on 5x5\nply-cap 3\n").unwrap();
    let out = verify(
        &fake("none"),
        &["--variant", "size=5,walls=3", "--games", "2", "--no-probes", "--known", known.to_str().unwrap()],
    );
    let _ = std::fs::remove_file(&known);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // Three plies a game; the position at the cap (the engine's draw) is declared, not compared.
    assert!(
        text.contains("summary: 2 games, 6 plies, ") && text.contains(" 2 declared differences"),
        "{text}"
    );
}
