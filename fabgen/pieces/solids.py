"""Small CadQuery helpers shared by the piece builders (CadQuery imported lazily)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import cadquery as cq


def shape_of(workplane: cq.Workplane) -> cq.Shape:
    """The solid an extrusion made: ``val()`` may be a point, a location or a sketch
    too, never after an extrusion or a revolution."""
    import cadquery as cq

    shape = workplane.val()
    assert isinstance(shape, cq.Shape)
    return shape


def revolve_profile(points):
    """Revolve a closed (radius, z) profile a full turn about the z axis."""
    import cadquery as cq

    sketch = cq.Workplane("XZ").polyline(points).close()
    return sketch.revolve(360.0, (0, 0, 0), (0, 1, 0)).val()


def single_solid(shape, name: str):
    """``shape`` as exactly one valid solid; anything else is a bug in a builder."""
    import cadquery as cq

    solids = shape.Solids()
    if len(solids) != 1 or not solids[0].isValid():
        raise RuntimeError(f"{name}: expected one valid solid, got {len(solids)}")
    return cq.Solid(solids[0].wrapped)
