import math

import pytest

from fabgen.errors import ParameterError
from fabgen.geometry.blog import BlogFigures
from fabgen.geometry.lattice import SQRT7, TILE_ANGLE_DEG, Handedness


def test_figures_round_the_exact_values():
    b = BlogFigures(100)
    info = b.implications()
    assert info["circle_distance_mm"] == pytest.approx(100 / 2.65)
    assert info["exact_circle_distance_mm"] == pytest.approx(100 / SQRT7)
    assert abs(2.65 - SQRT7) < 0.005  # 2.65 is sqrt(7) rounded
    assert round(TILE_ANGLE_DEG, 2) == info["angle_deg"] == 19.11


def test_literal_reading_makes_circles_overlap():
    b = BlogFigures(100, "radius")
    assert b.circles_overlap_by == pytest.approx(2 * 100 / 4.5 - 100 / 2.65)
    assert any("overlap by 6.709 mm" in n for n in b.implications()["notes"])


def test_diameter_reading_fits():
    b = BlogFigures(100, "diameter")
    assert b.circles_overlap_by == 0
    assert 2 * b.circle_radius == pytest.approx(100 / 4.5)


def test_layout_reproduces_the_figures():
    b = BlogFigures(90)
    layout = b.layout(Handedness.CCW)
    middle = layout.circles[0]
    for c in layout.circles[1:]:
        assert math.dist(c, middle) == pytest.approx(90 / 2.65)
    # first row turned 19.11 degrees from the flat normal at 30 degrees
    x, y = layout.circles[1]
    assert 30 - math.degrees(math.atan2(y, x)) == pytest.approx(19.11)


def test_radius_must_be_positive():
    with pytest.raises(ParameterError, match=r"island radius R\) must be a positive") as info:
        BlogFigures(0)
    assert info.value.naming("--blog-radius").startswith("--blog-radius (the island radius R)")
