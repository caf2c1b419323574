"""Where tile numbers go: the clearance of a label box from the tile's circles."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.draw.sheet import SheetJob, TileSheetOptions, build_sheets
from fabgen.draw.tile_drawing import _clearance, label_spot
from fabgen.errors import ParameterError
from fabgen.geometry.nesting import SheetSpec
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


def vera_width(text: str, cap_height: float) -> float:
    """Advance width in Bitstream Vera (reportlab's copy), cap height 0.72 em."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    return pdfmetrics.stringWidth(text, "Vera", cap_height / 0.72)


def test_a_number_sits_inside_the_tile_clear_of_every_circle():
    layout = TileGeometry.from_width(80, kerf=0.1).layout()
    for text in ("7", "12", "123"):
        x, y = label_spot(layout, 4.0, text)
        half = vera_width(text, 4.0) / 2
        box = shapely.box(x - half, y, x + half, y + 4.0)
        tile = shapely.Polygon(layout.cut_path.flattened(1e-3))
        assert tile.contains(box)
        for c in layout.circles:
            assert box.distance(shapely.Point(c)) > layout.circle_radius


def test_numbers_too_high_for_the_tile_are_refused():
    """At 8 mm a two-digit number (14.1 mm long in Vera) fits nowhere on a 60 mm rosette:
    it was engraved over a circle and the border."""
    job = SheetJob(
        geometry=TileGeometry.from_width(60, outline="rosette"),
        sheet=SheetSpec.parse("300x200", 5.0),
        tiles=10,
        tile_options=TileSheetOptions(numbers=True, label_height=8.0, border_inset=1.0),
    )
    with pytest.raises(ParameterError, match="label height 8 mm is too high"):
        build_sheets(job)
