"""Shared test set-up: deterministic hypothesis runs and a CLI runner."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner
from hypothesis import settings

# Derandomised so CI runs are repeatable; no deadline because CI machines vary.
settings.register_profile("fabgen", deadline=None, derandomize=True, max_examples=60)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fabgen"))


@pytest.fixture
def cli():
    """Run ``fabgen ARGS...`` in-process; returns the click Result."""
    from fabgen.cli import main

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run
