"""The mistakes of someone new to fabgen get a message that says what to type instead:
a preset's name where a file goes, and an option guessed by meaning (``--size``)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from fabgen.cli import main


def run(tmp_path, monkeypatch, *args: str):
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, list(args), prog_name="fabgen")


@pytest.mark.parametrize(
    "command",
    [
        ["layout", "6p-hexagon-19", "--out", "boards"],
        ["validate", "4p-butterfly"],
        ["validate", "4p-butterfly.toml"],
        ["balance", "3p-triangle-4", "--games", "2", "--out", "boards"],
    ],
    ids=" ".join,
)
def test_a_presets_name_given_as_the_file_says_to_use_preset(tmp_path, monkeypatch, command):
    result = run(tmp_path, monkeypatch, *command)
    assert result.exit_code == 2, result.output
    name = command[1].removesuffix(".toml")
    assert f"{command[1]}: no such file, but {name} is a preset board" in result.output
    assert f"--preset {name}" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["3p-triangle-4", "-"], ids=["preset-name", "dash"])
def test_a_file_named_like_a_preset_or_dash_is_read_as_the_file(tmp_path, monkeypatch, name):
    # A board file of the user's own, named as a preset or '-': read, not refused.
    (tmp_path / name).write_text(
        CliRunner().invoke(main, ["boards", "--show", "2p-diamond-4"]).output
    )
    result = run(tmp_path, monkeypatch, "validate", name)
    assert result.exit_code == 0, result.output
    assert "board 2p-diamond-4: 2 players, 16 tiles" in result.output


def test_a_name_neither_preset_nor_file_says_what_to_give(tmp_path, monkeypatch):
    result = run(tmp_path, monkeypatch, "check-alignment", "--board", "6p-hexagon19")
    assert result.exit_code == 2, result.output
    assert "give a preset's name (fabgen boards lists them) or the path of a board file" in (
        result.output
    )


def test_a_missing_file_in_a_folder_is_only_missing(tmp_path, monkeypatch):
    result = run(tmp_path, monkeypatch, "layout", "boards/6p-hexagon-19")
    assert result.exit_code == 2, result.output
    assert "no such file: check the name" in result.output
    assert "--preset" not in result.output


def test_a_presets_name_given_to_build_says_what_a_kit_file_is(tmp_path, monkeypatch):
    result = run(tmp_path, monkeypatch, "build", "3p-triangle-4", "--out", "kit")
    assert result.exit_code == 2, result.output
    assert "3p-triangle-4: no such file, but 3p-triangle-4 is a preset board" in result.output
    assert 'set board = "3p-triangle-4" under [kit]' in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_dash_given_to_build_says_it_takes_a_kit_files_path(tmp_path, monkeypatch):
    # '-' is standard input to many programs; build said "-: no such file".
    result = run(tmp_path, monkeypatch, "build", "-", "--out", "kit")
    assert result.exit_code == 2, result.output
    assert "-: fabgen build does not read standard input" in result.output
    assert "fabgen build my_kit.toml --out kit" in result.output
    assert "no such file" not in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("command", "typed"),
    [
        (["validate", "-"], "fabgen validate my-board.toml (or --preset NAME"),
        (["layout", "-", "--out", "boards"], "fabgen layout my-board.toml (or --preset NAME"),
        (["balance", "-", "--games", "2", "--out", "b"], "fabgen balance my-board.toml"),
        (["rules", "replay", "game.json", "-"], "fabgen rules replay game.json"),
        (["rules", "turn", "-", "--svg", "steps"], "fabgen rules turn game.json"),
        (["rules", "machine", "-", "--play", "--out", "next"], "fabgen rules machine game.json"),
        (["check-alignment", "--from", "-"], "fabgen check-alignment --from my-tile.svg"),
        (["check-alignment", "--board", "-"], "fabgen check-alignment --board my-board.toml"),
    ],
    ids=" ".join,
)
def test_a_dash_given_for_a_file_says_no_command_reads_standard_input(
    tmp_path, monkeypatch, command, typed
):
    # Each said "-: no such file: check the name" (or of --from: "files without
    # extension"), as build did before it said what it takes.
    result = run(tmp_path, monkeypatch, *command)
    assert result.exit_code == 2, result.output
    name = " ".join(command[:2] if command[0] == "rules" else command[:1])
    what = "the drawing to check" if "--from" in command else "a "
    assert f"Error: -: fabgen {name} does not read standard input" in result.output
    assert f"it takes the path of {what}" in result.output
    assert f"save it as a file and name it: {typed}" in result.output
    assert "no such file" not in result.output
    assert len(result.output.strip().splitlines()) == 1  # one paragraph
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("command", "guess", "meant"),
    [
        (["tile"], "--size", "--width"),
        (["stones"], "--size", "--width, --stone-diameter or --bed"),
        (["sheet", "--count", "2"], "--size", "--width, --stone-diameter or --sheet"),
        (["layout", "--preset", "3p-triangle-4"], "--board", "--preset"),
        (["stones"], "--diameter", "--stone-diameter or --circle-diameter"),
        (["sheet"], "--tiles", "--count"),
        (["tile"], "-o", "--out"),
        (["rules", "turn", "game.json"], "--out", "--svg"),
        (["serve"], "--out", "--games-dir"),
    ],
)
def test_an_option_guessed_by_meaning_names_the_options_meant(
    tmp_path, monkeypatch, command, guess, meant
):
    result = run(tmp_path, monkeypatch, *command, guess, "10")
    assert result.exit_code == 2, result.output
    assert f"Error: No such option '{guess}'. Did you mean {meant}?" in result.output
    assert "--seat" not in result.output  # click's spelling match for stones --size
    assert list(tmp_path.iterdir()) == []


def test_other_unknown_options_keep_clicks_suggestion(tmp_path, monkeypatch):
    result = run(tmp_path, monkeypatch, "tile", "--widht", "100")
    assert result.exit_code == 2
    assert "No such option '--widht'. Did you mean '--width'?" in result.output


@pytest.mark.parametrize(
    "command", [["validate", "--preset", "2p-diamond-4"], ["boards"], ["check-alignment"]]
)
def test_out_for_a_command_that_only_prints_says_so(tmp_path, monkeypatch, command):
    result = run(tmp_path, monkeypatch, *command, "--out", "report")
    assert result.exit_code == 2, result.output
    said = f"No such option '--out': fabgen {command[0]} writes no files, it only prints"
    assert said in result.output
    assert list(tmp_path.iterdir()) == []


def kit_file(board: str) -> str:
    return f'[kit]\nname = "club"\nboard = "{board}"\n'


@pytest.mark.parametrize(
    ("board", "alone"),
    [
        ("2p-diamond-4", "for its board alone give --preset 2p-diamond-4"),
        ("ours.toml", "for its board alone give its board file, ours.toml (next to the kit"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["layout", "club-kit.toml", "--out", "boards"],
        ["validate", "club-kit.toml"],
        ["check-alignment", "--board", "club-kit.toml"],
    ],
    ids=" ".join,
)
def test_a_kit_file_given_as_the_board_says_it_is_one(tmp_path, monkeypatch, command, board, alone):
    (tmp_path / "club-kit.toml").write_text(kit_file(board))
    result = run(tmp_path, monkeypatch, *command)
    if command[0] == "check-alignment":  # (its option for a preset's name)
        alone = alone.replace("--preset", "--board")
    assert result.exit_code == 2, result.output
    said = "club-kit.toml is a kit file ([kit]), not a board file: fabgen build club-kit.toml"
    assert said in result.output
    assert alone in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club-kit.toml"]


@pytest.mark.parametrize(
    ("name", "what", "show"),
    [
        ("ours.toml", "a board file ([board])", ["boards", "--show", "2p-diamond-4"]),
        (
            "game.json",
            "JSON (a game transcript?)",
            ["boards", "--show", "2p-diamond-4", "--as", "transcript"],
        ),
    ],
)
def test_a_board_given_to_build_says_how_a_kit_names_it(tmp_path, monkeypatch, name, what, show):
    (tmp_path / name).write_text(CliRunner().invoke(main, show).output)
    result = run(tmp_path, monkeypatch, "build", name, "--out", "kit")
    assert result.exit_code == 2, result.output
    assert f"{name} is {what}, not a kit file" in result.output
    assert f'set board = "{name}" under [kit]' in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_a_kit_files_own_mistakes_are_said_as_before(tmp_path, monkeypatch):
    (tmp_path / "kit.toml").write_text(kit_file("2p-diamond-4") + "[tiles]\nwidth = 80\n")
    result = run(tmp_path, monkeypatch, "build", "kit.toml", "--out", "kit")
    assert result.exit_code == 2, result.output
    assert "tiles: unknown section [tiles]" in result.output
    assert "not a kit file" not in result.output


@pytest.mark.parametrize(
    ("args", "shows"),
    [
        (["help"], "fabgen COMMAND --help shows a command's options"),
        (["help", "tile"], "fabgen tile --help shows its options"),
    ],
)
def test_help_as_a_command_says_where_help_is(tmp_path, monkeypatch, args, shows):
    result = run(tmp_path, monkeypatch, *args)
    assert result.exit_code == 2, result.output
    assert f"No such command 'help': fabgen --help lists the commands, and {shows}" in (
        result.output
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["tile", "--kerf", "0,15"],
            "--kerf '0,15' is not a number: write the decimal point as a full stop, 0.15",
        ),
        (
            ["balance", "--preset", "2p-diamond-4", "--games", "1,000"],
            "--games '1,000' is not a whole number: write it without separators, 1000",
        ),
        # With a unit too it was only "not a number"
        (
            ["tile", "--kerf", "0,2mm"],
            "--kerf '0,2mm' is written with a decimal comma: fabgen reads a full stop as the "
            "decimal point, and lengths in millimetres; give 0.2",
        ),
        (["tile", "--width", "3,5in"], "millimetres (3.5 in is 88.9 mm); give 88.9"),
        (["tile", "--kerf", "abc"], "--kerf 'abc' is not a number\n"),
        (["rules", "turn", "x.json", "--turn", "1,5"], "--turn '1,5' is not a whole number\n"),
    ],
)
def test_a_number_with_a_comma_says_how_to_write_it(tmp_path, monkeypatch, args, said):
    result = run(tmp_path, monkeypatch, *args)
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["sheet", "--count", "1", "--sheet", "20x12"], "the sheet is 508x304.8 mm"),
        (["stones", "--bed", "8x8"], "the bed is 203.2x203.2 mm"),
    ],
    ids=["sheet", "bed"],
)
def test_a_size_in_inches_without_its_unit_is_told_its_millimetres(
    tmp_path, monkeypatch, args, said
):
    """A Glowforge's 20x12 (inches) was read as 20×12 mm and refused as too small for a
    tile, with no word of inches; the message now says what it is in mm, and that size
    cuts the tile (read back from the sheet's SVG)."""
    result = run(tmp_path, monkeypatch, *args, "--out", "out")
    assert result.exit_code == 2, result.output
    flat = " ".join(result.output.split())
    assert f"(if {args[-1]} is in inches, {said}: fabgen takes sizes in millimetres" in flat
    assert not (tmp_path / "out").exists()
    if args[0] == "sheet":
        again = run(tmp_path, monkeypatch, *args[:-1], "508x304.8", "--out", "out")
        assert again.exit_code == 0, again.output
        svg = (tmp_path / "out" / "sheet-1.svg").read_text()
        assert 'width="508mm"' in svg and 'height="304.8mm"' in svg


def test_a_small_sheet_that_cannot_be_inches_says_nothing_of_them(tmp_path, monkeypatch):
    result = run(tmp_path, monkeypatch, "sheet", "--count", "1", "--sheet", "80x80")
    assert result.exit_code == 2 and "inches" not in result.output
