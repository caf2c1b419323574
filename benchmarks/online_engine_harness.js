"use strict"
// Times the online Atlantis engine (js/common/GameState.js of maksverver/atlantis-heroku,
// not part of this repository) on the work benchmarks/bench_play.py times in fabgen, so
// that both are measured in one run on one machine.
//
//   node benchmarks/online_engine_harness.js ENGINE_DIR < request.json > result.json
//
// request: {"runs": R, "max_turns": T, "seed": S,
//           "boards": [{"name": ..., "games": N, "transcripts": [transcript, ...]}]}
// result:  {"node": version, "boards": [{"name", "replay": {"turns", "cpu_seconds",
//           "scores"}, "random": {"turns", "cpu_seconds"}}]}
//
// replay: the GameState constructor reading each transcript (it replays the turns, as the
//   online server does when it loads a game); scores are each game's final scores, so the
//   caller can check that both engines ended the games alike.
// random: N games from the transcripts' start, each turn drawn as fabgen's random player
//   draws it (the tiles with the player's open fields shuffled; on each, with chance 0.8,
//   one move uniform among the moves starting on that tile), the moves found with the
//   engine's own isValidMove over the fields of the turn's start as the online client
//   does, then addTurn() and isGameOver() after every turn, at most T turns.
// cpu_seconds: user + system CPU time of this process, the best of R runs.

const fs = require("fs")
const path = require("path")

const MOVE_CHANCE = 0.8

function loadEngine(dir) {
  return require(path.resolve(dir, "js", "common", "GameState.js"))
}

// xorshift32: a small seeded generator, so that runs repeat; uniform in [0, 1).
function generator(seed) {
  let state = (seed >>> 0) || 0x9e3779b9
  return function next() {
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 4294967296
  }
}

function shuffle(items, random) {
  for (let i = items.length - 1; i > 0; --i) {
    const j = Math.floor(random() * (i + 1))
    const kept = items[i]
    items[i] = items[j]
    items[j] = kept
  }
}

// The moves of the player to move, grouped by the tile (segment) they start on.
function movesByTile(state) {
  const player = state.getNextPlayer()
  const fields = state.getFields()
  const tiles = new Map()
  for (const src in fields) {
    const field = fields[src]
    if (!field.isOpen() || field.getPlayer() !== player) continue
    const moves = []
    for (let dir = 0; dir < 6; ++dir) {
      let dst = field.getCoords().getNeighbour(dir)
      while (state.isValidMove(src, dst)) {
        moves.push([src, dst.toString()])
        dst = dst.getNeighbour(dir)
      }
    }
    if (moves.length === 0) continue
    const tile = field.getSegment()
    tiles.set(tile, (tiles.get(tile) || []).concat(moves))
  }
  return [...tiles.values()]
}

function randomTurn(state, random) {
  const tiles = movesByTile(state)
  shuffle(tiles, random)
  const turn = []
  for (const moves of tiles) {
    if (random() < MOVE_CHANCE) turn.push(moves[Math.floor(random() * moves.length)])
  }
  return turn
}

function cpuSeconds(work) {
  const before = process.cpuUsage()
  work()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1e6
}

function bestOf(runs, work) {
  let best = Infinity
  for (let r = 0; r < runs; ++r) best = Math.min(best, cpuSeconds(work))
  return best
}

function timeReplay(GameState, transcripts, runs) {
  const turns = transcripts.reduce((sum, t) => sum + t.turns.length, 0)
  const seconds = bestOf(runs, () => transcripts.forEach((t) => GameState(t)))
  const scores = transcripts.map((t) => GameState(t).calculateScores())
  return { turns: turns, cpu_seconds: seconds, scores: scores }
}

function playGames(GameState, start, games, maxTurns, seed) {
  let turns = 0
  for (let g = 1; g <= games; ++g) {
    const random = generator(seed * 7919 + g)
    const state = GameState(start)
    let played = 0
    while (played < maxTurns && !state.isGameOver()) {
      state.addTurn(randomTurn(state, random))
      ++played
    }
    turns += played
  }
  return turns
}

function timeRandom(GameState, start, games, maxTurns, seed, runs) {
  let turns = 0
  const seconds = bestOf(runs, () => {
    turns = playGames(GameState, start, games, maxTurns, seed)
  })
  return { turns: turns, cpu_seconds: seconds }
}

function main() {
  const engineDir = process.argv[2]
  if (!engineDir) {
    process.stderr.write("usage: node online_engine_harness.js ENGINE_DIR < request.json\n")
    process.exit(2)
  }
  const GameState = loadEngine(engineDir)
  const request = JSON.parse(fs.readFileSync(0, "utf8"))
  const boards = request.boards.map((board) => {
    const start = Object.assign({}, board.transcripts[0], { turns: [] })
    return {
      name: board.name,
      replay: timeReplay(GameState, board.transcripts, request.runs),
      random: timeRandom(
        GameState, start, board.games, request.max_turns, request.seed, request.runs
      ),
    }
  })
  process.stdout.write(JSON.stringify({ node: process.version, boards: boards }) + "\n")
}

main()
