"""Findings of the board validator: codes, severities, where, and the report.

Every finding has a stable code (:data:`CODES`), a severity, a message that says what
to change, and where it is: tile and seat numbers count from 1 (as on the setup
diagram), fields by name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from fabgen.board.model import Board
from fabgen.rules.transcript.format import MAX_STACK as TRANSCRIPT_MAX_STACK
from fabgen.text import and_list, counted

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # seats at the table, people and machines together
MIN_PEOPLE = 1  # solo play needs at least one machine seat
#: The sources' stacks never grow beyond six (a field has at most six live neighbours).
MAX_START_STACK = 6
#: The most stones on one field a board may give (a warning above six): one value with
#: the transcript reader's.
MAX_STACK = TRANSCRIPT_MAX_STACK
MIN_TILES, MAX_TILES = 9, 43  # the 1995 rules
#: Seats whose distances to their neighbours differ by more than this many field
#: steps are reported.
DISTANCE_TOLERANCE = 0.5


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


#: Every finding code: its severities and what it is about (the table in docs/tutorials/check.md).
CODES: dict[str, tuple[tuple[Severity, ...], str]] = {
    "field-in-two-tiles": ((Severity.ERROR,), "two tiles overlap: a field is on both"),
    "tile-not-7-fields": ((Severity.WARNING,), "a free-form tile without seven fields"),
    "tile-shape": ((Severity.WARNING,), "a free-form tile of seven fields in another shape"),
    "tile-off-lattice": (
        (Severity.WARNING,),
        "an island-shaped tile that is not on the board's tile lattice",
    ),
    "board-disconnected": ((Severity.ERROR,), "the board falls apart into pieces"),
    "player-count": (
        (Severity.ERROR,),
        "no person, more than 6 seats, or fewer than 2 seats (solo needs a machine)",
    ),
    "stack-off-board": ((Severity.ERROR,), "stones on a field that is not on the board"),
    "field-shared": ((Severity.ERROR,), "a field given to two seats, or twice"),
    "player-without-stones": ((Severity.ERROR,), "a seat starts without stones"),
    "name-shared": ((Severity.WARNING,), "two seats have the same name"),
    "colour-unknown": ((Severity.WARNING,), "a seat's colour is not one fabgen draws"),
    "colour-shared": ((Severity.WARNING,), "two seats are made in the same colour"),
    "colours-alike": ((Severity.WARNING,), "two seats' colours are too alike to tell apart"),
    "colour-too-light": ((Severity.WARNING,), "a seat's colour is too light for white paper"),
    "colours-colour-blind": (
        (Severity.INFO,),
        "seat colours that people with red-green colour blindness may confuse",
    ),
    "start-explodes": (
        (Severity.INFO,),
        "start stacks of one height reach their capacity: each explodes in its seat's first turn",
    ),
    "start-stack-high": ((Severity.WARNING,), "a start stack of more than 6 stones"),
    "stack-high": (
        (Severity.WARNING,),
        "a stack of more than 6 stones in a position from the middle of a game",
    ),
    "stack-too-high": (
        (Severity.ERROR,),
        f"a stack of more than {MAX_STACK} stones (growing fields: their stones count too)",
    ),
    "not-a-start": ((Severity.INFO,), "the position has growing or dead fields"),
    "tile-count": ((Severity.WARNING,), "fewer than 9 or more than 43 tiles"),
    "symmetry": ((Severity.INFO,), "the board's rotation and mirror symmetries"),
    "seat-rotation": ((Severity.INFO,), "one rotation maps every seat onto the next"),
    "no-seat-rotation": ((Severity.WARNING,), "no rotation maps every seat onto the next"),
    "seats-differ-4-5": (
        (Severity.WARNING,),
        "4 or 5 people can never all start alike; which machine seats would even it out",
    ),
    "machines-asymmetric": (
        (Severity.WARNING,),
        "the machines are not placed alike for every person",
    ),
    "turn-direction": ((Severity.WARNING,), "the seat order runs against the stated turns"),
    "start-in-middle": ((Severity.WARNING,), "a start that does not touch the board's edge"),
    "seat-distances": ((Severity.WARNING,), "neighbouring seats are unequally far apart"),
    "seat-balance": (
        (Severity.INFO, Severity.WARNING),
        "which seat simulated games favour, by how much (validate --simulate)",
    ),
    "stones-supply": (
        (Severity.INFO, Severity.WARNING, Severity.ERROR),
        "stones per player needed, against the kit's",
    ),
    "markers-supply": (
        (Severity.INFO, Severity.WARNING),
        "growing and dead markers needed, against the kit's",
    ),
}


@dataclass(frozen=True)
class Where:
    """Where a finding is: tile and seat numbers count from 1; fields by name.
    ``players`` names the seats of a finding about several at once (one note for the
    alike start stacks of five seats), ``player`` the one seat of the others."""

    tile: int | None = None
    field: str | None = None
    player: int | None = None
    players: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            k: v
            for k, v in (("tile", self.tile), ("field", self.field), ("player", self.player))
            if v is not None
        }
        if self.players:
            out["players"] = list(self.players)
        return out

    def text(self) -> str:
        parts = []
        if self.players:
            parts.append(f"seats {and_list(map(str, self.players))}")
        if self.player is not None:
            parts.append(f"seat {self.player}")
        if self.tile is not None:
            parts.append(f"tile {self.tile}")
        if self.field is not None:
            parts.append(f"field {self.field}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Finding:
    code: str
    severity: Severity
    message: str
    where: Where = Where()

    def __post_init__(self):
        assert self.severity in CODES[self.code][0], (self.code, self.severity)

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "where": self.where.to_json(),
        }

    def text(self) -> str:
        where = self.where.text()
        return f"{self.severity.value} [{self.code}] {where + ': ' if where else ''}{self.message}"


@dataclass(frozen=True)
class KitCounts:
    """What a kit has, to compare against what the board needs (None: not given)."""

    stones_per_player: int | None = None
    growing_markers: int | None = None
    dead_markers: int | None = None


@dataclass(frozen=True)
class Report:
    board: Board
    findings: tuple[Finding, ...]
    source: str = ""

    def count(self, severity: Severity) -> int:
        return sum(f.severity is severity for f in self.findings)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)

    @property
    def ok(self) -> bool:
        return self.errors == 0

    def codes(self, severity: Severity | str | None = None) -> list[str]:
        return [f.code for f in self.findings if severity is None or f.severity == severity]

    def errors_quoted(self, shown: int = 2) -> str:
        """``the board has 3 errors: [code] ...; [code] ... (and 1 more)``: the first
        ``shown`` errors as fabgen validate prints them, without the word error the
        sentence says, for a refusal to play or draw the board (the CLI's and the play
        page's, which each had their own)."""
        errors = [f for f in self.findings if f.severity is Severity.ERROR]
        quoted = "; ".join(f.text().removeprefix("error ") for f in errors[:shown])
        more = f" (and {len(errors) - shown} more)" if len(errors) > shown else ""
        return f"the board has {counted(len(errors), 'error')}: {quoted}{more}"

    def summary(self) -> dict[str, int]:
        return {
            "errors": self.count(Severity.ERROR),
            "warnings": self.count(Severity.WARNING),
            "info": self.count(Severity.INFO),
        }

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.source:
            out["file"] = self.source
        out["board"] = self.board.details()
        out["findings"] = [f.to_json() for f in self.findings]
        out["summary"] = self.summary()
        return out

    def json_text(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"

    def text(self) -> str:
        b = self.board
        head = (
            f"{self.source + ': ' if self.source else ''}board {b.name}: {counted_seats(b)}, "
            f"{len(b.tiles)} tiles, {len(b.field_tiles)} fields"
        )
        s = self.summary()
        tail = (
            f"{counted(s['errors'], 'error')}, {counted(s['warnings'], 'warning')}, "
            f"{counted(s['info'], 'note')}"
        )
        return "\n".join([head, *(f.text() for f in self.findings), tail]) + "\n"


def counted_seats(board: Board) -> str:
    """``4 players``, or ``1 person and 2 machine seats`` when machines play too: as
    fabgen validate, layout and build count them."""
    if not board.machines:
        return counted(len(board.seats), "player")
    people = "1 person" if board.people == 1 else f"{board.people} people"
    return f"{people} and {counted(board.machines, 'machine seat')}"


def seat_list(numbers: Iterable[int | str]) -> str:
    """``seat 2`` or ``seats 2, 4 and 5``: seats (counted from 1) as a sentence names them."""
    items = [str(n) for n in numbers]
    return f"{'seat' if len(items) == 1 else 'seats'} {and_list(items)}"


def machines_are(numbers: Iterable[int | str]) -> str:
    """``seat 2 is a machine``, ``seats 2 and 5 are machines``: which seats beside the
    people are machines, as the balance texts and the validator say it."""
    items = [str(n) for n in numbers]
    return f"{seat_list(items)} {'is a machine' if len(items) == 1 else 'are machines'}"
