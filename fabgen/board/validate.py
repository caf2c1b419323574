"""The board validator: is a board well made, fair and playable, and is the kit enough?

:func:`validate` runs every check (:mod:`fabgen.board.checks`) and returns a
:class:`~fabgen.board.findings.Report` of findings with stable codes.
"""

from __future__ import annotations

from fabgen.board.checks import run_checks
from fabgen.board.findings import CODES, Finding, KitCounts, Report, Severity, Where
from fabgen.board.model import Board

__all__ = ["CODES", "Finding", "KitCounts", "Report", "Severity", "Where", "validate"]


def validate(
    board: Board, kit: KitCounts | None = None, source: str = "", balance: dict | None = None
) -> Report:
    """Every check, in a fixed order: structure, size, fairness, supply. ``balance``
    (a report of simulated games, :func:`fabgen.play.balance.balance_report`) adds the
    ``seat-balance`` finding and bases the supply on the games."""
    return Report(board, tuple(run_checks(board, kit or KitCounts(), balance)), source)
