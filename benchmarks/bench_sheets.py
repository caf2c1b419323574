"""Laser sheets: tiles per sheet against the area bound, cut length with and without
shared edges, laser time and run time.

Run: .venv/bin/python benchmarks/bench_sheets.py
100 mm tiles, 0.1 mm kerf, 5 mm margins, default speeds (cut 10, engrave 100,
travel 300 mm/s). Run time covers nesting, drawings and rendering SVG + DXF.

Takes about 5 s (4.3 s on the 2-core development machine, 2026-11-30).
"""

from __future__ import annotations

import argparse
import time

from fabgen.draw.laser_job import JobFigures, LaserSpeeds, format_duration, measure
from fabgen.draw.sheet import SheetJob, TileSheetOptions, build_sheets
from fabgen.export.dxf import render_dxf
from fabgen.export.svg import render_svg
from fabgen.geometry.nesting import SheetSpec, arrange
from fabgen.geometry.tile import TileGeometry

COUNTS = (20, 40, 100)
SHEETS = ((600, 400), (300, 200))
WIDTH, KERF, MARGIN = 100.0, 0.1, 5.0


def run(count: int, size, shared: bool, width: float = WIDTH):
    """(sheets, figures, seconds) for one case, from a cold start."""
    arrange.cache_clear()
    job = SheetJob(
        geometry=TileGeometry.from_width(width, kerf=KERF),
        sheet=SheetSpec(*size, MARGIN),
        tiles=count,
        tile_options=TileSheetOptions(shared_edges=shared),
    )
    start = time.perf_counter()
    sheets = build_sheets(job)
    for s in sheets:
        render_svg(s.drawing)
        render_dxf(s.drawing)
    seconds = time.perf_counter() - start
    figures = sum((measure(s.drawing) for s in sheets), JobFigures())
    return sheets, figures, seconds


def main() -> None:
    argparse.ArgumentParser(  # --help says what it measures; no options
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    speeds = LaserSpeeds()
    geometry = TileGeometry.from_width(WIDTH, kerf=KERF)
    print(f"Laser sheets: {WIDTH:g} mm tiles, kerf {KERF:g} mm, margin {MARGIN:g} mm\n")
    header = (
        f"{'sheet':>9} {'tiles':>5} {'sheets':>6} {'per sheet':>9} {'bound':>11} "
        f"{'cut shared':>11} {'cut separate':>12} {'ratio':>6} {'time shared':>12} "
        f"{'time sep.':>10} {'run s':>6}"
    )
    print(header)
    print("-" * len(header))
    for size in SHEETS:
        spec = SheetSpec(*size, MARGIN)
        bound = spec.area / geometry.area
        usable = spec.usable_area / geometry.area
        for count in COUNTS:
            sheets, shared, seconds = run(count, size, True)
            _, separate, seconds_sep = run(count, size, False)
            per_sheet = max(len(s.placements) for s in sheets)
            print(
                f"{size[0]:>4}×{size[1]:<4} {count:>5} {len(sheets):>6} {per_sheet:>9} "
                f"{bound:>5.1f}/{usable:<5.1f} {shared.cut:>9.0f}mm {separate.cut:>10.0f}mm "
                f"{shared.cut / separate.cut:>6.1%} {format_duration(shared.seconds(speeds)):>12} "
                f"{format_duration(separate.seconds(speeds)):>10} "
                f"{max(seconds, seconds_sep):>6.2f}"
            )
    # 800×500: a larger sheet would hold more than the 200 tiles a sheet may (limits.py)
    sheets, shared, seconds = run(300, (800, 500), True, width=50)
    _, separate, seconds_sep = run(300, (800, 500), False, width=50)
    print(
        f"\nlarge board: 300 tiles of 50 mm on {len(sheets)} sheets of 800×500: cut "
        f"{shared.cut:.0f} mm "
        f"shared, {separate.cut:.0f} mm separate ({shared.cut / separate.cut:.1%}), "
        f"run {max(seconds, seconds_sep):.1f} s"
    )
    print("\nbound: sheet area / tile area, then the same for the area inside the margins")
    print("ratio: cut length with shared edges / with separate outlines (50% for large counts)")
    print("time: laser-time estimate at the default speeds; run s: the slower of the two runs")


if __name__ == "__main__":
    main()
