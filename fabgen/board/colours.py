"""The colour names a board file may give a seat (``colour = "red"``), with the colour
each is drawn in. Here in the board package because the board file reader checks names
against it; drawings (:mod:`fabgen.draw.position`) use it too. Also how far apart two
colours look, for the validator's colour checks. A seat without a colour of its own, or
with one fabgen cannot draw (a transcript's ``"teal"``), is made and drawn in its
place's (:func:`seat_colour`), so every message that tells a person what to print, cut
or tell apart names the colour the pictures show (docs/design-notes.md, *The board
checks*). :func:`seat_colour` decides for the names and :func:`seat_rgb` for the
drawings, from the one table below. What fabgen prints (the rule sheet's figures, the
setup diagram, the printed board, turn pictures, balance charts) draws the six place
colours in :data:`PRINT_SHADES`, each its own grey on a black-and-white printer
(:func:`print_colour`; docs/design-notes.md, *Pictures people look at*).
"""

import math
import re

from fabgen.rules.transcript.format import SEAT_COLOURS

NAMED_COLOURS = {
    "red": "#d62728",
    "blue": "#1f5fbf",
    "green": "#2ca02c",
    "yellow": "#f0c419",
    "purple": "#8e44ad",
    "orange": "#ff7f0e",
    "black": "#000000",
    "white": "#ffffff",
    "brown": "#8c564b",
    "pink": "#e377c2",
    "grey": "#7f7f7f",
    "gray": "#7f7f7f",
    "cyan": "#17becf",
    "magenta": "#c2185b",
}


_HEX = re.compile(r"#([0-9a-f]{3}|[0-9a-f]{6})")
#: The ``#rrggbb`` of each place's colour (seat 1 red, ...), the seats' without one.
PALETTE = tuple(NAMED_COLOURS[name] for name in SEAT_COLOURS)


def can_draw(colour: str) -> bool:
    """Is ``colour`` one fabgen draws: a name of :data:`NAMED_COLOURS` (any case) or
    ``#rgb``/``#rrggbb``?"""
    text = colour.strip().lower()
    return text in NAMED_COLOURS or bool(_HEX.fullmatch(text))


def seat_colour(colour: str | None, k: int) -> str:
    """The colour seat ``k`` (from 0) is made in, as people are told it: the board's if
    fabgen can draw it, else its place's (red, blue, green, yellow, purple, orange),
    which is what the pictures then draw it in."""
    if colour is not None and can_draw(colour):
        return colour
    return SEAT_COLOURS[k % len(SEAT_COLOURS)]


def seat_rgb(colour: str | None, k: int) -> str:
    """The ``#rrggbb`` seat ``k`` is drawn in: :func:`seat_colour`'s."""
    return drawn_colour(seat_colour(colour, k))


# What a grey-scale printer makes of the seats' colours. The six place colours are all
# about as dark (red #d62728 prints 0.36, blue #1f5fbf 0.34, purple 0.40): a club's
# black-and-white laser printer made red, blue and purple stones one grey.

#: Two seats' colours this far apart in grey (0 black, 1 white) are told apart on a
#: grey-scale print.
GREY_APART = 0.15

#: Each place colour as fabgen prints it: its hue, at a grey of its own, every two at
#: least :data:`GREY_APART` apart, dark to light: purple 0.09, red 0.25, green 0.40,
#: orange 0.55, blue 0.71, yellow 0.86 (the rule sheet's figures: red dark, blue light,
#: green between).
PRINT_SHADES = {
    NAMED_COLOURS["purple"]: "#270744",
    NAMED_COLOURS["red"]: "#941b1c",
    NAMED_COLOURS["green"]: "#289228",
    NAMED_COLOURS["orange"]: "#eb750d",
    NAMED_COLOURS["blue"]: "#8dbdf2",
    NAMED_COLOURS["yellow"]: "#f7de80",
}


def print_grey(colour: str) -> float:
    """The grey (0 black, 1 white) a ``#rrggbb`` colour prints in: the weights of
    ITU-R BT.601 that poppler's ``pdftoppm -gray`` and printer drivers use."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.3 * r + 0.59 * g + 0.11 * b


def print_colour(colour: str | None, k: int) -> str:
    """The ``#rrggbb`` seat ``k`` is printed in: :func:`seat_rgb`'s, in its
    :data:`PRINT_SHADES` shade when it is a place colour. A colour of the board's own
    (``#123456``, ``"pink"``) prints as it is."""
    rgb = seat_rgb(colour, k)
    return PRINT_SHADES.get(rgb, rgb)


def drawn_colour(colour: str) -> str:
    """The ``#rrggbb`` a colour fabgen can draw is drawn in, so that ``"red"``, ``"Red"``
    and ``"#D62728"`` are found to be one colour."""
    text = colour.strip().lower()
    text = NAMED_COLOURS.get(text, text)
    if len(text) == 4 and text.startswith("#"):  # #rgb
        text = "#" + "".join(c * 2 for c in text[1:])
    return text


# How far apart colours look, in plain Python from the #rrggbb they are drawn in (sRGB,
# D65 white): docs/design-notes.md, *The board checks*.

#: Two seat colours closer than this CIEDE2000 difference are reported as alike. The
#: closest pair of the six colours seats are drawn in without one of their own (blue and
#: purple, 22.9) is told apart at the table; below 20 two colours are shades of one hue
#: (red's #d62728 and #ff0000 are 9.3 apart, yellow's #f0c419 and #ffff66 15.9, red and
#: brown 16.2).
ALIKE_DELTA_E = 20.0
#: A colour with less contrast than this against white paper (WCAG's contrast ratio,
#: 1 to 21) is reported as too light. Yellow, the lightest colour of the presets, has
#: 1.66 and its stones and rings show; white has 1.0 and #ffff66 1.06.
LIGHT_CONTRAST = 1.5
#: Two colours that stay this far apart for people with normal sight (ALIKE_DELTA_E) but
#: come closer than this for a protanope or deuteranope (the two kinds of red-green
#: colour blindness, simulated) are noted: red and green come to 4.8, blue and purple to
#: 4.0, green and orange to 1.4; red and orange stay 17.6 apart.
COLOUR_BLIND_DELTA_E = 10.0

# Machado, Oliveira and Fernandes (2009), severity 1, on linear sRGB.
_COLOUR_BLINDNESS = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}


def linear_rgb(colour: str) -> tuple[float, float, float]:
    """The linear sRGB of a ``#rrggbb`` colour, each from 0 to 1."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear sRGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulas, 2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1
        dh -= 360 if dh > 180 else (-360 if dh < -180 else 0)
    d_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + (360 if h1 + h2 < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    dl, dc, dhh = (l2 - l1) / s_l, (c2 - c1) / s_c, d_big_h / s_h
    return math.sqrt(dl * dl + dc * dc + dhh * dhh + r_t * dc * dhh)


def colour_difference(colour1: str, colour2: str, sight: str = "") -> float:
    """How different two ``#rrggbb`` colours look (CIEDE2000), with normal sight or, with
    ``sight`` ``"protanopia"`` or ``"deuteranopia"``, with that colour blindness."""
    rgb1, rgb2 = linear_rgb(colour1), linear_rgb(colour2)
    if sight:
        matrix = _COLOUR_BLINDNESS[sight]
        rgb1, rgb2 = _seen(matrix, rgb1), _seen(matrix, rgb2)
    return delta_e(lab(rgb1), lab(rgb2))


def _seen(matrix, rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear RGB as seen through a colour-blindness matrix, kept within 0 to 1."""
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )
    return r, g, b


def colour_blind_difference(colour1: str, colour2: str) -> float:
    """The smaller of the two colours' differences for a protanope and a deuteranope."""
    return min(colour_difference(colour1, colour2, s) for s in _COLOUR_BLINDNESS)


def contrast_on_white(colour: str) -> float:
    """WCAG 2's contrast ratio of a ``#rrggbb`` colour against white, 1 to 21."""
    r, g, b = linear_rgb(colour)
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)
