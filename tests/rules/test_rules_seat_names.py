"""The rules commands name a seat one way in their text: ``seat 2 (Zoë 北)``, seats
counted from 1 with the name of the file (spaces and any script kept); the legend
alone adds the board's letter (``B = seat 2 (Zoë 北)``). Read from ``rules replay``,
``rules turn`` and ``rules machine`` on the same game files."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.rules.random_games import random_game
from fabgen.rules.setup import start_position
from fabgen.rules.state import Player
from fabgen.rules.transcript import transcript_from_position, write_transcript

NAMES = ("Anna Lena", "Zoë 北", "O'Brien-Smith")
START = start_position(2, [Player(n) for n in NAMES])
TURNS, _ = random_game(START, 5, max_turns=12)


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def game_file(folder, turns):
    path = folder / f"game-{len(turns)}.json"
    path.write_text(
        write_transcript(transcript_from_position(START, turns=turns, with_state=False)),
        encoding="utf-8",
    )
    return path


def named(k: int) -> str:
    return f"seat {k + 1} ({NAMES[k]})"


@pytest.mark.parametrize("played", [0, 1, 5, len(TURNS)])
def test_replay_turn_and_machine_name_the_seat_to_move_alike(tmp_path, played):
    path = game_file(tmp_path, TURNS[:played])
    to_move = named(played % len(NAMES))

    replayed = run("rules", "replay", path)
    assert replayed.exit_code == 0, replayed.output
    status = re.search(r"^turns played: \d+; next to move: (.*)$", replayed.stdout, re.M)
    assert status is not None, replayed.stdout

    turn = run("rules", "turn", path)  # no --moves: the seat to move passes
    assert turn.exit_code == 0, turn.output
    plays = re.match(r"(.*) plays turn \d+ of the game", turn.stdout)
    assert plays is not None, turn.stdout

    machine = run("rules", "machine", path)
    assert machine.exit_code == 0, machine.output
    decides = re.match(rf"{re.escape(str(path))}: (.*) plays turn ", machine.stdout)
    assert decides is not None, machine.stdout

    assert status[1] == plays[1] == decides[1] == to_move
    if played:  # the turn before, looked at again, ends with the same seat to move
        before = run("rules", "turn", path, "--turn", played)
        assert before.stdout.splitlines()[-1] == f"next to move: {to_move}"


def test_the_legend_alone_gives_a_seat_its_letter(tmp_path):
    path = game_file(tmp_path, TURNS[:2])
    outputs = [run("rules", "replay", path).stdout, run("rules", "turn", path).stdout]
    legend = ", ".join(f"{'ABC'[k]} = {named(k)}" for k in range(3))
    for out in outputs:
        assert legend in out
        lines = [line for line in out.splitlines() if line != legend]
        # a seat's letter goes with its name only where the letters are explained
        # (the legend, and each seat's fields after a turn)
        assert not [
            line
            for line in lines
            if re.search(r"\b[ABC] = seat", line) and not line.startswith("  ")
        ], out


def test_a_name_with_a_line_break_is_said_on_one_line(tmp_path):
    """A name typed with a line break or tab (a file edited by hand) would split the
    legend, the ranking and the messages; it is said with spaces instead."""
    path = game_file(tmp_path, TURNS[:1])  # seat 2 to move
    path.write_text(
        path.read_text(encoding="utf-8").replace('"Zoë 北"', '"Zoë\\n\\t 北"'),
        encoding="utf-8",
    )
    for args in (["replay"], ["turn"], ["turn", "--turn", "2"], ["machine"]):
        out = run("rules", *args, path).stdout
        assert "seat 2 (Zoë 北)" in out, (args, out)
        assert not [line for line in out.splitlines() if line.startswith(("北", "\t"))]


def test_validate_names_a_seat_as_the_rules_commands_do(tmp_path):
    # validate said "seat 2 (Zoë 北)" where the rules commands said "player 2 (Zoë 北)":
    # one seat, two names (and a machine's seat is no player's)
    path = game_file(tmp_path, TURNS[:1])
    path.write_text(
        path.read_text(encoding="utf-8").replace('"Anna Lena"', '"Zoë 北"'),
        encoding="utf-8",
    )
    checked = run("validate", path).stdout  # name-shared: seat 2 has seat 1's name
    outputs = [checked, *(run("rules", *args, path).stdout for args in (["replay"], ["turn"]))]
    for out in outputs:
        assert "seat 2 (Zoë 北)" in out, out
        assert "player 2" not in out, out
    assert "[name-shared]" in checked


SCORED = re.compile(r"seat (\d+)(?: \([^)]*\))?: (-?\d+)")


@pytest.mark.parametrize("names", [(None, None, None), NAMES])
def test_a_seats_score_follows_a_colon_so_seat_1_with_0_is_not_seat_10(tmp_path, names):
    """``seat 1 0`` read as seat 10: a score stands after a colon, named seat or not,
    in the score line of ``rules turn`` and in the final ranking of both commands."""
    from fabgen.rules.scoring import scores

    start = start_position(1, [Player(n) for n in names])
    turns, final = random_game(start, 4, max_turns=300)  # seat 2 wins, 33 to 0 and 0
    path = tmp_path / "game.json"
    path.write_text(
        write_transcript(transcript_from_position(start, turns=turns, with_state=False)),
        encoding="utf-8",
    )
    out = run("rules", "turn", path, "--turn", len(turns)).stdout
    out += run("rules", "replay", path).stdout
    lines = [
        line
        for line in out.splitlines()
        if line.startswith(("scores after the turn: ", "final ranking: ", "this turn ends"))
    ]
    assert len(lines) == 3, out  # the turn's scores, its end, replay's ranking
    for line in lines:
        said = line.split(": ", 1)[1] if line.startswith("s") else line.split("ranking: ")[1]
        found = {int(k) - 1: int(n) for k, n in SCORED.findall(said)}
        assert found == dict(enumerate(scores(final))), line
        assert not re.search(r"seat \d+ \d", line), line
