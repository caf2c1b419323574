"""The documentation site: it builds offline without a warning, its command reference
shows every command and option of the real command tree, and its generated tables show
every limit and kit setting the code checks (read back from the built HTML)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
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


def test_limits_table_lists_every_limit_as_the_code_has_it(site):
    from fabgen.limits import LIMITS, PER_COMMAND

    rows = page(site, "limits.html").rows
    shown = {(row[0], row[1]) for row in rows if len(row) == 4}
    for name, limit in [*LIMITS.items(), *((n, lim) for (_, n), lim in PER_COMMAND.items())]:
        assert (name, limit.describe()) in shown, f"limit {name} missing or different"
    # the per-command ranges name the command whose option they bound
    for (command, name), _limit in PER_COMMAND.items():
        flags = [row[2] for row in rows if len(row) == 4 and row[0] == name]
        assert any(f"({command})" in f for f in flags), (command, name)


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


def test_every_picture_is_one_make_pictures_makes(site):
    """The site shows no picture drawn by hand: its SVGs are those of make pictures."""
    from fabgen.docs.pictures import readme_pictures

    made = {Path(name).name for name in readme_pictures()}
    shown = {p.name for p in site.glob("*.svg")}
    assert shown and shown <= made


def test_a_marker_in_running_text_is_left_alone():
    from fabgen.docs.site import on_page_markdown

    text = "Ask with `<!-- fabgen:limits -->` on a line.\n<!-- fabgen:limits -->\n"
    out = on_page_markdown(text).split("\n")
    assert out[0] == "Ask with `<!-- fabgen:limits -->` on a line."
    assert out[1].startswith("| parameter |")
