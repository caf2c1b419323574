"""Seats that play themselves in the rules engine: machines pass, their stacks explode
in their own first turn (and only then), a machine that moves is refused, and games on
the machine presets run to the end and replay from their transcripts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.board.files import load_preset
from fabgen.cli import main
from fabgen.errors import InputFileError
from fabgen.geometry.lattice import neighbours
from fabgen.rules import (
    RULES,
    IllegalMove,
    Move,
    Status,
    Turn,
    game_over,
    parse_transcript,
    play_turn,
    ranking,
    replay,
    scores,
    transcript_from_position,
    write_transcript,
)
from fabgen.rules.names import field_name, parse_field
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import all_settled, regions, standstill
from fabgen.rules.setup import position_from_names
from fabgen.rules.state import Player
from fabgen.rules.turn import explode, grow

MACHINE_PRESETS = [
    "1p-triangle-5-machine",
    "1p-triangle-5-two-machines",
    "2p-diamond-5-machines",
    "3p-triangle-7-machines",
    "4p-hexagon-19-machines",
    "5p-hexagon-19-dummy",
]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def machine_stacks(board, kind="machine"):
    """(seat index, field, stones) of every machine stack of the board."""
    return [
        (k, f, v) for k, seat in enumerate(board.seats) if seat.kind == kind for f, v in seat.stacks
    ]


def passes(position, turns):
    for _ in range(turns):
        position, _ = play_turn(position, [])
    return position


# ---- the sources' machines: a 3-stack in a corner and a dummy's 6-stack -------------------


def test_a_corner_machine_of_three_explodes_in_its_first_turn_and_only_then():
    board = load_preset("1p-triangle-5-two-machines")  # Red, Machine A, Machine B
    stacks = machine_stacks(board)
    assert [(k, v) for k, _, v in stacks] == [(1, 3), (2, 3)]
    start = board.position()
    for _, f, _ in stacks:
        # a corner field of the board: three live neighbours, so 3 stones fill it
        assert start.capacity(f) == 3 and len(board.board_neighbours(f)) == 3
        assert start.is_volatile(f)  # full from the start ...
    after_red = passes(start, 1)
    for _, f, _ in stacks:  # ... but Red's turn leaves both alone
        assert after_red.status(f) is Status.LIVE and after_red.stones(f) == 3
    (_, a, _), (_, b, _) = stacks
    after_a = passes(after_red, 1)
    # machine A's own turn: its stack explodes (one stone to each live neighbour), the
    # field turns growing and gains a stone in the growth phase
    assert after_a.status(a) is Status.GROWING and after_a.stones(a) == 1
    for n in board.board_neighbours(a):
        assert after_a.owner(n) == 1 and after_a.stones(n) == 1
    assert after_a.status(b) is Status.LIVE and after_a.stones(b) == 3  # B not yet
    after_b = passes(after_a, 1)
    assert after_b.status(b) is Status.GROWING and after_b.stones(b) == 1
    for n in board.board_neighbours(b):
        assert after_b.owner(n) == 2 and after_b.stones(n) == 1
    # A's field did not change in B's turn
    assert after_b.status(a) is Status.GROWING and after_b.stones(a) == 1


def test_one_machine_of_two_stacks_explodes_both_in_its_turn():
    board = load_preset("1p-triangle-5-machine")
    (_, a, _), (_, b, _) = machine_stacks(board)
    after = passes(board.position(), 2)
    assert after.status(a) is after.status(b) is Status.GROWING


def test_a_dummys_stack_of_six_explodes_in_its_first_turn_and_only_then():
    board = load_preset("5p-hexagon-19-dummy")
    ((dummy, centre, stones),) = machine_stacks(board)
    assert (dummy, stones) == (5, 6)
    tile = board.tiles[board.tile_index(centre)]
    assert tile.centre == centre  # the middle field of a tile: six live neighbours
    start = board.position()
    assert start.capacity(centre) == 6
    before = passes(start, 5)  # the five people pass
    assert before.status(centre) is Status.LIVE and before.stones(centre) == 6
    after = passes(before, 1)
    assert after.status(centre) is Status.GROWING and after.stones(centre) == 1
    assert sorted(board.board_neighbours(centre)) == sorted(neighbours(centre))
    for n in neighbours(centre):
        assert after.owner(n) == dummy and after.stones(n) == 1


# ---- a machine that moves -------------------------------------------------------------


def test_a_machine_seat_that_moves_is_refused_with_its_own_rule():
    board = load_preset("1p-triangle-5-two-machines")
    (_, a, _), _ = machine_stacks(board)
    target = board.board_neighbours(a)[0]
    move = Move(a, target)
    with pytest.raises(IllegalMove) as caught:
        replay(board.position(), [[], [move]])
    exc = caught.value
    assert exc.rule == "machine-moves" and "machine-moves" in RULES
    assert (exc.turn, exc.player) == (1, 1)
    assert "is a machine: it never moves" in str(exc)
    # the same move would be legal for a person: only the seat's kind refuses it
    turn = Turn(passes(board.position(), 1))
    assert turn.legal_moves() == []
    with pytest.raises(IllegalMove, match="machine-moves"):
        turn.move(move)


def test_replay_of_a_transcript_where_a_machine_moves_exits_1(tmp_path):
    board = load_preset("2p-diamond-5-machines")
    (_, a, _), _ = machine_stacks(board)
    move = [field_name(a), field_name(board.board_neighbours(a)[0])]
    start = board.position()
    text = write_transcript(transcript_from_position(start, turns=[], with_state=False))
    obj = json.loads(text)
    obj["turns"] = [[], [move]]
    path = tmp_path / "moving-machine.json"
    path.write_text(json.dumps(obj))
    result = run("rules", "replay", path)
    assert result.exit_code == 1
    assert "turn 2 (counting from 1), seat 2 (Machine A)" in result.output
    assert "rule machine-moves: a machine seat never moves" in result.output


def test_an_extreme_machine_moves_like_a_person_in_transcripts():
    board = load_preset("2p-diamond-5")
    start = board.position()
    text = write_transcript(transcript_from_position(start, with_state=False))
    obj = json.loads(text)
    for entry in obj["players"]:
        entry["kind"] = "extreme-machine"
    turns, final = random_game(start, seed=4, max_turns=12)
    obj["turns"] = [[[field_name(m.source), field_name(m.destination)] for m in t] for t in turns]
    transcript = parse_transcript(json.dumps(obj))
    assert [p.kind for p in transcript.position.players] == ["extreme-machine"] * 2
    assert any(turns)
    assert replay(transcript.position, transcript.move_list).stacks(0) == final.stacks(0)


# ---- the transcript's kind field ---------------------------------------------------------


def test_transcripts_carry_the_kind_and_files_without_it_are_all_players():
    start = load_preset("1p-triangle-5-two-machines").position()
    text = write_transcript(transcript_from_position(start, with_state=False))
    obj = json.loads(text)
    assert [p.get("kind") for p in obj["players"]] == [None, "machine", "machine"]
    again = parse_transcript(text)
    assert [p.kind for p in again.position.players] == ["player", "machine", "machine"]
    assert write_transcript(again) == text
    for entry in obj["players"]:
        entry.pop("kind", None)
    plain = parse_transcript(json.dumps(obj))
    assert [p.kind for p in plain.position.players] == ["player"] * 3


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (lambda o: o["players"][1].update(kind="robot"), "$.players[1].kind", "unknown kind"),
        (lambda o: o["players"][1].update(kind=3), "$.players[1].kind", "expected a string"),
        (
            lambda o: o["players"].extend([{"stacks": {}}] * 4),
            "$.players",
            "7 players: a game has at most 6 seats",
        ),
    ],
)
def test_bad_kinds_and_seven_seats_name_their_json_path(change, where, words, tmp_path):
    start = load_preset("1p-triangle-5-two-machines").position()
    obj = json.loads(write_transcript(transcript_from_position(start, with_state=False)))
    change(obj)
    with pytest.raises(InputFileError) as caught:
        parse_transcript(json.dumps(obj), "bad.json")
    assert caught.value.where == where and words in caught.value.detail
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    result = run("rules", "replay", path)
    assert result.exit_code == 2 and where in result.output
    assert "Traceback" not in result.output


# ---- whole games on the machine presets -------------------------------------------------------


@pytest.mark.parametrize("name", MACHINE_PRESETS)
def test_a_game_on_each_machine_preset_runs_to_the_end_and_replays(name, tmp_path):
    """The engine alone plays the game (design notes, rule 9): people's seats as extreme
    machines, machine seats passing; the transcript replays to the same end."""
    from fabgen.play.selfplay import game_rng, play_game, seat_policies

    board = load_preset(name)
    start = board.position()
    kinds = [str(s.kind) for s in board.seats]
    policies = seat_policies(start, ["extreme-machine"] * len(kinds))
    record = play_game(start, policies, "online", game_rng(7, 0), max_turns=400, keep_moves=True)
    assert not record.capped, f"{name}: no end after {record.turns} turns"
    turns = [list(t) for t in record.moves]
    for t, moves in enumerate(turns):
        if kinds[t % len(kinds)] == "machine":
            assert moves == []
    assert any(turns), "the people moved"
    path = tmp_path / f"{name}.json"
    path.write_text(write_transcript(transcript_from_position(start, turns=turns)))
    transcript = parse_transcript(path.read_text())
    assert [p.kind for p in transcript.position.players] == kinds
    final = replay(transcript.position, transcript.move_list)
    assert game_over(final)
    assert tuple(scores(final)) == record.scores
    got = scores(final)
    # a score is the size of the regions only that seat holds: they never overlap
    assert len(got) == len(kinds) and sum(got) <= len(board.fields)
    standing = ranking(final)
    assert sorted(s.player for s in standing) == list(range(len(kinds)))
    by_rank = sorted(standing, key=lambda s: s.rank)
    assert [s.score for s in by_rank] == sorted(got, reverse=True)
    result = run("rules", "replay", path)
    assert result.exit_code == 0, result.output
    assert "game over: yes" in result.output and "final ranking: 1. " in result.output
    assert "[machine]" in result.output


def test_rules_turn_plays_a_machines_turn_as_a_pass(tmp_path):
    board = load_preset("1p-triangle-5-machine")
    start = board.position()
    path = tmp_path / "game.json"
    path.write_text(write_transcript(transcript_from_position(start, turns=[[]])))
    result = run("rules", "turn", path)
    assert result.exit_code == 0, result.output
    assert "seat 2 (Machine) plays turn 2 of the game (a machine: it never moves" in result.output
    (_, a, _), (_, b, _) = machine_stacks(board)
    for f in (a, b):  # both stacks of the one machine colour explode in its first turn
        assert f"{field_name(f)} explodes (live -> growing): 3 stones, 3 live neighbours" in (
            result.output
        )
    assert result.output.count("explosion wave 1 (2 explosions): ") == 1
    refused = run("rules", "turn", path, "--moves", f"{field_name(a)}-{field_name(a)}")
    assert refused.exit_code == 2 and "machine-moves" in refused.output
    assert parse_field(field_name(a)) == a


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(MACHINE_PRESETS),
    seed=st.integers(0, 10_000),
    cut=st.integers(0, 60),
)
def test_a_moving_machine_is_refused_at_any_turn_of_any_game(name, seed, cut):
    """Play a random game (machines pass) up to turn ``cut``; at the next machine turn
    any move of it is refused as ``machine-moves`` at exactly that turn (before any
    other rule), while its pass is legal and is the machine's whole turn."""
    start = load_preset(name).position()
    turns, _ = random_game(start, seed, max_turns=cut)
    pos = replay(start, turns)
    while not game_over(pos) and pos.players[pos.next_player].kind != "machine":
        pos, _ = play_turn(pos, [])
        turns.append([])
    if game_over(pos):
        return
    k = pos.next_player
    live = [f.field for f in pos.fields() if f.owner == k and f.status is Status.LIVE]
    source = live[0] if live else pos.board.fields[0]  # refused for the seat's kind first
    moved = [*turns, [Move(source, neighbours(source)[0])]]
    with pytest.raises(IllegalMove) as caught:
        replay(start, moved)
    assert caught.value.rule == "machine-moves"
    assert (caught.value.turn, caught.value.player) == (len(turns), k)
    after = replay(start, [*turns, []])
    assert after == play_turn(pos, [])[0]


# ---- nothing can change any more: only machines' stacks, nothing growing --------------------

#: Three standard tiles in a row; a person and two machine seats.
ROW = ["B2", "C5", "D8"]


def _seats():
    return [Player("A"), Player("M", kind="machine"), Player("N", kind="machine")]


def _row(*stacks):
    return position_from_names(ROW, list(stacks), players=_seats())


def test_a_game_ends_when_only_machines_stacks_are_left_and_nothing_grows():
    # Two machines' stacks in the one region, the person without stones: the region
    # never settles (machines never move), and no phase changes anything.
    pos = _row({}, {"b2": 2}, {"d8": 1})
    assert not all_settled(pos) and standstill(pos) and game_over(pos)
    assert scores(pos) == [0, 0, 0]
    with pytest.raises(IllegalMove) as caught:
        Turn(pos)
    assert caught.value.rule == "game-over" and "nothing can change" in str(caught.value)
    with pytest.raises(IllegalMove):
        replay(pos, [[]])
    assert not game_over(pos, "1995")  # (it ends by passes: a round of them first)


@pytest.mark.parametrize(
    "stacks",
    [
        ({"c5": 1}, {"b2": 2}, {"d8": 1}),  # the person can still move
        ({}, {"b2": 2, "c2": -1}, {"d8": 1}),  # a machine's field grows
    ],
)
def test_a_game_with_a_stone_that_moves_or_a_growing_field_goes_on(stacks):
    pos = _row(*stacks)
    assert not standstill(pos) and not game_over(pos)
    assert replay(pos, [[]]).turns_played == pos.turns_played + 1


def test_a_machines_stack_at_its_capacity_is_no_standstill():
    pos = _row({}, {"b2": 1}, {"d8": 1})
    b2 = pos.board.fields.index(parse_field("b2"))
    full = _row({}, {"b2": pos.capacities[b2]}, {"d8": 1})
    assert standstill(pos) and not standstill(full)  # (it explodes in M's turn)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(MACHINE_PRESETS), seed=st.integers(0, 10_000))
def test_after_a_standstill_no_phase_changes_an_open_region_and_a_replay_stops_there(name, seed):
    """Random games on the machine presets: wherever the engine says nothing can change,
    a round of every seat's explosion and growth phases leaves the regions that are not
    settled as they are; and a replay refuses one more turn exactly when the game is over
    (its shortcut, a certificate of two seats sharing a region, never holds two
    machines' stacks alone)."""
    start = load_preset(name).position()
    turns, _ = random_game(start, seed, max_turns=400)
    pos = start
    for n in range(len(turns) + 1):
        if n % 25 == 0 or n == len(turns):
            over = all_settled(pos.copy()) or standstill(pos)
            if over:
                with pytest.raises(IllegalMove) as caught:
                    replay(start, [*turns[:n], []])
                assert caught.value.turn == n
            else:
                assert replay(start, [*turns[:n], []]).turns_played == n + 1
        if standstill(pos):
            after = pos.copy()
            for k in range(len(after.players)):
                explode(after, k)
                grow(after, k)
            index = {f: i for i, f in enumerate(pos.board.fields)}
            open_fields = [index[f] for r in regions(pos) if not r.settled for f in r.fields]
            for i in open_fields:
                assert after.status_codes[i] == pos.status_codes[i]
                assert (after.owners[i], after.stone_counts[i]) == (
                    pos.owners[i],
                    pos.stone_counts[i],
                )
        if n < len(turns):
            pos = replay(pos, [turns[n]])


@pytest.mark.parametrize(
    ("name", "seed"),
    [
        ("1p-triangle-5-two-machines", 8),
        ("2p-diamond-5-machines", 0),
        ("4p-hexagon-19-machines", 11),
    ],
)
def test_random_games_that_leave_machines_alone_in_a_region_end_there(name, seed):
    # Before the standstill rule these ran to the turn cap, every turn a pass.
    start = load_preset(name).position()
    turns, final = random_game(start, seed, max_turns=1000)
    assert len(turns) < 200 and game_over(final)
    assert standstill(final) and not all_settled(final.copy())
    before = replay(start, turns[:-1])
    assert not game_over(before)  # (it ended with the last turn, not earlier)
    open_regions = [r for r in regions(final) if not r.settled]
    assert open_regions and not any(r.next_to_growing for r in open_regions)
    kinds = [p.kind for p in final.players]
    assert all(kinds[k] == "machine" for r in open_regions for k in r.players)


def test_machines_alone_in_a_region_end_the_game_while_a_person_holds_its_own():
    # The dead c7 and d7 cut the last tile off: A holds the first two tiles, the two
    # machines share the last one, where no stone of A can ever come.
    walled = {"c7": 0, "d7": 0}
    pos = _row({"b2": 1}, {"d8": 2, **walled}, {"e9": 1})
    assert not all_settled(pos) and standstill(pos) and game_over(pos)
    assert scores(pos)[0] > 0 and scores(pos)[1:] == [0, 0]
    opened = _row({"b2": 1}, {"d8": 2}, {"e9": 1})  # (no wall: A can reach them)
    assert not standstill(opened) and not game_over(opened)
