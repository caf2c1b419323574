"""The hexagonal lattice of fields and the lattice of island tiles.

Fields have integer coordinates ``(q, r)``. The six neighbour steps are
``(1, 0), (1, 1), (0, 1)`` and their negatives, which is exactly the convention of the
Atlantis transcript format: a field named there needs no conversion. In millimetres
the step ``(1, 0)`` points along +x and ``(0, 1)`` at 120°, so ``(1, 1)`` is at 60°::

    x = pitch * (q - r / 2)        y = pitch * r * sqrt(3) / 2

A tile is a field and its six neighbours. Tile centres form the sublattice spanned by
``A`` and ``B = A`` rotated by 60°, with ``|A| = sqrt(7)`` pitches. There are two such
sublattices, mirror images of each other (:class:`Handedness`); a board uses one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

Field = tuple[int, int]
Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
SQRT7 = math.sqrt(7.0)

#: Neighbour steps, counter-clockwise from +x (0°, 60°, 120°, 180°, 240°, 300°).
NEIGHBOUR_STEPS: tuple[Field, ...] = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))

#: The three row directions; a row is a straight line of fields along one of them.
ROW_STEPS: tuple[Field, ...] = NEIGHBOUR_STEPS[:3]

#: Angle between a tile-lattice vector and the nearest row of circles:
#: atan(sqrt(3)/5) = 19.1066°. The maker's blog rounds it to 19.11°.
TILE_ANGLE_DEG = math.degrees(math.atan2(SQRT3, 5.0))


def add(a: Field, b: Field) -> Field:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Field, b: Field) -> Field:
    return (a[0] - b[0], a[1] - b[1])


def scale(a: Field, k: int) -> Field:
    return (a[0] * k, a[1] * k)


def neighbours(field: Field) -> tuple[Field, ...]:
    """The six fields next to ``field``, counter-clockwise from +x."""
    return tuple(add(field, step) for step in NEIGHBOUR_STEPS)


def rotate60(v: Field, times: int = 1) -> Field:
    """Rotate a lattice vector counter-clockwise by ``times`` × 60° (about the origin)."""
    q, r = v
    for _ in range(times % 6):
        q, r = q - r, q
    return (q, r)


def mirror(v: Field) -> Field:
    """Mirror a lattice vector in the x axis (the row through the origin along +x)."""
    q, r = v
    return (q - r, -r)


def hex_distance(a: Field, b: Field) -> int:
    """Number of steps between two fields."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    if (dq >= 0) == (dr >= 0):
        return max(abs(dq), abs(dr))
    return abs(dq) + abs(dr)


def step_between(a: Field, b: Field) -> tuple[Field, int] | None:
    """The unit step and distance from ``a`` to ``b`` if they lie on one row, else None."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    n = hex_distance(a, b)
    if n == 0:
        return None
    step = (dq // n, dr // n) if dq % n == 0 and dr % n == 0 else None
    if step not in NEIGHBOUR_STEPS:
        return None
    return step, n


def field_xy(field: tuple[float, float], pitch: float = 1.0) -> Point:
    """Centre of ``field`` in millimetres (x right, y up), field (0, 0) at the origin
    (any point in field coordinates, fractions included)."""
    q, r = field
    return (pitch * (q - 0.5 * r), pitch * r * SQRT3 / 2.0)


def row_index(field: Field, step: Field) -> int:
    """Which row along ``step`` the field is on (constant along that row)."""
    q, r = field
    if step == (1, 0):
        return r
    if step == (0, 1):
        return q
    if step == (1, 1):
        return q - r
    raise ValueError(f"not a row direction: {step}")


class Handedness(StrEnum):
    """Which of the two mirror-image tile lattices a board uses.

    ``ccw``: A = (3, 1), turned +19.1066° from the row along +x.
    ``cw``: A = (2, -1), turned -19.1066°; this is the lattice the online version's
    setup uses (segment centres ``(1 + i + 2j, 1 + 3i - j)``).
    """

    CCW = "ccw"
    CW = "cw"

    @property
    def sign(self) -> int:
        return 1 if self is Handedness.CCW else -1


# For each handedness: the tile vector A, and the coefficients (a, b) of a linear form
# a*q + b*r that vanishes modulo 7 on the tile lattice. Its residue tells which of the
# seven fields of a tile a field is, which makes "which tile is this field on" O(1).
_LATTICE_DATA = {
    Handedness.CCW: ((3, 1), (1, -3)),
    Handedness.CW: ((2, -1), (1, 2)),
}


@dataclass(frozen=True)
class TileLattice:
    """Tiles ``(i, j)`` centred on field ``i*A + j*B + origin``."""

    handedness: Handedness = Handedness.CW
    origin: Field = (0, 0)

    @property
    def a(self) -> Field:
        return _LATTICE_DATA[self.handedness][0]

    @property
    def b(self) -> Field:
        return rotate60(self.a)

    @property
    def angle_deg(self) -> float:
        """Signed angle of A from the row along +x: ±19.1066°."""
        return self.handedness.sign * TILE_ANGLE_DEG

    def centre(self, tile: tuple[int, int]) -> Field:
        """The centre field of tile ``(i, j)``."""
        i, j = tile
        return add(self.origin, add(scale(self.a, i), scale(self.b, j)))

    def fields(self, tile: tuple[int, int]) -> tuple[Field, ...]:
        """The seven fields of a tile: the centre first, then counter-clockwise from +x."""
        c = self.centre(tile)
        return (c, *neighbours(c))

    def tile_of(self, field: Field) -> tuple[int, int]:
        """The tile whose seven fields include ``field`` (every field has exactly one)."""
        centre = sub(field, self._offset_in_tile(field))
        return self._solve(sub(centre, self.origin))

    def is_centre(self, field: Field) -> bool:
        return self._offset_in_tile(field) == (0, 0)

    def _offset_in_tile(self, field: Field) -> Field:
        (ka, kb) = _LATTICE_DATA[self.handedness][1]
        q, r = sub(field, self.origin)
        return _OFFSET_BY_RESIDUE[self.handedness][(ka * q + kb * r) % 7]

    def _solve(self, v: Field) -> tuple[int, int]:
        (aq, ar), (bq, br) = self.a, self.b
        det = aq * br - ar * bq  # always 7
        i, rem_i = divmod(v[0] * br - v[1] * bq, det)
        j, rem_j = divmod(aq * v[1] - ar * v[0], det)
        assert rem_i == 0 and rem_j == 0, "not a tile centre"
        return (i, j)


def _offsets_by_residue(handedness: Handedness) -> dict[int, Field]:
    ka, kb = _LATTICE_DATA[handedness][1]
    table = {(ka * q + kb * r) % 7: (q, r) for q, r in ((0, 0), *NEIGHBOUR_STEPS)}
    assert len(table) == 7
    return table


_OFFSET_BY_RESIDUE = {h: _offsets_by_residue(h) for h in Handedness}


def rotate_xy(p: Point, degrees: float) -> Point:
    """Rotate a point about the origin counter-clockwise."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return (c * p[0] - s * p[1], s * p[0] + c * p[1])
