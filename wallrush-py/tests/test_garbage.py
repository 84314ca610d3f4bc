"""Garbage text given to every parser raises the right exception class, never anything
else (no PanicException, no other ValueError, no crash)."""

from __future__ import annotations

import random
from typing import Callable, List

import pytest

from wallrush import (
    DrawOptions,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Move,
    Outcome,
    Position,
    Record,
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
    lambda s: CLASSIC.parse_move(s, "wallrush"),
    lambda s: CLASSIC.parse_move(s, "pallwall"),
    lambda s: CLASSIC.play(s, notation="wallrush"),
    lambda s: CLASSIC.convert_move(s, "pallwall", "wallrush"),
    lambda s: CLASSIC.play("e2", notation=s),  # notation names
    lambda s: Game().push(s, notation="wallrush"),  # resign(...) text too
    lambda s: Game().push(s),
    DrawOptions.from_text,
    Outcome.from_text,
]

# Parsers of whole texts: every family may answer, but nothing else.
TEXT_PARSERS: List[Callable[[str], object]] = [
    Position.from_text,
    Variant.from_text,
    Record.from_text,
    lambda s: Record.from_text(s, "wallrush"),
    lambda s: Game().play_moves_text(s, "pallwall"),
    lambda s: Record.convert(s, "standard", "wallrush"),
]

FAMILIES = (InvalidTextError, IllegalMoveError, InvalidVariantError, InvalidPositionError)


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


def text_garbage(seed: int) -> List[str]:
    rng = random.Random(seed)
    good = [
        CLASSIC.play("e2").play("d4h").to_text(),
        str(Variant.four_player()),
        str(Game().record()),
        '[Notation "wallrush"]\n[South "Ann"]\n\n1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4 5. H-d4\n',
        "1. e2 e8 2. e3 e7",
    ]
    out = garbage(100, seed) + ["[", "[]", '[A "', '[Variant "size=9"]', "\ufeff1. e2", "1...", "0. e2"]
    for _ in range(300):
        s = list(rng.choice(good))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(s) + 1)
            op = rng.randrange(3)
            if op == 0:
                s.insert(i, rng.choice(ALPHABET + '[]"'))
            elif op == 1 and i < len(s):
                del s[i]
            elif i < len(s):
                s[i] = rng.choice(ALPHABET + '[]"')
        out.append("".join(s))
    return out


@pytest.mark.parametrize("parse", TEXT_PARSERS)
def test_garbage_texts_raise_a_family(parse: Callable[[str], object]) -> None:
    refused = 0
    for text in text_garbage(seed=13):
        try:
            parse(text)
        except FAMILIES as err:
            refused += 1
            if isinstance(err, InvalidTextError):
                assert 0 <= err.index <= len(err.text.encode("utf-8"))
        # Anything else (TypeError, PanicException, ...) fails the test.
    assert refused > 50
