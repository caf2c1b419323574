"""Sheets for a number of pieces: full sheets, then a compact group on the last one;
a sheet with room for more pieces than nest quickly is nested only on the corner part
that the pieces need."""

from __future__ import annotations

import math
from collections.abc import Sequence

from fabgen.errors import ParameterError
from fabgen.geometry.nesting.footprint import ORIENTATIONS, Footprint
from fabgen.geometry.nesting.polygons import area
from fabgen.geometry.nesting.search import arrange
from fabgen.geometry.nesting.sheet import Placement, SheetSpec
from fabgen.settings import range_of

#: More sheets than this is surely a typo in --count.
MAX_SHEETS = 500


def plan_sheets(
    footprint: Footprint,
    sheet: SheetSpec,
    count: int,
    *,
    fill: bool = True,
    limit: int | None = None,
) -> list[tuple[Placement, ...]]:
    """Placements for ``count`` pieces: full sheets first, the rest on the last sheet,
    as one compact group in the corner (most neighbours, so most shared edges).

    ``limit``: a sheet with room for more pieces than this (by area) is nested only on
    the corner part that takes ``count`` of them (:func:`nesting_area`), so a large bed
    with small pieces costs the work of the pieces asked for, not of the whole bed.
    """
    if count <= 0:
        return []
    region = nesting_area(footprint, sheet, count, limit) if limit is not None else sheet
    per_sheet = arrange(footprint, region, fill=fill)
    if not per_sheet:
        w, h = footprint.min_size()
        raise ParameterError.about(
            "sheet_size",
            f"{sheet.size_text} mm with {sheet.margin:g} mm margins leaves "
            f"{sheet.width - 2 * sheet.margin:g} × {sheet.height - 2 * sheet.margin:g} mm, "
            f"but one piece needs {w:.1f} × {h:.1f} mm inside the margins: use a larger "
            "sheet, smaller margins or smaller pieces",
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


#: How much the corner part grows each step while it cannot take the pieces yet.
_GROWTH = 1.05


def nesting_area(footprint: Footprint, sheet: SheetSpec, count: int, limit: int) -> SheetSpec:
    """The part of ``sheet`` to nest ``count`` pieces on: the whole sheet when it has
    room for at most ``limit`` pieces by area, else its lower-left part in the sheet's
    proportions (margins kept), grown until its lattice takes ``count`` pieces or it
    is the whole sheet. The rest of the sheet stays one free piece of material."""
    piece = area(footprint.hull)
    if area_bound(sheet.usable_area, piece) <= limit:
        return sheet
    m = sheet.margin
    room_w, room_h = sheet.width - 2 * m, sheet.height - 2 * m
    # No part smaller than the pieces' own area, nor than one piece's extent.
    scale = math.sqrt(count * piece / sheet.usable_area)
    fits_one = min(
        max((x1 - x0) / room_w, (y1 - y0) / room_h)
        for x0, y0, x1, y1 in (footprint.extent(r) for r in ORIENTATIONS)
    )
    scale = max(scale, fits_one)
    smallest = range_of("sheet_size").low  # a sheet side fabgen accepts
    while scale < 1.0:
        width = min(sheet.width, max(smallest, 2 * m + scale * room_w))
        height = min(sheet.height, max(smallest, 2 * m + scale * room_h))
        part = SheetSpec(width, height, m)
        if len(arrange(footprint, part, fill=False)) >= count:
            return part
        scale *= _GROWTH
    return sheet


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


def area_bound(area: float, piece_area: float) -> float:
    """How many pieces ``area`` could hold at most (no shape packs beyond its area)."""
    return area / piece_area


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
