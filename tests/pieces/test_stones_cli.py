"""``fabgen stones`` end to end: files and names, progress, refusals before CAD work."""

from __future__ import annotations

import math
import re
import struct
import subprocess
import sys

import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.geometry.tile import TileGeometry
from fabgen.pieces.params import PLA_DENSITY


def run(*args):
    return CliRunner().invoke(main, ["stones", *args], catch_exceptions=False)


def test_defaults_write_step_stl_and_75_stones_on_two_180_plates(tmp_path, cq):
    result = run("--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "stone-disc-d20.7-c0.2-plate-1-of-2.3mf",
        "stone-disc-d20.7-c0.2-plate-2-of-2.3mf",
        "stone-disc-d20.7-c0.2.step",
        "stone-disc-d20.7-c0.2.stl",
    ]
    assert "38/38 copies" in result.stderr and "37/37 copies" in result.stderr
    assert "plate-1-of-2.3mf: 38 pieces (up to 52 fit the 180×180 mm bed)" in result.stdout
    assert "g of PLA at 2 walls, 6 top and 4 bottom layers of 0.2 mm, 15% infill" in result.stdout
    assert "a stack of six stands 31.60 mm" in result.stdout
    assert "note: " not in result.stdout  # (every face on a 0.2 mm layer)
    assert result.stdout.count("wrote ") == 4


def test_bed_option_puts_all_copies_on_one_larger_plate(tmp_path, cq):
    result = run("--bed", "220x220", "--count", "80", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "stone-disc-d20.7-c0.2-plate-80.3mf").exists()


def test_sizes_follow_the_tile_width(tmp_path, cq):
    result = run("--width", "80", "--count", "0", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    diameter = TileGeometry.from_width(80).circle_diameter - 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"stone-disc-d{diameter:.1f}-c0.2.step",
        f"stone-disc-d{diameter:.1f}-c0.2.stl",
    ]


def test_a_plate_of_one_small_stone_says_its_grams_in_tenths(tmp_path, cq):
    # Two walls of a 7 mm stone weigh well under a gram: the plate said "1 pieces ...
    # about 0 g of PLA"; the 3MF and STL hold the one piece, and the grams are tenths.
    result = run("--width", "40", "--count", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    (plate,) = tmp_path.glob("*-plate-1.3mf")
    assert f"{plate.name}: 1 piece (up to " in result.stdout
    grams = float(re.search(r"about ([0-9.]+) g of PLA", result.stdout)[1])
    (stl,) = tmp_path.glob("*.stl")
    solid_g = _stl_volume(stl.read_bytes()) * PLA_DENSITY  # the piece printed solid
    assert 0 < grams <= solid_g + 0.05
    assert re.search(r"about [0-9]+\.[0-9] g of PLA", result.stdout)
    # Printed solid, as the STL holds it: cm³, grams of PLA, metres of 1.75 mm filament.
    cm3, solid, metres = _filament_said(result.stdout, f"1 × {stl.stem}")
    assert abs(cm3 - solid_g / PLA_DENSITY / 1000) <= 0.05 and abs(solid - solid_g) <= 0.05
    assert abs(metres - cm3 / (math.pi * 0.0875**2) / 100) <= 0.05


def test_markers_filament_and_colours_are_said_per_kind(tmp_path, cq):
    """fabgen stones --markers said grams at 15 % infill only, and not what colour to
    print the two kinds in: each kind's filament printed solid is its copies' volume
    as the STL holds it, and its colour no player's stones use."""
    result = run("--markers", "--width", "70", "--count", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    # the solid figure is what a marker takes, not more than it (it is all skins)
    assert "100 % infill: the most a piece takes; a marker, as thin as" in result.stdout
    for kind, colour in (("growing", "white"), ("dead", "black")):
        (stl,) = tmp_path.glob(f"marker-{kind}-*.stl")
        said = _filament_said(result.stdout, f"2 × {stl.stem} \\(print in {colour}\\)")
        assert abs(said[0] - 2 * _stl_volume(stl.read_bytes()) / 1000) <= 0.05, said


def _filament_said(stdout: str, what: str) -> list[float]:
    """cm³, grams and metres said for ``what`` (a pattern)."""
    found = re.search(rf"  {what}: ([0-9.]+) cm³, ([0-9.]+) g, ([0-9.]+) m", stdout)
    assert found, stdout
    return [float(x) for x in found.groups()]


def test_a_small_plates_own_description_says_its_grams_in_tenths(tmp_path, cq):
    # The 3MF's Description metadata (what a slicer shows) said "about 0 g of PLA" for
    # the plate the command line said 0.4 g for: both say the same figure now.
    import zipfile
    from xml.etree import ElementTree

    result = run("--width", "40", "--count", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    (plate,) = tmp_path.glob("*-plate-1.3mf")
    said = re.search(r"about ([0-9.]+) g of PLA", result.stdout)[1]
    with zipfile.ZipFile(plate) as package:
        model = ElementTree.fromstring(package.read("3D/3dmodel.model"))
    ns = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
    (description,) = [m.text for m in model.iter(f"{ns}metadata") if m.get("name") == "Description"]
    assert f"about {said} g of PLA" in description
    assert re.search(r"about [0-9]+\.[0-9] g of PLA", description)
    assert "about 0 g" not in description


def _flat_heights(data: bytes) -> set[float]:
    """The heights of the flat faces of a binary STL (triangles level in z), in mm."""
    (count,) = struct.unpack_from("<I", data, 80)
    flat = set()
    for k in range(count):
        z = [struct.unpack_from("<f", data, 84 + 50 * k + 12 + 12 * v + 8)[0] for v in range(3)]
        if z[0] == z[1] == z[2]:
            flat.add(round(z[0], 3))
    return flat


def _on(z: float, layer: float) -> bool:
    return abs(z / layer - round(z / layer)) < 1e-3


@pytest.mark.parametrize(
    "args", [["--height", "7.1"], ["--height", "7.15", "--seat", "3"]], ids=["tie", "symbol"]
)
def test_a_height_between_layers_is_made_as_given_with_a_note_of_what_prints(args, tmp_path, cq):
    # --height 7.1 gave no word that a 0.2 mm slicer prints the stone 7 or 7.2 mm high
    result = run(*args, "--count", "0", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    (stl,) = tmp_path.glob("*.stl")
    flat = _flat_heights(stl.read_bytes())
    height = float(args[1])
    assert height in flat  # made as given, not rounded
    off = sorted(z for z in flat if not _on(z, 0.2))
    (note,) = [line for line in result.stdout.splitlines() if line.startswith("note: ")]
    assert note.startswith(f"note: {stl.stem} is made as given, but at 0.2 mm layers")
    said = re.findall(r"at ([\d.]+)(?: or ([\d.]+))? mm \(not ([\d.]+) mm\)", note)
    assert sorted(float(z) for *_, z in said) == pytest.approx(off, abs=1e-3)
    for low, high, z in said:  # the nearer layer, or both from a layer's middle
        at = [float(a) for a in (low, high) if a]
        assert all(_on(a, 0.2) for a in at)
        gaps = sorted(abs(a - float(z)) for a in at)
        middle = abs(float(z) / 0.2 % 1 - 0.5) < 1e-3
        assert gaps[-1] < 0.1 + 1e-6 if not middle else gaps == pytest.approx([0.1, 0.1])
    finer = all(_on(z, 0.1) for z in flat)
    assert ("at 0.1 mm layers it prints as made" in note) == finer
    low, high = (
        float(h) for h in re.search(r"give a height of ([\d.]+) or ([\d.]+) mm", note).groups()
    )
    assert low < height < high and high - low == pytest.approx(0.2) and _on(low, 0.2)


def _stl_volume(data: bytes) -> float:
    """Volume enclosed by a binary STL (sum of signed tetrahedra), mm³."""
    (count,) = struct.unpack_from("<I", data, 80)
    volume = 0.0
    for k in range(count):
        a, b, c = (struct.unpack_from("<3f", data, 84 + 50 * k + 12 + 12 * v) for v in range(3))
        volume += (
            a[0] * (b[1] * c[2] - b[2] * c[1])
            - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])
        ) / 6.0
    return abs(volume)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--design", "pyramid", "--count", "6"], ["stone-pyramid-d20.7-c0.2-plate-6.3mf"]),
        (
            ["--seat", "3", "--count", "0", "--clearance", "0.25"],
            ["stone-disc-d20.7-c0.25-triangle.stl"],
        ),
        (["--seat", "m1", "--count", "0"], ["stone-disc-d20.7-c0.2-hexagon.stl"]),
        (["--seat", "M2", "--count", "0"], ["stone-disc-d20.7-c0.2-diamond.step"]),
        (
            ["--markers", "--count", "2"],
            ["marker-growing-d23.5-c0.2-plate-2.3mf", "marker-dead-d23.5-c0.2.step"],
        ),
        (
            ["--calibrate"],
            [
                "stone-disc-d20.7-calibration-c0.1-c0.3-plate-2.3mf",
                "stone-disc-d20.7-c0.3-cross.stl",
            ],
        ),
    ],
)
def test_designs_markers_seats_and_calibration(args, expected, tmp_path, cq):
    result = run(*args, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.iterdir()}
    assert set(expected) <= names


BAD = [
    (["--wall", "0.6"], "--wall 0.6 is outside the allowed range; allowed: 0.8 to 50 mm"),
    (["--clearance", "-0.1"], "--clearance -0.1 is outside the allowed range; allowed: 0 to 1 mm"),
    (["--clearance", "1.5"], "0 to 1 mm"),
    (["--stone-diameter", "24"], "larger than the engraved circle 22.68 mm"),
    (["--count", "500", "--bed", "60x60"], "need 125 plates of 4"),
    (["--bed", "20x20"], "--bed 20×20 mm with 7 mm margin (room for the slicer's skirt) is too"),
    (["--bed", "big"], "WIDTHxDEPTH"),
    (["--design", "pyramid", "--symbol", "star"], "pyramid"),
    (["--design", "pyramid", "--height", "3"], "45°"),
    (["--seat", "2", "--symbol", "star"], "either --seat or --symbol"),
    (["--seat", "9"], "1 to 6 (a person's seat) or m1, m2 (a machine colour), got 9"),
    (["--seat", "m3"], "got m3"),
    (["--markers", "--calibrate"], "not both"),
    (["--markers", "--seat", "3"], "markers carry the growing or the dead symbol, not a seat's"),
    (["--markers", "--design", "pyramid", "--symbol", "star"], "leave out --symbol"),
    (["--calibrate", "--design", "pyramid"], "--design must be disc for a calibration pair"),
    (["--markers", "--width", "60"], "a stone diameter of at least 11.86 mm"),
    (["--width", "-5"], "--width -5 is outside the allowed range"),
    (["--width", "5"], "the tile's circles (1.13 mm) are too small for stones"),
    (["--width", "10"], "circles of at least 7.6 mm, most simply with a tile width of at least"),
    (["--stone-diameter", "4"], "--stone-diameter 4 mm is too small for a stacking boss"),
    (["--stone-diameter", "0.001"], "--stone-diameter 0.001 mm is too small"),  # (not "0 mm")
    (["--bed", "0x0"], "both sides more than 0 and at most 2000"),  # (0 is not allowed)
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_impossible_parameters_exit_2_with_one_paragraph_and_no_files(args, message, tmp_path):
    out = tmp_path / "out"
    result = run(*args, "--out", str(out))
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert not re.search(r"(below|at most|at least|got) -\d", result.stderr)
    if "--stone-diameter" not in args:
        assert "--stone-diameter" not in result.stderr
    assert not out.exists()


def test_refusal_happens_before_cadquery_is_imported(tmp_path):
    code = (
        "import sys\n"
        "from fabgen.cli import main\n"
        "try:\n"
        "    main(['stones', '--count', '500', '--bed', '60x60',\n"
        f"          '--out', {str(tmp_path / 'x')!r}])\n"
        "except SystemExit as e:\n"
        "    print(e.code, 'cadquery' in sys.modules, 'OCP' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["2", "False", "False"]
    assert "at most 20 plates" in out.stderr


def test_help_does_not_import_cadquery():
    code = (
        "import sys\n"
        "from fabgen.cli import main\n"
        "try:\n"
        "    main(['stones', '--help'])\n"
        "except SystemExit:\n"
        "    print('cadquery' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().endswith("False")
    assert "--clearance" in out.stdout
