"""Options of the commands that play games for a report (``fabgen balance``, ``fabgen
validate --simulate``), declared once so that both read and explain them alike
(docs/design-notes.md, *Self-play and balance*)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from fabgen.cli.common import GamesProgress

#: --scheduler's help: where the games are played, and how they are cut into batches.
SCHEDULER_HELP = (
    "Play on a Dask cluster instead, e.g. tcp://10.0.0.5:8786 (pip install '.[cluster]' "
    "in fabgen's folder; see docs/balance.md); the games go out in batches cut for 64 "
    "workers' threads, or for --jobs."
)


def scheduler_option(lead: str = ""):
    """``--scheduler ADDRESS``: a Dask scheduler's address, None to play here. ``lead``:
    words before the help, such as "With --simulate only. "."""
    return click.option("--scheduler", default=None, metavar="ADDRESS", help=lead + SCHEDULER_HELP)


def run_jobs(jobs: int | None, scheduler: str | None) -> int:
    """The processes a run's batches are cut for: --jobs when given, else as many as a
    cluster may have (:data:`fabgen.play.parallel.CLUSTER_JOBS`) or this machine's cores."""
    from fabgen.play.parallel import CLUSTER_JOBS, default_jobs

    return jobs or (CLUSTER_JOBS if scheduler else default_jobs())


@contextmanager
def cluster_notices(progress: GamesProgress) -> Iterator[None]:
    """What a cluster run waits for (:data:`fabgen.play.parallel.notice`) on stderr, for
    the time of the run; on a terminal on a line of its own under the progress bar. The
    time it waited (:data:`fabgen.play.parallel.waited`) is left out of ``progress``'s
    estimate."""
    from fabgen.play import parallel

    def say(text: str) -> None:
        click.echo(("\n" if sys.stderr.isatty() else "") + text, err=True)

    parallel.notice, parallel.waited = say, progress.leave_out
    try:
        yield
    finally:
        parallel.notice = parallel.waited = None


@dataclass
class GamesSoFar:
    """The games played so far, counted on their way to the progress bar (whose own
    count a terminal's bar keeps to itself), and when the run began."""

    games: int = 0
    began: float = field(default_factory=time.perf_counter)

    def passing_to(self, update: Callable[[int], None]) -> Callable[[int], None]:
        def counted(n: int) -> None:
            self.games += n
            update(n)

        return counted


#: What a stopped run did not do, and how to make it shorter, by command.
BALANCE_STOPPED = ("balance", "nothing was written, a report needs every game", "fewer --games")
VALIDATE_STOPPED = (
    "validate --simulate",
    "no finding was printed, the seat balance and the pieces need every game",
    "a smaller --simulate N",
)


@contextmanager
def told_when_stopped(
    counted: GamesSoFar, progress: GamesProgress, said: tuple[str, str, str]
) -> Iterator[None]:
    """On Ctrl+C, what became of the games and what to do, before the command's
    "Stopped (Ctrl+C).": an organiser who stopped a run of many minutes was not told
    that nothing was kept, nor that the same command plays the same games again.
    ``said``: the command, what it left undone, how to play fewer games."""
    command, undone, fewer = said
    try:
        yield
    except KeyboardInterrupt:
        seconds = time.perf_counter() - counted.began
        click.echo(
            f"{command} stopped after {counted.games} of {progress.total} "
            f"game{'' if progress.total == 1 else 's'} "
            f"({seconds:.0f} s): {undone}. Run the command again to play them all (the "
            f"same --seed plays the same games), or with {fewer} for a shorter run",
            err=True,
        )
        raise
