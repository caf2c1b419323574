"""``fabgen stones``: 3D-printable stones, markers and a calibration pair."""

from __future__ import annotations

import click

from fabgen.cli.common import out_option, write_and_report
from fabgen.cli.options import Choice, option
from fabgen.cli.tile_options import pop_tile_size_options, tile_size_options
from fabgen.geometry.symbols import MACHINE_SYMBOLS, SEAT_SYMBOLS, STONE_SYMBOLS

#: Plates with at least this many copies report their progress on stderr.
PROGRESS_FROM = 20
DEFAULT_STONE_COUNT = 75
DEFAULT_MARKER_COUNT = 25

_SEATS = ", ".join(f"{seat} {name}" for seat, name in SEAT_SYMBOLS.items())
_MACHINES = ", ".join(f"m{seat} {name}" for seat, name in MACHINE_SYMBOLS.items())


@click.command("stones", short_help="3D-printable stones and markers (STEP, STL, 3MF plates).")
@option("design")
@click.option(
    "--markers",
    is_flag=True,
    help="Write the growing and dead markers instead of stones: a pocket for the stone's "
    "diameter, the same for disc and pyramid stones.",
)
@click.option(
    "--calibrate",
    is_flag=True,
    help="Write a calibration pair instead: two disc stones, 0.1 mm tighter (bar) and "
    "0.1 mm looser (cross) than --clearance; stack each on the other to find your fit.",
)
@option(
    "plate_copies",
    default_text=f"{DEFAULT_STONE_COUNT} stones, {DEFAULT_MARKER_COUNT} of each marker, "
    "1 per calibration stone",
)
@option("clearance")
@click.option(
    "--seat",
    default=None,
    metavar="SEAT",
    help=f"Raised seat symbol for colour-blind players, by seat: {_SEATS}; machine "
    f"seats: {_MACHINES}.",
)
@click.option(
    "--symbol",
    type=Choice(STONE_SYMBOLS),
    default=None,
    help="Raised seat symbol by name (instead of --seat).",
)
@tile_size_options
@option("stone_diameter")
@option("height")
@option("wall")
@option("chamfer")
@option("bed")
@option("spacing")
@out_option
def stones(out_dir, design, markers, calibrate, count, bed, spacing, **kw):
    """Write 3D-printable pieces: a STEP and an STL file per piece and 3MF print plates
    with --count copies laid out on the bed (one plate when they fit it). Sizes derive
    from the tile (--width): a stone is 2 mm narrower than the engraved circle. Disc
    stones stack six high, a boss on top in a recess below; pyramids nest six high.

    \b
    Examples:
      fabgen stones                        75 disc stones on two 180x180 plates
      fabgen stones --bed 250x210          75 disc stones on one plate
      fabgen stones --seat 3 --clearance 0.25
      fabgen stones --design pyramid
      fabgen stones --markers              growing and dead markers
      fabgen stones --calibrate            two stones to find your clearance
    """
    from fabgen.cli.tile_options import geometry_from_options
    from fabgen.errors import ParameterError
    from fabgen.pieces.params import (
        DiscStone,
        Marker,
        PyramidStone,
        calibration_name,
        calibration_stones,
    )
    from fabgen.pieces.plate import Bed, parse_bed
    from fabgen.products.stones import StoneSet, plan_plates

    if markers and calibrate:
        raise ParameterError("markers", "give either --markers or --calibrate, not both")
    if markers and (kw["seat"] is not None or kw["symbol"] is not None):
        flag = "--seat" if kw["seat"] is not None else "--symbol"
        raise ParameterError(
            "markers",
            f"markers carry the growing or the dead symbol, not a seat's: leave out {flag} "
            "with --markers (it marks stones)",
        )
    if count is not None and count < 0:
        raise ParameterError("count", f"--count must be 0 (no plate) or more, got {count}")
    tile = geometry_from_options(pop_tile_size_options(kw))
    stone = _stone(design, tile.circle_diameter, **kw)
    pieces: tuple[DiscStone | PyramidStone | Marker, ...]
    if calibrate:
        pair = calibration_stones(stone)
        pieces, default_count = pair, 1
    elif markers:
        chamfer = kw["chamfer"]
        pieces = tuple(Marker.for_stone(stone, k, chamfer=chamfer) for k in ("growing", "dead"))
        default_count = DEFAULT_MARKER_COUNT
    else:
        pieces, default_count = (stone,), DEFAULT_STONE_COUNT
    count = default_count if count is None else count
    width, depth = parse_bed(bed)
    plate_bed = Bed(width, depth, spacing)
    if count == 0:
        plates = []
    elif calibrate:
        plates = plan_plates(pieces, count, plate_bed, calibration_name(pair))
    else:
        plates = [plate for p in pieces for plate in plan_plates((p,), count, plate_bed, p.name)]
    _summarise(pieces)
    made = _render(StoneSet(pieces, tuple(plates)))
    _summarise_plates(made.report)
    _summarise_filament(made.files, markers)
    write_and_report(out_dir, made.files)


def _stone(design, circle_diameter, stone_diameter, height, clearance, wall, chamfer, seat, symbol):
    from fabgen.errors import ParameterError
    from fabgen.pieces.params import DiscStone, PyramidStone

    if seat is not None and symbol is not None:
        raise ParameterError("seat", "give either --seat or --symbol, not both")
    if seat is not None:
        symbol = _seat_symbol(seat)
    symbol = symbol or "none"
    common = {"circle_diameter": circle_diameter, "diameter": stone_diameter}
    common.update(clearance=clearance, wall=wall)
    if height is not None:
        common["height"] = height
    if design == "pyramid":
        if symbol != "none":
            raise ParameterError(
                "symbol",
                "seat symbols sit on the disc stone's boss; the pyramid has a vent on top "
                "instead: use --design disc, or print each player's pyramids in their colour",
            )
        return PyramidStone(**common)
    return DiscStone(chamfer=chamfer, symbol=symbol, **common)


def _seat_symbol(seat: str) -> str:
    """``--seat 3`` (a person's seat) or ``--seat m1`` (the first machine colour)."""
    from fabgen.errors import ParameterError, abridged

    symbols = {str(k): v for k, v in SEAT_SYMBOLS.items()}
    symbols |= {f"m{k}": v for k, v in MACHINE_SYMBOLS.items()}
    text = seat.strip().lower()
    if text in symbols:
        return symbols[text]
    quoted = abridged(text, 12)
    machines = ", ".join(f"m{k}" for k in MACHINE_SYMBOLS)
    raise ParameterError(
        "seat",
        f"--seat must be 1 to {len(SEAT_SYMBOLS)} (a person's seat) or {machines} (a machine "
        f"colour), got {quoted}",
    )


def _summarise(pieces) -> None:
    """Each piece's size, and a note for heights a 0.2 mm layer slicer moves (the pieces
    are made as given: the note says what prints, in a kit's words too)."""
    from fabgen.pieces.params import layer_note

    for piece in pieces:
        line = (
            f"{piece.name}: {2 * piece.radius:.2f} mm across, {piece.total_height:.2f} mm high, "
            f"{piece.volume / 1000:.2f} cm³"
        )
        if hasattr(piece, "stack_height"):
            line += f"; a stack of six stands {piece.stack_height(6):.2f} mm"
        click.echo(line)
        note = layer_note(piece)
        if note:
            click.echo(f"note: {note}")


def _summarise_plates(report: dict) -> None:
    from fabgen.products.stones import grams_text

    for plate in report["plates"]:
        n = plate["pieces"]
        click.echo(
            f"{plate['file']}: {n} piece{'s' if n != 1 else ''} (up to {plate['capacity']} "
            f"fit the {plate['bed']} bed), about {grams_text(plate['filament_g'])} g of PLA at "
            f"{report['print_settings']}"
        )


def _summarise_filament(files: dict[str, bytes], markers: bool) -> None:
    """The filament of every piece on the plates, read back from the 3MF files about to
    be written (printed solid), and the markers' colours."""
    from fabgen.pieces.printing import SOLID, marker_colours, read_plates

    printed = read_plates([data for name, data in files.items() if name.endswith(".3mf")])
    if not printed:
        return
    click.echo(f"filament, {SOLID}:")
    colours = marker_colours()
    for name, piece in printed.items():
        kind = next((k for k in colours if name.startswith(f"marker-{k}-")), None)
        colour = f" (print in {colours[kind]})" if markers and kind else ""
        copies = f"{piece.copies} × {name}"
        click.echo(f"  {copies}{colour}: {piece.filament.text()}")
    if markers:
        click.echo(
            "markers: print them in colours no player's stones use, light for growing and "
            "dark for dead (the symbols tell the kinds apart too)"
        )


def _render(stones):
    from fabgen.products.stones import stone_files

    click.echo("building solids with CadQuery ...", err=True)

    def progress(name: str, done: int, total: int) -> None:
        if total >= PROGRESS_FROM and (done % 25 == 0 or done == total):
            click.echo(f"{name}.3mf: {done}/{total} copies", err=True)

    return stone_files(stones, progress)
