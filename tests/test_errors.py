"""fabgen's errors cross a process boundary as themselves: a worker's error reaches the
parent of a ``--jobs`` run or of a Dask task pickled, and unpickling called the class
with the message alone, which every error taking other arguments refused (the parent
saw a broken process pool, naming nothing)."""

from __future__ import annotations

import pickle

import pytest

from fabgen.errors import Facts, InputFileError, ParameterError, UserError
from fabgen.kitbuild.kitfile import KitFileError
from fabgen.rules.moves import IllegalMove


def _illegal_move() -> IllegalMove:
    error = IllegalMove("no-stones", "c3 holds no stones")
    error.turn, error.player = 4, 1  # as a replay sets them
    return error


ERRORS = {
    "parameter": lambda: ParameterError.about("jobs", "must be 1 or more, got 0"),
    "input file": lambda: InputFileError(
        "club.json", "given twice", "$.players[0].stacks.b2", code="twice", facts={"f": "b2"}
    ),
    "illegal move": _illegal_move,
    "kit file": lambda: KitFileError(
        "kit.toml", [InputFileError("kit.toml", "unknown key", "tile.wdth", facts={"k": "v"})]
    ),
    "user": lambda: UserError("--moves: give moves or a pass"),
}


@pytest.mark.parametrize("make", ERRORS.values(), ids=ERRORS.keys())
def test_an_error_unpickles_as_itself(make):
    error = make()
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)


def test_an_unpickled_error_keeps_read_only_facts_and_names_its_setting():
    facts = pickle.loads(pickle.dumps(ERRORS["input file"]())).facts
    assert isinstance(facts, Facts) and facts == {"f": "b2"}
    with pytest.raises(TypeError):
        facts["f"] = "c3"  # type: ignore[index]  (read-only, as the error made them)
    assert pickle.loads(pickle.dumps(ERRORS["parameter"]())).naming("--jobs") == (
        "--jobs must be 1 or more, got 0"
    )


@pytest.mark.parametrize("times", [1, 10])  # (whole, and cut after 12 characters)
def test_quoted_input_keeps_its_letters_and_escapes_what_cannot_be_shown(times):
    # A string longer than the limit had ë escaped as \u00eb, a short one kept it (701387e).
    from fabgen.errors import abridged, requested

    text = "Zoë\u202e\ud800\x07" * times  # (6 characters)
    shown = "Zoë\\u202e\\ud800\\u0007"
    expected = f'"{shown}"' if times == 1 else f'"{shown * 2}"... ({len(text)} characters)'
    assert abridged(text, quoted="json") == requested(text) == expected
    assert abridged(text, quoted=True).count("ë") == min(times, 2)  # (as repr writes it)
    assert requested(["Zoë", "\u202e"]) == '["Zoë", "\\u202e"]'  # (a list as JSON writes it)
