//! Walls.

use core::fmt;

use crate::Square;

/// Which way a wall runs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Orientation {
    /// Along a line between two ranks (it blocks north–south steps).
    Horizontal,
    /// Along a line between two files (it blocks east–west steps).
    Vertical,
}

impl Orientation {
    /// `h` or `v`, as the standard notation writes it.
    pub const fn letter(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }
}

/// A wall, named as the standard notation names it: the lower-left cell of the block it
/// borders, and its orientation. Its length comes from the [`Variant`](crate::Variant).
///
/// A horizontal wall anchored at `d4` lies along the top edges of `d4`, `e4`, … (between
/// ranks 4 and 5) and extends rightwards; a vertical one along the right edges of `d4`,
/// `d5`, … (between files d and e) and extends upwards.
///
/// ```
/// use wallrush_core::{Orientation, Square, Wall};
/// let w: Wall = "d4h".parse()?;
/// assert_eq!(w, Wall::new(Square::new(3, 3), Orientation::Horizontal));
/// assert_eq!(w.to_string(), "d4h");
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Wall {
    anchor: Square,
    orientation: Orientation,
}

impl Wall {
    /// The wall anchored at `anchor` (its lower-left cell) running `orientation`.
    pub const fn new(anchor: Square, orientation: Orientation) -> Wall {
        Wall { anchor, orientation }
    }

    /// A horizontal wall above `anchor`.
    pub const fn horizontal(anchor: Square) -> Wall {
        Wall::new(anchor, Orientation::Horizontal)
    }

    /// A vertical wall right of `anchor`.
    pub const fn vertical(anchor: Square) -> Wall {
        Wall::new(anchor, Orientation::Vertical)
    }

    /// The lower-left cell of the block the wall borders.
    pub const fn anchor(self) -> Square {
        self.anchor
    }

    /// Which way the wall runs.
    pub const fn orientation(self) -> Orientation {
        self.orientation
    }

    /// Whether a wall of `length` at this place lies wholly inside a `size` board.
    pub const fn is_on(self, size: u8, length: u8) -> bool {
        let (f, r) = (self.anchor.file() as u32, self.anchor.rank() as u32);
        let (along, across) = match self.orientation {
            Orientation::Horizontal => (f, r),
            Orientation::Vertical => (r, f),
        };
        along + length as u32 <= size as u32 && across + 1 < size as u32
    }

    /// The wall written as a board of `size` writes it (see [`Square::text`]).
    pub const fn text(self, size: u8) -> WallText {
        WallText { wall: self, size }
    }
}

/// A wall formatted for a given board size (see [`Wall::text`]).
#[derive(Clone, Copy, Debug)]
pub struct WallText {
    wall: Wall,
    size: u8,
}

impl fmt::Display for WallText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.wall.anchor.text(self.size), self.wall.orientation.letter())
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}
