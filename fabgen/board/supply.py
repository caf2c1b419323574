"""How many stones and markers a board needs.

The estimates, and why:

- **Stones per colour**: about 20% of the board's fields (the 1995 rules' figure),
  rounded up, and never fewer than twice the stones a seat starts with (the start tile
  itself plus as many again for the first growing fields). A position from the middle
  of a game (a growing or dead field: its start is not known) needs at least the most
  stones a seat holds in it; twice that has no reason behind it.
- **Growing markers**: 20% of the fields. A growing field explodes at the latest six
  of its owner's turns after it appeared (it gains a stone each turn and holds at most
  six), so only a small share of the board is growing at any moment.
- **Dead markers**: 40% of the fields. Dead fields pile up, but a tile whose fields are
  all dead can be lifted off the board and its markers used again; the maker's blog
  got by with 50 for a 140-field board (36%), the 1995 rules ask for about 150
  two-sided pieces for boards of up to 301 fields.

From simulated games (:func:`simulated_supply`) the dead markers are the most on the
board at once when every all-dead tile is lifted off, as the 1995 rules allow (dead
fields are no one's neighbours, so lifting such a tile changes nothing in the game); the
dead fields at the end of a game, no tile lifted off, are given beside them. On
``6p-hexagon-19`` (133 fields) 20 strong games give 48 (the rule: 54) against 133 if no
tile is lifted off. The margin never takes a figure past what the board can hold at once
(:func:`marker_room`): it made 147 dead markers of 60 random games' 133 dead fields.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from fabgen.board.model import START_TILE_STONES, Board

STONE_SHARE = (1, 5)  # 20 %
GROWING_SHARE = (1, 5)  # 20 %
DEAD_SHARE = (2, 5)  # 40 %
START_TILE_TOTAL = 7 * START_TILE_STONES
#: Simulated supply: the 95th percentile of the peaks over the games, plus this share
#: (rounded up) as a margin for games that run hotter than the simulated players'.
SIMULATED_MARGIN = 0.10


def share_of(count: int, share: tuple[int, int]) -> int:
    """``count × share``, rounded up, in whole numbers."""
    num, den = share
    return -(-count * num // den)


@dataclass(frozen=True)
class Supply:
    """Pieces needed for a board; ``start_stones`` is the largest start of any seat
    (with ``mid_game``, the most stones a seat holds in the position)."""

    fields: int
    players: int
    start_stones: int
    stones_per_player: int
    growing_markers: int
    dead_markers: int
    #: How the numbers were found when not by the 20 % rule (simulated games).
    simulated: str | None = None
    #: Simulated games: the dead markers if no tile is lifted off (``dead_markers``
    #: assumes every all-dead tile is lifted off and its markers used again).
    dead_markers_unlifted: int | None = None
    #: Simulated games: the kinds of markers (``markers_peak`` keys) whose figure the
    #: margin took past what the board can hold at once, and was cut to
    #: (:func:`marker_room`).
    markers_capped: tuple[str, ...] = ()
    #: The board is a position from the middle of a game (growing or dead fields), not
    #: a start: its seats hold stones, they do not start with them.
    mid_game: bool = False

    @property
    def dead_markers_text(self) -> str:
        """``N dead markers``, and when simulated what they assume and the figure if no
        tile is lifted off (:func:`dead_markers_phrase`)."""
        if self.dead_markers_unlifted is None:
            return f"{self.dead_markers} dead markers"
        return dead_markers_phrase(self.dead_markers, self.dead_markers_unlifted)

    @property
    def markers_basis(self) -> tuple[str, str] | None:
        """Why so many growing and dead markers, when simulated (None: the 20 % rule)."""
        if not self.simulated:
            return None
        how = f"the 95th percentile over {self.simulated}, plus {SIMULATED_MARGIN:.0%}"
        cut = {k: f" ({ROOM_NOTE})" if k in self.markers_capped else "" for k in MARKER_KINDS}
        return (
            f"the most growing fields at once: {how}{cut['growing']}",
            f"the most dead fields at once on tiles not all dead (every all-dead tile lifted "
            f"off and its markers used again): {how}{cut['dead_tiles_lifted']}; "
            f"{self.dead_markers_unlifted} if no tile is lifted off (the dead fields at the "
            f"end of a game{', ' + ROOM_NOTE if 'dead' in self.markers_capped else ''})",
        )

    @property
    def stones_total(self) -> int:
        return self.stones_per_player * self.players

    @property
    def stones_basis(self) -> str:
        if self.simulated:
            return (
                f"the 95th percentile of the most stones of one colour on the board at once "
                f"in {self.simulated}, plus {SIMULATED_MARGIN:.0%}"
            )
        stones = f"{self.start_stones} stone{'s' if self.start_stones != 1 else ''}"
        if self.mid_game:
            return (
                f"20% of {self.fields} fields, rounded up, and at least the {stones} a seat "
                "holds in this position from the middle of a game"
            )
        return (
            f"20% of {self.fields} fields, rounded up, and at least twice the {stones} a seat "
            "starts with"
        )


def dead_markers_phrase(lifted: int, unlifted: int) -> str:
    """Simulated dead markers in one phrase: what they assume, and the other figure."""
    return f"{lifted} dead markers when all-dead tiles are lifted off ({unlifted} if none is)"


#: Said of the markers when the margin would have passed what the board holds.
ROOM_NOTE = "never more than the board can hold at once: a marker per field"


#: The kinds of markers a balance report's ``markers_peak`` gives.
MARKER_KINDS = ("growing", "dead_tiles_lifted", "dead")


def marker_room(fields: int, tiles: int) -> dict[str, int]:
    """The most markers of each kind (the balance report's ``markers_peak`` keys) a board
    of ``fields`` fields on ``tiles`` tiles can hold at once: one per field; with every
    all-dead tile lifted off, each tile left has a field that is not dead."""
    return {"growing": fields, "dead_tiles_lifted": max(fields - tiles, 0), "dead": fields}


def simulated_markers(markers_peak: dict, fields: int, tiles: int) -> dict[str, int]:
    """Markers to make of each kind from a balance report's ``markers_peak``: the 95th
    percentile plus the margin, cut to :func:`marker_room` (the peaks never pass it,
    the margin did: 147 dead markers for 133 fields)."""
    room = marker_room(fields, tiles)
    return {kind: min(with_margin(markers_peak[kind]["p95"]), room[kind]) for kind in room}


def markers_capped(markers_peak: dict, fields: int, tiles: int) -> tuple[str, ...]:
    """The kinds of :func:`simulated_markers` the room cut."""
    made = simulated_markers(markers_peak, fields, tiles)
    return tuple(k for k in MARKER_KINDS if made[k] < with_margin(markers_peak[k]["p95"]))


def supply_needed(board: Board) -> Supply:
    fields = len(board.field_tiles)
    start = max((s.stones for s in board.seats), default=START_TILE_TOTAL) or START_TILE_TOTAL
    mid_game = is_mid_game(board)
    return Supply(
        fields=fields,
        players=len(board.seats),
        start_stones=start,
        stones_per_player=max(share_of(fields, STONE_SHARE), start if mid_game else 2 * start),
        growing_markers=share_of(fields, GROWING_SHARE),
        dead_markers=share_of(fields, DEAD_SHARE),
        mid_game=mid_game,
    )


def is_mid_game(board: Board) -> bool:
    """A position from the middle of a game: a seat has a growing or dead field (a
    start has neither; the validator's not-a-start)."""
    return any(v <= 0 for seat in board.seats for _, v in seat.stacks)


def with_margin(p95: float) -> int:
    """``p95`` plus :data:`SIMULATED_MARGIN`, rounded up."""
    return math.ceil(p95 * (1 + SIMULATED_MARGIN) - 1e-9)


def simulated_supply(board: Board, report: dict) -> Supply:
    """The supply from a balance report (:func:`fabgen.play.balance.balance_report`):
    per colour the largest seat's 95th-percentile peak plus the margin (never fewer
    than a seat starts with), markers likewise from the peak growing fields and the
    most dead markers at once when every all-dead tile is lifted off (``dead_markers``)
    and the dead fields at the end, no tile lifted off (``dead_markers_unlifted``). How
    they were found names the players, the variant unless it is ``online``, and the
    seed."""
    rule = supply_needed(board)
    stones = max(with_margin(p["p95"]) for p in report["stones_peak"])
    peaks, tiles = report["markers_peak"], len(board.tiles)
    markers = simulated_markers(peaks, rule.fields, tiles)
    players = ", ".join(dict.fromkeys(s["player"] for s in report["seats"]))
    variant = report.get("variant", "online")
    rules = "" if variant == "online" else f", variant {variant}"
    return replace(
        rule,
        stones_per_player=max(stones, rule.start_stones),
        growing_markers=markers["growing"],
        dead_markers=markers["dead_tiles_lifted"],
        dead_markers_unlifted=markers["dead"],
        markers_capped=markers_capped(peaks, rule.fields, tiles),
        simulated=(
            f"{report['games']} simulated games ({players} players{rules}, seed {report['seed']})"
        ),
    )
