"""Fairness: the board's symmetry, whether every person starts alike, the turn
direction, starts at the edge, distances between seats, and simulated games."""

from __future__ import annotations

import math
from collections.abc import Iterator

from fabgen.board.checks.chance import chance_caveat
from fabgen.board.checks.context import Context
from fabgen.board.checks.people import PeopleAlone
from fabgen.board.checks.registry import Section
from fabgen.board.checks.seat_advice import four_or_five, no_rotation_message, preferred
from fabgen.board.checks.wording import order_words, stack_list
from fabgen.board.findings import (
    DISTANCE_TOLERANCE,
    Finding,
    Severity,
    Where,
    machines_are,
    seat_list,
)
from fabgen.board.symmetry import (
    rotation_direction,
    rotation_words,
    seat_order_direction,
    seat_rotations,
    unmatched_machine_stacks,
)
from fabgen.geometry.lattice import Field, field_xy, hex_distance
from fabgen.rules.names import field_name

FAIRNESS = Section("fairness")
SAME_DISTANCE = 0.05  # field steps: two distances that print alike (to 0.1)


def centre_words(ctx: Context) -> str:
    centre = ctx.symmetry.centre
    f = centre.field
    if f is None:
        return "its centre (a point between fields)"
    t = ctx.board.tile_index(f)
    if t is not None and ctx.board.tiles[t].centre == f:
        return f"its centre, field {field_name(f)} (the middle of tile {t + 1})"
    if t is None:
        return f"its centre, where field {field_name(f)} would be (a hole in the board)"
    return f"its centre, field {field_name(f)}"


@FAIRNESS.check("symmetry")
def symmetries(ctx: Context) -> Iterator[Finding]:
    s = ctx.symmetry
    if s.shape_order == 1:
        rotations = "the board has no rotation symmetry (field shape and tiling)"
    elif s.tiling_order == s.shape_order:
        rotations = (
            f"the board (field shape and tiling) has {order_words(s.shape_order)} "
            f"about {centre_words(ctx)}"
        )
    else:
        tiling = order_words(s.tiling_order) if s.tiling_order > 1 else "none"
        rotations = (
            f"the board's field shape has {order_words(s.shape_order)} about "
            f"{centre_words(ctx)}, but its tiling has {tiling}"
        )
    if s.shape_mirrors and not s.tiling_mirrors:
        mirror = (
            "the field shape is mirror-symmetric but the tiling is not (a mirror image of "
            "the tiles needs tiles of the other handedness)"
        )
    elif s.tiling_mirrors:
        mirror = "it is mirror-symmetric, tiling included"
    else:
        mirror = "it has no mirror symmetry"
    yield Finding("symmetry", Severity.INFO, f"{rotations}; {mirror}; {turning_words(ctx)}")


def turning_words(ctx: Context) -> str:
    """Which way play goes round the board: a board of chiral tiles has a natural
    direction that makes one neighbour easier to attack (the 1995 rules turn
    diamonds and triangles clockwise, the other shapes counter-clockwise)."""
    declared = ctx.board.turns
    if declared is not None:
        return f"the board turns {declared.value} (its turns setting)"
    seats = seat_order_direction(ctx.board) if ctx.seats_ready() else None
    if seats is not None:
        return f"the board turns {seats.value} (the seats, in order, go round that way)"
    return (
        'the board does not say which way it turns: add turns = "clockwise" (diamonds '
        'and triangles in the 1995 rules) or "counter-clockwise" (other shapes)'
    )


@FAIRNESS.check("seats-differ-4-5", "no-seat-rotation", "seat-rotation", "machines-asymmetric")
def seats_alike(ctx: Context) -> Iterator[Finding]:
    """Fairness between the people; machines must look the same from every person.
    Starts only: in a position from the middle of a game (not-a-start) the stones have
    moved, and no-seat-rotation put a seat's start on a dead field."""
    if not ctx.seats_ready() or not ctx.is_start():
        return
    people = ctx.people
    n = len(people)
    if n in (4, 5):
        yield four_or_five(ctx, n)
        return
    if n == 1:
        yield from solo(ctx)
        return
    found = seat_rotations(ctx.board, ctx.symmetry, people)
    if not found:
        yield Finding("no-seat-rotation", Severity.WARNING, no_rotation_message(ctx, n))
        return
    k = preferred(ctx, found)
    direction = rotation_direction(k)
    goes = f"; seat order goes {direction.value}" if direction else ""
    who = (
        "person's start onto the next person's"
        if ctx.machine_seats
        else ("seat's start onto the next seat's")
    )
    yield Finding(
        "seat-rotation",
        Severity.INFO,
        f"the {rotation_words(k)} rotation about the board's centre maps each {who}: "
        f"every {'person' if ctx.machine_seats else 'seat'} starts alike{goes}",
    )
    odd = unmatched_machine_stacks(ctx.board, ctx.symmetry, k)
    if odd:
        yield Finding(
            "machines-asymmetric",
            Severity.WARNING,
            f"the {rotation_words(k)} rotation that carries each person's start onto the "
            f"next does not carry the machines onto machines: "
            f"{stack_list(odd)} {'has' if len(odd) == 1 else 'have'} no twin where the "
            "rotation puts it; place the machines' stacks so that the rotation maps them "
            "onto each other, or some people meet the machines sooner",
            Where(field=field_name(odd[0][0])),
        )


def solo(ctx: Context) -> Iterator[Finding]:
    """One person against machines: every machine stack equally far from the start."""
    (p,) = ctx.people
    start = [f for f, _ in ctx.board.seats[p].stacks]
    far = {
        name: min((hex_distance(f, g), f) for f in fields for g in start)
        for k in ctx.machine_seats
        for name, fields in _machine_places(ctx, k)
    }
    if len({d for d, _ in far.values()}) <= 1:
        return
    text = ", ".join(f"{name}: {d}" for name, (d, _) in sorted(far.items(), key=_by_field))
    near = min(far, key=lambda name: far[name])
    yield Finding(
        "machines-asymmetric",
        Severity.WARNING,
        f"the machines' stacks are not equally far from {ctx.seat(p)}'s start (field "
        f"steps: {text}): the one on {near} reaches it first; place them at equal distances",
        Where(field=field_name(far[near][1]), player=p + 1),
    )


def _by_field(item: tuple[str, tuple[int, Field]]) -> Field:
    return item[1][1]


def _machine_places(ctx: Context, k: int) -> list[tuple[str, list[Field]]]:
    """A machine seat's places: a start tile (the seat holds all its fields) is one
    place, whose nearest field counts: its seven fields lie at several distances from
    the person wherever the tile stands, and the check warned of the symmetric solo
    board docs/seats.md makes. Every other stack is a place of its own, beside others
    on its tile or not: a simple machine's stacks each explode, and two on one tile were
    one place as far as the nearer, so stacks 10 and 12 steps away went unsaid on one
    tile and were warned of on two."""
    board = ctx.board
    held = set(board.seats[k].stack_map)
    places: dict[str, list[Field]] = {}
    for f, _ in board.seats[k].stacks:
        t = board.tile_index(f)
        if t is not None and held.issuperset(board.tiles[t].fields):
            places[f"tile {t + 1} ({ctx.seat(k)}'s start)"] = list(board.tiles[t].fields)
        else:
            places[field_name(f)] = [f]
    return list(places.items())


@FAIRNESS.check("turn-direction")
def turn_direction(ctx: Context) -> Iterator[Finding]:
    declared = ctx.board.turns
    if declared is None or not ctx.seats_ready():
        return
    actual = seat_order_direction(ctx.board, ctx.people)
    if actual is None or actual is declared:
        return
    yield Finding(
        "turn-direction",
        Severity.WARNING,
        f"the board says turns go {declared.value}, but the seats in the order of "
        f"[[players]] go round the board {actual.value}: reorder the [[players]] tables or "
        "change turns",
    )


@FAIRNESS.check("start-in-middle")
def starts_at_edge(ctx: Context) -> Iterator[Finding]:
    if ctx.broken:
        return
    for k, seat in enumerate(ctx.board.seats):
        fields = [f for f, v in seat.stacks if v > 0]
        if seat.is_machine or ctx.explodes_at_once(seat):
            continue  # machines stand where they should; a stack start grows at once
        if fields and not any(ctx.board.is_edge(f) for f in fields):
            yield Finding(
                "start-in-middle",
                Severity.WARNING,
                f"{ctx.seat(k)} starts away from the board's edge: fields in the middle "
                "have six live neighbours, so its first growing fields come slowly; start "
                "on a tile at a corner or side",
                Where(field=field_name(fields[0]), player=k + 1),
            )


def seat_places(ctx: Context) -> tuple[list[int], list[tuple[float, float]]]:
    """Seats that stand in one place, in turn order, and where (in field steps): the
    people, at the middle of their stones (a start tile's middle, a start stack's own
    field: a stack moved one field over stands elsewhere), and machines whose stacks
    are all on one tile, at the tile's middle (a machine's corner stack counts as its
    tile); a machine spread over several tiles stands nowhere in particular."""
    seats, places = [], []
    for k, seat in enumerate(ctx.board.seats):
        if not seat.is_machine:
            fields = tuple(f for f, _ in seat.stacks)
        else:
            tiles = {ctx.board.tile_index(f) for f, _ in seat.stacks}
            only = tiles.pop() if len(tiles) == 1 else None
            if only is None:
                continue
            fields = ctx.board.tiles[only].fields
        xs, ys = zip(*(field_xy(f) for f in fields), strict=True)
        seats.append(k)
        places.append((sum(xs) / len(xs), sum(ys) / len(ys)))
    return seats, places


@FAIRNESS.check("seat-distances")
def seat_distances(ctx: Context) -> Iterator[Finding]:
    if not ctx.seats_ready():
        return
    seat_list, centres = seat_places(ctx)
    n = len(seat_list)
    if n < 3:
        return
    steps = [math.dist(centres[k], centres[(k + 1) % n]) for k in range(n)]
    if max(steps) - min(steps) <= DISTANCE_TOLERANCE:
        return
    seat = [k + 1 for k in seat_list]
    pairs = ", ".join(f"{seat[k]}–{seat[(k + 1) % n]}: {d:.1f}" for k, d in enumerate(steps))
    # Distances that print alike are one distance: every pair at it is named, not the
    # one a rounding error makes the nearest (the butterfly's 2–3 and 4–1 are alike).
    near = [k for k, d in enumerate(steps) if d - min(steps) < SAME_DISTANCE]
    yield Finding(
        "seat-distances",
        Severity.WARNING,
        f"neighbouring seats are unequally far apart (in field steps, seats {pairs}): "
        f"{_pairs(seat, near)}; move start tiles or stacks so that neighbours are equally "
        "far apart",
        Where(player=seat[near[0]]),
    )


def _pairs(seat: list[int], ks: list[int]) -> str:
    """``seats 3 and 4 meet first``; pairs at one distance: ``seats 2 and 3 meet first,
    as do 4 and 1`` (``..., as do 2 and 3, 3 and 4, and 4 and 5``)."""
    n = len(seat)
    first, *rest = [f"{seat[k]} and {seat[(k + 1) % n]}" for k in ks]
    text = f"seats {first} meet first"
    if len(rest) > 1:
        rest = [", ".join(rest[:-1]) + ", and " + rest[-1]]
    return text + (f", as do {rest[0]}" if rest else "")


@FAIRNESS.check("seat-balance")
def seat_balance(ctx: Context) -> Iterator[Finding]:
    if ctx.balance is not None:
        machines = [k + 1 for k, seat in enumerate(ctx.board.seats) if seat.is_machine]
        yield _seat_balance(ctx.balance, machines)


def _seat_balance(report: dict, machines: list[int]) -> Finding:
    """Which seat simulated games favour, by how much, and whether that is more than
    chance (the report's test). The even share and the test count a machine as a seat:
    a solo board is no contest of equal seats, and beside machines the people are
    compared among themselves too."""
    fav, test = report["favoured"], report["test"]
    alone = PeopleAlone.of(report["seats"], machines)
    if fav is not None and alone is not None and len(alone.people) == 1:
        return _solo_balance(report, alone.people[0], machines)
    if fav is None:
        return Finding(  # (it said only "no game finished of 2")
            "seat-balance",
            Severity.WARNING,
            f"no game of {report['games']} finished within {report['max_turns']:,} turns: the "
            "seats' wins say nothing, and the supply below counts games that did not end; "
            "give --players that play the game to its end (strong, greedy or random)",
        )
    players = ", ".join(dict.fromkeys(s["player"] for s in report["seats"]))
    rates = ", ".join(f"{100 * s['win_rate']:.0f}%" for s in report["seats"])
    share = (
        f"wins most often: {100 * fav['win_rate']:.1f}% (95% interval "
        f"{100 * fav['ci_low']:.1f} to {100 * fav['ci_high']:.1f}%) against an even "
        f"{100 * fav['even']:.1f}%; seats 1 to {len(report['seats'])} win {rates} of "
        f"{report['finished']} finished simulated games ({players} players)"
    )
    if alone is not None:
        share += _people_alone(alone)
    share += _capped(report)
    tested = f"{test['name']}, p = {test['p_value']:.4f}"
    # (of three seats that won as often it named the first: "seat 1 wins most often")
    tied = [s["seat"] for s in report["seats"] if s["win_rate"] == fav["win_rate"]]
    if len(tied) > 1:
        share = share.replace("wins most often", "win most often", 1)
    if not test["seats_differ"]:
        who = f"seat {fav['seat']} " if len(tied) == 1 else f"{seat_list(tied)} each "
        return Finding(
            "seat-balance",
            Severity.INFO,
            f"{who}{share}; no seat differs more than chance would make "
            f"it ({tested}); {chance_caveat(report['finished'], len(report['seats']))}",
        )
    if report["all_zero"] / report["finished"] > 0.5:
        advice = (
            f"but {report['all_zero']} games ended with every score 0 and only the "
            "tie-break decided them: these players say little about the board; simulate "
            "with --players strong"
        )
    else:
        advice = "move the starts or give the seats that lose something back"
    return Finding(
        "seat-balance",
        Severity.WARNING,
        f"{share}; the seats differ ({tested}): {advice}",
        Where(player=fav["seat"]) if len(tied) == 1 else Where(players=tuple(tied)),
    )


def _capped(report: dict) -> str:
    """The games cut off at the turn cap, which the win rates leave out (it said only
    "of 8 finished simulated games" of 10). validate has no --max-turns: the advice
    names the command that has one."""
    capped = report["games"] - report["finished"]
    if not capped:
        return ""
    return (
        f"; {capped} of the {report['games']} games reached the cap of "
        f"{report['max_turns']:,} turns and are not scored (validate cannot raise the "
        "cap: fabgen balance FILE --max-turns N can)"
    )


def _solo_balance(report: dict, person: dict, machines: list[int]) -> Finding:
    """One person against machines: how often the person wins, not a fairness finding
    (it warned "the seats differ: move the starts or give the seats that lose something
    back" of a person who beat the machines)."""
    players = ", ".join(dict.fromkeys(s["player"] for s in report["seats"]))
    zero = report["all_zero"]
    shared = f" ({zero} ended 0:0, a first place shared with the machines)" if zero else ""
    return Finding(
        "seat-balance",
        Severity.INFO,
        f"the one person wins {100 * person['win_rate']:.1f}% (95% interval "
        f"{100 * person['ci_low']:.1f} to {100 * person['ci_high']:.1f}%) of "
        f"{report['finished']} finished simulated games{shared} against the machines "
        f"({seat_list(machines)}; {players} players): a solo board has no seats to even "
        "out, and the person's win rate says how hard its machines are to beat"
        f"{_capped(report)}",
        Where(player=person["seat"]),
    )


def _people_alone(alone: PeopleAlone) -> str:
    """The people's seats among themselves, beside machines that the even share counts:
    as the balance text compares them, every person alike when they won alike (it named
    a most and a least of people with one rate), and a decimal more when the two would
    print alike ("seat 1 wins most (33%) and seat 4 least (33%)")."""
    best, worst = alone.best, alone.worst
    if alone.alike:
        among = f"every seat wins {100 * best['win_rate']:.0f}%"
    else:
        most, least = _rates(best["win_rate"], worst["win_rate"])
        # (every person tied for most or least: it named the first only, "seat 3 least")
        top, bottom = (
            [s["seat"] for s in alone.people if s["win_rate"] == row["win_rate"]]
            for row in (best, worst)
        )
        wins = "wins" if len(top) == 1 else "win"
        among = f"{seat_list(top)} {wins} most ({most}) and {seat_list(bottom)} least ({least})"
    return (
        f"; {machines_are(alone.machines)}, counted in the even share and the test: among "
        f"the people, {among}"
    )


def _rates(high: float, low: float) -> tuple[str, str]:
    """Two win rates in whole percent, or with as many decimals as tell them apart
    (thousands of games: 25.01% and 24.99% printed 25.0% both at a tenth)."""
    for digits in range(6):
        most, least = f"{100 * high:.{digits}f}%", f"{100 * low:.{digits}f}%"
        if most != least:
            break
    return most, least
