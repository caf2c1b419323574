"""Every benchmark script still starts: ``make bench`` is run by hand, so nothing else
notices a script broken by a change in fabgen (bench_limits.py stopped for days with a
KeyError on a renamed setting, and ``make bench`` with it).

Each script's ``--help`` runs, and the first line of its description says what it
measures. Each ``bench_*`` script with a quick setting runs its quickest one (the
``QUICK`` table, each under about 2 s on the loaded two-core development machine,
2026-11-30). Left out, because even their quickest run takes ten seconds or more there:

- bench_boards.py: ``--runs 1`` still lays out every preset (27 s);
- bench_pages.py, bench_rulesheet.py, bench_web.py: ``--runs 1`` still covers every
  preset and paper, both rule sheets, every preview request (11 to 12 s each);
- bench_strength.py: one strong game, ``--only strength --boards 2p-diamond-4 --against
  random --games 1 --jobs 1``, takes 10 s;
- bench_build.py, bench_sheets.py, bench_stones.py: no quick setting (14 to 52 s).

``benchmarks/online_engine.py``, ``strength.py`` and ``timing.py`` are modules the
scripts share, not scripts (``SHARED``).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
SHARED = ("online_engine", "strength", "timing")
LEFT_OUT = (
    "bench_boards",
    "bench_build",
    "bench_pages",
    "bench_rulesheet",
    "bench_sheets",
    "bench_stones",
    "bench_strength",
    "bench_web",
)
# script: (its quickest arguments, a pattern its output must contain)
QUICK = {
    # the case's row with exit code 0: the script exits 0 whatever its commands did
    "bench_limits": (["--only", "validate:"], r"validate: \d+-tile board +[\d.]+ +\d+ +0\b"),
    "bench_machine": (
        ["--crowded", "--seeds", "0-0", "--budget", "100"],
        r"CPU median [\d.]+ ms",
    ),
    "bench_play": (
        ["--quick", "--boards", "2p-diamond-4", "--games", "1", "--runs", "1"],
        r"2p-diamond-4",
    ),
    "bench_readers": (
        ["--entities", "100", "--turns", "10", "--runs", "1"],
        r"transcript",
    ),
    "bench_rules": (["--games", "1", "--turns", "10", "--runs", "1"], r"turns/s"),
    # (HEAD in a temporary git worktree against the checkout: the same code, the same turns)
    "bench_strong_speed": (
        ["--board", "3p-triangle-4", "--games", "1", "--turns", "2", "--rounds", "1"],
        r"ratio [\d.]+\nsame decisions",
    ),
}
SCRIPTS = sorted(p.stem for p in BENCHMARKS.glob("*.py") if p.stem not in SHARED)


def run(script: str, args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / f"{script}.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_every_bench_script_is_run_quickly_or_left_out_with_a_reason():
    benches = {name for name in SCRIPTS if name.startswith("bench_")}
    assert benches == set(QUICK) | set(LEFT_OUT), "a new bench_* script: add it to QUICK"
    assert not set(QUICK) & set(LEFT_OUT)
    assert all(f"{name}.py" in __doc__ for name in LEFT_OUT)
    assert all((BENCHMARKS / f"{name}.py").is_file() for name in SHARED)


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_says_what_the_script_measures(script):
    result = run(script, ["--help"])
    assert result.returncode == 0, result.stderr
    # argparse prints the usage, a blank line, then the description
    paragraphs = result.stdout.split("\n\n")
    assert paragraphs[0].startswith("usage: ")
    first = paragraphs[1].splitlines()[0].strip()
    docstring = ast.get_docstring(ast.parse((BENCHMARKS / f"{script}.py").read_text()))
    assert first and first in " ".join(docstring.split())


@pytest.mark.parametrize("script", sorted(QUICK))
def test_quickest_run_ends_well(script):
    args, expected = QUICK[script]
    result = run(script, args)
    assert result.returncode == 0, result.stderr
    assert re.search(expected, result.stdout), result.stdout
