"""Time per product of ``fabgen stones`` with default parameters. Prints; asserts nothing.

Run: .venv/bin/python benchmarks/bench_stones.py

Takes 5 to 15 s, most of it importing CadQuery twice (here and in the ``fabgen stones``
process) (2-core development machine shared with other work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(label: str, func):
    start = time.perf_counter()
    result = func()
    print(f"{label:<44} {time.perf_counter() - start:8.3f} s")
    return result


def main() -> None:
    argparse.ArgumentParser(  # --help says what it measures; no options
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    timed("import cadquery", lambda: __import__("cadquery"))
    from fabgen.export.mesh import tessellate
    from fabgen.export.step import step_bytes
    from fabgen.export.stl import stl_bytes
    from fabgen.export.threemf import PlateItem, threemf_bytes
    from fabgen.pieces.build import build_piece
    from fabgen.pieces.params import DiscStone, Marker, PyramidStone
    from fabgen.pieces.plate import Bed, layout

    for piece in (DiscStone(), DiscStone(symbol="star"), PyramidStone(), Marker(kind="dead")):
        solid = timed(f"{piece.name}: solid", lambda p=piece: build_piece(p))
        timed(f"{piece.name}: STEP", lambda s=solid, p=piece: step_bytes(s, p.name))
        mesh = timed(f"{piece.name}: tessellate", lambda s=solid: tessellate(s))
        timed(f"{piece.name}: STL", lambda m=mesh, p=piece: stl_bytes(m, p.name))

    stone = DiscStone()
    mesh = tessellate(build_piece(stone))
    spots = layout(75, stone.diameter, Bed(220, 220))
    items = [PlateItem(f"{stone.name} #{k + 1}", mesh, x, y) for k, (x, y) in enumerate(spots)]
    data = timed("3MF plate of 75 stones (220×220 bed)", lambda: threemf_bytes(items, "bench"))
    print(f"{'3MF plate size':<44} {len(data) / 1e6:8.2f} MB")

    with tempfile.TemporaryDirectory() as out:
        fabgen = Path(sys.executable).with_name("fabgen")
        command = [str(fabgen), "stones", "--out", out]
        timed(
            "fabgen stones (defaults: 2 plates, new process)",
            lambda: subprocess.run(command, check=True, capture_output=True),
        )


if __name__ == "__main__":
    main()
