"""Room on a drawing: what is already drawn (label boxes, round stacks and badges,
arrow shafts), and questions about whether something new would touch any of it.

Used to place seat badges, tile numbers and turn arrows on the setup diagram so that
none of them covers another or a stack of stones. Boxes come from
:meth:`~fabgen.draw.drawing.Text.box` (Vera's metrics), circles are exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from fabgen.draw.clip import Rect, clip_segment
from fabgen.draw.drawing import boxes_overlap

Point = tuple[float, float]
Box = tuple[float, float, float, float]


def circle_touches_box(centre: Point, radius: float, box: Box, gap: float = 0.0) -> bool:
    x = min(max(centre[0], box[0]), box[2])
    y = min(max(centre[1], box[1]), box[3])
    return math.hypot(centre[0] - x, centre[1] - y) < radius + gap


def segment_touches_box(p: Point, q: Point, box: Box, gap: float = 0.0) -> bool:
    rect = Rect(box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap)
    return clip_segment(p, q, rect) is not None


def segment_distance(p: Point, q: Point, c: Point) -> float:
    """Distance from point ``c`` to segment pq."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / length2))
    )
    return math.hypot(p[0] + t * dx - c[0], p[1] + t * dy - c[1])


def segments_cross(a: Point, b: Point, c: Point, d: Point, gap: float = 0.0) -> bool:
    """Do segments ab and cd cross, or come closer than ``gap``?"""

    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 and d2 and d3 and d4:
        return True
    return (
        min(
            segment_distance(c, d, a),
            segment_distance(c, d, b),
            segment_distance(a, b, c),
            segment_distance(a, b, d),
        )
        < gap
    )


@dataclass
class Room:
    """Everything placed so far: label boxes, circles (stacks, badges) and segments."""

    boxes: list[Box] = field(default_factory=list)
    circles: list[tuple[Point, float]] = field(default_factory=list)
    segments: list[tuple[Point, Point]] = field(default_factory=list)

    def box_hits(self, box: Box, gap: float = 0.0) -> int:
        return (
            sum(boxes_overlap(box, other, gap) for other in self.boxes)
            + sum(circle_touches_box(c, r, box, gap) for c, r in self.circles)
            + sum(segment_touches_box(p, q, box, gap) for p, q in self.segments)
        )

    def circle_hits(self, centre: Point, radius: float, gap: float = 0.0) -> int:
        return (
            sum(circle_touches_box(centre, radius, box, gap) for box in self.boxes)
            + sum(math.dist(centre, c) < radius + r + gap for c, r in self.circles)
            + sum(segment_distance(p, q, centre) < radius + gap for p, q in self.segments)
        )

    def segment_hits(self, p: Point, q: Point, gap: float = 0.0) -> int:
        return (
            sum(segment_touches_box(p, q, box, gap) for box in self.boxes)
            + sum(segment_distance(p, q, c) < r + gap for c, r in self.circles)
            + sum(segments_cross(p, q, a, b, gap) for a, b in self.segments)
        )
