"""How the board designer's words name a tile, and how long a refusal stays said
(docs/web.md, *The kit, the designer and the rules viewer*): a tile is named by the
number the picture draws on it, with its coordinates in brackets where it has them, in
every status line; a refusal goes once something else is asked of the page."""

from __future__ import annotations

import json

import pytest

from tests.web.test_browser import _hold_changes, _idle, _let_go, _load_preset, _wait_tiles


def _designer(page):
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    _idle(page)
    return page.evaluate("() => state")


def _status(page) -> str:
    _idle(page)
    return page.locator("#status").inner_text()


def _refused(page) -> bool:
    return page.locator("#status").evaluate("(e) => e.classList.contains('bad')")


def _drawn_on(page, i: int, j: int) -> list[str]:
    """The tile numbers the picture draws on tile (i, j) (a tool showing tiles)."""
    page.locator("#canvas").scroll_into_view_if_needed()
    return page.evaluate(
        """([i, j]) => {
          const tile = document.querySelector(`#canvas .hit.tile[data-i="${i}"][data-j="${j}"]`);
          return [...document.querySelectorAll("#canvas text.tile-number")].filter((t) => {
            const r = t.getBoundingClientRect();
            return document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2).includes(tile);
          }).map((t) => t.textContent);
        }""",
        [i, j],
    )


# ---- a tile named as the picture numbers it ---------------------------------------------


def test_a_start_tile_is_named_by_the_number_drawn_on_it(page):
    """The maker gave seat 3 a start tile and read "Seat 3: start tile (2, -1).", while
    the picture numbers the tiles (and a refusal said "tile 5"): which tile was that?"""
    state = _designer(page)
    starts = [json.dumps(p.get("start")) for p in state["players"]]
    i, j = next(c for c in state["board"]["tiles"] if json.dumps(c) not in starts)
    page.get_by_label("Seat", exact=True).select_option(index=2)
    page.get_by_label("place the seat's start tile").check()
    (number,) = _drawn_on(page, i, j)
    page.locator(f'#canvas .hit.tile[data-i="{i}"][data-j="{j}"]').click()
    assert _status(page) == f"Seat 3: start tile {number} ({i}, {j})."
    page.locator(f'#canvas .hit.tile[data-i="{i}"][data-j="{j}"]').click()  # (drawn anew)
    assert _status(page) == f"Seat 3: start tile {number} ({i}, {j}) taken away."


def test_a_tile_added_removed_or_there_already_is_named_by_its_number(page):
    """The maker added a tile and read "Added tile (1, 0).", removed one and read
    "Removed tile 1." (no coordinates), typed one in again and read "Tile (1, 0) is
    already on the board.": the picture shows numbers, the place's label "tile 2 (1, 0)"."""
    _designer(page)
    page.get_by_role("button", name="New empty board").click()
    _wait_tiles(page, 1)
    page.get_by_role("button", name="add tile (1, 0)").click()
    _wait_tiles(page, 2)
    assert _status(page) == "Added tile 2 (1, 0)."
    assert _drawn_on(page, 1, 0) == ["2"]
    assert page.get_by_role("button", name="tile 2 (1, 0)", exact=True).count() == 1
    page.get_by_label("Tile i", exact=True).fill("1")
    page.get_by_label("Tile j", exact=True).fill("0")
    page.get_by_role("button", name="Add tile", exact=True).click()
    page.locator("#status").filter(has_text="already").wait_for()
    assert _status(page) == "Tile 2 (1, 0) is already on the board."
    page.locator('#canvas .hit.tile[data-i="0"][data-j="0"]').click()
    _wait_tiles(page, 1)
    assert _status(page) == "Removed tile 1 (0, 0)."
    assert _drawn_on(page, 1, 0) == ["1"]  # (the tiles after it counted anew)


def test_a_tile_clicked_twice_is_said_gone_by_its_number(page):
    """A tile clicked twice before the answer came is removed once; the second click
    said "Not changed: tile (2, -1) was removed.", by coordinates the picture never
    shows, beside "tile 5" in the place's label."""
    _designer(page)
    _load_preset(page, "3p-triangle-4")
    tiles = page.evaluate("() => state.board.tiles")
    i, j = tiles[4]
    (number,) = _drawn_on(page, i, j)
    tile = page.locator(f'#canvas .hit.tile[data-i="{i}"][data-j="{j}"]')
    held = _hold_changes(page)
    tile.click()
    tile.click()
    _let_go(page, held)
    _wait_tiles(page, len(tiles) - 1)
    assert _status(page) == f"Not changed: tile {number} ({i}, {j}) was removed."


#: A board of a lattice tile and a free-form tile (tile 2) of three fields.
FREE_FORM = """[board]
tiles = [[0, 0]]
[[board.free_tiles]]
fields = ["e5", "f5", "f6"]
[[players]]
start = [0, 0]
"""


def test_a_free_form_tile_refused_as_a_start_is_named_by_its_number(page):
    """The start tool on a free-form tile said "A start tile must sit on the tile
    lattice.", naming no tile; the picture draws 2 on it."""
    _designer(page)
    page.locator("#upload").set_input_files(
        files=[{"name": "free.toml", "mimeType": "text/plain", "buffer": FREE_FORM.encode()}]
    )
    page.locator("#status").filter(has_text="Loaded free.toml").wait_for()
    page.get_by_label("place the seat's start tile").check()
    page.get_by_role("button", name="tile 2 (free-form)", exact=True).click()
    assert _status(page) == (
        "Not changed: tile 2 is free-form; a start tile must sit on the tile lattice."
    )
    assert _refused(page)


# ---- a refusal said while it applies ------------------------------------------------------


def _refuse_150_stones(page) -> None:
    """Seat 1, the stones tool, 150 stones per field typed and a field clicked: refused."""
    _designer(page)
    page.get_by_label("put stones on a field").check()
    page.locator("#stack-size").fill("150")
    field = page.evaluate("() => view.targets.fields.find((f) => !f.words).name")
    page.locator(f'#canvas circle.hit.field[data-field="{field}"]').click()
    page.locator("#status.bad").filter(has_text='got "150"').wait_for()
    _idle(page)


def _choose_seat(page) -> None:
    page.get_by_label("Seat", exact=True).select_option(index=1)


def _box_put_right(page) -> None:
    page.locator("#stack-size").fill("6")


def _box_undone(page) -> None:
    """Ctrl+Z in the box: the browser's own undo of the typing (the page's undo leaves a
    box typed in alone)."""
    page.locator("#stack-size").focus()
    page.keyboard.press("Control+z")
    assert page.locator("#stack-size").input_value() != "150"


def _tool_chosen(page) -> None:
    page.get_by_label("place the seat's start tile").check()


def _preset_picked(page) -> None:
    page.get_by_label("Preset board", exact=True).select_option("6p-ring-20")


@pytest.mark.parametrize(
    "then",
    [_choose_seat, _box_put_right, _box_undone, _tool_chosen, _preset_picked],
    ids=["another-seat", "box-put-right", "ctrl-z-in-the-box", "another-tool", "preset-picked"],
)
def test_a_stones_refusal_goes_when_something_else_is_asked(page, then):
    """'Stones per field: at most 99, got "150"' stayed above the board after the maker
    chose another seat, put the box back to 6 (or undid the typing), took another tool
    or picked a preset, until the next click: it read as if it still applied. (Zoom
    and the field names' switch change nothing the refusal is about: it stays.)"""
    _refuse_150_stones(page)
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_label("Field names").check()
    assert _refused(page)
    then(page)
    _idle(page)
    assert not _refused(page)
    assert "150" not in page.locator("#status").inner_text()


def test_a_stones_refusal_is_not_said_late_for_a_number_typed_since(page):
    """150 typed while a seat was being added, then put right to 6: once the seat came,
    'Stones per field: at most 99, got "150"' was said below "Added seat 4." and stayed,
    beside the box showing 6."""
    _designer(page)
    held = _hold_changes(page)
    page.get_by_role("button", name="Add seat").click()
    page.locator("#stack-size").fill("150")
    page.locator("#stack-size").press("Tab")  # (said as the box is left, after the seat)
    page.locator("#stack-size").fill("6")
    _let_go(page, held)
    page.locator("#summary-board").filter(has_text="4 seats").wait_for()
    assert _status(page) == "Added seat 4."
    assert not _refused(page)
