"""A number's default in ``--help`` is written as it is typed: ``--margin MM ...
[default: 10]`` beside ``--width ... [default: the board file's, else 100]``; click wrote
a float's as ``10.0``."""

from __future__ import annotations

import re

import click
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.cli.options import FROM_REGISTRY
from fabgen.settings import SETTINGS


def commands(group: click.Group = main, path: tuple[str, ...] = ()):
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def test_no_default_is_written_with_a_trailing_point_zero():
    checked = 0
    for words, command in commands():
        page = CliRunner(env={"COLUMNS": "200"}).invoke(main, [*words, "--help"]).output
        assert not re.search(r"\[default: -?\d+\.0\]", page), (words, page)
        for param in command.params:
            setting = SETTINGS.get(getattr(param, FROM_REGISTRY, None) or "")
            if setting is None or not isinstance(param.default, float):
                continue
            shown = re.search(r"\[default: ([^]]*)\]", param.help)
            assert shown is not None, (words, param.opts)
            if not setting.default_text:  # a number: read back, the same
                assert float(shown[1]) == param.default, (words, param.opts)
                checked += 1
    assert checked >= 10
