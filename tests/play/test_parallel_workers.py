"""The worker processes of a run end with it, however it ends: a parent killed by
SIGKILL (or the OOM killer) runs no clean-up, and its workers played on for nobody."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fabgen.play.parallel import default_jobs
from tests.processes import with_signals

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
#: A run with --jobs 2 has two workers only where there are two cores.
two_cores = pytest.mark.skipif(default_jobs() < 2, reason="one core: --jobs 2 plays in-process")


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command's name: state, parent, ..."""
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def _alive(pid: int) -> bool:
    try:
        return _stat(pid)[0] not in ("Z", "X")  # a zombie has ended
    except (FileNotFoundError, ProcessLookupError):
        return False


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int(_stat(int(entry.name))[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):  # ended meanwhile
                pass
    return found


def _workers(child: subprocess.Popen, count: int, playing: Path | None = None) -> list[int]:
    """The ``count`` processes ``child`` started, once they are there; with ``playing``,
    once that many have each written a file named by its process id there (a state, not
    a time: a worker seen is not yet a worker with its games)."""
    deadline = time.monotonic() + 120  # a guard against a hang only
    while time.monotonic() < deadline:
        assert child.poll() is None, "the run ended before its workers were seen"
        found = [int(p.name) for p in playing.iterdir()] if playing else _children(child.pid)
        if len(found) >= count:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{count} workers did not start")


def _ended(pids: list[int]) -> bool:
    """Whether every process ``pids`` ended (a kill takes a moment, a worker without the
    kernel's help ends after its game). The wait only guards against workers that never
    end: on a loaded machine 15 s was too short for a game (a clean-clone run failed)."""
    deadline = time.monotonic() + 120
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(map(_alive, pids))


def _kill_parent_of_workers(command: list[str], count: int) -> list[int]:
    """Start ``command``, wait for its ``count`` workers, SIGKILL it: its workers."""
    child = subprocess.Popen(
        with_signals(command),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    workers: list[int] = []
    try:
        workers = _workers(child, count)
        child.send_signal(signal.SIGKILL)
        assert child.wait(30) == -signal.SIGKILL
        return workers
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stderr.close()
        # A test that fails leaves no worker playing on: these are its own processes.
        PENDING.extend(workers)


PENDING: list[int] = []


@pytest.fixture(autouse=True)
def _no_worker_left():
    yield
    for pid in PENDING:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    PENDING.clear()


@two_cores
def test_workers_die_with_a_balance_run_killed_by_sigkill(tmp_path):
    """In the middle of a game (a strong player with the largest budget thinks for
    minutes a turn), so the kernel must end them: nothing in them looks."""
    command = [
        sys.executable,
        "-m",
        "fabgen",
        "balance",
        "--preset",
        "2p-diamond-4",
        "--players",
        "strong:1000000",
        "--games",
        "100",
        "--jobs",
        "2",
        "--out",
        str(tmp_path / "out"),
    ]
    workers = _kill_parent_of_workers(command, 2)
    assert _ended(workers), "the workers play on without their parent"
    assert not (tmp_path / "out").exists()


#: Two forked workers (whatever the default: the script's own functions must reach them)
#: started as a run's are but without the kernel's help (no PR_SET_PDEATHSIG), and one
#: batch: one worker plays it, the other waits for a batch that never comes.
WITHOUT_THE_KERNEL = """
import multiprocessing, os, sys
from concurrent.futures import ProcessPoolExecutor
from fabgen.board import load_preset
from fabgen.play.parallel import watch_parent
from fabgen.play.balance import BalanceOptions, play_batch

def playing(folder, board, options, part):  # a worker says it has its batch
    open(os.path.join(folder, str(os.getpid())), "x").close()
    return play_batch(board, options, part)

board = load_preset("2p-diamond-4")
options = BalanceOptions(players=("random",))
fork = multiprocessing.get_context("fork")
with ProcessPoolExecutor(2, fork, initializer=watch_parent, initargs=(os.getpid(),)) as ex:
    ex.submit(playing, sys.argv[1], board, options, range(10**6)).result()
"""


def test_without_the_kernels_help_workers_end_with_their_parent(tmp_path):
    """Where PR_SET_PDEATHSIG is missing (macOS), a worker's watchdog sees that its
    parent has gone: the worker playing a batch, and the one still waiting for its
    first (the check between games was all, and that worker waited for ever). The
    parent is killed once both workers are there and one plays."""
    playing = tmp_path / "playing"
    playing.mkdir()
    child = subprocess.Popen(
        with_signals([sys.executable, "-c", WITHOUT_THE_KERNEL, str(playing)]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    workers: list[int] = []
    try:
        _workers(child, 1, playing)
        workers = _workers(child, 2)
        PENDING.extend(workers)
        child.send_signal(signal.SIGKILL)
        assert child.wait(30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stderr.close()
    assert _ended(workers), "the workers wait on without their parent"


@two_cores
@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_run_that_ignores_a_signal_keeps_its_workers_when_the_group_gets_it(tmp_path, signum):
    """``nohup fabgen balance ... &``, then the terminal is closed: the shell sends SIGHUP
    to the job's whole process group. The run ignores it, and so must its workers: a
    worker that died of it broke the pool, and the run was lost."""
    out = tmp_path / "out"
    command = [sys.executable, "-m", "fabgen", "balance", "--preset", "3p-triangle-4"]
    command += ["--players", "random", "--games", "600", "--jobs", "2", "--out", str(out)]
    child = subprocess.Popen(
        with_signals(command, signal.SIG_IGN),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a shell's job has
    )
    try:
        PENDING.extend(_workers(child, 2))
        os.killpg(child.pid, signum)
        _, err = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, err
    assert (out / "3p-triangle-4-balance.json").exists()


@two_cores
def test_a_worker_killed_during_the_run_is_one_clear_error(tmp_path):
    """The out-of-memory killer picks a worker: the run ends with one paragraph and exit
    code 2, writes nothing and leaves no worker behind (it ended in a BrokenProcessPool
    traceback)."""
    out = tmp_path / "out"
    command = [sys.executable, "-m", "fabgen", "balance", "--preset", "2p-diamond-4"]
    command += ["--players", "strong:1000000", "--games", "100", "--jobs", "2", "--out", str(out)]
    child = subprocess.Popen(
        with_signals(command),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        workers = _workers(child, 2)
        PENDING.extend(workers)
        os.kill(workers[0], signal.SIGKILL)
        stdout, stderr = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 2, stderr
    assert "--jobs 2: one of the processes playing the games ended abruptly" in stderr
    assert "Traceback" not in stderr and stderr.count("\n") == 1, stderr
    assert stdout == "" and not out.exists()
    assert _ended(workers)
