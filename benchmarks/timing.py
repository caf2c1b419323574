"""Timing helper shared by the benchmark scripts (run as `python benchmarks/bench_x.py`,
which puts this folder on the import path)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The shortest of ``runs`` wall-clock times of ``work()``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best
