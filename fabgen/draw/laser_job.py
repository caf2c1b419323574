"""What a sheet costs on the laser: line lengths per operation, travel and time.

Figures are measured on the finished :class:`~fabgen.draw.drawing.Drawing`, in file
order, so they describe exactly the files a maker sends to the laser.

Assumptions (also written into the report):

- **cut length**: every line on the cut layer (arcs and circles at their true length);
- **engrave length**: lines on the engrave and score layers (the tiles' circles and
  border lines) run as vector lines;
- **label length**: engraved text is estimated as three text heights of line per
  character, as if drawn in a single-stroke font; it runs at the engrave speed;
- **travel**: straight jumps of the head from the origin through the shapes in file
  order (see :mod:`fabgen.draw.cut_order`);
- **time** = cut / cut speed + (engrave + label) / engrave speed + travel / travel
  speed; acceleration, pierce time and raster engraving are not modelled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from fabgen.draw.cut_order import travel_length
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Text
from fabgen.errors import ParameterError
from fabgen.settings import default

LABEL_STROKE_PER_CHAR = 3.0  # text heights of line per character

ASSUMPTIONS = (
    "cut length: all lines on the cut layer at their true length (arcs, circles)",
    "engrave length: lines on the engrave and score layers, run as vector lines",
    f"label length: {LABEL_STROKE_PER_CHAR:g} text heights of line per character "
    "(a single-stroke font), run at the engrave speed",
    "travel: straight jumps from the sheet's bottom-left corner through the shapes in file order",
    "laser time = cut/cut speed + (engrave + label)/engrave speed + travel/travel speed; "
    "acceleration and pierce time are not included",
)


@dataclass(frozen=True)
class LaserSpeeds:
    """Head speeds in mm/s. Defaults suit 3 mm plywood on a 40-60 W CO₂ laser; use
    your own machine's figures for a real estimate."""

    cut: float = default("cut_speed")
    engrave: float = default("engrave_speed")
    travel: float = default("travel_speed")

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
                raise ParameterError.about(
                    f"{f.name}_speed",
                    f"must be a positive number of mm/s, got {value}: "
                    "at that speed the job would never finish",
                )

    def to_json(self) -> dict:
        return {"cut": self.cut, "engrave": self.engrave, "travel": self.travel}


@dataclass(frozen=True)
class JobFigures:
    """Lengths in mm for one sheet (or a sum of sheets)."""

    cut: float = 0.0
    engrave: float = 0.0
    label: float = 0.0
    travel: float = 0.0
    cut_paths: int = 0  # separate cut lines: each one starts with a pierce

    def seconds(self, speeds: LaserSpeeds) -> float:
        return (
            self.cut / speeds.cut
            + (self.engrave + self.label) / speeds.engrave
            + self.travel / speeds.travel
        )

    def __add__(self, other: JobFigures) -> JobFigures:
        return JobFigures(
            *(getattr(self, f.name) + getattr(other, f.name) for f in fields(JobFigures))
        )

    def to_json(self, speeds: LaserSpeeds) -> dict:
        return {
            "cut_length_mm": round(self.cut, 3),
            "engrave_length_mm": round(self.engrave, 3),
            "label_length_mm": round(self.label, 3),
            "travel_length_mm": round(self.travel, 3),
            "cut_paths": self.cut_paths,
            "laser_time_s": round(self.seconds(speeds), 1),
        }


def measure(drawing: Drawing) -> JobFigures:
    """Line lengths per operation and the travel, in file order."""
    cut = engrave = label = 0.0
    cut_paths = 0
    sequence = []
    for op, shapes in drawing.ordered_layers():
        if op is Operation.PRINT:
            continue  # paper only
        sequence.extend(shapes)
        for shape in shapes:
            if isinstance(shape, Text):
                label += LABEL_STROKE_PER_CHAR * shape.height * len(shape.text.strip())
            elif op is Operation.CUT:
                cut += shape_length(shape)
                cut_paths += 1
            else:
                engrave += shape_length(shape)
    return JobFigures(cut, engrave, label, travel_length(sequence), cut_paths)


def shape_length(shape) -> float:
    if isinstance(shape, Circle):
        return math.tau * shape.radius
    if isinstance(shape, Polyline):
        return shape.path.length()
    return 0.0


def format_duration(seconds: float) -> str:
    """``1 h 02 min``, ``7 min 12 s`` or ``42 s``."""
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    if s >= 60:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s} s"
