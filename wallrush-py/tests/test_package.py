"""The package surface: stubs checked by mypy.stubtest, a docstring on every public name,
the private native module, the typed marker."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import wallrush


def test_stubtest_clean() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "wallrush"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout


def test_typed_marker_and_stubs_installed() -> None:
    root = Path(wallrush.__file__).parent
    assert (root / "py.typed").is_file()
    assert (root / "_wallrush.pyi").is_file()


def test_native_module_is_private() -> None:
    from wallrush import _wallrush

    assert _wallrush.Position is wallrush.Position
    for name in wallrush.__all__:
        assert not name.startswith("_")
        assert getattr(wallrush, name).__module__ == "wallrush"


def test_every_public_name_has_a_docstring() -> None:
    assert (wallrush.__doc__ or "").strip()
    missing = []
    for name in wallrush.__all__:
        cls = getattr(wallrush, name)
        if not (cls.__doc__ or "").strip():
            missing.append(name)
        for attr, raw in vars(cls).items():
            if attr.startswith("_") or isinstance(raw, cls):
                continue  # private, or a constant of the class (enum members, Move.PASS)
            doc = getattr(cls, attr).__doc__
            if not (doc or "").strip():
                missing.append(f"{name}.{attr}")
    assert missing == []


def test_enum_members_are_documented_in_the_class_docstring() -> None:
    for cls in (wallrush.Seat, wallrush.Orientation):
        for member in cls:
            assert member.name.lower() in (cls.__doc__ or "").lower() or cls is wallrush.Orientation


def test_version_matches_the_crate() -> None:
    cargo = (Path(__file__).resolve().parents[2] / "Cargo.toml").read_text(encoding="utf-8")
    assert f'version = "{wallrush.__version__}"' in cargo


def test_the_native_module_imports_no_module_of_the_package() -> None:
    # Once `wallrush` is imported, the native module builds seats, sides, players,
    # exceptions and header views without importing any module of the package: a
    # finder that refuses every further `wallrush.*` import changes nothing.
    code = """
import sys
import wallrush
from wallrush import _wallrush

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.startswith("wallrush."):
            raise ImportError(f"the native module imported {name}")
        return None

sys.meta_path.insert(0, Refuse())
for name in [m for m in sys.modules if m.startswith("wallrush.") and m not in ("wallrush._wallrush", "wallrush._classes")]:
    del sys.modules[name]
assert _wallrush.Position().turn is wallrush.Seat.SOUTH
assert str(_wallrush.WallGoPosition().turn) == "red" and str(_wallrush.EnclosurePosition(1).turn) == "1"
assert str(_wallrush.WallGoWall("c3n").side_of("c3")) == "n"
assert dict(_wallrush.Record().headers)["Result"] == "*"
try:
    _wallrush.Position().play("e5")
except wallrush.IllegalMoveError as err:
    assert err.kind == "illegal_pawn_move"
print("ok")
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout + run.stderr
