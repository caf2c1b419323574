"""``fabgen validate --simulate`` and ``fabgen balance`` play a game file by the variant
the file names, as the rules commands play it (``fabgen.cli.rules_common.game_variant``),
unless ``--variant`` is given: they played every file by ``--variant``'s default, online,
whatever the file said."""

from __future__ import annotations

import json

from click.testing import CliRunner

from fabgen.board import load_preset
from fabgen.board.transcript_io import board_transcript_text
from fabgen.cli import main

SIMULATE = ("--simulate", "3", "--players", "random", "--format", "json")


def game_file(folder, variant):
    folder.mkdir()
    transcript = json.loads(board_transcript_text(load_preset("3p-triangle-4")))
    if variant:
        transcript["variant"] = variant
    path = folder / "game.json"
    path.write_text(json.dumps(transcript), encoding="utf-8")
    return path


def findings(cli, *args):
    result = cli("validate", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["findings"]


def test_a_game_file_is_played_by_the_variant_it_names(cli, tmp_path):
    named = game_file(tmp_path / "named", "1995")
    plain = game_file(tmp_path / "plain", None)
    by_1995 = findings(cli, named, *SIMULATE)
    assert by_1995 == findings(cli, plain, *SIMULATE, "--variant", "1995")
    assert "variant 1995" in json.dumps(by_1995)
    # --variant given wins over the file's, as in rules replay, turn and machine
    online = findings(cli, named, *SIMULATE, "--variant", "online")
    assert online == findings(cli, plain, *SIMULATE)
    assert online != by_1995


def test_the_help_says_the_file_s_variant_is_the_default():
    page = CliRunner().invoke(main, ["validate", "--help"]).output
    words = " ".join(page[page.index("--variant [") :].split())
    assert words.index("[default: the variant a game FILE names, else online]") < words.index(
        "--seed"
    )
    assert "[default: online]" not in " ".join(page.split())


def test_balance_plays_a_game_file_by_its_variant_too(cli, tmp_path):
    named = game_file(tmp_path / "named", "1995")
    plain = game_file(tmp_path / "plain", None)

    def report(path, *more):
        args = ("--players", "random", "--games", "3", "--format", "json")
        result = cli("balance", path, *args, *more, "--out", tmp_path / "out")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    by_1995 = report(named)
    assert by_1995["variant"] == "1995"
    assert by_1995 == report(plain, "--variant", "1995")
    assert report(named, "--variant", "blog")["variant"] == "blog"
    assert report(plain)["variant"] == "online"
