"""Read laser sheet files back and measure their geometry (for the sheet tests).

Independent of fabgen's writers: DXF through ezdxf (arcs flattened by ezdxf), SVG
through an XML parse of the path data fabgen writes (M, L, A, Z commands).
"""

from __future__ import annotations

import io
import itertools
import math
import re
from dataclasses import dataclass
from xml.etree import ElementTree

import ezdxf
import shapely
from ezdxf import path as dxf_path
from ezdxf.math import bulge_to_arc
from shapely.geometry import LineString, Point, Polygon

SVG_NS = {"svg": "http://www.w3.org/2000/svg"}
FLATTEN = 1e-5  # mm sagitta when arcs become chords


@dataclass(frozen=True)
class Entity:
    """One DXF entity in file order."""

    index: int
    layer: str
    kind: str  # LWPOLYLINE, CIRCLE, TEXT
    entity: object

    def line(self) -> LineString:
        """The entity as a (flattened) line, closed ones ending where they start."""
        if self.kind == "CIRCLE":
            c, r = self.entity.dxf.center, self.entity.dxf.radius
            n = 720
            pts = [
                (c.x + r * math.cos(math.tau * k / n), c.y + r * math.sin(math.tau * k / n))
                for k in range(n + 1)
            ]
            return LineString(pts)
        p = dxf_path.make_path(self.entity)
        return LineString([(v.x, v.y) for v in p.flattening(FLATTEN)])

    def segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        coords = list(self.line().coords)
        return [(coords[i], coords[i + 1]) for i in range(len(coords) - 1)]


def read_dxf(data: bytes):
    return ezdxf.read(io.StringIO(data.decode("utf-8")))


def dxf_entities(doc) -> list[Entity]:
    return [Entity(i, e.dxf.layer, e.dxftype(), e) for i, e in enumerate(doc.modelspace())]


def cut_entities(doc) -> list[Entity]:
    return [e for e in dxf_entities(doc) if e.layer == "cut"]


def overlapping_length(entities: list[Entity], tol: float = 1e-6) -> float:
    """Total length along which two different cut segments run on top of each other."""
    segments = [(k, s) for k, e in enumerate(entities) for s in e.segments()]
    lines = [LineString(s) for _, s in segments]
    tree = shapely.STRtree(lines)
    total = 0.0
    for i, j in zip(*tree.query(lines, predicate="dwithin", distance=tol), strict=True):
        if i >= j:
            continue
        total += collinear_overlap(segments[i][1], segments[j][1], tol)
    return total


def collinear_overlap(s, t, tol: float) -> float:
    """Length shared by two segments lying on one line (within ``tol``), else 0."""
    (ax, ay), (bx, by) = s
    length = math.hypot(bx - ax, by - ay)
    if length < 1e-12:
        return 0.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    for px, py in t:
        if abs((px - ax) * uy - (py - ay) * ux) > tol:
            return 0.0
    ts = sorted(((px - ax) * ux + (py - ay) * uy) for px, py in t)
    return max(0.0, min(length, ts[1]) - max(0.0, ts[0]))


def coverage_counts(segments, entities: list[Entity], tol: float = 1e-4) -> list[int]:
    """How many cut entities pass through points at 1/4, 1/2 and 3/4 of each segment
    ``(start, end, bulge)`` of an expected outline (arcs sampled on the true arc)."""
    lines = [e.line() for e in entities]
    tree = shapely.STRtree(lines)
    counts = []
    for start, end, bulge in segments:
        for f in (0.25, 0.5, 0.75):
            p = Point(along_segment(start, end, bulge, f))
            counts.append(len(tree.query(p, predicate="dwithin", distance=tol)))
    return counts


def along_segment(start, end, bulge: float, f: float) -> tuple[float, float]:
    if not bulge:
        return (start[0] + f * (end[0] - start[0]), start[1] + f * (end[1] - start[1]))
    centre, a0, a1, r = bulge_to_arc(start, end, bulge)  # counter-clockwise from a0 to a1
    sweep = (a1 - a0) % math.tau
    a = a0 + f * sweep
    return (centre.x + r * math.cos(a), centre.y + r * math.sin(a))


def faces(entities: list[Entity]) -> list[Polygon]:
    """The regions the cut lines enclose (what falls out of the sheet)."""
    # ezdxf recomputes arc ends from the centre: snap away the last-digit differences.
    lines = shapely.set_precision(shapely.MultiLineString([e.line() for e in entities]), 1e-7)
    noded = shapely.node(lines)
    return list(shapely.get_parts(shapely.polygonize(shapely.get_parts(noded))))


def across_flats(polygon: Polygon, directions_deg) -> list[float]:
    """Widths of a polygon between parallel support lines, one per normal direction."""
    coords = list(polygon.exterior.coords)
    out = []
    for d in directions_deg:
        nx, ny = math.cos(math.radians(d)), math.sin(math.radians(d))
        proj = [x * nx + y * ny for x, y in coords]
        out.append(max(proj) - min(proj))
    return out


def flat_directions(polygon: Polygon) -> list[float]:
    """Normal directions (degrees, mod 180) of the polygon's three longest edge pairs."""
    coords = list(polygon.exterior.coords)
    edges = sorted(
        ((math.dist(a, b), a, b) for a, b in itertools.pairwise(coords)),
        key=lambda e: -e[0],
    )
    found: list[float] = []
    for _, a, b in edges:
        d = (math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) + 90.0) % 180.0
        if all(min(abs(d - f), 180 - abs(d - f)) > 1.0 for f in found):
            found.append(d)
        if len(found) == 3:
            break
    return found


# ---- SVG -----------------------------------------------------------------------------


def svg_layers(data: bytes) -> list[tuple[str, list[ElementTree.Element]]]:
    """(layer id, elements) in document order."""
    root = ElementTree.fromstring(data)
    return [
        (g.get("id"), list(g))
        for g in root.findall("svg:g", SVG_NS)
        if g.get("id", "").startswith("layer-")
    ]


def svg_start_point(element: ElementTree.Element, page_height: float):
    """Where the laser starts the element, in y-up millimetres."""
    tag = element.tag.split("}")[1]
    if tag == "circle":
        x = float(element.get("cx")) + float(element.get("r"))
        return (x, page_height - float(element.get("cy")))
    if tag == "text":
        return (float(element.get("x")), page_height - float(element.get("y")))
    numbers = re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", element.get("d"))
    return (float(numbers[0]), page_height - float(numbers[1]))
