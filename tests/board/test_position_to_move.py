"""A position from the middle of a game keeps the seat to move through every command that
reads it as a board: layout's diagram, start transcript and board file, validate and
balance (they all started with seat 1, whoever's turn the position was)."""

from __future__ import annotations

import json

import pytest

from fabgen.board.boardfile import board_to_toml, parse_board_toml
from fabgen.board.files import load_preset
from fabgen.board.transcript_io import board_to_transcript, parse_board_transcript
from fabgen.rules.transcript import write_transcript


def _position(cli, tmp_path, turns: int) -> tuple[dict, object]:
    """A 3p-triangle-4 game cut after ``turns`` turns, as ``rules replay --format json``
    gives it (with next_player), and its path."""
    out = tmp_path / "games"
    result = cli(
        "balance", "--preset", "3p-triangle-4", "--games", "1", "--players", "random",
        "--seed", "3", "--save-games", "1", "--jobs", "1", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    game = json.loads((out / "3p-triangle-4-game-00001.json").read_text(encoding="utf-8"))
    cut = {k: v for k, v in game.items() if k not in ("scores", "game_over")}
    cut["turns"] = game["turns"][:turns]
    (tmp_path / "cut.json").write_text(json.dumps(cut), encoding="utf-8")
    result = cli("rules", "replay", tmp_path / "cut.json", "--format", "json")
    assert result.exit_code == 0, result.output
    position = json.loads(result.output)
    path = tmp_path / "pos.json"
    path.write_text(result.output, encoding="utf-8")
    return position, path


@pytest.mark.parametrize("turns", [19, 20])
def test_the_seat_to_move_survives_every_conversion(cli, tmp_path, turns):
    position, path = _position(cli, tmp_path, turns)
    k = position["next_player"]
    assert k == turns % 3  # the test tests: the position is someone's turn
    board = parse_board_transcript(path.read_text(encoding="utf-8"), str(path))
    assert board.to_move == k
    assert board.position().next_player == k
    again = parse_board_toml(board_to_toml(board))
    assert again.to_move == k and again == board
    written = json.loads(write_transcript(board_to_transcript(board)))
    assert written.get("next_player", 0) == k


def test_layout_says_who_moves_next_and_balance_plays_from_there(cli, tmp_path):
    position, path = _position(cli, tmp_path, 20)
    k = position["next_player"]
    assert k == 2
    out = tmp_path / "layout"
    assert cli("layout", path, "--out", out).exit_code == 0
    start = json.loads((out / "pos-start.json").read_text(encoding="utf-8"))
    assert start["next_player"] == k
    assert "to_move = 3" in (out / "pos.toml").read_text(encoding="utf-8")
    svg = (out / "pos-setup.svg").read_text(encoding="utf-8")
    assert "moves next" in svg and "moves first" not in svg
    assert "seat 3, 1, 2, then seat 3 again" in svg
    # balance from the board file layout wrote: its saved game replays (it began with Red)
    games = tmp_path / "balance"
    result = cli(
        "balance", out / "pos.toml", "--games", "1", "--players", "random",
        "--save-games", "1", "--jobs", "1", "--out", games,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (saved,) = games.glob("*-game-00001.json")
    assert json.loads(saved.read_text(encoding="utf-8"))["next_player"] == k
    replay = cli("rules", "replay", saved)
    assert replay.exit_code == 0, replay.output


def test_a_start_says_nothing_of_the_seat_to_move():
    board = load_preset("3p-triangle-4")
    assert board.to_move == 0
    assert "to_move" not in board_to_toml(board)
    assert "next_player" not in write_transcript(board_to_transcript(board))


@pytest.mark.parametrize("value", ["0", "4", '"3"', "true", "2.0"])
def test_a_seat_to_move_that_is_no_seat_is_refused(cli, tmp_path, value):
    text = board_to_toml(load_preset("3p-triangle-4")).replace(
        "[board]\n", f"[board]\nto_move = {value}\n"
    )
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    result = cli("validate", path)
    assert result.exit_code == 2
    assert "board.to_move" in result.output and "from 1 to 3" in result.output
