"""The stones' sizes the board tutorial quotes are those of the stones fabgen makes
(docs/tutorials/board.md, *Stones and markers*; docs/design-notes.md, *Products*: heights
on layers). Its `fabgen stones` example and the club kit's bill of materials are not run
by the console examples' test (they build solids); these figures come from the stones'
parameters, no solid built, so a change of the stones fails here until the page is
made again (the 6.5 mm stone outlived its height on the page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fabgen.geometry.tile import TileGeometry
from fabgen.pieces.params import DiscStone

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "board.md"


def stone(width: float) -> DiscStone:
    """The disc stone `fabgen stones` and a kit make for tiles ``width`` mm across."""
    return DiscStone(circle_diameter=TileGeometry.from_width(width).circle_diameter)


def figures(pattern: str) -> list[float]:
    """The numbers of the page's one match of ``pattern`` (its groups), its words as the
    page wraps them."""
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    [match] = re.findall(pattern, text)
    return [float(number) for number in match]


def test_the_stones_examples_summary_line_is_the_default_stone():
    # "stone-disc-d20.7-c0.2: 20.68 mm across, 6.60 mm high, 1.59 cm³; a stack of six
    # stands 31.60 mm"
    piece = stone(100)
    shown = figures(
        re.escape(piece.name) + r": ([\d.]+) mm across, ([\d.]+) mm high, ([\d.]+) cm³; "
        r"a stack of six stands ([\d.]+) mm"
    )
    made = [2 * piece.radius, piece.total_height, piece.volume / 1000, piece.stack_height(6)]
    assert shown == [round(value, 2) for value in made]


def test_the_disc_stones_heights_in_words_are_its_parameters():
    # "Every flat face of a default stone lies on a 0.2 mm layer (body 5 mm, boss 1.6 mm,
    # symbol 0.6 mm, recess 2.4 mm deep)"
    piece = stone(100)
    shown = figures(
        r"\(body ([\d.]+) mm, boss ([\d.]+) mm, symbol ([\d.]+) mm, recess ([\d.]+) mm deep\)"
    )
    made = [piece.height, piece.boss_height, piece.symbol_height, piece.recess_depth]
    assert shown == pytest.approx(made, abs=1e-9)


def test_the_club_kits_bill_of_materials_gives_its_stones_size():
    # the 80 mm tiles' stones: "16.1 mm across, 6.6 mm high; a stack rises 5 mm a stone"
    piece = stone(80)
    shown = figures(
        r"stone size ([\d.]+) mm across, ([\d.]+) mm high; a stack rises ([\d.]+) mm a stone"
    )
    made = [round(2 * piece.radius, 1), round(piece.total_height, 1), piece.stack_pitch]
    assert shown == pytest.approx(made, abs=1e-9)
