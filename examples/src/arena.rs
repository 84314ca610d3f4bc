//! Bot-against-bot matches: seats alternated, seeded openings, wins/draws/losses, the Elo
//! difference with its 95 % error bar, and time per move.
//!
//! Games come in pairs. Both games of a pair start with the same random opening (the
//! first [`MatchConfig::opening_plies`] plies, drawn from the match seed) and swap the
//! seats, so neither bot profits from a lucky opening or from moving first. With four
//! seats the two bots play as teams: bot A holds South and North in even games and West
//! and East in odd ones, so turns alternate A, B, A, B, and a win by either of a bot's
//! seats is that bot's win.

use std::time::{Duration, Instant};

use wallrush_core::{BySeat, Move, Outcome, Position, Seat, SplitMix64, Variant};
use wallrush_engine::bot::{play_game, Beginner, Bot, BotError, PlayedGame};

/// What a match plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MatchConfig {
    /// The variant of every game.
    pub variant: Variant,
    /// Number of games (an odd number leaves the last pair half played).
    pub games: u32,
    /// Random plies opening each pair of games (0 for none).
    pub opening_plies: u32,
    /// Plies after which a game is drawn (openings included).
    pub max_plies: u32,
    /// Seed of the openings.
    pub seed: u64,
}

impl Default for MatchConfig {
    /// 20 classic games, 2 opening plies, a 500-ply cap, seed 1.
    fn default() -> MatchConfig {
        MatchConfig { variant: Variant::classic(), games: 20, opening_plies: 2, max_plies: 500, seed: 1 }
    }
}

/// Which bot of a match.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The first bot.
    A,
    /// The second bot.
    B,
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 0-based number of the game in the match.
    pub index: u32,
    /// Who played each seat (only the variant's seats are meaningful).
    pub seating: BySeat<Side>,
    /// Every move from the variant's start, the random opening included.
    pub moves: Vec<Move>,
    /// How many of `moves` were the random opening.
    pub opening_plies: usize,
    /// How the game ended (a draw by ply limit at the cap).
    pub outcome: Outcome,
}

impl GameReport {
    /// The winning bot, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        self.outcome.winner().map(|s| self.seating[s])
    }
}

/// Totals of a match, from bot A's point of view.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct MatchSummary {
    /// Games bot A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games bot A lost.
    pub losses: u32,
    /// Moves each bot chose (the random openings are not counted).
    pub moves: [u64; 2],
    /// Time each bot spent choosing them.
    pub time: [Duration; 2],
}

impl MatchSummary {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Bot A's score: (wins + draws / 2) / games, or `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n))
    }

    /// Bot A's score with its interval and the Elo difference it gives; `None` before
    /// any game.
    pub fn estimate(&self) -> Option<Estimate> {
        Trinomial { wins: self.wins, draws: self.draws, losses: self.losses }.estimate()
    }

    /// The average time `side` took per move, or `None` when it chose none.
    pub fn time_per_move(&self, side: Side) -> Option<Duration> {
        let i = side as usize;
        (self.moves[i] > 0)
            .then(|| Duration::from_secs_f64(self.time[i].as_secs_f64() / self.moves[i] as f64))
    }
}

pub use wallrush_cli::arena::stats::{Estimate, Trinomial};

/// A bot that clocks another.
struct Timed<'a> {
    bot: &'a mut dyn Bot,
    moves: u64,
    time: Duration,
}

impl Bot for Timed<'_> {
    fn name(&self) -> &str {
        self.bot.name()
    }
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let t = Instant::now();
        let m = self.bot.choose(pos);
        self.time += t.elapsed();
        self.moves += 1;
        m
    }
}

/// Who plays each seat in game `index`: bot A takes the first seat (South) in even games
/// and the second (North with two seats, West with four) in odd ones; with four seats each
/// bot holds every other seat in turn order.
pub fn seating(variant: Variant, index: u32) -> BySeat<Side> {
    let seats: Vec<Seat> = variant.seats().collect();
    let mut out = BySeat([Side::B; 4]);
    for (k, &s) in seats.iter().enumerate() {
        let a = (k % 2 == 0) == (index % 2 == 0);
        out[s] = if a { Side::A } else { Side::B };
    }
    out
}

/// The random opening of the pair of games starting at `index` (both games of a pair get
/// the same one): `plies` uniformly random legal moves from the start, fewer if the game
/// ends first.
pub fn opening(variant: Variant, seed: u64, index: u32, plies: u32) -> Vec<Move> {
    let pair = u64::from(index / 2);
    let mut rng = SplitMix64::new(seed ^ SplitMix64::new(pair).next_u64());
    let mut pos = Position::new(variant);
    let mut out = Vec::new();
    for _ in 0..plies {
        let Some(&m) = rng.pick(&pos.legal_moves()) else { break };
        pos.play_unchecked(m);
        out.push(m);
    }
    out
}

/// Plays a match of `config.games` games between `a` and `b`, calling `on_game` after
/// each, and returns the totals.
///
/// # Errors
/// The first [`BotError`]: a bot that gave no move or an illegal one.
pub fn run_match(
    a: &mut dyn Bot,
    b: &mut dyn Bot,
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameReport),
) -> Result<MatchSummary, BotError> {
    let mut ta = Timed { bot: a, moves: 0, time: Duration::ZERO };
    let mut tb = Timed { bot: b, moves: 0, time: Duration::ZERO };
    let mut summary = MatchSummary::default();
    for index in 0..config.games {
        let opening = opening(config.variant, config.seed, index, config.opening_plies);
        let mut start = Position::new(config.variant);
        for &m in &opening {
            start.play_unchecked(m);
        }
        let seats = seating(config.variant, index);
        let cap = config.max_plies.saturating_sub(opening.len() as u32);
        let mut bots: [&mut dyn Bot; 2] = [&mut ta, &mut tb];
        let game = play_game(&start, &mut bots, seats.map(|s| s as usize), cap)?;
        let mut moves = opening.clone();
        moves.extend(game.moves);
        let report =
            GameReport { index, seating: seats, moves, opening_plies: opening.len(), outcome: game.outcome };
        match report.winner() {
            Some(Side::A) => summary.wins += 1,
            Some(Side::B) => summary.losses += 1,
            None => summary.draws += 1,
        }
        on_game(&report);
    }
    summary.moves = [ta.moves, tb.moves];
    summary.time = [ta.time, tb.time];
    Ok(summary)
}

/// Plays game `index` of a one-against-beginners series: `bot` holds seat
/// `index % seats` of `variant` (South, West, North, East in turn with four seats; South,
/// North with two), a [`Beginner`] seeded `seed · 1000 + 3 · index + k` holds each other
/// seat, and the game stops as drawn after 400 plies. Returns the game and `bot`'s seat.
///
/// # Errors
/// The first [`BotError`]: a bot that gave no move or an illegal one.
pub fn against_beginners(
    bot: &mut dyn Bot,
    variant: Variant,
    seed: u64,
    index: u64,
) -> Result<(PlayedGame, Seat), BotError> {
    let mut b: Vec<Beginner> =
        (0..3).map(|k| Beginner::new(seed.wrapping_mul(1000).wrapping_add(index * 3 + k))).collect();
    let (b0, rest) = b.split_at_mut(1);
    let (b1, b2) = rest.split_at_mut(1);
    against_three(bot, [&mut b0[0], &mut b1[0], &mut b2[0]], variant, index)
}

/// Plays game `index` of a one-against-three series: `bot` holds seat `index % seats`
/// of `variant` as in [`against_beginners`], `others` hold the other seats in seat order
/// (the first ones only, with two seats), and the game stops as drawn after 400 plies.
/// Returns the game and `bot`'s seat.
///
/// # Errors
/// The first [`BotError`]: a bot that gave no move or an illegal one.
pub fn against_three(
    bot: &mut dyn Bot,
    others: [&mut dyn Bot; 3],
    variant: Variant,
    index: u64,
) -> Result<(PlayedGame, Seat), BotError> {
    let seats: Vec<Seat> = variant.seats().collect();
    let seat = seats[(index % seats.len() as u64) as usize];
    let [o0, o1, o2] = others;
    let mut bots: [&mut dyn Bot; 4] = [bot, o0, o1, o2];
    // `bot` (index 0) on its seat, the others on the other seats in seat order.
    let mut rest = 1..4;
    let seating = BySeat::from_fn(|s| if s == seat { 0 } else { rest.next().unwrap_or(1) });
    Ok((play_game(&Position::new(variant), &mut bots, seating, 400)?, seat))
}

/// Plays game `index` of a one-against-three series from a seeded opening: as
/// [`against_three`], but the game starts after `plies` random pawn moves (seeded by
/// `seed` and `index / seats`, so each opening is played once from every seat of the
/// rotation). Deterministic bots then still play different games. Returns the game (its
/// moves include the opening) and `bot`'s seat.
///
/// # Errors
/// The first [`BotError`]: a bot that gave no move or an illegal one.
pub fn against_three_opening(
    bot: &mut dyn Bot,
    others: [&mut dyn Bot; 3],
    variant: Variant,
    seed: u64,
    index: u64,
    plies: u32,
) -> Result<(PlayedGame, Seat), BotError> {
    let seats: Vec<Seat> = variant.seats().collect();
    let n = seats.len() as u64;
    let seat = seats[(index % n) as usize];
    let mut rng = SplitMix64::new(seed ^ SplitMix64::new(index / n).next_u64());
    let mut start = Position::new(variant);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(&m) = rng.pick(&start.pawn_moves()) else { break };
        start.play_unchecked(m);
        moves.push(m);
    }
    let [o0, o1, o2] = others;
    let mut bots: [&mut dyn Bot; 4] = [bot, o0, o1, o2];
    let mut rest = 1..4;
    let seating = BySeat::from_fn(|s| if s == seat { 0 } else { rest.next().unwrap_or(1) });
    let mut game = play_game(&start, &mut bots, seating, 400u32.saturating_sub(moves.len() as u32))?;
    moves.append(&mut game.moves);
    game.moves = moves;
    Ok((game, seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::Goal;
    use wallrush_engine::bot::RandomMover;

    #[test]
    fn seeded_openings_rotate_the_seat_and_replay_legally() {
        let v = Variant::four_player();
        for index in 0..8 {
            let mut bot = Beginner::new(9);
            let mut o = [Beginner::new(1), Beginner::new(2), Beginner::new(3)];
            let [a, b, c] = &mut o;
            let (game, seat) = against_three_opening(&mut bot, [a, b, c], v, 5, index, 4).unwrap();
            assert_eq!(seat, Seat::ALL[(index % 4) as usize]);
            let mut pos = Position::new(v);
            for (k, &m) in game.moves.iter().enumerate() {
                assert!(k >= 4 || matches!(m, Move::Pawn(_)), "{k}: {m}");
                pos.play(m).unwrap();
            }
            assert_eq!(pos, game.end);
            // The same opening from every seat of a rotation, another one next rotation.
            let first = |i: u64| {
                let mut o = [Beginner::new(1), Beginner::new(2), Beginner::new(3)];
                let [a, b, c] = &mut o;
                let g = against_three_opening(&mut Beginner::new(9), [a, b, c], v, 5, i, 4).unwrap().0;
                g.moves[..4].to_vec()
            };
            assert_eq!(first(index), first(index / 4 * 4));
            assert!((1..4).any(|r| first(r * 4) != first(0)), "the openings differ by rotation");
        }
    }

    #[test]
    fn against_beginners_rotates_the_seat_and_plays_legal_games() {
        let v = Variant::new(5, 4, 2, 2, Goal::Edge).unwrap();
        for index in 0..8 {
            let mut bot = RandomMover::new(index);
            let (game, seat) = against_beginners(&mut bot, v, 3, index).unwrap();
            assert_eq!(seat, Seat::ALL[(index % 4) as usize]);
            let mut pos = Position::new(v);
            for &m in &game.moves {
                pos.play(m).unwrap();
            }
            assert_eq!(pos, game.end);
            // Same seed and index, same game.
            let again = against_beginners(&mut RandomMover::new(index), v, 3, index).unwrap();
            assert_eq!(again.0.moves, game.moves);
        }
        let (_, seat) = against_beginners(&mut Beginner::new(1), Variant::classic(), 3, 1).unwrap();
        assert_eq!(seat, Seat::North);
    }

    #[test]
    fn seats_alternate() {
        let two = Variant::classic();
        assert_eq!((seating(two, 0)[Seat::South], seating(two, 0)[Seat::North]), (Side::A, Side::B));
        assert_eq!((seating(two, 1)[Seat::South], seating(two, 1)[Seat::North]), (Side::B, Side::A));
        let four = Variant::four_player();
        assert_eq!(seating(four, 0), BySeat([Side::A, Side::B, Side::A, Side::B]));
        assert_eq!(seating(four, 3), BySeat([Side::B, Side::A, Side::B, Side::A]));
    }

    #[test]
    fn openings_are_seeded_and_shared_by_pairs() {
        let v = Variant::classic();
        assert_eq!(opening(v, 7, 0, 2).len(), 2);
        assert_eq!(opening(v, 7, 0, 2), opening(v, 7, 1, 2));
        assert_eq!(opening(v, 7, 2, 2), opening(v, 7, 3, 2));
        let pairs: Vec<Vec<Move>> = (0..5).map(|p| opening(v, 7, 2 * p, 2)).collect();
        assert!(pairs.windows(2).any(|w| w[0] != w[1]), "pairs get different openings");
        assert_ne!(opening(v, 7, 0, 4), opening(v, 8, 0, 4));
        assert!(opening(v, 7, 0, 0).is_empty());
    }

    #[test]
    fn beginner_beats_random_on_a_small_board() {
        let config = MatchConfig {
            variant: Variant::new(5, 2, 3, 2, Goal::Edge).unwrap(),
            games: 10,
            opening_plies: 2,
            max_plies: 200,
            seed: 11,
        };
        let (mut a, mut b) = (Beginner::new(1), RandomMover::new(2));
        let mut reports = Vec::new();
        let summary = run_match(&mut a, &mut b, &config, |r| reports.push(r.clone())).unwrap();
        assert_eq!(summary.games(), 10);
        assert_eq!(reports.len(), 10);
        assert!(summary.wins >= 8, "{summary:?}");
        assert!(summary.estimate().unwrap().score > 0.5);
        // Every reported game replays to its outcome, and the bots' moves add up.
        let mut bot_moves = [0u64; 2];
        for r in &reports {
            let mut pos = Position::new(config.variant);
            for (i, &m) in r.moves.iter().enumerate() {
                if i >= r.opening_plies {
                    bot_moves[r.seating[pos.turn()] as usize] += 1;
                }
                pos.play(m).unwrap();
            }
            assert_eq!(r.outcome.winner(), pos.outcome().and_then(|o| o.winner()));
            assert!(r.moves.len() as u32 <= config.max_plies);
        }
        assert_eq!(bot_moves, summary.moves);
        let w = reports.iter().filter(|r| r.winner() == Some(Side::A)).count() as u32;
        assert_eq!(w, summary.wins);
        assert!(summary.time_per_move(Side::A).is_some());
        // The same match again gives the same games.
        let (mut a, mut b) = (Beginner::new(1), RandomMover::new(2));
        let mut again = Vec::new();
        run_match(&mut a, &mut b, &config, |r| again.push(r.moves.clone())).unwrap();
        assert_eq!(again, reports.iter().map(|r| r.moves.clone()).collect::<Vec<_>>());
    }

    #[test]
    fn four_seat_teams() {
        let config = MatchConfig {
            variant: Variant::new(5, 4, 1, 2, Goal::Edge).unwrap(),
            games: 2,
            opening_plies: 0,
            max_plies: 100,
            seed: 3,
        };
        let (mut a, mut b) = (Beginner::new(1), Beginner::new(2));
        let mut reports = Vec::new();
        let s = run_match(&mut a, &mut b, &config, |r| reports.push(r.clone())).unwrap();
        assert_eq!(s.games(), 2);
        for r in &reports {
            if let Some(seat) = r.outcome.winner() {
                assert_eq!(r.winner(), Some(r.seating[seat]));
            }
        }
    }
}
