"""The strong player: its evaluation on hand-built positions, its decisions, its budget,
reproducible games, and clear errors for bad names and budgets."""

import dataclasses
import random

import pytest

from fabgen.board import load_preset
from fabgen.board.files import preset_names
from fabgen.play.policy import get_policy
from fabgen.play.selfplay import game_rng, play_game
from fabgen.play.strong import DEFAULT_BUDGET, Settings, Strong
from fabgen.play.territory import DEFAULT_WEIGHTS, Weights, estimate, lead
from fabgen.rules import play_turn, position_from_names
from fabgen.rules.moves import Move
from fabgen.rules.random_games import random_moves
from fabgen.rules.state import DEAD, GROWING, LIVE
from fabgen.rules.turn import Turn

# Three standard tiles in a row (centres c3, d6 ... on the online lattice): a small
# board on which walls of dead fields cut regions apart.
ROW = ["B2", "C5", "D8"]


def lead_of(position, seat=0, weights=DEFAULT_WEIGHTS):
    return lead(estimate(position, weights), seat)


def test_a_sealed_region_is_worth_more_than_the_same_fields_left_open():
    # Player 0 (A) starts on the first tile, player 1 (B) on the last. Two dead fields
    # of the last tile (c7, d7: the ones touching the middle tile) seal the first two
    # tiles off for A; left open, B's stones can reach them.
    stones = [{"b2": 2, "a1": 1}, {"d8": 2}]
    open_board = position_from_names(ROW, stones)
    sealed = position_from_names(ROW, [stones[0], {**stones[1], "c7": 0, "d7": 0}])
    assert sealed.status("c7").value == "dead"
    assert lead_of(sealed) > lead_of(open_board) + 5
    assert lead_of(sealed, 1) < lead_of(open_board, 1)


def test_burning_ones_own_fields_lowers_the_value():
    stones = {"b2": 2, "a1": 1, "c3": 1}
    whole = position_from_names(ROW, [stones, {"d8": 1}])
    burned = position_from_names(ROW, [{**stones, "b3": 0, "a2": 0, "c2": -1}, {"d8": 1}])
    assert burned.status("c2").value == "growing"
    assert lead_of(burned) < lead_of(whole)


def test_an_opponent_stone_in_a_held_region_takes_it_from_the_holder():
    alone = position_from_names(ROW, [{"b2": 1, "c5": 1}, {}])
    broken = position_from_names(ROW, [{"b2": 1, "c5": 1}, {"a1": 1}])
    assert lead_of(broken) < lead_of(alone)
    assert lead_of(broken, 1) > lead_of(alone, 1)


def test_the_strong_player_does_not_explode_its_own_sealed_region():
    # A owns the first two tiles, sealed by the dead c7 and d7; B's growing e9 keeps
    # the game going. A's b2 holds capacity - 1 stones, so a stone moved onto it
    # would blow A's land up; quiet moves are there too.
    b = {"d8": 2, "e9": -1, "c7": 0, "d7": 0}
    position = position_from_names(ROW, [{"b2": 5, "a1": 1, "c3": 1, "c5": 1}, b])
    assert position.capacity("b2") == 6
    turn = Strong(Settings(budget=200)).choose_turn(position, "online", random.Random(1))
    after, _ = play_turn(position, turn)
    assert not any(
        after.status_codes[i] in (GROWING, DEAD) and position.status_codes[i] == 0
        for i in range(len(after.board))
    ), f"{[str(m) for m in turn]} exploded a field of its own region"
    assert sum(after.stone_counts[i] for i in range(14)) == 8  # A lost no stone


def test_weights_refuse_negative_or_missing_numbers():
    with pytest.raises(ValueError, match="weight held"):
        Weights(held=-1)
    with pytest.raises(ValueError, match="weight stone"):
        Weights(stone=float("nan"))


def test_same_seed_same_game_and_budget_counted_in_positions():
    board = load_preset("2p-diamond-4")
    start = board.position()
    players = [Strong(Settings(budget=60)), get_policy("greedy")]
    first = play_game(start, players, "online", game_rng(3, 0), max_turns=30, keep_moves=True)
    again = play_game(start, players, "online", game_rng(3, 0), max_turns=30, keep_moves=True)
    assert first.moves == again.moves and first.scores == again.scores
    decision = Strong(Settings(budget=60)).decide(start, "online", random.Random(0))
    # The first stage takes half the budget, replies and consequences the rest; at
    # least one look at each legal move and one candidate followed up are always made.
    assert 0 < decision.evaluations <= 60 + decision.candidates
    assert decision.moves  # the first turn of a game has moves worth making


def test_a_larger_budget_looks_at_more_positions():
    position = _midgame("2p-diamond-5", turns=16)
    small = Strong(Settings(budget=40)).decide(position, "online", random.Random(0))
    large = Strong(Settings(budget=2000)).decide(position, "online", random.Random(0))
    assert large.evaluations > small.evaluations


def _midgame(preset: str, turns: int):
    position = load_preset(preset).position()
    rng = random.Random(7)
    for _ in range(turns):
        turn = Turn(position, "online")
        random_moves(turn, rng, 0.8)
        position, _ = turn.finish()
    return position


@pytest.mark.parametrize("preset", preset_names())
def test_a_tiny_budget_still_plays_a_legal_turn_on_every_preset(preset):
    player = get_policy("strong:1")
    for position in (load_preset(preset).position(), _midgame(preset, turns=12)):
        moves = player.choose_turn(position, "online", random.Random(0))
        assert all(isinstance(m, Move) for m in moves)
        play_turn(position, moves, "online")  # raises on an illegal turn


def test_the_default_budget_and_the_named_budget():
    assert get_policy("strong").settings.budget == DEFAULT_BUDGET
    assert get_policy("strong:2000").settings.budget == 2000
    assert get_policy("strong:2000").name == "strong:2000"


def _decided(name: str, preset: str):
    position = _midgame(preset, turns=6)
    decision = get_policy(name).decide(position, "online", random.Random(5))
    return decision.moves, decision.evaluations


def test_with_two_seats_and_no_machine_the_default_searches_as_the_deeper_budget():
    from fabgen.play.strong import TWO_SEAT_BUDGET

    two = "2p-diamond-5"
    deep = _decided(f"strong:{TWO_SEAT_BUDGET}", two)
    assert _decided("strong", two) == deep
    assert deep[1] > DEFAULT_BUDGET  # (the position has enough turns to spend more)
    # a budget given is kept, the default's too
    assert _decided(f"strong:{DEFAULT_BUDGET}", two)[1] <= DEFAULT_BUDGET
    # three seats, or two people beside machines: the default budget
    for preset in ("3p-triangle-4", "2p-diamond-5-machines"):
        assert _decided("strong", preset) == _decided(f"strong:{DEFAULT_BUDGET}", preset)


@pytest.mark.parametrize(
    ("players", "says"),
    [
        ("strong:0", "out of range"),
        ("strong:-5", "is not a budget"),
        ("strong:abc", "is not a budget"),
        ("strong:99999999", "is not a budget"),
        ("strong:5000000", "out of range"),
        ("strong:", "is not a budget"),
        # (str.isdigit takes these, int() refuses the first and reads the second as 3)
        ("strong:\u00b2", "is not a budget"),
        ("strong:\u0663", "is not a budget"),
        ("strong:" + "1" * 5000, "strong:111111111111... (5000 characters) is not a budget"),
        ("greedy:10", "is not a player"),
        ("stronk", "is not a player"),
        ("w" * 3000, "'wwwwwwwwwwww'... (3000 characters) is not a player"),
    ],
)
def test_bad_player_names_and_budgets_are_clear_errors(cli, tmp_path, players, says):
    out = tmp_path / "out"
    result = cli(
        "balance", "--preset", "2p-diamond-4", "--games", "1", "--players", players, "--out", out
    )
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output
    assert not out.exists()


def _reach_by_hand(position, labels, holder):
    """First reach the plain way: layer by layer over field indices, ties to nobody."""
    owner, nbrs = position.owners, position.board.neighbours
    claim = {
        i: owner[i]
        for i, lab in enumerate(labels)
        if lab >= 0 and owner[i] >= 0 and holder[lab] == -2
    }
    frontier = dict(claim)
    while frontier:
        found = {}
        for i, c in frontier.items():
            if c < 0:
                continue
            for n in nbrs[i]:
                if n not in claim and labels[n] >= 0:
                    found[n] = c if found.get(n, c) == c else -2
        claim.update(found)
        frontier = found
    counts = [0] * len(position.players)
    for c in claim.values():
        if c >= 0:
            counts[c] += 1
    return counts


@pytest.mark.parametrize("preset", ["2p-diamond-5", "3p-triangle-5", "6p-hexagon-37", "6p-ring-18"])
def test_first_reach_on_bitsets_is_the_plain_search(preset):
    from fabgen.play.territory import _reach, _regions

    position, rng = load_preset(preset).position(), random.Random(5)
    for _ in range(60):
        try:
            turn = Turn(position, "online")
        except Exception:
            break
        random_moves(turn, rng, 0.8)
        position, _ = turn.finish()
        labels = position.region_labels()
        holder = [-1] * (max(labels, default=-1) + 1)
        for i, lab in enumerate(labels):
            o = position.owners[i]
            if lab >= 0 and o >= 0:
                holder[lab] = o if holder[lab] in (-1, o) else -2
        value = [0.0] * len(position.players)
        stacked = [i for i, o in enumerate(position.owners) if o >= 0 and labels[i] >= 0]
        regions = _regions(position, labels)
        _reach(position, regions, stacked, holder, value, 1.0)
        assert value == _reach_by_hand(position, labels, holder)
        # The regions' sizes and rooms, kept by the identity of the label list (which
        # copies share), are those of the position as it is.
        copy = position.copy()
        assert _regions(copy, copy.region_labels()) is regions
        for label in range(len(holder)):
            fields = [i for i, lab in enumerate(labels) if lab == label]
            assert regions.size[label] == len(fields)
            assert regions.room[label] == sum(position.capacities[i] - 1 for i in fields)
        assert regions.live_count == position.status_codes.count(0)


def test_alone_on_the_board_it_values_a_turn_by_the_score_at_the_end():
    # B has no stone and no growing field left: the rest of the game is A's to play.
    # A's growing c2 keeps it going until it has exploded; the value of the chosen
    # turn is then the final score that the turn and the rollout turns reach.
    from fabgen.rules.scoring import game_over

    position = position_from_names(ROW, [{"b2": 2, "a1": 1, "c3": 2, "c2": -1, "b1": 1}, {}])
    assert not game_over(position)
    decision = Strong(Settings(budget=100)).decide(position, "online", random.Random(3))
    assert _valued_by_the_end(decision, position) > 0


def _valued_by_the_end(decision, position) -> int:
    """The final score of the decision's turn and its rollouts, checking that the
    decision was valued by it: alone, the lead is the score, and the player's own
    score counts :attr:`Settings.thrift` more (less a hundredth a rollout turn: an
    end that is not lost is better sooner)."""
    final = _final_score(position, decision.moves)
    worth = final * (1 + Settings().thrift)
    assert worth - 1 < decision.value <= worth
    return final


def _final_score(position, moves) -> int:
    """Seat 0's score once ``moves`` and the strong player's rollout turns (alone on
    the board: the defusing moves) have ended the game."""
    from fabgen.play.strong import _pass
    from fabgen.rules.scoring import game_over, scores

    after, _ = play_turn(position, moves)
    for _ in range(60):
        if game_over(after):
            break
        _pass(after, 0)
    assert game_over(after)
    return scores(after)[0]


def _centres(preset: str) -> list[str]:
    """The centre names of a preset's tiles, to build a position on its board."""
    from fabgen.rules.names import field_name

    board = load_preset(preset).position().board
    return [field_name(segment[0]).upper() for segment in board.segments]


def _stacks_by_name(position) -> list[dict[str, int]]:
    """Each seat's stacks by field name, as ``position_from_names`` takes them."""
    from fabgen.rules.names import field_name

    stacks: list[dict[str, int]] = [{} for _ in position.players]
    for i, o in enumerate(position.owners):
        if o >= 0:
            stacks[o][field_name(position.board.fields[i])] = position.stone_counts[i]
    return stacks


def test_with_no_growing_field_left_it_attacks_instead_of_waiting_forever():
    # A closed region of four fields (c2, c3 and b3 dead) with a stone on each: A on
    # two, B and C on one. No growing field is left, so nothing happens unless someone
    # moves, and a game of players who all wait reaches the turn cap. Taking out a
    # stone of another seat is the way to an end; passing keeps the standoff.
    dead = {"c2": 0, "c3": 0, "b3": 0}
    position = position_from_names(ROW, [{"a1": 1, "b2": 1, **dead}, {"b1": 1}, {"a2": 1}])
    assert not position.growing_indices
    for seed in range(4):
        turn = Strong(Settings(budget=100)).choose_turn(position, "online", random.Random(seed))
        after, _ = play_turn(position, turn)
        assert after.stones_on_board(1) + after.stones_on_board(2) == 1, [str(m) for m in turn]


# 2p-diamond-4 after 74 turns of a game against random: A (to move) holds the whole
# live board, but its growing fields and full stacks stand so close that a turn
# which leaves them as they are burns every field in one explosion phase.
CROWDED_A = {
    "a6": 2, "-a6": 1, "d4": 1, "-b4": 2, "-b5": 2, "-a3": 1, "a3": 1, "a4": 1, "-a4": 2,
    "-b3": 3, "-b2": 1, "-a2": 2, "-c1": 1, "-c2": -3, "-b0": 1, "-b1": 3, "-c0": -2,
    "-c-1": 2, "a-1": 2, "b-1": 1, "-a-1": 1, "-a-2": 1, "a-2": -3, "-c-3": -2, "-b-3": -2,
    "-b-2": 2, "-c-2": 1,
}  # fmt: skip
# Fields that are dead (0: a dead field that was A's growing field).
CROWDED_DEAD = {
    "-c4": 0, "-c5": 0, "-d4": 0, "-d3": 0, "-c3": 0, "-f2": 0, "-e2": 0, "-e3": 0,
    "-f3": 0, "-g2": 0, "-g1": 0, "-f1": 0, "-d1": 0, "-d2": 0, "-e1": 0, "-e0": 0,
    "-d0": 0, "-i0": 0, "-h0": 0, "-h1": 0, "-i1": 0, "-j0": 0, "-j-1": 0, "-i-1": 0,
    "-g-1": 0, "-f-1": 0, "-f0": 0, "-g0": 0, "-h-1": 0, "-h-2": 0, "-g-2": 0, "-e-2": 0,
    "-d-2": 0, "-d-1": 0, "-e-1": 0, "-f-2": 0, "-f-3": 0, "-e-3": 0, "-d-3": 0,
    "-d-4": 0, "-c-4": 0,
}  # fmt: skip


def test_alone_it_finds_the_rescue_its_rollouts_count_on():
    # The quick estimate ranks first-stage turns that all burn the board; the turn
    # the rollouts play for A (move a stone off each tile's fullest field) keeps
    # every field. The player looks at that turn too, so it is never worse off
    # than its own rollouts say it will be.
    from fabgen.rules.scoring import game_over, scores

    position = position_from_names(_centres("2p-diamond-4"), [{**CROWDED_A, **CROWDED_DEAD}, {}])
    passed, _ = play_turn(position, [])
    assert game_over(passed) and scores(passed) == [0, 0]  # the fire a pass sets off
    decision = Strong().decide(position, "online", random.Random(1))
    assert _valued_by_the_end(decision, position) > 40


def test_first_reach_counts_less_while_nothing_has_exploded():
    # Two to five seats on a cold board (at most ``thaw`` of its fields growing or
    # dead): first reach counts ``cold`` times: with cold=0 the estimate is the one
    # without reach; once more fields grow, reach counts fully again; with six seats
    # it always counts fully.
    from fabgen.play.territory import Weights, estimate

    cold = load_preset("2p-diamond-4").position()  # the start: a tile of stones each
    assert not cold.growing_indices
    no_reach = estimate(cold, Weights(reach=0.0))
    assert estimate(cold, Weights(cold=0.0)) == no_reach != estimate(cold, Weights(cold=1.0))
    stacks = _stacks_by_name(cold)
    first = next(iter(stacks[0]))
    stacks[0][first] = -1  # one field of seat 1 grows: 1 of 112 fields
    hot = position_from_names(_centres("2p-diamond-4"), stacks)
    assert hot.growing_indices
    assert estimate(hot, Weights(cold=0.0)) != estimate(hot, Weights(cold=1.0))  # still cold
    for thaw in (0.0, 0.5 / 112):  # below one field in 112: warm
        once = Weights(thaw=thaw)
        assert estimate(hot, dataclasses.replace(once, cold=0.0)) == estimate(
            hot, dataclasses.replace(once, cold=1.0)
        )
        assert estimate(hot, dataclasses.replace(once, reach=0.0)) != estimate(
            hot, dataclasses.replace(once, cold=0.0)
        )
    three = load_preset("3p-triangle-4").position()  # three seats: the same
    assert estimate(three, Weights(cold=0.0)) == estimate(three, Weights(reach=0.0))
    assert estimate(three, Weights(cold=0.0)) != estimate(three, Weights(cold=1.0))
    six = load_preset("6p-hexagon-19").position()  # six seats: reach counts fully
    assert estimate(six, Weights(cold=0.0)) == estimate(six, Weights(cold=1.0))
    assert estimate(six, Weights(reach=0.0)) != estimate(six, Weights(cold=0.0))


def test_the_first_explosions_leave_the_board_cold():
    # A first explosion builds no wall: the board stays cold while at most ``thaw`` of
    # its fields grow or are dead (on the 112 fields of 2p-diamond-4 at 0.03: three).
    # Warmed by the first one, the other seat's first reach counted in full at once,
    # and a seat whose stones stood further from the open land never fired its first
    # stack (2p-hexagon-19-near, the second seat: 15 of 40 games won against greedy).
    from fabgen.play.territory import Weights, estimate

    start = load_preset("2p-diamond-4").position()
    stacks = _stacks_by_name(start)
    weights = Weights()
    allowed = int(weights.thaw * len(start.status_codes))
    assert allowed == 3
    mine = list(stacks[0])
    for grown in range(1, allowed + 2):
        burnt = [dict(stacks[0]), stacks[1]]
        for name in mine[:grown]:
            burnt[0][name] = -1
        position = position_from_names(_centres("2p-diamond-4"), burnt)
        assert len(position.growing_indices) == grown
        cold = estimate(position, dataclasses.replace(weights, cold=0.0)) != estimate(
            position, dataclasses.replace(weights, cold=1.0)
        )
        assert cold == (grown <= allowed), grown
    # With four seats or more a board is cold only until its first explosion: games
    # started from stacks stalled otherwise.
    four = load_preset("4p-diamond-5").position()
    quads = _stacks_by_name(four)
    assert estimate(four, dataclasses.replace(weights, cold=0.0)) != estimate(
        four, dataclasses.replace(weights, cold=1.0)
    )
    quads[0][next(iter(quads[0]))] = -1
    one = position_from_names(_centres("4p-diamond-5"), quads)
    assert len(one.growing_indices) == 1
    assert estimate(one, dataclasses.replace(weights, cold=0.0)) == estimate(
        one, dataclasses.replace(weights, cold=1.0)
    )


@pytest.mark.parametrize("budget", [1, 40])
def test_the_rescue_is_looked_at_even_when_the_budget_is_spent(budget):
    # The first stage looks at every legal move once whatever the budget, so on a
    # crowded board it spends the budget alone; the rollouts' turn is still valued.
    # (Before, the loop over the kept turns stopped at the first one past the budget,
    # and the rescue, last in the list, was never looked at: a board of 100 points
    # burnt to 0:0 in a game against random.)
    position = position_from_names(_centres("2p-diamond-4"), [{**CROWDED_A, **CROWDED_DEAD}, {}])
    decision = Strong(Settings(budget=budget)).decide(position, "online", random.Random(1))
    assert decision.evaluations > budget
    assert _valued_by_the_end(decision, position) > 40


# 6p-hexagon-19 after 600 turns of strong self-play (seed 0, game 31): no growing
# field is left. Green (seat 3) holds 7 stones next to Purple's (seat 5) single
# stone at g7, in a region where Purple has three more stones; Blue and Orange each
# hold a region alone; Red and Yellow are out.
STANDOFF_DEAD = (
    "b1 -b-1 -a-2 a-2 b-2 b-3 -d-2 -e-3 -c-3 -b-3 -b-2 -c-2 -d-3 -d-4 -c-4 -a-4 a-4 a-3 "
    "-a-3 -b-4 -b-5 -a-5 g6 g5 h5 e4 f4 f5 d4 d3 e3 g3 h3 h4 g4 f3 f2 g2 c2 c3 d1 e1 e2 "
    "d2 c1 c0 d0 f0 g0 g1 f1 e0 e-1 f-1 c-2 d-2 d-1 c-1 c-3 d8 e8 e9 d9 c8 c7 d7 f7 g8 f8 "
    "e7 e6 d6 c6 a6 b6 b7 a7 -a6 -a5 a5 b5 b4 -c4 -b4 -b5 -c5 -d4 -d3 -c3 -a3 a3 a4 -a4 "
    "-b3 -b2 -a2 b2 b3 a2 a1 -d1 -c1 -c2 -d2 -e1 -e0 -d0 -b0 -a1 -b1 -c0 -c-1 -d-1 -e-1"
)
STANDOFF = [
    {},
    {"b0": 2, "-a-1": 2},
    {"h6": 2, "i6": 1, "i7": 2, "h7": 2},
    {},
    {"g7": 1, "d5": 2, "c4": 1},
    {"-e-2": 1},
]


def test_a_seat_stronger_in_a_standoff_attacks_until_the_region_is_its():
    # Taking one of Purple's stones does not end the game, and rollouts that never
    # attack valued every turn alike: the game ran to the turn cap. Rollouts played
    # to the end now take what they can, so Green sees the region it wins.
    from fabgen.play.selfplay import play_game, seat_policies

    dead = dict.fromkeys(STANDOFF_DEAD.split(), 0)
    stacks = [dict(s) for s in STANDOFF]
    stacks[2].update(dead)  # which seat's growing fields they were does not matter
    position = position_from_names(_centres("6p-hexagon-19"), stacks)
    policies = seat_policies(position, ["strong"] * 6)
    record = play_game(position, policies, "online", random.Random(5), max_turns=120)
    assert not record.capped
    assert record.scores[2] > 0 and record.scores[4] == 0


# 2p-diamond-4 after 18 turns against greedy: seven stones each and nothing has
# exploded yet; A (to move) has two stacks of 2 in its corner, where a field holds 3.
EVEN = [
    {"b2": 1, "-h0": 1, "-j0": 2, "-j-1": 2, "-g0": 1},
    {"g3": 1, "g4": 3, "f3": 1, "f2": 2},
]


def test_with_nothing_growing_it_sets_off_a_stack_instead_of_shuffling_stones():
    # A growing field is the only source of new stones. The quick value that ranks
    # the first-stage turns sees a charged stack lost and one stone grown, so no
    # ignition was ever a candidate: even games traded down to 0:0 over hundreds of
    # turns. The best igniting move is now looked at again with its consequences.
    position = position_from_names(_centres("2p-diamond-4"), [dict(s) for s in EVEN])
    for seed in range(3):
        moves = Strong().decide(position, "online", random.Random(seed)).moves
        after, _ = play_turn(position, list(moves))
        assert any(after.owners[g] == 0 for g in after.growing_indices), moves


#: Dead fields that leave fewer than half of ROW's 21 fields live (late in a game).
LATE_DEAD = dict.fromkeys(("b4", "b5", "c4", "c6", "d5", "d6", "c7", "c8", "d7", "d9", "e8"), 0)


def test_late_in_the_game_every_seat_pays_for_its_fuses():
    # A's b2 holds its capacity (a fuse: it explodes in A's next turn), B holds as many
    # stones in the same region, so neither seat is ahead. With most of the board
    # live that fuse costs A nothing; once more than half of the fields are dead it
    # does (``late``), whatever the material.
    stones = [{"b2": 6}, {"a1": 3, "c3": 3}]
    early = position_from_names(ROW, stones)
    late = position_from_names(ROW, [stones[0], {**stones[1], **LATE_DEAD}])
    assert early.capacity("b2") == late.capacity("b2") == 6
    live = [p.status_codes.count(0) / len(p.status_codes) for p in (early, late)]
    assert live[0] > 0.5 > live[1]
    off, on = Weights(late=0.0), Weights(late=0.5)
    assert estimate(early, on) == estimate(early, off)
    assert estimate(late, on)[0] <= estimate(late, off)[0] - on.fuse
    assert DEFAULT_WEIGHTS.late == 0.5


def test_late_fuses_cost_nothing_more_beside_a_machine_seat_or_with_many_seats():
    # The position of the test above with B a machine: its fires burn on whatever A
    # does, so A holding back would only leave it the board. And the same stones with
    # six seats (four without stones): careful seats would freeze into standoffs.
    from fabgen.play.territory import LATE_SEATS
    from fabgen.rules.state import Player

    stacks = [{"b2": 6}, {"a1": 3, "c3": 3, **LATE_DEAD}]
    people = position_from_names(ROW, stacks)
    machine = position_from_names(ROW, stacks, players=[Player("A"), Player("B", kind="machine")])
    on, off = Weights(late=0.5), Weights(late=0.0)
    assert estimate(people, on) != estimate(people, off)
    assert estimate(machine, on) == estimate(machine, off)
    many = position_from_names(ROW, stacks, players=[Player(n) for n in "ABCDEF"])
    assert len(many.players) > LATE_SEATS
    assert estimate(many, on) == estimate(many, off)


#: Four seats with a single stone each on the six-seat hexagon, one field dead and
#: none growing (a frozen position): a stone taken costs one, so nobody can win
#: the region, and whoever trades only hands it to the others.
SINGLES = [{"-e-2": 1, "d1": 0}, {}, {"g7": 1}, {}, {"b0": 1}, {"-a-1": 1}]


def test_first_reach_counts_nothing_in_a_frozen_region_nobody_can_clear():
    position = position_from_names(_centres("6p-hexagon-19"), SINGLES)
    no_reach = estimate(position, Weights(reach=0.0))
    assert estimate(position) == no_reach != estimate(position, Weights(stuck=1.0))
    # A seat with more stones there than all the others together can clear it.
    clearing = [dict(s) for s in SINGLES]
    clearing[2]["g7"] = 4
    position = position_from_names(_centres("6p-hexagon-19"), clearing)
    assert estimate(position) == estimate(position, Weights(stuck=1.0))
    assert estimate(position) != estimate(position, Weights(reach=0.0))
    # Before anything is dead the game is still in its opening: reach counts.
    opening = [dict(s) for s in SINGLES]
    del opening[0]["d1"]
    position = position_from_names(_centres("6p-hexagon-19"), opening)
    assert estimate(position) == estimate(position, Weights(stuck=1.0))


def test_single_stones_in_a_standoff_close_in_and_trade_until_the_game_ends():
    # Counting first reach, each seat ran from the others for ever (the capped
    # five- and six-seat games of the fairness table); now each steps towards the
    # nearest stone of another seat (``approach``) and takes it.
    from fabgen.play.selfplay import seat_policies

    position = position_from_names(_centres("6p-hexagon-19"), SINGLES)
    policies = seat_policies(position, ["strong"] * 6)
    record = play_game(position, policies, "online", random.Random(0), max_turns=300)
    assert not record.capped and record.turns < 100
    before = Strong(Settings(approach=0.0, sooner=0.0, weights=Weights(stuck=1.0)))
    record = play_game(position, [before] * 6, "online", random.Random(0), max_turns=300)
    assert record.capped


def test_in_a_standoff_the_steps_towards_another_stone_are_looked_at():
    # Every step along is worth the same to the first stage there, so the moves that
    # close in must be candidates of their own.
    from fabgen.play.strong import _gap, _Search

    position = position_from_names(_centres("6p-hexagon-19"), SINGLES)
    search = _Search(Settings(), position, "online", random.Random(0))
    closer = search.approaches()
    assert closer and all(len(turn) == 1 for turn in closer)
    for turn in closer:
        after, _ = play_turn(position, list(turn))
        assert 0 < _gap(after, 0) < _gap(position, 0)


def test_a_budget_above_the_default_buys_a_deeper_search():
    from fabgen.play.strong import DEEP_KEEP, DEEP_ROUNDS

    for name in ("strong", f"strong:{DEFAULT_BUDGET}", "strong:40"):
        settings = get_policy(name).settings
        assert (settings.rounds, settings.keep, settings.counter) == (3, 6, False), name
    assert get_policy(f"strong:{DEFAULT_BUDGET}").settings == Settings()
    double = get_policy(f"strong:{2 * DEFAULT_BUDGET}").settings
    assert (double.rounds, double.keep, double.counter) == (6, 12, True)
    deep = get_policy("strong:3000").settings
    assert (deep.budget, deep.rounds, deep.keep) == (3000, DEEP_ROUNDS, DEEP_KEEP)


# B's growing c7 and d7 will each spill a stone onto c6, where B has one already:
# three against a capacity of three (c5, d6, b5 live), so B's fire crosses c6 unless
# a stone of A's meets it there. A has one on c5, beside it.
FIRE = [{"c5": 1, "a1": 2}, {"c6": 1, "c7": -1, "d7": -1, "e9": 2}]


def test_the_fields_another_seats_fire_will_explode_are_found():
    from fabgen.play.strong import _threats

    position = position_from_names(ROW, FIRE)
    assert position.capacity("c6") == 3
    index = position.board.index
    assert _threats(position, 0) == {index[(2, 5)]: 1}  # c6, one stone short
    # With a second stone of B's there, it takes two of A's.
    stronger = position_from_names(ROW, [FIRE[0], {**FIRE[1], "c6": 2}])
    assert _threats(stronger, 0) == {index[(2, 5)]: 2}
    # B's own fire is no threat to B.
    assert _threats(position, 1) == {}
    # A third seat's two stones on c6 cancel B's spills there: no threat to anyone.
    third = position_from_names(
        ROW, [FIRE[0], {k: v for k, v in FIRE[1].items() if k != "c6"}, {"c6": 2}]
    )
    assert _threats(third, 0) == {}


def test_rollouts_that_meet_a_fire_keep_it_from_crossing():
    # Only defusing, the rollouts let B's fire burn c6; meeting it, A's stone cancels
    # B's there and c6 stays live (what a deeper search values a turn by).
    from fabgen.play.strong import _counter, _pass

    assert [str(m) for m in _counter(position_from_names(ROW, FIRE), 0, "online")] == ["c5-c6"]
    outcome = {}
    for counter in (None, "online"):
        position = position_from_names(ROW, FIRE)
        for _ in range(8):
            _pass(position, 0, counter)
        outcome[counter] = position.status("c6").value
    assert outcome == {None: "growing", "online": "live"}


def test_a_deeper_search_is_reproducible_and_plays_legal_turns():
    start = load_preset("2p-diamond-4").position()
    players = [get_policy("strong:600"), get_policy("random")]
    first = play_game(start, players, "online", game_rng(5, 0), max_turns=24, keep_moves=True)
    again = play_game(start, players, "online", game_rng(5, 0), max_turns=24, keep_moves=True)
    assert first.moves == again.moves and first.turns == 24


# 2p-diamond-5 after 58 turns of a game against random, A (seat 0) to move: B's fire
# front (its growing fields along columns f and g, stones ahead of them) will cross the
# board and burn everything A holds within ten rounds.
FRONT_A = {
    "h6": 0, "i6": 0, "i7": 0, "h5": 0, "j5": 0, "k5": 0, "k6": 0, "j6": 0, "i5": 0,
    "i4": 0, "j4": 0, "l4": 0, "m4": 0, "m5": 0, "l5": 0, "k4": 0, "k3": 0, "l3": 0,
    "b7": 2, "-a6": 2, "a5": 3, "d4": 1, "h3": 0, "h4": 0, "i2": 0, "j2": 0, "j3": 0,
    "i3": 0, "h2": 0, "h1": 0, "i1": 0, "-c4": 0, "-b4": -3, "-b5": 0, "-c5": 0, "-d4": 0,
    "-d3": 0, "-c3": 0, "-a3": 1, "-a4": 2, "-b3": 1, "-b2": 1, "d0": 1, "-f2": 0,
    "-e2": 0, "-e3": 0, "-f3": 0, "-g2": 0, "-g1": 1, "-f1": -4, "-c1": 1, "-c2": 3,
    "-d2": -3, "-e1": 2, "d-1": 1, "-i0": 2, "-h1": 2, "-i1": 0, "-j0": 0, "-j-1": 0,
    "-i-1": 2, "-g-1": 1, "-f0": 1, "-g0": 3, "-h-2": 2,
}  # fmt: skip
FRONT_B = {
    "g7": 2, "f6": 1, "h7": -1, "g6": -1, "g5": -1, "f4": 2, "f5": 3, "g3": -1, "g4": -1,
    "f3": 2, "f2": 3, "g2": -1, "f0": 2, "g0": -1, "g1": -1, "f1": 2, "f-1": 1,
}  # fmt: skip


def test_facing_a_fire_that_leaves_nothing_it_retreats_to_where_the_fire_comes_last():
    # The retreat (Settings.refuge) looks ten rounds ahead, sees B's fire leave A next
    # to nothing, and carries A's stones to the fields it reaches last. With B only
    # passing from here (its fire burns on by itself), A ends with a region of its
    # own. (Without the retreat A lost everything here while each of its charges
    # counted; since a seat counts one charge it keeps a region that way too, so
    # only the retreat's own game is checked. Against random the retreat still pays:
    # docs/design-notes.md, *One charge a seat*.)
    from fabgen.play.strong import _Search
    from fabgen.rules.scoring import game_over, scores

    start = position_from_names(_centres("2p-diamond-5"), [FRONT_A, FRONT_B], turns_played=58)
    search = _Search(Settings(), start, "online", random.Random(0))
    burnt = search.fire_ahead()
    assert burnt is not None  # the fire will leave A next to nothing: ...
    live = [f for f, status in enumerate(start.status_codes) if status == LIVE]
    assert max(burnt[f] for f in live) <= Settings().refuge  # ... every live field burns
    retreat = search.retreat([], burnt, 0)  # the retreat's own turn alone ...
    assert retreat is not None and retreat.moves and retreat.value > 0  # ... keeps a lead
    player, position, rng = Strong(), start, random.Random(0)
    while not game_over(position) and position.turns_played < 400:
        mine = position.next_player == 0
        moves = player.choose_turn(position, "online", rng) if mine else []
        position, _ = play_turn(position, moves)
    assert game_over(position)
    assert scores(position)[0] > 10


def test_the_retreat_carries_stones_to_fields_that_burn_later_and_stay_below_capacity():
    from fabgen.play.strong import _retreat, _Search

    start = position_from_names(_centres("2p-diamond-5"), [FRONT_A, FRONT_B], turns_played=58)
    burnt = _Search(Settings(), start, "online", random.Random(0)).fire_ahead()
    assert burnt is not None
    index = start.board.index
    after = start.copy()
    moves = _retreat(after, 0, "online", burnt)
    assert moves  # A has stones on fields that burn early
    tiles = [start.board.tile_of[index[m.source]] for m in moves]
    assert len(tiles) == len(set(tiles))  # one move a tile
    for m in moves:
        source, destination = index[m.source], index[m.destination]
        assert burnt[destination] > burnt[source], m
        assert after.stone_counts[destination] < after.capacities[destination], m
        assert after.owners[destination] == 0


def _inside(stacks_by_tile: list[dict[tuple[int, int], int]] | None = None, seats: int = 2):
    """The 5 × 5 diamond with two starts inside it (tiles (1, 1) and (3, 3) of the
    online lattice): every start field has six neighbours. ``stacks_by_tile`` gives,
    per seat, stones by field instead of the full start tiles (one dict a seat of
    ``seats``)."""
    from fabgen.rules.setup import online_segment_centre, segment_fields
    from fabgen.rules.state import Player, Position

    segments = [segment_fields(online_segment_centre(i, j)) for i in range(5) for j in range(5)]
    if stacks_by_tile is None:
        starts = [segment_fields(online_segment_centre(i, i)) for i in (1, 3)]
        stacks_by_tile = [dict.fromkeys(fields, 1) for fields in starts]
    names = ["Red", "Blue", "Green", "Yellow", "Black", "White"][:seats]
    return Position.from_stacks(segments, [Player(n) for n in names], stacks_by_tile)


def test_on_a_cold_board_first_reach_counts_at_most_hold_fields_a_stone():
    # One stone each on an open board reaches some eighty fields first; counted in
    # full, every step forward was worth a dozen fields and outweighed any stack
    # built towards an explosion. Cold, reach counts at most ``hold`` fields a stone.
    from fabgen.rules.setup import online_segment_centre

    red, blue = online_segment_centre(1, 1), online_segment_centre(3, 3)
    position = _inside([{red: 1}, {blue: 1}])
    weights = Weights(build=0.0)
    no_reach = estimate(position, Weights(reach=0.0, build=0.0))
    full = estimate(position, Weights(hold=0.0, build=0.0))
    capped = estimate(position, weights)
    per_stone = weights.reach * weights.cold * weights.hold
    for seat in (0, 1):
        assert full[seat] - no_reach[seat] > per_stone  # the cap binds
        assert capped[seat] - no_reach[seat] == pytest.approx(per_stone)
    # Once more than ``thaw`` of the board has exploded it is not cold: reach counts
    # in full (here ``thaw`` 0: from the first growing field on).
    hot = _inside([{red: 1, (red[0] + 1, red[1]): -1}, {blue: 1}])
    assert hot.growing_indices
    warm = dataclasses.replace(weights, thaw=0.0)
    assert estimate(hot, warm) == estimate(hot, Weights(hold=0.0, build=0.0, thaw=0.0))
    assert estimate(hot, weights) != estimate(hot, warm)  # (one field: still cold)


def test_on_a_cold_board_each_stone_stacked_towards_a_charge_counts():
    # On a field of capacity 6 a stack is a charge (one stone short) at 5 stones; at
    # 2 to 4 stones, with no charge anywhere, the seat's best stack counts ``build``
    # times its progress (stones - 1) / (capacity - 2), and a charge never less.
    from fabgen.rules.setup import online_segment_centre, segment_fields

    red = online_segment_centre(1, 1)
    blue = dict.fromkeys(segment_fields(online_segment_centre(3, 3)), 1)  # (not behind)
    gains = []
    for n in range(1, 6):
        position = _inside([{red: n}, blue])
        assert position.capacities[position.board.index[red]] == 6
        gains.append(estimate(position)[0] - estimate(position, Weights(build=0.0))[0])
    build = DEFAULT_WEIGHTS.build
    assert gains == pytest.approx([0.0, build / 4, build / 2, 3 * build / 4, 0.0])
    charge = estimate(_inside([{red: 5}, blue]), Weights(hold=0.0))[0]
    four = estimate(_inside([{red: 4}, blue]), Weights(hold=0.0))[0]
    assert charge >= four
    # A seat that has a charge counts no progress for its other stacks.
    both = _inside([{red: 5, (red[0], red[1] + 3): 3}, blue])
    assert estimate(both) == estimate(both, Weights(build=0.0))


def test_a_seat_counts_one_charge_however_many_of_its_stacks_are_ready():
    # Counted per stack, two charges were worth twice one: firing either lost a
    # charge's worth, so strong kept both and fired neither while its single stones
    # traded away. With machine seats, or more than two seats, each stack counts.
    from dataclasses import replace

    from fabgen.rules.setup import online_segment_centre, segment_fields

    red = online_segment_centre(1, 1)
    other = (red[0], red[1] + 3)
    blue = dict.fromkeys(segment_fields(online_segment_centre(3, 3)), 1)
    one, two = _inside([{red: 5}, blue]), _inside([{red: 5, other: 5}, blue])
    assert two.capacities[two.board.index[other]] == 6

    def charges(position):
        return estimate(position)[0] - estimate(position, Weights(charge=0.0))[0]

    assert charges(one) == pytest.approx(DEFAULT_WEIGHTS.charge)
    assert charges(two) == pytest.approx(DEFAULT_WEIGHTS.charge)
    machine = replace(two.players[1], kind="machine")
    with_machine = two.copy()
    with_machine.players = [two.players[0], machine]
    assert charges(with_machine) == pytest.approx(2 * DEFAULT_WEIGHTS.charge)
    stacks = [{red: 5, other: 5}, blue] + [{online_segment_centre(i, 4 - i): 1} for i in (0, 4)]
    four = _inside(stacks, seats=4)
    assert charges(four) == pytest.approx(2 * DEFAULT_WEIGHTS.charge)


def test_with_every_start_field_inside_it_builds_towards_an_explosion():
    # Counting first reach in full, strong sent its stones out one by one from a start
    # inside the board and traded them away (most games against greedy ended 0:0).
    # Now its first turns stack stones until one field explodes.
    position = _inside()
    for seed in range(3):
        rng, pos = random.Random(seed), position
        for _ in range(6):  # three turns each; Blue passes
            moves = Strong().choose_turn(pos, "online", rng) if pos.next_player == 0 else []
            pos, _ = play_turn(pos, list(moves))
        ours = [pos.stone_counts[i] for i, o in enumerate(pos.owners) if o == 0]
        assert max(ours) >= 3 or any(pos.owners[g] == 0 for g in pos.growing_indices), ours


def test_before_anyone_can_explode_single_stones_close_in_and_trade():
    # No seat has the stones to fill even the smallest live field: nothing can ever
    # explode, so the position is frozen and the game is played out to its end.
    from fabgen.play.selfplay import seat_policies
    from fabgen.play.strong import _frozen
    from fabgen.rules.setup import online_segment_centre

    red, blue = online_segment_centre(1, 1), online_segment_centre(3, 3)
    position = _inside([{red: 1}, {blue: 1}])
    assert _frozen(position)
    assert not _frozen(_inside([{red: 3}, {blue: 1}]))  # three fill a corner field
    for seed in range(3):  # (not frozen: two of these three ran past 300 turns)
        policies = seat_policies(position, ["strong"] * 2)
        record = play_game(position, policies, "online", random.Random(seed), max_turns=300)
        assert not record.capped and record.turns < 20


def test_the_estimate_keeps_each_seats_material_apart_from_its_land():
    from fabgen.play.territory import estimate_parts
    from fabgen.rules.random_games import random_game

    # a middle game: stones, growing and dead fields
    start = load_preset("3p-triangle-4").position()
    _, position = random_game(start, 1, max_turns=30, explode_bias=0.5)
    assert position.growing_indices
    parts = estimate_parts(position)
    assert parts.value == estimate(position)
    land_only = dataclasses.replace(
        DEFAULT_WEIGHTS, stone=0.0, growing=0.0, charge=0.0, fuse=0.0, build=0.0
    )
    assert estimate_parts(position, land_only).material == [0.0, 0.0, 0.0]
    stuff_only = dataclasses.replace(DEFAULT_WEIGHTS, held=0.0, reach=0.0, empty=0.0, overload=0.0)
    only = estimate_parts(position, stuff_only)
    assert only.value == pytest.approx(only.material)
    assert any(m > 0 for m in only.material)


def test_thrift_makes_a_trade_of_one_stone_for_one_cost_what_our_stone_was_worth():
    # A's stone on b3 beside B's on b4 (one region): moving it onto B's takes both
    # stones off. The lead barely sees that (each seat loses a stone); with thrift our
    # own stone counts more, so the trade is worth less by thrift times that stone.
    from fabgen.play.strong import _Search
    from fabgen.play.territory import estimate_parts

    position = position_from_names(ROW, [{"b3": 1, "a1": 2}, {"b4": 1, "d8": 2}])
    traded, _ = play_turn(position, [Move.parse("b3-b4")])
    assert traded.stones_on_board(0) == position.stones_on_board(0) - 1
    values = {}
    for thrift in (0.0, 0.5):
        search = _Search(Settings(thrift=thrift), position, "online", random.Random(0))
        values[thrift] = search.valued(traded, 0) - search.valued(position, 0)
    lost = estimate_parts(position).material[0] - estimate_parts(traded).material[0]
    assert lost > 0
    assert values[0.5] == pytest.approx(values[0.0] - 0.5 * lost)


# 4p-hexagon-19-machines, from a self-play game that reached the turn cap: Red's single
# stone shares a closed region of eight fields with Machine B's stack of 2 (which
# never moves), Green holds a region of four, every other field is dead and nothing
# grows. Attacking leaves the eight fields to the machine, and waiting keeps the game
# going for ever.
BESIDE_MACHINE = [{"a2": 1}, {}, {}, {"g3": 2, "h3": 1}, {"-b3": 2}, {}]
BESIDE_MACHINE_LIVE = {"-a3", "a3", "-b3", "-b2", "-a2", "b3", "a2", "-c2", "g3", "h3", "f2", "g2"}


def _beside_machine_stacks(growing: dict[str, int] | None = None) -> list[dict[str, int]]:
    """BESIDE_MACHINE's stacks, every other field dead (given to Machine A, whose
    ``growing`` fields they are too)."""
    from fabgen.rules.names import field_name

    board = load_preset("4p-hexagon-19-machines").position().board
    names = [field_name(f) for f in board.fields]
    stacks = [dict(s) for s in BESIDE_MACHINE]
    stacks[1].update({n: 0 for n in names if n not in BESIDE_MACHINE_LIVE})
    stacks[1].update(growing or {})
    return stacks


def _beside_machine(growing: dict[str, int] | None = None):
    players = load_preset("4p-hexagon-19-machines").position().players
    centres = _centres("4p-hexagon-19-machines")
    return position_from_names(centres, _beside_machine_stacks(growing), players=players)


def test_beside_a_machine_it_cannot_clear_it_concedes_the_region_and_the_game_ends():
    from fabgen.play.selfplay import seat_policies
    from fabgen.rules.scoring import game_over

    position = _beside_machine()
    assert not game_over(position) and not position.growing_indices
    policies = seat_policies(position, ["strong"] * 6)
    record = play_game(position, policies, "online", random.Random(0), max_turns=120)
    assert not record.capped and record.scores == (0, 0, 0, 4, 8, 0)
    # (without conceding, Red waits or walks about for ever; a board this small
    # costs every seat (doom), which alone would make Red end the game too)
    waiting = Strong(Settings(concede=0.0, doom=0.0))
    policies = [None if p is None else waiting for p in policies]
    record = play_game(position, policies, "online", random.Random(0), max_turns=120)
    assert record.capped


def test_beside_machines_with_four_seats_or_more_a_board_nearly_gone_costs_every_seat():
    from fabgen.play.strong import _Search
    from fabgen.rules.state import Player

    def valued(position, seat, **settings):
        search = _Search(Settings(**settings), position, "online", random.Random(0))
        return search.valued(position, seat)

    cold = _beside_machine()  # 12 fields live of 133, nothing growing
    burning = _beside_machine(growing={"-c2": -1})  # Machine A's field still grows
    for position in (cold, burning):
        shortfall = 0.2 * len(position.status_codes) - sum(estimate(position))
        assert shortfall > 10
        for seat in (0, 3):
            spared = valued(position, seat, doom=0.0)
            assert valued(position, seat) == pytest.approx(spared - shortfall)
    # (not among people only, nor with three seats: see DOOM_SEATS)
    stacks = _beside_machine_stacks(growing={"-c2": -1})
    people = position_from_names(_centres("4p-hexagon-19-machines"), stacks)  # (all "player")
    three = position_from_names(
        _centres("4p-hexagon-19-machines"),
        [stacks[0], stacks[1], stacks[3]],
        players=[Player("A"), Player("M", kind="machine"), Player("C")],
    )
    for position in (people, three):
        assert 0.2 * len(position.status_codes) - sum(estimate(position)) > 10
        assert valued(position, 0) == valued(position, 0, doom=0.0)


def _near_fires(three_seats: bool = False):
    """The 19-tile hexagon, starts on neighbouring edge tiles, after a few turns of a
    game against random (2p-hexagon-19-near): Blue (to move) and Red each have a
    stack of 2 on a field that holds 3, one stone from their first fire, and nothing
    has exploded. ``three_seats``: Blue moves first, Red answers; a Green stone far away."""
    from fabgen.rules.setup import online_segment_centre, segment_fields
    from fabgen.rules.state import Player, Position

    tiles = [(i, j) for i in range(-2, 3) for j in range(-2, 3) if abs(i + j) <= 2]
    segments = [segment_fields(online_segment_centre(i, j)) for i, j in tiles]
    red = {(4, 7): 2, (4, 8): 1, (3, 8): 2}
    blue = {(1, 8): 1, (2, 9): 2, (0, 8): 1, (0, 7): 1}
    if three_seats:
        green = {online_segment_centre(-2, 2): 1}
        players = [Player("Blue"), Player("Red"), Player("Green")]
        return Position.from_stacks(segments, players, [blue, red, green])
    position = Position.from_stacks(segments, [Player("Red"), Player("Blue")], [red, blue])
    return play_turn(position, [])[0]  # (Red passes: Blue to move)


def test_with_two_seats_a_first_fire_is_also_valued_against_an_answer_that_lights_none():
    # The quick value that picks the other seat's answer never ranks its first fire on
    # a cold board, except right after ours has warmed it: every other turn was valued
    # as if the other seat never fired, our first fire as if it fired back at once
    # (game 9 of 2p-hexagon-19-near against random: the fire -51, a walk -1.2).
    from fabgen.play.strong import _fired, _Search

    position = _near_fires()
    blue, red = position.next_player, 1 - position.next_player
    fire = [Move((1, 8), (2, 9))]  # (2, 9) holds 3: it explodes this turn
    after, _ = play_turn(position, fire)
    assert _fired(after, blue) and not _fired(after, red)
    walk = [Move((0, 8), (0, 9))]  # (a stone away from Red: Red answers calmly)
    calm, plain = Settings(), Settings(calm=False)
    for seed in range(3):
        answers = _Search(calm, position, "online", random.Random(seed)).answers(after)
        assert [_fired(answer, red) for answer in answers] == [True, False]
        (answer,) = _Search(plain, position, "online", random.Random(seed)).answers(after)
        assert _fired(answer, red)  # (the same best answer, alone)
        assert answer.owners == answers[0].owners
        assert answer.stone_counts == answers[0].stone_counts
        # (an answer to a turn that lights nothing is a single one: it lights nothing)
        walked, _ = play_turn(position, walk)
        (quiet,) = _Search(calm, position, "online", random.Random(seed)).answers(walked)
        assert not _fired(quiet, red)
    # With three seats the answer is still the next seat's best, fire or not.
    three = _near_fires(three_seats=True)
    after, _ = play_turn(three, fire)
    for seed in range(3):
        (answer,) = _Search(Settings(), three, "online", random.Random(seed)).answers(after)
        assert _fired(answer, 1)


@pytest.mark.parametrize("preset", ["4p-diamond-5-stacks", "5p-hexagon-18-stacks"])
def test_a_start_stack_is_let_explode_in_the_seats_first_turn(preset):
    # Every move takes stones off a start stack, and the search valued spreading them
    # towards the middle above the stack's fire: most seats defused their stack and
    # held six stones for the whole game. Each seat now lets it explode.
    position = load_preset(preset).position()
    player = Strong(Settings(budget=40))
    for seat in range(len(position.players)):
        assert position.next_player == seat
        moves = player.decide(position, "online", random.Random(seat)).moves
        assert moves == ()
        position, _ = play_turn(position, [])
        assert any(position.owners[g] == seat for g in position.growing_indices)


def test_only_a_lone_full_stack_with_nothing_growing_is_kindled():
    from fabgen.play.strong import _start_stack

    centres = _centres("4p-diamond-5-stacks")
    start = load_preset("4p-diamond-5-stacks").position()
    assert _start_stack(start, 0)
    stacks = _stacks_by_name(start)
    ((field, n),) = stacks[0].items()
    short = [dict(s) for s in stacks]
    short[0] = {field: n - 1}  # below its capacity: nothing to kindle
    assert not _start_stack(position_from_names(centres, short), 0)
    empty = next(f for f in start.board.names if all(f not in s for s in stacks))
    more = [dict(s) for s in stacks]
    more[0][empty] = 1  # a stone elsewhere: a choice the search makes
    assert not _start_stack(position_from_names(centres, more), 0)
    after, _ = play_turn(start, [])  # the stack exploded: a growing field now
    assert not _start_stack(after, 0)
