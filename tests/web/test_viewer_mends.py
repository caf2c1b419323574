"""The rules viewer after moves typed and played (a try): the line above the board says
the position the board then shows, the one the turn leaves, not the one it was typed on
(docs/design-notes.md)."""

from __future__ import annotations

import json

import pytest

from fabgen.board.files import load_preset
from fabgen.board.transcript_io import board_transcript_text
from fabgen.products.turn import game_end_words
from fabgen.rules.names import field_name
from fabgen.rules.scoring import game_over, scores
from fabgen.rules.terminal import seat_score
from fabgen.rules.transcript import parse_transcript
from fabgen.rules.turn import Turn, play_turn
from tests.web.conftest import serving

PRESET = "2p-diamond-4"


def _rules(page, address: str = "/rules"):
    page.goto(page.base + address)
    page.evaluate("document.fonts.ready.then(() => true)")  # laid out in the served fonts
    return page


def _typed(moves) -> str:
    return ",".join(f"{field_name(m.source)}-{field_name(m.destination)}" for m in moves)


def _try(page, moves: str) -> str:
    """The line above the board once ``moves`` are typed and played (the page's last
    request, and what it asked after it, answered)."""
    box = page.get_by_label("Moves for the player to move")
    box.fill(moves)
    box.press("Enter")
    page.locator("#closing p").first.wait_for()
    page.evaluate("() => answered.then(() => true)")
    # (the board shows the last step: the position the turn leaves)
    assert page.locator("#step").input_value() == page.locator("#step").get_attribute("max")
    return page.locator("#turn-info").inner_text()


def _start():
    return parse_transcript(board_transcript_text(load_preset(PRESET))).position


def test_a_turn_tried_on_a_preset_says_the_position_it_leaves(page):
    # "2p-diamond-4, the start position, no turns played yet: type moves to play the
    # first turn; seat 1 (Red) to move. Scores before the turn: ..." beside the board
    # after the turn, where seat 2 moves
    start = _start()
    move = Turn(start, "online").legal_moves()[0]
    final, _ = play_turn(start, [move], "online")
    k = final.next_player
    after = ", ".join(seat_score(final, s, n) for s, n in enumerate(scores(final)))
    _rules(page)
    page.locator("#board-start").select_option(PRESET)
    page.locator("#turn-info").filter(has_text=PRESET).wait_for()
    assert _try(page, _typed([move])) == (
        f"{PRESET}, after turn 1 as typed (tried: the file is not changed); "
        f"{final.players[k].label(k)} to move. Scores after the turn: {after}."
    )


def test_a_turn_tried_that_ends_the_game_says_how_it_ended(page, tmp_path):
    from fabgen.rules.random_games import random_game

    start = _start()
    turns, final = random_game(start, 0, max_turns=400, variant="online", explode_bias=0.9)
    assert game_over(final, "online")
    game = json.loads(board_transcript_text(load_preset(PRESET)))
    game["turns"] = [[[field_name(m.source), field_name(m.destination)] for m in t] for t in turns]
    game["turns"].pop()  # (the last turn, typed instead)
    path = tmp_path / "ends.json"
    path.write_text(json.dumps(game))
    n = len(turns)
    _rules(page)
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    page.locator("#turn-info").filter(has_text=f"turn 1 of the {n - 1} in the file").wait_for()
    assert _try(page, _typed(turns[-1])) == (
        f"ends.json, after the {n - 1} turns of the file and turn {n} as typed (tried: the "
        f"file is not changed): the game is over: {game_end_words(final, 'online')}."
    )


@pytest.fixture(scope="module")
def games_url(tmp_path_factory):
    from fabgen.web import create_app

    with serving(create_app(games_dir=tmp_path_factory.mktemp("games"))) as url:
        yield url


def test_a_turn_tried_on_a_play_page_game_says_the_position_it_leaves(page, games_url):
    # (the game's seats named as the game names them)
    page.base = games_url
    made = page.request.post(
        games_url + "/api/games", data={"preset": PRESET, "seats": ["person", "person"]}
    )
    assert made.ok, made.text()
    game = made.json()
    start = _start()
    move = Turn(start, "online").legal_moves()[0]
    final, _ = play_turn(start, [move], "online")
    seat = game["state"]["seats"][final.next_player]
    after = ", ".join(
        f"{s['name']}: {n}" for s, n in zip(game["state"]["seats"], scores(final), strict=True)
    )
    _rules(page, f"/rules#game={game['id']}")
    page.locator("#turn-info").filter(has_text="type moves to try a turn here").wait_for()
    assert _try(page, _typed([move])) == (
        "After turn 1 as typed (tried here: the game itself goes on on the play page); "
        f"{seat['name']} ({seat['kind']}) to move. Scores after the turn: {after}."
    )
