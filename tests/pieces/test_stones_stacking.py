"""Stacking in code: pieces placed at their resting height touch without overlapping,
sit no higher than needed, slide sideways by exactly the clearance, and six of them
stand as high as the parameters say."""

from __future__ import annotations

import itertools
import math

import pytest

from fabgen.pieces.params import DiscStone, Marker, PyramidStone

ZERO = 1e-6  # mm³: "zero volume" for a boolean intersection


@pytest.mark.parametrize("clearance", [0.1, 0.2, 0.35])
def test_disc_stone_rests_on_the_one_below_with_play_equal_to_clearance(
    clearance, build, overlap, play
):
    stone = DiscStone(clearance=clearance)
    solid = build(stone)
    rest = stone.height  # documented: the recess is deeper than the boss
    assert overlap(solid, solid, dz=rest) < ZERO
    assert overlap(solid, solid, dz=rest - 0.02) > ZERO  # lower would overlap: it rests
    measured = play(solid, solid, rest)
    assert measured == pytest.approx(clearance, abs=0.01)
    diagonal = play(solid, solid, rest, direction=(math.sqrt(0.5), math.sqrt(0.5)))
    assert diagonal == pytest.approx(clearance, abs=0.01)


@pytest.mark.parametrize("clearance", [0.1, 0.2, 0.35])
def test_a_stones_symbol_clears_the_recess_ceiling_above_by_the_clearance_at_least(
    clearance, build, cq, overlap
):
    """The recess ceiling is on a 0.2 mm layer (the depth rounded up), so a stone lowered
    by the clearance onto the boss and symbol below (the ring taken away) does not touch
    them, and lowered by the stone's vertical play and a little more, it does."""
    stone = DiscStone(symbol="star", clearance=clearance)
    solid = build(stone)
    above = cq.Solid.makeBox(40, 40, 10, cq.Vector(-20, -20, stone.height))
    boss = solid.intersect(above)  # the boss and its symbol alone
    assert stone.vertical_play >= clearance - 1e-9
    assert stone.vertical_play - clearance < 0.2
    assert overlap(boss, solid, dz=stone.height - clearance + 0.01) < ZERO
    assert overlap(boss, solid, dz=stone.height - stone.vertical_play + 0.01) < ZERO
    assert overlap(boss, solid, dz=stone.height - stone.vertical_play - 0.02) > ZERO


def test_seat_symbol_fits_the_recess_of_the_stone_above(build, overlap, play):
    starred = DiscStone(symbol="star")
    lower, upper = build(starred), build(DiscStone(symbol="cross"))
    assert overlap(lower, upper, dz=starred.height) < ZERO
    assert play(lower, upper, starred.height) == pytest.approx(starred.clearance, abs=0.01)


def test_six_disc_stones_stack_to_the_expected_height(build, cq, overlap):
    stone = DiscStone(symbol="triangle")
    solid = build(stone)
    levels = [solid.translate(cq.Vector(0, 0, k * stone.height)) for k in range(6)]
    for below, above in itertools.pairwise(levels):
        assert overlap(below, above) < ZERO
    stack = cq.Compound.makeCompound(levels).BoundingBox()
    expected = 6 * stone.height + stone.boss_height + stone.symbol_height
    assert stack.zlen == pytest.approx(expected, abs=1e-4)
    assert stack.zlen == pytest.approx(stone.stack_height(6), abs=1e-9)


@pytest.mark.parametrize(
    ("circle", "clearance"), [(22.677868, 0.1), (22.677868, 0.3), (20.410082, 0.2)]
)
def test_pyramids_nest_with_the_clearance_square_to_the_faces(
    circle, clearance, build, overlap, play
):
    """The pyramid above rests its inner ceiling on the top below, one cap higher: the
    nesting pitch of the faces' clearance, and more by under a layer where the ceiling is
    rounded down to one (the 100 and 90 mm tiles' stones: 3.43 to 3.6 mm, 3.78 to 3.8)."""
    pyramid = PyramidStone(circle_diameter=circle, clearance=clearance)
    solid = build(pyramid)
    a0, a1 = pyramid.diameter * math.sqrt(3) / 4, pyramid.top_diameter * math.sqrt(3) / 4
    lean = math.atan((a0 - a1) / pyramid.height)
    pitch = (pyramid.wall + clearance) / math.sin(lean)
    rest = pyramid.stack_pitch
    assert pitch <= rest < pitch + 0.2
    assert overlap(solid, solid, dz=rest) < ZERO
    assert overlap(solid, solid, dz=rest - 0.02) > ZERO
    # slide square to a face (the apothem direction is 30° off the corners on x): the
    # clearance and what the rounding adds, the faces one cap apart
    direction = (math.cos(math.radians(30)), math.sin(math.radians(30)))
    sideways = play(solid, solid, rest, direction)
    square = sideways * math.cos(lean)
    assert square == pytest.approx(rest * math.sin(lean) - pyramid.wall, abs=0.01)
    assert square >= clearance - 0.005


def test_six_pyramids_nest_to_the_expected_height(build, cq, overlap):
    pyramid = PyramidStone()
    solid = build(pyramid)
    pitch = pyramid.stack_pitch
    levels = [solid.translate(cq.Vector(0, 0, k * pitch)) for k in range(6)]
    for below, above in itertools.pairwise(levels):
        assert overlap(below, above) < ZERO
    assert overlap(levels[0], levels[2]) < ZERO
    height = cq.Compound.makeCompound(levels).BoundingBox().zlen
    assert height == pytest.approx(pyramid.height + 5 * pitch, abs=1e-4)


@pytest.mark.parametrize("kind", ["growing", "dead"])
@pytest.mark.parametrize("design", ["disc", "pyramid"])
def test_a_stack_stands_in_the_pocket_of_a_marker(kind, design, build, overlap, play):
    stone = DiscStone() if design == "disc" else PyramidStone()
    marker = Marker.for_stone(stone, kind)
    tray, piece = build(marker), build(stone)
    rest = marker.thickness - marker.pocket_depth
    assert overlap(tray, piece, dz=rest) < ZERO
    assert overlap(tray, piece, dz=rest - 0.02) > ZERO
    # the pocket wall stops the stone after the clearance (a pyramid's corners on x
    # reach the pocket's wall); the symbol never touches
    assert play(tray, piece, rest) == pytest.approx(stone.clearance, abs=0.01)
