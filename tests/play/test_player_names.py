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
