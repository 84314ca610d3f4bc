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
and is mutable. Every failure raises a subclass of ValueError: InvalidTextError,
IllegalMoveError, InvalidVariantError, InvalidPositionError.

Computer players: ``Beginner`` and ``RandomMover`` (seeded), ``Analysis`` (every move's
effect on the routes, with hints), ``Engine`` and ``Strong`` (the search engine). The
submodules ``wallrush.svg`` (board pictures), ``wallrush.wallgo`` (Wall Go) and
``wallrush.enclosure`` (the card enclosure game) are imported with the package.
"""

from importlib.metadata import PackageNotFoundError as _NotFound
from importlib.metadata import version as _version

from wallrush._enums import Notation, Orientation, Seat
from wallrush._errors import (
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
)
from wallrush._wallrush import (
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

# Bots, analysis and the engine; the submodules svg, wallgo and enclosure.
from wallrush import enclosure, svg, wallgo
from wallrush._wallrush import (
    Analysis,
    Beginner,
    Engine,
    MoveEffect,
    RandomMover,
    SearchResult,
    Strong,
)

# The helper modules for agents (they import nothing optional).
from wallrush import agents, openspiel

try:
    __version__: str = _version("wallrush")
    """The installed package's version."""
except _NotFound:  # imported from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "DrawOptions",
    "Game",
    "IllegalMoveError",
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
]

# Bots, analysis and the engine (see also the submodules svg, wallgo and enclosure).
__all__ += [
    "Analysis",
    "Beginner",
    "Engine",
    "MoveEffect",
    "RandomMover",
    "SearchResult",
    "Strong",
]
