"""Moves as a player at the table types them (``rules turn --moves``, the web's text
field): upper case, spaces, dashes a word processor puts, "to" and arrows, semicolons,
a spoken pass. Whatever the spelling, the moves read are the moves meant; a spelling
that can be read two ways is refused with both readings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.errors import ParameterError
from fabgen.rules.moves import Move, parse_moves
from fabgen.rules.names import field_name

FIELDS = st.tuples(st.integers(-40, 40), st.integers(-40, 40))
MOVES = st.lists(st.builds(Move, FIELDS, FIELDS), min_size=1, max_size=6)
# Between a move's two fields: hyphen, spaced hyphen, the dashes of word processors,
# words and arrows.
JOINS = ["-", " - ", "\u2013", " \u2013 ", "\u2014", "\u2212", " to ", " -> ", "->", " \u2192 "]
SEPARATORS = [",", ", ", " ,", ";", "; ", " ; ", ",\n"]
CASES = [str.lower, str.upper, str.title]


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
        other = field_name(destination)[1:]
        assert f"write {field_name(source)}-{other})" in str(info.value)
        assert f"write {field_name(source)}-{field_name(destination)})" in str(info.value)
    else:
        assert parse_moves(text) == [Move(source, destination)]


@pytest.mark.parametrize("text", ["", "  ", "pass", "Pass", " PASS ", "none"])
def test_a_pass_may_be_typed_as_nothing_or_said_in_words(text):
    assert parse_moves(text) == []


@pytest.mark.parametrize("text", ["c3c5", "c3 to", "pass, c3-c5", "c3 c5 c7", "c3 => c5"])
def test_what_is_no_move_is_refused_with_how_to_write_one(text):
    with pytest.raises(ParameterError, match=r"is not a move: write source-destination") as info:
        parse_moves(text)
    assert "(lower case)" not in str(info.value)  # upper case is read as well
