"""``fabgen rules machine``: output, --play round trips, messages and exit codes."""

import json
import random

import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.cli.machine_cmd import _decide
from fabgen.rules.moves import Move, move_text
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import start_position
from fabgen.rules.state import Player, Position
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript
from fabgen.rules.turn import replay
from tests.play import play_reference as ref

KEYS = {
    "player", "name", "kind", "turn", "moves", "criterion", "explosions",
    "next_turn_explosions", "exhaustive", "turns_examined", "move_sets", "ties", "all_ties",
    "bound", "limits", "file", "seed", "variant",
}  # fmt: skip


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def write_game(path, start, turns):
    t = transcript_from_position(start, turns=turns, with_state=False)
    path.write_text(write_transcript(t))
    return path


@pytest.fixture
def game(tmp_path):
    """A random 3-player game on 19 tiles, 30 turns in: Red (seat 1) to move."""
    start = start_position(2, 3)
    turns, pos = random_game(start, 3, max_turns=30, explode_bias=0.3)
    assert pos.next_player == 0 and not game_over(pos)
    return write_game(tmp_path / "game.json", start, turns), pos


def test_json_names_the_seat_from_1_and_the_moves_it_would_make(game):
    path, pos = game
    result = run("rules", "machine", path, "--format", "json", "--seed", "5")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == KEYS
    assert report["player"] == 1 and report["name"] == "Red" and report["turn"] == 31
    assert report["kind"] == "player" and report["seed"] == 5 and report["variant"] == "online"
    moves = [Move.from_names(a, b) for a, b in report["moves"]]
    # The reference plays the reported moves to the reported number of explosions.
    count, _ = ref.play(pos, moves)
    assert count == report["explosions"]
    assert report["exhaustive"] is (report["bound"] is None) is (report["limits"] is None)
    assert report["turns_examined"] >= 1 and report["ties"] >= 1 and report["all_ties"] is True
    again = run("rules", "machine", path, "--format", "json", "--seed", "5")
    assert again.stdout == result.stdout


TILE = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]  # a1 and its ring


def test_the_one_exploding_turn_of_a_small_position_is_found(tmp_path):
    """One tile: its rim fields have 3 live neighbours, the centre a1 6. Red has 1
    stone on a1 and 2 on the rim field b1, Blue 1 on the rim. One tile allows one
    move; only a1-b1 brings a field to its capacity (b1: 3 stones, 3 neighbours), and
    b1's explosion gives a1, b2 and a0 one stone each, none of them full: 1 explosion.
    The brute force agrees."""
    pos = Position.from_stacks([TILE], ["Red", "Blue"], [{(0, 0): 1, (1, 0): 2}, {(-1, -1): 1}])
    exploding = [(m, c) for m, c, _ in ref.outcomes(pos) if c]
    assert [([str(x) for x in m], c) for m, c in exploding] == [(["a1-b1"], 1)]
    path = write_game(tmp_path / "small.json", pos, [])
    report = json.loads(run("rules", "machine", path, "--format", "json").stdout)
    assert report["moves"] == [["a1", "b1"]] and report["explosions"] == 1
    assert report["exhaustive"] is True and report["ties"] == 1
    text = run("rules", "machine", path).stdout
    assert "moves: a1-b1\n1 explosion this turn\nsearch: exhaustive" in text
    assert "seat 1 (Red)" in text


def test_a_budget_makes_the_search_say_what_it_proved(game):
    path, _ = game
    full = json.loads(run("rules", "machine", path, "--format", "json").stdout)
    assert full["exhaustive"] is True and full["bound"] is None and full["limits"] is None
    result = run("rules", "machine", path, "--format", "json", "--budget", "3")
    report = json.loads(result.stdout)
    assert report["exhaustive"] is False and "3 bound evaluations" in report["limits"]
    assert isinstance(report["bound"], int)
    if report["criterion"] == full["criterion"] == "explosions-now":
        assert report["explosions"] <= full["explosions"] <= report["bound"]
    text = run("rules", "machine", path, "--budget", "3").stdout
    assert "search: bounded (" in text and "makes more than" in text
    assert run("rules", "machine", path, "--budget", "0").exit_code == 2


def test_play_to_stdout_appends_the_turn_and_replays(game, tmp_path):
    path, _ = game
    result = run("rules", "machine", path, "--play", "--seed", "2")
    assert result.exit_code == 0
    longer = parse_transcript(result.stdout)
    before = parse_transcript(path.read_text())
    assert longer.move_list[:-1] == before.move_list
    assert "plays turn 31" in result.stderr  # the report, beside the transcript
    report = json.loads(run("rules", "machine", path, "--format", "json", "--seed", "2").stdout)
    assert [str(m) for m in longer.move_list[-1]] == [move_text(a, b) for a, b in report["moves"]]
    out = tmp_path / "longer.json"
    out.write_text(result.stdout)
    replayed = run("rules", "replay", out, "--format", "json")
    assert replayed.exit_code == 0
    assert json.loads(replayed.stdout)["turns_played"] == 31


def test_play_with_out_writes_the_file_and_says_so(game, tmp_path):
    path, _ = game
    result = run("rules", "machine", path, "--play", "--out", tmp_path / "next")
    assert result.exit_code == 0
    written = tmp_path / "next" / "game.json"
    assert f"wrote {written}" in result.stdout
    final = replay(*_start_and_moves(written))
    assert final.turns_played == 31
    # The machine's turn again from the longer file: seat 2 (Blue) is next.
    report = json.loads(run("rules", "machine", written, "--format", "json").stdout)
    assert report["player"] == 2 and report["turn"] == 32


def test_json_names_the_player_to_move_by_rules_turn_s_key_and_count(game, tmp_path):
    """rules machine said "seat" where rules turn and replay say "player" (from 1): a
    script reading both found no seat in the one or the other."""
    path, _ = game
    longer = tmp_path / "next" / "game.json"
    assert run("rules", "machine", path, "--play", "--out", longer.parent).exit_code == 0
    for file in (path, longer):
        machine = json.loads(run("rules", "machine", file, "--format", "json").stdout)
        typed = ",".join(f"{a}-{b}" for a, b in machine["moves"])
        turn = run("rules", "turn", file, "--moves", typed, "--format", "json")
        assert turn.exit_code == 0, turn.output
        turn = json.loads(turn.stdout)
        assert "seat" not in machine and "seat" not in turn
        assert machine["player"] == turn["player"] and machine["turn"] == turn["turn"]
        # the seat replay leaves to move (from 0 inside a transcript), counted from 1
        before = replay(*_start_and_moves(file))
        assert machine["player"] == before.next_player + 1 == (1 if file == path else 2)


def test_play_into_a_folder_that_fails_when_written_prints_no_report(game, tmp_path, monkeypatch):
    """A folder that passes the checks but fails when written (a full disk, /proc as
    root): exit 2 with the message alone; the report was printed before the failure."""
    from fabgen.errors import FabgenError
    from fabgen.export import transaction

    def full(out_dir, files, **kwargs):
        raise FabgenError(f"cannot write into {out_dir}: No space left on device")

    monkeypatch.setattr(transaction, "write_transaction", full)
    path, _ = game
    result = CliRunner().invoke(
        main, ["rules", "machine", str(path), "--play", "--out", str(tmp_path / "next")]
    )
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "No space left on device" in result.stderr


def _start_and_moves(path):
    t = parse_transcript(path.read_text())
    return t.position, t.move_list


def test_a_machine_seat_never_moves():
    players = [Player("Red"), Player("Grey", kind="machine")]
    stacks = [{(0, 0): 1}, {(1, 0): 3}]
    pos = Position.from_stacks([TILE], players, stacks, next_player=1)
    report = _decide(pos, "online", random.Random(0))
    assert report["moves"] == [] and report["kind"] == "machine" and report["player"] == 2
    assert report["criterion"] == "machine-never-moves"
    # (1, 0) is on the rim of the one tile: 3 live neighbours, so the 3-stack explodes.
    assert report["explosions"] == 1


def test_bad_input_is_refused_with_a_message(tmp_path, game):
    path, _ = game
    missing = run("rules", "machine", tmp_path / "nope.json")
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    bad = run("rules", "machine", broken)
    assert bad.exit_code == 2 and "not valid JSON" in bad.stderr
    lonely = run("rules", "machine", path, "--out", tmp_path / "x")
    assert lonely.exit_code == 2 and "--out is only used with --play" in lonely.stderr
    assert not (tmp_path / "x").exists()
    negative = run("rules", "machine", path, "--seed", "-1")
    assert negative.exit_code == 2
    assert "Traceback" not in missing.output + bad.output + lonely.output


@pytest.mark.parametrize(
    ("out", "says"),
    [
        ("", "is empty: give the folder to write into"),
        ("{tmp}/file/x", "exists and is not a folder"),
        ("{tmp}/file", "is a file"),
    ],
    ids=["empty", "under a file", "a file"],
)
def test_a_bad_out_is_refused_before_the_turn_is_computed(tmp_path, monkeypatch, game, out, says):
    """An empty --out wrote into the current folder, over GAME.json itself when it was
    there; a file in --out's way was found after the report was printed (exit 2 with
    the report on stdout)."""
    path, _ = game
    monkeypatch.chdir(path.parent)
    before = path.read_bytes()
    (tmp_path / "file").write_text("x")
    out = out.format(tmp=tmp_path)
    result = run("rules", "machine", path.name, "--play", "--budget", "20", "--out", out)
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    assert result.stdout == ""
    assert path.read_bytes() == before


def test_a_finished_game_has_no_turn_to_compute(tmp_path):
    pos = Position.from_stacks([TILE], ["Red", "Blue"], [{(0, 0): 1}, {}])
    assert game_over(pos)
    result = run("rules", "machine", write_game(tmp_path / "over.json", pos, []))
    assert result.exit_code == 2 and "the game ended after 0 turns played" in result.stderr
    assert "there is no turn to compute" in result.stderr


def test_an_illegal_game_gives_exit_code_1(tmp_path):
    start = start_position(1, 2)
    t = transcript_from_position(start, turns=[[Move((0, 0), (9, 9))]], with_state=False)
    path = tmp_path / "illegal.json"
    path.write_text(write_transcript(t))
    result = run("rules", "machine", path)
    assert result.exit_code == 1 and "illegal move" in result.stderr


def test_ctrl_c_during_a_look_ahead_in_two_processes_stops_both_quietly(tmp_path):
    """The look-ahead over 12,600 turns runs its second half in a forked process:
    Ctrl+C (SIGINT to the terminal's process group) ends the command without a
    traceback from either process and leaves no process behind."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from fabgen.board.files import load_preset
    from fabgen.rules.random_games import random_game

    start = load_preset("4p-diamond-5").position()
    turns, _ = random_game(start, 7, max_turns=36, explode_bias=0.5)
    path = tmp_path / "game.json"
    path.write_text(
        write_transcript(transcript_from_position(start, turns=turns, with_state=False))
    )
    command = [sys.executable, "-m", "fabgen", "rules", "machine", str(path)]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # a process group of its own, as a terminal gives
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # a terminal's Ctrl+C
    )
    children = f"/proc/{process.pid}/task/{process.pid}/children"
    kids: list[str] = []
    deadline = time.monotonic() + 60
    while not kids and time.monotonic() < deadline and process.poll() is None:
        with open(children) as f:
            kids = f.read().split()
        time.sleep(0.02)
    assert kids, "the look-ahead did not fork"
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode != 0 and "Traceback" not in err.decode()
    time.sleep(0.2)
    assert not [k for k in kids if os.path.exists(f"/proc/{k}") and _running(k)]


def _running(pid: str) -> bool:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"


def test_the_report_says_the_turn_is_one_of_its_equally_good_turns(tmp_path):
    """It said '6 equally good, seed 0 chose one', where the play page's record of a
    machine's turn says 'one of 6 equally good turns': a player checking one against the
    other saw two ways of saying it."""
    path = write_game(tmp_path / "game.json", start_position(2, 3), [])
    report = json.loads(run("rules", "machine", path, "--format", "json").stdout)
    assert report["ties"] > 1 and report["all_ties"]  # a fresh start has equally good turns
    text = run("rules", "machine", path).output
    assert f"; one of {report['ties']:,} equally good turns, drawn by seed 0\n" in text


def test_a_persons_seat_beside_machines_is_said_to_be_a_persons(tmp_path, game):
    """At the table of docs/seats.md one run too many worked out the person's own turn
    as an extreme machine's ("plays turn 1 as an extreme machine"), and --play would have
    appended it: the report says whose seat it is."""
    players = [
        Player("Red"),
        Player("Blue", kind="extreme-machine"),
        Player("Grey", kind="machine"),
    ]
    stacks = [{(0, 0): 1}, {(1, 1): 1}, {(-1, -1): 1}]
    start = Position.from_stacks([TILE], players, stacks)
    path = write_game(tmp_path / "solo.json", start, [])
    said = run("rules", "machine", path).stdout
    assert f"{path}: seat 1 (Red) plays turn 1 of the game as an extreme machine\n" in said
    assert (
        "\nnote: seat 1 (Red) is a person's seat (the machines are seats 2 and 3): this is the "
        "turn an extreme machine would make there; a person makes their own turn and adds it "
        "to the file's turns\n"
    ) in said
    # The machine's own turn, and a game without machines, need no such note.
    machines_turn = write_game(tmp_path / "next.json", start, [[]])
    assert "note:" not in run("rules", "machine", machines_turn).stdout
    path, _ = game
    assert "note:" not in run("rules", "machine", path).stdout
