"""Hostile inputs a user can hit, through the command line: every one ends with a
message and exit code 2 (bad input) or 1 (a finding), never a traceback."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import click
import pytest

from fabgen.board.files import load_preset
from fabgen.board.findings import MAX_STACK
from fabgen.board.transcript_io import board_transcript_text

BROKEN = Path(__file__).parents[1] / "board" / "broken"
LONG = "n" * 300  # longer than the 255 bytes a name may have on common file systems
PRESET = "2p-diamond-4"


@pytest.fixture
def start(tmp_path) -> Path:
    """A transcript of a board's start position."""
    path = tmp_path / "start.json"
    path.write_text(board_transcript_text(load_preset(PRESET)))
    return path


# Every command that takes --out, with the arguments it needs to get as far as writing.
OUT_COMMANDS = {
    "tile": [],
    "sheet": ["--count", "1"],
    "stones": ["--count", "0"],
    "layout": ["--preset", PRESET],
    "balance": ["--preset", PRESET, "--games", "1"],
    "rulesheet": [],
    "build": [],
    "rules machine": ["{start}", "--play", "--budget", "20"],
}


def commands_with_out(group: click.Group, prefix: str = ""):
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from commands_with_out(command, f"{prefix}{name} ")
        elif any(p.name == "out_dir" for p in command.params):
            yield prefix + name


def test_the_list_holds_every_command_with_out():
    from fabgen.cli import main

    assert set(commands_with_out(main)) == set(OUT_COMMANDS)


@pytest.mark.parametrize("command", sorted(OUT_COMMANDS))
@pytest.mark.parametrize("where", ["{tmp}/" + LONG, "{tmp}/" + LONG + "/sub", "{tmp}/a/" + LONG])
def test_an_out_name_too_long_is_a_clear_error(cli, tmp_path, start, command, where):
    args = [a.format(start=start) for a in OUT_COMMANDS[command]]
    result = cli(*command.split(), *args, "--out", where.format(tmp=tmp_path))
    assert result.exit_code == 2, result.output
    assert "longer than the file system allows" in result.output
    assert f"{LONG[:24]}...(300 characters)" in result.output  # shortened, not 300 n's
    assert sorted(p.name for p in tmp_path.iterdir()) == ["start.json"]  # nothing made


def test_a_file_name_too_long_is_a_clear_error_and_leaves_nothing(cli, tmp_path):
    result = cli("tile", "--name", LONG, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "longer than the file system allows" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: (d / "loop").symlink_to("loop"), "symbolic link in --out leads back to itself"),
        (lambda d: (d / "loop").symlink_to(d / "missing"), "symbolic link to something that"),
        (lambda d: (d / "loop").write_text("x"), "is a file|exists and is not a folder"),
    ],
    ids=["symlink-loop", "dangling-link", "a-file"],
)
def test_out_through_a_loop_a_dangling_link_or_a_file(cli, tmp_path, make, message):
    make(tmp_path)
    for out in (tmp_path / "loop", tmp_path / "loop" / "x"):
        result = cli("tile", "--out", out)
        assert result.exit_code == 2, result.output
        assert re.search(message, result.output)


# ---- files behind a symlink loop ---------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["build", "{loop}.toml"],
        ["validate", "{loop}.toml"],
        ["validate", "{loop}.json"],
        ["layout", "{loop}.toml", "--out", "{tmp}/out"],
        ["balance", "{loop}.toml", "--games", "1", "--out", "{tmp}/out"],
        ["rules", "replay", "{loop}.json"],
        ["rules", "machine", "{loop}.json"],
        ["rules", "turn", "{loop}.json"],
        ["check-alignment", "--from", "{loop}.svg"],
        ["check-alignment", "--from", "{loop}.dxf"],
        ["check-alignment", "--board", "{loop}.toml"],
    ],
    ids=lambda a: " ".join(a[:2]).replace("{loop}", "loop"),
)
def test_a_file_behind_a_symlink_loop_is_named(cli, tmp_path, args):
    loop = tmp_path / "loop"
    for suffix in ("", ".toml", ".json", ".svg", ".dxf"):
        link = loop.with_name("loop" + suffix)
        link.symlink_to(link.name)
    result = cli(*(a.format(loop=loop, tmp=tmp_path) for a in args))
    assert result.exit_code == 2, result.output
    assert "Too many levels of symbolic links" in result.output
    assert not (tmp_path / "out").exists()


def test_a_kit_naming_a_board_behind_a_symlink_loop(cli, tmp_path):
    (tmp_path / "board.toml").symlink_to("board.toml")
    kit = tmp_path / "kit.toml"
    kit.write_text('[kit]\nboard = "board.toml"\n')
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "cannot read the board file or transcript: Too many levels" in result.output


# ---- numbers of thousands of digits ------------------------------------------------------

DIGITS = "9" * 5000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check-alignment", "--patch", f"{DIGITS}x2"], "(5002 characters) is not ROWSxCOLS"),
        (["check-alignment", "--patch", f"2x{DIGITS}"], "is not ROWSxCOLS"),
        (["tile", "--width", DIGITS], "(5000 characters) is not a number fabgen uses"),
        (["sheet", "--count", DIGITS], "is not a whole number fabgen uses"),
        (["validate", "--preset", PRESET, "--seed", DIGITS], "is not a whole number"),
        (["stones", "--seat", DIGITS], "--seat must be 1 to 6"),
        (["stones", "--bed", f"{DIGITS}x100"], "is not WIDTHxDEPTH"),
        (["sheet", "--sheet", f"{DIGITS}x100"], "(5000 characters) is outside the allowed range"),
    ],
    ids=lambda v: v[:2] if isinstance(v, list) else None,
)
def test_long_digit_strings_in_flags(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output) < 1000  # the number is not echoed whole


def test_long_integers_in_files(cli, tmp_path, start):
    board = (BROKEN / "huge-stack.toml").read_text().replace("1000000000000000000", DIGITS)
    (tmp_path / "board.toml").write_text(board)
    (tmp_path / "kit.toml").write_text(f"[stones]\nstones_per_player = {DIGITS}\n")
    transcript = json.loads(start.read_text())
    (tmp_path / "game.json").write_text(
        json.dumps(transcript)[:-1] + f', "turns_played": {DIGITS}' + "}"
    )
    for args, message in [
        (["validate", tmp_path / "board.toml"], "an integer with thousands of digits"),
        (["build", tmp_path / "kit.toml"], "an integer with thousands of digits"),
        (["validate", tmp_path / "game.json"], "an integer of 5,000 digits; no value"),
        (["rules", "replay", tmp_path / "game.json"], "an integer of 5,000 digits; no value"),
        (["rules", "machine", tmp_path / "game.json"], "an integer of 5,000 digits; no value"),
    ]:
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "set_int_max_str_digits" not in result.output


# ---- boards that validate and layout used to accept -------------------------------------


@pytest.mark.parametrize(
    ("name", "code"), [("start-twice.toml", "field-shared"), ("huge-stack.toml", "stack-too-high")]
)
def test_validate_and_layout_refuse_a_start_twice_and_a_huge_stack(cli, tmp_path, name, code):
    result = cli("validate", BROKEN / name, "--format", "json")
    assert result.exit_code == 1
    errors = [f for f in json.loads(result.output)["findings"] if f["severity"] == "error"]
    assert [f["code"] for f in errors] == [code]
    if code == "stack-too-high":
        assert f"at most {MAX_STACK} on a field" in errors[0]["message"]
    result = cli("layout", BROKEN / name, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert f"the board has 1 error: [{code}] " in result.output
    assert not (tmp_path / "out").exists()
    result = cli("balance", BROKEN / name, "--games", "1", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert code in result.output


# ---- JSON output with hostile names ------------------------------------------------------

# C0 and C1 control characters, DEL, bidi overrides, quotes, backslashes and line
# separators (a lone surrogate is refused: see below).
NAMES = [
    "R\x01e\x1bd\x1f",
    "a\x00b",
    'back\\slash"quote',
    "line\u2028sep\u2029",
    "del\x7fnel\x85csi\x9b31m",
    "bidi\u202eevil",
    "tab\tnew\nline",
    "emoji 😀 שלום",
]


def hostile_game(tmp_path: Path, start: Path, name: str) -> Path:
    transcript = json.loads(start.read_text())
    transcript["players"][0]["name"] = name
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(transcript))  # ASCII: the lone surrogate as an escape
    return path


def decoded(text: str) -> object:
    return json.loads(text)


@pytest.mark.parametrize("name", NAMES, ids=range(len(NAMES)))
def test_every_json_output_stays_valid_json_with_any_player_name(cli, tmp_path, start, name):
    game = hostile_game(tmp_path, start, name)
    replay = cli("rules", "replay", game, "--format", "json")
    assert replay.exit_code == 0
    (line,) = replay.output.split("\n")[:-1]  # one JSON object per line (newline only)
    assert decoded(line)["players"][0]["name"] == name
    machine = cli("rules", "machine", game, "--format", "json", "--budget", "20")
    assert machine.exit_code == 0
    assert decoded(machine.output)["name"] == name
    out = tmp_path / "next"
    played = cli("rules", "machine", game, "--play", "--budget", "20", "--out", out)
    assert played.exit_code == 0, played.output
    longer = json.loads((out / game.name).read_text("utf-8"))
    assert longer["players"][0]["name"] == name  # written exactly, surrogate escaped
    assert len(longer["turns"]) == 1


@pytest.mark.parametrize("key", ["name", "color"])
def test_half_a_character_in_a_name_is_refused_alike_by_validate_and_the_rules(
    cli, tmp_path, start, key
):
    # "\ud800" (a lone surrogate) was refused by validate but printed as "?" by rules
    # replay, turn and machine, and written escaped into the next transcript
    transcript = json.loads(start.read_text())
    transcript["players"][1][key] = "Zo\ud800e"
    game = tmp_path / "half.json"
    game.write_text(json.dumps(transcript))  # ASCII: the lone surrogate as an escape
    out = tmp_path / "next"
    commands = [
        ("validate", game),
        ("rules", "replay", game),
        ("rules", "turn", game),
        ("rules", "machine", game, "--play", "--budget", "20", "--out", out),
    ]
    said = set()
    for args in commands:
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        (line,) = result.output.splitlines()  # one paragraph
        said.add(line)
    assert said == {
        f'Error: {game} at $.players[1].{key}: contains "\\ud800", half of a character (a '
        "lone surrogate: a JSON escape without its other half), which no file or screen "
        "can show: remove it, or write the character itself"
    }
    assert not out.exists()


@pytest.mark.parametrize(
    "name", ['back\\slash"quote', "emoji 😀 שלום", "line\u2028sep", "tab\tnew\nline", "a\x00b"]
)
def test_validate_json_keeps_printable_names(cli, tmp_path, start, name):
    game = hostile_game(tmp_path, start, name)
    result = cli("validate", game, "--format", "json")
    if "\x00" in name:  # names go onto the setup diagram: refused with a message
        assert result.exit_code == 2
        assert "contains a control character" in result.output
        return
    # a line break or tab is read as a space, as the rules commands name the seat
    assert result.exit_code == 0, result.output
    assert decoded(result.output)["board"]["name"] == "hostile"


def strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


def test_check_alignment_json_with_control_characters_in_element_ids(cli, tmp_path):
    cli("tile", "--out", tmp_path)
    parts = (tmp_path / "tile.svg").read_text().split("<circle ")
    hostile = "&#x7f;&#x85;&#x9b;&#92;&quot;"  # DEL, NEL, CSI, a backslash and a quote
    svg = parts[0] + "".join(f'<circle id="c{k}{hostile}" {p}' for k, p in enumerate(parts[1:]))
    (tmp_path / "ids.svg").write_text(svg)
    result = cli("check-alignment", "--from", tmp_path / "ids.svg", "--format", "json")
    assert result.exit_code == 0, result.output
    assert "\\x" not in result.output  # no invalid \\x escapes
    named = [s for s in strings(decoded(result.output)) if '\x7f\x85\x9b\\"' in s]
    assert named, "the ids come back exactly"


def choice_options(group: click.Group, prefix: str = ""):
    """(command words, flag) of every option with a list of choices."""
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from choice_options(command, f"{prefix}{name} ")
            continue
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(param.type, click.Choice):
                yield prefix + name, param.opts[0]


def test_a_long_wrong_choice_is_quoted_by_its_start(cli):
    from fabgen.cli import main

    found = sorted(choice_options(main))
    assert ("balance", "--variant") in found and ("tile", "--format") in found
    for command, flag in found:
        result = cli(*command.split(), flag, LONG)
        assert result.exit_code == 2, (command, flag, result.output)
        assert f"'{LONG[:12]}'... (300 characters) is not one of" in result.output, result.output
        assert LONG[:40] not in result.output
        short = cli(*command.split(), flag, "nope")  # a short one is quoted whole
        assert "'nope' is not one of" in short.output, short.output


HUGE = "q" * 3000
BOARD_EDITS = {  # (text in the preset's board file, what replaces it)
    "board name": ('name = "2p-diamond-4"', f'name = "{HUGE}"'),
    "handedness": ('handedness = "cw"', f'handedness = "{HUGE}"'),
    "origin": ('origin = "b2"', f'origin = "{HUGE}"'),
    "turns": ('turns = "clockwise"', f'turns = "{HUGE}"'),
    "player name": ('name = "Red"', f'name = "{HUGE}"'),
    "colour": ('colour = "red"', f'colour = "{HUGE}"'),
    "start": ("start = [-2, -2]", f'start = "{HUGE}"'),
    "key": ("[board]\n", f"[board]\n{HUGE} = 1\n"),
    "player key": ('colour = "red"', f'colour = "red"\n{HUGE} = 2'),
}


def _told_briefly(result) -> None:
    """Refused (exit 2) with a message that quotes the long input by its start."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert HUGE[:100] not in result.output, result.output[:300]
    assert max(len(line) for line in result.output.splitlines()) < 400


@pytest.mark.parametrize("edit", sorted(BOARD_EDITS))
def test_a_board_file_with_a_long_value_is_quoted_briefly(cli, tmp_path, edit):
    from fabgen.board.boardfile import board_to_toml

    old, new = BOARD_EDITS[edit]
    text = board_to_toml(load_preset(PRESET))
    assert old in text
    path = tmp_path / "board.toml"
    path.write_text(text.replace(old, new, 1))
    for command in (["validate"], ["layout", "--out", str(tmp_path / "out")]):
        _told_briefly(cli(*command, path))
    assert not (tmp_path / "out").exists()


TRANSCRIPT_EDITS = {
    "format": lambda d: d.__setitem__("format", HUGE),
    "version": lambda d: d.__setitem__("version", HUGE),
    "key": lambda d: d.__setitem__(HUGE, 1),
    "segment field": lambda d: d["segments"][0].__setitem__(0, HUGE),
    "player name": lambda d: d["players"][0].__setitem__("name", HUGE),
    "player key": lambda d: d["players"][0].__setitem__(HUGE, 1),
    "kind": lambda d: d["players"][0].__setitem__("kind", HUGE),
    "stack field": lambda d: d["players"][0]["stacks"].__setitem__(HUGE, 1),
    "stack value": lambda d: d["players"][0]["stacks"].__setitem__("a6", HUGE),
    "move": lambda d: d.__setitem__("turns", [[[HUGE, "a6"]]]),
    "event": lambda d: d.__setitem__("events", [HUGE]),
}


@pytest.mark.parametrize("edit", sorted(TRANSCRIPT_EDITS))
def test_a_transcript_with_a_long_value_is_quoted_briefly(cli, tmp_path, start, edit):
    data = json.loads(start.read_text())
    TRANSCRIPT_EDITS[edit](data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    _told_briefly(cli("validate", path))
    _told_briefly(cli("rules", "replay", path))


@pytest.mark.parametrize(
    "text",
    [f"[kit]\n{HUGE} = 1\n", f"[{HUGE}]\nx = 1\n", f'[tile]\nkerf = "{HUGE}"\n'],
    ids=["key", "section", "value"],
)
def test_a_kit_file_with_a_long_key_or_value_is_quoted_briefly(cli, tmp_path, text):
    path = tmp_path / "kit.toml"
    path.write_text(text)
    _told_briefly(cli("build", path, "--out", tmp_path / "out"))
    assert not (tmp_path / "out").exists()


def test_a_board_name_from_a_long_file_name_is_cut_to_the_longest_allowed():
    from fabgen.board.boardfile import MAX_BOARD_NAME, NAME_PATTERN, name_from_stem

    name = name_from_stem("my board " * 20)
    assert len(name) <= MAX_BOARD_NAME and NAME_PATTERN.fullmatch(name)
    assert name.startswith("my-board-my-board")
    assert name_from_stem("a" * (MAX_BOARD_NAME - 1) + "--b") == "a" * (MAX_BOARD_NAME - 1)


def _fabgen(args: list[str], **kwargs):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "fabgen", *args], stderr=subprocess.PIPE, text=True, **kwargs
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("args", [["boards"], ["tile", "--out", "{tmp}"]])
def test_output_to_a_full_disk_is_said_once_without_a_traceback(tmp_path, args):
    with open("/dev/full", "w") as full:
        done = _fabgen([a.format(tmp=tmp_path) for a in args], stdout=full)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("could not print fabgen's output (No space left on device)") == 1
    if args[0] == "tile":  # the files were written before their list was printed
        assert ET.parse(tmp_path / "tile.svg").getroot().tag.endswith("svg")


@pytest.mark.parametrize(
    ("encoding", "args"),
    [
        ("latin-1", ["boards"]),
        ("latin-1", ["validate", "--preset", "4p-butterfly"]),
        ("cp1252", ["rules", "replay", "{emoji}"]),
    ],
)
def test_output_in_an_encoding_without_its_characters_is_printed_replaced(tmp_path, encoding, args):
    import os
    import subprocess

    emoji = tmp_path / "emoji.json"
    emoji.write_text((Path(__file__).parents[1] / "board/data/online-setup-2p.json").read_text())
    emoji.write_text(emoji.read_text().replace("Alice", "Al😀ce"))
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    done = _fabgen(
        [a.format(emoji=emoji) for a in args], stdout=subprocess.PIPE, env=env, encoding=encoding
    )
    assert (done.returncode, done.stderr) == (0, "")
    if args[0] == "rules":
        assert "seat 1 (Al\\ud83d\\ude00ce)" in done.stdout


@pytest.mark.parametrize("args", [["boards"], ["tile", "--out", "{tmp}"]])
def test_a_closed_standard_output_is_no_error(tmp_path, args):
    import os

    done = _fabgen([a.format(tmp=tmp_path) for a in args], preexec_fn=lambda: os.close(1))
    assert (done.returncode, done.stderr) == (0, "")
    if args[0] == "tile":
        assert ET.parse(tmp_path / "tile.svg").getroot().tag.endswith("svg")
