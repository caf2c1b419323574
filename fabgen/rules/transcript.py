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
back (the results are not used to build the position). Under the 1995 end condition it also carries
``passes``, the number of turns in a row without a move.

Reading checks everything a file can get wrong and raises
:class:`~fabgen.errors.InputFileError` with the JSON path of the problem (such as
``$.players[1].stacks.c3``). Whether the moves are legal is the replay's business.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from fabgen.errors import InputFileError
from fabgen.geometry.lattice import Field
from fabgen.rules.moves import Move
from fabgen.rules.names import field_name, parse_field, parse_stack_key
from fabgen.rules.setup import segment_fields
from fabgen.rules.state import Board, Player, Position, PositionError

FORMAT = "Atlantis transcript"
VERSION = "1.0"
_TOP_KEYS = (
    "format",
    "version",
    "segments",
    "players",
    "turns",
    "events",
    "next_player",
    "turns_played",
    "game_over",
    "scores",
    "places",
    "variant",
    "passes",
)
_PLAYER_KEYS = ("name", "color", "kind", "stacks")
#: Seat kinds (as fabgen.board.model.SeatKind; the rules engine keeps them as text).
KINDS = ("player", "machine", "extreme-machine")
#: The most seats a game has (people and machines together).
MAX_SEATS = 6
_EVENT_KEYS = ("type", "moves")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class PlayerEntry:
    """A player as written: stack keys kept as written (upper-case segment keys too)."""

    name: str | None = None
    color: str | None = None
    stacks: tuple[tuple[str, int], ...] | None = None
    kind: str | None = None  # None: not written (a person)

    @property
    def player(self) -> Player:
        return Player(self.name, self.color, self.kind or "player")


@dataclass(frozen=True)
class Transcript:
    segments: tuple[tuple[Field, ...], ...]
    players: tuple[PlayerEntry, ...] | None = None
    turns: tuple[tuple[Move, ...], ...] | None = None
    moves_key: str = "turns"  # how the turns are written: "turns" or "events"
    next_player: int | None = None
    turns_played: int | None = None
    game_over: bool | None = None
    scores: tuple[int, ...] | None = None
    places: tuple[int, ...] | None = None
    variant: str | None = None
    passes: int | None = None
    source: str = field(default="<transcript>", compare=False, repr=False)

    @cached_property
    def board(self) -> Board:
        try:
            return Board.of(self.segments)
        except PositionError as exc:
            raise self._error(exc.detail, exc.where) from None

    @cached_property
    def position(self) -> Position:
        """The position before the first turn of the file."""
        if self.players is None:
            raise self._error("the file has no players, so no game can be played", ("players",))
        stacks, key_of = [], {}
        for k, entry in enumerate(self.players):
            stacks.append(self._expand(k, entry.stacks or ()))
            key_of.update({(k, f): key for key, f in self._keys(entry.stacks or ())})
        try:
            return Position.from_stacks(
                self.board,
                [p.player for p in self.players],
                stacks,
                next_player=self.next_player,
                turns_played=self.turns_played or 0,
                passes=self.passes or 0,
            )
        except PositionError as exc:
            where = exc.where
            if len(where) == 4 and where[:3:2] == ("players", "stacks"):
                where = (*where[:3], key_of.get((where[1], where[3]), where[3]))
            raise self._error(exc.detail, where) from None

    def _expand(self, k: int, stacks) -> dict[Field, int]:
        out: dict[Field, int] = {}
        for key, value in stacks:
            centre, is_segment = parse_stack_key(key)
            fields = segment_fields(centre) if is_segment else (centre,)
            for f in fields:
                where = ("players", k, "stacks", key)
                if is_segment and f not in self.board:
                    raise self._error(
                        f"{key} stands for the seven fields of the segment centred on "
                        f"{field_name(centre)}, but {field_name(f)} is not on the board",
                        where,
                    )
                if f in out:
                    raise self._error(
                        f"{field_name(f)} is given twice for this player (once through an "
                        "upper-case segment key): give each field once",
                        where,
                    )
                out[f] = value
        return out

    @staticmethod
    def _keys(stacks):
        for key, _ in stacks:
            centre, is_segment = parse_stack_key(key)
            for f in segment_fields(centre) if is_segment else (centre,):
                yield key, f

    def _error(self, message: str, where: tuple) -> InputFileError:
        return InputFileError(self.source, message, json_path(where))

    @property
    def move_list(self) -> tuple[tuple[Move, ...], ...]:
        return self.turns or ()


def json_path(parts: Sequence) -> str:
    """``("players", 1, "stacks", "c3")`` -> ``$.players[1].stacks.c3``."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, tuple):
            out += _key_path(field_name(part))
        else:
            out += _key_path(str(part))
    return out


def _key_path(key: str) -> str:
    return f".{key}" if _IDENTIFIER.fullmatch(key) else f"[{json.dumps(key)}]"


# --- reading -----------------------------------------------------------------------


class _Object(dict):
    """A JSON object that remembers keys given more than once."""

    duplicates: tuple[str, ...] = ()


def _object_pairs(pairs: list[tuple[str, object]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = []
        for k, _ in pairs:
            if k in seen:
                twice.append(k)
            seen.add(k)
        obj.duplicates = tuple(twice)
    return obj


MAX_SEGMENTS = 127
"""Segments (tiles) of the largest board read from a transcript (as for board files)."""
MAX_TURNS = 100_000
"""Turns a transcript may hold (a long real game has a few hundred)."""


def read_transcript(path: str | Path) -> Transcript:
    """Read and check a transcript file."""
    from fabgen.inputs import read_text

    path = Path(path)
    text = read_text(path, "transcript (JSON)")
    return parse_transcript(text, str(path))


def parse_transcript(
    text: str, source: str = "<transcript>", *, check_board: bool = True
) -> Transcript:
    """Parse and check transcript text; errors name ``source`` and a JSON path.

    ``check_board=False`` checks only the form of the file, not whether its segments
    and stacks make a valid position (the board validator reports those as findings).
    """
    from fabgen.inputs import bounded_int

    try:
        obj = json.loads(text, object_pairs_hook=_object_pairs, parse_int=bounded_int)
    except json.JSONDecodeError as exc:
        raise InputFileError(
            source,
            f"is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
        ) from None
    except RecursionError:
        raise InputFileError(source, "is not valid JSON: nested too deeply") from None
    except ValueError as exc:  # an integer with too many digits (bounded_int)
        raise InputFileError(source, f"has a number fabgen cannot use: {exc}") from None
    from fabgen.inputs import check_nesting

    check_nesting(obj, source)
    return transcript_from_json(obj, source, check_board=check_board)


def transcript_from_json(
    obj: object, source: str = "<transcript>", *, check_board: bool = True
) -> Transcript:
    """Check a decoded JSON value and build the transcript (and its position)."""
    reader = _Reader(source)
    top = reader.json_object(obj, (), _TOP_KEYS)
    reader.constant(top, "format", FORMAT)
    reader.constant(top, "version", VERSION)
    segments = reader.segments(top)
    players = reader.players(top.get("players"), ("players",)) if "players" in top else None
    turns, moves_key = reader.turns(top)
    if turns and players is not None and not players:
        raise reader.error("turns are given but the list of players is empty", ("players",))
    if turns and players is None:
        raise reader.error("turns are given but no players: add a players list", ("turns",))
    transcript = Transcript(
        segments,
        players,
        turns,
        moves_key,
        next_player=reader.optional_int(top, "next_player", 0),
        turns_played=reader.optional_int(top, "turns_played", 0),
        game_over=reader.optional_bool(top, "game_over"),
        scores=reader.optional_scores(top, "scores"),
        places=reader.optional_scores(top, "places"),
        variant=reader.optional_str(top, "variant", ()),
        passes=reader.optional_int(top, "passes", 0),
        source=source,
    )
    if check_board:
        _ = transcript.board  # checks segments: a field in two segments, ...
    if check_board and players and len(players) > MAX_SEATS:
        # The board reader (check_board=False) leaves this to the validator's player-count.
        raise reader.error(
            f"{len(players)} players: a game has at most {MAX_SEATS} seats, people and "
            "machines together; remove players",
            ("players",),
        )
    if check_board and players:
        _ = transcript.position  # checks stacks: off the board, two players, ...
    return transcript


class _Reader:
    def __init__(self, source: str):
        self.source = source

    def error(self, message: str, where: tuple) -> InputFileError:
        return InputFileError(self.source, message, json_path(where))

    def json_object(self, value: object, where: tuple, allowed: Sequence[str] | None) -> dict:
        """A JSON object; ``allowed`` None means any key."""
        if not isinstance(value, dict):
            raise self.error(f"expected a JSON object {{...}}, found {_kind(value)}", where)
        for key in getattr(value, "duplicates", ()):
            raise self.error(f"the key {key!r} is given twice: keep one", (*where, key))
        for key in value:
            if allowed is not None and key not in allowed:
                raise self.error(
                    f"unknown key {key!r}: the keys allowed here are {', '.join(allowed)}",
                    (*where, key),
                )
        return value

    def json_list(self, value: object, where: tuple, what: str) -> list:
        if not isinstance(value, list):
            raise self.error(f"expected a list of {what}, found {_kind(value)}", where)
        return value

    def constant(self, top: dict, key: str, expected: str) -> None:
        if key not in top:
            raise self.error(f'the key "{key}" is missing: add "{key}": "{expected}"', ())
        if top[key] != expected:
            raise self.error(
                f"expected {json.dumps(expected)}, found {json.dumps(top[key])}: "
                f"this reader understands {FORMAT} version {VERSION}",
                (key,),
            )

    def field(self, value: object, where: tuple) -> Field:
        if not isinstance(value, str):
            raise self.error(f"expected a field name (a string), found {_kind(value)}", where)
        try:
            return parse_field(value)
        except ValueError as exc:
            raise self.error(str(exc), where) from None

    def segments(self, top: dict) -> tuple[tuple[Field, ...], ...]:
        if "segments" not in top:
            raise self.error('the key "segments" is missing: list the board\'s segments', ())
        rows = self.json_list(top["segments"], ("segments",), "segments")
        if len(rows) > MAX_SEGMENTS:
            raise self.error(
                f"{len(rows):,} segments; fabgen handles boards of up to {MAX_SEGMENTS}",
                ("segments",),
            )
        out = []
        for i, row in enumerate(rows):
            names = self.json_list(row, ("segments", i), "field names")
            out.append(self.fields(names, ("segments", i)))
        return tuple(out)

    def fields(self, names: list, where: tuple) -> tuple[Field, ...]:
        try:
            return tuple([parse_field(n) for n in names])
        except ValueError:
            for j, n in enumerate(names):  # find the culprit and say where it is
                self.field(n, (*where, j))
            raise

    def players(self, value: object, where: tuple) -> tuple[PlayerEntry, ...]:
        out = []
        for k, item in enumerate(self.json_list(value, where, "players")):
            entry = self.json_object(item, (*where, k), _PLAYER_KEYS)
            name = self.optional_str(entry, "name", (*where, k))
            color = self.optional_str(entry, "color", (*where, k))
            kind = self.optional_str(entry, "kind", (*where, k))
            if kind is not None and kind not in KINDS:
                raise self.error(
                    f"unknown kind {json.dumps(kind)}: use one of "
                    f"{', '.join(json.dumps(k) for k in KINDS)} (a person, a machine that "
                    "never moves, a machine that moves by fixed rules)",
                    (*where, k, "kind"),
                )
            stacks = None
            if "stacks" in entry:
                stacks = self.stacks(entry["stacks"], (*where, k, "stacks"))
            out.append(PlayerEntry(name, color, stacks, kind))
        return tuple(out)

    def stacks(self, value: object, where: tuple) -> tuple[tuple[str, int], ...]:
        obj = self.json_object(value, where, None)  # keys are checked as stack keys
        return tuple((k, self.stack(k, v, (*where, k))) for k, v in obj.items())

    def stack(self, key: str, value: object, where: tuple) -> int:
        try:
            parse_stack_key(key)
        except ValueError as exc:
            raise self.error(str(exc), where) from None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(
                f"expected a whole number (n stones on a live field, -n on a growing field, "
                f"0 for a dead one), found {_kind(value)}",
                where,
            )
        return value

    def turns(self, top: dict) -> tuple[tuple[tuple[Move, ...], ...] | None, str]:
        if "turns" in top and "events" in top:
            raise self.error('give the moves as "turns" or as "events", not both', ("events",))
        if "events" in top:
            events = self.json_list(top["events"], ("events",), "events")
            self.not_too_long(events, "events")
            return tuple(self.event(e, ("events", t)) for t, e in enumerate(events)), "events"
        if "turns" not in top:
            return None, "turns"
        turns = self.json_list(top["turns"], ("turns",), "turns")
        self.not_too_long(turns, "turns")
        return tuple(self.moves(t, ("turns", i)) for i, t in enumerate(turns)), "turns"

    def not_too_long(self, items: list, key: str) -> None:
        if len(items) > MAX_TURNS:
            raise self.error(
                f"{len(items):,} turns; fabgen replays at most {MAX_TURNS:,} (a long game has "
                "a few hundred)",
                (key,),
            )

    def event(self, value: object, where: tuple) -> tuple[Move, ...]:
        event = self.json_object(value, where, _EVENT_KEYS)
        if event.get("type") != "turn":
            found = json.dumps(event["type"]) if "type" in event else "nothing"
            raise self.error(
                f'expected "type": "turn" (the only event type), found {found}', (*where, "type")
            )
        if "moves" not in event:
            raise self.error('a turn event needs "moves" (a list, empty for a pass)', where)
        return self.moves(event["moves"], (*where, "moves"))

    def moves(self, value: object, where: tuple) -> tuple[Move, ...]:
        out = []
        for m, pair in enumerate(self.json_list(value, where, "moves")):
            if type(pair) is not list or len(pair) != 2:
                raise self.error(
                    f'a move is a pair of field names like ["c3", "c5"], found {_kind(pair)}',
                    (*where, m),
                )
            out.append(Move(*self.fields(pair, (*where, m))))
        return tuple(out)

    def optional_str(self, obj: dict, key: str, where: tuple) -> str | None:
        if key not in obj:
            return None
        if not isinstance(obj[key], str):
            raise self.error(f"expected a string, found {_kind(obj[key])}", (*where, key))
        return obj[key]

    def optional_int(self, top: dict, key: str, minimum: int) -> int | None:
        if key not in top:
            return None
        value = top[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise self.error(f"expected a whole number >= {minimum}, found {_kind(value)}", (key,))
        return value

    def optional_bool(self, top: dict, key: str) -> bool | None:
        if key not in top:
            return None
        if not isinstance(top[key], bool):
            raise self.error(f"expected true or false, found {_kind(top[key])}", (key,))
        return top[key]

    def optional_scores(self, top: dict, key: str) -> tuple[int, ...] | None:
        """``scores`` or ``places``: a list of whole numbers, one per player."""
        if key not in top:
            return None
        values = self.json_list(top[key], (key,), "whole numbers")
        for i, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.error(f"expected a whole number, found {_kind(v)}", (key, i))
        return tuple(values)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {json.dumps(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# --- writing -----------------------------------------------------------------------


def transcript_to_json(t: Transcript) -> dict:
    """The transcript as plain JSON values, keys in the order they are written."""
    obj: dict = {"format": FORMAT, "version": VERSION}
    obj["segments"] = [[field_name(f) for f in s] for s in t.segments]
    if t.players is not None:
        obj["players"] = [_player_json(p) for p in t.players]
    if t.turns is not None:
        turns = [[_move_json(m) for m in moves] for moves in t.turns]
        if t.moves_key == "events":
            obj["events"] = [{"type": "turn", "moves": moves} for moves in turns]
        else:
            obj["turns"] = turns
    for key in ("next_player", "turns_played", "game_over"):
        if getattr(t, key) is not None:
            obj[key] = getattr(t, key)
    for key in ("scores", "places"):
        if getattr(t, key) is not None:
            obj[key] = list(getattr(t, key))
    if t.variant is not None:
        obj["variant"] = t.variant
    if t.passes is not None:
        obj["passes"] = t.passes
    return obj


def _move_json(move: Move) -> list[str]:
    return [field_name(move.source), field_name(move.destination)]


def _player_json(p: PlayerEntry) -> dict:
    out: dict = {}
    if p.name is not None:
        out["name"] = p.name
    if p.color is not None:
        out["color"] = p.color
    if p.kind is not None:
        out["kind"] = p.kind
    if p.stacks is not None:
        out["stacks"] = dict(p.stacks)
    return out


def write_transcript(t: Transcript) -> str:
    """Readable, stable text: one segment, player or turn per line."""
    obj = transcript_to_json(t)
    lines = ["{"]
    items = list(obj.items())
    for n, (key, value) in enumerate(items):
        comma = "," if n < len(items) - 1 else ""
        if isinstance(value, list) and value and key not in ("scores", "places"):
            inner = [f"    {_dump(v)}" for v in value]
            body = ",\n".join(inner)
            lines.append(f'  "{key}": [\n{body}\n  ]{comma}')
        else:
            lines.append(f'  "{key}": {_dump(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def transcript_line(t: Transcript) -> str:
    """The transcript as one line of JSON (no newline)."""
    return _dump(transcript_to_json(t))


def _dump(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    # A lone surrogate (read from a "\\ud800" escape) has no UTF-8 form: keep it escaped.
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def transcript_from_position(
    position: Position,
    *,
    turns: Sequence[Sequence[Move]] | None = None,
    with_state: bool = True,
    with_passes: bool = False,
    results: Mapping[str, Any] | None = None,  # as read from JSON
) -> Transcript:
    """A transcript describing ``position`` (lower-case stack keys in board order),
    optionally followed by ``turns``.

    ``with_state`` writes ``next_player`` and ``turns_played`` (needed unless the
    position is a fresh start), ``with_passes`` the passes in a row (needed by the
    1995 end condition); ``results`` may give ``game_over``, ``scores``, ``places``
    and ``variant``.
    """
    players = tuple(
        PlayerEntry(
            p.name,
            p.color,
            tuple((field_name(f), v) for f, v in position.stacks(k).items()),
            None if p.kind == "player" else p.kind,
        )
        for k, p in enumerate(position.players)
    )
    results = results or {}
    scores, places = results.get("scores"), results.get("places")
    return Transcript(
        position.board.segments,
        players,
        None if turns is None else tuple(tuple(m) for m in turns),
        next_player=position.next_player if with_state else None,
        turns_played=position.turns_played if with_state else None,
        game_over=results.get("game_over"),
        scores=None if scores is None else tuple(scores),
        places=None if places is None else tuple(places),
        variant=results.get("variant"),
        passes=position.passes if with_passes else None,
    )
