"""The play page's JSON API through Flask's test client: whole games, illegal turns,
a server restart, games side by side, seats, undo, uploads and the server's limits.
Results are checked against the rules engine replaying the game's own transcript."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import threading
import tomllib

import pytest

from fabgen.rules.names import field_name
from fabgen.rules.scoring import game_over, scores
from fabgen.rules.transcript import transcript_from_json
from fabgen.rules.turn import replay
from fabgen.web import create_app
from tests.web.helpers import fields_changed

FAST = ["person", "greedy", "strong:20"]


@pytest.fixture
def client(games_dir):
    return create_app(games_dir=games_dir).test_client()


def _new(client, **body):
    body.setdefault("preset", "3p-triangle-4")
    body.setdefault("seats", FAST)
    body = {k: v for k, v in body.items() if v is not None}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def _first_legal(state) -> list[list[str]]:
    """The first legal move, or a pass when the person has none left."""
    if not state["legal"]:
        return []
    source, destinations = next(iter(state["legal"].items()))
    return [[source, destinations[0]]]


def _replayed(state):
    """The final position of the state's own transcript, replayed by the engine."""
    t = transcript_from_json(state["transcript"])
    return replay(t.position, t.move_list, state["variant"])


def _turn(client, game_id, moves):
    return client.post(f"/api/games/{game_id}/turn", json={"moves": moves})


def test_a_whole_game_through_the_api(client, fixed_game_id):
    # With a fixed id the game is the same every run (66 turns). With a random one the
    # person's first legal move sometimes shuffles a stone to and fro in a region of
    # its own until the server's turn limit refuses the 5000th turn.
    answer = _new(client)
    game_id, state = answer["id"], answer["state"]
    assert game_id == fixed_game_id
    assert answer["turns"] == []  # the person moves first
    assert [s["kind"] for s in state["seats"]] == FAST
    seen_seats = []
    while not state["over"]:
        assert state["to_move"] == 1
        assert state["turns_played"] < 300
        reply = _turn(client, game_id, _first_legal(state))
        answer = reply.get_json()
        assert reply.status_code == 200, answer
        seen_seats += [t["seat"] for t in answer["turns"]]
        for t in answer["turns"]:
            assert t["words"].startswith(state["seats"][t["seat"] - 1]["name"] + ":")
            assert len(t["waves"]) <= t["explosions"]
        state = answer["state"]
    assert state["to_move"] is None and state["legal"] == {}
    # turns go round the seats in order, the person's first
    assert seen_seats == [n % 3 + 1 for n in range(len(seen_seats))]
    final = _replayed(state)
    assert game_over(final, "online")
    assert state["scores"] == scores(final)
    assert state["turns_played"] == len(state["transcript"]["turns"]) == len(seen_seats)
    ranked = sorted(state["ranking"], key=lambda r: r["place"])
    assert [r["score"] for r in ranked] == sorted(state["scores"], reverse=True)
    # the online engine's format: lower-case stack keys, no seat kinds it does not know
    for player in state["transcript"]["players"]:
        assert all(key == key.lower() for key in player["stacks"])
        assert player.get("kind", "player") in ("player", "machine", "extreme-machine")
    refused = _turn(client, game_id, [])
    assert refused.status_code == 400 and "over" in refused.get_json()["error"]


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ([["q40", "q41"]], "not on the board"),
        (None, "belong to"),  # the other seat's stones: filled in below
        ([["x", "y"]], "not a field"),
        (42, "pairs"),
        ("c3-c5-c7", "not a move"),
    ],
)
def test_an_illegal_turn_changes_nothing(client, moves, reason):
    answer = _new(client)
    game_id, before = answer["id"], answer["state"]
    if moves is None:
        blue = [i for i, o in enumerate(before["board"]["owner"]) if o == 1]
        name = before["picture"]["fields"][blue[0]]["name"]
        neighbour = next(iter(before["legal"].values()))[0]
        moves = [[name, neighbour]]
    refused = _turn(client, game_id, moves)
    assert refused.status_code == 400
    assert reason in refused.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json() == before


def test_two_moves_from_one_tile_are_refused_with_the_rule(client):
    answer = _new(client)
    game_id, state = answer["id"], answer["state"]
    picture = state["picture"]
    tile_of = _tiles_by_field(picture)
    sources = list(state["legal"])
    same_tile = [s for s in sources[1:] if tile_of.get(s) == tile_of.get(sources[0])]
    assert same_tile, "the start tile holds several of the person's stacks"
    moves = [[sources[0], state["legal"][sources[0]][0]]]
    second = [same_tile[0], state["legal"][same_tile[0]][0]]
    checked = client.post(f"/api/games/{game_id}/moves", json={"moves": moves})
    assert checked.status_code == 200
    assert same_tile[0] not in checked.get_json()["legal"]  # the tile has moved
    refused = client.post(f"/api/games/{game_id}/moves", json={"moves": [*moves, second]})
    assert refused.status_code == 400 and "tile-used" in refused.get_json()["error"]
    assert _turn(client, game_id, [*moves, second]).status_code == 400
    assert client.get(f"/api/games/{game_id}").get_json() == state


def _tiles_by_field(picture) -> dict[str, int]:
    """Field name -> the tile whose outline holds it (point in polygon)."""
    out = {}
    for f in picture["fields"]:
        x, y = f["at"]
        for tile in picture["tiles"]:
            loop = tile["loops"][0]
            inside = False
            for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True):
                if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                    inside = not inside
            if inside:
                out[f["name"]] = tile["number"]
    return out


def test_a_server_restart_keeps_the_game(games_dir):
    first = create_app(games_dir=games_dir).test_client()
    answer = _new(first)
    game_id = answer["id"]
    for _ in range(3):
        answer = _turn(first, game_id, _first_legal(answer["state"])).get_json()
    before = answer["state"]
    second = create_app(games_dir=games_dir).test_client()  # a new server, same folder
    assert second.get(f"/api/games/{game_id}").get_json() == before
    after = _turn(second, game_id, _first_legal(before)).get_json()["state"]
    assert after["turns_played"] == before["turns_played"] + 3
    assert after["transcript"]["turns"][: before["turns_played"]] == before["transcript"]["turns"]


def test_two_windows_after_a_restart_cannot_both_play_on_one_position(games_dir, monkeypatch):
    # Both asked at once for a game the new server had not read yet: each request read
    # its own copy from the folder, with its own lock, and each played its own turn on
    # the same position (the later save won; the other window was told its turn counted).
    answer = _new(create_app(games_dir=games_dir).test_client())
    game_id, state = answer["id"], answer["state"]
    app = create_app(games_dir=games_dir)  # restarted
    store = app.extensions["fabgen_play"].store
    both_read, read = threading.Barrier(2, timeout=20), store._load

    def read_together(wanted):
        game = read(wanted)
        both_read.wait()  # neither request keeps its copy before the other has read it
        return game

    monkeypatch.setattr(store, "_load", read_together)
    sources = list(state["legal"])
    codes = []

    def window(source):
        body = {"moves": [[source, state["legal"][source][0]]], "version": state["version"]}
        codes.append(app.test_client().post(f"/api/games/{game_id}/turn", json=body).status_code)

    windows = [threading.Thread(target=window, args=(s,)) for s in sources[:2]]
    for w in windows:
        w.start()
    for w in windows:
        w.join(60)
    assert sorted(codes) == [200, 409]  # one turn played, the other window told to reload


def test_games_side_by_side_do_not_mix(games_dir):
    app = create_app(games_dir=games_dir)
    results: dict[str, dict] = {}
    errors: list[str] = []
    starts = {"3p-triangle-4": FAST, "2p-diamond-4": ["greedy", "person"]}

    def play(preset):
        client = app.test_client()
        answer = _new(client, preset=preset, seats=starts[preset])
        game_id, state = answer["id"], answer["state"]
        for _ in range(12):
            if state["over"]:
                break
            reply = _turn(client, game_id, _first_legal(state))
            if reply.status_code != 200:
                errors.append(reply.get_json()["error"])
                return
            state = reply.get_json()["state"]
        results[preset] = state

    threads = [threading.Thread(target=play, args=(p,)) for p in starts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and set(results) == set(starts)
    for preset, state in results.items():
        assert state["name"] == preset
        assert [s["kind"] for s in state["seats"]] == starts[preset]
        final = _replayed(state)
        assert scores(final) == state["scores"]
        assert list(final.stone_counts) == state["board"]["stones"]
        stored = app.test_client().get(f"/api/games/{state['id']}").get_json()
        assert stored == state


def test_undo_goes_back_and_the_computers_play_the_same_again(client):
    answer = _new(client)
    game_id = answer["id"]
    states = [answer["state"]]
    for _ in range(3):
        answer = _turn(client, game_id, _first_legal(states[-1])).get_json()
        states.append(answer["state"])
    back = client.post(f"/api/games/{game_id}/undo", json={"turn": 3}).get_json()
    assert back["turns"] == [] and back["state"] == states[1]
    again = _turn(client, game_id, _first_legal(back["state"])).get_json()
    assert again["state"] == states[2]  # the computers' choices are the turn's own
    bad = client.post(f"/api/games/{game_id}/undo", json={"turn": 99})
    assert bad.status_code == 400 and "from 0 to" in bad.get_json()["error"]


def test_play_again_with_seats_rotated(client):
    answer = _new(client, seats=["person", "greedy", "random"])
    again = client.post(f"/api/games/{answer['id']}/again", json={"rotate": True}).get_json()
    assert again["id"] != answer["id"]
    assert [s["kind"] for s in again["state"]["seats"]] == ["random", "person", "greedy"]
    # seat 1 is a computer now: it played before the answer
    assert [t["seat"] for t in again["turns"]] == [1]
    assert again["state"]["to_move"] == 2


def test_machine_seats_keep_their_kind(client):
    answer = _new(client, preset="2p-diamond-5-machines", seats=["person", "greedy"])
    kinds = [s["kind"] for s in answer["state"]["seats"]]
    assert kinds == ["person", "machine", "greedy", "machine"]
    state = _turn(client, answer["id"], _first_legal(answer["state"])).get_json()
    machine_turns = [t for t in state["turns"] if t["kind"] == "machine"]
    assert machine_turns and all(t["moves"] == [] for t in machine_turns)
    assert all(": no moves;" in t["words"] for t in machine_turns)
    refused = client.post(
        "/api/games",
        json={"preset": "2p-diamond-5-machines", "seats": ["person", "strong", "greedy", "random"]},
    )
    assert refused.status_code == 400 and "keeps its kind" in refused.get_json()["error"]
    assert '(give "machine" or leave' in refused.get_json()["error"]  # (JSON's quotes)


def test_uploading_a_transcript_continues_it(client):
    answer = _new(client)
    for _ in range(2):
        answer = _turn(client, answer["state"]["id"], _first_legal(answer["state"])).get_json()
    state = answer["state"]
    download = client.get(f"/api/games/{state['id']}/transcript")
    assert "attachment" in download.headers["Content-Disposition"]
    text = download.get_data(as_text=True)
    upload = client.post("/api/games", json={"board": text, "filename": "mine.json", "seats": FAST})
    assert upload.status_code == 200, upload.get_json()
    copy = upload.get_json()["state"]
    assert copy["id"] != state["id"] and copy["name"] == "mine"
    for key in ("board", "scores", "to_move", "legal", "turns_played", "history"):
        assert copy[key] == state[key]


def test_a_game_downloaded_uploaded_and_downloaded_again_keeps_its_file_name(client):
    """(Its second download was 3p-triangle-4-game-game.json, a third -game-game-game.)"""
    game_id = _new(client)["state"]["id"]
    name = 'filename="3p-triangle-4-game.json"'
    for _ in range(2):
        download = client.get(f"/api/games/{game_id}/transcript")
        assert name in download.headers["Content-Disposition"]
        upload = {"board": download.get_data(True), "filename": "3p-triangle-4-game.json"}
        game_id = _new(client, **upload, preset=None)["state"]["id"]


def test_a_board_file_and_the_designers_board_start_games(client):
    from fabgen.board.files import preset_text

    text = preset_text("2p-diamond-4")
    by_file = _new(
        client, preset=None, board=text, filename="mine.toml", seats=["person", "random"]
    )
    assert by_file["state"]["name"] == "2p-diamond-4"  # the file names its board
    by_preset = _new(client, preset="2p-diamond-4", seats=["person", "random"])
    assert by_file["state"]["board"] == by_preset["state"]["board"]
    assert by_file["state"]["picture"] == by_preset["state"]["picture"]


def _with_a_seventh_seat(preset: str = "6p-hexagon-19") -> dict:
    """The preset as the designer keeps it, with a seventh seat on a free tile."""
    from fabgen.board.files import load_preset
    from fabgen.web.designer import state_of

    state = state_of(load_preset(preset))
    starts = [p["start"] for p in state["players"]]
    free = next(t for t in state["board"]["tiles"] if t not in starts)
    state["players"].append({"name": "Grey", "colour": "grey", "start": free})
    return state


def test_a_board_with_errors_is_not_played(client, games_dir):
    # The designer's "Play this board" refuses such a board; the API did not, and
    # started a game of seven seats.
    state = _with_a_seventh_seat()
    shown = client.post("/api/board/view", json={"state": state}).get_json()
    errors = [f["text"] for f in shown["findings"] if f["severity"] == "error"]
    assert errors == [
        "error [player-count] the board has 7 seats: a game has at most 6 seats, "
        "people and machines together; remove seats"
    ]
    refused = client.post("/api/games", json={"board_state": state, "seats": None})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == (
        f"board (designer): not played: the board has 1 error: {errors[0][6:]}. Fix it first; "
        "the board designer (or fabgen validate) shows what and where"
    )
    assert not games_dir.exists() or not any(games_dir.iterdir())


def test_a_board_file_with_errors_names_its_first_errors(client):
    import tomli_w

    state = _with_a_seventh_seat()
    # Start tiles shared too (each pair of seats on one start is one error).
    for seat, other in ((6, 0), (5, 1), (4, 2)):
        state["players"][seat]["start"] = state["players"][other]["start"]
    text = tomli_w.dumps(state)
    shown = client.post("/api/board/view", json={"state": state}).get_json()
    errors = [f["text"] for f in shown["findings"] if f["severity"] == "error"]
    assert len(errors) > 3
    # (quoted as fabgen validate prints them, without the word the sentence says)
    errors = [e.removeprefix("error ") for e in errors]
    refused = client.post("/api/games", json={"board": text, "filename": "seven.toml"})
    assert refused.status_code == 400
    error = refused.get_json()["error"]
    assert error.startswith(
        f"seven.toml: not played: the board has {len(errors)} errors: "
        f"{errors[0]}; {errors[1]} (and {len(errors) - 2} more). Fix them first"
    )


def test_hints_are_legal_turns(client):
    answer = _new(client)
    game_id = answer["id"]
    hint = client.post(f"/api/games/{game_id}/hint").get_json()
    assert hint["words"].startswith("Red: ")
    checked = client.post(f"/api/games/{game_id}/moves", json={"moves": hint["moves"]})
    assert checked.status_code == 200
    # A hint from the deeper strong player, asked for by name.
    deeper = client.post(f"/api/games/{game_id}/hint", json={"player": "strong:3000"})
    assert deeper.status_code == 200
    checked = client.post(f"/api/games/{game_id}/moves", json={"moves": deeper.get_json()["moves"]})
    assert checked.status_code == 200


def test_a_hint_names_the_turn_it_makes_explosions_and_all(client):
    # In a stack start the strong player lets the start stack explode: its hint is a
    # pass, and the words say what the pass does, the same words the log then shows.
    answer = _new(client, preset="4p-diamond-5-stacks", seats=["person", *["random"] * 3])
    hint = client.post(f"/api/games/{answer['id']}/hint").get_json()
    assert hint["moves"] == []
    assert hint["words"] == "Red: passes; 1 explosion"
    played = client.post(f"/api/games/{answer['id']}/turn", json={"moves": []}).get_json()
    assert played["turns"][0]["words"] == hint["words"]


@pytest.mark.parametrize(
    "player", ["greedy", "strong:0", "strong:20001", "strong:\u00b2", 7, None, [1]]
)
def test_a_hint_comes_from_the_strong_player_only(client, player):
    game_id = _new(client)["id"]
    answer = client.post(f"/api/games/{game_id}/hint", json={"player": player})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "a hint comes from the strong player" in error
    # the message quotes what was sent as JSON writes it (null, not Python's None), its
    # letters kept ("strong:²", not "strong:\u00b2")
    assert error.endswith(f"not {json.dumps(player, ensure_ascii=False)}"), error


def test_the_picture_names_every_field_once(client):
    state = _new(client)["state"]
    names = [f["name"] for f in state["picture"]["fields"]]
    assert len(names) == len(set(names)) == len(state["board"]["status"])
    width, height = state["picture"]["viewbox"]
    for f in state["picture"]["fields"]:
        assert 0 < f["at"][0] < width and 0 < f["at"][1] < height


def test_the_picture_gives_each_seat_the_symbol_its_stones_carry_in_the_kit(client):
    """People on their seat number's symbol, machines on shapes no person has: the
    pages draw them on the stones, so seats are told apart without their colours."""
    from fabgen.geometry.symbols import board_seat_symbols

    state = _new(client, preset="2p-diamond-5-machines", seats=None)["state"]
    picture = state["picture"]
    machines = [s["kind"] == "machine" for s in state["seats"]]
    assert machines == [False, True, False, True]
    assert [s["name"] for s in picture["symbols"]] == list(board_seat_symbols(machines))
    assert [s["name"] for s in picture["symbols"]] == ["ring", "hexagon", "triangle", "diamond"]
    paths = [s["path"] for s in picture["symbols"]]
    assert len(set(paths)) == 4 and all(p.startswith("M") and p.endswith("Z") for p in paths)
    assert picture["names"] == [s["name"] for s in state["seats"]]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"preset": "no-such-board"}, 400, "unknown preset"),
        (
            {"preset": "3p-triangle-4", "seats": ["person", "wizard", "greedy"]},
            400,
            "unknown seat kind 'wizard': person, strong, strong:N, greedy, random or "
            "extreme-machine",
        ),
        # (a machine never moves: a person's seat, with a full tile, is not one for it)
        ({"preset": "3p-triangle-4", "seats": ["person", "machine", "greedy"]}, 400, "or extreme"),
        (
            {"preset": "3p-triangle-4", "seats": ["person", "strong:9999999", "greedy"]},
            400,
            "budget",
        ),
        (
            {"preset": "3p-triangle-4", "seats": ["person", "strong:\u00b2", "greedy"]},
            400,
            "budget",
        ),
        (
            {"preset": "3p-triangle-4", "seats": ["person", "strong:" + "9" * 5000, "greedy"]},
            400,
            "strong:99999... (5007 characters): the strong player's budget",
        ),
        (
            {"preset": "3p-triangle-4", "seats": ["person", "w" * 100_000, "greedy"]},
            400,
            "unknown seat kind 'wwwwwwwwwwww'... (100000 characters)",
        ),
        ({"preset": "3p-triangle-4", "seats": ["person"]}, 400, "one kind per seat"),
        ({"preset": "3p-triangle-4", "board": "x"}, 400, "one of"),
        ({"board": "{" + " " * 600_000 + "}"}, 413, "larger than 512 kB"),
        ({"board": '{"format": "Atlantis transcript"'}, 400, "not valid JSON"),
        ({"preset": "3p-triangle-4", "variant": "chess"}, 400, "unknown variant"),
        ({"preset": "3p-triangle-4", "variant": ["online"]}, 400, "unknown variant"),
        ({"preset": "3p-triangle-4", "variant": {"a": 1}}, 400, "unknown variant"),
    ],
)
def test_bad_requests_get_a_reason(client, body, status, words):
    answer = client.post("/api/games", json=body)
    assert answer.status_code == status
    error = answer.get_json()["error"]
    assert words in error
    assert len(error) < 500  # (a reason, not the request echoed back; the presets listed)


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        ("c3-c5, " * 400, "moves typed as text are at most 2000 characters"),
        ([["a1", "a2"]] * 128, "128 moves: this server takes at most 127 moves in one turn"),
        ({"c3": "c5"}, "moves must be a list of [source, destination] pairs"),
        ([["c3", None]], 'not ["c3", null]'),  # (as JSON spells what was sent)
    ],
)
def test_a_turn_too_long_or_not_a_list_says_which(client, moves, words):
    game_id = _new(client)["id"]
    answer = client.post(f"/api/games/{game_id}/turn", json={"moves": moves})
    assert answer.status_code == 400
    assert words in answer.get_json()["error"]


def test_bad_json_and_unknown_games(client):
    answer = client.post("/api/games", data="{nope", content_type="application/json")
    assert answer.status_code == 400 and "not valid JSON" in answer.get_json()["error"]
    for game_id in ("0123456789abcdef", "..", "x" * 80, "..%2F..%2Fetc"):
        missing = client.get(f"/api/games/{game_id}")
        assert missing.status_code == 404
        assert "no game" in missing.get_json()["error"] or "%2F" in game_id


def test_games_beyond_the_memory_limit_are_read_back(games_dir, monkeypatch):
    from fabgen.web import games

    monkeypatch.setattr(games, "LIMITS", dataclasses.replace(games.LIMITS, games_in_memory=2))
    app = create_app(games_dir=games_dir)
    client = app.test_client()
    ids = [_new(client, seats=["person", "random", "random"])["id"] for _ in range(4)]
    assert len(app.extensions["fabgen_play"].store._games) == 2
    for game_id in ids:
        assert client.get(f"/api/games/{game_id}").get_json()["id"] == game_id
    saved = tomllib.loads((games_dir / f"{ids[0]}.seats.toml").read_text())
    assert saved["seats"] == ["person", "random", "random"]


def test_a_full_games_folder_refuses_new_games(games_dir, monkeypatch):
    from fabgen.web import games

    monkeypatch.setattr(games, "LIMITS", dataclasses.replace(games.LIMITS, games_on_disk=1))
    client = create_app(games_dir=games_dir).test_client()
    _new(client)
    refused = client.post("/api/games", json={"preset": "3p-triangle-4"})
    assert refused.status_code == 503 and "ask the organiser" in refused.get_json()["error"]


def test_the_worker_decides_as_this_process_and_gives_up_in_time(monkeypatch):
    from fabgen.board.files import load_preset
    from fabgen.rules.transcript import parse_transcript
    from fabgen.web import thinker
    from fabgen.web.designer import start_transcript_bytes

    start = parse_transcript(start_transcript_bytes(load_preset("3p-triangle-4")).decode()).position
    worker = thinker.Thinker(use_worker=True)
    # A generous cap first: a loaded machine may take long to start the worker, and
    # this part is about the worker's answer, not its time.
    slow = dataclasses.replace(thinker.LIMITS, think_seconds=300.0)
    monkeypatch.setattr(thinker, "LIMITS", slow)
    try:
        moves, in_time = worker.decide(start, "strong:50", "online", "seed")
        assert in_time and moves == thinker.choose(start, "strong:50", "online", "seed")
        monkeypatch.setattr(thinker, "LIMITS", dataclasses.replace(slow, think_seconds=0.001))
        moves, in_time = worker.decide(start, "strong:20000", "online", "seed")
        assert not in_time and moves == thinker.choose(start, "greedy", "online", "seed")
    finally:
        worker.close()


def test_the_worker_sends_an_extreme_machines_ties_with_its_moves(monkeypatch):
    # The page's record of the turn says how many turns were as good: the worker's
    # answer must carry them, as the decision in this process has them.
    from fabgen.board.files import load_preset
    from fabgen.rules.transcript import parse_transcript
    from fabgen.web import thinker
    from fabgen.web.designer import start_transcript_bytes

    start = parse_transcript(start_transcript_bytes(load_preset("3p-triangle-4")).decode()).position
    monkeypatch.setattr(thinker, "LIMITS", dataclasses.replace(thinker.LIMITS, think_seconds=300))
    worker = thinker.Thinker(use_worker=True)
    try:
        there = worker.decide_turn(start, "extreme-machine", "online", "seed")
    finally:
        worker.close()
    here = thinker.choose_turn(start, "extreme-machine", "online", "seed")
    assert there == here and here.ties > 1 and here.in_time


def test_the_worker_forks_an_extreme_machines_look_ahead_and_stops_with_it(monkeypatch):
    """The look-ahead searches half its turns in a forked process, only where its process
    has one thread: the thinker's worker is such a process (the decision uses two cores),
    and stopping the worker (a decision too long, Ctrl+C) ends the forked half too."""
    import time
    from pathlib import Path

    from fabgen.web import thinker
    from tests.play.test_exact import _alive, position

    crowded = position("4p-diamond-5", 9, 7)  # a look-ahead of seconds, forked at once
    monkeypatch.setattr(thinker, "LIMITS", dataclasses.replace(thinker.LIMITS, think_seconds=300))
    deciding = thinker.Thinker(use_worker=True)
    outcome: list = []

    def decide():
        try:
            outcome.append(deciding.decide_turn(crowded, "extreme-machine", "online", "seed"))
        except thinker.Stopping as exc:
            outcome.append(exc)

    decision = threading.Thread(target=decide)
    decision.start()
    halves: list[int] = []
    try:
        while not halves and decision.is_alive():
            pid = deciding._workers[0].pid if deciding._workers else None
            with contextlib.suppress(FileNotFoundError, TypeError):  # (no worker yet: None)
                halves = [
                    int(k) for k in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
                ]
            time.sleep(0.01)
        assert halves, f"the worker decided without forking: {outcome}"
    finally:
        deciding.close()
        decision.join(60)
    assert isinstance(outcome[0], thinker.Stopping)  # stopped, not played
    deadline = time.monotonic() + 30  # (killed with the worker: ends at once)
    while time.monotonic() < deadline and any(_alive(k) for k in halves):
        time.sleep(0.05)
    assert not any(_alive(k) for k in halves)


def _stand_in_thinkers(monkeypatch, answer: str) -> list:
    """Computer seats decide in stand-in workers that answer ``answer`` (a Python
    expression of the request ``r``); the list of workers started."""
    import sys

    from fabgen.web.worker import LineWorker

    script = (
        f"import time\nfrom fabgen.web.worker import serve_lines\nserve_lines(lambda r: {answer})\n"
    )
    workers = []

    def stand_in(_command):
        workers.append(LineWorker([sys.executable, "-c", script]))
        return workers[-1]

    monkeypatch.setattr("fabgen.web.worker.LineWorker", stand_in)
    return workers


def test_a_decision_cut_short_by_the_server_stopping_is_not_played(games_dir, monkeypatch):
    # Ctrl+C during a computer's decision: its turn was the greedy player's, saved with
    # "it thought too long", as if the computer had been given its time; now the request
    # answers with the turns before it.
    import time

    workers = _stand_in_thinkers(monkeypatch, "time.sleep(60)")  # decisions take a minute
    app = create_app(games_dir=games_dir, think_worker=True)
    play = app.extensions["fabgen_play"]
    client = app.test_client()
    answer = _new(client, seats=["person", "strong", "strong"])
    game_id, moves = answer["id"], _first_legal(answer["state"])
    outcome = {}
    turn = threading.Thread(
        target=lambda: outcome.setdefault("turn", _turn(client, game_id, moves))
    )
    turn.start()
    while not workers or workers[0].pid is None:
        time.sleep(0.05)
    play.close()
    turn.join(20)
    stopped = outcome["turn"].get_json()  # the turns before the one cut short
    assert [t["kind"] for t in stopped["turns"]] == ["person"]
    state = create_app(games_dir=games_dir).test_client().get(f"/api/games/{game_id}").get_json()
    assert state == stopped["state"] and state["to_move"] == 2  # Blue plays when it is back
    assert not any("thought too long" in h["words"] for h in state["history"])
    # a new game cut short so keeps its id (a 503 lost it: the page could not go on with
    # it); a hint is refused, with "stopping" for the page to wait for the server
    new = _new(client, seats=["strong", "person", "strong"])
    assert new["turns"] == [] and new["state"]["to_move"] == 1
    person_first = _new(client, seats=["person", "strong", "strong"])["id"]
    hint = client.post(f"/api/games/{person_first}/hint", json={})
    assert hint.status_code == 503 and hint.get_json()["stopping"] is True


def test_a_long_decision_does_not_hold_up_another_games(monkeypatch):
    # One worker decided for every table: a quick turn at one table waited for another
    # table's search (10 s with two tables of strong:20000 beside it).
    import contextlib
    import time

    from fabgen.board.files import load_preset
    from fabgen.rules.transcript import parse_transcript
    from fabgen.web import thinker
    from fabgen.web.designer import start_transcript_bytes

    # "slow" thinks for a minute, any other player passes at once
    workers = _stand_in_thinkers(monkeypatch, "time.sleep(60) if r['player'] == 'slow' else []")
    monkeypatch.setattr(thinker, "LIMITS", dataclasses.replace(thinker.LIMITS, think_seconds=120))
    start = parse_transcript(start_transcript_bytes(load_preset("3p-triangle-4")).decode()).position
    deciding = thinker.Thinker(use_worker=True)

    def slow_decision():
        with contextlib.suppress(thinker.Stopping):  # (closed at the end)
            deciding.decide(start, "slow", "online", "a")

    slow = threading.Thread(target=slow_decision)
    try:
        slow.start()
        while not workers or workers[0].pid is None:
            time.sleep(0.05)
        begun = time.monotonic()
        assert deciding.decide(start, "quick", "online", "b") == ([], True)
        assert time.monotonic() - begun < 30  # not the other table's minute
    finally:
        deciding.close()
        slow.join(30)


def test_no_more_decisions_at_once_than_cores(monkeypatch):
    # Four long decisions on a two-core laptop took twice as long each, and ran into the
    # time cap (the greedy player's turn instead).
    import contextlib
    import time

    from fabgen.board.files import load_preset
    from fabgen.rules.transcript import parse_transcript
    from fabgen.web import thinker
    from fabgen.web.designer import start_transcript_bytes

    workers = _stand_in_thinkers(monkeypatch, "time.sleep(60)")
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    start = parse_transcript(start_transcript_bytes(load_preset("3p-triangle-4")).decode()).position
    deciding = thinker.Thinker(use_worker=True)

    def decision():
        with contextlib.suppress(thinker.Stopping):  # (closed at the end)
            deciding.decide(start, "strong", "online", "a")

    tables = [threading.Thread(target=decision) for _ in range(3)]
    try:
        for t in tables:
            t.start()
        while len([w for w in workers if w.pid]) < 2:
            time.sleep(0.05)
        time.sleep(0.5)
        assert len(workers) == 2  # the third table waits for one of them
    finally:
        deciding.close()
        for t in tables:
            t.join(30)


def test_a_games_folder_that_refuses_a_save_is_said_and_the_turn_not_kept(client, monkeypatch):
    # A full disk: "fabgen could not do this (OSError): please report it" (500), and the
    # turn went on in memory only, lost at the next restart.
    import errno

    answer = _new(client)
    game_id, moves = answer["id"], _first_legal(answer["state"])

    def full(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("fabgen.web.games.os.replace", full)
    refused = _turn(client, game_id, moves)
    assert refused.status_code == 503
    assert "could not be saved" in refused.get_json()["error"]
    assert "No space left on device" in refused.get_json()["error"]
    new = client.post("/api/games", json={"preset": "3p-triangle-4"})
    assert new.status_code == 503 and "could not be saved" in new.get_json()["error"]
    monkeypatch.undo()
    assert client.get(f"/api/games/{game_id}").get_json() == answer["state"]  # as saved


@pytest.mark.parametrize(
    ("damage", "status", "words"),
    [
        ("unreadable", 500, "cannot be read from"),
        ("a folder", 500, "cannot be read from"),
        ("bad bytes", 400, ".json: is not UTF-8 text (byte 0): the game's file is damaged"),
        ("bad settings bytes", 400, "seats.toml: is not UTF-8 text (byte 2): the game's file"),
    ],
)
def test_a_game_whose_files_cannot_be_read_is_said(games_dir, monkeypatch, damage, status, words):
    # Only a missing file was said (404); a file the folder would not give back, or one
    # not UTF-8, was "fabgen could not do this (PermissionError): please report it" (500).
    import errno
    import pathlib

    game_id = _new(create_app(games_dir=games_dir).test_client())["id"]
    transcript, settings = games_dir / f"{game_id}.json", games_dir / f"{game_id}.seats.toml"
    if damage == "unreadable":  # (the tests may run as root, whom permissions let in)
        read_text = pathlib.Path.read_text

        def refused(path, *args, **kwargs):
            if path == transcript:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return read_text(path, *args, **kwargs)

        monkeypatch.setattr(pathlib.Path, "read_text", refused)
    elif damage == "a folder":
        transcript.unlink()
        transcript.mkdir()
    elif damage == "bad bytes":
        transcript.write_bytes(b"\xff" + transcript.read_bytes())
    else:
        settings.write_bytes(b"# \xe9\n" + settings.read_bytes())
    answer = create_app(games_dir=games_dir).test_client().get(f"/api/games/{game_id}")
    assert answer.status_code == status
    error = answer.get_json()["error"]
    assert words in error and "please report it" not in error
    if status == 500:  # (the server's trouble, which asking again does not mend)
        assert f"{game_id}.json" in error and str(games_dir) in error


def test_the_games_folder_holds_transcripts_the_rules_replay(games_dir, cli):
    client = create_app(games_dir=games_dir).test_client()
    answer = _new(client)
    state = _turn(client, answer["id"], _first_legal(answer["state"])).get_json()["state"]
    transcripts = sorted(games_dir.glob("*.json"))
    assert [p.stem for p in transcripts] == [answer["id"]]
    result = cli("rules", "replay", str(transcripts[0]), "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["scores"] == state["scores"]


def test_a_downloaded_game_keeps_its_starts_passes_under_every_variant(client, cli, tmp_path):
    """A game started from a position after a pass (as rules turn --format json writes it,
    passes under every variant) and passed once more: its download, replayed, is the
    page's position, two passes in a row, and under --variant 1995 a full round of passes
    with no growing field, the end. The page wrote passes under 1995 only, so under the
    online rules the replay counted 1 and 1995 played on."""
    from fabgen.board.boardfile import parse_board_toml
    from fabgen.board.files import preset_text
    from fabgen.board.transcript_io import board_to_transcript
    from fabgen.rules.transcript import transcript_from_position, write_transcript
    from fabgen.rules.turn import play_turn

    start = board_to_transcript(parse_board_toml(preset_text("2p-diamond-4"))).position
    passed, _ = play_turn(start, [], "online")
    text = write_transcript(transcript_from_position(passed, with_passes=True))
    answer = _new(client, board=text, seats=["person", "person"], preset=None)
    state = _turn(client, answer["id"], []).get_json()["state"]
    download = tmp_path / "game.json"
    download.write_text(client.get(f"/api/games/{answer['id']}/transcript").get_data(True))
    for variant, over in (("online", False), ("1995", True)):
        result = cli("rules", "replay", download, "--format", "json", "--variant", variant)
        assert result.exit_code == 0, result.output
        final = json.loads(result.output)
        assert final["passes"] == passed.passes + 1 == 2 and final["game_over"] is over
        assert final["scores"] == state["scores"]


def test_serve_takes_a_games_folder(cli):
    result = cli("serve", "--help")
    assert result.exit_code == 0 and "--games-dir" in result.output


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("get", "/api/board/preset/" + "x" * 5000, None),
        ("get", "/api/rules/preset/" + "x" * 5000, None),
        ("post", "/api/rules/turn", {"transcript": "{}", "variant": "x" * 5000}),
        ("post", "/api/rules/turn", {"transcript": "x", "name": "x" * 5000}),
        ("post", "/api/games", {"preset": "x" * 5000}),
        ("post", "/api/games", {"preset": "2p-diamond-4", "variant": "x" * 5000}),
    ],
)
def test_an_error_quotes_a_long_request_by_its_start(client, method, url, body):
    # (each echoed the whole 5000 characters back)
    answer = getattr(client, method)(url, json=body) if body else getattr(client, method)(url)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "xxxxxxxxxxxx" in error and "x" * 41 not in error, error[:200]


def test_a_turn_may_have_a_move_on_every_tile_of_the_largest_board():
    # (the limit was 64 moves while boards of up to 127 tiles could be played)
    from fabgen.board.boardfile import MAX_TILES
    from fabgen.rules.transcript import MAX_SEGMENTS
    from fabgen.web.limits import LIMITS

    assert LIMITS.moves_per_turn >= max(MAX_TILES, MAX_SEGMENTS)


def test_a_request_on_a_position_the_game_has_left_is_refused(client):
    # Two windows on one game: the second sent its turn, taps, undo and restart for a
    # board it showed no more, and the server carried them out on its newer position.
    answer = _new(client)
    game_id, seen = answer["id"], answer["state"]
    url = f"/api/games/{game_id}"
    moves = _first_legal(seen)
    played = client.post(f"{url}/turn", json={"moves": moves, "version": seen["version"]})
    assert played.status_code == 200
    now = played.get_json()["state"]
    assert now["version"] != seen["version"]
    stale = {"version": seen["version"]}
    for path, body in [
        ("turn", {"moves": []}),
        ("moves", {"moves": moves}),
        ("undo", {"turn": 0}),
        ("again", {"rotate": False}),
        ("hint", {}),
    ]:
        refused = client.post(f"{url}/{path}", json={**body, **stale})
        assert refused.status_code == 409, path
        assert "moved on" in refused.get_json()["error"], path
    assert client.get(url).get_json() == now  # nothing changed
    # without a version (scripts written before it) a turn is played as before
    assert _turn(client, game_id, _first_legal(now)).status_code == 200
    bad = client.post(f"{url}/turn", json={"moves": [], "version": 3})
    assert bad.status_code == 400 and "version" in bad.get_json()["error"]


def test_a_position_left_and_reached_again_by_other_turns_has_another_version(client):
    # Undo and a different turn give as many turns as before, on another board.
    answer = _new(client)
    game_id, start = answer["id"], answer["state"]
    sources = list(start["legal"])
    first = _turn(client, game_id, [[sources[0], start["legal"][sources[0]][0]]]).get_json()
    client.post(f"/api/games/{game_id}/undo", json={"turn": 0})
    other = _turn(client, game_id, [[sources[1], start["legal"][sources[1]][0]]]).get_json()
    assert first["state"]["turns_played"] == other["state"]["turns_played"]
    assert first["state"]["version"] != other["state"]["version"]


def test_the_history_says_each_turn_as_it_was_played_after_a_restart_too(games_dir, monkeypatch):
    # A reload showed "Machine A: (pass)" where the turn had said "no moves; 1 explosion".
    from fabgen.web import thinker

    client = create_app(games_dir=games_dir).test_client()
    answer = _new(client, preset="2p-diamond-5-machines", seats=["person", "greedy"])
    game_id, words = answer["id"], [t["words"] for t in answer["turns"]]
    # one computer turn thinks too long: the words say so, and keep saying so
    monkeypatch.setattr(thinker.Thinker, "decide_turn", lambda *a: thinker.DecidedTurn([], False))
    for _ in range(2):
        answer = _turn(client, game_id, _first_legal(answer["state"])).get_json()
        words += [t["words"] for t in answer["turns"]]
    assert any("thought too long" in w for w in words)
    history = answer["state"]["history"]
    assert [h["words"] for h in history] == words
    restarted = create_app(games_dir=games_dir).test_client()
    assert restarted.get(f"/api/games/{game_id}").get_json() == answer["state"]


def test_at_the_table_the_turns_to_do_on_the_board_are_kept(games_dir):
    # The list of machine turns to carry out was the page's alone: a reload lost it,
    # and undo and restart left turns in it that the game no longer had.
    client = create_app(games_dir=games_dir).test_client()
    answer = _new(client, preset="1p-triangle-5-machine", seats=None, table=True)
    game_id = answer["id"]
    assert answer["state"]["todo"] == []  # the person moves first
    answer = _turn(client, game_id, _first_legal(answer["state"])).get_json()
    machine = [t for t in answer["turns"] if t["kind"] != "person"]
    todo = answer["state"]["todo"]
    assert machine and [(t["turn"], t["words"], t["details"]) for t in todo] == [
        (t["turn"], t["words"], t["details"]) for t in machine
    ]
    second = _turn(client, game_id, _first_legal(answer["state"])).get_json()
    assert len(second["state"]["todo"]) == 2 * len(todo)  # until done on the board
    restarted = create_app(games_dir=games_dir).test_client()
    assert restarted.get(f"/api/games/{game_id}").get_json() == second["state"]
    # undone turns leave the list; the machine's first turn is still to do
    back = restarted.post(f"/api/games/{game_id}/undo", json={"turn": 2}).get_json()
    assert [t["turn"] for t in back["state"]["todo"]] == [1]
    again = _turn(restarted, game_id, _first_legal(back["state"])).get_json()
    assert [t["turn"] for t in again["state"]["todo"]] == [1, 3]
    done = restarted.post(f"/api/games/{game_id}/settings", json={"done": True}).get_json()
    assert done["state"]["todo"] == []
    assert client.get(f"/api/games/{game_id}").status_code == 200
    off = restarted.post(f"/api/games/{game_id}/settings", json={"table": False}).get_json()
    assert off["state"]["todo"] == [] and off["state"]["table"] is False


def test_an_undo_is_saved_when_no_computer_plays_after_it(games_dir):
    client = create_app(games_dir=games_dir).test_client()
    answer = _new(client)
    game_id = answer["id"]
    _turn(client, game_id, _first_legal(answer["state"]))
    client.post(f"/api/games/{game_id}/undo", json={"turn": 0})
    restarted = create_app(games_dir=games_dir).test_client()
    assert restarted.get(f"/api/games/{game_id}").get_json()["turns_played"] == 0


def test_a_new_game_can_answer_before_its_computers_play(client):
    # (the play page: it knows the new game while its computers think)
    seats = ["greedy", "random", "person"]
    answer = _new(client, seats=seats, play=False)
    assert answer["turns"] == [] and answer["state"]["to_move"] == 1
    played = client.post(f"/api/games/{answer['id']}/turn", json={}).get_json()
    assert [t["seat"] for t in played["turns"]] == [1, 2]
    assert played["state"]["to_move"] == 3
    again = client.post(f"/api/games/{answer['id']}/again", json={"rotate": True, "play": False})
    assert again.get_json()["turns"] == [] and again.get_json()["id"] != answer["id"]
    refused = client.post("/api/games", json={"preset": "3p-triangle-4", "play": "no"})
    assert (
        refused.status_code == 400 and "play must be true or false" in refused.get_json()["error"]
    )


def test_at_the_table_each_explosion_to_do_says_where_its_stones_go_and_its_fields(games_dir):
    # The list of what to do on the board said "e7 explodes (live -> growing): 4 stones,
    # 2 live neighbours" alone: the people at the table had to work out where the stones
    # go; the engine's next line (as the rules viewer shows it) now comes with it.
    client = create_app(games_dir=games_dir).test_client()
    answer = _new(client, preset="1p-triangle-5-machine", seats=None, table=True)
    answer = _turn(client, answer["id"], _first_legal(answer["state"])).get_json()
    todo = answer["state"]["todo"]
    assert todo and all(len(t["effects"]) == len(t["details"]) for t in todo)
    lines = [(d, e) for t in todo for d, e in zip(t["details"], t["effects"], strict=True)]
    explosions = [(d, e) for d, e in lines if " explodes (" in d]
    assert explosions
    assert all(e.startswith(("one stone", "no live neighbour")) for _, e in explosions)
    assert all(e == "" for d, e in lines if " explodes (" not in d)
    assert [t["effects"] for t in answer["turns"] if t["kind"] != "person"] == [
        t["effects"] for t in todo
    ]
    # and the fields each turn changes, to find them on the page's picture: those it
    # moves from and to, explodes and grows, and where the explosions' stones land
    for t, record in zip(todo, [t for t in answer["turns"] if t["kind"] != "person"], strict=True):
        about = [f for m in record["moves"] for f in m] + record["growth"]
        about += [f for w in record["waves"] for f in w["fields"]]
        about += [f for e in t["effects"] for f in re.findall(r"(\S+) \((?:was|now|canc)", e)]
        assert t["fields"] == record["fields"] and sorted(t["fields"]) == sorted(set(about))


def test_a_turn_names_every_field_it_changes_stones_cancelled_on_the_way_too(client):
    # At the table each such field is outlined: a move that cancels a stone it passes
    # changes three fields, not its two ends.
    position = {
        "format": "Atlantis transcript",
        "version": "1.0",
        "segments": [
            ["b2", "c2", "c3", "b3", "a2", "a1", "b1"],
            ["d1", "e1", "e2", "d2", "c1", "c0", "d0"],
        ],
        "players": [
            {"name": "Ann", "color": "red", "stacks": {"a1": 2}},
            {"name": "Ben", "color": "blue", "stacks": {"b1": 1, "e2": 2}},
        ],
        "next_player": 0,
    }
    game = _new(client, preset=None, board=json.dumps(position), seats=["person", "person"])
    answer = client.post(f"/api/games/{game['id']}/turn", json={"moves": "a1-c1"}).get_json()
    (turn,) = answer["turns"]
    assert turn["explosions"] == 0 and turn["growth"] == []
    assert turn["details"][2:4] == ["1 stone cancelled against opponent stones", "1 lands on c1"]
    assert turn["fields"] == ["a1", "c1", "b1"]


# A position as it stands on a table (docs/tutorials/check.md): Ann's b3-c3 sets off a
# chain of six explosions in four waves, and two fields grow.
CHAIN = {
    "format": "Atlantis transcript",
    "version": "1.0",
    "segments": [
        ["b2", "c2", "c3", "b3", "a2", "a1", "b1"],
        ["d1", "e1", "e2", "d2", "c1", "c0", "d0"],
    ],
    "players": [
        {"name": "Ann", "color": "red", "stacks": {"b2": 3, "b3": 1, "c3": 2, "a1": 0}},
        {"name": "Ben", "color": "blue", "stacks": {"b1": 1, "d1": 2, "e2": -1}},
    ],
    "next_player": 0,
}


def _chain_steps(moves: str):
    """The engine's own steps of Ann's turn on CHAIN: the position after the moves, and
    every step after them (explosion waves, growth)."""
    from fabgen.rules.moves import parse_moves
    from fabgen.rules.turn import Turn

    turn = Turn(transcript_from_json(CHAIN).position, record_steps=True)
    for move in parse_moves(moves):
        turn.move(move)
    _, steps = turn.finish()
    after = [s for s in steps if s.kind in ("explosion", "growth")]
    return steps[len(steps) - len(after) - 1].position, after


def test_at_the_table_a_person_s_own_explosions_are_to_do_too(client):
    # The list said what the computers' turns set off, but not the person's own: after
    # a move that set off 14 explosions the people had the log line and the picture.
    game = _new(client, preset=None, board=json.dumps(CHAIN), seats=["person", "person"])
    game_id = game["id"]
    client.post(f"/api/games/{game_id}/settings", json={"table": True})
    answer = client.post(f"/api/games/{game_id}/turn", json={"moves": "b3-c3"}).get_json()
    (record,) = answer["turns"]
    (todo,) = answer["state"]["todo"]
    after_moves, steps = _chain_steps("b3-c3")
    assert record["explosions"] == 6 and todo["words"] == record["words"]
    assert (todo["turn"], todo["seat"], todo["kind"]) == (0, 1, "person")
    # the engine's steps after the moves, in order, each explosion with where its stones
    # go; the move itself is not said again (it is made on the board)
    from fabgen.products.turn import step_title  # (a wave's title counts its explosions)

    lines = []
    for s in steps:
        lines.append((step_title(s), ""))
        lines += zip(s.details, s.effects or ("",) * len(s.details), strict=True)
    assert list(zip(todo["details"], todo["effects"], strict=True)) == lines
    assert sum(" explodes (" in d for d in todo["details"]) == 6
    assert not any(d.startswith("move ") for d in todo["details"])
    # every field the chain changes, and no other: b3 is moved to and explodes later
    changed = fields_changed(after_moves, steps)
    assert sorted(todo["fields"]) == sorted(changed)
    assert {"b3", "c3", "b1"} <= changed and "d1" not in changed
    # Ben's turn: his growing field grows (his move is not said), after Ann's chain
    ben = client.post(f"/api/games/{game_id}/turn", json={"moves": "d1-c1"}).get_json()
    assert [(t["turn"], t["details"], t["fields"]) for t in ben["state"]["todo"]] == [
        (0, todo["details"], todo["fields"]),
        (1, ["growth: e2", "e2 gains a stone"], ["e2"]),
    ]
    done = client.post(f"/api/games/{game_id}/settings", json={"done": True}).get_json()
    assert done["state"]["todo"] == []


def test_at_the_table_a_person_s_turn_that_sets_nothing_off_is_not_to_do(client):
    # (its moves are made on the board: nothing is left to do there)
    game = _new(client, seats=["person"] * 3, table=True)
    moves = _first_legal(game["state"])
    answer = _turn(client, game["id"], moves).get_json()
    (record,) = answer["turns"]
    assert record["explosions"] == 0 and record["growth"] == []
    assert record["fields"] == moves[0] and answer["state"]["todo"] == []


def test_at_the_table_a_step_that_changes_nothing_is_not_to_do(client):
    # Every computer turn without growing fields ended its list with "growth: no
    # growing fields": nothing to do on the board, six lines of it in a round of six.
    game = _new(client, seats=["person", "greedy", "greedy"], table=True)
    answer = _turn(client, game["id"], _first_legal(game["state"])).get_json()
    computers = [t for t in answer["turns"] if t["kind"] != "person"]
    assert computers and all("growth: no growing fields" in t["details"] for t in computers)
    todo = answer["state"]["todo"]
    assert [t["turn"] for t in todo] == [t["turn"] for t in computers]
    for t, record in zip(todo, computers, strict=True):
        kept = [(d, e) for d, e in zip(record["details"], record["effects"], strict=True)]
        kept.remove(("growth: no growing fields", ""))
        assert list(zip(t["details"], t["effects"], strict=True)) == kept
        assert t["fields"] == record["fields"]


def test_at_home_a_person_s_explosions_are_not_to_do(client):
    game = _new(client, preset=None, board=json.dumps(CHAIN), seats=["person", "greedy"])
    answer = client.post(f"/api/games/{game['id']}/turn", json={"moves": "b3-c3"}).get_json()
    assert answer["turns"][0]["explosions"] == 6
    assert answer["state"]["todo"] == [] and answer["state"]["table"] is False


def test_the_board_picture_marks_its_places_to_add_a_tile(client):
    """The chosen board's picture (the designer's) marks its dashed places where a tile
    could be added, so that the play page can show the board without them."""
    from xml.etree import ElementTree

    view = client.get("/api/board/preset/3p-triangle-4").get_json()
    root = ElementTree.fromstring(view["svg"])
    dashed = [e for e in root.iter() if e.get("stroke-dasharray")]
    marked = [e for e in root.iter() if e.get("class") == "free-place"]
    assert len(view["targets"]["free"]) > 0
    assert marked == dashed and len(marked) == len(view["targets"]["free"])
    # each marked place is one of the free places, not a tile of the board
    corners = {tuple(map(float, p)) for f in view["targets"]["free"] for p in f["points"]}
    for e in marked:
        points = re.findall(r"(-?[\d.]+),(-?[\d.]+)", e.get("d"))
        assert all((round(float(x), 3), round(float(y), 3)) in corners for x, y in points)


def test_an_extreme_machines_turn_says_it_was_one_of_its_equally_good_turns(client, games_dir):
    """The page's record of it gave the moves only: fabgen rules machine on the same
    position (its own seed) may draw another of the best turns, and a player checking the
    page's turn there found another one without a word why."""
    from click.testing import CliRunner

    from fabgen.cli import main
    from fabgen.rules.setup import start_position
    from fabgen.rules.transcript import transcript_from_position, write_transcript

    data = json.loads(write_transcript(transcript_from_position(start_position(2, 3))))
    data["players"][0]["kind"] = "extreme-machine"
    text = json.dumps(data)
    answer = client.post(
        "/api/games", json={"board": text, "filename": "x.json", "seats": ["person", "person"]}
    ).get_json()
    played = answer["turns"][0]
    assert played["kind"] == "extreme-machine"
    (games_dir / "start.json").write_text(text)
    path = str(games_dir / "start.json")
    report = json.loads(
        CliRunner().invoke(main, ["rules", "machine", path, "--format", "json"]).stdout
    )
    assert report["ties"] > 1 and report["all_ties"]
    said = f"; one of {report['ties']:,} equally good turns"
    assert played["words"].endswith(said)
    # the history says so too, after a restart
    restarted = create_app(games_dir=games_dir).test_client()
    history = restarted.get(f"/api/games/{answer['id']}").get_json()["history"]
    assert history[0]["words"] == played["words"]


def _extreme_start(client):
    """A game on 3p-triangle-4 whose first seat, a person's seat of the board, is given
    to the extreme machine: it plays before the answer."""
    return _new(client, seats=["extreme-machine", "person", "greedy"])


def test_a_person_s_seat_given_to_the_extreme_machine_plays_its_turns(client):
    from fabgen.web.thinker import choose_turn

    answer = _extreme_start(client)
    game_id, state = answer["id"], answer["state"]
    start = transcript_from_json(state["transcript"]).position
    # the board's seat is still a person's: the transcript says player, the game the kind
    assert [p.kind for p in start.players] == ["player"] * 3
    assert [s["kind"] for s in state["seats"]] == ["extreme-machine", "person", "greedy"]
    (first,) = answer["turns"]
    decided = choose_turn(start, "extreme-machine", "online", f"{game_id}:0")
    assert first["kind"] == "extreme-machine" and first["moves"]  # it moves, as a person
    assert first["moves"] == [[a, b] for a, b in state["transcript"]["turns"][0]]
    assert state["transcript"]["turns"][0] == [
        [field_name(m.source), field_name(m.destination)] for m in decided.moves
    ]
    assert first["words"].endswith(f"; one of {decided.ties:,} equally good turns")
    # the person's turn, then greedy's and the machine's again
    after = _turn(client, game_id, _first_legal(state)).get_json()
    assert [t["kind"] for t in after["turns"]] == ["person", "greedy", "extreme-machine"]
    assert after["turns"][-1]["moves"] == after["state"]["transcript"]["turns"][3]
    final = _replayed(after["state"])
    assert after["state"]["scores"] == scores(final)


def test_the_extreme_machine_in_a_person_s_seat_rotates_and_gives_the_seat_back(client):
    # On a board with machine seats of its own: those stay, the extreme machine moves
    # on with the people (it was taken for a board's machine and kept its seat).
    answer = _new(client, preset="2p-diamond-5-machines", seats=["extreme-machine", "person"])
    kinds = [s["kind"] for s in answer["state"]["seats"]]
    assert kinds == ["extreme-machine", "machine", "person", "machine"]
    again = client.post(f"/api/games/{answer['id']}/again", json={"rotate": True}).get_json()
    kinds = [s["kind"] for s in again["state"]["seats"]]
    assert kinds == ["person", "machine", "extreme-machine", "machine"]
    back = client.post(f"/api/games/{again['id']}/again", json={"rotate": True}).get_json()
    assert [s["kind"] for s in back["state"]["seats"]][::2] == ["extreme-machine", "person"]
    # given back to a person, with the people's seats only or every seat listed
    for seats in (["person", "greedy"], ["person", "machine", "greedy", "machine"]):
        changed = client.post(f"/api/games/{again['id']}/settings", json={"seats": seats})
        assert changed.status_code == 200, changed.get_json()
        kinds = [s["kind"] for s in changed.get_json()["state"]["seats"]]
        assert kinds == ["person", "machine", "greedy", "machine"]
    refused = client.post(
        f"/api/games/{again['id']}/settings",
        json={"seats": ["person", "extreme-machine", "greedy", "machine"]},
    )
    assert refused.status_code == 400 and "keeps its kind" in refused.get_json()["error"]


def test_a_restart_keeps_which_extreme_machine_is_the_boards_and_which_a_person_s(games_dir):
    # A board whose seat 1 is its own extreme machine, and seat 3 (a person's) given to
    # the extreme machine: the seats file says extreme-machine twice; read back, the
    # start position says which is the board's.
    from fabgen.rules.setup import start_position
    from fabgen.rules.transcript import transcript_from_position, write_transcript

    data = json.loads(write_transcript(transcript_from_position(start_position(2, 3))))
    data["players"][0]["kind"] = "extreme-machine"
    first = create_app(games_dir=games_dir).test_client()
    body = {"board": json.dumps(data), "filename": "x.json", "seats": ["person", "extreme-machine"]}
    answer = first.post("/api/games", json=body).get_json()
    game_id, state = answer["id"], answer["state"]
    assert [s["kind"] for s in state["seats"]] == ["extreme-machine", "person", "extreme-machine"]
    saved = tomllib.loads((games_dir / f"{game_id}.seats.toml").read_text())
    assert saved["seats"] == ["extreme-machine", "person", "extreme-machine"]
    kinds = [p.get("kind", "player") for p in state["transcript"]["players"]]
    assert kinds == ["extreme-machine", "player", "player"]
    second = create_app(games_dir=games_dir).test_client()  # a new server, same folder
    assert second.get(f"/api/games/{game_id}").get_json() == state
    after = _turn(second, game_id, _first_legal(state)).get_json()
    assert [t["kind"] for t in after["turns"]] == ["person", "extreme-machine", "extreme-machine"]
    rotated = second.post(f"/api/games/{game_id}/again", json={"rotate": True}).get_json()
    kinds = [s["kind"] for s in rotated["state"]["seats"]]
    assert kinds == ["extreme-machine", "extreme-machine", "person"]
    # the person's seat of the board given back to a person: the board's machine stays
    changed = second.post(f"/api/games/{game_id}/settings", json={"seats": ["person", "person"]})
    assert [s["kind"] for s in changed.get_json()["state"]["seats"]] == [
        "extreme-machine",
        "person",
        "person",
    ]


# ---- refusals that change nothing, in the game's own words -----------------------------


@pytest.mark.parametrize(
    "bad", [{"table": "yes"}, {"done": 1}], ids=["table not a switch", "done not a switch"]
)
def test_refused_settings_change_no_seat(client, bad):
    # The seats were changed before "table" and "done" were checked: the 400 came with
    # the person's seat given to a computer (in memory, not on disk).
    game_id = _new(client)["id"]
    refused = client.post(f"/api/games/{game_id}/settings", json={"seats": ["greedy"] * 3, **bad})
    assert refused.status_code == 400 and "true or false" in refused.get_json()["error"]
    state = client.get(f"/api/games/{game_id}").get_json()
    assert [s["kind"] for s in state["seats"]] == FAST
    assert state["to_move"] == 1 and state["legal"]


def test_moves_and_hints_on_a_finished_game_say_it_is_over(client):
    # They said "it is Red's turn (seat 1, person): no person is to move".
    answer = _new(client, preset="2p-diamond-4", seats=["random", "random"])
    game_id = answer["id"]
    state = answer["state"]
    while not state["over"]:  # (the computers may stop after their seconds)
        state = client.post(f"/api/games/{game_id}/turn", json={}).get_json()["state"]
    client.post(f"/api/games/{game_id}/settings", json={"seats": ["person", "person"]})
    for url, body in (("moves", {"moves": []}), ("hint", {})):
        refused = client.post(f"/api/games/{game_id}/{url}", json=body)
        error = refused.get_json()["error"]
        assert refused.status_code == 400 and error.startswith("the game is over: 1. "), error
        assert "turn" not in error


@pytest.mark.parametrize("typed", [",", ",,,", " ; , "])
def test_typed_separators_alone_are_no_pass(client, typed):
    # They were played as a pass; a pass is typed as nothing, or "pass".
    game_id = _new(client)["id"]
    refused = _turn(client, game_id, typed)
    assert refused.status_code == 400 and "holds no move" in refused.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json()["turns_played"] == 0
    assert _turn(client, game_id, "pass").status_code == 200


def test_a_new_game_under_an_id_used_before_shows_its_own_board(client, fixed_game_id):
    """The board's picture was kept by the game's id: a second game given the same id
    (every game of a test with a fixed id) showed the first game's board."""
    first = _new(client)["state"]["picture"]
    second = _new(client, preset="2p-diamond-4", seats=["person", "random"])["state"]
    assert second["name"] == "2p-diamond-4"
    assert second["picture"] != first
    fresh = client.get(f"/api/games/{fixed_game_id}").get_json()["picture"]
    assert fresh == second["picture"]
