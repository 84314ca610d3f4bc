"""What every adapter here shares: the line loop of the verify protocol
(docs/VERIFY.md) and the classic variant most peers are limited to.

The adapters are run as scripts (``python3 adapters/x_adapter.py``), so this module is
found beside them on ``sys.path``.
"""

import sys

#: The ``new`` arguments of the classic game, as wallrush writes them.
CLASSIC = sorted("size=9 players=2 walls=10 wall_length=2 goal=edge".split())

#: The ``hello`` answer of an adapter that plays the classic game in standard notation.
CLASSIC_HELLO = "ok notation=standard sizes=9 seats=2 wall_lengths=2 walls=10 goals=edge"


def is_classic(args):
    """Whether the words after ``new`` name the classic game."""
    return sorted(args) == CLASSIC


def serve(answer, errors=(Exception,)):
    """Answers each request line of standard input with ``answer(command, args)`` until
    ``quit`` or the end of input; blank lines are skipped. An exception of ``errors``
    raised by ``answer`` is reported as a refusal, not fatal."""
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            break
        try:
            out = answer(words[0], words[1:])
        except errors as e:
            out = f"refused adapter error {type(e).__name__}: {e}"
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
