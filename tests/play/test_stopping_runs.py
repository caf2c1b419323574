"""A run stopped by Ctrl+C, SIGTERM or an error ends at once on local processes and on
a Dask cluster, and leaves no worker process behind (leaving the pools waited for every
batch handed out, and a parent killed by SIGTERM left its workers playing).

"At once" is checked by what happened, never by the clock: the other batches take ten
minutes or wait to be released, and the tests assert that none of them ended before
the run stopped. Their long waits only guard against a hang; a slow machine passes."""

import multiprocessing
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from fabgen.play.parallel import batches, check_wanted, executor, run_batches
from tests.processes import with_signals

RELEASE = threading.Event()  # lets the Dask tests' held batches go
#: A hang guard, not a measure: how long a batch that should be stopped or released
#: waits. A run that waited for it would end only after it, and fail on what it left.
LONG = 600
HELD_ENDED: list[int] = []  # held batches that ended without being released


def _slow(folder: Path, part: range) -> list[int]:
    """The first batch at once, every other one ten minutes, then leaves a file."""
    if part.start:
        time.sleep(LONG)
        (folder / f"batch-{part.start}").touch()
    return list(part)


def _held(part: range) -> list[int]:
    if part.start and not RELEASE.wait(LONG):
        HELD_ENDED.append(part.start)
    return list(part)


WORKERS: list[int] = []  # the local processes of the run that _stop stopped


def _stop(_games: int) -> None:
    WORKERS[:] = [p.pid for p in multiprocessing.active_children()]
    raise KeyboardInterrupt  # as Ctrl+C does while the run waits for a batch


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")  # a zombie has ended


def _ended(pids: list[int]) -> bool:
    """Whether every process ``pids`` ended (a kill takes a moment; the wait only
    guards against a hang)."""
    deadline = time.monotonic() + LONG
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(map(_alive, pids))


def test_ctrl_c_ends_a_run_on_local_processes_at_once(tmp_path):
    with pytest.raises(KeyboardInterrupt), executor(jobs=2) as ex:
        run_batches(ex, _slow, (tmp_path,), batches(40, 2), _stop)
    assert len(WORKERS) == 2 and _ended(WORKERS)
    # Stopped, not waited for: no batch beyond the first played to its end.
    assert list(tmp_path.iterdir()) == []


def test_sigterm_ends_a_run_on_local_processes_and_its_workers():
    # The script waits in steps, as a run does (run_batches: WATCH_SECONDS): the kernel
    # may hand SIGTERM to one of the pool's threads, and Python's handler then runs only
    # when the main thread wakes; a wait without a time limit hung until the sleeps ended.
    script = (
        "import multiprocessing, time\n"
        "from concurrent.futures import wait\n"
        "from fabgen.play.parallel import executor\n"
        "with executor(jobs=2) as ex:\n"
        f"    futures = [ex.submit(time.sleep, {LONG}) for _ in range(4)]\n"
        "    print(*(p.pid for p in multiprocessing.active_children()), flush=True)\n"
        "    while not futures[-1].done():\n"
        "        wait(futures, timeout=0.5)\n"
    )
    child = subprocess.Popen(
        with_signals([sys.executable, "-c", script]),
        stdout=subprocess.PIPE,
        text=True,
    )
    workers = [int(pid) for pid in child.stdout.readline().split()]
    assert len(workers) == 2
    child.send_signal(signal.SIGTERM)
    try:  # the stop reason: the signal, not the end of the sleeps (the wait: a hang guard)
        assert child.wait(LONG) == 128 + signal.SIGTERM
    finally:
        child.kill()
    assert _ended(workers)


def test_a_run_keeps_the_signals_it_was_told_to_ignore():
    """A script's background job ignores SIGINT on purpose (docs/design-notes.md,
    *Signals, whatever was inherited*): the run must not turn Ctrl+C back on."""
    previous = {s: signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGHUP)}
    try:
        with executor(jobs=2):
            assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) != signal.SIG_DFL  # it unwinds
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def test_ctrl_c_ends_a_run_on_a_dask_cluster_at_once():
    distributed = pytest.importorskip("distributed")
    RELEASE.clear()
    HELD_ENDED.clear()
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        try:
            with (
                pytest.raises(KeyboardInterrupt),
                executor(scheduler=cluster.scheduler_address) as ex,
            ):
                run_batches(ex, _held, (), batches(40, 2), _stop)
            # Stopped while the held batch waited: a run that waited for it would have
            # ended only after the batch gave up waiting.
            assert HELD_ENDED == []
        finally:
            RELEASE.set()


STARTED = threading.Event()  # the long batch is being played
GO = threading.Event()  # the run has been stopped: the long batch may play on
ENDED = threading.Event()
PLAYED: list[int] = []


def _games_until_cancelled(part: range) -> list[int]:
    """The first batch once the second is under way; the second plays its games one by
    one (a twentieth of a second each) after the run has stopped, asking between two
    whether they are still wanted, as play_batch does."""
    if not part.start:
        STARTED.wait(LONG)
        return list(part)
    STARTED.set()
    try:
        GO.wait(LONG)
        for game in part:
            check_wanted()
            PLAYED.append(game)
            time.sleep(0.05)
    finally:
        ENDED.set()
    return list(part)


def test_ctrl_c_on_a_dask_cluster_stops_the_batch_being_played(capfd):
    """A worker cannot stop a running task, but the batch stops before its next game
    (it played all of its games, up to 25 strong ones, for nobody)."""
    distributed = pytest.importorskip("distributed")
    for event in (STARTED, GO, ENDED):
        event.clear()
    PLAYED.clear()
    parts = [range(0, 1), range(1, 401)]
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        try:
            with (
                pytest.raises(KeyboardInterrupt),
                executor(scheduler=cluster.scheduler_address) as ex,
            ):
                run_batches(ex, _games_until_cancelled, (), parts, _stop)
        finally:
            GO.set()
        assert ENDED.wait(LONG)  # a hang guard
    assert len(PLAYED) < len(parts[1]), "the cancelled batch played all its games"
    assert "Traceback" not in capfd.readouterr().err


def test_a_scheduler_that_goes_away_during_the_run_is_one_clear_error(capfd):
    distributed = pytest.importorskip("distributed")
    import dask
    from distributed.utils import sync

    from fabgen.errors import ParameterError

    RELEASE.clear()
    with (
        dask.config.set({"distributed.comm.timeouts.connect": "1s"}),
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
    ):  # (a short connect timeout: the workers' goodbye to the closed scheduler)

        def stop_the_scheduler(_games: int) -> None:
            sync(cluster.loop, cluster.scheduler.close)

        try:
            with (
                pytest.raises(ParameterError, match="went away during the run"),
                executor(scheduler=cluster.scheduler_address) as ex,
            ):
                run_batches(ex, _held, (), batches(40, 2), stop_the_scheduler)
        finally:
            RELEASE.set()
    assert "Traceback" not in capfd.readouterr().err
