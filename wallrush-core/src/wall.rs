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

    /// Whether this wall, `length` cells long, closes the step between the squares `a`
    /// and `b` (in either direction). Squares that are not orthogonal neighbours are never
    /// blocked.
    ///
    /// This is the rule the move generator's wall masks encode: a horizontal wall closes
    /// the north edges of `length` cells from its anchor rightwards, a vertical one the
    /// east edges of `length` cells from its anchor upwards.
    ///
    /// ```
    /// use wallrush_core::Wall;
    /// let w: Wall = "d4h".parse()?; // between ranks 4 and 5, under d5 and e5
    /// assert!(w.blocks(2, "d4".parse()?, "d5".parse()?));
    /// assert!(w.blocks(2, "e5".parse()?, "e4".parse()?));
    /// assert!(!w.blocks(2, "f4".parse()?, "f5".parse()?)); // past its end
    /// assert!(w.blocks(3, "f4".parse()?, "f5".parse()?)); // a wall of length 3 reaches f
    /// assert!(!w.blocks(2, "d4".parse()?, "e4".parse()?)); // an east-west step
    /// # Ok::<(), wallrush_core::notation::ParseError>(())
    /// ```
    pub const fn blocks(self, length: u8, a: Square, b: Square) -> bool {
        let (wf, wr) = (self.anchor.file() as u32, self.anchor.rank() as u32);
        let (af, ar, bf, br) = (a.file() as u32, a.rank() as u32, b.file() as u32, b.rank() as u32);
        let len = length as u32;
        match self.orientation {
            // A north-south step across the line above rank `wr`, within the wall's files.
            Orientation::Horizontal => {
                af == bf
                    && wf <= af
                    && af < wf + len
                    && ((ar == wr && br == wr + 1) || (br == wr && ar == wr + 1))
            }
            // An east-west step across the line right of file `wf`, within the wall's ranks.
            Orientation::Vertical => {
                ar == br
                    && wr <= ar
                    && ar < wr + len
                    && ((af == wf && bf == wf + 1) || (bf == wf && af == wf + 1))
            }
        }
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
