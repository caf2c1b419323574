"""Running batches of self-play games on all cores or on a Dask cluster.

One code path: the games are cut into batches of consecutive game numbers, and each
batch is submitted to a :class:`concurrent.futures.Executor`: a local
:class:`~concurrent.futures.ProcessPoolExecutor`, the executor of a Dask
``distributed`` client (``Client(address).get_executor()``, the optional extra
``pip install '.[cluster]'``), or for one job the calling process itself. Every game seeds its
own generator from (run seed, game number) and results are put back in game order,
so the numbers do not depend on the batches, the processes or the cluster.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from functools import cache

from fabgen.errors import ParameterError, abridged

#: Games per batch at most: small enough for a smooth progress bar and even load.
MAX_BATCH = 25


#: The processes a cluster run's batches are cut for when --jobs is not given: this
#: machine's cores (2 here) cut 300 games into 16 batches, and a club's 40 cores
#: left 24 idle. The cluster's size is not known before its scheduler is asked;
#: batches of a game or two cost a Dask task each, milliseconds.
CLUSTER_JOBS = 64


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def processes(jobs: int, games: int) -> int:
    """The local processes a run of ``games`` games uses for ``--jobs jobs``: no more
    than the cores, nor than the games. More processes than cores only share them, each
    with its memory and files (``--jobs 256`` on 2 cores played 200 random games at a
    fifth of the speed of ``--jobs 2``, and under a limit of 256 open files stopped
    with "Too many open files"), and ``--games 1 --jobs 8`` started 8 processes for one
    game."""
    return max(1, min(jobs, default_jobs(), games))


def batches(games: int, jobs: int) -> list[range]:
    """Consecutive game numbers cut into batches: about eight per job, at most
    :data:`MAX_BATCH` games each."""
    size = max(1, min(MAX_BATCH, -(-games // (8 * max(jobs, 1)))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


class InlineExecutor(Executor):
    """Runs each task at once in the calling process (``--jobs 1``): no pickling, no
    start-up, and the same interface as the pools."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # not Ctrl-C: that must stop the run, not one batch
            future.set_exception(exc)
        return future


@contextmanager
def executor(jobs: int = 1, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor for a run: a Dask cluster's when ``scheduler`` (an address such
    as ``tcp://10.0.0.5:8786``) is given, else ``jobs`` local processes."""
    if scheduler is not None:
        with _dask_executor(scheduler) as ex:
            yield ex
    elif jobs <= 1:
        yield InlineExecutor()
    else:
        with _process_pool(jobs) as ex:
            yield ex


@contextmanager
def _process_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` local processes that end with the run. Stopped (Ctrl+C, SIGTERM, an
    error), it kills them: leaving a pool's ``with`` waits for every batch handed out
    (minutes of strong games after a Ctrl+C), and a parent killed by SIGTERM left its
    workers playing on, then idle for ever."""
    import multiprocessing

    context = multiprocessing.get_context()
    ex = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=_worker_start,
        initargs=(os.getpid(), context.get_start_method()),
    )
    try:
        with _termination_unwinds():
            yield ex
    except BrokenProcessPool:
        _kill_workers(ex)
        raise ParameterError.about(
            "jobs",
            f"{jobs}: one of the processes playing the games ended abruptly (killed, most "
            "likely: by the out-of-memory killer, or a kill sent to it), so its games were "
            "lost and nothing was written; run the command again (the same seed plays the "
            "same games), with fewer --jobs if memory ran short",
        ) from None
    except BaseException:
        _kill_workers(ex)
        raise
    ex.shutdown()


#: In a local pool's worker, the process whose end must end it too (None elsewhere).
_PARENT: int | None = None


def _worker_start(owner: int, method: str) -> None:
    """A local worker's first act: it dies with its parent. On Linux the kernel kills it
    (PR_SET_PDEATHSIG, the helper the extreme machine's forked half uses, which also
    leaves Ctrl+C to the parent and a kill to the defaults); on every system
    :func:`watch_parent` ends it too. A parent killed by SIGKILL or the OOM killer runs
    no clean-up, and its workers played on for nobody, then waited for ever. Under
    ``forkserver`` the parent is the fork server, which ends with ``owner``.

    SIGTERM and SIGHUP the run was started to ignore stay ignored (``nohup``: a closed
    terminal sends SIGHUP to the whole process group, and workers that died of it broke
    the pool of a run that was meant to go on)."""
    from fabgen.signals import die_with

    parent = os.getppid() if method == "forkserver" else owner
    die_with(parent)
    watch_parent(parent)


#: Seconds between two looks of a worker's watchdog at its parent.
WATCH_PARENT_SECONDS = 1.0


def watch_parent(parent: int) -> None:
    """Ends this worker within :data:`WATCH_PARENT_SECONDS` of ``parent``'s death, from a
    watchdog thread; where the kernel does not (macOS, Windows), the check between two
    games (:func:`check_wanted`) was all, and a worker still waiting for its first batch
    plays no game: it waited for ever."""
    import threading

    global _PARENT

    _PARENT = parent
    if os.getppid() != parent:  # gone already
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_PARENT_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="fabgen-watch-parent", daemon=True).start()


def check_wanted() -> None:
    """Called between two games of a batch: ends a local worker whose parent has died
    (where neither the kernel nor the watchdog did yet), and stops a batch that a Dask
    client has cancelled (Ctrl+C) instead of playing its games for nobody."""
    if _PARENT is not None:
        if os.getppid() != _PARENT:
            os._exit(1)
    elif _dask_cancelled():
        from distributed import Reschedule

        # A cancelled task's end is dropped quietly, whatever it is; and should its key
        # have been asked for again meanwhile (the worker then "resumes" it), this asks
        # the scheduler to play it again rather than report an error.
        raise Reschedule


def _dask_cancelled() -> bool:
    """Whether this is a batch on a Dask worker whose client no longer wants it. A
    worker cannot stop a running task: it marks it ``cancelled`` and waits for it; the
    task reads that mark (Dask's worker state, read-only; a Dask without it plays the
    batch to its end, as before)."""
    import sys

    distributed = sys.modules.get("distributed")
    if distributed is None:  # not on a Dask worker, which has imported it
        return False
    try:
        worker = distributed.get_worker()
    except ValueError:  # not in a Dask task
        return False
    try:
        task = worker.state.tasks.get(worker.get_current_task())
        return task is not None and task.state == "cancelled"
    except Exception:  # Dask's internals changed
        return False


@contextmanager
def _termination_unwinds() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`fabgen.signals.Terminated` for the time of the
    run, so that it unwinds to the clean-up (by default they end the process on the
    spot). Dispositions set to ignore are kept, and SIGINT is left as inherited: a
    script's background job ignores it on purpose (docs/design-notes.md, *Signals,
    whatever was inherited*), and otherwise it raises KeyboardInterrupt already."""
    import signal

    from fabgen.signals import Terminated

    def unwind(signum: int, _frame: object) -> None:
        raise Terminated(128 + signum)

    old = {}
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(signum) == signal.SIG_DFL:
                old[signum] = signal.signal(signum, unwind)
    except ValueError:  # not the main thread: Python sets no handler there
        pass
    try:
        yield
    finally:
        for signum, previous in old.items():
            signal.signal(signum, previous)


def _kill_workers(ex: ProcessPoolExecutor) -> None:
    """Drops the batches not started and kills the processes playing the others
    (Python 3.14's ``kill_workers``; SIGKILL, as a worker that inherited our SIGTERM
    handler would take SIGTERM for an error in its batch and play the next one)."""
    processes = list((ex._processes or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()
    for process in processes:
        process.join()


@contextmanager
def _dask_executor(scheduler: str) -> Iterator[Executor]:
    try:
        from distributed import Client
    except ImportError:
        raise ParameterError.about(
            "scheduler",
            "needs Dask distributed: install it with "
            "pip install '.[cluster]' in a copy of fabgen's repository (on this machine and "
            "on every worker)",
        ) from None
    _check_address(scheduler)
    _check_answer(scheduler)
    try:
        client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError) as exc:
        raise _unreachable(scheduler, exc) from None
    with _quiet_client():
        yield from _run_on(client, scheduler)


def _run_on(client, scheduler: str) -> Iterator[Executor]:
    """The client's executor for the run, the client closed afterwards."""
    try:
        _check_workers(client, scheduler)
        yield from _batches_on(ClusterExecutor(client, scheduler), scheduler)
    finally:
        client.close()


#: The cluster workers whose batches this process took, for the run's last line (the
#: organiser sees how many machines helped, late ones too), each by its nanny's address
#: when it has one (:func:`_on_worker`).
played_by: set[str] = set()


def helpers(addresses: set[str]) -> str:
    """``addresses`` of workers as the organiser counts them: "3 workers on 2 machines"."""
    from distributed.comm.addressing import get_address_host

    machines = len({get_address_host(a) for a in addresses})
    workers = f"{len(addresses)} worker{'s' if len(addresses) != 1 else ''}"
    return f"{workers} on {machines} machine{'s' if machines != 1 else ''}"


class ClusterExecutor(Executor):
    """A Dask client's executor that can tell a cluster left without workers (the
    scheduler keeps the batches for workers to come, and a run whose every worker was
    killed waited for ever without a word) and refuses a batch played by a worker with
    another fabgen: one that joined after the check at the start was not asked."""

    def __init__(self, client, scheduler: str) -> None:
        self._client = client
        self._scheduler = scheduler
        self._inner = client.get_executor()

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """``fn`` on a worker, which says who it is with the result (:meth:`result`)."""
        return self._inner.submit(_on_worker, fabgen_build(), fn, *args, **kwargs)

    def result(self, future: Future):
        """The result of a batch submitted here, once its worker is known to have this
        fabgen. A worker without fabgen, or with one from before the worker's report,
        cannot even read the batch: then every worker is asked, as at the start."""
        from distributed import KilledWorker

        try:
            address, worker, version, result = future.result()
        except (CancelledError, KilledWorker):
            raise
        except Exception:
            with suppress(OSError):  # the scheduler gone: the batch's own error says so
                _check_versions(self._client, self._scheduler, during=True)
            raise
        if version != fabgen_build():
            raise _other_fabgen(self._scheduler, [(address, version)], during=True)
        played_by.add(worker)
        return result

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._inner.shutdown(wait=wait)

    def check_workers(self) -> None:
        """Returns while the cluster has a worker, or gets one within
        :data:`WORKER_SECONDS` (a nanny restarts a killed worker in a few seconds)."""
        try:
            _wait_for_a_worker(self._client, self._scheduler, "has lost all its workers")
        except TimeoutError:
            raise ParameterError.about(
                "scheduler",
                f"{self._scheduler} has lost all its workers during the run (none for "
                f"{WORKER_SECONDS} s), so its games could not be played and nothing was "
                f"written: start workers again with `dask worker {self._scheduler}` and "
                "run the command again (the same seed plays the same games)",
            ) from None
        except OSError:  # the scheduler itself is gone
            raise _gone(self._scheduler) from None


def _gone(scheduler: str) -> ParameterError:
    return ParameterError.about(
        "scheduler",
        f"{scheduler} went away during the run, so its games were lost and nothing "
        "was written: start the scheduler and its workers again and run the "
        "command again (the same seed plays the same games)",
    )


def _batches_on(ex: Executor, scheduler: str) -> Iterator[Executor]:
    from distributed import KilledWorker

    try:
        yield ex
    except CancelledError:  # what the batches left say when the scheduler went away
        ex.shutdown(wait=False)
        raise _gone(scheduler) from None
    except KilledWorker:
        ex.shutdown(wait=False)
        raise ParameterError.about(
            "scheduler",
            f"{scheduler}: the workers playing one batch of games died again and again "
            "(out of memory, most likely, or killed), so the scheduler gave the batch up, "
            "the run stopped and nothing was written: give the workers more memory "
            "(`dask worker --memory-limit`) or fewer processes per machine, and run the "
            "command again (the same seed plays the same games)",
        ) from None
    except BaseException:
        # Cancels the batches left; leaving the executor's ``with`` waited for every
        # one of them (for ever with no worker able to play them) after a Ctrl+C.
        ex.shutdown(wait=False)
        raise


#: Seconds to wait for a cluster's first worker.
WORKER_SECONDS = 30


def _check_workers(client, scheduler: str) -> None:
    """Refuses a cluster whose workers cannot play this fabgen's games. With no worker,
    or none with fabgen (each died on its first batch), the run waited for ever without
    a word; a worker with another fabgen would play other games for the same seed."""
    from fabgen import __version__

    try:
        _wait_for_a_worker(client, scheduler, "has no worker yet")
    except TimeoutError:
        raise ParameterError.about(
            "scheduler",
            f"{scheduler} has no worker (none came in {WORKER_SECONDS} s): start one on "
            f"each machine with `dask worker {scheduler}`, where fabgen {__version__} is "
            "installed",
        ) from None
    _check_versions(client, scheduler)


#: Told, when set, what a cluster run waits for, for the command line to show: a run on a
#: cluster without workers showed its progress at 0 % for :data:`WORKER_SECONDS`, then
#: an error, and an organiser who starts the workers after the run did not know it waited.
notice: Callable[[str], None] | None = None


#: Told, when set, the seconds a cluster run spent waiting for a worker, for the
#: progress to leave them out of its time estimate: a run that waited 25 s for its first
#: worker counted them as playing time and projected them onto every game left.
waited: Callable[[float], None] | None = None


def _wait_for_a_worker(client, scheduler: str, state: str) -> None:
    """Returns once the cluster has a worker; TimeoutError after :data:`WORKER_SECONDS`.
    When it has none, :data:`notice` hears first what the cluster's ``state`` is and
    what to do, and :data:`waited` afterwards how long the run waited."""
    if client.scheduler_info(n_workers=1)["workers"]:
        return
    if notice is not None:
        notice(
            f"waiting for a worker: {scheduler} {state}; start one with `dask worker "
            f"{scheduler}` (the run stops after {WORKER_SECONDS} s without one)"
        )
    began = time.monotonic()
    try:
        client.wait_for_workers(1, timeout=WORKER_SECONDS)
    finally:
        if waited is not None:
            waited(time.monotonic() - began)


def _check_versions(client, scheduler: str, during: bool = False) -> None:
    """Asks every worker for its fabgen; refuses the cluster when one has another."""
    found = client.run(_worker_fabgen, on_error="return")
    wrong = sorted((a, v) for a, v in found.items() if v != fabgen_build())
    if wrong:
        raise _other_fabgen(scheduler, wrong, during)


def _other_fabgen(scheduler: str, wrong: list, during: bool = False) -> ParameterError:
    """``wrong``: (address, version or the error that stood for it) of each worker
    without this fabgen. ``during``: found on a batch during the run (nothing written)."""
    from fabgen import __version__

    address, version = wrong[0]
    has = f"fabgen {version}" if isinstance(version, str) else f"no fabgen ({version})"
    if isinstance(version, str) and "(game code" not in version:
        has += " (an older copy, which does not tell its game code)"
    more = f" (and {len(wrong) - 1} more workers)" if len(wrong) > 1 else ""
    if during:
        has += ", which joined after the check at the start"
    stopped = (
        ": its games were refused, the run stopped and nothing was written; " if during else ": "
    )
    again = "; then run the command again (the same seed plays the same games)" if during else ""
    return ParameterError.about(
        "scheduler",
        f"{scheduler} has a worker at {address} with {has}{more}, and this machine has "
        f"fabgen {fabgen_build()}{stopped}install fabgen {__version__} where every worker "
        f"runs (pip install '.[cluster]' in a copy of fabgen {__version__} from the same "
        "commit, with no changes of its own, then restart the workers), so that "
        f"they play the games this fabgen would, nothing else{again}",
    )


def _on_worker(expected: str, fn, /, *args, **kwargs) -> tuple:
    """On a Dask worker: its address, the worker as the organiser counts it, its fabgen
    version and ``fn``'s result, or None when its fabgen is not ``expected`` (the client
    refuses the batch; playing it would cost minutes for nothing). A worker that its
    nanny restarts comes back on another port, with the same nanny: it counted twice."""
    from distributed import get_worker

    version = _worker_fabgen()
    result = fn(*args, **kwargs) if version == expected else None
    worker = get_worker()
    return worker.address, worker.nanny or worker.address, version, result


def _worker_fabgen() -> str:
    """The fabgen of the worker that runs it (:func:`fabgen_build`): a worker without
    fabgen cannot even unpickle it, and says so."""
    return fabgen_build()


#: fabgen's packages whose code decides which games a seed plays.
GAME_CODE = ("board", "geometry", "rules", "play")


@cache
def fabgen_build() -> str:
    """This fabgen's version and a digest of its game code, "0.1.0 (game code
    1a2b3c4d)": a club member's older checkout has the same version number and played
    other games for the same seed, without a word. Line ends do not count (a Windows
    checkout writes CRLF)."""
    from pathlib import Path

    import fabgen

    return f"{fabgen.__version__} (game code {code_digest(Path(fabgen.__file__).parent)})"


def code_digest(root) -> str:
    """8 hex digits of the :data:`GAME_CODE` sources under the package folder ``root``."""
    import hashlib

    digest = hashlib.sha256()
    for package in GAME_CODE:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()[:8]


@contextmanager
def _quiet_client() -> Iterator[None]:
    """Keeps the Dask client's own log of a lost scheduler (a traceback of its attempts
    to reconnect) off the user's screen: the run's error says what happened."""
    import logging

    log = logging.getLogger("distributed.client")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        log.setLevel(level)


#: Seconds to reach a scheduler, and for its answer to a client's first message.
CONNECT_SECONDS = 10


def _check_answer(scheduler: str) -> None:
    """Refuses an address where something other than a Dask scheduler listens (its
    dashboard, a web server, SSH) before a client is started: Dask's client waits for
    the scheduler's answer to its first message without a time limit (a web server
    never answers: the run waited for ever), and reads whatever comes as a message
    (SSH's greeting asked for 3 EiB of memory: a traceback)."""
    import asyncio

    from distributed.comm import connect
    from distributed.comm.addressing import parse_address
    from distributed.comm.core import CommClosedError
    from distributed.security import Security

    if parse_address(scheduler)[0] == "inproc":  # a cluster in this very process
        return
    _check_listening(scheduler)

    async def handshake() -> None:
        args = Security().get_connection_args("client")
        comm = await connect(scheduler, timeout=CONNECT_SECONDS, **args)
        await comm.close()

    try:
        _run_apart(lambda: asyncio.run(asyncio.wait_for(handshake(), 2 * CONNECT_SECONDS)))
    except TimeoutError:  # connected, no answer
        raise _not_a_scheduler(scheduler, f"no answer in {2 * CONNECT_SECONDS} s") from None
    except CommClosedError:  # connected, hung up on the first message
        raise _not_a_scheduler(scheduler, "it hung up on Dask's first message") from None
    except OSError as exc:
        if isinstance(exc.__cause__, CommClosedError) or _hangs_up(scheduler):
            # hung up before Dask's connect had the connection in hand (a race a busy
            # machine loses): Dask tried again until its time limit, "Timed out trying to
            # connect", yet something listens; the last try's error is not always the
            # hang-up (CI, 2026-12-02), so the server is asked once more, plainly
            raise _not_a_scheduler(scheduler, "it hung up on Dask's first message") from None
        raise _unreachable(scheduler, exc) from None
    except Exception:  # an answer Dask cannot read: any error of its reader
        # (an HTTP proxy's "HTTP/1.1 400" read as a message's length: a MemoryError)
        raise _not_a_scheduler(scheduler, "it answered, not as Dask does") from None


def _run_apart(work):
    """``work()`` on a thread of its own, its exception raised here: asyncio.run refuses
    a thread whose event loop runs (a notebook's, a GUI's, Playwright's in the tests),
    and the handshake's coroutines were then never run, its refusal taken for an answer
    Dask cannot read."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1, thread_name_prefix="fabgen-handshake") as pool:
        return pool.submit(work).result()


def _check_listening(scheduler: str) -> None:
    """Refuses at once an address where nothing listens (the connection refused) or whose
    host has no address: Dask's connect tries again and again until its time limit (a
    scheduler may be starting up), so a mistyped port waited 10 s for "Timed out trying
    to connect". One plain TCP connection, closed at once, which a Dask scheduler does
    not log; a host that does not answer at all still gets the time limit."""
    import socket

    from distributed.comm.addressing import get_address_host_port

    host, port = get_address_host_port(scheduler)
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except TimeoutError:
        raise _unreachable(scheduler, f"no answer in {CONNECT_SECONDS} s") from None
    except ConnectionRefusedError:
        raise _unreachable(scheduler, f"nothing listens on port {port} there") from None
    except socket.gaierror as exc:
        raise _unreachable(scheduler, f"no address for {host}: {exc.strerror}") from None
    except OSError as exc:  # no route, ...
        raise _unreachable(scheduler, exc.strerror or str(exc)) from None


#: Characters of an address (or a word of Dask's about it) a message quotes whole: a
#: host name has at most 253, and a message is one paragraph however long the input.
SHOWN = 80


def _shown(text: str) -> str:
    """``text`` with every run of more than :data:`SHOWN` characters without a space
    (the address, and Dask's words that quote it) shortened to its start."""
    return re.sub(rf"\S{{{SHOWN + 1},}}", lambda m: abridged(m.group(0), SHOWN), text)


def _unreachable(scheduler: str, why: Exception | str) -> ParameterError:
    return ParameterError.about(
        "scheduler",
        f"{_shown(scheduler)} cannot be reached ({_shown(str(why))}): start a Dask "
        "scheduler with `dask scheduler` and give its address, e.g. tcp://10.0.0.5:8786",
    )


def _not_a_scheduler(scheduler: str, failed: str) -> ParameterError:
    """Something listens at ``scheduler`` and Dask's handshake ``failed``; the message
    names what answers there when it says who it is."""
    said = _first_line(scheduler)
    if said is None:
        what = failed
    elif said.startswith("HTTP/"):
        what = f'a web server or HTTP proxy answers there ("{said}"), not Dask'
    else:
        what = f'something else answers there ("{said}"), not Dask'
    return ParameterError.about(
        "scheduler",
        f"{_shown(scheduler)} is not a Dask scheduler: {what}, so no game was played. "
        '`dask scheduler` prints its address as "Scheduler at": check the host and the '
        "port (8786 unless told otherwise; 8787 is its dashboard, a web page), and that "
        "a proxy, tunnel or port forward on the way passes that port straight through",
    )


def _hangs_up(scheduler: str) -> bool:
    """Whether the server at ``scheduler`` closes a plain TCP connection without a word
    (within :data:`CONNECT_SECONDS`): it listens, but is no Dask scheduler."""
    import socket

    from distributed.comm.addressing import get_address_host_port

    try:
        host, port = get_address_host_port(scheduler)
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as conn:
            return conn.recv(1) == b""
    except (OSError, ValueError):  # (reset: a hang-up too, but said as Dask said it)
        return False


def _first_line(scheduler: str) -> str | None:
    """The first line a server at ``scheduler`` says when greeted as a web server, within
    :data:`CONNECT_SECONDS` (an SSH server says its name first), at most 60 characters
    and printable; None when it says nothing. Asked only after Dask's handshake failed: a
    Dask scheduler would log the web request as an error."""
    import socket

    from distributed.comm.addressing import get_address_host_port

    try:
        host, port = get_address_host_port(scheduler)
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as conn:
            conn.sendall(b"HEAD / HTTP/1.0\r\n\r\n")
            data = conn.recv(256)
    except (OSError, ValueError):
        return None
    line = data.split(b"\n", 1)[0].decode("ascii", "replace").strip()
    line = "".join(c if c.isprintable() and c != "\ufffd" else "?" for c in line)
    return (line[:60] + "..." if len(line) > 60 else line) or None


def _check_address(scheduler: str) -> None:
    """Refuses an address Dask cannot read before a client starts its event loop:
    read by Dask's own parser, which starts nothing (a client given a bad address
    fails only after its loop thread is up, and on a loaded machine that start-up
    itself can time out with an AssertionError instead of the address's error)."""
    from distributed.comm.addressing import get_address_host_port, parse_address

    protocol, where = parse_address(scheduler)
    if protocol == "inproc":  # a cluster in this very process: only one that listens
        from distributed.comm.inproc import global_manager

        if where in global_manager.listeners:
            return
        raise ParameterError.about(
            "scheduler",
            f"{abridged(scheduler, 60, quoted=True)} names no Dask cluster: an inproc:// "
            "address is a cluster inside this very program, which a command line never "
            "starts; give the scheduler's address as tcp://HOST:PORT, e.g. "
            "tcp://10.0.0.5:8786 (`dask scheduler` prints it)",
        )
    try:
        host, port = get_address_host_port(scheduler)
        problem = "" if host else "no host"
    except ValueError as exc:  # (Dask's word for an address it cannot read)
        problem = str(exc)
        if problem.startswith("invalid literal for int()"):  # Python's word, not Dask's
            problem = "the port, after the last colon, is not a number"
    else:
        problem = _host_port_problem(host, port)
    if problem:
        raise ParameterError.about(
            "scheduler",
            f"{abridged(scheduler, SHOWN, quoted=True)} is not an address of a Dask scheduler "
            f"({_shown(problem)}): give it as tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786 "
            "(`dask scheduler` prints it)",
        )


def _host_port_problem(host: str, port: int) -> str:
    """What is wrong with a host and port Dask has read, or "". A port over 65535 was
    "nothing listens on port 187860" (the system connected to it modulo 65536), and
    ``tcp//10.0.0.5:8786`` (a colon left out) asked the name service for the host
    "tcp//10.0.0.5"."""
    if not host:
        return "no host"
    if not 0 < port < 65536:
        return f"the port is {port}, and a port is 1 to 65535"
    if "/" in host:
        return f"the host {_shown(host)} has a slash, and a host name has none"
    if not _can_be_looked_up(host):
        return "a host name has at most 253 characters, 1 to 63 between two dots"
    return ""


def _can_be_looked_up(host: str) -> bool:
    """Whether ``host`` can be asked of the name service: a connection encodes it first
    (a part over 63 characters raised UnicodeError, reported as the scheduler's answer),
    and one of over 253 characters waited for the connection's time limit."""
    try:
        host.encode("idna")
    except UnicodeError:
        return False
    return len(host) <= 253


#: Seconds without a finished batch after which a cluster is asked for its workers.
WATCH_SECONDS = 5


def run_batches(
    ex: Executor,
    task: Callable,
    args: tuple,
    parts: Sequence[range],
    progress: Callable[[int], None] | None = None,
) -> list:
    """``task(*args, part)`` for every part, results in the order of ``parts``;
    ``progress(n)`` is told of each finished part's length."""
    if isinstance(ex, InlineExecutor):  # one part after the other, progress after each
        done = []
        for part in parts:
            done.append(task(*args, part))
            if progress is not None:
                progress(len(part))
        return done
    futures = {ex.submit(task, *args, part): k for k, part in enumerate(parts)}
    results: list = [None] * len(parts)
    while futures:
        finished, _ = wait(futures, timeout=WATCH_SECONDS, return_when=FIRST_COMPLETED)
        if not finished and isinstance(ex, ClusterExecutor):
            ex.check_workers()
        while finished:
            # A taken batch's future is let go at once: a Dask cluster keeps the result
            # of a future still held, and had the next worker play again those of a
            # worker that left (19 of 40 games played twice before any new one).
            future = finished.pop()
            k = futures.pop(future)
            results[k] = ex.result(future) if isinstance(ex, ClusterExecutor) else future.result()
            del future
            if progress is not None:
                progress(len(parts[k]))
    return results
