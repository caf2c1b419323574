"""``fabgen rules turn`` and ``replay`` as a player at a real table uses them: a turn of
the file looked at again (``--turn N``), a move written twice or two moves from one
tile, and the messages that say which move, whose turn and what to do."""

import json
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fabgen.cli import main
from fabgen.rules.moves import IllegalMove, Move
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over, ranking, scores
from fabgen.rules.setup import start_position
from fabgen.rules.state import LIVE
from fabgen.rules.terminal import ranking_text, render_board, stacks_by_seat
from fabgen.rules.transcript import transcript_from_position, write_transcript
from fabgen.rules.turn import Turn, play_turn, replay

START = start_position(2, 2)
TURNS, _ = random_game(START, 7, max_turns=30, explode_bias=0.5)
CLI = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def game_file(tmp_path, turns, name="game.json"):
    path = tmp_path / name
    path.write_text(
        write_transcript(transcript_from_position(START, turns=turns, with_state=False))
    )
    return path


def after_the_turn(position) -> str:
    """What rules turn prints after the turn: each seat's fields, a seat a line."""
    lines = "".join(f"\n  {line}" for line in stacks_by_seat(position))
    return f"after the turn, each seat's fields:{lines}\n"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return game_file(tmp_path_factory.mktemp("table"), TURNS)


@CLI
@given(st.integers(1, len(TURNS)))
def test_turn_n_plays_the_files_own_turn_n(game, n):
    result = run("rules", "turn", str(game), "--turn", str(n))
    assert result.exit_code == 0, result.output
    assert f"plays turn {n} of the game" in result.stdout
    after = replay(START, TURNS[:n])
    assert after_the_turn(after) in result.stdout


@CLI
@given(st.integers(1, len(TURNS) + 1))
def test_turn_n_with_moves_plays_them_instead(game, n):
    result = run("rules", "turn", str(game), "--turn", str(n), "--moves", "pass")
    assert result.exit_code == 0, result.output
    after, _ = play_turn(replay(START, TURNS[: n - 1]), [])
    assert after_the_turn(after) in result.stdout


def test_a_turn_beyond_the_next_one_is_refused(game):
    result = run("rules", "turn", str(game), "--turn", str(len(TURNS) + 2))
    assert result.exit_code == 2 and result.stdout == ""
    assert f"has {len(TURNS)} turns; give a turn from 1 to {len(TURNS) + 1}" in result.stderr


TURNS_WITH_MOVES = [t for t, moves in enumerate(TURNS) if moves]


@CLI
@given(st.sampled_from(TURNS_WITH_MOVES), st.data())
def test_a_move_written_twice_in_a_file_is_named_with_how_to_look_at_the_turn(
    tmp_path_factory, t, data
):
    """Any move written a second time makes its turn illegal (its stones moved, or its
    tile was used); the message says which move of the turn it is and which it repeats,
    and the command it gives shows the position before the turn."""
    moves = list(TURNS[t])
    i = data.draw(st.integers(0, len(moves) - 1))
    written = [*moves, moves[i]]
    path = game_file(tmp_path_factory.mktemp("twice"), [*TURNS[:t], written, *TURNS[t + 1 :]])
    result = run("rules", "replay", str(path))
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert "\n" not in message
    assert f"illegal move at turn {t + 1} (counting from 1)" in message
    n = len(written)
    assert f"; it is move {n} of {n} of that turn (the same as move {i + 1}: written twice?)" in (
        message
    )
    assert message.endswith(f"to see the position before turn {t + 1}: {_hint(path, t)}")
    looked = run(*shlex.split(_hint(path, t))[1:])
    assert looked.exit_code == 1
    assert looked.stdout.startswith(f"the position before turn {t + 1}, ")
    assert render_board(replay(START, TURNS[:t])) in looked.stdout
    assert f"the file's moves of turn {t + 1}: {', '.join(map(str, written))}" in looked.stdout
    # the same message, but not the command just run: how to play other moves instead
    where = message.split(". Every turn before it is legal")[0]
    # (the file's moves without the one written twice: the turn as it was meant)
    tried = f"{_hint(path, t)} --moves {shlex.quote(', '.join(map(str, moves)) or 'pass')}"
    without = f"to play turn {t + 1} without that move (change the moves as you like)"
    assert looked.stderr.strip() == (
        f"{where}. Every turn before it is legal, and the position before turn {t + 1} is "
        f"shown above; {without}: {tried}"
    )
    assert run(*shlex.split(tried)[1:]).exit_code == 0  # a command that runs as given
    as_json = run(*shlex.split(_hint(path, t))[1:], "--format", "json")
    assert json.loads(as_json.stdout)["error"] == (  # no position shown: the moves to try
        f"{where}. Every turn before it is legal; {without}: {tried}"
    )


@pytest.mark.parametrize("asked", [[], ["--turn", "last"]])
def test_rules_turn_past_an_illegal_turn_says_how_to_look_at_it(tmp_path, asked):
    """rules turn without --turn, or with a later one, stops at the file's illegal turn
    with replay's message: the command it gives is not the one just run."""
    t = TURNS_WITH_MOVES[len(TURNS_WITH_MOVES) // 2]
    path = game_file(tmp_path, [*TURNS[:t], [*TURNS[t], TURNS[t][0]], *TURNS[t + 1 :]])
    asked = [a.replace("last", str(len(TURNS))) for a in asked]
    result = run("rules", "turn", str(path), *asked)
    assert result.exit_code == 1 and result.stdout == ""
    replayed = run("rules", "replay", str(path))
    assert result.stderr == replayed.stderr
    assert result.stderr.strip().endswith(
        f"to see the position before turn {t + 1}: {_hint(path, t)}"
    )


def test_a_turn_left_out_says_whose_turn_it_became(tmp_path):
    # A pass not written down gives the next turn's moves to the seat before: replay
    # said only that the stones are another seat's, not that the turns went wrong.
    t = next(t for t in range(1, len(TURNS)) if _left_out_refusal(t) == "not-your-stones")
    path = game_file(tmp_path, [*TURNS[:t], *TURNS[t + 1 :]])  # turn t + 1 left out
    message = run("rules", "replay", str(path)).stderr
    seat = "seat 1 (Red)" if t % 2 == 0 else "seat 2 (Blue)"
    assert f"illegal move at turn {t + 1} (counting from 1), {seat}, " in message
    assert (
        f"; turn {t + 1} is {seat}'s by the order of the turns, so a turn before it may be "
        "missing (write a pass as []) or two turns swapped. " in message
    )
    first = game_file(tmp_path, TURNS[1:], "first.json")  # Blue's turn written first
    said = run("rules", "replay", str(first)).stderr
    assert (
        "; turn 1 is seat 1 (Red)'s, as the file gives no next_player (seats counted "
        'from 0): if seat 2 (Blue) began, write "next_player": 1; if seat 1 (Red) passed, '
        "write that turn as []. " in said
    )


def test_a_machines_turn_left_out_says_that_every_machine_turn_is_written(tmp_path):
    # A person's two turns written one after the other, the machine's pass between
    # them left out: the rule alone said a machine never moves.
    solo = tmp_path / "solo.json"
    shown = run("boards", "--show", "1p-triangle-5-machine", "--as", "transcript")
    game = json.loads(shown.stdout)
    game["turns"] = [[["-d1", "-d0"]], [["-c1", "-c0"]]]
    solo.write_text(json.dumps(game))
    said = run("rules", "replay", str(solo)).stderr
    assert "illegal move at turn 2 (counting from 1), seat 2 (Machine), " in said
    assert (
        "; turn 2 is seat 2 (Machine)'s by the order of the turns: every machine turn is "
        "written down, as [], and these moves in their seat's turn. " in said
    )
    game["turns"].insert(1, [])
    solo.write_text(json.dumps(game))
    assert run("rules", "replay", str(solo)).exit_code == 0


def _left_out_refusal(t: int) -> str | None:
    """The rule the turn after turn ``t`` (from 0) breaks when ``t`` is left out."""
    try:
        replay(START, [*TURNS[:t], *TURNS[t + 1 :]])
    except IllegalMove as exc:
        return exc.rule if exc.turn == t else None
    return None


def _hint(path, t: int) -> str:
    return f"fabgen rules turn {shlex.quote(str(path))} --turn {t + 1}"


def legal_first_moves():
    return Turn(START).legal_moves()


@CLI
@given(st.sampled_from(legal_first_moves()))
def test_a_move_typed_twice_is_refused_naming_both(tmp_path_factory, move):
    path = game_file(tmp_path_factory.mktemp("typed"), [])
    result = run("rules", "turn", str(path), "--moves", f"{move}, {move}")
    assert result.exit_code == 2 and result.stdout == ""
    message = result.stderr.strip()
    assert message.startswith(
        f"Error: --moves: move 2 of 2, {move}, is refused (the same as move 1: written twice?): "
    )
    assert "Nothing was played: this is turn 1 of the game, seat 1 (Red) to move" in message
    assert "\n" not in message


@CLI
@given(st.sampled_from(legal_first_moves()), st.data())
def test_a_second_move_from_a_used_tile_names_the_move_that_used_it(tmp_path_factory, first, data):
    board = START.board
    tile = board.tile_of[board.index[first.source]]
    others = [m for m in legal_first_moves() if board.tile_of[board.index[m.source]] == tile]
    second = data.draw(st.sampled_from([m for m in others if m.source != first.source]))
    path = game_file(tmp_path_factory.mktemp("tile"), [])
    result = run("rules", "turn", str(path), "--moves", f"{first},{second}")
    assert result.exit_code == 2 and result.stdout == ""
    assert (
        f"--moves: move 2 of 2, {second}, is refused (move 1, {first}, started on the same "
        "tile): " in result.stderr
    )
    assert "(rule tile-used: at most one move starts on each tile per turn)" in result.stderr


def test_the_json_of_an_illegal_move_is_unchanged_in_form(tmp_path):
    written = [*TURNS[TURNS_WITH_MOVES[0]], TURNS[TURNS_WITH_MOVES[0]][0]]
    t = TURNS_WITH_MOVES[0]
    path = game_file(tmp_path, [*TURNS[:t], written])
    result = run("rules", "replay", str(path), "--format", "json")
    record = json.loads(result.stdout)
    assert record["turn"] == t + 1 and record["error"].endswith(_hint(path, t))


def test_the_tutorials_position_as_it_stands_plays_as_documented(tmp_path):
    """docs/tutorials/check.md, section 5: its transcript of a position typed in from
    the table and its console block, line by line ("..." leaves boards out)."""
    text = Path(__file__).parents[2].joinpath("docs/tutorials/check.md").read_text()
    section = text.split("## 5. A position as it stands on the table", 1)[1]
    position = section.split("```json\n", 1)[1].split("```", 1)[0]
    console = section.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    (tmp_path / "table.json").write_text(position)
    command = shlex.split(console[0].removeprefix("$ "))
    result = run(*[str(tmp_path / a) if a == "table.json" else a for a in command[1:]])
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    at = 0
    for line in console[1:]:
        if line == "...":
            continue
        assert line in out[at:], line  # each documented line, in order
        at = out.index(line, at) + 1


@CLI
@given(st.integers(1, len(TURNS)))
def test_each_turn_ends_with_every_seats_score_and_what_the_turn_changed(game, n):
    """A player keeping a scoresheet at the table checks it against this line."""
    result = run("rules", "turn", str(game), "--turn", str(n))
    before, after = scores(replay(START, TURNS[: n - 1])), scores(replay(START, TURNS[:n]))
    parts = [
        f"seat {k + 1} ({name}): {a}" + (f" ({a - b:+d})" if a != b else "")
        for k, (name, b, a) in enumerate(zip(("Red", "Blue"), before, after, strict=True))
    ]
    assert f"\nscores after the turn: {', '.join(parts)}\n" in result.stdout


FINISHED, FINAL = random_game(START, 3, max_turns=500)


def test_the_turn_that_ends_the_game_says_so_and_names_nobody_to_move_next(tmp_path):
    assert game_over(FINAL)  # the seeded game runs to its end
    path = game_file(tmp_path, FINISHED)
    result = run("rules", "turn", str(path), "--turn", str(len(FINISHED)))
    assert result.exit_code == 0, result.output
    assert "next to move" not in result.stdout
    standings = ranking_text(FINAL, ranking(FINAL))
    last = result.stdout.splitlines()[-1]
    burnt = LIVE not in FINAL._status  # (a random game mostly burns the board down)
    why = "the whole board has burnt" if burnt else "every region is settled"
    assert last == f"this turn ends the game: {why}; final ranking: {standings}"
    earlier = run("rules", "turn", str(path), "--turn", str(len(FINISHED) - 1))
    assert "this turn ends the game" not in earlier.stdout
    assert earlier.stdout.splitlines()[-1].startswith("next to move: seat ")


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(TURNS) - 1), st.booleans())
def test_the_machines_report_ends_with_the_command_that_plays_its_turn_step_by_step(
    tmp_path_factory, cut, in_place
):
    """The people making the machine's turn on the board run the command it gives and
    see that turn, each explosion of it (also after --play --out . rewrote the file)."""
    folder = tmp_path_factory.mktemp("machine")
    path = game_file(folder, TURNS[:cut])
    report = json.loads(run("rules", "machine", str(path), "--format", "json").stdout)
    play = ["--play", "--out", str(folder)] if in_place else []
    result = run("rules", "machine", str(path), *play)
    assert result.exit_code == 0, result.output
    e = report["explosions"]  # counted as rules turn shows them: a field twice, twice
    assert f"\n{e} explosion{'' if e == 1 else 's'} this turn\n" in result.stdout
    hint = [line for line in result.stdout.splitlines() if line.startswith("each step")]
    assert len(hint) == 1, result.stdout
    command = shlex.split(hint[0].removeprefix("each step of it on the board: "))
    assert command[:4] == ["fabgen", "rules", "turn", str(path)]
    shown = run(*command[1:])
    assert shown.exit_code == 0, shown.output
    moves = [Move.from_names(a, b) for a, b in report["moves"]]
    after, _ = play_turn(replay(START, TURNS[:cut]), moves)
    assert after_the_turn(after) in shown.stdout
    assert shown.stdout.count(" explodes (") == report["explosions"]


def test_a_turn_past_a_finished_game_offers_only_the_turns_it_had(tmp_path):
    """The game is over after its last turn: there is no next one to offer."""
    path = game_file(tmp_path, FINISHED)
    n = len(FINISHED)
    result = run("rules", "turn", str(path), "--turn", str(n + 2))
    assert result.exit_code == 2 and result.stdout == ""
    message = result.stderr.strip()
    assert message.endswith(
        f"has {n} turns and the game ended with turn {n}; give a turn from 1 to {n}"
    )
    assert "the next one" not in message and "\n" not in message


def test_replay_of_a_finished_game_names_nobody_to_move_next(tmp_path):
    finished = run("rules", "replay", str(game_file(tmp_path, FINISHED)))
    assert finished.exit_code == 0, finished.output
    standings = ranking_text(FINAL, ranking(FINAL))
    assert "next to move" not in finished.stdout
    assert finished.stdout.rstrip("\n").endswith(
        f"\nturns played: {len(FINISHED)}\nfinal ranking: {standings}"
    )
    going_on = run("rules", "replay", str(game_file(tmp_path, FINISHED[:-1], "on.json")))
    assert f"turns played: {len(FINISHED) - 1}; next to move: " in going_on.stdout
    assert "scores so far: " in going_on.stdout


def test_a_turn_without_moves_says_it_is_a_pass_and_how_to_give_moves(tmp_path):
    """A player who forgot --moves sees it at once, not only from a board without a move."""
    path = game_file(tmp_path, [])
    forgot = run("rules", "turn", str(path)).stdout.splitlines()[0]
    hint = ', as no --moves were given (--moves "c3-c5,f2-d2" plays moves)'
    assert forgot == f"seat 1 (Red) plays turn 1 of the game: a pass{hint}"
    meant = run("rules", "turn", str(path), "--moves", "pass").stdout.splitlines()[0]
    assert meant == "seat 1 (Red) plays turn 1 of the game: a pass"
    move = str(legal_first_moves()[0])
    moved = run("rules", "turn", str(path), "--moves", move).stdout.splitlines()[0]
    assert moved == "seat 1 (Red) plays turn 1 of the game"


def test_an_extreme_machine_turn_without_moves_is_named_a_pass_too(tmp_path):
    """An extreme machine moves like a person: without --moves its turn is a pass."""
    game = json.loads(game_file(tmp_path, []).read_text())
    game["players"][0]["kind"] = "extreme-machine"
    path = tmp_path / "extreme.json"
    path.write_text(json.dumps(game))
    first = run("rules", "turn", str(path)).stdout.splitlines()[0]
    assert first.startswith("seat 1 (Red) plays turn 1 of the game (an extreme machine")
    assert first.endswith(': a pass, as no --moves were given (--moves "c3-c5,f2-d2" plays moves)')
