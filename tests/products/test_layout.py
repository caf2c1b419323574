"""The layout product: a board's print and board files read back, its bill of
materials against the parameters, and the kit's print files as ``fabgen layout``
makes them."""

import json
import math

import pdfplumber
import pytest

from fabgen.board.boardfile import parse_board_toml
from fabgen.board.files import load_preset
from fabgen.cli.options import named_for_the_command_line
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


def test_a_boards_own_tile_width_is_named_by_its_key():
    """The board's own width out of range (a board made in code: the reader refuses such
    a file) was refused as "width", which a layout names --width, an option not given."""
    import dataclasses

    wide = dataclasses.replace(BOARD, tile_width_mm=1000.0)
    with pytest.raises(ParameterError) as caught:
        tile_width(wide)
    assert "tile_width_mm, 1000 mm, is outside 20 to 400 mm" in str(caught.value)
    assert "--width" not in named_for_the_command_line(caught.value)


def test_the_kit_prints_its_board_as_fabgen_layout_does(cli, tmp_path, default_plan, kit_files):
    result = cli("layout", "--preset", default_plan.board.name, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    listed = tmp_path / f"{default_plan.board.name}-layout-files.json"
    written = sorted(set(tmp_path.iterdir()) - {listed})  # (the list is layout's alone)
    assert len(written) == 8
    entries = json.loads(listed.read_text())["files"]
    assert [entry["path"] for entry in entries] == [path.name for path in written]
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
    default = layout_files(LayoutParams(BOARD)).files  # both papers, as fabgen layout
    assert setup_diagram_bytes(BOARD, "svg") == default[f"{name}-setup.svg"]
    # The PDF too: the same bytes as fabgen layout's, document info included.
    assert setup_diagram_bytes(BOARD, "pdf") == default[f"{name}-setup.pdf"]


SOLO = "1p-triangle-5-two-machines"


def _kit_plan(tmp_path, stones: str):
    from fabgen.kitbuild.kitfile import load_kit
    from fabgen.kitbuild.plan import plan_kit

    kit = tmp_path / "kit.toml"
    kit.write_text(f'[kit]\nboard = "{SOLO}"\nplayers = 1\npaper = "a4"\n[stones]\n{stones}')
    return plan_kit(load_kit(kit))


def _marks_on_stones(svg: bytes) -> dict[str, list[list[object]]]:
    """What is drawn inside each stone of the setup SVG (those on the board and the
    legend's swatches), by the stone's colour: for each stone, the parts of the mark
    on it, a ring as "ring" and a filled polygon by its number of corners."""
    from xml.etree import ElementTree

    shapes = list(ElementTree.fromstring(svg).iter())
    circles = [e for e in shapes if e.tag.endswith("circle")]
    stones = [
        e
        for e in circles
        if e.get("stroke-width") == "0.25" and e.get("fill") not in ("none", "#ffffff")
    ]
    marks = [
        (e, [(float(e.get("cx")), float(e.get("cy")))], float(e.get("r")))
        for e in circles
        if e.get("fill") == "none" and e.get("stroke") in ("#000000", "#ffffff")
    ]
    for e in shapes:  # filled polygons without an edge, in black or white
        if (
            e.tag.endswith("path")
            and e.get("stroke") == "none"
            and e.get("fill")
            in (
                "#000000",
                "#ffffff",
            )
        ):
            numbers = [
                float(v)
                for v in e.get("d")
                .replace("M", " ")
                .replace("L", " ")
                .replace("Z", " ")
                .replace(",", " ")
                .split()
            ]
            points = list(zip(numbers[::2], numbers[1::2], strict=True))
            marks.append((e, points, 0.0))
    out: dict[str, list[list[object]]] = {}
    for stone in stones:
        x, y, r = (float(stone.get(a)) for a in ("cx", "cy", "r"))
        inside = [
            "ring" if e.tag.endswith("circle") else len(points)
            for e, points, extra in marks
            if all(math.dist(p, (x, y)) + extra < r for p in points)
        ]
        out.setdefault(stone.get("fill"), []).append(sorted(inside, key=str))
    return out


def test_a_kit_with_seat_symbols_draws_each_seats_symbol_on_its_stones_and_swatch(cli, tmp_path):
    """The setup diagram drew start stones by colour only where the kit's stones carry
    symbols: read back from the kit's SVG, every stone of a seat on the board and its
    swatch in the legend carry the seat's symbol (the machines' stacks above their
    number), the legend names it, fabgen layout --seat-symbols makes the same bytes and
    the kit page previews it so."""
    from fabgen.draw.board_parts import print_seat_colour
    from fabgen.geometry.symbols import SYMBOL_WORDS, RingPart, board_seat_symbols, symbol_parts
    from fabgen.kitbuild.plan import plan_kit
    from fabgen.kitbuild.render import _board_product
    from fabgen.web.kitform import QUICK_CHECKS, _pictures

    plan = _kit_plan(tmp_path, "seat_symbols = true\nmarkers = false\n")
    files = _board_product(plan)
    svg = files[f"print/{SOLO}-setup.svg"]
    board = plan.board
    symbols = board_seat_symbols([s.is_machine for s in board.seats])
    marks = _marks_on_stones(svg)
    legend = " ".join(read_svg(svg).texts["print"])
    for k, seat in enumerate(board.seats):
        parts = symbol_parts(symbols[k], 1.0)
        want = sorted(
            ("ring" if isinstance(p, RingPart) else len(p.points) for p in parts), key=str
        )
        stacks = [f for f, _ in seat.stacks]
        assert marks[print_seat_colour(board, k)] == [want] * (len(stacks) + 1), k
        assert f"; stones marked with {SYMBOL_WORDS[symbols[k]]}" in legend, k
    result = cli(
        "layout", "--preset", SOLO, "--paper", "a4", "--seat-symbols", "--out", tmp_path / "o"
    )
    assert result.exit_code == 0, result.output
    for name in (f"{SOLO}-setup.svg", f"{SOLO}-setup.pdf"):
        assert (tmp_path / "o" / name).read_bytes() == files[f"print/{name}"], name
    # (the page's quick preview plans the board, tile and paper only, no stones)
    quick = plan_kit(plan.kit, QUICK_CHECKS)
    shown = _pictures(quick, quick=True)["setup"]["svg"].encode("utf-8")
    assert _marks_on_stones(shown) == marks


@pytest.mark.parametrize(
    "stones", ["seat_symbols = false\n", "design = 'none'\nseat_symbols = true\nmarkers = false\n"]
)
def test_stones_without_symbols_are_drawn_without_them(tmp_path, stones):
    """A kit whose stones carry no symbols (or that makes no stones) draws none."""
    from fabgen.kitbuild.render import _board_product

    plan = _kit_plan(tmp_path, stones)
    svg = _board_product(plan)[f"print/{SOLO}-setup.svg"]
    marks = _marks_on_stones(svg)
    assert len(marks) == len(plan.board.seats)
    assert all(inside == [] for stones in marks.values() for inside in stones)
    default = layout_files(LayoutParams(plan.board, plan.geometry.width, plan.papers))
    assert default.files[f"{SOLO}-setup.svg"] == svg
