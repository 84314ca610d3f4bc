"""No Rust panic reaches Python: random setups, random play and every query with odd
arguments raise only the package's exceptions, TypeError or IndexError (never OverflowError)."""

from __future__ import annotations

import random
from typing import Any, Callable, List

import wallrush
from wallrush import Move, Position, Seat, Square, Variant, Wall

ALLOWED = (ValueError, TypeError, IndexError)


def call(f: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Calls f; a refusal is fine, anything else (PanicException is a BaseException)
    fails the test."""
    try:
        return f(*args, **kwargs)
    except ALLOWED:
        return None


def random_variant(rng: random.Random) -> Variant:
    size = rng.choice([3, 5, 7, 9, 11, 13, 27])
    return Variant(
        size=size,
        players=rng.choice([2, 4]),
        walls=rng.choice([0, 1, 3, 10]),
        wall_length=rng.randint(2, min(size - 1, 4)),
        goal=rng.choice(["edge", "centre"]),
    )


def random_square(rng: random.Random, n: int) -> Square:
    return Square.from_coords(rng.randint(0, min(30, n + 1)), rng.randint(0, min(30, n + 1)))


def random_wall(rng: random.Random, n: int) -> Wall:
    return Wall.from_anchor(random_square(rng, n), rng.choice("hv"))


def poke(pos: Position, rng: random.Random) -> None:
    """Every query, with arguments on and off the board."""
    n = pos.variant.size
    for seat in list(Seat) + [0, 3, "east"]:
        call(pos.route_len, seat)
        call(pos.route, seat)
        call(pos.pawn, seat)
        call(pos.walls_left, seat)
        call(pos.is_goal, seat, random_square(rng, n))
    pos.route_lens()
    for _ in range(4):
        sq, w = random_square(rng, n), random_wall(rng, n)
        call(pos.preview_wall, w)
        call(pos.pawn_move_kind, sq)
        call(pos.is_open, sq, random_square(rng, n))
        call(pos.is_legal, Move(sq))
        call(pos.check, Move(w))
        call(pos.play, w)
        call(pos.play_unchecked, Move(sq))
        call(pos.svg, last_move=w, last_move_from=sq, candidate_wall=w, routes=True, legal_moves=True)
    call(pos.resign, rng.choice(list(Seat)))
    assert eval(repr(pos), vars(wallrush)) == pos
    str(pos)


def test_random_setups_and_play() -> None:
    rng = random.Random(2024)
    built = 0
    for _ in range(150):
        v = random_variant(rng)
        n = v.size
        pawns = {
            s: Square.from_coords(rng.randrange(n), rng.randrange(n))
            if rng.random() < 0.95
            else random_square(rng, n)
            for s in v.seats
            if rng.random() < 0.95
        }
        walls: List[Wall] = [random_wall(rng, n) for _ in range(rng.randint(0, min(3, v.walls)))]
        # Mostly consistent wall counts (South placed them all), sometimes not.
        left = {s: v.walls for s in v.seats}
        left[Seat.SOUTH] = v.walls - len(walls) if rng.random() < 0.9 else rng.randint(-1, 100)
        pos = call(
            Position.from_setup,
            v,
            pawns=pawns,
            walls=walls,
            walls_left=left,
            turn=rng.choice(list(Seat)),
            passes=rng.choice([0, 0, 0, 1, 2]),
        )
        if pos is None:
            pos = Position(v)
        else:
            built += 1
        for _ in range(rng.randint(0, 25)):
            poke(pos, rng) if rng.random() < 0.2 else None
            moves = list(pos.legal_moves)
            if not moves:
                break
            pos = pos.play_unchecked(rng.choice(moves))
        poke(pos, rng)
        assert call(pos.perft, 2) is not None
    assert built >= 10, built


def test_random_game_operations() -> None:
    rng = random.Random(99)
    for _ in range(20):
        v = random_variant(rng)
        game = wallrush.Game(v, draw=wallrush.DrawOptions(repetition=rng.choice([None, 0, 1, 2, 3]),
                                                          ply_limit=rng.choice([None, 0, 5, 40])))
        for _ in range(40):
            op = rng.random()
            if op < 0.6:
                moves = list(game.legal_moves)
                if moves:
                    call(game.push, rng.choice(moves))
                else:
                    call(game.push, "pass")
            elif op < 0.7:
                call(game.pop)
            elif op < 0.75:
                call(game.redo)
            elif op < 0.8:
                call(game.resign, rng.choice(list(Seat)))
            elif op < 0.85:
                game.draw = rng.choice([None, wallrush.DrawOptions.PAWN_PATH_GAME])
            else:
                n = rng.choice(list(wallrush.Notation))
                text = str(game.record(n))
                assert wallrush.Game.from_record(text) == game
                call(game.action_text, rng.randint(0, len(game) + 1), n)
                call(game.position_at, rng.randint(-len(game) - 2, len(game) + 2))
        game.moves_text("wallrush")
        assert eval(repr(game), vars(wallrush)) == game
