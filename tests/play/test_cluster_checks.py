"""``--scheduler`` refuses, in one paragraph and at once, what would make a run wait
for ever or play other games: an address where something else listens, a cluster with
no worker, workers without this fabgen."""

import socket
import sys
import threading

import pytest

from fabgen.errors import ParameterError
from fabgen.play import parallel
from fabgen.play.parallel import batches, executor, run_batches

distributed = pytest.importorskip("distributed")


def _games(part: range) -> list[int]:
    return list(part)


def _outcome(scheduler: str, seconds: float = 60) -> object:
    """What a small run on ``scheduler`` gives (its results or its exception), or
    "still waiting" after ``seconds``."""
    outcome: list = ["still waiting"]

    def run() -> None:
        try:
            with executor(scheduler=scheduler) as ex:
                outcome[0] = run_batches(ex, _games, (), batches(4, 1))
        except Exception as exc:
            outcome[0] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    return outcome[0]


def _listener(greeting: bytes | None) -> tuple[socket.socket, str]:
    """A TCP server that is no Dask scheduler: it says ``greeting`` to every client and
    then nothing more, or hangs up at once when it is None."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    kept: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:  # closed by the test
                return
            if greeting is None:
                conn.close()
            else:
                conn.sendall(greeting)
                kept.append(conn)

    threading.Thread(target=serve, daemon=True).start()
    return server, f"tcp://127.0.0.1:{server.getsockname()[1]}"


def _refusal(greeting: bytes | None) -> tuple[str, str]:
    """The address of a :func:`_listener` saying ``greeting`` and the words of the
    ParameterError a small run there ends with."""
    server, address = _listener(greeting)
    try:
        outcome = _outcome(address)
    finally:
        server.close()
    assert isinstance(outcome, ParameterError), outcome
    return address, str(outcome)


PROXY = b"HTTP/1.1 400 Bad Request\r\nServer: squid\r\nContent-Length: 0\r\n\r\n"


@pytest.mark.parametrize(
    ("greeting", "says"),
    [
        (b"", "no answer in 4 s"),
        (b"SSH-2.0-OpenSSH_9.6\r\n", 'something else answers there ("SSH-2.0-OpenSSH_9.6")'),
        (None, "it hung up on Dask's first message"),
        (PROXY, 'a web server or HTTP proxy answers there ("HTTP/1.1 400 Bad Request")'),
    ],
    ids=["silent like a web server", "an SSH greeting", "hangs up", "an HTTP proxy"],
)
def test_an_address_where_no_dask_scheduler_listens_is_refused(monkeypatch, greeting, says):
    """(An HTTP proxy's answer, read by Dask as a message's length, was "an answer Dask
    cannot read: MemoryError".) Only the silent listener waits for the time limit, so
    only it gets a shorter one: 2 s, room for Dask's own connect on a busy machine."""
    if greeting == b"":
        monkeypatch.setattr(parallel, "CONNECT_SECONDS", 2, raising=False)
    address, message = _refusal(greeting)
    assert f"{address} is not a Dask scheduler: {says}" in message
    assert "so no game was played" in message and "8787 is its dashboard" in message
    assert "Error" not in message and "\n" not in message


def test_the_check_works_where_an_event_loop_runs():
    """From a thread whose event loop runs (a notebook's, or Playwright's in this very
    test run) asyncio.run refused to start the handshake, and the refusal was taken for
    an answer Dask cannot read."""
    import asyncio

    server, address = _listener(None)  # (told apart by the handshake alone)

    async def inside_a_loop() -> str:
        with pytest.raises(ParameterError) as refused:
            parallel._check_answer(address)
        return str(refused.value)

    from concurrent.futures import ThreadPoolExecutor

    try:  # (a thread of the test's own: this one may run Playwright's loop already)
        with ThreadPoolExecutor(1) as pool:
            message = pool.submit(asyncio.run, inside_a_loop()).result()
    finally:
        server.close()
    assert "it hung up on Dask's first message" in message


def test_a_hang_up_that_wins_the_race_with_dasks_connect_is_still_a_hang_up(monkeypatch):
    """On a busy machine the listener's hang-up could reach Dask's connect before it had
    the connection in hand: Dask tried again until its time limit and the address was
    said to be "cannot be reached (Timed out trying to connect)" though something listens
    there (CI saw it once). Dask's connect is made to lose that race here."""
    import distributed.comm
    from distributed.comm.core import CommClosedError

    async def loses_the_race(address, **_):
        raise OSError(f"Timed out trying to connect to {address} after 1 s") from (
            CommClosedError("in <TCPConnector>: ConnectionResetError")
        )

    monkeypatch.setattr(distributed.comm, "connect", loses_the_race)
    server, address = _listener(None)
    try:
        with pytest.raises(ParameterError) as refused:
            parallel._check_answer(address)
    finally:
        server.close()
    assert f"{address} is not a Dask scheduler: it hung up on Dask's first message" in str(
        refused.value
    )
    assert "cannot be reached" not in str(refused.value)


def test_balance_on_an_http_proxy_is_one_paragraph_and_exit_2(cli, tmp_path):
    server, address = _listener(PROXY)
    out = tmp_path / "out"
    try:
        result = cli("balance", "--preset", "2p-diamond-4", "--games", "2", "--scheduler",
                     address, "--out", out)  # fmt: skip
    finally:
        server.close()
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"Error: --scheduler {address} is not a Dask scheduler: ")
    assert result.stderr.count("\n") == 1 and "MemoryError" not in result.stderr
    assert "proxy, tunnel or port forward" in result.stderr
    assert result.stdout == "" and not out.exists()


def test_a_cluster_without_workers_is_refused(monkeypatch):
    """(Saying first what the run waits for: an organiser who starts the workers after
    the run saw its progress at 0 % for 30 s, and nothing else.)"""
    told: list[str] = []
    waited: list[float] = []
    monkeypatch.setattr(parallel, "WORKER_SECONDS", 1, raising=False)
    monkeypatch.setattr(parallel, "notice", told.append, raising=False)
    monkeypatch.setattr(parallel, "waited", waited.append, raising=False)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        outcome = _outcome(address)
    assert isinstance(outcome, ParameterError), outcome
    # the wait is told, to be left out of the progress's estimate of the time left
    assert len(waited) == 1 and waited[0] > 0, waited
    assert "has no worker (none came in 1 s)" in str(outcome)
    assert "dask worker" in str(outcome)
    assert told == [
        f"waiting for a worker: {address} has no worker yet; start one with `dask worker "
        f"{address}` (the run stops after 1 s without one)"
    ]


def test_a_cluster_with_a_worker_is_not_said_to_wait(monkeypatch):
    told: list = []
    monkeypatch.setattr(parallel, "notice", told.append, raising=False)
    monkeypatch.setattr(parallel, "waited", told.append, raising=False)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        assert _outcome(cluster.scheduler_address) == [[0], [1], [2], [3]]
    assert told == []


def _old_fabgen() -> str:
    return "0.0.9"


def _no_fabgen() -> str:
    raise ModuleNotFoundError("No module named 'fabgen'")


@pytest.mark.parametrize(
    "worker, says",
    [(_old_fabgen, "with fabgen 0.0.9"), (_no_fabgen, "No module named 'fabgen'")],
)
def test_workers_without_this_fabgen_are_refused(monkeypatch, worker, says):
    """(The in-process worker runs what the test puts in place of its fabgen check.)"""
    monkeypatch.setattr(parallel, "_worker_fabgen", worker, raising=False)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        outcome = _outcome(cluster.scheduler_address)
    assert isinstance(outcome, ParameterError), outcome
    assert says in str(outcome) and "install fabgen" in str(outcome)


def test_an_unreachable_long_address_is_quoted_briefly():
    """(A host name of up to 253 characters passes the address check and is tried.)"""
    address = f"tcp://{'h' * 60}.{'h' * 60}.{'h' * 60}:8786"
    exc = OSError(f"Timed out trying to connect to {address} after 10 s")
    message = str(parallel._unreachable(address, exc))
    assert address not in message
    assert message.count(f"tcp://hhhhhh... ({len(address)} characters)") == 2, message


def _slow_games(part: range) -> list[int]:
    import time

    time.sleep(0.05)
    return list(part)


def test_a_cluster_that_loses_all_its_workers_during_the_run_is_one_clear_error(monkeypatch, capfd):
    """Every worker killed mid-run: the scheduler keeps the batches for workers to come,
    and the run waited for them for ever."""
    from distributed.utils import sync

    told: list[str] = []
    monkeypatch.setattr(parallel, "WORKER_SECONDS", 1)
    monkeypatch.setattr(parallel, "WATCH_SECONDS", 0.2)
    monkeypatch.setattr(parallel, "notice", told.append)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:

        def stop_the_workers(_games: int) -> None:
            for worker in list(cluster.workers.values()):
                sync(cluster.loop, worker.close)

        outcome: list = ["still waiting"]

        def run() -> None:
            try:
                with executor(scheduler=cluster.scheduler_address) as ex:
                    outcome[0] = run_batches(ex, _slow_games, (), batches(40, 4), stop_the_workers)
            except Exception as exc:
                outcome[0] = exc

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(60)
    assert isinstance(outcome[0], ParameterError), outcome[0]
    assert "has lost all its workers during the run (none for 1 s)" in str(outcome[0])
    assert "dask worker" in str(outcome[0])
    assert told and told[-1].startswith("waiting for a worker: ")
    assert " has lost all its workers; start one with `dask worker " in told[-1]
    assert "Traceback" not in capfd.readouterr().err


def _batch_given_up(part: range) -> list[int]:
    """What the client hears of a batch whose workers died again and again (Dask gives
    it up after its allowed failures)."""
    from types import SimpleNamespace

    worker = SimpleNamespace(address="tcp://10.0.0.6:40000")  # (only its address is read)
    raise distributed.KilledWorker(f"play_batch-{part.start}", worker, 3)


def test_a_batch_given_up_after_its_workers_died_is_one_clear_error(capfd):
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        pytest.raises(ParameterError) as caught,
        executor(scheduler=cluster.scheduler_address) as ex,
    ):
        run_batches(ex, _batch_given_up, (), batches(4, 1))
    message = str(caught.value)
    assert "died again and again" in message and "--memory-limit" in message
    assert "nothing was written" in message
    assert "Traceback" not in capfd.readouterr().err


#: Whether the late worker of :func:`_late_joiner_run` has joined (module-level: a
#: worker's check is pickled by reference, and a closure's would take the cluster along).
_JOINED: list[bool] = []


def _late_joiner_run(monkeypatch, version) -> tuple[object, str]:
    """A run on a cluster whose one worker, after the first batch, is replaced by a new
    one; ``version`` stands in for the workers' fabgen check (they run in this process)
    and reads :data:`_JOINED`. The run's outcome and the new worker's address."""
    from distributed import Worker
    from distributed.utils import sync

    monkeypatch.setattr(parallel, "WATCH_SECONDS", 0.2)
    monkeypatch.setattr(parallel, "_worker_fabgen", version)
    monkeypatch.setattr(sys.modules[__name__], "_JOINED", [])
    late: list = []
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        first = next(iter(cluster.workers.values()))

        async def start_late() -> Worker:
            return await Worker(cluster.scheduler_address, nthreads=1, name="late")

        def replace_the_worker(_games: int) -> None:
            if not late:
                sync(cluster.loop, first.close)
                late.append(sync(cluster.loop, start_late))
                _JOINED.append(True)

        outcome: list = ["still waiting"]

        def run() -> None:
            try:
                with executor(scheduler=cluster.scheduler_address) as ex:
                    parts = batches(40, 4)
                    outcome[0] = run_batches(ex, _slow_games, (), parts, replace_the_worker)
            except Exception as exc:
                outcome[0] = exc

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(60)
        address = late[0].address if late else "no worker joined"
        for worker in late:
            sync(cluster.loop, worker.close)
    return outcome[0], address


def _this_fabgen() -> str:
    return parallel.fabgen_build()


def _old_after_joining() -> str:
    return "0.0.9" if _JOINED else _this_fabgen()


def _none_after_joining() -> str:
    return _no_fabgen() if _JOINED else _this_fabgen()


@pytest.mark.parametrize(
    "version, says",
    [(_old_after_joining, "with fabgen 0.0.9"), (_none_after_joining, "with no fabgen (No module")],
)
def test_a_worker_with_another_fabgen_joining_during_the_run_stops_it(
    monkeypatch, capfd, version, says
):
    """The check at the start asks the workers there; a worker that joins later (another
    machine's `dask worker`, a nanny's restart after an upgrade) played its batches with
    its own fabgen, whose games differ for the same seed."""
    outcome, late = _late_joiner_run(monkeypatch, version)
    assert isinstance(outcome, ParameterError), outcome
    message = str(outcome)
    assert f"has a worker at {late} {says}" in message, message
    assert "joined after the check at the start" in message
    assert "nothing was written" in message and "install fabgen" in message
    assert "Traceback" not in capfd.readouterr().err


def test_a_worker_with_this_fabgen_joining_during_the_run_plays_its_part(monkeypatch):
    outcome, _ = _late_joiner_run(monkeypatch, _this_fabgen)
    assert outcome == [list(part) for part in batches(40, 4)]


@pytest.mark.parametrize(("greeting", "hangs_up"), [(None, True), (b"", False)])
def test_dask_timing_out_on_a_server_that_hangs_up_is_still_said_so(
    monkeypatch, greeting, hangs_up
):
    """On a loaded machine Dask's connect to a server that hangs up at once may end in
    its own time limit ("Timed out trying to connect"), not with the hang-up as its
    cause (CI, 2026-12-02): the server is asked plainly whether it hangs up. One that
    keeps the line open and says nothing is said to be unreachable, as before."""
    import distributed.comm

    async def timed_out(address, **_kwargs):
        raise OSError(f"Timed out trying to connect to {address} after 10 s")

    monkeypatch.setattr(distributed.comm, "connect", timed_out)
    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 1, raising=False)
    address, message = _refusal(greeting)
    if hangs_up:
        assert f"{address} is not a Dask scheduler: it hung up on Dask's first message" in message
    else:
        assert f"{address} cannot be reached (Timed out trying to connect" in message
