"""benchmarks/bench_play.py compares with the online engine only within one run.

The online engine (maksverver/atlantis-heroku) is not part of this repository: the
test that times it runs when node is installed and FABGEN_ONLINE_ENGINE names a copy
(``git clone https://github.com/maksverver/atlantis-heroku``), and skips otherwise. The
paths without it (no option, no node, a wrong folder) and the harness's protocol (with a
stand-in engine written here) are tested wherever node is, or always.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks" / "bench_play.py"
TINY = ["--boards", "3p-triangle-4", "--games", "2", "--runs", "1", "--quick"]
NODE = shutil.which("node") or shutil.which("nodejs")
ENGINE = os.environ.get("FABGEN_ONLINE_ENGINE")

# A stand-in for the online engine, only as much of GameState as the harness calls: every
# game is over at once, and every replayed game ends with a score fabgen never gives.
STAND_IN = """
module.exports = function GameState(initial) {
  return {
    getNextPlayer: () => 0, getFields: () => ({}), isValidMove: () => false,
    isGameOver: () => true, addTurn: () => {},
    calculateScores: () => initial.players.map(() => -1),
  }
}
"""


def bench(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCH), *TINY, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )


def table(stdout: str) -> tuple[list[str], list[str]]:
    """The header and the board's row of the printed table, split into cells."""
    lines = stdout.splitlines()
    head = next(n for n, line in enumerate(lines) if line.startswith("board "))
    return lines[head].split(), lines[head + 1].split()


def number(cell: str) -> float:
    return float(cell.replace(",", "").removesuffix("x"))


def test_without_the_option_no_ratio_is_printed():
    run = bench()
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("no ratio to the online engine: give ")
    header, row = table(run.stdout)
    assert header == ["board", "tiles", "turns", "replay/s", "random/s"]
    assert row[0] == "3p-triangle-4"
    assert number(row[1]) == 10  # tiles
    assert all(number(cell) > 0 for cell in row[2:])


def test_without_node_no_ratio_is_printed(tmp_path):
    engine = tmp_path / "engine"
    (engine / "js" / "common").mkdir(parents=True)
    (engine / "js" / "common" / "GameState.js").write_text(STAND_IN)
    no_node = {**os.environ, "PATH": str(tmp_path / "empty")}
    run = bench("--online-engine", str(engine), env=no_node)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("no ratio to the online engine: node is not")
    assert "ratio" not in table(run.stdout)[0]


def test_a_folder_without_the_engine_is_refused_before_any_timing(tmp_path):
    run = bench("--online-engine", str(tmp_path))
    assert run.returncode == 2
    assert "there is no js/common/GameState.js in it" in run.stderr
    assert run.stdout == ""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_harness_times_a_stand_in_engine_and_reports_other_endings(tmp_path):
    engine = tmp_path / "engine"
    (engine / "js" / "common").mkdir(parents=True)
    (engine / "js" / "common" / "GameState.js").write_text(STAND_IN)
    run = bench("--online-engine", str(engine))
    assert run.returncode == 0, run.stderr
    header, row = table(run.stdout)
    assert header == [
        "board",
        "tiles",
        "turns",
        "replay/s",
        "online",
        "ratio",
        "random/s",
        "online",
        "ratio",
    ]
    # Its games are over before a turn: no online random figure, so no ratio either.
    assert row[7:] == ["-", "-"]
    assert "ended 2 of 2 replayed games with other scores" in run.stdout


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(
    not ENGINE or not (Path(ENGINE) / "js" / "common" / "GameState.js").is_file(),
    reason="FABGEN_ONLINE_ENGINE does not name a copy of maksverver/atlantis-heroku",
)
def test_the_online_engine_is_timed_in_the_same_run():
    run = bench("--online-engine", ENGINE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("online engine: ")
    header, row = table(run.stdout)
    assert header[3:9] == ["replay/s", "online", "ratio", "random/s", "online", "ratio"]
    ours, theirs, ratio = (number(c) for c in row[3:6])
    assert ratio == pytest.approx(ours / theirs, abs=0.06)
    ours, theirs, ratio = (number(c) for c in row[6:9])
    assert ratio == pytest.approx(ours / theirs, abs=0.06)
    # Both engines end the replayed games with the same scores: the same work is timed.
    assert "other scores" not in run.stdout
