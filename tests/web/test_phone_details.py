"""Details a phone or a screen reader meets on the pages: the designer's status line
(and every other page's) named by what it says, the play page's board read before its
settings while a game is on, tile numbers a phone shows large enough to read, and the
play page's file box at a finger's size. Debian's chromium driven by Playwright."""

from __future__ import annotations

import pytest

from tests.web.helpers import accessibility_tree, checked_page, play_settled

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
BOARD = "3p-triangle-4"  # the designer's default board, tiles 1 to 10


def _accessible(page, selector) -> tuple[str, str]:
    """The name and the description chromium's accessibility tree gives the element."""
    top, _ = accessibility_tree(page, selector)
    return (
        top.get("name", {}).get("value", ""),
        top.get("description", {}).get("value", ""),
    )


@pytest.fixture
def designer(browser, server_url, request):
    with checked_page(browser, **request.param) as page:
        page.goto(server_url + "/board")
        page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
        page.wait_for_function("() => !document.body.dataset.busy")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page


# ---- the designer's status line ------------------------------------------------------------


@pytest.mark.parametrize("designer", [PHONE], indirect=True)
def test_the_designer_s_status_line_is_named_by_what_it_says(designer):
    # Its title, "Click to hide" (on a touch screen "Tap to hide"), named it whatever it
    # said: "Loaded 3p-triangle-4." was "Tap to hide" to a screen reader, with nothing
    # to hide.
    status = designer.locator("#status")
    status.filter(has_text=f"Loaded {BOARD}.").wait_for()
    assert _accessible(designer, "#status") == (f"Loaded {BOARD}.", "")
    designer.get_by_label("put stones on a field").tap()
    designer.locator('#canvas .hit.field[data-field="b2"]').tap()
    status.filter(has_text=" stones on b2.").wait_for()
    said = status.inner_text()
    status.tap()  # (nothing to hide: it stays)
    assert status.inner_text() == said
    assert _accessible(designer, "#status") == (said, "")
    # a refusal: named by its words, and described by how to hide it, which works
    stones = designer.get_by_label("Stones per field", exact=True)
    stones.fill("150")
    stones.press("Tab")
    refusal = designer.locator("#status.bad")
    refusal.wait_for()
    assert _accessible(designer, "#status") == (refusal.inner_text(), "Tap to hide")
    refusal.tap()
    refusal.wait_for(state="hidden")
    assert _accessible(designer, "#status") == ("", "")


# ---- tile numbers on a phone ----------------------------------------------------------------

# Each tile number's height on screen, its size as the server drew it, and whether its ink
# (its advance across, a digit's 0.73 of the font size up from the baseline) stays off
# every field's circle in the picture. (On the default board, whose stones stand one on a
# field, the picture's only text but the field names' and the counts' is the numbers.)
NUMBERS = """() => {
  const svg = document.querySelector('#canvas svg');
  const circles = [...svg.querySelectorAll('circle:not(.hit)')].map(c =>
    [c.cx.baseVal.value, c.cy.baseVal.value, c.r.baseVal.value]);
  return [...svg.querySelectorAll('text:not(.fname):not([font-weight])')].map(t => {
    const box = t.getBBox(), size = parseFloat(t.getAttribute('font-size'));
    const base = parseFloat(t.getAttribute('y'));
    const [x0, x1, y0, y1] = [box.x, box.x + box.width, base - 0.73 * size, base];
    const covered = circles.filter(([x, y, r]) => Math.hypot(
      x - Math.max(x0, Math.min(x1, x)), y - Math.max(y0, Math.min(y1, y))) < r);
    return {number: t.textContent, height: t.getBoundingClientRect().height,
            drawn: parseFloat(t.dataset.size || t.getAttribute('font-size')), size,
            covered: covered.length};
  });
}"""
FITTED = "() => [...document.querySelectorAll('text.tile-number')].every(t => t.dataset.size)"


@pytest.mark.parametrize("designer", [PHONE], indirect=True)
def test_tile_numbers_are_large_enough_to_read_on_a_phone_and_cover_no_field(designer):
    # They were 7 px high on a 390 px phone (a size of 3.06 in a picture 346 px wide).
    designer.locator("#status").filter(has_text=f"Loaded {BOARD}.").wait_for()
    designer.wait_for_function(FITTED)
    numbers = designer.evaluate(NUMBERS)
    assert [n["number"] for n in numbers] == [str(k) for k in range(1, 11)]
    assert [n for n in numbers if n["covered"]] == []
    assert [n for n in numbers if n["size"] < n["drawn"]] == []
    short = [n for n in numbers if n["height"] < (12 if len(n["number"]) == 1 else 9.5)]
    assert short == []
    # zoomed in, still clear of the fields and no smaller on screen
    designer.get_by_role("button", name="Zoom in").tap()
    designer.wait_for_function(
        "h => document.querySelector('text.tile-number').getBoundingClientRect().height > h",
        arg=numbers[0]["height"],
    )
    zoomed = designer.evaluate(NUMBERS)
    assert [n for n in zoomed if n["covered"]] == []
    assert all(z["height"] >= n["height"] for z, n in zip(zoomed, numbers, strict=True))


@pytest.mark.parametrize("designer", [LAPTOP], indirect=True)
def test_on_a_laptop_tile_numbers_keep_the_size_drawn_where_it_is_large_enough(designer):
    # (14 px high at 1280 px wide: as the server drew them)
    designer.locator("#status").filter(has_text=f"Loaded {BOARD}.").wait_for()
    designer.wait_for_function(FITTED)
    numbers = designer.evaluate(NUMBERS)
    assert len(numbers) == 10
    assert [n for n in numbers if n["covered"] or n["size"] != n["drawn"]] == []
    assert min(n["height"] for n in numbers) >= 13


# ---- the play page ------------------------------------------------------------------------


@pytest.fixture
def play(browser, play_url, request):
    with checked_page(browser, **request.param) as page:
        page.goto(play_url + "/play")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page


def _start_against_greedy(play) -> None:
    """A game on the default board, a person against two greedy seats, started and
    settled (the person to move)."""
    play.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
    play.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
    play.locator("#seat-1").select_option("greedy")
    play.locator("#seat-2").select_option("greedy")
    play.get_by_role("button", name="Start game").click()
    play_settled(play)


def _before(page, first: str, then: str) -> bool:
    """Whether ``first`` comes before ``then`` in the page (as it is read and tabbed)."""
    return page.evaluate(
        """([a, b]) => Boolean(document.querySelector(a).compareDocumentPosition(
             document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING)""",
        [first, then],
    )


@pytest.mark.parametrize("play", [PHONE, LAPTOP], indirect=True, ids=["phone", "laptop"])
def test_while_a_game_is_on_its_board_is_read_before_the_settings(play):
    # The settings column came first in the page: a screen reader, the Tab key and a
    # phone's swipe passed the score table, At the table, Undo, Restart, Download and New
    # game (and their address for another phone) on every way to the board.
    play.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
    play.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
    # before a game, the form to start one comes first
    assert _before(play, "#new-game", "#board")
    play.locator("#seat-1").select_option("greedy")
    play.locator("#seat-2").select_option("greedy")
    play.get_by_label("Show explosions wave by wave").set_checked(False)
    play.get_by_role("button", name="Start game").click()
    play_settled(play)
    game_box = "#game-controls"
    assert _before(play, "#play-title", "#board-title")  # (the page's heading first)
    for first in ["#to-move", "#status", "#board", "#end-turn", "#typed-moves", "#log"]:
        assert _before(play, first, game_box), first
    # from the last of the turn's actions Tab goes on to the game's settings, not back up
    play.locator("#play-typed").focus()
    play.keyboard.press("Tab")
    assert play.evaluate("() => document.activeElement.closest('.settings') !== null")
    # as seen: on a phone the board above the settings; on a laptop the settings beside
    # it on the left, under the page's title, as before
    board = play.locator("#board").bounding_box()
    box = play.locator(game_box).bounding_box()
    title = play.locator("#play-title").bounding_box()
    intro = play.locator(".intro").bounding_box()
    assert board and box and title and intro
    if play.viewport_size["width"] < 760:
        assert board["y"] + board["height"] <= box["y"]
    else:
        assert box["x"] + box["width"] <= board["x"]
        assert title["x"] == box["x"] and title["y"] < board["y"]
        assert intro["y"] + intro["height"] <= box["y"] <= intro["y"] + intro["height"] + 20
    # New game shows the form with the settings, the board still first in the page
    play.get_by_role("button", name="New game").click()
    play.locator("#new-game").wait_for()
    assert play.evaluate("() => document.activeElement.id") == "board-choice"
    assert _before(play, "#board", "#new-game")


@pytest.mark.parametrize("play", [PHONE], indirect=True)
def test_on_a_phone_the_play_page_s_file_box_is_a_finger_s_size(play):
    # Its words were the browser's 13.3 px (a phone's browser zooms into a box under 16
    # px as a file is chosen), its button 21 px tall at the top of a box of 44.
    box = play.locator("#board-file")
    box.wait_for()
    size, button = box.evaluate(
        """e => [parseFloat(getComputedStyle(e).fontSize),
                 parseFloat(getComputedStyle(e, '::file-selector-button').height)]"""
    )
    bounds = box.bounding_box()
    assert bounds
    assert (size, button >= 44) == (16, True)
    assert bounds["height"] >= 44 and bounds["width"] >= 44
    assert bounds["x"] + bounds["width"] <= 390
    assert play.evaluate("document.documentElement.scrollWidth") <= 390


# Each tile number of the play page's picture: its height on screen, its size and the size
# drawn, and how many fields' circles its ink (its advance across, a digit's 0.73 of the
# font size up from the baseline) reaches into, in the picture's own units.
PLAY_NUMBERS = """() => {
  const svg = document.querySelector('#board svg');
  const circles = [...svg.querySelectorAll('g.field')].map(g => {
    const m = g.transform.baseVal[0].matrix;
    return [m.e, m.f, g.querySelector('circle.cell').r.baseVal.value];
  });
  return [...svg.querySelectorAll('.tile-numbers text')].map(t => {
    const box = t.getBBox(), size = parseFloat(t.getAttribute('font-size'));
    const base = parseFloat(t.getAttribute('y'));
    const [x0, x1, y0, y1] = [box.x, box.x + box.width, base - 0.73 * size, base];
    const covered = circles.filter(([x, y, r]) => Math.hypot(
      x - Math.max(x0, Math.min(x1, x)), y - Math.max(y0, Math.min(y1, y))) < r);
    return {number: t.textContent, height: t.getBoundingClientRect().height,
            drawn: parseFloat(t.dataset.size), size, covered: covered.length};
  });
}"""


PLAY_FITTED = (
    "() => [...document.querySelectorAll('#board .tile-numbers text')].every(t => t.dataset.size)"
)


@pytest.mark.parametrize("play", [PHONE], indirect=True)
def test_the_play_page_s_tile_numbers_are_large_enough_to_read_on_a_phone(play):
    # They were 8 px high on a 390 px phone, as drawn for a laptop: the designer's
    # numbers had grown into their gaps, the play page's had not.
    _start_against_greedy(play)
    play.wait_for_function(PLAY_FITTED)
    numbers = play.evaluate(PLAY_NUMBERS)
    assert [n["number"] for n in numbers] == [str(k) for k in range(1, 11)]
    assert [n for n in numbers if n["covered"] or n["size"] < n["drawn"]] == []
    short = [n for n in numbers if n["height"] < (12 if len(n["number"]) == 1 else 9.5)]
    assert short == []
    # zoomed in, still clear of the fields and no smaller on screen
    zoom = play.evaluate("() => picture.zoom")
    play.get_by_role("button", name="Zoom in").tap()
    play.wait_for_function("z => picture.zoom > z && picture.scale", arg=zoom)
    zoomed = play.evaluate(PLAY_NUMBERS)
    assert [n for n in zoomed if n["covered"] or n["size"] < n["drawn"]] == []
    assert all(z["height"] >= n["height"] for z, n in zip(zoomed, numbers, strict=True))


# ---- the other pages' status lines ----------------------------------------------------------


@pytest.fixture
def page_at(browser, server_url):
    """A laptop-sized page, opened at a path of the server."""
    with checked_page(browser, **LAPTOP) as page:

        def at(path: str):
            page.goto(server_url + path)
            return page

        yield at


def test_the_kit_and_rules_pages_status_lines_are_named_by_what_they_say(page_at):
    # A status is named only by its author, not by its words: each of these lines was
    # a nameless "status" to a screen reader that lists a page's parts.
    kit = page_at("/")
    kit.wait_for_function("() => document.body.dataset.preview")  # (the first preview)
    shown = kit.evaluate("() => document.body.dataset.preview")
    kit.get_by_role("button", name="Reset to defaults").click()
    # the reset's preview has come: its message stays (it went within a second)
    kit.wait_for_function(f"() => document.body.dataset.preview !== {shown!r}")
    said = "Every setting is back to its default."
    assert kit.locator("#status").inner_text() == said
    assert _accessible(kit, "#status") == (said, "")
    rules = page_at("/rules")
    rules.evaluate("() => { transcript = null; }")  # (nothing loaded yet, as on a first visit)
    rules.get_by_role("button", name="Play these moves").click()
    rules.locator("#status", has_text="Load a transcript first.").wait_for()
    assert _accessible(rules, "#status") == ("Load a transcript first.", "")


@pytest.mark.parametrize("play", [LAPTOP], indirect=True)
def test_the_play_page_s_status_and_thinking_lines_are_named_by_what_they_say(play):
    _start_against_greedy(play)
    # a field of the player to move that is empty: refused, and the refusal is the name
    play.locator('#board [data-field][data-owner=""]').first.click()
    refusal = play.locator("#status.bad")
    refusal.wait_for()
    assert _accessible(play, "#status") == (refusal.inner_text(), "")
    # while the computers think, the line that says so is named by it (their answer is
    # held back until the line has been read: greedy answers before a look otherwise)
    held: list = []
    play.route("**/turn", lambda route: held.append(route))
    play.get_by_role("button", name="End turn").click()
    thinking = play.locator("#thinking:not([hidden])")
    thinking.wait_for()
    said = thinking.inner_text()
    name, _ = _accessible(play, "#thinking")
    play.wait_for_function("() => true")  # (the held request has reached the route)
    for route in held:
        route.continue_()
    play.unroute("**/turn")
    assert said.endswith("thinking…") and name == said
    play_settled(play)
