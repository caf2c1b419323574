"""Shared by bench_strength.py and tune_strong.py: matches between players, played on
all cores, every seat taken by each player in turn so that seat advantage cancels.

A *line-up* names a player per seat. In a match of N games with one player under test
(``test``) and the others (``field``), game g seats the tested player in seat
g mod seats and fills the other player seats with the field; machine seats of the
board keep their kind. A game's generator is seeded by (seed, g) as in
``fabgen balance``, so a match reproduces on any machine.

The boards are the presets plus a few unusual boards built here (other shapes,
other start places) that the tuning never sees, and a few built for or used in the
tuning (starts inside the board, which no preset has; starts side by side).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from fabgen.board import load_preset
from fabgen.play.policy import get_policy
from fabgen.play.selfplay import game_rng, play_game, seat_policies
from fabgen.play.stats import wilson_interval
from fabgen.play.strong import Settings, Strong
from fabgen.rules.setup import online_segment_centre, segment_fields
from fabgen.rules.state import Player, Position

MAX_TURNS = 1000


def _custom(tiles: list[tuple[int, int]], starts: list[tuple[int, int]]) -> Position:
    """A board of standard tiles (online lattice coordinates) with one full start tile
    per seat."""
    segments = [segment_fields(online_segment_centre(i, j)) for i, j in tiles]
    stacks = [dict.fromkeys(segment_fields(online_segment_centre(i, j)), 1) for i, j in starts]
    names = ["Red", "Blue", "Green", "Yellow", "Black", "White"]
    players = [Player(names[k]) for k in range(len(starts))]
    return Position.from_stacks(segments, players, stacks)


#: The 19-tile hexagon (online lattice coordinates).
HEXAGON_19 = [(i, j) for i in range(-2, 3) for j in range(-2, 3) if abs(i + j) <= 2]


def _line() -> Position:
    """Seven tiles in a row, a start at each end: long and narrow."""
    return _custom([(i, 0) for i in range(7)], [(0, 0), (6, 0)])


def _near() -> Position:
    """A hexagon of 19 tiles with the two starts on neighbouring edge tiles."""
    return _custom(HEXAGON_19, [(2, 0), (2, -1)])


def _triangle_near() -> Position:
    """A triangle of 15 tiles, 5 a side, with the two starts on neighbouring tiles of
    one side (added when 2p-hexagon-19-near had been used to tune ``thaw``)."""
    tiles = [(i, j) for i in range(5) for j in range(5) if i + j <= 4]
    return _custom(tiles, [(1, 0), (2, 0)])


def _ragged() -> Position:
    """An irregular island of 12 tiles, starts off the corners."""
    tiles = [
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
        (-1, 2),
        (0, 2),
        (2, -1),
        (3, -1),
        (-1, 1),
        (3, -2),
        (1, 2),
    ]
    return _custom(tiles, [(-1, 2), (3, -1)])


def _three_near() -> Position:
    """A hexagon of 19 tiles with three starts on one side (neighbouring edge tiles)."""
    return _custom(HEXAGON_19, [(2, -2), (2, -1), (2, 0)])


def _three_apart() -> Position:
    """A hexagon of 19 tiles with three starts on every other corner tile."""
    return _custom(HEXAGON_19, [(2, 0), (-2, 2), (0, -2)])


def _parallelogram_inside() -> Position:
    """A parallelogram of 6 × 4 tiles, both starts inside (every start field has six
    neighbours: no explosion in the first four turns)."""
    tiles = [(i, j) for i in range(6) for j in range(4)]
    return _custom(tiles, [(1, 1), (4, 2)])


def _triangle_inside() -> Position:
    """A triangle of 21 tiles, three starts off its edges: every field of the first
    has six neighbours, those of the others four to six."""
    tiles = [(i, j) for i in range(6) for j in range(6) if i + j <= 5]
    return _custom(tiles, [(1, 1), (3, 1), (1, 3)])


#: Boards built here, never used for tuning.
UNUSUAL: dict[str, Callable[[], Position]] = {
    "2p-line-7": _line,
    "2p-triangle-15-near": _triangle_near,
    "2p-ragged-12": _ragged,
    "2p-parallelogram-24-inside": _parallelogram_inside,
    "3p-hexagon-19-side": _three_near,
    "3p-hexagon-19-apart": _three_apart,
    "3p-triangle-21-inside": _triangle_inside,
}


def _hexagon_inner() -> Position:
    """A hexagon of 19 tiles, both starts on the ring around the middle tile."""
    return _custom(HEXAGON_19, [(1, -1), (-1, 1)])


def _diamond_inner() -> Position:
    """The 5 × 5 diamond with both starts inside, on the long diagonal."""
    return _custom([(i, j) for i in range(5) for j in range(5)], [(1, 1), (3, 3)])


def _hexagon_line() -> Position:
    """A hexagon of 19 tiles, three starts in a line through the middle tile."""
    return _custom(HEXAGON_19, [(1, -1), (0, 0), (-1, 1)])


#: Boards built here for tuning, like the presets. On the last three every start
#: field has six neighbours, so no stack is one stone from exploding for the first
#: four turns (the weights ``hold`` and ``build`` were tuned on them); the first,
#: starts side by side, showed why a first explosion must leave the board cold
#: (``thaw``).
TUNING: dict[str, Callable[[], Position]] = {
    "2p-hexagon-19-near": _near,  # (never tuned on until ``thaw``, 2026-11-28)
    "2p-hexagon-19-inner": _hexagon_inner,
    "2p-diamond-5-inner": _diamond_inner,
    "3p-hexagon-19-line": _hexagon_line,
}


def start_of(board: str) -> Position:
    maker = UNUSUAL.get(board) or TUNING.get(board)
    return maker() if maker else load_preset(board).position()


@dataclass(frozen=True)
class Game:
    number: int
    test_seat: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    capped: bool
    turns: int
    seats: int

    @property
    def share(self) -> float:
        """The tested player's part of the win (a shared first place shares it)."""
        if self.capped or self.test_seat not in self.winners:
            return 0.0
        return 1 / len(self.winners)


#: Players with settings of their own (the tuning's candidates), by name. Worker
#: processes are forked after these are set, so they see them too.
CUSTOM: dict[str, Settings | None] = {}  # (None: the default player)


def _known(names: list[str]) -> list[str]:
    return ["strong" if n in CUSTOM else n for n in names]


def check(boards: Iterable[str], players: Iterable[str]) -> None:
    """Raise here, before any game, the error an unknown board or player would raise in a
    worker process, where it ends the match with the worker's traceback (before fabgen's
    errors pickled, with a broken process pool that named neither)."""
    for board in boards:
        try:
            start_of(board)
        except ValueError as exc:  # (ParameterError is one)
            built = ", ".join([*UNUSUAL, *TUNING])
            raise ValueError(f"{exc}; or one of the boards built here: {built}") from None
    for name in _known(list(players)):
        get_policy(name)


def play_one(board: str, test: str, field: str, seed: int, number: int) -> Game:
    start = start_of(board)
    people = [k for k, p in enumerate(start.players) if p.kind != "machine"]
    test_seat = people[number % len(people)]
    names = [test if k == test_seat else field for k in range(len(start.players))]
    policies = [
        Strong(CUSTOM[n], name=n) if n in CUSTOM and p.kind == "player" else pol
        for n, p, pol in zip(names, start.players, seat_policies(start, _known(names)), strict=True)
    ]
    record = play_game(start, policies, "online", game_rng(seed, number), max_turns=MAX_TURNS)
    return Game(
        number,
        test_seat,
        record.winners,
        record.scores,
        record.capped,
        record.turns,
        len(start.players),
    )


def _batch(args: tuple) -> list[Game]:
    board, test, field, seed, numbers = args
    return [play_one(board, test, field, seed, n) for n in numbers]


def match(board: str, test: str, field: str, games: int, seed: int = 1, jobs: int = 2):
    """Play ``games`` games; the games in order."""
    size = max(1, min(10, games // (4 * jobs) or 1))
    parts = [range(s, min(s + size, games)) for s in range(0, games, size)]
    tasks = [(board, test, field, seed, list(p)) for p in parts]
    if jobs <= 1:
        return [g for t in tasks for g in _batch(t)]
    with ProcessPoolExecutor(jobs) as ex:
        return [g for part in ex.map(_batch, tasks) for g in part]


@dataclass(frozen=True)
class Result:
    games: int
    finished: int
    wins: float
    all_zero: int
    capped: int
    mean_rounds: float

    @property
    def rate(self) -> float:
        return self.wins / self.finished if self.finished else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.finished)

    def text(self) -> str:
        low, high = self.interval()
        return (
            f"{100 * self.rate:5.1f}% [{100 * low:4.1f}-{100 * high:5.1f}]  "
            f"all-zero {self.all_zero}/{self.finished}  capped {self.capped}/{self.games}  "
            f"rounds {self.mean_rounds:.1f}"
        )


def summarise(games: list[Game]) -> Result:
    finished = [g for g in games if not g.capped]
    return Result(
        games=len(games),
        finished=len(finished),
        wins=sum(g.share for g in finished),
        all_zero=sum(1 for g in finished if not any(g.scores)),
        capped=len(games) - len(finished),
        mean_rounds=sum(g.turns / g.seats for g in games) / max(len(games), 1),
    )
