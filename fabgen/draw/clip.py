"""Clipping shapes to a rectangle, for drawings split over pages.

Shapes wholly inside stay as they are (circles stay circles, arcs stay arcs). Shapes
that cross the edge are flattened into straight segments and cut: strokes with
Liang–Barsky per segment, fills with Sutherland–Hodgman (the window is convex). Text
is kept only when its box is wholly inside.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from fabgen.draw.drawing import Circle, Polyline, Shape, Style, Text

Point = tuple[float, float]
CHORD_MM = 0.02  # flattening tolerance for arcs and circles that are cut


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, box: tuple[float, float, float, float], eps: float = 1e-9) -> bool:
        return (
            box[0] >= self.x0 - eps
            and box[1] >= self.y0 - eps
            and box[2] <= self.x1 + eps
            and box[3] <= self.y1 + eps
        )

    def misses(self, box: tuple[float, float, float, float]) -> bool:
        return box[2] < self.x0 or box[0] > self.x1 or box[3] < self.y0 or box[1] > self.y1

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def clip_segment(p: Point, q: Point, rect: Rect) -> tuple[Point, Point] | None:
    """The part of segment pq inside ``rect`` (Liang–Barsky), or None."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for denom, num in (
        (-dx, p[0] - rect.x0),
        (dx, rect.x1 - p[0]),
        (-dy, p[1] - rect.y0),
        (dy, rect.y1 - p[1]),
    ):
        if denom == 0:
            if num < 0:
                return None
            continue
        t = num / denom
        if denom < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return ((p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy))


def clip_polyline(points: list[Point], closed: bool, rect: Rect) -> list[list[Point]]:
    """The pieces of a polyline inside ``rect``, each an open list of points."""
    pts = list(points) + ([points[0]] if closed else [])
    pieces: list[list[Point]] = []
    for p, q in pairwise(pts):
        part = clip_segment(p, q, rect)
        if part is None or math.dist(*part) < 1e-9:
            continue
        a, b = part
        if pieces and math.dist(pieces[-1][-1], a) < 1e-9:
            pieces[-1].append(b)
        else:
            pieces.append([a, b])
    if closed and len(pieces) > 1 and math.dist(pieces[-1][-1], pieces[0][0]) < 1e-9:
        pieces[0] = pieces.pop()[:-1] + pieces[0]
    return pieces


def clip_polygon(points: list[Point], rect: Rect) -> list[Point]:
    """The part of a polygon inside ``rect`` (Sutherland–Hodgman), for fills."""
    out = list(points)
    edges = (
        (lambda p: p[0] >= rect.x0, lambda p, q: _at_x(p, q, rect.x0)),
        (lambda p: p[0] <= rect.x1, lambda p, q: _at_x(p, q, rect.x1)),
        (lambda p: p[1] >= rect.y0, lambda p, q: _at_y(p, q, rect.y0)),
        (lambda p: p[1] <= rect.y1, lambda p, q: _at_y(p, q, rect.y1)),
    )
    for inside, cross in edges:
        if not out:
            break
        src, out = out, []
        for k, q in enumerate(src):
            p = src[k - 1]
            if inside(q):
                if not inside(p):
                    out.append(cross(p, q))
                out.append(q)
            elif inside(p):
                out.append(cross(p, q))
    return out


def _at_x(p: Point, q: Point, x: float) -> Point:
    t = (x - p[0]) / (q[0] - p[0])
    return (x, p[1] + t * (q[1] - p[1]))


def _at_y(p: Point, q: Point, y: float) -> Point:
    t = (y - p[1]) / (q[1] - p[1])
    return (p[0] + t * (q[0] - p[0]), y)


def circle_points(centre: Point, radius: float) -> list[Point]:
    steps = max(24, math.ceil(math.pi / math.acos(max(-1.0, 1.0 - CHORD_MM / radius))))
    return [
        (
            centre[0] + radius * math.cos(math.tau * k / steps),
            centre[1] + radius * math.sin(math.tau * k / steps),
        )
        for k in range(steps)
    ]


def clip_shape(shape: Shape, rect: Rect) -> list[Shape]:
    """``shape`` cut to ``rect``: the shape itself, nothing, or straight pieces."""
    box = shape.bbox()
    if rect.contains(box):
        return [shape]
    if rect.misses(box) or isinstance(shape, Text):
        return []
    if isinstance(shape, Circle):
        return _cut(circle_points(shape.centre, shape.radius), True, shape.style, rect)
    pts = shape.path.flattened(CHORD_MM) if shape.bulges else list(shape.points)
    return _cut(pts, shape.closed, shape.style, rect)


def _cut(points: list[Point], closed: bool, style: Style | None, rect: Rect) -> list[Shape]:
    style = style or Style()
    out: list[Shape] = []
    if closed and style.fill:
        area = clip_polygon(points, rect)
        if len(area) >= 3:
            out.append(Polyline(tuple(area), True, style=Style(None, style.fill, 0.0)))
    if style.stroke:
        line = Style(style.stroke, None, style.width, style.dash)
        out.extend(
            Polyline(tuple(p), False, style=line) for p in clip_polyline(points, closed, rect)
        )
    return out


def clip_shapes(shapes: list[Shape], rect: Rect) -> list[Shape]:
    return [piece for shape in shapes for piece in clip_shape(shape, rect)]
