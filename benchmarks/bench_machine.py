"""Decision times of the extreme machine and the greedy player.

Boards: the presets 3p-triangle-4 (10 tiles), 6p-hexagon-19 and 6p-hexagon-37. Game
stages: the start, and positions reached by seeded random games (half of the moves
fill a field up, so the board fills with growing and dead fields) after a number of
rounds. For each board and stage, several positions (one per seed) are decided; the
table shows the median and the slowest decision, how many of them the extreme
machine proved best (exhaustive), the same for the older search
(``ExtremeMachine(NOW_LIMITS)``, the default before the exact search), and the size of
the turn space.

The held-out set: every position of seeded random games (seeds 0-9; ``--seeds 10-29``
gives the second set, never used for tuning) on seven presets after 9, 12 and 16
rounds with 10^4 to 10^6 move sets. Each is decided by the exact search (the default)
and by the older search (``ExtremeMachine(NOW_LIMITS)``: every move set up to 4,096,
else a beam); the summary gives their median and slowest times, how many decisions
each proved, how many turns of the older search are as good as the exact search's,
and the positions the exact search did not prove. These times are wall-clock (a
look-ahead over many turns searches in two processes at once), so run it on an
otherwise idle machine.

The last lines play whole greedy games on the 19-tile board (every seat greedy, at
most 300 turns) and estimate the time of 10,000 such games on two cores.

Crowded boards (``--crowded``): the 37-tile board with every live field held, by a
seat drawn at random, with 5 to 100 stones (after ``--rounds`` rounds of a seeded
random game, whose growing and dead fields stay; 0: every field live). Random games
themselves never crowd a board so (a quarter of its fields held at most), but a
person may set one up, and the extreme machine's search spends its whole budget on
them. Each position (one per seed of ``--seeds``) is printed with its move sets, the
decision's time, whether it is proven, its count, bound and bound evaluations.

Run: .venv/bin/python benchmarks/bench_machine.py [--positions N] [--games N]
[--held-out] (the held-out set only) [--seeds FIRST-LAST] (of the held-out set, or
the crowded positions) [--crowded [--rounds N] [--budget N]]

Takes about 10 s with the defaults (2-core development machine shared with other work,
2026-11-30).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from fabgen.board.files import load_preset
from fabgen.play.greedy import Greedy
from fabgen.play.machine import NOW_LIMITS, ExtremeMachine
from fabgen.play.search import count_move_sets, moves_by_tile
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over
from fabgen.rules.state import LIVE, Position
from fabgen.rules.turn import play_turn

BOARDS = ("3p-triangle-4", "6p-hexagon-19", "6p-hexagon-37")
ROUNDS = (0, 2, 6, 12)
HELD_OUT_BOARDS = (
    "6p-hexagon-19",
    "6p-hexagon-37",
    "2p-diamond-4",
    "4p-butterfly",
    "4p-diamond-5",
    "5p-hexagon-18",
    "6p-ring-20",
)
HELD_OUT_ROUNDS = (9, 12, 16)


def positions(board: str, rounds: int, count: int) -> list:
    start = load_preset(board).position()
    out = []
    for seed in range(count * 4):
        turns = rounds * len(start.players)
        _, pos = random_game(start, seed, max_turns=turns, explode_bias=0.5)
        if pos.turns_played == turns and not game_over(pos):
            out.append(pos)
        if len(out) == count:
            break
    return out


def timed(decide, pos) -> float:
    start = time.process_time()
    decide(pos)
    return 1000 * (time.process_time() - start)


def stage(board: str, rounds: int, count: int) -> dict | None:
    found = positions(board, rounds, count)
    if not found:
        return None
    machine, greedy, older = ExtremeMachine(), Greedy(), ExtremeMachine(NOW_LIMITS)
    machine_ms, greedy_ms, complete, sets, moves = [], [], 0, [], []
    older_ms, older_complete = [], 0
    for n, pos in enumerate(found):
        tiles = moves_by_tile(pos, "online")
        sets.append(count_move_sets(tiles))
        moves.append(sum(len(t) for t in tiles))
        start = time.process_time()
        decision = machine.decide(pos, "online", random.Random(n))
        machine_ms.append(1000 * (time.process_time() - start))
        complete += decision.exhaustive
        start = time.process_time()
        older_complete += older.decide(pos, "online", random.Random(n)).exhaustive
        older_ms.append(1000 * (time.process_time() - start))
        greedy_ms.append(
            timed(lambda p, n=n: greedy.choose_turn(p, "online", random.Random(n)), pos)
        )
    return {
        "tiles": len(found[0].board.tiles),
        "players": len(found[0].players),
        "turn": found[0].turns_played,
        "positions": len(found),
        "moves": statistics.median(moves),
        "sets": statistics.median(sets),
        "machine": (statistics.median(machine_ms), max(machine_ms)),
        "exhaustive": complete,
        "older": (statistics.median(older_ms), max(older_ms)),
        "older_exhaustive": older_complete,
        "greedy": (statistics.median(greedy_ms), max(greedy_ms)),
    }


def greedy_games(board: str, games: int, max_turns: int = 300) -> tuple[int, int, float]:
    """Whole games with every seat greedy: (games, decisions, seconds)."""
    start = load_preset(board).position()
    greedy, decisions = Greedy(), 0
    began = time.process_time()
    for seed in range(games):
        rng, pos = random.Random(seed), start
        while pos.turns_played < max_turns and not game_over(pos):
            pos, _ = play_turn(pos, greedy.choose_turn(pos, "online", rng))
            decisions += 1
    return games, decisions, time.process_time() - began


def held_out(seeds: range = range(10)) -> list:
    """(board, rounds, seed, position) of the held-out set."""
    out = []
    for board in HELD_OUT_BOARDS:
        start = load_preset(board).position()
        for rounds in HELD_OUT_ROUNDS:
            turns = rounds * len(start.players)
            for seed in seeds:
                _, pos = random_game(start, seed, max_turns=turns, explode_bias=0.5)
                if pos.turns_played != turns or game_over(pos):
                    continue
                if 10**4 <= count_move_sets(moves_by_tile(pos, "online")) <= 10**6:
                    out.append((board, rounds, seed, pos))
    return out


def _value(decision) -> tuple:
    return (decision.criterion, decision.next_turn or decision.explosions)


def held_out_summary(seeds: range = range(10)) -> None:
    found = held_out(seeds)
    exact, older = ExtremeMachine(), ExtremeMachine(NOW_LIMITS)
    times: dict[str, list] = {"exact": [], "older": []}
    proved = {"exact": 0, "older": 0}
    as_good, slowest = 0, (0.0, "")
    sets, open_ = [], []
    for board, rounds, seed, pos in found:
        sets.append(count_move_sets(moves_by_tile(pos, "online")))
        got = {}
        for name, machine in (("exact", exact), ("older", older)):
            # Wall-clock: a big look-ahead searches in two processes.
            start = time.perf_counter()
            got[name] = machine.decide(pos, "online", random.Random(seed))
            ms = 1000 * (time.perf_counter() - start)
            times[name].append(ms)
            proved[name] += got[name].exhaustive
            if name == "exact" and ms > slowest[0]:
                slowest = (ms, f"{board} after {rounds} rounds, seed {seed}")
            if name == "exact" and not got[name].exhaustive:
                d = got[name]
                open_.append(
                    f"{board} after {rounds} rounds, seed {seed}: {sets[-1]:,} move sets, "
                    f"{d.criterion} {_value(d)[1]} (bound {d.bound}), {ms:,.0f} ms"
                )
        as_good += _value(got["older"]) == _value(got["exact"])
    n = len(found)
    print(
        f"held-out set: {n} positions, {min(sets):,} to {max(sets):,} move sets "
        f"(median {statistics.median(sets):,.0f})"
    )
    for name in ("exact", "older"):
        t = times[name]
        print(
            f"  {name:>5} search: median {statistics.median(t):,.0f} ms, slowest "
            f"{max(t):,.0f} ms; proved best {proved[name]}/{n}"
        )
    print(f"  older search's turn as good as the exact one: {as_good}/{n}")
    print(f"  slowest exact decision: {slowest[1]}")
    for line in open_:
        print(f"  not proven: {line}")


CROWDED_BOARD = "6p-hexagon-37"


def crowded(seed: int, rounds: int = 0) -> Position:
    """The crowded position of ``seed``: every live field of the 37-tile board (after
    ``rounds`` rounds of the seeded random game) held by a seat drawn at random, with
    5 to 100 stones; growing and dead fields as the game left them."""
    start = load_preset(CROWDED_BOARD).position()
    pos = start
    if rounds:
        _, pos = random_game(start, seed, max_turns=rounds * len(start.players), explode_bias=0.5)
    rng = random.Random(seed)
    stacks = [pos.stacks(k) for k in range(len(start.players))]
    for f, status in zip(start.board.fields, pos.status_codes, strict=True):
        if status == LIVE:
            for held in stacks:
                held.pop(f, None)
            stacks[rng.randrange(len(stacks))][f] = rng.randint(5, 100)
    out = Position.from_stacks(
        start.board.segments, start.players, stacks, turns_played=pos.turns_played
    )
    assert out.status_codes == pos.status_codes
    return out


def crowded_summary(seeds: range, rounds: int = 0, budget: int | None = None) -> None:
    machine = ExtremeMachine() if budget is None else ExtremeMachine(budget=budget)
    print(
        f"crowded {CROWDED_BOARD} after {rounds} rounds, every live field held "
        f"(5-100 stones), budget {machine.budget:,} bound evaluations"
    )
    print(
        f"{'seed':>4} {'live':>4} {'tiles':>5} {'moves':>5} {'move sets':>9} {'CPU ms':>7} "
        f"{'wall ms':>7} {'proven':>6} {'best':>4} {'bound':>5} {'ties':>9} {'evaluations':>11}"
    )
    cpu, wall = [], []
    for seed in seeds:
        pos = crowded(seed, rounds)
        tiles = moves_by_tile(pos, "online")
        # CPU time of this process (and wall-clock: a look-ahead may fork, see above).
        start, began = time.process_time(), time.perf_counter()
        d = machine.decide(pos, "online", random.Random(seed))
        cpu.append(1000 * (time.process_time() - start))
        wall.append(1000 * (time.perf_counter() - began))
        print(
            f"{seed:>4} {pos.status_codes.count(LIVE):>4} {len(tiles):>5} "
            f"{sum(len(t) for t in tiles):>5} {count_move_sets(tiles):>9.2g} {cpu[-1]:>7,.0f} "
            f"{wall[-1]:>7,.0f} {'yes' if d.exhaustive else 'no':>6} {_value(d)[1]:>4} "
            f"{_value(d)[1] if d.bound is None else d.bound:>5} {d.search.ties:>9,} "
            f"{d.turns_examined:>11,}",
            flush=True,
        )
    print(
        f"  CPU median {statistics.median(cpu):,.0f} ms, slowest {max(cpu):,.0f} ms; "
        f"wall-clock median {statistics.median(wall):,.0f} ms, slowest {max(wall):,.0f} ms"
    )


def _seeds(text: str) -> range:
    first, sep, last = text.partition("-")
    try:
        seeds = range(int(first), int(last if sep else first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not FIRST-LAST, e.g. 10-29") from None
    if not seeds or seeds.start < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: seeds from 0 up, FIRST <= LAST")
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=5, help="positions per stage (5)")
    parser.add_argument("--games", type=int, default=10, help="greedy games on 19 tiles (10)")
    parser.add_argument("--held-out", action="store_true", help="the held-out set only")
    parser.add_argument(
        "--seeds", type=_seeds, default=range(10), help="held-out seeds FIRST-LAST (0-9)"
    )
    parser.add_argument(
        "--crowded", action="store_true", help="crowded 37-tile positions only (see above)"
    )
    parser.add_argument(
        "--rounds", type=int, default=0, help="crowded: rounds of the random game first (0)"
    )
    parser.add_argument(
        "--budget", type=int, default=None, help="crowded: bound evaluations (the default's)"
    )
    args = parser.parse_args()
    if args.crowded:
        crowded_summary(args.seeds, args.rounds, args.budget)
        return
    if args.held_out:
        held_out_summary(args.seeds)
        return
    print(
        f"{'tiles':>5} {'seats':>5} {'turn':>4} {'moves':>5} {'move sets':>12} "
        f"{'machine ms median/max':>22} {'exhaustive':>10} {'older ms median/max':>20} "
        f"{'exhaustive':>10} {'greedy ms median/max':>21}"
    )
    for board in BOARDS:
        for rounds in ROUNDS:
            r = stage(board, rounds, args.positions)
            if r is None:
                print(f"{board}: no unfinished position after {rounds} rounds")
                continue
            m, o, g = r["machine"], r["older"], r["greedy"]
            print(
                f"{r['tiles']:>5} {r['players']:>5} {r['turn']:>4} {r['moves']:>5.0f} "
                f"{r['sets']:>12,.0f} {m[0]:>12.1f} / {m[1]:>7.1f} "
                f"{r['exhaustive']:>5}/{r['positions']:<4} {o[0]:>10.1f} / {o[1]:>7.1f} "
                f"{r['older_exhaustive']:>5}/{r['positions']:<4} {g[0]:>11.2f} / {g[1]:>7.2f}"
            )
    held_out_summary(args.seeds)
    games, decisions, seconds = greedy_games("6p-hexagon-19", args.games)
    per_game = seconds / games
    print(
        f"greedy self-play on 19 tiles (6 seats): {games} games, {decisions} decisions in "
        f"{seconds:.1f} s: {decisions / seconds:,.0f} decisions/s, {1000 * per_game:.0f} ms/game; "
        f"10,000 games on 2 cores: about {10_000 * per_game / 2 / 60:.1f} min"
    )


if __name__ == "__main__":
    main()
