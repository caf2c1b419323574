"""A file given to a command that takes none as an argument: click said only "Got
unexpected extra argument (tile.svg)"; the message now says where the file goes."""

from __future__ import annotations

import pytest


def _refused(cli, *args) -> str:
    result = cli(*args)
    assert result.exit_code == 2
    return result.output.splitlines()[-1]


def test_check_alignment_says_its_drawing_goes_with_from(cli, tmp_path):
    drawing = tmp_path / "tile.svg"
    drawing.write_text("<svg/>")
    said = _refused(cli, "check-alignment", drawing)
    assert said == (
        f"Error: Got unexpected extra argument ({drawing}): fabgen check-alignment reads a "
        "file given with --from (fabgen check-alignment --from FILE)"
    )


@pytest.mark.parametrize("command", ["tile", "sheet", "stones", "rulesheet"])
def test_a_command_without_files_says_which_commands_take_them(cli, command):
    said = _refused(cli, command, "my_kit.toml")
    assert said.startswith(
        f"Error: Got unexpected extra argument (my_kit.toml): fabgen {command} takes no file, "
        f"its settings are options (fabgen {command} --help); a kit file is built with "
        "fabgen build FILE"
    )


def test_a_command_with_a_file_argument_keeps_clicks_words(cli, tmp_path):
    # (layout takes one board file: a second is no question of where a file goes)
    assert _refused(cli, "layout", "a.toml", "b.toml") == (
        "Error: Got unexpected extra argument (b.toml)"
    )
