"""What a walk through whole games on the play page in chromium found: the Game over box
says why the game ended (on a phone the status line saying it is out of the window at the
end), and New game puts the last game's list of turns aside with its turn."""

from __future__ import annotations

import json
from urllib.request import Request, urlopen

import pytest

from tests.web.helpers import checked_page, play_settled


@pytest.fixture
def play(browser, play_url):
    with checked_page(browser, viewport={"width": 1280, "height": 900}) as page:
        page.goto(play_url + "/play")
        yield page


def _post(url, body):
    request = Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request, timeout=60) as answer:
        return json.load(answer)


def _finished_game(play, play_url, seats=("person", "greedy")) -> None:
    """A person against greedy on 2p-diamond-4, seated as ``seats`` says, the person's
    first legal move each turn (played through the API), opened on the page. (With a
    fixed game id: the greedy player's choices follow from the id, and some ids' games
    never end.)"""
    answer = _post(play_url + "/api/games", {"preset": "2p-diamond-4", "seats": list(seats)})
    state = answer["state"]
    while not state["over"]:
        legal = state["legal"]
        moves = [[next(iter(legal)), next(iter(legal.values()))[0]]] if legal else []
        state = _post(f"{play_url}/api/games/{answer['id']}/turn", {"moves": moves})["state"]
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    play.locator("#status").filter(has_text="; final ranking: ").wait_for()


def test_the_game_over_box_says_why_the_game_ended(play, play_url, fixed_game_id):
    """The box under the final board held only the ranking: why the game ended stood in
    the status line above the board, out of a phone's window when the box is in it."""
    _finished_game(play, play_url)
    status = play.locator("#status").inner_text()
    why = status.removeprefix("Game over: ").split("; final ranking: ")[0]
    assert why and why != status
    box = play.locator("#game-over")
    assert box.is_visible()
    said = play.locator("#over-why").inner_text()
    assert said == f"{why[0].upper()}{why[1:]}."
    # (the reason stands above the ranking, inside the box)
    assert (
        play.locator("#over-why").bounding_box()["y"] < play.locator("#ranking").bounding_box()["y"]
    )


def test_new_game_puts_the_last_games_turns_aside_with_its_turn(play, play_url):
    """Under the board chosen for a new game the last game's list of turns read as that
    board's turns, of fields it may not have: it is put aside with the turn, and back
    with it."""
    answer = _post(
        play_url + "/api/games", {"preset": "2p-diamond-4", "seats": ["person", "greedy"]}
    )
    state = answer["state"]
    for _ in range(3):
        legal = state["legal"]
        moves = [[next(iter(legal)), next(iter(legal.values()))[0]]]
        state = _post(f"{play_url}/api/games/{answer['id']}/turn", {"moves": moves})["state"]
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    play.wait_for_function("() => typeof game !== 'undefined' && game && game.turns_played >= 6")
    play_settled(play)
    log = play.locator("#log")
    assert log.locator("li").count() >= 3 and log.is_visible()
    turns = play.get_by_role("heading", name="Turns", exact=True)
    assert turns.is_visible()
    play.get_by_role("button", name="New game").click()
    play.locator("#aside").wait_for()
    assert not log.is_visible() and not turns.is_visible()
    assert not play.locator(".log-help").is_visible()
    play.get_by_role("button", name="Back to the last game").click()
    assert log.is_visible() and turns.is_visible()


def _held(play, pattern):
    """Requests to ``pattern`` held back until released: what the page says meanwhile."""
    held = []
    play.route(pattern, lambda route: held.append(route))
    return held


def _wait_held(play, held):
    play.wait_for_function("() => busy")  # (the request is on its way)
    while not held:
        play.wait_for_timeout(50)


def _release(play, held, pattern):
    for route in held:
        route.continue_()
    play.unroute(pattern)


def _game_through_api(play, play_url, seats, rounds):
    answer = _post(play_url + "/api/games", {"preset": "3p-triangle-4", "seats": seats})
    state = answer["state"]
    for _ in range(rounds):
        legal = state["legal"]
        moves = [[next(iter(legal)), next(iter(legal.values()))[0]]]
        state = _post(f"{play_url}/api/games/{answer['id']}/turn", {"moves": moves})["state"]
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    play.wait_for_function(
        f"() => typeof game !== 'undefined' && game && game.turns_played === {3 * rounds}"
    )
    play_settled(play)
    return state


def test_undo_names_nobody_thinking(play, play_url):
    """Undo goes back to a person's turn, and nobody plays in its request; the line said
    the seats after the person to move now were thinking ("Blue and Green are
    thinking…") while the server took the game back."""
    _game_through_api(play, play_url, ["person", "greedy", "strong"], 2)
    play.locator("#undo-turn").select_option("3")  # (the person's second turn)
    held = _held(play, "**/undo")
    play.get_by_role("button", name="Undo", exact=True).click()
    _wait_held(play, held)
    assert play.locator("#thinking").is_hidden()
    _release(play, held, "**/undo")
    play_settled(play)
    assert play.evaluate("() => game.turns_played") == 3


def test_play_again_rotated_names_nobody_thinking_while_the_game_is_made(
    play, play_url, fixed_game_id, monkeypatch
):
    """Play again, seats rotated makes the new game and plays nothing in that request
    (its computers play in the next, which says so): the line named the finished game's
    seat 1, a computer, as thinking, though the person moves first in the new game."""
    _finished_game(play, play_url, ("greedy", "person"))
    play.locator("#game-over").wait_for()
    monkeypatch.undo()  # (the new game an id of its own, as the server gives it)
    held = _held(play, "**/again")
    play.get_by_role("button", name="Play again, seats rotated").click()
    _wait_held(play, held)
    assert play.locator("#thinking").is_hidden()
    _release(play, held, "**/again")
    play.wait_for_function("() => game && !game.over && game.turns_played === 0")
    play_settled(play)
    assert play.evaluate("() => game.seats[0].kind") == "person"
