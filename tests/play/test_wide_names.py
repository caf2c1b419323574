"""Column tables with seat names stay in line in a terminal when a name has wide
characters (北京队长 takes eight columns, an emoji two): they were padded by characters,
so every column after such a name stood two columns to the right per wide character.
Checked on ``fabgen balance``'s seat table, ``--suggest-starts``'s heads and the bill of
materials of ``fabgen layout``, with columns counted here from Unicode's East Asian
widths."""

from __future__ import annotations

import unicodedata

import pytest

from fabgen.play.starts import Candidate, candidates_text
from fabgen.rules.names import parse_field
from fabgen.text import columns, cut_to_columns, padded

NAMES = ("北京队长", "Zoë 😀")
BOARD = f"""
[board]
name = "wide"
tiles = [[0, 0], [1, 0], [0, 1], [1, -1]]

[[players]]
name = "{NAMES[0]}"
colour = "red"
start = [0, 1]

[[players]]
name = "{NAMES[1]}"
colour = "blue"
start = [1, -1]
"""


def shown(text: str) -> int:
    """Terminal columns, counted apart from fabgen's own function."""
    width = 0
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def column_of(line: str, text: str) -> int:
    return shown(line[: line.index(text)])


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "wide.toml"
    path.write_text(BOARD, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "width"),
    [("北京队长", 8), ("Zoë 😀", 6), ("Zoe\u0308", 3), ("❤\ufe0f", 1), ("Red", 3), ("", 0)],
)
def test_columns_counts_wide_characters_twice_and_marks_not_at_all(text, width):
    assert columns(text) == shown(text) == width
    assert shown(padded(text, 10)) == shown(padded(text, 10, ">")) == 10
    assert padded(text, 10).startswith(text) and padded(text, 10, ">").endswith(text)


def test_a_cut_name_fits_its_columns_and_keeps_its_start():
    cut = cut_to_columns("北京队长北京队长北京队长", 9)
    assert cut == "北京队..." and shown(cut) == 9
    assert cut_to_columns("北京队长", 8) == "北京队长"


def test_the_balance_table_stays_in_columns(cli, tmp_path, board):
    result = cli("balance", board, "--players", "random", "--games", "2", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = next(k for k, line in enumerate(lines) if line.startswith("seat  name"))
    head, rows = lines[header], lines[header + 1 : header + 3]
    assert [row.split()[1] for row in rows] == [NAMES[0], "Zoë"]
    for row in rows:
        assert column_of(row, "random") == column_of(head, "played by")
        assert column_of(row, "player ") == column_of(head, "kind")
        assert shown(row) == shown(head)


def test_the_bill_of_materials_stays_in_columns(cli, tmp_path, board):
    result = cli("layout", board, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    lines = (tmp_path / "out" / "wide-bom.txt").read_text("utf-8").splitlines()
    notes = {"Tiles": "island tiles", NAMES[0]: "red stones", NAMES[1]: "blue stones"}
    starts = {
        column_of(line, note)
        for name, note in notes.items()
        for line in lines
        if name in line and note in line
    }
    assert len(starts) == 1, lines


def test_suggest_starts_heads_stand_over_their_rates():
    names = [*NAMES, "Anna", "Purple"]
    report = {
        "seats": [{"name": n, "win_rate": 0.25} for n in names],
        "finished": 40,
        "all_zero": 1,
        "test": {"p_value": 0.5, "seats_differ": False},
    }
    found = [
        Candidate(tuple(parse_field(f) for f in ("a1", "b1", "c1", "d1")), "symmetric", report)
    ]
    head, row = candidates_text(found).splitlines()
    assert head.endswith("  p-value") and row.endswith("  0.5000")
    assert shown(head) - len("p-value") == shown(row) - len("0.5000")
    assert "北京." in head  # cut to six columns, as Purple fits whole
