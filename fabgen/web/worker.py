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
import select
import signal
import subprocess
import sys
import threading

#: A worker that dies this many times in a row without answering is not started again
#: (say it cannot even load): the server answers every preview itself from then on.
GIVE_UP_AFTER = 3


class LineWorker:
    """A worker process that answers one JSON line per request line, started on first
    use and again after it died; one request at a time. :meth:`ask` gives None when
    the worker failed, died or (with a ``timeout``) took longer: it is then stopped
    and the caller answers in its own process."""

    def __init__(self, command: list[str]):
        self._command = command
        self._lock = threading.Lock()
        self._process: subprocess.Popen | None = None
        self._deaths = 0  # in a row, without an answer

    def ask(self, request: dict, timeout: float | None = None) -> object:
        line = json.dumps(request) + "\n"
        with self._lock:
            if self._deaths >= GIVE_UP_AFTER:
                return None
            try:
                process = self._running()
                process.stdin.write(line.encode("utf-8"))
                process.stdin.flush()
                answer = _read_line(process, timeout)
            except OSError:
                answer = b""
            if not answer:  # it died (killed, out of memory) or took too long
                if answer is not None:
                    self._deaths += 1
                self._stop(kill=answer is None)
                return None
            self._deaths = 0
        return json.loads(answer)  # None where the worker met an error

    def start(self) -> None:
        """Start the worker now (it takes about half a second to load), so that the
        first request does not wait for it."""
        with self._lock:
            self._running()

    def close(self) -> None:
        with self._lock:
            self._stop()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def _running(self) -> subprocess.Popen:
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
            process.stdin.close()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def _read_line(process: subprocess.Popen, timeout: float | None) -> bytes | None:
    """The worker's answer line; b"" when it died, None when none came in ``timeout``
    seconds (the answer is written in one piece, so a started line ends soon)."""
    if timeout is not None:
        ready, _, _ = select.select([process.stdout], [], [], timeout)
        if not ready:
            return None
    return process.stdout.readline()


class PreviewWorker(LineWorker):
    """The kit preview's worker process: :meth:`rest_preview` gives None when the
    worker failed or died (the caller then answers in its own process, where an error
    is handled as any other)."""

    def __init__(self, command: list[str] | None = None):
        super().__init__(command or [sys.executable, "-m", "fabgen.web.worker"])

    def rest_preview(self, settings: object, board_state: object) -> dict | None:
        answer = self.ask({"settings": settings, "board_state": board_state})
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
