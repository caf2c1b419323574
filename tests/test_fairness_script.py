"""benchmarks/fairness.py: how it merges remade rows into the table file and what its
reading guide finds in the rows (no games are played here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from fairness import MOOT, merged, reading  # noqa: E402

EVEN = "| 2p-a | 2 | 180 (0 capped) | 1 Red: 50% (43–57); 2 Blue: 50% (43–57) | 1.00 | 3% | 25 |"
SKEWED = (
    "| 3p-b | 3 | 180 (0 capped) | 1 Red: 20% (15–27); 2 Blue: 60% (53–67); "
    "3 Green: 20% (15–27) | 0.60 | 60% | 20 |"
)
MACHINES = (
    "| 2p-c | 3 | 90 (0 capped) | 1 Red: 90% (82–95); 2 M (machine): 5% (2–12); "
    "3 N (machine): 5% (2–12) | 0.15 | 5% | 16 |"
)


def _file(*rows: str, notes: str = "") -> str:
    return merged("", "Made by hand.", {r.split(" | ")[0][2:]: r for r in rows}, only=False) + notes


def _read(*rows: str) -> str:
    return " ".join(reading(list(rows)).split())  # unwrapped


def test_the_reading_names_the_seats_whose_interval_leaves_out_their_share():
    text = _read(EVEN, SKEWED, MACHINES)
    assert "`3p-b` (seats 1, 2, 3)" in text  # 20 and 60 % against 33 %
    assert "`2p-a`" not in text.split("*all-zero*")[0]  # 50 % of two seats is even
    assert "`2p-c`" not in text  # a machine's share is no fair share
    assert "of their 5 seats" in text
    assert "Most games end so on `3p-b` (60%)" in text
    assert "No seat of a board without machines" in _read(EVEN)


def test_remaking_some_rows_keeps_the_others_the_first_paragraph_and_the_notes():
    notes = f"\n## Another run\n\nA note.\n\n{MOOT}\n\nWhy a row was remade.\n"
    old = _file(EVEN, SKEWED, notes=notes)
    remade = SKEWED.replace("60% (53–67)", "34% (27–41)").replace("20% (15–27)", "33% (26–40)")
    new = merged(old, "Made today.", {"3p-b": remade}, only=True)
    rows = [line for line in new.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows[1:] == [EVEN, remade]
    assert "Made by hand." in new and "Made today." not in new
    assert "## Another run" in new and MOOT in new
    assert "`3p-b`" not in new.split("*all-zero*")[0]  # the guide reads the new row


def test_a_whole_new_table_drops_the_notes_on_remade_rows_only():
    old = _file(EVEN, notes=f"\n## Another run\n\nA note.\n\n{MOOT}\n\nWhy.\n")
    new = merged(old, "Made today.", {"2p-a": EVEN, "3p-b": SKEWED}, only=False)
    assert "Made today." in new and "Made by hand." not in new
    assert "## Another run" in new and MOOT not in new and "Why." not in new
    assert new.count(EVEN) == 1 and SKEWED in new
    assert merged(new, "Made today.", {"2p-a": EVEN, "3p-b": SKEWED}, only=False) == new


def test_machine_seats_written_as_the_setup_diagram_names_them_are_read_as_machines():
    """Rows now name a machine seat "2 a machine" or "2 M, a machine" (they said "2 M
    (machine)"); the guide still leaves such boards out of the fair-share count, and a
    person with "machine" in their name is no machine."""
    from fairness import SEAT

    from fabgen.board.model import SeatKind, seat_words

    assert seat_words("Machine", SeatKind.MACHINE) == "a machine"
    assert seat_words("M", SeatKind.MACHINE) == "M, a machine"
    assert seat_words("Machine", SeatKind.EXTREME_MACHINE) == "an extreme machine"
    new = MACHINES.replace("M (machine)", "a machine").replace("N (machine)", "N, a machine")
    assert "(machine)" not in new
    assert [found[2] for found in SEAT.findall(new)] == ["", "a machine", "a machine"]
    assert "`2p-c`" not in _read(EVEN, SKEWED, new)
    assert _read(EVEN, SKEWED, new) == _read(EVEN, SKEWED, MACHINES)
    people = SKEWED.replace("Blue", "Big machine").replace("Green", "Gina machine")
    assert [found[2] for found in SEAT.findall(people)] == ["", "", ""]
    assert "`3p-b` (seats 1, 2, 3)" in _read(people)


@pytest.mark.parametrize(
    ("only", "said"),
    [
        ("3p-triangle-4,3p-nowhere", "--only: 3p-nowhere is no preset (fabgen boards"),
        (  # (was: "3P-TRIANGLE-5, 7p is no preset", without the name meant)
            "3P-TRIANGLE-5,3p-triangle-4,7p",
            "--only: 3P-TRIANGLE-5 (did you mean '3p-triangle-5'?) and 7p are no presets (",
        ),
        ("3p-triangle-4", "which has none: make the whole table first"),
    ],
)
def test_only_is_refused_before_any_game_for_an_unknown_preset_or_a_file_without_table(
    only, said, tmp_path
):
    # An unknown name stopped the run with a traceback after the rows before it were
    # played; --only into a new file wrote those rows under "every preset played".
    out = tmp_path / "fairness.md"
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "fairness.py"), "--only", only, "--out", out],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and said in result.stderr, result.stderr
    assert not out.exists()
