"""Fixtures for the browser front end: Flask's test client, a live server on a free
localhost port, and Debian's chromium driven by Playwright."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

import pytest


def ends_within(pid: int, seconds: float) -> bool:
    """Whether process ``pid`` has ended (or is a zombie, ended but not yet waited for)
    within ``seconds``."""

    def running() -> bool:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except FileNotFoundError:
            return False
        return stat.rsplit(")", 1)[1].split()[0] != "Z"

    deadline = time.monotonic() + seconds
    while running():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def settings_from_form(form: dict) -> dict:
    """The settings the configurator sends before any change: every default."""
    return {
        s["name"]: {c["name"].split(".", 1)[1]: c["default"] for c in s["controls"]}
        for s in form["sections"]
    }


@pytest.fixture(scope="session")
def app():
    """The app as ``fabgen serve`` makes it: with its preview worker process."""
    from fabgen.web import create_app

    app = create_app(preview_worker=True)
    app.config["TESTING"] = True
    yield app
    app.extensions["fabgen_worker"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def games_dir(tmp_path):
    """A games folder of the test's own (the play page's tests override ``client`` with
    an app that keeps its games there)."""
    return tmp_path / "games"


#: The id :func:`fixed_game_id` gives every new play-page game.
FIXED_GAME_ID = "0000000000000001"


@pytest.fixture
def fixed_game_id(monkeypatch):
    """New games get :data:`FIXED_GAME_ID`: the computers' choices (and hints) follow
    from a game's id, so a whole game is the same every run. With random ids about one
    game in a hundred never ends (single stones shuffled to and fro)."""
    monkeypatch.setattr("fabgen.web.games.secrets.token_hex", lambda _n=8: FIXED_GAME_ID)
    return FIXED_GAME_ID


@pytest.fixture(scope="session")
def default_settings(app):
    return settings_from_form(app.test_client().get("/api/kit/form").get_json())


@contextlib.contextmanager
def serving(app):
    """``app`` served on a free localhost port in a thread; yields its URL."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)


@pytest.fixture(scope="session")
def server_url(app):
    with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
def play_url(tmp_path_factory):
    """A server of the play page's test module's own, with an empty games folder (the
    games its tests start are not another module's)."""
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


@pytest.fixture
def page(browser, server_url):
    from tests.web.helpers import checked_page

    viewport = {"width": 1280, "height": 900}
    with checked_page(browser, accept_downloads=True, viewport=viewport) as page:
        page.base = server_url  # type: ignore[attr-defined]
        yield page
