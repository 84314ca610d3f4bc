"""Type stubs of the native module ``wallrush._wallrush`` (import ``wallrush`` instead).

Every ``int`` parameter takes an int or an object with ``__index__``, never a ``bool``
(TypeError); an int out of the parameter's range raises InvalidArgumentError, a
ValueError (IndexError for a history index), never OverflowError. NumPy arrays are typed
with ``numpy.typing`` (NumPy is the ``wallrush[numpy]`` extra).
"""

import os
from array import array
from pathlib import Path
from types import ModuleType
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, Literal, SupportsIndex, TypeVar, Union, final, overload

from typing_extensions import deprecated

import numpy as np
import numpy.typing as npt

from wallrush._classes import Headers, Notation, Orientation, Seat

__version__: str

def _use_classes(module: ModuleType) -> None:
    """Takes the package's classes written in Python (``wallrush._classes``)."""

def _seat_from_name(name: str) -> Seat:
    """``Seat.from_name``."""

__all__ = [
    "_seat_from_name",
    "_use_classes",
    "DrawOptions",
    "Game",
    "LegalMoves",
    "Move",
    "Outcome",
    "Position",
    "Record",
    "Resignation",
    "Square",
    "Variant",
    "Wall",
    # agents (wallrush-py/src/agents.rs)
    "num_actions",
    "observation_planes",
    "observation_shape",
    "openspiel_decode",
    "openspiel_encode",
    "openspiel_legal_actions",
    "openspiel_num_distinct_actions",
    "openspiel_supported",
    "random_playouts",
]

_SeatLike = Seat | int | str
_SquareLike = Square | str
_WallLike = Wall | str
_MoveLike = Move | Square | Wall | str
_NotationLike = Notation | str
_V = TypeVar("_V")
# Mapping is invariant in its key type: spell out each kind of seat key.
_SeatMap = Union[Mapping[Seat, _V], Mapping[str, _V], Mapping[int, _V]]
_Goal = Literal["edge", "centre"]
_Reason = Literal["goal", "resignation", "all_passed", "repetition", "ply_limit"]

@final
class Square:
    """A cell of the board: 0-based file and rank, written ``e2`` or ``r2c5``."""

    def __new__(cls, text: str, /) -> Square: ...
    @staticmethod
    def from_coords(file: int, rank: int) -> Square:
        """The square at 0-based ``file`` and ``rank`` (each 0 ..= 30)."""
    @property
    def file(self) -> int:
        """0-based file, counted from the left (``a`` is 0)."""
    @property
    def rank(self) -> int:
        """0-based rank, counted from the bottom (rank ``1`` is 0)."""
    def text(self, size: int) -> str:
        """The square as a board of ``size`` writes it."""
    def is_on(self, size: int) -> bool:
        """Whether the square lies on a ``size`` × ``size`` board."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Square, /) -> bool: ...
    def __le__(self, other: Square, /) -> bool: ...
    def __gt__(self, other: Square, /) -> bool: ...
    def __ge__(self, other: Square, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Wall:
    """A wall, named by the lower-left cell of the block it borders and its orientation."""

    def __new__(cls, text: str, /) -> Wall: ...
    @staticmethod
    def from_anchor(anchor: _SquareLike, orientation: Orientation | str) -> Wall:
        """The wall anchored at ``anchor`` running ``orientation``."""
    @staticmethod
    def horizontal(anchor: _SquareLike) -> Wall:
        """A horizontal wall above ``anchor``."""
    @staticmethod
    def vertical(anchor: _SquareLike) -> Wall:
        """A vertical wall right of ``anchor``."""
    @property
    def anchor(self) -> Square:
        """The lower-left cell of the block the wall borders."""
    @property
    def orientation(self) -> Orientation:
        """Which way the wall runs."""
    def is_on(self, size: int, length: int) -> bool:
        """Whether a wall of ``length`` here lies wholly inside a ``size`` board."""
    def text(self, size: int) -> str:
        """The wall in standard notation as a board of ``size`` writes it."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Wall, /) -> bool: ...
    def __le__(self, other: Wall, /) -> bool: ...
    def __gt__(self, other: Wall, /) -> bool: ...
    def __ge__(self, other: Wall, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move:
    """One ply: a pawn move (by destination), a wall, or the forced pass."""

    PASS: ClassVar[Move]
    """The forced pass of a seat that has no legal move."""

    def __new__(cls, move: _MoveLike, /) -> Move: ...
    @property
    def square(self) -> Square | None:
        """The destination of a pawn move, else None."""
    @property
    def wall(self) -> Wall | None:
        """The wall of a wall move, else None."""
    @property
    def is_pawn(self) -> bool:
        """Whether this is a pawn move."""
    @property
    def is_wall(self) -> bool:
        """Whether this is a wall move."""
    @property
    def is_pass(self) -> bool:
        """Whether this is the pass."""
    def text(self, size: int) -> str:
        """The move in standard notation as a board of ``size`` writes it."""
    # --- agents (wallrush-py/src/agents.rs): action ids -------------------------------
    @staticmethod
    def from_action(variant: Variant, action: SupportsIndex) -> Move:
        """The move with action id ``action`` in ``variant``."""
    def action(self, variant: Variant | None = None) -> int:
        """This move's action id in ``variant`` (classic when None)."""
    # --- end agents --------------------------------------------------------------------
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Move, /) -> bool: ...
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Variant:
    """The fixed parameters of a game, validated on construction."""

    def __new__(
        cls,
        *,
        size: int | None = None,
        players: int | None = None,
        walls: int | None = None,
        wall_length: int | None = None,
        goal: str | None = None,
    ) -> Variant: ...
    @staticmethod
    def classic() -> Variant:
        """Classic two-player: 9×9, 10 walls each, length 2, edge goals."""
    @staticmethod
    def four_player() -> Variant:
        """Four players: 9×9, 5 walls each, length 2, edge goals."""
    @staticmethod
    def race_to_centre() -> Variant:
        """Race to the centre: 9×9, four players, 5 walls each, length 2, centre goal."""
    @property
    def size(self) -> int:
        """Board size n (the board is n × n)."""
    @property
    def players(self) -> int:
        """Number of players: 2 or 4."""
    @property
    def walls(self) -> int:
        """Walls each player starts with."""
    @property
    def wall_length(self) -> int:
        """Cells a wall covers."""
    @property
    def goal(self) -> _Goal:
        """Where the pawns race to."""
    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in the game, in turn order."""
    @property
    def centre(self) -> Square:
        """The centre cell."""
    def has_seat(self, seat: _SeatLike) -> bool:
        """Whether ``seat`` plays in this variant."""
    def start(self, seat: _SeatLike) -> Square:
        """Where ``seat``'s pawn starts."""
    def is_goal(self, seat: _SeatLike, square: _SquareLike) -> bool:
        """Whether ``square`` is one of ``seat``'s goal cells."""
    @staticmethod
    def from_text(text: str) -> Variant:
        """Reads a variant from its text (``str(variant)``)."""
    def wall_text(self, wall: _WallLike, notation: _NotationLike | None = None) -> str | None:
        """How ``notation`` writes ``wall`` in this variant."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended: the winner (None for a draw) and the reason."""

    def __new__(cls, winner: _SeatLike | None, reason: _Reason) -> Outcome: ...
    @property
    def winner(self) -> Seat | None:
        """The winning seat, or None for a draw."""
    @property
    def reason(self) -> _Reason:
        """Why the game ended."""
    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
    @staticmethod
    def from_text(text: str) -> Outcome:
        """Reads an outcome as records write it (``'south wins by goal'``)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves:
    """A view of a position's legal moves or pawn moves."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, item: object, /) -> bool: ...
    def count(self) -> int:
        """The number of moves (as ``len``)."""
    def any(self) -> bool:
        """Whether there is any move (as ``bool``)."""
    @property
    def position(self) -> Position:
        """The position these moves belong to."""

@final
class Position:
    """A position of a game of any variant; immutable."""

    def __new__(cls, variant: Variant | None = None) -> Position: ...
    @staticmethod
    def from_setup(
        variant: Variant,
        pawns: _SeatMap[_SquareLike | None],
        walls: Iterable[_WallLike] | None = None,
        walls_left: _SeatMap[int] | None = None,
        turn: _SeatLike | None = None,
        passes: int | None = None,
    ) -> Position:
        """A position from parts, checked."""
    @property
    def variant(self) -> Variant:
        """The variant."""
    @property
    def turn(self) -> Seat:
        """The seat to move."""
    @property
    def passes(self) -> int:
        """Consecutive forced passes just played."""
    def pawn(self, seat: _SeatLike) -> Square | None:
        """Where ``seat``'s pawn stands, or None when the seat is not in play."""
    @property
    def pawns(self) -> dict[Seat, Square]:
        """The pawns of the seats in play."""
    @property
    def walls(self) -> list[Wall]:
        """The walls on the board."""
    def walls_left(self, seat: _SeatLike) -> int:
        """Walls ``seat`` still holds."""
    @property
    def seats_in_play(self) -> tuple[Seat, ...]:
        """The seats still playing, in turn order."""
    def is_in_play(self, seat: _SeatLike) -> bool:
        """Whether ``seat`` is still playing."""
    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist hash of the game state."""
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on (a method, as python-chess's)."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    @deprecated("use Position.is_game_over()")
    def is_over(self) -> bool:
        """Deprecated alias of ``is_game_over``."""
    def result(self) -> str:
        """``'*'``, ``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or one score per seat with four."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves."""
    @property
    def pawn_moves(self) -> LegalMoves:
        """The mover's legal pawn moves."""
    def is_legal(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> bool:
        """Whether ``move`` is legal here."""
    def check(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> None:
        """Raises IllegalMoveError unless ``move`` is legal here."""
    def play(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> Position:
        """The position after ``move``, checked."""
    def parse_move(self, text: str, notation: _NotationLike | None = None) -> Move:
        """Reads ``text`` in ``notation`` as a legal move here."""
    def move_text(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> str:
        """How ``notation`` writes ``move``, a legal move here."""
    def write_move(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> str:
        """How ``notation`` writes ``move``, a legal move here (alias of ``move_text``)."""
    def convert_move(self, text: str, from_notation: _NotationLike, to_notation: _NotationLike) -> str:
        """Rewrites move ``text`` from one notation into another."""
    def to_text(self) -> str:
        """The position as one line of text."""
    @staticmethod
    def from_text(text: str) -> Position:
        """Reads a position from its text."""
    def play_unchecked(self, move: Move, /) -> Position:
        """The position after ``move``, a Move object: the fast form."""
    def resign(self, seat: _SeatLike | None = None) -> Position:
        """The position after ``seat`` (the seat to move when None) resigns."""
    def route_len(self, seat: _SeatLike) -> int | None:
        """The fewest steps ``seat``'s pawn needs to reach its goal, ignoring pawns."""
    def route_lens(self) -> dict[Seat, int]:
        """Every seat's route length."""
    def route(self, seat: _SeatLike) -> list[Square] | None:
        """One shortest route of ``seat``."""
    def preview_wall(self, wall: _WallLike) -> dict[Seat, int]:
        """The route lengths ``wall`` would leave every seat in play."""
    def pawn_move_kind(self, square: _SquareLike) -> Literal["step", "jump", "diagonal"] | None:
        """Whether a pawn move to ``square`` is a step, a jump or a diagonal jump."""
    def is_goal(self, seat: _SeatLike, square: _SquareLike) -> bool:
        """Whether ``square`` is one of ``seat``'s goal cells."""
    def is_open(self, a: _SquareLike, b: _SquareLike) -> bool:
        """Whether a step between two adjacent squares is open."""
    def perft(self, depth: int, *, threads: int | None = None, hash_mb: int | None = None) -> int:
        """The number of positions exactly ``depth`` plies ahead, over ``threads``
        threads (default 1) with a transposition table of ``hash_mb`` MiB (default 0:
        none); the count is the same whatever the options."""
    def divide(self, depth: int, *, threads: int | None = None, hash_mb: int | None = None) -> dict[Move, int]:
        """Perft split by the first move, with the options of :meth:`perft`."""
    def svg(
        self,
        *,
        size: int | None = None,
        flipped: bool = False,
        routes: bool = False,
        legal_moves: bool = False,
        last_move: _MoveLike | None = None,
        last_move_from: _SquareLike | None = None,
        candidate_wall: _WallLike | None = None,
        coordinates: bool = True,
        legend: bool = False,
    ) -> str:
        """The position drawn as an SVG document."""
    def _repr_svg_(self) -> str: ...
    # --- agents (wallrush-py/src/agents.rs): action ids, masks, observations ------------
    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending."""
    @overload
    def legal_action_mask(self, *, numpy: Literal[False]) -> list[bool]: ...
    @overload
    def legal_action_mask(self, *, numpy: Literal[True]) -> npt.NDArray[np.bool_]: ...
    @overload
    def legal_action_mask(self, *, numpy: bool | None = None) -> npt.NDArray[np.bool_] | list[bool]:
        """One flag per action id: a NumPy bool array, or a list of bools."""
    @overload
    def observation(self, *, numpy: Literal[False]) -> array[float]: ...
    @overload
    def observation(self, *, numpy: Literal[True]) -> npt.NDArray[np.float32]: ...
    @overload
    def observation(self, *, numpy: bool | None = None) -> npt.NDArray[np.float32] | array[float]:
        """The position as planes: a NumPy float32 array (planes, n, n), or a flat
        ``array.array('f')``."""
    def play_action(self, action: SupportsIndex, /) -> Position:
        """The position after the move with action id ``action``."""
    # --- end agents --------------------------------------------------------------------
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object, /) -> Position: ...
    def unicode(self, *, borders: bool = False, colors: bool = False) -> str:
        """The board in box-drawing characters, as the ``wallrush`` program draws it."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class DrawOptions:
    """The draw rules a game plays by."""

    NONE: ClassVar[DrawOptions]
    """No draw rules."""
    WALLRUSH: ClassVar[DrawOptions]
    """WallRush's rules: no draws."""
    PAWN_PATH_GAME: ClassVar[DrawOptions]
    """Pawn Path Game's rules: threefold repetition and a 500-ply limit."""

    def __new__(cls, repetition: int | None = None, ply_limit: int | None = None) -> DrawOptions: ...
    @staticmethod
    def from_text(text: str) -> DrawOptions:
        """Reads the record's ``Draw`` tag text."""
    @property
    def repetition(self) -> int | None:
        """The repetition count that draws, or None when repetition is off."""
    @property
    def ply_limit(self) -> int | None:
        """The ply limit, or None when it is off."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Resignation:
    """A resignation in a game's history."""

    def __new__(cls, seat: _SeatLike) -> Resignation: ...
    @property
    def seat(self) -> Seat:
        """The seat that resigned."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_Action = Move | Resignation
# A tree node in native form: (action, starting_comment, nags, comment, variations).
_TreeNode = tuple[_Action, str | None, list[int], str | None, list[list[Any]]]

@final
class Game:
    """A game: a start, the actions played from it, and the draw rules; mutable, and
    safe to share between threads (calls take turns under the game's lock)."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, variant: Variant | None = None, *, draw: DrawOptions | None = None) -> Game: ...
    @staticmethod
    def from_position(position: Position, *, draw: DrawOptions | None = None) -> Game:
        """A game from ``position``."""
    @staticmethod
    def from_record(text: str, notation: _NotationLike | None = None) -> Game:
        """The game a record text holds."""
    @property
    def variant(self) -> Variant:
        """The variant."""
    @property
    def start(self) -> Position:
        """The starting position."""
    @property
    def position(self) -> Position:
        """The current position."""
    def position_at(self, i: int) -> Position:
        """The position after the first ``i`` actions (negative counts from the end)."""
    @property
    def turn(self) -> Seat:
        """The seat to move."""
    @property
    def draw(self) -> DrawOptions:
        """The draw rules."""
    @draw.setter
    def draw(self, draw: DrawOptions | None) -> None: ...
    @property
    def actions(self) -> list[_Action]:
        """The actions played, in order."""
    @property
    def moves(self) -> list[Move]:
        """The moves played, in order."""
    def __len__(self) -> int: ...
    @property
    def plies(self) -> int:
        """Plies played from the start."""
    @property
    def repetitions(self) -> int:
        """How many times the current position has been seen."""
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on (a method, as python-chess's)."""
    def is_game_over(self) -> bool:
        """Whether the game is over (the draw rules included)."""
    @deprecated("use Game.is_game_over()")
    def is_over(self) -> bool:
        """Deprecated alias of ``is_game_over``."""
    def result(self) -> str:
        """``'*'``, ``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or one score per seat with four."""
    def push(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> _Action:
        """Plays ``move`` and returns what was played."""
    def push_text(self, text: str, /, notation: _NotationLike | None = None) -> _Action:
        """Reads ``text`` in ``notation``, plays it and returns it."""
    def pop(self) -> _Action:
        """Takes back the last action and returns it."""
    def peek(self) -> _Action:
        """The last action played."""
    def copy(self) -> Game:
        """A copy of the game."""
    def parse_move(self, text: str, /, notation: _NotationLike | None = None) -> _Action:
        """Reads ``text`` in ``notation`` as an action now, without playing it."""
    def move_text(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> str:
        """How ``notation`` writes ``move``, a legal move now."""
    def write_move(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> str:
        """An alias of ``move_text``."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves now."""
    def is_legal(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> bool:
        """Whether ``move`` is legal now."""
    def check(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> None:
        """Raises IllegalMoveError unless ``move`` is allowed now."""
    @deprecated("use Game.push()")
    def play(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> None:
        """Deprecated alias of ``push`` that returns None."""
    def play_unchecked(self, move: Move, /) -> None:
        """Plays ``move``, a Move object: the fast form."""
    def resign(self, seat: _SeatLike | None = None) -> None:
        """``seat`` (the seat to move when None) resigns."""
    @deprecated("use Game.pop()")
    def undo(self) -> _Action:
        """Deprecated alias of ``pop``."""
    def redo(self) -> _Action:
        """Replays the last action taken back and returns it."""
    @property
    def redo_actions(self) -> list[_Action]:
        """The actions ``redo`` would replay, next first."""
    def action_text(self, i: int, notation: _NotationLike | None = None) -> str:
        """How ``notation`` writes action ``i`` (negative counts from the end)."""
    def moves_text(self, notation: _NotationLike | None = None) -> str:
        """The numbered move list in ``notation``."""
    def play_moves_text(self, text: str, notation: _NotationLike | None = None) -> None:
        """Plays a move list written in ``notation``."""
    def record(self, notation: _NotationLike | None = None) -> Record:
        """The game as a record in ``notation``."""
    def svg(
        self,
        *,
        size: int | None = None,
        flipped: bool = False,
        routes: bool = False,
        legal_moves: bool = False,
        last_move: _MoveLike | None = None,
        last_move_from: _SquareLike | None = None,
        candidate_wall: _WallLike | None = None,
        coordinates: bool = True,
        legend: bool = False,
    ) -> str:
        """The current position as an SVG document, the last move highlighted."""
    def _repr_svg_(self) -> str: ...
    # --- agents (wallrush-py/src/agents.rs): action ids ---------------------------------
    def legal_actions(self) -> list[int]:
        """The legal action ids now, ascending."""
    def play_action(self, action: SupportsIndex, /) -> None:
        """Plays the move with action id ``action``."""
    # --- end agents --------------------------------------------------------------------
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object, /) -> Game: ...
    def unicode(self, *, borders: bool = False, colors: bool = False) -> str:
        """The current position in box-drawing characters (see ``Position.unicode``)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class Record:
    """A game record: the game, its notation, player names and other tags; safe to
    share between threads."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, game: Game | None = None) -> Record: ...
    @staticmethod
    def from_text(text: str, notation: _NotationLike | None = None) -> Record:
        """Reads a record."""
    @staticmethod
    def convert(text: str, from_notation: _NotationLike, to_notation: _NotationLike) -> str:
        """Rewrites a record text from one notation into another."""
    @property
    def game(self) -> Game:
        """The game (a copy)."""
    @game.setter
    def game(self, game: Game) -> None: ...
    @property
    def notation(self) -> Notation:
        """The notation the record is written in."""
    @notation.setter
    def notation(self, notation: _NotationLike) -> None: ...
    @property
    def players(self) -> dict[Seat, str]:
        """The players' names."""
    def set_player(self, seat: _SeatLike, name: str | None) -> None:
        """Names (or unnames) the player in ``seat``."""
    @property
    def tags(self) -> dict[str, str]:
        """The other tags, in order."""
    @property
    def comments(self) -> dict[int, str]:
        """The comments by the number of actions before each."""
    def comment(self, after: SupportsIndex) -> str | None:
        """The comment after the first ``after`` actions, or None."""
    def set_comment(self, after: SupportsIndex, comment: str | None) -> None:
        """Sets or removes the comment after the first ``after`` actions."""
    @property
    def result_token(self) -> bool:
        """Whether the move list ends with the result token."""
    @result_token.setter
    def result_token(self, on: bool) -> None: ...
    def result(self) -> str:
        """The result token the game gives."""
    def header_items(self) -> list[tuple[str, str]]:
        """The headers in order, as (name, value) pairs."""
    def header(self, name: str) -> str | None:
        """The value of header ``name``, or None."""
    def set_header(self, name: str, value: str | None) -> None:
        """Sets or removes header ``name``."""
    @property
    def headers(self) -> Headers:
        """The headers as a dict-like view."""
    def set_tag(self, name: str, value: str | None) -> None:
        """Sets (or removes) another tag."""
    def _tree(self) -> tuple[str | None, list[_TreeNode]]:
        """The record's tree in native form."""
    def _set_tree(self, comment: str | None, mainline: list[_TreeNode]) -> None:
        """Replaces the game and its annotations with a tree in native form."""
    def __copy__(self) -> Record: ...
    def __deepcopy__(self, memo: object, /) -> Record: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

# ---------------------------------------------------------------------------------------
# Bots, analysis and the engine: re-exported by ``wallrush``.
# ---------------------------------------------------------------------------------------

__all__ += ["Analysis", "ArenaGame", "ArenaMatch", "Beginner", "Engine", "MoveEffect", "RandomMover", "SearchResult", "Strong", "_StopFlag"]

_PositionArg = Position | Game

@final
class Beginner:
    """The beginner bot: one move of lookahead, seeded ties; safe to share between
    threads."""

    def __new__(cls, seed: int | None = None) -> Beginner: ...
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @property
    def name(self) -> str:
        """``'beginner'``."""
    def choose(self, position: _PositionArg) -> Move | None:
        """The move to play, or None when the game is over."""
    @staticmethod
    def candidates(position: _PositionArg) -> list[Move]:
        """The moves the beginner chooses among."""

@final
class RandomMover:
    """A baseline playing uniformly random legal moves; safe to share between threads."""

    def __new__(cls, seed: int | None = None) -> RandomMover: ...
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @property
    def name(self) -> str:
        """``'random'``."""
    def choose(self, position: _PositionArg) -> Move | None:
        """A random legal move, or None when the game is over."""

@final
class MoveEffect:
    """What one legal move does to every seat's route, and the beginner's score."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def move(self) -> Move:
        """The move."""
    @property
    def routes(self) -> dict[Seat, int]:
        """Every seat in play's route length after the move."""
    @property
    def delta(self) -> dict[Seat, int]:
        """The change of every seat's route length."""
    @property
    def points(self) -> int | None:
        """The beginner's points, or None when the move wins or is ignored."""
    @property
    def is_win(self) -> bool:
        """Whether the move wins on the spot."""
    @property
    def is_ignored(self) -> bool:
        """Whether the beginner ignores the move."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class Analysis:
    """Every legal move with its effect and the beginner's score, best first."""

    def __new__(cls, position: _PositionArg) -> Analysis: ...
    @property
    def mover(self) -> Seat:
        """The seat to move."""
    @property
    def opponent(self) -> Seat | None:
        """The beginner's opponent."""
    @property
    def routes(self) -> dict[Seat, int]:
        """Every seat in play's route length before the move."""
    @property
    def walls_considered(self) -> bool:
        """Whether the beginner scores walls here."""
    @property
    def moves(self) -> list[MoveEffect]:
        """Every legal move's effect, best first."""
    @property
    def best(self) -> list[MoveEffect]:
        """The effects sharing the best score."""
    def get(self, move: _MoveLike) -> MoveEffect | None:
        """The effect of ``move``, or None when it is not legal here."""
    def hint(self, move: _MoveLike) -> str | None:
        """A one-line explanation of ``move``."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[MoveEffect]: ...

@final
class SearchResult:
    """What a search found."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def best(self) -> Move | None:
        """The move to play."""
    @property
    def score(self) -> int:
        """The score for the seat to move, in centi-steps."""
    @property
    def pv(self) -> list[Move]:
        """The principal variation."""
    @property
    def depth(self) -> int:
        """The deepest completed iteration."""
    @property
    def nodes(self) -> int:
        """Nodes visited."""
    @property
    def mate_in(self) -> int | None:
        """Plies to a forced win (positive) or loss (negative)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class Engine:
    """The strong search engine; searches run without the GIL."""

    WIN: ClassVar[int]
    """The score of a won game, in centi-steps."""

    def __new__(cls, table_size: int | None = None) -> Engine: ...
    @property
    def table_size(self) -> int:
        """The number of entries of the transposition table."""
    def search(
        self,
        position: _PositionArg,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        time: float | None = None,
    ) -> SearchResult:
        """Searches ``position`` within the limits."""
    def _analyse(
        self,
        position: _PositionArg,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        time: float | None = None,
        multipv: int | None = None,
        on_iteration: Callable[[int, int, float, list[tuple[int, list[Move]]]], object] | None = None,
        stop: _StopFlag | None = None,
    ) -> tuple[int, int, float, list[tuple[int, list[Move]]]]:
        """The search behind ``wallrush.engine``: multipv lines and a report of every
        iteration."""
    def clear(self) -> None:
        """Forgets the transposition table and killer moves."""

@final
class _StopFlag:
    """Stops a search from another thread."""

    def __new__(cls) -> _StopFlag: ...
    def set(self) -> None:
        """Stops the search that watches this flag."""
    def is_set(self) -> bool:
        """Whether ``set()`` was called."""

@final
class Strong:
    """The strong engine as a bot."""

    def __new__(
        cls, *, depth: int | None = None, nodes: int | None = None, time: float | None = None
    ) -> Strong: ...
    @property
    def name(self) -> str:
        """``'strong'``."""
    def choose(self, position: _PositionArg) -> Move | None:
        """The move to play, or None when the game is over."""
    @property
    def last(self) -> SearchResult | None:
        """What the last search found."""

@final
class ArenaMatch:
    """A match of the arena: two players, a variant and the arena's options, with the
    totals of the games counted so far."""

    def __new__(
        cls,
        a: str,
        b: str,
        *,
        variant: Variant | None = None,
        games: int | None = None,
        ms: int | None = None,
        seed: int | None = None,
        opening: int | None = None,
        max_plies: int | None = None,
        sprt: str | None = None,
        out: str | os.PathLike[str] | None = None,
        notation: _NotationLike | None = None,
        event: str | None = None,
    ) -> ArenaMatch: ...
    @property
    def games(self) -> int:
        """The number of games (with an SPRT, the most the match plays)."""
    @property
    def variant(self) -> Variant:
        """The variant."""
    @property
    def players(self) -> tuple[str, str]:
        """The two players' specs, as the records name them."""
    def play_game(self, index: int) -> ArenaGame:
        """Plays game ``index`` with fresh players, without the GIL."""
    def play_pair(self, pair: int) -> list[ArenaGame]:
        """Plays games ``2 * pair`` and ``2 * pair + 1``, one pair of players for both."""
    def count(self, game: ArenaGame) -> str:
        """Counts ``game`` as the arena does; returns the arena's progress line."""
    def run(self, *, concurrency: int | None = None) -> list[str]:
        """Plays and counts the whole match as ``wallrush arena`` does."""
    @property
    def results(self) -> list[tuple[int, int, str, str, int]]:
        """The games counted: ``(index, south, result, reason, plies)``."""
    @property
    def wdl(self) -> tuple[int, int, int]:
        """A's wins, draws and losses."""
    @property
    def pentanomial(self) -> tuple[int, int, int, int, int]:
        """A's pairs scoring 0, ½, 1, 1½ and 2 points."""
    @property
    def llr(self) -> float | None:
        """The SPRT's log-likelihood ratio (None without an SPRT)."""
    @property
    def stopped(self) -> str | None:
        """``'H0'`` or ``'H1'`` once the SPRT crossed a bound, else None."""
    @property
    def records(self) -> list[Path]:
        """The records written, in the order counted."""
    def summary(self) -> str:
        """The arena's summary of the games counted."""

@final
class ArenaGame:
    """One game of an arena match, as played, before it is counted; picklable."""

    @property
    def index(self) -> int:
        """The game's 0-based number in its match."""
    @property
    def variant(self) -> Variant:
        """The variant."""
    @property
    def result(self) -> str:
        """``'win'``, ``'draw'`` or ``'loss'``, for player A."""
    @property
    def reason(self) -> str:
        """How the game ended, in the arena's words."""
    @property
    def plies(self) -> int:
        """Plies played, the opening's included."""
    @property
    def moves(self) -> list[Move]:
        """The moves played, from the variant's start."""
    @property
    def actions(self) -> list[int]:
        """The moves as action ids."""
    def player_of(self, seat: _SeatLike) -> int:
        """The player (0 = A, 1 = B) playing ``seat`` in this game."""

# ---------------------------------------------------------------------------------------
# Wall Go: ``wallrush.wallgo`` re-exports these under their own names
# (``WallGoPosition`` is ``wallgo.Position``, …).
# ---------------------------------------------------------------------------------------

from wallrush._classes import Side as _Side
from wallrush._classes import WallGoPlayer as _WallGoPlayer

__all__ += [
    "WallGoGame",
    "WallGoGreedyBot",
    "WallGoMove",
    "WallGoOutcome",
    "WallGoPosition",
    "WallGoRegion",
    "WallGoWall",
    "wallgo_pieces_per_player",
    "wallgo_placement_order",
]

_SideLike = _Side | str
_WallGoPlayerLike = _WallGoPlayer | int | str
_WallGoWallLike = WallGoWall | str
_WallGoMoveLike = WallGoMove | str

@final
class WallGoWall:
    """A Wall Go wall: one groove between two adjacent cells."""

    def __new__(cls, text: str, /) -> WallGoWall: ...
    @staticmethod
    def of(square: _SquareLike, side: _SideLike) -> WallGoWall:
        """The groove on ``side`` of ``square``."""
    @staticmethod
    def all() -> list[WallGoWall]:
        """Every groove of the board."""
    @property
    def square(self) -> Square:
        """The canonical cell."""
    @property
    def side(self) -> _Side:
        """The canonical side."""
    @property
    def cells(self) -> tuple[Square, Square]:
        """The two cells the groove separates."""
    def side_of(self, square: _SquareLike) -> _Side | None:
        """Which side of ``square`` this groove is."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: WallGoWall, /) -> bool: ...
    def __le__(self, other: WallGoWall, /) -> bool: ...
    def __gt__(self, other: WallGoWall, /) -> bool: ...
    def __ge__(self, other: WallGoWall, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class WallGoMove:
    """One Wall Go action: a step, a placement or a wall break."""

    def __new__(cls, text: str, /) -> WallGoMove: ...
    @staticmethod
    def step(from_square: _SquareLike, to_square: _SquareLike, side: _SideLike) -> WallGoMove:
        """A step walling ``side`` of ``to_square``."""
    @staticmethod
    def place(square: _SquareLike) -> WallGoMove:
        """Placing a piece on ``square``."""
    @staticmethod
    def wall_break(wall: _WallGoWallLike) -> WallGoMove:
        """The wall break removing ``wall``."""
    @property
    def kind(self) -> Literal["step", "place", "break"]:
        """The kind of move."""
    @property
    def from_square(self) -> Square | None:
        """Where a stepping piece stands."""
    @property
    def to_square(self) -> Square | None:
        """Where a stepping piece ends, or the square of a placement."""
    @property
    def side(self) -> _Side | None:
        """The side a step walls."""
    @property
    def wall(self) -> WallGoWall | None:
        """The wall a step builds or a break removes."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: WallGoMove, /) -> bool: ...
    def __le__(self, other: WallGoMove, /) -> bool: ...
    def __gt__(self, other: WallGoMove, /) -> bool: ...
    def __ge__(self, other: WallGoMove, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class WallGoRegion:
    """Cells connected through grooves without a wall, with the players in them."""

    @property
    def cells(self) -> list[Square]:
        """The cells, in cell order."""
    @property
    def players(self) -> tuple[_WallGoPlayer, ...]:
        """The players with a piece in the region."""
    @property
    def owner(self) -> _WallGoPlayer | None:
        """The player whose territory this is."""
    @property
    def is_contested(self) -> bool:
        """Whether two or more players share it."""
    def __len__(self) -> int: ...
    def __contains__(self, square: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class WallGoOutcome:
    """How a finished Wall Go game ended."""

    @property
    def winner(self) -> _WallGoPlayer | None:
        """The winner, or None for a draw."""
    @property
    def tie_break(self) -> bool:
        """Whether the largest-territory tie-break decided it."""
    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class WallGoPosition:
    """A Wall Go position; immutable."""

    def __new__(cls, players: int | None = None) -> WallGoPosition: ...
    @staticmethod
    def placement(players: int) -> WallGoPosition:
        """An empty board for a placement setup."""
    @staticmethod
    def from_text(text: str) -> WallGoPosition:
        """Reads the one-line position text."""
    def to_text(self) -> str:
        """The one-line position text."""
    @property
    def players(self) -> int:
        """Number of players."""
    @property
    def player_list(self) -> tuple[_WallGoPlayer, ...]:
        """The players in the game, in turn order."""
    @property
    def turn(self) -> _WallGoPlayer:
        """The player to move or to place."""
    @property
    def is_placing(self) -> bool:
        """Whether a placement setup is under way."""
    @property
    def placed(self) -> int:
        """Pieces placed so far."""
    def pieces(self, player: _WallGoPlayerLike) -> list[Square]:
        """The squares of ``player``'s pieces."""
    def piece_at(self, square: _SquareLike) -> _WallGoPlayer | None:
        """The player whose piece stands on ``square``."""
    @property
    def walls(self) -> dict[WallGoWall, _WallGoPlayer]:
        """The walls with their builders."""
    def wall_owner(self, wall: _WallGoWallLike) -> _WallGoPlayer | None:
        """Who built the wall on ``wall``'s groove."""
    def is_open(self, a: _SquareLike, b: _SquareLike) -> bool:
        """Whether a piece could step between ``a`` and ``b``."""
    def break_used(self, player: _WallGoPlayerLike) -> bool:
        """Whether ``player`` has used its wall break."""
    @property
    def regions(self) -> list[WallGoRegion]:
        """The regions."""
    def region_of(self, square: _SquareLike) -> WallGoRegion:
        """The region holding ``square``."""
    def is_active(self, square: _SquareLike) -> bool:
        """Whether the piece on ``square`` is active."""
    def can_act(self, player: _WallGoPlayerLike) -> bool:
        """Whether ``player`` can act."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    @property
    def scores(self) -> dict[_WallGoPlayer, int]:
        """Each player's score now."""
    @property
    def largest_territories(self) -> dict[_WallGoPlayer, int]:
        """Each player's largest territory now."""
    def outcome(self) -> WallGoOutcome | None:
        """The result once the game is over."""
    def destinations(self, square: _SquareLike) -> list[Square]:
        """Where the piece on ``square`` can end a move."""
    @property
    def legal_moves(self) -> list[WallGoMove]:
        """Every legal move."""
    def legal_move_count(self) -> int:
        """The number of legal moves."""
    def is_legal(self, move: _WallGoMoveLike, /) -> bool:
        """Whether ``move`` is legal here."""
    def check(self, move: _WallGoMoveLike, /) -> None:
        """Raises IllegalMoveError unless ``move`` is legal here."""
    def play(self, move: _WallGoMoveLike, /) -> WallGoPosition:
        """The position after ``move``, checked."""
    def timeout_action(self, seed: int | None = None) -> WallGoMove | None:
        """The move of a timed-out player."""
    def svg(
        self,
        *,
        size: int | None = None,
        coordinates: bool = True,
        legend: bool = True,
        last_move: _WallGoMoveLike | None = None,
    ) -> str:
        """The position as an SVG document."""
    def _repr_svg_(self) -> str: ...
    def __copy__(self) -> WallGoPosition: ...
    def __deepcopy__(self, memo: object, /) -> WallGoPosition: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class WallGoGame:
    """A Wall Go game with its moves and tags; mutable, safe to share between threads."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, players: int | None = None) -> WallGoGame: ...
    @staticmethod
    def from_position(position: WallGoPosition) -> WallGoGame:
        """A game from ``position``."""
    @staticmethod
    def from_record(text: str) -> WallGoGame:
        """The game a record text holds."""
    @property
    def start(self) -> WallGoPosition:
        """The starting position."""
    @property
    def position(self) -> WallGoPosition:
        """The current position."""
    @property
    def moves(self) -> list[WallGoMove]:
        """The moves played."""
    def __len__(self) -> int: ...
    @property
    def turn(self) -> _WallGoPlayer:
        """The player to move."""
    @property
    def legal_moves(self) -> list[WallGoMove]:
        """The legal moves now."""
    def outcome(self) -> WallGoOutcome | None:
        """How the game ended, or None while it goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    @deprecated("use Game.is_game_over()")
    def is_over(self) -> bool:
        """Deprecated alias of ``is_game_over``."""
    def push(self, move: _WallGoMoveLike, /) -> WallGoMove:
        """Plays ``move``, checked, and returns it."""
    @deprecated("use Game.push()")
    def play(self, move: _WallGoMoveLike, /) -> None:
        """Deprecated alias of ``push`` that returns None."""
    def pop(self) -> WallGoMove:
        """Takes back the last move and returns it."""
    @deprecated("use Game.pop()")
    def undo(self) -> WallGoMove:
        """Deprecated alias of ``pop``."""
    def peek(self) -> WallGoMove:
        """The last move played."""
    @property
    def tags(self) -> dict[str, str]:
        """The free-form tags."""
    def set_tag(self, name: str, value: str | None) -> None:
        """Sets or removes a free-form tag."""
    def svg(
        self,
        *,
        size: int | None = None,
        coordinates: bool = True,
        legend: bool = True,
        last_move: _WallGoMoveLike | None = None,
    ) -> str:
        """The current position as an SVG document, the last move highlighted."""
    def _repr_svg_(self) -> str: ...
    def __copy__(self) -> WallGoGame: ...
    def __deepcopy__(self, memo: object, /) -> WallGoGame: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

def wallgo_pieces_per_player(players: int) -> int:
    """Pieces each player has: 4 with two players, 2 with three or four."""

def wallgo_placement_order(players: int) -> list[_WallGoPlayer]:
    """Who places each piece of a placement setup, in snake order."""

@final
class WallGoGreedyBot:
    """A greedy Wall Go bot; safe to share between threads."""

    def __new__(cls, seed: int | None = None) -> WallGoGreedyBot: ...
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @property
    def name(self) -> str:
        """``'greedy'``."""
    def choose(self, position: WallGoPosition | WallGoGame) -> WallGoMove | None:
        """The bot's move, or None when the game is over."""

# ---------------------------------------------------------------------------------------
# The card enclosure game: ``wallrush.enclosure`` re-exports these under
# their own names (``EnclosurePosition`` is ``enclosure.Position``, ``EnclosureRegion``
# is ``enclosure.Enclosure``, …).
# ---------------------------------------------------------------------------------------

from wallrush._classes import EnclosurePlayer as _EnclosurePlayer

__all__ += [
    "EnclosureCards",
    "EnclosureGame",
    "EnclosureGreedyBot",
    "EnclosureGroove",
    "EnclosureMove",
    "EnclosureOutcome",
    "EnclosurePosition",
    "EnclosureRegion",
]

_EnclosurePlayerLike = _EnclosurePlayer | int | str
_GrooveLike = EnclosureGroove | str
_EnclosureMoveLike = EnclosureMove | str
_StepLike = str | tuple[_SquareLike, _SquareLike]

@final
class EnclosureGroove:
    """One unit groove of the 6×6 board, board edge included."""

    def __new__(cls, text: str, /) -> EnclosureGroove: ...
    @staticmethod
    def of(square: _SquareLike, side: _SideLike) -> EnclosureGroove:
        """The groove on ``side`` of ``square``."""
    @staticmethod
    def from_index(index: int) -> EnclosureGroove:
        """The groove numbered ``index``."""
    @staticmethod
    def all() -> list[EnclosureGroove]:
        """Every groove, in index order."""
    @property
    def index(self) -> int:
        """The groove's number, 0 to 83."""
    @property
    def square(self) -> Square:
        """The square of the canonical name."""
    @property
    def side(self) -> _Side:
        """The side of the canonical name."""
    @property
    def squares(self) -> tuple[Square | None, Square | None]:
        """The squares on either side."""
    @property
    def orientation(self) -> Orientation:
        """Which way the groove runs."""
    @property
    def is_board_edge(self) -> bool:
        """Whether the groove runs along the board edge."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: EnclosureGroove, /) -> bool: ...
    def __le__(self, other: EnclosureGroove, /) -> bool: ...
    def __gt__(self, other: EnclosureGroove, /) -> bool: ...
    def __ge__(self, other: EnclosureGroove, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EnclosureCards:
    """The shared pool of 12 cards."""

    def __new__(cls, text: str | None = None, /) -> EnclosureCards: ...
    @property
    def letters(self) -> str:
        """The available letters."""
    @property
    def numbers(self) -> str:
        """The available numbers."""
    def __len__(self) -> int: ...
    def can_target(self, square: _SquareLike) -> bool:
        """Whether both cards naming ``square`` are available."""
    def targets(self) -> list[Square]:
        """Every square the available cards can name."""
    def after(self, square: _SquareLike) -> EnclosureCards:
        """The pool after the cards naming ``square`` are spent."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EnclosureMove:
    """One move of the card game: a wall and a step, or a discard."""

    def __new__(cls, text: str, /) -> EnclosureMove: ...
    @staticmethod
    def build(target: _SquareLike, side: _SideLike, step: _StepLike | None = None) -> EnclosureMove:
        """A wall on ``side`` of ``target`` followed by ``step``."""
    @staticmethod
    def discard(target: _SquareLike) -> EnclosureMove:
        """The discard at ``target``."""
    @property
    def target(self) -> Square:
        """The square the move's cards name."""
    @property
    def side(self) -> _Side | None:
        """The side of the target the wall goes on."""
    @property
    def groove(self) -> EnclosureGroove | None:
        """The groove the move builds on."""
    @property
    def step(self) -> tuple[Square, Square] | None:
        """The piece step."""
    @property
    def is_discard(self) -> bool:
        """Whether the move discards its wall."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: EnclosureMove, /) -> bool: ...
    def __le__(self, other: EnclosureMove, /) -> bool: ...
    def __gt__(self, other: EnclosureMove, /) -> bool: ...
    def __ge__(self, other: EnclosureMove, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EnclosureRegion:
    """An enclosure: at most 9 squares, at most one piece."""

    @property
    def squares(self) -> list[Square]:
        """Its squares."""
    @property
    def is_finished(self) -> bool:
        """Whether every boundary groove holds a wall."""
    @property
    def piece(self) -> tuple[_EnclosurePlayer, Square] | None:
        """The piece inside and its owner."""
    @property
    def score(self) -> int:
        """What it scores for the owner of its piece."""
    def __len__(self) -> int: ...
    def __contains__(self, square: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EnclosureOutcome:
    """How a finished card game came out."""

    @property
    def winner(self) -> _EnclosurePlayer | None:
        """The winner, or None for a draw."""
    @property
    def reason(self) -> Literal["discards", "all_finished"]:
        """Why the game ended."""
    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EnclosurePosition:
    """A position of the card enclosure game; immutable."""

    def __new__(cls, first: _EnclosurePlayerLike | None = None) -> EnclosurePosition: ...
    @staticmethod
    def seeded(seed: int) -> EnclosurePosition:
        """The start with the first player drawn from ``seed``."""
    @staticmethod
    def from_text(text: str) -> EnclosurePosition:
        """Reads the one-line position text."""
    def to_text(self) -> str:
        """The one-line position text."""
    @property
    def turn(self) -> _EnclosurePlayer:
        """The player to move."""
    @property
    def moves_left(self) -> int:
        """Moves left in the current turn."""
    @property
    def vacated(self) -> Square | None:
        """The square the turn's first move vacated."""
    @property
    def cards(self) -> EnclosureCards:
        """The cards still available."""
    @property
    def discards(self) -> int:
        """Walls discarded so far."""
    def piece_at(self, square: _SquareLike) -> _EnclosurePlayer | None:
        """The player whose piece stands on ``square``."""
    def pieces(self, player: _EnclosurePlayerLike) -> list[Square]:
        """``player``'s pieces."""
    def is_active(self, square: _SquareLike) -> bool:
        """Whether an active piece stands on ``square``."""
    def wall_at(self, groove: _GrooveLike) -> _EnclosurePlayer | None:
        """Who built the wall on ``groove``."""
    @property
    def walls(self) -> dict[EnclosureGroove, _EnclosurePlayer]:
        """The walls with their builders."""
    def is_open(self, a: _SquareLike, b: _SquareLike) -> bool:
        """Whether ``a`` and ``b`` are neighbours with no wall between them."""
    @property
    def enclosures(self) -> list[EnclosureRegion]:
        """Every enclosure."""
    def enclosure_at(self, square: _SquareLike) -> EnclosureRegion | None:
        """The enclosure holding ``square``."""
    def score(self, player: _EnclosurePlayerLike) -> int:
        """``player``'s score now."""
    @property
    def scores(self) -> dict[_EnclosurePlayer, int]:
        """Both scores."""
    @property
    def end_reason(self) -> Literal["discards", "all_finished"] | None:
        """Why the game is over, if it is."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def outcome(self) -> EnclosureOutcome | None:
        """The result once the game is over."""
    def is_buildable(self, groove: _GrooveLike) -> bool:
        """Whether a wall may be built on ``groove`` now."""
    def check_wall(self, groove: _GrooveLike) -> None:
        """Raises IllegalMoveError unless a wall may be built on ``groove``."""
    @property
    def buildable_grooves(self) -> list[EnclosureGroove]:
        """Every groove a wall may be built on now."""
    def legal_sides(self, target: _SquareLike) -> list[_Side]:
        """The sides of ``target`` a wall may be built on now."""
    def legal_steps(self, target: _SquareLike, side: _SideLike) -> list[tuple[Square, Square]]:
        """The steps allowed after a wall on ``side`` of ``target``."""
    @property
    def legal_moves(self) -> list[EnclosureMove]:
        """Every legal move."""
    def legal_move_count(self) -> int:
        """The number of legal moves."""
    def is_legal(self, move: _EnclosureMoveLike, /) -> bool:
        """Whether ``move`` is legal here."""
    def check(self, move: _EnclosureMoveLike, /) -> None:
        """Raises IllegalMoveError unless ``move`` is legal here."""
    def play(self, move: _EnclosureMoveLike, /) -> EnclosurePosition:
        """The position after ``move``, checked."""
    def svg(
        self,
        *,
        size: int | None = None,
        coordinates: bool = True,
        legend: bool = True,
        last_move: _EnclosureMoveLike | None = None,
    ) -> str:
        """The position as an SVG document."""
    def _repr_svg_(self) -> str: ...
    def __copy__(self) -> EnclosurePosition: ...
    def __deepcopy__(self, memo: object, /) -> EnclosurePosition: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class EnclosureGame:
    """A card enclosure game with its moves and tags; mutable, safe to share between
    threads."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, first: _EnclosurePlayerLike | None = None) -> EnclosureGame: ...
    @staticmethod
    def seeded(seed: int) -> EnclosureGame:
        """A game with the first player drawn from ``seed``."""
    @staticmethod
    def from_position(position: EnclosurePosition) -> EnclosureGame:
        """A game from ``position``."""
    @staticmethod
    def from_record(text: str) -> EnclosureGame:
        """Reads a record text."""
    @property
    def start(self) -> EnclosurePosition:
        """The starting position."""
    @property
    def position(self) -> EnclosurePosition:
        """The current position."""
    @property
    def moves(self) -> list[EnclosureMove]:
        """The moves played."""
    def __len__(self) -> int: ...
    @property
    def turn(self) -> _EnclosurePlayer:
        """The player to move."""
    @property
    def legal_moves(self) -> list[EnclosureMove]:
        """The legal moves now."""
    def outcome(self) -> EnclosureOutcome | None:
        """How the game ended, or None while it goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    @deprecated("use Game.is_game_over()")
    def is_over(self) -> bool:
        """Deprecated alias of ``is_game_over``."""
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]:
        """The record's Result."""
    def push(self, move: _EnclosureMoveLike, /) -> EnclosureMove:
        """Plays ``move``, checked, and returns it."""
    @deprecated("use Game.push()")
    def play(self, move: _EnclosureMoveLike, /) -> None:
        """Deprecated alias of ``push`` that returns None."""
    def pop(self) -> EnclosureMove:
        """Takes back the last move and returns it."""
    @deprecated("use Game.pop()")
    def undo(self) -> EnclosureMove:
        """Deprecated alias of ``pop``."""
    def peek(self) -> EnclosureMove:
        """The last move played."""
    @property
    def tags(self) -> dict[str, str]:
        """The free-form tags."""
    def set_tag(self, name: str, value: str | None) -> None:
        """Sets or removes a free-form tag."""
    def svg(
        self,
        *,
        size: int | None = None,
        coordinates: bool = True,
        legend: bool = True,
        last_move: _EnclosureMoveLike | None = None,
    ) -> str:
        """The current position as an SVG document, the last move highlighted."""
    def _repr_svg_(self) -> str: ...
    def __copy__(self) -> EnclosureGame: ...
    def __deepcopy__(self, memo: object, /) -> EnclosureGame: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class EnclosureGreedyBot:
    """A greedy card-game bot; safe to share between threads."""

    def __new__(cls, seed: int | None = None) -> EnclosureGreedyBot: ...
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @property
    def name(self) -> str:
        """``'greedy'``."""
    def choose(self, position: EnclosurePosition | EnclosureGame) -> EnclosureMove | None:
        """The bot's move, or None when the game is over."""

# --- agents (wallrush-py/src/agents.rs): helpers of wallrush.agents and wallrush.openspiel
def num_actions(variant: Variant) -> int:
    """The number of action ids of ``variant``."""

def observation_shape(variant: Variant) -> tuple[int, int, int]:
    """``(planes, n, n)``."""

def observation_planes(variant: Variant) -> list[str]:
    """Names of the observation planes, in order."""

def random_playouts(
    games: int,
    variant: Variant,
    seed: int,
    max_plies: int | None,
    moves: bool,
    threads: int,
) -> list[tuple[int, int | None, str | None, list[str] | None]]:
    """Plays ``games`` random games without the GIL."""

def openspiel_supported(variant: Variant) -> bool:
    """Whether OpenSpiel's Quoridor plays ``variant``."""

def openspiel_num_distinct_actions(variant: Variant) -> int:
    """``(2n - 1)²``."""

def openspiel_encode(position: Position, move: _MoveLike) -> int | None:
    """OpenSpiel's id of a move in a position, or None."""

def openspiel_decode(position: Position, action: SupportsIndex) -> Move | None:
    """The move OpenSpiel's id names in a position, or None."""

def openspiel_legal_actions(position: Position) -> list[int]:
    """OpenSpiel's legal ids in a position, ascending."""

# --- end agents ------------------------------------------------------------------------

# --- records (wallrush-py/src/records.rs): the native half of wallrush.record ------------
__all__ += [
    "MAX_RECORD_BYTES",
    "MAX_RECORD_NODES",
    "MAX_VARIATION_DEPTH",
    "_RecordSplitter",
    "__version__",
    "record_from_chunk",
    "scan_chunk",
    "write_records",
]

MAX_RECORD_BYTES: int
MAX_RECORD_NODES: int
MAX_VARIATION_DEPTH: int

@final
class _RecordSplitter:
    def __new__(cls) -> _RecordSplitter: ...
    def starts_record(self, line: str) -> bool:
        """Whether ``line`` begins a new record."""
    def ended(self) -> bool:
        """Whether the record taken so far ended with its result token."""

def record_from_chunk(text: str, notation: _NotationLike | None, first_line: SupportsIndex) -> Record:
    """Reads one record that begins on line ``first_line`` of a larger text."""

def write_records(records: list[Record]) -> str:
    """The records' text, each with its result token."""

def scan_chunk(text: str, first_line: SupportsIndex) -> tuple[list[tuple[str, str]], list[str], str | None]:
    """The tags, main-line action texts and result token of one record, read for syntax."""
