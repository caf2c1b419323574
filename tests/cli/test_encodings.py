"""fabgen where the terminal, pipe or file is not UTF-8: a Windows console or redirect
(cp1252, cp437), ``LC_ALL=C`` without Python's UTF-8 mode, ``PYTHONIOENCODING=ascii`` or
a Latin-1 locale. Output is never a UnicodeEncodeError nor bytes the stream's encoding
cannot decode; files stay UTF-8 and byte for byte the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ZOE_BOARD = """\
[board]
name = "zoe-board"
description = "Zoë’s board – 4 × 4 → 3 ≤ 120°"
handedness = "cw"
origin = "b2"
turns = "clockwise"
tiles = [
  [-1, 2], [-1, 1], [0, 1], [-1, 0], [0, 0], [1, 0], [-1, -1], [0, -1],
  [1, -1], [2, -1],
]

[[players]]
name = "Zoë"
colour = "red"
start = [-1, -1]

[[players]]
name = "李"
colour = "blue"
start = [-1, 2]

[[players]]
name = "Ana"
colour = "green"
start = [2, -1]
"""

LOCALES = {
    "ascii": ({"PYTHONIOENCODING": "ascii"}, "ascii"),
    "C": ({"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}, "ascii"),
    "cp1252": ({"PYTHONIOENCODING": "cp1252"}, "cp1252"),
    "cp437": ({"PYTHONIOENCODING": "cp437"}, "cp437"),
    "latin-1": ({"PYTHONIOENCODING": "latin-1"}, "latin-1"),
}


def _env(locale: str) -> dict[str, str]:
    drop = {"PYTHONIOENCODING", "PYTHONUTF8", "LC_ALL", "LC_CTYPE", "LANG"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, **LOCALES[locale][0]} if locale != "utf-8" else env


def _fabgen(locale: str, *args, **kwargs) -> subprocess.CompletedProcess[bytes]:
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "fabgen", *map(str, args)],
        stderr=subprocess.PIPE,
        env=_env(locale),
        timeout=120,
        **kwargs,
    )


@pytest.fixture
def zoe(tmp_path) -> Path:
    path = tmp_path / "zoe.toml"
    path.write_text(ZOE_BOARD, encoding="utf-8")
    return path


@pytest.mark.parametrize("locale", sorted(LOCALES))
@pytest.mark.parametrize(
    "args", [["tile", "--help"], ["boards"], ["validate", "{zoe}"], ["sheet", "--count", "1"]]
)
def test_piped_output_is_plain_ascii_with_typography_spelled_out(tmp_path, zoe, locale, args):
    # Before: with an ASCII stream click wrote UTF-8 past the wrapper ("4 \xc3\x97 4").
    args = [a.format(zoe=zoe) for a in args] + (["--out", tmp_path] if args[0] == "sheet" else [])
    done = _fabgen(locale, *args)
    assert (done.returncode, done.stderr) == (0, b"")
    text = done.stdout.decode("ascii")  # a pipe in anything but UTF-8 gets ASCII
    expected = {
        "tile": "width = pitch x\n",
        "boards": "diamond of 4 x 4 tiles",
        "validate": "seat 1 (Zo\\u00eb) and seat 3 (Ana)",
        "sheet": "600x400 mm",
    }[args[0]]
    assert expected in text
    if args[0] == "validate":
        assert "(120 deg)" in text


@pytest.mark.parametrize("locale", ["C", "ascii", "cp437"])
def test_an_error_message_is_one_paragraph_the_stream_can_hold(tmp_path, locale):
    # Before: click printed a BadInput after the wrapper was gone, in UTF-8 under C.
    board = tmp_path / "b.toml"
    board.write_text(ZOE_BOARD.replace('name = "zoe-board"', 'name = "zoë – board"'), "utf-8")
    done = _fabgen(locale, "validate", board)
    assert done.returncode == 2
    text = done.stderr.decode("ascii")
    assert text.count("\n") == 1 and "Traceback" not in text
    assert 'found the string "zo\\u00eb - board"' in text


@pytest.mark.parametrize("locale", ["cp1252", "latin-1", "C"])
def test_a_board_file_redirected_into_a_file_reads_back(cli, tmp_path, locale):
    # Before: on a cp1252 or Latin-1 redirect the header's "i·A" was one byte 0xB7,
    # and `fabgen validate` refused the file it had just written as not UTF-8.
    board = tmp_path / "board.toml"
    with board.open("wb") as out:
        assert _fabgen(locale, "boards", "--show", "4p-butterfly", stdout=out).returncode == 0
    board.read_bytes().decode("utf-8")
    # reading the file back does not depend on a stream: validate runs in-process
    assert cli("validate", board).exit_code == 0


@pytest.fixture(scope="module")
def utf8_json(tmp_path_factory) -> bytes:
    """``fabgen validate zoe.toml --format json`` printed to a UTF-8 pipe, run once for
    the module (the same bytes for each locale's test)."""
    path = tmp_path_factory.mktemp("zoe") / "zoe.toml"
    path.write_text(ZOE_BOARD, encoding="utf-8")
    return _fabgen("utf-8", "validate", path, "--format", "json").stdout


@pytest.mark.parametrize("locale", ["cp1252", "C"])
def test_printed_json_keeps_every_name(tmp_path, zoe, utf8_json, locale):
    # Names a stream cannot hold are JSON escapes: the JSON decodes to the same names
    # (before: "?" under cp1252, raw UTF-8 under C).
    done = _fabgen(locale, "validate", zoe, "--format", "json")
    assert done.returncode == 0
    printed = json.loads(done.stdout.decode("ascii"))
    message = printed["findings"][0]["message"]
    assert "seat 1 (Zoë)" in message
    assert utf8_json.count(b"\xc3\xab") == 1


def test_a_terminal_gets_what_its_encoding_holds(zoe):
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "fabgen", "validate", zoe],
        stdout=slave,
        stderr=slave,
        env=_env("latin-1"),
    ) as process:
        os.close(slave)
        data = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            data += chunk
    os.close(master)
    assert process.returncode == 0
    assert b"seat 1 (Zo\xeb)" in data  # Latin-1's own letter, not an escape


def test_files_are_the_same_bytes_whatever_the_locale(tmp_path, zoe):
    outputs = {}
    for locale in ["utf-8", "C", "cp1252"]:
        out = tmp_path / locale
        done = _fabgen(locale, "tile", "--label", "Zoë 李 × 2", "--out", out)
        assert done.returncode == 0
        outputs[locale] = {p.name: p.read_bytes() for p in sorted(out.iterdir())}
    assert outputs["utf-8"] == outputs["C"] == outputs["cp1252"]
    assert "Zoë 李" in outputs["C"]["tile.svg"].decode("utf-8")


@pytest.mark.parametrize("locale", ["C", "cp1252"])
def test_utf8_board_files_are_read_with_and_without_a_bom(tmp_path, zoe, locale):
    with_bom = tmp_path / "bom.toml"
    with_bom.write_bytes(b"\xef\xbb\xbf" + zoe.read_bytes())
    for path in (zoe, with_bom):
        assert _fabgen(locale, "validate", path).returncode == 0


@pytest.mark.parametrize("locale", ["C", "cp1252"])
def test_a_latin1_board_file_says_where_and_what_to_do(tmp_path, locale):
    board = tmp_path / "latin1.toml"
    board.write_bytes(ZOE_BOARD.replace("’", "'").encode("latin-1", "replace"))
    done = _fabgen(locale, "validate", board)
    assert done.returncode == 2
    text = done.stderr.decode("ascii" if locale == "C" else "cp1252")
    assert text.count("\n") == 1
    assert "is not UTF-8 text (byte 44): save it as UTF-8" in text
    assert 'line 3, column 18 has the byte 0xEB, "\\u00eb"' in text
    assert "Windows-1252 or Latin-1" in text
