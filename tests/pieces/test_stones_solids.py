"""Every piece is exactly one valid solid whose volume and bounding box are the ones its
parameters imply. Expected values are worked out here from the parameters, not taken
from the code under test."""

from __future__ import annotations

import math

import pytest

from fabgen.pieces.params import DiscStone, Marker, PyramidStone

PI = math.pi


def chamfer_off(radius, s, outward=False):
    """A 45° chamfer of size s on a circular edge: triangle s²/2 swept round (Pappus)."""
    return 2 * PI * (radius + s / 3 if outward else radius - s / 3) * s * s / 2


def hex_area(apothem):
    return 6 * apothem * apothem / math.sqrt(3)


def hex_frustum(a0, a1, h):
    b0, b1 = hex_area(a0), hex_area(a1)
    return h / 3 * (b0 + b1 + math.sqrt(b0 * b1))


def symbol_area(name, r):
    w = 0.3 * r
    bar = 2 * math.sqrt(r * r - w * w / 4) * w
    ring = PI * (r * r - (0.7 * r) ** 2)
    return {
        "none": 0.0,
        "ring": ring,
        "bar": bar,
        "triangle": 0.5 * 3 * r * r * math.sin(math.radians(120)),
        "square": (r * math.sqrt(2)) ** 2,
        # ten triangles between the outer and inner corners, 36° apart
        "star": 10 * 0.5 * r * (0.5 * r) * math.sin(math.radians(36)),
        "cross": 2 * bar - w * w,
        "saltire": 2 * bar - w * w,
        "source": ring + PI * (0.35 * r) ** 2,
        # machine symbols: six equilateral triangles; a rhombus from its two diagonals
        "hexagon": 6 * math.sqrt(3) / 4 * r * r,
        "diamond": (2 * r) * (2 * r / math.sqrt(3)) / 2,
    }[name]


def disc_volume(s: DiscStone):
    R, rb, c, ch = s.diameter / 2, s.boss_diameter / 2, s.clearance, s.chamfer
    rr = rb + c
    # boss, symbol and clearance, rounded up to whole 0.2 mm layers
    depth = math.ceil((s.boss_height + s.symbol_height + c) / 0.2 - 1e-6) * 0.2
    body = PI * R * R * s.height - chamfer_off(R, ch)
    recess = PI * rr * rr * depth + chamfer_off(rr, ch, outward=True)
    boss = PI * rb * rb * s.boss_height - chamfer_off(rb, ch)
    raised = s.symbol_height if s.symbol != "none" else 0.0
    symbol = symbol_area(s.symbol, 0.8 * (rb - ch)) * raised
    return body - recess + boss + symbol


def pyramid_volume(p: PyramidStone):
    a0, a1 = p.diameter * math.sqrt(3) / 4, p.top_diameter * math.sqrt(3) / 4
    lean = math.atan((a0 - a1) / p.height)
    pitch = (p.wall + p.clearance) / math.sin(lean)
    # the cavity's ceiling one pitch under the top, down to a whole layer of 0.2 mm
    ceiling = 0.2 * math.floor((p.height - pitch) / 0.2 + 1e-9)
    inner0 = a0 - p.wall / math.cos(lean)
    inner1 = inner0 - ceiling * math.tan(lean)
    vent = PI * (p.vent_diameter / 2) ** 2 * (p.height - ceiling)
    return hex_frustum(a0, a1, p.height) - hex_frustum(inner0, inner1, ceiling) - vent


def marker_volume(m: Marker):
    R = m.stone_diameter / 2 + m.clearance + m.wall
    rp = m.stone_diameter / 2 + m.clearance
    p = m.pocket_depth
    symbol = {"growing": "source", "dead": "saltire"}[m.kind]
    tray = PI * R * R * m.thickness - 2 * chamfer_off(R, m.chamfer) - PI * rp * rp * p
    # raised in the pocket, sunk into the underside
    return tray + symbol_area(symbol, m.symbol_radius) * (p - m.sunk_depth)


PIECES = {
    "disc": DiscStone(),
    "disc-star": DiscStone(symbol="star"),
    "pyramid": PyramidStone(),
    "growing": Marker(kind="growing"),
    "dead": Marker(kind="dead"),
    **{
        f"disc-{sym}": DiscStone(symbol=sym)
        for sym in ("ring", "bar", "triangle", "square", "hexagon", "diamond")
    },
    "disc-cross": DiscStone(symbol="cross", clearance=0.35, chamfer=0.0),
    "disc-small": DiscStone(circle_diameter=15.0, height=4.0, boss_height=1.0, wall=0.8),
    "pyramid-tall": PyramidStone(
        height=16.0, top_diameter=7.0, clearance=0.1, wall=1.6, vent_diameter=1.5
    ),
    "pyramid-small": PyramidStone(circle_diameter=15.0, height=9.0, vent_diameter=1.5),
    "marker-pyramid": Marker.for_stone(PyramidStone(), "growing"),
    "marker-thick": Marker(kind="dead", thickness=5.0, pocket_depth=1.4, chamfer=0.0),
}


def expected_volume(piece):
    if isinstance(piece, DiscStone):
        return disc_volume(piece)
    if isinstance(piece, PyramidStone):
        return pyramid_volume(piece)
    return marker_volume(piece)


def expected_size(piece):
    """Bounding box (x, y, z lengths)."""
    if isinstance(piece, DiscStone):
        raised = piece.symbol_height if piece.symbol != "none" else 0.0
        return piece.diameter, piece.diameter, piece.height + piece.boss_height + raised
    if isinstance(piece, PyramidStone):
        # corners on the x axis: across corners in x, across flats in y
        return piece.diameter, piece.diameter * math.sqrt(3) / 2, piece.height
    d = piece.stone_diameter + 2 * (piece.clearance + piece.wall)
    return d, d, piece.thickness


@pytest.mark.parametrize("key", sorted(PIECES))
def test_piece_is_one_valid_solid_with_the_implied_volume_and_size(key, build):
    piece = PIECES[key]
    solid = build(piece)
    assert solid.isValid()
    assert len(solid.Solids()) == 1
    assert solid.Volume() == pytest.approx(expected_volume(piece), rel=1e-7)
    assert piece.volume == pytest.approx(expected_volume(piece), rel=1e-9)
    box = solid.BoundingBox()
    size = (box.xlen, box.ylen, box.zlen)
    assert size == pytest.approx(expected_size(piece), abs=1e-4)
    assert box.zmin == pytest.approx(0, abs=1e-6)  # stands on the bed
    assert (box.xmin + box.xmax, box.ymin + box.ymax) == pytest.approx((0, 0), abs=1e-4)


def test_marker_symbols_differ_on_each_kind_and_read_on_both_faces(build, cq):
    """Cut a thin slice at each face's symbol level: the two kinds differ, and the symbol
    raised in the pocket on top has the area of the one sunk into the underside."""
    for kind, symbol in (("growing", "source"), ("dead", "saltire")):
        marker = Marker(kind=kind)
        solid = build(marker)
        r, p, t, d = marker.symbol_radius, marker.pocket_depth, marker.thickness, marker.sunk_depth
        probe_r = r + 0.01
        for z0, height in ((t - p, p), (0.0, d)):
            probe = cq.Workplane("XY", origin=(0, 0, z0)).circle(probe_r).extrude(height).val()
            area = solid.intersect(probe).Volume() / height
            raised = area if z0 > 0 else PI * probe_r**2 - area  # below: what is cut away
            assert raised == pytest.approx(symbol_area(symbol, r), rel=1e-6)
