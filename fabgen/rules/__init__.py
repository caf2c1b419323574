"""The rules engine of the Atlantis hex-island game (pure: no file I/O except the
transcript reader and writer).

Build positions with :meth:`Position.from_stacks` (or :func:`position_from_names` for
hand-built examples), play turns with :func:`play_turn` or :class:`Turn`, replay games
with :func:`replay`, and ask :func:`regions`, :func:`scores`, :func:`game_over` and
:func:`ranking`. Games are read and written in the Atlantis transcript format
(:mod:`fabgen.rules.transcript`). Rule variants are chosen by name
(:data:`VARIANTS`).
"""

from fabgen.rules.moves import RULES, IllegalMove, Move, parse_moves
from fabgen.rules.scoring import Region, Standing, game_over, ranking, regions, scores
from fabgen.rules.setup import (
    hexagon_segments,
    online_segment_centre,
    position_from_names,
    segment_fields,
    start_position,
)
from fabgen.rules.state import Board, FieldState, Player, Position, PositionError, Status
from fabgen.rules.transcript import (
    Transcript,
    parse_transcript,
    read_transcript,
    transcript_from_position,
    transcript_line,
    write_transcript,
)
from fabgen.rules.turn import Step, Turn, explosion_phase, play_turn, replay
from fabgen.rules.variants import DEFAULT, VARIANTS, Variant, get_variant

__all__ = [
    "DEFAULT",
    "RULES",
    "VARIANTS",
    "Board",
    "FieldState",
    "IllegalMove",
    "Move",
    "Player",
    "Position",
    "PositionError",
    "Region",
    "Standing",
    "Status",
    "Step",
    "Transcript",
    "Turn",
    "Variant",
    "explosion_phase",
    "game_over",
    "get_variant",
    "hexagon_segments",
    "online_segment_centre",
    "parse_moves",
    "parse_transcript",
    "play_turn",
    "position_from_names",
    "ranking",
    "read_transcript",
    "regions",
    "replay",
    "scores",
    "segment_fields",
    "start_position",
    "transcript_from_position",
    "transcript_line",
    "write_transcript",
]
