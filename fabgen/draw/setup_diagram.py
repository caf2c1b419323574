"""The setup diagram: one A4 page that shows a group how to lay out a board.

Tiles with their numbers (the same numbers as on the printed board and in the bill of
materials), the start tiles filled in the seats' colours with the seat numbers, stones
where the seats start, arrows for the turn order, the board's size in millimetres at
the kit's tile width, and a legend. Everything is on the ``print`` layer.
"""

from __future__ import annotations

from fabgen.board.model import Board
from fabgen.board.placement import BoardPlacement
from fabgen.board.supply import Supply, supply_needed
from fabgen.board.symmetry import seat_order_direction
from fabgen.draw.board_parts import (
    GREY,
    INK,
    PAPER,
    Frame,
    arrow,
    dimension,
    field_circles,
    fitted_height,
    ink_on,
    mm,
    number_spot,
    seat_centre,
    seat_colour,
    tile_outline_shapes,
    tint,
    wrap,
)
from fabgen.draw.model import Circle, Drawing, Operation, Polyline, Shape, Style, Text
from fabgen.rules.names import field_name

A4 = (210.0, 297.0)
MARGIN = 12.0
TITLE_H = 6.0
TEXT_H = 3.2
LINE = 5.2  # legend line spacing
DIM_ROOM = 12.0  # room for the dimension lines below and left of the board
SWATCH = 6.0
NOTE_ROOM = A4[0] - 2 * MARGIN
SEAT_ROOM = NOTE_ROOM - SWATCH


def setup_diagram(board: Board, width: float = 100.0, supply: Supply | None = None) -> Drawing:
    """The setup diagram on an A4 page (portrait or landscape, whichever shows the
    board larger) for tiles ``width`` mm across the flats; ``supply``: the pieces
    needed when not by the 20 % rule."""
    place = BoardPlacement(board, width)
    legend = _legend_lines(board, place, supply)
    legend_h = LINE * (len(legend) + 1)
    best = None
    for page in (A4, A4[::-1]):
        head = 3 * TITLE_H + LINE * max(1, len(_description(board, page)))
        area = (
            page[0] - 2 * MARGIN - DIM_ROOM,
            page[1] - 2 * MARGIN - DIM_ROOM - legend_h - head,
        )
        scale = min(area[0] / place.size[0], area[1] / place.size[1])
        if best is None or scale > best[1] + 1e-9:
            best = (page, scale, area)
    page, scale, area = best  # type: ignore[misc]
    drawing = Drawing(page[0], page[1], f"Atlantis board {board.name}: setup")
    drawing.metadata.update(_metadata(board, place))
    shapes: list[Shape] = [Polyline(((0, 0), (page[0], 0), page, (0, page[1])), True, style=PAPER)]
    x0, y0 = place.bbox[:2]
    board_w, board_h = place.size[0] * scale, place.size[1] * scale
    left = MARGIN + DIM_ROOM + (area[0] - board_w) / 2
    bottom = MARGIN + legend_h + DIM_ROOM + (area[1] - board_h) / 2
    frame = Frame(scale, left - x0 * scale, bottom - y0 * scale)
    shapes += _title(board, page)
    shapes += _board(place, frame)
    shapes += _turn_arrows(place, frame)
    shapes += dimension(
        (left, bottom - 6), (left + board_w, bottom - 6), mm(place.size[0]), TEXT_H, -1
    )
    shapes += dimension(
        (left - 6, bottom), (left - 6, bottom + board_h), mm(place.size[1]), TEXT_H, 1
    )
    shapes += _legend(board, legend, MARGIN, MARGIN + legend_h - LINE)
    drawing.extend(Operation.PRINT, shapes)
    return drawing


def _metadata(board: Board, place: BoardPlacement) -> dict[str, object]:
    return {
        "board": board.name,
        "players": len(board.seats),
        "tiles": len(board.tiles),
        "fields": len(board.field_tiles),
        "tile_width_mm": round(place.width, 6),
        "board_size_mm": [round(v, 3) for v in place.size],
    }


def _title(board: Board, page: tuple[float, float]) -> list[Shape]:
    top = page[1] - MARGIN - TITLE_H
    room = page[0] - 2 * MARGIN
    title = f"Atlantis board {board.name}"
    size = fitted_height(title, TITLE_H, room, bold=True)
    out: list[Shape] = [Text((MARGIN, top), title, size, "left", Style(bold=True))]
    y = top - 1.6 * TITLE_H
    for line in _description(board, page):
        out.append(Text((MARGIN, y), line, TEXT_H, "left"))
        y -= LINE
    return out


def _description(board: Board, page: tuple[float, float]) -> list[str]:
    """The board's description in at most two lines."""
    if not board.description:
        return []
    lines = wrap(board.description, TEXT_H, page[0] - 2 * MARGIN)
    if len(lines) > 2:
        lines = [lines[0], lines[1].rstrip(".,;: ") + " …"]
    return lines


def _board(place: BoardPlacement, frame: Frame) -> list[Shape]:
    board, scale = place.board, frame.scale
    pitch = place.pitch * scale
    out: list[Shape] = []
    for k in range(len(board.seats)):
        fill = Style(stroke=None, fill=tint(seat_colour(board, k), 0.72), width=0.0)
        for t in board.start_tiles(k):
            out.extend(
                Polyline(frame.loop(loop), True, style=fill) for loop in place.tile_outlines(t)
            )
    out += field_circles(
        place, frame, place.circle_radius * scale, Style(stroke="#a0a0a0", width=0.2)
    )
    out += tile_outline_shapes(place, frame, Style(stroke=INK, width=0.4))
    number_h = max(1.6, 0.2 * pitch)
    for t in range(len(board.tiles)):
        x, y = frame(number_spot(place, t))
        out.append(
            Text(
                (x, y - number_h / 2), str(t + 1), number_h, "center", Style(stroke=None, fill=GREY)
            )
        )
    for k in range(len(board.seats)):
        out += _stones(place, frame, k)
    return out


def _stones(place: BoardPlacement, frame: Frame, k: int) -> list[Shape]:
    board = place.board
    colour = seat_colour(board, k)
    pitch = place.pitch * frame.scale
    stone = Style(stroke=INK, fill=colour, width=0.25)
    out: list[Shape] = []
    count_h = 0.26 * pitch
    for f, n in board.seats[k].stacks:
        if f not in board.field_set:
            continue
        x, y = frame(place.xy(f))
        out.append(Circle((x, y), 0.27 * pitch, stone))
        if n != 1:
            ink = Style(stroke=None, fill=ink_on(colour), bold=True)
            out.append(Text((x, y - count_h / 2), str(n), count_h, "center", ink))
    centre = seat_centre(place, k)
    if centre is not None:
        x, y = frame(centre)
        badge_h = 0.34 * pitch
        out.append(Circle((x, y), 0.36 * pitch, Style(stroke=INK, fill="#ffffff", width=0.5)))
        out.append(
            Text(
                (x, y - badge_h / 2),
                str(k + 1),
                badge_h,
                "center",
                Style(stroke=None, fill=INK, bold=True),
            )
        )
    return out


def _turn_arrows(place: BoardPlacement, frame: Frame) -> list[Shape]:
    """Arrows from each seat to the next, a little off the line between them so that
    the two arrows between two seats do not cover each other."""
    board = place.board
    n = len(board.seats)
    centres = [seat_centre(place, k) for k in range(n)]
    if n < 2 or any(c is None for c in centres):
        return []
    pts = [frame(c) for c in centres]  # type: ignore[arg-type]
    gap = 0.75 * place.width * frame.scale
    side = 0.14 * place.width * frame.scale
    style = Style(stroke="#303030", width=0.6)
    out: list[Shape] = []
    for k in range(n):
        a, b = pts[k], pts[(k + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = (dx * dx + dy * dy) ** 0.5
        if length <= 2 * gap:
            continue
        ux, uy = dx / length, dy / length
        ox, oy = uy * side, -ux * side  # to the right of the direction of travel
        start = (a[0] + ux * gap + ox, a[1] + uy * gap + oy)
        end = (b[0] - ux * gap + ox, b[1] - uy * gap + oy)
        out += arrow(start, end, max(2.0, 0.05 * place.width * frame.scale), style)
    return out


def _legend_lines(
    board: Board, place: BoardPlacement, supply: Supply | None = None
) -> list[tuple[int | None, str]]:
    """(seat index or None, text) for each line of the legend, wrapped to the page."""
    lines: list[tuple[int | None, str]] = []
    n = len(board.seats)
    for k, seat in enumerate(board.seats):
        starts = board.start_tiles(k)
        on_tiles = {f for t in starts for f in board.tiles[t].fields}
        rest = [(f, v) for f, v in seat.stacks if f not in on_tiles]
        parts = []
        if starts:
            word = "tile" if len(starts) == 1 else "tiles"
            parts.append(f"start {word} {', '.join(str(t + 1) for t in starts)}")
        if rest:
            parts.append("stones " + ", ".join(f"{field_name(f)}: {v}" for f, v in rest))
        order = "moves first" if k == 0 else f"moves {_ordinal(k + 1)}"
        text = f"Seat {k + 1}, {seat.name or 'no name'}: {order}; {'; '.join(parts) or 'no stones'}"
        lines += [(k if i == 0 else -1, part) for i, part in enumerate(_wrap(text, SEAT_ROOM))]
    notes = []
    if any(board.start_tiles(k) for k in range(n)):
        notes.append(
            "Start tiles are filled in the seat's colour: put one stone on each of their "
            "seven fields."
        )
    if n >= 2:
        direction = board.turns or seat_order_direction(board)
        way = f", {direction.value}" if direction and n > 2 else ""
        order = ", ".join(str(k + 1) for k in range(n))
        notes.append(f"Turn order (arrows): seats {order}, then seat 1 again{way}.")
    supply = supply or supply_needed(board)
    notes.append(
        f"{len(board.tiles)} tiles {place.width:g} mm across the flats (circle pitch "
        f"{place.pitch:.1f} mm), {supply.fields} fields; grey numbers are tile numbers."
    )
    notes.append(
        f"Pieces: {supply.stones_per_player} stones per colour, {supply.growing_markers} "
        f"growing markers, {supply.dead_markers} dead markers."
    )
    for note in notes:
        lines += [(None, part) for part in _wrap(note, NOTE_ROOM)]
    return lines


def _wrap(text: str, room: float) -> list[str]:
    return wrap(text, TEXT_H, room)


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


def _legend(board: Board, lines, x: float, y: float) -> list[Shape]:
    out: list[Shape] = []
    for k, text in lines:
        tx = x
        if k is not None:  # a seat's line (-1: its continuation)
            tx = x + SWATCH
            if k >= 0:
                colour = seat_colour(board, k)
                style = Style(stroke=INK, fill=colour, width=0.25)
                out.append(Circle((x + 2.0, y + TEXT_H / 2), 2.0, style))
        out.append(Text((tx, y), text, TEXT_H, "left"))
        y -= LINE
    return out
