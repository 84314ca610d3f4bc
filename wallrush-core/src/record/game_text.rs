//! The move-list text of a [`Game`]: the record module owns every text form of a game's
//! history, so `game.rs` needs nothing of it.

use alloc::collections::BTreeMap;
use alloc::string::String;

use crate::notation::Notation;
use crate::Game;

use super::build::parse_moves;
use super::error::{check_size, RecordError};
use super::rounds::action_text;
use super::write::write_moves_with;

impl Game {
    /// How `notation` writes action `i` (0-based) of the history: the move text, or
    /// `resign` / `resign(seat)`. `None` past the end.
    pub fn action_text(&self, i: usize, notation: Notation) -> Option<String> {
        let before = self.position_at(i)?;
        let action = self.actions().nth(i)?;
        Some(action_text(before, action, notation))
    }

    /// The numbered move list in `notation`, on one line: `1. e2 e8 2. e3 e7` (one
    /// action per seat still playing in each round; resignations written `resign`).
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::Game;
    /// let mut game = Game::classic();
    /// game.play_moves_text("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4", Notation::WallRush)?;
    /// assert_eq!(game.moves_text(Notation::Standard), "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves_text(&self, notation: Notation) -> String {
        write_moves(self, notation, None)
    }

    /// Plays a move list written in `notation`: numbered (`1. e2 e8 2. e3`) or bare
    /// (`e2 e8 e3`); round numbers, when present, are checked. All or nothing: on an
    /// error the game is unchanged. Text over
    /// [`MAX_RECORD_BYTES`](crate::text::MAX_RECORD_BYTES) or with more than
    /// [`MAX_RECORD_ACTIONS`](crate::text::MAX_RECORD_ACTIONS) actions is refused.
    ///
    /// # Errors
    /// [`RecordError`] with the line and what is wrong.
    pub fn play_moves_text(&mut self, text: &str, notation: Notation) -> Result<(), RecordError> {
        check_size(text)?;
        let mut game = self.clone();
        parse_moves(&mut game, text, notation, 1)?;
        *self = game;
        Ok(())
    }
}

/// The numbered move list of `game`, wrapped at `width` when given.
pub(crate) fn write_moves(game: &Game, notation: Notation, width: Option<usize>) -> String {
    write_moves_with(game, notation, width, &BTreeMap::new(), &BTreeMap::new(), None)
}
