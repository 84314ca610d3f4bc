"""Rules of Quoridor-style wall games: every variant, typed moves, fast wall legality.

A Python face over the Rust core ``wallrush-core``::

    >>> import wallrush
    >>> pos = wallrush.Position()
    >>> len(pos.legal_moves)
    131
    >>> pos = pos.play("e2")
    >>> pos.turn
    Seat.NORTH

Positions are immutable values (``play`` returns a new one); ``Game`` keeps a history
and is mutable, as python-chess's ``Board`` is (``push``, ``pop``, ``peek``, ``outcome()``,
``result()``). Every bad value raises a subclass of ``WallrushError`` (itself a
ValueError): InvalidTextError, IllegalMoveError, InvalidVariantError,
InvalidPositionError, InvalidArgumentError. A wrong type is a TypeError and an index
past the end an IndexError, as in Python itself.

Computer players: ``Beginner`` and ``RandomMover`` (a fresh random seed unless
``seed=`` is given), ``Analysis`` (every move's effect on the routes, with hints),
``Engine`` and ``Strong`` (the search engine). ``ArenaMatch`` plays a match as
``wallrush arena`` does (openings, records, Elo, the SPRT), one game, one pair or the
whole match at a time.

The submodules load when first used, as ``chess.pgn`` and ``chess.svg`` do, so
``import wallrush`` stays fast: ``wallrush.svg`` (board pictures), ``wallrush.record``
(many records in one file, comments, result tokens), ``wallrush.agents`` (action ids,
observations, playouts), ``wallrush.openspiel`` (OpenSpiel's Quoridor ids),
``wallrush.rl`` (PettingZoo and Gymnasium environments: ``pip install 'wallrush[rl]'``),
``wallrush.wallgo`` (Wall Go), ``wallrush.enclosure`` (the card enclosure game) and
``wallrush.engine`` (engines, built-in and external, behind python-chess's
``chess.engine`` interface: play, analyse, analysis with multipv and stop).
``import wallrush.distributed`` (perft, matches and self-play on Ray) needs Ray:
``pip install 'wallrush[ray]'``.
``import wallrush.svg`` and ``from wallrush import svg`` work as well.
"""

import typing as _typing

from wallrush import _classes, _wallrush
from wallrush._classes import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Notation,
    Orientation,
    Seat,
    WallrushError,
)

# The native module builds instances of the classes written in Python (a Seat for
# Position.turn, an IllegalMoveError for a refused move) without importing any module of
# the package: it is handed them here, once, so imports run one way.
_wallrush._use_classes(_classes)
_classes._read_seat_name = _wallrush._seat_from_name

from wallrush._wallrush import (  # noqa: E402  (after the hand-over above)
    DrawOptions,
    Game,
    LegalMoves,
    Move,
    Outcome,
    Position,
    Record,
    Resignation,
    Square,
    Variant,
    Wall,
)

# Bots, analysis and the engine.
from wallrush._wallrush import (
    Analysis,
    ArenaGame,
    ArenaMatch,
    Beginner,
    Engine,
    MoveEffect,
    RandomMover,
    SearchResult,
    Strong,
)
from wallrush._wallrush import __version__ as __version__

if _typing.TYPE_CHECKING:  # what the lazy attributes below are, for type checkers
    from wallrush import agents, enclosure, engine, openspiel, record, rl, svg, wallgo

# The submodules, imported when first used (PEP 562): none is needed to play a game.
_SUBMODULES = frozenset({"agents", "enclosure", "engine", "openspiel", "record", "rl", "svg", "wallgo"})


if not _typing.TYPE_CHECKING:  # type checkers see the imports above, and catch typos

    def __getattr__(name: str) -> _typing.Any:
        """Imports the submodule ``name`` on first use (``wallrush.svg``, ``wallrush.rl``, …)."""
        if name in _SUBMODULES:
            import importlib

            return importlib.import_module(f"wallrush.{name}")
        raise AttributeError(f"module 'wallrush' has no attribute {name!r}")

    def __dir__() -> _typing.List[str]:
        return sorted(set(globals()) | _SUBMODULES)


__all__ = [
    "DrawOptions",
    "Game",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidPositionError",
    "InvalidTextError",
    "InvalidVariantError",
    "LegalMoves",
    "Move",
    "Notation",
    "Orientation",
    "Outcome",
    "Position",
    "Record",
    "Resignation",
    "Seat",
    "Square",
    "Variant",
    "Wall",
    "WallrushError",
]

# Bots, analysis and the engine (the submodules are listed in the module docstring).
__all__ += [
    "Analysis",
    "ArenaGame",
    "ArenaMatch",
    "Beginner",
    "Engine",
    "MoveEffect",
    "RandomMover",
    "SearchResult",
    "Strong",
]
