"""User text (labels, player, board and kit names) made safe for files and terminals.

Control characters (C0 but tab and newline, DEL, C1) are invalid in XML (SVG), break DXF
group values, and in a terminal they are escape sequences that can recolour, move the
cursor or retitle the window. Bidirectional overrides (U+202A..U+202E, U+2066..U+2069)
reorder what follows them. Right-to-left letters and emoji are kept: they are text.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

MAX_LABEL = 200
"""Longest text fabgen draws into a file (a label, a name, a title)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def counted(n: int, word: str) -> str:
    """``1 tile``, ``2 tiles``: a count with its noun (a regular plural)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def and_list(words: Iterable[str]) -> str:
    """``1, 2 and 3``: words as a sentence lists them."""
    items = list(words)
    return " and ".join(filter(None, [", ".join(items[:-1]), *items[-1:]]))


def or_list(words: Iterable[str]) -> str:
    """``a, b or c``: alternatives as a sentence offers them."""
    items = list(words)
    return " or ".join(filter(None, [", ".join(items[:-1]), *items[-1:]]))


MEANT_CUTOFF = 0.75
"""How alike a misspelling and a word must be (difflib's ratio) to be offered:
"purpel"/"purple" 0.83, "blu"/"blue" 0.86, "lightblue"/"blue" 0.62 is not."""


def meant(given: str, words: Iterable[str], most: int = 4) -> list[str]:
    """The words ``given`` was probably typed for: the same word in another case or
    with ``_`` or a space for ``-``; else every word it begins (``hex`` for
    ``hexagon``, ``3p-triangle`` for its three presets), if at most ``most``; else the
    closest spelling. Empty when nothing is close."""
    options = [str(w) for w in words]
    said = re.sub(r"[\s_]+", "-", given.strip().casefold())
    if not said:
        return []
    same = [w for w in options if re.sub(r"[\s_]+", "-", w.casefold()) == said]
    if same:
        return same[:1]
    begun = [w for w in options if len(said) >= 2 and w.casefold().startswith(said)]
    if 0 < len(begun) <= most:
        return begun
    import difflib

    lowered = {w.casefold(): w for w in options}
    close = difflib.get_close_matches(said, list(lowered), n=1, cutoff=MEANT_CUTOFF)
    return [lowered[c] for c in close]


def did_you_mean(words: Iterable[str]) -> str:
    """`` (did you mean 'a' or 'b'?)`` for the words :func:`meant` found, or nothing."""
    items = [repr(w) for w in words]
    return f" (did you mean {or_list(items)}?)" if items else ""


def shown_path(path: str | os.PathLike) -> str:
    """A path as a person finds it in messages: relative to the current folder when
    inside it, else as given; a newline or tab in a name escaped (``a\u000ab``), so that
    a path is one line of a list of written files (``--out "$(printf 'a\nb')"`` split
    ``wrote`` lines in two)."""
    try:
        text = str(Path(path).relative_to(Path.cwd()))
    except ValueError:
        text = str(path)
    return re.sub(r"[\n\t\r]", lambda m: _escape(m.group()), text)


def clean_label(text: str, limit: int = MAX_LABEL) -> str:
    """``text`` for a drawing or a PDF: control and bidi-override characters and lone
    surrogates removed, newlines and tabs made spaces, at most ``limit`` characters."""
    text = _SURROGATE.sub("", _CONTROL.sub("", _utf8(str(text))))
    text = text.replace("\n", " ").replace("\t", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def undecodable(text: str) -> bool:
    """Whether ``text`` holds bytes that are not UTF-8 (a command-line argument that
    Python kept as lone surrogates), which no drawing can show."""
    return bool(_SURROGATE.search(_utf8(text)))


def has_control(text: str) -> bool:
    return bool(_CONTROL.search(text) or _SURROGATE.search(text))


def columns(text: str) -> int:
    """The terminal columns ``text`` takes (the idea of wcwidth): a wide or full-width
    character (北, most emoji) two, a combining mark or zero-width character (an
    accent typed apart, a variation selector, a zero-width joiner) none, any other one.
    ``len`` counts characters, so a column table put 北京队长 four columns short."""
    return sum(_char_columns(char) for char in text)


def _char_columns(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def padded(text: str, width: int, align: str = "<") -> str:
    """``text`` filled with spaces to ``width`` terminal columns (``f"{text:<{width}}"``
    counts characters): ``<`` on the right, ``>`` on the left."""
    fill = " " * max(0, width - columns(text))
    return text + fill if align == "<" else fill + text


def cut_to_columns(text: str, width: int, mark: str = "...") -> str:
    """``text`` whole when it fits in ``width`` columns, else its start and ``mark``
    within them (a wide character that would cross the edge is left out)."""
    if columns(text) <= width:
        return text
    room, out = width - columns(mark), []
    for char in text:
        room -= _char_columns(char)
        if room < 0:
            break
        out.append(char)
    return "".join(out) + mark


def for_terminal(text: str) -> str:
    """``text`` with control characters shown as ``\\u001b``-style escapes (newline and
    tab kept), so that printing it can never drive the terminal.

    The escapes are JSON's: JSON printed with ``ensure_ascii=False`` holds DEL, C1 and
    bidi characters raw inside its strings, and escaped this way it stays valid JSON
    that decodes to the same text (``\\x85`` would be an invalid escape).
    """
    text = _SURROGATE.sub("\ufffd", _utf8(text))
    return _CONTROL.sub(lambda m: _escape(m.group()), text)


def _utf8(text: str) -> str:
    """``text`` with UTF-8 that Python decoded as undecodable bytes decoded after all.

    Under ``LC_ALL=C`` (without Python's UTF-8 mode) a command-line argument such as
    ``--label "Zoë"`` arrives as ``Zo\\udcc3\\udcab``: the terminal sent UTF-8, Python
    kept its bytes as lone surrogates. Labels must be the same whatever the locale.
    (Paths are left so: they are opened by those bytes.)"""
    if not _SURROGATE.search(text):
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8")
    except UnicodeError:
        return text


def _escape(char: str) -> str:
    return f"\\u{ord(char):04x}"


class StreamFailed(OSError):
    """Writing to a standard stream failed (a full disk, a closed pipe): not a bug of
    the command, and not the user's input either."""


# Fabgen's own typography (and a few common signs), for streams that cannot encode it.
_PLAIN = str.maketrans(
    {
        "–": "-", "—": "-", "−": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
        "…": "...", "×": "x", "·": ".", "•": "*", "→": "->", "←": "<-", "↔": "<->",
        "≤": "<=", "≥": ">=", "≠": "!=", "±": "+/-", "°": " deg", "√": "sqrt ",
        "²": "^2", "³": "^3", "µ": "u", "\u00a0": " ", "\u202f": " ",
    }
)  # fmt: skip


def encodable(text: str, encoding: str | None) -> str:
    """``text`` as a stream in ``encoding`` can write it, every other character
    replaced: fabgen's typography by plain ASCII (``×`` by ``x``, ``→`` by ``->``,
    ``≤`` by ``<=``), anything else (a name's ``ë`` in ASCII, ``李``) by its JSON
    escape ``\\u00eb``, which keeps printed JSON valid and decoding to the same text."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return "".join(_held(char, encoding) for char in text)
    except LookupError:  # an encoding Python does not know: leave it to the stream
        pass
    return text


def _held(char: str, encoding: str) -> str:
    for candidate in (char, char.translate(_PLAIN)):
        try:
            candidate.encode(encoding)
        except UnicodeEncodeError:
            continue
        return candidate
    code = ord(char)
    if code > 0xFFFF:  # as JSON writes it: a surrogate pair
        code -= 0x10000
        return _escape(chr(0xD800 + (code >> 10))) + _escape(chr(0xDC00 + (code & 0x3FF)))
    return _escape(char)


def output_encoding(stream) -> str | None:
    """The encoding :class:`TerminalSafe` writes ``stream`` in; None when it holds
    every character (UTF-8, or an encoding Python does not know).

    A terminal gets what its encoding holds (``ë`` on a Latin-1 or cp1252 terminal).
    A pipe or file in any encoding but UTF-8 gets plain ASCII, which is UTF-8 too:
    ``fabgen boards --show NAME > board.toml`` on Windows (where a redirected stream
    is cp1252) must give a board file that fabgen reads back.
    """
    import codecs

    encoding = getattr(stream, "encoding", None)
    try:
        name = codecs.lookup(encoding).name if encoding else None
    except LookupError:
        return None
    if name is None or name.startswith("utf"):
        return None
    try:
        terminal = stream.isatty()
    except (AttributeError, OSError, ValueError):
        terminal = False
    return name if terminal else "ascii"


class TerminalSafe:
    """A text stream wrapper that writes :func:`for_terminal` of everything, in
    characters :func:`output_encoding` allows (``PYTHONIOENCODING=latin-1``,
    ``LC_ALL=C``, a cp1252 console): a name with an emoji must not end a command in
    UnicodeEncodeError.

    It hides the stream's ``buffer``: given a stream in ASCII, click writes UTF-8
    into the buffer beneath it instead, past the wrapper (raw escape sequences
    included), and into a terminal that cannot show it."""

    def __init__(self, stream):
        self._stream = stream
        self._encoding = output_encoding(stream)

    def write(self, text):
        if isinstance(text, str):
            text = encodable(for_terminal(text), self._encoding)
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise StreamFailed(exc.errno, exc.strerror) from exc

    def flush(self):
        try:
            return self._stream.flush()
        except OSError as exc:
            raise StreamFailed(exc.errno, exc.strerror) from exc

    def __getattr__(self, name):
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self._stream, name)
