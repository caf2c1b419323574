"""The fairness table of every preset: each played by strong players, one row a preset.

For every preset board (machine seats keep their kind), ``fabgen balance`` with the
strong player in every seat: the games per preset below (chosen so the whole table
takes about an hour on two cores; give ``--scale 10`` on a Dask cluster with
``--scheduler``), the win rate of each seat with its 95 % Wilson interval, the balance
metric (1 minus the gap between the best and the worst seat), the share of games
ending with every score 0, and the mean length in rounds. Writes the table as
Markdown (default ``docs/fairness.md``) and prints it.

Run: make fairness    (or .venv/bin/python benchmarks/fairness.py [--scale F] [--out FILE])
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import date
from pathlib import Path

from fabgen.board.files import load_preset, preset_names
from fabgen.play.balance import BalanceOptions, balance_report, run_balance

#: Games per preset at scale 1: fewer on the boards whose strong games are long. Three
#: times the first table's, since strong games no longer run to the turn cap in
#: standoffs (the whole table took 19 minutes at the old counts, 48 before).
GAMES = {
    "6p-hexagon-37": 60,
    "6p-hexagon-21": 90,
    "6p-hexagon-19": 90,
    "6p-star-19": 90,
    "6p-ring-20": 90,
    "6p-ring-18": 90,
    "5p-hexagon-19-dummy": 90,
    "5p-hexagon-18": 90,
    "5p-hexagon-18-stacks": 90,
    "4p-hexagon-19-machines": 90,
    "3p-triangle-7-machines": 90,
}
DEFAULT_GAMES = 180


def row(name: str, games: int, jobs: int, scheduler: str | None) -> tuple[str, float]:
    board = load_preset(name)
    began = time.perf_counter()
    options = BalanceOptions(games=games, players=("strong",), seed=0)
    report = balance_report(run_balance(board, options, jobs=jobs, scheduler=scheduler))
    seconds = time.perf_counter() - began
    seats = "; ".join(
        f"{s['seat']} {s['name'] or ''}{'' if s['kind'] == 'player' else ' (' + s['kind'] + ')'}"
        f": {100 * s['win_rate']:.0f}% ({100 * s['ci_low']:.0f}–{100 * s['ci_high']:.0f})"
        for s in report["seats"]
    )
    m = report["metrics"]
    balance = "–" if m["balance"] is None else f"{m['balance']:.2f}"
    zero = m["all_zero"]
    zero_text = "–" if zero["rate"] is None else f"{100 * zero['rate']:.0f}%"
    rounds = m["duration"]["rounds"]["mean"]
    line = (
        f"| {name} | {len(board.seats)} | {report['games']} ({report['capped']} capped) | "
        f"{seats} | {balance} | {zero_text} | {rounds:.0f} |"
    )
    return line, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games per preset × F")
    parser.add_argument("--out", default="docs/fairness.md")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument(
        "--machine",
        default="",
        help="words on the machine for the table's header, e.g. ', on a busy 2-core machine'",
    )
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address")
    parser.add_argument("--only", default=None, help="comma-separated preset names")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else preset_names()
    lines = []
    total = 0.0
    for name in names:
        games = max(1, round(GAMES.get(name, DEFAULT_GAMES) * args.scale))
        line, seconds = row(name, games, args.jobs, args.scheduler)
        total += seconds
        print(f"{line}  [{seconds:.0f} s]", file=sys.stderr, flush=True)
        lines.append(line)
    where = args.scheduler or f"{args.jobs} local process{'es' if args.jobs > 1 else ''}"
    text = "\n".join(
        [
            "# Fairness of the preset boards under strong play",
            "",
            f"Made by `make fairness` (`benchmarks/fairness.py --scale {args.scale:g}`) on "
            f"{date.today().isoformat()}, {where}{args.machine}, in {total / 60:.0f} minutes: "
            "every preset played by the strong player (`strong`: budget 300, 3000 when "
            "two seats play and neither is a machine) in every person's seat, "
            "machine seats as the board says, seed 0, variant online. Win rates count a "
            "shared first place as a shared win; the interval is the 95% Wilson interval. "
            "*balance* is 1 minus the gap between the best and the worst seat's win rate; "
            "*all-zero* the share of finished games that ended with every score 0. With "
            "a few dozen games a preset the intervals are wide: read a gap as a hint, and "
            "run `fabgen balance --preset NAME --games 1000` (or this script with "
            "`--scale 10 --scheduler ADDRESS` on a cluster) before changing a board.",
            "",
            "| preset | seats | games | win rate per seat (95% interval) | balance | "
            "all-zero | rounds |",
            "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
            *lines,
            "",
        ]
    )
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
