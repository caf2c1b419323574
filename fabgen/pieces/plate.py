"""Lay out N copies of a round footprint on a printer bed. Pure Python.

:func:`plate_counts` shares many copies out over as many plates as needed.
Copies sit on a grid: staggered rows (hexagonal packing, about 15 % more copies than a
square grid) or a square grid, whichever holds more on the given bed. The used part of
the grid is centred on the bed. Footprints keep ``spacing`` between each other and
``margin`` from the bed's edges: by default room for a slicer's default skirt
(docs/design-notes.md, *Pictures people look at (issue 14)*, *3D plates*).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fabgen.errors import ParameterError, abridged
from fabgen.geometry.sizes import inches_hint, parse_size, third_number

#: Fits most printers (Prusa MINI 180 × 180, Ender 3 220 × 220, Bambu A1 mini 180 × 180).
DEFAULT_BED = (180.0, 180.0)
DEFAULT_SPACING = 3.0


@dataclass(frozen=True)
class Skirt:
    """The loops a slicer prints around all objects on the first layer. The defaults
    are PrusaSlicer's built-in ones (no printer profile): 1 loop 6 mm from the objects,
    0.7 mm wide (200 % of its 0.35 mm first layer)."""

    distance: float = 6.0
    loops: int = 1
    line_width: float = 0.7

    @property
    def reach(self) -> float:
        """How far past the objects the skirt's outer edge lies (give or take the
        slicer's rounding: a few hundredths of a mm)."""
        return self.distance + self.loops * self.line_width


DEFAULT_SKIRT = Skirt()
#: The default skirt's reach rounded up to whole mm (7 mm): PrusaSlicer 2.5 printed its
#: outer edge 6.75 mm past the objects (its offsets are rounded); with 5 mm, a full plate's
#: skirt ran up to 1.3 mm past a 180 mm bed ("outside print area").
DEFAULT_MARGIN = float(math.ceil(DEFAULT_SKIRT.reach))
MAX_BED = 2000.0
#: More plates than this in one run is almost certainly a typing error in --count.
MAX_PLATES = 20

Point = tuple[float, float]


def parse_bed(text: str) -> tuple[float, float]:
    """``"220x220"`` (also ``220X220``, ``220×220``, ``220x220mm``) as (width, depth) in
    mm, as :func:`fabgen.geometry.sizes.parse_size` reads it. A printer's build volume as
    its spec sheet gives it (``250x210x220``, width × depth × height; PrusaSlicer and Cura
    set the height apart from the bed) is taken too: plates are a few mm high, so the
    height is checked as a number and left out."""
    width, depth = parse_size(text, "bed", "WIDTHxDEPTH", "180x180", third=True)
    quoted = abridged(text, quoted=True)
    if not (0 < width <= MAX_BED and 0 < depth <= MAX_BED):
        raise ParameterError.about(
            "bed",
            f"{quoted} is not WIDTHxDEPTH in mm with both sides more than 0 and at most "
            f"{MAX_BED:.0f} (for example 180x180)",
        )
    height = third_number(text)
    if height is not None and not 0 < height <= MAX_BED:
        raise ParameterError.about(
            "bed",
            f"{quoted}: its third number, the build height, must be more than 0 and at "
            f"most {MAX_BED:.0f} mm; or leave it out, {width:g}x{depth:g}: the plates are a "
            "few mm high, so the height is not needed",
        )
    return width, depth


@dataclass(frozen=True)
class Bed:
    """A printer bed and how far pieces keep from each other and from its edges."""

    width: float = DEFAULT_BED[0]
    depth: float = DEFAULT_BED[1]
    spacing: float = DEFAULT_SPACING
    margin: float = DEFAULT_MARGIN

    def __post_init__(self):
        for name in ("width", "depth"):
            value = getattr(self, name)
            if not (math.isfinite(value) and 0 < value <= MAX_BED):
                raise ParameterError.about("bed", f"{name} {value} mm is outside 0 to {MAX_BED} mm")
        for name in ("spacing", "margin"):
            value = getattr(self, name)
            if not (math.isfinite(value) and 0 <= value <= 100):
                raise ParameterError.about(name, f"{value} mm must be between 0 and 100 mm")

    @property
    def usable(self) -> tuple[float, float]:
        return self.width - 2 * self.margin, self.depth - 2 * self.margin

    def label(self) -> str:
        return f"{self.width:g}×{self.depth:g} mm"


def _grid(footprint: float, bed: Bed, staggered: bool) -> list[Point]:
    """Every grid position whose footprint fits the usable area, row by row."""
    usable_w, usable_d = bed.usable
    if footprint > min(usable_w, usable_d) + 1e-9:
        return []
    step = footprint + bed.spacing
    row_step = step * math.sqrt(3) / 2 if staggered else step
    rows = math.floor((usable_d - footprint) / row_step + 1e-9) + 1
    points = []
    for row in range(rows):
        shift = step / 2 if staggered and row % 2 else 0.0
        cols = math.floor((usable_w - footprint - shift) / step + 1e-9) + 1
        points += [(shift + col * step, row * row_step) for col in range(max(cols, 0))]
    return points


def capacity(footprint: float, bed: Bed) -> int:
    """How many footprints of this diameter fit on ``bed``."""
    return max(len(_grid(footprint, bed, True)), len(_grid(footprint, bed, False)))


def _check_count(count) -> None:
    if not isinstance(count, int) or count < 1:
        raise ParameterError.about(
            "plate_copies", f"must be a whole number of at least 1, got {count}"
        )


def plate_counts(count: int, footprint: float, bed: Bed, per_set: int = 1) -> list[int]:
    """How many of ``count`` copies (sets of ``per_set`` pieces, kept together) go on
    each plate: as few plates as the bed allows, the copies shared out evenly (75 on
    plates of 56 become 38 + 37, not 56 + 19).

    Refuses a bed too small for one set and more than :data:`MAX_PLATES` plates."""
    _check_count(count)
    per_plate = capacity(footprint, bed) // per_set
    if per_plate < 1:
        raise ParameterError.about(
            "bed",
            f"{bed.label()} with {bed.margin:g} mm margin (room for the slicer's skirt) is "
            f"too small for a piece {footprint:.1f} mm across: use a larger bed"
            + inches_hint(bed.width, bed.depth, "bed"),
        )
    plates = math.ceil(count / per_plate)
    if plates > MAX_PLATES:
        raise ParameterError.about(
            "plate_copies",
            f"{count} copies of a {footprint:.1f} mm piece need {plates} plates of "
            f"{per_plate} on a {bed.label()} bed, and at most {MAX_PLATES} plates are written "
            "at once: make fewer copies at a time, or use a larger bed",
        )
    return [count // plates + (1 if k < count % plates else 0) for k in range(plates)]


def layout(count: int, footprint: float, bed: Bed) -> list[Point]:
    """Centres of ``count`` footprints (diameter ``footprint``) on ``bed``, in bed
    coordinates (origin at the bed's front left corner), row by row.

    Refuses, before any CAD work, a count that does not fit.
    """
    _check_count(count)
    staggered = _grid(footprint, bed, True)
    square = _grid(footprint, bed, False)
    grid = staggered if len(staggered) >= len(square) else square
    if count > len(grid):
        fits = len(grid)
        hint = f"put {fits} on a plate and print more plates" if fits else "use a larger bed"
        raise ParameterError.about(
            "plate_copies",
            f"{count} of a {footprint:.1f} mm piece do not fit a {bed.label()} bed with "
            f"{bed.spacing:g} mm spacing and {bed.margin:g} mm margin: at most {fits} fit; "
            f"{hint}",
        )
    used = grid[:count]
    r = footprint / 2
    min_x, max_x = min(x for x, _ in used) - r, max(x for x, _ in used) + r
    min_y, max_y = min(y for _, y in used) - r, max(y for _, y in used) + r
    dx = (bed.width - (max_x - min_x)) / 2 - min_x
    dy = (bed.depth - (max_y - min_y)) / 2 - min_y
    return [(round(x + dx, 6), round(y + dy, 6)) for x, y in used]
