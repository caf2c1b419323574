"""Options that pick something by number (rules turn --turn N) refuse bad numbers in one
line with exit code 2, long digit strings included, before any file is read."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from fabgen.cli import main

LONG = "9" * 5000  # beyond Python's limit on converting digit strings


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "--turn 0 is below 1"),
        ("-3", "--turn -3 is below 1"),
        ("x", "--turn 'x' is not a whole number"),
        ("1.5", "--turn '1.5' is not a whole number"),
        (LONG, "(5000 characters) is not a whole number fabgen uses"),
    ],
)
def test_a_bad_turn_number_is_refused_before_the_file_is_read(tmp_path, value, message):
    missing = tmp_path / "no-such-game.json"  # never opened: the option is refused first
    result = CliRunner().invoke(main, ["rules", "turn", str(missing), "--turn", value])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert LONG not in result.output
    assert "Traceback" not in result.output
