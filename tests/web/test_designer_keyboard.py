"""The board designer from the keyboard, as the play page's board: one stop of the Tab
key for the board, the arrow keys from place to place, Enter or Space as a click, a dark
ring on the place the keyboard is on (docs/web.md, *The kit, the designer and the rules
viewer*). Debian's chromium driven by Playwright."""

from __future__ import annotations

import json

import pytest

#: A hexagon of 91 tiles: Tab went through its 127 places (tiles and dashed places) with
#: the tiles tool, and its 637 fields with the stones tool, before leaving the board.
BIG = [[i, j] for i in range(-5, 6) for j in range(-5, 6) if abs(i + j) <= 5]

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || !e.matches('#canvas .hit')) return null;
  const box = e.getBBox();
  return {label: e.getAttribute('aria-label'), field: e.dataset.field || null,
          i: e.dataset.i === undefined ? null : Number(e.dataset.i),
          j: e.dataset.j === undefined ? null : Number(e.dataset.j),
          x: box.x + box.width / 2, y: box.y + box.height / 2};
}"""


def _idle(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def _designer_with(page, tiles) -> None:
    """The designer opened on a board of ``tiles`` and no seats (as a reload finds the
    board the browser keeps)."""
    page.goto(page.base + "/board")
    page.wait_for_selector("#canvas svg")  # (its preset, saved as it is shown, ...
    _idle(page)  # ... would replace the board saved here)
    state = {"board": {"name": "keys", "tiles": tiles}, "players": []}
    page.evaluate("s => localStorage.setItem('fabgen-designer-board', s)", json.dumps(state))
    page.reload()
    page.wait_for_function(
        "n => document.querySelector('#canvas')?.dataset.tiles === String(n)", arg=len(tiles)
    )
    _idle(page)


def _focused(page):
    return page.evaluate(FOCUSED)


@pytest.mark.parametrize("tool", ["add or remove tiles", "put stones on a field"])
def test_the_board_is_one_stop_of_the_tab_key(page, tool):
    _designer_with(page, BIG)
    page.get_by_label(tool).check()
    assert page.locator("#canvas .hit").count() > 100  # the places are there
    page.locator("#play-this").focus()  # the last control before the board
    page.keyboard.press("Tab")
    first = _focused(page)
    assert first is not None
    assert (first["field"] is not None) == (tool == "put stones on a field")
    page.keyboard.press("Tab")
    assert _focused(page) is None  # past the board at once
    page.keyboard.press("Shift+Tab")
    assert _focused(page) == first
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.id") == "play-this"


@pytest.mark.parametrize("tool", ["add or remove tiles", "put stones on a field"])
def test_the_arrow_keys_go_to_a_neighbouring_place(page, tool):
    _designer_with(page, BIG)
    page.get_by_label(tool).check()
    page.locator("#play-this").focus()
    page.keyboard.press("Tab")
    assert _focused(page) is not None
    # from the place nearest the middle of the board, which has neighbours all round
    page.evaluate(
        """() => {
          const shown = [...document.querySelectorAll('#canvas .hit')]
            .filter(e => e.getClientRects().length);
          const box = document.querySelector('#canvas svg').getBBox();
          const off = e => { const b = e.getBBox();
            return Math.hypot(b.x + b.width / 2 - box.x - box.width / 2,
                              b.y + b.height / 2 - box.y - box.height / 2); };
          shown.sort((a, b) => off(a) - off(b))[0].focus();
        }"""
    )
    moves = ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown")
    steps = []
    for key in moves:
        before = _focused(page)
        page.keyboard.press(key)
        after = _focused(page)
        axis, sign = {"ArrowRight": ("x", 1), "ArrowLeft": ("x", -1)}.get(
            key, ("y", 1 if key == "ArrowDown" else -1)
        )
        assert sign * (after[axis] - before[axis]) > 0, (key, before, after)
        steps.append(abs(after["x"] - before["x"]) + abs(after["y"] - before["y"]))
        if tool == "put stones on a field":
            assert after["field"] and after["field"] != before["field"]
        else:
            assert (after["i"], after["j"]) != (before["i"], before["j"])
            # a neighbour: next on the lattice, not a jump across the board
            assert max(abs(after["i"] - before["i"]), abs(after["j"] - before["j"])) == 1
    # neighbours, near at hand: no step much longer than the shortest
    assert max(steps) < 2.5 * min(steps), steps
    # the Tab stop went with the keyboard: back to the same place after leaving the board
    here = _focused(page)
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert _focused(page) == here


def test_enter_adds_and_removes_a_tile_as_a_click_does(page):
    _designer_with(page, [[0, 0]])
    page.locator("#play-this").focus()
    page.keyboard.press("Tab")
    start = _focused(page)
    # to a dashed place by the arrow keys (the only tile is surrounded by them)
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        if _focused(page)["label"].startswith("add tile"):
            break
    place = _focused(page)
    assert place["label"].startswith("add tile"), (start, place)
    i, j = place["i"], place["j"]
    page.keyboard.press("Enter")
    page.locator("#status").filter(has_text=f"Added tile 2 ({i}, {j}).").wait_for()
    _idle(page)
    assert page.evaluate("() => state.board.tiles") == [[0, 0], [i, j]]
    now = _focused(page)  # the keyboard stays there, on the tile now
    assert (now["i"], now["j"]) == (i, j) and now["label"] == f"tile 2 ({i}, {j})"
    page.keyboard.press(" ")  # Space, as Enter
    page.locator("#status").filter(has_text=f"Removed tile 2 ({i}, {j}).").wait_for()
    _idle(page)
    assert page.evaluate("() => state.board.tiles") == [[0, 0]]
    assert _focused(page)["label"] == f"add tile ({i}, {j})"
    # a click of the same place does the same
    page.locator(f'#canvas .hit.free[data-i="{i}"][data-j="{j}"]').click()
    page.locator("#status").filter(has_text=f"Added tile 2 ({i}, {j}).").wait_for()
    _idle(page)
    assert page.evaluate("() => state.board.tiles") == [[0, 0], [i, j]]


def test_the_place_the_keyboard_is_on_has_a_dark_ring(page):
    _designer_with(page, [[0, 0], [1, 0]])
    page.locator("#play-this").focus()
    page.keyboard.press("Tab")
    ring = page.evaluate(
        """() => {
          const s = getComputedStyle(document.activeElement);
          return [s.stroke, s.strokeWidth, s.vectorEffect];
        }"""
    )
    assert ring == ["rgb(27, 27, 27)", "3px", "non-scaling-stroke"]
    # a screen reader is told what the group is and how to go through it
    label = page.locator("#canvas svg").get_attribute("aria-label")
    assert "arrow keys" in label
