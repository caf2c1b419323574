import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.geometry.alignment import check_alignment, diamond_patch, round_patch
from fabgen.geometry.blog import BlogFigures
from fabgen.geometry.lattice import SQRT7, Handedness
from fabgen.geometry.outline import Path
from fabgen.geometry.tile import TileGeometry

EXACT = 1e-9
PATCH = diamond_patch(5, 5)


@pytest.mark.parametrize("handedness", list(Handedness))
@pytest.mark.parametrize("outline", ["hexagon", "rosette"])
def test_exact_geometry_is_straight_to_a_nanometre(handedness, outline):
    g = TileGeometry.from_width(100, outline=outline, handedness=handedness)
    report = check_alignment(g.layout(), PATCH)
    assert report.tiles == 25 and report.circles == 175
    assert report.row_deviation.value_mm < EXACT
    assert report.seam_spacing_error.value_mm < EXACT
    assert report.pattern_error.value_mm < EXACT
    assert report.drift.value_mm < EXACT
    assert report.within_tolerance


@settings(max_examples=50)  # (each checks a patch of nine tiles: a tenth of a second)
@given(
    width=st.floats(30, 300),
    ratio=st.floats(0.2, 0.7),
    corner=st.floats(0, 0.3),
    kerf=st.floats(0, 0.4),
    handedness=st.sampled_from(list(Handedness)),
)
def test_compensated_kerf_and_rounding_keep_rows_exact(width, ratio, corner, kerf, handedness):
    pitch = width / SQRT7
    try:
        g = TileGeometry(
            pitch=pitch,
            circle_diameter=ratio * pitch,
            corner_radius=corner * width,
            kerf=kerf,
            handedness=handedness,
        )
    except ValueError:
        return  # impossible combination; refused elsewhere
    report = check_alignment(g.layout(), diamond_patch(3, 3), kerf=kerf)
    assert report.row_deviation.value_mm < EXACT
    assert report.seam_spacing_error.value_mm < EXACT
    assert report.drift.value_mm < 1e-8


def test_blog_figures_misalign_and_overlap():
    report = check_alignment(BlogFigures(100).layout(), PATCH)
    assert report.row_deviation.value_mm > 0.01
    assert report.seam_spacing_error.value_mm > 0.01
    assert any("circles overlap by 6.709 mm" in f for f in report.findings)
    assert not report.within_tolerance


def test_blog_figures_read_as_diameter_have_no_overlap_but_still_drift():
    report = check_alignment(BlogFigures(100, "diameter").layout(), PATCH)
    assert not report.findings
    assert report.row_deviation.value_mm > 0.01
    assert report.drift.value_mm > 0.1


def test_uncompensated_kerf_drift_accumulates_tile_by_tile():
    kerf = 0.2
    g = TileGeometry.from_width(100, kerf=kerf, compensate_kerf=False)
    report = check_alignment(g.layout(), PATCH, kerf=kerf)
    assert report.tile_spacing_mm == pytest.approx((100 - kerf,) * 3)
    # each tile is kerf smaller: the corner tile (2, 2) steps from the middle lies
    # kerf * |2A + 2B| / |A| = kerf * 2·sqrt(3) away from where it belongs
    assert report.drift.value_mm == pytest.approx(kerf * 2 * math.sqrt(3), rel=1e-9)
    # across a seam two circles are one pitch apart, less the kerf along the tile
    # direction, which is 19.11 degrees off the row
    pitch, alpha = g.pitch, math.radians(19.1066)
    seam = math.hypot(pitch - kerf * math.cos(alpha), kerf * math.sin(alpha))
    assert report.seam_spacing_error.value_mm == pytest.approx(pitch - seam, rel=1e-6)
    drifts = [
        check_alignment(g.layout(), diamond_patch(n, n), kerf=kerf).drift.value_mm
        for n in (3, 5, 7)
    ]
    assert drifts[0] < drifts[1] < drifts[2]


def test_max_drift_turns_drift_into_a_failure():
    g = TileGeometry.from_width(100, kerf=0.2, compensate_kerf=False)
    assert check_alignment(g.layout(), PATCH, kerf=0.2).within_tolerance
    assert not check_alignment(g.layout(), PATCH, kerf=0.2, max_drift=0.5).within_tolerance


def test_one_moved_circle_is_found_and_measured():
    layout = TileGeometry.from_width(100).layout()
    circles = list(layout.circles)
    circles[3] = (circles[3][0] + 1.0, circles[3][1])
    moved = replace(layout, circles=tuple(circles))
    report = check_alignment(moved, PATCH)
    assert report.pattern_error.value_mm == pytest.approx(1.0, abs=1e-9)
    assert "outer circle 3" in report.pattern_error.where
    assert not report.within_tolerance


def test_irregular_outline_is_reported():
    layout = TileGeometry.from_width(100).layout()
    pts = list(layout.cut_path.points)
    pts[0] = (pts[0][0] + 2.0, pts[0][1])  # stretch one corner outward
    irregular = replace(layout, outline=None, cut_path=Path(tuple(pts), (0.0,) * len(pts)))
    report = check_alignment(irregular, PATCH)
    assert any("not regular" in f for f in report.findings)


def test_round_patch_grows_in_rings():
    assert len(round_patch(7)) == 7 and (0, 0) in round_patch(7)
    assert set(round_patch(7)) <= set(round_patch(19))
    assert len(set(round_patch(37))) == 37
