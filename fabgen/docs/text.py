"""The wording of the rule sheet and the quick reference, read from plain-text files.

The text lives in ``templates/rulesheet/`` so it can be edited without touching code.
The format is a small part of Markdown, one block per paragraph (blocks are separated
by blank lines)::

    # Title                      the document's title (first line)
    > A lead paragraph.          under the title; several '>' lines join
    ## Section                   a section heading
    ### Subsection               a smaller heading
    Some text with **bold**.     a paragraph; its lines join
    - an item                    a bulleted list; a line indented by two spaces
      continues the item           continues the item above
    1. an item                   a numbered list
    @figure chain                a figure (by name, see fabgen.docs.figures); the
    Its caption, with {facts}.     lines after it are its caption, in which {name}
                                   is replaced by a fact computed for the figure

``**bold**`` is the only inline markup. Anything else is text: no HTML, and ``<``,
``&`` are printed as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources

from fabgen.errors import FabgenError


@dataclass(frozen=True)
class Heading:
    level: int  # 2 or 3
    text: str


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Items:
    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class FigureRef:
    name: str
    caption: str


Block = Heading | Para | Items | FigureRef


@dataclass(frozen=True)
class Document:
    title: str
    lead: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)

    def figure_names(self) -> list[str]:
        return [b.name for b in self.blocks if isinstance(b, FigureRef)]


class TemplateError(FabgenError):
    """A rule-sheet text file that does not follow the format."""


_ITEM = re.compile(r"(?:[-*]|(\d+)\.)\s+(.*)")


def load_document(name: str) -> Document:
    """Read ``templates/rulesheet/NAME.md`` from the installed package."""
    path = resources.files("fabgen.templates").joinpath("rulesheet", f"{name}.md")
    return parse_document(path.read_text("utf-8"), f"templates/rulesheet/{name}.md")


def parse_document(text: str, source: str = "<text>") -> Document:
    """The blocks of a text in the format described in the module docstring."""
    title = ""
    lead: list[str] = []
    blocks: list[Block] = []
    for number, chunk in _chunks(text):
        first = chunk[0]
        if first.startswith("# "):
            if title or blocks:
                raise TemplateError(f"{source}, line {number}: the title must come first, once")
            title = first[2:].strip()
            chunk = chunk[1:]
            if not chunk:
                continue
            first = chunk[0]
        if first.startswith(">"):
            lead.extend(line.lstrip(">").strip() for line in chunk)
        elif first.startswith("### "):
            blocks.append(Heading(3, _one_line(chunk, source, number)[4:].strip()))
        elif first.startswith("## "):
            blocks.append(Heading(2, _one_line(chunk, source, number)[3:].strip()))
        elif first.startswith("@figure"):
            parts = first.split()
            if len(parts) != 2:
                raise TemplateError(
                    f"{source}, line {number}: write a figure as '@figure NAME' on its own line"
                )
            blocks.append(FigureRef(parts[1], _join(chunk[1:])))
        elif _ITEM.fullmatch(first):
            blocks.append(_items(chunk, source, number))
        else:
            blocks.append(Para(_join(chunk)))
    if not title:
        raise TemplateError(f"{source}: the first line must be the title, as '# Title'")
    return Document(title, _join(lead), tuple(blocks))


def fill_caption(caption: str, facts: Mapping[str, str], figure: str) -> str:
    """The caption with every ``{name}`` replaced by the figure's fact of that name."""
    try:
        return caption.format_map(dict(facts))
    except KeyError as exc:
        known = ", ".join(sorted(facts)) or "none"
        raise TemplateError(
            f"the caption of figure {figure!r} uses {{{exc.args[0]}}}, which that figure "
            f"does not compute; its facts are: {known}"
        ) from None
    except (ValueError, IndexError) as exc:
        raise TemplateError(f"the caption of figure {figure!r} is not valid: {exc}") from None


def to_markup(text: str) -> str:
    """Text with ``**bold**`` as reportlab paragraph markup (everything else escaped)."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", escaped)


def plain(text: str) -> str:
    """Text without markup, as a reader sees it."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", text)


def _chunks(text: str):
    """Blocks of non-blank lines with the line number of their first line."""
    chunk: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not chunk:
                start = number
            chunk.append(line.rstrip())
        elif chunk:
            yield start, chunk
            chunk = []
    if chunk:
        yield start, chunk


def _one_line(chunk: list[str], source: str, number: int) -> str:
    if len(chunk) > 1:
        raise TemplateError(f"{source}, line {number}: leave a blank line after a heading")
    return chunk[0]


def _join(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines)


def _items(chunk: list[str], source: str, number: int) -> Items:
    items: list[list[str]] = []
    first = _ITEM.fullmatch(chunk[0])
    assert first is not None  # (the caller found an item on the chunk's first line)
    numbered = bool(first.group(1))
    for k, line in enumerate(chunk):
        match = _ITEM.fullmatch(line)
        if match:
            items.append([match.group(2)])
        elif line.startswith("  ") and items:
            items[-1].append(line)
        else:
            raise TemplateError(
                f"{source}, line {number + k}: inside a list, start a line with '- ' or "
                "'1. ', or indent it by two spaces to continue the item above"
            )
    return Items(tuple(_join(item) for item in items), numbered)
