"""The play page as a keyboard, a screen reader and a phone meet it: whose turn it is, the
board, then the turn's actions, in the order they are seen; field names with a minus
sign read out as the board's buttons say them; and a game taken back or played again on
a phone shown on its board. Debian's chromium driven by Playwright."""

from __future__ import annotations

import pytest

from tests.web.helpers import accessibility_tree, checked_page, play_settled

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
BOARD = "3p-triangle-4"  # Red starts on fields whose names have a minus sign (-d1, ...)


@pytest.fixture
def play(browser, play_url, request):
    with checked_page(browser, **request.param) as page:
        page.on("dialog", lambda dialog: dialog.accept())  # (Restart asks first)
        page.goto(play_url + "/play")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page


def _start(page, kind="greedy"):
    """Red (a person) against two computers of ``kind``, explosions shown at once."""
    page.get_by_label("Board", exact=True).select_option(f"preset:{BOARD}")
    page.locator(f'#seat-list[data-board="preset:{BOARD}"] #seat-0').wait_for()
    page.locator("#seat-1").select_option(kind)
    page.locator("#seat-2").select_option(kind)
    page.get_by_label("Show explosions wave by wave").set_checked(False)
    page.get_by_role("button", name="Start game").click()
    play_settled(page)


def _ends_turn(page, moves=()):
    """Tap ``moves`` (pairs of field names), then End turn; wait for the person's next
    turn or the end."""
    for source, destination in moves:
        page.locator(f'#board [data-field="{source}"]').click()
        page.locator(f'#board [data-field="{destination}"]').click()
        page.wait_for_function("n => pending.length === n", arg=len(moves))
    played = page.evaluate("() => game.turns_played")
    page.get_by_role("button", name="End turn").click()
    page.wait_for_function("n => !busy && game.turns_played > n", arg=played)
    play_settled(page)


# ---- the order it is read in ----------------------------------------------------------------

IN_ORDER = ["#to-move", "#status", "#board", "#end-turn", "#take-back", "#hint", "#hint-from",
            "#typed-moves", "#play-typed"]  # fmt: skip


@pytest.mark.parametrize("play", [PHONE, TABLET, LAPTOP], indirect=True, ids=["phone", "tab", "pc"])
def test_the_page_reads_whose_turn_then_the_board_then_the_turn_s_actions(play):
    # End turn, Take back move, Hint and the typed moves came before the board in the
    # page: a keyboard or a phone's swipe met them before the board they act on, and Tab
    # from the board went on to the list of turns.
    _start(play)
    order = play.evaluate(
        """(ids) => ids.slice(1).filter((id, i) => !(document.querySelector(ids[i])
             .compareDocumentPosition(document.querySelector(id))
             & Node.DOCUMENT_POSITION_FOLLOWING))""",
        IN_ORDER,
    )
    assert order == [], f"before the element they follow: {order}"
    # as they are seen: the actions below the board, or in the phone's bar at the foot
    board = play.locator("#board").bounding_box()
    end_turn = play.locator("#end-turn").bounding_box()
    fixed = play.locator("#turn-actions").evaluate("b => getComputedStyle(b).position") == "fixed"
    height = play.viewport_size["height"]
    if fixed:  # (a phone or a tablet upright: the bar at the foot of the window)
        assert abs(end_turn["y"] + end_turn["height"] - height) < 20
    else:
        assert end_turn["y"] >= board["y"] + board["height"]
        assert end_turn["y"] + end_turn["height"] <= height  # (a laptop: in the window)
    for below in ["#hint-from", "#typed-moves"]:
        assert play.locator(below).bounding_box()["y"] >= board["y"] + board["height"]
    assert play.locator("#to-move").bounding_box()["y"] < board["y"]
    # the keyboard: from the board's field Tab goes to End turn, Shift+Tab back to the board
    play.evaluate("() => focusBoard()")
    field = play.evaluate("() => document.activeElement.dataset.field")
    assert field
    play.keyboard.press("Tab")
    assert play.evaluate("() => document.activeElement.id") == "end-turn"
    play.keyboard.press("Shift+Tab")
    assert play.evaluate("() => document.activeElement.dataset.field") == field


# ---- field names read out --------------------------------------------------------------------


def _read_out(page, selector) -> str:
    """What chromium gives a screen reader for the element (its accessibility tree): its
    name where it has one, else its text as the tree's pieces of text in order."""
    top, tree = accessibility_tree(page, selector)
    by_id = {n["nodeId"]: n for n in tree}

    def texts(n) -> list[str]:
        if n.get("ignored"):
            return [t for c in n.get("childIds", []) if c in by_id for t in texts(by_id[c])]
        if n.get("role", {}).get("value") == "StaticText":
            return [n.get("name", {}).get("value", "")]
        return [t for c in n.get("childIds", []) if c in by_id for t in texts(by_id[c])]

    name = top.get("name", {}).get("value", "")
    return name or "".join(texts(top))


@pytest.mark.parametrize("play", [LAPTOP], indirect=True)
def test_names_with_a_minus_sign_are_read_out_as_the_board_s_buttons_say_them(play):
    # The board's buttons said "minus d1", but the status line, the moves of the turn,
    # the list of turns and the Undo list gave a screen reader "-d1": read as "dash d
    # one", or as "d1" at a reader's usual setting, which leaves the minus out.
    _start(play)
    source, destination = play.evaluate(
        "() => Object.entries(game.legal).flatMap(([s, ds]) => ds.map((d) => [s, d]))"
        ".find(([s, d]) => s.startsWith('-') && d.startsWith('-'))"
    )
    said = f"minus {source[1:]} to minus {destination[1:]}"
    shown = f"{source} to {destination}"
    play.locator(f'#board [data-field="{source}"]').click()
    play.locator(f'#board [data-field="{destination}"]').click()
    play.locator("#pending").filter(has_text=shown).wait_for()
    assert _read_out(play, "#pending") == f"This turn: {said}"
    assert _read_out(play, "#status").startswith(f"Moved {said}. ")
    # the text on show (and copied) is as it was
    assert play.locator("#pending").inner_text() == f"This turn: {shown}"
    assert play.locator("#status").text_content().startswith(f"Moved {shown}. ")
    # a move without a minus sign reads with "to" too, a name with one inside as "c minus 1"
    play.evaluate("() => setStatus('From c3-c5 and c-1 to -a-2.')")
    assert _read_out(play, "#status") == "From c3 to c5 and c minus 1 to minus a minus 2."
    assert play.locator("#status").inner_text() == "From c3-c5 and c-1 to -a-2."
    _ends_turn(play)  # (nothing more tapped: the move above is the turn)
    first = play.locator("#log li").last  # (the latest first)
    assert _read_out(play, "#log li:last-child a").startswith(f"Red: 1 stone from {said}")
    assert first.inner_text().startswith(f"Red: 1 stone from {shown}")
    option = play.locator("#undo-turn option").first
    assert option.inner_text() == f"turn 1, Red: {shown}"
    assert _read_out(play, "#undo-turn option") == f"turn 1, Red: {said}"


# ---- a game taken back or played again on a phone ------------------------------------------


def _board_in_view(page) -> list[str]:
    """What of the board a phone's window leaves out: the board's box above the window or
    under the bar of the turn's actions at its foot, and whether a field of the person to
    move is seen."""
    return page.evaluate(
        """() => {
          const board = document.querySelector('#board').getBoundingClientRect();
          const bar = document.querySelector('#turn-actions').getBoundingClientRect();
          const foot = Math.min(innerHeight, bar.height ? bar.top : innerHeight);
          const out = [];
          const px = (n) => `${Math.round(n)} px`;
          if (board.top < -1) out.push(`board's top ${px(-board.top)} above the window`);
          const under = board.bottom - foot;
          if (under > 1) out.push(`board's foot ${px(under)} under the bar`);
          const box = picture.scroller.getBoundingClientRect();
          const seen = Object.keys(game.legal).some((name) => {
            const r = picture.cells.get(name).g.getBoundingClientRect();
            const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
            return x > box.left && x < box.right
              && y > Math.max(0, box.top) && y < Math.min(box.bottom, foot);
          });
          if (!seen) out.push('no field of the person to move in view');
          return out;
        }"""
    )


def _pass_to_the_end(page):
    for _ in range(60):
        if page.evaluate("() => game.over"):
            return
        _ends_turn(page)
    raise AssertionError("the game did not end in 60 rounds")


@pytest.mark.parametrize("play", [SMALL_PHONE], indirect=True)
def test_on_a_phone_undo_restart_the_end_and_play_again_show_the_board(
    play, fixed_game_id, monkeypatch
):
    # Pressed among the game's controls below the board (or under the ranking), they
    # brought the line saying whose turn it is to the top of the window, and left the
    # board's foot, where Red's fields are, under the bar of the turn's actions.
    _start(play, "random")  # (Red passing, this game ends in 17 rounds; against greedy 80)
    for _ in range(3):
        _ends_turn(play)  # (Red passes: three turns to take back)
    play.get_by_label("Undo back to").select_option(index=1)  # (before Red's second turn)
    undo = play.get_by_role("button", name="Undo", exact=True)
    undo.scroll_into_view_if_needed()
    undo.tap()
    play.wait_for_function("() => !busy && game.turns_played === 3")
    play_settled(play)
    assert _board_in_view(play) == [], "after Undo"
    assert play.locator("#status").inner_text() == "Back to before turn 4."
    restart = play.get_by_role("button", name="Restart")
    restart.scroll_into_view_if_needed()
    restart.tap()
    play.wait_for_function("() => !busy && game.turns_played === 0")
    play_settled(play)
    assert _board_in_view(play) == [], "after Restart"
    # the words of the Undo before it went ("Back to before turn 4." stayed)
    assert play.locator("#status").inner_text() == "Started again from the first turn."
    held: list = []  # (Play again's request, held until the end is seen put away)
    for again in ["Play again", "Play again, seats rotated"]:
        _pass_to_the_end(play)
        # the ranking under the final board, both in the window: the focus put on Play
        # again scrolled the ranking in and the board out (with the turn's actions, all
        # off, between them)
        board, over = (
            play.locator("#board").bounding_box(),
            play.locator("#game-over").bounding_box(),
        )
        assert board["y"] >= 0 and over["y"] + over["height"] <= play.viewport_size["height"]
        if again != "Play again":
            monkeypatch.undo()  # (a game of its own id, as the server gives it)
        button = play.get_by_role("button", name=again, exact=True)
        button.scroll_into_view_if_needed()
        # the end is put away at once, not with the new game's answer (it stood beside
        # the new game's first turn for a second): the answer is held until seen
        held.clear()
        play.route("**/again", lambda route: held.append(route))
        button.tap()
        play.locator("#game-over").wait_for(state="hidden")
        while not held:
            play.wait_for_timeout(20)
        held[0].continue_()
        play.unroute("**/again")
        play.wait_for_function("() => !busy && !game.over && game.turns_played <= 3")
        play_settled(play)
        assert _board_in_view(play) == [], f"after {again}"


@pytest.mark.parametrize("play", [PHONE], indirect=True)
def test_at_the_table_on_a_phone_the_list_to_do_follows_the_board(play):
    # With the turn's actions under the board, Hint from and the typed moves stood between
    # the board and the list of what to do on it (250 px on a 390 px phone), the line
    # above the board saying to do the list first.
    play.get_by_label("At the table (the physical board is the truth)").check()
    _start(play)
    source, destinations = play.evaluate("() => Object.entries(game.legal)[0]")
    play.locator(f'#board [data-field="{source}"]').click()
    play.locator(f'#board [data-field="{destinations[0]}"]').click()
    play.wait_for_function("() => pending.length === 1")
    _ends_turn(play)
    play.locator("#to-do-list > li").first.wait_for()
    play.evaluate("window.scrollTo(0, 0)")
    board, todo = play.locator("#board").bounding_box(), play.locator("#to-do").bounding_box()
    assert 0 <= todo["y"] - (board["y"] + board["height"]) < 30, (board, todo)
    # the turn's actions after the list, as in the page's order
    assert play.get_by_label("Hint from").bounding_box()["y"] > todo["y"] + todo["height"]
