"""Games sent to the server (the rules viewer's transcript, a game uploaded to the play
page) are checked as ``fabgen rules replay`` checks a file before anything of them is
shown or played: a clear 4xx answer for each way a file can be wrong, never a 500 and
never a game shown up to its first bad turn."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from fabgen.web import create_app


@pytest.fixture
def client(games_dir):
    return create_app(games_dir=games_dir).test_client()


def _game(turns: int, preset: str = "3p-triangle-4") -> dict:
    """A transcript of ``turns`` turns of ``preset``, each the first legal move."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import Turn, play_turn

    text = board_transcript_text(load_preset(preset))
    game, position, played = json.loads(text), parse_transcript(text).position, []
    for _ in range(turns):
        moves = Turn(position).legal_moves()[:1]
        played.append([[field_name(m.source), field_name(m.destination)] for m in moves])
        position, _ = play_turn(position, moves)
    game["turns"] = played
    return game


def _illegal_game() -> dict:
    """Three turns, the last of which moves the stones of the seat before it."""
    game = _game(3)
    game["turns"][2] = game["turns"][1]
    return game


# The three ways a game reaches the server: the viewer, the play page's upload (when a
# file is chosen, to show its seats) and its Start game.
def _viewer(client, text: str, **extra):
    return client.post("/api/rules/turn", json={"transcript": text, "name": "club.json", **extra})


def _chosen(client, text: str):
    data = {"file": (io.BytesIO(text.encode()), "club.json"), "check": "game"}
    return client.post("/api/board/upload", data=data, content_type="multipart/form-data")


def _started(client, text: str):
    return client.post("/api/games", json={"board": text, "filename": "club.json"})


WAYS = {"viewer": _viewer, "chosen to play": _chosen, "started": _started}


def _cli_words(cli, tmp_path, game: dict) -> str:
    """What fabgen rules replay says of the game, after the file's name (its first
    line)."""
    path = tmp_path / "club.json"
    path.write_text(json.dumps(game))
    result = cli("rules", "replay", str(path))
    assert result.exit_code == 1, result.output
    return result.output.strip().split(f"{path}: ", 1)[1]


@pytest.mark.parametrize("way", WAYS)
def test_a_game_with_an_illegal_move_is_refused_with_the_replays_words(
    client, games_dir, cli, tmp_path, way
):
    # The viewer showed such a game from its first turn and refused only the step to
    # its bad turn; the play page showed its seats as for a good game.
    game = _illegal_game()
    answer = WAYS[way](client, json.dumps(game))
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error.startswith("club.json: illegal move at ")
    # the command's words (it may go on to name a command for the file's position)
    assert _cli_words(cli, tmp_path, game).startswith(error.removeprefix("club.json: "))
    assert "turn 3 (counting from 1)" in error
    assert not games_dir.exists() or not list(games_dir.iterdir())  # no game was made


@pytest.mark.parametrize("way", WAYS)
def test_a_legal_game_is_taken(client, way):
    answer = WAYS[way](client, json.dumps(_game(3)))
    assert answer.status_code == 200, answer.get_json()


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("bad", ["Re\x00d", "Red\x1b[31m", "\u202eRed", "Red\nBlue"])
def test_control_characters_in_a_name_are_refused_as_the_designer_refuses_them(
    client, games_dir, way, bad
):
    # (the viewer and the play page took them: a game's seats were named by them)
    game = _game(1)
    game["players"][1]["name"] = bad
    answer = WAYS[way](client, json.dumps(game))
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "$.players[1].name: contains a control character" in error
    assert not games_dir.exists() or not list(games_dir.iterdir())


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"players": "Red"}, "$.players"),
        ({"turns": {"0": []}}, "$.turns"),
        ({"turns": ["c3-c5"]}, "$.turns[0]"),
        ({"turns": [[["c3"]]]}, "$.turns[0][0]"),
        ({"segments": [[["a1"]]]}, "$.segments[0][0]"),
        ({"segments": [["zz9"]]}, "$.players[0].stacks"),
        ({"next_player": "1"}, "$.next_player"),
        ({"variant": 1995}, "$.variant"),
    ],
)
def test_a_file_of_the_wrong_shape_is_said_where(client, way, change, where):
    game = _game(1) | change
    answer = WAYS[way](client, json.dumps(game))
    assert answer.status_code == 400
    assert f"club.json at {where}" in answer.get_json()["error"]


@pytest.mark.parametrize("way", ["viewer", "started"])
@pytest.mark.parametrize("text", ["[]", "5", '"game"', "null"])
def test_json_that_is_no_object_is_said_to_be_no_transcript(client, way, text):
    answer = WAYS[way](client, text)
    assert answer.status_code == 400
    assert "error" in answer.get_json()


@pytest.mark.parametrize("way", WAYS)
def test_a_file_too_large_is_413_not_too_much_work(client, way):
    # (503 "too much work" asks to try again later; a file too large never passes)
    game = _game(1)
    game["padding"] = " " * (600 * 1024)
    text = json.dumps(game)
    answer = WAYS[way](client, text)
    assert answer.status_code == 413
    assert "larger than 512 kB" in answer.get_json()["error"]


@pytest.mark.parametrize("way", WAYS)
def test_a_game_of_more_turns_than_the_server_replays_is_413(client, monkeypatch, way):
    from fabgen.web import viewer

    few = dataclasses.replace(viewer.LIMITS, game_turns=2, transcript_turns=2)
    monkeypatch.setattr(viewer, "LIMITS", few)
    answer = WAYS[way](client, json.dumps(_game(3)))
    assert answer.status_code == 413
    assert "3 turns is more than this server replays (2)" in answer.get_json()["error"]
    assert "fabgen rules replay" in answer.get_json()["error"]


def test_the_viewer_plays_a_file_under_the_variant_it_names_unless_asked(client):
    game = _game(2) | {"variant": "blog"}
    assert _viewer(client, json.dumps(game)).get_json()["variant"] == "blog"
    asked = _viewer(client, json.dumps(game), variant="online").get_json()
    assert asked["variant"] == "online"
    assert _viewer(client, json.dumps(_game(2))).get_json()["variant"] == "online"


def test_a_game_chosen_to_play_says_the_variant_it_names(client):
    game = _game(2) | {"variant": "blog"}
    assert _chosen(client, json.dumps(game)).get_json()["variant"] == "blog"
    started = _started(client, json.dumps(game)).get_json()["state"]
    assert started["variant"] == "blog"
    assert started["transcript"]["turns"][:2] == game["turns"]  # (then the computers')


# ---- boards over the designer's limit -----------------------------------------------------


def _big_board(tiles: int) -> list[list[int]]:
    return [[i, j] for i in range(12) for j in range(12)][:tiles]


def test_a_designer_board_over_the_limit_says_what_to_do_and_is_413(client):
    # (503 "too much work" said to try again later; the words did not say how to go on
    # with the board in hand)
    from fabgen.web.limits import LIMITS

    n = LIMITS.board_tiles + 1
    state = {"board": {"name": "big", "tiles": _big_board(n)}}
    answer = client.post("/api/board/view", json={"state": state})
    assert answer.status_code == 413
    error = answer.get_json()["error"]
    assert f"{n} tiles is more than fabgen serve takes for a board ({LIMITS.board_tiles})" in error
    for words in ("board file", "Download board file", "fabgen validate", "fabgen layout"):
        assert words in error
    at_limit = {"board": {"name": "big", "tiles": _big_board(LIMITS.board_tiles)}}
    assert client.post("/api/board/download/toml", json={"state": at_limit}).status_code == 200


def test_an_uploaded_board_over_the_limit_is_named_by_its_file(client):
    from fabgen.web.limits import LIMITS

    n = LIMITS.board_tiles + 1
    text = f'[board]\nname = "big"\ntiles = {_big_board(n)}\n'
    data = {"file": (io.BytesIO(text.encode()), "big.toml")}
    answer = client.post("/api/board/upload", data=data, content_type="multipart/form-data")
    assert answer.status_code == 413
    error = answer.get_json()["error"]
    assert error.startswith(f"big.toml: {n} tiles")
    assert "Download board file" not in error  # (the file is in hand)


def test_the_designers_limit_is_in_the_web_docs():
    from pathlib import Path

    from fabgen.web.limits import LIMITS

    text = " ".join((Path(__file__).parents[2] / "docs" / "web.md").read_text().split())
    assert f"more than {LIMITS.board_tiles} tiles" in text


def _big_transcript(tiles: int) -> str:
    from fabgen.board.boardfile import parse_board_toml
    from fabgen.board.transcript_io import board_transcript_text

    text = (
        f'[board]\nname = "big"\ntiles = {_big_board(tiles)}\n'
        "[[players]]\nstart = [0, 0]\n[[players]]\nstart = [5, 5]\n"
    )
    return board_transcript_text(parse_board_toml(text, "big"))


@pytest.mark.parametrize("way", ["chosen to play", "started"])
def test_a_transcript_over_the_limit_is_not_played_and_says_what_to_do(client, way):
    # A board file of 101 tiles was refused and a transcript of the same board played
    # (Start game); chosen, it was refused with the designer's words, "edit a board this
    # large as a board file in a text editor", where its game is to go on.
    from fabgen.web.limits import LIMITS

    n = LIMITS.board_tiles + 1
    answer = WAYS[way](client, _big_transcript(n))
    assert answer.status_code == 413
    assert answer.get_json()["error"] == (
        f"club.json: {n} tiles is more than fabgen serve takes for a board "
        f"({LIMITS.board_tiles}); go on with a game this large on the command line: "
        "fabgen rules replay checks it and fabgen rules turn plays its turns"
    )
    assert WAYS[way](client, _big_transcript(LIMITS.board_tiles)).status_code == 200
