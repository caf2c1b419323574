"""Symmetries of boards: exact integer rotations and mirrors about the centroid,
checked against a floating-point reference and against boards made symmetric."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.board.files import load_preset
from fabgen.board.model import Board, Seat, TurnDirection, rotate_tile
from fabgen.board.symmetry import (
    board_symmetry,
    rotation_words,
    seat_order_direction,
    seat_rotations,
)
from fabgen.geometry.lattice import Handedness, TileLattice, field_xy, mirror, rotate60, rotate_xy
from tests.board.shapes import hexagon

coords = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
tile_sets = st.sets(coords, min_size=1, max_size=10)
handedness = st.sampled_from(list(Handedness))

#: name -> (rotation order of the field shape, of the tiling, rotations mapping seats)
PRESETS = {
    "2p-diamond-4": (2, 2, (3,)),
    "2p-diamond-5": (2, 2, (3,)),
    "3p-triangle-4": (3, 3, (4,)),
    "3p-triangle-5": (3, 3, (4,)),
    "4p-butterfly": (2, 2, ()),
    "4p-diamond-5": (2, 2, ()),
    "5p-hexagon-18": (1, 1, ()),
    "6p-hexagon-19": (6, 6, (1,)),
    "6p-hexagon-37": (6, 6, (1,)),
    "6p-ring-20": (2, 2, ()),
    "6p-star-19": (6, 6, (1,)),
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_symmetries(name):
    board = load_preset(name)
    shape, tiling, seats = PRESETS[name]
    sym = board_symmetry(board)
    assert (sym.shape_order, sym.tiling_order) == (shape, tiling)
    assert seat_rotations(board, sym) == seats
    assert sym.shape_mirrors == sym.tiling_mirrors == ()  # chiral: no mirror at all


def _float_rotations(fields) -> tuple[int, ...]:
    """Reference: rotate the field centres in mm about their mean and compare rounded."""
    pts = [field_xy(f) for f in fields]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    key = {(round(p[0] - cx, 6), round(p[1] - cy, 6)) for p in pts}
    out = []
    for k in range(1, 6):
        turned = {
            tuple(round(v, 6) + 0.0 for v in rotate_xy((p[0] - cx, p[1] - cy), 60 * k)) for p in pts
        }
        if turned == {(x + 0.0, y + 0.0) for x, y in key}:
            out.append(k)
    return tuple(out)


@given(tile_sets, handedness)
def test_exact_rotations_agree_with_a_floating_point_reference(tiles, hand):
    board = Board.from_tiles(sorted(tiles), handedness=hand)
    assert board_symmetry(board).shape_rotations == _float_rotations(board.fields)


@given(tile_sets, st.sampled_from([1, 2, 3]))
def test_boards_made_symmetric_are_found_symmetric(tiles, step):
    # Turning tile coordinates about tile (0, 0) is a symmetry of the tiling.
    symmetric = {rotate_tile(t, step * k) for t in tiles for k in range(6)}
    sym = board_symmetry(Board.from_tiles(sorted(symmetric)))
    order = {1: 6, 2: 3, 3: 2}[step]
    assert sym.tiling_order % order == 0
    assert set(sym.tiling_rotations) <= set(sym.shape_rotations)


@given(tile_sets, handedness, coords, st.integers(0, 5))
def test_symmetry_does_not_depend_on_where_the_board_lies(tiles, hand, shift, turn):
    board = Board.from_tiles(sorted(tiles), handedness=hand)
    moved = Board.from_tiles(
        sorted(rotate_tile((i + shift[0], j + shift[1]), turn) for i, j in tiles),
        handedness=hand,
        origin=(2, -1),
    )
    a, b = board_symmetry(board), board_symmetry(moved)
    assert (a.shape_order, a.tiling_order) == (b.shape_order, b.tiling_order)
    assert len(a.shape_mirrors) == len(b.shape_mirrors)


@given(tile_sets, handedness)
def test_a_mirror_image_has_the_same_rotations_and_the_other_handedness(tiles, hand):
    board = Board.from_tiles(sorted(tiles), handedness=hand)
    image = Board.from_segments([[mirror(f) for f in t.fields] for t in board.tiles])
    if board.is_connected and len(tiles) > 1:  # far-apart tiles may fit both lattices
        assert image.handedness is not hand
    a, b = board_symmetry(board), board_symmetry(image)
    assert (a.shape_order, a.tiling_order) == (b.shape_order, b.tiling_order)


@given(tile_sets, handedness)
def test_touching_tiles_are_never_mirror_symmetric_as_a_tiling(tiles, hand):
    board = Board.from_tiles(sorted(tiles), handedness=hand)
    sym = board_symmetry(board)
    if board.is_connected and len(tiles) > 1:
        assert sym.tiling_mirrors == ()
    assert set(sym.tiling_mirrors) <= set(sym.shape_mirrors)


def test_a_single_tile_has_every_symmetry():
    sym = board_symmetry(Board.from_tiles([(0, 0)]))
    assert sym.shape_order == sym.tiling_order == 6
    assert sym.shape_mirrors == sym.tiling_mirrors == (0, 1, 2, 3, 4, 5)


def test_a_shape_can_be_mirror_symmetric_while_its_tiling_is_not():
    board = Board.from_tiles([], free_tiles=[[(0, 0)], [(1, 0), (2, 1)]])
    sym = board_symmetry(board)
    assert sym.shape_mirrors and not sym.tiling_mirrors


def test_rotation_about_a_point_between_fields():
    # Two fields side by side: the half turn swaps them about their midpoint.
    sym = board_symmetry(Board.from_tiles([], free_tiles=[[(0, 0)], [(1, 0)]]))
    assert sym.shape_rotations == (3,) and sym.centre.field is None


def _seats(lattice: TileLattice, starts) -> tuple[Seat, ...]:
    return tuple(
        Seat(f"s{k}", None, tuple((f, 1) for f in lattice.fields(c))) for k, c in enumerate(starts)
    )


def test_seat_rotation_depends_on_the_seat_order():
    lattice = TileLattice(Handedness.CW)
    corners = [(2, 0), (0, 2), (-2, 2), (-2, 0), (0, -2), (2, -2)]  # counter-clockwise
    tiles = sorted(hexagon(2))
    ccw = Board.from_tiles(tiles, seats=_seats(lattice, corners))
    cw = Board.from_tiles(tiles, seats=_seats(lattice, corners[::-1]))
    mixed = Board.from_tiles(tiles, seats=_seats(lattice, [corners[k] for k in (0, 2, 1, 3, 4, 5)]))
    assert (
        seat_rotations(ccw) == (1,) and seat_order_direction(ccw) is TurnDirection.COUNTER_CLOCKWISE
    )
    assert seat_rotations(cw) == (5,) and seat_order_direction(cw) is TurnDirection.CLOCKWISE
    assert seat_rotations(mixed) == () and seat_order_direction(mixed) is None
    three = Board.from_tiles(tiles, seats=_seats(lattice, corners[::2]))
    assert seat_rotations(three) == (2,)


def test_rotation_words():
    assert rotation_words(1) == "60° counter-clockwise"
    assert rotation_words(4) == "120° clockwise"
    assert rotation_words(3) == "180°"


def test_linear_maps_keep_the_lattice():
    for v in ((1, 0), (2, -1), (3, 1)):
        assert math.dist((0, 0), field_xy(rotate60(v))) == pytest.approx(
            math.dist((0, 0), field_xy(v))
        )
        assert math.dist((0, 0), field_xy(mirror(v))) == pytest.approx(
            math.dist((0, 0), field_xy(v))
        )
