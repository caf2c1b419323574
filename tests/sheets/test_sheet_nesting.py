"""Nesting pieces on sheets: honeycomb counts, leftover fill, footprints and sheet plans."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from fabgen.errors import ParameterError
from fabgen.geometry.nesting import (
    MAX_SHEETS,
    ORIENTATIONS,
    Obstacles,
    SheetSpec,
    arrange,
    compact_subset,
    contact_spacing,
    convex_parts,
    disc_footprint,
    extra_bound,
    fill_leftover,
    honeycomb,
    minkowski_sum,
    plan_sheets,
    tile_footprint,
)
from fabgen.geometry.tile import TileGeometry

SQRT3 = math.sqrt(3.0)


def brute_force_honeycomb(across: float, spacing: float, sheet: SheetSpec, steps: int = 24):
    """Most hexagons (``across`` flats incl. kerf burn, lattice ``spacing``) that a
    honeycomb holds inside the margins: both hexagon orientations, both sheet
    orientations, lattice offsets sampled over one cell."""
    best = 0
    usable_w, usable_h = sheet.width - 2 * sheet.margin, sheet.height - 2 * sheet.margin
    for w, h in ((usable_w, usable_h), (usable_h, usable_w)):  # sheet turned 90°
        for flat_top in (True, False):
            # Columns of hexagons `spacing` apart, columns spacing·√3/2 apart, shifted
            # by half a spacing; the hexagon's bbox is (2·across/√3) × across (flat top).
            bw, bh = (2 * across / SQRT3, across) if flat_top else (across, 2 * across / SQRT3)
            step = spacing * SQRT3 / 2
            col, row = (step, spacing) if flat_top else (spacing, step)
            for i, j in itertools.product(range(steps), repeat=2):
                ox, oy = col * i / steps, row * j / steps
                best = max(best, _count(w, h, bw, bh, col, row, ox, oy, flat_top))
    return best


def _count(w, h, bw, bh, col, row, ox, oy, flat_top):
    n = 0
    for a in range(-1, int(w / col) + 2):
        for b in range(-1, int(h / row) + 2):
            if flat_top:
                x, y = ox + a * col, oy + b * row + (a % 2) * row / 2
            else:
                x, y = ox + a * col + (b % 2) * col / 2, oy + b * row
            inside_x = x - bw / 2 >= -1e-9 and x + bw / 2 <= w + 1e-9
            n += inside_x and y - bh / 2 >= -1e-9 and y + bh / 2 <= h + 1e-9
    return n


# ---- the sheet ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["600x400", "600X400", "600×400", " 600 x 400 ", "600.0x400"])
def test_sheet_sizes_parse(text):
    sheet = SheetSpec.parse(text, 5)
    assert (sheet.width, sheet.height, sheet.margin) == (600, 400, 5)
    assert sheet.usable == (5, 5, 595, 395)


@pytest.mark.parametrize("text", ["600", "600x", "x400", "600x400x3", "abc", "", "-600x400"])
def test_bad_sheet_sizes_name_the_option(text):
    with pytest.raises(ParameterError) as err:
        SheetSpec.parse(text)
    assert err.value.parameter == "sheet_size" and "600x400" in str(err.value)


@pytest.mark.parametrize("margin", [-1, math.inf, math.nan, 200, 250])
def test_margins_must_leave_room(margin):
    with pytest.raises(ParameterError) as err:
        SheetSpec(600, 400, margin)
    assert err.value.parameter == "sheet_margin"


@pytest.mark.parametrize("size", [(0, 400), (600, -1), (math.inf, 400)])
def test_sheet_sides_must_be_positive(size):
    with pytest.raises(ParameterError) as err:
        SheetSpec(*size)
    assert err.value.parameter == "sheet_size"


# ---- footprints ---------------------------------------------------------------------


def test_hexagon_spacing_shared_and_separate():
    g = TileGeometry.from_width(100, kerf=0.1)
    shared, separate = tile_footprint(g, True), tile_footprint(g, False)
    assert shared.spacing == pytest.approx(100.1)  # cut lines coincide
    assert separate.spacing == pytest.approx(100.2)  # cut lines one kerf apart
    # Both keep the burnt edge (cut line + kerf/2) as footprint: 100.2 across flats.
    x0, y0, x1, y1 = shared.extent(0.0)
    assert (y1 - y0, x1 - x0) == pytest.approx((100.2, 2 * 100.2 / SQRT3))


def test_uncompensated_tiles_share_at_their_drawn_width():
    g = TileGeometry.from_width(100, kerf=0.2, compensate_kerf=False)
    assert tile_footprint(g, True).spacing == pytest.approx(100.0)


@pytest.mark.parametrize("kerf", [0.0, 0.1, 0.3])
def test_rosette_lattice_spacing_is_where_footprints_just_touch(kerf):
    g = TileGeometry.from_width(80, kerf=kerf, outline="rosette")
    burn = g.cut_offset + kerf / 2
    spacing = tile_footprint(g, False).spacing
    rosette = Polygon(g.finished_outline().offset_by(burn).path().points)
    # The convex parts put together are the grown rosette.
    union = unary_union([Polygon(p) for p in convex_parts(g, burn)])
    assert union.symmetric_difference(rosette).area < 1e-6
    for d in (30, 90, 150):  # the tile lattice directions
        ux, uy = math.cos(math.radians(d)), math.sin(math.radians(d))
        apart = affinity.translate(rosette, ux * spacing, uy * spacing)
        closer = affinity.translate(rosette, ux * (spacing - 0.01), uy * (spacing - 0.01))
        assert rosette.intersection(apart).area < 1e-6
        assert rosette.intersection(closer).area > 1e-6
    assert spacing >= 80 + 2 * burn - 1e-9


def test_disc_footprint_box_is_exact():
    fp = disc_footprint(20, 0.05, 0.1)
    assert fp.spacing == pytest.approx(20.2)
    for r in (0.0, 30.0):
        x0, y0, x1, y1 = fp.extent(r)
        assert (x1 - x0, y1 - y0) == pytest.approx((20.2, 20.2))


@given(
    st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5)), min_size=3, max_size=8),
    st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5)), min_size=3, max_size=8),
)
def test_minkowski_sum_is_the_hull_of_pairwise_sums(a, b):
    pa, pb = Polygon(a).convex_hull, Polygon(b).convex_hull
    if pa.area < 1e-3 or pb.area < 1e-3:
        return
    qa, qb = _ccw(pa), _ccw(pb)
    got = Polygon(minkowski_sum(qa, qb))
    want = Polygon([(x + u, y + v) for x, y in qa for u, v in qb]).convex_hull
    assert got.is_valid
    assert got.symmetric_difference(want).area < 1e-6 * want.area + 1e-9


def _ccw(polygon: Polygon):
    return tuple(orient(polygon, 1.0).exterior.coords)[:-1]


def test_contact_spacing_of_a_square_lattice_piece():
    square = ((-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0))
    # Along 30°, a 2 × 2 square needs 2 / cos 30° before copies stop overlapping.
    assert contact_spacing([square]) == pytest.approx(2 / math.cos(math.radians(30)))


# ---- arrangements -------------------------------------------------------------------


def test_twenty_100mm_tiles_on_600_by_400_with_5mm_margins():
    g = TileGeometry.from_width(100, kerf=0.1)
    sheet = SheetSpec(600, 400, 5)
    placed = arrange(tile_footprint(g, True), sheet)
    assert len(placed) >= 20
    assert sheet.area / g.area == pytest.approx(27.7, abs=0.05)


@pytest.mark.parametrize(
    "size,width,kerf,margin",
    [
        ((600, 400), 100, 0.1, 5),
        ((300, 200), 100, 0.1, 5),
        ((600, 450), 100, 0.1, 5),
        ((400, 600), 100, 0.2, 3),
        ((500, 500), 80, 0.15, 0),
        ((1000, 600), 120, 0.1, 10),
        ((350, 220), 60, 0.3, 5),
    ],
)
def test_at_least_the_best_honeycomb(size, width, kerf, margin):
    g = TileGeometry.from_width(width, kerf=kerf)
    sheet = SheetSpec(*size, margin)
    for shared in (True, False):
        fp = tile_footprint(g, shared)
        across = width + 2 * kerf  # cut line + burn on both sides
        best = brute_force_honeycomb(across, fp.spacing, sheet)
        assert len(arrange(fp, sheet)) >= best


@settings(max_examples=25)
@given(
    st.floats(150, 900), st.floats(150, 900), st.floats(40, 140), st.floats(0, 0.3), st.floats(0, 8)
)
def test_lattice_alone_matches_the_best_honeycomb(w, h, width, kerf, margin):
    g = TileGeometry.from_width(width, kerf=kerf)
    sheet = SheetSpec(w, h, margin)
    fp = tile_footprint(g, True)
    best = brute_force_honeycomb(width + 2 * kerf, fp.spacing, sheet, steps=12)
    assert len(arrange(fp, sheet, fill=False)) >= best


def test_leftover_space_takes_turned_tiles():
    # 600 × 450: the best honeycomb holds 21; the strips left over take one more.
    g = TileGeometry.from_width(100, kerf=0.1)
    sheet = SheetSpec(600, 450, 5)
    fp = tile_footprint(g, True)
    lattice_only = arrange(fp, sheet, fill=False)
    placed = arrange(fp, sheet)
    assert len(lattice_only) == brute_force_honeycomb(100.2, fp.spacing, sheet) == 21
    assert len(placed) == 22
    assert any(not p.lattice for p in placed)
    assert_valid(placed, fp, sheet)


def assert_valid(placed, fp, sheet):
    """Inside the margins; lattice neighbours one spacing apart (sharing a cut line),
    all other footprints apart."""
    x0, y0, x1, y1 = sheet.usable
    shapes = [Polygon(fp.placed(p)) for p in placed]
    for s in shapes:
        bx0, by0, bx1, by1 = s.bounds
        assert bx0 >= x0 - 1e-6 and by0 >= y0 - 1e-6 and bx1 <= x1 + 1e-6 and by1 <= y1 + 1e-6
    for (i, p), (j, q) in itertools.combinations(enumerate(placed), 2):
        d = math.hypot(p.x - q.x, p.y - q.y)
        if p.lattice and q.lattice:
            assert d >= fp.spacing - 1e-6
        else:
            assert shapes[i].intersection(shapes[j]).area < 1e-6


@pytest.mark.parametrize("outline", ["hexagon", "rosette"])
@pytest.mark.parametrize("shared", [True, False])
def test_arrangements_are_valid(outline, shared):
    g = TileGeometry.from_width(90, kerf=0.0 if shared else 0.2, outline=outline)
    fp = tile_footprint(g, shared)
    sheet = SheetSpec(520, 430, 4)
    placed = arrange(fp, sheet)
    assert placed
    assert_valid(placed, fp, sheet)


# ---- the bound on the pieces still to come ------------------------------------------


@st.composite
def trimmed_lattices(draw):
    """A footprint, a sheet and a lattice's stacks as arrange tries them: whole, or with
    stacks left out or shortened."""
    g = TileGeometry.from_width(
        draw(st.floats(50, 130)),
        kerf=draw(st.floats(0, 0.3)),
        outline=draw(st.sampled_from(["hexagon", "rosette"])),
    )
    fp = tile_footprint(g, draw(st.booleans()))
    sheet = SheetSpec(draw(st.floats(200, 520)), draw(st.floats(150, 420)), draw(st.floats(0, 8)))
    stacks = honeycomb(
        fp, sheet, draw(st.sampled_from(ORIENTATIONS)), draw(st.sampled_from([0.0, 0.5]))
    )
    stacks = stacks[: max(0, len(stacks) - draw(st.integers(0, 3)))]
    if draw(st.booleans()):
        stacks = [s[:-1] for s in stacks]
    return fp, sheet, stacks


@settings(max_examples=30, deadline=None)
@given(trimmed_lattices())
def test_the_room_bound_is_never_below_what_the_fill_adds(case):
    fp, sheet, stacks = case
    lattice = [p for s in stacks for p in s]
    added = fill_leftover(fp, sheet, lattice)
    assert_valid([*lattice, *added], fp, sheet)
    # before every piece the fill adds, the bound holds for the pieces still to come
    obstacles = Obstacles([fp.placed(p) for p in lattice])
    for k, p in enumerate(added):
        assert extra_bound(fp, sheet, obstacles) >= len(added) - k
        obstacles.add(fp.placed(p))
    assert extra_bound(fp, sheet, obstacles) >= 0


@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_room_bound_holds_for_the_best_layout_of_an_empty_sheet(width):
    # Hexagons cut separately never overlap, on the lattice or off it, so the bound
    # covers the whole layout. (Rosettes on their lattice interlock: their hulls overlap,
    # so there the bound is only about pieces off the lattice, as the fill adds them.)
    g = TileGeometry.from_width(width, kerf=0.2)
    fp = tile_footprint(g, False)
    for size in [(600, 400), (300, 200), (400, 400)]:
        sheet = SheetSpec(*size, 5)
        assert extra_bound(fp, sheet, Obstacles()) >= len(arrange(fp, sheet))


def test_the_room_bound_counts_a_strip_by_its_length():
    # A sheet one flat-top hexagon high (and half a mm) and five corner to corner wide:
    # the row holds five (turned ones are too tall), the free area would count six.
    g = TileGeometry.from_width(100, kerf=0.1)
    fp = tile_footprint(g, False)
    x0, y0, x1, y1 = fp.extent(0.0)
    sheet = SheetSpec(5 * (x1 - x0) + 10, (y1 - y0) + 10.5, 5)
    by_area = int(sheet.usable_area / Polygon(fp.hull).area)
    assert by_area == 6
    assert extra_bound(fp, sheet, Obstacles()) == 5
    assert len(fill_leftover(fp, sheet, [])) == 5


def test_a_strip_narrower_than_a_piece_counts_by_its_length():
    # Flat-top hexagons on a sheet 30 mm higher than one of them: the centres of
    # upright ones lie in a strip 30 mm high, where no two can sit one above the
    # other. Groemer's bound on that strip is looser than counting along it.
    g = TileGeometry.from_width(80, kerf=0.1)
    fp = tile_footprint(g, False)
    x0, y0, x1, y1 = fp.extent(0.0)
    sheet = SheetSpec(6 * (x1 - x0) + 10, (y1 - y0) + 40, 5)
    d = 2 * (y1 - y0) / 2 - 2e-5  # twice the inradius, as the bound takes it
    length, across = sheet.usable[2] - sheet.usable[0] - (x1 - x0), 30.0
    groemer = 2 / SQRT3 * length * across / d**2 + (2 * length + 2 * across) / (2 * d) + 1
    along = length / math.sqrt(d**2 - across**2) + 1
    assert int(along) < int(groemer)
    added = fill_leftover(fp, sheet, [])
    assert len(added) <= extra_bound(fp, sheet, Obstacles()) <= int(along)


@settings(max_examples=10, deadline=None)
@given(trimmed_lattices())
def test_the_fill_takes_the_lowest_free_spot_each_time(case):
    fp, sheet, stacks = case
    lattice = [p for s in stacks for p in s]
    added = fill_leftover(fp, sheet, lattice, runs=[len(s) for s in stacks])
    assert_valid([*lattice, *added], fp, sheet)
    # from the lowest spot up
    assert all(b.y >= a.y - 1e-6 for a, b in itertools.pairwise(added))
    obstacles = Obstacles([fp.placed(p) for p in lattice])
    for p in [*added, None]:
        below = p.y - 1e-3 if p else math.inf
        for r in ORIENTATIONS:
            assert not _fits_somewhere_below(fp.rotated(r), obstacles.polygons, sheet, below)
            # the free centres kept up to date are those of a fresh start, and none
            # lies below the spot taken
            kept = obstacles.free(fp.rotated(r), sheet)
            fresh = Obstacles(obstacles.polygons).free(fp.rotated(r), sheet)
            assert (kept is None) == (fresh is None)
            if kept is not None:
                assert kept.symmetric_difference(fresh).area < 1e-6
                assert not p or fresh.is_empty or fresh.bounds[1] >= below - 1e-5
        if p:
            obstacles.add(fp.placed(p))


def _fits_somewhere_below(shape, polygons, sheet, below, step=5.0):
    """Whether ``shape`` fits at a centre on a grid of ``step`` mm below ``below``."""
    import numpy as np
    import shapely

    hx0, hy0, hx1, hy1 = Polygon(shape).bounds
    ux0, uy0, ux1, uy1 = sheet.usable
    xs = np.arange(ux0 - hx0, ux1 - hx1 + 1e-9, step)
    ys = np.arange(uy0 - hy0, min(uy1 - hy1, below) + 1e-9, step)
    if not len(xs) or not len(ys):
        return False
    blocked = unary_union([Polygon(p) for p in polygons])
    probe = np.asarray(shape)
    moved = [shapely.polygons(np.add(probe, (x, y))) for x in xs for y in ys]
    return bool((shapely.area(shapely.intersection(moved, blocked)) < 1e-6).any())


# ---- sheet plans --------------------------------------------------------------------


def test_full_sheets_first_then_a_compact_rest():
    g = TileGeometry.from_width(100, kerf=0.1)
    fp = tile_footprint(g, True)
    plans = plan_sheets(fp, SheetSpec(600, 400, 5), 45)
    assert [len(p) for p in plans] == [20, 20, 5]
    assert neighbour_pairs(plans[2], fp.spacing) == 7  # the most 5 hexagons can share


def neighbour_pairs(placed, spacing):
    return sum(
        abs(math.hypot(p.x - q.x, p.y - q.y) - spacing) < 1e-6
        for p, q in itertools.combinations(placed, 2)
    )


@pytest.mark.parametrize("n", [2, 3, 4, 7, 10, 12])
def test_partial_sheets_share_as_many_edges_as_a_compact_group(n):
    g = TileGeometry.from_width(60, kerf=0.1)
    fp = tile_footprint(g, True)
    every = arrange(fp, SheetSpec(600, 400, 5), fill=False)
    chosen = compact_subset(every, n, fp.spacing)
    # A hexagonal group of n cells has at most 3n - ceil(sqrt(12n - 3)) inner edges.
    best = 3 * n - math.ceil(math.sqrt(12 * n - 3))
    assert len(chosen) == n
    assert neighbour_pairs(chosen, fp.spacing) >= best - 1


def test_a_tile_larger_than_the_sheet_is_refused():
    g = TileGeometry.from_width(100, kerf=0.1)
    with pytest.raises(ParameterError) as err:
        plan_sheets(tile_footprint(g, True), SheetSpec(110, 300, 5), 3)
    assert err.value.parameter == "sheet_size" and "leaves 100 × 290 mm" in str(err.value)


def test_absurd_counts_are_refused():
    g = TileGeometry.from_width(100)
    with pytest.raises(ParameterError) as err:
        plan_sheets(tile_footprint(g, True), SheetSpec(300, 200, 5), 3 * MAX_SHEETS + 1)
    assert err.value.parameter == "count" and str(MAX_SHEETS) in str(err.value)
