import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Polygon
from shapely.ops import unary_union

from fabgen.errors import ParameterError
from fabgen.geometry.lattice import SQRT3, SQRT7, Handedness, TileLattice, field_xy, rotate_xy
from fabgen.geometry.tile import OutlineKind, TileGeometry


def across_flats(points):
    """Widths of a hexagon between opposite edges (3 values)."""
    n = len(points)
    widths = []
    for k in range(3):
        (x0, y0), (x1, y1) = points[k], points[(k + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length
        proj = [x * nx + y * ny for x, y in points]
        widths.append(max(proj) - min(proj))
    return widths


def test_default_tile_matches_design_figures():
    g = TileGeometry.from_width(100)
    assert math.isclose(g.width, 100)
    assert math.isclose(g.pitch, 100 / SQRT7)
    assert round(g.pitch, 2) == 37.80
    assert math.isclose(g.circle_diameter, 0.6 * g.pitch)
    assert math.isclose(g.circumradius, 100 / SQRT3)
    # exact: the circle-to-edge margin of a hexagon is pitch/sqrt(7) - radius
    assert math.isclose(g.circle_margin, g.pitch / SQRT7 - g.circle_radius, rel_tol=1e-6)


@pytest.mark.parametrize("handedness", list(Handedness))
def test_circles_sit_on_the_lattice_in_the_tile_frame(handedness):
    g = TileGeometry(pitch=20.0, handedness=handedness)
    centres = g.circle_centres()
    assert centres[0] == pytest.approx((0.0, 0.0))
    for c in centres[1:]:
        assert math.dist(c, centres[0]) == pytest.approx(20.0)
    # tile vector A points at 30 degrees in the tile frame: flat-top hexagon
    a = rotate_xy(field_xy(TileLattice(handedness).a, 20.0), g.frame_rotation_deg)
    assert math.degrees(math.atan2(a[1], a[0])) == pytest.approx(30.0)
    assert math.hypot(*a) == pytest.approx(g.width)


@given(
    width=st.floats(20, 400),
    kerf=st.floats(0, 0.5),
    compensate=st.booleans(),
)
def test_cut_outline_is_offset_by_half_the_kerf(width, kerf, compensate):
    g = TileGeometry.from_width(width, circle_diameter=0.5 * width / SQRT7)
    if kerf >= g.circle_margin:
        return
    g = g.with_changes(kerf=kerf, compensate_kerf=compensate)
    cut = g.cut_outline().path().points
    expected = width + (kerf if compensate else 0.0)
    for w in across_flats(cut):
        assert w == pytest.approx(expected, abs=1e-9)


def test_rounded_corners_keep_the_flats_and_use_arcs():
    g = TileGeometry.from_width(100, corner_radius=4.0, kerf=0.2)
    path = g.cut_outline().path()
    assert len(path.points) == 12
    arcs = [b for b in path.bulges if b]
    assert len(arcs) == 6 and all(b == pytest.approx(math.tan(math.radians(15))) for b in arcs)
    poly = Polygon(path.flattened(1e-6))
    bounds = poly.bounds
    assert bounds[3] - bounds[1] == pytest.approx(100.2, abs=1e-9)  # flat top and bottom


def test_rosette_is_seven_cells_and_tiles_the_plane():
    g = TileGeometry(pitch=10.0, outline=OutlineKind.ROSETTE)
    pts = g.finished_outline().path().points
    assert len(pts) == 18
    cell_area = SQRT3 / 2 * 10.0**2
    rosette = Polygon(pts)
    assert rosette.area == pytest.approx(7 * cell_area)
    # neighbours on the tile lattice neither overlap nor leave gaps around a tile
    a = (g.width * math.cos(math.radians(30)), g.width * math.sin(math.radians(30)))
    copies = []
    for k in range(6):
        dx, dy = rotate_xy(a, 60 * k)
        copies.append(Polygon([(x + dx, y + dy) for x, y in pts]))
    for c in copies:
        assert rosette.intersection(c).area == pytest.approx(0, abs=1e-9)
    ring = unary_union([rosette, *copies])
    assert ring.area == pytest.approx(7 * rosette.area)
    holes = sum(Polygon(hole).area for hole in ring.interiors)  # float slivers only
    assert holes == pytest.approx(0, abs=1e-9)


def test_rosette_rounds_only_convex_corners():
    g = TileGeometry(pitch=10.0, outline="rosette", corner_radius=1.0)
    path = g.finished_outline().path()
    assert sum(1 for b in path.bulges if b) == 12  # two convex corners per outer cell


# ---- impossible parameters: each names the parameter and the limit ----------------

BAD = [
    (dict(pitch=0), "pitch", "positive"),
    (dict(pitch=-5), "pitch", "positive"),
    (dict(pitch=float("nan")), "pitch", "positive"),
    (dict(pitch=30, circle_diameter=0), "circle_diameter", "positive"),
    (dict(pitch=30, circle_diameter=30), "circle_diameter", "below 30 mm"),
    (dict(pitch=30, circle_diameter=40), "circle_diameter", "overlap"),
    (dict(pitch=30, circle_diameter=25), "circle_diameter", "cross the outline"),
    (dict(pitch=30, corner_radius=-1), "corner_radius", "zero or a positive"),
    (dict(pitch=30, corner_radius=45), "corner_radius", "below 39.686 mm"),
    (dict(pitch=30, outline="rosette", corner_radius=15), "corner_radius", "below 15 mm"),
    (dict(pitch=30, kerf=-0.1), "kerf", "zero or a positive"),
    (dict(pitch=30, kerf=3, compensate_kerf=False), "kerf", "margin"),
]


@pytest.mark.parametrize(("kwargs", "parameter", "text"), BAD)
def test_impossible_parameters_are_refused(kwargs, parameter, text):
    with pytest.raises(ParameterError) as info:
        TileGeometry(**kwargs)
    assert info.value.parameter == parameter
    assert text in str(info.value)


def test_width_must_be_positive():
    with pytest.raises(ParameterError, match="width must be a positive number") as info:
        TileGeometry.from_width(-100)
    assert info.value.naming("--width") == "--width must be a positive number of mm, got -100"


def test_circle_limit_is_exact():
    # 2·pitch/sqrt(7) is the largest circle that fits a sharp hexagon
    limit = 2 * 30 / SQRT7
    TileGeometry(pitch=30, circle_diameter=limit - 1e-3)
    with pytest.raises(ParameterError, match=f"below {limit:.3f}"):
        TileGeometry(pitch=30, circle_diameter=limit + 1e-3)


def test_kerf_limit_message_suggests_a_circle_size_that_works():
    with pytest.raises(ParameterError) as info:
        TileGeometry(pitch=30, kerf=3, compensate_kerf=False)
    suggested = float(str(info.value).rsplit("below ", 1)[1].split(" mm")[0])
    TileGeometry(pitch=30, kerf=3, compensate_kerf=False, circle_diameter=suggested)
