"""Robustness of the pages in a real browser (Debian's chromium driven by Playwright):
uploaded games checked whole before they are shown, designer actions that wait for the
changes before them."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import serving
from tests.web.helpers import checked_page
from tests.web.test_browser import _hold_changes, _idle, _let_go, _load_preset, _open, _wait_tiles
from tests.web.test_uploads import _game, _illegal_game


@pytest.fixture(scope="module")
def own_url(tmp_path_factory):
    """A server of its own, with an empty games folder."""
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


@pytest.fixture
def own(browser, own_url):
    with checked_page(browser, viewport={"width": 1280, "height": 900}) as page:
        page.base = own_url
        yield page


# ---- uploaded games -------------------------------------------------------------------------


def test_the_viewer_refuses_a_game_with_an_illegal_move_and_keeps_the_one_before(own, tmp_path):
    # It showed the game from its first turn; the bad turn was found only when stepped to.
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(_game(3)))
    bad.write_text(json.dumps(_illegal_game()))
    _open(own, "/rules")
    upload = own.get_by_label("Transcript", exact=True)
    upload.set_input_files(str(good))
    info = own.locator("#turn-info")
    info.filter(has_text="turn 1 of the 3 in the file").wait_for()
    upload.set_input_files(str(bad))
    status = own.locator("#status")
    status.filter(has_text="The game shown before stays loaded.").wait_for()
    assert "bad.json: illegal move at turn 3 (counting from 1)" in status.inner_text()
    assert status.inner_text().endswith("field). The game shown before stays loaded.")  # a stop
    assert info.inner_text().startswith("good.json, ")


def test_the_viewer_shows_the_variant_a_file_names(own, tmp_path):
    path = tmp_path / "blog.json"
    path.write_text(json.dumps(_game(2) | {"variant": "blog"}))
    _open(own, "/rules")
    own.get_by_label("Transcript", exact=True).set_input_files(str(path))
    own.locator("#turn-info").filter(has_text="turn 1 of the 2").wait_for()
    assert own.get_by_label("Rule variant").input_value() == "blog"


def test_the_play_page_refuses_a_game_with_an_illegal_move_as_it_is_chosen(own, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_illegal_game()))
    _open(own, "/play")
    own.locator("#seat-list #seat-0").wait_for()
    own.get_by_label("or a board file or transcript", exact=False).set_input_files(str(bad))
    status = own.locator("#status")
    status.filter(has_text="illegal move at turn 3").wait_for()
    assert "bad.json: illegal move at turn 3 (counting from 1)" in status.inner_text()
    assert own.locator("#seat-list select").count() == 0
    assert own.get_by_role("button", name="Start game").is_disabled()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_game(2) | {"variant": "blog"}))
    own.get_by_label("or a board file or transcript", exact=False).set_input_files(str(good))
    own.locator('#seat-list[data-board="file"] #seat-2').wait_for()
    assert own.get_by_label("Rule variant").input_value() == "blog"
    assert status.inner_text() == ""


# ---- designer actions on the board as the changes before them leave it --------------------


def _status(page) -> str:
    _idle(page)
    return page.locator("#status").inner_text()


def _board(page) -> dict:
    return page.evaluate("() => state")


def test_a_tile_clicked_twice_before_the_answer_is_removed_once(page):
    # The second click removed the tile that came after it (the index clicked, on the
    # board as it was drawn).
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    tiles = _board(page)["board"]["tiles"]
    i, j = tiles[4]
    tile = page.locator(f'#canvas polygon.tile[aria-label$="({i}, {j})"]')
    held = _hold_changes(page)
    tile.click()
    tile.click()
    _let_go(page, held)
    _wait_tiles(page, 9)
    assert _status(page) == f"Not changed: tile 5 ({i}, {j}) was removed."
    assert _board(page)["board"]["tiles"] == tiles[:4] + tiles[5:]


def test_a_place_clicked_twice_before_the_answer_adds_one_tile(page):
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.get_by_role("button", name="New empty board").click()
    _wait_tiles(page, 1)
    place = page.get_by_role("button", name="add tile (1, 0)")
    held = _hold_changes(page)
    place.click()
    place.click()
    _let_go(page, held)
    _wait_tiles(page, 2)
    assert _status(page) == "Tile 2 (1, 0) is already on the board."
    assert _board(page)["board"]["tiles"] == [[0, 0], [1, 0]]
    # and Add tile with the same place typed in, before the answer of another
    page.get_by_label("Tile i", exact=True).fill("0")
    page.get_by_label("Tile j", exact=True).fill("1")
    held = _hold_changes(page)
    page.get_by_role("button", name="add tile (0, 1)").click()
    page.get_by_role("button", name="Add tile", exact=True).click()
    _let_go(page, held)
    _wait_tiles(page, 3)
    assert _status(page) == "Tile 3 (0, 1) is already on the board."


def test_seats_added_before_the_answer_are_counted_on_the_board_as_it_will_be(page):
    # Both said "Added seat 4." and chose seat 4.
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    held = _hold_changes(page)
    page.get_by_role("button", name="Add seat").click()
    page.get_by_role("button", name="Add seat").click()
    _let_go(page, held)
    page.locator("#summary-board").filter(has_text="5 seats").wait_for()
    assert _status(page) == "Added seat 5."
    assert page.get_by_label("Seat", exact=True).input_value() == "4"


@pytest.mark.parametrize("action", ["name", "kind", "remove"])
def test_a_seat_removed_before_the_answer_is_not_changed_again(page, action):
    # The name and kind were set on a seat no longer there (a TypeError in the page, no
    # message); a second Remove seat of the last seat said "Removed seat 3." and
    # removed nothing.
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    page.get_by_label("Seat", exact=True).select_option("2")
    held = _hold_changes(page)
    page.get_by_role("button", name="Remove seat").click()
    if action == "name":
        page.get_by_label("Seat name", exact=True).fill("Teal")
        page.get_by_label("Seat name", exact=True).press("Enter")
        page.get_by_label("Seat name", exact=True).blur()
    elif action == "kind":
        page.get_by_label("Seat kind", exact=True).select_option("extreme-machine")
    else:
        page.get_by_role("button", name="Remove seat").click()
    _let_go(page, held)
    page.locator("#summary-board").filter(has_text="2 seats").wait_for()
    assert _status(page) == "Not changed: seat 3 was removed."
    players = _board(page)["players"]
    assert len(players) == 2
    assert all(p.get("name") != "Teal" and "kind" not in p for p in players)
