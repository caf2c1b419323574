"""Cut every edge once: merge the cut lines of neighbouring pieces into few long paths.

Tiles on a shared-edge lattice sit one cut-line width apart, so the edge between two
neighbours is in both tiles' cut paths. This module turns the cut paths of all pieces
into a graph whose nodes are the path corners (points closer than ``tolerance`` are one
node) and whose edges are the straight or arc segments, each edge once. The graph is
then covered by as few continuous paths as possible: a closed path for every part in
which each node has an even number of edges, otherwise one open path per pair of
odd nodes (no cover uses fewer), following an Euler circuit split at joins added
between the odd nodes.

Shared parts must be whole segments in both pieces, as with hexagons (the flats of
rounded hexagons too: their fillets end at the same points on both sides). Segments
that overlap only in part are not detected here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fabgen.geometry.lattice import Point
from fabgen.geometry.outline import Path

DEFAULT_TOLERANCE = 1e-6  # mm: corners closer than this are the same corner


@dataclass(frozen=True)
class Edge:
    """A segment between nodes ``a`` and ``b``; ``bulge`` as seen going from a to b."""

    a: int
    b: int
    bulge: float

    def bulge_from(self, node: int) -> float:
        return self.bulge if node == self.a else -self.bulge

    def other(self, node: int) -> int:
        return self.b if node == self.a else self.a


class CutGraph:
    """Nodes and de-duplicated edges of a set of cut paths."""

    def __init__(self, tolerance: float = DEFAULT_TOLERANCE):
        self.tolerance = tolerance
        self.points: list[Point] = []
        self.edges: list[Edge] = []
        self._cells: dict[tuple[int, int], list[int]] = {}
        self._keys: dict[tuple[int, int, float], int] = {}
        self.duplicates = 0  # segments dropped because an identical one was there

    def add_path(self, path: Path) -> None:
        for start, end, bulge in path.segments():
            self.add_segment(start, end, bulge)

    def add_segment(self, start: Point, end: Point, bulge: float = 0.0) -> None:
        a, b = self.node(start), self.node(end)
        if a == b:
            return  # zero length (arcs here are never full circles)
        if a > b:
            a, b, bulge = b, a, -bulge
        key = (a, b, _bulge_key(bulge))
        if key in self._keys:
            self.duplicates += 1
            return
        self._keys[key] = len(self.edges)
        self.edges.append(Edge(a, b, bulge))

    def node(self, p: Point) -> int:
        """The id of the node at ``p``, merging points within the tolerance."""
        t = self.tolerance
        cx, cy = math.floor(p[0] / t), math.floor(p[1] / t)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for i in self._cells.get((cx + dx, cy + dy), ()):
                    if math.dist(self.points[i], p) <= t:
                        return i
        self.points.append(p)
        self._cells.setdefault((cx, cy), []).append(len(self.points) - 1)
        return len(self.points) - 1

    def paths(self) -> list[Path]:
        """Continuous paths covering every edge exactly once, as few as possible."""
        incident: list[list[int]] = [[] for _ in self.points]
        for i, e in enumerate(self.edges):
            incident[e.a].append(i)
            incident[e.b].append(i)
        out: list[Path] = []
        for component in self._components(incident):
            out.extend(self._cover(component, incident))
        return out

    # ---- internals ----------------------------------------------------------------

    def _components(self, incident: list[list[int]]) -> Iterable[list[int]]:
        seen = [False] * len(self.points)
        for start in range(len(self.points)):
            if seen[start] or not incident[start]:
                continue
            seen[start] = True
            stack, nodes = [start], []
            while stack:
                v = stack.pop()
                nodes.append(v)
                for e in incident[v]:
                    w = self.edges[e].other(v)
                    if not seen[w]:
                        seen[w] = True
                        stack.append(w)
            yield sorted(nodes)

    def _cover(self, nodes: list[int], incident: list[list[int]]) -> list[Path]:
        odd = [v for v in nodes if len(incident[v]) % 2]
        joins = self._pair_up(odd)
        # Euler circuit over real edges plus one join per pair of odd nodes.
        adjacency = {v: [(e, self.edges[e].other(v), False) for e in incident[v]] for v in nodes}
        for k, (u, w) in enumerate(joins):
            adjacency[u].append((k, w, True))
            adjacency[w].append((k, u, True))
        start = joins[0][0] if joins else nodes[0]
        circuit = _euler_circuit(start, adjacency)
        if not joins:
            return [self._path(start, circuit, closed=True)]
        # Start right after a join, then cut the circuit at every join.
        first = next(i for i, step in enumerate(circuit) if step[2])
        circuit = circuit[first + 1 :] + circuit[: first + 1]
        paths: list[Path] = []
        run: list[tuple[int, int, bool]] = []
        at = circuit[-1][1]
        for step in circuit:
            if step[2]:
                paths.append(self._path(at, run, closed=False))
                run, at = [], step[1]
            else:
                run.append(step)
        return paths

    def _pair_up(self, odd: list[int]) -> list[tuple[int, int]]:
        """Pair odd nodes, each with the nearest one left (any pairing gives the same
        number of paths; near pairs keep the joins short)."""
        left = sorted(odd, key=lambda v: (self.points[v][0], self.points[v][1], v))
        pairs = []
        while left:
            u = left.pop(0)
            k = min(range(len(left)), key=lambda i: math.dist(self.points[u], self.points[left[i]]))
            pairs.append((u, left.pop(k)))
        return pairs

    def _path(self, start: int, steps: Sequence[tuple[int, int, bool]], closed: bool) -> Path:
        points, bulges, at = [self.points[start]], [], start
        for e, to, _ in steps:
            bulges.append(self.edges[e].bulge_from(at))
            points.append(self.points[to])
            at = to
        if closed:
            points.pop()  # back at the start
        else:
            bulges.append(0.0)
        return Path(tuple(points), tuple(bulges), closed)


def merge_cut_paths(paths: Iterable[Path], tolerance: float = DEFAULT_TOLERANCE) -> list[Path]:
    """The cut paths of all pieces with every shared segment cut once, as continuous paths."""
    graph = CutGraph(tolerance)
    for path in paths:
        graph.add_path(path)
    return graph.paths()


def _euler_circuit(
    start: int, adjacency: dict[int, list[tuple[int, int, bool]]]
) -> list[tuple[int, int, bool]]:
    """Hierholzer: the steps ``(edge, to_node, is_join)`` of a circuit using every edge
    once (each node has an even number of edge ends)."""
    used_real: set[int] = set()
    used_join: set[int] = set()
    position = dict.fromkeys(adjacency, 0)
    stack: list[tuple[int, tuple[int, int, bool] | None]] = [(start, None)]
    reversed_steps = []
    while stack:
        v, arrived_by = stack[-1]
        options = adjacency[v]
        while position[v] < len(options):
            e, _, join = options[position[v]]
            if e not in (used_join if join else used_real):
                break
            position[v] += 1
        if position[v] == len(options):
            stack.pop()
            if arrived_by is not None:
                reversed_steps.append(arrived_by)
            continue
        e, w, join = options[position[v]]
        (used_join if join else used_real).add(e)
        stack.append((w, (e, w, join)))
    return reversed_steps[::-1]


def _bulge_key(bulge: float) -> float:
    return 0.0 if abs(bulge) < 1e-12 else round(bulge, 9)
