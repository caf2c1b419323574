"""Rosettes on a turned lattice: more pieces where the turn wins, the same layout where
it does not, and sheets that read back without overlaps (docs/design-notes.md, *Laser
sheets on any bed*)."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon
from shapely.ops import unary_union

from fabgen.cli import main
from fabgen.geometry.nesting import (
    SheetSpec,
    arrange,
    convex_parts,
    disc_footprint,
    tile_footprint,
)
from fabgen.geometry.nesting.footprint import ROSETTE_TURNS
from fabgen.geometry.tile import TileGeometry
from tests.sheets.sheet_readback import (
    coverage_counts,
    cut_entities,
    faces,
    overlapping_length,
    read_dxf,
)

BEDS = ((600, 400), (495, 279), (300, 200))
#: Where the measurement of 2026-11-30 found a turned lattice holding one more rosette.
WINS = {((600, 400), 85), ((495, 279), 60), ((495, 279), 105), ((300, 200), 80)}


@pytest.mark.parametrize("bed", BEDS)
def test_turned_lattices_never_place_fewer_rosettes_and_win_where_measured(bed):
    """Every rosette width from 50 to 120 mm (0.15 mm kerf, 5 mm margins): the search
    with the turns places at least as many as without them, the very same layout when
    not more, and one more in the measured cases."""
    sheet = SheetSpec(*bed, 5.0)
    for width in range(50, 125, 5):
        fp = tile_footprint(TileGeometry.from_width(width, kerf=0.15, outline="rosette"), False)
        assert fp.turns == ROSETTE_TURNS
        before = arrange(dataclasses.replace(fp, turns=()), sheet)
        now = arrange(fp, sheet)
        if (bed, width) in WINS:
            assert len(now) == len(before) + 1, width
            assert {round(p.rotation, 4) for p in now if p.lattice} <= {
                round(t, 4) for t in ROSETTE_TURNS
            }
        else:
            assert now == before, width


@settings(max_examples=20, deadline=None)
@given(
    st.floats(150, 700), st.floats(150, 500), st.floats(40, 130), st.floats(0, 0.3), st.booleans()
)
def test_any_sheet_keeps_at_least_as_many_rosettes_none_overlapping(w, h, width, kerf, shared):
    """Any bed and rosette: the turns never lose a piece, and the rosettes placed (their
    cells grown by the burn, or up to the cut line where neighbours share it) overlap
    nothing and stay inside the margins."""
    geometry = TileGeometry.from_width(
        width, kerf=kerf, compensate_kerf=not shared, outline="rosette"
    )
    fp = tile_footprint(geometry, shared)
    sheet = SheetSpec(w, h, 5.0)
    placed = arrange(fp, sheet)
    assert len(placed) >= len(arrange(dataclasses.replace(fp, turns=()), sheet))
    grow = geometry.cut_offset + (0.0 if shared else geometry.kerf / 2)
    shape = unary_union([Polygon(p) for p in convex_parts(geometry, grow)])
    pieces = [
        affinity.translate(affinity.rotate(shape, p.rotation, origin=(0, 0)), p.x, p.y)
        for p in placed
    ]
    _assert_apart(pieces, shrink=0.0)
    x0, y0, x1, y1 = sheet.usable
    for piece in pieces:
        bx0, by0, bx1, by1 = piece.bounds
        assert bx0 >= x0 - 1e-6 and by0 >= y0 - 1e-6 and bx1 <= x1 + 1e-6 and by1 <= y1 + 1e-6


def test_hexagons_and_discs_try_no_turns():
    hexagon = tile_footprint(TileGeometry.from_width(85, kerf=0.15), True)
    assert hexagon.turns == () and disc_footprint(20, 0.075, 0.15).turns == ()


def _sheet(tmp_path, *args) -> tuple[dict, list]:
    out = tmp_path / "out"
    command = ["sheet", "--outline", "rosette", "--width", "85", "--sheet", "600x400", *args]
    command.extend(["--count", "26", "--format", "json", "--out", str(out)])
    result = CliRunner().invoke(main, command, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "sheets-report.json").read_text())
    return report, cut_entities(read_dxf((out / "sheet-1.dxf").read_bytes()))


@pytest.mark.parametrize("kerf", ["0.15", "0.3"])
def test_turned_rosettes_read_back_apart_and_inside_the_margins(tmp_path, kerf):
    """26 rosettes of 85 mm on one 600 × 400 sheet (25 before): the DXF's tiles, grown
    by the half kerf the cut burns, overlap nothing and stay inside the 5 mm margins."""
    geometry = TileGeometry.from_width(85, kerf=float(kerf), outline="rosette")
    report, cuts = _sheet(tmp_path, "--kerf", kerf)
    assert len(report["sheets"]) == 1
    tiles = [f for f in faces(cuts) if f.area > 0.5 * geometry.area]
    assert len(tiles) == 26
    burnt = [t.buffer(geometry.kerf / 2, join_style="mitre") for t in tiles]
    _assert_apart(burnt)
    bounds = [b.bounds for b in burnt]
    x0, y0 = min(b[0] for b in bounds), min(b[1] for b in bounds)
    x1, y1 = max(b[2] for b in bounds), max(b[3] for b in bounds)
    assert x0 >= 5 - 1e-6 and y0 >= 5 - 1e-6 and x1 <= 595 + 1e-6 and y1 <= 395 + 1e-6


def test_turned_rosettes_share_their_edges_and_cut_each_once(tmp_path):
    """An uncompensated kerf: the turned rosettes share cut lines. No cut runs twice,
    every tile's outline is cut exactly once, and the tiles do not overlap."""
    geometry = TileGeometry.from_width(85, kerf=0.3, compensate_kerf=False, outline="rosette")
    report, cuts = _sheet(tmp_path, "--kerf", "0.3", "--no-compensate-kerf")
    placements = report["sheets"][0]["placements"]
    assert len(placements) == 26
    assert overlapping_length(cuts) < 1e-6
    cut = geometry.layout().cut_path
    # Shared: about two thirds of the length of 26 separate outlines.
    separate = 26 * Polygon(cut.flattened(1e-4)).length
    assert sum(e.line().length for e in cuts) < 0.7 * separate
    for p in placements:
        outline = list(cut.transformed(p["rotation"], p["x"], p["y"]).segments())
        assert set(coverage_counts(outline, cuts)) == {1}
    tiles = [f for f in faces(cuts) if f.area > 0.5 * geometry.area]
    assert len(tiles) == 26
    _assert_apart(tiles)


def _assert_apart(shapes, shrink=1e-5):
    """No two overlap by more than rounding: neighbours on the lattice touch along whole
    edges, so each is shrunk by ``shrink`` first (10 nm: a file's coordinates are
    rounded; 0 for the model's own)."""
    inner = [s.buffer(-shrink, join_style="mitre") if shrink else s for s in shapes]
    limit = 1e-9 if shrink else 1e-6
    for a, b in itertools.combinations(inner, 2):
        assert a.intersection(b).area < limit
