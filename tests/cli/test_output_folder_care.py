"""``fabgen layout`` and ``fabgen rules turn --svg`` keep a files list, as build and
balance do (fabgen/cli/files_list.py; docs/design-notes.md, *Safe writing and bounded
input*): a user's file is never replaced without a word, and an earlier run's files that
this run does not write are removed."""

from __future__ import annotations

import json

from fabgen.board.boardfile import board_to_toml
from fabgen.board.files import load_preset
from fabgen.board.transcript_io import board_transcript_text

PRESET = "3p-triangle-4"
LIST = f"{PRESET}-layout-files.json"


def refused(result, *says: str) -> None:
    """Exit code 2, one paragraph on stderr saying each of ``says``, nothing on stdout."""
    err = result.stderr.strip()
    assert result.exit_code == 2, result.output
    assert err.startswith("Error: ") and "\n" not in err and "Traceback" not in err, err
    assert result.stdout == ""
    for words in says:
        assert words in err, err


def folder_bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def hand_written_club() -> str:
    """The preset as a board named club, with the user's own comments."""
    text = board_to_toml(load_preset(PRESET)).replace(f'name = "{PRESET}"', 'name = "club"')
    assert 'name = "club"' in text
    body = text.split("\n", 2)[2]  # (without fabgen's two lines of comment)
    return "# Our club's board: the big table, sea side.\n" + body


def test_layout_of_a_copy_keeps_the_hand_written_board_file_of_the_same_name(cli, tmp_path):
    """Defect 1: club2.toml, a copy of club.toml edited under its old name "club", laid
    out into the folder of club.toml replaced club.toml, comments and all."""
    boards = tmp_path / "boards"
    boards.mkdir()
    original = hand_written_club()
    (boards / "club.toml").write_text(original, "utf-8")
    copy = tmp_path / "club2.toml"
    copy.write_text(original.replace("# Our club's", "# Edited: our club's"), "utf-8")
    result = cli("layout", copy, "--paper", "a4", "--out", boards)
    refused(
        result,
        "club.toml is not from an earlier fabgen layout into this folder",
        "no club-layout-files.json of fabgen's lists it",
        "this fabgen layout would replace it, so nothing was written",
        "give another --out folder",
        "run fabgen layout again",
    )
    assert folder_bytes(boards) == {"club.toml": original.encode("utf-8")}


def test_a_layout_rerun_replaces_its_own_files_and_removes_those_it_no_longer_writes(cli, tmp_path):
    first = cli("layout", "--preset", PRESET, "--out", tmp_path)
    assert first.exit_code == 0, first.output
    assert (tmp_path / f"{PRESET}-board-letter.pdf").is_file()
    listed = json.loads((tmp_path / LIST).read_text())["files"]
    assert sorted(e["path"] for e in listed) == sorted(set(folder_bytes(tmp_path)) - {LIST})
    again = cli("layout", "--preset", PRESET, "--paper", "a4", "--width", "80", "--out", tmp_path)
    assert again.exit_code == 0, again.output
    assert f"removed {tmp_path / f'{PRESET}-board-letter.pdf'}" in again.stdout
    assert not (tmp_path / f"{PRESET}-board-letter.pdf").exists()
    bom = json.loads((tmp_path / f"{PRESET}-bom.json").read_text())
    assert bom["tiles"]["width_mm"] == 80.0


def test_a_layout_file_changed_since_is_refused_and_nothing_written(cli, tmp_path):
    assert cli("layout", "--preset", PRESET, "--paper", "a4", "--out", tmp_path).exit_code == 0
    bom = tmp_path / f"{PRESET}-bom.txt"
    bom.write_text(bom.read_text() + "Bought: 3 bags of stones\n")
    before = folder_bytes(tmp_path)
    result = cli("layout", "--preset", PRESET, "--paper", "a4", "--width", "80", "--out", tmp_path)
    refused(
        result,
        f"{PRESET}-bom.txt was changed since fabgen wrote it",
        "this fabgen layout would replace it, so nothing was written",
        f"rename your file (e.g. {PRESET}-bom.txt to {PRESET}-bom-mine.txt)",
    )
    assert folder_bytes(tmp_path) == before


def test_a_folder_of_an_earlier_layout_without_the_list_is_laid_out_again(cli, tmp_path):
    """Files of a fabgen from before the list carry fabgen's mark: replaced; a game
    played on in the start transcript is not fabgen's any more: refused."""
    assert cli("layout", "--preset", PRESET, "--out", tmp_path).exit_code == 0
    (tmp_path / LIST).unlink()
    result = cli("layout", "--preset", PRESET, "--width", "80", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / f"{PRESET}-bom.json").read_text())["tiles"]["width_mm"] == 80
    (tmp_path / LIST).unlink()
    start = tmp_path / f"{PRESET}-start.json"
    game = json.loads(start.read_text())
    game["turns"] = [[]]
    start.write_text(json.dumps(game))
    before = folder_bytes(tmp_path)
    result = cli("layout", "--preset", PRESET, "--out", tmp_path)
    refused(result, f"{PRESET}-start.json is not from an earlier fabgen layout")
    assert folder_bytes(tmp_path) == before


def a_move() -> str:
    from fabgen.rules.turn import Turn

    return str(Turn(load_preset(PRESET).position()).legal_moves()[0])


def test_a_second_turn_into_the_same_folder_leaves_no_picture_of_the_first(cli, tmp_path):
    """Defect 2: a turn with a move, then a pass, into one --svg folder: the pass's
    pictures stood beside the move's step-01-move-... picture."""
    game = tmp_path / "start.json"
    game.write_text(board_transcript_text(load_preset(PRESET)))
    steps = tmp_path / "steps"
    first = cli("rules", "turn", game, "--moves", a_move(), "--svg", steps)
    assert first.exit_code == 0, first.output
    moved = sorted(p.name for p in steps.glob("*.svg"))
    assert moved[1].startswith("step-01-move-"), moved
    second = cli("rules", "turn", game, "--svg", steps)
    assert second.exit_code == 0, second.output
    wrote = sorted(
        line.split("/")[-1] for line in second.stdout.splitlines() if line.startswith("wrote ")
    )
    assert sorted(p.name for p in steps.iterdir()) == wrote
    assert "turn-files.json" in wrote and not any(n.startswith("step-01-move-") for n in wrote)
    for name in set(moved) - set(wrote):
        assert f"removed {steps / name} (left by an earlier run" in second.stdout


def test_a_turn_picture_changed_since_is_refused_and_nothing_written(cli, tmp_path):
    game = tmp_path / "start.json"
    game.write_text(board_transcript_text(load_preset(PRESET)))
    steps = tmp_path / "steps"
    assert cli("rules", "turn", game, "--moves", a_move(), "--svg", steps).exit_code == 0
    start = steps / "step-00-start.svg"
    start.write_text(start.read_text().replace("</svg>", "<!-- my notes --></svg>"))
    before = folder_bytes(steps)
    result = cli("rules", "turn", game, "--svg", steps)
    refused(
        result,
        "--svg ",
        "step-00-start.svg was changed since fabgen wrote it",
        "this fabgen rules turn would replace it",
        "run fabgen rules turn again",
    )
    assert folder_bytes(steps) == before


def test_a_users_own_file_in_the_svg_folder_is_not_replaced(cli, tmp_path):
    game = tmp_path / "start.json"
    game.write_text(board_transcript_text(load_preset(PRESET)))
    steps = tmp_path / "steps"
    steps.mkdir()
    (steps / "step-00-start.svg").write_text("<svg>my drawing</svg>")
    result = cli("rules", "turn", game, "--svg", steps)
    refused(result, "step-00-start.svg is not from an earlier fabgen rules turn into this folder")
    assert folder_bytes(steps) == {"step-00-start.svg": b"<svg>my drawing</svg>"}


def test_a_folder_with_a_newline_in_its_name_is_one_line_of_each_written_file(cli, tmp_path):
    """Each written file is one ``wrote`` line, whatever the folder is called: a newline
    in its name (legal on Linux) split the line in two, and a script reading the list
    took ``b/3p-triangle-4.toml`` for a file of its own."""
    out = tmp_path / "club\nnight\tkit"
    result = cli("layout", "--preset", PRESET, "--out", out)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if not line.startswith("board ")]
    written = sorted(p.name for p in out.iterdir())
    assert len(lines) == len(written)
    for line in lines:
        assert line.startswith("wrote ") and "club\\u000anight\\u0009kit/" in line
    assert sorted(line.rsplit("/", 1)[1] for line in lines) == written
