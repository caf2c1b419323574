"""Do the circles stay on straight lines when tiles are laid side by side?

The check lays tiles out as a maker does: each finished tile (its drawn cut line, less
half the kerf the laser burns away) is pushed against its neighbours, so the *actual*
outline decides where the next tile sits. Then every circle centre is measured:

- **row deviation**: the largest distance of a circle from the straight line fitted
  through its row (rows run in three directions across all tiles);
- **seam spacing error**: the largest difference between the distance of two
  neighbouring circles on different tiles and the pitch inside a tile;
- **pattern error**: the largest distance of a circle from the ideal seven-circle
  pattern fitted to its own tile (catches one misplaced circle in a drawing);
- **drift**: the largest distance of a circle from where a perfect lattice with the
  tile's own pitch would put it, counted from the middle tile. An uncompensated kerf
  makes every tile slightly small; rows stay straight but the error adds up tile after
  tile. Drift is reported; it only fails the check when a limit is given.
"""

from __future__ import annotations

import cmath
import math
from dataclasses import dataclass, field

from fabgen.geometry.lattice import (
    NEIGHBOUR_STEPS,
    ROW_STEPS,
    Field,
    Point,
    TileLattice,
    add,
    row_index,
)
from fabgen.geometry.tile import TileLayout

Tile = tuple[int, int]

#: Patch shape used when none is given: 5 × 5 tiles.
DEFAULT_PATCH = (5, 5)
#: Rows and columns of a patch, each (a 50 × 50 patch is 2,500 tiles).
MAX_PATCH = 50


def diamond_patch(rows: int, cols: int) -> list[Tile]:
    """Tiles ``(i, j)`` with ``0 <= i < cols`` and ``0 <= j < rows`` (a rhombus)."""
    return [(i, j) for j in range(rows) for i in range(cols)]


def round_patch(count: int) -> list[Tile]:
    """The ``count`` tiles nearest to tile (0, 0): rings of a hexagonal board."""
    radius = 0
    while 3 * radius * (radius + 1) + 1 < count:
        radius += 1
    candidates = [
        (i, j)
        for i in range(-radius, radius + 1)
        for j in range(-radius, radius + 1)
        if _tile_ring(i, j) <= radius
    ]
    candidates.sort(key=lambda t: (_tile_ring(*t), math.atan2(*_tile_xy_unit(t)[::-1]) % math.tau))
    return candidates[:count]


def _tile_ring(i: int, j: int) -> int:
    return max(abs(i), abs(j), abs(i + j))


def _tile_xy_unit(t: Tile) -> Point:
    i, j = t
    return (i + 0.5 * j, j * math.sqrt(3) / 2)


@dataclass(frozen=True)
class Measure:
    """One figure of the report: the worst value and where it occurs."""

    value_mm: float
    where: str = ""

    def to_json(self) -> dict:
        return {"value_mm": self.value_mm, "where": self.where}


@dataclass(frozen=True)
class AlignmentReport:
    tiles: int
    circles: int
    pitch_mm: float
    tile_spacing_mm: tuple[float, float, float]
    row_deviation: Measure
    seam_spacing_error: Measure
    pattern_error: Measure
    drift: Measure
    tolerance_mm: float
    max_drift_mm: float | None
    findings: list[str] = field(default_factory=list)

    @property
    def within_tolerance(self) -> bool:
        checked = (self.row_deviation, self.seam_spacing_error, self.pattern_error)
        ok = all(m.value_mm <= self.tolerance_mm for m in checked)
        if self.max_drift_mm is not None:
            ok = ok and self.drift.value_mm <= self.max_drift_mm
        return ok and not self.blocking_findings

    @property
    def blocking_findings(self) -> list[str]:
        return [f for f in self.findings if f.startswith("error:")]

    def to_json(self) -> dict:
        return {
            "within_tolerance": self.within_tolerance,
            "tolerance_mm": self.tolerance_mm,
            "max_drift_mm": self.max_drift_mm,
            "tiles": self.tiles,
            "circles": self.circles,
            "pitch_mm": self.pitch_mm,
            "tile_spacing_mm": list(self.tile_spacing_mm),
            "row_deviation": self.row_deviation.to_json(),
            "seam_spacing_error": self.seam_spacing_error.to_json(),
            "pattern_error": self.pattern_error.to_json(),
            "drift": self.drift.to_json(),
            "findings": self.findings,
        }


@dataclass(frozen=True)
class PlacedCircle:
    tile: Tile
    index: int  # 0 = middle circle, 1..6 = neighbours in NEIGHBOUR_STEPS order
    field: Field
    xy: Point


def check_alignment(
    layout: TileLayout,
    tiles: list[Tile],
    *,
    kerf: float = 0.0,
    tolerance: float = 0.2,
    max_drift: float | None = None,
) -> AlignmentReport:
    """Lay ``tiles`` out as a maker would and measure how straight the circle rows are.

    ``kerf`` is what the laser burns away around the drawn cut line: the finished
    tile is the cut line moved inward by ``kerf / 2``.
    """
    finished = finished_polygon(layout, kerf)
    spacing = tile_spacing(finished, layout.lattice_a_deg)
    circles = place_circles(layout, tiles, spacing)
    pitch = pattern_pitch(layout)
    findings = _layout_findings(layout, finished)
    return AlignmentReport(
        tiles=len(tiles),
        circles=len(circles),
        pitch_mm=pitch,
        tile_spacing_mm=spacing,
        row_deviation=row_deviation(circles, layout),
        seam_spacing_error=seam_spacing_error(circles, pitch, layout),
        pattern_error=pattern_error(layout),
        drift=drift(circles, layout, tiles),
        tolerance_mm=tolerance,
        max_drift_mm=max_drift,
        findings=findings + _spacing_findings(spacing, layout),
    )


# ---- placing tiles ----------------------------------------------------------------


def finished_polygon(layout: TileLayout, kerf: float):
    """The finished tile as a shapely polygon: the cut line moved inward by kerf/2."""
    from shapely.geometry import Polygon

    if layout.outline is not None:
        return Polygon(layout.outline.offset_by(-kerf / 2.0).path().flattened(1e-5))
    poly = Polygon(layout.cut_path.flattened(1e-5))
    return poly.buffer(-kerf / 2.0, join_style="mitre") if kerf > 0 else poly


def tile_spacing(polygon, a_deg: float) -> tuple[float, float, float]:
    """Centre distance at which a tile touches its neighbour along A, B and B - A."""
    a, b, b_minus_a = (contact_distance(polygon, a_deg + 60.0 * k) for k in range(3))
    return (a, b, b_minus_a)


def contact_distance(polygon, direction_deg: float) -> float:
    """Smallest shift along ``direction_deg`` at which a copy stops overlapping."""
    v = (math.cos(math.radians(direction_deg)), math.sin(math.radians(direction_deg)))
    if polygon.convex_hull.area - polygon.area <= 1e-9 * polygon.area:
        return _convex_contact(list(polygon.exterior.coords)[:-1], v)
    return _bisect_contact(polygon, v)


def _convex_contact(points: list[Point], v: Point) -> float:
    # Separating-axis theorem: a shift t separates the copies along edge normal n
    # once t * (v . n) reaches the polygon's width across n.
    import numpy as np

    pts = np.asarray(points, dtype=float)
    edges = np.roll(pts, -1, axis=0) - pts
    lengths = np.hypot(edges[:, 0], edges[:, 1])
    keep = lengths > 1e-12
    normals = np.column_stack((edges[keep, 1], -edges[keep, 0])) / lengths[keep, None]
    along = normals @ np.asarray(v, dtype=float)
    normals, along = normals[along > 1e-12], along[along > 1e-12]
    proj = normals @ pts.T
    widths = proj.max(axis=1) - proj.min(axis=1)
    return float((widths / along).min())


def _bisect_contact(polygon, v: Point) -> float:
    from shapely import affinity

    def overlaps(t: float) -> bool:
        moved = affinity.translate(polygon, v[0] * t, v[1] * t)
        return polygon.intersection(moved).area > 1e-9

    size = math.sqrt(polygon.area)
    lo, hi = 0.0, 4.0 * size
    while overlaps(hi):
        hi *= 2.0
    for _ in range(80):
        mid = (lo + hi) / 2.0
        lo, hi = (lo, mid) if not overlaps(mid) else (mid, hi)
    return hi


def place_circles(layout: TileLayout, tiles: list[Tile], spacing) -> list[PlacedCircle]:
    lattice = TileLattice(layout.handedness)
    ua = _unit(layout.lattice_a_deg)
    ub = _unit(layout.lattice_a_deg + 60.0)
    steps = ((0, 0), *NEIGHBOUR_STEPS)
    placed = []
    for tile in sorted(tiles):
        i, j = tile
        cx = i * spacing[0] * ua[0] + j * spacing[1] * ub[0]
        cy = i * spacing[0] * ua[1] + j * spacing[1] * ub[1]
        centre = lattice.centre(tile)
        for index, (x, y) in enumerate(layout.circles):
            placed.append(PlacedCircle(tile, index, add(centre, steps[index]), (cx + x, cy + y)))
    return placed


def _unit(deg: float) -> Point:
    return (math.cos(math.radians(deg)), math.sin(math.radians(deg)))


# ---- measuring --------------------------------------------------------------------


def pattern_fit(points: list[Point]) -> tuple[complex, complex]:
    """Least-squares similarity (``z -> a*z + b``) from the unit pattern to ``points``.

    The unit pattern is the middle circle at 0 and neighbour k at angle 60°·k, so
    ``abs(a)`` is the pitch and ``phase(a)`` the direction of the first row.
    """
    model = [0j] + [cmath.rect(1.0, math.radians(60.0 * k)) for k in range(6)]
    data = [complex(*p) for p in points]
    mx = sum(model) / len(model)
    my = sum(data) / len(data)
    num = sum((x - mx).conjugate() * (y - my) for x, y in zip(model, data, strict=True))
    den = sum(abs(x - mx) ** 2 for x in model)
    a = num / den
    return a, my - a * mx


def pattern_pitch(layout: TileLayout) -> float:
    return abs(pattern_fit(list(layout.circles))[0])


def pattern_error(layout: TileLayout) -> Measure:
    """Worst distance of a circle from the pattern fitted to the other six circles."""
    circles = list(layout.circles)
    a, b = pattern_fit(circles)
    residuals = [abs(complex(*c) - _model_point(a, b, k)) for k, c in enumerate(circles)]
    worst = max(range(7), key=lambda k: residuals[k])
    if residuals[worst] < 1e-9:
        return Measure(residuals[worst], "")
    # Refit without the worst circle: its distance from the others' pattern is the
    # figure a maker can act on ("this circle is 1.00 mm off").
    others = [k for k in range(7) if k != worst]
    a2, b2 = _fit_subset(circles, others)
    off = abs(complex(*circles[worst]) - _model_point(a2, b2, worst))
    return Measure(off, f"{_circle_name(layout, worst)} is {off:.3f} mm off the pattern")


def _fit_subset(circles: list[Point], keep: list[int]) -> tuple[complex, complex]:
    model = [0j] + [cmath.rect(1.0, math.radians(60.0 * k)) for k in range(6)]
    xs = [model[k] for k in keep]
    ys = [complex(*circles[k]) for k in keep]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    a = sum((x - mx).conjugate() * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        abs(x - mx) ** 2 for x in xs
    )
    return a, my - a * mx


def _model_point(a: complex, b: complex, k: int) -> complex:
    z = 0j if k == 0 else cmath.rect(1.0, math.radians(60.0 * (k - 1)))
    return a * z + b


def _circle_name(layout: TileLayout, index: int) -> str:
    if layout.circle_labels:
        return layout.circle_labels[index]
    return "the middle circle" if index == 0 else f"outer circle {index}"


def row_deviation(circles: list[PlacedCircle], layout: TileLayout) -> Measure:
    """Worst perpendicular distance of a circle from its row's fitted straight line."""
    worst = Measure(0.0, "")
    for step in ROW_STEPS:
        rows: dict[int, list[PlacedCircle]] = {}
        for c in circles:
            rows.setdefault(row_index(c.field, step), []).append(c)
        for members in rows.values():
            if len(members) < 3:
                continue
            for c, dev in zip(members, _line_residuals([m.xy for m in members]), strict=True):
                if dev > worst.value_mm:
                    where = (
                        f"{_circle_name(layout, c.index)} of tile {c.tile}, in a row of "
                        f"{len(members)} circles"
                    )
                    worst = Measure(dev, where)
    return worst


def _line_residuals(points: list[Point]) -> list[float]:
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    syy = sum((p[1] - my) ** 2 for p in points)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points)
    angle = 0.5 * math.atan2(2.0 * sxy, sxx - syy)
    dx, dy = math.cos(angle), math.sin(angle)
    return [abs((p[0] - mx) * dy - (p[1] - my) * dx) for p in points]


def seam_spacing_error(circles: list[PlacedCircle], pitch: float, layout: TileLayout) -> Measure:
    """Worst |distance − pitch| between neighbouring circles on different tiles."""
    by_field = {c.field: c for c in circles}
    worst = Measure(0.0, "")
    for c in circles:
        for step in ROW_STEPS:
            other = by_field.get(add(c.field, step))
            if other is None or other.tile == c.tile:
                continue
            err = abs(math.dist(c.xy, other.xy) - pitch)
            if err > worst.value_mm:
                worst = Measure(
                    err,
                    f"between {_circle_name(layout, c.index)} of tile {c.tile} and "
                    f"{_circle_name(layout, other.index)} of tile {other.tile}",
                )
    return worst


def drift(circles: list[PlacedCircle], layout: TileLayout, tiles: list[Tile]) -> Measure:
    """Worst distance from a perfect lattice of the tile's own pitch, from the middle tile."""
    a, _ = pattern_fit(list(layout.circles))
    middle = _middle_tile(tiles)
    anchor = next(c for c in circles if c.tile == middle and c.index == 0)
    e0, e1 = a, a * cmath.rect(1.0, math.radians(120.0))  # steps (1, 0) and (0, 1)
    worst = Measure(0.0, "")
    for c in circles:
        dq, dr = c.field[0] - anchor.field[0], c.field[1] - anchor.field[1]
        ideal = complex(*anchor.xy) + dq * e0 + dr * e1
        err = abs(complex(*c.xy) - ideal)
        if err > worst.value_mm + 1e-15:
            worst = Measure(err, f"{_circle_name(layout, c.index)} of tile {c.tile}")
    return worst


def _middle_tile(tiles: list[Tile]) -> Tile:
    pts = {t: _tile_xy_unit(t) for t in tiles}
    cx = sum(p[0] for p in pts.values()) / len(pts)
    cy = sum(p[1] for p in pts.values()) / len(pts)
    return min(sorted(tiles), key=lambda t: math.dist(pts[t], (cx, cy)))


# ---- findings about the tile itself -----------------------------------------------


def _layout_findings(layout: TileLayout, finished) -> list[str]:
    from shapely.geometry import Point as SPoint

    notes = []
    gaps = [math.dist(layout.circles[0], c) for c in layout.circles[1:]] + [
        math.dist(layout.circles[k], layout.circles[k % 6 + 1]) for k in range(1, 7)
    ]
    overlap = 2.0 * layout.circle_radius - min(gaps)
    if overlap > 1e-9:
        notes.append(
            f"error: neighbouring circles overlap by {overlap:.3f} mm (diameter "
            f"{2 * layout.circle_radius:.3f} mm, closest centres {min(gaps):.3f} mm apart)"
        )
    reach = max(
        layout.circle_radius - finished.exterior.distance(SPoint(c))
        if finished.contains(SPoint(c))
        else math.inf
        for c in layout.circles
    )
    if reach > 1e-9:
        notes.append("error: circles cross the finished outline of the tile")
    return notes


SPACING_SPREAD_MM = 0.001
"""How far the tile spacings along the three directions may differ before the outline is
called irregular: the report gives them to 0.001 mm, and a drawing's circles turn the
tile directions by a hair, which alone spreads a regular hexagon's by nanometres."""


def _spacing_findings(spacing, layout: TileLayout) -> list[str]:
    if max(spacing) - min(spacing) >= SPACING_SPREAD_MM:
        return [
            "warning: the outline is not regular: neighbouring tiles sit "
            + ", ".join(f"{s:.3f}" for s in spacing)
            + " mm apart along the three tile directions"
        ]
    return []
