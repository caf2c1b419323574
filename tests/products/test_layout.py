"""The layout product: a board's print and board files read back, its bill of
materials against the parameters, and the kit's print files as ``fabgen layout``
makes them."""

import json

import pdfplumber
import pytest

from fabgen.board.boardfile import parse_board_toml
from fabgen.board.files import load_preset
from fabgen.errors import ParameterError
from fabgen.products.layout import LayoutParams, layout_files, papers_of, tile_width
from fabgen.rules.transcript import parse_transcript
from tests.readback import read_svg

BOARD = load_preset("2p-diamond-4")


@pytest.fixture(scope="module")
def made():
    return layout_files(LayoutParams(BOARD, width=80.0, papers=("letter",), margin=12.0))


def test_every_file_of_the_board(made):
    name = BOARD.name
    assert sorted(made.files) == sorted(
        f"{name}{end}"
        for end in (
            "-setup.svg", "-setup.pdf", "-board-letter.pdf", "-bom.txt", "-bom.json",
            ".toml", "-start.json",
        )
    )  # fmt: skip


def test_the_board_and_its_start_read_back(made):
    name = BOARD.name
    assert parse_board_toml(made.files[f"{name}.toml"].decode(), "made") == BOARD
    start = parse_transcript(made.files[f"{name}-start.json"].decode(), "made")
    assert len(start.position.players) == len(BOARD.seats)


def test_the_printed_board_is_on_letter_pages(made):
    import io

    with pdfplumber.open(io.BytesIO(made.files[f"{BOARD.name}-board-letter.pdf"])) as pdf:
        pages = len(pdf.pages)
        for page in pdf.pages:
            sizes = sorted((round(page.width * 25.4 / 72, 1), round(page.height * 25.4 / 72, 1)))
            assert sizes == [215.9, 279.4]
    assert made.report["printed_board_pages"] == {"Letter": pages}


def test_the_report_is_the_bill_of_materials(made):
    bom = json.loads(made.files[f"{BOARD.name}-bom.json"])
    assert bom == json.loads(json.dumps(made.report))
    assert made.report["tiles"]["count"] == len(BOARD.tiles)
    assert made.report["tiles"]["width_mm"] == 80.0


def test_the_setup_diagram_names_the_board(made):
    svg = read_svg(made.files[f"{BOARD.name}-setup.svg"])
    assert any(BOARD.name in text for texts in svg.texts.values() for text in texts)


def test_papers_and_tile_width():
    assert papers_of("both") == ("a4", "letter") and papers_of("a4") == ("a4",)
    assert tile_width(BOARD) == 100.0  # the preset gives none
    assert tile_width(BOARD, 75.0) == 75.0
    with pytest.raises(ParameterError) as caught:
        tile_width(BOARD, 500.0)
    assert caught.value.parameter == "width"
    assert caught.value.naming("--width").startswith("--width 500 mm is outside 20 to 400 mm")


def test_the_kit_prints_its_board_as_fabgen_layout_does(cli, tmp_path, default_plan, kit_files):
    result = cli("layout", "--preset", default_plan.board.name, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    written = sorted(tmp_path.iterdir())
    assert len(written) == 8
    for path in written:  # the kit puts them into print/ and board/
        (theirs,) = [data for name, data in kit_files.items() if name.endswith(f"/{path.name}")]
        assert path.read_bytes() == theirs, path.name


def test_the_configurator_shows_the_setup_diagram_of_fabgen_layout(default_plan, tmp_path, cli):
    from fabgen.web.kitform import _pictures

    shown = _pictures(default_plan, quick=True)["setup"]["svg"]
    result = cli("layout", "--preset", default_plan.board.name, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert shown.encode("utf-8") == (tmp_path / f"{default_plan.board.name}-setup.svg").read_bytes()


def test_the_designer_downloads_the_board_files_of_fabgen_layout(made):
    from fabgen.web.designer import board_file_bytes, setup_diagram_bytes, start_transcript_bytes

    name = BOARD.name
    assert board_file_bytes(BOARD) == made.files[f"{name}.toml"]
    assert start_transcript_bytes(BOARD) == made.files[f"{name}-start.json"]
    # made draws 80 mm tiles; the designer, the board's own width (100 mm)
    default = layout_files(LayoutParams(BOARD, papers=("a4",))).files
    assert setup_diagram_bytes(BOARD, "svg") == default[f"{name}-setup.svg"]
    # The PDF too: the same bytes as fabgen layout's, document info included.
    assert setup_diagram_bytes(BOARD, "pdf") == default[f"{name}-setup.pdf"]
