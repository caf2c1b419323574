"""Reading input files with bounds: only regular files, never more than a size cap.

A folder, a FIFO, ``/dev/zero`` or an endless stream given as an input file fails at
once with a message instead of hanging or filling the memory. Every reader of a
user's file (kit, board, transcript, drawing) goes through :func:`read_bytes`.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Collection, Sequence

from fabgen.errors import InputFileError

MAX_TEXT_BYTES = 16 * 2**20
"""Kit files, board files and transcripts: 16 MiB (a 1,000-turn transcript is ~60 KiB)."""
MAX_TOML_BYTES = 2**20
"""Board and kit files (TOML): 1 MiB. A board of 127 hand-cut tiles with notes is some
10 KiB; tomllib reads about 1 MiB a second, so a 16 MiB file took 10 s or more before
any message (transcripts, JSON, keep the 16 MiB: a 100,000-turn game is some 6 MiB)."""
MAX_DRAWING_BYTES = 64 * 2**20
"""SVG and DXF drawings read by ``check-alignment --from``: 64 MiB."""
MAX_NESTING = 64
"""Deepest nesting of tables/lists in TOML and JSON input files."""
MAX_INTEGER_DIGITS = 30
"""Longest integer in a JSON input file: no value fabgen reads needs more digits, and
the digit string is refused before it is converted (Python converts thousands of
digits only slowly, and refuses more than 4,300)."""


def read_bytes(path: str | os.PathLike, what: str, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of the regular file ``path``; InputFileError for anything else.

    ``what`` names the file in messages ("kit file", "transcript", ...).
    """
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise InputFileError(name, "no such file: check the name") from None
    except OSError as exc:
        raise InputFileError(name, f"cannot read the {what}: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputFileError(name, f"is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise InputFileError(
            name, f"is not a regular file (a pipe, socket or device); give the path of a {what}"
        )
    if info.st_size > limit:
        raise InputFileError(name, f"is {_size(info.st_size)}; a {what} may have {_size(limit)}")
    try:
        # O_NONBLOCK: a file swapped for a FIFO since the stat must not block the open.
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise InputFileError(name, f"cannot read the {what}: {exc.strerror}") from None
    if len(data) > limit:
        raise InputFileError(name, f"is larger than {_size(limit)}, the limit for a {what}")
    return data


def read_text(path: str | os.PathLike, what: str, limit: int = MAX_TEXT_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8 (a BOM is dropped)."""
    data = read_bytes(path, what, limit)
    binary = _binary(data, what)
    if binary is not None:
        raise InputFileError(os.fspath(path), binary)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputFileError(os.fspath(path), _not_utf8(data, exc.start)) from None
    if "\0" in text and _utf16_without_bom(data):  # (NUL bytes are UTF-8 too)
        raise InputFileError(os.fspath(path), _not_utf8(data, data.index(b"\0")))
    return text


#: The first bytes of files people give by mistake for a text file: fabgen's own
#: outputs (PDF, 3MF, STL, PNG) and what else lies in a download folder.
_SIGNATURES = (
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (a 3MF print plate, a .docx or .odt document is one)"),
    (b"\x89PNG\r\n\x1a\n", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\x7fELF", "a program (ELF)"),
    (b"SQLite format 3\x00", "an SQLite database"),
)


def _binary(data: bytes, what: str) -> str | None:
    """What a file that is no text at all is, in the words of a refusal; None for text
    (UTF-16 text too, which :func:`_not_utf8` names). A file of zero bytes alone was
    called UTF-16 text, and a PDF or PNG "saved in Windows-1252 or Latin-1": both were
    told to be saved as UTF-8."""
    if data and not data.strip(b"\0"):
        return (
            f"holds only zero bytes ({len(data):,}) and no text: a save cut short (a crash, "
            f"a full disk) leaves a file so; save the {what} again, or take a backup"
        )
    kind = next((k for sign, k in _SIGNATURES if data.startswith(sign)), None)
    if kind is not None:
        return f"is {kind}, not a {what}: give the path of the {what}, a text file"
    zero = data.find(b"\0", 0, 4096)
    if zero < 0 or data[:2] in (b"\xff\xfe", b"\xfe\xff") or _utf16_without_bom(data):
        return None
    return (
        f"holds binary data (a zero byte at byte {zero:,}), not text: give the path of the "
        f"{what}, a text file"
    )


def _utf16_without_bom(data: bytes) -> bool:
    """UTF-16 text saved without its byte order mark: ASCII letters with a NUL byte
    before or after each (TOML's reader said "Invalid initial character" of line 1)."""
    sample = data[:400]
    even, odd = sample[0::2], sample[1::2]
    # (and the other half of the bytes is letters: a binary file of zeros is not text)
    return any(
        zeros.count(0) > len(zeros) // 2 and letters.count(0) <= len(letters) // 10
        for zeros, letters in ((even, odd), (odd, even))
    )


def _not_utf8(data: bytes, start: int) -> str:
    """Where a file stops being UTF-8, and what to do: most such files were saved in
    the system's legacy encoding (Windows-1252 or Latin-1, UTF-16 by Windows tools)."""
    line = data.count(b"\n", 0, start) + 1
    column = start - (data.rfind(b"\n", 0, start) + 1) + 1
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or _utf16_without_bom(data):
        found = "the file is UTF-16 text"
    else:
        legacy = data[start : start + 1].decode("cp1252", "replace")
        found = (
            f'line {line}, column {column} has the byte 0x{data[start]:02X}, "{legacy}" '
            "in Windows-1252 or Latin-1: the file looks saved in one of them"
            if legacy.isprintable() and legacy != "\ufffd"
            else f"line {line}, column {column} has the byte 0x{data[start]:02X}"
        )
    return (
        f"is not UTF-8 text (byte {start}): save it as UTF-8 (in your editor: Save as, "
        f"encoding UTF-8) and run again; {found}. fabgen reads UTF-8 whatever the "
        "system's language"
    )


#: What a parsed TOML or JSON file holds besides tables and lists.
_SCALARS = frozenset((str, int, float, bool, type(None)))


def check_nesting(value: object, source: str, limit: int = MAX_NESTING) -> None:
    """Refuse tables/lists nested deeper than ``limit`` (walked without recursion).

    Walked a level at a time, the tables and lists of each level alone, skipping a list
    of numbers or strings by the kinds of its items: a 15 MiB transcript of five
    million turns took 20 s and more here, item by item, before its refusal."""
    level: list[dict | list] = [value] if isinstance(value, (dict, list)) else []
    depth = 1
    while level:
        if depth > limit:
            raise InputFileError(source, _too_deep())
        nested: list[dict | list] = []
        for item in level:
            children: Collection[object] = item.values() if isinstance(item, dict) else item
            if not _SCALARS.issuperset(map(type, children)):
                nested.extend(c for c in children if isinstance(c, (dict, list)))
        level = nested
        depth += 1


def parse_json(text: str, source: str):
    """``json.loads`` with nesting bounded and every error an InputFileError."""
    import json

    try:
        value = json.loads(text, parse_constant=no_constant, parse_int=bounded_int)
    except RecursionError:
        raise InputFileError(source, _too_deep()) from None
    except json.JSONDecodeError as exc:
        raise InputFileError(source, f"is not valid JSON ({exc})") from None
    except ValueError as exc:  # a number refused by bounded_int or no_constant
        raise InputFileError(source, f"has a value fabgen cannot use: {exc}") from None
    check_nesting(value, source)
    return value


def parse_toml(text: str, source: str, arrays: Sequence[str] = ()) -> dict:
    """``tomllib.loads`` with nesting bounded and every error an InputFileError; a
    syntax error quotes its line and the likely mistake (``arrays``: the tables the file
    gives several of, such as a board file's ``players``)."""
    import tomllib

    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TOML_BYTES:
        raise InputFileError(
            source,
            f"is {_size(size)}; a board or kit file (TOML) may have {_size(MAX_TOML_BYTES)} "
            "(a board of 127 tiles takes some 10 KiB): is it the file you meant?",
        )
    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise InputFileError(source, _too_deep()) from None
    except tomllib.TOMLDecodeError as exc:
        message = f"is not valid TOML: {exc}"
        raise InputFileError(source, message + _toml_hint(text, message, arrays)) from None
    except ValueError as exc:  # an integer with thousands of digits
        raise InputFileError(
            source, f"has a number fabgen cannot use: {_short_reason(exc)}"
        ) from None
    check_nesting(value, source)
    return value


def toml_date(value: object) -> str | None:
    """A TOML date or time (``1979-05-27``, ``12:30:00``, a date and time), as a message
    about a board or kit file says what was found: "a date (1979-05-27)", not Python's
    ``datetime.date(1979, 5, 27)``; None for any other value. Text that TOML read as a
    date because it was written without quotes is the usual cause."""
    import datetime

    if isinstance(value, datetime.datetime):
        kind = "a date and time"
    elif isinstance(value, datetime.date):
        kind = "a date"
    elif isinstance(value, datetime.time):
        kind = "a time of day"
    else:
        return None
    return f"{kind} ({value.isoformat()})"


_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def _toml_hint(text: str, message: str, arrays: Sequence[str]) -> str:
    """The line a TOML error is on and what is probably wrong with it, for the mistakes
    of a hand-edited file (``arrays``: the tables it gives several of, ``[[players]]``);
    nothing for other messages."""
    match = _AT.search(message) if message.startswith("is not valid TOML") else None
    lines = text.split("\n")
    if match is None or not 1 <= int(match[1]) <= len(lines):
        return ""
    if "\r" in lines[int(match[1]) - 1].rstrip("\r"):
        return (
            ": its lines end in a bare carriage return (an old Mac format); save it with "
            "Unix (LF) or Windows (CRLF) line endings"
        )
    line = lines[int(match[1]) - 1].strip()
    shown = f": the line is {json.dumps(line[:60] + ('...' if len(line) > 60 else ''))}"
    if "Unclosed array" in message:
        missing = _missing_comma(text, _offset(lines, int(match[1]), int(match[2])))
        if missing:
            return f"{shown}; {missing}"
    if "Unclosed array" in message or line.startswith("["):
        masked = _masked(text)
        opened = _outermost_open(masked, _offset(lines, int(match[1])))
        # (a list closed further on is not the mistake: saying so had makers add a ])
        if opened is not None and _closing(masked, opened) is None:
            # (TOML lets a list go on over lines, so the reader stops where it can read
            # no further, often at the next table: the mistake is where the list began)
            number = masked.count("\n", 0, opened) + 1
            begun = lines[number - 1].strip()
            begun = json.dumps(begun[:60] + ("..." if len(begun) > 60 else ""))
            return (
                f"{shown}; the list begun on line {number}, {begun}, is not closed: end it "
                "with ] (a list of lists ends with as many ] as it begins with [)"
            )
    for name in arrays:
        if "Cannot overwrite" in message and any(
            re.fullmatch(rf"\[\s*{re.escape(name)}\s*\]", other.strip()) for other in lines
        ):
            return f"{shown}; write [{name}] as [[{name}]]: each is a table with two brackets"
    if "Cannot overwrite" in message:
        return f"{shown}; a key is given twice in one table (or a table twice): keep one"
    if re.search(r"(Illegal|invalid) character '\\x", message):
        return f"{shown}; it holds an invisible control character: remove it"
    if re.search(r",\s*}", line):
        return f"{shown}; TOML allows no comma before the }} of an inline table: {{ c3 = 2 }}"
    if line.count('"') % 2 or line.count("'") % 2:
        return f"{shown}; a string is not closed: end it with the quote it begins with"
    if re.fullmatch(r"[A-Za-z0-9_-]+\s*=\s*[^\[{]*,", line):
        return f"{shown}; remove the comma at its end: TOML takes one key = value a line"
    if re.fullmatch(r"[A-Za-z0-9_-]+\s*=\s*[A-Za-z][^\"']*", line):
        return f'{shown}; a text value goes in quotes: name = "Red"'
    return shown


def _offset(lines: Sequence[str], row: int, column: int = 1) -> int:
    """The index in the text of ``lines`` of a row and column (both from 1)."""
    return sum(len(line) + 1 for line in lines[: row - 1]) + column - 1


def _masked(text: str) -> str:
    """``text`` with comments and the insides of strings blanked, so that no bracket in
    them counts; as long as ``text``, so an index in one is the same place in the other."""

    def blank(found: re.Match) -> str:
        part = found[0]
        if part[0] == "#":
            return " " * len(part)
        return part[0] + re.sub(r"[^\n]", " ", part[1:-1]) + part[-1]  # (lines kept)

    return re.sub(_STRING_OR_COMMENT, blank, text)


#: TOML's strings (multi-line ones first: their quotes would read as empty strings) and
#: comments, for :func:`_masked`.
_STRING_OR_COMMENT = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*',
    re.DOTALL,
)


def _closing(masked: str, start: int) -> int | None:
    """The index of the bracket closing the first one from ``start`` (None: none does)."""
    depth = 0
    for found in re.finditer(r"[][{}]", masked[start:]):
        depth += 1 if found[0] in "[{" else -1
        if depth == 0:
            return start + found.start()
    return None


def _outermost_open(masked: str, end: int) -> int | None:
    """The index of the outermost ``[`` still open just before ``end`` (a list the
    reader is still in), or None."""
    open_at: list[int] = []
    for found in re.finditer(r"[][]", masked[:end]):
        if found[0] == "[":
            open_at.append(found.start())
        elif open_at:
            open_at.pop()
    return open_at[0] if open_at else None


def _opening(masked: str, end: int) -> int | None:
    """The index of the innermost bracket still open just before ``end``."""
    depth = 0
    for found in reversed(list(re.finditer(r"[][{}]", masked[:end]))):
        depth += 1 if found[0] in "]}" else -1
        if depth < 0:
            return found.start()
    return None


def _missing_comma(text: str, at: int) -> str:
    """The comma left out before the list element at index ``at``, where the TOML reader
    stopped although the list is closed further on; "" when a comma there does not read."""
    masked = _masked(text)
    start = _opening(masked, at)
    if start is None or masked[start] != "[":  # not in a list
        return ""
    end = _closing(masked, start)
    if end is None:  # in a list never closed: the "not closed" hint's case
        return ""
    if not _reads_on(text[start:at] + "," + text[at : end + 1], at - start):
        return ""
    first, last = _element_before(masked, at)
    before = _snippet(text[first:last])
    after = _snippet(text[at : _element_end(masked, at)])
    row = text.count("\n", 0, last) + 1
    if row < text.count("\n", 0, at) + 1:
        # (the reader stops at the next line's element; the comma belongs above it)
        return f"a comma is missing at the end of line {row}, after {before}: write {before},"
    return f"a comma is missing between {before} and {after} on line {row}: write {before}, {after}"


def _reads_on(array: str, comma: int) -> bool:
    """Whether TOML reads the list ``array`` past the comma put in at index ``comma``: to
    its end, or to a later mistake (another comma left out) beyond the next element."""
    import tomllib

    document = "x = " + array
    try:
        tomllib.loads(document)
    except tomllib.TOMLDecodeError as exc:
        found = _AT.search(str(exc))
        after = len("x = ") + comma + 1  # where the element after the comma begins
        return (
            found is not None and _offset(document.split("\n"), *map(int, found.groups())) > after
        )
    except (RecursionError, ValueError):  # read, but too deep or a number too long
        return True
    return True


def _element_before(masked: str, at: int) -> tuple[int, int]:
    """Where the list element before index ``at`` begins and ends."""
    end = len(masked[:at].rstrip())
    if masked[end - 1] in "]}":
        return _opening(masked, end - 1) or 0, end
    if masked[end - 1] in "\"'":
        return masked.rfind(masked[end - 1], 0, end - 1), end
    word = re.search(r"[^\s,\[{]*\Z", masked[:end])  # (matches: it may be empty)
    return (word.start() if word else end), end


def _element_end(masked: str, at: int) -> int:
    """Where the list element beginning at index ``at`` ends."""
    if masked[at] in "[{":
        return (_closing(masked, at) or at) + 1
    if masked[at] in "\"'":
        return masked.find(masked[at], at + 1) + 1 or at + 1
    word = re.compile(r"[^\s,\]}]*").match(masked, at)  # (matches: it may be empty)
    return word.end() if word else at


def _snippet(part: str) -> str:
    """A list element as a hint quotes it: on one line, at most 30 characters."""
    part = re.sub(r"\s*\n\s*", " ", part)
    return part if len(part) <= 30 else part[:27] + "..."


def bounded_int(digits: str) -> int:
    """A JSON integer, refused (ValueError) before conversion if it is too long."""
    if len(digits.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise ValueError(
            f"an integer of {len(digits.lstrip('-')):,} digits; no value in a fabgen file "
            f"needs more than {MAX_INTEGER_DIGITS}"
        )
    return int(digits)


def no_constant(name: str):
    """Refuse NaN, Infinity and -Infinity (ValueError): JSON has no such numbers."""
    raise ValueError(f"{name} is not a number JSON allows")


def _too_deep() -> str:
    return f"tables or lists are nested more than {MAX_NESTING} deep; no fabgen file is"


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n} bytes"


def _short_reason(exc: Exception) -> str:
    text = str(exc)
    if "digits" in text:
        return "an integer with thousands of digits; no setting needs more than a few"
    return text
