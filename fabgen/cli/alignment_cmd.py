"""``fabgen check-alignment``: do the circles line up across tiles?"""

from __future__ import annotations

import json
import re
import sys

import click

from fabgen.cli.common import InputPath, dash_message, format_option
from fabgen.cli.options import option
from fabgen.cli.tile_options import (
    TILE_KEYS,
    geometry_from_options,
    pop_tile_options,
    tile_geometry_options,
)
from fabgen.errors import ParameterError, abridged

SHAPE_KEYS = ("width", "pitch", "circle_diameter", "outline", "corner_radius", "handedness")

DRIFT_NOTE_MM = 0.01
"""Drift from which the report explains what drift does: a hundredth of a millimetre is
below what a laser cuts or a printer prints, and a drawing re-saved by another program
(circles turned into Bézier paths) drifts by micrometres."""


@click.command(
    "check-alignment", short_help="Check that circles stay on straight lines across tiles."
)
@tile_geometry_options
@click.option(
    "--from",
    "drawing",
    type=InputPath("the drawing to check", example="--from my-tile.svg", dir_okay=False),
    default=None,
    help="Check a tile you drew yourself (.svg in mm or px, .dxf in mm) instead of "
    "fabgen's own geometry. --kerf is then the laser's kerf around your cut line.",
)
@option("dpi")
@option("blog_radius")
@option("blog_reading")
@click.option(
    "--patch",
    default=None,
    metavar="ROWSxCOLS",
    help="Lay out a rhombus of ROWS × COLS tiles.  [default: 5x5]",
)
@option("check_tiles")
@click.option(
    "--board",
    "board_name",
    default=None,
    metavar="PRESET|FILE",
    help="Lay out the tiles of a real board: a preset (fabgen boards) or a board file.",
)
@option("tolerance")
@option("max_drift")
@format_option("Report format.")
@click.pass_context
def check_alignment(
    ctx,
    drawing,
    dpi,
    blog_radius,
    blog_reading,
    patch,
    tile_count,
    board_name,
    tolerance,
    max_drift,
    output_format,
    **kw,
):
    """Lay tiles side by side as a maker would (the finished outlines, after the kerf,
    decide where each tile sits) and measure every circle centre: the worst distance
    from a straight row, the worst spacing error at the seams, the worst circle off its
    tile's pattern, and the drift from a perfect lattice.

    Exit code 0 when within --tolerance, 1 when not, 2 for bad input.

    Examples: fabgen check-alignment --width 100 --kerf 0.2 --no-compensate-kerf;
    fabgen check-alignment --from my_tile.svg --kerf 0.15;
    fabgen check-alignment --board 6p-star-19 --kerf 0.2 --no-compensate-kerf
    """
    from fabgen.geometry.alignment import check_alignment as run_check

    options = pop_tile_options(kw)
    _check_exclusive(ctx, drawing, blog_radius)
    _check_positive("tolerance", tolerance)
    if max_drift is not None:
        _check_positive("max_drift", max_drift)
    header, layout, kerf, analysis = _subject(drawing, dpi, blog_radius, blog_reading, options)
    if board_name is not None:
        if patch is not None or tile_count is not None:
            raise ParameterError("board", "give one of --board, --patch or --tiles")
        tiles, patch_text = _board_tiles(board_name, layout.handedness, drawing is not None)
    else:
        tiles, patch_text = _patch(patch, tile_count)
    report = run_check(layout, tiles, kerf=kerf, tolerance=tolerance, max_drift=max_drift)
    ok = report.within_tolerance and (analysis is None or analysis.is_island)
    kerf_given = ctx.get_parameter_source("kerf") is click.core.ParameterSource.COMMANDLINE
    if output_format == "json":
        data = {"source": header, "patch": patch_text, **report.to_json()}
        if analysis is not None:
            data["drawing"] = analysis.to_json()
        data["within_tolerance"] = ok
        click.echo(json.dumps(data, indent=2, sort_keys=True))
    else:
        click.echo(_text_report(header, patch_text, report, analysis, ok, kerf_given))
    sys.exit(0 if ok else 1)


def _check_exclusive(ctx, drawing, blog_radius) -> None:
    if drawing is not None and blog_radius is not None:
        raise ParameterError("from", "give either --from or --blog-radius, not both")
    if drawing is None and blog_radius is None:
        return
    given = [
        k
        for k in SHAPE_KEYS
        if ctx.get_parameter_source(k) is click.core.ParameterSource.COMMANDLINE
    ]
    if given:
        flags = ", ".join("--" + k.replace("_", "-") for k in given)
        source = "--from" if drawing else "--blog-radius"
        raise ParameterError(
            given[0], f"{flags} cannot be combined with {source}: the tile's shape comes from there"
        )


def _check_positive(name: str, value: float) -> None:
    if not value > 0:
        raise ParameterError.about(name, f"must be a positive number of mm, got {value}")


def _board_tiles(name: str, handedness, drawn: bool = False):
    """The tile coordinates of a preset or board file, on the tile's own lattice
    (``drawn``: the tile comes from a drawing, whose lattice no option changes)."""
    import os

    from fabgen.board.files import load_preset, preset_names, read_board
    from fabgen.cli.boards_cmd import refuse_a_kit_file
    from fabgen.errors import FabgenError

    board = load_preset(name) if name in preset_names() else None
    if board is None:
        if name == "-" and not os.path.lexists(name):
            command = click.get_current_context().command_path
            example = "--board my-board.toml (or --board NAME for a preset board)"
            raise ParameterError("board", dash_message(command, "a board file", example))
        if not os.path.lexists(name):  # anything there is read (and its problem named)
            raise ParameterError(
                "board",
                f"--board {name!r} is neither a preset nor a file: give a preset's name "
                "(fabgen boards lists them) or the path of a board file",
            )
        try:
            board = read_board(name)
        except FabgenError:
            refuse_a_kit_file(name, "--board")
            raise
    if board.handedness != handedness:
        remedy = (
            "mirror the drawing (in Inkscape: Object > Flip Horizontal) and check it again"
            if drawn
            else f"use --handedness {board.handedness.value}"
        )
        raise ParameterError(
            "from" if drawn else "handedness",
            f"the board {board.name} uses the {board.handedness.value} lattice but the tile is "
            f"{handedness.value}: such tiles are its mirror image; {remedy}",
        )
    tiles = [t.coord for t in board.tiles if t.coord is not None]
    skipped = len(board.tiles) - len(tiles)
    text = f"the {len(tiles)} tiles of board {board.name}"
    if skipped:
        text += f" ({skipped} free-form tiles off the lattice left out)"
    if not tiles:
        raise ParameterError("board", f"board {board.name} has no tiles on the tile lattice")
    return tiles, text


def _patch(patch: str | None, tile_count: int | None):
    from fabgen.geometry.alignment import DEFAULT_PATCH, MAX_PATCH, diamond_patch, round_patch

    if patch is not None and tile_count is not None:
        raise ParameterError("patch", "give either --patch or --tiles, not both")
    if tile_count is not None:
        if not 1 <= tile_count <= 2000:
            raise ParameterError("tiles", f"--tiles must be between 1 and 2000, got {tile_count}")
        return round_patch(tile_count), f"{tile_count} tiles around the middle"
    rows, cols = DEFAULT_PATCH
    if patch is not None:
        # At most 4 digits each, so no digit string is converted that could be huge.
        m = re.fullmatch(r"\s*0*(\d{1,4})\s*[xX×]\s*0*(\d{1,4})\s*", patch)
        if not m or not (1 <= int(m[1]) <= MAX_PATCH and 1 <= int(m[2]) <= MAX_PATCH):
            quoted = abridged(patch, quoted=True)
            raise ParameterError(
                "patch", f"--patch {quoted} is not ROWSxCOLS with 1 to {MAX_PATCH} each, e.g. 5x5"
            )
        rows, cols = int(m[1]), int(m[2])
    return diamond_patch(rows, cols), f"{rows} x {cols} tiles"


def _subject(drawing, dpi, blog_radius, blog_reading, options):
    """What is checked: (header, layout, kerf burned around the drawn line, analysis)."""
    kerf = options["kerf"]
    if kerf is None or kerf < 0:
        raise ParameterError("kerf", f"--kerf must be zero or positive, got {kerf}")
    if drawing is not None:
        from fabgen.readers.tile_drawing import read_tile_drawing

        if not dpi > 0:
            raise ParameterError("dpi", f"--dpi must be positive, got {dpi}")
        layout, analysis = read_tile_drawing(drawing, dpi)
        return f"drawing {drawing}", layout, kerf, analysis
    if blog_radius is not None:
        return _blog_subject(blog_radius, blog_reading, options)
    geometry = geometry_from_options(options)
    p = geometry.parameters()
    header = (
        f"fabgen tile: width {p['width_mm']:.3f} mm, pitch {p['pitch_mm']:.3f} mm, "
        f"circles {p['circle_diameter_mm']:.3f} mm, {p['outline']}{_rounded(geometry)}, "
        f"{_kerf_words(geometry)}"
    )
    return header, geometry.layout(), geometry.kerf, None


def _kerf_words(geometry) -> str:
    """``kerf 0.2 mm compensated``; with no kerf there is nothing to compensate."""
    if not geometry.kerf:
        return "no kerf"
    done = "compensated" if geometry.compensate_kerf else "not compensated"
    return f"kerf {geometry.kerf:g} mm {done}"


def _rounded(geometry) -> str:
    """The corner radius given, said back: left out, --corner-radius 3 looked ignored.
    (It moves no circle: tiles meet on their straight edges.)"""
    radius = geometry.corner_radius
    return f" with corners rounded {radius:g} mm" if radius else ""


def _blog_subject(radius, reading, options):
    from dataclasses import replace

    from fabgen.geometry.blog import BlogFigures
    from fabgen.geometry.lattice import Handedness

    figures = BlogFigures(radius, reading)
    layout = figures.layout(Handedness(options["handedness"]))
    kerf = options["kerf"]
    if options["compensate_kerf"] and kerf:
        assert layout.outline is not None  # the figures' hexagon (BlogFigures.layout)
        outline = layout.outline.offset_by(kerf / 2)
        layout = replace(layout, outline=outline, cut_path=outline.path(), cut_offset=kerf / 2)
    said = figures.implications()["notes"]
    assert isinstance(said, list)  # implications' sentences, among its numbers
    notes = "\n  ".join(said)
    header = f"maker's blog figures, R = {radius:g} mm, R/4.5 read as the {reading}\n  {notes}"
    return header, layout, kerf, None


def _text_report(header, patch_text, report, analysis, ok, kerf_given) -> str:
    tol = report.tolerance_mm
    lines = [f"Alignment check of {header}", f"Layout: {patch_text}, {report.circles} circles"]
    if analysis is not None:
        lines += _drawing_lines(analysis, kerf_given)
    spacing = report.tile_spacing_mm
    lines.append(
        f"Tiles sit {spacing[0]:.4f} mm apart (centre to centre); circle pitch "
        f"{report.pitch_mm:.4f} mm"
    )
    rows = [
        ("row deviation", report.row_deviation, tol),
        ("seam spacing error", report.seam_spacing_error, tol),
        ("pattern error", report.pattern_error, tol),
        ("drift", report.drift, report.max_drift_mm),
    ]
    for name, measure, limit in rows:
        if limit is None:
            verdict = "info"
        else:
            verdict = "ok" if measure.value_mm <= limit else f"OVER {limit:g} mm"
        where = f"  ({measure.where})" if measure.where and measure.value_mm > 1e-9 else ""
        lines.append(f"  {name:<20} {_mm(measure.value_mm)}  {verdict}{where}")
    for finding in report.findings:
        lines.append(f"  {finding}")
    # The note explains a stretched lattice; with a row, seam or circle out of tolerance
    # the drift comes from that, and rows are not straight.
    figures = (report.row_deviation, report.seam_spacing_error, report.pattern_error)
    straight = all(m.value_mm <= tol for m in figures)
    stretched = straight and report.drift.value_mm >= DRIFT_NOTE_MM
    if stretched and report.max_drift_mm is None:
        lines.append(
            "  drift: the lattice of circles is stretched or shrunk against a perfect one; rows "
            "stay straight, but a printed layout of the board will not match exactly."
        )
    lines.append(f"Result: {'within' if ok else 'NOT within'} tolerance {tol:g} mm")
    return "\n".join(lines)


def _drawing_lines(analysis, kerf_given: bool) -> list[str]:
    lines = [
        f"Drawing: {analysis.outline_kind} outline, {analysis.outline_name}; "
        f"{analysis.circles_found} circles; {analysis.units_note}",
        f"  width across flats {analysis.width_mm:.3f} mm (spread {analysis.width_spread_mm:.3f}), "
        f"pitch {analysis.pitch_mm:.3f} mm, circles {analysis.circle_diameter_mm:.3f} mm, "
        f"rows at {analysis.angle_deg:+.3f}° to the next tile"
        + (f" ({analysis.handedness})" if analysis.handedness else ""),
        "  island pattern: " + ("yes" if analysis.is_island else "NO"),
    ]
    lines += [f"  problem: {p}" for p in analysis.problems]
    kerf = analysis.made_for_kerf_mm
    if kerf and not kerf_given:
        # Without --kerf the cut line is taken as the tile's edge: tiles half a kerf too
        # large all round, and the drift of a kerf per tile that comes with it.
        lines.append(
            f"  note: fabgen drew this cut line {kerf / 2:g} mm outside the tile for a "
            f"{kerf:g} mm kerf (the file's settings say so); give --kerf {kerf:g} to check "
            "the tiles as cut, not as drawn"
        )
    return lines


def _mm(value: float) -> str:
    return f"{value:.6f} mm" if value >= 1e-6 else f"{value:.1e} mm"


assert set(SHAPE_KEYS) <= set(TILE_KEYS)
