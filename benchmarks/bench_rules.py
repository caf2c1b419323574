"""Replay speed of the rules engine, in turns per second.

Games come from the seeded random player on hexagonal boards of 19 segments (radius
2) and 91 segments (radius 5) with 2, 3 and 6 players starting on corner segments:
"calm" games (uniformly random moves, few explosions) and "explosive" ones (half of
the moves fill a field up to its capacity, so chain reactions burn the board and
games end sooner). They are written as transcripts in memory and replayed, once from
the parsed transcripts ("replay") and once including reading the JSON text
("parse+replay"). Each figure is the best of several runs.

Run: .venv/bin/python benchmarks/bench_rules.py [--games N] [--turns N] [--runs N]

Takes about 5 s (2-core development machine shared with other work, 2026-11-30).
"""

from __future__ import annotations

import argparse

from timing import best_of

from fabgen.rules.random_games import random_game
from fabgen.rules.setup import start_position
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript
from fabgen.rules.turn import replay

STYLES = {"calm": 0.0, "explosive": 0.5}


def make_games(radius: int, players: int, count: int, turns: int, bias: float) -> list[str]:
    start = start_position(radius, players)
    texts = []
    for seed in range(count):
        moves, _ = random_game(start, seed, max_turns=turns, explode_bias=bias)
        t = transcript_from_position(start, turns=moves, with_state=False)
        texts.append(write_transcript(t))
    return texts


def bench(radius: int, players: int, style: str, count: int, turns: int, runs: int) -> dict:
    texts = make_games(radius, players, count, turns, STYLES[style])
    parsed = [parse_transcript(text) for text in texts]
    total = sum(len(t.move_list) for t in parsed)
    moves = sum(len(m) for t in parsed for m in t.move_list)

    def replay_all():
        for t in parsed:
            replay(t.position, t.move_list)

    def parse_and_replay_all():
        for text in texts:
            t = parse_transcript(text)
            replay(t.position, t.move_list)

    fast = best_of(runs, replay_all)
    full = best_of(runs, parse_and_replay_all)
    return {
        "tiles": len(parsed[0].segments),
        "players": players,
        "style": style,
        "games": count,
        "turns": total,
        "moves": moves,
        "replay": total / fast,
        "parse+replay": total / full,
        "ms/game": 1000 * fast / count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10, help="games per board (default 10)")
    parser.add_argument("--turns", type=int, default=200, help="turns per game at most (200)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs, best kept (default 5)")
    args = parser.parse_args()
    print(
        f"{'tiles':>5} {'players':>7} {'style':>9} {'turns':>6} {'moves':>6} "
        f"{'replay turns/s':>15} {'parse+replay turns/s':>21} {'ms/game':>8}"
    )
    for radius in (2, 5):
        for style in STYLES:
            for players in (2, 3, 6):
                r = bench(radius, players, style, args.games, args.turns, args.runs)
                print(
                    f"{r['tiles']:>5} {r['players']:>7} {r['style']:>9} {r['turns']:>6} "
                    f"{r['moves']:>6} {r['replay']:>15,.0f} {r['parse+replay']:>21,.0f} "
                    f"{r['ms/game']:>8.2f}"
                )
    ms, ms_parsed = long_game(args.runs)
    print(
        f"one random game of 200 turns on 19 tiles (2 players): {ms:.2f} ms to replay, "
        f"{ms_parsed:.2f} ms with parsing"
    )


def long_game(runs: int) -> tuple[float, float]:
    """Replay time of the first seeded calm game on 19 tiles that lasts 200 turns."""
    start = start_position(2, 2)
    for seed in range(100):
        moves, _ = random_game(start, seed, max_turns=200)
        if len(moves) == 200:
            break
    text = write_transcript(transcript_from_position(start, turns=moves, with_state=False))
    t = parse_transcript(text)
    fast = best_of(runs, lambda: replay(t.position, t.move_list))
    full = best_of(runs, lambda: replay(*_parsed(text)))
    return 1000 * fast, 1000 * full


def _parsed(text: str):
    t = parse_transcript(text)
    return t.position, t.move_list


if __name__ == "__main__":
    main()
