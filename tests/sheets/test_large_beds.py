"""Small pieces on large laser beds: a sheet with room for far more pieces than nest
quickly is nested on the corner part the pieces need (docs/design-notes.md, *Laser
sheets on any bed*). Such runs were refused ("fabgen nests at most 200 such pieces per
sheet") even for a handful of tiles on a 1300×900 mm bed."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from shapely.geometry import box
from shapely.ops import unary_union

from fabgen.cli import main
from fabgen.geometry.nesting import SheetSpec, area_bound, tile_footprint
from fabgen.geometry.nesting.polygons import area
from fabgen.geometry.tile import TileGeometry
from fabgen.limits import MAX_STONES_PER_SHEET, MAX_TILES_PER_SHEET
from tests.sheets.sheet_readback import cut_entities, dxf_entities, faces, read_dxf


def run_sheet(out_dir, *args) -> dict:
    result = CliRunner().invoke(
        main, ["sheet", *args, "--out", str(out_dir), "--format", "json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return json.loads((out_dir / "sheets-report.json").read_text())


def tile_faces(out_dir, name: str, geometry: TileGeometry):
    cuts = cut_entities(read_dxf((out_dir / f"{name}.dxf").read_bytes()))
    return [f for f in faces(cuts) if f.area > 0.5 * geometry.area]


@pytest.mark.parametrize(
    "sheet,width,count",
    [("1300x900", 30, 19), ("1300x900", 60, 19), ("430x390", 30, 19), ("600x400", 30, 37)],
)
def test_a_few_small_tiles_on_a_large_bed_are_cut_as_one_compact_group(
    tmp_path, sheet, width, count
):
    geometry = TileGeometry.from_width(width, kerf=0.15)
    w, h = (float(v) for v in sheet.split("x"))
    spec = SheetSpec(w, h)
    # The bed has room for more tiles than fabgen nests on a whole sheet.
    hull = tile_footprint(geometry, True).hull
    assert area_bound(spec.usable_area, area(hull)) > MAX_TILES_PER_SHEET
    report = run_sheet(
        tmp_path, "--count", count, "--width", width, "--sheet", sheet, "--kerf", "0.15"
    )
    assert [s["pieces"] for s in report["sheets"]] == [count]
    found = tile_faces(tmp_path, "sheet-1", geometry)
    assert len(found) == count
    group = unary_union(found)
    # Every tile lies inside the margins ...
    assert box(*spec.usable).contains(group)
    # ... and together they make a compact group in the corner, as a person would lay
    # them out: their box is at most twice the area they cover, and it touches the corner.
    x0, y0, x1, y1 = group.bounds
    assert (x1 - x0) * (y1 - y0) < 2 * group.area
    assert x0 < spec.margin + width and y0 < spec.margin + width


def test_a_large_bed_holds_as_many_tiles_as_were_asked_on_one_sheet(tmp_path):
    # 500 tiles of 30 mm: more than the 200 nested on a whole sheet, fewer than the
    # 1300×900 mm bed holds; one sheet, not three.
    geometry = TileGeometry.from_width(30, kerf=0.1)
    report = run_sheet(
        tmp_path, "--count", 500, "--width", 30, "--sheet", "1300x900", "--kerf", "0.1"
    )
    assert [s["pieces"] for s in report["sheets"]] == [500]
    found = tile_faces(tmp_path, "sheet-1", geometry)
    assert len(found) == 500
    assert box(*SheetSpec(1300, 900).usable).contains(unary_union(found))


def test_stones_on_a_large_bed_are_cut_in_one_corner(tmp_path):
    spec = SheetSpec(3000, 3000, 0)
    disc = 6.0  # the smallest laser-cut stone
    assert spec.usable_area / (disc * disc) > MAX_STONES_PER_SHEET
    report = run_sheet(
        tmp_path,
        "--stones",
        30,
        "--stone-diameter",
        disc,
        "--colours",
        1,
        "--sheet",
        "3000x3000",
        "--margin",
        0,
    )
    assert [s["pieces"] for s in report["sheets"]] == [30]
    doc = read_dxf((tmp_path / "stones-colour-1-sheet-1.dxf").read_bytes())
    circles = [e.entity for e in dxf_entities(doc) if e.kind == "CIRCLE" and e.layer == "cut"]
    assert len(circles) == 30
    xs = [c.dxf.center.x for c in circles]
    ys = [c.dxf.center.y for c in circles]
    assert min(xs) > 0 and min(ys) > 0
    assert max(xs) < 30 * disc and max(ys) < 30 * disc


def test_a_bed_that_nests_whole_is_nested_as_before(tmp_path):
    # 600×400 mm and 100 mm tiles (27 by area): the whole sheet is nested, 20 tiles.
    report = run_sheet(tmp_path, "--count", 40, "--kerf", "0.1")
    assert [s["pieces"] for s in report["sheets"]] == [20, 20]
