"""Hostile text (control characters, escapes, bidi overrides, RTL, emoji, long strings)
gives valid files or a clear refusal, and never reaches the terminal raw."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pytest
from ezdxf import recover

from fabgen.text import MAX_LABEL, TerminalSafe, clean_label, for_terminal, undecodable

HOSTILE = [
    "A\x1b[31mred\x1b[0m",
    "bell\x07nul\x00del\x7f c1\x9b",
    "\u202eevil\u202c \u2066iso\u2069",
    "שלום عربي",
    "😀🎲🏝️",
    "x" * 5000,
    "\ud800lone surrogate",
    "tab\tnew\nline",
]


@pytest.mark.parametrize("label", HOSTILE)
def test_tile_labels_give_valid_svg_and_dxf(tmp_path, cli, label):
    result = cli("tile", "--label", label, "--out", tmp_path)
    if undecodable(label):  # bytes that are not text: refused, not engraved in part
        assert result.exit_code == 2 and "not UTF-8 text" in result.output
        assert not list(tmp_path.iterdir())
        return
    if len(clean_label(label)) > 40:  # no room on the tile: a clear refusal, no file
        assert result.exit_code == 2 and "choose a shorter label" in result.output
        assert not list(tmp_path.iterdir())
        return
    assert result.exit_code == 0, result.output
    svg = ET.parse(tmp_path / "tile.svg")  # raises on characters XML forbids
    texts = [t.text or "" for t in svg.iter() if t.tag.endswith("text")]
    assert texts == [clean_label(label)]
    doc, auditor = recover.readfile(tmp_path / "tile.dxf")
    assert not auditor.has_errors
    dxf_texts = [e.dxf.text for e in doc.modelspace().query("TEXT MTEXT")]
    assert dxf_texts == [clean_label(label)]
    assert "\x1b" not in result.output


def test_clean_label_keeps_text_and_drops_controls():
    assert clean_label("שלום 😀") == "שלום 😀"
    assert clean_label("a\x1b[2Jb\u202ec") == "a[2Jbc"
    assert len(clean_label("x" * 5000)) == MAX_LABEL
    assert clean_label("a\nb") == "a b"


def test_terminal_output_shows_escapes_instead_of_running_them():
    assert for_terminal("a\x1b]0;title\x07b") == "a\\u001b]0;title\\u0007b"
    assert for_terminal("line\nnext\ttab") == "line\nnext\ttab"
    assert for_terminal("\u202e") == "\\u202e"


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "ascii", "utf-8"])
def test_terminal_output_is_written_in_what_the_encoding_holds(encoding):
    import io

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding)
    TerminalSafe(stream).write("0–33 % “ok” Al😀ce é\n")
    stream.flush()
    text = raw.getvalue().decode(encoding)
    if encoding == "utf-8":
        assert text == "0–33 % “ok” Al😀ce é\n"
    else:  # not a terminal: plain ASCII, the rest as JSON escapes (a surrogate pair)
        assert text == '0-33 % "ok" Al\\ud83d\\ude00ce \\u00e9\n'


def test_error_messages_with_user_text_are_terminal_safe(tmp_path, cli):
    kit = tmp_path / "kit.toml"
    kit.write_text('[kit]\nname = "x\\u001b[2Jy"\n', encoding="utf-8")
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "no control characters" in result.output
    kit.write_text('[tile]\n"wid\\u001bth" = 1\n', encoding="utf-8")
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "\x1b" not in result.output
    assert not (tmp_path / "out").exists()


def test_long_kit_names_are_refused(tmp_path, cli):
    kit = tmp_path / "kit.toml"
    kit.write_text(f'[kit]\nname = "{"n" * 1000}"\n', encoding="utf-8")
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert f"at most {MAX_LABEL} characters" in result.output


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_pdf_text_with_emoji_and_rtl_is_a_valid_pdf(tmp_path):
    import subprocess

    from fabgen.draw.drawing import Drawing, Text
    from fabgen.export.pdf import render_pdf

    drawing = Drawing(100, 50, "title \x1b[31m😀")
    drawing.add("label", Text((50, 25), "שלום 😀 \x00\u202e", 5))
    path = tmp_path / "t.pdf"
    path.write_bytes(render_pdf([drawing]))
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
