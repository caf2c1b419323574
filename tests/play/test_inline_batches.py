"""``--jobs 1`` runs batches in the calling process: progress after every batch, and
Ctrl-C stops the whole run (it once stopped only the batch it fell into)."""

import pytest

from fabgen.play.parallel import InlineExecutor, batches, run_batches


def test_inline_batches_report_progress_in_order():
    parts = batches(100, 1)
    seen: list[int] = []
    done: list[int] = []

    def task(offset, part):
        done.append(part.start)
        assert sum(seen) == part.start  # progress of earlier batches came before this one
        return [offset + g for g in part]

    results = run_batches(InlineExecutor(), task, (1000,), parts, seen.append)
    assert [g for r in results for g in r] == [1000 + g for g in range(100)]
    assert seen == [len(p) for p in parts] and len(parts) > 1


def test_ctrl_c_stops_the_run_not_one_batch():
    parts = batches(100, 1)
    ran: list[int] = []

    def task(part):
        ran.append(part.start)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batches(InlineExecutor(), task, (), parts)
    assert ran == [0]


def test_errors_still_reach_the_caller():
    def task(part):
        raise ValueError("bad batch")

    future = InlineExecutor().submit(task, range(3))
    assert isinstance(future.exception(), ValueError)
