"""What a piece occupies on a sheet: its footprint (the convex hull of what the laser
touches) and the lattice spacing of its copies, for tiles, discs and squares."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from fabgen.geometry.lattice import SQRT3, TILE_ANGLE_DEG
from fabgen.geometry.nesting.polygons import (
    EPS,
    Polygon,
    bbox,
    convex_hull,
    minkowski_sum,
    ray_span,
    rotate,
    unit,
)
from fabgen.geometry.nesting.sheet import Placement, SheetSpec
from fabgen.geometry.outline import RoundedPolygon, regular_polygon
from fabgen.geometry.tile import OutlineKind, TileGeometry

#: Piece rotations tried: flat-top (tile lattice vectors at 30° and 90°) and
#: pointy-top. Pieces with six-fold symmetry need no others.
ORIENTATIONS: tuple[float, ...] = (0.0, 30.0)

#: Direction of the piece lattice vectors in the piece frame (tile vectors A and B).
LATTICE_DEG: tuple[float, float] = (30.0, 90.0)

#: Turns of a rosette's lattice tried besides ``ORIENTATIONS``: once and twice the angle
#: between the rosette's edges and the hexagon's (30° − 19.1066°), either way round, at
#: which its zig-zag sides run along the sheet's (docs/design-notes.md, *Laser sheets on
#: any bed*).
ROSETTE_TURNS: tuple[float, ...] = tuple(
    t % 60.0 for k in (1, 2) for t in (k * (30.0 - TILE_ANGLE_DEG), -k * (30.0 - TILE_ANGLE_DEG))
)

_DISC_SIDES = 48  # divisible by 12: flats face the axes at 0° and 30°, so the bbox is exact


@dataclass(frozen=True)
class Footprint:
    """What one piece occupies on a sheet, in the piece frame (centre at the origin).

    ``hull`` is the convex hull of the area the laser touches (counter-clockwise);
    ``spacing`` the centre distance of neighbours on the piece lattice; ``turns`` the
    lattice's further turns worth trying (:data:`ROSETTE_TURNS`).
    """

    hull: Polygon
    spacing: float
    turns: tuple[float, ...] = ()

    def rotated(self, degrees: float) -> Polygon:
        return _rotated(self.hull, degrees)

    def extent(self, degrees: float) -> tuple[float, float, float, float]:
        return bbox(self.rotated(degrees))

    def placed(self, p: Placement) -> Polygon:
        """The footprint on the sheet at placement ``p``."""
        return tuple((x + p.x, y + p.y) for x, y in self.rotated(p.rotation))

    def fits(self, sheet: SheetSpec) -> bool:
        return any(centre_range(self, sheet, r) is not None for r in ORIENTATIONS)

    def min_size(self) -> tuple[float, float]:
        """The smallest usable width × height that takes one piece."""
        x0, y0, x1, y1 = min(
            (self.extent(r) for r in ORIENTATIONS), key=lambda b: (b[2] - b[0]) * (b[3] - b[1])
        )
        return (x1 - x0, y1 - y0)


@functools.lru_cache(maxsize=256)
def _rotated(hull: Polygon, degrees: float) -> Polygon:
    """Kept: the search turns the same few footprints thousands of times a sheet."""
    return rotate(hull, degrees)


def tile_footprint(geometry: TileGeometry, shared: bool) -> Footprint:
    """Footprint of one tile (its sharp outline: rounded corners lie inside it).

    On a shared-edge lattice tiles are one cut-line width apart, so neighbours' cut
    lines coincide; otherwise the lattice spacing is the one at which footprints touch,
    found exactly from the tile's convex parts (the hexagon, or a rosette's seven
    hexagonal cells).
    """
    sharp = RoundedPolygon(geometry.finished_outline().vertices)
    burn = geometry.cut_offset + geometry.kerf / 2.0
    hull = convex_hull(sharp.offset_by(burn).path().points)
    turns = ROSETTE_TURNS if geometry.outline is OutlineKind.ROSETTE else ()
    if shared:
        return Footprint(hull, geometry.width + 2.0 * geometry.cut_offset, turns)
    return Footprint(hull, contact_spacing(convex_parts(geometry, burn)), turns)


def disc_footprint(diameter: float, cut_offset: float, kerf: float) -> Footprint:
    """A disc (stone) of finished ``diameter``: the burn circle as a circumscribed polygon."""
    radius = diameter / 2.0 + cut_offset + kerf / 2.0
    circumradius = radius / math.cos(math.pi / _DISC_SIDES)
    hull = regular_polygon(_DISC_SIDES, circumradius, 180.0 / _DISC_SIDES)
    return Footprint(hull, 2.0 * radius)


def square_footprint(side: float) -> Footprint:
    """An axis-aligned square of the given side (already including cut offset and burn)."""
    h = side / 2.0
    return Footprint(((-h, -h), (h, -h), (h, h), (-h, h)), side)


def convex_parts(geometry: TileGeometry, burn: float) -> list[Polygon]:
    """The sharp tile outline, grown by ``burn``, as a union of convex polygons.

    A hexagon is one part. A rosette is the union of the seven circles' hexagonal
    cells; all its edges face the six directions of those cells, so growing the union
    by ``burn`` is the same as growing every cell by ``burn``.
    """
    if geometry.outline is OutlineKind.HEXAGON:
        sharp = RoundedPolygon(geometry.finished_outline().vertices)
        return [sharp.offset_by(burn).path().points]
    r = geometry.pitch / SQRT3
    first = 30.0 + geometry.frame_rotation_deg
    parts = []
    for cx, cy in geometry.circle_centres():
        cell = tuple((x + cx, y + cy) for x, y in regular_polygon(6, r, first))
        parts.append(RoundedPolygon(cell).offset_by(burn).path().points)
    return parts


def contact_spacing(parts: Sequence[Polygon]) -> float:
    """Smallest spacing of the piece lattice at which no two copies overlap."""
    a, b = (unit(d) for d in LATTICE_DEG)
    vectors = [
        (i * a[0] + j * b[0], i * a[1] + j * b[1])
        for i in range(-2, 3)
        for j in range(-2, 3)
        if (i, j) != (0, 0)
    ]
    spacing = 0.0
    for p in parts:
        for q in parts:
            # Copies overlap when the offset lies inside the no-fit polygon p ⊕ (−q).
            nfp = minkowski_sum(p, tuple((-x, -y) for x, y in q))
            for v in vectors:
                span = ray_span(nfp, v)
                if span is not None:
                    spacing = max(spacing, span[1])
    return spacing


def centre_range(
    footprint: Footprint, sheet: SheetSpec, rotation: float
) -> tuple[float, float, float, float] | None:
    """The box of centres at which the turned footprint lies inside the margins."""
    x0, y0, x1, y1 = footprint.extent(rotation)
    ux0, uy0, ux1, uy1 = sheet.usable
    box = (ux0 - x0, uy0 - y0, ux1 - x1, uy1 - y1)
    if box[2] < box[0] - EPS or box[3] < box[1] - EPS:
        return None
    return box
