"""The search for the most pieces on one sheet: the piece lattice in both orientations
and both row phases (:func:`honeycomb`), whole and with rows or row ends left out, each
filled with pieces in the leftover space (:func:`fill_leftover`); the best count wins. A
rosette's lattice turned (:func:`turned_lattice`) replaces it only with more pieces
(docs/design-notes.md, *Laser sheets on any bed*)."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence

from fabgen.geometry.lattice import SQRT3, Point
from fabgen.geometry.nesting.footprint import LATTICE_DEG, ORIENTATIONS, Footprint, centre_range
from fabgen.geometry.nesting.free_space import Obstacles, extra_bound, free_spot
from fabgen.geometry.nesting.polygons import EPS, area
from fabgen.geometry.nesting.sheet import Placement, SheetSpec
from fabgen.geometry.outline import regular_polygon


def honeycomb(
    footprint: Footprint, sheet: SheetSpec, rotation: float, phase: float = 0.0
) -> list[list[Placement]]:
    """Lattice positions inside the margins, pushed into the bottom-left corner.

    Returned as stacks: lines of pieces ``spacing`` apart (columns for flat-top, rows
    for pointy-top). Neighbouring stacks are ``spacing·√3/2`` apart and shifted by half
    a spacing; ``phase`` (0 or 0.5) says whether the first stack starts shifted.
    """
    box = centre_range(footprint, sheet, rotation)
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
    the pieces added in leftover space; a turned lattice (:attr:`Footprint.turns`) only
    where it holds more."""
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
    return _turned_best(footprint, sheet, best, fill, shared)


def _turned_best(
    footprint: Footprint, sheet: SheetSpec, best: tuple[Placement, ...], fill: bool, shared: dict
) -> tuple[Placement, ...]:
    """``best``, or a turned lattice (filled) that holds more pieces: only more, so
    that the layout stays as it was wherever the turns win nothing."""
    for turn in footprint.turns:
        stacks = turned_lattice(footprint, sheet, turn)
        lattice = [p for stack in stacks for p in stack]
        if fill and len(lattice) + _room_for(footprint, sheet, lattice) <= len(best):
            continue
        runs = [len(stack) for stack in stacks]
        extra = (
            fill_leftover(footprint, sheet, lattice, len(best), False, shared=shared, runs=runs)
            if fill
            else []
        )
        if len(lattice) + len(extra) > len(best):
            best = (*lattice, *extra)
    return best


#: Offsets of a turned lattice tried along each lattice vector (1/30 of a step each).
TURNED_OFFSETS = 30


def turned_lattice(footprint: Footprint, sheet: SheetSpec, turn: float) -> list[list[Placement]]:
    """The piece lattice turned by ``turn`` degrees, at the offset (of
    :data:`TURNED_OFFSETS` × :data:`TURNED_OFFSETS` tried) that keeps the most centres
    inside the margins (the first such on a tie), as stacks along lattice vector A."""
    import numpy as np

    box = centre_range(footprint, sheet, turn)
    if box is None:
        return []
    x0, y0, x1, y1 = box
    basis = (
        np.array(
            [
                [math.cos(math.radians(d + turn)), math.sin(math.radians(d + turn))]
                for d in LATTICE_DEG
            ]
        ).T
        * footprint.spacing
    )  # columns: lattice vectors A and B
    # Lattice indices that can reach the box from its lower-left corner, one step spare.
    corners = np.array([[0.0, 0.0], [x1 - x0, 0.0], [0.0, y1 - y0], [x1 - x0, y1 - y0]])
    reach = corners @ np.linalg.inv(basis).T
    low, high = np.floor(reach.min(axis=0)) - 1, np.ceil(reach.max(axis=0)) + 1
    i, j = np.meshgrid(*(np.arange(low[k], high[k] + 1) for k in (0, 1)), indexing="ij")
    indices = np.column_stack((i.ravel(), j.ravel()))
    steps = np.arange(TURNED_OFFSETS) / TURNED_OFFSETS
    u, v = np.meshgrid(steps, steps, indexing="ij")
    offsets = np.column_stack((u.ravel(), v.ravel())) @ basis.T
    centres = (indices @ basis.T + (x0, y0))[None] + offsets[:, None]
    x, y = centres[..., 0], centres[..., 1]
    inside = (x >= x0 - EPS) & (x <= x1 + EPS) & (y >= y0 - EPS) & (y <= y1 + EPS)
    best = int(inside.sum(axis=1).argmax())
    stacks: dict[int, list[Placement]] = {}
    for (_, b), (cx, cy) in zip(
        indices[inside[best]].tolist(), centres[best][inside[best]].tolist(), strict=True
    ):
        stacks.setdefault(int(b), []).append(Placement(cx, cy, turn))
    return [stacks[b] for b in sorted(stacks)]


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
        spots: list[tuple[tuple[float, float], Point, float]] = []
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


def _stacks_vertical(rotation: float) -> bool:
    """True when lattice vector B points along ±y (stacks are columns)."""
    return abs(math.sin(math.radians(LATTICE_DEG[1] + rotation))) > 1.0 - 1e-9


def _trimmed(stacks: list[list[Placement]]) -> Iterator[list[list[Placement]]]:
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
    return max(0, int(free / area(footprint.hull) + EPS))


@functools.lru_cache(maxsize=32)
def _own_area(footprint: Footprint) -> float:
    """The area of a lattice piece's hull within its own lattice cell."""
    from shapely.geometry import Polygon as SPolygon

    cell = SPolygon(regular_polygon(6, footprint.spacing / SQRT3, 0.0))
    return SPolygon(footprint.hull).intersection(cell).area
