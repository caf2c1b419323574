"""Why games end with every score 0: a diagnosis for whoever tunes the strong player.

Plays a match as ``bench_strength.py`` does (the tested player in each seat in turn,
seeds as in ``fabgen balance``) and follows every game turn by turn: which seat's
explosions turned each live field growing or dead, and when the last stone and
growing field of every seat but one were gone. Each finished game is printed with
its outcome, and the all-zero games are sorted into three kinds:

- **burnt by <seat>**: that seat's explosions took most of the board (a fire that
  nobody's stones absorbed: it runs through empty land on its own);
- **burnt by <seat>, the last seat left**: the others had no stones or growing
  fields left, and the one left burnt its own land;
- **cancelled out**: nobody exploded much; the stones cancelled one for one.

Last, the outcomes by the tested player's seat: on a board whose seats are not alike
one seat can lose most of its games while the others win (the middle of three starts
side by side, pressed from both sides).

Run: .venv/bin/python benchmarks/why_zero.py [BOARD] [--test strong] [--field random]
     [--games 40] [--seed 1] [--jobs 2]

The default (40 games on 2p-diamond-4, where strong searches as ``strong:3000``) takes
about 3 minutes on two cores (estimated: ``--games 4`` took 19 s); on 3p-triangle-4
``--games 2`` takes under 2 s (2-core development machine shared with other work,
2026-11-30).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength import MAX_TURNS, check, start_of

from fabgen.errors import FabgenError
from fabgen.play.selfplay import game_rng, seat_policies
from fabgen.rules.moves import IllegalMove
from fabgen.rules.scoring import scores
from fabgen.rules.state import LIVE, Position
from fabgen.rules.turn import Turn


@dataclass(frozen=True)
class Story:
    number: int
    test_seat: int
    scores: tuple[int, ...]
    burnt: tuple[int, ...]  # per seat: live fields its explosions turned
    alone_from: int | None  # the turn after which only one seat had stones or fires
    last_seat: int | None  # that seat
    turns: int
    capped: bool

    def kind(self) -> str:
        if self.capped:
            return "capped"
        if any(self.scores):
            top = max(self.scores)
            winners = [k for k, s in enumerate(self.scores) if s == top]
            return "won" if winners == [self.test_seat] else "lost or shared"
        if sum(self.burnt) < len(self.burnt) * 7:
            return "all-zero: cancelled out"
        if self.alone_from is not None and self.alone_from < self.turns:
            who = "the tested player" if self.last_seat == self.test_seat else "another"
            return f"all-zero: burnt by {who}, the last seat left"
        worst = max(range(len(self.burnt)), key=self.burnt.__getitem__)
        return "all-zero: burnt by " + (
            "the tested player" if worst == self.test_seat else "another"
        )


def _last_seat(pos: Position) -> int | None:
    """The one seat that still has stones or growing fields, if only one has."""
    seats = {o for o in pos.owners if o >= 0}
    return seats.pop() if len(seats) == 1 else None


def follow(board: str, test: str, field: str, number: int, seed: int = 1) -> Story:
    start = start_of(board)
    people = [k for k, p in enumerate(start.players) if p.kind != "machine"]
    test_seat = people[number % len(people)]
    names = [test if k == test_seat else field for k in range(len(start.players))]
    policies = seat_policies(start, names)
    rng, pos = game_rng(seed, number), start
    burnt = [0] * len(start.players)
    alone_from = last_seat = None
    turns = 0
    while turns < MAX_TURNS:
        try:
            turn = Turn(pos, "online")
        except IllegalMove:  # the game is over
            break
        policy = policies[turn.player]
        if policy is not None:
            for move in policy.choose_turn(pos, "online", rng):
                turn.move(move)
        before = pos.status_codes
        pos, _ = turn.finish()
        turns += 1
        after = pos.status_codes
        burnt[turn.player] += sum(
            1 for b, a in zip(before, after, strict=True) if b == LIVE and a != LIVE
        )
        if alone_from is None:
            last_seat = _last_seat(pos)
            alone_from = None if last_seat is None else turns
    return Story(
        number,
        test_seat,
        tuple(scores(pos)),
        tuple(burnt),
        alone_from,
        last_seat,
        turns,
        capped=turns >= MAX_TURNS,
    )


def _batch(args: tuple) -> list[Story]:
    board, test, field, seed, numbers = args
    return [follow(board, test, field, n, seed) for n in numbers]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("board", nargs="?", default="2p-diamond-4", help="a preset (2p-diamond-4)")
    parser.add_argument("--test", default="strong", help="the player under test (strong)")
    parser.add_argument("--field", default="random", help="the other seats' player (random)")
    parser.add_argument("--games", type=int, default=40, help="games in the match (40)")
    parser.add_argument("--seed", type=int, default=1, help="first seed, as try_variant's")
    parser.add_argument(
        "--jobs", type=int, default=len(os.sched_getaffinity(0)), help="processes (every core)"
    )
    args = parser.parse_args()
    try:
        check([args.board], [args.test, args.field])
    except (ValueError, FabgenError) as exc:
        parser.error(str(exc))
    chunks = [list(range(s, min(s + 5, args.games))) for s in range(0, args.games, 5)]
    tasks = [(args.board, args.test, args.field, args.seed, c) for c in chunks]
    with ProcessPoolExecutor(args.jobs) as pool:
        stories = [s for part in pool.map(_batch, tasks) for s in part]
    print(f"{args.board}: {args.test} against {args.field}, {args.games} games")
    for s in stories:
        burnt = ", ".join(str(b) for b in s.burnt)
        alone = "-" if s.alone_from is None else s.alone_from
        print(
            f"  game {s.number:3d}  seat {s.test_seat + 1}  {s.kind():60s} scores {s.scores}  "
            f"burnt per seat ({burnt})  one seat left from turn {alone}  turns {s.turns}"
        )
    print("summary:")
    for kind, n in sorted(Counter(s.kind() for s in stories).items()):
        print(f"  {kind:60s} {n:3d}")
    print(f"by the seat {args.test} played:")
    for seat in sorted({s.test_seat for s in stories}):
        kinds = Counter(s.kind().split(":")[0] for s in stories if s.test_seat == seat)
        games = sum(kinds.values())
        parts = ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items()))
        print(f"  seat {seat + 1}: {games} games: {parts}")


if __name__ == "__main__":
    main()
