"""Positions fed back to the rules commands, damaged: rules turn --format json's
"position", rules replay --format json's line and a transcript from the middle of a
game, each key given a value of the wrong type, through rules turn, replay and machine.
Each ends with its answer, or exit 1/2 and one paragraph, never a traceback, a hang or
half an answer (docs/design-notes.md, Bad input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.harness import check_outcome, key_paths, replaced, run_cli

MID_GAME = Path(__file__).parents[1] / "board" / "data" / "mid-game.json"
FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ODD = [
    "x", "", None, [], {}, -0.0, 1e308, -1, 10**25, True, 1.5, float("nan"), float("inf"),
    "\ud800", "\u202ea1", "a\u200d1", [[[[1]]]], "x" * 100_000,
]  # fmt: skip
COMMANDS = {
    "turn": ["rules", "turn", "{f}"],
    "turn json": ["rules", "turn", "{f}", "--format", "json"],
    "replay json": ["rules", "replay", "{f}", "--format", "json"],
    "machine json": ["rules", "machine", "{f}", "--format", "json", "--budget", "50"],
}


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    """The three kinds of position a player feeds back, as JSON objects."""
    folder = tmp_path_factory.mktemp("positions")
    game = folder / "game.json"
    game.write_text(MID_GAME.read_text("utf-8"), "utf-8")
    turn = run_cli(["rules", "turn", game, "--format", "json"])
    replay = run_cli(["rules", "replay", game, "--format", "json"])
    assert turn.exit_code == 0 and replay.exit_code == 0, turn.output + replay.output
    return {
        "transcript": json.loads(MID_GAME.read_text("utf-8")),
        "turn's position": json.loads(turn.output)["position"],
        "replay's line": json.loads(replay.output),
    }


def check_answer(outcome, args, command: str) -> None:
    """No traceback; JSON asked for is one whole object; a refusal is one paragraph
    and no half of the answer."""
    check_outcome(outcome, args)
    text = outcome.output.strip()
    if outcome.exit_code == 0 and command.endswith("json"):
        json.loads(text)
    if outcome.exit_code == 2 and command != "replay json":  # (replay: its JSON record)
        assert text.startswith("Error: ") and "\n\n" not in text, text[-2000:]


@FUZZ
@given(data=st.data())
def test_a_position_with_a_key_of_the_wrong_type(tmp_path_factory, positions, data):
    kind = data.draw(st.sampled_from(sorted(positions)))
    path = data.draw(st.sampled_from(list(key_paths(positions[kind]))))
    new = data.draw(st.sampled_from(ODD))
    command = data.draw(st.sampled_from(sorted(COMMANDS)))
    file = tmp_path_factory.mktemp("p") / "position.json"
    text = json.dumps(replaced(positions[kind], path, new), allow_nan=True)
    file.write_text(text, "utf-8", errors="surrogatepass")
    args = [a.format(f=file) for a in COMMANDS[command]]
    check_answer(run_cli(args), args, command)


@FUZZ
@given(data=st.data())
def test_a_position_cut_short(tmp_path_factory, positions, data):
    kind = data.draw(st.sampled_from(sorted(positions)))
    text = json.dumps(positions[kind])
    text = text[: data.draw(st.integers(0, len(text) - 1))]
    command = data.draw(st.sampled_from(sorted(COMMANDS)))
    file = tmp_path_factory.mktemp("p") / "position.json"
    file.write_text(text, "utf-8")
    args = [a.format(f=file) for a in COMMANDS[command]]
    outcome = run_cli(args)
    check_answer(outcome, args, command)
    assert outcome.exit_code == 2, outcome.output


def _game(tmp_path, name: str, **changes) -> Path:
    game = json.loads(MID_GAME.read_text("utf-8"))
    game.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(game, separators=(",", ":")), "utf-8")
    return path


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_game_of_a_million_turns_is_refused_at_once(tmp_path, command):
    game = _game(tmp_path, "long.json", turns=[[]] * 1_000_000)  # 3 MB of passes
    args = [a.format(f=game) for a in COMMANDS[command]]
    outcome = run_cli(args)
    check_answer(outcome, args, command)
    assert outcome.exit_code == 2 and "1,000,000 turns" in outcome.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_board_of_ten_thousand_tiles_is_refused_at_once(tmp_path, command):
    tile = ["b2", "c2", "c3", "b3", "a2", "a1", "b1"]
    game = _game(tmp_path, "wide.json", segments=[tile] * 10_000)
    args = [a.format(f=game) for a in COMMANDS[command]]
    outcome = run_cli(args)
    check_answer(outcome, args, command)
    assert outcome.exit_code == 2 and "10,000 segments" in outcome.output


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "folder", "fifo"])
def test_special_files_given_to_the_newer_commands(tmp_path, special):
    import os

    if special == "fifo":
        os.mkfifo(tmp_path / "fifo.json")
        special = tmp_path / "fifo.json"
    elif special == "folder":
        special = tmp_path
    for args in (
        ["rules", "turn", special, "--format", "json"],
        ["rules", "machine", special, "--format", "json"],
        ["rules", "machine", special, "--play"],
        ["balance", special, "--suggest-starts", "--games", "1"],
        ["balance", special, "--save-games", "1", "--games", "1"],
    ):
        outcome = run_cli(args)
        check_outcome(outcome, args)
        assert outcome.exit_code == 2, (args, outcome.output)
        assert "regular file" in outcome.output or "is a folder" in outcome.output


@pytest.mark.parametrize("key", ["turns_played", "passes"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_count_of_turns_no_game_reaches_is_refused(tmp_path, key, command):
    """A position that says 10**25 turns were played is a damaged file: refused by
    name, where it was printed back as turn 10000000000000000000000001."""
    path = _game(tmp_path, "position.json", **{key: 10**25})
    args = [a.format(f=path) for a in COMMANDS[command]]
    outcome = run_cli(args)
    check_answer(outcome, args, command)
    assert outcome.exit_code == 2, outcome.output
    assert f"$.{key}: expected a whole number from 0 to 1,000,000" in outcome.output
