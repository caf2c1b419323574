"""The registry of board checks: every finding code belongs to a check that declares
it, and each check reports only the codes it declares."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from fabgen.board.checks import CHECKS, Context, run_checks
from fabgen.board.files import load_preset, preset_names, read_board
from fabgen.board.findings import CODES, KitCounts
from fabgen.board.validate import validate
from tests.board.test_board_file import boards

HERE = Path(__file__).parent
FILES = sorted((HERE / "broken").iterdir()) + sorted((HERE / "data").iterdir())
KITS = (KitCounts(), KitCounts(stones_per_player=1, growing_markers=0, dead_markers=0))


def codes_by_check(board, kit: KitCounts) -> dict[str, set[str]]:
    """The codes each check reports, the checks run in order on one context."""
    ctx = Context(board, kit)
    return {check.name: {f.code for f in check.run(ctx)} for check in CHECKS}


def test_every_code_is_declared_by_one_check_and_names_are_unique():
    declared = [code for check in CHECKS for code in check.codes]
    assert sorted(declared) == sorted(set(declared))
    assert set(declared) == set(CODES)
    assert len({check.name for check in CHECKS}) == len(CHECKS)


def test_the_sections_come_in_report_order():
    names = [check.name for check in CHECKS]
    assert names[0] == "overlaps" and names[-2:] == ["stones", "markers"]
    assert names.index("not_a_start") < names.index("tile_count") < names.index("symmetries")


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("board", [*preset_names(), *FILES], ids=lambda b: getattr(b, "name", b))
def test_each_check_reports_only_its_codes(board, kit):
    board = read_board(board) if isinstance(board, Path) else load_preset(board)
    found = codes_by_check(board, kit)
    for check in CHECKS:
        assert found[check.name] <= set(check.codes), check.name
    assert list(run_checks(board, kit)) == list(validate(board, kit).findings)


@settings(max_examples=40)
@given(boards())
def test_any_board_reports_only_declared_codes(board):
    found = codes_by_check(board, KitCounts())
    for check in CHECKS:
        assert found[check.name] <= set(check.codes), check.name
