"""The preview worker: a second process for the slow part of the kit preview, with the
same answers as the server's own, and never left behind when the server ends."""

from __future__ import annotations

import copy
import os
import signal
import subprocess
import sys

import pytest

from fabgen.web.kitform import preview
from fabgen.web.worker import PreviewWorker
from tests.processes import with_signals
from tests.web.conftest import ends_within


@pytest.fixture
def worker():
    w = PreviewWorker()
    yield w
    w.close()


def _settings(default_settings, width):
    settings = copy.deepcopy(default_settings)
    settings["tile"]["width"] = width
    return settings


def test_the_worker_answers_as_the_server_itself(worker, default_settings):
    for width in (70, 95.5):
        settings = _settings(default_settings, width)
        answer = worker.rest_preview(settings, None)
        assert answer == preview(settings, None, rest=True)
        assert answer["ok"] and answer["sheet"]["svg"].startswith("<svg")
    broken = _settings(default_settings, 80)
    broken["tile"]["kerf"] = 5  # uncompensated: refused
    broken["tile"]["compensate_kerf"] = False
    answer = worker.rest_preview(broken, None)
    assert answer == preview(broken, None, rest=True) and not answer["ok"]


def test_the_app_sends_the_rest_to_its_worker(client, app, default_settings):
    settings = _settings(default_settings, 88)
    answer = client.post("/api/kit/preview", json={"settings": settings, "rest": True})
    assert answer.get_json() == preview(settings, None, rest=True)
    assert app.extensions["fabgen_worker"].pid is not None


def test_a_killed_worker_is_started_again(worker, default_settings):
    settings = _settings(default_settings, 77)
    assert worker.rest_preview(settings, None)["ok"]
    first = worker.pid
    os.kill(first, signal.SIGKILL)
    worker._process.wait()
    assert worker.rest_preview(settings, None) == preview(settings, None, rest=True)
    assert worker.pid not in (None, first)


def test_a_worker_that_dies_during_a_request_leaves_it_to_the_server(
    worker, monkeypatch, client, app, default_settings
):
    settings = _settings(default_settings, 78)
    assert worker.rest_preview(settings, None)["ok"]
    os.kill(worker.pid, signal.SIGKILL)
    worker._process.wait()
    monkeypatch.setattr(worker._process, "poll", lambda: None)  # not noticed before
    assert worker.rest_preview(settings, None) is None
    assert worker.pid is None  # the next request starts a new one
    # and the app answers such a request itself
    monkeypatch.setattr(app.extensions["fabgen_worker"], "rest_preview", lambda *a: None)
    answer = client.post("/api/kit/preview", json={"settings": settings, "rest": True})
    assert answer.get_json() == preview(settings, None, rest=True)


def test_the_worker_stops_when_the_server_goes(tmp_path, default_settings):
    # The server is killed outright (no chance to clean up): the worker sees its
    # input close and ends by itself.
    script = tmp_path / "server.py"
    script.write_text(
        "import json, sys\n"
        "from fabgen.web.worker import PreviewWorker\n"
        "w = PreviewWorker()\n"
        "assert w.rest_preview(json.loads(sys.argv[1]), None)['ok']\n"
        "print(w.pid, flush=True)\n"
        "sys.stdin.read()\n"
    )
    import json

    server = subprocess.Popen(
        [sys.executable, str(script), json.dumps(_settings(default_settings, 90))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        pid = int(server.stdout.readline())
        assert not ends_within(pid, 0.2)
        server.kill()
        server.wait(10)
        assert ends_within(pid, 20)
    finally:
        server.kill()


def test_a_worker_that_cannot_start_is_given_up(default_settings, tmp_path):
    # say the worker cannot even load: it ends at once, every time (noting each start)
    starts = tmp_path / "starts"
    failing = PreviewWorker([sys.executable, "-c", f"open({str(starts)!r}, 'a').write('x')"])
    settings = _settings(default_settings, 80)
    try:
        answers = [failing.rest_preview(settings, None) for _ in range(5)]
        assert answers == [None] * 5  # the server answers each itself
        assert starts.read_text() == "xxx"  # not started again after the third time
    finally:
        failing.close()


@pytest.mark.parametrize("inherited", [signal.SIG_DFL, signal.SIG_IGN], ids=["default", "ignored"])
def test_the_worker_leaves_ctrl_c_to_the_server_and_ends_on_a_kill(default_settings, inherited):
    import json

    request = json.dumps({"settings": _settings(default_settings, 85), "board_state": None})
    worker = subprocess.Popen(
        with_signals([sys.executable, "-m", "fabgen.web.worker"], inherited),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )

    def answered() -> bool:
        worker.stdin.write(request.encode() + b"\n")
        worker.stdin.flush()
        return json.loads(worker.stdout.readline())["ok"]

    with worker:
        try:
            assert answered()  # loaded, its own handlers set
            worker.send_signal(signal.SIGINT)
            assert answered()  # still there
            worker.send_signal(signal.SIGTERM)
            assert worker.wait(20) == -signal.SIGTERM
        finally:
            worker.kill()


# A stand-in worker whose answers take as long as the request says ("settings": seconds).
SLEEPER = (
    "import time\n"
    "from fabgen.web.worker import serve_lines\n"
    "serve_lines(lambda r: time.sleep(r['settings']) or {'slept': r['settings']})\n"
)


def test_a_newer_preview_of_the_same_page_does_not_wait_for_the_older():
    import threading
    import time

    from fabgen.web.worker import Superseded

    sleeper = PreviewWorker([sys.executable, "-c", SLEEPER])
    sleeper.start()
    outcome = {}

    def old_request():
        try:
            outcome["old"] = sleeper.rest_preview(60, None, "page-1")
        except Superseded as exc:
            outcome["old"] = exc

    try:
        older = threading.Thread(target=old_request)
        older.start()
        time.sleep(0.5)  # the worker is busy with it
        start = time.monotonic()
        assert sleeper.rest_preview(0, None, "page-1") == {"slept": 0}
        assert time.monotonic() - start < 30  # not the older request's 60 s (half: load)
        older.join(30)
        assert isinstance(outcome["old"], Superseded) and outcome["old"].status == 409
        # the worker was started again and answers as before
        assert sleeper.rest_preview(0.1, None, "page-2") == {"slept": 0.1}
    finally:
        sleeper.close()


def test_requests_of_different_pages_do_not_replace_each_other():
    import threading
    import time

    sleeper = PreviewWorker([sys.executable, "-c", SLEEPER])
    outcome = {}
    try:
        older = threading.Thread(
            target=lambda: outcome.setdefault("a", sleeper.rest_preview(2, None, "page-a"))
        )
        older.start()
        time.sleep(0.3)
        assert sleeper.rest_preview(0, None, "page-b") == {"slept": 0}
        older.join(30)
        assert outcome["a"] == {"slept": 2}
    finally:
        sleeper.close()


def test_a_preview_that_takes_too_long_is_stopped_and_refused(monkeypatch):
    import time
    from dataclasses import replace

    from fabgen.web.limits import LIMITS, TooMuchWork

    monkeypatch.setattr("fabgen.web.limits.LIMITS", replace(LIMITS, preview_seconds=1.0))
    sleeper = PreviewWorker([sys.executable, "-c", SLEEPER])
    try:
        start = time.monotonic()
        with pytest.raises(TooMuchWork, match="longer than 1 s"):
            sleeper.rest_preview(60, None, "page-1")
        assert time.monotonic() - start < 30  # not the request's 60 s (half: load)
        assert sleeper.rest_preview(0, None, "page-1") == {"slept": 0}
    finally:
        sleeper.close()


def test_closing_does_not_wait_for_a_request_under_way():
    # Ctrl+C waited for the decision or preview under way, and for the requests queued
    # behind it (they took turns with close for the worker): 10 s and more.
    import threading
    import time

    from fabgen.web.worker import LineWorker

    sleeper = LineWorker([sys.executable, "-c", SLEEPER])
    outcome = {}
    asking = threading.Thread(
        target=lambda: outcome.setdefault("answer", sleeper.ask({"settings": 60}, timeout=120))
    )
    try:
        asking.start()
        while sleeper.pid is None:
            time.sleep(0.05)
        start = time.monotonic()
        sleeper.close()
        assert time.monotonic() - start < 30  # not the request's 60 s (half: load)
        asking.join(30)
        assert outcome == {"answer": None}  # as if the worker had died
        assert sleeper.ask({"settings": 0}) is None and sleeper.pid is None  # none started
    finally:
        sleeper.close()
