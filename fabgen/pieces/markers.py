"""Growing and dead markers as CadQuery solids: a tray with a pocket on top, its symbol
raised in the pocket and sunk into the flat underside (docs/design-notes.md,
*Pictures people look at*: markers printed pocket up)."""

from __future__ import annotations

from fabgen.pieces.params import Marker


def marker_profile(marker: Marker) -> list[tuple[float, float]]:
    """Half cross-section (radius, z) of the tray without its symbols: flat underside,
    chamfered outer edges, the pocket on top."""
    s, t, p = marker.chamfer, marker.thickness, marker.pocket_depth
    r, rp = marker.radius, marker.pocket_radius
    points = [(0.0, 0.0), (r - s, 0.0), (r, s), (r, t - s), (r - s, t)]
    points += [(rp, t), (rp, t - p), (0.0, t - p)]
    out: list[tuple[float, float]] = []
    for point in points:
        if not out or point != out[-1]:
            out.append(point)
    return out


def build_marker(marker: Marker):
    """One valid solid lying on z = 0, pocket up. Nothing overhangs but the ceilings of
    the sunk symbol's lines, bridges one line wide."""
    from fabgen.pieces.solids import revolve_profile, single_solid
    from fabgen.pieces.symbols import extrude_symbol

    body = revolve_profile(marker_profile(marker))
    t, p = marker.thickness, marker.pocket_depth
    body = body.fuse(extrude_symbol(marker.symbol, marker.symbol_radius, t - p, p))
    body = body.cut(extrude_symbol(marker.symbol, marker.symbol_radius, 0.0, marker.sunk_depth))
    return single_solid(body.clean(), marker.name)
