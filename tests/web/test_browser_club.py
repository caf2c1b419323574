"""A game-club organiser in the browser: a board of their own made in the designer, its
seats' colours chosen, the keyboard alone, and the rules viewer on a phone. Debian's
chromium driven by Playwright, controls found by their labels."""

from __future__ import annotations

import pytest


def _open(page, path: str):
    page.goto(page.base + path)
    page.evaluate("document.fonts.ready.then(() => true)")  # laid out in the served fonts
    return page


def _idle(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def _tiles(page) -> int:
    _idle(page)
    return int(page.locator("#canvas").get_attribute("data-tiles"))


def _new_board(page) -> None:
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.get_by_role("button", name="New empty board").click()
    page.locator("#status").filter(has_text="New board").wait_for()
    _idle(page)


# ---- the board designer -----------------------------------------------------------------


@pytest.mark.parametrize("typed", ["", "x", "1.5"])
def test_a_tile_coordinate_not_typed_as_a_whole_number_adds_no_tile(page, typed):
    # An empty box was read as 0: "Add tile" with i left empty added tile (0, j), or said
    # that tile (0, 0) was already there, a tile nobody had asked for.
    _new_board(page)
    page.get_by_label("Tile i", exact=True).fill("1")
    page.get_by_label("Tile j", exact=True).fill("0")
    page.get_by_role("button", name="Add tile", exact=True).click()
    page.locator("#status").filter(has_text="Added tile (1, 0).").wait_for()
    i_box = page.get_by_label("Tile i", exact=True)
    i_box.evaluate("(box, typed) => { box.type = 'text'; box.value = typed; }", typed)
    page.get_by_label("Tile j", exact=True).fill("1")
    page.get_by_role("button", name="Add tile", exact=True).click()
    shown = "nothing" if typed == "" else f'"{typed}"'
    page.locator("#status").filter(
        has_text=f"Not changed: tile i must be a whole number, got {shown}"
    ).wait_for()
    assert _tiles(page) == 2
