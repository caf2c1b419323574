"""A board file or transcript uploaded to the board designer is named in its messages as
the user named the file ("Club board (v2).toml", not "Club-board-v2-toml (uploaded)"),
and a file refused leaves the board on show, saying so (docs/web.md, *The kit, the
designer and the rules viewer*)."""

from __future__ import annotations

import io

import pytest

from fabgen.board.files import preset_text

#: Seat 2 of three tiles made a machine with a start tile, which the reader refuses.
MACHINE_START = """[board]
tiles = [[0, 0], [1, 0], [0, 1]]
[[players]]
start = [0, 0]
[[players]]
start = [1, 0]
kind = "machine"
"""


def _upload(client, data: bytes, filename: str):
    return client.post(
        "/api/board/upload",
        data={"file": (io.BytesIO(data), filename)},
        content_type="multipart/form-data",
    )


@pytest.mark.parametrize(
    ("text", "filename", "named"),
    [
        (MACHINE_START, "Club board (v2).toml", "Club board (v2).toml at players[1].start: "),
        ("[board]\ntiles = [[0, 0]", "syn.toml", "syn.toml: is not valid TOML"),
        ('{"format": "Atlantis transcript"', "club night.json", "club night.json: "),
        ("[board]\ntiles = [[0, 0]", "bell\x07.toml", "bell?.toml: "),
        (preset_text("3p-triangle-4") + "\n[[players]]\n" * 6, "crowd.toml", "crowd.toml at "),
    ],
    ids=["spaces-and-brackets", "toml", "json", "a-control-character", "seats"],
)
def test_a_file_refused_is_named_as_the_user_named_it(client, text, filename, named):
    answer = _upload(client, text.encode(), filename)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error.startswith(named), error
    assert "(uploaded)" not in error and "-toml" not in error and "-json" not in error


def test_a_refusal_with_a_code_sends_it_and_one_without_sends_none(client):
    # The page's script and scripts matched the message's words to act on a refusal;
    # the board reader's code (boardfile.REFUSALS) now comes beside the message.
    from fabgen.board.boardfile import REFUSALS

    body = _upload(client, MACHINE_START.encode(), "club.toml").get_json()
    assert body["code"] == "machine-start-tile" and body["code"] in REFUSALS
    assert set(body) == {"error", "where", "code"}
    assert body["error"].startswith("club.toml at players[1].start: ")
    answer = _upload(client, b"[board]\ntiles = [[0, 0]", "syn.toml")  # (no code)
    assert answer.status_code == 400
    assert set(answer.get_json()) == {"error"}


def test_the_web_guide_names_every_code_an_error_answer_can_carry():
    from pathlib import Path

    from fabgen.board.boardfile import REFUSALS

    guide = (Path(__file__).parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    keys = guide.split("Every error answer", 1)[1].split("\n\n", 1)[0]
    assert all(f"`{code}`" in keys for code in REFUSALS), keys
    assert all(f"`{key}`" in keys for key in ("error", "where", "code", "page_words"))


def test_a_file_too_large_or_not_text_is_named_as_the_user_named_it(client):
    from fabgen.web.limits import LIMITS

    answer = _upload(client, b"\x89PNG\x00", "club photo.toml")
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("club photo.toml: is not UTF-8 text (byte 0)")
    answer = _upload(client, b" " * (LIMITS.upload_bytes + 1), "huge board.toml")
    assert answer.status_code == 413
    assert answer.get_json()["error"].startswith("huge board.toml: the file is larger than")


def test_a_very_long_file_name_is_abridged(client):
    name = "b" * 300 + ".toml"
    error = _upload(client, b"[board]\ntiles = [[0", name).get_json()["error"]
    assert error.startswith(f"{name[:12]}... ({len(name)} characters): is not valid TOML")


def test_a_refused_upload_says_the_board_on_show_stays(page, tmp_path):
    # The reader's words alone ("syn-toml (uploaded): is not valid TOML: ...") did not
    # say whether the board on show was the file's
    path = tmp_path / "Club board (v2).toml"
    path.write_text(MACHINE_START)
    page.goto(page.base + "/board")
    page.wait_for_function("() => document.querySelector('#summary-board')?.textContent")
    page.wait_for_function("() => !document.body.dataset.busy")
    before = page.evaluate("() => JSON.stringify(state)")
    page.set_input_files("#upload", str(path))
    status = page.locator("#status").filter(has_text="Not loaded: ")
    status.wait_for()
    assert status.inner_text().startswith(
        "Not loaded: Club board (v2).toml at players[1].start: a machine never moves"
    )
    page.wait_for_function("() => !document.body.dataset.busy")
    assert page.evaluate("() => JSON.stringify(state)") == before


def test_a_kit_file_or_a_drawing_uploaded_says_which_file_to_choose(client, default_settings):
    # "kit.toml at kit: unknown key 'kit': the keys allowed here are board, players", and
    # an SVG "is not valid TOML: Invalid statement (at line 1, column 1)"
    import zipfile

    state = client.get("/api/board/preset/4p-diamond-5").get_json()["state"]
    state["board"]["name"] = "club-night"
    body = {"settings": default_settings, "board_state": state}
    kit = client.post("/api/kit/file", json=body)
    files = zipfile.ZipFile(io.BytesIO(kit.data))
    error = _upload(client, files.read("kit.toml"), "kit.toml").get_json()["error"]
    assert error.startswith("kit.toml: is a kit file, not a board: ")
    assert "club-night.toml" in error and "club-night.toml" in files.namelist()
    preset = client.post("/api/kit/file", json={"settings": default_settings}).data
    error = _upload(client, preset, "kit.toml").get_json()["error"]
    board = default_settings["kit"]["board"]
    said = f"its board is the preset {board}: choose it among the presets"
    assert error == f"kit.toml: is a kit file, not a board: {said}"
    setup = client.post("/api/board/download/setup-svg", json={"state": state})
    error = _upload(client, setup.data, "setup.svg").get_json()["error"]
    assert error.startswith("setup.svg: is a drawing, not a board: choose a board file")
