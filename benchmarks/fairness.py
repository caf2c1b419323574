"""The fairness table of every preset: each played by strong players, one row a preset.

For every preset board (machine seats keep their kind), ``fabgen balance`` with the
strong player in every seat: the games per preset below (chosen so the whole table
takes about an hour on two cores; give ``--scale 10`` on a Dask cluster with
``--scheduler``), the win rate of each seat with its 95 % Wilson interval, the balance
metric (1 minus the gap between the best and the worst seat), the share of games
ending with every score 0, and the mean length in rounds. Writes the table as
Markdown (default ``docs/fairness.md``) and prints it, with how to read it (the seats
whose interval leaves out their fair share, the boards that mostly burn down, found in
the table). ``--only`` remakes those rows in the file's table and keeps the others and
the file's first paragraph. The sections after the table are notes written by hand
(other runs, why rows were remade) and are kept, except *Rows remade since*, which a
whole new table makes moot.

Run: make fairness    (or .venv/bin/python benchmarks/fairness.py [--scale F] [--out FILE])

Takes about an hour on two cores (38 minutes for docs/fairness.md on 2026-11-28);
``--only 3p-triangle-4 --scale 0.05 --out /tmp/f.md`` (9 games) about 15 s.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
import time
from datetime import date
from pathlib import Path

from fabgen.board.files import load_preset, preset_names
from fabgen.board.model import SeatKind, seat_words
from fabgen.board.suggest import closest
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
        f"{s['seat']} {seat_words(s['name'], SeatKind(s['kind']))}"
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


HEADER = (
    "| preset | seats | games | win rate per seat (95% interval) | balance | all-zero | rounds |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
)
#: A seat in a row: "3 Green: 1% (0–6)", a machine seat as the setup diagram names it,
#: "2 a machine: 43% (36–50)", "2 Machine A, a machine: 7% (4–12)" (rows written before
#: 2026-11-30 said "2 Machine A (machine)", and are read too).
SEAT = re.compile(
    r"(\d+) ([^:;]*?)((?<= )an? (?:extreme )?machine| \((?:machine|extreme-machine)\))?"
    r": (\d+)% \((\d+)–(\d+)\)"
)
#: The notes section a whole new table makes moot.
MOOT = "## Rows remade since"


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def reading(lines: list[str]) -> str:
    """How to read the table, with its clear cases found in the rows themselves: the
    seats of boards without machines whose interval leaves out their fair share, and
    the boards where most games burn down."""
    clear, burnt, people = [], [], 0
    for line in lines:
        name, seats, _, per_seat, _, zero, _ = cells(line)
        found = SEAT.findall(per_seat)
        if any(machine for _, _, machine, *_ in found):
            continue
        people += len(found)
        fair = 100 / int(seats)
        off = [n for n, _, _, _, low, high in found if not int(low) <= fair <= int(high)]
        if off:
            clear.append(f"`{name}` (seat{'s' if len(off) > 1 else ''} {', '.join(off)})")
    for line in lines:
        name, *_, zero, _ = cells(line)
        if zero.endswith("%") and int(zero[:-1]) >= 50:
            burnt.append(f"`{name}` ({zero})")
    gaps = (
        f"Such seats here, on the boards without machines: {', '.join(clear)} (of their "
        f"{people} seats, about {round(people / 20)} would be by chance alone)."
        if clear
        else "No seat of a board without machines is such a case here."
    )
    bullets = [
        "Each row is one preset, strong players in every person's seat. A seat's fair share "
        "is 100 % divided by the seats: 50 % with two, 33 % with three, then 25, 20 and "
        "17 %. A machine's win rate is the machine's; compare the people's seats with each "
        "other.",
        "*balance* 1 is even; 0.86 means the seat that won most won 14 points more often "
        "than the seat that won least.",
        f"Trust a gap when a seat's interval leaves out its fair share. {gaps} A gap inside "
        "the intervals is a hint only: play that preset on with `fabgen balance --preset "
        "NAME --games 1000`.",
        "*all-zero* games burnt down to 0:0, a first place every seat shares; they pull "
        "every win rate towards the fair share."
        + (
            f" Most games end so on {' and '.join(burnt)}: those rows say little about their seats."
            if burnt
            else ""
        ),
        "A *capped* game ran to 1000 turns; it is not counted in the win rates.",
    ]
    wrap = textwrap.TextWrapper(width=88, initial_indent="- ", subsequent_indent="  ")
    return "\n".join(["**How to read it.**", "", *(wrap.fill(b) for b in bullets)])


def merged(old: str, intro: str, rows: dict[str, str], only: bool) -> str:
    """The table file: ``intro`` (the old file's first paragraph when only some rows
    were remade), how to read it, the rows (the old ones not remade kept, in the old
    order, new presets at the end) and the old file's notes after its table."""
    old_lines = old.splitlines()
    table = [i for i, line in enumerate(old_lines) if line.startswith("| ")]
    lines = list(rows.values())
    if only:
        kept_rows = {cells(old_lines[i])[0]: old_lines[i] for i in table[2:]}
        order = [*kept_rows, *(name for name in rows if name not in kept_rows)]
        lines = [rows.get(name, kept_rows.get(name, "")) for name in order]
        paragraphs = old.split("\n\n")
        if len(paragraphs) > 1 and paragraphs[1].startswith("Made by"):
            intro = paragraphs[1]
    notes = "\n".join(old_lines[table[-1] + 1 :]).strip() if table else ""
    if not only and MOOT in notes:
        notes = notes.split(MOOT)[0].strip()
    parts = [
        "# Fairness of the preset boards under strong play",
        intro,
        reading(lines),
        "\n".join([*HEADER, *lines]),
    ]
    return "\n\n".join(parts + ([notes] if notes else [])) + "\n"


def no_presets(unknown: list[str]) -> str:
    """Each name given that is no preset, with the preset it nearly is (as the command
    line suggests one), in one sentence: "a (did you mean 'x'?) and b are no presets"."""
    shown = []
    for name in unknown:
        meant = closest(name, preset_names())
        shown.append(f"{name} (did you mean {meant!r}?)" if meant else name)
    if len(shown) == 1:
        return f"{shown[0]} is no preset"
    return f"{', '.join(shown[:-1])} and {shown[-1]} are no presets"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scale", type=float, default=1.0, help="games per preset × F")
    parser.add_argument(
        "--out", default="docs/fairness.md", help="the Markdown file written (docs/fairness.md)"
    )
    parser.add_argument(
        "--jobs", type=int, default=len(os.sched_getaffinity(0)), help="processes (every core)"
    )
    parser.add_argument(
        "--machine",
        default="",
        help="words on the machine for the table's header, e.g. ', on a busy 2-core machine'",
    )
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address")
    parser.add_argument("--only", default=None, help="comma-separated preset names")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else preset_names()
    unknown = [name for name in names if name not in preset_names()]
    if unknown:
        parser.error(f"--only: {no_presets(unknown)} (fabgen boards lists them)")
    out = Path(args.out)
    old = out.read_text(encoding="utf-8") if out.exists() else ""
    if args.only and not any(line.startswith("| ") for line in old.splitlines()):
        # (a table of the --only rows alone would say "every preset played")
        parser.error(
            f"--only remakes rows of the table in {out}, which has none: make the whole "
            "table first, without --only"
        )
    lines = []
    total = 0.0
    for name in names:
        games = max(1, round(GAMES.get(name, DEFAULT_GAMES) * args.scale))
        line, seconds = row(name, games, args.jobs, args.scheduler)
        total += seconds
        print(f"{line}  [{seconds:.0f} s]", file=sys.stderr, flush=True)
        lines.append(line)
    where = args.scheduler or f"{args.jobs} local process{'es' if args.jobs > 1 else ''}"
    intro = (
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
        "`--scale 10 --scheduler ADDRESS` on a cluster) before changing a board."
    )
    text = merged(old, intro, dict(zip(names, lines, strict=True)), only=bool(args.only))
    out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
