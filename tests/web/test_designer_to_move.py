"""The board designer keeps the seat to move of a position from the middle of a game (a
board file's ``to_move``, a transcript's ``next_player``): loaded, shown and chosen under
**Moves next**, kept as seats are removed or reordered, and handed on to every download,
the play page and the kit. A start has none (docs/formats.md, board files)."""

from __future__ import annotations

import io
import json
import tomllib
import zipfile
from dataclasses import replace

import pytest

from fabgen.board.boardfile import board_to_toml
from fabgen.board.files import load_preset
from fabgen.board.transcript_io import board_transcript_text
from fabgen.web import create_app

PRESET = "3p-triangle-4"


def _position(to_move: int):
    """The preset as a game in progress with seat ``to_move`` (from 1) to move."""
    return replace(load_preset(PRESET), name="club", to_move=to_move - 1)


def _upload(client, text: str, filename: str) -> dict:
    answer = client.post(
        "/api/board/upload",
        data={"file": (io.BytesIO(text.encode()), filename)},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def _download(client, what: str, state: dict) -> str:
    answer = client.post(f"/api/board/download/{what}", json={"state": state})
    assert answer.status_code == 200, answer.get_json()
    return answer.data.decode("utf-8")


@pytest.mark.parametrize(
    ("text", "filename"),
    [
        (board_to_toml(_position(2)), "club.toml"),  # to_move = 2
        (board_transcript_text(_position(2)), "club.json"),  # next_player: 1
    ],
    ids=["board-file", "transcript"],
)
def test_a_position_loaded_keeps_its_seat_to_move_in_every_download(client, text, filename):
    state = _upload(client, text, filename)["state"]
    assert state["board"]["to_move"] == 2
    assert "to_move = 2" in _download(client, "toml", state)
    assert json.loads(_download(client, "start", state))["next_player"] == 1
    svg = _download(client, "setup-svg", state)
    assert "moves next" in svg and "moves first" not in svg
    assert "seat 2, 3, 1, then seat 2 again" in svg
    view = client.post("/api/board/view", json={"state": state}).get_json()
    assert view["state"]["board"]["to_move"] == 2


def test_the_play_page_and_the_kit_are_handed_the_seat_to_move(client, tmp_path):
    state = _upload(client, board_to_toml(_position(3)), "club.toml")["state"]
    games = create_app(games_dir=tmp_path / "games").test_client()
    game = games.post("/api/games", json={"board_state": state, "play": False})
    assert game.status_code == 200, game.get_json()
    assert game.get_json()["state"]["to_move"] == 3
    form = client.get("/api/kit/form").get_json()
    settings = {
        s["name"]: {c["name"].split(".", 1)[1]: c["default"] for c in s["controls"]}
        for s in form["sections"]
    }
    kit = client.post("/api/kit/file", json={"settings": settings, "board_state": state})
    assert kit.status_code == 200, kit.get_json()
    board_file = zipfile.ZipFile(io.BytesIO(kit.data)).read("club.toml").decode()
    assert tomllib.loads(board_file)["board"]["to_move"] == 3


def test_a_start_has_no_seat_to_move_and_seat_1_gives_none(client):
    state = client.get(f"/api/board/preset/{PRESET}").get_json()["state"]
    assert "to_move" not in state["board"]
    assert "to_move" not in _download(client, "toml", state)
    assert "next_player" not in _download(client, "start", state)
    # (the page says seat 1 by leaving it out; a to_move = 1 sent is a start too)
    state["board"]["to_move"] = 1
    view = client.post("/api/board/view", json={"state": state}).get_json()
    assert "to_move" not in view["state"]["board"]
    assert "to_move" not in _download(client, "toml", state)


def test_a_seat_to_move_that_is_no_seat_is_named_in_the_pages_words(client):
    # (a board kept in the browser by hand, or a script's: the page keeps it a seat)
    state = _upload(client, board_to_toml(_position(3)), "club.toml")["state"]
    state["players"].pop()
    answer = client.post("/api/board/view", json={"state": state})
    assert answer.status_code == 400
    body = answer.get_json()
    assert body["where"] == "board.to_move"
    # (it said "the board: expected the seat to move, ...")
    assert body["page_words"].startswith("the seat that moves next: "), body["page_words"]
    assert "from 1 to 2" in body["page_words"]


# ---- in the browser -----------------------------------------------------------------


def _ready(page) -> None:
    page.goto(page.base + "/board")
    page.locator("#status").filter(has_text=f"Loaded {PRESET}.").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")


def _said(page, words: str) -> None:
    page.locator("#status").filter(has_text=words).wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")


def _load(page, tmp_path, to_move: int) -> None:
    path = tmp_path / "club.toml"
    path.write_text(board_to_toml(_position(to_move)), encoding="utf-8")
    page.set_input_files("#upload", str(path))
    _said(page, "Loaded club.toml.")


def _saved(page, button: str) -> str:
    with page.expect_download() as download:
        page.get_by_role("button", name=button).click()
    with open(download.value.path(), encoding="utf-8") as f:
        return f.read()


def _to_move(page):
    return page.evaluate("() => state.board.to_move ?? null")


def test_the_designer_shows_and_chooses_who_moves_next(page, tmp_path):
    # A position loaded kept its to_move unseen: nothing said or showed whose turn it
    # was, and nothing could change it.
    _ready(page)
    _load(page, tmp_path, 2)
    assert "Seat 2 Blue moves next." in page.locator("#status").inner_text()
    moves_next = page.get_by_label("Moves next", exact=True)
    assert moves_next.is_visible() and moves_next.input_value() == "2"
    moves_next.select_option("3")
    _said(page, "Seat 3 moves next")
    assert "to_move = 3" in _saved(page, "Download board file")
    setup = _saved(page, "Download setup diagram (SVG)")
    assert "seat 3, 1, 2, then seat 3 again" in setup and "moves next" in setup
    page.get_by_role("button", name="Undo").click()
    _said(page, "Undone.")
    assert moves_next.input_value() == "2" and _to_move(page) == 2
    moves_next.select_option("1")
    _said(page, "Seat 1 moves next")
    assert "to_move" not in _saved(page, "Download board file")


def test_the_turn_stays_with_its_seat_as_seats_move_or_go(page, tmp_path):
    # Removing the seat to move was refused ("the board: expected the seat to move, a
    # whole number from 1 to 2 ..."), and Earlier gave the turn to another seat.
    _ready(page)
    _load(page, tmp_path, 3)
    page.locator("#seat").select_option("2")  # seat 3, Green, whose turn it is
    page.get_by_role("button", name="Move the seat earlier in turn order").click()
    _said(page, "Seat 3 is now seat 2.")
    assert _to_move(page) == 2
    assert page.get_by_label("Moves next", exact=True).input_value() == "2"
    page.locator("#seat").select_option("1")
    page.get_by_role("button", name="Remove seat").click()
    _said(page, "Removed seat 2. It was its turn: seat 2 moves next.")
    assert _to_move(page) == 2  # Blue, after Green in turn order
    assert page.evaluate("() => state.players.map((p) => p.name)") == ["Red", "Blue"]
    page.get_by_role("button", name="Remove seat").click()
    _said(page, "Removed seat 2.")
    assert _to_move(page) is None  # (one seat: nobody else to move)
    assert page.locator("#moves-next-control").is_hidden()


def test_a_start_stays_a_start(page):
    _ready(page)
    moves_next = page.get_by_label("Moves next", exact=True)
    assert moves_next.is_visible() and moves_next.input_value() == "1"
    page.locator("#seat").select_option("1")
    page.get_by_role("button", name="Move the seat earlier in turn order").click()
    _said(page, "Seat 2 is now seat 1.")
    assert _to_move(page) is None and moves_next.input_value() == "1"
    page.get_by_role("button", name="Remove seat").click()  # (seat 1 now, Blue)
    _said(page, "Removed seat 1.")
    assert _to_move(page) is None
    assert "to_move" not in _saved(page, "Download board file")
    page.get_by_role("button", name="New empty board").click()
    _said(page, "New board")
    assert page.locator("#moves-next-control").is_hidden()
