"""A sweep of round trips between commands (2026-12-01): boards designed by hand through
validate, layout, balance and rules; games saved by balance replayed and continued."""

from __future__ import annotations

import json

import pytest

SINGLE_TILE = """
[board]
name = "single"
tiles = [[0, 0]]

[[players]]
name = "Red"
colour = "red"
stacks = { a1 = 6 }

[[players]]
name = "Blue"
colour = "blue"
stacks = { b2 = 3 }
"""

CENTRE_START = """
[board]
name = "centre3"
tiles = [[0, 0], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]

[[players]]
name = "Red"
colour = "red"
start = [0, 0]

[[players]]
name = "Blue"
colour = "blue"
start = [1, 0]

[[players]]
name = "Green"
colour = "green"
start = [0, 1]
"""


def _finding(cli, path, code):
    result = cli("validate", path, "--format", "json")
    report = json.loads(result.output)
    (found,) = [f for f in report["findings"] if f["code"] == code]
    return found["message"]


@pytest.mark.parametrize(
    ("text", "advice"),
    [
        # Seat 1 sits on the centre of the rotation: keeping it there put seat 2 on
        # seat 1's own field ("keeping seat 1 where it is, put seat 2 on a1").
        (SINGLE_TILE, "keeping seat 2 where it is, put seat 1 on -a0 (3 stones)"),
        # "keeping seat 1 where it is, put seat 2 on tile 1, seat 3 on tile 1".
        (CENTRE_START, "keeping seat 2 where it is, put seat 1 on tile 4, seat 3 on tile 6"),
    ],
    ids=["single-tile", "centre-tile"],
)
def test_seat_rotation_advice_never_puts_a_seat_on_anothers_start(cli, tmp_path, text, advice):
    board = tmp_path / "board.toml"
    board.write_text(text, encoding="utf-8")
    message = _finding(cli, board, "no-seat-rotation")
    assert advice in message
    assert "keeping seat 1" not in message


def test_seat_rotation_advice_when_every_start_meets_the_centre(cli, tmp_path):
    board = tmp_path / "board.toml"
    board.write_text(SINGLE_TILE.replace("{ b2 = 3 }", "{ b2 = 3, -a0 = 3 }"), encoding="utf-8")
    message = _finding(cli, board, "no-seat-rotation")
    assert "keeping seat" not in message
    assert "move one start away from the centre" in message


def _game(cli, tmp_path, seed: int) -> dict:
    out = tmp_path / f"games-{seed}"
    result = cli(
        "balance", "--preset", "3p-triangle-4", "--games", "1", "--players", "greedy",
        "--seed", seed, "--save-games", "1", "--jobs", "1", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    game = json.loads((out / "3p-triangle-4-game-00001.json").read_text(encoding="utf-8"))
    del game["scores"], game["game_over"]
    return game


def _write(path, game: dict, turns: int):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**game, "turns": game["turns"][:turns]}), encoding="utf-8")


def _play_out(cli, game, out):
    """``fabgen rules machine GAME --play --out OUT``: the machine's turn played on."""
    return cli("rules", "machine", game, "--play", "--out", out)


def test_machine_play_out_keeps_another_game_of_the_same_name(cli, tmp_path):
    """rules machine table1/game.json --play --out table2 wrote the longer game over
    table2/game.json, another table's game, without a word."""
    one, two = _game(cli, tmp_path, 1), _game(cli, tmp_path, 2)
    assert one["turns"][0] != two["turns"][0]
    _write(tmp_path / "table1" / "game.json", one, 10)
    _write(tmp_path / "table2" / "game.json", two, 12)
    other = (tmp_path / "table2" / "game.json").read_bytes()
    result = _play_out(cli, tmp_path / "table1" / "game.json", tmp_path / "table2")
    assert result.exit_code == 2, result.output
    assert "holds another game (its turn 1 differs" in result.output
    assert "nothing was written" in result.output
    assert (tmp_path / "table2" / "game.json").read_bytes() == other
    # The same game further on would lose its later turns.
    _write(tmp_path / "table2" / "game.json", one, 15)
    result = _play_out(cli, tmp_path / "table1" / "game.json", tmp_path / "table2")
    assert result.exit_code == 2, result.output
    assert "this game 5 turns on" in result.output


@pytest.mark.parametrize("there", [None, 8, 11], ids=["none", "earlier", "played-before"])
def test_machine_play_out_replaces_the_same_game(cli, tmp_path, there):
    one = _game(cli, tmp_path, 1)
    _write(tmp_path / "table1" / "game.json", one, 10)
    if there is not None:
        _write(tmp_path / "next" / "game.json", one, there)
    result = _play_out(cli, tmp_path / "table1" / "game.json", tmp_path / "next")
    assert result.exit_code == 0, result.output
    longer = json.loads((tmp_path / "next" / "game.json").read_text(encoding="utf-8"))
    assert longer["turns"][:10] == one["turns"][:10] and len(longer["turns"]) == 11
    # In place, twice.
    for _ in range(2):
        result = _play_out(cli, tmp_path / "next" / "game.json", tmp_path / "next")
        assert result.exit_code == 0, result.output
