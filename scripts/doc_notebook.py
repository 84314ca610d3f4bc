#!/usr/bin/env python3
"""Makes a Jupyter notebook of a Markdown page's ```python blocks, in order, and runs it.

    python scripts/doc_notebook.py PAGE.md OUT.ipynb [--timeout SECONDS]

Each ```python block becomes a code cell, and the text between blocks a Markdown cell;
blocks fenced otherwise (```{code-block} python, ```text) are shown, not run. The
notebook is executed with nbclient on the `python3` kernel of the Python running this
script (ipykernel) and written, with its outputs, to OUT. Any cell that raises fails the
run (exit status 1), naming the cell. Needs nbformat, nbclient and ipykernel.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import List, Tuple

FENCE = re.compile(r"^```(\S*)[^\n]*\n(.*?)^```[ \t]*$\n?", re.S | re.M)


def split(text: str) -> List[Tuple[str, str]]:
    """The page as ("code" | "markdown", source) pieces."""
    pieces: List[Tuple[str, str]] = []
    at = 0
    for m in FENCE.finditer(text):
        if m.group(1) != "python":
            continue
        before = text[at : m.start()].strip()
        if before:
            pieces.append(("markdown", before))
        pieces.append(("code", m.group(2).rstrip()))
        at = m.end()
    rest = text[at:].strip()
    if rest:
        pieces.append(("markdown", rest))
    return pieces


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--timeout", type=int, default=600, help="seconds a cell may take")
    args = parser.parse_args()

    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    pieces = split(args.page.read_text(encoding="utf-8"))
    if not any(kind == "code" for kind, _ in pieces):
        print(f"{args.page}: no ```python block", file=sys.stderr)
        return 1
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(src) if kind == "code" else nbformat.v4.new_markdown_cell(src)
        for kind, src in pieces
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    client = NotebookClient(nb, timeout=args.timeout, kernel_name="python3", resources={"metadata": {"path": "."}})
    failed = None
    try:
        client.execute()
    except CellExecutionError as e:
        failed = e
    args.out.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(args.out))
    if failed is not None:
        print(f"{args.page}: a cell failed (the notebook with its outputs: {args.out}):\n{failed}", file=sys.stderr)
        return 1
    cells = sum(1 for kind, _ in pieces if kind == "code")
    print(f"   {args.page.name}: {cells} code cells ran; {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
