"""Hostile or careless requests to fabgen serve, one table row each, through Flask's
test client: what each gets is a 4xx with a JSON message saying what is wrong and what
to do (or the file asked for, where the input is odd but usable), never a 500, a
traceback or a wait (docs/web.md, *Safety and limits*; the request parsing is
fabgen/web/app.py's). tests/fuzz/test_fuzz_web.py puts values of every type at every
key; these are the inputs it does not reach."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.webapp import quiet_app


@dataclass(frozen=True)
class Case:
    """One request: ``url`` ({game}: a new game's id), a JSON ``body`` (``{state}``: the
    2p-diamond-4 board's designer state, with ``board`` keys of ``board_keys``) or raw
    ``data`` of ``content_type`` (and a Content-Length of ``length``), and the answer's
    status and words."""

    method: str
    url: str
    status: int
    words: str
    body: object = None
    board_keys: dict = field(default_factory=dict)
    data: bytes | None = None
    content_type: str | None = None
    length: str | None = None  # (a Content-Length header said instead of the body's)


def _raw(text: str) -> bytes:
    return text.encode("utf-8")


BOUNDARY = "fabgen-test"


def _form(fields: dict) -> bytes:
    """A multipart form: a (filename, text) pair is a file."""
    parts = []
    for name, value in fields.items():
        filename = f'; filename="{value[0]}"' if isinstance(value, tuple) else ""
        text = value[1] if isinstance(value, tuple) else value
        head = f'Content-Disposition: form-data; name="{name}"{filename}'
        parts.append(f"--{BOUNDARY}\r\n{head}\r\n\r\n{text}\r\n")
    return ("".join(parts) + f"--{BOUNDARY}--\r\n").encode("utf-8")


def _start_transcript() -> str:
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    return board_transcript_text(load_preset("2p-diamond-4"))


START = _start_transcript()
WEB_MD = Path(__file__).resolve().parents[2] / "docs" / "web.md"
BIG = "x" * 900_000  # (a body of some 900 kB: under the 1024 kB every request may have)
CASES = {
    # names in the address
    "a preset named ..": Case("GET", "/api/board/preset/%2E%2E", 400, "unknown preset '..'"),
    "a preset in capitals": Case(
        "GET", "/api/rules/preset/3P-TRIANGLE-4", 400, "(did you mean '3p-triangle-4'?)"
    ),
    "a preset path to another file": Case(
        "POST", "/api/games", 400, "unknown preset '../../etc/passwd': choose one of",
        {"preset": "../../etc/passwd"},
    ),
    "a preset to play in capitals": Case(
        "POST", "/api/games", 400, "(did you mean '3p-triangle-4'?): choose one of",
        {"preset": "3P-TRIANGLE-4"},
    ),  # (was: without the name meant, in other words than the command line's)
    "a preset name of 900 kB": Case(
        "POST", "/api/games", 400, "unknown preset 'xxxxxxxxxxxx'... (900000 characters)",
        {"preset": BIG},
    ),
    "a preset that is a list": Case(
        "POST", "/api/games", 400,
        'preset must be text: a preset\'s name, like 6p-hexagon-19, not ["x"] (fabgen boards',
        {"preset": ["x"]},
    ),
    "a preset that is a number": Case(
        "POST", "/api/games", 400,
        "preset must be text: a preset's name, like 6p-hexagon-19, not 7 (fabgen", {"preset": 7},
    ),  # (was: unknown preset 7: choose one of ..., as if 7 were a name misspelt)
    "an unknown download with no board": Case(
        "POST", "/api/board/download/zip", 400,
        "unknown download 'zip': choose one of toml, start, setup-svg or setup-pdf", {"state": {}},
    ),  # (was: the [board] table is missing)
    "a download in capitals": Case(
        "POST", "/api/board/download/TOML", 400,
        "unknown download 'TOML' (did you mean 'toml'?): choose one of toml, start", {"state": {}},
    ),  # (was: without the download meant, nor "choose one of", as presets are refused)
    "a download path to another file": Case(
        "POST", "/api/board/download/..%2Fx", 404, "no such page", {"state": {}}
    ),
    "an API address asked for by GET where POST goes": Case(
        "GET", "/api/kit/preview", 405, "GET is not used at /api/kit/preview: use POST with a JSON"
    ),  # (was: "The method is not allowed for the requested URL.")
    "an upload asked for by GET": Case(
        "GET", "/api/board/upload", 405, 'use POST with the file as the form field "file"'
    ),
    "a page posted to": Case("POST", "/play", 405, "POST is not used at /play: use GET"),
    "a game deleted": Case("DELETE", "/api/games/{game}", 405, "use GET"),
    "an API address misspelt": Case(
        "POST", "/api/game", 404,
        'no such page: "/api/game" is no address of the API; docs/web.md lists the play page\'s',
    ),  # (was: the pages are /, /board, /rules and /play)
    "the API's root without its slash": Case(
        "GET", "/api", 404, 'no such page: "/api" is no address of the API; docs/web.md lists'
    ),  # (was: the pages a browser opens, which /api/ no longer got since 5f4c47c)
    "a game id of no game": Case("GET", "/api/games/" + "0" * 16, 404, "no game 0000000000000000"),
    # numbers JSON writes but fabgen cannot use
    "1e999 for a turn": Case(
        "POST", "/api/games/{game}/undo", 400, "turn must be a whole number",
        data=b'{"turn": 1e999}', content_type="application/json",
    ),
    "10**400 for a turn": Case(
        "POST", "/api/games/{game}/undo", 400, "an integer of 401 digits",
        data=_raw('{"turn": 1' + "0" * 400 + "}"), content_type="application/json",
    ),
    "a float for a whole number": Case(
        "POST", "/api/games/{game}/undo", 400, "turn must be a whole number", {"turn": 0.0}
    ),
    "Infinity for a kit setting": Case(
        "POST", "/api/kit/file", 400, "Infinity is not a number JSON allows",
        data=b'{"settings": {"tile": {"width": Infinity}}}', content_type="application/json",
    ),
    # values of the wrong type or size
    "text for a number in the kit": Case(
        "POST", "/api/kit/file", 400, "Tile width must be a number, got '100'",
        {"settings": {"tile": {"width": "100"}}},
    ),
    "a list of 1e999 for a number in the kit": Case(
        "POST", "/api/kit/file", 400, "Tile width must be a number, got a list, [inf]. Fix",
        data=b'{"settings": {"tile": {"width": [1e999]}}}', content_type="application/json",
    ),  # (was: "...: type inf", which is refused as not finite)
    "a negative tile width": Case(
        "POST", "/api/kit/file", 400, "Tile width -1 is outside the allowed range; allowed: 5 to",
        {"settings": {"tile": {"width": -1}}},
    ),
    "null moves": Case(
        "POST", "/api/games/{game}/turn", 400, "moves must be a list of [source, destination]",
        {"moves": None},
    ),
    "a seat kind of 900 kB": Case(
        "POST", "/api/games", 400, "unknown seat kind 'xxxxxxxxxxxx'... (900000 characters)",
        {"preset": "2p-diamond-4", "seats": [BIG, "person"]},
    ),
    "moves typed in the rules viewer, 900 kB": Case(
        "POST", "/api/rules/turn", 400, "moves typed as text are at most 2000 characters",
        {"transcript": START, "moves": BIG},
    ),  # (was: the moves must be text)
    "a file name that is no text": Case(
        "POST", "/api/games", 400, "filename must be text: the file's name, like club.json",
        {"board": START, "filename": True},
    ),  # (was: a game named True)
    "a file name with folders": Case(
        "POST", "/api/games", 200, '"name":"club-v2"',
        {"board": START, "filename": "../../games/club.v2.json"},
    ),  # (was: games-club-v2, and "../../../etc/passwd" a game named board)
    "a file name of null": Case(
        "POST", "/api/games", 200, '"name":"board"', {"board": START, "filename": None}
    ),  # (was: a game named None)
    "a board text of 900 kB": Case(
        "POST", "/api/games", 413, "the board is larger than 512 kB", {"board": BIG}
    ),
    "moves nested 10,000 deep": Case(
        "POST", "/api/games/{game}/turn", 400, "nested too deeply",
        data=_raw('{"moves": ' + "[" * 10_000 + "]" * 10_000 + "}"),
        content_type="application/json",
    ),
    "a lone surrogate for a transcript": Case(
        "POST", "/api/rules/turn", 400, "game: is not valid JSON",
        data=b'{"transcript": "\\ud800"}', content_type="application/json",
    ),
    "a control character in a board name": Case(
        "POST", "/api/board/view", 400, 'found the string "a\\u0000b": write "a-b"',
        {"state": "{state}"}, {"name": "a\u0000b"},
    ),
    "null in a board": Case(
        "POST", "/api/board/view", 400,
        "board (designer) at board.tiles[1]: a value is empty (null): give one, or leave the key",
        {"state": "{state}"}, {"tiles": [[0, 0], None]},
    ),  # (was: Object of type 'NoneType' is not TOML serializable)
    "null in a board to play": Case(
        "POST", "/api/games", 400, "at board.name: a value is empty (null)",
        {"board_state": "{state}"}, {"name": None},
    ),
    "a bidi override for a seat": Case(
        "POST", "/api/board/view", 400, 'found the string "\\u202eRed"',
        {"state": {"board": {"tiles": [[0, 0]]}, "players": ["\u202eRed"]}},
    ),  # (was: the character itself, which turned the rest of the message round)
    "a long seat with a bidi override and a letter": Case(
        "POST", "/api/board/view", 400, 'found the string "\\u202eZoëxxxxxxxx"... (44 characters)',
        {"state": {"board": {"tiles": [[0, 0]]}, "players": ["\u202eZoë" + "x" * 40]}},
    ),  # (was: "\u202eZo\u00ebxxxxxxxx", though a short string keeps its ë)
    "100,000 tiles": Case(
        "POST", "/api/board/view", 413, "100000 tiles is more than fabgen serve takes",
        {"state": "{state}"}, {"tiles": [[0, 0]] * 100_000},
    ),
    "a million tiles": Case(
        "POST", "/api/games", 413, "the request is larger than 1024 kB",
        data=b'{"board_state": {"board": {"tiles": [' + b"[0,0]," * 10**6 + b"[0,0]]}}}",
        content_type="application/json",
    ),
    "a kit's board path to another file": Case(
        "POST", "/api/kit/file", 400, "'../../etc/passwd' is neither a preset",
        {"settings": {"kit": {"board": "../../etc/passwd"}}},
    ),
    "text for true or false": Case(
        "POST", "/api/kit/preview", 400, 'quick must be true or false, not "false"',
        {"settings": {}, "quick": "false"},
    ),  # (was: a quick preview)
    "a body of 2 MB": Case(
        "POST", "/api/kit/preview", 413, "the request is larger than 1024 kB",
        data=b" " * 2**21, content_type="application/json",
    ),
    "an upload form of 2000 parts": Case(
        "POST", "/api/board/upload", 413, "the form has more than 1000 parts, or a field",
        data=_form({**{f"f{k}": "1" for k in range(2000)}, "file": ("b.toml", "x")}),
        content_type="multipart/form-data; boundary=" + BOUNDARY,
    ),  # (was: the request is larger than 1024 kB)
    "an upload form with a field of 600 kB": Case(
        "POST", "/api/board/upload", 413, 'transcript as the form field "file"',
        data=_form({"variant": "v" * 600_000, "file": ("b.toml", "x")}),
        content_type="multipart/form-data; boundary=" + BOUNDARY,
    ),
    "a form where JSON goes": Case(
        "POST", "/api/kit/zip", 400, "Content-Type application/json",
        data=b"settings=1", content_type="application/x-www-form-urlencoded",
    ),
    # the request's shape
    "a key misspelt": Case(
        "POST", "/api/games/{game}/again", 400,
        'unknown key "rotated" (did you mean "rotate"?): send a JSON object with the keys '
        "POST /api/games/ID/again takes: rotate, play and version", {"rotated": True},
    ),  # (was: ignored, and the game went back to its start instead of a new one rotated)
    "a key another address takes": Case(
        "POST", "/api/games/{game}/hint", 400,
        'unknown key "moves": send a JSON object with the keys POST /api/games/ID/hint takes: '
        "player and version", {"moves": [["a1", "a2"]]},
    ),  # (was: ignored)
    "JSON sent as text": Case(
        "POST", "/api/kit/file", 400,
        'the request has the Content-Type "text/plain": send a JSON object with the Content-Type '
        "application/json", data=b'{"settings": {}}', content_type="text/plain",
    ),  # (was: the request is not valid JSON)
    "a JSON list for the body": Case(
        "POST", "/api/kit/file", 400,
        "the request must be a JSON object of named values, {...}, not [1]: send a JSON object "
        "with the keys POST /api/kit/file takes: settings and board_state", [1],
    ),
    "no transcript to view": Case(
        "POST", "/api/rules/turn", 400,
        'the request has no "transcript": send the game file\'s text (its JSON as one string)', {},
    ),  # (was: 'transcript' must be text)
    "a number for a transcript": Case(
        "POST", "/api/rules/turn", 400,
        "transcript must be text: the game file's text (its JSON as one string), not 5",
        {"transcript": 5},
    ),
    "a Content-Length of letters": Case(
        "POST", "/api/kit/file", 400,
        'the request\'s Content-Length, "abc", is not a number of bytes: send the body\'s length',
        data=b'{"settings": {}}', content_type="application/json", length="abc",
    ),  # (was: the request is empty)
    "an upload with a negative Content-Length": Case(
        "POST", "/api/board/upload", 400, 'the request\'s Content-Length, "-5", is not a number',
        data=_form({"file": ("b.toml", "x")}),
        content_type="multipart/form-data; boundary=" + BOUNDARY, length="-5",
    ),  # (was: no file was sent)
}  # fmt: skip


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with quiet_app(tmp_path_factory.mktemp("games")) as app:
        yield app


@pytest.fixture(scope="module")
def state(app):
    return app.test_client().get("/api/board/preset/2p-diamond-4").get_json()["state"]


def _body(case: Case, state: dict) -> object:
    board = {**state["board"], **case.board_keys}
    text = json.dumps(case.body).replace('"{state}"', json.dumps({**state, "board": board}))
    return json.loads(text)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_request_gets_its_answer_in_words(app, state, name):
    case = CASES[name]
    client = app.test_client()
    url = case.url
    if "{game}" in url:
        game = client.post("/api/games", json={"preset": "2p-diamond-4", "seats": ["person"] * 2})
        url = url.format(game=game.get_json()["id"])
    if case.data is not None:
        length = {"environ_overrides": {"CONTENT_LENGTH": case.length}} if case.length else {}
        answer = client.open(
            url, method=case.method, data=case.data, content_type=case.content_type, **length
        )
    elif case.body is not None:
        answer = client.open(url, method=case.method, json=_body(case, state))
    else:
        answer = client.open(url, method=case.method)
    assert answer.status_code == case.status, answer.get_data()[:300]
    if case.status >= 400:
        assert answer.is_json, answer.get_data()[:300]
        assert case.words in answer.get_json()["error"]
        assert "Traceback" not in answer.get_json()["error"]
    else:
        assert case.words in answer.get_data(as_text=True)


def test_computer_turns_stop_after_their_seconds_and_go_on_with_the_next_request(app, monkeypatch):
    """Seats of strong:20000 on the largest board played 60 turns in one request: 80 s
    and more. Past LIMITS.computer_seconds no turn is begun (here at once: one turn)."""
    from fabgen.web import play

    monkeypatch.setattr(play, "LIMITS", dataclasses.replace(play.LIMITS, computer_seconds=0.0))
    client = app.test_client()
    seats = {"preset": "2p-diamond-4", "seats": ["greedy", "random"]}
    answer = client.post("/api/games", json=seats).get_json()
    assert [t["seat"] for t in answer["turns"]] == [1]  # (was 60 turns)
    assert answer["state"]["to_move"] == 2 and not answer["state"]["over"]
    more = client.post(f"/api/games/{answer['id']}/turn", json={}).get_json()
    assert [t["seat"] for t in more["turns"]] == [2] and more["state"]["turns_played"] == 2


class _BrokenChunks(io.RawIOBase):
    """A chunked body whose next chunk header cannot be read (as werkzeug's server finds
    a chunk size "zz")."""

    def readable(self) -> bool:
        return True

    def readinto(self, _buffer) -> int:
        raise OSError("Invalid chunk header")


@pytest.mark.parametrize(
    ("url", "content_type"),
    [
        ("/api/board/view", "application/json"),
        ("/api/board/upload", "multipart/form-data; boundary=x"),
    ],
)
def test_a_body_that_breaks_off_is_said_so(app, url, content_type):
    answer = app.test_client().post(
        url,
        content_type=content_type,
        environ_overrides={
            "wsgi.input": io.BufferedReader(_BrokenChunks()),
            "wsgi.input_terminated": True,
            "HTTP_TRANSFER_ENCODING": "chunked",
        },
    )
    assert answer.status_code == 400  # (was werkzeug's "sent a request that this server could
    # not understand")
    assert "could not be read to its end" in answer.get_json()["error"]


def test_a_huge_description_shows_as_two_lines_on_the_setup_diagram(app, state):
    board = {**state["board"], "description": "x" * 300_000}
    answer = app.test_client().post(
        "/api/board/download/setup-svg", json={"state": {**state, "board": board}}
    )
    lines = re.findall(r">(x+(?: …)?)</text>", answer.get_data(as_text=True))
    assert len(lines) == 2 and lines[1].endswith(" …"), lines


@pytest.mark.parametrize(
    "url", ["/api/kit/preview", "/api/board/upload", "/api/rules/turn", "/api/games/ID/turn"]
)
def test_a_wrong_method_points_to_the_docs_where_they_describe_the_address(app, url):
    # docs/web.md describes the play page's API alone: "docs/web.md lists the API" sent a
    # script's GET /api/kit/preview to a page that says nothing of that address.
    error = app.test_client().get(url).get_json()["error"]
    described = f"| `POST {url}` |" in WEB_MD.read_text(encoding="utf-8")  # (its API table)
    assert ("docs/web.md" in error) == described, error
    if described:
        assert error.endswith("(docs/web.md lists the play page's API)"), error
    assert described == url.startswith("/api/games")  # (the docs as this test knows them)
