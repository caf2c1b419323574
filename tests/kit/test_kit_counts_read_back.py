"""A built kit read as a maker reads it: the sheets, plates and filament that bom.txt and
README.txt give are those of the files beside them (shapes counted in the SVG sheets,
objects in the 3MF plates, grams in the plates' own descriptions)."""

import io
import json
import math
import re
import zipfile
from xml.etree import ElementTree

import pytest

from tests.readback import read_svg

MODEL = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"


def _build(root, text):
    from click.testing import CliRunner

    from fabgen.cli import main

    kit = root / "kit.toml"
    kit.write_text(text)
    out = root / "out"
    result = CliRunner().invoke(main, ["build", str(kit), "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def laser_kit(tmp_path_factory, rule_sheets_drawn_once):
    return _build(
        tmp_path_factory.mktemp("laser"),
        '[kit]\nboard = "4p-diamond-5-stacks"\npaper = "a4"\n'
        '[laser]\nsheet = "200x150"\n[stones]\ndesign = "laser"\n',
    )


@pytest.fixture(scope="module")
def printed_kit(tmp_path_factory, rule_sheets_drawn_once):
    # a small bed: the markers need more than one plate
    return _build(tmp_path_factory.mktemp("printed"), '[stones]\nbed = "100x100"\n')


def _bom_line(out, start):
    return next(x for x in (out / "bom.txt").read_text().splitlines() if x.startswith(start))


def _on(line):
    """(count, word) of the line's ``on N sheets`` / ``on N plate``."""
    n, word = re.search(r", on (\d+) (sheets?|plates?)", line).groups()
    assert (word.endswith("s")) == (n != "1"), line
    return int(n), word


def test_laser_stone_and_marker_sheets_are_counted_as_the_files_hold_them(laser_kit):
    """bom.txt named the tile sheets only: a maker ordering coloured sheets for the
    stones and a sheet for the markers was not told how many."""
    per_colour = int(
        re.search(r"(\d+) per colour × (\d+)", _bom_line(laser_kit, "  stones")).group(1)
    )
    colours = int(re.search(r"× (\d+) colours", _bom_line(laser_kit, "  stones")).group(1))
    n, _ = _on(_bom_line(laser_kit, "  stones"))
    assert "per colour" in _bom_line(laser_kit, "  stones").split(", on ")[1]
    for k in range(1, colours + 1):
        sheets = sorted((laser_kit / "laser").glob(f"stones-colour-{k}-sheet-*.svg"))
        assert len(sheets) == n
        cut = sum(len(read_svg(s.read_bytes()).circles["cut"]) for s in sheets)
        assert cut == per_colour
    markers = sorted((laser_kit / "laser").glob("markers-*-sheet-*.svg"))
    assert _on(_bom_line(laser_kit, "  markers "))[0] == len(markers) > 2  # the small sheet
    for kind in ("growing", "dead"):
        count = int(_bom_line(laser_kit, f"  {kind} markers").split()[2])
        sheets = [s for s in markers if f"markers-{kind}-" in s.name]
        assert sum(len(read_svg(s.read_bytes()).circles["cut"]) for s in sheets) == count


def _plates(out, piece):
    return sorted((out / "3d").glob(f"{piece}-plate*.3mf"))


def _items_and_grams(path):
    root = ElementTree.fromstring(zipfile.ZipFile(path).read("3D/3dmodel.model"))
    items = len(root.findall(f"{MODEL}build/{MODEL}item"))
    text = next(m.text for m in root.findall(f"{MODEL}metadata") if m.get("name") == "Description")
    return items, float(re.search(r"about ([\d.]+) g of PLA", text).group(1))


def test_printed_plates_and_filament_are_those_of_the_3mf_files(printed_kit):
    """README.txt named the plates and colours but not how much filament each colour
    takes, and bom.txt not how many plates: both now agree with the 3MF files. README.txt
    gave an estimate at 15 % infill while bom.txt gave the filament printed solid: each
    now gives both, the same figures, the solid one read back from the plates (by another
    formula here) and the estimate the plates' own descriptions add up to."""
    readme = " ".join((printed_kit / "README.txt").read_text().split())
    bom = json.loads((printed_kit / "bom.json").read_text())
    stone_line = _bom_line(printed_kit, "  stones")
    per_colour = int(re.search(r"(\d+) per colour", stone_line).group(1))
    n, _ = _on(stone_line)
    stone = re.search(r"3d/(stone-[^ ]+)-plate\*\.3mf", readme).group(1)
    plates = _plates(printed_kit, stone)
    assert len(plates) == n
    read = [_items_and_grams(p) for p in plates]
    assert sum(items for items, _ in read) == per_colour
    solid = 1.24 * sum(_solid_cm3(p)[stone] for p in plates)
    said = re.findall(
        r"for seat \d \([A-Za-z]+\); ([\d.]+) g of PLA printed solid, about ([\d.]+) g", readme
    )
    assert len(said) == 3, readme
    for k, (grams, about) in enumerate(said):
        assert abs(float(grams) - solid) <= 0.5, (said, solid)
        assert abs(float(about) - sum(g for _, g in read)) <= len(read), (said, read)
        _same_in_bom(printed_kit, f"{bom['filament']['stones'][k]['colour']} stones", grams, about)
    assert float(about) < 0.8 * float(grams)  # a slicer's infill: less than solid
    marker_plates = []
    for kind in ("growing", "dead"):
        count = int(_bom_line(printed_kit, f"  {kind} markers").split()[2])
        found = re.search(
            rf"3d/(marker-{kind}-[^ ]+)-plate\*\.3mf: print in "
            rf"{bom['markers']['colours'][kind]}, {count} {kind} markers, [^;]+; "
            r"([\d.]+) g of PLA printed solid, about ([\d.]+) g",
            readme,
        )
        plates = _plates(printed_kit, found.group(1))
        read = [_items_and_grams(p) for p in plates]
        assert sum(items for items, _ in read) == count
        solid = 1.24 * sum(_solid_cm3(p)[found.group(1)] for p in plates)
        assert abs(float(found.group(2)) - solid) <= 0.5, (found.group(0), solid)
        assert abs(sum(g for _, g in read) - float(found.group(3))) <= len(read)
        _same_in_bom(printed_kit, f"{kind} markers", found.group(2), found.group(3))
        marker_plates += plates
    assert _on(_bom_line(printed_kit, "  markers "))[0] == len(marker_plates) > 2


def _same_in_bom(out, name, grams, about):
    """bom.txt's line for ``name`` gives the grams README.txt gives."""
    line = _bom_line(out, f"    {name} ")
    assert re.search(rf", {grams} g, [\d.]+ m; about {about} g$", line), (line, grams, about)


def test_the_readme_says_to_print_one_paper_of_two(printed_kit, laser_kit):
    """With paper = both every print file came twice and nothing said to print one."""
    both = " ".join((printed_kit / "README.txt").read_text().split())
    assert (printed_kit / "print/rulesheet-a4.pdf").exists()
    assert (printed_kit / "print/rulesheet-letter.pdf").exists()
    assert "-a4.pdf and -letter.pdf files are the same pages" in both
    assert "-letter.pdf" not in (laser_kit / "README.txt").read_text()


def test_every_print_file_the_readme_names_is_in_the_kit(printed_kit, laser_kit):
    """The print/ note said "check the 50 mm square on the printed board" but named
    neither the setup diagram nor the printed board's files; now it names both, and
    each name (or pattern) matches files of the kit."""
    for out in (printed_kit, laser_kit):
        words = (out / "README.txt").read_text().split("Files:")[0].split()
        named = [w.rstrip(";,") for w in words if re.search(r"-(setup|board-\*)\.pdf", w)]
        assert len(named) == 2, named
        for name in named:
            assert list((out / "print").glob(name)), name


@pytest.mark.parametrize("kit", ["printed_kit", "laser_kit"])
def test_the_kit_pages_bill_of_materials_is_the_built_kits_bom_txt(kit, request):
    """The kit page's preview counted the tile sheets only (it was given their names
    alone), so its stone and marker lines said nothing of the sheets or plates that
    bom.txt of the same kit names; it now names the files from the kit's plan."""
    from fabgen.kitbuild.kitfile import load_kit
    from fabgen.web.kitform import FILAMENT_LINE, preview

    out = request.getfixturevalue(kit)
    settings = load_kit(out.parent / "kit.toml").settings
    answer = preview(settings, rest=True)
    assert answer["ok"], answer["findings"]
    # The filament is read back from the 3MF plates that only a built kit has: the
    # preview says where it is (it left the lines out without a word).
    built, _, filament = (out / "bom.txt").read_text().partition("  filament ")
    said = answer["bom"].removeprefix(built)
    assert said == (FILAMENT_LINE if filament else "")


def _solid_cm3(plate) -> dict[str, float]:
    """cm³ of each piece on a 3MF plate, by another formula than fabgen's: the volume
    under each triangle down to z = 0 (mean height × area projected on the bed)."""
    import numpy as np

    root = ElementTree.fromstring(zipfile.ZipFile(plate).read("3D/3dmodel.model"))
    objects = {o.get("id"): o for o in root.iter(f"{MODEL}object")}
    out: dict[str, float] = {}
    for item in root.iter(f"{MODEL}item"):
        obj = objects[item.get("objectid")]
        xyz = np.array([[float(v.get(k)) for k in "xyz"] for v in obj.iter(f"{MODEL}vertex")])
        tri = np.array(
            [[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in obj.iter(f"{MODEL}triangle")]
        )
        a, b, c = (xyz[tri[:, i]] for i in range(3))
        projected = ((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0]) / 2
        name = obj.get("name").rsplit(" #", 1)[0]
        out[name] = out.get(name, 0.0) + float((projected * (a + b + c)[:, 2] / 3).sum()) / 1000
    return out


def _stl_height(path) -> float:
    import numpy as np

    data = path.read_bytes()
    (n,) = np.frombuffer(data, "<u4", 1, 80)
    z = np.frombuffer(data, np.dtype([("f", "<f4", 12), ("a", "<u2")]), n, 84)["f"][:, 5::3]
    return float(z.max() - z.min())


def test_filament_and_sizes_are_those_of_the_files_written(printed_kit, laser_kit):
    """bom.txt said neither how much filament a colour takes nor how thick the tiles,
    stones and markers are: the filament of each colour and kind is the volume of its
    3MF plates (read back here by another formula), printed solid, in grams of PLA and
    metres of 1.75 mm filament; the heights are the STL files'."""
    bom = json.loads((printed_kit / "bom.json").read_text())
    text = (printed_kit / "bom.txt").read_text()
    filament, stones, markers = bom["filament"], bom["stones"], bom["markers"]
    read: dict[str, float] = {}
    for plate in (printed_kit / "3d").glob("*.3mf"):
        for name, cm3 in _solid_cm3(plate).items():
            read[name] = read.get(name, 0.0) + cm3
    (stone,) = [n for n in read if n.startswith("stone-")]
    marker = {k: next(n for n in read if n.startswith(f"marker-{k}-")) for k in ("growing", "dead")}
    said = [(f"{s['colour']} stones", s, read[stone]) for s in filament["stones"]]
    said += [(f"{k} markers", filament["markers"][k], read[marker[k]]) for k in markers["colours"]]
    assert [s["colour"] for s in filament["stones"]] == stones["colours"]
    assert [s["pieces"] for s in filament["stones"]] == [stones["per_colour"]] * 3
    for name, part, cm3 in said:
        assert abs(part["cm3"] - cm3) <= 0.01, (name, part, cm3)
        assert abs(part["grams"] - 1.24 * part["cm3"]) <= 0.1
        assert abs(part["metres"] - part["cm3"] / (math.pi * 0.0875**2) / 100) <= 0.01
        pattern = rf"    {name} +{part['pieces']}: ([\d.]+) cm³, ([\d.]+) g, ([\d.]+) m"
        shown = [float(x) for x in re.search(pattern, text).groups()]
        assert abs(shown[0] - cm3) <= 0.06 and abs(shown[1] - 1.24 * cm3) <= 0.6, (shown, cm3)
        assert abs(shown[2] - part["metres"]) <= 0.06
        assert 0 < part["estimate_grams"] <= part["grams"] + 0.05  # never more than solid
    assert abs(filament["total"]["cm3"] - sum(cm3 for _, _, cm3 in said)) <= 0.02
    estimate = sum(part["estimate_grams"] for _, part, _ in said)
    assert abs(filament["total"]["estimate_grams"] - estimate) <= 0.05 * len(said)
    assert "100 % infill" in text and "1.75 mm" in text
    assert stones["height_mm"] == round(_stl_height(printed_kit / f"3d/{stone}.stl"), 2) > 5
    for kind in ("growing", "dead"):
        assert markers["thickness_mm"] == round(
            _stl_height(printed_kit / f"3d/{marker[kind]}.stl"), 2
        )
    assert set(markers["colours"].values()).isdisjoint(stones["colours"])
    assert bom["tiles"]["thickness_mm"] == 3
    cut = json.loads((laser_kit / "bom.json").read_text())
    assert cut["filament"] is None and "filament" not in (laser_kit / "bom.txt").read_text()
    assert cut["stones"]["height_mm"] == cut["markers"]["thickness_mm"] == 3


def _used_mm(svg, margin):
    """The part of a sheet in use read back from its SVG: from the bottom-left corner
    to the farthest cut line, and ``margin`` beyond it (the kit's, and the half kerf the
    laser burns beyond the line)."""
    drawing = read_svg(svg.read_bytes())
    xs = [x + r for x, _, r in drawing.circles.get("cut", [])]
    ys = [y + r for _, y, r in drawing.circles.get("cut", [])]
    for line in drawing.polylines.get("cut", []):
        xs += [p[0] for p in line]
        ys += [p[1] for p in line]
    return max(xs) + margin, max(ys) + margin, drawing.width * drawing.height


def _numbered(folder, pattern):
    return sorted(folder.glob(pattern), key=lambda p: int(p.stem.rpartition("-")[2]))


def test_sheets_an_offcut_will_do_for_are_said_by_the_part_in_use(laser_kit):
    """bom.txt said "on 1 sheet" for a colour's stones where sheets-report.txt said an
    offcut a quarter of it would do: a maker bought a sheet of each colour. Each size
    it gives is the part in use of the sheet's SVG file, read back (at most half)."""
    bom = json.loads((laser_kit / "bom.json").read_text())
    kit = json.loads((laser_kit / "manifest.json").read_text())["kit"]
    margin = kit["laser"]["margin"] + kit["tile"]["kerf"] / 2
    laser = laser_kit / "laser"
    for part, sheets in (
        ("tiles", _numbered(laser, "tiles-sheet-*.svg")),
        ("stones", _numbered(laser, "stones-colour-1-sheet-*.svg")),
        (
            "markers",
            [*_numbered(laser, "markers-growing-*.svg"), *_numbered(laser, "markers-dead-*.svg")],
        ),
    ):
        said = bom[part]["offcuts_mm"]
        assert len(said) == len(sheets), part
        for sheet, size in zip(sheets, said, strict=True):
            width, height, area = _used_mm(sheet, margin)
            if size is None:  # (the used part rounded up to 0.1 mm, from the drawing's box)
                assert width * height > area / 2 - 1, sheet.name
            else:
                assert abs(size[0] - width) <= 0.15 and abs(size[1] - height) <= 0.15, sheet.name
    # 200x150 mm sheets hold one tile each, and the last sheet of markers a few
    (tiles,) = {tuple(size) for size in bom["tiles"]["offcuts_mm"]}
    assert _bom_line(laser_kit, "  island tiles").endswith(
        f"(an offcut of {tiles[0]:g}×{tiles[1]:g} mm will do for each)"
    )
    *_, last = bom["markers"]["offcuts_mm"]
    assert f"(an offcut of {last[0]:g}×{last[1]:g} mm will do for the last)" in _bom_line(
        laser_kit, "  markers "
    )


def test_every_size_in_the_bill_of_materials_is_in_the_file_formats_page(printed_kit, laser_kit):
    # bom.json's offcuts_mm (tiles, stones, markers) went undocumented beside the sizes
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "formats.md").read_text()
    named = set(re.findall(r"`((?:tiles|stones|markers)\.\w+)`", page))
    for out in (printed_kit, laser_kit):
        bom = json.loads((out / "bom.json").read_text())
        sizes = {f"{part}.{key}" for part in ("tiles", "stones", "markers") for key in bom[part]}
        assert {s for s in sizes if s.endswith("_mm")} <= named


def test_spare_tiles_carry_no_number_of_the_board(tmp_path):
    """A kit's 3 spare tiles were engraved 11, 12 and 13 beside a board of 10 tiles:
    numbers no setup diagram shows, on tiles that stand in for any tile. Read back from
    the sheet's DXF: 13 tiles cut, the numbers 1 to 10 engraved; bom.txt says so."""
    import ezdxf

    from fabgen.kitbuild.kitfile import load_kit
    from fabgen.kitbuild.plan import plan_kit
    from fabgen.kitbuild.render import bom_text, kit_bom
    from fabgen.products.sheet import sheet_files

    kit = tmp_path / "kit.toml"
    kit.write_text('[laser]\nspare_tiles = 3\n[stones]\ndesign = "none"\n')
    plan = plan_kit(load_kit(kit))
    (sheet,) = [
        d
        for n, d in sheet_files(plan.sheet_params, plan.sheets).files.items()
        if n.endswith(".dxf")
    ]
    doc = ezdxf.read(io.StringIO(sheet.decode()))
    space = doc.modelspace()
    assert sum(e.dxftype() == "CIRCLE" for e in space) == 13 * 7  # 13 tiles, 7 circles each
    assert sorted(int(e.dxf.text) for e in space if e.dxftype() == "TEXT") == list(range(1, 11))
    assert "13 (10 for the board + 3 spare, without a number)" in bom_text(kit_bom(plan, {}))
    # (and of a kit without tile numbers, none is said to be without one)
    kit.write_text('[laser]\nspare_tiles = 3\n[tile]\nnumbers = false\n[stones]\ndesign = "none"\n')
    plain = plan_kit(load_kit(kit))
    assert "13 (10 for the board + 3 spare), " in bom_text(kit_bom(plain, {}))
    assert kit_bom(plain, {})["tiles"]["numbered"] is False
