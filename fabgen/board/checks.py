"""The checks of the board validator, in the order they are reported: structure, size,
fairness, supply. See :mod:`fabgen.board.findings` for what a finding is."""

from __future__ import annotations

import math
from collections.abc import Iterator

from fabgen.board.findings import (
    DISTANCE_TOLERANCE,
    MAX_PLAYERS,
    MAX_STACK,
    MAX_START_STACK,
    MAX_TILES,
    MIN_PEOPLE,
    MIN_PLAYERS,
    MIN_TILES,
    Finding,
    KitCounts,
    Severity,
    Where,
)
from fabgen.board.model import Board, TurnDirection
from fabgen.board.supply import SIMULATED_MARGIN, Supply, simulated_supply, supply_needed
from fabgen.board.symmetry import (
    Symmetry,
    board_symmetry,
    rotate_stacks,
    rotation,
    rotation_direction,
    rotation_words,
    seat_order_direction,
    seat_rotations,
    unmatched_machine_stacks,
)
from fabgen.geometry.lattice import Field, field_xy, hex_distance
from fabgen.rules.names import field_name


def _names(fields, limit: int = 6) -> str:
    names = [field_name(f) for f in fields]
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return ", ".join(names)


def _coord(tile) -> str:
    return "" if tile.coord is None else f" [{tile.coord[0]}, {tile.coord[1]}]"


def _tiles(numbers) -> str:
    """``tile 4``, ``tiles 1–9, 12``: tile numbers with runs shortened."""
    numbers = sorted(numbers)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)
    return ("tile " if len(numbers) == 1 else "tiles ") + text


def _stack_list(stacks) -> str:
    """``a1 (3 stones), m1 (3 stones)``."""
    return ", ".join(f"{field_name(f)} ({_stones(v)})" for f, v in stacks)


def _many(n: int) -> str:
    """A count as written, shortened when it has more than 24 digits."""
    digits = str(n)
    return f"{n:,}" if len(digits) <= 24 else f"{digits[:6]}... ({len(digits)} digits)"


def _stones(n: int) -> str:
    return f"{n} stone{'' if abs(n) == 1 else 's'}"


class Checker:
    def __init__(self, board: Board, kit: KitCounts, balance: dict | None = None):
        self.board = board
        self.kit = kit
        self.symmetry: Symmetry = board_symmetry(board)
        # A balance report (simulated games) replaces the 20 % rule for the supply.
        self.balance = balance
        self.supply: Supply = (
            supply_needed(board) if balance is None else simulated_supply(board, balance)
        )
        self.broken = False  # a structural error: the position cannot be built
        self.too_high = False  # a stack-too-high error: no supply can be counted

    def run(self) -> Iterator[Finding]:
        for check in (
            self.overlaps,
            self.free_tiles,
            self.connected,
            self.player_count,
            self.stacks_on_board,
            self.shared_fields,
            self.stack_sizes,
            self.players_have_stones,
            self.exploding_starts,
            self.not_a_start,
            self.tile_count,
            self.symmetries,
            self.seats_alike,
            self.turn_direction,
            self.starts_at_edge,
            self.seat_distances,
            self.seat_balance,
            self.stones,
            self.markers,
        ):
            yield from check()

    def seat(self, k: int) -> str:
        return self.board.seats[k].label(k + 1)

    # ---- structure ------------------------------------------------------------------

    def overlaps(self) -> Iterator[Finding]:
        pairs: dict[tuple[int, int], list[Field]] = {}
        for f, tiles in self.board.field_tiles.items():
            for a in range(len(tiles)):
                for b in range(a + 1, len(tiles)):
                    pairs.setdefault((tiles[a], tiles[b]), []).append(f)
        for (a, b), fields in sorted(pairs.items()):
            self.broken = True
            ta, tb = self.board.tiles[a], self.board.tiles[b]
            if set(ta.fields) == set(tb.fields):
                what = f"tile {b + 1} is tile {a + 1} again (the same {len(fields)} fields)"
                todo = f"remove tile {b + 1}"
            else:
                what = f"tiles {a + 1} and {b + 1} overlap on {_names(fields)}"
                todo = "move or remove one of them"
            yield Finding(
                "field-in-two-tiles",
                Severity.ERROR,
                f"{what}: a field can be on one tile only; {todo}",
                Where(tile=b + 1, field=field_name(fields[0])),
            )

    def free_tiles(self) -> Iterator[Finding]:
        lattice = self.board.lattice
        for t, tile in enumerate(self.board.tiles):
            if tile.coord is not None:
                continue
            where = Where(tile=t + 1, field=field_name(tile.fields[0]))
            n = len(tile.fields)
            if n != 7:
                yield Finding(
                    "tile-not-7-fields",
                    Severity.WARNING,
                    f"tile {t + 1} has {n} field{'s' if n != 1 else ''}, not 7: fine on "
                    "screen, but a physical tile of this shape must be made by hand (fabgen's "
                    "laser tiles are a field and its six neighbours)",
                    where,
                )
            elif not tile.is_standard:
                yield Finding(
                    "tile-shape",
                    Severity.WARNING,
                    f"tile {t + 1} has 7 fields but is not one field with its six "
                    f"neighbours ({_names(tile.fields, 7)}): a physical tile of this shape must "
                    "be made by hand",
                    where,
                )
            else:
                yield Finding(
                    "tile-off-lattice",
                    Severity.WARNING,
                    f"tile {t + 1} (centred on {field_name(tile.centre)}) is not on the "
                    f"board's tile lattice ({lattice.handedness.value}, origin "
                    f"{field_name(lattice.origin)}) that the other tiles use: hexagonal tiles "
                    "laid edge to edge cannot sit there; move it onto the lattice",
                    Where(tile=t + 1, field=field_name(tile.centre)),  # type: ignore[arg-type]
                )

    def connected(self) -> Iterator[Finding]:
        pieces = self.board.pieces
        if len(pieces) < 2:
            return
        self.broken = True
        tiles_of = [
            sorted({t + 1 for f in piece for t in self.board.field_tiles[f]}) for piece in pieces
        ]
        others = "; ".join(_tiles(ts) for ts in tiles_of[1:])
        one = len(pieces) == 2 and len(tiles_of[1]) == 1
        yield Finding(
            "board-disconnected",
            Severity.ERROR,
            f"the board falls apart into {len(pieces)} pieces: {others} "
            f"{'does' if one else 'do'} not touch the main part ({_tiles(tiles_of[0])}); "
            f"move {'it' if one else 'them'} so that one of {'its' if one else 'their'} "
            "fields is next to a field of the rest",
            Where(tile=tiles_of[1][0]),
        )

    def player_count(self) -> Iterator[Finding]:
        n, people = len(self.board.seats), self.board.people
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
                f"the board has {n} player{'s' if n != 1 else ''}: Atlantis is played by "
                f"{MIN_PLAYERS} to {MAX_PLAYERS} seats; add [[players]] tables (to play solo, "
                'add a machine seat: kind = "machine" with stacks = { a1 = 3 })'
            )
        else:
            return
        yield Finding("player-count", Severity.ERROR, problem)

    def stacks_on_board(self) -> Iterator[Finding]:
        for k, seat in enumerate(self.board.seats):
            off = [f for f, _ in seat.stacks if f not in self.board.field_set]
            if not off:
                continue
            self.broken = True
            yield Finding(
                "stack-off-board",
                Severity.ERROR,
                f"{self.seat(k)} has stones on {_names(off)}, not on the board: move them onto "
                "the board's fields (a start tile must be one of the board's tiles)",
                Where(field=field_name(off[0]), player=k + 1),
            )

    def shared_fields(self) -> Iterator[Finding]:
        owner: dict[Field, int] = {}
        twice: dict[int, list[Field]] = {}  # fields given twice to one seat
        for k, seat in enumerate(self.board.seats):
            for f, _ in seat.stacks:
                if f not in owner:
                    owner[f] = k
                    continue
                self.broken = True
                first = owner[f]
                if first == k:
                    twice.setdefault(k, []).append(f)
                    continue
                yield Finding(
                    "field-shared",
                    Severity.ERROR,
                    f"{field_name(f)} has stones of {self.seat(first)} and {self.seat(k)}: a "
                    "field holds the stones of one player only, once; keep one",
                    Where(field=field_name(f), player=k + 1),
                )
        for k, fields in twice.items():
            yield from self.given_twice(k, fields)

    def given_twice(self, k: int, fields: list[Field]) -> Iterator[Finding]:
        """A start tile listed twice is one finding; other fields one each."""
        left = list(dict.fromkeys(fields))
        for t, tile in enumerate(self.board.tiles):
            if set(tile.fields) <= set(left):
                left = [f for f in left if f not in tile.fields]
                yield Finding(
                    "field-shared",
                    Severity.ERROR,
                    f"{self.seat(k)} is given tile {t + 1}{_coord(tile)} twice as a start: "
                    f"its {len(tile.fields)} fields would each hold two stacks; list each "
                    "start tile once",
                    Where(tile=t + 1, field=field_name(tile.fields[0]), player=k + 1),
                )
        for f in left:
            yield Finding(
                "field-shared",
                Severity.ERROR,
                f"{field_name(f)} is given twice for {self.seat(k)}: a field holds the "
                "stones of one player only, once; keep one",
                Where(field=field_name(f), player=k + 1),
            )

    def stack_sizes(self) -> Iterator[Finding]:
        for k, seat in enumerate(self.board.seats):
            for f, stones in seat.stacks:
                if abs(stones) <= MAX_STACK:
                    continue
                self.broken = self.too_high = True
                growing = "the growing field " if stones < 0 else ""
                yield Finding(
                    "stack-too-high",
                    Severity.ERROR,
                    f"{self.seat(k)} has {_many(abs(stones))} stones on {growing}"
                    f"{field_name(f)}: a board may put at most {MAX_STACK} on a field (stacks "
                    f"in the rules stay at {MAX_START_STACK} or below); give the number you "
                    "meant",
                    Where(field=field_name(f), player=k + 1),
                )

    def players_have_stones(self) -> Iterator[Finding]:
        for k, seat in enumerate(self.board.seats):
            if seat.stones == 0:
                yield Finding(
                    "player-without-stones",
                    Severity.ERROR,
                    f"{self.seat(k)} has no stones on the board: give it a start tile "
                    "(start = [i, j]) or stacks",
                    Where(player=k + 1),
                )

    def is_start(self) -> bool:
        """No growing or dead fields: a position before the first turn."""
        return all(v > 0 for seat in self.board.seats for _, v in seat.stacks)

    def exploding_starts(self) -> Iterator[Finding]:
        if self.broken or not self.board.seats or not self.is_start():
            return
        position = self.board.position()
        for k, seat in enumerate(self.board.seats):
            for f, stones in seat.stacks:
                where = Where(field=field_name(f), player=k + 1)
                if stones > MAX_START_STACK:
                    yield Finding(
                        "start-stack-high",
                        Severity.WARNING,
                        f"{self.seat(k)} starts with {_stones(stones)} on {field_name(f)}: "
                        f"stacks in the rules never exceed {MAX_START_STACK} (a field has at "
                        f"most six neighbours); put at most {MAX_START_STACK} there",
                        where,
                    )
                if position.is_volatile(f):
                    cap = position.capacity(f)
                    yield Finding(
                        "start-explodes",
                        Severity.INFO,
                        f"{self.seat(k)} starts with {_stones(stones)} on {field_name(f)}, "
                        f"which has {cap} live neighbour{'s' if cap != 1 else ''}: it "
                        f"explodes in {self.seat(k)}'s first turn, after that seat's moves "
                        "(as a stack start, a machine or a dummy should)",
                        where,
                    )

    def not_a_start(self) -> Iterator[Finding]:
        for k, seat in enumerate(self.board.seats):
            special = [f for f, v in seat.stacks if v <= 0]
            if special:
                yield Finding(
                    "not-a-start",
                    Severity.INFO,
                    f"{self.seat(k)} has growing or dead fields ({_names(special)}): this is a "
                    "position from the middle of a game, so stacks that would explode are not "
                    "reported",
                    Where(field=field_name(special[0]), player=k + 1),
                )

    # ---- size ------------------------------------------------------------------------

    def tile_count(self) -> Iterator[Finding]:
        n = len(self.board.tiles)
        if MIN_TILES <= n <= MAX_TILES:
            return
        todo = "add tiles for a longer game" if n < MIN_TILES else "games on it will be long"
        yield Finding(
            "tile-count",
            Severity.WARNING,
            f"the board has {n} tiles; the 1995 rules use {MIN_TILES} to {MAX_TILES}: {todo}",
        )

    # ---- fairness --------------------------------------------------------------------

    def centre_words(self) -> str:
        centre = self.symmetry.centre
        f = centre.field
        if f is None:
            return "its centre (a point between fields)"
        t = self.board.tile_index(f)
        tile = self.board.tiles[t] if t is not None else None
        if tile is not None and tile.centre == f:
            return f"its centre, field {field_name(f)} (the middle of tile {t + 1})"
        if t is None:
            return f"its centre, where field {field_name(f)} would be (a hole in the board)"
        return f"its centre, field {field_name(f)}"

    def symmetries(self) -> Iterator[Finding]:
        s = self.symmetry
        if s.shape_order == 1:
            rotations = "the board has no rotation symmetry (field shape and tiling)"
        elif s.tiling_order == s.shape_order:
            rotations = (
                f"the board (field shape and tiling) has {_order_words(s.shape_order)} "
                f"about {self.centre_words()}"
            )
        else:
            tiling = _order_words(s.tiling_order) if s.tiling_order > 1 else "none"
            rotations = (
                f"the board's field shape has {_order_words(s.shape_order)} about "
                f"{self.centre_words()}, but its tiling has {tiling}"
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
        yield Finding("symmetry", Severity.INFO, f"{rotations}; {mirror}; {self.turning_words()}")

    def turning_words(self) -> str:
        """Which way play goes round the board: a board of chiral tiles has a natural
        direction that makes one neighbour easier to attack (the 1995 rules turn
        diamonds and triangles clockwise, the other shapes counter-clockwise)."""
        declared = self.board.turns
        if declared is not None:
            return f"the board turns {declared.value} (its turns setting)"
        seats = seat_order_direction(self.board) if self.seats_ready() else None
        if seats is not None:
            return f"the board turns {seats.value} (the seats, in order, go round that way)"
        return (
            'the board does not say which way it turns: add turns = "clockwise" (diamonds '
            'and triangles in the 1995 rules) or "counter-clockwise" (other shapes)'
        )

    @property
    def people(self) -> list[int]:
        """Indices of the seats played by people, in turn order."""
        return self.board.person_seats

    @property
    def machine_seats(self) -> list[int]:
        return [k for k, seat in enumerate(self.board.seats) if seat.is_machine]

    def seats_ready(self) -> bool:
        seats = self.board.seats
        return (
            MIN_PLAYERS <= len(seats) <= MAX_PLAYERS
            and self.board.people >= MIN_PEOPLE
            and all(s.stones for s in seats)
            and not self.broken
        )

    def seats_alike(self) -> Iterator[Finding]:
        """Fairness between the people; machines must look the same from every person."""
        if not self.seats_ready():
            return
        people = self.people
        n = len(people)
        if n in (4, 5):
            yield self.four_or_five(n)
            return
        if n == 1:
            yield from self.solo()
            return
        found = seat_rotations(self.board, self.symmetry, people)
        if not found:
            yield Finding("no-seat-rotation", Severity.WARNING, self.no_rotation_message(n))
            return
        k = self._preferred(found)
        direction = rotation_direction(k)
        goes = f"; seat order goes {direction.value}" if direction else ""
        who = (
            "person's start onto the next person's"
            if self.machine_seats
            else ("seat's start onto the next seat's")
        )
        yield Finding(
            "seat-rotation",
            Severity.INFO,
            f"the {rotation_words(k)} rotation about the board's centre maps each {who}: "
            f"every {'person' if self.machine_seats else 'seat'} starts alike{goes}",
        )
        odd = unmatched_machine_stacks(self.board, self.symmetry, k)
        if odd:
            yield Finding(
                "machines-asymmetric",
                Severity.WARNING,
                f"the {rotation_words(k)} rotation that carries each person's start onto the "
                f"next does not carry the machines onto machines: "
                f"{_stack_list(odd)} {'has' if len(odd) == 1 else 'have'} no twin where the "
                "rotation puts it; place the machines' stacks so that the rotation maps them "
                "onto each other, or some people meet the machines sooner",
                Where(field=field_name(odd[0][0])),
            )

    def solo(self) -> Iterator[Finding]:
        """One person against machines: every machine stack equally far from the start."""
        (p,) = self.people
        start = [f for f, _ in self.board.seats[p].stacks]
        far = {
            f: min(hex_distance(f, g) for g in start)
            for k in self.machine_seats
            for f, _ in self.board.seats[k].stacks
        }
        if len(set(far.values())) <= 1:
            return
        text = ", ".join(f"{field_name(f)}: {d}" for f, d in sorted(far.items()))
        near = min(far, key=lambda f: (far[f], f))
        yield Finding(
            "machines-asymmetric",
            Severity.WARNING,
            f"the machines' stacks are not equally far from {self.seat(p)}'s start (field "
            f"steps: {text}): the one on {field_name(near)} reaches it first; place them at "
            "equal distances",
            Where(field=field_name(near), player=p + 1),
        )

    def _preferred(self, rotations: tuple[int, ...]) -> int:
        wanted = self.board.turns or TurnDirection.CLOCKWISE
        for k in rotations:
            if rotation_direction(k) in (wanted, None):
                return k
        return rotations[0]

    def no_rotation_message(self, n: int) -> str:
        people = self.people
        who = "person" if self.machine_seats else "seat"
        base = f"no rotation of the board maps each {who}'s start onto the next {who}'s"
        orders = {2: (3,), 3: (4, 2), 6: (5, 1)}[n]
        usable = [k for k in orders if k in self.symmetry.tiling_rotations]
        if not usable:
            angle = 360 // n
            many = "people" if self.machine_seats else "seats"
            return (
                f"{base}: the board (tiles included) has no {angle}° rotation symmetry, so no "
                f"placement of the starts makes the {n} {many} equal; build a symmetric board "
                "(see fabgen boards) or accept that some seats are favoured"
            )
        k = self._preferred(tuple(usable))
        apply = self.symmetry.centre.about(rotation(k))
        stacks = self.board.seats[people[0]].stack_map
        places = []
        for s in people[1:]:
            stacks = rotate_stacks(stacks, apply) or {}
            places.append(f"seat {s + 1} on {self._place(stacks)}")
        return (
            f"{base}; the board allows it with the {rotation_words(k)} rotation: keeping seat "
            f"{people[0] + 1} where it is, put {', '.join(places)}"
        )

    def _place(self, stacks: dict[Field, int]) -> str:
        t = self._tile_of(stacks)
        if t is not None:
            return f"tile {t + 1}"
        return _stack_list(sorted(stacks.items()))

    def _tile_of(self, stacks: dict[Field, int]) -> int | None:
        """The tile that ``stacks`` covers as a start tile (one stone per field)."""
        fields = set(stacks)
        for t, tile in enumerate(self.board.tiles):
            if set(tile.fields) == fields and all(v == 1 for v in stacks.values()):
                return t
        return None

    def four_or_five(self, n: int) -> Finding:
        who = "people" if self.machine_seats else "seats"
        text = (
            f"{n} {who} cannot all start alike on a hexagonal board: its rotations turn by "
            "multiples of 60°, which cycle 2, 3 or 6 seats, never 4 or 5, and the tiles are "
            "chiral, so no mirror image helps either"
        )
        if n == 4:
            pairs = self._half_turn_pairs()
            if pairs:
                (a, b), (c, d) = pairs
                text += (
                    f"; here the 180° rotation maps seat {a} onto seat {b} and seat {c} onto "
                    f"seat {d}, so each pair starts alike but the two pairs differ"
                )
        return Finding("seats-differ-4-5", Severity.WARNING, text + self._evening_out())

    def _half_turn_pairs(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        if 3 not in self.symmetry.tiling_rotations:
            return None
        apply = self.symmetry.centre.about(rotation(3))
        p = self.people
        maps = [self.board.seats[k].stack_map for k in p]
        if all(rotate_stacks(maps[s], apply) == maps[(s + 2) % 4] for s in range(4)):
            return ((p[0] + 1, p[2] + 1), (p[1] + 1, p[3] + 1))
        return None

    def _evening_out(self) -> str:
        """Concrete machine seats that complete a 60° symmetry of the people's starts."""
        places = self._sixfold_places()
        if places is None and self._stack_starts():
            return (
                "; these are stack starts (1995 rules): the fields are a suggestion, so move "
                "the stacks until everybody at the table agrees"
            )
        if places is None:
            return (
                "; to even it out, play on a board with 60° symmetry with dummy seats in the "
                "free places (presets 4p-hexagon-19-machines, 5p-hexagon-19-dummy), or agree "
                "stack starts as in the 1995 variant (presets 4p-diamond-5-stacks, "
                "5p-hexagon-18-stacks)"
            )
        machine_fields = {f for k in self.machine_seats for f, _ in self.board.seats[k].stacks}
        missing = [place for place in places if not set(place) & machine_fields]
        if not missing:
            return (
                f"; the machine seat{'s stand' if len(places) > 1 else ' stands'} in the "
                f"other place{'s' if len(places) > 1 else ''} of the board's 60° symmetry, so "
                "every person meets the same board and machines, only in a different order"
            )
        where = " and ".join(self._dummy_field(place) for place in missing)
        each = " each" if len(missing) > 1 else ""
        return (
            f"; to even it out, add {len(missing)} dummy seat{'s' if len(missing) > 1 else ''} "
            f"where the 60° rotation puts the missing starts: a stack of 6{each} on {where} "
            '([[players]] with kind = "machine" and stacks = { FIELD = 6 }, seated in turn '
            "order between the people it stands between)"
        )

    def _stack_starts(self) -> bool:
        """Every person starts with one stack that explodes in their first turn."""
        seats = self.board.seats
        return all(
            len(seats[k].stacks) == 1 and self._explodes_at_once(seats[k]) for k in self.people
        )

    def _sixfold_places(self) -> list[dict[Field, int]] | None:
        """The starts that a 60° rotation makes of the first person's start, not yet
        taken by a person; None when the people's starts are not all among them."""
        seats = self.board.seats
        for k in (5, 1):
            if k not in self.symmetry.tiling_rotations:
                continue
            apply = self.symmetry.centre.about(rotation(k))
            orbit = [seats[self.people[0]].stack_map]
            while len(orbit) < 6:
                nxt = rotate_stacks(orbit[-1], apply)
                if nxt is None:
                    break
                orbit.append(nxt)
            taken = [seats[p].stack_map for p in self.people]
            if len(orbit) == 6 and all(m in orbit for m in taken):
                return [m for m in orbit if m not in taken]
        return None

    def _dummy_field(self, place: dict[Field, int]) -> str:
        t = self._tile_of(place)
        if t is not None:
            centre = self.board.tiles[t].centre
            return f"{field_name(centre)} (the middle of tile {t + 1})"  # type: ignore[arg-type]
        return " and ".join(field_name(f) for f in sorted(place))

    def turn_direction(self) -> Iterator[Finding]:
        declared = self.board.turns
        if declared is None or not self.seats_ready():
            return
        actual = seat_order_direction(self.board, self.people)
        if actual is None or actual is declared:
            return
        yield Finding(
            "turn-direction",
            Severity.WARNING,
            f"the board says turns go {declared.value}, but the seats in the order of "
            f"[[players]] go round the board {actual.value}: reorder the players or change "
            "turns",
        )

    def starts_at_edge(self) -> Iterator[Finding]:
        if self.broken:
            return
        for k, seat in enumerate(self.board.seats):
            fields = [f for f, v in seat.stacks if v > 0]
            if seat.is_machine or self._explodes_at_once(seat):
                continue  # machines stand where they should; a stack start grows at once
            if fields and not any(self.board.is_edge(f) for f in fields):
                yield Finding(
                    "start-in-middle",
                    Severity.WARNING,
                    f"{self.seat(k)} starts away from the board's edge: fields in the middle "
                    "have six live neighbours, so its first growing fields come slowly; start "
                    "on a tile at a corner or side",
                    Where(field=field_name(fields[0]), player=k + 1),
                )

    def _explodes_at_once(self, seat) -> bool:
        return any(v >= len(self.board.board_neighbours(f)) for f, v in seat.stacks if v > 0)

    def seat_places(self) -> tuple[list[int], list[tuple[float, float]]]:
        """Seats that stand in one place, in turn order, and where (in field steps): the
        people, and machines whose stacks are all on one tile. A seat on one tile stands
        at the tile's middle (a machine's corner stack counts as its tile, like a start
        tile); a machine spread over several tiles stands nowhere in particular."""
        seats, places = [], []
        for k, seat in enumerate(self.board.seats):
            tiles = {self.board.tile_index(f) for f, _ in seat.stacks}
            if len(tiles) == 1 and None not in tiles:
                (t,) = tiles
                fields = self.board.tiles[t].fields  # type: ignore[index]
            elif seat.is_machine:
                continue
            else:
                fields = tuple(f for f, _ in seat.stacks)
            xs, ys = zip(*(field_xy(f) for f in fields), strict=True)
            seats.append(k)
            places.append((sum(xs) / len(xs), sum(ys) / len(ys)))
        return seats, places

    def seat_distances(self) -> Iterator[Finding]:
        if not self.seats_ready():
            return
        seat_list, centres = self.seat_places()
        n = len(seat_list)
        if n < 3:
            return
        steps = [math.dist(centres[k], centres[(k + 1) % n]) for k in range(n)]
        if max(steps) - min(steps) <= DISTANCE_TOLERANCE:
            return
        seat = [k + 1 for k in seat_list]
        pairs = ", ".join(f"{seat[k]}–{seat[(k + 1) % n]}: {d:.1f}" for k, d in enumerate(steps))
        near = steps.index(min(steps))
        yield Finding(
            "seat-distances",
            Severity.WARNING,
            f"neighbouring seats are unequally far apart (in field steps, seats {pairs}): "
            f"seats {seat[near]} and {seat[(near + 1) % n]} meet first; move start tiles so "
            "that neighbours are equally far apart",
            Where(player=seat[near]),
        )

    def seat_balance(self) -> Iterator[Finding]:
        if self.balance is not None:
            yield _seat_balance(self.balance)

    # ---- supply ----------------------------------------------------------------------

    def stones(self) -> Iterator[Finding]:
        if self.too_high:
            return
        need, have = self.supply, self.kit.stones_per_player
        basis = f"each colour needs about {need.stones_per_player} stones ({need.stones_basis})"
        if have is None:
            yield Finding("stones-supply", Severity.INFO, basis)
            return
        starts = [s.stones for s in self.board.seats]
        short = [k for k, s in enumerate(starts) if s > have]
        if short:
            k = short[0]
            yield Finding(
                "stones-supply",
                Severity.ERROR,
                f"the kit has {have} stones per player but {self.seat(k)} starts with "
                f"{starts[k]}: make at least {need.stones_per_player} per colour",
                Where(player=k + 1),
            )
        elif have < need.stones_per_player:
            yield Finding(
                "stones-supply",
                Severity.WARNING,
                f"the kit has {have} stones per player; {basis}: make "
                f"{need.stones_per_player - have} more per colour",
            )
        else:
            yield Finding(
                "stones-supply", Severity.INFO, f"the kit's {have} per player are enough: {basis}"
            )

    def markers(self) -> Iterator[Finding]:
        need = self.supply
        wanted = (
            ("growing", need.growing_markers, self.kit.growing_markers),
            ("dead", need.dead_markers, self.kit.dead_markers),
        )
        short = [(kind, n, have) for kind, n, have in wanted if have is not None and have < n]
        if need.simulated:
            basis = (
                f"the board needs about {need.growing_markers} growing markers and "
                f"{need.dead_markers} dead markers: the 95th percentile of the most growing "
                f"fields at once and of the dead fields at the end (no tile lifted off) in "
                f"{need.simulated}, plus {SIMULATED_MARGIN:.0%}"
            )
        else:
            basis = (
                f"the board needs about {need.growing_markers} growing markers (20% of "
                f"{need.fields} fields) and {need.dead_markers} dead markers (40%; a tile "
                "whose fields are all dead can be lifted off and its markers used again)"
            )
        if short:
            more = " and ".join(f"{n - have} more {kind} markers" for kind, n, have in short)
            yield Finding("markers-supply", Severity.WARNING, f"{basis}: make {more}")
        else:
            given = all(have is not None for _, _, have in wanted)
            yield Finding(
                "markers-supply", Severity.INFO, basis + ("; the kit has enough" if given else "")
            )


def _seat_balance(report: dict) -> Finding:
    """Which seat simulated games favour, by how much, and whether that is more than
    chance (the report's test)."""
    fav, test = report["favoured"], report["test"]
    if fav is None:
        return Finding("seat-balance", Severity.WARNING, f"no game finished of {report['games']}")
    players = ", ".join(dict.fromkeys(s["player"] for s in report["seats"]))
    rates = ", ".join(f"{100 * s['win_rate']:.0f}%" for s in report["seats"])
    share = (
        f"wins most often: {100 * fav['win_rate']:.1f}% (95% interval "
        f"{100 * fav['ci_low']:.1f} to {100 * fav['ci_high']:.1f}%) against an even "
        f"{100 * fav['even']:.1f}%; seats 1 to {len(report['seats'])} win {rates} of "
        f"{report['finished']} finished simulated games ({players} players)"
    )
    tested = f"{test['name']}, p = {test['p_value']:.4f}"
    if not test["seats_differ"]:
        return Finding(
            "seat-balance",
            Severity.INFO,
            f"seat {fav['seat']} {share}; no seat differs more than chance would make "
            f"it ({tested})",
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
        Where(player=fav["seat"]),
    )


def _order_words(order: int) -> str:
    if order == 1:
        return "no rotation symmetry"
    return f"{order}-fold rotation symmetry ({360 // order}°)"
