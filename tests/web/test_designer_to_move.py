"""The board designer keeps the seat to move of a position from the middle of a game (a
board file's ``to_move``, a transcript's ``next_player``): loaded and handed on to every
download, the play page and the kit. A start has none (docs/formats.md, board files)."""

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
