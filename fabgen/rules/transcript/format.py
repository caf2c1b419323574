"""The transcript as data: its players, turns and results, and JSON paths for messages
(see :mod:`fabgen.rules.transcript`)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from fabgen.errors import InputFileError, abridged
from fabgen.geometry.lattice import Field
from fabgen.rules.moves import Move
from fabgen.rules.names import field_name, parse_stack_key
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
#: The most stones on one field a file may give (board files: the validator's
#: stack-too-high; transcripts to play: refused). The rules' stacks stay at six or below:
#: more is a typing error, and no kit has that many stones of a colour for one field
#: (design notes, "Safe writing and bounded input").
MAX_STACK = 100
#: The colour written for a seat that has none, by its place (the one fabgen draws it
#: in): the online engine drops a player without a ``color`` string, and with it every
#: turn of the game.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
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
                    raise self._error(self._twice(f, stacks), where)
                out[f] = value
        return out

    @staticmethod
    def _twice(field: Field, stacks) -> str:
        """A field given twice through an upper-case key (``B2``, all seven fields of
        the segment centred on b2), which a player may have typed for the field b2."""
        name = field_name(field)
        for key, _ in stacks:
            centre, is_segment = parse_stack_key(key)
            if is_segment and field in segment_fields(centre):
                return (
                    f"{name} is given twice for this player: the upper-case key {key} stands "
                    f"for all seven fields of the segment centred on {field_name(centre)}, "
                    f"{name} among them; give each field once (for the field "
                    f"{field_name(centre)} alone, write it in lower case)"
                )
        return f"{name} is given twice for this player: give each field once"

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
    if len(key) > 40:  # a message quotes a long key briefly
        return f"[{abridged(key, quoted='json')}]"
    return f".{key}" if _IDENTIFIER.fullmatch(key) else f"[{json.dumps(key)}]"
