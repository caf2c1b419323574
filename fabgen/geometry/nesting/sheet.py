"""The sheet (size and margin) and a piece placed on it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from fabgen.errors import ParameterError
from fabgen.geometry.sizes import parse_size
from fabgen.limits import check
from fabgen.settings import default

#: The free border of a sheet (the registry's ``sheet_margin``).
SHEET_MARGIN: float = default("sheet_margin")


@dataclass(frozen=True)
class SheetSpec:
    """A rectangular sheet and the margin kept free along its edges."""

    width: float
    height: float
    margin: float = SHEET_MARGIN

    def __post_init__(self) -> None:
        for value in (self.width, self.height):
            if not _finite(value):  # (a number of 400 digits is infinite)
                raise ParameterError.about("sheet_size", f"sides must be positive mm, got {value}")
            check("sheet_size", value)  # 0 too: the range says what is allowed
        if not (_finite(self.margin) and self.margin >= 0):
            raise ParameterError.about(
                "sheet_margin", f"must be zero or a positive number of mm, got {self.margin}"
            )
        if 2 * self.margin >= min(self.width, self.height):
            raise ParameterError.about(
                "sheet_margin",
                f"{self.margin:g} mm leaves nothing of a {self.size_text} mm sheet; "
                f"choose a margin below {min(self.width, self.height) / 2:g} mm",
            )

    @classmethod
    def parse(cls, text: str, margin: float = SHEET_MARGIN) -> SheetSpec:
        """``"600x400"`` in mm, as :func:`fabgen.geometry.sizes.parse_size` reads it."""
        width, height = parse_size(text, "sheet_size")
        return cls(width, height, margin)

    @property
    def size_text(self) -> str:
        return f"{self.width:g}×{self.height:g}"

    @property
    def area(self) -> float:
        return self.width * self.height

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """The rectangle inside the margins: (x0, y0, x1, y1)."""
        m = self.margin
        return (m, m, self.width - m, self.height - m)

    @property
    def usable_area(self) -> float:
        return (self.width - 2 * self.margin) * (self.height - 2 * self.margin)


@dataclass(frozen=True)
class Placement:
    """A piece on a sheet: its centre, its rotation (degrees, ccw) and whether it sits on
    the sheet's lattice (lattice neighbours may share cut lines)."""

    x: float
    y: float
    rotation: float = 0.0
    lattice: bool = True

    def to_json(self) -> dict:
        return {"x": round(self.x, 6), "y": round(self.y, 6), "rotation": self.rotation}


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value)
