"""The printed board: the board at full size (1:1), split over A4 or Letter pages.

Nothing is printed outside that (no page background either: paper is white). Each page
prints inside a window: the paper less a margin on every side (10 mm by
default, never under 6 mm) and less a footer strip for the page's label. Neighbouring
windows overlap by a band (15 mm by default) that is shaded on both pages and carries
alignment crosses at the same spots of the board, so the pages can be laid over each
other and taped. The first page is the assembly map: the page grid over the board,
the instructions, and a 50 mm square to check that the printer kept the scale. Each
page's label on the map keeps clear of the tiles' outlines, or lies on a white halo
where it cannot (docs/design-notes.md, *Pictures people look at*: printed-board pages).

The grid is chosen to need the fewest pages, and among those the one whose emptiest
page holds the most board: the board may be turned (in steps of 30°, never mirrored),
the pages used upright or sideways, and the page grid shifted over the board (a grid
one row or column larger than the bounding box needs, shifted, can leave out more
empty corners of a round or triangular board). A page holding less than
:data:`SLIVER_MM2` of board is a *sliver*: a sheet of paper for a corner of a tile.
The search measures board area on a 1 mm raster (a summed-area table, so each of the
thousand or so candidate grids costs a few look-ups); the best few are then measured
exactly by clipping the tiles' outlines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from fabgen.board.model import Board
from fabgen.board.placement import BoardPlacement
from fabgen.draw.board_parts import (
    GREY,
    INK,
    Frame,
    fitted_height,
    legible,
    mm,
    number_spot,
    print_seat_colour,
    text_box,
    text_width,
    tint,
    wrap,
)
from fabgen.draw.clip import Rect, clip_polygon, clip_polyline, clip_shapes
from fabgen.draw.drawing import (
    Circle,
    Drawing,
    Operation,
    Polyline,
    Shape,
    Style,
    Text,
    boxes_overlap,
)
from fabgen.draw.label_room import Box, Point, segment_touches_box
from fabgen.draw.metrics import LEGIBLE_CAP_MM, text_advance
from fabgen.errors import ParameterError
from fabgen.settings import default, range_of
from fabgen.text import counted

MIN_MARGIN: float = range_of("page_margin").low
MIN_OVERLAP: float = range_of("overlap").low
DEFAULT_MARGIN: float = default("page_margin")
DEFAULT_OVERLAP: float = default("overlap")
FOOTER = 10.0  # strip at the bottom of the printable area for the page's label
EDGE = 1.0  # keeps strokes on the window's edge (half their width) off the margin
BLEED = 3.0  # paper left around the board's outline
SCALE_SQUARE = 50.0
TURNS = (0.0, 30.0, 60.0, 90.0, 120.0, 150.0)
#: A page with less board than this (mm², a tenth of an A4 page's window, about half a
#: 100 mm tile) is a sliver: avoided when the same number of pages can do without.
SLIVER_MM2 = 5000.0
SHIFTS = 9  # grid positions tried across the slack, per axis
RASTER = 1.0  # mm, for measuring board area while searching
#: Squares of the raster at most (about 4 million: 40 MB of table); beyond, squares grow.
RASTER_CELLS = 4_000_000
EXACT_CANDIDATES = 12  # the best grids by raster area, measured exactly

BAND = Style(stroke=None, fill="#e6e6e6", width=0.0)
TILE_EDGE = Style(stroke=INK, width=0.35)
CIRCLE = Style(stroke="#555555", width=0.3)
CROSS = Style(stroke=INK, width=0.25)
TRIM = Style(stroke=INK, width=0.25, dash=(2.0, 1.5))
START_TINT = 0.8  # white mixed into a seat's colour on its start tiles


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # portrait, mm
    height: float


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}


@dataclass(frozen=True)
class PrintSettings:
    paper: Paper = PAPERS["a4"]
    margin: float = DEFAULT_MARGIN
    overlap: float = DEFAULT_OVERLAP

    def __post_init__(self):
        small = min(self.paper.width, self.paper.height)
        if not (math.isfinite(self.margin) and MIN_MARGIN <= self.margin <= small / 4):
            raise ParameterError.about(
                "page_margin",
                f"{self.margin:g} mm is outside {MIN_MARGIN:g} to {small / 4:g} mm: "
                f"printers cannot print closer than about {MIN_MARGIN:g} mm to the edge",
            )
        if not (math.isfinite(self.overlap) and MIN_OVERLAP <= self.overlap <= small / 4):
            raise ParameterError.about(
                "overlap",
                f"{self.overlap:g} mm is outside {MIN_OVERLAP:g} to {small / 4:g} mm: the pages "
                "need a band wide enough for the alignment crosses",
            )


@dataclass(frozen=True)
class PageGrid:
    """Pages in ``rows`` × ``cols`` over the board, row 1 at the top."""

    place: BoardPlacement
    settings: PrintSettings
    landscape: bool
    rows: int
    cols: int
    left: float  # board x where column 1's window starts
    top: float  # board y where row 1's window ends
    cells: tuple[tuple[int, int], ...] = ()  # (row, col) of the pages printed, in order

    @property
    def page_size(self) -> tuple[float, float]:
        p = self.settings.paper
        return (p.height, p.width) if self.landscape else (p.width, p.height)

    @property
    def window_size(self) -> tuple[float, float]:
        return window_size(self.page_size, self.settings.margin)

    @property
    def pages(self) -> int:
        """Pages of the board (the grid cells with some of the board on them)."""
        return len(self.cells)

    def number(self, row: int, col: int) -> int:
        """The page number of a grid cell; page 1 is the assembly map."""
        return self.cells.index((row, col)) + 2

    def has(self, row: int, col: int) -> bool:
        return (row, col) in self.cells

    def window(self, row: int, col: int) -> Rect:
        """The board area that page (row, col) shows, counted from 0, in board mm."""
        (ww, wh), ov = self.window_size, self.settings.overlap
        x0 = self.left + col * (ww - ov)
        y1 = self.top - row * (wh - ov)
        return Rect(x0, y1 - wh, x0 + ww, y1)

    def frame(self, row: int, col: int) -> Frame:
        """Board mm to paper mm on page (row, col)."""
        w = self.window(row, col)
        m = self.settings.margin + EDGE
        return Frame(1.0, m - w.x0, m + FOOTER - w.y0)

    def paper_window(self) -> Rect:
        (ww, wh), m = self.window_size, self.settings.margin + EDGE
        return Rect(m, m + FOOTER, m + ww, m + FOOTER + wh)


def window_size(page: tuple[float, float], margin: float) -> tuple[float, float]:
    inner = margin + EDGE
    return (page[0] - 2 * inner, page[1] - 2 * inner - FOOTER)


def _span_count(length: float, window: float, overlap: float) -> int:
    return max(1, math.ceil((length - overlap) / (window - overlap) - 1e-9))


def choose_grid(board: Board, width: float, settings: PrintSettings) -> PageGrid:
    """The turn of the board, page orientation and grid position that need the fewest
    pages, then the fewest slivers, then the most board on the emptiest page. Grid
    cells that would show none of the board are not printed."""
    candidates: list[tuple[tuple, PageGrid]] = []
    outlines = {}
    for turn in TURNS:
        place = BoardPlacement(board, width, turn)
        outlines[turn] = _outlines(place)
        raster = _BoardRaster(place, outlines[turn])
        for landscape in (False, True):
            for grid, score in _scored_grids(place, settings, landscape, raster):
                candidates.append(((*score, len(candidates)), grid))
    candidates.sort(key=lambda c: c[0])
    best = None
    for (*_, order), grid in candidates[:EXACT_CANDIDATES]:
        loops = outlines[grid.place.turn_deg]
        cells = tuple(
            (r, c)
            for r in range(grid.rows)
            for c in range(grid.cols)
            if _shows_board(grid.window(r, c), loops)
        )
        grid = _trimmed(replace(grid, cells=cells))
        areas = [_area_in(loops, grid.window(r, c)) for r, c in grid.cells]
        score = (len(areas), sum(a < SLIVER_MM2 for a in areas), -round(min(areas), 3), order)
        if best is None or score < best[0]:
            best = (score, grid)
    assert best is not None
    return best[1]


def _trimmed(grid: PageGrid) -> PageGrid:
    """The same pages with the grid's empty outer rows and columns dropped, so that
    row 1 and column 1 are printed and the map shows no more than the pages."""
    (ww, wh), ov = grid.window_size, grid.settings.overlap
    r0 = min(r for r, _ in grid.cells)
    c0 = min(c for _, c in grid.cells)
    return replace(
        grid,
        rows=max(r for r, _ in grid.cells) - r0 + 1,
        cols=max(c for _, c in grid.cells) - c0 + 1,
        left=grid.left + c0 * (ww - ov),
        top=grid.top - r0 * (wh - ov),
        cells=tuple((r - r0, c - c0) for r, c in grid.cells),
    )


def _scored_grids(place: BoardPlacement, settings: PrintSettings, landscape: bool, raster):
    """Page grids that cover the board and its bleed, with their raster scores: as few
    rows and columns as the bounding box needs, and one more of each, each shifted
    across its slack (the centred position first: it wins ties)."""
    import numpy as np

    p = settings.paper
    page = (p.height, p.width) if landscape else (p.width, p.height)
    ww, wh = window_size(page, settings.margin)
    ov = settings.overlap
    x0, y0, x1, y1 = place.bbox
    need = (x1 - x0 + 2 * BLEED, y1 - y0 + 2 * BLEED)
    cols0, rows0 = _span_count(need[0], ww, ov), _span_count(need[1], wh, ov)
    shifts = np.array(sorted((k / (SHIFTS - 1) for k in range(SHIFTS)), key=lambda f: abs(f - 0.5)))
    for cols in (cols0, cols0 + 1):
        for rows in (rows0, rows0 + 1):
            covered = (cols * ww - (cols - 1) * ov, rows * wh - (rows - 1) * ov)
            lefts = x0 - BLEED - (covered[0] - need[0]) * shifts
            tops = y1 + BLEED + (covered[1] - need[1]) * shifts
            # window edges of every column (per left) and row (per top)
            cx0 = lefts[:, None] + np.arange(cols)[None, :] * (ww - ov)
            ry1 = tops[:, None] - np.arange(rows)[None, :] * (wh - ov)
            # areas[i, j, r, c]: grid shifted by lefts[i], tops[j]; page (r, c)
            areas = raster.areas(cx0, cx0 + ww, ry1 - wh, ry1)
            shown = areas > 0
            pages = shown.sum(axis=(2, 3))
            slivers = (shown & (areas < SLIVER_MM2)).sum(axis=(2, 3))
            emptiest = np.where(shown, areas, np.inf).min(axis=(2, 3))
            for i in range(len(shifts)):
                for j in range(len(shifts)):
                    left, top = float(lefts[i]), float(tops[j])
                    grid = PageGrid(place, settings, landscape, rows, cols, left, top)
                    yield grid, (int(pages[i, j]), int(slivers[i, j]), -float(emptiest[i, j]))


class _BoardRaster:
    """Board area on a grid of squares (``RASTER`` mm, coarser on boards so large that
    the grid would pass :data:`RASTER_CELLS`; a square counts when its middle is on a
    tile), kept as a summed-area table: the board area in any rectangle in four
    look-ups."""

    def __init__(self, place: BoardPlacement, outlines):
        import numpy as np

        x0, y0, x1, y1 = place.bbox
        # A long diagonal board has a huge bounding box: the step grows with it, so the
        # table's memory stays bounded (the best grids are measured exactly later).
        self.step = max(RASTER, math.sqrt((x1 - x0) * (y1 - y0) / RASTER_CELLS))
        step = self.step
        self.x0, self.y0 = x0 - step, y0 - step
        nx = math.ceil((x1 - self.x0) / step) + 2
        ny = math.ceil((y1 - self.y0) / step) + 2
        inside = np.zeros((ny, nx), dtype=bool)
        for loop in outlines:
            xs, ys = [p[0] for p in loop], [p[1] for p in loop]
            i0, i1 = self._index(min(xs), self.x0), self._index(max(xs), self.x0) + 1
            j0, j1 = self._index(min(ys), self.y0), self._index(max(ys), self.y0) + 1
            cx = self.x0 + (np.arange(i0, i1) + 0.5) * step
            cy = self.y0 + (np.arange(j0, j1) + 0.5) * step
            gx, gy = np.meshgrid(cx, cy)
            inside[j0:j1, i0:i1] |= _in_polygon(gx, gy, loop)
        table = np.zeros((ny + 1, nx + 1))
        table[1:, 1:] = inside.cumsum(axis=0).cumsum(axis=1) * step * step
        self.table = table
        self.shape = (ny, nx)

    def _index(self, value: float, origin: float) -> int:
        return max(0, math.floor((value - origin) / self.step))

    def areas(self, xa, xb, ya, yb):
        """Board area in every rectangle [xa, xb] × [ya, yb] for column edges of shape
        (n, cols) and row edges of shape (m, rows): an array (n, m, rows, cols)."""
        import numpy as np

        ny, nx = self.shape

        def cut(values, origin: float, n: int):
            return np.clip(np.rint((values - origin) / self.step).astype(int), 0, n)

        i0, i1 = cut(xa, self.x0, nx), cut(xb, self.x0, nx)
        j0, j1 = cut(ya, self.y0, ny), cut(yb, self.y0, ny)
        t = self.table

        def at(j, i):  # j: (m, rows), i: (n, cols) -> (n, m, rows, cols)
            return t[j[None, :, :, None], i[:, None, None, :]]

        return at(j1, i1) - at(j0, i1) - at(j1, i0) + at(j0, i0)


def _in_polygon(gx, gy, loop):
    """Even-odd test of many points against one polygon (numpy arrays)."""
    import numpy as np

    inside = np.zeros(gx.shape, dtype=bool)
    n = len(loop)
    for k in range(n):
        (ax, ay), (bx, by) = loop[k], loop[(k + 1) % n]
        if ay == by:
            continue
        crosses = (ay > gy) != (by > gy)
        x_at = ax + (gy - ay) * (bx - ax) / (by - ay)
        inside ^= crosses & (gx < x_at)
    return inside


def _outlines(place: BoardPlacement) -> list:
    return [loop for t in range(len(place.board.tiles)) for loop in place.tile_outlines(t)]


def board_area(place: BoardPlacement, window: Rect) -> float:
    """The board's area inside ``window`` (both in the placement's mm), exactly: the
    tiles' outlines clipped to the window."""
    return _area_in(_outlines(place), window)


def _area_in(outlines, window: Rect) -> float:
    total = 0.0
    for loop in outlines:
        xs, ys = [p[0] for p in loop], [p[1] for p in loop]
        if window.misses((min(xs), min(ys), max(xs), max(ys))):
            continue
        total += abs(_signed_area(clip_polygon(list(loop), window)))
    return total


def _signed_area(pts) -> float:
    n = len(pts)
    if n < 3:
        return 0.0
    return (
        sum(pts[k][0] * pts[(k + 1) % n][1] - pts[(k + 1) % n][0] * pts[k][1] for k in range(n)) / 2
    )


def _shows_board(window: Rect, outlines) -> bool:
    """Does any tile's outline cross the window, or lie inside it?"""
    for loop in outlines:
        xs, ys = [p[0] for p in loop], [p[1] for p in loop]
        if window.misses((min(xs), min(ys), max(xs), max(ys))):
            continue
        if clip_polyline(list(loop), True, window) or window.contains(
            (min(xs), min(ys), max(xs), max(ys))
        ):
            return True
    return False


def printed_board(board: Board, width: float, settings: PrintSettings) -> list[Drawing]:
    """The assembly map followed by one page per grid cell, row by row."""
    grid = choose_grid(board, width, settings)
    shapes = board_shapes(grid.place)
    labels = board_texts(grid.place)
    texts = _texts_by_page(grid, labels)
    pages = [assembly_map(grid)]
    for row, col in grid.cells:
        pages.append(_page(grid, row, col, shapes, texts[row, col], labels))
    return pages


# --- the board at 1:1 ----------------------------------------------------------------


def board_shapes(place: BoardPlacement) -> list[Shape]:
    """Everything but text, in board mm: start tiles tinted, circles, edges, stones."""
    board = place.board
    out: list[Shape] = []
    for k in range(len(board.seats)):
        fill = Style(stroke=None, fill=tint(print_seat_colour(board, k), START_TINT), width=0.0)
        for t in board.start_tiles(k):
            out.extend(Polyline(loop, True, style=fill) for loop in place.tile_outlines(t))
    r = place.circle_radius
    out.extend(Circle(place.xy(f), r, CIRCLE) for f in board.fields)
    for t in range(len(board.tiles)):
        out.extend(Polyline(loop, True, style=TILE_EDGE) for loop in place.tile_outlines(t))
    for k, seat in enumerate(board.seats):
        ring = Style(stroke=print_seat_colour(board, k), width=RING_WIDTH)
        out.extend(
            Circle(place.xy(f), ring_radius(place), ring)
            for f, _ in seat.stacks
            if f in board.field_set
        )
    return out


RING_WIDTH = 1.5  # mm, the ring in a seat's colour round a field it starts on


def ring_radius(place: BoardPlacement) -> float:
    """The radius (mm, to the middle of its line) of a seat's ring inside a field."""
    r = place.circle_radius
    return max(r - 2.0, r * 0.7)


def _inside_ring(place: BoardPlacement, lines: tuple[str, ...], height: float) -> float:
    """The cap height at which ``lines`` (bold, centred on a field, 1.8 heights apart)
    stay inside the seat's ring with 0.5 mm to spare, at most ``height`` and at least
    the legible size: '3 stones' at 0.07 pitch ran over the ring (17.6 mm wide in a
    ring 16.5 mm across inside)."""
    room = ring_radius(place) - RING_WIDTH / 2 - 0.5
    wide = max(text_advance(line, 1.0, bold=True) for line in lines) / 2
    half_high = 0.9 * (len(lines) - 1) + 0.5
    fits = room / math.hypot(wide, half_high)
    return max(LEGIBLE_CAP_MM, min(height, fits))


def board_texts(place: BoardPlacement) -> list[Text]:
    """Tile numbers, and in the seats' circles who starts there: ``seat 2`` in the
    middle of a start tile, ``3 stones`` over ``seat 2`` on other stacks; in board mm."""
    board = place.board
    h = max(3.0, 0.16 * place.pitch)
    small = max(1.8, 0.07 * place.pitch)
    grey = Style(stroke=None, fill=GREY)
    out = []
    for t in range(len(board.tiles)):
        x, y = number_spot(place, t)
        out.append(Text((x, y - h / 2), str(t + 1), h, "center", grey))
    for k, seat in enumerate(board.seats):
        colour = print_seat_colour(board, k)
        ink = Style(stroke=None, fill=legible(colour, tint(colour, START_TINT)), bold=True)
        starts = board.start_tiles(k)
        on_tiles = {f for t in starts for f in board.tiles[t].fields}
        for t in starts:
            x, y = place.tile_centre(t)
            out.append(Text((x, y - small / 2), f"seat {k + 1}", small, "center", ink))
        for f, n in seat.stacks:
            if f in on_tiles or f not in board.field_set:
                continue
            x, y = place.xy(f)
            words = f"{n} stone{'s' if n != 1 else ''}"
            seat_words = f"seat {k + 1}"
            h = _inside_ring(place, (words, seat_words), small)
            out.append(Text((x, y + 0.4 * h), words, h, "center", ink))
            out.append(Text((x, y - 1.4 * h), seat_words, h, "center", ink))
    return out


def _texts_by_page(grid: PageGrid, texts: list[Text]) -> dict[tuple[int, int], list[Text]]:
    """Each text, in paper mm, on every page whose window holds all of it. A text that
    no window holds (one wider than the band, on a seam: a start tile's ``seat 1``
    on Letter) is moved just inside the page laid on top where its middle is, so that
    no label is lost between two pages."""
    window = grid.paper_window()
    out: dict[tuple[int, int], list[Text]] = {cell: [] for cell in grid.cells}
    for text in texts:
        moved = {cell: _move(text, grid.frame(*cell)) for cell in grid.cells}
        inside = [cell for cell, t in moved.items() if window.contains(text_box(t))]
        for cell in inside:
            out[cell].append(moved[cell])
        if not inside:
            top = _page_on_top(grid, moved, window)
            if top is not None:
                out[top].append(_nudged_inside(moved[top], window))
    return out


def _page_on_top(grid: PageGrid, moved, window: Rect) -> tuple[int, int] | None:
    """The page whose window holds the text's middle and that lies over the others
    there once taped (a page is laid over its neighbours above and to the left)."""
    holding = []
    for cell, t in moved.items():
        x0, y0, x1, y1 = text_box(t)
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        if window.contains((*middle, *middle)):
            holding.append(cell)
    return max(holding, default=None)


def _nudged_inside(text: Text, window: Rect) -> Text:
    """The text moved the least that puts its box inside ``window``."""
    from fabgen.draw.drawing import translate

    x0, y0, x1, y1 = text_box(text)
    dx = max(0.0, window.x0 - x0) - max(0.0, x1 - window.x1)
    dy = max(0.0, window.y0 - y0) - max(0.0, y1 - window.y1)
    moved = translate(text, dx, dy)
    assert isinstance(moved, Text)  # (a shape moved keeps its kind)
    return moved


def _page(grid: PageGrid, row: int, col: int, shapes, texts: list[Text], labels) -> Drawing:
    page_w, page_h = grid.page_size
    title = f"row {row + 1}, column {col + 1}"
    drawing = Drawing(page_w, page_h, title)
    frame = grid.frame(row, col)
    window = grid.paper_window()
    sides = _neighbours(grid, row, col)
    out: list[Shape] = _bands(window, grid.settings.overlap, sides)
    moved = [_move(s, frame) for s in shapes]
    out += clip_shapes(moved, window)
    out += texts
    boxes = [text_box(_move(t, frame)) for t in labels]
    out += _crosses(window, grid.settings.overlap, sides, boxes)
    out += _trim_lines(window, sides)
    out += _footer(grid, row, col)
    drawing.extend(Operation.PRINT, out)
    return drawing


def _move(shape, frame: Frame):
    from fabgen.draw.drawing import translate

    return translate(shape, frame.dx, frame.dy)


def _neighbours(grid: PageGrid, row: int, col: int) -> dict[str, bool]:
    """Which sides of the page have a printed page beyond them."""
    return {
        "left": grid.has(row, col - 1),
        "right": grid.has(row, col + 1),
        "top": grid.has(row - 1, col),
        "bottom": grid.has(row + 1, col),
    }


def _bands(w: Rect, ov: float, sides: dict[str, bool]) -> list[Shape]:
    rects = {
        "left": Rect(w.x0, w.y0, w.x0 + ov, w.y1),
        "right": Rect(w.x1 - ov, w.y0, w.x1, w.y1),
        "top": Rect(w.x0, w.y1 - ov, w.x1, w.y1),
        "bottom": Rect(w.x0, w.y0, w.x1, w.y0 + ov),
    }
    return [_rect(rects[s], BAND) for s in ("left", "right", "top", "bottom") if sides[s]]


def _rect(r: Rect, style: Style) -> Polyline:
    return Polyline(((r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)), True, style=style)


#: Where a band's crosses may go, as shifts along the band from a quarter and three
#: quarters of its length: the first that keeps clear of every label.
CROSS_SHIFTS = (0.0, 0.03, -0.03, 0.06, -0.06, 0.09, -0.09, 0.12, -0.12)
CROSS_GAP = 1.0  # mm kept between a cross and a label


def _crosses(w: Rect, ov: float, sides: dict[str, bool], labels) -> list[Shape]:
    """Two crosses in the middle of every band, near a quarter and three quarters of
    its length, moved along the band off the board's labels (a cross over a tile
    number hid it). ``labels``: the boxes of every label of the board, printed here or
    not, so that the neighbouring page puts its crosses at the same spots."""
    arm = min(4.0, ov / 2 - 1.0)
    spots = [
        _cross_spot(w, ov, side, f, arm, labels)
        for f in (0.25, 0.75)
        for side in ("left", "right", "top", "bottom")
        if sides[side]
    ]
    out: list[Shape] = []
    for x, y in spots:
        out.append(Polyline(((x - arm, y), (x + arm, y)), style=CROSS))
        out.append(Polyline(((x, y - arm), (x, y + arm)), style=CROSS))
        out.append(Circle((x, y), arm / 2, CROSS))
    return out


def _cross_spot(w: Rect, ov: float, side: str, f: float, arm: float, labels):
    """The first spot near ``f`` of the band on ``side`` where a cross touches no label
    (the spot at ``f`` if there is none)."""
    for shift in CROSS_SHIFTS:
        x, y = _band_spot(w, ov, side, f + shift)
        box = (x - arm, y - arm, x + arm, y + arm)
        if not any(boxes_overlap(box, label, CROSS_GAP) for label in labels):
            return x, y
    return _band_spot(w, ov, side, f)


def _band_spot(w: Rect, ov: float, side: str, f: float) -> tuple[float, float]:
    """The point ``f`` of the way along the middle of the band on ``side``."""
    x, y = w.x0 + f * w.width, w.y0 + f * w.height
    return {
        "left": (w.x0 + ov / 2, y),
        "right": (w.x1 - ov / 2, y),
        "top": (x, w.y1 - ov / 2),
        "bottom": (x, w.y0 + ov / 2),
    }[side]


def _trim_lines(w: Rect, sides: dict[str, bool]) -> list[Shape]:
    """Dashed lines along the window's left and top edges where a page lies beyond:
    cut there and lay this page over its neighbour."""
    out: list[Shape] = []
    if sides["left"]:
        out.append(Polyline(((w.x0, w.y0), (w.x0, w.y1)), style=TRIM))
    if sides["top"]:
        out.append(Polyline(((w.x0, w.y1), (w.x1, w.y1)), style=TRIM))
    return out


def _footer(grid: PageGrid, row: int, col: int) -> list[Shape]:
    m = grid.settings.margin + EDGE
    page_w, _ = grid.page_size
    number = grid.number(row, col)
    total = grid.pages + 1
    board = grid.place.board
    label = f"row {row + 1}, column {col + 1}"
    out: list[Shape] = [Text((m, m + 3.0), label, 4.5, "left", Style(bold=True))]
    info = f"page {number} of {total} · {board.name} at 1:1 on {grid.settings.paper.name}"
    room = page_w - 2 * m - text_width(label, 4.5, bold=True) - 4.0
    grey = Style(stroke=None, fill=GREY)
    out.append(Text((page_w - m, m + 6.8), info, fitted_height(info, 2.3, room), "right", grey))
    out += _scale_bar(page_w - m - SCALE_SQUARE, m + 1.0)
    return out


def _scale_bar(x: float, y: float) -> list[Shape]:
    """A 50 mm bar with a tick every 10 mm, to check any page's scale."""
    line = Style(stroke=INK, width=0.25)
    out: list[Shape] = [Polyline(((x, y), (x + SCALE_SQUARE, y)), style=line)]
    for k in range(6):
        tick = 2.5 if k in (0, 5) else 1.5
        out.append(Polyline(((x + 10 * k, y), (x + 10 * k, y + tick)), style=line))
    # the label left of the bar, clear of its ticks
    out.append(Text((x - 1.5, y), "50 mm", 2.2, "right"))
    return out


# --- the assembly map ---------------------------------------------------------------


def assembly_map(grid: PageGrid) -> Drawing:
    settings = grid.settings
    paper = settings.paper
    page_w, page_h = paper.width, paper.height
    m = settings.margin + EDGE
    board, place = grid.place.board, grid.place
    drawing = Drawing(page_w, page_h, f"Atlantis board {board.name}: assembly map")
    top = page_h - m - 6.0
    title = f"Atlantis board {board.name}, full size"
    size = fitted_height(title, 6.0, page_w - 2 * m, bold=True)
    out: list[Shape] = [Text((m, top), title, size, "left", Style(bold=True))]
    bw, bh = place.size
    skipped = grid.rows * grid.cols - grid.pages
    places = (
        "1 empty place of the grid is"
        if skipped == 1
        else f"{skipped} empty places of the grid are"
    )
    gaps = f" ({places} left out)" if skipped else ""
    facts = [
        f"{counted(grid.pages, 'page')} of {paper.name} "
        f"({'sideways' if grid.landscape else 'upright'}) in {counted(grid.rows, 'row')} and "
        f"{counted(grid.cols, 'column')}{gaps}, after this map.",
        f"Board {mm(bw)} × {mm(bh)}, {counted(len(board.tiles), 'tile')} {place.width:g} mm "
        "across the flats"
        + (
            "; the whole board is on that page."
            if grid.pages == 1
            else f"; neighbouring pages overlap by {settings.overlap:g} mm (shaded)."
        ),
    ]
    turn = _turn_words(grid.place.turn_deg)
    if turn:  # the setup diagram draws the board unturned: say why the two differ
        facts.append(
            f"Turned {turn} from the setup diagram to need fewer pages; the tile numbers "
            "are the same."
        )
    y = top - 8.0
    lines = (part for fact in facts for part in wrap(fact, 3.0, page_w - 2 * m, measured=True))
    for line in lines:
        out.append(Text((m, y), line, 3.0, "left"))
        y -= 5.0
    box_top = y - 2.0
    box_bottom = m + SCALE_SQUARE + 12.0
    out += _map(grid, Rect(m, box_bottom, page_w - m, box_top))
    out += _scale_square(m, m)
    steps = INSTRUCTIONS if grid.pages > 1 else ONE_PAGE_INSTRUCTIONS
    out += _instructions(m + SCALE_SQUARE + 8.0, m + SCALE_SQUARE + 2.0, page_w - m, steps)
    drawing.extend(Operation.PRINT, out)
    return drawing


def _turn_words(turn_deg: float) -> str:
    """A turn of the board in words ('30° counter-clockwise'), '' for none."""
    deg = round(turn_deg) % 360
    if deg == 0:
        return ""
    if deg <= 180:
        return f"{deg}° counter-clockwise"
    return f"{360 - deg}° clockwise"


def _map_frame(grid: PageGrid, box: Rect) -> Frame:
    first = grid.window(0, 0)
    last = grid.window(grid.rows - 1, grid.cols - 1)
    cover = Rect(first.x0, last.y0, last.x1, first.y1)
    scale = min(box.width / cover.width, box.height / cover.height)
    dx = box.x0 + (box.width - cover.width * scale) / 2 - cover.x0 * scale
    dy = box.y0 + (box.height - cover.height * scale) / 2 - cover.y0 * scale
    return Frame(scale, dx, dy)


def _labels_fit(grid: PageGrid, frame: Frame) -> bool:
    """Does a page's label fit inside the page's rectangle on the map?"""
    w = grid.window(0, 0)
    width = text_width(f"page {grid.pages}", LABEL_BIG, bold=True) + 3.0
    return (w.x1 - w.x0) * frame.scale >= width and (w.y1 - w.y0) * frame.scale >= LABEL_HIGH


def _map(grid: PageGrid, box: Rect) -> list[Shape]:
    """The page grid over the board's tiles, scaled into ``box``; on a map too small
    for the pages' labels (a board of hundreds of pages) a line says where to look."""
    frame = _map_frame(grid, box)
    out: list[Shape] = []
    labelled = _labels_fit(grid, frame)
    if not labelled:
        note = "The pages are too small here to be numbered: each page names its row and column."
        out.append(Text((box.x0, box.y1 - 3.0), note, 2.5, "left", PAGE_LABEL_SMALL))
        frame = _map_frame(grid, Rect(box.x0, box.y0, box.x1, box.y1 - 6.0))
    place = grid.place
    for row, col in grid.cells:
        w = grid.window(row, col)
        page = ((w.x0, w.y0), (w.x1, w.y0), (w.x1, w.y1), (w.x0, w.y1))
        paper = Style(stroke=None, fill="#f1f1f1", width=0)
        out.append(Polyline(frame.loop(page), True, style=paper))
    # start tiles first, so that their fill leaves their numbers and edges visible
    for k in range(len(place.board.seats)):
        fill = Style(stroke=None, fill=tint(print_seat_colour(place.board, k), 0.6), width=0)
        for t in place.board.start_tiles(k):
            out.extend(
                Polyline(frame.loop(loop), True, style=fill) for loop in place.tile_outlines(t)
            )
    edge = Style(stroke="#8a8a8a", width=0.2)
    numbers: list[Text] = []
    h = max(1.5, min(3.0, 0.12 * place.width * frame.scale))
    for t in range(len(place.board.tiles)):
        out.extend(Polyline(frame.loop(loop), True, style=edge) for loop in place.tile_outlines(t))
        x, y = frame(place.tile_centre(t))
        numbers.append(Text((x, y - h / 2), str(t + 1), h, "center", MAP_NUMBER))
    out += numbers
    outline = Style(stroke=INK, width=0.5)
    out.extend(Polyline(frame.loop(loop), True, style=outline) for loop in place.outline)
    page_line = Style(stroke="#c00000", width=0.4)
    taken = [t.box() for t in numbers]
    lines = []  # the pages' edges on the map: labels keep off them too
    for row, col in grid.cells:
        w = grid.window(row, col)
        corners = frame.loop(((w.x0, w.y0), (w.x1, w.y0), (w.x1, w.y1), (w.x0, w.y1)))
        out.append(Polyline(corners, True, style=page_line))
        lines += [_bbox(corners[k], corners[(k + 1) % 4]) for k in range(4)]
    edges = _tile_edges(place, frame)
    for row, col in grid.cells if labelled else ():
        label = _page_label(grid, row, col, frame, box, taken + lines, edges)
        taken += [t.box() for t in label if isinstance(t, Text)]
        out += label
    return out


def _tile_edges(place: BoardPlacement, frame: Frame) -> list[tuple[Point, Point, Box]]:
    """Every straight piece of the tiles' outlines on the map, with its box (the
    board's outline runs along the outer ones)."""
    out = []
    for t in range(len(place.board.tiles)):
        for loop in place.tile_outlines(t):
            pts = frame.loop(loop)
            out += [(p, q, _bbox(p, q)) for p, q in zip(pts, pts[1:] + pts[:1], strict=True)]
    return out


def _bbox(p, q) -> tuple[float, float, float, float]:
    return (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]))


MAP_NUMBER = Style(stroke=None, fill="#6e6e6e")
PAGE_LABEL = Style(stroke=None, fill="#c00000", bold=True)
PAGE_LABEL_SMALL = Style(stroke=None, fill="#c00000")
LABEL_GAP = 0.6  # mm kept between a page label and any other label on the map
LABEL_BIG, LABEL_SMALL = 3.5, 2.5  # text heights of a page label's two lines, mm
LABEL_HIGH = LABEL_BIG + 1.5 + LABEL_SMALL + 1.0  # the two lines, descenders included
EDGE_GAP = 0.4  # mm kept between a page label and a tile's outline (half a line is 0.25)
HALO = Style(stroke=None, fill="#ffffff", width=0)
HALO_PAD = 0.5  # mm of white round a label that must cross outlines


def _page_label(
    grid: PageGrid, row: int, col: int, frame: Frame, box: Rect, taken, edges
) -> list[Shape]:
    """``page N`` over ``row r, col c``, inside the page's rectangle on the map, in the
    first of its corners (then along its edges, then inside) where it covers no tile
    number, no page edge and no other page's label, and no tile's outline crosses it.
    Where none is free: the spot that covers fewest of those, then crosses fewest
    outlines, on a white halo that stops the outlines short of the text (a maker
    taping 30 pages reads the label and the tiles apart)."""
    spots = _label_spots(grid, row, col, frame, box)
    labels = [_label_texts(grid, row, col, x, align, top) for x, align, top in spots]
    boxes = [[t.box() for t in label] for label in labels]
    # Only what lies near this page's spots can be hit: on a board of a hundred tiles
    # and pages, testing every label spot against everything on the map takes minutes.
    reach = _padded(_union([b for bs in boxes for b in bs]), HALO_PAD)
    near = [other for other in taken if boxes_overlap(reach, other, LABEL_GAP)]
    near_edges = [e for e in edges if boxes_overlap(reach, e[2], EDGE_GAP)]
    best = None
    for label, label_boxes in zip(labels, boxes, strict=True):
        block = _union(label_boxes)
        grazed = [(p, q) for p, q, bb in near_edges if boxes_overlap(block, bb, EDGE_GAP)]
        near_by = sum(segment_touches_box(p, q, block, EDGE_GAP) for p, q in grazed)
        # a halo hides what lies under all of the block, not only under the lines
        covers = [_padded(block, HALO_PAD)] if near_by else label_boxes
        hits = sum(boxes_overlap(b, other, LABEL_GAP) for b in covers for other in near)
        if hits == near_by == 0:
            return label
        # a spot that only comes near an outline beats one that crosses it
        crosses = sum(segment_touches_box(p, q, block) for p, q in grazed)
        if best is None or (hits, crosses, near_by) < best[0]:
            best = ((hits, crosses, near_by), label, block)
    assert best is not None
    (*_, near_by), label, block = best
    return ([_halo(block)] if near_by else []) + label


def _label_spots(
    grid: PageGrid, row: int, col: int, frame: Frame, box: Rect
) -> list[tuple[float, str, float]]:
    """Where a page's label may go, as (x, align, top of the label): its rectangle's
    corners, then along its top and bottom edges, then its sides, then inside."""
    w = grid.window(row, col)
    x0, y0 = frame((w.x0, w.y0))
    x1, y1 = frame((w.x1, w.y1))
    x0, y0, x1, y1 = max(x0, box.x0), max(y0, box.y0), min(x1, box.x1), min(y1, box.y1)
    inset = 1.5
    top_row, bottom_row = y1 - inset, y0 + inset + LABEL_HIGH
    spots = [
        (x0 + inset, "left", top_row),
        (x1 - inset, "right", top_row),
        (x0 + inset, "left", bottom_row),
        (x1 - inset, "right", bottom_row),
    ]
    steps = [k / 12 for k in range(1, 12)]
    for f in steps:
        x = x0 + f * (x1 - x0)
        spots += [(x, "center", top_row), (x, "center", bottom_row)]
    for f in steps:
        top = bottom_row + f * (top_row - bottom_row)
        spots += [(x0 + inset, "left", top), (x1 - inset, "right", top)]
    for fy in steps:
        for fx in steps:
            spots.append((x0 + fx * (x1 - x0), "center", bottom_row + fy * (top_row - bottom_row)))
    return spots


def _label_texts(grid: PageGrid, row: int, col: int, x: float, align: str, top: float):
    big, small = LABEL_BIG, LABEL_SMALL
    return [
        Text((x, top - big), f"page {grid.number(row, col)}", big, align, PAGE_LABEL),
        Text(
            (x, top - big - 1.5 - small),
            f"row {row + 1}, col {col + 1}",
            small,
            align,
            PAGE_LABEL_SMALL,
        ),
    ]


def _union(boxes) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _padded(b: Box, pad: float) -> Box:
    return (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)


def _halo(block: Box) -> Polyline:
    x0, y0, x1, y1 = _padded(block, HALO_PAD)
    return Polyline(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), True, style=HALO)


def _scale_square(x: float, y: float) -> list[Shape]:
    s = SCALE_SQUARE
    square = Polyline(
        ((x, y), (x + s, y), (x + s, y + s), (x, y + s)), True, style=Style(width=0.3)
    )
    return [
        square,
        Text((x + s / 2, y + s / 2 + 1.0), "measure this:", 3.0, "center"),
        Text((x + s / 2, y + s / 2 - 4.0), "50 mm", 4.0, "center", Style(bold=True)),
    ]


INSTRUCTIONS = (
    "1. Print every page at 100 % (actual size: switch off 'fit to page'). The square "
    "must measure 50 mm both ways; so must the bar at the foot of every page.",
    "2. Lay the pages out as on the map: row 1 at the top, column 1 on the left.",
    "3. Where a page has a dashed line on its left or top edge, cut along it, lay the page "
    "over its neighbour so that the shaded bands and the crosses match, and tape.",
)
#: A board on one page: nothing to lay out, cut or tape.
ONE_PAGE_INSTRUCTIONS = (
    "1. Print the page at 100 % (actual size: switch off 'fit to page'). The square "
    "must measure 50 mm both ways; so must the bar at the foot of the page.",
    "2. The board is whole on that one page: there is nothing to cut or tape.",
)


def _instructions(
    x: float, y_top: float, x_max: float, steps: tuple[str, ...] = INSTRUCTIONS
) -> list[Shape]:
    h, line = 2.8, 4.3
    out: list[Shape] = []
    y = y_top - h
    for item in steps:
        for part in wrap(item, h, x_max - x, measured=True):
            out.append(Text((x, y), part, h, "left"))
            y -= line
        y -= 1.5
    return out
