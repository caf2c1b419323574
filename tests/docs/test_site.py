"""The documentation site: it builds offline without a warning, its command reference
shows every command and option of the real command tree, and its generated tables show
every limit and kit setting the code checks (read back from the built HTML)."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import re
import shlex
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import click
import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_click")

ROOT = Path(__file__).resolve().parents[2]


class Page(HTMLParser):
    """The text under each heading with an id, and the cells of every table row."""

    def __init__(self, html: str):
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self.rows: list[list[str]] = []
        self._section: list[str] = []
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and attrs.get("id"):
            self._section = self.sections.setdefault(attrs["id"], [])
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        self._section.append(data)
        if self._cell is not None:
            self._cell.append(data)

    def text(self, section: str) -> str:
        return "".join(self.sections[section])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site as ``make docs`` builds it (strict: any warning fails), in a temporary
    folder."""
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    return out


def page(site: Path, name: str) -> Page:
    return Page((site / name).read_text(encoding="utf-8"))


def command_tree(command: click.Command, parent: click.Context | None = None, name="fabgen"):
    """``(context, command)`` for the root and every command below it."""
    ctx = click.Context(command, info_name=name, parent=parent)
    yield ctx, command
    for sub_name, sub in getattr(command, "commands", {}).items():
        yield from command_tree(sub, ctx, sub_name)


def anchor(ctx: click.Context) -> str:
    return ctx.command_path.replace(" ", "-")


def test_cli_reference_shows_every_command_and_option(site):
    from fabgen.cli import main

    reference = page(site, "cli.html")
    commands = list(command_tree(main))
    assert len(commands) > 12  # the root, its commands and the rules subcommands
    for ctx, command in commands:
        assert anchor(ctx) in reference.sections, f"no section for {ctx.command_path}"
        text = reference.text(anchor(ctx))
        for piece in command.collect_usage_pieces(ctx):  # the arguments, as in --help
            assert piece in text, f"{ctx.command_path}: usage lacks {piece}"
        for param in command.get_params(ctx):
            if isinstance(param, click.Option) and not param.hidden:
                for flag in param.opts + param.secondary_opts:
                    assert flag in text, f"{ctx.command_path}: option {flag} missing"
        for sub in getattr(command, "commands", {}):
            assert sub in text, f"{ctx.command_path}: subcommand {sub} not listed"


def test_help_texts_have_no_restructuredtext_markup():
    """click shows a command's docstring as it is: ``x`` would be printed literally."""
    from fabgen.cli import main

    marked = [
        ctx.command_path for ctx, command in command_tree(main) if "``" in command.get_help(ctx)
    ]
    assert not marked


def test_cli_reference_does_not_mix_commands_up(site):
    """An option shown in another command's section would not count: each section
    holds only its own options."""
    from fabgen.cli import main

    reference = page(site, "cli.html")
    text = reference.text("fabgen-tile")
    assert "--kerf" in text
    assert "--suggest-starts" not in text  # fabgen balance's
    assert "--budget" in reference.text("fabgen-rules-machine")
    assert "--budget" not in reference.text("fabgen-rules-replay")
    assert set(main.commands) == {s.split("-", 1)[1] for s in _top_level(reference)}


def _top_level(reference: Page) -> set[str]:
    from fabgen.cli import main

    return {
        section
        for section in reference.sections
        if section.startswith("fabgen-") and section.split("-", 1)[1] in main.commands
    }


class Lines(HTMLParser):
    """The lines a browser shows under each heading with an id: text outside ``<pre>``
    runs on (its line ends and spaces collapse), ``<br>`` and the end of a block end a
    line, and ``<pre>`` keeps its lines."""

    BLOCKS = ("p", "pre", "li", "ul", "ol", "div", "h1", "h2", "h3", "h4", "h5", "h6")

    def __init__(self, html: str):
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self._section: list[str] = []
        self._pre = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and attrs.get("id"):
            self._section = self.sections.setdefault(attrs["id"], [])
        elif tag == "br":
            self._section.append("\n")
        self._pre += tag == "pre"

    def handle_endtag(self, tag):
        self._pre -= tag == "pre"
        if tag in self.BLOCKS:
            self._section.append("\n")

    def handle_data(self, data):
        self._section.append(data if self._pre else re.sub(r"\s+", " ", data))

    def lines(self, section: str) -> list[str]:
        return [line.strip() for line in "".join(self.sections[section]).split("\n")]


def test_cli_reference_keeps_help_laid_out_line_by_line(site):
    # mkdocs-click drops click's \b marker: layout's list of output files, balance's
    # table of metrics and stones' examples ran on as one paragraph each.
    from fabgen.cli import main

    reference = Lines((site / "cli.html").read_text(encoding="utf-8"))
    kept = 0
    for ctx, command in command_tree(main):
        paragraphs = inspect.cleandoc(command.help or "").split("\n\n")
        for paragraph in paragraphs:
            lines = paragraph.splitlines()
            if not lines or lines[0].strip() != "\b":
                continue
            shown = reference.lines(anchor(ctx))
            for line in lines[1:]:
                assert line.strip() in shown, f"{ctx.command_path}: {line!r} runs on"
            kept += 1
    assert kept >= 3  # layout, balance and stones
    assert "NAME-setup.svg/.pdf    setup diagram: tiles, start tiles, turn order, size" in (
        reference.lines("fabgen-layout")
    )


def test_plain_lines_of_help_get_line_breaks():
    from fabgen.site import laid_out

    assert laid_out(["Ada Lovelace", "12 Analytical Row"]) == [
        "Ada Lovelace  ",
        "12 Analytical Row",
    ]
    assert laid_out(["Examples:", "  fabgen tile", "  fabgen sheet"]) == [
        "Examples:",
        "",
        "```text",
        "fabgen tile",
        "fabgen sheet",
        "```",
    ]


def test_limits_table_lists_every_limit_as_the_code_has_it(site):
    from fabgen.settings import SETTINGS
    from fabgen.site import allowed

    rows = page(site, "limits.html").rows
    # each row names its setting in words, then by its registry name in small type
    shown = {row[0].rsplit(" ", 1)[-1]: row for row in rows if len(row) == 4}
    for name, setting in SETTINGS.items():
        if setting.limit is None:
            continue
        assert shown[name][0] == f"{setting.form_label} {name}", name
        assert shown[name][1] == allowed(setting), f"limit {name} different"
        assert shown[name][3] == (setting.kit or "–"), name
    # a setting taken by two commands under the same flag names both
    assert "--margin (layout)" in shown["page_margin"][2]
    assert "--margin (sheet)" in shown["sheet_margin"][2]


def test_limits_table_says_what_a_row_counts_once():
    """Rows repeated in the range what their name counts: "Tiles to cut | 0 to 500
    (tiles on laser sheets)", "Games to play | 1 to 1,000,000 (games per run)", "Stones
    per colour | 0 to 500 (stones per colour)". The table's range leaves such a note out
    (an error message, which has no first column, keeps it); a note that says more
    stays."""
    from fabgen.settings import SETTINGS
    from fabgen.site import limits_markdown

    rows = {}
    for line in limits_markdown().splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        label, name = re.match(r'(.*) <small class="setting-name">(\w+)</small>', cells[0]).groups()
        rows[name] = (label, cells[1])
    for label, shown in rows.values():
        note = re.search(r"\((\S+)", shown)
        if note:
            first = note.group(1).lower().removesuffix("s")
            words = {w.removesuffix("s") for w in label.lower().split()}
            assert first not in words, f"{label}: {shown}"
    assert rows["sheet_tiles"][1] == "0 to 500"
    assert rows["kit_stones"][1] == "0 to 500"
    assert rows["games"][1] == "1 to 1,000,000"
    assert rows["jobs"][1] == "1 to 256 (processes)"
    assert rows["port"][1] == "0 to 65,535 (0 picks a free port)"
    assert "(tiles on laser sheets)" in SETTINGS["sheet_tiles"].limit.describe()


def test_limits_table_names_settings_in_words():
    # The first column gave code names only (sheet_tiles, cut_stone_diameter, dpi
    # as "Dpi"), which no reader types anywhere.
    from fabgen.settings import SETTINGS

    words = [s.form_label for s in SETTINGS.values() if s.limit is not None]
    assert len(set(words)) == len(words)  # no two rows read alike
    for text in words:
        assert "_" not in text and text.lower() != "dpi", text


def test_limits_table_promises_no_value_the_check_refuses():
    # A bound derived from another (width / √7) read "1.88982 to 755.929 mm": both
    # shown bounds were outside the range, and --pitch 1.88982 was refused.
    from fabgen.settings import SETTINGS

    assert SETTINGS["pitch"].limit.describe() == "1.89 to 755.9 mm"
    for name, setting in SETTINGS.items():
        limit = setting.limit
        if limit is None:
            continue
        found = re.match(r"(more than )?([\d,.]+) to ([\d,.]+)", limit.describe())
        assert found, name
        above, low, high = found.groups()
        low, high = (_number(n.replace(",", "")) for n in (low, high))
        assert limit.problem(high) is None, name
        assert low >= limit.low and (above or limit.problem(low) is None), name
        assert (low - limit.low) / max(1, abs(limit.low)) < 1e-3, name  # close to the bound
        assert (limit.high - high) / max(1, abs(limit.high)) < 1e-3, name


def _number(text: str) -> float:
    return float(text) if "." in text else int(text)  # 2**63 - 1 stays exact


def test_the_pieces_a_sheet_has_room_for_are_no_refusal_in_table_or_code():
    """Since e13bcf9 a sheet with room for more than MAX_TILES_PER_SHEET tiles (or
    MAX_STONES_PER_SHEET stones) is nested in its corner; the table and the constants'
    own words said a sheet 'could hold' / 'may hold' that many, as if more were refused."""
    import ast
    import itertools
    from pathlib import Path

    import fabgen.limits
    from fabgen.site import work_limits_markdown

    rows = {
        line.split("|")[3].strip(" `"): line.split("|")[1]
        for line in work_limits_markdown().splitlines()[2:]
    }
    source = Path(fabgen.limits.__file__).read_text(encoding="utf-8")
    body = ast.parse(source).body
    notes = {
        statement.targets[0].id: after.value.value
        for statement, after in itertools.pairwise(body)
        if isinstance(statement, ast.Assign) and isinstance(after, ast.Expr)
    }
    for name in ("MAX_TILES_PER_SHEET", "MAX_STONES_PER_SHEET"):
        for text in (rows[f"fabgen.limits.{name}"], notes[name]):
            words = " ".join(text.split())
            assert "could hold" not in words and "may hold" not in words, words
            assert "nested whole" in words and "corner" in words, words
    assert "not refused" in rows["fabgen.limits.MAX_TILES_PER_SHEET"]
    assert "not refused" in " ".join(notes["MAX_TILES_PER_SHEET"].split())
    assert "nested only on the corner part" in " ".join(fabgen.limits.__doc__.split())


def test_work_limits_show_the_values_the_code_checks(site):
    import importlib

    import fabgen.limits

    rows = [row for row in page(site, "limits.html").rows if len(row) == 3]
    where = {row[2]: row[1] for row in rows}
    constants = [f"fabgen.limits.{n}" for n in vars(fabgen.limits) if n.startswith("MAX_")]
    assert constants and all(c in where for c in constants), sorted(set(constants) - set(where))
    for path, shown in where.items():
        if path == "constant":  # the header row
            continue
        module, name = path.rsplit(".", 1)
        value = getattr(importlib.import_module(module), name)
        number, *unit = shown.split()
        read_back = float(number.replace(",", ""))
        if unit == ["MiB"]:
            read_back *= 2**20
        assert read_back == value, (path, shown)


def test_kit_settings_and_web_bounds_are_the_codes(site):
    from fabgen.kitbuild.kitfile import SCHEMA
    from fabgen.web.limits import LIMITS

    formats = {row[0]: row[1] for row in page(site, "formats.html").rows if len(row) == 3}
    for section, settings in SCHEMA.items():
        for setting in settings:
            key = f"{section}.{setting.key}"
            assert key in formats, key
            default = formats[key].strip('"')
            assert default.lower() == str(setting.default).lower(), key
    web_rows = [row for row in page(site, "web.html").rows if len(row) == 2]
    assert len(web_rows) == 1 + len(dataclasses.fields(LIMITS))  # header + one per bound


def test_every_web_bound_is_said_in_words():
    # The play page's bounds showed as field names (games_in_memory | 64, think_seconds
    # | 20.0) in the web page's table of limits.
    from fabgen.site import web_limits_markdown
    from fabgen.web.limits import LIMITS

    rows = web_limits_markdown().splitlines()[2:]
    assert len(rows) == len(dataclasses.fields(LIMITS))
    for field in dataclasses.fields(LIMITS):
        assert not any(field.name in row for row in rows), field.name
    assert "| a computer seat's decision (then the greedy player's turn is played) | 20 s |" in rows


def test_every_picture_is_one_make_pictures_makes(site):
    """The site shows no picture drawn by hand: its SVGs are those of make pictures."""
    from fabgen.pictures import readme_pictures

    made = {Path(name).name for name in readme_pictures()}
    shown = {p.name for p in site.glob("*.svg")}
    assert shown and shown <= made


def test_a_marker_in_running_text_is_left_alone():
    from fabgen.site import on_page_markdown

    text = "Ask with `<!-- fabgen:limits -->` on a line.\n<!-- fabgen:limits -->\n"
    out = on_page_markdown(text).split("\n")
    assert out[0] == "Ask with `<!-- fabgen:limits -->` on a line."
    assert out[1].startswith("| parameter |")


# ---- the examples show what fabgen prints -------------------------------------------------


def run(*args: str):
    """``fabgen ARGS`` in this process: the click result (output: stdout and stderr)."""
    from click.testing import CliRunner

    from fabgen.cli import main

    return CliRunner().invoke(main, list(args))


def made(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def club_boards() -> None:
    """The board files of the check tutorial: a preset with Green moved, and two broken."""
    preset = made("boards", "--show", "3p-triangle-4")
    club = preset.replace('name = "3p-triangle-4"', 'name = "club-board"')
    club = club.replace("start = [2, -1]", "start = [1, 0]")
    Path("club.toml").write_text(club)
    Path("bad.toml").write_text(club.replace("start = [1, 0]", "start = [-1, -1]"))
    Path("bad2.toml").write_text(club.replace('colour = "green"', 'colour = "mauve"'))


def recorded_games() -> None:
    """The games of the check tutorial: two saved by balance, the first 30 turns of the
    second, and those with an illegal 31st turn."""
    for name, text in _recorded_games().items():
        Path(name).parent.mkdir(exist_ok=True)
        Path(name).write_text(text)


@functools.cache
def _recorded_games() -> dict[str, str]:
    """Played once per test run (a second or two), as the page shows it."""
    with tempfile.TemporaryDirectory() as out:
        command = "balance --preset 3p-triangle-4 --players random --games 200 --seed 1"
        made(*shlex.split(f"{command} --save-games 2 --jobs 1 --out {out}"))
        name = "3p-triangle-4-game-00002.json"
        text = (Path(out) / name).read_text()
    game = json.loads(text)
    start = {k: v for k, v in game.items() if k not in ("game_over", "scores")}
    illegal = [*game["turns"][:30], [["-c0", "a0"]]]
    red = game["turns"][30]  # Red's one move of turn 31, written down twice in the notes
    assert red == [["-c0", "-a0"]], red
    notes = [*game["turns"][:30], red * 2, *game["turns"][31:]]
    return {
        f"balance/{name}": text,
        "game.json": json.dumps({**start, "turns": game["turns"][:30]}),
        "illegal.json": json.dumps({**start, "turns": illegal}),
        "notes.json": json.dumps({**start, "turns": notes}),
    }


def step_one_tile() -> None:
    """The tile of the tiles tutorial's step 1, which its --from example reads back."""
    made(*shlex.split("tile --width 100 --kerf 0.15 --out tiles/"))


def start_transcript() -> None:
    Path("game.json").write_text(made("boards", "--show", "3p-triangle-4", "--as", "transcript"))


def solo_transcript() -> None:
    preset = "1p-triangle-5-machine"
    Path("solo.json").write_text(made("boards", "--show", preset, "--as", "transcript"))


#: Examples on the pages, run again as they are shown (after making the files they read).
#: Not run here: tutorials/board.md's ``fabgen stones --out stones/`` and ``fabgen build
#: club-kit.toml --out club/``, which build CadQuery solids (11 s and 18 s on the loaded
#: two-core machine, 2026-11-30; build also prints its times).
EXAMPLES = [
    ("tutorials/tiles.md", "fabgen tile --width 100 --kerf 0.15 --out tiles/", None),
    ("tutorials/tiles.md", "fabgen tile --width 100 --circle-diameter 40", None),
    ("tutorials/tiles.md", "fabgen check-alignment --width 100 --kerf 0.15", None),
    ("tutorials/tiles.md", "fabgen check-alignment --kerf 0.2 --no-compensate-kerf", None),
    ("tutorials/tiles.md", "fabgen check-alignment --blog-radius 100", None),
    (
        "tutorials/tiles.md",
        "fabgen check-alignment --from tiles/tile.svg --kerf 0.15",
        step_one_tile,
    ),
    (
        "tutorials/tiles.md",
        "fabgen sheet --count 20 --sheet 600x400 --kerf 0.15 --reference-square 20 --out sheets/",
        None,
    ),
    ("tutorials/board.md", "fabgen boards", None),
    ("tutorials/board.md", "fabgen layout --preset 3p-triangle-4 --out board/", None),
    ("tutorials/board.md", "fabgen rulesheet --out print/", None),
    ("tutorials/check.md", "fabgen validate club.toml", club_boards),
    ("tutorials/check.md", "fabgen validate bad.toml", club_boards),
    ("tutorials/check.md", "fabgen validate bad2.toml", club_boards),
    (
        "tutorials/check.md",
        "fabgen validate --preset 3p-triangle-4 --simulate 100 --players random --seed 3",
        None,
    ),
    (
        "tutorials/check.md",
        "fabgen rules replay balance/3p-triangle-4-game-00002.json",
        recorded_games,
    ),
    ("tutorials/check.md", "fabgen rules replay illegal.json", recorded_games),
    ("tutorials/check.md", "fabgen rules replay solo.json", solo_transcript),
    (
        "tutorials/check.md",
        'fabgen rules turn game.json --moves "-c0 to -a0" --svg steps/',
        recorded_games,
    ),
    ("tutorials/check.md", "fabgen rules replay notes.json", recorded_games),
    ("tutorials/check.md", "fabgen rules turn notes.json --turn 31", recorded_games),
    (
        "tutorials/check.md",
        'fabgen rules turn game.json --moves "-c0 to -a0, -c0 to -a0"',
        recorded_games,
    ),
    ("seats.md", "fabgen rules machine game.json", start_transcript),
]


#: The exit codes the pages give for their examples that do not end with 0.
EXIT_CODES = {
    "fabgen tile --width 100 --circle-diameter 40": 2,
    "fabgen check-alignment --blog-radius 100": 1,
    "fabgen validate bad.toml": 1,
    "fabgen validate bad2.toml": 2,
    "fabgen rules replay illegal.json": 1,
    "fabgen rules replay notes.json": 1,
    "fabgen rules turn notes.json --turn 31": 1,
    'fabgen rules turn game.json --moves "-c0 to -a0, -c0 to -a0"': 2,
}


def console_output(page: str, command: str) -> list[str]:
    """The lines a page shows after ``$ command`` in a console block."""
    lines = (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines()
    start = lines.index(f"$ {command}") + 1
    shown = []
    for line in lines[start:]:
        if line.startswith(("$ ", "```")):
            break
        shown.append(line)
    return shown


def matches(printed: list[str], shown: list[str]) -> bool:
    """Whether ``printed`` is ``shown`` where a line ``...`` stands for any lines left out."""
    parts = "\n".join(shown).split("...")
    text = "\n".join(printed)
    if len(parts) == 1:
        return text == parts[0]
    if not (text.startswith(parts[0]) and text.endswith(parts[-1])):
        return False
    at = len(parts[0])
    for part in parts[1:-1]:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return at <= len(text) - len(parts[-1])


@pytest.mark.parametrize(("page", "command", "setup"), EXAMPLES)
def test_console_examples_show_what_fabgen_prints(page, command, setup, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if setup:
        setup()
    result = run(*shlex.split(command)[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == EXIT_CODES.get(command, 0), result.output
    printed = result.output.rstrip("\n").splitlines()
    assert matches(printed, console_output(page, command)), "\n".join(printed)


class Links(HTMLParser):
    """Every id of a page, and every address its links, pictures and scripts point at."""

    def __init__(self, html: str):
        super().__init__()
        self.ids: set[str] = set()
        self.addresses: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.addresses.append(attrs[name])


def test_every_link_and_anchor_resolves(site):
    """Each link between pages, to a heading, to a picture or to a script of the site
    leads somewhere (the 404 page's links start at the server's root and are left out)."""
    from urllib.parse import unquote, urlsplit

    pages = {p: Links(p.read_text(encoding="utf-8")) for p in site.rglob("*.html")}
    broken, checked = [], 0
    for path, links in pages.items():
        if path.name == "404.html":
            continue
        for address in links.addresses:
            parts = urlsplit(address)
            if parts.scheme or parts.netloc:  # another site, or mailto:
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            checked += 1
            if not target.is_file() or (parts.fragment and target.suffix != ".html"):
                broken.append(f"{path.relative_to(site)}: {address}")
            elif parts.fragment and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{path.relative_to(site)}: {address} (no such heading)")
    assert checked > 500
    assert not broken, "\n".join(broken)


def test_site_holds_no_scripts_of_the_repository(site):
    # docs/play_screenshot.py (it remakes the play page's picture) was copied into the site.
    assert not list(site.rglob("*.py"))
