//! The seeded choice of the first player.

use super::board::Player;
use wallrush_core::SplitMix64;

/// The player who moves first in a game seeded with `seed`: player 1 when the top bit
/// of the first [`SplitMix64`] output for `seed` is 0, else player 2. SplitMix64 is fully
/// specified, so every implementation of the game draws the same first player.
///
/// ```
/// use wallrush_territory::enclosure::{first_player, Player};
/// let firsts: Vec<Player> = (0..64).map(first_player).collect();
/// assert!(firsts.contains(&Player::One) && firsts.contains(&Player::Two));
/// assert_eq!(first_player(7), Player::One);
/// ```
pub fn first_player(seed: u64) -> Player {
    if SplitMix64::new(seed).next_u64() >> 63 == 0 {
        Player::One
    } else {
        Player::Two
    }
}
