"""The nesting pyramid as a CadQuery solid: tapered hexagonal shell, vented cap."""

from __future__ import annotations

import math

from fabgen.pieces.params import PyramidStone


def build_pyramid(pyramid: PyramidStone):
    """One valid solid, base on z = 0, corners of the hexagon on the x axis."""
    import cadquery as cq

    from fabgen.pieces.solids import shape_of, single_solid

    taper = math.degrees(pyramid.lean)
    across = 2 * pyramid.radius  # (the base's diameter across corners)
    outer = cq.Workplane("XY").polygon(6, across).extrude(pyramid.height, taper=taper)
    inner_diameter = 4.0 * pyramid.inner_apothem(0.0) / math.sqrt(3.0)
    cavity = (
        cq.Workplane("XY").polygon(6, inner_diameter).extrude(pyramid.cavity_height, taper=taper)
    )
    vent = (
        cq.Workplane("XY", origin=(0, 0, pyramid.cavity_height))
        .circle(pyramid.vent_diameter / 2)
        .extrude(pyramid.cap)
    )
    shell = shape_of(outer).cut(shape_of(cavity)).cut(shape_of(vent)).clean()
    return single_solid(shell, pyramid.name)
