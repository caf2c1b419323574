"""Supply from simulated games: fabgen validate --simulate and a kit with
supply = "simulate" give the same numbers."""

import re

import pytest

from fabgen.board import load_preset
from fabgen.board.supply import simulated_supply, supply_needed, with_margin
from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import KitError, plan_kit, stones_per_colour
from fabgen.kitbuild.render import kit_bom
from fabgen.play.balance import simulate


def test_margin_is_ten_percent_rounded_up():
    assert [with_margin(p) for p in (0, 10, 30, 31)] == [0, 11, 33, 35]


def test_simulated_supply_follows_the_peaks():
    board = load_preset("3p-triangle-4")
    report = simulate(board, 40, ("random",))
    supply = simulated_supply(board, report)
    top = max(p["p95"] for p in report["stones_peak"])
    assert supply.stones_per_player == with_margin(top)
    assert supply.growing_markers == with_margin(report["markers_peak"]["growing"]["p95"])
    dead = report["markers_peak"]
    assert supply.dead_markers == with_margin(dead["dead_tiles_lifted"]["p95"])
    # The dead fields at the end plus the margin, but no more than the board's fields.
    assert supply.dead_markers_unlifted == min(with_margin(dead["dead"]["p95"]), 70)
    assert supply.dead_markers < supply.dead_markers_unlifted  # tiles die whole on 70 fields
    assert "40 simulated games (random players, seed 0)" in supply.stones_basis
    # Random play piles up far more stones than the 20 % rule's 14 (the point).
    assert supply.stones_per_player > supply_needed(board).stones_per_player


def test_kit_and_validate_simulate_agree(tmp_path, cli):
    kit_file = tmp_path / "kit.toml"
    kit_file.write_text(
        '[kit]\nboard = "3p-triangle-4"\nsupply = "simulate"\n'
        'simulate_games = 40\nsimulate_players = "random"\n'
    )
    plan = plan_kit(load_kit(kit_file))
    bom = kit_bom(plan, {})
    result = cli("validate", "--preset", "3p-triangle-4", "--simulate", "40", "--players", "random")
    stones = re.search(r"each colour needs about (\d+) stones", result.stdout)
    markers = re.search(r"about (\d+) growing markers and (\d+) dead markers", result.stdout)
    assert stones and markers, result.stdout
    assert stones_per_colour(plan) == bom["stones"]["per_colour"] == int(stones.group(1))
    assert (bom["markers"]["growing"], bom["markers"]["dead"]) == (
        int(markers.group(1)),
        int(markers.group(2)),
    )
    assert "simulated games" in bom["stones"]["basis"]


def test_a_simulated_kit_shows_the_same_pieces_on_the_setup_diagram_and_board_bom(tmp_path):
    from fabgen.products.layout import LayoutParams, layout_files

    kit_file = tmp_path / "kit.toml"
    kit_file.write_text(
        '[kit]\nboard = "3p-triangle-4"\nsupply = "simulate"\n'
        'simulate_games = 20\nsimulate_players = "random"\n'
    )
    plan = plan_kit(load_kit(kit_file))
    files = layout_files(LayoutParams(plan.board, papers=("a4",), supply=plan.supply)).files
    bom = files["3p-triangle-4-bom.txt"].decode()
    n = plan.supply.stones_per_player
    assert f"{n} per colour" in bom and "simulated games" in bom
    assert f"Pieces: {n} stones per colour".encode() in files["3p-triangle-4-setup.svg"]


def test_a_kit_simulated_by_players_that_place_no_stones_names_the_key(tmp_path, cli):
    for players in ("machine", "strong, extreme-machine, random", "foo"):
        kit_file = tmp_path / "kit.toml"
        kit_file.write_text(
            f'[kit]\nsupply = "simulate"\nsimulate_games = 2\nsimulate_players = "{players}"\n'
        )
        result = cli("build", kit_file, "--out", tmp_path / "out")
        assert result.exit_code == 2
        assert "error [kit-stones] kit.simulate_players: '" in result.output
        assert "give strong, greedy or random (strong:N" in result.output
        assert "[stones] must be" not in result.output
        assert not (tmp_path / "out").exists()
    with pytest.raises(KitError, match=r"kit\.simulate_players: names 2 players but the board"):
        kit_file.write_text('[kit]\nsupply = "simulate"\nsimulate_players = "random, greedy"\n')
        plan_kit(load_kit(kit_file))
