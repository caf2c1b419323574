"""Sheets for a number of pieces: full sheets, then a compact group on the last one;
and the bounds that refuse sheets too large to nest quickly."""

from __future__ import annotations

import math
from collections.abc import Sequence

from fabgen.errors import ParameterError
from fabgen.geometry.nesting.footprint import Footprint
from fabgen.geometry.nesting.polygons import area
from fabgen.geometry.nesting.search import arrange
from fabgen.geometry.nesting.sheet import Placement, SheetSpec

#: More sheets than this is surely a typo in --count.
MAX_SHEETS = 500


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
    bound = area_bound(sheet.usable_area, area(footprint.hull))
    if bound > limit:
        raise ParameterError.about(
            "sheet_size",
            f"{sheet.size_text} mm has room for about {bound:,.0f} of {what}; fabgen "
            f"nests at most {limit:,} such pieces per sheet (more takes minutes): "
            "use a smaller sheet or larger pieces",
        )


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
