"""The board file (TOML): reading, every mistake with its key path, writing back."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.board.boardfile import (
    REFUSALS,
    board_to_toml,
    parse_board_toml,
    read_board_toml,
)
from fabgen.board.colours import seat_colour
from fabgen.board.files import load_preset, preset_names, preset_text, read_board
from fabgen.board.model import Board, Seat, SeatKind, TurnDirection
from fabgen.errors import InputFileError, ParameterError
from fabgen.geometry.lattice import Handedness, TileLattice
from fabgen.rules.names import parse_field

GOOD = """
[board]
name = "mine"
handedness = "cw"
origin = "b2"
tiles = [[0, 0], [1, 0], [0, 1]]

[[board.free_tiles]]
fields = ["-c0", "-c1"]

[[players]]
name = "Red"
colour = "red"
start = [0, 0]

[[players]]
name = "Blue"
colour = "#12abef"
stacks = { d1 = 2, F2 = 1 }
"""


def test_a_board_file_with_tiles_free_tiles_starts_and_stacks():
    board = parse_board_toml(GOOD)
    lattice = TileLattice(Handedness.CW, (1, 1))
    assert board.name == "mine" and board.origin == (1, 1)
    assert [t.coord for t in board.tiles] == [(0, 0), (1, 0), (0, 1), None]
    assert board.tiles[3].fields == (parse_field("-c0"), parse_field("-c1"))
    assert board.seats[0] == Seat("Red", "red", tuple((f, 1) for f in lattice.fields((0, 0))))
    blue = board.seats[1].stack_map
    assert blue.pop(parse_field("d1")) == 2
    assert len(blue) == 7 and set(blue.values()) == {1}  # segment F2: f2 and its neighbours


def test_defaults_name_from_the_file_and_the_online_lattice(tmp_path):
    path = tmp_path / "Club board #2.toml"
    path.write_text("[board]\ntiles = [[0, 0]]\n", encoding="utf-8")
    board = read_board_toml(path)
    assert board.name == "Club-board-2"
    assert board.handedness is Handedness.CW and board.origin == (0, 0)
    assert board.seats == () and board.turns is None and board.tile_width_mm is None


BAD = [
    ("[board\n", "", "is not valid TOML"),
    (
        "[boards]\n",
        "boards",
        "unknown key 'boards' (did you mean [board]?): the keys allowed here are board, players",
    ),
    ("[[players]]\nname = 'x'\n", "", "the [board] table is missing"),
    ("board = 3\n", "board", "expected a table like [board], found the number 3"),
    ("[board]\nsize = 3\ntiles=[[0,0]]\n", "board.size", "unknown key 'size'"),
    ("[board]\nhandedness = 'left'\n", "board.handedness", 'expected one of "ccw", "cw"'),
    ("[board]\norigin = 3\n", "board.origin", 'expected a field name like "c3"'),
    (
        "[board]\norigin = 'C3'\n",
        "board.origin",
        "'C3' is not a field name (did you mean \"c3\"?): a field name",
    ),
    ("[board]\ntiles = 3\n", "board.tiles", "expected a list of tile coordinates"),
    ("[board]\ntiles = [[1]]\n", "board.tiles[0]", "expected tile coordinates [i, j]"),
    ("[board]\ntiles = [[0, 0], [1.5, 0]]\n", "board.tiles[1]", "two whole numbers"),
    ("[board]\ntiles = [[true, 0]]\n", "board.tiles[0]", "found a list of 2"),
    ("[board]\ntiles = []\n", "board.tiles", "the board has no tiles: add tiles = [[0, 0]"),
    ("[board]\nfree_tiles = 3\n", "board.free_tiles", "expected [[board.free_tiles]] tables"),
    (
        "[board]\n[[board.free_tiles]]\ncolour = 'red'\n",
        "board.free_tiles[0].colour",
        "unknown key 'colour': the keys allowed here are fields",
    ),
    (
        "[board]\n[[board.free_tiles]]\nfields = []\n",
        "board.free_tiles[0].fields",
        "at least one field name",
    ),
    (
        "[board]\n[[board.free_tiles]]\nfields = ['a1', 'x']\n",
        "board.free_tiles[0].fields[1]",
        "'x' is not a field name",
    ),
    (
        "[board]\ntiles = [[0, 0]]\nturns = 'sideways'\n",
        "board.turns",
        'expected one of "clockwise"',
    ),
    ("[board]\ntiles = [[0, 0]]\ntile_width_mm = -5\n", "board.tile_width_mm", "a number above 0"),
    (
        "[board]\ntiles = [[0, 0]]\ntile_width_mm = '100'\n",
        "board.tile_width_mm",
        'found the string "100"',
    ),
    ("[board]\ntiles = [[0, 0]]\nname = 'my board'\n", "board.name", "letters, digits, - and _"),
    (
        "[board]\ntiles = [[0, 0]]\ndescription = 5\n",
        "board.description",
        "expected a string, found the number 5",
    ),
    ("[board]\ntiles = [[0, 0]]\nplayers = 3\n", "board.players", "unknown key 'players'"),
    ("players = 3\n[board]\ntiles = [[0, 0]]\n", "players", "expected [[players]] tables"),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\ncolor = 'red'\n",
        "players[0].color",
        "the keys allowed here are name, colour, kind, start, stacks",
    ),
    ("[board]\ntiles = [[0, 0]]\n[[players]]\nname = 3\n", "players[0].name", "expected a string"),
    (  # a long value is quoted by its first characters and its length
        f"[board]\ntiles = [[0, 0]]\n[[players]]\nname = '{'n' * 201}'\n",
        "players[0].name",
        "the name 'nnnnnnnnnnnn'... (201 characters) is too long: a name of at most 200",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\ncolour = 'mauve'\n",
        "players[0].colour",
        "unknown colour 'mauve': use #rrggbb or one of red, blue",
    ),
    ("[board]\ntiles = [[0, 0]]\n[[players]]\nstart = [1]\n", "players[0].start", "[i, j]"),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstart = [[0, 0], [1]]\n",
        "players[0].start[1]",
        "expected tile coordinates",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstacks = [1]\n",
        "players[0].stacks",
        "expected a table of stacks like { c3 = 2 }",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstacks = { zz = 1 }\n",
        "players[0].stacks.zz",
        "'zz' is not a stack key",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstacks = { a1 = 1.5 }\n",
        "players[0].stacks.a1",
        "expected a number of stones (a whole number: n stones, -n on a growing field, 0 a "
        "dead field), found the number 1.5",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstacks = { a1 = true }\n",
        "players[0].stacks.a1",
        "found true",
    ),
    (
        '[board]\ntiles = [[0, 0]]\ndescription = "a\\u0007b"\n',
        "board.description",
        "contains the control character U+0007: remove it (line breaks are allowed in notes",
    ),
    (
        '[board]\ntiles = [[0, 0]]\n[[players]]\nname = "Red\\n"\n',
        "players[0].name",
        "contains the control character U+000A",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstart = [0, 0]\nstacks = { b1 = 2 }\n",
        "players[0].stacks.b1",
        "b1 already has stones of this seat (from the start tile or another key)",
    ),
    (
        '[board]\ntiles = [[0, 0]]\n[[players]]\n[[players]]\nkind = "robot"\n',
        "players[1].kind",
        'unknown seat kind \'robot\' (did you mean "machine"?): use one of "player", "machine", '
        '"extreme-machine"',
    ),
    (
        '[board]\ntiles = [[0, 0]]\n[[players]]\nkind = "machine"\nstart = [0, 0]\n',
        "players[0].start",
        "a machine never moves, so a start tile of single stones would never explode or grow: "
        "give the machine stacks instead",
    ),
]


# TOML mistakes of a hand-edited file: the line, and what is probably wrong with it.
BAD += [
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\n" + 'colour = "blue\n',
        "",
        'the line is "colour = \\"blue"; a string is not closed',
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\ncolour = 'red',\n",
        "",
        "remove the comma at its end: TOML takes one key = value a line",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nstacks = { a1 = 2, }\n",
        "",
        "TOML allows no comma before the } of an inline table",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[players]\nname = 'a'\n[[players]]\nname = 'b'\n",
        "",
        "write [players] as [[players]]",
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\ncolour = 'red'\ncolour = 'blue'\n",
        "",
        "a key is given twice in one table",
    ),
    (  # a list not closed: the reader stops at the next table, the mistake is above it
        "[board]\nname = 'x'\ntiles = [[0, 0], [1, 0]\n[[players]]\nstart = [0, 0]\n",
        "",
        'the list begun on line 3, "tiles = [[0, 0], [1, 0]", is not closed: end it with ]',
    ),
    (
        "[board]\ntiles = [\n  [0, 0], [1, 0],  # a comment ]\n  [0, 1],\n\n[[players]]\n",
        "",
        'the list begun on line 2, "tiles = [", is not closed',
    ),
    (
        "[board]\ntiles = [[0, 0]]\n[[players]]\nname = 'a ['\nstart = [0, 0\n[[players]]\n",
        "",
        'the list begun on line 5, "start = [0, 0", is not closed',
    ),
    ("[board]\rtiles = [[0, 0]]\r", "", "its lines end in a bare carriage return"),
    ("[board]\ntiles = [[0, 0]]\nnotes = 'a\x07'\n", "", "an invisible control character"),
]

# A maker's typos, and what the message offers instead.
ONE = "[board]\ntiles = [[0, 0]]\n"
SEAT = ONE + "[[players]]\n"
BAD += [
    (
        ONE + "[[player]]\nname = 'x'\n",
        "player",
        "unknown key 'player' (did you mean [[players]]?)",
    ),
    (SEAT + "color = 'red'\n", "players[0].color", "unknown key 'color' (did you mean colour?)"),
    (SEAT + "starts = [0, 0]\n", "players[0].starts", "(did you mean start?)"),
    (ONE.replace("tiles", "tile"), "board.tile", "unknown key 'tile' (did you mean tiles?)"),
    (
        SEAT + "name = 'x'\ntile_width_mm = 80\n",
        "players[0].tile_width_mm",
        "tile_width_mm belongs to [board], and every key after a [[players]] line belongs to "
        "that seat; move it up, above the first [[players]]",
    ),
    (
        ONE + "colour = 'red'\n",
        "board.colour",
        "unknown key 'colour' in [board]: colour belongs to a seat's [[players]] table",
    ),
    (
        ONE + "handedness = 'clockwise'\n",
        "board.handedness",
        "handedness is the tiles' lattice (cw, the online version's, or ccw); which way play "
        'goes round the board is turns = "clockwise"',
    ),
    (ONE + "handedness = 'CW'\n", "board.handedness", 'found the string "CW" (did you mean "cw"?)'),
    (ONE + "turns = 'ccw'\n", "board.turns", '(did you mean "counter-clockwise"?)'),
    (ONE + "turns = 'clockwize'\n", "board.turns", '(did you mean "clockwise"?)'),
    (SEAT + "kind = 'Machine'\n", "players[0].kind", "'Machine' (did you mean \"machine\"?)"),
    (SEAT + "kind = 'machines'\n", "players[0].kind", '(did you mean "machine"?)'),
    (SEAT + "kind = 'extreme'\n", "players[0].kind", '(did you mean "extreme-machine"?)'),
    (SEAT + "kind = 'human'\n", "players[0].kind", '(did you mean "player"?)'),
    (SEAT + "colour = 'purpel'\n", "players[0].colour", "'purpel' (did you mean \"purple\"?)"),
    (SEAT + "colour = 'rgb(255, 0, 0)'\n", "players[0].colour", '(did you mean "#ff0000"?)'),
    (SEAT + "colour = 'd62728'\n", "players[0].colour", '(did you mean "#d62728"?)'),
    (SEAT + "colour = '#ff00zz'\n", "players[0].colour", "has 6 hex digits, 0-9 and a-f"),
    (
        SEAT + "start = 'c3'\n",
        "players[0].start",
        'found the string "c3": a start is a tile, given by its coordinates (c3 is on tile '
        "[0, 1], start = [0, 1]); for stones on c3 alone write stacks = { c3 = 1 }",
    ),
    (
        SEAT + "start = ['a1']\n",
        "players[0].start",
        "a start is a tile, given by its coordinates; the tile centred on a1 is start = [0, 0]",
    ),
    (SEAT + "start = '1,2'\n", "players[0].start", "write [1, 2], a list of two numbers"),
    ('[board]\ntiles = ["0, -1"]\n', "board.tiles[0]", "write [0, -1], a list of two numbers"),
    (SEAT + "start = [1, 2, 3]\n", "players[0].start", "found [1, 2, 3]"),
    (ONE + "name = 'my board'\n", "board.name", 'found the string "my board": write "my-board"'),
    (ONE + f"name = '{'x' * 65}'\n", "board.name", "(65 characters): shorten it"),
]


BAD += [
    # an empty [[board.free_tiles]] said "found NoneType"; a date "found date"
    (
        "[board]\ntiles = [[0, 0]]\n[[board.free_tiles]]\n",
        "board.free_tiles[0].fields",
        'expected the tile\'s fields by name, like fields = ["c3", "d3", "d4"], found a '
        "[[board.free_tiles]] table without fields: add them, or delete the empty",
    ),
    (ONE + "description = 1979-05-27\n", "board.description", "found a date (1979-05-27)"),
    (ONE + "origin = 12:30:00\n", "board.origin", "found a time of day (12:30:00)"),
    # the key is only for printing the board: a width layout refuses is refused here
    (
        ONE + "tile_width_mm = 1000\n",
        "board.tile_width_mm",
        "1000 mm is outside 20 to 400 mm (the tile widths fabgen prints a board for)",
    ),
]


@pytest.mark.parametrize(("text", "where", "message"), BAD, ids=[b[1] or b[2][:20] for b in BAD])
def test_every_mistake_names_its_key_path(text, where, message):
    with pytest.raises(InputFileError) as caught:
        parse_board_toml(text, "mine.toml")
    err = caught.value
    assert (err.where or "") == where
    assert message in err.detail
    assert str(err).startswith(f"mine.toml at {where}: " if where else "mine.toml: ")


# A board file for each refusal that front ends say in words of their own (the board
# designer: what to do in its page), known by its code, and the facts they need.
CODED = [
    (SEAT + 'kind = "machine"\nstart = [0, 0]\n', "machine-start-tile", {}),
    (ONE + "origin = ' '\n", "empty-value", {"expected": 'the field in the middle of tile (0, '
     '0), like "b2"'}),
    (SEAT + "start = [0, 0]\nstacks = { B1 = 2 }\n", "field-given-twice", {"field": "b1"}),
    (ONE + "name = 'my board'\n", "name-not-a-file-name",
     {"file_note": "the description can say more"}),
    (ONE + "name = 5\n", "name-not-a-file-name", {}),
    (SEAT + 'name = "Red\\t"\n', "control-character",
     {"file_note": "line breaks are allowed in notes only"}),
    (ONE + 'notes = "a\\u0007"\n', "control-character", {}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code", "facts"), CODED, ids=[f"{c[1]}-{k}" for k, c in
                         enumerate(CODED)])  # fmt: skip
def test_a_refusal_front_ends_word_anew_carries_its_code_and_facts(text, code, facts):
    with pytest.raises(InputFileError) as caught:
        parse_board_toml(text, "mine.toml")
    assert (caught.value.code, dict(caught.value.facts)) == (code, facts)
    for value in facts.values():  # (the message says them: the facts are its own)
        assert value in caught.value.detail


def test_every_refusal_code_is_one_the_reader_raises():
    # (a code renamed where it is raised but not in REFUSALS stops the reader instead)
    assert {code for _, code, _ in CODED} == set(REFUSALS)
    assert all(code == code.lower() and " " not in code for code in REFUSALS)  # as CODES


EMPTY = {  # key: (its line in GOOD, where, what leaving it out gives)
    "handedness": ('handedness = "cw"\n', "board.handedness", "leave the key out for cw"),
    "origin": ('origin = "b2"\n', "board.origin", "leave the key out for a1"),
    "name": ('name = "mine"\n', "board.name", 'leave the key out for "mine", from the file'),
    "tile_width_mm": ("", "board.tile_width_mm", "else 100 mm"),
    "turns": ("", "board.turns", "leave the key out for a board that does not say"),
    "colour": ('colour = "#12abef"\n', "players[1].colour", "the colour of seat 2's place, blue"),
    "kind": ("", "players[1].kind", "leave the key out for a person's seat (player)"),
}


@pytest.mark.parametrize("key", EMPTY)
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_value_says_what_the_key_expects_and_what_leaving_it_out_gives(key, empty):
    """As a kit file's empty values do; tile_width_mm = "" was only "found the string"."""
    line, where, left_out = EMPTY[key]
    table = "[[players]]" if where.startswith("players") else "[board]"
    head, _, last = GOOD.rpartition(table)
    text = head + table + f"\n{key} = {empty!r}" + (last.replace(line, "") if line else last)
    with pytest.raises(InputFileError) as caught:
        parse_board_toml(text, "mine.toml", default_name="mine")
    assert caught.value.where == where
    assert caught.value.detail.startswith("is empty (or only spaces); expected: ")
    assert left_out in caught.value.detail


def test_keys_left_out_give_what_the_empty_values_messages_say():
    text = GOOD
    for key in ("handedness", "origin", "name", "colour"):
        text = text.replace(EMPTY[key][0], "")
    board = parse_board_toml(text, "mine.toml", default_name="mine")
    assert (board.handedness, board.origin, board.name) == (Handedness.CW, (0, 0), "mine")
    assert board.tile_width_mm is None and board.turns is None
    assert board.seats[1].colour is None and board.seats[1].kind is SeatKind.PLAYER
    assert seat_colour(board.seats[1].colour, 1) == "blue"


def test_unreadable_files(tmp_path):
    with pytest.raises(InputFileError, match="no such file: check the name"):
        read_board(tmp_path / "missing.toml")
    with pytest.raises(InputFileError, match="is a folder, not a board file"):
        read_board(tmp_path)
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b"[board]\nname = '\xe9'\n")
    with pytest.raises(InputFileError, match=r"is not UTF-8 text \(byte 16\): save it as UTF-8"):
        read_board(bad)


def test_unknown_preset():
    with pytest.raises(
        ParameterError, match="unknown preset 'hexagon': choose one of 1p-triangle-5-machine"
    ):
        load_preset("hexagon")


# --- writing back ---------------------------------------------------------------------

fields = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
texts = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=40
).filter(str.isprintable)


@st.composite
def boards(draw):
    hand = draw(st.sampled_from(list(Handedness)))
    origin = draw(st.sampled_from([(0, 0), (1, 1), (-1, 0)]))
    coords = draw(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), max_size=6))
    free = draw(st.lists(st.lists(fields, min_size=1, max_size=5), max_size=3))
    lattice = TileLattice(hand, origin)
    seats = []
    for _ in range(draw(st.integers(0, 3))):
        # (-n: n stones on a growing field, 0: a dead field, as transcripts write them)
        stacks = draw(st.dictionaries(fields, st.integers(-9, 9), max_size=5))
        starts = draw(st.lists(st.sampled_from(coords), max_size=1)) if coords else []
        for c in starts:
            stacks = {
                **{f: 1 for f in lattice.fields(c)},
                **{f: v for f, v in stacks.items() if f not in lattice.fields(c)},
            }
        name = draw(st.none() | texts)
        colour = draw(st.sampled_from([None, "red", "#a1b2c3", "Blue"]))
        kind = draw(st.sampled_from(list(SeatKind)))
        seats.append(Seat(name, colour, tuple(stacks.items()), kind))
    if not coords and not free:
        coords = [(0, 0)]
    return Board.from_tiles(
        coords,
        free,
        seats,
        handedness=hand,
        origin=origin,
        name=draw(st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,10}", fullmatch=True)),
        description=draw(texts),
        tile_width_mm=draw(st.none() | st.floats(20, 300)),
        turns=draw(st.none() | st.sampled_from(list(TurnDirection))),
        notes=draw(texts | st.just('line one\nline "two"\n')),
    )


def _same(a: Board, b: Board) -> None:
    assert a.tiles == b.tiles
    assert [(s.name, s.colour, s.stack_map, s.kind) for s in a.seats] == [
        (s.name, s.colour, s.stack_map, s.kind) for s in b.seats
    ]
    for key in ("name", "description", "handedness", "origin", "turns", "notes"):
        assert getattr(a, key) == getattr(b, key), key
    if a.tile_width_mm is None:
        assert b.tile_width_mm is None
    else:
        assert b.tile_width_mm == pytest.approx(a.tile_width_mm, rel=1e-5)


@given(boards())
def test_written_board_files_read_back_the_same(board):
    _same(parse_board_toml(board_to_toml(board)), board)


@pytest.mark.parametrize("name", preset_names())
def test_presets_read_back_the_same_after_writing(name):
    board = load_preset(name)
    again = parse_board_toml(board_to_toml(board))
    assert again == board
    assert "notes" in preset_text(name) and board.notes


def test_the_board_file_example_of_the_site_is_a_valid_board():
    from pathlib import Path

    from fabgen.board.validate import validate

    page = (Path(__file__).parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    start = page.index('```toml\n[board]\nname = "club-board"') + len("```toml\n")
    board = parse_board_toml(page[start : page.index("```", start)], "docs/formats.md")
    assert len(board.seats) == 3 and len(board.tiles) == 7
    report = validate(board)
    assert report.ok and "seat-rotation" in report.codes()
    assert "turn-direction" not in report.codes()


MACHINES = """
[board]
tiles = [[0, 0], [1, 0], [0, 1]]

[[players]]
name = "Red"
start = [0, 0]

[[players]]
name = "Machine"
kind = "machine"
stacks = { e4 = 3, d4 = 3 }

[[players]]
name = "Clever"
kind = "extreme-machine"
start = [1, 0]
"""


def test_seat_kinds_machines_with_several_stacks_and_their_transcript():
    from fabgen.board.transcript_io import board_to_transcript, board_transcript_text
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.transcript.format import SEAT_COLOURS

    board = parse_board_toml(MACHINES)
    assert [s.kind for s in board.seats] == [
        SeatKind.PLAYER,
        SeatKind.MACHINE,
        SeatKind.EXTREME_MACHINE,
    ]
    assert [s.is_machine for s in board.seats] == [False, True, True]
    assert board.seats[1].stack_map == {parse_field("e4"): 3, parse_field("d4"): 3}
    assert (board.people, board.machines, board.seat_counts()) == (1, 2, "1+2m")
    text = board_to_toml(board)
    assert 'kind = "machine"\nstacks = { e4 = 3, d4 = 3 }' in text
    assert 'kind = "extreme-machine"\nstart = [1, 0]' in text
    assert "kind" not in text.split("[[players]]")[1]  # a person's kind is the default
    assert parse_board_toml(text) == board
    transcript = board_to_transcript(board)
    assert [p.kind for p in transcript.players] == [None, "machine", "extreme-machine"]
    position = parse_transcript(board_transcript_text(board)).position
    assert [p.kind for p in position.players] == ["player", "machine", "extreme-machine"]
    # Seats without a colour are written with the one they are drawn in.
    assert [p.color for p in position.players] == [
        s.colour or c for s, c in zip(board.seats, SEAT_COLOURS, strict=False)
    ]
    coloured = [
        replace(s, colour=p.color) for s, p in zip(board.seats, position.players, strict=True)
    ]
    assert replace(board, seats=tuple(coloured)).position() == position


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (MACHINES.replace('kind = "machine"', 'kind = "dummy"'), "players[1].kind"),
        (MACHINES.replace("stacks = { e4 = 3, d4 = 3 }", "start = [0, 1]"), "players[1].start"),
    ],
)
def test_bad_seat_kinds_stop_the_commands_with_exit_2(cli, tmp_path, text, where):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    for command in (("validate", path), ("layout", path, "--out", tmp_path / "out")):
        result = cli(*command)
        assert result.exit_code == 2, result.output
        assert f"{path} at {where}: " in " ".join(result.output.split())
        assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_game_under_way_laid_out_gives_a_board_file_that_reads_back(cli, tmp_path):
    # layout and build wrote `stacks = { -i0 = -2, ... }` for a transcript from the middle
    # of a game, and the board file reader refused it ("a whole number of at least 1").
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name

    board = load_preset("2p-diamond-4")
    red, blue = board.seats[0], board.seats[1]
    (live, _), (dead, _) = red.stacks[0], red.stacks[1]
    red = replace(red, stacks=((live, -2), (dead, 0), *red.stacks[2:]))
    game = replace(board, seats=(red, blue))
    (tmp_path / "game.json").write_text(board_transcript_text(game), encoding="utf-8")
    result = cli("layout", tmp_path / "game.json", "--paper", "a4", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    written = read_board(tmp_path / "out" / "game.toml")
    assert dict(written.seats[0].stacks)[live] == -2 and dict(written.seats[0].stacks)[dead] == 0
    assert f"{field_name(live)} = -2" in (tmp_path / "out" / "game.toml").read_text()
    assert cli("validate", tmp_path / "out" / "game.toml").exit_code == 0
