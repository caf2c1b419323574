"""What the organiser of a cluster run is told about its helpers: the run's last line
says how many workers on how many machines played its games."""

import pytest

from fabgen.play.parallel import helpers

distributed = pytest.importorskip("distributed")


def test_workers_are_counted_by_process_and_by_machine():
    anna, ben = "tcp://10.0.0.5", "tcp://[fe80::7]"
    assert helpers({f"{anna}:40001", f"{anna}:40002", f"{ben}:40001"}) == (
        "3 workers on 2 machines"
    )
    assert helpers({f"{ben}:40001"}) == "1 worker on 1 machine"


def test_the_last_line_of_a_cluster_run_names_the_workers_that_played(cli, tmp_path):
    """(It said only "on the cluster at ADDRESS": a run of hours did not tell whether
    one laptop played or all of them.)"""
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        result = cli(
            "balance", "--out", tmp_path, "--preset", "3p-triangle-4", "--players", "random",
            "--games", "12", "--scheduler", address,
        )  # fmt: skip
    assert result.exit_code == 0, result.output
    last = result.stderr.strip().splitlines()[-1]
    assert f"on the cluster at {address} (1 worker on 1 machine): " in last, last


def test_a_worker_restarted_by_its_nanny_counts_once():
    """A killed worker that its nanny (`dask worker` starts one) brings back comes on
    another port: it counted as a second worker, and a run on one laptop said "2
    workers". (Played here by two workers in this process, one after the other, that
    name the same nanny, as a restarted worker does: a real nanny's restart takes
    seconds.)"""
    from distributed import Worker
    from distributed.utils import sync

    from fabgen.play.parallel import batches, executor, played_by

    nanny = "tcp://127.0.0.1:40999"
    played_by.clear()
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:

        def start() -> Worker:
            async def started() -> Worker:
                return await Worker(cluster.scheduler_address, nthreads=1, nanny=nanny)

            return sync(cluster.loop, started)

        first = start()
        with executor(scheduler=cluster.scheduler_address) as ex:
            assert ex.result(ex.submit(batches, 4, 1)) == batches(4, 1)
            sync(cluster.loop, first.close, nanny=False)
            again = start()
            assert ex.result(ex.submit(batches, 6, 1)) == batches(6, 1)
        sync(cluster.loop, again.close, nanny=False)
    assert first.address != again.address
    assert helpers(played_by) == "1 worker on 1 machine"
