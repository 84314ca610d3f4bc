"""`wallrush verify` against the two pure-Python Quoridor packages on PyPI, through the
adapters in adapters/ (docs/VERIFY.md, "Runs against peers").

scripts/test-python.sh installs ``python-quoridor`` and ``pyquoridor`` into the venv when
it can (wheels only; ``WALLRUSH_NO_PEERS=1`` skips that). Each test is skipped, saying
why, when its package is not importable or the ``wallrush`` binary has not been built
(``cargo build -p wallrush-cli``; ``WALLRUSH_BIN`` names another one).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

REPO = Path(__file__).resolve().parents[2]


def wallrush_bin() -> Path:
    """The CLI binary, or a skip saying where it was looked for."""
    named = os.environ.get("WALLRUSH_BIN")
    target = Path(os.environ.get("CARGO_TARGET_DIR", str(REPO / "target")))
    candidates = [Path(named)] if named else [target / "debug" / "wallrush", target / "release" / "wallrush"]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    # Skipped, not failed, when run alone before any build: under the test command
    # (scripts/test.sh) `cargo test` has built target/debug/wallrush first, so this runs.
    pytest.skip(f"no wallrush binary at {', '.join(map(str, candidates))}: cargo build -p wallrush-cli")


def need(module: str, package: str) -> None:
    if importlib.util.find_spec(module) is None:
        # Skipped where PyPI has no wheel of the peer for this Python (it is a third
        # party's package, not ours); scripts/test-python.sh installs it when it can,
        # and `pip install {package}` then `pytest tests/test_verify_peers.py` runs it.
        pytest.skip(f"{package} is not installed (module {module!r}): pip install {package}")


def verify(adapter: str, extra: List[str]) -> subprocess.CompletedProcess[str]:
    engine = f"{sys.executable} {REPO / 'adapters' / adapter}"
    cmd = [str(wallrush_bin()), "verify", "--engine", engine, "--variant", "size=9", "--seed", "1", "--time", "30000", "--no-database"]
    return subprocess.run(cmd + extra, capture_output=True, text=True, timeout=600)


def test_pyquoridor_agrees() -> None:
    need("pyquoridor", "pyquoridor")
    out = verify("pyquoridor_adapter.py", ["--games", "2", "--max-plies", "30"])
    assert out.returncode == 0, out.stdout
    summary = out.stdout.splitlines()[-1]
    assert summary.startswith("summary: 2 games, 60 plies, ") and " 0 disagreements, " in summary, summary


# Seventeen plies after which pyquoridor 0.0.5 lists c5v, a wall that leaves South
# without a route (docs/VERIFY.md): South left c4 while the jump links it had there,
# past North on d4 with the fence d3v behind it, stayed behind on c4, and c3v and c5v were
# placed while pawns stood where pyquoridor keeps such links.
C5V_GAME = "d1 e8 c1 e7 c2 e6 c3 e5 c4 d5 d3v d4 c5 c3v c1v a6h c6h".split()


def test_pyquoridor_lists_a_wall_that_leaves_south_without_a_route(tmp_path: Path) -> None:
    need("pyquoridor", "pyquoridor")
    script = tmp_path / "c5v.txt"
    plays = [f"play {m}" for m in C5V_GAME + ["c5v"]]
    script.write_text("\n".join(["new size=9 players=2 walls=10 wall_length=2 goal=edge"] + plays) + "\n")
    out = verify("pyquoridor_adapter.py", ["--replay", str(script)])
    assert out.returncode == 1, out.stdout
    lines = out.stdout.splitlines()
    assert lines[0].startswith("disagreement 1 (legal) in the script, found after 17 plies"), out.stdout
    assert "  engine:   114 moves; only here: c5v" in lines, out.stdout
    assert "  disputed: c5v: wallrush refuses it, no_route (c5v leaves south without a route)" in lines, out.stdout


def test_python_quoridor_undo_bug_is_found_and_shrunk() -> None:
    # python-quoridor 0.1.2's undo_move puts a pawn back on its start square
    # (docs/VERIFY.md): three plies and one undo show it.
    need("quoridor", "python-quoridor")
    out = verify("python_quoridor_adapter.py", ["--games", "4", "--max-plies", "40", "--fail-fast"])
    assert out.returncode == 1, out.stdout
    lines = out.stdout.splitlines()
    assert lines[0].startswith("disagreement 1 (legal) in game 1, found after 18 plies"), out.stdout
    assert "  moves:    d1 e8 c1" in lines, out.stdout
    assert "  engine:   131 moves; only here: d1 e2 f1" in lines, out.stdout
    script = lines[lines.index("  script (wallrush verify --replay FILE runs it again):") + 1 :]
    assert [line.strip() for line in script[:6]] == [
        "new size=9 players=2 walls=10 wall_length=2 goal=edge",
        "play d1",
        "play e8",
        "play c1",
        "undo",
        "legal",
    ], out.stdout
    assert " 1 disagreements, " in lines[-1], lines[-1]
