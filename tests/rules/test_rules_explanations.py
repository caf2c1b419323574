"""A turn's explanation, followed by hand, gives the engine's result: for every
explosion of every wave, the field and its change, its stones and live neighbours
(its capacity), and where each stone goes (added to the player's stones, onto an
empty field, or cancelling one of another seat's) are what the rules give when a
player works the wave out on the board, in the order the explanation lists them; and
the board after following the explanation is the engine's board after the wave. Its
capacity names the neighbours that no longer count (those that exploded earlier in its
wave, live on the board before the wave, said so; all of them when none is left), and
stones it got from explosions earlier in its wave are named with what it held when the
wave began."""

import itertools
import random
import re

import rules_reference as ref
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from random_positions import positions

from fabgen.geometry.lattice import neighbours
from fabgen.rules.names import field_name, parse_field
from fabgen.rules.random_games import random_moves
from fabgen.rules.scoring import game_over
from fabgen.rules.terminal import player_letter
from fabgen.rules.turn import Turn, calm_words, chain_before, explosion_phase

EXPLODES = re.compile(
    r"(\S+) explodes \((live -> growing|growing -> dead)\): (\d+) stones?, (\d+) live "
    r"neighbours?(?:, (\d+) lost(?: over capacity)?)?"
    r"(?: \(capacity (\d+)(?:: all its neighbours are live| of its (\d+) neighbours: ([^)]*))\))?"
    r"(?: \(no live neighbour left: ([^)]*)\))?"
    r"(?:; it held (\d+) when the wave began, then one(?: each)? from (.*))?"
)
GOES = re.compile(r"(\S+) \(([^)]*)\)")


def by_hand(state, field, player: int) -> tuple[dict[str, str], str]:
    """What happens to each live neighbour when ``field`` explodes, in the words of
    the explanation, worked out on ``state`` (the reference's board), which it changes."""
    me = player_letter(player)
    goes = {}
    for n in ref.live_neighbours(state, field):
        _, owner, held = state[n]
        if owner is None:
            goes[field_name(n)] = f"was empty, now 1{me}"
        elif owner != player:
            left = f"{held - 1}{player_letter(owner)}" if held > 1 else "empty"
            goes[field_name(n)] = f"cancels one of {held}{player_letter(owner)}, now {left}"
        else:
            goes[field_name(n)] = f"now {held + 1}{me}"
        ref.give(state, n, player)
    was = state[field][0]
    state[field] = ["growing" if was == "live" else "dead", player, 0]
    return goes, was


def capacity_by_hand(state, began, field) -> list:
    """The capacity clause's figures, worked out on the board: the capacity, and when
    some neighbours are not live, how many it has and which are growing or dead (or
    turned so earlier in the wave: live on ``began``, the board before it); for a
    field without a live neighbour, those alone."""
    around = [n for n in neighbours(field) if n in state]
    live = [n for n in around if state[n][0] == "live"]
    gone = sorted(_gone(field_name(n), state[n][0], began[n][0]) for n in around if n not in live)
    if not live:
        return [None, None, None, gone]
    if not gone:
        return [str(len(live)), None, None, None]
    return [str(len(live)), str(len(around)), gone, None]


def _gone(name: str, now: str, began: str) -> str:
    if now == began:
        return f"{name} is {now}"
    return f"{name} {'turned growing' if now == 'growing' else 'died'} earlier in this wave"


@settings(deadline=None, max_examples=150)
@given(positions(any_next_player=True), st.integers(0, 2**32 - 1))
def test_following_the_explanation_by_hand_gives_the_engines_board(pos, seed):
    assume(not game_over(pos))
    turn = Turn(pos, record_steps=True)
    random_moves(turn, random.Random(seed), explode_bias=0.5)
    player = turn.player
    _, steps = turn.finish()
    tally = {"waves": 0, "explosions": 0, "grew": 0, "lost": 0, "cancelled": 0}
    for before, step in itertools.pairwise(steps):
        if step.kind != "explosion":
            assert step.effects == ()
            continue
        tally["waves"] += 1
        state = ref.snapshot(before.position)
        began = ref.snapshot(before.position)  # the board the wave's picture starts from
        sent = []  # (field, its live neighbours) of the wave's explosions so far
        assert len(step.effects) == len(step.details) == len(step.fields)
        for detail, effect, field in zip(step.details, step.effects, step.fields, strict=True):
            name, change, stones, cap, lost, *capacity, had, came = EXPLODES.fullmatch(
                detail
            ).groups()
            # Stones sent to it earlier in the wave: named, and what it held before them.
            earlier = [field_name(f) for f, near in sent if field in near]
            assert (came.split(", ") if came else []) == earlier
            if earlier:
                assert int(had) == began[field][2] == int(stones) - len(earlier)
            assert ("no live neighbour left" in detail) == (int(cap) == 0)
            assert parse_field(name) == field
            live = ref.live_neighbours(state, field)
            _, owner, held = state[field]
            # It explodes: the player's stones reach its capacity, its live neighbours.
            assert owner == player and held >= len(live)
            assert (int(stones), int(cap), int(lost or 0)) == (held, len(live), held - len(live))
            for k in (2, 3):  # the fields that no longer count, in any order
                if capacity[k]:
                    capacity[k] = sorted(capacity[k].split(", "))
            assert capacity == capacity_by_hand(state, began, field)
            sent.append((field, live))
            goes, was = by_hand(state, field, player)
            assert change == ("live -> growing" if was == "live" else "growing -> dead")
            tally["explosions"] += 1
            tally["grew"] += was == "live"
            tally["lost"] += max(0, held - len(live))
            tally["cancelled"] += sum(g.startswith("cancels") for g in goes.values())
            if live:
                assert effect.startswith(
                    "one stone to " if len(live) == 1 else "one stone each to "
                )
                assert dict(GOES.findall(effect)) == goes
            else:
                assert effect.startswith("no live neighbour")
        assert ref.snapshot(step.position) == state
    assert chain_before(steps, len(steps) - 1, player) == _chain_by_hand(**tally)


def _chain_by_hand(waves, explosions, grew, lost, cancelled) -> str | None:
    """The explosion phase's figures line, from the counts worked out by hand."""
    if not waves:
        return None
    changes = [f"{grew} live -> growing" * (grew > 0)]
    changes.append(f"{explosions - grew} growing -> dead" * (explosions > grew))

    def count(n, word):
        return f"{n} {word}" + ("s" if n != 1 else "")

    return (
        f"the explosion phase: {count(waves, 'wave')}, {count(explosions, 'explosion')} "
        f"({', '.join(c for c in changes if c)}), {count(lost, 'stone')} lost, "
        f"{count(cancelled, 'opponent stone')} cancelled"
    )


@given(positions(any_next_player=True))
def test_a_turn_without_explosions_names_the_fields_nearest_to_their_capacity(pos):
    """After the explosion phase every field of the player is below its capacity: the
    words say so and name the stacks nearest to it, counted on the board by hand."""
    player = pos.next_player
    calm, _ = explosion_phase(pos)
    words = calm_words(calm, player)
    state = ref.snapshot(calm)
    stacks = {
        field_name(f): (len(ref.live_neighbours(state, f)) - held, held)
        for f, (status, owner, held) in state.items()
        if owner == player and status != "dead" and held
    }
    if not stacks:
        assert words.endswith("has no stones on the board")
        return
    gap = min(short for short, _ in stacks.values())
    assert gap >= 1
    nearest = sorted(name for name, (short, _) in stacks.items() if short == gap)
    shown = ", ".join(f"{n} {stacks[n][1]} of {stacks[n][1] + gap}" for n in nearest[:8])
    short = "one stone short" if gap == 1 else f"the nearest, {gap} stones short"
    more = f" and {len(nearest) - 8} more" if len(nearest) > 8 else ""
    assert words.startswith("no explosion: every field of ")
    assert words.endswith(f"below its capacity (its live neighbours); {short}: {shown}{more}")
