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
