"""The board designer's summary beside the board: its symmetry in the validator's words,
and no count of pieces past a stack too high (docs/web.md, *The kit, the designer and
the rules viewer*)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from fabgen.board.boardfile import board_to_toml
from fabgen.board.files import load_preset
from fabgen.board.findings import MAX_STACK
from fabgen.board.symmetry import board_symmetry
from tests.board.test_board_validate import FIVE_ARM_STAR  # no rotation maps it onto itself


def _too_high() -> str:
    """3p-triangle-4 with a stack above the most a board may put on a field, named apart
    from the preset the page starts with."""
    text = board_to_toml(replace(load_preset("3p-triangle-4"), name="too-high"))
    return text.replace("start = [2, -1]", f"start = [2, -1]\nstacks = {{ b2 = {MAX_STACK + 1} }}")


def _upload(client, text: str, name: str) -> dict:
    answer = client.post(
        "/api/board/upload",
        data={"file": (io.BytesIO(text.encode()), name)},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 200
    return answer.get_json()


def test_no_supply_is_counted_past_a_stack_too_high(client):
    view = _upload(client, _too_high(), "high.toml")
    assert "stack-too-high" in [f["code"] for f in view["findings"]]
    assert view["supply"] is None
    # (the same board without it is counted)
    view = _upload(client, board_to_toml(load_preset("3p-triangle-4")), "fine.toml")
    assert view["supply"]["stones_per_player"] > 0


def _shown(page, tmp_path, name: str, text: str) -> dict[str, str]:
    """The summary's rows once the uploaded board ``name`` is shown (a name the page's
    first board does not have: its summary is shown before the upload's answer)."""
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    page.set_input_files("#upload", str(path))
    page.wait_for_function(
        "name => document.querySelector('#summary-board')?.textContent.startsWith(name + ':')",
        arg=name,
    )
    rows = page.locator("#summary dd")
    return {rows.nth(i).get_attribute("id"): rows.nth(i).inner_text() for i in range(rows.count())}


def _rotation_words(order: int) -> str:
    return "no rotation" if order == 1 else f"{order}-fold rotation ({360 // order}°)"


@pytest.mark.parametrize("preset", ["6p-hexagon-19", "3p-triangle-4", "4p-butterfly", None])
def test_the_symmetry_row_says_the_rotation_as_the_validator_does(page, tmp_path, preset):
    from fabgen.board.boardfile import parse_board_toml

    board = load_preset(preset) if preset else parse_board_toml(FIVE_ARM_STAR)
    # (named apart from the preset the page starts with, whose summary is there first)
    board = replace(board, name=f"uploaded-{board.name}")
    symmetry = board_symmetry(board)
    page.goto(page.base + "/board")
    rows = _shown(page, tmp_path, board.name, board_to_toml(board))
    words = rows["summary-symmetry"]
    assert words.startswith(_rotation_words(symmetry.tiling_order) + ",")
    assert "1-fold" not in words
    if symmetry.shape_order == symmetry.tiling_order:
        assert "field shape" not in words
    assert words.endswith(", no mirror") == (not symmetry.tiling_mirrors)


def test_the_pieces_row_counts_nothing_past_a_stack_too_high(page, tmp_path):
    page.goto(page.base + "/board")
    rows = _shown(page, tmp_path, "too-high", _too_high())
    assert rows["summary-stones-needed"].startswith("not counted while a stack is too high")
    assert not any(ch.isdigit() for ch in rows["summary-stones-needed"])


@pytest.mark.parametrize(
    "preset", ["4p-diamond-5", "4p-hexagon-19-machines", "1p-triangle-5-machine"]
)
def test_the_board_row_says_who_plays_the_seats(client, preset):
    # "6 seats" beside "person to person (machines stay)" and findings of "4 people": a
    # machine's seat was counted as a player's
    board = load_preset(preset)
    words = client.get(f"/api/board/preset/{preset}").get_json()["seat_words"]
    seats, _, who = words.partition(" (")
    assert seats == f"{len(board.seats)} seats"
    if not board.machines:
        assert not who
        return
    people, machines = who.removesuffix(")").split(", ")
    assert people == f"{board.people} {'person' if board.people == 1 else 'people'}"
    assert machines == f"{board.machines} {'machine' if board.machines == 1 else 'machines'}"


def test_the_board_row_of_a_board_with_machines_counts_people_and_machines(page, tmp_path):
    board = replace(load_preset("4p-hexagon-19-machines"), name="club-machines")
    page.goto(page.base + "/board")
    rows = _shown(page, tmp_path, board.name, board_to_toml(board))
    details = board.details()
    assert rows["summary-board"] == (
        f"club-machines: {details['players']} seats ({details['people']} people, "
        f"{details['machines']} machines), {details['tiles']} tiles, {details['fields']} fields"
    )
    assert "every person" in rows["summary-seat-rotation"]  # (the row beside it: people)


def test_stones_put_on_another_seats_field_are_hinted_away_with_the_stones_tool(client):
    # The hint said only to move a start tile, where the clash was stones put on a field
    state = client.get("/api/board/preset/3p-triangle-4").get_json()["state"]
    view = client.post("/api/board/view", json={"state": state}).get_json()
    red = next(f["name"] for f in view["targets"]["fields"] if "of Red" in f["words"])
    state["players"][1]["stacks"] = {red: 2}
    view = client.post("/api/board/view", json={"state": state}).get_json()
    [clash] = [f for f in view["findings"] if f["code"] == "field-shared"]
    assert red in clash["message"]
    assert 'click it with "put stones on a field" and the same number' in clash["hint"]


def _hints(client, state: dict) -> dict[str, str | None]:
    view = client.post("/api/board/view", json={"state": state}).get_json()
    return {f["code"]: f["hint"] for f in view["findings"]}


def test_a_seat_order_finding_is_hinted_with_earlier_and_later(client):
    # "reorder the players or change turns" and "seated in turn order between the people
    # it stands between": the page had no way to reorder seats, and said nothing
    state = client.get("/api/board/preset/3p-triangle-4").get_json()["state"]
    turns = state["board"]["turns"]
    state["board"]["turns"] = "clockwise" if turns == "counter-clockwise" else "counter-clockwise"
    assert "Earlier and Later" in _hints(client, state)["turn-direction"]
    state = client.get("/api/board/preset/6p-hexagon-19").get_json()["state"]
    del state["players"][5], state["players"][2]  # (four people: two dummies to add)
    assert "Earlier and Later" in _hints(client, state)["seats-differ-4-5"]
    # (with the machines in their places there is nothing to add)
    state = client.get("/api/board/preset/4p-hexagon-19-machines").get_json()["state"]
    assert _hints(client, state)["seats-differ-4-5"] is None
