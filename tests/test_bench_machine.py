"""benchmarks/bench_machine.py: the held-out seeds it is given and the errors for bad ones."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_machine import _seeds  # noqa: E402


@pytest.mark.parametrize(
    ("text", "seeds"), [("10-29", range(10, 30)), ("0-9", range(10)), ("7", range(7, 8))]
)
def test_seeds_are_first_to_last_inclusive(text, seeds):
    assert _seeds(text) == seeds


@pytest.mark.parametrize("text", ["x", "3-", "-2", "9-3", "1-2-3", "1.5-4"])
def test_bad_seeds_are_refused_by_the_command_with_a_message(text):
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_machine.py"),
            "--held-out",
            "--seeds",
            text,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--seeds" in done.stderr and "FIRST" in done.stderr
    assert "Traceback" not in done.stderr


def test_crowded_positions_hold_every_live_field():
    """--crowded: every field of the 37-tile board held (5 to 100 stones), or after
    some rounds every live field, the random game's growing and dead fields kept."""
    from bench_machine import crowded

    from fabgen.board.files import load_preset
    from fabgen.rules.random_games import random_game
    from fabgen.rules.state import LIVE

    pos = crowded(0)
    assert all(s == LIVE for s in pos.status_codes)
    assert all(o >= 0 and 5 <= n <= 100 for o, n in zip(pos.owners, pos.stone_counts, strict=True))
    later = crowded(1, 12)
    start = load_preset("6p-hexagon-37").position()
    _, game = random_game(start, 1, max_turns=12 * len(start.players), explode_bias=0.5)
    assert later.status_codes == game.status_codes and later.next_player == game.next_player
    held = [n for s, n in zip(later.status_codes, later.stone_counts, strict=True) if s == LIVE]
    assert held and min(held) >= 5
    assert crowded(0) == pos


def test_the_crowded_mode_prints_each_position():
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_machine.py"),
            "--crowded",
            "--seeds",
            "2-3",
            "--budget",
            "300",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line.split()[:1] in (["2"], ["3"])]
    assert [row[0] for row in rows] == ["2", "3"]
    assert all(row[7] == "no" and int(row[-1].replace(",", "")) >= 300 for row in rows)
    assert "median" in done.stdout
