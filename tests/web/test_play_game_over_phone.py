"""The Game over box on a phone, on the boards with machines: the final board and the whole
box (why the game ended, the ranking, Play again) are seen together in the window. Only
3p-triangle-4 (three seats, a short reason) was looked at before; with five or six seats
the ranking of a tie takes four lines and "nothing can change any more (...)" four more.
The box brought into view under the final board stood 72 px above the window's foot, as
if the bar of the turn's actions were there, and the board gave up nothing for it: the
top of the final board was pushed out of a 360 x 640 window. Debian's chromium driven by
Playwright."""

from __future__ import annotations

import json
from urllib.request import Request, urlopen

import pytest

from fabgen.rules.moves import parse_moves
from fabgen.rules.names import field_name
from tests.web.helpers import checked_page, play_settled

PHONES = {
    "360x640": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
#: The boards with machines where the box pushed the final board out of a phone's window,
#: each with the id of a game of greedy players on it (their choices follow from the id)
#: whose end takes the most words there. (Ids apart: a game given the id of a game on
#: another board kept that board's picture on the server.) On 1p-triangle-5-machine,
#: 2p-diamond-5-machines ("nothing can change any more (...)" too) and
#: 3p-triangle-7-machines board and box fitted at 360 x 640 already, as on every board at
#: 390 x 844; they fit as before.
GAMES = {
    "4p-hexagon-19-machines": "0000000000000009",  # nothing can change, six seats tied
    "5p-hexagon-19-dummy": "0000000000000004",  # the whole board burnt, six seats tied
}


def _post(url, body):
    request = Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request, timeout=120) as answer:
        return json.load(answer)


def _people(play_url, preset) -> int:
    """How many seats of ``preset`` are not the board's machines."""
    seats = _post(f"{play_url}/api/games", {"preset": preset, "play": False})["state"]["seats"]
    return sum(s["kind"] not in ("machine", "extreme-machine") for s in seats)


def _to_the_last_turn(play_url, preset) -> tuple[str, list, str]:
    """The game of greedy players on ``preset`` (the game's id fixed), played again with a
    person in seat 1 playing the greedy player's turns (the others' choices follow from
    the id and the turn) up to the person's last turn: the game's id, that turn's moves
    (pairs of field names) and the words of the end."""
    people = _people(play_url, preset)
    greedy = {"preset": preset, "seats": ["greedy"] * people}
    state = _post(f"{play_url}/api/games", greedy)["state"]
    game = f"{play_url}/api/games/{state['id']}"
    while not state["over"]:
        state = _post(f"{game}/turn", {})["state"]
    history, ending = state["history"], state["ending"]["words"]
    last = max(h["turn"] for h in history if h["seat"] == 1)
    seats = ["person"] + ["greedy"] * (people - 1)
    state = _post(f"{play_url}/api/games", {"preset": preset, "seats": seats})["state"]
    while state["turns_played"] < last:
        turn = history[state["turns_played"]]
        assert turn["seat"] == 1 and state["to_move"] == 1
        moves = "" if turn["moves"] == "(pass)" else turn["moves"]
        state = _post(f"{game}/turn", {"moves": moves})["state"]
    assert state["to_move"] == 1 and not state["over"]
    moves = [] if history[last]["moves"] == "(pass)" else parse_moves(history[last]["moves"])
    return state["id"], [(field_name(m.source), field_name(m.destination)) for m in moves], ending


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("preset", GAMES)
def test_on_a_phone_the_final_board_and_the_game_over_box_are_seen_together(
    browser, play_url, monkeypatch, preset, size
):
    monkeypatch.setattr("fabgen.web.games.secrets.token_hex", lambda _n=8: GAMES[preset])
    game_id, moves, ending = _to_the_last_turn(play_url, preset)
    with checked_page(browser, **PHONES[size]) as phone:
        phone.goto(f"{play_url}/play#game={game_id}")
        phone.evaluate("document.fonts.ready.then(() => true)")
        phone.wait_for_function("() => typeof game !== 'undefined' && game && !busy")
        play_settled(phone)
        phone.get_by_label("Show explosions wave by wave").set_checked(False)
        # the person's last turn, tapped on the board and ended in the bar at the foot
        for n, (source, destination) in enumerate(moves, 1):
            phone.locator(f'#board [data-field="{source}"]').click()
            phone.locator(f'#board [data-field="{destination}"]').click()
            phone.wait_for_function("n => pending.length === n", arg=n)
        phone.get_by_role("button", name="End turn").tap()
        phone.wait_for_function("() => !busy && game.over")
        assert phone.evaluate("() => game.ending.words") == ending  # (the greedy game's end)
        phone.wait_for_timeout(200)  # (the end brought into view)
        board = phone.locator("#board").bounding_box()
        box = phone.locator("#game-over").bounding_box()
        height = phone.viewport_size["height"]
        why = phone.locator("#over-why").inner_text()
        # (within a pixel: the page lays out in fractions of one)
        assert board["y"] > -1, f"{why}: the board's top {-board['y']:.0f} px above the window"
        foot = box["y"] + box["height"]
        assert foot < height + 1, f"{why}: the box's foot {foot - height:.0f} px below the window"
        assert board["height"] > 200  # (the board made smaller for it, not given up)
