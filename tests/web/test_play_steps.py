"""A disputed turn at the table, step by step: the play page links each turn to the rules
viewer (``/rules#game=ID&turn=N``), which fetches the game itself and shows that turn's
moves, explosion waves and growth, naming the seats as the game does. The server side
through Flask's test client; the way from the play page to the steps in Debian's chromium
driven by Playwright. Each turn shown is checked against the rules engine's own replay
of the game's transcript."""

from __future__ import annotations

import json

import pytest

from fabgen.products.turn import step_title
from fabgen.rules.names import field_name
from fabgen.rules.scoring import scores
from fabgen.rules.transcript import transcript_from_json
from fabgen.rules.turn import play_turn, replay
from tests.web.conftest import serving
from tests.web.helpers import checked_page

BOARD = "1p-triangle-5-machine"  # a person and a machine whose start stack explodes


@pytest.fixture
def client(games_dir):
    from fabgen.web import create_app

    return create_app(games_dir=games_dir).test_client()


def _table_game(client, turns: int) -> dict:
    """A person against the machine at the table, ``turns`` of the person's turns played
    (each the first legal move); the game's state."""
    answer = client.post("/api/games", json={"preset": BOARD, "table": True}).get_json()
    game_id, state = answer["id"], answer["state"]
    for _ in range(turns):
        source, destinations = next(iter(state["legal"].items()))
        moves = [[source, destinations[0]]]
        state = client.post(f"/api/games/{game_id}/turn", json={"moves": moves}).get_json()
        state = state["state"]
    return state


def _viewed(client, state: dict, turn: int) -> dict:
    """Turn ``turn`` (from 0) as the viewer asks for it when opened from the play page:
    the game's transcript, name and variant."""
    body = {
        "transcript": json.dumps(state["transcript"]),
        "name": state["name"],
        "variant": state["variant"],
        "turn": turn,
    }
    answer = client.post("/api/rules/turn", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def _engine_steps(transcript: dict, turn: int, variant: str) -> list:
    """The engine's steps of turn ``turn`` (from 0) of a game's transcript."""
    t = transcript_from_json(transcript)
    before = replay(t.position, t.move_list[:turn], variant)
    return play_turn(before, list(t.move_list[turn]), variant, record_steps=True)[1]


def test_the_viewer_says_whose_turn_it_shows_by_seat(client):
    # The viewer names the seat as the game does (its name and kind from the game's
    # state): it needs the seat, not the command's words for it.
    state = _table_game(client, 1)
    assert [h["seat"] for h in state["history"]] == [1, 2]
    for h in state["history"]:
        assert _viewed(client, state, h["turn"])["seat"] == h["seat"]
    after = _viewed(client, state, state["turns_played"])  # the next turn, to type
    assert after["seat"] == state["to_move"] == 1


def test_a_game_s_turn_in_the_viewer_is_the_turn_the_game_played(client):
    # The machine's turn with its explosions, as the play page played it (the lines of
    # its list to do, its explosions, the board after it) and as the engine replays the
    # game's transcript.
    state = _table_game(client, 1)
    machine = state["history"][1]
    assert machine["kind"] == "machine" and machine["explosions"] > 0
    todo = next(t for t in state["todo"] if t["turn"] == 1)
    view = _viewed(client, state, 1)
    steps = _engine_steps(state["transcript"], 1, state["variant"])
    assert [s["title"] for s in view["steps"]] == [
        f"{n}. {step_title(s)}" for n, s in enumerate(steps)
    ]
    waves = [s for s in view["steps"] if s["kind"] == "explosion"]
    assert sum(len(s["fields"]) for s in waves) == machine["explosions"]
    assert [
        line for s in view["steps"][1:] for line in (s["title"].split(". ", 1)[1], *s["details"])
    ] == todo["details"]
    assert view["steps"][-1]["board"] == state["board"]  # the last turn: the game's board now


PHONE = {"viewport": {"width": 375, "height": 740}, "has_touch": True, "is_mobile": True}
TYPED = "Type the moves (like c3-c5, f2-d2; empty: pass)"

#: The controls of a page that are less than a finger's size (44 px) tall.
SMALL = """sel => [...document.querySelectorAll(sel)]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => [e.id || e.textContent.trim().slice(0, 30),
             Math.round(e.getBoundingClientRect().height)])
  .filter(([, h]) => h < 44)"""


@pytest.fixture(scope="module")
def steps_url(tmp_path_factory):
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


def test_a_disputed_turn_at_the_table_opens_step_by_step_on_a_phone(browser, steps_url):
    # "That field should not have exploded": the turn just played, from the play page's
    # list to do, in the rules viewer wave by wave, on the phone at the table.
    with checked_page(browser, **PHONE) as phone:
        phone.goto(steps_url + "/play")
        phone.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
        phone.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
        phone.get_by_label("At the table (the physical board is the truth)").check()
        phone.get_by_role("button", name="Start game").tap()
        phone.wait_for_function("() => game && game.table && !busy && game.legal")
        source, destinations = phone.evaluate("() => Object.entries(game.legal)[0]")
        phone.get_by_label(TYPED).fill(f"{source}-{destinations[0]}")
        phone.get_by_role("button", name="Play typed moves").tap()
        phone.wait_for_function("() => !busy && game.turns_played === 2")  # Red's, the machine's
        game_id = phone.evaluate("() => game.id")
        state = phone.request.get(f"{steps_url}/api/games/{game_id}").json()
        # every turn of the list, and the list to do's turn, links to its steps
        logged = phone.evaluate(
            "() => [...document.querySelectorAll('#log li')].map(li => [li.value,"
            " li.querySelector('a').getAttribute('href'), li.textContent])"
        )
        assert sorted(logged) == [
            [h["turn"] + 1, f"/rules#game={game_id}&turn={h['turn'] + 1}", h["words"]]
            for h in state["history"]
        ]
        link = phone.locator("#to-do-list > li").get_by_role(
            "link", name="Check this turn step by step"
        )
        assert link.get_attribute("href") == f"/rules#game={game_id}&turn=2"
        assert phone.evaluate(SMALL, "#log a, #to-do a") == []
        link.tap()
        phone.locator("#turn-info").filter(has_text="Turn 2 of the 2 played").wait_for()
        machine = state["history"][1]
        assert machine["words"] in phone.locator("#turn-info").inner_text()
        before = scores(_engine_steps(state["transcript"], 1, state["variant"])[0].position)
        named = ", ".join(f"{s['name']}: {n}" for s, n in zip(state["seats"], before, strict=True))
        assert f"Scores before the turn: {named}." in phone.locator("#turn-info").inner_text()
        letters = ", ".join(
            f"{chr(65 + k)} {s['name']} ({s['kind']})" for k, s in enumerate(state["seats"])
        )
        assert letters in phone.locator("#game-seats").inner_text()
        assert (
            phone.get_by_role("link", name="Back to the game").get_attribute("href")
            == f"/play#game={game_id}"
        )
        # the turn's steps, the engine's, stepped with Next step (the keyboard is on it)
        steps = _engine_steps(state["transcript"], 1, state["variant"])
        titles = [f"{n}. {step_title(s)}" for n, s in enumerate(steps)]
        assert phone.evaluate("() => steps.map((s) => s.title)") == titles
        phone.wait_for_function("() => document.activeElement.id === 'next-step'")
        for n, step in enumerate(steps[1:], 1):
            phone.get_by_role("button", name="Next step").tap()
            phone.locator("#step-title").filter(has_text=f"Step {titles[n]}").wait_for()
            outlined = phone.evaluate(
                "() => [...document.querySelectorAll('#step-svg .field.flash')]"
                ".map((g) => g.dataset.field)"
            )
            assert sorted(outlined) == sorted(field_name(f) for f in step.fields)
        assert any(s.kind == "explosion" for s in steps)
        assert (
            phone.evaluate(
                SMALL,
                ".rules-page button, .rules-page select, "
                ".rules-page a.button, .rules-page input:not([type=checkbox])",
            )
            == []
        )
        # a reload shows the same turn of the game
        phone.reload()
        phone.locator("#turn-info").filter(has_text="Turn 2 of the 2 played").wait_for()
        assert phone.locator("#turn").input_value() == "2"
        # a game the server does not have is said in words; the turn shown stays
        phone.evaluate("() => { location.hash = '#game=0123456789abcdef&turn=1'; }")
        status = phone.locator("#status").filter(has_text="cannot be shown")
        status.wait_for()
        assert "no game 0123456789abcdef" in status.inner_text()
        assert phone.url.endswith(f"/rules#game={game_id}&turn=2")


def test_a_game_s_address_opened_after_a_file_clears_the_file_s_choices(browser, steps_url):
    # The preset and the moves typed for what was shown before stayed beside the game
    # opened by its address in the same tab (a reload cleared them).
    with checked_page(browser) as page:
        created = page.request.post(
            f"{steps_url}/api/games", data={"preset": BOARD, "table": True}
        ).json()
        page.goto(steps_url + "/rules")
        page.locator("#board-start").select_option("2p-diamond-4")
        page.locator("#turn-info").filter(has_text="2p-diamond-4").wait_for()
        page.locator("#moves").fill("c3-c5")
        page.evaluate(f"() => {{ location.hash = 'game={created['id']}&turn=1'; }}")
        # (the game's words name the play page; the preset's "no turns played yet" not)
        page.locator("#turn-info").filter(has_text="the play page").wait_for()
        assert page.locator("#board-start").input_value() == ""
        assert page.locator("#moves").input_value() == ""
