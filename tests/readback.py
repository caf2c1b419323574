"""Independent readers for the files fabgen writes, used by the tests.

SVG is parsed with ElementTree (fabgen writes no transforms, so coordinates are
read as they stand, y flipped with the viewBox); DXF with ezdxf.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


@dataclass
class FlatDrawing:
    width: float
    height: float
    units: str
    polylines: dict[str, list[list[tuple[float, float, float]]]] = field(default_factory=dict)
    closed: dict[str, list[bool]] = field(default_factory=dict)
    circles: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)
    texts: dict[str, list[str]] = field(default_factory=dict)
    metadata: dict = field(default_factory=dict)
    extents: tuple[float, ...] = ()  # DXF: $EXTMIN and $EXTMAX (x0, y0, x1, y1)


def read_svg(data: bytes) -> FlatDrawing:
    root = ElementTree.fromstring(data)
    w, h = root.get("width"), root.get("height")
    vb = [float(v) for v in root.get("viewBox").split()]
    assert w.endswith("mm") and h.endswith("mm")
    out = FlatDrawing(float(w[:-2]), float(h[:-2]), "mm")
    assert vb == [0, 0, out.width, out.height], "viewBox must match the mm size"
    meta = root.find(f"{SVG}metadata")
    settings = None if meta is None else meta.find(".//{urn:x-fabgen:settings}settings")
    if settings is not None:
        out.metadata = json.loads(settings.text)
    for group in root.findall(f"{SVG}g"):
        assert group.get(f"{INKSCAPE}groupmode") == "layer"
        layer = group.get("id").removeprefix("layer-")
        for el in group:
            assert el.get("transform") is None or el.tag == f"{SVG}text"
            tag = el.tag.removeprefix(SVG)
            if tag == "path":
                pts, closed = _parse_path(el.get("d"), out.height)
                out.polylines.setdefault(layer, []).append(pts)
                out.closed.setdefault(layer, []).append(closed)
            elif tag == "circle":
                c = (float(el.get("cx")), out.height - float(el.get("cy")), float(el.get("r")))
                out.circles.setdefault(layer, []).append(c)
            elif tag == "text":
                out.texts.setdefault(layer, []).append(el.text)
    return out


def _parse_path(d: str, height: float):
    """Points (x, y, bulge of the segment starting there) from M/L/A/Z commands."""
    tokens = re.findall(r"[MLAZ]|-?[\d.]+(?:e-?\d+)?", d)
    pts: list[list[float]] = []
    closed = False
    i = 0
    while i < len(tokens):
        cmd = tokens[i]
        if cmd in "ML":
            pts.append([float(tokens[i + 1]), height - float(tokens[i + 2]), 0.0])
            i += 3
        elif cmd == "A":
            r, large, sweep = float(tokens[i + 1]), int(tokens[i + 4]), int(tokens[i + 5])
            end = (float(tokens[i + 6]), height - float(tokens[i + 7]))
            start = pts[-1]
            chord = math.dist(start[:2], end)
            angle = 2 * math.asin(min(1.0, chord / (2 * r)))
            if large:
                angle = 2 * math.pi - angle
            # SVG sweep 0 on a y-down page is counter-clockwise once y points up
            start[2] = math.tan(angle / 4) * (1 if sweep == 0 else -1)
            pts.append([end[0], end[1], 0.0])
            i += 8
        elif cmd == "Z":
            closed = True
            i += 1
        else:
            raise AssertionError(f"unexpected path token {cmd}")
    if closed and len(pts) > 1 and math.dist(pts[0][:2], pts[-1][:2]) < 1e-9:
        pts[-2][2], pts = pts[-2][2], pts[:-1]
    return [tuple(p) for p in pts], closed


def read_dxf(data: bytes) -> FlatDrawing:
    import io

    import ezdxf

    doc = ezdxf.read(io.StringIO(data.decode("utf-8")))
    auditor = doc.audit()
    assert not auditor.has_errors, [str(e) for e in auditor.errors]
    assert doc.header["$INSUNITS"] == 4
    assert doc.dxfversion == "AC1024"  # R2010
    page = doc.header["$LIMMAX"]
    out = FlatDrawing(page[0], page[1], "mm")
    out.extents = (*doc.header["$EXTMIN"][:2], *doc.header["$EXTMAX"][:2])
    out.metadata = {tag: value for tag, value in doc.header.custom_vars}
    for e in doc.modelspace():
        layer = e.dxf.layer
        if e.dxftype() == "LWPOLYLINE":
            out.polylines.setdefault(layer, []).append(
                [(x, y, b) for x, y, _, _, b in e.get_points("xyseb")]
            )
            out.closed.setdefault(layer, []).append(e.closed)
        elif e.dxftype() == "CIRCLE":
            c = e.dxf.center
            out.circles.setdefault(layer, []).append((c.x, c.y, e.dxf.radius))
        elif e.dxftype() == "TEXT":
            out.texts.setdefault(layer, []).append(e.dxf.text)
    return out


def layer_colours_dxf(data: bytes) -> dict[str, int]:
    import io

    import ezdxf

    doc = ezdxf.read(io.StringIO(data.decode("utf-8")))
    standard = {"0", "Defpoints"}
    return {layer.dxf.name: layer.color for layer in doc.layers if layer.dxf.name not in standard}
