"""What a walk through the rules viewer in chromium found, as a player uses it (docs/web.md,
*The kit, the designer and the rules viewer*): a preset's start position said as one, not
"after the 0 turns", and typed moves refused after an earlier try leave the board where
the moves were typed, not the earlier try's result beside the refusal."""

from __future__ import annotations

import json

PRESET = "2p-diamond-4"


def _rules(page):
    page.goto(page.base + "/rules")
    page.evaluate("document.fonts.ready.then(() => true)")  # laid out in the served fonts
    return page


def _settled(page) -> None:
    """Wait until the page's last request (and what it asked after it) is answered."""
    page.evaluate("() => answered.then(() => true)")


def _preset(page) -> None:
    page.locator("#board-start").select_option(PRESET)
    page.locator("#turn-info").filter(has_text=PRESET).wait_for()
    _settled(page)


def _first_legal_move() -> str:
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import Turn

    text = board_transcript_text(load_preset(PRESET))
    (move, *_) = Turn(parse_transcript(text).position, "online").legal_moves()
    return f"{field_name(move.source)}-{field_name(move.destination)}"


def _one_turn_file(tmp_path):
    """The preset's start position as a transcript with one turn (a pass)."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    data = json.loads(board_transcript_text(load_preset(PRESET)))
    data["turns"] = [[]]
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data))
    return path


def test_no_turns_played_is_said_as_the_start_position(page, tmp_path):
    """A preset's start chosen, the status said "2p-diamond-4, after the 0 turns of the
    file: type moves to play the next turn" under the heading "Step the position" (and
    "Step" before anything was loaded), and a file of one turn "after the 1 turns". A
    player who has just chosen a board reads where the game stands from these lines."""
    _rules(page)
    title, info = page.locator("#step-title"), page.locator("#turn-info")
    assert title.inner_text() == "No game loaded yet"
    _preset(page)
    assert info.inner_text().startswith(
        f"{PRESET}, the start position, no turns played yet: type moves to play the first "
        "turn; seat 1 (Red) to move. "
    )
    assert title.inner_text() == "The start position"
    page.get_by_label("Transcript", exact=True).set_input_files(str(_one_turn_file(tmp_path)))
    info.filter(has_text="club.json, turn 1 of the 1 in the file").wait_for()
    page.get_by_role("button", name="Next turn").click()
    info.filter(has_text="club.json, after the 1 turn of the file: ").wait_for()
    assert info.inner_text().startswith(
        "club.json, after the 1 turn of the file: type moves to play the next turn; "
    )
    assert title.inner_text() == "The position after turn 1"


def _shown(page) -> dict:
    """What the page shows of the turn: the steps, the board, the lines after it."""
    return {
        "title": page.locator("#step-title").inner_text(),
        "last step": page.locator("#step").get_attribute("max"),
        # (a stone painted over keeps an empty style attribute: the same picture)
        "board": page.locator("#step-svg").inner_html().replace(' style=""', ""),
        "after": page.locator("#after li").all_inner_texts(),
        "closing": page.locator("#closing p").all_inner_texts(),
        "turn": page.locator("#turn").input_value(),
    }


def test_moves_refused_after_a_try_show_the_position_they_were_typed_on(page):
    """A legal move typed and played, then the same move written twice: the refusal
    ("... written twice?: ... Nothing was played") stood beside the first try's steps,
    its board after the move and its "scores after the turn" lines, as if the refused
    moves had done that. Nothing was played, so the board is the position before the
    turn again, and the moves stay in their box to be corrected."""
    _rules(page)
    _preset(page)
    before = _shown(page)
    assert before["after"] == before["closing"] == []
    moves = page.get_by_label("Moves for the player to move")
    typed = _first_legal_move()
    moves.fill(typed)
    moves.press("Enter")
    page.locator("#closing p").first.wait_for()
    _settled(page)
    assert _shown(page)["board"] != before["board"]
    moves.fill(f"{typed},{typed}")
    moves.press("Enter")
    page.locator("#status").filter(has_text="written twice?").wait_for()
    _settled(page)
    assert "Nothing was played" in page.locator("#status").inner_text()
    assert _shown(page) == before
    assert page.locator("#after-heading").is_hidden()
    assert moves.input_value() == f"{typed},{typed}"
