"""The assembly map's page labels ('page 5' over 'row 2, col 1') sit where no tile's
outline crosses them, or on a white halo that stops the outlines short of the text.

Read back from each map's PDF: the red lines of text (runs of red characters on one
baseline), the tiles' outlines (stroked curves: the grey edges and the board's black
outline) and the halos (white filled rectangles). Before, a label was kept off tile
numbers, page edges and other labels only: 95 of the 302 labels on the presets' maps
(A4 and Letter) crossed an outline or came within 0.4 mm of one, on 31 of the 42 maps
(6p-hexagon-37 on A4: 7 of 12), and none had a halo. Now 215 sit clear and 87 on
halos, where no spot of the page's rectangle is clear (a page inside the board).
"""

from __future__ import annotations

import io

import pytest

from fabgen.board.files import load_preset, preset_names
from fabgen.draw.drawing import Polyline
from fabgen.draw.printed_board import PAPERS, PrintSettings, assembly_map, choose_grid
from fabgen.export.pdf import PdfInfo, render_pdf

RED = (0.752941, 0.0, 0.0)  # #c00000, the page labels and edges
WHITE = (1.0, 1.0, 1.0)
PT = 72 / 25.4  # points per mm
#: How near an outline's middle (its line is at most 0.5 mm wide) a label may come
#: without a halo: the map keeps 0.4 mm; the text's box read from the PDF and the
#: sampling of the outline differ from the code's by under 0.05 mm.
CLEAR, SLACK = 0.4 * PT, 0.05 * PT
TILE_LINES = {("#8a8a8a", 0.2), ("#000000", 0.5)}  # the map's tile edges, board outline


def _map_page(name: str, paper: str):
    grid = choose_grid(load_preset(name), 100.0, PrintSettings(PAPERS[paper]))
    return grid, assembly_map(grid)


def _same(colour, other) -> bool:
    return (
        isinstance(colour, tuple)
        and len(colour) == len(other)
        and all(abs(a - b) < 1e-3 for a, b in zip(colour, other, strict=True))
    )


def _red_lines(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each line of red text and its box (x0, top, x1, bottom): runs of red characters
    on one baseline, each starting where the one before ended (spaces are characters
    too, so two labels side by side, at least 0.6 mm apart, are two runs)."""
    chars = [c for c in page.chars if _same(c["non_stroking_color"], RED)]
    chars.sort(key=lambda c: (round(c["bottom"], 2), c["x0"]))
    lines: list[list[dict]] = []
    for c in chars:
        last = lines[-1][-1] if lines else None
        if (
            last is not None
            and abs(last["bottom"] - c["bottom"]) < 0.01
            and abs(last["size"] - c["size"]) < 0.01
            and abs(c["x0"] - last["x1"]) < 0.5
        ):
            lines[-1].append(c)
        else:
            lines.append([c])
    return [
        (
            "".join(c["text"] for c in run),
            (
                min(c["x0"] for c in run),
                min(c["top"] for c in run),
                max(c["x1"] for c in run),
                max(c["bottom"] for c in run),
            ),
        )
        for run in lines
    ]


def _labels(lines) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each page's label, 'page N' with the 'row r, col c' line just under it aligned
    the same way (left, right or centred), and the box round both lines."""
    rows = [(text, box) for text, box in lines if text.startswith("row ")]
    out = []
    for text, box in lines:
        if not text.startswith("page "):
            continue
        under = [
            (row, row_box)
            for row, row_box in rows
            if -1.0 <= row_box[1] - box[3] <= 8.5
            and min(
                abs(row_box[0] - box[0]),
                abs(row_box[2] - box[2]),
                abs(row_box[0] + row_box[2] - box[0] - box[2]) / 2,
            )
            < 0.5
        ]
        assert len(under) == 1, (text, under)
        row, row_box = under[0]
        rows.remove(under[0])
        block = (min(box[0], row_box[0]), box[1], max(box[2], row_box[2]), row_box[3])
        out.append((f"{text} ({row})", block))
    assert not rows, rows
    return out


def _segment_meets_box(p, q, box, reach: float) -> bool:
    """Does segment pq come within ``reach`` of the box? Sampled every 0.1 pt along
    the segment: independent of the code's own clipping."""
    x0, y0, x1, y1 = box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach
    # Every sample lies between the segment's ends (to rounding): a segment wholly to
    # one side of the box has none in it, and is not sampled (most of them).
    if max(p[0], q[0]) < x0 - 1e-6 or min(p[0], q[0]) > x1 + 1e-6:
        return False
    if max(p[1], q[1]) < y0 - 1e-6 or min(p[1], q[1]) > y1 + 1e-6:
        return False
    length = ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5
    steps = max(1, int(length / 0.1))
    for k in range(steps + 1):
        x = p[0] + (q[0] - p[0]) * k / steps
        y = p[1] + (q[1] - p[1]) * k / steps
        if x0 <= x <= x1 and y0 <= y <= y1:
            return True
    return False


def _outline_segments(page):
    """The tiles' outlines: every stroked curve (hexagons: the grey edges and the
    board's black outline) as segments."""
    out = []
    for curve in page.curves:
        if not curve["stroke"] or _same(curve["stroking_color"], RED):
            continue
        pts = curve["pts"]
        for p, q in zip(pts, pts[1:] + pts[:1], strict=True):
            out.append((p, q))
    return out


def _inside(box, outer) -> bool:
    return (
        box[0] >= outer[0] - 0.01
        and box[1] >= outer[1] - 0.01
        and box[2] <= outer[2] + 0.01
        and box[3] <= outer[3] + 0.01
    )


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", preset_names())
def test_page_labels_cross_no_tile_outline_but_on_a_halo(name, paper):
    import pdfplumber

    grid, drawing = _map_page(name, paper)
    pdf = render_pdf([drawing], PdfInfo("map", "test", ()))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        lines = _red_lines(page)
        outlines = _outline_segments(page)
        halos = [
            (r["x0"], r["top"], r["x1"], r["bottom"])
            for r in page.rects
            if r["fill"] and _same(r["non_stroking_color"], WHITE)
        ]
        page_edges = [
            (p, q)
            for r in page.rects
            if r["stroke"] and _same(r["stroking_color"], RED)
            for p, q in zip(r["pts"], r["pts"][1:] + r["pts"][:1], strict=True)
        ]
        numbers = [
            (c["x0"], c["top"], c["x1"], c["bottom"])
            for c in page.chars
            if c["text"].isdigit() and not _same(c["non_stroking_color"], RED)
        ]
    # every page is labelled: 'page N' and 'row r, col c', each line once
    texts = sorted(text for text, _ in lines)
    expected = [f"page {grid.number(r, c)}" for r, c in grid.cells]
    expected += [f"row {r + 1}, col {c + 1}" for r, c in grid.cells]
    assert texts == sorted(expected)
    for k, (text, box) in enumerate(lines):
        for other, other_box in lines[k + 1 :]:
            assert not _overlap(box, other_box), (text, other)
    labels = _labels(lines)

    def near(block, reach):
        return any(_segment_meets_box(p, q, block, reach) for p, q in outlines)

    crossed = [(text, block) for text, block in labels if near(block, CLEAR - SLACK)]
    for text, block in crossed:
        assert any(_inside(block, halo) for halo in halos), f"{text} crosses a tile's outline"
    # a halo is drawn only where it is needed: behind one label that would otherwise
    # come too near an outline, and over no tile number and no page's edge
    for halo in halos:
        held = [(text, block) for text, block in labels if _inside(block, halo)]
        assert len(held) == 1 and near(held[0][1], CLEAR + SLACK), held
        assert not any(_overlap(halo, number) for number in numbers), held
        assert not any(_segment_meets_box(p, q, halo, 0.0) for p, q in page_edges), held
    # the halos lie over the outlines (drawn after them), the text over the halos
    shapes = drawing.layers["print"]
    white = [
        i for i, s in enumerate(shapes) if isinstance(s, Polyline) and s.style.fill == "#ffffff"
    ]
    stroked = [
        i
        for i, s in enumerate(shapes)
        if isinstance(s, Polyline) and (s.style.stroke, s.style.width) in TILE_LINES
    ]
    assert len(white) == len(halos)
    assert all(i > max(stroked) for i in white)
