"""A game position as a paper drawing: hexagonal field cells, stones, tile borders.

Everything goes on the ``print`` layer. Live, growing and dead fields differ by fill
and also by a mark, so a greyscale print still tells them apart: a growing field has
a dashed ring, a dead field a cross. Stones are discs in the player's colour with the
count on them, each seat's colour in a grey of its own
(:func:`fabgen.board.colours.print_colour`). Thick lines follow the borders of the tiles.

For figures that explain the rules, a drawing can also show moves as arrows, short
labels on fields (``a``, ``b``, …) and dashed outlines around groups of fields (the
regions of a position). A turn's pictures also mark the fields that have just exploded
with a burst (a jagged ring in orange, not an outline, so it is not mistaken for the red
"explodes next" outline or a region's dashes: docs/design-notes.md, *Pictures people
look at*). Shapes are painted in passes, bottom to top: cells and their marks, arrows,
stones, tile borders, bursts, highlights, outlines, field names, labels (names and
labels each on a patch of its cell's colour, so that a line under it does not cross
its letters). A turn's pictures turn the board as the setup diagram does (``turn_deg``;
the pages do too: docs/design-notes.md, *The browser front end*), so that it looks as it
lies on the table; text, stones and marks stay upright.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from fabgen.board.colours import PALETTE as PALETTE  # (the places' colours, for callers)
from fabgen.board.colours import print_colour, seat_rgb
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Style, Text
from fabgen.draw.ink import ink_on
from fabgen.draw.metrics import ASCENT, DESCENT, LEGIBLE_CAP_MM, fill_measured, text_advance
from fabgen.geometry.lattice import Field, Point, field_xy, rotate_xy, step_between
from fabgen.rules.state import Position, Status

FILL = {Status.LIVE: "#fff2b3", Status.GROWING: "#9fd89a", Status.DEAD: "#7f9bbf"}
CELL_LINE = Style(stroke="#8c8c8c", width=0.2)
TILE_LINE = Style(stroke="#000000", width=0.8)
HIGHLIGHT = Style(stroke="#d40000", width=0.7)
#: The red outline's size, in cells (it runs just inside the cell's edge).
HIGHLIGHTED = 0.86
GROWTH_RING = Style(stroke="#1d5e1a", width=0.35, dash=(1.0, 0.7))
DEAD_CROSS = Style(stroke="#1f2f4a", width=0.5)
PAGE = Style(stroke=None, fill="#ffffff", width=0.0)
ARROW = Style(stroke="#202020", fill="#202020", width=0.6)
OUTLINE = Style(stroke="#8e24aa", width=0.7, dash=(1.4, 0.9))
BURST = Style(stroke="#c74a00", width=0.6)
#: A burst's points and the radii of its tips and notches, in pitches: round the growing
#: ring (0.4) and inside the cell (its edge is 0.5 from the centre).
BURST_POINTS = 8
BURST_RADII = (0.49, 0.33)
LABEL = Style(stroke=None, fill="#202020", bold=True)
MARGIN = 5.0
#: A stone's radius, and the cap height of the count on it, in pitches.
STONE = 0.28
COUNT_HEIGHT = 0.24


def player_colour(color: str | None, index: int) -> str:
    """The ``#rrggbb`` a player is drawn in: their own colour if fabgen can draw it,
    else their place's (:func:`fabgen.board.colours.seat_rgb`, which the bill of
    materials and the validator name too)."""
    return seat_rgb(color, index)


def stone_colour(color: str | None, index: int) -> str:
    """The ``#rrggbb`` a player's stones are printed in: :func:`player_colour` in a
    grey that no other place colour prints in (red dark, blue light, green between)."""
    return print_colour(color, index)


def position_drawing(
    position: Position,
    *,
    pitch_mm: float = 10.0,
    title: str = "",
    highlight: Iterable[Field] = (),
    exploded: Iterable[Field] = (),
    field_names: bool = False,
    legend: bool = True,
    arrows: Sequence[tuple[Field, Field]] = (),
    labels: Mapping[Field, str] | None = None,
    outlines: Sequence[Iterable[Field]] = (),
    margin_mm: float = MARGIN,
    key: bool = False,
    notes: Sequence[str] = (),
    background: str | None = PAGE.fill,
    turn_deg: float = 0.0,
) -> Drawing:
    """The position drawn with field centres ``pitch_mm`` apart, page fitted; with
    ``field_names``, further apart where a name would not fit its cell at the legible
    size (:func:`names_pitch`: 15.5 mm for ``-h-3``, 18.5 for ``-aa12``).

    ``highlight``: fields outlined in red (they explode next). ``exploded``: fields
    marked with a burst (they exploded in the step pictured).
    ``arrows``: moves to show, as (from, to) field pairs, drawn under the stones.
    ``labels``: a short text per field (a letter), at the top of its cell, or in the
    middle of an empty live cell. ``outlines``: groups of fields (regions, say), each
    drawn as a dashed line just inside the group's border. Fields not on the board
    are ignored everywhere. ``margin_mm``: white space around the content.
    ``key`` adds to the legend what the marks mean, in the words of the rule sheet's
    key: the field states always, and a move's arrow, the red outline of a field that
    explodes next and the burst of one that exploded only when the picture has one
    (a machine's turn, which has no move, shows no arrow in its key); ``notes``: lines
    of text after it. ``background``: the colour of the page behind
    the drawing (white; on a tinted panel, the panel's colour), or None for none.
    ``turn_deg``: the board turned that many degrees counter-clockwise, as the setup
    diagram turns it (a turn's pictures); its text, stones and marks stay upright.
    """
    turn = turn_deg
    text_pitch = pitch_mm  # the title, legend, key and notes keep the pitch asked for
    if field_names:  # (larger where the names need it to fit their cells legibly)
        pitch_mm = names_pitch((state.name for state in position.fields()), pitch_mm, turn)
    metadata: dict[str, object] = {"turns_played": position.turns_played}
    drawing = Drawing(0.0, 0.0, title or "Atlantis position", metadata)
    shapes = drawing.layers.setdefault(Operation.PRINT, [])
    marked = _OnBoard.of(position, arrows, exploded, highlight)
    drawn_arrows = _arrows(marked.arrows, pitch_mm, turn)
    borders = _tile_borders(position, pitch_mm, turn)
    shapes.extend(_cells(position, pitch_mm, turn))
    shapes.extend(drawn_arrows)
    shapes.extend(_stones(position, pitch_mm, turn))
    shapes.extend(borders)
    shapes.extend(_marks(position, marked, outlines, pitch_mm, turn))
    # Names after the lines too: the red outline runs through a name at the bottom of
    # its cell (and a growing cell's ring behind it).
    if field_names:
        shapes.extend(_names(position, pitch_mm, turn))
    # Labels last, over every line: a cell's red outline runs just where a label at
    # the top or bottom of the cell sits, and would cut through its letters.
    if labels:
        room = _LabelRoom(position, pitch_mm, borders, drawn_arrows, turn)
        shapes.extend(_labels(room, position, labels, _crossed_fields(arrows, pitch_mm, turn)))
    box = drawing.bbox()
    assert box is not None  # a board has at least one field
    entries = marked.key() if key else None
    shapes.extend(_under_board(position, text_pitch, box[0], box[1], legend, entries, notes))
    if title:
        shapes.extend(_title(title, text_pitch, box[0], box[3], drawing.ink_bbox()))
    return _on_page(drawing, margin_mm, background)


@dataclass(frozen=True)
class _OnBoard:
    """The arrows, bursts and red outlines asked for whose fields are on the board (the
    others are ignored); the key shows a mark only when the picture has one."""

    arrows: list[tuple[Field, Field]]
    burst: list[Field]
    highlighted: list[Field]

    @classmethod
    def of(cls, position: Position, arrows, exploded, highlight) -> _OnBoard:
        board = position.board
        return cls(
            [(a, b) for a, b in arrows if a in board and b in board],
            sorted(set(exploded) & set(board.fields)),
            sorted(set(highlight) & set(board.fields)),
        )

    def key(self) -> list[tuple[str, str]]:
        """The entries of :data:`KEY` this picture needs: the field states always."""
        marks = {
            "arrow": bool(self.arrows),
            "outline": bool(self.highlighted),
            "burst": bool(self.burst),
        }
        return [(kind, words) for kind, words in KEY if marks.get(kind, True)]


def _cells(position: Position, pitch: float, turn: float) -> list:
    return [shape for state in position.fields() for shape in _cell_shapes(state, pitch, turn)]


def _arrows(shown: Sequence[tuple[Field, Field]], pitch: float, turn: float) -> list:
    """The moves' arrows, those between the same fields side by side."""
    drawn: list = []
    for (start, end), shift in zip(shown, _arrow_shifts(shown), strict=True):
        drawn.extend(_arrow(start, end, pitch, shift, turn))
    return drawn


def _stones(position: Position, pitch: float, turn: float) -> list:
    out: list = []
    for state in position.fields():
        if state.stones and state.owner is not None:
            x, y = _xy(state.field, pitch, turn)
            out.extend(_stack(position, state.owner, state.stones, x, y, pitch))
    return out


def _marks(position: Position, marked: _OnBoard, outlines, pitch: float, turn: float) -> list:
    """The bursts of the fields that exploded, the red outlines of those that explode
    next, then the dashed outlines of the groups of fields."""
    out: list = []
    for field in marked.burst:
        out.append(Polyline(_burst(_xy(field, pitch, turn), pitch), True, style=BURST))
    for field in marked.highlighted:
        outline = _hexagon(field, pitch, HIGHLIGHTED, turn)
        out.append(Polyline(outline, True, style=HIGHLIGHT))
    board = position.board
    for group in outlines:
        out.extend(_outline([f for f in group if f in board], pitch, turn))
    return out


def _names(position: Position, pitch: float, turn: float) -> list:
    """Every field's name, all at the height of the one that fits its cell least."""
    states = list(position.fields())
    h = min(name_height(state.name, pitch, turn) for state in states)
    return [shape for state in states for shape in _name(state, pitch, h, turn)]


def _labels(room: _LabelRoom, position: Position, labels: Mapping[Field, str], crossed) -> list:
    """The labels of the fields on the board, placed in ``room``: the label with the
    fewest free spots left chooses first."""
    board = position.board
    shown = [(f, text, crossed.get(f)) for f, text in sorted(labels.items()) if f in board]
    room.size_for(shown)
    out: list = []
    while shown:
        label = min(shown, key=lambda label: room.free_spots(*label))
        shown.remove(label)
        out.extend(room.label(*label))
    return out


def _under_board(
    position: Position,
    pitch: float,
    x: float,
    top: float,
    legend: bool,
    key: Sequence[tuple[str, str]] | None,
    notes: Sequence[str],
) -> list:
    """Below the board, from ``top`` down: the legend of the seats, the key's
    ``entries`` (None: no key) and the notes, a line each."""
    out: list = []
    if not (legend or key is not None or notes):
        return out
    y = top - pitch * 0.9
    if legend:
        out.extend(_legend(position, pitch, x, y))
        y -= 0.6 * pitch * len(position.players)
    if key is not None:
        out.extend(_key(key, pitch, x, y))
        y -= 0.6 * pitch * len(key)
    for line in notes:
        h = 0.3 * pitch
        # leading spaces indent (an SVG viewer collapses them)
        words = line.lstrip(" ")
        indent = text_advance(line[: len(line) - len(words)], h)
        out.append(Text((x + indent, y - h / 2), words, h, "left"))
        y -= 0.6 * pitch
    return out


def _on_page(drawing: Drawing, margin_mm: float, background: str | None) -> Drawing:
    """The drawing fitted to its page, ``margin_mm`` around it; with a ``background``,
    a page of that colour behind everything."""
    if background is None:
        return drawing.fit_page(margin_mm)
    # A page behind everything (white unless told), so viewers that show transparency
    # dark still show black lines and text.
    box = drawing.ink_bbox()
    assert box is not None  # (the board is drawn: it has a box)
    x0, y0, x1, y1 = box
    x0, y0, x1, y1 = x0 - margin_mm, y0 - margin_mm, x1 + margin_mm, y1 + margin_mm
    style = Style(stroke=None, fill=background, width=0.0)
    page = Polyline(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), True, style=style)
    drawing.layers[Operation.PRINT].insert(0, page)
    return drawing.fit_page(0.0)


#: A title wraps at the width of the drawing, but never narrower than this many pitches.
TITLE_ROOM = 12.0


def _title(title: str, pitch: float, x: float, top: float, ink) -> list[Text]:
    """The title above the board, wrapped to the drawing's width (a wave of 30
    explosions names 30 fields: on one line it made the page twice the board's width)."""
    h = 0.35 * pitch
    room = max(ink[2] - x, TITLE_ROOM * pitch)
    lines = fill_measured(title, h, room)
    y = top + 0.4 * pitch + 0.5 * pitch * (len(lines) - 1)
    out = []
    for line in lines:
        out.append(Text((x, y), line, h, "left"))
        y -= 0.5 * pitch
    return out


def _xy(field: Field, pitch: float, turn: float = 0.0) -> Point:
    """A field's centre on paper: the lattice's millimetres turned ``turn`` degrees."""
    # (unturned exactly as before: no rounding of the drawings that are not turned)
    return rotate_xy(field_xy(field, pitch), turn) if turn else field_xy(field, pitch)


def _hexagon(field: Field, pitch: float, scale: float = 1.0, turn: float = 0.0) -> tuple:
    """A field's cell, its corners counter-clockwise from the one at 30° (+ ``turn``)."""
    x, y = _xy(field, pitch, turn)
    r = scale * pitch / math.sqrt(3.0)
    angles = [math.radians(30 + 60 * k + turn) for k in range(6)]
    return tuple((x + r * math.cos(a), y + r * math.sin(a)) for a in angles)


def _burst(centre: tuple[float, float], pitch: float) -> tuple:
    """A jagged ring round ``centre``: :data:`BURST_POINTS` tips, one straight up."""
    x, y = centre
    points = []
    for k in range(2 * BURST_POINTS):
        r = BURST_RADII[k % 2] * pitch
        a = math.pi / 2 + math.pi * k / BURST_POINTS
        points.append((round(x + r * math.cos(a), 6), round(y + r * math.sin(a), 6)))
    return tuple(points)


def _cell_shapes(state, pitch: float, turn: float = 0.0) -> list:
    x, y = _xy(state.field, pitch, turn)
    cell = Style(stroke=CELL_LINE.stroke, fill=FILL[state.status], width=CELL_LINE.width)
    out: list = [Polyline(_hexagon(state.field, pitch, 1.0, turn), True, style=cell)]
    if state.status is Status.GROWING:
        out.append(Circle((x, y), 0.4 * pitch, GROWTH_RING))
    elif state.status is Status.DEAD:
        d = 0.22 * pitch
        out.append(Polyline(((x - d, y - d), (x + d, y + d)), style=DEAD_CROSS))
        out.append(Polyline(((x - d, y + d), (x + d, y - d)), style=DEAD_CROSS))
    return out


#: Between arrows side by side on one line (two moves over the same fields), in pitches.
ARROW_GAP = 0.44


def _arrow_shifts(arrows: Sequence[tuple[Field, Field]]) -> list[float]:
    """How far each arrow is drawn beside its line (in pitches, to the left of the
    line's direction from its smaller field): arrows that overlap on one line are
    spread apart, so that two moves over the same fields (one each way, say) do not
    draw their heads on each other; every other arrow stays on its line."""
    lines: dict[tuple, list[tuple[int, int, int]]] = {}
    for k, (start, end) in enumerate(arrows):
        a, b = sorted((start, end))
        found = step_between(a, b)
        if found is None:
            continue
        (dq, dr), n = found
        t = a[0] if dq else a[1]  # where on its line the arrow starts
        # A line is its direction and the cross product of any of its fields with it.
        lines.setdefault(((dq, dr), a[0] * dr - a[1] * dq), []).append((k, t, t + n))
    shifts = [0.0] * len(arrows)
    for spans in lines.values():
        crowded = [
            k
            for k, lo, hi in spans
            if any(max(lo, lo2) < min(hi, hi2) for k2, lo2, hi2 in spans if k2 != k)
        ]
        for i, k in enumerate(crowded):
            shifts[k] = (i - (len(crowded) - 1) / 2) * ARROW_GAP
    return shifts


def _arrow(start: Field, end: Field, pitch: float, shift: float = 0.0, turn: float = 0.0) -> list:
    """A straight arrow from cell centre to cell centre, its head short of the end;
    ``shift`` pitches to the left of the line from the smaller field to the larger."""
    (x0, y0), (x1, y1) = _xy(start, pitch, turn), _xy(end, pitch, turn)
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return []
    if shift:
        a, b = sorted((start, end))
        (ax, ay), (bx, by) = _xy(a, pitch, turn), _xy(b, pitch, turn)
        nx, ny = -(by - ay) / length, (bx - ax) / length
        x0, y0 = x0 + shift * pitch * nx, y0 + shift * pitch * ny
        x1, y1 = x1 + shift * pitch * nx, y1 + shift * pitch * ny
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    # The tip stops just short of the stone on the end field, where this line meets
    # its edge: an arrow beside another one reaches further in than a lone one, so
    # the heads of two arrows side by side, one each way, do not stand head to head.
    short = 0.3 - (STONE - math.sqrt(max(0.0, STONE**2 - shift**2)))
    tip = (x1 - short * pitch * ux, y1 - short * pitch * uy)
    head, half = 0.28 * pitch, 0.13 * pitch
    base = (tip[0] - head * ux, tip[1] - head * uy)
    left = (base[0] - half * uy, base[1] + half * ux)
    right = (base[0] + half * uy, base[1] - half * ux)
    shaft = Polyline(((x0, y0), base), style=ARROW)
    return [shaft, Polyline((tip, left, right), True, style=ARROW)]


def _crossed_fields(
    arrows: Sequence[tuple[Field, Field]], pitch: float, turn: float = 0.0
) -> dict[Field, tuple[float, float]]:
    """The fields an arrow passes over (not its ends), with the arrow's direction."""
    out = {}
    for start, end in arrows:
        found = step_between(start, end)
        if found is not None:
            (dq, dr), n = found
            (x0, y0), (x1, y1) = _xy(start, pitch, turn), _xy(end, pitch, turn)
            length = math.hypot(x1 - x0, y1 - y0)
            for k in range(1, n):
                out[(start[0] + k * dq, start[1] + k * dr)] = (
                    (x1 - x0) / length,
                    (y1 - y0) / length,
                )
    return out


#: A label's text (cap height, in pitches) where it shares its cell with a stone, a
#: cross or an arrow (and then every label of the drawing: the wave numbers of one
#: picture are one size), the room kept round its letters (the patch of cell colour
#: behind them, cut off at the cell's edge so that the edges show round it) and between
#: them and the lines it must not touch.
LABEL_HEIGHT = 0.21
LARGE_LABEL_HEIGHT = 0.3
LABEL_PAD = 0.03
LABEL_CLEAR = 0.02
#: The ink of two fields' labels at least this far apart where their cells give room
#: (in pitches): a "d" and a "c" 0.25 apart, across the edge of their cells, read as "d c".
LABEL_APART = 0.4
#: Round a dead field's middle, the part of its cross a label keeps off (in pitches;
#: the arms reach 0.22): beside the whole cross, the two labels of dead fields side by
#: side sat at their shared edge.
CROSS_ROOM = 0.12
#: Where in its cell a small label may sit, in order: the top, the bottom, the sides.
LABEL_DIRECTIONS = (90, 270, 0, 180, 30, 150, 330, 210)


def _ink_box(cx: float, cy: float, width: float, h: float):
    """The box of a label's letters centred at ``cx`` with its baseline at ``cy - h/2``."""
    from shapely.geometry import Polygon

    return Polygon(_ink_corners(cx, cy, width, h))


def _ink_corners(cx: float, cy: float, width: float, h: float) -> list:
    """The corners of :func:`_ink_box` (as shapely's ``box`` lists them)."""
    minx, miny = cx - width / 2, cy - h / 2
    maxx, maxy = cx + width / 2, cy - h / 2 + ASCENT * h
    return [(maxx, miny), (maxx, maxy), (minx, maxy), (minx, miny)]


def _fitting(room, boxes: list) -> int | None:
    """The index of the first box (corners) inside ``room``, or None; all tested at
    once (shapely's vectorised predicate, the same answer as one box at a time)."""
    import numpy
    import shapely

    inside = shapely.contains(room, shapely.polygons(numpy.array(boxes)))
    return int(inside.argmax()) if inside.any() else None


class _LabelRoom:
    """Places the labels of a drawing, each inside its own cell.

    A label in a cell with nothing else in it (no stone, cross or arrow) sits in the
    middle; large when every label of the drawing does, else at the small size of the
    others (one picture's labels are one size). A label that shares its cell goes on a
    patch of the cell's colour: beside an arrow that crosses the field (on its left,
    else its right), else at the top, bottom or a side of its cell, its patch inside the
    cell's edges (which show round it) and off the tile borders, over the rim of the
    cell's stone but off its count. The first of those spots whose letters keep clear
    of arrows, crosses and the labels placed before (:data:`LABEL_APART`) is taken;
    else the first that keeps off the others' letters; else the first. A red outline is
    not avoided: it runs round the whole cell inside its edge, and the label is
    painted over it."""

    def __init__(self, position: Position, pitch: float, borders, arrows, turn=0.0) -> None:
        from shapely.geometry import LineString, Point, Polygon, box
        from shapely.ops import unary_union

        self.position, self.pitch, self.turn = position, pitch, turn
        self.lines = unary_union(
            [LineString(line.points).buffer(TILE_LINE.width / 2) for line in borders]
            or [Point(0, 0).buffer(0)]
        )
        self.blocked: list = []
        for shape in arrows:
            if shape.closed:
                self.blocked.append(Polygon(shape.points))
            else:
                self.blocked.append(LineString(shape.points).buffer(ARROW.width / 2))
        for state in position.fields():
            x, y = _xy(state.field, pitch, turn)
            if state.stones and state.owner is not None:  # (its count: a label may
                h = COUNT_HEIGHT * pitch  # cover the stone's rim, not its count)
                self.blocked.append(_ink_box(x, y, text_advance(str(state.stones), h, True), h))
            elif state.status is Status.DEAD:  # (the middle of its cross: a label may
                d = CROSS_ROOM * pitch  # cover the ends of its arms)
                self.blocked.append(box(x - d, y - d, x + d, y + d))
        self.labels: list = []  # the ink of the labels placed
        self.large = False
        # Every label's spots are asked for again each time a label is placed (the
        # one with the fewest free spots goes first), and the shapes they are found
        # in do not change: each is worked out once (a third of a kit's rule sheet).
        self._lines_off: dict[float, object] = {}
        self._rooms: dict[tuple[Field, float], object] = {}
        self._spot_lists: dict[tuple, list] = {}

    def _empty(self, field: Field, across: tuple[float, float] | None) -> bool:
        """Has the label's cell nothing else in it: no stones, cross or arrow?"""
        state = self.position.field_state(field)
        return state.status is not Status.DEAD and not state.stones and across is None

    def size_for(self, labels) -> None:
        """Large labels when every label of the drawing sits in an empty cell."""
        self.large = all(self._empty(f, across) for f, _, across in labels)

    def height(self) -> float:
        return (LARGE_LABEL_HEIGHT if self.large else LABEL_HEIGHT) * self.pitch

    def free_spots(self, field: Field, text: str, across: tuple[float, float] | None) -> int:
        """How many of a label's spots are free (any number for one in an empty cell)."""
        if self._empty(field, across):
            return 99
        return sum(self._free(ink, LABEL_APART) for _, ink in self._spots(field, text, across))

    def _free(self, ink, apart: float) -> bool:
        clear = LABEL_CLEAR * self.pitch
        if any(ink.distance(other) <= clear for other in self.blocked):
            return False
        return all(ink.distance(other) >= apart * self.pitch for other in self.labels)

    def _room(self, field: Field, edge: float):
        """Its cell, shrunk by ``edge`` pitches (beyond its thin edge line), off the tile
        borders."""
        key = (field, edge)
        if key not in self._rooms:
            import shapely
            from shapely.geometry import Polygon

            cell = Polygon(_hexagon(field, self.pitch, 1.0, self.turn))
            edge = (edge + CELL_LINE.width / 2 / self.pitch) * self.pitch
            if edge not in self._lines_off:
                self._lines_off[edge] = self.lines.buffer(edge)
            room = cell.buffer(-edge, join_style="mitre").difference(self._lines_off[edge])
            shapely.prepare(room)  # (many boxes are tested against it)
            self._rooms[key] = room
        return self._rooms[key]

    def _spots(self, field: Field, text: str, across: tuple[float, float] | None) -> list:
        """A label's spots in order of preference, each its centre and the box of its
        letters: in an empty cell its middle; else, along each direction (beside an
        arrow across the field, then :data:`LABEL_DIRECTIONS`), the spot furthest from
        the middle whose letters are in the cell, clear of its edges and tile borders."""
        key = (field, text, across, self.height())
        if key not in self._spot_lists:
            self._spot_lists[key] = self._find_spots(field, text, across)
        return self._spot_lists[key]

    def _find_spots(self, field: Field, text: str, across: tuple[float, float] | None) -> list:
        pitch = self.pitch
        x, y = _xy(field, pitch, self.turn)
        h = self.height()
        width = text_advance(text, h, bold=True)
        if self._empty(field, across):
            return [((x, y), _ink_box(x, y, width, h))]
        room = self._room(field, LABEL_CLEAR)
        directions = [
            (math.cos(math.radians(a)), math.sin(math.radians(a))) for a in LABEL_DIRECTIONS
        ]
        if across is not None:
            ux, uy = across
            directions = [(-uy, ux), (uy, -ux), *directions]
        spots = []
        for nx, ny in directions:
            # from the cell's edge in, 0.01 pitch a step; the first whose letters fit
            centres = [
                (x + step * 0.01 * pitch * nx, y + step * 0.01 * pitch * ny)
                for step in range(50, -1, -1)
            ]
            fits = _fitting(room, [_ink_corners(cx, cy, width, h) for cx, cy in centres])
            if fits is not None:
                cx, cy = centres[fits]
                spots.append(((cx, cy), _ink_box(cx, cy, width, h)))
        if not spots:  # (a label too long for its cell: at the top, as it always was)
            cx, cy = x, y + 0.4 * pitch
            spots.append(((cx, cy), _ink_box(cx, cy, width, h)))
        return spots

    def label(self, field: Field, text: str, across: tuple[float, float] | None) -> list:

        spots = self._spots(field, text, across)
        (cx, cy), ink = next(
            (spot for spot in spots if self._free(spot[1], LABEL_APART)),
            next((spot for spot in spots if self._free(spot[1], LABEL_CLEAR)), spots[0]),
        )
        self.labels.append(ink)
        h = self.height()
        if self._empty(field, across):  # (no patch: nothing under it to hide)
            return [Text((cx, cy - h / 2), text, h, "center", LABEL)]
        state = self.position.field_state(field)
        patch = ink.buffer(LABEL_PAD * self.pitch, join_style="mitre")
        patch = patch.intersection(self._room(field, 0.0))  # (the cell's edges show)
        self.blocked.append(patch)
        points = tuple((round(px, 6), round(py, 6)) for px, py in _outer(patch).coords[:-1])
        back = Style(stroke=None, fill=FILL[state.status], width=0.0)
        return [
            Polyline(points, True, style=back),
            Text((cx, cy - h / 2), text, h, "center", LABEL),
        ]


def _outer(shape):
    """The outer ring of a shape's largest part."""
    parts = getattr(shape, "geoms", [shape])
    return max(parts, key=lambda part: part.area).exterior


#: A field's name: its largest cap height, in pitches (a name is made smaller where its
#: cell has no room for it, and the pitch larger where it would then print below
#: :data:`~fabgen.draw.metrics.LEGIBLE_CAP_MM`).
NAME_HEIGHT = 0.14
_DESCENDERS = frozenset("gjpqy")


def _name_fits(name: str, pitch: float, h: float, turn: float = 0.0) -> bool:
    """Does ``name`` at cap height ``h`` fit at the bottom of a cell with a stone: its
    letters (descenders too) below the stone and clear of the tile border, which
    narrows towards the cell's bottom (a corner, unless the cell is turned ``turn``°)?"""
    width = text_advance(name, h) + 2 * LABEL_PAD * pitch
    top = (STONE + LABEL_CLEAR) * pitch  # below the centre
    bottom = top + ASCENT * h + (DESCENT * h if _DESCENDERS & set(name) else 0.0)
    # The cell shrunk by half a tile border and the clearance: the letters' box is in
    # it when no corner of the box is further than that along an edge's normal.
    apothem = pitch / 2 - TILE_LINE.width / 2 - LABEL_CLEAR * pitch
    corners = [(x, -depth) for x in (-width / 2, width / 2) for depth in (top, bottom)]
    normals = [math.radians(turn + 60 * k) for k in range(6)]
    return all(x * math.cos(a) + y * math.sin(a) <= apothem for a in normals for x, y in corners)


def name_height(name: str, pitch: float, turn: float = 0.0) -> float:
    """The largest cap height (mm, at most :data:`NAME_HEIGHT` pitches, to 0.01 mm)
    at which ``name`` fits at the bottom of its cell (turned ``turn``°); 0 if none does."""
    low, high = 0, int(NAME_HEIGHT * pitch * 100)
    while low < high:  # in hundredths of a millimetre: the same answer everywhere
        mid = (low + high + 1) // 2
        low, high = (mid, high) if _name_fits(name, pitch, mid / 100, turn) else (low, mid - 1)
    return low / 100


def names_pitch(names: Iterable[str], pitch: float, turn: float = 0.0) -> float:
    """The pitch (mm, in steps of 0.5 mm, at least ``pitch``) at which every one of
    ``names`` fits its cell (turned ``turn``°) at the legible size or larger."""
    # (one name of each width, with and without descenders, stands for the rest)
    kinds = {(text_advance(n, 1.0), bool(_DESCENDERS & set(n))): n for n in sorted(set(names))}
    while any(name_height(n, pitch, turn) < LEGIBLE_CAP_MM for n in kinds.values()):
        pitch = math.floor(pitch * 2 + 1) / 2
    return pitch


def _name(state, pitch: float, h: float, turn: float = 0.0) -> list:
    """A field's name, cap height ``h``, at the bottom of its cell, just below where a
    stone's rim is, on a patch of the cell's colour: from the tops of its letters down
    to the outer edge of a red outline (just inside a tile border), as wide as the
    letters and a little more. The red outline, an outline's dashes and a growing
    cell's ring pass under the name and leave a gap there instead of crossing its
    letters."""
    from shapely.geometry import Polygon, box

    x, y = _xy(state.field, pitch, turn)
    top = y - (STONE + LABEL_CLEAR) * pitch
    base = top - ASCENT * h
    half = text_advance(state.name, h) / 2 + LABEL_PAD * pitch
    cell = Polygon(_hexagon(state.field, pitch, HIGHLIGHTED + HIGHLIGHT.width / pitch, turn))
    patch = cell.intersection(box(x - half, y - pitch, x + half, top))
    back = Style(stroke=None, fill=FILL[state.status], width=0.0)
    points = tuple((round(px, 6), round(py, 6)) for px, py in patch.exterior.coords[:-1])
    return [Polyline(points, True, style=back), Text((x, base), state.name, h, "center")]


def _outline(fields: list[Field], pitch: float, turn: float = 0.0) -> list[Polyline]:
    """Dashed closed lines just inside the border of the union of the fields' cells."""
    if not fields:
        return []
    from shapely.geometry import MultiPolygon, Polygon
    from shapely.ops import unary_union

    # Cells a hair larger than exact so that neighbours merge without slivers.
    cells = [Polygon(_hexagon(f, pitch, 1.001, turn)) for f in sorted(fields)]
    shape = unary_union(cells).buffer(-0.15 * pitch, join_style="mitre")
    if shape.is_empty:
        return []
    parts = shape.geoms if isinstance(shape, MultiPolygon) else [shape]
    out = []
    for part in parts:
        for ring in (part.exterior, *part.interiors):
            pts = tuple((round(x, 6), round(y, 6)) for x, y in ring.coords[:-1])
            out.append(Polyline(pts, True, style=OUTLINE))
    return out


def _stack(position: Position, owner: int, stones: int, x: float, y: float, pitch: float):
    colour = stone_colour(position.players[owner].color, owner)
    disc = Circle((x, y), STONE * pitch, Style(stroke="#000000", fill=colour, width=0.25))
    h = COUNT_HEIGHT * pitch
    ink = Style(stroke=None, fill=ink_on(colour), bold=True)
    return [disc, Text((x, y - h / 2), str(stones), h, "center", ink)]


def _tile_borders(position: Position, pitch: float, turn: float = 0.0) -> list[Polyline]:
    board = position.board
    out = []
    for i, field in enumerate(board.fields):
        corners = _hexagon(field, pitch, 1.0, turn)
        for d, n in enumerate(board.towards[i]):
            if n >= 0 and (n < i or board.tile_of[n] == board.tile_of[i]):
                continue  # shared edge drawn once, inner edges not at all
            # The edge facing direction d runs between the corners at 60d -/+ 30 degrees.
            out.append(Polyline((corners[(d - 1) % 6], corners[d]), style=TILE_LINE))
    return out


#: The key of a drawing's marks, in the words of the rule sheet's key figure (the
#: burst is the turn pictures' own). A drawing's key has the field states and the
#: marks it draws.
KEY = (
    ("live", "live field"),
    ("growing", "growing field (dashed ring)"),
    ("dead", "dead field (cross)"),
    ("arrow", "a move"),
    ("burst", "exploded in this wave (orange burst)"),
    ("outline", "explodes next (red outline)"),
)


def _key(entries: Sequence[tuple[str, str]], pitch: float, x: float, y: float) -> list:
    """One line per entry (of :data:`KEY`): a small sample, then what it means."""
    out: list = []
    h, r = 0.3 * pitch, 0.22 * pitch
    for kind, words in entries:
        cx = x + 0.2 * pitch
        cell = [
            (
                cx + r * math.cos(math.radians(30 + 60 * k)),
                y + r * math.sin(math.radians(30 + 60 * k)),
            )
            for k in range(6)
        ]
        status = {"growing": Status.GROWING, "dead": Status.DEAD}.get(kind, Status.LIVE)
        if kind == "arrow":
            out.append(Polyline(((x, y), (x + 0.28 * pitch, y)), style=ARROW))
            tip = x + 0.42 * pitch
            head = (
                (tip, y),
                (x + 0.26 * pitch, y + 0.08 * pitch),
                (x + 0.26 * pitch, y - 0.08 * pitch),
            )
            out.append(Polyline(head, True, style=ARROW))
        else:
            fill = Style(stroke=CELL_LINE.stroke, fill=FILL[status], width=CELL_LINE.width)
            out.append(Polyline(tuple(cell), True, style=fill))
        if kind == "growing":
            out.append(Circle((cx, y), 0.15 * pitch, GROWTH_RING))
        elif kind == "dead":
            d = 0.09 * pitch
            out.append(Polyline(((cx - d, y - d), (cx + d, y + d)), style=DEAD_CROSS))
            out.append(Polyline(((cx - d, y + d), (cx + d, y - d)), style=DEAD_CROSS))
        elif kind == "outline":
            out.append(Polyline(tuple(cell), True, style=HIGHLIGHT))
        elif kind == "burst":  # (a whole burst, a sample cell's size)
            out.append(Polyline(_burst((cx, y), 0.44 * pitch), True, style=BURST))
        out.append(Text((x + 0.55 * pitch, y - h / 2), words, h, "left"))
        y -= 0.6 * pitch
    return out


def _legend(position: Position, pitch: float, x: float, y: float) -> list:
    out: list = []
    h = 0.3 * pitch
    for k, player in enumerate(position.players):
        colour = stone_colour(player.color, k)
        out.append(Circle((x + 0.2 * pitch, y), 0.2 * pitch, Style("#000000", colour, 0.25)))
        label = player.label(k) + (", to move" if k == position.next_player else "")
        out.append(Text((x + 0.55 * pitch, y - h / 2), label, h, "left"))
        y -= 0.6 * pitch
    return out
