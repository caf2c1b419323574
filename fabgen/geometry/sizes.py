"""Sizes in millimetres, read the way makers write them.

Two sizes written as one value, ``WIDTHxHEIGHT`` (a laser sheet, a printer bed):
``600x400``, ``600 X 400``, ``600×400``, ``600x400mm``, ``600mm x 400mm``
(:func:`parse_size`). A third number, as a spec sheet gives a printer's build volume
(``250x210x220``: width, depth and build height), is read where the caller takes it and
left out; any other caller refuses it with the two sides to give (a sheet's thickness is
not needed either; docs/design-notes.md, *Building a kit*). And one length with its unit
(a tile width, a kerf): ``100``, ``100mm``, ``100 mm`` (:func:`parse_length`). A size in
inches or centimetres (``24x12in``, ``24"x12"``, ``60x40cm``, ``4in``) is refused with its
value in millimetres, since fabgen works in millimetres throughout and a silent
conversion would hide a typing error."""

from __future__ import annotations

import math
import re
import sys

from fabgen.errors import ParameterError, abridged
from fabgen.limits import check, limit_for

_NUMBER = r"[0-9]*\.?[0-9]+|[0-9]+\.?[0-9]*"
_UNIT = r"mm|cm|inches|inch|in|\"|''"
_SIZE = re.compile(
    rf"\s*(?P<w>{_NUMBER})\s*(?P<wu>{_UNIT})?\s*[xX×]\s*(?P<h>{_NUMBER})\s*(?P<hu>{_UNIT})?"
    rf"(?:\s*[xX×]\s*(?P<z>{_NUMBER})\s*(?P<zu>{_UNIT})?)?\s*",
    re.IGNORECASE,
)
#: One length with a unit after it (a length without a unit is a plain number, which
#: the caller reads itself: signs and exponents included).
_LENGTH = re.compile(rf"\s*(?P<n>{_NUMBER})\s*(?P<u>{_UNIT})\s*", re.IGNORECASE)
#: ... and with a decimal comma (``0,2mm``, ``3,5in``), as much of Europe writes it.
_COMMA_LENGTH = re.compile(rf"\s*(?P<n>[0-9]+,[0-9]+)\s*(?P<u>{_UNIT})\s*", re.IGNORECASE)
#: Millimetres per unit a maker may write a size in.
_MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "inch": 25.4, "inches": 25.4, '"': 25.4, "''": 25.4}


def parse_size(
    text: str,
    setting: str,
    names: str = "WIDTHxHEIGHT",
    example: str = "600x400",
    third: bool = False,
):
    """``text`` as (width, height) in mm; refused about ``setting`` (its registry name)
    when it is no such size, is in another unit or, when the setting has a range, has a
    side outside it. ``third``: a third number (a printer's build height) is read,
    checked as the sides are and left out; else three numbers are refused with the two
    sides to give."""
    match = _SIZE.fullmatch(text) if isinstance(text, str) else None
    quoted = abridged(text, quoted=True) if isinstance(text, str) and text else repr(text)
    try:
        if match is None:
            raise ValueError(text)
        width, height = float(match["w"]), float(match["h"])
    except ValueError:
        raise ParameterError.about(
            setting, f"{quoted} is not {names} in mm{_comma_hint(text, names, example)}"
        ) from None
    factors = {_MM_PER[u.lower()] for u in (match["wu"], match["hu"], match["zu"]) if u}
    if len(factors) > 1:
        raise ParameterError.about(
            setting, f"{quoted} mixes units: give both sides in mm, e.g. {example}"
        )
    per = factors.pop() if factors else 1.0
    if per != 1.0:
        mm = f"{_mm(width * per)}x{_mm(height * per)}"
        raise _not_in_mm(
            setting,
            quoted,
            f"{width:g}×{height:g} {_unit(per)} is {mm} mm; give {mm}, or a little less for "
            "the part of the bed your machine reaches",
        )
    if match["z"] is not None and not third:
        raise ParameterError.about(setting, _three_numbers(quoted, match, names))
    if limit_for(setting) is not None:  # each side, quoted as typed (5000, not 5000.0)
        sides = [(width, match["w"]), (height, match["h"])]
        sides += [(float(match["z"]), match["z"])] if match["z"] is not None else []
        for side, typed in sides:
            # (digits only: a number of 400 digits reads as infinite, and is only too large)
            check(setting, side if math.isfinite(side) else sys.float_info.max, shown=typed)
    return width, height


def third_number(text: str) -> float | None:
    """The third number of a size written with three (``250x210x220``: a printer's build
    height), in the unit it is written in; None for a size of two numbers, or no size."""
    match = _SIZE.fullmatch(text) if isinstance(text, str) else None
    return float(match["z"]) if match and match["z"] is not None else None


def _three_numbers(quoted: str, match: re.Match, names: str) -> str:
    """Three numbers where two sides are wanted (a sheet's thickness after its sides,
    ``600x400x3``): the two sides to give."""
    two = f"{match['w']}x{match['h']}"
    return (
        f"{quoted} has three numbers, but {names} is two sides: give {two} (a third "
        "number, such as a sheet's thickness, is not needed)"
    )


def _comma_hint(text: object, names: str, example: str) -> str:
    """How to write a size typed with a comma: a decimal comma (``600,5x400``, as much of
    Europe writes it) gets its full stop, two sides with a comma between (``600,400``)
    get the x; anything else gets the example."""
    if isinstance(text, str) and "," in text and len(text) <= 40:
        stopped = re.sub(r"(?<=\d),(?=\d)", ".", text)
        if _SIZE.fullmatch(stopped):
            return f": write the decimal point as a full stop, {stopped.strip()}"
        sides = re.fullmatch(r"\s*([0-9.]+)\s*,\s*([0-9.]+)\s*", text)
        if sides and _SIZE.fullmatch(f"{sides[1]}x{sides[2]}"):
            return f": write the sides with an x between them, {sides[1]}x{sides[2]}"
    return f", e.g. {example}"


def parse_length(text: str, setting: str) -> float | None:
    """``text`` as a length in mm when it is a number with a unit after it (``100mm``,
    ``100 mm``); None when it has no unit (the caller reads it as a number). A length
    in inches or centimetres (``4in``, ``4"``, ``10cm``) is refused about ``setting``
    (its registry name) with its value in millimetres. The range is the caller's."""
    match = _LENGTH.fullmatch(text)
    if match is None:
        _refuse_a_decimal_comma(text, setting)
        return None
    value, per = float(match["n"]), _MM_PER[match["u"].lower()]
    if per != 1.0:
        mm = _mm(value * per, 3)  # a kerf of 0.006 in is 0.152 mm, not 0.2
        quoted = abridged(text.strip(), quoted=True)
        raise _not_in_mm(setting, quoted, f"{value:g} {_unit(per)} is {mm} mm; give {mm}")
    return value


#: A size too small for its pieces whose sides are all at most this many mm was likely
#: written in inches without its unit (a 24x16 in sheet, an 8x8 in bed).
INCH_LIKE_MM = 60.0


def inches_hint(width: float, height: float, what: str) -> str:
    """What a size too small for its pieces is in mm if it was meant in inches
    (`` (if 24x16 is in inches, the sheet is 609.6x406.4 mm: ...)``); '' for a larger
    size, which no maker writes in inches."""
    if max(width, height) > INCH_LIKE_MM:
        return ""
    mm = f"{_mm(width * 25.4)}x{_mm(height * 25.4)}"
    return (
        f" (if {width:g}x{height:g} is in inches, the {what} is {mm} mm: fabgen takes "
        f"sizes in millimetres, so give {mm})"
    )


def _refuse_a_decimal_comma(text: str, setting: str) -> None:
    """A length with a decimal comma and a unit (``0,2mm``, ``3,5in``): the number to
    give, in mm (it was "not a number", with no word of either mistake)."""
    match = _COMMA_LENGTH.fullmatch(text)
    if match is None:
        return
    value, per = float(match["n"].replace(",", ".")), _MM_PER[match["u"].lower()]
    mm = _mm(value * per, 3)
    unit = "" if per == 1.0 else f" ({value:g} {_unit(per)} is {mm} mm)"
    raise ParameterError.about(
        setting,
        f"{abridged(text.strip(), quoted=True)} is written with a decimal comma: fabgen "
        f"reads a full stop as the decimal point, and lengths in millimetres{unit}; give {mm}",
    )


def _not_in_mm(setting: str, quoted: str, converted: str) -> ParameterError:
    return ParameterError.about(
        setting, f"{quoted} is not in mm: fabgen takes sizes in millimetres, and {converted}"
    )


def _unit(per: float) -> str:
    return "in" if per == 25.4 else "cm"


def _mm(value: float, decimals: int = 1) -> str:
    return f"{round(value, decimals):g}"
