"""Robustness of the pages in a real browser (Debian's chromium driven by Playwright):
uploaded games checked whole before they are shown, designer actions that wait for the
changes before them."""

from __future__ import annotations

import json
import os

import pytest

from tests.web.conftest import serving
from tests.web.test_uploads import _game, _illegal_game


def _open(page, path: str):
    page.goto(page.base + path)
    page.evaluate("document.fonts.ready.then(() => true)")
    return page


@pytest.fixture(scope="module")
def own_url(tmp_path_factory):
    """A server of its own, with an empty games folder."""
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


@pytest.fixture
def own(browser, own_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(float(os.environ.get("FABGEN_BROWSER_TIMEOUT_MS", 30000)))
    page.base = own_url
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


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
    assert "bad (uploaded): illegal move at turn 3 (counting from 1)" in status.inner_text()
    assert "good (uploaded)" in info.inner_text()


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
    assert "bad (uploaded): illegal move at turn 3 (counting from 1)" in status.inner_text()
    assert own.locator("#seat-list select").count() == 0
    assert own.get_by_role("button", name="Start game").is_disabled()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_game(2) | {"variant": "blog"}))
    own.get_by_label("or a board file or transcript", exact=False).set_input_files(str(good))
    own.locator('#seat-list[data-board="file"] #seat-2').wait_for()
    assert own.get_by_label("Rule variant").input_value() == "blog"
    assert status.inner_text() == ""
