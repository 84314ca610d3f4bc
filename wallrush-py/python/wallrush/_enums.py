"""The seats and wall orientations, as Python enums."""

from __future__ import annotations

import enum

__all__ = ["Notation", "Orientation", "Seat"]


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

        Raises InvalidTextError for any other text.
        """
        if isinstance(name, str):
            member = cls.__members__.get(name.upper())
            if member is not None:
                return member
            from wallrush._errors import InvalidTextError

            raise InvalidTextError(
                f"invalid seat {name!r}: expected a seat: south, west, north or east at byte 0",
                text=name,
                index=0,
                expected="a seat: south, west, north or east",
            )
        raise TypeError(f"expected a seat name as a str, not {type(name).__name__}")


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
