"""The drawing of one island tile: cut outline, engraved circles, border and label."""

from __future__ import annotations

import math
from dataclasses import dataclass

from fabgen.draw.drawing import ENGRAVED_LINE, Circle, Drawing, Operation, Polyline, Shape, Text
from fabgen.draw.metrics import text_advance
from fabgen.errors import ParameterError, abridged
from fabgen.geometry.lattice import SQRT7
from fabgen.geometry.outline import RoundedPolygon
from fabgen.geometry.tile import DEFAULT_CIRCLE_RATIO, TileLayout
from fabgen.text import clean_label, undecodable

PAGE_MARGIN = 2.0  # mm around the cut line in a single-tile file
#: The least clear wood between an engraved border and a circle, mm: an engraved line
#: is 0.1 to 0.25 mm wide, so two lines closer than two line widths look like one
#: (docs/design-notes.md, *The engraved border keeps clear of the circles*). It keeps
#: as much from the edge as cut, or the cut burns it away or it reads as a second edge
#: (*The engraved border keeps clear of the edge*).
BORDER_GAP = 0.5


@dataclass(frozen=True)
class TileDrawingOptions:
    """What goes on a tile besides its outline and circles."""

    border_inset: float | None = None  # engraved line this far inside the finished edge (0: none)
    label: str | None = None  # small engraved text, e.g. a tile number
    label_height: float = 3.0  # mm

    def validate(self, layout: TileLayout) -> None:
        if not (0 < self.label_height < 20):
            raise ParameterError.about("label_height", "must be between 0 and 20 mm")
        if self.label:
            _check_label(self.label)
        inset = self.border_inset
        if inset is None or inset == 0:  # 0 is "no border", as in a kit file
            return
        if layout.outline is None:
            raise ParameterError.about(
                "border", "needs a generated outline, not one read from a drawing: leave it out"
            )
        if not (math.isfinite(inset) and inset > 0):
            raise ParameterError.about(
                "border", f"must be 0 (no border) or a positive number of mm, got {inset}"
            )
        room = _border_room(layout)
        nearest = BORDER_GAP + layout.edge_burn  # from the finished edge
        if _up(nearest) > _largest_border(room):
            raise ParameterError.about("border", _no_room_refusal(layout, inset, room, nearest))
        if inset < nearest - 1e-9:
            raise ParameterError.about("border", _edge_refusal(layout, inset, room, nearest))
        if inset > room - BORDER_GAP + 1e-9:
            raise ParameterError.about("border", _border_refusal(layout, inset, room))


def tile_shapes(layout: TileLayout, options: TileDrawingOptions):
    """Shapes of one tile in its own frame, by operation."""
    shapes: dict[Operation, list[Shape]] = {
        Operation.CUT: [Polyline.from_path(layout.cut_path)],
        Operation.ENGRAVE: [Circle(c, layout.circle_radius) for c in layout.circles],
    }
    border_inset = options.border_inset
    finished = layout.finished_outline() if border_inset else None  # (None: no outline)
    if border_inset and finished is not None:
        border = finished.offset_by(-border_inset)
        shapes[Operation.ENGRAVE].append(Polyline.from_path(border.path(), ENGRAVED_LINE))
    if options.label:
        inset = 1.0 + (options.border_inset or 0.0)
        shapes[Operation.LABEL] = [label_text(layout, options.label, options.label_height, inset)]
    return shapes


def tile_drawing(
    layout: TileLayout,
    options: TileDrawingOptions,
    *,
    title: str = "Atlantis island tile",
    metadata: dict | None = None,
) -> Drawing:
    options.validate(layout)
    drawing = Drawing(0.0, 0.0, title, dict(metadata or {}))
    for op, shapes in tile_shapes(layout, options).items():
        drawing.extend(op, shapes)
    return drawing.fit_page(PAGE_MARGIN)


def _check_label(label: str) -> None:
    """A label is text to engrave: bytes that are not UTF-8, or nothing but control
    characters, were engraved as an empty label without a word."""
    if undecodable(label):
        raise ParameterError.about(
            "label",
            "holds bytes that are not UTF-8 text, so it cannot be engraved: type the label "
            "in a UTF-8 terminal (or set PYTHONUTF8=1), or give it in a kit file",
        )
    if not clean_label(label).strip():
        raise ParameterError.about(
            "label",
            f"{abridged(label, quoted=True)} has nothing to engrave (only spaces or control "
            "characters): give letters or digits, or leave the label out",
        )


def label_text(layout: TileLayout, text: str, height: float, inset: float = 1.0) -> Text:
    """Text placed in the free band between the bottom circles and the bottom edge."""
    spot = label_spot(layout, height, text, inset)
    if spot is None:
        raise ParameterError.about(
            "label",
            f"{abridged(text, quoted=True)} is {text_advance(clean_label(text), height):.1f} "
            f"mm long at {height:g} mm high and does not fit between the circles and the "
            "edge; choose a shorter label",
        )
    return Text(spot, text, height, "center")


def label_spot(
    layout: TileLayout, height: float, text: str, inset: float = 1.0
) -> tuple[float, float] | None:
    """Baseline centre of a label: the spot near the bottom edge furthest from circles,
    at least ``inset`` mm inside the cut line (None: the label fits nowhere)."""
    import numpy as np
    import shapely
    from shapely.geometry import Polygon

    tile = Polygon(layout.cut_path.flattened(1e-3)).buffer(-inset, join_style="mitre")
    bottom = tile.bounds[1]
    # Vera's width, as the SVG and PDF set it (LibreCAD's DXF text measures the same):
    # 0.6 × the height per character was up to 2.3 times short, and labels ran over
    # circles and off the tile.
    width = text_advance(clean_label(text), height)  # as Text will draw it
    best, best_clear = None, 0.0  # a spot touching a circle is no spot
    span = (tile.bounds[2] - tile.bounds[0]) / 2
    lifts = (0.0, 1.0, 2.0, 3.0)
    spots = [(span * k / 50.0, bottom + lift) for k in range(-40, 41) for lift in lifts]
    # Every candidate box at once (shapely's array functions: the same tests, one call).
    x, y = np.array(spots).T
    boxes = np.column_stack((x - width / 2, y, x + width / 2, y + height))
    inside = np.flatnonzero(shapely.contains(tile, shapely.box(*boxes.T)))
    clears = _clearance(boxes[inside], np.array(layout.circles), layout.circle_radius)
    for i, clear in zip(inside.tolist(), clears.tolist(), strict=True):
        if clear > best_clear + 1e-9:
            best, best_clear = spots[i], clear
    return best


def _clearance(boxes, centres, radius):
    """Distance from each box (rows x0, y0, x1, y1) to the nearest circle, 0 where one
    touches it: exact, from each centre to the nearest point of the box."""
    import numpy as np

    x0, y0, x1, y1 = (boxes[:, k, None] for k in range(4))
    cx, cy = centres[:, 0], centres[:, 1]
    dx = np.maximum(np.maximum(x0 - cx, cx - x1), 0.0)
    dy = np.maximum(np.maximum(y0 - cy, cy - y1), 0.0)
    return np.maximum(np.hypot(dx, dy) - radius, 0.0).min(axis=1)


def _border_room(layout: TileLayout, corner_radius: float | None = None) -> float:
    """How far the circles keep from the finished edge, mm (with the outline's corners
    rounded to ``corner_radius`` instead, when given)."""
    from shapely.geometry import Point, Polygon

    outline = layout.finished_outline()
    assert outline is not None
    if corner_radius is not None:
        outline = RoundedPolygon(outline.vertices, corner_radius, outline.offset)
    finished = Polygon(outline.path().flattened(1e-4))
    return min(finished.exterior.distance(Point(c)) for c in layout.circles) - layout.circle_radius


def _border_refusal(layout: TileLayout, inset: float, room: float) -> str:
    """Why a border ``inset`` mm inside the edge is refused, and the largest border (or
    the largest corner radius) that keeps it :data:`BORDER_GAP` clear of the circles."""
    if inset >= room:
        problem = f"{inset:g} mm would run through the circles"
    else:
        problem = f"{inset:g} mm runs {_down(room - inset)} mm from the circles"
    largest = _largest_border(room)
    fixes = [f"a border of at most {largest:.2f} mm"] if largest >= 0.01 else []
    radius = _largest_corner_radius(layout, inset + BORDER_GAP)
    if radius is not None:
        fixes.append(f"a corner radius of at most {radius:.2f} mm")
    if not fixes:
        fixes = ["no border", "a larger tile or smaller circles"]
    return (
        f"{problem}, which come within {_down(room)} mm of the edge; a border keeps "
        f"{BORDER_GAP:g} mm clear of them (closer, the engraved lines look joined): "
        f"choose {' or '.join(fixes)}"
    )


def _largest_border(room: float) -> float:
    """The largest border that keeps :data:`BORDER_GAP` from circles ``room`` mm from the
    edge, rounded down to 0.01 mm so that it is accepted."""
    return math.floor((room - BORDER_GAP) * 100 + 1e-6) / 100


def _up(value: float) -> float:
    """A distance rounded up to 0.01 mm, so that the border it names is accepted."""
    return math.ceil(value * 100 - 1e-6) / 100


def _edge_refusal(layout: TileLayout, inset: float, room: float, nearest: float) -> str:
    """Why a border ``inset`` mm inside the edge is too close to it, and the borders that
    keep :data:`BORDER_GAP` from both the edge and the circles."""
    clear = inset - layout.edge_burn
    where = (
        "lies on the kerf the cut burns, which takes it away"
        if clear <= 0
        else f"leaves {_down(clear)} mm of wood to the edge as cut, which chars or breaks off"
    )
    return (
        f"{inset:g} mm {where}{_kerf_note(layout)}; a border keeps {BORDER_GAP:g} mm clear "
        f"of the edge as cut and of the circles: choose a border from {_up(nearest):.2f} to "
        f"{_largest_border(room):.2f} mm, or 0 for none"
    )


def _no_room_refusal(layout: TileLayout, inset: float, room: float, nearest: float) -> str:
    """Why this tile takes no border at all: its circles come too close to the edge for a
    line :data:`BORDER_GAP` clear of both."""
    need = nearest + BORDER_GAP
    fixes = ["0 (no border)"]
    radius = _largest_corner_radius(layout, need)
    if radius is not None:
        fixes.append(f"a corner radius of at most {radius:.2f} mm")
    fixes.extend(_wider_tile(layout, room, need))
    return (
        f"{inset:g} mm does not fit on this tile: its circles come within {_down(room)} mm "
        f"of the edge, and a border keeps {BORDER_GAP:g} mm clear of the edge as cut"
        f"{_kerf_note(layout)} and of the circles, {_up(need):.2f} mm in all: choose "
        f"{', '.join(fixes[:-1])} or {fixes[-1]}"
    )


def _kerf_note(layout: TileLayout) -> str:
    """Where the edge as cut lies, when the kerf moves it inside the outline."""
    if layout.edge_burn <= 0:
        return ""
    return (
        f" (the {layout.kerf:g} mm kerf, not compensated, burns {layout.edge_burn:g} mm "
        "inside the outline)"
    )


def _wider_tile(layout: TileLayout, room: float, need: float) -> list[str]:
    """A wider tile, by its width when the circles grow with it (the default circles on
    sharp corners: then the room grows in proportion), or smaller circles."""
    outline = layout.finished_outline()
    ratio = 2 * layout.circle_radius / layout.pitch
    if outline is None or outline.corner_radius > 0 or abs(ratio - DEFAULT_CIRCLE_RATIO) > 1e-9:
        return ["a wider tile", "smaller circles"]
    width = math.ceil(layout.pitch * SQRT7 * need / room * 100) / 100
    return [f"tiles from {width:.2f} mm wide", "smaller circles"]


def _down(value: float) -> str:
    """A distance rounded down to 0.01 mm, so that 0.4996 does not read as 0.50."""
    return f"{math.floor(value * 100 + 1e-9) / 100:.2f}"


def _largest_corner_radius(layout: TileLayout, room: float) -> float | None:
    """The largest corner radius (rounded down to 0.01 mm) below the outline's own at
    which the circles keep ``room`` mm from the edge; None when none does (a sharp
    outline, or one whose sharp corners are not the reason)."""
    outline = layout.finished_outline()
    assert outline is not None
    if outline.corner_radius <= 0 or _border_room(layout, 0.0) < room:
        return None
    low, high = 0.0, outline.corner_radius  # the room shrinks as the corners grow
    for _ in range(40):
        mid = (low + high) / 2
        low, high = (mid, high) if _border_room(layout, mid) >= room else (low, mid)
    radius = math.floor(low * 100) / 100
    while radius > 0 and _border_room(layout, radius) < room:
        radius = round(radius - 0.01, 2)
    return radius
