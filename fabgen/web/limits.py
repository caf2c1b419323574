"""What one request may ask of the server, so a slow or hostile request cannot keep it
busy: the size of uploads, of boards and of transcripts. Kit settings have the command
line's own ranges (fabgen.limits), which already keep a kit build within seconds."""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.errors import FabgenError


class TooMuchWork(FabgenError):
    """A request that would take too long; the message says what to do instead.
    ``where``: the kit setting (``section.key``) that asks for the work, if one does."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__(message)
        self.where = where


class TooLarge(FabgenError):
    """A file or request larger than the server takes (413): unlike too much work at
    the moment (503), asking again does not help; the message says what to do."""

    status = 413


@dataclass(frozen=True)
class WebLimits:
    upload_bytes: int = 512 * 1024  # a board file or transcript (the largest game: ~100 kB)
    request_bytes: int = 1024 * 1024  # any request body
    board_tiles: int = 100  # tiles of a board in the designer (the rules go up to 43)
    board_seats: int = 6
    transcript_turns: int = 5000  # turns replayed for one step of the rules viewer
    moves_text: int = 2000  # characters of moves typed in the rules viewer
    # self-played games behind a kit's supply = "simulate": the preview plays them on
    # every change (the CLI's default is 200). Greedy and random players only: a greedy
    # game takes 0.03 s (10 tiles) to 0.3 s (37 tiles), a strong one seconds (4 s on
    # 2p-diamond-4), which a preview cannot wait for (SIMULATE_PLAYERS)
    simulate_games: int = 20
    # seconds the rest of a kit preview (sheets, stones, a simulated supply) may take in
    # the preview worker before it is stopped and the preview refused
    preview_seconds: float = 30.0
    # the play page (fabgen.web.games): games kept in memory (the others wait in the
    # games folder), games in the folder, turns of one game, moves of one turn
    games_in_memory: int = 64
    games_on_disk: int = 5000
    game_turns: int = 5000
    moves_per_turn: int = 127  # one move per tile, on the largest board fabgen reads
    # a computer seat's turn: the strong player's largest budget (its default, 300,
    # decides in tens of milliseconds) and the seconds a decision may take before the
    # greedy player's turn is played instead
    strong_budget: int = 20000
    think_seconds: float = 20.0
    # computer turns one request plays before it answers (a game of computers only
    # goes on with the next request), and the seconds of them: no turn is begun after
    # that (60 turns of strong:20000 seats on 6p-hexagon-37 took 80 s and more)
    computer_turns: int = 60
    computer_seconds: float = 10.0
    # seconds a connection may send nothing before fabgen serve closes it (each open
    # connection holds a thread)
    idle_seconds: float = 60.0


LIMITS = WebLimits()

#: Days a game of the play page may go unplayed before a full games folder lets it go
#: (finished games go first; see fabgen.web.games.GameStore).
ABANDONED_DAYS = 30

#: Who may play a kit's simulated supply in the browser: the fast players only.
SIMULATE_PLAYERS = ("greedy", "random")
