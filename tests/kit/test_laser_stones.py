"""A kit whose stones and markers are cut by laser: as many growing and dead markers as
the bill of materials says, each kind engraved with its own symbol, and one sheet
report of every sheet the kit cuts, by the names of its files."""

import itertools
import json
import math

import pytest

from fabgen.geometry.symbols import MARKER_SYMBOLS, symbol_outline
from tests.readback import read_dxf, read_svg


@pytest.fixture(scope="module")
def laser_kit(tmp_path_factory, rule_sheets_drawn_once):
    from click.testing import CliRunner

    from fabgen.cli import main

    root = tmp_path_factory.mktemp("laser-kit")
    kit = root / "kit.toml"
    kit.write_text(
        '[kit]\nboard = "2p-diamond-5-machines"\npaper = "a4"\n'
        '[laser]\nsheet = "400x300"\nthickness = 4\n[stones]\ndesign = "laser"\n'
    )
    result = CliRunner().invoke(main, ["build", str(kit), "--quiet", "--out", str(root / "out")])
    assert result.exit_code == 0, result.output
    return root / "out"


def _sheets(out, prefix):
    return sorted((out / "laser").glob(f"{prefix}-sheet-*.svg"))


def _marks_per_marker(drawing):
    """Per cut disc: the engraved circles and polygons whose centre is the disc's."""
    marks = {}
    for x, y, r in drawing.circles["cut"]:
        mine = [c for c in drawing.circles.get("engrave", []) if math.dist(c[:2], (x, y)) < 1e-6]
        polygons = [
            p for p in drawing.polylines.get("engrave", []) if math.dist(_mean(p), (x, y)) < 1e-3
        ]
        marks[(x, y)] = (tuple(sorted(round(c[2], 4) for c in mine)), len(polygons), r)
    return marks


def _mean(points):
    return (
        sum(p[0] for p in points) / len(points),
        sum(p[1] for p in points) / len(points),
    )


def test_as_many_markers_of_each_kind_as_the_bill_of_materials_says(laser_kit):
    bom = json.loads((laser_kit / "bom.json").read_text())
    assert bom["markers"]["growing"] != bom["markers"]["dead"]  # this board's supply
    for kind in ("growing", "dead"):
        sheets = _sheets(laser_kit, f"markers-{kind}")
        assert sheets
        count = sum(len(read_svg(p.read_bytes()).circles["cut"]) for p in sheets)
        dxf = sum(len(read_dxf(p.with_suffix(".dxf").read_bytes()).circles["cut"]) for p in sheets)
        assert count == dxf == bom["markers"][kind]
        assert f"Atlantis {kind} markers" in sheets[0].read_text()


def test_each_marker_is_engraved_with_its_kind_s_symbol(laser_kit):
    seen = {}
    for kind in ("growing", "dead"):
        (sheet, *_) = _sheets(laser_kit, f"markers-{kind}")
        for fmt, drawing in (
            ("svg", read_svg(sheet.read_bytes())),
            ("dxf", read_dxf(sheet.with_suffix(".dxf").read_bytes())),
        ):
            marks = _marks_per_marker(drawing)
            # Every marker carries the same mark, and it fits well inside the disc.
            assert len({m[:2] for m in marks.values()}) == 1, (kind, fmt)
            circles, polygons, r = next(iter(marks.values()))
            outline = symbol_outline(MARKER_SYMBOLS[kind], 0.225 * 2 * (r - 0.075))
            assert circles == tuple(sorted(round(c, 4) for c in outline.circles))
            assert polygons == len(outline.polygons)
            assert all(c < r / 2 for c in circles)
            seen[kind] = (circles, polygons)
    assert seen["growing"] != seen["dead"]  # told apart on the table


def test_the_sheet_report_covers_every_sheet_the_kit_cuts(laser_kit):
    report = json.loads((laser_kit / "laser/sheets-report.json").read_text())
    on_disc = {p.name for p in (laser_kit / "laser").glob("*-sheet-*.*")}
    listed = {name for sheet in report["sheets"] for name in sheet["files"]}
    assert listed == on_disc
    bom = json.loads((laser_kit / "bom.json").read_text())
    assert report["totals"]["markers"]["pieces"] == sum(
        bom["markers"][k] for k in ("growing", "dead")
    )
    colours = len(bom["stones"]["colours"])
    assert report["totals"]["stones"]["pieces"] == colours * bom["stones"]["per_colour"]
    text = (laser_kit / "laser/sheets-report.txt").read_text()
    for sheet in report["sheets"]:
        assert text.count(sheet["name"] + ":") == 1
    assert sum(s["laser_time_s"] for s in report["sheets"]) == pytest.approx(
        report["total"]["laser_time_s"], abs=1
    )


def test_the_readme_says_which_sheet_is_whose_and_what_the_colours_mean(laser_kit):
    bom = json.loads((laser_kit / "bom.json").read_text())
    lines = (laser_kit / "README.txt").read_text().splitlines()
    for k, colour in enumerate(bom["stones"]["colours"]):
        (line,) = [x for x in lines if x.strip().startswith(f"laser/stones-colour-{k + 1}-sheet-*")]
        assert f"cut from {colour} material" in line
        assert list(laser_kit.glob(line.split()[0].removesuffix(":")))
    for kind in ("growing", "dead"):
        (line,) = [x for x in lines if x.strip().startswith(f"laser/markers-{kind}-sheet-*")]
        assert f"{bom['markers'][kind]} {kind} markers" in line
    (start,) = [k for k, x in enumerate(lines) if x.strip().startswith("laser/ ")]
    note = [lines[start]]  # the folder's note, with the lines it wraps onto
    note += itertools.takewhile(lambda x: x.startswith("           "), lines[start + 1 :])
    laser = " ".join(" ".join(note).split())
    assert "cut red lines, engrave black, tile numbers green" in laser


def _svg_title(path):
    from xml.etree import ElementTree

    return ElementTree.fromstring(path.read_bytes()).find("{http://www.w3.org/2000/svg}title").text


def test_each_stone_sheet_names_its_colour_as_the_readme_does(laser_kit):
    """The maker reads "colour 2 (blue)" on the sheet, its report line and its DXF, the
    colour README.txt and the bill of materials give seat 2's stones."""
    bom = json.loads((laser_kit / "bom.json").read_text())
    report = json.loads((laser_kit / "laser/sheets-report.json").read_text())
    text = (laser_kit / "laser/sheets-report.txt").read_text()
    stone_sheets = [s for s in report["sheets"] if s["kind"] == "stones"]
    assert {s["colour"] for s in stone_sheets} == set(range(1, len(bom["stones"]["colours"]) + 1))
    for sheet in stone_sheets:
        k, name = sheet["colour"], sheet["colour_name"]
        assert name == bom["stones"]["colours"][k - 1]
        svg = laser_kit / "laser" / f"{sheet['name']}.svg"
        assert _svg_title(svg).startswith(f"Atlantis stones, colour {k} ({name}), sheet ")
        assert read_svg(svg.read_bytes()).metadata["colour_name"] == name
        dxf = read_dxf(svg.with_suffix(".dxf").read_bytes()).metadata
        assert dxf["title"] == _svg_title(svg) and dxf["colour_name"] == name
        (line,) = [x for x in text.splitlines() if x.startswith(sheet["name"] + ":")]
        assert f" stones (colour {k}, {name})," in line
    assert all(s["colour_name"] is None for s in report["sheets"] if s["kind"] != "stones")


def test_the_bill_of_materials_says_the_stones_are_cut_discs(laser_kit):
    """bom.txt read "2 colours (red, blue); laser, on 1 sheet per colour": the design's
    key word, not what the stones are. The count and sheets are bom.json's."""
    bom = json.loads((laser_kit / "bom.json").read_text())
    s = bom["stones"]
    (line,) = [x for x in (laser_kit / "bom.txt").read_text().splitlines() if "  stones  " in x]
    sheets = f"{s['sheets']} sheet{'' if s['sheets'] == 1 else 's'} per colour"
    assert f"({', '.join(s['colours'])}); laser-cut discs, on {sheets}" in line, line


def test_the_sheet_thickness_given_is_the_material_and_the_cut_pieces_thickness(laser_kit):
    """[laser] thickness is what the tiles, stones and markers are cut from (4 mm here, 3 mm
    by default): the bill of materials buys it, and a stack of cut stones rises by it."""
    bom = json.loads((laser_kit / "bom.json").read_text())
    assert bom["tiles"]["thickness_mm"] == 4
    assert bom["stones"]["height_mm"] == bom["stones"]["pitch_mm"] == 4
    assert bom["markers"]["thickness_mm"] == 4
    text = (laser_kit / "bom.txt").read_text()
    said = "  tile material      4 mm sheet (set by Sheet thickness on the kit page or [laser]"
    assert said in text
    assert "4 mm thick" in text and "4 mm high (the sheet's thickness)" in text
