"""``--help`` pages wrap between words, never at a hyphen inside one: a seat kind or
player name of ``--players`` (``extreme-machine``), a variant (``online-2013``) or a
flag split across two lines cannot be copied (fabgen.cli.help_text)."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from fabgen.cli import main

#: COLUMNS of a narrow terminal (click makes no page narrower than 50), a middling one
#: and a wide one (click makes no page wider than 80).
WIDTHS = ("40", "60", "70", "200")

HALF_WORD = re.compile(r"\w-$")  # a line ending in "extreme-", "online-", "comma-"


def commands(group: click.Group = main, path: tuple[str, ...] = ()):
    """Every command under ``group`` as the words that call it."""
    for name, command in group.commands.items():
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))


def help_page(words: tuple[str, ...], columns: str) -> str:
    result = CliRunner(env={"COLUMNS": columns}).invoke(main, [*words, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


WITH_PLAYERS = [
    " ".join(words)
    for words, command in commands()
    if any(p.name == "players" for p in command.params)
]


def test_the_commands_with_players_are_found():
    assert {"validate", "balance"} <= set(WITH_PLAYERS)


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("command", WITH_PLAYERS)
def test_players_help_never_breaks_a_seat_kind_at_its_hyphen(command, columns):
    page = help_page(tuple(command.split()), columns)
    lines = page.splitlines()
    assert not [line for line in lines if line.rstrip().endswith("extreme-")]
    # the option's help, read as a terminal shows it, names every kind whole
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("--players"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip().startswith("--"))
    words = " ".join(line.strip() for line in lines[start:end]).split()
    assert "extreme-machine;" in words
    assert {"(strong,", "greedy,", "random,", "machine,"} <= set(words)


@pytest.mark.parametrize("columns", ("40", "60", "200"))
def test_no_help_page_ends_a_line_in_half_a_word(columns):
    broken = {}
    for words, _ in commands():
        page = help_page(words, columns)
        assert "\u2011" not in page  # the hyphens held while wrapping are given back
        halves = [line for line in page.splitlines() if HALF_WORD.search(line.rstrip())]
        if halves:
            broken[" ".join(words)] = halves
    assert not broken
