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
A rosette's lattice is also tried turned so that its zig-zag sides run along the sheet's,
and taken only where it holds more (docs/design-notes.md, *Laser sheets on any bed*).

Pure geometry: plain Python and shapely, sizes in millimetres, sheet origin bottom-left.

The modules, from the bottom up: :mod:`~fabgen.geometry.nesting.polygons` (convex
polygon arithmetic), :mod:`~fabgen.geometry.nesting.sheet` (the sheet, a placement),
:mod:`~fabgen.geometry.nesting.footprint` (what a piece occupies),
:mod:`~fabgen.geometry.nesting.free_space` (where another piece still fits),
:mod:`~fabgen.geometry.nesting.search` (the most pieces on one sheet) and
:mod:`~fabgen.geometry.nesting.plan` (sheets for a number of pieces). Callers import
from this package.
"""

from fabgen.geometry.nesting.footprint import (
    LATTICE_DEG,
    ORIENTATIONS,
    Footprint,
    contact_spacing,
    convex_parts,
    disc_footprint,
    square_footprint,
    tile_footprint,
)
from fabgen.geometry.nesting.free_space import Obstacles, extra_bound, free_spot
from fabgen.geometry.nesting.plan import (
    MAX_SHEETS,
    area_bound,
    compact_subset,
    nesting_area,
    plan_sheets,
)
from fabgen.geometry.nesting.polygons import EPS, Polygon, minkowski_sum
from fabgen.geometry.nesting.search import arrange, fill_leftover, honeycomb
from fabgen.geometry.nesting.sheet import Placement, SheetSpec

__all__ = [
    "EPS",
    "LATTICE_DEG",
    "MAX_SHEETS",
    "ORIENTATIONS",
    "Footprint",
    "Obstacles",
    "Placement",
    "Polygon",
    "SheetSpec",
    "area_bound",
    "arrange",
    "compact_subset",
    "contact_spacing",
    "convex_parts",
    "disc_footprint",
    "extra_bound",
    "fill_leftover",
    "free_spot",
    "honeycomb",
    "minkowski_sum",
    "nesting_area",
    "plan_sheets",
    "square_footprint",
    "tile_footprint",
]
