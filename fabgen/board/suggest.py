"""What a board file's author probably meant: the "did you mean" of the reader's
messages for a misspelt key or value (``player`` for ``players``, ``Machine`` for
``machine``, ``purpel`` for ``purple``, ``rgb(255, 0, 0)`` for ``#ff0000``), and hints
for the TOML mistakes of a hand-edited file (docs/formats.md, board files)."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping, Sequence

from fabgen.text import MEANT_CUTOFF

#: How alike a misspelling and an allowed word must be: the command line's measure.
CUTOFF = MEANT_CUTOFF

#: Words makers use for a key or a value that fabgen spells otherwise.
KEY_ALIASES = {
    "seat": "players",
    "seats": "players",
    "player": "players",
    "color": "colour",
    "type": "kind",
    "stones": "stacks",
    "width": "tile_width_mm",
    "tile_width": "tile_width_mm",
    "direction": "turns",
    "title": "name",
    "tile": "tiles",
}
KIND_ALIASES = {
    "person": "player",
    "people": "player",
    "human": "player",
    "user": "player",
    "computer": "machine",
    "bot": "machine",
    "robot": "machine",
    "ai": "machine",
    "dummy": "machine",
    "extreme": "extreme-machine",
}
TURN_ALIASES = {
    "cw": "clockwise",
    "ccw": "counter-clockwise",
    "anticlockwise": "counter-clockwise",
    "counterclockwise": "counter-clockwise",
}


def closest(given: object, options: Sequence[str], aliases: Mapping[str, str] = {}) -> str | None:
    """The option ``given`` most likely stands for, or None: the same word in other
    case or with ``_`` or a space for ``-``, a known alias, or a close spelling."""
    if not isinstance(given, str) or not given.strip():
        return None
    word = given.strip().lower()
    for candidate in (word, re.sub(r"[\s_]+", "-", word), re.sub(r"[\s-]+", "_", word)):
        if candidate in options:
            return candidate
        alias = aliases.get(candidate) or aliases.get(candidate.replace("-", ""))
        if alias in options:
            return alias
    close = difflib.get_close_matches(word, options, n=1, cutoff=CUTOFF)
    return close[0] if close else None


def did_you_mean(suggestion: str | None) -> str:
    """`` (did you mean "x"?)`` for a value, or nothing."""
    return "" if suggestion is None else f" (did you mean {json.dumps(suggestion)}?)"


_RGB = re.compile(
    r"rgba?\(\s*(\d{1,3})\s*,?\s*(\d{1,3})\s*,?\s*(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)",
    re.IGNORECASE,
)


def colour_suggestion(given: str, names: Sequence[str]) -> str | None:
    """``#rrggbb`` for ``rgb(...)`` or hex digits without ``#``, else a close name."""
    text = given.strip()
    match = _RGB.fullmatch(text)
    if match and all(int(v) <= 255 for v in match.groups()):
        return "#" + "".join(f"{int(v):02x}" for v in match.groups())
    if re.fullmatch(r"#?(0x)?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})", text):
        return "#" + text.lstrip("#").removeprefix("0x").lower()
    return closest(text.replace(" ", ""), names)
