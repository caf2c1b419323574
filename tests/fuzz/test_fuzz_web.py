"""Hostile requests to fabgen serve's JSON API (designer, viewer, play page, kit form):
every answer is JSON, a 4xx with a message saying what to send, never a 500 or a wait
(docs/web.md; the request parsing is fabgen/web/app.py's)."""

from __future__ import annotations

import io
import json
import math
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fabgen.web.limits import LIMITS
from tests.fuzz import corpus as _corpus
from tests.fuzz.harness import key_paths, replaced
from tests.webapp import quiet_app

FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# JSON values of every type where a key expects another; NaN and Infinity are written
# as Python's json module writes them (JSON has no such numbers).
ODD = [
    "x", "", None, [], {}, -0.0, 1e308, -1, 10**25, True, 1.5, float("nan"), float("inf"),
    "\ud800", "\u202ea1", "a\u200d1", [[[[1]]]], "x" * 10_000,
]  # fmt: skip


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with quiet_app(tmp_path_factory.mktemp("games")) as app:
        yield app


@pytest.fixture(scope="module")
def bodies(app):
    """A valid body for each route ({game} in a route: a new game of two people)."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    client = app.test_client()
    state = client.get("/api/board/preset/2p-diamond-4").get_json()["state"]
    return {
        "/api/board/view": {"state": state},
        "/api/board/download/toml": {"state": state},
        "/api/board/download/start": {"state": state},
        "/api/rules/turn": {
            "transcript": board_transcript_text(load_preset("2p-diamond-4")),
            "turn": 0,
            "moves": "-i0--h0",
            "variant": "online",
            "name": "game",
        },
        "/api/games": {"preset": "2p-diamond-4", "seats": ["person", "greedy"], "table": False},
        "/api/games/{game}/moves": {"moves": [["-i0", "-h0"]], "version": "{version}"},
        "/api/games/{game}/turn": {"moves": [["-i0", "-h0"]], "version": "{version}"},
        "/api/games/{game}/undo": {"turn": 0, "version": "{version}"},
        "/api/games/{game}/settings": {"seats": ["person", "greedy"], "table": False},
        "/api/games/{game}/hint": {"player": "strong:20", "version": "{version}"},
        "/api/games/{game}/again": {"rotate": False, "version": "{version}"},
    }


def _url(client, route: str) -> tuple[str, str]:
    if "{game}" not in route:
        return route, ""
    game = client.post("/api/games", json={"preset": "2p-diamond-4", "seats": ["person"] * 2})
    answer = game.get_json()
    return route.format(game=answer["id"]), answer["state"]["version"]


def check_answer(answer, what: str) -> None:
    """JSON with an error of words for a 4xx; never a 5xx."""
    assert answer.status_code < 500, f"{what}: {answer.status_code} {answer.get_data()[:300]!r}"
    if answer.status_code >= 400:
        body = answer.get_json(silent=True)
        assert isinstance(body, dict) and body.get("error"), f"{what}: {answer.get_data()[:300]!r}"
        assert "Traceback" not in body["error"]


@FUZZ
@given(data=st.data())
def test_every_key_of_every_route_of_the_wrong_type(app, bodies, data):
    client = app.test_client()
    route = data.draw(st.sampled_from(sorted(bodies)))
    url, version = _url(client, route)
    body = json.loads(json.dumps(bodies[route]).replace("{version}", version))
    path = data.draw(st.sampled_from(list(key_paths(body))))
    new = data.draw(st.sampled_from(ODD))
    text = json.dumps(replaced(body, path, new), allow_nan=True)
    answer = client.post(
        url, data=text.encode("utf-8", "surrogatepass"), content_type="application/json"
    )
    check_answer(answer, f"{url} {path} = {new!r:.40}")
    if isinstance(new, float) and not math.isfinite(new):
        assert answer.status_code == 400 and "JSON allows" in answer.get_json()["error"]


ROUTES = [
    "/api/board/view", "/api/board/download/toml", "/api/rules/turn", "/api/games",
    "/api/games/{game}/turn", "/api/games/{game}/undo", "/api/games/{game}/hint",
    "/api/kit/preview", "/api/kit/file",
]  # fmt: skip

# A whole body, its content type, and words of the answer (status 400 unless given).
BODIES = {
    "empty": (b"", "application/json", "the request is empty"),
    "spaces": (b" \n ", "application/json", "the request is empty"),
    "form": (b"a=1&a=2", "application/x-www-form-urlencoded", "Content-Type application/json"),
    "json as text": (b'{"state": {}}', "text/plain", "Content-Type application/json"),
    "no content type": (b'{"state": {}}', None, "Content-Type application/json"),
    "a list": (b"[1, 2]", "application/json", "must be a JSON object"),
    "a string": (b'"x"', "application/json", "must be a JSON object"),
    "null": (b"null", "application/json", "must be a JSON object"),  # (was: not valid JSON)
    "NaN": (b'{"turn": NaN}', "application/json", "NaN is not a number JSON allows"),
    "Infinity": (b'{"a": [-Infinity]}', "application/json", "-Infinity is not a number"),
    "5000 digits": (b'{"turn": ' + b"9" * 5000 + b"}", "application/json", "5,000 digits"),
    "nested": (b'{"a": ' + b"[" * 50_000 + b"]" * 50_000 + b"}", "application/json", "nested"),
    "latin-1": ('{"name": "café"}'.encode("latin-1"), "application/json", "not UTF-8 text"),
    "truncated": (b'{"state": {"board": {"tiles": [[0, 0', "application/json", "not valid JSON"),
    "multipart": (
        b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
        "multipart/form-data; boundary=x",
        "Content-Type application/json",
    ),
}


@pytest.mark.parametrize(
    ("route", "name"),
    [
        (route, name)
        for route in ROUTES
        for name in sorted(BODIES)
        # (a hint takes an empty body: a hint from the default strong player)
        if not (route.endswith("/hint") and not BODIES[name][0])
    ],
)
def test_a_body_that_is_no_json_object_is_refused_in_words(app, route, name):
    client = app.test_client()
    url, _ = _url(client, route)
    data, content_type, words = BODIES[name]
    answer = client.post(url + "?turn=1&turn=2", data=data, content_type=content_type)
    check_answer(answer, f"{url} {name}")
    assert answer.status_code == 400, answer.get_json()
    assert words in answer.get_json()["error"]


def test_a_body_too_large_without_a_length_is_refused_as_too_large(app):
    """Chunked, without Content-Length: werkzeug cut it at the limit without a word,
    which was then answered 'not valid JSON'."""
    client = app.test_client()
    body = b'{"state": "' + b"a" * (2 * LIMITS.request_bytes) + b'"}'
    answer = client.post(
        "/api/board/view",
        content_type="application/json",
        environ_overrides={
            "wsgi.input": io.BytesIO(body),
            "wsgi.input_terminated": True,
            "HTTP_TRANSFER_ENCODING": "chunked",
        },
    )
    assert answer.status_code == 413, answer.get_json()
    assert "larger than 1024 kB" in answer.get_json()["error"]
    small = client.post(
        "/api/board/view",
        content_type="application/json",
        environ_overrides={
            "wsgi.input": io.BytesIO(b'{"state": 1}'),
            "wsgi.input_terminated": True,
            "HTTP_TRANSFER_ENCODING": "chunked",
        },
    )
    assert small.status_code == 400 and "expected a board" in small.get_json()["error"]


@pytest.mark.parametrize(
    "path, words",
    [
        ("/api/board/preset/%00", "unknown preset"),
        ("/api/board/preset/%E2%80%AE", "unknown preset"),
        ("/api/rules/preset/..%2F..%2Fetc%2Fpasswd", "no such page"),
        ("/api/games/" + "a" * 5000, "16 hex digits"),
        ("/api/games/%ED%A0%80/transcript", "16 hex digits"),
    ],
)
def test_odd_names_in_the_address(app, path, words):
    answer = app.test_client().get(path)
    check_answer(answer, path)
    assert answer.status_code in (400, 404) and words in answer.get_json()["error"]


def test_the_same_turn_sent_at_once_is_played_once(app):
    """Twelve windows end the same turn at once: one is played, the others are told the
    game moved on, and the game has one turn."""
    from urllib import error, request

    from tests.web.conftest import serving

    client = app.test_client()
    game = client.post("/api/games", json={"preset": "2p-diamond-4", "seats": ["person"] * 2})
    game_id, version = game.get_json()["id"], game.get_json()["state"]["version"]
    body = json.dumps({"moves": [["-i0", "-h0"]], "version": version}).encode()
    statuses = []

    def end_turn(url):
        ask = request.Request(url, body, {"Content-Type": "application/json"})
        try:
            with request.urlopen(ask, timeout=60) as answer:
                statuses.append(answer.status)
        except error.HTTPError as refused:
            statuses.append((refused.code, json.loads(refused.read())["error"]))

    with serving(app) as base:
        url = f"{base}/api/games/{game_id}/turn"
        threads = [threading.Thread(target=end_turn, args=(url,)) for _ in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert statuses.count(200) == 1, statuses
    assert all(s == 200 or (s[0] == 409 and "moved on" in s[1]) for s in statuses), statuses
    assert client.get(f"/api/games/{game_id}").get_json()["turns_played"] == 1


UPLOADS = {
    **{f"board {name}": text for name, text in _corpus.board_files().items()},
    **{f"transcript {name}": text for name, text in _corpus.transcripts().items()},
    **{f"drawing {name}": text for name, text in _corpus.svg_files().items()},
    "kit nested": "[kit]\nboard = " + "[" * 5000 + "]" * 5000 + "\n",
}


@pytest.mark.parametrize(
    "name",
    sorted(UPLOADS),
)
def test_a_hostile_file_uploaded_or_played_is_refused_in_words(app, name):
    client = app.test_client()
    data = UPLOADS[name].encode("utf-8", "surrogatepass")
    for filename in (name.split()[-1], "\u202e" + name.split()[-1], "../" * 50 + "x.toml"):
        answer = client.post(
            "/api/board/upload",
            data={"file": (io.BytesIO(data), filename), "check": "game"},
            content_type="multipart/form-data",
        )
        check_answer(answer, f"upload {name} as {filename!r}")
        if answer.status_code >= 400:
            assert ".." not in answer.get_json()["error"].split(":")[0]
    text = data.decode("utf-8", "replace")
    for route, body in (
        ("/api/games", {"board": text, "filename": name}),
        ("/api/rules/turn", {"transcript": text}),
    ):
        check_answer(client.post(route, json=body), f"{route} {name}")
