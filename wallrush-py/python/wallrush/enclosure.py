"""The 6×6 card enclosure game: build one-groove walls to enclose small regions around
your own pieces, where cards drawn from a shared pool decide.

Two players have three pieces each (player 1 on b2 e3 c5, player 2 on e5 b4 d2). A move
spends a letter and a number card naming a target square, builds a wall on one of its
sides and steps one of the mover's active pieces (or, when no wall can go there, discards
the wall). The first turn is one move, every later turn two. A region of at most 9
squares with at most one piece is an enclosure; a finished one scores its size to its
piece's owner. The game ends after 15 discards or when all six pieces are in finished
enclosures; the higher score wins::

    >>> from wallrush import enclosure
    >>> pos = enclosure.Position(enclosure.Player.ONE)
    >>> pos = pos.play("C3n b2-b3")
    >>> (pos.turn, pos.moves_left)
    (enclosure.Player.TWO, 2)

``Position`` values are immutable (``play`` returns a new one); ``Game`` keeps the
moves, undoes them and reads and writes records; ``GreedyBot`` plays; positions and
games draw themselves in SVG (``svg()``, and in Jupyter). Refused moves raise
``wallrush.IllegalMoveError`` whose ``kind`` names the rule (``letter_spent``,
``active_piece``, …) and whose ``wall`` is the groove involved; text that does not parse
raises ``wallrush.InvalidTextError``.
"""

from __future__ import annotations

from wallrush._classes import EnclosurePlayer as Player
from wallrush._classes import Side
from wallrush._wallrush import EnclosureCards as Cards
from wallrush._wallrush import EnclosureGame as Game
from wallrush._wallrush import EnclosureGreedyBot as GreedyBot
from wallrush._wallrush import EnclosureGroove as Groove
from wallrush._wallrush import EnclosureMove as Move
from wallrush._wallrush import EnclosureOutcome as Outcome
from wallrush._wallrush import EnclosurePosition as Position
from wallrush._wallrush import EnclosureRegion as Enclosure

__all__ = [
    "DISCARD_LIMIT",
    "MAX_ENCLOSURE_SIZE",
    "Cards",
    "Enclosure",
    "Game",
    "GreedyBot",
    "Groove",
    "Move",
    "Outcome",
    "Player",
    "Position",
    "Side",
    "first_player",
]

DISCARD_LIMIT = 15
"""Discarded walls that end the game."""

MAX_ENCLOSURE_SIZE = 9
"""The most squares a region may have and still be an enclosure."""


def first_player(seed: int) -> Player:
    """The player who moves first in a game seeded with ``seed`` (an int from 0 to
    2**64 - 1): player 1 when the top bit of the first SplitMix64 output for the seed is
    0, else player 2 — the same draw on every platform."""
    turn: Player = Position.seeded(seed).turn
    return turn
