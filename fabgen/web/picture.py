"""The board picture the pages share: where the tiles and fields are, as the setup
diagram has them.

The browser draws the picture itself (``static/boardpic.js``) from this geometry and a
position's fields, so that a tap on a field, a highlight or an explosion wave changes
only what it must. The geometry comes from :class:`~fabgen.board.placement.BoardPlacement`,
as the setup diagram's does: the same orientation, tile outlines and seat colours, in
SVG coordinates (y down) with field centres 10 units apart. Each seat's stones carry
the seat's symbol, as the kit's stones do with ``seat_symbols`` (ring, bar, triangle,
...: machines a hexagon or a rhombus), so seats are told apart without their colours.
"""

from __future__ import annotations

from collections.abc import Sequence

from fabgen.board.model import Board
from fabgen.board.placement import BoardPlacement
from fabgen.draw.board_parts import number_spot, seat_colour, tint
from fabgen.geometry.lattice import Field, Point
from fabgen.geometry.symbols import board_seat_symbols
from fabgen.rules.names import field_name
from fabgen.rules.state import Position
from fabgen.web.designer import PICTURE_WIDTH
from fabgen.web.symbol_paths import symbol_path

MARGIN = 3.0


def board_geometry(board: Board, fields: Sequence[Field] | None = None) -> dict:
    """Tiles (outline loops, number spot, fill), fields (name, centre, tile number) in the order of
    ``fields`` (the rules engine's order; default the board's), the field radius and
    the seats' colours, names and symbols (each an SVG path within radius 1)."""
    place = BoardPlacement(board, PICTURE_WIDTH)
    loops = [place.tile_outlines(t) for t in range(len(board.tiles))]
    points = [p for tile in loops for loop in tile for p in loop]
    x0, y0 = min(p[0] for p in points) - MARGIN, min(p[1] for p in points) - MARGIN
    x1, y1 = max(p[0] for p in points) + MARGIN, max(p[1] for p in points) + MARGIN

    def svg(p: Point) -> list[float]:  # paper has y up, SVG y down
        return [round(p[0] - x0, 2), round(y1 - p[1], 2)]

    starts = {t: k for k in range(len(board.seats)) for t in board.start_tiles(k)}
    tile_of = {f: t for t, tile in enumerate(board.tiles) for f in tile.fields}
    colours = [seat_colour(board, k) for k in range(len(board.seats))]
    return {
        "viewbox": [round(x1 - x0, 2), round(y1 - y0, 2)],
        "tiles": [
            {
                "number": t + 1,
                "loops": [[svg(p) for p in loop] for loop in tile],
                "number_at": svg(number_spot(place, t)),
                "fill": tint(colours[starts[t]], 0.72) if t in starts else "#ffffff",
            }
            for t, tile in enumerate(loops)
        ],
        "fields": [
            {"name": field_name(f), "at": svg(place.xy(f)), "tile": tile_of.get(f, -1) + 1}
            for f in (fields or board.fields)
        ],
        "radius": round(place.circle_radius, 2),
        "pitch": round(place.pitch, 2),
        "colours": colours,
        "names": [s.name or f"Seat {k + 1}" for k, s in enumerate(board.seats)],
        "symbols": [
            {"name": name, "path": symbol_path(name)}
            for name in board_seat_symbols([s.is_machine for s in board.seats])
        ],
    }


def position_geometry(position: Position, name: str = "board") -> dict:
    """:func:`board_geometry` of a game's board (its tiles are the position's segments,
    its seats the position's players, their stacks where they are now)."""
    from fabgen.board.transcript_io import board_from_transcript
    from fabgen.rules.transcript import transcript_from_position

    board = board_from_transcript(transcript_from_position(position), name)
    return board_geometry(board, position.board.fields)
