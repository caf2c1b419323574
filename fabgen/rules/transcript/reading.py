"""Reading a transcript, checking everything a file can get wrong (see
:mod:`fabgen.rules.transcript`)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from fabgen.errors import InputFileError, abridged
from fabgen.geometry.lattice import Field
from fabgen.rules.moves import Move
from fabgen.rules.names import field_name, parse_field, parse_stack_key
from fabgen.rules.transcript.format import (
    _EVENT_KEYS,
    _PLAYER_KEYS,
    _TOP_KEYS,
    FORMAT,
    KINDS,
    MAX_SEATS,
    MAX_STACK,
    SEAT_COLOURS,
    VERSION,
    PlayerEntry,
    Transcript,
    json_path,
)
from fabgen.text import MAX_LABEL


def _seat_called(said: str, players: Sequence[PlayerEntry]) -> tuple[int, str] | None:
    """The seat ``said`` names, any case and spacing, and what to call it: a seat's name,
    else a seat's colour (the file's, or its place's, which fabgen writes and draws: seat 2
    is blue), as people say whose turn it is."""
    words = _plain(said)
    if not words:
        return None
    for k, entry in enumerate(players):
        if words == _plain(entry.name):
            return k, entry.name or ""
    for k, entry in enumerate(players):
        colour = " ".join((entry.color or "").split()) or SEAT_COLOURS[k % len(SEAT_COLOURS)]
        if words == colour.casefold():
            return k, entry.name or colour[:1].upper() + colour[1:]
    return None


def _plain(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


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
MAX_TURNS_PLAYED = 1_000_000
"""The most ``turns_played`` (and ``passes``) a position may say: ten times the turns a
transcript may hold; a larger count is a damaged file, not a game."""


def read_transcript(path: str | Path) -> Transcript:
    """Read and check a transcript file."""
    from fabgen.inputs import read_text

    path = Path(path)
    text = read_text(path, "transcript (JSON)")
    try:
        return parse_transcript(text, str(path))
    except InputFileError as exc:
        if exc.where is None and _is_board_file(text):  # "is not valid JSON" said no more
            raise InputFileError(
                str(path),
                f"{exc.detail}; it is a board file (TOML), not a game: fabgen layout "
                "writes its start position as NAME-start.json, a transcript",
            ) from None
        raise


def _is_board_file(text: str) -> bool:
    from fabgen.inputs import parse_toml

    try:
        return "board" in parse_toml(text, "")
    except InputFileError:
        return False


def parse_transcript(
    text: str, source: str = "<transcript>", *, check_board: bool = True
) -> Transcript:
    """Parse and check transcript text; errors name ``source`` and a JSON path.

    ``check_board=False`` checks only the form of the file, not whether its segments
    and stacks make a valid position (the board validator reports those as findings).
    """
    from fabgen.inputs import bounded_int

    text = text.removeprefix("\ufeff")  # a BOM, as a file's is dropped (the web API's text)
    try:
        obj = json.loads(text, object_pairs_hook=_object_pairs, parse_int=bounded_int)
    except json.JSONDecodeError as exc:
        raise InputFileError(source, _json_syntax(text, exc)) from None
    except RecursionError:
        raise InputFileError(source, "is not valid JSON: nested too deeply") from None
    except ValueError as exc:  # an integer with too many digits (bounded_int)
        raise InputFileError(source, f"has a number fabgen cannot use: {exc}") from None
    from fabgen.inputs import check_nesting

    check_nesting(obj, source)
    return transcript_from_json(obj, source, check_board=check_board)


def _json_syntax(text: str, exc: json.JSONDecodeError) -> str:
    """A JSON syntax error as a person who wrote the file by hand can mend it: where,
    the line, and the likely mistake (a comma after the last item, a file cut off, a
    tab in a string, ...); Python's words alone ("Expecting value") said none of it."""
    if not text.strip():
        return (
            "is not valid JSON: the file is empty; fabgen boards --show NAME --as transcript "
            "writes a board's start position to begin from"
        )
    reason = exc.msg.removesuffix(" at")  # ("Invalid control character at", ...)
    line = text.split("\n")[exc.lineno - 1].strip()
    shown = json.dumps(line[:60] + ("..." if len(line) > 60 else ""), ensure_ascii=False)
    where = f"is not valid JSON: {reason} at line {exc.lineno}, column {exc.colno}"
    return f"{where}: the line is {shown}{_json_hint(text, exc.pos, exc.msg)}"


def _json_hint(text: str, pos: int, msg: str) -> str:
    """What is probably wrong at ``pos`` of ``text``, after a semicolon; empty when
    nothing fits."""
    here = text[pos : pos + 1]
    before = text[:pos].rstrip()[-1:]
    if msg.startswith("Unterminated string") and text.rstrip()[-1] in "]}":
        return '; a string is not closed: end it with "'
    if msg.startswith("Unterminated string") or pos >= len(text.rstrip()):
        return (
            "; the file ends before its last ] or }: it looks cut off (saved before the "
            "game was written to its end?); write the rest, or close what is open"
        )
    if msg.startswith("Invalid control character"):
        if here in "\r\n":
            return '; a string is not closed on its line: end it with "'
        what = "a tab" if here == "\t" else "an invisible control character"
        return f"; {what} inside a string (between its quotes): remove it"
    if before == "," and here in "]}":
        return f"; remove the comma before the {here}: JSON allows none after the last item"
    if before == "," and here == ",":
        return "; two commas in a row: remove one"
    if here in "/#":
        return "; JSON has no comments: remove it"
    if here == "+":
        return (
            "; JSON numbers have no plus sign: a stack is n stones on a live field, -n on "
            "a growing one (the text board's +2A is -2 here), 0 for a dead one"
        )
    if here == "'":
        return """; JSON writes text in double quotes: "b3", not 'b3'"""
    if msg.startswith("Expecting ',' delimiter"):
        start = text.rfind("\n", 0, pos) + 1
        if text[start:pos].strip():
            return (
                "; a comma is missing before it: items of a list or object are separated by commas"
            )
        # (the last line with something on it, from 1: blank lines may come between)
        number = text.count("\n", 0, len(text[:start].rstrip())) + 1
        return (
            f"; a comma is missing at the end of line {number}: items of a list or object "
            "are separated by commas"
        )
    if msg.startswith("Extra data"):
        return "; the file goes on after its JSON object has ended: a } too many?"
    word = re.match(r"[A-Za-z][A-Za-z0-9-]*", text[pos:])
    if word and msg.startswith("Expecting value"):
        known = {"True": "true", "False": "false", "None": "null"}.get(word[0])
        if known:
            return f"; JSON writes {word[0]} as {known}"
        return f'; text goes in double quotes: "{word[0]}"'
    return ""


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
        next_player=reader.next_player(top, players or ()),
        turns_played=reader.optional_int(top, "turns_played", 0, MAX_TURNS_PLAYED),
        game_over=reader.optional_bool(top, "game_over"),
        scores=reader.optional_scores(top, "scores", players),
        places=reader.optional_scores(top, "places", players),
        variant=reader.optional_variant(top),
        passes=reader.optional_int(top, "passes", 0, MAX_TURNS_PLAYED),
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
        _stacks_not_too_high(reader, players)
        _ = transcript.position  # checks stacks: off the board, two players, ...
    return transcript


def _stacks_not_too_high(reader: _Reader, players: Sequence[PlayerEntry]) -> None:
    """A game's stacks hold at most :data:`MAX_STACK` stones (the board reader leaves
    them to the validator's stack-too-high): 10**29 stones on a field were played, and
    drawn a hundred columns wide."""
    for k, entry in enumerate(players):
        for key, stones in entry.stacks or ():
            if abs(stones) > MAX_STACK:
                raise reader.error(
                    f"{abs(stones):,} stones on one field: a game's field holds at most "
                    f"{MAX_STACK} (the rules' stacks stay at six or below); give the number "
                    "you meant",
                    ("players", k, "stacks", key),
                )


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
            raise self.error(
                f"the key {abridged(key, quoted=True)} is given twice: keep one",
                (*where, key),
            )
        for key in value:
            if allowed is not None and key not in allowed:
                lower = key.lower() if key.lower() in allowed else None
                raise self.error(
                    f"unknown key {abridged(key, quoted=True)}"
                    + (
                        f': write "{lower}": keys are lower case, as the online version reads them'
                        if lower
                        else f"{_meant_key(key, allowed)}: the keys allowed here are "
                        + ", ".join(allowed)
                    ),
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
                f"expected {json.dumps(expected)}, found {_kind(top[key])}: "
                f"this reader understands {FORMAT} version {VERSION}",
                (key,),
            )

    def field(self, value: object, where: tuple) -> Field:
        if not isinstance(value, str):
            raise self.error(f"expected a field name (a string), found {_kind(value)}", where)
        try:
            return parse_field(value)
        except ValueError as exc:
            raise self.error(_with_lower_case(value, str(exc)), where) from None

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
            if len(names) == 2 and all(type(n) is int for n in names):
                raise self.error(
                    f"expected a segment's field names, found the tile coordinates {names}: "
                    "a transcript lists each tile's seven fields by name, as fabgen boards "
                    "--show NAME --as transcript writes them (tile coordinates are a board "
                    "file's)",
                    ("segments", i),
                )
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
            if name is not None and not name.strip():
                name = ""  # as no name ("seat 1"), not "seat 1 (   )"
            if name is not None and len(name) > MAX_LABEL:
                raise self.error(
                    f"the name {abridged(name, quoted='json')} is too long: a name of at most "
                    f"{MAX_LABEL} characters, please",
                    (*where, k, "name"),
                )
            color = self.optional_str(entry, "color", (*where, k))
            for key, text in (("name", name), ("color", color)):
                self.whole_characters(text, (*where, k, key))
            kind = self.optional_str(entry, "kind", (*where, k))
            if kind is not None and kind not in KINDS:
                raise self.error(
                    f"unknown kind {abridged(kind, quoted='json')}{_meant_kind(kind)}: use one of "
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
                f"0 for a dead one), found {_kind(value)}{_as_number(value)}",
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
        if not isinstance(value, list):
            raise self.error(
                f"expected a list of moves, found {_kind(value)}{_as_turn(value)}", where
            )
        moves = value
        if moves and all(_a_pass(m) for m in moves):
            shown = json.dumps(moves, ensure_ascii=False)
            raise self.error(
                f"a pass is written as [], an empty list of moves; found "
                f"{shown if len(shown) <= 40 else _kind(moves)}",
                where,
            )
        for m, pair in enumerate(moves):
            if type(pair) is not list or len(pair) != 2:
                raise self.error(
                    f'a move is a pair of field names like ["c3", "c5"], found {_kind(pair)}'
                    + _as_pairs(pair, moves),
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

    def whole_characters(self, text: str | None, where: tuple) -> None:
        """Refuse half a character in a name or colour: a lone surrogate (an escape such
        as "\\ud800" without its other half) has no UTF-8 form, so no terminal, file or
        drawing can show it; the rules commands printed it as "?" where validate
        refused it."""
        bad = next((ch for ch in text or "" if "\ud800" <= ch <= "\udfff"), None)
        if bad is not None:
            raise self.error(
                f'contains "\\u{ord(bad):04x}", half of a character (a lone surrogate: a '
                "JSON escape without its other half), which no file or screen can show: "
                "remove it, or write the character itself",
                where,
            )

    def next_player(self, top: dict, players: Sequence[PlayerEntry]) -> int | None:
        """``next_player``, an index from 0; a seat's name or colour written there
        (``"Ben"``, ``"Blue"``) is refused with the number to write for it."""
        from fabgen.rules.names import seat_label

        value = top.get("next_player")
        seat = _seat_called(value, players) if isinstance(value, str) else None
        if seat is not None:
            k, label = seat
            raise self.error(
                f"expected a whole number, found {_kind(value)}: next_player is a "
                f"seat's place in players, counted from 0; for {seat_label(k, label)} "
                f'write "next_player": {k}',
                ("next_player",),
            )
        number = self.optional_int(top, "next_player", 0)
        if number is not None and players and number >= len(players):
            # (the position's own check, here too for the board's reader: validate,
            # layout and balance read a game file that every rules command refused)
            last = len(players) - 1
            counted = (
                f": it counts from 0, so {seat_label(last, players[last].name)} is {last}"
                if number == len(players)
                else ""
            )
            raise self.error(
                f"next player {number!r} is not a player index (0 to {last}){counted}",
                ("next_player",),
            )
        return number

    def optional_variant(self, top: dict) -> str | None:
        """The rule variant a game was played under (fabgen writes it in the results
        of the games it saves), one of the variants fabgen knows."""
        from fabgen.rules.variants import VARIANTS, meant_variant

        name = self.optional_str(top, "variant", ())
        if name is not None and name not in VARIANTS:
            known = ", ".join(VARIANTS)
            meant = meant_variant(name)
            hint = f' (did you mean "{meant}"?)' if meant else ""
            raise self.error(
                f"unknown rule variant {abridged(name)!r}: one of {known}{hint}", ("variant",)
            )
        return name

    def optional_int(
        self, top: dict, key: str, minimum: int, maximum: int | None = None
    ) -> int | None:
        if key not in top:
            return None
        value = top[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise self.error(f"expected a whole number >= {minimum}, found {_kind(value)}", (key,))
        if maximum is not None and value > maximum:
            raise self.error(
                f"expected a whole number from {minimum} to {maximum:,}, found {_kind(value)}",
                (key,),
            )
        return value

    def optional_bool(self, top: dict, key: str) -> bool | None:
        if key not in top:
            return None
        if not isinstance(top[key], bool):
            raise self.error(f"expected true or false, found {_kind(top[key])}", (key,))
        return top[key]

    def optional_scores(
        self, top: dict, key: str, players: Sequence[PlayerEntry] | None
    ) -> tuple[int, ...] | None:
        """``scores`` or ``places``: a list of whole numbers, one per player (a list of
        another length was read and kept: scores [1] of three players)."""
        if key not in top:
            return None
        values = self.json_list(top[key], (key,), "whole numbers")
        for i, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.error(f"expected a whole number, found {_kind(v)}", (key, i))
        if players is not None and len(values) != len(players):
            raise self.error(
                f"{len(values)} number{'' if len(values) == 1 else 's'} for "
                f"{len(players)} player{'' if len(players) == 1 else 's'}: give one per player, in "
                f"the order of players, or leave {key} out (fabgen works it out from the "
                "position)",
                (key,),
            )
        return tuple(values)


#: Keys people write for a transcript's own (board files say colour; the online version,
#: whose format this is, color).
_KEY_ALIASES = {
    "colour": "color",
    "player": "players",
    "seat": "players",
    "seats": "players",
    "stones": "stacks",
    "type": "kind",
    "tiles": "segments",
    "moves": "turns",
}
_SEAT_OF_A_TURN = ("player", "seat", "name", "colour", "color", "turn")


def _meant_kind(kind: str) -> str:
    """`` (did you mean "machine"?)`` for a seat kind in other case or spacing, or close
    to one (``Machine``, ``extreme machine``, ``machin``); empty otherwise."""
    import difflib

    word = re.sub(r"[\s_]+", "-", kind.strip().lower())
    close = difflib.get_close_matches(word, KINDS, n=1, cutoff=0.75)
    return f" (did you mean {json.dumps(close[0])}?)" if close else ""


def _meant_key(key: str, allowed: Sequence[str]) -> str:
    """`` (did you mean color?)`` for an unknown key close to an allowed one (a board
    file's colour, players written player), or what to do with a seat named in a turn
    event; empty when nothing fits."""
    import difflib

    word = key.strip().lower().replace("-", "_").replace(" ", "_")
    if "moves" in allowed and "players" not in allowed and word in _SEAT_OF_A_TURN:
        return (
            " (a turn's seat follows from its place: turns go round the seats from "
            "next_player; remove it)"
        )
    if word == "start" and "stacks" in allowed:
        return (
            " (a start tile is a board file's: a transcript gives a seat's stones in stacks, "
            'one stone on each of the tile\'s fields, {"b2": 1, "c2": 1, ...})'
        )
    meant = word if word in allowed else _KEY_ALIASES.get(word)
    if meant not in allowed:
        close = difflib.get_close_matches(word, allowed, n=1, cutoff=0.75)
        meant = close[0] if close else None
    if meant is None:
        return ""
    if meant == "color":
        return " (did you mean color? a transcript spells it as the online version does)"
    return f" (did you mean {meant}?)"


def _as_number(value: object) -> str:
    """For a stack written as text, as the text board shows it (``"2A"``, ``"+2A"``,
    ``"#"``) or a number in quotes: the number to write; empty otherwise."""
    if not isinstance(value, str):
        return ""
    text = value.strip()
    if text in ("#", "."):
        return "; write 0 for a dead field" if text == "#" else "; leave an empty field out"
    match = re.fullmatch(r"(\+|-)?(\d+)[A-Za-z]?", text)
    if match is None:
        return ""
    number = -int(match[2]) if match[1] else int(match[2])
    return f"; write {number} without quotes" + (
        " (a growing field's stones are negative here)" if match[1] == "+" else ""
    )


def _with_lower_case(value: str, message: str) -> str:
    """``message`` about a name that is no field name, with its lower-case spelling when
    that is one: the online version reads field names in lower case only, so a
    transcript keeps them so (upper case is a segment, in stacks only)."""
    try:
        parse_field(value.lower())
    except ValueError:
        return message
    return (
        f"{abridged(value, 40, quoted=True)} is not a field name: field names are lower case "
        f'in a transcript, as the online version reads them; write "{value.lower()}"'
    )


def _as_pairs(found: object, moves: list) -> str:
    """What to write instead of moves typed as text (``"c3-c5"``) or a turn written as
    one pair without its brackets (``["c3", "c5"]``): the [source, destination] pairs,
    empty when ``found`` is neither."""
    if isinstance(found, str) and all(isinstance(m, str) and len(m) <= 100 for m in moves):
        typed = [_typed_pairs(m) for m in moves]
        if all(typed):
            written = ", ".join(json.dumps(p) for pairs in typed for p in pairs)
            return (
                "; a transcript gives each move as a [source, destination] pair: write the "
                f"turn as [{written}]"
            )
        if len(moves) == 2:
            try:
                pair = [field_name(parse_field(n)) for n in moves]
            except ValueError:
                pair = []
            if pair:
                return f"; a turn is a list of moves: write this one as [{json.dumps(pair)}]"
    if type(found) is list and len(found) > 2 and all(type(n) is str for n in found):
        try:  # the fields the stones pass, written out: only the ends are named
            path = [field_name(parse_field(n)) for n in found]
        except ValueError:
            return ""
        ends = json.dumps([path[0], path[-1]])
        return f"; a move names only where its stones start and end: write {ends}"
    return ""


def _a_pass(value: object) -> bool:
    """A pass written as people write it: null, "", "pass", an empty move."""
    if value is None or value == []:
        return True
    return isinstance(value, str) and value.strip().lower() in ("", "pass", "none", "-")


def _as_turn(value: object) -> str:
    """For a turn that is no list: a pass to write as [], or the moves of a turn typed
    as text as pairs; empty otherwise."""
    if _a_pass(value):
        return "; a pass is written as [], an empty list of moves"
    if isinstance(value, str) and len(value) <= 100 and (typed := _typed_pairs(value)):
        return f"; write the turn as {json.dumps(typed)}, a list of [source, destination] pairs"
    return ""


def _typed_pairs(text: str) -> list[list[str]]:
    """The moves of ``text`` as people type them (``c3-c5``, ``C3 to C5``) as pairs of
    field names, or none."""
    from fabgen.errors import FabgenError
    from fabgen.rules.moves import parse_moves

    try:
        moves = parse_moves(text)
    except (FabgenError, ValueError):
        return []
    return [[field_name(m.source), field_name(m.destination)] for m in moves]


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {abridged(value, 40, quoted='json')}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
