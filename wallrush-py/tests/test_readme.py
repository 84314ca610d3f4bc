"""The README's Python session runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_a_python_session() -> None:
    assert len(python_blocks()) >= 1


def test_readme_session_runs() -> None:
    for i, block in enumerate(python_blocks()):
        code = compile(block, f"{README.name}[python block {i}]", "exec")
        exec(code, {"__name__": "readme"})
