"""Self-play and replay speed per board, against the online engine, and games/s per job.

For each board: random games (fabgen's random player, seeds 1..N, at most 1000 turns)
are played, timing the self-play; the same games are then replayed from their moves.
Greedy and extreme-machine self-play are timed too (a fifth of the games), and the
strong player's (a tenth; its strength, game endings and decision times are in
bench_strength.py). Last, balance runs on 6p-hexagon-19 with random, greedy and strong
players, with 1 and 2 jobs, give games per second.

The online engine's figures (ONLINE) are constants measured on this kind of machine
(see ONLINE_HOW): the online version's js/common/GameState.js run under node 20 by a
local harness, which replays the same transcripts (written by --write-games) through
the GameState constructor and plays random games with the same move distribution,
checking isGameOver() after every turn as the online server does.

Run: .venv/bin/python benchmarks/bench_play.py [--games N] [--runs N] [--write-games DIR]
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

from fabgen.board import load_preset
from fabgen.board.model import Board
from fabgen.play.balance import BalanceOptions, run_balance
from fabgen.play.policy import get_policy
from fabgen.play.selfplay import GameRecord, game_transcript, play_game
from fabgen.rules.setup import start_position
from fabgen.rules.state import Position
from fabgen.rules.transcript import write_transcript
from fabgen.rules.turn import replay

MAX_TURNS = 1000
BOARDS = ("3p-triangle-4", "2p-diamond-4", "6p-hexagon-19", "6p-hexagon-37", "hexagon-91")

#: The online engine, turns per second of CPU time on one core: (replay, random
#: self-play), measured 2026-11-23 (see ONLINE_HOW) on the games this script plays.
ONLINE = {
    "3p-triangle-4": (31_972, 8_063),
    "2p-diamond-4": (19_458, 4_281),
    "6p-hexagon-19": (55_573, 4_940),
    "6p-hexagon-37": (23_886, 2_712),
    "hexagon-91": (8_968, 871),
}
ONLINE_HOW = (
    "the online version's js/common/GameState.js (maksverver/atlantis-heroku) under "
    "node 20, measured 2026-11-23 on this 2-core machine by a local harness (not in this "
    "repository): replay = the GameState constructor reading the same 20 transcripts "
    "per board that --write-games writes; random self-play = the same move distribution "
    "(tiles shuffled, a move on each with chance 0.8, uniform over the tile's legal "
    "moves), addTurn() and isGameOver() after every turn; CPU time, best of 20 runs for "
    "replay (taken in turns with this script's replays, on a loaded machine), of 2 for "
    "self-play"
)


def start_of(name: str) -> Position:
    if name == "hexagon-91":
        return start_position(5, 3)  # the online version's 91-segment hexagon, 3 players
    return load_preset(name).position()


def play_games(start: Position, policy: str, games: int) -> list[GameRecord]:
    from fabgen.play.selfplay import game_rng

    policies = [get_policy(policy)] * len(start.players)
    return [
        play_game(
            start,
            policies,
            "online",
            game_rng(0, g),
            number=g,
            max_turns=MAX_TURNS,
            keep_moves=True,
        )
        for g in range(1, games + 1)
    ]


def cpu_best_of(runs: int, work) -> float:
    """The shortest CPU time of this process over ``runs`` runs of ``work()``: turns
    per second per core, much less disturbed by other processes than wall-clock time."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def bench_board(name: str, games: int, runs: int, write: Path | None) -> dict:
    start = start_of(name)
    selfplay = cpu_best_of(runs, lambda: play_games(start, "random", games))
    records = play_games(start, "random", games)
    turns = sum(r.turns for r in records)
    moves = [r.moves for r in records]
    fast = cpu_best_of(runs, lambda: [replay(start, m) for m in moves])
    if write is not None:
        write.mkdir(parents=True, exist_ok=True)
        for r in records:
            text = write_transcript(game_transcript(start, r))
            (write / f"{name}-{r.number:03d}.json").write_text(text)
    row = {
        "board": name,
        "tiles": len(start.board.tiles),
        "games": games,
        "turns": turns,
        "replay": turns / fast,
        "random": turns / selfplay,
    }
    for column, policy, part in (
        ("greedy", "greedy", 5),
        ("machine", "extreme-machine", 5),
        ("strong", "strong", 10),
    ):
        began = time.process_time()
        played = play_games(start, policy, max(1, games // part))
        row[column] = sum(r.turns for r in played) / (time.process_time() - began)
    return row


def games_per_second(jobs: int, games: int, runs: int, player: str) -> tuple[float, float]:
    """Wall-clock games per second of a balance run (best of ``runs``), and the CPU
    seconds of this process and its worker processes for one run."""
    board: Board = load_preset("6p-hexagon-19")
    options = BalanceOptions(games=games, players=(player,), max_turns=MAX_TURNS)
    best = cpu = float("inf")
    for _ in range(runs):
        began, used = time.perf_counter(), _cpu_with_children()
        run_balance(board, options, jobs=jobs)
        best = min(best, time.perf_counter() - began)
        cpu = min(cpu, _cpu_with_children() - used)
    return games / best, cpu


def _cpu_with_children() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)  # pools that have shut down
    return me.ru_utime + me.ru_stime + workers.ru_utime + workers.ru_stime


def _ratio(ours: float, theirs: float | None) -> str:
    return f"{ours / theirs:>6.1f}x" if theirs else "      -"


def _rate(value: float | None) -> str:
    return f"{value:>10,.0f}" if value else "         -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per board (20)")
    parser.add_argument("--runs", type=int, default=3, help="timed replays, best kept (3)")
    parser.add_argument(
        "--jobs-games", type=int, default=100, help="random games for the jobs figure (100)"
    )
    parser.add_argument(
        "--greedy-games", type=int, default=40, help="greedy games for the jobs figure (40)"
    )
    parser.add_argument(
        "--strong-games", type=int, default=10, help="strong games for the jobs figure (10)"
    )
    parser.add_argument(
        "--write-games",
        type=Path,
        default=None,
        metavar="DIR",
        help="also write the games as transcripts (for the online harness)",
    )
    args = parser.parse_args()
    print(f"online engine: {ONLINE_HOW}")
    print(
        f"{'board':<14} {'tiles':>5} {'turns':>7} {'replay/s':>10} {'online':>10} {'ratio':>7}"
        f" {'random/s':>10} {'online':>10} {'ratio':>7} {'greedy/s':>10} {'machine/s':>10}"
        f" {'strong/s':>10}"
    )
    for name in BOARDS:
        r = bench_board(name, args.games, args.runs, args.write_games)
        online_replay, online_random = ONLINE[name]
        print(
            f"{r['board']:<14} {r['tiles']:>5} {r['turns']:>7} {r['replay']:>10,.0f} "
            f"{_rate(online_replay)} {_ratio(r['replay'], online_replay)} "
            f"{r['random']:>10,.0f} {_rate(online_random)} {_ratio(r['random'], online_random)} "
            f"{_rate(r.get('greedy'))} {_rate(r.get('machine'))} {_rate(r.get('strong'))}"
        )
    print(
        "turns per second of CPU time on one core (best of --runs; greedy and machine "
        "(the extreme machine's search) one run of a fifth of the games, strong (the "
        "strong player at its default budget, every seat) of a tenth)"
    )
    print(
        "games per second by the wall clock, best of --runs (other processes on the "
        "machine slow it down), and what two idle cores would give from the CPU time:"
    )
    for player, games in (
        ("random", args.jobs_games),
        ("greedy", args.greedy_games),
        ("strong", args.strong_games),
    ):
        (one, cpu_one), (two, cpu_two) = (
            games_per_second(jobs, games, args.runs, player) for jobs in (1, 2)
        )
        print(
            f"balance, 6p-hexagon-19, {player} players, {games} games: {one:.1f} games/s "
            f"with --jobs 1, {two:.1f} with --jobs 2 ({two / one:.2f}x); CPU time "
            f"{cpu_one:.2f} s and {cpu_two:.2f} s: on two idle cores --jobs 2 would be "
            f"{2 * cpu_one / cpu_two:.2f}x as fast"
        )


if __name__ == "__main__":
    main()
