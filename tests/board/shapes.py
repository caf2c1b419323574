"""The preset shapes, defined in tile coordinates (an independent description that the
files in templates/boards must match), and helpers for building test boards."""

from __future__ import annotations

import math

from fabgen.board.model import TILE_STEPS, Board, Seat, rotate_tile, tile_distance
from fabgen.geometry.lattice import TileLattice, field_xy, rotate_xy

DIRECTIONS = TILE_STEPS  # counter-clockwise


def hexagon(radius: int) -> set[tuple[int, int]]:
    span = range(-radius, radius + 1)
    return {(i, j) for i in span for j in span if tile_distance((i, j), (0, 0)) <= radius}


def corners(radius: int) -> list[tuple[int, int]]:
    return [(radius * di, radius * dj) for di, dj in DIRECTIONS]


def diamond(n: int) -> set[tuple[int, int]]:
    lo = -(n // 2)
    return {(i, j) for i in range(lo, lo + n) for j in range(lo, lo + n)}


def diamond_corners(n: int) -> tuple[list, list]:
    """(acute corners, obtuse corners)."""
    lo, hi = -(n // 2), -(n // 2) + n - 1
    return [(lo, lo), (hi, hi)], [(hi, lo), (lo, hi)]


def triangle(n: int) -> set[tuple[int, int]]:
    return {(i - 1, j - 1) for i in range(n) for j in range(n) if i + j <= n - 1}


def triangle_corners(n: int) -> list[tuple[int, int]]:
    return [(-1, -1), (n - 2, -1), (-1, n - 2)]


def butterfly() -> set[tuple[int, int]]:
    wing = {(i, j) for i in range(4) for j in range(4) if i + j <= 3}
    return wing | {(-i, -j) for i, j in wing}


def star() -> set[tuple[int, int]]:
    arms = {(k * di, k * dj) for di, dj in DIRECTIONS for k in (2, 3)}
    return hexagon(1) | arms


def ring20() -> set[tuple[int, int]]:
    bump = (2, 1)
    return (hexagon(2) - {(0, 0)}) | {bump, rotate_tile(bump, 3)}


def drawing_xy(board_or_lattice, coord) -> tuple[float, float]:
    """A tile centre as drawn (rows of tiles along x), in tile widths."""
    lattice = board_or_lattice.lattice if isinstance(board_or_lattice, Board) else board_or_lattice
    pitch = 1 / math.sqrt(7)
    return rotate_xy(field_xy(lattice.centre(coord), pitch), -lattice.angle_deg)


def clockwise_from_bottom(lattice: TileLattice, starts: list) -> list:
    """Start tiles in clockwise order around their centroid, beginning at the lowest."""
    pts = [drawing_xy(lattice, c) for c in starts]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    first = min(range(len(pts)), key=lambda k: (round(pts[k][1], 6), pts[k][0]))
    a0 = math.atan2(pts[first][1] - cy, pts[first][0] - cx)

    def clockwise_angle(k):
        a = math.atan2(pts[k][1] - cy, pts[k][0] - cx)
        return (a0 - a) % math.tau

    return [starts[k] for k in sorted(range(len(starts)), key=clockwise_angle)]


def seats_on(lattice: TileLattice, starts) -> tuple[Seat, ...]:
    """Seats with one start tile each, in the given order, default names and colours."""
    names = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
    return tuple(
        Seat(names[k], names[k].lower(), tuple((f, 1) for f in lattice.fields(coord)))
        for k, coord in enumerate(starts)
    )


def reading_order(lattice: TileLattice, coords) -> list:
    """Tiles as numbered in the presets: top row first, each row left to right."""

    def key(c):
        x, y = drawing_xy(lattice, c)
        return (-round(y, 3), round(x, 3))

    return sorted(coords, key=key)
