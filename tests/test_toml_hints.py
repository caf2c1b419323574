"""The hint after a TOML syntax error in a list: a comma left out is named where it is
missing; only a list that is really not closed is told to end with ].

A user walkthrough found a comma left out between two tiles answered with "the list begun
on line 10 ... is not closed: end it with ]", though it was closed: the user added a ].
"""

from __future__ import annotations

import pytest

TILES = "[-1, 2], [-1, 1], [0, 1], [-1, 0], [0, 0], [1, 0], [-1, -1], [0, -1], [1, -1]"

# Nine lines above the list, as in the walkthrough's file: tiles = [ on line 10.
HEAD = '[board]\nname = "walkthrough"\n' + "# a comment\n" * 7


def board(tiles: str, tail: str = "]\n") -> str:
    return f"{HEAD}tiles = [\n{tiles}\n{tail}\n[[players]]\nname = 'Red'\nstart = [0, 0]\n"


MID_LINE = board(TILES.replace("[0, 0], [1, 0]", "[0, 0] [1, 0]"))
LINE_END = board(TILES.replace("[0, 0], [1, 0]", "[0, 0]\n[1, 0]"))
NOT_CLOSED = board(TILES, tail="")

BOARD_HINTS = {
    "mid-line": (
        MID_LINE,
        "Unclosed array (at line 11, column 43)",
        "a comma is missing between [0, 0] and [1, 0] on line 11: write [0, 0], [1, 0]",
    ),
    "line-end": (
        LINE_END,
        'Unclosed array (at line 12, column 1): the line is "[1, 0], [-1, -1], [0, -1], [1, -1]"',
        "a comma is missing at the end of line 11, after [0, 0]: write [0, 0],",
    ),
    "not-closed": (
        NOT_CLOSED,
        'Unclosed array (at line 13, column 1): the line is "[[players]]"',
        'the list begun on line 10, "tiles = [", is not closed: end it with ] (a list of '
        "lists ends with as many ] as it begins with [)",
    ),
}


def said(result) -> str:
    return " ".join(result.output.split())


@pytest.mark.parametrize(("text", "where", "hint"), BOARD_HINTS.values(), ids=BOARD_HINTS)
def test_a_board_files_list_mistake_gets_its_hint(tmp_path, cli, text, where, hint):
    (tmp_path / "bad.toml").write_text(text)
    result = cli("validate", tmp_path / "bad.toml")
    assert result.exit_code == 2, result.output
    assert f"bad.toml: is not valid TOML: {where}" in said(result)
    assert said(result).endswith(f"; {hint}")
    assert ("is not closed" in said(result)) == ("not closed" in hint)
    assert [p.name for p in tmp_path.iterdir()] == ["bad.toml"]


def test_a_closed_list_with_another_mistake_is_not_called_unclosed(tmp_path, cli):
    """The line is quoted, but no ] is asked for: the list has its ]."""
    (tmp_path / "bad.toml").write_text(board(TILES.replace("[0, 0],", "[0, 0] x,")))
    result = cli("validate", tmp_path / "bad.toml")
    assert result.exit_code == 2, result.output
    assert said(result).endswith(f'the line is "{TILES.replace("[0, 0],", "[0, 0] x,")[:60]}..."')
    assert [p.name for p in tmp_path.iterdir()] == ["bad.toml"]


KIT = '[kit]\nname = "club"\n\n[laser]\nsheet = "600x400"\n'

KIT_HINTS = {
    "mid-line": (
        KIT + "sizes = [\n  [600, 400] [300, 200],\n]\n",
        "Unclosed array (at line 7, column 14)",
        "a comma is missing between [600, 400] and [300, 200] on line 7: write [600, 400], "
        "[300, 200]",
    ),
    "line-end": (
        KIT + 'colours = [\n  "red", "blue"  # two seats\n  "green",\n]\n',
        'Unclosed array (at line 8, column 3): the line is "\\"green\\","',
        'a comma is missing at the end of line 7, after "blue": write "blue",',
    ),
    "not-closed": (
        KIT + 'colours = ["red", "blue"\n\n[stones]\ndesign = "disc"\n',
        'Unclosed array (at line 8, column 1): the line is "[stones]"',
        'the list begun on line 6, "colours = [\\"red\\", \\"blue\\"", is not closed: end it '
        "with ]",
    ),
}


@pytest.mark.parametrize(("text", "where", "hint"), KIT_HINTS.values(), ids=KIT_HINTS)
def test_a_kit_files_list_mistake_gets_its_hint(tmp_path, cli, text, where, hint):
    (tmp_path / "kit.toml").write_text(text)
    out = tmp_path / "out"
    result = cli("build", tmp_path / "kit.toml", "--out", out)
    assert result.exit_code == 2, result.output
    assert f"kit.toml: is not valid TOML: {where}" in said(result)
    assert f"; {hint}" in said(result)
    assert ("is not closed" in said(result)) == ("not closed" in hint)
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["kit.toml"]


def test_a_kit_names_the_comma_missing_in_its_board_file(tmp_path, cli, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the board file is then named as the kit names it
    (tmp_path / "my-board.toml").write_text(MID_LINE)
    (tmp_path / "kit.toml").write_text('[kit]\nboard = "my-board.toml"\n')
    out = tmp_path / "out"
    result = cli("build", tmp_path / "kit.toml", "--out", out)
    assert result.exit_code == 2, result.output
    assert "error [kit-board] my-board.toml: is not valid TOML" in said(result)
    assert "a comma is missing between [0, 0] and [1, 0] on line 11" in said(result)
    assert "is not closed" not in said(result)
    assert not out.exists()


NOTES = (
    '[board]\nname = "notes"\nnotes = """\n'
    'Our club\'s board [the big one\nis #1 in the "hall"\n"""\n'
)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        (NOTES + "tiles = [[0, 0], [1, 0]\n\n[[players]]\nname = 'Red'\n",
         'the list begun on line 7, "tiles = [[0, 0], [1, 0]", is not closed'),
        (NOTES + "tiles = [\n  [0, 0] [1, 0],\n]\n",
         "a comma is missing between [0, 0] and [1, 0] on line 8"),
        ("[board]\nnotes = '''\n]]] ] [\n'''\ntiles = [[0, 0]\n\n[[players]]\n",
         'the list begun on line 5, "tiles = [[0, 0]", is not closed'),
        ('[board]\ntiles = [[0, 0], [1, 0]\nnotes = """\nsee [1] and the pile ]\n"""\n',
         'the list begun on line 2, "tiles = [[0, 0], [1, 0]", is not closed'),
    ],
)  # fmt: skip
def test_brackets_in_a_multi_line_string_do_not_count(tmp_path, cli, text, hint):
    """A board's notes in triple quotes may hold any bracket or quote: the hint reads
    the list after them as TOML does (they once counted, and named the wrong line)."""
    (tmp_path / "bad.toml").write_text(text)
    result = cli("validate", tmp_path / "bad.toml")
    assert result.exit_code == 2, result.output
    assert hint in said(result)
