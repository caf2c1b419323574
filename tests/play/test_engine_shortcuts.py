"""The engine's shortcuts (hints kept between end checks, cached move lines) never
change an answer: checked against plain definitions over many random games."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.geometry.lattice import NEIGHBOUR_STEPS, neighbours
from fabgen.play.random_policy import RandomPolicy
from fabgen.rules.moves import IllegalMove, Move
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import start_position
from fabgen.rules.state import Status
from fabgen.rules.turn import Turn, play_turn, replay


def plainly_settled(pos) -> bool:
    """Rule 7 of the design notes, word for word: every region (connected live fields) holds stones
    of at most one player and touches no growing field."""
    state = {s.field: s for s in pos.fields()}
    seen = set()
    for field, s in state.items():
        if s.status is not Status.LIVE or field in seen:
            continue
        region, owners, growing = [field], set(), False
        seen.add(field)
        for f in region:
            if state[f].stones and state[f].owner is not None:
                owners.add(state[f].owner)
            for n in neighbours(f):
                if n not in state:
                    continue
                if state[n].status is Status.GROWING:
                    growing = True
                elif state[n].status is Status.LIVE and n not in seen:
                    seen.add(n)
                    region.append(n)
        if len(owners) > 1 or growing:
            return False
    return True


@settings(max_examples=20)
@given(st.integers(0, 10**6), st.sampled_from([(1, 2), (2, 3), (2, 6), (3, 4)]))
def test_end_check_agrees_with_the_definition_at_every_turn(seed, shape):
    radius, players = shape
    pos = start_position(radius, players)
    rng = random.Random(seed)
    policy = RandomPolicy()
    for _ in range(250):
        assert game_over(pos) == plainly_settled(pos)
        if game_over(pos):
            break
        pos, _ = play_turn(pos, policy.choose_turn(pos, "online", rng))


@settings(max_examples=20)
@given(st.integers(0, 10**6))
def test_replays_agree_with_turn_by_turn_play(seed):
    """replay() (cached lines, one position) ends where play_turn() (a new position
    each turn) ends."""
    start = start_position(2, 3)
    rng = random.Random(seed)
    pos, turns = start, []
    for _ in range(150):
        if game_over(pos):
            break
        moves = RandomPolicy().choose_turn(pos, "online", rng)
        turns.append(moves)
        pos, _ = play_turn(pos, moves)
    assert replay(start, turns) == pos


@settings(max_examples=30)
@given(st.integers(0, 10**6))
def test_uniform_move_is_the_choice_among_all_legal_moves(seed):
    """The random player's shortcut picks exactly the move rng.choice would pick from
    the full list of legal moves of the tile, from the same generator state."""
    from fabgen.rules.random_games import _uniform_move
    from fabgen.rules.turn import Turn

    rng = random.Random(seed)
    pos = start_position(2, 3)
    for _ in range(60):
        if game_over(pos):
            break
        turn = Turn(pos)
        for tile in range(len(pos.board.tiles)):
            state = rng.getstate()
            options = turn.legal_moves(tile)
            expected = rng.choice(options) if options else None
            rng.setstate(state)
            assert _uniform_move(turn, tile, rng) == expected
        pos, _ = play_turn(pos, RandomPolicy().choose_turn(pos, "online", rng))


def _rule_of(action) -> str | None:
    try:
        action()
    except IllegalMove as exc:
        return exc.rule
    return None


@settings(max_examples=60)
@given(st.integers(0, 10**6), st.sampled_from([(1, 2), (2, 3), (2, 6)]))
def test_replay_refuses_a_broken_move_as_turn_by_turn_play_does(seed, shape):
    """replay() carries legal moves out inline; a changed move (any field of the
    board, its own or another player's, in line or not, used twice) must be refused
    with the same rule as play_turn() gives, or played to the same position."""
    radius, players = shape
    start = start_position(radius, players)
    rng = random.Random(seed)
    fields = list(start.board.fields)
    pos, turns = _random_turns(start, rng, 80, game_over)
    if game_over(pos):
        assert _rule_of(lambda: replay(start, [*turns, []])) == "game-over"
        return
    chosen = RandomPolicy().choose_turn(pos, "online", rng)
    moves = chosen or [Move(fields[0], fields[1])]
    broken = list(moves)
    k = rng.randrange(len(broken))
    source, destination = broken[k]
    if rng.random() < 0.5:
        source = rng.choice(fields)
    else:
        destination = rng.choice(fields)
    broken[k] = Move(source, destination)
    if rng.random() < 0.5:
        # a second move from the tile of a move made: the tile used twice, or stones
        # that moved (or arrived) moving again
        end = moves[0].source if rng.random() < 0.5 else moves[0].destination
        tile = pos.board.tile_of[pos.board.index[end]]
        again = Turn(pos).legal_moves(tile)
        broken.append(rng.choice(again) if again else moves[0])
    elif chosen and rng.random() < 0.5:
        # all the stones on a move's destination, those that arrived included
        turn = Turn(pos)
        turn.move(moves[0])
        there = turn.position.stones(moves[0].destination)
        (q, r), (dq, dr) = moves[0].destination, rng.choice(NEIGHBOUR_STEPS)
        broken = [moves[0], Move((q, r), (q + there * dq, r + there * dr))]
    expected = _rule_of(lambda: play_turn(pos, broken))
    assert _rule_of(lambda: replay(start, [*turns, broken])) == expected
    if expected is None:
        assert replay(start, [*turns, broken]) == play_turn(pos, broken)[0]


@settings(max_examples=15)
@given(st.integers(0, 10**6), st.sampled_from([(1, 2), (2, 3), (2, 6), (3, 4)]))
def test_replay_ends_where_the_definition_says(seed, shape):
    """replay() keeps its end-check hints on one position all game: one more turn
    after a random game is refused exactly when the plain definition says it is over."""
    radius, players = shape
    start = start_position(radius, players)
    pos, turns = _random_turns(start, random.Random(seed), 300, plainly_settled)
    refused = _rule_of(lambda: replay(start, [*turns, []])) == "game-over"
    assert refused == plainly_settled(pos)


def _random_turns(start, rng, most: int, over):
    """A random game from ``start``: fewer than ``most`` turns (how many drawn from
    ``rng``), stopping where ``over(position)``; the position reached and the turns."""
    pos, turns = start, []
    for _ in range(rng.randrange(1, most)):
        if over(pos):
            break
        moves = RandomPolicy().choose_turn(pos, "online", rng)
        turns.append(moves)
        pos, _ = play_turn(pos, moves)
    return pos, turns


def _volatile(pos) -> set[int]:
    """By definition: a field with stones at or over its capacity (live neighbours)."""
    return {
        pos.board.index[s.field]
        for s in pos.fields()
        if s.status is not Status.DEAD and s.owner is not None and s.stones >= pos.capacity(s.field)
    }


@settings(max_examples=20)
@given(st.integers(0, 10**6), st.sampled_from([(1, 2), (2, 3), (2, 6)]), st.floats(0, 0.8))
def test_the_worklist_holds_every_volatile_field(seed, shape, bias):
    """The explosion phase looks only at the fields in the position's worklist: after
    every move and every turn, each volatile field must be in it (moves add a field
    only when stones bring it to its capacity)."""
    from fabgen.rules.random_games import random_moves

    radius, players = shape
    pos = start_position(radius, players)
    rng = random.Random(seed)
    for _ in range(120):
        if game_over(pos):
            break
        turn = Turn(pos)
        for move in random_moves(Turn(pos), random.Random(rng.random()), 0.8, bias):
            turn.move(move)
            assert _volatile(turn._pos) <= turn._pos._hot
        pos, _ = turn.finish()
        assert _volatile(pos) <= pos._hot
