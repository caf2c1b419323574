"""The tile settings as command-line options, for every command that needs a tile
(tile, check-alignment, sheet, stones): made from :mod:`fabgen.settings`."""

from __future__ import annotations

from fabgen.cli.options import option
from fabgen.geometry.tile import TILE_PARAMETERS

# width, pitch and circle_diameter are alternatives or derived: None when not given.
_OPTIONS = [
    option("width", unset=True),
    option("pitch", unset=True),
    option("circle_diameter", unset=True),
    option("outline"),
    option("corner_radius"),
    option("kerf"),
    option("compensate_kerf"),
    option("handedness"),
]

TILE_KEYS = TILE_PARAMETERS


def tile_geometry_options(func):
    """Add the tile parameter options to a click command."""
    for add in reversed(_OPTIONS):
        func = add(func)
    return func


#: The options that set the size of a tile and its circles (for commands such as
#: ``fabgen stones`` whose sizes derive from the tile but do not cut it).
SIZE_KEYS = ("width", "pitch", "circle_diameter")


def tile_size_options(func):
    """Add only --width, --pitch and --circle-diameter to a click command."""
    for add in reversed(_OPTIONS[: len(SIZE_KEYS)]):
        func = add(func)
    return func


def pop_tile_size_options(kwargs: dict) -> dict:
    """Remove the tile size options from a command's keyword arguments and return them."""
    return {key: kwargs.pop(key) for key in SIZE_KEYS}


def pop_tile_options(kwargs: dict) -> dict:
    """Remove the tile options from a command's keyword arguments and return them."""
    return {key: kwargs.pop(key) for key in TILE_KEYS}


def geometry_from_options(options: dict):
    """Build the validated :class:`TileGeometry` the options describe."""
    from fabgen.geometry.tile import TileGeometry

    return TileGeometry.from_parameters(options)


def describe_options(options: dict) -> str:
    """The options as a command-line fragment, for the metadata of written files."""
    parts = []
    for key in TILE_KEYS:
        value = options.get(key)
        if value is None:
            continue
        flag = key.replace("_", "-")
        if isinstance(value, bool):
            parts.append(f"--{flag}" if value else f"--no-{flag}")
        else:
            parts.append(f"--{flag} {value}")
    return " ".join(parts)
