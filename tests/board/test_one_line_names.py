"""A game file whose player names hold a line break or tab (edited by hand) is read by
``fabgen validate`` (and layout, balance) with the name on one line, as ``fabgen rules``
names the seat (``Player.label``): validate refused the file ("contains a control
character") where replay, turn and machine played it. Other control characters (NUL,
escape sequences, bidi overrides) are still refused: they have no place on the setup
diagram, and the board file layout writes could not be read back."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from fabgen.board import load_preset, read_board
from fabgen.board.transcript_io import board_transcript_text, parse_board_transcript
from fabgen.cli import main
from fabgen.errors import InputFileError

NAMES = ("Anna\nLena", "Zoë\t 北", "Bob\r\n")
ONE_LINE = ("Anna Lena", "Zoë 北", "Bob")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def game_file(tmp_path, names, file="game.json"):
    transcript = json.loads(board_transcript_text(load_preset("3p-triangle-4")))
    for player, name in zip(transcript["players"], names, strict=True):
        player["name"] = name
    path = tmp_path / file
    path.write_text(json.dumps(transcript), encoding="utf-8")
    return path


def test_validate_reads_the_names_on_one_line_as_the_rules_commands_say_them(tmp_path):
    path = game_file(tmp_path, NAMES)
    assert [seat.name for seat in read_board(path).seats] == list(ONE_LINE)
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert "seat 1 (Anna Lena)" in result.stdout  # the colour-blind finding names seats 1, 3
    replay = run("rules", "replay", path).stdout
    ranking = re.search(r"^scores so far: (.*)$", replay, re.M)
    assert ranking is not None, replay
    assert [f"seat {k + 1} ({n})" in ranking[1] for k, n in enumerate(ONE_LINE)] == [True] * 3
    assert json.loads(run("validate", path, "--format", "json").stdout)["board"]["players"] == 3


def test_layout_writes_the_names_on_one_line_into_files_fabgen_reads_back(tmp_path):
    path = game_file(tmp_path, NAMES)
    out = tmp_path / "out"
    result = run("layout", path, "--out", out)
    assert result.exit_code == 0, result.output
    board = read_board(out / "game.toml")
    assert [seat.name for seat in board.seats] == list(ONE_LINE)
    start = json.loads((out / "game-start.json").read_text("utf-8"))
    assert [p["name"] for p in start["players"]] == list(ONE_LINE)


@pytest.mark.parametrize("bad", ["Re\x00d", "Red\x1b[31m", "\u202eRed"])
def test_other_control_characters_are_still_refused(tmp_path, bad):
    path = game_file(tmp_path, (bad, "Blue", "Green"))
    result = run("validate", path)
    assert result.exit_code == 2
    assert "$.players[0].name: contains a control character: remove it" in result.stderr
    assert result.stdout == ""


def test_the_web_pages_reader_is_unchanged(tmp_path):
    # (their uploads refuse a line break: tests/web/test_uploads.py)
    text = game_file(tmp_path, NAMES).read_text("utf-8")
    with pytest.raises(InputFileError, match="contains a control character"):
        parse_board_transcript(text, "game.json")
    board = parse_board_transcript(text, "game.json", one_line_names=True)
    assert [seat.name for seat in board.seats] == list(ONE_LINE)
