"""PDF writer (reportlab) for :class:`~fabgen.draw.drawing.Drawing` pages.

Real millimetres (each page is exactly its drawing's size; content is drawn at 1:1),
the Bitstream Vera fonts that reportlab ships embedded as TrueType subsets, title and
metadata set, and ``invariant=1`` so identical input gives identical bytes. Arcs stay
arcs (reportlab turns them into Bézier curves); dashes and fills come from the
shapes' :class:`~fabgen.draw.drawing.Style` on the print layer, laser layers use the
colour profile.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from fabgen import __version__
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Style, Text
from fabgen.export.profiles import DEFAULT_PROFILE, ColourProfile, get_profile
from fabgen.geometry.outline import arc_centre_radius

FONT = "Vera"
FONT_BOLD = "VeraBd"
CAP_HEIGHT_PER_EM = 0.72  # Vera's capitals are 0.72 em high
LASER_LINE_MM = 0.1  # laser layers drawn on paper: visible, thin


@dataclass(frozen=True)
class PdfInfo:
    title: str
    subject: str = ""
    keywords: tuple[str, ...] = ()
    author: str = "fabgen"


def render_pdf(
    pages: Drawing | Sequence[Drawing],
    info: PdfInfo | None = None,
    profile: ColourProfile | str = DEFAULT_PROFILE,
) -> bytes:
    """One PDF page per drawing, each page the drawing's size in millimetres."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    if isinstance(pages, Drawing):
        pages = [pages]
    if not pages:
        raise ValueError("a PDF needs at least one page")
    if isinstance(profile, str):
        profile = get_profile(profile)
    info = info or PdfInfo(title=pages[0].title or "fabgen")
    register_fonts()
    buffer = io.BytesIO()
    size = (pages[0].width * mm, pages[0].height * mm)
    # initialFontName: otherwise every page references an unembedded Helvetica.
    # (types-reportlab gives initialFontName the type of a font size: it is the name;
    # unused-ignore: a later release of the stubs may say so)
    c = canvas.Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        initialFontName=FONT,  # type: ignore[arg-type, unused-ignore]
    )
    c.setTitle(info.title)
    c.setAuthor(info.author)
    c.setSubject(info.subject)
    c.setKeywords(", ".join(info.keywords))
    c.setCreator(f"fabgen {__version__}")
    c.setProducer(f"fabgen {__version__} (reportlab)")
    for page in pages:
        c.setPageSize((page.width * mm, page.height * mm))
        c.saveState()
        c.scale(mm, mm)  # draw in millimetres from here on
        paint(c, page, profile)
        c.restoreState()
        c.showPage()
    c.save()
    return buffer.getvalue()


_FONTS_READY = False


def register_fonts() -> None:
    """Register the embedded fonts (Vera, VeraBd) with reportlab, once."""
    global _FONTS_READY
    if _FONTS_READY:
        return
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(FONT, "Vera.ttf"))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, "VeraBd.ttf"))
    _FONTS_READY = True


def paint(c, page: Drawing, profile: ColourProfile | str = DEFAULT_PROFILE) -> None:
    """Draw ``page`` on a reportlab canvas whose user unit is already 1 mm.

    For a drawing inside other content (a figure in a text flow): save the state,
    translate to the figure's corner, ``scale(mm * factor, mm * factor)``, paint,
    restore. Call :func:`register_fonts` first.
    """
    if isinstance(profile, str):
        profile = get_profile(profile)
    for op, shapes in page.ordered_layers():
        for shape in shapes:
            style = _style_for(op, shape, profile)
            if isinstance(shape, Text):
                _draw_text(c, shape, style)
            elif isinstance(shape, Circle):
                _apply(c, style)
                c.circle(
                    shape.centre[0],
                    shape.centre[1],
                    shape.radius,
                    stroke=_has(style.stroke),
                    fill=_has(style.fill),
                )
            else:
                _draw_polyline(c, shape, style)


def _style_for(op: Operation, shape, profile: ColourProfile) -> Style:
    if op is Operation.PRINT:
        return shape.style or Style()
    colour = profile.colour(op)
    if isinstance(shape, Text):
        return Style(stroke=None, fill=colour)
    stroke, fill = profile.paint(op, shape.style)
    return Style(stroke=stroke, fill=fill, width=LASER_LINE_MM)


def _has(colour: str | None) -> int:
    return 1 if colour else 0


def _apply(c, style: Style) -> None:
    from reportlab.lib.colors import HexColor

    if style.stroke:
        c.setStrokeColor(HexColor(style.stroke))
    if style.fill:
        c.setFillColor(HexColor(style.fill))
    c.setLineWidth(style.width)
    c.setDash(list(style.dash) if style.dash else [])
    c.setLineJoin(1)
    c.setLineCap(1)


def _draw_polyline(c, line: Polyline, style: Style) -> None:
    _apply(c, style)
    path = c.beginPath()
    path.moveTo(*line.points[0])
    for start, end, bulge in line.segments():
        if bulge:
            (cx, cy), r = arc_centre_radius(start, end, bulge)
            a0 = math.degrees(math.atan2(start[1] - cy, start[0] - cx))
            sweep = math.degrees(4.0 * math.atan(bulge))
            path.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=a0, extent=sweep)
        else:
            path.lineTo(*end)
    if line.closed:
        path.close()
    fill = _has(style.fill) if line.closed else 0
    c.drawPath(path, stroke=_has(style.stroke), fill=fill)


def _draw_text(c, text: Text, style: Style) -> None:
    from reportlab.lib.colors import HexColor

    c.saveState()
    c.setFillColor(HexColor(style.fill or style.stroke or "#000000"))
    c.setFont(FONT_BOLD if style.bold else FONT, text.height / CAP_HEIGHT_PER_EM)
    c.translate(*text.position)
    if text.angle:
        c.rotate(text.angle)
    draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}
    draw[text.align](0, 0, text.text)
    c.restoreState()
