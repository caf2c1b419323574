"""Structure: tiles that overlap or are off the lattice, a board in pieces, the number
of seats, stacks off the board or on a shared field, stacks too high, seats without
stones, seats named or coloured alike, and start stacks that explode at once."""

from __future__ import annotations

from collections.abc import Iterator

from fabgen.board.checks.context import Context
from fabgen.board.checks.registry import Section
from fabgen.board.checks.wording import field_list, many, stone_count, tile_coord, tile_list
from fabgen.board.colours import (
    ALIKE_DELTA_E,
    COLOUR_BLIND_DELTA_E,
    LIGHT_CONTRAST,
    NAMED_COLOURS,
    can_draw,
    colour_blind_difference,
    colour_difference,
    contrast_on_white,
    drawn_colour,
    seat_colour,
)
from fabgen.board.findings import (
    MAX_PLAYERS,
    MAX_STACK,
    MAX_START_STACK,
    MIN_PEOPLE,
    MIN_PLAYERS,
    Finding,
    Severity,
    Where,
)
from fabgen.board.model import KIND_WORDS, seat_words
from fabgen.geometry.lattice import Field
from fabgen.rules.names import field_name
from fabgen.text import and_list

STRUCTURE = Section("structure")


@STRUCTURE.check("field-in-two-tiles")
def overlaps(ctx: Context) -> Iterator[Finding]:
    pairs: dict[tuple[int, int], list[Field]] = {}
    for f, tiles in ctx.board.field_tiles.items():
        for a in range(len(tiles)):
            for b in range(a + 1, len(tiles)):
                pairs.setdefault((tiles[a], tiles[b]), []).append(f)
    for (a, b), fields in sorted(pairs.items()):
        ctx.broken = True
        ta, tb = ctx.board.tiles[a], ctx.board.tiles[b]
        if set(ta.fields) == set(tb.fields):
            # (named by the coordinates the file gives it too: a maker finds it in
            # tiles = [...] by them, not by counting to its place)
            coord = tile_coord(tb)
            what = f"tile {b + 1}{coord} is tile {a + 1} again (the same {len(fields)} fields)"
            todo = f"remove one{coord} from tiles = [...]" if coord else f"remove tile {b + 1}"
        else:
            what = f"tiles {a + 1} and {b + 1} overlap on {field_list(fields)}"
            todo = "move or remove one of them"
        yield Finding(
            "field-in-two-tiles",
            Severity.ERROR,
            f"{what}: a field can be on one tile only; {todo}",
            Where(tile=b + 1, field=field_name(fields[0])),
        )


@STRUCTURE.check("tile-not-7-fields", "tile-shape", "tile-off-lattice")
def free_tiles(ctx: Context) -> Iterator[Finding]:
    lattice = ctx.board.lattice
    for t, tile in enumerate(ctx.board.tiles):
        if tile.coord is not None:
            continue
        where = Where(tile=t + 1, field=field_name(tile.fields[0]))
        n, centre = len(tile.fields), tile.centre
        if n != 7:
            yield Finding(
                "tile-not-7-fields",
                Severity.WARNING,
                f"tile {t + 1} has {n} field{'s' if n != 1 else ''}, not 7: fine on "
                "screen, but a physical tile of this shape must be made by hand (fabgen's "
                "laser tiles are a field and its six neighbours)",
                where,
            )
        elif centre is None:  # not one field with its six neighbours
            yield Finding(
                "tile-shape",
                Severity.WARNING,
                f"tile {t + 1} has 7 fields but is not one field with its six "
                f"neighbours ({field_list(tile.fields, 7)}): a physical tile of this shape must "
                "be made by hand",
                where,
            )
        else:
            yield Finding(
                "tile-off-lattice",
                Severity.WARNING,
                f"tile {t + 1} (centred on {field_name(centre)}) is not on the "
                f"board's tile lattice ({lattice.handedness.value}, origin "
                f"{field_name(lattice.origin)}) that the other tiles use: hexagonal tiles "
                "laid edge to edge cannot sit there; move it onto the lattice",
                Where(tile=t + 1, field=field_name(centre)),
            )


@STRUCTURE.check("board-disconnected")
def connected(ctx: Context) -> Iterator[Finding]:
    pieces = ctx.board.pieces
    if len(pieces) < 2:
        return
    ctx.broken = True
    tiles_of = [
        sorted({t + 1 for f in piece for t in ctx.board.field_tiles[f]}) for piece in pieces
    ]
    others = "; ".join(tile_list(ts) for ts in tiles_of[1:])
    one = len(pieces) == 2 and len(tiles_of[1]) == 1
    if one:  # (and its coordinates, to find it in tiles = [...])
        others += tile_coord(ctx.board.tiles[tiles_of[1][0] - 1])
    yield Finding(
        "board-disconnected",
        Severity.ERROR,
        f"the board falls apart into {len(pieces)} pieces: {others} "
        f"{'does' if one else 'do'} not touch the main part ({tile_list(tiles_of[0])}); "
        f"move {'it' if one else 'them'} so that one of {'its' if one else 'their'} "
        "fields is next to a field of the rest",
        Where(tile=tiles_of[1][0]),
    )


@STRUCTURE.check("player-count")
def player_count(ctx: Context) -> Iterator[Finding]:
    n, people = len(ctx.board.seats), ctx.board.people
    if n > MAX_PLAYERS:
        problem = (
            f"the board has {n} seats: a game has at most {MAX_PLAYERS} seats, people "
            "and machines together; remove seats"
        )
    elif n and people < MIN_PEOPLE:
        problem = (
            f"every one of the {n} seats is a machine: at least one seat must be played "
            'by a person (kind = "player", the default)'
        )
    elif n < MIN_PLAYERS:
        problem = (
            f"the board has {n} seat{'s' if n != 1 else ''}: Atlantis is played by "
            f"{MIN_PLAYERS} to {MAX_PLAYERS} seats; add [[players]] tables (to play solo, "
            'add a machine seat: kind = "machine" with stacks = { a1 = 3 })'
        )
    else:
        return
    yield Finding("player-count", Severity.ERROR, problem)


@STRUCTURE.check("stack-off-board")
def stacks_on_board(ctx: Context) -> Iterator[Finding]:
    for k, seat in enumerate(ctx.board.seats):
        off = [f for f, _ in seat.stacks if f not in ctx.board.field_set]
        if not off:
            continue
        ctx.broken = True
        # A start tile (seven single stones on a tile of the lattice) off the board is
        # named by the coordinates its start = [i, j] gave.
        singles = {f for f, v in seat.stacks if v == 1 and f in off}
        lattice = ctx.board.lattice
        starts = list(dict.fromkeys(lattice.tile_of(f) for f in off if lattice.is_centre(f)))
        starts = [c for c in starts if set(lattice.fields(c)) <= singles]
        for coord in starts:
            yield Finding(
                "stack-off-board",
                Severity.ERROR,
                f"{ctx.seat(k)}'s start tile [{coord[0]}, {coord[1]}] is not on the board "
                f"(its fields {field_list(lattice.fields(coord), 3)} are on none of the "
                "board's tiles): a start must be one of the board's tiles, the coordinates "
                "of one in tiles = [...]",
                Where(field=field_name(lattice.centre(coord)), player=k + 1),
            )
        covered = {f for c in starts for f in lattice.fields(c)}
        off = [f for f in off if f not in covered]
        if not off:
            continue
        # (start tiles off the board are named above, by their coordinates: these are
        # stacks a board file or transcript gives by field)
        yield Finding(
            "stack-off-board",
            Severity.ERROR,
            f"{ctx.seat(k)} has stones on {field_list(off)}, not on the board: move them onto "
            "the board's fields",
            Where(field=field_name(off[0]), player=k + 1),
        )


@STRUCTURE.check("field-shared")
def shared_fields(ctx: Context) -> Iterator[Finding]:
    owner: dict[Field, int] = {}
    twice: dict[int, list[Field]] = {}  # fields given twice to one seat
    shared: dict[tuple[int, int], list[Field]] = {}  # fields of two seats, by the pair
    for k, seat in enumerate(ctx.board.seats):
        for f, _ in seat.stacks:
            if f not in owner:
                owner[f] = k
                continue
            ctx.broken = True
            first = owner[f]
            if first == k:
                twice.setdefault(k, []).append(f)
            else:
                shared.setdefault((first, k), []).append(f)
    for (first, k), fields in shared.items():
        yield from _shared_by_two(ctx, first, k, fields)
    for k, fields in twice.items():
        yield from _given_twice(ctx, k, fields)


def _shared_by_two(ctx: Context, first: int, k: int, fields: list[Field]) -> Iterator[Finding]:
    """The fields two seats share: a start tile of both is one finding, the other
    fields one finding together (a seat copied with its start is one mistake)."""
    left = list(dict.fromkeys(fields))
    for t, tile in enumerate(ctx.board.tiles):
        if len(tile.fields) > 1 and set(tile.fields) <= set(left):
            left = [f for f in left if f not in tile.fields]
            yield Finding(
                "field-shared",
                Severity.ERROR,
                f"{ctx.seat(k)} starts on tile {t + 1}{tile_coord(tile)}, which is "
                f"{ctx.seat(first)}'s start too: a field holds the stones of one seat "
                f"only; give {ctx.seat(k)} a start tile of its own",
                Where(tile=t + 1, field=field_name(tile.fields[0]), player=k + 1),
            )
    if left:
        both = "has" if len(left) == 1 else "have"
        yield Finding(
            "field-shared",
            Severity.ERROR,
            f"{field_list(left)} {both} stones of {ctx.seat(first)} and {ctx.seat(k)}: a "
            "field holds the stones of one seat only, once; keep one",
            Where(field=field_name(left[0]), player=k + 1),
        )


def _given_twice(ctx: Context, k: int, fields: list[Field]) -> Iterator[Finding]:
    """A start tile listed twice is one finding; other fields one each."""
    left = list(dict.fromkeys(fields))
    for t, tile in enumerate(ctx.board.tiles):
        if set(tile.fields) <= set(left):
            left = [f for f in left if f not in tile.fields]
            yield Finding(
                "field-shared",
                Severity.ERROR,
                f"{ctx.seat(k)} is given tile {t + 1}{tile_coord(tile)} twice as a start: "
                f"its {len(tile.fields)} fields would each hold two stacks; list each "
                "start tile once",
                Where(tile=t + 1, field=field_name(tile.fields[0]), player=k + 1),
            )
    for f in left:
        yield Finding(
            "field-shared",
            Severity.ERROR,
            f"{field_name(f)} is given twice for {ctx.seat(k)}: a field holds the "
            "stones of one seat only, once; keep one",
            Where(field=field_name(f), player=k + 1),
        )


@STRUCTURE.check("stack-too-high")
def stack_sizes(ctx: Context) -> Iterator[Finding]:
    for k, seat in enumerate(ctx.board.seats):
        # One finding for every field a seat gives one height: a whole tile's stacks
        # (stacks = { C5 = 120 }) are one mistake, typed once.
        heights: dict[int, list[Field]] = {}
        for f, stones in seat.stacks:
            if abs(stones) > MAX_STACK:
                heights.setdefault(stones, []).append(f)
        for stones, fields in heights.items():
            ctx.broken = ctx.too_high = True
            yield Finding(
                "stack-too-high",
                Severity.ERROR,
                f"{ctx.seat(k)} has {many(abs(stones))} stones on "
                f"{_high_fields(ctx, fields, stones < 0)}: a board may put at most "
                f"{MAX_STACK} on a field (stacks in the rules stay at {MAX_START_STACK} or "
                "below); give the number you meant",
                Where(field=field_name(fields[0]), player=k + 1),
            )


def _high_fields(ctx: Context, fields: list[Field], growing: bool) -> str:
    """``c5``, ``the growing field b1``, ``each of c5, d5``, ``each field of tile 3 (c5,
    ...)``: where a seat has one too high a number of stones."""
    kind = "growing field" if growing else "field"
    if len(fields) == 1:
        return f"the {kind} {field_name(fields[0])}" if growing else field_name(fields[0])
    t = ctx.board.tile_index(fields[0])
    if t is not None and set(ctx.board.tiles[t].fields) == set(fields):
        return f"each {kind} of tile {t + 1} ({field_list(fields, 3)})"
    return (
        f"each of the {kind}s {field_list(fields)}" if growing else f"each of {field_list(fields)}"
    )


@STRUCTURE.check("player-without-stones")
def players_have_stones(ctx: Context) -> Iterator[Finding]:
    for k, seat in enumerate(ctx.board.seats):
        if seat.stones == 0:
            yield Finding(
                "player-without-stones",
                Severity.ERROR,
                f"{ctx.seat(k)} has no stones on the board: give it a start tile "
                "(start = [i, j]) or stacks",
                Where(player=k + 1),
            )


@STRUCTURE.check("name-shared")
def seat_names(ctx: Context) -> Iterator[Finding]:
    """Two seats of one name (capitals and spaces aside): lists, legends and score lines
    would tell them apart by seat number alone. Seats without a name are apart, and so
    are machines whose name says only what they are ("Machine"): the setup diagram calls
    each "a machine" whatever the name (docs/design-notes.md, *The board checks*)."""
    first: dict[str, int] = {}
    for k, seat in enumerate(ctx.board.seats):
        key = " ".join((seat.name or "").split()).casefold()
        if not key:
            continue
        j = first.setdefault(key, k)
        if j == k or (_kind_only(ctx, j) and _kind_only(ctx, k)):
            continue
        aside = "" if seat.name == ctx.board.seats[j].name else " (capitals and spaces aside)"
        yield Finding(
            "name-shared",
            Severity.WARNING,
            f"{ctx.seat(j)} and {ctx.seat(k)} have the same name{aside}: every list, legend "
            "and score line would name them alike, told apart by their seat numbers only; "
            f"give seat {k + 1} a name of its own",
            Where(player=k + 1),
        )


def _kind_only(ctx: Context, k: int) -> bool:
    """A machine whose name says no more than its kind, named by it alone."""
    seat = ctx.board.seats[k]
    return seat.is_machine and seat_words(seat.name, seat.kind) == KIND_WORDS[seat.kind]


@STRUCTURE.check("colour-unknown")
def unknown_colours(ctx: Context) -> Iterator[Finding]:
    """A seat colour fabgen cannot draw (a transcript's "teal"; a board file refuses
    one): the seat is drawn, named and made in its place's colour, and compared with
    the others in it (docs/design-notes.md, *The board checks*)."""
    for k, seat in enumerate(ctx.board.seats):
        if not (seat.colour or "").strip() or can_draw(seat.colour or ""):
            continue  # (a transcript's "" or spaces is no colour, as a name of spaces)
        yield Finding(
            "colour-unknown",
            Severity.WARNING,
            f"{ctx.seat(k)} has colour {seat.colour!r}, which fabgen cannot draw: the "
            f"pictures draw it, the bill of materials names it and the kit makes it "
            f"{seat_colour(None, k)} ({_place(k)}); give it #rrggbb or one of "
            f"{', '.join(NAMED_COLOURS)}",
            Where(player=k + 1),
        )


def _given(ctx: Context, k: int) -> str | None:
    """A seat's own colour, if fabgen can draw it (else it is drawn in its place's)."""
    colour = ctx.board.seats[k].colour
    return colour if colour is not None and can_draw(colour) else None


@STRUCTURE.check("colour-shared")
def seat_colours(ctx: Context) -> Iterator[Finding]:
    """Two seats of one colour as they are made and drawn: their stones look alike, and a
    kit makes both sets in that colour. A seat without a colour is made in its place's
    (seat 1 red), so a seat given red beside it shares it; seats without one are apart."""
    first: dict[str, int] = {}
    for k, seat in enumerate(ctx.board.seats):
        key = drawn_colour(seat_colour(seat.colour, k))
        if key not in first:
            first[key] = k
            continue
        j = first[key]
        if _given(ctx, k) is None and _given(ctx, j) is None:
            continue  # places' colours repeat only beyond six seats, an error of its own
        yield Finding(
            "colour-shared",
            Severity.WARNING,
            f"{_shared(ctx, j, k, key)}: their stones would look alike at the table, and the "
            f"kit would make both sets in that colour; give {ctx.seat(k)} a colour of its own",
            Where(player=k + 1),
        )


def _shared(ctx: Context, j: int, k: int, key: str) -> str:
    """Who shares which colour: ``seat 1 and seat 2 have colour red``."""
    first, second = _given(ctx, j), _given(ctx, k)
    if first == second:
        return f"{ctx.seat(j)} and {ctx.seat(k)} have colour {first}"
    if first is not None and second is not None:
        return (
            f"{ctx.seat(j)} and {ctx.seat(k)} have colours {first} and {second}, which are "
            f"the same ({key})"
        )
    named = seat_colour(None, k if first else j)
    same = "" if (first or second or "").lower() == named else f", which is the same ({key})"
    return f"{ctx.seat(j)} {_has(ctx, j)}, and {ctx.seat(k)} {_has(ctx, k)}{same}"


def _has(ctx: Context, k: int) -> str:
    given, own = _given(ctx, k), ctx.board.seats[k].colour or ""
    named = seat_colour(None, k)
    if own.strip() and given is None:
        return (
            f"has colour {own!r}, which fabgen cannot draw, so it is made and drawn {named} "
            f"({_place(k)})"
        )
    if given is None:
        return f"has no colour of its own, so it is made and drawn {named} ({_place(k)})"
    return f"has colour {given}"


def _drawn_colours(ctx: Context) -> list[tuple[int, str]]:
    """Every seat with the ``#rrggbb`` it is drawn in (its own colour, else its
    place's, also for a colour fabgen cannot draw), one seat per colour (two seats of
    one colour are ``colour-shared``)."""
    seen: set[str] = set()
    out = []
    for k, seat in enumerate(ctx.board.seats):
        drawn = drawn_colour(seat_colour(seat.colour, k))
        if drawn in seen:
            continue
        seen.add(drawn)
        out.append((k, drawn))
    return out


def _colour(ctx: Context, k: int, drawn: str) -> str:
    """A seat's colour as a message names it: ``red``, ``#D62728 (#d62728)``, or for a
    seat without one ``red (seat 1's colour when none is given)``."""
    given = _given(ctx, k)
    if given is None:
        return f"{seat_colour(None, k)} ({_place(k)})"
    return given if drawn_colour(given) == given else f"{given} ({drawn})"


def _place(k: int) -> str:
    return f"seat {k + 1}'s colour when none is given"


def _both_default(ctx: Context, j: int, k: int) -> bool:
    return _given(ctx, j) is None and _given(ctx, k) is None


@STRUCTURE.check("colours-alike")
def alike_colours(ctx: Context) -> Iterator[Finding]:
    """Two seats whose colours differ, but too little to be told apart on paper or at the
    table (docs/design-notes.md, *The board checks*)."""
    given = _drawn_colours(ctx)
    for n, (k, drawn) in enumerate(given):
        for j, other in given[:n]:
            difference = colour_difference(other, drawn)
            if difference >= ALIKE_DELTA_E or _both_default(ctx, j, k):
                continue
            yield Finding(
                "colours-alike",
                Severity.WARNING,
                f"{ctx.seat(j)} and {ctx.seat(k)} have colours {_colour(ctx, j, other)} and "
                f"{_colour(ctx, k, drawn)}, which look alike (a CIEDE2000 difference of "
                f"{difference:.1f}; seat colours should be {ALIKE_DELTA_E:.0f} or more apart): "
                "their stones and start tiles would be hard to tell apart on the printed board "
                "and at the table; give "
                f"{ctx.seat(k)} a colour further from {ctx.seat(j)}'s",
                Where(player=k + 1),
            )


@STRUCTURE.check("colour-too-light")
def light_colours(ctx: Context) -> Iterator[Finding]:
    """A seat colour too light to show on white paper: its stones on the setup diagram and
    its start tile's rings on the printed board would vanish."""
    for k, drawn in _drawn_colours(ctx):
        contrast = contrast_on_white(drawn)
        if contrast >= LIGHT_CONTRAST:
            continue
        yield Finding(
            "colour-too-light",
            Severity.WARNING,
            f"{ctx.seat(k)} has colour {_colour(ctx, k, drawn)}, too light for white paper "
            f"(contrast {contrast:.2f}:1 against white, under {LIGHT_CONTRAST}:1): its stones "
            "on the setup diagram and its start tile on the printed board would hardly show; "
            "give it a darker colour",
            Where(player=k + 1),
        )


@STRUCTURE.check("colours-colour-blind")
def colour_blind_colours(ctx: Context) -> Iterator[Finding]:
    """One note naming the pairs of seat colours that players with red-green colour
    blindness may confuse (red and green, blue and purple), told apart by others. Seats
    without a colour count in their places' colours: they are made in them."""
    given = _drawn_colours(ctx)
    pairs = [
        (j, k)
        for n, (k, drawn) in enumerate(given)
        for j, other in given[:n]
        if colour_difference(other, drawn) >= ALIKE_DELTA_E
        and colour_blind_difference(other, drawn) < COLOUR_BLIND_DELTA_E
    ]
    if not pairs:
        return
    seats = ctx.board.seats
    listed = "; ".join(
        f"{seat_colour(seats[j].colour, j)} from {seat_colour(seats[k].colour, k)} "
        f"({ctx.seat(j)} and {ctx.seat(k)})"
        for j, k in pairs
    )
    yield Finding(
        "colours-colour-blind",
        Severity.INFO,
        f"players with red-green colour blindness (about 1 man in 12) may not tell {listed}: "
        "a kit file's seat_symbols = true (under [stones]) gives each seat's stones a symbol "
        "of its own (raised on printed discs, engraved on laser-cut stones)",
    )


@STRUCTURE.check("start-stack-high", "start-explodes")
def exploding_starts(ctx: Context) -> Iterator[Finding]:
    if ctx.broken or not ctx.board.seats or not ctx.is_start():
        return
    position = ctx.board.position()
    full: dict[int, list[tuple[int, Field]]] = {}  # stacks at capacity, by height
    for k, seat in enumerate(ctx.board.seats):
        for f, stones in seat.stacks:
            if stones > MAX_START_STACK:
                yield Finding(
                    "start-stack-high",
                    Severity.WARNING,
                    f"{ctx.seat(k)} starts with {stone_count(stones)} on {field_name(f)}: "
                    f"stacks in the rules never exceed {MAX_START_STACK} (a field has at "
                    f"most six neighbours); put at most {MAX_START_STACK} there",
                    Where(field=field_name(f), player=k + 1),
                )
            if position.is_volatile(f):
                full.setdefault(stones, []).append((k, f))
    for stones, stacks in full.items():
        yield _explodes(ctx, stones, stacks, [position.capacity(f) for _, f in stacks])


def _explodes(
    ctx: Context, stones: int, stacks: list[tuple[int, Field]], caps: list[int]
) -> Finding:
    """One note for the full start stacks of one height: the stack starts of five seats
    are one thing to know, not five (a seat's stacks of another height get their own)."""
    seats = list(dict.fromkeys(k for k, _ in stacks))
    why = "(as a stack start, a machine or a dummy should)"
    if len(seats) == 1:
        k, fields = seats[0], [f for _, f in stacks]
        each = "" if len(fields) == 1 else "each of "
        return Finding(
            "start-explodes",
            Severity.INFO,
            f"{ctx.seat(k)} starts with {stone_count(stones)} on {each}"
            f"{_on_fields(fields, caps)}: {'it' if len(fields) == 1 else 'each stack'} "
            f"explodes in this seat's first turn, after the seat's moves {why}",
            Where(field=field_name(fields[0]), player=k + 1),
        )
    by_cap: dict[int, list[tuple[int, Field]]] = {}
    for stack, cap in zip(stacks, caps, strict=True):
        by_cap.setdefault(cap, []).append(stack)
    where = "; ".join(
        f"{_seats_on(ctx, group)}, {'a field' if len(group) == 1 else 'fields'} of "
        f"{_neighbours(cap) if n == 0 else cap}"
        for n, (cap, group) in enumerate(by_cap.items())
    )
    return Finding(
        "start-explodes",
        Severity.INFO,
        f"each start stack of {stone_count(stones)} explodes in its seat's first turn, after "
        f"that seat's moves {why}: {where}",
        Where(players=tuple(k + 1 for k in seats)),
    )


def _on_fields(fields: list[Field], caps: list[int]) -> str:
    """``-d2, which has 3 live neighbours``; ``j10 and e-4, fields of 3 live
    neighbours``; fields of several capacities each with its own."""
    if len(set(caps)) > 1:
        return and_list(
            f"{field_name(f)} ({_neighbours(c)})" for f, c in zip(fields, caps, strict=True)
        )
    if len(fields) == 1:
        return f"{field_name(fields[0])}, which has {_neighbours(caps[0])}"
    return f"{and_list(map(field_name, fields))}, fields of {_neighbours(caps[0])}"


def _seats_on(ctx: Context, stacks: list[tuple[int, Field]]) -> str:
    """``seat 2 (Blue)'s on f0 and seat 3 (Green)'s on h6 and j4``."""
    fields: dict[int, list[Field]] = {}
    for k, f in stacks:
        fields.setdefault(k, []).append(f)
    return and_list(
        f"{ctx.seat(k)}'s on {and_list(map(field_name, fs))}" for k, fs in fields.items()
    )


def _neighbours(cap: int) -> str:
    return f"{cap} live neighbour{'s' if cap != 1 else ''}"


@STRUCTURE.check("stack-high")
def high_stacks_in_a_game(ctx: Context) -> Iterator[Finding]:
    """A stack higher than any a game leaves between turns, in a position from the middle
    of a game (a start's are start-stack-high): most likely a miscount or a typing error
    in a position written down from the table."""
    if ctx.broken or not ctx.board.seats or ctx.is_start():
        return
    for k, seat in enumerate(ctx.board.seats):
        for f, v in seat.stacks:
            if MAX_START_STACK < abs(v) <= MAX_STACK:  # (more: stack-too-high)
                growing = " (a growing field)" if v < 0 else ""
                yield Finding(
                    "stack-high",
                    Severity.WARNING,
                    f"{ctx.seat(k)} has {stone_count(abs(v))} on {field_name(f)}{growing}: "
                    f"between turns no field of a game holds more than {MAX_START_STACK} (a "
                    "field explodes once its stones reach its live neighbours, six at most, "
                    "and a growing one gains a stone a turn); count the stack again",
                    Where(field=field_name(f), player=k + 1),
                )


@STRUCTURE.check("not-a-start")
def not_a_start(ctx: Context) -> Iterator[Finding]:
    for k, seat in enumerate(ctx.board.seats):
        special = [f for f, v in seat.stacks if v <= 0]
        if special:
            yield Finding(
                "not-a-start",
                Severity.INFO,
                f"{ctx.seat(k)} has growing or dead fields ({field_list(special)}): this is a "
                "position from the middle of a game, so stacks that would explode are not "
                "reported and the seats' starts are not compared",
                Where(field=field_name(special[0]), player=k + 1),
            )
