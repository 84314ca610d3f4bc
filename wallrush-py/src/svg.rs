//! Pictures of games (issue 7's Python part): a `Game`'s position drawn with its last
//! move highlighted. `Position.svg` lives with `Position`; `wallrush.svg.board` (Python)
//! calls either.

use pyo3::prelude::*;

use wallrush_core::svg::{self, SvgOptions};
use wallrush_core::{Action, Game, Move, Square};

use crate::types::{move_from, square_from, wall_from};

/// The game's last action when it is a move, with the square a pawn move came from.
pub(crate) fn last_move(game: &Game) -> Option<(Move, Option<Square>)> {
    let n = game.len();
    let Some(Action::Move(m)) = game.actions().last() else {
        return None;
    };
    let before = game.position_at(n - 1)?;
    let from = match m {
        Move::Pawn(_) => before.pawn(before.turn()),
        _ => None,
    };
    Some((m, from))
}

/// The SVG of `game`'s current position. `last_move` (with `last_move_from`) overrides
/// the game's own last move; the other options are those of `Position.svg`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn game_svg(
    game: &Game,
    size: Option<u32>,
    flipped: bool,
    routes: bool,
    legal_moves: bool,
    last: Option<&Bound<'_, PyAny>>,
    last_from: Option<&Bound<'_, PyAny>>,
    candidate_wall: Option<&Bound<'_, PyAny>>,
    coordinates: bool,
) -> PyResult<String> {
    let last = match last.filter(|m| !m.is_none()) {
        Some(m) => Some((move_from(m)?, last_from.filter(|s| !s.is_none()).map(square_from).transpose()?)),
        None => last_move(game),
    };
    let wall = candidate_wall.filter(|w| !w.is_none()).map(wall_from).transpose()?;
    let (mv, from) = last.map_or((None, None), |(m, f)| (Some(m), f));
    let opts = SvgOptions::new()
        .size(size)
        .flipped(flipped)
        .routes(routes)
        .legal_moves(legal_moves && !game.is_over())
        .last_move(mv, from)
        .candidate_wall(wall)
        .coordinates(coordinates);
    Ok(svg::board(game.position(), &opts))
}

/// The default picture of a game: its position with the last move highlighted.
pub(crate) fn game_repr_svg(game: &Game) -> String {
    let (mv, from) = last_move(game).map_or((None, None), |(m, f)| (Some(m), f));
    svg::board(game.position(), &SvgOptions::new().last_move(mv, from))
}
