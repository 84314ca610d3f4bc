"""Garbage text given to every parser raises the right exception class, never anything
else (no PanicException, no other ValueError, no crash)."""

from __future__ import annotations

import random
from typing import Callable, List

import pytest

from wallrush import (
    InvalidTextError,
    InvalidVariantError,
    Move,
    Position,
    Seat,
    Square,
    Variant,
    Wall,
)

ALPHABET = "abcdehrvxyzACHJVX0123456789-#.+ =\t\n/é€😀\x00"
CLASSIC = Position()


def garbage(n: int, seed: int) -> List[str]:
    rng = random.Random(seed)
    out = ["", " ", "e", "e0", "e32", "r0c1", "rc", "r1c", "r1c32", "a99h", "pass ", "PASS",
           "resign", "e2e4", "d4hv", "-", "\x00", "é", "😀", "e" * 1000, "1" * 64, "r99c99",
           "z26", "a-1", "d4h#", "H-d4", "Je6", "Xd5"]
    for _ in range(n):
        k = rng.randint(1, 12)
        out.append("".join(rng.choice(ALPHABET) for _ in range(k)))
    # Mutations of good moves: insertions, deletions, replacements.
    good = ["e2", "d4h", "r12c3v", "pass", "a1"]
    for _ in range(n):
        s = list(rng.choice(good))
        i = rng.randrange(len(s) + 1)
        op = rng.randrange(3)
        if op == 0:
            s.insert(i, rng.choice(ALPHABET))
        elif op == 1 and i < len(s):
            del s[i]
        elif i < len(s):
            s[i] = rng.choice(ALPHABET)
        out.append("".join(s))
    return out


PARSERS: List[Callable[[str], object]] = [
    Square,
    Wall,
    Move,
    Seat.from_name,
    CLASSIC.play,
    CLASSIC.is_legal,
    CLASSIC.check,
    CLASSIC.route_len,  # seat names
    CLASSIC.preview_wall,
    CLASSIC.pawn_move_kind,
    lambda s: Wall.from_anchor("d4", s),
    lambda s: Position.from_setup(Variant(), pawns={"south": s, "north": "e9"}),
    lambda s: Position.from_setup(Variant(), pawns={s: "e1"}),
]


@pytest.mark.parametrize("parse", PARSERS)
def test_garbage_raises_invalid_text(parse: Callable[[str], object]) -> None:
    accepted = 0
    for text in garbage(300, seed=5):
        try:
            parse(text)
        except InvalidTextError as err:
            assert err.text == text or err.text in text
            assert 0 <= err.index <= len(err.text.encode("utf-8"))
        except ValueError as err:
            # Well-formed text may still be refused by the rules, with its own class.
            assert type(err).__name__ in {"IllegalMoveError", "InvalidPositionError"}, repr(err)
        else:
            accepted += 1
    assert accepted < 300  # most garbage is refused


def test_garbage_goal_is_an_invalid_variant() -> None:
    for text in garbage(100, seed=9):
        if text in ("edge", "centre", "center"):
            continue
        with pytest.raises(InvalidVariantError):
            Variant(goal=text)


def test_legal_moves_membership_never_raises() -> None:
    moves = CLASSIC.legal_moves
    legal = set(moves)
    for text in garbage(300, seed=11):
        try:
            move = Move(text)
        except InvalidTextError:
            assert text not in moves
        else:
            assert (text in moves) == (move in legal)
