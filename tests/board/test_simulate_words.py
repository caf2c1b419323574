"""Words of validate's simulated games and seat advice that a user walkthrough found
wrong: the win rates' games said nothing of the games cut off at the turn cap, and
no-seat-rotation told a seat to go where it already was."""

from __future__ import annotations

import json
import re

import pytest

from fabgen.board import board_to_toml, load_preset
from fabgen.board.boardfile import parse_board_toml
from fabgen.board.validate import validate
from fabgen.play.balance import BalanceOptions, balance_report, run_balance

WALKTHROUGH = ("--simulate", "10", "--players", "random", "--seed", "3", "--jobs", "1")
CAPPED = (
    "2 of the 10 games reached the cap of 1,000 turns and are not scored (validate cannot "
    "raise the cap: fabgen balance FILE --max-turns N can)"
)


def _seat_balance(board, max_turns: int, seed: int) -> str:
    options = BalanceOptions(games=6, players=("random",), seed=seed, max_turns=max_turns)
    report = balance_report(run_balance(board, options))
    assert 0 < report["capped"] < 6  # (some games finished, some were cut off)
    (found,) = [f for f in validate(board, balance=report).findings if f.code == "seat-balance"]
    return found.message


def test_validate_simulate_says_how_many_games_reached_the_cap(cli, tmp_path):
    """The walkthrough's run: balance says "10 games (8 finished, 2 capped)"; validate
    said only "of 8 finished simulated games". validate has no --max-turns, so the
    advice names balance's."""
    board = tmp_path / "my_board.toml"
    board.write_text(board_to_toml(load_preset("6p-hexagon-19")), "utf-8")
    text = cli("validate", board, *WALKTHROUGH)
    assert text.exit_code == 0, text.output
    (line,) = [s for s in text.stdout.splitlines() if "[seat-balance]" in s]
    assert f"of 8 finished simulated games (random players); {CAPPED}; no seat" in line
    # (the option named is balance's: validate has none to name)
    assert "--max-turns" not in cli("validate", "--help").stdout
    data = json.loads(cli("validate", board, "--format", "json", *WALKTHROUGH).stdout)
    (found,) = [f for f in data["findings"] if f["code"] == "seat-balance"]
    assert CAPPED in found["message"]


def test_seat_balance_counts_capped_games_of_a_low_cap_and_of_a_solo_board():
    three = _seat_balance(load_preset("3p-triangle-4"), max_turns=120, seed=1)
    assert (
        "of 4 finished simulated games (random players); 2 of the 6 games reached the cap "
        "of 120 turns and are not scored" in three
    )
    solo = _seat_balance(load_preset("1p-triangle-5-two-machines"), max_turns=64, seed=0)
    assert solo.startswith("the one person wins")
    assert solo.endswith(
        "how hard its machines are to beat; 1 of the 6 games reached the cap of 64 turns and "
        "are not scored (validate cannot raise the cap: fabgen balance FILE --max-turns N can)"
    )


def test_seat_balance_without_capped_games_says_nothing_of_a_cap():
    board = load_preset("1p-triangle-5-two-machines")
    options = BalanceOptions(games=6, players=("random",), seed=0, max_turns=120)
    report = balance_report(run_balance(board, options))
    assert report["capped"] == 0
    (found,) = [f for f in validate(board, balance=report).findings if f.code == "seat-balance"]
    assert "cap" not in found.message


def _moved(seat: int, tile: tuple[int, int]):
    """3p-triangle-4 with one seat's start tile moved (seats count from 1)."""
    text = board_to_toml(load_preset("3p-triangle-4"))
    starts = re.findall(r"^start = \[.*\]$", text, re.M)
    assert len(starts) == 3
    old = starts[seat - 1]
    return parse_board_toml(text.replace(old, f"start = [{tile[0]}, {tile[1]}]"))


def _advice(board) -> str:
    (found,) = [f for f in validate(board).findings if f.code == "no-seat-rotation"]
    return found.message


@pytest.mark.parametrize(
    ("seat", "tile", "words"),
    [
        # The walkthrough: Green (seat 3) moved to tile 6; it said "keeping seat 1 where
        # it is, put seat 2 on tile 1, seat 3 on tile 10" of a seat 2 on tile 1.
        (3, (1, 0), "keeping seats 1 and 2 where they are, put seat 3 on tile 10"),
        # Red (seat 1) moved there: seats 2 and 3 stay, not two of three moved.
        (1, (1, 0), "keeping seats 2 and 3 where they are, put seat 1 on tile 7"),
    ],
)
def test_seat_advice_keeps_the_seats_already_in_place(seat, tile, words):
    assert _advice(_moved(seat, tile)).endswith(words)


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_seat_advice_never_puts_a_seat_where_it_is(seat):
    """Every seat of 3p-triangle-4 moved to every other free tile: no seat is told to go
    to the tile it starts on."""
    preset = load_preset("3p-triangle-4")
    taken = {_start_tile(preset, s) for s in range(3)}
    for coord in (t.coord for k, t in enumerate(preset.tiles) if k not in taken):
        board = _moved(seat, coord)
        advice = _advice(board)
        assert "where" in advice
        for s, t in re.findall(r"seat (\d) on tile (\d+)", advice):
            assert _start_tile(board, int(s) - 1) != int(t) - 1, advice


def _start_tile(board, seat: int) -> int:
    return board.tile_index(board.seats[seat].stacks[0][0])
