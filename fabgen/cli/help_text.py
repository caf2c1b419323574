"""``--help`` pages that never break a word at its hyphen.

click wraps help text with :mod:`textwrap`, which breaks a hyphenated word after its
hyphen at the end of a line: ``extreme-`` on one line, ``machine`` on the next. A
reader then copies half a seat kind or player name (``--players``), half a variant
(``online-2013``) or a flag (``--no-names``). While click wraps, each hyphen inside a
word is held as a non-breaking hyphen (U+2011, one character wide, as the hyphen);
the page gets its hyphens back before it is printed (docs/design-notes.md, *One
definition per setting*: help pages read as they are typed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import click

_HELD = "\u2011"  # NON-BREAKING HYPHEN: textwrap never breaks a line there
_INNER_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")


def _held(text: str) -> str:
    return _INNER_HYPHEN.sub(_HELD, text)


class WholeWordHelpFormatter(click.HelpFormatter):
    """click's help formatter, wrapping lines between words only (never at a hyphen)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, _held(args), prefix)

    def write_text(self, text: str) -> None:
        super().write_text(_held(text))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        held = [(_held(term), _held(text)) for term, text in rows]
        super().write_dl(held, col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(_HELD, "-")


class WholeWordContext(click.Context):
    """A command's context whose help pages are made by :class:`WholeWordHelpFormatter`."""

    formatter_class = WholeWordHelpFormatter


def use_whole_word_help(command: click.Command) -> None:
    """Give ``command`` and every subcommand under it the whole-word help pages (click
    makes each subcommand's context from that command's own ``context_class``)."""
    command.context_class = WholeWordContext
    for sub in getattr(command, "commands", {}).values():
        use_whole_word_help(sub)
