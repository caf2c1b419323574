"""Printed-board pages for every preset and paper: how many, the least board on any
page (a page under 5000 mm² is a sliver), the grid, and how long the grid search takes.

Run: .venv/bin/python benchmarks/bench_pages.py [--runs N] [--width MM]

Takes about 15 s; ``--runs 1`` about 7 s (2-core development machine shared with other
work, 2026-11-30).
"""

from __future__ import annotations

import argparse
from functools import partial

from timing import best_of

from fabgen.board.files import load_preset, preset_names
from fabgen.draw.printed_board import (
    PAPERS,
    SLIVER_MM2,
    PrintSettings,
    board_area,
    choose_grid,
)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="timed grid searches, best kept (3)")
    parser.add_argument("--width", type=float, default=100.0, help="tile width, mm")
    args = parser.parse_args()
    print(f"printed board at tile width {args.width:g} mm; pages without the assembly map")
    w = max(len(name) for name in preset_names())  # the longest name sets the column
    print(
        f"{'preset':<{w}} {'paper':<7} {'pages':>5} {'grid':>9} {'slivers':>7} "
        f"{'least mm²':>9} {'search ms':>9}"
    )
    totals = {key: 0 for key in PAPERS}
    for name in preset_names():
        board = load_preset(name)
        for key, paper in PAPERS.items():
            settings = PrintSettings(paper)
            grid = choose_grid(board, args.width, settings)
            areas = [board_area(grid.place, grid.window(r, c)) for r, c in grid.cells]
            slivers = sum(a < SLIVER_MM2 for a in areas)
            work = partial(choose_grid, board, args.width, settings)
            ms = 1000 * best_of(args.runs, work)
            shape = f"{grid.rows}×{grid.cols}{' side' if grid.landscape else ''}"
            totals[key] += grid.pages
            print(
                f"{name:<{w}} {paper.name:<7} {grid.pages:>5} {shape:>9} {slivers:>7} "
                f"{min(areas):>9.0f} {ms:>9.0f}"
            )
    print(
        "pages over all presets: " + ", ".join(f"{PAPERS[k].name} {v}" for k, v in totals.items())
    )


if __name__ == "__main__":
    main()
