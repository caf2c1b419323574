"""The island tile: seven circles on the hex lattice inside a hexagon or rosette outline.

:class:`TileGeometry` is the exact, validated design a maker asks for. Every tile
also has a :class:`TileLayout`: where its cut line and circle centres lie in the
tile's own frame. Layouts come from a TileGeometry, from the maker's blog figures
(:mod:`fabgen.geometry.blog`) or from a maker's own drawing; the drawing builder and
the alignment check work on layouts, so all three are drawn and checked alike.

Tile frame: the tile centre at the origin, the neighbouring-tile direction A at 30°
and B at 90°, so a hexagon outline has flat top and bottom edges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

from fabgen.errors import ParameterError
from fabgen.geometry.lattice import (
    NEIGHBOUR_STEPS,
    SQRT3,
    SQRT7,
    Handedness,
    Point,
    TileLattice,
    field_xy,
    rotate_xy,
)
from fabgen.geometry.outline import Path, RoundedPolygon, regular_polygon
from fabgen.settings import default as _default

#: Direction of tile vector A in the tile frame (flat-top hexagon).
FRAME_A_DEG = 30.0
DEFAULT_WIDTH: float = _default("width")
DEFAULT_CIRCLE_RATIO = 0.6


#: The tile parameters users set (command-line options, the kit file's [tile] section).
TILE_PARAMETERS = (
    "width",
    "pitch",
    "circle_diameter",
    "outline",
    "corner_radius",
    "kerf",
    "compensate_kerf",
    "handedness",
)


class OutlineKind(StrEnum):
    """Cut outline of a tile: the hexagonal cell of the tile lattice, or the union of
    the seven circles' own hexagonal cells (an 18-edge rosette). Both tile the plane."""

    HEXAGON = "hexagon"
    ROSETTE = "rosette"


def _fmt(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class TileGeometry:
    """An exact island tile. Sizes in millimetres.

    Build it from the circle pitch or, with :meth:`from_width`, from the across-flats
    width ``W = sqrt(7) * pitch``. Impossible combinations raise :class:`ParameterError`
    naming the parameter and its limit.
    """

    # Defaults and meanings: fabgen/settings.py (one definition per setting).
    pitch: float = DEFAULT_WIDTH / SQRT7
    circle_diameter: float | None = None  # None: 0.6 × pitch
    outline: OutlineKind = OutlineKind.HEXAGON  # the registry's default, as a kind
    corner_radius: float = _default("corner_radius")
    kerf: float = _default("kerf")
    compensate_kerf: bool = _default("compensate_kerf")
    handedness: Handedness = Handedness.CW  # the registry's default, as a kind

    def __post_init__(self):
        object.__setattr__(self, "outline", OutlineKind(self.outline))
        object.__setattr__(self, "handedness", Handedness(self.handedness))
        if self.circle_diameter is None and _positive(self.pitch):
            object.__setattr__(self, "circle_diameter", DEFAULT_CIRCLE_RATIO * self.pitch)
        self._validate()

    @classmethod
    def from_parameters(cls, values: dict) -> TileGeometry:
        """A tile from user parameters (:data:`TILE_PARAMETERS`; missing or None = default).

        ``width`` and ``pitch`` are alternatives: give at most one of them.
        """
        given = {k: v for k, v in values.items() if v is not None}
        unknown = sorted(set(given) - set(TILE_PARAMETERS))
        if unknown:
            raise ParameterError(unknown[0], f"unknown tile parameter {unknown[0]!r}")
        width, pitch = given.pop("width", None), given.pop("pitch", None)
        if width is not None and pitch is not None:
            raise ParameterError(
                "width", "give either width or pitch, not both (width = pitch × √7)"
            )
        if pitch is not None:
            return cls(pitch=pitch, **given)
        return cls.from_width(DEFAULT_WIDTH if width is None else width, **given)

    @classmethod
    def from_width(cls, width: float, **kwargs) -> TileGeometry:
        """A tile whose hexagon is ``width`` mm across the flats."""
        if not _positive(width):
            raise ParameterError.about("width", f"must be a positive number of mm, got {width}")
        return cls(pitch=width / SQRT7, **kwargs)

    def with_changes(self, **changes) -> TileGeometry:
        return replace(self, **changes)

    # ---- derived sizes -------------------------------------------------------------

    @property
    def width(self) -> float:
        """Across-flats width of the hexagon = distance between neighbouring tile centres."""
        return SQRT7 * self.pitch

    @property
    def circumradius(self) -> float:
        return self.width / SQRT3

    @property
    def circle_radius(self) -> float:
        return self._diameter / 2.0

    @property
    def _diameter(self) -> float:
        """``circle_diameter``, never None once built (``__post_init__`` sets the default,
        or ``_validate`` refuses the tile)."""
        assert self.circle_diameter is not None
        return self.circle_diameter

    @property
    def angle_deg(self) -> float:
        """Signed angle between the tile-lattice vector A and the nearest row of circles."""
        return TileLattice(self.handedness).angle_deg

    @property
    def frame_rotation_deg(self) -> float:
        """Rotation from lattice coordinates into the tile frame."""
        return FRAME_A_DEG - self.angle_deg

    @property
    def cut_offset(self) -> float:
        """How far the drawn cut line lies outside the finished tile edge."""
        return self.kerf / 2.0 if self.compensate_kerf else 0.0

    @property
    def circle_margin(self) -> float:
        """Smallest distance from a circle's edge to the finished outline."""
        return _circle_margin(
            self.finished_outline().path(), self.circle_centres(), self.circle_radius
        )

    @property
    def max_circle_diameter(self) -> float:
        """Largest circle diameter that stays inside the finished outline."""
        return 2.0 * (self.circle_margin + self.circle_radius)

    @property
    def area(self) -> float:
        """Area of the finished tile (corners sharp)."""
        return 7.0 * SQRT3 / 2.0 * self.pitch**2

    # ---- shapes in the tile frame ---------------------------------------------------

    def circle_centres(self) -> tuple[Point, ...]:
        """The seven circle centres: the middle one, then counter-clockwise neighbours."""
        steps = ((0, 0), *NEIGHBOUR_STEPS)
        rot = self.frame_rotation_deg
        return tuple(rotate_xy(field_xy(s, self.pitch), rot) for s in steps)

    def finished_outline(self) -> RoundedPolygon:
        """The edge of the finished tile (nominal size)."""
        if self.outline is OutlineKind.HEXAGON:
            vertices = regular_polygon(6, self.circumradius, 0.0)
        else:
            vertices = rosette_vertices(self.pitch, self.frame_rotation_deg)
        return RoundedPolygon(vertices, self.corner_radius)

    def cut_outline(self) -> RoundedPolygon:
        """The line the laser follows (offset outward by kerf/2 when compensating)."""
        return self.finished_outline().offset_by(self.cut_offset)

    def layout(self) -> TileLayout:
        return TileLayout(
            cut_path=self.cut_outline().path(),
            circles=self.circle_centres(),
            circle_radius=self.circle_radius,
            pitch=self.pitch,
            handedness=self.handedness,
            outline=self.cut_outline(),
            cut_offset=self.cut_offset,
            kerf=self.kerf,
        )

    def parameters(self) -> dict[str, object]:
        """The settings that made this tile, for metadata and reports."""
        return {
            "width_mm": round(self.width, 6),
            "pitch_mm": round(self.pitch, 6),
            "circle_diameter_mm": round(self._diameter, 6),
            "outline": self.outline.value,
            "corner_radius_mm": self.corner_radius,
            "kerf_mm": self.kerf,
            "compensate_kerf": self.compensate_kerf,
            "handedness": self.handedness.value,
            "angle_deg": round(self.angle_deg, 4),
        }

    # ---- validation ------------------------------------------------------------------

    def _validate(self) -> None:
        if not _positive(self.pitch):
            raise ParameterError.about(
                "pitch", f"must be a positive number of mm, got {self.pitch}"
            )
        d = self.circle_diameter
        if d is None or not _positive(d):
            raise ParameterError.about(
                "circle_diameter", f"must be a positive number of mm, got {d}"
            )
        if d >= self.pitch:
            raise ParameterError.about(
                "circle_diameter",
                f"{_fmt(d)} mm is not smaller than the pitch "
                f"{_fmt(self.pitch)} mm: neighbouring circles would overlap; choose a "
                f"diameter below {_fmt(self.pitch)} mm",
            )
        self._validate_corner_radius()
        self._validate_circles_inside()
        self._validate_kerf()

    def _validate_corner_radius(self) -> None:
        rc = self.corner_radius
        if not (isinstance(rc, (int, float)) and math.isfinite(rc) and rc >= 0):
            raise ParameterError.about(
                "corner_radius", f"must be zero or a positive number of mm, got {rc}"
            )
        limit = RoundedPolygon(self.finished_outline().vertices).max_corner_radius()
        if rc >= limit:
            raise ParameterError.about(
                "corner_radius",
                f"{_fmt(rc)} mm is too large for a {self.outline.value} "
                f"{_fmt(self.width)} mm wide: the rounded corners would use up whole edges; "
                f"choose a corner radius below {_fmt(limit)} mm",
            )

    def _validate_circles_inside(self) -> None:
        margin = self.circle_margin
        if margin <= 0:
            raise ParameterError.about(
                "circle_diameter",
                f"{_fmt(self._diameter)} mm is too large for this "
                f"{self.outline.value}: the circles would cross the outline; choose a diameter "
                f"below {_fmt(self.max_circle_diameter)} mm or a smaller corner radius",
            )

    def _validate_kerf(self) -> None:
        k = self.kerf
        if not (isinstance(k, (int, float)) and math.isfinite(k) and k >= 0):
            raise ParameterError.about("kerf", f"must be zero or a positive number of mm, got {k}")
        margin = self.circle_margin
        # Compensated, the cut burns outside the finished outline, however wide it is;
        # uncompensated (perhaps by the laser program, perhaps not) it may burn inwards.
        if k >= margin and not self.compensate_kerf:
            smaller = self._diameter - 2 * (k - margin) - 0.001
            # Circles can shrink out of the cut's way only while some circle is left.
            change = (
                f"smaller circles (below {_fmt(smaller)} mm)"
                if smaller >= 0.01
                else "a larger tile width"
            )
            raise ParameterError.about(
                "kerf",
                f"{_fmt(k)} mm is not smaller than the {_fmt(margin)} mm margin between the "
                f"circles and the outline: with the cut line not moved out by half the kerf, "
                f"the cut would reach the circles unless the laser program compensates; "
                f"compensate the kerf (leave out --no-compensate-kerf), use a finer cut or "
                f"{change}",
            )


@dataclass(frozen=True)
class TileLayout:
    """One tile as drawn, in the tile frame: the cut line and the seven circle centres.

    ``circles[0]`` is the middle circle; ``circles[1:]`` follow
    :data:`~fabgen.geometry.lattice.NEIGHBOUR_STEPS`. ``outline`` is the exact outline
    when known (for offsets such as an engraved border); a maker's drawing has none.
    """

    cut_path: Path
    circles: tuple[Point, ...]
    circle_radius: float
    pitch: float
    handedness: Handedness = Handedness.CW
    outline: RoundedPolygon | None = None
    lattice_a_deg: float = FRAME_A_DEG
    circle_labels: tuple[str, ...] | None = None
    cut_offset: float = 0.0  # how far the cut line lies outside the finished edge
    kerf: float = 0.0  # the width the cut burns, mm

    @property
    def edge_burn(self) -> float:
        """How far the cut burns inside the finished edge, mm: half the kerf when the cut
        line is not moved out by it, else nothing."""
        return max(self.kerf / 2.0 - self.cut_offset, 0.0)

    def finished_outline(self) -> RoundedPolygon | None:
        return None if self.outline is None else self.outline.offset_by(-self.cut_offset)


def rosette_vertices(pitch: float, rotation_deg: float) -> tuple[Point, ...]:
    """The 18 corners of the union of the seven circles' hexagonal cells, ccw.

    Each outer cell k shows a concave corner (shared with cell k-1), then two convex
    corners, in that order.
    """
    r = pitch / SQRT3
    out: list[Point] = []
    for k in range(6):
        cx, cy = field_xy(NEIGHBOUR_STEPS[k], pitch)
        for offset in (-90.0, -30.0, 30.0):
            a = math.radians(60.0 * k + offset)
            out.append(rotate_xy((cx + r * math.cos(a), cy + r * math.sin(a)), rotation_deg))
    return tuple(out)


def _circle_margin(path: Path, centres, radius: float) -> float:
    from shapely.geometry import Point as SPoint
    from shapely.geometry import Polygon

    poly = Polygon(path.flattened(1e-5))
    return (
        min(
            (poly.exterior.distance(SPoint(c)) if poly.contains(SPoint(c)) else -1.0)
            for c in centres
        )
        - radius
    )


def _positive(value) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value) and value > 0
