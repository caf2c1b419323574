"""What the fairness checks advise when the people cannot all start alike: the rotation
to use and where each seat goes, or which machine seats would even out 4 or 5 people."""

from __future__ import annotations

from collections.abc import Callable

from fabgen.board.checks.context import Context
from fabgen.board.checks.wording import stack_list, stone_count
from fabgen.board.findings import Finding, Severity, seat_list
from fabgen.board.model import TurnDirection
from fabgen.board.symmetry import rotate_stacks, rotation, rotation_direction, rotation_words
from fabgen.geometry.lattice import Field
from fabgen.rules.names import field_name


def preferred(ctx: Context, rotations: tuple[int, ...]) -> int:
    wanted = ctx.board.turns or TurnDirection.CLOCKWISE
    for k in rotations:
        if rotation_direction(k) in (wanted, None):
            return k
    return rotations[0]


def no_rotation_message(ctx: Context, n: int) -> str:
    who = "person" if ctx.machine_seats else "seat"
    base = f"no rotation of the board maps each {who}'s start onto the next {who}'s"
    orders = {2: (3,), 3: (4, 2), 6: (5, 1)}[n]
    usable = [k for k in orders if k in ctx.symmetry.tiling_rotations]
    if not usable:
        angle = 360 // n
        many = "people" if ctx.machine_seats else "seats"
        return (
            f"{base}: the board (tiles included) has no {angle}° rotation symmetry, so no "
            f"placement of the starts makes the {n} {many} equal; build a symmetric board "
            "(see fabgen boards) or accept that some seats are favoured"
        )
    k = preferred(ctx, tuple(usable))
    apply = ctx.symmetry.centre.about(rotation(k))
    found = _rotated_starts(ctx, apply)
    if found is None:
        many = "people" if ctx.machine_seats else "seats"
        return (
            f"{base}; the board's {rotation_words(k)} rotation would do it, but it turns "
            f"every {who}'s start onto fields of its own or of another {who} (they lie on or "
            f"around the board's centre, where the {many} would share fields): move one "
            f"start away from the centre, then put each next {who} where that rotation "
            "carries the one before"
        )
    kept, moved = found
    places = [f"seat {s + 1} on {_place_words(ctx, stacks)}" for s, stacks in moved]
    where = "where it is" if len(kept) == 1 else "where they are"
    return (
        f"{base}; the board allows it with the {rotation_words(k)} rotation: keeping "
        f"{seat_list(s + 1 for s in kept)} {where}, put {', '.join(places)}"
    )


Placed = tuple[list[int], list[tuple[int, dict[Field, int]]]]


def _rotated_starts(ctx: Context, apply: Callable[[Field], Field | None]) -> Placed | None:
    """The people to keep and where the rotation puts each other person (in seat
    order), from the person to start from that moves the fewest: a seat already in
    its place is kept, not told to go there ("keeping seat 1 where it is, put seat 2 on
    tile 1" of a seat 2 on tile 1). None when every person's start meets one of its
    images (a start on the centre of the rotation: keeping it would put the next seat
    on its fields)."""
    found = [p for a in range(len(ctx.people)) if (p := _placed_from(ctx, apply, a))]
    return min(found, key=lambda p: len(p[1])) if found else None


def _placed_from(ctx: Context, apply: Callable[[Field], Field | None], a: int) -> Placed | None:
    """Keeping the ``a``-th person, each next person's start where the rotation carries
    the one before: the people already there and the others with their places; None
    when two starts would share a field."""
    people = ctx.people
    stacks: dict[Field, int] | None = ctx.board.seats[people[a]].stack_map
    used, kept, moved = set(stacks or {}), [people[a]], []
    for s in people[a + 1 :] + people[:a]:
        stacks = rotate_stacks(stacks or {}, apply)
        if not stacks or used & set(stacks):
            return None
        used |= set(stacks)
        if stacks == ctx.board.seats[s].stack_map:
            kept.append(s)
        else:
            moved.append((s, stacks))
    return sorted(kept), sorted(moved)


def _place_words(ctx: Context, stacks: dict[Field, int]) -> str:
    t = ctx.tile_of(stacks)
    if t is not None:
        return f"tile {t + 1}"
    return stack_list(sorted(stacks.items()))


def four_or_five(ctx: Context, n: int) -> Finding:
    who = "people" if ctx.machine_seats else "seats"
    text = (
        f"{n} {who} cannot all start alike on a hexagonal board: its rotations turn by "
        "multiples of 60°, which cycle 2, 3 or 6 seats, never 4 or 5, and the tiles are "
        "chiral, so no mirror image helps either"
    )
    if n == 4:
        pairs = _half_turn_pairs(ctx)
        if pairs:
            (a, b), (c, d) = pairs
            text += (
                f"; here the 180° rotation maps seat {a} onto seat {b} and seat {c} onto "
                f"seat {d}, so each pair starts alike but the two pairs differ"
            )
    return Finding(
        "seats-differ-4-5", Severity.WARNING, text + _other_stones(ctx) + _evening_out(ctx)
    )


def _other_stones(ctx: Context) -> str:
    """People who start with other numbers of stones than the rest (a second start
    tile, a stack of 5 among stacks of 6): with 4 or 5 seats nothing else said so,
    where 3 seats are told by no-seat-rotation. (Starts only: fairness.seats_alike
    leaves positions from the middle of a game alone.)"""
    stones = {k: ctx.board.seats[k].stones for k in ctx.people}
    counts = sorted(set(stones.values()), key=lambda n: (-list(stones.values()).count(n), n))
    if len(counts) < 2:
        return ""
    usual, *others = counts
    parts = []
    for n in others:
        seats = [ctx.seat(k) for k in ctx.people if stones[k] == n]
        verb = "starts" if len(seats) == 1 else "start"
        parts.append(f"{' and '.join(seats)} {verb} with {stone_count(n)}")
    who = "person" if ctx.machine_seats else "seat"
    return f"; {', '.join(parts)}, every other {who} with {usual}: give every {who} as many"


def _half_turn_pairs(ctx: Context) -> tuple[tuple[int, int], tuple[int, int]] | None:
    if 3 not in ctx.symmetry.tiling_rotations:
        return None
    apply = ctx.symmetry.centre.about(rotation(3))
    p = ctx.people
    maps = [ctx.board.seats[k].stack_map for k in p]
    if all(rotate_stacks(maps[s], apply) == maps[(s + 2) % 4] for s in range(4)):
        return ((p[0] + 1, p[2] + 1), (p[1] + 1, p[3] + 1))
    return None


def _evening_out(ctx: Context) -> str:
    """Concrete machine seats that complete a 60° symmetry of the people's starts."""
    places = _sixfold_places(ctx)
    if places is None and _stack_starts(ctx):
        return (
            "; these are stack starts (1995 rules): the fields are a suggestion, so move "
            "the stacks until everybody at the table agrees (fabgen balance FILE "
            "--suggest-starts plays other fields and writes the fairest it finds)"
        )
    if places is None:
        return (
            "; to even it out, play on a board with 60° symmetry with dummy seats in the "
            "free places (presets 4p-hexagon-19-machines, 5p-hexagon-19-dummy), or agree "
            "stack starts as in the 1995 variant (presets 4p-diamond-5-stacks, "
            "5p-hexagon-18-stacks)"
        )
    machine_fields = {f for k in ctx.machine_seats for f, _ in ctx.board.seats[k].stacks}
    missing = [place for place in places if not set(place) & machine_fields]
    if not missing:
        return (
            f"; the machine seat{'s stand' if len(places) > 1 else ' stands'} in the "
            f"other place{'s' if len(places) > 1 else ''} of the board's 60° symmetry, so "
            "every person meets the same board and machines, only in a different order"
        )
    where = " and ".join(_dummy_field(ctx, place) for place in missing)
    each = " each" if len(missing) > 1 else ""
    return (
        f"; to even it out, add {len(missing)} dummy seat{'s' if len(missing) > 1 else ''} "
        f"where the 60° rotation puts the missing starts: a stack of 6{each} on {where} "
        '([[players]] with kind = "machine" and stacks = { FIELD = 6 }, seated in turn '
        "order between the people it stands between)"
    )


def _stack_starts(ctx: Context) -> bool:
    """Every person starts with one stack that explodes in their first turn."""
    seats = ctx.board.seats
    return all(len(seats[k].stacks) == 1 and ctx.explodes_at_once(seats[k]) for k in ctx.people)


def _sixfold_places(ctx: Context) -> list[dict[Field, int]] | None:
    """The starts that a 60° rotation makes of the first person's start, not yet
    taken by a person; None when the people's starts are not all among them."""
    seats = ctx.board.seats
    for k in (5, 1):
        if k not in ctx.symmetry.tiling_rotations:
            continue
        apply = ctx.symmetry.centre.about(rotation(k))
        orbit = [seats[ctx.people[0]].stack_map]
        while len(orbit) < 6:
            nxt = rotate_stacks(orbit[-1], apply)
            if nxt is None:
                break
            orbit.append(nxt)
        taken = [seats[p].stack_map for p in ctx.people]
        if len(orbit) == 6 and all(m in orbit for m in taken):
            return [m for m in orbit if m not in taken]
    return None


def _dummy_field(ctx: Context, place: dict[Field, int]) -> str:
    t = ctx.tile_of(place)
    centre = None if t is None else ctx.board.tiles[t].centre
    if t is not None and centre is not None:
        return f"{field_name(centre)} (the middle of tile {t + 1})"
    return " and ".join(field_name(f) for f in sorted(place))
