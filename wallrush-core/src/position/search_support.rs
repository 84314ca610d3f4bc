//! Bitboards of a position for search engines: the open edges, the legal wall anchors
//! and the mover's pawn targets of a board up to 11×11, read in one call so that an
//! engine can compute distance maps and wall candidates with mask operations instead of
//! one query per square or per wall.

use super::{Position, Repr};

/// The bitboards of a position whose board fits 128 cells (up to 11×11), from
/// [`Position::bitboards`]. Bit `rank * size + file` is the square `(file, rank)`.
///
/// ```
/// use wallrush_core::Position;
/// let mut pos = Position::classic();
/// pos.play("d4h".parse()?)?;
/// let b = pos.bitboards().expect("a classic board fits 128 cells");
/// let bit = |f: u8, r: u8| 1u128 << (r as usize * 9 + f as usize);
/// // d4h closes the north edges of d4 and e4; the east edge of d4 stays open.
/// assert_eq!(b.open_n & bit(3, 3), 0);
/// assert_eq!(b.open_n & bit(4, 3), 0);
/// assert_ne!(b.open_e & bit(3, 3), 0);
/// assert_eq!(b.legal_h.count_ones() as usize, pos.legal_walls().horizontal.len());
/// assert_eq!(b.pawn_targets.count_ones() as usize, pos.pawn_moves().len());
/// assert_ne!(b.pawn_targets & bit(4, 7), 0); // North, to move, may step from e9 to e8
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bitboards {
    /// Bit `c` set when the step from square `c` east to `c + 1` is open (never on the
    /// last file).
    pub open_e: u128,
    /// Bit `c` set when the step from square `c` north to `c + size` is open (never on
    /// the last rank).
    pub open_n: u128,
    /// Anchors of the mover's legal horizontal walls (empty when the mover holds none or
    /// the game is over).
    pub legal_h: u128,
    /// Anchors of the mover's legal vertical walls.
    pub legal_v: u128,
    /// The squares the mover's pawn may move to (empty when the game is over).
    pub pawn_targets: u128,
}

impl Position {
    /// The bitboards of this position ([`Bitboards`]), or `None` when the board has more
    /// than 128 cells (13×13 and larger).
    pub fn bitboards(&self) -> Option<Bitboards> {
        let Repr::Small(b) = &self.repr else { return None };
        let (open_e, open_n) = b.open_masks();
        let (legal_h, legal_v) = b.legal_wall_masks(&mut ());
        let pawn_targets = if b.is_over() { 0 } else { b.pawn_targets() };
        Some(Bitboards { open_e, open_n, legal_h, legal_v, pawn_targets })
    }
}
