"""The maker's blog figures for the island tile, and what they imply.

The blog gives, for an island "radius" R: circle distance D = R / 2.65 (from the
tile centre to each outer circle), circle radius r = R / 4.5 and an angle of 19.11°.

Our reading: R is the distance between the centres of two neighbouring tiles, i.e.
the across-flats width W of the hexagon. Then D = R / 2.65 rounds the exact
W / sqrt(7) = W / 2.6458 and 19.11° rounds atan(sqrt(3) / 5) = 19.1066°. Read
literally, R / 4.5 as a *radius* makes neighbouring circles overlap
(2R / 4.5 = 0.444 R > R / 2.65 = 0.377 R); read as a *diameter* (0.589 pitches) it
matches the usual engraving. We reproduce the figures as given and report their
consequences instead of correcting them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from fabgen.errors import ParameterError
from fabgen.geometry.lattice import NEIGHBOUR_STEPS, SQRT3, SQRT7, TILE_ANGLE_DEG, Handedness
from fabgen.geometry.outline import RoundedPolygon, regular_polygon
from fabgen.geometry.tile import FRAME_A_DEG, TileLayout

BLOG_DISTANCE_DIVISOR = 2.65
BLOG_RADIUS_DIVISOR = 4.5
BLOG_ANGLE_DEG = 19.11


class BlogReading(StrEnum):
    """How to read the blog's "radius of each circle = R / 4.5"."""

    RADIUS = "radius"  # literally: circles overlap
    DIAMETER = "diameter"  # as the engraving is usually made


@dataclass(frozen=True)
class BlogFigures:
    island_radius: float
    reading: BlogReading = BlogReading.RADIUS

    def __post_init__(self):
        object.__setattr__(self, "reading", BlogReading(self.reading))
        r = self.island_radius
        if not (isinstance(r, (int, float)) and math.isfinite(r) and r > 0):
            raise ParameterError.about(
                "blog_radius", f"(the island radius R) must be a positive number of mm, got {r}"
            )

    @property
    def pitch(self) -> float:
        """Circle distance D = R / 2.65 (centre circle to each outer circle)."""
        return self.island_radius / BLOG_DISTANCE_DIVISOR

    @property
    def circle_radius(self) -> float:
        value = self.island_radius / BLOG_RADIUS_DIVISOR
        return value if self.reading is BlogReading.RADIUS else value / 2.0

    @property
    def exact_pitch(self) -> float:
        return self.island_radius / SQRT7

    @property
    def circles_overlap_by(self) -> float:
        """How far neighbouring circles overlap (mm); 0 when they do not."""
        return max(0.0, 2.0 * self.circle_radius - self.pitch)

    def layout(self, handedness: Handedness = Handedness.CW) -> TileLayout:
        """The tile exactly as the figures describe it (hexagon R across the flats)."""
        rows_deg = FRAME_A_DEG - handedness.sign * BLOG_ANGLE_DEG
        circles = [(0.0, 0.0)]
        for k in range(len(NEIGHBOUR_STEPS)):
            a = math.radians(rows_deg + 60.0 * k)
            circles.append((self.pitch * math.cos(a), self.pitch * math.sin(a)))
        outline = RoundedPolygon(regular_polygon(6, self.island_radius / SQRT3, 0.0))
        return TileLayout(
            cut_path=outline.path(),
            circles=tuple(circles),
            circle_radius=self.circle_radius,
            pitch=self.pitch,
            handedness=handedness,
            outline=outline,
        )

    def implications(self) -> dict[str, object]:
        """What the figures round, and what they imply, as plain numbers and sentences."""
        r = self.island_radius
        pitch, exact = self.pitch, self.exact_pitch
        overlap = self.circles_overlap_by
        literal_d = 2.0 * r / BLOG_RADIUS_DIVISOR
        notes = [
            f"R = {r:g} mm is read as the distance between neighbouring tile centres "
            f"(the hexagon's width across the flats).",
            f"circle distance R/2.65 = {pitch:.4f} mm rounds the exact R/sqrt(7) = R/2.6458 = "
            f"{exact:.4f} mm ({(pitch - exact) * 1000:+.1f} µm per circle).",
            f"angle 19.11° rounds the exact atan(sqrt(3)/5) = {TILE_ANGLE_DEG:.4f}°.",
        ]
        if literal_d > pitch:
            notes.append(
                f"read literally, circle radius R/4.5 = {r / 4.5:.3f} mm gives {literal_d:.3f} mm "
                f"circles {pitch:.3f} mm apart: neighbouring circles overlap by "
                f"{literal_d - pitch:.3f} mm; read as a diameter ({r / 4.5:.3f} mm, "
                f"{r / 4.5 / pitch:.2f} pitches) they fit."
            )
        return {
            "island_radius_mm": r,
            "reading": self.reading.value,
            "circle_distance_mm": pitch,
            "exact_circle_distance_mm": exact,
            "angle_deg": BLOG_ANGLE_DEG,
            "exact_angle_deg": TILE_ANGLE_DEG,
            "circle_radius_mm": self.circle_radius,
            "circles_overlap_mm": overlap,
            "tile_width_mm": r,
            "exact_width_for_this_distance_mm": pitch * SQRT7,
            "circumradius_mm": r / SQRT3,
            "notes": notes,
        }
