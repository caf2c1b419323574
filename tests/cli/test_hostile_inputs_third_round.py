"""Hostile inputs, third round (docs/design-notes.md, *Safe writing and bounded input*):
odd files and values on every command a user runs end in one paragraph with exit code 2
(1 for validate's findings), or work; none hangs, prints a traceback or writes a file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fabgen.board.boardfile import board_to_toml
from fabgen.board.files import load_preset
from fabgen.board.transcript_io import board_transcript_text

PRESET = "3p-triangle-4"
BOARD = board_to_toml(load_preset(PRESET))
TRANSCRIPT = board_transcript_text(load_preset(PRESET))


def refused(result, *says: str, code: int = 2) -> None:
    """Exit ``code``, one paragraph on stderr saying each of ``says``, no traceback."""
    err = result.stderr.strip()
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and "Usage:" not in err
    if code == 2:
        assert err.startswith("Error: ") and "\n" not in err, err
    for words in says:
        assert words in result.output, result.output


def _seats(count: int) -> str:
    head = BOARD.split("[[players]]")[0]
    starts = [[-1, -1], [-1, 2], [2, -1], [-1, 1], [0, 1], [-1, 0], [0, 0]]
    return head + "".join(
        f'\n[[players]]\nname = "P{k}"\ncolour = "{c}"\nstart = {starts[k]}\n'
        for k, c in zip(
            range(count), ["red", "blue", "green", "yellow", "white", "black", "grey"], strict=False
        )
    )


def _tile(value: str) -> str:
    first = BOARD.index("tiles = [") + len("tiles = [")
    end = BOARD.index("]", first) + 1
    return BOARD[:first] + f"\n  [{value}, 2]," + BOARD[end + 1 :]


# name -> (bytes of a board file, or a special; what validate says; exit code of validate)
BOARD_FILES = {
    "empty": (b"", "the [board] table is missing", 2),
    "BOM": (b"\xef\xbb\xbf" + BOARD.encode(), None, 0),
    "CRLF": (BOARD.replace("\n", "\r\n").encode(), None, 0),
    "UTF-16": (BOARD.encode("utf-16"), "the file is UTF-16 text", 2),
    # without its byte order mark (read as UTF-8: "Invalid initial character for a key")
    "UTF-16 no BOM": (BOARD.encode("utf-16-le"), "the file is UTF-16 text", 2),
    "NaN tile": (_tile("nan").encode(), "the number nan is not a whole number", 2),
    "inf tile": (_tile("-inf").encode(), "the number -inf is not a whole number", 2),
    "huge tile": (_tile("1e308").encode(), "the number 1e+308 is not a whole number", 2),
    "-0.0 tile": (_tile("-0.0").encode(), "-0.0 is a decimal number; write 0", 2),
    "key twice": (BOARD.replace('name = "Red"', 'name = "Red"\nname = "R"').encode(), "twice", 2),
    "no seats": (_seats(0).encode(), "the board has 0 seats", 1),
    "seven seats": (_seats(7).encode(), "the board has 7 seats", 1),
    "long name": (
        BOARD.replace('name = "Red"', f'name = "{"R" * 10_000}"').encode(),
        "(10000 characters) is too long",
        2,
    ),
    "folder": ("folder", "is a folder", 2),
    "FIFO": ("fifo", "is not a regular file", 2),
    "/dev/zero": ("/dev/zero", "is not a regular file", 2),
    "/dev/urandom": ("/dev/urandom", "is not a regular file", 2),
}


def _make(tmp_path: Path, content, suffix: str) -> Path:
    path = tmp_path / f"input{suffix}"
    if content == "folder":
        path.mkdir()
    elif content == "fifo":
        os.mkfifo(path)  # read_bytes refuses it by its stat: no open, no hang
    elif isinstance(content, str):
        return Path(content)
    else:
        path.write_bytes(content)
    return path


@pytest.mark.parametrize("case", sorted(BOARD_FILES))
@pytest.mark.parametrize("command", ["validate", "layout", "balance"])
def test_odd_board_files(cli, tmp_path, command, case):
    content, says, code = BOARD_FILES[case]
    path = _make(tmp_path, content, ".toml")
    out = tmp_path / "out"
    extra = {"layout": ["--paper", "a4"], "balance": ["--games", "1", "--players", "random"]}
    args = [command, path, *extra.get(command, [])]
    if command != "validate":
        args += ["--jobs", "1"] * (command == "balance") + ["--out", out]
        code = 2 if code == 1 else code  # a board with an error is not laid out or played
        says = "player-count" if case in ("no seats", "seven seats") else says
    result = cli(*args)
    if code == 0:
        assert result.exit_code == 0, result.output
        return
    if code == 1:
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert says in result.output, result.output
    else:
        refused(result, says)
    assert not out.exists()


def _transcript(edit) -> bytes:
    data = json.loads(TRANSCRIPT)
    edit(data)
    return json.dumps(data).encode()


TRANSCRIPTS = {
    "empty": (b"", "is not valid JSON"),
    "BOM": (b"\xef\xbb\xbf" + TRANSCRIPT.encode(), None),
    "CRLF": (TRANSCRIPT.replace("\n", "\r\n").encode(), None),
    "UTF-16": (TRANSCRIPT.encode("utf-16"), "the file is UTF-16 text"),
    "key twice": (
        TRANSCRIPT.replace('"version"', '"format": "x", "version"', 1).encode(),
        "the key 'format' is given twice",
    ),
    "deep lists": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "deep objects": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested too deeply"),
    "NaN": (
        TRANSCRIPT.replace('"players"', '"scores": [NaN], "players"', 1).encode(),
        "found the number nan",
    ),
    "no seats": (_transcript(lambda d: d.update(players=[], turns=[[]])), "players is empty"),
    "nine seats": (_transcript(lambda d: d.update(players=d["players"] * 3)), "9 "),
    "long name": (
        _transcript(lambda d: d["players"][0].update(name="R" * 10_000)),
        "(10000 characters) is too long",
    ),
    "folder": ("folder", "is a folder"),
    "FIFO": ("fifo", "is not a regular file"),
    "/dev/zero": ("/dev/zero", "is not a regular file"),
}


@pytest.mark.parametrize("case", sorted(TRANSCRIPTS))
@pytest.mark.parametrize("command", ["rules replay", "rules turn", "rules machine", "validate"])
def test_odd_transcripts(cli, tmp_path, command, case):
    content, says = TRANSCRIPTS[case]
    path = _make(tmp_path, content, ".json")
    extra = {"rules machine": ["--budget", "20"]}.get(command, [])
    result = cli(*command.split(), path, *extra)
    if says is None:
        assert result.exit_code == 0, result.output
    elif command == "validate" and case == "nine seats":  # a finding of the board's
        assert result.exit_code == 1 and "the board has 9 seats" in result.output
    elif command == "rules replay":  # (it reports each file on its own line, no "Error:")
        assert result.exit_code == 2 and says in result.output, result.output
        assert "Traceback" not in result.output
    else:
        refused(result, says)


KIT_FILES = {
    "empty name": ('[kit]\nname = ""\n', "kit.name: is empty (or only spaces)"),
    "blank name": ('[kit]\nname = "  "\n', "kit.name: is empty (or only spaces)"),
    "empty board": ('[kit]\nboard = ""\n', "kit.board: is empty"),
    "NaN width": ("[tile]\nwidth = nan\n", "nan is not a finite number"),
    "inf kerf": ("[tile]\nkerf = -inf\n", "-inf is not a finite number"),
    "huge width": ("[tile]\nwidth = 1e308\n", "outside the allowed range"),
    "board a folder": ('[kit]\nboard = "adir"\n', "is a folder"),
    "board a FIFO": ('[kit]\nboard = "fifo.toml"\n', "is not a regular file"),
    "board /dev/zero": ('[kit]\nboard = "/dev/zero"\n', "is not a regular file"),
    "no seats and players": (
        '[kit]\nboard = "seats.toml"\nplayers = 3\n',
        "the board has 0 seats",
    ),
}


@pytest.mark.parametrize("case", sorted(KIT_FILES))
def test_odd_kit_files(cli, tmp_path, case):
    text, says = KIT_FILES[case]
    (tmp_path / "adir").mkdir()
    os.mkfifo(tmp_path / "fifo.toml")
    (tmp_path / "seats.toml").write_text(_seats(0))
    (tmp_path / "kit.toml").write_text(text)
    out = tmp_path / "out"
    result = cli("build", tmp_path / "kit.toml", "--out", out, "-q")
    assert result.exit_code == 2 and says in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()
    # A board with no people was told "set players = 0", which would not help.
    assert "set players = 0" not in result.output


@pytest.mark.parametrize("kit", ["folder", "fifo", "/dev/zero", "/dev/urandom"])
def test_a_kit_file_that_is_no_file(cli, tmp_path, kit):
    result = cli("build", _make(tmp_path, kit, ".toml"), "--out", tmp_path / "out")
    refused(result, "is a folder" if kit == "folder" else "is not a regular file")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "command", [["validate"], ["layout"], ["balance"], ["rules", "replay"], ["build"]]
)
def test_an_empty_file_name_is_no_folder(cli, tmp_path, command):
    """Click made "" the current folder, "." in the message: "is a folder"."""
    out = ["--out", tmp_path / "out"] if command[0] in ("layout", "balance", "build") else []
    result = cli(*command, "", *out)
    refused(result, "the file name given is empty: give the path of")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rules", "turn", "{start}", "--svg", "{file}"], "--svg {file} is a file, not a folder"),
        (["rulesheet", "--out", "{file}"], "--out {file} is a file, not a folder"),
        (["rulesheet", "--out", ""], "--out is empty: give the folder to write into"),
        (["rulesheet", "--out", "{file}/sub"], "exists and is not a folder"),
        (["serve", "--port", "0", "--games-dir", "{file}"], "--games-dir {file} is a file"),
    ],
)
def test_a_bad_folder_is_one_paragraph(cli, tmp_path, args, says):
    """Click's usage error put the usage and a hint before the message."""
    (tmp_path / "file").write_text("keep")
    (tmp_path / "start.json").write_text(TRANSCRIPT)
    names = {"file": tmp_path / "file", "start": tmp_path / "start.json"}
    result = cli(*(a.format(**names) for a in args))
    refused(result, says.format(**names))
    assert (tmp_path / "file").read_text() == "keep"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seed", "-1"], "--seed -1 is outside the allowed range"),
        (["--games", "0"], "--games 0 is outside the allowed range"),
        (["--jobs", "0"], "--jobs 0 is outside the allowed range"),
        (["--jobs", "100000"], "--jobs 100000 is outside the allowed range"),
        (["--max-turns", "0"], "--max-turns 0 is outside the allowed range"),
    ],
)
def test_balance_flags_out_of_range(cli, tmp_path, args, says):
    result = cli("balance", "--preset", PRESET, "--games", "1", *args, "--out", tmp_path / "o")
    refused(result, says)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    "args",
    [["boards"], ["balance", "--preset", PRESET, "--games", "2", "--jobs", "1", "--out", "{tmp}"]],
)
def test_a_terminal_five_columns_wide(tmp_path, args):
    from click.testing import CliRunner

    from fabgen.cli import main

    args = [a.format(tmp=tmp_path) for a in args]
    result = CliRunner().invoke(main, args, env={"COLUMNS": "5", "LINES": "0"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_an_empty_host_does_not_open_the_server_to_the_network(cli, monkeypatch, tmp_path):
    """ "" listened on every address of the computer, as 0.0.0.0 does, unasked."""
    from fabgen.cli import serve_cmd

    def never(*args):
        raise AssertionError("fabgen serve listened with an empty --host")

    monkeypatch.setattr(serve_cmd, "_run", never)
    result = cli("serve", "--host", "", "--port", "0", "--games-dir", tmp_path / "games")
    refused(result, "--host is empty", "0.0.0.0")
    assert not (tmp_path / "games").exists()


def test_a_relative_xdg_data_home_is_ignored(monkeypatch, tmp_path):
    """As the XDG specification says: it made a games folder wherever serve started."""
    from fabgen.web.games import default_games_dir

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    assert default_games_dir() == tmp_path / "home" / ".local" / "share" / "fabgen" / "games"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_games_dir() == tmp_path / "data" / "fabgen" / "games"


def test_a_default_games_folder_that_cannot_be_made_names_no_flag_given(cli, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "/dev/null")
    result = cli("serve", "--port", "0")
    refused(result, "the default games folder /dev/null/fabgen/games", "give --games-dir")
    assert "leave --games-dir out" not in result.output


def test_candidates_without_suggest_starts_is_refused(cli, tmp_path):
    """It was ignored: the games were played and the setups never tried."""
    result = cli("balance", "--preset", PRESET, "--candidates", "5", "--out", tmp_path / "o")
    refused(result, "--candidates only works with --suggest-starts")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("name", ["   ", " "])
def test_a_seat_name_of_spaces_is_no_name(cli, tmp_path, name):
    """It was shown as "seat 1 (   )"; now as a seat without a name, "seat 1"."""
    board = tmp_path / "board.toml"
    board.write_text(BOARD.replace('name = "Red"', f"name = {json.dumps(name)}"))
    game = tmp_path / "game.json"
    game.write_bytes(_transcript(lambda d: d["players"][0].update(name=name)))
    for path in (board, game):
        result = cli("validate", path)
        assert result.exit_code == 0, result.output
        assert "seat 1 and seat 3 (Green)" in result.output, result.output
    replay = cli("rules", "replay", game)
    assert replay.exit_code == 0 and "1. seat 1: 0," in replay.output, replay.output


def test_a_very_long_input_path_is_named_by_its_end(cli, tmp_path):
    """A path of 5,000 characters was printed whole in the one paragraph."""
    path = "/".join(["d" * 200] * 25) + "/board.toml"
    result = cli("validate", path)
    refused(result, f"d/board.toml (a path of {len(path):,} characters): cannot read the board")
    assert len(result.stderr) < 400


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("board.json", BOARD, "its content is a board file (TOML): name it .toml"),
        ("game.toml", TRANSCRIPT, "its content is a transcript (JSON): name it .json"),
    ],
)
def test_a_file_named_as_the_other_format_says_so(cli, tmp_path, name, content, says):
    """It said only "is not valid JSON" (or TOML) of a file that is valid in the other."""
    (tmp_path / name).write_text(content)
    refused(cli("validate", tmp_path / name), says)


@pytest.mark.parametrize("command", ["rules turn", "rules machine"])
def test_a_board_file_given_for_a_game_says_so(cli, tmp_path, command):
    (tmp_path / "board.toml").write_text(BOARD)
    result = cli(*command.split(), tmp_path / "board.toml")
    refused(result, "it is a board file (TOML), not a game", "NAME-start.json")


def test_a_transcript_that_is_no_json_gets_no_hint(cli, tmp_path):
    (tmp_path / "game.json").write_text("{ not json")
    result = cli("rules", "turn", tmp_path / "game.json")
    refused(result, "is not valid JSON")
    assert "its content is" not in result.output and "board file" not in result.output


@pytest.mark.parametrize("command", [["validate"], ["build"]])
def test_a_toml_file_of_megabytes_is_refused_before_it_is_read(cli, tmp_path, command):
    """tomllib took 10 s and more over a 16 MiB file before any message (the cap of
    every input file); a board or kit file is a few KiB."""
    from fabgen.inputs import MAX_TOML_BYTES

    path = tmp_path / "big.toml"
    path.write_text("[board]\nx = [" + "1," * (MAX_TOML_BYTES // 2) + "]\n")
    result = cli(*command, path, *(["--out", tmp_path / "o"] if command == ["build"] else []))
    refused(result, "is 1.0 MiB; a board or kit file (TOML) may have 1.0 MiB")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("stones", [101, -101, 10**29])
def test_a_game_with_a_stack_beyond_a_hundred_is_refused(cli, tmp_path, stones):
    """10**29 stones on a field were played and drawn a hundred columns wide; the
    validator reports it as a board's stack-too-high, as for board files."""
    game = tmp_path / "game.json"
    game.write_bytes(_transcript(lambda d: d["players"][0].update(stacks={"a1": stones})))
    for command in ("rules replay", "rules turn", "rules machine"):
        result = cli(*command.split(), game)
        assert result.exit_code == 2, result.output
        assert f"at $.players[0].stacks.a1: {abs(stones):,} stones on one field" in (result.output)
    result = cli("validate", game)
    assert result.exit_code == 1 and "stack-too-high" in result.output, result.output


def test_a_game_with_a_stack_of_a_hundred_is_played(cli, tmp_path):
    game = tmp_path / "game.json"
    game.write_bytes(_transcript(lambda d: d["players"][0].update(stacks={"a1": 100})))
    assert cli("rules", "replay", game).exit_code == 0


def test_simulated_games_that_never_end_say_what_that_means(cli):
    """Machine seats never move: every game reaches the turn cap. It said only "no game
    finished of 2"."""
    result = cli("validate", "--preset", PRESET, "--simulate", "2", "--players", "machine")
    assert result.exit_code == 0, result.output
    assert (
        "warning [seat-balance] no game of 2 finished within 1,000 turns: the seats' wins say "
        "nothing" in result.output
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["balance", "--preset", PRESET, "--variant", "x"], "--variant 'x' is not one of"),
        (["layout", "--preset", PRESET, "--paper", "x"], "--paper 'x' is not one of"),
        (["validate", "--preset", PRESET, "--format", "x"], "--format 'x' is not one of"),
        (["boards", "--as", "x"], "--as 'x' is not one of 'toml', 'transcript'"),
    ],
)
def test_a_wrong_choice_is_one_paragraph(cli, args, says):
    """Click's usage error put the usage and a hint before it; a wrong number was
    already one paragraph."""
    refused(cli(*args), says)
