"""The setup diagram: one page that shows a group how to lay out a board (A4, Letter, or
the area they share when a kit prints on both: ``products.layout.setup_page``).

Tiles with their numbers (the same numbers as on the printed board and in the bill of
materials), the start tiles filled in the seats' colours with the seat numbers, stones
where the seats start, arrows for the turn order, the board's size in millimetres at
the kit's tile width, and a legend that says in a group's words where each seat's
stones go (docs/design-notes.md, *Pictures people look at*). Everything is on the
``print`` layer.
"""

from __future__ import annotations

import itertools
import math

from fabgen.board.model import Board, SeatKind, seat_words
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
    mm,
    print_seat_colour,
    seat_centre,
    tile_outline_shapes,
    tint,
    wrap,
)
from fabgen.draw.clip import Rect
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Shape, Style, Text
from fabgen.draw.ink import ink_on
from fabgen.draw.label_room import Room
from fabgen.draw.metrics import ASCENT, LEGIBLE_CAP_MM
from fabgen.geometry.lattice import NEIGHBOUR_STEPS, Field, Point, add
from fabgen.geometry.symbols import (
    SYMBOL_WORDS,
    DiscPart,
    RingPart,
    board_seat_symbols,
    symbol_parts,
)
from fabgen.text import and_list, counted

A4 = (210.0, 297.0)
MARGIN = 12.0
TITLE_H = 6.0
TEXT_H = 3.2
LINE = 5.2  # legend line spacing
DIM_ROOM = 12.0  # room for the dimension lines below and left of the board
SWATCH = 6.0
NOTE_ROOM = A4[0] - 2 * MARGIN
SEAT_ROOM = NOTE_ROOM - SWATCH
SHORT_LAST = 3  # characters: a last line this short takes the word before it along


def setup_diagram(
    board: Board,
    width: float = 100.0,
    supply: Supply | None = None,
    paper: tuple[float, float] = A4,
    symbols: bool = False,
) -> Drawing:
    """The setup diagram on a page of ``paper`` (width and height in mm, portrait or
    landscape, whichever shows the board larger) for tiles ``width`` mm across the
    flats; ``supply``: the pieces needed when not by the 20 % rule; ``symbols``: the
    stones carry their seats' symbols. The text is set for A4's width, which Letter's
    exceeds. Everything drawn stays :data:`MARGIN` inside the page."""
    place = BoardPlacement(board, width)
    marks = board_seat_symbols([s.is_machine for s in board.seats]) if symbols else ()
    legend = _legend_lines(board, place, supply, marks)
    legend_h = LINE * (len(legend) + 1)
    best = None
    for page in (paper, paper[::-1]):
        head = 3 * TITLE_H + LINE * max(1, len(_description(board, page)))
        area = (
            page[0] - 2 * MARGIN - DIM_ROOM,
            page[1] - 2 * MARGIN - DIM_ROOM - legend_h - head,
        )
        scale = min(area[0] / place.size[0], area[1] / place.size[1])
        if best is None or scale > best[1] + 1e-9:
            best = (page, scale, area)
    assert best is not None  # (both ways round were tried)
    page, scale, area = best
    drawing = Drawing(page[0], page[1], f"Atlantis board {board.name}: setup")
    drawing.metadata.update(_metadata(board, place))
    if marks:
        drawing.metadata["seat_symbols"] = list(marks)
    shapes: list[Shape] = [Polyline(((0, 0), (page[0], 0), page, (0, page[1])), True, style=PAPER)]
    x0, y0 = place.bbox[:2]
    board_w, board_h = place.size[0] * scale, place.size[1] * scale
    x_area, y_area = MARGIN + DIM_ROOM, MARGIN + legend_h + DIM_ROOM
    left = x_area + (area[0] - board_w) / 2
    bottom = y_area + (area[1] - board_h) / 2
    frame = Frame(scale, left - x0 * scale, bottom - y0 * scale)
    shapes += _title(board, page)
    board_area = Rect(x_area, y_area, x_area + area[0], y_area + area[1])
    shapes += _board(place, frame, board_area, marks)
    shapes += dimension(
        (left, bottom - 6), (left + board_w, bottom - 6), mm(place.size[0]), TEXT_H, -1
    )
    shapes += dimension(
        (left - 6, bottom), (left - 6, bottom + board_h), mm(place.size[1]), TEXT_H, 1
    )
    shapes += _legend(board, legend, MARGIN, MARGIN + legend_h - LINE, marks)
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
    room = page[0] - 2 * MARGIN
    title = f"Atlantis board {board.name}"
    size = fitted_height(title, TITLE_H, room, bold=True)
    top = page[1] - MARGIN - size * ASCENT  # (a 'b' or 'l' rises above the capitals)
    out: list[Shape] = [Text((MARGIN, top), title, size, "left", Style(bold=True))]
    y = top - 1.6 * TITLE_H
    for line in _description(board, page):
        out.append(Text((MARGIN, y), line, TEXT_H, "left"))
        y -= LINE
    return out


def _description(board: Board, page: tuple[float, float]) -> list[str]:
    """The board's description in at most two lines (a third filled says there is more)."""
    if not board.description:
        return []
    lines = wrap(board.description, TEXT_H, page[0] - 2 * MARGIN, measured=True, most=3)
    if len(lines) > 2:
        lines = [lines[0], lines[1].rstrip(".,;: ") + " …"]
    return lines


#: Sizes on the diagram, in circle pitches: a stone, a seat badge (it fits the hole
#: between three fields: that hole's middle is 0.577 pitch from each field, whose
#: circle has a radius of 0.3), a tile number, and the room kept between any two.
STONE_R = 0.27
BADGE_R = 0.26
NUMBER_H = 0.2
CLEARANCE = 0.02
BADGE_INK = Style(stroke=None, fill=INK, bold=True)
ARROW = Style(stroke="#303030", width=0.6)


def _board(
    place: BoardPlacement, frame: Frame, area: Rect, marks: tuple[str, ...] = ()
) -> list[Shape]:
    """Tiles, fields, tile numbers, stacks (with the seats' symbols ``marks``, if any),
    seat badges and turn arrows, placed so that no label, badge or arrow covers another
    or a stack, and arrows stay in ``area`` (the board's part of the page)."""
    board, scale = place.board, frame.scale
    out: list[Shape] = []
    for k in range(len(board.seats)):
        fill = Style(stroke=None, fill=tint(print_seat_colour(board, k), 0.72), width=0.0)
        for t in board.start_tiles(k):
            out.extend(
                Polyline(frame.loop(loop), True, style=fill) for loop in place.tile_outlines(t)
            )
    out += field_circles(
        place, frame, place.circle_radius * scale, Style(stroke="#a0a0a0", width=0.2)
    )
    out += tile_outline_shapes(place, frame, Style(stroke=INK, width=0.4))
    room = Room()
    stacks = [
        shape
        for k in range(len(board.seats))
        for shape in _stacks(place, frame, k, room, marks[k] if marks else "none")
    ]
    numbers = _tile_numbers(place, frame, room)
    badges, centres = _badges(place, frame, room)
    arrows = _turn_arrows(place, frame, centres, room, area)
    return out + numbers + stacks + arrows + badges


#: A seat symbol on a stone, per the stone's radius: alone in the middle, or above the
#: stack's number (as the designer's picture has them). The number below it is as high
#: as :data:`MARKED_NUMBER` of the radius at most: its box's corners stay in the circle;
#: a stone too small for that to be legible (under 2.3 mm) shows its number alone.
SYMBOL_ALONE = 0.6
SYMBOL_ABOVE = (0.5, 0.38)  # (centre above the stone's, radius)
MARKED_NUMBER = 0.78


def _stacks(
    place: BoardPlacement, frame: Frame, k: int, room: Room, mark: str = "none"
) -> list[Shape]:
    """A seat's stacks: a stone in its colour on each field, with the seat's symbol
    ``mark`` and the number of stones when it is not one."""
    board = place.board
    colour = print_seat_colour(board, k)
    pitch = place.pitch * frame.scale
    stone = Style(stroke=INK, fill=colour, width=0.25)
    ink = Style(stroke=None, fill=ink_on(colour), bold=True)
    radius = STONE_R * pitch
    out: list[Shape] = []
    for f, n in board.seats[k].stacks:
        if f not in board.field_set:
            continue
        x, y = frame(place.xy(f))
        out.append(Circle((x, y), radius, stone))
        room.circles.append(((x, y), radius))
        if n == 1:
            out += symbol_shapes(mark, (x, y), SYMBOL_ALONE * radius, ink_on(colour))
            continue
        words = str(n)
        # as high as fits the stone: a box whose corners stay inside the circle
        # (at least the legible size where the stone holds it: on a big board 0.26
        # of the pitch is less)
        h = min(max(0.26 * pitch, LEGIBLE_CAP_MM), 1.2 * radius / max(1.0, 0.9 * len(words)))
        below = min(h, MARKED_NUMBER * radius / max(1.0, 0.9 * len(words)))
        # (a stone too small for both keeps its number legible: the symbol is on the
        # seat's swatch in the legend, and the seat's badge is beside its stacks)
        if mark == "none" or below < min(h, LEGIBLE_CAP_MM) - 1e-9:
            out.append(Text((x, y - h / 2), words, h, "center", ink))
            continue
        rise, size = SYMBOL_ABOVE
        out += symbol_shapes(mark, (x, y + rise * radius), size * radius, ink_on(colour))
        out.append(Text((x, y - 0.04 * radius - below), words, below, "center", ink))
    return out


def symbol_shapes(name: str, centre, radius: float, ink: str) -> list[Shape]:
    """The seat symbol ``name`` round ``centre`` within ``radius``, filled with ``ink``
    (none for ``"none"``): a ring as a circle drawn as wide as the ring."""
    x, y = centre
    out: list[Shape] = []
    for part in symbol_parts(name, radius):
        if isinstance(part, RingPart):
            width = part.outer - part.inner
            out.append(Circle((x, y), part.outer - width / 2, Style(stroke=ink, width=width)))
        elif isinstance(part, DiscPart):
            out.append(Circle((x, y), part.radius, Style(stroke=None, fill=ink)))
        else:
            points = tuple((x + px, y + py) for px, py in part.points)
            out.append(Polyline(points, True, style=Style(stroke=None, fill=ink)))
    return out


def _gaps(field) -> list[tuple[tuple[float, float], tuple]]:
    """The six holes between ``field`` and two of its neighbours: (the hole's middle in
    field coordinates, the three fields around it)."""
    out = []
    for k in range(6):
        a, b = NEIGHBOUR_STEPS[k], NEIGHBOUR_STEPS[(k + 1) % 6]
        gap = add(a, b)
        spot = (field[0] + gap[0] / 3.0, field[1] + gap[1] / 3.0)
        out.append((spot, (field, add(field, a), add(field, b))))
    return out


def _tile_numbers(place: BoardPlacement, frame: Frame, room: Room) -> list[Shape]:
    """Each tile's number in the hole nearest straight up from its middle field, or
    the next free hole round it."""
    board = place.board
    h = max(LEGIBLE_CAP_MM, NUMBER_H * place.pitch * frame.scale)
    style = Style(stroke=None, fill=GREY)
    out: list[Shape] = []
    for t, tile in enumerate(board.tiles):
        if tile.centre is None:
            spots = [place.tile_centre(t)]
        else:
            spots = sorted((place.xy(g) for g, _ in _gaps(tile.centre)), key=lambda p: -p[1])
        best = None
        for spot in spots:
            x, y = frame(spot)
            text = Text((x, y - h / 2), str(t + 1), h, "center", style)
            hits = room.box_hits(text.box(), CLEARANCE * place.pitch * frame.scale)
            if best is None or hits < best[0]:
                best = (hits, text)
            if hits == 0:
                break
        assert best is not None  # (a tile has a spot: its centre, or a gap in it)
        room.boxes.append(best[1].box())
        out.append(best[1])
    return out


def _badges(place: BoardPlacement, frame: Frame, room: Room):
    """Each seat's badge (its number; a diamond for a machine, a hexagon for an
    extreme machine) in the free hole between fields nearest the middle of its stacks,
    lower holes first. Returns the shapes and each seat's badge centre (or None)."""
    board = place.board
    pitch = place.pitch * frame.scale
    out: list[Shape] = []
    centres: list[tuple[float, float] | None] = []
    for k, seat in enumerate(board.seats):
        radius = badge_radius(pitch)
        fields = [f for f, _ in seat.stacks if f in board.field_set]
        middle = seat_centre(place, k)
        if not fields or middle is None:
            centres.append(None)
            continue
        mx, my = frame(middle)
        spots = {g: around for f in fields for g, around in _gaps(f)}

        def order(g, mx=mx, my=my, spots=spots):
            on_board = all(f in board.field_set for f in spots[g])
            x, y = frame(place.xy(g))
            return (not on_board, round(math.hypot(x - mx, y - my), 6), round(y, 6), x)

        best = None
        for g in sorted(spots, key=order):
            centre = frame(place.xy(g))
            hits = room.circle_hits(centre, radius, CLEARANCE * pitch)
            if best is None or hits < best[0]:
                best = (hits, centre)
            if hits == 0:
                break
        assert best is not None  # (the fields have gaps around them)
        centre = best[1]
        room.circles.append((centre, radius))
        centres.append(centre)
        out += badge_shapes(centre, radius, str(k + 1), seat.kind)
    return out, centres


#: The seat number's cap height in a badge, per radius, on a board drawn large enough.
BADGE_TEXT = {SeatKind.PLAYER: 0.85, SeatKind.MACHINE: 0.55, SeatKind.EXTREME_MACHINE: 0.7}
#: On a big board drawn small the number grows to the legible size, up to the badge's
#: radius (a bold digit that high then touches a diamond's sides; 0.55 of it printed
#: 4.5 pt on the 28-tile triangle), and the badge beyond that (it then fills the hole
#: between three fields on the 37-tile hexagon).
BADGE_TEXT_MOST = 1.0


def badge_radius(pitch: float) -> float:
    """A badge's radius on a board drawn at field ``pitch`` (mm): a share of the pitch,
    but large enough for its number to print at the legible size."""
    return max(BADGE_R * pitch, LEGIBLE_CAP_MM / BADGE_TEXT_MOST)


def badge_shapes(centre, radius: float, label: str, kind: SeatKind) -> list[Shape]:
    """A seat badge: a white circle (a person), diamond (a machine) or hexagon (an
    extreme machine) with the seat number."""
    x, y = centre
    style = Style(stroke=INK, fill="#ffffff", width=0.5)
    h = min(BADGE_TEXT_MOST * radius, max(BADGE_TEXT[kind] * radius, LEGIBLE_CAP_MM))
    if kind == SeatKind.PLAYER:
        shape: Shape = Circle((x, y), radius, style)
    else:
        corners = 4 if kind == SeatKind.MACHINE else 6
        pts = tuple(
            (
                x + radius * math.cos(math.tau * i / corners + math.pi / 2),
                y + radius * math.sin(math.tau * i / corners + math.pi / 2),
            )
            for i in range(corners)
        )
        shape = Polyline(pts, True, style=style)
    return [shape, Text((x, y - h / 2), label, h, "center", BADGE_INK)]


def _turn_arrows(
    place: BoardPlacement, frame: Frame, centres, room: Room, area: Rect
) -> list[Shape]:
    """Arrows from each seat's badge to the next one's, off to the right of the line
    between them (so the two arrows between two seats do not meet), shortened and
    moved aside as far as needed to keep clear of numbers, stacks, badges and the
    other arrows. An arrow that cannot keep clear is left out: the legend gives the
    turn order in words too."""
    board = place.board
    n = len(board.seats)
    if n < 2 or any(c is None for c in centres):
        return []
    w = place.width * frame.scale
    head = max(2.0, 0.05 * w)
    clearance = CLEARANCE * place.pitch * frame.scale
    out: list[Shape] = []
    for k in range(n):
        a, b = centres[k], centres[(k + 1) % n]
        for shapes in _arrow_candidates(a, b, w, head):
            segments = _segments(shapes)
            if _readable(segments, head, area) and not any(
                room.segment_hits(p, q, clearance) for p, q in segments
            ):
                out += shapes
                room.segments += segments
                break
    return out


#: The shortest arrow drawn, in arrow heads: a shorter one reads as a stray mark.
MIN_ARROW = 3.0


def _readable(segments, head: float, area: Rect) -> bool:
    """Is the arrow long enough to read as one, and inside ``area``?"""
    shaft = segments[:-3]  # the head's three sides come last
    length = sum(math.dist(p, q) for p, q in shaft) + head
    inside = all(area.contains((*p, *p)) for seg in segments for p in seg)
    return length >= MIN_ARROW * head and inside


def _arrow_candidates(a, b, w: float, head: float):
    """Straight arrows from badge ``a`` to badge ``b`` (see :data:`ARROW_TRIES`), then
    arrows bent once, round whatever lies between."""
    for gap, side in ARROW_TRIES:
        line = _arrow_line(a, b, gap * w, side * w)
        if line is not None:
            yield arrow(*line, head, ARROW)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return
    ux, uy = dx / length, dy / length
    for bend in BENDS:
        mid = ((a[0] + b[0]) / 2 + uy * bend * w, (a[1] + b[1]) / 2 - ux * bend * w)
        for gap in (0.6, 0.45, 0.3):
            start = _towards(a, mid, gap * w)
            end = _towards(b, mid, gap * w)
            if start is None or end is None:
                continue
            tip = arrow(mid, end, head, ARROW)
            if tip:
                yield [Polyline((start, mid, tip[0].points[1]), style=ARROW), tip[1]]


#: How far a bent arrow's corner lies to the right (+) or left (−) of the straight
#: line between two badges, in tile widths.
BENDS = (0.5, 0.8, -0.5, 1.1, -0.8, 1.5, -1.1)


def _towards(p, q, distance: float):
    """The point ``distance`` from ``p`` on the way to ``q`` (None if q is nearer)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length <= distance * 1.5:
        return None
    return (p[0] + dx / length * distance, p[1] + dy / length * distance)


#: (distance kept from each badge, distance to the right of the line), in tile widths:
#: the first that touches nothing is drawn.
ARROW_TRIES = tuple(
    (gap, side)
    for gap in (0.75, 0.6, 0.9, 1.05, 0.45, 0.3, 0.2)
    for side in (0.14, 0.22, 0.3, 0.06, 0.4, 0.5)
)


def _arrow_line(a, b, gap: float, side: float) -> tuple[Point, Point] | None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= 2 * gap + 0.2 * gap:
        return None
    ux, uy = dx / length, dy / length
    ox, oy = uy * side, -ux * side  # to the right of the direction of travel
    return (a[0] + ux * gap + ox, a[1] + uy * gap + oy), (
        b[0] - ux * gap + ox,
        b[1] - uy * gap + oy,
    )


def _segments(shapes) -> list:
    out = []
    for s in shapes:
        pts = list(s.points) + ([s.points[0]] if s.closed else [])
        out += list(itertools.pairwise(pts))
    return out


#: How the legend names a machine seat ("Seat 4: a machine"), and a named one
#: ("Seat 2: Machine A, a machine"): the badge notes say what each kind does.
BADGE_NOTES = {
    SeatKind.PLAYER: "Seat number of a person (a white circle).",
    SeatKind.MACHINE: "Seat played by a machine (a diamond): it never moves; its stacks "
    "explode and grow as usual, and it scores like a player.",
    SeatKind.EXTREME_MACHINE: "Seat played by an extreme machine (a hexagon): it moves by "
    "fixed rules, the turn that explodes the most fields.",
}
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def corner_tiles(board: Board) -> frozenset[int]:
    """The tiles that stick out of the board: those next to three other tiles or
    fewer (a triangle's three corners, a hexagon's six, a diamond's four)."""
    touching: dict[int, set[int]] = {t: set() for t in range(len(board.tiles))}
    for f, tiles in board.field_tiles.items():
        for n in (f, *board.board_neighbours(f)):
            for t in tiles:
                touching[t].update(u for u in board.field_tiles[n] if u != t)
    return frozenset(t for t, near in touching.items() if len(near) <= 3)


def _place(board: Board, f: Field, corners: frozenset[int]) -> str:
    """Where on its tile a stack stands, in the words a group finds it by: "corner"
    (a field on the edge of a corner tile), "middle" (a tile's middle field), or ""."""
    tiles = board.field_tiles[f]
    if any(board.tiles[t].centre == f for t in tiles):
        return "middle"
    if board.is_edge(f) and any(t in corners for t in tiles):
        return "corner"
    return ""


def _stack_words(board: Board, stacks: list[tuple[Field, int]]) -> list[str]:
    """A seat's stacks (off its start tiles) as a group finds them on the diagram: by
    height, where on the board and the tiles' numbers; stacks of one height in like
    places together ("stacks of 3 in the three corners (tiles 1, 22 and 28)")."""
    corners = corner_tiles(board)
    whole, stacks = _whole_tiles(board, stacks)
    groups: dict[tuple[int, str], list[str]] = {}
    for f, stones in stacks:
        on_tiles = " or ".join(str(t + 1) for t in board.field_tiles[f])
        groups.setdefault((stones, _place(board, f, corners)), []).append(on_tiles)
    out = []
    for (stones, place), tiles in groups.items():
        tiles = sorted(tiles, key=lambda t: int(t.split(" ")[0]))
        many = len(tiles) > 1
        what = _stacks_of(stones, many)
        numbers = f"tile{'s' if many else ''} {and_list(tiles)}"
        distinct = sorted(set(tiles), key=lambda t: int(t.split(" ")[0]))
        if place == "corner" and len(distinct) < len(tiles):  # several on one tile
            many_tiles = len(distinct) > 1
            out.append(
                f"{what} on the board's edge of corner tile{'s' if many_tiles else ''} "
                f"{and_list(distinct)}"
            )
        elif place == "corner":
            count = _COUNTS.get(len(tiles), str(len(tiles)))
            where = (
                f"the {count} corners"
                if many and len(tiles) == len(corners)
                else (f"{count} corners" if many else "a corner")
            )
            out.append(f"{what} in {where} ({numbers})")
        elif place == "middle":
            out.append(f"{what} in the middle of {numbers}")
        else:
            out.append(f"{what} on {numbers}")
    return whole + out


def _whole_tiles(
    board: Board, stacks: list[tuple[Field, int]]
) -> tuple[list[str], list[tuple[Field, int]]]:
    """Tiles whose every field has a stack of one height (a board file's upper-case
    tile centre, stacks = { C5 = 3 }) in words ("stacks of 3 on every field of tile
    4"), and the stacks left: they are one thing to set, not seven stacks in corners."""
    left = dict(stacks)
    tiles: dict[int, list[str]] = {}
    for t, tile in enumerate(board.tiles):
        heights = {left.get(f) for f in tile.fields}
        if len(heights) == 1 and None not in heights:
            tiles.setdefault(left[tile.fields[0]], []).append(str(t + 1))
            for f in tile.fields:
                del left[f]
    words = [
        f"{_stacks_of(stones, True)} on every field of "
        f"tile{'s' if len(ts) > 1 else ''} {and_list(ts)}"
        for stones, ts in tiles.items()
    ]
    return words, list(left.items())


def _stacks_of(stones: int, many: bool) -> str:
    """ "a stack of 3", "stacks of 3", "a stone", "stones"; a position taken from the
    middle of a game has growing stacks (−n) and dead fields (0) too."""
    if stones == 0:
        return "dead fields" if many else "a dead field"
    n = abs(stones)
    growing = "growing " if stones < 0 else ""
    if n == 1:
        return f"{growing}stones" if many else f"a {growing}stone"
    return f"{growing}stacks of {n}" if many else f"a {growing}stack of {n}"


def _legend_lines(
    board: Board,
    place: BoardPlacement,
    supply: Supply | None = None,
    marks: tuple[str, ...] = (),
) -> list[tuple[object, str]]:
    """(marker, text) for each line of the legend, wrapped to the page. The marker is a
    seat index (its colour swatch; -1 for the continuation of a seat's line), a
    :class:`SeatKind` (its badge; ``""`` continues that line), or None. With seat
    symbols ``marks`` each seat's line says its stones' symbol, in README.txt's words."""
    lines: list[tuple[object, str]] = []
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
            parts.append(", ".join(_stack_words(board, rest)))
        verb = "plays" if seat.is_machine else "moves"
        order = _order_words(verb, (k - board.to_move) % n, board.to_move != 0)
        who = seat_words(seat.name, seat.kind)
        head = f"Seat {k + 1}: {who}, {order}" if who else f"Seat {k + 1}: {order}"
        if marks:
            marked = f"stones marked with {SYMBOL_WORDS[marks[k]]}"
            parts = [*(parts or ["no stones at the start"]), marked]
        text = f"{head}; {'; '.join(parts) or 'no stones'}"
        lines += [(k if i == 0 else -1, part) for i, part in enumerate(_wrap(text, SEAT_ROOM))]
    notes = []
    if any(board.start_tiles(k) for k in range(n)):
        notes.append(
            "Start tiles are filled in the seat's colour: put one stone on each of their "
            "seven fields."
        )
    kinds = {seat.kind for seat in board.seats}
    if kinds != {SeatKind.PLAYER}:
        for kind in SeatKind:
            if kind in kinds:
                wrapped = _wrap(BADGE_NOTES[kind], SEAT_ROOM)
                lines += [(kind if i == 0 else "", part) for i, part in enumerate(wrapped)]
    if n >= 2:
        notes.append(_turns_note(board))
    supply = supply or supply_needed(board)
    notes.append(
        f"{counted(len(board.tiles), 'tile')} {place.width:g} mm across the flats (circle pitch "
        f"{place.pitch:.1f} mm), {supply.fields} fields; grey numbers are tile numbers."
    )
    notes.append(
        f"Pieces: {supply.stones_per_player} stones per colour, {supply.growing_markers} "
        f"growing markers, {supply.dead_markers} dead markers (lift off a tile whose fields "
        "are all dead and use its markers again)."
    )
    for note in notes:
        lines += [(None, part) for part in _wrap(note, NOTE_ROOM)]
    return lines


def _order_words(verb: str, place: int, in_progress: bool) -> str:
    """ "moves first", "moves third"; in a game in progress "moves next" for the seat to
    move and the others counted from it."""
    if place == 0:
        return f"{verb} next" if in_progress else f"{verb} first"
    return f"{verb} {_ordinal(place + 1)}"


def _turns_note(board: Board) -> str:
    """Which way the turns go: the board's ``turns``, else as its seats lie; from the
    seat to move (seat 1 at a start)."""
    n = len(board.seats)
    first = board.to_move if n else 0
    order = ", ".join(str((first + k) % n + 1) for k in range(n))
    direction = board.turns or (seat_order_direction(board) if n > 2 else None)
    again = f"then seat {first + 1} again."
    if direction is None:
        return f"Turns go in seat order (arrows): seat {order}, {again}"
    return f"Turns go {direction.value} round the board (arrows): seat {order}, {again}"


def _wrap(text: str, room: float) -> list[str]:
    """``text`` wrapped to ``room``; a short last word (a tile's number) goes down with
    the word before it, so that no line of the legend is "3" alone."""
    lines = wrap(text, TEXT_H, room, measured=True)
    if len(lines) > 1 and len(lines[-1]) <= SHORT_LAST and " " in lines[-2]:
        head, word = lines[-2].rsplit(" ", 1)
        lines[-2:] = [head, f"{word} {lines[-1]}"]
    return lines


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


def _legend(board: Board, lines, x: float, y: float, marks: tuple[str, ...] = ()) -> list[Shape]:
    out: list[Shape] = []
    for k, text in lines:
        tx = x
        if isinstance(k, SeatKind):  # a badge's note
            tx = x + SWATCH
            out += badge_shapes((x + 2.2, y + TEXT_H / 2), 2.2, "", k)[:1]
        elif k == "":
            tx = x + SWATCH
        elif k is not None:  # a seat's line (-1: its continuation)
            tx = x + SWATCH
            if k >= 0:
                colour = print_seat_colour(board, k)
                style = Style(stroke=INK, fill=colour, width=0.25)
                out.append(Circle((x + 2.0, y + TEXT_H / 2), 2.0, style))
                if marks:
                    centre = (x + 2.0, y + TEXT_H / 2)
                    out += symbol_shapes(marks[k], centre, SYMBOL_ALONE * 2.0, ink_on(colour))
        out.append(Text((tx, y), text, TEXT_H, "left"))
        y -= LINE
    return out
