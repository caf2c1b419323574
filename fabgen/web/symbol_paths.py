"""Seat symbols as SVG path data, for every page that draws stones (the board picture
and the designer's seat list): here, below both, so that neither imports the other."""

from __future__ import annotations

from fabgen.geometry.symbols import DiscPart, RingPart, symbol_parts


def symbol_path(name: str) -> str:
    """The symbol as SVG path data within radius 1 (y down, as on screen), filled with
    the non-zero rule (a ring's hole runs the other way round)."""

    def circle(r: float, sweep: int) -> str:
        return f"M{-r:g} 0A{r:g} {r:g} 0 1 {sweep} {r:g} 0A{r:g} {r:g} 0 1 {sweep} {-r:g} 0Z"

    out = []
    for part in symbol_parts(name, 1.0):
        if isinstance(part, RingPart):
            out.append(circle(round(part.outer, 3), 1) + circle(round(part.inner, 3), 0))
        elif isinstance(part, DiscPart):
            out.append(circle(round(part.radius, 3), 1))
        else:
            corners = [f"{round(x, 3) + 0:g} {round(-y, 3) + 0:g}" for x, y in part.points]
            out.append("M" + "L".join(corners) + "Z")
    return "".join(out)
