"""A second process for the kit preview's slow part, so that ``fabgen serve`` uses two cores.

After a change the page asks twice at once: the quick answer (test tile, setup diagram)
and the rest (sheet nesting, cut order, sheets report, BOM). In one Python process the
two take turns; with the rest in a worker process the quick answer is not held up and
both are done in the time of the rest alone.

The worker is ``python -m fabgen.web.worker``: it reads one JSON request per line on
stdin and writes one JSON answer per line on stdout. It runs the same
:func:`fabgen.web.kitform.preview` as the server, so answers are the same. It stops
when its stdin closes, which the operating system does when the server ends in any way
(Ctrl+C, a kill, a crash), so no worker is left behind. Ctrl+C reaches it too (same
terminal), and it leaves that to the server, which closes it on SIGINT and SIGTERM.
"""

from __future__ import annotations

import contextlib
import json
import math
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO

from fabgen.errors import FabgenError

#: A worker that dies this many times in a row without answering is not started again
#: (say it cannot even load): the server answers every preview itself from then on.
GIVE_UP_AFTER = 3
#: Seconds a request works on after a newer one replaced it (most answers come within
#: it, and stopping the worker costs the next request its start, about half a second),
#: and how often a waiting request looks whether it was replaced.
STALE_GRACE = 1.0
POLL_SECONDS = 0.05
#: Pages whose newest preview request the worker remembers.
PAGES_KEPT = 64
#: What :func:`_read_line` gives for a request replaced while the worker worked on it.
STALE = b"stale"


class Superseded(FabgenError):
    """A request replaced by a newer one from the same page before it was answered:
    its answer is no longer wanted (the page has dropped it already)."""

    status = 409

    def __init__(self):
        super().__init__("a newer preview replaced this one before it was done")


class LineWorker:
    """A worker process that answers one JSON line per request line, started on first
    use and again after it died; one request at a time. :meth:`ask` gives None when
    the worker failed, died or (with a ``timeout``) took longer: it is then stopped
    and the caller answers in its own process."""

    def __init__(self, command: list[str]):
        self._command = command
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._deaths = 0  # in a row, without an answer
        self.closed = False  # by close(): no request is sent any more

    def ask(
        self,
        request: dict,
        timeout: float | None = None,
        stale: Callable[[], bool] | None = None,
        too_long: Exception | None = None,
    ) -> object:
        """The worker's answer to ``request``. ``too_long``: raised when no answer came in
        ``timeout`` seconds (instead of giving None). ``stale``: says when the answer is no
        longer wanted (a newer request replaced it); :class:`Superseded` is then raised,
        before the request is sent or, once the worker works on it, after
        :data:`STALE_GRACE` seconds (the worker is stopped and started again), so a
        slow request never holds up the one that replaced it."""
        line = json.dumps(request) + "\n"
        self._acquire(stale)
        try:
            if self.closed or self._deaths >= GIVE_UP_AFTER:
                return None
            try:
                process = self._running()
                _stdin(process).write(line.encode("utf-8"))
                _stdin(process).flush()
                answer = _read_line(process, timeout, stale)
            except OSError:
                answer = b""
            if answer is STALE:
                self._stop(kill=True)
                with contextlib.suppress(OSError):  # (closed meanwhile)
                    self._running()  # it loads while the newer request waits for the lock
                raise Superseded()
            if not answer:  # it died (killed, out of memory) or took too long
                if answer is not None:
                    self._deaths += 1
                self._stop(kill=answer is None)
                if answer is None and too_long is not None:
                    raise too_long
                return None
            self._deaths = 0
        finally:
            self._lock.release()
        return json.loads(answer)  # None where the worker met an error

    def _acquire(self, stale: Callable[[], bool] | None) -> None:
        """Wait for the worker; a request replaced meanwhile gives up its turn."""
        if stale is None:
            self._lock.acquire()
            return
        while not self._lock.acquire(timeout=POLL_SECONDS):
            if stale():
                raise Superseded()
        if stale():
            self._lock.release()
            raise Superseded()

    def start(self) -> None:
        """Start the worker now (it takes about half a second to load), so that the
        first request does not wait for it."""
        with self._lock:
            self._running()

    def close(self) -> None:
        """Stop the worker at once, busy or not: a request under way gets no answer (as
        if the worker had died) and later ones are not sent, so Ctrl+C stops the server
        without waiting for a long decision or preview (or for every request queued
        behind it, which took turns with close for the lock)."""
        self.closed = True
        process = self._process
        if process is not None and self._lock.locked():
            with contextlib.suppress(OSError):
                process.kill()
        with self._lock:
            self._stop()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def _running(self) -> subprocess.Popen[bytes]:
        if self.closed:
            raise OSError("the worker is closed")
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(
                self._command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
        return self._process

    def _stop(self, kill: bool = False) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if kill:  # busy with a request that took too long: its answer is not wanted
            process.kill()
        # Closing its input is the worker's signal to stop (if it is gone already, with
        # a request unread, there is nothing to flush).
        with contextlib.suppress(OSError):
            _stdin(process).close()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        _stdout(process).close()


def _stdin(process: subprocess.Popen[bytes]) -> IO[bytes]:
    assert process.stdin is not None  # started with stdin=PIPE (LineWorker._running)
    return process.stdin


def _stdout(process: subprocess.Popen[bytes]) -> IO[bytes]:
    assert process.stdout is not None  # started with stdout=PIPE (LineWorker._running)
    return process.stdout


def _read_line(
    process: subprocess.Popen[bytes],
    timeout: float | None,
    stale: Callable[[], bool] | None = None,
) -> bytes | None:
    """The worker's answer line; b"" when it died, None when none came in ``timeout``
    seconds (the answer is written in one piece, so a started line ends soon),
    :data:`STALE` when ``stale()`` said so after :data:`STALE_GRACE` seconds."""
    out = _stdout(process)
    if timeout is None and stale is None:
        return out.readline()
    start = time.monotonic()
    while True:
        waited = time.monotonic() - start
        if timeout is not None and waited >= timeout:
            return None
        if stale is not None and waited >= STALE_GRACE and stale():
            return STALE
        step = POLL_SECONDS if stale is not None else math.inf  # (then a timeout is given)
        if timeout is not None:
            step = min(step, timeout - waited)
        ready, _, _ = select.select([out], [], [], step)
        if ready:
            return out.readline()


class PreviewWorker(LineWorker):
    """The kit preview's worker process: :meth:`rest_preview` gives None when the
    worker failed or died (the caller then answers in its own process, where an error
    is handled as any other)."""

    def __init__(self, command: list[str] | None = None):
        super().__init__(command or [sys.executable, "-m", "fabgen.web.worker"])
        self._pages_lock = threading.Lock()
        self._pages: dict[str, int] = {}  # each page's newest request, oldest page first
        self._asked = 0

    def rest_preview(
        self, settings: object, board_state: object, page: str | None = None
    ) -> dict | None:
        """``page``: who asks (a page's id); a newer request of the same page replaces
        this one (:class:`Superseded`). A preview that takes longer than
        ``LIMITS.preview_seconds`` is stopped and refused (:class:`TooMuchWork`)."""
        from fabgen.web.limits import LIMITS, TooMuchWork

        stale = None
        if page is not None:
            with self._pages_lock:
                number = self._asked = self._asked + 1
                self._pages.pop(page, None)
                self._pages[page] = number
                while len(self._pages) > PAGES_KEPT:  # forget the pages not heard of longest
                    del self._pages[next(iter(self._pages))]

            def stale() -> bool:
                return self._pages.get(page) != number

        too_long = TooMuchWork(
            f"the preview took longer than {LIMITS.preview_seconds:g} s, too long for the "
            'browser: download the kit file and run "fabgen build kit.toml" on the '
            "command line"
        )
        request = {"settings": settings, "board_state": board_state}
        answer = self.ask(request, LIMITS.preview_seconds, stale, too_long)
        return answer if isinstance(answer, dict) else None


def serve_lines(answer) -> None:
    """A worker's loop: one JSON request per line on stdin, ``answer(request)`` as one
    JSON line on stdout (null when it fails: a bug, and the server then answers the
    request itself), until stdin closes or the server stops reading."""
    # Set, not inherited: Ctrl+C is the server's to handle, a kill ends the worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        try:
            result = answer(json.loads(line))
        except Exception:  # a bug: the server answers this one itself, and says so
            result = None
        try:
            out.write(json.dumps(result).encode("utf-8") + b"\n")
            out.flush()
        except BrokenPipeError:
            return


def main() -> None:
    from fabgen.web.kitform import preview

    serve_lines(lambda request: preview(request["settings"], request["board_state"], rest=True))


if __name__ == "__main__":
    main()
