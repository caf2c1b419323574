"""``--players`` takes the kinds as people type them: any case, and a space or ``_`` for
the hyphen of ``extreme-machine`` (``GREEDY`` and ``Extreme-Machine`` were refused as
unknown); the games are played, and reported, by the kind's own name. An unknown name is
still refused with the list of known ones."""

from __future__ import annotations

import json

import pytest

from fabgen.errors import ParameterError
from fabgen.play.policy import POLICY_NAMES, get_policy, policy_name

PRESET = ("--preset", "3p-triangle-4")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("GREEDY", "greedy"),
        ("Random", "random"),
        (" Strong:50 ", "strong:50"),
        ("Extreme-Machine", "extreme-machine"),
        ("extreme machine", "extreme-machine"),
        ("EXTREME_MACHINE", "extreme-machine"),
        ("Machine", "machine"),
    ],
)
def test_a_kind_in_any_case_is_the_kind(typed, meant):
    assert policy_name(typed) == meant
    assert get_policy(typed).name == get_policy(meant).name


@pytest.mark.parametrize("typed", ["grandmaster", "greedy-machine", "Expert:5", "extrememachine"])
def test_an_unknown_kind_is_still_refused_with_the_known_ones(typed):
    with pytest.raises(ParameterError) as caught:
        get_policy(typed)
    message = str(caught.value)
    assert repr(typed) in message
    assert all(name in message for name in POLICY_NAMES)


def test_balance_plays_and_reports_kinds_typed_in_any_case(cli, tmp_path):
    typed = "GREEDY, Random,Extreme Machine"
    result = cli("balance", *PRESET, "--players", typed, "--games", "2", "--format", "json",
                 "--out", tmp_path / "out")  # fmt: skip
    assert result.exit_code == 0, result.output
    seats = json.loads(result.stdout)["seats"]
    assert [s["player"] for s in seats] == ["greedy", "random", "extreme-machine"]
    same = cli("balance", *PRESET, "--players", "greedy,random,extreme-machine", "--games",
               "2", "--format", "json", "--out", tmp_path / "same")  # fmt: skip
    assert json.loads(same.stdout) == json.loads(result.stdout)


def test_validate_simulate_takes_a_kind_in_any_case(cli):
    result = cli("validate", *PRESET, "--simulate", "2", "--players", "Extreme-Machine")
    assert result.exit_code == 0, result.output
    assert "(extreme-machine players, seed 0)" in result.stdout


@pytest.mark.parametrize("command", [("balance", "--games", "2"), ("validate", "--simulate", "2")])
def test_an_unknown_kind_is_refused_on_the_command_line(cli, tmp_path, command):
    result = cli(*command, *PRESET, "--players", "Grandmaster")
    assert result.exit_code == 2
    assert "--players 'Grandmaster' is not a player: choose one of random, greedy" in result.stderr


@pytest.mark.parametrize("command", [("balance", "--games", "1"), ("validate", "--simulate", "1")])
def test_a_name_per_person_beside_machines_is_told_where_the_machines_sit(cli, tmp_path, command):
    """Four names for the four people of 4p-hexagon-19-machines were refused with "the
    board has 6 seats" alone: the refusal says which seats are machines and gives the
    list to type, the people's names in their seats; that list is then played."""
    preset = ("--preset", "4p-hexagon-19-machines")
    out = ("--out", tmp_path / "o")
    written = out if command[0] == "balance" else ()
    result = cli(*command, *preset, "--players", "strong:5,greedy,random,greedy", *written)
    assert result.exit_code == 2 and not (tmp_path / "o").exists()
    said = " ".join(result.stderr.split())
    assert "the board has 6 seats (4 people and 2 machine seats, which count as seats" in said
    assert "seats 2 and 5 are machines" in said
    typed = said.rsplit("--players ", 1)[1].split()[0]
    assert typed == "strong:5,machine,greedy,random,machine,greedy"
    again = cli("balance", *preset, "--players", typed, "--games", "1", "--format", "json", *out)
    assert again.exit_code == 0, again.output
    played = [s["player"] for s in json.loads(again.stdout)["seats"]]
    assert played == ["strong:5", "machine", "greedy", "random", "machine", "greedy"]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("strong,,greedy", "has an empty name, the 2nd of 3 (two commas in a row"),
        ("greedy,random,", "has an empty name, the 3rd of 3"),
        (" , ", "names no player"),
    ],
)
@pytest.mark.parametrize("command", [("balance", "--games", "1"), ("validate", "--simulate", "1")])
def test_an_empty_name_between_commas_is_refused(cli, typed, said, command):
    """It was dropped: 'strong,,greedy,random' on a board of 4 seats was told that it
    named 3 players, and on the 3-seat triangle it played without a word, seat 2 given
    greedy and seat 3 random."""
    result = cli(*command, *PRESET, "--players", typed)
    assert result.exit_code == 2 and result.stdout == ""
    said_now = " ".join(result.stderr.split())
    assert f"--players {typed!r} {said}" in said_now
    assert said_now.endswith("give one name for every seat or one per seat, comma-separated")


@pytest.mark.parametrize("command", [("balance", "--games", "1"), ("validate", "--simulate", "1")])
def test_a_number_of_players_is_told_that_the_board_sets_it(cli, tmp_path, command):
    """An organiser who wants fair games for 5 typed --players 5 and was told only that
    '5' is not a player: the refusal says what --players is and where the number of
    seats comes from."""
    written = ("--out", tmp_path / "o") if command[0] == "balance" else ()
    result = cli(*command, *PRESET, "--players", "5", *written)
    assert result.exit_code == 2 and result.stdout == ""
    said = " ".join(result.stderr.split())
    assert said.startswith("Error: --players '5' is a number, but --players says who plays")
    assert "one seat per [[players]] table (3 players here)" in said
    assert "fabgen boards lists the presets by people" in said
