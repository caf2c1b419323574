"""The games folder when it is full (``LIMITS.games_on_disk``): the games no one plays any
more make room (finished ones first, oldest first, then games left for
``ABANDONED_DAYS``); a folder full of games still being played refuses new games with
the limit and who can help."""

from __future__ import annotations

import dataclasses
import json
import os
import time
import tomllib

import pytest

from fabgen.web import create_app, games

DAY = 86400


@pytest.fixture
def limit(monkeypatch):
    """The folder holds 5 games (it lets go of down to 4 when full)."""
    monkeypatch.setattr(games, "LIMITS", dataclasses.replace(games.LIMITS, games_on_disk=5))
    return 5


def _finished_transcript() -> str:
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.random_games import random_game
    from fabgen.rules.scoring import game_over
    from fabgen.rules.transcript import parse_transcript

    text = board_transcript_text(load_preset("2p-diamond-4"))
    start = parse_transcript(text).position
    for seed in range(50):
        turns, final = random_game(start, seed, max_turns=2000)
        if game_over(final):
            break
    game = json.loads(text)
    game["turns"] = [[[field_name(m.source), field_name(m.destination)] for m in t] for t in turns]
    return json.dumps(game)


def _fill(games_dir, finished: int, playing: int) -> list[str]:
    """Games made by an earlier server (none in the memory of the next): ``finished``
    ones, then ``playing`` ones; the first saved longest ago, a day apart."""
    client = create_app(games_dir=games_dir).test_client()
    ids = []
    done = _finished_transcript()
    for n in range(finished + playing):
        body = {"board": done} if n < finished else {"preset": "2p-diamond-4"}
        answer = client.post("/api/games", json=body | {"seats": ["person", "greedy"]})
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["state"]["over"] == (n < finished)
        ids.append(answer.get_json()["id"])
    for n, game_id in enumerate(ids):
        when = time.time() - (len(ids) - n) * DAY
        for path in games_dir.glob(f"{game_id}.*"):
            os.utime(path, (when, when))
    return ids


def _saved(games_dir) -> set[str]:
    return {p.name.removesuffix(".seats.toml") for p in games_dir.glob("*.seats.toml")}


def test_a_full_folder_lets_go_of_its_oldest_finished_game(games_dir, limit):
    # (it refused every new game: "delete old games from it", words for whoever
    # started the server, shown on a player's tablet)
    playing_first = _fill(games_dir, 0, 1)
    ids = playing_first + _fill(games_dir, 3, 1)  # the unfinished game is the oldest
    client = create_app(games_dir=games_dir).test_client()
    answer = client.post("/api/games", json={"preset": "2p-diamond-4"})
    assert answer.status_code == 200, answer.get_json()
    finished = ids[1:4]
    assert _saved(games_dir) == set(ids) - {finished[0]} | {answer.get_json()["id"]}
    # the game let go is gone, the others open
    assert client.get(f"/api/games/{finished[0]}").status_code == 404
    assert client.get(f"/api/games/{ids[0]}").status_code == 200


def test_a_folder_full_of_games_being_played_refuses_with_the_limit(games_dir, limit):
    ids = _fill(games_dir, 0, limit)
    client = create_app(games_dir=games_dir).test_client()
    answer = client.post("/api/games", json={"preset": "2p-diamond-4"})
    assert answer.status_code == 503
    error = answer.get_json()["error"]
    assert f"the games folder is full: it holds {limit} games still being played" in error
    assert f"the most this server keeps ({limit})" in error
    assert "ask the organiser" in error and "--games-dir" in error
    assert _saved(games_dir) == set(ids)


def test_games_left_for_a_month_make_room_when_no_game_is_finished(games_dir, limit):
    ids = _fill(games_dir, 0, limit)
    old = time.time() - (games.ABANDONED_DAYS + 1) * DAY
    for path in games_dir.glob(f"{ids[2]}.*"):
        os.utime(path, (old, old))
    client = create_app(games_dir=games_dir).test_client()
    answer = client.post("/api/games", json={"preset": "2p-diamond-4"})
    assert answer.status_code == 200, answer.get_json()
    assert _saved(games_dir) == set(ids) - {ids[2]} | {answer.get_json()["id"]}


def test_games_in_memory_are_never_let_go(games_dir, limit):
    # the server that made them still holds them: they are played or looked at lately
    client = create_app(games_dir=games_dir).test_client()
    done = _finished_transcript()
    for _ in range(limit):
        assert client.post("/api/games", json={"board": done}).status_code == 200
    answer = client.post("/api/games", json={"preset": "2p-diamond-4"})
    assert answer.status_code == 503


def test_games_saved_before_the_settings_said_whether_they_are_over(games_dir, limit):
    # (an older server's games.seats.toml has no "over": the transcript says it)
    ids = _fill(games_dir, 1, limit - 1)
    for game_id in ids:
        path = games_dir / f"{game_id}.seats.toml"
        settings = tomllib.loads(path.read_text())
        settings.pop("over")
        stat = path.stat()
        path.write_text("\n".join(f"{k} = {json.dumps(v)}" for k, v in settings.items()))
        os.utime(path, (stat.st_atime, stat.st_mtime))
    client = create_app(games_dir=games_dir).test_client()
    assert client.post("/api/games", json={"preset": "2p-diamond-4"}).status_code == 200
    assert ids[0] not in _saved(games_dir) and set(ids[1:]) <= _saved(games_dir)


def test_the_limit_is_in_serve_help(cli):
    result = cli("serve", "--help")
    assert f"{games.LIMITS.games_on_disk:,} games" in " ".join(result.output.split())
