"""Child processes started with the signal dispositions their test relies on.

A test run started as a background job of a script (or by some schedulers) has SIGINT
ignored, and every child would inherit that. A test that stops a child with a signal
starts it through :func:`stop_signals`, so the child gets the dispositions the test means.
"""

from __future__ import annotations

import signal
from collections.abc import Callable

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def stop_signals(disposition: signal.Handlers = signal.SIG_DFL) -> Callable[[], None]:
    """A ``preexec_fn`` that sets SIGINT, SIGTERM and SIGHUP to ``disposition`` (SIG_DFL
    or SIG_IGN) in the child before it starts."""

    def preexec() -> None:
        for signum in STOP_SIGNALS:
            signal.signal(signum, disposition)

    return preexec
