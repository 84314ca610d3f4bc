//! One value per player.

use core::ops::{Index, IndexMut};

/// A game's player type, numbered `0 .. N` in turn order: [`wallgo::Player`] (`N` = 4)
/// and [`enclosure::Player`] (`N` = 2). It is what indexes a [`ByPlayer`] of that game.
///
/// [`wallgo::Player`]: crate::wallgo::Player
/// [`enclosure::Player`]: crate::enclosure::Player
pub trait PlayerIndex<const N: usize>: Copy {
    /// Every player, in number order.
    const SLOTS: [Self; N];

    /// The player's number, `0 .. N`: its slot in a [`ByPlayer`].
    fn slot(self) -> usize;
}

/// One value per player of a game with `N` player slots, indexed by the game's player
/// type `P` ([`PlayerIndex`]): `scores[Player::Red]`. Both games use it for scores,
/// pieces and flags.
///
/// Slots of players who are not in the game (Wall Go with two or three players) are
/// present but meaningless: they hold `T::default()` in what the library returns.
///
/// ```
/// use wallrush_territory::grid::ByPlayer;
/// use wallrush_territory::wallgo::Player;
/// let mut scores = ByPlayer([0u8; 4]);
/// scores[Player::Blue] += 3;
/// assert_eq!(scores.0, [0, 3, 0, 0]);
/// let doubled = scores.map(|s| s * 2);
/// assert_eq!(doubled[Player::Blue], 6);
/// assert_eq!(ByPlayer::from_fn(|p: Player| p.index()).0, [0, 1, 2, 3]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ByPlayer<T, const N: usize>(pub [T; N]);

impl<T, const N: usize> ByPlayer<T, N> {
    /// Builds the container by calling `f` for every player, in number order.
    pub fn from_fn<P: PlayerIndex<N>>(f: impl FnMut(P) -> T) -> ByPlayer<T, N> {
        ByPlayer(P::SLOTS.map(f))
    }

    /// Maps every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U, N> {
        ByPlayer(self.0.map(f))
    }
}

impl<T: Default, const N: usize> Default for ByPlayer<T, N> {
    /// `T::default()` for every player.
    fn default() -> ByPlayer<T, N> {
        ByPlayer(core::array::from_fn(|_| T::default()))
    }
}

impl<T, P: PlayerIndex<N>, const N: usize> Index<P> for ByPlayer<T, N> {
    type Output = T;
    fn index(&self, p: P) -> &T {
        &self.0[p.slot()]
    }
}

impl<T, P: PlayerIndex<N>, const N: usize> IndexMut<P> for ByPlayer<T, N> {
    fn index_mut(&mut self, p: P) -> &mut T {
        &mut self.0[p.slot()]
    }
}
