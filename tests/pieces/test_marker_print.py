"""Markers as a maker prints them, read back from the STL that `fabgen stones --markers`
writes: nothing overhangs but short bridges (a pocket underneath once left a 21 mm
bridge, sliced), the pocket on top holds the stone with the clearance, and the same
markers come for disc and pyramid stones."""

from __future__ import annotations

import math
import struct
from collections import defaultdict

import pytest

from fabgen.pieces.params import DiscStone, Marker, PyramidStone
from fabgen.products.stones import StoneSet, stone_files

#: Longest bridge that prints clean on any FDM printer without tuning, mm.
SHORT_BRIDGE = 4.0
#: A 45° overhang prints without support; its facets' normals point this far down (a
#: degree more for the STL's float32 corners).
STEEPEST = -math.sin(math.radians(46.0))


def read_stl(data: bytes) -> list[tuple[tuple[float, float, float], ...]]:
    (count,) = struct.unpack_from("<I", data, 80)
    assert len(data) == 84 + 50 * count
    out = []
    for k in range(count):
        v = struct.unpack_from("<12f", data, 84 + 50 * k)
        out.append((v[3:6], v[6:9], v[9:12]))
    return out


def normal(tri):
    (ax, ay, az), (bx, by, bz), (cx, cy, cz) = tri
    ux, uy, uz, vx, vy, vz = bx - ax, by - ay, bz - az, cx - ax, cy - ay, cz - az
    n = (uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx)
    size = math.hypot(*n)
    return tuple(c / size for c in n), size / 2


def faces_at(triangles, z: float, up: bool):
    """The flat faces at height ``z`` facing up (or down), as one shapely shape."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    flat = []
    for tri in triangles:
        (_, _, nz), area = normal(tri)
        level = all(abs(c[2] - z) < 1e-4 for c in tri)
        if area > 1e-9 and abs(nz) > 0.9999 and (nz > 0) == up and level:
            flat.append(Polygon([c[:2] for c in tri]).buffer(1e-6))
    return unary_union(flat)


@pytest.fixture(scope="module")
def markers(cq):
    """Each marker kind for each design: the piece and its STL read back."""
    out = {}
    for design, stone in (("disc", DiscStone()), ("pyramid", PyramidStone())):
        pieces = tuple(Marker.for_stone(stone, kind) for kind in ("growing", "dead"))
        files = stone_files(StoneSet(pieces)).files
        for piece in pieces:
            out[design, piece.kind] = (stone, piece, read_stl(files[f"{piece.name}.stl"]))
    return out


@pytest.mark.parametrize("kind", ["growing", "dead"])
def test_a_marker_prints_without_support_and_with_short_bridges_only(kind, markers):
    _, marker, triangles = markers["disc", kind]
    ceilings = defaultdict(list)
    for tri in triangles:
        (_, _, nz), area = normal(tri)
        if area < 1e-9 or nz >= STEEPEST:
            continue
        low = min(c[2] for c in tri)
        assert nz < -0.9999, f"an overhang steeper than 45° at z = {low:.2f}"
        if low > 1e-4:  # a ceiling over air, not the face on the bed
            ceilings[round(low, 4)].append(tri)
    assert sorted(ceilings) == [pytest.approx(marker.sunk_depth)]  # the sunk symbol's only
    import shapely

    for z in ceilings:
        ceiling = faces_at(triangles, z, up=False)
        for part in getattr(ceiling, "geoms", [ceiling]):
            span = 2 * shapely.maximum_inscribed_circle(part).length
            assert span <= SHORT_BRIDGE, f"a bridge of {span:.1f} mm at z = {z}"


@pytest.mark.parametrize("kind", ["growing", "dead"])
def test_the_pocket_holds_the_stone_with_its_clearance(kind, markers):
    """Measured on the STL: the pocket floor reaches to the pocket wall, a clearance
    from the stone; the floor and the face on the bed both leave the symbol out."""
    from fabgen.geometry.symbols import symbol_area

    stone, marker, triangles = markers["disc", kind]
    floor = faces_at(triangles, marker.thickness - marker.pocket_depth, up=True)
    outer = max(getattr(floor, "geoms", [floor]), key=lambda part: part.area).exterior
    wall = max(math.hypot(x, y) for x, y in outer.coords)
    assert wall == pytest.approx(stone.radius + stone.clearance, abs=1e-3)
    symbol = symbol_area(marker.symbol, marker.symbol_radius)
    assert floor.area == pytest.approx(math.pi * wall**2 - symbol, rel=0.01)
    bed = faces_at(triangles, 0.0, up=False)
    rim = marker.radius - marker.chamfer
    assert bed.area == pytest.approx(math.pi * rim**2 - symbol, rel=0.01)


def test_disc_and_pyramid_stones_get_the_same_markers(markers):
    """One round pocket holds either stone (a pyramid by its corners), and the symbol is
    the one that fits under a disc stone, so both designs print the same markers."""
    for kind in ("growing", "dead"):
        disc, pyramid = markers["disc", kind], markers["pyramid", kind]
        assert disc[1] == pyramid[1]
        assert disc[2] == pyramid[2]
        assert pyramid[0].radius + pyramid[0].clearance == pytest.approx(pyramid[1].pocket_radius)
