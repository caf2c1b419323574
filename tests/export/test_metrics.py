"""The Vera width tables and text boxes agree with reportlab's own font files."""

from __future__ import annotations

import pytest

from fabgen.draw.drawing import Text
from fabgen.draw.metrics import BOLD, CAP_HEIGHT_PER_EM, CHARS, REGULAR, text_advance

pdfmetrics = pytest.importorskip("reportlab.pdfbase.pdfmetrics")


@pytest.fixture(scope="module")
def fonts():
    from fabgen.export.pdf import FONT, FONT_BOLD, register_fonts

    register_fonts()
    return FONT, FONT_BOLD


def test_tables_match_the_font_files(fonts):
    regular, bold = fonts
    for char, w, wb in zip(CHARS, REGULAR, BOLD, strict=True):
        assert w == round(pdfmetrics.stringWidth(char, regular, 1000)), char
        assert wb == round(pdfmetrics.stringWidth(char, bold, 1000)), char


@pytest.mark.parametrize("words", ["50 mm", "Seat 3, Green: moves third", "page 12", "WWW mmm"])
@pytest.mark.parametrize("bold", [False, True])
def test_text_width_is_what_the_pdf_sets(fonts, words, bold):
    height = 3.2
    size = height / CAP_HEIGHT_PER_EM
    expected = pdfmetrics.stringWidth(words, fonts[bold], size)
    assert text_advance(words, height, bold) == pytest.approx(expected, abs=0.01 * len(words))


def test_box_follows_alignment_and_turns_with_the_text():
    text = Text((100.0, 50.0), "462 mm", 3.0, "center")
    x0, y0, x1, y1 = text.box()
    assert (x0 + x1) / 2 == pytest.approx(100.0)
    assert x1 - x0 == pytest.approx(text_advance("462 mm", 3.0))
    assert y0 < 50.0 < 53.0 < y1  # descenders below the baseline, ascenders above caps
    turned = Text((100.0, 50.0), "462 mm", 3.0, "center", angle=90.0).box()
    assert turned[3] - turned[1] == pytest.approx(x1 - x0)
    assert turned[2] - turned[0] == pytest.approx(y1 - y0)
