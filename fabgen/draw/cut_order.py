"""The order a laser runs the shapes of a drawing, and the head's travel between them.

Model of the laser head: it starts at the page origin (0, 0) (the sheet's bottom-left
corner, as in the DXF), runs the shapes in file order and jumps in a straight line
from where one shape ends to where the next begins. A closed polyline starts and ends
at its first point, a circle at its rightmost point (where DXF and SVG circles start),
an open polyline at its first point and ends at its last, a text at its anchor.

:func:`order_for_travel` orders one group of shapes (the file keeps groups in machine
order: engravings, then inner cuts, then outlines) to keep the jumps short: nearest
neighbour, then 2-opt moves over windows of the sequence. It may reverse open
polylines and start closed polylines at another corner; the geometry stays the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fabgen.draw.drawing import Circle, Polyline, Shape

Point = tuple[float, float]
ORIGIN: Point = (0.0, 0.0)
TWO_OPT_WINDOW = 60  # elements a 2-opt move may span: O(n · window) per pass ...
TWO_OPT_BUDGET = 40_000  # ... but at most about this many moves tried per pass
TWO_OPT_PASSES = 8


def start_point(shape: Shape) -> Point:
    if isinstance(shape, Polyline):
        return shape.points[0]
    if isinstance(shape, Circle):
        return (shape.centre[0] + shape.radius, shape.centre[1])
    return shape.position


def end_point(shape: Shape) -> Point:
    if isinstance(shape, Polyline) and not shape.closed:
        return shape.points[-1]
    return start_point(shape)


def travel_length(shapes: Iterable[Shape], start: Point = ORIGIN) -> float:
    """Length of the head's jumps to run ``shapes`` in the given order."""
    total, at = 0.0, start
    for shape in shapes:
        total += math.dist(at, start_point(shape))
        at = end_point(shape)
    return total


def order_for_travel(shapes: Sequence[Shape], start: Point = ORIGIN) -> list[Shape]:
    """The shapes reordered (and re-entered) so that the travel from ``start`` is short."""
    if len(shapes) < 2:
        return [_enter_near(s, start) for s in shapes]
    items = _nearest_neighbour([_Item(s) for s in shapes], start)
    for _ in range(2):
        settled = _two_opt(items, start)
        if not _choose_entries(items, start) and settled:
            break  # a second round would change nothing
    return [item.shape() for item in items]


# ---- internals ------------------------------------------------------------------------


@dataclass
class _Item:
    """One shape with the choice of where the head enters it."""

    source: Shape
    reversed: bool = False  # open polylines: run from the last point to the first
    entry_index: int = 0  # closed polylines: the corner the head starts at

    def __post_init__(self) -> None:
        # The source as a polyline, the only shape with a choice of way in (None: a
        # circle or a text, entered at its start point).
        self.line = self.source if isinstance(self.source, Polyline) else None

    @property
    def open(self) -> bool:
        return self.line is not None and not self.line.closed

    def entry(self) -> Point:
        line = self.line
        if line is None:
            return start_point(self.source)
        if line.closed:
            return line.points[self.entry_index]
        return line.points[-1 if self.reversed else 0]

    def exit(self) -> Point:
        line = self.line
        if line is not None and not line.closed:
            return line.points[0 if self.reversed else -1]
        return self.entry()

    def anchors(self) -> tuple[Point, ...]:
        """Every point where the head may enter this shape."""
        line = self.line
        if line is None:
            return (start_point(self.source),)
        if line.closed:
            return line.points
        return (line.points[0], line.points[-1])

    def best_entry_from(self, p: Point) -> tuple[float, bool, int]:
        """Distance from ``p`` to the nearest way in, and that way in."""
        line = self.line
        if line is None:
            return math.dist(p, start_point(self.source)), False, 0
        if line.closed:
            k = _nearest_corner(line, p, p)
            return math.dist(p, line.points[k]), False, k
        d0 = math.dist(p, line.points[0])
        d1 = math.dist(p, line.points[-1])
        return (d1, True, 0) if d1 < d0 else (d0, False, 0)

    def shape(self) -> Shape:
        line = self.line
        if line is not None and not line.closed and self.reversed:
            return _reverse_open(line)
        if line is not None and line.closed and self.entry_index:
            return _rotate_closed(line, self.entry_index)
        return self.source


def _nearest_neighbour(items: list[_Item], start: Point) -> list[_Item]:
    out: list[_Item] = []
    grid = _Grid(items)
    at = start
    while len(out) < len(items):
        i, (_, reverse, corner) = grid.pop_nearest(at)
        item = items[i]
        item.reversed, item.entry_index = reverse, corner
        out.append(item)
        at = item.exit()
    return out


class _Grid:
    """Items bucketed by the points where the head can enter them, for nearest-item
    queries that look only at nearby buckets."""

    def __init__(self, items: list[_Item]):
        self.items = items
        self.left = [True] * len(items)
        points = [(i, p) for i, item in enumerate(items) for p in item.anchors()]
        xs = [p[0] for _, p in points]
        ys = [p[1] for _, p in points]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        # About one item per cell, also when all items lie on one line.
        self.cell = max(math.sqrt(w * h / len(items)), max(w, h) / len(items), 1e-3)
        self.buckets: dict[tuple[int, int], list[int]] = {}
        for i, p in points:
            bucket = self.buckets.setdefault(self._key(p), [])
            if not bucket or bucket[-1] != i:
                bucket.append(i)
        self.span = max(abs(k) for key in self.buckets for k in key) + 1

    def _key(self, p: Point) -> tuple[int, int]:
        return (math.floor(p[0] / self.cell), math.floor(p[1] / self.cell))

    def pop_nearest(self, p: Point) -> tuple[int, tuple[float, bool, int]]:
        """The nearest item still left (ties: the lowest index), and how to enter it."""
        cx, cy = self._key(p)
        best: tuple[tuple[float, bool, int], int] | None = None
        ring = 0
        while best is None or best[0][0] > (ring - 1) * self.cell:
            for key in _ring(cx, cy, ring):
                for i in self.buckets.get(key, ()):
                    if self.left[i]:
                        choice = self.items[i].best_entry_from(p)
                        if best is None or (choice[0], i) < (best[0][0], best[1]):
                            best = (choice, i)
            ring += 1
            if ring > self.span + abs(cx) + abs(cy) + 1:
                break
        # (the last rings reach every bucket, and an item is left: the caller asks
        # only while one is)
        assert best is not None
        choice, i = best
        self.left[i] = False
        return i, choice


def _ring(cx: int, cy: int, r: int):
    """Grid cells at Chebyshev distance ``r`` from (cx, cy)."""
    if r == 0:
        yield (cx, cy)
        return
    for dx in range(-r, r + 1):
        yield (cx + dx, cy - r)
        yield (cx + dx, cy + r)
    for dy in range(-r + 1, r):
        yield (cx - r, cy + dy)
        yield (cx + r, cy + dy)


def _two_opt(items: list[_Item], start: Point) -> bool:
    """Reverse runs of the sequence while that shortens the travel (open polylines in a
    reversed run are run backwards, so the jumps inside the run keep their lengths).
    True if the last pass found nothing to improve."""
    n = len(items)
    window = max(8, min(TWO_OPT_WINDOW, TWO_OPT_BUDGET // n))
    # Entry and exit points kept in lists beside the items (the inner loop is hot): a
    # reversed run swaps them, as an open polyline run backwards enters at its old exit.
    entries = [item.entry() for item in items]
    exits = [item.exit() for item in items]
    dist = math.dist
    # jumps[k]: from item k to item k + 1, kept up to date (the same values dist gives).
    jumps = [dist(exits[k], entries[k + 1]) for k in range(n - 1)] + [0.0]
    for _ in range(TWO_OPT_PASSES):
        improved = False
        for i in range(n - 1):
            before = exits[i - 1] if i else start
            first_entry = entries[i]
            jump_in = dist(before, first_entry)
            for j in range(i + 1, min(n, i + window)):
                if j + 1 < n:
                    old = jump_in + jumps[j]
                    new = dist(before, exits[j]) + dist(first_entry, entries[j + 1])
                else:
                    old, new = jump_in, dist(before, exits[j])
                if new < old - 1e-9:
                    items[i : j + 1] = items[i : j + 1][::-1]
                    run_in, run_out = entries[i : j + 1], exits[i : j + 1]
                    entries[i : j + 1], exits[i : j + 1] = run_out[::-1], run_in[::-1]
                    for k in range(max(i - 1, 0), min(j + 1, n - 1)):
                        jumps[k] = dist(exits[k], entries[k + 1])
                    for item in items[i : j + 1]:
                        if item.open:
                            item.reversed = not item.reversed
                    first_entry = entries[i]
                    jump_in = dist(before, first_entry)
                    improved = True
        if not improved:
            return True
    return False


def _choose_entries(items: list[_Item], start: Point) -> bool:
    """Start every closed polyline at the corner nearest to both of its jumps. True if
    any start changed."""
    changed = False
    for k, item in enumerate(items):
        if item.line is None or not item.line.closed:
            continue
        before = items[k - 1].exit() if k else start
        after = items[k + 1].entry() if k + 1 < len(items) else None
        corner = _nearest_corner(item.line, before, after)
        changed |= corner != item.entry_index
        item.entry_index = corner
    return changed


def _nearest_corner(line: Polyline, before: Point, after: Point | None) -> int:
    def cost(k: int) -> float:
        p = line.points[k]
        return math.dist(before, p) + (math.dist(p, after) if after is not None else 0.0)

    return min(range(len(line.points)), key=cost)


def _enter_near(shape: Shape, p: Point) -> Shape:
    item = _Item(shape)
    _, item.reversed, item.entry_index = item.best_entry_from(p)
    return item.shape()


def _reverse_open(line: Polyline) -> Polyline:
    bulges = line.bulges
    if bulges is not None:
        # Segment i (point i -> i+1) becomes segment n-2-i, run the other way round.
        inner = [-b for b in bulges[:-1]][::-1]
        bulges = (*inner, 0.0)
    return Polyline(line.points[::-1], False, bulges, line.style)


def _rotate_closed(line: Polyline, k: int) -> Polyline:
    points = line.points[k:] + line.points[:k]
    bulges = None if line.bulges is None else line.bulges[k:] + line.bulges[:k]
    return Polyline(points, True, bulges, line.style)
