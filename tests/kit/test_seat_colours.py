"""A seat without a colour is made in its place's (seat 1 red, seat 2 blue, ...): the kit's
bill of materials and README.txt and the board's own bill of materials name that colour,
the one the setup diagram draws and the start transcript writes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fabgen.board.colours import NAMED_COLOURS, PRINT_SHADES
from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import plan_kit
from fabgen.kitbuild.render import bom_text, kit_bom, readme_text

TEMPLATE = Path(__file__).parents[2] / "templates" / "boards" / "3p-triangle-4.toml"
#: Seat 2 keeps a colour of its own; seats 1 and 3 get their places'.
COLOURS = ["red", "purple", "green"]


@pytest.fixture(scope="module")
def plan(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kit")
    text = TEMPLATE.read_text().replace('colour = "red"\n', "").replace('colour = "green"\n', "")
    (folder / "club.toml").write_text(text.replace('colour = "blue"', 'colour = "purple"'))
    (folder / "kit.toml").write_text('[kit]\nboard = "club.toml"\n')
    plan = plan_kit(load_kit(folder / "kit.toml"))
    assert [s.colour for s in plan.board.seats] == [None, "purple", None]
    return plan


@pytest.fixture(scope="module")
def layout(plan):
    from fabgen.products.layout import LayoutParams, layout_files

    return layout_files(LayoutParams(plan.board, 100.0, ("a4",))).files


def test_the_pictures_and_the_start_transcript_use_the_places_colours(plan, layout):
    """What the texts below are held to: the setup diagram's legend swatches (read back
    from the SVG) and the start transcript's colours."""
    name = plan.board.name
    svg = layout[f"{name}-setup.svg"].decode()
    swatches = re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})" r="2"', svg)
    assert swatches == [PRINT_SHADES[NAMED_COLOURS[c]] for c in COLOURS]  # (in print)
    transcript = json.loads(layout[f"{name}-start.json"])
    assert [p["color"] for p in transcript["players"]] == COLOURS


def test_the_kit_bill_of_materials_names_the_colours_stones_are_made_in(plan):
    bom = kit_bom(plan, {})
    assert bom["stones"]["colours"] == COLOURS
    assert "× 3 colours (red, purple, green); disc" in bom_text(bom)
    assert "seat 1" not in bom_text(bom)


def test_the_kit_readme_says_which_colour_to_print(plan):
    text = " ".join(readme_text(plan, {"3d/a.3mf": b""}).split())
    for k, (colour, who) in enumerate(zip(COLOURS, ["Red", "Blue", "Green"], strict=True)):
        assert f"plate*.3mf: print in {colour}, for seat {k + 1} ({who})" in text
    assert "the colour of seat" not in text


def test_laser_cut_stones_say_which_colour_of_material(plan, tmp_path):
    from dataclasses import replace

    from fabgen.kitbuild.render import piece_lines

    kit = plan.kit
    stones = {**kit.section("stones"), "design": "laser"}
    laser = replace(kit, settings={**kit.settings, "stones": stones})
    lines = piece_lines(plan_kit(laser))
    for k, colour in enumerate(COLOURS):
        assert (
            f"  laser/stones-colour-{k + 1}-sheet-*: cut from {colour} material" in (lines[k + 1])
        )


def test_the_kit_readme_says_which_colour_to_make_the_markers_in(tmp_path):
    """README.txt said the stones' colour of every seat but not the markers' (bom.txt's
    alone): with a white seat the growing markers are yellow, which only bom.txt said.
    Each marker line names bom.json's colour, printed or cut."""
    text = TEMPLATE.read_text().replace('colour = "blue"', 'colour = "white"')
    (tmp_path / "club.toml").write_text(text)
    for design, made in (("disc", "print in {}"), ("laser", "cut from {} material")):
        kit = f'[kit]\nboard = "club.toml"\n[stones]\ndesign = "{design}"\n'
        (tmp_path / "kit.toml").write_text(kit)
        plan = plan_kit(load_kit(tmp_path / "kit.toml"))
        colours = kit_bom(plan, {})["markers"]["colours"]
        assert colours == {"growing": "yellow", "dead": "black"}  # (white is seat 2's)
        words = " ".join(readme_text(plan, {"3d/a.3mf": b"", "laser/a.svg": b""}).split())
        for kind in ("growing", "dead"):
            said = re.escape(made.format(colours[kind]))
            assert re.search(rf"markers?-{kind}\S*: {said}, \d+ {kind} markers", words), words


def test_the_boards_bill_of_materials_names_the_colours(plan, layout):
    name = plan.board.name
    bom = json.loads(layout[f"{name}-bom.json"])
    assert [c["colour"] for c in bom["stones"]["colours"]] == COLOURS
    text = layout[f"{name}-bom.txt"].decode()
    for k, (colour, who) in enumerate(zip(COLOURS, ["Red", "Blue", "Green"], strict=True)):
        assert re.search(rf"\n  {who} \(seat {k + 1}\) +\d+  {colour} stones, 7 on the", text)


def test_laser_stone_sheets_name_the_board_s_colours(plan):
    """A seat's own colour (seat 2 purple) and the places' (red, green) on the sheets."""
    from dataclasses import replace
    from xml.etree import ElementTree

    from fabgen.kitbuild.render import laser_report
    from fabgen.products.sheet import sheet_files

    kit = plan.kit
    stones = {**kit.section("stones"), "design": "laser"}
    laser = plan_kit(replace(kit, settings={**kit.settings, "stones": stones}))
    files = sheet_files(laser.stones.laser, laser.stones.laser_sheets).files
    for k, colour in enumerate(COLOURS):
        svg = ElementTree.fromstring(files[f"stones-colour-{k + 1}-sheet-1.svg"])
        title = svg.find("{http://www.w3.org/2000/svg}title").text
        assert title == f"Atlantis stones, colour {k + 1} ({colour}), sheet 1 of 1"
    report = laser_report(laser)
    assert [s["colour_name"] for s in report["sheets"] if s["kind"] == "stones"] == COLOURS


@pytest.mark.parametrize("given", [None, "teal", "plaid", "Blue", " green ", "#ABC", "#1f5fbf"])
def test_the_colour_named_and_the_colour_drawn_come_from_one_decision(given):
    """The pictures' #rrggbb and the name the bill of materials prints agree for every
    colour a transcript may give, one fabgen cannot draw ("teal") too: it is the
    place's colour in both."""
    from fabgen.board.colours import SEAT_COLOURS, can_draw, drawn_colour, seat_colour
    from fabgen.draw.position import player_colour

    for k in range(6):
        named = seat_colour(given, k)
        assert player_colour(given, k) == drawn_colour(named)
        assert named == (given if given and can_draw(given) else SEAT_COLOURS[k])


def test_a_transcript_colour_fabgen_cannot_draw_is_named_as_drawn():
    """Seat 1 of a transcript given "teal" was drawn red and listed as teal stones: its
    kit names red, the setup diagram draws red, and the board file written beside them
    reads back (a board file refuses "teal"); the start transcript passes "teal" on."""
    from fabgen.board.boardfile import parse_board_toml
    from fabgen.draw.board_parts import print_seat_colour as drawn_seat
    from fabgen.products.layout import LayoutParams, layout_files
    from tests.board.test_board_validate import transcript_board

    board = transcript_board("teal", None, None)
    files = layout_files(LayoutParams(board, 100.0, ("a4",))).files
    svg = files["club-setup.svg"].decode()
    swatches = re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})" r="2"', svg)
    expected = ["red", "blue", "green"]
    assert swatches == [PRINT_SHADES[NAMED_COLOURS[c]] for c in expected]  # (in print)
    bom = json.loads(files["club-bom.json"])
    assert [c["colour"] for c in bom["stones"]["colours"]] == expected
    assert "teal" not in files["club-bom.txt"].decode()
    again = parse_board_toml(files["club.toml"].decode())
    assert [drawn_seat(again, k) for k in range(3)] == swatches
    assert json.loads(files["club-start.json"])["players"][0]["color"] == "teal"
    # a transcript's "" is no colour: left out too (colour = "" is refused), and the start
    # transcript writes the place's colour, as for a seat without one (it wrote "")
    blank = layout_files(LayoutParams(transcript_board("", None, None), 100.0, ("a4",)))
    assert parse_board_toml(blank.files["club.toml"].decode()).seats[0].colour is None
    assert "colour" not in blank.files["club.toml"].decode().split("[[players]]")[1]
    written = [p["color"] for p in json.loads(blank.files["club-start.json"])["players"]]
    assert written == expected
