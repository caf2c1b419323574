"""Boards as Atlantis transcripts (the first position of a game), both ways."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from fabgen.board.files import load_preset, preset_names, read_board
from fabgen.board.model import Board, Seat
from fabgen.board.transcript_io import (
    board_to_transcript,
    board_transcript_text,
    parse_board_transcript,
)
from fabgen.board.validate import validate
from fabgen.errors import InputFileError
from fabgen.geometry.lattice import Handedness
from fabgen.rules.names import parse_field
from fabgen.rules.setup import hexagon_segments
from fabgen.rules.transcript import parse_transcript

DATA = Path(__file__).parent / "data"
BROKEN = Path(__file__).parent / "broken"


@pytest.mark.parametrize("name", preset_names())
def test_a_preset_written_as_a_transcript_reads_back_as_the_same_board(name):
    board = load_preset(name)
    again = parse_board_transcript(board_transcript_text(board), name=name)
    assert again.tiles == board.tiles
    assert again.seats == board.seats
    assert (again.handedness, again.origin) == (board.handedness, board.origin)


@pytest.mark.parametrize("name", preset_names())
def test_the_rules_engine_reads_the_exported_start(name):
    board = load_preset(name)
    transcript = parse_transcript(board_transcript_text(board))  # the strict reader
    assert transcript.position == board.position()
    for k in range(len(board.seats)):
        assert transcript.position.stacks(k) == board.seats[k].stack_map


def test_start_tiles_are_written_field_by_field_in_lower_case():
    board = load_preset("6p-hexagon-19")
    players = json.loads(board_transcript_text(board))["players"]
    assert [p["name"] for p in players] == ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"]
    for k, p in enumerate(players):
        # one stone on each of the seven fields of the seat's start tile
        (t,) = board.start_tiles(k)
        assert [parse_field(key) for key in p["stacks"]] == list(board.tiles[t].fields)
        assert set(p["stacks"].values()) == {1}
    assert board_to_transcript(board).turns is None


def test_the_19_tile_hexagon_is_the_online_version_board():
    board = load_preset("6p-hexagon-19")
    online = {f for segment in hexagon_segments(2) for f in segment}
    assert set(board.fields) == online


def test_a_hand_written_transcript_of_the_online_setup():
    board = read_board(DATA / "online-setup-2p.json")
    assert board.name == "online-setup-2p"
    assert (board.handedness, board.origin) == (Handedness.CW, (1, 1))
    # segment (i, j) of the online setup is tile (j - i, i) of ours
    online_ij = [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1)]
    assert [t.coord for t in board.tiles] == [(j - i, i) for i, j in online_ij]
    assert all(t.fields[0] == t.centre for t in board.tiles)  # centre first, as ours
    assert set(board.fields) == {f for s in hexagon_segments(1) for f in s}
    assert [(s.name, s.colour) for s in board.seats] == [("Alice", "red"), ("Bob", "blue")]
    assert board.start_tiles(0) == (5,) and board.start_tiles(1) == (6,)
    assert board.tiles[5].centre == parse_field("e4")
    report = validate(board)
    assert report.ok
    assert "seat-rotation" in report.codes()  # corners (1, 1) and (-1, -1): a half turn


def test_a_position_from_the_middle_of_a_game():
    board = read_board(DATA / "mid-game.json")
    assert board.seats[0].stack_map == {
        parse_field("a1"): 2,
        parse_field("b1"): -1,
        parse_field("a2"): 0,
    }
    report = validate(board)
    assert "not-a-start" in report.codes("info")
    assert "start-volatile" not in report.codes()


def test_broken_contents_are_findings_not_read_errors():
    board = read_board(BROKEN / "overlapping-segments.json")
    assert len(board.tiles) == 3
    with pytest.raises(InputFileError, match="already in segment 0"):
        parse_transcript((BROKEN / "overlapping-segments.json").read_text())
    codes = validate(board).codes("error")
    assert codes == ["field-in-two-tiles", "field-shared"]


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ('{"format": "Atlantis transcript", "version": "1.0"}', "$", '"segments" is missing'),
        ('{"format": "x", "version": "1.0", "segments": []}', "$.format", "expected"),
        (
            '{"format": "Atlantis transcript", "version": "1.0", "segments": [["a1", "q"]]}',
            "$.segments[0][1]",
            "'q' is not a field name",
        ),
        (
            '{"format": "Atlantis transcript", "version": "1.0", "segments": [["a1"]], '
            '"players": [{"stacks": {"a1": "2"}}]}',
            "$.players[0].stacks.a1",
            "expected a whole number",
        ),
        ("[1, 2", None, "is not valid JSON"),
        (
            '{"format": "Atlantis transcript", "version": "1.0", "segments": []}',
            "$.segments",
            "the board has no segments: list at least one",
        ),
        (
            '{"format": "Atlantis transcript", "version": "1.0", "segments": [["a1"]], '
            '"players": [{"name": "A\\u0000"}]}',
            "$.players[0].name",
            "contains a control character: remove it",
        ),
        (
            '{"format": "Atlantis transcript", "version": "1.0", "segments": [["a1"], []]}',
            "$.segments[1]",
            "a segment must list at least one field",
        ),
    ],
)
def test_a_file_that_is_no_transcript_is_refused_with_its_json_path(text, where, message):
    with pytest.raises(InputFileError) as caught:
        parse_board_transcript(text, "game.json")
    assert caught.value.where == where
    assert message in caught.value.detail


def test_free_form_segments_survive_the_round_trip():
    board = Board.from_tiles(
        [(0, 0)],
        free_tiles=[[(5, 5), (6, 5), (6, 6)]],
        seats=[Seat("A", "red", (((5, 5), 3),)), Seat("B", None, (((0, 0), 1),))],
    )
    again = parse_board_transcript(board_transcript_text(board))
    assert again.tiles == board.tiles and again.seats[0] == board.seats[0]
    assert again.seats[1] == replace(board.seats[1], colour="blue")  # seat 2's colour
