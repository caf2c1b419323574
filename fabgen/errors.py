"""Errors a maker can fix by changing an input.

The CLI prints the message of a :class:`FabgenError` as one paragraph and exits with
code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping


def abridged(text: str, limit: int = 24, *, quoted: bool | str = False) -> str:
    """``text`` as an error message quotes what a user gave: whole up to ``limit``
    characters, else its first 12 and its length (a message is one paragraph, however
    long the input). ``quoted``: in Python's quotes, as ``repr`` writes it, or in
    JSON's with ``quoted="json"`` (for messages about JSON and TOML files). Quoted,
    letters stay (``"Zoë"``) and what cannot be shown is escaped (:func:`printable`),
    whole or cut alike."""
    quote = _json_quoted if quoted == "json" else repr if quoted else str
    if len(text) <= limit:
        return quote(text)
    return f"{quote(text[:12])}... ({len(text)} characters)"


def _json_quoted(text: str) -> str:
    return printable(json.dumps(text, ensure_ascii=False))


def printable(text: str) -> str:
    """``text`` with what cannot be shown escaped as JSON escapes it: a bidi override
    (U+202E turned the rest of a message round), a lone surrogate, a control character;
    letters stay, as ``repr`` keeps them (701387e; json.dumps escaped ë as \\u00eb)."""
    return "".join(ch if ch.isprintable() else json.dumps(ch)[1:-1] for ch in text)


def requested(value: object) -> str:
    """A value a JSON request gave, as JSON writes it (``null``, ``7``, ``"x"``),
    abridged as :func:`abridged` does: the web's errors quote what was sent."""
    if isinstance(value, str):
        return abridged(value, quoted="json")
    return abridged(printable(json.dumps(value, default=str, ensure_ascii=False)), quoted=False)


class FabgenError(Exception):
    """Bad input: a parameter, flag or file the user can correct.

    ``page_words``: the refusal as a web page says it, where its words differ from the
    message's (the board designer's board), sent beside it; None: as the message."""

    page_words: str | None = None

    def __reduce__(self):
        # Pickled as what it holds: an exception unpickles by calling its class with
        # its args (the one message), which every subclass taking other arguments
        # refused, so an error raised in a worker process (balance --jobs, a Dask
        # task) reached the parent as a broken process pool instead of itself.
        return (_unpickled, (type(self), self.args, dict(vars(self))))


def _unpickled(cls: type[FabgenError], args: tuple, state: dict) -> FabgenError:
    error = cls.__new__(cls)
    error.args = args
    vars(error).update(state)
    return error


class Facts(Mapping[str, str]):
    """What a refusal's own words need (the field given twice), read-only. A
    ``MappingProxyType`` would do but does not pickle, and an error raised in a worker
    process crosses to the parent pickled."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, str] | None = None):
        self._items = dict(items or {})

    def __getitem__(self, key: str) -> str:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Facts({self._items!r})"


class ParameterError(FabgenError, ValueError):
    """An impossible parameter or combination of parameters.

    ``parameter`` is the setting's name in :data:`fabgen.settings.SETTINGS`. An error
    made by :meth:`about` also keeps the message without its subject (``detail``), so
    that each front end can name the setting as its user gave it: the command line by
    its flag, a kit file by ``section.key``, the web form by its label.
    """

    def __init__(self, parameter: str, message: str, detail: str | None = None):
        super().__init__(message)
        self.parameter = parameter
        self.detail = detail

    @classmethod
    def about(cls, parameter: str, detail: str) -> ParameterError:
        """``detail`` ("must be 1 or more, got 0") about setting ``parameter``; the
        message names it in words ("colours must be ...")."""
        return cls(parameter, f"{parameter.replace('_', ' ')} {detail}", detail)

    def naming(self, subject: str) -> str:
        """The message with the setting called ``subject`` (a flag, a key, a label)."""
        return f"{subject} {self.detail}" if self.detail is not None else str(self)


class InputFileError(FabgenError):
    """A file that cannot be read or does not describe what it should.

    ``where`` locates the problem inside the file (a JSON path such as
    ``$.players[1].stacks.c3``, a TOML key, an SVG element id). ``code`` names a refusal
    that a front end says in words of its own, as a finding's code does (the board
    reader's: ``fabgen.board.boardfile.REFUSALS``), and ``facts`` holds what those words
    need (the field given twice): a front end matches the code, never the message.
    """

    code: str | None = None
    facts: Mapping[str, str] = Facts()

    def __init__(
        self,
        path: str,
        message: str,
        where: str | None = None,
        *,
        code: str | None = None,
        facts: Mapping[str, str] | None = None,
    ):
        shown = _long_path(str(path))
        location = f"{shown} at {where}" if where else shown
        super().__init__(f"{location}: {message}")
        self.path = str(path)
        self.where = where
        self.detail = message
        self.code = code
        self.facts = Facts(facts)


def _long_path(path: str, limit: int = 200) -> str:
    """A path as a message names it: whole up to ``limit`` characters, else its end (the
    file's name) and its length (a path of 5,000 characters was printed whole)."""
    if len(path) <= limit:
        return path
    return f"...{path[-80:]} (a path of {len(path):,} characters)"


class UserError(FabgenError):
    """A flag, value or combination the command line refuses before calling the library.

    Shown like every :class:`FabgenError`; kept free of click so that modules below the
    command line (``fabgen.limits``) can raise it without importing ``fabgen.cli``.
    """
