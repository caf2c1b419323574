"""Play a variant of the strong player against another player: the quick way to try an
idea on the search settings or the evaluation's weights before a tuning run.

The variant is the default strong player with some settings (``fabgen.play.strong.Settings``:
``keep``, ``rounds``, ``glance``, ...) and weights (``fabgen.play.territory.Weights``:
``held``, ``stone``, ``charge``, ...) changed, given as ``key=value`` pairs. Each board is
played as ``bench_strength.py`` plays a match (the variant in each seat in turn, the same
seeds for the same ``--seed``), and one line per board gives the variant's share of the
wins with its 95% interval, the games that ended with every score 0, those that reached the
turn cap, and the mean length. With no pairs it plays the default, the line to compare with.
The pairs change the default *budget's* settings: with two seats and no machine the default
player searches as ``budget=3000 rounds=10 keep=12 counter=1`` (``strong:3000``), so a
variant of it on a diamond gives those pairs too.
With ``--field variant`` the variant takes every person's seat (self-play): its line
then gives the games ending 0:0 and the capped ones of a change (``fabgen balance``
plays only the named players, ``strong`` and ``strong:N``).
A match of 40 games on a 2-player diamond, where the default searches as ``strong:3000``,
takes several minutes on two cores (``--games 4`` on the default board and field,
2p-diamond-5 against greedy: 41 s; 2-core development machine shared with other work,
2026-11-30); on 3p-triangle-4 2 games take a second. 100 games give intervals of about
+-8 points.

Run: .venv/bin/python benchmarks/try_variant.py keep=3 stone=0.6 --field random
     --boards 2p-diamond-5,2p-diamond-4 --games 100 [--seed 1] [--jobs 2]
     .venv/bin/python benchmarks/try_variant.py counter=1 --field variant
     --boards 4p-hexagon-19-machines --games 200
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import strength

from fabgen.errors import FabgenError
from fabgen.play.strong import Settings
from fabgen.play.territory import Weights


def variant(pairs: list[str]) -> Settings | None:
    """The default settings with ``key=value`` pairs of settings and weights changed;
    ``ValueError`` for an unknown key or a value that is not a number. No pairs: None,
    the default player itself (which searches deeper with two seats)."""
    if not pairs:
        return None
    settings = {f.name for f in dataclasses.fields(Settings) if f.name != "weights"}
    weights = {f.name for f in dataclasses.fields(Weights)}
    changed: dict[str, dict[str, float]] = {"settings": {}, "weights": {}}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in settings | weights:
            known = ", ".join(sorted(settings | weights))
            raise ValueError(f"{pair!r} is not key=value with a known key ({known})")
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{pair!r}: {text!r} is not a number") from None
        if key in settings:
            default = getattr(Settings(), key)
            changed["settings"][key] = int(value) if isinstance(default, int) else value
        else:
            changed["weights"][key] = value
    return Settings(**changed["settings"], weights=Weights(**changed["weights"]))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("pairs", nargs="*", metavar="KEY=VALUE", help="settings and weights")
    parser.add_argument("--field", default="greedy", help="the other seats' player (greedy)")
    parser.add_argument("--boards", default="2p-diamond-5", help="comma-separated presets")
    parser.add_argument("--games", type=int, default=40, help="games per board (40)")
    parser.add_argument("--seed", type=int, default=1, help="first seed of the games (1)")
    parser.add_argument(
        "--jobs", type=int, default=len(os.sched_getaffinity(0)), help="processes (every core)"
    )
    args = parser.parse_args()
    try:
        strength.CUSTOM["variant"] = variant(args.pairs)
        strength.check(args.boards.split(","), [args.field])
    except (ValueError, FabgenError) as exc:
        parser.error(str(exc))
    label = " ".join(args.pairs) or "the default"
    for board in args.boards.split(","):
        began = time.monotonic()
        games = strength.match(board, "variant", args.field, args.games, args.seed, args.jobs)
        result = strength.summarise(games)
        print(
            f"{board:<22} {label} vs {args.field}: {result.text()}  "
            f"({time.monotonic() - began:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
