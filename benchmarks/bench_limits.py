"""The largest inputs fabgen accepts, one command each: wall-clock time and peak memory.

fabgen promises that no command takes more than about ten seconds or 1 GiB on any input
it accepts, apart from explicitly large jobs (self-play of many games, a big kit), which
show progress on stderr. Each case runs ``fabgen`` in a subprocess at the limits of
``fabgen.limits`` (and the board and transcript readers) and prints its time, peak
resident memory (``os.wait4``), exit code and, for large jobs, whether stderr showed
progress before the time cap stopped it.

Run: .venv/bin/python benchmarks/bench_limits.py [--only NAME] [--cap SECONDS]
     [--job-cap SECONDS]

Takes about a minute and a half (12 cases, the four large jobs stopped at --job-cap:
88 s on the 2-core development machine, 2026-11-30); ``--only sheet`` about 6 s.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_readers import transcript_text

from fabgen.board.boardfile import MAX_TILES
from fabgen.board.files import preset_text
from fabgen.limits import LIMITS, MAX_STONES_TOTAL
from fabgen.rules.transcript import MAX_TURNS

FABGEN = [sys.executable, "-m", "fabgen"]


def hexagon_board(folder: Path, side: int) -> Path:
    """The 6-player hexagon preset grown to ``side`` tiles a side (side 7: 127 tiles)."""
    r = side - 1
    tiles = [(i, j) for i in range(-r, r + 1) for j in range(-r, r + 1) if abs(i + j) <= r]
    rows = ",\n".join(f"  [{i}, {j}]" for i, j in tiles)
    text = preset_text("6p-hexagon-37")
    head, rest = text.split("tiles = [", 1)
    text = head + "tiles = [\n" + rows + ",\n]\n" + rest.split("\n]\n", 1)[1]
    text = text.replace('name = "6p-hexagon-37"', f'name = "hexagon-{len(tiles)}"')
    path = folder / f"hexagon-{len(tiles)}.toml"
    path.write_text(text)
    return path


def run(args: list[str], cap: float) -> tuple[float, float, int | None, str]:
    """Seconds, peak RSS in MiB, exit code (None if stopped at ``cap``) and stderr.

    stderr is a pseudo-terminal, as at a user's prompt: progress bars show only there.
    At ``cap`` the process group gets SIGINT, as Ctrl-C sends it.
    """
    master, slave = pty.openpty()
    err = bytearray()
    start = time.perf_counter()
    proc = subprocess.Popen(
        FABGEN + args,
        stdout=subprocess.DEVNULL,
        stderr=slave,
        start_new_session=True,
        # a shell's background job ignores SIGINT, and children inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    code, stopped = None, False
    while True:
        if select.select([master], [], [], 0.05)[0]:
            with contextlib.suppress(OSError):  # the child closed the terminal
                err += os.read(master, 65536)
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if not stopped and time.perf_counter() - start > cap:
            os.killpg(proc.pid, signal.SIGINT)
            stopped = True
    seconds = time.perf_counter() - start
    os.close(master)
    proc.returncode = 0  # reaped by os.wait4 above
    code = None if stopped else os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss / 1024, code, err.decode("utf-8", "replace")


def cases(folder: Path) -> list[tuple[str, list[str], bool]]:
    """(name, arguments, explicitly large job) for each command at its limits."""
    big = hexagon_board(folder, 7)
    kit91 = folder / "kit91.toml"
    kit91.write_text(f'[kit]\nboard = "{hexagon_board(folder, 6).name}"\n')
    kit127 = folder / "kit127.toml"
    kit127.write_text(f'[kit]\nboard = "{big.name}"\n')
    transcript = folder / "long.json"
    text, played = transcript_text(MAX_TURNS)  # a random game, as long as it lasts
    transcript.write_text(text)
    out = str(folder / "out")
    tiles = int(LIMITS["sheet_tiles"].high)
    copies = int(LIMITS["plate_copies"].high)
    laid_out = int(LIMITS["check_tiles"].high)
    # a sheet holding MAX_TILES_PER_SHEET 100 mm tiles (8,660 mm² each, nested)
    sheet = "1700x1000"
    return [
        (
            f"sheet: {tiles} tiles, ~200 per sheet",
            ["sheet", "--count", str(tiles), "--sheet", sheet, "--out", out],
            False,
        ),
        (
            f"sheet: {MAX_STONES_TOTAL} stones",
            [
                "sheet",
                "--count",
                "0",
                "--stones",
                str(MAX_STONES_TOTAL // 12),
                "--colours",
                "12",
                "--out",
                out,
            ],
            False,
        ),
        (
            f"check-alignment: {laid_out} tiles",
            ["check-alignment", "--tiles", str(laid_out)],
            False,
        ),
        (
            f"check-alignment: {MAX_TILES}-tile board",
            ["check-alignment", "--board", str(big)],
            False,
        ),
        (
            f"stones: {copies} copies per piece (large job)",
            ["stones", "--markers", "--count", str(copies), "--bed", "2000x2000", "--out", out],
            True,
        ),
        (f"layout: {MAX_TILES}-tile board", ["layout", str(big), "--out", out], False),
        (f"validate: {MAX_TILES}-tile board", ["validate", str(big)], False),
        (
            f"rules replay: {played:,} turns (limit {MAX_TURNS:,})",
            ["rules", "replay", "--format", "json", str(transcript)],
            False,
        ),
        (
            "balance: 1,000,000 games (large job)",
            ["balance", "--preset", "6p-hexagon-19", "--games", "1000000", "--jobs", "1"],
            True,
        ),
        (
            "validate --simulate 100,000 (large job)",
            ["validate", "--preset", "6p-hexagon-19", "--simulate", "100000", "--jobs", "1"],
            True,
        ),
        ("build: 91-tile kit (large job)", ["build", str(kit91), "--out", out + "91"], True),
        (
            f"build: {MAX_TILES}-tile kit (large job)",
            ["build", str(kit127), "--out", out + "127"],
            True,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    parser.add_argument("--cap", type=float, default=120.0, help="stop a case after (120 s)")
    parser.add_argument(
        "--job-cap",
        type=float,
        default=20.0,
        help="stop a large job after this many seconds (20 s)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        chosen = [case for case in cases(folder) if args.only in case[0]]
        if not chosen:
            names = "; ".join(name for name, _, _ in cases(folder))
            parser.error(f"--only {args.only!r}: no case's name contains it ({names})")
        print(f"{'case':44} {'seconds':>8} {'MiB':>7}  exit  progress")
        for name, argv, large in chosen:
            seconds, mib, code, err = run(argv, args.job_cap if large else args.cap)
            shown = "stopped" if code is None else str(code)
            progress = ""
            if large:
                lines = [x for x in err.replace("\r", "\n").splitlines() if x.strip()]
                progress = f"{len(lines)} lines, last: {lines[-1][:60]!r}" if lines else "NONE"
            elif code not in (0, 1):
                progress = err.strip().splitlines()[-1][:80] if err.strip() else ""
            flag = "  <-- over" if (not large and (seconds > 10 or mib > 1024)) else ""
            print(f"{name:44} {seconds:8.1f} {mib:7.0f}  {shown:>4}  {progress}{flag}", flush=True)


if __name__ == "__main__":
    main()
