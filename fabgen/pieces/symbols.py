"""Raised symbols as CadQuery solids; the symbols themselves (pure geometry, also
engraved on laser-cut pieces) are :mod:`fabgen.geometry.symbols`."""

from __future__ import annotations

from fabgen.geometry.symbols import (
    MACHINE_SYMBOLS,
    MARKER_SYMBOLS,
    SEAT_SYMBOLS,
    STONE_SYMBOLS,
    DiscPart,
    PolygonPart,
    board_seat_symbols,
    symbol_area,
    symbol_parts,
)

__all__ = [
    "MACHINE_SYMBOLS",
    "MARKER_SYMBOLS",
    "SEAT_SYMBOLS",
    "STONE_SYMBOLS",
    "board_seat_symbols",
    "extrude_symbol",
    "symbol_area",
    "symbol_parts",
]


def extrude_symbol(name: str, radius: float, z0: float, height: float):
    """The symbol as a CadQuery solid from ``z0`` to ``z0 + height`` (None for "none")."""
    import cadquery as cq

    from fabgen.pieces.solids import shape_of

    solids = []
    for part in symbol_parts(name, radius):
        plane = cq.Workplane("XY", origin=(0, 0, z0))
        if isinstance(part, PolygonPart):
            sketch = plane.polyline(list(part.points)).close()
        elif isinstance(part, DiscPart):
            sketch = plane.circle(part.radius)
        else:
            sketch = plane.circle(part.outer).circle(part.inner)
        solids.append(shape_of(sketch.extrude(height)))
    if not solids:
        return None
    shape = solids[0]
    for other in solids[1:]:
        shape = shape.fuse(other)
    return shape.clean()
