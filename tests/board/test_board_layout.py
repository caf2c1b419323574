"""``fabgen layout``: the files measured back (pdfplumber, the SVG reader), page limits,
the overlap between pages, the bill of materials, and byte-identical output."""

from __future__ import annotations

import io
import itertools
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pdfplumber
import pytest
from shapely.geometry import Polygon

from fabgen.board.files import load_preset, preset_names, read_board
from fabgen.draw.board_parts import text_box
from fabgen.draw.clip import Rect, clip_segment
from fabgen.draw.drawing import Operation, Polyline, Text
from fabgen.draw.printed_board import (
    PAPERS,
    TILE_EDGE,
    TURNS,
    PrintSettings,
    choose_grid,
    printed_board,
)
from fabgen.draw.setup_diagram import setup_diagram
from fabgen.geometry.lattice import SQRT7
from tests.readback import read_svg

PT = 72 / 25.4  # points per mm
BROKEN = Path(__file__).parent / "broken"
DATA = Path(__file__).parent / "data"
NAME = "6p-hexagon-19"
SMALL = "2p-diamond-4"
FILES = [
    f"{NAME}-board-a4.pdf",
    f"{NAME}-board-letter.pdf",
    f"{NAME}-bom.json",
    f"{NAME}-bom.txt",
    f"{NAME}-layout-files.json",
    f"{NAME}-setup.pdf",
    f"{NAME}-setup.svg",
    f"{NAME}-start.json",
    f"{NAME}.toml",
]


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    from click.testing import CliRunner

    from fabgen.cli import main

    folder = tmp_path_factory.mktemp("layout")
    result = CliRunner().invoke(main, ["layout", "--preset", NAME, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder, result.output


def test_layout_writes_and_lists_every_file(out):
    folder, output = out
    assert sorted(p.name for p in folder.iterdir()) == FILES
    assert output.splitlines()[0].startswith(f"board {NAME}: 6 players, 19 tiles; 0 warnings")
    assert [line.rsplit("/", 1)[-1] for line in output.splitlines()[1:]] == FILES


def _pdf(folder: Path, name: str):
    return pdfplumber.open(io.BytesIO((folder / name).read_bytes()))


@pytest.fixture(scope="module")
def opened(out):
    """A PDF of ``out`` open in pdfplumber, read once for the module: the tests read the
    same pages (reading a page's objects is most of their time), none changes them."""
    docs: dict[str, pdfplumber.PDF] = {}

    def pdf(name: str) -> pdfplumber.PDF:
        if name not in docs:
            docs[name] = _pdf(out[0], name)
        return docs[name]

    yield pdf
    for doc in docs.values():
        doc.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_scale_square_measures_50_mm(opened, paper):
    pdf = opened(f"{NAME}-board-{paper}.pdf")
    page = pdf.pages[0]
    squares = [
        c
        for c in page.rects + page.curves
        if abs(c["width"] / PT - 50) < 1 and abs(c["height"] / PT - 50) < 1
    ]
    assert len(squares) == 1
    assert squares[0]["width"] / PT == pytest.approx(50.0, abs=0.01)
    assert squares[0]["height"] / PT == pytest.approx(50.0, abs=0.01)
    assert "measure this:" in page.extract_text() and "50 mm" in page.extract_text()


def _hexagons(page) -> list[list[tuple[float, float]]]:
    """Closed six-cornered paths, in mm."""
    out = []
    for c in page.curves:
        pts = [(x / PT, y / PT) for x, y in c["pts"]]
        if len(pts) == 7 and math.dist(pts[0], pts[-1]) < 1e-6:
            out.append(pts[:6])
    return out


def _is_regular(hexagon) -> bool:
    sides = [math.dist(hexagon[k], hexagon[(k + 1) % 6]) for k in range(6)]
    return max(sides) - min(sides) < 1e-3


def _across_flats(hexagon) -> float:
    mids = [
        (
            (hexagon[k][0] + hexagon[(k + 1) % 6][0]) / 2,
            (hexagon[k][1] + hexagon[(k + 1) % 6][1]) / 2,
        )
        for k in range(6)
    ]
    return math.dist(mids[0], mids[3])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_print_at_their_true_size(opened, paper):
    pdf = opened(f"{NAME}-board-{paper}.pdf")
    whole = [h for page in pdf.pages[1:] for h in _hexagons(page)]
    regular = [h for h in whole if _is_regular(h)]
    assert len(regular) >= 6  # whole tiles (outlines and tinted start tiles)
    for h in regular:
        assert _across_flats(h) == pytest.approx(100.0, abs=0.01)
    page = pdf.pages[1]
    # whole circles: four Bézier arcs
    circles = [c for c in page.curves if [e[0] for e in c["path"]] == ["m", *"cccc"]]
    big = [c for c in circles if c["width"] / PT > 20]
    assert big
    diameter = 0.6 * 100 / SQRT7
    for c in big:
        assert c["width"] / PT == pytest.approx(diameter, abs=0.02)
    centres = sorted(((c["x0"] + c["x1"]) / 2 / PT, (c["top"] + c["bottom"]) / 2 / PT) for c in big)
    nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :])
    assert nearest == pytest.approx(100 / SQRT7, abs=0.01)  # the circle pitch


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_start_tile_says_whose_it_is_on_some_page(opened, paper):
    # On Letter, seats 1 and 4 start on tiles cut by a seam: their labels fitted
    # neither page and were printed on none.
    pdf = opened(f"{NAME}-board-{paper}.pdf")
    seats = set()
    for page in pdf.pages[1:]:
        words = [w["text"] for w in page.extract_words()]
        seats |= {b for a, b in itertools.pairwise(words) if a == "seat"}
    assert seats == {str(k) for k in range(1, 7)}


def _luminance(rgb) -> float:
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_seat_labels_can_be_read_on_their_start_tiles(opened, paper):
    # "seat 4" in yellow on the pale yellow start tile had a contrast of 1.5 (orange
    # 2.1, green 2.7): small text needs 4.5 (WCAG 2).
    checked = set()
    pdf = opened(f"{NAME}-board-{paper}.pdf")
    for page in pdf.pages[1:]:
        tiles = [c for c in page.curves if c["fill"] and len(c["pts"]) >= 6]
        words = page.extract_words(extra_attrs=["non_stroking_color"])
        for word, number in itertools.pairwise(words):
            if word["text"] != "seat":
                continue
            x, y = (word["x0"] + number["x1"]) / 2, (word["top"] + word["bottom"]) / 2
            (tile,) = [t for t in tiles if t["x0"] < x < t["x1"] and t["top"] < y < t["bottom"]]
            light, dark = sorted(
                (
                    _luminance(tile["non_stroking_color"]),
                    _luminance(word["non_stroking_color"]),
                ),
                reverse=True,
            )
            assert (light + 0.05) / (dark + 0.05) >= 4.5, number["text"]
            checked.add(number["text"])
    assert checked == {str(k) for k in range(1, 7)}


@pytest.mark.parametrize(("paper", "size"), [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_pages_fit_the_paper_with_margins(opened, paper, size):
    grid = choose_grid(load_preset(NAME), 100.0, PrintSettings(PAPERS[paper]))
    pdf = opened(f"{NAME}-board-{paper}.pdf")
    assert len(pdf.pages) == 7  # the map and 2 rows × 3 columns (or 3 × 2)
    for n, page in enumerate(pdf.pages):
        w, h = page.width / PT, page.height / PT
        assert sorted((round(w, 2), round(h, 2))) == sorted(size)
        things = page.chars + page.lines + page.rects + page.curves
        assert things
        for t in things:
            assert t["x0"] / PT >= 9.5 and t["top"] / PT >= 9.5, (n, t.get("text"))
            assert w - t["x1"] / PT >= 9.5 and h - t["bottom"] / PT >= 9.5, (n, t.get("text"))
        if n:
            text = page.extract_text()
            row, col = grid.cells[n - 1]
            assert f"row {row + 1}, column {col + 1}" in text
            assert f"page {n + 1} of 7" in text


@pytest.mark.parametrize("name", preset_names())
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_preset_stays_inside_the_printable_area(name, paper):
    settings = PrintSettings(PAPERS[paper], margin=6.0)
    for page in printed_board(load_preset(name), 100.0, settings):
        for shapes in page.layers.values():
            for s in shapes:
                # text as the PDF sets it (Vera): the notes fill their lines to that
                x0, y0, x1, y1 = s.box() if isinstance(s, Text) else s.bbox()
                pad = (s.style.width / 2) if s.style and not isinstance(s, Text) else 0.0
                assert x0 - pad >= 6.0 - 1e-9 and y0 - pad >= 6.0 - 1e-9, (name, s)
                assert x1 + pad <= page.width - 6.0 + 1e-9, (name, s)
                assert y1 + pad <= page.height - 6.0 + 1e-9, (name, s)


@pytest.mark.parametrize("name", ["6p-hexagon-37", "2p-diamond-5", "6p-star-19"])
def test_neighbouring_pages_show_the_same_board_in_the_shared_band(name):
    board = load_preset(name)
    checked = 0
    for paper in ("a4", "letter"):
        settings = PrintSettings(PAPERS[paper])
        checked += _check_bands(board, settings)
    assert checked > 10


def _check_bands(board, settings) -> int:
    """The tile edges in the band two printed neighbours share are the same on both
    pages, and so are the alignment crosses. Returns how many edge pieces matched."""
    grid = choose_grid(board, 100.0, settings)
    printed = printed_board(board, 100.0, settings)[1:]
    assert len(printed) == grid.pages

    def pages_at(row, col):
        return printed[grid.cells.index((row, col))]

    w = grid.paper_window()
    (ww, wh), ov = grid.window_size, settings.overlap
    checked = 0
    for row, col in grid.cells:
        if grid.has(row, col + 1):
            left, right = pages_at(row, col), pages_at(row, col + 1)
            band = Rect(w.x1 - ov, w.y0, w.x1, w.y1)
            ours = _band_edges(left, band, (-(ww - ov), 0.0))
            assert ours == _band_edges(right, Rect(w.x0, w.y0, w.x0 + ov, w.y1))
            checked += len(ours)
            crosses_left = _crosses(left, w.x1 - ov / 2)
            crosses_right = _crosses(right, w.x0 + ov / 2)
            assert crosses_left == crosses_right and len(crosses_left) == 2
        if grid.has(row + 1, col):
            upper, lower = pages_at(row, col), pages_at(row + 1, col)
            band = Rect(w.x0, w.y0, w.x1, w.y0 + ov)
            ours = _band_edges(upper, band, (0.0, wh - ov))
            assert ours == _band_edges(lower, Rect(w.x0, w.y1 - ov, w.x1, w.y1))
            checked += len(ours)
    return checked


def _band_edges(page, band, shift=(0.0, 0.0)):
    """Pieces of tile edges inside ``band``, moved by ``shift``, as rounded segments."""
    out = set()
    for s in page.layers["print"]:
        if not (isinstance(s, Polyline) and s.style == TILE_EDGE):
            continue
        pts = list(s.points) + ([s.points[0]] if s.closed else [])
        for p, q in itertools.pairwise(pts):
            piece = clip_segment(p, q, band)
            if piece is None or math.dist(*piece) < 1e-3:
                continue
            ends = [(round(x + shift[0], 3) + 0.0, round(y + shift[1], 3) + 0.0) for x, y in piece]
            out.add(tuple(sorted(ends)))
    return out


def test_pages_without_any_of_the_board_are_left_out():
    board = load_preset("6p-star-19")
    settings = PrintSettings(PAPERS["a4"])
    grid = choose_grid(board, 100.0, settings)
    assert grid.pages < grid.rows * grid.cols
    pages = printed_board(board, 100.0, settings)
    assert len(pages) == grid.pages + 1
    numbers = set()
    for page in pages[1:]:
        assert any(s.style == TILE_EDGE for s in page.layers["print"] if isinstance(s, Polyline))
        numbers |= {s.text for s in page.layers["print"] if isinstance(s, Text)}
    assert {str(n) for n in range(1, 20)} <= numbers  # every tile's number is printed
    map_text = " ".join(s.text for s in pages[0].layers["print"] if isinstance(s, Text))
    skipped = grid.rows * grid.cols - grid.pages
    assert f"{skipped} empty place" in map_text and "left out" in map_text


def _crosses(page, x: float) -> list[float]:
    """Heights of the alignment crosses whose vertical arm stands at ``x``."""
    return sorted(
        round((s.points[0][1] + s.points[1][1]) / 2, 6)
        for s in page.layers["print"]
        if isinstance(s, Polyline)
        and len(s.points) == 2
        and abs(s.points[0][0] - x) < 1e-9
        and abs(s.points[1][0] - x) < 1e-9
        and s.style.width == 0.25
        and abs(s.points[1][1] - s.points[0][1]) < 10
    )


def test_text_uses_an_embedded_font(out, opened):
    for name in (f"{NAME}-board-a4.pdf", f"{NAME}-setup.pdf"):
        data = (out[0] / name).read_bytes()
        assert b"/FontFile2" in data and b"Helvetica" not in data
        pdf = opened(name)
        assert {c["fontname"].split("+")[-1] for p in pdf.pages for c in p.chars} <= {
            "BitstreamVeraSans-Roman",
            "BitstreamVeraSans-Bold",
        }
    if shutil.which("pdffonts"):
        listing = subprocess.run(
            ["pdffonts", str(out[0] / f"{NAME}-board-a4.pdf")], capture_output=True, text=True
        ).stdout.splitlines()[2:]
        assert listing and all(line.split()[-5] == "yes" for line in listing)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_qpdf_check_passes(out):
    for name in FILES:
        if name.endswith(".pdf"):
            result = subprocess.run(
                ["qpdf", "--check", str(out[0] / name)], capture_output=True, text=True
            )
            assert result.returncode == 0, result.stdout + result.stderr


def test_setup_diagram_read_back(out):
    drawing = read_svg((out[0] / f"{NAME}-setup.svg").read_bytes())
    assert (drawing.width, drawing.height) == (210.0, 279.4)
    assert drawing.metadata["board"] == NAME and drawing.metadata["tiles"] == 19
    texts = drawing.texts["print"]
    for n in range(1, 20):
        assert str(n) in texts  # tile numbers and seat numbers
    assert "500 mm" in texts and "462 mm" in texts
    # hexagons (6 corners) are drawn to the same scale as the dimension line
    hexagons = [
        p
        for p, closed in zip(drawing.polylines["print"], drawing.closed["print"], strict=True)
        if closed and len(p) == 6
    ]
    flats = {round(_across_flats([q[:2] for q in h]), 4) for h in hexagons}
    assert len(flats) == 1
    lines = [p for p in drawing.polylines["print"] if len(p) == 2 and abs(p[0][1] - p[1][1]) < 1e-9]
    board_line = max(abs(p[1][0] - p[0][0]) for p in lines)
    assert board_line / flats.pop() == pytest.approx(5.0, abs=1e-3)  # 500 mm / 100 mm
    assert sum(1 for t in texts if t.startswith("Seat ")) == 6


def test_setup_diagrams_of_every_preset_fit_a4():
    for name in preset_names():
        page = setup_diagram(load_preset(name))
        assert sorted((page.width, page.height)) == [210.0, 297.0]
        for shapes in page.layers.values():
            for s in shapes[1:]:  # after the white page
                # text as the PDF sets it (Vera): the legend fills its lines to that
                x0, y0, x1, y1 = s.box() if isinstance(s, Text) else s.bbox()
                assert x0 >= 8 and y0 >= 8 and x1 <= page.width - 8 and y1 <= page.height - 8, (
                    name,
                    s,
                )


def test_bill_of_materials(out):
    bom = json.loads((out[0] / f"{NAME}-bom.json").read_text())
    assert bom["tiles"]["count"] == 19 and bom["tiles"]["width_mm"] == 100.0
    assert bom["fields"] == 133
    assert bom["stones"]["per_colour"] == 27 and bom["stones"]["total"] == 162
    assert [c["colour"] for c in bom["stones"]["colours"]] == [
        "red",
        "blue",
        "green",
        "yellow",
        "purple",
        "orange",
    ]
    assert bom["growing_markers"]["count"] == 27 and bom["dead_markers"]["count"] == 54
    assert bom["total_pieces"] == 162 + 27 + 54
    assert bom["printed_board_pages"] == {"A4": 7, "Letter": 7}
    text = (out[0] / f"{NAME}-bom.txt").read_text()
    assert "Stones              162  27 per colour × 6 colours" in text
    assert "  Red (seat 1)       27  red stones, 7 on the board at the start" in text


def test_the_board_file_and_transcript_are_written_too(out):
    assert read_board(out[0] / f"{NAME}.toml") == load_preset(NAME)
    again = read_board(out[0] / f"{NAME}-start.json")
    assert again.tiles == load_preset(NAME).tiles


def test_layout_of_a_transcript_file_and_one_paper(cli, tmp_path):
    result = cli(
        "layout",
        DATA / "online-setup-2p.json",
        "--paper",
        "letter",
        "--width",
        "80",
        "--out",
        tmp_path,
    )
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "online-setup-2p-board-letter.pdf" in names and not any("a4" in n for n in names)
    bom = json.loads((tmp_path / "online-setup-2p-bom.json").read_text())
    assert bom["tiles"]["width_mm"] == 80.0
    # The setup diagram is on Letter too, and the board and legend stay on the page.
    with _pdf(tmp_path, "online-setup-2p-setup.pdf") as pdf:
        (page,) = pdf.pages
        w, h = page.width / PT, page.height / PT
        assert sorted((round(w, 1), round(h, 1))) == [215.9, 279.4]
        for t in page.chars + page.curves:
            assert t["x0"] >= 0 and t["top"] >= 0 and t["x1"] <= page.width
            assert t["bottom"] <= page.height
    svg = read_svg((tmp_path / "online-setup-2p-setup.svg").read_bytes())
    assert sorted((svg.width, svg.height)) == [215.9, 279.4]


def test_the_setup_diagram_of_both_papers_fits_each_of_them(opened):
    """Both papers: A4's width and Letter's height, whole at 100 % on either."""
    pdf = opened(f"{NAME}-setup.pdf")
    (page,) = pdf.pages
    assert sorted((round(page.width / PT, 1), round(page.height / PT, 1))) == [210, 279.4]


def test_layout_never_writes_over_the_board_file_it_reads(cli, tmp_path):
    """fabgen layout club.toml --out . wrote fabgen's copy of the board (club.toml, the
    board's name) over the hand-written file, its comments lost."""
    from fabgen.board import board_to_toml, load_preset

    text = "# Anna sits by the window\n" + board_to_toml(load_preset(NAME)).replace(
        f'name = "{NAME}"', 'name = "club"'
    )
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    # One paper: refusing the board file and writing over its own copy do not depend
    # on the papers, and a second would add time, not a check.
    result = cli("layout", path, "--paper", "a4", "--out", tmp_path)
    assert result.exit_code == 2 and result.stdout == ""
    said = " ".join(result.stderr.split())
    assert "would write club.toml over" in said and "give another --out folder" in said
    assert path.read_text(encoding="utf-8") == text
    assert [p.name for p in tmp_path.iterdir()] == ["club.toml"]
    assert cli("layout", path, "--paper", "a4", "--out", tmp_path / "print").exit_code == 0
    # fabgen's own copy, laid out again into its folder, loses nothing: it is written over
    again = cli(
        "layout", tmp_path / "print/club.toml", "--paper", "a4", "--out", tmp_path / "print"
    )
    assert again.exit_code == 0, again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (str(BROKEN / "overlapping-tiles.toml"),),
            "the board has 3 errors: [field-in-two-tiles] tile 10, field b1: tiles 5 and 10 "
            "overlap on b1, b2, c2, c3",
        ),
        (("--preset", NAME, "--margin", "5"), "--margin 5 is outside the allowed range"),
        (("--preset", NAME, "--margin", "53"), "margin 53 mm is outside 6 to 52.5 mm"),  # on A4
        (("--preset", NAME, "--overlap", "2"), "--overlap 2 is outside the allowed range"),
        (("--preset", NAME, "--overlap", "53"), "overlap 53 mm is outside 5 to 52.5 mm"),
        (
            ("--preset", NAME, "--width", "10"),
            "--width 10 is outside the allowed range; allowed: 20 to 400 mm",
        ),
    ],
)
def test_layout_refuses_bad_input_and_writes_nothing(cli, tmp_path, args, message):
    result = cli("layout", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("width", ["3", "5", "19", "401", "2000"])
def test_layout_width_says_up_front_the_range_it_then_accepts(cli, tmp_path, width):
    """--width 3 said "allowed: 5 to 2,000 mm", and --width 5 (or 2000), as told, was
    refused again as "outside 20 to 400 mm": the option's own check now says the range
    layout prints, and a width inside it is taken."""
    result = cli("layout", "--preset", SMALL, "--width", width, "--out", tmp_path / "out")
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert f"--width {width} is outside the allowed range; allowed: 20 to 400 mm" in said
    assert "2,000" not in said and not (tmp_path / "out").exists()


@pytest.mark.parametrize("width", ["20", "400"])
def test_layout_takes_the_widths_its_option_allows(cli, tmp_path, width):
    args = ("--preset", SMALL, "--width", width, "--paper", "a4", "--out", tmp_path)
    assert cli("layout", *args).exit_code == 0


@pytest.mark.parametrize("width", ["1000", "19", "inf"])
def test_a_board_files_tile_width_is_named_as_its_key_in_the_file(cli, tmp_path, width):
    """A board file's tile_width_mm = 1000 passed validate (exit 0) and layout said
    "--width 1000 mm is outside 20 to 400 mm", an option never given: the reader now
    refuses the key, naming the file, the key, the range and what to do, in both."""
    from fabgen.board.boardfile import board_to_toml

    text = board_to_toml(load_preset(SMALL))
    text = text.replace("[board]\n", f"[board]\ntile_width_mm = {width}\n", 1)
    path = tmp_path / "wide.toml"
    path.write_text(text)
    for args in (("validate", path), ("layout", path, "--out", tmp_path / "out")):
        result = cli(*args)
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert f"{path} at board.tile_width_mm: {width} mm is outside 20 to 400 mm" in said
        assert "leave tile_width_mm out" in said and "Error: --width" not in said
    assert not (tmp_path / "out").exists()


def test_identical_input_gives_identical_files(out, tmp_path):
    from fabgen.products.layout import LayoutParams, layout_files

    again = layout_files(LayoutParams(load_preset(NAME))).files
    assert sorted(again) == [n for n in FILES if n != f"{NAME}-layout-files.json"]
    for name in again:
        assert again[name] == (out[0] / name).read_bytes(), name


def test_identical_files_across_processes(tmp_path):
    for run, seed in (("a", "1"), ("b", "7")):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "fabgen",
                "layout",
                "--preset",
                "4p-butterfly",
                "--out",
                str(tmp_path / run),
            ],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(names) == 9  # (with the files list, whose fabgen_version is the same)
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def _line_board(tmp_path, tiles: int):
    """A straight line of tiles (the largest board a file may have is 127 tiles)."""
    text = (
        f'[board]\nname = "line{tiles}"\ntiles = {[[i, 0] for i in range(tiles)]}\n'
        '[[players]]\nname = "Red"\ncolour = "red"\nstart = [0, 0]\n'
        f'[[players]]\nname = "Blue"\ncolour = "blue"\nstart = [{tiles - 1}, 0]\n'
    )
    path = tmp_path / "line.toml"
    path.write_text(text)
    return read_board(path)


@pytest.mark.parametrize("turn", TURNS)
def test_the_area_raster_of_a_huge_board_stays_bounded_and_measures_the_board(tmp_path, turn):
    """A line of 127 tiles 400 mm wide, turned, has a bounding box of square metres:
    the raster's squares grow so that it keeps to RASTER_CELLS, and it still measures
    the board's area."""
    from fabgen.board.placement import BoardPlacement
    from fabgen.draw.printed_board import RASTER_CELLS, _BoardRaster, _outlines

    place = BoardPlacement(_line_board(tmp_path, 127), 400.0, turn)
    loops = _outlines(place)
    raster = _BoardRaster(place, loops)
    ny, nx = raster.shape
    assert ny * nx <= 1.01 * RASTER_CELLS + 4 * (nx + ny)
    x0, y0, x1, y1 = place.bbox
    whole = raster.areas(
        np.array([[x0 - 10]]), np.array([[x1 + 10]]), np.array([[y0 - 10]]), np.array([[y1 + 10]])
    )
    board_area = sum(Polygon(loop).area for loop in loops)
    assert float(whole[0, 0, 0, 0]) == pytest.approx(board_area, rel=0.05)


def test_a_map_too_small_for_page_labels_says_so_instead(tmp_path, cli):
    board = tmp_path / "line.toml"
    _line_board(tmp_path, 127)
    result = cli("layout", board, "--paper", "a4", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with _pdf(tmp_path / "out", "line127-board-a4.pdf") as pdf:
        text = pdf.pages[0].extract_text()
        assert "too small here to be numbered" in text
        assert "page 2" not in text  # no label drawn over its neighbours
        assert "row 1, column 2" in pdf.pages[2].extract_text()


def _one_tile_layout(tmp_path, cli) -> None:
    """fabgen layout of a one-tile board (two seats, one stone each) into tmp_path/out."""
    board = tmp_path / "one.toml"
    board.write_text(
        '[board]\ntiles = [[0, 0]]\n[[players]]\nname = "Red"\nstacks = { a1 = 1 }\n'
        '[[players]]\nname = "Blue"\nstacks = { b2 = 1 }\n'
    )
    result = cli("layout", board, "--paper", "a4", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_a_one_tile_board_is_counted_in_the_singular(tmp_path, cli):
    # The map and the setup diagram said "1 pages" and "1 tiles".
    _one_tile_layout(tmp_path, cli)
    with _pdf(tmp_path / "out", "one-board-a4.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "1 page of A4 (upright) in 1 row and 1 column, after this map." in text
    assert "1 tile 100 mm across the flats" in text
    with _pdf(tmp_path / "out", "one-setup.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "1 tile 100 mm across the flats" in text


def test_a_one_page_board_is_not_cut_or_taped(tmp_path, cli):
    # Its map said that neighbouring pages overlap by 15 mm and to cut and tape them.
    _one_tile_layout(tmp_path, cli)
    with _pdf(tmp_path / "out", "one-board-a4.pdf") as pdf:
        assert len(pdf.pages) == 2
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "across the flats; the whole board is on that page." in text
    assert "Print the page at 100 %" in text and "foot of the page" in text
    assert "nothing to cut or tape" in text
    for words in ("overlap", "neighbour", "Lay the pages", "dashed line", "shaded"):
        assert words not in text
    # a board of several pages keeps the instructions for them
    many = printed_board(load_preset("3p-triangle-4"), 100.0, PrintSettings())
    words = " ".join(t.text for t in many[0].layers[Operation.PRINT] if isinstance(t, Text))
    assert "neighbouring pages overlap by 15 mm (shaded)" in words
    assert "Where a page has a dashed line" in words


def _one_tile_board():
    from fabgen.board.model import Board, Seat

    return Board.from_tiles([(0, 0)], seats=[Seat("A", "red", (((0, 0), 1),))], name="one")


@pytest.mark.parametrize("board", [*preset_names(), "one-tile"])
def test_the_bill_of_materials_gives_the_board_size_the_setup_diagram_gives(board):
    # The size was rounded twice (to 0.1 mm, then to whole mm): 115.47 mm became 116.
    import re

    from fabgen.board.bom import bill_of_materials, bom_text

    b = _one_tile_board() if board == "one-tile" else load_preset(board)
    text = bom_text(bill_of_materials(b, 100.0))
    w, h = re.search(r"(\d+) × (\d+) mm", text).groups()
    page = setup_diagram(b)
    labels = {s.text for shapes in page.layers.values() for s in shapes if isinstance(s, Text)}
    assert {f"{w} mm", f"{h} mm"} <= labels
    if board == "one-tile":
        assert " 1  island tile, " in text  # not "1 island tiles"


@pytest.mark.parametrize("board", ["4p-hexagon-19-machines", "5p-hexagon-19-dummy"])
def test_the_bill_of_materials_names_a_machine_seat_as_the_setup_diagram_does(board):
    # It said "Machine A (seat 2, machine)" where the legend says "Machine A, a machine".
    import re

    from fabgen.board.bom import bill_of_materials, bom_text

    b = load_preset(board)
    text = bom_text(bill_of_materials(b, 100.0))
    page = setup_diagram(b)
    legend = " ".join(
        s.text for shapes in page.layers.values() for s in shapes if isinstance(s, Text)
    )
    machines = [k for k, seat in enumerate(b.seats) if seat.kind.value != "player"]
    assert machines
    for k in machines:
        line = re.search(rf"^  (.+) \(seat {k + 1}\) ", text, re.M)
        assert line, text
        assert "machine" in line.group(1) and "(seat" not in line.group(1)
        assert f"Seat {k + 1}: {line.group(1)}" in legend, (line.group(1), legend)


def test_text_boxes_hold_a_name_of_wide_letters():
    """text_width and text_box estimated 0.9 (bold 1.0) cap heights a character, less
    than Vera's W (1.37, bold 1.53) and m: a box check passed a name of W's that ran
    out of its box. They measure Vera's real widths now, and never less than before."""
    from fabgen.draw.board_parts import text_width
    from fabgen.draw.drawing import Style
    from fabgen.draw.metrics import text_advance

    for name, bold in (("W" * 20, False), ("Wmm" * 7, True), ("WMW mwm", True)):
        assert text_width(name, 3.0, bold) >= text_advance(name, 3.0, bold)
        text = Text((10.0, 0.0), name, 3.0, "center", Style(bold=bold))
        x0, _, x1, _ = text_box(text)
        assert x1 - x0 >= text_advance(name, 3.0, bold)
        assert x0 <= 10.0 - text_advance(name, 3.0, bold) / 2
    assert text_width("page 12", 4.5, bold=True) == 1.0 * 4.5 * 7  # as before


def test_no_line_of_the_legend_is_a_tile_number_alone():
    # "Seat 1: Anna, moves first; a stack of 6 in the middle of tile" ran one character
    # past the line, and "3" stood alone on the next: the legend's lines, read from the
    # diagram, hold more than a number, and say the same words as before.
    from fabgen.board.boardfile import parse_board_toml
    from fabgen.draw.setup_diagram import TEXT_H

    star = parse_board_toml(
        "[board]\nname = 'star'\norigin = 'b2'\n"
        "tiles = [[0, 0], [1, 0], [2, 0], [0, 1], [0, 2], [-1, 1], [-2, 2], [-1, 0], [-2, 0],"
        " [0, -1], [0, -2]]\n"
        + "".join(
            f"[[players]]\nname = '{name}'\nstacks = {{ {centre} = 6 }}\n"
            for name, centre in zip(
                ["Anna", "Ben", "Cleo", "Dev", "Eli"],
                ["f0", "h6", "d8", "-c4", "-e-2"],
                strict=True,
            )
        )
    )
    for board in [star, *(load_preset(name) for name in preset_names())]:
        page = setup_diagram(board)
        lines = [
            s.text
            for shapes in page.layers.values()
            for s in shapes
            if isinstance(s, Text) and s.height == TEXT_H and s.align == "left"
        ]
        seats = " ".join(lines)
        assert [line for line in lines if len(line) <= 3] == [], (board.name, lines)
        for k in range(len(board.seats)):
            assert f"Seat {k + 1}: " in seats
        if board is star:
            assert "a stack of 6 in the middle of tile 3" in seats, lines


def test_a_whole_tile_of_stacks_is_said_once_in_the_legend():
    # stacks = { C = 3 } puts 3 stones on every field of a tile; the legend read "a
    # stack of 3 in the middle of tile 3, stacks of 3 in six corners (tiles 3, 3, 3, 3,
    # 3 and 3)".
    from fabgen.board.boardfile import board_to_toml, parse_board_toml
    from fabgen.draw.setup_diagram import TEXT_H
    from fabgen.rules.names import field_name

    preset = load_preset("4p-diamond-5-stacks")
    ((field, _),) = preset.seats[0].stacks
    tile = preset.tile_index(field)
    centre = field_name(preset.tiles[tile].centre).upper()
    text = board_to_toml(preset).replace(
        f"stacks = {{ {field_name(field)} = 6 }}", f"stacks = {{ {centre} = 3 }}"
    )
    board = parse_board_toml(text)
    assert len(board.seats[0].stacks) == 7
    page = setup_diagram(board)
    legend = " ".join(
        s.text
        for shapes in page.layers.values()
        for s in shapes
        if isinstance(s, Text) and s.height == TEXT_H and s.align == "left"
    )
    seat_1 = legend.split("Seat 1: ")[1].split("Seat 2: ")[0]
    assert f"stacks of 3 on every field of tile {tile + 1} " in seat_1 + " ", seat_1
    assert "corner" not in seat_1 and "middle" not in seat_1
