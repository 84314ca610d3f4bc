//! Every legal move of a position with its effect on every seat's route length and the
//! beginner's score for it: the ground for hints ("d4h adds 3 to north's route and 0 to
//! yours") and the single source of the [`Beginner`](crate::bot::Beginner)'s judgement.
//!
//! ```
//! use wallrush_engine::analysis::{Analysis, Score};
//! use wallrush_core::{Position, Seat, Setup, Variant};
//! let mut setup = Setup::start(Variant::classic());
//! setup.pawns[Seat::South] = Some("c3".parse()?);
//! setup.pawns[Seat::North] = Some("g7".parse()?);
//! let pos = Position::from_setup(&setup)?;
//! let a = Analysis::new(&pos);
//! assert_eq!((a.routes()[Seat::South], a.routes()[Seat::North]), (6, 6));
//! // Level, so walls count: c4 and every wall that delays only north score 1.
//! assert_eq!(a.best()[0].mv.to_string(), "c4");
//! assert!(a.best().iter().all(|e| e.score == Score::Points(1)));
//! assert_eq!(
//!     a.hint("g6h".parse()?).as_deref(),
//!     Some("g6h adds 1 to north's route and 0 to yours")
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use wallrush_core::{BySeat, Move, Position, Seat};

/// The beginner's verdict on one move. Ordered worst to best: `Ignored < Points(_) < Win`,
/// and points by value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Score {
    /// The beginner does not consider the move: a wall while the mover's route is
    /// shorter than the opponent's (it then just runs).
    Ignored,
    /// The move's score: for a pawn move, how much it shortens the mover's route; for a
    /// wall, the opponent's route increase minus the mover's own, times 10 when the
    /// opponent is one step from its goal; 0 for the forced pass.
    Points(i32),
    /// The move wins the game on the spot.
    Win,
}

/// One legal move and what it does to the routes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveEffect {
    /// The move.
    pub mv: Move,
    /// Every seat's route length after the move (0 for seats not in play, and for the
    /// mover after a winning move).
    pub routes: BySeat<u32>,
    /// `routes` minus the route lengths before the move; a wall only ever adds, a pawn
    /// move changes only the mover's own.
    pub delta: BySeat<i32>,
    /// The beginner's score.
    pub score: Score,
}

/// The beginner's opponent for the seat to move: the seat in play, other than the mover,
/// with the shortest route; ties go to the first such seat in turn order after the mover.
/// `None` when the game is over.
///
/// ```
/// use wallrush_engine::analysis::opponent;
/// use wallrush_core::{Position, Seat, Variant};
/// assert_eq!(opponent(&Position::classic()), Some(Seat::North));
/// // Four seats, all 8 steps away: the next seat after South in turn order.
/// assert_eq!(opponent(&Position::new(Variant::four_player())), Some(Seat::West));
/// ```
pub fn opponent(pos: &Position) -> Option<Seat> {
    if pos.is_game_over() {
        return None;
    }
    let mover = pos.turn();
    (1..4)
        .map(|k| Seat::ALL[(mover.index() + k) % 4])
        .filter(|&s| pos.is_in_play(s))
        .min_by_key(|&s| pos.route_len(s).unwrap_or(u32::MAX))
}

/// What every move's score is measured against; shared by [`Analysis`] and the bot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub(crate) mover: Seat,
    pub(crate) opponent: Option<Seat>,
    pub(crate) routes: BySeat<u32>,
    pub(crate) walls_considered: bool,
}

impl Frame {
    /// The frame of a position whose game is not over; `has_pawn_moves` tells whether the
    /// mover can move its pawn (when it cannot, walls are considered even while ahead).
    pub(crate) fn new(pos: &Position, has_pawn_moves: bool) -> Option<Frame> {
        let opponent = opponent(pos)?;
        let mover = pos.turn();
        let routes = pos.route_lens().map(|n| n.unwrap_or(0));
        let walls_considered = !has_pawn_moves || routes[opponent] <= routes[mover];
        Some(Frame { mover, opponent: Some(opponent), routes, walls_considered })
    }

    /// Whether the beginner scores walls at all here.
    pub(crate) fn considers(&self, mv: Move) -> bool {
        !matches!(mv, Move::Wall(_)) || self.walls_considered
    }

    /// Whether `mv` wins on the spot.
    pub(crate) fn wins(&self, pos: &Position, mv: Move) -> bool {
        matches!(mv, Move::Pawn(sq) if pos.is_goal(self.mover, sq))
    }

    /// The effect of the legal move `mv`.
    pub(crate) fn effect(&self, pos: &Position, mv: Move) -> MoveEffect {
        let before = self.routes;
        let (routes, score) = match mv {
            Move::Pawn(_) => {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let mut routes = before;
                routes[self.mover] = child.route_len(self.mover).unwrap_or(0);
                let score = if self.wins(pos, mv) {
                    routes[self.mover] = 0;
                    Score::Win
                } else {
                    Score::Points(before[self.mover] as i32 - routes[self.mover] as i32)
                };
                (routes, score)
            }
            Move::Wall(w) => {
                let after = pos.preview_wall(w).map(|r| r.map(|l| l.unwrap_or(0))).unwrap_or(before);
                let score = if self.walls_considered {
                    let own = after[self.mover] as i32 - before[self.mover] as i32;
                    let (theirs, weight) = match self.opponent {
                        Some(o) => {
                            let weight = if before[o] == 1 { 10 } else { 1 };
                            (after[o] as i32 - before[o] as i32, weight)
                        }
                        None => (0, 1),
                    };
                    Score::Points((theirs - own) * weight)
                } else {
                    Score::Ignored
                };
                (after, score)
            }
            Move::Pass => (before, Score::Points(0)),
        };
        let delta = BySeat::from_fn(|s| routes[s] as i32 - before[s] as i32);
        MoveEffect { mv, routes, delta, score }
    }
}

/// Every legal move of a position with its [`MoveEffect`], sorted best first for the
/// beginner: by [`Score`] from best to worst, equal scores in legal-move order (pawn moves
/// in cell order, then horizontal, then vertical walls in anchor order). Empty when the
/// game is over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    size: u8,
    mover: Seat,
    opponent: Option<Seat>,
    routes: BySeat<u32>,
    walls_considered: bool,
    moves: Vec<MoveEffect>,
}

impl Analysis {
    /// Analyses every legal move of `pos`: one pawn move played on a copy or one wall
    /// preview each (about 130 on the classic board).
    pub fn new(pos: &Position) -> Analysis {
        let legal = pos.legal_moves();
        let has_pawn = legal.iter().any(|m| matches!(m, Move::Pawn(_)));
        let mover = pos.turn();
        let Some(frame) = Frame::new(pos, has_pawn) else {
            return Analysis {
                size: pos.variant().size(),
                mover,
                opponent: None,
                routes: pos.route_lens().map(|n| n.unwrap_or(0)),
                walls_considered: false,
                moves: Vec::new(),
            };
        };
        let mut moves: Vec<MoveEffect> = legal.iter().map(|&m| frame.effect(pos, m)).collect();
        moves.sort_by_key(|e| core::cmp::Reverse(e.score)); // stable: ties keep legal-move order
        Analysis {
            size: pos.variant().size(),
            mover,
            opponent: frame.opponent,
            routes: frame.routes,
            walls_considered: frame.walls_considered,
            moves,
        }
    }

    /// The seat to move.
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// The beginner's opponent (see [`opponent`]); `None` when the game is over.
    pub fn opponent(&self) -> Option<Seat> {
        self.opponent
    }

    /// Every seat's route length before the move (0 for seats not in play).
    pub fn routes(&self) -> BySeat<u32> {
        self.routes
    }

    /// Whether the beginner scores walls here: when the opponent's route is no longer
    /// than the mover's, or when the mover has no pawn move.
    pub fn walls_considered(&self) -> bool {
        self.walls_considered
    }

    /// Every legal move, best first.
    pub fn moves(&self) -> &[MoveEffect] {
        &self.moves
    }

    /// The moves sharing the best score: those the beginner chooses among.
    pub fn best(&self) -> &[MoveEffect] {
        let Some(top) = self.moves.first() else {
            return &[];
        };
        let n = self.moves.iter().take_while(|e| e.score == top.score).count();
        &self.moves[..n]
    }

    /// The effect of `mv`, or `None` when it is not legal here.
    pub fn get(&self, mv: Move) -> Option<&MoveEffect> {
        self.moves.iter().find(|e| e.mv == mv)
    }

    /// A one-line explanation of `mv` for the player to move, or `None` when it is not
    /// legal here:
    ///
    /// - a wall: `d4h adds 3 to north's route and 0 to yours` (the opponent first; with
    ///   four seats, other seats whose route changes follow it);
    /// - a pawn move: `e2 takes 1 off your route`, `d1 leaves your route unchanged`,
    ///   `e1 adds 1 to your route`, or `e9 wins`;
    /// - the pass: `pass: no other move`.
    pub fn hint(&self, mv: Move) -> Option<String> {
        let e = self.get(mv)?;
        let text = mv.text(self.size);
        let mut out = String::new();
        let own = e.delta[self.mover];
        match mv {
            Move::Pass => out.push_str("pass: no other move"),
            Move::Pawn(_) if e.score == Score::Win => {
                let _ = write!(out, "{text} wins");
            }
            Move::Pawn(_) => {
                let _ = match own {
                    0 => write!(out, "{text} leaves your route unchanged"),
                    d if d < 0 => write!(out, "{text} takes {} off your route", -d),
                    d => write!(out, "{text} adds {d} to your route"),
                };
            }
            Move::Wall(_) => {
                let mut parts = Vec::new();
                if let Some(o) = self.opponent {
                    parts.push(format!("{} to {o}'s route", e.delta[o]));
                }
                for k in 1..4 {
                    let s = Seat::ALL[(self.mover.index() + k) % 4];
                    if Some(s) != self.opponent && e.delta[s] != 0 {
                        parts.push(format!("{} to {s}'s", e.delta[s]));
                    }
                }
                let _ = write!(out, "{text} adds {}", parts.join(", "));
                let _ = write!(out, " and {own} to yours");
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use wallrush_core::{Setup, Square, Variant, Wall};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn opening_scores() {
        let a = Analysis::new(&Position::classic());
        assert_eq!(a.moves().len(), 131);
        assert!(a.walls_considered(), "8 against 8: the opponent is no further");
        // Both pawns race along file e, so every wall that delays north delays south as
        // much: the only move scoring 1 is e2.
        assert_eq!(a.best().len(), 1);
        assert_eq!((a.best()[0].mv, a.best()[0].score), (Move::Pawn(sq("e2")), Score::Points(1)));
        let d1 = a.get(Move::Pawn(sq("d1"))).unwrap();
        assert_eq!((d1.score, d1.delta[Seat::South]), (Score::Points(0), 0));
        assert_eq!(a.hint(Move::Pawn(sq("d1"))).unwrap(), "d1 leaves your route unchanged");
        assert_eq!(a.hint(Move::Pawn(sq("e2"))).unwrap(), "e2 takes 1 off your route");
        // d8h lies right in front of north, and on south's way too.
        assert_eq!(a.hint("d8h".parse().unwrap()).unwrap(), "d8h adds 1 to north's route and 1 to yours");
        assert_eq!(a.get("d8h".parse().unwrap()).unwrap().score, Score::Points(0));
        assert_eq!(a.hint("e3".parse().unwrap()), None);
    }

    #[test]
    fn sorted_best_first_in_legal_order() {
        let mut pos = Position::classic();
        for m in ["e2", "e8", "e3", "d7h"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        let a = Analysis::new(&pos);
        let legal = pos.legal_moves();
        assert_eq!(a.moves().len(), legal.len());
        for w in a.moves().windows(2) {
            assert!(w[0].score >= w[1].score);
            if w[0].score == w[1].score {
                let i = legal.iter().position(|&m| m == w[0].mv).unwrap();
                let j = legal.iter().position(|&m| m == w[1].mv).unwrap();
                assert!(i < j, "ties keep legal-move order");
            }
        }
        // Deltas agree with a fresh computation after playing each move.
        for e in a.moves() {
            let mut child = pos.clone();
            child.play(e.mv).unwrap();
            for s in [Seat::South, Seat::North] {
                assert_eq!(child.route_len(s).unwrap(), e.routes[s], "{} {s}", e.mv);
                assert_eq!(e.delta[s], e.routes[s] as i32 - pos.route_len(s).unwrap() as i32);
            }
        }
    }

    #[test]
    fn walls_ignored_when_ahead() {
        let mut s = Setup::start(Variant::classic());
        s.pawns = BySeat([Some(sq("e5")), None, Some(sq("a9")), None]);
        let ahead = Position::from_setup(&s).unwrap();
        let a = Analysis::new(&ahead);
        assert!(!a.walls_considered());
        assert!(a.moves().iter().all(|e| matches!(e.mv, Move::Wall(_)) == (e.score == Score::Ignored)));
        assert_eq!(a.best().len(), 1);
        assert_eq!(a.best()[0].mv, Move::Pawn(sq("e6")));
        // Ignored walls still report their effect.
        let w: Wall = "a8h".parse().unwrap();
        assert_eq!(a.get(Move::Wall(w)).unwrap().delta[Seat::North], 2); // round by c9
        assert_eq!(a.hint(Move::Wall(w)).unwrap(), "a8h adds 2 to north's route and 0 to yours");
    }

    #[test]
    fn game_over_has_no_moves() {
        let mut s = Setup::start(Variant::classic());
        s.pawns = BySeat([Some(sq("e9")), None, Some(sq("e5")), None]);
        s.turn = Seat::North;
        let pos = Position::from_setup(&s).unwrap();
        assert!(pos.is_game_over());
        let a = Analysis::new(&pos);
        assert!(a.moves().is_empty() && a.best().is_empty());
        assert_eq!(a.opponent(), None);
        assert_eq!(opponent(&pos), None);
        assert_eq!(a.routes()[Seat::North].to_string(), "4");
    }
}
