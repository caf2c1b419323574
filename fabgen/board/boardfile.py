"""The board file (TOML): fabgen's own format for presets and hand-made boards.

::

    [board]
    name = "3p-triangle-4"            # up to 64 letters, digits, - and _ (file names)
    description = "Triangle of 10 tiles, 4 a side"
    handedness = "cw"                 # cw (the online version's lattice) or ccw
    origin = "b2"                     # field at the centre of tile (0, 0); default a1
    tile_width_mm = 100               # optional: the kit's tile width, for layouts
    turns = "clockwise"               # optional: which way the seat order goes round
    tiles = [[0, 0], [1, 0], [0, 1]]  # standard tiles by tile coordinates (i, j)
    notes = "..."                     # optional

    [[board.free_tiles]]              # optional: a tile of any fields, by field names
    fields = ["c3", "d3", "d4"]

    [[players]]                       # one per seat, in turn order
    name = "Red"
    colour = "red"                    # a colour name or #rrggbb
    kind = "player"                   # player (default), machine or extreme-machine
    start = [0, 0]                    # a start tile: one stone on each of its fields
    stacks = { e5 = 2 }               # and/or stones on single fields

A ``machine`` seat never moves (its stacks explode and grow as usual), so it starts
with stacks (``stacks = { a1 = 3, m1 = 3 }``), not with a start tile of single stones.

Tile ``(i, j)`` is centred on field ``origin + i·A + j·B`` (see
:mod:`fabgen.geometry.lattice`). Tiles are numbered 1, 2, … in the order of ``tiles``
followed by ``free_tiles``. Mistakes raise :class:`~fabgen.errors.InputFileError`
naming the TOML key path (``players[1].start``) and what to write instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from fabgen.board.model import Board, Seat, SeatKind, Tile, TurnDirection, lattice_tile
from fabgen.board.suggest import (
    KEY_ALIASES,
    KIND_ALIASES,
    TURN_ALIASES,
    closest,
    colour_suggestion,
    did_you_mean,
)
from fabgen.errors import InputFileError, abridged
from fabgen.geometry.lattice import Field, Handedness, TileLattice
from fabgen.rules.names import (
    MAX_COORDINATE,
    NAME_HELP,
    field_name,
    is_field_name,
    parse_field,
    parse_stack_key,
    unshowable,
    unshowable_words,
)
from fabgen.rules.setup import segment_fields
from fabgen.text import MAX_LABEL

TOP_KEYS = ("board", "players")
BOARD_KEYS = (
    "name",
    "description",
    "handedness",
    "origin",
    "tile_width_mm",
    "turns",
    "tiles",
    "free_tiles",
    "notes",
    "to_move",
)
FREE_TILE_KEYS = ("fields",)
PLAYER_KEYS = ("name", "colour", "kind", "start", "stacks")
#: What a [board] key that may be left out expects, and what leaving it out gives: said
#: for an empty value (the key's own check names the value wrong in other words).
LEFT_OUT = {
    "handedness": ('"cw" or "ccw", the tile lattice', "cw, the online version's lattice"),
    "origin": ('the field in the middle of tile (0, 0), like "b2"', "a1"),
    "tile_width_mm": (
        "the tile width across the flats in mm (a number above 0)",
        "the width a command or kit gives (fabgen layout --width), else 100 mm",
    ),
    "turns": (
        '"clockwise" or "counter-clockwise", which way the seats go round',
        "a board that does not say (fabgen validate then suggests which)",
    ),
}
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
#: Longest board name: the name begins file names ("NAME-setup-a4.pdf"), which most file
#: systems cap at 255 bytes.
MAX_BOARD_NAME = 64
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: The reader's refusals that a front end says in its own words (the board designer:
#: what to do in its page, not what to write in a file), by a stable code carried by the
#: error (``InputFileError.code``, its ``facts`` what the words need), as the validator's
#: findings have codes (docs/design-notes.md, *The board checks*): what each is about.
REFUSALS: dict[str, str] = {
    "machine-start-tile": "a machine given a start tile and no stacks (it never moves)",
    "empty-value": "a key that may be left out given as an empty string (facts: expected)",
    "field-given-twice": "one seat's stones given twice on a field (facts: field)",
    "name-not-a-file-name": (
        "a board name that cannot begin a file name (facts: file_note, when it is said)"
    ),
    "control-character": "a control character in a text (facts: file_note, outside notes)",
}


# --- reading -----------------------------------------------------------------------


MAX_TILE_COORDINATE = 1_000
MAX_TILES = 127
"""Tiles of the largest board fabgen draws and checks (a hexagon of radius 6): bigger
boards make layout and validation take minutes."""


def read_board_toml(path: str | Path) -> Board:
    path = Path(path)
    return parse_board_toml(read_text(path), str(path), default_name=path.stem)


def read_text(path: Path) -> str:
    """A board file's or transcript's text: a regular file, size-capped, UTF-8."""
    from fabgen.inputs import read_text as read_bounded

    return read_bounded(path, "board file or transcript")


def name_from_stem(stem: str) -> str:
    """A board name made from a file name: letters, digits, - and _."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-_")[:MAX_BOARD_NAME]
    return name.rstrip("-_") or "board"


def parse_board_toml(text: str, source: str = "<board>", default_name: str = "board") -> Board:
    """Parse and check board-file text; errors name ``source`` and a TOML key path."""
    from fabgen.inputs import parse_toml

    data = parse_toml(text, source, arrays=("players",))
    return _Reader(source).board(data, default_name)


class _Reader:
    def __init__(self, source: str):
        self.source = source

    def error(
        self, message: str, where: str, code: str | None = None, **facts: str
    ) -> InputFileError:
        """The refusal of the file at ``where``; ``code``, one of :data:`REFUSALS`, for
        a refusal a front end says in its own words."""
        if code is not None and code not in REFUSALS:
            raise ValueError(f"{code!r} is not a board reader's refusal (REFUSALS)")
        return InputFileError(self.source, message, where or None, code=code, facts=facts)

    def table(self, value: object, where: str, allowed: Sequence[str], example: str) -> dict:
        if not isinstance(value, dict):
            raise self.error(f"expected a table like {example}, found {_kind(value)}", where)
        for key in value:
            if key not in allowed:
                hint = _key_hint(key, value, where, allowed)
                raise self.error(
                    f"unknown key {abridged(key, quoted=True)}{hint}: "
                    f"the keys allowed here are {', '.join(allowed)}",
                    _path(where, key),
                )
        return value

    def board(self, data: dict, default_name: str) -> Board:
        self.table(data, "", TOP_KEYS, "[board]")
        if "board" not in data:
            raise self.error("the [board] table is missing: add [board] with its tiles", "")
        spec = self.table(data["board"], "board", BOARD_KEYS, "[board]")
        for key, (expected, left_out) in LEFT_OUT.items():
            self.not_empty(spec, key, "board", expected, left_out)
        handedness = self.choice(spec, "handedness", [h.value for h in Handedness], "cw")
        origin = self.field(spec.get("origin", "a1"), "board.origin")
        lattice = TileLattice(Handedness(handedness), origin)
        tiles = self.tiles(spec.get("tiles", []), lattice)
        tiles += self.free_tiles(spec.get("free_tiles", []), lattice)
        if not tiles:
            raise self.error(
                "the board has no tiles: add tiles = [[0, 0], [1, 0], ...] or [[board.free_tiles]]",
                "board.tiles",
            )
        turns = spec.get("turns")
        if turns is not None:
            turns = TurnDirection(
                self.choice(spec, "turns", [t.value for t in TurnDirection], None)
            )
        players = data.get("players", [])
        if not isinstance(players, list):
            raise self.error(
                f"expected [[players]] tables, one per seat, found {_kind(players)}", "players"
            )
        seats = tuple(self.seat(p, k, lattice) for k, p in enumerate(players))
        return Board(
            tuple(tiles),
            seats,
            name=self.name(spec, default_name),
            description=self.text(spec, "description"),
            handedness=Handedness(handedness),
            origin=origin,
            tile_width_mm=self.width(spec),
            turns=turns,
            notes=self.text(spec, "notes"),
            to_move=self.to_move(spec, len(seats)),
        )

    def to_move(self, spec: dict, seats: int) -> int:
        """``to_move = 3``: the seat to move, counted from 1 (a position from the middle
        of a game); as an index from 0."""
        value = spec.get("to_move", 1)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= max(seats, 1):
            raise self.error(
                f"expected the seat to move, a whole number from 1 to {max(seats, 1)} (the "
                f"[[players]] tables in turn order), found {_kind(value)}; leave it out for a "
                "start, where seat 1 moves first",
                "board.to_move",
            )
        return value - 1

    def name(self, spec: dict, default: str) -> str:
        if "name" not in spec:
            return name_from_stem(default)
        self.not_empty(
            spec,
            "name",
            "board",
            f"a name of at most {MAX_BOARD_NAME} letters, digits, - and _",
            f"{json.dumps(name_from_stem(default))}, from the file's name",
        )
        name = spec["name"]
        if (
            not isinstance(name, str)
            or not NAME_PATTERN.fullmatch(name)
            or len(name) > MAX_BOARD_NAME
        ):
            hint, note = "", "the description can say more"
            if isinstance(name, str) and len(name) > MAX_BOARD_NAME:
                hint = f": shorten it ({note})"
            elif isinstance(name, str) and name_from_stem(name) not in (name, "board"):
                hint = f": write {json.dumps(name_from_stem(name))} ({note})"
            raise self.error(
                f"expected a name of at most {MAX_BOARD_NAME} letters, digits, - and _ (it "
                f"is used in file names), found {_kind(name)}{hint}",
                "board.name",
                "name-not-a-file-name",
                **({"file_note": note} if hint else {}),
            )
        return name

    def text(self, spec: dict, key: str) -> str:
        value = spec.get(key, "")
        if not isinstance(value, str):
            raise self.error(f"expected a string, found {_kind(value)}", f"board.{key}")
        return self.printable(value, f"board.{key}", lines=key == "notes")

    def printable(self, value: str, where: str, lines: bool = False) -> str:
        """Text that drawings and SVG files can show: no control characters (line
        breaks only in notes), nothing that turns the text round (``unshowable``). A
        no-break or ideographic space, ZWJ and ZWNJ are text: they were refused as
        "the control character U+3000", and a Japanese seat name typed with its own
        space could not be given."""
        found = unshowable(value, "\n" if lines else "")
        if found is not None:
            breaks = not lines and found[1] in ("control character", "line break")
            note = {"file_note": "line breaks are allowed in notes only"} if breaks else {}
            raise self.error(
                f"contains {unshowable_words(*found)}: remove it"
                + "".join(f" ({n})" for n in note.values()),
                where,
                "control-character",
                **note,
            )
        return value

    def choice(self, spec: dict, key: str, options: list[str], default: str | None) -> str:
        value = spec.get(key, default)
        if value not in options:
            raise self.error(
                f"expected one of {', '.join(json.dumps(o) for o in options)}, "
                f"found {_kind(value)}{_choice_hint(key, value, options)}",
                f"board.{key}",
            )
        return value

    def width(self, spec: dict) -> float | None:
        if "tile_width_mm" not in spec:
            return None
        value = spec["tile_width_mm"]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise self.error(
                f"expected the tile width across the flats in mm (a number above 0), "
                f"found {_kind(value)}",
                "board.tile_width_mm",
            )
        from fabgen.settings import range_of

        # The key is only for printing the board (fabgen layout, a kit's print files), so
        # it takes what they print, up front: a width they refuse is this key's mistake.
        limit = range_of("print_width")
        if limit.problem(value):
            shown = abridged(_number(value) if isinstance(value, float) else str(value))
            raise self.error(
                f"{shown} mm is outside {limit.describe()}, and the key is only used to "
                "print the board (fabgen layout, a kit's print files): give the width of "
                "your tiles across the flats in that range, or leave tile_width_mm out "
                "(then the layout's --width or the kit's tile.width is used, else 100 mm)",
                "board.tile_width_mm",
            )
        return float(value)

    def field(self, value: object, where: str) -> Field:
        if not isinstance(value, str):
            raise self.error(f'expected a field name like "c3", found {_kind(value)}', where)
        try:
            return parse_field(value)
        except ValueError:
            hint = ""
            if value.strip().lower() != value and is_field_name(value.strip().lower()):
                hint = f" (did you mean {json.dumps(value.strip().lower())}?)"
            raise self.error(
                f"{abridged(value, 40, quoted=True)} is not a field name{hint}: {NAME_HELP}",
                where,
            ) from None

    def coord(
        self, value: object, where: str, lattice: TileLattice | None = None
    ) -> tuple[int, int]:
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.error(
                f"expected tile coordinates [i, j] (two whole numbers), found "
                f"{_kind(value, shown=True)}{_coord_hint(value, lattice)}",
                where,
            )
        if max(abs(value[0]), abs(value[1])) > MAX_TILE_COORDINATE:
            raise self.error(
                f"tile coordinates beyond ±{MAX_TILE_COORDINATE:,}: no board is that large",
                where,
            )
        return (value[0], value[1])

    def tiles(self, value: object, lattice: TileLattice) -> list[Tile]:
        if not isinstance(value, list):
            raise self.error(
                f"expected a list of tile coordinates like [[0, 0], [1, 0]], found {_kind(value)}",
                "board.tiles",
            )
        if len(value) > MAX_TILES:
            raise self.error(
                f"{len(value):,} tiles; fabgen handles boards of up to {MAX_TILES} tiles "
                "(a 6-player board has 19 to 37)",
                "board.tiles",
            )
        coords = [self.coord(v, f"board.tiles[{n}]") for n, v in enumerate(value)]
        for n, c in enumerate(coords):
            self.within_reach(lattice, c, f"board.tiles[{n}]")
        return [Tile(lattice.fields(c), c) for c in coords]

    def within_reach(self, lattice: TileLattice, tile: tuple[int, int], where: str) -> None:
        """Refuse a tile with a field beyond the ±MAX_COORDINATE that field names may
        have: an origin near that edge put the tiles past it, and layout wrote a start
        position (NAME-start.json) that every command refused to read."""
        far = next((f for f in lattice.fields(tile) if max(map(abs, f)) > MAX_COORDINATE), None)
        if far is not None:
            raise self.error(
                f"tile {list(tile)} reaches field {field_name(far)}, beyond "
                f"±{MAX_COORDINATE:,} fields (origin = "
                f"{json.dumps(field_name(lattice.origin))}): no board is that large; give "
                "origin a field nearer a1",
                where,
            )

    def free_tiles(self, value: object, lattice: TileLattice) -> list[Tile]:
        if not isinstance(value, list):
            raise self.error(
                f"expected [[board.free_tiles]] tables with fields = [...], found {_kind(value)}",
                "board.free_tiles",
            )
        out = []
        for n, item in enumerate(value):
            where = f"board.free_tiles[{n}]"
            spec = self.table(item, where, FREE_TILE_KEYS, '{ fields = ["c3", "d3"] }')
            names = spec.get("fields")
            if names is None:  # an empty [[board.free_tiles]] said "found NoneType"
                raise self.error(
                    "expected the tile's fields by name, like fields = "
                    '["c3", "d3", "d4"], found a [[board.free_tiles]] table without '
                    "fields: add them, or delete the empty [[board.free_tiles]] line",
                    f"{where}.fields",
                )
            if not isinstance(names, list) or not names:
                raise self.error(
                    f'expected fields = ["c3", "d3", ...] (at least one field name), found '
                    f"{_kind(names)}",
                    f"{where}.fields",
                )
            fields = tuple(self.field(v, f"{where}.fields[{m}]") for m, v in enumerate(names))
            out.append(lattice_tile(fields, lattice))
        return out

    def seat(self, value: object, k: int, lattice: TileLattice) -> Seat:
        where = f"players[{k}]"
        spec = self.table(value, where, PLAYER_KEYS, '[[players]] with name = "Red"')
        name = self.optional_str(spec, "name", where)
        if name is not None and not name.strip():
            name = ""  # as no name ("seat 1"): spaces alone were shown as "seat 1 (   )"
        if name is not None and len(name) > MAX_LABEL:
            raise self.error(
                f"the name {abridged(name, quoted=True)} is too long: a name of at most "
                f"{MAX_LABEL} characters, please",
                f"{where}.name",
            )
        colour = self.colour(spec, where, k)
        kind = self.kind(spec, where)
        # A start tile listed twice stays twice: the validator names it (field-shared).
        stacks = [
            (f, 1)
            for coord in self.starts(spec.get("start"), f"{where}.start", lattice)
            for f in lattice.fields(coord)
        ]
        given = {f for f, _ in stacks}
        for key, count in self.stacks(spec.get("stacks", {}), f"{where}.stacks"):
            centre, whole_tile = parse_stack_key(key)
            for f in segment_fields(centre) if whole_tile else (centre,):
                if f in given:
                    raise self.error(
                        f"{field_name(f)} already has stones of this seat (from the start "
                        "tile or another key): give each field once",
                        f"{where}.stacks.{key}",
                        "field-given-twice",
                        field=field_name(f),
                    )
                given.add(f)
                stacks.append((f, count))
        if kind == SeatKind.MACHINE and "start" in spec and "stacks" not in spec:
            raise self.error(
                "a machine never moves, so a start tile of single stones would never "
                "explode or grow: give the machine stacks instead, e.g. stacks = { a1 = 3 } "
                "(a 1995 machine: 3 stones on a corner field) or a stack of 6 on the middle "
                'field of a tile (a dummy), or make it kind = "extreme-machine"',
                f"{where}.start",
                "machine-start-tile",
            )
        return Seat(name, colour, tuple(stacks), kind)

    def kind(self, spec: dict, where: str) -> SeatKind:
        kinds = [k.value for k in SeatKind]
        listed = ", ".join(json.dumps(k) for k in kinds)
        self.not_empty(spec, "kind", where, f"one of {listed}", "a person's seat (player)")
        value = spec.get("kind", SeatKind.PLAYER.value)
        if value not in kinds:
            shown = repr(value) if isinstance(value, str) else _kind(value)
            hint = did_you_mean(closest(value, kinds, KIND_ALIASES))
            raise self.error(
                f"unknown seat kind {shown}{hint}: use one of {listed} (a person, a machine "
                "that never moves, a machine that moves by fixed rules)",
                f"{where}.kind",
            )
        return SeatKind(value)

    def not_empty(self, spec: dict, key: str, where: str, expected: str, left_out: str) -> None:
        """An empty value (or spaces) of a key that may be left out says what it expects
        and what leaving it out gives, as a kit file's does (``tile_width_mm = ""`` was
        only a string where a number belongs)."""
        value = spec.get(key)
        if isinstance(value, str) and not value.strip():
            raise self.error(
                f"is empty (or only spaces); expected: {expected}; leave the key out for "
                f"{left_out}",
                _path(where, key),
                "empty-value",
                expected=expected,
            )

    def optional_str(self, spec: dict, key: str, where: str) -> str | None:
        value = spec.get(key)
        if value is not None and not isinstance(value, str):
            raise self.error(f"expected a string, found {_kind(value)}", f"{where}.{key}")
        return None if value is None else self.printable(value, f"{where}.{key}")

    def colour(self, spec: dict, where: str, k: int) -> str | None:
        from fabgen.board.colours import NAMED_COLOURS, seat_colour

        place = f"the colour of seat {k + 1}'s place, {seat_colour(None, k)}"
        self.not_empty(spec, "colour", where, "a colour name or #rrggbb", place)
        colour = self.optional_str(spec, "colour", where)
        if colour is None or colour.lower() in NAMED_COLOURS:
            return colour
        if re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", colour):
            return colour
        hint = did_you_mean(colour_suggestion(colour, list(NAMED_COLOURS)))
        if not hint and colour.startswith("#"):
            hint = " (a colour written with # has 6 hex digits, 0-9 and a-f: #1f5fbf)"
        raise self.error(
            f"unknown colour {abridged(colour, 40, quoted=True)}{hint}: use #rrggbb or one of "
            f"{', '.join(NAMED_COLOURS)}",
            f"{where}.colour",
        )

    def starts(self, value: object, where: str, lattice: TileLattice) -> list[tuple[int, int]]:
        if value is None:
            return []
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            return [self.coord(v, f"{where}[{n}]", lattice) for n, v in enumerate(value)]
        return [self.coord(value, where, lattice)]

    def stacks(self, value: object, where: str) -> list[tuple[str, int]]:
        if not isinstance(value, dict):
            raise self.error(
                f"expected a table of stacks like {{ c3 = 2 }}, found {_kind(value)}", where
            )
        out = []
        for key, count in value.items():
            try:
                parse_stack_key(key)
            except ValueError as exc:
                raise self.error(str(exc), _path(where, key)) from None
            # (as in transcripts: -n stones on a growing field, 0 a dead field, the
            # position of a game under way, which layout writes back as a board file)
            if isinstance(count, bool) or not isinstance(count, int):
                raise self.error(
                    f"expected a number of stones (a whole number: n stones, -n on a growing "
                    f"field, 0 a dead field), found {_kind(count)}",
                    _path(where, key),
                )
            out.append((key, count))
        return out


def _key_hint(key: str, table: dict, where: str, allowed: Sequence[str]) -> str:
    """What an unknown key probably is: a misspelt allowed key, or a key of another
    table (TOML puts every key after a ``[[players]]`` line into that seat)."""
    if where.startswith("players") and key in BOARD_KEYS:
        return (
            f" here: {key} belongs to [board], and every key after a [[players]] line "
            "belongs to that seat; move it up, above the first [[players]]"
        )
    if where == "board" and key in PLAYER_KEYS:
        return f" in [board]: {key} belongs to a seat's [[players]] table"
    if where == "" and key in BOARD_KEYS:
        return " above [board]: write it under the [board] line"
    suggestion = closest(key, allowed, KEY_ALIASES)
    if suggestion is None:
        return ""
    if where == "":
        header = "[[players]]" if suggestion == "players" else f"[{suggestion}]"
        return f" (did you mean {header}?)"
    return f" (did you mean {suggestion}?)"


def _choice_hint(key: str, value: object, options: list[str]) -> str:
    """The did-you-mean of ``handedness`` and ``turns``, which makers mix up: the
    lattice's handedness is cw or ccw, the direction of play clockwise or
    counter-clockwise."""
    suggestion = closest(value, options, TURN_ALIASES if key == "turns" else {})
    turns = closest(value, [t.value for t in TurnDirection], TURN_ALIASES)
    if key == "handedness" and suggestion is None and turns is not None:
        return (
            ": handedness is the tiles' lattice (cw, the online version's, or ccw); which "
            f"way play goes round the board is turns = {json.dumps(turns)}"
        )
    return did_you_mean(suggestion)


def _path(where: str, key: str) -> str:
    shown = key if _BARE_KEY.fullmatch(key) else json.dumps(key)
    if len(key) > 40:
        shown = abridged(key, quoted="json")
    return f"{where}.{shown}" if where else shown


def _coord_hint(value: object, lattice: TileLattice | None) -> str:
    """What to write for tile coordinates written as a string (``"1,2"``) or, in a
    start, as a field name (``"c3"``, ``["c3"]``)."""
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], str):
        value = value[0]
    if isinstance(value, list) and len(value) == 2:
        return _not_whole(value)
    if not isinstance(value, str):
        return ""
    numbers = re.fullmatch(r"\s*[\[(]?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*[\])]?\s*", value)
    if numbers:
        i, j = (int(n) for n in numbers.groups())
        return f": write [{i}, {j}], a list of two numbers, without quotes"
    if lattice is None or not is_field_name(value.strip().lower()):
        return ""
    field = parse_field(value.strip().lower())
    name = field_name(field)
    i, j = lattice.tile_of(field)
    if lattice.is_centre(field):
        return (
            f": a start is a tile, given by its coordinates; the tile centred on {name} is "
            f"start = [{i}, {j}]"
        )
    return (
        f": a start is a tile, given by its coordinates ({name} is on tile [{i}, {j}], "
        f"start = [{i}, {j}]); for stones on {name} alone write stacks = {{ {name} = 1 }}"
    )


def _not_whole(pair: list) -> str:
    """Which of two tile coordinates is not a whole number (``[1.5, 0]``, ``[nan, 2]``,
    ``[-0.0, 1]``: the message said only "found a list of 2")."""
    for v in pair:
        if isinstance(v, float) and v.is_integer() and abs(v) < 10**6:
            return f": {_number(v)} is a decimal number; write {int(v)}, without the point"
        if not isinstance(v, int) or isinstance(v, bool):
            return f": {_kind(v)} is not a whole number"
    return ""


def _number(value: float) -> str:
    """A float as TOML writes it (nan, inf, -0.0), not Python (``-0.0`` stays)."""
    return str(value).lower().replace("infinity", "inf")


def _kind(value: object, shown: bool = False) -> str:
    """What a value is, for a message; ``shown``: a short list of numbers as written."""
    if (
        shown
        and isinstance(value, list)
        and len(value) <= 6
        and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6 for v in value)
    ):
        return f"[{', '.join(map(str, value))}]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"the number {_number(value)}"
    if isinstance(value, int):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {abridged(value, 40, quoted='json')}"  # (a bidi override escaped)
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a table"
    from fabgen.inputs import toml_date

    return toml_date(value) or type(value).__name__


# --- writing -----------------------------------------------------------------------


def board_to_toml(board: Board) -> str:
    """The board as a board file; :func:`parse_board_toml` reads it back equal."""
    lines = [
        "# Atlantis board file, written by fabgen. Tile (i, j) is centred on field",
        "# origin + i·A + j·B of the tile lattice; see docs/formats.md, board files.",
        "",
        "[board]",
        f"name = {_string(board.name)}",
    ]
    if board.description:
        lines.append(f"description = {_string(board.description)}")
    lines.append(f"handedness = {_string(board.handedness.value)}")
    lines.append(f"origin = {_string(field_name(board.origin))}")
    if board.tile_width_mm is not None:
        lines.append(f"tile_width_mm = {board.tile_width_mm:g}")
    if board.turns is not None:
        lines.append(f"turns = {_string(board.turns.value)}")
    if board.to_move:
        lines.append(f"to_move = {board.to_move + 1}  # a game in progress: this seat moves next")
    # Tiles are numbered in file order: tiles first, then free tiles. Coordinates are
    # written for the tiles up to the first free-form one, so the numbering stays.
    first_free = next((n for n, t in enumerate(board.tiles) if t.coord is None), None)
    split = len(board.tiles) if first_free is None else first_free
    lines.extend(_tile_lines([t.coord for t in board.tiles[:split] if t.coord is not None]))
    free = board.tiles[split:]
    if board.notes:
        lines.append(f"notes = {_long_string(board.notes)}")
    for tile in free:
        names = ", ".join(_string(field_name(f)) for f in tile.fields)
        lines += ["", "[[board.free_tiles]]", f"fields = [{names}]"]
    for seat in board.seats:
        lines += ["", *_seat_lines(board, seat)]
    return "\n".join(lines) + "\n"


def _tile_lines(coords: list[tuple[int, int]], per_line: int = 8) -> list[str]:
    if not coords:
        return ["tiles = []"]
    cells = [f"[{i}, {j}]" for i, j in coords]
    rows = [", ".join(cells[n : n + per_line]) for n in range(0, len(cells), per_line)]
    return ["tiles = [", *(f"  {row}," for row in rows), "]"]


def _seat_lines(board: Board, seat: Seat) -> list[str]:
    out = ["[[players]]"]
    if seat.name is not None:
        out.append(f"name = {_string(seat.name)}")
    colour = seat.colour or ""
    if colour.strip():  # (a transcript's "" is no colour)
        from fabgen.board.colours import can_draw

        if can_draw(colour):
            out.append(f"colour = {_string(colour)}")
        else:  # a transcript's colour a board file would refuse: the seat is drawn and
            # made in its place's default colour, so the file says so and leaves it out
            out.append(f"# colour {_string(colour)} is not one fabgen draws: left out")
    if seat.kind != SeatKind.PLAYER:
        out.append(f"kind = {_string(seat.kind.value)}")
    stacks = dict(seat.stacks)
    starts = []
    for tile in board.tiles if seat.kind != SeatKind.MACHINE else ():  # machines: stacks
        if tile.coord is not None and all(stacks.get(f) == 1 for f in tile.fields):
            starts.append(tile.coord)
            for f in tile.fields:
                del stacks[f]
    if len(starts) == 1:
        out.append(f"start = [{starts[0][0]}, {starts[0][1]}]")
    elif starts:
        out.append("start = [" + ", ".join(f"[{i}, {j}]" for i, j in starts) + "]")
    if stacks:
        items = ", ".join(f"{_key(field_name(f))} = {v}" for f, v in stacks.items())
        out.append(f"stacks = {{ {items} }}")
    return out


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    # A JSON string is a valid TOML basic string (same escapes).
    return json.dumps(text, ensure_ascii=False)


def _long_string(text: str) -> str:
    """Notes with line breaks as a multi-line string when that needs no escapes."""
    plain = all(line.isprintable() for line in text.split("\n"))
    if "\n" in text and plain and "\\" not in text and '"""' not in text and text[-1] != '"':
        return '"""\n' + text + '"""'
    return _string(text)


__all__ = [
    "board_to_toml",
    "name_from_stem",
    "parse_board_toml",
    "read_board_toml",
    "read_text",
]
