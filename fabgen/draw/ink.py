"""Which ink a number or symbol on a seat's colour is drawn in: black or white, whichever
has the higher contrast (WCAG 2) on that colour, in every picture (docs/design-notes.md,
*Pictures people look at*). The setup diagram, the position and balance pictures chose by
brightness and the designer by contrast, so a grey stone's number was white (4.0:1) in
three and black (5.2:1) in the fourth. Of black and white the better one always has at
least 4.58:1 (their two ratios multiply to 21), above the 4.5 small text needs. The
browser's own pictures (``boardpic.js: inkOn``) choose by the same rule."""

from __future__ import annotations

BLACK = "#000000"
WHITE = "#ffffff"


def luminance(colour: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def ink_on(colour: str) -> str:
    """Black or white, whichever stands out more on the ``#rrggbb`` ``colour`` (white
    when the two are even, as ``inkOn`` in the browser)."""
    return max((WHITE, BLACK), key=lambda ink: contrast(ink, colour))
