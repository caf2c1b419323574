"""Games played in the browser (the play page and its JSON API), without the web server.

A :class:`Game` is a start position, the turns played since and a kind per seat:
``person``, a computer player (``strong``, ``strong:N``, ``greedy``, ``random``,
``extreme-machine``) or, for a board's machine seats, ``machine`` and
``extreme-machine`` (they keep their kind). Which seats are the board's machines is the
start position's to say, never the kind played: a person's seat given to the extreme
machine stays a person's seat (docs/design-notes.md, *The play page*). A person's turn
comes from the request; every other seat's turn is decided by
a :class:`~fabgen.web.thinker.Thinker`, outside the request thread when the server
runs one (see :mod:`fabgen.web.thinker`).

A :class:`GameStore` keeps a bounded number of games in memory and every game in a
folder: ``ID.json``, the game as a transcript in the online engine's format (lower-case
stack keys; seat kinds as the format has them), and ``ID.seats.toml``, the page's own
settings (who plays each seat, the rule variant, at-the-table mode) and what the
transcript cannot say (the turns not yet done on the table's board, the computer turns
that thought too long). Both are written atomically (a temporary file renamed over the
old one), so a crash leaves the last saved turn; a game not in memory is read back from
the folder when asked for.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import re
import secrets
import tempfile
import threading
import tomllib
from collections import OrderedDict
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import tomli_w

from fabgen.errors import FabgenError, InputFileError, ParameterError, abridged, requested
from fabgen.rules.moves import MACHINE, IllegalMove, Move, direction_and_distance
from fabgen.rules.names import field_name
from fabgen.rules.scoring import game_over, ranking, regions, scores
from fabgen.rules.state import Position
from fabgen.rules.transcript import Transcript, parse_transcript, transcript_to_json
from fabgen.rules.turn import Turn, play_turn, replay
from fabgen.rules.variants import VARIANTS
from fabgen.text import counted
from fabgen.web.limits import ABANDONED_DAYS, LIMITS, TooMuchWork

PERSON = "person"
#: Kinds a person's seat may be given; ``strong:N`` too (N up to the server's cap). The
#: extreme machine as well: it starts with a full tile like a person, so a person's seat
#: is one it can play (as ``fabgen balance --players extreme-machine,strong`` seats it).
COMPUTERS = ("strong", "greedy", "random", "extreme-machine")
#: Kinds of a board's machine seats (fabgen.board.model.SeatKind), kept as they are.
MACHINES = (MACHINE, "extreme-machine")
#: Game ids: made by the server, checked before any file is named after one.
_ID = re.compile(r"[0-9a-f]{16}")


def default_games_dir() -> Path:
    """``$XDG_DATA_HOME/fabgen/games``, by default ``~/.local/share/fabgen/games``. A
    relative ``XDG_DATA_HOME`` is ignored, as the XDG specification says (it made a
    folder under wherever the server was started)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = str(Path.home() / ".local" / "share")
    return Path(base) / "fabgen" / "games"


class GameError(FabgenError):
    """A request about a game that cannot be carried out (not a person's turn, ...);
    the message says why."""

    status = 400


class NoSuchGame(GameError):
    status = 404


class NotSaved(GameError):
    """The games folder refused a write (full, gone, read-only)."""

    status = 503


class NotRead(GameError):
    """The games folder refused to give a game's files back (permissions, a folder in a
    file's place, a failing disk): 500, the server's own trouble, which asking again
    does not mend (503 is for a server that is busy or stopping, which the play page
    waits for)."""

    status = 500


class Outdated(GameError):
    """A request made on a position the game has left (another window played or took
    back turns since): carried out, it would act on a board its sender does not show."""

    status = 409


# ---- seats --------------------------------------------------------------------------------


def seat_kinds(requested: object, position: Position) -> list[str]:
    """One kind per seat: ``requested`` lists every seat, or only the seats that are
    not the board's machines (machine seats keep their kind). Default: a person on seat
    1, the strong player on the others. The board's machine seats are those of
    ``position`` (the start), so a list read back with a person's seat given to the
    extreme machine puts it back in that seat."""
    machine = [p.kind in MACHINES for p in position.players]
    if requested is None:
        people = [PERSON] + ["strong"] * (machine.count(False) - 1)
        return _merge(people, position)
    if not isinstance(requested, list) or not all(isinstance(k, str) for k in requested):
        raise ParameterError("seats", 'seats must be a list of kinds like ["person", "strong"]')
    if len(requested) == len(machine):
        for k, (kind, is_machine) in enumerate(zip(requested, machine, strict=True)):
            if is_machine and kind != position.players[k].kind:
                raise ParameterError(
                    "seats",
                    f"seat {k + 1} is a {position.players[k].kind} seat of the board: it keeps "
                    f'its kind (give "{position.players[k].kind}" or leave machine seats out)',
                )
        requested = [
            kind for kind, is_machine in zip(requested, machine, strict=True) if not is_machine
        ]
    if len(requested) != machine.count(False):
        raise ParameterError(
            "seats",
            f"{len(requested)} seat kinds for {len(machine)} seats "
            f"({machine.count(True)} of them machines): give one kind per seat",
        )
    for kind in requested:
        check_kind(kind)
    return _merge(list(requested), position)


def _merge(people: list[str], position: Position) -> list[str]:
    it = iter(people)
    return [p.kind if p.kind in MACHINES else next(it) for p in position.players]


def rotated(seats: list[str], position: Position) -> list[str]:
    """``seats`` with each person's seat's player moved on to the next person's seat
    (the last to the first); the board's machine seats (those of the start ``position``)
    stay. An extreme machine playing a person's seat moves on with the others."""
    people = [k for k, p in zip(seats, position.players, strict=True) if p.kind not in MACHINES]
    return _merge(people[-1:] + people[:-1], position)


def check_kind(kind: str) -> None:
    base, colon, budget = kind.partition(":")
    ok = kind == PERSON or (kind in COMPUTERS) or (base == "strong" and colon)
    if not ok:
        raise ParameterError(
            "seats",
            f"unknown seat kind {abridged(kind, quoted=True)}: person, strong, strong:N, "
            "greedy, random or extreme-machine",
        )
    if colon and not _budget_allowed(budget):
        raise ParameterError(
            "seats",
            f"{abridged(kind)}: the strong player's budget "
            f"is a whole number from 1 to {LIMITS.strong_budget} on this server",
        )


def _budget_allowed(budget: str) -> bool:
    """A strong player's budget as the command line reads it
    (:func:`fabgen.play.strong.parse_budget`), written without spaces and within this
    server's cap."""
    from fabgen.play.strong import parse_budget

    try:
        return budget == budget.strip() and parse_budget(budget) <= LIMITS.strong_budget
    except ParameterError:
        return False


def hint_player(player: object) -> str:
    """The player a hint comes from: ``strong``, or ``strong:N`` with N within the
    server's cap (the deeper search a budget above the default buys)."""
    if isinstance(player, str):
        base, colon, budget = player.partition(":")
        if base == "strong" and (not colon or _budget_allowed(budget)):
            return player
    raise ParameterError(
        "player",
        f'a hint comes from the strong player: give "strong" or "strong:N" with N a '
        f"whole number from 1 to {LIMITS.strong_budget}, not {requested(player)}",
    )


# ---- a game ---------------------------------------------------------------------------------


def _move_key(move: Move) -> str:
    """A move in a game's version: its field names (:attr:`Game.version`)."""
    return f"{field_name(move.source)}-{field_name(move.destination)}"


@dataclass
class Game:
    id: str
    start: Position
    seats: list[str]
    variant: str = "online"
    name: str = "game"
    table: bool = False  # at-the-table mode: the page's choice, kept with the game
    turns: list[tuple[Move, ...]] = field(default_factory=list)
    # At the table: the turns before this one are done on the board; the turns from it
    # on are still to do (the page's "Do this on the board"; a person's: what its moves
    # set off).
    todo_from: int = 0
    # Computer turns that thought too long (the greedy player's turn was played).
    late: list[int] = field(default_factory=list)
    # Extreme machines' turns drawn among several as good: [turn, ties, all_ties (1/0)].
    ties: list[list[int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    _position: Position | None = field(default=None, repr=False, compare=False)
    _version: str | None = field(default=None, repr=False, compare=False)
    # Each turn's words and explosions, a prefix of the turns (read back lazily).
    _words: list[tuple[str, int]] = field(default_factory=list, repr=False, compare=False)

    @property
    def position(self) -> Position:
        if self._position is None:
            self._position = replay(self.start, self.turns, self.variant)
        return self._position

    @property
    def over(self) -> bool:
        return game_over(self.position, self.variant)

    @property
    def version(self) -> str:
        """Names the position: the turns played and a digest of their moves. A request
        that sends it is refused (:class:`Outdated`) once the game has left it. The
        digest reads each move's field names joined by "-", not the move as people read
        it (``str``): "-d1 to -c1" for "-d1--c1" renamed every position with a minus
        name, and a page open across that upgrade was refused as if the game had moved
        on. ("-", as before that spelling: the names pages opened then still hold.)"""
        if self._version is None:
            text = ";".join(",".join(_move_key(m) for m in t) for t in self.turns)
            digest = hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:10]
            self._version = f"{len(self.turns)}-{digest}"
        return self._version

    def check_version(self, data: dict) -> None:
        """Refuse a request made on another position than the game's (``version``
        left out: no check, as scripts written before it expect)."""
        sent = data.get("version")
        if sent is None:
            return
        if not isinstance(sent, str):
            raise ParameterError("version", "version must be the text the game's state gives")
        if sent != self.version:
            raise Outdated(
                f"this game has moved on since (another window or script played or took "
                f"back turns): it has {len(self.turns)} turns now; load it again and go on "
                "from there"
            )

    @property
    def to_move(self) -> int | None:
        """The seat to move (index from 0), None when the game is over."""
        return None if self.over else self.position.next_player

    @property
    def person_to_move(self) -> bool:
        k = self.to_move
        return k is not None and self.seats[k] == PERSON

    def play(
        self, moves: list[Move], late: bool = False, ties: tuple[int, bool] = (0, True)
    ) -> dict:
        """Play the turn of the seat to move; a record of it (see :func:`turn_record`).
        An illegal move raises :class:`IllegalMove` and changes nothing. ``late``: a
        computer's choice took too long, the greedy player's turn is played. ``ties``:
        an extreme machine's turns as good as this one, and whether that is all of them."""
        if len(self.turns) >= LIMITS.game_turns:
            raise TooMuchWork(
                f"the game has {len(self.turns)} turns, the most this server plays: "
                "download the transcript and go on with fabgen rules"
            )
        final, record = turn_record(self.position, moves, self.variant)
        record["turn"] = len(self.turns)
        record["kind"] = self.seats[record["seat"] - 1]
        if late:
            self.late.append(len(self.turns))
            record["words"] += LATE
        if ties[0] > 1:
            self.ties.append([len(self.turns), ties[0], int(ties[1])])
            record["words"] += _drawn(ties[0], ties[1])
        if len(self._words) == len(self.turns):
            self._words.append((record["words"], record["explosions"]))
        self.turns.append(tuple(moves))
        self._position, self._version = final, None
        return record

    def try_moves(self, moves: list[Move]) -> Turn:
        """The turn of the person to move after ``moves`` (not finished): raises
        :class:`IllegalMove` for the first illegal one."""
        turn = Turn(self.position, self.variant)
        for move in moves:
            turn.move(move)
        return turn

    def undo_to(self, count: int) -> None:
        """Keep the first ``count`` turns."""
        if (
            isinstance(count, bool)
            or not isinstance(count, int)
            or not 0 <= count <= len(self.turns)
        ):
            raise ParameterError(
                "turn", f"turn must be a whole number from 0 to {len(self.turns)} (turns to keep)"
            )
        del self.turns[count:]
        del self._words[count:]
        self.late = [t for t in self.late if t < count]
        self.ties = [t for t in self.ties if t[0] < count]
        self.todo_from = min(self.todo_from, count)
        self._position, self._version = None, None

    def words(self) -> list[tuple[str, int]]:
        """Each turn's words and explosions, as its record said when it was played."""
        if len(self._words) < len(self.turns):
            done = len(self._words)
            pos = replay(self.start, self.turns[:done], self.variant)
            for t in range(done, len(self.turns)):
                pos, record = turn_record(pos, list(self.turns[t]), self.variant)
                note = LATE if t in self.late else ""
                note += "".join(_drawn(n, bool(every)) for turn, n, every in self.ties if turn == t)
                self._words.append((record["words"] + note, record["explosions"]))
        return self._words

    def todo(self) -> list[dict]:
        """At the table: the turns not yet done on the board (the latest
        ``LIMITS.computer_turns``), each with its words and the engine's steps. A machine
        or computer turn is there whole; a person's only when its moves set something off
        (explosions, growth), and without the moves, which the person made on the board."""
        if not self.table:
            return []
        first = max(self.todo_from, len(self.turns) - LIMITS.computer_turns)
        pos = replay(self.start, self.turns[:first], self.variant)
        out = []
        for t in range(first, len(self.turns)):
            k, moves = pos.next_player, list(self.turns[t])
            pos, steps = play_turn(pos, moves, self.variant, record_steps=True)
            kind = self.seats[k]
            # (a person's own turn: what its moves set off, from the last move's step)
            own = kind == PERSON
            doing = _changing(steps[len(moves) :] if own else steps)
            work = _board_work(doing, [] if own else moves)
            if own and not work["fields"]:
                continue  # (nothing beyond the moves: nothing to do)
            words = self.words()[t][0]
            out.append({"turn": t, "seat": k + 1, "kind": kind, "words": words, **work})
        return out

    def transcript(self) -> Transcript:
        from fabgen.rules.transcript import transcript_from_position

        pos, start = self.position, self.start
        # A start that is not fresh is written whole, its passes in a row under every
        # variant (as the rules commands write them): read back with 0, the start after a
        # pass was not the page's, and replayed under --variant 1995 it ended a round late.
        fresh = start.turns_played == 0 and start.next_player == 0 and start.passes == 0
        over = self.over
        results: dict = {"game_over": over, "scores": scores(pos), "variant": self.variant}
        if over:
            from fabgen.rules.scoring import places

            results["places"] = places(pos, self.variant)
        return transcript_from_position(
            start,
            turns=self.turns,
            with_state=not fresh,
            with_passes=not fresh,
            results=results,
        )

    def settings(self) -> dict:
        return {
            "seats": self.seats,
            "variant": self.variant,
            "name": self.name,
            "table": self.table,
            "todo_from": self.todo_from,
            "late": self.late,
            "ties": self.ties,
            "over": self.over,  # (which games the folder may let go when full)
        }


#: Said of a computer turn that thought too long.
LATE = " (it thought too long: the greedy player's turn instead)"


def _drawn(ties: int, all_ties: bool) -> str:
    """Said of an extreme machine's turn drawn among several as good (by the game's
    seed: fabgen rules machine, with its own, may draw another of them)."""
    from fabgen.play.machine import ties_words

    return f"; {ties_words(ties, all_ties)}"


def turn_record(position: Position, moves: list[Move], variant: str) -> tuple[Position, dict]:
    """Play a turn and say what happened: the seat (from 1), its moves, the position
    after the moves, each explosion wave (its fields and the position after it), the
    fields that grew, the explosions in all, the turn in words and every field it
    changes (what a person touches at the table)."""
    final, steps = play_turn(position, moves, variant, record_steps=True)
    k = position.next_player
    moved = [s for s in steps if s.kind == "move"]
    waves = [s for s in steps if s.kind == "explosion"]
    grown = [position.board.names[position.board.index[f]] for f in steps[-1].fields]
    explosions = sum(len(w.fields) for w in waves)
    record = {
        "seat": k + 1,
        "player": seat_name(position, k),
        "moves": [[_name(m.source), _name(m.destination)] for m in moves],
        "after_moves": fields_json(moved[-1].position if moved else position),
        "waves": [
            {"fields": [_name(f) for f in w.fields], "board": fields_json(w.position)}
            for w in waves
        ],
        "growth": grown,
        "explosions": explosions,
        "words": turn_words(position, k, moves, explosions),
        **_board_work(steps, moves),
        "board": fields_json(final),
    }
    return final, record


def _board_work(steps: list, moves: list[Move]) -> dict:
    """What carrying ``steps`` out on a board takes: the engine's lines (``details``),
    where each exploding field's stones go (``effects``, one per line, else "") and
    every field changed (``fields``). ``steps[0]`` is the position they start from."""
    from fabgen.products.turn import step_title

    return {
        # (a wave's title counts its explosions, as fabgen rules turn and the viewer say it)
        "details": [d for s in steps[1:] for d in (step_title(s), *s.details)],
        "effects": [e for s in steps[1:] for e in ("", *_padded(s.effects, len(s.details)))],
        "fields": _touched(steps, moves),
    }


def _changing(steps: list) -> list:
    """The first step and those after it that change the board: a growth without growing
    fields ("growth: no growing fields") is nothing to do on a board."""
    return steps[:1] + [b for a, b in pairwise(steps) if _fields(a) != _fields(b)]


def _fields(step) -> tuple:
    p = step.position
    return (tuple(p.status_codes), tuple(p.owners), tuple(p.stone_counts))


def _touched(steps: list, moves: list[Move]) -> list[str]:
    """The fields a person changes to carry the turn out on a physical board: the moves'
    ends, then every field whose status, owner or stones a step changes (stones cancelled
    on the way, explosions, the fields their stones land on, growth), in step order."""
    names = [_name(f) for m in moves for f in m]
    board_names = steps[0].position.board.names
    for before, after in pairwise(steps):
        a, b = before.position, after.position
        was = zip(a.status_codes, a.owners, a.stone_counts, strict=True)
        now = zip(b.status_codes, b.owners, b.stone_counts, strict=True)
        names += [board_names[i] for i, (x, y) in enumerate(zip(was, now, strict=True)) if x != y]
    return list(dict.fromkeys(names))


def _padded(effects: tuple[str, ...], count: int) -> tuple[str, ...]:
    return effects + ("",) * (count - len(effects))


def seat_name(position: Position, k: int) -> str:
    return position.players[k].name or f"Seat {k + 1}"


def turn_words(position: Position, k: int, moves: list[Move], explosions: int) -> str:
    """``Blue: 2 stones from c3 to c5, 1 stone from f2 to f3; 4 explosions``."""
    parts = []
    for m in moves:
        found = direction_and_distance(m.source, m.destination)
        n = found[1] if found else 0
        parts.append(f"{counted(n, 'stone')} from {_name(m.source)} to {_name(m.destination)}")
    if not parts:
        parts = ["no moves" if position.players[k].kind == MACHINE else "passes"]
    blast = counted(explosions, "explosion") if explosions else "no explosions"
    return f"{seat_name(position, k)}: {', '.join(parts)}; {blast}"


def _name(f) -> str:
    return field_name(f)


def fields_json(position: Position) -> dict:
    """Per field in board order: status (0 live, 1 growing, 2 dead), owner (seat index
    from 0, -1 for none) and stones; and each live field's region: the seat that alone
    has stones there (-1 for none) and whether it is settled (1) or not (0)."""
    index = position.board.index
    region_owner = [-1] * len(position.board)
    settled = [0] * len(position.board)
    for region in regions(position):
        for f in region.fields:
            i = index[f]
            region_owner[i] = -1 if region.owner is None else region.owner
            settled[i] = int(region.settled)
    return {
        "status": list(position.status_codes),
        "owner": list(position.owners),
        "stones": list(position.stone_counts),
        "territory": region_owner,
        "settled": settled,
    }


def legal_json(turn: Turn) -> tuple[dict, dict]:
    """The legal moves of a turn: source -> destinations, and source -> the stones each
    takes (its distance), in the same order."""
    legal: dict[str, list[str]] = {}
    stones: dict[str, list[int]] = {}
    for move in turn.legal_moves():
        found = direction_and_distance(move.source, move.destination)
        src = _name(move.source)
        legal.setdefault(src, []).append(_name(move.destination))
        stones.setdefault(src, []).append(found[1] if found else 0)
    return legal, stones


def typed_moves_length(text: str) -> None:
    """Refuse moves typed as text longer than :attr:`WebLimits.moves_text` (the play
    page's and the rules viewer's words)."""
    if len(text) > LIMITS.moves_text:
        raise ParameterError(
            "moves",
            f"moves typed as text are at most {LIMITS.moves_text} characters "
            f"(like c3-c5, f2-d2), not {len(text)}",
        )


def parse_move_pairs(value: object) -> list[Move]:
    """``[["c3", "c5"], ...]`` or the text ``"c3-c5, f2-d2"`` (as typed at the table)
    -> moves, with a clear error for anything else."""
    if isinstance(value, str):
        typed_moves_length(value)
        from fabgen.rules.moves import parse_moves

        return parse_moves(value)
    if not isinstance(value, list):
        raise ParameterError(
            "moves", 'moves must be a list of [source, destination] pairs like [["c3", "c5"]]'
        )
    if len(value) > LIMITS.moves_per_turn:
        raise ParameterError(
            "moves",
            f"{len(value)} moves: this server takes at most {LIMITS.moves_per_turn} moves "
            "in one turn (one per tile)",
        )
    out = []
    for pair in value:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(p, str) and len(p) < 12 for p in pair)
        ):
            raise ParameterError(
                "moves", f'a move is a pair of field names like ["c3", "c5"], not {requested(pair)}'
            )
        try:
            out.append(Move.from_names(*pair))
        except ValueError as exc:
            raise ParameterError("moves", str(exc)) from None
    return out


# ---- the state the page and the API see -----------------------------------------------


def state_json(game: Game, picture: dict | None = None) -> dict:
    pos = game.position
    over = game.over
    k = None if over else pos.next_player
    legal: dict = {}
    stones: dict = {}
    if k is not None and game.seats[k] == PERSON:
        legal, stones = legal_json(Turn(pos, game.variant))
    from fabgen.draw.position import player_colour

    state = {
        "id": game.id,
        "name": game.name,
        "variant": game.variant,
        "table": game.table,
        "seats": [
            {
                "seat": n + 1,
                "name": seat_name(pos, n),
                "colour": player_colour(p.color, n),
                "kind": game.seats[n],
            }
            for n, p in enumerate(pos.players)
        ],
        "to_move": None if k is None else k + 1,
        "over": over,
        "turns_played": len(game.turns),
        "version": game.version,
        "scores": scores(pos),
        "ranking": [
            {"seat": s.player + 1, "place": s.rank, "score": s.score}
            for s in ranking(pos, game.variant)
        ],
        "ending": ending_json(pos, game.variant) if over else None,
        "legal": legal,
        "stones": stones,
        "board": fields_json(pos),
        "history": history_json(game),
        "todo": game.todo(),
        "transcript": transcript_to_json(game.transcript()),
    }
    if picture is not None:
        state["picture"] = picture
    return state


def ending_json(final: Position, variant: str) -> dict:
    """How a finished game ended, in the words of ``fabgen rules turn`` and ``rules
    replay`` (one source: the page copies none of them): ``words``, why it ended and the
    final ranking in one line; ``places``, the ranking a place a line, ties marked."""
    from fabgen.products.turn import game_end_words
    from fabgen.rules.terminal import ranking_places

    return {
        "words": game_end_words(final, variant),
        "places": ranking_places(final, ranking(final, variant)),
    }


def history_json(game: Game) -> list[dict]:
    """Every turn so far: number (from 0), seat (from 1), kind, moves in notation, and
    the words and explosions of its record (a reload shows the turns as played)."""
    n = len(game.start.players)
    first = game.start.next_player
    return [
        {
            "turn": t,
            "seat": (first + t) % n + 1,
            "kind": game.seats[(first + t) % n],
            "moves": ", ".join(str(m) for m in moves) or "(pass)",
            "words": words,
            "explosions": explosions,
        }
        for t, (moves, (words, explosions)) in enumerate(zip(game.turns, game.words(), strict=True))
    ]


# ---- the games folder ---------------------------------------------------------------------


class GameStore:
    """Games by id: at most ``LIMITS.games_in_memory`` in memory (the least recently
    used go), every game in ``folder``."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder).expanduser()
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()
        self._pruning = threading.Lock()
        self._over: dict[str, tuple[float, bool]] = {}  # game id -> (last saved, over)

    def new_game(
        self, start: Position, turns, seats: list[str], variant: str, name: str, table: bool
    ) -> Game:
        self._room()
        game = Game(secrets.token_hex(8), start, seats, variant, name, table, list(turns))
        game.todo_from = len(game.turns)  # a transcript's turns are on the board already
        self.save(game)
        with self._lock:  # (a new game replaces one of its id: tests fix the ids)
            self._games.pop(game.id, None)
        return self._keep(game)

    def get(self, game_id: object) -> Game:
        if not isinstance(game_id, str) or not _ID.fullmatch(game_id):
            raise NoSuchGame(f"no game {str(game_id)[:40]!r}: game ids are 16 hex digits")
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
                return game
        return self._keep(self._load(game_id))

    def save(self, game: Game) -> None:
        """Write the game to the folder. If the folder refuses (a full disk), the game
        is forgotten here and read back as last saved: what was not saved was not played
        (it said "please report it", and went on in memory only)."""
        from fabgen.rules.transcript import write_transcript

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _write(self.folder / f"{game.id}.seats.toml", tomli_w.dumps(game.settings()))
            _write(self.folder / f"{game.id}.json", write_transcript(game.transcript()))
        except OSError as exc:
            with self._lock:
                self._games.pop(game.id, None)
            raise NotSaved(
                f"the game could not be saved in {self.folder} ({exc.strerror or exc}): make "
                "room there (or start fabgen serve with another --games-dir), then load the "
                "game again: it goes on from its last saved turn"
            ) from None

    def _keep(self, game: Game) -> Game:
        """Keep ``game`` in memory; the copy kept already when another request read the
        game back from the folder at the same time: one game, one lock (two copies let
        two windows play a turn each on the same position after a restart)."""
        with self._lock:
            game = self._games.setdefault(game.id, game)
            self._games.move_to_end(game.id)
            while len(self._games) > LIMITS.games_in_memory:
                self._games.popitem(last=False)  # saved already: read back when asked for
        return game

    def _room(self) -> None:
        """Room for one game more: at ``LIMITS.games_on_disk`` games the folder lets go
        of the games no one plays any more (:meth:`_prune`), or refuses new games."""
        if not self.folder.is_dir():
            return
        with self._pruning:
            kept = list(self.folder.glob("*.seats.toml"))
            if len(kept) < LIMITS.games_on_disk:
                return
            count = self._prune(kept)
        if count >= LIMITS.games_on_disk:
            raise TooMuchWork(
                f"the games folder is full: it holds {count} games still being played "
                f"(none finished, none left for {ABANDONED_DAYS} days), the most this server "
                f"keeps ({LIMITS.games_on_disk}); ask the organiser, who started fabgen "
                f"serve, to delete games from {self.folder} (each is ID.json and "
                "ID.seats.toml) or to start it with another --games-dir"
            )

    def _prune(self, kept: list[Path]) -> int:
        """Delete games down to 2 % below the limit (so that not every new game has to
        look), oldest first: finished games, then games not played for
        ``ABANDONED_DAYS``; never a game in memory (played or looked at lately). The
        games left."""
        import time

        target = LIMITS.games_on_disk - max(1, LIMITS.games_on_disk // 50)
        count = len(kept)
        with self._lock:
            in_memory = set(self._games)
        aged: list[tuple[float, str]] = []
        for path in kept:
            game_id = path.name.removesuffix(".seats.toml")
            if not _ID.fullmatch(game_id) or game_id in in_memory:
                continue
            with contextlib.suppress(OSError):
                aged.append((self._last_played(game_id, path), game_id))
        aged.sort()
        old = time.time() - ABANDONED_DAYS * 86400
        finished = [g for when, g in aged if self._finished(g, when)]
        gone = set(finished)
        left = [g for when, g in aged if when < old and g not in gone]
        for game_id in finished + left:
            if count <= target:
                break
            for name in (f"{game_id}.json", f"{game_id}.seats.toml"):
                with contextlib.suppress(OSError):  # (gone already, or kept: counted)
                    (self.folder / name).unlink()
            self._over.pop(game_id, None)
            count -= not (self.folder / f"{game_id}.seats.toml").exists()
        return count

    def _last_played(self, game_id: str, settings: Path) -> float:
        """When the game was last saved (its transcript is written at every turn)."""
        try:
            return (self.folder / f"{game_id}.json").stat().st_mtime
        except FileNotFoundError:
            return settings.stat().st_mtime

    def _finished(self, game_id: str, saved: float) -> bool:
        """Whether a saved game is over: as its settings say (games saved before they
        said so: as its transcript says); a file that cannot be read is not over.
        Remembered while the game is not saved again (a full folder of games still
        being played is not read again for every new game it refuses)."""
        known = self._over.get(game_id)
        if known is not None and known[0] == saved:
            return known[1]
        over = self._read_over(game_id)
        self._over[game_id] = (saved, over)
        return over

    def _read_over(self, game_id: str) -> bool:
        import json

        try:
            over = tomllib.loads(_read(self.folder / f"{game_id}.seats.toml")).get("over")
            if over is None:
                over = json.loads(_read(self.folder / f"{game_id}.json")).get("game_over")
        except (OSError, ValueError, AttributeError, FabgenError):
            return False
        return over is True

    def _load(self, game_id: str) -> Game:
        path = self.folder / f"{game_id}.json"
        try:
            text = _read(path)
            settings = tomllib.loads(_read(self.folder / f"{game_id}.seats.toml"))
        except (FileNotFoundError, tomllib.TOMLDecodeError):
            raise NoSuchGame(
                f"no game {game_id} in {self.folder}: it was deleted or made by another "
                "server (start a new game, or upload its transcript)"
            ) from None
        except OSError as exc:  # (it said "please report it", 500)
            raise NotRead(
                f"the game {game_id} cannot be read from {self.folder} "
                f"({exc.strerror or exc}: {Path(exc.filename or path).name}): let fabgen "
                "serve read its files there, ID.json and ID.seats.toml (or start a new game)"
            ) from None
        transcript = parse_transcript(text, str(path))
        start = transcript.position
        variant = settings.get("variant", "online")
        if variant not in VARIANTS:
            variant = "online"
        turns = list(transcript.move_list)
        todo_from = min(max(_turn_number(settings.get("todo_from"), len(turns)), 0), len(turns))
        return Game(
            game_id,
            start,
            seat_kinds(settings.get("seats"), start),
            variant,
            str(settings.get("name", "game")),
            bool(settings.get("table", False)),
            turns,
            todo_from,
            [t for t in _list(settings.get("late")) if _turn_number(t, -1) >= 0],
            _ties(settings.get("ties"), len(turns)),
        )


def _ties(value: object, turns: int) -> list[list[int]]:
    """The saved ties that are well formed: [turn, ties, all_ties] of a turn played."""
    return [
        [t[0], t[1], t[2]]
        for t in _list(value)
        if isinstance(t, list)
        and len(t) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) for v in t)
        and 0 <= t[0] < turns
        and t[1] > 1
    ]


def _read(path: Path) -> str:
    """A game's file as text; one that is not UTF-8 (bytes gone wrong on the disk, or
    another program's file) is said as the reader says a file that is not JSON."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            str(path),
            f"is not UTF-8 text (byte {exc.start}): the game's file is damaged; start a new "
            "game, or upload the game's transcript if you kept one",
        ) from None


def _turn_number(value: object, default: int) -> int:
    """A turn number read back from a settings file (``default`` if it is none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a half-written file never replaces it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def seed(game: Game) -> str:
    """The computer players' random choices are the game's and the turn's: an undone
    turn played again by a computer is played the same way."""
    return f"{game.id}:{len(game.turns)}"


def rng_for(game: Game) -> random.Random:
    return random.Random(seed(game))


__all__ = [
    "COMPUTERS",
    "PERSON",
    "Game",
    "GameError",
    "GameStore",
    "IllegalMove",
    "check_kind",
    "default_games_dir",
    "fields_json",
    "parse_move_pairs",
    "rotated",
    "seat_kinds",
    "state_json",
    "turn_record",
]
