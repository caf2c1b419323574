"""Hostile files through every command that reads files: a message, never a traceback,
a hang or a changed output folder."""

from __future__ import annotations

import pytest

from tests.fuzz import corpus
from tests.fuzz.harness import check_outcome, prepare_out, run_cli, run_subprocess, snapshot


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


@pytest.mark.parametrize("name", sorted(corpus.kit_files()))
def test_hostile_kit_files_are_refused(tmp_path, name):
    kit = _write(tmp_path, name, corpus.kit_files()[name])
    out = prepare_out(tmp_path)
    before = snapshot(out)
    outcome = run_cli(["build", kit, "--out", out])
    check_outcome(outcome, ["build", kit], out, before)
    assert outcome.exit_code == 2, outcome.output


@pytest.mark.parametrize("name", sorted(corpus.board_files()))
@pytest.mark.parametrize("command", ["validate", "layout"])
def test_hostile_board_files(tmp_path, name, command):
    board = _write(tmp_path, name, corpus.board_files()[name])
    out = prepare_out(tmp_path)
    before = snapshot(out)
    args = [command, board] + (["--out", out, "--paper", "a4"] if command == "layout" else [])
    check_outcome(run_cli(args), args, out, before)


@pytest.mark.parametrize("name", sorted(corpus.transcripts()))
@pytest.mark.parametrize("command", ["validate", "replay", "turn", "layout"])
def test_hostile_transcripts(tmp_path, name, command):
    game = _write(tmp_path, name, corpus.transcripts()[name])
    out = prepare_out(tmp_path)
    before = snapshot(out)
    args = {
        "validate": ["validate", game],
        "replay": ["rules", "replay", game],
        "turn": ["rules", "turn", game, "--svg", out],
        "layout": ["layout", game, "--out", out, "--paper", "a4"],
    }[command]
    check_outcome(run_cli(args), args, out, before)


@pytest.mark.parametrize("name", sorted(corpus.svg_files()))
def test_hostile_svg_drawings(tmp_path, name):
    svg = _write(tmp_path, name, corpus.svg_files()[name])
    outcome = run_cli(["check-alignment", "--from", svg])
    check_outcome(outcome, ["check-alignment", "--from", svg])
    assert outcome.exit_code == 2


@pytest.fixture(scope="module")
def dxf_corpus(tmp_path_factory):
    return corpus.dxf_files(tmp_path_factory.mktemp("dxf"))


def test_hostile_dxf_drawings(dxf_corpus):
    for path in dxf_corpus:
        outcome = run_cli(["check-alignment", "--from", path])
        check_outcome(outcome, ["check-alignment", "--from", path])
        assert outcome.exit_code == 2, (path.name, outcome.output)


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "/", "fifo"])
def test_special_files_fail_fast(tmp_path, special):
    import os

    if special == "fifo":
        special = tmp_path / "fifo.json"
        os.mkfifo(special)
    for args in (
        ["validate", special],
        ["rules", "replay", special],
        ["build", special],
        ["check-alignment", "--from", special],
    ):
        outcome = run_cli(args)
        check_outcome(outcome, args)
        assert outcome.exit_code == 2, (args, outcome.output)


@pytest.mark.parametrize(
    "args",
    [
        ["check-alignment", "--from", "{dxf}/block-bomb.dxf"],
        ["check-alignment", "--from", "{svg}"],
        ["sheet", "--count", "1", "--sheet", "3000x3000", "--width", "5"],
        ["check-alignment", "--tiles", "2000"],
        ["check-alignment", "--from", "{ellipse}"],
        ["check-alignment", "--from", "{retraced}"],
        ["check-alignment", "--from", "{dense}"],
    ],
)
def test_memory_and_time_bounded_in_a_child_process(tmp_path, dxf_corpus, args):
    svg = _write(tmp_path, "bomb.svg", corpus.svg_files()["use-bomb.svg"])
    drawings = {
        "ellipse": corpus.endless_dxf(tmp_path),
        "retraced": corpus.retraced_svg(tmp_path),
        "dense": corpus.retraced_svg(tmp_path, 150_000),
    }
    args = [a.format(dxf=dxf_corpus[0].parent, svg=svg, **drawings) for a in args]
    out = prepare_out(tmp_path)
    before = snapshot(out)
    if args[0] == "sheet":
        args += ["--out", out]
    outcome = run_subprocess(args)
    check_outcome(outcome, args, out if args[0] == "sheet" else None, before)
    if "retraced" in str(args[-1]):
        assert outcome.exit_code == 2, outcome.output
        assert "runs back over itself" in outcome.output or "300,00" in outcome.output


@pytest.mark.parametrize(
    "transform",
    ["scale(1e308)", "translate(1e308 0)", "scale(1e-300)", "skewX(90)", "matrix(1 1 1 1 0 0)"],
)
def test_a_transform_refused_says_what_to_do(tmp_path, transform):
    """A transform too large to compute said only 'is not finite' (no word what to do)."""
    head = corpus.svg_files()["nan.svg"].split("<circle")[0]
    circles = "".join(f'<circle cx="{10 * k}" cy="10" r="3"/>' for k in range(1, 8))
    svg = _write(tmp_path, "t.svg", f'{head}<g transform="{transform}">{circles}</g></svg>')
    outcome = run_cli(["check-alignment", "--from", svg])
    check_outcome(outcome, ["check-alignment", "--from", svg])
    assert outcome.exit_code == 2 and "remove the transform" in outcome.output, outcome.output


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("<svg", "save it again as plain SVG"),
        (
            corpus.svg_files()["nan.svg"].split("<circle")[0]
            + '<path d="M 0 0 A 50 50 0 0 1 100 0 A 1e-300 1e-300 0 0 1 0 0 Z"/></svg>',
            "a size in it, 1e-300, is too small to compute with",
        ),
    ],
)
def test_an_unreadable_svg_says_what_to_do(tmp_path, text, words):
    """It said only 'not a readable SVG file (float division by zero)'."""
    svg = _write(tmp_path, "t.svg", text)
    outcome = run_cli(["check-alignment", "--from", svg])
    check_outcome(outcome, ["check-alignment", "--from", svg])
    assert outcome.exit_code == 2 and words in outcome.output, outcome.output
