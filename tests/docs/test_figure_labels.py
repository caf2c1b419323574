"""The rule sheet's small field labels read as their own field's: each inside its
field's cell, the labels of two fields not side by side across their shared edge, and
one picture's labels one size (fabgen/draw/position.py, ``_LabelRoom``)."""

from __future__ import annotations

import pytest
from shapely.geometry import Polygon, box

from fabgen.docs import figures as F
from fabgen.docs.examples import ORDER
from fabgen.draw.drawing import Operation, Polyline, Text
from fabgen.draw.metrics import ASCENT, text_advance
from fabgen.draw.position import CELL_LINE, FILL, LABEL, LABEL_APART, position_drawing
from fabgen.rules.moves import parse_moves
from fabgen.rules.turn import play_turn

PITCH = 10.0


def cells_and_labels(drawing, position):
    """Each field's cell (drawn first, in the position's order) and each label's text,
    ink box and height."""
    shapes = drawing.layers[Operation.PRINT]
    cells = [
        Polygon(s.points)
        for s in shapes
        if isinstance(s, Polyline)
        and s.style.stroke == CELL_LINE.stroke
        and s.style.fill in FILL.values()
        and len(s.points) == 6
    ]
    fields = [state.field for state in position.fields()]
    assert len(cells) == len(fields)
    labels = []
    for t in shapes:
        if isinstance(t, Text) and t.style == LABEL:
            w = text_advance(t.text, t.height, bold=True)
            (x, y), h = t.position, t.height
            labels.append((t.text, box(x - w / 2, y, x + w / 2, y + ASCENT * h), h))
    return dict(zip(fields, cells, strict=True)), labels


def test_the_order_figures_labels_sit_in_their_own_fields():
    """After "a to c, then b to d", d's label sat at the foot of d and c's at the top
    of c, a quarter of a cell apart across the edge of the two: they read "d c". Every
    label is now inside its field's cell, clear of its edges, and labels of two fields
    at least LABEL_APART pitches apart."""
    start = ORDER.position()
    letters = ORDER.letter_fields()
    (first, second), *_ = F.order_pairs(start)
    for position in (start, play_turn(start, [first, second])[0]):
        drawing = position_drawing(position, pitch_mm=PITCH, labels=letters, legend=False)
        cells, labels = cells_and_labels(drawing, position)
        assert sorted(text for text, _, _ in labels) == sorted(letters.values())
        for field, letter in letters.items():
            (ink,) = [ink for text, ink, _ in labels if text == letter]
            inner = cells[field].buffer(-0.02 * PITCH)
            assert inner.contains(ink), (letter, field)
        for i, (a, ink_a, _) in enumerate(labels):
            for b, ink_b, _ in labels[i + 1 :]:
                assert ink_a.distance(ink_b) >= LABEL_APART * PITCH - 1e-6, (a, b)


def test_a_label_in_a_picture_of_play():
    """A stone and a label in one cell: the label keeps off the count on the stone."""
    position = play_turn(ORDER.position(), parse_moves("pass"))[0]
    drawing = position_drawing(position, pitch_mm=PITCH, labels=ORDER.letter_fields())
    _, labels = cells_and_labels(drawing, position)
    counts = [
        t
        for t in drawing.layers[Operation.PRINT]
        if isinstance(t, Text) and t.style is not None and t.style.bold and t.style != LABEL
    ]
    for _, ink, _ in labels:
        for count in counts:
            w = text_advance(count.text, count.height, bold=True)
            (x, y), h = count.position, count.height
            assert not ink.intersects(box(x - w / 2, y, x + w / 2, y + ASCENT * h))


@pytest.mark.parametrize("name", sorted(F.FIGURES))
def test_every_figures_labels_are_inside_one_cell_and_one_size(name):
    """The extreme machine's wave numbers were large in empty fields (4, 5) and small
    beside a cross (3, 2,5, 1,6). Every panel's labels are now one size, and each lies
    inside one cell, none across an edge."""
    for panel in F.figure(name).panels:
        shapes = panel.drawing.layers[Operation.PRINT]
        cells = [
            Polygon(s.points)
            for s in shapes
            if isinstance(s, Polyline) and s.style.stroke == CELL_LINE.stroke and len(s.points) == 6
        ]
        heights = set()
        for t in shapes:
            if isinstance(t, Text) and t.style == LABEL:
                w = text_advance(t.text, t.height, bold=True)
                (x, y), h = t.position, t.height
                ink = box(x - w / 2, y, x + w / 2, y + ASCENT * h)
                assert sum(cell.contains(ink) for cell in cells) == 1, (name, t.text)
                heights.add(round(h, 6))
        assert len(heights) <= 1, (name, panel.label, heights)
