//! The one-line position text.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::board::{parse_square, ByPlayer, Groove, Player};
use super::position::{Position, Setup, SetupError};
use wallrush_core::Square;

/// A field of the one-line position text, in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PositionField {
    /// `b2,e3,c5/d2,b4,e5`: each player's three pieces, player 1 first.
    Pieces,
    /// `c4n,a1s/-`: each player's walls (canonical groove names), `-` for none.
    Walls,
    /// `ABCDEF123456`: the cards available.
    Cards,
    /// `1` or `2`: the player to move.
    Turn,
    /// `1` or `2`: moves left in the turn.
    MovesLeft,
    /// `-` or a square: the square the turn's first move vacated.
    Vacated,
    /// `0` to `15`: walls discarded so far.
    Discards,
}

impl PositionField {
    /// The fields in text order.
    pub const ALL: [PositionField; 7] = [
        PositionField::Pieces,
        PositionField::Walls,
        PositionField::Cards,
        PositionField::Turn,
        PositionField::MovesLeft,
        PositionField::Vacated,
        PositionField::Discards,
    ];

    /// The field's name: `pieces`, `walls`, `cards`, `turn`, `moves_left`, `vacated`,
    /// `discards`.
    pub const fn name(self) -> &'static str {
        match self {
            PositionField::Pieces => "pieces",
            PositionField::Walls => "walls",
            PositionField::Cards => "cards",
            PositionField::Turn => "turn",
            PositionField::MovesLeft => "moves_left",
            PositionField::Vacated => "vacated",
            PositionField::Discards => "discards",
        }
    }
}

impl fmt::Display for PositionField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Position text that cannot be read, naming the field at fault.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionTextError {
    /// Not seven fields separated by single spaces (the count is of the pieces between
    /// spaces, empty ones included).
    #[error("expected 7 fields separated by single spaces, found {0}")]
    FieldCount(usize),
    /// A field that is not well formed.
    #[error("field {field}: expected {expected}")]
    Syntax {
        /// The field.
        field: PositionField,
        /// What it should hold.
        expected: &'static str,
    },
    /// Well-formed fields that do not make a position.
    #[error("field {field}: {error}")]
    Invalid {
        /// The field at fault.
        field: PositionField,
        /// The rule it breaks.
        error: SetupError,
    },
}

fn syntax(field: PositionField, expected: &'static str) -> PositionTextError {
    PositionTextError::Syntax { field, expected }
}

fn square(text: &str, field: PositionField) -> Result<Square, PositionTextError> {
    match parse_square(text.as_bytes(), 0) {
        Ok(sq) if text.len() == 2 => Ok(sq),
        _ => Err(syntax(field, "a square from a1 to f6")),
    }
}

fn pair<'a>(
    text: &'a str,
    field: PositionField,
    expected: &'static str,
) -> Result<(&'a str, &'a str), PositionTextError> {
    let (a, b) = text.split_once('/').ok_or(syntax(field, expected))?;
    if b.contains('/') {
        return Err(syntax(field, expected));
    }
    Ok((a, b))
}

fn player(text: &str, field: PositionField) -> Result<Player, PositionTextError> {
    text.parse().map_err(|_| syntax(field, "1 or 2"))
}

impl Position {
    /// The one-line position text: seven fields separated by single spaces — pieces
    /// (player 1's, `/`, player 2's, each in board order), walls (player 1's, `/`, player
    /// 2's, canonical groove names in groove order, `-` for none), cards available,
    /// player to move, moves left in the turn, vacated square (`-` for none), discards.
    ///
    /// ```
    /// use wallrush_territory::enclosure::{Position, Player};
    /// let mut pos = Position::new(Player::One);
    /// assert_eq!(pos.to_text(), "b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - 0");
    /// pos.play("C3n b2-b3".parse()?)?;
    /// pos.play("A1s e5-e6".parse()?)?;
    /// assert_eq!(pos.to_text(), "b3,e3,c5/d2,b4,e6 c3n/a1s BDEF2456 2 1 e5 0");
    /// assert_eq!(Position::from_text(&pos.to_text())?, pos);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for p in Player::BOTH {
            if p == Player::Two {
                s.push('/');
            }
            for (i, sq) in self.pieces(p).enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "{sq}");
            }
        }
        s.push(' ');
        for p in Player::BOTH {
            if p == Player::Two {
                s.push('/');
            }
            let mut any = false;
            for (g, _) in self.walls().filter(|&(_, o)| o == p) {
                if any {
                    s.push(',');
                }
                any = true;
                let _ = write!(s, "{g}");
            }
            if !any {
                s.push('-');
            }
        }
        let _ = write!(s, " {} {} {} ", self.cards(), self.turn(), self.moves_left());
        match self.vacated() {
            Some(v) => {
                let _ = write!(s, "{v}");
            }
            None => s.push('-'),
        }
        let _ = write!(s, " {}", self.discards());
        s
    }

    /// Reads the one-line position text written by [`to_text`](Self::to_text). Squares
    /// and cards may use either case; grooves may use any of their names; whitespace
    /// around the line (a trailing line break) is ignored, inside it fields are separated
    /// by single spaces.
    ///
    /// # Errors
    /// [`PositionTextError`] naming the field that is malformed or breaks a rule of
    /// [`Position::from_setup`].
    pub fn from_text(text: &str) -> Result<Position, PositionTextError> {
        use PositionField as F;
        // Count before collecting, so a long line of garbage allocates nothing.
        let count = text.trim().split(' ').count();
        if count != 7 {
            return Err(PositionTextError::FieldCount(count));
        }
        let fields: Vec<&str> = text.trim().split(' ').collect();
        if fields.len() != 7 || fields.iter().any(|f| f.is_empty()) {
            return Err(PositionTextError::FieldCount(fields.len()));
        }
        let pieces_expected = "three squares per player, comma-separated, the players split by '/'";
        let (one, two) = pair(fields[0], F::Pieces, pieces_expected)?;
        let mut pieces: ByPlayer<[Square; 3]> = crate::grid::ByPlayer([[Square::new(0, 0); 3]; 2]);
        for (p, list) in [(Player::One, one), (Player::Two, two)] {
            let items: Vec<&str> = list.split(',').collect();
            if items.len() != 3 {
                return Err(syntax(F::Pieces, pieces_expected));
            }
            for (slot, item) in pieces[p].iter_mut().zip(items) {
                *slot = square(item, F::Pieces)?;
            }
        }
        let (one, two) = pair(fields[1], F::Walls, "each player's walls, the players split by '/'")?;
        let mut walls = Vec::new();
        for (p, list) in [(Player::One, one), (Player::Two, two)] {
            if list == "-" {
                continue;
            }
            for item in list.split(',') {
                let g: Groove = item
                    .parse()
                    .map_err(|_| syntax(F::Walls, "'-' or comma-separated grooves such as c4n"))?;
                walls.push((g, p));
            }
        }
        let cards = fields[2].parse().map_err(|_| {
            syntax(F::Cards, "the cards available: letters A-F then as many numbers 1-6, each once")
        })?;
        let turn = player(fields[3], F::Turn)?;
        let moves_left = match fields[4] {
            "1" => 1,
            "2" => 2,
            _ => return Err(syntax(F::MovesLeft, "1 or 2")),
        };
        let vacated = match fields[5] {
            "-" => None,
            v => Some(square(v, F::Vacated)?),
        };
        let discards = match fields[6].parse::<u8>() {
            Ok(d) if d <= 15 && !fields[6].starts_with('+') => d,
            _ => return Err(syntax(F::Discards, "a number from 0 to 15")),
        };
        let setup = Setup { pieces, walls, cards, turn, moves_left, vacated, discards };
        Position::from_setup(&setup).map_err(|error| {
            let field = match error {
                SetupError::PieceOffBoard(_) | SetupError::PiecesShareSquare(_) => F::Pieces,
                SetupError::WallTwice(_) => F::Walls,
                SetupError::MovesLeft(_) => F::MovesLeft,
                SetupError::VacatedAtTurnStart(_)
                | SetupError::VacatedOffBoard(_)
                | SetupError::VacatedOccupied(_) => F::Vacated,
                SetupError::Discards(_) => F::Discards,
            };
            PositionTextError::Invalid { field, error }
        })
    }
}
