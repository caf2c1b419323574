"""The pages in a real browser: Debian's chromium driven by Playwright. Controls are
found by their visible labels, as a user (or a screen reader) finds them."""

from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import sys
import tomllib
import zipfile

import pytest

from fabgen.rules.moves import move_text


def _open(page, path: str):
    page.goto(page.base + path)
    page.evaluate("document.fonts.ready.then(() => true)")  # laid out in the served fonts
    return page


def _tile_width_attr(page) -> float:
    width = page.locator("#tile-svg svg").get_attribute("width")
    return float(width.removesuffix("mm"))


# ---- the kit configurator ----------------------------------------------------------------


def test_a_wider_tile_gives_a_larger_preview(page):
    _open(page, "/")
    page.wait_for_selector("#tile-svg svg")
    before = _tile_width_attr(page)
    # measured in the page in one step: the preview replaces its <svg> when it redraws
    width_js = "() => document.querySelector('#tile-svg svg').getBoundingClientRect().width"
    box_before = page.evaluate(width_js)
    page.get_by_label("Tile width (mm)", exact=True).fill("120")
    page.wait_for_function(
        "() => document.querySelector('#tile-caption').textContent.includes('120 mm across')"
    )
    after = _tile_width_attr(page)
    # corner to corner, a hexagon grows by 2/√3 of its width across the flats
    assert after - before == pytest.approx(20 * 2 / 3**0.5, abs=0.01)
    # the drawing on screen grows too (waits for the last redraw; fails on a timeout)
    page.wait_for_function(
        "w => { const e = document.querySelector('#tile-svg svg');"
        " return e !== null && e.getBoundingClientRect().width > w; }",
        arg=box_before,
    )


def test_every_preset_can_be_picked(page):
    _open(page, "/")
    board = page.get_by_label("Board", exact=True)
    names = [o for o in board.locator("option").all_inner_texts() if not o.startswith("the board")]
    assert len(names) >= 10
    for name in names:
        board.select_option(name)
        page.wait_for_function(
            "name => document.querySelector('#preview-board').textContent.startsWith("
            "'Board ' + name + ':')",
            arg=name,
        )
        assert page.locator("#setup-svg svg").count() == 1


def test_an_error_is_shown_next_to_its_setting_and_goes_away(page):
    _open(page, "/")
    page.wait_for_selector("#tile-svg svg")
    page.get_by_label("Compensate kerf", exact=True).uncheck()
    kerf = page.get_by_label("Kerf (mm)", exact=True)
    kerf.fill("5")
    message = page.locator('.control[data-name="tile.kerf"] .error')
    message.filter(has_text="Kerf 5 mm is not smaller").wait_for()
    assert "margin between the circles and the outline" in message.inner_text()
    # The list of findings names the setting once, by its label, not also by its key.
    listed = page.locator("#findings li").filter(has_text="Kerf 5 mm").inner_text()
    assert "tile.kerf" not in listed, listed
    kerf.fill("0.15")
    page.wait_for_function(
        "() => !document.querySelector('.control[data-name=\"tile.kerf\"] .error').textContent"
    )
    players = page.get_by_label("Players", exact=True)
    players.fill("5")
    page.locator('.control[data-name="kit.players"] .error').filter(
        has_text="Players 5 but the board 3p-triangle-4 has 3 people: set Players to 3"
    ).wait_for()  # (the page's words: it said "players = 5", the kit file's)


def test_a_simulated_supply_never_holds_up_the_preview(page):
    # The strong players (the default) take seconds a game: a preview of 20 of their
    # games on 2p-diamond-4 took 100 s, and the next preview waited for it.
    _open(page, "/")
    page.wait_for_selector("#sheet-svg svg")
    page.get_by_label("Board", exact=True).select_option("2p-diamond-4")
    page.get_by_label("Simulate games", exact=True).fill("20")
    note = page.locator('.control[data-name="kit.simulate_players"] .web-note')
    assert "greedy or random players only" in note.inner_text()
    page.get_by_label("Supply", exact=True).select_option("simulate")
    message = page.locator('.control[data-name="kit.simulate_players"] .error')
    message.filter(has_text="too long for the browser").wait_for()
    page.get_by_label("Simulate players", exact=True).fill("greedy")
    page.wait_for_function(
        "() => document.querySelector('#bar-summary').textContent.includes('tile sheet')"
        " && !document.body.classList.contains('kit-bad')",
    )  # (the page's own timeout: 20 greedy games take seconds more on a loaded machine)
    assert "simulated games" in page.locator("#bom").inner_text()
    page.get_by_label("Supply", exact=True).select_option("rule")
    page.get_by_label("Tile width (mm)", exact=True).fill("90")
    # the next preview comes (by the rule, no games played), not held up by the games
    # (no wall-clock limit here: a loaded machine is slow at both)
    page.wait_for_function(
        "() => document.querySelector('#bar-summary').textContent.startsWith("
        "'Test tile 90 mm across') && document.querySelector('#bar-summary')"
        ".textContent.includes('tile sheet')"
        " && !document.querySelector('#bom').textContent.includes('simulated games')",
    )


def test_the_configurator_keeps_its_settings_until_reset(page):
    _open(page, "/")
    page.wait_for_selector("#sheet-svg svg")
    board = page.get_by_label("Board", exact=True)
    width = page.get_by_label("Tile width (mm)", exact=True)
    design = page.locator('.control[data-name="stones.design"] select')
    numbers = page.locator('.control[data-name="tile.numbers"] input')
    board.select_option("6p-hexagon-37")
    width.fill("85")
    design.select_option("pyramid")
    numbers.uncheck()
    page.wait_for_function(
        "() => document.querySelector('#bar-summary').textContent.startsWith('Test tile 85 mm')"
    )

    def kept(board_name):
        assert board.input_value() == board_name
        assert width.input_value() == "85"
        assert design.input_value() == "pyramid"
        assert not numbers.is_checked()

    page.reload()
    kept("6p-hexagon-37")
    page.wait_for_function(
        "() => document.querySelector('#preview-board').textContent.startsWith("
        "'Board 6p-hexagon-37:')"
    )
    # to the designer and back with its board: the other settings stay
    page.get_by_role("link", name="Board designer").click()
    page.wait_for_selector("#canvas svg")
    page.get_by_role("button", name="Use in the kit configurator").click()
    page.wait_for_url("**/#designer")
    kept("@designer")
    page.go_back()
    page.go_back()
    kept("@designer")
    page.get_by_role("button", name="Reset to defaults").click()
    assert board.input_value() == "3p-triangle-4"
    assert width.input_value() == "0.0" and design.input_value() == "disc" and numbers.is_checked()
    page.reload()
    assert board.input_value() == "3p-triangle-4" and width.input_value() == "0.0"


def test_download_the_kit_and_build_its_kit_file_with_the_cli(page, tmp_path):
    _open(page, "/")
    page.wait_for_selector("#tile-svg svg")
    page.get_by_label("Kit name", exact=True).fill("club")
    page.get_by_label("Tile width (mm)", exact=True).fill("90")
    page.wait_for_function(
        "() => document.querySelector('#tile-caption').textContent.includes('90')"
    )
    with page.expect_download(timeout=240_000) as kit_download:
        page.get_by_role("button", name="Download kit", exact=True).click()
    assert kit_download.value.suggested_filename == "club-kit.zip"
    files = _zip(kit_download.value.path().read_bytes())
    manifest = json.loads(files["manifest.json"])
    for entry in manifest["files"]:
        data = files[entry["path"]]
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
    assert set(files) == {e["path"] for e in manifest["files"]} | {"manifest.json", "kit.toml"}
    assert any(name.endswith(".3mf") for name in files)  # the default kit prints stones
    assert manifest["kit"]["tile"]["width"] == 90.0

    with page.expect_download() as file_download:
        page.get_by_role("button", name="Download kit file").click()
    # saved as the browser names it and built as its first lines say (it was named
    # club-kit.toml, and built so its README.txt and manifest were not the zip's)
    name = file_download.value.suggested_filename
    kit_text = file_download.value.path().read_bytes()
    assert kit_text == files["kit.toml"]
    assert f"# Build it with: fabgen build {name} --out output/" in kit_text.decode()
    (tmp_path / name).write_bytes(kit_text)
    subprocess.run(
        [sys.executable, "-m", "fabgen", "build", name, "--out", "out", "--quiet"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    built = {
        p.relative_to(tmp_path / "out").as_posix(): p.read_bytes()
        for p in (tmp_path / "out").rglob("*")
        if p.is_file()
    }
    assert built == {name: data for name, data in files.items() if name != "kit.toml"}


def _zip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


# ---- the board designer ------------------------------------------------------------------


def _codes(page) -> str:
    return page.locator("#findings").inner_text()


def _wait_tiles(page, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('#canvas').dataset.tiles === String(n) "
        "&& !document.body.dataset.busy",
        arg=n,
    )


def _idle(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def test_design_a_three_player_board_by_clicking(page, tmp_path):
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.get_by_role("button", name="New empty board").click()
    _wait_tiles(page, 1)
    # Six tiles around the first: five by clicking the dashed places, one from the
    # keyboard, and one typed into "Add tile".
    for n, coord in enumerate(["(1, 0)", "(0, 1)", "(-1, 1)", "(-1, 0)"], start=2):
        page.get_by_role("button", name=f"add tile {coord}").click()
        _wait_tiles(page, n)
    place = page.get_by_role("button", name="add tile (0, -1)")
    place.focus()
    page.keyboard.press("Enter")
    _wait_tiles(page, 6)
    page.get_by_label("Tile i", exact=True).fill("1")
    page.get_by_label("Tile j", exact=True).fill("-1")
    page.get_by_role("button", name="Add tile", exact=True).click()
    _wait_tiles(page, 7)

    for _ in range(3):
        page.get_by_role("button", name="Add seat").click()
        _idle(page)
    page.locator("#findings").filter(has_text="player-without-stones").wait_for()

    page.get_by_label("place the seat's start tile").check()
    seat = page.get_by_label("Seat", exact=True)
    for k, coord in enumerate(["(1, 0)", "(-1, 1)", "(0, -1)"]):
        seat.select_option(str(k))
        page.locator(f'#canvas polygon.tile[aria-label$="{coord}"]').click()
        _idle(page)
    page.wait_for_function(
        "() => !document.querySelector('#findings').textContent.includes('player-without-stones')"
    )
    assert "error" not in [li.get_attribute("class") for li in page.locator("#findings li").all()]
    assert "120°" in page.locator("#summary-seat-rotation").inner_text()

    # Undo brings the finding back, redo takes it away again.
    page.get_by_role("button", name="Undo").click()
    page.locator("#findings").filter(has_text="player-without-stones").wait_for()
    page.get_by_role("button", name="Redo").click()
    page.wait_for_function(
        "() => !document.querySelector('#findings').textContent.includes('player-without-stones')"
    )
    page.get_by_role("button", name="Validate").click()
    page.locator("#status").filter(has_text="Checked: 0 errors").wait_for()

    with page.expect_download() as download:
        page.get_by_role("button", name="Download board file").click()
    assert download.value.suggested_filename == "my-board.toml"
    path = tmp_path / "my-board.toml"
    path.write_bytes(download.value.path().read_bytes())
    result = subprocess.run(
        [sys.executable, "-m", "fabgen", "validate", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 players, 7 tiles" in result.stdout

    # The setup diagram for stones with symbols: each seat's stones carry its symbol (the
    # download had none), as fabgen layout --seat-symbols draws them
    from fabgen.board.files import read_board
    from fabgen.draw.board_parts import print_seat_colour
    from tests.products.test_layout import _marks_on_stones

    page.get_by_label("Seat symbols on the stones").check()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download setup diagram (SVG)").click()
    marks = _marks_on_stones(download.value.path().read_bytes())
    board = read_board(path)
    # (seat 1 a ring, 2 a bar, 3 a triangle: on the 7 stones of its start tile and on
    # its swatch in the legend)
    for k, mark in enumerate([["ring"], [4], [3]]):
        assert marks[print_seat_colour(board, k)] == [mark] * 8, k


def test_removing_a_tile_under_a_start_gives_a_finding(page):
    _open(page, "/board")
    page.get_by_label("Preset board", exact=True).select_option("3p-triangle-4")
    page.get_by_role("button", name="Load preset").click()
    page.wait_for_function(
        "() => document.querySelector('#summary-board')?.textContent.includes('3p-triangle-4')"
    )
    _idle(page)  # (the page opens on 3p-triangle-4: its summary is no sign of this load)
    assert page.locator("#canvas polygon.tile").count() == 10
    assert "error" not in _codes(page)
    i, j = page.evaluate(
        "() => JSON.parse(localStorage.getItem('fabgen-designer-board')).players[0].start"
    )
    page.locator(f'#canvas polygon.tile[aria-label$="({i}, {j})"]').click()
    _wait_tiles(page, 9)
    page.locator("#findings").filter(has_text="stack-off-board").wait_for()


def test_a_hostile_upload_gets_a_clear_message(page, tmp_path):
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    bad = tmp_path / "board.toml"
    bad.write_text('[board]\nname = "x"\ntiles = [[0, 0]]\n[[players]]\nstart = "everywhere"\n')
    page.get_by_label("Board file or transcript").set_input_files(str(bad))
    status = page.locator("#status")
    status.filter(has_text="players[0].start").wait_for()
    assert "expected tile coordinates" in status.inner_text()
    assert "Traceback" not in page.content()
    binary = tmp_path / "photo.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    page.get_by_label("Board file or transcript").set_input_files(str(binary))
    status.filter(has_text="not UTF-8").wait_for()


# ---- the rules viewer --------------------------------------------------------------------


def _moves_in_the_viewer(page, moves: str) -> None:
    """Type ``moves`` for Red at the start of 3p-triangle-4 in the rules viewer and play
    them."""
    _open(page, "/rules")
    page.get_by_label("or the start of a preset board").select_option("3p-triangle-4")
    page.wait_for_selector("#step-svg svg")
    page.get_by_label("Moves for the player to move").fill(moves)
    page.get_by_role("button", name="Play these moves").click()


def test_play_a_turn_in_the_rules_viewer(page):
    _moves_in_the_viewer(page, "zz1-zz2")
    page.locator("#status").filter(has_text="zz1").wait_for()
    # a pass: the turn still has its steps (start, growth)
    page.get_by_label("Moves for the player to move").fill("")
    page.get_by_role("button", name="Play these moves").click()
    page.wait_for_function("() => Number(document.querySelector('#step').max) >= 1")
    # its growth step, shown first: no growing field at the start, so nothing grows
    assert page.locator("#step-title").inner_text().endswith("growth: no growing fields")
    assert page.locator("#step-key").inner_text().startswith("No field grows: ")
    page.get_by_role("button", name="Previous step").click()
    assert re.match(r"Step \d+\. ", page.locator("#step-title").inner_text())


def test_the_rules_viewer_says_a_minus_sign_in_words(page):
    # A screen reader at its usual setting leaves the minus out as punctuation: "-e1"
    # was read as "e1", another field (common.js sayNames, as the play page and the
    # designer say it).
    _moves_in_the_viewer(page, "-e1--e0")
    # its growth step, shown first, says which field was a stone short of exploding
    calm = page.locator("#step-calm")
    calm.filter(has_text="one stone short").wait_for()
    calm.locator(".field-name[data-said]").first.wait_for()
    shown, spoken = calm.inner_text(), calm.aria_snapshot()
    assert "-e0 2 of 3" in shown and "minus" not in shown
    assert "minus e0 2 of 3" in spoken and "-e0" not in spoken


# ---- narrow windows ----------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/board", "/rules"])
def test_pages_fit_a_narrow_window(page, path):
    page.set_viewport_size({"width": 380, "height": 800})
    _open(page, path)
    if path == "/rules":
        page.get_by_label("or the start of a preset board").select_option("6p-hexagon-37")
    page.wait_for_selector("#main svg")  # the preview, the board or the step is shown
    page.wait_for_load_state("networkidle")
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1


def test_a_narrow_window_keeps_the_kit_preview_in_reach(page):
    # On a phone-sized window the preview sits below a long form: a bar at the bottom of
    # the window sums it up as it changes, and one link leads to it and one link back.
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 400, "height": 800})
    _open(page, "/")
    page.wait_for_selector("#sheet-svg svg")
    width = page.get_by_label("Tile width (mm)", exact=True)
    width.fill("95")
    summary = page.get_by_role("region", name="Preview summary")
    expect(summary).to_contain_text("Test tile 95 mm across")
    expect(summary).to_contain_text("tile sheet")  # the full answer, sheets included
    sheets = re.search(r"(\d+) tile sheets?\.", summary.inner_text()).group(1)
    expect(page.locator("#sheet-caption")).to_have_text(f"Tile sheet 1 of {sheets}")
    expect(summary).to_be_in_viewport()
    # the field being typed in is not hidden under the bar, nor is its focus ring
    ring = width.evaluate(
        "e => { const s = getComputedStyle(e);"
        " return parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset); }"
    )
    assert ring >= 3  # focused, the ring showing
    field, bar = width.bounding_box(), summary.bounding_box()
    assert field["y"] + field["height"] + ring <= bar["y"]
    expect(page.locator("#preview-title")).not_to_be_in_viewport()
    page.get_by_role("link", name="Show preview").click()
    expect(page.locator("#preview-title")).to_be_in_viewport()
    expect(page.locator("#preview-title")).to_be_focused()
    expect(page.locator("#tile-caption")).to_contain_text("95 mm across")
    page.get_by_role("link", name="Back to “Tile width (mm)”").click()
    expect(width).to_be_focused()
    expect(width).to_be_in_viewport()
    # by keyboard: the links are links, Enter follows them
    page.get_by_role("link", name="Show preview").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#preview-title")).to_be_focused()
    expect(page.locator("#preview-title")).to_be_in_viewport()
    # A line of the bill of materials too long for the window goes on under its value;
    # it went on at the left edge, under the lines' names ("mm" and "with" stood there).
    bom = page.locator("#bom")
    expect(bom).to_contain_text("95 mm across the flats")
    lines = bom.evaluate(  # each line's rows on the screen: where the first text starts
        """e => [...e.querySelectorAll('.bom-line')].map(line => {
          const range = document.createRange();
          range.selectNodeContents(line);
          const rows = {};
          for (const r of range.getClientRects()) {
            const top = Math.round(r.top);
            rows[top] = Math.min(rows[top] ?? Infinity, r.left);
          }
          return Object.keys(rows).map(Number).sort((a, b) => a - b).map(t => rows[t]);
        })"""
    )
    assert len(lines) == len(bom.inner_text().strip("\n").split("\n"))
    wrapped = [rows for rows in lines if len(rows) > 1]
    assert len(wrapped) > 3  # (400 px: most lines wrap)
    indents = {round(left - rows[0]) for rows in wrapped for left in rows[1:]}
    assert len(indents) == 1 and indents.pop() > 100, lines  # one value column, 21 ch in


@pytest.mark.parametrize("path", ["/", "/board", "/rules"])
def test_pages_are_set_in_the_fonts_they_serve(page, path):
    # Not in whatever fonts this computer has: every machine lays the pages out alike.
    _open(page, path)
    loaded = page.evaluate(
        "[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family + ' ' + f.weight)"
    )
    assert {"fabgen Sans 400", "fabgen Sans 700"} <= set(loaded)  # text and headings
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith('"fabgen Sans"')
    code = page.evaluate(
        "() => { const c = document.body.appendChild(document.createElement('code'));"
        " const family = getComputedStyle(c).fontFamily; c.remove(); return family; }"
    )
    assert code.startswith('"fabgen Mono"')


def test_the_preview_bar_is_for_narrow_windows_only(page):
    _open(page, "/")
    page.wait_for_selector("#sheet-svg svg")
    assert not page.get_by_role("region", name="Preview summary").is_visible()
    assert not page.get_by_role("link", name="Show preview").is_visible()


def test_a_machine_seat_with_a_stack_on_a_field(page):
    _open(page, "/board")
    page.get_by_label("Preset board", exact=True).select_option("3p-triangle-4")
    page.get_by_role("button", name="Load preset").click()
    page.wait_for_function(
        "() => document.querySelector('#summary-board')?.textContent.includes('3 seats')"
    )
    _idle(page)  # (the page opens on 3p-triangle-4, of 3 seats too)
    page.get_by_role("button", name="Add seat").click()
    page.wait_for_function(
        "() => document.querySelector('#summary-board').textContent.includes('4 seats')"
    )
    page.locator("#findings").filter(has_text="player-without-stones").wait_for()
    page.get_by_label("Seat", exact=True).select_option("3")
    page.get_by_label("Seat kind", exact=True).select_option("machine")
    page.locator("#seat").filter(has_text="(machine)").wait_for()
    page.get_by_label("put stones on a field").check()
    page.get_by_label("Stones per field", exact=True).fill("3")
    state = page.evaluate("() => JSON.parse(localStorage.getItem('fabgen-designer-board'))")
    assert state["players"][3]["kind"] == "machine"
    # b2: the board's centre, the middle of tile 5 (the validator's symmetry note says so);
    # the start tiles are in the corners
    name = "b2"
    assert "field b2" in page.locator("#findings").inner_text()
    page.locator(f'#canvas circle.field[aria-label="field {name}"]').click()
    _idle(page)
    page.wait_for_function(
        "() => !document.querySelector('#findings').textContent.includes('player-without-stones')"
    )
    assert "field-shared" not in page.locator("#findings").inner_text()
    assert page.locator("#canvas svg text", has_text="M3").count() == 1
    state = page.evaluate("() => JSON.parse(localStorage.getItem('fabgen-designer-board'))")
    assert state["players"][3]["stacks"] == {name: 3}


def test_step_through_an_uploaded_game(page, tmp_path):
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import Turn, play_turn

    text = board_transcript_text(load_preset("3p-triangle-4"))
    game, position, turns = json.loads(text), parse_transcript(text).position, []
    for _ in range(2):  # two turns, each the first legal move
        moves = Turn(position).legal_moves()[:1]
        turns.append([[field_name(m.source), field_name(m.destination)] for m in moves])
        position, _ = play_turn(position, moves)
    game["turns"] = turns
    path = tmp_path / "club game.json"
    path.write_text(json.dumps(game))

    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    info = page.locator("#turn-info")
    info.filter(has_text="turn 1 of the 2 in the file").wait_for()
    assert info.inner_text().startswith("club game.json, ")  # as the user named it
    first_move = move_text(*turns[0][0])
    page.get_by_role("button", name="Next step").click()
    assert first_move in page.locator("#step-title").inner_text()
    page.get_by_role("button", name="Next turn").click()
    info.filter(has_text="turn 2 of the 2").wait_for()
    page.get_by_role("button", name="Next turn").click()
    info.filter(has_text="after the 2 turns of the file").wait_for()


ENDS = """() => Object.fromEntries(['prev-step', 'next-step', 'prev-turn', 'next-turn']
  .map(id => [id, document.getElementById(id).getAttribute('aria-disabled') === 'true']))"""


def test_the_rules_viewer_s_step_and_turn_buttons_say_where_an_end_is(page, tmp_path):
    # At the first step and turn, the last step and the next turn, and with nothing
    # loaded, they stayed as if live and did nothing without a word.
    _open(page, "/rules")
    assert page.evaluate(ENDS) == dict.fromkeys(
        ["prev-step", "next-step", "prev-turn", "next-turn"], True
    )
    page.get_by_label("Transcript", exact=True).set_input_files(
        str(_game_file(tmp_path, "3p-triangle-4", 2))
    )
    info = page.locator("#turn-info")
    info.filter(has_text="turn 1 of the 2 in the file").wait_for()
    assert page.evaluate(ENDS) == {
        "prev-step": True,
        "next-step": False,
        "prev-turn": True,
        "next-turn": False,
    }
    last = page.evaluate("() => document.getElementById('step').max")
    for _ in range(int(last)):
        page.get_by_role("button", name="Next step").click()
    page.wait_for_function(f"() => document.getElementById('step').value === '{last}'")
    ends = page.evaluate(ENDS)
    assert ends["next-step"] and not ends["prev-step"]
    assert page.evaluate("() => document.activeElement.id") == "next-step"  # (focus kept)
    page.get_by_label("Turn (1 = the first)").fill("3")
    page.get_by_label("Turn (1 = the first)").press("Enter")
    info.filter(has_text="after the 2 turns of the file").wait_for()
    ends = page.evaluate(ENDS)
    assert ends["next-turn"] and not ends["prev-turn"]


def _game_file(tmp_path, preset: str, n: int, name: str = "game.json"):
    """A transcript of ``n`` turns of ``preset``, each the first legal move."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import Turn, play_turn

    text = board_transcript_text(load_preset(preset))
    game, position, turns = json.loads(text), parse_transcript(text).position, []
    for _ in range(n):
        moves = Turn(position).legal_moves()[:1]
        turns.append([[field_name(m.source), field_name(m.destination)] for m in moves])
        position, _ = play_turn(position, moves)
    game["turns"] = turns
    path = tmp_path / name
    path.write_text(json.dumps(game))
    return path


# Requests for this turn take longer than the others (the server answers them in any
# order): the answers arrive in the other order. window.slowAnswers counts the answers
# for it the page has read and acted on (kept or dropped), so a test waits for them.
SLOW_TURN = """turn => {
  const fetch = window.fetch;
  window.slowAnswers = 0;
  window.fetch = (url, options) => {
    const body = options && options.body ? JSON.parse(options.body) : {};
    if (body.turn !== turn) return fetch(url, options);
    return new Promise((r) => setTimeout(r, 800)).then(() => fetch(url, options)).then((r) => {
      const json = r.json.bind(r);
      // (counted a task later: after the page's own promise callbacks on the answer)
      r.json = () => json().then((d) => {
        setTimeout(() => { window.slowAnswers += 1; });
        return d;
      });
      return r;
    });
  };
}"""


def test_the_rules_viewer_shows_the_turn_asked_for_last(page, tmp_path):
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(
        str(_game_file(tmp_path, "3p-triangle-4", 30))
    )
    info = page.locator("#turn-info")
    info.filter(has_text="turn 1 of the 30 in the file").wait_for()
    page.evaluate(SLOW_TURN, 24)  # (the server's turn counts from 0: the box's 25)
    box = page.get_by_label("Turn (1 = the first)")
    box.fill("25")  # no Enter: Next turn takes the box's turn on
    page.get_by_role("button", name="Next turn").click()
    info.filter(has_text="turn 26 of the 30").wait_for()
    page.wait_for_function("() => window.slowAnswers === 1")  # 25's came, was dropped
    assert box.input_value() == "26"
    assert "turn 26 of the 30" in info.inner_text()
    # Next step while a turn is on its way: a step of that turn
    box.fill("25")
    page.get_by_role("button", name="Next step").click()
    info.filter(has_text="turn 25 of the 30").wait_for()
    page.wait_for_function("() => document.querySelector('#step').value === '1'")
    page.wait_for_timeout(300)
    assert page.locator("#step").input_value() == "1"


def test_a_file_the_rules_viewer_cannot_read_leaves_the_game_before_it(page, tmp_path):
    _open(page, "/rules")
    upload = page.get_by_label("Transcript", exact=True)
    upload.set_input_files(str(_game_file(tmp_path, "3p-triangle-4", 30)))
    info = page.locator("#turn-info")
    info.filter(has_text="turn 1 of the 30 in the file").wait_for()
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "atlantis transcript", "segm')
    upload.set_input_files(str(broken))
    status = page.locator("#status")
    status.filter(has_text="The game shown before stays loaded.").wait_for()
    page.get_by_role("button", name="Next turn").click()
    info.filter(has_text="turn 2 of the 30 in the file").wait_for()
    assert status.inner_text() == ""  # the turn came: no error left standing


# ---- seat kinds ----------------------------------------------------------------------------


def _machine_presets() -> list[str]:
    from fabgen.board.files import load_preset, preset_names
    from fabgen.board.model import SeatKind

    return [
        n for n in preset_names() if any(s.kind != SeatKind.PLAYER for s in load_preset(n).seats)
    ]


def _load_preset(page, name: str) -> None:
    page.get_by_label("Preset board", exact=True).select_option(name)
    page.get_by_role("button", name="Load preset").click()
    page.wait_for_function(
        "name => document.querySelector('#summary-board')?.textContent.startsWith(name + ':')",
        arg=name,
    )
    _idle(page)


def test_play_this_board_plays_the_board_of_its_own_window(page):
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    other = page.context.new_page()  # a second designer window, its board saved last
    other.base = page.base
    _open(other, "/board")
    _load_preset(other, "2p-diamond-4")
    page.get_by_role("link", name="Play this board").click()
    page.wait_for_url("**/play#designer")
    page.locator('#seat-list[data-board="designer"] #seat-2').wait_for()
    assert page.locator("#seat-list select").count() == 3  # not the 2 of 2p-diamond-4
    # the other window's changes (it saves its board on each) do not reach this game
    other.get_by_role("button", name="Add seat").click()
    other.wait_for_function(
        "() => document.querySelector('#summary-board').textContent.includes('3 seats')"
    )
    assert page.evaluate("() => designerBoard().board.name") == "3p-triangle-4"
    other.close()


def test_a_game_started_from_the_designer_stays_on_reload_back_and_forward(page):
    # Play this board opens /play#designer, which chooses the designer's board for a
    # new game: a reload of it after Start game showed that form, not the game (and
    # so did Back and then Forward).
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    page.get_by_role("link", name="Play this board").click()
    page.wait_for_url("**/play#designer")
    page.locator('#seat-list[data-board="designer"] #seat-2').wait_for()
    page.get_by_role("button", name="Start game").click()
    # the chosen board is pictured before Start game, so "#board svg" is no sign that
    # the game has started: wait for the game itself
    game_id = page.wait_for_function("() => game && game.id").json_value()
    assert page.url == page.base + "/play"
    for go in (page.reload, page.go_back, page.go_forward):
        go()
        if go == page.go_back:
            page.wait_for_url("**/board")
            continue
        page.wait_for_function(
            "id => typeof game !== 'undefined' && game && game.id === id", arg=game_id
        )
        assert page.locator("#new-game").is_hidden()


def test_a_board_with_errors_is_not_played(page):
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    page.get_by_role("button", name="Add seat").click()  # a seat without a start
    page.locator("#summary-checks").filter(has_text="1 error,").wait_for()
    page.get_by_role("link", name="Play this board").click()
    page.locator("#status").filter(has_text="Not played: the board has 1 error").wait_for()
    assert page.url.endswith("/board")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_refused_change_is_said_where_it_is_seen_and_goes_with_the_next(page, size):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": size[0], "height": size[1]})
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    page.get_by_label("Seat", exact=True).select_option("2")
    # a machine never moves: a start tile of single stones is refused for it
    page.get_by_label("Seat kind", exact=True).select_option("machine")
    status = page.locator("#status")
    status.filter(has_text="Not changed:").wait_for()
    expect(status).to_be_in_viewport()
    assert status.bounding_box()["y"] + status.bounding_box()["height"] <= size[1]
    page.get_by_label("put stones on a field").check()
    page.locator('#canvas circle.field[data-field="b2"]').click()
    expect(status).to_have_text("Seat 3: 6 stones on b2.")


def test_a_preset_slower_than_a_later_change_comes_before_it(page):
    # A preset whose answer came after that of a change made later replaced the board
    # and the change's message ("Not changed: ..." went as it was shown); answers now
    # apply in the order they were asked for.
    from playwright.sync_api import expect

    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    held = []
    page.route("**/api/board/preset/**", lambda route: held.append(route))
    page.get_by_role("button", name="Load preset").click()
    while not held:
        page.wait_for_timeout(20)
    page.get_by_label("Seat", exact=True).select_option("2")
    # refused: a start tile of single stones for a machine, which never moves
    page.get_by_label("Seat kind", exact=True).select_option("machine")
    page.wait_for_timeout(300)  # the change's answer, had it been asked for, has come
    held[0].continue_()
    page.unroute("**/api/board/preset/**")
    status = page.locator("#status")
    status.filter(has_text="Not changed:").wait_for()
    _idle(page)
    expect(status).to_contain_text("Not changed:")
    assert page.get_by_label("Seat kind", exact=True).input_value() == "player"


def _hold_changes(page) -> list:
    """Hold back the answers to the designer's changes (until :func:`_let_go`): the
    routes held, in order."""
    held: list = []

    def hold(route):
        if held and held[0] == "let go":
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/board/view", hold)
    return held


def _let_go(page, held: list) -> None:
    while not held:
        page.wait_for_timeout(20)
    page.wait_for_timeout(300)  # an action not waiting for the change has acted by now
    routes = held[:]
    held[:] = ["let go"]
    for route in routes:
        route.continue_()


def test_a_download_waits_for_the_changes_before_it(page, tmp_path):
    # The download sent the board as it was when clicked: a seat added just before,
    # its answer still on its way, was not in the board file.
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    held = _hold_changes(page)
    page.get_by_role("button", name="Add seat").click()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download board file").click()
        _let_go(page, held)
    data = tomllib.loads(download.value.path().read_text())
    assert len(data["players"]) == 4
    page.locator("#status").filter(has_text="Downloaded").wait_for()


def test_use_in_kit_waits_for_the_changes_before_it(page):
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    held = _hold_changes(page)
    page.get_by_role("button", name="Add seat").click()
    page.get_by_role("button", name="Use in the kit configurator").click()
    _let_go(page, held)
    page.wait_for_url("**/#designer")
    saved = json.loads(page.evaluate("() => localStorage.getItem('fabgen-designer-board')"))
    assert len(saved["players"]) == 4


def test_a_field_click_waits_for_the_seat_added_before_it(page):
    # On a board without seats a field clicked while "Add seat" was on its way was
    # refused at once: "Add a seat first."
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.get_by_role("button", name="New empty board").click()
    _wait_tiles(page, 1)
    page.get_by_label("put stones on a field").check()
    held = _hold_changes(page)
    page.get_by_role("button", name="Add seat").click()
    field = page.locator("#canvas circle.hit.field").first
    name = field.get_attribute("data-field")
    field.click()
    _let_go(page, held)
    page.locator("#status").filter(has_text=f"Seat 1: 6 stones on {name}.").wait_for()
    _idle(page)
    assert page.evaluate("() => state.players[0].stacks") == {name: 6}


def test_on_a_phone_the_designer_zooms_so_fields_can_be_tapped(page):
    page.set_viewport_size({"width": 390, "height": 844})
    _open(page, "/board")
    _load_preset(page, "6p-hexagon-37")
    page.get_by_label("put stones on a field").check()  # field targets show with this tool
    field = page.locator("#canvas circle.hit.field").first
    before = field.bounding_box()["width"]
    for _ in range(3):
        page.get_by_role("button", name="Zoom in").click()
    wider = field.bounding_box()["width"]
    assert wider >= 3.0 * before and wider >= 40  # a finger's width
    field.scroll_into_view_if_needed()
    field.click()  # still a target: the click reaches the field
    _idle(page)
    for _ in range(4):
        page.get_by_role("button", name="Zoom out").click()
    assert abs(field.bounding_box()["width"] - before) < 0.5
    # a change re-draws the board at the zoom chosen
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Add seat").click()
    _idle(page)
    assert page.locator("#canvas circle.hit.field").first.bounding_box()["width"] > 1.4 * before


def test_a_refused_value_goes_back_to_the_boards_own(page):
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    status = page.locator("#status")
    page.get_by_label("Seat", exact=True).select_option("2")
    kind = page.get_by_label("Seat kind", exact=True)
    kind.select_option("machine")
    status.filter(has_text="Not changed:").wait_for()
    _idle(page)
    assert kind.input_value() == "player"
    name = page.get_by_label("Board name", exact=True)
    name.fill("")
    name.press("Enter")
    name.blur()
    # (the kind's refusal is "Not changed:" too: wait for the name's own)
    status.filter(has_text="Not changed: the board name:").wait_for()
    _idle(page)
    assert name.input_value() == "3p-triangle-4"
    # no stones, or none typed: said, not one stone placed
    page.get_by_label("put stones on a field").check()
    stones = page.get_by_label("Stones per field", exact=True)
    before = page.evaluate("() => localStorage.getItem('fabgen-designer-board')")
    for typed, said in (("0", '"0"'), ("", "nothing")):
        stones.fill(typed)
        page.locator('#canvas circle.field[data-field="b2"]').click()
        status.filter(has_text=f"at least 1, got {said}").wait_for()
    assert page.evaluate("() => localStorage.getItem('fabgen-designer-board')") == before


def test_machine_presets_show_their_seat_kinds(page):
    from fabgen.board.files import load_preset

    names = _machine_presets()
    assert len(names) >= 4  # the presets with machines (and the 5-player dummy)
    _open(page, "/board")
    seat, kind = page.get_by_label("Seat", exact=True), page.get_by_label("Seat kind", exact=True)
    for name in names:
        _load_preset(page, name)
        kinds = [s.kind.value for s in load_preset(name).seats]
        options = seat.locator("option").all_inner_texts()
        assert [o.rsplit("(", 1)[1].rstrip(")") for o in options] == kinds, name
        for k, expected in enumerate(kinds):
            seat.select_option(str(k))
            assert kind.input_value() == expected, (name, k)


def test_the_designers_board_is_a_group_of_named_places(page):
    """The board was an image named "picture" (a screen reader skips what is in an
    image) and its fields were named without their stones; the seat list wrote each
    seat in its colour (yellow on white: contrast 1.7)."""
    _open(page, "/board")
    _load_preset(page, "3p-triangle-4")
    svg = page.locator("#canvas svg")
    assert svg.get_attribute("role") == "group"
    assert "board" in svg.get_attribute("aria-label")
    page.get_by_label("put stones on a field").check()  # the fields are the places to click
    # a minus sign in words, as on the play page: a reader left it out ("field d1")
    assert page.get_by_role("button", name="field minus d1: 1 stone of Red").count() == 1
    assert page.get_by_role("button", name="field b2", exact=True).count() == 1
    colours = page.locator("#seat option").evaluate_all("all => all.map(o => o.style.color)")
    assert colours == ["", "", ""]


def test_the_kits_pictures_are_named_by_their_captions(page):
    """A screen reader read the test tile, the tile sheet and the setup diagram each as
    "picture": they are named by their figures' captions."""
    _open(page, "/")
    for box in ("tile-svg", "sheet-svg", "setup-svg"):
        page.locator(f"#{box} svg").wait_for()
    names = [
        page.get_by_role("img")
        .nth(k)
        .evaluate("svg => document.getElementById(svg.getAttribute('aria-labelledby')).textContent")
        for k in range(3)
    ]
    assert names[0].startswith("Test tile") and names[2] == "Setup diagram", names
    assert names[1].startswith("Tile sheet"), names
    assert page.get_by_role("img", name="picture").count() == 0


@pytest.mark.parametrize("path", ["/", "/board", "/rules", "/play"])
def test_the_keyboards_focus_stands_out_on_the_page(page, path):
    """The focus ring was light orange, 2:1 on the page's background, where a focus
    indicator needs 3:1 (WCAG 2, non-text contrast) to be found by people who see less."""
    from fabgen.draw.board_parts import contrast

    _open(page, path)
    page.locator("body").focus()
    page.keyboard.press("Tab")  # the first link of the page's navigation
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " const page = getComputedStyle(document.body).backgroundColor;"
        " return [s.outlineStyle, s.outlineColor, page]; }"
    )

    def hex_of(rgb: str) -> str:
        return "#" + "".join(f"{int(c):02x}" for c in rgb[rgb.index("(") + 1 : -1].split(","))

    assert ring[0] == "solid"
    assert contrast(hex_of(ring[1]), hex_of(ring[2])) >= 3.0, ring


def test_change_a_seat_kind_and_download_the_board(page, tmp_path):
    from fabgen.board.files import load_preset, read_board

    name = "2p-diamond-5-machines"
    _open(page, "/board")
    _load_preset(page, name)
    findings = page.locator("#findings")
    findings.filter(has_text="seat-rotation").wait_for()
    assert "no-seat-rotation" not in findings.inner_text()
    assert "180°, person to person" in page.locator("#summary-seat-rotation").inner_text()
    # Machine A becomes a person: the half turn no longer maps seats of one kind onto
    # each other, and the validator says so.
    page.get_by_label("Seat", exact=True).select_option("1")
    page.get_by_label("Seat kind", exact=True).select_option("player")
    findings.filter(has_text="no-seat-rotation").wait_for()
    assert "none maps every person" in page.locator("#summary-seat-rotation").inner_text()
    # ... and back to a machine, and one of them an extreme machine
    page.get_by_label("Seat kind", exact=True).select_option("machine")
    page.wait_for_function(
        "() => !document.querySelector('#findings').textContent.includes('no-seat-rotation')"
    )
    page.get_by_label("Seat", exact=True).select_option("3")
    page.get_by_label("Seat kind", exact=True).select_option("extreme-machine")
    page.locator("#seat").filter(has_text="(extreme-machine)").wait_for()
    _idle(page)

    with page.expect_download() as download:
        page.get_by_role("button", name="Download board file").click()
    path = tmp_path / download.value.suggested_filename
    path.write_bytes(download.value.path().read_bytes())
    kinds = [s.kind.value for s in read_board(path).seats]
    assert kinds == ["player", "machine", "player", "extreme-machine"]
    assert [s.kind.value for s in load_preset(name).seats][:3] == kinds[:3]
    result = subprocess.run(
        [sys.executable, "-m", "fabgen", "validate", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _game_past_its_end_online(tmp_path):
    """A game of 2p-diamond-4 played under the 1995 rules (which it names) one turn past
    the turn after which the online rules end it: legal under 1995 only."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.scoring import game_over
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import Turn, play_turn

    text = board_transcript_text(load_preset("2p-diamond-4"))
    game, position, turns = json.loads(text), parse_transcript(text).position, []
    while not turns or not game_over(turns[-1][1], "online"):
        moves = Turn(position, "1995").legal_moves()[:1]
        position, _ = play_turn(position, moves, "1995")
        turns.append(([[field_name(m.source), field_name(m.destination)] for m in moves], position))
    assert not game_over(position, "1995")
    moves = Turn(position, "1995").legal_moves()[:1]
    turns.append(([[field_name(m.source), field_name(m.destination)] for m in moves], None))
    game["turns"], game["variant"] = [t for t, _ in turns], "1995"
    path = tmp_path / "long-game.json"
    path.write_text(json.dumps(game))
    return path, len(turns)


def test_a_variant_the_game_is_illegal_under_leaves_the_list_as_the_board(page, tmp_path):
    # The viewer said the game had an illegal move under the variant chosen, and the
    # list stayed on it while the board showed the game under the variant before.
    path, count = _game_past_its_end_online(tmp_path)
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    info = page.locator("#turn-info")
    info.filter(has_text=f"turn 1 of the {count} in the file").wait_for()
    variant = page.get_by_label("Rule variant")
    assert variant.input_value() == "1995"
    page.get_by_label("Turn (1 = the first)").fill(str(count))
    page.get_by_label("Turn (1 = the first)").press("Enter")
    info.filter(has_text=f"turn {count} of the {count}").wait_for()
    shown = page.locator("#step-svg").inner_html()
    variant.select_option("online")
    status = page.locator("#status")
    status.filter(has_text="illegal move").wait_for()
    assert variant.input_value() == "1995"
    assert status.inner_text().endswith("The game is shown under 1995, as before.")
    assert page.locator("#step-svg").inner_html() == shown
    page.get_by_role("button", name="Previous turn").click()  # under 1995 still
    info.filter(has_text=f"turn {count - 1} of the {count}").wait_for()
    assert status.inner_text() == ""


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_an_explosion_step_says_where_the_stones_go(page, tmp_path, width):
    # The viewer showed "c3 explodes (live -> growing): 7 stones, 6 live neighbours" and
    # not where they went, which fabgen rules turn says on the line after it.
    from fabgen.web.viewer import turn_view

    path = _game_file(tmp_path, "3p-triangle-4", 30)
    text = path.read_text()
    turn, step = next(
        (t, k)
        for t in range(30)
        for k, s in enumerate(turn_view(text, t)["steps"])
        if len(s["effects"]) > 1 and s["effects"][0]
    )
    effects = turn_view(text, turn)["steps"][step]["effects"]
    assert effects[0].startswith("one stone")
    page.set_viewport_size({"width": width, "height": 844})
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    info = page.locator("#turn-info")
    info.filter(has_text="turn 1 of the 30 in the file").wait_for()
    page.get_by_label("Turn (1 = the first)").fill(str(turn + 1))
    page.get_by_label("Turn (1 = the first)").press("Enter")
    info.filter(has_text=f"turn {turn + 1} of the 30").wait_for()
    for _ in range(step):
        page.get_by_role("button", name="Next step").click()
    page.locator("#step-title").filter(has_text="explosion wave").wait_for()
    lines = page.locator("#step-details > li")
    assert lines.count() == len(effects)
    for k, effect in enumerate(effects):
        assert lines.nth(k).locator(".effect").inner_text() == effect
    # on a phone each line wraps within the window, never inside a field's name
    fits = page.evaluate(
        """() => {
        const width = document.documentElement.clientWidth;
        const names = [...document.querySelectorAll('#step-details .effect .field-name')];
        return [document.documentElement.scrollWidth <= width,
                names.every((n) => n.getClientRects().length === 1
                                   && n.getBoundingClientRect().right <= width)];
    }"""
    )
    assert fits == [True, True]
    # a field and its bracket stay on one line: "d6 (was empty, now" / "1B)" did not
    assert _lines_split_inside_brackets(page, "#step-details .effect") == []


def _lines_split_inside_brackets(page, selector: str) -> list[str]:
    """Each "field (bracket)" in the elements found that spans two lines, at widths
    from 120 px to 300 px."""
    return page.evaluate(
        """selector => {
        const out = [];
        for (const element of document.querySelectorAll(selector)) {
          const kept = element.style.width;
          for (let width = 120; width <= 300; width += 6) {
            element.style.width = width + 'px';
            const nodes = [];
            const walk = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) nodes.push(walk.currentNode);
            const at = (i) => {
              for (const n of nodes) {
                if (i <= n.length) return [n, i];
                i -= n.length;
              }
            };
            const text = element.textContent;
            for (const match of text.matchAll(/[^\\s,()]+ \\([^()]*\\)/g)) {
              const range = document.createRange();
              range.setStart(...at(match.index));
              range.setEnd(...at(match.index + match[0].length));
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) out.push(width + ': ' + match[0]);
            }
          }
          element.style.width = kept;
        }
        return out;
    }""",
        selector,
    )


def test_the_designer_says_what_it_took_of_a_game_with_an_illegal_move(page, tmp_path):
    # It took the board of the game's start and said "Loaded club.json." alone, where
    # the play page and the rules viewer refuse the same file.
    from tests.web.test_uploads import _illegal_game

    path = tmp_path / "club.json"
    path.write_text(json.dumps(_illegal_game()))
    _open(page, "/board")
    page.wait_for_selector("#canvas svg")
    page.get_by_label("Board file or transcript").set_input_files(str(path))
    status = page.locator("#status")
    status.filter(has_text="Loaded club.json").wait_for()
    assert status.inner_text() == (
        "Loaded club.json: the board as its game starts, without its 3 turns, which a board "
        "does not have (the game has an illegal move at turn 3 (counting from 1), seat 3 "
        "(Green), move f7-g7: f7 holds no stones (rule no-stones: a move needs stones on its "
        "starting field), so the play page and the rules viewer refuse it)."
    )
    _wait_tiles(page, 10)  # the board is taken (3p-triangle-4)
    # a game that replays: what was taken, without a word of refusal
    path.write_text(_game_file(tmp_path, "3p-triangle-4", 2, "other.json").read_text())
    page.get_by_label("Board file or transcript").set_input_files(str(path))
    status.filter(has_text="2 turns").wait_for()
    assert status.inner_text() == (
        "Loaded club.json: the board as its game starts, without its 2 turns, which a board "
        "does not have."
    )
