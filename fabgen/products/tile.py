"""One island tile as laser files: ``fabgen tile``, the kit's test tile, the
configurator's preview and the README's picture (docs/design-notes.md, *Products*).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fabgen.export.profiles import DEFAULT_PROFILE
from fabgen.geometry.blog import BlogFigures
from fabgen.geometry.lattice import Handedness
from fabgen.geometry.tile import TileGeometry
from fabgen.products.output import LASER_FORMATS, Files, drawing_files


@dataclass(frozen=True)
class TileParams:
    """What to cut and engrave, and how to name and colour the files.

    ``made_by``: what the files record as their origin (a command line, a kit), before
    the tile's own parameters. ``blog``: draw the maker's blog figures as given instead
    of ``geometry`` (docs/design-notes.md, *The alignment check*), on ``handedness``.
    """

    geometry: TileGeometry = field(default_factory=TileGeometry)
    border: float | None = None  # engraved line this far inside the edge, mm
    label: str | None = None  # small engraved text
    made_by: Mapping[str, object] = field(default_factory=dict)
    blog: BlogFigures | None = None
    handedness: Handedness = Handedness.CW  # of the blog's tile
    formats: tuple[str, ...] = LASER_FORMATS
    profile: str = DEFAULT_PROFILE
    name: str = "tile"  # file name without extension
    hairline: float | None = None  # a picture's line width on screen, mm (SVG only)


def tile_files(params: TileParams) -> Files:
    """``name.svg`` and ``name.dxf`` (as ``formats`` asks); the report is what the
    files record about the tile (its origin and parameters)."""
    from fabgen.draw.tile_drawing import TileDrawingOptions, tile_drawing

    layout, metadata = _tile(params)
    options = TileDrawingOptions(border_inset=params.border, label=params.label)
    drawing = tile_drawing(layout, options, metadata=metadata)
    files = drawing_files(params.name, drawing, params.formats, params.profile, params.hairline)
    return Files(files, dict(metadata))


def _tile(params: TileParams):
    """The layout to draw and the files' metadata."""
    if params.blog is None:
        geometry = params.geometry
        return geometry.layout(), {**params.made_by, **geometry.parameters()}
    # The blog's sentences (notes) are for people; the front end shows them.
    implications = params.blog.implications()
    metadata = {
        **params.made_by,
        "source": "maker's blog figures",
        **{k: v for k, v in implications.items() if k != "notes"},
    }
    return params.blog.layout(params.handedness), metadata
