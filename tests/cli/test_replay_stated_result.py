"""rules replay says when the result a file states (game_over, scores, places) is not
its replay's: a hand-kept record added up wrong, or a game cut short that kept the whole
game's result, was taken without a word (exit 0)."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    from click.testing import CliRunner

    from fabgen.cli import main

    out = tmp_path_factory.mktemp("games")
    result = CliRunner().invoke(
        main,
        ["balance", "--preset", "2p-diamond-4", "--games", "1", "--players", "greedy",
         "--save-games", "1", "--jobs", "1", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return json.loads((out / "2p-diamond-4-game-00001.json").read_text(encoding="utf-8"))


def _write(tmp_path, data) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_saved_game_states_its_own_result(cli, tmp_path, game):
    assert game["game_over"] is True  # the test tests: a finished game with its scores
    result = cli("rules", "replay", _write(tmp_path, game))
    assert result.exit_code == 0, result.output
    assert "not its replay's" not in result.output


def test_scores_added_up_wrong_are_named(cli, tmp_path, game):
    wrong = [s + 1 for s in game["scores"]]
    result = cli("rules", "replay", _write(tmp_path, {**game, "scores": wrong}))
    assert result.exit_code == 1
    shown = ", ".join(map(str, wrong))
    right = ", ".join(map(str, game["scores"]))
    assert f"scores [{shown}] where the replay gives [{right}]" in result.output


def test_a_game_cut_short_that_kept_its_result_is_named(cli, tmp_path, game):
    cut = {**game, "turns": game["turns"][:6]}
    result = cli("rules", "replay", "--format", "json", _write(tmp_path, cut))
    assert result.exit_code == 1
    # the JSON line is still the position, alone on stdout; the words go to stderr
    (line,) = result.stdout.splitlines()
    assert json.loads(line)["game_over"] is False
    assert "game_over true where the replay gives false" in result.stderr
    assert "a game cut short keeps no result" in result.stderr


def test_a_file_that_states_no_result_is_not_asked_for_one(cli, tmp_path, game):
    bare = {k: v for k, v in game.items() if k not in ("scores", "game_over", "places")}
    result = cli("rules", "replay", _write(tmp_path, {**bare, "turns": bare["turns"][:6]}))
    assert result.exit_code == 0, result.output


def test_a_result_stated_under_another_variant_is_not_held_to_this_replay(cli, tmp_path):
    """A game of the online rules ended by nobody: two passes in a row end nothing there,
    while the 1995 rules end it (a full round of passes, nothing growing). Replayed under
    --variant 1995 the file's game_over false is the online rules' answer, not an error;
    replayed under its own rules it is held as before."""
    from fabgen.board.boardfile import parse_board_toml
    from fabgen.board.files import preset_text
    from fabgen.board.transcript_io import board_to_transcript
    from fabgen.rules.transcript import write_transcript

    transcript = board_to_transcript(parse_board_toml(preset_text("2p-diamond-4")))
    data = json.loads(write_transcript(transcript))
    data.update(variant="online", turns=[[], []], game_over=False, scores=[0, 0])
    path = _write(tmp_path, data)
    under_1995 = cli("rules", "replay", "--format", "json", "--variant", "1995", path)
    assert under_1995.exit_code == 0, under_1995.output
    assert json.loads(under_1995.stdout)["game_over"] is True  # the test tests: 1995 ends it
    own = cli("rules", "replay", _write(tmp_path, {**data, "game_over": True}))
    assert own.exit_code == 1
    assert "game_over true where the replay gives false" in own.output
