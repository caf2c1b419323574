"""``fabgen tile``: laser files for one island tile."""

from __future__ import annotations

from dataclasses import replace

import click

from fabgen.cli.common import out_option, profile_option, write_and_report
from fabgen.cli.options import Choice, option
from fabgen.cli.tile_options import (
    describe_options,
    geometry_from_options,
    pop_tile_options,
    tile_geometry_options,
)


@click.command("tile", short_help="Laser files (SVG and DXF) for one island tile.")
@tile_geometry_options
@option("blog_radius")
@option("blog_reading")
@option("border")
@click.option("--label", default=None, help="Small engraved text on the tile (e.g. a number).")
@click.option(
    "--format",
    "file_format",
    type=Choice(["both", "svg", "dxf"]),
    default="both",
    show_default=True,
    help="Which files to write.",
)
@profile_option
@click.option("--name", default="tile", show_default=True, help="File name without extension.")
@out_option
def tile(out_dir, blog_radius, blog_reading, border, label, file_format, profile, name, **kw):
    """Write one island tile as SVG and DXF: the cut outline (offset by half the kerf
    when compensating), the seven engraved circles, and optionally an engraved border
    and a label.

    Example: fabgen tile --width 100 --kerf 0.15 --out output/
    """
    from fabgen.products.tile import TileParams, tile_files

    options = pop_tile_options(kw)
    _check_name(name)
    formats = ("svg", "dxf") if file_format == "both" else (file_format,)
    params = TileParams(border=border, label=label, formats=formats, profile=profile, name=name)
    if blog_radius is not None:
        params = _blog(params, blog_radius, blog_reading, options)
    else:
        made_by = {"command": f"fabgen tile {describe_options(options)}"}
        params = replace(params, geometry=geometry_from_options(options), made_by=made_by)
    write_and_report(out_dir, tile_files(params).files)


def _check_name(name: str) -> None:
    from fabgen.errors import ParameterError, abridged
    from fabgen.text import has_control

    if not name or "/" in name or name.startswith("."):
        raise ParameterError(
            "name",
            f"--name {abridged(name, quoted=True)} is not a plain file name: give the files' "
            "name without a folder, extension or leading dot, such as tile-7 (the folder "
            "goes in --out)",
        )
    if has_control(name) or "\n" in name or "\t" in name:
        # A newline or escape in a file name breaks listings and scripts that read them.
        raise ParameterError(
            "name",
            f"--name {abridged(name, quoted=True)} holds a control character (a newline, tab "
            "or escape); give a file name of letters, digits, spaces and punctuation",
        )


def _blog(params, radius: float, reading: str, options: dict):
    """The tile of the maker's blog figures; their notes go to stderr."""
    from fabgen.geometry.blog import BlogFigures, BlogReading
    from fabgen.geometry.lattice import Handedness

    figures = BlogFigures(radius, BlogReading(reading))
    notes = figures.implications()["notes"]
    assert isinstance(notes, list)  # implications' sentences, among its numbers
    for note in notes:
        click.echo(f"note: {note}", err=True)
    made_by = {"command": f"fabgen tile --blog-radius {radius} --blog-reading {reading}"}
    handedness = Handedness(options["handedness"])
    return replace(params, blog=figures, handedness=handedness, made_by=made_by)
