"""The fuzz harness's own time limits: CPU time for a loop, the wall clock for a block."""

from __future__ import annotations

import time

import click
import pytest

from tests.fuzz import harness


@click.command()
@click.argument("how")
def _stand_in(how: str) -> None:
    """Loops on the CPU, sleeps, or ends at once."""
    if how == "spin":
        while True:
            pass
    if how == "sleep":
        time.sleep(30)
        _slept.append(how)


_slept: list[str] = []


@pytest.fixture
def stand_in(monkeypatch):
    monkeypatch.setattr("fabgen.cli.main", _stand_in)
    monkeypatch.setattr(harness, "TIME_LIMIT", 1)


def test_an_endless_loop_is_stopped_by_its_cpu_time(stand_in):
    with pytest.raises(AssertionError, match="CPU time"):
        harness.run_cli(["spin"])


def test_a_blocked_case_is_stopped_by_the_wall_clock(stand_in, monkeypatch):
    monkeypatch.setattr(harness, "WALL_LIMIT", 1)
    with pytest.raises(AssertionError, match="took more than"):
        harness.run_cli(["sleep"])
    assert not _slept  # stopped, not slept out


def test_a_case_that_ends_is_judged_by_its_outcome(stand_in):
    assert harness.run_cli(["done"]).exit_code == 0
