"""Moves as a player at the table types them (``rules turn --moves``, the web's text
field): upper case, spaces, dashes a word processor puts, "to" and arrows, semicolons,
a spoken pass. Whatever the spelling, the moves read are the moves meant; a spelling
that can be read two ways is refused with both readings."""

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.cli import main
from fabgen.errors import ParameterError
from fabgen.rules.moves import IllegalMove, Move, parse_moves
from fabgen.rules.names import field_name, parse_field
from fabgen.rules.refusals import refused_turn
from fabgen.rules.setup import start_position
from fabgen.rules.state import Position
from fabgen.rules.transcript import transcript_from_position, write_transcript
from fabgen.rules.turn import Turn, play_turn

FIELDS = st.tuples(st.integers(-40, 40), st.integers(-40, 40))
MOVES = st.lists(st.builds(Move, FIELDS, FIELDS), min_size=1, max_size=6)
# Between a move's two fields: hyphen, spaced hyphen, the dashes of word processors,
# words and arrows.
JOINS = ["-", " - ", "\u2013", " \u2013 ", "\u2014", "\u2212", " to ", " -> ", "->", " \u2192 "]
SEPARATORS = [",", ", ", " ,", ";", "; ", " ; ", ",\n"]
CASES = [str.lower, str.upper, str.title]
START = start_position(2, 2)  # the 19-tile hexagon: fields named with and without minus


@given(MOVES, st.data())
def test_every_spelling_of_typed_moves_reads_the_moves_meant(moves, data):
    parts = []
    for move in moves:
        join = data.draw(st.sampled_from(JOINS))
        case = data.draw(st.sampled_from(CASES))
        parts.append(case(f"{field_name(move.source)}{join}{field_name(move.destination)}"))
    text = parts[0]
    for part in parts[1:]:
        text += data.draw(st.sampled_from(SEPARATORS)) + part
    assert parse_moves(text) == moves
    if len(moves) == 1:
        assert Move.parse(text) == moves[0]


@given(MOVES)
def test_whole_moves_may_be_separated_by_spaces(moves):
    assert parse_moves(" ".join(map(str, moves))) == moves


@given(FIELDS, FIELDS)
def test_a_source_and_destination_separated_by_a_space_is_a_move(source, destination):
    text = f"{field_name(source)} {field_name(destination)}"
    if destination[0] < 0:  # "-i0 -f0": the minus sign could be the hyphen of "-i0 - f0"
        with pytest.raises(ParameterError, match="can be read two ways") as info:
            parse_moves(text)
        # both readings, each written as the move is shown (and read back)
        readings = [
            Move(source, parse_field(field_name(destination)[1:])),
            Move(source, destination),
        ]
        assert f"write {readings[0]} or {readings[1]}, whichever" in str(info.value)
        assert [Move.parse(str(m)) for m in readings] == readings
    else:
        assert parse_moves(text) == [Move(source, destination)]


@given(MOVES)
def test_moves_as_shown_are_read_back_and_show_where_each_name_ends(moves):
    # "-d1--c1" (from -d1 to -c1) was shown in the play page's Undo list, rules turn's
    # steps and rules machine's line: a minus sign read as the move's hyphen
    shown = [str(m) for m in moves]
    assert parse_moves(", ".join(shown)) == moves
    assert [Move.parse(text) for text in shown] == moves
    for move, text in zip(moves, shown, strict=True):
        names = (field_name(move.source), field_name(move.destination))
        if any("-" in name for name in names):
            assert text == f"{names[0]} to {names[1]}"
        else:
            assert text == f"{names[0]}-{names[1]}"


@pytest.mark.parametrize(
    ("source", "destination", "shown"),
    [
        ("c3", "c5", "c3-c5"),
        ("-d1", "-c1", "-d1 to -c1"),
        ("c3", "b-2", "c3 to b-2"),
        ("-a0", "a0", "-a0 to a0"),
    ],
)
def test_a_move_with_a_minus_sign_in_a_name_is_shown_with_to(source, destination, shown):
    move = Move.from_names(source, destination)
    assert str(move) == shown
    assert Move.parse(shown) == move and parse_moves(f"{shown}, {shown}") == [move, move]
    assert shown.isascii()  # (any terminal shows it: no arrow to replace)


@pytest.mark.parametrize("text", ["", "  ", "pass", "Pass", " PASS ", "none"])
def test_a_pass_may_be_typed_as_nothing_or_said_in_words(text):
    assert parse_moves(text) == []


@pytest.mark.parametrize("text", ["c3c5", "c3 to", "c3 c5 c7", "c3 => c5"])
def test_what_is_no_move_is_refused_with_how_to_write_one(text):
    with pytest.raises(ParameterError, match=r"is not a move: write source-destination") as info:
        parse_moves(text)
    assert "(lower case)" not in str(info.value)  # upper case is read as well


@pytest.mark.parametrize("text", [",", ",,,", " ; , ", ";"])
def test_separators_alone_are_refused_not_a_pass(text):
    """They were a pass: a slip (or a paste gone wrong) played a whole turn."""
    with pytest.raises(ParameterError, match=r"holds no move: write source-destination"):
        parse_moves(text)


@pytest.mark.parametrize("text", ["pass, pass", "c3-c5, pass", "none; a1-a3"])
def test_a_pass_among_moves_says_it_stands_alone(text):
    """'pass' is a whole turn: among moves it is refused as such (it was 'is not a move',
    while the help says pass is a pass)."""
    with pytest.raises(ParameterError, match="stands for a whole turn without moves") as info:
        parse_moves(text)
    assert "' pass'" not in str(info.value) and "' none'" not in str(info.value)


@settings(max_examples=25)  # each plays the turn three times
@given(st.data())
def test_a_move_typed_without_a_names_minus_sign_is_refused_with_the_move_meant(data):
    """'h-1 to i-1' typed for -h-1 to -i-1, or '-h-1-i-1' (which reads as -h-1 to
    i-1): the refusal said only that h-1 is not on the board, not what to type."""
    meant = data.draw(st.sampled_from(LEGAL))
    # the ends typed without their minus sign, each off the board that way (a name on
    # the board either way is read as typed)
    ends = [i for i in (0, 1) if meant[i] in ONLY_SIGNED]
    dropped = data.draw(st.sets(st.sampled_from(ends), min_size=1))
    typed = Move(*(unsigned(f) if i in dropped else f for i, f in enumerate(meant)))
    words = refused_words(typed)
    assert f"did you mean {meant}? (a minus sign is part of a field's name)" in words
    off = [field_name(meant[i]) for i in sorted(dropped)]
    assert f"; {' and '.join(off)} {'is' if len(off) == 1 else 'are'} on the board" in words


@pytest.mark.parametrize("typed", ["a1-z1", "-z1 to a1", "z1 to -z1"])
def test_a_move_off_the_board_either_way_suggests_nothing(typed):
    assert "did you mean" not in refused_words(Move.parse(typed))


def test_a_move_the_rules_refuse_with_its_minus_sign_too_is_not_suggested():
    """Going two steps takes two stones: the field has one."""
    source = next(iter(LEGAL)).source
    far = next(m.destination for m in far_moves(source))
    assert "did you mean" not in refused_words(Move(unsigned(source), far))


def unsigned(field):
    return parse_field(field_name(field).removeprefix("-"))


#: The fields whose name without its minus sign is not on the board.
ONLY_SIGNED = {
    f
    for f in START.board.fields
    if field_name(f).startswith("-") and unsigned(f) not in START.board.index
}


#: A stone on each of them, the player to move's: their moves, one step each (and a
#: stone of Blue's, so that the game goes on).
BLUE = max(START.board.fields)
TABLE_STACKS = [dict.fromkeys(ONLY_SIGNED, 1), {BLUE: 1}]
TABLE = Position.from_stacks(START.board, ["Red", "Blue"], TABLE_STACKS)
LEGAL = [m for m in Turn(TABLE).legal_moves()]
TRANSCRIPT = transcript_from_position(TABLE)


def far_moves(source):
    """Two steps in a straight line from ``source``, on the board."""
    board = TABLE.board
    for d in range(6):
        one = board.towards[board.index[source]][d]
        two = board.towards[one][d] if one >= 0 else -1
        if two >= 0:
            yield Move(source, board.fields[two])


def refused_words(move: Move) -> str:
    with pytest.raises(IllegalMove, match="is not on the board") as info:
        play_turn(TABLE, [move])
    return refused_turn(TABLE, TRANSCRIPT, [move], info.value, "online")


def test_a_recorded_move_without_a_names_minus_sign_is_refused_with_the_move_meant(tmp_path):
    """A game typed into a transcript by hand: replay names the move meant, as turn does."""
    meant = next(m for m in LEGAL if m.destination in ONLY_SIGNED)
    typed = Move(meant.source, unsigned(meant.destination))
    game = transcript_from_position(TABLE, turns=[[typed]], with_state=False)
    (tmp_path / "game.json").write_text(write_transcript(game))
    result = CliRunner().invoke(main, ["rules", "replay", str(tmp_path / "game.json")])
    assert result.exit_code == 1
    assert f"; {field_name(meant.destination)} is on the board: did you mean {meant}?" in (
        result.output
    )


@given(FIELDS, FIELDS, st.sampled_from(SEPARATORS), st.sampled_from(CASES))
def test_a_move_cut_in_two_by_a_comma_is_refused_with_the_move_whole(source, dest, comma, case):
    """'-h-1, -i-1' was refused as '-h-1' is not a move, with the whole help on how to
    write one: the player had typed a comma for the hyphen."""
    names = [field_name(source), field_name(dest)]
    with pytest.raises(ParameterError) as info:
        parse_moves(case(names[0]) + comma + case(names[1]))
    message = str(info.value)
    assert message.endswith(f"for a move from {names[0]} to {names[1]}, write {Move(source, dest)}")
    assert "a comma or semicolon separates whole moves" in message
    written = message.rsplit(", write ", 1)[1]
    assert parse_moves(written) == [Move(source, dest)]


@pytest.mark.parametrize("given_next", [True, False])
def test_moves_of_another_seat_in_a_typed_position_say_how_to_make_it_their_turn(
    tmp_path, given_next
):
    """A position typed in from the table with next_player left at 0, and Blue's move
    typed: the refusal said whose stones they are, not how to make it Blue's turn."""
    game = json.loads(write_transcript(transcript_from_position(TABLE)))
    if not given_next:
        game.pop("next_player", None)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(game))
    blues = Position.from_stacks(TABLE.board, ["Red", "Blue"], TABLE_STACKS, next_player=1)
    move = Turn(blues).legal_moves()[-1]  # (Blue's, from BLUE)
    result = CliRunner().invoke(main, ["rules", "turn", str(path), "--moves", str(move)])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    change = "make it 1" if given_next else 'add "next_player": 1'
    assert f"for seat 2 (Blue)'s turn, {change}, counting seats from 0)" in said
    game["next_player"] = 1  # as the message says
    path.write_text(json.dumps(game))
    result = CliRunner().invoke(main, ["rules", "turn", str(path), "--moves", str(move)])
    assert result.exit_code == 0 and "seat 2 (Blue) plays" in result.output
    # A file with turns decides whose turn it is by them: no hint to change it.
    game["turns"] = [[]]
    game["next_player"] = 0
    path.write_text(json.dumps(game))
    moved = CliRunner().invoke(
        main, ["rules", "turn", str(path), "--turn", "1", "--moves", str(move)]
    )
    assert moved.exit_code == 2 and "next_player" not in moved.output
