"""What the rules commands call things: the player to move named one way by every rules
command, the turn counted as a player at the table would count it, and a transcript
written as people type moves refused with the spelling the format takes."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from fabgen.cli import main

PRESET = "2p-diamond-4"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def start() -> dict:
    result = run("boards", "--show", PRESET, "--as", "transcript")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def write(tmp_path, obj: dict, name: str = "game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    return path


def first_line(result) -> str:
    return result.stdout.splitlines()[0]


def table_position(start: dict, **more) -> dict:
    """The start with one of Red's fields growing and one dead: a position as it stands
    on the table some turns in."""
    obj = json.loads(json.dumps(start))
    stacks = obj["players"][0]["stacks"]
    growing, dead = list(stacks)[:2]
    stacks[growing], stacks[dead] = -1, 0
    return obj | more


def red_move(obj: dict) -> tuple[str, str]:
    """A move of Red's: from one of its fields to another."""
    live = [name for name, n in obj["players"][0]["stacks"].items() if n == 1]
    return live[-1], live[-2]


# ---- rules machine and rules turn name the player to move alike ---------------------------


def test_machine_and_turn_name_the_player_to_move_alike(tmp_path, start):
    path = write(tmp_path, start)
    turn = first_line(run("rules", "turn", path))
    machine = first_line(run("rules", "machine", path))
    who = turn.split(" plays ")[0]
    assert re.fullmatch(r"seat 1 \(\w+\)", who), turn
    assert machine.startswith(f"{path}: {who} plays "), machine
    assert "player 1" not in machine  # (a seat, as validate says: a machine is no player)


# ---- the turn of a position typed in from the table ---------------------------------------


def test_a_position_without_turns_played_counts_its_turns_from_itself(tmp_path, start):
    path = write(tmp_path, table_position(start))
    for result in (run("rules", "turn", path), run("rules", "machine", path)):
        assert result.exit_code == 0, result.output
        line = first_line(result)
        assert "turn 1 counted from the file's position" in line, line
        assert "of the game" not in line
    refused = run("rules", "turn", path, "--moves", "a1-a2")
    assert refused.exit_code == 2
    assert "this is turn 1 counted from the file's position" in refused.output


def test_a_position_with_turns_played_says_the_turn_of_the_game(tmp_path, start):
    path = write(tmp_path, table_position(start, turns_played=22))
    for result in (run("rules", "turn", path), run("rules", "machine", path)):
        assert result.exit_code == 0, result.output
        assert "plays turn 23 of the game" in first_line(result)


def test_a_game_from_its_start_counts_the_turns_of_the_game(tmp_path, start):
    # A board's start (what fabgen boards --as transcript writes) has no turns_played
    # either: its turns are the game's.
    path = write(tmp_path, start | {"turns": [[]]})
    result = run("rules", "turn", path)
    assert result.exit_code == 0, result.output
    assert "plays turn 2 of the game" in first_line(result)


# ---- a transcript written as moves are typed ---------------------------------------------


def suggestion(output: str) -> object:
    """The JSON value a message says to write (after its last 'write' or 'as')."""
    found = re.search(r"(?:write|as) (\[.*\]|\"[^\"]*\")\s*$", " ".join(output.split()))
    assert found, output
    return json.loads(found[1])


@pytest.mark.parametrize("case", ["upper-case", "typed", "typed-upper", "two-typed", "flat"])
def test_a_move_written_another_way_is_refused_with_the_form_to_write(tmp_path, start, case):
    source, destination = red_move(start)
    move = f"{source}-{destination}"
    turn = {
        "upper-case": [[source.upper(), destination]],
        "typed": [move],
        "typed-upper": [f"{source.upper()} to {destination.upper()}"],
        "two-typed": [move, move],
        "flat": [source, destination],
    }[case]
    path = write(tmp_path, start | {"turns": [turn]})
    result = run("rules", "replay", path)
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "$.turns[0]" in text
    fixed = suggestion(text)
    if case == "upper-case":
        assert "lower case" in text
        turn = [[fixed, destination]]
    else:
        assert "[source, destination]" in text or "a turn is a list of moves" in text
        turn = fixed
    assert turn == [[source, destination]] * len(turn)
    again = run("rules", "replay", write(tmp_path, start | {"turns": [turn]}, "fixed.json"))
    assert again.exit_code in (0, 1), again.output  # read: legal, or an illegal move
    assert "$.turns" not in again.output


def test_an_upper_case_key_is_refused_with_its_lower_case_spelling(tmp_path, start):
    obj = dict(start)
    obj["Players"] = obj.pop("players")
    result = run("rules", "replay", write(tmp_path, obj))
    assert result.exit_code == 2
    assert "unknown key 'Players': write \"players\"" in " ".join(result.output.split())


def test_text_that_is_no_move_gets_no_suggestion(tmp_path, start):
    result = run("rules", "replay", write(tmp_path, start | {"turns": [["nonsense"]]}))
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert 'found the string "nonsense"' in text
    assert "write" not in text
