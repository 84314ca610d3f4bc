"""wallrush.distributed on a local Ray instance (two CPUs, one for the module): the
distributed perft against the local one, a perft killed and resumed from its
checkpoint, a match against the arena's own run on the same seeds, self-play rows read
back from Parquet. Skipped, saying why, when the ``ray`` extra is not installed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

import wallrush
from wallrush import ArenaMatch, Position, Variant

ray = pytest.importorskip("ray", reason="the ray extra is not installed: pip install 'wallrush[ray]'")
pytest.importorskip("pyarrow", reason="the ray extra is not installed: pip install 'wallrush[ray]'")

from wallrush import distributed  # noqa: E402  (after the skip: it needs Ray)

REPO = Path(__file__).resolve().parents[2]
FOUR_SEATS = Variant.from_text("size=5 players=4 walls=4 wall_length=2 goal=edge")

# Ray and its data library warn about their own settings (and modules they import);
# none of those warnings is the library's.
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.filterwarnings("ignore::FutureWarning")]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """One local Ray instance of two CPUs for the module's tests."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_perft_equals_the_local_perft_on_the_classic_board() -> None:
    pos = Position()
    result = distributed.perft(pos, 4, split=1, progress=False)
    assert result.total == pos.perft(4) == 247_569_030
    assert result.divide == pos.divide(4)
    assert list(result.divide) == list(pos.legal_moves)
    assert (result.tasks, result.resumed) == (131, 0)


def test_perft_equals_the_local_perft_on_a_four_seat_board() -> None:
    pos = Position(FOUR_SEATS).play("c2")  # West to move: the split passes all four seats
    for split in (1, 2):
        result = distributed.perft(pos, 4, split=split, progress=False)
        assert result.total == pos.perft(4)
        assert result.divide == pos.divide(4)


def test_a_checkpoint_of_another_perft_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "perft.sqlite"
    pos = Position(FOUR_SEATS)
    first = distributed.perft(pos, 3, split=1, checkpoint=path, progress=False)
    again = distributed.perft(pos, 3, split=1, checkpoint=path, progress=False)
    assert (again.total, again.resumed) == (first.total, first.tasks)
    for other in (dict(depth=4, split=1), dict(depth=3, split=2)):
        with pytest.raises(distributed.CheckpointMismatchError, match="belongs to another perft"):
            distributed.perft(pos, other["depth"], split=other["split"], checkpoint=path, progress=False)
    with pytest.raises(distributed.CheckpointMismatchError, match="position"):
        distributed.perft(pos.play("c2"), 3, split=1, checkpoint=path, progress=False)
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all, but long enough to have a header" * 4)
    with pytest.raises(distributed.CheckpointMismatchError, match="not a SQLite file"):
        distributed.perft(pos, 3, split=1, checkpoint=junk, progress=False)


def test_a_checkpoint_that_cannot_be_opened_is_an_os_error(tmp_path: Path) -> None:
    pos = Position(FOUR_SEATS)
    missing = tmp_path / "no such folder" / "perft.sqlite"
    with pytest.raises(FileNotFoundError, match="its folder .* does not exist"):
        distributed.perft(pos, 2, split=1, checkpoint=missing, progress=False)
    assert not missing.parent.exists()
    with pytest.raises(OSError, match="cannot be opened"):
        distributed.perft(pos, 2, split=1, checkpoint=tmp_path, progress=False)


def finished_subtrees(path: Path) -> int:
    try:
        with sqlite3.connect(path, timeout=1) as db:
            return int(db.execute("SELECT count(*) FROM subtree").fetchone()[0])
    except sqlite3.Error:  # not made yet, or being written
        return 0


def test_a_killed_perft_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "perft.sqlite"
    address = ray.get_runtime_context().gcs_address
    # A driver of its own, on this module's Ray instance, killed once a few subtrees are
    # kept: each of the 131 subtrees of perft(5) is a perft(4) of some 50 ms.
    driver = textwrap.dedent(
        f"""
        import ray, wallrush
        from wallrush.distributed import perft
        ray.init(address={address!r}, log_to_driver=False)
        perft(wallrush.Position(), 5, split=1, checkpoint={str(path)!r}, hash_mb=4, progress=False)
        """
    )
    log = tmp_path / "driver.log"
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", driver], stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 120
        while finished_subtrees(path) < 5:
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "no subtree finished in two minutes"
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    kept = finished_subtrees(path)
    assert 5 <= kept < 131, kept
    resumed = distributed.perft(Position(), 5, split=1, checkpoint=path, hash_mb=4, progress=False)
    assert resumed.resumed == kept
    # The published perft(5) of the classic opening (the local perft gives it too; see
    # data/perft.txt for the depths the suites compute).
    assert resumed.total == 28_837_934_502
    assert finished_subtrees(path) == 131


def steady(lines: List[str]) -> List[str]:
    """The arena's lines without the seconds and milliseconds, which no two runs share."""
    import re

    return [re.sub(r"[0-9.]+ s;|[0-9.]+ ms a move \(median [0-9.]+\)", "…", line) for line in lines]


def test_a_match_of_eight_games_equals_the_arena_on_the_same_seeds(tmp_path: Path) -> None:
    options: Dict[str, Any] = dict(games=8, seed=7, opening=4, max_plies=120)
    players = ("strong:n300", "beginner")
    spread = distributed.match(*players, out=tmp_path / "distributed", progress=False, **options)
    arena = ArenaMatch(*players, out=tmp_path / "arena", **options)
    lines = arena.run()
    assert spread.results == arena.results
    assert [r[0] for r in spread.results] == list(range(8))
    assert (spread.wdl, spread.pentanomial) == (arena.wdl, arena.pentanomial)
    assert sum(spread.wdl) == 8
    assert steady(spread.lines) == steady(lines)
    assert steady(spread.summary.splitlines()) == steady(arena.summary().splitlines())
    ours = sorted((tmp_path / "distributed").iterdir())
    theirs = sorted((tmp_path / "arena").iterdir())
    assert [p.name for p in ours] == [p.name for p in theirs] == [f"game-{i:03}.txt" for i in range(1, 9)]
    for a, b in zip(ours, theirs):
        assert a.read_text() == b.read_text()


def test_a_match_equals_the_wallrush_program(tmp_path: Path) -> None:
    from test_verify_peers import wallrush_bin

    program = wallrush_bin()
    options: Dict[str, Any] = dict(games=8, seed=7, opening=4, max_plies=120)
    spread = distributed.match("strong:n300", "beginner", out=tmp_path / "distributed", progress=False, **options)
    done = subprocess.run(
        [str(program), "arena", "--a", "strong:n300", "--b", "beginner", "--games", "8", "--seed", "7",
         "--opening", "4", "--max-plies", "120", "--out", str(tmp_path / "program")],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert steady(spread.lines) == steady(done.stderr.splitlines())
    assert steady(spread.summary.splitlines()) == steady(done.stdout.splitlines())
    for ours in sorted((tmp_path / "distributed").iterdir()):
        assert ours.read_text() == (tmp_path / "program" / ours.name).read_text()


def test_the_sprt_stops_a_match_where_the_arena_stops(tmp_path: Path) -> None:
    options: Dict[str, Any] = dict(games=60, seed=3, sprt="elo0=0,elo1=200", max_plies=120)
    spread = distributed.match("strong:n200", "random", progress=False, **options)
    arena = ArenaMatch("strong:n200", "random", **options)
    arena.run()
    assert spread.stopped == arena.stopped == "H1"
    assert spread.results == arena.results
    assert len(spread.results) < 60
    assert spread.llr == arena.llr


def test_selfplay_rows_read_back_with_the_legal_moves_as_masks(tmp_path: Path) -> None:
    import numpy as np

    done = distributed.selfplay(("beginner", "random"), games=4, path=tmp_path / "run", seed=5, progress=False)
    assert done.games == 4
    records = sorted(Path(done.records).iterdir())
    assert [p.name for p in records] == [f"game-{i:03}.txt" for i in range(1, 5)]
    batch = ray.data.read_parquet(done.positions).take_batch(batch_size=100_000, batch_format="numpy")
    n = len(batch["action"])
    assert n == done.rows > 0
    variant = Variant.classic()
    shape = wallrush.agents.observation_shape(variant)
    assert batch["observation"].shape == (n, *shape) and batch["observation"].dtype == np.float32
    assert batch["action_mask"].shape == (n, wallrush.agents.num_actions(variant))
    by_game: Dict[int, List[int]] = {}
    for i in sorted(range(n), key=lambda i: (batch["game"][i], batch["ply"][i])):
        by_game.setdefault(int(batch["game"][i]), []).append(i)
    assert sorted(by_game) == [0, 1, 2, 3]
    for game, rows in by_game.items():
        record = wallrush.Game.from_record(records[game].read_text())
        pos = Position(variant)
        assert [int(batch["ply"][i]) for i in rows] == list(range(len(rows)))
        assert len(rows) == record.plies
        result = record.result()
        for i in rows:
            mask = batch["action_mask"][i]
            legal = sorted(m.action(variant) for m in pos.legal_moves)
            assert sorted(np.flatnonzero(mask).tolist()) == legal
            assert np.array_equal(batch["observation"][i], pos.observation(numpy=True))
            assert batch["seat"][i] == pos.turn.name.lower()
            assert mask[batch["action"][i]]
            pos = pos.play_action(int(batch["action"][i]))
        assert pos.to_text() == record.position.to_text()
        outcomes = {str(batch["seat"][i]): float(batch["outcome"][i]) for i in rows}
        if result in ("1-0", "0-1"):
            south_won = result == "1-0"
            assert outcomes["south"] == (1.0 if south_won else -1.0)
            assert outcomes["north"] == -outcomes["south"]


def test_folders_of_an_earlier_run_are_refused_before_any_task(tmp_path: Path) -> None:
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "game-001.txt").write_text("an earlier run's record")
    with pytest.raises(ValueError, match=r"records .*holds 1 file\(s\) of an earlier run \(game-001.txt\)"):
        distributed.selfplay("random", games=2, path=tmp_path, progress=False)
    (tmp_path / "records" / "game-001.txt").unlink()
    (tmp_path / "positions").mkdir()
    (tmp_path / "positions" / "part-0.parquet").write_text("rows")
    with pytest.raises(ValueError, match="positions .*earlier run"):
        distributed.selfplay("random", games=2, path=tmp_path, progress=False)
    used = tmp_path / "match"
    used.mkdir()
    (used / "game-007.txt").write_text("an earlier run's record")
    with pytest.raises(ValueError, match="out .*earlier run"):
        distributed.match("random", "random", games=2, out=used, progress=False)
