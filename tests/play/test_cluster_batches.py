"""A cluster run's games are cut into batches for the cluster, not for this machine's
cores: 300 games on 2 cores were 16 batches, and a club's 40 threads left 24 idle."""

import pytest

from fabgen.play import balance
from fabgen.play.parallel import CLUSTER_JOBS, batches

distributed = pytest.importorskip("distributed")


def _cut(cli, tmp_path, monkeypatch, *args) -> list[tuple[int, int]]:
    """The (games, jobs) the run's batches were cut for."""
    asked: list[tuple[int, int]] = []

    def recorded(games: int, jobs: int) -> list[range]:
        asked.append((games, jobs))
        return batches(games, jobs)

    monkeypatch.setattr(balance, "batches", recorded)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        result = cli(
            "balance", "--out", tmp_path, "--preset", "3p-triangle-4", "--players", "random",
            "--games", "20", "--scheduler", cluster.scheduler_address, *args,
        )  # fmt: skip
    assert result.exit_code == 0, result.output
    return asked


def test_a_cluster_run_cuts_its_games_for_many_workers(cli, tmp_path, monkeypatch):
    assert _cut(cli, tmp_path, monkeypatch) == [(20, CLUSTER_JOBS)]
    assert len(batches(300, CLUSTER_JOBS)) == 300  # every thread of a club gets games


def test_jobs_given_with_a_cluster_cuts_the_batches(cli, tmp_path, monkeypatch):
    assert _cut(cli, tmp_path, monkeypatch, "--jobs", "3") == [(20, 3)]


def _slow_part(part: range) -> list[int]:
    import time

    time.sleep(0.05)
    return list(part)


def test_a_batch_whose_games_the_run_has_is_let_go_on_the_cluster():
    """The run held every batch's result on the cluster to its end: a worker stopped
    half way took them along, and the scheduler had the next worker play them all again
    (19 of 40 strong games, played twice, before any new one)."""
    import time

    from fabgen.play.parallel import executor, run_batches

    parts = batches(8, 1)
    kept: list[int] = []
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        held = cluster.scheduler.tasks

        def count_kept(_games: int) -> None:
            # those not yet taken, and maybe the one just taken (let go a moment later)
            most = len(parts) - len(kept)
            until = time.monotonic() + 10
            while len(held) > most and time.monotonic() < until:
                time.sleep(0.01)
            kept.append(len(held))

        with executor(scheduler=cluster.scheduler_address) as ex:
            assert run_batches(ex, _slow_part, (), parts, count_kept) == [list(p) for p in parts]
    assert all(n <= len(parts) - k for k, n in enumerate(kept)), kept
