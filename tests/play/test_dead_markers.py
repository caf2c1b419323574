"""Dead markers on the board when every all-dead tile is lifted off (the 1995 rules
allow it): the most at once per game, against the dead fields at the end."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.board import load_preset
from fabgen.board.supply import ROOM_NOTE, simulated_markers, simulated_supply, with_margin
from fabgen.play.balance import (
    BalanceOptions,
    balance_report,
    report_text,
    run_balance,
    simulate,
)
from fabgen.play.selfplay import dead_markers_on_board, play_game
from fabgen.rules.random_games import random_game
from fabgen.rules.setup import position_from_names
from fabgen.rules.state import DEAD, Position
from fabgen.rules.turn import Turn, play_turn


def test_dead_fields_of_an_all_dead_tile_need_no_markers():
    # Tile "a1 b1" is all dead: lifted off. Tile "c1 d1" has one dead field: 1 marker.
    pos = position_from_names(["a1 b1", "c1 d1"], [{"a1": 0, "b1": 0, "c1": 0}, {"d1": 1}])
    assert pos.status_codes.count(DEAD) == 3
    assert dead_markers_on_board(pos) == 1


def test_a_short_game_frees_the_markers_of_the_tiles_that_die():
    """Two seats that pass; Red's single stone on a1 sets off a chain that kills the
    whole board in three turns. After the first turn tile "a1 b1" is all dead (lifted
    off, its 2 markers free) and "c1 d1 e1 f1" has 2 dead fields: 2 markers on the board
    for 4 dead fields. At the end every field is dead, every tile lifted off: 0 markers
    on the board for 6 dead fields. The most at once is 2, the dead at the end 6."""
    start = position_from_names(["a1 b1", "c1 d1 e1 f1"], [{"a1": 1}, {"f1": 1}])
    record = play_game(start, [None, None], "online", random.Random(0), keep_moves=True)
    assert record.turns == 3 and not record.capped
    first = Turn(start).finish()[0]
    assert [first.status(f) for f in ("a1", "b1")] == ["dead", "dead"]
    assert first.status_codes.count(DEAD) == 4 and dead_markers_on_board(first) == 2
    assert record.dead_peak == 6
    assert record.dead_lifted_peak == 2


def _recount(pos: Position) -> int:
    """Brute force: the dead fields whose tile has a field that is not dead."""
    tile_of, status = pos.board.tile_of, pos.status_codes
    standing = {tile_of[i] for i, s in enumerate(status) if s != DEAD}
    return sum(1 for i, s in enumerate(status) if s == DEAD and tile_of[i] in standing)


class Script:
    """A policy that plays the turns of a game made beforehand, whoever's turn it is."""

    name = "script"

    def __init__(self, start: Position, turns):
        self.start, self.turns = start, turns

    def choose_turn(self, pos, variant, rng):
        return list(self.turns[pos.turns_played - self.start.turns_played])


@settings(deadline=None, max_examples=30)
@given(
    st.sampled_from(["3p-triangle-4", "2p-diamond-4", "6p-hexagon-19"]),
    st.integers(0, 10**6),
    st.sampled_from([0.0, 0.5, 1.0]),
)
def test_the_lifted_peak_is_the_recount_over_every_position_of_random_games(
    preset, seed, explode_bias
):
    start = load_preset(preset).position()
    turns, final = random_game(start, seed, max_turns=150, explode_bias=explode_bias)
    script = Script(start, turns)
    record = play_game(
        start, [script] * len(start.players), "online", random.Random(0), max_turns=len(turns)
    )
    assert record.turns == len(turns)
    positions = [start]
    for moves in turns:
        positions.append(play_turn(positions[-1], moves)[0])
    assert positions[-1] == final
    assert record.dead_peak == final.status_codes.count(DEAD)
    assert record.dead_lifted_peak == max(_recount(p) for p in positions)
    assert record.dead_lifted_peak <= record.dead_peak


@pytest.fixture(scope="module")
def games():
    board = load_preset("3p-triangle-4")
    run = run_balance(board, BalanceOptions(games=30, players=("random",), seed=2))
    return board, run, balance_report(run)


def test_the_report_gives_both_figures_and_the_supply_uses_the_lifted_one(games):
    board, run, report = games
    markers = report["markers_peak"]
    assert [r.dead_lifted_peak for r in run.records] != [r.dead_peak for r in run.records]
    assert markers["dead"]["max"] == max(r.dead_peak for r in run.records)
    assert markers["dead_tiles_lifted"]["max"] == max(r.dead_lifted_peak for r in run.records)
    assert markers["dead_tiles_lifted"]["p95"] < markers["dead"]["p95"]
    supply = simulated_supply(board, report)
    assert supply.dead_markers == with_margin(markers["dead_tiles_lifted"]["p95"])
    # Random games burn the board down: the margin is cut to the board's 70 fields.
    assert markers["dead"]["p95"] == len(board.field_tiles) == 70
    assert supply.dead_markers_unlifted == 70 < with_margin(markers["dead"]["p95"])
    said = (
        f"{supply.dead_markers} dead markers when all-dead tiles are lifted off "
        f"({supply.dead_markers_unlifted} if none is)"
    )
    assert supply.dead_markers_text == said
    assert said in report_text(report)
    assert "if no tile is lifted off" in supply.markers_basis[1]


def test_the_margin_never_takes_a_marker_figure_past_what_the_board_holds():
    """A marker per field; with all-dead tiles lifted off, each tile left keeps a field
    that is not dead (133 fields on 19 tiles: 114 at most). Below that the margin."""
    peaks = {"growing": {"p95": 130}, "dead_tiles_lifted": {"p95": 120}, "dead": {"p95": 133}}
    assert simulated_markers(peaks, 133, 19) == {
        "growing": 133,
        "dead_tiles_lifted": 114,
        "dead": 133,
    }
    peaks = {"growing": {"p95": 10}, "dead_tiles_lifted": {"p95": 40}, "dead": {"p95": 100}}
    assert simulated_markers(peaks, 133, 19) == {
        "growing": 11,
        "dead_tiles_lifted": 44,
        "dead": 110,
    }


def test_burnt_down_boards_get_no_more_dead_markers_than_fields():
    """60 random games burn 6p-hexagon-19 (133 fields) down: the dead fields at the end
    reach 133 in most, and the margin made that 147 markers (the design notes' 142)."""
    board = load_preset("6p-hexagon-19")
    report = simulate(board, 60, ("random",))
    fields, tiles = len(board.field_tiles), len(board.tiles)
    peaks = report["markers_peak"]
    assert peaks["dead"]["p95"] == fields == 133 and report["tiles"] == tiles == 19
    assert with_margin(peaks["dead"]["p95"]) > fields
    supply = simulated_supply(board, report)
    assert supply.dead_markers_unlifted == fields and supply.markers_capped == ("dead",)
    assert supply.dead_markers <= fields - tiles and supply.growing_markers <= fields
    # Said of the figure that was cut, not of the others (the growing markers').
    assert ROOM_NOTE in supply.markers_basis[1] and ROOM_NOTE not in supply.markers_basis[0]
    assert supply.markers_basis[1].endswith(f"end of a game, {ROOM_NOTE})")
    text = report_text(report)
    assert f"({fields} if none is)" in text and ROOM_NOTE in text
