"""``fabgen rules replay`` and ``fabgen rules turn``: outputs, messages, exit codes."""

import json
import os
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over, scores
from fabgen.rules.setup import position_from_names, start_position
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript

SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def games(tmp_path):
    """Two random games on a 19-segment board, written as transcripts."""
    start = start_position(2, 3)
    out = []
    for seed in (1, 2):
        turns, final = random_game(start, seed, max_turns=25)
        path = tmp_path / f"game{seed}.json"
        path.write_text(
            write_transcript(transcript_from_position(start, turns=turns, with_state=False))
        )
        out.append((path, final))
    return out


def test_replay_draws_each_final_position(games):
    result = run("rules", "replay", *(str(p) for p, _ in games))
    assert result.exit_code == 0, result.output
    for path, _ in games:
        assert f"{path}: 25 turns replayed, all legal; game over: no" in result.stdout
    assert result.stdout.count("scores so far: 1. ") == 2
    assert "A = seat 1 (Red), B = seat 2 (Blue), C = seat 3 (Green)" in result.stdout


def test_replay_json_gives_one_final_position_per_line_in_input_order(games):
    args = ["rules", "replay", "--format", "json", *(str(p) for p, _ in reversed(games))]
    result = run(*args)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    for line, (_, final) in zip(lines, reversed(games), strict=True):
        obj = json.loads(line)
        assert list(obj) == [
            "format", "version", "segments", "players",
            "next_player", "turns_played", "game_over", "scores", "places", "variant",
            "passes",
        ]  # fmt: skip
        assert obj["passes"] == final.passes  # under every variant (1995's end counts them)
        assert obj["turns_played"] == 25 and obj["next_player"] == 25 % 3
        assert obj["game_over"] is game_over(final) and obj["scores"] == scores(final)
        assert parse_transcript(line).position == final
        for k, player in enumerate(obj["players"]):
            expected = {f.name: f.stones for f in final.fields() if f.owner == k}
            live = {n: v for n, v in player["stacks"].items() if v > 0}
            assert live == {n: v for n, v in expected.items() if final.status(n).value == "live"}
    again = run(*args)
    assert again.stdout == result.stdout  # same input, same bytes


def tied_game(tmp_path):
    """A finished three-player game: red and green hold five fields each, blue two."""
    row = ["a1 b1 c1 d1 e1 f1", "g1 h1 i1 j1 k1 l1", "m1 n1"]
    stacks = [{"a1": 3, "f1": 0, "l1": 0}, {"m1": 1}, {"g1": 1}]
    pos = position_from_names(row, stacks, ["Red", "Blue", "Green"])
    path = tmp_path / "tied.json"
    path.write_text(write_transcript(transcript_from_position(pos, turns=[])))
    return path


def test_replay_tied_scores_share_a_place(tmp_path):
    path = tied_game(tmp_path)
    line = run("rules", "replay", "--format", "json", str(path)).stdout
    obj = json.loads(line)
    assert obj["game_over"] is True and obj["scores"] == [5, 2, 5]
    assert obj["places"] == [1, 3, 1]  # red and green share first place; no second
    assert obj["variant"] == "online"
    assert parse_transcript(line).places == (1, 3, 1)  # read back
    text = run("rules", "replay", str(path)).stdout
    assert "final ranking: 1. seat 1 (Red): 5, seat 3 (Green): 5 (tied); 3. seat 2" in text


def test_replay_the_2013_option_ranks_ties_in_reverse_turn_order(tmp_path):
    path = tied_game(tmp_path)
    args = ["rules", "replay", "--variant", "online-2013", str(path)]
    obj = json.loads(run(*args, "--format", "json").stdout)
    assert obj["places"] == [2, 3, 1] and obj["variant"] == "online-2013"
    text = run(*args).stdout
    assert "final ranking: 1. seat 3 (Green): 5; 2. seat 1 (Red): 5; 3. seat 2" in text


def test_replay_json_stacks_follow_the_transcript_convention(tmp_path):
    pos = position_from_names(
        ["a1 b1 c1 d1", "a2 b2 c2 d2"], [{"a1": 2, "b2": -3, "c1": 0}, {"d2": 1}], ["R", "B"]
    )
    path = tmp_path / "pos.json"
    path.write_text(write_transcript(transcript_from_position(pos, turns=[])))
    result = run("rules", "replay", "--format", "json", str(path))
    stacks = [p["stacks"] for p in json.loads(result.stdout)["players"]]
    assert stacks == [{"a1": 2, "c1": 0, "b2": -3}, {"d2": 1}]


def broken_game(tmp_path, games):
    """game1 with an extra turn whose move goes nowhere."""
    path, _ = games[0]
    obj = json.loads(path.read_text())
    start = parse_transcript(path.read_text())
    player = (25 % 3, start.position.players[25 % 3].name)
    obj["turns"].append([["a1", "a1"]])
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(obj))
    return bad, player


def test_an_illegal_move_exits_1_naming_file_turn_player_move_and_rule(tmp_path, games):
    bad, (k, name) = broken_game(tmp_path, games)
    result = run("rules", "replay", str(bad), str(games[1][0]))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"{bad}: illegal move at turn 26 (counting from 1), seat {k + 1} ({name}), move a1-a1: "
        "the move starts and ends on the same field (rule same-field: a move goes at least "
        "one step). Every turn before it is legal; to see the position before turn 26: "
        f"fabgen rules turn {bad} --turn 26"
    )
    assert f"{games[1][0]}: 25 turns replayed, all legal" in result.stdout  # checked anyway


def test_an_illegal_move_in_json_mode_keeps_one_line_per_file(tmp_path, games):
    bad, (k, _) = broken_game(tmp_path, games)
    result = run("rules", "replay", "--format", "json", str(games[1][0]), str(bad))
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["format"] == "Atlantis transcript"
    assert {key: second[key] for key in ("file", "rule", "turn", "player", "move")} == {
        "file": str(bad), "rule": "same-field", "turn": 26, "player": k + 1, "move": "a1-a1",
    }  # fmt: skip


def test_an_unreadable_file_exits_2_with_the_json_path(tmp_path, games):
    bad, _ = broken_game(tmp_path, games)
    wrong = tmp_path / "wrong.json"
    obj = json.loads(games[0][0].read_text())
    obj["players"][1]["stacks"]["zz99"] = 1
    wrong.write_text(json.dumps(obj))
    result = run("rules", "replay", str(bad), str(wrong), str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    errors = result.stderr.splitlines()
    assert len(errors) == 3
    # (an unreadable file is said as every command says a refusal; an illegal move not)
    assert not errors[0].startswith("Error:")
    assert errors[1] == (
        f"Error: {wrong} at $.players[1].stacks.zz99: zz99 is not on the board: "
        "stacks may only be on the fields of the segments"
    )
    assert errors[2] == f"Error: {tmp_path / 'nothing.json'}: no such file: check the name"


def test_bad_json_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{")
    result = run("rules", "replay", str(path))
    assert result.exit_code == 2
    assert "is not valid JSON" in result.stderr


def test_unknown_variant_is_a_usage_error(games):
    result = run("rules", "replay", "--variant", "1985", str(games[0][0]))
    assert result.exit_code == 2
    assert "'1985' is not one of 'online', 'online-2013', 'blog', '1995'" in result.stderr
    assert "(did you mean '1995'?)" in result.stderr  # one digit off: the year of the rules
    result = run("rules", "replay", "--variant", "cup", str(games[0][0]))
    assert result.exit_code == 2 and "did you mean" not in result.stderr
    result = run("rules", "replay", "--variant", "Online", str(games[0][0]))
    assert result.exit_code == 2
    assert "'Online' is not one of 'online', " in result.stderr
    assert "(did you mean 'online'?)" in result.stderr


def chain_file(tmp_path):
    """The chain reaction of test_rules_examples as a transcript."""
    from test_rules_examples import chain_position

    path = tmp_path / "chain.json"
    path.write_text(write_transcript(transcript_from_position(chain_position(), turns=[])))
    return path


def test_turn_shows_moves_every_explosion_wave_and_growth(tmp_path):
    result = run("rules", "turn", str(chain_file(tmp_path)), "--moves", "-c1--a1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    titles = [line for line in out.splitlines() if line.startswith("step ")]
    assert titles == [
        "step 0: before the turn of seat 1 (Red)",
        "step 1: move 1: -c1 to -a1",
        "step 2: explosion wave 1 (2 explosions): -a1, g1",
        "step 3: explosion wave 2 (1 explosion): a1",
        "step 4: explosion wave 3 (1 explosion): b2",
        "step 5: explosion wave 4 (1 explosion): b1",
        "step 6: explosion wave 5 (1 explosion): a1",
        "step 7: growth: -a1, b2, b1",
    ]
    assert (
        "  b1 explodes (live -> growing): 4 stones, 3 live neighbours, 1 lost over capacity" in out
    )
    # the chain's figures, to check a count by hand, before growth
    assert (
        "\nthe explosion phase: 5 waves, 6 explosions (4 live -> growing, 2 growing -> dead), "
        "1 stone lost, 0 opponent stones cancelled\n\nstep 7: growth: " in out
    )
    assert "next to move: seat 2 (Blue)" in out


def test_turn_writes_one_svg_per_step(tmp_path):
    out_dir = tmp_path / "steps"
    args = ["rules", "turn", str(chain_file(tmp_path)), "--moves=-c1--a1", "--svg", str(out_dir)]
    result = run(*args)
    assert result.exit_code == 0
    names = sorted(p.name for p in out_dir.iterdir())
    assert names == [
        "step-00-start.svg",
        "step-01-move--c1--a1.svg",
        "step-02-explosion-wave-1.svg",
        "step-03-explosion-wave-2.svg",
        "step-04-explosion-wave-3.svg",
        "step-05-explosion-wave-4.svg",
        "step-06-explosion-wave-5.svg",
        "step-07-growth.svg",
        "turn-files.json",
    ]
    assert result.stdout.count("wrote ") == 9
    root = ElementTree.parse(out_dir / "step-02-explosion-wave-1.svg").getroot()
    assert root.get("width", "").endswith("mm")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "2. explosion wave 1 (2 explosions): -a1, g1" in texts
    first = (out_dir / "step-07-growth.svg").read_bytes()
    run(*args)
    assert (out_dir / "step-07-growth.svg").read_bytes() == first


def test_turn_whose_pictures_cannot_be_written_prints_no_report(tmp_path, monkeypatch):
    """A folder that passes the checks but fails when written (a full disk, /proc as
    root): exit 2 with the message alone; the report was printed before the failure."""
    from fabgen.errors import FabgenError
    from fabgen.export import transaction

    def full(out_dir, files, **kwargs):
        raise FabgenError(f"cannot write into {out_dir}: No space left on device")

    monkeypatch.setattr(transaction, "write_transaction", full)
    args = ["rules", "turn", str(chain_file(tmp_path)), "--moves=-c1--a1"]
    result = CliRunner().invoke(main, [*args, "--svg", str(tmp_path / "steps")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "No space left on device" in result.stderr


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        ("-c1-a1", "rule wrong-distance"),
        ("-c1", "is not a move"),
        ("zz1-zz2", "rule off-board"),
    ],
)
def test_turn_with_a_bad_move_exits_2(tmp_path, moves, words):
    result = run("rules", "turn", str(chain_file(tmp_path)), "--moves", moves)
    assert result.exit_code == 2
    assert words in result.stderr


def test_turn_on_a_game_whose_file_has_an_illegal_move_exits_1(tmp_path, games):
    bad, _ = broken_game(tmp_path, games)
    result = run("rules", "turn", str(bad))
    assert result.exit_code == 1
    assert "illegal move at turn 26 (counting from 1)" in result.stderr


def test_the_cli_offers_exactly_the_engine_variants():
    from fabgen.cli.rules_common import VARIANT_NAMES
    from fabgen.rules.variants import VARIANTS

    assert list(VARIANT_NAMES) == list(VARIANTS)


def test_the_rules_package_stays_pure():
    import subprocess
    import sys

    code = (
        "import sys, fabgen.rules, fabgen.cli.rules_cmd\n"
        "heavy = {'cadquery', 'reportlab', 'ezdxf', 'svgwrite', 'shapely'}\n"
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_outputs_are_identical_across_processes(tmp_path):
    # Different hash seeds change the iteration order of sets of strings; nothing the
    # rules commands write may depend on it.
    import os
    import subprocess
    import sys

    game = chain_file(tmp_path)
    outputs = []
    for seed in ("1", "4"):
        out_dir = tmp_path / f"svg{seed}"
        script = "from fabgen.cli import main; main()"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        replayed = subprocess.run(
            [sys.executable, "-c", script, "rules", "replay", "--format", "json", str(game)],
            capture_output=True, check=True, env=env,
        )  # fmt: skip
        subprocess.run(
            [sys.executable, "-c", script, "rules", "turn", str(game), "--moves=-c1--a1",
             "--svg", str(out_dir)],
            capture_output=True, check=True, env=env,
        )  # fmt: skip
        pictures = {p.name: p.read_bytes() for p in sorted(out_dir.glob("*.svg"))}
        outputs.append((replayed.stdout, pictures))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][1]) == 8


def svg_texts(path) -> list[str]:
    return [t.text for t in ElementTree.parse(path).getroot().iter(f"{SVG}text")]


def red_outlines(path) -> int:
    root = ElementTree.parse(path).getroot()
    return sum(1 for e in root.iter() if e.get("stroke") == "#d40000")


@pytest.fixture
def turn_pictures(tmp_path):
    out_dir = tmp_path / "steps"
    result = run(
        "rules", "turn", str(chain_file(tmp_path)), "--moves=-c1--a1", "--svg", str(out_dir)
    )
    assert result.exit_code == 0, result.output
    return out_dir, result.stdout


def test_turn_pictures_show_field_names_unless_told_not_to(tmp_path, turn_pictures):
    from test_rules_examples import chain_position

    out_dir, _ = turn_pictures
    names = {s.name for s in chain_position().fields()}
    assert names <= set(svg_texts(out_dir / "step-00-start.svg"))
    hidden = tmp_path / "hidden"
    args = ["rules", "turn", str(chain_file(tmp_path)), "--moves=-c1--a1", "--no-names"]
    assert run(*args, "--svg", str(hidden)).exit_code == 0
    assert not names & set(svg_texts(hidden / "step-00-start.svg"))


def test_every_turn_picture_has_a_legend_with_the_marks_it_shows_and_the_seats(turn_pictures):
    from fabgen.draw.position import KEY

    out_dir, _ = turn_pictures
    pictures = sorted(out_dir.glob("*.svg"))
    assert len(pictures) == 8
    for path in pictures:
        texts = svg_texts(path)
        shown = {  # the field states always; a mark only in a picture that draws it
            "arrow": "-move-" in path.name,
            "burst": "-explosion-wave-" in path.name,
            "outline": red_outlines(path) > 0,
        }
        for kind, words in KEY:
            assert (words in texts) == shown.get(kind, True), (path.name, words)
        # seats count from 1, as in the text output
        assert any(t.startswith("seat 1 (Red)") for t in texts), path.name
        assert any(t.startswith("seat 2 (Blue)") for t in texts), path.name


def test_turn_pictures_outline_what_explodes_next_as_the_rule_sheet_does(turn_pictures):
    from test_rules_examples import chain_position

    from fabgen.rules import play_turn

    out_dir, _ = turn_pictures
    _, steps = play_turn(chain_position(), ["-c1--a1"], record_steps=True)
    pictures = sorted(out_dir.glob("*.svg"))
    for n, (path, step) in enumerate(zip(pictures, steps, strict=True)):
        following = steps[n + 1] if n + 1 < len(steps) else None
        if following is not None and following.kind == "explosion":
            expected = len(following.fields)  # the next wave's fields, outlined
        elif step.kind == "growth":
            expected = sum(1 for f in step.fields if step.position.is_volatile(f))
        else:
            expected = 0
        # one red hexagon per field, plus the sample in the legend's key if there are any
        assert red_outlines(path) == expected + (1 if expected else 0), path.name
    # the move picture draws the move as an arrow from -c1 towards -a1
    move = svg_texts(out_dir / "step-01-move--c1--a1.svg")
    assert "1. move 1: -c1 to -a1" in move


def test_turn_pictures_count_the_explosions_of_each_wave(turn_pictures):
    out_dir, stdout = turn_pictures
    wave1 = svg_texts(out_dir / "step-02-explosion-wave-1.svg")
    assert "this wave: 2 fields exploded" in wave1
    assert "next wave: 1 field explodes (outlined)" in wave1
    move = svg_texts(out_dir / "step-01-move--c1--a1.svg")
    assert "next wave: 2 fields explode (outlined)" in move
    assert "step 2: explosion wave 1 (2 explosions): -a1, g1" in stdout
    growth = svg_texts(out_dir / "step-07-growth.svg")
    assert "outlined: they explode in seat 1 (Red)'s next turn" in growth


def test_seats_are_numbered_from_1_in_text_json_and_pictures(tmp_path, games, turn_pictures):
    out_dir, stdout = turn_pictures
    assert "seat 1 (Red) plays turn 1 of the game" in stdout
    assert "seat 0" not in stdout
    bad, (k, _) = broken_game(tmp_path, games)
    record = json.loads(run("rules", "replay", "--format", "json", str(bad)).stdout)
    assert record["player"] == k + 1
    assert f"seat {k + 1} (" in record["error"]
    for path in out_dir.glob("*.svg"):
        assert not any(t.startswith("seat 0") for t in svg_texts(path))


@pytest.mark.parametrize("command", ["replay", "machine"])
def test_a_game_is_played_under_the_variant_its_file_names(tmp_path, games, command):
    """A game fabgen saved says its variant; --variant on the command line overrides it.
    The 1995 variant ends a game on passes, so the JSON names the variant it used."""
    obj = json.loads(games[0][0].read_text())
    obj["variant"] = "1995"
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(obj))
    args = ["rules", command, str(path), "--format", "json"]
    used = json.loads(run(*args).stdout.splitlines()[0])["variant"]
    assert used == "1995"
    again = json.loads(run(*args, "--variant", "blog").stdout.splitlines()[0])["variant"]
    assert again == "blog"


@pytest.mark.parametrize("command", ["replay", "turn", "machine"])
def test_the_help_says_a_game_is_played_under_its_files_variant(games, command):
    """--help said "[default: online]": a player would think a 1995 game is checked by
    the online rules unless told otherwise. A file naming no variant plays online."""
    page = CliRunner(env={"COLUMNS": "200"}).invoke(main, ["rules", command, "--help"]).output
    text = " ".join(page.split("--variant", 1)[1].split("--", 1)[0].split())
    assert text.endswith("[default: the file's variant, else online]"), text
    assert "[default: online]" not in page
    args = ["rules", command, str(games[0][0]), "--format", "json"]
    assert json.loads(run(*args).stdout.splitlines()[0])["variant"] == "online"


def test_the_usage_lines_name_the_files_alike():
    usage = {
        c: run("rules", c, "--help").output.splitlines()[0] for c in ("replay", "turn", "machine")
    }
    assert usage["replay"].endswith(" GAME.json..."), usage  # it said GAMES...
    assert usage["turn"].endswith(" POSITION.json") and usage["machine"].endswith(" GAME.json")


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("weird", "at $.variant: unknown rule variant 'weird': one of online, online-2013"),
        (
            "Online",
            "unknown rule variant 'Online': one of online, online-2013, blog, 1995 "
            '(did you mean "online"?)',
        ),
    ],
)
def test_a_file_naming_an_unknown_variant_is_refused(tmp_path, games, variant, words):
    obj = json.loads(games[0][0].read_text())
    obj["variant"] = variant
    path = tmp_path / "weird.json"
    path.write_text(json.dumps(obj))
    result = run("rules", "replay", str(path))
    assert result.exit_code == 2
    assert words in result.stderr


def test_a_picture_folder_that_cannot_be_used_is_named_by_its_own_flag(tmp_path):
    """rules turn's folder is --svg: its refusals said "choose another --out folder"."""
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    args = ["rules", "turn", str(chain_file(tmp_path)), "--moves=-c1--a1"]
    cases = ((blocker / "steps", "choose another --svg folder"), ("", "--svg output/"))
    for folder, words in cases:
        result = CliRunner().invoke(main, [*args, "--svg", str(folder)])
        assert result.exit_code == 2 and words in result.stderr, result.output
        assert "--out" not in result.stderr


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
def test_a_picture_folder_that_fails_when_written_is_named_by_its_own_flag(tmp_path):
    """/proc/x passes the check before the turn is played (/proc is a folder that root may
    write), then cannot be made: the message said "choose another --out folder"."""
    game = str(chain_file(tmp_path))
    result = CliRunner().invoke(
        main, ["rules", "turn", game, "--moves=-c1--a1", "--svg", "/proc/x"]
    )
    assert result.exit_code == 2, result.output
    assert "cannot write into /proc/x: " in result.stderr
    assert "choose another --svg folder" in result.stderr and "--out" not in result.stderr
    assert not os.path.exists("/proc/x")
    # a command whose folder is --out still names --out
    result = CliRunner().invoke(main, ["rules", "machine", game, "--play", "--out", "/proc/x"])
    assert result.exit_code == 2 and "choose another --out folder" in result.stderr


def test_a_nul_in_a_folder_is_a_clear_error_from_python_callers_too(tmp_path):
    # A shell cannot pass a NUL; a program calling fabgen can (click's own check raised).
    result = CliRunner().invoke(main, ["tile", "--out", str(tmp_path / "a\0b")])
    assert result.exit_code == 2
    assert "contains a NUL character" in result.stderr
    assert not list(tmp_path.iterdir())


def test_a_turn_without_explosions_says_why_before_growth(tmp_path):
    """A player who expected a field to explode read only 'growth': the text now says
    that nothing reached its capacity, and which fields came nearest."""
    from fabgen.rules.turn import calm_words, replay

    start = start_position(2, 2)
    path = tmp_path / "start.json"
    path.write_text(write_transcript(transcript_from_position(start)))
    out = run("rules", "turn", str(path)).output
    words = calm_words(start, 0)
    assert words.startswith("no explosion: every field of seat 1 (Red) is below its capacity")
    assert f"\n\n{words}\n\nstep 1: growth" in out
    # (a turn with explosions says what exploded instead)
    turns, _ = random_game(start, 7, max_turns=30, explode_bias=0.5)
    n = next(n for n in range(len(turns)) if _explodes(replay(start, turns[:n]), turns[n]))
    path.write_text(
        write_transcript(transcript_from_position(start, turns=turns[: n + 1], with_state=False))
    )
    moved = run("rules", "turn", str(path), "--turn", str(n + 1)).output
    assert "explosion wave 1" in moved and "no explosion" not in moved


def _explodes(position, moves) -> bool:
    from fabgen.rules.turn import play_turn

    _, steps = play_turn(position, moves, record_steps=True)
    return any(s.kind == "explosion" for s in steps)


@pytest.mark.parametrize("before", [5, 22])
def test_a_game_turn_number_given_to_turn_says_the_files_number_for_it(tmp_path, before):
    """The command prints 'plays turn 23 of the game' for a file that starts after turn
    22; --turn 23 (the game's number) was refused with only the file's range."""
    start = start_position(2, 2)
    turns, _ = random_game(start, 3, max_turns=3)
    game = json.loads(
        write_transcript(transcript_from_position(start, turns=turns, with_state=False))
    )
    game.update(turns_played=before, next_player=0)  # Red played the file's first turn
    path = tmp_path / "table.json"
    path.write_text(json.dumps(game))
    for n in range(max(before + 1, len(turns) + 2), before + len(turns) + 2):
        refused = run("rules", "turn", str(path), "--turn", str(n))
        assert refused.exit_code == 2
        said = " ".join(refused.output.split())
        assert f"so the game's turn {n} is --turn " in said
        again = said.rsplit("--turn ", 1)[1]  # as the message says
        played = run("rules", "turn", str(path), "--turn", again)
        assert f"plays turn {n} of the game" in played.output.splitlines()[0]


def test_the_pictures_legend_says_who_moves_without_a_second_bracket(turn_pictures):
    """'seat 1 (Red) (to move)': two brackets in a row read as two names."""
    out_dir, _ = turn_pictures
    for n, path in enumerate(sorted(out_dir.glob("*.svg"))):
        movers = [t for t in svg_texts(path) if t and "to move" in t]
        mover = "seat 2 (Blue)" if n == len(list(out_dir.glob("*.svg"))) - 1 else "seat 1 (Red)"
        assert movers == [f"{mover}, to move"], path.name  # (after growth: the next seat)
