"""Child processes started with the signal dispositions their test relies on.

A test run started as a background job of a script (or by some schedulers) has SIGINT
ignored, and every child would inherit that. A test that stops a child with a signal
starts it through :func:`with_signals`, so the child gets the dispositions the test means.
"""

from __future__ import annotations

import signal
import sys

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

# Sets the dispositions, then becomes the command (same process id): SIG_DFL and SIG_IGN
# survive exec. A preexec_fn would run Python in the test's forked process before the
# exec, which can hang on a lock another thread held at the fork (Dask's threads stay
# in a test process after its cluster tests); nothing runs between fork and exec here.
_LAUNCH = (
    "import os, signal, sys\n"
    "for signum in map(int, sys.argv[1].split(',')):\n"
    "    signal.signal(signum, signal.Handlers(int(sys.argv[2])))\n"
    "os.execv(sys.argv[3], sys.argv[3:])\n"
)


def with_signals(command: list[str], disposition: signal.Handlers = signal.SIG_DFL) -> list[str]:
    """``command`` (its first item a path, as ``sys.executable``) started with SIGINT,
    SIGTERM and SIGHUP at ``disposition`` (SIG_DFL or SIG_IGN)."""
    signums = ",".join(str(int(s)) for s in STOP_SIGNALS)
    launch = [sys.executable, "-S", "-c", _LAUNCH, signums, str(int(disposition))]
    return [*launch, *map(str, command)]
