//! What both games share.

use wallrush_core::Square;

#[cfg(feature = "svg")]
pub(crate) mod svg;

/// The cell index of `sq` on an `n × n` board: `rank * n + file`.
pub(crate) const fn index_of(sq: Square, n: u8) -> usize {
    sq.rank() as usize * n as usize + sq.file() as usize
}

/// The square of cell index `i` on an `n × n` board.
pub(crate) const fn square_at(i: usize, n: u8) -> Square {
    Square::new((i % n as usize) as u8, (i / n as usize) as u8)
}
