"""The one place that starts Ray when the caller has not."""

from __future__ import annotations

import ray


def ensure_ray() -> None:
    """``ray.init()`` unless Ray is initialized: a local instance, or the cluster
    ``RAY_ADDRESS`` names."""
    if not ray.is_initialized():
        ray.init()
