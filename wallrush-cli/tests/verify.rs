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
        .args(["verify", "--engine", engine, "--seed", "1", "--no-database"])
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
    assert_eq!(moves, "b4h"); // one wall touching the edge is enough
    assert_eq!(ours, "30 moves; only here:");
    assert_eq!(theirs, "31 moves; only here: b4v");
    assert_eq!(
        oracle,
        r#"{"moves":["b4h"],"variant":{"goal":"edge","players":2,"size":5,"wall_length":2,"walls":3}}"#
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("  position: north to move; pawns south=c1 north=c5; walls left south=2 north=3\n"),
        "{text}"
    );
    assert!(
        text.contains("  disputed: b4v: wallrush refuses it, crosses (b4v crosses wall b4h)\n"),
        "{text}"
    );
    assert!(
        text.contains("    new size=5 players=2 walls=3 wall_length=2 goal=edge\n    play b4h\n    legal\n"),
        "{text}"
    );
}

#[test]
fn diagonal_jumps_with_a_wall_behind() {
    let out = verify(&fake("diagonal"), &["--variant", "size=5,walls=3", "--games", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, _) = first_report(&out);
    assert_eq!(aspect, "legal");
    // Four plies, the fewest that show it (no game of three plies does, see
    // docs/VERIFY.md): three pawn steps that bring the pawns face to face and a wall
    // behind the one met, such as c2 c4 c3 b4h. The two diagonal jumps are missing.
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_eq!(moves.len(), 4, "{moves:?}");
    assert_eq!(moves.iter().filter(|m| m.ends_with('h') || m.ends_with('v')).count(), 1, "{moves:?}");
    let only = |side: &str| side.split("only here:").nth(1).unwrap_or("").split_whitespace().count();
    assert_eq!(only(&ours), 2, "{ours}");
    assert_eq!(only(&theirs), 0, "{theirs}");
}

#[test]
fn pawns_blocking_the_path_check() {
    let out = verify(&fake("pawn-blocks"), &["--variant", "size=3,walls=2", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, _) = first_report(&out);
    assert_eq!(aspect, "legal");
    // With south on a1, b1h leaves south a single route, through north's pawn on b3's
    // side of the board only past a pawn: legal for wallrush, refused by the fake.
    assert_eq!(moves, "a1");
    assert_eq!(ours, "11 moves; only here: b1h");
    assert_eq!(theirs, "10 moves; only here:");
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
    // Which twenty moves the shrinker settles on depends on how far it gets within its
    // time (--shrink-time), so the moves are checked by what they show: after south's
    // tenth wall the engine lists no wall at all, while wallrush lists the walls south
    // still holds.
    let (_, only_ours) = ours.split_once("only here: ").expect("ours names its extra moves");
    // A long list ends with `…`.
    let mut walls = only_ours.split(" ").filter(|m| *m != "…");
    assert!(walls.clone().count() > 0 && walls.all(|m| m.ends_with('h') || m.ends_with('v')), "{ours}");
    assert!(theirs.ends_with("only here:"), "{theirs}");
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

#[test]
fn an_undo_bug_is_shrunk_and_its_script_replays() {
    let out = verify(&fake("undo-wall"), &["--variant", "size=5,walls=3", "--games", "4", "--fail-fast"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("disagreement ").count(), 1, "--fail-fast stops at the first: {text}");
    let (aspect, moves, _, _, _) = first_report(&out);
    assert_eq!(aspect, "legal");
    // One wall, taken back: the fake keeps it.
    assert_eq!(moves.split(' ').count(), 1, "{moves}");
    assert!(moves.ends_with('h') || moves.ends_with('v'), "{moves}");
    let script = format!(
        "    new size=5 players=2 walls=3 wall_length=2 goal=edge\n    play {moves}\n    undo\n    legal\n"
    );
    assert!(text.contains(&script), "{text}");
    // The report, saved as it was printed, replays against the same engine...
    let file = std::env::temp_dir().join(format!("wallrush-undo-report-{}.txt", std::process::id()));
    std::fs::write(&file, text.as_bytes()).unwrap();
    let again = verify(&fake("undo-wall"), &["--replay", file.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stdout).contains(&script));
    // ...and agrees with a correct one.
    let fixed = verify(&fake("none"), &["--replay", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    let fixed_text = String::from_utf8_lossy(&fixed.stdout);
    assert!(fixed.status.success(), "{fixed_text}");
    assert!(
        fixed_text.contains("summary: 1 games, 0 plies, ") && fixed_text.contains(" 0 disagreements"),
        "{fixed_text}"
    );
}

#[test]
fn an_accepted_pass_is_found_by_the_pass_probe() {
    let out = verify(&fake("illegal-pass"), &["--variant", "size=5,walls=3", "--games", "1", "--fail-fast"]);
    assert_eq!(out.status.code(), Some(1));
    let (aspect, moves, ours, theirs, _) = first_report(&out);
    assert_eq!((aspect.as_str(), moves.as_str()), ("refusal:illegal_pass", "(none)"));
    assert_eq!((ours.as_str(), theirs.as_str()), ("refused illegal_pass (pass)", "ok"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("  disputed: pass: wallrush refuses it, illegal_pass ("), "{text}");
    assert!(text.contains("    play pass  # probe: "), "{text}");
}

#[test]
fn failing_scripts_are_kept_and_replayed_first() {
    let db = std::env::temp_dir().join(format!("wallrush-verify-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&db);
    let run = |bug: &str, games: &str| {
        Command::new(env!("CARGO_BIN_EXE_wallrush"))
            .args(["verify", "--engine", &fake(bug), "--seed", "1", "--database", db.to_str().unwrap()])
            .args(["--variant", "size=5,walls=3", "--games", games, "--fail-fast"])
            .output()
            .unwrap()
    };
    let first = run("edge-cross", "1");
    assert_eq!(first.status.code(), Some(1));
    assert_eq!(std::fs::read_dir(&db).unwrap().count(), 1);
    // No game is played, yet the saved example still fails.
    let second = run("edge-cross", "0");
    let text = String::from_utf8_lossy(&second.stdout);
    assert_eq!(second.status.code(), Some(1), "{text}");
    assert!(text.contains("example database: 1 scripts replayed first"), "{text}");
    // Once the engine is fixed the example agrees and is dropped.
    let third = run("none", "0");
    assert!(third.status.success(), "{}", String::from_utf8_lossy(&third.stdout));
    assert_eq!(std::fs::read_dir(&db).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&db);
}

#[test]
fn no_shrink_time_reports_the_game_as_found() {
    let out = verify(
        &fake("edge-cross"),
        &["--variant", "size=5,walls=3", "--games", "1", "--shrink-time", "0", "--fail-fast"],
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let head = text.lines().next().unwrap_or_default();
    assert!(head.contains(" in 0 candidates "), "{head}");
    assert!(!text.contains("not shown again"), "{text}");
    let found = head.split("found after ").nth(1).and_then(|r| r.split(' ').next()).unwrap();
    let (_, moves, _, _, _) = first_report(&out);
    assert_eq!(moves.split(' ').count().to_string(), found, "{text}");
    let bad = verify(&fake("none"), &["--variant", "size=5,walls=3", "--shrink-time=-1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--shrink-time"));
}
