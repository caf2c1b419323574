"""``fabgen layout`` as a library: every file that shows how to build and set up a board.

:func:`layout_files` returns ``{file name: bytes}``, rendered in memory (the CLI writes
them atomically): the setup diagram (SVG and PDF), the printed board at full size per
paper size (PDF), the bill of materials (text and JSON), and the board itself as a
board file and as a transcript of its start position.
"""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.board.model import Board
from fabgen.board.supply import Supply
from fabgen.errors import ParameterError
from fabgen.geometry.tile import DEFAULT_WIDTH

PAPER_CHOICES = ("a4", "letter")


@dataclass(frozen=True)
class LayoutOptions:
    width: float | None = None  # tile width across the flats; None: the board's, or 100
    papers: tuple[str, ...] = PAPER_CHOICES
    margin: float = 10.0
    overlap: float = 15.0
    #: Pieces needed when not by the 20 % rule (a kit with supply = "simulate").
    supply: Supply | None = None


def tile_width(board: Board, options: LayoutOptions) -> float:
    from fabgen.geometry.tile import TileGeometry

    width = options.width or board.tile_width_mm or DEFAULT_WIDTH
    if not 20.0 <= width <= 400.0:
        raise ParameterError.about(
            "width",
            f"{width:g} mm is outside 20 to 400 mm: give the width of your tiles "
            "across the flats (the distance between the centres of two neighbouring tiles)",
        )
    TileGeometry.from_width(width)  # the usual checks
    return width


def layout_files(board: Board, options: LayoutOptions | None = None) -> dict[str, bytes]:
    from fabgen.board.boardfile import board_to_toml
    from fabgen.board.bom import bill_of_materials, bom_json, bom_text
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.draw.printed_board import PAPERS, PrintSettings, printed_board
    from fabgen.draw.setup_diagram import setup_diagram
    from fabgen.export.pdf import PdfInfo, render_pdf
    from fabgen.export.svg import render_svg

    options = options or LayoutOptions()
    width = tile_width(board, options)
    name = board.name
    settings = [PrintSettings(PAPERS[p], options.margin, options.overlap) for p in options.papers]
    files: dict[str, bytes] = {}
    diagram = setup_diagram(board, width, options.supply)
    keywords = ("Atlantis", "board", board.name, f"{len(board.seats)} players")
    files[f"{name}-setup.svg"] = render_svg(diagram)
    files[f"{name}-setup.pdf"] = render_pdf(
        [diagram], PdfInfo(diagram.title, "Setup diagram", keywords)
    )
    pages = {}
    for s in settings:
        drawings = printed_board(board, width, s)
        pages[s.paper.name] = len(drawings)
        title = f"Atlantis board {name} at full size on {s.paper.name}"
        files[f"{name}-board-{s.paper.name.lower()}.pdf"] = render_pdf(
            drawings, PdfInfo(title, "Printed board, 1:1, with assembly map", keywords)
        )
    bom = bill_of_materials(board, width, pages, options.supply)
    files[f"{name}-bom.txt"] = bom_text(bom).encode("utf-8")
    files[f"{name}-bom.json"] = bom_json(bom).encode("utf-8")
    files[f"{name}.toml"] = board_to_toml(board).encode("utf-8")
    files[f"{name}-start.json"] = board_transcript_text(board).encode("utf-8")
    return files
