"""The sheet product: sheets read back, the report against the parameters, and the
kit's tile sheets as ``fabgen sheet`` cuts them."""

import json
import re
from dataclasses import replace

import pytest

from fabgen.draw.laser_job import LaserSpeeds
from fabgen.draw.sheet import SheetJob, StoneOptions, TileSheetOptions
from fabgen.geometry.nesting import SheetSpec
from fabgen.geometry.tile import TileGeometry
from fabgen.products.sheet import (
    SheetParams,
    default_stone_diameter,
    nest,
    sheet_files,
    sheet_report,
)
from tests.readback import read_dxf, read_svg

GEOMETRY = TileGeometry.from_width(60)
JOB = SheetJob(
    geometry=GEOMETRY,
    sheet=SheetSpec.parse("300x200", 5.0),
    tiles=5,
    tile_options=TileSheetOptions(numbers=True),
    stones=StoneOptions(4, default_stone_diameter(GEOMETRY), 2),
)
PARAMS = SheetParams(JOB, LaserSpeeds(12, 120, 250), {"tiles": 5, "note": "test"})


@pytest.fixture(scope="module")
def made():
    return sheet_files(PARAMS)


def test_every_sheet_has_an_svg_and_a_dxf_and_the_report_a_file(made):
    names = sorted(made.files)
    assert "sheets-report.json" in names
    stems = {n.rsplit(".", 1)[0] for n in names if n != "sheets-report.json"}
    assert stems == {s["name"] for s in made.report["sheets"]}
    assert all(f"{stem}.svg" in names and f"{stem}.dxf" in names for stem in stems)
    assert json.loads(made.files["sheets-report.json"]) == made.report


def test_the_sheets_hold_the_pieces_asked_for(made):
    tiles = [s for s in made.report["sheets"] if s["kind"] == "tiles"]
    numbers = []
    for s in tiles:
        svg, dxf = (
            read_svg(made.files[f"{s['name']}.svg"]),
            read_dxf(made.files[f"{s['name']}.dxf"]),
        )
        assert len(dxf.circles["engrave"]) == len(svg.circles["engrave"]) == 7 * s["pieces"]
        numbers += svg.texts["label"]
    assert sorted(numbers, key=int) == ["1", "2", "3", "4", "5"]
    stones = [s for s in made.report["sheets"] if s["kind"] == "stones"]
    assert {s["colour"] for s in stones} == {1, 2}
    for s in stones:
        cut = read_svg(made.files[f"{s['name']}.svg"]).circles["cut"]
        assert len(cut) == s["pieces"]
        assert all(
            2 * r == pytest.approx(default_stone_diameter(GEOMETRY), abs=0.5) for *_, r in cut
        )


def test_the_report_follows_the_parameters(made):
    assert made.report["settings"] == {"tiles": 5, "note": "test"}
    assert made.report["speeds_mm_per_s"] == {"cut": 12, "engrave": 120, "travel": 250}
    assert made.report["totals"]["tiles"]["pieces"] == 5
    assert made.report["totals"]["stones"]["pieces"] == 8  # 4 per colour, 2 colours
    assert all(s["sheet_mm"] == [300, 200] and s["margin_mm"] == 5 for s in made.report["sheets"])


def test_given_sheets_are_not_nested_again_and_a_prefix_names_them():
    first = nest(PARAMS)[:1]
    made = sheet_files(replace(PARAMS, prefix="tiles-", report_name=None), first)
    assert sorted(made.files) == [f"tiles-{first[0].name}.dxf", f"tiles-{first[0].name}.svg"]
    assert made.report is None
    assert sheet_report(PARAMS, first)["total"]["sheets"] == 1


def test_the_stone_default_sits_inside_the_circle():
    assert default_stone_diameter(GEOMETRY) == round(0.9 * GEOMETRY.circle_diameter, 3)
    assert default_stone_diameter(GEOMETRY) < GEOMETRY.circle_diameter


def without_settings(data: bytes) -> bytes:
    """A sheet without the settings it records (its origin differs by front end)."""
    return re.sub(rb"<fabgen:settings>.*?</fabgen:settings>", b"", data)


def test_the_kit_cuts_its_tiles_as_fabgen_sheet_does(cli, tmp_path, default_plan, kit_files):
    tiles = len(default_plan.board.tiles)  # templates/kit.toml: no spares
    result = cli(
        "sheet", "--count", tiles, "--kerf", "0.15", "--border", "1.5", "--numbers",
        "--margin", "5", "--out", tmp_path,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    sheets = sorted(p.name for p in tmp_path.glob("sheet-*.svg"))
    assert sheets and sheets == sorted(
        n.removeprefix("laser/tiles-")
        for n in kit_files
        if n.startswith("laser/tiles-") and n.endswith(".svg")
    )
    for name in sheets:
        ours = (tmp_path / name).read_bytes()
        assert without_settings(ours) == without_settings(kit_files[f"laser/tiles-{name}"])
    ours = json.loads((tmp_path / "sheets-report.json").read_bytes())
    theirs = json.loads(kit_files["laser/sheets-report.json"])
    assert ours["total"] == theirs["total"] and ours["totals"] == theirs["totals"]


def test_the_configurator_shows_the_kit_first_sheet(default_plan, kit_files):
    from fabgen.web.kitform import _first_sheet

    shown = _first_sheet(default_plan)
    assert shown["svg"].encode("utf-8") == kit_files["laser/tiles-sheet-1.svg"]
    assert shown["report"] + "\n" == kit_files["laser/sheets-report.txt"].decode("utf-8")
