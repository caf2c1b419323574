"""Field names of the transcript format: letters for x, y + 1 in decimal."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.rules.names import field_name, letters, parse_field, parse_stack_key, segment_key


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("a1", (0, 0)),
        ("c12", (2, 11)),
        ("z1", (25, 0)),
        ("aa1", (26, 0)),
        ("ab3", (27, 2)),
        ("az1", (51, 0)),
        ("ba1", (52, 0)),
        ("zz1", (26 + 26 * 26 - 1, 0)),
        ("aaa1", (26 + 26 * 26, 0)),
        ("-a1", (-1, 0)),
        ("-b1", (-2, 0)),
        ("-aa1", (-27, 0)),
        ("a0", (0, -1)),
        ("a-1", (0, -2)),
        ("-a-1", (-1, -2)),
    ],
)
def test_names_from_the_format_description(name, field):
    assert parse_field(name) == field
    assert field_name(field) == name


def test_letters_count_like_spreadsheet_columns():
    assert [letters(n) for n in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa",
    ]  # fmt: skip


BAD_NAMES = ["", "a", "3", "A1x", "c01", "c-0", "c+1", "c 3", "é1", "-1", "--a1"]


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_non_canonical_or_malformed_names_are_rejected(bad):
    with pytest.raises(ValueError, match="not a field name"):
        parse_field(bad)


def test_upper_case_key_is_a_segment_centre():
    assert parse_stack_key("C3") == ((2, 2), True)
    assert parse_stack_key("c3") == ((2, 2), False)
    assert parse_stack_key("-B0") == ((-2, -1), True)
    assert segment_key((2, 2)) == "C3"
    with pytest.raises(ValueError, match="not a stack key"):
        parse_stack_key("Cc3")


@settings(deadline=None)
@given(st.integers(-5000, 5000), st.integers(-5000, 5000))
def test_every_field_name_round_trips(x, y):
    name = field_name((x, y))
    assert parse_field(name) == (x, y)
    assert parse_stack_key(name.upper()) == ((x, y), True)
