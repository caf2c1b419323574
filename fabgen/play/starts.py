"""Start fields for stack starts: the setup whose seats come closest to even.

With 4 or 5 seats no board gives every seat the same place, so the 1995 rules let
each seat start with one stack of 6 on a field of its choice. :func:`suggest_starts`
plays candidate setups and reports the one whose win rates are closest to an even
share among those whose games end like games: a game that ends with every score 0 is a
first place shared by all, so a setup whose games burn down looks perfectly even and
decides nothing. Setups that end 0:0 in at most :data:`MAX_ALL_ZERO` of their finished
games come first, closest to even first; then the others, fewest such games first.
Candidates, in order: the board's own setup; *symmetric* setups, whose start
fields a rotation or mirror of the board maps onto each other (the fields spread as
far apart as the board allows, best first); then, from the best so far, each group of
seats on the same kind of place (corners of one kind, say) moved *together* towards or
away from the board's middle, and two such moves *combined*, those first whose
effects, added, come closest to even; then setups one step away from the best (one
seat's stack moved to a neighbouring field). Seats keep their turn order around the
board. Every candidate is played with the same seed and games. The
best is then judged again on fresh games (:func:`confirm_seed`): among several setups
judged on a few games each, the best is partly the luckiest (:func:`not_confirmed`).
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from fabgen.board.findings import counted_seats
from fabgen.board.model import Board
from fabgen.board.symmetry import Centre, board_symmetry, reflection, rotation
from fabgen.errors import ParameterError
from fabgen.geometry.lattice import Field, field_xy, hex_distance, neighbours
from fabgen.play.balance import (
    BalanceOptions,
    BalanceRun,
    balance_report,
    raise_max_turns,
    run_balance,
)
from fabgen.play.stats import wilson_interval
from fabgen.rules.names import field_name
from fabgen.text import columns, cut_to_columns, padded

STACK = 6  # stones in a start stack (1995 rules)
MIN_APART = 3  # start stacks at least this many steps apart
#: Share of finished games ending 0:0 up to which a setup's win rates are taken at their
#: word (the strong player's target for games that end like games).
MAX_ALL_ZERO = 0.10
#: Fields a group of stacks is moved towards (+) or away from (-) the board's middle,
#: in the order tried (:func:`group_moves`).
SHIFTS = (1, -1, 2, -2)
#: Candidates kept for two group moves at once (:func:`combined_setups`) when the
#: setup has two groups or more and room for them.
COMBINED = 2


@dataclass(frozen=True)
class Candidate:
    fields: tuple[Field, ...]  # start field per seat, in seat order
    origin: str  # a key of ORIGINS
    report: dict
    #: The games behind the report (the command counts every game and turn played).
    run: BalanceRun | None = field(default=None, repr=False, compare=False)

    @property
    def distance(self) -> float:
        """How far from even: the largest gap between a seat's win rate and 1/seats."""
        seats = self.report["seats"]
        return max(abs(s["win_rate"] - 1 / len(seats)) for s in seats)

    @property
    def scored(self) -> bool:
        """Whether any game finished: a setup whose games all reached the turn cap has
        no win rates, and 0 for each seat is no result."""
        return self.report["finished"] > 0

    @property
    def all_zero(self) -> float:
        """Share of the finished games that ended with every score 0 (0 when none
        finished: capped games are not 0:0 games, see :attr:`scored`)."""
        finished = self.report["finished"]
        return self.report["all_zero"] / finished if finished else 0.0

    @property
    def rank(self) -> tuple:
        """Sort key, best first: setups with games scored, then games that end like
        games, then closest to even."""
        excess = max(0.0, self.all_zero - MAX_ALL_ZERO)
        return (not self.scored, excess, self.distance, self.names)

    @property
    def names(self) -> str:
        return " ".join(field_name(f) for f in self.fields)


#: A preset description's quote of its own seats' win rates (docs/fairness.md), which
#: would be wrong for a board with other start fields.
SEATS_DIFFER = re.compile(r" \(seats differ: [^)]*\)")


def confirm_seed(options: BalanceOptions) -> int:
    """The seed of the fresh games that confirm the best setup: not its candidate
    games, whose luck helped choose it."""
    return options.seed + 1


def suggested_board(board: Board, best: Candidate, options: BalanceOptions, fresh: dict) -> Board:
    """``board`` with the best setup's start fields, named ``NAME-suggested``; its
    description and notes say where the fields come from and what its ``fresh`` games
    (a balance report, :func:`confirm_seed`) gave."""
    players = ",".join(options.players)
    rates = ", ".join(f"{s['name']} {100 * s['win_rate']:.1f} %" for s in fresh["seats"])
    note = (
        f"Start fields suggested by fabgen balance --suggest-starts ({options.games} games "
        f"a setup, players {players}, seed {options.seed}, variant {options.variant}): "
        f"{best.names}. In {fresh['games']} fresh games (seed {confirm_seed(options)}) the "
        f"seats took {rates} of the wins (chi-square p = {fresh['test']['p_value']:.2f})."
    )
    note = _wrapped(note)
    if board.notes:
        # The board's own notes may describe its fields and their figures (the presets'
        # do): say so, rather than let them pass for the suggested fields'.
        own = " ".join(field_name(f) for f in stack_starts(board))
        intro = f"The notes of {board.name} follow, written for its own start fields, {own}:"
        note = f"{note}\n\n{_wrapped(intro)}\n\n{board.notes.strip()}\n"
    description = SEATS_DIFFER.sub("", board.description)
    return replace(
        with_starts(board, best.fields),
        name=f"{board.name}-suggested",
        description=f"{description} (suggested start fields)" if description else "",
        notes=note,
    )


def _wrapped(text: str) -> str:
    """As the presets' notes are wrapped; a field name such as -a-4 is never split."""
    return textwrap.fill(text, 88, break_on_hyphens=False)


def stack_starts(board: Board, preset: str | None = None) -> tuple[Field, ...]:
    """Each seat's one start stack; a clear error when the board is not set up so.
    ``preset``: the board is that preset, which has no file to write the stacks in."""
    n = len(board.seats)
    if n not in (4, 5):
        raise ParameterError.about(
            "suggest_starts",
            f"is for 4 or 5 seats, the board has {n}{_machines_counted(board)}: play it "
            "without suggested starts",
        )
    unstacked = [
        k for k, seat in enumerate(board.seats) if len(seat.stacks) != 1 or seat.stacks[0][1] <= 1
    ]
    if unstacked:
        # (every seat's line at once: a board of start tiles is changed in one go)
        first = board.seats[unstacked[0]].label(unstacked[0] + 1)
        others = len(unstacked) - 1
        also = (
            f" (and {others} more seat{'s' if others > 1 else ''} without one stack)"
            if others
            else ""
        )
        lines = "; ".join(
            f"for {board.seats[k].label(k + 1)} {_stack_advice(board, k)}" for k in unstacked
        )
        raise ParameterError.about(
            "suggest_starts",
            f"needs stack starts (one stack of 2 or more stones a seat), but {first} "
            f"{_start_words(board, unstacked[0])}{also}: give each seat one stack"
            f"{_in_a_copy(board, preset, lines)}",
        )
    return tuple(seat.stacks[0][0] for seat in board.seats)


#: The presets of stack starts, by the people they seat.
STACK_PRESETS = {4: "4p-diamond-5-stacks", 5: "5p-hexagon-18-stacks"}


def _in_a_copy(board: Board, preset: str | None, lines: str) -> str:
    """Each seat's line, and for a preset where to write them: it has no file to change
    (the refusal said "give each seat one stack, for seat 1 (Red) stacks = ..." to a
    club that had only --preset), or which preset starts with stacks."""
    if preset is None:
        return f", {lines}"
    ready = STACK_PRESETS.get(board.people)
    instead = f"; or play --preset {ready}, whose seats start with stacks" if ready else ""
    return (
        f" in a board file of the preset (fabgen boards --show {preset} > {preset}.toml "
        f"writes one): {lines}{instead}"
    )


def _machines_counted(board: Board) -> str:
    """Machine seats are seats: "the board has 6" of 5p-hexagon-19-dummy read as wrong
    to a club of five; say so, and where 4 or 5 people find stack starts."""
    if not board.machines:
        return ""
    preset = STACK_PRESETS.get(board.people)
    people = "1 person" if board.people == 1 else f"{board.people} people"
    instead = f"; for {people} with stack starts, --preset {preset}" if preset else ""
    return f" ({counted_seats(board)}, which count as seats{instead})"


def _start_words(board: Board, k: int) -> str:
    """How seat ``k`` starts, when not with one stack: its start tile (the board file's
    ``start``), several stacks or a single stone."""
    tiles = board.start_tiles(k)
    stacks = board.seats[k].stacks
    if len(tiles) == 1:
        coord = board.tiles[tiles[0]].coord
        where = f"tile {tiles[0] + 1}" + (f" [{coord[0]}, {coord[1]}]" if coord else "")
        return f"starts on {where}, a start tile (one stone on each of its fields)"
    if tiles:
        return f"starts on {len(tiles)} start tiles"
    if not stacks:
        return "has no stones"
    if len(stacks) == 1:
        return f"starts with a single stone on {field_name(stacks[0][0])}"
    return f"starts with {len(stacks)} stacks"


def _stack_advice(board: Board, k: int) -> str:
    """A board-file line for seat ``k``'s one stack: on its start tile's middle, else on
    the first field it has stones on, else on the middle of the board's first tile."""
    tiles = board.start_tiles(k)
    tile = board.tiles[tiles[0]] if len(tiles) == 1 else None
    if tile is not None and tile.centre is not None:
        instead = f" in place of start = [{tile.coord[0]}, {tile.coord[1]}]" if tile.coord else ""
        return f"stacks = {{ {field_name(tile.centre)} = 6 }} (its start tile's middle){instead}"
    stacks = board.seats[k].stacks
    where = stacks[0][0] if stacks else board.tiles[0].fields[0]
    return f"stacks = {{ {field_name(where)} = 6 }}"


def with_starts(board: Board, fields: Sequence[Field]) -> Board:
    stones = [s.stacks[0][1] for s in board.seats]
    seats = tuple(
        replace(seat, stacks=((f, stones[k]),))
        for k, (seat, f) in enumerate(zip(board.seats, fields, strict=True))
    )
    return replace(board, seats=seats)


def suggest_starts(
    board: Board,
    options: BalanceOptions,
    *,
    candidates: int = 12,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    planned: Callable[[int], None] | None = None,
) -> list[Candidate]:
    """Play up to ``candidates`` setups; all of them, closest to even first.

    ``planned`` is told once how many setups are played in all, as soon as that is
    known: before the games of the setups with one stack moved, the last ones. Which
    setups are tried before then depends on the games' results, and a board may offer
    fewer than ``candidates`` (a progress bar counting on all of them stopped short)."""
    current = stack_starts(board)
    trials = _Trials(board, options, candidates, jobs, scheduler, progress)
    trials.play(current, "board")
    for fields in symmetric_setups(board, current, max(1, (candidates - 1) // 4)):
        trials.play(fields, "symmetric")
    _try_group_moves(trials)
    nearby = list(nearby_setups(board, trials.best.fields))
    if planned is not None:
        new = {frozenset(fields) for fields in nearby} - trials.seen
        planned(len(trials.out) + min(len(new), candidates - len(trials.out)))
    for fields in nearby:
        trials.play(fields, "nearby")
    return best_first(trials.out)


def best_first(found: Sequence[Candidate]) -> list[Candidate]:
    """``found`` by :attr:`Candidate.rank`; on a tie the board's own setup first (a
    suggestion no closer to even moved every stack for nothing), then symmetric ones."""
    return sorted(
        found, key=lambda c: (*c.rank[:3], c.origin != "board", c.origin != "symmetric", c.names)
    )


@dataclass
class _Trials:
    """The setups played so far, each once, up to ``candidates``."""

    board: Board
    options: BalanceOptions
    candidates: int
    jobs: int
    scheduler: str | None
    progress: Callable[[int], None] | None
    out: list[Candidate] = field(default_factory=list)
    seen: set[frozenset[Field]] = field(default_factory=set)

    def play(self, fields: tuple[Field, ...], origin: str) -> Candidate | None:
        """The setup's games, or None when it was played before or there is no room."""
        key = frozenset(fields)
        if key in self.seen or len(self.out) >= self.candidates:
            return None
        self.seen.add(key)
        trial = with_starts(self.board, fields)
        run = run_balance(
            trial, self.options, jobs=self.jobs, scheduler=self.scheduler, progress=self.progress
        )
        self.out.append(Candidate(fields, origin, balance_report(run), run))
        return self.out[-1]

    @property
    def best(self) -> Candidate:
        return min(self.out, key=lambda c: c.rank)


def _try_group_moves(trials: _Trials) -> None:
    """From the best setup so far, its groups moved together, then the most promising
    pairs of those moves; :data:`COMBINED` places are kept for the pairs."""
    base = trials.best
    moves = moves_in_order(base, group_moves(trials.board, base.fields))
    groups = {m.group for m in moves}
    room = trials.candidates - len(trials.out)
    reserve = COMBINED if len(groups) >= 2 and room >= 3 * COMBINED else 0
    tried: list[tuple[GroupMove, Candidate]] = []
    for move in moves:
        if len(trials.out) >= trials.candidates - reserve:
            break
        if played := trials.play(move.fields, "together"):
            tried.append((move, played))
    last = min(len(trials.out) + reserve, trials.candidates)
    for fields in combined_setups(trials.board, base, tried):
        if len(trials.out) >= last:
            break
        trials.play(fields, "combined")  # (one played already is passed over)


def _usable(board: Board) -> list[Field]:
    """Fields a stack may start on: on the board, not next to a hole (a stack there
    would burn out at once), sorted."""
    return [f for f in board.fields if len(board.board_neighbours(f)) >= 3]


def _spread(fields: Sequence[Field]) -> int:
    return min(hex_distance(a, b) for a, b in combinations(fields, 2))


def symmetric_setups(board: Board, current: Sequence[Field], limit: int) -> list[tuple[Field, ...]]:
    """Start sets that a rotation or mirror of the board maps onto themselves, as far
    apart as possible, best ``limit`` first; in the seats' turn order."""
    n = len(current)
    maps = _board_maps(board)
    usable = set(_usable(board))
    found: dict[frozenset[Field], int] = {}
    for g in maps:
        for fields in _invariant_sets(sorted(usable), g, n):
            if all(f in usable for f in fields) and _spread(fields) >= MIN_APART:
                found[frozenset(fields)] = _spread(fields)
    ranked = sorted(found, key=lambda s: (-found[s], sorted(s)))[:limit]
    return [_in_turn_order(board, s, current) for s in ranked]


def moves_in_order(base: Candidate, moves: Iterable[GroupMove]) -> list[GroupMove]:
    """The group moves to try first first: one field before two, then the groups
    whose seats' win rates in ``base`` are furthest from an even share (with 5 seats
    and 12 candidates not every seat's moves can be tried)."""
    seats = base.report["seats"]

    def key(move: GroupMove) -> tuple[int, float]:
        rate = sum(seats[k]["win_rate"] for k in move.group) / len(move.group)
        return (abs(move.shift), -round(abs(rate - 1 / len(seats)), 9))

    return sorted(moves, key=key)


def _board_maps(board: Board) -> list[Callable[[Field], Field | None]]:
    """The rotations and mirrors that carry the board's fields onto themselves."""
    sym = board_symmetry(board)
    maps = [sym.centre.about(rotation(k)) for k in sym.shape_rotations]
    return maps + [sym.centre.about(reflection(a)) for a in sym.shape_mirrors]


def _invariant_sets(usable: list[Field], g, n: int) -> Iterator[tuple[Field, ...]]:
    """Sets of n fields that ``g`` maps onto themselves, built from its orbits (only
    orbits of fields far from each other, to keep the search small)."""
    orbits: dict[frozenset[Field], None] = {}
    for f in usable:
        orbit = {f}
        h = g(f)
        while h is not None and h not in orbit and len(orbit) <= 6:
            orbit.add(h)
            h = g(h)
        closed = h is not None and len(orbit) <= n and all(x in usable for x in orbit)
        if closed and (len(orbit) == 1 or _spread(tuple(orbit)) >= MIN_APART):
            orbits[frozenset(orbit)] = None
    pool = sorted(orbits, key=lambda o: (-len(o), sorted(o)))
    yield from _combine(pool, n, (), 0, budget=[20000])


def _combine(pool, n, chosen, start, budget) -> Iterator[tuple[Field, ...]]:
    size = sum(len(o) for o in chosen)
    if size == n:
        yield tuple(sorted(f for o in chosen for f in o))
        return
    for i in range(start, len(pool)):
        if budget[0] <= 0:
            return
        budget[0] -= 1
        o = pool[i]
        if size + len(o) > n:
            continue
        fields = [f for c in chosen for f in c]
        if fields and min(hex_distance(a, b) for a in fields for b in o) < MIN_APART:
            continue
        yield from _combine(pool, n, (*chosen, o), i + 1, budget)


def nearby_setups(board: Board, fields: Sequence[Field]) -> Iterator[tuple[Field, ...]]:
    """Setups with one seat's stack moved one field, in seat and direction order."""
    usable = set(_usable(board))
    for k, f in enumerate(fields):
        for g in neighbours(f):
            moved = (*fields[:k], g, *fields[k + 1 :])
            if g in usable and _spread(moved) >= MIN_APART:
                yield moved


@dataclass(frozen=True)
class GroupMove:
    """One group's stacks moved together ``shift`` fields towards (+) or away from (-)
    the board's middle; ``fields`` is the whole setup after the move."""

    group: tuple[int, ...]  # seat indices
    shift: int
    fields: tuple[Field, ...]


def seat_groups(board: Board, fields: Sequence[Field]) -> list[tuple[int, ...]]:
    """Seats whose stacks stand on the same kind of place: a rotation or mirror of the
    board that carries the whole setup onto itself carries one onto the other. Seats
    of a board with no such map stand alone."""
    group = list(range(len(fields)))

    def root(k: int) -> int:
        while group[k] != k:
            k = group[k]
        return k

    for g in _setup_maps(board, fields):
        for k, f in enumerate(fields):
            group[root(k)] = root(fields.index(g(f)))
    out: dict[int, list[int]] = {}
    for k in range(len(fields)):
        out.setdefault(root(k), []).append(k)
    return sorted(tuple(seats) for seats in out.values())


def _setup_maps(board: Board, fields: Sequence[Field]) -> list[Callable[[Field], Field | None]]:
    """The board's rotations and mirrors that carry ``fields`` onto themselves."""
    key = set(fields)
    return [g for g in _board_maps(board) if {g(f) for f in fields} == key]


def radial_field(board: Board, f: Field, shift: int) -> Field | None:
    """The usable field ``|shift|`` steps from ``f`` nearest the point as far along the
    line from ``f`` towards the board's middle (``shift`` > 0) or away from it; None
    for a field at the middle (no line) or when no usable field that far is nearer
    the middle (or further from it)."""
    cx, cy = _centre(board)
    x, y = field_xy(f)
    d = math.hypot(cx - x, cy - y)
    if d < 1e-9:
        return None
    tx, ty = x + shift * (cx - x) / d, y + shift * (cy - y) / d  # field steps are 1 apart
    ring = [g for g in _usable(board) if hex_distance(f, g) == abs(shift)]
    if not ring:
        return None
    to = min(ring, key=lambda g: (round(math.dist(field_xy(g), (tx, ty)), 9), g))
    # A corner stack has no field further out: the nearest one then stands beside it.
    gain = (d - math.dist(field_xy(to), (cx, cy))) * (1 if shift > 0 else -1)
    return to if gain > 1e-6 else None


def group_moves(board: Board, fields: Sequence[Field]) -> Iterator[GroupMove]:
    """Every group of :func:`seat_groups` moved together by each of :data:`SHIFTS`, in
    that order (:func:`suggest_starts` tries the groups furthest from even first): one
    seat's stack is moved along its line to the middle, and the other seats of its
    group by the maps that carry it onto theirs, so the setup keeps its symmetry.
    Setups whose stacks leave the usable fields or come closer than :data:`MIN_APART`
    are left out."""
    maps = _setup_maps(board, fields)
    groups = seat_groups(board, fields)
    for shift in SHIFTS:
        for group in groups:
            first = fields[group[0]]
            to = radial_field(board, first, shift)
            if to is None:
                continue
            moved: list[Field | None] = list(fields)
            for k in group[1:]:
                g = next((g for g in maps if g(first) == fields[k]), None)
                moved[k] = g(to) if g else radial_field(board, fields[k], shift)
            moved[group[0]] = to
            placed = tuple(f for f in moved if f is not None)
            if len(placed) == len(moved) and _fits(board, placed):
                yield GroupMove(group, shift, placed)


def _fits(board: Board, fields: Sequence[Field]) -> bool:
    """Every stack on a usable field of its own, all far enough apart."""
    usable = set(_usable(board))
    return (
        all(f in usable for f in fields)
        and len(set(fields)) == len(fields)
        and _spread(fields) >= MIN_APART
    )


def combined_setups(
    board: Board, base: Candidate, tried: Sequence[tuple[GroupMove, Candidate]]
) -> list[tuple[Field, ...]]:
    """Setups that make two played group moves (of different groups) at once, best
    first by the win rates and 0:0 share their moves predict if each move's effect on
    ``base`` adds to the other's. Moves overshooting in opposite directions (one
    group's stacks moved in hands its wins to the others, another's moved out takes
    them back) are what a search one move at a time cannot find."""
    scored = []
    for (a, ra), (b, rb) in combinations(tried, 2):
        if a.group == b.group:
            continue
        fields = tuple(b.fields[k] if k in b.group else f for k, f in enumerate(a.fields))
        if _fits(board, fields):
            scored.append((_predicted(base, ra, rb), fields))
    scored.sort()
    return [fields for _, fields in scored]


def _predicted(base: Candidate, a: Candidate, b: Candidate) -> tuple:
    """The rank (:attr:`Candidate.rank`, without its names) of the setup making moves
    ``a`` and ``b``, each move's change from ``base`` added."""
    seats = [
        {"win_rate": x["win_rate"] + y["win_rate"] - z["win_rate"]}
        for x, y, z in zip(a.report["seats"], b.report["seats"], base.report["seats"], strict=True)
    ]
    zero = a.all_zero + b.all_zero - base.all_zero  # a share: one "finished game"
    # (a move with no game scored predicts nothing: such pairs come last)
    finished = int(all(c.scored for c in (a, b, base)))
    guess = Candidate(
        base.fields, "combined", {"seats": seats, "finished": finished, "all_zero": zero}
    )
    return guess.rank[:3]


def _in_turn_order(board: Board, fields, current: Sequence[Field]) -> tuple[Field, ...]:
    """The fields ordered around the board's centre the way the current starts run,
    beginning nearest seat 1's current start."""
    cx, cy = _centre(board)

    def angle(f: Field) -> float:
        x, y = field_xy(f)
        return math.atan2(y - cy, x - cx)

    now = [angle(f) for f in current]
    turning = sum(_wrap(now[(k + 1) % len(now)] - now[k]) for k in range(len(now)))
    sign = 1 if turning > 0 else -1  # counter-clockwise when the angles increase
    first = min(fields, key=lambda f: (abs(_wrap(angle(f) - now[0])), f))
    return tuple(sorted(fields, key=lambda f: (sign * _wrap(angle(f) - angle(first))) % math.tau))


def _wrap(a: float) -> float:
    return (a + math.pi) % math.tau - math.pi


def _centre(board: Board) -> tuple[float, float]:
    return Centre.of(board.fields).xy()


def not_fair(best: Candidate) -> str | None:
    """Why even the best setup is not shown fair, or None: its games burn down too
    often, or its seats still differ significantly, or no game finished at all."""
    if not best.scored:
        return (
            "no setup tried had a game finish: every game reached the cap of "
            f"{best.report['max_turns']} turns, so none is shown fair; "
            f"{raise_max_turns(best.report['max_turns'])}"
        )
    if best.all_zero > MAX_ALL_ZERO:
        return (
            f"every setup tried ended 0:0 in more than {100 * MAX_ALL_ZERO:.0f}% of its "
            "games, so none is shown fair: the one with the fewest follows; try more "
            "--candidates, more --games or stronger --players"
        )
    test = best.report["test"]  # (the balance report's own test and its level)
    if test["seats_differ"]:
        return (
            f"even the best setup's seats differ significantly (p = {test['p_value']:.4f}), so "
            "none of the setups tried is fair for these players; try more --candidates "
            "or start fields of your own"
        )
    return None


def capped_games(found: Sequence[Candidate]) -> str | None:
    """How many of the setups' games reached the turn cap, or None: they are not scored,
    so a setup's win rates and 0:0 share rest on its finished games only."""
    capped = sum(c.report["capped"] for c in found)
    if not capped or not any(c.scored for c in found):
        return None  # (none scored: :func:`not_fair` says so)
    games = sum(c.report["games"] for c in found)
    cap = found[0].report["max_turns"]
    return (
        f"{capped} of the setups' {games} games reached the cap of {cap} turns and are not "
        f"scored (a setup's 0:0 share and win rates are of its finished games): "
        f"{raise_max_turns(cap)}"
    )


def not_confirmed(fresh: dict, options: BalanceOptions) -> str | None:
    """Why the fresh games of the best setup do not bear it out, or None. The best of
    several setups, each judged on a few games, looks better than it is (its luck
    helped choose it); games it has not seen tell."""
    finished = fresh["finished"]
    where = f"in {fresh['games']} fresh games (seed {confirm_seed(options)})"
    if not finished:
        return (
            f"{where} no game of the suggested setup finished: every one reached the cap of "
            f"{options.max_turns} turns"
        )
    zero = fresh["all_zero"] / finished
    if zero > MAX_ALL_ZERO:
        return f"{where} the suggested setup ended 0:0 in {100 * zero:.0f}% of its games"
    test = fresh["test"]
    if test["seats_differ"]:
        return (
            f"{where} the suggested setup's seats differ significantly (p = "
            f"{test['p_value']:.4f}): its candidate games flattered it; it is only the "
            "least bad of the setups tried"
        )
    return None


def chance(found: Sequence[Candidate]) -> str | None:
    """How far chance alone moves a setup's win rates at this many games: with 4 games
    a setup the listing ranked setups by rates of 0 and 50 % as if they told them apart.
    And what the listing's last column, a bare "p-value", says of a setup. None when no
    setup had a game scored: there are no rates to tell apart."""
    seats = len(found[0].report["seats"])
    scored = [c.report["finished"] for c in found if c.scored]
    if not scored:
        return None
    n = min(scored)
    even = 1 / seats
    low, high = wilson_interval(even * n, n)
    return (
        f"with {n} finished games a setup, an even seat's win rate ({100 * even:.1f}%) falls "
        f"anywhere in {100 * low:.1f} to {100 * high:.1f}% by chance (95%): setups closer than "
        "that are not told apart, and the fresh games below are the better guide; p-value: "
        "below 0.05, that setup's seats differ more than chance makes them (chi-square test)"
    )


#: What a setup's origin in the listing means, in the order the search tries them.
ORIGINS = {
    "board": "the board's own start fields",
    "symmetric": "fields that a rotation or mirror of the board carries onto each other",
    "together": (
        "the stacks on the same kind of place (those that a rotation or mirror carrying the "
        "setup onto itself swaps; on a board without one, one stack) moved together a field "
        "or two towards or away from the middle"
    ),
    "combined": "two such moves at once",
    "nearby": "one stack of the best so far moved a field",
}


def origins_text(found: Sequence[Candidate]) -> str:
    """What the origins in the listing mean, those that appear only: a club organiser
    met "together" or "nearby" with nothing to say what it was."""
    shown = {c.origin for c in found}
    meanings = (f"{o} = {what}" for o, what in ORIGINS.items() if o in shown)
    return "the origins: " + "; ".join(meanings)


def candidates_text(found: Sequence[Candidate]) -> str:
    """One line a setup: its start fields, where it came from, its share of games
    ending 0:0, each seat's win rate and the p-value of the test against even."""
    seats = found[0].report["seats"] if found else []
    # Each seat's win rate under its name ("win rates" over a row of bare rates left
    # the reader to count which column was whose).
    heads = " ".join(
        padded(_short(s.get("name") or f"seat {k + 1}"), 6, ">") for k, s in enumerate(seats)
    )
    width = 7 * len(seats) - 1 if seats else 9
    lines = [
        f"{'start fields per seat':<28} {'origin':<10}  {'0:0':>6}  {padded(heads, width)}  p-value"
    ]
    for c in found:
        lines.append(f"{c.names:<28} {c.origin:<10}  {_results(c, width)}")
    return "\n".join(lines) + "\n"


def _results(c: Candidate, width: int) -> str:
    """A setup's 0:0 share, win rates and p-value; a setup whose games all reached the
    turn cap says so, with no rates (they read 0:0 100 % and 0 % for every seat)."""
    if not c.scored:
        rates = " ".join(f"{'-':>6}" for _ in c.report["seats"])
        return f"capped  {rates:<{width}}  -"
    rates = " ".join(f"{100 * s['win_rate']:5.1f}%" for s in c.report["seats"])
    return f"{100 * c.all_zero:5.1f}%  {rates:<{width}}  {c.report['test']['p_value']:.4f}"


def board_file_lines(board: Board, best: Candidate) -> str:
    """Each seat's start as a board file writes it, to type into a board file of one's
    own: the suggestion's "-f-3 f0 h6 d8 -c4" was no line a board file takes. A seat whose
    stack moved says from where."""
    own = stack_starts(board)
    seats = [
        f"seat {k + 1} ({s.name})" if s.name else f"seat {k + 1}" for k, s in enumerate(board.seats)
    ]
    width = max(map(columns, seats))
    lines = []
    for seat, name, start, was in zip(board.seats, seats, best.fields, own, strict=True):
        moved = f"   (was {field_name(was)})" if start != was else ""
        stack = f"stacks = {{ {field_name(start)} = {seat.stacks[0][1]} }}"
        lines.append(f"  {padded(name, width)}  {stack}{moved}")
    return "\n".join(lines) + "\n"


def _short(name: str) -> str:
    """A seat's name in a column of 6 (Yellow, Purple whole; longer ones cut, counted in
    terminal columns: 北京队长 takes 8)."""
    return cut_to_columns(name, 6, ".")
