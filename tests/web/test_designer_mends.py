"""Two mends of the board designer (docs/design-notes.md): a refusal about a start tile
names the tile by the number drawn on it, as every other message of the designer does,
and the status line says the latest thing asked, never the answer to an older change
that came after it."""

from __future__ import annotations

import copy

import pytest

BASE = {
    "board": {"name": "two", "tiles": [[0, 0], [1, 0]]},
    "players": [{"start": [0, 0]}, {"start": [1, 0]}],
}


def _seat(k: int, **keys) -> dict:
    state = copy.deepcopy(BASE)
    state["players"][k].update(keys)
    return state


# (the board refused, the start of its refusal in the page's words)
START_REFUSALS = [
    (_seat(1, kind="machine"), "tile 2 (1, 0), seat 2's start: a machine never moves"),
    (_seat(1, kind="machine", start=[[1, 0], [0, 0]]),
     "tile 2 (1, 0) and tile 1 (0, 0), seat 2's starts: a machine never moves"),
    # (a start off the board has no number: its role alone, as before)
    (_seat(1, kind="machine", start=[5, 0]), "seat 2's start tile: a machine never moves"),
    (_seat(1, stacks={"d0": 3}),
     "seat 2's stones on d0: d0 is on tile 2 (1, 0), the seat's start tile, which puts a "
     "stone on each of its fields: put the stones on a field off tile 2, or take the start "
     "tile away first"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("state", "words"), START_REFUSALS, ids=["machine", "two-starts", "off-board", "stones"]
)
def test_a_start_tile_refused_is_named_by_its_number(client, state, words):
    # "seat 2's start tile: ...", "d0 is on the seat's start tile": the maker looked for
    # the tile that every other message names by the number drawn on it ("tile 2 (1, 0)")
    body = client.post("/api/board/view", json={"state": state}).get_json()
    assert body["page_words"].startswith(words)


def _ready(page) -> dict:
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    _settled(page)
    return page.evaluate("() => state")


def _settled(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def test_the_page_names_a_start_tile_it_refuses_by_its_number(page):
    state = _ready(page)  # (3p-triangle-4)
    i, j = state["players"][1]["start"]
    n = state["board"]["tiles"].index([i, j]) + 1
    status = page.locator("#status")
    page.get_by_label("Seat", exact=True).select_option(index=1)
    page.get_by_label("Seat kind", exact=True).select_option("machine")
    status.filter(has_text="Not changed: ").wait_for()
    assert status.inner_text().startswith(
        f"Not changed: tile {n} ({i}, {j}), seat 2's start: a machine never moves"
    )
    field = page.evaluate("n => view.targets.tiles[n - 1].fields[0]", n)
    page.get_by_label("put stones on a field").check()
    page.get_by_label("Stones per field", exact=True).fill("3")
    page.locator(f'#canvas .hit.field[data-field="{field}"]').click()
    status.filter(has_text=f"stones on {field}").wait_for()
    assert status.inner_text() == (
        f"Not changed: seat 2's stones on {field}: {field} is on tile {n} ({i}, {j}), the "
        "seat's start tile, which puts a stone on each of its fields: put the stones on a "
        f"field off tile {n}, or take the start tile away first"
    )


def _hold_next_view(page) -> list:
    """The designer's next request for a view is held (the list then holds its route,
    to be let go with ``continue_``); those after it go on."""
    held: list = []
    page.route("**/api/board/view", lambda route: route.continue_() if held else held.append(route))
    return held


def _wait_held(page, held: list) -> None:
    while not held:
        page.wait_for_timeout(20)


def test_a_stack_refused_at_once_is_not_replaced_by_an_older_change_s_answer(page):
    # The board name changed (a slow answer), then a field clicked with more stones than
    # the box takes: refused at once, then replaced by "Board name: club-night." when
    # the name's answer came, as if the click had done nothing wrong.
    _ready(page)
    field = page.evaluate("() => view.targets.fields.find((f) => !f.words).name")
    box = page.get_by_label("Stones per field", exact=True)
    most = int(box.get_attribute("max"))
    page.get_by_label("put stones on a field").check()
    box.fill(str(most + 1))
    box.press("Tab")  # (said as the box is left, with nothing on its way)
    status = page.locator("#status")
    status.filter(has_text=f"at most {most}").wait_for()
    held = _hold_next_view(page)
    page.get_by_label("Board name").fill("club-night")
    page.get_by_label("Board name").press("Enter")
    _wait_held(page, held)
    page.locator(f'#canvas .hit.field[data-field="{field}"]').click()
    refused = f'Not changed: stones per field must be at most {most}, got "{most + 1}".'
    assert status.inner_text() == refused
    held[0].continue_()
    page.wait_for_function("() => state.board.name === 'club-night'")
    _settled(page)
    assert status.inner_text() == refused  # (the name is changed all the same)


def test_the_status_says_the_last_stack_asked_for_not_an_older_one(page):
    # Stones put on a field (a slow answer), then more than the box takes typed and
    # another field clicked: the click's refusal was replaced by the first field's
    # answer, and then by the box's own refusal, said in turn after it.
    _ready(page)
    first, second = page.evaluate(
        "() => view.targets.fields.filter((f) => !f.words).slice(0, 2).map((f) => f.name)"
    )
    box = page.get_by_label("Stones per field", exact=True)
    most = int(box.get_attribute("max"))
    page.get_by_label("put stones on a field").check()
    box.fill("3")
    held = _hold_next_view(page)
    page.locator(f'#canvas .hit.field[data-field="{first}"]').click()
    _wait_held(page, held)
    box.fill(str(most + 1))
    page.locator(f'#canvas .hit.field[data-field="{second}"]').click()
    status = page.locator("#status")
    refused = f'Not changed: stones per field must be at most {most}, got "{most + 1}".'
    assert status.inner_text() == refused
    held[0].continue_()
    page.wait_for_function("f => (state.players[0].stacks || {})[f] === 3", arg=first)
    _settled(page)
    assert status.inner_text() == refused
    assert second not in page.evaluate("() => state.players[0].stacks")
