"""Boards to and from the Atlantis transcript format (the first position of a game).

A board's tiles are a transcript's ``segments`` and its seats' stacks are the players'
``stacks``. Written transcripts name every field with a stack by its lower-case field
name: the format notes allow an upper-case key (``"C3": 1``) for all seven fields of a
segment, but the online engine looks keys up as field names and drops such keys
(docs/design-notes.md, rule 10). Both kinds are read. Reading is lenient about the
*contents* (two segments on one field, a stack off the board, ...): such a board is
returned as it is so that the validator can name the mistake; a file that is not a
transcript at all is refused with the JSON path of the problem.
"""

from __future__ import annotations

import dataclasses
import re

from fabgen.board.model import Board, Seat, SeatKind
from fabgen.errors import InputFileError
from fabgen.geometry.lattice import Field
from fabgen.rules.names import field_name, parse_stack_key, unshowable, unshowable_words
from fabgen.rules.setup import segment_fields
from fabgen.rules.transcript import (
    PlayerEntry,
    Transcript,
    parse_transcript,
    write_transcript,
)


def parse_board_transcript(
    text: str, source: str = "<transcript>", name: str = "board", *, one_line_names: bool = False
) -> Board:
    """The board of a transcript's first position. ``one_line_names`` (the command
    line's files): a player's name or colour with line breaks or tabs, as a hand-edited
    game file may have, is read on one line, each run of them a space, as the rules
    commands name the seat (:meth:`fabgen.rules.state.Player.label`), where it was
    refused; any other control character is refused either way (it has no place on the
    setup diagram, and a board file written from the board could not be read back)."""
    transcript = parse_transcript(text, source, check_board=False)
    if one_line_names:
        transcript = _on_one_line(transcript)
    if not transcript.segments:
        raise InputFileError(source, "the board has no segments: list at least one", "$.segments")
    for t, segment in enumerate(transcript.segments):
        if not segment:
            raise InputFileError(
                source, "a segment must list at least one field", f"$.segments[{t}]"
            )
    for k, player in enumerate(transcript.players or ()):
        for key in ("name", "color"):
            found = unshowable(getattr(player, key) or "")
            if found is not None:
                what = (
                    "a control character"
                    if found[1] in ("control character", "bidi control")
                    else unshowable_words(*found)
                )
                raise InputFileError(
                    source,
                    f"contains {what}: remove it (names are printed on the setup diagram)",
                    f"$.players[{k}].{key}",
                )
    return board_from_transcript(transcript, name)


#: What a name is put on one line at: the line breaks and tabs ``str.split`` splits at
#: that are not spaces (a no-break or ideographic space is kept as it is).
_BREAKS = re.compile(r"[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]")


def _on_one_line(transcript: Transcript) -> Transcript:
    """``transcript`` with every name and colour that holds a line break or tab on one
    line (names without one are kept exactly)."""

    def one_line(value: str | None) -> str | None:
        return " ".join(value.split()) if value and _BREAKS.search(value) else value

    players = tuple(
        dataclasses.replace(p, name=one_line(p.name), color=one_line(p.color))
        for p in transcript.players or ()
    )
    return dataclasses.replace(transcript, players=players or transcript.players)


def board_from_transcript(transcript: Transcript, name: str = "board") -> Board:
    """The board and seats of a transcript's first position (its turns are not played)."""
    seats = tuple(_seat(entry) for entry in transcript.players or ())
    return Board.from_segments(transcript.segments, seats, name=name, to_move=_to_move(transcript))


def _to_move(transcript: Transcript) -> int:
    """The seat to move in the transcript's first position (a game in progress may have
    any): its ``next_player``, else its ``turns_played`` modulo the seats, as the rules
    engine reads it."""
    seats = len(transcript.players or ())
    if transcript.next_player is not None and 0 <= transcript.next_player < seats:
        return transcript.next_player
    return (transcript.turns_played or 0) % seats if seats else 0


def _seat(entry: PlayerEntry) -> Seat:
    stacks: list[tuple[Field, int]] = []
    for key, value in entry.stacks or ():
        centre, whole_tile = parse_stack_key(key)
        stacks.extend((f, value) for f in (segment_fields(centre) if whole_tile else (centre,)))
    return Seat(entry.name, entry.color, tuple(stacks), SeatKind(entry.kind or SeatKind.PLAYER))


def board_to_transcript(board: Board) -> Transcript:
    """The board as a transcript with players and no turns."""
    players = tuple(
        PlayerEntry(
            seat.name,
            seat.colour,
            _stack_keys(board, k),
            seat.kind.value if seat.is_machine else None,
        )
        for k, seat in enumerate(board.seats)
    )
    return Transcript(board.segments(), players, next_player=board.to_move or None)


def board_transcript_text(board: Board) -> str:
    return write_transcript(board_to_transcript(board))


def _stack_keys(board: Board, k: int) -> tuple[tuple[str, int], ...]:
    """Lower-case field keys only, in board order (start tiles first, as laid out)."""
    stacks = dict(board.seats[k].stacks)
    out: list[tuple[str, int]] = []
    for t in board.start_tiles(k):
        for f in board.tiles[t].fields:
            if f in stacks:
                out.append((field_name(f), stacks.pop(f)))
    out.extend((field_name(f), v) for f, v in stacks.items())
    return tuple(out)
