//! What the two games share: the [`Side`]s of a cell, the [`Groove`]s of a square board
//! (one groove type; a wall fills one), and the per-player container [`ByPlayer`].
//! Inside the crate they also share the cell bitboards and their flood fill, the reader
//! and writer of the records' tag lines, and the drawing parts of the pictures.
//!
//! ```
//! use wallrush_territory::grid::{Groove, Side};
//! use wallrush_territory::{enclosure, wallgo};
//! // One side type: each game's `Side` is this one.
//! let side: enclosure::Side = wallgo::Side::North;
//! // One groove type: the card game's grooves are those of the 6×6 board, and a Wall Go
//! // wall is a groove of the 7×7 board off its edge.
//! let _: enclosure::Groove = Groove::<6>::of("c3".parse()?, side).unwrap();
//! let wall: wallgo::Wall = "c4s".parse()?;
//! assert_eq!(wall.groove(), Groove::<7>::of("c3".parse()?, side).unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod bits;
mod by_player;
mod groove;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;
#[cfg(feature = "svg")]
pub(crate) mod svg;
pub(crate) mod tags;

pub use by_player::{ByPlayer, PlayerIndex};
pub use groove::Groove;
pub use side::Side;
