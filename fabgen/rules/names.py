"""Field names of the Atlantis transcript format, e.g. ``c3``, ``-a0``, ``aa12``.

A name is letters for x followed by y + 1 in decimal. Letters count like spreadsheet
columns (a = 0 … z = 25, aa = 26, ab = 27, …). A negative x is ``-`` followed by the
letters of −x − 1, so ``-a`` is −1. A negative y simply gives a number ≤ 0: ``a0`` is
y = −1 and ``a-1`` is y = −2. Coordinates are the lattice's ``(q, r)``: no conversion.

Only the canonical spelling is accepted (no leading zeros, no ``-0``), so a name read
and written back is the same text. An upper-case name (``C3``) is a stack key that
stands for the seven fields of the standard segment centred on that field.

A seat is named here too, one way for every text meant for people: ``seat 2 (Blue)``
(docs/design-notes.md, *The board checks*).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from fabgen.errors import abridged
from fabgen.geometry.lattice import Field

_NUMBER = r"(0|-?[1-9][0-9]*)"
_FIELD = re.compile(rf"(-?)([a-z]+){_NUMBER}")
_SEGMENT = re.compile(rf"(-?)([A-Z]+){_NUMBER}")

NAME_HELP = (
    "a field name is letters for the column followed by the row number, "
    "like c3, aa12, -a0 or b-2 (lower case)"
)


def letters(n: int) -> str:
    """``0 -> a``, ``25 -> z``, ``26 -> aa`` (bijective base 26)."""
    if n < 0:
        raise ValueError(f"letters need a number >= 0, got {n}")
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(97 + rest) + out
    return out


def letters_value(text: str) -> int:
    """Inverse of :func:`letters` (lower case)."""
    n = 0
    for ch in text:
        n = n * 26 + ord(ch) - 96
    return n - 1


def seat_label(index: int, name: str | None = None) -> str:
    """How text for people names the seat at list ``index``: ``seat 2 (Blue)`` for
    index 1, ``seat 2`` without a name. Seats count from 1, as on the board and the
    setup diagram; "seat", not "player", because a machine's seat is no one's. The name
    is put on one line: a line break or tab in a file's name would split a legend, a
    ranking or a message."""
    shown = " ".join((name or "").split())
    return f"seat {index + 1} ({shown})" if shown else f"seat {index + 1}"


#: Bidi embeddings, overrides and isolates: each turns the text after it round (a seat
#: named "\u202eRed" printed "deR" and every word after it backwards).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Characters nobody sees that no writing needs (a soft hyphen, a zero-width space, a
#: word joiner, a byte order mark): two seats' names would look alike on every list.
_INVISIBLE = frozenset("\u00ad\u180e\u200b\u2060\u2061\u2062\u2063\u2064\ufeff")


def unshowable(text: str, allowed: str = "") -> tuple[str, str] | None:
    """The first character of ``text`` that a name, colour or note may not hold, with
    why, or None: a control character (C0, DEL, C1, save those in ``allowed``), a line
    or paragraph separator, a bidi embedding, override or isolate, an invisible
    character no writing needs (a zero-width space), a lone surrogate or a
    noncharacter (U+FFFE, U+FFFF and their like). Every other character is text, those
    ``str.isprintable`` calls unprintable included: spaces of every width (a no-break
    space, Japanese and Chinese input's ideographic space), the joiners and marks that
    writing needs (ZWJ in emoji sequences, ZWNJ in Persian and Indic scripts, the
    left-to-right and right-to-left marks, a subdivision flag's tag characters), and
    characters newer than Python's Unicode tables (an emoji added since)."""
    for char in text:
        if char in allowed:
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            return char, "control character"
        if category in ("Zl", "Zp"):
            return char, "line break"
        if char in _BIDI_CONTROLS:
            return char, "bidi control"
        if char in _INVISIBLE:
            return char, "invisible"
        if category == "Cs" or (ord(char) & 0xFFFE) == 0xFFFE:
            return char, "no character"
    return None


def unshowable_words(char: str, why: str) -> str:
    """How a refusal names a character :func:`unshowable` found, after "contains"."""
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}" + (f" ({name})" if name else "")
    if why == "control character":
        return f"the control character U+{ord(char):04X}"
    if why == "line break":
        return f"{code}, a line break"
    if why == "bidi control":
        return f"{code}, which turns the text after it round"
    if why == "invisible":
        return f"{code}, an invisible character"
    return f"{code}, which is no character"


def field_name(field: Field) -> str:
    """The transcript name of a field."""
    x, y = field
    column = letters(x) if x >= 0 else "-" + letters(-x - 1)
    return f"{column}{y + 1}"


def segment_key(centre: Field) -> str:
    """The upper-case stack key for the standard segment centred on ``centre``."""
    return field_name(centre).upper()


def parse_field(name: str) -> Field:
    """Coordinates of a lower-case field name; ``ValueError`` for anything else."""
    if not isinstance(name, str):
        raise ValueError(f"{_quoted(name)} is not a field name: {NAME_HELP}")
    return _parse_field(name)


def is_field_name(text: str) -> bool:
    """Whether ``text`` is a field's name as :func:`parse_field` reads it (a move
    typed as a transcript writes it, a board file's value in another case)."""
    try:
        parse_field(text)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=1 << 16)
def _parse_field(name: str) -> Field:
    # Cached: a transcript names the same fields over and over.
    match = _FIELD.fullmatch(name)
    if match is None:
        raise ValueError(f"{_quoted(name)} is not a field name: {NAME_HELP}")
    return _coords(*match.groups())


def parse_stack_key(key: str) -> tuple[Field, bool]:
    """``(field, is_segment)``: a stack key is a field name or an upper-case segment key."""
    match = _FIELD.fullmatch(key)
    if match is not None:
        return _coords(*match.groups()), False
    match = _SEGMENT.fullmatch(key)
    if match is not None:
        sign, column, number = match.groups()
        return _coords(sign, column.lower(), number), True
    raise ValueError(
        f"{_quoted(key)} is not a stack key: use a field name like c3 for one field, or the "
        "upper-case name of a segment's centre like C3 for all seven fields of that segment"
    )


def _quoted(value: object) -> str:
    """What the user gave, as a message quotes it: briefly when long."""
    return abridged(value, 40, quoted=True) if isinstance(value, str) else repr(value)[:40]


MAX_COORDINATE = 10_000
"""Largest field coordinate accepted (a 91-tile board spans about 60 fields): names
beyond it are typing errors or hostile input, and would overflow drawing sizes."""


def _coords(sign: str, column: str, number: str) -> Field:
    if len(column) > 3 or len(number.lstrip("-")) > 5:
        raise ValueError(_too_far(sign + column + number))
    value = letters_value(column)
    x = -value - 1 if sign else value
    y = int(number) - 1
    if max(abs(x), abs(y)) > MAX_COORDINATE:
        raise ValueError(_too_far(sign + column + number))
    return (x, y)


def _too_far(name: str) -> str:
    shown = name if len(name) <= 20 else name[:17] + "..."
    return f"field {shown!r} lies beyond ±{MAX_COORDINATE:,} fields: no board is that large"
