//! `bench-report`: the table of PERFORMANCE.md targets from the latest criterion run.
//!
//! ```text
//! bench-report [--criterion-dir DIR] [--skip-b10] [--callgrind] [--callgrind-only] [--probe KIND]...
//! bench-report probe KIND (wallrush|naive) REPS
//! ```
//!
//! Reads the medians criterion left in `target/criterion/<group>/<function>/new/
//! estimates.json` (run `scripts/bench-report.sh`, which runs the benches first), counts
//! the flood fills of B7, times perft(4) (B10) once each way, and prints one Markdown
//! table: benchmark, wallrush median, naive median, ratio, target, pass/short. Exits 1
//! if a ratio falls below its target, 2 if a criterion result is missing.
//!
//! `--callgrind` adds instruction counts (stable on a noisy machine): reachability, distance, the mid-game move list and move count, make +
//! unmake of one move, perft(3) of the opening, perft(3) of M1 + M2 + M3 (the first three
//! positions of `data/perft-midgame.txt`) and perft(4) of the opening, each beside the
//! naive reference (but perft(4)), its target and a status; then `size_of` of the copied
//! state per word width. Each probe runs under `valgrind --tool=callgrind` twice (with 0
//! and with REPS repetitions) and the difference is divided by the calls.
//! `--callgrind-only` prints that table alone (no criterion results needed); `--probe
//! KIND` (repeatable) keeps only the probes named.
//!
//! The callgrind run ends with the board-size table (probe kind `sizes`): for every odd
//! size 5–31, two seats with 10 walls each, the instructions per position counted at the
//! last ply of perft(3) from the opening. The first ply's moves are sampled (one in
//! `ceil(moves / 64)`, in list order; 5×5 is counted whole) so that 31×31 stays under a
//! minute under callgrind; the sampled subtrees are counted in full.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use serde_json::Value;
use wallrush_benches::naive::{Board, Grid, Scratch};
use wallrush_benches::sets;
use wallrush_benches::targets::{Measure, Target, TARGETS};
use wallrush_core::{perft, Position, Seat};

/// Groups without a target, reported per element for information: (group, what, function).
const EXTRAS: [(&str, &str, &str); 7] = [
    ("distance", "route length from the path cache", "wallrush_cached"),
    ("distance", "scalar BFS of wallrush_core::paths", "core_paths"),
    ("route", "route with its squares (cached)", "wallrush"),
    ("make_unmake", "make+unmake, per move", "wallrush"),
    ("preview", "wall preview, per legal wall", "wallrush"),
    ("movelist_4seat", "four-seat legal move list, per move", "wallrush"),
    ("large_slots", "25×25 full legal move list, per slot", "wallrush_list"),
];

const SEATS: [Seat; 2] = [Seat::South, Seat::North];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("probe") {
        return probe(&args[1..]);
    }
    let mut dir = None;
    let (mut skip_b10, mut callgrind, mut only_callgrind) = (false, false, false);
    let mut only: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--criterion-dir" => dir = it.next().map(PathBuf::from),
            "--skip-b10" => skip_b10 = true,
            "--callgrind" => callgrind = true,
            "--callgrind-only" => {
                callgrind = true;
                only_callgrind = true;
            }
            "--probe" => only.extend(it.next().cloned()),
            "-h" | "--help" => {
                println!(
                    "bench-report [--criterion-dir DIR] [--skip-b10] [--callgrind] [--callgrind-only] [--probe KIND]..."
                );
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("bench-report: unknown argument {other:?}");
                return ExitCode::from(2);
            }
        }
    }
    if only_callgrind {
        instruction_counts(&only);
        return ExitCode::SUCCESS;
    }
    let dir = dir.unwrap_or_else(default_criterion_dir);
    let mut missing = Vec::new();
    let mut short = Vec::new();

    println!("| id | benchmark | wallrush | naive | ratio | target | seen possible | status |");
    println!("|---|---|---:|---:|---:|---|---|---|");
    for t in TARGETS {
        let figures = match t.measure {
            Measure::Criterion { group, calls } => {
                let ours = median(&dir, group, "wallrush");
                let naive = median(&dir, group, "naive");
                match (ours, naive) {
                    (Some(o), Some(n)) => Some((o / calls as f64, n / calls as f64)),
                    _ => {
                        missing.push(group);
                        None
                    }
                }
            }
            Measure::Floods => Some(floods()),
            Measure::Direct if skip_b10 => None,
            Measure::Direct => Some(perft4()),
        };
        let Some((ours, naive)) = figures else {
            println!("| {} | {} | – | – | – | {} | {} | not run |", t.id, t.what, target(&t), seen(&t));
            continue;
        };
        let ratio = naive / ours;
        let ratio_ok = ratio >= t.ratio;
        let abs_ok = ours <= t.must;
        let status = match (ratio_ok, abs_ok) {
            (true, true) => "pass".to_string(),
            (true, false) => format!("pass (abs {:.2}× over must)", ours / t.must),
            (false, _) => format!("**short** ({:.0}% of ratio)", 100.0 * ratio / t.ratio),
        };
        if !ratio_ok || (t.is_count() && !abs_ok) {
            short.push(t.id);
        }
        println!(
            "| {} | {} | {} | {} | {:.1}× | {} | {} | {} |",
            t.id,
            t.what,
            show(&t, ours),
            show(&t, naive),
            ratio,
            target(&t),
            seen(&t),
            status
        );
    }

    println!();
    println!("| other group | wallrush per element | naive per element | ratio |");
    println!("|---|---:|---:|---:|");
    for (group, what, function) in EXTRAS {
        let per = |f: &str| Some(median(&dir, group, f)? / elements(&dir, group, f)?);
        if let (Some(o), Some(n)) = (per(function), per("naive")) {
            println!("| {what} | {} | {} | {:.1}× |", time(o), time(n), n / o);
        }
    }

    if callgrind {
        println!();
        instruction_counts(&only);
    }
    if !missing.is_empty() {
        eprintln!(
            "bench-report: no criterion results for {} under {} (run scripts/bench-report.sh)",
            missing.join(", "),
            dir.display()
        );
        return ExitCode::from(2);
    }
    if !short.is_empty() {
        eprintln!("bench-report: short of target: {}", short.join(", "));
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn default_criterion_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("criterion")
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Criterion's median time of one iteration, in nanoseconds.
fn median(dir: &Path, group: &str, function: &str) -> Option<f64> {
    let v = read_json(&dir.join(group).join(function).join("new/estimates.json"))?;
    v["median"]["point_estimate"].as_f64()
}

/// The elements (moves, nodes, calls) of one iteration, as the bench declared them.
fn elements(dir: &Path, group: &str, function: &str) -> Option<f64> {
    let v = read_json(&dir.join(group).join(function).join("new/benchmark.json"))?;
    v["throughput"]["Elements"].as_f64()
}

/// B7: flood fills per mid-game move list, the library's against the reference's.
fn floods() -> (f64, f64) {
    let set = sets::midgame();
    let (mut ours, mut naive) = (0, 0);
    for p in &set {
        ours += p.diagnostics().legal_moves_counting_floods().1;
        naive += Board::<u128>::new(p).floods_per_list();
    }
    (ours as f64 / set.len() as f64, naive as f64 / set.len() as f64)
}

/// B10: perft(4) from the opening, one run each way (minutes of CPU on a shared machine
/// otherwise), in nanoseconds. Both counts must agree.
fn perft4() -> (f64, f64) {
    let pos = Position::classic();
    let t = Instant::now();
    let nodes = perft(black_box(&pos), 4);
    let ours = t.elapsed().as_nanos() as f64;
    let board = Board::<u128>::new(&pos);
    let t = Instant::now();
    let theirs = board.perft(4);
    let naive = t.elapsed().as_nanos() as f64;
    assert_eq!(nodes, theirs, "perft(4) differs between wallrush and the reference");
    eprintln!("bench-report: perft(4) of the opening = {nodes}");
    (ours, naive)
}

fn show(t: &Target, x: f64) -> String {
    if t.is_count() {
        format!("{x:.2}")
    } else {
        time(x)
    }
}

fn target(t: &Target) -> String {
    format!("≤ {}, ≥ {}×", show(t, t.must), t.ratio)
}

fn seen(t: &Target) -> String {
    show(t, t.seen)
}

/// Nanoseconds in a readable unit.
fn time(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.1} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

// ----- instruction counts ---------------------------------------------------------------

/// Positions the probe runs on (a prefix of the mid-game set).
const PROBE_POSITIONS: usize = 100;
/// The mid-game perft positions M1, M2, M3: the first three of `data/perft-midgame.txt`.
const PERFT_M: usize = 3;

/// One callgrind probe: a kind of call, the rounds it runs, and its target.
struct Probe {
    kind: &'static str,
    what: &'static str,
    reps: u64,
    /// The target in instructions per call, if any.
    target: Option<f64>,
    /// Whether the naive reference runs too (perft(4) by flood-per-slot is some 15 s
    /// natively, half an hour under callgrind).
    naive: bool,
}

const PROBES: [Probe; 11] = [
    Probe { kind: "reach", what: "goal reachability, one pawn (B1)", reps: 20, target: None, naive: true },
    Probe { kind: "distance", what: "BFS distance, one pawn (B2)", reps: 20, target: None, naive: true },
    Probe {
        kind: "movelist",
        what: "legal move list, one mid-game position (B4)",
        reps: 5,
        target: Some(1_900.0),
        naive: true,
    },
    Probe {
        kind: "movecount",
        what: "legal move count, one mid-game position (B6)",
        reps: 10,
        target: Some(1_000.0),
        naive: true,
    },
    Probe {
        kind: "makeunmake",
        what: "make + unmake of one move (naive: clone + play)",
        reps: 2,
        target: Some(150.0),
        naive: true,
    },
    Probe { kind: "makeunmake_pawn", what: "… of a pawn move only", reps: 20, target: None, naive: true },
    Probe { kind: "makeunmake_wall", what: "… of a wall only", reps: 2, target: None, naive: true },
    Probe {
        kind: "perft3",
        what: "perft(3) from the classic opening (B9)",
        reps: 1,
        target: Some(20e6),
        naive: true,
    },
    Probe {
        kind: "perft3m",
        what: "perft(3) of M1 + M2 + M3 (data/perft-midgame.txt)",
        reps: 1,
        target: Some(40e6),
        naive: true,
    },
    Probe {
        kind: "perft4",
        what: "perft(4) from the classic opening (B10)",
        reps: 1,
        target: Some(2.5e9),
        naive: false,
    },
    Probe {
        kind: "search",
        what: "search from the opening, per node (20,000-node budget)",
        reps: 1,
        target: None,
        naive: false,
    },
];

/// The node budget of the search probe.
const SEARCH_NODES: u64 = 20_000;

/// The nodes the search probe visits (deterministic for a node budget).
fn search_nodes() -> u64 {
    wallrush_engine::Searcher::new(1 << 16)
        .search(&Position::classic(), wallrush_engine::Limits::nodes(SEARCH_NODES))
        .nodes
}

/// The mid-game probe positions and, for each, its legal moves.
fn probe_set() -> Vec<Position> {
    sets::midgame_samples(PROBE_POSITIONS).into_iter().map(|s| s.position).collect()
}

/// The moves a make + unmake probe plays in `pos`: all legal moves, or those of one kind.
fn probe_moves(kind: &str, pos: &Position) -> Vec<wallrush_core::Move> {
    use wallrush_core::Move;
    let keep = |m: &Move| match kind {
        "makeunmake_pawn" => matches!(m, Move::Pawn(_)),
        "makeunmake_wall" => matches!(m, Move::Wall(_)),
        _ => true,
    };
    pos.legal_moves().into_iter().filter(keep).collect()
}

fn probe_calls(kind: &str, set: &[Position]) -> u64 {
    if let Some(size) = size_probe(kind) {
        return size_subtrees(size).iter().map(|p| perft(p, 1)).sum();
    }
    match kind {
        "movelist" | "movecount" => set.len() as u64,
        "makeunmake" | "makeunmake_pawn" | "makeunmake_wall" => {
            set.iter().map(|p| probe_moves(kind, p).len() as u64).sum()
        }
        "perft3" | "perft3m" | "perft4" => 1,
        "search" => search_nodes(),
        _ => (set.len() * SEATS.len()) as u64,
    }
}

/// The work measured under callgrind: `reps` rounds of one kind of call on one side.
fn probe(args: &[String]) -> ExitCode {
    let [kind, side, reps] = args else {
        eprintln!("usage: bench-report probe KIND (wallrush|naive) REPS");
        return ExitCode::from(2);
    };
    let Ok(reps) = reps.parse::<u64>() else {
        eprintln!("bench-report probe: REPS {reps:?} is not a number");
        return ExitCode::from(2);
    };
    if let Some(size) = size_probe(kind) {
        let subtrees = size_subtrees(size);
        let mut acc = 0u64;
        for _ in 0..reps {
            acc += black_box(&subtrees).iter().map(|p| perft(p, 2)).sum::<u64>();
        }
        println!("{}", black_box(acc));
        return ExitCode::SUCCESS;
    }
    let set = probe_set();
    let moves: Vec<Vec<wallrush_core::Move>> = set.iter().map(|p| probe_moves(kind, p)).collect();
    let grids: Vec<Grid> = set.iter().map(Grid::new).collect();
    let boards: Vec<Board<u128>> = set.iter().map(Board::new).collect();
    let m123: Vec<Position> = sets::perft_midgame().into_iter().take(PERFT_M).map(|c| c.position).collect();
    let opening = Position::classic();
    let mut scratch = Scratch::default();
    let mut work = set.clone();
    let mut acc = 0usize;
    for _ in 0..reps {
        match (kind.as_str(), side.as_str()) {
            ("reach", "wallrush") => {
                for p in black_box(&set) {
                    for s in SEATS {
                        acc += usize::from(p.diagnostics().reaches_goal_fresh(s));
                    }
                }
            }
            ("reach", "naive") => {
                for g in black_box(&grids) {
                    for s in SEATS {
                        acc += usize::from(g.reaches(s, &mut scratch));
                    }
                }
            }
            ("distance", "wallrush") => {
                for p in black_box(&set) {
                    for s in SEATS {
                        acc += p.diagnostics().route_len_fresh(s).unwrap_or(0) as usize;
                    }
                }
            }
            ("distance", "naive") => {
                for g in black_box(&grids) {
                    for s in SEATS {
                        acc += g.distance(s, &mut scratch).unwrap_or(0) as usize;
                    }
                }
            }
            ("movelist", "wallrush") => {
                acc += black_box(&set).iter().map(|p| p.legal_moves().len()).sum::<usize>();
            }
            ("movelist" | "movecount", "naive") => {
                acc += black_box(&boards).iter().map(|b| b.legal_moves().len()).sum::<usize>();
            }
            ("movecount", "wallrush") => {
                acc += black_box(&set).iter().map(Position::legal_move_count).sum::<usize>();
            }
            ("makeunmake" | "makeunmake_pawn" | "makeunmake_wall", "wallrush") => {
                for (p, ms) in work.iter_mut().zip(&moves) {
                    for &m in ms {
                        let undo = p.make(m);
                        acc += black_box(&*p).walls_left(Seat::South) as usize;
                        p.unmake(undo);
                    }
                }
            }
            ("makeunmake" | "makeunmake_pawn" | "makeunmake_wall", "naive") => {
                for (b, ms) in black_box(&boards).iter().zip(&moves) {
                    for &m in ms {
                        let mut child = b.clone();
                        child.play(m);
                        black_box(&child);
                        acc += 1;
                    }
                }
            }
            ("perft3", "wallrush") => acc += perft(black_box(&opening), 3) as usize,
            ("perft3", "naive") => acc += Board::<u128>::new(black_box(&opening)).perft(3) as usize,
            ("perft3m", "wallrush") => {
                acc += m123.iter().map(|p| perft(black_box(p), 3)).sum::<u64>() as usize
            }
            ("perft3m", "naive") => {
                acc += m123.iter().map(|p| Board::<u128>::new(black_box(p)).perft(3)).sum::<u64>() as usize;
            }
            ("perft4", "wallrush") => acc += perft(black_box(&opening), 4) as usize,
            ("search", "wallrush") => {
                let limits = wallrush_engine::Limits::nodes(SEARCH_NODES);
                acc += wallrush_engine::Searcher::new(1 << 16).search(black_box(&opening), limits).nodes
                    as usize;
            }
            _ => {
                eprintln!("bench-report probe: unknown probe {kind} {side}");
                return ExitCode::from(2);
            }
        }
    }
    assert!(work.iter().zip(&set).all(|(w, p)| w.diagnostics().identical(p)), "unmake restores");
    println!("{}", black_box(acc));
    ExitCode::SUCCESS
}

/// The board sizes of the size table: every odd size the Pallwall family plays, and the
/// largest.
const SIZES: [u32; 14] = [5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31];
/// First-ply subtrees the size probe keeps at most.
const SIZE_SUBTREES: usize = 64;

/// The size of a size probe (`perft3n<SIZE>`), if `kind` is one.
fn size_probe(kind: &str) -> Option<u32> {
    kind.strip_prefix("perft3n")?.parse().ok().filter(|n| SIZES.contains(n))
}

/// Two seats with 10 walls each on an `n × n` board.
fn size_variant(n: u32) -> wallrush_core::Variant {
    wallrush_core::Variant::new(n, 2, 10, 2, wallrush_core::Goal::Edge).expect("an odd size 5–31")
}

/// The positions after the sampled first moves of the opening of [`size_variant`]: one
/// in `ceil(moves / SIZE_SUBTREES)`, in the order of the legal move list.
fn size_subtrees(n: u32) -> Vec<Position> {
    let pos = Position::new(size_variant(n));
    let moves = pos.legal_moves();
    let step = moves.len().div_ceil(SIZE_SUBTREES);
    moves
        .iter()
        .step_by(step)
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            child
        })
        .collect()
}

/// Instructions callgrind counted for one probe run, or why not.
fn collected(kind: &str, side: &str, reps: u64) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out_file = std::env::temp_dir().join(format!("wallrush-callgrind-{}.out", std::process::id()));
    let out = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(exe)
        .args(["probe", kind, side, &reps.to_string()])
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let _ = std::fs::remove_file(&out_file);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("valgrind failed: {stderr}"));
    }
    stderr
        .lines()
        .find_map(|l| l.split_once("Collected :").map(|(_, n)| n.trim().replace(',', "")))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| "no 'Collected :' line in valgrind's output".to_string())
}

/// Instructions in a readable unit.
fn instr(x: f64) -> String {
    if x < 1e6 {
        format!("{x:.0}")
    } else if x < 1e9 {
        format!("{:.2} M", x / 1e6)
    } else {
        format!("{:.3} G", x / 1e9)
    }
}

/// The board-size table: per odd size, the cells, the 64-bit words they need, and the
/// instructions per position counted at the last ply of perft(3) (sampled first ply, see
/// the module docs).
fn size_table() {
    println!();
    println!("| size | cells | words needed | counted positions (sampled) | Ir per counted position |");
    println!("|---|---:|---:|---:|---:|");
    for n in SIZES {
        let kind = format!("perft3n{n}");
        let counted = probe_calls(&kind, &[]);
        let cells = n * n;
        let figure = collected(&kind, "wallrush", 0)
            .and_then(|base| Ok((base, collected(&kind, "wallrush", 1)?)))
            .map(|(base, run)| run.saturating_sub(base) as f64 / counted as f64);
        match figure {
            Ok(ir) => {
                println!("| {n}×{n} | {cells} | {} | {counted} | {ir:.0} |", cells.div_ceil(64))
            }
            Err(e) => {
                println!("| {n}×{n} | {cells} | {} | {counted} | not run |", cells.div_ceil(64));
                eprintln!("bench-report: callgrind {kind}: {e}");
            }
        }
    }
}

/// The callgrind table: instructions per call, wallrush beside the naive
/// reference, each against its target; then the size of the copied state per width.
/// `only` keeps the probes whose kind it names (all when empty).
fn instruction_counts(only: &[String]) {
    let set = probe_set();
    let chosen: Vec<&Probe> =
        PROBES.iter().filter(|p| only.is_empty() || only.iter().any(|o| o == p.kind)).collect();
    if !chosen.is_empty() {
        println!("| callgrind probe | wallrush Ir/call | naive Ir/call | ratio | target | status |");
        println!("|---|---:|---:|---:|---:|---|");
    }
    for p in chosen {
        let calls = probe_calls(p.kind, &set);
        let per_call = |side: &str| -> Result<f64, String> {
            let base = collected(p.kind, side, 0)?;
            let run = collected(p.kind, side, p.reps)?;
            Ok(run.saturating_sub(base) as f64 / (p.reps * calls) as f64)
        };
        let ours = per_call("wallrush");
        let naive = if p.naive { Some(per_call("naive")) } else { None };
        let (o, n) = match (ours, naive) {
            (Ok(o), None) => (o, None),
            (Ok(o), Some(Ok(n))) => (o, Some(n)),
            (Err(e), _) | (_, Some(Err(e))) => {
                println!("| {} | – | – | – | – | not run |", p.what);
                eprintln!("bench-report: callgrind {}: {e}", p.kind);
                continue;
            }
        };
        let (target, status) = match p.target {
            None => ("–".to_string(), "–".to_string()),
            Some(t) if o <= t => (format!("≤ {}", instr(t)), "pass".to_string()),
            Some(t) => (format!("≤ {}", instr(t)), format!("**short** ({:.2}× over)", o / t)),
        };
        let (nshow, ratio) = match n {
            Some(n) => (instr(n), format!("{:.1}×", n / o)),
            None => ("not run".to_string(), "–".to_string()),
        };
        println!("| {} | {} | {nshow} | {ratio} | {target} | {status} |", p.what, instr(o));
    }
    if only.is_empty() || only.iter().any(|o| o == "sizes") {
        size_table();
    }
    println!();
    println!("| word width | boards | `size_of` state (bytes) |");
    println!("|---|---|---:|");
    for (width, boards, bytes) in wallrush_core::Diagnostics::state_sizes() {
        println!("| `{width}` | {boards} | {bytes} |");
    }
    println!(
        "\n`size_of::<Position>()` = {}, `size_of::<Undo>()` = {}",
        std::mem::size_of::<Position>(),
        std::mem::size_of::<wallrush_core::Undo>()
    );
}
