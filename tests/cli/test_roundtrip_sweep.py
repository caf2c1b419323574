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
