"""Tune the strong player's weights by self-play, and print every match.

Coordinate search: for each weight in turn (and the search settings ``rounds`` and
``keep``), a candidate with the weight halved and one with it doubled each play a
match against the current best, seats rotated; a candidate that wins more than half
the games with the lower end of its 95 % interval above 40 % becomes the new best.
Matches are played on the tuning boards only (presets), never on the unusual boards
that bench_strength.py checks the result on.

Prints the result of every match, then the best weights as a ``Weights(...)`` and
``Settings(...)`` to paste into fabgen/play/territory.py and strong.py.

Run: .venv/bin/python benchmarks/tune_strong.py [--games N] [--passes N]
     [--boards 2p-diamond-4,3p-triangle-4] [--against greedy]

A match is played for each weight halved and doubled (34 a pass), so the default (40
games a match on two boards) takes hours on two cores (not timed whole); ``--games 2
--boards 3p-triangle-4`` takes about a minute (2-core development machine shared with
other work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import asdict, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength import CUSTOM, check, match, summarise

from fabgen.errors import FabgenError
from fabgen.play.stats import wilson_interval
from fabgen.play.strong import Settings
from fabgen.play.territory import WEIGHT_NAMES

SEARCH_NAMES = ("rounds", "keep")


def play(board: str, test: Settings, field: str | Settings, games: int, jobs: int):
    CUSTOM["tune-test"] = test
    if isinstance(field, Settings):
        CUSTOM["tune-field"] = field
        field = "tune-field"
    return summarise(match(board, "tune-test", field, games, jobs=jobs))


def variants(best: Settings):
    for name in WEIGHT_NAMES:
        value = getattr(best.weights, name)
        for factor in (0.5, 2.0) if value else (None,):  # a weight at 0: try 0.25
            new = value * factor if value else 0.25
            yield f"{name}={new:g}", replace(best, weights=replace(best.weights, **{name: new}))
    for name in SEARCH_NAMES:
        value = getattr(best, name)
        for new in (max(1, value // 2), value * 2):
            if new != value:
                yield f"{name}={new}", replace(best, **{name: new})


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40, help="games per match and board")
    parser.add_argument("--passes", type=int, default=1, help="rounds over every weight")
    parser.add_argument(
        "--boards",
        default="2p-diamond-4,3p-triangle-4",
        help="comma-separated tuning presets (2p-diamond-4,3p-triangle-4)",
    )
    parser.add_argument(
        "--against",
        default="best",
        help="best (the current best weights) or a player name (greedy)",
    )
    parser.add_argument(
        "--jobs", type=int, default=len(os.sched_getaffinity(0)), help="processes (every core)"
    )
    args = parser.parse_args()
    boards = args.boards.split(",")
    try:
        check(boards, [] if args.against == "best" else [args.against])
    except (ValueError, FabgenError) as exc:
        parser.error(str(exc))
    best = Settings()
    print(f"start: {asdict(best)}")
    for n in range(args.passes):
        for label, candidate in variants(best):
            field = best if args.against == "best" else args.against
            results = [play(b, candidate, field, args.games, args.jobs) for b in boards]
            wins = sum(r.wins for r in results)
            finished = sum(r.finished for r in results)
            low, high = wilson_interval(wins, finished)
            rate = wins / finished if finished else 0.0
            per_board = "  ".join(f"{b}: {r.text()}" for b, r in zip(boards, results, strict=True))
            better = rate > 0.5 and low > 0.4 and args.against == "best"
            print(
                f"pass {n + 1} {label:<16} {100 * rate:5.1f}% [{100 * low:4.1f}-"
                f"{100 * high:5.1f}] {'ACCEPTED' if better else ''}\n    {per_board}",
                flush=True,
            )
            if better:
                best = candidate
    print(f"\nbest: Weights({', '.join(f'{k}={v:g}' for k, v in asdict(best.weights).items())})")
    print(f"      Settings(rounds={best.rounds}, keep={best.keep})")


if __name__ == "__main__":
    main()
