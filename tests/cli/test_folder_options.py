"""A file given where a folder belongs is refused in words a user reads, naming the option."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from fabgen.cli import main

COMMANDS = [
    (["tile"], "--out"),
    (["layout", "--preset", "2p-diamond-4"], "--out"),
    (["rules", "machine", "--play"], "--out"),
    (["serve", "--port", "0"], "--games-dir"),
]


@pytest.mark.parametrize(
    "command, flag", COMMANDS, ids=lambda c: " ".join(c) if isinstance(c, list) else c
)
def test_a_file_for_a_folder_is_refused_naming_the_option(tmp_path, command, flag):
    target = tmp_path / "notes.txt"
    target.write_text("keep me")
    result = CliRunner().invoke(main, [*command, flag, str(target)])
    assert result.exit_code == 2, result.output
    assert f"{target} is a file, not a folder: give {flag} a folder" in result.output
    assert "Directory" not in result.output  # click's own wording
    assert target.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
