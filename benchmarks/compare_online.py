"""fabgen's rules engine against the online engine, turn by turn, on many random games.

Seeded random games are played by fabgen (the random player of
fabgen.rules.random_games under the ``online`` variant, the one meant to match the
online rules; each game draws its explode bias from 0 to 1 and its move chance from
0.5 to 1, so some games wander and others burn down in long chains) on every preset
board and on some home-made odd ones. The online engine (js/common/GameState.js of a
copy of maksverver/atlantis-heroku, run under node by online_engine_turns.js) plays
the same turns, and after every turn both engines' states are compared: each field's
status, owner and stones, the next player, whether the game is over, the scores, and
every move the next player may make (fabgen's Turn.legal_moves against the online
engine's isValidMove along every line). A turn whose moves the online engine refuses is
a disagreement too.

The online engine has no machine seats: on the presets with machines they are players
whose turns are always empty, as in fabgen. The home-made boards: ``hexagon-91`` (the
online version's own 91-segment hexagon, 3 players), ``single-fields`` (every field its
own tile), ``strip`` (a board two fields wide), ``far-names`` (x up to 40, field names
such as ``ab-3``), ``islands`` (two boards apart) and ``random`` (a new board per game:
fields of a hexagon with holes, tiles of 1 to 9 fields, 2 to 6 players whose starts
include growing and dead fields and full stacks).

Per board it prints the games and turns compared, then every disagreement with the
game (its seed and settings), the turn, each field that differs and both engines'
values (and the next player, game over, scores and moves when they differ); a game
stops at its first disagreement, since what follows only follows from it. A disagreement that a
documented deliberate difference explains (DELIBERATE: the rule and the design-notes
section that decides it) is listed as such. Exit status 1 on any other disagreement,
2 when the engine cannot run.

Run: .venv/bin/python benchmarks/compare_online.py --engine DIR [--games N] [--seed S]
     [--boards A,B] [--max-turns T] [--write DIR]
(--engine defaults to $FABGEN_ONLINE_ENGINE; a copy: git clone
https://github.com/maksverver/atlantis-heroku)

The default (100 games on each of 27 boards) takes about 6 minutes
(estimated: ``--games 10`` took 35 s, ``--games 1`` 4 s; 2-core development machine
shared with other work, node 20, 2026-11-30).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from online_engine import ENGINE_FILE, EngineFailed, NodeEngine, find_node

from fabgen.board import load_preset
from fabgen.board.files import preset_names
from fabgen.geometry.lattice import hex_distance, neighbours
from fabgen.rules.moves import IllegalMove, Move
from fabgen.rules.names import field_name
from fabgen.rules.random_games import random_moves
from fabgen.rules.scoring import all_settled, game_over, scores, standstill
from fabgen.rules.setup import DEFAULT_PLAYERS, segment_fields, start_position
from fabgen.rules.state import DEAD, Player, Position
from fabgen.rules.transcript import transcript_from_position, transcript_to_json
from fabgen.rules.transcript import write_transcript as transcript_text
from fabgen.rules.turn import Turn, play_turn, replay
from fabgen.rules.variants import ONLINE

HARNESS = Path(__file__).with_name("online_engine_turns.js")
HOME_MADE = ("hexagon-91", "single-fields", "strip", "far-names", "islands", "random")
STATUS = ("live", "growing", "dead")


# --- the boards ----------------------------------------------------------------------


def boards() -> tuple[str, ...]:
    return (*preset_names(), *HOME_MADE)


def start_of(name: str, rng: random.Random) -> Position:
    """The start of a game on board ``name`` (``random`` draws a new board from ``rng``)."""
    if name in HOME_MADE:
        return _HOME_MADE[name](rng)
    return load_preset(name).position()


def _players(count: int) -> tuple[Player, ...]:
    return DEFAULT_PLAYERS[:count]


def _hexagon(centre: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    q0, r0 = centre
    span = range(-radius, radius + 1)
    return [(q0 + q, r0 + r) for q in span for r in span if hex_distance((q, r), (0, 0)) <= radius]


def _single_fields(rng: random.Random) -> Position:
    """A hexagon of 61 fields, each its own tile: as many moves a turn as stacks."""
    fields = _hexagon((0, 0), 4)
    stacks = [{(-4, -4): 3, (-3, -4): 2}, {(4, 4): 3, (4, 3): 2}, {(4, 0): 3, (-4, 0): 3}]
    return Position.from_stacks([[f] for f in fields], _players(3), stacks)


def _strip(rng: random.Random) -> Position:
    """Two fields wide and 24 long, tiles of 4: capacities 2 and 3, regions that split."""
    segments = [[(2 * t + dq, dr) for dq in (0, 1) for dr in (0, 1)] for t in range(12)]
    stacks = [{(0, 0): 2, (1, 1): 2}, {(23, 1): 2, (22, 0): 2}]
    return Position.from_stacks(segments, _players(2), stacks)


def _far_names(rng: random.Random) -> Position:
    """Standard tiles far from the origin: x from 24 to 40 (names z, aa, …, ao) and y
    below zero (``ab-3``)."""
    centres = [(32 + i + 2 * j, -8 + 3 * i - j) for i in range(-1, 2) for j in range(-1, 2)]
    segments = [segment_fields(c) for c in centres]
    stacks = [
        {f: 1 for f in segments[0]},
        {f: 1 for f in segments[8]},
        {f: 1 for f in segments[2]},
    ]
    return Position.from_stacks(segments, _players(3), stacks)


def _islands(rng: random.Random) -> Position:
    """Two hexagons of 7 tiles that do not touch, a player on each and one on both."""
    left = [segment_fields((1 + i + 2 * j, 1 + 3 * i - j)) for i, j in _seven()]
    right = [[(q + 20, r) for q, r in s] for s in left]
    stacks = [
        {f: 1 for f in left[1]},
        {f: 1 for f in right[4]},
        {**{f: 1 for f in left[5]}, **{f: 1 for f in right[2]}},
    ]
    return Position.from_stacks([*left, *right], _players(3), stacks)


def _seven() -> list[tuple[int, int]]:
    return [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def _random_board(rng: random.Random) -> Position:
    """A new odd board: a hexagon of fields anywhere (negative and two-letter names
    too) with holes, cut into connected tiles of 1 to 9 fields, and 2 to 6 players
    each with 1 to 3 stacks: mostly stones on live fields (some full at once), some
    growing fields and dead ones."""
    centre = (rng.randint(-40, 40), rng.randint(-40, 40))
    keep = rng.uniform(0.6, 1.0)
    fields = [f for f in _hexagon(centre, rng.randint(2, 6)) if rng.random() < keep]
    if len(fields) < 6:
        fields = _hexagon(centre, 2)
    left = set(fields)
    segments = []
    for f in fields:  # each tile grows from its first field through free neighbours
        if f not in left:
            continue
        left.discard(f)
        tile, size = [f], rng.randint(1, 9)
        while len(tile) < size:
            free = [n for t in tile for n in neighbours(t) if n in left]
            if not free:
                break
            n = rng.choice(free)
            left.discard(n)
            tile.append(n)
        segments.append(tile)
    count = rng.randint(2, min(6, len(fields) // 2))
    spots = rng.sample(fields, min(len(fields), count * 3))
    stacks: list[dict] = [{} for _ in range(count)]
    for k, spot in enumerate(spots):
        value = rng.choice((1, 1, 2, 2, 3, 4, 6, 7, -1, -2, 0))
        stacks[k % count][spot] = value
    return Position.from_stacks(segments, _players(count), stacks)


_HOME_MADE: dict[str, Callable[[random.Random], Position]] = {
    "hexagon-91": lambda rng: start_position(5, 3),
    "single-fields": _single_fields,
    "strip": _strip,
    "far-names": _far_names,
    "islands": _islands,
    "random": _random_board,
}


# --- fabgen's side -------------------------------------------------------------------


@dataclass
class Game:
    board: str
    number: int
    seed: int
    explode_bias: float
    move_chance: float
    start: Position
    turns: list[list[Move]] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    #: a difference between fabgen's own two ways of playing the game (Turn, replay)
    own: str | None = None

    def describe(self) -> str:
        return (
            f"{self.board} game {self.number} (seed {self.seed}, explode bias "
            f"{self.explode_bias:.2f}, move chance {self.move_chance:.2f})"
        )


def state_of(pos: Position) -> dict:
    """The state compared, as the node side reads the online engine's."""
    status, owners, stones = pos.status_codes, pos.owners, pos.stone_counts
    fields = []
    for i, s in enumerate(status):
        owner = owners[i]
        if s == DEAD:
            former = pos.owner(pos.board.fields[i])
            owner = -1 if former is None else former
        fields.append([STATUS[s], owner, stones[i]])
    over = game_over(pos, ONLINE)
    return {
        "fields": fields,
        "next": pos.next_player,
        "over": over,
        "scores": scores(pos),
        # spelt as the online harness spells them, source-destination even with a minus
        # sign (str(move) is for people: -d1 to -c1)
        "moves": [] if over else sorted(_pair(m) for m in Turn(pos, ONLINE).legal_moves()),
    }


def _pair(move: Move) -> str:
    return f"{field_name(move.source)}-{field_name(move.destination)}"


def field_text(state: dict) -> str:
    """The text both sides hash (online_engine_turns.js, fieldText)."""
    cells = ";".join(f"{s[0]}{o} {n}" for s, o, n in state["fields"])
    over = 1 if state["over"] else 0
    scores = ",".join(map(str, state["scores"]))
    return f"{cells}|{state['next']}|{over}|{scores}|{','.join(state['moves'])}"


def digest(pos: Position) -> str:
    return hashlib.sha1(field_text(state_of(pos)).encode()).hexdigest()


def play(board: str, number: int, seed: int, max_turns: int) -> Game:
    """Game ``number`` on ``board``: its settings and start drawn from ``seed``, then
    random turns by the Turn engine, the digest of the state after each."""
    rng = random.Random(seed)
    game = Game(
        board,
        number,
        seed,
        explode_bias=rng.choice((0.0, 0.3, 0.6, 0.8, 0.9, 1.0)),
        move_chance=rng.choice((0.5, 0.8, 1.0)),
        start=start_of(board, rng),
    )
    pos = game.start
    game.digests.append(digest(pos))
    while len(game.turns) < max_turns and not game_over(pos, ONLINE):
        turn = Turn(pos, ONLINE)
        game.turns.append(random_moves(turn, rng, game.move_chance, game.explode_bias))
        pos, _ = turn.finish()
        game.digests.append(digest(pos))
    try:  # the fast replay of `fabgen rules replay` must end where the turns did
        if replay(game.start, game.turns, ONLINE) != pos:
            game.own = "fabgen's replay() ends in another position than turn by turn (Turn)"
    except IllegalMove as exc:
        game.own = f"fabgen's replay() refuses the game it played turn by turn: {exc}"
    return game


def position_after(game: Game, turns: int) -> Position:
    pos = game.start
    for moves in game.turns[:turns]:
        pos, _ = play_turn(pos, moves, ONLINE)
    return pos


# --- deliberate differences ----------------------------------------------------------


@dataclass(frozen=True)
class Deliberate:
    """A documented difference: where the design notes decide it, and a test of
    whether it explains a disagreement (fabgen's position, the differing items)."""

    what: str
    reference: str
    explains: Callable[[Position, set[str]], bool]


DELIBERATE = (
    Deliberate(
        "fabgen ends a game at a standstill of machine seats' stacks (the online engine "
        "has no machine seats and plays on, its machines' turns empty, without a change)",
        "docs/design-notes.md, The rules as the engine plays them, rule 7 (our addition)",
        lambda pos, items: items == {"over"} and standstill(pos) and not all_settled(pos),
    ),
)


# --- the comparison ------------------------------------------------------------------


class OnlineEngine(NodeEngine):
    def compare(self, games: Sequence[Game]) -> list[dict]:
        request = {
            "games": [
                {
                    "start": transcript_to_json(
                        transcript_from_position(g.start, with_state=False)
                    ),
                    "names": list(g.start.board.names),
                    "turns": [[_move_json(m) for m in t] for t in g.turns],
                    "expect": g.digests,
                }
                for g in games
            ]
        }
        return self.ask(HARNESS, request)["games"]


def _move_json(move: Move) -> list[str]:
    return [field_name(move.source), field_name(move.destination)]


@dataclass
class Disagreement:
    game: Game
    turn: int  # turns played when the states differ (0: the start)
    lines: list[str]
    deliberate: Deliberate | None


def _cell(cell: Sequence) -> str:
    status, owner, stones = cell
    who = "nobody" if owner < 0 else f"player {owner + 1}"
    return f"{status}, {who}, {stones} stone{'s' if stones != 1 else ''}"


def disagreement(game: Game, online: dict) -> Disagreement:
    """What differs between fabgen's state and the online engine's after turn
    ``online["turn"]``."""
    t = online["turn"]
    pos = position_after(game, t)
    ours = state_of(pos)
    names = game.start.board.names
    lines, items = [], set()
    if online["players"] != len(game.start.players):
        items.add("players")
        lines.append(
            f"seats: fabgen {len(game.start.players)}, online {online['players']} (it drops "
            "a player without stacks, and then every turn)"
        )
    if online["refused"]:
        items.add("refused")
        shown = ", ".join(f"{a}-{b}" for a, b in online["refused"])
        lines.append(f"moves the online engine refuses (fabgen played them): {shown}")
    for name, a, b in zip(names, ours["fields"], online["fields"], strict=True):
        if list(a) != list(b):
            items.add("fields")
            lines.append(f"{name}: fabgen {_cell(a)}; online {_cell(b)}")
    for key, label in (("next", "next player"), ("over", "game over"), ("scores", "scores")):
        if ours[key] != online[key]:
            items.add(key)
            lines.append(
                f"{label}: fabgen {_shown(key, ours[key])}; online {_shown(key, online[key])}"
            )
    mine, theirs = set(ours["moves"]), set(online["moves"])
    for who, only in (("fabgen", mine - theirs), ("online", theirs - mine)):
        if only:
            items.add("moves")
            lines.append(f"moves of the next turn only {who} allows: {_some(sorted(only))}")
    if not lines:
        lines.append("the digests differ but no value does (the two sides hash other texts)")
    why = next((d for d in DELIBERATE if d.explains(pos, items)), None)
    return Disagreement(game, t, lines, why)


def _some(moves: list[str], most: int = 12) -> str:
    shown = ", ".join(moves[:most])
    return shown if len(moves) <= most else f"{shown} and {len(moves) - most} more"


def _shown(key: str, value: object) -> str:
    if key == "next":
        return f"player {int(value) + 1}"  # type: ignore[call-overload]
    if key == "over":
        return "yes" if value else "no"
    return str(list(value))  # type: ignore[call-overload]


def heading(d: Disagreement) -> str:
    game, t = d.game, d.turn
    if t == 0:
        return f"{game.describe()}, at the start"
    players = game.start.players
    k = (t - 1) % len(players)
    return f"{game.describe()}, after turn {t} (played by {players[k].label(k)})"


# --- running -------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    turns: int = 0
    compared: int = 0
    found: list[Disagreement] = field(default_factory=list)


def game_seed(seed: int, board: str, number: int) -> int:
    text = f"{seed}:{board}:{number}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


def compare_board(
    engine: OnlineEngine, board: str, games: int, seed: int, max_turns: int, batch: int = 50
) -> Tally:
    tally = Tally()
    for first in range(1, games + 1, batch):
        numbers = range(first, min(games, first + batch - 1) + 1)
        played = [play(board, n, game_seed(seed, board, n), max_turns) for n in numbers]
        for game, online in zip(played, engine.compare(played), strict=True):
            tally.games += 1
            tally.turns += len(game.turns)
            tally.compared += online["compared"]
            if game.own is not None:
                tally.found.append(Disagreement(game, len(game.turns), [game.own], None))
            if online["difference"] is not None:
                tally.found.append(disagreement(game, online["difference"]))
    return tally


def write_game(directory: Path, d: Disagreement) -> Path:
    """The game up to and including the disagreeing turn, as a transcript."""
    directory.mkdir(parents=True, exist_ok=True)
    t = transcript_from_position(d.game.start, turns=d.game.turns[: d.turn], with_state=False)
    out = directory / f"{d.game.board}-{d.game.number}-turn-{d.turn}.json"
    out.write_text(transcript_text(t))
    return out


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--engine",
        type=Path,
        default=os.environ.get("FABGEN_ONLINE_ENGINE"),
        metavar="DIR",
        help="a copy of maksverver/atlantis-heroku (default: $FABGEN_ONLINE_ENGINE)",
    )
    parser.add_argument("--games", type=int, default=100, help="games per board (100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games (0)")
    parser.add_argument(
        "--boards",
        type=_boards,
        default=boards(),
        metavar="A,B",
        help="boards, comma-separated (default: every preset and " + ", ".join(HOME_MADE) + ")",
    )
    parser.add_argument(
        "--max-turns", type=int, default=500, metavar="T", help="turns per game at most (500)"
    )
    parser.add_argument(
        "--write",
        type=Path,
        default=None,
        metavar="DIR",
        help="write each disagreeing game, up to the turn, as a transcript in DIR",
    )
    args = parser.parse_args()
    if args.engine is None:
        parser.error("give --engine DIR (a copy of maksverver/atlantis-heroku)")
    if not (args.engine / ENGINE_FILE).is_file():
        parser.error(
            f"--engine {args.engine}: there is no {ENGINE_FILE} in it; give the folder of a copy "
            "of maksverver/atlantis-heroku (git clone https://github.com/maksverver/atlantis-heroku)"
        )
    if args.games < 1 or args.max_turns < 1:
        parser.error("--games and --max-turns must be at least 1")
    return args


def _boards(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in boards()]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"use some of {', '.join(boards())}")
    return names


def main() -> int:
    args = _arguments()
    node = find_node()
    if node is None:
        print("node is not on PATH: the online engine cannot run (install nodejs)", file=sys.stderr)
        return 2
    engine = OnlineEngine(args.engine, node)
    print(
        f"online engine: {args.engine / ENGINE_FILE} under node {engine.version()}; fabgen's "
        f"variant online; {args.games} games per board, seed {args.seed}, at most "
        f"{args.max_turns} turns"
    )
    print(
        f"{'board':<28} {'games':>6} {'turns':>8} {'compared':>9} {'deliberate':>10} {'other':>6}"
    )
    found: list[Disagreement] = []
    totals = Tally()
    for board in args.boards:
        try:
            tally = compare_board(engine, board, args.games, args.seed, args.max_turns)
        except EngineFailed as exc:
            print(exc, file=sys.stderr)
            return 2
        deliberate = sum(d.deliberate is not None for d in tally.found)
        print(
            f"{board:<28} {tally.games:>6} {tally.turns:>8} {tally.compared:>9} "
            f"{deliberate:>10} {len(tally.found) - deliberate:>6}",
            flush=True,
        )
        found += tally.found
        totals.games += tally.games
        totals.turns += tally.turns
        totals.compared += tally.compared
    print(f"{'all':<28} {totals.games:>6} {totals.turns:>8} {totals.compared:>9}")
    print(
        "turns: played by fabgen; compared: turns after which both engines agree on every "
        "field, the next player, game over, the scores and the next turn's moves (a game stops "
        "at a disagreement)"
    )
    other = [d for d in found if d.deliberate is None]
    for d in found:
        kind = "deliberate" if d.deliberate else "DISAGREEMENT"
        print(f"\n{kind}: {heading(d)}")
        for line in d.lines:
            print(f"  {line}")
        if d.deliberate is not None:
            print(f"  explained: {d.deliberate.what} ({d.deliberate.reference})")
        if args.write is not None:
            print(f"  written to {write_game(args.write, d)}")
    if other:
        print(f"\n{len(other)} disagreement(s) not explained by a deliberate difference")
        return 1
    print(f"\nno disagreement beyond the deliberate ones ({len(found)} of those)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
