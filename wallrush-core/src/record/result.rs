//! Result tokens (`*`, `1-0`, `1/2-1/2`, `0-0-1-0`): what a game's is, and whether a token
//! read agrees with the moves.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::{Game, Seat};

use super::error::{RecordError, RecordErrorKind};

/// Whether `token` is written as a result token: `*`, or scores (`0`, `1`, `1/N`)
/// joined by `-`.
pub(crate) fn looks_like_result(token: &str) -> bool {
    token == "*"
        || (token.contains('-')
            && token.split('-').all(|part| {
                part == "0"
                    || part == "1"
                    || part
                        .strip_prefix("1/")
                        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            }))
}

/// The result token of `game`: `*` while it goes on; else one score per seat of the
/// variant, in turn order (South, West, North, East), joined by `-`: 1 for the winner and
/// 0 for the others, or for a draw the point split among the seats still in play (0 for a
/// seat that resigned). Two seats: `1-0` (South won), `0-1` (North won), `1/2-1/2`. Four
/// seats: `0-0-1-0` (North won), `1/4-1/4-1/4-1/4`, `1/3-0-1/3-1/3` (West had resigned).
///
/// ```
/// use wallrush_core::record::result_token;
/// use wallrush_core::notation::Notation;
/// use wallrush_core::{Game, Variant};
/// let mut game = Game::classic();
/// assert_eq!(result_token(&game), "*");
/// game.play_text("resign", Notation::Standard)?;
/// assert_eq!(result_token(&game), "0-1");
/// let mut four = Game::new(Variant::four_player());
/// for _ in 0..3 { four.play_text("resign", Notation::Standard)?; }
/// assert_eq!(result_token(&four), "0-0-0-1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn result_token(game: &Game) -> String {
    let Some(outcome) = game.outcome() else {
        return String::from("*");
    };
    let seats: Vec<Seat> = game.variant().seats().collect();
    let pos = game.position();
    let in_play = seats.iter().filter(|&&s| pos.is_in_play(s)).count().max(1);
    let scores: Vec<String> = seats
        .iter()
        .map(|&s| match outcome.winner() {
            Some(w) if w == s => String::from("1"),
            Some(_) => String::from("0"),
            None if pos.is_in_play(s) && in_play == 1 => String::from("1"),
            None if pos.is_in_play(s) => format!("1/{in_play}"),
            None => String::from("0"),
        })
        .collect();
    scores.join("-")
}

/// Checks a result token read on `line` (in the move list or the `Result` tag) against
/// `game`: one score per seat of the variant, and the scores the moves give.
pub(crate) fn check_result_token(game: &Game, token: &str, line: usize) -> Result<(), RecordError> {
    let seats = game.variant().seats().count();
    if token != "*" && token.split('-').count() != seats {
        return Err(RecordError::new(line, RecordErrorKind::BadResultToken(token.to_string())));
    }
    let moves = result_token(game);
    if token != moves {
        return Err(RecordError::new(
            line,
            RecordErrorKind::ResultTokenMismatch { token: token.to_string(), moves },
        ));
    }
    Ok(())
}
