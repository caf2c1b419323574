"""Recognise an island tile in a maker's own drawing and turn it into a TileLayout.

Finds the outline (the largest closed shape) and the circles inside it, checks that
there are seven (one in the middle, six around it), infers the pitch, the circle size,
the width across the flats and the angle between the circle rows and the line to the
next tile, and decides whether this is the island pattern (±19.11°).
"""

from __future__ import annotations

import cmath
import math
from dataclasses import dataclass, field
from pathlib import Path

from fabgen.errors import InputFileError
from fabgen.geometry.alignment import contact_distance, pattern_fit
from fabgen.geometry.lattice import SQRT3, TILE_ANGLE_DEG, Handedness, TileLattice
from fabgen.geometry.outline import Path as OutlinePath
from fabgen.geometry.tile import FRAME_A_DEG, TileLayout
from fabgen.limits import limit_for
from fabgen.readers.shapes import DrawnCircle, DrawnOutline, read_shapes

ANGLE_TOLERANCE_DEG = 1.0  # how far from ±19.11° still counts as "meant to be" the pattern
MAX_OUTLINE_POINTS = 200_000
"""Most points of the cut line checked at all: shapely's validity check of a path that
runs back and forth over itself grows faster than its points (200,000: 2.5 s; a
million did not end in a minute); a tile's outline has some hundreds."""
MAX_REPAIRED_POINTS = 1000
"""Most points of a cut line that crosses or retraces itself that are repaired (shapely's
buffer(0)); a tile's outline has some hundreds. A path running back and forth over one
line 10,000 times took 44 s and 12 GB to repair (1,000 points: 1 s)."""


@dataclass
class DrawingAnalysis:
    source: str
    units_note: str
    outline_name: str = ""
    outline_kind: str = ""
    circles_found: int = 0
    width_mm: float = 0.0
    width_spread_mm: float = 0.0
    pitch_mm: float = 0.0
    circle_diameter_mm: float = 0.0
    angle_deg: float = 0.0
    handedness: str = ""
    is_island: bool = False
    problems: list[str] = field(default_factory=list)
    made_for_kerf_mm: float = 0.0  # fabgen drew the cut line out for this kerf (its file)

    def to_json(self) -> dict:
        return dict(self.__dict__)


def read_tile_drawing(path: str | Path, dpi: float = 96.0) -> tuple[TileLayout, DrawingAnalysis]:
    """The tile drawn in ``path`` and what was inferred from it.

    Raises :class:`InputFileError` when the file holds no recognisable tile; a tile
    whose circles are not in the island pattern comes back with ``is_island`` False.
    """
    shapes = read_shapes(path, dpi)
    if shapes.sheet_tiles:
        raise InputFileError(
            str(path),
            f"this is a sheet of {shapes.sheet_tiles} tiles made by fabgen (its settings say "
            "so), whose neighbouring tiles share their cut lines, so no tile's outline is "
            "drawn whole; check one tile instead: a kit's laser/test-tile.svg, or the file "
            "of fabgen tile with the sheet's tile options",
        )
    analysis = DrawingAnalysis(
        source=str(path), units_note=shapes.units_note, made_for_kerf_mm=shapes.made_for_kerf_mm
    )
    outline = _main_outline(path, shapes.outlines, shapes.circles)
    circles = _circles_inside(path, outline, shapes.circles, shapes.missing_circles)
    analysis.outline_name = outline.name
    analysis.circles_found = len(circles)
    middle, outer = _order_circles(circles)
    a, _ = pattern_fit([middle.centre] + [c.centre for c in outer])
    rows_deg = math.degrees(cmath.phase(a))
    analysis.pitch_mm = abs(a)
    analysis.circle_diameter_mm = 2 * sum(c.radius for c in circles) / len(circles)
    _check_sizes(circles, analysis)
    kind, normal_deg = _outline_shape(outline, abs(a))
    handedness, a_deg = _pattern_angle(kind, normal_deg, rows_deg, analysis)
    width, spread = _width(outline, kind, normal_deg, a_deg)
    analysis.outline_kind, analysis.width_mm, analysis.width_spread_mm = kind, width, spread
    _check_width(path, width, shapes.units_note)
    ordered = (middle, *outer)
    layout = TileLayout(
        cut_path=OutlinePath(outline.points, (0.0,) * len(outline.points)),
        circles=tuple(c.centre for c in ordered),
        circle_radius=analysis.circle_diameter_mm / 2,
        pitch=analysis.pitch_mm,
        handedness=handedness,
        lattice_a_deg=a_deg,
        circle_labels=tuple(c.name for c in ordered),
    )
    return layout, analysis


ROUND_OUTLINE_CANDIDATES = 8
"""The largest circles that may be a round outline (a rounded hexagon close to a circle);
the rest are too small to hold the others."""


def _main_outline(path, outlines: list[DrawnOutline], circles: list[DrawnCircle]) -> DrawnOutline:
    """The largest closed shape. A round one counts when other circles lie inside it:
    a hexagon with corners rounded almost to a circle is round within a few µm."""
    import numpy as np
    import shapely
    from shapely.geometry import Polygon

    candidates = list(outlines)
    xs = np.array([c.centre[0] for c in circles])
    ys = np.array([c.centre[1] for c in circles])
    largest = sorted(circles, key=lambda c: c.radius, reverse=True)[:ROUND_OUTLINE_CANDIDATES]
    for circle in largest:
        ring = circle.ring or _sampled(circle)
        # More than one centre inside: its own and another circle's.
        if np.count_nonzero(shapely.contains_xy(Polygon(ring), xs, ys)) > 1:
            candidates.append(DrawnOutline(ring, circle.name))
    if not candidates:
        raise InputFileError(
            str(path),
            "found no closed outline: draw the tile's cut line as one closed path or polyline "
            "(or lines and arcs that join end to end)",
        )
    return max(candidates, key=lambda o: abs(Polygon(o.points).area))


def _check_width(path, width: float, units_note: str) -> None:
    """A tile of 5 to 2,000 mm, as fabgen makes them: a size far outside is a drawing
    in other units than it says (metres, microns, a page size off by a factor). The cut
    line is measured, so a drawn width up to the largest kerf above the range passes
    (fabgen's own 2,000 mm tile is drawn 2,000.15 mm wide for a 0.15 mm kerf), and so
    does a width off by rounding (2,000.0000001 mm)."""
    limit = limit_for("width")
    kerf = limit_for("kerf")
    assert limit is not None and kerf is not None
    slack = 1e-9 * limit.high
    if math.isfinite(width) and limit.low - slack <= width <= limit.high + kerf.high + slack:
        return
    size = f"{width:,.1f}" if width >= 1 else f"{width:.3g}"
    units = (
        "the width, height and viewBox of the drawing's page"
        if Path(path).suffix.lower() == ".svg"
        else "the drawing's $INSUNITS (4 for millimetres)"
    )
    raise InputFileError(
        str(path),
        f"the tile is {size} mm across the flats ({units_note}); a tile is "
        f"{limit.describe()}. Check {units} and the size the tile is drawn at",
    )


def _sampled(circle: DrawnCircle, n: int = 96) -> tuple[tuple[float, float], ...]:
    (x, y), r = circle.centre, circle.radius
    return tuple(
        (x + r * math.cos(math.tau * k / n), y + r * math.sin(math.tau * k / n)) for k in range(n)
    )


def _circles_inside(
    path, outline: DrawnOutline, circles: list[DrawnCircle], missing: str = ""
) -> list[DrawnCircle]:
    from shapely.geometry import Point, Polygon

    if len(outline.points) > MAX_OUTLINE_POINTS:
        raise InputFileError(
            str(path),
            f"the cut line ({outline.name}) has {len(outline.points):,} points; a tile's "
            f"outline has some hundreds, and fabgen checks at most {MAX_OUTLINE_POINTS:,}: "
            "simplify the path in the drawing program (Inkscape: Path > Simplify)",
        )
    poly = Polygon(outline.points)
    if not poly.is_valid:
        if len(outline.points) > MAX_REPAIRED_POINTS:
            raise InputFileError(
                str(path),
                f"the cut line ({outline.name}) crosses or runs back over itself, and has "
                f"{len(outline.points):,} points, too many to straighten out: draw the "
                "tile's outline as one closed path that does not cross itself",
            )
        poly = poly.buffer(0)
    inside = [c for c in circles if c.name != outline.name and poly.contains(Point(c.centre))]
    if len(inside) != 7:
        where = f"inside the outline ({outline.name})"
        raise InputFileError(
            str(path),
            f"found {len(inside)} circle{'s' if len(inside) != 1 else ''} {where}; an island "
            "tile has exactly 7 (one in the middle and six around it). Draw one tile per file "
            "with its circles as circles or closed round paths."
            + (f" ({missing}.)" if missing and len(inside) < 7 else ""),
        )
    return inside


def _order_circles(circles: list[DrawnCircle]) -> tuple[DrawnCircle, list[DrawnCircle]]:
    """The middle circle, then the six others counter-clockwise."""
    cx = sum(c.centre[0] for c in circles) / 7
    cy = sum(c.centre[1] for c in circles) / 7
    middle = min(circles, key=lambda c: math.dist(c.centre, (cx, cy)))
    others = [c for c in circles if c is not middle]
    mx, my = middle.centre

    def angle(c: DrawnCircle) -> float:
        return math.atan2(c.centre[1] - my, c.centre[0] - mx) % math.tau

    others.sort(key=angle)
    return middle, others


def _check_sizes(circles: list[DrawnCircle], analysis: DrawingAnalysis) -> None:
    _check_round(circles, analysis)
    radii = [c.radius for c in circles]
    if max(radii) - min(radii) > 0.02 * max(radii):
        small = min(circles, key=lambda c: c.radius)
        analysis.problems.append(
            f"circles differ in size: diameters from {2 * min(radii):.2f} to "
            f"{2 * max(radii):.2f} mm (smallest: {small.name})"
        )
    gap = min(
        math.dist(a.centre, b.centre) - a.radius - b.radius
        for i, a in enumerate(circles)
        for b in circles[i + 1 :]
    )
    if gap < 0:
        analysis.problems.append(f"neighbouring circles overlap by {-gap:.3f} mm")


def _check_round(circles: list[DrawnCircle], analysis: DrawingAnalysis) -> None:
    """Circles stretched or skewed into ellipses (a transform, a tilted view): one
    problem per circle, with its two diameters, then what to do."""
    oval = [c for c in circles if not c.is_round]
    for circle in oval:
        big, small = circle.diameters
        analysis.problems.append(
            f"{circle.name} is not round: an ellipse of {big:.3f} × {small:.3f} mm (its "
            f"diameters differ by {big - small:.3f} mm, {100 * (big - small) / big:.1f}%)"
        )
    if oval:
        analysis.problems.append(
            "a skew or an unequal scale among the drawing's transforms stretches circles into "
            "ellipses: remove that transform, or draw the circles again as circles"
        )


def _outline_shape(outline: DrawnOutline, pitch: float) -> tuple[str, float]:
    """Kind of outline and the direction of one flat's normal (a rosette's: of one cell's
    flat)."""
    from shapely.geometry import Polygon

    poly = Polygon(outline.points)
    pts = outline.points
    acc = 0j
    for k in range(len(pts)):
        (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % len(pts)]
        length = math.hypot(x1 - x0, y1 - y0)
        acc += length * cmath.exp(6j * math.atan2(y1 - y0, x1 - x0))
    edge_deg = math.degrees(cmath.phase(acc)) / 6.0
    normal_deg = edge_deg + 30.0
    convex = poly.convex_hull.area - abs(poly.area) <= 0.002 * abs(poly.area)
    cell_area = 7 * SQRT3 / 2 * pitch**2
    if convex:
        kind = "hexagon"
    elif abs(abs(poly.area) - cell_area) <= 0.05 * cell_area:
        kind = "rosette"
    else:
        kind = "other"
    return kind, normal_deg


def _width(outline: DrawnOutline, kind: str, normal_deg: float, a_deg: float):
    """Mean width across the flats (the distance between neighbouring tile centres) and
    its spread over the three directions. A rosette has no flats facing its neighbours:
    its width is the centre distance at which two of them touch along the lattice."""
    if kind == "rosette":
        from shapely.geometry import Polygon

        polygon = Polygon(outline.points)
        widths = [contact_distance(polygon, a_deg + 60.0 * k) for k in range(3)]
    else:
        widths = [_extent(outline.points, normal_deg + 60.0 * k) for k in range(3)]
    return sum(widths) / 3, max(widths) - min(widths)


def _extent(pts, deg: float) -> float:
    ux, uy = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    proj = [x * ux + y * uy for x, y in pts]
    return max(proj) - min(proj)


def _pattern_angle(kind, normal_deg, rows_deg, analysis: DrawingAnalysis):
    """Handedness and tile-lattice direction from the outline and the circle rows."""
    if kind == "other":
        analysis.problems.append(
            "the outline is neither a hexagon nor a seven-cell rosette, so tiles cannot be "
            "laid edge to edge on the island lattice"
        )
        return Handedness.CCW, rows_deg + TILE_ANGLE_DEG
    if kind == "rosette":
        return _rosette_angle(normal_deg, rows_deg, analysis)
    delta = _wrap60(normal_deg - rows_deg)
    analysis.angle_deg = delta
    handedness = Handedness.CCW if delta > 0 else Handedness.CW
    analysis.handedness = handedness.value
    if abs(abs(delta) - TILE_ANGLE_DEG) > ANGLE_TOLERANCE_DEG:
        analysis.problems.append(
            f"the circle rows are turned {delta:+.2f}° from the line to the next tile; the "
            f"island pattern needs ±{TILE_ANGLE_DEG:.2f}° so that rows run straight across tiles"
        )
    analysis.is_island = not analysis.problems
    # The real flat normal (not the ideal angle) decides where the next tile sits.
    return handedness, rows_deg + delta


def _rosette_angle(normal_deg, rows_deg, analysis: DrawingAnalysis):
    """A rosette's edges are perpendicular to the rows and it is its own mirror image, so
    it fits either lattice: its handedness is how it lies on the page, read as fabgen
    draws it (the next tile at FRAME_A_DEG, so a cw tile's rows at 49.11° and a ccw
    tile's at 10.89°)."""
    offset = _wrap60(normal_deg - rows_deg)
    handedness = Handedness.CCW if _wrap60(FRAME_A_DEG - rows_deg) > 0 else Handedness.CW
    angle = TileLattice(handedness).angle_deg
    analysis.angle_deg = angle
    analysis.handedness = handedness.value
    analysis.is_island = abs(offset) <= ANGLE_TOLERANCE_DEG and not analysis.problems
    if abs(offset) > ANGLE_TOLERANCE_DEG:
        analysis.problems.append(
            f"the circle rows are turned {offset:.2f}° from the rosette's cells; they must "
            "line up with them"
        )
    return handedness, rows_deg + angle


def _wrap60(deg: float) -> float:
    """Angle reduced to (-30°, 30°]."""
    return -((-deg + 30.0) % 60.0 - 30.0)
