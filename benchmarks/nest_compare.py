"""Pieces per sheet from ``arrange`` over a grid of cases, recorded and compared.

A guard for changes to the nesting search: record the placements on one version, then
check another against the record. Every case must keep at least as many pieces; where
the count is equal the placements are listed if they differ. A case added to the grid
since the record is listed as new, with its count and no comparison. compare exits with
1 when a case holds fewer pieces than recorded, else 0.

Run: .venv/bin/python benchmarks/nest_compare.py record FILE
     .venv/bin/python benchmarks/nest_compare.py compare FILE

Each takes one to two minutes (656 cases: record 75 s, compare 97 s on the 2-core
development machine shared with other work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from fabgen.geometry.nesting import (
    SheetSpec,
    arrange,
    disc_footprint,
    tile_footprint,
)
from fabgen.geometry.tile import OutlineKind, TileGeometry

WIDTHS = (60, 65, 70, 75, 80, 80.25, 80.5, 81, 85, 90, 91, 95.5, 100, 110, 120, 123, 130, 140)
KERFS = (0.1, 0.3)
SHEETS = ((600, 400), (300, 200), (1000, 600), (400, 400))
DISCS = (20, 25, 30, 40, 47.5)


def cases():
    """(label, footprint, sheet, fill) for every case of the grid."""
    for w in WIDTHS:
        for outline in OutlineKind:
            for shared in (True, False):
                for kerf in KERFS:
                    g = TileGeometry.from_width(w, kerf=kerf, outline=outline)
                    fp = tile_footprint(g, shared)
                    for size in SHEETS:
                        label = f"tile {w} {outline} shared={shared} kerf={kerf} {size}"
                        yield label, fp, SheetSpec(*size), True
    for d in DISCS:
        for kerf in KERFS:
            fp = disc_footprint(d, kerf / 2, kerf)
            for size in SHEETS:
                for fill in (False, True):
                    yield f"disc {d} kerf={kerf} {size} fill={fill}", fp, SheetSpec(*size), fill


def _placements(fp, sheet, fill):
    return [[*p.to_json().values(), p.lattice] for p in arrange(fp, sheet, fill=fill)]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "mode", choices=("record", "compare"), help="record the placements, or compare with FILE"
    )
    parser.add_argument("file", help="the record (JSON), written by record, read by compare")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    args = parser.parse_args()
    record = {}
    if args.mode == "compare":
        try:
            with open(args.file) as f:
                record = json.load(f)
        except (OSError, ValueError) as exc:
            parser.error(f"{args.file}: {exc}; make it with: record {args.file}")
    elif not Path(args.file).resolve().parent.is_dir():  # (found only after the run)
        parser.error(f"{args.file}: its folder does not exist")
    out, worse, moved, better, new = {}, [], [], [], []
    total = 0.0
    for label, fp, sheet, fill in cases():
        start = time.process_time()
        placed = _placements(fp, sheet, fill)
        total += time.process_time() - start
        if args.verbose:
            print(f"{label}: {len(placed)} ({time.process_time() - start:.2f} s)", flush=True)
        out[label] = placed
        if args.mode == "compare" and label not in record:  # (a case added since the record)
            new.append(f"{label}: {len(placed)} (new: not in the record, not compared)")
        elif args.mode == "compare":
            old = record[label]
            if len(placed) < len(old):
                worse.append(f"{label}: {len(old)} -> {len(placed)}")
            elif len(placed) > len(old):
                better.append(f"{label}: {len(old)} -> {len(placed)}")
            elif placed != old:
                moved.append(label)
    print(f"{len(out)} cases, arrange CPU time {total:.1f} s")
    if args.mode == "record":
        with open(args.file, "w") as f:
            json.dump(out, f)
        return
    print(
        f"worse: {len(worse)}, better: {len(better)}, same count but moved: {len(moved)}, "
        f"new: {len(new)}"
    )
    for line in worse + better + moved + new:
        print("  ", line)
    sys.exit(1 if worse else 0)


if __name__ == "__main__":
    main()
