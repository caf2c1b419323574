"""Read the circles and closed outlines of a drawing made in another program.

SVG (Inkscape, LightBurn, Illustrator; mm or px, any viewBox and transforms) is read
with svgelements; DXF (LibreCAD, LightBurn, FreeCAD) with ezdxf. Everything comes
out in millimetres with y pointing up, as flattened point lists plus true circles.
A circle drawn as a path (Inkscape's "object to path") is recognised as a circle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from fabgen.errors import InputFileError

Point = tuple[float, float]
SAMPLES_PER_CURVE = 24


@dataclass(frozen=True)
class DrawnCircle:
    centre: Point
    radius: float
    name: str  # how to point at it in messages: id or position


@dataclass(frozen=True)
class DrawnOutline:
    points: tuple[Point, ...]  # closed ring, last point not repeated
    name: str


@dataclass(frozen=True)
class DrawnShapes:
    circles: list[DrawnCircle]
    outlines: list[DrawnOutline]
    units_note: str  # how units were decided, for the report


def read_shapes(path: str | Path, dpi: float = 96.0) -> DrawnShapes:
    """Circles and closed outlines of an ``.svg`` or ``.dxf`` file, in mm."""
    path = Path(path)
    if not path.is_file():
        raise InputFileError(str(path), "no such file; give the path of an SVG or DXF drawing")
    suffix = path.suffix.lower()
    if suffix == ".svg":
        return _read_svg(path, dpi)
    if suffix == ".dxf":
        return _read_dxf(path)
    raise InputFileError(
        str(path), f"cannot read {suffix or 'files without extension'}: give an .svg or .dxf file"
    )


# ---- SVG ----------------------------------------------------------------------------


def _read_svg(path: Path, dpi: float) -> DrawnShapes:
    import svgelements as se

    try:
        doc = se.SVG.parse(str(path), reify=True, ppi=dpi)
    except Exception as exc:  # svgelements raises assorted XML and value errors
        raise InputFileError(str(path), f"not a readable SVG file ({exc})") from None
    mm_per_unit = _svg_mm_per_px(doc, dpi)
    height = _svg_height_mm(doc, mm_per_unit)
    circles: list[DrawnCircle] = []
    outlines: list[DrawnOutline] = []
    for index, element in enumerate(doc.elements()):
        if not isinstance(element, se.Shape) or isinstance(element, se.SVGText):
            continue
        label = _svg_label(element, index)
        if isinstance(element, (se.Circle, se.Ellipse)) and _round(element):
            cx, cy = float(element.cx) * mm_per_unit, height - float(element.cy) * mm_per_unit
            r = (float(element.rx) + float(element.ry)) / 2 * mm_per_unit
            circles.append(DrawnCircle((cx, cy), r, f"circle {label} at {_at((cx, cy))}"))
            continue
        for ring in _svg_rings(element, mm_per_unit, height):
            _classify(ring, label, circles, outlines)
    note = f"SVG user units converted to mm at {dpi:g} px per inch where no unit is given"
    return DrawnShapes(circles, outlines, note)


def _svg_mm_per_px(doc, dpi: float) -> float:
    """Millimetres per svgelements pixel.

    svgelements turns mm and cm into pixels with 0.0393701 inches per mm (rounded,
    0.5 ppm off); undo exactly that factor so a 100 mm tile reads back as 100 mm.
    """
    width = str(doc.values.get("width", "")).strip().lower()
    if width.endswith(("mm", "cm")):
        return 1.0 / (dpi * 0.0393701)
    return 25.4 / dpi


def _svg_height_mm(doc, mm_per_unit: float) -> float:
    # svgelements gives y down; flip with the page height so y points up as in CAD.
    height = doc.height
    return float(height) * mm_per_unit if height else 0.0


def _round(element) -> bool:
    rx, ry = float(element.rx), float(element.ry)
    return rx > 0 and abs(rx - ry) <= 1e-6 * max(rx, ry)


def _svg_label(element, index: int) -> str:
    ident = element.id
    return f"id '{ident}'" if ident else f"#{index + 1}"


def _svg_rings(element, scale: float, height: float) -> list[list[Point]]:
    import numpy as np
    import svgelements as se

    rings = []
    for sub in se.Path(element).as_subpaths():
        pts: list[Point] = []
        closed = False
        for seg in se.Path(sub):
            if isinstance(seg, se.Move):
                pts.append((seg.end.x, seg.end.y))
            elif isinstance(seg, se.Close):
                closed = True
            elif isinstance(seg, se.Line):
                pts.append((seg.end.x, seg.end.y))
            else:
                for p in seg.npoint(np.linspace(0, 1, SAMPLES_PER_CURVE + 1)[1:]):
                    pts.append((float(p[0]), float(p[1])))
        ring = [(x * scale, height - y * scale) for x, y in pts]
        if len(ring) > 2 and (closed or math.dist(ring[0], ring[-1]) < 1e-6):
            rings.append(_drop_closing_point(ring))
    return rings


# ---- DXF ----------------------------------------------------------------------------


def _read_dxf(path: Path) -> DrawnShapes:
    import ezdxf
    from ezdxf import units

    try:
        doc = ezdxf.readfile(str(path))
    except (OSError, ezdxf.DXFError) as exc:
        raise InputFileError(str(path), f"not a readable DXF file ({exc})") from None
    code = doc.header.get("$INSUNITS", 0)
    if code in (0, units.MM):
        scale = 1.0
        note = "DXF drawing units are millimetres" if code else "DXF has no units; read as mm"
    else:
        scale = units.conversion_factor(code, units.MM)
        note = f"DXF units ({units.unit_name(code)}) converted to mm"
    circles: list[DrawnCircle] = []
    outlines: list[DrawnOutline] = []
    loose: list[list[Point]] = []
    for index, entity in enumerate(_dxf_entities(doc)):
        _dxf_entity(entity, index, scale, circles, outlines, loose)
    for k, ring in enumerate(_chain(loose)):
        _classify(ring, f"chain {k + 1} of lines and arcs", circles, outlines)
    return DrawnShapes(circles, outlines, note)


def _dxf_entities(doc):
    from ezdxf import disassemble

    return list(disassemble.recursive_decompose(doc.modelspace()))


def _dxf_entity(entity, index, scale, circles, outlines, loose) -> None:
    from ezdxf import path as dxfpath

    kind = entity.dxftype()
    label = f"{kind} #{index + 1} (handle {entity.dxf.get('handle', '?')})"
    if kind == "CIRCLE":
        c = entity.dxf.center
        centre = (c.x * scale, c.y * scale)
        circles.append(DrawnCircle(centre, entity.dxf.radius * scale, f"{label} at {_at(centre)}"))
        return
    if kind not in ("LWPOLYLINE", "POLYLINE", "LINE", "ARC", "ELLIPSE", "SPLINE"):
        return
    try:
        p = dxfpath.make_path(entity)
    except TypeError:
        return
    pts = [(v.x * scale, v.y * scale) for v in p.flattening(0.005)]
    if len(pts) < 2:
        return
    closed = (kind in ("LWPOLYLINE", "POLYLINE") and entity.closed) or math.dist(
        pts[0], pts[-1]
    ) < 1e-6
    if closed and len(pts) > 3:
        _classify(_drop_closing_point(pts), label, circles, outlines)
    else:
        loose.append(pts)


def _chain(pieces: list[list[Point]], tol: float = 1e-3) -> list[list[Point]]:
    """Join open pieces (LINEs, ARCs) end to end into closed rings."""
    pieces = [list(p) for p in pieces]
    rings = []
    while pieces:
        ring = pieces.pop(0)
        grew = True
        while grew and math.dist(ring[0], ring[-1]) > tol:
            grew = False
            for k, piece in enumerate(pieces):
                if math.dist(ring[-1], piece[0]) <= tol:
                    ring += piece[1:]
                elif math.dist(ring[-1], piece[-1]) <= tol:
                    ring += piece[-2::-1]
                else:
                    continue
                pieces.pop(k)
                grew = True
                break
        if len(ring) > 3 and math.dist(ring[0], ring[-1]) <= tol:
            rings.append(_drop_closing_point(ring))
    return rings


# ---- shared -------------------------------------------------------------------------


def _classify(ring, label, circles, outlines) -> None:
    fit = _circle_fit(ring)
    if fit is not None:
        centre, radius = fit
        circles.append(DrawnCircle(centre, radius, f"{label} (a closed curve) at {_at(centre)}"))
    else:
        outlines.append(DrawnOutline(tuple(ring), label))


def _circle_fit(ring: list[Point]) -> tuple[Point, float] | None:
    """Centre and radius if the ring is a circle (all points within 0.5% of the radius)."""
    if len(ring) < 8:
        return None
    # Centroid of the polygon area is the centre for a sampled circle.
    from shapely.geometry import Polygon

    poly = Polygon(ring)
    if not poly.is_valid or poly.area <= 0:
        return None
    c = poly.centroid
    dists = [math.dist((c.x, c.y), p) for p in ring]
    mean = sum(dists) / len(dists)
    if max(abs(d - mean) for d in dists) > 0.005 * mean:
        return None
    return (c.x, c.y), mean


def _drop_closing_point(ring: list[Point]) -> list[Point]:
    return ring[:-1] if len(ring) > 1 and math.dist(ring[0], ring[-1]) < 1e-6 else ring


def _at(p: Point) -> str:
    return f"({p[0]:.2f}, {p[1]:.2f}) mm"
