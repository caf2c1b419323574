"""``fabgen sheet``: tiles (and stones) nested on laser sheets, with a cost report."""

from __future__ import annotations

import click

from fabgen.cli.common import format_option, out_option, profile_option, write_and_report
from fabgen.cli.options import option
from fabgen.cli.tile_options import describe_options, pop_tile_options, tile_geometry_options


@click.command("sheet", short_help="Tiles and stones nested on laser sheets, with cut report.")
@option("sheet_tiles")
@option("sheet_size")
@option("sheet_margin")
@tile_geometry_options
@option("shared_edges")
@option("numbers")
@option("label_height")
@option("border")
@option("reference_square")
@option("sheet_stones")
@option("cut_stone_diameter")
@option("colours")
@option("cut_speed")
@option("engrave_speed")
@option("travel_speed")
@format_option("Report on stdout as text or JSON (files are written either way).", "report_format")
@profile_option
@out_option
def sheet(out_dir, report_format, profile, **kw):
    """Nest island tiles on laser sheets (one SVG and one DXF per sheet), cutting each
    edge that two tiles share once; optionally stones (one set of sheets per colour)
    and a reference square. Reports material use, cut and travel lengths and an
    estimate of the laser time, and writes it as sheets-report.json.

    Example: fabgen sheet --count 20 --sheet 600x400 --kerf 0.1 --numbers
    """
    import json

    from fabgen.draw.laser_job import LaserSpeeds
    from fabgen.draw.sheet_report import report_text
    from fabgen.errors import UserError
    from fabgen.products.sheet import SheetParams, sheet_files

    speeds = LaserSpeeds(kw.pop("cut_speed"), kw.pop("engrave_speed"), kw.pop("travel_speed"))
    job, settings = _job(kw)
    if not job.tiles and job.stones is None:  # about two options: named here
        square = job.reference_square
        raise UserError(
            "nothing to cut: give --count N tiles and/or --stones N"
            + (
                f"; a reference square goes on the tiles' first sheet, so --count 1 "
                f"--reference-square {square:g} cuts it beside one test tile"
                if square
                else ""
            )
        )
    made = sheet_files(SheetParams(job, speeds, settings, profile))
    assert made.report is not None  # SheetParams names its report unless told not to
    if report_format == "json":
        write_and_report(out_dir, made.files, err=True)
        click.echo(json.dumps(made.report, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        write_and_report(out_dir, made.files)
        click.echo(report_text(made.report))


def _job(kw: dict):
    """The :class:`SheetJob` the options describe, and the settings for the report."""
    from fabgen.cli.tile_options import geometry_from_options
    from fabgen.draw.sheet import SheetJob, StoneOptions, TileSheetOptions
    from fabgen.geometry.nesting import SheetSpec
    from fabgen.products.sheet import default_stone_diameter

    tile_options = pop_tile_options(kw)
    geometry = geometry_from_options(tile_options)
    spec = SheetSpec.parse(kw["sheet_size"], kw["margin"])
    stones = None
    if kw["stones"]:
        diameter = kw["stone_diameter"]
        if diameter is None:
            diameter = default_stone_diameter(geometry)
        stones = StoneOptions(kw["stones"], diameter, kw["colours"])
    command = " ".join(
        ["fabgen sheet", _describe_sheet_options(kw), describe_options(tile_options)]
    )
    metadata = {
        "command": command.strip(),
        "sheet_mm": [spec.width, spec.height],
        "margin_mm": spec.margin,
        **geometry.parameters(),
    }
    job = SheetJob(
        geometry=geometry,
        sheet=spec,
        tiles=kw["count"],
        tile_options=TileSheetOptions(
            shared_edges=kw["shared_edges"],
            numbers=kw["numbers"],
            border_inset=kw["border"],
            label_height=kw["label_height"],
        ),
        stones=stones,
        reference_square=kw["reference_square"],
        metadata=metadata,
    )
    settings = {**metadata, "tiles": kw["count"], "stones_per_colour": kw["stones"]}
    if stones is not None:
        settings.update(stone_diameter_mm=stones.diameter, colours=stones.colours)
    return job, settings


def _describe_sheet_options(kw: dict) -> str:
    parts = [f"--count {kw['count']}", f"--sheet {kw['sheet_size']}", f"--margin {kw['margin']}"]
    if kw["shared_edges"] is not None:
        parts.append("--shared-edges" if kw["shared_edges"] else "--no-shared-edges")
    if kw["numbers"]:
        parts.append("--numbers")
        parts.append(f"--label-height {kw['label_height']}")
    for key in ("border", "reference_square"):
        if kw[key] is not None:
            parts.append(f"--{key.replace('_', '-')} {kw[key]}")
    if kw["stones"]:
        parts.append(f"--stones {kw['stones']} --colours {kw['colours']}")
        if kw["stone_diameter"] is not None:
            parts.append(f"--stone-diameter {kw['stone_diameter']}")
    return " ".join(parts)
