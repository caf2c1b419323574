"""The play page in a real browser (Debian's chromium driven by Playwright): games played
by tapping fields as a person does, checked against the rules engine's own replay of
the transcript the page gives for download."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from fabgen.rules.moves import move_text
from tests.web.conftest import serving
from tests.web.helpers import checked_page, chosen_board_is_preset, fields_changed, play_settled
from tests.web.test_browser import _lines_split_inside_brackets

PERSON_VS_TWO = {"seat-1": "greedy", "seat-2": "strong"}


@pytest.fixture
def play(browser, play_url, request):
    size = dict(getattr(request, "param", {"width": 1280, "height": 900}))
    motion = {k: size.pop(k) for k in ["reduced_motion"] if k in size}  # (not a size)
    with checked_page(browser, accept_downloads=True, viewport=size, **motion) as page:
        page.goto(play_url + "/play")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page


def _start(page, seats=PERSON_VS_TWO, board="3p-triangle-4", animate=False):
    page.get_by_label("Board", exact=True).select_option(f"preset:{board}")
    page.locator(f'#seat-list[data-board="preset:{board}"] #seat-0').wait_for()
    for seat, kind in seats.items():
        page.locator(f"#{seat}").select_option(kind)
    page.get_by_label("Show explosions wave by wave").set_checked(animate)
    page.get_by_role("button", name="Start game").click()
    play_settled(page)


def _field(page, name):
    return page.locator(f'#board [data-field="{name}"]')


def _board(page) -> dict[str, tuple[str, str, str]]:
    """Every field's status, owner and stones as the picture shows them."""
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#board [data-field]')]"
        ".map(g => [g.dataset.field, [g.dataset.status, g.dataset.owner, g.dataset.stones]]))"
    )


def _tap_a_move(page) -> tuple[str, str] | None:
    """Tap the first field that may move and the first field that lights up."""
    sources = page.evaluate("() => Object.keys(game.legal)")
    if not sources:
        return None
    _field(page, sources[0]).click()
    lit = page.locator("#board .field.lit").first
    lit.wait_for()
    destination = lit.get_attribute("data-field")
    count = lit.locator(".badge").text_content()
    assert count and int(count) >= 1  # the stones the move takes
    lit.click()
    page.locator("#pending").filter(has_text=move_text(sources[0], destination)).wait_for()
    return sources[0], destination


def _end_turn(page):
    turns = page.locator("#log li").count()
    page.get_by_role("button", name="End turn").click()
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {turns}")
    play_settled(page)


def _shown_scores(page) -> list[int]:
    return [int(s) for s in page.locator("#scores .score").all_text_contents()]


def _tap_the_hint(page):
    """Ask for a hint and tap its moves, each a source and a lit destination."""
    page.get_by_role("button", name="Hint").click()
    page.locator("#status").filter(has_text="Hint: ").wait_for()
    for source, destination in page.evaluate("() => hinted"):
        _field(page, source).click()
        _field(page, destination).click()
        page.locator("#pending").filter(has_text=move_text(source, destination)).wait_for()


def test_a_whole_game_tapped_against_two_computers(play, tmp_path, fixed_game_id):
    # A fixed id makes the game the same every time. Most such games end in 10 to 30
    # rounds, but not all (one of a random id took 201, a shuffle of single stones);
    # this one takes 19.
    _start(play)
    assert play.evaluate("() => game.id") == fixed_game_id
    rounds = 0
    while not play.evaluate("() => game.over"):
        _tap_the_hint(play)  # the strong player's hints
        _end_turn(play)
        rounds += 1
        assert rounds < 60
    play.locator("#game-over").wait_for()
    # nothing left to ask a hint for: the button and the choice of whom from are off
    assert play.locator("#hint").is_disabled() and play.locator("#hint-from").is_disabled()
    scores = _shown_scores(play)
    ranking = play.locator("#ranking li").all_text_contents()  # a place a line, ties together
    assert ranking[0].startswith("1. ") and sum(p.count("seat ") for p in ranking) == 3
    with play.expect_download() as info:
        play.get_by_role("link", name="Download transcript").click()
    path = tmp_path / "game.json"
    info.value.save_as(path)
    replayed = subprocess.run(
        [sys.executable, "-m", "fabgen", "rules", "replay", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stderr
    final = json.loads(replayed.stdout)
    assert final["game_over"] is True
    assert final["scores"] == scores
    assert final["turns_played"] == len(json.loads(path.read_text())["turns"]) > 3
    # the log names every turn, the computers' in words
    log = play.locator("#log li").all_text_contents()
    assert any(line.startswith("Blue: ") for line in log)
    assert any(line.startswith("Green: ") for line in log)


def test_each_seat_s_stones_carry_its_symbol_so_red_and_green_are_told_apart(play):
    """Red and green look alike to about 1 man in 12: each seat's stones carry the
    seat's symbol (ring, bar, triangle, as the kit's stones with seat_symbols), and the
    scores table shows each seat's colour with it."""
    _start(play)
    _tap_a_move(play)
    _end_turn(play)  # stacks of two and more show their count beside the symbol
    shown = play.evaluate(
        """() => [...document.querySelectorAll('#board [data-field]')]
          .filter(g => g.dataset.owner)
          .map(g => [g.dataset.owner, g.dataset.symbol,
                     getComputedStyle(g.querySelector('.symbol')).display,
                     g.querySelector('.symbol').getAttribute('d')])"""
    )
    symbols: dict[str, set[str]] = {}
    for owner, symbol, display, path in shown:
        assert display != "none" and path.startswith("M"), (owner, symbol)
        symbols.setdefault(owner, set()).add(symbol)
    assert symbols == {"1": {"ring"}, "2": {"bar"}, "3": {"triangle"}}
    legend = play.locator("#scores tbody svg.swatch")
    assert legend.evaluate_all("all => all.map(s => s.dataset.symbol)") == [
        "ring",
        "bar",
        "triangle",
    ]
    assert all(
        d for d in legend.locator("path").evaluate_all("all => all.map(p => p.getAttribute('d'))")
    )
    # an empty field shows none
    empty = play.locator('#board [data-field][data-owner=""]').first
    assert empty.locator(".symbol").evaluate("p => getComputedStyle(p).display") == "none"


def _focused_field(page) -> str | None:
    return page.evaluate("() => document.activeElement.dataset.field || null")


def test_the_board_is_one_tab_stop_whose_fields_say_what_is_on_them(play):
    """A screen reader named every field "field c3" and nothing else, and Tab went
    through all 70 fields of the board (259 on the 37-tile board) one by one: each
    field now says its stones, their seat and its status, the board is one stop of the
    Tab key, and the arrow keys go from field to field."""
    _start(play)
    play.locator("#animate").focus()  # the last control before the board
    play.keyboard.press("Tab")
    first = _focused_field(play)
    assert first is not None
    play.keyboard.press("Tab")
    assert _focused_field(play) is None  # past the board at once
    play.keyboard.press("Shift+Tab")
    assert _focused_field(play) == first

    centres = play.evaluate(
        "() => Object.fromEntries(game.picture.fields.map(f => [f.name, f.at]))"
    )
    for key, axis, sign in (("ArrowRight", 0, 1), ("ArrowDown", 1, 1), ("ArrowLeft", 0, -1)):
        before = _focused_field(play)
        play.keyboard.press(key)
        after = _focused_field(play)
        assert after != before, key
        assert sign * (centres[after][axis] - centres[before][axis]) > 0, (key, before, after)
    play.keyboard.press("Home")
    assert _focused_field(play) == play.evaluate("() => game.picture.fields[0].name")
    play.keyboard.press("End")
    assert _focused_field(play) == play.evaluate("() => game.picture.fields.at(-1).name")

    # each field in words, from what the picture shows; a minus sign in words: a screen
    # reader leaves it out as punctuation, and "-d1" sounded as "d1"
    names = play.evaluate("() => game.seats.map(s => s.name)")
    spoken = set()
    for name, (status, owner, stones) in _board(play).items():
        label = _field(play, name).get_attribute("aria-label")
        said = name.replace("-", " minus ").strip().replace("  ", " ")
        assert label.startswith(f"{said}: ") and "-" not in label.split(":")[0], label
        spoken.add(said)
        if owner:
            n = int(stones)
            assert f"{n} stone{'s' if n > 1 else ''} of {names[int(owner) - 1]}" in label
        else:
            assert "empty" in label
        assert (status in label) == (status != "live"), label
        # the same words when the pointer rests on it (other words were read after it)
        assert _field(play, name).locator("title").text_content() == label
    assert len(spoken) == len(_board(play)) and "minus d1" in spoken  # (and "d1")
    # chosen by Enter, the field and the fields its stones may go to say so
    source = play.evaluate("() => Object.keys(game.legal)[0]")
    _field(play, source).focus()
    play.keyboard.press("Enter")
    play.locator("#board .field.lit").first.wait_for()
    assert "chosen" in _field(play, source).get_attribute("aria-label")
    lit = play.locator("#board .field.lit").first
    said = source.replace("-", " minus ").strip().replace("  ", " ")
    assert f"a move from {said} to here takes" in lit.get_attribute("aria-label")
    play.keyboard.press("Enter")  # chosen again: the choice is let go
    play.locator("#board .field.lit").first.wait_for(state="detached")

    # the rules viewer's board names its fields too (pictures: no tab stops there)
    play.goto(play.url.replace("/play", "/rules"))
    play.get_by_label("or the start of a preset board").select_option("3p-triangle-4")
    play.locator("#step-svg [data-field]").first.wait_for()
    assert play.get_by_role("img", name="1 stone of Red").count() == 7  # its start tile
    assert play.locator("#step-svg [tabindex]").count() == 0


def _press_until(page, key: str, selector: str, most: int = 40) -> int:
    """Press ``key`` until the element ``selector`` has the focus; the presses it took."""
    for n in range(1, most + 1):
        page.keyboard.press(key)
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return n
    raise AssertionError(f"{key} never reached {selector}")


def test_a_game_played_with_the_keyboard_alone(play):
    """Start game, End turn, Hint and Undo are disabled while the page waits for the
    server, and the browser dropped their focus to the top of the page: after each a
    keyboard's user started again from the page's first link. Focus now goes on where
    the game does: to the person's field on the board, or back to the button."""
    play.locator("#seat-list #seat-0").wait_for()
    play.locator("#seat-1").select_option("greedy")
    play.locator("#seat-2").select_option("greedy")
    play.locator("body").focus()
    _press_until(play, "Tab", "#start")
    play.keyboard.press("Enter")
    play_settled(play)
    source = _focused_field(play)
    assert source in play.evaluate("() => game.legal"), source  # a field Red may move from

    play.keyboard.press("Enter")  # chosen: its destinations light up
    play.locator("#board .field.lit").first.wait_for()
    lit = play.evaluate(
        "() => [...document.querySelectorAll('#board .field.lit')].map(g => g.dataset.field)"
    )
    key = next(
        k
        for k in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown")
        if play.evaluate(f"() => picture.nextField('{source}', '{k}')") in lit
    )
    play.keyboard.press(key)
    destination = _focused_field(play)
    play.keyboard.press(" ")
    play.locator("#pending").filter(has_text=move_text(source, destination)).wait_for()

    turns = play.locator("#log li").count()
    _press_until(play, "Shift+Tab", "#end-turn")
    play.keyboard.press("Enter")
    play.wait_for_function(f"() => document.querySelectorAll('#log li').length > {turns}")
    play_settled(play)
    # on the board again, on a field Red may move from; what the computers did is said
    play.wait_for_function("() => document.activeElement.dataset.field in game.legal")
    status = play.locator("#status").inner_text()  # (in a line: who played, the last turn)
    assert "Blue" in status and "Green: " in status, status

    assert play.get_by_role("combobox", name="Hint from").count() == 1  # it was "from"
    _press_until(play, "Shift+Tab", "#hint")
    play.keyboard.press("Enter")
    play.locator("#status").filter(has_text="Hint: ").wait_for()
    assert play.evaluate("() => document.activeElement.id") == "hint"

    _press_until(play, "Shift+Tab", "#undo")
    play.keyboard.press("Enter")
    play.locator("#status").filter(has_text="Back to before turn 1.").wait_for()
    play_settled(play)
    assert play.locator("#log li").count() == turns
    # nothing left to undo (the button is disabled): on to the board
    assert play.locator("#undo").is_disabled()
    play.wait_for_function("() => document.activeElement.dataset.field in game.legal")

    # New game: on to the board to choose
    _press_until(play, "Tab", "#new")
    play.keyboard.press("Enter")
    assert play.evaluate("() => document.activeElement.id") == "board-choice"


def test_counts_symbols_and_tile_numbers_stand_out_on_what_they_are_written_on(play):
    """Small text needs a contrast of 4.5:1 (WCAG 2): a count and a symbol on a green
    stone were white at 3.4:1, tile numbers on the start tiles grey at 3.3:1 (red's)."""
    from fabgen.draw.board_parts import contrast

    _start(play)
    on_stones = play.evaluate(
        """() => [...document.querySelectorAll('#board [data-field]')].filter(g => g.dataset.owner)
          .map(g => [g.querySelector('.stone').getAttribute('fill'),
                     g.querySelector('.symbol').getAttribute('fill'),
                     g.querySelector('.count').getAttribute('fill')])"""
    )
    colours = {stone for stone, _, _ in on_stones}
    assert {"#2ca02c", "#d62728", "#1f5fbf"} <= colours

    def full(colour):  # "#fff" is "#ffffff"
        return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour

    for stone, symbol, count in on_stones:
        assert contrast(full(symbol), stone) >= 4.5, (stone, symbol)
        assert contrast(full(count), stone) >= 4.5, (stone, count)
    numbers = play.evaluate(
        """() => [...document.querySelectorAll('#board .tile-numbers text')]
          .map(t => getComputedStyle(t).fill)"""
    )
    ink = "#" + "".join(f"{int(c):02x}" for c in numbers[0][4:-1].split(","))
    for tile in play.evaluate("() => game.picture.tiles.map(t => t.fill)"):
        assert contrast(ink, tile) >= 4.5, (ink, tile)


def test_end_turn_plays_the_typed_hint_when_nothing_is_tapped(play):
    # A hint types its moves; a person who then presses End turn means that turn,
    # not a pass (the page used to pass and clear the typed moves).
    _start(play)
    play.get_by_role("button", name="Hint").click()
    status = play.locator("#status").filter(has_text="Hint: ")
    status.wait_for()
    words = status.inner_text().removeprefix("Hint: ")
    assert play.get_by_label("Type the moves (like c3-c5, f2-d2; empty: pass)").input_value()
    _end_turn(play)
    first = play.locator("#log li").all_text_contents()
    assert words in first, (words, first)  # the hint names the whole turn


def test_a_hint_belongs_to_the_turn_it_was_asked_in(play):
    # The page used to leave the last hint on show after End turn, and to take taps and
    # End turn while a hint was on its way: a late answer then typed moves for a turn
    # that had gone (the whole-game test tapped such a hint and waited for ever).
    _start(play)
    held = []
    play.route("**/hint", lambda route: held.append(route))
    play.get_by_role("button", name="Hint").click()
    while not held:
        play.wait_for_timeout(20)
    assert play.locator("#status").inner_text() == "Thinking of a hint (strong)…"
    assert play.get_by_role("button", name="End turn").is_disabled()
    source = play.evaluate("() => Object.keys(game.legal)[0]")
    _field(play, source).click()
    assert play.evaluate("() => selected") is None  # a tap while thinking does nothing
    held[0].continue_()
    play.locator("#status").filter(has_text="Hint: ").wait_for()
    assert play.evaluate("() => hinted.length") > 0
    _end_turn(play)
    assert not play.locator("#status").inner_text().startswith("Hint: ")
    assert play.evaluate("() => hinted") == []
    assert play.get_by_label("Type the moves (like c3-c5, f2-d2; empty: pass)").input_value() == ""


def test_undo_and_a_reload_keep_the_game(play):
    _start(play)
    start = _board(play)
    moves = []
    for _ in range(2):
        moves.append(_tap_a_move(play))
        _end_turn(play)
    after_two = _board(play)
    assert after_two != start
    play.reload()
    play_settled(play)
    assert _board(play) == after_two
    assert play.locator("#log li").count() == 6  # two rounds of three seats
    undo = play.get_by_label("Undo back to")
    undo.select_option(label=f"turn 1, Red: {move_text(*moves[0])}")
    play.get_by_role("button", name="Undo", exact=True).click()
    play.wait_for_function("() => game.turns_played === 0")
    play_settled(play)
    assert _board(play) == start
    assert play.locator("#log li").count() == 0


def test_an_illegal_tap_is_refused_with_its_reason(play):
    _start(play)
    before = _board(play)
    blue = next(name for name, (_, owner, _) in before.items() if owner == "2")
    _field(play, blue).click()
    status = play.locator("#status")
    assert status.inner_text() == f"Refused: the stones on {blue} belong to Blue"
    # one of Red's fields, then a field that does not light up: the engine says why
    source = play.evaluate("() => Object.keys(game.legal)[0]")
    _field(play, source).click()
    far = play.evaluate(
        "s => game.picture.fields.map(f => f.name)"
        ".find(n => n !== s && !game.legal[s].includes(n))",
        source,
    )
    _field(play, far).click()
    status.filter(has_text="(rule ").wait_for()
    assert status.inner_text().startswith(f"Refused: move {move_text(source, far)}: ")
    assert play.locator("#pending").inner_text() == ""
    assert _board(play) == before
    _field(play, source).click()  # a second tap on the chosen field lets it go
    assert play.locator("#board .field.selected").count() == 0
    # a second move from a tile that moved is refused too
    first = _tap_a_move(play)
    tile = play.evaluate(f"() => tileOf('{first[0]}')")
    same_tile = play.evaluate(
        f"() => Object.keys(game.legal).find(n => n !== '{first[0]}' && tileOf(n) === {tile})"
    )
    assert _field(play, same_tile).get_attribute("class").split().count("moved") == 1
    _field(play, same_tile).click()
    assert "already started on the tile" in status.inner_text()
    play.get_by_role("button", name="Take back move").click()
    play.wait_for_function("() => pending.length === 0")
    assert _board(play) == before


def test_while_a_tapped_move_is_checked_the_turn_cannot_end_or_take_it_back(play):
    # A tap sends the moves so far to be checked. End turn and Take back stayed live
    # meanwhile, so a quick press ended the turn without the move (a pass) or took
    # back the move before it, and the late answer then put back what had gone.
    _start(play)
    held = []
    play.route("**/moves", lambda route: held.append(route))
    source, destinations = play.evaluate("() => Object.entries(game.legal)[0]")
    _field(play, source).click()
    _field(play, destinations[0]).click()
    while not held:
        play.wait_for_timeout(20)
    for name in ("End turn", "Hint", "Take back move"):
        assert play.get_by_role("button", name=name).is_disabled(), name
    held[0].continue_()
    play.locator("#pending").filter(has_text=move_text(source, destinations[0])).wait_for()
    assert play.get_by_role("button", name="End turn").is_enabled()
    held.clear()
    play.get_by_role("button", name="Take back move").click()
    play.wait_for_function("() => pending.length === 0 && !busy")
    assert play.locator("#pending").inner_text() == ""


# (a field a finger hits there: not under the bar of the turn's actions)
EMPTY_FIELD_IN_VIEW = """() => {
  for (const g of document.querySelectorAll('#board .field[data-owner=""] .hit')) {
    const r = g.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    if (0 < y && y < innerHeight && document.elementFromPoint(x, y) === g) return [x, y];
  }
}"""


def _inside_window(page, box) -> bool:
    return box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_a_phone_sized_window_can_make_a_move(play):
    _start(play, seats={"seat-2": "person"})  # Red and Green pass the phone; Blue strong
    # A typed turn refused scrolled the page to the board, its reason above the window.
    # Played from the box under the board, its reason (above the board) is copied to the
    # window's foot where the line is out of the window, as a tap's is.
    play.get_by_label("Type the moves").fill("a0-a0")
    play.get_by_role("button", name="Play typed moves").click()
    reason = play.locator("#status").filter(has_text="a0-a0")
    reason.wait_for()
    play_settled(play)
    if not _inside_window(play, reason.bounding_box()):
        copy = play.locator("#refused-here")
        assert copy.inner_text() == reason.inner_text()
        assert _inside_window(play, copy.bounding_box())
    assert _inside_window(play, play.get_by_label("Type the moves").bounding_box())
    zoom_in = play.get_by_role("button", name="Zoom in")
    for _ in range(3):
        if play.evaluate("() => picture.fieldPixels()") >= 40:
            break
        zoom_in.click()
    source = play.evaluate("() => Object.keys(game.legal)[0]")
    box = _field(play, source).locator(".hit").bounding_box()
    assert box["width"] >= 40 and box["height"] >= 40
    # A tap refused with the page scrolled to the board: its reason, above the board, was
    # out of the window; a copy stands at its foot (until the next tap).
    play.locator("#board").evaluate("b => b.scrollIntoView({block: 'start'})")
    x, y = play.evaluate(EMPTY_FIELD_IN_VIEW)
    play.mouse.click(x, y)
    refused = play.locator("#refused-here").filter(has_text="Refused: ")
    refused.wait_for()
    box = refused.bounding_box()
    assert _inside_window(play, box)
    # read once, from the status line (a live region), not again from the copy
    said = play.locator("#status").text_content()
    assert play.locator("#status").get_attribute("role") == "status"
    assert play.locator("main").aria_snapshot().count(said) == 1
    assert play.locator("#status").bounding_box()["y"] < 0  # (the line itself)
    # The turn's actions stand at the foot of the window too, under that copy: at the
    # board's foot they were 140 px above a 360 px phone's window.
    bar = play.locator("#turn-actions").bounding_box()
    assert _inside_window(play, bar) and box["y"] + box["height"] <= bar["y"] + 0.5
    for name in ("End turn", "Take back move", "Hint"):
        assert _inside_window(play, play.get_by_role("button", name=name).bounding_box())
    _field(play, source).scroll_into_view_if_needed()
    move = _tap_a_move(play)
    assert play.locator("#refused-here").is_hidden()
    _end_turn(play)
    # Green's turn: its line stays in the window. The focus put on Green's field scrolled
    # the page down to it; passed the phone, Green did not see whose turn it was.
    play.locator("#to-move").filter(has_text="Green to move").wait_for()
    box = play.locator("#to-move").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= play.viewport_size["height"]
    log = play.locator("#log li").all_text_contents()
    assert any(f"Red: 1 stone from {move[0]} to {move[1]};" in line for line in log)


FOCUS_IN_VIEW = """() => {
  const r = document.activeElement.getBoundingClientRect();
  const bar = document.querySelector('#turn-actions');
  const foot = bar.contains(document.activeElement) ? innerHeight : bar.getBoundingClientRect().top;
  return r.top >= 0 && r.bottom <= foot + 0.5;
}"""


REDUCED_MOTION = {"width": 390, "height": 844, "reduced_motion": "reduce"}


@pytest.mark.parametrize("play", [REDUCED_MOTION], indirect=True)
def test_on_a_phone_the_keyboard_s_focus_is_never_under_the_bar(play):
    """Start game pressed with the keyboard: the page brought the line saying whose turn
    it is to the top after the field at the board's foot took the focus, and left the
    field 7 px under the bar of turn actions. From the board, Tab comes to End turn (it
    came before the board), then on through the turn's actions under the board, none
    hidden under the bar. No scroll is animated (the page
    scrolls at once, as prefers-reduced-motion asks), and the explosions are not played
    wave by wave unless the player chooses them (they were, reduced motion or not)."""
    play.locator("#seat-list #seat-0").wait_for()
    waves = play.get_by_label("Show explosions wave by wave")
    assert not waves.is_checked()
    waves.check()  # the player's choice is kept over the system's
    play.reload()
    assert waves.is_checked()
    waves.uncheck()
    play.locator("#seat-list #seat-0").wait_for()
    play.locator("#seat-2").select_option("person")  # Red and Green pass the phone
    play.locator("#start").focus()
    play.keyboard.press("Enter")
    play.wait_for_function("() => !busy && game && document.activeElement.dataset.field")
    assert play.locator("#turn-actions").evaluate("b => getComputedStyle(b).position") == "fixed"
    assert play.evaluate(FOCUS_IN_VIEW), play.evaluate("() => document.activeElement.dataset.field")
    for expected in ["end-turn", "hint", "hint-from", "typed-moves", "play-typed"]:
        play.keyboard.press("Tab")  # (Take back move: off, nothing tapped)
        assert play.evaluate("() => document.activeElement.id") == expected
        assert play.evaluate(FOCUS_IN_VIEW), expected
    assert (
        play.evaluate("() => getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    )


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_on_a_phone_each_seat_reads_on_one_line_with_its_symbol(play):
    # The labels wrapped ("Seat 1:" over "Red") beside a colour bar, without the symbol
    # the scores table and the stones show.
    board = "2p-diamond-5-machines"  # people and machines
    play.get_by_label("Board", exact=True).select_option(f"preset:{board}")
    rows = play.locator(f'#seat-list[data-board="preset:{board}"] .seat-row')
    rows.first.locator("select").wait_for()
    symbols = []
    for k in range(rows.count()):
        label, select = rows.nth(k).locator("label"), rows.nth(k).locator("select")
        lines = label.evaluate(
            "l => { const r = document.createRange(); r.selectNodeContents(l.lastChild);"
            " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
        )
        assert lines == 1, label.inner_text()
        a, b = label.bounding_box(), select.bounding_box()
        assert a["x"] >= 0 and a["x"] + a["width"] <= b["x"] and b["x"] + b["width"] <= 390
        assert abs((a["y"] + a["height"] / 2) - (b["y"] + b["height"] / 2)) < 4
        assert a["height"] < 1.5 * b["height"]
        symbols.append(
            (label.inner_text(), label.locator("svg.swatch").get_attribute("data-symbol"))
        )
    assert symbols == [
        ("Seat 1: Red", "ring"),
        ("Seat 2: Machine A", "hexagon"),
        ("Seat 3: Blue", "triangle"),
        ("Seat 4: Machine B", "diamond"),
    ]


def test_a_seat_without_a_name_is_said_once(play, tmp_path):
    # "Seat 2: seat 2": a seat the board file gives no name was said twice.
    path = tmp_path / "club.toml"
    path.write_text(
        '[board]\nname = "club"\ntiles = [[0, 0], [1, 0], [0, 1], [1, 1]]\n\n'
        '[[players]]\nname = "Ann"\nstart = [0, 0]\n\n[[players]]\nstart = [1, 1]\n'
    )
    play.get_by_label(
        "or a board file or transcript (a transcript's game goes on)"
    ).set_input_files(str(path))
    rows = play.locator('#seat-list[data-board="file"] .seat-row label')
    rows.nth(1).wait_for()
    assert rows.all_inner_texts() == ["Seat 1: Ann", "Seat 2"]
    assert rows.nth(1).get_attribute("title") == "Seat 2"


def test_at_the_table_the_machine_turns_are_said(play):
    _table_game(play)
    source = play.evaluate("() => Object.keys(game.legal)[0]")
    destination = play.evaluate(f"() => game.legal['{source}'][0]")
    play.get_by_label("Type the moves (like c3-c5, f2-d2; empty: pass)").fill(
        f"{source}-{destination}"
    )
    play.get_by_role("button", name="Play typed moves").click()
    todo = play.locator("#to-do")
    todo.wait_for()
    machine = play.evaluate("() => game.seats[1].name")
    assert f"{machine}: no moves;" in todo.inner_text()
    play.get_by_label("Type the moves (like c3-c5, f2-d2; empty: pass)").fill("zz1-zz2")
    play.get_by_role("button", name="Play typed moves").click()
    play.locator("#status").filter(has_text="zz1").wait_for()
    play.get_by_role("button", name="Done on the board").click()
    todo.wait_for(state="hidden")  # (the game keeps what is done on the board)


def _field_centres(page, box: str) -> dict[str, tuple[float, float]]:
    """Every field's centre on screen, by its data-field name, scaled so that the
    board's width is 1 and its mean is at the origin."""
    centres = page.evaluate(
        "box => Object.fromEntries([...document.querySelectorAll(box + ' [data-field]')]"
        ".map(e => { const r = e.getBoundingClientRect();"
        " return [e.dataset.field, [r.x + r.width / 2, r.y + r.height / 2]]; }))",
        box,
    )
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    mx, my, width = sum(xs) / len(xs), sum(ys) / len(ys), max(xs) - min(xs)
    return {n: ((x - mx) / width, (y - my) / width) for n, (x, y) in centres.items()}


def test_one_board_picture_on_the_designer_viewer_and_play_page(play):
    _start(play)
    on_play = _field_centres(play, "#board")
    play.goto(play.url.replace("/play", "/rules"))
    play.get_by_label("or the start of a preset board").select_option("3p-triangle-4")
    play.locator("#step-svg [data-field]").first.wait_for()
    on_viewer = _field_centres(play, "#step-svg")
    play.goto(play.url.replace("/rules", "/board"))
    play.get_by_label("Preset board", exact=True).select_option("3p-triangle-4")
    play.get_by_role("button", name="Load preset").click()
    play.wait_for_function(
        "() => document.querySelector('#summary-board')?.textContent.startsWith('3p-triangle-4:')"
    )
    # (the designer opens on 3p-triangle-4: its summary is no sign of this load)
    play.wait_for_function("() => !document.body.dataset.busy")
    play.get_by_label("put stones on a field").check()  # the fields are the places to click
    on_designer = _field_centres(play, "#canvas")
    assert set(on_play) == set(on_viewer) == set(on_designer) and len(on_play) == 70
    for name, (x, y) in on_play.items():
        for other in (on_viewer, on_designer):
            assert other[name] == pytest.approx((x, y), abs=0.01), name
    # the setup diagram's orientation: the 3p-triangle-4 points up (one tile on top)
    top = min(on_play.values(), key=lambda p: p[1])
    assert abs(top[0]) < 0.15
    # names: on hover (an SVG title) and with the switch
    assert play.locator('#canvas [data-field="b2"]').count() == 1
    play.get_by_label("Field names").check()
    assert play.locator("#canvas .fnames text", has_text="b2").first.is_visible()


def _logged_turns(page) -> list[int]:
    return page.evaluate("() => [...document.querySelectorAll('#log li')].map(li => li.value)")


def test_the_log_holds_each_turn_once_when_a_computer_opens_and_after_a_restart(play):
    """A computer in the first seat plays at once: its turn is logged once (not once
    from the game's history and again as it is played back), and Restart, which plays
    it again, leaves it in the log."""
    _start(play, seats={"seat-0": "greedy", "seat-1": "person", "seat-2": "greedy"})
    history = play.evaluate("() => game.history.map(h => h.turn + 1)")
    assert history and sorted(_logged_turns(play)) == sorted(history)
    play.on("dialog", lambda dialog: dialog.accept())
    play.get_by_role("button", name="Restart").click()
    play_settled(play)
    play.wait_for_function("() => game.history.length > 0")
    history = play.evaluate("() => game.history.map(h => h.turn + 1)")
    assert history and sorted(_logged_turns(play)) == sorted(history)


def test_the_seat_list_keeps_its_choices_when_the_same_board_is_shown_again(play):
    play.get_by_label("Board", exact=True).select_option("preset:3p-triangle-4")
    play.locator('#seat-list[data-board="preset:3p-triangle-4"] #seat-0').wait_for()
    play.locator("#seat-1").select_option("greedy")
    play.evaluate("() => { window.firstRow = document.querySelector('#seat-1'); showSeats(); }")
    play.wait_for_function("() => document.querySelector('#seat-1') !== window.firstRow")
    assert play.locator("#seat-1").input_value() == "greedy"
    assert play.locator("#seat-0").input_value() == "person"


@pytest.mark.parametrize(
    ("kind", "label"),
    [
        ("strong:3000", "strong:3000 (deeper, slower)"),
        ("extreme-machine", "extreme machine (1995 rules)"),
    ],
)
def test_the_deeper_strong_player_and_the_extreme_machine_can_take_a_seat(play, kind, label):
    """strong:3000 (ten times the budget, a deeper search) is offered beside strong, and
    the 1995 rules' extreme machine for a person's seat; the game is played with it: its
    opening turn (moves, as a person's) is made before the person's."""
    _start(play, seats={"seat-0": kind, "seat-1": "person", "seat-2": "greedy"})
    labels = play.locator("#seat-1 option").all_inner_texts()
    assert label in labels and "strong" in labels
    assert play.evaluate("() => game.seats[0].kind") == kind
    assert play.evaluate("() => game.history.length") >= 1
    first = play.evaluate("() => game.history[0]")
    assert first["kind"] == kind and first["moves"] != "(pass)"
    assert play.locator("#log li").filter(has_text=first["words"]).count() == 1
    assert play.locator("#scores tbody tr").first.inner_text().split("\t")[1] == f"Red ({kind})"


def test_with_two_seats_the_deeper_option_says_it_is_strong_itself(play):
    # With two seats and no machine the default strong player searches as
    # strong:3000 (fabgen.play.strong.TWO_SEAT_BUDGET): the option says so there.
    board = "2p-diamond-4"
    play.get_by_label("Board", exact=True).select_option(f"preset:{board}")
    play.locator(f'#seat-list[data-board="preset:{board}"] #seat-0').wait_for()
    labels = play.locator("#seat-1 option").all_inner_texts()
    assert "strong:3000 (as strong here)" in labels
    board = "2p-diamond-5-machines"
    play.get_by_label("Board", exact=True).select_option(f"preset:{board}")
    play.locator(f'#seat-list[data-board="preset:{board}"] #seat-0').wait_for()
    assert "strong:3000 (deeper, slower)" in play.locator("#seat-0 option").all_inner_texts()


def test_a_hint_from_the_deeper_strong_player(play):
    # The person chooses whom the hint comes from; the request names that player, and
    # End turn then plays the typed hint.
    _start(play)
    play.locator("#hint-from").select_option("strong:3000")
    with play.expect_request(lambda r: r.url.endswith("/hint")) as asked:
        play.get_by_role("button", name="Hint").click()
    assert asked.value.post_data_json["player"] == "strong:3000"
    status = play.locator("#status").filter(has_text="Hint: ")
    status.wait_for()
    words = status.inner_text().removeprefix("Hint: ")
    _end_turn(play)
    first = play.locator("#log li").all_text_contents()
    assert words in first, (words, first)  # the hint names the whole turn


TYPED = "Type the moves (like c3-c5, f2-d2; empty: pass)"


def _second_window(page):
    """The same game in another tab (the page reopens the game it played last)."""
    other = page.context.new_page()
    other.set_default_timeout(page_timeout())
    other.goto(page.url)
    play_settled(other)
    assert other.evaluate("() => game.id") == page.evaluate("() => game.id")
    return other


def page_timeout() -> float:
    return float(os.environ.get("FABGEN_BROWSER_TIMEOUT_MS", 30000))


def _moved_on(page):
    page.locator("#status").filter(has_text="moved on in another window").wait_for()
    play_settled(page)
    assert page.locator("#status").inner_text() == "This game moved on in another window: reloaded."


def test_a_second_window_plays_no_turn_on_a_board_it_does_not_show(play):
    # Window B tapped and ended turns on the board it showed while the game had moved
    # on in window A: the server refused taps for reasons about a board B did not show
    # and took End turn as a pass on its newer position.
    _start(play)
    other = _second_window(play)
    source, destinations = other.evaluate("() => Object.entries(game.legal)[0]")
    _tap_a_move(play)
    _end_turn(play)
    _field(other, source).click()
    _field(other, destinations[0]).click()
    _moved_on(other)
    assert _board(other) == _board(play)
    assert (
        other.locator("#log li").all_text_contents() == play.locator("#log li").all_text_contents()
    )
    # End turn on an old position is no pass on the new one
    _tap_a_move(play)
    _end_turn(play)
    played = play.evaluate("() => game.turns_played")
    other.get_by_role("button", name="End turn").click()
    _moved_on(other)
    assert other.evaluate("() => game.turns_played") == played
    # undo in one window, a tap in the other
    play.get_by_label("Undo back to").select_option(index=1)  # turn 1
    play.get_by_role("button", name="Undo", exact=True).click()
    play.wait_for_function("() => game.turns_played === 0")
    play_settled(play)
    source, destinations = other.evaluate("() => Object.entries(game.legal)[0]")
    _field(other, source).click()
    _field(other, destinations[0]).click()
    _moved_on(other)
    assert other.evaluate("() => game.turns_played") == 0
    assert _board(other) == _board(play)
    other.close()


def _play_typed_turn(page):
    source, destinations = page.evaluate("() => Object.entries(game.legal)[0]")
    turns = page.locator("#log li").count()
    page.get_by_label(TYPED).fill(f"{source}-{destinations[0]}")
    page.get_by_role("button", name="Play typed moves").click()
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {turns}")
    play_settled(page)


def _table_game(play) -> None:
    """A person against a machine, at the table (the page says what to do on the board)."""
    _start(play, seats={}, board="1p-triangle-5-machine")
    play.get_by_label("At the table", exact=True).check()
    play.wait_for_function("() => game.table && !busy")


def _to_do(page) -> list[str]:
    return page.locator("#to-do-list > li > strong").all_text_contents()


def test_at_the_table_undo_and_restart_leave_only_the_turns_the_game_has(play):
    _table_game(play)
    _play_typed_turn(play)
    _play_typed_turn(play)
    machine = play.evaluate("() => game.seats[1].name")
    shown = _to_do(play)
    assert len(shown) == 2 and all(line.startswith(f"{machine}: ") for line in shown)
    play.get_by_label("Undo back to").select_option(
        label=play.evaluate("() => document.querySelector('#undo-turn').options[0].textContent")
    )  # the person's second turn
    play.get_by_role("button", name="Undo", exact=True).click()
    play.wait_for_function("() => game.turns_played === 2")
    play_settled(play)
    assert _to_do(play) == shown[:1]  # the machine's second turn is gone
    play.on("dialog", lambda dialog: dialog.accept())
    play.get_by_role("button", name="Restart").click()
    play.wait_for_function("() => game.turns_played === 0")
    play_settled(play)
    assert _to_do(play) == []
    assert play.locator("#to-do").is_hidden()


def test_a_reload_shows_the_same_turns_and_what_to_do_on_the_board(play):
    # After a reload the log said "Machine: (pass)" where it had said "Machine: no
    # moves; 1 explosion", and the list of what to do on the board was gone.
    _table_game(play)
    _play_typed_turn(play)
    log = play.locator("#log li").all_text_contents()
    todo = play.locator("#to-do").inner_text()
    assert any("explosion" in line for line in log) and "no moves;" in todo
    play.reload()
    play_settled(play)
    assert play.locator("#log li").all_text_contents() == log
    assert play.locator("#to-do").inner_text() == todo
    # outside table mode too, the log keeps each turn's explosions
    play.get_by_label("At the table", exact=True).uncheck()
    play.wait_for_function("() => !game.table && !busy")
    _play_typed_turn(play)
    log = play.locator("#log li").all_text_contents()
    play.reload()
    play_settled(play)
    assert play.locator("#log li").all_text_contents() == log


# (with the fixed game id a game of 87 turns: more than the 60 one request plays)
COMPUTERS_ONLY = {"seat-0": "random", "seat-1": "random", "seat-2": "random"}


def _over(page):
    page.wait_for_function("() => !busy && game && game.over", timeout=120_000)


def test_a_game_of_computers_only_is_played_to_its_end(play, fixed_game_id):
    # It stopped after the 60 turns one request plays: "Red (greedy) is to move", every
    # button disabled, and a reload did not help.
    _start_computers(play)
    _over(play)
    assert play.evaluate("() => game.turns_played") > 60
    play.locator("#game-over").wait_for()


def test_a_game_of_computers_only_goes_on_when_the_page_opens_it(play, play_url, fixed_game_id):
    # (a game left at its 60th turn by a script, or by the page before it went on)
    answer = _post(
        play_url + "/api/games", {"preset": "3p-triangle-4", "seats": list(COMPUTERS_ONLY.values())}
    )
    assert answer["state"]["turns_played"] == 60 and not answer["state"]["over"]
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    _over(play)
    assert play.evaluate("() => game.id") == answer["id"]


def _start_computers(page, animate=False):
    board = "3p-triangle-4"
    page.get_by_label("Board", exact=True).select_option(f"preset:{board}")
    page.locator(f'#seat-list[data-board="preset:{board}"] #seat-0').wait_for()
    for seat, kind in COMPUTERS_ONLY.items():
        page.locator(f"#{seat}").select_option(kind)
    page.get_by_label("Show explosions wave by wave").set_checked(animate)
    page.get_by_role("button", name="Start game").click()


def _post(url, body):
    from urllib.request import Request, urlopen

    request = Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request, timeout=60) as answer:
        return json.load(answer)


def test_a_game_of_computers_only_can_be_paused_and_continued(play, fixed_game_id):
    _start_computers(play, animate=True)
    pause = play.get_by_role("button", name="Pause")
    pause.click()
    play.wait_for_function("() => !busy && game")
    played = play.evaluate("() => game.turns_played")
    assert play.locator("#to-move").inner_text().startswith("Paused: ")
    play.wait_for_timeout(500)
    assert play.evaluate("() => game.turns_played") == played
    play.get_by_label("Show explosions wave by wave").set_checked(False)
    play.get_by_role("button", name="Continue").click()
    _over(play)


def _held(page, pattern):
    """Hold the requests matching ``pattern``; the list of those held."""
    held = []
    page.route(pattern, lambda route: held.append(route))
    return held


def _release(page, held):
    while not held:
        page.wait_for_timeout(20)
    for route in held:
        route.continue_()
    page.unroute("**/api/board/preset/**")


def test_a_message_as_the_page_opens_stays_when_the_seat_list_comes(play, play_url):
    # The seat list, asked for as the page opens, wiped the page's first message.
    play.evaluate("() => localStorage.setItem('fabgen-play-game', '0123456789abcdef')")
    held = _held(play, "**/api/board/preset/**")
    play.reload()
    status = play.locator("#status")
    status.filter(has_text="The last game could not be opened").wait_for()
    _release(play, held)
    play.locator("#seat-list #seat-0").wait_for()
    assert status.inner_text().startswith("The last game could not be opened (no game ")
    # a finished game says how it ended
    answer = _post(
        play_url + "/api/games", {"preset": "3p-triangle-4", "seats": list(COMPUTERS_ONLY.values())}
    )
    while not answer["state"]["over"]:
        answer = {**answer, **_post(f"{play_url}/api/games/{answer['id']}/turn", {})}
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    held = _held(play, "**/api/board/preset/**")
    play.reload()
    status.filter(has_text="; final ranking: 1. ").wait_for()
    _release(play, held)
    play.locator("#seat-list #seat-0").wait_for(state="attached")  # (under the game)
    assert status.inner_text().startswith("Game over: ")
    assert "; final ranking: 1. " in status.inner_text()


def _rules_lines(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "fabgen", "rules", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_end_of_a_game_is_said_in_the_words_of_rules_replay(
    play, play_url, tmp_path, fixed_game_id
):
    # It said "Game over: 1. Red (7), 2. Blue (0), 2. Green (0).": not why the game ended,
    # and a tie as two second places where fabgen rules replay says "(tied)".
    seats = ["greedy", "greedy", "greedy"]  # (with the fixed id: 85 turns, a tie for 2nd)
    answer = _post(play_url + "/api/games", {"preset": "3p-triangle-4", "seats": seats})
    while not answer["state"]["over"]:
        answer = {**answer, **_post(f"{play_url}/api/games/{answer['id']}/turn", {})}
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    status = play.locator("#status")
    status.filter(has_text="; final ranking: ").wait_for()  # (only a finished game says it)
    play.locator("#seat-list #seat-0").wait_for(state="attached")
    with play.expect_download() as info:
        play.get_by_role("link", name="Download transcript").click()
    path = tmp_path / "game.json"
    info.value.save_as(path)
    replayed = _rules_lines("replay", str(path))
    ranking = next(line for line in replayed if line.startswith("final ranking: "))
    ranking = ranking.removeprefix("final ranking: ")
    last = len(json.loads(path.read_text())["turns"])
    ending = _rules_lines("turn", str(path), "--turn", str(last))[-1]
    assert ending.startswith("this turn ends the game: ") and ending.endswith(ranking)
    why_and_ranking = ending.removeprefix("this turn ends the game: ")
    assert status.inner_text() == f"Game over: {why_and_ranking}."
    places = play.locator("#ranking li").all_text_contents()
    assert "; ".join(places) == ranking
    assert len(places) == 2 and places[1].endswith(" (tied)")  # the game this id plays


def test_a_game_s_end_is_said_only_beside_its_own_board(play, play_url, fixed_game_id):
    # The line under the buttons kept "Game over: every region is settled; final ranking:
    # ..." above the new game's first turn (Play again, Restart, or Start game with the
    # same board) when a person moves first: nothing played said anything else there.
    # And New game left the Game over box, its ranking and Play again, under the board
    # chosen (style.css put it aside only inside the turn's column, where it is not).
    answer = _post(
        play_url + "/api/games", {"preset": "2p-diamond-4", "seats": ["person", "greedy"]}
    )
    state = answer["state"]
    while not state["over"]:  # (the first legal move: 27 turns of the person with this id)
        legal = state["legal"]
        moves = [[next(iter(legal)), next(iter(legal.values()))[0]]] if legal else []
        state = _post(f"{play_url}/api/games/{answer['id']}/turn", {"moves": moves})["state"]
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    status = play.locator("#status")
    status.filter(has_text="; final ranking: ").wait_for()  # (only a finished game says it)
    play.get_by_role("button", name="New game").click()
    play.locator("#aside").wait_for()  # (the board chosen pictured, the last game aside)
    assert play.locator("#game-over").is_hidden()
    play.get_by_role("button", name="Back to the last game").click()
    assert play.locator("#game-over").is_visible()
    play.get_by_role("button", name="Play again", exact=True).click()
    play.wait_for_function("() => !busy && game && !game.over && game.turns_played === 0")
    assert play.locator("#to-move").inner_text().startswith("Red to move: tap one of your")
    assert play.locator("#game-over").is_hidden()
    assert "Game over" not in status.inner_text()


@pytest.mark.parametrize("play", [{"width": 1280, "height": 600}], indirect=True)
def test_after_play_again_rotated_the_line_saying_whose_turn_it_is_is_in_the_window(
    play, play_url, monkeypatch
):
    # At the table, Play again, seats rotated (pressed under the last game's list to do,
    # read to its end) left the page and the list's column scrolled down: the new game's
    # "Blue to move, once the list is done on the board: ..." was above the window.
    ids = iter(["0000000000000001", "0000000000000002"])  # (fixed_game_id's, then another)
    monkeypatch.setattr("fabgen.web.games.secrets.token_hex", lambda _n=8: next(ids))
    body = {"preset": "2p-diamond-4", "seats": ["person", "greedy"], "table": True}
    answer = _post(play_url + "/api/games", body)
    state = answer["state"]
    while not state["over"]:  # (the first legal move, as in the test above)
        legal = state["legal"]
        moves = [[next(iter(legal)), next(iter(legal.values()))[0]]] if legal else []
        state = _post(f"{play_url}/api/games/{answer['id']}/turn", {"moves": moves})["state"]
    play.evaluate("id => localStorage.setItem('fabgen-play-game', id)", answer["id"])
    play.reload()
    play.locator("#status").filter(has_text="; final ranking: ").wait_for()
    # (read to its end: the page, in a low window, and the column of the list to do)
    play.evaluate("document.querySelector('.turn-side').scrollTop = 1e6; scrollTo(0, 1e6)")
    play.get_by_role("button", name="Play again, seats rotated").click()
    # (greedy opens the new game: its turn is listed to do, then the person is to move)
    play.wait_for_function(
        "id => !busy && game.id !== id && game.todo.length && !game.over"
        " && !document.querySelector('#end-turn').disabled",
        arg=answer["id"],
    )
    line = play.locator("#to-move")
    assert line.inner_text().startswith("Blue to move, once the list is done on the board")
    box = line.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= play.viewport_size["height"]


def test_while_turns_are_played_back_the_heading_says_whose_turn_is_shown(play):
    # It said "Red to move: tap one of your fields…" and "This turn: …" stayed on show
    # while Blue's and Green's turns were played back.
    _start(play, animate=True)
    play.evaluate(
        "() => { window.seen = []; new MutationObserver(() => window.seen.push(["
        "document.querySelector('#to-move').textContent, "
        "document.querySelector('#pending').textContent])).observe("
        "document.querySelector('#to-move'), {childList: true, subtree: true}); }"
    )
    _tap_a_move(play)
    _end_turn(play)
    seen = play.evaluate("() => window.seen")
    headings = [heading for heading, _ in seen]
    assert "Turn 1: Red (person)" in headings
    assert "Turn 2: Blue (greedy)" in headings and "Turn 3: Green (strong)" in headings
    assert all(pending == "" for heading, pending in seen if heading.startswith("Turn "))
    assert headings[-1].startswith("Red to move: ")


def test_typed_moves_go_with_enter_in_any_case_and_a_lost_server_is_said(play):
    _start(play)
    source, destinations = play.evaluate("() => Object.entries(game.legal)[0]")
    typed = play.get_by_label(TYPED)
    typed.fill(f"{source}-{destinations[0]}".upper())
    typed.press("Enter")
    play.locator("#log li").first.wait_for()
    play_settled(play)
    log = play.locator("#log li").all_text_contents()
    assert any(line.startswith(f"Red: 1 stone from {source} to {destinations[0]};") for line in log)
    # the server is gone: a tap says so, not "Refused: Failed to fetch"
    play.route("**/api/games/**", lambda route: route.abort())
    source, destinations = play.evaluate("() => Object.entries(game.legal)[0]")
    _field(play, source).click()
    _field(play, destinations[0]).click()
    status = play.locator("#status")
    status.filter(has_text="cannot be reached").wait_for()
    assert status.inner_text() == (
        "the server cannot be reached: is fabgen serve still running? "
        "(the game goes on here when the server is back)"
    )


def test_field_names_are_never_broken_after_their_minus(play):
    # "from -a4" wrapped as "from -" / "a4": a browser breaks after a hyphen-minus.
    broken = play.evaluate(
        """() => {
        const status = document.querySelector('#status');
        const names = ['-a4', '-b5', 'c3--a4', '-ab12'];
        const out = [];
        for (let width = 30; width < 200; width += 3) {
          status.style.width = width + 'px';
          setStatus('Moved from -a4 to -b5, then c3--a4 and -ab12 from -a4 again');
          const text = status.textContent;
          const nodes = [];
          const walk = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
          while (walk.nextNode()) nodes.push(walk.currentNode);
          const at = (i) => {
            for (const n of nodes) {
              if (i <= n.length) return [n, i];
              i -= n.length;
            }
          };
          for (const name of names) {
            const i = text.indexOf(' ' + name + ' ') + 1;
            const range = document.createRange();
            range.setStart(...at(i));
            range.setEnd(...at(i + name.length));
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(width + ': ' + name);
          }
        }
        return out;
    }"""
    )
    assert broken == []
    assert play.locator("#status").inner_text().startswith("Moved from -a4")


def test_a_turn_cut_off_by_a_server_restart_goes_on_when_the_server_is_back(play, play_url):
    # The server stopped as it answered End turn (the turn saved, the answer lost): the
    # page said the server could not be reached, and End turn again, once it was back,
    # was refused as "moved on in another window" and left the computers paused.
    _start(play)
    lost = []

    def answer_lost(route):  # the server plays the turn; its answer never arrives
        route.fetch()
        lost.append(route.request.url)
        route.abort()

    play.route("**/api/games/*/turn", answer_lost)
    _tap_a_move(play)
    play.get_by_role("button", name="End turn").click()
    status = play.locator("#status")
    # one look (the page asks again in 2 s, and then says "fabgen serve is back")
    status.filter(
        has_text=re.compile(r"^the server cannot be reached.*when the server is back")
    ).wait_for()
    play.unroute("**/api/games/*/turn")
    status.filter(has_text="fabgen serve is back").wait_for()
    play_settled(play)
    saved = _get(f"{play_url}/api/games/{play.evaluate('() => game.id')}")
    assert lost and play.evaluate("() => game.version") == saved["version"]
    assert saved["turns_played"] == 3  # Red's turn and the two computers' after it
    assert _logged_turns(play) == [3, 2, 1]


def _get(url):
    from urllib.request import urlopen

    with urlopen(url, timeout=60) as answer:
        return json.load(answer)


def test_a_game_of_computers_only_left_for_a_new_one_stays_paused_when_the_server_is_back(
    play, fixed_game_id
):
    # New game pauses it; a Start game that found no server waited for the server, and
    # once it was back set the old game playing again behind the new game's form.
    _start_computers(play, animate=True)
    play.get_by_role("button", name="New game").click()
    play.wait_for_function("() => !busy && game && paused")
    played = play.evaluate("() => game.turns_played")
    play.route("**/api/games", lambda route: route.abort())
    play.get_by_role("button", name="Start game").click()
    status = play.locator("#status")
    status.filter(has_text="cannot be reached").wait_for()
    assert status.inner_text() == "the server cannot be reached: is fabgen serve still running?"
    play.unroute("**/api/games")
    play.wait_for_timeout(3000)  # (the page asked again every 2 s)
    assert play.evaluate("() => [paused, busy, game.turns_played]") == [True, False, played]


def test_while_the_last_game_opens_the_page_says_so(play):
    # The game's state waits for its computers' request under way (8 s for a game of
    # strong:3000 seats on 6p-hexagon-37): a reload showed the new-game form meanwhile,
    # without a word, as if the game were lost.
    _start(play)
    held = _held(play, "**/api/games/*")
    play.reload()
    status = play.locator("#status")
    status.filter(has_text="Opening the last game").wait_for()
    assert play.locator("#new-game").is_hidden()
    while not held:
        play.wait_for_timeout(20)
    for route in held:
        route.continue_()
    play.unroute("**/api/games/*")
    play_settled(play)
    assert status.inner_text() == "" and play.locator("#new-game").is_hidden()


def test_an_answer_cut_off_says_so(play):
    # A server stopped while it sent an answer (Chromium: ERR_CONTENT_LENGTH_MISMATCH):
    # the page said "the server answered 503 without a message".
    said = play.evaluate(
        """async () => {
        const cut = {status: 503, json: () => Promise.reject(new TypeError("network error"))};
        const html = {status: 414, json: () => Promise.reject(new SyntaxError("<html>"))};
        const out = [];
        for (const answer of [cut, html]) {
          try { await readAnswer(answer); } catch (e) { out.push([e.message, e.unread]); }
        }
        return out;
    }"""
    )
    assert said == [
        ["the server's answer was cut off: was fabgen serve stopped?", True],
        ["the server answered 414 without a message", True],
    ]


def test_a_game_the_server_cannot_read_is_said_and_not_waited_for(browser, tmp_path):
    # The page lost the server during a turn and asked every 2 s until it answered; a
    # game whose files it then could not read answered 503 too, and the page said "the
    # game goes on here when the server is back" for ever. A server away, cut off or
    # answering through a proxy's own 503 page is waited for; an answer that says what
    # is wrong is said, once.
    from fabgen.web import create_app

    app = create_app(games_dir=tmp_path)
    with serving(app) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url + "/play")
        _start(page)
        game_id = page.evaluate("() => game.id")
        asked = []
        page.on("request", lambda r: asked.append(r.url) if r.url.endswith(game_id) else None)
        page.route("**/api/games/*/turn", lambda route: route.abort())
        proxy = "<html><body>503 Service Temporarily Unavailable</body></html>"
        page.route(
            f"**/api/games/{game_id}",
            lambda route: route.fulfill(status=503, body=proxy, content_type="text/html"),
        )
        _tap_a_move(page)
        page.get_by_role("button", name="End turn").click()
        status = page.locator("#status")
        status.filter(has_text="when the server is back").wait_for()
        while len(asked) < 2:  # a proxy's page: the server is away, asked again
            page.wait_for_timeout(100)
        assert "when the server is back" in status.inner_text()
        # the server is back, but the game's transcript is a folder now
        app.extensions["fabgen_play"].store._games.pop(game_id)
        (tmp_path / f"{game_id}.json").unlink()
        (tmp_path / f"{game_id}.json").mkdir()
        page.unroute(f"**/api/games/{game_id}")
        status.filter(has_text="cannot be read from").wait_for()
        said = status.inner_text()
        assert said.startswith(f"The game cannot go on: the game {game_id} cannot be read from")
        assert "let fabgen serve read its files there" in said
        assert "when the server is back" not in said
        count = len(asked)
        page.wait_for_timeout(4500)  # (it asked every 2 s)
        assert len(asked) == count
        context.close()


def _transcript_file(tmp_path, preset="3p-triangle-4", variant="blog", name="club.json"):
    """The start of ``preset`` as a transcript naming ``variant``."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    game = json.loads(board_transcript_text(load_preset(preset)))
    game["variant"] = variant
    path = tmp_path / name
    path.write_text(json.dumps(game))
    return path


def test_a_transcript_s_variant_goes_with_the_transcript(play, tmp_path):
    # A transcript's variant stayed chosen for the preset picked after it.
    variant = play.get_by_label("Rule variant")
    play.get_by_label(
        "or a board file or transcript (a transcript's game goes on)"
    ).set_input_files(str(_transcript_file(tmp_path)))
    play.locator('#seat-list[data-board="file"] #seat-0').wait_for()
    assert variant.input_value() == "blog"
    play.get_by_label("Board", exact=True).select_option("preset:2p-diamond-4")
    play.locator('#seat-list[data-board="preset:2p-diamond-4"] #seat-0').wait_for()
    assert variant.input_value() == "online"
    # a variant chosen by hand stays chosen for the next board
    variant.select_option("1995")
    play.get_by_label("Board", exact=True).select_option("preset:3p-triangle-4")
    play.locator('#seat-list[data-board="preset:3p-triangle-4"] #seat-0').wait_for()
    assert variant.input_value() == "1995"


def test_a_transcript_over_the_tile_limit_is_said_as_it_is_chosen(play, tmp_path):
    from tests.web.test_uploads import _big_transcript

    path = tmp_path / "club.json"
    path.write_text(_big_transcript(101))
    play.get_by_label(
        "or a board file or transcript (a transcript's game goes on)"
    ).set_input_files(str(path))
    status = play.locator("#status")
    status.filter(has_text="101 tiles").wait_for()
    assert status.inner_text() == (
        "club.json: 101 tiles is more than fabgen serve takes for a board (100); go on "
        "with a game this large on the command line: fabgen rules replay checks it and "
        "fabgen rules turn plays its turns"
    )
    assert play.get_by_role("button", name="Start game").is_disabled()


def test_a_reload_while_a_new_game_s_computers_think_finds_the_new_game(play, fixed_game_id):
    # Start game answered once the computer seats before the first person had played
    # (seconds of strong:3000 on a big board); a reload meanwhile showed the last game
    # (or the new-game form): the page did not know the new game yet.
    held = []

    def hold_computer_turns(route):
        response = route.fetch()  # the server plays; an answer with turns is held
        if response.json().get("turns"):
            held.append(route)
        else:
            route.fulfill(response=response)

    play.route("**/api/games", hold_computer_turns)
    play.route("**/api/games/*/turn", hold_computer_turns)
    play.get_by_label("Board", exact=True).select_option("preset:3p-triangle-4")
    play.locator('#seat-list[data-board="preset:3p-triangle-4"] #seat-0').wait_for()
    for seat, kind in {"seat-0": "strong", "seat-1": "greedy", "seat-2": "person"}.items():
        play.locator(f"#{seat}").select_option(kind)
    play.get_by_role("button", name="Start game").click()
    while not held:
        play.wait_for_timeout(20)
    play.unroute("**/api/games")
    play.unroute("**/api/games/*/turn")
    play.reload()
    play.wait_for_function(
        "id => typeof game !== 'undefined' && game && game.id === id", arg=fixed_game_id
    )
    play_settled(play)
    assert play.locator("#new-game").is_hidden()
    assert play.evaluate("() => [game.to_move, game.turns_played]") == [3, 2]


def test_at_the_table_each_explosion_says_where_its_stones_go(play):
    # "e7 explodes (live -> growing): 4 stones, 2 live neighbours" alone: the people at
    # the table worked out where the stones go themselves, a chain wave by wave.
    play.set_viewport_size({"width": 390, "height": 844})
    _table_game(play)
    _play_typed_turn(play)
    todo = play.evaluate("() => game.todo")
    lines = play.locator("#to-do-list > li > ul > li")
    shown = [(d, e) for t in todo for d, e in zip(t["details"], t["effects"], strict=True) if e]
    assert shown  # (the machine's stack explodes)
    effects = play.locator("#to-do-list .effect")
    assert effects.all_inner_texts() == [e for _, e in shown]
    explosion = lines.filter(has=play.locator(".effect")).first.inner_text()
    assert explosion.splitlines() == list(shown[0])
    names = play.evaluate("() => game.seats.map((s) => s.name)")
    assert play.locator("#to-do-letters").inner_text() == (
        f"Stones such as 1B: how many, then whose (A {names[0]}, B {names[1]})."
    )
    assert _lines_split_inside_brackets(play, "#to-do .effect") == []


def test_moves_tapped_and_not_yet_sent_are_kept_by_a_reload(play):
    # A reload (a tablet's browser reloads a page left in the background) dropped the
    # moves tapped in the turn so far, without a word.
    _start(play)
    source, destination = _tap_a_move(play)
    board = _board(play)
    play.reload()
    pending = play.locator("#pending")
    pending.filter(has_text=move_text(source, destination)).wait_for()
    play_settled(play)
    assert pending.inner_text() == f"This turn: {move_text(source, destination)}"
    assert play.locator("#status").inner_text() == (
        f"The moves tapped before the reload are kept: {move_text(source, destination)}."
    )
    assert _board(play) == board
    assert play.get_by_role("button", name="Take back move").is_enabled()
    _end_turn(play)
    log = play.locator("#log li").all_inner_texts()
    assert any(line.startswith(f"Red: 1 stone from {source} to {destination};") for line in log)
    # once the turn is played, a reload brings no taps back
    play.reload()
    play_settled(play)
    assert play.locator("#pending").inner_text() == ""


def test_a_game_of_computers_only_left_for_a_new_one_stays_paused_after_a_reload(
    play, fixed_game_id
):
    # New game paused it, but the pause was the page's alone: a reload set it playing.
    _start_computers(play, animate=True)
    play.get_by_role("button", name="New game").click()
    play.wait_for_function("() => !busy && game && paused")
    played = play.evaluate("() => game.turns_played")
    play.reload()
    play.wait_for_function("() => !busy && game")
    play.wait_for_timeout(1500)
    assert play.evaluate("() => [paused, game.turns_played]") == [True, played]
    assert play.locator("#to-move").inner_text().startswith("Paused: ")
    play.get_by_label("Show explosions wave by wave").set_checked(False)
    play.get_by_role("button", name="Continue").click()  # goes on, and stays going on
    play.wait_for_function(f"() => game.turns_played > {played}")
    play.reload()
    _over(play)


def test_at_the_table_the_fields_to_do_are_found_on_the_picture(play):
    # The list said "Machine A: 1 stone from e9 to d9", and the picture showed neither
    # field: field names were off, and nothing marked what the machine had done.
    play.set_viewport_size({"width": 820, "height": 1180})
    _table_game(play)
    _play_typed_turn(play)
    fields = play.evaluate("() => game.todo.flatMap((t) => t.fields)")
    assert fields and not play.get_by_label("Field names").is_checked()
    marked = play.evaluate(
        "() => [...document.querySelectorAll('#board .field.todo')].map((g) => g.dataset.field)"
    )
    assert sorted(marked) == sorted(set(fields))
    for name in set(fields):
        label = _field(play, name).locator(".fname")
        assert label.is_visible() and label.text_content() == name
        assert "to do on the board" in (_field(play, name).get_attribute("aria-label") or "")
    # a tap keeps them; done on the board, they go
    _field(play, play.evaluate("() => Object.keys(game.legal)[0]")).click()
    assert play.locator("#board .field.todo").count() == len(set(fields))
    play.get_by_role("button", name="Done on the board").click()
    play.locator("#to-do").wait_for(state="hidden")
    assert play.locator("#board .field.todo").count() == 0


def test_at_the_table_the_heading_says_to_play_on_the_board_first(play):
    # It said "Red to move: tap one of your fields, then where its stones go", as at
    # home: at the table the turn is played on the board and then told to the page.
    _table_game(play)
    heading = play.locator("#to-move")
    assert heading.inner_text() == (
        "Red to move: play your turn on the board, then tap it here (your field, then "
        "where its stones went) or type it; then End turn."
    )
    _play_typed_turn(play)
    assert heading.inner_text().startswith("Red to move, once the list is done on the board: ")
    play.get_by_role("button", name="Done on the board").click()
    play.locator("#to-do").wait_for(state="hidden")
    assert heading.inner_text().startswith("Red to move: play your turn on the board, ")
    play.get_by_label("At the table", exact=True).uncheck()
    play.wait_for_function("() => !game.table && !busy")
    assert heading.inner_text().startswith("Red to move: tap one of your fields, ")


def test_a_move_between_names_with_a_minus_sign_reads_with_to(play):
    # The Undo list said "turn 1, Red: -c1--d0": where does one name end?
    _start(play)  # 3p-triangle-4: Red starts on fields left of column a
    source, destination = play.evaluate(
        "() => Object.entries(game.legal).flatMap(([s, ds]) => ds.map((d) => [s, d]))"
        ".find(([s, d]) => s.startsWith('-') && d.startsWith('-'))"
    )
    shown = f"{source} to {destination}"
    _field(play, source).click()
    _field(play, destination).click()
    play.locator("#pending").filter(has_text=shown).wait_for()
    assert play.locator("#pending").inner_text() == f"This turn: {shown}"
    assert play.locator("#status").inner_text().startswith(f"Moved {shown}. ")
    _end_turn(play)
    undo = play.locator("#undo-turn option").all_inner_texts()
    assert undo == [f"turn 1, Red: {shown}"]
    # the transcript keeps its pairs of names; the words typed back play the same move
    assert play.evaluate("() => game.transcript.turns[0]") == [[source, destination]]
    play.get_by_label("Undo back to").select_option(label=undo[0])
    play.get_by_role("button", name="Undo", exact=True).click()
    play.wait_for_function("() => game.turns_played === 0")
    play_settled(play)
    play.get_by_label(TYPED).fill(shown)
    play.get_by_role("button", name="Play typed moves").click()
    play.wait_for_function("() => game.turns_played > 0")
    play_settled(play)
    assert play.evaluate("() => game.transcript.turns[0]") == [[source, destination]]
    assert play.locator("#undo-turn option").all_inner_texts() == undo


def test_at_the_table_the_fields_an_explosion_sends_stones_to_are_outlined_too(play):
    # Only the exploding fields (and those that grew) were outlined: the fields their
    # stones land on, which the people at the table must change as well, were not.
    _table_game(play)
    _play_typed_turn(play)
    todo = play.evaluate("() => game.todo")
    lines = [line for t in todo for line in [*t["details"], *t["effects"]]]
    name = r"(-?[a-z]+(?:0|-?[1-9][0-9]*))"
    exploding = {m for line in lines for m in re.findall(name + r" explodes", line)}
    grown = {m for line in lines for m in re.findall(name + r" gains a stone", line)}
    receiving = {m for line in lines for m in re.findall(name + r" \((?:was|now|cancels)", line)}
    assert exploding and receiving - exploding  # (the machine's stack explodes)
    outlined = play.evaluate(
        "() => [...document.querySelectorAll('#board .field.todo')].map((g) => g.dataset.field)"
    )
    assert sorted(outlined) == sorted(exploding | grown | receiving)
    for field in receiving:
        assert _field(play, field).locator(".fname").is_visible()


def test_at_the_table_the_page_says_what_to_do_when_the_board_shows_something_else(play):
    # A mis-tapped move the page took, or a stone knocked over: nothing on the page said
    # how to bring the page and the board back in step.
    _start(play)
    differs = play.locator("#differs")
    assert differs.is_hidden()  # (at home the page's board is the only one)
    play.get_by_label("At the table", exact=True).check()
    play.wait_for_function("() => game.table && !busy")
    assert differs.is_visible()
    play.get_by_text("The board shows something else?").click()
    words = differs.inner_text()
    assert "Undo back to" in words and "A position as it stands on the table" in words
    # what it says works: Undo back to the turn entered wrongly shows the board before it
    before = _board(play)
    _play_typed_turn(play)
    assert _board(play) != before
    differs.get_by_role("link", name="Undo back to").click()
    assert play.evaluate("() => document.activeElement.id") == "undo-turn"
    play.get_by_label("Undo back to").select_option(index=0)
    play.get_by_role("button", name="Undo", exact=True).click()
    play.wait_for_function("() => game.turns_played === 0")
    play_settled(play)
    assert _board(play) == before and play.locator("#to-do").is_hidden()


def test_a_long_turn_in_the_undo_list_keeps_the_game_box_inside_its_column(play):
    # A fieldset is as wide as its widest content: a turn of five moves in the Undo list
    # pushed the Game box past its column, whose right part (and Undo's list) was cut off.
    _start(play)
    play.evaluate(
        """() => { const o = document.createElement('option');
        o.textContent = 'turn 31, Red: -f2 to -c5, -e1 to -d2, -a3 to -c1, b6 to -b3, -c4 to -d4';
        document.querySelector('#undo-turn').append(o); }"""
    )
    box = play.locator("#game-controls").bounding_box()
    column = play.locator(".settings").bounding_box()
    undo = play.locator("#undo-turn").bounding_box()
    assert box and column and undo
    assert box["x"] + box["width"] <= column["x"] + column["width"]
    assert undo["x"] + undo["width"] <= box["x"] + box["width"]


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_on_a_phone_the_list_to_do_on_the_board_fits_the_page(play):
    # "h7 (cancels one of 1C, now empty)" is kept on one line; three indents deep in the
    # list it pushed the whole page 18 px sideways on a phone.
    _table_game(play)
    _play_typed_turn(play)
    play.evaluate(
        """() => { const t = game.todo[0];
        t.details = [...t.details, '-h-2 explodes (growing -> dead): 3 stones, 3 live neighbours'];
        t.effects = [...t.effects, 'one stone each to -h-1 (cancels one of 2C, now 1C), '
          + '-g-2 (cancels one of 2C, now 1C), -i-3 (cancels one of 2C, now 1C)'];
        showToDo(); }"""
    )
    assert play.locator(".to-do .together").count() >= 3
    assert play.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert _lines_split_inside_brackets(play, "#to-do .effect") == []


def test_at_the_table_a_person_s_own_explosions_are_listed_and_outlined(play, tmp_path):
    # Only the computers' turns were listed: a person whose move set off a chain (14
    # explosions were seen) carried it out with the log line and the picture alone.
    from tests.web.test_play_api import CHAIN, _chain_steps

    path = tmp_path / "table.json"
    path.write_text(json.dumps(CHAIN))
    play.get_by_label(
        "or a board file or transcript (a transcript's game goes on)"
    ).set_input_files(str(path))
    play.locator('#seat-list[data-board="file"] #seat-1').select_option("greedy")
    play.get_by_label("At the table (the physical board is the truth)").check()
    play.get_by_label("Show explosions wave by wave").set_checked(False)
    play.get_by_role("button", name="Start game").click()
    play_settled(play)
    _field(play, "b3").click()
    _field(play, "c3").click()
    play.locator("#pending").filter(has_text="b3-c3").wait_for()
    _end_turn(play)
    after_moves, steps = _chain_steps("b3-c3")
    own = play.locator('#to-do-list > li[data-kind="person"]')
    assert own.count() == 1 and own.get_attribute("data-turn") == "0"
    assert own.locator("> strong").inner_text() == "Ann: 1 stone from b3 to c3; 6 explosions"
    assert "Ann's own turn" in own.locator(".own-turn").inner_text()
    # the engine's steps after the move, in order, each explosion with where its stones go
    shown = own.locator("> ul > li").all_inner_texts()
    from fabgen.products.turn import step_title  # (a wave's title counts its explosions)

    expected = []
    for s in steps:
        expected.append(step_title(s))
        for line, effect in zip(s.details, s.effects or ("",) * len(s.details), strict=True):
            expected.append(f"{line}\n{effect}" if effect else line)
    assert shown == expected
    assert sum(" explodes (" in line for line in shown) == 6
    # Ben (greedy) comes after, as before; every field either changes is outlined
    items = play.locator("#to-do-list > li")
    assert items.count() == 2 and items.nth(1).get_attribute("data-kind") == "greedy"
    changed = fields_changed(after_moves, steps)
    ben = set(play.evaluate("() => game.todo[1].fields"))
    outlined = play.evaluate(
        "() => [...document.querySelectorAll('#board .field.todo')].map((g) => g.dataset.field)"
    )
    assert sorted(outlined) == sorted(changed | ben)
    for name in changed:
        assert _field(play, name).locator(".fname").is_visible()
    # at home the list is gone, the person's chain with it
    play.get_by_label("At the table", exact=True).uncheck()
    play.wait_for_function("() => !game.table && !busy")
    assert play.locator("#to-do").is_hidden()
    assert play.locator("#board .field.todo").count() == 0


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_on_a_phone_the_board_opens_with_fields_a_finger_wide_and_says_how_to_see_it_all(play):
    # At 390 px the whole board left fields 18 to 31 px across, and nothing on the page
    # suggested the zoom buttons (− and + beside the board).
    _start(play, board="2p-diamond-5", seats={"seat-1": "greedy"})
    source = play.evaluate("() => Object.keys(game.legal)[0]")
    box = _field(play, source).locator(".hit").bounding_box()
    assert box["width"] >= 40 and box["height"] >= 40
    seen = play.locator("#board .board-scroll").bounding_box()  # (the person's field in it)
    assert seen["x"] <= box["x"] and box["x"] + box["width"] <= seen["x"] + seen["width"]
    assert seen["y"] <= box["y"] and box["y"] + box["height"] <= seen["y"] + seen["height"]
    hint = play.locator("#zoom-hint")
    assert hint.is_visible() and "drag it to see the rest" in hint.inner_text()
    assert play.evaluate("() => document.documentElement.scrollWidth") <= 390
    # the person's field in view is tapped as it is (no zooming first)
    _tap_a_move(play)
    _end_turn(play)
    # − shows the whole board, and the hint goes
    zoom_out = play.get_by_role("button", name="Zoom out")
    while play.evaluate("() => picture.zoom") > 1:
        zoom_out.click()
    assert hint.is_hidden()
    width = play.evaluate("() => picture.scroller.scrollWidth - picture.scroller.clientWidth")
    assert width <= 1


def test_on_a_wide_window_the_board_opens_whole(play):
    _start(play, board="2p-diamond-5", seats={"seat-1": "greedy"})
    assert play.evaluate("() => picture.zoom") == 1
    assert play.locator("#zoom-hint").is_hidden()


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_on_a_phone_the_fields_to_do_on_the_board_come_into_view(play):
    # The zoomed board stayed where it was after a turn: the machine's explosions, to
    # do on the board, were outlined off to the side (seen in a whole game in chromium).
    _table_game(play)
    play.locator("#board .board-scroll").evaluate("b => { b.scrollLeft = 0; b.scrollTop = 0; }")
    _play_typed_turn(play)
    fields = play.evaluate("() => game.todo.flatMap((t) => t.fields)")
    assert fields and play.evaluate("() => picture.zoom") > 1
    seen = play.locator("#board .board-scroll").bounding_box()
    boxes = {name: _field(play, name).locator(".cell").bounding_box() for name in fields}
    xs = [x for b in boxes.values() for x in (b["x"], b["x"] + b["width"])]
    ys = [y for b in boxes.values() for y in (b["y"], b["y"] + b["height"])]
    fit = max(xs) - min(xs) <= seen["width"] and max(ys) - min(ys) <= seen["height"]
    for name in fields if fit else fields[:1]:  # (all of them, or the list's first)
        box = boxes[name]
        middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert seen["x"] <= middle[0] <= seen["x"] + seen["width"], name
        assert seen["y"] <= middle[1] <= seen["y"] + seen["height"], name
    # done on the board, the person's own fields come into view
    play.locator("#board .board-scroll").evaluate("b => { b.scrollLeft = 0; b.scrollTop = 0; }")
    play.get_by_role("button", name="Done on the board").click()
    play.locator("#to-do").wait_for(state="hidden")
    for name in play.evaluate("() => Object.keys(game.legal)"):
        box = _field(play, name).locator(".cell").bounding_box()
        assert seen["x"] <= box["x"] + box["width"] / 2 <= seen["x"] + seen["width"], name


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_on_a_phone_the_board_is_seen_whole_at_the_end(play, fixed_game_id):
    # The board opened zoomed on a phone stayed so at the end: the territory picture
    # beside the ranking was seen in part.
    _start_computers(play)
    _over(play)
    assert play.evaluate("() => picture.zoom") == 1
    assert play.locator("#zoom-hint").is_hidden()
    assert play.evaluate("() => picture.scroller.scrollWidth - picture.scroller.clientWidth") <= 1
    # played again, it is zoomed as before while the game goes on, and whole at its end
    play.evaluate(
        """() => { window.zooms = [];
        new MutationObserver(() => zooms.push(Number($('board').dataset.zoom)))
          .observe($('board'), {attributes: true, attributeFilter: ['data-zoom']}); }"""
    )
    play.get_by_role("button", name="Play again", exact=True).click()
    play.wait_for_function("() => zooms.length >= 2")
    _over(play)
    zooms = play.evaluate("() => zooms")
    assert zooms[0] > 1 and zooms[-1] == 1, zooms


@pytest.mark.parametrize("play", [{"width": 390, "height": 844}], indirect=True)
def test_on_a_phone_a_turn_played_back_is_shown_where_it_happens(play):
    # The zoomed board stayed where it was while the machine's turn was played back:
    # its explosions flashed out of sight; so did the page, at End turn above the board.
    _start(play, seats={}, board="1p-triangle-5-machine", animate=True)
    play.evaluate(
        """() => { window.seen = [];
        new MutationObserver(() => {
          const b = picture.scroller.getBoundingClientRect();
          for (const g of document.querySelectorAll('#board .field.flash')) {
            const r = g.getBoundingClientRect();
            const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
            const inside = b.left <= x && x <= b.right && b.top <= y && y <= b.bottom
              && 0 <= y && y <= innerHeight;
            // (the bar of a person's actions at the foot of the window stays away meanwhile)
            seen.push([g.dataset.field, inside, $('turn-actions').getClientRects().length > 0]);
          }
        }).observe($('board'), {subtree: true, attributes: true, attributeFilter: ['class']}); }"""
    )
    box = play.locator("#board .board-scroll")
    box.evaluate("b => { b.scrollLeft = 0; b.scrollTop = 0; }")
    source, destinations = play.evaluate("() => Object.entries(game.legal)[0]")
    _field(play, source).click()
    _field(play, destinations[0]).click()
    play.locator("#pending").filter(has_text=move_text(source, destinations[0])).wait_for()
    box.evaluate("b => { b.scrollLeft = 0; b.scrollTop = 0; }")
    _end_turn(play)
    seen = play.evaluate("() => seen")  # (each field flashed, in view, the bar shown)
    assert play.evaluate("() => game.history.at(-1).explosions") >= 2  # (the machine's)
    assert seen and all(inside and not bar for _, inside, bar in seen), seen
    # and there the page stays (the focus given back to End turn scrolled up to it), the
    # board above the bar of the turn's actions, back at the foot of the window
    board = box.bounding_box()
    bar = play.locator("#turn-actions").bounding_box()
    assert _inside_window(play, bar) and board["y"] >= 0
    assert board["y"] + board["height"] <= bar["y"] + 0.5


# ---- the board chosen for a new game ----------------------------------------------------


def _game_picture_on_show(page) -> bool:
    return page.locator("#board .board-scroll [data-field]").first.is_visible()


def test_new_game_pictures_the_board_chosen_instead_of_the_last_game(play):
    _start(play)
    assert _game_picture_on_show(play)
    play.get_by_role("button", name="New game").click()
    # the board in the list (the last game's) as a new game starts on it
    assert chosen_board_is_preset(play, "3p-triangle-4")
    assert not _game_picture_on_show(play)
    play.get_by_label("Board", exact=True).select_option("preset:2p-diamond-5-machines")
    play.locator('#seat-list[data-board="preset:2p-diamond-5-machines"] #seat-0').wait_for()
    play.wait_for_function(
        "() => document.querySelectorAll('#board .chosen-board').length === 1"
        " && document.querySelector('#board .chosen-board').innerHTML.includes('2p-diamond')"
    )
    assert chosen_board_is_preset(play, "2p-diamond-5-machines")
    assert not _game_picture_on_show(play)
    # Start game: the new game's own picture, of the board chosen
    seats = play.locator("#seat-list select").count()
    assert seats != 3  # (the last game's had 3)
    play.get_by_role("button", name="Start game").click()
    play.wait_for_function(f"() => game && game.seats.length === {seats}")
    play_settled(play)
    assert play.locator("#board .chosen-board").count() == 0
    assert _game_picture_on_show(play)
    assert play.locator("#turn-bar").is_visible() and play.locator("#aside").is_hidden()


def test_the_last_game_played_on_after_new_game_is_on_show_again(play):
    """While New game pictures another board the last game's turn (its words, End turn,
    Hint) is put aside, with a way back to it (they were shown over a board that was not
    the game's); back, the game plays on."""
    _start(play)
    assert play.locator("#turn-bar").is_visible()
    play.get_by_role("button", name="New game").click()
    play.locator("#board .chosen-board svg").wait_for()
    assert not play.locator("#turn-bar").is_visible()
    assert not play.get_by_role("button", name="Hint").is_visible()
    play.get_by_role("button", name="Back to the last game").click()
    assert play.locator("#board .chosen-board").count() == 0
    assert _game_picture_on_show(play) and play.locator("#new-game").is_hidden()
    assert not play.get_by_role("button", name="Back to the last game").is_visible()
    play.get_by_role("button", name="Hint").click()  # the last game, played on
    play.locator("#status").filter(has_text="Hint: ").wait_for()
    assert _game_picture_on_show(play)


def test_the_board_chosen_is_pictured_without_places_to_add_a_tile(play):
    """The designer's dashed places where a tile could be added are left out of the
    play page's picture of the board chosen; the designer still shows them."""
    play.locator("#board .chosen-board svg").wait_for()
    places = play.locator("#board .chosen-board .free-place")
    assert places.count() > 0
    assert not any(p.is_visible() for p in places.all())
    shown = play.evaluate(
        "() => [...document.querySelectorAll('#board .chosen-board [stroke-dasharray]')]"
        ".filter(e => e.checkVisibility()).length"
    )
    assert shown == 0
    assert play.locator("#board .chosen-board path:not(.free-place)").first.is_visible()
    play.goto(play.url.replace("/play", "/board"))
    play.get_by_label("Preset board", exact=True).select_option("3p-triangle-4")
    play.get_by_role("button", name="Load preset").click()
    play.wait_for_function("() => !document.body.dataset.busy")  # (it opens on 3p-triangle-4)
    play.locator("#canvas .free-place").first.wait_for()
    assert play.locator("#canvas .free-place").first.is_visible()
