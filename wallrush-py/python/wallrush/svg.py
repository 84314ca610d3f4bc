"""Board pictures in SVG, as ``chess.svg`` draws chess boards.

``board(position, **options)`` returns an SVG document (a ``str``) for a ``Position`` or
a ``Game`` (its current position, with its last move highlighted unless ``last_move``
names another)::

    >>> import wallrush, wallrush.svg
    >>> text = wallrush.svg.board(wallrush.Position(), size=360, routes=True)
    >>> text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True

Every element carries a ``class`` (``wall``, ``pawn south``, ``route north``, ``move``,
``last-move to``, ``candidate legal``, ``coord file``, …), so tests and style sheets can
pick it out; walls carry ``data-wall`` and pawns ``data-square``. Positions and games
also show themselves this way in Jupyter (``_repr_svg_``).
"""

from __future__ import annotations

from typing import Optional, Union

from wallrush._wallrush import Game, Move, Position, Square, Wall

__all__ = ["board"]

_MoveLike = Union[Move, Square, Wall, str]


def board(
    position: Union[Position, Game],
    *,
    flipped: bool = False,
    size: Optional[int] = None,
    routes: bool = False,
    legal_moves: bool = False,
    last_move: Optional[_MoveLike] = None,
    last_move_from: Optional[Union[Square, str]] = None,
    candidate_wall: Optional[Union[Wall, str]] = None,
    coordinates: bool = True,
) -> str:
    """The board of ``position`` (a Position, or a Game's current position) as an SVG
    document.

    ``flipped`` turns the board half round (North at the bottom); ``size`` is the width
    and height in pixels (None: 44 a cell, 400 to 800); ``routes`` draws each seat's
    shortest route; ``legal_moves`` marks the mover's pawn moves; ``last_move`` (a move,
    with ``last_move_from``, the square a pawn came from) is highlighted, and for a Game
    defaults to its last move; ``candidate_wall`` is drawn green when legal, red (with
    the reason in a ``<title>``) when refused; ``coordinates`` labels files and ranks.

    Raises TypeError for anything but a Position or a Game, InvalidTextError for move,
    square or wall text that does not parse.
    """
    if isinstance(position, (Position, Game)):
        return position.svg(
            size=size,
            flipped=flipped,
            routes=routes,
            legal_moves=legal_moves,
            last_move=last_move,
            last_move_from=last_move_from,
            candidate_wall=candidate_wall,
            coordinates=coordinates,
        )
    raise TypeError(f"expected a Position or a Game, not {type(position).__name__}")
