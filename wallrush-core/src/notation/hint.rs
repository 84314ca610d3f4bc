//! What a person most likely meant by move text that does not parse, when the text is a
//! word rather than a malformed square or wall: the advice a front end adds to the
//! [`ParseError`](crate::text::ParseError), which only says where parsing stopped.
//!
//! ```
//! use wallrush_core::notation::MoveTextHint;
//! assert_eq!(MoveTextHint::of(" e2"), Some(MoveTextHint::Spaces));
//! assert_eq!(MoveTextHint::of("PASS"), Some(MoveTextHint::UpperCase));
//! assert_eq!(MoveTextHint::of("resign"), Some(MoveTextHint::Resignation));
//! assert_eq!(MoveTextHint::of("hello"), Some(MoveTextHint::NotAMove));
//! assert_eq!(MoveTextHint::of("e0"), None); // a malformed square: the parse error says it
//! assert_eq!(MoveTextHint::NotAMove.to_string(), "not a move: expected a square (e2), a wall (d4h) or 'pass'");
//! ```

use core::fmt;

/// The longest word taken for an attempt at a move rather than a malformed one: longer
/// text is over the move length limit, which the parse error tells.
const MAX_WORD: usize = 16;

/// Why move text that does not parse is not a move, when it is a word rather than a
/// malformed square or wall.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveTextHint {
    /// White space around text that is not only white space (`" e2"`): the move is the
    /// text trimmed.
    Spaces,
    /// A move word in capitals (`PASS`, `Resign`): moves are written in lower case.
    UpperCase,
    /// `resign` or `resign(seat)`: a resignation is an action of a game, not a move.
    Resignation,
    /// A word of 3 to 16 ASCII letters that names no move (`hello`).
    NotAMove,
}

impl MoveTextHint {
    /// The hint for `text`, move text that failed to parse; `None` when the text looks
    /// like an attempt at a square or a wall (the parse error then says what is wrong).
    pub fn of(text: &str) -> Option<MoveTextHint> {
        let trimmed = text.trim();
        if trimmed.len() != text.len() && !trimmed.is_empty() {
            return Some(MoveTextHint::Spaces);
        }
        let is_word = |t: &str| t.eq_ignore_ascii_case("pass") || is_resignation(t);
        if is_word(text) && !is_word_in_lower_case(text) {
            return Some(MoveTextHint::UpperCase);
        }
        if is_resignation(text) {
            return Some(MoveTextHint::Resignation);
        }
        let letters = text.bytes().all(|b| b.is_ascii_alphabetic());
        if (3..=MAX_WORD).contains(&text.len()) && letters && text != "pass" {
            return Some(MoveTextHint::NotAMove);
        }
        None
    }
}

/// `resign` or `resign(…)`, in any case.
fn is_resignation(text: &str) -> bool {
    let starts = |prefix: &str| text.get(..prefix.len()).is_some_and(|p| p.eq_ignore_ascii_case(prefix));
    text.eq_ignore_ascii_case("resign") || (starts("resign(") && text.ends_with(')'))
}

fn is_word_in_lower_case(text: &str) -> bool {
    !text.bytes().any(|b| b.is_ascii_uppercase())
}

impl fmt::Display for MoveTextHint {
    /// The hint in words; [`Spaces`](MoveTextHint::Spaces) and
    /// [`UpperCase`](MoveTextHint::UpperCase) are better said with the text corrected
    /// (`write 'e2'`), which a front end adds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveTextHint::Spaces => "move text has spaces around it",
            MoveTextHint::UpperCase => "moves are written in lower case",
            MoveTextHint::Resignation => "resigning is not a move",
            MoveTextHint::NotAMove => "not a move: expected a square (e2), a wall (d4h) or 'pass'",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::MoveTextHint::{self, NotAMove, Resignation, Spaces, UpperCase};

    #[test]
    fn words_get_hints_and_malformed_moves_do_not() {
        let cases: [(&str, Option<MoveTextHint>); 16] = [
            (" e2", Some(Spaces)),
            ("pass\n", Some(Spaces)),
            ("   ", None),
            ("PASS", Some(UpperCase)),
            ("Resign", Some(UpperCase)),
            ("RESIGN(north)", Some(UpperCase)),
            ("resign", Some(Resignation)),
            ("resign(west)", Some(Resignation)),
            ("resign(", None),
            ("hello", Some(NotAMove)),
            ("abcdefghijklmnop", Some(NotAMove)),
            ("abcdefghijklmnopq", None),
            ("ab", None),
            ("e2x", None),
            ("E2", None),
            ("", None),
        ];
        for (text, hint) in cases {
            assert_eq!(MoveTextHint::of(text), hint, "{text:?}");
        }
    }

    #[test]
    fn text_that_parses_as_a_move_is_never_given_a_word_hint() {
        for text in ["e2", "d4h", "pass", "a10v", "r3c4"] {
            assert!(text.parse::<crate::Move>().is_ok(), "{text}");
            assert_eq!(MoveTextHint::of(text), None, "{text}");
        }
    }
}
