"""Validation and layout times for every preset board.

For each preset: reading the preset file, validating it (every check, symmetry in
exact integers included), and ``fabgen layout`` in memory (setup diagram as SVG and
PDF, the printed board for A4 and Letter, bill of materials, board file, transcript),
split into drawing and rendering. Each figure is the best of several runs, in
milliseconds.

Run: .venv/bin/python benchmarks/bench_boards.py [--runs N]

Takes about 40 s; ``--runs 1`` about 25 s (2-core development machine shared with other
work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import time

from fabgen.board.files import load_preset, preset_names
from fabgen.board.validate import validate
from fabgen.draw.printed_board import PAPERS, PrintSettings, printed_board
from fabgen.draw.setup_diagram import setup_diagram
from fabgen.products.layout import LayoutParams, layout_files


def best_ms(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t0)
    return best * 1000.0


def bench(name: str, runs: int) -> dict:
    board = load_preset(name)

    def draw_all():
        setup_diagram(board)
        for paper in PAPERS.values():
            printed_board(board, 100.0, PrintSettings(paper))

    pages = sum(len(printed_board(board, 100.0, PrintSettings(p))) for p in PAPERS.values())
    return {
        "read": best_ms(runs, lambda: load_preset(name)),
        "validate": best_ms(runs, lambda: validate(board)),
        "draw": best_ms(runs, draw_all),
        "layout": best_ms(runs, lambda: layout_files(LayoutParams(board))),
        "tiles": len(board.tiles),
        "pages": pages,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="timed runs, best kept (3)")
    args = parser.parse_args()
    layout_files(LayoutParams(load_preset(preset_names()[0])))  # warm up: fonts, imports
    print(f"boards: best of {args.runs} runs, milliseconds")
    w = max(len(name) for name in preset_names())  # the longest name sets the column
    header = f"{'preset':<{w}} {'tiles':>5} {'pages':>5} {'read':>7} {'validate':>9} {'draw':>7}"
    print(header + f" {'layout':>7}")
    total = 0.0
    for name in preset_names():
        r = bench(name, args.runs)
        total += r["layout"]
        print(
            f"{name:<{w}} {r['tiles']:>5} {r['pages']:>5} {r['read']:>7.1f} "
            f"{r['validate']:>9.1f} {r['draw']:>7.1f} {r['layout']:>7.1f}"
        )
    print(f"layout of all {len(preset_names())} presets: {total:.0f} ms")
    print("pages: A4 and Letter PDFs together, assembly maps included")
    print("layout: setup SVG+PDF, printed board A4+Letter PDF, BOM, board file, transcript")


if __name__ == "__main__":
    main()
