"""Undo in the board designer: a preset or file loaded replaces the board as a change
does, and Undo brings back the board it replaced (docs/web.md, *The kit, the designer
and the rules viewer*)."""

from __future__ import annotations

import re
from dataclasses import replace

from fabgen.board.boardfile import board_to_toml
from fabgen.board.files import load_preset


def _ready(page) -> None:
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    page.wait_for_function("() => !document.body.dataset.busy")


def _board(page) -> str:
    return page.evaluate("() => JSON.stringify(state)")


def _preset_shown(page) -> str:
    """The text of the option the Preset board list shows."""
    return page.evaluate("() => document.getElementById('preset').selectedOptions[0].textContent")


def test_a_preset_loaded_by_mistake_is_undone(page, tmp_path):
    # Load preset (and a file uploaded) emptied the undo list: the board designed
    # before it was gone for good. The preset list names the board shown: it said
    # 3p-triangle-4 beside a new empty board, a file uploaded and a board restored from
    # the browser; and the seat rotation of a board without seats, or of one person, was
    # "none maps every seat onto the next"
    _ready(page)
    assert _preset_shown(page) == "3p-triangle-4"
    page.get_by_role("button", name="New empty board").click()
    page.locator("#status").filter(has_text="New board").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "(your board)"
    assert page.locator("#summary-seat-rotation").inner_text() == "no seats yet"
    page.get_by_role("button", name="add tile (1, 0)").click()
    page.locator("#status").filter(has_text="Added tile 2 (1, 0).").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    designed = _board(page)
    page.locator("#preset").select_option("6p-hexagon-37")
    page.get_by_role("button", name="Load preset").click()
    page.locator("#status").filter(has_text="Loaded 6p-hexagon-37.").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "6p-hexagon-37"
    page.get_by_role("button", name="Undo").click()
    page.locator("#status").filter(has_text="Undone.").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _board(page) == designed
    assert page.locator("#canvas").get_attribute("data-tiles") == "2"
    assert _preset_shown(page) == "(your board)"
    page.get_by_role("button", name="Redo").click()
    page.locator("#status").filter(has_text="Redone.").wait_for()
    page.wait_for_function("() => state.board.name === '6p-hexagon-37'")
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "6p-hexagon-37"
    # and a file uploaded, in the same way (one person against a machine)
    path = tmp_path / "club.toml"
    path.write_text(board_to_toml(replace(load_preset("1p-triangle-5-machine"), name="club")))
    page.set_input_files("#upload", str(path))
    page.locator("#status").filter(has_text="Loaded club.toml.").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "(your board)"
    rotation = page.locator("#summary-seat-rotation").inner_text()
    assert rotation == "one person: no other to map onto"
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => state.board.name === '6p-hexagon-37'")
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "6p-hexagon-37"
    # A board restored from the browser is named as it is: a preset as loaded by the
    # preset's name (it said "(your board)"), an edited one "(your board)"
    page.reload()
    page.wait_for_function("() => state && state.board.name === '6p-hexagon-37'")
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "6p-hexagon-37"
    page.get_by_role("button", name=re.compile(r"^add tile \(")).first.click()
    page.locator("#status").filter(has_text="Added tile").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    edited = _board(page)
    page.reload()
    page.wait_for_function("() => state && state.board.tiles.length === 38")
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _board(page) == edited
    assert _preset_shown(page) == "(your board)"
    page.get_by_role("button", name="Load preset").click()
    page.locator("#status").filter(has_text="choose a preset board in the list").wait_for()
    assert page.evaluate("() => state.board.name") == "6p-hexagon-37"
    # (a preset picked and not loaded yet stays picked while a change is answered)
    page.locator("#preset").select_option("2p-diamond-4")
    page.get_by_role("button", name=re.compile(r"^add tile \(")).first.click()
    page.locator("#status").filter(has_text="Added tile").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert _preset_shown(page) == "2p-diamond-4"
    page.get_by_role("button", name="Load preset").click()
    page.locator("#status").filter(has_text="Loaded 2p-diamond-4.").wait_for()


def test_undo_with_nothing_to_undo_says_so(page):
    # Ctrl+Z pressed once too often did nothing, and said nothing
    _ready(page)
    assert page.get_by_role("button", name="Undo").is_disabled()
    page.locator("#board-title").click()  # (the page, not a text box)
    page.keyboard.press("Control+z")
    page.locator("#status").filter(has_text="Nothing to undo.").wait_for()
    page.keyboard.press("Control+y")
    page.locator("#status").filter(has_text="Nothing to redo.").wait_for()


def test_undo_pressed_on_a_place_keeps_the_keyboard_there(page):
    # Ctrl+Z on the tile just made a start tile redrew the picture and left the keyboard
    # at the top of the page
    _ready(page)
    page.get_by_label("place the seat's start tile").check()
    place = page.locator("#canvas .hit.tile").nth(4)
    label = place.get_attribute("aria-label")
    place.focus()
    page.keyboard.press("Enter")
    page.locator("#status").filter(has_text="Seat 1: start tile").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    page.keyboard.press("Control+z")
    page.locator("#status").filter(has_text="Undone.").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    focused = "() => document.activeElement.getAttribute('aria-label')"
    assert page.evaluate(focused) == label
    page.keyboard.press("Control+y")
    page.locator("#status").filter(has_text="Redone.").wait_for()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert page.evaluate(focused) == label
