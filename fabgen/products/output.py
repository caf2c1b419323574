"""What every product returns, and the laser files of one drawing.

docs/design-notes.md, *Products*: files by name, rendered in memory, and a report that
the front end shows as it likes; the front end writes the files in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fabgen.draw.drawing import Drawing
from fabgen.export.profiles import DEFAULT_PROFILE

#: A laser file in both formats: SVG for most laser programs, DXF for CAD.
LASER_FORMATS = ("svg", "dxf")


@dataclass(frozen=True)
class Files:
    """File contents by name (``/`` separates folders), and what to tell the user about
    them (None: nothing beyond the files)."""

    files: dict[str, bytes]
    report: dict | None = None

    def in_folder(self, folder: str) -> dict[str, bytes]:
        """The files under ``folder/``, as a kit puts them (``laser/``, ``print/``)."""
        return {f"{folder}/{name}": data for name, data in self.files.items()}


def drawing_files(
    stem: str,
    drawing: Drawing,
    formats: Iterable[str] = LASER_FORMATS,
    profile: str = DEFAULT_PROFILE,
    hairline: float | None = None,
) -> dict[str, bytes]:
    """``stem.svg`` and ``stem.dxf`` (as ``formats`` asks) of one drawing, coloured by
    ``profile``. ``hairline``: the SVG's line width for a picture on screen (mm); None
    keeps the laser's hairline."""
    from fabgen.export.dxf import render_dxf
    from fabgen.export.svg import render_svg

    files = {}
    for fmt in formats:
        if fmt == "svg":
            extra = {} if hairline is None else {"hairline": hairline}
            files[f"{stem}.svg"] = render_svg(drawing, profile, **extra)
        elif fmt == "dxf":
            files[f"{stem}.dxf"] = render_dxf(drawing, profile)
        else:
            raise ValueError(f"no laser format {fmt!r}: {', '.join(LASER_FORMATS)}")
    return files
