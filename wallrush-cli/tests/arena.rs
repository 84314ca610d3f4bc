//! `wallrush arena` through the binary, against tests/fake_player.py in each dialect
//! (generic, UCI, QTP), and against players that break the rules or the clock.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn fake(protocol: &str, bug: Option<&str>) -> String {
    let mut cmd = format!(
        "{protocol}:python3 {}/tests/fake_player.py --oracle {} --protocol {protocol}",
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_wallrush")
    );
    if let Some(b) = bug {
        cmd.push_str(&format!(" --bug {b}"));
    }
    cmd
}

fn arena(a: &str, b: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wallrush"))
        .args(["arena", "--a", a, "--b", b, "--seed", "3"])
        .args(extra)
        .output()
        .expect("run wallrush arena")
}

fn text(out: &Output) -> (String, String) {
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn plays_each_dialect_with_colours_alternating_and_records() {
    for protocol in ["gen", "uci", "qtp"] {
        let dir = std::env::temp_dir().join(format!("wallrush-arena-{protocol}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = arena(
            "strong:n3000",
            &fake(protocol, None),
            &["--games", "2", "--max-plies", "60", "--ms", "50", "--out", dir.to_str().unwrap()],
        );
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{protocol}: {stdout}\n{stderr}");
        // The fake runs straight for its goal and never walls; the strong engine walls it
        // off and wins both games, once with each colour.
        assert!(stdout.contains("A wins/draws/losses: 2/0/0, score 100.0%"), "{protocol}: {stdout}");
        assert!(
            stdout.contains("pairs (same opening, colours swapped) won/drawn/lost by A: 1/0/0"),
            "{stdout}"
        );
        assert!(stderr.contains("game 1/2: south A north B"), "{stderr}");
        assert!(stderr.contains("game 2/2: south B north A"), "{stderr}");
        assert!(stdout.contains("median depth"), "{stdout}");
        // Records that replay: the Termination tag says how each game ended.
        for g in ["game-001.txt", "game-002.txt"] {
            let record = std::fs::read_to_string(dir.join(g)).expect("a record per game");
            assert!(record.contains("[Event \"wallrush arena\"]"), "{record}");
            assert!(record.contains("[Termination "), "{record}");
            let check = Command::new(env!("CARGO_BIN_EXE_wallrush"))
                .args(["check", dir.join(g).to_str().unwrap()])
                .output()
                .unwrap();
            assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn an_illegal_move_or_no_answer_loses_the_game() {
    let out = arena("strong:n500", &fake("gen", Some("illegal")), &["--games", "2", "--opening", "0"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("A wins/draws/losses: 2/0/0"), "{stdout}");
    assert!(stdout.contains("B:") && stdout.contains("2 games forfeited"), "{stdout}");
    assert!(stderr.contains("B forfeits: as south: e5 is not a legal pawn move"), "{stderr}");
    // A player that never answers loses on time, and the match still ends soon.
    let started = Instant::now();
    let out = arena(
        &fake("uci", Some("silent")),
        "beginner",
        &["--games", "2", "--ms", "20", "--slack", "200", "--opening", "0"],
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("A wins/draws/losses: 0/0/2"), "{stdout}");
    assert!(stderr.contains("A forfeits: as south: no answer within"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn internal_matches_at_node_budgets_are_deterministic_at_any_concurrency() {
    let run = |extra: &[&str]| {
        let out =
            arena("strong:n2000", "strong:n1000", &[&["--games", "4", "--max-plies", "80"], extra].concat());
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        (stdout, stderr)
    };
    let (first, _) = run(&[]);
    assert!(first.contains("A wins/draws/losses: "), "{first}");
    assert_eq!(first.matches(" ms a move (median ").count(), 2, "{first}");
    // Time a move differs from run to run, and the line of settings names the
    // concurrency; everything else is the same.
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("ms a move") && !l.starts_with("variant: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&first), strip(&run(&[]).0));
    let (two, progress) = run(&["--concurrency", "2"]);
    assert_eq!(strip(&first), strip(&two));
    assert!(two.contains(", 2 games at once"), "{two}");
    assert_eq!(progress.lines().filter(|l| l.starts_with("game ")).count(), 4, "{progress}");
    assert!(progress.contains("4 played, A "), "{progress}");
}

#[test]
fn bad_options_are_refused() {
    for (a, b, extra) in [
        ("weak", "beginner", vec![]),
        ("strong", "gen:", vec![]),
        ("strong", "beginner", vec!["--ms", "0"]),
        ("strong", "beginner", vec!["--max-plies", "0"]),
        ("strong", "beginner", vec!["--variant", "size=99"]),
        ("strong", "beginner", vec!["--concurrency", "0"]),
        ("strong+qs", "beginner", vec![]),
    ] {
        let out = arena(a, b, &extra);
        assert_eq!(out.status.code(), Some(2), "{a} {b} {extra:?}: {}", text(&out).1);
    }
    // A program that does not start its handshake is refused with status 2.
    let out = arena("strong", "gen:exit 3", &["--games", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out).1);
    assert!(text(&out).1.contains("player B"), "{}", text(&out).1);
    // QTP and UCI play the classic game only: the fake forfeits a 5×5 game.
    let out = arena("beginner", &fake("uci", None), &["--games", "1", "--variant", "size=5,walls=3"]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert!(text(&out).1.contains("classic game only"), "{}", text(&out).1);
}

/// The moves of a record, without its tags.
fn moves_of(record: &str) -> String {
    record.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join("\n")
}

#[test]
fn another_build_through_the_engine_subcommand_plays_the_library_s_games() {
    let bin = env!("CARGO_BIN_EXE_wallrush");
    let tmp = std::env::temp_dir().join(format!("wallrush-arena-engine-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let play = |b: &str, dir: &str| {
        let dir = tmp.join(dir);
        let out = arena(
            "strong:n1500",
            b,
            &["--games", "2", "--variant", "size=7,walls=6", "--out", dir.to_str().unwrap()],
        );
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{b}: {stdout}\n{stderr}");
        assert!(!stdout.contains("forfeited"), "{stdout}");
        (stdout, dir)
    };
    let (external, ext_dir) = play(&format!("wallrush:n1500:{bin}"), "external");
    let (internal, int_dir) = play("strong:n1500", "internal");
    // The same whole games, move for move, as the engine in this process plays.
    for g in ["game-001.txt", "game-002.txt"] {
        let a = std::fs::read_to_string(ext_dir.join(g)).unwrap();
        let b = std::fs::read_to_string(int_dir.join(g)).unwrap();
        assert!(a.contains(&format!("wallrush:n1500:{bin}")), "{a}");
        assert!(moves_of(&a).split_whitespace().count() > 10, "{a}");
        assert_eq!(moves_of(&a), moves_of(&b));
    }
    let wdl = |s: &str| s.lines().find(|l| l.starts_with("A wins/draws/losses")).map(str::to_string);
    assert_eq!(wdl(&external), wdl(&internal));
    // The other build reports its depth too.
    assert_eq!(external.matches("median depth").count(), 2, "{external}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn an_sprt_stops_the_match_at_a_bound() {
    let out = arena(
        "strong:n2000",
        "random",
        &["--games", "60", "--variant", "size=5,walls=3", "--sprt", "elo0=0,elo1=200,alpha=0.05,beta=0.05"],
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // Every pair won: the LLR climbs by the same step a pair until it passes 2.94.
    let played = stderr.lines().filter(|l| l.starts_with("game ")).count();
    assert!(played < 60 && played % 2 == 0, "{played} games\n{stderr}");
    assert!(stderr.lines().all(|l| l.contains(", LLR ") && l.contains(" [-2.94, 2.94]")), "{stderr}");
    let sprt = stdout.lines().find(|l| l.starts_with("SPRT ")).expect("an SPRT line");
    assert!(sprt.ends_with(&format!("after {} pairs: H1 accepted (Elo ≥ 200)", played / 2)), "{sprt}");
    assert!(stdout.contains("no estimate: one side won every game"), "{stdout}");
    assert!(!stdout.contains("inf"), "{stdout}");
    // A bad test is refused.
    for bad in ["elo0=5,elo1=0", "elo1=5", "elo0=0,elo1=5,alpha=2"] {
        let out = arena("random", "random", &["--sprt", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out).1.contains("--sprt: "), "{}", text(&out).1);
    }
}

#[test]
fn the_engine_subcommand_answers_errors_and_ends_cleanly() {
    use std::io::Write;
    use std::process::Stdio;
    let talk = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wallrush"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let out = talk("uci\nfly away\nposition startpos moves e2 e8\ngo depth 2\nquit\nisready\n");
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("uciok\n"), "{stdout}");
    assert!(stdout.contains("info string error: unknown command \"fly\"\n"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("bestmove ") && l != "bestmove (none)"), "{stdout}");
    // Nothing is read after `quit`.
    assert!(!stdout.contains("readyok"), "{stdout}");
    // The end of the input ends it too.
    let out = talk("isready\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out).0, "readyok\n");
}
