"""Options of the commands that play games for a report (``fabgen balance``, ``fabgen
validate --simulate``), declared once so that both read and explain them alike
(docs/design-notes.md, *Self-play and balance*)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
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
