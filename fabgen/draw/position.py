"""A game position as a paper drawing: hexagonal field cells, stones, tile borders.

Everything goes on the ``print`` layer. Live, growing and dead fields differ by fill
and also by a mark, so a greyscale print still tells them apart: a growing field has
a dashed ring, a dead field a cross. Stones are discs in the player's colour with the
count on them. Thick lines follow the borders of the tiles.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from fabgen.draw.model import Circle, Drawing, Operation, Polyline, Style, Text
from fabgen.geometry.lattice import Field, field_xy
from fabgen.rules.state import Position, Status

FILL = {Status.LIVE: "#fff2b3", Status.GROWING: "#9fd89a", Status.DEAD: "#7f9bbf"}
CELL_LINE = Style(stroke="#8c8c8c", width=0.2)
TILE_LINE = Style(stroke="#000000", width=0.8)
HIGHLIGHT = Style(stroke="#d40000", width=0.7)
GROWTH_RING = Style(stroke="#1d5e1a", width=0.35, dash=(1.0, 0.7))
DEAD_CROSS = Style(stroke="#1f2f4a", width=0.5)
PAGE = Style(stroke=None, fill="#ffffff", width=0.0)
MARGIN = 5.0

PALETTE = ("#d62728", "#1f5fbf", "#2ca02c", "#f0c419", "#8e44ad", "#ff7f0e")
NAMED_COLOURS = {
    "red": "#d62728",
    "blue": "#1f5fbf",
    "green": "#2ca02c",
    "yellow": "#f0c419",
    "purple": "#8e44ad",
    "orange": "#ff7f0e",
    "black": "#000000",
    "white": "#ffffff",
    "brown": "#8c564b",
    "pink": "#e377c2",
    "grey": "#7f7f7f",
    "gray": "#7f7f7f",
    "cyan": "#17becf",
    "magenta": "#c2185b",
}
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def player_colour(color: str | None, index: int) -> str:
    """A ``#rrggbb`` colour for a player: their own if readable, else from a palette."""
    if color:
        if _HEX.fullmatch(color):
            digits = color[1:]
            if len(digits) == 3:
                digits = "".join(c * 2 for c in digits)
            return "#" + digits.lower()
        if color.lower() in NAMED_COLOURS:
            return NAMED_COLOURS[color.lower()]
    return PALETTE[index % len(PALETTE)]


def position_drawing(
    position: Position,
    *,
    pitch_mm: float = 10.0,
    title: str = "",
    highlight: Iterable[Field] = (),
    field_names: bool = False,
    legend: bool = True,
) -> Drawing:
    """The position drawn with field centres ``pitch_mm`` apart, page fitted."""
    metadata = {"turns_played": position.turns_played}
    drawing = Drawing(0.0, 0.0, title or "Atlantis position", metadata)
    shapes = drawing.layers.setdefault(Operation.PRINT, [])
    marked = set(highlight)
    for state in position.fields():
        shapes.extend(_field_shapes(position, state, pitch_mm, field_names))
    shapes.extend(_tile_borders(position, pitch_mm))
    for field in sorted(marked & set(position.board.fields)):
        shapes.append(Polyline(_hexagon(field, pitch_mm, 0.86), True, style=HIGHLIGHT))
    box = drawing.bbox()
    assert box is not None  # a board has at least one field
    if legend:
        shapes.extend(_legend(position, pitch_mm, box[0], box[1] - pitch_mm * 0.9))
    if title:
        shapes.append(Text((box[0], box[3] + pitch_mm * 0.4), title, pitch_mm * 0.35, "left"))
    # A white page behind everything, so viewers that show transparency dark still
    # show black lines and text.
    x0, y0, x1, y1 = drawing.bbox()  # type: ignore[misc]
    x0, y0, x1, y1 = x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN
    page = Polyline(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), True, style=PAGE)
    shapes.insert(0, page)
    return drawing.fit_page(0.0)


def _hexagon(field: Field, pitch: float, scale: float = 1.0) -> tuple:
    x, y = field_xy(field, pitch)
    r = scale * pitch / math.sqrt(3.0)
    return tuple(
        (x + r * math.cos(math.radians(30 + 60 * k)), y + r * math.sin(math.radians(30 + 60 * k)))
        for k in range(6)
    )


def _field_shapes(position: Position, state, pitch: float, names: bool) -> list:
    x, y = field_xy(state.field, pitch)
    cell = Style(stroke=CELL_LINE.stroke, fill=FILL[state.status], width=CELL_LINE.width)
    out: list = [Polyline(_hexagon(state.field, pitch), True, style=cell)]
    if state.status is Status.GROWING:
        out.append(Circle((x, y), 0.4 * pitch, GROWTH_RING))
    elif state.status is Status.DEAD:
        d = 0.22 * pitch
        out.append(Polyline(((x - d, y - d), (x + d, y + d)), style=DEAD_CROSS))
        out.append(Polyline(((x - d, y + d), (x + d, y - d)), style=DEAD_CROSS))
    if state.stones and state.owner is not None:
        out.extend(_stack(position, state.owner, state.stones, x, y, pitch))
    if names:
        out.append(Text((x, y - 0.43 * pitch), state.name, 0.11 * pitch, "center"))
    return out


def _stack(position: Position, owner: int, stones: int, x: float, y: float, pitch: float):
    colour = player_colour(position.players[owner].color, owner)
    disc = Circle((x, y), 0.28 * pitch, Style(stroke="#000000", fill=colour, width=0.25))
    h = 0.24 * pitch
    ink = Style(stroke=None, fill=_ink_on(colour), bold=True)
    return [disc, Text((x, y - h / 2), str(stones), h, "center", ink)]


def _ink_on(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "#ffffff"


def _tile_borders(position: Position, pitch: float) -> list[Polyline]:
    board = position.board
    out = []
    for i, field in enumerate(board.fields):
        corners = _hexagon(field, pitch)
        for d, n in enumerate(board.towards[i]):
            if n >= 0 and (n < i or board.tile_of[n] == board.tile_of[i]):
                continue  # shared edge drawn once, inner edges not at all
            # The edge facing direction d runs between the corners at 60d -/+ 30 degrees.
            out.append(Polyline((corners[(d - 1) % 6], corners[d]), style=TILE_LINE))
    return out


def _legend(position: Position, pitch: float, x: float, y: float) -> list:
    out: list = []
    h = 0.3 * pitch
    for k, player in enumerate(position.players):
        colour = player_colour(player.color, k)
        out.append(Circle((x + 0.2 * pitch, y), 0.2 * pitch, Style("#000000", colour, 0.25)))
        label = player.label(k) + (" (to move)" if k == position.next_player else "")
        out.append(Text((x + 0.55 * pitch, y - h / 2), label, h, "left"))
        y -= 0.6 * pitch
    return out
