"""Time to make the rule sheet and the quick reference: the figures (rules engine and
drawing model) and the four PDFs (A4 and Letter), in a fresh process as
``fabgen rulesheet`` would, then best of several runs once imports are warm.

Run: .venv/bin/python benchmarks/bench_rulesheet.py [--runs N]

Takes about 15 s; ``--runs 1`` about 6 s (2-core development machine shared with other
work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import time

from timing import best_of


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="timed runs once warm, best kept (3)")
    args = parser.parse_args()

    t0 = time.perf_counter()
    from fabgen.docs.figures import FIGURES
    from fabgen.docs.rulesheet import rulesheet_pdfs

    files = rulesheet_pdfs("both")
    first = time.perf_counter() - t0
    print(f"first run, imports included: {first:.2f} s for {len(files)} PDFs")

    figures = best_of(args.runs, lambda: [make() for make in FIGURES.values()])
    pdfs = best_of(args.runs, lambda: rulesheet_pdfs("both"))
    print(f"figures (engine + drawings): {figures * 1000:.0f} ms")
    print(f"all four PDFs, figures included: {pdfs:.2f} s")
    for name, data in sorted(files.items()):
        print(f"  {name}: {len(data) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
