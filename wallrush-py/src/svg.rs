//! Pictures of the wall-race boards: the keyword arguments of `Position.svg` and
//! `Game.svg` (written once, in [`svg_method`]), and a `Game`'s position drawn with its
//! last move highlighted. `wallrush.svg.board` (Python) calls either.

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

/// The keyword arguments of `Position.svg` and `Game.svg`, read into one place (see
/// [`svg_method`]).
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

/// Adds `svg(*, size, flipped, routes, legal_moves, last_move, last_move_from,
/// candidate_wall, coordinates, legend)` to the class `$ty`, with the docstring given: it
/// reads the keywords into an [`SvgArgs`] and calls `$ty::svg_with`, so the signature is
/// written once for `Position` and `Game`.
macro_rules! svg_method {
    ($ty:ty, $(#[doc = $doc:literal])*) => {
        #[pyo3::pymethods]
        impl $ty {
            $(#[doc = $doc])*
            #[pyo3(signature = (
                *,
                size = None,
                flipped = false,
                routes = false,
                legal_moves = false,
                last_move = None,
                last_move_from = None,
                candidate_wall = None,
                coordinates = true,
                legend = false,
            ))]
            #[allow(clippy::too_many_arguments)]
            fn svg(
                &self,
                size: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
                flipped: bool,
                routes: bool,
                legal_moves: bool,
                last_move: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
                last_move_from: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
                candidate_wall: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
                coordinates: bool,
                legend: bool,
            ) -> pyo3::PyResult<String> {
                self.svg_with(crate::svg::SvgArgs {
                    size: crate::svg::size_arg(size)?,
                    flipped,
                    routes,
                    legal_moves,
                    last_move,
                    last_move_from,
                    candidate_wall,
                    coordinates,
                    legend,
                })
            }
        }
    };
}

pub(crate) use svg_method;
