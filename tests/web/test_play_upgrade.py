"""A play page open while fabgen serve is upgraded: the position's ``version`` names the
same game the same way, and where a server names it otherwise the page goes on with
what was tapped (the API through Flask's test client; the page in Debian's chromium
driven by Playwright)."""

from __future__ import annotations

import hashlib

import pytest

from fabgen.rules.moves import Move, move_text
from fabgen.web import create_app
from fabgen.web.games import Game
from tests.web.conftest import serving
from tests.web.helpers import checked_page, play_settled

SEATS = ["person", "greedy", "strong:20"]


def _minus_move(state) -> list[str]:
    """A legal move of the person between two names with a minus sign (3p-triangle-4:
    Red starts left of column a)."""
    return next(
        [source, destination]
        for source, destinations in state["legal"].items()
        for destination in destinations
        if source.startswith("-") and destination.startswith("-")
    )


def _game_with_a_minus_move(client) -> dict:
    state = client.post("/api/games", json={"preset": "3p-triangle-4", "seats": SEATS})
    state = state.get_json()["state"]
    body = {"moves": [_minus_move(state)], "version": state["version"]}
    answer = client.post(f"/api/games/{state['id']}/turn", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["state"]


def _version_as_before_the_to_spelling(state) -> str:
    """The version servers gave before moves between names with a minus sign read
    "-d1 to -c1" (2026-11-30): each move's names joined by "-", as pages still hold it."""
    turns = state["transcript"]["turns"]
    text = ";".join(",".join(f"{s}-{d}" for s, d in turn) for turn in turns)
    digest = hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:10]
    return f"{len(turns)}-{digest}"


def test_a_position_keeps_its_version_whatever_the_spelling_of_moves_for_people(
    games_dir, monkeypatch
):
    # The version digested the moves as people read them: the "-d1 to -c1" spelling
    # renamed every position with a minus name, and a page open across the upgrade had
    # its tapped moves refused as "moved on in another window".
    state = _game_with_a_minus_move(create_app(games_dir=games_dir).test_client())
    first = state["transcript"]["turns"][0][0]
    assert move_text(*first) != f"{first[0]}-{first[1]}"  # (spelt "-d1 to -c1")
    assert state["version"] == _version_as_before_the_to_spelling(state)
    # another spelling for people, the game read again by a server started afresh
    monkeypatch.setattr(Move, "__str__", lambda m: "a move spelt otherwise")
    again = create_app(games_dir=games_dir).test_client().get(f"/api/games/{state['id']}")
    assert again.get_json()["history"][0]["moves"] == "a move spelt otherwise"
    assert again.get_json()["version"] == state["version"]


def test_a_page_of_the_server_before_the_to_spelling_plays_on(games_dir):
    client = create_app(games_dir=games_dir).test_client()
    state = _game_with_a_minus_move(client)
    assert state["seats"][state["to_move"] - 1]["kind"] == "person"  # (Red again)
    held = _version_as_before_the_to_spelling(state)
    source = next(iter(state["legal"]))
    body = {"moves": [[source, state["legal"][source][0]]], "version": held}
    answer = client.post(f"/api/games/{state['id']}/moves", json=body)
    assert answer.status_code == 200, answer.get_json()


# ---- the page, across a server that names positions otherwise -------------------------------


@pytest.fixture
def play(browser, tmp_path):
    """The play page of a server of its own (1280 px), JavaScript errors checked."""
    app = create_app(games_dir=tmp_path / "games")
    viewport = {"width": 1280, "height": 900}
    with serving(app) as url, checked_page(browser, viewport=viewport) as page:
        page.goto(url + "/play")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page


def _tap(page, move):
    for name in move:
        page.locator(f'#board [data-field="{name}"]').click()
    page.locator("#pending").filter(has_text=move_text(*move)).wait_for()


def _a_legal_move(page) -> list[str]:
    return page.evaluate("() => Object.entries(now.legal).map(([s, ds]) => [s, ds[0]])[0]")


@pytest.fixture
def renamed(monkeypatch):
    """renamed(): from now on the server names every position otherwise (as a server
    upgraded to another spelling of its version would), the game itself unchanged;
    each call another name."""
    spelt, names = Game.version, []

    def rename():
        names.append(f"renamed{len(names)}:")
        prefix = names[-1]
        monkeypatch.setattr(Game, "version", property(lambda g: prefix + spelt.fget(g)))

    return rename


def _start(page):
    page.locator('#seat-list[data-board="preset:3p-triangle-4"] #seat-0').wait_for()
    page.locator("#seat-1").select_option("greedy")
    page.locator("#seat-2").select_option("greedy")
    page.get_by_label("Show explosions wave by wave").set_checked(False)
    page.get_by_role("button", name="Start game").click()
    play_settled(page)


def test_a_page_open_as_the_server_renames_its_positions_plays_on_as_tapped(play, renamed):
    # The tap, or End turn, was refused with 409: the page loaded the game again, said
    # "This game moved on in another window", and forgot the moves tapped in the turn.
    _start(play)
    held = play.evaluate("() => game.version")
    renamed()
    move = _minus_move({"legal": play.evaluate("() => game.legal")})
    _tap(play, move)  # (checked by the server, with the name the page held)
    assert play.evaluate("() => pending") == [move]
    assert play.evaluate("() => game.version") not in ("", held)  # the server's taken
    assert "moved on" not in play.locator("#status").inner_text()
    renamed()
    play.get_by_role("button", name="End turn").click()
    play.wait_for_function("() => game.turns_played >= 1")
    play_settled(play)
    assert play.evaluate("() => game.transcript.turns[0]") == [move]
    assert "moved on" not in play.locator("#status").inner_text()


def test_taps_kept_over_a_reload_come_back_where_the_server_renamed_the_position(play, renamed):
    _start(play)
    move = _a_legal_move(play)
    _tap(play, move)
    renamed()
    play.reload()
    play.locator("#status").filter(has_text="tapped before the reload are kept").wait_for()
    play_settled(play)
    assert play.evaluate("() => pending") == [move]


def test_taps_stay_when_the_server_comes_back_upgraded(play, renamed):
    # A request cut off by the server stopping: once it was back under another name for
    # the same position, the page loaded the game again and the turn's taps were gone.
    _start(play)
    move = _a_legal_move(play)
    _tap(play, move)
    play.route("**/api/games/*/hint", lambda route: route.abort())
    renamed()
    play.get_by_role("button", name="Hint").click()
    play.locator("#status").filter(has_text="fabgen serve is back").wait_for()
    play_settled(play)
    assert play.evaluate("() => pending") == [move]
    assert play.evaluate("() => game.version").startswith("renamed0:")
    play.get_by_role("button", name="End turn").click()
    play.wait_for_function("() => game.turns_played >= 1")
    play_settled(play)
    assert play.evaluate("() => game.transcript.turns[0]") == [move]
