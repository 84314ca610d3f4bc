"""The READMEs' Python examples (the package's and the repository's) run as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

import pytest

HERE = Path(__file__).resolve().parents[1]
READMES = [HERE / "README.md", HERE.parent / "README.md"]


def python_blocks(readme: Path) -> List[str]:
    return re.findall(r"```python\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("readme", READMES, ids=["wallrush-py", "repository"])
def test_readme_python_blocks_run(readme: Path) -> None:
    blocks = python_blocks(readme)
    assert blocks, f"{readme} has no python block"
    for i, block in enumerate(blocks):
        code = compile(block, f"{readme}[python block {i}]", "exec")
        exec(code, {"__name__": "readme"})
