"""The one place that starts Ray when the caller has not, and the check of output
folders before a run starts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Union

import ray


def ensure_ray() -> None:
    """``ray.init()`` unless Ray is initialized: a local instance, or the cluster
    ``RAY_ADDRESS`` names."""
    if not ray.is_initialized():
        ray.init()


def refuse_used_folder(folder: Union[str, os.PathLike[str], None], what: str, pattern: str) -> None:
    """Raises ValueError when ``folder`` holds files matching ``pattern`` from an earlier
    run, before any task starts (the arena refuses such a records folder too, but only
    when it writes the first record)."""
    if folder is None:
        return
    found = sorted(Path(folder).glob(pattern)) if Path(folder).is_dir() else []
    if found:
        raise ValueError(
            f"{what} {os.fspath(folder)}: the folder holds {len(found)} file(s) of an earlier run "
            f"({found[0].name}); choose a new folder, or remove them, so that two runs are never mixed"
        )
