"""The rule sheet and quick reference read back from the PDFs: every rule of
the rules section of docs/design-notes.md is in the text, page counts and sizes, embedded fonts,
metadata, reproducible bytes, computed captions, no sentence from the seeds."""

import io
import os
import pathlib
import re
import shutil
import subprocess
import sys
from dataclasses import replace

import pdfplumber
import pytest
from reportlab.platypus import Paragraph

from fabgen.docs import figures as F
from fabgen.docs.rulesheet import (
    BOX_FILL,
    QUICKREF,
    RULESHEET,
    render_sheet,
    rulesheet_pdf,
    rulesheet_pdfs,
)
from fabgen.docs.text import load_document, parse_document
from fabgen.errors import FabgenError, ParameterError
from fabgen.rules import scores

PT_PER_MM = 72 / 25.4
ROOT = pathlib.Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
NAMES = ("rulesheet-a4.pdf", "quickref-a4.pdf", "rulesheet-letter.pdf", "quickref-letter.pdf")

# Every rule of docs/design-notes.md, each with phrases that must appear in the rule
# sheet's text (lower case, white space collapsed).
RULES = {
    "seat 1 moves first; the setup diagram numbers the seats": [
        "players take their turns one after the other, seat 1 first (as numbered on the "
        "setup diagram)",
    ],
    "turn = movement, explosion, growth": [
        "a turn has three phases",
        "movement: the player decides",
        "explosion: automatic",
        "growth: automatic",
    ],
    "move: k stones, exactly k steps, straight, over live fields": [
        "those k stones travel exactly k steps along a straight line",
        "every field the stones pass over, and the field where they stop, must be live",
    ],
    "opponent stones cancel one for one; the rest lands": [
        "each of them cancels one of the moving stones",
        "whatever survives lands on the destination",
    ],
    "a move that loses all its stones is legal": [
        "a move that loses all its stones on the way is still legal",
    ],
    "outnumbered: all moving stones are lost, the opponent stones stay": [
        "when the opponent stones in the way are more than the moving stones, every moving "
        "stone is lost",
        "the stones met first are cancelled first; the rest stay on their fields",
    ],
    "the order of the moves can matter": [
        "the order can therefore change the outcome",
        "the order matters. red makes the same two moves in both orders",
    ],
    "boards of 9 to 43 tiles; turns clockwise; chiral boards have a direction": [
        "build the board from 9 to 43 tiles",
        "round the table the way the board turns, clockwise or counter-clockwise",
        "the 1995 rules play their diamonds and triangles clockwise and their other shapes "
        "counter-clockwise",
    ],
    "one move starts per tile; several may end on one": [
        "at most one move may start on each tile in a turn",
        "any number of moves may end on the same tile",
    ],
    "a stone moves at most once per turn": [
        "no stone takes part in two moves of the same turn",
        "only the stones that were there when the turn began",
    ],
    "capacity = live neighbours": [
        "a field's capacity is the number of its neighbours that are live",
        "growing fields, dead fields and the edge of the board do not count",
    ],
    "a field of the player explodes at stones >= capacity": [
        "every field of yours (a live field with your stones, or one of your growing fields)",
        "explodes if it holds at least as many stones as its capacity",
    ],
    "explosion: one stone to each live neighbour, cancelling, surplus lost": [
        "each live neighbour receives one of them",
        "any stones beyond the capacity are lost",
        "a stone that lands on opponent stones cancels one of them",
    ],
    "live -> growing -> dead": [
        "a live field becomes one of your growing fields, and a growing field becomes dead",
    ],
    "repeat until stable; order does not matter": [
        "the phase goes on until every field of yours is stable",
        "the order in which you carry out the explosions never matters",
    ],
    "only the current player's fields explode": [
        "wait for their owner's explosion phase",
    ],
    "an empty growing field without live neighbours explodes and dies": [
        "a growing field whose live neighbours are all gone has capacity 0",
        "explodes even without stones, and dies",
    ],
    "growth: +1 on every growing field, new ones too; no explosion until next turn": [
        "each of your growing fields gains one stone, including those that started growing",
        "it waits for your next explosion phase",
    ],
    "region = maximal connected set of live fields": [
        "a region is a group of live fields that hang together, as large as possible",
    ],
    "settled = at most one player's stones, no growing field next to it": [
        "a region is settled when it holds stones of no more than one player and no growing "
        "field touches it",
    ],
    "game over when every region is settled (also with no live field)": [
        "the game is over when a turn ends with every region settled",
        "a board with no live field left",
    ],
    "score = fields of regions holding only that player's stones, at any moment": [
        "your score is the number of fields in all regions that hold your stones and nobody else's",
        "regions without stones count for nobody",
        "scores can be counted at any moment",
    ],
    "ties: tied players share their place": [
        "players with equal scores share their place",
    ],
    "variants appendix: 2013 and blog tie-breaks and 1995 end condition": [
        "appendix: variants",
        "online-2013",
        "tied players are ranked in reverse turn order",
        "blog",
        "tied players are ranked by the number of their stones on the board",
        "the game ends once the board has no growing field left and the players have passed "
        "one after another",
    ],
}

QUICKREF_PHRASES = [
    "move: your choice",
    "explode: automatic",
    "grow: automatic",
    "k stones from one of your live fields go exactly k steps in a straight line",
    "cancels one moving stone",
    "still legal",
    "at most one move starts on each tile",
    "capacity = number of live neighbours",
    "live becomes growing (yours); growing becomes dead",
    "the order does not matter",
    "a growing field with no live neighbours explodes and dies, stones or not",
    "no explosion until your next turn",
    "the game ends when every region is settled",
    "equal scores share the place",
    "online-2013: of tied players, the one later in the turn order ranks higher",
]


@pytest.fixture(scope="module")
def pdfs(rulesheet_both):
    return rulesheet_both


@pytest.fixture(scope="module")
def opened(pdfs):
    """The four PDFs opened once for the module: pdfplumber reads a page's characters
    (most of a read's time) once, and every test reads the same pages."""
    docs = {name: pdfplumber.open(io.BytesIO(data)) for name, data in pdfs.items()}
    yield docs
    for pdf in docs.values():
        pdf.close()


@pytest.fixture(scope="module")
def texts(opened):
    return {name: opened_text(pdf) for name, pdf in opened.items()}


def pdf_text(data: bytes) -> str:
    """The text in reading order (the order it is drawn), without the page footers
    (which would interrupt a paragraph that runs on to the next page), normalised."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return opened_text(pdf)


def opened_text(pdf) -> str:
    """:func:`pdf_text` of a PDF pdfplumber has open."""
    body = [p.crop((0, 0, p.width, p.height - 11 * PT_PER_MM)) for p in pdf.pages]
    return normalise(" ".join(page.extract_text(use_text_flow=True) for page in body))


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip().lower()


def test_writes_four_pdfs_for_both_papers(pdfs):
    assert sorted(pdfs) == sorted(NAMES)
    assert sorted(rulesheet_pdfs("letter")) == ["quickref-letter.pdf", "rulesheet-letter.pdf"]


@pytest.mark.parametrize("rule", list(RULES))
def test_every_rule_of_the_design_is_in_the_rule_sheet(texts, rule):
    for name in ("rulesheet-a4.pdf", "rulesheet-letter.pdf"):
        text = texts[name]
        for phrase in RULES[rule]:
            assert phrase in text, f"{name}: {rule!r} needs {phrase!r}"


def test_the_quick_reference_has_the_turn_moves_explosions_and_scoring(texts):
    for name in ("quickref-a4.pdf", "quickref-letter.pdf"):
        text = texts[name]
        for phrase in QUICKREF_PHRASES:
            assert phrase in text, f"{name} needs {phrase!r}"


def test_page_counts_and_sizes_in_millimetres(opened):
    sizes = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
    for name, pdf in opened.items():
        kind, paper = name[:-4].split("-")
        width, height = sizes[paper]
        if kind == "quickref":
            width, height = height, width  # the card is landscape
        pages = pdf.pages
        if kind == "rulesheet":
            assert 2 <= len(pages) <= 5, name
        else:
            assert len(pages) == 1, name
        for page in pages:
            assert page.width / PT_PER_MM == pytest.approx(width, abs=0.05), name
            assert page.height / PT_PER_MM == pytest.approx(height, abs=0.05), name


def _rgb(colour: str) -> tuple[float, ...]:
    return tuple(round(int(colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def _inside(inner: dict, outer: dict) -> bool:
    keys = ("x0", "top", "x1", "bottom")
    a, b = (tuple(round(r[k], 1) for k in keys) for r in (inner, outer))
    return a != b and b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def test_the_quick_reference_figure_has_no_white_box_on_its_panel(opened):
    """The capacity figure sits on its section's tinted panel with the panel's colour
    behind it: every filled rectangle inside a panel (a figure's page) is not white."""
    panel = _rgb(BOX_FILL)
    for name in ("quickref-a4.pdf", "quickref-letter.pdf"):
        page = opened[name].pages[0]
        filled = [r for r in page.rects if r["fill"]]
        colour = {id(r): tuple(round(c, 3) for c in r["non_stroking_color"]) for r in filled}
        panels = [r for r in filled if colour[id(r)] == panel]
        assert len(panels) >= 5, name  # one per section
        # the figure's cells (curves) lie inside a panel
        holding = [p for p in panels if any(_inside(c, p) for c in page.curves)]
        assert holding, name
        for outer in panels:
            for inner in filled:
                if _inside(inner, outer):
                    assert colour[id(inner)] != (1.0, 1.0, 1.0), (name, inner["x0"])


def test_fonts_are_embedded_truetype(pdfs, opened):
    for name, data in pdfs.items():
        fonts = {ch["fontname"] for page in opened[name].pages for ch in page.chars}
        assert fonts and all("Vera" in f for f in fonts), (name, fonts)
        # One embedded TrueType program per font descriptor, and no base-14 font.
        assert data.count(b"/FontFile2") == data.count(b"/Type /FontDescriptor") > 0
        assert b"Helvetica" not in data and b"Times-Roman" not in data


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="pdffonts not installed")
def test_pdffonts_lists_only_embedded_fonts(pdfs, tmp_path):
    for name, data in pdfs.items():
        path = tmp_path / name
        path.write_bytes(data)
        out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
        rows = out.stdout.splitlines()[2:]
        assert rows, name
        for row in rows:
            # name, type (2 words: "TrueType" or "CID TrueType"), encoding, emb, sub, uni
            assert re.search(r"\s(yes)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$", row), row


def test_title_and_metadata(opened):
    expected = {"rulesheet": "Atlantis: rules of play", "quickref": "Atlantis: quick reference"}
    for name, pdf in opened.items():
        meta = pdf.metadata
        assert meta["Title"] == expected[name.split("-")[0]]
        assert "Atlantis" in meta["Subject"] and "rules engine" in meta["Subject"]
        assert "Atlantis" in meta["Keywords"] and "rules" in meta["Keywords"]
        assert meta["Creator"].startswith("fabgen ")
        assert meta["Author"] == "fabgen"


def test_identical_input_gives_identical_bytes(pdfs):
    assert rulesheet_pdfs("both") == pdfs


def test_identical_bytes_across_processes(tmp_path):
    for run, seed in (("a", "1"), ("b", "4")):
        subprocess.run(
            [sys.executable, "-m", "fabgen", "rulesheet", "--paper", "a4", "--out", tmp_path / run],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
    for name in ("rulesheet-a4.pdf", "quickref-a4.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_qpdf_check_passes(pdfs, tmp_path):
    for name, data in pdfs.items():
        path = tmp_path / name
        path.write_bytes(data)
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, name + result.stdout + result.stderr


def test_captions_quote_the_engine(texts):
    text = texts["rulesheet-a4.pdf"]
    red, blue, green = scores(F.FINAL.position())
    assert f"scores: red {red}, blue {blue}, green {green}." in text
    red, blue = scores(F.REGIONS.position())
    assert f"scores at this moment: red {red}, blue {blue}." in text
    assert "the chain runs for 4 waves: 5 explosions" in text


def test_the_end_figure_shows_the_tied_players_sharing_a_place(texts):
    red, blue, green = scores(F.FINAL.position())
    assert blue == green < red
    for name in ("rulesheet-a4.pdf", "rulesheet-letter.pdf"):
        text = texts[name]
        assert f"ranking: 1. red {red}; 2. blue {blue} and green {green} (shared place)." in text
        assert "blue and green tie on" in text and "they share the place" in text


def test_a_changed_example_changes_the_printed_figure(pdfs):
    red, blue = F.CHAIN.stacks
    # One stone less on red's old growing field c (d2): the chain stops sooner.
    chain = F.turn_figure(replace(F.CHAIN, stacks=({**red, "d2": -2}, blue)))
    assert chain.facts["waves"] != F.turn_figure().facts["waves"]
    changed = rulesheet_pdf("a4", {"turn": chain})
    assert changed != pdfs["rulesheet-a4.pdf"]
    assert f"the chain runs for {chain.facts['waves']} waves" in pdf_text(changed)


def test_no_run_of_eight_words_from_the_seeds(texts):
    if not SEEDS.is_dir():
        pytest.skip("the seed documents (../shared/seeds) are not next to this checkout")
    seed_runs = set()
    for path in sorted(SEEDS.glob("*.txt")):
        seed_runs |= _runs(path.read_text("utf-8"))
    assert seed_runs
    sources = dict(texts)
    for name in ("rules", "quickref"):
        source = pathlib.Path(ROOT, "templates", "rulesheet", f"{name}.md").read_text("utf-8")
        sources[f"templates/rulesheet/{name}.md"] = source
    for name, text in sources.items():
        copied = sorted(" ".join(run) for run in _runs(text) & seed_runs)
        assert not copied, f"{name} repeats the seeds word for word: {copied}"


def _runs(text: str, n: int = 8) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", normalise(text))
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_unknown_paper_is_refused_with_the_choices():
    with pytest.raises(ParameterError, match="choose one of a4, letter, both"):
        rulesheet_pdfs("a5")


def test_text_too_long_for_the_card_is_refused(monkeypatch):
    import fabgen.docs.rulesheet as module

    doc = load_document("quickref")
    longer = replace(doc, blocks=doc.blocks * 3)
    monkeypatch.setattr(module, "load_document", lambda name: longer)
    with pytest.raises(FabgenError, match=r"quick reference came out at \d+ pages on a4"):
        render_sheet(QUICKREF, "a4")


def test_a_caption_asking_for_an_unknown_fact_is_refused(monkeypatch):
    import fabgen.docs.rulesheet as module

    doc = parse_document("# T\n\n@figure move\nMoved {nonsense}.\n")
    monkeypatch.setattr(module, "load_document", lambda name: doc)
    with pytest.raises(FabgenError, match=r"uses \{nonsense\}"):
        render_sheet(RULESHEET, "a4")


def test_cli_writes_the_pdfs_and_lists_them(cli, tmp_path):
    result = cli("rulesheet", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "quickref-letter.pdf",
        "rulesheet-letter.pdf",
    ]
    assert result.output.count("wrote ") == 2
    assert cli("rulesheet", "--paper", "a5", "--out", tmp_path).exit_code == 2


def test_the_help_gives_the_page_range_the_sheet_is_held_to(cli):
    fewest, most = RULESHEET.pages
    result = cli("rulesheet", "--help")
    assert result.exit_code == 0
    assert f"a rule sheet of {fewest} to {most} pages" in " ".join(result.output.split())


def heading_sizes(text_size: float) -> set[float]:
    from fabgen.docs.rulesheet import _styles

    styles = _styles(text_size)
    return {round(styles[h].fontSize, 1) for h in ("h2", "h3")}


def heading_lines(page, sizes: set[float]) -> list[dict]:
    """Lines set in bold in a heading size (not figure labels, not the title)."""
    big = [
        c
        for c in page.chars
        if c["text"].strip() and "Bold" in c["fontname"] and round(c["size"], 1) in sizes
    ]
    lines: list[dict] = []
    for c in sorted(big, key=lambda c: (round(c["top"]), c["x0"])):  # lines, left to right
        last = lines[-1] if lines else None
        if last and abs(last["top"] - c["top"]) < 1 and -1 < c["x0"] - last["x1"] < 12:
            last["x1"], last["text"] = c["x1"], last["text"] + c["text"]
            last["bottom"] = max(last["bottom"], c["bottom"])
        else:
            lines.append({k: c[k] for k in ("x0", "x1", "top", "bottom", "text")})
    return lines


def headings_at_a_foot(data: bytes, text_size: float = 8.8) -> list[str]:
    """Headings with no text after them lower down in their column: a heading left
    alone at the foot of a column or page."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return opened_headings_at_a_foot(pdf, text_size)


def opened_headings_at_a_foot(pdf, text_size: float = 8.8) -> list[str]:
    """:func:`headings_at_a_foot` of a PDF pdfplumber has open."""
    out = []
    for n, page in enumerate(pdf.pages, start=1):
        body = page.crop((0, 0, page.width, page.height - 11 * PT_PER_MM))
        chars = [c for c in body.chars if c["text"].strip()]
        for h in heading_lines(body, heading_sizes(text_size)):
            below = [
                c
                for c in chars
                if c["top"] > h["bottom"] and c["x0"] < h["x1"] and c["x1"] > h["x0"]
            ]
            if not below:
                out.append(f"page {n}: {h['text']!r}")
    return out


def test_the_heading_reader_finds_a_heading_at_the_foot():
    # A page whose last line is a heading is found; one with text after it is not.
    from reportlab.platypus import SimpleDocTemplate

    from fabgen.docs.rulesheet import _register_family, _styles
    from fabgen.export.pdf import register_fonts

    register_fonts()
    _register_family()
    styles = _styles(8.8)

    def pdf(*flowables):
        buffer = io.BytesIO()
        SimpleDocTemplate(buffer, invariant=1).build(list(flowables))
        return buffer.getvalue()

    para = Paragraph("Some body text of the usual size. " * 3, styles["body"])
    alone = pdf(para, para, Paragraph("Alone at the foot", styles["h2"]))
    followed = pdf(Paragraph("Followed", styles["h2"]), para, para)
    (found,) = headings_at_a_foot(alone)
    assert found.startswith("page 1: 'Alone")
    assert headings_at_a_foot(followed) == []


def test_no_heading_is_left_alone_at_the_foot_of_a_column_or_page(opened):
    for name, pdf in opened.items():
        sheet = RULESHEET if name.startswith("rulesheet") else QUICKREF
        assert opened_headings_at_a_foot(pdf, sheet.text_size) == [], name


def test_headings_move_with_the_text_after_them_wherever_the_column_ends():
    # Push two headings down a line at a time through the foot of a column and of
    # the first page (without the fix, n = 45, 48, 54 and 55 leave one there).
    from fabgen.docs.rulesheet import _build

    line = "Filler text that takes up about one line of a column here. "
    for n in range(44, 56):
        text = "# Test sheet\n\n" + "\n\n".join([line * 2] * n) + "\n\n" + line
        text += "\n\n## A heading\n\n" + line * 6 + "\n\n### A smaller one\n\n" + line * 6
        data, pages = _build(RULESHEET, parse_document(text), "letter", {})
        assert pages == 2
        assert headings_at_a_foot(data) == [], n


def test_every_text_prints_at_the_legible_size_or_larger(opened):
    """The simple machine's figure set its four panels in one row at 0.54 of their
    drawn size: the stone counts printed 1.3 mm high and the label a 1.1 mm (the
    order and growth figures' labels and counts 1.5 mm). Every character of every
    sheet, read back from the PDF, is now at least 7 pt (a cap height of 1.78 mm)."""
    from fabgen.draw.metrics import CAP_HEIGHT_PER_EM, LEGIBLE_CAP_MM

    for name, pdf in opened.items():
        for number, page in enumerate(pdf.pages, start=1):
            assert page.chars, (name, number)
            for char in page.chars:
                cap = char["size"] * CAP_HEIGHT_PER_EM / PT_PER_MM
                where = f"{name} page {number}: {char['text']!r} at {cap:.2f} mm"
                assert cap >= LEGIBLE_CAP_MM - 0.005, where


def test_the_rule_sheet_prints_on_four_pages_at_most(opened):
    """At the legible size the sheet grew to 5 pages, the last holding a quarter page
    (three sheets of paper printed double-sided); the text after a wide figure now
    starts beside its panels, and the sheet is back to 4 pages on both papers."""
    for paper in ("a4", "letter"):
        assert len(opened[f"rulesheet-{paper}.pdf"].pages) <= 4, paper


def test_a_figure_too_small_to_read_in_one_row_takes_more_rows():
    """The figure's own layout: the simple machine's four panels in one row would
    print its smallest text below the legible size, so they take two rows of two,
    and each panel is drawn large enough for it."""
    from reportlab.lib.units import mm

    from fabgen.docs.rulesheet import FigureBlock, smallest_text
    from fabgen.draw.metrics import LEGIBLE_CAP_MM

    figure = F.figure("machine")
    block = FigureBlock(figure)
    block.wrap(182 * mm, 1000 * mm)
    per_row, scale = block._layout[:2]
    assert len(figure.panels) == 4 and figure.per_row == 4
    assert per_row == 2
    assert smallest_text(figure) * scale >= LEGIBLE_CAP_MM


def aside_endings(pdf, text_size: float = 8.8) -> list[tuple[int, str]]:
    """The last line of the text set beside each figure, under its caption (page,
    line), in a PDF open in pdfplumber: the lines that start at the caption's left
    edge (or a list's indent from it) and follow it down without a gap, in the body
    size; captions at the left edge of the text (below their panels) are not beside
    them."""
    from fabgen.docs.rulesheet import _styles

    styles = _styles(text_size)
    body, leading = round(styles["body"].fontSize, 1), styles["body"].leading
    caption = round(styles["caption"].fontSize, 1)
    out = []
    for n, page in enumerate(pdf.pages, start=1):
        lines = text_lines(page)
        left = min(li["x0"] for li in lines)
        for start in (li for li in lines if li["text"].startswith("Figure")):
            if start["size"] != caption or start["x0"] < left + 1:
                continue
            column = [li for li in lines if 0 <= li["x0"] - start["x0"] + 0.5 < 14]
            column = [li for li in column if li["top"] >= start["top"]]
            run = [column[0]]
            for li in column[1:]:
                if li["top"] - run[-1]["top"] > 3 * leading:  # a heading has room above
                    break
                run.append(li)
            aside = [li for li in run if li["size"] == body]
            if aside:
                out.append((n, aside[-1]["text"]))
    return out


def text_lines(page) -> list[dict]:
    """The page's lines of text: left edge, top, the size of their first character
    and their text, top to bottom."""
    chars = sorted(
        (c for c in page.chars if c["text"].strip()), key=lambda c: (round(c["top"]), c["x0"])
    )
    lines: list[dict] = []
    for c in chars:
        last = lines[-1] if lines else None
        if last and abs(last["top"] - c["top"]) < 1 and -1 < c["x0"] - last["x1"] < 6:
            gap = " " if c["x0"] - last["x1"] > 0.15 * c["size"] else ""
            last["x1"], last["text"] = c["x1"], last["text"] + gap + c["text"]
        else:
            size = round(c["size"], 1)
            lines.append({"x0": c["x0"], "x1": c["x1"], "top": c["top"], "size": size})
            lines[-1]["text"] = c["text"]
    return lines


def test_the_text_beside_a_wide_figure_ends_with_its_paragraph(opened):
    """Text set beside a wide figure's panels is read down the right-hand side; a
    paragraph split there ran on in the left column below the figure, where nobody
    looks for it ('... you can walk' / 'from any of its fields'): only whole
    paragraphs go beside a figure, and the sheet still holds 4 pages."""
    found = 0
    for paper in ("a4", "letter"):
        endings = aside_endings(opened[f"rulesheet-{paper}.pdf"])
        found += len(endings)
        for page, line in endings:
            assert line.rstrip().endswith((".", ":", ")")), (paper, page, line)
    assert found >= 2  # the list of boards beside the simple machine, on both papers


def test_a_paragraph_that_does_not_fit_beside_a_figure_is_not_split():
    from reportlab.lib.units import mm

    from fabgen.docs.rulesheet import FigureBlock, _styles

    styles = _styles(8.8)
    block = FigureBlock(F.figure("machine"), Paragraph("The machine's figure.", styles["caption"]))
    long = Paragraph(" ".join(["A sentence of eight words goes on here."] * 60), styles["body"])
    short = Paragraph("Short.", styles["body"])
    rest = block.take_aside([short, long], 182 * mm)
    assert block.aside == [short]
    assert rest == [long]
