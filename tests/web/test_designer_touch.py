"""The board designer on a touch screen: a club organiser designs Saturday's board on a
tablet and checks it on a phone (docs/web.md, *The kit, the designer and the rules
viewer*). Debian's chromium driven by Playwright, a window with touch."""

from __future__ import annotations

from tests.web.helpers import checked_page

TABLET = {"has_touch": True, "is_mobile": True}
BOARD = "6p-hexagon-37"  # the largest preset: the smallest fields
# The controls shown under 44 px tall, and the lists and boxes with text under 16 px (a
# phone's browser zooms into those as they are typed in). A radio button or checkbox is
# reached by its label, the box itself at least 24 px.
UNFIT = """() => [...document.querySelectorAll(
    '.board-page :is(button, a.button, select, input, label)')]
  .filter(e => e.getClientRects().length).flatMap(e => {
    const box = e.getBoundingClientRect();
    const tick = ['checkbox', 'radio'].includes(e.type);
    const target = 'input, select, button, a, .kind-bool label, [role=radiogroup] label';
    const small = tick ? box.height < 24 : e.matches(target) && box.height < 44;
    const text = e.matches('select, input[type=text], input[type=number]')
      && parseFloat(getComputedStyle(e).fontSize) < 16;
    const name = e.id || e.textContent.trim();
    return small || text ? [`${name} ${Math.round(box.height)} px`] : []; })"""
# The smallest place to tap the tool shows, on screen.
SMALLEST_PLACE = """() => Math.min(...[...document.querySelectorAll('#canvas .hits .hit')]
  .filter(e => e.getClientRects().length).map(e => {
    const box = e.getBoundingClientRect(); return Math.min(box.width, box.height); }))"""
# A field whose middle is in the board's box as scrolled, and is the field there.
FIELD_IN_VIEW = """() => { const box = document.querySelector('#canvas').getBoundingClientRect();
  const bottom = Math.min(box.bottom, innerHeight);
  return [...document.querySelectorAll('#canvas .hit.field')].map(e => {
    const r = e.getBoundingClientRect(); return [e, r.x + r.width / 2, r.y + r.height / 2]; })
  .find(([e, x, y]) => x > box.left && x < box.right && y > box.top && y < bottom
    && document.elementFromPoint(x, y) === e)?.[0].dataset.field; }"""


def test_on_a_tablet_and_a_phone_the_designer_is_tapped_with_a_finger(browser, server_url):
    # Upright the board beside the form had 337 px, the fields to put stones on 15 px
    # (16 on a phone); buttons were 33 px tall, the lists 28, the radio buttons and
    # checkboxes 13 px square, the text of the lists and boxes 15 px.
    with checked_page(browser, **TABLET, viewport={"width": 820, "height": 1180}) as tablet:
        tablet.goto(server_url + "/board")
        tablet.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
        assert tablet.evaluate(UNFIT) == []
        # upright, as on a phone, the board across the window, above the tools
        canvas = tablet.locator("#canvas").bounding_box()
        assert canvas["width"] >= 820 - 60
        assert canvas["y"] < tablet.get_by_label("Board name").bounding_box()["y"]
        tablet.get_by_label("Preset board").select_option(BOARD)
        tablet.get_by_role("button", name="Load preset").tap()
        tablet.locator("#status").filter(has_text=f"Loaded {BOARD}").wait_for()
        tablet.get_by_label("put stones on a field").tap()
        tablet.wait_for_function("() => document.querySelector('#canvas').dataset.zoom > 1")
        assert tablet.evaluate(SMALLEST_PLACE) >= 40
        field = tablet.evaluate(FIELD_IN_VIEW)
        tablet.locator(f'#canvas .hit.field[data-field="{field}"]').tap()
        tablet.locator("#status").filter(has_text=f" stones on {field}.").wait_for()
        # A finger taps: the page says so, and a refusal says under it how to hide it (its
        # title, "Click to hide", showed only where a pointer rests)
        stones = tablet.get_by_label("Stones per field")
        stones.fill("150")
        stones.press("Tab")
        refusal = tablet.locator("#status.bad").filter(has_text="at most")
        refusal.wait_for()
        hide = refusal.evaluate("e => getComputedStyle(e, '::after').content")
        assert (tablet.locator(".intro").inner_text()[:19], hide) == (
            "Tap a dashed place ",
            '"Tap to hide." / ""',
        )
        refusal.tap()
        refusal.wait_for(state="hidden")
        tablet.set_viewport_size({"width": 1180, "height": 820})  # sideways
        assert tablet.evaluate(UNFIT) == []
        tablet.set_viewport_size({"width": 390, "height": 844})  # (a phone's window)
        assert tablet.evaluate(UNFIT) == []
        assert tablet.evaluate("document.documentElement.scrollWidth") <= 390
