"""Parameters, defaults and refusals: pure Python, no CAD."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.errors import ParameterError
from fabgen.geometry.tile import TileGeometry
from fabgen.pieces.params import (
    DiscStone,
    Marker,
    PyramidStone,
    calibration_name,
    calibration_stones,
    layer_note,
)


@pytest.mark.parametrize("width", [100.0, 80.0, 140.0])
def test_stone_diameter_derives_from_the_tile_circle(width):
    circle = TileGeometry.from_width(width).circle_diameter
    assert DiscStone(circle_diameter=circle).diameter == pytest.approx(circle - 2.0)
    assert PyramidStone(circle_diameter=circle).diameter == pytest.approx(circle - 2.0)


def test_default_tile_gives_the_documented_sizes():
    stone = DiscStone()
    assert stone.circle_diameter == pytest.approx(0.6 * 100 / math.sqrt(7))  # 22.68 mm
    assert stone.diameter == pytest.approx(20.678, abs=1e-3)
    assert stone.name == "stone-disc-d20.7-c0.2"
    assert DiscStone(symbol="star", clearance=0.15).name == "stone-disc-d20.7-c0.15-star"
    assert PyramidStone().name == "stone-pyramid-d20.7-c0.2"
    assert Marker(kind="dead").name == "marker-dead-d23.5-c0.2"


def test_disc_stacking_sizes():
    s = DiscStone(clearance=0.25)
    assert s.recess_radius - s.boss_radius == pytest.approx(0.25)
    # the boss and its symbol clear the recess ceiling by the clearance at least: 1.6 +
    # 0.6 + 0.25 mm, rounded up to the 0.2 mm layer the ceiling prints on
    assert s.recess_depth == pytest.approx(2.6)
    assert s.vertical_play == pytest.approx(0.4)
    assert DiscStone(clearance=0.2).vertical_play == pytest.approx(0.2)
    assert s.stack_pitch == s.height
    assert s.stack_height(6) == pytest.approx(6 * s.height + s.boss_height)
    starred = DiscStone(symbol="star")
    assert starred.stack_height(6) == pytest.approx(6 * 5.0 + 1.6 + 0.6)


def test_pyramid_nesting_geometry_follows_from_the_slope():
    p = PyramidStone(wall=1.2, clearance=0.2)
    lean = math.atan((p.base_apothem - p.top_apothem) / p.height)
    pitch = (1.2 + 0.2) / math.sin(lean)
    assert p.nesting_pitch == pytest.approx(pitch)  # 3.43 mm
    # the cap's inner ceiling, 12 - 3.43 = 8.57 mm, rounded down to the layer at 8.4 mm
    # (a slicer printed it at 8.6, and the pyramid above sank 0.03 mm into the clearance)
    assert p.cavity_height == pytest.approx(8.4)
    assert p.cap == pytest.approx(3.6) and p.stack_pitch == p.cap
    assert p.stack_height(6) == pytest.approx(p.height + 5 * 3.6)
    # a pyramid nested one cap higher: its inner ceiling lies on the top below and its
    # inner faces are at least `clearance` away from the faces below, square to them
    horizontal_gap = p.inner_apothem(p.cavity_height) - p.top_apothem
    assert horizontal_gap * math.cos(lean) == pytest.approx(p.cap * math.sin(lean) - 1.2)
    assert 0.2 < horizontal_gap * math.cos(lean) < 0.2 + 0.2 * math.sin(lean)
    assert 0 < math.degrees(lean) <= 45


def test_marker_holds_its_stone_and_clears_its_recess():
    stone = DiscStone()
    marker = Marker.for_stone(stone, "growing")
    assert marker.pocket_radius - stone.radius == pytest.approx(stone.clearance)
    assert marker.diameter == pytest.approx(stone.diameter + 2 * (stone.clearance + stone.wall))
    # the symbol stays inside the stone's recess even when the stone slides by its play
    assert marker.symbol_radius + stone.clearance < stone.recess_radius
    assert marker.pocket_depth <= stone.recess_depth - stone.clearance
    assert marker == Marker(kind="growing")


def test_calibration_pair():
    low, high = calibration_stones(DiscStone(clearance=0.2))
    assert (low.clearance, high.clearance) == (pytest.approx(0.1), pytest.approx(0.3))
    assert low.boss_radius == high.boss_radius  # only the recess differs
    assert (low.symbol, high.symbol) == ("bar", "cross")
    assert calibration_name((low, high)) == "stone-disc-d20.7-calibration-c0.1-c0.3"


REFUSALS = [
    (lambda: DiscStone(wall=0.7), "wall", "0.8"),
    (lambda: PyramidStone(wall=0.5), "wall", "0.8"),
    (lambda: DiscStone(clearance=-0.1), "clearance", "0 to 1"),
    (lambda: DiscStone(clearance=1.2), "clearance", "0 to 1"),
    (lambda: PyramidStone(clearance=1.5), "clearance", "0 to 1"),
    (lambda: DiscStone(diameter=23.0), "stone_diameter", "22.68"),
    (lambda: PyramidStone(diameter=30.0), "stone_diameter", "22.68"),
    (lambda: DiscStone(boss_diameter=18.0), "boss_diameter", "at most 17.87"),
    (lambda: DiscStone(height=3.0), "height", "at least 3.6 mm"),
    (lambda: DiscStone(height=3.0, wall=1.3), "height", "3.7 mm (3.8 mm on whole 0.2 mm layers)"),
    (lambda: DiscStone(chamfer=1.0), "chamfer", "0 and 0.8 mm"),
    (lambda: DiscStone(symbol="heart"), "symbol", "heart"),
    (lambda: DiscStone.for_seat(7), "seat", "1 to 6"),
    (lambda: DiscStone(diameter=8.0, symbol="ring"), "symbol", "0.8"),
    (lambda: DiscStone(height=float("nan")), "height", "positive"),
    (lambda: PyramidStone(height=4.0), "height", "45°"),
    (lambda: PyramidStone(top_diameter=18.0), "top_diameter", "nest"),
    (lambda: PyramidStone(top_diameter=21.0), "top_diameter", "smaller than the base"),
    (lambda: PyramidStone(vent_diameter=6.0), "vent_diameter", "at most"),
    (lambda: Marker(thickness=2.5), "thickness", "at least 2.8"),
    (lambda: Marker(kind="burnt"), "kind", "growing, dead"),
    (
        lambda: Marker.for_stone(DiscStone(circle_diameter=13.6), "dead"),
        "stone_diameter",
        "at least 11.86 mm, in circles of at least 13.86 mm: a tile width of at least 61.09",
    ),
    (lambda: Marker(chamfer=2.0), "chamfer", "between 0 and"),
    (lambda: calibration_stones(DiscStone(clearance=0.95)), "clearance", "1.05"),
]


@pytest.mark.parametrize(("make", "parameter", "hint"), REFUSALS)
def test_impossible_parameters_are_refused_naming_parameter_and_limit(make, parameter, hint):
    with pytest.raises(ParameterError) as info:
        make()
    assert info.value.parameter == parameter
    assert hint in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("make", "parameter", "hint"),
    [
        # circles of 5 and 10 mm tiles: the stone that follows them is 0.27 or -0.87 mm
        (lambda: DiscStone(circle_diameter=2.27), "width", "circles of at least 7.6 mm"),
        (lambda: DiscStone(circle_diameter=1.13), "width", "circles of at least 7.6 mm"),
        (lambda: PyramidStone(circle_diameter=1.13), "width", "a tile width of at least"),
        (lambda: DiscStone(diameter=4.0), "stone_diameter", "needs at least 5.6 mm"),
        (lambda: DiscStone(diameter=2.5, boss_diameter=1.0), "stone_diameter", "at least 3.8"),
    ],
)
def test_too_small_stones_are_told_what_can_grow(make, parameter, hint):
    with pytest.raises(ParameterError) as info:
        make()
    assert info.value.parameter == parameter
    assert hint in str(info.value)
    assert not re.search(r"-\d", str(info.value))  # no negative size, no flag
    assert "boss of at most" not in str(info.value)


def test_stone_larger_than_circle_names_both_sizes():
    with pytest.raises(ParameterError, match=r"stone diameter 25 mm .* circle 22\.68 mm"):
        DiscStone(diameter=25.0)


@settings(max_examples=150, deadline=None)
@given(
    diameter=st.floats(5, 25),
    height=st.floats(1, 10),
    boss=st.one_of(st.none(), st.floats(1, 20)),
    boss_height=st.floats(0.2, 4),
    clearance=st.floats(-0.5, 1.5),
    chamfer=st.floats(0, 1.5),
    wall=st.floats(0.5, 3),
    symbol=st.sampled_from(["none", "ring", "star", "cross"]),
)
def test_accepted_disc_stones_keep_every_wall(
    diameter, height, boss, boss_height, clearance, chamfer, wall, symbol
):
    try:
        s = DiscStone(
            diameter=diameter,
            height=height,
            boss_diameter=boss,
            boss_height=boss_height,
            clearance=clearance,
            chamfer=chamfer,
            wall=wall,
            symbol=symbol,
        )
    except ParameterError:
        return
    assert s.wall >= 0.8 and 0 <= s.clearance <= 1 and s.diameter <= s.circle_diameter
    assert s.radius - s.recess_radius >= wall - 1e-9
    assert s.height - s.recess_depth >= wall - 1e-9
    assert s.vertical_play >= s.clearance - 1e-9
    assert abs(s.recess_depth / 0.2 - round(s.recess_depth / 0.2)) < 1e-6  # on a layer
    assert s.volume > 0


@settings(max_examples=150, deadline=None)
@given(
    diameter=st.floats(5, 25),
    height=st.floats(2, 30),
    top=st.floats(1, 20),
    wall=st.floats(0.5, 3),
    clearance=st.floats(0, 1),
)
def test_accepted_pyramids_nest(diameter, height, top, wall, clearance):
    try:
        p = PyramidStone(
            diameter=diameter, height=height, top_diameter=top, wall=wall, clearance=clearance
        )
    except ParameterError:
        return
    assert p.nesting_pitch <= p.height / 2
    # the ceiling on a whole 0.2 mm layer, less than one below a nesting pitch
    assert p.cavity_height / 0.2 == pytest.approx(round(p.cavity_height / 0.2), abs=1e-9)
    assert p.nesting_pitch - 1e-9 <= p.cap < p.nesting_pitch + 0.2
    # the cap below fits inside the ceiling with the clearance (square to the faces), and
    # more by what the ceiling's rounding adds
    gap = p.inner_apothem(p.cavity_height) - p.top_apothem
    extra = (p.cap - p.nesting_pitch) * math.sin(p.lean)
    assert gap * math.cos(p.lean) == pytest.approx(clearance + extra, abs=1e-9)
    assert p.inner_apothem(0) > 0 and p.volume > 0


def test_the_smallest_stone_a_marker_refusal_suggests_gets_markers():
    """The refusal's stone, and the tile width it names, give markers whose symbol lines
    are the thinnest that print; a hundredth of a millimetre less is refused."""
    from fabgen.geometry.symbols import stroke

    for stone in (DiscStone(diameter=11.86), DiscStone(circle_diameter=0.6 * 61.09 / 7**0.5)):
        marker = Marker.for_stone(stone, "growing")
        assert 0.8 <= stroke(marker.symbol_radius) < 0.81
    with pytest.raises(ParameterError, match=r"at least 11\.86 mm"):
        Marker.for_stone(DiscStone(diameter=11.85), "growing")


# ---- heights on layers ---------------------------------------------------------------

#: Pieces with one or two heights between 0.2 mm layers, and those heights by name.
BETWEEN_LAYERS = [
    (DiscStone(height=7.1), {"height"}),
    (DiscStone(height=6.33, boss_height=1.5), {"height", "boss_height"}),
    (DiscStone(symbol="star", symbol_height=0.5), {"symbol_height"}),
    (DiscStone(symbol_height=0.5), set()),  # (no symbol: its height sets no face)
    (PyramidStone(height=12.1), {"height"}),
    (Marker(thickness=3.1, sunk_depth=0.5), {"thickness", "sunk_depth"}),
]


@pytest.mark.parametrize(("piece", "named"), BETWEEN_LAYERS, ids=lambda p: getattr(p, "name", ""))
def test_heights_between_layers_are_kept_and_the_note_gives_whole_layers_that_need_none(
    piece, named
):
    """A maker's height between 0.2 mm layers is made as given (never rounded unsaid),
    and the note says which heights to give instead: each of them, put in its place,
    leaves no face between layers."""
    note = layer_note(piece)
    assert (note is None) == (not named)
    if note is None:
        return
    assert note.startswith(f"{piece.name} is made as given, but at 0.2 mm layers")
    suggested = re.findall(r"an? ([a-z ]+) of ([\d.]+) or ([\d.]+) mm", note.split("give ")[-1])
    assert {words.replace(" ", "_") for words, _, _ in suggested} == named
    for words, low, high in suggested:
        name = words.replace(" ", "_")
        given = getattr(piece, name)
        assert float(low) < given < float(high)  # (the layers around the height given)
    for choice in (1, 2):
        values = {w.replace(" ", "_"): float(pair[choice - 1]) for w, *pair in suggested}
        assert layer_note(replace(piece, **values)) is None


def test_every_piece_a_kit_plans_is_on_layers():
    """A kit of the default height (the design's own); its clearance deepens the recess,
    which is rounded up to a whole layer: so such a kit, with or without seat symbols and
    markers, needs no note."""
    from pathlib import Path

    from fabgen.kitbuild.kitfile import parse_kit
    from fabgen.kitbuild.plan import plan_kit

    for design, symbols in (("disc", "true"), ("pyramid", "false")):
        for clearance in (0, 0.15, 0.25, 0.35, 1):
            kit = parse_kit(
                f'[kit]\nboard = "6p-hexagon-19"\n[stones]\ndesign = "{design}"\n'
                f"clearance = {clearance}\nseat_symbols = {symbols}\n",
                "kit.toml",
                Path("."),
            )
            plan = plan_kit(kit, only=("kit-board", "kit-tile", "kit-stones"))
            assert len(plan.stones.pieces) == (8 if design == "disc" else 3)
            assert [layer_note(p) for p in plan.stones.pieces] == [None] * len(plan.stones.pieces)


@settings(max_examples=60, deadline=None)
@given(wall=st.floats(0.8, 3), clearance=st.floats(0, 1), symbol=st.sampled_from(["none", "star"]))
def test_a_height_too_low_is_refused_with_a_height_on_whole_layers_that_is_taken(
    wall, clearance, symbol
):
    with pytest.raises(ParameterError) as info:
        DiscStone(height=1.0, wall=wall, clearance=clearance, symbol=symbol)
    least = re.findall(r"([\d.]+) mm(?: \(([\d.]+) mm on whole 0.2 mm layers\))?$", str(info.value))
    (given, layered) = least[0]
    height = float(layered or given)
    assert abs(height / 0.2 - round(height / 0.2)) < 1e-9
    stone = DiscStone(height=height, wall=wall, clearance=clearance, symbol=symbol)
    assert layer_note(stone) is None
