"""Signals handled the same way whatever the parent process left behind.

A program started as a background job of a script, or by some schedulers, inherits SIGINT
ignored, and Python then installs no KeyboardInterrupt handler: Ctrl+C or ``kill -INT``
would do nothing. Where fabgen must clean up when it is stopped (the transaction writer,
``fabgen serve``), it installs its own handlers for that time with
:func:`stop_signals_raise` and puts the previous ones back afterwards.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import ModuleType

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Terminated(SystemExit):
    """SIGTERM or SIGHUP: unwind through ``finally`` blocks, then exit 128 + signal."""


def _raise_terminated(signum: int, _frame: object) -> None:
    raise Terminated(128 + signum)


@contextlib.contextmanager
def stop_signals_raise() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt, SIGTERM and SIGHUP raise :class:`Terminated`,
    inherited dispositions (SIG_IGN included) notwithstanding; the previous handlers are
    back afterwards. Outside the main thread, where Python sets no handler, nothing
    changes."""
    handlers = {
        signal.SIGINT: signal.default_int_handler,
        signal.SIGTERM: _raise_terminated,
        signal.SIGHUP: _raise_terminated,
    }
    try:
        old = {signum: signal.signal(signum, handler) for signum, handler in handlers.items()}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for signum, previous in old.items():
            if previous is not None:  # None: set outside Python, cannot be put back
                signal.signal(signum, previous)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for a short section that must not be cut
    short (they are delivered when it ends). Blocked, and Python's handlers put off as
    well: once numpy is loaded, OpenBLAS's thread takes a signal that the main thread
    blocks, and Python then runs the handler in the main thread all the same."""
    with _handlers_put_off():
        try:
            old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        except (ValueError, OSError):
            yield
            return
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextlib.contextmanager
def _handlers_put_off() -> Iterator[None]:
    """Python's handlers of the stop signals only noted while the section runs, then met
    by each signal that came (those ignored or set outside Python are left alone)."""
    caught: list[int] = []
    try:
        old = {
            signum: signal.signal(signum, lambda signum, _frame: caught.append(signum))
            for signum in STOP_SIGNALS
            if signal.getsignal(signum) not in (None, signal.SIG_IGN)
        }
    except ValueError:  # not the main thread, where Python runs no handler
        yield
        return
    try:
        yield
    finally:
        for signum, previous in old.items():
            signal.signal(signum, previous)
        for number in dict.fromkeys(caught):
            signal.raise_signal(number)


def import_whole(name: str) -> ModuleType:
    """Import ``name`` with the stop signals held until it is done. OCP, CadQuery's
    binary core, turns Ctrl+C during its initialisation into ``ImportError:
    initialization failed``, and its VTK modules swallow it with a bare ``except``, so a
    command stopped while CadQuery loaded ended in a traceback and exit 1; held, the
    signal comes after the import and stops the command as anywhere else ("Stopped
    (Ctrl+C).", 130)."""
    import importlib

    with signals_held():
        return importlib.import_module(name)


def die_with(parent: int) -> None:
    """For a child process: be killed when ``parent`` dies (Linux's PR_SET_PDEATHSIG),
    so that a parent killed without clean-up (SIGKILL, the OOM killer, the play page's
    thinker cut short) does not leave it computing for nobody; exit at once if the
    parent is gone already.

    Signals: Ctrl+C is the parent's to handle (it stops the child), so SIGINT is
    ignored; SIGTERM and SIGHUP end the child quietly, without the parent's handlers (a
    writer's clean-up is the parent's alone), unless the process was started to ignore
    them (``nohup``: a closed terminal sends SIGHUP to the whole process group, and a
    child that died of it would break a run meant to go on). A parent stops such a
    child with SIGKILL."""
    import ctypes
    import os

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it died before that took hold
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)
