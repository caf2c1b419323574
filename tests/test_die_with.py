"""fabgen.signals.die_with: the child processes of a search or a balance run leave Ctrl+C
to their parent, end on a kill, and keep ignoring what a nohup run ignores."""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest

from fabgen.signals import die_with

NAMES = {signal.SIG_IGN: "ignored", signal.SIG_DFL: "default"}


def _report(parent: int, send) -> None:
    die_with(parent)
    send.send({int(s): NAMES.get(signal.getsignal(s), "other") for s in (2, 15, 1)})


def _child_dispositions(inherited) -> dict[int, str]:
    previous = {s: signal.signal(s, inherited) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)
        child = multiprocessing.get_context("fork").Process(
            target=_report, args=(os.getpid(), send)
        )
        child.start()
        got = receive.recv()
        child.join(timeout=60)
        return got
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise(signum, frame):  # a parent's own handler, such as a writer's clean-up
    raise SystemExit(1)


@pytest.mark.parametrize(
    "inherited, expected",
    [
        (signal.SIG_IGN, "ignored"),  # nohup: a closed terminal must not end the child
        (signal.SIG_DFL, "default"),
        (_raise, "default"),  # the parent's clean-up is not the child's
    ],
    ids=["nohup", "default", "parent-handler"],
)
def test_a_child_keeps_what_a_nohup_run_ignores_and_leaves_ctrl_c_to_its_parent(
    inherited, expected
):
    got = _child_dispositions(inherited)
    assert got[int(signal.SIGINT)] == "ignored"
    assert got[int(signal.SIGTERM)] == expected
    assert got[int(signal.SIGHUP)] == expected
