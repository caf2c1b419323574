"""Text and paper drawings of a position."""

import math

import pytest

from fabgen.draw.drawing import Circle, Operation, Polyline, Text
from fabgen.draw.position import FILL, PAGE, player_colour, position_drawing, stone_colour
from fabgen.export.svg import render_svg
from fabgen.rules.setup import position_from_names
from fabgen.rules.state import Status
from fabgen.rules.terminal import describe_stacks, render_board, render_position


def small():
    # Red 3 on a1; blue's growing b2 with 2 stones; c1 dead (blue's); b1, a2 empty.
    return position_from_names(["a1 b1 c1", "a2 b2"], [{"a1": 3}, {"b2": -2, "c1": 0}])


def test_the_text_board_is_a_grid_of_rows_and_columns_top_row_first():
    # Worked out by hand: column x is 4 characters wide, cells right-aligned; row
    # labels are y + 1; the column letters stand right under their columns.
    assert render_board(small()).splitlines() == [
        "2    . +2B",
        "1   3A   .   #",
        "     a   b   c",
    ]


@pytest.mark.parametrize("segments", [["B2", "D1"], ["-b-1 -a-1 a0", "a1 b2 c3"]])
def test_every_column_letter_stands_under_its_column(segments):
    from fabgen.rules.names import field_name, parse_field

    pos = position_from_names(segments)
    lines = render_board(pos).splitlines()
    letters_line = lines[-1]
    ends = {}  # column letter -> the index of its last character
    for name in letters_line.split():
        ends[name] = letters_line.index(f" {name}") + len(name)
    for line in lines[:-1]:
        row = int(line.split()[0])
        for end, ch in enumerate(line):
            if ch in ".#" or ch.isalpha():
                # the cell ending here belongs to the column whose letter ends here too
                column = next(c for c, e in ends.items() if e == end)
                assert parse_field(f"{column}{row}") in pos.board, (column, row)
    # and every field shows up in its column and row
    for f in pos.board.fields:
        name = field_name(f)
        column, row = name.rstrip("-0123456789"), int(name[len(name.rstrip("-0123456789")) :])
        line = next(x for x in lines[:-1] if int(x.split()[0]) == row)
        assert line[ends[column]] in ".#" or line[ends[column]].isalpha()


def test_the_text_position_has_a_legend_and_whose_turn_it_is():
    text = render_position(small(), title="example")
    assert text.startswith("example\n")
    assert "A = seat 1 (Red), B = seat 2 (Blue)" in text
    assert text.endswith("turns played: 0; next to move: seat 1 (Red)")
    assert describe_stacks(small()) == "a1 3A, b2 +2B"


def shapes(drawing, kind):
    return [s for s in drawing.shapes(Operation.PRINT) if isinstance(s, kind)]


def test_drawing_has_a_cell_per_field_with_status_fill_and_mark():
    pos = small()
    drawing = position_drawing(pos, pitch_mm=10.0)
    cells = [s for s in shapes(drawing, Polyline) if s.closed and len(s.points) == 6]
    assert len(cells) == 5
    fills = sorted(c.style.fill for c in cells)
    assert fills == sorted([FILL[Status.LIVE]] * 3 + [FILL[Status.GROWING], FILL[Status.DEAD]])
    # A hexagon cell of pitch p has its corners p / sqrt(3) from the centre.
    corner = cells[0].points
    centre = (sum(x for x, _ in corner) / 6, sum(y for _, y in corner) / 6)
    assert math.dist(centre, corner[0]) == pytest.approx(10 / math.sqrt(3))
    rings = [c for c in shapes(drawing, Circle) if c.style.dash]
    assert len(rings) == 1  # growing
    crosses = [s for s in shapes(drawing, Polyline) if s.style.stroke == "#1f2f4a"]
    assert len(crosses) == 2  # the dead field's cross
    discs = [c for c in shapes(drawing, Circle) if c.style.fill == stone_colour("red", 0)]
    assert len(discs) == 2  # red's stack and red's legend entry
    counts = sorted(t.text for t in shapes(drawing, Text) if t.text.isdigit())
    assert counts == ["2", "3"]


def test_tile_borders_run_around_each_tile_once():
    # A lone standard segment: its outline is 18 cell edges. Two fields of one tile
    # that do not touch: 12 edges. Two touching one-field tiles: 11 edges, the shared
    # one drawn once.
    cases = [(["B2"], 18), (["a1 c1"], 12), (["a1", "b1"], 11)]
    for segments, edges in cases:
        drawing = position_drawing(position_from_names(segments))
        thick = [s for s in shapes(drawing, Polyline) if s.style.width == 0.8]
        assert len(thick) == edges, segments
        for line in thick:
            assert math.dist(*line.points) == pytest.approx(10 / math.sqrt(3))


def test_highlight_names_and_page_fit():
    pos = small()
    drawing = position_drawing(pos, highlight=[(0, 0), (9, 9)], field_names=True, title="t")
    marked = [s for s in shapes(drawing, Polyline) if s.style.stroke == "#d40000"]
    assert len(marked) == 1  # (9, 9) is not on the board
    labels = {t.text for t in shapes(drawing, Text)}
    assert {"a1", "b1", "c1", "a2", "b2", "t"} <= labels
    x0, y0, x1, y1 = drawing.bbox()
    assert x0 >= 0 and y0 >= 0 and x1 <= drawing.width and y1 <= drawing.height


def test_names_are_painted_over_the_red_and_region_outlines():
    """A field's name sits at the bottom of its cell, just where the red "explodes
    next" outline runs: the outline was painted after the names and crossed them
    (-a1 and g1 in the turn pictures). A name whose letters touch an outline's stroke
    is now painted after it, on a patch of its cell's colour that covers the stroke
    under the letters."""
    from shapely.geometry import LineString, Polygon, box

    from fabgen.draw.metrics import ASCENT, DESCENT, text_advance
    from fabgen.draw.position import HIGHLIGHT, OUTLINE

    pos = small()
    names = {state.name: state for state in pos.fields()}
    drawing = position_drawing(
        pos, highlight=pos.board.fields, outlines=[[(0, 0), (1, 0)]], field_names=True
    )
    painted = drawing.layers[Operation.PRINT]
    lines = [
        (k, LineString((*s.points, s.points[0])).buffer(s.style.width / 2))
        for k, s in enumerate(painted)
        if isinstance(s, Polyline) and s.style in (HIGHLIGHT, OUTLINE)
    ]
    touching = []
    for k, t in enumerate(painted):
        if not (isinstance(t, Text) and t.text in names):
            continue
        w = text_advance(t.text, t.height)
        (x, y), h = t.position, t.height
        ink = box(x - w / 2, y - DESCENT * h, x + w / 2, y + ASCENT * h)
        patch = painted[k - 1]  # the patch of cell colour behind the letters
        assert isinstance(patch, Polyline) and patch.style.stroke is None
        assert patch.style.fill == FILL[names[t.text].status]
        for j, stroke in lines:
            if ink.intersects(stroke):
                touching.append(t.text)
                assert k - 1 > j, f"an outline is painted over the name {t.text!r}"
                crossed = ink.intersection(stroke)
                assert Polygon(patch.points).buffer(1e-6).contains(crossed), t.text
    assert set(touching) == set(names)  # every name touches its red outline: the test tests


def test_player_colours():
    assert player_colour("#ABC", 0) == "#aabbcc"
    assert player_colour("Blue", 3) == "#1f5fbf"
    assert player_colour("plaid", 1) == player_colour(None, 1)


def test_svg_of_a_position_is_reproducible():
    first = render_svg(position_drawing(small(), title="x"))
    assert first == render_svg(position_drawing(small(), title="x"))
    assert b'inkscape:label="Print"' in first


def test_arrows_labels_and_outlines_for_rule_figures():
    pos = small()
    plain = position_drawing(pos, pitch_mm=10.0)
    drawing = position_drawing(
        pos,
        pitch_mm=10.0,
        arrows=[((0, 0), (2, 0)), ((0, 0), (9, 9))],  # the second is off the board: ignored
        labels={(1, 0): "a", (0, 0): "b", (2, 0): "c", (9, 9): "z"},
        outlines=[[(0, 0), (1, 0)], [(9, 9)]],
    )
    before = {s.style for s in shapes(plain, Polyline)}
    new_styles = {s.style for s in shapes(drawing, Polyline)} - before
    # The arrow's, the outline's, and patches of cell colour behind the small labels
    # of a live and of a dead cell.
    assert len(new_styles) == 4
    patches = [s for s in shapes(drawing, Polyline) if s.style.stroke is None and s.style != PAGE]
    assert sorted(p.style.fill for p in patches) == sorted(
        [FILL[Status.LIVE], FILL[Status.LIVE], FILL[Status.DEAD]]
    )
    arrow = [s for s in shapes(drawing, Polyline) if s.style.stroke == "#202020"]
    assert len(arrow) == 2  # shaft and head of the one arrow on the board
    # The arrow's shaft starts in a1's centre and its head stops short of c1's centre.
    shaft = next(a for a in arrow if not a.closed)
    head = next(a for a in arrow if a.closed)
    assert math.dist(shaft.points[0], shaft.points[1]) < 20.0
    assert max(x for x, _ in head.points) - shaft.points[0][0] == pytest.approx(17.0)
    labels = {t.text: t for t in shapes(drawing, Text) if t.text in "abcz"}
    assert set(labels) == {"a", "b", "c"}
    # b1 is empty but under the arrow, and a1 holds stones: small labels at the top;
    # c1 is dead: small too.
    assert labels["a"].height == labels["b"].height == labels["c"].height < 3.0
    alone = position_drawing(pos, pitch_mm=10.0, labels={(1, 0): "a"})
    (big,) = [t for t in shapes(alone, Text) if t.text == "a"]
    assert big.height == pytest.approx(3.0)  # an empty live cell: large, in the middle
    outline = [s for s in shapes(drawing, Polyline) if s.style.dash == (1.4, 0.9)]
    assert len(outline) == 1 and outline[0].closed
    # The outline of two neighbouring cells (a1, b1: the first two) runs just inside
    # their union, around both.
    cells = [s for s in shapes(drawing, Polyline) if s.closed and s.style.fill in FILL.values()]
    x0 = min(x for c in cells[:2] for x, _ in c.points)
    x1 = max(x for c in cells[:2] for x, _ in c.points)
    ox0, _, ox1, _ = outline[0].bbox()
    assert x0 < ox0 < x0 + 2.0 and x1 - 2.0 < ox1 < x1


def test_margin_option_sets_the_white_space_around_the_content():
    wide = position_drawing(small(), legend=False)
    tight = position_drawing(small(), legend=False, margin_mm=1.0)
    assert wide.width - tight.width == pytest.approx(8.0)
    assert wide.height - tight.height == pytest.approx(8.0)


def test_the_page_behind_a_drawing_takes_the_background_given_or_none():
    white = position_drawing(small(), legend=False)
    tinted = position_drawing(small(), legend=False, background="#eef3f9")
    bare = position_drawing(small(), legend=False, background=None)
    first = white.shapes(Operation.PRINT)[0]
    assert first.style == PAGE
    assert tinted.shapes(Operation.PRINT)[0].style.fill == "#eef3f9"
    assert tinted.shapes(Operation.PRINT)[0].points == first.points
    assert bare.shapes(Operation.PRINT) == white.shapes(Operation.PRINT)[1:]
    assert (bare.width, bare.height) == (white.width, white.height)
