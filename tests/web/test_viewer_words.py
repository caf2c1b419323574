"""The rules viewer says a turn in the words of ``fabgen rules turn``: the command is run
on the same file and turn, its text read back and compared with the viewer's answer."""

from __future__ import annotations

import json
import math
import re

import pytest
from click.testing import CliRunner

from fabgen.cli import main


def _chain_game(tmp_path):
    """A finished game of 2p-diamond-4 by random players that grow on purpose, so that
    its turns have explosion chains of several waves, and the path of its file."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.names import field_name
    from fabgen.rules.random_games import random_game
    from fabgen.rules.scoring import game_over
    from fabgen.rules.transcript import parse_transcript

    text = board_transcript_text(load_preset("2p-diamond-4"))
    start = parse_transcript(text).position
    for seed in range(50):
        turns, final = random_game(start, seed, max_turns=400, explode_bias=0.9)
        if game_over(final):
            break
    game = json.loads(text)
    game["turns"] = [[[field_name(m.source), field_name(m.destination)] for m in t] for t in turns]
    path = tmp_path / "chain.json"
    path.write_text(json.dumps(game))
    return path, len(turns)


@pytest.fixture(scope="module")
def chain_game(tmp_path_factory):
    return _chain_game(tmp_path_factory.mktemp("viewer"))


def _command(path, turn: int) -> list[str]:
    result = CliRunner().invoke(main, ["rules", "turn", str(path), "--turn", str(turn)])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def _turns_to_check(path) -> list[int]:
    """The first turn, the first with three waves or more, and the last (it ends the
    game), counted from 1; the waves counted by the engine."""
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import play_turn

    transcript = parse_transcript(path.read_text())
    position, turns = transcript.position, transcript.move_list
    for t, moves in enumerate(turns, 1):
        position, steps = play_turn(position, list(moves), record_steps=True)
        if sum(step.kind == "explosion" for step in steps) >= 3:
            return [1, t, len(turns)]
    raise AssertionError("no turn of the game has three explosion waves")


def test_the_viewer_titles_each_step_as_rules_turn_does(client, chain_game):
    # A wave's title in the viewer left out its count of explosions, which the command
    # gives ("explosion wave 2 (3 explosions): ..."), as the play page counts a turn's.
    path, _ = chain_game
    text = path.read_text()
    for turn in _turns_to_check(path):
        steps = [line for line in _command(path, turn) if re.match(r"step \d+: ", line)]
        answer = client.post("/api/rules/turn", json={"transcript": text, "turn": turn - 1})
        titles = [s["title"] for s in answer.get_json()["steps"]]
        assert len(titles) == len(steps) >= 2
        for title, line in zip(titles, steps, strict=True):
            n, words = line.removeprefix("step ").split(": ", 1)
            assert title == f"{n}. {words}"
        if turn != 1:
            assert any(re.search(r"wave \d+ \(\d+ explosions?\): ", t) for t in titles)


def test_the_viewer_ends_a_turn_with_the_scores_and_what_comes_next(client, chain_game):
    # The viewer showed the scores before the turn as bare numbers and nothing after it:
    # not the scores it leaves, nor who moves next, nor that it ended the game.
    path, count = chain_game
    text = path.read_text()
    for turn in _turns_to_check(path):
        answer = client.post("/api/rules/turn", json={"transcript": text, "turn": turn - 1})
        closing = answer.get_json()["closing"]
        assert closing == _command(path, turn)[-2:]
        assert closing[0].startswith("scores after the turn: seat 1 (")
        last = "this turn ends the game: " if turn == count else "next to move: seat "
        assert closing[1].startswith(last)
    # the position after the last turn, no turn played: nothing to close
    answer = client.post("/api/rules/turn", json={"transcript": text, "turn": count})
    assert "closing" not in answer.get_json()


def _scores_after(lines: list[str]) -> list[str]:
    """The command's "scores after the turn:" line, each seat's score without what the
    turn changed ("seat 1 (Red): 9 (+2)" is "seat 1 (Red): 9")."""
    line = next(x for x in lines if x.startswith("scores after the turn: "))
    seats = line.removeprefix("scores after the turn: ").split(", ")
    return [re.sub(r" \([+-]\d+\)$", "", seat) for seat in seats]


def test_the_viewer_names_the_scores_before_a_turn_as_the_turn_before_left_them(client, chain_game):
    # They were bare numbers ("Scores before the turn: 0, 0, 27"), the seats unnamed.
    path, count = chain_game
    text = path.read_text()
    for turn in _turns_to_check(path)[1:]:
        answer = client.post("/api/rules/turn", json={"transcript": text, "turn": turn - 1})
        words = answer.get_json()["scores_words"]
        assert words == _scores_after(_command(path, turn - 1))
        assert [w.rsplit(" ", 1)[1] for w in words] == [str(n) for n in answer.get_json()["scores"]]
    # after the last turn (no turn played): the scores it left
    answer = client.post("/api/rules/turn", json={"transcript": text, "turn": count})
    assert answer.get_json()["scores_words"] == _scores_after(_command(path, count))


def _open(page, path: str):
    page.goto(page.base + path)
    page.evaluate("document.fonts.ready.then(() => true)")  # laid out in the served fonts
    return page


def test_the_viewer_page_shows_the_closing_lines_under_the_board(page, chain_game):
    path, count = chain_game
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    # (the file's first turn is shown once loaded: its closing lines are the new state)
    closing = page.locator("#closing p")
    closing.filter(has_text="scores after the turn: ").wait_for()
    assert page.locator("#turn-info").inner_text().startswith(f"chain.json, turn 1 of the {count}")
    assert closing.all_inner_texts() == _command(path, 1)[-2:]


def test_the_viewer_counts_turns_from_1_as_rules_turn_does(client, page, chain_game):
    # The turn box counted from 0: turn 33 of the play page's list and of rules turn
    # --turn 33 was 32 in the box, and 33 there showed turn 34.
    path, count = chain_game
    chain = _turns_to_check(path)[1]
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    info = page.locator("#turn-info")
    info.filter(has_text=f"turn 1 of the {count} in the file").wait_for()
    box = page.get_by_label("Turn (1 = the first)")
    assert box.input_value() == "1"
    box.fill(str(chain))
    box.press("Enter")
    info.filter(has_text=f"turn {chain} of the {count} in the file").wait_for()
    words = _command(path, chain)
    steps = [line for line in words if re.match(r"step \d+: ", line)]
    assert words[0].startswith("seat ") and f"plays turn {chain} of the game" in words[0]
    page.locator("#step").fill(str(len(steps) - 1))
    page.locator("#step").dispatch_event("input")
    n, last = steps[-1].removeprefix("step ").split(": ", 1)
    assert page.locator("#step-title").inner_text() == f"Step {n}. {last}"
    assert page.locator("#closing p").all_inner_texts() == words[-2:]
    before = ", ".join(_scores_after(_command(path, chain - 1)))
    assert f"Scores before the turn: {before}." in info.inner_text()
    # the buttons step by one from the box's turn; past the file's last is the next turn
    page.get_by_role("button", name="Previous turn").click()
    info.filter(has_text=f"turn {chain - 1} of the {count} in the file").wait_for()
    assert box.input_value() == str(chain - 1)
    box.fill(str(count + 5))
    box.press("Enter")
    info.filter(has_text=f"after the {count} turns of the file").wait_for()
    assert box.input_value() == str(count + 1)


def _show_turn(page, path, count: int, turn: int) -> None:
    """The rules viewer with ``path`` (a game of ``count`` turns) loaded and ``turn``
    (counted from 1) typed in its turn box, once the page shows that turn."""
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    info = page.locator("#turn-info")
    info.filter(has_text=f"turn 1 of the {count} in the file").wait_for()
    page.get_by_label("Turn (1 = the first)").fill(str(turn))
    page.get_by_label("Turn (1 = the first)").press("Enter")
    info.filter(has_text=f"turn {turn} of the {count} in the file").wait_for()


def test_the_viewer_says_what_its_red_outline_marks(client, page, chain_game):
    # fabgen rules turn --svg outlines in red the fields that explode next; the viewer
    # outlines those of the step shown, in the same red, and said nothing of it.
    path, count = chain_game
    chain = _turns_to_check(path)[1]
    text = path.read_text()
    answer = client.post("/api/rules/turn", json={"transcript": text, "turn": chain - 1})
    steps = answer.get_json()["steps"]
    _show_turn(page, path, count, chain)
    key = page.locator("#step-key")
    assert key.inner_text() == ""  # the position before the turn: nothing outlined
    seen = set()
    for k, step in enumerate(steps[1:], 1):
        page.get_by_role("button", name="Next step").click()
        page.locator("#step-title").filter(has_text=f"Step {step['title']}").wait_for()
        outlined = page.eval_on_selector_all(
            "#step-svg g.field.flash", "gs => gs.map((g) => g.dataset.field)"
        )
        assert sorted(outlined) == sorted(step["fields"]), k
        words = key.inner_text()
        if step["title"].split(". ", 1)[1].startswith("explosion wave"):
            assert words.startswith("Outlined in red: the fields that explode in this wave")
            # the title names the wave's fields: those outlined
            named = step["title"].split(": ", 1)[1].split(", ")
            assert sorted(named) == sorted(outlined)
        seen.add(words)
    assert len(seen) >= 2 and "" not in seen  # each step says what it outlines


def test_a_finished_game_says_how_it_ended_not_who_moves(client, page, chain_game):
    # After the last turn of a finished game the viewer said "type moves to play the next
    # turn; seat 1 (Red) to move. ... The game is over.": nobody moves after the end.
    path, count = chain_game
    text = path.read_text()
    last = _command(path, count)[-1]
    assert last.startswith("this turn ends the game: ")
    ending = last.removeprefix("this turn ends the game: ")
    replayed = CliRunner().invoke(main, ["rules", "replay", str(path)]).output.splitlines()
    ranked = [line for line in replayed if line.startswith("final ranking: ")]
    assert len(ranked) == 1 and ending.endswith(f"; {ranked[0]}")  # as replay ranks it
    answer = client.post("/api/rules/turn", json={"transcript": text, "turn": count})
    assert answer.get_json()["ending"] == ending
    answer = client.post("/api/rules/turn", json={"transcript": text, "turn": count - 1})
    assert answer.get_json()["ending"] is None  # before the last turn the game goes on
    _open(page, "/rules")
    page.get_by_label("Transcript", exact=True).set_input_files(str(path))
    info = page.locator("#turn-info")
    info.filter(has_text=f"turn 1 of the {count} in the file").wait_for()
    page.get_by_label("Turn (1 = the first)").fill(str(count + 1))
    page.get_by_label("Turn (1 = the first)").press("Enter")
    info.filter(has_text="the game is over").wait_for()
    assert info.inner_text() == (
        f"chain.json, after the {count} turns of the file: the game is over: {ending}."
    )


def test_moves_typed_in_the_viewer_are_refused_in_the_words_of_rules_turn(client, chain_game):
    # The viewer said "move -c0 to -a0: -c0 holds no stones (rule ...)": not that it was
    # the second of two moves, the same as the first, nor that nothing was played.
    path, _ = chain_game
    chain = _turns_to_check(path)[1]
    game = json.loads(path.read_text())
    move = game["turns"][chain - 1][0]
    game["turns"] = game["turns"][: chain - 1]  # the game before the chain turn
    cut = path.with_name("cut.json")
    cut.write_text(json.dumps(game))
    typed = ", ".join([f"{move[0]} to {move[1]}"] * 2)  # a move written twice
    result = CliRunner().invoke(main, ["rules", "turn", str(cut), "--moves", typed])
    assert result.exit_code == 2
    said = " ".join(result.output.split())  # (click wraps nothing, but be sure)
    head, tail = "Error: --moves: ", "; correct --moves and run again"
    assert said.startswith(head) and said.endswith(tail)
    words = said.removeprefix(head).removesuffix(tail)
    assert words.startswith("move 2 of 2, ") and "(the same as move 1: written twice?)" in words
    asked = {"transcript": cut.read_text(), "turn": chain - 1, "moves": typed}  # (the next)
    answer = client.post("/api/rules/turn", json=asked)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == (f"Moves: {words}; correct the moves and play them again")
    # moves the box cannot read are named the same way ("moves '[[...' is ..." before)
    pairs = json.dumps([move])
    answer = client.post("/api/rules/turn", json=asked | {"moves": pairs})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith(f"Moves: '{pairs}' is written as a transcript")
    assert answer.get_json()["error"].endswith(f'write "{move[0]} to {move[1]}"')


def test_a_file_with_a_move_written_twice_is_refused_as_rules_replay_says_it(client, chain_game):
    # The viewer (and the play page's upload) named the turn, player, move and rule, but
    # not that it was the second move of its turn, the same as the first.
    path, _ = chain_game
    chain = _turns_to_check(path)[1]
    game = json.loads(path.read_text())
    move = game["turns"][chain - 1][0]
    game["turns"] = [*game["turns"][: chain - 1], [move, move]]
    twice = path.with_name("twice.json")
    twice.write_text(json.dumps(game))
    result = CliRunner().invoke(main, ["rules", "replay", str(twice)])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    head = f"{twice}: illegal move at "
    assert said.startswith(head) and ". Every turn before it is legal" in said
    words = said.removeprefix(head).split(". Every turn before it is legal")[0]
    assert words.endswith("; it is move 2 of 2 of that turn (the same as move 1: written twice?)")
    text = twice.read_text()
    answer = client.post("/api/rules/turn", json={"transcript": text, "name": "twice.json"})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == f"twice.json: illegal move at {words}"


def test_a_file_that_goes_on_after_its_game_ended_is_refused_as_rules_replay_says_it(client):
    # The viewer said the game had ended, not that the turns after it are to be removed.
    from fabgen.rules.random_games import random_game
    from fabgen.rules.setup import start_position
    from fabgen.rules.transcript import transcript_from_position, write_transcript

    start = start_position(2, 2)
    turns, _ = random_game(start, 3, max_turns=500)
    text = write_transcript(transcript_from_position(start, turns=[*turns, [], []]))
    answer = client.post("/api/rules/turn", json={"transcript": text, "name": "notes.json"})
    n = len(turns)
    assert answer.status_code == 400
    assert answer.get_json()["error"].endswith(
        f"; the file's turns {n + 1} to {n + 2} come after the end: remove them (or, if the "
        "game went on at the table, a turn before is written wrong)"
    )


def test_the_play_pages_turns_title_their_waves_as_rules_turn_does(tmp_path, fixed_game_id):
    # At the table the list said "explosion wave 1: b-3" where fabgen rules turn (and the
    # viewer) say "explosion wave 1 (1 explosion): b-3"; the turn's own line counts them.
    # (The game's id seeds its random seats: a fixed one, so that its first turns have
    # explosions in every run; with a random id some runs had none.)
    from fabgen.web import create_app

    play = create_app(games_dir=tmp_path / "games").test_client()
    seats = ["random", "random", "random"]
    game = play.post("/api/games", json={"preset": "3p-triangle-4", "seats": seats})
    assert game.status_code == 200, game.get_json()
    turns = game.get_json()["turns"]
    path = tmp_path / "game.json"
    path.write_bytes(play.get(f"/api/games/{game.get_json()['id']}/transcript").data)
    checked = 0
    for t, turn in enumerate(turns, 1):
        waves = [d for d in turn["details"] if d.startswith("explosion wave")]
        if not waves:
            continue
        steps = [line for line in _command(path, t) if re.match(r"step \d+: explosion", line)]
        assert waves == [line.split(": ", 1)[1] for line in steps]
        counted = sum(int(re.search(r"\((\d+) explosions?\)", w).group(1)) for w in waves)
        assert counted == turn["explosions"]
        checked += 1
    assert checked >= 3


def test_on_a_phone_the_lists_under_the_board_never_break_a_field_name(page, chain_game):
    # "A = seat 1 (Red): a4 1A, -b2 2A, -a2 1A, -" / "c1 1A, ...": the browser broke
    # the line after a field's leading minus.
    path, count = chain_game
    chain = _turns_to_check(path)[1]
    page.set_viewport_size({"width": 390, "height": 844})
    _show_turn(page, path, count, chain)
    page.get_by_role("button", name="Next step").click()
    page.locator("#step-title").filter(has_text="Step 1. ").wait_for()
    # each field's name is kept whole (a nowrap span, as in the explosions' lines), and
    # none of those spans is broken over two lines
    split = page.evaluate(
        """() => {
        const out = [];
        const name = /(?<![\\w-])-?[a-z]+(?:0|-?[1-9][0-9]*)(?![\\w])/g;
        for (const line of document.querySelectorAll('#after li, #step-details li')) {
          const kept = [...line.querySelectorAll('.field-name')];
          const named = [...line.textContent.matchAll(name)].map((m) => m[0]);
          if (kept.map((k) => k.textContent).join() !== named.join()) out.push(line.textContent);
          // (on one line: a name said in words has an empty box after it, on its line)
          const lines = (k) => new Set([...k.getClientRects()].map((r) => Math.round(r.top)));
          for (const k of kept) if (lines(k).size > 1) out.push(k.textContent);
        }
        return out;
    }"""
    )
    names = page.locator("#after li").all_inner_texts()
    assert any("-" in line.split(": ", 1)[1] for line in names)  # names with a minus
    assert split == []


def test_the_viewers_step_pictures_show_the_board_the_way_up_rules_turn_svg_does(
    client, chain_game, tmp_path
):
    # The answer's SVG of each step drew the board on the lattice's own axes, some 19°
    # off the pictures of rules turn --svg and the setup diagram (973ef1b turned those).
    from tests.products.test_turn import _normalised, _picture_cells_and_stones

    path, _ = chain_game
    text = path.read_text()
    result = CliRunner().invoke(
        main, ["rules", "turn", str(path), "--turn", "1", "--svg", str(tmp_path / "steps")]
    )
    assert result.exit_code == 0, result.output
    pictures = sorted((tmp_path / "steps").glob("*.svg"))
    answer = client.post("/api/rules/turn", json={"transcript": text, "turn": 0})
    steps = answer.get_json()["steps"]
    assert len(steps) == len(pictures) >= 2
    for step, picture in zip(steps, pictures, strict=True):
        ours, _ = _picture_cells_and_stones(step["svg"].encode())
        theirs, _ = _picture_cells_and_stones(picture.read_bytes())
        assert len(ours) == len(theirs) > 0
        command = _normalised(theirs, theirs)
        for x, y in _normalised(ours, ours):
            assert min(math.hypot(x - u, y - v) for u, v in command) < 0.02


def _calm_and_stormy_turns(path) -> tuple[int, int]:
    """The first turn of the game with moves in which nothing explodes (the line is said
    of the board the moves left) and the first in which something does, counted from 1;
    the steps counted by the engine."""
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import play_turn

    transcript = parse_transcript(path.read_text())
    position, found = transcript.position, {}
    for t, moves in enumerate(transcript.move_list, 1):
        position, steps = play_turn(position, list(moves), record_steps=True)
        kinds = {step.kind for step in steps}
        if moves or "explosion" in kinds:
            found.setdefault("explosion" in kinds, t)
    return found[False], found[True]


def test_the_viewer_says_why_nothing_exploded_as_rules_turn_does(client, chain_game):
    # rules turn says, before growth, "no explosion: every field of seat 1 (Red) is below
    # its capacity ...; one stone short: ..."; the viewer showed growth without it.
    path, _ = chain_game
    text = path.read_text()
    for turn, calm in zip(_calm_and_stormy_turns(path), (True, False), strict=True):
        lines = _command(path, turn)
        answer = client.post("/api/rules/turn", json={"transcript": text, "turn": turn - 1})
        steps = answer.get_json()["steps"]
        said = {s["title"]: s["calm"] for s in steps if s["calm"] is not None}
        if not calm:
            assert said == {} and not any(x.startswith("no explosion") for x in lines)
            # the explosion phase in figures instead, as the command prints it there
            figures = [x for x in lines if x.startswith("the explosion phase: ")]
            chain = [(s["title"], s["chain"]) for s in steps if s["chain"] is not None]
            assert len(figures) == 1 and chain == [(steps[-1]["title"], figures[0])]
            continue
        # the command's line, then a blank one, then the growth step's
        n = next(i for i, x in enumerate(lines) if re.match(r"step \d+: growth", x))
        assert lines[n - 2].startswith("no explosion: every field of seat ") and not lines[n - 1]
        growth = lines[n].removeprefix("step ").replace(": ", ". ", 1)
        assert said == {growth: lines[n - 2]} and steps[-1]["title"] == growth
