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
