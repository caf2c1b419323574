"""Shared test set-up: deterministic hypothesis runs, a CLI runner and one browser."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

# Derandomised so CI runs are repeatable; no deadline because CI machines vary.
settings.register_profile("fabgen", deadline=None, derandomize=True, max_examples=60)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fabgen"))

#: Debian's chromium, which the browser tests drive (Playwright never downloads one).
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture
def cli():
    """Run ``fabgen ARGS...`` in-process; returns the click Result."""
    from fabgen.cli import main

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture(scope="session")
def browser():
    """One chromium for every browser test of the run (tests/web, tests/docs): Playwright's
    sync API refuses a second one while the first runs, which a run in parallel
    processes (make test) would meet wherever a worker takes files of both folders."""
    if not CHROMIUM.exists():
        pytest.skip(
            "browser tests need Debian's chromium at /usr/bin/chromium "
            "(apt-get install chromium; .ci/run installs it)"
        )
    sync_api = pytest.importorskip("playwright.sync_api")  # the test extra installs it
    with sync_api.sync_playwright() as p:
        # --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield browser
        browser.close()
