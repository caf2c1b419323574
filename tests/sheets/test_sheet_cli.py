"""``fabgen sheet`` on the command line: outputs, report formats and refused input."""

from __future__ import annotations

import json

import pytest


def test_writes_one_svg_and_dxf_per_sheet_and_the_report(cli, tmp_path):
    result = cli("sheet", "--count", "25", "--kerf", "0.1", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "sheet-1.dxf",
        "sheet-1.svg",
        "sheet-2.dxf",
        "sheet-2.svg",
        "sheets-report.json",
    ]
    for name in names:
        assert f"wrote {tmp_path / name}" in result.output or name in result.output
    assert "sheet-1: 600×400 mm, 20 tiles" in result.output
    assert "sheet-2: 600×400 mm, 5 tiles" in result.output
    assert "tiles: 25 tiles on 2 sheets" in result.output
    assert "laser time" in result.output


def test_json_report_on_stdout_matches_the_report_file(cli, tmp_path):
    result = cli("sheet", "--count", "3", "--format", "json", "--out", tmp_path)
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report == json.loads((tmp_path / "sheets-report.json").read_text())
    sheet = report["sheets"][0]
    for key in (
        "pieces",
        "material_use",
        "area_bound",
        "usable_area_bound",
        "cut_length_mm",
        "engrave_length_mm",
        "travel_length_mm",
        "laser_time_s",
    ):
        assert key in sheet and key in report["total"] | sheet
    assert report["total"]["laser_time_s"] == sheet["laser_time_s"]
    assert report["speeds_mm_per_s"] == {"cut": 10.0, "engrave": 100.0, "travel": 300.0}
    assert report["assumptions"]


def test_every_length_in_the_text_report_has_its_unit_and_the_json_figure(cli, tmp_path):
    # It read "engrave 9974, labels ~99": lengths without mm beside "cut 4572 mm".
    import re

    args = ("--count", "3", "--numbers", "--out", tmp_path)
    result = cli("sheet", *args)
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "sheets-report.json").read_text())
    total = report["total"]
    line = next(x for x in result.output.splitlines() if x.startswith("total: "))
    for word, key in (
        ("cut", "cut_length_mm"),
        ("engrave", "engrave_length_mm"),
        ("labels ~", "label_length_mm"),
        ("travel", "travel_length_mm"),
    ):
        found = re.search(rf"{word} ?(\d+) mm\b", line)
        assert found, (word, line)
        assert int(found.group(1)) == round(total[key]), (word, line)


def test_the_text_report_says_how_many_pieces_the_area_has_room_for(cli, tmp_path):
    """It read "area bound 17.3 (16.4 inside the margins)": jargon a maker could not
    tell from a count. The figures are the JSON's, per sheet and in all."""
    args = ("--count", "14", "--sheet", "500x300", "--stones", "5", "--out", tmp_path)
    result = cli("sheet", *args)
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "sheets-report.json").read_text())
    lines = result.output.splitlines()
    for s in report["sheets"]:
        room = f"room for {s['area_bound']:.1f} {s['kind']} by area alone "
        room += f"({s['usable_area_bound']:.1f} inside the margins)"
        assert any(x.startswith(f"{s['name']}: ") and x.endswith(room) for x in lines), room
    for kind, t in report["totals"].items():
        room = f"room for {t['area_bound']:.1f} {kind} by area alone"
        assert any(x.startswith(f"{kind}: ") and x.endswith(room) for x in lines), room
    assert "area bound" not in result.output


def test_laser_time_follows_the_speeds(cli, tmp_path):
    def report(speed: str) -> dict:
        args = ("--count", "2", "--format", "json", "--cut-speed", speed, "--out", tmp_path)
        return json.loads(cli("sheet", *args).stdout)

    slow, fast = report("5"), report("20")
    cut = slow["total"]["cut_length_mm"]
    assert slow["total"]["laser_time_s"] - fast["total"]["laser_time_s"] == pytest.approx(
        cut / 5 - cut / 20, abs=0.2
    )


def test_stones_get_one_set_of_sheets_per_colour(cli, tmp_path):
    result = cli(
        "sheet", "--stones", "100", "--stone-diameter", "20", "--colours", "3", "--out", tmp_path
    )
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert names == [f"stones-colour-{k}-sheet-1.svg" for k in (1, 2, 3)]
    report = json.loads((tmp_path / "sheets-report.json").read_text())
    assert report["totals"]["stones"]["pieces"] == 300
    assert "tiles" not in report["totals"]
    # Without a kit's board the colours have numbers only (a kit names them: tests/kit).
    assert [s["colour_name"] for s in report["sheets"]] == [None] * 3
    title = (tmp_path / "stones-colour-2-sheet-1.svg").read_text().split("<title>")[1]
    assert title.startswith("Atlantis stones, colour 2, sheet 1 of 1</title>")
    assert "100 stones (colour 2), material use" in result.output


def test_a_reference_square_on_a_sheet_of_its_own_is_not_copied_for_every_colour(cli, tmp_path):
    # 25 stones fill the small sheet; the square needs a second sheet, colour 1 only.
    args = ("--stones", "25", "--stone-diameter", "20", "--colours", "3", "--sheet", "130x90")
    result = cli("sheet", *args, "--margin", "2", "--reference-square", "15", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "sheets-report.json").read_text())
    names = [s["name"] for s in report["sheets"]]
    assert "stones-colour-1-sheet-2" in names
    assert "stones-colour-2-sheet-2" not in names and "stones-colour-3-sheet-2" not in names
    assert [s["name"] for s in report["sheets"] if s["reference_square"]] == [
        "stones-colour-1-sheet-2"
    ]


def test_stone_diameter_defaults_to_fit_in_a_circle(cli, tmp_path):
    result = cli("sheet", "--stones", "5", "--format", "json", "--out", tmp_path)
    report = json.loads(result.stdout)
    circle = report["settings"]["circle_diameter_mm"]
    assert report["settings"]["stone_diameter_mm"] == pytest.approx(0.9 * circle, abs=1e-3)


def test_help_describes_the_options(cli):
    result = cli("sheet", "--help")
    assert result.exit_code == 0
    for option in ("--count", "--sheet", "--margin", "--kerf", "--shared-edges", "--stones"):
        assert option in result.output


@pytest.mark.parametrize(
    "args,parameter_text",
    [
        (["--count", "5", "--sheet", "100x100"], "--sheet 100×100 mm with 5 mm margins leaves"),
        (["--count", "5", "--margin", "-1"], "margin"),
        (["--count", "5", "--margin", "200"], "margin"),
        (["--count", "5", "--cut-speed", "0"], "--cut-speed"),
        (["--count", "5", "--engrave-speed", "0"], "--engrave-speed"),
        (["--count", "5", "--travel-speed", "0"], "--travel-speed"),
        # (a speed above 0 but so small that the laser time would be infinite)
        (["--count", "5", "--cut-speed", "1e-320"], "--cut-speed"),
        (["--count", "5", "--engrave-speed", "1e-320"], "--engrave-speed"),
        (
            ["--count", "5", "--kerf", "3", "--no-compensate-kerf"],
            "margin between the circles and the outline",
        ),
        (["--count", "5", "--sheet", "600-400"], "WIDTHxHEIGHT"),
        (["--count", "-2"], "--count"),
        ([], "nothing to cut"),
        (["--stones", "5", "--stone-diameter", "500"], "--stone-diameter is too large"),
        (
            ["--stones", "5", "--stone-diameter", "40"],
            "--stone-diameter 40 mm is larger than the engraved circle 22.678 mm of a 100 mm",
        ),
        (["--stones", "5", "--stone-diameter", "0"], "--stone-diameter 0 is outside"),
        (["--stones", "5", "--stone-diameter", "10", "--colours", "0"], "--colours"),
        (
            ["--count", "5", "--outline", "rosette", "--kerf", "0.1", "--shared-edges"],
            "--shared-edges cannot be used with these rosette tiles",
        ),
        (["--count", "5", "--border", "30"], "--border 30 mm would run through the circles"),
        (
            ["--count", "5", "--corner-radius", "45", "--border", "1.5"],
            "--border 1.5 mm runs 0.01 mm from the circles, which come within 1.51 mm of the "
            "edge; a border keeps 0.5 mm clear",
        ),
        (["--count", "5", "--numbers", "--label-height", "0"], "--label-height 0 is outside"),
        (["--count", "5", "--reference-square", "1"], "--reference-square must be more than"),
        (["--count", "5", "--reference-square", "900"], "--reference-square 900 mm does not fit"),
        (["--count", "99999", "--sheet", "300x200"], "--count 99999 is outside the allowed range"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_written(cli, tmp_path, args, parameter_text):
    out = tmp_path / "out"
    result = cli("sheet", *args, "--out", out)
    assert result.exit_code == 2, result.output
    assert parameter_text in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize(
    ("size", "in_mm"),
    [
        ("24x12in", "609.6x304.8"),
        ('24"x12"', "609.6x304.8"),
        ("24 in x 12 in", "609.6x304.8"),
        ("20x12 inches", "508x304.8"),
        ("60x40cm", "600x400"),
    ],
)
def test_a_sheet_in_inches_or_centimetres_is_refused_with_its_size_in_mm(
    cli, tmp_path, size, in_mm
):
    out = tmp_path / "out"
    result = cli("sheet", "--count", "1", "--sheet", size, "--out", out)
    assert result.exit_code == 2, result.output
    assert "is not in mm" in result.output and f"give {in_mm}," in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()
    # ... and the size it names is taken as it stands.
    result = cli("sheet", "--count", "1", "--sheet", in_mm, "--format", "json", "--out", out)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "sheets-report.json").read_text())
    w, h = (float(v) for v in in_mm.split("x"))
    assert report["sheets"][0]["sheet_mm"] == [w, h]


@pytest.mark.parametrize("size", ["600x400mm", "600mm x 400mm", "600 X 400 MM"])
def test_a_sheet_written_with_mm_is_read_as_mm(cli, tmp_path, size):
    result = cli("sheet", "--count", "1", "--sheet", size, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "sheet-1: 600×400 mm, 1 tile" in result.output


def test_a_sheet_side_of_zero_names_the_allowed_range(cli, tmp_path):
    result = cli("sheet", "--count", "1", "--sheet", "0x400", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "allowed: 10 to 3,000 mm" in result.output
    assert not (tmp_path / "out").exists()


def test_one_cut_path_is_one_path(cli, tmp_path):
    from tests.sheets.sheet_readback import cut_entities, read_dxf

    result = cli("sheet", "--count", "1", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    cuts = cut_entities(read_dxf((tmp_path / "sheet-1.dxf").read_bytes()))
    assert len(cuts) == 1
    assert "mm in 1 path," in result.output and "1 paths" not in result.output


@pytest.mark.parametrize("width", [100, 60])
def test_cut_stones_up_to_the_circle_fit_the_circle_of_their_tile(cli, tmp_path, width):
    # The largest stone fabgen cuts for a tile stands in its engraved circle: read back,
    # every cut disc less half the kerf fits inside the circle of a tile cut alongside.
    from fabgen.geometry.tile import TileGeometry
    from tests.sheets.sheet_readback import dxf_entities, read_dxf

    kerf = 0.15
    geometry = TileGeometry.from_width(width, kerf=kerf)
    circle = geometry.circle_diameter
    largest = f"{int(circle * 100) / 100:.2f}"
    args = ("--width", width, "--kerf", kerf, "--out", tmp_path / "out")
    result = cli("sheet", "--stones", "3", "--colours", "1", "--stone-diameter", largest, *args)
    assert result.exit_code == 0, result.output
    doc = read_dxf((tmp_path / "out" / "stones-colour-1-sheet-1.dxf").read_bytes())
    radii = [e.entity.dxf.radius for e in dxf_entities(doc) if e.layer == "cut"]
    assert len(radii) == 3
    assert all(2 * (r - kerf / 2) <= circle for r in radii)
    bigger = f"{circle + 0.5:.2f}"
    result = cli(
        "sheet",
        "--stones",
        "3",
        "--stone-diameter",
        bigger,
        *args[:-2],
        "--out",
        tmp_path / "refused",
    )
    assert result.exit_code == 2
    assert "larger than the engraved circle" in result.output
    assert not (tmp_path / "refused").exists()


def _cut_stone_diameters(path, kerf):
    """The finished diameters of the discs cut on a stone sheet, read back from its DXF."""
    from tests.sheets.sheet_readback import dxf_entities, read_dxf

    doc = read_dxf(path.read_bytes())
    return [2 * (e.entity.dxf.radius - kerf / 2) for e in dxf_entities(doc) if e.layer == "cut"]


@pytest.mark.parametrize(
    ("args", "kerf", "said", "least"),
    [
        # A disc a few kerfs wide: 0.9 mm at 0.4 mm was cut. Below 6 mm the setting's own
        # range says so (the limits table and the web form show the same floor).
        (["--stone-diameter", "0.9"], 0.4, "allowed: 6 to 2,000 mm (fingers pick up", 6.0),
        (["--stone-diameter", "5.9"], 0.15, "is outside the allowed range; allowed: 6 to", 6.0),
        # A wide kerf asks for ten kerfs.
        (["--stone-diameter", "6"], 0.8, "a disc under 10 kerfs (8 mm)", 8.0),
    ],
)
def test_a_laser_cut_stone_too_small_to_pick_up_is_refused(cli, tmp_path, args, kerf, said, least):
    """A laser-cut stone is at least 6 mm (and 10 kerfs) across: refused below, in one
    paragraph naming the smallest allowed, which is then accepted and cut at that size."""
    out = tmp_path / "small"
    common = ("--stones", "3", "--colours", "1", "--kerf", kerf)
    result = cli("sheet", *common, *args, "--out", out)
    assert result.exit_code == 2, result.output
    assert said in result.output and "\n\n" not in result.output.strip() and not out.exists()
    result = cli("sheet", *common, "--stone-diameter", least, "--out", tmp_path / "ok")
    assert result.exit_code == 0, result.output
    found = _cut_stone_diameters(tmp_path / "ok" / "stones-colour-1-sheet-1.dxf", kerf)
    assert len(found) == 3 and all(d == pytest.approx(least, abs=1e-6) for d in found)


def test_small_tiles_name_the_width_whose_stones_are_large_enough(cli, tmp_path):
    """On tiles whose circles are too small for a 6 mm stone, the default stones are
    refused with the tile width at which they are large enough; that width is accepted,
    for markers too."""
    import re

    result = cli("sheet", "--stones", "3", "--width", "25", "--out", tmp_path / "x")
    assert result.exit_code == 2
    assert "the tile's circles (5.66 mm) are smaller than that stone" in result.output
    width = re.search(r"tiles at least ([\d.]+) mm wide", result.output).group(1)
    result = cli("sheet", "--stones", "3", "--colours", "1", "--width", width, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    found = _cut_stone_diameters(tmp_path / "stones-colour-1-sheet-1.dxf", 0.0)
    assert len(found) == 3 and all(6.0 <= d < 6.01 for d in found)


def test_the_laser_stone_setting_has_the_sheets_floor():
    """The setting's range (limits table, web form) starts where the sheet refuses."""
    from fabgen.draw.sheet import MIN_CUT_STONE
    from fabgen.settings import SETTINGS

    assert SETTINGS["cut_stone_diameter"].limit.low == MIN_CUT_STONE


def test_a_sheet_little_used_names_the_offcut_that_holds_its_pieces(cli, tmp_path):
    """14 stones use 2 % of a 600×400 sheet: the report gives the part in use (from the
    bottom-left corner to the farthest piece, margin beyond it), read back from the DXF,
    and says an offcut that size will do; a full tile sheet says nothing of the kind."""
    from tests.sheets.sheet_readback import dxf_entities, read_dxf

    result = cli("sheet", "--stones", "14", "--colours", "1", "--out", tmp_path / "s")
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "s" / "sheets-report.json").read_text())
    sheet = report["sheets"][0]
    doc = read_dxf((tmp_path / "s" / f"{sheet['name']}.dxf").read_bytes())
    circles = [e.entity.dxf for e in dxf_entities(doc) if e.layer == "cut"]
    right = max(c.center.x + c.radius for c in circles) + sheet["margin_mm"]
    top = max(c.center.y + c.radius for c in circles) + sheet["margin_mm"]
    width, height = sheet["used_mm"]
    assert right <= width < right + 0.1 + 1e-9 and top <= height < top + 0.1 + 1e-9
    assert width * height < 0.1 * 600 * 400
    assert f"pieces within {width:g}×{height:g} mm from the bottom-left corner" in result.output
    full = cli("sheet", "--count", "20", "--out", tmp_path / "t")
    assert full.exit_code == 0 and "offcut" not in full.output


def test_the_offcut_said_holds_the_burn_of_a_wide_kerf_within_its_margin(cli, tmp_path):
    """The part in use ran to the farthest cut line and the margin beyond it, but the
    laser burns half a kerf beyond the line: with a 4 mm kerf and 0.5 mm margins, the
    pieces start 0.5 mm from the bottom-left edges (burn included) and burnt 1.5 mm past
    the top and right of the offcut said. Read back from the DXF, both ends keep the
    margin."""
    from tests.sheets.sheet_readback import dxf_entities, read_dxf

    result = cli(
        "sheet", "--count", "2", "--kerf", "4", "--margin", "0.5", "--sheet", "1000x1000",
        "--out", tmp_path / "s",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "s" / "sheets-report.json").read_text())
    (sheet,) = report["sheets"]
    doc = read_dxf((tmp_path / "s" / f"{sheet['name']}.dxf").read_bytes())
    from ezdxf import bbox

    box = bbox.extents(e.entity for e in dxf_entities(doc) if e.layer == "cut")
    burn, margin = 4 / 2, 0.5
    assert min(box.extmin.x, box.extmin.y) - burn >= margin - 1e-6  # as the pieces are placed
    width, height = sheet["used_mm"]
    assert box.extmax.x + burn + margin <= width < box.extmax.x + burn + margin + 0.1 + 1e-9
    assert box.extmax.y + burn + margin <= height < box.extmax.y + burn + margin + 0.1 + 1e-9


def test_a_reference_square_alone_is_told_how_to_cut_it_and_that_works(cli, tmp_path):
    """`fabgen sheet --reference-square 20`, the first thing to cut to measure the kerf,
    said only "nothing to cut"; the message now gives options that cut it."""
    import re
    import shlex

    result = cli("sheet", "--reference-square", "25", "--out", tmp_path / "none")
    assert result.exit_code == 2
    assert not (tmp_path / "none").exists()
    hint = re.search(r"so (--count \S+ --reference-square \S+) cuts it", result.output)
    assert hint is not None, result.output
    out = tmp_path / "out"
    assert cli("sheet", *shlex.split(hint[1]), "--out", out).exit_code == 0
    sheet = json.loads((out / "sheets-report.json").read_text())["sheets"][0]
    assert sheet["pieces"] == 1 and sheet["reference_square"] is True
    assert hint[1].endswith("--reference-square 25")  # the size asked for
