//! Computer players: the [`Bot`] trait, the [`Beginner`], a [`RandomMover`] for reference, and
//! [`play_game`], which lets bots play a game out.
//!
//! ```
//! use wallrush_engine::bot::{play_game, Beginner, Bot, RandomMover};
//! use wallrush_core::{BySeat, Goal, Position, Seat, Variant};
//! let start = Position::new(Variant::new(5, 2, 2, 2, Goal::Edge)?);
//! let mut beginner = Beginner::new(1);
//! let mut random = RandomMover::new(2);
//! let mut bots: [&mut dyn Bot; 2] = [&mut beginner, &mut random];
//! // Bot 0 plays South, bot 1 plays North.
//! let seating = BySeat([0, 1, 1, 0]);
//! let game = play_game(&start, &mut bots, seating, 200)?;
//! // The beginner runs and walls; the random mover wanders. Someone gets there.
//! assert_eq!(game.outcome.winner(), game.end.outcome().and_then(|o| o.winner()));
//! assert!(game.outcome.winner().is_some() || game.moves.len() == 200);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::analysis::{Frame, Score};
use wallrush_core::{BySeat, DrawReason, IllegalMove, Move, MoveList, Outcome, Position, Seat, SplitMix64};

/// A computer player. Anything that picks a move for a position can play matches
/// through [`play_game`] and the match runner.
pub trait Bot {
    /// A short name for tables and records (`beginner`, `random`).
    fn name(&self) -> &str;

    /// The move to play in `pos`, for the seat to move. `None` only when the game is
    /// over; otherwise a legal move (the forced [`Move::Pass`] when that is the only
    /// one).
    fn choose(&mut self, pos: &Position) -> Option<Move>;
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        (**self).choose(pos)
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        (**self).choose(pos)
    }
}

/// The beginner: one move of lookahead, no rating, no claim to good play.
///
/// On its turn it:
/// 1. takes a winning move when it has one;
/// 2. otherwise scores each legal pawn move by how much it shortens its own route
///    (route length before minus after, pawns ignored);
/// 3. when the opponent's route is no longer than its own (or it cannot move its pawn),
///    scores each legal wall by the opponent's route increase minus its own, multiplied
///    by 10 when the opponent is one step from its goal;
/// 4. plays the best-scoring move, choosing among equal scores uniformly with its seeded
///    [`SplitMix64`] (candidates in legal-move order, so the same seed gives the same
///    game on every platform).
///
/// With four seats "the opponent" is the seat with the shortest route among the others,
/// ties going to the first in turn order after the mover ([`analysis::opponent`]). The
/// scores are those of [`Analysis`], which explains every move.
///
/// [`analysis::opponent`]: crate::analysis::opponent
/// [`Analysis`]: crate::analysis::Analysis
///
/// ```
/// use wallrush_engine::bot::{Beginner, Bot};
/// use wallrush_core::{Move, Position};
/// let pos = Position::classic();
/// let m = Beginner::new(42).choose(&pos).unwrap();
/// assert!(pos.is_legal(m));
/// assert_eq!(Beginner::new(42).choose(&pos), Some(m)); // same seed, same choice
/// ```
#[derive(Clone, Debug)]
pub struct Beginner {
    seed: u64,
    rng: SplitMix64,
}

impl Beginner {
    /// A beginner whose ties are broken by a generator seeded with `seed`.
    pub const fn new(seed: u64) -> Beginner {
        Beginner { seed, rng: SplitMix64::new(seed) }
    }

    /// The seed it was made with.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The moves the beginner chooses among in `pos` (all sharing the best score), in
    /// legal-move order. Empty when the game is over. Does not touch the generator.
    pub fn candidates(pos: &Position) -> MoveList {
        let mut out = MoveList::new();
        let legal = pos.legal_moves();
        let has_pawn = legal.iter().any(|m| matches!(m, Move::Pawn(_)));
        let Some(frame) = Frame::new(pos, has_pawn) else {
            return out;
        };
        out.extend(legal.iter().copied().filter(|&m| frame.wins(pos, m)));
        if !out.is_empty() {
            return out;
        }
        let mut best = Score::Ignored;
        for &m in legal.iter().filter(|&&m| frame.considers(m)) {
            let score = frame.effect(pos, m).score;
            if score > best {
                best = score;
                out.clear();
            }
            if score == best {
                out.push(m);
            }
        }
        out
    }
}

impl Default for Beginner {
    /// A beginner seeded with 0.
    fn default() -> Beginner {
        Beginner::new(0)
    }
}

impl Bot for Beginner {
    fn name(&self) -> &str {
        "beginner"
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let candidates = Beginner::candidates(pos);
        self.rng.pick(&candidates).copied()
    }
}

/// A reference player that plays a uniformly random legal move (walls included, so it spends
/// its walls early and mostly at random).
///
/// ```
/// use wallrush_engine::bot::{Bot, RandomMover};
/// use wallrush_core::Position;
/// let pos = Position::classic();
/// assert!(pos.is_legal(RandomMover::new(3).choose(&pos).unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct RandomMover {
    rng: SplitMix64,
}

impl RandomMover {
    /// A random mover seeded with `seed`.
    pub const fn new(seed: u64) -> RandomMover {
        RandomMover { rng: SplitMix64::new(seed) }
    }
}

impl Bot for RandomMover {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.rng.pick(&pos.legal_moves()).copied()
    }
}

/// A game that bots played out with [`play_game`].
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The moves played, from the start position given to [`play_game`].
    pub moves: Vec<Move>,
    /// How it ended: the position's own outcome, or a draw by
    /// [`DrawReason::PlyLimit`] when the ply cap was reached first.
    pub outcome: Outcome,
    /// The final position.
    pub end: Position,
}

/// A bot that broke the [`Bot`] contract during [`play_game`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BotError {
    /// The bot returned no move although the game was not over.
    #[error("{bot} gave no move as {seat} though the game is not over")]
    NoMove {
        /// The bot's name.
        bot: String,
        /// The seat it played.
        seat: Seat,
    },
    /// The bot chose an illegal move.
    #[error("{bot} as {seat}: {error}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// The seat it played.
        seat: Seat,
        /// The refused move and the rule it broke.
        error: IllegalMove,
    },
    /// The seating names a bot that is not in the list.
    #[error("{seat} is seated at bot {index} but there are only {count} bots")]
    NoSuchBot {
        /// The seat.
        seat: Seat,
        /// The index the seating gives it.
        index: usize,
        /// How many bots there are.
        count: usize,
    },
}

/// Plays a game from `start` with `bots`, seat `s` played by `bots[seating[s]]`, until
/// the game ends or `max_plies` plies have been played (then it is a draw by
/// [`DrawReason::PlyLimit`]). Every move is checked.
///
/// # Errors
/// [`BotError`] when a seat to move is seated at a missing bot, or a bot returns no move
/// or an illegal one while the game goes on.
pub fn play_game(
    start: &Position,
    bots: &mut [&mut dyn Bot],
    seating: BySeat<usize>,
    max_plies: u32,
) -> Result<PlayedGame, BotError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    loop {
        if let Some(outcome) = pos.outcome() {
            return Ok(PlayedGame { moves, outcome, end: pos });
        }
        if moves.len() as u32 >= max_plies {
            let outcome = Outcome::Draw(DrawReason::PlyLimit);
            return Ok(PlayedGame { moves, outcome, end: pos });
        }
        let seat = pos.turn();
        let index = seating[seat];
        let count = bots.len();
        let bot = bots.get_mut(index).ok_or(BotError::NoSuchBot { seat, index, count })?;
        let Some(mv) = bot.choose(&pos) else {
            return Err(BotError::NoMove { bot: bot.name().to_string(), seat });
        };
        pos.play(mv).map_err(|error| BotError::Illegal { bot: bot.name().to_string(), seat, error })?;
        moves.push(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analysis;
    use alloc::vec;
    use wallrush_core::{Goal, Setup, Square, Variant};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    /// A classic position with South on `south`, North on `north`, no walls, South to
    /// move.
    fn two(south: &str, north: &str) -> Position {
        let mut s = Setup::start(Variant::classic());
        s.pawns = BySeat([Some(sq(south)), None, Some(sq(north)), None]);
        Position::from_setup(&s).unwrap()
    }

    fn candidates(pos: &Position) -> Vec<String> {
        Beginner::candidates(pos).iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn takes_the_win() {
        // South on e8 can win with e9; walls could also hurt North badly (one step away:
        // ×10), but the win comes first.
        let pos = two("e8", "a2");
        assert_eq!(pos.route_len(Seat::North), Some(1));
        assert_eq!(candidates(&pos), ["e9"]);
        for seed in 0..20 {
            assert_eq!(Beginner::new(seed).choose(&pos), Some(mv("e9")));
        }
        // The straight jump over north wins.
        let pos = two("e7", "e8");
        assert_eq!(candidates(&pos), ["e9"]);
        // Two winning moves (the diagonals beside north, whose jump the edge stops): the
        // seeded generator picks either.
        let pos = two("e8", "e9");
        assert_eq!(candidates(&pos), ["d9", "f9"]);
        let picks: Vec<Move> = (0..32).map(|seed| Beginner::new(seed).choose(&pos).unwrap()).collect();
        assert!(picks.contains(&mv("d9")) && picks.contains(&mv("f9")));
    }

    #[test]
    fn walls_only_when_behind_or_equal() {
        // South ahead (4 against 8): it runs, whatever walls could do.
        let pos = two("e5", "e9");
        assert_eq!(candidates(&pos), ["e6"]);
        // Equal (5 against 5): walls that add 1 to north and 0 to south tie with e5.
        let pos = two("e4", "e6");
        let c = candidates(&pos);
        assert!(c.contains(&"e5".into()) && c.iter().any(|m| m.ends_with('h')), "{c:?}");
        // Behind (8 against 2): a2 ties with the walls that add 1 to north's route only.
        let pos = two("a1", "e3");
        let c = candidates(&pos);
        assert!(c.contains(&"a2".into()) && c.contains(&"d2h".into()), "{c:?}");
        let a = Analysis::new(&pos);
        let best: Vec<String> = a.best().iter().map(|e| e.mv.to_string()).collect();
        assert_eq!(c, best);
    }

    #[test]
    fn times_ten_when_the_opponent_is_one_step_away() {
        // North on e2, one step from rank 1. South is far behind and must wall.
        let pos = two("a1", "e2");
        let a = Analysis::new(&pos);
        assert_eq!(a.routes()[Seat::North], 1);
        for e in a.moves() {
            if let Move::Wall(_) = e.mv {
                let raw = e.delta[Seat::North] - e.delta[Seat::South];
                assert_eq!(e.score, Score::Points(raw * 10), "{}", e.mv);
            }
        }
        // d1h blocks e2-e1 and sends north round by d/f: +1, ×10 = 10, beating any
        // pawn move (at most 1).
        assert_eq!(a.get(mv("d1h")).unwrap().score, Score::Points(10));
        let best = a.best()[0].score;
        assert!(best >= Score::Points(10));
        // Without the weight (north two steps away) the same wall scores its raw gain.
        let pos = two("a1", "e3");
        let a = Analysis::new(&pos);
        assert_eq!(a.get(mv("d2h")).unwrap().score, Score::Points(1));
        // The weight multiplies a loss too: South on e7 (2 steps), North on a2 (1 step);
        // d8h sends South round by f8 (+1) and leaves North alone: (0 - 1) × 10.
        let pos = two("e7", "a2");
        let a = Analysis::new(&pos);
        let e = a.get(mv("d8h")).unwrap();
        assert_eq!((e.delta[Seat::South], e.delta[Seat::North]), (1, 0));
        assert_eq!(e.score, Score::Points(-10));
    }

    #[test]
    fn same_seed_same_game() {
        let start = Position::new(Variant::new(7, 2, 4, 2, Goal::Edge).unwrap());
        let game = |a: u64, b: u64| {
            let (mut x, mut y) = (Beginner::new(a), Beginner::new(b));
            let mut bots: [&mut dyn Bot; 2] = [&mut x, &mut y];
            play_game(&start, &mut bots, BySeat([0, 1, 1, 0]), 300).unwrap().moves
        };
        assert_eq!(game(1, 2), game(1, 2));
        assert_ne!(game(1, 2), game(3, 4), "different seeds should differ on a 7×7 board");
    }

    #[test]
    fn four_seat_opponent() {
        // Four seats; routes: South 8 (e1), West 3 (f5), North 3 (b4), East 8 (i5).
        // South to move: West and North tie at 3; West comes first after South.
        let v = Variant::four_player();
        let mut s = Setup::start(v);
        s.pawns = BySeat([Some(sq("e1")), Some(sq("f5")), Some(sq("b4")), Some(sq("i5"))]);
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(crate::analysis::opponent(&pos), Some(Seat::West));
        let a = Analysis::new(&pos);
        assert_eq!(a.opponent(), Some(Seat::West));
        // Walls are scored against West only, whatever they do to North.
        for e in a.moves().iter().filter(|e| matches!(e.mv, Move::Wall(_))) {
            let raw = e.delta[Seat::West] - e.delta[Seat::South];
            assert_eq!(e.score, Score::Points(raw), "{}", e.mv);
        }
        let e = a.get(mv("a3h")).unwrap(); // in front of North only
        assert_eq!((e.delta[Seat::North], e.score), (1, Score::Points(0)));
        assert_eq!(a.hint(mv("a3h")).unwrap(), "a3h adds 0 to west's route, 1 to north's and 0 to yours");
        // North to move: the others are South 8, West 3, East 8: West.
        s.turn = Seat::North;
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(crate::analysis::opponent(&pos), Some(Seat::West));
        // West to move: North (3) is shortest.
        s.turn = Seat::West;
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(crate::analysis::opponent(&pos), Some(Seat::North));
        // Everyone at the start, all 8 steps away: the first seat after the mover.
        s.pawns = BySeat([Some(sq("e1")), Some(sq("a5")), Some(sq("e9")), Some(sq("i5"))]);
        s.turn = Seat::East;
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(crate::analysis::opponent(&pos), Some(Seat::South));
        s.turn = Seat::West;
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(crate::analysis::opponent(&pos), Some(Seat::North));
    }

    #[test]
    fn forced_pass() {
        // 5×5, four seats. West on a1 under wall a1h, South on b1 and East on c1 beside
        // it: no step up, and no jump over two pawns in a row; West has no wall left.
        let v = Variant::new(5, 4, 1, 2, Goal::Edge).unwrap();
        let mut s = Setup::start(v);
        s.pawns = BySeat([Some(sq("b1")), Some(sq("a1")), Some(sq("c5")), Some(sq("c1"))]);
        s.walls = vec!["a1h".parse().unwrap()];
        s.walls_left[Seat::West] = 0;
        s.turn = Seat::West;
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(pos.legal_moves().as_slice(), [Move::Pass]);
        assert_eq!(Beginner::candidates(&pos).as_slice(), [Move::Pass]);
        assert_eq!(Beginner::new(0).choose(&pos), Some(Move::Pass));
        assert_eq!(RandomMover::new(0).choose(&pos), Some(Move::Pass));
        assert_eq!(Analysis::new(&pos).hint(Move::Pass).unwrap(), "pass: no other move");
    }

    #[test]
    fn every_variant_plays_legally() {
        let variants = [
            Variant::classic(),
            Variant::four_player(),
            Variant::race_to_centre(),
            Variant::new(3, 2, 1, 2, Goal::Edge).unwrap(),
            Variant::new(5, 4, 2, 3, Goal::Edge).unwrap(),
            Variant::new(11, 2, 6, 4, Goal::Centre).unwrap(),
            Variant::new(13, 2, 8, 2, Goal::Edge).unwrap(),
        ];
        for (i, v) in variants.into_iter().enumerate() {
            let start = Position::new(v);
            let mut a = Beginner::new(i as u64);
            let mut b = Beginner::new(100 + i as u64);
            let mut bots: [&mut dyn Bot; 2] = [&mut a, &mut b];
            let game = play_game(&start, &mut bots, BySeat([0, 1, 0, 1]), 400).unwrap();
            assert!(!game.moves.is_empty(), "{v}");
            assert_eq!(
                game.end.outcome().is_some(),
                !matches!(game.outcome, Outcome::Draw(DrawReason::PlyLimit))
            );
        }
    }

    /// Along random games of several variants: the beginner's candidates are exactly the
    /// analysis' best moves, and every reported route length matches a fresh search after
    /// the move is played.
    #[test]
    fn candidates_match_analysis_and_fresh_routes() {
        let variants = [
            Variant::new(5, 2, 3, 2, Goal::Edge).unwrap(),
            Variant::new(7, 4, 2, 3, Goal::Edge).unwrap(),
            Variant::new(7, 4, 2, 2, Goal::Centre).unwrap(),
            Variant::new(9, 2, 4, 2, Goal::Edge).unwrap(),
        ];
        for (i, v) in variants.into_iter().enumerate() {
            let mut pos = Position::new(v);
            let mut walker = RandomMover::new(i as u64);
            let mut plies = 0;
            while !pos.is_game_over() && plies < 40 {
                let a = Analysis::new(&pos);
                let best: Vec<Move> = a.best().iter().map(|e| e.mv).collect();
                assert_eq!(Beginner::candidates(&pos).to_vec(), best, "{v} at ply {plies}");
                for e in a.moves() {
                    let mut child = pos.clone();
                    child.play(e.mv).unwrap();
                    for s in pos.seats_in_play() {
                        let fresh = child.diagnostics().route_len_fresh(s).unwrap();
                        assert_eq!(e.routes[s], fresh, "{v} ply {plies} {} {s}", e.mv);
                    }
                }
                // Half the plies random, half the beginner's, to reach varied positions.
                let m = if plies % 2 == 0 { walker.choose(&pos) } else { Beginner::new(plies).choose(&pos) };
                pos.play(m.unwrap()).unwrap();
                plies += 1;
            }
        }
    }

    #[test]
    fn bot_errors() {
        struct Silent;
        impl Bot for Silent {
            fn name(&self) -> &str {
                "silent"
            }
            fn choose(&mut self, _: &Position) -> Option<Move> {
                None
            }
        }
        struct Cheat;
        impl Bot for Cheat {
            fn name(&self) -> &str {
                "cheat"
            }
            fn choose(&mut self, _: &Position) -> Option<Move> {
                Some(Move::Pawn(Square::new(4, 8)))
            }
        }
        let start = Position::classic();
        let (mut s, mut c) = (Silent, Cheat);
        let mut bots: [&mut dyn Bot; 2] = [&mut s, &mut c];
        let err = play_game(&start, &mut bots, BySeat([0; 4]), 10).unwrap_err();
        assert_eq!(err.to_string(), "silent gave no move as south though the game is not over");
        let err = play_game(&start, &mut bots, BySeat([1; 4]), 10).unwrap_err();
        assert_eq!(err.to_string(), "cheat as south: e9 is not a legal pawn move");
        let err = play_game(&start, &mut bots, BySeat([2; 4]), 10).unwrap_err();
        assert_eq!(err.to_string(), "south is seated at bot 2 but there are only 2 bots");
        // A cap of 0 plies ends at once in a draw.
        let g = play_game(&start, &mut bots, BySeat([0; 4]), 0).unwrap();
        assert_eq!(g.outcome, Outcome::Draw(DrawReason::PlyLimit));
    }
}
