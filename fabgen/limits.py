"""The allowed range of every numeric setting, and the bounds on work.

Command-line options, kit files and board files take numbers from the user; each is
checked here, before it is used, to be finite and inside its setting's range
(:data:`fabgen.settings.SETTINGS`), so that NaN, infinity, 1e308 or a zero/negative
size get a message naming the setting and the range, instead of a traceback, a hang or
a file no program opens. The relations between parameters (circles smaller than the
pitch, stones that fit a sheet, ...) are checked later by the parameter dataclasses;
these are the outer bounds, and the limits on work: counts beyond them would take
minutes or gigabytes. The pieces one laser sheet has room for are not refused past their
bound: such a sheet is nested only on the corner part that the pieces asked for need.
"""

from __future__ import annotations

import math

from fabgen.errors import ParameterError
from fabgen.settings import MM_SIZE, SETTINGS, Limit

__all__ = ["LIMITS", "MM_SIZE", "Limit", "check", "limit_for"]

#: The range of every numeric setting, by setting name.
LIMITS: dict[str, Limit] = {name: s.limit for name, s in SETTINGS.items() if s.limit}

MAX_TILES_PER_SHEET = 200
"""Tiles a sheet may have room for (usable area / tile area) and still be nested whole:
the nesting search grows with them (200 take about 8 s on a slow machine; a 100 mm tile
on 600×400 mm is 27). A sheet with room for more is not refused: the tiles are nested in
its lower-left corner, on a part as large as they need (``nesting/plan.py: nesting_area``),
and the rest of the sheet stays whole."""
MAX_STONES_PER_SHEET = 2000
"""Stones (discs) a sheet may have room for and still be nested whole (their packing is
cheap); on a sheet with room for more they are nested in its corner, as tiles are."""
MAX_STONES_TOTAL = 5000
"""Stones of all colours cut in one ``fabgen sheet`` run (24,000 take over 10 s)."""


def limit_for(name: str) -> Limit | None:
    return LIMITS.get(name)


def check(name: str, value, label: str | None = None, *, shown: str | None = None):
    """``value`` if finite and in the range of setting ``name``; else ParameterError
    (made by :meth:`ParameterError.about`, so front ends can name the setting their way;
    ``label`` names it in the message itself, default the setting in words). ``shown``:
    the value as the user typed it, for the message (``2001``, not the ``2001.0`` it
    was read as)."""
    limit = limit_for(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return _refuse(name, label, f"must be a number, got {value!r}")
    if limit is None:
        if isinstance(value, float) and not math.isfinite(value):
            _refuse(name, label, f"must be a finite number, got {value!r}")
        return value
    if limit.integer and isinstance(value, float) and not value.is_integer():
        _refuse(name, label, f"must be a whole number, got {value!r}")
    problem = limit.problem(value)
    if problem:
        _refuse(name, label, f"{_shown(value, shown)} {problem}; allowed: {limit.describe()}")
    return value


def _refuse(name: str, label: str | None, detail: str):
    error = ParameterError.about(name, detail)
    if label:
        error = ParameterError(name, error.naming(label), detail)
    raise error


def _shown(value, typed: str | None = None) -> str:
    """``value`` as the message quotes it: as typed (``2001``, not the ``2001.0`` an
    option read it as), else as Python writes it (a kit file's ``2001.0`` is a float
    because it was written so); a long one abridged."""
    text = typed or repr(value)
    if len(text) <= 24:
        return text
    return f"{text[:10]}...({len(text)} {'characters' if typed else 'digits'})"
