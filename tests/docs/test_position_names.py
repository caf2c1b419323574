"""Field names on turn pictures (fabgen/draw/position.py), read back from the drawing
model: each inside its own cell, clear of the tile borders and the stone, at the
legible size or larger."""

import pytest
from shapely.geometry import LineString, Point, Polygon, box

from fabgen.board.files import load_preset
from fabgen.draw.drawing import Circle, Operation, Polyline, Text
from fabgen.draw.metrics import ASCENT, DESCENT, LEGIBLE_CAP_MM, text_advance
from fabgen.draw.position import STONE, TILE_LINE, names_pitch, position_drawing
from fabgen.geometry.lattice import field_xy
from fabgen.rules import position_from_names
from fabgen.rules.names import field_name

# A tile far from the origin, for names of five characters (-aa12), with a stone on each.
FAR = position_from_names(["-AA12"], [{"-AA12": 1}])


def _names(drawing, position):
    names = {field_name(s.field): s.field for s in position.fields()}
    shapes = drawing.layers[Operation.PRINT]
    return [(t, names[t.text]) for t in shapes if isinstance(t, Text) and t.text in names]


@pytest.mark.parametrize(
    "position",
    [load_preset("6p-hexagon-37").position(), load_preset("3p-triangle-4").position(), FAR],
    ids=["6p-hexagon-37", "3p-triangle-4", "-aa12"],
)
def test_field_names_fit_their_cells_at_the_legible_size(position):
    """Names of four characters or more (-h-3, -aa12) ran over the tile border into the
    next cell, and every name was 1.4 mm high. Each name's letters (descenders too)
    now lie inside its cell, clear of every tile border and of a stone, at 1.78 mm or
    more: the picture's pitch grows where the names need it."""
    drawing = position_drawing(position, field_names=True, key=True)
    shapes = drawing.layers[Operation.PRINT]
    borders = [
        LineString(s.points).buffer(TILE_LINE.width / 2)
        for s in shapes
        if isinstance(s, Polyline) and s.style == TILE_LINE
    ]
    found = _names(drawing, position)
    assert len(found) == len(list(position.fields()))
    pitch = names_pitch([t.text for t, _ in found], 10.0)
    # where the drawing put the field (0, 0): a stone's disc is centred on its field
    field = next(s.field for s in position.fields() if s.stones)
    disc = next(c for c in shapes if isinstance(c, Circle) and c.radius == STONE * pitch)
    dx, dy = (a - b for a, b in zip(disc.centre, field_xy(field, pitch), strict=True))
    longest = max(len(t.text) for t, _ in found)
    assert longest >= 3
    for t, field in found:
        (x, y), h = t.position, t.height
        assert h >= LEGIBLE_CAP_MM, t.text
        w = text_advance(t.text, h)
        ink = box(x - w / 2, y - DESCENT * h, x + w / 2, y + ASCENT * h)
        cx, cy = field_xy(field, pitch)
        cx, cy = cx + dx, cy + dy
        r = pitch / 3**0.5
        cell = Polygon([(cx + r * c, cy + r * s) for c, s in _corners()])
        assert cell.contains(ink), f"{t.text} runs out of its cell"
        assert not any(ink.intersects(b) for b in borders), f"{t.text} touches a tile border"
        assert ink.distance(Point(cx, cy)) >= STONE * pitch, f"{t.text} is on its stone"


def _corners():
    import math

    return [
        (math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k))) for k in range(6)
    ]


def test_the_pitch_grows_only_with_names_and_the_key_keeps_its_size():
    """Without names the picture keeps the pitch asked for; with them the cells grow
    (more for -aa12 than for the 3-player triangle's names), the legend and key do not."""
    start = load_preset("3p-triangle-4").position()
    bare = position_drawing(start, key=True)
    named = position_drawing(start, field_names=True, key=True)
    far = position_drawing(FAR, field_names=True, key=True)
    assert names_pitch(["c3"], 10.0) > 10.0
    assert names_pitch(["-aa12"], 10.0) > names_pitch(["c3"], 10.0)
    assert named.width > bare.width and far.width > 0

    def key_heights(d):
        return sorted(
            {
                t.height
                for t in d.layers[Operation.PRINT]
                if isinstance(t, Text) and t.align == "left"
            }
        )

    assert key_heights(named) == key_heights(bare) == key_heights(far)
