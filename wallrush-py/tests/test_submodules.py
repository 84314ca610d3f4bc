"""The submodules wallrush.svg, wallrush.wallgo and wallrush.enclosure, and the new
top-level names: docstrings everywhere, classes named for where they live (so pickling
by reference works), and the native classes re-exported, not copied."""

from __future__ import annotations

import inspect
import pickle
import types
from typing import List

import pytest

import wallrush
from wallrush import _wallrush, enclosure, svg, wallgo

MODULES = [svg, wallgo, enclosure]
NEW_TOP_LEVEL = ["Analysis", "Beginner", "Engine", "MoveEffect", "RandomMover", "SearchResult", "Strong"]


def missing_docs(owner: object, names: List[str], prefix: str) -> List[str]:
    missing = []
    for name in names:
        value = getattr(owner, name)
        if not (getattr(value, "__doc__", None) or "").strip():
            missing.append(f"{prefix}{name}")
        if not inspect.isclass(value):
            continue
        for attr, raw in vars(value).items():
            if attr.startswith("_") or isinstance(raw, value):
                continue  # private, or a constant of the class (enum members)
            if not (getattr(value, attr).__doc__ or "").strip():
                missing.append(f"{prefix}{name}.{attr}")
    return missing


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_name_has_a_docstring(module: types.ModuleType) -> None:
    assert (module.__doc__ or "").strip()
    assert missing_docs(module, list(module.__all__), f"{module.__name__}.") == []


def test_new_top_level_names_are_documented_and_exported() -> None:
    assert set(NEW_TOP_LEVEL) <= set(wallrush.__all__)
    assert missing_docs(wallrush, NEW_TOP_LEVEL, "wallrush.") == []
    for name in NEW_TOP_LEVEL:
        assert getattr(wallrush, name).__module__ == "wallrush"


@pytest.mark.parametrize("module", [wallgo, enclosure], ids=lambda m: m.__name__)
def test_classes_live_where_they_are_exported(module: types.ModuleType) -> None:
    prefix = "WallGo" if module is wallgo else "Enclosure"
    for name in module.__all__:
        value = getattr(module, name)
        if not inspect.isclass(value) or name == "Side":
            continue
        assert value.__module__ == module.__name__ and value.__qualname__ == name, name
        native = {"Enclosure": "Region"}.get(name, name) if module is enclosure else name
        if name != "Player":
            assert getattr(_wallrush, prefix + native) is value
        # Pickled by reference through the module that exports it.
        assert pickle.loads(pickle.dumps(value)) is value


def test_submodules_come_with_the_package() -> None:
    assert wallrush.svg is svg and wallrush.wallgo is wallgo and wallrush.enclosure is enclosure
    assert wallgo.Side is enclosure.Side
    for player in [*wallgo.Player, *enclosure.Player]:
        assert pickle.loads(pickle.dumps(player)) is player
