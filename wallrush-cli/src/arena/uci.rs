//! `wallrush engine`: the strong engine speaking the arena's UCI-style dialect on standard
//! input and output, so that `wallrush arena` can play one build of the program against
//! another (`--b wallrush:PATH`).
//!
//! Commands, one a line (every line at most [`MAX_LINE_BYTES`]):
//!
//! - `uci`: answered by `id name …`, `option name Variant …` and `uciok`;
//! - `isready`: answered by `readyok`;
//! - `setoption name Variant value size=7,walls=6`: the variant of the next games, as
//!   key=value pairs (the classic game until set);
//! - `ucinewgame`: a new game, with a fresh transposition table (so that a game at a node
//!   budget is the same whatever was played before);
//! - `position startpos [moves M…]`: the position after the moves, in standard notation;
//! - `go [movetime MS | nodes N | depth D]` (default 1000 ms): answered by one
//!   `info depth D nodes N score cp S pv …` line and `bestmove MOVE` (`bestmove (none)`
//!   when the game is over or no position is set);
//! - `quit`, or the end of the input: the program ends with status 0.
//!
//! A line that cannot be read (unknown command, bad number, illegal move, a line too
//! long or not UTF-8) is answered by `info string error: …` and changes nothing; a bad
//! `position` clears the position, so a following `go` answers `bestmove (none)`.
//!
//! ```
//! use wallrush_cli::arena::uci::serve;
//! let mut out = Vec::new();
//! serve(&b"uci\nposition startpos moves e2 e8\ngo depth 1\nquit\n"[..], &mut out)?;
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("uciok\n"));
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, BufRead, Write};

use wallrush_core::{Move, Position, Variant};
use wallrush_engine::bot::Bot;
use wallrush_engine::search::Strong;

use crate::engines::{Budget, DEFAULT_STRONG_MS};
use crate::input::{Capped, Line};

/// The longest command line read; a longer one is refused (and skipped).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The engine's state between commands.
struct State {
    variant: Variant,
    pos: Option<Position>,
    /// The engine of the current game and the budget it was made for.
    engine: Option<(Budget, Box<Strong>)>,
}

/// What one line asks for.
enum Reply {
    /// Lines to write.
    Lines(Vec<String>),
    /// The end.
    Quit,
}

/// An `info string error: …` line.
fn error(why: impl std::fmt::Display) -> Reply {
    Reply::Lines(vec![format!("info string error: {why}")])
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
            "quit" => Reply::Quit,
            other => error(format!("unknown command {:?}", crate::verify::engine::clip(other))),
        }
    }

    fn setoption(&mut self, rest: &[&str]) -> Reply {
        let text = rest.join(" ");
        let Some(value) = text.strip_prefix("name Variant value ") else {
            return error(format!(
                "setoption: expected `name Variant value KEY=VALUE,…`, got {:?}",
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
        let budget = match rest {
            [] => Budget::Millis(DEFAULT_STRONG_MS),
            [kind, n] => {
                let text = match *kind {
                    "movetime" => n.to_string(),
                    "nodes" => format!("n{n}"),
                    "depth" => format!("d{n}"),
                    _ => {
                        return error(format!(
                            "go: unknown limit {kind:?}: expected movetime, nodes or depth"
                        ))
                    }
                };
                match text.parse::<Budget>() {
                    Ok(Budget::Millis(ms)) if ms > 600_000 => {
                        return error("go: movetime is at most 600000 ms")
                    }
                    Ok(b) => b,
                    Err(()) => return error(format!("go {kind}: expected a number above 0, got {n:?}")),
                }
            }
            _ => return error("go: expected `go`, `go movetime MS`, `go nodes N` or `go depth D`"),
        };
        let Some(pos) = &self.pos else {
            return Reply::Lines(vec![
                "info string error: go: no position".to_string(),
                "bestmove (none)".to_string(),
            ]);
        };
        if self.engine.as_ref().is_none_or(|(b, _)| *b != budget) {
            self.engine = Some((budget, Box::new(Strong::new(budget.limits()))));
        }
        let (_, engine) = self.engine.as_mut().expect("made above");
        let best = engine.choose(pos);
        let mut lines = Vec::new();
        if let Some(r) = engine.last() {
            let pv: Vec<String> = r.pv.iter().map(Move::to_string).collect();
            lines.push(format!(
                "info depth {} nodes {} score cp {} pv {}",
                r.depth,
                r.nodes,
                r.score,
                pv.join(" ")
            ));
        }
        lines.push(match best {
            Some(m) => format!("bestmove {m}"),
            None => "bestmove (none)".to_string(),
        });
        Reply::Lines(lines)
    }
}

/// Serves the dialect: reads commands from `input` until `quit` or its end, answers on
/// `output`.
///
/// # Errors
/// Reading `input` or writing `output` fails.
pub fn serve(input: impl BufRead, output: &mut dyn Write) -> io::Result<()> {
    let mut lines = Capped::new(input, MAX_LINE_BYTES);
    let mut state = State { variant: Variant::classic(), pos: None, engine: None };
    while let Some(line) = lines.line()? {
        let reply = match line {
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => state.handle(text),
                Err(_) => error("the line is not UTF-8"),
            },
            Line::TooLong => error(format!("line longer than {MAX_LINE_BYTES} bytes")),
        };
        match reply {
            Reply::Quit => break,
            Reply::Lines(out) => {
                for l in out {
                    writeln!(output, "{l}")?;
                }
                output.flush()?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
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
}
