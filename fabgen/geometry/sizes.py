"""Two sizes written as one value, ``WIDTHxHEIGHT`` in millimetres (a laser sheet, a
printer bed), read the way makers write them: ``600x400``, ``600 X 400``, ``600×400``,
``600x400mm``, ``600mm x 400mm``. A size in inches or centimetres (``24x12in``,
``24"x12"``, ``60x40cm``) is refused with its value in millimetres, since fabgen works
in millimetres throughout and a silent conversion would hide a typing error."""

from __future__ import annotations

import re

from fabgen.errors import ParameterError, abridged

_NUMBER = r"[0-9]*\.?[0-9]+|[0-9]+\.?[0-9]*"
_UNIT = r"mm|cm|inches|inch|in|\"|''"
_SIZE = re.compile(
    rf"\s*(?P<w>{_NUMBER})\s*(?P<wu>{_UNIT})?\s*[xX×]\s*(?P<h>{_NUMBER})\s*(?P<hu>{_UNIT})?\s*",
    re.IGNORECASE,
)
#: Millimetres per unit a maker may write a size in.
_MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "inch": 25.4, "inches": 25.4, '"': 25.4, "''": 25.4}


def parse_size(text: str, setting: str, names: str = "WIDTHxHEIGHT", example: str = "600x400"):
    """``text`` as (width, height) in mm; refused about ``setting`` (its registry name)
    when it is no such size or is in another unit. The range is the caller's."""
    match = _SIZE.fullmatch(text) if isinstance(text, str) else None
    quoted = abridged(text, quoted=True) if isinstance(text, str) and text else repr(text)
    try:
        if match is None:
            raise ValueError(text)
        width, height = float(match["w"]), float(match["h"])
    except ValueError:
        raise ParameterError.about(
            setting, f"{quoted} is not {names} in mm, e.g. {example}"
        ) from None
    factors = {_MM_PER.get(u.lower(), 1.0) for u in (match["wu"], match["hu"]) if u}
    if len(factors) > 1:
        raise ParameterError.about(
            setting, f"{quoted} mixes units: give both sides in mm, e.g. {example}"
        )
    per = factors.pop() if factors else 1.0
    if per != 1.0:
        unit = "in" if per == 25.4 else "cm"
        mm = f"{_mm(width * per)}x{_mm(height * per)}"
        raise ParameterError.about(
            setting,
            f"{quoted} is not in mm: fabgen takes sizes in millimetres, and "
            f"{width:g}×{height:g} {unit} is {mm} mm; give {mm}, or a little less for the "
            "part of the bed your machine reaches",
        )
    return width, height


def _mm(value: float) -> str:
    return f"{round(value, 1):g}"
