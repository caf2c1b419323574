"""Pure geometry of the island tiles: the field lattice, the tile lattice, tile outlines,
the maker's blog figures and the alignment check. No file formats here."""

from fabgen.geometry.lattice import (
    NEIGHBOUR_STEPS,
    TILE_ANGLE_DEG,
    Field,
    Handedness,
    TileLattice,
    field_xy,
    hex_distance,
    neighbours,
)
from fabgen.geometry.tile import OutlineKind, TileGeometry, TileLayout

__all__ = [
    "NEIGHBOUR_STEPS",
    "TILE_ANGLE_DEG",
    "Field",
    "Handedness",
    "OutlineKind",
    "TileGeometry",
    "TileLattice",
    "TileLayout",
    "field_xy",
    "hex_distance",
    "neighbours",
]
