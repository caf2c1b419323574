"""How well the strong player plays, how its games end, and how fast it decides.

Prints, each win share with its 95 % Wilson interval (a shared first place counts as a
shared win, as ``fabgen balance`` counts), every seat played by each player in turn:

1. **strength**: two players, strong against greedy and against random (targets 85 %
   and 98 %); three and six players, one strong seat against greedy seats (target:
   twice the fair share; three-seat boards play at least ``THREE_SEAT_GAMES``
   games); the same on boards built in ``strength.py`` that nobody tuned on;
2. **budget**: a larger budget (spent on a deeper search:
   ``fabgen.play.strong.settings_for``) against the default: ``strong:10000`` on the
   diamonds, where the default searches as ``strong:3000``, and one ``strong:3000``
   seat against two default ones on 3p-triangle-4 (the interval's lower end above the
   fair share means the budget buys strength);
3. **games**: strong in every seat of every 2 to 6 player preset: the share of
   finished games that end with every score 0 (target at most 10 %), of games capped
   at 1000 turns (at most 2 %), and the mean length in rounds;
4. **speed**: the median and 95th percentile time of one decision at the default
   budget on the 19-tile six-seat board (target: median at most 50 ms) and on
   2p-diamond-5 (where the default searches as ``strong:3000``), and with
   ``--balance-run`` the wall time of ``fabgen balance --preset 6p-hexagon-19 --games
   200 --jobs 2`` (target: at most 10 minutes).

Run: .venv/bin/python benchmarks/bench_strength.py [--games N] [--jobs N]
     [--only strength,budget,games,speed] [--boards B1,B2] [--against greedy,random]
     [--seeds 1,201] [--balance-run]

The whole default run takes hours on two cores (not timed whole: it plays some 2,000
games, a two-seat one in about 5 s of the two cores' time); ``--only speed``
takes about 80 s, and ``--only strength --boards 2p-diamond-4 --against greedy --games
2`` about 10 s (2-core development machine, 2026-11-30). ``--balance-run`` adds about
4 minutes.

``--seeds`` plays ``--games`` games from each seed set and pools them into one row
(the README's 800 games against random on the diamonds: ``--only strength --boards
2p-diamond-4,2p-diamond-5 --against random --games 100 --seeds 1,201,401,601``, the
same games as ``why_zero.py`` and ``try_variant.py`` play with ``--seed`` 1, 201, 401
and 601).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength import TUNING, UNUSUAL, match, start_of, summarise
from timing import strong_decisions

from fabgen.board.files import load_preset, preset_names

TWO = ["2p-diamond-4", "2p-diamond-5"]
TWO_UNUSUAL = [
    "2p-line-7",
    "2p-hexagon-19-near",  # (tuned on since thaw, 2026-11-28: labelled so)
    "2p-triangle-15-near",
    "2p-ragged-12",
    "2p-parallelogram-24-inside",
]
MANY = ["3p-triangle-4", "6p-hexagon-19"]
MANY_UNUSUAL = ["3p-hexagon-19-side", "3p-hexagon-19-apart", "3p-triangle-21-inside"]
#: The fewest games a match on a three-seat board plays: they are cheap (about a fifth
#: of a second a game), and with 40 a board whose middle seat wins least swings by
#: +-15 points around its target.
THREE_SEAT_GAMES = 150


#: The boards given with ``--boards`` (None: every board).
ONLY: set[str] | None = None
#: The seed sets each match plays ``--games`` games from (``--seeds``), pooled.
SEEDS: list[int] = [1]
#: The two-seat rows' other players (``--against``) and the targets against them.
AGAINST: dict[str, float] = {"greedy": 0.85, "random": 0.98}


def chosen(boards: list[str]) -> list[str]:
    return [b for b in boards if ONLY is None or b in ONLY]


def seats_of(board: str) -> int:
    start = start_of(board)
    return sum(1 for p in start.players if p.kind != "machine")


def _tuned(board: str, issue_boards: list[str]) -> str:
    """How a row's board was used: the issue's boards say nothing."""
    if board in issue_boards:
        return ""
    return "  (tuned on)" if board in TUNING else "  (not tuned on)"


def pooled(board: str, test: str, field: str, games: int, jobs: int):
    """A match of ``games`` games from each of :data:`SEEDS`, summarised as one."""
    return summarise([g for seed in SEEDS for g in match(board, test, field, games, seed, jobs)])


def strength(games: int, jobs: int) -> None:
    print("\n== strength: win share of the strong seat (95% interval) ==")
    for board in chosen(TWO + TWO_UNUSUAL):
        for field, target in AGAINST.items():
            result = pooled(board, "strong", field, games, jobs)
            mark = "ok " if result.rate >= target else "LOW"
            tuned = _tuned(board, TWO)
            print(
                f"{mark} {board:<26} strong vs {field:<7} target {100 * target:3.0f}%  "
                f"{result.text()}{tuned}"
            )
    for board in chosen(MANY + MANY_UNUSUAL):
        seats = seats_of(board)
        target = 2 / seats
        played = max(games, THREE_SEAT_GAMES) if seats == 3 else games
        result = pooled(board, "strong", "greedy", played, jobs)
        mark = "ok " if result.rate >= target else "LOW"
        tuned = _tuned(board, MANY)
        print(
            f"{mark} {board:<26} 1 strong vs greedy target {100 * target:3.0f}%  "
            f"{result.text()}{tuned}"
        )


#: The larger budgets the benchmark pits against the default: with two seats the
#: default already searches as ``strong:3000`` (``TWO_SEAT_BUDGET``), so there a larger
#: one plays it; with three seats the default budget is 300.
LARGER_TWO = "strong:10000"
LARGER_MANY = "strong:3000"
#: The three-seat board of the budget row, one larger seat against two default ones.
BUDGET_MANY = "3p-triangle-4"


def budget(games: int, jobs: int) -> None:
    print("\n== budget: a larger budget against strong (the default) ==")
    # (Not 2p-hexagon-19-near: between strong players its first seat wins every game,
    # whatever the budget, so a match there says 50 % and nothing else.)
    for board in chosen(TWO):
        result = pooled(board, LARGER_TWO, "strong", games, jobs)
        mark = "ok " if result.interval()[0] > 0.5 else "?  "
        print(f"{mark} {board:<20} {LARGER_TWO} vs strong  fair 50%  {result.text()}")
    for board in chosen([BUDGET_MANY]):
        played = max(games, THREE_SEAT_GAMES)
        result = pooled(board, LARGER_MANY, "strong", played, jobs)
        mark = "ok " if result.interval()[0] > 1 / 3 else "?  "
        print(f"{mark} {board:<20} 1 {LARGER_MANY} vs strong  fair 33%  {result.text()}")


def selfplay(games: int, jobs: int) -> None:
    print("\n== games: strong in every seat (targets: all-zero <= 10%, capped <= 2%) ==")
    for name in chosen(preset_names()):
        if not 2 <= load_preset(name).people <= 6:
            continue  # the 1-player presets (a person against machines) are not self-play
        result = pooled(name, "strong", "strong", games, jobs)
        zero = result.all_zero / result.finished if result.finished else 0.0
        capped = result.capped / result.games
        mark = "ok " if zero <= 0.10 and capped <= 0.02 else "HIGH"
        print(
            f"{mark:<4} {name:<28} games {result.games:>4}  all-zero {100 * zero:5.1f}%  "
            f"capped {100 * capped:4.1f}%  mean rounds {result.mean_rounds:5.1f}"
        )


def decision_times(board: str, games: int) -> list[float]:
    """CPU seconds of the default strong player's decisions in games of strong players."""
    return sorted(seconds for _, seconds in strong_decisions(board, max(1, games // 10), 300))


def speed(games: int, balance_run: bool) -> None:
    print("\n== speed: one decision at the default budget ==")
    # (6p-hexagon-19 holds the target; with two seats the default searches as
    # strong:3000, which the second line shows)
    for board, target in (("6p-hexagon-19", 0.050), ("2p-diamond-5", None)):
        times = decision_times(board, games)
        median = statistics.median(times)
        p95 = times[int(0.95 * (len(times) - 1))]
        mark = "   " if target is None else "ok " if median <= target else "SLOW"
        print(
            f"{mark} {board:<14} {len(times)} decisions: median {1000 * median:.1f} ms, "
            f"p95 {1000 * p95:.1f} ms, max {1000 * times[-1]:.1f} ms (CPU time)"
        )
    if balance_run:
        from fabgen.play.balance import BalanceOptions, run_balance

        board = load_preset("6p-hexagon-19")
        began = time.perf_counter()
        run = run_balance(board, BalanceOptions(games=200, players=("strong",)), jobs=2)
        wall = time.perf_counter() - began
        mark = "ok " if wall <= 600 else "SLOW"
        capped = sum(1 for r in run.records if r.capped)
        finished = len(run.records) - capped
        zero = sum(1 for r in run.records if r.all_zero)
        print(
            f"{mark} fabgen balance --preset 6p-hexagon-19 --games 200 --jobs 2: "
            f"{wall / 60:.1f} min wall time; all-zero {zero} of {finished} finished "
            f"({100 * zero / max(finished, 1):.1f}%), capped {capped} of 200 "
            f"({100 * capped / 200:.1f}%)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40, help="games per match and seed set")
    parser.add_argument(
        "--seeds",
        default="1",
        help="comma-separated seed sets: each match plays --games games from each, pooled",
    )
    parser.add_argument(
        "--against",
        default="greedy,random",
        help="comma-separated: the two-seat strength rows' other players (greedy, random)",
    )
    parser.add_argument(
        "--jobs", type=int, default=len(os.sched_getaffinity(0)), help="processes (every core)"
    )
    parser.add_argument(
        "--only",
        default="strength,budget,games,speed",
        help="comma-separated parts to run (all four: strength,budget,games,speed)",
    )
    parser.add_argument(
        "--balance-run",
        action="store_true",
        help="speed: also time fabgen balance --preset 6p-hexagon-19 --games 200 --jobs 2",
    )
    parser.add_argument(
        "--boards",
        default=None,
        help="comma-separated: only these boards' rows of strength, budget and games",
    )
    args = parser.parse_args()
    global ONLY, SEEDS, AGAINST
    ONLY = set(args.boards.split(",")) if args.boards else None
    try:
        SEEDS = [int(text) for text in args.seeds.split(",")]
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a comma-separated list of whole numbers")
    fields = args.against.split(",")
    if not set(fields) <= set(AGAINST):
        parser.error(f"--against: give greedy, random or both, not {args.against!r}")
    AGAINST = {name: AGAINST[name] for name in fields}
    known = set(TWO + TWO_UNUSUAL + MANY + MANY_UNUSUAL + [BUDGET_MANY] + preset_names())
    if ONLY is not None and not known >= ONLY:
        parser.error(
            f"--boards: {', '.join(sorted(ONLY - known))} is not a board of this benchmark; "
            f"give presets or the benchmark's boards ({', '.join(TWO_UNUSUAL + MANY_UNUSUAL)})"
        )
    random.seed(0)
    print(
        f"bench_strength: {args.games} games per match and seed set (seeds from "
        f"{', '.join(map(str, SEEDS))}; strength: at least "
        f"{THREE_SEAT_GAMES} on three-seat boards), {args.jobs} jobs, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print(f"unusual boards (never tuned on): {', '.join(UNUSUAL)}")
    began = time.perf_counter()
    sections = args.only.split(",")
    if "strength" in sections:
        strength(args.games, args.jobs)
    if "budget" in sections:
        budget(args.games, args.jobs)
    if "games" in sections:
        selfplay(args.games, args.jobs)
    if "speed" in sections:
        speed(args.games, args.balance_run)
    print(f"\ntook {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
