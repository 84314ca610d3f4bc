//! Positions from parts, validated once, and the one-line position text.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::bits::{Cells, BOARD};
use super::wall::{parse_board_square, parse_wall};
use super::{pieces_per_player, placer, ByPlayer, Player, Position, SetupError, Wall, SIZE};
use wallrush_core::text::ParseError;
use wallrush_core::Square;

/// The parts of a Wall Go position, unvalidated: what the one-line position text holds.
/// Turn it into a position with [`Position::from_setup`], which checks it.
///
/// The text form (`Display` / `FromStr`) has four fields separated by spaces:
///
/// 1. **pieces**: one group per player in turn order, separated by `/`; a group is a
///    comma-separated list of squares (written, and kept when read, in `Square` order: by
///    file, then rank), or `-` for none. The number of groups is the
///    number of players (2–4).
/// 2. **walls**: `-`, or a comma-separated list of walls, each the builder's letter and
///    the groove (`Rc3n`; either name of a groove is read, the canonical one written).
/// 3. **turn**: the letter of the player to move or place (`R`, `B`, `Y`, `G`).
/// 4. **breaks**: the letters of the players who have used their wall break, or `-`.
///
/// A position is in a placement setup exactly when fewer pieces than the full count are on
/// the board.
///
/// ```
/// use wallrush_territory::wallgo::{Position, Setup};
/// let text = "b2,d2,d6,f6/b4,b6,f2,f4 - R -";
/// assert_eq!(Position::two_player().text(), text);
/// let setup: Setup = "c3/d5/-/- - Y -".parse()?; // a 4-player placement, 2 placed
/// let pos = Position::from_setup(&setup)?;
/// assert!(pos.is_placing());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Number of players, 2 to 4.
    pub players: u8,
    /// Each player's pieces.
    pub pieces: ByPlayer<Vec<Square>>,
    /// The walls on the board with their builders.
    pub walls: Vec<(Wall, Player)>,
    /// The player to move (or to place).
    pub turn: Player,
    /// Which players have used their wall break.
    pub breaks_used: ByPlayer<bool>,
}

/// Position text that cannot be read, naming the field at fault.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionTextError {
    /// Not four space-separated fields.
    #[error("expected 4 fields (pieces, walls, turn, breaks), found {0}")]
    FieldCount(usize),
    /// A field that is not well formed; the index in `error` counts bytes from the start
    /// of the field.
    #[error("{field} field: {error}")]
    Field {
        /// `pieces`, `walls`, `turn` or `breaks`.
        field: &'static str,
        /// What was expected where.
        error: ParseError,
    },
    /// Well-formed text describing an impossible position.
    #[error("invalid position: {0}")]
    Invalid(#[from] SetupError),
}

impl Position {
    /// Builds a position from parts, checking that they make a reachable-looking Wall Go
    /// position: 2–4 players; pieces on distinct squares of the board; the full piece
    /// count for every player, or a snake-order prefix of it (no walls, no breaks, the
    /// snake order's next placer to move) during a placement setup (with walls or breaks, a
    /// missing piece is reported as a wrong count); no groove twice; no
    /// wall break with two players; and, unless the game is over, a player to move who
    /// can act. Regions, territories and whether the game is over follow from the parts.
    ///
    /// # Errors
    /// [`SetupError`] naming the first problem found.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        use SetupError as E;
        let n = setup.players;
        if !(2..=4).contains(&n) {
            return Err(E::PlayerCount(n as usize));
        }
        let in_game = |p: Player| {
            if p.index() < n as usize {
                Ok(())
            } else {
                Err(E::NotInGame { player: p, players: n })
            }
        };
        in_game(setup.turn)?;
        let mut pieces = [0u64; 4];
        let mut occupied = 0u64;
        for p in Player::ALL {
            if !setup.pieces[p].is_empty() {
                in_game(p)?;
            }
            for &sq in &setup.pieces[p] {
                if !sq.is_on(SIZE) {
                    return Err(E::OffBoard(sq));
                }
                let b = Cells::bit(sq);
                if occupied & b != 0 {
                    return Err(E::SharedSquare(sq));
                }
                occupied |= b;
                pieces[p.index()] |= b;
            }
        }
        let (mut walls_n, mut walls_e) = ([0u64; 4], [0u64; 4]);
        for &(w, owner) in &setup.walls {
            in_game(owner)?;
            let masks = if w.is_horizontal() { &mut walls_n } else { &mut walls_e };
            let b = 1u64 << w.cell();
            if masks.iter().any(|m| m & b != 0) {
                return Err(E::DuplicateWall(w));
            }
            masks[owner.index()] |= b;
        }
        let mut breaks = 0u8;
        for p in Player::ALL.into_iter().filter(|&p| setup.breaks_used[p]) {
            in_game(p)?;
            if n == 2 {
                return Err(E::BreakWithTwo);
            }
            breaks |= 1 << p.index();
        }
        let full = pieces_per_player(n);
        for p in Player::first(n) {
            let found = setup.pieces[p].len();
            if found > full as usize {
                return Err(E::PieceCount { player: p, found, expected: full });
            }
        }
        let placed = occupied.count_ones() as u8;
        if placed < n * full {
            if !setup.walls.is_empty() || breaks != 0 {
                // Walls or breaks mean play has begun: the missing pieces are the fault.
                let p = Player::first(n)
                    .find(|&p| setup.pieces[p].len() < full as usize)
                    .expect("a piece is missing");
                return Err(E::PieceCount { player: p, found: setup.pieces[p].len(), expected: full });
            }
            for p in Player::first(n) {
                let expected = (0..placed).filter(|&k| placer(n, k) == p).count() as u8;
                let found = setup.pieces[p].len();
                if found != expected as usize {
                    return Err(E::PieceCount { player: p, found, expected });
                }
            }
            let expected = placer(n, placed);
            if setup.turn != expected {
                return Err(E::PlacementTurn { expected, found: setup.turn });
            }
        }
        debug_assert_eq!(occupied & !BOARD, 0);
        let pos = Position::from_parts(n, setup.turn, breaks, pieces, walls_n, walls_e);
        if !pos.is_placing() && !pos.is_game_over() && !pos.can_act(setup.turn) {
            return Err(E::TurnCannotAct(setup.turn));
        }
        Ok(pos)
    }

    /// The parts of the position.
    pub fn setup(&self) -> Setup {
        let mut walls: Vec<(Wall, Player)> = self.walls().collect();
        walls.sort();
        Setup {
            players: self.players(),
            pieces: ByPlayer::from_fn(|p| self.pieces(p).collect()),
            walls,
            turn: self.turn(),
            breaks_used: ByPlayer::from_fn(|p| self.break_used(p)),
        }
    }

    /// The one-line position text (see [`Setup`] for the format).
    pub fn text(&self) -> alloc::string::String {
        use alloc::string::ToString;
        self.setup().to_string()
    }

    /// Reads a one-line position text (see [`Setup`] for the format).
    ///
    /// # Errors
    /// [`PositionTextError`] naming the field at fault, or the rule the position breaks.
    pub fn from_text(text: &str) -> Result<Position, PositionTextError> {
        let setup: Setup = text.parse()?;
        Ok(Position::from_setup(&setup)?)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in Player::first(self.players).enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let mut squares = self.pieces[p].clone();
            squares.sort();
            if squares.is_empty() {
                f.write_str("-")?;
            }
            for (j, sq) in squares.iter().enumerate() {
                write!(f, "{}{sq}", if j > 0 { "," } else { "" })?;
            }
        }
        f.write_str(" ")?;
        if self.walls.is_empty() {
            f.write_str("-")?;
        }
        for (j, (w, p)) in self.walls.iter().enumerate() {
            write!(f, "{}{}{w}", if j > 0 { "," } else { "" }, p.letter())?;
        }
        write!(f, " {} ", self.turn.letter())?;
        let mut any = false;
        for p in Player::ALL.into_iter().filter(|&p| self.breaks_used[p]) {
            write!(f, "{}", p.letter())?;
            any = true;
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

/// Splits `field` at commas, giving each item with its byte offset; `-` alone is the empty
/// list.
fn items(field: &str) -> impl Iterator<Item = (usize, &str)> {
    let list = if field == "-" { "" } else { field };
    let mut at = 0;
    list.split(',').filter(move |_| !list.is_empty()).map(move |item| {
        let start = at;
        at += item.len() + 1;
        (start, item)
    })
}

fn player_letter(b: &[u8], at: usize) -> Result<Player, ParseError> {
    b.get(at)
        .and_then(|&c| Player::from_letter(c as char))
        .ok_or(ParseError::new(at, "a player letter: R, B, Y or G"))
}

impl FromStr for Setup {
    type Err = PositionTextError;

    fn from_str(s: &str) -> Result<Setup, PositionTextError> {
        // Count before collecting, so a long line of garbage allocates nothing.
        let count = s.split_ascii_whitespace().count();
        if count != 4 {
            return Err(PositionTextError::FieldCount(count));
        }
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        let [pieces_f, walls_f, turn_f, breaks_f] = fields[..] else {
            return Err(PositionTextError::FieldCount(fields.len()));
        };
        let err = |field: &'static str| move |error: ParseError| PositionTextError::Field { field, error };

        let mut pieces: ByPlayer<Vec<Square>> = ByPlayer::default();
        let mut players = 0u8;
        let mut at = 0usize;
        for group in pieces_f.split('/') {
            let player = Player::from_index(players as usize)
                .ok_or(ParseError::new(at.saturating_sub(1), "at most 4 groups of pieces"))
                .map_err(err("pieces"))?;
            if group.is_empty() {
                return Err(err("pieces")(ParseError::new(at, "squares or '-'")));
            }
            for (off, item) in items(group) {
                let b = item.as_bytes();
                let (sq, end) =
                    parse_board_square(b, 0)
                        .and_then(|(sq, i)| {
                            if i == b.len() {
                                Ok((sq, i))
                            } else {
                                Err(ParseError::new(i, "',' or '/'"))
                            }
                        })
                        .map_err(|e| ParseError::new(at + off + e.index(), e.expected()))
                        .map_err(err("pieces"))?;
                debug_assert_eq!(end, b.len());
                pieces[player].push(sq);
            }
            // Kept in the order `Display` writes, so text read and written reads the same.
            pieces[player].sort();
            players += 1;
            at += group.len() + 1;
        }
        if players < 2 {
            return Err(err("pieces")(ParseError::new(pieces_f.len(), "'/' and the next player's pieces")));
        }

        let mut walls = Vec::new();
        for (off, item) in items(walls_f) {
            let b = item.as_bytes();
            let shifted = |e: ParseError| ParseError::new(off + e.index(), e.expected());
            let owner = player_letter(b, 0).map_err(shifted).map_err(err("walls"))?;
            let (w, end) = parse_wall(b, 1).map_err(shifted).map_err(err("walls"))?;
            if end != b.len() {
                return Err(err("walls")(shifted(ParseError::new(end, "',' or the end of the field"))));
            }
            walls.push((w, owner));
        }

        let tb = turn_f.as_bytes();
        let turn = player_letter(tb, 0).map_err(err("turn"))?;
        if tb.len() != 1 {
            return Err(err("turn")(ParseError::new(1, "the end of the field")));
        }

        let mut breaks_used: ByPlayer<bool> = ByPlayer::default();
        if breaks_f != "-" {
            for (i, &c) in breaks_f.as_bytes().iter().enumerate() {
                let p = Player::from_letter(c as char)
                    .filter(|&p| !breaks_used[p])
                    .ok_or(ParseError::new(i, "a player letter (R, B, Y, G) not given before"))
                    .map_err(err("breaks"))?;
                breaks_used[p] = true;
            }
        }
        Ok(Setup { players, pieces, walls, turn, breaks_used })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn pieces_read_in_any_order_write_and_read_back_the_same() {
        // Found by fuzzing (parse_text): the pieces were kept in the order read but
        // written sorted, so text read, written and read again gave another setup.
        let setup: Setup = "b1,c1,c5,f5/a6,c4,d4,c1 - B -".parse().unwrap();
        let written = setup.to_string();
        assert_eq!(written, "b1,c1,c5,f5/a6,c1,c4,d4 - B -");
        assert_eq!(written.parse::<Setup>().unwrap(), setup);
    }

    #[test]
    fn field_errors_name_the_field() {
        let cases = [
            ("b2/b4 - R", "expected 4 fields (pieces, walls, turn, breaks), found 3"),
            ("b2/b4/c1/c2/c3 - R -", "pieces field: expected at most 4 groups of pieces at byte 11"),
            ("b2,h1/b4 - R -", "pieces field: expected a square from a1 to g7 at byte 3"),
            ("b2 - R -", "pieces field: expected '/' and the next player's pieces at byte 2"),
            ("b2//b4 - R -", "pieces field: expected squares or '-' at byte 3"),
            ("b2/b4 Xc3n R -", "walls field: expected a player letter: R, B, Y or G at byte 0"),
            (
                "b2/b4 Rc3n,Ba1w R -",
                "walls field: expected a side with a groove (the board edge is not one) at byte 8",
            ),
            ("b2/b4 - r -", "turn field: expected a player letter: R, B, Y or G at byte 0"),
            (
                "b2/b4 - R RR",
                "breaks field: expected a player letter (R, B, Y, G) not given before at byte 1",
            ),
        ];
        for (text, msg) in cases {
            assert_eq!(text.parse::<Setup>().unwrap_err().to_string(), msg, "{text}");
        }
    }

    #[test]
    fn round_trips() {
        let text = "b2,d2/b4,b6/c3,c5 Bc3n,Rd4e Y B";
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(setup.players, 3);
    }
}
