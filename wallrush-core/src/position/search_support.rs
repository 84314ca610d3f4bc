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

/// The open steps and the free wall slots of a position whose board fits 128 cells, from
/// [`Position::wall_masks`]: what an evaluation needs to try walls of *either* seat, without
/// the route tests that make [`Bitboards`]' legal anchors exact. Bits as in [`Bitboards`].
///
/// A free slot is one where a wall overlaps and crosses none on the board; it is legal
/// for a seat holding a wall unless it leaves some pawn without a route.
///
/// ```
/// use wallrush_core::Position;
/// let mut pos = Position::classic();
/// pos.play("d4h".parse()?)?;
/// let m = pos.wall_masks().expect("a classic board fits 128 cells");
/// let bit = |f: u8, r: u8| 1u128 << (r as usize * 9 + f as usize);
/// assert_eq!(m.open_n & bit(3, 3), 0); // d4h closes the north step of d4
/// assert_eq!(m.free_h & bit(3, 3), 0); // d4h itself
/// assert_eq!(m.free_h & bit(4, 3), 0); // e4h would overlap it
/// assert_eq!(m.free_v & bit(3, 3), 0); // d4v would cross it
/// assert_ne!(m.free_v & bit(4, 3), 0); // e4v touches it only
/// // Every legal anchor is free; here (nothing can seal a pawn yet) every free one is legal.
/// let b = pos.bitboards().unwrap();
/// assert_eq!((m.free_h, m.free_v), (b.legal_h, b.legal_v));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WallMasks {
    /// As [`Bitboards::open_e`].
    pub open_e: u128,
    /// As [`Bitboards::open_n`].
    pub open_n: u128,
    /// Anchors of horizontal walls that fit: on the board, overlapping and crossing none.
    pub free_h: u128,
    /// Anchors of vertical walls that fit.
    pub free_v: u128,
}

impl Position {
    /// The open steps and free wall slots of this position ([`WallMasks`]), or `None`
    /// when the board has more than 128 cells. It does no route test, so it costs a few
    /// mask operations.
    pub fn wall_masks(&self) -> Option<WallMasks> {
        let Repr::Small(b) = &self.repr else { return None };
        let (open_e, open_n) = b.open_masks();
        let (free_h, free_v) = b.free_wall_masks();
        Some(WallMasks { open_e, open_n, free_h, free_v })
    }

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
