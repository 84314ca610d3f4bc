"""Type stubs of the native module ``wallrush._wallrush`` (import ``wallrush`` instead)."""

from array import array
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, Literal, SupportsIndex, TypeVar, Union, final, overload

from wallrush._enums import Notation, Orientation, Seat

__all__ = [
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
    def is_legal(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> bool:
        """Whether ``move`` is legal here."""
    def check(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> None:
        """Raises IllegalMoveError unless ``move`` is legal here."""
    def play(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> Position:
        """The position after ``move``, checked."""
    def parse_move(self, text: str, notation: _NotationLike | None = None) -> Move:
        """Reads ``text`` in ``notation`` as a legal move here."""
    def write_move(self, move: _MoveLike, /, notation: _NotationLike | None = None) -> str:
        """How ``notation`` writes ``move``, a legal move here."""
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
    # --- agents (wallrush-py/src/agents.rs): action ids, masks, observations ------------
    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending."""
    @overload
    def legal_action_mask(self, *, numpy: Literal[False]) -> list[bool]: ...
    @overload
    def legal_action_mask(self, *, numpy: bool | None = None) -> Any:
        """One flag per action id: a NumPy bool array, or a list of bools."""
    @overload
    def observation(self, *, numpy: Literal[False]) -> array[float]: ...
    @overload
    def observation(self, *, numpy: bool | None = None) -> Any:
        """The position as planes: a NumPy float32 array (planes, n, n), or a flat
        ``array.array('f')``."""
    def play_action(self, action: SupportsIndex, /) -> Position:
        """The position after the move with action id ``action``."""
    # --- end agents --------------------------------------------------------------------
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object, /) -> Position: ...
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

@final
class Game:
    """A game: a start, the actions played from it, and the draw rules; mutable."""

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
        """The position after the first ``i`` actions."""
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
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
    def is_over(self) -> bool:
        """Whether the game is over (the draw rules included)."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves now."""
    def is_legal(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> bool:
        """Whether ``move`` is legal now."""
    def check(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> None:
        """Raises IllegalMoveError unless ``move`` is allowed now."""
    def play(self, move: _MoveLike | Resignation, /, notation: _NotationLike | None = None) -> None:
        """Plays a move or resignation."""
    def play_unchecked(self, move: Move, /) -> None:
        """Plays ``move``, a Move object: the fast form."""
    def resign(self, seat: _SeatLike | None = None) -> None:
        """``seat`` (the seat to move when None) resigns."""
    def undo(self) -> _Action:
        """Takes back the last action and returns it."""
    def redo(self) -> _Action:
        """Replays the last action taken back and returns it."""
    @property
    def redo_actions(self) -> list[_Action]:
        """The actions ``redo`` would replay, next first."""
    def action_text(self, i: int, notation: _NotationLike | None = None) -> str:
        """How ``notation`` writes action ``i``."""
    def moves_text(self, notation: _NotationLike | None = None) -> str:
        """The numbered move list in ``notation``."""
    def play_moves_text(self, text: str, notation: _NotationLike | None = None) -> None:
        """Plays a move list written in ``notation``."""
    def record(self, notation: _NotationLike | None = None) -> Record:
        """The game as a record in ``notation``."""
    # --- agents (wallrush-py/src/agents.rs): action ids ---------------------------------
    def legal_actions(self) -> list[int]:
        """The legal action ids now, ascending."""
    def play_action(self, action: SupportsIndex, /) -> None:
        """Plays the move with action id ``action``."""
    # --- end agents --------------------------------------------------------------------
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object, /) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class Record:
    """A game record: the game, its notation, player names and other tags."""

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
    def set_tag(self, name: str, value: str | None) -> None:
        """Sets (or removes) another tag."""
    def __copy__(self) -> Record: ...
    def __deepcopy__(self, memo: object, /) -> Record: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

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
