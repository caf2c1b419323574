"""``--format json`` of ``rules replay``, ``rules turn`` and ``rules machine`` on the
same file say the same things under the same keys: the seat to move (``player``, from
1; ``next_player`` from 0 inside a transcript), the turn (from 1), the variant, and an
illegal move in the file as one record (docs/tutorials/check.md, docs/seats.md)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.rules.moves import Move
from fabgen.rules.random_games import random_game
from fabgen.rules.setup import start_position
from fabgen.rules.transcript import transcript_from_position, write_transcript

START = start_position(2, 3)
TURNS, _ = random_game(START, 11, max_turns=9)
COMMANDS = ("replay", "turn", "machine")


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def game_file(tmp_path, turns, name="game.json"):
    path = tmp_path / name
    path.write_text(write_transcript(transcript_from_position(START, turns=turns)))
    return path


@pytest.mark.parametrize("played", [0, 4, len(TURNS)])
def test_the_seat_turn_and_variant_to_play_agree(tmp_path, played):
    path = game_file(tmp_path, TURNS[:played])
    replayed, turn, machine = (
        json.loads(run("rules", c, path, "--format", "json").stdout) for c in COMMANDS
    )
    assert turn["file"] == machine["file"] == str(path)
    assert turn["player"] == machine["player"] == replayed["next_player"] + 1
    assert turn["turn"] == machine["turn"] == replayed["turns_played"] + 1 == played + 1
    assert turn["variant"] == machine["variant"] == replayed["variant"] == "online"
    assert turn["scores_before"] == replayed["scores"]


def test_an_illegal_move_in_the_file_is_one_record_from_every_command(tmp_path):
    """rules machine --format json printed nothing on stdout for it (the message on
    stderr only), where replay and turn give their record."""
    bad = [*TURNS[:5], [Move.from_names("a0", "a1")]]  # turn 6, seat 3's
    path = game_file(tmp_path, bad, "bad.json")
    records = []
    for command in COMMANDS:
        result = run("rules", command, path, "--format", "json")
        assert result.exit_code == 1, (command, result.output)
        lines = result.stdout.splitlines()
        assert len(lines) == 1, (command, result.stdout)
        records.append(json.loads(lines[0]))
        assert records[-1]["error"] in result.stderr
    assert records[0] == records[1] == records[2]
    assert list(records[0]) == ["file", "error", "rule", "turn", "player", "move"]
    assert records[0]["turn"] == 6 and records[0]["player"] == 3
    for command in COMMANDS:  # each --help names every key of the record
        page = CliRunner(env={"COLUMNS": "200"}).invoke(main, ["rules", command, "--help"])
        missing = [key for key in records[0] if f'"{key}"' not in page.output]
        assert not missing, (command, missing)


def test_the_keys_the_commands_share_come_in_the_same_order(tmp_path):
    """rules machine put "file" last, where rules turn puts it first: a reader of both
    found the same keys in another order."""
    path = game_file(tmp_path, TURNS[:4])
    turn, machine = (
        json.loads(run("rules", c, path, "--format", "json").stdout) for c in COMMANDS[1:]
    )
    shared = [key for key in turn if key in machine]
    assert shared == [key for key in machine if key in turn]
    assert shared[:3] == ["file", "turn", "player"] and shared[-1] == "variant"
    assert list(machine)[:3] == list(turn)[:3]
