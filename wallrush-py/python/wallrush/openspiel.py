"""OpenSpiel interop: wallrush moves to and from OpenSpiel's Quoridor action ids.

OpenSpiel (``pip install open-spiel``, module ``pyspiel``) plays the variants with walls
of length 2 and edge goals on boards up to 25×25, with 2 or 4 seats. Its player 0 is
South, 1 North, and with four players 2 West and 3 East; it moves in the same order.
This module never imports ``pyspiel`` except in ``load_game``.

OpenSpiel's ids live on a ``D × D`` grid, ``D = 2n - 1``, ``id = x + y * D``, with ``y``
counted from its top row (our rank ``n``):

- walls are absolute: our horizontal wall at ``(file, rank)`` is ``x = 2 file``,
  ``y = 2 (n - 2 - rank) + 1``; the vertical one ``x = 2 file + 1``,
  ``y = 2 (n - 2 - rank)``. Its text names them by its own ranks (our ``d4h`` on 9×9 is
  its ``d5h``);
- pawn moves are relative to the mover's square: ``(2 + 2 dx) + (2 + 2 dy) * D`` for the
  cell at ``(dx, dy)`` (``dy`` downwards); a straight jump has the id of the step in its
  direction, a diagonal jump the diagonal's;
- the forced pass is the mover's own cell as an absolute id.

Every function raises TypeError when ``position`` is not a Position (or ``variant`` not
a Variant).

Converting a game::

    >>> import wallrush
    >>> from wallrush import openspiel
    >>> pos = wallrush.Position()
    >>> openspiel.to_openspiel(pos, "e2")
    2
    >>> openspiel.from_openspiel(pos, 2)
    Move('e2')
    >>> openspiel.to_openspiel_actions(["e2", "e8", "d4h"])
    [2, 70, 159]
    >>> openspiel.from_openspiel_actions([2, 70, 159])
    [Move('e2'), Move('e8'), Move('d4h')]
    >>> openspiel.game_parameters(wallrush.Variant.classic())
    {'board_size': 9, 'players': 2, 'wall_count': 10}
"""

from __future__ import annotations

import importlib

from typing import Dict, Iterable, List, Optional, Protocol, Union

from wallrush import _wallrush
from wallrush._classes import InvalidArgumentError
from wallrush._wallrush import Move, Position, Square, Variant, Wall

__all__ = [
    "MAX_SIZE",
    "SpielGame",
    "SpielState",
    "action_from_openspiel",
    "action_to_openspiel",
    "from_openspiel",
    "from_openspiel_actions",
    "game_parameters",
    "is_supported",
    "legal_actions",
    "load_game",
    "num_distinct_actions",
    "to_openspiel",
    "to_openspiel_actions",
]

MAX_SIZE = 25
"""The largest board OpenSpiel's Quoridor accepts."""

_MoveLike = Union[Move, Square, Wall, str]


class SpielState(Protocol):
    """The part of an OpenSpiel ``State`` these functions and their users touch (``pyspiel``
    ships no type information; this is its documented interface)."""

    def current_player(self) -> int:
        """The player to move (negative when the game is over)."""
    def legal_actions(self) -> List[int]:
        """The legal ids, ascending."""
    def apply_action(self, action: int) -> None:
        """Plays ``action``."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def returns(self) -> List[float]:
        """Each player's return."""
    def history(self) -> List[int]:
        """The ids played."""
    def action_to_string(self, player: int, action: int) -> str:
        """OpenSpiel's text for ``action``."""
    def clone(self) -> SpielState:
        """A copy of the state."""


class SpielGame(Protocol):
    """The part of an OpenSpiel ``Game`` these functions and their users touch."""

    def new_initial_state(self) -> SpielState:
        """The start."""
    def num_distinct_actions(self) -> int:
        """The size of the id space."""
    def num_players(self) -> int:
        """The players."""
    def max_game_length(self) -> int:
        """OpenSpiel's ply cap."""


def is_supported(variant: Variant) -> bool:
    """Whether OpenSpiel plays ``variant``: walls of length 2, edge goals, a board of at
    most 25×25."""
    return _wallrush.openspiel_supported(_variant(variant))


def _variant(variant: Variant) -> Variant:
    """``variant``, or TypeError when it is not a Variant (None included: the functions
    that take a variant name no default)."""
    if not isinstance(variant, Variant):
        raise TypeError(f"expected a Variant, not {type(variant).__name__}")
    return variant


def _position(position: Position) -> Position:
    """``position``, or TypeError when it is not a Position."""
    if not isinstance(position, Position):
        raise TypeError(f"expected a Position, not {type(position).__name__}")
    return position


def _check(variant: Variant) -> None:
    if not is_supported(variant):
        raise InvalidArgumentError(
            f"OpenSpiel's Quoridor does not play {variant!r}: it needs wall_length=2, "
            f"goal='edge' and size <= {MAX_SIZE}"
        )


def num_distinct_actions(variant: Variant) -> int:
    """OpenSpiel's ``num_distinct_actions()`` for ``variant``: ``(2n - 1)²``."""
    return _wallrush.openspiel_num_distinct_actions(_variant(variant))


def game_parameters(variant: Variant) -> Dict[str, int]:
    """The parameters of ``pyspiel.load_game("quoridor", ...)`` for ``variant``.

    Raises TypeError when ``variant`` is not a Variant, InvalidArgumentError when
    OpenSpiel does not play it.
    """
    _check(_variant(variant))
    return {"board_size": variant.size, "players": variant.players, "wall_count": variant.walls}


def load_game(variant: Optional[Variant] = None) -> SpielGame:
    """OpenSpiel's Quoridor game for ``variant`` (classic when None).

    Raises ImportError (naming the ``wallrush[openspiel]`` extra) when ``pyspiel`` is not
    installed, InvalidArgumentError when OpenSpiel does not play the variant.
    """
    v = Variant.classic() if variant is None else variant
    params = game_parameters(v)
    try:
        pyspiel = importlib.import_module("pyspiel")  # the optional dependency, untyped
    except ImportError as err:
        raise ImportError(
            "OpenSpiel is not installed: pip install 'wallrush[openspiel]'", name="pyspiel"
        ) from err
    game: SpielGame = pyspiel.load_game("quoridor", params)
    return game


def to_openspiel(position: Position, move: _MoveLike) -> int:
    """OpenSpiel's id of ``move`` (a Move, Square, Wall or standard text) in ``position``.

    Raises InvalidArgumentError when OpenSpiel has no id for it: the variant is not supported, the
    game is over, or the move is not a step, jump, wall on the board or pass.
    """
    _position(position)
    _check(position.variant)
    action = _wallrush.openspiel_encode(position, move)
    if action is None:
        raise InvalidArgumentError(f"move {str(move)!r} has no OpenSpiel id in {position!r}")
    return action


def from_openspiel(position: Position, action: int) -> Move:
    """The move OpenSpiel's id ``action`` names in ``position`` (not checked for
    legality: see ``Position.is_legal``).

    Raises InvalidArgumentError when the id names no move there.
    """
    _position(position)
    _check(position.variant)
    move = _wallrush.openspiel_decode(position, action)
    if move is None:
        raise InvalidArgumentError(f"OpenSpiel action {action} names no move in {position!r}")
    return move


def legal_actions(position: Position) -> List[int]:
    """OpenSpiel's legal ids in ``position``, ascending: what its ``legal_actions()``
    lists for the same position.

    Raises InvalidArgumentError when OpenSpiel does not play the variant.
    """
    _position(position)
    _check(position.variant)
    return _wallrush.openspiel_legal_actions(position)


def action_to_openspiel(position: Position, action: int) -> int:
    """OpenSpiel's id for wallrush's action id ``action`` in ``position``."""
    _position(position)
    return to_openspiel(position, Move.from_action(position.variant, action))


def action_from_openspiel(position: Position, action: int) -> int:
    """Wallrush's action id for OpenSpiel's id ``action`` in ``position``."""
    _position(position)
    return from_openspiel(position, action).action(position.variant)


def to_openspiel_actions(moves: Iterable[_MoveLike], variant: Optional[Variant] = None) -> List[int]:
    """OpenSpiel's ids of a game given by its moves from the start of ``variant`` (classic
    when None): what ``state.history()`` holds after the same game in OpenSpiel.

    Raises IllegalMoveError for an illegal move, InvalidArgumentError when a move has no id.
    """
    pos = Position(variant)
    out = []
    for m in moves:
        after = pos.play(m)  # refuses an illegal move first
        out.append(to_openspiel(pos, m))
        pos = after
    return out


def from_openspiel_actions(actions: Iterable[int], variant: Optional[Variant] = None) -> List[Move]:
    """The moves of a game given by OpenSpiel's ids (``state.history()``) from the start
    of ``variant`` (classic when None).

    Raises InvalidArgumentError for an id that names no move, IllegalMoveError for an illegal one.
    """
    pos = Position(variant)
    out = []
    for a in actions:
        m = from_openspiel(pos, a)
        pos = pos.play(m)
        out.append(m)
    return out
