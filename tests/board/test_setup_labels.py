"""The setup diagram keeps its labels apart, read from the drawing itself.

Shapes are told apart by how they are drawn: stones are circles in a seat's colour
with a thin black edge, badges are white with a 0.5 mm edge (a circle for a person, a
diamond or hexagon for a machine), fields are grey circles, arrows are dark grey.
Text boxes come from Vera's advance widths (``Text.box``). For every preset, and for
variants with stacks on arbitrary fields and machine seats: no text box overlaps
another, a badge or a stack (except the number inside its own badge or stack), no
badge covers a field, and no arrow touches a label, badge or stack.
"""

from __future__ import annotations

import io
import itertools
import math
import random
import re
from dataclasses import replace

import pdfplumber
import pytest

from fabgen.board.files import load_preset, preset_names
from fabgen.board.model import SeatKind
from fabgen.draw.drawing import Circle, Polyline, Text, boxes_overlap
from fabgen.draw.label_room import circle_touches_box, segment_distance, segment_touches_box
from fabgen.draw.metrics import LEGIBLE_CAP_MM, LEGIBLE_POINTS
from fabgen.draw.setup_diagram import setup_diagram
from fabgen.products.layout import LayoutParams, setup_files

WHITE, ARROW, FIELD = "#ffffff", "#303030", "#a0a0a0"


def _variants():
    for name in preset_names():
        yield name, load_preset(name)
    for name in preset_names():
        yield f"{name}-scattered", _scattered(load_preset(name), random.Random(name))
    yield "3p-triangle-4-machines", _machines(load_preset("3p-triangle-4"))


def _scattered(board, rng):
    """Every seat starts with one stack on a field of its own choosing (the 1995 stack
    start), and the seats' kinds cycle through person, machine, extreme machine; the
    first machine gets a second stack."""
    fields = rng.sample(sorted(board.fields), 2 * len(board.seats))
    kinds = itertools.cycle([SeatKind.PLAYER, SeatKind.MACHINE, SeatKind.EXTREME_MACHINE])
    seats = []
    for k, seat in enumerate(board.seats):
        kind = next(kinds)
        stacks = ((fields[2 * k], 6),)
        if k == 1:
            stacks += ((fields[2 * k + 1], 3),)
        seats.append(replace(seat, stacks=stacks, kind=kind))
    return replace(board, seats=tuple(seats))


def _machines(board):
    """The seeds' solo setup on a triangle: one person on a start tile, two machines
    with stacks of 3 on corner fields."""
    person = board.seats[0]
    free = [f for f in board.fields if f not in person.stack_map]
    corners = sorted(free, key=lambda f: (f[0] + f[1], f[0]))
    machines = [
        replace(board.seats[1], stacks=((corners[0], 3),), kind=SeatKind.MACHINE),
        replace(board.seats[2], stacks=((corners[-1], 3),), kind=SeatKind.MACHINE),
    ]
    return replace(board, seats=(person, *machines))


VARIANTS = dict(_variants())


def _parts(drawing):
    shapes = drawing.layers["print"][1:]  # after the white page
    texts = [s for s in shapes if isinstance(s, Text)]
    stones = [
        s
        for s in shapes
        if isinstance(s, Circle) and s.style.fill not in (None, WHITE) and s.style.width == 0.25
    ]
    fields = [s for s in shapes if isinstance(s, Circle) and s.style.stroke == FIELD]
    badges = [
        s
        for s in shapes
        if s.style and s.style.fill == WHITE and s.style.width == 0.5 and s.style.stroke
    ]
    arrows = [
        s for s in shapes if isinstance(s, Polyline) and ARROW in (s.style.stroke, s.style.fill)
    ]
    return texts, stones, fields, badges, arrows


def _round(shape):
    """(centre, radius) of a stone or badge; a polygon badge by its corners."""
    if isinstance(shape, Circle):
        return shape.centre, shape.radius
    xs, ys = zip(*shape.points, strict=True)
    centre = (sum(xs) / len(xs), sum(ys) / len(ys))
    return centre, max(math.dist(centre, p) for p in shape.points)


def _own(text, shape) -> bool:
    """Is ``text`` the number drawn in the middle of ``shape``?"""
    (cx, cy), _ = _round(shape)
    x, y = text.position
    return abs(x - cx) < 1e-6 and abs(y + text.height / 2 - cy) < 1e-6


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_no_label_covers_another_label_a_badge_or_a_stack(name):
    board = VARIANTS[name]
    texts, stones, _, badges, _ = _parts(setup_diagram(board))
    assert len(badges) >= sum(1 for seat in board.seats if seat.stacks)
    for a, b in itertools.combinations(texts, 2):
        assert not boxes_overlap(a.box(), b.box()), (a.text, b.text)
    for text in texts:
        for shape in stones + badges:
            if _own(text, shape):
                (cx, cy), r = _round(shape)
                x0, y0, x1, y1 = text.box()
                corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
                if isinstance(shape, Circle):  # the number fits inside its circle
                    assert max(math.dist((cx, cy), c) for c in corners) <= r + 0.3, text.text
                continue
            centre, r = _round(shape)
            assert not circle_touches_box(centre, r, text.box()), (text.text, centre)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_badges_cover_no_field_stack_or_badge(name):
    board = VARIANTS[name]
    texts, stones, fields, badges, _ = _parts(setup_diagram(board))
    on_board = [b for b in badges if any(_own(t, b) for t in texts)]  # not the legend's
    seats_with_stacks = [s for s in board.seats if any(f in board.field_set for f, _ in s.stacks)]
    assert len(on_board) == len(seats_with_stacks)
    for badge in on_board:
        centre, r = _round(badge)
        for other in stones + fields:
            c, r2 = _round(other)
            assert math.dist(centre, c) >= r + r2 - 1e-6, (centre, c)
    for a, b in itertools.combinations(on_board, 2):
        (c1, r1), (c2, r2) = _round(a), _round(b)
        assert math.dist(c1, c2) >= r1 + r2
    # machine seats have their own symbol: a diamond (machine) or hexagon (extreme)
    corners = sorted(len(b.points) if isinstance(b, Polyline) else 0 for b in on_board)
    expected = sorted(
        {SeatKind.PLAYER: 0, SeatKind.MACHINE: 4, SeatKind.EXTREME_MACHINE: 6}[s.kind]
        for s in seats_with_stacks
    )
    assert corners == expected


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_arrows_touch_no_label_badge_or_stack(name):
    board = VARIANTS[name]
    texts, stones, _, badges, arrows = _parts(setup_diagram(board))
    # an arrow that cannot keep clear, even bent, is left out: at most one here
    shafts = [a for a in arrows if not a.closed]
    assert len(board.seats) - 1 <= len(shafts) <= len(board.seats)
    for arrow in arrows:
        pts = list(arrow.points) + ([arrow.points[0]] if arrow.closed else [])
        for p, q in itertools.pairwise(pts):
            for text in texts:
                assert not segment_touches_box(p, q, text.box()), text.text
            for shape in stones + badges:
                c, r = _round(shape)
                assert segment_distance(p, q, c) >= r - 1e-6


@pytest.mark.parametrize("name", preset_names())
def test_presets_show_every_stone_every_arrow_and_which_way_turns_go(name):
    board = load_preset(name)
    drawing = setup_diagram(board)
    texts, stones, _, _, arrows = _parts(drawing)
    stacks = sum(1 for seat in board.seats for f, _ in seat.stacks if f in board.field_set)
    assert len(stones) == stacks + len(board.seats)  # the legend's swatches too
    shafts = [a for a in arrows if len(a.points) == 2]
    assert len(shafts) == len(board.seats)  # one arrow from each seat to the next
    words = " ".join(t.text for t in texts)
    direction = board.turns.value if board.turns else None
    if direction:
        assert f"Turns go {direction} round the board" in words


def test_machine_seats_are_named_in_the_legend():
    texts, *_ = _parts(setup_diagram(VARIANTS["3p-triangle-4-machines"]))
    words = " ".join(t.text for t in texts)
    assert "Seat 2: Blue, a machine, plays second" in words
    assert "Seat played by a machine (a diamond)" in words


MACHINE_PRESETS = [n for n in preset_names() if load_preset(n).machines]


@pytest.mark.parametrize("name", MACHINE_PRESETS)
def test_every_machine_stack_shows_its_height_and_no_badge_covers_it(name):
    board = load_preset(name)
    texts, stones, fields, badges, _ = _parts(setup_diagram(board))
    # field circles are drawn in the board's field order
    centre = {f: c.centre for f, c in zip(board.fields, fields, strict=True)}
    words = " ".join(t.text for t in texts)
    for k, seat in enumerate(board.seats):
        if seat.kind is SeatKind.PLAYER:
            continue
        # the legend says the seat is a machine, by its name unless that is "Machine"
        who = "a machine" if seat.name == "Machine" else f"{seat.name}, a machine"
        assert f"Seat {k + 1}: {who}, plays" in words
        for f, n in seat.stacks:
            at = [s for s in stones if math.dist(s.centre, centre[f]) < 1e-6]
            assert len(at) == 1, (seat.name, f)
            stone = at[0]
            if n != 1:
                labels = [t.text for t in texts if _own(t, stone)]
                assert labels == [str(n)], (seat.name, f, labels)
            for badge in badges:
                c, r = _round(badge)
                assert math.dist(c, stone.centre) >= r + stone.radius - 1e-6, (seat.name, f)


SMALL_BOARDS = {
    # six seats round the middle tile: neighbours' badges a tile apart, stones between
    "six-round-one": """
[board]
origin = "b2"
tiles = [[0, 0], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]
"""
    + "".join(
        f'[[players]]\nname = "{n}"\nstart = {t}\n'
        for n, t in zip("ABCDEF", ([1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]), strict=True)
    ),
    # both seats on one tile: the page is all tile
    "one-tile": """
[board]
tiles = [[0, 0]]
[[players]]
name = "Red"
stacks = { a1 = 1 }
[[players]]
name = "Blue"
stacks = { b2 = 1 }
""",
}


@pytest.mark.parametrize("name", sorted(SMALL_BOARDS))
def test_every_turn_arrow_is_longer_than_its_head_and_on_the_page(name):
    """On small boards the arrows were shortened to a head with a stub of shaft (stray
    marks between the start tiles) or bent off the page's edge."""
    from fabgen.board.boardfile import parse_board_toml

    drawing = setup_diagram(parse_board_toml(SMALL_BOARDS[name]))
    *_, arrows = _parts(drawing)
    shafts = [a for a in arrows if not a.closed]
    heads = [a for a in arrows if a.closed]
    assert shafts and len(shafts) == len(heads)
    for shaft, head in zip(shafts, heads, strict=True):
        size = math.dist(head.points[0], head.points[1])  # tip to a corner: about a head
        length = sum(math.dist(p, q) for p, q in itertools.pairwise(shaft.points))
        assert length >= 1.5 * size, (length, size)
        for x, y in (*shaft.points, *head.points):
            assert 0 <= x <= drawing.width and 0 <= y <= drawing.height


@pytest.mark.parametrize("word", ["W" * 69, "m" * 120, "Wm" * 40])
def test_names_of_long_words_stay_on_the_page(word):
    """A seat name of 69 W's, without a space, ran off the page: lines were wrapped by an
    average letter width and a word was never broken."""
    board = load_preset("3p-triangle-4")
    seats = tuple(replace(s, name=f"{word}{k}") for k, s in enumerate(board.seats))
    board = replace(board, seats=seats, name=word, description=f"{word} {word} and more")
    drawing = setup_diagram(board)
    texts = [s for s in drawing.layers["print"] if isinstance(s, Text)]
    for t in texts:
        x0, y0, x1, y1 = t.box()
        assert x0 >= 0 and x1 <= drawing.width and y0 >= 0 and y1 <= drawing.height, t.text
    legend = "".join(t.text for t in texts)
    assert all(f"{word}{k}" in legend for k in range(3))  # every name whole, over lines


@pytest.mark.parametrize("name", VARIANTS)
def test_every_text_on_the_setup_diagram_is_legible(name):
    """Tile numbers and seat badges shrink with a big board: on the 28-tile triangle
    the tile numbers printed 6.3 pt, a person's seat number 6.9 pt and a machine's
    (in its diamond) 4.5 pt; every text is 7 pt or larger, a stack's number below its
    seat's symbol too."""
    for symbols in (False, True):
        drawing = setup_diagram(VARIANTS[name], symbols=symbols)
        small = [
            (s.text, round(s.height, 2))
            for shapes in drawing.layers.values()
            for s in shapes
            if isinstance(s, Text) and s.height < LEGIBLE_CAP_MM - 1e-9
        ]
        assert not small, symbols


def test_the_setup_pdf_prints_every_character_at_7_pt_or_larger():
    """Read back from the PDF the layout command writes, on the largest preset with
    machine seats."""
    files = setup_files(LayoutParams(load_preset("3p-triangle-7-machines"), papers=("a4",)))
    data = files.files["3p-triangle-7-machines-setup.pdf"]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        sizes = {round(c["size"], 2) for page in pdf.pages for c in page.chars if c["text"].strip()}
    assert sizes and min(sizes) >= LEGIBLE_POINTS - 0.01


def _legend_words(board) -> str:
    """The legend as one text: its lines joined where they were wrapped."""
    texts, *_ = _parts(setup_diagram(board))
    return " ".join(t.text for t in texts)


def _corner_tiles(board) -> list[int]:
    """Tile numbers of the tiles with three neighbouring tiles or fewer, counted on the
    tile lattice (the diagram counts them by fields)."""
    coords = {tile.coord: t for t, tile in enumerate(board.tiles)}
    steps = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    return sorted(
        t + 1
        for (i, j), t in coords.items()
        if sum((i + di, j + dj) in coords for di, dj in steps) <= 3
    )


@pytest.mark.parametrize("name", [*MACHINE_PRESETS, "4p-diamond-5-stacks", "5p-hexagon-18-stacks"])
def test_the_legend_finds_stacks_by_tile_number_not_by_field_name(name):
    """A seat's stacks off its start tiles were listed one by one by field ("a stack of
    3 on tile 22 (field -j0), a stack of 3 on tile 1 (field k13), ..."): now by the
    tiles' numbers, which a group sees on the diagram, and where on the board they are."""
    from fabgen.rules.names import field_name

    board = load_preset(name)
    words = re.findall(r"[-\w]+", _legend_words(board))
    for seat in board.seats:
        for f, _ in seat.stacks:
            assert field_name(f) not in words, (name, field_name(f))
            (t,) = board.field_tiles[f]
            assert str(t + 1) in words


def test_machine_stacks_in_every_corner_read_as_the_corners():
    board = load_preset("3p-triangle-7-machines")
    (machine,) = [k for k, seat in enumerate(board.seats) if seat.is_machine]
    stacks = board.seats[machine].stacks
    tiles = sorted(board.field_tiles[f][0] + 1 for f, _ in stacks)
    assert tiles == _corner_tiles(board)  # the test tests: one stack in each corner
    listed = f"{tiles[0]}, {tiles[1]} and {tiles[2]}"
    heights = {n for _, n in stacks}
    assert len(heights) == 1
    assert (
        f"Seat {machine + 1}: a machine, plays fourth; stacks of {heights.pop()} in the "
        f"three corners (tiles {listed})"
    ) in _legend_words(board)
    one = load_preset("4p-hexagon-19-machines")  # one stack in one of six corners
    for seat in one.seats:
        if seat.is_machine:
            ((f, n),) = seat.stacks
            t = one.field_tiles[f][0] + 1
            assert t in _corner_tiles(one)
            assert f"a stack of {n} in a corner (tile {t})" in _legend_words(one)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_legend_fills_the_width_of_the_page_and_stays_on_it(paper):
    """Read back from the PDF: the legend's lines are filled to the page's width less its
    margins (they wrapped at 0.9 cap heights a letter, near 150 of A4's 186 mm), and no
    character runs past the margin."""
    name = "5p-hexagon-19-dummy"
    files = setup_files(LayoutParams(load_preset(name), papers=(paper,)))
    with pdfplumber.open(io.BytesIO(files.files[f"{name}-setup.pdf"])) as pdf:
        page = pdf.pages[0]
        mm = 25.4 / 72
        width = float(page.width) * mm
        lines: dict[float, list] = {}
        for c in page.chars:
            if c["text"].strip() and c["size"] < 20:  # not the title (24 pt)
                lines.setdefault(round(c["top"], 1), []).append(c)
    ends = [max(c["x1"] for c in chars) * mm for chars in lines.values()]
    room = 210.0 - 2 * 12.0  # the legend wraps to A4's width on either paper
    assert max(ends) <= width - 12.0 + 0.1
    assert max(ends) - 12.0 >= 0.95 * room
    assert sum(end - 12.0 >= 0.85 * room for end in ends) >= 4  # the long lines fill


PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.mark.parametrize("name", ["5p-hexagon-19-dummy", "6p-hexagon-19"])
@pytest.mark.parametrize("papers", [("a4",), ("letter",), ("a4", "letter")])
def test_everything_on_the_setup_pdf_prints_inside_the_margins_of_each_paper(name, papers):
    """Read back from the PDF: every character, line and curve lies 12 mm inside the page,
    and the page fits every paper the kit prints on. With paper = "both" the A4 page's
    last legend line ended 280.9 mm from the top, past Letter's 279.4 mm."""
    files = setup_files(LayoutParams(load_preset(name), papers=papers, seat_symbols=True))
    mm = 25.4 / 72
    with pdfplumber.open(io.BytesIO(files.files[f"{name}-setup.pdf"])) as pdf:
        (page,) = pdf.pages
        w, h = float(page.width) * mm, float(page.height) * mm
        drawn = [
            (o["x0"] * mm, o["top"] * mm, o["x1"] * mm, o["bottom"] * mm)
            for o in page.chars + page.lines + page.rects + page.curves
            if not (o.get("text", "x").isspace())
        ]
    for paper in papers:
        assert w <= PAPER_MM[paper][0] + 0.01 and h <= PAPER_MM[paper][1] + 0.01
    assert (w, h) == pytest.approx(PAPER_MM[papers[0]]) or len(papers) > 1
    items = [box for box in drawn if box != pytest.approx((0, 0, w, h), abs=0.01)]
    assert len(items) >= 100 and len(items) == len(drawn) - 1  # all but the paper
    for x0, top, x1, bottom in items:
        assert x0 >= 12.0 - 0.05 and x1 <= w - 12.0 + 0.05, (x0, x1)
        assert top >= 12.0 - 0.05 and bottom <= h - 12.0 + 0.05, (top, bottom)


def test_the_setup_svgs_text_stays_inside_its_margins():
    """Read back from the SVG: every text, measured in Vera, stays inside the page less
    the 12 mm margin, the legend's full lines included."""
    from tests.products.test_turn import text_extents

    name = "5p-hexagon-19-dummy"
    files = setup_files(LayoutParams(load_preset(name), papers=("a4",)), ("svg",))
    extents, (_, vy, vw, vh) = text_extents(files.files[f"{name}-setup.svg"])
    assert (vw, vh) == (210.0, 297.0)
    for text, x0, y0, x1, y1 in extents:
        assert x0 >= 12.0 - 0.1 and x1 <= vw - 12.0 + 0.1, text
        assert vy <= y0 and y1 <= vh, text
    assert max(x1 for _, _, _, x1, _ in extents) >= vw - 12.0 - 5.0  # a full line


def test_stacks_on_the_edge_of_one_corner_tile_are_not_the_three_corners():
    """Three stacks on the board's edge of one corner tile read "stacks of 1 in the
    three corners (tiles 7, 7 and 7)": the corners were counted by stacks, not tiles."""
    board = load_preset("3p-triangle-4")
    (own,) = {board.field_tiles[f][0] for f, _ in board.seats[0].stacks}  # a start tile
    assert own + 1 in _corner_tiles(board)  # the test tests: it is a corner tile
    edge = [f for f in board.tiles[own].fields if board.is_edge(f)][:3]
    assert len(edge) == 3
    seats = (replace(board.seats[0], stacks=tuple((f, 1) for f in edge)), *board.seats[1:])
    words = _legend_words(replace(board, seats=seats))
    assert "corners (tiles" not in words, words
    assert f"stones on the board's edge of corner tile {own + 1}" in words, words
