"""A game club on club night (the play page): one laptop runs fabgen serve, people at the
table use the page on their phones (a phone-sized window with touch) or a tablet beside
the laptop's window. Debian's chromium driven by Playwright."""

from __future__ import annotations

import pytest

from fabgen.rules.moves import move_text
from tests.web.conftest import serving
from tests.web.helpers import checked_page, play_settled

BOARD = "4p-hexagon-19-machines"  # four seats of players and two machines
PHONE = {"viewport": {"width": 375, "height": 740}, "has_touch": True, "is_mobile": True}
TYPED = "Type the moves (like c3-c5, f2-d2; empty: pass)"


@pytest.fixture(scope="module")
def club_url(tmp_path_factory):
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


def _open(page, url):
    page.goto(url + "/play")
    page.evaluate("document.fonts.ready.then(() => true)")
    return page


def _start_table_game(page):
    """Red and Green people, Blue and Yellow strong, the machines themselves; at the table."""
    page.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
    page.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
    page.locator("#seat-3").select_option("person")
    page.get_by_label("At the table (the physical board is the truth)").check()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => game && game.table")
    play_settled(page)


def _play_a_typed_move(page):
    """Type the first legal move of the seat to move and tap Play typed moves."""
    source, destinations = page.evaluate("() => Object.entries(game.legal)[0]")
    page.get_by_label(TYPED).fill(f"{source}-{destinations[0]}")
    page.get_by_role("button", name="Play typed moves").tap()


def _on_screen(page, locator) -> bool:
    """Is all of ``locator`` inside the window as it is scrolled?"""
    box = locator.bounding_box()
    return box["y"] >= 0 and box["y"] + box["height"] <= page.evaluate("innerHeight")


def test_the_game_address_given_on_the_server_s_computer_is_its_network_address(
    browser, club_url, tmp_path
):
    # The laptop opens the page at 127.0.0.1, which no phone reaches: a server open to
    # the network (fabgen serve --host 0.0.0.0 sets FABGEN_NETWORK_ORIGIN) gives its
    # network address instead; one for this computer only says how to open it.
    from fabgen.web import create_app

    def join_of(page, url):
        _open(page, url)
        _start_table_game(page)
        game_id = page.evaluate("() => game.id")
        link = page.locator("#join a").filter(has_text=f"#game={game_id}")
        return link.get_attribute("href").removesuffix(f"/play#game={game_id}"), page.locator(
            "#join"
        ).inner_text()

    with checked_page(browser) as laptop:
        origin, words = join_of(laptop, club_url)
        assert origin == club_url and "--host 0.0.0.0" in words
        # kept whole (a phone broke it after its first minus)
        option = laptop.locator("#join .together")
        assert option.inner_text() == "--host 0.0.0.0"
        assert option.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
    network = "http://192.0.2.77:8123"
    app = create_app(games_dir=tmp_path / "games")
    app.config["FABGEN_NETWORK_ORIGIN"] = network
    with serving(app) as url, checked_page(browser) as laptop:
        origin, words = join_of(laptop, url)
        assert origin == network and "--host" not in words


def test_another_phone_opens_the_game_by_the_address_the_page_gives(browser, club_url):
    # Each browser reopened only its own last game: a second phone at the table (or the
    # laptop) had no way to the game started on the first.
    with (
        checked_page(browser, viewport={"width": 1280, "height": 900}) as laptop,
        checked_page(browser, **PHONE) as phone,
    ):
        _open(laptop, club_url), _open(phone, club_url)
        _start_table_game(laptop)
        game_id = laptop.evaluate("() => game.id")
        link = laptop.locator("#join a").filter(has_text=f"#game={game_id}")
        address = link.get_attribute("href")
        phone.goto(address)
        # (the address changes only the page's #fragment, so the page reloads itself:
        # until its script has run again, `game` is not even declared)
        phone.wait_for_function(
            "id => typeof game !== 'undefined' && game && game.id === id", arg=game_id
        )
        play_settled(phone)
        assert phone.url == club_url + "/play"  # the address is the page's again
        # the phone enters Red's move; the laptop follows it
        played = phone.evaluate("() => game.turns_played")
        _play_a_typed_move(phone)
        phone.wait_for_function(f"() => !busy && game.turns_played > {played}")
        laptop.reload()
        laptop.wait_for_function(
            "n => game && game.turns_played === n", arg=phone.evaluate("() => game.turns_played")
        )
        logged = "() => [...document.querySelectorAll('#log li')].map(li => li.textContent)"
        assert laptop.evaluate(logged) == phone.evaluate(logged)


TARGETS = """() => [...document.querySelectorAll(
    '.play-page button, .play-page select, .play-page a.button,'
    + ' .play-page input:not([type=checkbox]), .play-page summary,'
    + ' .play-page .kind-bool label, #join a')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect();
              return [e.id || e.textContent.trim().slice(0, 30), Math.round(r.height)]; })
  .filter(([, h]) => h < 44)"""


SMALL_TEXT = """() => [...document.querySelectorAll('.play-page select, .play-page [type=text]')]
  .filter(e => e.getClientRects().length && parseFloat(getComputedStyle(e).fontSize) < 16)
  .map(e => e.id)"""


@pytest.mark.parametrize("width", [360, 430])
def test_on_a_phone_every_control_is_a_finger_s_size(browser, club_url, width):
    # A checkbox was 13 px square, Undo, Restart and Start game 33 px tall, the seat
    # lists 28: fingers at the table hit the control beside.
    size = {**PHONE, "viewport": {"width": width, "height": 800}}
    with checked_page(browser, **size) as phone:
        _open(phone, club_url)
        phone.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
        phone.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-5').wait_for()
        phone.wait_for_function(
            "() => [...document.styleSheets].some(s => s.href && s.href.endsWith('/play.css'))"
        )
        assert phone.evaluate(TARGETS) == []  # the new-game form
        _start_table_game(phone)
        phone.locator("#join a").wait_for()
        phone.locator("#differs").evaluate("d => d.open = true")
        assert phone.evaluate(TARGETS) == []  # the game's controls
        assert phone.evaluate("document.documentElement.scrollWidth") <= width
        # Safari zooms into a text box or list of less than 16 px as it is typed in or
        # chosen from, and stays zoomed (the page's were 15 px)
        assert phone.evaluate(SMALL_TEXT) == []
        # the hint's player on the line of its "from", not a line of its own below it
        hint_from = phone.locator(".hint-from").bounding_box()
        assert hint_from["height"] <= phone.locator("#hint-from").bounding_box()["height"] + 2
        # the keyboard's Enter, which plays the typed moves, says so
        assert phone.get_by_label(TYPED).get_attribute("enterkeyhint") == "go"


def _held_turns(page) -> list:
    held = []
    page.route("**/api/games/*/turn", lambda route: held.append(route))
    return held


def test_on_a_phone_scrolled_to_the_board_the_page_says_the_computer_thinks(browser, club_url):
    # "Blue is thinking…" stood above the board, off the screen of a phone scrolled to
    # the board or the list: a tap on Play typed moves seemed to do nothing.
    with checked_page(browser, **PHONE) as phone:
        _open(phone, club_url)
        _start_table_game(phone)
        held = _held_turns(phone)
        _play_a_typed_move(phone)
        phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        thinking = phone.locator("#thinking").filter(has_text="Blue is thinking")
        thinking.wait_for()
        assert _on_screen(phone, thinking)
        phone.wait_for_function("() => busy")
        while not held:
            phone.wait_for_timeout(20)
        for route in held:
            route.continue_()
        phone.unroute("**/api/games/*/turn")
        phone.wait_for_function("() => !busy && game.turns_played > 1")
        thinking.wait_for(state="hidden")
        # The list done on the board goes, and with it the page below the board: the line
        # saying whose turn it is comes back into the window.
        phone.get_by_role("button", name="Done on the board").tap()
        phone.locator("#to-do").wait_for(state="hidden")
        play_settled(phone)
        assert _on_screen(phone, phone.locator("#to-move"))


def _post(url, body):
    import json
    from urllib.request import Request, urlopen

    request = Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request, timeout=120) as answer:
        return json.load(answer)


def test_at_the_table_on_a_phone_the_ranking_is_read_at_the_end(browser, club_url):
    # The board stayed at the top of the window over the list to do: at the end it hid
    # the Game over box and its ranking when scrolled to them.
    with checked_page(browser, **PHONE) as phone:
        _open(phone, club_url)
        _start_table_game(phone)
        game = f"{club_url}/api/games/{phone.evaluate('() => game.id')}"
        state = phone.evaluate("() => game")
        while not state["over"]:  # the people pass to the end (the computers play on)
            answer = _post(f"{game}/turn", {"moves": [], "version": state["version"]})
            state = answer["state"]
        phone.reload()
        phone.wait_for_function("() => !busy && game && game.over")
        phone.evaluate("document.fonts.ready.then(() => true)")
        phone.locator("#ranking").filter(has_text="1. ").wait_for()
        # Scrolled to and read where the page has settled: a box measured while the final
        # board was still being laid out (a loaded machine, after the reload) was
        # measured somewhere else. A ranking hidden for good times the wait out.
        phone.wait_for_function(
            """() => {
              const ranking = document.querySelector('#ranking');
              ranking.scrollIntoView({block: 'nearest'});
              const r = ranking.getBoundingClientRect();
              const x = r.left + r.width / 2;
              return [r.top + 2, r.bottom - 2].every(y => {
                const e = document.elementFromPoint(x, y);
                return e !== null && e.closest('#ranking') !== null;
              });
            }"""
        )


def test_on_a_phone_a_server_away_is_said_where_the_phone_is_scrolled(browser, club_url):
    # The laptop's Wi-Fi gone for a minute: "the server cannot be reached" stood above the
    # board, off the screen of a phone scrolled to it; the page seemed to hang.
    with checked_page(browser, **PHONE) as phone:
        _open(phone, club_url)
        _start_table_game(phone)
        away = ["**/api/games/*/turn", "**/api/games/*"]
        for pattern in away:
            phone.route(pattern, lambda route: route.abort())
        _play_a_typed_move(phone)
        phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        waiting = phone.locator("#thinking").filter(has_text="Waiting for fabgen serve")
        waiting.wait_for()
        assert _on_screen(phone, waiting)
        for pattern in away:
            phone.unroute(pattern)
        phone.locator("#status").filter(has_text="fabgen serve is back").wait_for()
        waiting.wait_for(state="hidden")
        play_settled(phone)
        assert phone.evaluate("() => game.turns_played") == 0  # the turn never arrived


@pytest.mark.parametrize("width", [360, 390])
def test_on_a_narrow_phone_each_seat_s_name_is_whole(browser, club_url, width):
    # At 360 px the names of the machine seats were cut: "Seat 2: Machin…".
    with checked_page(browser, **{**PHONE, "viewport": {"width": width, "height": 800}}) as phone:
        _open(phone, club_url)
        phone.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
        rows = phone.locator(f'#seat-list[data-board="preset:{BOARD}"] .seat-row')
        rows.nth(5).locator("select").wait_for()
        phone.wait_for_function(
            "() => [...document.styleSheets].some(s => s.href && s.href.endsWith('/play.css'))"
        )
        cut = phone.evaluate(
            "() => [...document.querySelectorAll('#seat-list label')].filter(l => {"
            " const r = document.createRange(); r.selectNodeContents(l);"
            " return r.getBoundingClientRect().width > l.getBoundingClientRect().width + 0.01;"
            "}).map(l => l.textContent)"
        )
        assert cut == []
        assert rows.nth(1).locator("label").inner_text() == "Seat 2: Machine A"
        assert phone.evaluate("document.documentElement.scrollWidth") <= width


TABLET = {"has_touch": True, "is_mobile": True}
SCREEN_PX = """texts => texts.filter(t => t.textContent).map(t => {
  const svg = t.ownerSVGElement;
  return parseFloat(t.getAttribute('font-size')) * svg.getBoundingClientRect().width
    / svg.viewBox.baseVal.width; })"""
# Each stone's count beside its symbol and its field's name: whether their glyphs' boxes
# on screen overlap (the ink, as the page's font draws the text; a text's own box has the
# font's whole line height, room above and below the glyphs).
COUNT_ON_NAME = """fields => { const ink = t => {
  const size = parseFloat(t.getAttribute('font-size')), k = size / 100, m = t.getScreenCTM();
  const pen = document.createElement('canvas').getContext('2d'), style = getComputedStyle(t);
  pen.font = `${style.fontWeight} 100px ${style.fontFamily}`;
  pen.textAlign = 'center';
  const glyphs = pen.measureText(t.textContent), y = t.y.baseVal[0].value;
  const x = t.x.baseVal.numberOfItems ? t.x.baseVal[0].value : 0;
  const a = new DOMPoint(x - k * glyphs.actualBoundingBoxLeft,
    y - k * glyphs.actualBoundingBoxAscent).matrixTransform(m);
  const b = new DOMPoint(x + k * glyphs.actualBoundingBoxRight,
    y + k * glyphs.actualBoundingBoxDescent).matrixTransform(m);
  return [a.x, a.y, b.x, b.y]; };
  return fields.map(g => {
    const [c, n] = [ink(g.querySelector('.count')), ink(g.querySelector('.fname'))];
    return [g.dataset.field, c[0] < n[2] && n[0] < c[2] && c[1] < n[3] && n[1] < c[3]]; }); }"""


@pytest.mark.parametrize("size", [(820, 1180), (1180, 820)], ids=["upright", "sideways"])
def test_on_a_tablet_either_way_up_a_field_is_tapped_and_read_with_a_finger(
    browser, club_url, size
):
    # Upright, the board beside the settings had 340 px: fields of 24 px on this board;
    # sideways the board fitted the window's height: 37 px. A lit field's count was 8 px
    # high, a stone's 7 to 8 px under its symbol, and a field tapped kept a blue tint (a
    # touch screen keeps :hover on it) that read as lit.
    width, height = size
    with checked_page(browser, **TABLET, viewport={"width": width, "height": height}) as tablet:
        _open(tablet, club_url)
        tablet.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
        tablet.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
        tablet.get_by_role("button", name="Start game").tap()
        play_settled(tablet)
        assert tablet.evaluate("() => picture.fieldPixels()") >= 40  # (as drawn)
        assert tablet.evaluate("document.documentElement.scrollWidth") <= width
        if width < height:  # the board across the window, above the game's controls
            board = tablet.locator("#board").bounding_box()
            assert board["width"] >= width - 60
            assert board["y"] < tablet.locator("#game-controls").bounding_box()["y"]
        # upright, as on a phone, End turn stands at the foot of the window (a bar), not
        # above the board; sideways, under the board beside the settings, in the window
        end = tablet.get_by_role("button", name="End turn").bounding_box()
        if width < height:
            assert end["y"] + end["height"] > height - 60, end
        else:
            board = tablet.locator("#board").bounding_box()
            assert board["y"] + board["height"] <= end["y"] < end["y"] + end["height"] <= height
        source = tablet.evaluate("() => Object.keys(game.legal)[0]")
        tablet.locator(f'#board [data-field="{source}"]').tap()
        lit = tablet.locator("#board .field.lit").first
        lit.wait_for()
        assert min(lit.locator(".badge").evaluate_all(SCREEN_PX)) >= 11
        # a stone's count with its symbol (the machines' stacks of three) was 7 to 8 px
        counts = tablet.locator("#board .count").evaluate_all(SCREEN_PX)
        assert counts and min(counts) >= 9, counts
        # beside its symbol, at the stone's lower right, it ran into the field's name (on
        # with Field names, and at the table on the fields to do)
        tablet.get_by_label("Field names").tap()
        tablet.locator("#board.show-names").wait_for()
        beside = tablet.locator("#board .field:has(.count.beside)").evaluate_all(COUNT_ON_NAME)
        assert beside and not [name for name, overlap in beside if overlap], beside
        destination = lit.get_attribute("data-field")
        lit.tap()
        tablet.locator("#pending").filter(has_text=move_text(source, destination)).wait_for()
        tapped = tablet.locator(f'#board [data-field="{destination}"] .hit')
        assert tapped.evaluate("e => getComputedStyle(e).fill") == "rgba(0, 0, 0, 0)"
        # nor does a button tapped keep the mouse's hover colour (it looked pressed)
        take_back = tablet.get_by_role("button", name="Take back move")
        take_back.tap()
        tablet.wait_for_function("() => !busy && !pending.length")
        assert (
            take_back.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
        )
        if width < height:  # turned sideways: the board, now in a narrower box, zooms again
            tablet.set_viewport_size({"width": height, "height": width})
            tablet.wait_for_function("() => picture.fieldPixels() >= 40")
