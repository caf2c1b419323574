"""The pages' layout on phones and at the table, in a real browser (Debian's chromium
driven by Playwright): the board and what works on it or refers to it seen together, the
status line short, field names readable, a chosen board pictured before its game."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from tests.web.conftest import serving
from tests.web.helpers import checked_page, chosen_board_is_preset, play_settled

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    """A server of its own, with an empty games folder."""
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


@pytest.fixture
def open_page(browser, url):
    """open_page(path, viewport): a page of a fresh context, JavaScript errors checked."""
    with ExitStack() as pages:

        def opener(path, viewport):
            page = pages.enter_context(checked_page(browser, viewport=viewport))
            page.goto(url + path)
            page.evaluate("document.fonts.ready.then(() => true)")
            return page

        yield opener


def _in_view(page, box) -> bool:
    height = page.viewport_size["height"]
    return box["y"] >= -1 and box["y"] + box["height"] <= height + 1


def _table_game_after_a_round(page):
    """A game at the table on 3p-triangle-4: the person's hinted turn, then greedy's and
    strong's, whose list to do is on show."""
    page.locator('#seat-list[data-board="preset:3p-triangle-4"] #seat-0').wait_for()
    page.locator("#seat-1").select_option("greedy")
    page.locator("#seat-2").select_option("strong")
    page.get_by_label("At the table (the physical board is the truth)").check()
    page.get_by_label("Show explosions wave by wave").set_checked(False)
    page.get_by_role("button", name="Start game").click()
    play_settled(page)
    page.get_by_role("button", name="Hint").click()
    page.locator("#status").filter(has_text="Hint: ").wait_for()
    page.get_by_role("button", name="End turn").click()
    play_settled(page)
    page.locator("#to-do-list > li").first.wait_for()


# ---- the board designer on a phone --------------------------------------------------------


def test_the_designer_s_tools_are_used_with_the_board_in_view_on_a_phone(open_page):
    # The tools sat about 1,500 px below the board: every change meant scrolling away
    # from the board and back.
    page = open_page("/board", PHONE)
    page.locator("#canvas svg").wait_for()
    for control in [
        page.get_by_label("put stones on a field"),
        page.get_by_label("Seat colour"),
        page.get_by_label("Seat order goes round"),
    ]:
        control.scroll_into_view_if_needed()
        control.focus()
        board, seen = page.locator("#canvas").bounding_box(), control.bounding_box()
        assert _in_view(page, board), board
        assert _in_view(page, seen), seen
        assert seen["y"] >= board["y"] + board["height"]  # not under the board
    page.get_by_label("put stones on a field").check()  # (Playwright: nothing covers it)
    # the page still fits the phone's width
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")


def test_the_designer_keeps_the_board_beside_the_tools_on_a_wide_screen(open_page):
    page = open_page("/board", LAPTOP)
    page.locator("#canvas svg").wait_for()
    board = page.locator("#canvas").bounding_box()
    tools = page.locator("#board-title").bounding_box()  # (the form's heading)
    assert board["x"] > tools["x"] + tools["width"] - 1
    assert page.locator(".board-view").evaluate("e => getComputedStyle(e).position") == "static"


# ---- the play page at the table -----------------------------------------------------------


def test_at_a_wide_table_the_list_to_do_stands_beside_the_board(open_page):
    # The list above the board pushed the board below the screen at 1280 px.
    page = open_page("/play", LAPTOP)
    _table_game_after_a_round(page)
    page.evaluate("window.scrollTo(0, 0)")
    board = page.locator("#board svg").bounding_box()
    first = page.locator("#to-do-list > li").first.bounding_box()
    assert _in_view(page, board), board
    assert first["y"] < page.viewport_size["height"] - 40  # its first lines on show
    assert first["x"] >= board["x"] + board["width"]  # beside it, not on it


def _field_pixels_drawn(page) -> float:
    """A field's pitch on screen as drawn: the picture keeps its proportions inside the
    svg's box, so the tighter of its width and height sets the scale."""
    return page.evaluate(
        """() => {
          const svg = document.querySelector('#board svg');
          const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
          return Math.min(box.width / view.width, box.height / view.height) * picture.picture.pitch;
        }"""
    )


@pytest.mark.parametrize("width", [1000, 1050, 1100, 1179])
def test_between_1000_and_1180_px_the_board_beside_the_list_keeps_fields_to_tap(open_page, width):
    # The board's column beside the settings and the list kept 110 to 290 px there:
    # fields of 10 to 26 px (35 at 1280 px), small to tap.
    page = open_page("/play", {"width": width, "height": 800})
    _table_game_after_a_round(page)
    page.evaluate("window.scrollTo(0, 0)")
    assert _field_pixels_drawn(page) >= 30
    board = page.locator("#board svg").bounding_box()
    first = page.locator("#to-do-list > li").first.bounding_box()
    assert _in_view(page, board), board
    assert first["x"] >= board["x"] + board["width"]  # still beside it
    assert first["y"] < page.viewport_size["height"] - 40  # its first lines on show
    settings = page.locator("#game-controls").bounding_box()
    assert settings["x"] + settings["width"] <= board["x"]  # nothing covered
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")


def test_on_a_phone_at_the_table_the_board_stays_in_view_as_the_list_is_read(open_page):
    page = open_page("/play", PHONE)
    _table_game_after_a_round(page)
    todo = page.locator("#to-do")
    # the list read half-way down the window
    page.evaluate(
        "window.scrollBy(0, document.querySelector('#to-do').getBoundingClientRect().top"
        " - innerHeight / 2)"
    )
    board, listed = page.locator("#board").bounding_box(), todo.bounding_box()
    assert board["y"] >= -1 and board["y"] + board["height"] <= listed["y"] + 1
    # read further down: the board stays at the top, the list goes on below it
    page.evaluate("window.scrollBy(0, 300)")
    board, listed = page.locator("#board").bounding_box(), todo.bounding_box()
    assert abs(board["y"]) <= 1, board
    assert listed["y"] + listed["height"] > board["y"] + board["height"]
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")


def test_the_status_line_says_a_round_in_a_line(open_page):
    # It repeated every turn of the round in one paragraph, which the list of turns
    # (and, at the table, the list to do) says already.
    page = open_page("/play", LAPTOP)
    _table_game_after_a_round(page)
    status = page.locator("#status").inner_text()
    log = page.locator("#log > li").all_inner_texts()  # (the latest first)
    assert status.endswith(f"Last: {log[0]}"), status
    assert log[1] not in status  # the turn before it is not repeated
    assert status.startswith("Played: Red, Blue, Green")


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP])
def test_the_names_of_the_fields_to_do_are_readable(open_page, viewport):
    # 0.42 of a field's radius: about 8 px at the phone's zoom.
    page = open_page("/play", viewport)
    _table_game_after_a_round(page)
    page.wait_for_function("() => picture.fieldPixels() > 0")
    sizes = page.evaluate(
        """() => {
          const svg = document.querySelector('#board svg');
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return [...svg.querySelectorAll('.field.todo .fname')]
            .map(t => parseFloat(t.getAttribute('font-size')) * scale);
        }"""
    )
    assert sizes and min(sizes) >= 11, sizes
    # within the field's pitch: the name stays in its own field's place
    pitch = page.evaluate("() => picture.fieldPixels()")
    assert max(sizes) <= 0.34 * pitch


# ---- a board pictured as it is chosen -----------------------------------------------------


def _chosen_picture(page) -> str:
    page.locator("#board .chosen-board svg").wait_for()
    return page.locator("#board .chosen-board").inner_html()


def test_a_board_chosen_is_pictured_before_start_game(open_page):
    page = open_page("/play", LAPTOP)
    first = _chosen_picture(page)
    page.get_by_label("Board", exact=True).select_option("preset:2p-diamond-5-machines")
    page.locator('#seat-list[data-board="preset:2p-diamond-5-machines"] #seat-0').wait_for()
    page.wait_for_function(
        "f => document.querySelector('#board .chosen-board').innerHTML !== f", arg=first
    )
    second = _chosen_picture(page)
    assert second != first
    assert chosen_board_is_preset(page, "2p-diamond-5-machines")
    # a game's own picture replaces it
    page.get_by_role("button", name="Start game").click()
    play_settled(page)
    assert page.locator("#board .chosen-board").count() == 0
    assert page.locator("#board [data-field]").count() > 0


def test_the_designer_s_board_is_pictured_as_it_comes_to_the_play_page(open_page):
    page = open_page("/board", LAPTOP)
    page.locator("#canvas svg").wait_for()
    page.get_by_label("Preset board").select_option("2p-diamond-5-machines")
    page.get_by_role("button", name="Load preset").click()
    page.locator("#status").filter(has_text="2p-diamond-5-machines").wait_for()
    page.get_by_role("link", name="Play this board").click()
    page.locator('#seat-list[data-board="designer"] #seat-0').wait_for()
    _chosen_picture(page)
    assert chosen_board_is_preset(page, "2p-diamond-5-machines")
