"""A value typed short or nearly right gets the choices it was probably typed for, on
every kind of choice: presets, players, choice options (fabgen.text.meant)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.board.files import preset_names
from fabgen.text import did_you_mean, meant


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["boards", "--show", "3p-triangle"],
         "(did you mean '3p-triangle-4', '3p-triangle-5' or '3p-triangle-7-machines'?)"),
        (["layout", "--preset", "6p-hexagon"],
         "(did you mean '6p-hexagon-19', '6p-hexagon-21' or '6p-hexagon-37'?)"),
        (["tile", "--outline", "hex"], "'hex' is not one of 'hexagon', 'rosette' "
         "(did you mean 'hexagon'?)"),
        (["balance", "--preset", "2p-diamond-4", "--players", "strng", "--games", "2"],
         "'strng' is not a player (did you mean 'strong'?)"),
        (["boards", "--show", "2p-diamond-4", "--as", "json"], "(did you mean 'transcript'?)"),
        (["boards", "--format", "JSON"], "(did you mean 'json'?)"),
    ],
)  # fmt: skip
def test_a_short_or_misspelt_value_names_what_was_meant(cli, tmp_path, args, said):
    result = cli(*args, "--out", tmp_path) if args[0] == "tile" else cli(*args)
    assert result.exit_code == 2
    assert said in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_word_that_is_near_nothing_gets_no_guess(cli):
    result = cli("boards", "--show", "2p-diamond-4", "--as", "svg")
    assert result.exit_code == 2 and "did you mean" not in result.output


@given(st.sampled_from(preset_names()), st.integers(2, 30))
def test_every_name_a_value_begins_is_offered_or_one_close_name(name, cut):
    typed = name[:cut]
    offered = meant(typed, preset_names())
    begun = [p for p in preset_names() if p.startswith(typed)]
    if len(begun) <= 4:  # every preset it begins, the one typed whole alone
        assert offered == ([typed] if typed in begun else begun)
    else:  # begins too many to list: one close spelling at most
        assert len(offered) <= 1


@given(st.text(max_size=12), st.sampled_from(["hexagon", "rosette", "extreme-machine"]))
def test_meant_only_offers_real_choices_and_a_choice_in_other_case_alone(typed, choice):
    choices = ["hexagon", "rosette", "extreme-machine"]
    assert set(meant(typed, choices)) <= set(choices)
    assert meant(choice.upper().replace("-", " "), choices) == [choice]
    assert did_you_mean([]) == ""
