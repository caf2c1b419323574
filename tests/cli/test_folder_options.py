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


#: Commands that work before they write, with the slow part of each.
WORKERS = [["build"], ["stones"], ["tile"], ["rulesheet"], ["layout", "--preset", "2p-diamond-4"]]


@pytest.mark.parametrize("command", WORKERS, ids=lambda c: c[0])
def test_a_folder_where_nothing_can_be_made_is_refused_before_the_work(command):
    """As root, /proc/x passes the check that the nearest folder is writable and fails
    only when the folder is made: `fabgen build` rendered the whole kit first. Every
    --out is tried (the folder and a file in it made and removed) before the work."""
    import os

    if not os.path.isdir("/proc/self"):
        pytest.skip("needs Linux's /proc")
    result = CliRunner().invoke(main, [*command, "--out", "/proc/fabgen-out"])
    assert result.exit_code == 2, result.output
    assert "cannot write into /proc/fabgen-out: " in result.output
    assert "wrote" not in result.output and "[1/" not in result.output


def test_trying_the_folder_leaves_nothing_when_the_command_then_refuses(tmp_path):
    """The trial makes the folder and its missing parents and removes them, so a command
    refused for another reason after it leaves no folder behind (no partial output)."""
    out = tmp_path / "a" / "b"
    result = CliRunner().invoke(main, ["tile", "--out", str(out), "--width", "-5"])
    assert result.exit_code == 2, result.output
    assert list(tmp_path.iterdir()) == []


def test_a_path_from_the_home_folder_in_quotes_goes_there(tmp_path, monkeypatch):
    """`--out "~/club kit"` (quoted for its space, so the shell keeps the ~) wrote into
    a folder named ~ in the current one, where nobody looked; a kit file given as
    "~/kit.toml" was no such file. Both are read from the home folder, as the shell
    reads ~ outside quotes."""
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    (home / "kit.toml").write_text('[stones]\ndesign = "none"\n[laser]\nspare_tiles = 1\n')
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(work)
    tile = CliRunner().invoke(main, ["tile", "--out", "~/club kit"])
    assert tile.exit_code == 0, tile.output
    assert sorted(p.name for p in (home / "club kit").iterdir()) == ["tile.dxf", "tile.svg"]
    drawing = CliRunner().invoke(main, ["check-alignment", "--from", "~/club kit/tile.dxf"])
    assert drawing.exit_code == 0, drawing.output  # (an input path as well)
    build = CliRunner().invoke(main, ["build", "~/kit.toml", "--out", "~/kit out", "-q"])
    assert build.exit_code == 0, build.output
    assert "11 (10 for the board + 1 spare" in (home / "kit out" / "bom.txt").read_text()
    assert list(work.iterdir()) == []
