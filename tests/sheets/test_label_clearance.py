"""Where tile numbers go: the clearance of a label box from the tile's circles."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.draw.tile_drawing import _clearance, label_spot
from fabgen.geometry.tile import TileGeometry

coord = st.floats(-50, 50)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(coord, coord, st.floats(0.1, 20), st.floats(0.1, 10)), min_size=1, max_size=5
    ),
    st.lists(st.tuples(coord, coord), min_size=1, max_size=7),
    st.floats(0.5, 15),
)
def test_clearance_is_the_distance_to_the_nearest_circle(boxes, centres, radius):
    rows = np.array([(x, y, x + w, y + h) for x, y, w, h in boxes])
    got = _clearance(rows, np.array(centres), radius)
    discs = [shapely.Point(c).buffer(radius, 256) for c in centres]
    for row, clear in zip(rows, got, strict=True):
        box = shapely.box(*row)
        want = min(box.distance(d) for d in discs)
        # the 1024-gon lies inside its circle, at most r·(1 − cos(π/1024)) from it
        assert want - 1e-5 * radius <= clear <= want + 1e-9


def test_a_number_sits_inside_the_tile_clear_of_every_circle():
    layout = TileGeometry.from_width(80, kerf=0.1).layout()
    for chars in (1, 2, 3):
        x, y = label_spot(layout, 4.0, chars)
        box = shapely.box(x - 1.2 * chars, y, x + 1.2 * chars, y + 4.0)
        tile = shapely.Polygon(layout.cut_path.flattened(1e-3))
        assert tile.contains(box)
        for c in layout.circles:
            assert box.distance(shapely.Point(c)) > layout.circle_radius
