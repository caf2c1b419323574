"""What one request may ask of the server, so a slow or hostile request cannot keep it
busy: the size of uploads, of boards, of transcripts and of kits built in the browser.
The command line has no such limits; the messages say so."""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.errors import FabgenError


class TooMuchWork(FabgenError):
    """A request that would take too long; the message says what to do instead."""


@dataclass(frozen=True)
class Limits:
    upload_bytes: int = 512 * 1024  # a board file or transcript (the largest game: ~100 kB)
    request_bytes: int = 1024 * 1024  # any request body
    board_tiles: int = 100  # tiles of a board in the designer (the rules go up to 43)
    board_seats: int = 6
    transcript_turns: int = 5000  # turns replayed for one step of the rules viewer
    spare_tiles: int = 200  # kits built in the browser
    stones_per_colour: int = 500
    moves_text: int = 2000  # characters of moves typed in the rules viewer


LIMITS = Limits()
