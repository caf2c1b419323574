"""The Atlantis transcript format: exact round trips, and clear errors with JSON paths."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.errors import InputFileError
from fabgen.rules.names import field_name
from fabgen.rules.setup import online_segment_centre, segment_fields
from fabgen.rules.state import Status
from fabgen.rules.transcript import (
    json_path,
    parse_transcript,
    read_transcript,
    transcript_from_json,
    transcript_from_position,
    transcript_to_json,
    write_transcript,
)
from fabgen.rules.turn import replay


def segment(i: int, j: int) -> list[str]:
    """Field names of the online setup's segment (i, j)."""
    return [field_name(f) for f in segment_fields(online_segment_centre(i, j))]


# Three segments of the online setup: (0, 0) centred on b2, (-1, -1) centred on -b0
# (negative coordinates on both axes) and (0, 1) centred on d1.
BOARD = [segment(0, 0), segment(-1, -1), segment(0, 1)]


#: The seats of :func:`game` without their names (nor colours).
NAMELESS = [{"stacks": {"B2": 1, "e2": 2}}, {"stacks": {"-b0": 2, "-c-1": -1, "-b-1": 0}}]


def game(**changes) -> dict:
    obj = {
        "format": "Atlantis transcript",
        "version": "1.0",
        "segments": copy.deepcopy(BOARD),
        "players": [
            {"name": "Red", "color": "#d62728", "stacks": {"B2": 1, "e2": 2}},
            {"name": "Blue", "stacks": {"-b0": 2, "-c-1": -1, "-b-1": 0}},
        ],
        "turns": [[["b2", "b3"], ["e2", "c2"]], [], [["a1", "-a1"]]],
    }
    if "events" in changes and "turns" not in changes:
        del obj["turns"]
    obj.update(changes)
    return obj


def test_the_example_game_reads_with_segment_keys_and_negative_coordinates():
    t = transcript_from_json(game())
    pos = t.position
    assert BOARD[0][0] == "b2" and BOARD[1][0] == "-b0"
    for name in BOARD[0]:  # "B2" stands for all seven fields of the segment around b2
        assert pos.stones(name) == 1 and pos.owner(name) == 0
    assert (pos.stones("-b0"), pos.owner("-b0")) == (2, 1)
    assert (pos.status("-c-1"), pos.stones("-c-1")) == (Status.GROWING, 1)
    assert (pos.status("-b-1"), pos.owner("-b-1")) == (Status.DEAD, 1)
    assert [len(turn) for turn in t.move_list] == [2, 0, 1]


@pytest.mark.parametrize("key", ["turns", "events"])
def test_reading_and_writing_round_trip_exactly(key):
    obj = game()
    if key == "events":
        obj["events"] = [{"type": "turn", "moves": moves} for moves in obj.pop("turns")]
    t = transcript_from_json(json.loads(json.dumps(obj)))
    back = transcript_to_json(t)
    # Blue has no colour: it is written with the one it is drawn in (seat 2's).
    obj["players"][1] = {"name": "Blue", "color": "blue", "stacks": obj["players"][1]["stacks"]}
    assert back == obj
    assert list(back) == list(obj)  # key order too
    assert list(back["players"][1]) == ["name", "color", "stacks"]
    assert list(back["players"][1]["stacks"]) == ["-b0", "-c-1", "-b-1"]
    text = write_transcript(t)
    assert parse_transcript(text) == transcript_from_json(obj)
    assert write_transcript(parse_transcript(text)) == text


def test_every_player_is_written_with_a_colour_as_it_is_drawn():
    # The online engine drops a player without a colour string, and every turn with it.
    from fabgen.draw.position import player_colour

    players = [{"stacks": {f"{c}1": 1}} for c in "abcdefg"[:6]]
    players[2]["color"] = "#123456"
    obj = game(players=players, segments=[[f"{c}1" for c in "abcdef"]], turns=[])
    written = transcript_to_json(transcript_from_json(obj))["players"]
    colours = [p["color"] for p in written]
    assert colours == ["red", "blue", "#123456", "yellow", "purple", "orange"]
    for k, p in enumerate(written):
        assert player_colour(p["color"], k) == player_colour(players[k].get("color"), k)


def test_a_blank_colour_is_written_as_none_and_any_other_as_given():
    """ "" or spaces is no colour (as the board checks and drawings take it): written as
    the seat's place's, which the online engine can draw; it was written as "". A colour
    fabgen cannot draw ("teal") is the online game's to draw and passes as given
    (docs/design-notes.md, *The board checks*)."""
    players = [{"stacks": {f"{c}1": 1}} for c in "abcd"]
    for player, colour in zip(players, ["", "  ", "teal", " Teal "], strict=True):
        player["color"] = colour
    obj = game(players=players, segments=[[f"{c}1" for c in "abcd"]], turns=[])
    text = write_transcript(transcript_from_json(obj))
    colours = [p["color"] for p in json.loads(text)["players"]]
    assert colours == ["red", "blue", "teal", " Teal "]
    assert write_transcript(parse_transcript(text)) == text


def test_written_text_is_stable_and_readable():
    text = write_transcript(transcript_from_json(game()))
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and text.endswith("}\n")
    assert '    ["b2", "c2", "c3", "b3", "a2", "a1", "b1"],' in lines
    assert '    [["b2", "b3"], ["e2", "c2"]],' in lines
    expected = game()
    expected["players"][1] = {"name": "Blue", "color": "blue", **expected["players"][1]}
    assert json.loads(text) == expected


names = st.builds(lambda x, y: field_name((x, y)), st.integers(-60, 60), st.integers(-60, 60))


@settings(deadline=None, max_examples=60)
@given(
    st.lists(st.lists(names, min_size=1, max_size=4), min_size=1, max_size=4),
    st.lists(st.tuples(names, names), max_size=6),
    st.sampled_from(["turns", "events", None]),
    st.booleans(),
)
def test_any_board_and_moves_round_trip(segments, moves, key, with_players):
    seen: set = set()
    segments = [[n for n in s if not (n in seen or seen.add(n))] for s in segments]
    segments = [s for s in segments if s]
    obj = {"format": "Atlantis transcript", "version": "1.0", "segments": segments}
    if with_players:  # (with the colours written for seats without one)
        obj["players"] = [{"color": "red", "stacks": {segments[0][0]: 3}}, {"name": "B"}]
        obj["players"][1]["color"] = "blue"
    if key == "turns" and with_players:
        obj["turns"] = [[list(m) for m in moves], []]
    elif key == "events" and with_players:
        obj["events"] = [{"type": "turn", "moves": [list(m) for m in moves]}]
    t = transcript_from_json(obj)
    assert transcript_to_json(t) == obj
    assert parse_transcript(write_transcript(t)) == t


def test_a_final_position_round_trips_through_its_transcript():
    obj = game()
    obj["players"][1]["color"] = "blue"  # (a seat without one is written with one)
    t = transcript_from_json(obj)
    final = replay(t.position, t.move_list)
    back = parse_transcript(write_transcript(transcript_from_position(final)))
    assert back.position == final
    assert (back.next_player, back.turns_played) == (1, 3)


# --- errors -----------------------------------------------------------------------


def error_for(obj) -> InputFileError:
    with pytest.raises(InputFileError) as info:
        if isinstance(obj, str):
            parse_transcript(obj, "game.json")
        else:
            transcript_from_json(obj, "game.json")
    error = info.value
    assert "\n" not in str(error)
    assert str(error).startswith("game.json")
    return error


def test_bad_json_says_where():
    error = error_for('{"format": "Atlantis transcript",\n  "segments": [["a1",]]}')
    assert "is not valid JSON" in str(error)
    assert "line 2, column" in str(error)


GAME = '{"format": "Atlantis transcript",\n "version": "1.0",\n "segments": [["a1", "b1"]]}'


def test_a_text_with_a_byte_order_mark_reads_as_a_file_with_one_does():
    # A file's BOM is dropped as it is read; the same text sent to the web API said
    # "Unexpected UTF-8 BOM (decode using utf-8-sig)".
    text = json.dumps(game())
    assert parse_transcript("\ufeff" + text, "game.json") == parse_transcript(text, "game.json")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (GAME.replace('"b1"]]', '"b1"],]'), 'line 3, column 28: the line is "\\"segments\\": '),
        (GAME.replace('"b1"]]', '"b1"],]'), "remove the comma before the ]: JSON allows none"),
        (GAME.replace('"1.0",', '"1.0"'), "a comma is missing at the end of line 2: "),
        (GAME.replace('"1.0",', '"1.0",,'), 'the line is "\\"version\\": \\"1.0\\",,"; two commas'),
        (GAME.replace('"1.0",', '"1.0"').replace("\n", "\r\n"), "at the end of line 2: "),
        (GAME.replace('"1.0",\n', '"1.0"\n\n'), "at the end of line 2: "),  # not the blank 3
        (GAME[:40], "the file ends before its last ] or }: it looks cut off"),
        (GAME[:-3], "the file ends before its last ] or }: it looks cut off"),
        (GAME.replace('"b1"', '"b1\t"'), "a tab inside a string (between its quotes): remove it"),
        (GAME.replace('"1.0"', '"1.0'), 'a string is not closed on its line: end it with "'),
        (GAME.replace('"b1"', '"b1'), 'a string is not closed: end it with "'),
        (GAME.replace(",\n", ", // Ann's game\n", 1), "JSON has no comments: remove it"),
        (GAME.replace('"', "'"), "JSON writes text in double quotes"),
        (GAME.replace('"b1"', "b1"), 'text goes in double quotes: "b1"'),
        (GAME + "}", "the file goes on after its JSON object has ended"),
        (GAME.replace('"1.0"', "+2"), "JSON numbers have no plus sign: a stack is n stones on"),
        (" \n", "the file is empty; fabgen boards --show NAME --as transcript writes"),
    ],
)
def test_a_json_mistake_says_its_line_and_what_to_do(text, words):
    # Python's words alone ("Expecting value at line 3, column 29") named no mistake,
    # and some ("Invalid control character at") read "at at line".
    message = str(error_for(text))
    assert "is not valid JSON: " in message and words in message, message
    assert " at at " not in message


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        ({"format": "Atlantis"}, "$.format", 'expected "Atlantis transcript"'),
        ({"version": "2.0"}, "$.version", "version 1.0"),
        ({"segment": []}, "$.segment", "unknown key 'segment'"),
        ({"segments": "a1 b1"}, "$.segments", "expected a list of segments"),
        ({"segments": [["a1", 3]]}, "$.segments[0][1]", "expected a field name"),
        ({"segments": [["a1", "c"]]}, "$.segments[0][1]", "'c' is not a field name"),
        ({"segments": [["a1", "C3"]]}, "$.segments[0][1]", "'C3' is not a field name"),
        ({"segments": [["a1"], []]}, "$.segments[1]", "at least one field"),
        ({"segments": [[0, 0], [1, 0]]}, "$.segments[0]", "found the tile coordinates [0, 0]: "),
        (
            {"players": [{"start": [0, 0]}]},
            "$.players[0].start",
            "(a start tile is a board file's: a transcript gives a seat's stones in stacks,",
        ),
        ({"segments": []}, "$.segments", "no segments"),
        ({"segments": [["a1", "b1"], ["c1", "a1"]]}, "$.segments[1][1]", "already in segment 0"),
        ({"players": {"name": "Red"}}, "$.players", "expected a list of players"),
        ({"players": ["Red"]}, "$.players[0]", "expected a JSON object"),
        (
            {"players": [{"colour": "red"}]},
            "$.players[0].colour",
            "unknown key 'colour' (did you mean color? a transcript spells it as the online",
        ),
        ({"player": []}, "$.player", "unknown key 'player' (did you mean players?): the keys"),
        ({"segment": []}, "$.segment", "(did you mean segments?)"),
        ({"players": [{"stones": {}}]}, "$.players[0].stones", "(did you mean stacks?)"),
        ({"next-player": 1}, '$["next-player"]', "(did you mean next_player?)"),
        ({"notes": "x"}, "$.notes", "unknown key 'notes': the keys allowed here are format,"),
        (
            {"events": [{"type": "turn", "player": "Ann", "moves": []}]},
            "$.events[0].player",
            "(a turn's seat follows from its place: turns go round the seats from next_player",
        ),
        ({"players": [{"name": 7}]}, "$.players[0].name", "expected a string"),
        (
            {"players": [{"kind": "Machine"}]},
            "$.players[0].kind",
            'unknown kind "Machine" (did you mean "machine"?): use one of',
        ),
        ({"players": [{"kind": "Extreme Machine"}]}, "$.players[0].kind", '"extreme-machine"?)'),
        ({"players": [{"kind": "robot"}]}, "$.players[0].kind", 'unknown kind "robot": use one'),
        (
            {"players": [{"name": "n" * 201}]},
            "$.players[0].name",
            'the name "nnnnnnnnnnnn"... (201 characters) is too long',
        ),
        ({"players": [{"stacks": [1]}]}, "$.players[0].stacks", "expected a JSON object"),
        ({"players": [{"stacks": {"c3x": 1}}]}, "$.players[0].stacks.c3x", "not a stack key"),
        ({"players": [{"stacks": {"b2": 1.0}}]}, "$.players[0].stacks.b2", "whole number"),
        ({"players": [{"stacks": {"b2": True}}]}, "$.players[0].stacks.b2", "found true"),
        ({"players": [{"stacks": {"b2": "1"}}]}, "$.players[0].stacks.b2", 'the string "1"'),
        # stacks copied from the text board: the number to write
        ({"players": [{"stacks": {"b2": "3"}}]}, "$.players[0].stacks.b2", "write 3 without"),
        ({"players": [{"stacks": {"b2": "2A"}}]}, "$.players[0].stacks.b2", "; write 2 without"),
        (
            {"players": [{"stacks": {"b2": "+2A"}}]},
            "$.players[0].stacks.b2",
            "; write -2 without quotes (a growing field's stones are negative here)",
        ),
        ({"players": [{"stacks": {"b2": "#"}}]}, "$.players[0].stacks.b2", "write 0 for a dead"),
        ({"players": [{"stacks": {"b2": "."}}]}, "$.players[0].stacks.b2", "leave an empty field"),
        ({"players": [{"stacks": {"z9": 1}}]}, "$.players[0].stacks.z9", "z9 is not on the board"),
        (
            {"players": [{"stacks": {"-z9": 1}}]},
            '$.players[0].stacks["-z9"]',
            "-z9 is not on the board",
        ),
        ({"players": [{"stacks": {"C3": 1}}]}, "$.players[0].stacks.C3", "d3 is not on the board"),
        (
            {"players": [{"stacks": {"b2": 1}}, {"stacks": {"b2": 2}}]},
            "$.players[1].stacks.b2",
            "seat 1 already has it ($.players[0])",
        ),
        (
            {"players": [{"stacks": {"c2": 1}}, {"stacks": {"B2": 2}}]},
            "$.players[1].stacks.B2",
            "seat 1 already has it ($.players[0])",
        ),
        ({"players": [{"stacks": {"B2": 1, "c3": 2}}]}, "$.players[0].stacks.c3", "given twice"),
        ({"turns": {"0": []}}, "$.turns", "expected a list of turns"),
        ({"turns": [["b2-b3"]]}, "$.turns[0][0]", "a pair of field names"),
        # a pass as people write it, and a turn typed as text
        ({"turns": [None]}, "$.turns[0]", "found null; a pass is written as [], an empty list"),
        ({"turns": ["Pass"]}, "$.turns[0]", 'found the string "Pass"; a pass is written as []'),
        ({"turns": [[[]]]}, "$.turns[0]", "a pass is written as [], an empty list of moves; found"),
        ({"turns": [["pass"]]}, "$.turns[0]", 'an empty list of moves; found ["pass"]'),
        ({"turns": ["B2 to B3"]}, "$.turns[0]", 'write the turn as [["b2", "b3"]], a list of'),
        (
            {"events": [{"type": "turn", "moves": None}]},
            "$.events[0].moves",
            "a pass is written as []",
        ),
        (
            {"turns": [[["b2", "b3", "b4"]]]},  # its path written out
            "$.turns[0][0]",
            'a list of 3; a move names only where its stones start and end: write ["b2", "b4"]',
        ),
        ({"turns": [[], [["b2", "B3"]]]}, "$.turns[1][0][1]", "'B3' is not a field name"),
        ({"events": [{"type": "move", "moves": []}]}, "$.events[0].type", '"type": "turn"'),
        ({"events": [{"type": "turn"}]}, "$.events[0]", 'needs "moves"'),
        ({"events": [{"type": "turn", "moves": [], "at": 3}]}, "$.events[0].at", "unknown key"),
        ({"events": [], "turns": []}, "$.events", "not both"),
        ({"players": []}, "$.players", "list of players is empty"),
        ({"next_player": 2}, "$.next_player", "not a player index (0 to 1)"),
        ({"next_player": -1}, "$.next_player", "whole number >= 0"),
        (
            {"next_player": "blue "},  # a seat's name, as people say whose turn it is
            "$.next_player",
            'counted from 0; for seat 2 (Blue) write "next_player": 1',
        ),
        ({"next_player": "Green"}, "$.next_player", 'whole number >= 0, found the string "Green"'),
        (  # seats without names: a seat's colour, its place's (seat 2 is drawn blue)
            {"players": NAMELESS, "next_player": "Blue"},
            "$.next_player",
            'counted from 0; for seat 2 (Blue) write "next_player": 1',
        ),
        (  # or the one the file writes
            {"players": [{**NAMELESS[0], "color": "green"}, NAMELESS[1]], "next_player": "green"},
            "$.next_player",
            'counted from 0; for seat 1 (Green) write "next_player": 0',
        ),
        ({"turns_played": 1.5}, "$.turns_played", "whole number >= 0"),
        ({"game_over": "no"}, "$.game_over", "true or false"),
        ({"scores": [1, None]}, "$.scores[1]", "found null"),
    ],
)
def test_malformed_transcripts_name_the_json_path(change, where, words):
    error = error_for(game(**change))
    assert error.where == where
    assert words in error.detail
    assert str(error) == f"game.json at {where}: {error.detail}"


def test_missing_keys_and_wrong_top_level():
    assert "expected a JSON object" in str(error_for("[1, 2]"))
    obj = game()
    del obj["format"]
    assert 'the key "format" is missing' in str(error_for(obj))
    obj = game()
    del obj["segments"]
    assert 'the key "segments" is missing' in str(error_for(obj))
    obj = game()
    del obj["players"]
    error = error_for(obj)
    assert error.where == "$.turns" and "no players" in error.detail


def test_a_key_given_twice_is_an_error_not_silently_dropped():
    text = json.dumps(game()).replace('"B2": 1', '"B2": 1, "B2": 2')
    error = error_for(text)
    assert error.where == "$.players[0].stacks.B2"
    assert "given twice" in error.detail


def test_a_board_without_players_is_readable_but_has_no_game():
    obj = game()
    del obj["players"], obj["turns"]
    t = transcript_from_json(obj)
    assert len(t.board) == 21
    with pytest.raises(InputFileError, match="no players"):
        _ = t.position


def test_files_that_cannot_be_read(tmp_path):
    with pytest.raises(InputFileError, match="no such file"):
        read_transcript(tmp_path / "missing.json")
    with pytest.raises(InputFileError, match="is a folder"):
        read_transcript(tmp_path)
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"players": [{"name": "Jos\xe9"}]}'.encode("latin-1"))
    with pytest.raises(InputFileError, match="is not UTF-8 text"):
        read_transcript(latin)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(game()), encoding="utf-8")
    assert read_transcript(good).position.players[0].name == "Red"


def test_json_paths_quote_keys_that_are_not_identifiers():
    assert json_path(("players", 1, "stacks", "c3")) == "$.players[1].stacks.c3"
    assert json_path(("players", 0, "stacks", (-1, 0))) == '$.players[0].stacks["-a1"]'
    assert json_path(()) == "$"


@given(st.integers(2, 6), st.data())
def test_a_next_player_counted_from_1_is_refused_with_the_number_to_write(count, data):
    """A player typing a position in wrote next_player 2 for the second of two seats."""
    from fabgen.rules.setup import start_position

    names = data.draw(
        st.lists(st.sampled_from(["Ann", "Ben", "Cas", "Dee"]), min_size=count, max_size=count)
    )
    game = json.loads(write_transcript(transcript_from_position(start_position(1, count))))
    for player, name in zip(game["players"], names, strict=True):
        player["name"] = name
    game["next_player"] = count
    with pytest.raises(InputFileError) as info:
        parse_transcript(json.dumps(game), "table.json")
    said = str(info.value)
    assert said.endswith(f"it counts from 0, so seat {count} ({names[-1]}) is {count - 1}")
    game["next_player"] = int(said.rsplit(" is ", 1)[1])  # as the message says
    assert parse_transcript(json.dumps(game)).position.next_player == count - 1


@given(st.sampled_from([BOARD[0], BOARD[2]]), st.integers(1, 6))  # (Blue's is BOARD[1])
def test_an_upper_case_key_typed_for_one_field_says_it_stands_for_seven(tile, k):
    """'B2': 3 typed for the field b2, beside another stack on its segment: the message
    named that field as given twice and said nothing of the upper case."""
    centre, other = tile[0], tile[k]
    red = {"name": "Red", "stacks": {other: 2, centre.upper(): 3}}
    with pytest.raises(InputFileError) as info:
        transcript_from_json(game(players=[red, game()["players"][1]], turns=[]))
    said = str(info.value)
    assert f"the upper-case key {centre.upper()} stands for all seven fields of the " in said
    assert f"centred on {centre}, {other} among them" in said
    assert said.endswith(f"(for the field {centre} alone, write it in lower case)")
    red["stacks"] = {other: 2, centre: 3}  # as the message says
    pos = transcript_from_json(game(players=[red, game()["players"][1]], turns=[])).position
    assert (pos.stones(centre), pos.stones(other)) == (3, 2)
