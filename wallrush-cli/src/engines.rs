//! Who plays a seat: a person at the keyboard or one of the library's engines, named on
//! the command line as `human`, `beginner`, `random`, `strong`, `strong:MS`,
//! `strong:nNODES` or `strong:dDEPTH`.
//!
//! ```
//! use wallrush_cli::engines::PlayerSpec;
//! let spec: PlayerSpec = "strong:n5000".parse()?;
//! assert_eq!(spec.to_string(), "strong:n5000");
//! assert!(spec.is_deterministic());
//! assert!("strong:fast".parse::<PlayerSpec>().is_err());
//! # Ok::<(), String>(())
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use wallrush_core::{Move, Position};
use wallrush_engine::bot::{Beginner, Bot, RandomMover};

use wallrush_engine::search::{Limits, SearchResult, Strong};

/// Thinking time of `strong` when no budget is named, in milliseconds.
pub const DEFAULT_STRONG_MS: u64 = 1000;

/// The budget of the strong engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// About this many milliseconds a move.
    Millis(u64),
    /// About this many search nodes a move (the same game every time).
    Nodes(u64),
    /// This many plies deep (the same game every time).
    Depth(u32),
}

impl Budget {
    /// The search limits of this budget.
    pub fn limits(self) -> Limits {
        match self {
            Budget::Millis(ms) => Limits::time(Duration::from_millis(ms)),
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Depth(d) => Limits::depth(d),
        }
    }
}

impl FromStr for Budget {
    type Err = ();
    /// `MS`, `nNODES` or `dDEPTH` (a depth of at most 100), each above 0.
    fn from_str(s: &str) -> Result<Budget, ()> {
        let number = |t: &str| t.parse::<u64>().ok().filter(|&v| v > 0).ok_or(());
        Ok(if let Some(n) = s.strip_prefix('n') {
            Budget::Nodes(number(n)?)
        } else if let Some(d) = s.strip_prefix('d') {
            Budget::Depth(u32::try_from(number(d)?).ok().filter(|&d| d <= 100).ok_or(())?)
        } else {
            Budget::Millis(number(s)?)
        })
    }
}

impl fmt::Display for Budget {
    /// As it is read: `500`, `n20000`, `d6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Millis(ms) => write!(f, "{ms}"),
            Budget::Nodes(n) => write!(f, "n{n}"),
            Budget::Depth(d) => write!(f, "d{d}"),
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerSpec {
    /// A person typing moves.
    Human,
    /// The beginner bot ([`Beginner`]): one move of lookahead.
    Beginner,
    /// A uniformly random legal move ([`RandomMover`]).
    Random,
    /// The search engine ([`Strong`]) with a budget.
    Strong(Budget),
}

impl PlayerSpec {
    /// Whether the seat is played by a person.
    pub const fn is_human(self) -> bool {
        matches!(self, PlayerSpec::Human)
    }

    /// Whether the engine plays the same moves every time in the same positions (with
    /// the same seed): everything but a time budget.
    pub const fn is_deterministic(self) -> bool {
        !matches!(self, PlayerSpec::Strong(Budget::Millis(_)))
    }

    /// The engine, seeded with `seed` (only the beginner and the random mover use it);
    /// `None` for a person.
    pub fn engine(self, seed: u64) -> Option<Engine> {
        let kind = match self {
            PlayerSpec::Human => return None,
            PlayerSpec::Beginner => EngineKind::Beginner(Beginner::new(seed)),
            PlayerSpec::Random => EngineKind::Random(RandomMover::new(seed)),
            PlayerSpec::Strong(budget) => EngineKind::Strong(Box::new(Strong::new(budget.limits()))),
        };
        Some(Engine { spec: self, kind })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Beginner => f.write_str("beginner"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Strong(budget) => write!(f, "strong:{budget}"),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let bad = || {
            format!(
                "unknown player {s:?}: expected human, beginner, random, strong, strong:MS, \
                 strong:nNODES or strong:dDEPTH"
            )
        };
        match s {
            "human" => return Ok(PlayerSpec::Human),
            "beginner" => return Ok(PlayerSpec::Beginner),
            "random" => return Ok(PlayerSpec::Random),
            "strong" => return Ok(PlayerSpec::Strong(Budget::Millis(DEFAULT_STRONG_MS))),
            _ => {}
        }
        let arg = s.strip_prefix("strong:").ok_or_else(bad)?;
        Ok(PlayerSpec::Strong(arg.parse().map_err(|()| bad())?))
    }
}

enum EngineKind {
    Beginner(Beginner),
    Random(RandomMover),
    Strong(Box<Strong>),
}

/// An engine ready to play: the bot and the spec it was made from.
pub struct Engine {
    spec: PlayerSpec,
    kind: EngineKind,
}

impl Engine {
    /// The spec it was made from.
    pub const fn spec(&self) -> PlayerSpec {
        self.spec
    }

    /// The move to play in `pos`; `None` only when the game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        match &mut self.kind {
            EngineKind::Beginner(b) => b.choose(pos),
            EngineKind::Random(r) => r.choose(pos),
            EngineKind::Strong(s) => s.choose(pos),
        }
    }

    /// Lets another thread stop the strong engine's search (see
    /// [`Searcher::set_stop`](wallrush_engine::Searcher::set_stop)): it then answers
    /// with its best move so far. The other engines answer at once and need no flag.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        if let EngineKind::Strong(s) = &mut self.kind {
            s.set_stop(flag);
        }
    }

    /// What the strong engine's last search found; `None` for the other engines.
    pub fn last_search(&self) -> Option<&SearchResult> {
        match &self.kind {
            EngineKind::Strong(s) => s.last(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in ["human", "beginner", "random", "strong:250", "strong:n1000", "strong:d3"] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("strong".parse::<PlayerSpec>(), Ok(PlayerSpec::Strong(Budget::Millis(1000))));
        for bad in ["", "Strong", "strong:", "strong:0", "strong:n", "strong:d0", "strong:x5", "greedy"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn engines_move() {
        let pos = Position::classic();
        for spec in ["beginner", "random", "strong:n300"] {
            let mut e = spec.parse::<PlayerSpec>().unwrap().engine(1).unwrap();
            let m = e.choose(&pos).unwrap();
            assert!(pos.is_legal(m), "{spec} {m}");
            assert_eq!(e.last_search().is_some(), spec.starts_with("strong"));
        }
        assert!(PlayerSpec::Human.engine(1).is_none());
    }
}
