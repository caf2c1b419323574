"""The web app as tests that send requests without a browser make it: no preview worker
and no thinker process, games kept in a folder of the test's own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def quiet_app(games_dir: Path) -> Iterator:
    from fabgen.web import create_app

    app = create_app(games_dir=games_dir, think_worker=False)
    app.config["TESTING"] = True
    try:
        yield app
    finally:
        app.extensions["fabgen_play"].close()
