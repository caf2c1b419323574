"""One range per numeric parameter, used by every command-line option and the readers."""

from __future__ import annotations

import math
import os

import click
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.cli import main
from fabgen.errors import InputFileError, ParameterError
from fabgen.inputs import MAX_NESTING, check_nesting, parse_json, parse_toml, read_bytes
from fabgen.limits import LIMITS, check, limit_for


def numeric_options():
    def walk(group):
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                yield from walk(command)
                continue
            for param in command.params:
                if param.type.__class__.__name__ == "Bounded":
                    yield name, param
                elif isinstance(param.type, click.types.FloatParamType | click.types.IntParamType):
                    yield name, param  # unbounded: the test below fails for it

    return list(walk(main))


def test_every_numeric_option_has_a_range():
    options = numeric_options()
    assert len(options) > 30
    for command, param in options:
        assert param.type.__class__.__name__ == "Bounded", (command, param.name)
        assert limit_for(param.type.setting.name) is not None, (command, param.name)


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "1e308", "-1e308", "1" + "0" * 5000])
def test_no_numeric_option_accepts_non_finite_or_huge_values(cli, bad):
    from click.testing import CliRunner

    for command, param in numeric_options():
        path = ["rules", command] if command in ("replay", "turn", "machine") else [command]
        result = CliRunner().invoke(main, [*path, param.opts[0], bad])
        assert result.exit_code == 2, (command, param.name, result.output)
        assert "Traceback" not in result.output
        assert param.opts[0] in result.output, result.output


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_check_accepts_exactly_the_range(value):
    limit = LIMITS["kerf"]
    inside = math.isfinite(value) and limit.low <= value <= limit.high
    if inside:
        assert check("kerf", value) == value
    else:
        with pytest.raises(ParameterError, match="kerf"):
            check("kerf", value)


def test_messages_name_the_parameter_and_the_range():
    with pytest.raises(ParameterError, match=r"--width nan is not a finite number; allowed: 5"):
        check("width", float("nan"), "--width")
    with pytest.raises(ParameterError, match=r"colours 13 is outside the allowed range; allowed"):
        check("colours", 13)
    with pytest.raises(ParameterError, match="whole number"):
        check("colours", 2.5)


def test_deep_json_and_toml_are_refused_not_recursion_errors():
    with pytest.raises(InputFileError, match=f"nested more than {MAX_NESTING} deep"):
        parse_json("[" * 100_000 + "]" * 100_000, "x.json")
    with pytest.raises(InputFileError, match=f"nested more than {MAX_NESTING} deep"):
        parse_toml("a = " + "[" * 5000 + "]" * 5000, "x.toml")
    with pytest.raises(InputFileError, match="nested"):
        check_nesting({"a": [[[[]]]]}, "x", limit=3)
    with pytest.raises(InputFileError, match="JSON"):
        parse_json("NaN", "x.json")


def test_reading_what_is_not_a_file_fails_fast(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    for path, message in [
        (tmp_path, "is a folder"),
        (tmp_path / "fifo", "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (tmp_path / "missing", "no such file"),
    ]:
        with pytest.raises(InputFileError, match=message):
            read_bytes(path, "kit file")
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(InputFileError, match="may have 1000 bytes"):
        read_bytes(big, "kit file", limit=1000)


def test_an_error_quotes_long_input_by_its_start_and_length():
    from fabgen.errors import abridged

    assert abridged("5x5") == "5x5"
    assert abridged("5x5", quoted=True) == "'5x5'"
    assert abridged("x" * 24) == "x" * 24
    assert abridged("x" * 25) == "xxxxxxxxxxxx... (25 characters)"
    assert abridged("x" * 25, quoted=True) == "'xxxxxxxxxxxx'... (25 characters)"
    assert abridged("abcdefghijklm", 12) == "abcdefghijkl... (13 characters)"
