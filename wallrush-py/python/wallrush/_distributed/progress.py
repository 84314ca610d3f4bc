"""A progress line on standard error: done of total, the rate and the time left."""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO


def _clock(seconds: float) -> str:
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m{s:02d}s" if h else f"{m}m{s:02d}s"


class Progress:
    """``label: done/total units, elapsed, about T left`` rewritten in place at most
    every ``every`` seconds (each line on its own when standard error is not a
    terminal, every ``quiet_every`` seconds); the time left is the pace of the units
    done by this run, so units taken from a checkpoint do not flatter it."""

    def __init__(
        self,
        label: str,
        total: int,
        done: int = 0,
        *,
        enabled: bool = True,
        stream: Optional[TextIO] = None,
        every: float = 0.5,
        quiet_every: float = 10.0,
    ) -> None:
        self.label = label
        self.total = total
        self.done = done
        self.first = done
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = every if self.tty else quiet_every
        self.start = time.monotonic()
        self.shown = 0.0

    def text(self) -> str:
        """The line as it stands."""
        elapsed = time.monotonic() - self.start
        line = f"{self.label}: {self.done}/{self.total}, {_clock(elapsed)}"
        ran = self.done - self.first
        if self.done >= self.total:
            line += ", done"
        elif ran > 0:
            line += f", about {_clock(elapsed / ran * (self.total - self.done))} left"
        return line

    def advance(self, n: int = 1) -> None:
        """``n`` more units are done."""
        self.done += n
        now = time.monotonic()
        if self.enabled and (now - self.shown >= self.every or self.done >= self.total):
            self.shown = now
            self._write()

    def _write(self) -> None:
        end = "\r" if self.tty and self.done < self.total else "\n"
        self.stream.write(self.text().ljust(60) + end if self.tty else self.text() + end)
        self.stream.flush()

    def close(self) -> None:
        """Ends the line (shows it once more when it was not shown at the end)."""
        if self.enabled and self.done < self.total:
            self.stream.write(self.text() + "\n")
            self.stream.flush()
