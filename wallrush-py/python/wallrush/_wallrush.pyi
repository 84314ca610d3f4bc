"""Type stubs of the native module ``wallrush._wallrush`` (import ``wallrush`` instead)."""

from collections.abc import Iterable, Iterator, Mapping
from typing import ClassVar, Literal, TypeVar, Union, final

from wallrush._enums import Orientation, Seat

__all__ = ["LegalMoves", "Move", "Outcome", "Position", "Square", "Variant", "Wall"]

_SeatLike = Seat | int | str
_SquareLike = Square | str
_WallLike = Wall | str
_MoveLike = Move | Square | Wall | str
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
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves."""
    @property
    def pawn_moves(self) -> LegalMoves:
        """The mover's legal pawn moves."""
    def is_legal(self, move: _MoveLike, /) -> bool:
        """Whether ``move`` is legal here."""
    def check(self, move: _MoveLike, /) -> None:
        """Raises IllegalMoveError unless ``move`` is legal here."""
    def play(self, move: _MoveLike, /) -> Position:
        """The position after ``move``, checked."""
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
    def perft(self, depth: int) -> int:
        """The number of positions exactly ``depth`` plies ahead."""
    def divide(self, depth: int) -> dict[Move, int]:
        """Perft split by the first move."""
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
    ) -> str:
        """The position drawn as an SVG document."""
    def _repr_svg_(self) -> str: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object, /) -> Position: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
