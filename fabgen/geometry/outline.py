"""Exact closed outlines: sharp polygons with rounded convex corners and an offset.

Outlines keep their arcs exact as *bulges* (the DXF convention: the bulge of the
segment that starts at a vertex is ``tan(sweep / 4)``, positive for a counter-clockwise
arc). Writers turn bulges into SVG arcs, DXF LWPOLYLINE bulges and PDF curves, so a
rounded corner reaches the laser as a true arc and not as a chain of chords.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fabgen.geometry.lattice import Point


@dataclass(frozen=True)
class Path:
    """A polyline whose segment ``i`` (from point ``i`` to ``i + 1``) has bulge ``i``."""

    points: tuple[Point, ...]
    bulges: tuple[float, ...]
    closed: bool = True

    def segments(self):
        """Yield ``(start, end, bulge)`` for every segment, closing segment included."""
        n = len(self.points)
        count = n if self.closed else n - 1
        for i in range(count):
            yield self.points[i], self.points[(i + 1) % n], self.bulges[i]

    def flattened(self, chord_tolerance: float = 1e-4) -> list[Point]:
        """Points along the path with arcs replaced by chords (sagitta below tolerance)."""
        out: list[Point] = []
        for start, end, bulge in self.segments():
            out.append(start)
            out.extend(arc_points(start, end, bulge, chord_tolerance)[1:-1])
        if not self.closed:
            out.append(self.points[-1])
        return out

    def length(self) -> float:
        return sum(segment_length(s, e, b) for s, e, b in self.segments())

    def transformed(self, rotate_deg: float = 0.0, dx: float = 0.0, dy: float = 0.0) -> Path:
        """Rotate about the origin, then translate (rigid motions keep the bulges)."""
        c, s = math.cos(math.radians(rotate_deg)), math.sin(math.radians(rotate_deg))
        pts = tuple((c * x - s * y + dx, s * x + c * y + dy) for x, y in self.points)
        return Path(pts, self.bulges, self.closed)


def segment_length(start: Point, end: Point, bulge: float) -> float:
    chord = math.dist(start, end)
    if bulge == 0.0:
        return chord
    sweep = 4.0 * math.atan(abs(bulge))
    return chord / (2.0 * math.sin(sweep / 2.0)) * sweep


def arc_centre_radius(start: Point, end: Point, bulge: float) -> tuple[Point, float]:
    """Centre and radius of the arc with the given bulge (bulge must be non-zero)."""
    chord = math.dist(start, end)
    sweep = 4.0 * math.atan(bulge)
    radius = chord / (2.0 * math.sin(abs(sweep) / 2.0))
    mx, my = (start[0] + end[0]) / 2.0, (start[1] + end[1]) / 2.0
    # Distance from chord midpoint to centre, on the left for a ccw arc.
    h = radius * math.cos(sweep / 2.0) * math.copysign(1.0, bulge)
    ux, uy = (end[0] - start[0]) / chord, (end[1] - start[1]) / chord
    return (mx - uy * h, my + ux * h), radius


def arc_points(start: Point, end: Point, bulge: float, chord_tolerance: float) -> list[Point]:
    """Points from ``start`` to ``end`` along the arc (both ends included)."""
    if bulge == 0.0:
        return [start, end]
    (cx, cy), radius = arc_centre_radius(start, end, bulge)
    sweep = 4.0 * math.atan(bulge)
    max_step = 2.0 * math.acos(max(-1.0, 1.0 - chord_tolerance / radius))
    steps = max(2, math.ceil(abs(sweep) / max(max_step, 1e-6)))
    a0 = math.atan2(start[1] - cy, start[0] - cx)
    pts = [start]
    for k in range(1, steps):
        a = a0 + sweep * k / steps
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    pts.append(end)
    return pts


@dataclass(frozen=True)
class RoundedPolygon:
    """A counter-clockwise sharp polygon, its convex corners rounded, offset outward.

    ``offset`` moves every edge outward (negative: inward). Convex corners keep their
    fillet centre, so their radius becomes ``corner_radius + offset`` (sharp when that
    is not positive); concave corners stay sharp, as a laser cuts them.
    """

    vertices: tuple[Point, ...]
    corner_radius: float = 0.0
    offset: float = 0.0

    def offset_by(self, delta: float) -> RoundedPolygon:
        return RoundedPolygon(self.vertices, self.corner_radius, self.offset + delta)

    def path(self) -> Path:
        pts: list[Point] = []
        bulges: list[float] = []
        n = len(self.vertices)
        for i in range(n):
            prev, here, nxt = self.vertices[i - 1], self.vertices[i], self.vertices[(i + 1) % n]
            corner = _offset_corner(prev, here, nxt, self.offset)
            turn = _turn_angle(prev, here, nxt)
            radius = self.corner_radius + self.offset
            # Below a nanometre a fillet is a sharp corner (and would be a zero-length arc).
            if turn > 1e-12 and self.corner_radius > 1e-9 and radius > 1e-9:
                t = radius * math.tan(turn / 2.0)
                d_in = _unit(here, prev)
                d_out = _unit(here, nxt)
                pts.append((corner[0] + d_in[0] * t, corner[1] + d_in[1] * t))
                bulges.append(math.tan(turn / 4.0))
                pts.append((corner[0] + d_out[0] * t, corner[1] + d_out[1] * t))
                bulges.append(0.0)
            else:
                pts.append(corner)
                bulges.append(0.0)
        return Path(tuple(pts), tuple(bulges), closed=True)

    def max_corner_radius(self) -> float:
        """Largest corner radius whose fillets still fit on every edge."""
        limit = math.inf
        n = len(self.vertices)
        for i in range(n):
            a, b = self.vertices[i], self.vertices[(i + 1) % n]
            need = sum(
                math.tan(
                    max(
                        _turn_angle(
                            self.vertices[k - 1], self.vertices[k], self.vertices[(k + 1) % n]
                        ),
                        0.0,
                    )
                    / 2.0
                )
                for k in (i, (i + 1) % n)
            )
            if need > 0:
                limit = min(limit, math.dist(a, b) / need)
        return limit


def _unit(a: Point, b: Point) -> Point:
    d = math.dist(a, b)
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)


def _outward_normal(a: Point, b: Point) -> Point:
    ux, uy = _unit(a, b)
    return (uy, -ux)  # right-hand side of a ccw polygon's edge is outside


def _turn_angle(prev: Point, here: Point, nxt: Point) -> float:
    """Signed turn at ``here``: positive at a convex corner of a ccw polygon."""
    u, v = _unit(prev, here), _unit(here, nxt)
    return math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])


def _offset_corner(prev: Point, here: Point, nxt: Point, delta: float) -> Point:
    """Where the two edges at ``here``, each moved outward by ``delta``, meet (mitre)."""
    if delta == 0.0:
        return here
    n1, n2 = _outward_normal(prev, here), _outward_normal(here, nxt)
    k = delta / (1.0 + n1[0] * n2[0] + n1[1] * n2[1])
    return (here[0] + (n1[0] + n2[0]) * k, here[1] + (n1[1] + n2[1]) * k)


def regular_polygon(n: int, circumradius: float, first_angle_deg: float) -> tuple[Point, ...]:
    """Vertices of a regular ``n``-gon centred on the origin, counter-clockwise."""
    return tuple(
        (
            circumradius * math.cos(math.radians(first_angle_deg + 360.0 * k / n)),
            circumradius * math.sin(math.radians(first_angle_deg + 360.0 * k / n)),
        )
        for k in range(n)
    )
