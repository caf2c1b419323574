"""``fabgen rules turn --format json`` read back and followed by hand against the engine;
the "after the turn" list by seat; replay's JSON of a finished game names nobody to move."""

import json

import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.rules.moves import parse_moves
from fabgen.rules.names import field_name, parse_field
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over, places, scores
from fabgen.rules.setup import start_position
from fabgen.rules.state import Status
from fabgen.rules.terminal import describe_stacks, player_letter, stacks_by_seat
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript
from fabgen.rules.turn import play_turn, replay

START = start_position(2, 2)
FINISHED, FINAL = random_game(START, 3, max_turns=500)
# The transcript's neighbour steps (docs/formats.md, Coordinates), not the engine's tables.
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def write(tmp_path, position, turns=(), name="game.json"):
    path = tmp_path / name
    path.write_text(write_transcript(transcript_from_position(position, turns=list(turns))))
    return path


def seat(owner):
    return None if owner is None else owner + 1


def board_state(position) -> dict:
    """name -> [status, owner (from 1, None when empty or dead), stones]."""
    out = {}
    for f in position.fields():
        owner = None if f.status is Status.DEAD else seat(f.owner)
        out[f.name] = [f.status.value, owner, f.stones]
    return out


def follow_wave(step: dict, before: dict, mover: int) -> dict:
    """Play the wave's explosions as the JSON tells them, in order, on ``before``,
    checking each against the board: the field held what the JSON says, its stones went
    to exactly its live neighbours (found from the coordinates), each of which held what
    "was" says and holds what "now" says."""
    state = {name: list(cell) for name, cell in before.items()}
    for e in step["explosions"]:
        status, owner, stones = state[e["field"]]
        assert (status, owner, stones) == (e["status"], mover, e["stones"]), e
        q, r = parse_field(e["field"])
        around = [field_name((q + dq, r + dr)) for dq, dr in STEPS]
        live = [n for n in around if n in state and state[n][0] == "live"]
        assert sorted(s["field"] for s in e["sent"]) == sorted(live), e["field"]
        assert e["lost"] == max(0, stones - len(live))
        assert e["capacity"] == len(live) <= stones  # why it explodes
        for s in e["sent"]:
            _, was_owner, was_stones = state[s["field"]]
            assert s["was"] == {"player": was_owner, "stones": was_stones}
            if was_owner in (None, mover):
                now = [mover, was_stones + 1]
            else:  # one of another seat's stones cancelled
                now = [was_owner if was_stones > 1 else None, was_stones - 1]
            assert s["now"] == {"player": now[0], "stones": now[1]}
            state[s["field"]][1:] = now
        state[e["field"]] = [e["becomes"], None if e["becomes"] == "dead" else mover, 0]
    assert step["died"] == [e["field"] for e in step["explosions"] if e["becomes"] == "dead"]
    return state


def check_calm(calm: str, state: dict, mover: int, label: str) -> None:
    """Why nothing exploded, against the board before growth: the mover's fields that
    come nearest their capacity (live neighbours, found from the coordinates)."""
    gaps = {}
    for name, (status, owner, stones) in state.items():
        if owner == mover and status != "dead" and stones:
            q, r = parse_field(name)
            around = [field_name((q + dq, r + dr)) for dq, dr in STEPS]
            cap = sum(1 for n in around if n in state and state[n][0] == "live")
            gaps[name] = (cap - stones, f"{name} {stones} of {cap}")
    if not gaps:
        assert calm == f"no explosion: {label} has no stones on the board"
        return
    gap = min(g for g, _ in gaps.values())
    head = f"no explosion: every field of {label} is below its capacity (its live neighbours); "
    short = "one stone short" if gap == 1 else f"the nearest, {gap} stones short"
    assert calm.startswith(f"{head}{short}: "), calm
    named = calm.removeprefix(f"{head}{short}: ").split(" and ")[0].split(", ")
    nearest = {words for g, words in gaps.values() if g == gap}
    assert set(named) <= nearest and len(named) == min(8, len(nearest))


def check_turn(obj: dict, start, moves) -> None:
    """The whole JSON against the engine's own play of the turn from ``start``."""
    final, steps = play_turn(start, moves, record_steps=True)
    mover = start.next_player + 1
    assert (obj["turn"], obj["player"]) == (start.turns_played + 1, mover)
    assert obj["moves"] == [[field_name(m.source), field_name(m.destination)] for m in moves]
    assert [s["step"] for s in obj["steps"]] == list(range(len(steps)))
    assert [s["kind"] for s in obj["steps"]] == [s.kind for s in steps]
    state = board_state(start)
    waves = 0
    assert obj["steps"][0]["calm"] is None
    for before, shown, step in zip(obj["steps"][:-1], obj["steps"][1:], steps[1:], strict=True):
        if shown["kind"] == "growth" and before["kind"] != "explosion":
            check_calm(shown["calm"], state, mover, start.players[mover - 1].label(mover - 1))
        else:
            assert shown["calm"] is None, shown
        if shown["kind"] == "move":
            source, destination = shown["move"]
            (q0, r0), (q1, r1) = parse_field(source), parse_field(destination)
            assert shown["stones"] == max(abs(q1 - q0), abs(r1 - r0))  # k stones, k steps
            assert state[source][1] == mover and shown["stones"] <= state[source][2]
            had = state[destination][2] if state[destination][1] == mover else 0
            after = board_state(step.position)[destination]
            assert shown["landed"] == (after[2] - had if after[1] == mover else 0)
        elif shown["kind"] == "explosion":
            waves += 1
            assert shown["wave"] == waves
            assert follow_wave(shown, state, mover) == board_state(step.position)
        else:
            grown = {n for n, (status, owner, _) in state.items() if status == "growing"}
            assert set(shown["fields"]) == {n for n in grown if state[n][1] == mover}
        state = board_state(step.position)
    assert state == board_state(final)
    assert obj["scores_before"] == scores(start) and obj["scores"] == scores(final)
    assert obj["game_over"] is game_over(final) and obj["variant"] == "online"
    assert parse_transcript(json.dumps(obj["position"])).position == final


def test_a_chain_of_waves_reads_back_as_the_engine_plays_it(tmp_path):
    from test_rules_examples import chain_position

    path = write(tmp_path, chain_position())
    result = run("rules", "turn", str(path), "--moves", "-c1--a1", "--format", "json")
    assert result.exit_code == 0, result.output
    obj = json.loads(result.stdout)
    assert sum(s["kind"] == "explosion" for s in obj["steps"]) >= 3  # several waves
    assert any(s["died"] for s in obj["steps"] if s["kind"] == "explosion")
    start = parse_transcript(path.read_text()).position  # with the colours written
    check_turn(obj, start, parse_moves("-c1--a1"))
    assert "places" not in obj and obj["position"]["next_player"] == 1  # the game goes on


def test_the_turn_that_ends_the_game_gives_the_places_and_nobody_to_move(tmp_path):
    assert game_over(FINAL)
    path = write(tmp_path, START, FINISHED)
    n = len(FINISHED)
    result = run("rules", "turn", str(path), "--turn", str(n), "--format", "json")
    assert result.exit_code == 0, result.output
    obj = json.loads(result.stdout)
    check_turn(obj, replay(START, FINISHED[:-1]), list(FINISHED[-1]))
    assert obj["game_over"] is True and obj["places"] == places(FINAL)
    assert "next_player" not in obj["position"] and obj["position"]["game_over"] is True


def test_a_turn_without_explosion_says_why_before_growth_as_the_text_does(tmp_path):
    path = write(tmp_path, START)
    args = ["rules", "turn", str(path), "--moves", "c7-c6"]
    obj = json.loads(run(*args, "--format", "json").stdout)
    check_turn(obj, parse_transcript(path.read_text()).position, parse_moves("c7-c6"))
    growth = obj["steps"][-1]
    assert growth["kind"] == "growth" and growth["calm"]
    text = run(*args).stdout
    assert f"\n{growth['calm']}\n\nstep {growth['step']}: growth" in text


def test_json_and_svg_together_keep_stdout_one_json_object(tmp_path):
    path = write(tmp_path, START)
    args = ["rules", "turn", str(path), "--format", "json", "--svg", str(tmp_path / "s")]
    result = run(*args)
    assert result.exit_code == 0, result.output
    obj = json.loads(result.stdout)
    assert obj["moves"] == [] and len(list((tmp_path / "s").glob("*.svg"))) == len(obj["steps"])
    assert result.stderr.count("wrote ") == len(obj["steps"]) + 1  # (and turn-files.json)


def test_json_errors_stay_one_paragraph(tmp_path):
    path = write(tmp_path, START)
    refused = run("rules", "turn", str(path), "--moves", "zz1-zz2", "--format", "json")
    assert refused.exit_code == 2 and refused.stdout == ""
    assert "rule off-board" in refused.stderr and refused.stderr.count("\n") == 1
    bad = tmp_path / "bad.json"
    obj = json.loads(path.read_text())
    bad.write_text(json.dumps({**obj, "turns": [[["a1", "a1"]]]}))
    for args in (["--turn", "1"], []):  # the file's own turn played, or replayed first
        own = run("rules", "turn", str(bad), *args, "--format", "json")
        assert own.exit_code == 1
        record = json.loads(own.stdout)  # replay's record of an illegal move
        assert (record["file"], record["turn"], record["player"]) == (str(bad), 1, 1)
        assert record["rule"] == "same-field" and record["move"] == "a1-a1"
        assert record["error"] == own.stderr.strip() and "\n" not in record["error"]


def six_seats():
    start = start_position(2, 6)
    turns, _ = random_game(start, 5, max_turns=40)
    return replay(start, turns)


def test_after_the_turn_lists_each_seat_s_fields_together_in_seat_order():
    pos = six_seats()
    lines = stacks_by_seat(pos)
    assert len(lines) == 6
    entries = []
    for k, line in enumerate(lines):
        head, _, fields = line.partition(": ")
        assert head == f"{player_letter(k)} = {pos.players[k].label(k)}"
        if fields == "nothing on the board":
            continue
        for entry in fields.split(", "):
            assert entry.endswith(player_letter(k)), (k, entry)
            entries.append(entry)
    # The same fields and stacks as the board-order list, none lost, none twice.
    assert sorted(entries) == sorted(describe_stacks(pos).split(", "))


def test_rules_turn_prints_the_seat_lines_after_the_turn(tmp_path):
    pos = six_seats()
    path = write(tmp_path, pos)
    result = run("rules", "turn", str(path))
    assert result.exit_code == 0, result.output
    final, _ = play_turn(pos, [])
    lines = "".join(f"\n  {line}" for line in stacks_by_seat(final))
    assert f"\nafter the turn, each seat's fields:{lines}\nscores after" in result.stdout


@pytest.mark.parametrize("cut", [len(FINISHED), len(FINISHED) - 1])
def test_replay_json_names_a_player_to_move_only_while_the_game_goes_on(tmp_path, cut):
    path = write(tmp_path, START, FINISHED[:cut])
    line = run("rules", "replay", "--format", "json", str(path)).stdout
    obj = json.loads(line)
    final = replay(START, FINISHED[:cut])
    assert obj["game_over"] is game_over(final) is (cut == len(FINISHED))
    if obj["game_over"]:
        assert "next_player" not in obj
        # read back: a finished game, no turn to play
        again = tmp_path / "final.json"
        again.write_text(line)
        refused = run("rules", "turn", str(again))
        assert refused.exit_code == 2 and "rule game-over" in refused.stderr
    else:
        assert obj["next_player"] == final.next_player
    assert parse_transcript(line).position.turns_played == final.turns_played
    # A transcript fabgen writes keeps next_player: its turns are counted from it.
    assert '"next_player"' in path.read_text()


@pytest.mark.parametrize("variant", ["online", "1995"])
def test_a_pass_s_json_position_reads_back_as_the_engines_position(tmp_path, variant):
    """The position after a pass read back with 0 passes in a row under the online
    rules (the count was written for 1995 only): not the engine's position, and a file
    continued under ``--variant 1995`` needed those passes again before it could end.
    ``rules turn``'s position and ``rules replay``'s, of the same pass."""
    path = write(tmp_path, START)
    start = parse_transcript(path.read_text()).position  # with the colours written
    after, _ = play_turn(start, [], variant)
    assert after.passes == 1 and not game_over(after, variant)
    turned = run("rules", "turn", str(path), "--variant", variant, "--format", "json")
    assert turned.exit_code == 0, turned.output
    position = json.dumps(json.loads(turned.stdout)["position"])
    passed = write(tmp_path, START, [[]], "passed.json")
    replayed = run("rules", "replay", str(passed), "--variant", variant, "--format", "json")
    assert replayed.exit_code == 0, replayed.output
    for text in (position, replayed.stdout):
        assert json.loads(text)["passes"] == 1
        assert parse_transcript(text).position == after
