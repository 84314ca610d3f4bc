"""Wall Go, the 7×7 territory game: pieces move and build one-groove walls to carve the
board into territories.

Two players (Red, Blue) have four pieces each from a fixed start; three or four players
(adding Yellow, Green) have two each and place them first, in snake order. A turn moves
an active piece 0–2 orthogonal steps through empty cells and walls a free groove of the
cell it ends on; with three or four players each may once break any wall instead. The
game ends when no region holds two players' pieces; each territory cell scores 1, a tie
goes to the largest single territory, else it is a draw::

    >>> from wallrush import wallgo
    >>> pos = wallgo.Position()
    >>> len(pos.legal_moves)
    134
    >>> pos = pos.play("b2-c3n")
    >>> pos.turn
    wallgo.Player.BLUE

``Position`` values are immutable (``play`` returns a new one); ``Game`` keeps the
moves, undoes them and reads and writes records; ``GreedyBot`` plays; positions and
games draw themselves in SVG (``svg()``, and in Jupyter). Refused moves raise
``wallrush.IllegalMoveError`` whose ``kind`` names the rule (``unreachable``,
``groove_taken``, …); text that does not parse raises ``wallrush.InvalidTextError``.
"""

from __future__ import annotations

from wallrush._classes import Side
from wallrush._classes import WallGoPlayer as Player
from wallrush._wallrush import WallGoGame as Game
from wallrush._wallrush import WallGoGreedyBot as GreedyBot
from wallrush._wallrush import WallGoMove as Move
from wallrush._wallrush import WallGoOutcome as Outcome
from wallrush._wallrush import WallGoPosition as Position
from wallrush._wallrush import WallGoRegion as Region
from wallrush._wallrush import WallGoWall as Wall
from wallrush._wallrush import wallgo_pieces_per_player as pieces_per_player
from wallrush._wallrush import wallgo_placement_order as placement_order

__all__ = [
    "Game",
    "GreedyBot",
    "Move",
    "Outcome",
    "Player",
    "Position",
    "Region",
    "Side",
    "Wall",
    "pieces_per_player",
    "placement_order",
]

