"""A board for the Atlantis game: tiles of fields on the tile lattice, and seats.

A :class:`Board` is what a group lays out on the table before the first turn: its
tiles (each a tuple of fields), and for every seat in turn order the stones it starts
with. Most tiles are *standard*: a field and its six neighbours, centred on the
board's tile lattice (:class:`~fabgen.geometry.lattice.TileLattice`), so they carry
tile coordinates ``(i, j)``. Hand-made boards may have *free-form* tiles (any fields);
they have no coordinates.

The model keeps whatever it is given, broken boards included (two tiles on one field,
a seat on a field off the board): finding such mistakes is the validator's job
(:mod:`fabgen.board.validate`). Everything here is pure and deterministic: fields and
tiles are iterated in sorted or given order, never in set order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from fabgen.geometry.lattice import (
    NEIGHBOUR_STEPS,
    Field,
    Handedness,
    TileLattice,
    add,
    neighbours,
    rotate60,
)
from fabgen.rules.names import seat_label

TileCoord = tuple[int, int]
#: The six neighbouring tiles in tile coordinates: ±A, ±B, ±(B − A).
TILE_STEPS: tuple[TileCoord, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: A start tile: one stone on each of its seven fields.
START_TILE_STONES = 1


class SeatKind(StrEnum):
    """Who plays a seat (design notes, rule 9): a person, or a seat that plays itself."""

    PLAYER = "player"  # a person: moves, explodes, grows
    MACHINE = "machine"  # never moves; its stacks explode and grow (1995 machine, dummy)
    EXTREME_MACHINE = "extreme-machine"  # moves by fixed rules (fabgen.play.machine)


KIND_WORDS = {
    SeatKind.MACHINE: "a machine",
    SeatKind.EXTREME_MACHINE: "an extreme machine",
}


def seat_words(name: str | None, kind: SeatKind) -> str:
    """A seat as people name it: a person by name ("" without one), a machine as one,
    and by its name too when that says more than "Machine": "a machine", "Machine A,
    a machine", "Dummy, a machine" (setup diagrams' legends, the bill of materials, the
    kit's README.txt and benchmarks/fairness.py)."""
    name = (name or "").strip()
    if kind is SeatKind.PLAYER:
        return name
    words = KIND_WORDS[kind]
    if not name or name.lower() in (words.split(" ", 1)[1], "machine"):
        return words
    return f"{name}, {words}"


class TurnDirection(StrEnum):
    """Which way the seat order (the turn order) runs around the board."""

    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter-clockwise"


def tile_distance(a: TileCoord, b: TileCoord) -> int:
    """Steps between two tiles on the tile lattice."""
    di, dj = b[0] - a[0], b[1] - a[1]
    return max(abs(di), abs(dj), abs(di + dj))


def rotate_tile(coord: TileCoord, times: int = 1) -> TileCoord:
    """Turn tile coordinates counter-clockwise by ``times`` × 60° about tile (0, 0)."""
    i, j = coord
    for _ in range(times % 6):
        i, j = -j, i + j
    return (i, j)


def standard_centre(fields: Sequence[Field]) -> Field | None:
    """The centre of a standard seven-field tile, or None for any other shape."""
    if len(fields) != 7 or len(set(fields)) != 7:
        return None
    q = sum(f[0] for f in fields)
    r = sum(f[1] for f in fields)
    if q % 7 or r % 7:
        return None
    centre = (q // 7, r // 7)
    return centre if set(fields) == {centre, *neighbours(centre)} else None


@dataclass(frozen=True)
class Tile:
    """One island tile: its fields (the centre first for a standard tile) and, when it
    sits on the board's tile lattice, its tile coordinates."""

    fields: tuple[Field, ...]
    coord: TileCoord | None = None

    @property
    def centre(self) -> Field | None:
        return standard_centre(self.fields)

    @property
    def is_standard(self) -> bool:
        return self.centre is not None


@dataclass(frozen=True)
class Seat:
    """A player's place at the table: name, colour and starting stacks.

    ``stacks`` maps fields to stones as a transcript does: n > 0 stones on a live field,
    −n for n stones on a growing field, 0 for a dead field that was this seat's growing
    field (the last two only in positions taken from the middle of a game).
    """

    name: str | None = None
    colour: str | None = None
    stacks: tuple[tuple[Field, int], ...] = ()
    kind: SeatKind = SeatKind.PLAYER

    @property
    def is_machine(self) -> bool:
        """A seat that plays itself (machine or extreme machine)."""
        return self.kind != SeatKind.PLAYER

    @cached_property
    def stack_map(self) -> dict[Field, int]:
        return dict(self.stacks)

    @property
    def stones(self) -> int:
        """Stones this seat has on the board (live and growing fields)."""
        return sum(abs(v) for _, v in self.stacks)

    def label(self, number: int) -> str:
        """How messages name the seat: ``seat 2 (Blue)``; ``number`` counts from 1
        (:func:`~fabgen.rules.names.seat_label`, as the rules commands name it)."""
        return seat_label(number - 1, self.name)


@dataclass(frozen=True)
class Board:
    """Tiles and seats; seat order is turn order. See the module docstring."""

    tiles: tuple[Tile, ...]
    seats: tuple[Seat, ...] = ()
    name: str = "board"
    description: str = ""
    handedness: Handedness = Handedness.CW
    origin: Field = (0, 0)
    tile_width_mm: float | None = None
    turns: TurnDirection | None = None
    notes: str = ""
    #: The seat to move (an index, from 0): 0 at a start; a position taken from the
    #: middle of a game (a transcript's ``next_player``) may have another.
    to_move: int = 0

    # ---- building ------------------------------------------------------------------

    @classmethod
    def from_tiles(
        cls,
        coords: Iterable[TileCoord] = (),
        free_tiles: Iterable[Iterable[Field]] = (),
        seats: Iterable[Seat] = (),
        *,
        handedness: Handedness | str = Handedness.CW,
        origin: Field = (0, 0),
        **details,
    ) -> Board:
        """A board of standard tiles by tile coordinates, then free-form tiles."""
        handedness = Handedness(handedness)
        lattice = TileLattice(handedness, origin)
        tiles = [Tile(lattice.fields(c), c) for c in coords]
        tiles += [lattice_tile(fields, lattice) for fields in free_tiles]
        return cls(tuple(tiles), tuple(seats), handedness=handedness, origin=origin, **details)

    @classmethod
    def from_segments(
        cls,
        segments: Iterable[Iterable[Field]],
        seats: Iterable[Seat] = (),
        *,
        handedness: Handedness | str | None = None,
        origin: Field | None = None,
        **details,
    ) -> Board:
        """A board from explicit segments (as in a transcript). Standard tiles on the
        lattice that most of them share get tile coordinates; the lattice is found
        unless ``handedness`` and ``origin`` are given."""
        fields = [tuple(s) for s in segments]
        if handedness is None or origin is None:
            handedness, origin = find_lattice(fields)
        lattice = TileLattice(Handedness(handedness), origin)
        tiles = tuple(lattice_tile(s, lattice) for s in fields)
        return cls(tiles, tuple(seats), handedness=Handedness(handedness), origin=origin, **details)

    # ---- the lattice and the fields ------------------------------------------------------

    @property
    def lattice(self) -> TileLattice:
        return TileLattice(self.handedness, self.origin)

    @cached_property
    def field_tiles(self) -> dict[Field, tuple[int, ...]]:
        """Every field on the board and the tiles (indices) it belongs to, sorted by field."""
        out: dict[Field, list[int]] = {}
        for t, tile in enumerate(self.tiles):
            for f in tile.fields:
                out.setdefault(f, [])
                if t not in out[f]:
                    out[f].append(t)
        return {f: tuple(out[f]) for f in sorted(out)}

    @property
    def fields(self) -> tuple[Field, ...]:
        """Every field once, sorted."""
        return tuple(self.field_tiles)

    @cached_property
    def field_set(self) -> frozenset[Field]:
        return frozenset(self.field_tiles)

    def tile_index(self, field: Field) -> int | None:
        """The (first) tile a field belongs to, or None when it is not on the board."""
        tiles = self.field_tiles.get(field)
        return tiles[0] if tiles else None

    def board_neighbours(self, field: Field) -> tuple[Field, ...]:
        """Neighbours of ``field`` that are on the board."""
        return tuple(n for n in neighbours(field) if n in self.field_set)

    def is_edge(self, field: Field) -> bool:
        """A field on the board with fewer than six neighbours on the board."""
        return len(self.board_neighbours(field)) < 6

    @cached_property
    def pieces(self) -> tuple[tuple[Field, ...], ...]:
        """Connected pieces of the board (fields next to each other), largest first."""
        seen: set[Field] = set()
        out = []
        for start in self.fields:
            if start in seen:
                continue
            seen.add(start)
            piece = [start]
            for f in piece:  # grows while walked: breadth-first
                for n in self.board_neighbours(f):
                    if n not in seen:
                        seen.add(n)
                        piece.append(n)
            out.append(tuple(sorted(piece)))
        return tuple(sorted(out, key=lambda p: (-len(p), p[0])))

    @property
    def is_connected(self) -> bool:
        return len(self.pieces) <= 1

    # ---- seats ---------------------------------------------------------------------

    @property
    def people(self) -> int:
        """Seats played by a person."""
        return sum(not s.is_machine for s in self.seats)

    @property
    def person_seats(self) -> list[int]:
        """Indices of the seats played by people, in turn order."""
        return [k for k, seat in enumerate(self.seats) if not seat.is_machine]

    @property
    def machines(self) -> int:
        """Seats that play themselves (machines and extreme machines)."""
        return sum(s.is_machine for s in self.seats)

    def seat_counts(self) -> str:
        """People and machines as ``fabgen boards`` shows them: ``4``, ``1+2m``."""
        return f"{self.people}+{self.machines}m" if self.machines else str(self.people)

    def start_tiles(self, seat: int) -> tuple[int, ...]:
        """Tiles on which ``seat`` has one stone on each field and nothing else."""
        stacks = self.seats[seat].stack_map
        return tuple(
            t
            for t, tile in enumerate(self.tiles)
            if all(stacks.get(f) == START_TILE_STONES for f in tile.fields)
        )

    # ---- conversions ------------------------------------------------------------------

    def segments(self) -> tuple[tuple[Field, ...], ...]:
        """The tiles as a transcript's segments."""
        return tuple(tile.fields for tile in self.tiles)

    def position(self):
        """The start position for the rules engine (raises
        :class:`~fabgen.rules.PositionError` for a broken board)."""
        from fabgen.rules.state import Player, Position

        players = [Player(s.name, s.colour, str(s.kind)) for s in self.seats]
        stacks = [dict(s.stacks) for s in self.seats]
        return Position.from_stacks(self.segments(), players, stacks, next_player=self.to_move)

    # ---- the outline -------------------------------------------------------------------

    @property
    def tiled_on_lattice(self) -> bool:
        """Every tile standard, on the lattice, and no field twice: the tiles' hexagons
        then fit together without gaps or overlaps."""
        return all(t.coord is not None for t in self.tiles) and all(
            len(ts) == 1 for ts in self.field_tiles.values()
        )

    def outline_thirds(self) -> tuple[tuple[Field, ...], ...]:
        """The board's outline as closed loops of points in thirds of a field step
        (``(3q, 3r)`` integers, exact), counter-clockwise around the board and
        clockwise around holes. Tile hexagons when the board is tiled on its lattice,
        otherwise the union of the fields' own hexagonal cells."""
        if self.tiled_on_lattice:
            steps = [rotate60(self.lattice.a, k) for k in range(6)]
            # Tiles on the lattice are standard: each has a centre.
            cells = [cell_corners(c, steps) for t in self.tiles if (c := t.centre) is not None]
        else:
            cells = [cell_corners(f, NEIGHBOUR_STEPS) for f in self.fields]
        return boundary_loops(cells)

    def details(self) -> dict[str, object]:
        return {
            "name": self.name,
            "players": len(self.seats),
            "people": self.people,
            "machines": self.machines,
            "tiles": len(self.tiles),
            "fields": len(self.field_tiles),
        }


def lattice_tile(fields: Iterable[Field], lattice: TileLattice) -> Tile:
    """A tile of the given fields; a standard tile centred on the lattice gets its
    coordinates and its fields in lattice order (centre first, then counter-clockwise),
    so the same tile always compares equal."""
    fields = tuple(fields)
    centre = standard_centre(fields)
    if centre is not None and lattice.is_centre(centre):
        coord = lattice.tile_of(centre)
        return Tile(lattice.fields(coord), coord)
    return Tile(fields)


def find_lattice(segments: Sequence[Sequence[Field]]) -> tuple[Handedness, Field]:
    """The tile lattice (handedness, origin) most standard segments sit on.

    The origin is one of the seven fields ``(0, 0)`` and its neighbours (one per coset
    of the tile lattice). Ties go to the online version's lattice (``cw``), then to the
    first origin in :data:`~fabgen.geometry.lattice.NEIGHBOUR_STEPS` order.
    """
    origins = ((0, 0), *NEIGHBOUR_STEPS)
    lattices = [TileLattice(h, o) for h in (Handedness.CW, Handedness.CCW) for o in origins]
    centres = [c for c in map(standard_centre, segments) if c is not None]
    counts = [sum(lattice.is_centre(c) for c in centres) for lattice in lattices]
    best = lattices[counts.index(max(counts))]
    return best.handedness, best.origin


def cell_corners(centre: Field, steps: Sequence[Field]) -> tuple[Field, ...]:
    """Corners of the hexagonal cell around ``centre`` whose neighbours are ``centre +
    steps[k]``: the centroids of the triangles (centre, k, k+1), in thirds, ccw."""
    c3 = (3 * centre[0], 3 * centre[1])
    return tuple(add(c3, add(steps[k], steps[(k + 1) % 6])) for k in range(6))


def boundary_loops(cells: Iterable[Sequence[Field]]) -> tuple[tuple[Field, ...], ...]:
    """The boundary of a union of counter-clockwise polygons that meet edge to edge:
    edges shared by two cells cancel, the rest are chained into closed loops."""
    edges = {(cell[k], cell[(k + 1) % len(cell)]) for cell in cells for k in range(len(cell))}
    boundary = sorted(e for e in edges if (e[1], e[0]) not in edges)
    outgoing: dict[Field, list[Field]] = {}
    for a, b in boundary:
        outgoing.setdefault(a, []).append(b)
    loops = []
    for start in sorted(outgoing):
        while outgoing.get(start):
            loop = [start]
            here = outgoing[start].pop(0)
            while here != start:
                loop.append(here)
                here = outgoing[here].pop(0)
            loops.append(_drop_straight(loop))
    return tuple(loops)


def _drop_straight(loop: list[Field]) -> tuple[Field, ...]:
    """Leave out corners where the outline goes straight on."""
    out = []
    n = len(loop)
    for k in range(n):
        a, b, c = loop[k - 1], loop[k], loop[(k + 1) % n]
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if cross != 0:
            out.append(b)
    return tuple(out)


__all__ = [
    "START_TILE_STONES",
    "TILE_STEPS",
    "Board",
    "Seat",
    "SeatKind",
    "Tile",
    "TileCoord",
    "TurnDirection",
    "boundary_loops",
    "cell_corners",
    "find_lattice",
    "lattice_tile",
    "rotate_tile",
    "standard_centre",
    "tile_distance",
]
