"""The rule sheet read as a player learning the game from it reads it: printed in grey,
counted by hand, page by page (tests/docs/test_rulesheet.py reads its text and rules)."""

import io
import itertools

import pdfplumber
import pytest

from fabgen.board.colours import GREY_APART, print_grey

# Two seats' stones GREY_APART apart in grey (0 black, 1 white) are told apart on a
# grey-scale print: the seat colours red #d62728 and blue #1f5fbf are 0.02 apart.


@pytest.fixture(scope="module")
def pdfs(rulesheet_both):
    return rulesheet_both


@pytest.fixture(scope="module")
def opened(pdfs):
    """The four PDFs opened once for the module: pdfplumber reads a page's objects
    (most of a read's time) once for every test that reads them."""
    docs = {name: pdfplumber.open(io.BytesIO(data)) for name, data in pdfs.items()}
    yield docs
    for pdf in docs.values():
        pdf.close()


def grey(rgb) -> float:
    """The grey a PDF colour (0 to 1 each) prints in (:func:`print_grey`'s weights)."""
    return print_grey("#" + "".join(f"{round(c * 255):02x}" for c in rgb))


def stone_fills(pdf) -> set[tuple[float, ...]]:
    """The fill colours of the stones in a PDF's figures (open in pdfplumber): filled
    circles (round curves) with a black edge."""
    found = set()
    for page in pdf.pages:
        for curve in page.curves:
            w, h = curve["x1"] - curve["x0"], curve["bottom"] - curve["top"]
            black_edge = curve["stroke"] and tuple(curve["stroking_color"] or ()) == (0, 0, 0)
            if curve["fill"] and black_edge and abs(w - h) < 0.3:
                found.add(tuple(round(c, 3) for c in curve["non_stroking_color"]))
    return found


def test_the_seats_stones_differ_in_a_grey_scale_print(opened):
    """Printed in grey, red and blue stones were the same dark grey (0.36 and 0.34),
    so no figure with two players could be read: which stones cancel which, whose
    region is whose. Each seat's stones now print in a grey of their own."""
    for name, pdf in opened.items():
        fills = sorted(stone_fills(pdf), key=grey)
        if name.startswith("rulesheet"):
            assert len(fills) == 3, (name, fills)  # red, blue and green stones
        for darker, lighter in itertools.pairwise(fills):
            assert grey(lighter) - grey(darker) >= GREY_APART, (name, darker, lighter)


def test_columns_that_would_shrink_start_on_the_next_page():
    """reportlab's balanced columns start in any room of 40 points; when the heading
    and the first lines of the text after it did not fit there, they set every
    flowable in the first column shrunk to fit (with a few lines more text, the
    rest of the Letter sheet printed at 0.6 pt under a figure at the foot of page
    2). Columns started in every room from 36 to 56 points now print at their own
    size."""
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    from fabgen.docs.rulesheet import _columns, _keep_headings_with_next, _register_family, _styles
    from fabgen.export.pdf import register_fonts

    register_fonts()
    _register_family()
    styles = _styles(8.8)
    line = "Filler text that takes up about one line of a column here. "
    text = [Paragraph("A heading", styles["h2"])]
    text += [Paragraph(line * 12, styles["body"]) for _ in range(2)]
    for half_points in range(72, 113):
        room = half_points / 2
        buffer = io.BytesIO()
        doc = SimpleDocTemplate(buffer, invariant=1, topMargin=36, bottomMargin=36)
        doc.build([Spacer(0, doc.height - room), *_columns(_keep_headings_with_next(text), 2, 20)])
        with pdfplumber.open(buffer) as pdf:
            sizes = {round(c["size"], 1) for page in pdf.pages for c in page.chars}
        assert sizes == {12.0, 8.8}, (room, sorted(sizes))


def test_the_end_of_a_game_says_whose_each_region_is(texts):
    """A player counting the final position by hand learns from the caption which
    region is whose and how many fields it has, the empty one too."""
    from fabgen.docs import figures as F
    from fabgen.rules import regions

    position = F.FINAL.position()
    names = ["red", "blue", "green"]
    expected = []
    for letter, region in zip("ABCD", regions(position), strict=True):
        size = f"{letter}: {len(region)} fields"
        owners = sorted(region.players)
        expected.append(
            f"{size}, {names[owners[0]]}'s" if owners else f"{size}, no stones, nobody's"
        )
    assert len(expected) == 4 and "no stones" in expected[-1]
    for paper in ("a4", "letter"):
        text = texts[f"rulesheet-{paper}.pdf"]
        assert "; ".join(expected).lower() + ". scores: red 7" in text, paper


@pytest.fixture(scope="module")
def texts(opened):
    """Each PDF's text in reading order, normalised."""
    return {name: pdf_text(pdf) for name, pdf in opened.items()}


def pdf_text(pdf) -> str:
    text = " ".join(page.extract_text(use_text_flow=True) for page in pdf.pages)
    return " ".join(text.replace("\u2019", "'").split()).lower()


def test_growth_follows_the_explosions_in_one_figure(texts):
    """The growth figure went to the top of the next page on both papers, away from
    the explosion phase it ends and with a fifth of the page before it empty: growth
    is now the last panel of the explosions' figure, the same picture as the growth
    figure's, outlining the field that waits for its owner's next turn."""
    from fabgen.docs import figures as F

    turn, chain, growth = F.turn_figure(), F.chain_figure(), F.growth_figure()
    assert turn.panels == (*chain.panels, growth.panels[-1])
    assert turn.panels[-1].label == "after growth"
    for paper in ("a4", "letter"):
        text = texts[f"rulesheet-{paper}.pdf"]
        assert "then growth (last panel): b, d and e gain a stone each" in text, paper
        assert text.index("a turn: explosions, then growth") < text.index("3. growth each of")
