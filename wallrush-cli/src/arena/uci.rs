//! `wallrush engine`: the strong engine speaking the arena's UCI-style dialect on standard
//! input and output, so that `wallrush arena` can play one build of the program against
//! another (`--b wallrush:PATH`), and `wallrush.engine` in Python can analyse with it.
//!
//! Commands, one a line (every line at most [`MAX_LINE_BYTES`]):
//!
//! - `uci`: answered by `id name …`, `option name Variant …`, `option name MultiPV …`
//!   and `uciok`;
//! - `isready`: answered by `readyok`, at once, even while a search runs;
//! - `setoption name Variant value size=7,walls=6`: the variant of the next games, as
//!   key=value pairs (the classic game until set);
//! - `setoption name MultiPV value K`: the next searches report the K best root moves
//!   (1 to [`MAX_MULTIPV`], 1 until set);
//! - `ucinewgame`: a new game, with a fresh transposition table (so that a game at a node
//!   budget is the same whatever was played before);
//! - `position startpos [moves M…]`: the position after the moves, in standard notation;
//! - `go [movetime MS | nodes N | depth D | infinite]` (default 1000 ms): a search,
//!   reported by one `info depth D score cp S nodes N nps N time MS pv …` line for every
//!   line of every completed iteration (with `multipv R` after the depth when MultiPV
//!   is above 1; depths increase; the best line comes first in each iteration) and
//!   ended by `bestmove MOVE` (`bestmove (none)` when the game is over or no position
//!   is set). A search that ends within an iteration and plays another move than the
//!   last line reported (its first move searched in full and found better) reports
//!   that line once more before `bestmove`, so the last first line's first move is the
//!   move played; one that plays the move last reported repeats that iteration's lines
//!   with the nodes counted to the end, so the last report counts every node searched.
//!   `go infinite` searches until `stop` (or its deepest iteration);
//! - `stop`: ends the search under way (once its first iteration is done), which
//!   answers with its `bestmove` at once; ignored when no search runs;
//! - `quit`, or the end of the input: the program ends with status 0. `quit` stops a
//!   search under way as `stop` does (its `bestmove` is the last line written); at the
//!   end of the input the search under way runs to its limit first.
//!
//! While a search runs, `stop`, `quit`, `isready`, `uci` and lines that cannot be read
//! are answered at once; `position`, `setoption`, `ucinewgame` and `go` wait for the
//! search to end and are then read in order (at most [`MAX_WAITING`] of them: past
//! that, no more input is read until the search ends).
//!
//! A line that cannot be read (unknown command, bad number, illegal move, a line too
//! long or not UTF-8) is answered by `info string error: …` and changes nothing; a bad
//! `position` clears the position, so a following `go` answers `bestmove (none)`.
//!
//! ```
//! use wallrush_cli::arena::uci::serve;
//! let mut out = Vec::new();
//! serve(&b"uci\nposition startpos moves e2 e8\ngo depth 2\nquit\n"[..], &mut out)?;
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("uciok\n"));
//! assert!(text.contains("info depth 1 score cp "));
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

use wallrush_core::{Move, Position, Variant};
use wallrush_engine::search::{
    Iteration, Limits, Line as SearchLine, Score, SearchOptions, Searcher, Weights,
};

use crate::engines::{Budget, DEFAULT_STRONG_MS};
use crate::input::{Capped, Line};

/// The longest command line read; a longer one is refused (and skipped).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most lines `setoption name MultiPV` asks for.
pub const MAX_MULTIPV: usize = 256;

/// The most commands kept waiting for a search to end.
pub const MAX_WAITING: usize = 64;

/// The depth of `go infinite`: a search as deep as the engine goes, until `stop`.
const INFINITE_DEPTH: u32 = 100;

/// What a `go` searches for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Go {
    /// Within a budget.
    Budget(Budget),
    /// Until `stop`.
    Infinite,
}

impl Go {
    fn limits(self) -> Limits {
        match self {
            Go::Budget(b) => b.limits(),
            Go::Infinite => Limits::depth(INFINITE_DEPTH),
        }
    }
}

/// The engine's state between commands.
struct State {
    variant: Variant,
    pos: Option<Position>,
    multipv: usize,
    /// The searcher of the current game and what it was made for (a fresh one for
    /// another budget, as the library's `Strong` bot of that budget).
    engine: Option<(Go, Box<Searcher>)>,
    /// Set by `stop` and `quit` while a search runs; cleared when a search starts.
    stop: Arc<AtomicBool>,
}

/// What one line asks for.
enum Reply {
    /// Lines to write.
    Lines(Vec<String>),
    /// A search to start.
    Search(Box<Search>),
    /// The end.
    Quit,
}

/// A search to run on its own thread.
struct Search {
    go: Go,
    engine: Box<Searcher>,
    pos: Position,
    multipv: usize,
}

/// An `info string error: …` line.
fn error(why: impl std::fmt::Display) -> Reply {
    Reply::Lines(vec![format!("info string error: {why}")])
}

/// Whether a command changes what a search works on, so waits for the search to end.
fn waits_for_search(line: &str) -> bool {
    matches!(line.split_whitespace().next(), Some("position" | "setoption" | "ucinewgame" | "go"))
}

impl State {
    fn handle(&mut self, line: &str) -> Reply {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Reply::Lines(Vec::new()) };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => Reply::Lines(vec![
                format!("id name wallrush {}", env!("CARGO_PKG_VERSION")),
                "id author the wallrush authors".to_string(),
                format!("option name Variant type string default {}", Variant::classic()),
                format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
                "uciok".to_string(),
            ]),
            "isready" => Reply::Lines(vec!["readyok".to_string()]),
            "ucinewgame" => {
                self.engine = None;
                self.pos = None;
                Reply::Lines(Vec::new())
            }
            "setoption" => self.setoption(&rest),
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            // Nothing to stop.
            "stop" => Reply::Lines(Vec::new()),
            "quit" => Reply::Quit,
            other => error(format!("unknown command {:?}", crate::verify::engine::clip(other))),
        }
    }

    fn setoption(&mut self, rest: &[&str]) -> Reply {
        let text = rest.join(" ");
        if let Some(value) = text.strip_prefix("name MultiPV value ") {
            return match value.trim().parse::<usize>() {
                Ok(k) if (1..=MAX_MULTIPV).contains(&k) => {
                    self.multipv = k;
                    Reply::Lines(Vec::new())
                }
                _ => error(format!(
                    "setoption MultiPV: expected a number from 1 to {MAX_MULTIPV}, got {:?}",
                    crate::verify::engine::clip(value)
                )),
            };
        }
        let Some(value) = text.strip_prefix("name Variant value ") else {
            return error(format!(
                "setoption: expected `name Variant value KEY=VALUE,…` or `name MultiPV value K`, got {:?}",
                crate::verify::engine::clip(&text)
            ));
        };
        match crate::parse_variant(value) {
            Ok(v) => {
                if v != self.variant {
                    self.variant = v;
                    self.pos = None;
                    self.engine = None;
                }
                Reply::Lines(Vec::new())
            }
            Err(why) => error(format!("setoption: {why}")),
        }
    }

    fn position(&mut self, rest: &[&str]) -> Reply {
        self.pos = None;
        let moves = match rest {
            ["startpos"] => &[][..],
            ["startpos", "moves", moves @ ..] => moves,
            _ => return error("position: expected `position startpos [moves M…]`"),
        };
        let mut pos = Position::new(self.variant);
        for (k, text) in moves.iter().enumerate() {
            let m: Move = match text.parse() {
                Ok(m) => m,
                Err(e) => return error(format!("position: move {} {text:?}: {e}", k + 1)),
            };
            if let Err(e) = pos.play(m) {
                return error(format!("position: move {} {text}: {e}", k + 1));
            }
        }
        self.pos = Some(pos);
        Reply::Lines(Vec::new())
    }

    fn go(&mut self, rest: &[&str]) -> Reply {
        let go = match rest {
            [] => Go::Budget(Budget::Millis(DEFAULT_STRONG_MS)),
            ["infinite"] => Go::Infinite,
            ["infinite", ..] => return error("go: `infinite` takes no number"),
            [kind, n] => {
                let text = match *kind {
                    "movetime" => n.to_string(),
                    "nodes" => format!("n{n}"),
                    "depth" => format!("d{n}"),
                    _ => {
                        return error(format!(
                            "go: unknown limit {kind:?}: expected movetime, nodes, depth or infinite"
                        ))
                    }
                };
                match text.parse::<Budget>() {
                    Ok(Budget::Millis(ms)) if ms > 600_000 => {
                        return error("go: movetime is at most 600000 ms")
                    }
                    Ok(b) => Go::Budget(b),
                    Err(()) => return error(format!("go {kind}: expected a number above 0, got {n:?}")),
                }
            }
            _ => {
                return error(
                    "go: expected `go`, `go movetime MS`, `go nodes N`, `go depth D` or `go infinite`",
                )
            }
        };
        let Some(pos) = &self.pos else {
            return Reply::Lines(vec![
                "info string error: go: no position".to_string(),
                "bestmove (none)".to_string(),
            ]);
        };
        let engine = match self.engine.take() {
            Some((made_for, engine)) if made_for == go => engine,
            _ => {
                let mut engine =
                    Box::new(Searcher::with_weights(SearchOptions::DEFAULT.table_entries(), Weights::TUNED));
                engine.set_stop(Some(Arc::clone(&self.stop)));
                engine
            }
        };
        self.stop.store(false, Ordering::Relaxed);
        Reply::Search(Box::new(Search { go, engine, pos: pos.clone(), multipv: self.multipv }))
    }
}

/// One `info` line: `rank` is the line's place among several (`multipv R`), `None`
/// for a single line.
fn info_line(
    depth: u32,
    rank: Option<usize>,
    score: Score,
    nodes: u64,
    pv: &[Move],
    started: Instant,
) -> String {
    let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let nps = nodes.saturating_mul(1000) / ms.max(1);
    let rank = rank.map_or(String::new(), |r| format!(" multipv {r}"));
    let pv: Vec<String> = pv.iter().map(Move::to_string).collect();
    format!("info depth {depth}{rank} score cp {score} nodes {nodes} nps {nps} time {ms} pv {}", pv.join(" "))
}

/// The `info` lines of one completed iteration.
fn info_lines(it: &Iteration<'_>, multipv: usize, started: Instant) -> Vec<String> {
    it.lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let rank = (multipv > 1).then_some(k + 1);
            info_line(it.depth, rank, line.score, it.nodes, &line.pv, started)
        })
        .collect()
}

/// What the server's loop waits for.
enum Event {
    /// A line read (or why none could be).
    Input(Input),
    /// The `info` lines of a completed iteration.
    Info(Vec<String>),
    /// A search ended: its searcher back, and its best move.
    Done(Go, Box<Searcher>, Option<Move>),
    /// A search panicked (a bug): its searcher is dropped, the server goes on.
    Failed,
}

/// One line from the reader thread.
enum Input {
    Text(String),
    NotUtf8,
    TooLong,
    End,
    Failed(io::Error),
}

/// How many commands wait for a search; the reader stops reading at [`MAX_WAITING`].
#[derive(Default)]
struct Waiting {
    count: Mutex<(usize, bool)>,
    changed: Condvar,
}

impl Waiting {
    /// Counts one more waiting command, after waiting for room (or the server's end).
    fn add(&self) -> bool {
        let mut guard = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        while guard.0 >= MAX_WAITING && !guard.1 {
            guard = self.changed.wait(guard).unwrap_or_else(PoisonError::into_inner);
        }
        guard.0 += 1;
        !guard.1
    }

    /// One waiting command was read.
    fn done(&self) {
        let mut guard = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        guard.0 = guard.0.saturating_sub(1);
        self.changed.notify_all();
    }

    /// The server ends: the reader waits no longer.
    fn close(&self) {
        self.count.lock().unwrap_or_else(PoisonError::into_inner).1 = true;
        self.changed.notify_all();
    }
}

/// Reads `input` line by line into `events` until `quit`, its end, or the server's end.
fn read_lines(input: impl BufRead, events: &SyncSender<Event>, waiting: &Waiting) {
    let mut lines = Capped::new(input, MAX_LINE_BYTES);
    loop {
        let (input, last) = match lines.line() {
            Ok(Some(Line::Text(bytes))) => match std::str::from_utf8(bytes) {
                Ok(text) => {
                    let quit = text.split_whitespace().next() == Some("quit");
                    if waits_for_search(text) && !waiting.add() {
                        return;
                    }
                    (Input::Text(text.to_string()), quit)
                }
                Err(_) => (Input::NotUtf8, false),
            },
            Ok(Some(Line::TooLong)) => (Input::TooLong, false),
            Ok(None) => (Input::End, true),
            Err(e) => (Input::Failed(e), true),
        };
        if events.send(Event::Input(input)).is_err() || last {
            return;
        }
    }
}

/// Runs `search` and reports its iterations and its end to `events`.
fn run_search(search: Box<Search>, events: &SyncSender<Event>) {
    let Search { go, mut engine, pos, multipv } = *search;
    let started = Instant::now();
    let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // The last iteration reported: its depth, nodes and lines.
        let mut reported: Option<(u32, u64, Vec<SearchLine>)> = None;
        let (result, _) = engine.analyse(&pos, go.limits(), multipv, |it| {
            reported = Some((it.depth, it.nodes, it.lines.to_vec()));
            let _ = events.send(Event::Info(info_lines(it, multipv, started)));
        });
        if result.best.is_some() {
            let rank = (multipv > 1).then_some(1);
            match &reported {
                // The last lines before `bestmove` count every node searched, as engines'
                // final reports do: an iteration cut short still visited nodes.
                Some((depth, nodes, lines))
                    if *depth == result.depth && lines.first().is_some_and(|l| l.pv == result.pv) =>
                {
                    if result.nodes > *nodes {
                        let it = Iteration { depth: *depth, nodes: result.nodes, lines };
                        let _ = events.send(Event::Info(info_lines(&it, multipv, started)));
                    }
                }
                // A search that ends within an iteration may have moved to another first
                // move (or found a line where no iteration was reported): one more line
                // says so.
                _ => {
                    let line = info_line(result.depth, rank, result.score, result.nodes, &result.pv, started);
                    let _ = events.send(Event::Info(vec![line]));
                }
            }
        }
        result.best
    }));
    let _ = events.send(match searched {
        Ok(best) => Event::Done(go, engine, best),
        Err(_) => Event::Failed,
    });
}

fn write_lines(output: &mut dyn Write, lines: &[String]) -> io::Result<()> {
    for l in lines {
        writeln!(output, "{l}")?;
    }
    output.flush()
}

/// Serves the dialect: reads commands from `input` until `quit` or its end, answers on
/// `output`. A thread reads `input` (so that `stop` reaches a search under way) and
/// another runs each search; the reading thread is left blocked on `input` if the
/// server ends on a failure to write.
///
/// # Errors
/// Reading `input` or writing `output` fails.
pub fn serve(input: impl BufRead + Send + 'static, output: &mut dyn Write) -> io::Result<()> {
    let (events, inbox) = sync_channel(MAX_WAITING);
    let waiting = Arc::new(Waiting::default());
    let reader = {
        let events = events.clone();
        let waiting = Arc::clone(&waiting);
        std::thread::spawn(move || read_lines(input, &events, &waiting))
    };
    let result = serve_events(&inbox, &events, &waiting, output);
    waiting.close();
    drop(inbox);
    if result.is_ok() {
        // It has read `quit` or the end of the input.
        let _ = reader.join();
    }
    result
}

/// The server's loop over the reader's and the searches' events.
fn serve_events(
    inbox: &Receiver<Event>,
    events: &SyncSender<Event>,
    waiting: &Waiting,
    output: &mut dyn Write,
) -> io::Result<()> {
    let mut state = State {
        variant: Variant::classic(),
        pos: None,
        multipv: 1,
        engine: None,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let mut later: VecDeque<String> = VecDeque::new();
    let mut searching: Option<std::thread::JoinHandle<()>> = None;
    let mut quitting = false;
    let mut input_ended = false;
    // A failure to read while a search runs, returned once the search has ended.
    let mut failed: Option<io::Error> = None;
    loop {
        // Commands kept for the end of a search are read first, once none runs.
        let event = match later.pop_front() {
            Some(text) if searching.is_none() => Event::Input(Input::Text(text)),
            kept => {
                if let Some(text) = kept {
                    later.push_front(text);
                }
                if input_ended && searching.is_none() {
                    return Ok(());
                }
                match inbox.recv() {
                    Ok(event) => event,
                    // Not reached: this loop holds a sender.
                    Err(_) => return Ok(()),
                }
            }
        };
        match event {
            Event::Info(lines) => write_lines(output, &lines)?,
            Event::Done(go, engine, best) => {
                if let Some(handle) = searching.take() {
                    let _ = handle.join();
                }
                state.engine = Some((go, engine));
                if let Some(e) = failed.take() {
                    return Err(e);
                }
                let line = match best {
                    Some(m) => format!("bestmove {m}"),
                    None => "bestmove (none)".to_string(),
                };
                write_lines(output, &[line])?;
                if quitting {
                    return Ok(());
                }
            }
            Event::Failed => {
                if let Some(handle) = searching.take() {
                    let _ = handle.join();
                }
                if let Some(e) = failed.take() {
                    return Err(e);
                }
                write_lines(
                    output,
                    &["info string error: the search failed".to_string(), "bestmove (none)".to_string()],
                )?;
                if quitting {
                    return Ok(());
                }
            }
            Event::Input(Input::End) => input_ended = true,
            Event::Input(Input::Failed(e)) => {
                if searching.is_none() {
                    return Err(e);
                }
                state.stop.store(true, Ordering::Relaxed);
                (quitting, input_ended, failed) = (true, true, Some(e));
            }
            Event::Input(Input::NotUtf8) => {
                write_reply(output, error("the line is not UTF-8"))?;
            }
            Event::Input(Input::TooLong) => {
                write_reply(output, error(format!("line longer than {MAX_LINE_BYTES} bytes")))?;
            }
            Event::Input(Input::Text(text)) => {
                let waits = waits_for_search(&text);
                if searching.is_some() {
                    match text.split_whitespace().next() {
                        Some("stop") => state.stop.store(true, Ordering::Relaxed),
                        Some("quit") => {
                            state.stop.store(true, Ordering::Relaxed);
                            quitting = true;
                            input_ended = true;
                        }
                        _ if waits => later.push_back(text),
                        _ => write_reply(output, state.handle(&text))?,
                    }
                    continue;
                }
                if waits {
                    waiting.done();
                }
                match state.handle(&text) {
                    Reply::Quit => return Ok(()),
                    Reply::Search(search) => {
                        let events = events.clone();
                        searching = Some(std::thread::spawn(move || run_search(search, &events)));
                    }
                    reply => write_reply(output, reply)?,
                }
            }
        }
    }
}

fn write_reply(output: &mut dyn Write, reply: Reply) -> io::Result<()> {
    match reply {
        Reply::Lines(lines) => write_lines(output, &lines),
        Reply::Quit | Reply::Search(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_engine::bot::Bot;
    use wallrush_engine::search::Strong;

    fn talk(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(io::Cursor::new(input.as_bytes().to_vec()), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
    }

    #[test]
    fn handshake_and_a_move() {
        let out = talk("uci\nisready\nucinewgame\nposition startpos moves e2 e8\ngo nodes 500\n");
        assert_eq!(out[0], format!("id name wallrush {}", env!("CARGO_PKG_VERSION")));
        assert!(out.contains(&"uciok".to_string()) && out.contains(&"readyok".to_string()));
        assert!(out[out.len() - 2].starts_with("info depth "), "{out:?}");
        let m: Move = out.last().unwrap().strip_prefix("bestmove ").unwrap().parse().unwrap();
        let mut pos = Position::classic();
        pos.play("e2".parse().unwrap()).unwrap();
        pos.play("e8".parse().unwrap()).unwrap();
        assert!(pos.is_legal(m));
    }

    /// The `nodes` field of an `info` line.
    fn nodes_of(line: &str) -> u64 {
        let mut words = line.split(' ');
        words.find(|w| *w == "nodes").expect(line);
        words.next().unwrap().parse().unwrap()
    }

    #[test]
    fn the_last_info_lines_count_every_node_searched() {
        for (options, lines) in [("", 1), ("setoption name MultiPV value 2\n", 2)] {
            let out = talk(&format!("{options}position startpos moves e2\ngo nodes 3000\n"));
            let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth ")).collect();
            let last = &infos[infos.len() - lines..];
            // The search stops inside an iteration at its budget; the last report still
            // counts the nodes the unfinished iteration visited.
            for line in last {
                assert!(nodes_of(line) >= 3000, "{out:?}");
            }
            let earlier = infos[..infos.len() - lines].iter().map(|l| nodes_of(l)).max().unwrap();
            assert!(earlier < 3000, "{out:?}");
            assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
        }
    }

    #[test]
    fn same_budget_same_move_as_the_library() {
        let out = talk("ucinewgame\nposition startpos moves e2\ngo nodes 3000\n");
        let mut pos = Position::classic();
        pos.play("e2".parse().unwrap()).unwrap();
        let m = Strong::new(Budget::Nodes(3000).limits()).choose(&pos).unwrap();
        assert_eq!(out.last().unwrap(), &format!("bestmove {m}"));
    }

    #[test]
    fn variants_are_set_by_option() {
        let out =
            talk("setoption name Variant value size=5,walls=2\nposition startpos moves c2\ngo depth 2\n");
        let m: Move = out.last().unwrap().strip_prefix("bestmove ").unwrap().parse().unwrap();
        let mut pos = Position::new(Variant::new(5, 2, 2, 2, wallrush_core::Goal::Edge).unwrap());
        pos.play("c2".parse().unwrap()).unwrap();
        assert!(pos.is_legal(m), "{m}");
    }

    #[test]
    fn bad_input_gets_an_error_line_and_changes_nothing() {
        let cases = [
            ("fly\n", "unknown command \"fly\""),
            ("go nodes x\n", "go nodes: expected a number above 0"),
            ("go wtime 5\n", "go: unknown limit \"wtime\""),
            ("go movetime 0\n", "go movetime: expected a number above 0"),
            ("position fen x\n", "position: expected `position startpos"),
            ("position startpos moves e2 e2\n", "position: move 2 e2:"),
            ("position startpos moves zz\n", "position: move 1 \"zz\":"),
            ("setoption name Hash value 5\n", "setoption: expected"),
            ("setoption name MultiPV value 0\n", "setoption MultiPV: expected a number from 1 to 256"),
            ("setoption name MultiPV value 257\n", "setoption MultiPV: expected"),
            ("setoption name MultiPV value x\n", "setoption MultiPV: expected"),
            ("go infinite 5\n", "go: `infinite` takes no number"),
            ("setoption name Variant value size=4\n", "setoption: "),
            ("go depth 1\n", "go: no position"),
        ];
        for (input, want) in cases {
            let out = talk(input);
            assert!(out[0].starts_with("info string error: "), "{input:?}: {out:?}");
            assert!(out[0].contains(want), "{input:?}: {out:?}");
        }
        // After a bad position there is none: `go` names no move.
        let out = talk("position startpos moves e2 e2\ngo depth 1\n");
        assert_eq!(out.last().unwrap(), "bestmove (none)");
        // A long line is refused, and the next one is read.
        let long = format!("position startpos moves {}\nisready\n", "e2 ".repeat(MAX_LINE_BYTES / 3 + 1));
        let out = talk(&long);
        assert_eq!(
            out,
            [format!("info string error: line longer than {MAX_LINE_BYTES} bytes"), "readyok".into()]
        );
        let mut out = Vec::new();
        serve(&b"\xff\xfe\nisready\n"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "info string error: the line is not UTF-8\nreadyok\n");
    }

    #[test]
    fn quit_and_the_end_of_input_stop() {
        assert_eq!(talk("isready\nquit\nisready\n"), ["readyok"]);
        assert_eq!(talk("isready"), ["readyok"]);
        assert!(talk("").is_empty());
    }

    #[test]
    fn a_finished_game_has_no_move() {
        // On a 3x3 board South reaches the far row in two steps.
        let out = talk(
            "setoption name Variant value size=3,walls=0\nposition startpos moves b2 a3 b3\ngo depth 1\n",
        );
        assert_eq!(out.last().unwrap(), "bestmove (none)", "{out:?}");
    }

    /// The `info depth` lines' (depth, multipv rank, first move) in order.
    fn infos(out: &[String]) -> Vec<(u32, u32, String)> {
        out.iter()
            .filter(|l| l.starts_with("info depth "))
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                let at = |key: &str| w.iter().position(|x| *x == key);
                let depth = w[2].parse().unwrap();
                let rank = at("multipv").map_or(1, |i| w[i + 1].parse().unwrap());
                for key in ["score", "nodes", "nps", "time"] {
                    assert!(at(key).is_some(), "no {key} in {l:?}");
                }
                let pv = at("pv").unwrap_or_else(|| panic!("no pv in {l:?}"));
                (depth, rank, w.get(pv + 1).map_or(String::new(), |m| (*m).to_string()))
            })
            .collect()
    }

    #[test]
    fn every_iteration_is_reported() {
        let out = talk("position startpos moves e2 e8\ngo depth 3\n");
        let depths: Vec<u32> = infos(&out).iter().map(|i| i.0).collect();
        assert_eq!(depths, [1, 2, 3], "{out:?}");
        assert!(!out.iter().any(|l| l.contains(" multipv ")), "{out:?}");
        // The deepest line's first move is the move played.
        let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert_eq!(infos(&out).last().unwrap().2, best, "{out:?}");
    }

    #[test]
    fn the_last_line_reported_starts_with_the_move_played() {
        for budget in ["nodes 20000", "nodes 3000", "depth 2"] {
            for k in [1, 2] {
                let out = talk(&format!(
                    "setoption name MultiPV value {k}\nposition startpos moves e2 e8\ngo {budget}\n"
                ));
                let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
                let firsts: Vec<_> = infos(&out).into_iter().filter(|i| i.1 == 1).collect();
                assert_eq!(firsts.last().unwrap().2, best, "go {budget}, MultiPV {k}: {out:?}");
                assert!(firsts.windows(2).all(|w| w[0].0 <= w[1].0), "{out:?}");
            }
        }
    }

    #[test]
    fn multipv_reports_that_many_distinct_moves() {
        let out = talk("uci\nsetoption name MultiPV value 3\nposition startpos\ngo depth 2\n");
        assert!(out.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()));
        let lines = infos(&out);
        for depth in [1, 2] {
            let at: Vec<_> = lines.iter().filter(|i| i.0 == depth).collect();
            assert_eq!(at.iter().map(|i| i.1).collect::<Vec<_>>(), [1, 2, 3], "{out:?}");
            let mut moves: Vec<&str> = at.iter().map(|i| i.2.as_str()).collect();
            moves.sort_unstable();
            moves.dedup();
            assert_eq!(moves.len(), 3, "{out:?}");
        }
        let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert_eq!(lines.iter().rfind(|i| i.1 == 1).unwrap().2, best);
        // Back to one line.
        let out = talk(
            "setoption name MultiPV value 3\nsetoption name MultiPV value 1\nposition startpos\ngo depth 1\n",
        );
        assert_eq!(infos(&out).len(), 1, "{out:?}");
    }

    #[test]
    fn commands_sent_during_a_search_are_read_in_order() {
        // The whole input is read at once, while the first search runs: the second
        // `position` and `go` wait for it, `isready` and the unknown command do not.
        let out = talk(
            "position startpos moves e2\ngo depth 2\nfly\nposition startpos moves e2 e8\nisready\ngo depth 1\nstop\n",
        );
        let bestmoves: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
        assert_eq!(bestmoves.len(), 2, "{out:?}");
        assert!(out.contains(&"readyok".to_string()), "{out:?}");
        assert!(out.contains(&"info string error: unknown command \"fly\"".to_string()), "{out:?}");
        let m: Move = out.last().unwrap().strip_prefix("bestmove ").unwrap().parse().unwrap();
        let mut pos = Position::classic();
        pos.play("e2".parse().unwrap()).unwrap();
        pos.play("e8".parse().unwrap()).unwrap();
        assert!(pos.is_legal(m), "{m} after e2 e8: {out:?}");
        // `stop` with no search under way changes nothing.
        assert_eq!(talk("stop\nisready\n"), ["readyok"]);
    }

    #[test]
    fn quit_during_a_search_stops_it() {
        // Without `quit` this search would not end.
        let out = talk("position startpos\ngo infinite\nquit\nisready\n");
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
        assert_ne!(out.last().unwrap(), "bestmove (none)");
        assert!(!out.contains(&"readyok".to_string()), "{out:?}");
    }
}
