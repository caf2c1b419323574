"""The board designer without the web server: board state in, picture and findings out.

The browser keeps the board as a *board-file-like* JSON object, the board file's
own structure (``{"board": {...}, "players": [...]}``). :func:`board_from_state`
writes it as board-file text and reads it back with the board-file reader, so every
message is the CLI's. :func:`designer_view` answers with the validator's findings, the
symmetry, the seat rotation, the pieces needed and a picture of the board on its tile
lattice (a :class:`~fabgen.draw.drawing.Drawing` rendered by the SVG writer) with the
places the browser may click: tiles, free lattice places next to the board, fields. A
finding in a board file's words comes with what to do in the page (docs/design-notes.md,
*The browser front end*).
"""

from __future__ import annotations

import functools
import json
import math
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from fabgen.board.colours import NAMED_COLOURS
from fabgen.board.findings import MAX_PLAYERS
from fabgen.board.model import TILE_STEPS, Board, SeatKind, TurnDirection, cell_corners
from fabgen.board.placement import BoardPlacement
from fabgen.draw.board_parts import INK, Frame, number_spot, seat_colour, tint
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Shape, Style, Text
from fabgen.draw.ink import ink_on
from fabgen.draw.setup_diagram import symbol_shapes
from fabgen.errors import InputFileError, ParameterError, abridged, requested
from fabgen.geometry.lattice import Point, rotate60
from fabgen.geometry.symbols import board_seat_symbols
from fabgen.play.strong import deeper_by_default
from fabgen.rules.names import field_name
from fabgen.web.limits import LIMITS, TooLarge

SOURCE = "board (designer)"
#: Tiles this wide (mm) give a field pitch of 10 mm in the designer's picture.
PICTURE_WIDTH = 10.0 * math.sqrt(7.0)
MARGIN = 4.0
FREE_STYLE = Style(stroke="#9a9a9a", fill="#f4f4f4", width=0.25, dash=(1.0, 0.8))
TILE_STYLE = Style(stroke=INK, fill="#fffbe6", width=0.5)
FIELD_STYLE = Style(stroke="#a0a0a0", fill="#ffffff", width=0.2)
#: Tile numbers: 5.0:1 or more on every seat's start tile (the printed grey, 2.7 on red's).
NUMBER_INK = "#444444"


# ---- the board state ------------------------------------------------------------------


def board_from_state(state: object, name: str = "board") -> Board:
    """The board the browser's state describes, read by the board-file reader."""
    import tomli_w

    from fabgen.board.boardfile import parse_board_toml

    if not isinstance(state, dict):
        raise InputFileError(SOURCE, "expected a board: {board: {...}, players: [...]}")
    _check_size(state)
    null = _null_at(state)
    if null is not None:  # (a board file has no null: tomli_w said "Object of type
        # 'NoneType' is not TOML serializable", of no key)
        raise InputFileError(
            SOURCE, "a value is empty (null): give one, or leave the key out", null
        )
    try:
        text = tomli_w.dumps(state)
    except (TypeError, ValueError) as exc:
        raise InputFileError(SOURCE, f"a value cannot be written to a board file: {exc}") from None
    except RecursionError:
        raise InputFileError(SOURCE, "nested too deeply to be a board") from None
    return parse_board_toml(text, SOURCE, default_name=name)


def _null_at(state: dict) -> str | None:
    """Where the browser's board has its first null, as the board reader names a place
    (``players[0].start``); None if it has none."""
    stack: list[tuple[object, str]] = [(state, "")]
    while stack:
        item, where = stack.pop()
        if item is None:
            return where
        if isinstance(item, dict):
            inside = [(v, _key_path(where, str(k))) for k, v in item.items()]
        elif isinstance(item, list):
            inside = [(v, f"{where}[{k}]") for k, v in enumerate(item)]
        else:
            continue
        stack.extend(reversed(inside))  # (the first in the file is found first)
    return None


def _key_path(where: str, key: str) -> str:
    named = key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else abridged(key, 40, quoted="json")
    return f"{where}.{named}" if where else named


def _check_size(state: dict, source: str = SOURCE) -> None:
    spec = state.get("board")
    if isinstance(spec, dict):
        # (only lists count: any other value is the reader's to refuse, as a 400)
        tiles = sum(
            len(v) for v in (spec.get("tiles"), spec.get("free_tiles")) if isinstance(v, list)
        )
        if tiles > LIMITS.board_tiles:
            # (413, not 503: the same board is refused however often it is sent)
            so_far = " (Download board file gives the board so far)" if source == SOURCE else ""
            raise TooLarge(
                f"{source}: {tiles} tiles is more than fabgen serve takes for a board "
                f"({LIMITS.board_tiles}); edit a board this large as a board file in a text "
                f"editor{so_far}, check it with fabgen validate and draw it with fabgen layout"
            )
    # 7 or 8 seats are drawn, with the validator's player-count error (a seat or two too
    # many while a board is made); more are refused, as a bad request (400)
    players = state.get("players")
    if isinstance(players, list) and len(players) > LIMITS.board_seats + 2:
        raise InputFileError(
            source,
            f"the board has {len(players)} seats: a game has at most {MAX_PLAYERS} seats, "
            f"people and machines together (the designer shows up to "
            f"{LIMITS.board_seats + 2}, with that error); remove seats",
            where="players",
        )


def state_of(board: Board) -> dict:
    """The board as the browser keeps it: the board file, as JSON."""
    from fabgen.board.boardfile import board_to_toml

    state = tomllib.loads(board_to_toml(board))
    for seat, player in zip(board.seats, state.get("players", []), strict=False):
        if seat.kind != SeatKind.PLAYER:
            player.setdefault("kind", seat.kind.value)
    return state


def upload_label(filename: str) -> str:
    """An uploaded file as messages name it: by the name the user gave it ("Club board
    (v2).toml", not "Club-board-v2-toml"), without a folder, a character no message can
    show (a control character) as "?", and abridged past 60 characters."""
    base = filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    shown = "".join(ch if ch.isprintable() else "?" for ch in base).strip()
    return abridged(shown, 60) if shown else "the file"


def upload_board_name(filename: str) -> str:
    """The name an uploaded file gives its board (or game): without its folder and its
    extension, in a board name's letters ("Club board (v2).toml": Club-board-v2)."""
    from fabgen.board.boardfile import name_from_stem

    return name_from_stem(filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].rsplit(".", 1)[0])


def read_upload(text: str, filename: str) -> Board:
    """A board file (TOML) or a transcript (JSON: its first position) sent by the
    browser, read by the CLI's readers. The file name names the board (as a board name
    may be written) and the messages (as the user named it)."""
    from fabgen.board.boardfile import parse_board_toml
    from fabgen.board.transcript_io import parse_board_transcript

    name = upload_board_name(filename)
    shown = upload_label(filename)
    if text.lstrip().startswith("{"):
        board = parse_board_transcript(text, shown, name=name)
    else:
        try:
            board = parse_board_toml(text, shown, default_name=name)
        except InputFileError as exc:
            other = _other_file(text, shown)
            if other is None and filename.lower().endswith(".json"):
                # (no board file either: said as a transcript, as fabgen validate reads a
                # .json file; an empty or cut-off one was "not valid TOML", "the [board]
                # table is missing")
                parse_board_transcript(text, shown, name=name)
            raise other or exc from None
    state = state_of(board)
    _check_size(state, shown)
    return board


def _other_file(text: str, shown: str) -> InputFileError | None:
    """The refusal of a file of fabgen's that is no board (the kit file, a drawing of
    the kit), saying which file to choose; None for any other file."""
    start = text.lstrip()[:200]
    if start.startswith(("<?xml", "<svg", "%PDF")):
        return InputFileError(
            shown,
            "is a drawing, not a board: choose a board file (.toml) or a transcript (.json)",
        )
    from fabgen.inputs import parse_toml

    try:  # (bounded as every file is read: one nested thousands deep is no kit file)
        kit = parse_toml(text, shown).get("kit")
    except InputFileError:
        return None
    if not isinstance(kit, dict):
        return None
    from fabgen.board.files import preset_names

    board = kit.get("board")
    if board in preset_names():
        return InputFileError(
            shown,
            f"is a kit file, not a board: its board is the preset {board}: choose it among "
            "the presets",
        )
    named = f", {abridged(board, 60)}" if isinstance(board, str) and board else ""
    return InputFileError(
        shown,
        f"is a kit file, not a board: choose the board file it names{named} (a kit from "
        "the kit configurator has it beside the kit file)",
    )


# ---- what the designer shows ------------------------------------------------------------


# (the reader's words are a board file's: add tiles = [[0, 0], ...] or [[board.free_tiles]])
_NO_TILES = (
    "the board has no tiles: click the dashed place (or press Add tile with tile i and j "
    "at 0) to add the first, or load a preset"
)


def _no_tiles(state: dict) -> bool:
    spec = state.get("board")
    return isinstance(spec, dict) and not spec.get("tiles") and not spec.get("free_tiles")


def view_state(state: object) -> dict:
    """:func:`designer_view` of the browser's board; a board without tiles is shown as
    the one place where its first tile can go, with the reader's message (or, for no
    tiles at all, how to add the first). A board refused carries the refusal in the
    page's words too (``page_words``, sent beside the reader's)."""
    try:
        return _view_state(state)
    except (InputFileError, TooLarge) as exc:
        exc.page_words = refusal_words(exc, state)
        raise


def _view_state(state: object) -> dict:
    try:
        return designer_view(board_from_state(state))
    except InputFileError as exc:
        if exc.where != "board.tiles" or not isinstance(state, dict):
            raise
        empty = Board((), name="board")
        view = designer_view(empty, validated=False)
        message = _NO_TILES if _no_tiles(state) else exc.detail
        view["findings"] = [
            {
                "code": "board-file",
                "severity": "error",
                "message": message,
                "where": {},
                "text": f"error [board-file] {message}",
            }
        ]
        view["summary"] = {"errors": 1, "warnings": 0, "info": 0}
        view["state"] = state
        return view


# ---- a refusal in the page's words ------------------------------------------------------

#: A seat's key, as the designer's form names it.
_SEAT_KEYS = {
    "name": "name",
    "colour": "colour",
    "kind": "kind",
    "start": "start tile",
    "stacks": "stones",
}
#: A board key, as the designer's refusals name it: by what its control sets (Board name,
#: Seat order goes round, Moves next, the tiles clicked), or, for a key that only a file
#: loaded gives (no control sets it), by what it is.
_BOARD_KEYS = {
    "name": "the board name",
    "turns": "the seat order",
    "to_move": "the seat that moves next",
    "tiles": "the tiles",
    "free_tiles": "the free-form tiles",
    "description": "the board's description",
    "notes": "the board's notes",
    "handedness": "the board's handedness",
    "origin": "the board's origin",
    "tile_width_mm": "the board's tile width",
}
_SEAT_PATH = re.compile(r"players\[(\d+)\](?:\.(\w+))?(?:\[\d+\])?(?:\.(.+))?")
#: A stack key the page could have made: a field's name, or a segment's (the reason of
#: any other quotes it).
_STACK_KEY = re.compile(r"-?([a-z]+|[A-Z]+)-?\d{1,5}")
_TILE_PATH = re.compile(r"board\.(tiles|free_tiles)\[(\d+)\](?:\.fields(?:\[(\d+)\])?)?(\..+)?")


def refusal_words(exc: InputFileError | TooLarge, state: object) -> str:
    """The reader's refusal of the designer's board as the page says it: the place in
    the page's words (seats and tiles counted from 1, a field by the form's label), the
    reason the reader's ("tile 2 (1, 0), seat 2's start: a machine never moves, ...")
    where the message said "board (designer) at players[1].start: ..."."""
    where = getattr(exc, "where", None)
    place = page_place(where, state) if where else None
    reason = page_reason(exc, state)
    return f"{place}: {reason}" if place else reason


#: A machine given a start tile (or a seat with one made a machine): the reader's words
#: say what to write in a board file (stacks = { a1 = 3 }, kind = "extreme-machine"). Said
#: for either change: the seat kept is a person's, or a machine without a start tile.
_MACHINE_START = (
    "a machine never moves, so a start tile of single stones would never explode or grow: "
    "a machine starts with stones put on fields instead, without a start tile (3 on a "
    "corner field, as a 1995 machine, or 6 on the middle field of a tile, as a dummy); or "
    "make the seat an extreme-machine"
)


def _given_twice(where: str | None, facts: Mapping[str, str], state: object) -> str:
    field = facts["field"]
    start = next((c for c, fields in _starts(where, state) if field in fields), None)
    if start is None:
        return f"{field} already has stones of this seat: give each field its stones once"
    # (by the number drawn on it, as the page names every tile: a seat may have several)
    n = _tile_number(state, start)
    on, off = "the seat's start tile", "the start tile"
    if n:
        on, off = f"tile {n}{_coordinates(state, n - 1)}, {on}", f"tile {n}"
    return (
        f"{field} is on {on}, which puts a stone on each of its fields: put the stones on "
        f"a field off {off}, or take the start tile away first"
    )


#: The reader's refusals (by their codes, ``boardfile.REFUSALS``) that tell a board
#: file's user what to write (a key, a table, "leave the key out"): what to do in the
#: page instead, from the refusal's place, its facts and the board.
_PAGE_REASONS: dict[str, Callable[[str | None, Mapping[str, str], object], str]] = {
    "machine-start-tile": lambda where, facts, state: _MACHINE_START,
    # (only the board name can be left empty in the page)
    "empty-value": lambda where, facts, state: f"is empty: type {facts['expected']}",
    "field-given-twice": _given_twice,
}


def page_reason(exc: InputFileError | TooLarge, state: object) -> str:
    """The reader's reason as the page says it: where it tells a board file's user what
    to write, what to do in the page instead (known by the refusal's code); any other
    reason as the reader gives it, without a note for a board file's user alone (the
    page has no description to say more in, nor notes: the refusal's ``file_note``)."""
    where, code = getattr(exc, "where", None), getattr(exc, "code", None)
    facts: Mapping[str, str] = getattr(exc, "facts", {})
    if code in _PAGE_REASONS:
        return _PAGE_REASONS[code](where, facts, state)
    detail = getattr(exc, "detail", None) or str(exc).removeprefix(f"{SOURCE}: ")
    return detail.removesuffix(f" ({facts['file_note']})") if "file_note" in facts else detail


def _starts(where: str | None, state: object) -> list[tuple[list, set[str]]]:
    """The start tiles of the seat ``where`` names, each by its coordinates with the
    names of its fields, as far as the state says them plainly (none otherwise)."""
    from fabgen.geometry.lattice import Handedness, TileLattice
    from fabgen.rules.names import parse_field

    seat = _SEAT_PATH.fullmatch(where or "")
    players = state.get("players") if isinstance(state, dict) else None
    if not seat or not isinstance(players, list) or int(seat[1]) >= len(players):
        return []
    spec, player = _board_spec(state), players[int(seat[1])]
    start = player.get("start") if isinstance(player, dict) else None
    # (any shape the page sent: one that is no list of coordinates is caught below)
    coords: list = (
        start if isinstance(start, list) and start and isinstance(start[0], list) else [start]
    )
    try:
        handedness = Handedness(spec.get("handedness", "cw"))
        lattice = TileLattice(handedness, parse_field(spec.get("origin", "a1")))
        return [(c, {field_name(f) for f in lattice.fields((c[0], c[1]))}) for c in coords]
    except (AttributeError, TypeError, ValueError, IndexError, KeyError):
        return []


def _tile_number(state: object, coord: object) -> int | None:
    """The number drawn on the board's tile at ``coord`` (from 1), None if it has none."""
    tiles = _board_spec(state).get("tiles")
    return tiles.index(coord) + 1 if isinstance(tiles, list) and coord in tiles else None


def _start_place(where: str, state: object, number: int) -> str:
    """Seat ``number``'s start tiles as the page names tiles, by the numbers drawn on
    them ("tile 2 (1, 0), seat 2's start"; it said "seat 2's start tile", which the
    maker had to look for), or by their role alone while one is not on the board."""
    tiles = [_tile_number(state, c) for c, _ in _starts(where, state)]
    if not tiles or None in tiles:
        return f"seat {number}'s start tile"
    named = " and ".join(f"tile {n}{_coordinates(state, n - 1)}" for n in tiles if n)
    return f"{named}, seat {number}'s start{'s' if len(tiles) > 1 else ''}"


def page_place(where: str, state: object) -> str | None:
    """A board-file path (``players[1].stacks.c4``, ``board.tiles[3]``) in the page's
    words, or None where the reason says it all (the board, the seats as a whole)."""
    seat = _SEAT_PATH.fullmatch(where)
    if seat:
        number, key, rest = int(seat[1]) + 1, seat[2], seat[3]
        if key not in _SEAT_KEYS:  # (an unknown key: the reason names it)
            return f"seat {number}"
        if key == "start" and where.endswith(".start"):  # (not one coordinate of several)
            return _start_place(where, state, number)
        if key == "stacks" and rest and _STACK_KEY.fullmatch(rest):
            segment = "segment " if rest.isupper() else ""  # (C3: the seven fields round c3)
            return f"seat {number}'s stones on {segment}{rest}"
        return f"seat {number}'s {_SEAT_KEYS[key]}"
    tile = _TILE_PATH.fullmatch(where)
    if tile:
        tiles = _listed(state, "tiles")
        n = int(tile[2]) + (tiles if tile[1] == "free_tiles" else 0)
        if tile[3] is not None:
            return f"field {int(tile[3]) + 1} of tile {n + 1}"
        return f"tile {n + 1}{_coordinates(state, n) if n < tiles else ''}"
    if where.startswith("board."):
        return _BOARD_KEYS.get(where.removeprefix("board."), "the board")
    return None


def _listed(state: object, key: str) -> int:
    """How many tiles of the board's ``key`` list there are (tiles come first in the
    page's numbering, then the free-form tiles)."""
    value = _board_spec(state).get(key)
    return len(value) if isinstance(value, list) else 0


def _coordinates(state: object, n: int) -> str:
    """Tile ``n``'s coordinates as the page names its tiles, after the number drawn on
    them (" (5000, 0)": board.js tileWords), when they are two whole numbers."""
    coord = _board_spec(state)["tiles"][n]
    whole = isinstance(coord, list) and len(coord) == 2
    whole = whole and all(isinstance(v, int) and not isinstance(v, bool) for v in coord)
    return f" ({coord[0]}, {coord[1]})" if whole else ""


def _board_spec(state: object) -> dict:
    spec = state.get("board") if isinstance(state, dict) else None
    return spec if isinstance(spec, dict) else {}


def designer_view(board: Board, validated: bool = True) -> dict:
    """Findings, symmetry, seat rotation, pieces needed and the clickable picture."""
    from fabgen.board.supply import supply_needed
    from fabgen.board.symmetry import board_symmetry, rotation_words, seat_rotations
    from fabgen.board.validate import validate
    from fabgen.web.symbol_paths import symbol_path

    picture = board_picture(board)
    if not validated:
        return {"svg": picture.svg(), "targets": picture.targets}
    report = validate(board, source=board.name)
    symmetry = board_symmetry(board)
    # As the validator's seat-rotation check: the rotation that matters maps each person
    # onto the next (machines never move; without machines every seat is a person's).
    rotations = seat_rotations(board, symmetry, board.person_seats)
    # (not counted past a stack too high, as the validator does not count it: the
    # number would mean nothing, and a stack of 10**4000 stones would take its time)
    supply = None if "stack-too-high" in report.codes() else supply_needed(board)
    symbols = board_seat_symbols([seat.is_machine for seat in board.seats])
    state = state_of(board)
    return {
        "board": board.details(),
        "seat_words": seat_words(board),  # (the summary's: "6 seats (4 people, 2 machines)")
        "findings": [
            f.to_json() | {"text": f.text(), "hint": _hint(board, f.code, f.message)}
            for f in report.findings
        ],
        "summary": report.summary(),
        "symmetry": {
            "shape": symmetry.shape_order,
            "tiling": symmetry.tiling_order,
            "mirrors": len(symmetry.tiling_mirrors),
        },
        "seat_rotation": [rotation_words(k) for k in rotations],
        "seat_rotation_of": "person" if board.machines else "seat",
        "supply": supply
        and {
            "fields": supply.fields,
            "stones_per_player": supply.stones_per_player,
            "growing_markers": supply.growing_markers,
            "dead_markers": supply.dead_markers,
            "basis": supply.stones_basis,
        },
        # (each with its symbol, as its stones carry it: the play page's seat rows)
        "seats": [
            {
                "name": s.name,
                "colour": seat_colour(board, k),
                "kind": s.kind.value,
                "symbol": {"name": symbol, "path": symbol_path(symbol)},
            }
            for k, (s, symbol) in enumerate(zip(board.seats, symbols, strict=True))
        ],
        # (the seat colour list: one name per colour drawn, as a board file gives it)
        "colours": seat_colour_choices(),
        # (the ways a board file's turns may say the seats go round)
        "turn_directions": [t.value for t in TurnDirection],
        # (the play page labels strong:3000 by it: the default strong player already
        # searches so with these seats)
        "strong_deeper": deeper_by_default([s.kind.value for s in board.seats]),
        "svg": picture.svg(),
        "targets": picture.targets,
        "state": state,
        # (the page's preset list names it: a board restored from the browser too)
        "preset": preset_of(state),
    }


def preset_of(state: dict) -> str | None:
    """The name of the shipped preset whose board ``state`` is, as loaded (name, seats
    and stones alike), or None for any other board."""
    return _preset_states().get(json.dumps(state, sort_keys=True))


@functools.cache
def _preset_states() -> dict[str, str]:
    """Each preset's name by its board as the page keeps it (the keys sorted)."""
    from fabgen.board.files import load_preset, preset_names

    return {
        json.dumps(state_of(load_preset(name)), sort_keys=True): name for name in preset_names()
    }


def seat_words(board: Board) -> str:
    """The board's seats as the pages' summaries say them: "4 seats", and with machines
    who plays them, in the words of the seat rotation and the findings beside them ("6
    seats (4 people, 2 machines)"): a machine's seat is no player's."""

    def count(n: int, one: str, more: str) -> str:
        return f"{n} {one if n == 1 else more}"

    seats = count(len(board.seats), "seat", "seats")
    if not board.machines:
        return seats
    people = count(board.people, "person", "people")
    return f"{seats} ({people}, {count(board.machines, 'machine', 'machines')})"


def seat_colour_choices() -> list[dict]:
    """The colour names a board file may give a seat, each with the ``#rrggbb`` it is
    drawn in; of two names for one colour (grey, gray) the first."""
    drawn: dict[str, str] = {}
    for name, hex_colour in NAMED_COLOURS.items():
        drawn.setdefault(hex_colour, name)
    return [{"name": name, "hex": hex_colour} for hex_colour, name in drawn.items()]


#: What to do in the page, beside a finding whose words are a board file's (its keys and
#: tables: "add [[players]] tables", "start = [i, j]", "add turns = ...").
_HINTS = {
    "player-count": "in the designer: Add seat, or Remove seat",
    "player-without-stones": (
        "in the designer: pick the seat, then click a tile with \"place the seat's start "
        'tile" or a field with "put stones on a field"'
    ),
    # (a start tile on another seat's, or stones put on a field another seat has)
    "field-shared": (
        'in the designer: pick one of the seats and click another tile with "place the '
        'seat\'s start tile", or, for stones put on the field, click it with "put stones on a '
        'field" and the same number of stones, which takes them away'
    ),
    "symmetry": 'in the designer: choose it under "Seat order goes round"',
    # ("reorder the [[players]] tables or change turns", "[[players]] ... seated in turn order")
    "turn-direction": (
        'in the designer: choose the other way under "Seat order goes round", or change '
        "the seats' order with Earlier and Later"
    ),
    "seats-differ-4-5": (
        "in the designer: Add seat, make it a machine, put 6 stones on the field named "
        '(with "put stones on a field") and move it to its place in turn order with Earlier '
        "and Later"
    ),
}


#: A finding's words that are a board file's, and the designer's for them: for a page
#: that lists the findings of the designer's board without their hints (the kit
#: configurator's refused download).
_FILE_WORDS = {
    " (start = [i, j]) or stacks": " or stones on a field",
    (
        '; add [[players]] tables (to play solo, add a machine seat: kind = "machine" with '
        "stacks = { a1 = 3 })"
    ): ": add seats (to play solo, add a machine seat with 3 stones on a corner field)",
    '(kind = "player", the default)': "(a seat of kind player)",
}


def finding_words(message: str) -> str:
    """A finding's message with what it says in a board file's words said in the
    designer's ("give it a start tile or stones on a field", not "(start = [i, j]) or
    stacks")."""
    for file_words, words in _FILE_WORDS.items():
        message = message.replace(file_words, words)
    return message


def _hint(board: Board, code: str, message: str = "") -> str | None:
    if code == "symmetry" and board.turns is not None:
        return None  # (the finding then asks for nothing)
    if code == "seats-differ-4-5" and not re.search(r"\badd \d+ dummy seat", message):
        return None  # (no dummy seats to add: nothing the page can do)
    return _HINTS.get(code)


#: The class of the free places in the picture's SVG: the play page hides them, so a
#: player choosing a board sees the board only.
FREE_CLASS = "free-place"
#: The class of the tile numbers in the picture's SVG: the designer's page makes them
#: larger where the picture is small on screen (board.js: fitTileNumbers).
NUMBER_CLASS = "tile-number"


@dataclass
class Picture:
    drawing: Drawing
    targets: dict  # tiles, free places and fields in SVG coordinates (y down)

    def svg(self) -> str:
        """The picture's SVG, its free places classed :data:`FREE_CLASS` (the drawing
        model has no classes; the free places are its only dashed lines) and its tile
        numbers :data:`NUMBER_CLASS` (its only text in :data:`NUMBER_INK`)."""
        from fabgen.export.svg import render_svg

        text = render_svg(self.drawing).decode("utf-8")
        text = re.sub(r"<path (?=[^>]*stroke-dasharray=)", f'<path class="{FREE_CLASS}" ', text)
        return re.sub(f'<text (?=[^>]*fill="{NUMBER_INK}")', f'<text class="{NUMBER_CLASS}" ', text)


def board_picture(board: Board) -> Picture:
    """The board on its tile lattice: tiles, free places around it (dashed, to add a
    tile), fields with the seats' stones, tile numbers. Everything on the print layer."""
    place = BoardPlacement(board, PICTURE_WIDTH)
    steps = [rotate60(board.lattice.a, k) for k in range(6)]
    taken = {t.coord for t in board.tiles if t.coord is not None}
    near = {(c[0] + d[0], c[1] + d[1]) for c in taken for d in TILE_STEPS}
    free = sorted(near - taken) if taken else [(0, 0)]
    free_loops = {c: _loop(place, cell_corners(board.lattice.centre(c), steps)) for c in free}
    tile_loops = [place.tile_outlines(t) for t in range(len(board.tiles))]
    points = [p for loop in free_loops.values() for p in loop]
    points += [p for loops in tile_loops for loop in loops for p in loop]
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
    frame = Frame(1.0, MARGIN - x0, MARGIN - y0)
    width, height = x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN
    drawing = Drawing(width, height, f"Atlantis board {board.name}: designer")
    shapes: list[Shape] = []
    for loop in free_loops.values():
        shapes.append(Polyline(frame.loop(loop), True, style=FREE_STYLE))
    shapes += _tiles(board, place, frame, tile_loops)
    shapes += _fields(board, place, frame)
    drawing.extend(Operation.PRINT, shapes)

    def svg(p: Point) -> list[float]:  # the SVG writer flips y
        return [round(p[0], 3), round(height - p[1], 3)]

    targets = {
        "tiles": [
            {
                "index": t,
                "coord": list(tile.coord) if tile.coord else None,
                "points": [svg(frame(p)) for p in loops[0]],
                # (the middle of its number's gap between fields: board.js fitTileNumbers)
                "number_at": svg(frame(number_spot(place, t))),
                # (a machine's start tile is single stones on these: board.js placeStart)
                "fields": [field_name(f) for f in tile.fields],
            }
            for t, (tile, loops) in enumerate(zip(board.tiles, tile_loops, strict=True))
        ],
        "free": [
            {"coord": list(c), "points": [svg(frame(p)) for p in loop]}
            for c, loop in free_loops.items()
        ],
        "fields": [
            {
                "name": field_name(f),
                "centre": svg(frame(place.xy(f))),
                "r": 0.45 * place.pitch,
                "words": _stones_words(board, f),
            }
            for f in board.fields
        ],
        "viewbox": [round(width, 3), round(height, 3)],
        "circle_r": round(place.circle_radius, 3),  # (a field as drawn; "r" is its target's)
    }
    return Picture(drawing, targets)


def _stones_words(board: Board, f) -> str:
    """What stands on a field, for screen readers: "6 stones of Red", "" for nothing."""
    words = []
    for k, seat in enumerate(board.seats):
        n = abs(seat.stack_map.get(f, 0))
        if n:
            words.append(f"{n} stone{'s' if n > 1 else ''} of {seat.name or f'seat {k + 1}'}")
    return ", ".join(words)


def _loop(place: BoardPlacement, thirds) -> tuple[Point, ...]:
    return tuple(place.xy((x / 3.0, y / 3.0)) for x, y in thirds)


def _tiles(board: Board, place: BoardPlacement, frame: Frame, tile_loops) -> list[Shape]:
    starts = {t: k for k in range(len(board.seats)) for t in board.start_tiles(k)}
    out: list[Shape] = []
    for t, loops in enumerate(tile_loops):
        style = TILE_STYLE
        if t in starts:
            style = replace(TILE_STYLE, fill=tint(seat_colour(board, starts[t]), 0.6))
        out += [Polyline(frame.loop(loop), True, style=style) for loop in loops]
    h = 0.22 * place.pitch
    for t in range(len(board.tiles)):
        x, y = frame(number_spot(place, t))
        out.append(
            Text((x, y - h / 2), str(t + 1), h, "center", Style(stroke=None, fill=NUMBER_INK))
        )
    return out


def _fields(board: Board, place: BoardPlacement, frame: Frame) -> list[Shape]:
    owner: dict = {}
    for k, seat in enumerate(board.seats):
        for f, n in seat.stacks:
            owner.setdefault(f, []).append((k, n))
    r = place.circle_radius
    h = 0.26 * place.pitch
    symbols = board_seat_symbols([seat.is_machine for seat in board.seats])
    out: list[Shape] = []
    for f in board.fields:
        centre = frame(place.xy(f))
        stacks = owner.get(f, [])
        if not stacks:
            out.append(Circle(centre, r, FIELD_STYLE))
            continue
        k, n = stacks[0]
        colour = seat_colour(board, k)
        clash = len(stacks) > 1 or len(board.field_tiles[f]) > 1
        stroke = "#d40000" if clash else INK
        out.append(
            Circle(centre, r, Style(stroke=stroke, fill=colour, width=0.6 if clash else 0.3))
        )
        label = str(abs(n)) if n != 1 else ""
        if board.seats[k].kind != SeatKind.PLAYER:
            label = f"M{abs(n)}"
        # The seat's symbol, as on the kit's stones and the play page's: seats are told
        # apart without their colours. Alone in the middle, or above the label.
        at = (centre[0], centre[1] + 0.4 * r) if label else centre
        out += symbol_shapes(symbols[k], at, r * (0.36 if label else 0.55), ink_on(colour))
        if label:
            ink = Style(stroke=None, fill=ink_on(colour), bold=True)
            out.append(Text((centre[0], centre[1] - 0.62 * r), label, 0.6 * h, "center", ink))
    for f, tiles in board.field_tiles.items():
        if len(tiles) > 1 and f not in owner:
            out.append(Circle(frame(place.xy(f)), r, Style(stroke="#d40000", width=0.6)))
    return out


# ---- downloads --------------------------------------------------------------------------


def board_file_bytes(board: Board) -> bytes:
    """The board file, as fabgen layout writes it."""
    from fabgen.products.layout import board_files

    return board_files(board).files[f"{board.name}.toml"]


def start_transcript_bytes(board: Board) -> bytes:
    """The start position as a transcript, as fabgen layout writes it."""
    from fabgen.products.layout import board_files

    return board_files(board).files[f"{board.name}-start.json"]


def seat_symbols_asked(body: Mapping) -> bool:
    """Whether a download request asks for the seats' symbols on the setup diagram
    (``"seat_symbols": true``, the page's "Seat symbols on the stones"; default no)."""
    asked = body.get("seat_symbols", False)
    if not isinstance(asked, bool):
        raise ParameterError(
            "seat_symbols",
            f"seat_symbols must be true or false, got {requested(asked)}: true draws "
            "each seat's stones with its symbol, as fabgen layout --seat-symbols does",
        )
    return asked


def setup_diagram_bytes(board: Board, fmt: str = "svg", seat_symbols: bool = False) -> bytes:
    """The setup diagram, refused (as ``fabgen layout`` refuses) for a board with errors;
    ``seat_symbols``: the stones carry their seats' symbols, as ``--seat-symbols`` says."""
    from fabgen.board.validate import validate
    from fabgen.products.layout import LayoutParams, setup_files

    report = validate(board, source=board.name)
    if not report.ok:
        codes = ", ".join(dict.fromkeys(report.codes("error")))
        errors = f"{report.errors} error{'s' if report.errors > 1 else ''}"
        them = "them" if report.errors > 1 else "it"
        refusal = InputFileError(
            board.name,
            f"the board has {errors} ({codes}): fix {them} first; the findings show what and where",
        )
        # (the page's words, as Play this board says them: its findings list the errors,
        # not by their codes)
        refusal.page_words = f"the board has {errors} (see the findings); fix {them} first"
        raise refusal
    # The setup diagram as fabgen layout makes it.
    made = setup_files(LayoutParams(board, seat_symbols=seat_symbols), (fmt,))
    return made.files[f"{board.name}-setup.{fmt}"]


__all__ = [
    "board_file_bytes",
    "board_from_state",
    "board_picture",
    "designer_view",
    "finding_words",
    "page_reason",
    "read_upload",
    "refusal_words",
    "seat_colour_choices",
    "seat_symbols_asked",
    "seat_words",
    "setup_diagram_bytes",
    "start_transcript_bytes",
    "state_of",
    "upload_label",
    "view_state",
]
