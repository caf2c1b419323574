"""Shared set-up of the docs tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def rulesheet_both():
    """``rulesheet_pdfs("both")``: the rule sheet and quick reference on A4 and Letter,
    drawn once for the test files that read them (tests/docs/test_rulesheet.py,
    test_rulesheet_player.py) when they run in one process. The tests only read the
    bytes."""
    from fabgen.docs.rulesheet import rulesheet_pdfs

    return rulesheet_pdfs("both")
