"""Board pictures in SVG, as ``chess.svg`` draws chess boards.

``board(obj, **options)`` returns an SVG document (a ``str``) for a ``Position`` or a
``Game`` (its current position, with its last move highlighted unless ``last_move``
names another), and likewise for the territory games' positions and games
(``wallrush.wallgo``, ``wallrush.enclosure``)::

    >>> import wallrush, wallrush.svg
    >>> text = wallrush.svg.board(wallrush.Position(), size=360, routes=True)
    >>> text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True

Every element carries a ``class`` (``wall``, ``pawn south``, ``route north``, ``move``,
``last-move to``, ``candidate legal``, ``coord file``, …; ``piece red active``,
``region territory red``, ``enclosure finished p1``, ``card letter spent``, …), so tests
and style sheets can pick it out; walls carry ``data-wall`` and pawns and pieces
``data-square``. Every position and game also shows itself this way in Jupyter
(``_repr_svg_``).
"""

from __future__ import annotations

from typing import Optional, Union

from wallrush._classes import InvalidArgumentError
from wallrush._wallrush import (
    EnclosureGame,
    EnclosureMove,
    EnclosurePosition,
    Game,
    Move,
    Position,
    Square,
    Wall,
    WallGoGame,
    WallGoMove,
    WallGoPosition,
)

__all__ = ["board"]

_Drawable = Union[Position, Game, WallGoPosition, WallGoGame, EnclosurePosition, EnclosureGame]
_AnyMove = Union[Move, Square, Wall, WallGoMove, EnclosureMove, str]


def board(
    position: _Drawable,
    *,
    flipped: bool = False,
    size: Optional[int] = None,
    routes: bool = False,
    legal_moves: bool = False,
    last_move: Optional[_AnyMove] = None,
    last_move_from: Optional[Union[Square, str]] = None,
    candidate_wall: Optional[Union[Wall, str]] = None,
    coordinates: bool = True,
    legend: Optional[bool] = None,
) -> str:
    """The board of ``position`` (a Position, a Game's current position, or a territory
    game's position or game) as an SVG document.

    For every game: ``size`` is the width in pixels (None: automatic), ``coordinates``
    labels files and ranks, and ``last_move`` is highlighted (for a game it defaults to
    the game's last move).

    Quoridor only: ``flipped`` turns the board half round (North at the bottom);
    ``routes`` draws each seat's shortest route; ``legal_moves`` marks the mover's pawn
    moves; ``last_move_from`` is the square a pawn came from; ``candidate_wall`` is drawn
    green when legal, red (with the reason in a ``<title>``) when refused.

    ``legend`` adds rows under the board: for Quoridor (off unless True) whose turn it is
    or the result, and every seat's walls left and route length; for the territory games
    (on unless False) each player's colour and score.

    Raises TypeError for anything else to draw or a move of another game, ValueError for
    an option the game's pictures do not have, InvalidTextError for move, square or wall
    text that does not parse.
    """
    if isinstance(position, (Position, Game)):
        if isinstance(last_move, (WallGoMove, EnclosureMove)):
            raise TypeError(f"last_move is a move of another game: {last_move!r}")
        return position.svg(
            size=size,
            flipped=flipped,
            routes=routes,
            legal_moves=legal_moves,
            last_move=last_move,
            last_move_from=last_move_from,
            candidate_wall=candidate_wall,
            coordinates=coordinates,
            legend=bool(legend),
        )
    if not isinstance(position, (WallGoPosition, WallGoGame, EnclosurePosition, EnclosureGame)):
        raise TypeError(f"expected a position or a game to draw, not {type(position).__name__}")
    quoridor_only = {
        "flipped": flipped,
        "routes": routes,
        "legal_moves": legal_moves,
        "last_move_from": last_move_from is not None,
        "candidate_wall": candidate_wall is not None,
    }
    for name, given in quoridor_only.items():
        if given:
            raise InvalidArgumentError(f"{name} is not an option of the territory games' pictures")
    show_legend = legend is not False
    if isinstance(position, (WallGoPosition, WallGoGame)):
        if last_move is not None and not isinstance(last_move, (WallGoMove, str)):
            raise TypeError(f"expected a wallgo.Move or its text, not {type(last_move).__name__}")
        return position.svg(size=size, coordinates=coordinates, legend=show_legend, last_move=last_move)
    if last_move is not None and not isinstance(last_move, (EnclosureMove, str)):
        raise TypeError(f"expected an enclosure.Move or its text, not {type(last_move).__name__}")
    return position.svg(size=size, coordinates=coordinates, legend=show_legend, last_move=last_move)
