"""LINE/CIRCLE-only DXFs are read from the group codes; the result must be what ezdxf's
full document load gives, and anything the fast path does not read exactly goes to ezdxf."""

from __future__ import annotations

import math
import random

import ezdxf
import pytest

from fabgen.readers import shapes


def both_ways(path):
    fast = shapes.read_shapes(path)
    original = shapes._fast_dxf
    shapes._fast_dxf = lambda *_: None
    try:
        slow = shapes.read_shapes(path)
    finally:
        shapes._fast_dxf = original
    return fast, slow


def outline_and_circles(msp, size: float) -> None:
    rng = random.Random(3)
    corners = [
        (size * math.cos(k * math.pi / 3), size * math.sin(k * math.pi / 3)) for k in range(6)
    ]
    edges = [(corners[k], corners[(k + 1) % 6]) for k in range(6)]
    rng.shuffle(edges)
    for a, b in edges:
        msp.add_line(a, b)
    for k in range(3):
        msp.add_circle((k * size / 5, -k * size / 7), size / 10)
    msp.add_circle((1.0, 1.0), 0.0)  # zero size: skipped and counted either way
    msp.add_text("label")  # ignored either way


@pytest.mark.parametrize("units", [0, 4, 1, 5])
def test_fast_path_equals_ezdxf(tmp_path, units):
    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = units
    outline_and_circles(doc.modelspace(), 40.0)
    path = tmp_path / "t.dxf"
    doc.saveas(path)
    assert shapes._fast_dxf(path, path.read_text()) is not None  # really the fast path
    fast, slow = both_ways(path)
    assert fast.units_note == slow.units_note
    assert len(fast.circles) == len(slow.circles) == 3
    for a, b in zip(fast.circles, slow.circles, strict=True):
        assert a.centre == pytest.approx(b.centre) and a.radius == pytest.approx(b.radius)
        assert a.name == b.name
    assert [o.points for o in fast.outlines] == [o.points for o in slow.outlines]
    assert len(fast.outlines) == 1
    factor = {0: 1.0, 4: 1.0, 1: 25.4, 5: 10.0}[units]
    xs = [p[0] for p in fast.outlines[0].points]
    assert max(xs) == pytest.approx(40.0 * factor)


def test_mirrored_circle_and_blocks_go_to_ezdxf(tmp_path):
    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 4
    msp = doc.modelspace()
    msp.add_circle((10, 0), 2, dxfattribs={"extrusion": (0, 0, -1)})  # centre is x = -10
    block = doc.blocks.new("B")
    block.add_circle((0, 0), 3)
    msp.add_blockref("B", (5, 5))
    path = tmp_path / "m.dxf"
    doc.saveas(path)
    assert shapes._fast_dxf(path, path.read_text()) is None
    circles = shapes.read_shapes(path).circles
    assert sorted(c.centre for c in circles) == [(-10.0, 0.0), (5.0, 5.0)]


def test_bad_numbers_fall_back_to_ezdxf_message(tmp_path):
    doc = ezdxf.new("R2010")
    doc.modelspace().add_line((0, 0), (1, 1))
    path = tmp_path / "bad.dxf"
    doc.saveas(path)
    text = path.read_text()
    assert "\n 11\n1.0\n" in text
    path.write_text(text.replace("\n 11\n1.0\n", "\n 11\nabc\n"))
    assert shapes._fast_dxf(path, path.read_text()) is None
    with pytest.raises(shapes.InputFileError, match="DXF"):
        shapes.read_shapes(path)
