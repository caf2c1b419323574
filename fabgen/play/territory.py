"""How much of the board each seat is likely to end up holding: the strong player's
evaluation (see ``docs/design-notes.md``, "The strong player").

The score counts only regions that hold one seat's stones, so early in a game it is 0
for everyone and tells a search nothing. :func:`estimate` looks further:

- **held**: a region (maximal connected live fields) with stones of one seat only
  counts fully for that seat; it is what the score will count if nobody breaks in;
- **reach**: in a region shared by several seats, each live field goes to the seat
  whose stones reach it first through live fields (a multi-source breadth-first
  search, a Voronoi split of the region); fields reached first by two seats at once
  go to nobody. Stones that are not alone in a region are not yet territory, so these
  fields count less, and with at most five seats on a *cold* board (nothing growing or
  dead; with up to three seats, at most :attr:`Weights.thaw` of its fields: a first
  explosion or two) less again: with no fire there are no walls, so first reach is no
  territory yet, and a search that values it trades stones one for one towards 0:0.
  A first explosion builds no wall either: had it warmed the board, the other seats'
  first reach would count double at once, and the player whose stones stand further
  from the open land would never set off its first stack. On a cold board a seat's
  first reach also counts for at most :attr:`Weights.hold` fields per stone it has
  (:func:`_held_reach`); and in a *frozen* position (no growing field, some dead) not
  at all in a region that no seat can clear (:func:`_stuck`);
- **empty**: a region with no stones counts for the one seat whose growing fields
  border it (they will explode into it), if only one seat's do;
- **material**: each stone on the board and each growing field (a stone per turn
  until it explodes) counts a little, so a search does not trade stones away for
  nothing; the territory terms dominate once regions close;
- **charges**: a stack one stone from its capacity is ready to make a growing field,
  the only source of new stones; on a cold board a seat with no such stack yet counts
  the one closest to it, by the share of the way it has come (:attr:`Weights.build`),
  so that players whose start fields all have six neighbours build towards their
  first explosion (see :func:`_fuses`).

Volatile stacks are not valued here: the strong player looks at the position after
every seat has passed a few times (explosions and growth only), which plays out the
chains that stacks at capacity and growth set off (:mod:`fabgen.play.strong`).

Pure and allocation-light: it runs on the engine's read-only lists thousands of
times per decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fabgen.rules.state import DEAD, GROWING, LIVE, Position


@dataclass(frozen=True)
class Weights:
    """What one field, stone or growing field is worth to a seat (in fields).

    The defaults were tuned by self-play with ``benchmarks/tune_strong.py``.
    """

    held: float = 1.0  # a field of a region holding only this seat's stones
    reach: float = 0.5  # a field of a shared region this seat's stones reach first
    empty: float = 0.5  # a field of a stoneless region only this seat's growing fields border
    stone: float = 0.3  # a stone on a growing field or a live field of a shared region
    growing: float = 0.3  # a growing field (it will make stones)
    overload: float = 0.5  # per stone a region must take beyond what it holds stably
    fuse: float = 3.0  # once ahead: a live field that its own stones and spills will explode
    ahead: float = 2.0  # ahead: this many times the material of every other seat
    grown: float = 0.0  # 1: a growing field counts the stones it will spill, not those it has
    charge: float = 0.6  # before being ahead: a stack of 2+ stones one stone from exploding
    cold: float = 0.5  # <= 5 seats: reach counts this much while the board is cold (thaw)
    late: float = 0.5  # below this share of live fields, every seat's fuses cost (<= 5 seats)
    stuck: float = 0.0  # frozen: reach counts this much in a shared region no seat can clear
    hold: float = 6.0  # cold board: first reach counts at most this many fields a stone
    build: float = 0.8  # cold board, no charge: the stack closest to one, by its progress
    thaw: float = 0.03  # <= 3 seats: the board stays cold while at most this share is not live

    def __post_init__(self) -> None:
        for name in WEIGHT_NAMES:
            value = getattr(self, name)
            if not (isinstance(value, int | float) and value >= 0 and value == value):
                raise ValueError(f"weight {name} must be a number >= 0, got {value!r}")


WEIGHT_NAMES = (
    "held",
    "reach",
    "empty",
    "stone",
    "growing",
    "overload",
    "fuse",
    "ahead",
    "grown",
    "charge",
    "cold",
    "late",
    "stuck",
    "hold",
    "build",
    "thaw",
)
DEFAULT_WEIGHTS = Weights()
#: The most seats for which first reach counts :attr:`Weights.cold` times on a cold
#: board (see :func:`estimate`).
COLD_SEATS = 5
#: The most seats for which a board stays cold through its first explosions
#: (:attr:`Weights.thaw`); with more it is cold only until the first one. With four
#: seats, games started from stacks stalled: strong self-play on 4p-diamond-5-stacks
#: reached the turn cap in 13 of 480 games, 5 of 480 without (docs/design-notes.md,
#: *A first explosion leaves the board cold*).
THAW_SEATS = 3


@dataclass(frozen=True)
class Estimate:
    """Per seat: ``value``, the fields it is likely to hold plus its material, in
    fields; ``material``, the part of it that is stones, growing fields, charges and
    fuses (what a seat has to play with, not land)."""

    value: list[float]
    material: list[float]


def estimate(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Per seat, the fields it is likely to hold plus its material, in fields."""
    return estimate_parts(position, weights).value


def estimate_parts(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> Estimate:
    """:func:`estimate`, with each seat's material apart."""
    seats = len(position.players)
    status, owner = position.status_codes, position.owners
    stones, cap = position.stone_counts, position.capacities
    labels = position.region_labels()
    regions = _regions(position, labels)
    size, room = regions.size, regions.room
    count = len(size)
    value = [0.0] * seats
    holder = [-1] * count  # per region: -1 no stones, k one seat, -2 several seats
    # (-3 below: several seats, none able to clear it, in a frozen position)
    load = [[0] * seats for _ in range(count)]  # per region and seat: stones, spills to come
    material = [0.0] * seats  # stones on growing fields and live fields of shared regions
    grown = weights.grown
    growing = [0] * seats
    stacked = []  # live fields with stones
    for i in [i for i, o in enumerate(owner) if o >= 0]:  # (in field order, as sums go)
        o, label = owner[i], labels[i]
        if label >= 0:
            stacked.append(i)
            load[label][o] += stones[i]
            h = holder[label]
            if h == -1:
                holder[label] = o
            elif h != o:
                holder[label] = -2
        elif status[i] == GROWING:
            growing[o] += 1
            material[o] += max(stones[i], grown * cap[i])
    spill = _spills(position, labels, load)
    for label, h in enumerate(holder):
        if h >= 0:
            value[h] += weights.held * size[label]
        elif h == -2:
            for k, n in enumerate(load[label]):
                material[k] += n
    _overload(load, room, size, value, weights.overload)
    # (not with six seats: it raised six-seat self-play's all-zero games)
    thaw = weights.thaw * len(status) if seats <= THAW_SEATS else 0.0
    cold = seats <= COLD_SEATS and len(status) - regions.live_count <= thaw
    if -2 in holder:
        w = weights.reach * (weights.cold if cold else 1.0)
        if not position.growing_indices and DEAD in status:
            stuck = _stuck(holder, load)
            if stuck:
                if weights.stuck:
                    only = [-2 if k in stuck else -1 for k in range(len(holder))]
                    _reach(position, regions, stacked, only, value, w * weights.stuck)
                holder = [-3 if k in stuck else h for k, h in enumerate(holder)]
        if cold and weights.hold:
            _held_reach(position, regions, stacked, holder, value, w, weights.hold)
        else:
            _reach(position, regions, stacked, holder, value, w)
    land = list(value)
    for k in range(seats):
        value[k] += weights.stone * material[k] + weights.growing * growing[k]
    if (weights.fuse or weights.charge) and seats > 1:
        _fuses(position, regions, stacked, spill, material, value, weights, cold)
    stock = [v - g for v, g in zip(value, land, strict=True)]
    if -1 in holder and weights.empty:
        _empty(position, labels, holder, size, value, weights.empty)
    return Estimate(value, stock)


@dataclass(frozen=True)
class _Regions:
    """What the evaluation needs of a position's regions that only changes when a
    field's status does: per region its fields and the stones it holds with no field
    exploding (the sum of capacity - 1), the live fields as bits of :class:`_Grid`,
    and how many there are."""

    size: list[int]
    room: list[int]
    live: int
    live_count: int


#: Regions by the fields' statuses. Only a status change (an explosion) changes the
#: regions and the capacities (a field's live neighbours), so the positions of one
#: search mostly share a few status lists, and recounting the regions for each
#: evaluation is spared: a position's labels are made afresh after each explosion
#: phase, but the rollouts of different candidates mostly reach the same statuses. An
#: entry is used only for the same board and equal region labels (the numbering of
#: the regions, which the sums of the evaluation follow, depends on how a position's
#: labels were kept up); when full the cache is emptied at once (one step, so threads
#: deciding side by side, as the web server's may, never see it half changed).
_REGIONS: dict[bytes, tuple[object, Sequence[int], _Regions]] = {}
_REGIONS_KEPT = 1024


def _regions(position: Position, labels: Sequence[int]) -> _Regions:
    key = bytes(position.status_codes)
    known = _REGIONS.get(key)
    if known is not None and known[0] is position.board and known[1] == labels:
        return known[2]
    count = max(labels, default=-1) + 1
    size, room = [0] * count, [0] * count
    cap, bit = position.capacities, _grid(position.board).bit
    live = live_count = 0
    for i, label in enumerate(labels):
        if label >= 0:
            size[label] += 1
            room[label] += cap[i] - 1
            live |= bit[i]
            live_count += 1
    regions = _Regions(size, room, live, live_count)
    if len(_REGIONS) >= _REGIONS_KEPT:
        _REGIONS.clear()
    _REGIONS[key] = (position.board, labels, regions)
    return regions


def _stuck(holder: list[int], load: list[list[int]]) -> set[int]:
    """The shared regions of a frozen position (no growing field, some dead) that no
    seat can clear: none has more stones there than all the others together. Taking a
    stone costs one, so such a region ends with nobody's stones or with a third
    seat's; first reach there is no territory. Counted, it made seats with single
    stones on an unburnt board run from each other for ever (games capped at 1000
    turns); not counted, they trade, and the game ends."""
    return {k for k, h in enumerate(holder) if h == -2 and nobody_can_clear(load[k])}


def nobody_can_clear(stones: list[int]) -> bool:
    """Per seat, its stones in one region: no seat has more than all the others
    together, so none can take every other stone there (each taken costs one)."""
    return 2 * max(stones) <= sum(stones)


def _spills(position: Position, labels, load: list[list[int]]) -> list[int]:
    """Add to each region's load the stones that bordering growing fields will spill
    into it, one per live neighbour when they explode, as their owner's. Returns, per
    field, the spills it will get from growing fields of the seat whose stones are on it."""
    owner, nbrs = position.owners, position.board.neighbours
    spill = [0] * len(owner)
    for g in position.growing_indices:  # sums of integers: the order does not matter
        o = owner[g]
        for n in nbrs[g]:
            label = labels[n]
            if label >= 0:
                load[label][o] += 1
                if owner[n] == o:
                    spill[n] += 1
    return spill


#: The most seats for which late fuses cost every seat (see :func:`_fuses`).
LATE_SEATS = 5


#: With more seats than this each charge counts (see :func:`_fuses`).
ONE_CHARGE_SEATS = 2


def _fuses(
    position: Position,
    regions: _Regions,
    stacked,
    spill,
    material,
    value: list[float],
    w: Weights,
    cold: bool,
):
    """Stacks at or near their capacity, valued by where the seat stands.

    A seat with :attr:`Weights.ahead` times the stones of every other has won the
    fight for material; from then on each of its live fields that its own stones and
    spills will explode is a fuse that can burn its land down, and costs
    :attr:`Weights.fuse`. Before that, a stack of two or more stones one stone (or
    less) from exploding is a charge: the explosion it is ready for makes a growing
    field, the only source of new stones, and is worth :attr:`Weights.charge`
    (without it, players that value spread-out stones never build up to an
    explosion, trade their stones away one for one and stall).

    A seat counts one charge, however many of its stacks are ready: one explosion
    makes the growing field a charge promises. Counted per stack, two charges were
    worth twice one, so firing either lost a charge's worth, and the player kept both
    and fired neither while its single stones traded away (games against greedy that
    reached the turn cap). Only with :data:`ONE_CHARGE_SEATS` seats and no machine
    seat: with machines, firing more readily lit fires that the machines' fires joined
    (twice as many games of 4p-hexagon-19-machines ended with every score 0); with
    four to six seats the seats' stones ran down faster to a single stone each, in
    standoffs nobody can break (taking a stone leaves the region to a third seat) that
    reached the turn cap; with three, one strong seat against two greedy ones won less
    often on a board whose three starts sit side by side (64.2 % of 294 games on
    3p-hexagon-19-side, 70.4 % without it).

    A charge needs a field of small capacity or several turns: where every start
    field has six neighbours (a start inside the board) no stack is one stone short
    for the first four turns. So on a cold board (``cold``) a seat with no charge
    counts its stack closest to one, by its progress from one stone to a charge
    ((stones - 1) / (capacity - 2), below 1) times :attr:`Weights.build`: every stone
    added pays. With ``build`` at most :attr:`Weights.charge` / 0.75 (the most
    progress short of a charge, on a field of capacity 6) a stack never counts more
    than the charge it becomes, so finishing it pays too. Without it, on boards whose
    starts were all inside, strong spread its stones and lost most games to greedy.

    Late in the game (fewer than :attr:`Weights.late` of the board's fields live)
    every seat's fuses cost, whatever its material: the land left is what the scores
    will count, and a fire lit then burns it for everyone. Between equal seats, none
    of which is ever ahead, the fires went on until nothing was left (a third of
    three-seat self-play games ended 0:0:0). Not with machine seats (simple or
    extreme): their fires burn on whatever the others do, and seats that hold back
    leave them the board (on 4p-hexagon-19-machines twice as many games then ended
    with every score 0). Nor with more than :data:`LATE_SEATS` seats: six careful
    seats froze into standoffs (6p-hexagon-19 self-play: 9 of 200 games capped, 1
    without it), and their games end 0:0 rarely anyway."""
    owner, stones, cap = position.owners, position.stone_counts, position.capacities
    people_only = all(p.kind == "player" for p in position.players)  # (no machine seat)
    late = (
        w.late
        and len(position.players) <= LATE_SEATS
        and regions.live_count < w.late * len(owner)
        and people_only
    )
    ahead = [
        bool(m)
        and (late or all(m >= w.ahead * other for j, other in enumerate(material) if j != k))
        for k, m in enumerate(material)
    ]
    build = w.build if cold else 0.0
    once = people_only and len(position.players) <= ONE_CHARGE_SEATS  # one charge a seat
    progress = [0.0] * len(material)  # per seat: its best stack's way to a charge (-1: has one)
    for i in stacked:
        o = owner[i]
        if ahead[o]:
            if stones[i] + spill[i] >= cap[i]:
                value[o] -= w.fuse
        elif stones[i] >= 2:
            if stones[i] + 1 >= cap[i]:
                if progress[o] >= 0 or not once:
                    value[o] += w.charge
                progress[o] = -1.0
            elif build and progress[o] >= 0:
                progress[o] = max(progress[o], (stones[i] - 1) / (cap[i] - 2))
    for k, p in enumerate(progress):
        if p > 0:
            value[k] += build * p


def _held_reach(
    position: Position, regions: _Regions, stacked, holder: list[int], value, w: float, hold: float
) -> None:
    """First reach on a cold board, at most :attr:`Weights.hold` fields a stone.

    Before anything has exploded, single stones sent out reach most of an open board
    first, and each step forward moves the line between two seats across a whole
    front: a dozen fields for one stone. Counted in full, that outweighed every
    stack built towards the first explosion, and players whose start fields all had
    six neighbours (a start inside the board) spread their seven stones, traded them
    one for one and ended 0:0, or lost to the seat that was left with the last stone.
    A stone holds little land on its own; capped, reach still draws the stones out
    while a seat has few, and a stack that explodes, whose stones and growth raise the
    cap, pays."""
    seats = len(value)
    reached = [0.0] * seats
    _reach(position, regions, stacked, holder, reached, w)
    owner, stones = position.owners, position.stone_counts
    have = [0] * seats
    for i in stacked:
        have[owner[i]] += stones[i]
    for k in range(seats):
        value[k] += min(reached[k], w * hold * have[k])


def _overload(load, room, size, value: list[float], w: float) -> None:
    """A region burns down when more stones come to rest in it than it holds with no
    field exploding: each explosion takes room away and spills more stones, a chain
    that ends only at the region's edge. Stones of different seats cancel, so what
    comes to rest is the strongest seat's surplus over the others; that seat pays for
    every stone beyond the room (at most the region's size)."""
    if not w:
        return
    for label, seats in enumerate(load):
        top = max(seats)
        surplus = 2 * top - sum(seats)
        excess = surplus - room[label]
        if excess > 0 and top > 0:
            value[seats.index(top)] -= w * min(size[label], excess)


def _reach(
    position: Position, regions: _Regions, stacked, holder: list[int], value: list[float], w: float
) -> None:
    """Split the shared regions by first reach: a breadth-first search from every
    field with stones at once, layer by layer; a field first reached in one layer by
    two seats goes to nobody and spreads no claim.

    The fields are bits of Python integers laid out on the board's grid (see
    :class:`_Grid`), so a layer of every seat is a few shifts and masks instead of a
    loop over fields: the search is the evaluation's hot path."""
    grid = _grid(position.board)
    owner, bit, labels = position.owners, grid.bit, position.region_labels()
    fronts = [0] * len(value)
    for i in stacked:
        if holder[labels[i]] == -2:
            fronts[owner[i]] |= bit[i]
    key = (grid.width, regions.live, *fronts)
    counts = _REACHED.get(key)
    if counts is None:
        counts = _first_reach(fronts, regions.live, grid.width)
        if len(_REACHED) >= _REACHED_KEPT:
            _REACHED.clear()
        _REACHED[key] = counts
    for k, n in enumerate(counts):
        value[k] += w * n


#: First reach's counts by grid width, live fields and fronts (as bits): the
#: candidates of one search mostly differ in stones off the fronts, and half the
#: searches repeat one already made. Emptied at once when full (see :data:`_REGIONS`).
_REACHED: dict[tuple[int, ...], list[int]] = {}
_REACHED_KEPT = 4096


def _first_reach(fronts: list[int], free: int, width: int) -> list[int]:
    """Per seat, the fields its ``fronts`` (bits of :class:`_Grid` ``width`` wide)
    reach first through the ``free`` ones, the fronts included (see :func:`_reach`)."""
    for f in fronts:
        free &= ~f
    counts = [f.bit_count() for f in fronts]
    # (a bit's six neighbours are the shifts by 1, width and width + 1 either way)
    while any(fronts):
        once = twice = 0
        grown = []
        for f in fronts:
            if f:
                x, y = f << 1, f >> 1
                f = (x | y | ((f | x) << width) | ((f | y) >> width)) & free
                twice |= once & f
                once |= f
            grown.append(f)
        free &= ~once
        fronts = [f & ~twice for f in grown]
        for k, f in enumerate(fronts):
            if f:
                counts[k] += f.bit_count()
    return counts


class _Grid:
    """The board's fields as bits: field (q, r) is bit (r - r0) * width + (q - q0),
    with one unused column at the end of each row, so that the six neighbours of a
    bit are the shifts by 1, width and width + 1 either way, and a step off a row's
    end lands on the unused column (masked out) instead of the next row."""

    def __init__(self, fields) -> None:
        q0 = min(q for q, _ in fields)
        r0 = min(r for _, r in fields)
        self.width = max(q for q, _ in fields) - q0 + 2
        self.bit = [1 << ((r - r0) * self.width + (q - q0)) for q, r in fields]


#: Grids by the identity of a board (hashing its segments, as a dict keyed by them
#: would, costs as much as the rest of a region count); each entry keeps its board,
#: so its id is not reused.
_GRIDS: dict[int, tuple[object, _Grid]] = {}


def _grid(board) -> _Grid:
    known = _GRIDS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    if len(_GRIDS) >= 32:
        _GRIDS.pop(next(iter(_GRIDS)))
    grid = _Grid(board.fields)
    _GRIDS[id(board)] = (board, grid)
    return grid


def _empty(position: Position, labels, holder, size, value: list[float], w: float) -> None:
    """A stoneless region bordered by the growing fields of one seat only."""
    status, owner, nbrs = position.status_codes, position.owners, position.board.neighbours
    border: dict[int, int] = {}  # region -> its one growing neighbour seat, or -2
    for g, s in enumerate(status):
        if s != GROWING:
            continue
        o = owner[g]
        for n in nbrs[g]:
            label = labels[n]
            if label >= 0 and holder[label] == -1 and status[n] == LIVE:
                before = border.setdefault(label, o)
                if before != o:
                    border[label] = -2
    for label, o in border.items():
        if o >= 0:
            value[o] += w * size[label]


def lead(values: list[float], seat: int) -> float:
    """``seat``'s value minus the best other seat's: what a seat playing to win (to
    rank first) maximises. With one seat, its value."""
    best_other = max((v for k, v in enumerate(values) if k != seat), default=0.0)
    return values[seat] - best_other
