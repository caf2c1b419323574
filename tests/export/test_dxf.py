"""The DXF writer read back with ezdxf: a print shape keeps its colour and line width."""

import io

import ezdxf

from fabgen.draw.drawing import Circle, Drawing, Polyline, Style
from fabgen.export.dxf import render_dxf


def test_print_shapes_keep_their_colour_and_line_width():
    # (ezdxf has no colors.hex2rgb: a coloured print shape stopped the writer)
    d = Drawing(100.0, 80.0, "print colours")
    square = ((10.0, 10.0), (40.0, 10.0), (40.0, 40.0), (10.0, 40.0))
    d.add("print", Polyline(square, closed=True, style=Style(stroke="#d40000", width=0.5)))
    d.add("print", Circle((70.0, 40.0), 12.0, Style(stroke=None, fill="#1a73e8")))
    d.add("cut", Circle((70.0, 40.0), 5.0))
    doc = ezdxf.read(io.StringIO(render_dxf(d).decode("utf-8")))
    small, big, line = sorted(doc.modelspace(), key=lambda e: e.dxftype() + e.dxf.layer)
    assert line.dxftype() == "LWPOLYLINE" and line.dxf.layer == "print"
    assert line.rgb == (0xD4, 0x00, 0x00)
    assert line.dxf.lineweight == 50  # hundredths of a mm
    assert [tuple(p)[:2] for p in line.get_points("xy")] == list(square)
    assert (big.dxf.layer, big.dxf.radius, big.rgb) == ("print", 12.0, (0x1A, 0x73, 0xE8))
    assert (small.dxf.layer, small.dxf.radius, small.rgb) == ("cut", 5.0, None)
