//! Players (colours).

use core::fmt;
use core::str::FromStr;

use crate::grid::PlayerIndex;

/// A Wall Go player, named by its colour. Turn order is Red, Blue, Yellow, Green; two-player
/// games use Red and Blue, three-player games Red, Blue and Yellow.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Player {
    /// Moves first.
    Red = 0,
    /// Moves second.
    Blue = 1,
    /// Third, in three- and four-player games.
    Yellow = 2,
    /// Fourth, in four-player games.
    Green = 3,
}

impl Player {
    /// All four players in turn order.
    pub const ALL: [Player; 4] = [Player::Red, Player::Blue, Player::Yellow, Player::Green];

    /// The player's number in turn order (Red 0 … Green 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with number `i` in turn order, if `i < 4`.
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::Red),
            1 => Some(Player::Blue),
            2 => Some(Player::Yellow),
            3 => Some(Player::Green),
            _ => None,
        }
    }

    /// The lowercase name: `red`, `blue`, `yellow`, `green`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Blue => "blue",
            Player::Yellow => "yellow",
            Player::Green => "green",
        }
    }

    /// The upper-case initial used in position text and on the text board: `R`, `B`, `Y`,
    /// `G`.
    pub const fn letter(self) -> char {
        match self {
            Player::Red => 'R',
            Player::Blue => 'B',
            Player::Yellow => 'Y',
            Player::Green => 'G',
        }
    }

    /// The player whose [`letter`](Self::letter) is `c` (upper-case only).
    pub const fn from_letter(c: char) -> Option<Player> {
        match c {
            'R' => Some(Player::Red),
            'B' => Some(Player::Blue),
            'Y' => Some(Player::Yellow),
            'G' => Some(Player::Green),
            _ => None,
        }
    }

    /// The first `count` players in turn order (`count` is clamped to 4).
    pub fn first(count: u8) -> impl Iterator<Item = Player> + Clone {
        Player::ALL.into_iter().take(count as usize)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A player name that is not one of `red`, `blue`, `yellow`, `green`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a player: red, blue, yellow or green")]
pub struct ParsePlayerError;

impl FromStr for Player {
    type Err = ParsePlayerError;
    /// Reads a name (`red`) or an upper-case letter (`R`).
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Player::from_letter(c).ok_or(ParsePlayerError);
        }
        Player::ALL.into_iter().find(|p| p.name() == s).ok_or(ParsePlayerError)
    }
}

impl PlayerIndex<4> for Player {
    const SLOTS: [Player; 4] = Player::ALL;
    fn slot(self) -> usize {
        self.index()
    }
}

/// One value per player of Wall Go, indexed by [`Player`]: the crate's
/// [`ByPlayer`](crate::grid::ByPlayer) with four slots. Slots of players who are not in
/// the game hold `T::default()` in what the library returns.
pub type ByPlayer<T> = crate::grid::ByPlayer<T, 4>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters_round_trip() {
        for p in Player::ALL {
            assert_eq!(p.name().parse::<Player>(), Ok(p));
            assert_eq!(Player::from_letter(p.letter()), Some(p));
            assert_eq!(Player::from_index(p.index()), Some(p));
        }
        assert!("r".parse::<Player>().is_err());
        assert!("Red".parse::<Player>().is_err());
        assert_eq!(Player::first(3).count(), 3);
    }
}
