"use strict"
// Plays games through the online Atlantis engine (js/common/GameState.js of
// maksverver/atlantis-heroku, not part of this repository) turn by turn, and tells
// benchmarks/compare_online.py where its state differs from the one fabgen computed.
//
//   node benchmarks/online_engine_turns.js ENGINE_DIR < request.json > result.json
//
// request: {"games": [{"start": transcript (segments and players, no turns),
//                      "names": [field name, ...] (fabgen's board order),
//                      "turns": [[[source, destination], ...], ...],
//                      "expect": [digest after turn t, for t = 0 (the start) .. turns]}]}
// result:  {"node": version, "games": [{"compared": turns compared,
//           "difference": null or {"turn": t, "refused": [moves isValidMove or the
//             one-move-per-segment rule dropped], "players": seats kept,
//             "fields": [[status, owner, stones] in the order of names],
//             "next": next player, "over": game over, "scores": [score, ...],
//             "moves": ["source-destination", ...] the next player may make}}]}
//
// Each turn is played as the engine's constructor replays a transcript (the online
// server loads games so): filterValidMoves() against the position before the turn, then
// addTurn(). After every turn the state is read: per field (in the order of `names`)
// its status ("live", "growing", "dead"), getPlayer() and getStones(), then
// getNextPlayer(), isGameOver(), calculateScores() and every move isValidMove() allows
// the next player (legalMoves, below). The digest is the SHA-1 of
// fieldText(...) (see below), the same text compare_online.py hashes; on the first turn
// whose digest differs (or whose moves the engine refuses) the state is sent back in
// full and the game stops there: later turns would only follow from the difference.

const crypto = require("crypto")
const fs = require("fs")
const path = require("path")

function loadEngine(dir) {
  return require(path.resolve(dir, "js", "common", "GameState.js"))
}

function statusOf(field) {
  if (field.isOpen()) return "live"
  if (field.isGrowing()) return "growing"
  return "dead"
}

// Every move isValidMove() allows the next player, as "source-destination", sorted: the
// moves along each of the six lines from each of the player's open fields, as the
// online client finds them. None when the game is over, or for a machine seat (fabgen's
// "kind", which the engine ignores: such a seat only passes).
function legalMoves(state, machines) {
  const player = state.getNextPlayer()
  const fields = state.getFields()
  const moves = []
  if (machines[player]) return moves
  for (const src in fields) {
    const field = fields[src]
    if (!field.isOpen() || field.getPlayer() !== player) continue
    for (let dir = 0; dir < 6; ++dir) {
      let dst = field.getCoords().getNeighbour(dir)
      while (state.isValidMove(src, dst)) {
        moves.push(src + "-" + dst.toString())
        dst = dst.getNeighbour(dir)
      }
    }
  }
  return moves.sort()
}

function stateOf(state, names, machines) {
  const fields = names.map((name) => {
    const field = state.getField(name)
    return field ? [statusOf(field), field.getPlayer(), field.getStones()] : ["missing", -1, 0]
  })
  const over = state.isGameOver()
  return {
    fields: fields,
    next: state.getNextPlayer(),
    over: over,
    scores: state.calculateScores(),
    moves: over ? [] : legalMoves(state, machines),
  }
}

// "status owner stones" per field joined by ";", then next player, game over (0 or 1)
// and the scores: exactly as compare_online.py writes fabgen's state.
function fieldText(s) {
  const fields = s.fields.map((f) => f[0][0] + f[1] + " " + f[2]).join(";")
  return [fields, s.next, s.over ? 1 : 0, s.scores.join(","), s.moves.join(",")].join("|")
}

function digest(s) {
  return crypto.createHash("sha1").update(fieldText(s)).digest("hex")
}

function sameMoves(a, b) {
  return a.length === b.length && a.every((m, i) => m[0] === b[i][0] && m[1] === b[i][1])
}

function compareGame(GameState, game) {
  const state = GameState(Object.assign({}, game.start, { turns: [] }))
  const seats = state.getPlayers().length
  const machines = game.start.players.map((p) => p.kind === "machine")
  const now = () => stateOf(state, game.names, machines)
  const differ = (turn, refused) =>
    Object.assign({ turn: turn, refused: refused, players: seats }, now())
  if (seats !== game.start.players.length) return { compared: 0, difference: differ(0, []) }
  if (digest(now()) !== game.expect[0]) {
    return { compared: 0, difference: differ(0, []) }
  }
  for (let t = 0; t < game.turns.length; ++t) {
    const moves = game.turns[t]
    const valid = state.filterValidMoves(moves)
    state.addTurn(valid)
    if (!sameMoves(valid, moves)) {
      const refused = moves.filter((m) => !valid.some((v) => v[0] === m[0] && v[1] === m[1]))
      return { compared: t, difference: differ(t + 1, refused) }
    }
    if (digest(now()) !== game.expect[t + 1]) {
      return { compared: t, difference: differ(t + 1, []) }
    }
  }
  return { compared: game.turns.length, difference: null }
}

function main() {
  const engineDir = process.argv[2]
  if (!engineDir) {
    process.stderr.write("usage: node online_engine_turns.js ENGINE_DIR < request.json\n")
    process.exit(2)
  }
  const GameState = loadEngine(engineDir)
  const request = JSON.parse(fs.readFileSync(0, "utf8"))
  const games = request.games.map((game) => compareGame(GameState, game))
  process.stdout.write(JSON.stringify({ node: process.version, games: games }) + "\n")
}

main()
