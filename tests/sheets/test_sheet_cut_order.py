"""Machine order within a group (short travel) and the laser-time figures."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.cli.options import named_for_the_command_line
from fabgen.draw.cut_order import end_point, order_for_travel, start_point, travel_length
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Text
from fabgen.draw.laser_job import (
    LABEL_STROKE_PER_CHAR,
    JobFigures,
    LaserSpeeds,
    format_duration,
    measure,
)
from fabgen.errors import ParameterError


def segments_of(shape):
    """The shape's segments as an undirected set (for 'same geometry' checks)."""
    if not isinstance(shape, Polyline):
        return {("point", shape)}
    out = set()
    for a, b, bulge in shape.segments():
        # (+ 0.0 turns a -0.0 into 0.0)
        out.add((a, b, round(bulge, 12) + 0.0) if a < b else (b, a, round(-bulge, 12) + 0.0))
    return out


def test_travel_follows_start_and_end_points():
    shapes = [
        Circle((10, 0), 2),  # starts at (12, 0)
        Polyline(((12, 0), (12, 10)), closed=False),  # ends at (12, 10)
        Text((0, 10), "7", 3),
    ]
    assert start_point(shapes[0]) == (12, 0)
    assert end_point(shapes[1]) == (12, 10)
    assert travel_length(shapes) == pytest.approx(12 + 0 + 12)


def test_open_paths_are_entered_at_the_nearer_end():
    line = Polyline(((10, 0), (5, 0), (1, 0)), closed=False, bulges=(0.3, -0.2, 0.0))
    (ordered,) = order_for_travel([line])
    assert ordered.points == ((1, 0), (5, 0), (10, 0))
    assert segments_of(ordered) == segments_of(line)  # arcs keep their side
    assert ordered.bulges == (0.2, -0.3, 0.0)


def test_closed_paths_start_at_the_nearest_corner():
    square = Polyline(((5, 5), (6, 5), (6, 6), (5, 6)), closed=True, bulges=(0.1, 0, 0, 0))
    (ordered,) = order_for_travel([square], start=(7, 7))
    assert ordered.points[0] == (6, 6)
    assert segments_of(ordered) == segments_of(square)


@given(st.integers(0, 10_000))
def test_ordering_keeps_every_shape_and_beats_the_given_order(seed):
    rng = random.Random(seed)
    shapes = [Circle((rng.uniform(0, 500), rng.uniform(0, 300)), 3) for _ in range(30)]
    shapes += [
        Polyline(
            ((x := rng.uniform(0, 500), y := rng.uniform(0, 300)), (x + 20, y + 5)), closed=False
        )
        for _ in range(10)
    ]
    ordered = order_for_travel(shapes)
    assert len(ordered) == len(shapes)
    assert sorted(map(repr, map(segments_of, ordered))) == sorted(
        map(repr, map(segments_of, shapes))
    )
    assert travel_length(ordered) <= travel_length(shapes) + 1e-9


def test_a_row_of_circles_is_run_in_a_row():
    circles = [Circle((x, 0.0), 1.0) for x in (50, 10, 40, 20, 30)]
    ordered = order_for_travel(circles)
    assert [c.centre[0] for c in ordered] == [10, 20, 30, 40, 50]
    assert travel_length(ordered) == pytest.approx(11 + 4 * 10)  # circles start at x + r


def test_two_opt_untangles_a_crossing():
    # Nearest neighbour from the origin walks out along the bottom and has to come
    # back across; the best tour of the ring has no crossing jumps.
    pts = [
        (math.cos(math.radians(a)) * 100 + 200, math.sin(math.radians(a)) * 100 + 200)
        for a in range(0, 360, 30)
    ]
    circles = [Circle(p, 0.0) for p in pts]
    ordered = order_for_travel(circles)
    hops = [math.dist(start_point(a), start_point(b)) for a, b in itertools.pairwise(ordered)]
    assert max(hops) < 60  # only neighbouring points of the ring follow each other


# ---- figures -----------------------------------------------------------------------


def test_measure_counts_lengths_per_operation():
    d = Drawing(100, 100)
    d.add(Operation.ENGRAVE, Circle((50, 50), 10))
    d.add(Operation.LABEL, Text((50, 20), "12", 3.0))
    d.add(Operation.CUT, Polyline(((0, 0), (10, 0), (10, 10), (0, 10)), closed=True))
    d.add(Operation.PRINT, Polyline(((0, 0), (99, 0)), closed=False))  # not for the laser
    f = measure(d)
    assert f.engrave == pytest.approx(math.tau * 10)
    assert f.label == pytest.approx(2 * LABEL_STROKE_PER_CHAR * 3.0)
    assert f.cut == pytest.approx(40.0)
    assert f.cut_paths == 1
    # Origin -> circle start (60, 50) -> text (50, 20) -> square (0, 0).
    assert f.travel == pytest.approx(math.hypot(60, 50) + math.hypot(10, 30) + math.hypot(50, 20))


def test_laser_time_from_speeds():
    f = JobFigures(cut=600.0, engrave=1000.0, label=200.0, travel=3000.0, cut_paths=3)
    speeds = LaserSpeeds(cut=10, engrave=100, travel=300)
    assert f.seconds(speeds) == pytest.approx(60 + 12 + 10)
    assert (f + f).seconds(speeds) == pytest.approx(2 * 82)
    assert format_duration(82) == "1 min 22 s"
    assert format_duration(3725) == "1 h 02 min"
    assert format_duration(42.4) == "42 s"


@pytest.mark.parametrize("name", ["cut", "engrave", "travel"])
@pytest.mark.parametrize("value", [0, -5, math.inf, math.nan])
def test_speeds_must_be_positive(name, value):
    with pytest.raises(ParameterError) as err:
        LaserSpeeds(**{name: value})
    assert err.value.parameter == f"{name}_speed"
    assert f"{name} speed must be a positive number of mm/s" in str(err.value)
    # the command line names its flag, a kit file its key
    assert named_for_the_command_line(err.value).startswith(f"--{name}-speed must be")


def _plain_two_opt(items, start):
    """The 2-opt pass written plainly (points asked of the items each time): the
    reference the faster one in cut_order must match move for move."""
    from fabgen.draw.cut_order import TWO_OPT_BUDGET, TWO_OPT_PASSES, TWO_OPT_WINDOW

    n = len(items)
    window = max(8, min(TWO_OPT_WINDOW, TWO_OPT_BUDGET // n))
    for _ in range(TWO_OPT_PASSES):
        improved = False
        for i in range(n - 1):
            before = items[i - 1].exit() if i else start
            for j in range(i + 1, min(n, i + window)):
                first_entry, last_exit = items[i].entry(), items[j].exit()
                old = math.dist(before, first_entry)
                new = math.dist(before, last_exit)
                if j + 1 < n:
                    old += math.dist(last_exit, items[j + 1].entry())
                    new += math.dist(first_entry, items[j + 1].entry())
                if new < old - 1e-9:
                    items[i : j + 1] = items[i : j + 1][::-1]
                    for item in items[i : j + 1]:
                        if item.open:
                            item.reversed = not item.reversed
                    improved = True
        if not improved:
            return


@given(st.integers(0, 10_000), st.integers(2, 70))
def test_two_opt_makes_the_moves_of_the_plain_definition(seed, count):
    from fabgen.draw.cut_order import _Item, _two_opt

    rng = random.Random(seed)

    def shape():
        x, y = rng.uniform(0, 400), rng.uniform(0, 300)
        kind = rng.randrange(3)
        if kind == 0:
            return Circle((x, y), rng.uniform(1, 5))
        corners = ((x, y), (x + rng.uniform(1, 30), y), (x, y + rng.uniform(1, 30)))
        return Polyline(corners, closed=kind == 1)

    shapes = [shape() for _ in range(count)]
    start = (rng.uniform(0, 50), rng.uniform(0, 50))
    fast = [_Item(s, reversed=rng.random() < 0.5) for s in shapes]
    plain = [_Item(i.source, i.reversed, i.entry_index) for i in fast]
    _two_opt(fast, start)
    _plain_two_opt(plain, start)
    assert [(id(i.source), i.reversed) for i in fast] == [(id(i.source), i.reversed) for i in plain]


@given(st.integers(0, 10_000), st.integers(2, 150))
def test_a_settled_first_round_ends_the_search_with_the_same_order(seed, n):
    # order_for_travel stops after one round of 2-opt and entry choice when the 2-opt
    # has settled and no entry moved: a second round would give the same order.
    from fabgen.draw import cut_order

    rng = random.Random(seed)
    shapes = []
    for _ in range(n):
        x, y, kind = rng.uniform(0, 300), rng.uniform(0, 200), rng.random()
        if kind < 0.4:
            shapes.append(Circle((x, y), rng.uniform(1, 5)))
        else:
            corners = rng.randint(2, 5)
            points = tuple(
                (x + rng.uniform(-15, 15), y + rng.uniform(-15, 15)) for _ in range(corners)
            )
            shapes.append(Polyline(points, closed=kind < 0.7))
    items = cut_order._nearest_neighbour([cut_order._Item(s) for s in shapes], (0.0, 0.0))
    for _ in range(2):  # both rounds, always
        cut_order._two_opt(items, (0.0, 0.0))
        cut_order._choose_entries(items, (0.0, 0.0))
    assert order_for_travel(shapes) == [item.shape() for item in items]
