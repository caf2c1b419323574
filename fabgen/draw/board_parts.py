"""Pieces shared by the board drawings: a scale-and-shift frame, seat colours, tile
outlines, field circles, tile numbers, stones and seat badges, arrows and dimensions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from fabgen.board.model import Board
from fabgen.board.placement import BoardPlacement
from fabgen.draw.drawing import Circle, Polyline, Shape, Style, Text
from fabgen.draw.ink import contrast
from fabgen.draw.metrics import fill_lines, text_advance
from fabgen.draw.position import player_colour, stone_colour
from fabgen.geometry.lattice import NEIGHBOUR_STEPS, Point, add

#: Text is drawn in Vera, whose characters (digits included) are at most about this
#: wide per mm of cap height, regular and bold: the least room :func:`text_width`
#: gives a line (the drawing model's own estimate is lower). Runs of W or m are wider,
#: and get Vera's real widths.
CHAR_WIDTH = 0.9
CHAR_WIDTH_BOLD = 1.0
#: For wrapping lines of words: as wide, so wrapped lines pass the same box checks.
WRAP_WIDTH = CHAR_WIDTH
INK = "#000000"
GREY = "#6e6e6e"
PAPER = Style(stroke=None, fill="#ffffff", width=0.0)


@dataclass(frozen=True)
class Frame:
    """Maps a placement's millimetres onto paper: ``paper = shift + scale × board``."""

    scale: float = 1.0
    dx: float = 0.0
    dy: float = 0.0

    def __call__(self, p: Point) -> Point:
        return (self.dx + self.scale * p[0], self.dy + self.scale * p[1])

    def loop(self, pts: Sequence[Point]) -> tuple[Point, ...]:
        return tuple(self(p) for p in pts)


def seat_colour(board: Board, k: int) -> str:
    return player_colour(board.seats[k].colour, k)


def print_seat_colour(board: Board, k: int) -> str:
    """Seat ``k``'s colour on paper: in a grey of its own (:func:`stone_colour`)."""
    return stone_colour(board.seats[k].colour, k)


def tint(colour: str, amount: float = 0.75) -> str:
    """The colour mixed with white (``amount`` of white)."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


#: Contrast small text needs to be read (WCAG 2, level AA).
TEXT_CONTRAST = 4.5


def legible(colour: str, background: str) -> str:
    """``colour``, darkened just enough to be read as small text on ``background``:
    yellow on a pale yellow start tile was barely there (contrast 1.5)."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    for step in range(11):
        shade = "#" + "".join(f"{round(c * (1 - step / 10)):02x}" for c in rgb)
        if contrast(shade, background) >= TEXT_CONTRAST:
            return shade
    return INK


def text_width(text: str, height: float, bold: bool = False) -> float:
    """The room a line takes (used wherever text must stay inside a box): Vera's real
    advance widths (a run of W is wider than :data:`CHAR_WIDTH` per character), and
    never less than that estimate, which the presets' pictures were laid out with."""
    estimate = (CHAR_WIDTH_BOLD if bold else CHAR_WIDTH) * height * len(text)
    return max(text_advance(text, height, bold), estimate)


def wrap(
    text: str, height: float, room: float, measured: bool = False, most: int | None = None
) -> list[str]:
    """Words of ``text`` in lines that fit ``room`` mm at cap height ``height``; a word
    longer than a line is broken. ``measured``: lines filled to Vera's real widths (a
    page's legend), not to the :data:`WRAP_WIDTH` per letter that leaves a third of the
    line empty in plain words. ``most``: the first that many lines only."""
    import textwrap

    if measured:
        return fill_lines(text, room, lambda line: text_advance(line, height), most)
    lines = textwrap.wrap(text, max(10, int(room / (WRAP_WIDTH * height))))[:most] or [""]
    if all(text_width(line, height) <= room for line in lines):
        return lines
    # Wide letters (a name of 69 W's ran off the page): fill lines by measured widths.
    return fill_lines(text, room, lambda line: text_width(line, height), most)


def fitted_height(text: str, height: float, room: float, bold: bool = False) -> float:
    """``height``, or less so that one line of ``text`` fits ``room`` mm."""
    return min(height, room / max(1e-9, text_width(text, 1.0, bold)))


def text_box(t: Text) -> tuple[float, float, float, float]:
    """A generous box around a line of text (for keeping it inside a page)."""
    w = text_width(t.text, t.height, bool(t.style and t.style.bold))
    x0 = {"left": 0.0, "center": -w / 2, "right": -w}[t.align]
    x, y = t.position
    if t.angle:
        # Only quarter turns are used for text; a rotated box is swapped.
        return (x - t.height * 1.3, y + x0, x + t.height * 0.3, y + x0 + w)
    return (x + x0, y - 0.3 * t.height, x + x0 + w, y + 1.1 * t.height)


def tile_outline_shapes(place: BoardPlacement, frame: Frame, style: Style) -> list[Shape]:
    out: list[Shape] = []
    for t in range(len(place.board.tiles)):
        for loop in place.tile_outlines(t):
            out.append(Polyline(frame.loop(loop), True, style=style))
    return out


def field_circles(place: BoardPlacement, frame: Frame, radius: float, style: Style) -> list[Shape]:
    return [Circle(frame(place.xy(f)), radius, style) for f in place.board.fields]


def number_spot(place: BoardPlacement, t: int, up: bool = True) -> Point:
    """Where a tile's number goes: in the gap between the middle field and two outer
    fields that lies nearest straight up (or down), in the placement's millimetres."""
    tile = place.board.tiles[t]
    if tile.centre is None:
        return place.tile_centre(t)
    best, best_y = place.tile_centre(t), None
    for k in range(6):
        gap = add(NEIGHBOUR_STEPS[k], NEIGHBOUR_STEPS[(k + 1) % 6])
        spot = (tile.centre[0] + gap[0] / 3.0, tile.centre[1] + gap[1] / 3.0)
        p = place.xy(spot)
        y = p[1] if up else -p[1]
        if best_y is None or y > best_y + 1e-9:
            best, best_y = p, y
    return best


def seat_centre(place: BoardPlacement, k: int) -> Point | None:
    fields = [f for f, _ in place.board.seats[k].stacks]
    if not fields:
        return None
    pts = [place.xy(f) for f in fields]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def arrow(start: Point, end: Point, head: float, style: Style) -> list[Polyline]:
    """A straight arrow with a filled head of length ``head`` at ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return []
    ux, uy = dx / length, dy / length
    base = (end[0] - ux * head, end[1] - uy * head)
    half = head * 0.45
    tip = (
        end,
        (base[0] - uy * half, base[1] + ux * half),
        (base[0] + uy * half, base[1] - ux * half),
    )
    head_style = Style(stroke=None, fill=style.stroke, width=0.0)
    return [Polyline((start, base), style=style), Polyline(tip, True, style=head_style)]


def dimension(start: Point, end: Point, label: str, height: float, side: float) -> list[Shape]:
    """A dimension line from ``start`` to ``end`` with end ticks and a label on the
    ``side`` (+1 left of the direction, -1 right)."""
    line = Style(stroke=GREY, width=0.25)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    tick = 2.0
    out: list[Shape] = [Polyline((start, end), style=line)]
    for p in (start, end):
        out.append(
            Polyline(
                ((p[0] - nx * tick, p[1] - ny * tick), (p[0] + nx * tick, p[1] + ny * tick)),
                style=line,
            )
        )
    out.extend(arrow(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), start, 2.5, line)[1:])
    out.extend(arrow(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), end, 2.5, line)[1:])
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    angle = math.degrees(math.atan2(dy, dx))
    offset = (1.6 if side > 0 else 1.6 + height) * side
    pos = (mid[0] + nx * offset, mid[1] + ny * offset)
    out.append(Text(pos, label, height, "center", Style(stroke=None, fill=GREY), angle))
    return out


def mm(value: float) -> str:
    """A length for people: whole millimetres."""
    return f"{value:.0f} mm"
