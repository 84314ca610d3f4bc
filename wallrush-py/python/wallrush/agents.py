"""For agents: dense action ids, observation planes, and batches of random games.

Every variant has a fixed action space of ``num_actions(variant)`` ids, each naming one
move of the variant whatever the position (``n`` the board size, ``L`` the wall length,
``S = (n - 1) * (n - L + 1)`` the wall anchors per orientation)::

    0 .. n²-1            pawn move to cell rank * n + file (step or jump alike)
    n² .. n²+S-1         horizontal wall at anchor (file, rank): n² + rank*(n-L+1) + file
    n²+S .. n²+2S-1      vertical wall at anchor (file, rank):   n² + S + rank*(n-1) + file
    n²+2S                the forced pass

Ranks and files are 0-based from the bottom left; anchors are the standard notation's
(``d4h`` is file 3, rank 3). The classic game has 210 ids::

    >>> import wallrush
    >>> from wallrush import agents
    >>> agents.num_actions(wallrush.Variant.classic())
    210
    >>> pos = wallrush.Position()
    >>> pos.legal_actions()[:3]
    [3, 5, 13]
    >>> wallrush.Move.from_action(pos.variant, 13)
    Move('e2')
    >>> pos.play_action(13).turn
    Seat.NORTH

``Position.legal_actions()``, ``Position.legal_action_mask()``,
``Position.observation()``, ``Position.play_action()``, ``Game.legal_actions()``,
``Game.play_action()``, ``Move.action()`` and ``Move.from_action()`` use these ids.
``random_playouts`` plays many seeded random games in Rust, without the GIL. Every
function raises TypeError for a ``variant`` that is not a Variant (None is the classic
game).
``wallrush.openspiel`` converts to and from OpenSpiel's Quoridor ids.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple

from wallrush import _wallrush
from wallrush._classes import Seat
from wallrush._wallrush import Variant

__all__ = [
    "ActionLayout",
    "Playout",
    "PlayoutStats",
    "action_layout",
    "num_actions",
    "observation_planes",
    "observation_shape",
    "pass_action",
    "playout_stats",
    "random_playouts",
]


def _variant(variant: Optional[Variant]) -> Variant:
    """``variant``, the classic game when None; TypeError for anything else."""
    if variant is None:
        return Variant.classic()
    if not isinstance(variant, Variant):
        raise TypeError(f"expected a Variant, not {type(variant).__name__}")
    return variant


def num_actions(variant: Optional[Variant] = None) -> int:
    """The number of action ids of ``variant`` (the classic game when None)."""
    return _wallrush.num_actions(_variant(variant))


def pass_action(variant: Optional[Variant] = None) -> int:
    """The id of the forced pass: the last id of ``variant``."""
    return num_actions(variant) - 1


class ActionLayout(NamedTuple):
    """Where each kind of action lies in a variant's id space (each a ``range``)."""

    pawns: range
    """Pawn moves: id = rank * n + file of the target cell."""
    horizontal: range
    """Horizontal walls, anchors numbered rank by rank."""
    vertical: range
    """Vertical walls, anchors numbered rank by rank."""
    pass_id: int
    """The forced pass."""


def action_layout(variant: Optional[Variant] = None) -> ActionLayout:
    """The ranges of pawn, horizontal-wall and vertical-wall ids of ``variant``, and the
    pass id."""
    v = _variant(variant)
    cells = v.size * v.size
    slots = (v.size - 1) * (v.size - v.wall_length + 1)
    return ActionLayout(
        pawns=range(0, cells),
        horizontal=range(cells, cells + slots),
        vertical=range(cells + slots, cells + 2 * slots),
        pass_id=cells + 2 * slots,
    )


def observation_shape(variant: Optional[Variant] = None) -> Tuple[int, int, int]:
    """The shape of ``Position.observation()`` for ``variant``: ``(3P + 4, n, n)``."""
    return _wallrush.observation_shape(_variant(variant))


def observation_planes(variant: Optional[Variant] = None) -> List[str]:
    """What each plane of ``Position.observation()`` holds, in order.

    ``pawn:<seat>`` (1 on the pawn's cell), ``horizontal_anchors`` and
    ``vertical_anchors`` (1 on each wall's anchor cell), ``blocked_north`` (1 on each cell
    whose edge to the cell above is walled) and ``blocked_east`` (to the cell on its
    right), ``walls_left:<seat>`` (walls held / the variant's walls, on every cell), and
    ``to_move:<seat>`` (all ones for the seat to move). Seats come in turn order.
    """
    return _wallrush.observation_planes(_variant(variant))


class Playout(NamedTuple):
    """One random game of ``random_playouts``."""

    plies: int
    """Plies played."""
    winner: Optional[Seat]
    """The winner, or None (a draw, or stopped by the ply cap)."""
    reason: Optional[str]
    """How it ended (``'goal'``, ``'all_passed'``), or None when the ply cap stopped it."""
    moves: Optional[List[str]]
    """The moves in standard notation, when asked for."""


def random_playouts(
    games: int,
    variant: Optional[Variant] = None,
    *,
    seed: int = 0,
    max_plies: Optional[int] = None,
    moves: bool = False,
    threads: int = 1,
) -> List[Playout]:
    """Plays ``games`` random games of ``variant`` (classic when None) in Rust, each move
    drawn uniformly from the legal moves, and returns them in order.

    Game ``i`` depends only on ``seed`` and ``i``, so the result is the same for any
    ``threads``. Each game stops at a win, a draw by passing, or after ``max_plies``
    plies (OpenSpiel's cap ``4 n²`` when None). ``moves=True`` keeps every game's moves
    in standard notation. The GIL is released meanwhile, and ``threads`` threads share
    the games.

    Raises ValueError for a negative count, a seed outside 0 ..= 2**64 - 1, a cap below
    1, or threads outside 1 ..= 256; TypeError for a count, seed, cap or thread count
    that is not an int (a bool included).
    """
    raw = _wallrush.random_playouts(games, _variant(variant), seed, max_plies, moves, threads)
    return [
        Playout(plies, None if winner is None else Seat(winner), reason, record)
        for plies, winner, reason, record in raw
    ]


class PlayoutStats(NamedTuple):
    """Totals over a list of ``Playout``."""

    games: int
    """Games played."""
    plies: int
    """Plies played, all games together."""
    mean_plies: float
    """Plies per game (0.0 for no games)."""
    min_plies: int
    """The shortest game (0 for no games)."""
    max_plies: int
    """The longest game (0 for no games)."""
    wins: Dict[Seat, int]
    """Games won, per seat that won any."""
    draws: int
    """Games drawn."""
    unfinished: int
    """Games stopped by the ply cap."""


def playout_stats(playouts: Iterable[Playout]) -> PlayoutStats:
    """Totals over ``playouts``: plies, wins per seat, draws, games cut by the cap.

    Raises TypeError for an item that is not a Playout.
    """
    games = list(playouts)
    for g in games:
        if not isinstance(g, Playout):
            raise TypeError(f"expected Playout items, not {type(g).__name__}")
    plies = [g.plies for g in games]
    wins: Dict[Seat, int] = {}
    for g in games:
        if g.winner is not None:
            wins[g.winner] = wins.get(g.winner, 0) + 1
    return PlayoutStats(
        games=len(games),
        plies=sum(plies),
        mean_plies=sum(plies) / len(games) if games else 0.0,
        min_plies=min(plies, default=0),
        max_plies=max(plies, default=0),
        wins=wins,
        draws=sum(1 for g in games if g.winner is None and g.reason is not None),
        unfinished=sum(1 for g in games if g.reason is None),
    )
