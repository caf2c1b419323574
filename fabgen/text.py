"""User text (labels, player, board and kit names) made safe for files and terminals.

Control characters (C0 but tab and newline, DEL, C1) are invalid in XML (SVG), break DXF
group values, and in a terminal they are escape sequences that can recolour, move the
cursor or retitle the window. Bidirectional overrides (U+202A..U+202E, U+2066..U+2069)
reorder what follows them. Right-to-left letters and emoji are kept: they are text.
"""

from __future__ import annotations

import re

MAX_LABEL = 200
"""Longest text fabgen draws into a file (a label, a name, a title)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_label(text: str, limit: int = MAX_LABEL) -> str:
    """``text`` for a drawing or a PDF: control and bidi-override characters and lone
    surrogates removed, newlines and tabs made spaces, at most ``limit`` characters."""
    text = _SURROGATE.sub("", _CONTROL.sub("", str(text))).replace("\n", " ").replace("\t", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def has_control(text: str) -> bool:
    return bool(_CONTROL.search(text) or _SURROGATE.search(text))


def for_terminal(text: str) -> str:
    """``text`` with control characters shown as ``\\u001b``-style escapes (newline and
    tab kept), so that printing it can never drive the terminal.

    The escapes are JSON's: JSON printed with ``ensure_ascii=False`` holds DEL, C1 and
    bidi characters raw inside its strings, and escaped this way it stays valid JSON
    that decodes to the same text (``\\x85`` would be an invalid escape).
    """
    return _CONTROL.sub(lambda m: _escape(m.group()), _SURROGATE.sub("\ufffd", text))


def _escape(char: str) -> str:
    return f"\\u{ord(char):04x}"


class StreamFailed(OSError):
    """Writing to a standard stream failed (a full disk, a closed pipe): not a bug of
    the command, and not the user's input either."""


# Typography fabgen's own text uses, for streams that cannot encode it.
_PLAIN = str.maketrans(
    {"–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "×": "x"}
)


def encodable(text: str, encoding: str | None) -> str:
    """``text`` as a stream in ``encoding`` can write it: dashes, quotes and ellipses
    made plain, and anything else it cannot encode replaced by ``?``."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        plain = text.translate(_PLAIN)
        return plain.encode(encoding, "replace").decode(encoding)
    except LookupError:  # an encoding Python does not know: leave it to the stream
        pass
    return text


class TerminalSafe:
    """A text stream wrapper that writes :func:`for_terminal` of everything, in
    characters the stream's encoding can hold (``PYTHONIOENCODING=latin-1``, a cp1252
    console): a name with an emoji must not end a command in UnicodeEncodeError."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        if isinstance(text, str):
            text = encodable(for_terminal(text), getattr(self._stream, "encoding", None))
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
        return getattr(self._stream, name)
