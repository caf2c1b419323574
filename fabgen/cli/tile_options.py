"""Tile parameters as command-line options: one definition for every command that
needs a tile (tile, check-alignment, sheet)."""

from __future__ import annotations

import click

from fabgen.geometry.tile import TILE_PARAMETERS

_OPTIONS = [
    click.option(
        "--width",
        type=float,
        default=None,
        metavar="MM",
        help="Tile width across the flats in mm = distance between neighbouring "
        "tile centres  [default: 100]",
    ),
    click.option(
        "--pitch",
        type=float,
        default=None,
        metavar="MM",
        help="Distance between neighbouring circle centres in mm "
        "(alternative to --width; width = pitch × √7).",
    ),
    click.option(
        "--circle-diameter",
        type=float,
        default=None,
        metavar="MM",
        help="Diameter of the engraved circles in mm  [default: 0.6 × pitch]",
    ),
    click.option(
        "--outline",
        type=click.Choice(["hexagon", "rosette"]),
        default="hexagon",
        show_default=True,
        help="Cut outline: hexagon, or rosette (the 18-edge union of the circles' cells).",
    ),
    click.option(
        "--corner-radius",
        type=float,
        default=0.0,
        show_default=True,
        metavar="MM",
        help="Round the outer corners with this radius in mm.",
    ),
    click.option(
        "--kerf",
        type=float,
        default=0.0,
        show_default=True,
        metavar="MM",
        help="Width of material the laser burns away, in mm (typically 0.1 to 0.3).",
    ),
    click.option(
        "--compensate-kerf/--no-compensate-kerf",
        default=True,
        show_default=True,
        help="Move the cut line outward by kerf/2 so tiles keep their nominal size "
        "(turn off if your laser software compensates).",
    ),
    click.option(
        "--handedness",
        type=click.Choice(["cw", "ccw"]),
        default="cw",
        show_default=True,
        help="Mirror image of the tile lattice: circle rows turned -19.11° (cw, the online "
        "version's and the board presets') or +19.11° (ccw) from the line to the next "
        "tile. A board uses one throughout.",
    ),
]

TILE_KEYS = TILE_PARAMETERS


def tile_geometry_options(func):
    """Add the tile parameter options to a click command."""
    for option in reversed(_OPTIONS):
        func = option(func)
    return func


#: The options that set the size of a tile and its circles (for commands such as
#: ``fabgen stones`` whose sizes derive from the tile but do not cut it).
SIZE_KEYS = ("width", "pitch", "circle_diameter")


def tile_size_options(func):
    """Add only --width, --pitch and --circle-diameter to a click command."""
    for option in reversed(_OPTIONS[: len(SIZE_KEYS)]):
        func = option(func)
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
