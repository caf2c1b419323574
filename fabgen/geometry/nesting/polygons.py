"""Convex polygons as tuples of points: hull, area, rotation (shapely), and the exact
Minkowski sum and ray span that the no-fit polygons and lattice spacing are made of.

shapely is imported inside the functions, as everywhere in nesting: ``fabgen --help``
must not load it."""

from __future__ import annotations

import math

from fabgen.geometry.lattice import Point

Polygon = tuple[Point, ...]

EPS = 1e-9  # mm: exact fits count as fits


def convex_hull(points: list[Point] | tuple[Point, ...]) -> Polygon:
    """Counter-clockwise convex hull, collinear points dropped, starting at the vertex
    with the smallest (x, y): the order footprints (and so the output files) have
    always had, whatever order GEOS returns."""
    from shapely.geometry import MultiPoint
    from shapely.geometry.polygon import orient

    ring = orient(MultiPoint(points).convex_hull, 1.0).exterior.coords[:-1]
    first = min(range(len(ring)), key=lambda i: ring[i])
    return tuple(ring[first:] + ring[:first])


def area(poly: Polygon) -> float:
    from shapely.geometry import Polygon as ShapelyPolygon

    return float(ShapelyPolygon(poly).area)


def rotate(poly: Polygon, degrees: float) -> Polygon:
    """Turned about the origin, counter-clockwise. The angle goes in as
    ``math.radians(degrees)`` so the sines, and with them every placed piece, stay the
    ones the nesting has always computed."""
    from shapely import affinity
    from shapely.geometry import Polygon as ShapelyPolygon

    if degrees == 0.0:
        return poly
    turned = affinity.rotate(
        ShapelyPolygon(poly), math.radians(degrees), origin=(0.0, 0.0), use_radians=True
    )
    return tuple(turned.exterior.coords[:-1])


def bbox(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def unit(degrees: float) -> Point:
    return (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))


def circumradius(poly: Polygon) -> float:
    """Distance from the origin to the farthest vertex."""
    return max(math.hypot(x, y) for x, y in poly)


def inradius(poly: Polygon) -> float:
    """Distance from the origin to the nearest edge line of a convex polygon around it."""
    n = len(poly)
    out = math.inf
    for i in range(n):
        (px, py), (qx, qy) = poly[i], poly[(i + 1) % n]
        out = min(out, abs(px * qy - py * qx) / math.hypot(qx - px, qy - py))
    return out


def minkowski_sum(p: Polygon, q: Polygon) -> Polygon:
    """Minkowski sum of two convex counter-clockwise polygons (edges merged by angle)."""
    p, q = _from_lowest(p), _from_lowest(q)
    n, m = len(p), len(q)
    p_edges = [_edge(p, k) for k in range(n)]
    q_edges = [_edge(q, k) for k in range(m)]
    out = []
    i = j = 0
    while i < n or j < m:
        (px, py), (qx, qy) = p[i % n], q[j % m]
        out.append((px + qx, py + qy))
        (ax, ay), (bx, by) = p_edges[i % n], q_edges[j % m]
        cross = ax * by - ay * bx
        if j >= m or (i < n and cross > 0):
            i += 1
        elif i >= n or cross < 0:
            j += 1
        else:
            i += 1
            j += 1
    return tuple(out)


def _from_lowest(poly: Polygon) -> Polygon:
    k = min(range(len(poly)), key=lambda i: (poly[i][1], poly[i][0]))
    return poly[k:] + poly[:k]


def _edge(poly: Polygon, i: int) -> Point:
    a, b = poly[i % len(poly)], poly[(i + 1) % len(poly)]
    return (b[0] - a[0], b[1] - a[1])


def ray_span(poly: Polygon, v: Point) -> tuple[float, float] | None:
    """The open interval of t for which t·v lies inside the convex polygon, if any."""
    lo, hi = -math.inf, math.inf
    n = len(poly)
    for i in range(n):
        (px, py), (qx, qy) = poly[i], poly[(i + 1) % n]
        ex, ey = qx - px, qy - py
        along = ex * v[1] - ey * v[0]  # cross(e, v)
        offset = ex * py - ey * px  # cross(e, p)
        if abs(along) < 1e-15:
            if offset >= 0:
                return None  # the ray runs outside (or on) this edge
            continue
        t = offset / along
        if along > 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    return (lo, hi) if hi - lo > 1e-12 else None
