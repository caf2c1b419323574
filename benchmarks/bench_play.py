"""Self-play and replay speed per board, against the online engine, and games/s per job.

For each board: random games (fabgen's random player, seeds 1..N, at most 1000 turns)
are played, timing the self-play; the same games are then replayed from their moves.
Greedy and extreme-machine self-play are timed too (a fifth of the games), and the
strong player's (a tenth; its strength, game endings and decision times are in
bench_strength.py). Last, balance runs on 6p-hexagon-19 with random, greedy and strong
players, with 1 and 2 jobs, give games per second.

With --online-engine DIR (a copy of maksverver/atlantis-heroku, the online version) and
node on PATH, the online engine is timed in the same run, board by board right after
fabgen: online_engine_harness.js replays the same games through its
js/common/GameState.js and plays random games with the same move distribution; both
figures and their ratio are printed. Without it, no ratio is printed (one line says why):
figures of two runs, or two machines, do not divide.

Run: .venv/bin/python benchmarks/bench_play.py [--online-engine DIR] [--boards A,B]
     [--games N] [--runs N] [--quick] [--write-games DIR]

The default run takes more than 5 minutes on two cores (stopped at 5 during its last
part, the strong players' balance runs); ``--quick`` about a minute (63 s with
``--online-engine``), ``--quick --games 2 --boards 3p-triangle-4`` under a second
(2-core development machine shared with other work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from online_engine import ENGINE_FILE, EngineFailed, NodeEngine, find_node

from fabgen.board import load_preset
from fabgen.board.model import Board
from fabgen.play.balance import BalanceOptions, run_balance
from fabgen.play.policy import get_policy
from fabgen.play.selfplay import GameRecord, game_transcript, play_game
from fabgen.rules.scoring import scores
from fabgen.rules.setup import start_position
from fabgen.rules.state import Position
from fabgen.rules.transcript import write_transcript
from fabgen.rules.turn import replay

MAX_TURNS = 1000
BOARDS = ("3p-triangle-4", "2p-diamond-4", "6p-hexagon-19", "6p-hexagon-37", "hexagon-91")
HARNESS = Path(__file__).with_name("online_engine_harness.js")


class OnlineEngine(NodeEngine):
    """The online version's engine timed beside fabgen."""

    def measure(self, start: Position, records: list[GameRecord], runs: int) -> dict:
        """Turns per second of CPU time of the online engine replaying ``records`` and
        playing as many random games from ``start``, and on how many of the replayed
        games both engines agree on the final scores."""
        transcripts = [json.loads(write_transcript(game_transcript(start, r))) for r in records]
        request = {
            "runs": runs,
            "max_turns": MAX_TURNS,
            "seed": 1,
            "boards": [{"name": "", "games": len(records), "transcripts": transcripts}],
        }
        try:
            board = self.ask(HARNESS, request)["boards"][0]
        except EngineFailed as exc:
            raise SystemExit(str(exc)) from None
        ours = [scores(replay(start, r.moves)) for r in records]
        theirs = board["replay"]["scores"]
        return {
            "online_replay": _per_second(board["replay"]),
            "online_random": _per_second(board["random"]),
            "agree": sum(list(a) == b for a, b in zip(ours, theirs, strict=True)),
        }


def _per_second(timed: dict) -> float | None:
    """Turns per CPU second, None when there is nothing to divide (no turn, or too
    short to measure)."""
    if timed["turns"] == 0 or timed["cpu_seconds"] <= 0:
        return None
    return timed["turns"] / timed["cpu_seconds"]


def online_engine(directory: Path | None) -> tuple[OnlineEngine | None, str]:
    """The engine to time beside fabgen, or None and the one-line reason why not."""
    if directory is None:
        return None, (
            "no ratio to the online engine: give --online-engine DIR (a copy of "
            "maksverver/atlantis-heroku) to time it in this run"
        )
    node = find_node()
    if node is None:
        return None, (
            f"no ratio to the online engine: node is not on PATH, so {directory} cannot "
            "run (install nodejs)"
        )
    return OnlineEngine(directory, node), ""


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


def bench_board(
    name: str, games: int, runs: int, write: Path | None, engine: OnlineEngine | None, quick: bool
) -> dict:
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
    if engine is not None:  # right after fabgen's timing, on the same games
        row |= engine.measure(start, records, runs)
    if quick:
        return row
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


def _columns(engine: bool, quick: bool) -> list[tuple[str, str, int]]:
    """(title, key, width) of the table's columns; ``online_*`` keys are the engine's,
    ``ratio_*`` keys fabgen's figure divided by the engine's."""
    columns = [("board", "board", 14), ("tiles", "tiles", 5), ("turns", "turns", 7)]
    for kind in ("replay", "random"):
        columns.append((f"{kind}/s", kind, 10))
        if engine:
            columns += [("online", f"online_{kind}", 10), ("ratio", f"ratio_{kind}", 7)]
    if not quick:
        columns += [("greedy/s", "greedy", 10), ("machine/s", "machine", 10)]
        columns.append(("strong/s", "strong", 10))
    return columns


def _cell(row: dict, key: str, width: int) -> str:
    if key.startswith("ratio_"):
        kind = key.removeprefix("ratio_")
        theirs = row[f"online_{kind}"]
        return f"{row[kind] / theirs:>{width - 1}.1f}x" if theirs else "-".rjust(width)
    value = row[key]
    if value is None:
        return "-".rjust(width)
    if isinstance(value, str):
        return f"{value:<{width}}"
    return f"{value:>{width},.0f}"


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--online-engine",
        type=Path,
        default=None,
        metavar="DIR",
        help="a copy of maksverver/atlantis-heroku: time its js/common/GameState.js under "
        "node in this run and print the ratios",
    )
    parser.add_argument(
        "--boards",
        type=_boards,
        default=BOARDS,
        metavar="A,B",
        help=f"boards, comma-separated (all: {','.join(BOARDS)})",
    )
    parser.add_argument("--games", type=int, default=20, help="random games per board (20)")
    parser.add_argument("--runs", type=int, default=3, help="timed replays, best kept (3)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="replay and random self-play only (what is compared with the online engine)",
    )
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
        help="also write the games as transcripts",
    )
    args = parser.parse_args()
    engine = args.online_engine
    if engine is not None and not (engine / ENGINE_FILE).is_file():
        parser.error(
            f"--online-engine {engine}: there is no {ENGINE_FILE} in it; give the folder of a "
            "copy of maksverver/atlantis-heroku (git clone "
            "https://github.com/maksverver/atlantis-heroku)"
        )
    return args


def _boards(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in BOARDS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"use some of {', '.join(BOARDS)}")
    return names


def print_table(args: argparse.Namespace, engine: OnlineEngine | None) -> None:
    columns = _columns(engine is not None, args.quick)
    print(" ".join(f"{t:<{w}}" if k == "board" else f"{t:>{w}}" for t, k, w in columns))
    for name in args.boards:
        row = bench_board(name, args.games, args.runs, args.write_games, engine, args.quick)
        print(" ".join(_cell(row, key, width) for _, key, width in columns))
        if engine is not None and row["agree"] < row["games"]:
            print(
                f"  (the online engine ended {row['games'] - row['agree']} of {row['games']} "
                "replayed games with other scores than fabgen: not the same work)"
            )
    what = (
        ""
        if args.quick
        else (
            "; greedy and machine (the extreme machine's search) one run of a fifth of the "
            "games, strong (the strong player at its default budget, every seat) of a tenth"
        )
    )
    print(f"turns per second of CPU time on one core (best of --runs{what})")


def print_jobs(args: argparse.Namespace) -> None:
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


def main() -> None:
    args = _arguments()
    engine, why_not = online_engine(args.online_engine)
    if engine is None:
        print(why_not)
    else:
        print(
            f"online engine: {args.online_engine / ENGINE_FILE} under node {engine.version()}, "
            f"timed right after fabgen on each board: the same games replayed through its "
            f"GameState constructor; {args.games} random games by {HARNESS.name} (the same "
            "move distribution, addTurn() and isGameOver() after every turn)"
        )
    print_table(args, engine)
    if not args.quick:
        print_jobs(args)


if __name__ == "__main__":
    main()
