"""A kit file's own mistakes and its board's are listed in one run: the board and the
player count were checked only once the file had no mistake left, so a key typed wrong
hid a board name typed wrong until the key was mended (docs/formats.md promises every
problem at once)."""

from __future__ import annotations

import pytest


def _build(cli, tmp_path, text: str):
    kit = tmp_path / "kit.toml"
    kit.write_text(text)
    out = tmp_path / "out"
    result = cli("build", kit, "--out", out)
    assert result.exit_code == 2, result.output
    assert not out.exists()
    return [line.strip() for line in result.output.splitlines() if line.startswith("  ")]


@pytest.mark.parametrize(
    ("text", "board_words"),
    [
        (
            '[kit]\nboard = "5p-hexagon-19-dumy"\nwidht = 80\n',
            "error [kit-board] board = '5p-hexagon-19-dumy' (did you mean "
            "'5p-hexagon-19-dummy'?) is neither a preset",
        ),
        (
            '[kit]\nboard = "5p-hexagon-19-dummy"\nplayers = 4\n[tile]\nkerf = "thin"\n',
            "error [kit-board] players = 4 but the board 5p-hexagon-19-dummy has 5 people",
        ),
    ],
    ids=["board misspelt", "players not the board's"],
)
def test_the_files_mistakes_and_the_boards_are_listed_together(cli, tmp_path, text, board_words):
    errors = _build(cli, tmp_path, text)
    assert len(errors) == 2, errors
    assert errors[0].startswith("error [kit-file] ")
    assert errors[1].startswith(board_words)


def test_a_right_board_adds_nothing_to_the_files_mistakes(cli, tmp_path):
    errors = _build(cli, tmp_path, '[kit]\nboard = "3p-triangle-4"\nplayers = 3\nwidht = 80\n')
    assert len(errors) == 1 and errors[0].startswith("error [kit-file] kit.widht: unknown key")


def test_a_board_setting_with_a_mistake_of_its_own_is_said_once(cli, tmp_path):
    # (board = 5 is the file's mistake: the board is not looked up as well)
    errors = _build(cli, tmp_path, "[kit]\nboard = 5\nwidht = 80\n")
    assert all(e.startswith("error [kit-file] ") for e in errors) and len(errors) == 2
