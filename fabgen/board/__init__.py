"""Boards for 2 to 6 players: the board model, presets, board files, transcripts, the
validator and the bill of materials. Pure: no PDF, SVG, DXF or CAD library is imported
here (drawings of boards are in :mod:`fabgen.draw`).

- :mod:`fabgen.board.model`: :class:`Board`, :class:`Tile`, :class:`Seat` on the tile
  lattice; fields, adjacency, connected pieces, the outline.
- :mod:`fabgen.board.symmetry`: rotations and mirrors in exact integers.
- :mod:`fabgen.board.boardfile`: the board file (TOML), read and written.
- :mod:`fabgen.board.transcript_io`: boards as Atlantis transcripts.
- :mod:`fabgen.board.files`: reading any board file, the presets.
- :mod:`fabgen.board.validate`: findings with stable codes.
- :mod:`fabgen.board.checks`: the validator's checks, registered by section.
- :mod:`fabgen.board.supply`, :mod:`fabgen.board.bom`: pieces needed.
- :mod:`fabgen.board.placement`: a board laid out in millimetres.
"""

from fabgen.board.boardfile import board_to_toml, parse_board_toml, read_board_toml
from fabgen.board.files import load_preset, preset_names, read_board
from fabgen.board.model import Board, Seat, SeatKind, Tile, TurnDirection
from fabgen.board.symmetry import board_symmetry, seat_rotations
from fabgen.board.transcript_io import board_from_transcript, board_to_transcript
from fabgen.board.validate import CODES, Finding, KitCounts, Report, Severity, validate

__all__ = [
    "CODES",
    "Board",
    "Finding",
    "KitCounts",
    "Report",
    "Seat",
    "SeatKind",
    "Severity",
    "Tile",
    "TurnDirection",
    "board_from_transcript",
    "board_symmetry",
    "board_to_toml",
    "board_to_transcript",
    "load_preset",
    "parse_board_toml",
    "preset_names",
    "read_board",
    "read_board_toml",
    "seat_rotations",
    "validate",
]
