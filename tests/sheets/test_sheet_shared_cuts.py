"""Shared cut lines: every edge once, as few continuous paths as possible."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.geometry.outline import Path, segment_length
from fabgen.geometry.shared_cuts import CutGraph, merge_cut_paths
from fabgen.geometry.tile import TileGeometry

SQRT3 = math.sqrt(3.0)


def square(x: float, y: float, side: float = 1.0) -> Path:
    pts = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
    return Path(pts, (0.0,) * 4, True)


def edge_counts(paths, digits: int = 6) -> Counter:
    """Undirected segments (rounded ends, bulge seen from the smaller end) and how often."""
    out: Counter = Counter()
    for path in paths:
        for a, b, bulge in path.segments():
            ka = (round(a[0], digits), round(a[1], digits))
            kb = (round(b[0], digits), round(b[1], digits))
            if kb < ka:
                ka, kb, bulge = kb, ka, -bulge
            out[(ka, kb, round(bulge, 6))] += 1
    return out


def test_a_lone_outline_stays_one_closed_path():
    (path,) = merge_cut_paths([square(0, 0)])
    assert path.closed and len(path.points) == 4
    assert path.length() == pytest.approx(4.0)


def test_two_squares_share_their_edge():
    paths = merge_cut_paths([square(0, 0), square(1, 0)])
    assert set(edge_counts(paths)) == set(edge_counts([square(0, 0), square(1, 0)]))
    assert set(edge_counts(paths).values()) == {1}
    # Two nodes of degree 3: one open path covers the seven edges.
    assert len(paths) == 1 and not paths[0].closed
    assert sum(p.length() for p in paths) == pytest.approx(7.0)


def test_corners_within_the_tolerance_are_one_corner():
    noisy = Path(((1 + 1e-9, 0.0), (2, 0), (2, 1), (1, 1 - 1e-9)), (0.0,) * 4, True)
    paths = merge_cut_paths([square(0, 0), noisy])
    assert sum(p.length() for p in paths) == pytest.approx(7.0, abs=1e-6)


def test_zero_length_segments_are_dropped():
    doubled = Path(((0, 0), (0, 0), (1, 0), (1, 1), (0, 1)), (0.0,) * 5, True)
    (path,) = merge_cut_paths([doubled])
    assert all(math.dist(a, b) > 0 for a, b, _ in path.segments())
    assert len(path.points) == 4


def test_arcs_keep_their_side_when_a_path_runs_them_backwards():
    g = CutGraph()
    g.add_segment((0, 0), (2, 0), 0.5)
    g.add_segment((2, 0), (0, 0), -0.5)  # the same arc, drawn the other way
    g.add_segment((2, 0), (0, 0), 0.5)  # a different arc (other side)
    assert len(g.edges) == 2 and g.duplicates == 1
    (path,) = g.paths()
    assert path.closed
    lengths = sorted(segment_length(a, b, bulge) for a, b, bulge in path.segments())
    assert lengths == pytest.approx([segment_length((0, 0), (2, 0), 0.5)] * 2)
    arc_sides = {round(bulge * (1 if a < b else -1), 9) for a, b, bulge in path.segments()}
    assert arc_sides == {0.5, -0.5}


def honeycomb_paths(cells, width=10.0, kerf=0.1, corner_radius=0.0, rotation=0.0):
    g = TileGeometry.from_width(width, kerf=kerf, corner_radius=corner_radius)
    s = g.width + 2 * g.cut_offset
    a = (s * SQRT3 / 2, s / 2)  # tile vector A at 30° in the flat-top frame
    b = (0.0, s)
    cut = g.layout().cut_path
    out = []
    for i, j in cells:
        x, y = i * a[0] + j * b[0], i * a[1] + j * b[1]
        c, sn = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
        out.append(cut.transformed(rotation, c * x - sn * y + 3.0, sn * x + c * y + 7.0))
    return out


@given(
    st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=14),
    st.sampled_from([0.0, 30.0, 17.0]),
    st.sampled_from([0.0, 0.8]),
)
def test_every_edge_of_a_honeycomb_is_cut_exactly_once(cells, rotation, corner_radius):
    tiles = honeycomb_paths(sorted(cells), corner_radius=corner_radius, rotation=rotation)
    merged = merge_cut_paths(tiles)
    wanted, got = edge_counts(tiles), edge_counts(merged)
    assert set(got) == set(wanted)  # every segment of every outline is there
    assert set(got.values()) == {1}  # and only once
    once = sum(segment_length(a, b, bulge) for a, b, bulge in wanted)
    assert sum(p.length() for p in merged) == pytest.approx(once)
    # As few paths as possible: one per pair of odd corners, one loop per even part.
    odd, even_parts = corner_parity(got)
    assert len(merged) == odd // 2 + even_parts
    assert sum(p.closed for p in merged) == even_parts


def corner_parity(edges) -> tuple[int, int]:
    """Number of odd corners, and of connected parts whose corners are all even."""
    parent: dict = {}

    def root(v):
        while parent.setdefault(v, v) != v:
            v = parent[v]
        return v

    degree: Counter = Counter()
    for a, b, _ in edges:
        degree[a] += 1
        degree[b] += 1
        parent[root(a)] = root(b)
    odd_parts = {root(v) for v, d in degree.items() if d % 2}
    parts = {root(v) for v in degree}
    return sum(d % 2 for d in degree.values()), len(parts - odd_parts)


def test_paths_are_continuous():
    merged = merge_cut_paths(honeycomb_paths([(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]))
    for path in merged:
        segs = list(path.segments())
        for (_, end, _), (start, _, _) in itertools.pairwise(segs):
            assert end == start
