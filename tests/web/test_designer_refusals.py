"""A change the board-file reader refuses, as the board designer says it: the place in
the page's words (seats and tiles counted from 1, a seat's key by the form's label),
the reader's reason kept; the API's error stays the reader's (docs/web.md, *The kit,
the designer and the rules viewer*)."""

from __future__ import annotations

import copy
import re

import pytest

from fabgen.web.designer import SOURCE

BASE = {
    "board": {"name": "two", "tiles": [[0, 0], [1, 0]]},
    "players": [{"start": [0, 0]}, {"start": [1, 0]}],
}


def _board(**keys) -> dict:
    state = copy.deepcopy(BASE)
    state["board"].update(keys)
    return state


def _seat(k: int, **keys) -> dict:
    state = copy.deepcopy(BASE)
    state["players"][k].update(keys)
    return state


def _free(**keys) -> dict:
    return _board(free_tiles=[{"fields": ["a1"], **keys}])


# (the state refused, the path the reader names, the page's words for it)
REFUSALS = [
    (_seat(1, kind="machine"), "players[1].start", "tile 2 (1, 0), seat 2's start"),
    (_seat(1, start=[[1, 0], [0, "x"]]), "players[1].start[1]", "seat 2's start tile"),
    (_seat(0, name="n" * 201), "players[0].name", "seat 1's name"),
    (_seat(0, colour="mauvish"), "players[0].colour", "seat 1's colour"),
    (_seat(0, kind="robot"), "players[0].kind", "seat 1's kind"),
    (_seat(0, stacks="c3"), "players[0].stacks", "seat 1's stones"),
    (_seat(1, stacks={"c3": 1.5}), "players[1].stacks.c3", "seat 2's stones on c3"),
    (_seat(1, stacks={"C3": 1.5}), "players[1].stacks.C3", "seat 2's stones on segment C3"),
    (_seat(0, stacks={"a1": 2}), "players[0].stacks.a1", "seat 1's stones on a1"),
    (_seat(0, stacks={"zz!": 1}), 'players[0].stacks."zz!"', "seat 1's stones"),
    (_seat(0, stones=1), "players[0].stones", "seat 1"),
    (BASE | {"players": [{}, {}, 5]}, "players[2]", "seat 3"),
    (_board(name="../x"), "board.name", "the board name"),
    (_board(turns="sideways"), "board.turns", "the seat order"),
    (_board(origin="zz"), "board.origin", "the board's origin"),
    (_board(handedness="left"), "board.handedness", "the board's handedness"),
    (_board(description=1), "board.description", "the board's description"),
    (_board(notes="a\x07"), "board.notes", "the board's notes"),
    (_board(tile_width_mm=-1), "board.tile_width_mm", "the board's tile width"),
    (_board(colour="red"), "board.colour", "the board"),
    (_board(tiles=[[0, 0], [0, "x"]]), "board.tiles[1]", "tile 2"),
    (_board(tiles=[[0, 0], [5000, 0]]), "board.tiles[1]", "tile 2 (5000, 0)"),
    (_board(tiles=[[0, 0], [0, 1]], free_tiles=[{"fields": ["!"]}]),
     "board.free_tiles[0].fields[0]", "field 1 of tile 3"),
    (_board(free_tiles="x"), "board.free_tiles", "the free-form tiles"),
    (_free(colour=1), "board.free_tiles[0].colour", "tile 3"),
    (_board(free_tiles=[{"fields": []}]), "board.free_tiles[0].fields", "tile 3"),
    (_board(free_tiles=[{"fields": ["a1", "!"]}]), "board.free_tiles[0].fields[1]",
     "field 2 of tile 3"),
]  # fmt: skip


#: What tells a board file's user what to write: a key and its value, a table, a key
#: to leave out, the file's description (the page has none).
FILE_WORDS = re.compile(r" = |\[\[|\{ |key|stacks|description can|notes")


@pytest.mark.parametrize(("state", "where", "place"), REFUSALS, ids=[r[1] for r in REFUSALS])
def test_a_refusal_names_its_place_in_the_pages_words(client, state, where, place):
    answer = client.post("/api/board/view", json={"state": state})
    assert answer.status_code == 400
    body = answer.get_json()
    assert body["where"] == where
    prefix = f"{SOURCE} at {where}: "
    assert body["error"].startswith(prefix)  # (the API's words: the reader's)
    reason = body["error"].removeprefix(prefix)
    assert body["page_words"].startswith(f"{place}: ")
    if not FILE_WORDS.search(reason):  # (those are said otherwise: see below)
        assert body["page_words"] == f"{place}: {reason}"


@pytest.mark.parametrize(
    "state",
    [
        BASE | {"players": [{}] * 9},  # (the designer's own refusal, at players)
        {"board": 5},
        BASE | {"colour": "red"},  # (a key above [board])
        [1, 2, 3],
    ],
    ids=["nine-seats", "board", "top-level-key", "no-board"],
)
def test_a_refusal_of_the_whole_board_says_the_reason_alone(client, state):
    body = client.post("/api/board/view", json={"state": state}).get_json()
    where = body.get("where")
    prefix = f"{SOURCE} at {where}: " if where else f"{SOURCE}: "
    assert body["error"].startswith(prefix)
    assert body["page_words"] == body["error"].removeprefix(prefix)


def test_a_board_too_large_is_refused_without_the_files_name(client):
    from fabgen.web.limits import LIMITS

    n = LIMITS.board_tiles + 1
    tiles = [[i, j] for i in range(12) for j in range(12)][:n]
    body = client.post("/api/board/view", json={"state": _board(tiles=tiles)}).get_json()
    assert body["error"].startswith(f"{SOURCE}: {n} tiles is more than")
    assert body["page_words"] == body["error"].removeprefix(f"{SOURCE}: ")


# (a change the page can make, the reader's words for what to write in a board file,
# and what the page says to do instead)
SAID_IN_THE_PAGE = [
    (
        _seat(1, kind="machine"),
        'or make it kind = "extreme-machine"',
        "tile 2 (1, 0), seat 2's start: a machine never moves, so a start tile of single "
        "stones would never explode or grow: a machine starts with stones put on fields "
        "instead, without a start tile (3 on a corner field, as a 1995 machine, or 6 on the "
        "middle field of a tile, as a dummy); or make the seat an extreme-machine",
    ),
    (
        _board(name=""),
        "leave the key out for",
        "the board name: is empty: type a name of at most 64 letters, digits, - and _",
    ),
    (
        _board(name="Club night"),
        "(the description can say more)",
        "the board name: expected a name of at most 64 letters, digits, - and _ (it is used "
        'in file names), found the string "Club night": write "Club-night"',
    ),
    (
        _seat(1, stacks={"d0": 3}),  # (a field of its start tile, (1, 0))
        "(from the start tile or another key)",
        "seat 2's stones on d0: d0 is on tile 2 (1, 0), the seat's start tile, which puts a "
        "stone on each of its fields: put the stones on a field off tile 2, or take the start "
        "tile away first",
    ),
    (
        _seat(0, name="Ann\tB"),
        "(line breaks are allowed in notes only)",
        "seat 1's name: contains the control character U+0009: remove it",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("state", "file_words", "page_words"),
    SAID_IN_THE_PAGE,
    ids=[
        "machine-start",
        "empty-name",
        "name-with-a-space",
        "stones-on-the-start-tile",
        "a-tab-pasted-in-a-name",
    ],
)
def test_a_refusal_says_what_to_do_in_the_page_not_what_to_write_in_a_file(
    client, state, file_words, page_words
):
    # "give the machine stacks instead, e.g. stacks = { a1 = 3 } ... or make it kind =
    # \"extreme-machine\"": a board file's keys, in a page of buttons and lists
    body = client.post("/api/board/view", json={"state": state}).get_json()
    assert file_words in body["error"]  # (the API keeps the reader's words)
    assert body["page_words"] == page_words
    assert not FILE_WORDS.search(body["page_words"].split(": ", 1)[1])


def test_every_refusal_the_page_words_anew_is_known_by_a_code_the_reader_raises():
    # page_reason matched the reader's text ("a machine never moves, so a start tile",
    # "is empty", "already has stones of this player"): a reworded message fell back to
    # a board file's words unnoticed. Each code it handles is raised for a state above.
    from fabgen.errors import InputFileError
    from fabgen.web.designer import _PAGE_REASONS, board_from_state

    raised = set()
    for state, _, _ in SAID_IN_THE_PAGE:
        with pytest.raises(InputFileError) as caught:
            board_from_state(state)
        raised.add(caught.value.code)
    assert set(_PAGE_REASONS) <= raised


@pytest.mark.parametrize("what", ["setup-svg", "setup-pdf"])
def test_a_setup_diagram_refused_says_the_findings_not_their_codes(client, what):
    # "Not downloaded: two: the board has 1 error (player-without-stones): ...": a code
    # the page shows nowhere but in the findings' small print
    state = copy.deepcopy(BASE)
    state["players"].append({})
    view = client.post("/api/board/view", json={"state": state}).get_json()
    codes = [f["code"] for f in view["findings"] if f["severity"] == "error"]
    body = client.post(f"/api/board/download/{what}", json={"state": state}).get_json()
    assert f"({', '.join(codes)})" in body["error"]  # (the API's words: fabgen layout's)
    n = len(codes)
    assert body["page_words"] == (
        f"the board has {n} error{'s' if n > 1 else ''} (see the findings); "
        f"fix {'them' if n > 1 else 'it'} first"
    )
