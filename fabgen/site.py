"""The generated parts of the documentation site (an MkDocs hook, see ``mkdocs.yml``).

A page asks for a generated table with a marker comment on a line of its own
(``<!-- fabgen:limits -->``); the hook replaces it with Markdown made from the code at
build time, so the site's limits can never drift from the ones fabgen applies. This
module imports no MkDocs: the hook is a plain function MkDocs calls.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import click


class WorkLimit(NamedTuple):
    """A bound on work or input size that is not a parameter's range."""

    module: str
    constant: str
    what: str
    unit: str = ""  # "MiB" shows a byte count in MiB


WORK_LIMITS: tuple[WorkLimit, ...] = (
    WorkLimit(
        "fabgen.limits",
        "MAX_TILES_PER_SHEET",
        "tiles a laser sheet has room for (sheet area / tile area; a 100 mm tile on 600×400 "
        "is 27) and is still nested whole; a sheet with room for more is not refused: the "
        "tiles are nested on the corner part of it they need",
    ),
    WorkLimit(
        "fabgen.limits",
        "MAX_STONES_PER_SHEET",
        "stones a laser sheet has room for and is still nested whole; on a sheet with room "
        "for more they are nested in a corner, as tiles are",
    ),
    WorkLimit(
        "fabgen.limits", "MAX_STONES_TOTAL", "stones of all colours cut in one `fabgen sheet` run"
    ),
    WorkLimit(
        "fabgen.board.boardfile", "MAX_TILES", "tiles of a board file (a hexagon of radius 6)"
    ),
    WorkLimit(
        "fabgen.geometry.alignment", "MAX_PATCH", "rows and columns of `check-alignment --patch`"
    ),
    WorkLimit("fabgen.rules.transcript", "MAX_SEGMENTS", "tiles (segments) of a transcript"),
    WorkLimit("fabgen.board.boardfile", "MAX_TILE_COORDINATE", "tile coordinates, either sign"),
    WorkLimit("fabgen.rules.names", "MAX_COORDINATE", "field coordinates, either sign"),
    WorkLimit("fabgen.rules.transcript", "MAX_TURNS", "turns in a transcript"),
    WorkLimit(
        "fabgen.inputs", "MAX_TEXT_BYTES", "size of a transcript (JSON) or any input file", "MiB"
    ),
    WorkLimit("fabgen.inputs", "MAX_TOML_BYTES", "size of a board file or kit file (TOML)", "MiB"),
    WorkLimit("fabgen.inputs", "MAX_NESTING", "tables and lists nested in a TOML or JSON file"),
    WorkLimit(
        "fabgen.inputs",
        "MAX_DRAWING_BYTES",
        "size of a drawing read by `check-alignment --from`",
        "MiB",
    ),
    WorkLimit(
        "fabgen.readers.shapes",
        "MAX_ELEMENTS",
        "SVG elements or DXF entities of a drawing, after expanding every `<use>` and block",
    ),
    WorkLimit("fabgen.readers.shapes", "MAX_INSERTS", "DXF block insertions expanded"),
    WorkLimit(
        "fabgen.readers.shapes",
        "MAX_NESTING",
        "`<use>` references or DXF blocks nested in each other",
    ),
    WorkLimit("fabgen.readers.shapes", "MAX_XML_DEPTH", "SVG elements nested in each other"),
    WorkLimit(
        "fabgen.readers.shapes", "MAX_COORDINATE_MM", "coordinates in a drawing, either sign", "mm"
    ),
    WorkLimit(
        "fabgen.text",
        "MAX_LABEL",
        "characters of text drawn into a file (longer text is cut); kit names",
    ),
)

#: What each field of :class:`fabgen.web.limits.WebLimits` bounds, for the web page's table.
WEB_LIMITS: dict[str, str] = {
    "upload_bytes": "an uploaded board file or transcript",
    "request_bytes": "any request",
    "board_tiles": "tiles of a board in the board designer and on the play page",
    "board_seats": "seats of a board in the board designer",
    "transcript_turns": "turns replayed for one step of the rules viewer",
    "moves_text": "characters of moves typed in the rules viewer",
    "simulate_games": 'games a kit with `supply = "simulate"` plays for a preview',
    "preview_seconds": "the rest of a kit preview (sheets, stones, a simulated supply)",
    "games_in_memory": "games of the play page kept in memory (the others wait in the folder)",
    "games_on_disk": "games in the games folder (past it the oldest finished games, then "
    "games not played for 30 days, make room; else new games are refused)",
    "game_turns": "turns of one game on the play page",
    "moves_per_turn": "moves of one turn",
    "strong_budget": "the budget N of a `strong:N` seat or hint",
    "think_seconds": "a computer seat's decision (then the greedy player's turn is played)",
    "computer_turns": "computer turns one request plays before it answers",
    "computer_seconds": "computer turns one request plays before it answers, in seconds (no "
    "turn is begun after them; the page goes on with the next request)",
    "idle_seconds": "a connection that sends nothing (then fabgen serve closes it)",
}


def on_page_markdown(markdown: str, page=None, config=None, files=None) -> str:
    """MkDocs hook: every marker line of the page replaced by its generated Markdown.

    Only a marker alone on its line counts, so a page can mention one in running text."""
    lines = markdown.split("\n")
    return "\n".join(MARKERS[line.strip()]() if line.strip() in MARKERS else line for line in lines)


def on_config(config):
    """MkDocs hook: the command reference keeps the lines of help laid out line by line.

    click prints a paragraph after a line ``\\b`` as it is written (``fabgen layout
    --help``'s list of files); mkdocs-click drops the marker and the paragraph ran on as
    one. A Markdown step after mkdocs-click's (:func:`keep_help_lines`) lays such
    paragraphs out again."""
    config["markdown_extensions"].append(_help_lines_extension())
    return config


def _help_lines_extension():
    from markdown.extensions import Extension
    from markdown.preprocessors import Preprocessor

    class HelpLines(Preprocessor):
        def run(self, lines: list[str]) -> list[str]:
            return keep_help_lines(lines)

    class HelpLinesExtension(Extension):
        def extendMarkdown(self, md) -> None:
            # mkdocs-click writes the command reference at 141; this step comes after it
            md.preprocessors.register(HelpLines(md), "fabgen_help_lines", 140)

    return HelpLinesExtension()


def keep_help_lines(lines: list[str]) -> list[str]:
    """``lines`` (Markdown) with every paragraph a command's help marks with ``\\b``
    laid out line by line (:func:`laid_out`). A paragraph counts only whole: from a
    blank line to a blank line, as mkdocs-click writes a command's help."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        starts = i == 0 or not lines[i - 1].strip()
        paragraph = next((p for p in _kept_paragraphs() if starts and _is_at(lines, i, p)), None)
        if paragraph:
            out.extend(laid_out(list(paragraph)))
            i += len(paragraph)
        else:
            out.append(lines[i])
            i += 1
    return out


def _is_at(lines: list[str], i: int, paragraph: tuple[str, ...]) -> bool:
    end = i + len(paragraph)
    return tuple(lines[i:end]) == paragraph and (end == len(lines) or not lines[end].strip())


def laid_out(lines: list[str]) -> list[str]:
    """The Markdown of one paragraph whose lines must stay apart: lines in columns or
    indented as preformatted text (a heading line ending in ":" above them stays text),
    other lines as text with a line break after each."""
    head, rest = lines[0], lines[1:]
    indented = all(line[:1].isspace() for line in rest)
    if rest and indented and head.endswith(":") and not head[:1].isspace():
        return [head, "", *_preformatted(textwrap.dedent("\n".join(rest)).split("\n"))]
    if any(line[:1].isspace() or "  " in line.strip() for line in lines):
        return _preformatted(lines)
    return [line + "  " for line in lines[:-1]] + lines[-1:]  # two spaces: a line break


def _preformatted(lines: list[str]) -> list[str]:
    return ["```text", *lines, "```"]


@functools.cache
def _kept_paragraphs() -> tuple[tuple[str, ...], ...]:
    """The lines of every paragraph that a command's help starts with ``\\b``, as
    mkdocs-click writes them (the help after :func:`inspect.cleandoc`, without the
    marker), longest first."""
    from fabgen.cli import main

    found: set[tuple[str, ...]] = set()
    for _path, command in _commands(main, ""):
        paragraph: list[str] | None = None
        for line in [*inspect.cleandoc(command.help or "").splitlines(), ""]:
            if line.strip() == "\b":
                paragraph = []
            elif not line.strip():
                if paragraph:
                    found.add(tuple(paragraph))
                paragraph = None
            elif paragraph is not None:
                paragraph.append(line)
    return tuple(sorted(found, key=len, reverse=True))


def on_post_build(config=None) -> None:
    """MkDocs hook: the search index also as a script, ``search/search_index.js``.

    A copy of the site opened as files (``site/index.html``) cannot read
    ``search_index.json``: the browser refuses to fetch files from a page on file://.
    ``docs/js/file-search.js`` loads the index from this script instead. Runs after the
    search plugin has written the JSON (hooks come after plugins)."""
    if config is None:
        return
    index = Path(config["site_dir"]) / "search" / "search_index.json"
    if index.is_file():
        text = index.read_text(encoding="utf-8")
        script = index.with_suffix(".js")
        script.write_text(f"window.fabgenSearchIndex = {text};\n", encoding="utf-8")


def limits_markdown() -> str:
    """The range of every numeric setting (``fabgen.settings``) and who takes it."""
    from fabgen.settings import SETTINGS

    flags = _cli_flags()
    rows = [
        "| parameter | allowed | options | kit setting |",
        "| --- | --- | --- | --- |",
    ]
    for name, s in SETTINGS.items():
        if s.limit is not None:
            taken = {
                (command, flag) for (command, setting), flag in flags.items() if setting == name
            }
            rows.append(_limit_row(s, taken))
    return "\n".join(rows) + "\n"


def _limit_row(setting, taken: set[tuple[str, str]]) -> str:
    """One row: the setting in words, its name in ``fabgen/settings.py`` in small type
    after them; options grouped by flag: ``--width`` (layout, sheet, tile)."""
    by_flag: dict[str, list[str]] = {}
    for command, flag in sorted(taken):
        by_flag.setdefault(flag, []).append(command)
    options = "; ".join(f"`{flag}` ({', '.join(cmds)})" for flag, cmds in by_flag.items())
    kit = f"`{setting.kit}`" if setting.kit else "–"
    name = f'{setting.form_label} <small class="setting-name">{setting.name}</small>'
    return f"| {name} | {allowed(setting)} | {options or '–'} | {kit} |"


def allowed(setting) -> str:
    """A setting's range as the table shows it: as in an error message, but without a
    note that only names again what the row's first column counts ("Tiles to cut: 0
    to 500 (tiles on laser sheets)" reads "0 to 500"); a note that adds something
    stays ("1 to 256 (processes)", "0 to 65,535 (0 picks a free port)")."""
    limit = setting.limit
    why = limit.why.split()
    if why and _stem(why[0]) in {_stem(w) for w in setting.form_label.lower().split()}:
        limit = dataclasses.replace(limit, why="")
    return limit.describe()


def _stem(word: str) -> str:
    return word.strip(".,;:()").removesuffix("s")


def _cli_flags() -> dict[tuple[str, str], str]:
    """``{(command, setting name): flag}`` of every option made from a setting
    (``("rules machine", "budget"): "--budget"``), walking the command tree that
    ``fabgen --help`` shows."""
    from fabgen.cli import main
    from fabgen.cli.options import FROM_REGISTRY

    found: dict[tuple[str, str], str] = {}
    for path, command in _commands(main, ""):
        for param in getattr(command, "params", ()):
            name = getattr(param, FROM_REGISTRY, None)
            if name is not None:
                found[(path.strip(), name)] = param.opts[0]
    return found


def _commands(command: click.Command, path: str) -> Iterator[tuple[str, click.Command]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, f"{path} {name}")


def work_limits_markdown() -> str:
    """The bounds on work and input sizes, read from the constants the code checks."""
    rows = ["| what | at most | constant |", "| --- | --- | --- |"]
    for limit in WORK_LIMITS:
        value = getattr(importlib.import_module(limit.module), limit.constant)
        where = f"{limit.module}.{limit.constant}"
        rows.append(f"| {limit.what} | {_amount(value, limit.unit)} | `{where}` |")
    return "\n".join(rows) + "\n"


def _amount(value: float, unit: str) -> str:
    if unit == "MiB":
        return f"{value / 2**20:g} MiB"
    number = f"{value:,.0f}" if float(value).is_integer() else f"{value:g}"
    return f"{number} {unit}".strip()


def web_limits_markdown() -> str:
    """What one request to ``fabgen serve`` may ask (``fabgen.web.limits.LIMITS``)."""
    from fabgen.web.limits import LIMITS

    rows = ["| what | at most |", "| --- | --- |"]
    for field in dataclasses.fields(LIMITS):
        value = getattr(LIMITS, field.name)
        amount = f"{value:,}"
        if field.name.endswith("_bytes"):
            amount = f"{value // 1024:,} kB"
        elif field.name.endswith("_seconds"):
            amount = f"{value:g} s"
        rows.append(f"| {WEB_LIMITS[field.name]} | {amount} |")
    return "\n".join(rows) + "\n"


def kit_settings_markdown() -> str:
    """Every setting of the kit file, section by section, from the schema ``fabgen build``
    checks kit files against (``fabgen.kitbuild.kitfile.SCHEMA``)."""
    from fabgen.kitbuild.kitfile import SCHEMA

    rows = ["| setting | default | what it is |", "| --- | --- | --- |"]
    for section, settings in SCHEMA.items():
        for setting in settings:
            text = setting.help.replace("|", "/")
            if setting.choices:
                text += ": " + ", ".join(f"`{c}`" for c in setting.choices)
            rows.append(f"| `{section}.{setting.key}` | `{_toml(setting.default)}` | {text} |")
    return "\n".join(rows) + "\n"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


MARKERS: dict[str, Callable[[], str]] = {
    "<!-- fabgen:limits -->": limits_markdown,
    "<!-- fabgen:work-limits -->": work_limits_markdown,
    "<!-- fabgen:web-limits -->": web_limits_markdown,
    "<!-- fabgen:kit-settings -->": kit_settings_markdown,
}
