"""A finished game's file given to the rules commands that play or compute a turn:
each says the file, when and why the game ended, and what to run instead, one way;
``--turn`` of the turn after the last is refused as any turn past the file's."""

from __future__ import annotations

import shlex

from click.testing import CliRunner

from fabgen.cli import main
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import start_position
from fabgen.rules.state import LIVE
from fabgen.rules.transcript import transcript_from_position, write_transcript

START = start_position(2, 2)
FINISHED, FINAL = random_game(START, 3, max_turns=500)


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def game_file(tmp_path):
    path = tmp_path / "over game.json"  # a space: the command it gives must quote it
    path.write_text(write_transcript(transcript_from_position(START, turns=FINISHED)))
    return path


def refusal(*args) -> str:
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == "", result.output
    return result.stderr.removeprefix("Error: ").strip()


def test_turn_and_machine_say_why_there_is_no_turn_and_what_to_run(tmp_path):
    assert game_over(FINAL)
    path, n = game_file(tmp_path), len(FINISHED)
    played = refusal("rules", "turn", path)
    computed = refusal("rules", "machine", path)
    why = "every region is settled"
    if LIVE not in FINAL._status:  # (a random game mostly burns the board down)
        why = "the whole board has burnt"
    head = f"{path}: the game ended after {n} turns played: {why} "
    for message, what in ((played, "play"), (computed, "compute")):
        assert message.startswith(head + "(rule game-over); "), message
        assert f"there is no turn to {what}: fabgen rules replay shows the final ranking" in (
            message
        )
    assert played.replace("to play", "to compute") == computed
    # the command it gives shows the game's last turn
    command = shlex.split(played.split(", and ", 1)[1].removesuffix(" shows its last turn again"))
    assert command[:3] == ["fabgen", "rules", "turn"] and command[-2:] == ["--turn", str(n)]
    last = run(*command[1:])
    assert last.exit_code == 0, last.output
    assert last.stdout.splitlines()[-1].startswith("this turn ends the game: ")


def test_the_turn_after_the_last_is_refused_as_any_turn_past_the_file(tmp_path):
    path, n = game_file(tmp_path), len(FINISHED)
    after = refusal("rules", "turn", path, "--turn", n + 1)
    beyond = refusal("rules", "turn", path, "--turn", n + 2)
    assert after == beyond.replace(f"--turn {n + 2}:", f"--turn {n + 1}:")
    assert after.endswith(f"the game ended with turn {n}; give a turn from 1 to {n}")


def test_a_file_that_goes_on_after_its_game_ended_says_which_turns_to_remove(tmp_path):
    # A game written down past its end: replay pointed to --turn n+1, which answered
    # "give a turn from 1 to n+3" of the turn it had been given.
    path, n = tmp_path / "notes.json", len(FINISHED)
    turns = [*FINISHED, [], []]
    path.write_text(write_transcript(transcript_from_position(START, turns=turns)))
    replayed = run("rules", "replay", path)
    assert replayed.exit_code == 1 and replayed.stdout == ""
    said = replayed.stderr.strip()
    assert f"illegal move at turn {n + 1} (counting from 1)" in said
    assert f"; the file's turns {n + 1} to {n + 2} come after the end: remove them" in said
    assert said.endswith(f"to see turn {n}, which ended it: fabgen rules turn {path} --turn {n}")
    for asked, moves in ((n + 1, ()), (n + 2, ()), (n + 1, ("--moves", "pass"))):
        result = run("rules", "turn", path, "--turn", asked, *moves)  # turns after the end
        assert result.exit_code == 1 and result.stderr.strip() == said, result.output
    last = run("rules", "turn", path, "--turn", n)
    assert last.exit_code == 0 and "this turn ends the game" in last.stdout
