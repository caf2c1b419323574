"""Growing and dead markers as CadQuery solids: a two-sided tray with raised symbols."""

from __future__ import annotations

from fabgen.pieces.params import Marker


def marker_profile(marker: Marker) -> list[tuple[float, float]]:
    """Half cross-section (radius, z) of the tray without its symbols, mirror-symmetric
    about its middle plane."""
    s, t, p = marker.chamfer, marker.thickness, marker.pocket_depth
    r, rp = marker.radius, marker.pocket_radius
    points = [(0.0, p), (rp, p), (rp, 0.0), (r - s, 0.0), (r, s), (r, t - s), (r - s, t)]
    points += [(rp, t), (rp, t - p), (0.0, t - p)]
    out = []
    for point in points:
        if not out or point != out[-1]:
            out.append(point)
    return out


def build_marker(marker: Marker):
    """One valid solid lying on z = 0; both faces carry the symbol."""
    from fabgen.pieces.solids import revolve_profile, single_solid
    from fabgen.pieces.symbols import extrude_symbol

    body = revolve_profile(marker_profile(marker))
    p = marker.pocket_depth
    for z0 in (0.0, marker.thickness - p):
        body = body.fuse(extrude_symbol(marker.symbol, marker.symbol_radius, z0, p))
    return single_solid(body.clean(), marker.name)
