//! One engine against three in four-seat games, its seat rotating South, West, North,
//! East from game to game: the series the `four_seats` example and the four-seat
//! strength tests play. The openings are the arena's ([`super::opening`]), one per
//! rotation, so each is played once from every seat; the results are counted with the
//! arena's statistics ([`super::stats`]).

use wallrush_core::{BySeat, Position, Seat, Variant};
use wallrush_engine::bot::{play_game, Beginner, Bot, BotError, PlayedGame};

/// Plies after which a game of the series is drawn.
pub const MAX_PLIES: u32 = 400;

/// Plays game `index` of a one-against-three series: `bot` holds seat `index % seats` of
/// `variant` (South, West, North, East in turn with four seats; South, North with two),
/// `others` hold the other seats in seat order (the first ones only, with two seats),
/// from the arena's opening of `plies` plies for rotation `index / seats` (seeded by
/// `seed`); the game is drawn after [`MAX_PLIES`] plies. Returns the game (its moves
/// include the opening) and `bot`'s seat.
///
/// # Errors
/// The first [`BotError`]: a bot that gave no move or an illegal one.
pub fn against_three(
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
    let rotation = u32::try_from(index / n).unwrap_or(u32::MAX);
    let mut moves = super::opening(variant, seed, rotation, plies);
    let mut start = Position::new(variant);
    for &m in &moves {
        start.play_unchecked(m);
    }
    let [o0, o1, o2] = others;
    let mut bots: [&mut dyn Bot; 4] = [bot, o0, o1, o2];
    // `bot` (index 0) on its seat, the others on the other seats in seat order.
    let mut rest = 1..4;
    let seating = BySeat::from_fn(|s| if s == seat { 0 } else { rest.next().unwrap_or(1) });
    let mut game = play_game(&start, &mut bots, seating, MAX_PLIES.saturating_sub(moves.len() as u32))?;
    moves.append(&mut game.moves);
    game.moves = moves;
    Ok((game, seat))
}

/// Game `index` of a series against beginners: [`against_three`] with three
/// [`Beginner`]s seeded `seed · 1000 + 3 · index + k`, from an opening of `plies`
/// plies.
///
/// # Errors
/// The first [`BotError`]: a bot that gave no move or an illegal one.
pub fn against_beginners(
    bot: &mut dyn Bot,
    variant: Variant,
    seed: u64,
    index: u64,
    plies: u32,
) -> Result<(PlayedGame, Seat), BotError> {
    let mut b: Vec<Beginner> =
        (0..3).map(|k| Beginner::new(seed.wrapping_mul(1000).wrapping_add(index * 3 + k))).collect();
    let [b0, b1, b2] = &mut b[..] else { unreachable!("three beginners") };
    against_three(bot, [b0, b1, b2], variant, seed, index, plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::{Goal, Move};
    use wallrush_engine::bot::RandomMover;

    #[test]
    fn seeded_openings_rotate_the_seat_and_replay_legally() {
        let v = Variant::four_player();
        let first = |i: u64| {
            let mut o = [Beginner::new(1), Beginner::new(2), Beginner::new(3)];
            let [a, b, c] = &mut o;
            let g = against_three(&mut Beginner::new(9), [a, b, c], v, 5, i, 4).unwrap().0;
            g.moves[..4].to_vec()
        };
        for index in 0..8 {
            let mut bot = Beginner::new(9);
            let mut o = [Beginner::new(1), Beginner::new(2), Beginner::new(3)];
            let [a, b, c] = &mut o;
            let (game, seat) = against_three(&mut bot, [a, b, c], v, 5, index, 4).unwrap();
            assert_eq!(seat, Seat::ALL[(index % 4) as usize]);
            let opening: Vec<Move> = crate::arena::opening(v, 5, (index / 4) as u32, 4);
            assert_eq!(game.moves[..4], opening[..]);
            let mut pos = Position::new(v);
            for &m in &game.moves {
                pos.play(m).unwrap();
            }
            assert_eq!(pos, game.end);
            // The same opening from every seat of a rotation.
            assert_eq!(first(index), first(index / 4 * 4));
        }
        assert!((1..4).any(|r| first(r * 4) != first(0)), "the openings differ by rotation");
    }

    #[test]
    fn against_beginners_rotates_the_seat_and_plays_legal_games() {
        let v = Variant::new(5, 4, 2, 2, Goal::Edge).unwrap();
        for index in 0..8 {
            let mut bot = RandomMover::new(index);
            let (game, seat) = against_beginners(&mut bot, v, 3, index, 0).unwrap();
            assert_eq!(seat, Seat::ALL[(index % 4) as usize]);
            let mut pos = Position::new(v);
            for &m in &game.moves {
                pos.play(m).unwrap();
            }
            assert_eq!(pos, game.end);
            assert!(game.moves.len() as u32 <= MAX_PLIES);
            // Same seed and index, same game.
            let again = against_beginners(&mut RandomMover::new(index), v, 3, index, 0).unwrap();
            assert_eq!(again.0.moves, game.moves);
        }
        let (_, seat) = against_beginners(&mut Beginner::new(1), Variant::classic(), 3, 1, 2).unwrap();
        assert_eq!(seat, Seat::North);
    }
}
