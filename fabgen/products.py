"""The products of a kit, each a function ``kit -> {relative path: bytes}``."""

from __future__ import annotations

from fabgen.errors import InputFileError, ParameterError


def tile_settings(kit):
    """The TileGeometry and drawing options of a kit's [tile] section."""
    from fabgen.draw.tile import TileDrawingOptions
    from fabgen.geometry.tile import TileGeometry

    tile = dict(kit.settings.get("tile", {}))
    border = tile.pop("border", 0.0) or None
    try:
        geometry = TileGeometry.from_parameters(tile)
    except (ParameterError, TypeError, ValueError) as exc:
        where = f"tile.{getattr(exc, 'parameter', '')}".rstrip(".")
        raise InputFileError(kit.source, str(exc), where) from None
    return geometry, TileDrawingOptions(border_inset=border)


def tile_product(kit) -> dict[str, bytes]:
    from fabgen.draw.tile import tile_drawing
    from fabgen.export.dxf import render_dxf
    from fabgen.export.svg import render_svg

    geometry, options = tile_settings(kit)
    profile = kit.settings.get("laser", {}).get("profile", "lightburn")
    metadata = {"kit": kit.name, **geometry.parameters()}
    drawing = tile_drawing(geometry.layout(), options, metadata=metadata)
    return {
        "laser/tile.svg": render_svg(drawing, profile),
        "laser/tile.dxf": render_dxf(drawing, profile),
    }
