"""The board model: tiles on the lattice, fields, connectivity, the outline."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.board.model import (
    TILE_STEPS,
    Board,
    Seat,
    Tile,
    find_lattice,
    rotate_tile,
    standard_centre,
    tile_distance,
)
from fabgen.board.placement import BoardPlacement
from fabgen.geometry.lattice import Handedness, TileLattice, neighbours
from fabgen.rules.setup import hexagon_segment_coords, hexagon_segments
from tests.board.shapes import hexagon, ring20

coords = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
tile_sets = st.sets(coords, min_size=1, max_size=14)
handedness = st.sampled_from(list(Handedness))


def test_tiles_by_coordinates_are_a_field_and_its_six_neighbours():
    board = Board.from_tiles([(0, 0), (1, 0)], handedness="ccw")
    lattice = TileLattice(Handedness.CCW)
    for tile in board.tiles:
        assert tile.fields == lattice.fields(tile.coord)
        assert tile.centre == lattice.centre(tile.coord)
        assert tile.is_standard
    assert len(board.fields) == 14
    assert board.is_connected


def test_standard_centre_accepts_any_order_and_nothing_else():
    fields = list(TileLattice().fields((2, -1)))
    assert standard_centre(fields[::-1]) == fields[0]
    assert standard_centre(fields[:6]) is None
    assert standard_centre([*fields[:6], (99, 99)]) is None
    assert standard_centre([fields[0]] * 7) is None


def test_tile_steps_are_the_six_neighbouring_tiles():
    lattice = TileLattice(Handedness.CW)
    centre = lattice.centre((0, 0))
    for step in TILE_STEPS:
        other = lattice.centre(step)
        assert tile_distance((0, 0), step) == 1
        # a neighbouring tile has a field next to one of ours
        assert any(n in lattice.fields(step) for f in lattice.fields((0, 0)) for n in neighbours(f))
        assert math.dist(centre, other) > 0
    assert [rotate_tile(TILE_STEPS[0], k) for k in range(6)] == list(TILE_STEPS)


def test_online_segments_are_found_on_the_clockwise_lattice_through_b2():
    board = Board.from_segments(hexagon_segments(2))
    assert (board.handedness, board.origin) == (Handedness.CW, (1, 1))
    online = hexagon_segment_coords(2)
    assert [t.coord for t in board.tiles] == [(j - i, i) for i, j in online]
    assert find_lattice(hexagon_segments(1)) == (Handedness.CW, (1, 1))


def test_free_tiles_and_tiles_off_the_lattice_have_no_coordinates():
    lattice = TileLattice(Handedness.CW)
    off = lattice.fields((0, 0))[1]  # a ring field: not a tile centre
    board = Board.from_tiles(
        [(0, 0)], free_tiles=[[(5, 5), (6, 5)], [off, *neighbours(off)]], handedness="cw"
    )
    assert [t.coord for t in board.tiles] == [(0, 0), None, None]
    assert board.field_tiles[off] == (0, 2)  # on two tiles: the validator's business
    assert not board.tiled_on_lattice


def test_start_tiles_are_whole_tiles_with_one_stone_per_field():
    lattice = TileLattice(Handedness.CW)
    stacks = tuple((f, 1) for f in lattice.fields((1, 0)))
    seats = (Seat("A", None, stacks), Seat("B", None, (((0, 0), 1),)))
    board = Board.from_tiles([(0, 0), (1, 0)], seats=seats)
    assert board.start_tiles(0) == (1,)
    assert board.start_tiles(1) == ()
    assert seats[0].stones == 7


def _tile_components(tiles: set) -> int:
    """Reference: pieces of a set of lattice tiles, through neighbouring tiles."""
    left, count = set(tiles), 0
    while left:
        count += 1
        todo = [left.pop()]
        for t in todo:
            for d in TILE_STEPS:
                n = (t[0] + d[0], t[1] + d[1])
                if n in left:
                    left.remove(n)
                    todo.append(n)
    return count


@given(tile_sets, handedness)
def test_pieces_of_lattice_boards_follow_neighbouring_tiles(tiles, hand):
    board = Board.from_tiles(sorted(tiles), handedness=hand)
    assert len(board.pieces) == _tile_components(tiles)
    assert sorted(f for piece in board.pieces for f in piece) == list(board.fields)
    assert board.is_connected == (_tile_components(tiles) == 1)


def _signed_area(loop) -> float:
    return 0.5 * sum(
        a[0] * b[1] - b[0] * a[1] for a, b in zip(loop, loop[1:] + loop[:1], strict=True)
    )


@given(tile_sets, handedness)
def test_outline_encloses_exactly_the_tiles(tiles, hand):
    board = Board.from_tiles(sorted(tiles), handedness=hand)
    place = BoardPlacement(board, 100.0)
    tile_area = 7 * math.sqrt(3) / 2 * place.pitch**2  # = a hexagon 100 mm across the flats
    area = sum(_signed_area(list(loop)) for loop in place.outline)
    assert area == pytest.approx(len(tiles) * tile_area, rel=1e-9)
    hexagon_area = math.sqrt(3) / 2 * 100.0**2
    assert tile_area == pytest.approx(hexagon_area)


@given(st.sets(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=30))
def test_outline_of_free_fields_encloses_their_cells(fields):
    board = Board.from_tiles([], free_tiles=[sorted(fields)])
    place = BoardPlacement(board, 100.0)
    cell = math.sqrt(3) / 2 * place.pitch**2
    area = sum(_signed_area(list(loop)) for loop in place.outline)
    assert area == pytest.approx(len(fields) * cell, rel=1e-9)


def test_a_ring_has_an_outer_outline_and_a_hole():
    board = Board.from_tiles(sorted(ring20()))
    loops = BoardPlacement(board).outline
    areas = sorted(_signed_area(list(loop)) for loop in loops)
    assert len(loops) == 2
    assert areas[0] < 0 < areas[1]  # the hole runs clockwise
    assert -areas[0] == pytest.approx(math.sqrt(3) / 2 * 100.0**2)


def test_hexagon_of_19_measures_500_mm_across():
    board = Board.from_tiles(sorted(hexagon(2)))
    width, height = BoardPlacement(board, 100.0).size
    assert width == pytest.approx(500.0)
    # five rows of tiles, 100·√3/2 apart, plus a hexagon's height (two circumradii)
    assert height == pytest.approx(4 * 100 * math.sqrt(3) / 2 + 2 * 100 / math.sqrt(3))


def test_edge_fields_have_fewer_than_six_neighbours():
    board = Board.from_tiles([(0, 0)])
    centre = board.tiles[0].centre
    assert not board.is_edge(centre)
    assert all(board.is_edge(f) for f in board.tiles[0].fields[1:])
    assert len(board.board_neighbours(board.tiles[0].fields[1])) == 3


def test_tile_is_a_value():
    assert Tile(((0, 0),)) == Tile(((0, 0),))


def test_the_board_package_is_pure():
    import subprocess
    import sys

    code = (
        "import sys, fabgen.board as b, fabgen.board.bom, fabgen.board.placement; "
        "board = b.load_preset('6p-hexagon-37'); b.validate(board); "
        "fabgen.board.bom.bill_of_materials(board, 100.0); "
        "heavy = [m for m in ('cadquery', 'OCP', 'ezdxf', 'reportlab', 'svgwrite') "
        "if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
