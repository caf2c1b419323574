"""The ink of a number or symbol on a seat's colour (fabgen/draw/ink.py): black or white,
whichever has the higher WCAG contrast, the same in every picture. The setup diagram,
the position and balance pictures chose by brightness and the designer by contrast: a
grey stone's number was white in three and black in the fourth. The pictures are read
back: each number and symbol, and the stone or field it stands on."""

from __future__ import annotations

import re
from dataclasses import replace
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.board.colours import NAMED_COLOURS, PRINT_SHADES, SEAT_COLOURS
from fabgen.board.files import load_preset
from fabgen.draw.balance import territory_drawing
from fabgen.draw.ink import BLACK, WHITE, contrast, ink_on
from fabgen.draw.position import player_colour, position_drawing, stone_colour
from fabgen.export.svg import render_svg
from fabgen.products.layout import LayoutParams, setup_files
from fabgen.web.designer import board_picture

SVG = "{http://www.w3.org/2000/svg}"
OTHERS = [name for name in NAMED_COLOURS if name not in SEAT_COLOURS and name != "gray"]
#: Six seats a board: the place colours (the printed pictures draw their print shades,
#: the screen its own), the print shades as a board's own colours (every picture draws
#: them as they are, so all four draw the same stones), the other named colours, and
#: greys round where black starts to stand out more than white (#767676; by brightness
#: the pictures took white up to #8c8c8c).
BOARDS = {
    "places": list(SEAT_COLOURS),
    "shades": list(PRINT_SHADES.values()),
    "others": OTHERS[:6],
    "greys": [*OTHERS[6:], "#6e6e6e", "#757575", "#767676", "#808080", "#8c8c8c"][:6],
}


@given(st.integers(0, 0xFFFFFF))
def test_the_ink_stands_out_more_than_the_other(rgb):
    colour = f"#{rgb:06x}"
    ink = ink_on(colour)
    other = WHITE if ink == BLACK else BLACK
    assert ink in (BLACK, WHITE)
    assert contrast(ink, colour) >= contrast(other, colour)
    # (the two ratios multiply to 21: the better is at least its root, 4.58, enough
    # for small text)
    assert contrast(ink, colour) >= 4.5


def board_of(colours):
    """The 6-seat preset in ``colours``, each seat's first stack 3 stones (a number
    under its symbol) and the rest single stones (the symbol alone)."""
    board = load_preset("6p-hexagon-19")
    seats = tuple(
        replace(seat, colour=c, stacks=((seat.stacks[0][0], 3), *seat.stacks[1:]))
        for seat, c in zip(board.seats, colours, strict=True)
    )
    return replace(board, name="ink", seats=seats)


def pictures(board) -> dict[str, bytes]:
    """The four pictures that put ink on seat colours, as SVG."""
    setup = setup_files(LayoutParams(board, seat_symbols=True), ("svg",)).files["ink-setup.svg"]
    position = board.position()
    fields = position.board.fields
    seats = len(board.seats)
    # (each field held in 80 of 100 games by one seat, in turn)
    counts = [[80 if i % seats == k else 0 for i in range(len(fields))] for k in range(seats)]
    colours = [seat.colour for seat in board.seats]
    territory = territory_drawing(fields, counts, 100, colours, position.board.tile_of, "ink")
    return {
        "setup diagram": setup,
        "position": render_svg(position_drawing(position)),
        "balance territory": render_svg(territory),
        "designer": board_picture(board).svg().encode(),
    }


def inks_on(svg: bytes, grounds_of: set[str]) -> dict[str, set[str]]:
    """``{fill: inks}``: the fills (of ``grounds_of``) of the stones and fields (shapes
    with an edge) that numbers and symbols (text; shapes without an edge, or rings)
    in black or white are drawn on, each the topmost under the mark's middle."""
    grounds: list = []
    found: dict[str, set[str]] = {}
    for el in ElementTree.fromstring(svg).iter():
        tag, fill, stroke = el.tag.removeprefix(SVG), el.get("fill"), el.get("stroke")
        edged, filled = stroke not in (None, "none"), fill not in (None, "none")
        if tag == "text":
            mark, at = fill, (float(el.get("x")), float(el.get("y")))
        elif tag == "circle":
            at, r = (float(el.get("cx")), float(el.get("cy"))), float(el.get("r"))
            if edged and filled:
                grounds.append((fill, lambda p, c=at, r=r: _dist2(p, c) < r * r))
                continue
            mark = fill if filled else stroke
        elif tag == "path" and filled:
            pts = [
                tuple(map(float, xy.split(",")))
                for xy in re.findall(r"[-\d.]+,[-\d.]+", el.get("d"))
            ]
            if edged:
                grounds.append((fill, lambda p, pts=pts: _inside(p, pts)))
                continue
            mark, at = fill, tuple(sum(c) / len(pts) for c in zip(*pts, strict=True))
        else:
            continue
        under = next((g for g, hit in reversed(grounds) if hit(at)), None)
        if mark in (BLACK, WHITE) and under in grounds_of:
            found.setdefault(under, set()).add(mark)
    return found


def _dist2(p, c) -> float:
    return (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2


def _inside(p, pts) -> bool:
    x, y, inside = p[0], p[1], False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@pytest.mark.parametrize("colours", BOARDS.values(), ids=BOARDS.keys())
def test_the_pictures_agree_on_the_ink_for_each_seat_colour(colours):
    board = board_of(colours)
    printed = {stone_colour(c, k) for k, c in enumerate(colours)}
    screen = {player_colour(c, k) for k, c in enumerate(colours)}
    ink_of: dict[str, dict[str, set[str]]] = {}  # fill: {picture: inks}
    for name, svg in pictures(board).items():
        stones = screen if name == "designer" else printed
        found = inks_on(svg, stones)
        assert set(found) == stones, name  # a mark on every seat's stones
        for fill, inks in found.items():
            ink_of.setdefault(fill, {})[name] = inks
    for fill, by_picture in ink_of.items():
        assert set(map(frozenset, by_picture.values())) == {frozenset({ink_on(fill)})}, (
            fill,
            by_picture,
        )
