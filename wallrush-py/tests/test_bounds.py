"""What the package reads is bounded: an endless iterable or mapping given to
``Position.from_setup`` is refused after a bounded number of items, never read until
memory runs out."""

from __future__ import annotations

import itertools
from typing import Any, Iterator, List, Tuple

import pytest

from wallrush import InvalidPositionError, Position, Variant, Wall

PAWNS = {"south": "e1", "north": "e9"}


class Counted:
    """An endless iterable that counts the items taken from it."""

    def __init__(self, item: Any) -> None:
        self.item = item
        self.taken = 0

    def __iter__(self) -> Iterator[Any]:
        while True:
            self.taken += 1
            yield self.item


@pytest.mark.parametrize(
    "variant, most",
    [(Variant(), 20), (Variant.four_player(), 20), (Variant(size=31, players=4, walls=99), 396), (Variant(walls=0), 0)],
    ids=str,
)
def test_an_endless_wall_iterable_is_refused_after_the_most_walls_a_position_holds(variant: Variant, most: int) -> None:
    walls = Counted("d4h")
    pawns = {s: variant.start(s) for s in variant.seats}
    with pytest.raises(InvalidPositionError, match=f"^more than {most} walls: the seats of this variant hold {most} in all$"):
        Position.from_setup(variant, pawns, walls=walls)
    assert walls.taken == most + 1
    mixed: List[Wall | str] = [Wall("d4h"), "a1v"]
    for endless in (itertools.repeat("d4h"), itertools.cycle(mixed)):
        with pytest.raises(InvalidPositionError, match="^more than"):
            Position.from_setup(variant, pawns, walls=endless)


def test_a_wall_list_at_the_bound_is_read_whole() -> None:
    # 20 walls is what two seats hold: the position's own check judges them.
    walls = [f"{f}{r}h" for f in "aceg" for r in (2, 4, 6, 8)] + ["a1v", "a3v", "a5v", "a7v"]
    pos = Position.from_setup(Variant(), PAWNS, walls=iter(walls), walls_left={0: 0, 2: 0})
    assert len(pos.walls) == 20 and pos.route_len("south") == 12
    with pytest.raises(InvalidPositionError, match="^more than 20 walls"):
        Position.from_setup(Variant(), PAWNS, walls=walls + ["h9v"], walls_left={0: 0, 2: 0})


class EndlessMapping:
    """A mapping whose items never end."""

    def __init__(self, items: List[Tuple[Any, Any]]) -> None:
        self.items_given = items
        self.taken = 0

    def items(self) -> Iterator[Tuple[Any, Any]]:
        for item in itertools.cycle(self.items_given):
            self.taken += 1
            yield item


@pytest.mark.parametrize("argument", ["pawns", "walls_left"])
def test_an_endless_mapping_is_refused_after_one_entry_per_seat(argument: str) -> None:
    pawns: Any = PAWNS
    walls_left: Any = None
    if argument == "pawns":
        mapping = pawns = EndlessMapping([("south", "e1"), ("north", "e9")])
    else:
        mapping = walls_left = EndlessMapping([("south", 10), ("north", 10)])
    with pytest.raises(InvalidPositionError, match=f"^{argument} has more than 4 entries: one per seat at most$"):
        Position.from_setup(Variant(), pawns, walls_left=walls_left)
    assert mapping.taken == 5
