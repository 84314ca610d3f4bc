"""Perft split into Ray tasks, checkpointed in SQLite."""

from __future__ import annotations

import errno
import os
import sqlite3
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Tuple, Union

import ray

from wallrush._wallrush import Move, Position
from wallrush._distributed.progress import Progress
from wallrush._distributed.start import ensure_ray

# The checkpoint's layout; a file of another layout is refused.
_SCHEMA = "wallrush-perft-1"


class CheckpointMismatchError(ValueError):
    """The checkpoint file holds another perft (position, variant, depth or split), or
    is not a perft checkpoint."""


@dataclass
class PerftResult:
    """A distributed perft's answer.

    ``divide`` maps each legal move of the position to the count below it (in the
    order of ``position.legal_moves``), ``total`` is their sum; ``tasks`` subtrees were
    counted, ``resumed`` of them read from the checkpoint rather than run."""

    total: int
    divide: Dict[Move, int] = field(default_factory=dict)
    tasks: int = 0
    resumed: int = 0


@ray.remote
def _subtree(text: str, depth: int, threads: int, hash_mb: int) -> int:
    # The native perft releases the GIL; the task's process runs it on `threads` threads.
    return Position.from_text(text).perft(depth, threads=threads, hash_mb=hash_mb)


def _frontier(position: Position, split: int) -> Iterator[Tuple[Move, str, Position]]:
    """Every position ``split`` plies in: its root move, its path (the moves' standard
    text, space-separated) and the position. A game that ends earlier has no moves, so
    it has nothing below it and yields nothing."""

    def walk(pos: Position, ply: int, root: Optional[Move], path: List[str]) -> Iterator[Tuple[Move, str, Position]]:
        if ply == split:
            assert root is not None
            yield root, " ".join(path), pos
            return
        for m in pos.legal_moves:
            text = pos.move_text(m)
            yield from walk(pos.play_unchecked(m), ply + 1, m if root is None else root, path + [text])

    yield from walk(position, 0, None, [])


class _Checkpoint:
    """A SQLite file: the perft it belongs to, and each finished subtree's count."""

    def __init__(self, path: Union[str, os.PathLike[str]], key: Dict[str, str]) -> None:
        self.path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(self.path))
        if not os.path.isdir(folder):
            raise FileNotFoundError(errno.ENOENT, f"checkpoint {self.path}: its folder {folder} does not exist")
        try:
            self.db = sqlite3.connect(self.path)
        except sqlite3.OperationalError as err:  # a folder, or a file that may not be read
            raise OSError(f"checkpoint {self.path}: cannot be opened ({err})") from None
        try:
            self._open(key)
        except sqlite3.OperationalError as err:  # read-only, or the disk is full
            self.db.close()
            raise OSError(f"checkpoint {self.path}: cannot be written ({err})") from None
        except BaseException:
            self.db.close()
            raise

    def _open(self, key: Dict[str, str]) -> None:
        try:
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.OperationalError:  # locked, or unreadable: not the file's content
            raise
        except sqlite3.DatabaseError as err:
            raise CheckpointMismatchError(f"checkpoint {self.path}: not a SQLite file ({err})") from None
        if not tables:
            with self.db:
                self.db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                self.db.execute("CREATE TABLE subtree (path TEXT PRIMARY KEY, nodes TEXT NOT NULL)")
                self.db.executemany("INSERT INTO meta VALUES (?, ?)", sorted({**key, "schema": _SCHEMA}.items()))
            return
        if tables != {"meta", "subtree"}:
            raise CheckpointMismatchError(f"checkpoint {self.path}: not a wallrush perft checkpoint")
        held = dict(self.db.execute("SELECT key, value FROM meta"))
        if held.get("schema") != _SCHEMA:
            raise CheckpointMismatchError(f"checkpoint {self.path}: not a wallrush perft checkpoint")
        wrong = [k for k in sorted(key) if held.get(k) != key[k]]
        if wrong:
            theirs = ", ".join(f"{k} {held.get(k)!r}" for k in wrong)
            ours = ", ".join(f"{k} {key[k]!r}" for k in wrong)
            raise CheckpointMismatchError(
                f"checkpoint {self.path} belongs to another perft ({theirs}), not this one ({ours}); "
                "give another file, or delete this one to start afresh"
            )

    def finished(self) -> Dict[str, int]:
        return {path: int(nodes) for path, nodes in self.db.execute("SELECT path, nodes FROM subtree")}

    def keep(self, done: List[Tuple[str, int]]) -> None:
        """Keeps finished subtrees' counts, in one transaction."""
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO subtree VALUES (?, ?)", [(p, str(n)) for p, n in done])

    def close(self) -> None:
        self.db.close()


def perft(
    position: Position,
    depth: int,
    *,
    split: int = 1,
    checkpoint: Union[str, os.PathLike[str], None] = None,
    progress: bool = True,
    threads: int = 1,
    hash_mb: int = 0,
) -> PerftResult:
    """Perft of ``position`` at ``depth``, split ``split`` plies in: one Ray task for
    each position ``split`` plies in, each a native ``Position.perft(depth - split,
    threads=threads, hash_mb=hash_mb)`` run without the GIL on ``threads`` CPUs of a
    worker. The counts are those of the local ``Position.perft`` and ``divide``.

    ``checkpoint``: a SQLite file keeping each finished subtree's count; a later call
    with the same file resumes, running only the subtrees it lacks. The file is keyed by
    the position's text, the variant, the depth and the split: another perft's file
    raises :class:`CheckpointMismatchError`; a file whose folder does not exist raises
    FileNotFoundError, one that cannot be opened or written OSError. ``progress``: a
    line on standard error with the subtrees done and the time left.

    Raises ValueError for a depth below 1 or a split outside 1 ..= depth (and the
    native perft's ValueError for bad ``threads`` or ``hash_mb``).
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be an integer of at least 1, not {depth!r}")
    if isinstance(split, bool) or not isinstance(split, int) or not 1 <= split <= depth:
        raise ValueError(f"split must be an integer in 1 ..= depth ({depth}), not {split!r}")
    for name, value, least in (("threads", threads, 1), ("hash_mb", hash_mb, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an integer of at least {least}, not {value!r}")
    ensure_ray()
    roots = list(position.legal_moves)
    divide: Dict[Move, int] = {m: 0 for m in roots}
    leaves = list(_frontier(position, split))
    key = {
        "position": position.to_text(),
        "variant": str(position.variant),
        "depth": str(depth),
        "split": str(split),
    }
    store = _Checkpoint(checkpoint, key) if checkpoint is not None else None
    try:
        finished = store.finished() if store is not None else {}
        resumed = 0
        pending: Dict[ray.ObjectRef[int], Tuple[Move, str]] = {}
        for root, path, pos in leaves:
            if path in finished:
                divide[root] += finished[path]
                resumed += 1
        bar = Progress(f"perft({depth}) split {split}", len(leaves), resumed, enabled=progress)
        remote = _subtree.options(num_cpus=threads)
        todo = iter([(root, path, pos) for root, path, pos in leaves if path not in finished])
        # Tasks in flight at once: enough to keep every CPU busy between two rounds of
        # the loop below, and few enough that the driver never holds millions.
        window = 1000 + 64 * int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]

        def submit() -> None:
            for root, path, pos in todo:
                pending[remote.remote(pos.to_text(), depth - split, threads, hash_mb)] = (root, path)
                if len(pending) >= window:
                    return

        try:
            submit()
            while pending:
                # The results ready once half the tasks in flight are, or after a
                # second: one wait a round over the tasks in flight, not one a task, and
                # the window refilled before it runs dry.
                half = max(1, len(pending) // 2)
                ready, _ = ray.wait(list(pending), num_returns=half, timeout=1.0)
                if not ready:
                    continue
                counts = ray.get(ready)
                done = []
                for ref, nodes in zip(ready, counts):
                    root, path = pending.pop(ref)
                    divide[root] += int(nodes)
                    done.append((path, int(nodes)))
                if store is not None:
                    store.keep(done)
                bar.advance(len(done))
                submit()
        finally:
            for ref in pending:
                ray.cancel(ref)
            bar.close()
    finally:
        if store is not None:
            store.close()
    return PerftResult(total=sum(divide.values()), divide=divide, tasks=len(leaves), resumed=resumed)
