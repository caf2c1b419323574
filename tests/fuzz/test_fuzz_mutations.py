"""Valid files with random damage (hypothesis): every reader ends with a result or a message."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.corpus import NUMBERS, TEXTS
from tests.fuzz.harness import check_outcome, run_cli

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TOKENS = NUMBERS + TEXTS[:4] + ["[", "]", "{", "}", '"', "=", ",", "<", ">", "&", "\x00", "\n"]


@st.composite
def damaged(draw, text: str) -> str:
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "number", "truncate"]))
        if kind == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif kind == "number":
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + draw(st.sampled_from(NUMBERS)) + text[i + 1 :]
        else:
            text = text[:at]
    return text


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_to_transcript
    from fabgen.rules.transcript import write_transcript

    folder = tmp_path_factory.mktemp("originals")
    outcome = run_cli(["tile", "--kerf", "0", "--label", "7", "--out", folder])
    assert outcome.exit_code == 0, outcome.output
    from importlib import resources

    board = resources.files("fabgen.templates").joinpath("boards/2p-diamond-4.toml").read_text()
    transcript = write_transcript(board_to_transcript(load_preset("2p-diamond-4")))
    return {
        "board.toml": board,
        "game.json": transcript,
        "tile.svg": (folder / "tile.svg").read_text(),
        "tile.dxf": (folder / "tile.dxf").read_text(),
        "kit.toml": resources.files("fabgen.templates").joinpath("kit.toml").read_text(),
    }


COMMANDS = {
    "board.toml": [["validate", "{f}"]],
    "game.json": [["validate", "{f}"], ["rules", "replay", "{f}"]],
    "tile.svg": [["check-alignment", "--from", "{f}"]],
    "tile.dxf": [["check-alignment", "--from", "{f}"]],
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
@FUZZ
@given(data=st.data())
def test_damaged_files(tmp_path_factory, originals, name, data):
    text = data.draw(damaged(originals[name]))
    path = tmp_path_factory.mktemp("m") / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for args in COMMANDS[name]:
        args = [a.format(f=path) for a in args]
        check_outcome(run_cli(args), args)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_damaged_kit_files_never_half_build(tmp_path_factory, originals, data):
    from tests.fuzz.harness import prepare_out, snapshot

    text = data.draw(damaged(originals["kit.toml"]))
    tmp = tmp_path_factory.mktemp("k")
    kit = tmp / "kit.toml"
    kit.write_text(text, encoding="utf-8", errors="surrogatepass")
    from fabgen.errors import FabgenError
    from fabgen.kitbuild.kitfile import load_kit

    try:  # only kits that fail fuzz the build command (a full build takes ~10 s)
        load_kit(kit)
    except FabgenError:
        out = prepare_out(tmp)
        before = snapshot(out)
        args = ["build", kit, "--out", out]
        outcome = run_cli(args)
        check_outcome(outcome, args, out, before)
        assert outcome.exit_code == 2
