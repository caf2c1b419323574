"""The pages' layout on phones and at the table, in a real browser (Debian's chromium
driven by Playwright): the board and what works on it or refers to it seen together, the
status line short, field names readable, a chosen board pictured before its game."""

from __future__ import annotations

import os

import pytest

from tests.web.conftest import serving

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
    contexts, errors = [], []

    def opener(path, viewport):
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(float(os.environ.get("FABGEN_BROWSER_TIMEOUT_MS", 30000)))
        page.goto(url + path)
        page.evaluate("document.fonts.ready.then(() => true)")
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _in_view(page, box) -> bool:
    height = page.viewport_size["height"]
    return box["y"] >= -1 and box["y"] + box["height"] <= height + 1


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
