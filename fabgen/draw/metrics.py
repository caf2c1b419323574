"""Font metrics of Bitstream Vera (regular and bold), the font every fabgen PDF embeds
and every SVG asks for first, so that drawings know how much room a line of text takes
without importing reportlab.

The advance widths (1/1000 em) were read once from reportlab's ``Vera.ttf`` and
``VeraBd.ttf`` with ``pdfmetrics.stringWidth``; a test compares them with reportlab
again. Drawings give text heights as cap heights (0.72 em, as the writers do).
"""

from __future__ import annotations

#: Characters in the tables, in order: printable ASCII, then a few more.
CHARS = "".join(chr(c) for c in range(32, 127)) + "·×…°–—’é§µ²³±"
# fmt: off
REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838, 318,
    838, 1000, 500, 500, 1000, 318, 615, 500, 636, 401, 401, 838,
)
BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838, 380,
    838, 1000, 500, 500, 1000, 380, 678, 500, 736, 438, 438, 838,
)
# fmt: on
#: Width of a character missing from the tables: wide ones (CJK, emoji) take an em, any
#: other (Hebrew, Arabic, Cyrillic... set in the viewer's fallback font) about Vera's
#: widest lower-case letters (m and w aside), so that a label is not refused for room
#: it does not need.
UNKNOWN = 1000
UNKNOWN_NARROW = 750
CAP_HEIGHT_PER_EM = 0.72
#: Below the baseline (descenders: g, p, y) and above it (ascenders, accents), in
#: cap heights: Vera's descent is 0.24 em and its ascent 0.76 em.
DESCENT = 0.24 / CAP_HEIGHT_PER_EM
ASCENT = 0.76 / CAP_HEIGHT_PER_EM
#: The smallest text a reader must read on paper: 7 pt, whose cap height in Vera is
#: 1.78 mm (docs/design-notes.md, *Pictures people look at*: the legibility floor).
LEGIBLE_POINTS = 7.0
LEGIBLE_CAP_MM = LEGIBLE_POINTS * 25.4 / 72 * CAP_HEIGHT_PER_EM

_WIDTHS = {False: dict(zip(CHARS, REGULAR, strict=True)), True: dict(zip(CHARS, BOLD, strict=True))}


def text_advance(text: str, height: float, bold: bool = False) -> float:
    """Width in mm of ``text`` set in Vera with cap height ``height`` mm."""
    widths = _WIDTHS[bold]
    em = height / CAP_HEIGHT_PER_EM
    return sum(widths.get(c) or _unknown(c) for c in text) * em / 1000.0


def _unknown(char: str) -> int:
    import unicodedata

    return UNKNOWN if unicodedata.east_asian_width(char) in "WF" else UNKNOWN_NARROW


def fill_lines(text: str, room: float, width, most: int | None = None) -> list[str]:
    """Words of ``text`` in lines no wider than ``room`` by ``width(line)``; a word
    longer than a line is broken. ``most``: the first that many lines only (a picture
    that shows two lines of a description of any length fills no more)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        if most is not None and len(out) >= most:
            return out[:most]
        joined = f"{line} {word}" if line else word
        if width(joined) <= room:
            line = joined
            continue
        if line:
            out.append(line)
        *pieces, line = _broken(word, room, width, most)
        out += pieces
    lines = [*out, line] if line or not out else out
    return lines[:most]


def _broken(word: str, room: float, width, most: int | None) -> list[str]:
    """``word`` in pieces that fit ``room`` (a letter alone where none fits), at most
    ``most`` + 1 of them: the word is cut where it is, never measured whole again (a
    word of a million letters took minutes)."""
    pieces: list[str] = []
    start = 0
    while start < len(word) and (most is None or len(pieces) <= most):
        cut = max(1, _longest_fit(word, start, room, width))
        pieces.append(word[start : start + cut])
        start += cut
    return pieces


def _longest_fit(word: str, start: int, room: float, width) -> int:
    """How many of ``word``'s characters from ``start`` fit ``room`` mm: prefixes of
    doubling length are measured until one does not fit, then the fit is bisected."""
    rest = len(word) - start
    fits, over = 0, 1  # (fits: a length that fits; over: one that does not, or rest + 1)
    while over <= rest and width(word[start : start + over]) <= room:
        fits, over = over, 2 * over
    over = min(over, rest + 1)
    while over - fits > 1:
        mid = (fits + over) // 2
        if width(word[start : start + mid]) <= room:
            fits = mid
        else:
            over = mid
    return fits


def fill_measured(text: str, height: float, room: float) -> list[str]:
    """Words of ``text`` in lines that fit ``room`` mm at cap height ``height`` in Vera."""
    return fill_lines(text, room, lambda line: text_advance(line, height))
