"""``fabgen tile``: laser files for one island tile."""

from __future__ import annotations

import click

from fabgen.cli.common import out_option, profile_option, write_and_report
from fabgen.cli.options import option
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
    type=click.Choice(["both", "svg", "dxf"]),
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
    from fabgen.draw.tile import TileDrawingOptions, tile_drawing
    from fabgen.errors import ParameterError
    from fabgen.export.dxf import render_dxf
    from fabgen.export.svg import render_svg

    options = pop_tile_options(kw)
    if not name or "/" in name or name.startswith("."):
        raise ParameterError("name", f"--name {name!r} is not a plain file name")
    if blog_radius is not None:
        layout, metadata = _blog_layout(blog_radius, blog_reading, options)
    else:
        geometry = geometry_from_options(options)
        layout = geometry.layout()
        metadata = {"command": f"fabgen tile {describe_options(options)}", **geometry.parameters()}
    drawing = tile_drawing(
        layout, TileDrawingOptions(border_inset=border, label=label), metadata=metadata
    )
    files = {}
    if file_format in ("both", "svg"):
        files[f"{name}.svg"] = render_svg(drawing, profile)
    if file_format in ("both", "dxf"):
        files[f"{name}.dxf"] = render_dxf(drawing, profile)
    write_and_report(out_dir, files)


def _blog_layout(radius: float, reading: str, options: dict):
    from fabgen.geometry.blog import BlogFigures
    from fabgen.geometry.lattice import Handedness

    figures = BlogFigures(radius, reading)
    for note in figures.implications()["notes"]:
        click.echo(f"note: {note}", err=True)
    metadata = {
        "command": f"fabgen tile --blog-radius {radius} --blog-reading {reading}",
        "source": "maker's blog figures",
        **{k: v for k, v in figures.implications().items() if k != "notes"},
    }
    return figures.layout(Handedness(options["handedness"])), metadata
