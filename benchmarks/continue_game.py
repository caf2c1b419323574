"""Continue one game of a strong match from a turn of it, several times: was it lost by then?

Plays game NUMBER of a match as ``bench_strength.py`` and ``why_zero.py`` play it (the
strong player in seat NUMBER mod seats, the others the ``--field`` player, the same seeds)
up to turn ``--from``, then plays the rest of the game ``--times`` times with other seeds
for the random choices: once with the default strong player in its seat and once with a
variant (``key=value`` pairs as ``try_variant.py`` takes them). Prints the strong seat's
final score in each continuation and how many of them ended above 0. A game that no
continuation saves from a turn on was lost before that turn; one that the variant saves
more often than the default is a lead worth a match.

Run: .venv/bin/python benchmarks/continue_game.py 2p-diamond-4 82 --from 4
     [--field random] [--times 8] [--seed 1] [budget=3000 rounds=10 ...]

One continuation of a 2p-diamond-4 game takes a few seconds: ``--times 1`` (two
continuations, default and variant) about 10 s, the default ``--times 8`` about a
minute (estimated) (2-core development machine shared with other work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength import MAX_TURNS, check, start_of
from try_variant import variant

from fabgen.errors import FabgenError
from fabgen.play.selfplay import game_rng, play_game, seat_policies
from fabgen.play.strong import Strong
from fabgen.rules.turn import replay


def continuations(
    board: str, number: int, field: str, at: int, times: int, pairs: list[str], seed: int = 1
):
    """(label, the strong seat's final scores) for the default and the variant; game
    ``number`` of the match whose first seed is ``seed``."""
    start = start_of(board)
    people = [k for k, p in enumerate(start.players) if p.kind != "machine"]
    seat = people[number % len(people)]
    names = ["strong" if k == seat else field for k in range(len(start.players))]
    policies = seat_policies(start, names)
    record = play_game(
        start, policies, "online", game_rng(seed, number), max_turns=at, keep_moves=True
    )
    position = replay(start, record.moves, "online")
    out = []
    for label, player in (("default", policies[seat]), (" ".join(pairs), Strong(variant(pairs)))):
        seats = list(policies)
        seats[seat] = player
        finals = []
        for k in range(times):
            rest = play_game(
                position, seats, "online", random.Random(f"continue {k}"), max_turns=MAX_TURNS
            )
            finals.append(rest.scores[seat])
        out.append((label or "default again", finals))
    return record.turns, out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("board", help="a preset, as in the match")
    parser.add_argument("number", type=int, help="the game's number in the match (from 0)")
    parser.add_argument("pairs", nargs="*", metavar="KEY=VALUE", help="the variant")
    parser.add_argument("--from", dest="at", type=int, default=0, help="turn to continue from")
    parser.add_argument("--field", default="random", help="the other seats' player (random)")
    parser.add_argument("--times", type=int, default=8, help="continuations of each (8)")
    parser.add_argument(
        "--seed", type=int, default=1, help="the match's first seed, as why_zero's (1)"
    )
    args = parser.parse_intermixed_args()
    if min(args.number, args.at) < 0 or args.times < 1:
        parser.error("the game number and --from must be 0 or more, --times 1 or more")
    try:
        variant(args.pairs)
        check([args.board], [args.field])
    except (ValueError, FabgenError) as exc:
        parser.error(str(exc))
    turns, results = continuations(
        args.board, args.number, args.field, args.at, args.times, args.pairs, args.seed
    )
    print(f"{args.board} game {args.number}, continued from turn {turns}:")
    for label, finals in results:
        above = sum(1 for s in finals if s > 0)
        print(f"  {label:<24} above 0 in {above} of {len(finals)}: {finals}")


if __name__ == "__main__":
    main()
