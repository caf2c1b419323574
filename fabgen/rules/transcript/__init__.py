"""The Atlantis transcript format (JSON), read and written exactly.

::

    {"format": "Atlantis transcript", "version": "1.0",
     "segments": [["b2", "c2", ...], ...],
     "players": [{"name": "Red", "color": "red", "stacks": {"B2": 1, "d4": -2}},
                 {"name": "Grey", "kind": "machine", "stacks": {"a1": 3}}, ...],
     "turns": [[["c3", "c5"], ["f2", "d2"]], [], ...]}

An upper-case stack key (``"B2"``) stands for the seven fields of the segment centred
there; it is read, but fabgen writes every field by its lower-case name, since the
online engine drops upper-case keys (docs/design-notes.md, rule 10).
``players`` is optional (a board only). A player's optional ``kind`` is ``"player"``
(a person, the default), ``"machine"`` (never moves) or ``"extreme-machine"``; the
online engine ignores it. The moves are ``turns`` (a list of turns,
each a list of ``[source, destination]`` pairs) or ``events`` (objects ``{"type":
"turn", "moves": [...]}``); both are read and written back as they came. Turn t is
played by player ``(next_player + t) mod number of players``.

A position written by fabgen may carry ``next_player`` (an index into ``players``,
from 0 like the turn numbers of the format), ``turns_played``, ``game_over``,
``scores``, ``places`` (each player's place, 1 = first; tied players share a place)
and ``variant`` (the rule variant the results were computed under); they are read
back (the results are not used to build the position). It may also carry ``passes``,
the number of turns in a row without a move, which the 1995 end condition counts (the
JSON of ``rules replay`` and ``rules turn`` always carries it, a play page's game when
it did not start fresh).

Reading checks everything a file can get wrong and raises
:class:`~fabgen.errors.InputFileError` with the JSON path of the problem (such as
``$.players[1].stacks.c3``). Whether the moves are legal is the replay's business.

The modules: ``format`` (the data and JSON paths), ``reading``, ``writing``.
"""

from __future__ import annotations

from fabgen.rules.transcript.format import (
    FORMAT,
    KINDS,
    MAX_SEATS,
    VERSION,
    PlayerEntry,
    Transcript,
    json_path,
)
from fabgen.rules.transcript.reading import (
    MAX_SEGMENTS,
    MAX_TURNS,
    parse_transcript,
    read_transcript,
    transcript_from_json,
)
from fabgen.rules.transcript.writing import (
    transcript_from_position,
    transcript_line,
    transcript_to_json,
    write_transcript,
)

__all__ = [
    "FORMAT",
    "KINDS",
    "MAX_SEATS",
    "MAX_SEGMENTS",
    "MAX_TURNS",
    "VERSION",
    "PlayerEntry",
    "Transcript",
    "json_path",
    "parse_transcript",
    "read_transcript",
    "transcript_from_json",
    "transcript_from_position",
    "transcript_line",
    "transcript_to_json",
    "write_transcript",
]
