"""Transcripts for the online version (docs/design-notes.md, rule 10): every transcript fabgen
writes names stacks by lower-case field names, which the online engine reads; an
upper-case whole-segment key would be dropped there (and with it the player)."""

from __future__ import annotations

import json

import pytest

from fabgen.board.files import load_preset, preset_names
from fabgen.rules.names import parse_field, segment_key
from fabgen.rules.setup import segment_fields
from fabgen.rules.transcript import parse_transcript


def stack_keys(text: str) -> list[str]:
    return [key for p in json.loads(text).get("players", ()) for key in p.get("stacks", {})]


def assert_lower_case_field_keys(text: str) -> None:
    keys = stack_keys(text)
    assert keys, "the transcript names no stacks"
    for key in keys:
        assert key == key.lower(), f"upper-case stack key {key!r}"
        parse_field(key)  # a field name, not a segment key


@pytest.mark.parametrize("name", preset_names())
def test_boards_show_as_transcript_writes_field_keys(cli, name):
    result = cli("boards", "--show", name, "--as", "transcript")
    assert result.exit_code == 0, result.output
    assert_lower_case_field_keys(result.output)


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_start_round_trips_stone_for_stone(cli, name):
    board = load_preset(name)
    text = cli("boards", "--show", name, "--as", "transcript").output
    position = parse_transcript(text).position  # the strict reader of the rules engine
    for k, seat in enumerate(board.seats):
        # the same stones on the same fields, seat by seat
        assert position.stacks(k) == dict(seat.stacks)
    # every stone of the file is one of the board's (nothing added by expansion)
    written = {
        (k, parse_field(f)): v
        for k, p in enumerate(json.loads(text)["players"])
        for f, v in p["stacks"].items()
    }
    assert written == {(k, f): v for k, s in enumerate(board.seats) for f, v in s.stacks}


def test_layout_start_file_writes_field_keys(cli, tmp_path):
    # fabgen build's board folder takes this same file from layout_files
    result = cli("layout", "--preset", "3p-triangle-4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert_lower_case_field_keys((tmp_path / "3p-triangle-4-start.json").read_text())


def test_rules_replay_json_writes_field_keys(cli, tmp_path):
    start = tmp_path / "start.json"
    start.write_text(cli("boards", "--show", "2p-diamond-4", "--as", "transcript").output)
    result = cli("rules", "replay", start, "--format", "json")
    assert result.exit_code == 0, result.output
    assert_lower_case_field_keys(result.output)


def test_upper_case_segment_keys_are_still_read():
    centre = (4, 3)
    text = json.dumps(
        {
            "format": "Atlantis transcript",
            "version": "1.0",
            "segments": [[f"{chr(97 + x)}{y + 1}" for x, y in segment_fields(centre)]],
            "players": [{"stacks": {segment_key(centre): 1}}],
        }
    )
    position = parse_transcript(text).position
    assert position.stacks(0) == dict.fromkeys(segment_fields(centre), 1)


def test_the_kit_board_folder_writes_field_keys():
    from fabgen.kitbuild.kitfile import load_kit
    from fabgen.kitbuild.plan import plan_kit
    from fabgen.kitbuild.render import _board_product

    plan = plan_kit(load_kit(None))  # the default kit
    files = _board_product(plan)
    (start,) = [
        name for name in files if name.startswith("board/") and name.endswith("-start.json")
    ]
    assert_lower_case_field_keys(files[start].decode("utf-8"))
