"""Every file that shows how to build and set up a board: ``fabgen layout``, the kit's
``print/`` and ``board/`` files (docs/design-notes.md, *Products*).

:func:`layout_files` renders in memory the setup diagram (SVG and PDF, one page that
fits each paper printed on: :func:`setup_page`), the printed
board at full size per paper size (PDF), the bill of materials (text and JSON), and the
board itself as a board file and as a transcript of its start position.
"""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.board.model import Board
from fabgen.board.supply import Supply
from fabgen.errors import ParameterError
from fabgen.geometry.tile import DEFAULT_WIDTH
from fabgen.products.output import Files
from fabgen.settings import default

PAPER_CHOICES = ("a4", "letter")


@dataclass(frozen=True)
class LayoutParams:
    """The board and how to print it (the settings ``width``, ``paper``, ``page_margin``,
    ``overlap`` and ``seat_symbols``)."""

    board: Board
    width: float | None = None  # tile width across the flats; None: the board's, or 100
    papers: tuple[str, ...] = PAPER_CHOICES
    margin: float = default("page_margin")
    overlap: float = default("overlap")
    #: Pieces needed when not by the 20 % rule (a kit with supply = "simulate").
    supply: Supply | None = None
    #: The stones carry their seats' symbols: the setup diagram draws them so.
    seat_symbols: bool = False


def papers_of(paper: str) -> tuple[str, ...]:
    """The papers the setting ``paper`` names (``both``: A4 and Letter)."""
    return PAPER_CHOICES if paper == "both" else (paper,)


def tile_width(board: Board, width: float | None = None) -> float:
    """The width of the board's tiles: ``width``, else the board file's, else 100 mm; in
    the range of the setting ``print_width`` (20 to 400 mm), which ``fabgen layout
    --width`` and the board reader apply up front. A width given is refused as the
    setting ``width`` (the kit's ``tile.width``); the board's own is named by its key."""
    from fabgen.geometry.tile import TileGeometry
    from fabgen.settings import range_of

    limit = range_of("print_width")
    chosen = width or board.tile_width_mm or DEFAULT_WIDTH
    if limit.problem(chosen):
        what = (
            "give the width of your tiles across the flats (the distance between the "
            "centres of two neighbouring tiles)"
        )
        if width:
            raise ParameterError.about(
                "width", f"{chosen:g} mm is outside {limit.describe()}: {what}"
            )
        raise ParameterError(
            "print_width",
            f"the board {board.name}'s tile_width_mm, {chosen:g} mm, is outside "
            f"{limit.describe()}: {what} as tile_width_mm in its board file",
        )
    TileGeometry.from_width(chosen)  # the usual checks
    return chosen


def layout_files(params: LayoutParams) -> Files:
    """The board's print and board files; the report is its bill of materials."""
    from fabgen.board.bom import bill_of_materials, bom_json, bom_text

    board, name = params.board, params.board.name
    width = tile_width(board, params.width)
    files = _setup_files(params, width)
    pages = {}  # how many pages, by paper name ("A4")
    for paper in params.papers:
        printed, pages[printed], pdf = _printed_board(params, width, paper)
        files[f"{name}-board-{printed.lower()}.pdf"] = pdf
    bom = bill_of_materials(board, width, pages, params.supply)
    files[f"{name}-bom.txt"] = bom_text(bom).encode("utf-8")
    files[f"{name}-bom.json"] = bom_json(bom).encode("utf-8")
    files.update(board_files(board).files)
    return Files(files, bom)


def board_files(board: Board) -> Files:
    """The board as a board file (``NAME.toml``) and its start position as a transcript
    (``NAME-start.json``)."""
    from fabgen.board.boardfile import board_to_toml
    from fabgen.board.transcript_io import board_transcript_text

    return Files(
        {
            f"{board.name}.toml": board_to_toml(board).encode("utf-8"),
            f"{board.name}-start.json": board_transcript_text(board).encode("utf-8"),
        }
    )


def _keywords(board: Board) -> tuple[str, ...]:
    return ("Atlantis", "board", board.name, f"{len(board.seats)} players")


def setup_files(params: LayoutParams, formats: tuple[str, ...] = ("svg", "pdf")) -> Files:
    """Only the setup diagram (``NAME-setup.svg``, ``.pdf``), as :func:`layout_files`
    makes it, without the printed board (for pictures and previews)."""
    return Files(_setup_files(params, tile_width(params.board, params.width), formats))


def _setup_files(
    params: LayoutParams, width: float, formats: tuple[str, ...] = ("svg", "pdf")
) -> dict[str, bytes]:
    from fabgen.draw.setup_diagram import setup_diagram
    from fabgen.export.pdf import PdfInfo, render_pdf
    from fabgen.export.svg import render_svg

    name = params.board.name
    page = setup_page(params.papers)
    diagram = setup_diagram(params.board, width, params.supply, page, params.seat_symbols)
    files = {}
    if "svg" in formats:
        files[f"{name}-setup.svg"] = render_svg(diagram)
    if "pdf" in formats:
        info = PdfInfo(diagram.title, "Setup diagram", _keywords(params.board))
        files[f"{name}-setup.pdf"] = render_pdf([diagram], info)
    return files


def setup_page(papers: tuple[str, ...]) -> tuple[float, float]:
    """The setup diagram's page (mm): the paper, or with A4 and Letter the area they
    share (A4's width, Letter's height). The diagram has no scale to keep, so one page
    that prints whole at 100 % on either paper serves a maker better than a file per
    paper; an A4 page printed on Letter lost its last legend line."""
    from fabgen.draw.printed_board import PAPERS

    sizes = [PAPERS[p] for p in papers]
    return (min(p.width for p in sizes), min(p.height for p in sizes))


def _printed_board(params: LayoutParams, width: float, paper: str) -> tuple[str, int, bytes]:
    """The board at full size over pages of ``paper``: the paper's name, the number of
    pages and the PDF."""
    from fabgen.draw.printed_board import PAPERS, PrintSettings, printed_board
    from fabgen.export.pdf import PdfInfo, render_pdf

    settings = PrintSettings(PAPERS[paper], params.margin, params.overlap)
    drawings = printed_board(params.board, width, settings)
    title = f"Atlantis board {params.board.name} at full size on {settings.paper.name}"
    info = PdfInfo(title, "Printed board, 1:1, with assembly map", _keywords(params.board))
    return settings.paper.name, len(drawings), render_pdf(drawings, info)
