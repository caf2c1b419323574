"""The free centres of a sheet: where a piece still fits among the pieces placed so
far (:class:`Obstacles`, from no-fit polygons), the lowest such spot, and a bound on how
many more pieces the free space can take."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from fabgen.geometry.lattice import SQRT3, Point
from fabgen.geometry.nesting.footprint import ORIENTATIONS, Footprint
from fabgen.geometry.nesting.polygons import (
    EPS,
    Polygon,
    bbox,
    circumradius,
    inradius,
    minkowski_sum,
)
from fabgen.geometry.nesting.sheet import SheetSpec


def extra_bound(footprint: Footprint, sheet: SheetSpec, obstacles: Obstacles) -> int:
    """At most this many more pieces can :func:`fill_leftover` add besides
    ``obstacles`` (pieces off the lattice share no cut line: their hulls overlap
    nothing, and they are turned by one of ``ORIENTATIONS``).

    Proof. A piece turned by r that fits has its centre in the free centres F_r of
    :meth:`Obstacles.free`, and F_r only shrinks as pieces are added; so every piece
    still to come has its centre in one component C of the union of the F_r, and a
    bound for each component, summed, counts every piece once. A piece holds the disc
    of its inradius ρ around its centre (its hull is convex and holds the centre), and
    the discs of two new pieces do not overlap, so their centres are at least d = 2ρ
    apart; they lie in the convex hull K of C, which by Groemer's inequality (Math. Z.
    73, 1960, for points at least d apart in a convex set) holds at most
    (2/√3)·area(K)/d² + perimeter(K)/(2d) + 1.

    In a box narrower than d (width w, length L), two centres less than
    √(d² − w²) apart along it would be less than d apart, so the centres, in order
    along the box, hold at most L / √(d² − w²) + 1; the smaller bound counts.

    Unlike the free area over the piece area, this counts a sliver along a lattice edge
    as one piece at most and a strip one piece wide as its length / d + 1.
    """
    import shapely

    rho = inradius(footprint.hull) - 1e-6
    d = 2.0 * rho - 1e-5  # the 1e-5 covers the overlap the placement check tolerates
    free = [obstacles.free(footprint.rotated(r), sheet) for r in ORIENTATIONS]
    parts = [p for f in free if f is not None for p in shapely.get_parts(f)]
    total = 0
    for group in _overlapping(parts):
        together = shapely.geometrycollections(group)
        hull = shapely.convex_hull(together)
        bound = 2.0 / SQRT3 * hull.area / d**2 + hull.length / (2.0 * d) + 1.0
        x0, y0, x1, y1 = shapely.bounds(together).tolist()
        for length, across in ((x1 - x0, y1 - y0), (y1 - y0, x1 - x0)):
            if across < d:  # a strip: one file of centres, see the docstring
                bound = min(bound, length / math.sqrt(d * d - across * across) + 1.0)
        total += int(bound + EPS)
    return total


def _overlapping(shapes: list) -> list[list]:
    """The shapes in groups such that shapes whose boxes meet are in one group (a
    group may hold more: whole components of their union, without computing it)."""
    boxes = [s.bounds for s in shapes]
    group = list(range(len(shapes)))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i, a in enumerate(boxes):
        for j in range(i):
            b = boxes[j]
            if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
                group[root(i)] = root(j)
    out: dict[int, list] = {}
    for i, s in enumerate(shapes):
        out.setdefault(root(i), []).append(s)
    return list(out.values())


class Obstacles:
    """Convex polygons already on a sheet, with their boxes, and for each shape asked
    about the centres where it fits (:meth:`free`), kept up to date as pieces are added.

    ``shared``: shapely shapes and no-fit polygons by the polygons they come from, and
    unions of no-fit polygons by the runs of polygons they come from, to share between
    the candidate layouts of one sheet (they repeat the same lattice positions).
    ``runs``: the lengths of consecutive groups of ``polygons`` (a lattice's stacks)
    whose unions are worth sharing; by default all of them are one group.
    """

    def __init__(
        self,
        polygons: Sequence[Polygon] = (),
        shared: dict | None = None,
        runs: Sequence[int] | None = None,
    ):
        self._shared = {} if shared is None else shared
        self.polygons = list(polygons)
        self._runs = (len(self.polygons),) if runs is None else tuple(runs)
        self.shapes = [self._shape(p) for p in self.polygons]
        self._boxes: Any = None  # the shapes' bounds as four numpy rows, when asked
        # shapely regions (shapely has no types) or None, by (shape, usable): see free()
        self._free: dict[tuple, Any] = {}

    def __len__(self) -> int:
        return len(self.polygons)

    def add(self, polygon: Polygon) -> None:
        shape = self._shape(polygon)
        self.polygons.append(polygon)
        self.shapes.append(shape)
        self._boxes = None
        for key, free in self._free.items():
            if free is not None:
                self._free[key] = free.difference(self._nfp(polygon, key[0]))

    def _union(self, kind, item):
        """The union of ``item(polygon)`` over the obstacles: the union of the unions of
        each run, kept by the run's polygons for the next layout (the candidate layouts
        of a sheet share most of their stacks, or all but their last pieces)."""
        ids = self._shared.setdefault("ids", {})  # polygon -> number: short keys
        parts, start = [], 0
        for n in self._runs:
            run = self.polygons[start : start + n]
            key = (kind, tuple(ids.setdefault(p, len(ids)) for p in run))
            if key not in self._shared:
                self._shared[key] = _union_of([item(p) for p in run])
            parts.append(self._shared[key])
            start += n
        return _union_of(parts)

    def free(self, shape: Polygon, sheet: SheetSpec):
        """The centres at which ``shape`` (convex, centred on the origin) lies inside the
        sheet's margins and overlaps no obstacle, kept up to date as obstacles are
        added; None if it is too large for the sheet."""
        import shapely

        key = (shape, sheet.usable)
        if key not in self._free:
            x0, y0, x1, y1 = bbox(shape)
            ux0, uy0, ux1, uy1 = sheet.usable
            if ux1 - x1 < ux0 - x0 - EPS or uy1 - y1 < uy0 - y0 - EPS:
                self._free[key] = None
            else:
                region = (ux0 - x0 - EPS, uy0 - y0 - EPS, ux1 - x1 + EPS, uy1 - y1 + EPS)
                nfp = functools.partial(self._nfp, shape=shape)
                blocked = self._union(("nfp", shape), nfp)
                self._free[key] = shapely.box(*region).difference(blocked)
        return self._free[key]

    def near(self, window: tuple[float, float, float, float]) -> list[int]:
        """Indices of the obstacles whose boxes meet ``window``, in order."""
        import numpy as np
        import shapely

        if not self.shapes:
            return []
        if self._boxes is None:
            self._boxes = shapely.bounds(self.shapes).T
        x0, y0, x1, y1 = self._boxes
        meet = (x0 <= window[2]) & (x1 >= window[0]) & (y0 <= window[3]) & (y1 >= window[1])
        return np.flatnonzero(meet).tolist()

    def _nfp(self, polygon: Polygon, shape: Polygon):
        """Centres at which ``shape`` overlaps ``polygon``: polygon ⊕ (−shape)."""
        import shapely

        key = ("nfp", polygon, shape)
        if key not in self._shared:
            neg = tuple((-x, -y) for x, y in shape)
            self._shared[key] = shapely.polygons(minkowski_sum(polygon, neg))
        return self._shared[key]

    def _shape(self, polygon: Polygon):
        import shapely

        key = ("shape", polygon)
        if key not in self._shared:
            self._shared[key] = shapely.polygons(polygon)
        return self._shared[key]


def free_spot(
    shape: Polygon,
    obstacles: Obstacles | Sequence[Polygon],
    sheet: SheetSpec,
    *,
    limit: float = math.inf,
) -> Point | None:
    """The lowest, then leftmost, centre at which the convex ``shape`` (centred on the
    origin) fits inside the margins without overlapping any convex obstacle.

    ``limit``: only centres up to this height are wanted (none, or one above it, if the
    lowest lies higher).

    The lowest free centre is a corner of the free centres (:meth:`Obstacles.free`):
    the corners are tried from the lowest up, each against the obstacles themselves
    (an overlap below 1e-6 mm² counts as touching), and the first that passes wins.
    """
    import numpy as np
    import shapely

    if not isinstance(obstacles, Obstacles):
        obstacles = Obstacles(obstacles)
    free = obstacles.free(shape, sheet)
    if free is None or free.is_empty:
        return None
    corners = np.round(shapely.get_coordinates(free), 9)
    probe = np.asarray(shape)
    reach = circumradius(shape)
    last = None
    for k in np.lexsort((corners[:, 0], corners[:, 1])).tolist():
        x, y = corners[k].tolist()
        if (x, y) == last:
            continue
        last = (x, y)
        if y > limit:
            return None
        near = obstacles.near((x - reach, y - reach, x + reach, y + reach))
        others = [obstacles.shapes[i] for i in near]
        moved = shapely.polygons(np.add(probe, (x, y)))
        if not others or shapely.area(shapely.intersection(moved, others)).max() < 1e-6:
            return (x, y)
    return None


def _union_of(shapes):
    import shapely

    return shapely.union_all(shapes)
