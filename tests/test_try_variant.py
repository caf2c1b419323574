"""benchmarks/try_variant.py: the variant it builds and the errors for bad pairs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from try_variant import variant  # noqa: E402

from fabgen.play.strong import Settings  # noqa: E402


def test_pairs_change_settings_and_weights_and_nothing_else():
    got = variant(["keep=3", "stone=0.6", "early=0.5"])
    default = Settings()
    assert got.keep == 3 and isinstance(got.keep, int)
    assert got.early == 0.5 and got.weights.stone == 0.6
    assert got.rounds == default.rounds and got.weights.held == default.weights.held
    assert variant([]) is None  # the default player itself, deeper with two seats


@pytest.mark.parametrize("pair", ["kep=3", "keep", "keep=many", "stone=-1"])
def test_a_bad_pair_is_refused(pair):
    with pytest.raises(ValueError):
        variant([pair])


def test_the_command_line_refuses_an_unknown_key_with_exit_2():
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "try_variant.py"), "kep=3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and "known key" in result.stderr


def test_continue_game_replays_the_matchs_game_up_to_the_turn_it_continues_from():
    # Continued from its last turn, a game of the match ends at once with its own
    # scores: the first part is the match's game, turn for turn. (Three seats: with
    # two the default searches ten times as deep, too slow for a test.)
    import strength
    from continue_game import continuations

    game = strength.play_one("3p-triangle-4", "strong", "random", 1, 3)
    turns, results = continuations("3p-triangle-4", 3, "random", game.turns, 1, ["keep=3"])
    assert turns == game.turns
    assert [label for label, _ in results] == ["default", "keep=3"]
    assert all(finals == [game.scores[game.test_seat]] for _, finals in results)
    # from an earlier turn the continuations are played on, with other seeds
    turns, results = continuations("3p-triangle-4", 3, "random", 4, 2, [])
    assert turns == 4 and all(len(finals) == 2 for _, finals in results)
    # a game of a match with other seeds (why_zero.py --seed 201) is that match's game
    other = strength.play_one("3p-triangle-4", "strong", "random", 201, 3)
    turns, results = continuations("3p-triangle-4", 3, "random", other.turns, 1, [], seed=201)
    assert turns == other.turns and results[0][1] == [other.scores[other.test_seat]]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["2p-line-7", "0", "kep=3"], "kep=3"),
        (["2p-nowhere", "0"], "unknown preset"),
        (["2p-line-7", "-1"], "0 or more"),
        (["2p-line-7", "0", "--times", "0"], "1 or more"),
        (["2p-line-7", "0", "--field", "nobody"], "not a player"),
    ],
)
def test_continue_game_refuses_bad_arguments_with_exit_2(args, words):
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "continue_game.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and words in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--boards", "2p-nowhere"], "2p-nowhere is not a board"),
        (["--seeds", "1,two"], "--seeds: '1,two' is not a comma-separated list"),
        (["--against", "random,strong"], "--against: give greedy, random or both"),
    ],
)
def test_bench_strength_refuses_bad_boards_seeds_and_players_with_exit_2(flags, said):
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_strength.py"), *flags],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and said in result.stderr
    assert "bench_strength:" not in result.stdout  # refused before anything is played


def test_with_the_variant_as_the_field_every_persons_seat_plays_it(monkeypatch):
    import strength

    made = []

    class Recording(strength.Strong):
        def __init__(self, settings=None, name="strong"):
            made.append(settings)
            super().__init__(settings, name)

    monkeypatch.setattr(strength, "Strong", Recording)
    monkeypatch.setitem(strength.CUSTOM, "variant", variant(["keep=3"]))
    game = strength.play_one("3p-triangle-4", "variant", "variant", 1, 0)
    assert len(made) == 3 and all(settings.keep == 3 for settings in made)
    assert game.seats == 3 and (game.capped or len(game.scores) == 3)


@pytest.mark.parametrize(
    ("script", "args", "words"),
    [
        ("why_zero.py", ["2p-nowhere"], "or one of the boards built here: 2p-line-7"),
        ("try_variant.py", ["--field", "nobody"], "'nobody' is not a player"),
        ("tune_strong.py", ["--boards", "2p-nowhere"], "unknown preset '2p-nowhere'"),
    ],
)
def test_a_match_with_an_unknown_board_or_player_is_refused_before_it_starts(script, args, words):
    # The games are played in worker processes: a misspelt name ended the match with a
    # worker's traceback (before fabgen's errors pickled, "BrokenProcessPool", no name).
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
