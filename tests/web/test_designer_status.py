"""What the board designer says above the board after a change: the change itself, as
the board now has it (docs/web.md, *The kit, the designer and the rules viewer*)."""

from __future__ import annotations

import json


def _ready(page):
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    page.wait_for_function("() => !document.body.dataset.busy")
    return page.evaluate("() => state")


def _after(page, check: str, arg=None) -> str:
    """The status once the page's board passes ``check`` (a JavaScript function of the
    board's state and ``arg``): the change is made and said together."""
    page.wait_for_function(f"arg => ({check})(state, arg)", arg=arg)
    return page.locator("#status").inner_text()


def test_a_name_typed_is_said_not_just_changed(page):
    _ready(page)
    page.get_by_label("Seat", exact=True).select_option(index=1)
    page.get_by_label("Seat name").fill("Bea")
    page.get_by_label("Seat name").press("Enter")
    assert _after(page, "(s) => s.players[1].name === 'Bea'") == "Seat 2: name Bea."
    page.get_by_label("Seat name").fill("")
    page.get_by_label("Seat name").press("Enter")
    assert _after(page, "(s) => s.players[1].name === undefined") == "Seat 2: no name."
    page.get_by_label("Board name").fill("club-night")
    page.get_by_label("Board name").press("Enter")
    said = _after(page, "(s) => s.board.name === 'club-night'")
    assert said == "Board name: club-night."


def test_a_start_tile_placed_or_taken_away_is_said_by_its_coordinates(page):
    state = _ready(page)
    starts = [json.dumps(p.get("start")) for p in state["players"]]
    i, j = next(c for c in state["board"]["tiles"] if json.dumps(c) not in starts)
    page.get_by_label("Seat", exact=True).select_option(index=2)
    page.get_by_label("place the seat's start tile").check()
    tile = page.locator(f'#canvas .hit.tile[aria-label$="({i}, {j})"]')
    tile.click()
    placed = "(s, c) => JSON.stringify(s.players[2].start) === JSON.stringify(c)"
    n = state["board"]["tiles"].index([i, j]) + 1  # (the number drawn on it)
    assert _after(page, placed, [i, j]) == f"Seat 3: start tile {n} ({i}, {j})."
    tile = page.locator(f'#canvas .hit.tile[aria-label$="({i}, {j})"]')  # (drawn anew)
    tile.click()
    taken = "(s) => s.players[2].start === undefined"
    assert _after(page, taken) == f"Seat 3: start tile {n} ({i}, {j}) taken away."


def _counted(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def test_validate_says_one_warning_not_one_warnings(page):
    # "Checked: 0 errors, 1 warnings." (6p-ring-20 has one warning: no seat rotation)
    from fabgen.board.files import load_preset
    from fabgen.board.validate import validate

    summary = validate(load_preset("6p-ring-20")).summary()
    assert summary["warnings"] == 1
    _ready(page)
    page.get_by_label("Preset board", exact=True).select_option("6p-ring-20")
    page.get_by_role("button", name="Load preset").click()
    page.wait_for_function(
        "() => document.querySelector('#summary-board')?.textContent.startsWith('6p-ring-20:')"
    )
    page.get_by_role("button", name="Validate").click()
    status = page.locator("#status").filter(has_text="Checked: ")
    status.wait_for()
    assert status.inner_text() == (
        f"Checked: {_counted(summary['errors'], 'error')}, "
        f"{_counted(summary['warnings'], 'warning')}."
    )


def test_the_checks_row_counts_as_validate_does(page):
    # "1 errors, 0 warnings, 0 notes" for a seat without stones (validate: "1 error")
    from fabgen.board.validate import validate
    from fabgen.web.designer import board_from_state

    seats = len(_ready(page)["players"])
    page.get_by_role("button", name="Add seat").click()
    page.wait_for_function("n => state.players.length === n", arg=seats + 1)
    state = page.evaluate("() => state")
    report = validate(board_from_state(state), source=state["board"]["name"])
    assert report.summary()["errors"] == 1
    tail = report.text().splitlines()[-1]  # validate's count: "1 error, 0 warnings, ..."
    assert page.locator("#summary-checks").inner_text() == tail


def _refused(state: dict) -> str:
    """The reader's reason for refusing the designer's board ``state``, where it says
    no board file's words; else what the page says to do instead."""
    from fabgen.errors import InputFileError
    from fabgen.web.designer import board_from_state, page_reason

    try:
        board_from_state(state)
    except InputFileError as exc:
        return page_reason(exc, state)
    raise AssertionError("the board was not refused")


def test_a_refusal_names_the_seat_and_field_as_the_page_does(page):
    # "Not changed: board (designer) at players[1].start: ...": seat 2, counted from 0,
    # in a board file's syntax
    state = _ready(page)
    page.get_by_label("Seat", exact=True).select_option(index=1)
    page.get_by_label("Seat kind", exact=True).select_option("machine")
    status = page.locator("#status").filter(has_text="Not changed: ")
    status.wait_for()
    machine = json.loads(json.dumps(state))
    machine["players"][1]["kind"] = "machine"
    i, j = state["players"][1]["start"]  # (the tile named by the number drawn on it)
    tile = f"tile {state['board']['tiles'].index([i, j]) + 1} ({i}, {j})"
    assert status.inner_text() == f"Not changed: {tile}, seat 2's start: {_refused(machine)}"
    assert "kind =" not in status.inner_text()  # (the reader's: make it kind = "...")
    assert status.inner_text().endswith("or make the seat an extreme-machine")
    page.get_by_label("Board name").fill("../club")
    page.get_by_label("Board name").press("Enter")
    named = page.locator("#status").filter(has_text="Not changed: the board name: ")
    named.wait_for()
    renamed = json.loads(json.dumps(state))
    renamed["board"]["name"] = "../club"
    assert named.inner_text() == f"Not changed: the board name: {_refused(renamed)}"


def test_stones_put_or_taken_away_are_said_as_the_field_now_has_them(page):
    # "Seat 2: stones on c4 changed." said neither how many nor whether they went
    _ready(page)
    field = page.evaluate("() => view.targets.fields.find((f) => !f.words).name")
    page.get_by_label("Seat", exact=True).select_option(index=1)
    page.get_by_label("put stones on a field").check()
    stacked = "(s, a) => (s.players[1].stacks || {})[a[0]] === a[1]"
    for n, said in ((3, f"Seat 2: 3 stones on {field}."), (1, f"Seat 2: 1 stone on {field}.")):
        page.get_by_label("Stones per field").fill(str(n))
        page.locator(f'#canvas circle.hit.field[data-field="{field}"]').click()
        assert _after(page, stacked, [field, n]) == said
    page.locator(f'#canvas circle.hit.field[data-field="{field}"]').click()  # 1 again
    gone = "(s, f) => !(f in (s.players[1].stacks || {}))"
    assert _after(page, gone, field) == f"Seat 2: the stones on {field} taken away."


def test_a_seat_made_an_extreme_machine_is_said_with_an(page):
    # "Seat 2 is now a extreme-machine."
    _ready(page)
    page.get_by_label("Seat", exact=True).select_option(index=1)
    page.get_by_label("Seat kind", exact=True).select_option("extreme-machine")
    said = _after(page, "(s) => s.players[1].kind === 'extreme-machine'")
    assert said == "Seat 2 is now an extreme-machine."
    page.get_by_label("Seat kind", exact=True).select_option("player")
    assert _after(page, "(s) => s.players[1].kind === undefined") == "Seat 2 is now a player."


def test_a_seat_is_moved_earlier_or_later_in_turn_order(page):
    # The validator asks for dummy seats "seated in turn order between the people", and
    # Add seat adds at the end: there was no way to put a seat between two others
    state = _ready(page)
    names = [p.get("name") for p in state["players"]]
    last = len(names) - 1
    page.get_by_label("Seat", exact=True).select_option(index=last)
    page.get_by_role("button", name="Move the seat earlier in turn order").click()
    moved = json.dumps([*names[: last - 1], names[last], names[last - 1]], separators=(",", ":"))
    said = _after(page, "(s, n) => JSON.stringify(s.players.map((p) => p.name)) === n", moved)
    assert said == f"Seat {last + 1} is now seat {last}."
    assert page.get_by_label("Seat", exact=True).input_value() == str(last - 1)
    page.get_by_label("Seat", exact=True).select_option(index=last)
    page.get_by_role("button", name="Move the seat later in turn order").click()
    refused = page.locator("#status").filter(has_text="Not changed: ")
    assert (
        refused.inner_text() == f"Not changed: seat {last + 1} is already the last in turn order."
    )


def test_more_stones_per_field_than_the_box_takes_are_refused(page):
    # 150 typed went on the field, and the checks then said a stack was too high.
    state = _ready(page)
    field = page.evaluate("() => view.targets.fields.find((f) => !f.words).name")
    box = page.get_by_label("Stones per field", exact=True)  # (the status is named by its words)
    most = int(box.get_attribute("max"))
    page.get_by_label("put stones on a field").check()
    box.fill(str(most + 51))
    box.press("Tab")  # said as the box is left
    status = page.locator("#status").filter(has_text=f"at most {most}")
    assert status.inner_text() == (
        f'Stones per field: at most {most}, got "{most + 51}"; type {most} or fewer.'
    )
    assert box.get_attribute("aria-invalid") == "true"
    page.locator("#status").click()  # (hidden, to see the click's own words)
    page.locator(f'#canvas circle.hit.field[data-field="{field}"]').click()
    status.wait_for()
    assert status.inner_text() == (
        f'Not changed: stones per field must be at most {most}, got "{most + 51}".'
    )
    page.wait_for_function("() => !document.body.dataset.busy")
    assert page.evaluate("() => state") == state  # no stack put anywhere
    # the most the box takes goes on
    box.fill(str(most))
    page.locator(f'#canvas circle.hit.field[data-field="{field}"]').click()
    stacked = "(s, a) => (s.players[0].stacks || {})[a[0]] === a[1]"
    assert _after(page, stacked, [field, most]) == f"Seat 1: {most} stones on {field}."
    assert box.get_attribute("aria-invalid") == "false"
