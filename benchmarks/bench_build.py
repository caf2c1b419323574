"""How long `fabgen build` takes for the default kit and a 6-player kit, per product.

Run: .venv/bin/python benchmarks/bench_build.py
Prints seconds per product for the first of three runs (for the default kit, the first
in a fresh process, which pays for imports and caches; the 6-player kit's first run
finds them warm) and the best of the three, and the totals against the 30 s budget.
`time fabgen build` from the shell adds the interpreter start (about 0.5 s).

Takes about 30 s (six kit builds; 32 s on the 2-core development machine shared with
other work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import time

from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import plan_kit
from fabgen.kitbuild.render import render_kit

KITS = {
    "default kit (3 players, 10 tiles)": None,
    "6 players, 37 tiles, seat symbols": (
        '[kit]\nboard = "6p-hexagon-37"\n[stones]\nseat_symbols = true\n'
    ),
}


def run(text: str | None) -> dict[str, float]:
    import tempfile
    from pathlib import Path

    if text is None:
        kit = load_kit(None)
    else:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "kit.toml"
            path.write_text(text)
            kit = load_kit(path)
    start = time.perf_counter()
    plan = plan_kit(kit)
    checked = time.perf_counter() - start
    files, timings = render_kit(plan)
    return {"check kit (board validator, nesting)": checked, **timings, "_files": len(files)}


def main() -> None:
    argparse.ArgumentParser(  # --help says what it measures; no options
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    for title, text in KITS.items():
        runs = [run(text) for _ in range(3)]
        files = runs[0].pop("_files")
        for r in runs[1:]:
            r.pop("_files")
        first = runs[0]
        best = {k: min(r[k] for r in runs) for k in first}
        print(f"\n{title}: {files} files (budget 30 s)")
        print(f"  {'first':>7} {'best':>7}")
        for name in first:
            print(f"  {first[name]:6.2f}s {best[name]:6.2f}s  {name}")
        print(f"  {sum(first.values()):6.2f}s {sum(best.values()):6.2f}s  total")


if __name__ == "__main__":
    main()
