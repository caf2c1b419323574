"""The filament read back from a 3MF plate (fabgen.pieces.printing): a plate of boxes
whose volume and surface are known by hand."""

import numpy as np
import pytest

from fabgen.export.mesh import Mesh
from fabgen.export.threemf import PlateItem, threemf_bytes
from fabgen.pieces.printing import facing_areas, read_plate

# a 10 × 20 × 3 mm box, its triangles counter-clockwise seen from outside
CORNERS = np.array([[x, y, z] for z in (0, 3) for y in (0, 20) for x in (0, 10)], float)
FACES = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
BOX = Mesh(CORNERS, np.array([t for a, b, c, d in FACES for t in ((a, b, c), (a, c, d))]))


def test_a_plates_pieces_have_their_copies_volume_and_surface():
    """The kit's estimate at 15 % infill needs each piece's surface as the plate holds
    it, beside its volume: two boxes of 600 mm³ and 580 mm² (2 × (200 + 30 + 60)) and one
    other piece, each where its build item puts it."""
    items = [PlateItem("box #1", BOX, 20, 20), PlateItem("box #2", BOX, 60, 20)]
    items.append(PlateItem("other #1", BOX, 20, 60))
    read = read_plate(threemf_bytes(items, "plate"))
    assert sorted(read) == ["box", "other"]
    box = read["box"]
    assert box.copies == 2
    assert abs(box.volume - 1200) < 1e-6 and abs(box.area - 1160) < 1e-6
    assert abs(read["other"].area - 580) < 1e-6
    assert abs((box + read["other"]).area - 1740) < 1e-6
    # the surface as the estimate's skins and walls take it: 200 mm² looking up, as much
    # looking down, 2 × (60 + 30) mm² of sides, each box
    assert (box.up, box.down, box.side) == pytest.approx((400, 400, 360))
    assert (box.each().volume, box.each().side) == pytest.approx((600, 180))


def test_a_slanted_face_is_both_skin_and_wall():
    """A 45° face of 1 mm² is 0.71 mm² looking up and 0.71 mm² sideways."""
    corners = np.array([[[0, 0, 0], [1, 0, 1], [0, 1, 0]]], float)  # normal (-1, 0, 1)
    up, down, side = facing_areas(corners)
    area = np.sqrt(2) / 2
    assert (up, down, side) == pytest.approx((area / np.sqrt(2), 0, area / np.sqrt(2)))
