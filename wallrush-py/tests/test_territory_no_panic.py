"""The territory games never let a Rust panic reach Python: garbage and mutated text to
every parser, and random play with odd arguments, raise only the package's exceptions
(or TypeError / IndexError for wrong argument types and empty histories)."""

from __future__ import annotations

import random
from typing import Any, Callable, List

import pytest

from wallrush import (
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Square,
    enclosure,
    wallgo,
)

TEXT_ERRORS = (InvalidTextError, IllegalMoveError, InvalidPositionError, InvalidVariantError)
ALLOWED = (ValueError, TypeError, IndexError)
ALPHABET = "abcdefghxnesw@:-,/; 0123456789RBYGABCDEFX[]\"\n\té😀\x00"


def mutations(good: List[str], n: int, seed: int) -> List[str]:
    """Garbage, and good texts with characters inserted, deleted or replaced."""
    rng = random.Random(seed)
    out = ["", " ", "\x00", "é", "😀", "a" * 500, "[", "[Players \"2\"]", "x:", "@", "-"]
    for _ in range(n):
        out.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 14))))
    for _ in range(n):
        s = list(rng.choice(good))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(s) + 1)
            op = rng.randrange(3)
            if op == 0:
                s.insert(i, rng.choice(ALPHABET))
            elif i < len(s):
                if op == 1:
                    del s[i]
                else:
                    s[i] = rng.choice(ALPHABET)
        out.append("".join(s))
    return out


def call(f: Callable[..., Any], *args: Any) -> Any:
    """Calls f; a refusal is fine, anything else (PanicException is a BaseException)
    fails the test."""
    try:
        return f(*args)
    except ALLOWED:
        return None


def wallgo_texts() -> List[str]:
    game = wallgo.Game(3)
    bot = wallgo.GreedyBot(2)
    for _ in range(12):
        m = bot.choose(game)
        assert m is not None
        game.push(m)
    return ["b2-c3n", "b2n", "x:d4e", "@b2", "c3n", game.position.to_text(), str(game)]


def enclosure_texts() -> List[str]:
    game = enclosure.Game.seeded(4)
    bot = enclosure.GreedyBot(4)
    for _ in range(9):
        m = bot.choose(game)
        assert m is not None
        game.push(m)
    return ["C4n b2-b3", "C4n -", "C4x", "c4n", "ABCDEF123456", game.position.to_text(), str(game)]


@pytest.mark.parametrize(
    "parser",
    [
        wallgo.Move,
        wallgo.Wall,
        wallgo.Position.from_text,
        wallgo.Game.from_record,
        wallgo.Position().play,
        wallgo.Position(4).is_legal,
    ],
)
def test_wallgo_parsers_refuse_garbage(parser: Callable[[str], object]) -> None:
    for text in mutations(wallgo_texts(), 150, 1):
        try:
            parser(text)
        except TEXT_ERRORS:
            pass


@pytest.mark.parametrize(
    "parser",
    [
        enclosure.Move,
        enclosure.Groove,
        enclosure.Cards,
        enclosure.Position.from_text,
        enclosure.Game.from_record,
        enclosure.Position().play,
        enclosure.Position().check,
    ],
)
def test_enclosure_parsers_refuse_garbage(parser: Callable[[str], object]) -> None:
    for text in mutations(enclosure_texts(), 150, 2):
        try:
            parser(text)
        except TEXT_ERRORS:
            pass


def random_square(rng: random.Random) -> Square:
    return Square.from_coords(rng.randint(0, 9), rng.randint(0, 9))


SIDES = ["n", "e", "s", "w", "north", "q", 3]


def test_random_wallgo_play_with_odd_arguments() -> None:
    rng = random.Random(7)
    for players in (2, 3, 4):
        game = wallgo.Game(players)
        for _ in range(150):
            pos = game.position
            sq, other = random_square(rng), random_square(rng)
            for f in (pos.piece_at, pos.region_of, pos.is_active, pos.destinations):
                call(f, sq)
            for p in (0, 3, 4, -1, "red", "G", "x", None):
                call(pos.pieces, p)
                call(pos.can_act, p)
                call(pos.break_used, p)
            call(pos.is_open, sq, other)
            side: Any = rng.choice(SIDES)
            for candidate in (
                lambda: wallgo.Move.step(sq, other, side),
                lambda: wallgo.Move.place(sq),
                lambda: wallgo.Move.wall_break(wallgo.Wall.of(sq, side)),
            ):
                m = call(candidate)
                if m is not None:
                    call(pos.check, m)
                    assert call(pos.is_legal, m) in (True, False)
            legal = pos.legal_moves
            if not legal or rng.random() < 0.1:
                call(game.pop)
                continue
            game.push(rng.choice(legal))
        text = str(game)
        assert wallgo.Game.from_record(text) == game
        call(pos.timeout_action, rng.randint(-1, 5))


def test_random_enclosure_play_with_odd_arguments() -> None:
    rng = random.Random(8)
    game = enclosure.Game.seeded(8)
    for _ in range(300):
        pos = game.position
        sq, other = random_square(rng), random_square(rng)
        for f in (pos.piece_at, pos.is_active, pos.enclosure_at, pos.legal_sides, pos.cards.can_target):
            call(f, sq)
        for p in (1, 2, 0, 3, "1", "x", None):
            call(pos.pieces, p)
            call(pos.score, p)
        call(pos.is_open, sq, other)
        side: Any = rng.choice(SIDES)
        call(pos.legal_steps, sq, side)
        groove = call(enclosure.Groove.of, sq, side)
        if groove is not None:
            call(pos.check_wall, groove)
            assert pos.is_buildable(groove) in (True, False)
        for candidate in (
            lambda: enclosure.Move.build(sq, side, (other, sq)),
            lambda: enclosure.Move.build(sq, side),
            lambda: enclosure.Move.discard(sq),
        ):
            m = call(candidate)
            if m is not None:
                call(pos.check, m)
        legal = pos.legal_moves
        if not legal:
            assert game.is_game_over()
            game = enclosure.Game.seeded(rng.randint(0, 1000))
            continue
        if rng.random() < 0.1:
            call(game.pop)
        else:
            game.push(rng.choice(legal))
        if rng.random() < 0.05:
            assert enclosure.Game.from_record(str(game)) == game
