"""Timing helper shared by the benchmark scripts (run as `python benchmarks/bench_x.py`,
which puts this folder on the import path)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The shortest of ``runs`` wall-clock times of ``work()``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def strong_decisions(board: str, games: int, turns: int) -> Iterator[tuple[list, float]]:
    """The default strong player's turns in ``games`` games of strong players on the
    preset ``board`` (``game_rng(9, g)``, the online variant), at most ``turns`` each:
    each turn chosen and the CPU seconds its decision took."""
    from fabgen.board.files import load_preset
    from fabgen.play.policy import get_policy
    from fabgen.play.selfplay import game_rng
    from fabgen.rules.moves import IllegalMove
    from fabgen.rules.turn import Turn

    start = load_preset(board).position()
    player = get_policy("strong")
    for g in range(games):
        rng, pos = game_rng(9, g), start
        for _ in range(turns):
            try:
                turn = Turn(pos, "online")
            except IllegalMove:
                break
            began = time.process_time()
            moves = player.choose_turn(pos, "online", rng)
            yield moves, time.process_time() - began
            for move in moves:
                turn.move(move)
            pos, _ = turn.finish()
