"""The checks of the board validator, in the order they are reported: structure, size,
fairness, supply. See :mod:`fabgen.board.findings` for what a finding is and
docs/design-notes.md, *The board checks*, for how a check is added.

Each section's module registers its checks in order (:class:`registry.Section`);
:data:`CHECKS` puts the sections in report order and :func:`run_checks` runs them
on one shared :class:`context.Context`.
"""

from __future__ import annotations

from collections.abc import Iterator

from fabgen.board.checks.context import Context
from fabgen.board.checks.fairness import FAIRNESS
from fabgen.board.checks.registry import Check
from fabgen.board.checks.size import SIZE
from fabgen.board.checks.structure import STRUCTURE
from fabgen.board.checks.supply import SUPPLY
from fabgen.board.findings import Finding, KitCounts
from fabgen.board.model import Board

#: Every check in report order.
CHECKS: tuple[Check, ...] = tuple(
    check for section in (STRUCTURE, SIZE, FAIRNESS, SUPPLY) for check in section.checks
)

__all__ = ["CHECKS", "Check", "Context", "run_checks"]


def run_checks(board: Board, kit: KitCounts, balance: dict | None = None) -> Iterator[Finding]:
    """Every finding of every check, in order. Lazy, like the checks: the flags one
    check sets (``broken``, ``too_high``) are read by the later ones."""
    ctx = Context(board, kit, balance)
    for check in CHECKS:
        yield from check.run(ctx)
