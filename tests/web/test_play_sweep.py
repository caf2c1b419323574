"""Defects found by playing the play page in chromium as people do (a sweep of whole
games: against strong, with an extreme machine seat, at the table, on a phone; the
server stopped and started again mid-game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.helpers import checked_page, play_settled


@pytest.fixture
def play(browser, play_url):
    with checked_page(browser, viewport={"width": 1280, "height": 900}) as page:
        page.goto(play_url + "/play")
        yield page


def _start(page, board="2p-diamond-4", seats=("person", "strong")):
    page.get_by_label("Board", exact=True).select_option(f"preset:{board}")
    page.locator(f'#seat-list[data-board="preset:{board}"] #seat-0').wait_for()
    for k, kind in enumerate(seats):
        page.locator(f"#seat-{k}").select_option(kind)
    page.get_by_label("Show explosions wave by wave").set_checked(False)
    page.get_by_role("button", name="Start game").click()
    play_settled(page)


def test_a_hint_asked_with_moves_tapped_says_it_is_a_whole_turn_and_which_button_plays_it(
    play, fixed_game_id
):
    # The hint is the strong player's whole turn from the turn's start. Asked after a
    # tapped move, it stood as "Hint: Red: 1 stone from -j-1 to -j0" beside "This turn:
    # -j0 to -i0", and End turn played the tapped move, not the hint on show.
    _start(play)
    source = play.evaluate("() => Object.keys(game.legal).sort().at(-1)")
    destination = play.evaluate(f"() => game.legal['{source}'][0]")
    play.locator(f'#board [data-field="{source}"]').click()
    play.locator(f'#board [data-field="{destination}"]').click()
    play.wait_for_function("() => pending.length === 1 && !busy")
    tapped = play.evaluate("() => movesText(pending)")
    play.get_by_role("button", name="Hint").click()
    status = play.locator("#status").filter(has_text="Hint: ")
    status.wait_for()
    said = status.inner_text()
    assert f"from before the moves you tapped: {tapped}" in said, said
    assert "Play typed moves plays the hint in their place, End turn plays yours" in said
    hint_words = said.removeprefix("Hint: ").split(" (a whole turn")[0]
    # and so it is: Play typed moves plays the hint, not the tapped move with it
    play.get_by_role("button", name="Play typed moves").click()
    play_settled(play)
    red = play.evaluate("() => game.history.filter(h => h.kind === 'person').map(h => h.words)")
    assert red == [hint_words], (red, hint_words)


def test_the_thinking_line_s_sign_is_a_glyph_of_the_font_the_page_serves(play):
    # "⏳" (U+23F3) is not in DejaVu Sans: on a computer without an emoji font it was an
    # empty box before "Blue is thinking…" and "Waiting for fabgen serve".
    tt = pytest.importorskip("fontTools.ttLib")
    dejavu = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")  # (the line is bold)
    if not dejavu.exists():
        pytest.skip("no DejaVu Sans Bold to read the glyphs of")
    content = play.evaluate(
        "() => getComputedStyle(document.getElementById('thinking'), '::before').content"
    )
    signs = [c for c in content.split("/")[0] if c not in ' "']
    assert signs, content
    glyphs = tt.TTFont(dejavu).getBestCmap()
    assert all(ord(c) in glyphs for c in signs), content
