"""The PDF writer measured back: real millimetres, embedded fonts, metadata, bytes."""

import io
import shutil
import subprocess

import pdfplumber
import pytest

from fabgen.draw.drawing import Circle, Drawing, Polyline, Style, Text
from fabgen.export.pdf import PdfInfo, render_pdf

PT_PER_MM = 72 / 25.4


def sample_page(square_mm=50.0) -> Drawing:
    d = Drawing(210.0, 297.0, "sample")
    x0, y0 = 20.0, 30.0
    pts = ((x0, y0), (x0 + square_mm, y0), (x0 + square_mm, y0 + square_mm), (x0, y0 + square_mm))
    d.add("print", Polyline(pts, closed=True, style=Style(width=0.2)))
    d.add("print", Circle((150.0, 200.0), 10.0, Style(fill="#ffcc00")))
    d.add("print", Text((105.0, 280.0), "Atlantis board", 5.0, style=Style(bold=True)))
    rounded = Polyline(((100, 100), (120, 100), (120, 120)), closed=False, bulges=(0.4142, 0, 0))
    d.add("cut", rounded)
    return d


@pytest.fixture(scope="module")
def pdf_bytes():
    return render_pdf([sample_page(), sample_page()], PdfInfo("Test board", "subject", ("a", "b")))


def test_page_is_a4_in_real_millimetres(pdf_bytes):
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        assert len(pdf.pages) == 2
        page = pdf.pages[0]
        assert page.width / PT_PER_MM == pytest.approx(210.0, abs=0.01)
        assert page.height / PT_PER_MM == pytest.approx(297.0, abs=0.01)


def test_square_measures_50_mm(pdf_bytes):
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        page = pdf.pages[0]
        squares = [
            c for c in page.curves + page.rects if abs((c["x1"] - c["x0"]) / PT_PER_MM - 50.0) < 0.5
        ]
        assert squares, "the square is missing"
        sq = squares[0]
        assert (sq["x1"] - sq["x0"]) / PT_PER_MM == pytest.approx(50.0, abs=0.01)
        assert (sq["bottom"] - sq["top"]) / PT_PER_MM == pytest.approx(50.0, abs=0.01)
        # 20 mm from the left edge, 30 mm from the bottom (pdfplumber measures from the top)
        assert sq["x0"] / PT_PER_MM == pytest.approx(20.0, abs=0.01)
        assert (page.height - sq["bottom"]) / PT_PER_MM == pytest.approx(30.0, abs=0.01)


def test_text_metadata_and_embedded_font(pdf_bytes):
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        assert "Atlantis board" in pdf.pages[0].extract_text()
        assert pdf.metadata["Title"] == "Test board"
        assert pdf.metadata["Creator"].startswith("fabgen")
        fonts = {ch["fontname"] for ch in pdf.pages[0].chars}
    assert all("Vera" in f for f in fonts)
    assert b"/FontFile2" in pdf_bytes  # TrueType program embedded
    assert b"Helvetica" not in pdf_bytes  # no reference to an unembedded base font


def test_identical_input_gives_identical_bytes(pdf_bytes):
    again = render_pdf([sample_page(), sample_page()], PdfInfo("Test board", "subject", ("a", "b")))
    assert again == pdf_bytes


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_qpdf_check_passes(tmp_path, pdf_bytes):
    path = tmp_path / "t.pdf"
    path.write_bytes(pdf_bytes)
    result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
