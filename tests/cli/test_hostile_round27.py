"""Hostile inputs, another round (docs/design-notes.md, *Hostile inputs, round 27*): the
game commands (validate, layout, balance, rules replay/turn/machine) given names,
files and folders a careless or malicious user would give. Each test failed before its
fix; what was already right is listed in the design notes, not tested again here."""

from __future__ import annotations

import json

import pytest

from fabgen.board.boardfile import board_to_toml
from fabgen.board.files import load_preset
from fabgen.board.transcript_io import board_transcript_text

PRESET = "3p-triangle-4"
BOARD = board_to_toml(load_preset(PRESET))
TRANSCRIPT = board_transcript_text(load_preset(PRESET))
QUICK = {
    "layout": ["--paper", "a4"],
    "balance": ["--games", "1", "--players", "random", "--jobs", "1"],
}


def refused(result, *says: str) -> None:
    """Exit code 2, one paragraph on stderr saying each of ``says``, no traceback."""
    err = result.stderr.strip()
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "Usage:" not in err
    assert err.startswith("Error: ") and "\n" not in err, err
    for words in says:
        assert words in err, err


def board_named(tmp_path, name: str):
    path = tmp_path / "club.toml"
    quoted = json.dumps(name, ensure_ascii=False)
    path.write_text(BOARD.replace('name = "Red"', f"name = {quoted}"), "utf-8")
    return path


def game(tmp_path, edit, file="game.json"):
    data = json.loads(TRANSCRIPT)
    edit(data)
    path = tmp_path / file
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return path


# Names as people write them: each was refused as "the control character U+...".
WRITTEN = {
    "no-break space": "Jean\u00a0Paul",
    "ideographic space": "赤\u3000チーム",  # a Japanese input method's space
    "ZWNJ": "نیک\u200cنام",  # Persian
    "ZWJ emoji": "👩\u200d👩\u200d👧",
    "right-to-left mark": "שרה\u200f",
    "flag of Scotland": "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "an emoji newer than Python's tables": "Team \U0001fae8",
}


@pytest.mark.parametrize("case", sorted(WRITTEN))
def test_a_name_as_people_write_it_is_a_name(cli, tmp_path, case):
    """Board files and game files alike; layout's board file and start position read
    back with the name unchanged."""
    name = WRITTEN[case]
    assert cli("validate", board_named(tmp_path, name)).exit_code == 0
    path = game(tmp_path, lambda d: d["players"][0].update(name=name))
    assert cli("validate", path).exit_code == 0
    out = tmp_path / "out"
    result = cli("layout", board_named(tmp_path, name), *QUICK["layout"], "--out", out)
    assert result.exit_code == 0, result.output
    start = json.loads((out / f"{PRESET}-start.json").read_text("utf-8"))
    assert start["players"][0]["name"] == name
    assert cli("validate", out / f"{PRESET}.toml").exit_code == 0
    assert cli("rules", "replay", out / f"{PRESET}-start.json").exit_code == 0


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("\u202eRed", "U+202E (RIGHT-TO-LEFT OVERRIDE), which turns the text after it round"),
        ("Re\u200bd", "U+200B (ZERO WIDTH SPACE), an invisible character"),
        ("\ufeffRed", "U+FEFF (ZERO WIDTH NO-BREAK SPACE), an invisible character"),
        ("Re\u2028d", "U+2028 (LINE SEPARATOR), a line break"),
        ("Re\x1bd", "the control character U+001B"),
    ],
)
def test_what_turns_a_name_round_or_hides_in_it_is_named(cli, tmp_path, name, says):
    """Still refused, now by what it is (a bidi override is no "control character" to
    its writer, a zero-width space makes two seats' names look alike)."""
    refused(cli("validate", board_named(tmp_path, name)), f"players[0].name: contains {says}")


def test_a_game_files_name_is_kept_as_written(cli, tmp_path):
    """A game file's name was put on one line at every character str.split splits at:
    "Jean\\u00a0Paul" became "Jean Paul"; only line breaks and tabs are."""
    from fabgen.board import read_board

    path = game(tmp_path, lambda d: d["players"][0].update(name=WRITTEN["no-break space"]))
    assert read_board(path).seats[0].name == "Jean\u00a0Paul"


def test_a_board_beyond_the_fields_names_is_refused(cli, tmp_path):
    """origin = "a10001": layout wrote a start position every command refused to read
    ("field 'e10006' lies beyond ±10,000 fields")."""
    path = tmp_path / "far.toml"
    path.write_text(BOARD.replace('origin = "b2"', 'origin = "a10001"'), "utf-8")
    says = (
        "board.tiles[0]: tile [-1, 2] reaches field e10006, beyond ±10,000 fields (origin = "
        '"a10001")'
    )
    for command in ("validate", "layout", "balance"):
        out = tmp_path / "out"
        args = [] if command == "validate" else [*QUICK[command], "--out", out]
        refused(cli(command, path, *args), says)
        assert not out.exists()
    path.write_text(BOARD.replace('origin = "b2"', 'origin = "a9990"'), "utf-8")
    assert cli("validate", path).exit_code == 0  # (its fields reach row 9,995)


@pytest.mark.parametrize(
    "args",
    [
        ["layout", "--preset", PRESET, "--paper", "a4", "--out"],
        ["balance", "--preset", PRESET, "--games", "1", "--players", "random", "--out"],
        ["rules", "turn", "{game}", "--svg"],
        ["rules", "machine", "{game}", "--play", "--budget", "10", "--out"],
    ],
)
def test_dash_is_no_output_folder(cli, tmp_path, monkeypatch, args):
    """``--out -`` made a folder named "-" and wrote there, where a user who meant
    standard output never looked; a folder named "-" that exists is written into."""
    monkeypatch.chdir(tmp_path)
    path = game(tmp_path, lambda d: None)
    args = [a.format(game=path) for a in args]
    flag = args[-1]
    result = cli(*args, "-")
    refused(result, f"{flag} -: fabgen writes files into a folder, not to standard output")
    if args[1] == "machine":
        assert "without --out, --play prints the game" in result.stderr
    assert not (tmp_path / "-").exists()
    (tmp_path / "-").mkdir()
    assert cli(*args, "-").exit_code == 0
    assert any((tmp_path / "-").iterdir())


def _stl() -> bytes:
    import struct

    return b"\0" * 80 + struct.pack("<I", 1) + b"\0" * 50


# content -> what every game command says of it (they said "UTF-16 text" or "saved in
# Windows-1252 or Latin-1", and to save it as UTF-8)
BINARY = {
    "zeros": (b"\0" * 4096, "holds only zero bytes (4,096) and no text: a save cut short"),
    "PDF": (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj", "is a PDF document, not a "),
    "PNG": (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "is a PNG picture, not a "),
    "3MF": (b"PK\x03\x04\x14\0\0\0", "is a ZIP archive (a 3MF print plate"),
    "binary STL": (_stl(), "holds binary data (a zero byte at byte 0), not text"),
    "NUL after text": (b'{"format": 1}\0\x01\x02', "holds binary data (a zero byte at byte 13)"),
}


@pytest.mark.parametrize("case", sorted(BINARY))
@pytest.mark.parametrize("command", ["validate", "layout", "balance", "rules turn"])
def test_a_file_that_is_no_text_says_what_it_is(cli, tmp_path, case, command):
    data, says = BINARY[case]
    path = tmp_path / "board.json"
    path.write_bytes(data)
    out = tmp_path / "out"
    extra = [*QUICK[command], "--out", out] if command in QUICK else []
    result = cli(*command.split(), path, *extra)
    refused(result, says)
    assert "UTF-16" not in result.stderr and "Windows-1252" not in result.stderr
    assert not out.exists()


def test_utf16_text_is_still_named_so(cli, tmp_path):
    path = tmp_path / "board.toml"
    path.write_bytes(BOARD.encode("utf-16-le"))
    refused(cli("validate", path), "the file is UTF-16 text")


@pytest.mark.parametrize("command", ["validate", "layout", "balance"])
@pytest.mark.parametrize("number", [3, 10**20])
def test_a_game_files_next_player_out_of_range_is_refused_by_every_command(
    cli, tmp_path, command, number
):
    """validate, layout and balance read the game file that rules replay, turn and
    machine refused (next_player 3 of three seats); validate said 0 errors."""
    path = game(tmp_path, lambda d: d.update(next_player=number))
    out = tmp_path / "out"
    extra = [*QUICK[command], "--out", out] if command in QUICK else []
    counted = ": it counts from 0, so seat 3 (Green) is 2" if number == 3 else ""
    says = f"$.next_player: next player {number} is not a player index (0 to 2){counted}"
    refused(cli(command, path, *extra), says)
    assert not out.exists()


@pytest.mark.parametrize("key", ["scores", "places"])
def test_scores_of_another_number_of_players_are_refused(cli, tmp_path, key):
    """A replay's output read back with "scores": [1] for three players was taken."""
    path = game(tmp_path, lambda d: d.update({key: [1]}))
    for command in ("rules replay", "rules turn", "validate"):
        refused(cli(*command.split(), path), f"$.{key}: 1 number for 3 players")
    path = game(tmp_path, lambda d: d.update(scores=[0, 0, 0], places=[1, 1, 1]))
    assert cli("rules", "replay", path).exit_code == 0


def test_a_replays_output_reads_back(cli, tmp_path):
    path = game(tmp_path, lambda d: d.update(turns=[[["-d1", "-c1"]], []]))
    result = cli("rules", "replay", path, "--format", "json")
    assert result.exit_code == 0, result.output
    (tmp_path / "final.json").write_text(result.stdout, "utf-8")
    assert cli("rules", "replay", tmp_path / "final.json").exit_code == 0


@pytest.mark.parametrize(
    ("value", "most"),
    [(list(range(10**6)), 2**20), ([[] for _ in range(10**6)], 20 * 2**20)],
    ids=["a million numbers", "a million passes"],
)
def test_the_nesting_check_of_a_long_list_takes_no_copy_of_it(value, most):
    """check_nesting put every item on a stack with its depth (63 MiB for either list):
    a 15 MiB transcript of five million turns took 20 s and more before its refusal. A
    list of numbers or strings is now skipped by the kinds of its items."""
    import tracemalloc

    from fabgen.inputs import check_nesting

    tracemalloc.start()
    try:
        check_nesting(value, "game.json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < most, f"{peak:,} bytes"
