"""Shared fixtures for the printed pieces. Solids are built once per test module."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def cq():
    return pytest.importorskip("cadquery")


@pytest.fixture(scope="session")
def overlap(cq):
    """Volume shared by ``lower`` and ``upper`` moved by (dx, dy, dz)."""

    def measure(lower, upper, dx=0.0, dy=0.0, dz=0.0) -> float:
        moved = upper.translate(cq.Vector(dx, dy, dz))
        return lower.intersect(moved).Volume()

    return measure


@pytest.fixture(scope="session")
def play(overlap):
    """Largest sideways shift (along ``direction``) of ``upper`` resting at height ``z``
    on ``lower`` before the two overlap, found by bisection to 1 µm."""

    def measure(lower, upper, z, direction=(1.0, 0.0), limit=2.0) -> float:
        lo, hi = 0.0, limit
        assert overlap(lower, upper, direction[0] * hi, direction[1] * hi, z) > 1e-6
        while hi - lo > 1e-3:
            mid = (lo + hi) / 2
            if overlap(lower, upper, direction[0] * mid, direction[1] * mid, z) > 1e-6:
                hi = mid
            else:
                lo = mid
        return (lo + hi) / 2

    return measure


@pytest.fixture(scope="module")
def build(cq):
    """Build a piece's solid, once per piece and module."""
    from fabgen.pieces.build import build_piece

    cache = {}

    def get(piece):
        if piece not in cache:
            cache[piece] = build_piece(piece)
        return cache[piece]

    return get
