"""The exceptions: one class per failure family, all subclasses of ``WallrushError``
(itself a ValueError), so ``except wallrush.WallrushError`` catches every bad value the
package refuses. A wrong type is a TypeError and an index past the end an IndexError, as
in Python itself; an optional dependency that is missing is an ImportError naming the
extra to install."""

from __future__ import annotations

import typing

from wallrush._enums import Seat
from wallrush._wallrush import (
    EnclosureGroove,
    EnclosureMove,
    Move,
    Wall,
    WallGoMove,
    WallGoWall,
)

# A refused move of any game, and the wall (or groove) it names.
_AnyMove = typing.Union[Move, WallGoMove, EnclosureMove]
_AnyWall = typing.Union[Wall, WallGoWall, EnclosureGroove]

__all__ = [
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidPositionError",
    "InvalidTextError",
    "InvalidVariantError",
    "WallrushError",
]


class WallrushError(ValueError):
    """The base of every exception the package raises for a bad value: text that does
    not parse (InvalidTextError), a move the rules refuse (IllegalMoveError), a variant
    or position that cannot be (InvalidVariantError, InvalidPositionError), and a number
    or option out of its range (InvalidArgumentError). A ValueError, so code that
    catches ValueError keeps working."""


class InvalidArgumentError(WallrushError):
    """A number or option out of its range: a negative perft depth, a picture size
    below 0, an action id past the variant's last, a seed, count or thread number out of
    range, an option a picture does not have, a variant OpenSpiel does not play. The
    message names the parameter, the value and the range (``'depth -1 is out of range:
    0 ..= 4294967295'``)."""



class InvalidTextError(WallrushError):
    """Text that is not well-formed: a move, square, wall, seat, notation name, record
    or position text that does not parse, or a record whose tags contradict each other.

    ``text`` is the text, ``index`` the byte index in it where parsing stopped (for a
    record: where the offending line begins), ``expected`` what the parser expected
    there, and ``line`` the 1-based line of a record (None for one-line texts).
    """

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

    def __reduce__(self) -> typing.Tuple[typing.Any, ...]:
        return (type(self), (str(self), self.text, self.index, self.expected, self.line))


class IllegalMoveError(WallrushError):
    """A well-formed move (or action) that the rules refuse here.

    The message names the move and the rule (``'d4h crosses wall d4v'``), in the
    notation the move was written in. ``kind`` is a stable snake-case name of the rule:
    ``game_over``, ``no_walls_left``, ``off_board``, ``overlaps``, ``crosses``,
    ``no_route``, ``illegal_pawn_move``, ``illegal_pass`` (the oracle's kinds); for
    WallRush text ``wrong_kind`` (a jump letter that does not match the move) and
    ``not_a_win`` (``#`` on a move that does not win); for resignations
    ``not_in_play``. ``move`` is the refused move (None for a resignation or when the
    text names no wall on any board), ``wall`` the wall it conflicts with
    (``overlaps``, ``crosses``), ``seat`` the seat left without a route (``no_route``)
    or the seat whose resignation was refused.

    The territory games raise it too, with their own kinds (``wallrush.wallgo``:
    ``unreachable``, ``groove_taken``, …; ``wallrush.enclosure``: ``letter_spent``,
    ``active_piece``, …), ``move`` their own move and ``wall`` the groove involved.
    """

    kind: str
    """The rule broken, as a stable snake-case name."""
    move: typing.Optional[_AnyMove]
    """The refused move, or None for a resignation."""
    wall: typing.Optional[_AnyWall]
    """The wall the move overlaps or crosses (a territory game's groove), else None."""
    seat: typing.Optional[Seat]
    """The seat left without a route, or the seat whose action was refused, else None."""

    def __init__(
        self,
        message: str,
        kind: str = "",
        move: typing.Optional[_AnyMove] = None,
        wall: typing.Optional[_AnyWall] = None,
        seat: typing.Optional[Seat] = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.move = move
        self.wall = wall
        self.seat = seat

    def __reduce__(self) -> typing.Tuple[typing.Any, ...]:
        return (type(self), (str(self), self.kind, self.move, self.wall, self.seat))


class InvalidVariantError(WallrushError):
    """A variant parameter out of its range; the message names the parameter and the
    range (``'size 8 is out of range: odd, 3 ..= 31'``)."""

    parameter: str
    """The parameter out of range: ``size``, ``players``, ``walls``, ``wall_length`` or
    ``goal``."""

    def __init__(self, message: str, parameter: str = "") -> None:
        super().__init__(message)
        self.parameter = parameter

    def __reduce__(self) -> typing.Tuple[typing.Any, ...]:
        return (type(self), (str(self), self.parameter))


class InvalidPositionError(WallrushError):
    """Parts that do not make a legal position (pawns off the board or on one square,
    conflicting walls, wall counts that do not add up, a seat without a route, …)."""
