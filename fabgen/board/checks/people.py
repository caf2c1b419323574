"""The people compared among themselves beside machine seats, for the board check
(``seat-balance``) and the balance report's text (docs/design-notes.md, "Machines are
seats to the test; the people are compared alone as well"). Each had its own best and
worst person; the board checks sit below :mod:`fabgen.play` and may not import it, so
the one computation lives here.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass


@dataclass(frozen=True)
class PeopleAlone:
    """The people's seats of a balance report (its ``seats`` rows) beside machines."""

    machines: list[int]  # the machine seats, counted from 1
    people: list[dict]  # the people's rows, in seat order

    @classmethod
    def of(cls, seats: list[dict], machines: Collection[int]) -> PeopleAlone | None:
        """The people beside ``machines`` (seat numbers); ``None`` without a machine
        or without a person: then the seats are the people, or nobody to compare."""
        people = [s for s in seats if s["seat"] not in machines]
        if not machines or not people:
            return None
        return cls(sorted(machines), people)

    @property
    def best(self) -> dict:
        """The person who won most; of equals, the first in seat order."""
        return max(self.people, key=lambda s: (s["win_rate"], -s["seat"]))

    @property
    def worst(self) -> dict:
        """The person who won least; of equals, the first in seat order."""
        return min(self.people, key=lambda s: (s["win_rate"], s["seat"]))

    @property
    def alike(self) -> bool:
        """Every person won as often: there is no most and least to name."""
        return self.best["win_rate"] == self.worst["win_rate"]

    @property
    def share(self) -> float:
        """The people's share of the wins, the rest the machines'."""
        return sum(s["win_rate"] for s in self.people)
