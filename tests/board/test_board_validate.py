"""The validator: presets, broken hand-made boards, supply against a kit, every code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.board.boardfile import board_to_toml, parse_board_toml
from fabgen.board.bom import bill_of_materials, bom_text
from fabgen.board.colours import delta_e
from fabgen.board.files import load_preset, preset_names, read_board
from fabgen.board.validate import CODES, KitCounts, Severity, validate
from fabgen.geometry.lattice import Handedness, hex_distance, neighbours
from fabgen.play.starts import with_starts
from fabgen.rules.names import field_name, parse_field
from tests.board.test_board_file import boards

BROKEN = Path(__file__).parent / "broken"
DATA = Path(__file__).parent / "data"
SEEN: set[str] = set()  # codes produced by the tests in this module


def run(board, kit=None):
    report = validate(board, kit)
    SEEN.update(report.codes())
    return report


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_validates_without_errors(name):
    report = run(load_preset(name))
    assert report.ok, report.text()
    assert report.codes()[-2:] == ["stones-supply", "markers-supply"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("6p-hexagon-19", "60° counter-clockwise"),
        ("6p-hexagon-37", "60° counter-clockwise"),
        ("6p-star-19", "60° counter-clockwise"),
        ("3p-triangle-4", "120° clockwise"),
        ("3p-triangle-5", "120° clockwise"),
        ("2p-diamond-4", "180°"),
        ("2p-diamond-5", "180°"),
    ],
)
def test_symmetric_presets_report_the_rotation_from_seat_to_seat(name, words):
    report = run(load_preset(name))
    (finding,) = [f for f in report.findings if f.code == "seat-rotation"]
    assert finding.severity is Severity.INFO
    assert (
        f"the {words} rotation about the board's centre maps each seat's start" in finding.message
    )
    assert not report.codes("warning")


@pytest.mark.parametrize("name", ["4p-diamond-5", "4p-butterfly"])
def test_four_player_boards_warn_and_explain(name):
    report = run(load_preset(name))
    (finding,) = [f for f in report.findings if f.code == "seats-differ-4-5"]
    assert finding.severity is Severity.WARNING
    assert "4 seats cannot all start alike on a hexagonal board" in finding.message
    assert "the 180° rotation maps seat 1 onto seat 3 and seat 2 onto seat 4" in finding.message
    assert "seat-rotation" not in report.codes()


@pytest.mark.parametrize(
    ("name", "extra"), [("4p-diamond-5", "b2"), ("5p-hexagon-18-stacks", None)]
)
def test_four_or_five_seats_starting_with_other_numbers_of_stones_are_told(name, extra):
    """(A club's board gave its first seat a second start tile, 14 stones against 7, or
    a stack of 5 against four of 6: the warning said only that 4 seats cannot all start
    alike, as on any 4-seat board, and nothing that 3 seats would be told.)"""
    from dataclasses import replace

    board = load_preset(name)
    first = board.seats[0]
    if extra is None:  # one stone fewer in the first seat's stack
        ((field, n),) = first.stacks
        changed = replace(first, stacks=((field, n - 1),))
    else:  # a stone more, on a field of no other seat
        changed = replace(first, stacks=(*first.stacks, (parse_field(extra), 1)))
    board = replace(board, seats=(changed, *board.seats[1:]))
    (finding,) = [f for f in run(board).findings if f.code == "seats-differ-4-5"]
    counts = {sum(s.stack_map.values()) for s in board.seats}
    mine, theirs = sum(changed.stack_map.values()), sum(board.seats[1].stack_map.values())
    assert len(counts) == 2
    assert (
        f"seat 1 ({first.name}) starts with {mine} stones, every other seat with {theirs}: "
        "give every seat as many" in finding.message
    )
    (same,) = [f for f in run(load_preset(name)).findings if f.code == "seats-differ-4-5"]
    assert "starts with" not in same.message


def test_a_person_starting_with_one_stone_is_said_so_in_the_singular():
    # ("seat 1 (Red) starts with 1 stones")
    from dataclasses import replace

    board = load_preset("5p-hexagon-18-stacks")
    first = board.seats[0]
    changed = replace(first, stacks=((first.stacks[0][0], 1),))
    board = replace(board, seats=(changed, *board.seats[1:]))
    (finding,) = [f for f in run(board).findings if f.code == "seats-differ-4-5"]
    assert f"seat 1 ({first.name}) starts with 1 stone, every other seat with 6" in finding.message


def test_the_butterfly_seats_are_unequally_far_apart():
    report = run(load_preset("4p-butterfly"))
    (finding,) = [f for f in report.findings if f.code == "seat-distances"]
    # seats 1 and 4 share a wing, as do 2 and 3 (play goes counter-clockwise)
    assert "seats 1–2: 13.7, 2–3: 7.9, 3–4: 13.7, 4–1: 7.9" in finding.message
    assert finding.where.player == 2  # the first of the nearest pairs


FIVE_ARM_STAR = """
[board]
name = "star-5"
origin = "b2"
tiles = [[0, 0], [1, 0], [2, 0], [0, 1], [0, 2], [-1, 1], [-2, 2], [-1, 0], [-2, 0],
         [0, -1], [0, -2]]
[[players]]
start = [2, 0]
[[players]]
start = [0, 2]
[[players]]
start = [-2, 2]
[[players]]
start = [-2, 0]
[[players]]
start = [0, -2]
"""


def _said_pairs(words: str) -> set[str]:
    """``seats 1 and 2 meet first, as do 3 and 4`` -> {"1–2", "3–4"}."""
    for said, plain in [("seats ", ""), (" meet first", ""), (", as do ", ", "), (", and ", ", ")]:
        words = words.replace(said, plain)
    return {pair.replace(" and ", "–") for pair in words.split(", ")}


@pytest.mark.parametrize(
    "board",
    [load_preset("4p-butterfly"), load_preset("5p-hexagon-18"),
     parse_board_toml(FIVE_ARM_STAR, "star-5.toml")],
    ids=["4p-butterfly", "5p-hexagon-18", "five-arm-star"],
)  # fmt: skip
def test_seat_distances_name_every_pair_that_meets_first(board):
    # The pairs at one distance are all named, whichever a rounding error makes nearer:
    # read the distances from the message and compare with the pairs it names.
    (finding,) = [f for f in run(board).findings if f.code == "seat-distances"]
    listed = finding.message.split("(in field steps, seats ")[1].split("): ")[0]
    steps = dict(item.split(": ") for item in listed.split(", "))
    first = finding.message.split("): ")[1].split("; move ")[0]
    nearest = min(steps.values(), key=float)
    assert _said_pairs(first) == {pair for pair, d in steps.items() if d == nearest}
    first_pair = min(_said_pairs(first), key=list(steps).index)
    assert finding.where.player == int(first_pair.split("–")[0])


def test_a_stack_start_seat_stands_at_its_stack():
    # The stack-start preset's four stacks are equally far apart, though not on the
    # middles of their tiles; one stack moved a field over makes them unequal, though
    # its tile is the same.
    board = load_preset("4p-diamond-5-stacks")
    assert "seat-distances" not in run(board).codes()
    fields = [seat.stacks[0][0] for seat in board.seats]
    tile = board.tile_index(fields[0])
    moved = next(
        f for f in neighbours(fields[0]) if f in board.fields and board.tile_index(f) == tile
    )
    report = run(with_starts(board, [moved, *fields[1:]]))
    (finding,) = [f for f in report.findings if f.code == "seat-distances"]
    assert "move start tiles or stacks" in finding.message


def test_five_players_and_the_ring_of_20_warn():
    five = run(load_preset("5p-hexagon-18"))
    assert five.codes("warning") == ["seats-differ-4-5", "seat-distances"]
    (differ,) = [f for f in five.findings if f.code == "seats-differ-4-5"]
    assert "5 seats cannot all start alike" in differ.message
    ring = run(load_preset("6p-ring-20"))
    assert ring.codes("warning") == ["no-seat-rotation"]
    (rotation,) = [f for f in ring.findings if f.code == "no-seat-rotation"]
    assert "has no 60° rotation symmetry" in rotation.message


# Each broken board, the codes of its errors and warnings, and a piece of the first
# such finding's message (what to change) and where it points.
BROKEN_BOARDS = {
    "overlapping-tiles.toml": (
        ["field-in-two-tiles", "field-in-two-tiles", "field-in-two-tiles", "tile-off-lattice"],
        "tiles 5 and 10 overlap on b1, b2, c2, c3: a field can be on one tile only; move or "
        "remove one of them",
        {"tile": 10, "field": "b1"},
    ),
    "overlapping-segments.json": (
        ["field-in-two-tiles", "tile-off-lattice", "field-shared", "tile-count"],
        "tiles 1 and 2 overlap on b1, b2, c2, c3",
        {"tile": 2, "field": "b1"},
    ),
    "disconnected.toml": (
        ["board-disconnected"],
        "the board falls apart into 2 pieces: tile 10 [3, -1] does not touch the main part "
        "(tiles 1–9); move it so that one of its fields is next to a field of the rest",
        {"tile": 10},
    ),
    "shared-field.toml": (
        ["field-shared"],
        "-c2 has stones of seat 1 (Red) and seat 2 (Blue): a field holds the stones of one "
        "seat only, once; keep one",
        {"field": "-c2", "player": 2},
    ),
    "missing-stones.toml": (
        ["player-without-stones"],
        "seat 3 (Green) has no stones on the board: give it a start tile (start = [i, j]) or "
        "stacks",
        {"player": 3},
    ),
    "exploding-start.toml": (
        ["no-seat-rotation"],
        "keeping seat 1 where it is, put seat 2 on g2 (3 stones)",
        {},
    ),
    "huge-stack.toml": (
        ["stack-too-high"],
        "seat 1 (Red) has 1,000,000,000,000,000,000 stones on b2: a board may put at most 100 "
        "on a field",
        {"field": "b2", "player": 1},
    ),
    "same-colour.toml": (
        ["colour-shared"],
        "seat 1 (Red) and seat 2 (Blue) have colour red: their stones would look alike at the "
        "table, and the kit would make both sets in that colour; give seat 2 (Blue) a colour "
        "of its own",
        {"player": 2},
    ),
    "start-twice.toml": (
        ["field-shared"],
        "seat 1 (Red) is given tile 1 [-1, -1] twice as a start: its 7 fields would each "
        "hold two stacks; list each start tile once",
        {"tile": 1, "field": "-d1", "player": 1},
    ),
    "high-stack.toml": (
        ["start-stack-high", "start-stack-high"],
        "seat 1 (Red) starts with 7 stones on -d1: stacks in the rules never exceed 6",
        {"field": "-d1", "player": 1},
    ),
    "seven-seats.toml": (
        ["player-count"],
        "the board has 7 seats: a game has at most 6 seats, people and machines together",
        {},
    ),
    "only-machines.toml": (
        ["player-count"],
        "every one of the 2 seats is a machine: at least one seat must be played by a person",
        {},
    ),
    "solo-uneven.toml": (
        ["machines-asymmetric"],
        "the machines' stacks are not equally far from seat 1 (Red)'s start (field steps: "
        "a-2: 6, c6: 5): the one on c6 reaches it first",
        {"field": "c6", "player": 1},
    ),
    "lonely-machine.toml": (
        ["machines-asymmetric", "seat-distances"],
        "the 180° rotation that carries each person's start onto the next does not carry the "
        "machines onto machines: d6 (3 stones) has no twin",
        {"field": "d6"},
    ),
    "asymmetric-starts.toml": (
        ["no-seat-rotation"],
        "the board allows it with the 180° rotation: keeping seat 1 where it is, put seat 2 "
        "on tile 9",
        {},
    ),
    "one-player.toml": (
        ["player-count"],
        "the board has 1 seat: Atlantis is played by 2 to 6 seats; add [[players]] tables "
        '(to play solo, add a machine seat: kind = "machine"',
        {},
    ),
    "off-board-start.toml": (
        ["stack-off-board"],
        "seat 2 (Blue)'s start tile [3, 3] is not on the board (its fields q5, r5, r6 and 4 "
        "more are on none of the board's tiles)",
        {"field": "q5", "player": 2},
    ),
    "free-form.toml": (
        ["tile-not-7-fields", "tile-shape", "tile-off-lattice", "no-seat-rotation"],
        "tile 10 has 5 fields, not 7: fine on screen, but a physical tile of this shape must "
        "be made by hand",
        {"tile": 10, "field": "a-3"},
    ),
    "middle-start.toml": (
        ["no-seat-rotation", "start-in-middle"],
        "the board allows it with the 180° rotation: keeping seat 2 where it is, put seat 1 "
        "on tile 1",
        {},
    ),
    "tiny.toml": (
        ["tile-count", "no-seat-rotation", "start-in-middle", "start-in-middle"],
        "the board has 3 tiles; the 1995 rules use 9 to 43: add tiles for a longer game",
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN_BOARDS))
def test_broken_boards_give_their_codes(name):
    codes, message, where = BROKEN_BOARDS[name]
    report = run(read_board(BROKEN / name))
    problems = [f for f in report.findings if f.severity is not Severity.INFO]
    assert [f.code for f in problems] == codes
    assert message in problems[0].message
    assert problems[0].where.to_json() == where
    errors = any(CODES[c][0] == (Severity.ERROR,) for c in codes)
    assert report.ok is not errors


def test_the_messages_of_the_other_findings():
    free = run(read_board(BROKEN / "free-form.toml"))
    shape, off = (f.message for f in free.findings[1:3])
    assert "tile 11 has 7 fields but is not one field with its six neighbours" in shape
    assert "tile 12 (centred on j4) is not on the board's tile lattice (cw, origin b2)" in off
    middle = run(read_board(BROKEN / "middle-start.toml"))
    (start,) = [f for f in middle.findings if f.code == "start-in-middle"]
    assert start.message.startswith("seat 1 (Red) starts away from the board's edge")
    assert start.where.to_json() == {"field": "b2", "player": 1}
    overlap = run(read_board(BROKEN / "overlapping-tiles.toml"))
    (sym,) = [f for f in overlap.findings if f.code == "symmetry"]
    assert "field shape has 2-fold rotation symmetry (180°)" in sym.message
    assert "but its tiling has none" in sym.message
    shared = run(read_board(BROKEN / "overlapping-segments.json"))
    assert "a1 has stones of seat 1 (Red) and seat 2 (Blue)" in shared.findings[2].message


def test_colours_written_differently_are_the_same_colour():
    text = (BROKEN / "same-colour.toml").read_text()
    board = parse_board_toml(
        text.replace('colour = "red"\nstart = [1, 1]', 'colour = "#D62728"\nstart = [1, 1]')
    )
    (finding,) = [f for f in run(board).findings if f.code == "colour-shared"]
    assert "colours red and #D62728, which are the same (#d62728)" in finding.message
    board = parse_board_toml(
        text.replace('colour = "red"\nstart = [1, 1]', 'colour = "blue"\nstart = [1, 1]')
    )
    assert "colour-shared" not in run(board).codes()
    assert (
        "colour-shared" not in run(parse_board_toml(text.replace('colour = "red"\n', ""))).codes()
    )


def test_a_board_of_one_tile_is_said_to_have_one_tile():
    """The designer's new board (one tile) was said to have "1 tiles"."""
    text = (BROKEN / "tiny.toml").read_text().replace("[[0, 0], [1, 0], [0, 1]]", "[[0, 0]]")
    text = text.replace("d1 = 1", "a2 = 1")
    (finding,) = [f for f in run(parse_board_toml(text)).findings if f.code == "tile-count"]
    assert finding.message.startswith("the board has 1 tile; the 1995 rules use 9 to 43")


def without_first_colour(second: str):
    """same-colour.toml with seat 1 given no colour (made and drawn red, its place's)
    and seat 2 given ``second``."""
    text = (BROKEN / "same-colour.toml").read_text().replace('colour = "red"\n', "", 1)
    return parse_board_toml(text.replace('colour = "red"', f"colour = {second!r}", 1))


@pytest.mark.parametrize("second", ["red", "Red", "#d62728"])
def test_a_colour_given_that_another_seat_gets_by_its_place_is_shared(second):
    """Seat 1 without a colour is drawn and made red: seat 2 given red shares it."""
    (finding,) = [f for f in run(without_first_colour(second)).findings if "colour" in f.code]
    assert finding.code == "colour-shared" and finding.where.to_json() == {"player": 2}
    assert finding.message.startswith(
        "seat 1 (Red) has no colour of its own, so it is made and drawn red (seat 1's colour "
        f"when none is given), and seat 2 (Blue) has colour {second}"
    )
    assert ("which is the same (#d62728)" in finding.message) == (second == "#d62728")
    assert finding.message.endswith("give seat 2 (Blue) a colour of its own")


def test_a_seat_without_a_colour_shares_the_colour_given_to_an_earlier_seat():
    text = (BROKEN / "same-colour.toml").read_text()
    text = text.replace('colour = "red"', 'colour = "blue"', 1).replace('colour = "red"\n', "")
    (finding,) = [f for f in run(parse_board_toml(text)).findings if "colour" in f.code]
    assert finding.code == "colour-shared"
    assert (
        "seat 1 (Red) has colour blue, and seat 2 (Blue) has no colour of its own, so it is "
        "made and drawn blue (seat 2's colour when none is given)" in finding.message
    )


def test_a_colour_near_the_one_a_seat_gets_by_its_place_looks_alike():
    (finding,) = [f for f in run(without_first_colour("#ff0000")).findings if "colour" in f.code]
    assert finding.code == "colours-alike"
    assert (
        "have colours red (seat 1's colour when none is given) and #ff0000, which look alike "
        "(a CIEDE2000 difference of 9.3;" in finding.message
    )
    assert "colours-alike" not in run(without_first_colour("blue")).codes()


def test_seats_without_colours_are_noted_for_colour_blind_players_in_their_places_colours():
    """Three seats without colours are made red, blue and green, as a board that gives
    them those colours is."""
    text = (BROKEN / "same-colour.toml").read_text().replace('colour = "red"\n', "")
    text += '\n[[players]]\nname = "Green"\nstart = [1, -1]\n'
    (finding,) = [f for f in run(parse_board_toml(text)).findings if "colour" in f.code]
    assert finding.code == "colours-colour-blind"
    assert "may not tell red from green (seat 1 (Red) and seat 3 (Green))" in finding.message


def with_colours(first: str, second: str):
    """The two-seat board of same-colour.toml with these colours."""
    text = (BROKEN / "same-colour.toml").read_text()
    text = text.replace('colour = "red"', f"colour = {first!r}", 1)
    return parse_board_toml(text.replace('colour = "red"', f"colour = {second!r}", 1))


@pytest.mark.parametrize(
    ("first", "second", "difference"),
    [
        ("yellow", "#ffff66", "15.9"),
        ("#ff0000", "#ff1010", "1.3"),
        ("red", "#ff0000", "9.3"),
        ("red", "brown", "16.2"),  # brown is a dull dark red
    ],
)
def test_colours_that_only_look_alike_are_reported(first, second, difference):
    report = run(with_colours(first, second))
    assert "colour-shared" not in report.codes()
    (finding,) = [f for f in report.findings if f.code == "colours-alike"]
    assert finding.severity is Severity.WARNING
    assert finding.where.to_json() == {"player": 2}
    assert f"a CIEDE2000 difference of {difference}; seat colours should be 20" in finding.message
    assert "give seat 2 (Blue) a colour further from seat 1 (Red)'s" in finding.message


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # Sharma, Wu and Dalal (2005), the CIEDE2000 test data, pairs 1, 7, 17 and 34
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 0, 0), (50, -1, 2), 2.3669),
        ((50, 2.5, 0), (56, -27, -3), 31.9030),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_colour_difference_is_ciede2000(lab1, lab2, expected):
    assert delta_e(lab1, lab2) == pytest.approx(expected, abs=5e-5)


def test_colours_of_different_hues_are_not_alike():
    # blue and purple: the closest pair of the colours seats are drawn in without their own
    for first, second in [("blue", "purple"), ("red", "orange"), ("red", "green")]:
        assert "colours-alike" not in run(with_colours(first, second)).codes()


@pytest.mark.parametrize(("colour", "contrast"), [("white", "1.00"), ("#FFFF66", "1.06")])
def test_a_colour_too_light_for_white_paper_is_reported(colour, contrast):
    report = run(with_colours("blue", colour))
    (finding,) = [f for f in report.findings if f.code == "colour-too-light"]
    assert finding.severity is Severity.WARNING
    assert finding.where.to_json() == {"player": 2}
    assert f"(contrast {contrast}:1 against white, under 1.5:1)" in finding.message
    # yellow, the lightest colour of the presets, is not
    assert "colour-too-light" not in run(with_colours("blue", "yellow")).codes()


def test_red_and_green_are_noted_for_colour_blind_players():
    report = run(with_colours("red", "green"))
    (finding,) = [f for f in report.findings if f.code == "colours-colour-blind"]
    assert finding.severity is Severity.INFO
    assert "may not tell red from green (seat 1 (Red) and seat 2 (Blue))" in finding.message
    # (it said "a raised symbol", which laser-cut stones, a kit's other design, do not have)
    assert finding.message.endswith(
        "gives each seat's stones a symbol of its own (raised on printed discs, engraved on "
        "laser-cut stones)"
    )
    assert "colours-colour-blind" not in run(with_colours("red", "blue")).codes()
    six = [f for f in run(load_preset("6p-hexagon-19")).findings if f.code.startswith("colour")]
    assert [f.code for f in six] == ["colours-colour-blind"]


def test_preset_colours_are_neither_alike_nor_too_light():
    for name in preset_names():
        codes = run(load_preset(name)).codes()
        assert not {"colour-shared", "colours-alike", "colour-too-light"} & set(codes), name


def test_a_full_start_stack_explodes_in_its_seats_first_turn_and_is_no_error():
    report = run(read_board(BROKEN / "exploding-start.toml"))
    (finding,) = [f for f in report.findings if f.code == "start-explodes"]
    assert finding.severity is Severity.INFO
    assert finding.message.startswith(
        "seat 1 (Red) starts with 3 stones on -d2, which has 3 live neighbours: it explodes "
        "in this seat's first turn, after the seat's moves"
    )
    assert finding.where.to_json() == {"field": "-d2", "player": 1}
    assert report.ok


@pytest.mark.parametrize(
    ("drop", "dummies"),
    [
        ((2, 5), "add 2 dummy seats where the 60° rotation puts the missing starts: a stack of "
         "6 each on -c4 (the middle of tile 8) and f0 (the middle of tile 12)"),
        ((5,), "add 1 dummy seat where the 60° rotation puts the missing starts: a stack of 6 "
         "on -c4 (the middle of tile 8)"),
    ],
)  # fmt: skip
def test_four_or_five_people_on_a_sixfold_board_are_told_where_dummies_go(drop, dummies):
    # The dummies belong exactly where the dropped seats started: seat 3 (index 2) on the
    # tile centred on f0, seat 6 (index 5) on the tile centred on -c4.
    from dataclasses import replace

    six = load_preset("6p-hexagon-19")
    board = replace(six, seats=tuple(s for k, s in enumerate(six.seats) if k not in drop))
    (finding,) = [f for f in run(board).findings if f.code == "seats-differ-4-5"]
    assert dummies in finding.message
    # the presets with those dummies or machines are told that they complete it
    filled = "5p-hexagon-19-dummy" if len(drop) == 1 else "4p-hexagon-19-machines"
    (done,) = [f for f in run(load_preset(filled)).findings if f.code == "seats-differ-4-5"]
    assert "stand" in done.message and "in the other place" in done.message
    assert "add " not in done.message


def test_machine_presets_treat_people_and_machines_apart():
    two = run(load_preset("2p-diamond-5-machines"))
    (rotation,) = [f for f in two.findings if f.code == "seat-rotation"]
    assert "maps each person's start onto the next person's" in rotation.message
    assert not two.codes("warning")
    three = run(load_preset("3p-triangle-7-machines"))
    assert "120° clockwise" in three.findings[three.codes().index("seat-rotation")].message
    assert not three.codes("warning")
    stacks = run(load_preset("5p-hexagon-18-stacks"))
    (differ,) = [f for f in stacks.findings if f.code == "seats-differ-4-5"]
    assert "these are stack starts (1995 rules)" in differ.message
    # (it said "move the stacks until everybody agrees" without the command that tries)
    assert "fabgen balance FILE --suggest-starts plays other fields" in differ.message
    assert stacks.codes("info").count("start-explodes") == 1  # one for the five seats


def test_turns_declared_against_the_seat_order(tmp_path):
    text = (BROKEN.parent.parent.parent / "templates/boards/3p-triangle-4.toml").read_text()
    path = tmp_path / "reversed.toml"
    path.write_text(text.replace('turns = "clockwise"', 'turns = "counter-clockwise"'))
    report = run(read_board(path))
    (finding,) = [f for f in report.findings if f.code == "turn-direction"]
    assert finding.message == (
        "the board says turns go counter-clockwise, but the seats in the order of [[players]] "
        "go round the board clockwise: reorder the [[players]] tables or change turns"
    )


def test_symmetry_of_a_mirror_shape_whose_tiling_is_not():
    from fabgen.board.model import Board

    report = run(Board.from_tiles([], free_tiles=[[(0, 0)], [(1, 0), (2, 1)]]))
    (sym,) = [f for f in report.findings if f.code == "symmetry"]
    assert "the field shape is mirror-symmetric but the tiling is not" in sym.message


@pytest.mark.parametrize(
    ("kit", "severities", "message"),
    [
        (KitCounts(), ["info", "info"], "each colour needs about 14 stones (20% of 63 fields"),
        (
            KitCounts(5),
            ["error", "info"],
            "the kit has 5 stones per player but seat 1 (Red) starts with 7: make at least 14",
        ),
        (
            KitCounts(10),
            ["warning", "info"],
            "the kit has 10 stones per player; each colour needs about 14 stones",
        ),
        (KitCounts(14, 13, 26), ["info", "info"], "the kit's 14 per player are enough"),
        (KitCounts(14, 5, 30), ["info", "warning"], "make 8 more growing markers"),
        (KitCounts(14, 5, 3), ["info", "warning"], "8 more growing markers and 23 more dead"),
    ],
)
def test_supply_against_a_kit(kit, severities, message):
    report = run(read_board(BROKEN / "asymmetric-starts.toml"), kit)
    supply = [f for f in report.findings if f.code in ("stones-supply", "markers-supply")]
    assert [f.severity.value for f in supply] == severities
    assert any(message in f.message for f in supply)


@pytest.mark.parametrize("mid_game", [True, False], ids=["mid-game", "start"])
def test_the_stones_supply_of_a_position_from_a_game_says_what_a_seat_holds(tmp_path, mid_game):
    # A position after turns were played said what each seat "starts with", and asked
    # for twice that; it holds those stones, and needs at least as many.
    game = json.loads((DATA / "mid-game.json").read_text())
    stacks = game["players"][0]["stacks"]
    stacks.update(b2=3, c2=3, c3=2)
    if not mid_game:  # the same stones on live fields alone: a start
        stacks.update(b1=1, a2=1)
    held = sum(abs(v) for v in stacks.values())
    path = tmp_path / "table.json"
    path.write_text(json.dumps(game))
    report = run(read_board(path), KitCounts(held - 1))
    (error,) = [f for f in report.findings if f.code == "stones-supply"]
    need = held if mid_game else 2 * held
    has = f"holds {held} in this position" if mid_game else f"starts with {held}"
    assert error.message == (
        f"the kit has {held - 1} stones per player but seat 1 (Red) {has}: make at least "
        f"{need} per colour"
    )
    (info,) = [f for f in run(read_board(path)).findings if f.code == "stones-supply"]
    basis = (
        f"at least the {held} stones a seat holds in this position from the middle of a game"
        if mid_game
        else f"at least twice the {held} stones a seat starts with"
    )
    assert (
        info.message
        == f"each colour needs about {need} stones (20% of 21 fields, rounded up, and {basis})"
    )
    # and the board's bill of materials (fabgen layout) says when the seat holds them
    when = "in this position" if mid_game else "at the start"
    text = bom_text(bill_of_materials(read_board(path), 100.0))
    assert f"red stones, {held} on the board {when}\n" in text


def test_json_report():
    report = run(read_board(BROKEN / "shared-field.toml"))
    data = json.loads(report.json_text())
    assert data["board"] == {
        "name": "shared-field",
        "players": 2,
        "people": 2,
        "machines": 0,
        "tiles": 9,
        "fields": 63,
    }
    assert data["summary"] == {"errors": 1, "warnings": 0, "info": 3}
    first = data["findings"][0]
    assert first == {
        "code": "field-shared",
        "severity": "error",
        "message": first["message"],
        "where": {"field": "-c2", "player": 2},
    }


def _balance(wins, p_value, differ, all_zero=0, peaks=(30, 28, 29), growing=12, dead=60, lifted=30):
    """A balance report as fabgen.play.balance makes it (only the keys validate reads)."""
    games = sum(wins)
    seats = [
        {"seat": k + 1, "player": "greedy", "win_rate": w / games, "ci_low": 0.0, "ci_high": 1.0}
        for k, w in enumerate(wins)
    ]
    best = max(seats, key=lambda s: s["win_rate"])
    return {
        "games": games,
        "finished": games,
        "seed": 0,
        "all_zero": all_zero,
        "seats": seats,
        "favoured": {**best, "even": 1 / len(wins)},
        "test": {"name": "chi-square", "p_value": p_value, "seats_differ": differ},
        "stones_peak": [{"seat": k + 1, "p95": p} for k, p in enumerate(peaks)],
        "markers_peak": {
            "growing": {"p95": growing},
            "dead": {"p95": dead},
            "dead_tiles_lifted": {"p95": lifted},
        },
    }


def test_simulated_games_add_seat_balance_and_set_the_supply():
    board = load_preset("3p-triangle-4")
    report = validate(board, KitCounts(30, 14, 33), balance=_balance([50, 30, 20], 0.001, True))
    SEEN.update(report.codes())
    (finding,) = [f for f in report.findings if f.code == "seat-balance"]
    assert finding.severity is Severity.WARNING and finding.where.player == 1
    assert "50.0%" in finding.message and "even 33.3%" in finding.message
    assert "move the starts" in finding.message
    # Supply: the largest 95th percentile (30) plus 10 % = 33 stones; markers 12 -> 14,
    # dead 30 -> 33 with all-dead tiles lifted off (60 -> 66 with none). The kit's 30
    # stones are short, its markers just enough.
    stones = next(f for f in report.findings if f.code == "stones-supply")
    assert stones.severity is Severity.WARNING and "make 3 more per colour" in stones.message
    markers = next(f for f in report.findings if f.code == "markers-supply")
    assert markers.severity is Severity.INFO
    assert (
        "14 growing markers and 33 dead markers when all-dead tiles are lifted off "
        "(66 if none is)" in markers.message
    )


def test_even_seats_and_tie_break_games_are_told_apart():
    board = load_preset("3p-triangle-4")
    even = validate(board, balance=_balance([34, 33, 33], 0.99, False))
    (finding,) = [f for f in even.findings if f.code == "seat-balance"]
    assert finding.severity is Severity.INFO and "no seat differs" in finding.message
    burnt = validate(board, balance=_balance([10, 10, 80], 0.0, True, all_zero=70))
    (finding,) = [f for f in burnt.findings if f.code == "seat-balance"]
    assert "tie-break" in finding.message and "move the starts" not in finding.message


def test_no_seat_differing_in_few_games_says_what_chance_allows():
    """After 20 games "no seat differs more than chance would make it" read as "the
    board is fair": the finding says, in the words of fabgen balance's report, how
    far chance moves an even seat's win rate at this many games."""
    from fabgen.play.balance import _too_few_games

    board = load_preset("3p-triangle-4")
    few = _balance([7, 7, 6], 0.95, False)
    (finding,) = [f for f in validate(board, balance=few).findings if f.code == "seat-balance"]
    assert finding.severity is Severity.INFO and "no seat differs" in finding.message
    assert "\n" not in finding.message  # one paragraph
    assert finding.message.endswith(
        "; with 20 finished games, an even seat's win rate (33.3%) falls anywhere in "
        "16.9 to 55.1% by chance (95%): no difference found is not proof of fairness; about "
        "342 games tell a seat's win rate within ±5 points"
    )
    assert finding.message.endswith(_too_few_games(few).strip())
    # Seats that won as often are all named (it said "seat 1 wins most often" of 1 and 2).
    assert finding.message.startswith("seats 1 and 2 each win most often: 35.0% (95% interval")
    # With games enough to tell a rate within 5 points, no advice to play more.
    many = _balance([134, 133, 133], 0.99, False)
    (finding,) = [f for f in validate(board, balance=many).findings if f.code == "seat-balance"]
    assert finding.message.endswith(
        "with 400 finished games, an even seat's win rate (33.3%) falls anywhere in "
        "28.9 to 38.1% by chance (95%): no difference found is not proof of fairness"
    )
    assert finding.message.endswith(_too_few_games(many).strip())
    # Seats that differ need no such caveat.
    differ = _balance([50, 30, 20], 0.001, True)
    (finding,) = [f for f in validate(board, balance=differ).findings if f.code == "seat-balance"]
    assert "proof of fairness" not in finding.message
    # Seats that differ and tie for most are all named there too ("seat 1: wins most often")
    tied = _balance([40, 40, 20], 0.001, True)
    (finding,) = [f for f in validate(board, balance=tied).findings if f.code == "seat-balance"]
    assert finding.where.players == (1, 2) and finding.where.player is None
    assert finding.text().startswith("warning [seat-balance] seats 1 and 2: win most often: 40.0%")


def test_stacks_beyond_the_maximum_are_errors_in_board_files_and_transcripts():
    from fabgen.board.findings import MAX_STACK
    from fabgen.board.transcript_io import parse_board_transcript

    def board_file(stones: int) -> str:
        return (
            "[board]\ntiles = [[0, 0], [1, 0], [0, 1]]\n"
            f"[[players]]\nstacks = {{ a1 = {stones} }}\n[[players]]\nstart = [1, 0]\n"
        )

    def too_high(report) -> list[str]:
        return [f.message for f in report.findings if f.code == "stack-too-high"]

    assert too_high(run(parse_board_toml(board_file(MAX_STACK)))) == []
    (message,) = too_high(run(parse_board_toml(board_file(MAX_STACK + 1))))
    assert f"has {MAX_STACK + 1} stones on a1: a board may put at most {MAX_STACK}" in message
    (message,) = too_high(run(parse_board_toml(board_file(10**3999))))
    assert "has 100000... (4000 digits) stones on a1" in message
    transcript = (
        '{"format": "Atlantis transcript", "version": "1.0", "segments": [["a1", "b1", "b2"]], '
        '"players": [{"stacks": {"a1": 1, "b1": -5000}}, {"stacks": {"b2": 2}}]}'
    )
    report = run(parse_board_transcript(transcript))
    (message,) = too_high(report)
    assert "has 5,000 stones on the growing field b1" in message
    assert not report.ok


def test_a_whole_tile_too_high_is_one_error_that_names_the_tile():
    # stacks = { C = n } gives each field of a tile n stones: one mistake, one error
    # (it was seven, one a field); two fields of one height are one error, another
    # height another.
    from fabgen.board.findings import MAX_STACK
    from fabgen.rules.names import field_name

    preset = load_preset("3p-triangle-4")
    tile = preset.tiles[4]
    centre = field_name(tile.centre).upper()
    text = board_to_toml(preset).replace(
        "start = [2, -1]", f"start = [2, -1]\nstacks = {{ {centre} = {MAX_STACK + 1} }}"
    )
    (finding,) = [f for f in run(parse_board_toml(text)).findings if f.code == "stack-too-high"]
    assert f"has {MAX_STACK + 1} stones on each field of tile 5 (" in finding.message
    assert finding.where.to_json() == {"field": field_name(tile.centre), "player": 3}
    a, b, c = (field_name(f) for f in tile.fields[:3])
    stacks = f"stacks = {{ {a} = {MAX_STACK + 1}, {b} = {MAX_STACK + 1}, {c} = {MAX_STACK + 2} }}"
    text = board_to_toml(preset).replace("start = [2, -1]", f"start = [2, -1]\n{stacks}")
    messages = [
        f.message for f in run(parse_board_toml(text)).findings if f.code == "stack-too-high"
    ]
    assert len(messages) == 2
    assert f"has {MAX_STACK + 1} stones on each of {a}, {b}: " in messages[0]
    assert f"has {MAX_STACK + 2} stones on {c}: " in messages[1]


def transcript_board(*colours):
    """3p-triangle-4 as a transcript, its seats given ``colours`` (None: none)."""
    from fabgen.board.transcript_io import board_to_transcript, parse_board_transcript
    from fabgen.rules.transcript import write_transcript

    data = json.loads(write_transcript(board_to_transcript(load_preset("3p-triangle-4"))))
    for player, colour in zip(data["players"], colours, strict=True):
        player.pop("color", None)
        if colour is not None:
            player["color"] = colour
    return parse_board_transcript(json.dumps(data), "club.json", "club")


def test_a_transcript_colour_fabgen_cannot_draw_is_its_places_and_says_so():
    """ "teal" (a transcript's; a board file refuses it) was drawn in the seat's place's
    colour but named teal and compared with nobody: it is now red for seat 1 in every
    check, and a warning says so."""
    from fabgen.board.colours import seat_colour

    report = run(transcript_board("teal", None, None))
    (unknown,) = [f for f in report.findings if f.code == "colour-unknown"]
    assert unknown.where.to_json() == {"player": 1} and unknown.severity is Severity.WARNING
    assert "has colour 'teal', which fabgen cannot draw" in unknown.message
    assert f"the kit makes it {seat_colour(None, 0)} (seat 1's colour" in unknown.message
    assert "colour-unknown" not in run(transcript_board("Red", "#123", None)).codes()
    # "" or spaces is no colour, as a name of spaces is no name
    assert "colour-unknown" not in run(transcript_board("", "  ", None)).codes()
    shared = run(transcript_board("teal", "red", None))
    (finding,) = [f for f in shared.findings if f.code == "colour-shared"]
    assert finding.message.startswith(
        "seat 1 (Red) has colour 'teal', which fabgen cannot draw, so it is made and drawn "
        "red (seat 1's colour when none is given), and seat 2 (Blue) has colour red"
    )
    alike = run(transcript_board("teal", "#ff0000", None))  # red and #ff0000: 9.3 apart
    (finding,) = [f for f in alike.findings if f.code == "colours-alike"]
    assert "colours red (seat 1's colour when none is given) and #ff0000" in finding.message
    # two colours fabgen cannot draw are their places' two colours: not shared
    assert not {"colour-shared", "colours-alike"} & set(
        run(transcript_board("teal", "plaid", None)).codes()
    )


def _named(*names: str) -> str:
    """The 3p-triangle-4 preset with its seats renamed."""
    text = TRIANGLE
    for old, new in zip(["Red", "Blue", "Green"], names, strict=True):
        text = text.replace(f'name = "{old}"', f"name = {new}" if new else "")
    return text


def test_seats_named_alike_are_warned_by_number():
    report = run(parse_board_toml(_named('"Ann"', '"ann "', '"Bob"'), "mine.toml"))
    (finding,) = [f for f in report.findings if f.code == "name-shared"]
    assert finding.severity is Severity.WARNING and report.ok
    assert finding.message == (
        "seat 1 (Ann) and seat 2 (ann) have the same name (capitals and spaces aside): "
        "every list, legend and score line would name them alike, told apart by their seat "
        "numbers only; give seat 2 a name of its own"
    )
    assert finding.where.to_json() == {"player": 2}
    assert finding.text().startswith("warning [name-shared] seat 2: seat 1 (Ann) and seat 2")
    # three alike: each later seat is told to change, beside the first
    three = run(parse_board_toml(_named('"Ann"', '"Ann"', '"ANN"'), "mine.toml"))
    shared = [f for f in three.findings if f.code == "name-shared"]
    assert [f.where.player for f in shared] == [2, 3]
    assert shared[0].message.startswith("seat 1 (Ann) and seat 2 (Ann) have the same name: ")
    assert "seat 1 (Ann) and seat 3 (ANN) have the same name (capitals" in shared[1].message
    # seats without names are not alike, nor are names that differ
    for names in [(None, None, None), (None, None, '"Ann"'), ('"Ann"', '"Anne"', '"An n"')]:
        board = parse_board_toml(_named(*names), "mine.toml")
        assert "name-shared" not in run(board).codes(), names


def test_machines_named_only_machine_are_not_alike_but_other_names_are():
    text = board_to_toml(load_preset("2p-diamond-5-machines"))
    assert text.count('name = "Machine ') == 2

    def shared(a, b, c=None):
        named = text.replace('"Machine A"', a).replace('"Machine B"', b)
        if c is not None:
            named = named.replace('name = "Red"', f"name = {c}")
        report = run(parse_board_toml(named, "mine.toml"))
        return [f for f in report.findings if f.code == "name-shared"]

    # the setup diagram names both "a machine" whatever the name: nothing to tell apart
    assert shared('"Machine"', '"machine"') == []
    (dummies,) = shared('"Dummy"', '"dummy"')  # "Dummy, a machine" twice
    assert dummies.message.startswith("seat 2 (Dummy) and seat 4 (dummy) have the same name")
    # a person named Machine beside a machine of that name: the person's name says "Machine"
    (person,) = shared('"Machine"', '"Machine B"', '"Machine"')
    assert person.message.startswith("seat 1 (Machine) and seat 2 (Machine) have the same")
    for name in preset_names():
        assert "name-shared" not in run(load_preset(name)).codes(), name


def test_alike_start_stacks_of_several_seats_are_one_note_naming_the_seats():
    board = load_preset("5p-hexagon-18-stacks")
    report = run(board)
    (note,) = [f for f in report.findings if f.code == "start-explodes"]
    assert note.where.to_json() == {"players": [1, 2, 3, 4, 5]}
    assert note.text().startswith(
        "info [start-explodes] seats 1, 2, 3, 4 and 5: each start stack of 6 stones explodes "
        "in its seat's first turn, after that seat's moves"
    )
    position = board.position()
    for k, seat in enumerate(board.seats):
        ((f, stones),) = seat.stacks
        assert stones == 6 and position.is_volatile(f)
        label = seat.label(k + 1)
        assert note.message.count(label) == 1 and f"{label}'s on {field_name(f)}" in note.message
    # the fields' live neighbours, read off the board: -f-3 has 3, the others 6
    caps = {field_name(f): position.capacity(f) for s in board.seats for f, _ in s.stacks}
    assert caps == {"-f-3": 3, "f0": 6, "h6": 6, "d8": 6, "-c4": 6}
    assert note.message.endswith(
        "seat 1 (Red)'s on -f-3, a field of 3 live neighbours; seat 2 (Blue)'s on f0, seat 3 "
        "(Green)'s on h6, seat 4 (Yellow)'s on d8 and seat 5 (Purple)'s on -c4, fields of 6"
    )


def test_start_stacks_of_other_heights_keep_notes_of_their_own():
    text = board_to_toml(load_preset("5p-hexagon-18-stacks"))
    text = text.replace("stacks = { -f-3 = 6 }", "stacks = { -f-3 = 3 }")
    notes = [
        f for f in run(parse_board_toml(text, "mine.toml")).findings if f.code == "start-explodes"
    ]
    assert [n.where.to_json() for n in notes] == [
        {"field": "-f-3", "player": 1},
        {"players": [2, 3, 4, 5]},
    ]
    assert notes[0].message.startswith(
        "seat 1 (Red) starts with 3 stones on -f-3, which has 3 live neighbours: it explodes in "
        "this seat's first turn"
    )
    assert notes[1].message.startswith("each start stack of 6 stones explodes")
    assert "seat 1" not in notes[1].message
    # one seat's stacks of one height are one note too (the solo machine's two corners)
    solo = load_preset("1p-triangle-5-machine")
    (machine,) = [f for f in run(solo).findings if f.code == "start-explodes"]
    fields = [field_name(f) for f, _ in solo.seats[1].stacks]
    assert len(fields) == 2
    assert machine.message.startswith(
        f"seat 2 (Machine) starts with 3 stones on each of {fields[0]} and {fields[1]}, fields "
        "of 3 live neighbours: each stack explodes in this seat's first turn"
    )


def test_a_stack_no_game_leaves_between_turns_is_a_warning_in_a_position_from_a_game(tmp_path):
    # A position typed in from the table with 9 for a 2 was validated without a word
    # (start-stack-high is a start's; a game's stacks between turns stay at 6 or below).
    game = json.loads((DATA / "mid-game.json").read_text())
    game["players"][0]["stacks"].update(a1=9, b1=-7, c2=6)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(game))
    high = [f for f in run(read_board(path)).findings if f.code == "stack-high"]
    assert [(f.severity, f.where.field, f.where.player) for f in high] == [
        (Severity.WARNING, "a1", 1),
        (Severity.WARNING, "b1", 1),
    ]
    assert high[0].message == (
        "seat 1 (Red) has 9 stones on a1: between turns no field of a game holds more than 6 "
        "(a field explodes once its stones reach its live neighbours, six at most, and a "
        "growing one gains a stone a turn); count the stack again"
    )
    assert high[1].message.startswith("seat 1 (Red) has 7 stones on b1 (a growing field): ")


def test_a_position_from_a_game_is_not_judged_as_a_start(tmp_path):
    """The seats' starts are compared at a start only: in a position from the middle of
    a game on 2p-diamond-4 (a random game played to its first growing field) the stones
    have moved, and no-seat-rotation told seat 2 to start on that position's fields."""
    import random

    from fabgen.board.transcript_io import board_to_transcript
    from fabgen.play.random_policy import RandomPolicy
    from fabgen.rules.state import GROWING
    from fabgen.rules.transcript import transcript_from_position, write_transcript
    from fabgen.rules.turn import play_turn
    from fabgen.rules.variants import get_variant

    position = board_to_transcript(load_preset("2p-diamond-4")).position
    player, rng, online = RandomPolicy(), random.Random(3), get_variant("online")
    while GROWING not in position.status_codes:
        position, _ = play_turn(position, player.choose_turn(position, online, rng), online)
    path = tmp_path / "from-the-table.json"
    path.write_text(write_transcript(transcript_from_position(position)))
    codes = run(read_board(path)).codes()
    assert "not-a-start" in codes
    starts = {"no-seat-rotation", "seat-rotation", "seats-differ-4-5", "machines-asymmetric"}
    assert not starts & set(codes), codes


def test_every_code_is_produced_by_some_test():
    # Runs last in this module (pytest keeps file order).
    assert set(CODES) <= SEEN | {"not-a-start"}, sorted(set(CODES) - SEEN)
    report = validate(read_board(DATA / "mid-game.json"))
    assert "not-a-start" in report.codes()


@settings(max_examples=40)
@given(boards())
def test_any_board_can_be_validated(board):
    report = validate(board)
    for f in report.findings:
        assert f.code in CODES and f.severity in CODES[f.code][0]
        assert f.message and f.message == f.message.strip()
    assert json.loads(report.json_text())["summary"] == report.summary()
    assert report.text().count("\n") == len(report.findings) + 2


@st.composite
def playable_boards(draw):
    """A connected board of lattice tiles grown at random, 2 to 6 seats on its tiles."""
    from fabgen.board.model import TILE_STEPS, Board, Seat
    from fabgen.geometry.lattice import TileLattice

    tiles = [(0, 0)]
    for _ in range(draw(st.integers(1, 14))):
        base = draw(st.sampled_from(tiles))
        step = draw(st.sampled_from(TILE_STEPS))
        new = (base[0] + step[0], base[1] + step[1])
        if new not in tiles:
            tiles.append(new)
    hand = draw(st.sampled_from(["cw", "ccw"]))
    lattice = TileLattice(Handedness(hand))
    starts = draw(st.lists(st.sampled_from(tiles), min_size=2, max_size=6, unique=True))
    names = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
    seats = [
        Seat(names[k], names[k].lower(), tuple((f, 1) for f in lattice.fields(c)))
        for k, c in enumerate(starts)
    ]
    return Board.from_tiles(tiles, seats=seats, handedness=hand, name="random")


@settings(max_examples=8)
@given(playable_boards())
def test_any_playable_board_can_be_laid_out(board):
    from fabgen.products.layout import LayoutParams, layout_files

    report = validate(board)
    assert report.ok, report.text()
    files = layout_files(LayoutParams(board)).files
    assert len(files) == 8 and all(files.values())
    assert read_board_from_text(files["random.toml"]) == board


def read_board_from_text(data: bytes):
    from fabgen.board.boardfile import parse_board_toml

    return parse_board_toml(data.decode("utf-8"))


# The 1995 rules: boards of chiral tiles have a natural direction of play; diamonds and
# triangles turn clockwise, the other shapes counter-clockwise.
NATURAL_TURNS = {
    "2p-diamond-4": "clockwise",
    "2p-diamond-5": "clockwise",
    "3p-triangle-4": "clockwise",
    "3p-triangle-5": "clockwise",
    "4p-diamond-5": "clockwise",
    "4p-butterfly": "counter-clockwise",
    "5p-hexagon-18": "counter-clockwise",
    "6p-hexagon-19": "counter-clockwise",
    "6p-hexagon-37": "counter-clockwise",
    "6p-ring-20": "counter-clockwise",
    "6p-star-19": "counter-clockwise",
    "1p-triangle-5-machine": "clockwise",
    "1p-triangle-5-two-machines": "clockwise",
    "2p-diamond-5-machines": "clockwise",
    "3p-triangle-7-machines": "clockwise",
    "4p-diamond-5-stacks": "clockwise",
    "4p-hexagon-19-machines": "counter-clockwise",
    "5p-hexagon-18-stacks": "counter-clockwise",
    "5p-hexagon-19-dummy": "counter-clockwise",
    "6p-hexagon-21": "counter-clockwise",
    "6p-ring-18": "counter-clockwise",
}


@pytest.mark.parametrize("name", preset_names())
def test_presets_turn_the_natural_way_and_the_symmetry_finding_says_so(name):
    from fabgen.board.symmetry import seat_order_direction

    board = load_preset(name)
    assert board.turns.value == NATURAL_TURNS[name]
    seats = seat_order_direction(board)
    assert seats in (None, board.turns)  # two seats go round no way; more follow turns
    report = run(board)
    assert "turn-direction" not in report.codes()
    (sym,) = [f for f in report.findings if f.code == "symmetry"]
    assert sym.message.endswith(f"the board turns {board.turns.value} (its turns setting)")


def test_the_symmetry_finding_says_which_way_an_undeclared_board_turns(tmp_path):
    text = (BROKEN.parent.parent.parent / "templates/boards/3p-triangle-4.toml").read_text()
    path = tmp_path / "undeclared.toml"
    path.write_text(text.replace('turns = "clockwise"\n', ""))
    (sym,) = [f for f in run(read_board(path)).findings if f.code == "symmetry"]
    assert "the board turns clockwise (the seats, in order, go round that way)" in sym.message


# A maker's copy of a preset with a seat's start edited wrongly.
TRIANGLE = (Path(__file__).parents[2] / "templates/boards/3p-triangle-4.toml").read_text()


def _errors(text):
    report = run(parse_board_toml(text, "mine.toml"))
    return [f for f in report.findings if f.severity == Severity.ERROR]


def test_two_seats_on_one_start_tile_is_one_finding_naming_the_tile():
    (shared,) = _errors(TRIANGLE.replace("start = [-1, 2]", "start = [-1, -1]"))
    assert shared.code == "field-shared"
    assert shared.message == (
        "seat 2 (Blue) starts on tile 7 [-1, -1], which is seat 1 (Red)'s start too: a field "
        "holds the stones of one seat only; give seat 2 (Blue) a start tile of its own"
    )
    assert shared.where.to_json() == {"tile": 7, "field": "-d1", "player": 2}


def test_fields_two_seats_share_outside_a_whole_tile_are_one_finding():
    text = TRIANGLE.replace("start = [2, -1]", "start = [2, -1]\nstacks = { -d1 = 2, -c1 = 2 }")
    (shared,) = _errors(text)
    assert shared.message.startswith("-d1, -c1 have stones of seat 1 (Red) and seat 3 (Green)")


def test_a_start_tile_off_the_board_is_named_by_its_coordinates():
    (off,) = _errors(TRIANGLE.replace("start = [-1, -1]", "start = [5, 5]"))
    assert off.code == "stack-off-board"
    assert off.message.startswith(
        "seat 1 (Red)'s start tile [5, 5] is not on the board (its fields aa7, ab7, ab8 and 4 "
        "more are on none of the board's tiles): a start must be one of the board's tiles"
    )
    text = TRIANGLE.replace("start = [-1, -1]", "start = [5, 5]\nstacks = { z30 = 2 }")
    assert [f.message.split(":")[0] for f in _errors(text)] == [
        "seat 1 (Red)'s start tile [5, 5] is not on the board (its fields aa7, ab7, ab8 and 4 "
        "more are on none of the board's tiles)",
        "seat 1 (Red) has stones on z30, not on the board",
    ]


def test_stacks_off_the_board_are_not_told_about_start_tiles():
    # "move them onto the board's fields (a start tile must be one of the board's tiles)"
    # was said of stacks given by field, which have no start tile (a start tile off the
    # board is named by its coordinates, as above).
    (off,) = _errors(TRIANGLE.replace("start = [2, -1]", "stacks = { z30 = 2, z31 = 3 }"))
    assert off.message.endswith("not on the board: move them onto the board's fields")


def test_a_tile_listed_twice_is_named_by_its_coordinates():
    # A maker finds the repeated pair in tiles = [...] by its coordinates: "remove tile
    # 11" sent them counting.
    preset = load_preset("3p-triangle-4")
    i, j = preset.tiles[3].coord
    text = board_to_toml(preset).replace("tiles = [", f"tiles = [[{i}, {j}], ", 1)
    (finding,) = _errors(text)
    assert finding.code == "field-in-two-tiles"
    assert finding.message.startswith(f"tile 5 [{i}, {j}] is tile 1 again (the same 7 fields)")
    assert finding.message.endswith(f"remove one [{i}, {j}] from tiles = [...]")


def test_simulated_games_beside_machines_compare_the_people_and_a_solo_board_warns_not():
    """The even share and the test count a machine as a seat: a solo board whose person
    beat the machines was warned "the seats differ: move the starts or give the seats
    that lose something back". There the person's win rate is a note; beside machines
    the people are compared among themselves too."""
    solo = validate(
        load_preset("1p-triangle-5-two-machines"), balance=_balance([87, 7, 6], 0, True)
    )
    (finding,) = [f for f in solo.findings if f.code == "seat-balance"]
    assert finding.severity is Severity.INFO and finding.where.player == 1
    assert finding.message.startswith("the one person wins 87.0% (95% interval 0.0 to 100.0%)")
    assert "against the machines (seats 2 and 3; greedy players)" in finding.message
    assert "move the starts" not in finding.message and "an even" not in finding.message
    four = load_preset("4p-hexagon-19-machines")
    assert [s.is_machine for s in four.seats] == [False, True, False, False, True, False]
    mixed = validate(four, balance=_balance([31, 1, 21, 8, 6, 33], 0.04, True))
    (finding,) = [f for f in mixed.findings if f.code == "seat-balance"]
    assert finding.severity is Severity.WARNING
    assert (
        "; seats 2 and 5 are machines, counted in the even share and the test: among the "
        "people, seat 6 wins most (33%) and seat 4 least (8%); the seats differ"
    ) in finding.message
    # People who won alike have no most and least; rates that print alike get a decimal.
    for wins, among in [
        ([24, 1, 24, 24, 3, 24], "every seat wins 24%"),
        ([251, 4, 249, 250, 0, 246], "seat 1 wins most (25.1%) and seat 6 least (24.6%)"),
        # (and more where a tenth still prints alike: "(25.0%) ... least (25.0%)")
        ([2501, 0, 2500, 2500, 0, 2499], "seat 1 wins most (25.01%) and seat 6 least (24.99%)"),
        # (of people tied for least it named the first only: "seat 3 least")
        ([40, 1, 20, 20, 0, 20], "seat 1 wins most (40%) and seats 3, 4 and 6 least (20%)"),
    ]:
        (finding,) = [
            f
            for f in validate(four, balance=_balance(wins, 0.5, False)).findings
            if f.code == "seat-balance"
        ]
        people = f"counted in the even share and the test: among the people, {among}; no "
        assert people in finding.message
    # Without machines, no such words.
    (finding,) = [
        f
        for f in validate(
            load_preset("3p-triangle-4"), balance=_balance([50, 30, 20], 0, True)
        ).findings
        if f.code == "seat-balance"
    ]
    assert "machine" not in finding.message


def test_a_solo_board_of_extreme_machines_measures_each_start_tile_once():
    """docs/seats.md makes a solo board of 3p-triangle-4 with extreme machines in seats 2
    and 3: their start tiles are the person's, turned a third, yet the check measured
    each of their 14 fields (7, 8 and 9 steps away) and warned "place them at equal
    distances". A start tile is one place, as far as its nearest field."""
    from dataclasses import replace

    from fabgen.board.model import SeatKind

    def solo(board):
        machine = SeatKind.EXTREME_MACHINE
        seats = [board.seats[0], *(replace(s, kind=machine) for s in board.seats[1:])]
        return validate(replace(board, seats=tuple(seats)))

    assert "machines-asymmetric" not in solo(load_preset("3p-triangle-4")).codes()
    text = board_to_toml(load_preset("3p-triangle-4")).replace("start = [2, -1]", "start = [1, 0]")
    (finding,) = [
        f for f in solo(parse_board_toml(text)).findings if f.code == "machines-asymmetric"
    ]
    assert finding.message.startswith(
        "the machines' stacks are not equally far from seat 1 (Red)'s start (field steps: "
    )
    assert "tile 1 (seat 2 (Blue)'s start): 7" in finding.message
    assert "): the one on tile 6 (seat 3 (Green)'s start) reaches it first" in finding.message


@pytest.mark.parametrize("near", ["h9", "d-3"])
def test_a_simple_machines_stacks_on_one_tile_are_measured_each_as_on_two_tiles(near):
    """A simple machine's stacks each explode: on 1p-triangle-5-machine with its stacks on
    j10 (12 steps from Red's start) and h9 (10, the same tile) the check took the tile as
    one place, as far as its nearer stack, and said nothing; with the stack on d-3 (10,
    another tile) it warned. Both are warned of, by field."""
    stacks = f"stacks = {{ j10 = 3, {near} = 3 }}"
    text = board_to_toml(load_preset("1p-triangle-5-machine"))
    board = parse_board_toml(re.sub(r"stacks = \{[^}]*\}", stacks, text))
    j10, other = (board.tile_index(parse_field(f)) for f in ("j10", near))
    assert (j10 == other) == (near == "h9")
    start = [f for f, _ in board.seats[0].stacks]
    steps = [min(hex_distance(parse_field(f), g) for g in start) for f in (near, "j10")]
    assert steps == [10, 12]
    (finding,) = [f for f in validate(board).findings if f.code == "machines-asymmetric"]
    assert finding.message == (
        "the machines' stacks are not equally far from seat 1 (Red)'s start (field steps: "
        f"{near}: 10, j10: 12): the one on {near} reaches it first; place them at equal "
        "distances"
    )
    assert finding.where.field == near
