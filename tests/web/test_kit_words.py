"""The kit configurator says a refused download, and the designer's board, in its page's
words: the settings by their labels, the designer's board as the designer says it (no
board file's keys, no "players[1].start"), and its seats as the designer's summary counts
them (docs/web.md, *The kit, the designer and the rules viewer*)."""

from __future__ import annotations

import copy
import re

import pytest

from fabgen.board.files import load_preset

#: A board file's words: a key and its value, a table, a path into the file.
FILE_WORDS = re.compile(r" = |\[\[|\{ |players\[|board\.tiles")


def _designer_state(client, preset: str) -> dict:
    return client.get(f"/api/board/preset/{preset}").get_json()["state"]


def _refusal(client, settings: dict, state: dict | None = None) -> str:
    body = {"settings": settings} | ({"board_state": state} if state is not None else {})
    answer = client.post("/api/kit/zip", json=body)
    assert answer.status_code in (400, 503)
    return answer.get_json()["error"]


def _marked(client, settings: dict, state: dict) -> list[dict]:
    answer = client.post("/api/kit/preview", json={"settings": settings, "board_state": state})
    return [f for f in answer.get_json()["findings"] if f["severity"] == "error"]


def test_a_designers_board_the_reader_refuses_is_said_as_the_designer_says_it(
    client, default_settings
):
    # "Board: a machine never moves, ... e.g. stacks = { a1 = 3 } ... or make it kind =
    # \"extreme-machine\"", without the seat, and the preview's "board from the designer,
    # players[1].start"
    state = _designer_state(client, "4p-diamond-5")
    state["players"][1]["kind"] = "machine"
    designer = client.post("/api/board/view", json={"state": state}).get_json()["page_words"]
    error = _refusal(client, default_settings, state)
    assert f"the kit cannot be built: Board: {designer}. Fix the settings" in error
    assert designer.startswith("seat 2's start tile: a machine never moves")
    [mark] = _marked(client, default_settings, state)
    assert (mark["setting"], mark["where"]) == ("kit.board", "board from the designer")
    assert mark["message"] == designer
    assert not FILE_WORDS.search(error) and not FILE_WORDS.search(mark["message"])


def test_a_designers_board_with_errors_says_them_without_a_board_files_keys(
    client, default_settings
):
    # "Board: seat 5 has no stones on the board: give it a start tile (start = [i, j]) or
    # stacks; Board: seat 6 has ...": the label again for each, and the file's key
    state = _designer_state(client, "4p-diamond-5")
    state["players"] += [{}, {}]
    error = _refusal(client, default_settings, state)
    assert error.count("Board: ") == 1
    for seat in (5, 6):
        assert f"seat {seat} has no stones on the board: give it a start tile or stones" in error
    marks = _marked(client, default_settings, state)
    assert {m["setting"] for m in marks} == {"kit.board"}
    assert not FILE_WORDS.search(error)
    assert not any(FILE_WORDS.search(m["message"]) for m in marks)


@pytest.mark.parametrize(
    ("key", "value", "label"),
    [("simulate_games", 50, "Simulate games"), ("simulate_players", "strong", "Simulate players")],
)
def test_a_download_refused_as_too_much_work_names_the_setting_by_its_label(
    client, default_settings, key, value, label
):
    # 'supply = "simulate" with 50 games takes minutes ...: lower simulate_games', without
    # saying that nothing was downloaded
    settings = copy.deepcopy(default_settings)
    # (one reason at a time: the default strong players are refused too, and said)
    settings["kit"].update(
        {"supply": "simulate", "simulate_games": 10, "simulate_players": "greedy", key: value}
    )
    error = _refusal(client, settings)
    assert error.startswith(f"Not downloaded: {label} must be ")
    assert key not in error.split("fabgen build")[0]
    [mark] = _marked(client, settings, _designer_state(client, "2p-diamond-4"))
    assert mark["message"].startswith(f"{label} must be ")


def test_the_preview_counts_the_seats_as_the_designer_does(page):
    # "Board 4p-hexagon-19-machines: 6 players, ...": two of them machines
    board = load_preset("4p-hexagon-19-machines")
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    page.locator("#preset").select_option(board.name)
    page.get_by_role("button", name="Load preset").click()
    row = page.locator("#summary-board").filter(has_text=f"{board.name}:")
    row.wait_for()
    said = row.inner_text().removeprefix(f"{board.name}: ")
    assert said.startswith(f"{len(board.seats)} seats ({board.people} people, ")
    page.get_by_role("button", name="Use in the kit configurator").click()
    preview = page.locator("#preview-board").filter(has_text=f"Board {board.name}: ")
    preview.wait_for()
    assert preview.inner_text() == f"Board {board.name}: {said}"


def test_a_refused_download_says_nothing_was_downloaded(page):
    page.goto(page.base + "/")
    page.wait_for_function("() => document.body.dataset.preview")
    page.get_by_label("Supply", exact=True).select_option("simulate")
    page.get_by_label("Simulate games", exact=True).fill("50")
    page.locator('.control[data-name="kit.simulate_games"] .error').filter(
        has_text="Simulate games must be"
    ).wait_for()
    page.get_by_role("button", name="Download kit", exact=True).click()
    status = page.locator("#status").filter(has_text="Not downloaded: ")
    status.wait_for()
    assert status.inner_text().startswith("Not downloaded: Simulate games must be at most ")
    assert "simulate_games" not in status.inner_text()
