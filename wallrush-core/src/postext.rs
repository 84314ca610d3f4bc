//! Position text: one line that captures every position that can arise.
//!
//! ```text
//! size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e1,e9 placed=- walls_left=10,10 turn=south passes=0
//! ```
//!
//! Fields, written in this order and read in any order, separated by spaces:
//!
//! | field | value |
//! |---|---|
//! | `size`, `players`, `walls`, `wall_length`, `goal` | the variant, as [`Variant`](crate::Variant)'s `Display` writes it and its `FromStr` reads it |
//! | `pawns` | one square per seat of the variant, in turn order (South, West, North, East; two seats: South, North); `-` for a seat that resigned |
//! | `placed` | the walls on the board in standard notation, comma-separated; `-` for none |
//! | `walls_left` | walls each seat still holds, in the order of `pawns` |
//! | `turn` | the seat to move: `south`, `west`, `north` or `east` |
//! | `passes` | consecutive forced passes just played (optional when `0` on reading) |
//!
//! Squares and walls are written `rRcC` on boards over 26 wide, and either form is read
//! on any board. Reading checks the syntax first ([`PositionText`]), then that the
//! position is legal ([`Position::from_setup`]: every seat has a route, no walls
//! conflict, counts are in range and match the walls on the board). Text over
//! [`MAX_POSITION_TEXT_BYTES`] is refused before it is read.
//!
//! ```
//! use wallrush_core::{Position, Seat};
//! let mut pos = Position::classic();
//! pos.play("e2".parse()?)?;
//! pos.play("d4h".parse()?)?;
//! let text = pos.to_text();
//! assert_eq!(text, "size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e2,e9 placed=d4h walls_left=10,9 turn=south passes=0");
//! assert_eq!(Position::from_text(&text)?, pos);
//! let err = Position::from_text(&text.replace("turn=south", "turn=up")).unwrap_err();
//! assert_eq!(err.to_string(), "turn at byte 94: expected a seat: south, west, north or east");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::square::parse_square_prefix;
use crate::text::parse_u32;
use crate::{BySeat, Goal, Position, Seat, Setup, SetupError, VariantError, Wall};

/// A field of the position text.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Field {
    /// `size`: the board size.
    Size,
    /// `players`: 2 or 4.
    Players,
    /// `walls`: walls each player starts with.
    Walls,
    /// `wall_length`: cells a wall covers.
    WallLength,
    /// `goal`: `edge` or `centre`.
    Goal,
    /// `pawns`: each seat's square, or `-`.
    Pawns,
    /// `placed`: the walls on the board.
    Placed,
    /// `walls_left`: walls each seat still holds.
    WallsLeft,
    /// `turn`: the seat to move.
    Turn,
    /// `passes`: consecutive forced passes.
    Passes,
}

impl Field {
    /// Every field, in the order they are written.
    pub const ALL: [Field; 10] = [
        Field::Size,
        Field::Players,
        Field::Walls,
        Field::WallLength,
        Field::Goal,
        Field::Pawns,
        Field::Placed,
        Field::WallsLeft,
        Field::Turn,
        Field::Passes,
    ];

    /// The field's key: `size`, `players`, `walls`, `wall_length`, `goal`, `pawns`,
    /// `placed`, `walls_left`, `turn`, `passes`.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Size => "size",
            Field::Players => "players",
            Field::Walls => "walls",
            Field::WallLength => "wall_length",
            Field::Goal => "goal",
            Field::Pawns => "pawns",
            Field::Placed => "placed",
            Field::WallsLeft => "walls_left",
            Field::Turn => "turn",
            Field::Passes => "passes",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Field`]s: the fields a text may hold, named by
/// [`PositionTextError::Unknown`]. `Display` lists them in the order they are written:
/// `size, players, walls, wall_length or goal`.
///
/// ```
/// use wallrush_core::postext::{Field, FieldSet};
/// assert!(FieldSet::VARIANT.contains(Field::Goal) && !FieldSet::VARIANT.contains(Field::Turn));
/// assert_eq!(FieldSet::VARIANT.to_string(), "size, players, walls, wall_length or goal");
/// assert_eq!(FieldSet::POSITION.iter().count(), 10);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FieldSet(u16);

impl FieldSet {
    /// The fields of variant text: `size`, `players`, `walls`, `wall_length`, `goal`.
    pub const VARIANT: FieldSet = FieldSet(0b00_0001_1111);
    /// The fields of position text: all ten.
    pub const POSITION: FieldSet = FieldSet(0b11_1111_1111);

    /// Whether `field` is in the set.
    pub const fn contains(self, field: Field) -> bool {
        self.0 & (1 << field as u16) != 0
    }

    /// The fields in the set, in the order they are written.
    pub fn iter(self) -> impl Iterator<Item = Field> {
        Field::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl fmt::Display for FieldSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.iter().count();
        for (i, field) in self.iter().enumerate() {
            match i {
                0 => {}
                _ if i + 1 == n => f.write_str(" or ")?,
                _ => f.write_str(", ")?,
            }
            f.write_str(field.name())?;
        }
        Ok(())
    }
}

pub use crate::text::MAX_POSITION_TEXT_BYTES;

/// Position or variant text that cannot be read, naming the field that is wrong.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionTextError {
    /// A field's value is malformed.
    #[error("{field} at byte {index}: expected {expected}")]
    Value {
        /// The field.
        field: Field,
        /// Byte index in the text where its value went wrong.
        index: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// A required field is missing.
    #[error("missing field {0}")]
    Missing(Field),
    /// A field is given twice.
    #[error("field {field} given twice, again at byte {index}")]
    Repeated {
        /// The field.
        field: Field,
        /// Byte index of the second one.
        index: usize,
    },
    /// Something that is not `key=value` with a key allowed here.
    #[error("unknown field at byte {index}: expected {allowed}")]
    Unknown {
        /// Byte index in the text where the field begins.
        index: usize,
        /// The fields allowed here.
        allowed: FieldSet,
    },
    /// The text is longer than [`MAX_POSITION_TEXT_BYTES`]; nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = MAX_POSITION_TEXT_BYTES)]
    TooLong(usize),
    /// The variant fields are well formed but out of range.
    #[error("{0}")]
    Variant(#[from] VariantError),
    /// The fields are well formed but do not make a legal position.
    #[error("{0}")]
    Setup(#[from] SetupError),
}

/// One `key=value` field: its kind, the byte index of its value, and the value.
pub(crate) struct RawField<'a> {
    field: Field,
    index: usize,
    value: &'a str,
}

/// The fields of a text, by [`Field`] index.
pub(crate) type Fields<'a> = [Option<RawField<'a>>; 10];

/// Splits `s` at any of `separators` into fields, each at most once, keeping only
/// `allowed`.
pub(crate) fn split_fields<'a>(
    s: &'a str,
    allowed: FieldSet,
    separators: &[char],
) -> Result<Fields<'a>, PositionTextError> {
    if s.len() > MAX_POSITION_TEXT_BYTES {
        return Err(PositionTextError::TooLong(s.len()));
    }
    let mut out: Fields<'a> = Default::default();
    let mut at = 0;
    for part in s.split(separators) {
        let start = at;
        at += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let unknown = PositionTextError::Unknown { index: start, allowed };
        let Some((key, value)) = part.split_once('=') else {
            return Err(unknown);
        };
        let Some(field) = allowed.iter().find(|f| f.name() == key) else {
            return Err(unknown);
        };
        let slot = &mut out[field as usize];
        if slot.is_some() {
            return Err(PositionTextError::Repeated { field, index: start });
        }
        *slot = Some(RawField { field, index: start + key.len() + 1, value });
    }
    Ok(out)
}

impl RawField<'_> {
    fn err(&self, offset: usize, expected: &'static str) -> PositionTextError {
        PositionTextError::Value { field: self.field, index: self.index + offset, expected }
    }

    /// A variant number, as given (up to `u64::MAX`): the range is the variant's to check.
    pub(crate) fn number(&self) -> Result<u64, PositionTextError> {
        let v = self.value;
        if v.is_empty() || !v.bytes().all(|c| c.is_ascii_digit()) || (v.len() > 1 && v.starts_with('0')) {
            return Err(self.err(0, "a number"));
        }
        v.parse().map_err(|_| self.err(0, "a number"))
    }

    pub(crate) fn goal(&self) -> Result<Goal, PositionTextError> {
        self.value.parse().map_err(|_| self.err(0, "edge or centre"))
    }

    /// Comma-separated items with the byte index of each.
    fn items(&self) -> impl Iterator<Item = (usize, &str)> {
        let mut at = 0;
        self.value.split(',').map(move |item| {
            let start = at;
            at += item.len() + 1;
            (start, item)
        })
    }
}

pub(crate) fn take<'a>(fields: &mut Fields<'a>, field: Field) -> Result<RawField<'a>, PositionTextError> {
    fields[field as usize].take().ok_or(PositionTextError::Missing(field))
}

/// The syntax of a position text, read without checking that the position is legal:
/// a [`Setup`] that writes and reads itself.
///
/// ```
/// use wallrush_core::PositionText;
/// let text: PositionText = "size=5 players=2 walls=1 wall_length=2 goal=edge pawns=c1,c5 placed=- walls_left=1,1 turn=north".parse()?;
/// assert!(text.to_string().ends_with("turn=north passes=0")); // `passes=0` is written out
/// let pos = text.position()?;
/// assert_eq!(pos.legal_moves().len(), 3 + 2 * 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionText {
    setup: Setup,
}

impl PositionText {
    /// The text of `pos`.
    pub fn from_position(pos: &Position) -> PositionText {
        PositionText { setup: pos.setup() }
    }

    /// The text of `setup` (which need not be legal).
    pub fn from_setup(setup: Setup) -> PositionText {
        PositionText { setup }
    }

    /// The parts the text names.
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The parts the text names.
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// The position, checked.
    ///
    /// # Errors
    /// [`SetupError`] naming what makes it illegal.
    pub fn position(&self) -> Result<Position, SetupError> {
        Position::from_setup(&self.setup)
    }
}

impl fmt::Display for PositionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.setup;
        let n = s.variant.size();
        write!(f, "{} pawns=", s.variant)?;
        for (i, seat) in s.variant.seats().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match s.pawns[seat] {
                Some(sq) => write!(f, "{}", sq.text(n))?,
                None => f.write_str("-")?,
            }
        }
        f.write_str(" placed=")?;
        if s.walls.is_empty() {
            f.write_str("-")?;
        }
        for (i, w) in s.walls.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", w.text(n))?;
        }
        f.write_str(" walls_left=")?;
        for (i, seat) in s.variant.seats().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", s.walls_left[seat])?;
        }
        write!(f, " turn={} passes={}", s.turn, s.passes)
    }
}

impl FromStr for PositionText {
    type Err = PositionTextError;

    fn from_str(s: &str) -> Result<PositionText, PositionTextError> {
        let mut fields = split_fields(s, FieldSet::POSITION, &[' '])?;
        let variant = variant_from_fields(&mut fields)?;
        let seats: Vec<Seat> = variant.seats().collect();
        let per_seat = if seats.len() == 4 {
            "four comma-separated values, one per seat"
        } else {
            "two comma-separated values, one per seat"
        };

        let raw = take(&mut fields, Field::Pawns)?;
        let mut pawns = BySeat::default();
        let mut count = 0;
        for (at, item) in raw.items() {
            let Some(&seat) = seats.get(count) else {
                return Err(raw.err(at.saturating_sub(1), per_seat));
            };
            count += 1;
            if item == "-" {
                continue;
            }
            let (sq, end) = parse_square_prefix(item.as_bytes(), 0)
                .map_err(|e| raw.err(at + e.index(), "a square or '-'"))?;
            if end != item.len() {
                return Err(raw.err(at + end, "',' or the end of the field"));
            }
            pawns[seat] = Some(sq);
        }
        if count != seats.len() {
            return Err(raw.err(raw.value.len(), per_seat));
        }

        let raw = take(&mut fields, Field::Placed)?;
        let mut walls = Vec::new();
        if raw.value != "-" {
            for (at, item) in raw.items() {
                let w: Wall = item.parse().map_err(|_| raw.err(at, "a wall (d4h) or '-'"))?;
                walls.push(w);
            }
        }

        let raw = take(&mut fields, Field::WallsLeft)?;
        let mut walls_left = BySeat::default();
        let mut count = 0;
        for (at, item) in raw.items() {
            let Some(&seat) = seats.get(count) else {
                return Err(raw.err(at.saturating_sub(1), per_seat));
            };
            count += 1;
            walls_left[seat] =
                parse_u32(item).and_then(|n| u8::try_from(n).ok()).ok_or(raw.err(at, "a number of walls"))?;
        }
        if count != seats.len() {
            return Err(raw.err(raw.value.len(), per_seat));
        }

        let raw = take(&mut fields, Field::Turn)?;
        let turn: Seat = raw.value.parse().map_err(|_| raw.err(0, "a seat: south, west, north or east"))?;

        let passes = match fields[Field::Passes as usize].take() {
            None => 0,
            Some(raw) => {
                parse_u32(raw.value).and_then(|n| u8::try_from(n).ok()).ok_or(raw.err(0, "a number"))?
            }
        };

        Ok(PositionText { setup: Setup { variant, pawns, walls, walls_left, turn, passes } })
    }
}

impl Position {
    /// The position as one line of text (see [`postext`](crate::postext)).
    pub fn to_text(&self) -> String {
        PositionText::from_position(self).to_string()
    }

    /// Reads a position from its text (see [`postext`](crate::postext)) and checks that
    /// it is legal.
    ///
    /// # Errors
    /// [`PositionTextError`] naming the field that is wrong, or
    /// [`PositionTextError::Setup`] when the fields do not make a legal position.
    pub fn from_text(s: &str) -> Result<Position, PositionTextError> {
        Ok(s.parse::<PositionText>()?.position()?)
    }
}

impl FromStr for Position {
    type Err = PositionTextError;

    /// Reads a position from its text, as [`Position::from_text`]: `"…".parse::<Position>()`.
    ///
    /// ```
    /// use wallrush_core::{Position, PositionTextError};
    /// let pos: Position = "size=5 players=2 walls=1 wall_length=2 goal=edge pawns=c1,c5 placed=- walls_left=1,1 turn=south".parse()?;
    /// assert_eq!(pos, Position::new(wallrush_core::Variant::new(5, 2, 1, 2, wallrush_core::Goal::Edge)?));
    /// assert!(matches!("size=5".parse::<Position>(), Err(PositionTextError::Missing(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Position, PositionTextError> {
        Position::from_text(s)
    }
}

impl From<&Position> for PositionText {
    /// The text of the position, as [`PositionText::from_position`].
    fn from(pos: &Position) -> PositionText {
        PositionText::from_position(pos)
    }
}

/// The variant of a position text: every variant field must be there.
fn variant_from_fields(fields: &mut Fields<'_>) -> Result<crate::Variant, PositionTextError> {
    let size = take(fields, Field::Size)?.number()?;
    let players = take(fields, Field::Players)?.number()?;
    let walls = take(fields, Field::Walls)?.number()?;
    let length = take(fields, Field::WallLength)?.number()?;
    let goal = take(fields, Field::Goal)?.goal()?;
    Ok(crate::Variant::checked(size, players, walls, length, goal)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    const START: &str = "size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e1,e9 placed=- walls_left=10,10 turn=south passes=0";

    #[test]
    fn start_round_trips() {
        let pos = Position::classic();
        assert_eq!(pos.to_text(), START);
        assert_eq!(Position::from_text(START).unwrap(), pos);
        let four = Position::new(Variant::four_player());
        assert_eq!(
            four.to_text(),
            "size=9 players=4 walls=5 wall_length=2 goal=edge pawns=e1,a5,e9,i5 placed=- walls_left=5,5,5,5 turn=south passes=0"
        );
    }

    #[test]
    fn position_reads_its_text_through_from_str() {
        let mut pos = Position::classic();
        pos.play("d4h".parse().unwrap()).unwrap();
        let text = PositionText::from(&pos);
        assert_eq!(text.to_string(), pos.to_text());
        assert_eq!(text.to_string().parse::<Position>(), Ok(pos.clone()));
        assert_eq!(text.position(), Ok(pos));
        let err = START.replace("turn=south", "turn=east").parse::<Position>().unwrap_err();
        assert_eq!(err.to_string(), "east is to move but not in play");
    }

    #[test]
    fn errors_name_the_field() {
        let cases: [(&str, &str); 12] = [
            ("size=9", "size=8"),
            ("pawns=e1,e9", "pawns=e1"),
            ("pawns=e1,e9", "pawns=e1,e9,e5"),
            ("pawns=e1,e9", "pawns=e1,z"),
            ("placed=-", "placed=d4"),
            ("walls_left=10,10", "walls_left=10,x"),
            ("walls_left=10,10", "walls_left=10,11"),
            ("turn=south", "turn=east"),
            ("passes=0", "passes=-1"),
            ("goal=edge", "goal=middle"),
            ("turn=south ", ""),
            ("passes=0", "passes=0 passes=0"),
        ];
        let want = [
            "size 8 is out of range: odd, 3 ..= 31",
            "pawns at byte 58: expected two comma-separated values, one per seat",
            "pawns at byte 61: expected two comma-separated values, one per seat",
            "pawns at byte 60: expected a square or '-'",
            "placed at byte 69: expected a wall (d4h) or '-'",
            "walls_left at byte 85: expected a number of walls",
            "walls left of north exceed the variant's walls",
            "east is to move but not in play",
            "passes at byte 106: expected a number",
            "goal at byte 45: expected edge or centre",
            "missing field turn",
            "field passes given twice, again at byte 108",
        ];
        for ((from, to), want) in cases.iter().zip(want) {
            let text = START.replace(from, to);
            assert_eq!(Position::from_text(&text).unwrap_err().to_string(), want, "{text}");
        }
        assert_eq!(Position::from_text("").unwrap_err(), PositionTextError::Missing(Field::Size));
        assert_eq!(
            Position::from_text("x").unwrap_err(),
            PositionTextError::Unknown { index: 0, allowed: FieldSet::POSITION }
        );
        let e = Position::from_text("size=9 colour=red").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown field at byte 7: expected size, players, walls, wall_length, goal, pawns, \
             placed, walls_left, turn or passes"
        );
    }
}
