"""Rounded tiles read back: fabgen's own at every corner radius it offers, a LibreCAD-style
DXF of LINEs and ARCs, and an Inkscape-style path of relative arcs and Bézier curves."""

from __future__ import annotations

import json
import math

import ezdxf
import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.geometry.lattice import SQRT7, TILE_ANGLE_DEG
from fabgen.geometry.outline import RoundedPolygon
from fabgen.geometry.tile import TileGeometry
from fabgen.readers.shapes import read_shapes

WIDTH = 100.0
PITCH = WIDTH / SQRT7
CIRCLE = 0.6 * PITCH  # fabgen tile's default circle diameter
# Fractions of the largest corner radius a tile accepts (the limit itself is refused):
# sharp, a rounding below a micrometre, and on to corners that leave edges of 2 µm.
FRACTIONS = [0.0, 1e-8, 0.001, 0.02, 0.06, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98, 0.999, 0.99996]


def largest_corner_radius(outline: str) -> float:
    geometry = TileGeometry.from_parameters({"outline": outline, "width": WIDTH})
    return RoundedPolygon(geometry.finished_outline().vertices).max_corner_radius()


def check_alignment(*args) -> tuple[int, dict]:
    result = CliRunner().invoke(main, ["check-alignment", *map(str, args), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output)


@pytest.mark.parametrize("outline", ["hexagon", "rosette"])
@pytest.mark.parametrize("fraction", FRACTIONS)
def test_every_corner_radius_reads_back_aligned(tmp_path, outline, fraction):
    radius = fraction * largest_corner_radius(outline)
    result = CliRunner().invoke(
        main,
        ["tile", "--outline", outline, "--corner-radius", repr(radius), "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    for fmt in ("svg", "dxf"):
        code, report = check_alignment("--from", tmp_path / f"tile.{fmt}")
        drawing = report["drawing"]
        assert code == 0, (fmt, drawing["problems"])
        assert drawing["outline_kind"] == outline
        assert drawing["circles_found"] == 7
        # A rounded corner never moves a flat: the width across the flats (the distance
        # between tile centres; a rosette's, where two of them touch) is the tile's.
        assert drawing["width_mm"] == pytest.approx(WIDTH, abs=1e-5)
        assert drawing["pitch_mm"] == pytest.approx(PITCH, abs=1e-6)
        assert drawing["circle_diameter_mm"] == pytest.approx(CIRCLE, abs=1e-6)
        assert abs(drawing["angle_deg"]) == pytest.approx(TILE_ANGLE_DEG, abs=1e-4)
        assert report["row_deviation"]["value_mm"] < 1e-5


@pytest.mark.parametrize("handedness", ["cw", "ccw"])
@pytest.mark.parametrize("outline", ["hexagon", "rosette"])
def test_a_tile_reads_back_as_the_width_and_handedness_it_was_made_with(
    tmp_path, outline, handedness
):
    args = ["--outline", outline, "--handedness", handedness, "--pitch", "35"]
    result = CliRunner().invoke(main, ["tile", *args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for fmt in ("svg", "dxf"):
        code, report = check_alignment("--from", tmp_path / f"tile.{fmt}")
        drawing = report["drawing"]
        assert code == 0 and drawing["is_island"], (fmt, drawing["problems"])
        assert drawing["outline_kind"] == outline
        assert drawing["width_mm"] == pytest.approx(35 * SQRT7, abs=1e-5), fmt
        assert drawing["handedness"] == handedness, fmt
        sign = 1 if handedness == "ccw" else -1
        assert drawing["angle_deg"] == pytest.approx(sign * TILE_ANGLE_DEG, abs=1e-4), fmt
        assert report["tile_spacing_mm"][0] == pytest.approx(35 * SQRT7, abs=1e-5)


def test_a_rounded_outline_is_not_taken_for_a_circle(tmp_path):
    # Points of a slightly rounded hexagon all sit on its corners, within 0.5 % of one
    # radius; the middles of its edges do not.
    CliRunner().invoke(main, ["tile", "--corner-radius", "3", "--out", str(tmp_path)])
    for fmt in ("svg", "dxf"):
        shapes = read_shapes(tmp_path / f"tile.{fmt}")
        assert len(shapes.circles) == 7
        (outline,) = shapes.outlines
        xs = [x for x, _ in outline.points]
        tip = WIDTH / math.sqrt(3) - 3 / math.sin(math.radians(60)) + 3  # a rounded corner
        assert max(xs) - min(xs) == pytest.approx(2 * tip, abs=1e-6)


# ---- drawings made by hand in other programs ------------------------------------------


def rounded_hexagon(radius: float, centre=(70.0, 60.0)):
    """Corner arcs of a hexagon WIDTH across the flats, corners at 0°, 60°, ...:
    (arc centre, start angle, end angle) in degrees, counter-clockwise."""
    reach = (WIDTH / 2 - radius) / math.cos(math.radians(30))
    return [
        (
            (
                centre[0] + reach * math.cos(math.radians(60 * k)),
                centre[1] + reach * math.sin(math.radians(60 * k)),
            ),
            60 * k - 30,
            60 * k + 30,
        )
        for k in range(6)
    ]


def island_centres(centre=(70.0, 60.0)):
    rows = 30.0 - TILE_ANGLE_DEG
    return [centre] + [
        (
            centre[0] + PITCH * math.cos(math.radians(rows + 60 * k)),
            centre[1] + PITCH * math.sin(math.radians(rows + 60 * k)),
        )
        for k in range(6)
    ]


def on_arc(centre, radius, deg):
    return (
        centre[0] + radius * math.cos(math.radians(deg)),
        centre[1] + radius * math.sin(math.radians(deg)),
    )


def librecad_dxf(path, radius: float) -> None:
    """Outline as separate LINEs and ARCs (ARCs always counter-clockwise, as LibreCAD
    writes them), in drawing order but with every other line reversed."""
    doc = ezdxf.new("R2007")
    doc.header["$INSUNITS"] = 4
    msp = doc.modelspace()
    arcs = rounded_hexagon(radius)
    for k, (c, start, end) in enumerate(arcs):
        msp.add_arc(c, radius, start, end, dxfattribs={"layer": "cut"})
        nxt = arcs[(k + 1) % 6]
        a, b = on_arc(c, radius, end), on_arc(nxt[0], radius, nxt[1])
        msp.add_line(*((a, b) if k % 2 else (b, a)), dxfattribs={"layer": "cut"})
    for c in island_centres():
        msp.add_circle(c, CIRCLE / 2, dxfattribs={"layer": "engrave"})
    doc.saveas(path)


def inkscape_svg(path, radius: float) -> None:
    """A layer moved by a transform, the outline as one path of relative commands:
    corners as cubic Béziers (Inkscape's corner effect) and as elliptical arcs."""
    arcs = rounded_hexagon(radius)
    k_bezier = 4 / 3 * math.tan(math.radians(60) / 4)
    x, y = on_arc(arcs[0][0], radius, arcs[0][1])
    d = [f"m {x + 10:.6f},{y + 20:.6f}"]  # the layer moves everything by (-10, -20)
    for k, (c, start, end) in enumerate(arcs):
        p0, p3 = on_arc(c, radius, start), on_arc(c, radius, end)
        if k % 2:
            d.append(f"a {radius:.6f},{radius:.6f} 0 0 1 {p3[0] - p0[0]:.6f},{p3[1] - p0[1]:.6f}")
        else:
            t0 = (-math.sin(math.radians(start)), math.cos(math.radians(start)))
            t3 = (-math.sin(math.radians(end)), math.cos(math.radians(end)))
            p1 = (p0[0] + k_bezier * radius * t0[0], p0[1] + k_bezier * radius * t0[1])
            p2 = (p3[0] - k_bezier * radius * t3[0], p3[1] - k_bezier * radius * t3[1])
            rel = [(q[0] - p0[0], q[1] - p0[1]) for q in (p1, p2, p3)]
            d.append("c " + " ".join(f"{u:.6f},{v:.6f}" for u, v in rel))
        nxt = arcs[(k + 1) % 6]
        q = on_arc(nxt[0], radius, nxt[1])
        d.append(f"l {q[0] - p3[0]:.6f},{q[1] - p3[1]:.6f}")
    d.append("z")
    circles = "".join(
        f'<circle style="fill:none;stroke:#000000;stroke-width:0.1" id="circle{n}" '
        f'cx="{cx + 10:.6f}" cy="{cy + 20:.6f}" r="{CIRCLE / 2:.6f}" />'
        for n, (cx, cy) in enumerate(island_centres())
    )
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<svg width="140mm" height="120mm" viewBox="0 0 140 120" version="1.1" id="svg1" '
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
        'xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">'
        '<sodipodi:namedview id="namedview1" inkscape:document-units="mm" />'
        '<g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" '
        'transform="translate(-10,-20)">'
        f'<path style="fill:none;stroke:#ff0000;stroke-width:0.1" d="{" ".join(d)}" id="path1" />'
        f"{circles}</g></svg>"
    )


@pytest.mark.parametrize("radius", [0.5, 3.0, 12.0, 40.0])
@pytest.mark.parametrize("maker", [librecad_dxf, inkscape_svg], ids=["librecad", "inkscape"])
def test_hand_made_rounded_tiles_read_back(tmp_path, maker, radius):
    path = tmp_path / ("tile.dxf" if maker is librecad_dxf else "tile.svg")
    maker(path, radius)
    code, report = check_alignment("--from", path)
    drawing = report["drawing"]
    assert code == 0, drawing["problems"]
    assert drawing["outline_kind"] == "hexagon"
    assert drawing["width_mm"] == pytest.approx(WIDTH, abs=1e-4)
    assert drawing["width_spread_mm"] < 1e-4
    assert drawing["pitch_mm"] == pytest.approx(PITCH, abs=1e-5)
    assert drawing["circle_diameter_mm"] == pytest.approx(CIRCLE, abs=1e-5)
    assert abs(drawing["angle_deg"]) == pytest.approx(TILE_ANGLE_DEG, abs=1e-3)


def test_lines_and_arcs_that_do_not_meet_stay_open(tmp_path):
    path = tmp_path / "gap.dxf"
    librecad_dxf(path, 3.0)
    doc = ezdxf.readfile(path)
    (doc.modelspace().query("LINE")[2]).dxf.start += (0.5, 0)  # a 0.5 mm gap
    doc.saveas(path)
    result = CliRunner().invoke(main, ["check-alignment", "--from", str(path)])
    assert result.exit_code == 2
    assert "found no closed outline" in result.output


@pytest.mark.parametrize("radii", ["1e-300,1e-300", "3,1E-200", "2.5e-170,3"])
def test_an_arc_too_small_to_compute_with_is_named(tmp_path, radii):
    """An arc whose radii square to 0 in floating point (svgelements divides by them):
    the message said "float division by zero"; it names the number and what to do."""
    CliRunner().invoke(main, ["tile", "--corner-radius", "3", "--out", str(tmp_path)])
    drawn = (tmp_path / "tile.svg").read_text(encoding="utf-8")
    first = drawn.index(" A 3,3 ")
    hostile = tmp_path / "hostile.svg"
    hostile.write_text(f"{drawn[:first]} A {radii} {drawn[first + 7 :]}", encoding="utf-8")
    result = CliRunner().invoke(main, ["check-alignment", "--from", str(hostile)])
    assert result.exit_code == 2, result.output
    tiny = next(r for r in radii.split(",") if "e" in r.lower())
    assert f"a size in it, {tiny}, is too small to compute with" in result.output
    assert "division" not in result.output
