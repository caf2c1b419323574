"""A game file sent to the rules viewer or the play page is named in their words as the
user named it ("Club night (v2).json: illegal move at ..."), as the board designer names
an upload: they said "Club-night-v2 (uploaded)", the file's stem made into a board name
(docs/web.md, *The kit, the designer and the rules viewer*)."""

from __future__ import annotations

import io
import json

import pytest

from fabgen.web import create_app
from tests.web.test_uploads import _game, _illegal_game


@pytest.fixture
def client(games_dir):
    return create_app(games_dir=games_dir).test_client()


# The ways a file reaches the server: the viewer, the play page's file chosen (to show
# its seats) and its Start game; each as the page sends the file's name.
def _viewer(client, text: str, filename: str):
    return client.post("/api/rules/turn", json={"transcript": text, "name": filename})


def _chosen(client, text: str, filename: str):
    data = {"file": (io.BytesIO(text.encode()), filename), "check": "game"}
    return client.post("/api/board/upload", data=data, content_type="multipart/form-data")


def _started(client, text: str, filename: str):
    return client.post("/api/games", json={"board": text, "filename": filename})


WAYS = {"viewer": _viewer, "chosen to play": _chosen, "started": _started}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(
    ("filename", "named"),
    [
        ("Club night (v2).json", "Club night (v2).json"),
        ("games/club.json", "club.json"),  # (without a folder)
        ("bell\x07.json", "bell?.json"),  # (a character no message can show)
    ],
    ids=["spaces-and-brackets", "folder", "a-control-character"],
)
def test_a_game_refused_is_named_as_the_user_named_it(client, way, filename, named):
    answer = WAYS[way](client, json.dumps(_illegal_game()), filename)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error.startswith(f"{named}: illegal move at turn 3 (counting from 1)"), error
    assert "(uploaded)" not in error and "-json" not in error


def test_a_board_file_not_played_is_named_as_the_user_named_it(client):
    # (a board file of one tile: the validator finds errors, Start game refuses it)
    text = '[board]\nname = "tiny"\ntiles = [[0, 0]]\n\n[[players]]\nstart = [0, 0]\n'
    answer = _started(client, text, "Tiny board (v1).toml")
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("Tiny board (v1).toml: not played: the board has ")


def test_the_viewer_names_the_game_shown_by_its_file(client):
    answer = _viewer(client, json.dumps(_game(2)), "Club night (v2).json")
    assert answer.status_code == 200
    assert answer.get_json()["source"] == "Club night (v2).json"
