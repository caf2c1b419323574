"""The board designer on a phone and a tablet, with a finger (docs/web.md, *The kit, the
designer and the rules viewer*): a maker designs a board in a phone-sized window with
touch. Debian's chromium driven by Playwright."""

from __future__ import annotations

import json

import pytest

from tests.web.helpers import checked_page

TOUCH = {"has_touch": True, "is_mobile": True}
PHONE = {"width": 390, "height": 844}
BIG = "6p-hexagon-37"  # the largest preset: the smallest fields and tiles
# The smallest place to tap the tool shows, on screen.
SMALLEST_PLACE = """() => Math.min(...[...document.querySelectorAll('#canvas .hits .hit')]
  .filter(e => e.getClientRects().length).map(e => {
    const box = e.getBoundingClientRect(); return Math.min(box.width, box.height); }))"""


def _idle(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def _open(page, url: str, state: dict | None = None) -> None:
    """The designer, on its preset, or on ``state`` as a reload finds the board kept."""
    page.goto(url + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    _idle(page)
    if state is not None:
        page.evaluate("s => localStorage.setItem('fabgen-designer-board', s)", json.dumps(state))
        page.reload()
        page.wait_for_function(
            "n => document.querySelector('#canvas')?.dataset.tiles === String(n)",
            arg=len(state["board"]["tiles"]),
        )
        _idle(page)


def _load(page, preset: str) -> None:
    page.get_by_label("Preset board").select_option(preset)
    page.get_by_role("button", name="Load preset").tap()
    page.locator("#status").filter(has_text=f"Loaded {preset}.").wait_for()


@pytest.fixture
def phone(browser, server_url):
    with checked_page(browser, **TOUCH, viewport=PHONE, accept_downloads=True) as page:
        page.base = server_url  # type: ignore[attr-defined]
        yield page


def test_a_field_name_with_a_minus_sign_is_said_with_it(phone):
    # The status line showed "-a3" and a screen reader, which leaves a minus sign out as
    # punctuation, read "6 stones on a3", another field; the findings too.
    _open(phone, phone.base)
    phone.get_by_label("put stones on a field").tap()
    phone.locator('#canvas .hit.field[data-field="-a3"]').tap()
    status = phone.locator("#status")
    status.locator(".field-name[data-said]").wait_for()
    # shown (and copied) as it is named, said with the sign in words
    assert status.inner_text() == "Seat 1: 6 stones on -a3."
    assert '"Seat 1: 6 stones on minus a3."' in status.aria_snapshot()  # (and its name)
    finding = phone.locator("#findings li").filter(has_text="[start-explodes]")
    assert "seat 1, field minus a3: seat 1 (Red) starts with 6 stones on minus a3," in (
        finding.aria_snapshot()
    )
    assert "seat 1, field -a3: seat 1 (Red) starts with 6 stones on -a3," in finding.inner_text()
    # a move (a transcript's, in the note of what the designer took of it): the move's
    # minus sign between two names, a name's own before its letters or its number
    said = phone.evaluate("ms => ms.map(spokenWords)", ["f7-g7", "c3--a4", "a-1-b-2", "-a3"])
    assert said == ["f7 to g7", "c3 to minus a4", "a minus 1 to b minus 2", "minus a3"]


@pytest.mark.parametrize("width", [320, 390, 768])
def test_the_zoom_row_is_one_line(browser, server_url, width):
    # At 390 px wide Play this board went onto a second line, 50 px less board below it.
    with checked_page(browser, **TOUCH, viewport={"width": width, "height": 800}) as page:
        _open(page, server_url)
        tops = page.locator(".board-tools > *").evaluate_all(
            "es => es.map(e => Math.round(e.getBoundingClientRect().top))"
        )
        assert len(tops) == 4 and len(set(tops)) == 1, tops
        heights = page.locator(".board-tools > *").evaluate_all(
            "es => es.map(e => e.getBoundingClientRect().height)"
        )
        assert min(heights) >= 44
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_board_loaded_on_a_phone_opens_with_places_a_finger_wide(phone):
    # The zoom came only with a tool chosen: 6p-hexagon-37 loaded with the stones tool on
    # kept the zoom the smaller preset had been given (fields of 28 px), and opened with
    # the tiles tool at 1 (tiles of 37 px).
    _open(phone, phone.base)
    phone.get_by_label("put stones on a field").tap()
    phone.wait_for_function("() => document.querySelector('#canvas').dataset.zoom > 1")
    _load(phone, BIG)
    assert phone.evaluate(SMALLEST_PLACE) >= 40
    phone.reload()  # (the tiles tool: the board kept in the browser)
    phone.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    _idle(phone)
    assert phone.evaluate("document.querySelector('input[name=tool]:checked').value") == "tiles"
    assert phone.evaluate(SMALLEST_PLACE) >= 40
    # a small board after it is shown whole again, not at the large one's zoom, and so is
    # a new board (its one tile filled the box)
    _load(phone, "2p-diamond-4")
    assert phone.evaluate("document.querySelector('#canvas').dataset.zoom") == "1"
    _load(phone, BIG)
    assert phone.evaluate("document.querySelector('#canvas').dataset.zoom") != "1"
    phone.get_by_role("button", name="New empty board").tap()
    phone.locator("#status").filter(has_text="New board: one tile.").wait_for()
    assert phone.evaluate("document.querySelector('#canvas').dataset.zoom") == "1"


def test_every_box_and_list_has_16_px_text_on_a_touch_screen(browser, server_url):
    # The file box had 13 px text: a phone's browser zooms into it when it is tapped.
    for width in (320, 768):
        with checked_page(browser, **TOUCH, viewport={"width": width, "height": 900}) as page:
            _open(page, server_url)
            small = page.evaluate(
                """() => [...document.querySelectorAll('input, select, textarea')]
                  .filter(e => parseFloat(getComputedStyle(e).fontSize) < 16)
                  .map(e => e.id || e.type)"""
            )
            assert small == []
            assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_no_words_say_click_on_a_touch_screen(phone):
    # A board without tiles said "click the dashed place", a finding's hint "click a tile".
    _open(phone, phone.base, {"board": {"name": "tapped", "tiles": [[0, 0]]}, "players": [{}]})
    hint = phone.locator("#findings .hint").filter(has_text="In the designer: pick the seat")
    hint.wait_for()
    assert "then tap a tile with" in hint.inner_text()
    phone.locator("#canvas .hit.tile").tap()  # the only tile, taken away
    finding = phone.locator("#findings li").filter(has_text="the board has no tiles")
    finding.wait_for()
    assert "no tiles: tap the dashed place" in finding.inner_text()
    said = phone.evaluate(
        """() => [document.body.innerText, ...[...document.querySelectorAll('[title], title')]
                  .map(e => e.title || e.textContent)].filter(t => /click/i.test(t))"""
    )
    assert said == []


def test_validate_brings_the_findings_into_view_on_a_phone(phone):
    # Validate said only "Checked: 1 error, 1 warning.": the findings were 1,500 px below.
    _open(phone, phone.base, {"board": {"name": "checked", "tiles": [[0, 0]]}, "players": [{}]})
    phone.get_by_role("button", name="Validate").tap()
    phone.locator("#status").filter(has_text="Checked: ").wait_for()
    board = phone.locator(".board-view").bounding_box()
    heading = phone.get_by_role("heading", name="Findings").bounding_box()
    assert board["y"] + board["height"] <= heading["y"] <= 844 - 80
    first = phone.locator("#findings li").first.bounding_box()
    assert first["y"] < 844


def test_a_place_tapped_and_refused_is_not_tinted(phone):
    # A place tapped kept the tint of the place under a mouse (a touch screen keeps
    # :hover and the focus there): refused, nothing drawn anew, it read as chosen.
    _open(phone, phone.base)
    phone.get_by_label("put stones on a field").tap()
    phone.get_by_label("Stones per field").fill("0")
    field = phone.locator('#canvas .hit.field[data-field="b2"]')
    field.tap()
    phone.locator("#status.bad").filter(has_text="stones per field must be").wait_for()
    assert field.evaluate("e => e === document.activeElement && getComputedStyle(e).fill") in (
        "transparent",
        "rgba(0, 0, 0, 0)",
    )
