"""A check is a function of the board under check that yields findings; each section's
checks are registered in the order they are reported (see docs/design-notes.md,
*The board checks*)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from fabgen.board.checks.context import Context
from fabgen.board.findings import Finding

CheckFunction = Callable[[Context], Iterator[Finding]]


@dataclass(frozen=True)
class Check:
    """One check and the finding codes it may report."""

    run: CheckFunction
    codes: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.run.__name__


class Section:
    """The checks of one section, in the order they were registered."""

    def __init__(self, name: str):
        self.name = name
        self.checks: list[Check] = []

    def check(self, *codes: str) -> Callable[[CheckFunction], CheckFunction]:
        """Register the decorated function as the section's next check."""

        def register(run: CheckFunction) -> CheckFunction:
            self.checks.append(Check(run, codes))
            return run

        return register
