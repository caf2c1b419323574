"""The rule sheet and the quick reference card as PDF (reportlab platypus).

The wording comes from ``templates/rulesheet/rules.md`` and ``quickref.md`` (see
:mod:`fabgen.docs.text`), the figures from :mod:`fabgen.docs.figures`, painted with
the PDF writer's :func:`~fabgen.export.pdf.paint` so that they look exactly like
every other drawing fabgen prints.

Layout: a title block across the top of the first page, then the text in balanced
columns. A figure marked wide spans the page, its caption in the free space next to
its panels, where the text after it starts too when there is room for a column;
other figures sit in their column, the caption beside them when there is room, else
below. The rule sheet has two columns on portrait pages; the
quick reference is one landscape page of three columns, each section in a box.
:class:`Sheet` holds these choices, and an error names the text file to shorten
when a sheet comes out longer than it may be.

Every PDF uses real millimetres, embeds its fonts (Bitstream Vera, TrueType), sets
title, subject, keywords and creator, and is written with ``invariant=1``: the same
input gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

# (_listWrapOn measures flowables as KeepInFrame does: private, so not in types-reportlab,
# unless a later release of the stubs has it)
from reportlab.platypus.flowables import (  # type: ignore[attr-defined, unused-ignore]
    BalancedColumns,
    KeepInFrame,
    _listWrapOn,
)

from fabgen import __version__
from fabgen.docs.figures import BACKGROUND, FIGURES, Figure
from fabgen.docs.text import Document, FigureRef, Heading, Items, Para, fill_caption, load_document
from fabgen.docs.text import to_markup as _markup
from fabgen.draw.drawing import Text
from fabgen.draw.metrics import LEGIBLE_CAP_MM, LEGIBLE_POINTS
from fabgen.errors import FabgenError, ParameterError
from fabgen.export.pdf import FONT, FONT_BOLD, paint, register_fonts

#: Paper sizes in millimetres (portrait).
PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
PAPERS = tuple(PAPER_SIZES_MM)

#: Figure drawings are made at 10 mm pitch; on paper at most this fraction of it
#: (in a column, across the page).
FIGURE_SCALE = 0.75
WIDE_FIGURE_SCALE = 0.85
INK = "#1a1a1a"
ACCENT = "#1d4e89"
MUTED = "#555555"
BOX_FILL = "#eef3f9"
KEYWORDS = ("Atlantis", "board game", "rules", "hex", "territory", "fabgen")


@dataclass(frozen=True)
class Margins:
    """Page margins and the column gap, in millimetres."""

    left: float = 14.0
    right: float = 14.0
    top: float = 13.0
    bottom: float = 15.0
    gap: float = 7.0


@dataclass(frozen=True)
class Sheet:
    """One kind of document: where its text is and how it is set."""

    kind: str  # how messages and the footer name it
    template: str  # templates/rulesheet/TEMPLATE.md
    text_size: float  # body text in points; every other size follows it
    pages: tuple[int, int]  # fewest and most pages allowed
    columns: int = 2
    landscape: bool = False
    boxed: bool = False  # each section in a tinted box (the quick reference)
    numbered: bool = True  # "Figure 3." before each caption
    figure_background: str | None = BACKGROUND  # the page behind its figures (None: none)
    margins: Margins = Margins()

    def page_size_mm(self, paper: str) -> tuple[float, float]:
        width, height = PAPER_SIZES_MM[paper]
        return (height, width) if self.landscape else (width, height)


RULESHEET = Sheet("rule sheet", "rules", 8.8, (2, 5))
QUICKREF = Sheet(
    "quick reference",
    "quickref",
    11.0,
    (1, 1),
    columns=3,
    landscape=True,
    boxed=True,
    numbered=False,
    figure_background=BOX_FILL,  # the figures blend into their section's box
    margins=Margins(left=12.0, right=12.0, top=11.0, bottom=13.0, gap=6.0),
)


def rulesheet_pdfs(
    paper: str = "both", figures: Mapping[str, Figure] | None = None
) -> dict[str, bytes]:
    """Every PDF for ``paper`` (``a4``, ``letter`` or ``both``), by file name:
    ``rulesheet-a4.pdf``, ``quickref-a4.pdf``, ``rulesheet-letter.pdf``,
    ``quickref-letter.pdf``. The figures are computed once for both papers, for
    each sheet on its own background; ``figures`` replaces some of them (by name,
    in both sheets)."""
    papers = check_paper(paper)
    made: dict[str, dict[str, Figure]] = {}
    for sheet in (RULESHEET, QUICKREF):
        made[sheet.kind] = dict(figures or {})
        needed = load_document(sheet.template).figure_names()
        for name in sorted(set(needed) - set(made[sheet.kind])):
            made[sheet.kind][name] = _compute(name, sheet.figure_background)
    out = {}
    for size in papers:
        out[f"rulesheet-{size}.pdf"] = rulesheet_pdf(size, made[RULESHEET.kind])
        out[f"quickref-{size}.pdf"] = quickref_pdf(size, made[QUICKREF.kind])
    return out


def check_paper(paper: str) -> tuple[str, ...]:
    """The paper sizes that ``paper`` stands for; a clear error for anything else."""
    if paper == "both":
        return PAPERS
    if paper in PAPER_SIZES_MM:
        return (paper,)
    known = ", ".join((*PAPERS, "both"))
    raise ParameterError.about("paper", f"{paper!r} is not a paper size: choose one of {known}")


def rulesheet_pdf(paper: str = "a4", figures: Mapping[str, Figure] | None = None) -> bytes:
    """The rule sheet (2 to 5 pages) on ``paper``."""
    return render_sheet(RULESHEET, paper, figures)


def quickref_pdf(paper: str = "a4", figures: Mapping[str, Figure] | None = None) -> bytes:
    """The quick reference card: one page on ``paper``."""
    return render_sheet(QUICKREF, paper, figures)


def render_sheet(sheet: Sheet, paper: str, figures: Mapping[str, Figure] | None = None) -> bytes:
    """The PDF of ``sheet`` on ``paper``; an error if it does not come out at the
    number of pages the sheet allows (the text was made too long or too short)."""
    (size,) = check_paper(paper)
    document = load_document(sheet.template)
    pdf, pages = _build(sheet, document, size, figures or {})
    low, high = sheet.pages
    if not low <= pages <= high:
        allowed = f"{low} page" if low == high == 1 else f"{low} to {high} pages"
        raise FabgenError(
            f"the {sheet.kind} came out at {pages} pages on {size} paper, but must have "
            f"{allowed}: change templates/rulesheet/{sheet.template}.md to fit"
        )
    return pdf


# --- assembly ---------------------------------------------------------------------


def _build(
    sheet: Sheet, document: Document, paper: str, figures: Mapping[str, Figure]
) -> tuple[bytes, int]:
    width, height = sheet.page_size_mm(paper)
    register_fonts()
    _register_family()
    styles = _styles(sheet.text_size)
    buffer = io.BytesIO()
    m = sheet.margins
    doc = BaseDocTemplate(
        buffer,
        pagesize=(width * mm, height * mm),
        leftMargin=m.left * mm,
        rightMargin=m.right * mm,
        topMargin=m.top * mm,
        bottomMargin=m.bottom * mm,
        title=document.title,
        author="fabgen",
        subject=_subject(sheet),
        keywords=list(KEYWORDS),  # (written joined by ", ")
        creator=f"fabgen {__version__}",
        producer=f"fabgen {__version__} (reportlab)",
        invariant=1,
        initialFontName=FONT,
        lang="en",
    )
    frame = Frame(
        m.left * mm,
        m.bottom * mm,
        (width - m.left - m.right) * mm,
        (height - m.top - m.bottom) * mm,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    footer = _footer(document.title, sheet, width)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=footer)])
    doc.build(_story(sheet, document, figures, styles, frame.width))
    return buffer.getvalue(), doc.page


def _subject(sheet: Sheet) -> str:
    return (
        f"{sheet.kind.capitalize()} for Atlantis, the hex-island territory game (default "
        "rule set: the current online rules), with figures computed by the fabgen rules engine"
    )


def _story(
    sheet: Sheet, document: Document, figures: Mapping[str, Figure], styles, width: float
) -> list:
    """Everything on the sheet in order; ``width`` is the frame's (points)."""
    title, _, subtitle = document.title.partition(":")
    title = _markup(title)
    if subtitle:
        size = styles["title"].fontSize * 0.58
        title += f' <font name="{FONT}" size="{size:g}" color="{MUTED}">'
        title += f"{_markup(subtitle.strip())}</font>"
    story: list = [Paragraph(title, styles["title"])]
    if document.lead:
        story.append(Paragraph(_markup(document.lead), styles["lead"]))
    story.append(_Rule())
    story.append(Spacer(0, 2))
    gap = sheet.margins.gap * mm
    runs: list = []  # wide figures, and between them the flowables set in columns
    columns: list = []  # flowables waiting to be set in two columns
    section: list = []  # the current section, when sections are boxed
    number = 0
    for block in document.blocks:
        if sheet.boxed and isinstance(block, Heading) and block.level == 2 and section:
            columns.append(_box(section))
            section = []
        target = section if sheet.boxed else columns
        if isinstance(block, FigureRef):
            number += 1
            figure = figures.get(block.name) or _compute(block.name, sheet.figure_background)
            caption = _caption(block, figure, number if sheet.numbered else 0, styles)
            if figure.wide:
                runs += [columns, FigureBlock(figure, caption)]
                columns = []
            else:
                target.append(FigureBlock(figure, caption))
        else:
            target.extend(_flowables(block, styles))
    if section:
        columns.append(_box(section))
    runs.append(columns)
    for k, run in enumerate(runs):
        if isinstance(run, FigureBlock):
            story.append(run)
            # the text after a wide figure starts beside its panels when there is room
            runs[k + 1] = run.take_aside(runs[k + 1], width)
        else:
            story.extend(_columns(_keep_headings_with_next(run), sheet.columns, gap))
    return story


def _keep_headings_with_next(flowables: list) -> list:
    """Each heading (and a heading right after it) in one piece with the flowable that
    follows, so that no heading is left alone at the foot of a column or page: the
    paragraph style's keepWithNext is not honoured inside balanced columns."""
    out: list = []
    waiting: list = []
    for f in flowables:
        style = getattr(f, "style", None)
        if isinstance(f, Paragraph) and getattr(style, "keepWithNext", False):
            waiting.append(f)
        elif waiting:
            out.append(_HeadingWithNext(waiting, f))
            waiting = []
        else:
            out.append(f)
    return out + waiting


def _compute(name: str, background: str | None) -> Figure:
    try:
        return FIGURES[name](background=background)
    except KeyError:
        known = ", ".join(FIGURES)
        raise FabgenError(
            f"the rule-sheet text asks for a figure {name!r}, which does not exist; "
            f"known figures: {known}"
        ) from None


def _caption(block: FigureRef, figure: Figure, number: int, styles):
    text = _markup(fill_caption(block.caption, figure.facts, block.name))
    if number:
        text = f"<b>Figure {number}.</b> " + text
    return Paragraph(text, styles["caption"])


def _flowables(block, styles) -> list:
    if isinstance(block, Heading):
        return [Paragraph(_markup(block.text), styles[f"h{block.level}"])]
    if isinstance(block, Para):
        return [Paragraph(_markup(block.text), styles["body"])]
    assert isinstance(block, Items)
    out = []
    for k, item in enumerate(block.items, start=1):
        bullet = f"{k}." if block.numbered else "•"
        out.append(Paragraph(_markup(item), styles["item"], bulletText=bullet))
    return out


def _columns(flowables: list, count: int, gap: float) -> list:
    """The flowables in ``count`` balanced columns."""

    if not flowables:
        return []
    return [_Columns(flowables, nCols=count, innerPadding=gap, spaceAfter=4, needed=40)]


class _Columns(BalancedColumns):
    """Balanced columns that start on the next page when they would have to shrink to
    fit the room left on this one. reportlab's columns start in any room of
    ``needed`` points; when no column then takes anything, they set all their
    flowables in the first column, shrunk to fit it: the rest of the rule sheet once
    printed at a twentieth of its size under a figure at the foot of a page
    (docs/design-notes.md, *Pictures people look at*)."""

    # (_generated_content and _frame are reportlab's private parts, which types-reportlab
    # leaves out unless a later release has them)
    def _generated_content(self, aW: float, aH: float) -> tuple[float, list]:
        fh, generated = super()._generated_content(aW, aH)  # type: ignore[misc, unused-ignore]
        frame = self._frame  # type: ignore[attr-defined, unused-ignore]
        whole_page = aH >= frame._height - frame._topPadding - frame._bottomPadding - 1
        if not whole_page and any(self._shrunk(g) for g in generated):
            return 0, [PageBreak(), self]  # as reportlab does when less than needed is left
        for g in generated:  # the rest, for the next page, is a plain BalancedColumns
            if type(g) is BalancedColumns:
                g.__class__ = _Columns
        return fh, generated

    def _shrunk(self, flowable) -> bool:
        """Is ``flowable`` a column that must shrink to fit its room, by more than
        :data:`COLUMN_SHRINK` (the quick reference's last column on Letter is 0.7 %
        too tall, and printed that much smaller, unseen)?"""
        if not isinstance(flowable, KeepInFrame):
            return False
        content = flowable._content  # type: ignore[attr-defined, unused-ignore]  # (private)
        _, height = _listWrapOn(content, flowable.maxWidth, self.canv)
        return height > flowable.maxHeight * (1 + COLUMN_SHRINK)


#: The most a column may be shrunk to fit its room (a fraction of its size).
COLUMN_SHRINK = 0.03


def _box(flowables: list):
    """A section in a tinted box that stays in one piece."""

    table = Table([[flowables]], colWidths=["100%"])
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), HexColor(BOX_FILL)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), FONT),  # else the table names Helvetica
                ("LINEBEFORE", (0, 0), (0, -1), 2.2, HexColor(ACCENT)),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("RIGHTPADDING", (0, 0), (-1, -1), 7),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    table.spaceAfter = 8
    return table


def _footer(title: str, sheet: Sheet, width_mm: float):
    m = sheet.margins
    right = f"made with fabgen {__version__} · figures computed by its rules engine"

    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(FONT, LEGIBLE_POINTS)
        canvas.setFillColor(HexColor(MUTED))
        y = (m.bottom - 7) * mm
        left = title if sheet.pages == (1, 1) else f"{title} · page {doc.page}"
        canvas.drawString(m.left * mm, y, left)
        canvas.drawRightString((width_mm - m.right) * mm, y, right)
        canvas.restoreState()

    return draw


def _register_family() -> None:
    # Only the two embedded fonts: <b> is VeraBd, and there is no italic.
    registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)


def _styles(size: float) -> dict:
    """Paragraph styles for body text of ``size`` points."""

    k = size / 8.8  # the sizes below are for 8.8 pt text
    body = ParagraphStyle(
        "body",
        fontName=FONT,
        fontSize=size,
        leading=11.6 * k,
        spaceAfter=3.6 * k,
        textColor=HexColor(INK),
        bulletFontName=FONT,
        allowWidows=0,
        allowOrphans=0,
    )
    return {
        "title": ParagraphStyle(
            "title",
            fontName=FONT_BOLD,
            fontSize=26,
            leading=30,
            textColor=HexColor(ACCENT),
            spaceAfter=2,
        ),
        "lead": ParagraphStyle("lead", parent=body, fontSize=10, leading=13.5, spaceAfter=5),
        "h2": ParagraphStyle(
            "h2",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=12 * k,
            leading=15 * k,
            spaceBefore=7 * k,
            spaceAfter=3 * k,
            textColor=HexColor(ACCENT),
            keepWithNext=1,
        ),
        "h3": ParagraphStyle(
            "h3",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=9.6 * k,
            leading=12 * k,
            spaceBefore=4 * k,
            spaceAfter=2 * k,
            keepWithNext=1,
        ),
        "body": body,
        "item": ParagraphStyle(
            "item", parent=body, leftIndent=11 * k, bulletIndent=2 * k, spaceAfter=2.4 * k
        ),
        "caption": ParagraphStyle(
            "caption",
            parent=body,
            fontSize=7.8,
            leading=10,
            spaceBefore=2,
            spaceAfter=6,
            textColor=HexColor("#333333"),
        ),
    }


# --- flowables --------------------------------------------------------------------


class _HeadingWithNext(Flowable):
    """Headings and the flowable after them, set as one: when it must be split, the
    headings stay with the first part of the next flowable, and when not even that
    fits, the whole group goes to the next column or page."""

    def __init__(self, headings: list, following: Flowable):
        super().__init__()
        self.parts = [*headings, following]
        self._sizes: list[tuple[float, float]] = []

    def getSpaceBefore(self) -> float:
        return self.parts[0].getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.parts[-1].getSpaceAfter()

    def _gaps(self) -> list[float]:
        """Space above each part (none above the first: the frame adds it)."""
        gaps = [0.0]
        for above, below in zip(self.parts, self.parts[1:], strict=False):
            gaps.append(above.getSpaceAfter() + below.getSpaceBefore())
        return gaps

    def wrap(self, avail_width, avail_height):
        self._sizes = [p.wrap(avail_width, avail_height) for p in self.parts]
        self.width = avail_width
        self.height = sum(h for _, h in self._sizes) + sum(self._gaps())
        return self.width, self.height

    def split(self, avail_width, avail_height):
        headings, following = self.parts[:-1], self.parts[-1]
        gaps = self._gaps()
        used = sum(h.wrap(avail_width, avail_height)[1] for h in headings) + sum(gaps)
        rest = avail_height - used
        if rest <= 0:
            return []
        pieces = following.split(avail_width, rest)
        if not pieces:
            return []
        return [_HeadingWithNext(headings, pieces[0]), *pieces[1:]]

    def draw(self) -> None:
        y = self.height
        for part, (_, h), gap in zip(self.parts, self._sizes, self._gaps(), strict=True):
            y -= gap + h
            part.drawOn(self.canv, 0, y)


def _text(flowable) -> bool:
    """Whether ``flowable`` is text: a paragraph, or headings over a paragraph."""
    if isinstance(flowable, _HeadingWithNext):
        return isinstance(flowable.parts[-1], Paragraph)
    return isinstance(flowable, Paragraph) and not getattr(flowable.style, "keepWithNext", 0)


class _Rule(Flowable):
    """A thin coloured line across the frame under the title."""

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        return avail_width, 4

    def draw(self) -> None:
        self.canv.setStrokeColor(HexColor(ACCENT))
        self.canv.setLineWidth(1.2)
        self.canv.line(0, 2, self.width, 2)


LABEL_SIZE = LEGIBLE_POINTS  # points, the label under a panel
LABEL_SPACE = 9.0  # points reserved under each panel for its label
PANEL_GAP = 3.0  # millimetres between panels
CAPTION_SLOT = 30.0  # millimetres: a caption this wide or wider goes beside the panels
ASIDE_WIDTH = 60.0  # millimetres beside a wide figure's panels: the text after it starts there


def smallest_text(figure: Figure) -> float:
    """The cap height (mm, as drawn) of the smallest text on any of a figure's
    panels; a large number for a figure without text."""
    heights = [
        shape.height
        for panel in figure.panels
        for shapes in panel.drawing.layers.values()
        for shape in shapes
        if isinstance(shape, Text)
    ]
    return min(heights, default=1000.0)


class FigureBlock(Flowable):
    """A figure's panels on a grid, scaled to fit the width available, and its caption.

    Cells are as wide as the widest panel; every panel is scaled alike, at most
    :data:`FIGURE_SCALE` (:data:`WIDE_FIGURE_SCALE` across the page), and at least
    so much that its smallest text prints at the legible size
    (:data:`~fabgen.draw.metrics.LEGIBLE_CAP_MM`): a row that would print it smaller
    holds fewer panels. The caption goes beside the panels, at the top, when every
    row leaves at least :data:`CAPTION_SLOT` free; else into the room right of the
    last row when that is as wide (a wide figure on one row keeps a cell free for
    it); else below the panels. Figure and caption are one flowable, so they never
    part. A wide figure with :data:`ASIDE_WIDTH` free beside every row also takes
    the start of the text after it there, whole paragraphs under its caption
    (:meth:`take_aside`).
    """

    def __init__(self, figure: Figure, caption=None):
        super().__init__()
        self.figure = figure
        self.caption = caption
        self.aside: list = []  # flowables set beside the panels, under the caption
        self._aside_room: float | None = None  # the height left for them (points)
        self._layout: tuple | None = None
        self.spaceBefore = 3.0
        self.spaceAfter = 6.0 if figure.wide else 2.0

    def wrap(self, avail_width, avail_height):
        panels = self.figure.panels
        n = len(panels)
        per_row, scale = self._fit(avail_width)
        cell_w = max(p.drawing.width for p in panels)
        cell_h = max(p.drawing.height for p in panels)
        gap = PANEL_GAP * mm
        w, h = cell_w * mm * scale, cell_h * mm * scale
        row_h = h + (LABEL_SPACE if any(p.label for p in panels) else 0)
        heights = [row_h] * -(-n // per_row)
        beside, caption_box = "", None
        if self.caption is not None:
            used = n - (len(heights) - 1) * per_row
            if used == per_row and avail_width - per_row * (w + gap) >= CAPTION_SLOT * mm:
                beside = "top"  # full rows that leave room: the caption beside them, at the top
                x = per_row * (w + gap)
            elif avail_width - used * (w + gap) >= CAPTION_SLOT * mm:
                beside = "last"  # beside the last row only
                x = used * (w + gap)
            if beside:
                _, ch = self.caption.wrap(avail_width - x, avail_height)
                rows = heights if beside == "top" else heights[-1:]
                short = ch - (sum(rows) + gap * (len(rows) - 1))
                heights[-1] += max(0.0, short)
                caption_box = (x, avail_width - x, ch)
            else:
                _, ch = self.caption.wrap(avail_width, avail_height)
                caption_box = (0.0, avail_width, ch)
        below = caption_box[2] + 2 if caption_box and not beside else 0.0
        self._layout = (per_row, scale, w, h, heights, gap, caption_box, beside, below)
        self.width = avail_width
        self.height = sum(heights) + gap * (len(heights) - 1) + below
        return avail_width, self.height

    def take_aside(self, following: list, avail_width: float) -> list:
        """Set the start of ``following`` (the flowables after a wide figure, in
        columns) beside the panels under the caption, where a wide figure on a page
        otherwise leaves white space: the paragraphs and list items up to the first
        heading or figure, as many as fit whole (none is split: the paragraph must
        not run on from the right-hand side into the left column below), when every
        row leaves :data:`ASIDE_WIDTH` free. The block keeps its height.
        Returns the rest of ``following``."""
        if self._aside_room is None:
            self.wrap(avail_width, self.figure_room)
        assert self._layout is not None  # (wrap has laid the figure out, here or before)
        if self._aside_room is None:
            caption_box, beside = self._layout[6], self._layout[7]
            fits = beside == "top" and caption_box[1] >= ASIDE_WIDTH * mm
            caption_space = caption_box[2] + self.caption.getSpaceAfter() if fits else 0.0
            self._aside_room = self.height - caption_space if fits else 0.0
        width = self._layout[6][1] if self._layout[6] else 0.0
        room = self._aside_room
        rest = _keep_headings_with_next(following)
        while rest:
            f = rest[0]
            if not isinstance(f, Paragraph | _HeadingWithNext) or not _text(f):
                break  # a figure, or a heading with no text after it, goes into the columns
            space = f.getSpaceBefore() + (self.aside[-1].getSpaceAfter() if self.aside else 0)
            _, fh = f.wrap(width, room)
            if space + fh > room:
                # never split: its rest would start the left column below, where
                # a reader who went down the right-hand side would not look for it
                break
            self.aside.append(f)
            room -= space + fh
            rest.pop(0)
        self._aside_room = room
        return rest

    #: The height offered to a figure when its layout is worked out off the page.
    figure_room = 10000 * mm

    def _fit(self, avail_width: float) -> tuple[int, float]:
        """Panels to a row and their scale: as many to a row as the figure asks for,
        fewer when the smallest text would print below :data:`LEGIBLE_CAP_MM` that way
        (shared evenly over the rows: 2 and 2, not 3 and 1); a panel is drawn larger
        than :data:`FIGURE_SCALE` if the legible size needs it and the width allows it."""
        panels = self.figure.panels
        n = len(panels)
        cell_w = max(p.drawing.width for p in panels) * mm
        gap = PANEL_GAP * mm
        largest = WIDE_FIGURE_SCALE if self.figure.wide else FIGURE_SCALE
        legible = LEGIBLE_CAP_MM / smallest_text(self.figure)
        asked = self.figure.per_row or n
        # (a wide figure on one row keeps a cell free for its caption, unless the
        # panels need that room to be legible: the caption then goes below)
        layouts = [(k, k + 1) for k in (asked,) if self.figure.wide and k == n]
        layouts += [(k, k) for k in range(asked, 0, -1)]
        per_row, scale = 1, 0.0
        for k, cells in layouts:
            room = (avail_width - gap * (cells - 1)) / (cells * cell_w)
            per_row, scale = k, min(max(largest, legible), room)
            if scale >= legible:
                break
        if per_row < asked:  # as many rows as needed, the panels shared evenly over them
            per_row = -(-n // -(-n // per_row))
            scale = min(
                max(largest, legible), (avail_width - gap * (per_row - 1)) / (per_row * cell_w)
            )
        return per_row, scale

    def draw(self) -> None:
        assert self._layout is not None
        per_row, scale, w, h, heights, gap, caption_box, beside, _ = self._layout
        c = self.canv
        row_tops, y = [], self.height
        for row_h in heights:
            row_tops.append(y)
            y -= row_h + gap
        for k, panel in enumerate(self.figure.panels):
            row, col = divmod(k, per_row)
            d = panel.drawing
            pw, ph = d.width * mm * scale, d.height * mm * scale
            x0 = col * (w + gap)
            c.saveState()
            c.translate(x0 + (w - pw) / 2, row_tops[row] - h + (h - ph) / 2)
            c.scale(mm * scale, mm * scale)
            paint(c, d)
            c.restoreState()
            if panel.label:
                c.saveState()
                c.setFont(FONT, LABEL_SIZE)
                c.setFillColor(HexColor(INK))
                c.drawCentredString(x0 + w / 2, row_tops[row] - h - LABEL_SIZE, panel.label)
                c.restoreState()
        if caption_box is None:
            return
        x, cw, ch = caption_box
        top = {"top": row_tops[0], "last": row_tops[-1]}.get(beside, ch)
        self.caption.wrap(cw, ch)
        self.caption.drawOn(c, x, top - ch)
        y = top - ch - self.caption.getSpaceAfter()
        for k, f in enumerate(self.aside):
            y -= f.getSpaceBefore() + (self.aside[k - 1].getSpaceAfter() if k else 0)
            _, fh = f.wrap(cw, y)
            y -= fh
            f.drawOn(c, x, y)
