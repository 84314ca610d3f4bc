"""The classes the package writes in Python: the enums, the exceptions and the headers view.

This module imports nothing from the package. The native module ``wallrush._wallrush``
builds instances of these classes (a ``Seat`` for ``Position.turn``, an
``IllegalMoveError`` for a refused move), yet never imports a module of the package:
``wallrush/__init__.py`` hands this module to it once, so imports run one way. Each class
says where it is exported (``wallrush.Seat``, ``wallrush.wallgo.Player``, …), which is
the name it pickles and documents itself under.
"""

from __future__ import annotations

import enum
import typing

__all__ = [
    "EnclosurePlayer",
    "Headers",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidPositionError",
    "InvalidTextError",
    "InvalidVariantError",
    "Notation",
    "Orientation",
    "Seat",
    "Side",
    "WallGoPlayer",
    "WallrushError",
]

_C = typing.TypeVar("_C", bound=type)


def _exported(module: str, name: typing.Optional[str] = None) -> typing.Callable[[_C], _C]:
    """Names a class by where the package exports it (``module.name``): its repr in
    tracebacks, the reference pickle writes and the page the API reference gives it."""

    def name_it(cls: _C) -> _C:
        cls.__module__ = module
        if name is not None:
            cls.__name__ = cls.__qualname__ = name
        return cls

    return name_it


# ----- the enums ------------------------------------------------------------------------


@_exported("wallrush")
class Seat(enum.IntEnum):
    """A player's seat, named by the side of the board its pawn starts on.

    Seats are numbered in turn order, clockwise seen from above with South at the
    bottom: South 0, West 1, North 2, East 3. Two-player games use South and North;
    South moves first. Wherever the library takes a seat it also takes its number or
    its name (``'south'``, any case). ``str(seat)`` is the lowercase name.
    """

    SOUTH = 0
    """Starts in the middle of rank 1 and races to the top rank."""
    WEST = 1
    """Starts in the middle of file a and races to the last file."""
    NORTH = 2
    """Starts in the middle of the top rank and races to rank 1."""
    EAST = 3
    """Starts in the middle of the last file and races to file a."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    @classmethod
    def from_name(cls, name: str) -> Seat:
        """The seat named ``name`` (``'south'``, ``'west'``, ``'north'``, ``'east'``,
        any case).

        Raises InvalidTextError for any other text, TypeError for a value that is not a
        str.
        """
        return _read_seat_name(name)


def _unread_seat_name(name: str) -> Seat:
    raise RuntimeError("wallrush._classes is used through the wallrush package: import wallrush")


_read_seat_name: typing.Callable[[str], Seat] = _unread_seat_name
"""The native module's reader of seat names, set by ``wallrush/__init__.py``: one reader,
so a bad name gets the message every other seat argument gets."""


@_exported("wallrush")
class Orientation(enum.Enum):
    """Which way a wall runs; the value is the letter the standard notation uses."""

    HORIZONTAL = "h"
    """Along a line between two ranks: it blocks north-south steps."""
    VERTICAL = "v"
    """Along a line between two files: it blocks east-west steps."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Orientation.{self.name}"


@_exported("wallrush")
class Notation(enum.Enum):
    """A move notation; the value is its name. Wherever a notation is taken, its name
    (``'wallrush'``, any case) is taken too.

    The same text can name different walls in different notations (standard ``d4h``
    lies above d4, Pallwall ``d4h`` below it), so text is always read in the notation the
    caller names, standard by default.
    """

    STANDARD = "standard"
    """``e2``, ``d4h``, ``d4v``: walls by the lower-left cell of the block they border."""
    WALLRUSH = "wallrush"
    """``e2``, ``Je6``, ``Xd5``, ``g9#``, ``H-d4``, ``V-d4``: walls by their top-left end."""
    PALLWALL = "pallwall"
    """``e2``, ``e6h``, ``e6v``: walls by their first cell, running right or down."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Notation.{self.name}"


@_exported("wallrush.wallgo")
class Side(enum.Enum):
    """A side of a cell in the territory games; the value is the letter the notations
    use. Wherever a side is taken, its letter or its name (``'north'``, any case) is taken
    too.

    NORTH faces the top rank, EAST the last file, SOUTH rank 1 and WEST file a.
    """

    NORTH = "n"
    """Towards the top rank."""
    EAST = "e"
    """Towards the last file."""
    SOUTH = "s"
    """Towards rank 1."""
    WEST = "w"
    """Towards file a."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    @property
    def opposite(self) -> Side:
        """The side facing this one from the neighbouring cell."""
        return _OPPOSITE[self]


_OPPOSITE = {
    Side.NORTH: Side.SOUTH,
    Side.EAST: Side.WEST,
    Side.SOUTH: Side.NORTH,
    Side.WEST: Side.EAST,
}


@_exported("wallrush.wallgo", "Player")
class WallGoPlayer(enum.IntEnum):
    """A Wall Go player, named by its colour and numbered in turn order: RED 0, BLUE 1,
    YELLOW 2, GREEN 3. Two-player games use Red and Blue, three-player games add Yellow.
    Wherever a player is taken, its number, its name (``'red'``, any case) or its letter
    (``'R'``) is taken too. ``str(player)`` is the lowercase name.
    """

    RED = 0
    """Moves (and places) first."""
    BLUE = 1
    """Moves second."""
    YELLOW = 2
    """Third, in three- and four-player games."""
    GREEN = 3
    """Fourth, in four-player games."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"wallgo.Player.{self.name}"

    @property
    def letter(self) -> str:
        """The upper-case initial used in position text and on the board: ``R``, ``B``,
        ``Y``, ``G``."""
        return self.name[0]


@_exported("wallrush.enclosure", "Player")
class EnclosurePlayer(enum.IntEnum):
    """One of the two players, numbered ONE = 1 and TWO = 2 as every text form writes
    them. Wherever a player is taken, its number (or the number's text) is taken too.
    ``str(player)`` is the number.
    """

    ONE = 1
    """Starts on b2, e3 and c5."""
    TWO = 2
    """Starts on e5, b4 and d2."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"enclosure.Player.{self.name}"

    @property
    def other(self) -> EnclosurePlayer:
        """The other player."""
        return EnclosurePlayer.TWO if self is EnclosurePlayer.ONE else EnclosurePlayer.ONE


# ----- the exceptions -------------------------------------------------------------------


@_exported("wallrush")
class WallrushError(ValueError):
    """The base of every exception the package raises for a bad value: text that does
    not parse (InvalidTextError), a move the rules refuse (IllegalMoveError), a variant
    or position that cannot be (InvalidVariantError, InvalidPositionError), and a number
    or option out of its range (InvalidArgumentError). A ValueError, so code that
    catches ValueError keeps working.

    A wrong type is a TypeError and an index past the end an IndexError, as in Python
    itself; an optional dependency that is missing is an ImportError naming the extra to
    install."""

    # The attributes a subclass's constructor takes after the message, for pickling.
    _FIELDS: typing.ClassVar[typing.Tuple[str, ...]] = ()

    def __reduce__(self) -> typing.Tuple[typing.Any, ...]:
        if not self._FIELDS:
            return (type(self), self.args, self.__dict__)
        return (type(self), (str(self), *(getattr(self, f) for f in self._FIELDS)))


@_exported("wallrush")
class InvalidArgumentError(WallrushError):
    """A number or option out of its range: a negative perft depth, a picture size
    below 0, an action id past the variant's last, a seed, count or thread number out of
    range, an option a picture does not have, a variant OpenSpiel does not play. The
    message names the parameter, the value and the range (``'depth -1 is out of range:
    0 ..= 4294967295'``)."""


@_exported("wallrush")
class InvalidTextError(WallrushError):
    """Text that is not well-formed: a move, square, wall, seat, notation name, record
    or position text that does not parse, or a record whose tags contradict each other.

    ``text`` is the text, ``index`` the byte index in it where parsing stopped (for a
    record: where the offending line begins), ``expected`` what the parser expected
    there, and ``line`` the 1-based line of a record (None for one-line texts).
    """

    _FIELDS = ("text", "index", "expected", "line")

    text: str
    """The text that failed to parse."""
    index: int
    """Byte index (into the UTF-8 encoding of ``text``) where parsing stopped."""
    expected: str
    """What the parser expected at ``index``."""
    line: typing.Optional[int]
    """The 1-based line of a record where the problem is; None for one-line texts."""

    def __init__(
        self,
        message: str,
        text: str = "",
        index: int = 0,
        expected: str = "",
        line: typing.Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.text = text
        self.index = index
        self.expected = expected
        self.line = line


@_exported("wallrush")
class IllegalMoveError(WallrushError):
    """A well-formed move (or action) that the rules refuse here.

    The message names the move and the rule (``'d4h crosses wall d4v'``), in the
    notation the move was written in. ``kind`` is a stable snake-case name of the rule:
    ``game_over``, ``no_walls_left``, ``off_board``, ``overlaps``, ``crosses``,
    ``no_route``, ``illegal_pawn_move``, ``illegal_pass`` (the oracle's kinds); for
    WallRush text ``wrong_kind`` (a jump letter that does not match the move) and
    ``not_a_win`` (``#`` on a move that does not win); for resignations
    ``not_in_play``. ``move`` is the refused move (a ``Move``; None for a resignation or
    when the text names no wall on any board), ``wall`` the ``Wall`` it conflicts with
    (``overlaps``, ``crosses``), ``seat`` the seat left without a route (``no_route``)
    or the seat whose resignation was refused.

    The territory games raise it too, with their own kinds (``wallrush.wallgo``:
    ``unreachable``, ``groove_taken``, …; ``wallrush.enclosure``: ``letter_spent``,
    ``active_piece``, …), ``move`` their own move and ``wall`` the groove involved.
    """

    _FIELDS = ("kind", "move", "wall", "seat")

    kind: str
    """The rule broken, as a stable snake-case name."""
    move: typing.Any
    """The refused move (a ``Move``, ``wallgo.Move`` or ``enclosure.Move``), or None for a
    resignation."""
    wall: typing.Any
    """The wall the move overlaps or crosses (a ``Wall``; a territory game's groove), else
    None."""
    seat: typing.Optional[Seat]
    """The seat left without a route, or the seat whose action was refused, else None."""

    def __init__(
        self,
        message: str,
        kind: str = "",
        move: typing.Any = None,
        wall: typing.Any = None,
        seat: typing.Optional[Seat] = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.move = move
        self.wall = wall
        self.seat = seat


@_exported("wallrush")
class InvalidVariantError(WallrushError):
    """A variant parameter out of its range; the message names the parameter and the
    range (``'size 8 is out of range: odd, 3 ..= 31'``)."""

    _FIELDS = ("parameter",)

    parameter: str
    """The parameter out of range: ``size``, ``players``, ``walls``, ``wall_length`` or
    ``goal``."""

    def __init__(self, message: str, parameter: str = "") -> None:
        super().__init__(message)
        self.parameter = parameter


@_exported("wallrush")
class InvalidPositionError(WallrushError):
    """Parts that do not make a legal position (pawns off the board or on one square,
    conflicting walls, wall counts that do not add up, a seat without a route, …)."""


# ----- the headers view -----------------------------------------------------------------


@typing.runtime_checkable
class _HeaderStore(typing.Protocol):
    """What ``Headers`` reads and writes: a ``Record``."""

    def header(self, name: str) -> typing.Optional[str]: ...
    def header_items(self) -> typing.List[typing.Tuple[str, str]]: ...
    def set_header(self, name: str, value: typing.Optional[str]) -> None: ...


@_exported("wallrush.record")
class Headers(typing.MutableMapping[str, str]):
    """A record's headers as a dict (``Record.headers``), as python-chess's
    ``game.headers``: in the order the record writes them, ``Variant``, ``Notation``,
    ``Position`` and ``Draw`` when they apply, the players (``South``, …), the other tags,
    and ``Result``.

    Setting ``Notation`` or ``Draw`` changes the notation or the draw rules, a seat's
    name its player, any other name a tag; deleting one unsets it. ``Variant``,
    ``Position`` and ``Result`` are written from the game and cannot be set
    (InvalidArgumentError). A view: it follows the record.
    """

    __slots__ = ("_record",)

    def __init__(self, record: _HeaderStore) -> None:
        if not isinstance(record, _HeaderStore):
            raise TypeError(f"expected a Record, not {type(record).__name__}")
        self._record = record

    def __getitem__(self, name: str) -> str:
        value = self._record.header(name) if isinstance(name, str) else None
        if value is None:
            raise KeyError(name)
        return value

    def __setitem__(self, name: str, value: str) -> None:
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError("header names and values are str")
        self._record.set_header(name, value)

    def __delitem__(self, name: str) -> None:
        if self._record.header(name) is None:
            raise KeyError(name)
        self._record.set_header(name, None)

    def __iter__(self) -> typing.Iterator[str]:
        return iter([name for name, _ in self._record.header_items()])

    def __len__(self) -> int:
        return len(self._record.header_items())

    def __repr__(self) -> str:
        return f"Headers({dict(self._record.header_items())!r})"
