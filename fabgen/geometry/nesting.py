"""Nesting pieces on laser sheets: honeycomb lattices first, then leftover strips.

A piece is placed by its *footprint*: the region the laser touches when it cuts the
piece, i.e. the cut line plus the half kerf burnt on its outside. A footprint must stay
inside the sheet's margins, and footprints of separately cut pieces must not overlap,
which keeps their cut lines at least one kerf apart. Tiles on a shared-edge lattice are
the one exception: neighbours there are one cut-line width apart, so their cut lines
coincide and each shared edge is cut once (see :mod:`fabgen.geometry.shared_cuts`).

Search: the piece lattice (the tile lattice for tiles, the hexagonal packing for
discs) in both orientations that matter (flat-top and pointy-top; turning the sheet by
90° gives one of these again), with either row phase and pushed into a corner; then,
with a few rows or row ends left out, pieces are added one by one in the leftover
space at the lowest free spot, found exactly from no-fit polygons. The best count wins.

Pure geometry: plain Python and shapely, sizes in millimetres, sheet origin bottom-left.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fabgen.errors import ParameterError
from fabgen.geometry.lattice import SQRT3, Point
from fabgen.geometry.outline import RoundedPolygon, regular_polygon
from fabgen.geometry.tile import OutlineKind, TileGeometry
from fabgen.limits import check

#: Piece rotations tried: flat-top (tile lattice vectors at 30° and 90°) and
#: pointy-top. Pieces with six-fold symmetry need no others.
ORIENTATIONS: tuple[float, ...] = (0.0, 30.0)

#: Direction of the piece lattice vectors in the piece frame (tile vectors A and B).
LATTICE_DEG: tuple[float, float] = (30.0, 90.0)

#: More sheets than this is surely a typo in --count.
MAX_SHEETS = 500

EPS = 1e-9  # mm: exact fits count as fits
_DISC_SIDES = 48  # divisible by 12: flats face the axes at 0° and 30°, so the bbox is exact

Polygon = tuple[Point, ...]


# ---- the sheet ----------------------------------------------------------------------


@dataclass(frozen=True)
class SheetSpec:
    """A rectangular sheet and the margin kept free along its edges."""

    width: float
    height: float
    margin: float = 5.0

    def __post_init__(self):
        for value in (self.width, self.height):
            if not (_finite(value) and value > 0):
                raise ParameterError.about("sheet_size", f"sides must be positive mm, got {value}")
            check("sheet_size", value)
        if not (_finite(self.margin) and self.margin >= 0):
            raise ParameterError.about(
                "sheet_margin", f"must be zero or a positive number of mm, got {self.margin}"
            )
        if 2 * self.margin >= min(self.width, self.height):
            raise ParameterError.about(
                "sheet_margin",
                f"{self.margin:g} mm leaves nothing of a {self.size_text} mm sheet; "
                f"choose a margin below {min(self.width, self.height) / 2:g} mm",
            )

    @classmethod
    def parse(cls, text: str, margin: float = 5.0) -> SheetSpec:
        """``"600x400"`` (also ``600X400``, ``600×400``, ``600 x 400``) in mm."""
        match = re.fullmatch(r"\s*([0-9.]+)\s*[xX×]\s*([0-9.]+)\s*", text or "")
        try:
            width, height = float(match.group(1)), float(match.group(2))
        except (AttributeError, ValueError):
            raise ParameterError.about(
                "sheet_size", f"{text!r} is not WIDTHxHEIGHT in mm, e.g. 600x400"
            ) from None
        return cls(width, height, margin)

    @property
    def size_text(self) -> str:
        return f"{self.width:g}×{self.height:g}"

    @property
    def area(self) -> float:
        return self.width * self.height

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """The rectangle inside the margins: (x0, y0, x1, y1)."""
        m = self.margin
        return (m, m, self.width - m, self.height - m)

    @property
    def usable_area(self) -> float:
        return (self.width - 2 * self.margin) * (self.height - 2 * self.margin)


# ---- footprints -----------------------------------------------------------------------


@dataclass(frozen=True)
class Footprint:
    """What one piece occupies on a sheet, in the piece frame (centre at the origin).

    ``hull`` is the convex hull of the area the laser touches (counter-clockwise);
    ``spacing`` the centre distance of neighbours on the piece lattice.
    """

    hull: Polygon
    spacing: float

    def rotated(self, degrees: float) -> Polygon:
        return _rotate(self.hull, degrees)

    def extent(self, degrees: float) -> tuple[float, float, float, float]:
        return _bbox(self.rotated(degrees))

    def placed(self, p: Placement) -> Polygon:
        """The footprint on the sheet at placement ``p``."""
        return tuple((x + p.x, y + p.y) for x, y in self.rotated(p.rotation))

    def fits(self, sheet: SheetSpec) -> bool:
        return any(_centre_range(self, sheet, r) is not None for r in ORIENTATIONS)

    def min_size(self) -> tuple[float, float]:
        """The smallest usable width × height that takes one piece."""
        x0, y0, x1, y1 = min(
            (self.extent(r) for r in ORIENTATIONS), key=lambda b: (b[2] - b[0]) * (b[3] - b[1])
        )
        return (x1 - x0, y1 - y0)


def tile_footprint(geometry: TileGeometry, shared: bool) -> Footprint:
    """Footprint of one tile (its sharp outline: rounded corners lie inside it).

    On a shared-edge lattice tiles are one cut-line width apart, so neighbours' cut
    lines coincide; otherwise the lattice spacing is the one at which footprints touch,
    found exactly from the tile's convex parts (the hexagon, or a rosette's seven
    hexagonal cells).
    """
    sharp = RoundedPolygon(geometry.finished_outline().vertices)
    burn = geometry.cut_offset + geometry.kerf / 2.0
    hull = _convex_hull(sharp.offset_by(burn).path().points)
    if shared:
        return Footprint(hull, geometry.width + 2.0 * geometry.cut_offset)
    return Footprint(hull, contact_spacing(convex_parts(geometry, burn)))


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
    a, b = (_unit(d) for d in LATTICE_DEG)
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
                span = _ray_span(nfp, v)
                if span is not None:
                    spacing = max(spacing, span[1])
    return spacing


# ---- placements ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A piece on a sheet: its centre, its rotation (degrees, ccw) and whether it sits on
    the sheet's lattice (lattice neighbours may share cut lines)."""

    x: float
    y: float
    rotation: float = 0.0
    lattice: bool = True

    def to_json(self) -> dict:
        return {"x": round(self.x, 6), "y": round(self.y, 6), "rotation": self.rotation}


def honeycomb(
    footprint: Footprint, sheet: SheetSpec, rotation: float, phase: float = 0.0
) -> list[list[Placement]]:
    """Lattice positions inside the margins, pushed into the bottom-left corner.

    Returned as stacks: lines of pieces ``spacing`` apart (columns for flat-top, rows
    for pointy-top). Neighbouring stacks are ``spacing·√3/2`` apart and shifted by half
    a spacing; ``phase`` (0 or 0.5) says whether the first stack starts shifted.
    """
    box = _centre_range(footprint, sheet, rotation)
    if box is None:
        return []
    cx0, cy0, cx1, cy1 = box
    s = footprint.spacing
    vertical = _stacks_vertical(rotation)
    along = (cy0, cy1) if vertical else (cx0, cx1)
    across = (cx0, cx1) if vertical else (cy0, cy1)
    step = s * SQRT3 / 2.0
    stacks = []
    for k in range(int((across[1] - across[0]) / step + EPS) + 1):
        c = across[0] + k * step
        start = along[0] + ((phase + 0.5 * k) % 1.0) * s
        count = int((along[1] - start) / s + EPS) + 1 if start <= along[1] + EPS else 0
        line = (start + m * s for m in range(count))
        stacks.append(
            [Placement(c, a, rotation) if vertical else Placement(a, c, rotation) for a in line]
        )
    return stacks


@functools.lru_cache(maxsize=32)
def arrange(footprint: Footprint, sheet: SheetSpec, *, fill: bool = True) -> tuple[Placement, ...]:
    """The most pieces found for one sheet: lattice positions first (row by row), then
    the pieces added in leftover space."""
    lattices = [
        honeycomb(footprint, sheet, rotation, phase)
        for rotation in ORIENTATIONS
        for phase in (0.0, 0.5)
    ]
    # Whole lattices first: their counts make the bound that cuts the trimmed ones short.
    candidates = [stacks for stacks in lattices]
    if fill:
        candidates += [t for stacks in lattices for t in _trimmed(stacks)]
    shared: dict = {}  # shapes by polygon, for all candidates
    best: tuple[Placement, ...] = ()
    best_key = (-1, 0)  # (pieces, -extra pieces): on a tie the one with more on the lattice
    for stacks in candidates:
        lattice = [p for stack in stacks for p in stack]
        runs = [len(stack) for stack in stacks]
        if fill and len(lattice) + _room_for(footprint, sheet, lattice) <= best_key[0]:
            continue
        # Reaching the best count only wins with more pieces on the lattice.
        tie_wins = len(lattice) > sum(best_key)
        extra = (
            fill_leftover(
                footprint, sheet, lattice, best_key[0], tie_wins, shared=shared, runs=runs
            )
            if fill
            else []
        )
        key = (len(lattice) + len(extra), -len(extra))
        if key > best_key:
            best, best_key = (*lattice, *extra), key
    return best


def fill_leftover(
    footprint: Footprint,
    sheet: SheetSpec,
    placed: Sequence[Placement],
    beat: int = 0,
    tie_wins: bool = True,
    *,
    shared: dict | None = None,
    runs: Sequence[int] | None = None,
) -> list[Placement]:
    """Add pieces (off the lattice, either orientation) wherever they still fit.

    Stops early once the room left (:func:`extra_bound`) could not raise the total to
    ``beat``, or only to ``beat`` where a tie does not win. A fill stopped early gives
    fewer pieces than ``beat``, or ``beat`` where a tie does not win. ``runs``: the
    lengths of the stacks ``placed`` is made of, as :class:`Obstacles` shares them.
    """
    obstacles = Obstacles([footprint.placed(p) for p in placed], shared, runs)
    added: list[Placement] = []
    while True:
        # Stop when the pieces still to come cannot win: fewer than this many more.
        needed = beat - len(obstacles) + (0 if tie_wins else 1)
        if needed > 0 and extra_bound(footprint, sheet, obstacles) < needed:
            return added
        spots = []
        for rotation in ORIENTATIONS:
            # A spot more than 1e-6 above one found already loses once rounded (below).
            limit = spots[0][1][1] + 2e-6 if spots else math.inf
            spot = free_spot(footprint.rotated(rotation), obstacles, sheet, limit=limit)
            if spot is not None:
                spots.append(((round(spot[1], 6), round(spot[0], 6)), spot, rotation))
        if not spots:
            return added
        _, (x, y), rotation = min(spots)
        new = Placement(x, y, rotation, lattice=False)
        added.append(new)
        obstacles.add(footprint.placed(new))


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

    rho = _inradius(footprint.hull) - 1e-6
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
        self._boxes = None
        self._free: dict[tuple, object] = {}  # see free(): kept up to date

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
            x0, y0, x1, y1 = _bbox(shape)
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
    reach = _circumradius(shape)
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


def plan_sheets(
    footprint: Footprint, sheet: SheetSpec, count: int, *, fill: bool = True
) -> list[tuple[Placement, ...]]:
    """Placements for ``count`` pieces: full sheets first, the rest on the last sheet,
    as one compact group in the corner (most neighbours, so most shared edges)."""
    if count <= 0:
        return []
    per_sheet = arrange(footprint, sheet, fill=fill)
    if not per_sheet:
        w, h = footprint.min_size()
        raise ParameterError(
            "sheet",
            f"one piece needs {w:.1f} × {h:.1f} mm inside the margins, but the "
            f"{sheet.size_text} mm sheet with {sheet.margin:g} mm margins leaves "
            f"{sheet.width - 2 * sheet.margin:g} × {sheet.height - 2 * sheet.margin:g} mm",
        )
    sheets = math.ceil(count / len(per_sheet))
    if sheets > MAX_SHEETS:
        raise ParameterError(
            "count",
            f"{count} pieces would need {sheets} sheets of {sheet.size_text} mm "
            f"({len(per_sheet)} per sheet); at most {MAX_SHEETS} sheets are made at once",
        )
    plans = [per_sheet] * (count // len(per_sheet))
    rest = count % len(per_sheet)
    if rest:
        plans.append(compact_subset(per_sheet, rest, footprint.spacing))
    return plans


def compact_subset(
    placements: Sequence[Placement], n: int, spacing: float
) -> tuple[Placement, ...]:
    """``n`` of the placements grown from the first one (a corner): always the position
    with the most lattice neighbours already taken, then the one nearest that corner.
    Returned in the original order."""
    neighbours = _lattice_neighbours(placements, spacing)
    corner = placements[0]
    reach = [math.hypot(p.x - corner.x, p.y - corner.y) for p in placements]
    taken = [False] * len(placements)
    touching = [0] * len(placements)
    for _ in range(min(n, len(placements))):
        pick = max(
            (i for i in range(len(placements)) if not taken[i]),
            key=lambda i: (touching[i], -round(reach[i], 6), -i),
        )
        taken[pick] = True
        for j in neighbours[pick]:
            touching[j] += 1
    return tuple(p for p, t in zip(placements, taken, strict=True) if t)


def check_pieces_per_sheet(footprint: Footprint, sheet: SheetSpec, what: str, limit: int) -> None:
    """Refuse sheets that would hold so many pieces that nesting takes minutes."""
    bound = area_bound(sheet.usable_area, _area(footprint.hull))
    if bound > limit:
        raise ParameterError(
            "sheet",
            f"a {sheet.size_text} mm sheet has room for about {bound:,.0f} of {what}; fabgen "
            f"nests at most {limit:,} such pieces per sheet (more takes minutes): "
            "use a smaller sheet or larger pieces",
        )


def area_bound(area: float, piece_area: float) -> float:
    """How many pieces ``area`` could hold at most (no shape packs beyond its area)."""
    return area / piece_area


# ---- internals ------------------------------------------------------------------------


def _centre_range(footprint: Footprint, sheet: SheetSpec, rotation: float):
    x0, y0, x1, y1 = footprint.extent(rotation)
    ux0, uy0, ux1, uy1 = sheet.usable
    box = (ux0 - x0, uy0 - y0, ux1 - x1, uy1 - y1)
    if box[2] < box[0] - EPS or box[3] < box[1] - EPS:
        return None
    return box


def _stacks_vertical(rotation: float) -> bool:
    """True when lattice vector B points along ±y (stacks are columns)."""
    return abs(math.sin(math.radians(LATTICE_DEG[1] + rotation))) > 1.0 - 1e-9


def _trimmed(stacks: list[list[Placement]]):
    """The lattice with the last one or two stacks or the last piece of every long
    stack left out, which opens a wider strip for turned pieces."""
    for drop in range(3):
        kept = stacks[: len(stacks) - drop] if drop else stacks
        if not kept:
            continue
        if drop:
            yield kept
        longest = max(len(s) for s in kept)
        short = [s[:-1] if len(s) == longest else s for s in kept]
        if any(short):
            yield short


def _room_for(footprint: Footprint, sheet: SheetSpec, lattice: Sequence[Placement]) -> int:
    """An upper bound on the pieces that fit besides ``lattice``: each lattice piece
    covers its hull within its own lattice cell, every further piece its whole hull."""
    free = sheet.usable_area - len(lattice) * _own_area(footprint)
    return max(0, int(free / _area(footprint.hull) + EPS))


@functools.lru_cache(maxsize=32)
def _own_area(footprint: Footprint) -> float:
    """The area of a lattice piece's hull within its own lattice cell."""
    from shapely.geometry import Polygon as SPolygon

    cell = SPolygon(regular_polygon(6, footprint.spacing / SQRT3, 0.0))
    return SPolygon(footprint.hull).intersection(cell).area


def _lattice_neighbours(placements: Sequence[Placement], spacing: float) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in placements]
    for i, p in enumerate(placements):
        if not p.lattice:
            continue
        for j in range(i + 1, len(placements)):
            q = placements[j]
            if q.lattice and abs(math.hypot(p.x - q.x, p.y - q.y) - spacing) < 1e-6:
                out[i].append(j)
                out[j].append(i)
    return out


def _circumradius(poly: Polygon) -> float:
    """Distance from the origin to the farthest vertex."""
    return max(math.hypot(x, y) for x, y in poly)


def _inradius(poly: Polygon) -> float:
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


def _ray_span(poly: Polygon, v: Point) -> tuple[float, float] | None:
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


def _convex_hull(points) -> Polygon:
    """Counter-clockwise convex hull (monotone chain), collinear points dropped."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)

    def half(seq):
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and _turn(out[-2], out[-1], p) <= 1e-12:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return tuple(lower[:-1] + upper[:-1])


def _turn(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _area(poly: Polygon) -> float:
    n = len(poly)
    return 0.5 * sum(
        poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n)
    )


def _rotate(poly: Polygon, degrees: float) -> Polygon:
    if degrees == 0.0:
        return poly
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return tuple((c * x - s * y, s * x + c * y) for x, y in poly)


def _bbox(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def _unit(degrees: float) -> Point:
    return (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))


def _finite(value) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value)
