"""Regions, scores, the end of the game, and ranking under each variant."""

import pytest

from fabgen.errors import ParameterError
from fabgen.rules.scoring import game_over, ranking, regions, scores
from fabgen.rules.setup import position_from_names
from fabgen.rules.variants import VARIANTS, get_variant

# Three regions on one row, cut by dead fields f1 and l1:
# a1..e1 (5 fields), g1..k1 (5 fields), m1..n1 (2 fields).
ROW = ["a1 b1 c1 d1 e1 f1", "g1 h1 i1 j1 k1 l1", "m1 n1"]


def tie(red: dict, green: dict, blue: dict | None = None):
    """Red and green both hold a 5-field region; blue holds the 2-field one."""
    stacks = [{"f1": 0, "l1": 0} | red, blue or {"m1": 1}, green]
    return position_from_names(ROW, stacks, ["Red", "Blue", "Green"])


def standings(pos, variant):
    return [(s.rank, s.player) for s in ranking(pos, variant)]


def test_online_ties_share_the_place():
    pos = tie({"a1": 3}, {"g1": 1})
    assert scores(pos) == [5, 2, 5]
    # the 2025 rules only say ties are possible: nobody is ranked above the other
    assert standings(pos, "online") == [(1, 0), (1, 2), (3, 1)]
    assert standings(pos, get_variant("online")) == standings(pos, "online")
    assert ranking(pos) == ranking(pos, "online")  # the default


def test_the_2013_notes_rank_ties_in_reverse_turn_order():
    pos = tie({"a1": 3}, {"g1": 1})
    assert standings(pos, "online-2013") == [(1, 2), (2, 0), (3, 1)]
    # all three tied: the last in turn order first, the first last
    # dead fields c1 and f1 cut the row into three regions of two fields each
    row = ["a1 b1 c1", "d1 e1 f1", "g1 h1"]
    three = position_from_names(row, [{"a1": 1, "c1": 0}, {"d1": 1, "f1": 0}, {"g1": 1}])
    assert scores(three) == [2, 2, 2]
    assert standings(three, "online-2013") == [(1, 2), (2, 1), (3, 0)]
    assert standings(three, "online") == [(1, 0), (1, 1), (1, 2)]


def test_blog_ties_go_to_more_stones_on_the_board():
    pos = tie({"a1": 3, "f1": -2}, {"g1": 4})  # red: 3 live + 2 on a growing field
    assert [s.stones for s in ranking(pos, "blog")] == [5, 4, 1]
    assert standings(pos, "blog") == [(1, 0), (2, 2), (3, 1)]
    equal = tie({"a1": 2}, {"g1": 2})
    assert standings(equal, "blog") == [(1, 0), (1, 2), (3, 1)]


def test_the_1995_rules_share_a_tied_rank():
    pos = tie({"a1": 3}, {"g1": 1})
    assert standings(pos, "1995") == [(1, 0), (1, 2), (3, 1)]


def test_empty_regions_and_shared_regions_score_for_nobody():
    pos = tie({"a1": 1}, {"h1": 1}, {"g1": 2})  # g1..k1 shared by blue and green
    assert scores(pos) == [5, 0, 0]
    empty = [r for r in regions(pos) if not r.players]
    assert [len(r) for r in empty] == [2]  # m1 n1
    assert empty[0].settled and empty[0].owner is None


def test_no_live_field_left_ends_the_game():
    pos = position_from_names(["a1 b1"], [{"a1": 0}, {"b1": 0}])
    assert regions(pos) == []
    assert game_over(pos) and scores(pos) == [0, 0]


def test_a_growing_field_without_live_neighbours_does_not_keep_the_game_open():
    # b1 (blue, growing) only touches dead fields: both regions are settled.
    pos = position_from_names(
        ["a1 b1 c1 d1", "f1"], [{"a1": 0, "c1": 0, "d1": 1}, {"b1": -2, "f1": 1}]
    )
    assert pos.capacity("b1") == 0
    assert game_over(pos)


def test_variants_by_name():
    assert sorted(VARIANTS) == ["1995", "blog", "online", "online-2013"]
    assert get_variant("online").tie_break == "none"
    assert get_variant("online-2013").tie_break == "reverse-turn-order"
    with pytest.raises(ParameterError, match="variant '1985' is not a rule variant: choose one of"):
        get_variant("1985")
    with pytest.raises(ParameterError, match=r"'Online' is not .* \(did you mean 'online'\?\)"):
        get_variant("Online")  # (a name in another case: the name meant, not the list only)
