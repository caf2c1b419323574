"""Every illegal move names the rule it breaks, and nothing changes when it is refused."""

import pytest

from fabgen.errors import FabgenError, ParameterError
from fabgen.rules.moves import RULES, IllegalMove, Move, parse_moves
from fabgen.rules.setup import position_from_names
from fabgen.rules.turn import Turn, play_turn, replay

# Segments: the row a1..h1 as two segments, a second row a2..h2, and j1 j2 k1 k2
# beyond a gap (i1 is not on the board). Red (player 0): 3 on a1, 1 on c2, 2 on j1;
# blue (player 1): 2 on e1, growing d2 and f1; g1 is dead (it was blue's).
SEGMENTS = ["a1 b1 c1 d1", "e1 f1 g1 h1", "a2 b2 c2 d2 e2 f2 g2 h2", "j1 j2 k1 k2"]
STACKS = [{"a1": 3, "c2": 1, "j1": 2}, {"e1": 2, "d2": -2, "f1": -1, "g1": 0}]


def start():
    return position_from_names(SEGMENTS, STACKS, ["Red", "Blue"])


def refused(moves: list[str], pos=None) -> IllegalMove:
    turn = Turn(pos or start())
    for move in moves[:-1]:
        turn.move(move)
    before = turn.position
    with pytest.raises(IllegalMove) as info:
        turn.move(moves[-1])
    assert turn.position == before  # a refused move changes nothing
    return info.value


@pytest.mark.parametrize(
    ("moves", "rule", "words"),
    [
        (["z9-z8"], "off-board", "starting field z9 is not on the board"),
        (["a1--a1"], "off-board", "destination -a1 is not on the board"),
        (["c2-i1"], "off-board", "not on the board"),
        (["j1-h1"], "off-board", "the line from j1 to h1 crosses a gap in the board"),
        (["a1-a1"], "same-field", "starts and ends on the same field"),
        (["d2-d1"], "not-live-source", "d2 is a growing field"),
        (["g1-h1"], "not-live-source", "g1 is a dead field"),
        (["b1-c1"], "no-stones", "b1 holds no stones"),
        (["e1-d1"], "not-your-stones", "belong to seat 2 (Blue)"),
        (["a1-c2"], "not-straight", "c2 is not in a straight line from a1"),
        (["c2-a1"], "not-straight", "a1 is not in a straight line from c2"),
        (["a1-e1"], "wrong-distance", "going 4 steps takes 4 stones, but a1 has only 3"),
        (["a1-b1", "a1-c1"], "tile-used", "a move already started on the tile of a1"),
        (["c2-c1", "c1-d1"], "already-moved", "only 0 of the 1 stones on c1"),
        (["c2-e2"], "wrong-distance", "has only 1"),
    ],
)
def test_illegal_moves_name_their_rule(moves, rule, words):
    error = refused(moves)
    assert error.rule == rule
    assert words in str(error)
    assert f"rule {rule}: {RULES[rule]}" in str(error)
    assert str(Move.parse(moves[-1])) in str(error)


def test_passing_a_growing_or_dead_field_is_blocked():
    # Red 2 on c1 would go through d1... use a row with a growing field in the way.
    pos = position_from_names(["a1 b1 c1 d1", "e1"], [{"a1": 3}, {"b1": -1, "d1": 0}])
    error = refused(["a1-d1"], pos)
    assert error.rule == "blocked"
    assert "would pass b1, a growing field" in str(error)
    # (blue's stone on a2 keeps the game going: a dead b1 would settle it otherwise)
    pos = position_from_names(["a1 b1 c1 d1 a2"], [{"a1": 2}, {"b1": 0, "a2": 1}])
    assert "would pass b1, a dead field" in str(refused(["a1-c1"], pos))


def test_ending_on_a_growing_or_dead_field_is_refused():
    pos = position_from_names(["a1 b1 c1"], [{"a1": 2}, {"c1": -1}])
    error = refused(["a1-c1"], pos)
    assert error.rule == "not-live-destination"
    assert "c1 is a growing field" in str(error)
    pos = position_from_names(["a1 b1 a2"], [{"a1": 1}, {"b1": 0, "a2": 1}])
    assert "b1 is a dead field" in str(refused(["a1-b1"], pos))


def test_stones_that_arrived_cannot_move_on_but_those_that_were_there_can():
    # a1 and c1 are on different segments; 2 red stones from a1 join the 1 on c1.
    pos = position_from_names(["a1 b1", "c1 d1 e1 f1 g1"], [{"a1": 2, "c1": 1}, {"g1": 1}])
    error = refused(["a1-c1", "c1-f1"], pos)
    assert error.rule == "already-moved"
    assert "only 1 of the 3 stones on c1 have not moved this turn" in str(error)
    turn = Turn(pos)
    turn.move("a1-c1")
    turn.move("c1-d1")
    assert turn.position.stones("c1") == 2


def test_the_first_illegal_move_of_a_replay_names_turn_and_player():
    pos = start()
    turns = [[Move.parse("a1-b1")], [Move.parse("e1-g2")], [Move.parse("b1-b1")]]
    with pytest.raises(IllegalMove) as info:
        replay(pos, turns)
    error = info.value
    assert (error.turn, error.player, error.rule) == (1, 1, "not-straight")
    message = str(error)
    assert message.startswith("turn 2 (counting from 1), seat 2 (Blue), move e1-g2: ")


def test_no_turn_after_the_end_of_the_game():
    # Only red stones on a board without growing fields: already over.
    pos = position_from_names(["a1 b1 c1"], [{"a1": 1}, {}])
    with pytest.raises(IllegalMove) as info:
        replay(pos, [[]])
    assert info.value.rule == "game-over"
    assert "the game ended after 0 turns played: every region is settled" in str(info.value)
    assert "turn 1 (counting from 1), seat 1 (Red)" in str(info.value)
    with pytest.raises(IllegalMove) as info:  # one turn, not "1 turns"
        replay(position_from_names(["a1 b1"], [{"a1": 1}, {"b1": 1}]), [[Move.parse("a1-b1")], []])
    assert "the game ended after 1 turn played: every region is settled" in str(info.value)


def test_a_board_burnt_to_the_last_field_is_said_so():
    """Settled too, but "every region is settled" said of a board without a live field
    read as if someone held land (the play page's Game over box said it beside 0:0)."""
    # Red's stone at capacity explodes, the fire runs through b1 and c1, all three die
    pos = position_from_names(["a1 b1 c1"], [{"a1": 1}, {"c1": 1}])
    with pytest.raises(IllegalMove) as info:
        replay(pos, [[], [], [], []])
    assert info.value.rule == "game-over"
    said = "the game ended after 3 turns played: the whole board has burnt"
    assert said in str(info.value)


def test_illegal_moves_are_fabgen_errors_with_one_paragraph():
    error = refused(["a1-c2"])
    assert isinstance(error, FabgenError)
    assert "\n" not in str(error)


def test_moves_parse_with_negative_coordinates_and_spaces():
    assert parse_moves(" c3-c5, -a1--b1 ,a-1-a0,") == [
        Move((2, 2), (2, 4)),
        Move((-1, 0), (-2, 0)),
        Move((0, -2), (0, -1)),
    ]
    assert parse_moves("") == []
    for text in ("c3c5", "c3-", "c3-c5-c7", "c3 - c05", "c3 c5 c7"):
        with pytest.raises(ParameterError, match=r"is not a move|not a field name"):
            parse_moves(text)


@pytest.mark.parametrize(
    ("typed", "write"),
    [
        ('[["b3", "c3"]]', "b3-c3"),
        ('["b3","c3"]', "b3-c3"),
        ("(b3, c3)", "b3-c3"),
        ('[["-a0", "b-2"], ["c3", "c5"]]', "-a0 to b-2, c3-c5"),
    ],
)
def test_moves_typed_as_a_transcript_writes_them_get_the_typed_form(typed, write):
    # '[["b3", "c3"]]' was refused as "'[[\"b3\"' is not a move", its first comma's part
    with pytest.raises(ParameterError) as info:
        parse_moves(typed)
    said = str(info.value)
    assert "is written as a transcript writes moves, [source, destination] pairs" in said
    assert said.endswith(f'typed moves are source-destination: write "{write}"')
    parse_moves(write)  # which reads


def test_moves_quoted_once_too_often_are_read_and_a_lone_quote_is_no_pass():
    assert parse_moves("'c3-c5, -a1--b1'") == parse_moves('"c3-c5, -a1--b1"') != []
    for text in ('"', "[c3]", "[c3-c5]"):
        with pytest.raises(ParameterError, match="is not a move"):
            parse_moves(text)


def test_move_text_round_trips():
    # a name with a minus sign: shown with "to", so that each name is seen whole
    for typed, shown in (
        ("c3-c5", "c3-c5"),
        ("-a1--b1", "-a1 to -b1"),
        ("a-1-a0", "a-1 to a0"),
        ("aa12-ab13", "aa12-ab13"),
    ):
        assert str(Move.parse(typed)) == shown
        assert Move.parse(shown) == Move.parse(typed)


def test_a_pass_is_a_legal_turn():
    pos = start()
    after, _ = play_turn(pos, [])
    assert after.turns_played == 1 and after.next_player == 1 and after.passes == 1


def test_typed_moves_may_use_the_dashes_word_processors_put_for_a_hyphen():
    hyphen = parse_moves("c3-c5, -a1--a3")
    for dash in ("\u2013", "\u2014", "\u2212"):  # en dash, em dash, minus sign
        assert parse_moves(f"c3{dash}c5, {dash}a1{dash}{dash}a3") == hyphen
    assert Move.parse("c3 \u2013 c5") == hyphen[0]


def test_a_long_text_that_is_no_move_is_quoted_by_its_start():
    quoted = r"^'xxxxxxxxxxxx'\.\.\. \(5000 characters\) is not a move"
    with pytest.raises(ValueError, match=quoted):
        Move.parse("x" * 5000)
