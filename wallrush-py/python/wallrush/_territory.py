"""What the territory games (``wallrush.wallgo``, ``wallrush.enclosure``) share: the
sides of a cell."""

from __future__ import annotations

import enum

__all__ = ["Side"]


class Side(enum.Enum):
    """A side of a cell; the value is the letter the notations use. Wherever a side is
    taken, its letter or its name (``'north'``, any case) is taken too.

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
