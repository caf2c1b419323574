"""What fabgen prints reads on a black-and-white printer: every seat's stones, swatches,
rings and bars print in a grey of their own (the club's office laser printer made red,
blue and purple one grey: #d62728 0.36, #1f5fbf 0.34, #8e44ad 0.40). Each product is
read back (SVG fills, PDF colours) and its colours turned into greys by the weights
pdftoppm -gray uses, as tests/docs/test_rulesheet_player.py does for the rule sheet."""

from __future__ import annotations

import io
import itertools
import re

import pdfplumber
import pytest

from fabgen.board.colours import GREY_APART, PALETTE, print_grey
from fabgen.board.files import load_preset
from fabgen.products.layout import LayoutParams, layout_files

#: Six seats in the six place colours, and two in red and blue (the pair that printed
#: the same grey).
BOARDS = ("6p-hexagon-19", "2p-diamond-4")


def hex_of(rgb) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def assert_apart(colours, seats: int, where: str) -> None:
    """``colours`` are one per seat, and their greys pairwise GREY_APART apart."""
    assert len(colours) == seats, (where, sorted(colours))
    greys = sorted(print_grey(c) for c in colours)
    for darker, lighter in itertools.pairwise(greys):
        assert lighter - darker >= GREY_APART, (where, greys)


def neutral(rgb) -> bool:
    return max(rgb) - min(rgb) < 0.01


def test_the_place_colours_as_printed_differ_in_grey():
    """The six place colours themselves do not (the reason for the print shades)."""
    from fabgen.board.colours import print_colour

    plain = sorted(print_grey(c) for c in PALETTE)
    assert min(b - a for a, b in itertools.pairwise(plain)) < 0.05
    assert_apart({print_colour(None, k) for k in range(6)}, 6, "print_colour")


@pytest.fixture(scope="module", params=BOARDS)
def layout(request):
    board = load_preset(request.param)
    return board, layout_files(LayoutParams(board, 100.0, ("a4", "letter"))).files


def test_the_setup_diagram_on_letter_paper_differs_in_grey():
    """(The setup diagram is drawn on Letter when Letter is the only paper.)"""
    board = load_preset("6p-hexagon-19")
    files = layout_files(LayoutParams(board, 100.0, ("letter",))).files
    data = files[f"{board.name}-setup.pdf"]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert round(pdf.pages[0].width) == 612  # Letter, 8.5 inches
    fills = {
        hex_of(c["non_stroking_color"])
        for c in pdf_curves(data)
        if c["fill"] and c["stroke"] and not neutral(c["non_stroking_color"])
    }
    assert_apart(fills, len(board.seats), "setup pdf, letter")


def test_the_setup_diagram_svg_stones_differ_in_grey(layout):
    board, files = layout
    svg = files[f"{board.name}-setup.svg"].decode()
    # stones and the legend's swatches: circles filled, edged black, not the white badges
    fills = set(re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})"[^>]*stroke="#000000"', svg))
    assert_apart(fills - {"#ffffff"}, len(board.seats), "setup svg")
    swatches = re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})" r="2"', svg)
    assert_apart(set(swatches), len(board.seats), "setup svg legend")


def pdf_curves(data: bytes):
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [curve for page in pdf.pages for curve in page.curves]


def test_the_setup_diagram_pdf_stones_differ_in_grey(layout):
    board, files = layout
    fills = {
        hex_of(c["non_stroking_color"])
        for c in pdf_curves(files[f"{board.name}-setup.pdf"])
        if c["fill"]
        and c["stroke"]
        and tuple(c["stroking_color"] or ()) == (0, 0, 0)
        and not neutral(c["non_stroking_color"])
    }
    assert_apart(fills, len(board.seats), "setup pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_printed_boards_start_rings_differ_in_grey(layout, paper):
    """The printed board marks each start field with a ring in its seat's colour."""
    board, files = layout
    rings = {
        hex_of(c["stroking_color"])
        for c in pdf_curves(files[f"{board.name}-board-{paper}.pdf"])
        if c["stroke"] and not c["fill"] and not neutral(c["stroking_color"])
    }
    assert_apart(rings, len(board.seats), f"board {paper}")


def test_turn_pictures_stones_differ_in_grey():
    from fabgen.products.turn import turn_picture_files
    from fabgen.rules.moves import parse_moves
    from fabgen.rules.turn import play_turn

    start = load_preset("3p-triangle-4").position()
    _, steps = play_turn(start, parse_moves("-d1--c1"), "online", record_steps=True)
    for name, data in turn_picture_files(steps).files.items():
        svg = data.decode()
        fills = set(re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})"[^>]*stroke="#000000"', svg))
        assert_apart(fills, 3, name)


def test_balance_charts_differ_in_grey():
    from fabgen.play.balance import BalanceOptions, run_balance
    from fabgen.products.balance import balance_files

    run = run_balance(load_preset("3p-triangle-4"), BalanceOptions(4, ("random",), "blog"))
    files = balance_files(run).files
    bars = re.findall(
        r'<path [^>]*fill="(#[0-9a-f]{6})"[^>]*stroke="#000000"',
        files["3p-triangle-4-win-rates.svg"].decode(),
    )
    assert_apart(set(bars) - {"#ffffff"}, 3, "win rates")
    territory = files["3p-triangle-4-territory.svg"].decode()
    swatches = re.findall(r'<path [^>]*fill="(#[0-9a-f]{6})"[^>]*stroke="#000000"', territory)
    assert_apart(set(swatches) - {"#ffffff"}, 3, "territory legend")
    # each field in its seat's own colour (a red field paled by a third printed the
    # grey of a blue one), or white
    cells = re.findall(r'<path d="M[^"]*(?: L [^"]*){5} Z" fill="(#[0-9a-f]{6})"', territory)
    assert len(cells) == 70
    assert set(cells) <= set(swatches) | {"#ffffff"}
