"""The play page's requests, without the web server: start a game, play a person's
turn and then every computer and machine turn up to the next person, look at moves
before the turn ends, take turns back, start again, hints.

Every answer that changes a game saves it first (:class:`~fabgen.web.games.GameStore`);
a game's lock keeps two requests for one game from playing at once. See docs/web.md,
"The play page", for the API these functions answer.
"""

from __future__ import annotations

import time
from pathlib import Path

from fabgen.errors import InputFileError, ParameterError, requested
from fabgen.rules.state import Position
from fabgen.web.games import (
    PERSON,
    Game,
    GameError,
    GameStore,
    fields_json,
    hint_player,
    legal_json,
    parse_move_pairs,
    rotated,
    seat_kinds,
    seed,
    state_json,
    turn_record,
)
from fabgen.web.limits import LIMITS, TooLarge
from fabgen.web.thinker import HINT_PLAYER, DecidedTurn, Stopping, Thinker
from fabgen.web.viewer import read_game, requested_variant


class Play:
    """The games of one server: its store and the thinker of its computer seats."""

    def __init__(self, folder: Path | str, thinker: Thinker):
        self.store = GameStore(folder)
        self.thinker = thinker
        self._pictures: dict[str, dict] = {}

    # ---- starting ---------------------------------------------------------------------

    def create(self, data: dict) -> dict:
        """``{"preset": NAME}``, ``{"board": TEXT}`` (a board file or transcript; a
        transcript's turns are played) or ``{"board_state": {...}}`` (the designer's
        board), with ``seats``, ``variant`` and ``table``. ``play`` false: answer with
        the new game's id at once, its computer seats not yet played (the play page then
        plays them with ``/turn``, knowing the game: a reload meanwhile finds it)."""
        start, turns, name, variant = _start(data)  # a transcript's turns replayed
        seats = seat_kinds(data.get("seats"), start)
        table, play = data.get("table", False), _play_now(data)
        if not isinstance(table, bool):
            raise ParameterError("table", "table must be true or false")
        game = self._new_game(start, turns, seats, variant, name, table)
        return self._answer(game, self._computers(game) if play else [], with_id=True)

    def again(self, game_id: str, data: dict) -> dict:
        """Start again: the same game from its first turn, or (``rotate``) a new game
        in which each seat's player moves on to the next seat (the board's machines
        stay; an extreme machine playing a person's seat moves on)."""
        game = self.store.get(game_id)
        rotate, play = data.get("rotate", False), _play_now(data)
        if not isinstance(rotate, bool):
            raise ParameterError("rotate", "rotate must be true or false")
        if not rotate:
            with game.lock:
                game.check_version(data)
                game.undo_to(0)
                return self._answer(game, self._computers_saved(game))
        seats = rotated(game.seats, game.start)  # (the board's machine seats stay)
        new = self._new_game(game.start, [], seats, game.variant, game.name, game.table)
        return self._answer(new, self._computers(new) if play else [], with_id=True)

    def _new_game(self, *args) -> Game:
        """A new game of the store, its board pictured afresh: a picture is kept by the
        game's id, and an id given again (the tests' fixed one) showed the board of the
        game that had it before."""
        game = self.store.new_game(*args)
        self._pictures.pop(game.id, None)
        return game

    # ---- playing ------------------------------------------------------------------------

    def state(self, game_id: str) -> dict:
        game = self.store.get(game_id)
        with game.lock:
            return self._state(game)

    def turn(self, game_id: str, data: dict) -> dict:
        """The person's turn (``moves``), then the computers' up to the next person.
        Without a person to move, ``moves`` is left out: the computers go on."""
        game = self.store.get(game_id)
        with game.lock:
            game.check_version(data)
            played = []
            if game.over:
                raise GameError(f"the game is over: {_ranking_words(game)}")
            if game.person_to_move:
                if "moves" not in data:
                    raise ParameterError("moves", _whose(game) + ': send its "moves"')
                played.append(self._person(game, parse_move_pairs(data["moves"])))
            elif data.get("moves"):
                raise GameError(_whose(game) + ": a computer seat plays itself; send no moves")
            played += self._computers(game)
            return self._answer(game, played)

    def try_moves(self, game_id: str, data: dict) -> dict:
        """The person's moves so far in this turn, checked (an illegal one answers with
        the rule it breaks): the fields after them and the moves still legal."""
        game = self.store.get(game_id)
        with game.lock:
            game.check_version(data)
            if not game.person_to_move:
                raise GameError(_nobody_to_move(game, "no person is to move"))
            moves = parse_move_pairs(data["moves"])
            turn = game.try_moves(moves)
            legal, stones = legal_json(turn)
            return {"legal": legal, "stones": stones, "board": fields_json(turn.position)}

    def undo(self, game_id: str, data: dict) -> dict:
        """Back to before turn ``turn`` (from 0): later turns are forgotten."""
        game = self.store.get(game_id)
        with game.lock:
            game.check_version(data)
            game.undo_to(data["turn"])
            return self._answer(game, self._computers_saved(game))

    def settings(self, game_id: str, data: dict) -> dict:
        """Change who plays each seat (``seats``) or the at-the-table mode (``table``);
        ``done``: at the table, every turn so far is done on the board."""
        game = self.store.get(game_id)
        with game.lock:
            # (everything checked before anything changes: a refused request changes nothing)
            for key in ("table", "done"):
                if not isinstance(data.get(key, False), bool):
                    raise ParameterError(key, f"{key} must be true or false")
            if "seats" in data:
                game.seats = seat_kinds(data["seats"], game.start)
            if (data.get("table") and not game.table) or data.get("done"):
                game.todo_from = len(game.turns)  # from here on the page says what to do
            game.table = data.get("table", game.table)
            return self._answer(game, self._computers_saved(game))

    def hint(self, game_id: str, data: dict | None = None) -> dict:
        """What the strong player (``data["player"]``: ``strong`` or ``strong:N``,
        default ``strong``) would play for the person to move."""
        player = hint_player((data or {}).get("player", HINT_PLAYER))
        game = self.store.get(game_id)
        with game.lock:
            game.check_version(data or {})
            if not game.person_to_move:
                raise GameError(_nobody_to_move(game, "hints are for a person to move"))
            pos = game.position
            moves, _ = self.thinker.decide(pos, player, game.variant, seed(game))
        from fabgen.rules.names import field_name

        # The words of the whole turn, its explosions too: a hint to pass in a stack
        # start says "passes; 1 explosion", which is why passing is the move.
        words = turn_record(pos, list(moves), game.variant)[1]["words"]
        pairs = [[field_name(m.source), field_name(m.destination)] for m in moves]
        return {"moves": pairs, "words": words}

    def transcript(self, game_id: str) -> tuple[str, str]:
        """The game's transcript text and a file name for it."""
        from fabgen.board.boardfile import name_from_stem
        from fabgen.rules.transcript import write_transcript

        game = self.store.get(game_id)
        with game.lock:
            stem = name_from_stem(game.name)
            # (a game uploaded from its own download is named "...-game" already)
            return write_transcript(game.transcript()), f"{stem.removesuffix('-game')}-game.json"

    def close(self) -> None:
        self.thinker.close()

    # ---- inside ---------------------------------------------------------------------------

    def _person(self, game: Game, moves) -> dict:
        record = game.play(moves)  # IllegalMove: nothing changed
        self.store.save(game)
        return record

    def _computers(self, game: Game) -> list[dict]:
        played: list[dict] = []
        started = time.monotonic()
        while not game.over and not game.person_to_move and len(played) < LIMITS.computer_turns:
            if played and time.monotonic() - started >= LIMITS.computer_seconds:
                break  # (the page, or a script sending {}, goes on with the next request)
            pos = game.position
            kind = game.seats[pos.next_player]
            choice = DecidedTurn([])
            if kind != "machine":
                try:
                    choice = self.thinker.decide_turn(pos, kind, game.variant, seed(game))
                except Stopping:  # the turns so far are saved and answered (a new game's
                    break  # id too): the page goes on with them when the server is back
            ties = (choice.ties, choice.all_ties)
            played.append(game.play(choice.moves, late=not choice.in_time, ties=ties))
        if played:
            self.store.save(game)
        return played

    def _computers_saved(self, game: Game) -> list[dict]:
        """The computers' turns after a change that is saved whether they play or not."""
        played = self._computers(game)
        if not played:
            self.store.save(game)
        return played

    def _answer(self, game: Game, turns: list[dict], with_id: bool = False) -> dict:
        out: dict[str, object] = {"id": game.id} if with_id else {}
        out["turns"] = turns
        out["state"] = self._state(game)
        return out

    def _state(self, game: Game) -> dict:
        return state_json(game, self._picture(game))

    def _picture(self, game: Game) -> dict:
        picture = self._pictures.get(game.id)
        if picture is None:
            from fabgen.web.picture import position_geometry

            picture = position_geometry(game.start, game.name)
            if len(self._pictures) >= LIMITS.games_in_memory:
                self._pictures.pop(next(iter(self._pictures)))
            self._pictures[game.id] = picture
        return picture


def _play_now(data: dict) -> bool:
    """Whether a new game's computer seats play before the answer (``play``, default
    true)."""
    play = data.get("play", True)
    if not isinstance(play, bool):
        raise ParameterError("play", "play must be true or false")
    return play


def _whose(game: Game) -> str:
    k = game.position.next_player
    name = game.position.players[k].name or f"seat {k + 1}"
    return f"it is {name}'s turn (seat {k + 1}, {game.seats[k]})"


def _nobody_to_move(game: Game, why: str) -> str:
    """Why a request for the person to move is refused: the game is over, or whose
    turn it is."""
    if game.over:
        return f"the game is over: {_ranking_words(game)}"
    return f"{_whose(game)}: {why}"


def _ranking_words(game: Game) -> str:
    from fabgen.rules.scoring import ranking

    pos = game.position
    return ", ".join(
        f"{s.rank}. {pos.players[s.player].name or f'seat {s.player + 1}'} ({s.score})"
        for s in ranking(pos, game.variant)
    )


def _start(data: dict) -> tuple[Position, list, str, str]:
    """The start position, the turns already played, a name and the variant: the one
    asked for, else the one a transcript names, else online. A transcript is checked
    (:func:`~fabgen.web.viewer.read_game`): an illegal move is refused before a game
    is made of it."""
    from fabgen.board.transcript_io import board_to_transcript

    given = [k for k in ("preset", "board", "board_state") if k in data]
    if len(given) != 1:
        raise ParameterError(
            "board",
            'start a game from one of "preset" (a name), "board" (a board file or '
            'transcript, as text) or "board_state" (the designer\'s board)',
        )
    if "preset" in data:
        from fabgen.board.files import load_preset

        name = data["preset"]
        if not isinstance(name, str):  # (as the API refuses a filename that is no text)
            raise ParameterError(
                "preset",
                f"preset must be text: a preset's name, like 6p-hexagon-19, not {requested(name)} "
                "(fabgen boards lists them)",
            )
        board = load_preset(name)  # (an unknown name refused in the command line's words)
    elif "board_state" in data:
        from fabgen.web.designer import SOURCE, board_from_state

        board = board_from_state(data["board_state"])
        _playable(board, SOURCE)
        name = board.name
    else:
        text = data["board"]
        if not isinstance(text, str):
            raise ParameterError("board", "board must be the text of a board file or transcript")
        if len(text) > LIMITS.upload_bytes:
            raise TooLarge(
                f"the board is larger than {LIMITS.upload_bytes // 1024} kB: is it a board "
                "file or a transcript?"
            )
        from fabgen.web.designer import read_upload, upload_board_name, upload_label

        filename = _filename(data)
        name = upload_board_name(filename)  # (as the designer names it: no folder)
        shown = upload_label(filename)  # (the messages': "club.json", as the designer's)
        if text.lstrip().startswith("{"):
            # checked as fabgen rules replay checks a file, as the rules viewer does
            transcript, variant = read_game(
                text, shown, data.get("variant"), max_tiles=LIMITS.board_tiles
            )
            return transcript.position, list(transcript.move_list), name, variant
        board = read_upload(text, filename)
        _playable(board, shown)
        name = board.name
    variant = requested_variant(data.get("variant", "online"))
    return board_to_transcript(board).position, [], name, variant


def _filename(data: dict) -> str:
    """The name of the file a board's text comes from (``filename``; none: "board")."""
    filename = data.get("filename")
    if filename is None:
        return "board"
    if not isinstance(filename, str):  # (a list or true was a game named "['x']", "True")
        raise ParameterError("filename", "filename must be text: the file's name, like club.json")
    return filename


def _playable(board, source: str) -> None:
    """Refuse a board the validator finds errors in, as the designer's **Play this
    board** does, quoting the first errors as fabgen validate prints them."""
    from fabgen.board.validate import validate

    report = validate(board, source=board.name)
    if not report.ok:
        them = "it" if report.errors == 1 else "them"
        raise InputFileError(
            source,
            f"not played: {report.errors_quoted()}. Fix {them} first; the board designer "
            "(or fabgen validate) shows what and where",
        )


__all__ = ["PERSON", "Play"]
