"""benchmarks/compare_online.py checks fabgen's engine against the online engine turn by turn.

The online engine (maksverver/atlantis-heroku) is not part of this repository: the
comparison with it runs when node is installed and FABGEN_ONLINE_ENGINE names a copy
(``git clone https://github.com/maksverver/atlantis-heroku``), and is skipped otherwise.
The reporting is tested wherever node is, with a stand-in engine written here that
disagrees on purpose: it forgets every move.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "compare_online.py"
NODE = shutil.which("node") or shutil.which("nodejs")
ENGINE = os.environ.get("FABGEN_ONLINE_ENGINE")

# A stand-in for the online engine, only as much of GameState as the harness calls: it
# reads the start as the engine does, accepts every move and forgets it, so its fields
# keep their start whatever is played; turns still pass, scores stay 0. Its moves are
# those of the start (a field's stones go as many steps as they are, over live fields).
STAND_IN = """
const DX = [1, 1, 0, -1, -1, 0], DY = [0, 1, 1, 0, -1, -1]
const letters = (x) => x < 0 ? "-" + letters(~x)
  : (x >= 26 ? letters(Math.floor(x / 26) - 1) : "") + String.fromCharCode(97 + x % 26)
function number(s) {
  if (s[0] === "-") return ~number(s.slice(1))
  let x = 0
  for (const c of s) x = 26 * x + c.charCodeAt(0) - 96
  return x - 1
}
function Coords(x, y) {
  return {
    x: x, y: y, toString: () => letters(x) + (y + 1),
    getNeighbour: (d) => Coords(x + DX[d], y + DY[d]),
  }
}
function parse(id) {
  const m = String(id).match(/^(-?[a-z]+)(-?[0-9]+)$/)
  return Coords(number(m[1]), parseInt(m[2], 10) - 1)
}
function Field(id, status, player, stones) {
  return {
    isOpen: () => status === 0, isGrowing: () => status === 1,
    getPlayer: () => player, getStones: () => stones, getCoords: () => parse(id),
  }
}
module.exports = function GameState(initial) {
  const fields = {}
  for (const segment of initial.segments) for (const id of segment) fields[id] = Field(id, 0, -1, 0)
  initial.players.forEach((p, k) => {
    for (const id in p.stacks) {
      const v = p.stacks[id]
      fields[id] = v > 0 ? Field(id, 0, k, v) : v < 0 ? Field(id, 1, k, -v) : Field(id, 2, k, 0)
    }
  })
  let turns = 0
  const next = () => turns % initial.players.length
  function isValidMove(src, dst) {
    const a = parse(src), b = parse(dst), field = fields[src]
    if (!field || !field.isOpen() || field.getPlayer() !== next()) return false
    const d = [0, 1, 2, 3, 4, 5].find((d) => {
      for (let k = 1, c = a.getNeighbour(d); k <= field.getStones(); ++k, c = c.getNeighbour(d)) {
        const on = fields[c.toString()]
        if (!on || !on.isOpen()) return false
        if (c.x === b.x && c.y === b.y) return true
      }
      return false
    })
    return d !== undefined
  }
  return {
    getPlayers: () => initial.players, getFields: () => fields,
    getField: (id) => fields[id] || null, isValidMove: isValidMove,
    getNextPlayer: next, isGameOver: () => false,
    calculateScores: () => initial.players.map(() => 0),
    filterValidMoves: (moves) => moves, addTurn: () => { turns += 1 },
  }
}
"""


def compare(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT
    )


def script_module():
    if str(SCRIPT.parent) not in sys.path:  # (its shared online_engine.py, as a script has)
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("compare_online", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def rows(stdout: str) -> dict[str, list[str]]:
    """The table's rows by board: games, turns, compared, deliberate, other."""
    lines = stdout.splitlines()
    head = next(n for n, line in enumerate(lines) if line.startswith("board "))
    out = {}
    for line in lines[head + 1 :]:
        cells = line.split()
        if not cells or cells[0] == "all":
            break
        out[cells[0]] = cells[1:]
    return out


def test_a_folder_without_the_engine_is_refused(tmp_path):
    run = compare("--engine", str(tmp_path), "--games", "1")
    assert run.returncode == 2
    assert "there is no js/common/GameState.js in it" in run.stderr


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_disagreement_is_reported_with_its_turn_and_field(tmp_path):
    engine = tmp_path / "engine"
    (engine / "js" / "common").mkdir(parents=True)
    (engine / "js" / "common" / "GameState.js").write_text(STAND_IN)
    run = compare(
        "--engine", str(engine), "--boards", "3p-triangle-4", "--games", "2", "--seed", "5"
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert rows(run.stdout)["3p-triangle-4"][0] == "2"  # games
    assert "2 disagreement(s) not explained by a deliberate difference" in run.stdout

    # Where fabgen's game first moves a stone, the stand-in, which forgot the move, still
    # has the source's start stack: that turn and that field are named, with both values.
    module = script_module()
    game = module.play("3p-triangle-4", 1, module.game_seed(5, "3p-triangle-4", 1), 500)
    turn = next(t for t, moves in enumerate(game.turns, start=1) if moves)
    source = game.start.board.names[game.start.board.index[game.turns[turn - 1][0].source]]
    start = game.start.field_state(source)
    block = run.stdout.split("DISAGREEMENT: 3p-triangle-4 game 1 ")[1].split("\n\n")[0]
    assert re.search(rf", after turn {turn} \(played by seat \d \(\w+\)\)\n", block), block
    online = f"online live, player {start.owner + 1}, {start.stones} stone"
    assert re.search(rf"^  {source}: fabgen .*; {online}", block, re.M), block


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(
    not ENGINE or not (Path(ENGINE) / "js" / "common" / "GameState.js").is_file(),
    reason="FABGEN_ONLINE_ENGINE does not name a copy of maksverver/atlantis-heroku",
)
def test_fabgen_agrees_with_the_online_engine_on_a_handful_of_games():
    boards = "3p-triangle-4,4p-hexagon-19-machines,random,far-names"
    run = compare("--engine", ENGINE, "--boards", boards, "--games", "8")
    assert run.returncode == 0, run.stdout + run.stderr
    table = rows(run.stdout)
    assert list(table) == boards.split(",")
    for games, turns, compared, deliberate, other in table.values():
        assert games == "8" and other == "0"
        # every turn compared, except those after a deliberate difference
        assert int(compared) <= int(turns) and (deliberate != "0" or compared == turns)
    assert "DISAGREEMENT" not in run.stdout
