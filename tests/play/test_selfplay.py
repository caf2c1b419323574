"""Self-play: the random policy, deterministic games, capped games, machine seats."""

import random

import pytest

from fabgen.board import Board, Seat, SeatKind, load_preset
from fabgen.errors import ParameterError
from fabgen.play import get_policy
from fabgen.play.balance import BalanceOptions, balance_report, run_balance
from fabgen.play.random_policy import RandomPolicy
from fabgen.play.selfplay import game_rng, play_game, seat_policies
from fabgen.rules.scoring import game_over, scores
from fabgen.rules.turn import Turn, play_turn, replay


@pytest.fixture(scope="module")
def triangle():
    return load_preset("3p-triangle-4")


def test_random_policy_makes_legal_moves_at_most_one_per_tile(triangle):
    start = triangle.position()
    policy = get_policy("random")
    assert isinstance(policy, RandomPolicy) and policy.name == "random"
    rng = random.Random(3)
    pos = start
    for _ in range(30):
        moves = policy.choose_turn(pos, "online", rng)
        tiles = [pos.board.tile_of[pos.board.index[m.source]] for m in moves]
        assert len(tiles) == len(set(tiles))
        pos, _ = play_turn(pos, moves)  # raises IllegalMove for an illegal one
        if game_over(pos):
            break


def test_random_policy_samples_every_legal_move_of_a_tile():
    """On the first turn of the triangle, seat 1 has one tile and 7 stones of one each:
    every one-step move into a live field is legal. Over many turns each of them is
    chosen, about equally often (uniform over the tile's legal moves)."""
    start = load_preset("3p-triangle-4").position()
    legal = Turn(start).legal_moves()
    counts = dict.fromkeys(legal, 0)
    rng = random.Random(0)
    for _ in range(4000):
        for move in RandomPolicy(move_chance=1.0).choose_turn(start, "online", rng):
            counts[move] += 1
    assert sum(counts.values()) == 4000  # one tile: one move per turn
    expected = 4000 / len(legal)
    assert all(0.7 * expected < n < 1.3 * expected for n in counts.values())


def test_same_game_number_and_seed_give_the_same_game(triangle):
    start = triangle.position()
    policies = seat_policies(start, ["random"] * 3)
    a = play_game(start, policies, "online", game_rng(7, 12), keep_moves=True)
    b = play_game(start, policies, "online", game_rng(7, 12), keep_moves=True)
    c = play_game(start, policies, "online", game_rng(7, 13), keep_moves=True)
    assert a == b
    assert a.moves != c.moves


def test_a_finished_game_replays_to_its_recorded_scores(triangle):
    start = triangle.position()
    policies = seat_policies(start, ["random"] * 3)
    record = play_game(start, policies, "online", game_rng(0, 1), keep_moves=True)
    assert not record.capped
    final = replay(start, record.moves)
    assert game_over(final)
    assert tuple(scores(final)) == record.scores
    assert record.turns == len(record.moves) == final.turns_played
    # The peak stones are at least the start and at least what is left at the end.
    for k in range(3):
        assert record.stones_peak[k] >= max(7, final.stones_on_board(k))


def test_a_game_that_reaches_the_cap_is_capped_and_not_scored(triangle):
    start = triangle.position()
    policies = seat_policies(start, ["random"] * 3)
    capped = play_game(start, policies, "online", game_rng(0, 1), max_turns=5)
    assert capped.capped and capped.turns == 5
    assert capped.winners == () and not capped.all_zero
    # A game that ends exactly at the cap is finished, not capped.
    full = play_game(start, policies, "online", game_rng(0, 1))
    exact = play_game(start, policies, "online", game_rng(0, 1), max_turns=full.turns)
    assert not exact.capped and exact.scores == full.scores


def test_capped_games_are_counted_apart_in_the_report(triangle):
    options = BalanceOptions(games=4, players=("random",), max_turns=5)
    report = balance_report(run_balance(triangle, options))
    assert report["capped"] == 4 and report["finished"] == 0
    assert all(s["wins"] == 0 for s in report["seats"])
    assert report["favoured"] is None
    assert any("cap of 5 turns" in w for w in report["warnings"])


def test_a_machine_seat_never_moves_but_explodes_and_grows():
    board = load_preset("3p-triangle-4")
    seats = list(board.seats)
    seats[1] = Seat(seats[1].name, seats[1].colour, seats[1].stacks, SeatKind.MACHINE)
    machine_board = Board(board.tiles, tuple(seats), name="machine")
    start = machine_board.position()
    policies = seat_policies(start, ["random"] * 3)
    assert policies[1] is None
    record = play_game(start, policies, "online", game_rng(0, 2), keep_moves=True)
    assert record.moves is not None
    assert all(not moves for t, moves in enumerate(record.moves) if t % 3 == 1)
    assert any(moves for t, moves in enumerate(record.moves) if t % 3 == 0)


def test_options_are_checked_before_playing(triangle):
    with pytest.raises(ParameterError, match="at least 1"):
        BalanceOptions(games=0).check(triangle)
    with pytest.raises(ParameterError, match="players 'expert' is not a player"):
        BalanceOptions(players=("expert",)).check(triangle)
    with pytest.raises(ParameterError, match="2 players but the board has 3 seats") as refused:
        BalanceOptions(players=("random", "random")).check(triangle)
    # (in the words of --help and of an empty name's refusal: "for all seats" before)
    assert "seats: give one name for every seat or one per seat" in str(refused.value)


def test_the_play_package_is_pure():
    """Self-play loads no drawing, CAD or cluster library (Dask only for --scheduler)."""
    import subprocess
    import sys

    code = (
        "import sys; from fabgen.board import load_preset; "
        "from fabgen.play.balance import BalanceOptions, balance_report, run_balance; "
        "import fabgen.play.starts, fabgen.play.random_policy; "
        "balance_report(run_balance(load_preset('3p-triangle-4'), "
        "BalanceOptions(3, ('random',)), jobs=2)); "
        "heavy = [m for m in ('cadquery', 'OCP', 'ezdxf', 'reportlab', 'svgwrite', "
        "'shapely', 'distributed') if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("seed", range(6))
def test_the_recorded_lead_matches_the_scores_turn_by_turn(triangle, seed):
    """sole_leader against scoring.scores after every turn of a random game, and
    lead_from: the sole winner led after every turn from there on, not just before."""
    from fabgen.play.selfplay import sole_leader

    start = triangle.position()
    policies = [get_policy("random")] * 3
    record = play_game(start, policies, "online", game_rng(seed, 0), keep_moves=True)
    pos, leaders = start, []
    for moves in record.moves:
        pos, _ = play_turn(pos, moves)
        points = scores(pos)
        best = max(points)
        expected = points.index(best) if best and points.count(best) == 1 else -1
        assert sole_leader(pos) == expected
        leaders.append(expected)
    if len(record.winners) != 1:
        assert record.lead_from is None
        return
    (winner,) = record.winners
    t = record.lead_from
    assert all(leader == winner for leader in leaders[t:])
    assert t == 0 or leaders[t - 1] != winner


def test_the_public_views_are_the_fields_as_read_one_by_one(triangle):
    pos = triangle.position()
    pos, _ = play_turn(pos, get_policy("random").choose_turn(pos, "online", random.Random(1)))
    for i, state in enumerate(pos.fields()):
        assert pos.status_codes[i] == ("live", "growing", "dead").index(state.status.value)
        assert pos.stone_counts[i] == state.stones
        assert pos.capacities[i] == pos.capacity(state.field)
    copy = pos.copy()
    assert copy == pos and copy is not pos
