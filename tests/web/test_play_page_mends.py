"""Mends of the play page, in chromium as a person meets them: the server away (its
buttons unavailable, what to do said, the position kept) and Restart with a computer moving
first (the restart said before its turn)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.web.helpers import checked_page, play_settled

BOARD = "2p-diamond-4"
# The controls that ask the server, shown unavailable while it is away.
NEEDS_SERVER = ["end-turn", "hint", "play-typed", "restart", "download", "table-switch"]


@pytest.fixture
def play(browser, play_url):
    with checked_page(browser, viewport={"width": 1280, "height": 900}) as page:
        page.on("dialog", lambda dialog: dialog.accept())  # (Restart asks first)
        page.goto(play_url + "/play")
        yield page


def _start(page, seats=("person", "greedy"), settle=True):
    page.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
    page.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
    for k, kind in enumerate(seats):
        page.locator(f"#seat-{k}").select_option(kind)
    page.get_by_label("Show explosions wave by wave").set_checked(False)
    page.get_by_role("button", name="Start game").click()
    if settle:
        play_settled(page)


def _tap_a_move(page):
    source, destinations = page.evaluate("() => Object.entries(game.legal)[0]")
    page.locator(f'#board [data-field="{source}"]').click()
    page.locator(f'#board [data-field="{destinations[0]}"]').click()
    page.wait_for_function("() => pending.length === 1 && !busy")


def _shown(page):
    """The board as the picture shows it, and the moves tapped in the turn."""
    return page.evaluate(
        "() => [[...document.querySelectorAll('#board [data-field]')].map(g =>"
        " [g.dataset.field, g.dataset.status, g.dataset.owner, g.dataset.stones]),"
        " movesText(pending)]"
    )


def _unavailable(page):
    return page.evaluate(
        "ids => ids.filter(id => document.getElementById(id).getAttribute('aria-disabled')"
        " === 'true' && getComputedStyle(document.getElementById(id).closest('.kind-bool')"
        " || document.getElementById(id)).opacity < 0.6)",
        NEEDS_SERVER,
    )


def test_while_the_server_is_away_its_buttons_are_unavailable_and_the_page_says_what_to_do(
    play, fixed_game_id
):
    # The network gone, the turn's buttons stayed live: End turn pressed again failed
    # again, its error hid the waiting line, and nothing said how to get the server back.
    _start(play)
    _tap_a_move(play)
    before = _shown(play)
    sent = []
    play.on("request", lambda r: sent.append(r.url) if "/api/games/" in r.url else None)
    play.context.set_offline(True)
    play.get_by_role("button", name="Hint").click()
    waiting = play.locator("#thinking")
    waiting.filter(has_text="Waiting for fabgen serve").wait_for()
    said = waiting.inner_text()
    assert "cannot be reached" in said and "start fabgen serve again" in said, said
    assert _unavailable(play) == NEEDS_SERVER
    # pressed anyway: nothing is sent, and the page says why, the waiting line stays
    count = len(sent)
    for control in ["#table-switch", "#download", "#end-turn"]:
        play.locator(control).click(force=True)
    status = play.locator("#status")
    assert status.inner_text().startswith("Not sent: fabgen serve cannot be reached")
    assert "start fabgen serve again" in status.inner_text()
    assert waiting.is_visible() and "cannot be reached" in waiting.inner_text()
    assert not play.locator("#table-switch").is_checked()  # (pressed, it stays as it was)
    assert len(sent) == count
    assert _shown(play) == before  # the position and the move tapped are kept
    play.context.set_offline(False)
    status.filter(has_text="fabgen serve is back").wait_for()
    assert _unavailable(play) == [] and waiting.is_hidden()
    assert _shown(play) == before
    # and the turn tapped before goes on
    played = play.evaluate("() => game.turns_played")
    play.get_by_role("button", name="End turn").click()
    play.wait_for_function("n => !busy && game.turns_played > n", arg=played)
    assert play.evaluate("() => game.history[0].moves") == before[1]


@pytest.mark.parametrize("first", ["computer", "person"])
def test_restart_says_the_game_started_again_whoever_moves_first(play, fixed_game_id, first):
    # With a computer first the status showed its turn alone after Restart, as if the
    # game had gone on; with a person first it said "Started again from the first turn."
    _start(play, ("greedy", "person") if first == "computer" else ("person", "greedy"))
    play.get_by_role("button", name="End turn").click()  # (a pass, then the computer's)
    play.wait_for_function("() => !busy && game.turns_played >= 2")
    play_settled(play)
    held = []
    play.route("**/again", lambda route: held.append(route))
    play.get_by_role("button", name="Restart").click()
    while not held:
        play.wait_for_timeout(20)
    status = play.locator("#status")
    assert status.inner_text() == "Starting again from the first turn…"  # (said at once)
    held[0].continue_()
    play.unroute("**/again")
    play.wait_for_function("() => !busy && game.turns_played <= 1")
    play_settled(play)
    restarted = "Started again from the first turn."
    if first == "person":
        assert status.inner_text() == restarted
    else:
        words = play.evaluate("() => game.history[0].words")
        assert status.inner_text() == f"{restarted} {words}"


def test_a_computer_opening_the_game_is_said_to_be_thinking(play):
    # The line counted from the seat after the one to move, so a computer moving first
    # was never named (the person after it stopped the count) while it thought.
    held = []
    play.route("**/turn", lambda route: held.append(route))
    _start(play, ("greedy", "person"), settle=False)
    while not held:
        play.wait_for_timeout(20)
    thinking = play.locator("#thinking")
    name = play.evaluate("() => game.seats[0].name")
    assert thinking.is_visible() and thinking.inner_text() == f"{name} is thinking…"
    held[0].continue_()
    play.unroute("**/turn")
    play.wait_for_function("() => !busy && game.turns_played >= 1")
    assert not thinking.is_visible()


def _post(url, body):
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def _tile_fills(page):
    return page.evaluate("() => [...document.querySelectorAll('#board polygon.tile')]"
                         ".map(p => p.getAttribute('fill'))")  # fmt: skip


def test_at_the_end_the_start_tiles_lose_their_seats_tints(play, play_url, fixed_game_id):
    # A start tile kept its seat's tint under its burnt fields at the end, where it read
    # as that seat's territory (the fields' own tints say whose land is whose).
    game = _post(f"{play_url}/api/games", {"preset": BOARD, "seats": ["person", "greedy"]})
    url = f"{play_url}/api/games/{game['id']}"
    play.goto(f"{play_url}/play#game={game['id']}")
    play.wait_for_function("() => typeof game !== 'undefined' && game && !busy")
    tinted = [fill for fill in _tile_fills(play) if fill != "#ffffff"]
    assert len(tinted) == 2  # (a start tile each, in the setup's tints)
    state = game["state"]
    for _ in range(500):  # (the person passes; the computer plays on to the end)
        if state["over"]:
            break
        state = _post(f"{url}/turn", {"moves": []})["state"]
    assert state["over"]
    play.reload()
    play.wait_for_function("() => typeof game !== 'undefined' && game && game.over && !busy")
    assert set(_tile_fills(play)) == {"#ffffff"}
    play.get_by_role("button", name="Restart").click()
    play.wait_for_function("() => !busy && !game.over")
    assert sorted(f for f in _tile_fills(play) if f != "#ffffff") == sorted(tinted)
