"""The strong player's speed, side by side: the code of a git revision against the
working tree, on the same decisions.

A machine shared with other work runs at a different speed from minute to minute, so
two timings taken apart compare badly. This script checks out ``--rev`` (default
HEAD) into a temporary ``git worktree``, and plays the same games in subprocesses that
import ``fabgen`` from that worktree and from this checkout in turn, alternating (A B,
then B A, ...) for ``--rounds`` rounds. Each subprocess plays ``--games`` games of the
default strong player in every seat on ``--board`` (``bench_strength.py``'s games:
``game_rng(9, g)``, the online variant), at most ``--turns`` decisions each, and
reports the CPU time of the decisions alone. Printed: CPU time per decision for both
codes (their totals over the rounds), the ratio (revision / working tree: above 1, the
working tree is faster), and whether both made the same decisions (a digest of every
turn chosen): speed work must not change a game.

Run: .venv/bin/python benchmarks/bench_strong_speed.py [--rev REV] [--board NAME]
     [--games N] [--turns N] [--rounds N]

The default (2p-diamond-5, 1 game of 40 decisions, 3 rounds) takes about 4 minutes
(2-core development machine shared with other work, 2026-12-01).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(board: str, games: int, turns: int) -> dict:
    """In a worker: the decisions' CPU time and a digest of the turns chosen."""
    from timing import strong_decisions

    digest = hashlib.sha256()
    cpu, decisions = 0.0, 0
    for moves, seconds in strong_decisions(board, games, turns):
        cpu += seconds
        decisions += 1
        digest.update((" ".join(map(str, moves)) + "\n").encode())
    return {"cpu": cpu, "decisions": decisions, "digest": digest.hexdigest()}


def worker(source: str, board: str, games: int, turns: int) -> None:
    import fabgen

    where = Path(fabgen.__file__).resolve()
    if not where.is_relative_to(Path(source).resolve()):
        raise SystemExit(f"fabgen imported from {where}, not from {source}")
    print(json.dumps(play(board, games, turns)))


def run_worker(source: Path, args) -> dict:
    command = [
        sys.executable,
        __file__,
        "--worker",
        str(source),
        "--board",
        args.board,
        "--games",
        str(args.games),
        "--turns",
        str(args.turns),
    ]
    env = {"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="HEAD", help="the revision to compare with (HEAD)")
    parser.add_argument("--board", default="2p-diamond-5")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--turns", type=int, default=40, help="decisions per game at most")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.board, args.games, args.turns)
        return
    with tempfile.TemporaryDirectory(prefix="bench-strong-") as tmp:
        tree = Path(tmp) / "rev"
        git = ["git", "-C", str(ROOT)]
        subprocess.run(
            [*git, "worktree", "add", "--detach", str(tree), args.rev],
            check=True,
            capture_output=True,
        )
        try:
            sides = {"rev": tree, "work": ROOT}
            totals = {side: [0.0, 0] for side in sides}
            digests: dict[str, set[str]] = {side: set() for side in sides}
            for r in range(args.rounds):
                order = ["rev", "work"] if r % 2 == 0 else ["work", "rev"]
                for side in order:
                    result = run_worker(sides[side], args)
                    totals[side][0] += result["cpu"]
                    totals[side][1] += result["decisions"]
                    digests[side].add(result["digest"])
                    per = 1000 * result["cpu"] / max(1, result["decisions"])
                    print(
                        f"round {r + 1} {side:<4} {result['decisions']} decisions, "
                        f"{per:.1f} ms each (CPU)",
                        flush=True,
                    )
        finally:
            subprocess.run(
                [*git, "worktree", "remove", "--force", str(tree)], check=False, capture_output=True
            )
    rev_ms, work_ms = (1000 * cpu / max(1, n) for cpu, n in totals.values())
    print(
        f"{args.board}: {args.rev} {rev_ms:.1f} ms a decision, working tree {work_ms:.1f} "
        f"ms (CPU); ratio {rev_ms / work_ms:.3f}"
    )
    same = len(digests["rev"] | digests["work"]) == 1
    print("same decisions" if same else "DECISIONS DIFFER between the two codes")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
