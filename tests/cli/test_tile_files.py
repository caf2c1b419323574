"""fabgen tile: the files read back with independent parsers match the model."""

import math
import re

import pytest

from fabgen.geometry.lattice import SQRT7
from fabgen.geometry.tile import TileGeometry
from tests.readback import layer_colours_dxf, read_dxf, read_svg

TOL = 1e-6


def across_flats(points):
    widths = []
    for k in range(3):
        (x0, y0), (x1, y1) = points[k][:2], points[k + 1][:2]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length
        proj = [p[0] * nx + p[1] * ny for p in points]
        widths.append(max(proj) - min(proj))
    return widths


def centroid(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


@pytest.fixture(scope="module")
def tile_files(tmp_path_factory):
    from click.testing import CliRunner

    from fabgen.cli import main

    out = tmp_path_factory.mktemp("tile")
    result = CliRunner().invoke(main, ["tile", "--width", "100", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


@pytest.mark.parametrize("reader,name", [(read_svg, "tile.svg"), (read_dxf, "tile.dxf")])
def test_outline_and_circles_match_the_model(tile_files, reader, name):
    out, _ = tile_files
    drawing = reader((out / name).read_bytes())
    (cut,) = drawing.polylines["cut"]
    assert drawing.closed["cut"] == [True]
    assert len(cut) == 6
    for w in across_flats(cut):
        assert w == pytest.approx(100.0, abs=TOL)
    # circles relative to the outline's centre, against the model's tile frame
    cx, cy = centroid(cut)
    model = TileGeometry.from_width(100)
    found = sorted((round(x - cx, 5), round(y - cy, 5)) for x, y, _ in drawing.circles["engrave"])
    expected = sorted((round(x, 5), round(y, 5)) for x, y in model.circle_centres())
    assert len(found) == 7
    for (fx, fy), (ex, ey) in zip(found, expected, strict=True):
        assert math.hypot(fx - ex, fy - ey) < 1e-4
    for x, y, r in drawing.circles["engrave"]:
        assert r == pytest.approx(model.circle_radius, abs=TOL)
        match = min(model.circle_centres(), key=lambda c: math.dist(c, (x - cx, y - cy)))
        assert math.dist(match, (x - cx, y - cy)) < TOL


def test_cli_lists_what_it_wrote(tile_files):
    out, output = tile_files
    assert f"wrote {out / 'tile.dxf'}" in output
    assert f"wrote {out / 'tile.svg'}" in output


def test_settings_are_embedded(tile_files):
    out, _ = tile_files
    svg = read_svg((out / "tile.svg").read_bytes())
    assert svg.metadata["width_mm"] == 100.0
    assert svg.metadata["generator"].startswith("fabgen ")
    dxf = read_dxf((out / "tile.dxf").read_bytes())
    assert dxf.metadata["width_mm"] == "100.0"
    assert dxf.metadata["outline"] == "hexagon"


def test_dxf_header_holds_the_page_and_the_drawing_extents(tile_files):
    """Viewers open a DXF on its limits or extents: the page, and the box of what is drawn."""
    out, _ = tile_files
    svg = read_svg((out / "tile.svg").read_bytes())
    dxf = read_dxf((out / "tile.dxf").read_bytes())
    assert (dxf.width, dxf.height) == pytest.approx((svg.width, svg.height))
    points = [p[:2] for lines in dxf.polylines.values() for line in lines for p in line]
    for circles in dxf.circles.values():
        points += [(x + dx * r, y + dy * r) for x, y, r in circles for dx, dy in ((-1, -1), (1, 1))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert dxf.extents == pytest.approx((min(xs), min(ys), max(xs), max(ys)))


def test_dxf_layers_carry_profile_colours(tile_files):
    out, _ = tile_files
    colours = layer_colours_dxf((out / "tile.dxf").read_bytes())
    assert colours == {"engrave": 7, "cut": 1}


def test_svg_hairlines_and_no_fill_on_cuts(tile_files):
    out, _ = tile_files
    text = (out / "tile.svg").read_text()
    assert 'stroke-width="0.01"' in text
    assert 'fill="none" stroke="#ff0000"' in text
    assert 'inkscape:label="Cut"' in text


def test_kerf_and_rounded_corners_read_back(tmp_path, cli):
    result = cli(
        "tile",
        "--width",
        "80",
        "--kerf",
        "0.2",
        "--corner-radius",
        "3",
        "--border",
        "1.5",
        "--label",
        "12",
        "--out",
        tmp_path,
    )
    assert result.exit_code == 0, result.output
    for reader, name in ((read_svg, "tile.svg"), (read_dxf, "tile.dxf")):
        d = reader((tmp_path / name).read_bytes())
        (cut,) = d.polylines["cut"]
        arcs = [p[2] for p in cut if p[2]]
        assert len(arcs) == 6
        assert all(b == pytest.approx(math.tan(math.radians(15)), abs=1e-6) for b in arcs)
        ys = [p[1] for p in cut]
        assert max(ys) - min(ys) == pytest.approx(80.2, abs=TOL)  # flat top to flat bottom
        (border,) = [pl for pl in d.polylines["engrave"]]
        ys = [p[1] for p in border]
        assert max(ys) - min(ys) == pytest.approx(80 - 3.0, abs=TOL)
        assert d.texts["label"] == ["12"]


def test_svg_arcs_bulge_outward_for_a_real_svg_parser(tmp_path, cli):
    """svgelements (what --from uses) sees the rounded corners outside the chords."""
    import svgelements as se

    cli("tile", "--corner-radius", "6", "--format", "svg", "--out", tmp_path)
    doc = se.SVG.parse(str(tmp_path / "tile.svg"))
    cut = next(e for e in doc.elements() if isinstance(e, se.Path) and e.stroke == "#ff0000")
    bbox = cut.bbox()
    # with rounded corners the outline still spans the flats exactly (96 px per inch)
    assert (bbox[3] - bbox[1]) * 25.4 / 96 == pytest.approx(100.0, abs=1e-4)
    xmid = (bbox[0] + bbox[2]) / 2
    for seg in cut:
        if isinstance(seg, se.Arc):
            mid = seg.point(0.5)
            chord_mid = ((seg.start.x + seg.end.x) / 2, (seg.start.y + seg.end.y) / 2)
            assert abs(mid.x - xmid) >= abs(chord_mid[0] - xmid) - 1e-9


def test_same_command_twice_gives_identical_bytes(tmp_path, cli):
    args = ("tile", "--width", "95", "--kerf", "0.15", "--corner-radius", "2", "--label", "A")
    cli(*args, "--out", tmp_path / "a")
    cli(*args, "--out", tmp_path / "b")
    for name in ("tile.svg", "tile.dxf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_pitch_option_gives_the_same_tile_as_width(tmp_path, cli):
    cli("tile", "--pitch", str(100 / SQRT7), "--format", "dxf", "--out", tmp_path / "p")
    cli("tile", "--width", "100", "--format", "dxf", "--out", tmp_path / "w")
    a = read_dxf((tmp_path / "p" / "tile.dxf").read_bytes()).circles["engrave"]
    b = read_dxf((tmp_path / "w" / "tile.dxf").read_bytes()).circles["engrave"]
    assert [v for c in a for v in c] == pytest.approx([v for c in b for v in c], abs=1e-6)


def test_profiles_change_colours_not_geometry(tmp_path, cli):
    cli("tile", "--profile", "ponoko", "--out", tmp_path)
    text = (tmp_path / "tile.svg").read_text()
    assert 'stroke="#0000ff"' in text  # Ponoko cuts blue
    assert layer_colours_dxf((tmp_path / "tile.dxf").read_bytes())["cut"] == 5


def test_rosette_tile(tmp_path, cli):
    result = cli("tile", "--outline", "rosette", "--out", tmp_path)
    assert result.exit_code == 0
    (cut,) = read_dxf((tmp_path / "tile.dxf").read_bytes()).polylines["cut"]
    assert len(cut) == 18


def test_blog_tile_is_written_with_its_notes(tmp_path, cli):
    result = cli("tile", "--blog-radius", "100", "--blog-reading", "diameter", "--out", tmp_path)
    assert result.exit_code == 0
    assert "rounds the exact" in result.output
    d = read_dxf((tmp_path / "tile.dxf").read_bytes())
    (cut,) = d.polylines["cut"]
    cx, cy = centroid(cut)
    dists = sorted(math.dist((x, y), (cx, cy)) for x, y, _ in d.circles["engrave"])
    assert dists[1:] == pytest.approx([100 / 2.65] * 6, abs=1e-6)


# ---- bad input: message, exit code 2, no file left behind ----------------------------

BAD_ARGS = [
    (["--width", "0"], "--width 0 is outside the allowed range; allowed: 5 to 2,000 mm"),
    (["--width", "-10"], "--width -10 is outside the allowed range"),
    (["--pitch", "0"], "--pitch 0 is outside the allowed range"),
    (["--width", "100", "--pitch", "30"], "either width or pitch"),
    (["--circle-diameter", "0"], "0 is outside the allowed range; allowed: more than 0"),
    (["--circle-diameter", "40"], "--circle-diameter 40 mm is not smaller than the pitch"),
    (["--circle-diameter", "30"], "circles would cross the outline"),
    (["--corner-radius", "-1"], "--corner-radius -1 is outside"),
    (["--corner-radius", "60"], "choose a corner radius below 50 mm"),
    (["--kerf", "-0.1"], "--kerf -0.1 is outside the allowed range; allowed: 0 to 5 mm"),
    (
        ["--kerf", "4", "--no-compensate-kerf"],
        "--kerf 4 mm is not smaller than the 2.947 mm margin between the circles",
    ),
    (["--kerf", "4", "--width", "20", "--no-compensate-kerf"], "or a larger tile width"),
    (["--border", "10"], "--border 10 mm would run through the circles"),
    (["--border", "-1"], "--border -1 is outside"),
    (["--name", "../x"], "is not a plain file name"),
    (["--name", "out/x"], "without a folder, extension or leading dot, such as tile-7 (the"),
    (["--name", ""], "'' is not a plain file name: give the files' name without a folder"),
    (["--name", "a\nb"], "--name 'a\\nb' holds a control character"),
    (["--name", "a\x1b[2Jb"], "holds a control character"),
    (["--width", "nan"], "--width nan is not a finite number; allowed: 5 to 2,000 mm"),
    (["--width", "inf"], "--width inf is not a finite number"),
    (["--pitch", "1e308"], "--pitch 1e308 is outside the allowed range"),
    (["--kerf", "1" + "0" * 5000], "(5001 characters) is not a number fabgen uses"),
    (["--blog-radius", "-3"], "--blog-radius -3 is outside the allowed range; allowed: 5 to"),
]


@pytest.mark.parametrize(("args", "message"), BAD_ARGS)
def test_bad_input_is_refused_without_output(tmp_path, cli, args, message):
    out = tmp_path / "out"
    result = cli("tile", *args, "--out", out)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not re.search(r"(below|at most|at least|choose) -\d", result.output)
    assert not out.exists() or not any(out.iterdir())


def test_out_must_be_a_folder(tmp_path, cli):
    target = tmp_path / "file"
    target.write_text("x")
    result = cli("tile", "--out", target)
    assert result.exit_code == 2
    assert target.read_text() == "x"


def test_written_files_follow_the_umask(tmp_path, cli):
    import os

    old = os.umask(0o022)
    try:
        cli("tile", "--out", tmp_path)
    finally:
        os.umask(old)
    assert (tmp_path / "tile.svg").stat().st_mode & 0o777 == 0o644


def test_border_0_is_no_border(tmp_path, cli):
    assert cli("tile", "--border", "0", "--out", tmp_path / "zero").exit_code == 0
    assert cli("tile", "--out", tmp_path / "none").exit_code == 0
    for name in ("tile.svg", "tile.dxf"):
        assert (tmp_path / "zero" / name).read_bytes() == (tmp_path / "none" / name).read_bytes()
    result = cli("sheet", "--count", "1", "--border", "0", "--out", tmp_path / "sheet")
    assert result.exit_code == 0, result.output


def test_label_height_is_checked_without_a_border():
    from fabgen.draw.tile_drawing import TileDrawingOptions
    from fabgen.errors import ParameterError

    layout = TileGeometry.from_width(100).layout()
    with pytest.raises(ParameterError, match="label height must be between 0 and 20 mm"):
        TileDrawingOptions(label="1", label_height=0).validate(layout)


def test_a_raster_profile_fills_the_circles_but_not_the_border(tmp_path, cli):
    """Ponoko raster-engraves filled shapes: the circles are areas, filled; the border is
    a line, so it is drawn in the vector-engrave colour and never filled (filled, it
    burnt the whole face inside it). The PDF writer paints the same way."""
    from xml.etree import ElementTree as ET

    from fabgen.draw.drawing import ENGRAVED_LINE, Circle, Operation, Polyline
    from fabgen.export.pdf import _style_for
    from fabgen.export.profiles import get_profile

    result = cli("tile", "--profile", "ponoko", "--border", "1.5", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(tmp_path / "tile.svg").getroot()
    engrave = root.find(f"{ns}g[@id='layer-engrave']")
    circles = engrave.findall(f"{ns}circle")
    (border,) = engrave.findall(f"{ns}path")
    assert len(circles) == 7 and all(c.get("fill") == "#000000" for c in circles)
    assert border.get("fill") == "none" and border.get("stroke") == "#ff0000"
    # Other profiles keep the border black and unfilled, as before.
    cli("tile", "--border", "1.5", "--out", tmp_path / "lb")
    root = ET.parse(tmp_path / "lb" / "tile.svg").getroot()
    (border,) = root.find(f"{ns}g[@id='layer-engrave']").findall(f"{ns}path")
    assert (border.get("fill"), border.get("stroke")) == ("none", "#000000")
    ponoko = get_profile("ponoko")
    line = _style_for(
        Operation.ENGRAVE, Polyline(((0, 0), (1, 0)), True, style=ENGRAVED_LINE), ponoko
    )
    area = _style_for(Operation.ENGRAVE, Circle((0, 0), 1.0), ponoko)
    assert (line.fill, line.stroke) == (None, "#ff0000")
    assert area.fill == "#000000"


def _border_gaps(path):
    """The engraved border's distance from each circle, read back from the SVG."""
    from shapely.geometry import Point, Polygon

    from fabgen.geometry.outline import Path

    d = read_svg(path.read_bytes())
    (border,) = d.polylines["engrave"]
    line = Path(tuple(p[:2] for p in border), tuple(p[2] for p in border)).flattened(1e-4)
    ring = Polygon(line).exterior
    return [ring.distance(Point(x, y)) - r for x, y, r in d.circles["engrave"]]


def test_a_border_keeps_half_a_millimetre_clear_of_the_circles(tmp_path, cli):
    """With large corner radii a border that did not cross a circle could run 0.01 mm
    from one, and on the wood the two engraved lines looked joined. It is refused with
    the largest border and the largest corner radius that keep 0.5 mm clear; both are
    accepted, and their files read back with the border at least 0.5 mm from every
    circle."""
    from fabgen.draw.tile_drawing import BORDER_GAP

    out = tmp_path / "near"
    result = cli("tile", "--width", "100", "--corner-radius", "45", "--border", "1.5", "--out", out)
    assert result.exit_code == 2
    assert "--border 1.5 mm runs 0.01 mm from the circles" in result.output
    assert not out.exists() or not any(out.iterdir())
    found = re.search(
        r"a border of at most ([\d.]+) mm or a corner radius of at most ([\d.]+)", result.output
    )
    assert found, result.output
    border, radius = found.groups()
    for args in (
        ("--corner-radius", "45", "--border", border),
        ("--corner-radius", radius, "--border", "1.5"),
    ):
        out = tmp_path / "-".join(args)
        result = cli("tile", "--width", "100", *args, "--out", out)
        assert result.exit_code == 0, result.output
        assert min(_border_gaps(out / "tile.svg")) >= BORDER_GAP - 1e-6
    # Just past the suggestions, refused again: they are the largest that work.
    for args in (
        ("--corner-radius", "45", "--border", f"{float(border) + 0.02:g}"),
        ("--corner-radius", f"{float(radius) + 0.05:g}", "--border", "1.5"),
    ):
        assert cli("tile", "--width", "100", *args, "--out", tmp_path / "x").exit_code == 2
    # The kit's border on its default tile keeps well clear; sharp corners name no radius.
    result = cli("tile", "--width", "60", "--border", "1.5", "--out", tmp_path / "small")
    assert result.exit_code == 2 and "corner radius" not in result.output
    assert "choose a border of at most 1.26 mm" in result.output
    assert cli("tile", "--border", "1.5", "--out", tmp_path / "default").exit_code == 0
    assert min(_border_gaps(tmp_path / "default" / "tile.svg")) > 1.4


def _border_to_edge(path, burn=0.0):
    """The engraved border's least distance from the edge as cut (the cut line moved in
    by ``burn``, half an uncompensated kerf), read back from the DXF."""
    from shapely.geometry import LineString, Polygon

    from fabgen.geometry.outline import Path

    d = read_dxf(path.read_bytes())
    cut, border = (
        Path(tuple(p[:2] for p in line), tuple(p[2] for p in line)).flattened(1e-4)
        for (line,) in (d.polylines["cut"], d.polylines["engrave"])
    )
    edge = Polygon(cut).buffer(-burn, join_style="mitre").exterior
    return edge.distance(LineString(border))


@pytest.mark.parametrize(
    ("args", "burn", "message", "smallest"),
    [
        (["--border", "0.3"], 0.0, "--border 0.3 mm leaves 0.30 mm of wood", "0.50"),
        (["--outline", "rosette", "--border", "0.08"], 0.0, "leaves 0.08 mm of wood", "0.50"),
        (
            ["--kerf", "0.3", "--no-compensate-kerf", "--border", "0.1"],
            0.15,
            "--border 0.1 mm lies on the kerf the cut burns, which takes it away (the 0.3 mm "
            "kerf, not compensated, burns 0.15 mm inside the outline)",
            "0.65",
        ),
    ],
)
def test_a_border_keeps_half_a_millimetre_clear_of_the_edge(
    tmp_path, cli, args, burn, message, smallest
):
    """A border on or just inside the cut edge (--border 0.08) was written: the cut burns
    it away or leaves a charred sliver of wood. It is refused with the smallest border
    that keeps 0.5 mm from the edge as cut (an uncompensated kerf moves that edge in by
    half the kerf); that border is accepted and reads back 0.5 mm from the edge."""
    from fabgen.draw.tile_drawing import BORDER_GAP

    out = tmp_path / "near"
    result = cli("tile", *args, "--out", out)
    assert result.exit_code == 2
    assert message in result.output
    assert f"choose a border from {smallest} to" in result.output
    assert not out.exists() or not any(out.iterdir())
    at = args.index("--border") + 1
    fixed = [*args[:at], smallest, *args[at + 1 :]]
    out = tmp_path / "fixed"
    assert cli("tile", *fixed, "--out", out).exit_code == 0
    assert _border_to_edge(out / "tile.dxf", burn) == pytest.approx(BORDER_GAP, abs=1e-3)
    assert min(_border_gaps(out / "tile.svg")) >= BORDER_GAP - 1e-6
    fixed[at] = f"{float(smallest) - 0.01:g}"
    assert cli("tile", *fixed, "--out", tmp_path / "x").exit_code == 2


def test_a_tile_with_no_room_for_a_border_names_the_width_that_has_it(tmp_path, cli):
    """On a 20 mm tile the circles come within 0.58 mm of the edge: no border keeps 0.5 mm
    from both, so every border is refused, naming the width from which one fits. At that
    width the smallest border is accepted, just below it refused."""
    result = cli("tile", "--width", "20", "--border", "0.08", "--out", tmp_path / "x")
    assert result.exit_code == 2
    assert "--border 0.08 mm does not fit on this tile: its circles come within 0.58 mm" in (
        result.output
    )
    found = re.search(r"choose 0 \(no border\), tiles from ([\d.]+) mm wide", result.output)
    assert found, result.output
    width = found.group(1)
    assert cli("tile", "--width", width, "--border", "0.5", "--out", tmp_path / "ok").exit_code == 0
    below = f"{float(width) - 0.05:g}"
    assert cli("tile", "--width", below, "--border", "0.5", "--out", tmp_path / "y").exit_code == 2
    assert cli("tile", "--width", "20", "--border", "0", "--out", tmp_path / "z").exit_code == 0


def test_a_compensated_kerf_wider_than_the_margin_burns_outside_the_tile(cli, tmp_path):
    """A router's 4 mm cut, compensated, burns outside the finished outline whatever its
    width (it was refused as if it reached the circles): the DXF's cut line lies half the
    kerf outside the finished 100 mm hexagon, so the burn ends at the tile's edge."""
    import ezdxf

    result = cli("tile", "--kerf", "4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    doc = ezdxf.readfile(tmp_path / "tile.dxf")
    (cut,) = [e for e in doc.modelspace() if e.dxf.layer.lower() == "cut"]
    ys = [p[1] for p in cut.get_points("xy")]
    assert max(ys) - min(ys) == pytest.approx(100 + 4, abs=1e-3)  # across the flats
