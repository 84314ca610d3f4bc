//! The four sides of a cell.

use core::fmt;

use wallrush_core::Square;

/// A side of a cell, and the direction of a step across it. The same four sides serve
/// both games; the board size comes with the square ([`neighbour`](Self::neighbour)).
///
/// ```
/// use wallrush_territory::grid::Side;
/// use wallrush_core::Square;
/// assert_eq!(Side::from_letter('n'), Some(Side::North));
/// assert_eq!(Side::North.opposite(), Side::South);
/// assert_eq!(Side::East.neighbour(Square::new(5, 0), 7), Some(Square::new(6, 0)));
/// assert_eq!(Side::East.neighbour(Square::new(5, 0), 6), None); // the board edge
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// Towards the top rank.
    North,
    /// Towards the last file.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Side {
    /// The four sides in the order move lists use: north, east, south, west.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The lowercase letter of the notations: `n`, `e`, `s`, `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::North => 'n',
            Side::East => 'e',
            Side::South => 's',
            Side::West => 'w',
        }
    }

    /// The lowercase name: `north`, `east`, `south`, `west`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::North => "north",
            Side::East => "east",
            Side::South => "south",
            Side::West => "west",
        }
    }

    /// The side whose [`letter`](Self::letter) is `c` (lowercase only; the card game's
    /// notation, which reads either case, lowercases first).
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'n' => Some(Side::North),
            'e' => Some(Side::East),
            's' => Some(Side::South),
            'w' => Some(Side::West),
            _ => None,
        }
    }

    /// The side facing this one from the neighbouring cell.
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }

    /// The cell across this side of `square` on the `size × size` board, or `None` when
    /// `square` is off the board or this side is the board edge.
    pub const fn neighbour(self, square: Square, size: u8) -> Option<Square> {
        if !square.is_on(size) {
            return None;
        }
        let (f, r) = (square.file(), square.rank());
        match self {
            Side::North if r + 1 < size => Some(Square::new(f, r + 1)),
            Side::East if f + 1 < size => Some(Square::new(f + 1, r)),
            Side::South if r > 0 => Some(Square::new(f, r - 1)),
            Side::West if f > 0 => Some(Square::new(f - 1, r)),
            _ => None,
        }
    }

    /// The side of `a` that `b` lies across, when they are orthogonal neighbours on the
    /// `size × size` board.
    pub fn towards(a: Square, b: Square, size: u8) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.neighbour(a, size) == Some(b))
    }
}

impl fmt::Display for Side {
    /// The letter: `n`, `e`, `s`, `w`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_sides_face_each_other() {
        for s in Side::ALL {
            assert_eq!(Side::from_letter(s.letter()), Some(s));
            assert_eq!(s.opposite().opposite(), s);
            let c = Square::new(3, 3);
            let n = s.neighbour(c, 7).unwrap();
            assert_eq!(s.opposite().neighbour(n, 7), Some(c));
            assert_eq!(Side::towards(c, n, 7), Some(s));
        }
        assert_eq!(Side::from_letter('N'), None);
        assert_eq!(Side::West.neighbour(Square::new(7, 0), 7), None, "off the board");
    }
}
