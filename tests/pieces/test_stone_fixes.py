"""A printed stone that cannot be made is refused with what would make it: only settings
a maker can give (a height, a stone diameter, a tile width, a wall, a clearance), each
with the smallest or largest value that works, no negative figure. Every fix a
message offers is followed here, and the stone it describes is accepted."""

from __future__ import annotations

import re

import pytest

from fabgen.errors import ParameterError
from fabgen.geometry.tile import TileGeometry
from fabgen.pieces.params import DiscStone, PyramidStone

NUMBER = r"([0-9]+(?:\.[0-9]+)?)"
WIDTHS = [5, 10, 20, 30, 33, 40, 50, 57.7, 60, 64, 70, 100, 150]
HEIGHTS = [None, 1, 2, 3, 3.5, 4, 5, 8, 12, 30]


def circle_of(width: float) -> float:
    circle = TileGeometry.from_width(width).circle_diameter
    assert circle is not None
    return circle


def refusal(make) -> str | None:
    try:
        make()
    except ParameterError as exc:
        return str(exc)
    return None


def fixes(message: str) -> list[str]:
    """The fixes a message offers: the text after 'choose', split at '; or' and ';'."""
    offered = re.split(r"[:;.] (?:[Cc]hoose|most simply with) ", message, maxsplit=1)
    assert len(offered) == 2, message
    return re.split(r"; (?:or )?", offered[1])


PROBLEMS = {
    "recess": "is too low for a disc stone",
    "lean": "° from the vertical; more than",
    "nesting": "pyramids nest only every",
    "vent": "too small for its",
    "circles": "are too small for stones",
    "boss": "too small for a stacking boss",
}


def problem(message: str) -> str:
    (found,) = [name for name, words in PROBLEMS.items() if words in message]
    return found


def follow(kind, settings: dict, fix: str, before: str, depth: int = 0) -> None:
    """Make the piece ``fix`` describes from ``settings``: the problem of the refusal
    ``before`` is gone, and the piece is accepted or refused for another problem (one
    the fix said comes next, or a setting it did not touch), whose fixes work in turn."""
    changed = dict(settings)
    if m := re.fullmatch(rf"a height of at least {NUMBER} mm(, and then .*)?", fix):
        changed["height"] = float(m[1])
    elif m := re.match(rf"a stone diameter of at least {NUMBER} mm", fix):
        width = re.search(rf"a tile width of at least {NUMBER} mm", fix)
        if width:  # a stone that follows larger circles
            changed["circle_diameter"] = circle_of(float(width[1]))
            changed.pop("diameter", None)
        else:
            changed["diameter"] = float(m[1])
    elif m := re.search(rf"a tile width of at least {NUMBER} mm", fix):
        changed["circle_diameter"] = circle_of(float(m[1]))
    elif m := re.match(
        rf"(?:a wall of at most {NUMBER} mm, and )?(?:a )?wall and clearance "
        rf"of at most {NUMBER} mm together",
        fix,
    ):
        together = float(m[2])
        wall = min(settings.get("wall", 1.2), float(m[1] or together))
        changed["wall"] = wall
        changed["clearance"] = min(settings.get("clearance", 0.2), together - wall)
    else:
        raise AssertionError(f"a fix no setting makes: {fix!r}")
    message = refusal(lambda: kind(**changed))
    if message is None:
        return
    assert message != before
    if ", and then " not in fix:  # (a fix in two steps may meet its problem again)
        assert problem(message) != problem(before), (fix, message)
    assert depth < 2, message
    for then in fixes(message):
        follow(kind, changed, then, message, depth + 1)


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_fix_a_pyramid_refusal_offers_makes_a_pyramid_that_nests(width, height):
    settings: dict = {"circle_diameter": circle_of(width)}
    if height is not None:
        settings["height"] = height
    message = refusal(lambda: PyramidStone(**settings))
    if message is None:
        return
    assert "top smaller" not in message and "top wider" not in message
    assert "vent of at most" not in message  # no option sets the vent
    assert not re.search(r"(?<![a-z0-9])-[0-9]", message)  # no negative figure
    for fix in fixes(message):
        follow(PyramidStone, settings, fix, message)


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_fix_a_disc_refusal_offers_makes_a_disc_that_stacks(width, height):
    settings: dict = {"circle_diameter": circle_of(width)}
    if height is not None:
        settings["height"] = height
    message = refusal(lambda: DiscStone(**settings))
    if message is None:
        return
    assert not re.search(r"(?<![a-z0-9])-[0-9]", message), message
    for fix in fixes(message):
        follow(DiscStone, settings, fix, message)


def test_a_disc_too_low_says_what_is_too_small_and_the_lowest_height():
    message = refusal(lambda: DiscStone(height=1.0))
    assert message is not None
    assert "leaves only" not in message
    assert re.search(r"recess under it is [0-9.]+ mm deep", message)
    lowest = float(re.search(rf"a height of at least {NUMBER} mm", message)[1])
    assert DiscStone(height=lowest).height == lowest
    assert refusal(lambda: DiscStone(height=lowest - 0.01)) is not None


def test_circles_too_small_name_the_tile_width_that_is_enough():
    message = refusal(lambda: DiscStone(circle_diameter=circle_of(30)))
    assert message is not None
    width = float(re.search(rf"a tile width of at least {NUMBER} mm", message)[1])
    assert 30 < width < 40
    DiscStone(circle_diameter=circle_of(width))
    assert refusal(lambda: DiscStone(circle_diameter=circle_of(width - 0.05))) is not None


def test_a_pyramid_of_a_small_tile_names_settings_a_maker_can_give():
    message = refusal(lambda: PyramidStone(circle_diameter=circle_of(30)))
    assert message is not None
    assert "top smaller" not in message and "pyramid lower" not in message
    width = float(re.search(rf"a tile width of at least {NUMBER} mm", message)[1])
    PyramidStone(circle_diameter=circle_of(width))
    assert refusal(lambda: PyramidStone(circle_diameter=circle_of(width - 0.05))) is not None


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize(
    "given",
    [
        {"diameter": 5.0},
        {"diameter": 9.0},
        {"diameter": 12.0},
        {"diameter": 15.0},
        {"wall": 2.0},
        {"wall": 1.6, "clearance": 0.6},
        {"diameter": 14.0, "wall": 0.8, "clearance": 0.0},
    ],
)
def test_fixes_hold_for_a_pyramid_of_its_own_size_and_walls(given, height):
    settings: dict = {"circle_diameter": circle_of(100), **given}
    if height is not None:
        settings["height"] = height
    message = refusal(lambda: PyramidStone(**settings))
    if message is None:
        return
    assert not re.search(r"(?<![a-z0-9])-[0-9]", message), message
    for fix in fixes(message):
        follow(PyramidStone, settings, fix, message)
