"""Rotation and mirror symmetries of a board, in exact integer arithmetic.

Any symmetry of a finite set of points fixes its centroid, so the only candidates are
the rotations by multiples of 60° and the six mirrors of the hexagonal lattice, all
about the centroid of the board's fields. With ``N`` fields summing to ``S``, a
lattice map ``M`` about the centroid sends field ``f`` to ``(S + M(N·f − S)) / N``:
integers throughout, so there is no rounding to get wrong.

Three levels are told apart, because they differ on real boards:

- the **field shape** (which fields exist),
- the **tiling** (which fields are on one tile: a rotation must map tiles onto tiles;
  rotations keep the handedness of the tile lattice, mirrors swap it, so a board of
  touching tiles is never mirror-symmetric as a tiling, even if its shape is), and
- the **seats**: one rotation mapping every seat's start onto the next seat's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from fabgen.board.model import Board, TurnDirection
from fabgen.geometry.lattice import Field, field_xy, mirror, rotate60

Map = Callable[[Field], Field]


@dataclass(frozen=True)
class Centre:
    """The centroid of a board's fields: ``total / count`` in field coordinates."""

    total: Field
    count: int

    @classmethod
    def of(cls, fields: Iterable[Field]) -> Centre:
        fields = list(fields)
        return cls((sum(f[0] for f in fields), sum(f[1] for f in fields)), len(fields))

    @property
    def field(self) -> Field | None:
        """The field at the centre, if the centre is a field centre."""
        (q, r), n = self.total, self.count
        return (q // n, r // n) if q % n == 0 and r % n == 0 else None

    def xy(self, pitch: float = 1.0) -> tuple[float, float]:
        (q, r), n = self.total, self.count
        return field_xy((q / n, r / n), pitch)

    def about(self, linear: Map) -> Callable[[Field], Field | None]:
        """The map ``f -> centre + linear(f - centre)``; None where it leaves the lattice."""
        (sq, sr), n = self.total, self.count

        def apply(f: Field) -> Field | None:
            q, r = linear((n * f[0] - sq, n * f[1] - sr))
            q, r = q + sq, r + sr
            return (q // n, r // n) if q % n == 0 and r % n == 0 else None

        return apply


def rotation(times: int) -> Map:
    """The linear rotation by ``times`` × 60° counter-clockwise."""
    return lambda v: rotate60(v, times)


def reflection(axis: int) -> Map:
    """The linear mirror whose axis is turned ``axis`` × 30° from the row along +x."""
    # mirror() flips in the x axis; turning it by 60° k moves the axis by 30° k.
    return lambda v: rotate60(mirror(v), axis)


def maps_onto_itself(fields: frozenset[Field], apply: Callable[[Field], Field | None]) -> bool:
    return all(apply(f) in fields for f in fields)


def maps_tiles_onto_tiles(
    tiles: Sequence[Sequence[Field]], apply: Callable[[Field], Field | None]
) -> bool:
    shapes = {frozenset(t) for t in tiles}
    return all(frozenset(apply(f) for f in t) in shapes for t in tiles)


@dataclass(frozen=True)
class Symmetry:
    """What a board's symmetries are. Rotations are given as multiples of 60°
    counter-clockwise (1 … 5), mirrors by axis (0 … 5, in steps of 30°)."""

    centre: Centre
    shape_rotations: tuple[int, ...]
    tiling_rotations: tuple[int, ...]
    shape_mirrors: tuple[int, ...]
    tiling_mirrors: tuple[int, ...]

    @property
    def shape_order(self) -> int:
        """n of the n-fold rotation symmetry of the field shape (1: none)."""
        return rotation_order(self.shape_rotations)

    @property
    def tiling_order(self) -> int:
        return rotation_order(self.tiling_rotations)


def rotation_order(rotations: Iterable[int]) -> int:
    """6 when 60° is a symmetry, 3 for 120°, 2 for 180°, else 1."""
    found = set(rotations)
    for times, order in ((1, 6), (2, 3), (3, 2)):
        if times in found:
            return order
    return 1


def board_symmetry(board: Board) -> Symmetry:
    fields = board.field_set
    centre = Centre.of(board.fields)
    tiles = [t.fields for t in board.tiles]
    shape_rot = tuple(k for k in range(1, 6) if maps_onto_itself(fields, centre.about(rotation(k))))
    tiling_rot = tuple(
        k for k in shape_rot if maps_tiles_onto_tiles(tiles, centre.about(rotation(k)))
    )
    shape_mir = tuple(a for a in range(6) if maps_onto_itself(fields, centre.about(reflection(a))))
    tiling_mir = tuple(
        a for a in shape_mir if maps_tiles_onto_tiles(tiles, centre.about(reflection(a)))
    )
    return Symmetry(centre, shape_rot, tiling_rot, shape_mir, tiling_mir)


def rotate_stacks(
    stacks: Mapping[Field, int], apply: Callable[[Field], Field | None]
) -> dict[Field, int] | None:
    """The stacks moved by ``apply``; None if a field leaves the lattice."""
    out = {}
    for f, v in stacks.items():
        g = apply(f)
        if g is None:
            return None
        out[g] = v
    return out


def seat_rotations(
    board: Board, symmetry: Symmetry | None = None, seats: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Rotations (multiples of 60° ccw) of the board and its tiling that map every
    seat's stacks exactly onto the next seat's (the last seat's onto the first's).
    ``seats`` (indices, in turn order) limits this to some seats, e.g. the people."""
    symmetry = symmetry or board_symmetry(board)
    seats = tuple(range(len(board.seats))) if seats is None else tuple(seats)
    n = len(seats)
    if n < 2:
        return ()
    maps = [board.seats[s].stack_map for s in seats]
    out = []
    for k in symmetry.tiling_rotations:
        apply = symmetry.centre.about(rotation(k))
        if all(rotate_stacks(maps[s], apply) == maps[(s + 1) % n] for s in range(n)):
            out.append(k)
    return tuple(out)


def unmatched_machine_stacks(
    board: Board, symmetry: Symmetry, times: int
) -> list[tuple[Field, int]]:
    """Machine stacks that the rotation by ``times`` × 60° does not carry onto a machine
    stack of the same height (machines of any colour count alike: they never move)."""
    apply = symmetry.centre.about(rotation(times))
    stacks = {f: v for seat in board.seats if seat.is_machine for f, v in seat.stacks}
    return [(f, v) for f, v in stacks.items() if (g := apply(f)) is None or stacks.get(g) != v]


def rotation_direction(times: int) -> TurnDirection | None:
    """Which way a rotation by ``times`` × 60° ccw carries the seats (None for 180°)."""
    times %= 6
    if times in (1, 2):
        return TurnDirection.COUNTER_CLOCKWISE
    if times in (4, 5):
        return TurnDirection.CLOCKWISE
    return None


def rotation_words(times: int) -> str:
    """``120° clockwise``, ``60° counter-clockwise``, ``180°``."""
    times %= 6
    direction = rotation_direction(times)
    angle = 60 * times if times <= 3 else 60 * (6 - times)
    return f"{angle}°" if direction is None else f"{angle}° {direction.value}"


def seat_centres(
    board: Board, pitch: float = 1.0, seats: Sequence[int] | None = None
) -> list[tuple[float, float] | None]:
    """Centroid of each seat's stacks in mm (None for a seat without stacks); only the
    ``seats`` given (indices), if any."""
    out: list[tuple[float, float] | None] = []
    chosen = board.seats if seats is None else [board.seats[k] for k in seats]
    for seat in chosen:
        fields = [f for f, _ in seat.stacks]
        if not fields:
            out.append(None)
            continue
        xs, ys = zip(*(field_xy(f, pitch) for f in fields), strict=True)
        out.append((sum(xs) / len(xs), sum(ys) / len(ys)))
    return out


def seat_order_direction(board: Board, seats: Sequence[int] | None = None) -> TurnDirection | None:
    """Which way the seats (all, or the indices ``seats``) go round the board's centre
    in seat order, if they go round it once (every step less than half a turn, all the
    same way); else None."""
    found = seat_centres(board, seats=seats)
    centres = [c for c in found if c is not None]
    if len(centres) < 3 or len(centres) < len(found):
        return None
    cx, cy = Centre.of(board.fields).xy()
    angles = [math.atan2(c[1] - cy, c[0] - cx) for c in centres]
    if any(math.hypot(c[0] - cx, c[1] - cy) < 1e-9 for c in centres):
        return None
    steps = []
    for a, b in zip(angles, angles[1:] + angles[:1], strict=True):
        d = (b - a + math.pi) % math.tau - math.pi
        steps.append(d)
    total = sum(steps)
    if all(d > 1e-9 for d in steps) and abs(total - math.tau) < 1e-6:
        return TurnDirection.COUNTER_CLOCKWISE
    if all(d < -1e-9 for d in steps) and abs(total + math.tau) < 1e-6:
        return TurnDirection.CLOCKWISE
    return None
