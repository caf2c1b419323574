import math

from hypothesis import given
from hypothesis import strategies as st

from fabgen.geometry.lattice import (
    NEIGHBOUR_STEPS,
    SQRT7,
    TILE_ANGLE_DEG,
    Handedness,
    TileLattice,
    add,
    field_xy,
    hex_distance,
    mirror,
    neighbours,
    rotate60,
    step_between,
)

coords = st.integers(-60, 60)
fields = st.tuples(coords, coords)
handedness = st.sampled_from(list(Handedness))


def test_neighbour_steps_are_unit_length_and_60_degrees_apart():
    angles = []
    for step in NEIGHBOUR_STEPS:
        x, y = field_xy(step)
        assert math.isclose(math.hypot(x, y), 1.0)
        angles.append(math.degrees(math.atan2(y, x)) % 360)
    assert [round(a, 9) for a in angles] == [0, 60, 120, 180, 240, 300]


def test_tile_vector_length_and_angle():
    for h in Handedness:
        lattice = TileLattice(h)
        ax, ay = field_xy(lattice.a)
        assert math.isclose(math.hypot(ax, ay), SQRT7)
        assert math.isclose(math.degrees(math.atan2(ay, ax)), lattice.angle_deg)
    assert math.isclose(TILE_ANGLE_DEG, math.degrees(math.atan(math.sqrt(3) / 5)))
    assert math.isclose(TILE_ANGLE_DEG, 19.1066, abs_tol=1e-4)


def test_handednesses_are_mirror_images():
    assert mirror(TileLattice(Handedness.CCW).a) == TileLattice(Handedness.CW).a


def test_online_setup_centres_are_the_cw_lattice():
    # The online setup centres segment (i, j) on field (1 + i + 2j, 1 + 3i - j).
    lattice = TileLattice(Handedness.CW, origin=(1, 1))
    for i in range(-3, 4):
        for j in range(-3, 4):
            centre = (1 + i + 2 * j, 1 + 3 * i - j)
            assert lattice.is_centre(centre)
            assert centre in lattice.fields(lattice.tile_of(centre))


@given(fields, st.integers(0, 12))
def test_rotation_preserves_length(v, k):
    r = rotate60(v, k)
    assert math.isclose(
        math.dist((0, 0), field_xy(r)), math.dist((0, 0), field_xy(v)), abs_tol=1e-9
    )
    assert rotate60(v, 6) == v


@given(fields, fields)
def test_hex_distance_is_a_metric_matching_steps(a, b):
    assert hex_distance(a, b) == hex_distance(b, a) >= 0
    for n in neighbours(a):
        assert hex_distance(a, n) == 1
        assert abs(hex_distance(n, b) - hex_distance(a, b)) <= 1


@given(fields, handedness)
def test_every_field_is_on_exactly_the_tile_that_lists_it(f, h):
    lattice = TileLattice(h)
    tile = lattice.tile_of(f)
    assert f in lattice.fields(tile)
    assert lattice.centre(tile) == lattice.fields(tile)[0]


@given(handedness, st.integers(-5, 5), st.integers(-5, 5))
def test_tiles_partition_the_plane(h, i, j):
    lattice = TileLattice(h)
    seen = {}
    for di in range(-1, 2):
        for dj in range(-1, 2):
            for f in lattice.fields((i + di, j + dj)):
                assert f not in seen, "a field on two tiles"
                seen[f] = (i + di, j + dj)
    # the middle tile's ring of neighbours: all 6·7 fields around it are covered
    centre = lattice.centre((i, j))
    for f in neighbours(centre):
        for g in neighbours(f):
            assert lattice.tile_of(g) in {t for t in seen.values()}


@given(fields, st.sampled_from(NEIGHBOUR_STEPS), st.integers(1, 9))
def test_step_between_finds_rows(a, step, n):
    b = add(a, (step[0] * n, step[1] * n))
    assert step_between(a, b) == (step, n)


def test_step_between_rejects_off_row_pairs():
    assert step_between((0, 0), (2, -1)) is None
    assert step_between((0, 0), (0, 0)) is None
    assert step_between((0, 0), (-3, -3)) == ((-1, -1), 3)
