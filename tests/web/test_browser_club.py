"""A game-club organiser in the browser: a board of their own made in the designer, its
seats' colours chosen, the keyboard alone, and the rules viewer on a phone. Debian's
chromium driven by Playwright, controls found by their labels."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _open(page, path: str):
    page.goto(page.base + path)
    page.evaluate("document.fonts.ready.then(() => true)")  # laid out in the served fonts
    return page


def _idle(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def _tiles(page) -> int:
    _idle(page)
    return int(page.locator("#canvas").get_attribute("data-tiles"))


def _new_board(page) -> None:
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.get_by_role("button", name="New empty board").click()
    page.locator("#status").filter(has_text="New board").wait_for()
    _idle(page)


# ---- the board designer -----------------------------------------------------------------


@pytest.mark.parametrize("typed", ["", "x", "1.5"])
def test_a_tile_coordinate_not_typed_as_a_whole_number_adds_no_tile(page, typed):
    # An empty box was read as 0: "Add tile" with i left empty added tile (0, j), or said
    # that tile (0, 0) was already there, a tile nobody had asked for.
    _new_board(page)
    page.get_by_label("Tile i", exact=True).fill("1")
    page.get_by_label("Tile j", exact=True).fill("0")
    page.get_by_role("button", name="Add tile", exact=True).click()
    page.locator("#status").filter(has_text="Added tile 2 (1, 0).").wait_for()
    i_box = page.get_by_label("Tile i", exact=True)
    i_box.evaluate("(box, typed) => { box.type = 'text'; box.value = typed; }", typed)
    page.get_by_label("Tile j", exact=True).fill("1")
    page.get_by_role("button", name="Add tile", exact=True).click()
    shown = "nothing" if typed == "" else f'"{typed}"'
    page.locator("#status").filter(
        has_text=f"Not changed: tile i must be a whole number, got {shown}"
    ).wait_for()
    assert _tiles(page) == 2


TWO_SEATS = """
[board]
name = "club"
tiles = [[0, 0], [1, 0], [0, 1], [1, 1]]

[[players]]
name = "Ann"
start = [0, 0]

[[players]]
name = "Bob"
start = [1, 1]
"""


def _stone_fills(page) -> set[str]:
    fills = "cs => cs.map(c => c.getAttribute('fill'))"
    return set(page.locator("#canvas circle").evaluate_all(fills))


def test_choose_the_seats_colours_and_download_them(page, tmp_path):
    # The designer had no way to give a seat its colour: every board it made was drawn
    # (and its kit's stones made) in the seat numbers' colours.
    from fabgen.board.colours import NAMED_COLOURS
    from fabgen.board.files import read_board

    upload = tmp_path / "club.toml"
    upload.write_text(TWO_SEATS)
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.set_input_files("#upload", str(upload))
    page.locator("#status").filter(has_text="Loaded club.toml").wait_for()
    _idle(page)
    colour = page.get_by_label("Seat colour", exact=True)
    assert colour.locator("option:checked").inner_text() == "by seat number (red)"
    assert NAMED_COLOURS["yellow"] not in _stone_fills(page)

    seat = page.get_by_label("Seat", exact=True)
    for k, name in enumerate(["yellow", "yellow"]):
        seat.select_option(str(k))
        colour.select_option(name)
        page.locator("#status").filter(has_text=f"Seat {k + 1}: colour {name}.").wait_for()
        _idle(page)
    findings = page.locator("#findings")
    findings.filter(has_text="colour-shared").wait_for()
    assert "give seat 2 (Bob) a colour of its own" in findings.inner_text()
    assert NAMED_COLOURS["yellow"] in _stone_fills(page)
    colour.select_option("purple")
    page.wait_for_function(
        "() => !document.querySelector('#findings').textContent.includes('colour-shared')"
    )
    seat.select_option("0")
    assert colour.input_value() == "yellow"

    with page.expect_download() as download:
        page.get_by_role("button", name="Download board file").click()
    path = tmp_path / download.value.suggested_filename
    path.write_bytes(download.value.path().read_bytes())
    assert [s.colour for s in read_board(path).seats] == ["yellow", "purple"]
    result = subprocess.run(
        [sys.executable, "-m", "fabgen", "validate", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "colour-shared" not in result.stdout

    # back to the seat number's colour: the key goes from the file
    seat.select_option("1")
    colour.select_option("")
    page.locator("#status").filter(has_text="Seat 2: colour by seat number.").wait_for()
    _idle(page)
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('fabgen-designer-board'))")
    assert "colour" not in saved["players"][1] and saved["players"][0]["colour"] == "yellow"


def _focused(page) -> str:
    return page.evaluate(
        "() => document.activeElement.getAttribute('aria-label') || document.activeElement.id"
    )


def test_the_keyboard_stays_on_the_place_it_pressed(page):
    # Enter on a place redrew the picture and dropped the keyboard at the top of the
    # page: each further tile took some thirty presses of Tab to reach the board again.
    _new_board(page)
    place = page.get_by_role("button", name="add tile (1, 0)")
    place.focus()
    page.keyboard.press("Enter")
    page.locator("#status").filter(has_text="Added tile 2 (1, 0).").wait_for()
    _idle(page)
    assert _focused(page) == "tile 2 (1, 0)"
    page.keyboard.press("Enter")  # the same place: the tile goes again
    page.locator("#status").filter(has_text="Removed tile 2 (1, 0).").wait_for()
    _idle(page)
    assert _focused(page) == "add tile (1, 0)"
    # a field, with the stones tool, for a seat added from the keyboard
    page.get_by_role("button", name="Add seat").focus()
    page.keyboard.press("Enter")
    page.locator("#status").filter(has_text="Added seat 1.").wait_for()
    _idle(page)
    assert _focused(page) == "add-seat"
    page.get_by_label("put stones on a field").check()
    page.locator('#canvas .hit.field[data-field="a1"]').focus()
    page.keyboard.press("Enter")
    page.locator("#status").filter(has_text="Seat 1: 6 stones on a1.").wait_for()
    _idle(page)
    assert _focused(page).startswith("field a1: ")
    # Undo until there is nothing to undo: the keyboard goes on to Redo
    page.get_by_role("button", name="Undo").focus()
    for _ in range(5):  # the new board, the tile added and removed, the seat, the stones
        page.keyboard.press("Enter")
        _idle(page)
    assert page.get_by_role("button", name="Undo").is_disabled()
    assert _focused(page) == "redo"


# ---- the rules viewer -------------------------------------------------------------------


def _game(tmp_path, turns: int = 6):
    """A game of 2p-diamond-4: each turn the first legal move (explosions come early)."""
    import json

    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import Turn, play_turn

    text = board_transcript_text(load_preset("2p-diamond-4"))
    game, position = json.loads(text), parse_transcript(text).position
    game["turns"] = []
    for _ in range(turns):
        moves = Turn(position, "online").legal_moves()[:1]
        position, _ = play_turn(position, moves, "online")
        game["turns"].append([[field_name(m.source), field_name(m.destination)] for m in moves])
    path = tmp_path / "club-game.json"
    path.write_text(json.dumps(game))
    return path, position


def test_on_a_phone_the_steps_are_stepped_beside_the_board(page, tmp_path):
    # The step buttons were in the form, a screen above the board on a phone: Next step
    # changed a picture out of sight.
    path, _ = _game(tmp_path)
    page.set_viewport_size({"width": 390, "height": 844})
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    page.locator("#turn-info").filter(has_text="turn 1 of the 6 in the file").wait_for()
    page.get_by_role("button", name="Next step").click()
    page.locator("#step-title").filter(has_text="Step 1. ").wait_for()
    # from the step's title to the board's lower edge: one phone screen
    top, bottom = page.evaluate(
        """() => [document.querySelector('#step-title').getBoundingClientRect().top,
                  document.querySelector('#step-svg').getBoundingClientRect().bottom]"""
    )
    buttons = page.locator("#next-step").bounding_box()
    assert top <= buttons["y"] and buttons["y"] + buttons["height"] <= bottom
    assert bottom - top <= 844


def test_enter_plays_the_typed_moves_in_the_rules_viewer(page, tmp_path):
    # Enter in the moves box did nothing: the keyboard needed one more Tab to the button.
    from fabgen.rules.names import field_name
    from fabgen.rules.terminal import stacks_by_seat
    from fabgen.rules.turn import Turn, play_turn

    path, position = _game(tmp_path)
    (move, *_) = Turn(position, "online").legal_moves()
    typed = f"{field_name(move.source)}-{field_name(move.destination)}"
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    page.locator("#turn-info").filter(has_text="turn 1 of the 6 in the file").wait_for()
    moves = page.get_by_label("Moves for the player to move")
    moves.fill(typed)
    moves.press("Enter")
    page.locator("#turn-info").filter(has_text="after the 6 turns of the file").wait_for()
    page.locator("#after-heading").wait_for(state="visible")  # hidden until a turn is played
    assert page.locator("#step-title").inner_text().startswith("Step ")
    # what lies on the board after it, a seat a line, as fabgen rules turn lists it
    final, _ = play_turn(position, [move], "online")
    assert page.locator("#after li").all_inner_texts() == stacks_by_seat(final)
    assert page.evaluate("() => steps.some((s) => s.title.includes('move 1: '))")


def test_say_which_way_the_seats_go_round_and_validate_agrees(page, tmp_path):
    # The validator asked for turns = "clockwise" or "counter-clockwise", which the
    # designer had no way to give.
    upload = tmp_path / "club.toml"
    upload.write_text(TWO_SEATS)
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.set_input_files("#upload", str(upload))
    page.locator("#status").filter(has_text="Loaded club.toml").wait_for()
    findings = page.locator("#findings")
    findings.filter(has_text="the board does not say which way it turns").wait_for()
    # below the board file's words (add turns = ...), the page's
    hint = findings.locator("li", has_text="[symmetry]").locator(".hint")
    assert hint.inner_text() == 'In the designer: choose it under "Seat order goes round".'
    turns = page.get_by_label("Seat order goes round", exact=True)
    assert turns.input_value() == ""
    turns.select_option("counter-clockwise")
    page.locator("#status").filter(has_text="The seats go round counter-clockwise.").wait_for()
    findings.filter(has_text="the board turns counter-clockwise").wait_for()
    _idle(page)
    assert findings.locator(".hint").count() == 0

    with page.expect_download() as download:
        page.get_by_role("button", name="Download board file").click()
    path = tmp_path / download.value.suggested_filename
    path.write_bytes(download.value.path().read_bytes())
    assert 'turns = "counter-clockwise"' in path.read_text()
    result = subprocess.run(
        [sys.executable, "-m", "fabgen", "validate", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # every finding the page shows, in the command's words, and no other
    said = [line for line in result.stdout.splitlines() if line.split(" [")[0] in SEVERITIES]
    shown = findings.locator("li").evaluate_all("lis => lis.map(li => li.firstChild.textContent)")
    assert said == shown


SEVERITIES = ("error", "warning", "info")
