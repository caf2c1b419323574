"""Drawings from other programs: transforms applied exactly or refused, work bounded."""

from __future__ import annotations

import math
import os
import random
import re

import ezdxf
import pytest

from fabgen.errors import InputFileError
from fabgen.geometry.lattice import SQRT7
from fabgen.readers.shapes import MAX_ELEMENTS, _chain, read_shapes
from fabgen.readers.tile_drawing import read_tile_drawing

PITCH = 100 / SQRT7


@pytest.fixture(scope="module")
def tile_svg(tmp_path_factory):
    from click.testing import CliRunner

    from fabgen.cli import main

    out = tmp_path_factory.mktemp("tile")
    result = CliRunner().invoke(main, ["tile", "--kerf", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "tile.svg").read_text()


def wrapped(svg: str, transform: str) -> str:
    """The drawing with all its content inside <g transform=...>."""
    head_end = svg.index(">", svg.index("<svg")) + 1
    end = svg.rindex("</svg>")
    return svg[:head_end] + f'<g transform="{transform}">' + svg[head_end:end] + "</g></svg>"


def centre_of(svg: str) -> tuple[float, float]:
    w, h = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    return w / 2, h / 2


def read(tmp_path, text: str, name: str = "t.svg"):
    path = tmp_path / name
    path.write_text(text)
    return read_tile_drawing(path)


@pytest.mark.parametrize("angle", [30, 90, -47.5])
def test_rotated_tile_reads_back_exactly(tmp_path, tile_svg, angle):
    cx, cy = centre_of(tile_svg)
    _, analysis = read(tmp_path, wrapped(tile_svg, f"rotate({angle} {cx} {cy})"))
    assert analysis.is_island
    assert analysis.width_mm == pytest.approx(100, abs=1e-6)
    assert analysis.pitch_mm == pytest.approx(PITCH, abs=1e-6)


def test_mirrored_group_turns_the_handedness(tmp_path, tile_svg):
    cx, _ = centre_of(tile_svg)
    _, plain = read(tmp_path, tile_svg)
    _, mirrored = read(tmp_path, wrapped(tile_svg, f"translate({2 * cx} 0) scale(-1 1)"))
    assert mirrored.is_island
    assert {plain.handedness, mirrored.handedness} == {"ccw", "cw"}
    assert mirrored.angle_deg == pytest.approx(-plain.angle_deg, abs=1e-6)


def test_matrix_scale_applies_to_circles_and_outline(tmp_path, tile_svg):
    c, s = math.cos(0.3) * 0.5, math.sin(0.3) * 0.5
    _, analysis = read(tmp_path, wrapped(tile_svg, f"matrix({c} {s} {-s} {c} 10 20)"))
    assert analysis.width_mm == pytest.approx(50, abs=1e-6)
    assert analysis.circle_diameter_mm == pytest.approx(0.5 * 0.6 * PITCH, rel=1e-6)
    assert analysis.is_island


@pytest.mark.parametrize(
    "transform", ["skewX(20)", "scale(1 1.3)", "matrix(1 0.2 0 1 0 0)", "matrix(1,0,0.3,1,0,0)"]
)
def test_skewed_or_stretched_circles_are_read_as_ellipses_and_reported(
    tmp_path, tile_svg, transform
):
    # An affine that is not a similarity turns circles into ellipses: they are measured
    # where the transform puts them, with the diameters it gives them, and reported.
    import numpy as np
    import svgelements as se

    m = se.Matrix(transform)
    big, small = np.linalg.svd([[m.a, m.c], [m.b, m.d]], compute_uv=False)
    _, analysis = read(tmp_path, wrapped(tile_svg, transform))
    assert not analysis.is_island
    oval = [p for p in analysis.problems if "is not round" in p]
    assert len(oval) == 7
    drawn = 0.6 * PITCH  # fabgen tile's circle diameter
    expected = f"an ellipse of {drawn * big:.3f} × {drawn * small:.3f} mm"
    assert all(expected in p for p in oval), (expected, oval[0])
    assert f"{100 * (big - small) / big:.1f}%" in oval[0]


def test_a_skewed_tile_exits_1_with_the_circles_named(tmp_path, tile_svg):
    from click.testing import CliRunner

    from fabgen.cli import main

    path = tmp_path / "skewed.svg"
    path.write_text(wrapped(tile_svg, "matrix(1,0,0.3,1,0,0)"))
    result = CliRunner().invoke(main, ["check-alignment", "--from", str(path)])
    assert result.exit_code == 1, result.output
    assert result.output.count("is not round: an ellipse of") == 7
    assert "island pattern: NO" in result.output


def test_an_ellipse_that_a_transform_makes_round_is_a_circle(tmp_path):
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="100mm" '
        'viewBox="0 0 100 100"><ellipse id="e" cx="10" cy="20" rx="5" ry="10" '
        'transform="translate(50 50) scale(2 1)"/></svg>'
    )
    path = tmp_path / "e.svg"
    path.write_text(svg)
    (circle,) = read_shapes(path).circles
    assert circle.radius == pytest.approx(10, abs=1e-9)
    assert circle.centre == pytest.approx((70, 100 - 70), abs=1e-9)


def test_nested_use_is_expanded_with_its_transforms(tmp_path, tile_svg):
    head_end = tile_svg.index(">", tile_svg.index("<svg")) + 1
    body = tile_svg[head_end : tile_svg.rindex("</svg>")]
    svg = (
        tile_svg[:head_end]
        + f'<defs><g id="tile">{body}</g><use id="u1" xlink:href="#tile" x="5"/></defs>'
        + '<use xlink:href="#u1" transform="translate(0 3)"/></svg>'
    )
    _, analysis = read(tmp_path, svg)
    assert analysis.is_island
    assert analysis.width_mm == pytest.approx(100, abs=1e-6)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('<g id="a"><use href="#a"/></g>', "remove the loop"),
        ('<use id="a" href="#b"/><use id="b" href="#a"/>', "remove the loop"),
        ('<circle id="c" r="1" transform="matrix(1 2 2 4 0 0)"/>', "flattens it"),
        ('<circle id="c" r="1e308" cx="1e308"/>', "not a number or beyond"),
        ("<g>" * 5000 + '<circle r="1"/>' + "</g>" * 5000, "nested more than 200 deep"),
        # dropped in silence before, and the tile said to have six circles
        ('<circle cx="nan" cy="5" r="1"/>', "cx='nan' of <circle> is not a number"),
        ('<ellipse cx="5" cy="inf" rx="1" ry="1"/>', "cy='inf' of <ellipse> is not a number"),
        ('<circle id="c" cx="5" cy="5" r="-5"/>', "r='-5' of <circle id='c'> is negative"),
        ('<ellipse cx="5" cy="5" rx="1" ry="-1mm"/>', "ry='-1mm' of <ellipse> is negative"),
    ],
)
def test_hostile_svgs_are_refused(tmp_path, body, message):
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">{body}</svg>'
    with pytest.raises(InputFileError, match=message):
        read(tmp_path, svg)


@pytest.mark.parametrize("root", ["<html/>", "<foo><svg/></foo>", '<x:svg xmlns:x="urn:x"/>'])
def test_xml_whose_top_element_is_no_svg_is_refused_as_no_drawing(tmp_path, root):
    # An HTML page saved as .svg ended in a traceback (AttributeError: no height).
    with pytest.raises(InputFileError, match=r"not an SVG drawing: its top element is <"):
        read(tmp_path, root)


def test_a_use_bomb_is_refused_before_it_is_expanded(tmp_path):
    levels = ['<circle id="l0" r="1"/>']
    for k in range(1, 9):
        uses = "".join(f'<use href="#l{k - 1}" x="{i}"/>' for i in range(10))
        levels.append(f'<g id="l{k}">{uses}</g>')
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">'
    svg = f"{head}{''.join(levels)}</svg>"
    with pytest.raises(InputFileError, match=f"more than {MAX_ELEMENTS:,} elements"):
        read(tmp_path, svg)


def test_deep_use_chains_are_refused(tmp_path):
    uses = "".join(f'<use id="u{k}" href="#u{k - 1}"/>' for k in range(1, 60))
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="10mm"><circle id="u0" r="1"/>{uses}</svg>'
    )
    with pytest.raises(InputFileError, match="more than 32 deep"):
        read(tmp_path, svg)


# ---- DXF ----------------------------------------------------------------------------


def new_dxf():
    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 4
    return doc


def test_unknown_insunits_is_refused(tmp_path):
    doc = new_dxf()
    doc.header["$INSUNITS"] = 8  # microinches: ezdxf has no factor for it
    doc.modelspace().add_circle((0, 0), 1)
    doc.saveas(tmp_path / "u.dxf")
    with pytest.raises(InputFileError, match=r"\$INSUNITS is 8"):
        read_shapes(tmp_path / "u.dxf")


def test_degenerate_ellipses_are_skipped_and_counted(tmp_path):
    doc = new_dxf()
    msp = doc.modelspace()
    msp.add_circle((0, 0), 1)
    msp.add_ellipse((0, 0), major_axis=(1, 0), ratio=0.5)
    msp.add_ellipse((5, 0), major_axis=(2, 0), ratio=0.25)
    doc.saveas(tmp_path / "e.dxf")
    text = (tmp_path / "e.dxf").read_text().replace("\n 40\n0.5\n", "\n 40\n0.0\n")
    (tmp_path / "e.dxf").write_text(text.replace("\n 11\n2.0\n", "\n 11\n0.0\n"))
    shapes = read_shapes(tmp_path / "e.dxf")
    assert len(shapes.circles) == 1
    assert "2 degenerate entities" in shapes.units_note


def test_self_inserting_block_is_refused(tmp_path):
    doc = new_dxf()
    block = doc.blocks.new("LOOP")
    block.add_circle((0, 0), 1)
    block.add_blockref("LOOP", (1, 0))
    doc.modelspace().add_blockref("LOOP", (0, 0))
    doc.saveas(tmp_path / "loop.dxf")
    with pytest.raises(InputFileError, match="block 'LOOP' inserts itself"):
        read_shapes(tmp_path / "loop.dxf")


def test_insert_scaled_by_zero_is_refused(tmp_path):
    doc = new_dxf()
    doc.blocks.new("B").add_circle((0, 0), 1)
    doc.modelspace().add_blockref("B", (0, 0), dxfattribs={"xscale": 2.5})
    doc.saveas(tmp_path / "zero.dxf")  # ezdxf will not write a scale of 0 itself:
    text = (tmp_path / "zero.dxf").read_text().replace("\n 41\n2.5\n", "\n 41\n0.0\n")
    (tmp_path / "zero.dxf").write_text(text)
    with pytest.raises(InputFileError, match="a scale must be a non-zero number"):
        read_shapes(tmp_path / "zero.dxf")


def test_block_bomb_is_refused(tmp_path):
    doc = new_dxf()
    doc.blocks.new("B0").add_circle((0, 0), 1)
    for k in range(1, 8):
        block = doc.blocks.new(f"B{k}")
        for i in range(10):
            block.add_blockref(f"B{k - 1}", (i, 0))
    doc.modelspace().add_blockref("B7", (0, 0))
    doc.saveas(tmp_path / "bomb.dxf")
    with pytest.raises(InputFileError, match="more than 5,000 block insertions"):
        read_shapes(tmp_path / "bomb.dxf")


def test_inserted_and_mirrored_blocks_are_transformed_exactly(tmp_path):
    doc = new_dxf()
    doc.blocks.new("C").add_circle((1, 0), 2)
    msp = doc.modelspace()
    msp.add_blockref("C", (10, 0), dxfattribs={"xscale": -3, "yscale": 3, "rotation": 90})
    doc.saveas(tmp_path / "m.dxf")
    (circle,) = read_shapes(tmp_path / "m.dxf").circles
    assert circle.radius == pytest.approx(6, abs=1e-9)
    assert circle.centre == pytest.approx((10, -3), abs=1e-9)


def test_a_scale_zero_svg_element_draws_nothing(tmp_path):
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">'
        '<circle id="c" r="1" transform="scale(0)"/></svg>'
    )
    (tmp_path / "z.svg").write_text(svg)
    assert read_shapes(tmp_path / "z.svg").circles == []


def test_non_finite_coordinates_are_refused(tmp_path):
    text = (
        "0\nSECTION\n2\nENTITIES\n0\nCIRCLE\n8\n0\n10\nnan\n20\n0\n30\n0\n40\n1\n"
        "0\nENDSEC\n0\nEOF\n"
    )
    (tmp_path / "nan.dxf").write_text(text)
    with pytest.raises(InputFileError, match="not a number or beyond"):
        read_shapes(tmp_path / "nan.dxf")


def test_a_bulge_that_overflows_gets_a_message_and_no_python_warning(tmp_path):
    import warnings

    doc = new_dxf()
    corners = [(50 * math.cos(k * math.pi / 3), 50 * math.sin(k * math.pi / 3)) for k in range(6)]
    points = [(x, y, 0, 0, 1e300 if k == 0 else 0) for k, (x, y) in enumerate(corners)]
    doc.modelspace().add_lwpolyline(points, format="xyseb", close=True)
    doc.saveas(tmp_path / "bulge.dxf")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(InputFileError, match="no closed outline"):
            read_tile_drawing(tmp_path / "bulge.dxf")
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize(
    "text",
    ["", "0\nSECTION\n", "999\n\x00\x01\x02", "0\nSECTION\n2\nENTITIES\n0\nLINE\n10\nx\n"],
)
def test_broken_dxf_gets_a_message(tmp_path, text):
    (tmp_path / "b.dxf").write_text(text)
    with pytest.raises(InputFileError, match="DXF"):
        read_shapes(tmp_path / "b.dxf")


def test_chaining_thousands_of_shuffled_pieces_finds_the_ring():
    n = 3000
    ring = [(math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n)]
    pieces = [[ring[k], ring[(k + 1) % n]] for k in range(n)]
    for k in range(0, n, 3):  # some pieces drawn backwards, as CAD programs do
        pieces[k].reverse()
    random.Random(1).shuffle(pieces)
    ((chained, first),) = _chain(pieces)
    assert chained[0] in pieces[first]  # the ring starts with the piece it names
    assert len(chained) == n
    assert sorted(chained) == sorted(ring)


# ---- what is not a drawing ------------------------------------------------------------


def test_a_folder_a_fifo_and_a_device_fail_at_once(tmp_path):
    (tmp_path / "dir.svg").mkdir()
    os.mkfifo(tmp_path / "fifo.dxf")
    (tmp_path / "zero.dxf").symlink_to("/dev/zero")
    for name, message in [
        ("dir.svg", "is a folder"),
        ("fifo.dxf", "not a regular file"),
        ("zero.dxf", "not a regular file"),
        ("missing.svg", "no such file"),
    ]:
        with pytest.raises(InputFileError, match=message):
            read_shapes(tmp_path / name)


@pytest.mark.parametrize("transform", ["skewX(30)", "matrix(1 0.4 -0.2 0.7 3 4)", "rotate(20)"])
def test_arcs_of_a_path_follow_any_affine_transform_exactly(tmp_path, transform):
    path_circle = "M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z"
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="100mm" '
        f'viewBox="0 0 100 100"><path id="p" d="{path_circle}" transform="{transform}"/></svg>'
    )
    (tmp_path / "p.svg").write_text(svg)
    shapes = read_shapes(tmp_path / "p.svg")
    import svgelements as se

    inverse = ~se.Matrix(transform)
    rings = [o.points for o in shapes.outlines] + [c.ring for c in shapes.circles if c.ring]
    points = [p for ring in rings for p in ring]
    points += [c.centre for c in shapes.circles]  # rotate keeps it a circle
    assert points
    for x, y in [p for ring in rings for p in ring]:
        u = inverse.point_in_matrix_space((x, 100 - y))
        assert math.dist((u.x, u.y), (50, 50)) == pytest.approx(10, abs=1e-6)
    import numpy as np

    m = se.Matrix(transform)
    stretch = np.linalg.svd([[m.a, m.c], [m.b, m.d]], compute_uv=False)
    (circle,) = shapes.circles  # an ellipse under a skew: its diameters are 20 × stretch
    assert circle.diameters == pytest.approx(tuple(20 * stretch), abs=1e-6)
    assert circle.is_round == (stretch[0] - stretch[1] < 1e-9)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_a_dxf_with_a_bom_or_in_utf_16_reads_as_the_plain_one(tmp_path, encoding):
    """Windows tools save text as UTF-16 or with a BOM: "Invalid group code" at line 1."""
    from click.testing import CliRunner

    from fabgen.cli import main

    result = CliRunner().invoke(main, ["tile", "--kerf", "0", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    plain = (tmp_path / "tile.dxf").read_text()
    bom = "\ufeff" if encoding in ("utf-16-le", "utf-16-be") else ""
    (tmp_path / "saved.dxf").write_text(bom + plain, encoding=encoding)
    want, got = read_shapes(tmp_path / "tile.dxf"), read_shapes(tmp_path / "saved.dxf")
    assert len(got.circles) == len(want.circles) == 7 and len(got.outlines) == 1
    assert [c.centre for c in got.circles] == [c.centre for c in want.circles]
    assert got.outlines == want.outlines
