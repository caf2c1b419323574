"""The printed board's pages: few, none of them a sliver, and a readable assembly map.

Page counts are the figures the grid search reaches; the comments give what the plain
centred grid needed before (the search must never do worse). A *sliver* is a page
with less than 5000 mm² of board (a tenth of an A4 page's printable window, about half
a 100 mm tile): paper spent on a corner. Board area is measured here independently of
the code: each tile's hexagon, clipped to the page's window by our own
Sutherland–Hodgman.
"""

from __future__ import annotations

import math

import pytest

from fabgen.board.files import load_preset, preset_names
from fabgen.draw.drawing import Circle, Polyline, Text, boxes_overlap
from fabgen.draw.printed_board import (
    CROSS,
    HALO,
    PAPERS,
    PrintSettings,
    board_texts,
    choose_grid,
    printed_board,
)

SLIVER_MM2 = 5000.0

# preset: (A4 pages, Letter pages) at most; before the search in brackets
PAGES = {
    "2p-diamond-4": (7, 7),  # (8, 8), two slivers of 1200 mm² on A4
    "2p-diamond-5": (8, 8),  # (8, 8)
    "3p-triangle-4": (5, 5),  # (6, 6), two slivers of 2217 mm² on A4: the default kit
    "3p-triangle-5": (6, 6),  # (6, 6)
    "4p-butterfly": (8, 8),  # (8, 8)
    "4p-diamond-5": (8, 8),  # (8, 8)
    "5p-hexagon-18": (6, 6),  # (6, 6)
    "6p-hexagon-19": (6, 6),  # (6, 6)
    "6p-hexagon-37": (12, 12),  # (12, 12)
    "6p-ring-20": (6, 6),  # (6, 6)
    "6p-star-19": (11, 11),  # (11, 11)
    # Presets with seats that play themselves share their shapes with the ones above.
    "1p-triangle-5-machine": (6, 6),
    "1p-triangle-5-two-machines": (6, 6),
    "2p-diamond-5-machines": (8, 8),
    "3p-triangle-7-machines": (10, 10),
    "4p-diamond-5-stacks": (8, 8),
    "4p-hexagon-19-machines": (6, 6),
    "5p-hexagon-18-stacks": (6, 6),
    "5p-hexagon-19-dummy": (6, 6),
    "6p-hexagon-21": (6, 6),
    "6p-ring-18": (6, 6),
}


@pytest.fixture(scope="module")
def grids():
    """``choose_grid`` of a preset at 100 mm on a paper, searched once for the module
    (the search is most of these tests' time); the tests only read the grids."""
    made: dict[tuple[str, str], object] = {}

    def grid(name: str, paper: str):
        if (name, paper) not in made:
            made[name, paper] = choose_grid(load_preset(name), 100.0, PrintSettings(PAPERS[paper]))
        return made[name, paper]

    return grid


@pytest.fixture(scope="module")
def printed():
    """``printed_board`` of a preset at 100 mm on a paper, drawn once for the module;
    the tests only read the pages."""
    made: dict[tuple[str, str], list] = {}

    def pages(name: str, paper: str):
        if (name, paper) not in made:
            made[name, paper] = printed_board(
                load_preset(name), 100.0, PrintSettings(PAPERS[paper])
            )
        return made[name, paper]

    return pages


def test_the_table_covers_every_preset():
    assert sorted(PAGES) == sorted(preset_names())


def _clip(poly, x0, y0, x1, y1):
    for inside, cut in (
        (
            lambda p: p[0] >= x0,
            lambda p, q: (x0, p[1] + (q[1] - p[1]) * (x0 - p[0]) / (q[0] - p[0])),
        ),
        (
            lambda p: p[0] <= x1,
            lambda p, q: (x1, p[1] + (q[1] - p[1]) * (x1 - p[0]) / (q[0] - p[0])),
        ),
        (
            lambda p: p[1] >= y0,
            lambda p, q: (p[0] + (q[0] - p[0]) * (y0 - p[1]) / (q[1] - p[1]), y0),
        ),
        (
            lambda p: p[1] <= y1,
            lambda p, q: (p[0] + (q[0] - p[0]) * (y1 - p[1]) / (q[1] - p[1]), y1),
        ),
    ):
        out = []
        for k, p in enumerate(poly):
            q = poly[k - 1]  # the previous point
            if inside(p):
                if not inside(q):
                    out.append(cut(q, p))
                out.append(p)
            elif inside(q):
                out.append(cut(q, p))
        poly = out
        if not poly:
            return []
    return poly


def _area(poly) -> float:
    return (
        abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=True)))
        / 2
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_fewest_pages_and_no_slivers(grids, name, paper):
    board = load_preset(name)
    grid = grids(name, paper)
    assert grid.pages <= PAGES[name][paper == "letter"]
    # the grid has no empty outer rows or columns: row 1 and column 1 are printed
    rows, cols = {r for r, _ in grid.cells}, {c for _, c in grid.cells}
    assert rows == set(range(grid.rows)) and cols == set(range(grid.cols))
    tiles = [list(loop) for t in range(len(board.tiles)) for loop in grid.place.tile_outlines(t)]
    covered = 0.0
    for row, col in grid.cells:
        w = grid.window(row, col)
        area = sum(_area(_clip(loop, w.x0, w.y0, w.x1, w.y1)) for loop in tiles)
        assert area >= SLIVER_MM2, (row, col, round(area))
        covered += area
    # every tile lies inside the windows of the pages printed (bands counted twice)
    total = sum(_area(loop) for loop in tiles)
    assert covered >= total - 1e-6
    for loop in tiles:
        for x, y in loop:
            assert any(
                grid.window(r, c).x0 <= x <= grid.window(r, c).x1
                and grid.window(r, c).y0 <= y <= grid.window(r, c).y1
                for r, c in grid.cells
            )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_assembly_map_labels_leave_every_tile_number_readable(grids, printed, name, paper):
    board = load_preset(name)
    page = printed(name, paper)[0]
    texts = [s for s in page.layers["print"] if isinstance(s, Text)]
    numbers = [t for t in texts if t.text.isdigit()]
    # every tile keeps its number on the map, start tiles included, drawn after the fills
    # (but for the white halos behind page labels, which keep clear of the numbers)
    assert sorted(int(t.text) for t in numbers) == list(range(1, len(board.tiles) + 1))
    shapes = page.layers["print"]
    last_fill = max(
        i
        for i, s in enumerate(shapes)
        if isinstance(s, Polyline) and s.style.fill and s.style != HALO
    )
    assert all(shapes.index(t) > last_fill for t in numbers)
    labels = [
        t for t in texts if t.text.startswith(("page ", "row ")) and t.style.fill == "#c00000"
    ]
    assert len(labels) == 2 * (len(PAGES) and grids(name, paper).pages)
    for label in labels:
        for number in numbers:
            assert not boxes_overlap(label.box(), number.box()), (label.text, number.text)
        for other in labels:
            if other is not label:
                assert not boxes_overlap(label.box(), other.box()), (label.text, other.text)


def test_scale_bar_label_stays_clear_of_the_bar_and_its_ticks():
    board = load_preset("3p-triangle-4")
    for page in printed_board(board, 100.0, PrintSettings(PAPERS["a4"]))[1:]:
        shapes = page.layers["print"]
        (label,) = [s for s in shapes if isinstance(s, Text) and s.text == "50 mm"]
        at = shapes.index(label)
        bar = [s for s in shapes[at - 7 : at] if isinstance(s, Polyline) and len(s.points) == 2]
        assert len(bar) == 7  # the bar and its six ticks
        lengths = sorted(abs(s.points[1][0] - s.points[0][0]) for s in bar)
        assert lengths[-1] == pytest.approx(50.0)
        for line in bar:
            assert not boxes_overlap(label.box(), line.bbox(), 0.5)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_tile_number_and_seat_label_is_printed_on_some_page(grids, printed, name, paper):
    """A label on a seam, wider than the band (a start tile's ``seat 1`` on Letter),
    fitted neither page's window and was printed on none."""
    grid = grids(name, paper)
    pages = printed(name, paper)[1:]
    window = grid.paper_window()
    printed = []  # (text, where it lies on the board in mm)
    for (row, col), page in zip(grid.cells, pages, strict=True):
        frame = grid.frame(row, col)
        for t in page.layers["print"]:
            if isinstance(t, Text) and window.contains(t.box()):
                printed.append((t.text, (t.position[0] - frame.dx, t.position[1] - frame.dy)))
    for label in board_texts(grid.place):
        assert any(
            text == label.text and math.dist(at, label.position) < 2.0 for text, at in printed
        ), (label.text, label.position)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_alignment_cross_covers_a_label(printed, name, paper):
    """Crosses sat at fixed spots of the bands, over tile numbers and seat labels
    (59 of 1428 on the presets, most on the rings on Letter)."""
    for page in printed(name, paper)[1:]:
        shapes = page.layers["print"]
        crosses = [s for s in shapes if isinstance(s, Circle) and s.style == CROSS]
        labels = [t.box() for t in shapes if isinstance(t, Text)]
        assert len(crosses) >= 2
        for cross in crosses:
            (x, y), arm = cross.centre, 2 * cross.radius
            box = (x - arm, y - arm, x + arm, y + arm)
            assert not any(boxes_overlap(box, label) for label in labels), (x, y)


@pytest.mark.parametrize("name", ["3p-triangle-7-machines", "4p-diamond-5-stacks"])
def test_stack_labels_stay_inside_their_ring(name):
    """'3 stones' over 'seat 4' in a machine's field ran over its ring (the label 17.6 mm
    wide, the ring 16.5 mm across inside). Read back from the A4 PDF: every word near
    a ring's middle lies inside its line."""
    import io

    import pdfplumber

    from fabgen.products.layout import LayoutParams, layout_files

    files = layout_files(LayoutParams(load_preset(name), papers=("a4",))).files
    inside = 0
    with pdfplumber.open(io.BytesIO(files[f"{name}-board-a4.pdf"])) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            for ring in (c for c in page.curves if abs(c["linewidth"] - 1.5 * 72 / 25.4) < 0.01):
                cx, cy = (ring["x0"] + ring["x1"]) / 2, (ring["top"] + ring["bottom"]) / 2
                room = (ring["x1"] - ring["x0"]) / 2 - ring["linewidth"] / 2
                for w in words:
                    middle = ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2)
                    if math.dist(middle, (cx, cy)) > room:
                        continue
                    corners = [(x, y) for x in (w["x0"], w["x1"]) for y in (w["top"], w["bottom"])]
                    assert max(math.dist(c, (cx, cy)) for c in corners) <= room, w["text"]
                    inside += 1
    assert inside >= 4  # at least one stack's '3 stones' and 'seat 4'


def _grey(colour) -> bool:
    return len(set(colour)) == 1 and 0.2 < colour[0] < 0.7


def _tile_direction(data: bytes, first: str, last: str) -> float:
    """The direction (degrees, counter-clockwise from the right) from tile ``first``
    to tile ``last`` on the first page of a PDF, from where their grey numbers are."""
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["non_stroking_color"])
    grey = {w["text"]: w for w in words if _grey(w["non_stroking_color"])}
    (ax, ay), (bx, by) = (
        ((grey[t]["x0"] + grey[t]["x1"]) / 2, -(grey[t]["top"] + grey[t]["bottom"]) / 2)
        for t in (first, last)
    )
    return math.degrees(math.atan2(by - ay, bx - ax))


@pytest.mark.parametrize("name", ["2p-diamond-4", "4p-butterfly", "6p-hexagon-19"])
def test_the_map_says_how_the_board_is_turned_from_the_setup_diagram(name):
    """The printed board may be turned to need fewer pages (2p-diamond-4 by 30°,
    4p-butterfly by 150° on A4) while the setup diagram draws it unturned: the map
    said nothing of it. The turn read back from the two PDFs (tile 3 to the last tile)
    is the one the map states; an unturned board's map states none."""
    import io

    import pdfplumber

    from fabgen.products.layout import LayoutParams, layout_files

    board = load_preset(name)
    files = layout_files(LayoutParams(board, papers=("a4",))).files
    last = str(len(board.tiles))
    turn = _tile_direction(files[f"{name}-board-a4.pdf"], "3", last)
    turn -= _tile_direction(files[f"{name}-setup.pdf"], "3", last)
    deg = round(turn) % 360
    with pdfplumber.open(io.BytesIO(files[f"{name}-board-a4.pdf"])) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    if deg == 0:
        assert "Turned" not in text
    elif deg <= 180:
        assert f"Turned {deg}° counter-clockwise from the setup diagram" in text
    else:
        assert f"Turned {360 - deg}° clockwise from the setup diagram" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_maps_notes_and_instructions_fill_their_lines(paper):
    """Read back from the PDF's first page: the notes under the title and the numbered
    instructions beside the square reach the right margin, less at most a word, and
    never past it (they wrapped at 0.9 cap heights a letter, a fifth short of it)."""
    import io

    import pdfplumber

    from fabgen.products.layout import LayoutParams, layout_files

    name = "5p-hexagon-19-dummy"
    files = layout_files(LayoutParams(load_preset(name), papers=(paper,))).files
    with pdfplumber.open(io.BytesIO(files[f"{name}-board-{paper}.pdf"])) as pdf:
        page = pdf.pages[0]
        mm = 25.4 / 72
        right = float(page.width) * mm - PrintSettings(PAPERS[paper]).margin
        lines: dict[float, list] = {}
        for c in page.chars:
            black = tuple(c["non_stroking_color"]) == (0.0, 0.0, 0.0)
            if c["text"].strip() and 10.5 < c["size"] < 12.5 and black:  # not the title
                lines.setdefault(round(c["top"], 1), []).append(c)
    ends = [max(c["x1"] for c in chars) * mm for chars in lines.values()]
    assert max(ends) <= right + 0.1
    assert sum(end >= right - 15.0 for end in ends) >= 4, sorted(ends)
