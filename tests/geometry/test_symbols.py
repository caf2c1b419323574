"""The outlines engraved on laser-cut pieces enclose exactly the symbol's area."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Polygon

from fabgen.geometry.symbols import STONE_SYMBOLS, symbol_area, symbol_outline

NAMES = [n for n in STONE_SYMBOLS if n != "none"] + ["source", "saltire"]


@pytest.mark.parametrize("name", NAMES)
@given(radius=st.floats(0.5, 20.0))
def test_outline_encloses_the_symbol_s_area(name, radius):
    outline = symbol_outline(name, radius)
    # Even-odd: nested circles alternate inside and outside, largest first.
    circles = sorted(outline.circles, reverse=True)
    area = sum((-1) ** k * math.pi * r * r for k, r in enumerate(circles))
    if name == "source":  # a ring and, apart from it, a dot: two outsides
        outer, inner, dot = circles
        area = math.pi * (outer**2 - inner**2 + dot**2)
    area += sum(Polygon(p).area for p in outline.polygons)
    assert area == pytest.approx(symbol_area(name, radius), rel=1e-6)
    for corners in outline.polygons:  # every corner within the symbol's circle
        assert all(math.hypot(x, y) <= radius + 1e-8 for x, y in corners)


def test_crossing_bars_are_one_outline():
    assert len(symbol_outline("saltire", 5.0).polygons) == 1
    assert len(symbol_outline("cross", 5.0).polygons) == 1
