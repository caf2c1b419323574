"""The disc stone as a CadQuery solid: a revolved profile plus an optional seat symbol."""

from __future__ import annotations

from fabgen.pieces.params import DiscStone


def disc_profile(stone: DiscStone) -> list[tuple[float, float]]:
    """Half cross-section (radius, z) of the stone without its symbol, counter-clockwise
    from the centre of the recess ceiling. Zero-size chamfers add no corners."""
    s, h = stone.chamfer, stone.height
    r, rb, rr, d = stone.radius, stone.boss_radius, stone.recess_radius, stone.recess_depth
    top = h + stone.boss_height
    points = [(0.0, d), (rr, d), (rr, s), (rr + s, 0.0), (r - s, 0.0), (r, s), (r, h)]
    points += [(rb, h), (rb, top - s), (rb - s, top), (0.0, top)]
    return _drop_repeats(points)


def build_disc_stone(stone: DiscStone):
    """One valid solid, standing on z = 0, boss up."""
    from fabgen.pieces.solids import revolve_profile, single_solid
    from fabgen.pieces.symbols import extrude_symbol

    body = revolve_profile(disc_profile(stone))
    symbol = extrude_symbol(
        stone.symbol, stone.symbol_radius, stone.height + stone.boss_height, stone.symbol_height
    )
    if symbol is not None:
        body = body.fuse(symbol).clean()
    return single_solid(body, stone.name)


def _drop_repeats(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for p in points:
        if not out or abs(p[0] - out[-1][0]) > 1e-12 or abs(p[1] - out[-1][1]) > 1e-12:
            out.append(p)
    return out
