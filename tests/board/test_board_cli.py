"""``fabgen boards`` and ``fabgen validate`` as users run them: output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fabgen.board.files import preset_names

BROKEN = Path(__file__).parent / "broken"
DATA = Path(__file__).parent / "data"


def test_boards_lists_every_preset_with_players_tiles_and_fields(cli):
    result = cli("boards")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split() == ["name", "players", "tiles", "fields", "description"]
    assert lines[-1].startswith("players: people, and +Nm for N seats that play themselves")
    rows = {line.split()[0]: line.split()[1:4] for line in lines[1:-1]}
    assert sorted(rows) == preset_names()
    # people and machines apart: solo against two machines of two colours is 1+2m
    assert rows["1p-triangle-5-two-machines"] == ["1+2m", "15", "105"]
    assert rows["1p-triangle-5-machine"] == ["1+1m", "15", "105"]
    assert rows["4p-hexagon-19-machines"] == ["4+2m", "19", "133"]
    assert rows["5p-hexagon-19-dummy"] == ["5+1m", "19", "133"]
    assert rows["4p-diamond-5-stacks"] == ["4", "25", "175"]
    assert rows["6p-hexagon-19"] == ["6", "19", "133"]
    assert rows["6p-hexagon-37"] == ["6", "37", "259"]
    assert rows["6p-ring-20"] == ["6", "20", "140"]
    assert rows["3p-triangle-4"] == ["3", "10", "70"]
    assert rows["2p-diamond-5"] == ["2", "25", "175"]


def test_boards_as_json_and_show(cli):
    data = json.loads(cli("boards", "--format", "json").output)
    assert {d["name"] for d in data} == set(preset_names())
    assert all(d["description"] for d in data)
    # as docs/tutorials/board.md describes it: players counts every seat
    keys = ["name", "players", "people", "machines", "tiles", "fields", "description"]
    assert all(list(d) == keys and d["players"] == d["people"] + d["machines"] for d in data)
    solo = next(d for d in data if d["name"] == "1p-triangle-5-machine")
    assert (solo["players"], solo["people"], solo["machines"]) == (2, 1, 1)
    text = cli("boards", "--show", "3p-triangle-4").output
    assert text.startswith("# Atlantis board file") and 'name = "3p-triangle-4"' in text
    transcript = json.loads(cli("boards", "--show", "3p-triangle-4", "--as", "transcript").output)
    assert transcript["format"] == "Atlantis transcript" and len(transcript["segments"]) == 10
    bad = cli("boards", "--show", "nope")
    assert bad.exit_code == 2
    assert "unknown preset 'nope': choose one of" in bad.output


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("6p-hexagn-19", "6p-hexagon-19"), ("3P-Triangle-4", "3p-triangle-4"),
     ("4p-hexagon-19-machine", "4p-hexagon-19-machines")],
)  # fmt: skip
def test_a_preset_name_typed_nearly_right_is_named(cli, typed, meant):
    """A typo gets the name meant first, before the list of every preset."""
    bad = cli("layout", "--preset", typed)
    assert bad.exit_code == 2
    assert f"unknown preset '{typed}' (did you mean '{meant}'?): choose one of" in bad.output


def test_validate_a_good_board_exits_0(cli):
    result = cli("validate", "--preset", "6p-hexagon-19")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "preset 6p-hexagon-19: board 6p-hexagon-19: 6 players, 19 tiles, 133 fields"
    assert lines[-1] == "0 errors, 0 warnings, 5 notes"
    assert any(
        line.startswith("info [seat-rotation] the 60° counter-clockwise rotation") for line in lines
    )


def test_validate_a_board_with_errors_exits_1(cli):
    path = BROKEN / "shared-field.toml"
    result = cli("validate", path)
    assert result.exit_code == 1
    assert "error [field-shared] seat 2, field -c2: -c2 has stones of seat 1 (Red)" in result.output
    assert result.output.splitlines()[-1] == "1 error, 0 warnings, 3 notes"


def test_validate_json(cli):
    result = cli("validate", BROKEN / "disconnected.toml", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["file"] == str(BROKEN / "disconnected.toml")
    assert data["findings"][0]["code"] == "board-disconnected"
    assert data["findings"][0]["where"] == {"tile": 10}
    assert data["summary"]["errors"] == 1


def test_validate_a_transcript_and_the_kit(cli):
    result = cli(
        "validate",
        DATA / "online-setup-2p.json",
        "--stones-per-player",
        "10",
        "--dead-markers",
        "3",
    )
    assert result.exit_code == 0
    assert "warning [stones-supply] the kit has 10 stones per player" in result.output
    assert "warning [markers-supply]" in result.output and "17 more dead markers" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give a board FILE (board file .toml or transcript .json) or --preset NAME"),
        (("x.toml", "--preset", "6p-star-19"), "not both or neither"),
        (("missing.toml",), "missing.toml: no such file: check the name"),
        (("--preset", "7p"), "unknown preset '7p'"),
        (
            ("--preset", "6p-star-19", "--stones-per-player", "-1"),
            "--stones-per-player -1 is outside the allowed range; allowed: 0 to 2,000",
        ),
        (("--preset", "6p-star-19", "--players", "random"), "--players only works with --simulate"),
        (
            ("--preset", "6p-star-19", "--seed", "3", "--jobs", "2"),
            "--seed and --jobs only work with --simulate N",
        ),
        (("--preset", "6p-star-19", "--variant", "1995"), "--variant only works with --simulate"),
    ],
)
def test_validate_unreadable_input_exits_2(cli, args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("validate", *args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize(("args", "variant"), [(("--variant", "1995"), "1995"), ((), "online")])
def test_validate_simulates_under_the_variant_asked_for(cli, monkeypatch, args, variant):
    from fabgen.play import balance

    played = []

    def play_game(start, policies, rules, *rest, **options):
        played.append(rules)
        return real(start, policies, rules, *rest, **options)

    real = balance.play_game
    monkeypatch.setattr(balance, "play_game", play_game)
    simulate = (
        "--preset",
        "3p-triangle-4",
        "--simulate",
        "4",
        "--players",
        "random",
        "--jobs",
        "1",
    )
    result = cli("validate", *simulate, *args)
    assert result.exit_code == 0, result.output
    assert played == [variant] * 4
    rules = ", variant 1995" if variant == "1995" else ""
    assert f"4 simulated games (random players{rules}, seed 0)" in result.output


def test_validate_names_the_json_path_of_a_bad_transcript(cli, tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "Atlantis transcript", "version": "1.0", "segments": [["a1", 5]]}')
    result = cli("validate", path)
    assert result.exit_code == 2
    assert f"{path} at $.segments[0][1]: expected a field name (a string), found the number 5" in (
        " ".join(result.output.split())
    )


def test_validate_tells_file_types_apart_by_content(cli, tmp_path):
    toml = tmp_path / "board.txt"
    toml.write_text("[board]\ntiles = [[0, 0]]\n")
    transcript = tmp_path / "game.txt"
    transcript.write_text((DATA / "online-setup-2p.json").read_text())
    assert "player-count" in cli("validate", toml).output
    assert cli("validate", transcript).exit_code == 0


def test_machine_presets_name_people_and_machines(cli, tmp_path):
    result = cli("validate", "--preset", "1p-triangle-5-two-machines")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "preset 1p-triangle-5-two-machines: board 1p-triangle-5-two-machines: 1 person and "
        "2 machine seats, 15 tiles, 105 fields"
    )
    # one note for the two machines' alike corner stacks
    assert result.output.count("info [start-explodes] seats 2 and 3: ") == 1
    laid = cli("layout", "--preset", "4p-hexagon-19-machines", "--paper", "a4", "--out", tmp_path)
    assert laid.exit_code == 0, laid.output
    assert laid.output.startswith("board 4p-hexagon-19-machines: 4 people and 2 machine seats")


# A hand-written board: stack starts in the three corners of the 10-tile triangle (each a
# tile's middle field, so a stack of 6 reaches its capacity), two seats named alike.
STACK_STARTS = """
[board]
name = "club-stacks"
handedness = "cw"
origin = "b2"
tiles = [[-1, 2], [-1, 1], [0, 1], [-1, 0], [0, 0], [1, 0], [-1, -1], [0, -1], [1, -1], [2, -1]]

[[players]]
name = "Ann"
stacks = { -d1 = 6 }

[[players]]
name = "Bob"
stacks = { f7 = 6 }

[[players]]
name = " ann"
stacks = { c-2 = 6 }
"""


def test_validate_names_alike_seats_and_one_note_for_alike_stack_starts(cli, tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(STACK_STARTS)
    text = cli("validate", path)
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert [ln for ln in lines if "[name-shared]" in ln] == [
        "warning [name-shared] seat 3: seat 1 (Ann) and seat 3 (ann) have the same name "
        "(capitals and spaces aside): every list, legend and score line would name them "
        "alike, told apart by their seat numbers only; give seat 3 a name of its own"
    ]
    assert [ln for ln in lines if "[start-explodes]" in ln] == [
        "info [start-explodes] seats 1, 2 and 3: each start stack of 6 stones explodes in its "
        "seat's first turn, after that seat's moves (as a stack start, a machine or a dummy "
        "should): seat 1 (Ann)'s on -d1, seat 2 (Bob)'s on f7 and seat 3 (ann)'s on c-2, "
        "fields of 6 live neighbours"
    ]
    data = json.loads(cli("validate", path, "--format", "json").output)
    by_code = {}
    for f in data["findings"]:
        by_code.setdefault(f["code"], []).append(f)
    (named,) = by_code["name-shared"]
    assert named["severity"] == "warning" and named["where"] == {"player": 3}
    (explodes,) = by_code["start-explodes"]
    assert explodes["where"] == {"players": [1, 2, 3]}
    assert explodes["message"] in text.output
    assert data["summary"]["warnings"] == text.output.count("\nwarning [")


@pytest.mark.parametrize(
    ("preset", "seats"), [("4p-diamond-5-stacks", 4), ("5p-hexagon-18-stacks", 5)]
)
def test_stack_start_presets_give_one_note_for_their_seats(cli, preset, seats):
    text = cli("validate", "--preset", preset).output
    numbers = ", ".join(map(str, range(1, seats))) + f" and {seats}"
    assert text.count("[start-explodes]") == 1
    assert f"info [start-explodes] seats {numbers}: each start stack of 6 stones" in text
    data = json.loads(cli("validate", "--preset", preset, "--format", "json").output)
    (note,) = [f for f in data["findings"] if f["code"] == "start-explodes"]
    assert note["where"] == {"players": list(range(1, seats + 1))}


def test_the_options_that_need_simulate_say_so_before_their_own_sentence():
    # "With --simulate: Who plays: ..." began a sentence after a colon.
    from fabgen.cli.balance_options import SCHEDULER_HELP
    from fabgen.cli.boards_cmd import validate
    from fabgen.settings import SETTINGS

    leads = [p for p in validate.params if (p.help or "").startswith("With --simulate")]
    assert len(leads) >= 5
    for param in leads:
        own = SETTINGS[param.name].help if param.name in SETTINGS else SCHEDULER_HELP
        assert param.help.startswith(f"With --simulate only. {own}"), param.help


@pytest.mark.parametrize("preset", preset_names())
def test_validate_and_layout_count_the_seats_in_the_same_words(cli, tmp_path, preset):
    # validate said "4 seats (2 people, 2 machines)" where layout (and build) said "2
    # people and 2 machine seats" of the same board.
    import re

    from fabgen.board.files import load_preset

    checked = cli("validate", "--preset", preset).output.splitlines()[0]
    # One paper: the summary line counts the board's seats whatever the papers (a
    # second paper's pages would add time, not a check).
    result = cli("layout", "--preset", preset, "--paper", "a4", "--out", tmp_path)
    laid = result.output.splitlines()[0]
    seats = re.search(rf"board {preset}: (.+?), \d+ tiles", checked)[1]
    assert laid.startswith(f"board {preset}: {seats}, "), (checked, laid)
    board = load_preset(preset)
    if board.machines:
        assert seats.endswith(f"{board.machines} machine seat" + "s" * (board.machines > 1))
