"""What a walk through the designer, the rules viewer and the kit configurator in
chromium found, as a maker and a player use them (docs/web.md, *The kit, the designer and
the rules viewer*): a machine's start tile taken away again, a broken ``.json`` file said
as ``fabgen validate`` says it, a mistyped simulate player marked while the games are
too many for the browser, and the rules viewer's boxes naming what it shows."""

from __future__ import annotations

import copy
import io
import json

import pytest

from fabgen.board.files import read_board
from fabgen.errors import InputFileError


def _designer(page):
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    page.wait_for_function("() => !document.body.dataset.busy")
    return page


def _settled(page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def test_a_machines_start_tile_clicked_again_is_taken_away(page):
    """A machine with stones on a field takes a start tile, which the board keeps as a
    stone on each of its fields (a machine's start is its stacks); clicked again with the
    start tool it is taken away, as a person's is. It was put again over those stones and
    refused: "b2 is on the seat's start tile ... take the start tile away first"."""
    _designer(page)
    page.get_by_role("button", name="Add seat").click()
    _settled(page)
    page.locator("#seat-kind").select_option("machine")
    _settled(page)
    page.locator("input[name=tool][value=stack]").check()
    page.locator("#canvas .hit.field[data-field='-a4']").click()
    _settled(page)
    page.locator("input[name=tool][value=start]").check()
    middle = page.locator("#canvas .hit.tile[data-i='0'][data-j='0']")
    middle.click()
    _settled(page)
    assert page.locator("#status").inner_text() == "Seat 4: start tile 5 (0, 0)."
    assert len(page.evaluate("state.players[3].stacks")) == 8  # (-a4 and the tile's 7)
    middle.click()
    _settled(page)
    assert page.locator("#status").inner_text() == "Seat 4: start tile 5 (0, 0) taken away."
    assert page.evaluate("state.players[3]") == {"kind": "machine", "stacks": {"-a4": 6}}


@pytest.mark.parametrize(
    "text",
    ["", "hello", "[1, 2]", "<!DOCTYPE html><html><body>502 Bad Gateway</body></html>"],
    ids=["empty", "a word", "a list", "a web page"],
)
def test_a_json_file_that_is_no_transcript_is_refused_as_fabgen_validate_refuses_it(
    client, tmp_path, text
):
    """A ``.json`` file that does not start with ``{`` was read as a board file: "is not
    valid TOML", or for an empty one "the [board] table is missing: add [board] with its
    tiles", where ``fabgen validate`` says it is not valid JSON (the file is empty, say)."""
    path = tmp_path / "game.json"
    path.write_text(text)
    with pytest.raises(InputFileError) as refused:
        read_board(path)
    answer = client.post(
        "/api/board/upload",
        data={"file": (io.BytesIO(text.encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"] == str(refused.value).replace(str(path), "game.json")


def test_a_board_file_saved_as_json_is_still_loaded(client):
    """(the designer took a board file named .json, as the board file it is: still so)"""
    text = '[board]\nname = "two"\ntiles = [[0, 0], [1, 0]]\n'
    answer = client.post(
        "/api/board/upload",
        data={"file": (io.BytesIO(text.encode()), "two.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 200
    assert answer.get_json()["board"]["tiles"] == 2


def test_a_mistyped_simulate_player_is_marked_while_the_games_are_too_many(
    client, default_settings
):
    """With the default 200 simulated games (more than the browser plays) the form marked
    only Simulate games; a player's name mistyped ("stronk") went unmarked until the games
    were lowered, and Download kit file was refused for it with "Fix the settings marked
    in the form"."""
    settings = copy.deepcopy(default_settings)
    settings["kit"].update(supply="simulate", simulate_players="stronk")
    refused = client.post("/api/kit/file", json={"settings": settings})
    assert refused.status_code == 400
    assert "'stronk' cannot play" in refused.get_json()["error"]
    preview = client.post("/api/kit/preview", json={"settings": settings}).get_json()
    marked = {f["setting"]: f["message"] for f in preview["findings"] if f["severity"] == "error"}
    assert set(marked) == {"kit.simulate_games", "kit.simulate_players"}
    assert marked["kit.simulate_players"].startswith("Simulate players 'stronk' cannot play")


def test_the_games_the_browser_will_not_play_are_still_refused(client, default_settings):
    """(the kit checked without its games played: the refusal of the games stays, and
    nothing else is said of a kit that is otherwise right)"""
    settings = copy.deepcopy(default_settings)
    settings["kit"].update(supply="simulate")
    preview = client.post("/api/kit/preview", json={"settings": settings}).get_json()
    assert not preview["ok"]
    assert [(f["setting"], f["code"]) for f in preview["findings"]] == [
        ("kit.simulate_games", "kit-effort"),
        ("kit.simulate_players", "kit-effort"),
    ]


@pytest.fixture
def game_file(tmp_path):
    """The 3p-triangle-4's start position as a transcript with one turn (a pass)."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    data = json.loads(board_transcript_text(load_preset("3p-triangle-4")))
    data["turns"] = [[]]
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data))
    return path


def test_the_viewers_boxes_name_the_game_shown(page, game_file):
    """A preset chosen after a file left the file's name in the Transcript box (and a
    file loaded after a preset left the preset chosen), with the moves typed for the game
    before: the boxes named two games, one of them not shown."""
    page.goto(page.base + "/rules")
    info = page.locator("#turn-info")
    shows = "name => document.querySelector('#turn-info').textContent.startsWith(name)"
    page.get_by_label("Transcript", exact=True).set_input_files(str(game_file))
    page.wait_for_function(shows, arg="club.json")
    page.locator("#moves").fill("c3-c5")
    page.locator("#board-start").select_option("2p-diamond-4")
    page.wait_for_function(shows, arg="2p-diamond-4")
    assert page.locator("#transcript-file").evaluate("e => e.files.length") == 0
    assert page.locator("#moves").input_value() == ""
    page.get_by_label("Transcript", exact=True).set_input_files(str(game_file))
    page.wait_for_function(shows, arg="club.json")
    assert page.locator("#board-start").input_value() == ""
    assert page.locator("#transcript-file").evaluate("e => e.files[0].name") == "club.json"
    assert info.inner_text().startswith("club.json, turn 1 of the 1 in the file")
