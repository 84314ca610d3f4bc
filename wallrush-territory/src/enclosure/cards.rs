//! The shared pool of 12 cards.

use core::fmt;
use core::str::FromStr;

use super::board::SIZE;
use wallrush_core::text::ParseError;
use wallrush_core::Square;

/// The shared card pool: which of the letters A–F and numbers 1–6 are still available.
///
/// A move spends one letter and one number, naming its target square (`C` and `4` name
/// C4). Spent cards stay unavailable until the pool is empty; the move that spends the
/// last pair brings all 12 back at once. Letters and numbers are always spent in pairs,
/// so a pool always holds as many letters as numbers, and never none (a value of this
/// type cannot break either rule).
///
/// Written as the available cards, letters then numbers: `ABCDEF123456` for a full
/// pool, `CF25` after four moves.
///
/// ```
/// use wallrush_territory::enclosure::Cards;
/// use wallrush_core::Square;
/// let mut cards = Cards::FULL;
/// assert!(cards.can_target(Square::new(2, 3))); // C4
/// cards = cards.after(Square::new(2, 3));
/// assert_eq!(cards.to_string(), "ABDEF12356");
/// assert_eq!(cards.targets().count(), 25);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cards {
    letters: u8,
    numbers: u8,
}

const ALL6: u8 = 0b11_1111;

impl Cards {
    /// All 12 cards.
    pub const FULL: Cards = Cards { letters: ALL6, numbers: ALL6 };

    /// The pool holding letter `f` when bit `f` of `letters` is set (bit 0 = A) and number
    /// `r + 1` when bit `r` of `numbers` is set; `None` unless both masks have the same,
    /// non-zero number of cards within the six bits.
    pub const fn new(letters: u8, numbers: u8) -> Option<Cards> {
        if letters & !ALL6 != 0 || numbers & !ALL6 != 0 {
            return None;
        }
        if letters == 0 || letters.count_ones() != numbers.count_ones() {
            return None;
        }
        Some(Cards { letters, numbers })
    }

    /// Bit `f` set when the letter of file `f` (0 = A) is available.
    pub const fn letter_mask(self) -> u8 {
        self.letters
    }

    /// Bit `r` set when the number `r + 1` is available.
    pub const fn number_mask(self) -> u8 {
        self.numbers
    }

    /// How many letters (equally, numbers) are available: 1 to 6.
    pub const fn len(self) -> u32 {
        self.letters.count_ones()
    }

    /// Always `false`: an empty pool is refilled at once. Present for API symmetry.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether the letter of 0-based `file` (0 = A) is available.
    pub const fn has_letter(self, file: u8) -> bool {
        file < SIZE && self.letters & (1 << file) != 0
    }

    /// Whether the number of 0-based `rank` (0 = the card 1) is available.
    pub const fn has_number(self, rank: u8) -> bool {
        rank < SIZE && self.numbers & (1 << rank) != 0
    }

    /// Whether both cards naming `target` are available.
    pub const fn can_target(self, target: Square) -> bool {
        self.has_letter(target.file()) && self.has_number(target.rank())
    }

    /// Every square the available cards can name, in board order (rank, then file).
    pub fn targets(self) -> impl Iterator<Item = Square> {
        (0..SIZE * SIZE).map(|i| Square::new(i % SIZE, i / SIZE)).filter(move |&sq| self.can_target(sq))
    }

    /// The pool after the two cards naming `target` are spent, refilled when that
    /// empties it. Cards that are not available stay as they are.
    pub const fn after(self, target: Square) -> Cards {
        if !target.is_on(SIZE) {
            return self;
        }
        let letters = self.letters & !(1 << target.file());
        let numbers = self.numbers & !(1 << target.rank());
        if letters == 0 || numbers == 0 {
            Cards::FULL
        } else {
            Cards { letters, numbers }
        }
    }
}

impl Default for Cards {
    fn default() -> Cards {
        Cards::FULL
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..SIZE {
            if self.has_letter(i) {
                write!(f, "{}", (b'A' + i) as char)?;
            }
        }
        for i in 0..SIZE {
            if self.has_number(i) {
                write!(f, "{}", i + 1)?;
            }
        }
        Ok(())
    }
}

impl FromStr for Cards {
    type Err = ParseError;

    /// Letters `A`–`F` (either case) then numbers `1`–`6`, each at most once, as many
    /// letters as numbers, at least one of each.
    fn from_str(s: &str) -> Result<Cards, ParseError> {
        let (mut letters, mut numbers) = (0u8, 0u8);
        let mut in_numbers = false;
        for (i, c) in s.bytes().enumerate() {
            let (mask, bit) = match c {
                b'A'..=b'F' | b'a'..=b'f' if !in_numbers => (&mut letters, c.to_ascii_uppercase() - b'A'),
                b'1'..=b'6' => {
                    in_numbers = true;
                    (&mut numbers, c - b'1')
                }
                _ if in_numbers => return Err(ParseError::new(i, "a number card 1 to 6")),
                _ => return Err(ParseError::new(i, "a letter card A to F or a number card 1 to 6")),
            };
            if *mask & (1 << bit) != 0 {
                return Err(ParseError::new(i, "each card at most once"));
            }
            *mask |= 1 << bit;
        }
        Cards::new(letters, numbers)
            .ok_or(ParseError::new(s.len(), "as many letter cards as number cards, at least one"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn spending_the_last_pair_refills() {
        let mut cards = Cards::FULL;
        for i in 0..5 {
            cards = cards.after(Square::new(i, 5 - i));
        }
        assert_eq!(cards.to_string(), "F1");
        assert_eq!(cards.after(Square::new(5, 0)), Cards::FULL);
    }

    #[test]
    fn text_round_trips_and_refuses_garbage() {
        for good in ["ABCDEF123456", "CF25", "A6"] {
            assert_eq!(good.parse::<Cards>().unwrap().to_string(), good);
        }
        assert_eq!("fc52".parse::<Cards>().unwrap().to_string(), "CF25");
        for bad in ["", "AB1", "A12", "AA11", "A1B2", "G1", "A7", "-", "1A"] {
            assert!(bad.parse::<Cards>().is_err(), "{bad}");
        }
    }
}
