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

/// The ``size`` keyword of every picture: None, or pixels 0 ..= 2**32 - 1 (0 is
/// automatic, as None).
///
/// Raises ValueError for another int, TypeError for a bool or a non-int.
pub(crate) fn size_arg(size: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    crate::ints::opt_int_in(size, "size", 0, u32::MAX)
}

/// The keyword arguments of `Position.svg` and `Game.svg`, read into one place.
pub(crate) struct SvgArgs<'a, 'py> {
    pub size: Option<u32>,
    pub flipped: bool,
    pub routes: bool,
    pub legal_moves: bool,
    pub last_move: Option<&'a Bound<'py, PyAny>>,
    pub last_move_from: Option<&'a Bound<'py, PyAny>>,
    pub candidate_wall: Option<&'a Bound<'py, PyAny>>,
    pub coordinates: bool,
    pub legend: bool,
}

impl<'a, 'py> SvgArgs<'a, 'py> {
    /// The picture options. `fallback` is the move highlighted when `last_move` is
    /// None (a game's own last move); `over` drops the legal-move marks.
    pub(crate) fn options(
        &self,
        fallback: Option<(Move, Option<Square>)>,
        over: bool,
    ) -> PyResult<SvgOptions> {
        self.options_with(fallback, over, None)
    }

    /// As [`options`](Self::options), with the outcome the legend tells (a game's, which
    /// its draw rules may give) when `outcome` is `Some`.
    pub(crate) fn options_with(
        &self,
        fallback: Option<(Move, Option<Square>)>,
        over: bool,
        outcome: Option<Option<wallrush_core::Outcome>>,
    ) -> PyResult<SvgOptions> {
        let given = |o: Option<&'a Bound<'py, PyAny>>| o.filter(|x| !x.is_none());
        let last = match given(self.last_move) {
            Some(m) => Some((move_from(m)?, given(self.last_move_from).map(square_from).transpose()?)),
            None => fallback,
        };
        let wall = given(self.candidate_wall).map(wall_from).transpose()?;
        let (mv, from) = last.map_or((None, None), |(m, f)| (Some(m), f));
        let opts = SvgOptions::new().legend(self.legend);
        let opts = match outcome {
            Some(o) => opts.outcome(o),
            None => opts,
        };
        Ok(opts
            .size(self.size)
            .flipped(self.flipped)
            .routes(self.routes)
            .legal_moves(self.legal_moves && !over)
            .last_move(mv, from)
            .candidate_wall(wall)
            .coordinates(self.coordinates))
    }
}

/// The default picture of a game: its position with the last move highlighted.
pub(crate) fn game_repr_svg(game: &Game) -> String {
    let (mv, from) = last_move(game).map_or((None, None), |(m, f)| (Some(m), f));
    svg::board(game.position(), &SvgOptions::new().last_move(mv, from))
}
