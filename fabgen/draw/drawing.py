"""The neutral 2-D drawing model that the SVG, DXF and PDF writers all render.

A :class:`Drawing` is a page in millimetres (origin bottom-left, y up) with one layer
per :class:`Operation`. Layers say what a machine does with a shape, not what colour
it has; a colour profile maps operations to colours when a file is written. Shapes on
the ``print`` layer may carry a :class:`Style` (fill, stroke, line width) for paper.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from fabgen.geometry.outline import Path, arc_centre_radius
from fabgen.text import clean_label

Point = tuple[float, float]


class Operation(StrEnum):
    """What happens to a shape. The order is the order of layers in every file, which
    is also the order a laser runs them: engrave and score before any cut."""

    PRINT = "print"
    ENGRAVE = "engrave"
    SCORE = "score"
    LABEL = "label"
    CUT = "cut"

    @property
    def layer_label(self) -> str:
        """The layer's name for people (Inkscape's layer label); not ``title``, which
        would hide ``str.title``."""
        return {
            "print": "Print",
            "engrave": "Engrave",
            "score": "Score (light line)",
            "label": "Label (engraved text)",
            "cut": "Cut",
        }[self.value]


LAYER_ORDER: tuple[Operation, ...] = tuple(Operation)


@dataclass(frozen=True)
class Style:
    """Paper appearance of a shape on the print layer. Colours are ``#rrggbb``."""

    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.25  # mm
    dash: tuple[float, ...] | None = None  # mm on, mm off, ...
    bold: bool = False  # text only


#: The style of an engraved *line* (a tile's border), as opposed to an area (a circle):
#: a profile that fills engraved shapes for raster engraving (Ponoko) must not fill it,
#: or the whole face inside the border would be burnt; it gets the vector colour.
ENGRAVED_LINE = Style(fill=None, width=0.0)  # (width 0: told apart from print styles by value)


@dataclass(frozen=True)
class Polyline:
    """Straight segments and arcs (``bulges`` as in :class:`~fabgen.geometry.outline.Path`)."""

    points: tuple[Point, ...]
    closed: bool = False
    bulges: tuple[float, ...] | None = None
    style: Style | None = None

    @classmethod
    def from_path(cls, path: Path, style: Style | None = None) -> Polyline:
        bulges = path.bulges if any(path.bulges) else None
        return cls(path.points, path.closed, bulges, style)

    @property
    def path(self) -> Path:
        n = len(self.points)
        return Path(self.points, self.bulges or (0.0,) * n, self.closed)

    def segments(self):
        return self.path.segments()

    def bbox(self) -> tuple[float, float, float, float]:
        pts = list(self.points)
        for start, end, bulge in self.segments():
            if bulge:
                pts.extend(_arc_extremes(start, end, bulge))
        return _bbox_of(pts)


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float
    style: Style | None = None

    def bbox(self) -> tuple[float, float, float, float]:
        (x, y), r = self.centre, self.radius
        return (x - r, y - r, x + r, y + r)


@dataclass(frozen=True)
class Text:
    """A line of text; ``position`` is the anchor point on the baseline."""

    position: Point
    text: str
    height: float  # cap height in mm, as CAD programs measure text
    align: str = "center"  # left | center | right
    style: Style | None = None
    angle: float = 0.0  # degrees, counter-clockwise

    def __post_init__(self):
        # Every writer (SVG, DXF, PDF) draws text from here: keep it writable.
        object.__setattr__(self, "text", clean_label(self.text))

    def bbox(self) -> tuple[float, float, float, float]:
        # Approximate: 0.6 em per character is enough to size a page.
        w = 0.6 * self.height * len(self.text)
        x0 = {"left": 0.0, "center": -w / 2, "right": -w}[self.align]
        x, y = self.position
        return (x + x0, y, x + x0 + w, y + self.height)

    def box(self) -> tuple[float, float, float, float]:
        """The ink's box (x0, y0, x1, y1) from Vera's metrics: the advance width, and
        from the descenders below the baseline to the ascenders above it, turned with
        the text. Use it to keep labels apart; :meth:`bbox` only sizes pages."""
        from fabgen.draw.metrics import ASCENT, DESCENT, text_advance

        w = text_advance(self.text, self.height, bool(self.style and self.style.bold))
        x0 = {"left": 0.0, "center": -w / 2, "right": -w}[self.align]
        corners = [
            (u, v) for u in (x0, x0 + w) for v in (-DESCENT * self.height, ASCENT * self.height)
        ]
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        x, y = self.position
        return _bbox_of([(x + u * c - v * s, y + u * s + v * c) for u, v in corners])


def boxes_overlap(a: tuple[float, ...], b: tuple[float, ...], gap: float = 0.0) -> bool:
    """Do two boxes (x0, y0, x1, y1) overlap, or come closer than ``gap``?"""
    return not (
        a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]
    )


Shape = Polyline | Circle | Text


@dataclass
class Drawing:
    """A page of shapes, grouped by operation. All sizes in millimetres."""

    width: float
    height: float
    title: str = ""
    metadata: dict[str, object] = field(default_factory=dict)
    layers: dict[Operation, list[Shape]] = field(default_factory=dict)

    def __post_init__(self):
        # The title and metadata go into SVG <title>/<desc>, DXF headers and PDF info.
        self.title = clean_label(self.title)
        self.metadata = {
            k: clean_label(v, 10_000) if isinstance(v, str) else v for k, v in self.metadata.items()
        }

    def add(self, operation: Operation | str, *shapes: Shape) -> None:
        self.layers.setdefault(Operation(operation), []).extend(shapes)

    def extend(self, operation: Operation | str, shapes: Iterable[Shape]) -> None:
        self.add(operation, *shapes)

    def shapes(self, operation: Operation | str) -> list[Shape]:
        return self.layers.get(Operation(operation), [])

    def ordered_layers(self) -> Iterator[tuple[Operation, list[Shape]]]:
        """Non-empty layers in file (and machine) order."""
        for op in LAYER_ORDER:
            if self.layers.get(op):
                yield op, self.layers[op]

    def bbox(self) -> tuple[float, float, float, float] | None:
        return self._extent(Text.bbox)

    def ink_bbox(self) -> tuple[float, float, float, float] | None:
        """The box (x0, y0, x1, y1) round everything drawn, text measured in Vera
        (:meth:`Text.box`): :meth:`bbox` takes 0.6 cap heights a letter, about two
        thirds of Vera's width, and a page fitted to it cut off the end of a title or a
        legend line wider than the board (``rules turn --svg`` on a 3-tile board)."""
        return self._extent(Text.box)

    def _extent(self, text_box) -> tuple[float, float, float, float] | None:
        boxes = [
            text_box(s) if isinstance(s, Text) else s.bbox()
            for _, shapes in self.ordered_layers()
            for s in shapes
        ]
        if not boxes:
            return None
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def translated(self, dx: float, dy: float) -> Drawing:
        out = Drawing(self.width, self.height, self.title, dict(self.metadata))
        for op, shapes in self.layers.items():
            out.layers[op] = [translate(s, dx, dy) for s in shapes]
        return out

    def fit_page(self, margin: float) -> Drawing:
        """The same drawing moved so its content, text in its real width, starts at
        ``margin``, page sized to fit."""
        box = self.ink_bbox()
        if box is None:
            return Drawing(2 * margin, 2 * margin, self.title, dict(self.metadata))
        out = self.translated(margin - box[0], margin - box[1])
        out.width = box[2] - box[0] + 2 * margin
        out.height = box[3] - box[1] + 2 * margin
        return out


def translate(shape: Shape, dx: float, dy: float) -> Shape:
    if isinstance(shape, Polyline):
        pts = tuple((x + dx, y + dy) for x, y in shape.points)
        return Polyline(pts, shape.closed, shape.bulges, shape.style)
    if isinstance(shape, Circle):
        return Circle((shape.centre[0] + dx, shape.centre[1] + dy), shape.radius, shape.style)
    return Text(
        (shape.position[0] + dx, shape.position[1] + dy),
        shape.text,
        shape.height,
        shape.align,
        shape.style,
        shape.angle,
    )


def _bbox_of(pts: list[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _arc_extremes(start: Point, end: Point, bulge: float) -> list[Point]:
    """Points where the arc reaches its extreme x or y (for bounding boxes)."""
    (cx, cy), r = arc_centre_radius(start, end, bulge)
    a0 = math.atan2(start[1] - cy, start[0] - cx)
    sweep = 4.0 * math.atan(bulge)
    out = []
    for k in range(4):
        a = k * math.pi / 2
        rel = (a - a0) % math.tau if sweep > 0 else (a0 - a) % math.tau
        if rel <= abs(sweep):
            out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out
