#!/usr/bin/env python3
"""Lists the import circles among a Python package's own modules, read from source.

Every ``import`` and ``from … import`` statement counts wherever it stands (at the top, in
a function, under ``if TYPE_CHECKING:``), because a deferred import only hides a circle.
Stub files (``.pyi``) count as the module they describe. Exits 1 when there is a circle,
so CI can run it.

Usage: python3 scripts/import_cycles.py [PACKAGE_DIR]   (default: wallrush-py/python/wallrush)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Dict, List, Set


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, name: str, is_package: bool, known: Set[str]) -> Set[str]:
    """The package's modules that the file at `path` (module `name`) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: Set[str] = set()
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        targets: List[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # `from pkg import mod` imports the module `pkg.mod` when there is one.
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            # `import a.b.c` runs a, a.b and a.b.c.
            pieces = target.split(".")
            for i in range(1, len(pieces) + 1):
                candidate = ".".join(pieces[:i])
                if candidate in known and candidate != name:
                    found.add(candidate)
    return found


def cycles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    out: List[List[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def main(argv: List[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else "wallrush-py/python/wallrush").resolve()
    files = sorted(p for p in root.rglob("*") if p.suffix in {".py", ".pyi"})
    names = {p: module_name(root, p) for p in files}
    known = set(names.values())
    graph: Dict[str, Set[str]] = {n: set() for n in known}
    for path, name in names.items():
        # The package's `__init__` runs before any of its modules, so the edges from a
        # module to its own package are not circles of the package's making.
        graph[name] |= imports_of(path, name, path.stem == "__init__", known) - {root.name}
    found = cycles(graph)
    for component in found:
        print("import circle: " + " <-> ".join(component))
    print(f"{len(found)} import circle(s) among {len(known)} modules of {root.name}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
