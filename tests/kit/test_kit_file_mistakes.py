"""A maker's mistakes in a hand-written kit file: each is one message saying what is wrong
and what to write, exit code 2 and nothing written; and what the message says to write
is read as meant."""

from __future__ import annotations

import re

import pytest

from fabgen.kitbuild.kitfile import load_kit

# The kits built whole draw the rule sheets once (tests/kit/conftest.py).
pytestmark = pytest.mark.usefixtures("rule_sheets_drawn_once")


def build(cli, tmp_path, text: str | bytes, name: str = "kit.toml"):
    """``fabgen build`` of a kit file with ``text``: the one-line output of a refusal."""
    kit = tmp_path / name
    kit.write_bytes(text if isinstance(text, bytes) else text.encode())
    out = tmp_path / "out"
    result = cli("build", kit, "--out", out)
    assert result.exit_code == 2, result.output
    assert not out.exists()
    return " ".join(result.output.split())


def advised(message: str) -> str:
    """The line the message says to write (``write width = 100``)."""
    found = re.findall(r"write ([a-z_]+ = (?:\"[^\"]*\"|[-0-9.]+|true|false))", message)
    assert found, message
    return found[-1]


def follow(tmp_path, text: str, message: str, key: str):
    """The kit file with its ``key`` line replaced by the advised one, read back."""
    line = advised(message)
    fixed = re.sub(rf"(?m)^{key}\s*=.*$", line, text)
    assert fixed != text
    kit = tmp_path / "fixed.toml"
    kit.write_text(fixed)
    return load_kit(kit)


# ---- lengths with units: the command line's words --------------------------------------


@pytest.mark.parametrize(
    ("value", "said", "mm"),
    [
        (
            '"10cm"',
            "'10cm' is not in mm: fabgen takes sizes in millimetres, and 10 cm is 100 mm",
            100,
        ),
        (
            "10cm",
            "'10cm' is not in mm: fabgen takes sizes in millimetres, and 10 cm is 100 mm",
            100,
        ),
        (
            '"4 in"',
            "'4 in' is not in mm: fabgen takes sizes in millimetres, and 4 in is 101.6 mm",
            101.6,
        ),
        ('"100mm"', "a kit file's lengths are in mm, written without unit", 100),
        ("100mm", "a kit file's lengths are in mm, written without unit", 100),
        ('"100"', "got '100': write width = 100 (a number, no quotes)", 100),
    ],
)
def test_a_tile_width_with_a_unit_says_the_number_to_write(cli, tmp_path, value, said, mm):
    """``width = "10cm"`` said only "must be a number, got '10cm'", and ``width = 10cm``
    a bare TOML syntax error; the command line said "10 cm is 100 mm; give 100"."""
    text = f"[tile]\nwidth = {value}\n"
    message = build(cli, tmp_path, text)
    assert "width" in message and said in message
    assert advised(message) == f"width = {mm:g}"
    assert follow(tmp_path, text, message, "width").section("tile")["width"] == mm


def test_the_kit_file_and_the_command_line_convert_alike(cli, tmp_path):
    flag = " ".join(cli("tile", "--kerf", "0.006in", "--out", tmp_path / "t").output.split())
    kit = build(cli, tmp_path, '[tile]\nkerf = "0.006in"\n')
    words = re.search(r"'0.006in' is not in mm: .* is (\S+) mm; give \1", flag)
    assert words, flag
    assert f"{words[0].rsplit('; give', 1)[0]}; write kerf = {words[1]}" in kit


@pytest.mark.parametrize(
    ("text", "key", "said", "value"),
    [
        ('[tile]\nkerf = "0,15"\n', "kerf", "the decimal point is written as a full stop", 0.15),
        ("[tile]\nkerf = 0,15\n", "kerf", "the decimal point is written as a full stop", 0.15),
        (
            '[kit]\nsimulate_games = "1,000"\n',
            "simulate_games",
            "(a number is written without separators, no quotes)",
            1000,
        ),
        ("[laser]\nmargin = 2,5\n", "margin", "the decimal point is written as a full stop", 2.5),
        # a decimal comma and a unit: it was a bare TOML error, or "must be a number"
        ("[tile]\nkerf = 0,2mm\n", "kerf", "'0,2mm' is written with a decimal comma", 0.2),
        ('[tile]\nwidth = "3,5in"\n', "width", "millimetres (3.5 in is 88.9 mm)", 88.9),
    ],
)
def test_a_number_with_a_comma_says_how_to_write_it(cli, tmp_path, text, key, said, value):
    message = build(cli, tmp_path, text)
    assert said in message, message
    kit = follow(tmp_path, text, message, key)
    section = text[1 : text.index("]")]
    assert kit.section(section)[key] == value


# ---- sheet sizes with a decimal comma --------------------------------------------------


@pytest.mark.parametrize(("typed", "meant"), [("600,5x400", "600.5x400"), ("600,400", "600x400")])
def test_a_sheet_size_with_a_comma_says_how_to_write_it(cli, tmp_path, typed, meant):
    from fabgen.geometry.nesting import SheetSpec

    said = f"'{typed}' is not WIDTHxHEIGHT in mm: write "
    flag = cli("sheet", "--sheet", typed, "--out", tmp_path / "s")
    assert flag.exit_code == 2 and said in flag.output, flag.output
    assert flag.output.rstrip().endswith(meant)
    message = build(cli, tmp_path, f'[laser]\nsheet = "{typed}"\n')
    assert "laser.sheet: " + said in message and message.count(meant) == 1
    # unquoted, as typed after --sheet: the quotes and the size both
    message = build(cli, tmp_path, f"[laser]\nsheet = {typed}\n")
    assert "which TOML takes in quotes" in message
    assert advised(message) == f'sheet = "{meant}"'
    assert SheetSpec.parse(meant, 5.0).width > 0


# ---- a bed as a printer's spec sheet gives it, a sheet with its thickness -----------------


def test_a_build_volume_is_read_as_the_bed_and_a_sheets_thickness_is_refused(cli, tmp_path):
    from fabgen.kitbuild.kitfile import parse_kit
    from fabgen.kitbuild.plan import plan_kit

    def plates(bed: str) -> list:
        kit = parse_kit(f'[stones]\nbed = "{bed}"\n', "kit.toml", tmp_path)
        plan = plan_kit(kit, ("kit-board", "kit-tile", "kit-stones"))
        return [(p.name, p.positions, p.bed) for p in plan.stones.plates]

    # (on a 250x210 bed, not the default 180x180: the height is left out, not the bed)
    assert plates("250x210x220") == plates("250x210") != plates("180x180")
    # unquoted, as typed after --bed: the quotes only; the build volume stays as typed
    message = build(cli, tmp_path, "[stones]\nbed = 250x210x220\n")
    assert advised(message) == 'bed = "250x210x220"', message
    message = build(cli, tmp_path, '[laser]\nsheet = "600x400x3"\n')
    assert "laser.sheet: '600x400x3' has three numbers" in message
    assert "give 600x400 (a third number, such as a sheet's thickness, is not needed)" in message
    message = build(cli, tmp_path, "[laser]\nsheet = 600x400x3\n")
    assert advised(message) == 'sheet = "600x400"', message


# ---- simulate_players as --players takes it ----------------------------------------------


@pytest.mark.parametrize(
    ("typed", "played"),
    [
        ("Strong", ("strong",)),
        ("GREEDY, Random", ("greedy", "random")),
        ("Strong:5", ("strong:5",)),
    ],
)
def test_simulate_players_in_any_case(monkeypatch, typed, played):
    """``simulate_players = "Strong"`` was refused; ``--players Strong`` was not."""
    import fabgen.play.balance
    from fabgen.board.files import load_preset
    from fabgen.kitbuild.plan import kit_supply

    seen = []

    def simulate(board, games, players, jobs):
        seen.append(players)
        raise LookupError("stop before playing")

    monkeypatch.setattr(fabgen.play.balance, "simulate", simulate)
    settings = {"supply": "simulate", "simulate_games": 1, "simulate_players": typed}
    with pytest.raises(LookupError):
        kit_supply(settings, load_preset("2p-diamond-4"))
    assert seen == [played]


def test_a_machine_in_any_case_is_still_no_kit_player(cli, tmp_path):
    text = '[kit]\nsupply = "simulate"\nsimulate_players = "Extreme Machine"\n'
    message = build(cli, tmp_path, text)
    assert "kit.simulate_players: 'extreme-machine' cannot play a kit's simulated games" in (
        message
    )


# ---- keys in the wrong place, misspelt, of the wrong type -------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[kit]\nkerf = 0.2\n", "kit.kerf: unknown key 'kerf' in [kit]: kerf belongs in [tile]"),
        ('[tile]\nsheet = "600x400"\n', "sheet belongs in [laser], move it there"),
        ("[tile]\nkref = 0.2\n", "tile.kref: unknown key 'kref' (did you mean 'kerf'?)"),
        ("[tile]\nWidth = 100\n", "unknown key 'Width' (did you mean 'width'?)"),
        ("[tile]\nspare_tile = 1\n", "(did you mean 'spare_tiles'? it belongs in [laser])"),
        ("[Tile]\nwidth = 100\n", "unknown section [Tile] (did you mean [tile]?)"),
        # Keys written by meaning: [tile] count was sent to [stones], stones per colour
        (
            "[tile]\ncount = 21\n",
            "tile.count: unknown key 'count' in [tile]: the number of tiles is the board's "
            "(board under [kit]); for tiles beyond it write spare_tiles = N under [laser]",
        ),
        (
            '[stones]\ncolours = ["red", "blue"]\n',
            "the stones' colours are the seats', which the board file gives: copy the board "
            'file a build writes into board/, set colour = "orange"',
        ),
        ("[tile]\nsize = 80\n", "did you mean 'width'? write e.g. width = 100 (across the"),
        ("[stones]\ndiameter = 18\n", "set circle_diameter under [tile], or make stones"),
        ('[kit]\nunits = "inch"\n', "a kit file has no unit setting: its lengths and sizes"),
        (
            'board = "2p-diamond-4"\n[kit]\n',
            "board: is above every section, where no setting goes: move it under [kit]",
        ),
        (
            'bord = "2p-diamond-4"\n',
            "unknown key 'bord' (did you mean 'board'?), above every "
            "section: write board under [kit]",
        ),
    ],
)
def test_a_key_in_the_wrong_place_or_misspelt_is_told_where_it_goes(cli, tmp_path, text, said):
    assert said in build(cli, tmp_path, text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "[tile]\nkerf = [0.2]\n",
            "got a list, [0.2]: write one value without brackets, kerf = 0.2",
        ),
        ("[tile]\nkerf = [0.2, 0.3]\n", "got a list, [0.2, 0.3]; write e.g. kerf = 0.15"),
        ("[tile]\nkerf = { mm = 0.2 }\n", "got a table, { mm = 0.2 } ([tile.kerf] or kerf.x"),
        ("[tile.kerf]\nmm = 0.2\n", "write kerf = 0.15 under [tile]"),
        ("[tile]\nkerf = true\n", "tile.kerf: must be a number, got true; write e.g. kerf = 0.15"),
        ('[tile]\nnumbers = "maybe"\n', "write numbers = true or numbers = false, without quotes"),
        ('[tile]\nnumbers = "No"\n', "got 'No': write numbers = false (true or false in lower"),
        (
            "[kit]\nplayers = 3.0\n",
            "kit.players: must be a whole number, got 3.0: write players = 3",
        ),
        ("[kit]\nname = 5\n", 'kit.name: must be text, got 5; write e.g. name = "atlantis"'),
        # TOML dates and times read without quotes: they said datetime.time(12, 30)
        (
            "[kit]\nname = 12:30:00\n",
            'kit.name: must be text, got a time of day (12:30:00): write name = "12:30:00" (in '
            "quotes: without them TOML reads a date or time)",
        ),
        ("[kit]\nname = 1979-05-27\n", 'got a date (1979-05-27): write name = "1979-05-27"'),
        (
            "[tile]\nwidth = 1979-05-27T07:32:00Z\n",
            "tile.width: must be a number, got a date and time (1979-05-27T07:32:00+00:00); "
            "write e.g. width = 0.0",
        ),
    ],
)
def test_a_value_of_the_wrong_type_says_what_to_write(cli, tmp_path, text, said):
    assert said in build(cli, tmp_path, text)


# ---- the board file ------------------------------------------------------------------------


def board_file(path):
    from fabgen.board.files import preset_text

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(preset_text("2p-diamond-4"))


def test_a_board_path_from_the_current_folder_is_told_the_kit_files_folder(
    cli, tmp_path, monkeypatch
):
    board_file(tmp_path / "boards" / "mine.toml")
    (tmp_path / "kits").mkdir()
    monkeypatch.chdir(tmp_path)
    text = '[kit]\nboard = "boards/mine.toml"\n[stones]\ndesign = "none"\n'
    message = build(cli, tmp_path / "kits", text)
    assert "a board file's path is read from the kit file's folder" in message
    assert "neither a preset" not in message  # a path: the 21 presets are no help
    line = advised(message.replace("'", '"'))
    assert line == 'board = "../boards/mine.toml"'
    fixed = tmp_path / "kits" / "fixed.toml"
    fixed.write_text(text.replace('board = "boards/mine.toml"', line))
    result = cli("build", fixed, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_a_kit_file_that_names_itself_as_its_board(cli, tmp_path):
    message = build(cli, tmp_path, '[kit]\nboard = "kit.toml"\n')
    assert "board = 'kit.toml' names this kit file itself: board takes a preset" in message
    assert "unknown key 'kit'" not in message


def test_a_kit_file_that_names_another_kit_file_as_its_board(cli, tmp_path):
    (tmp_path / "other.toml").write_text('[kit]\nboard = "2p-diamond-4"\n')
    message = build(cli, tmp_path, '[kit]\nboard = "other.toml"\n')
    assert "board = 'other.toml' is a kit file ([kit]), whose board is '2p-diamond-4'" in message


# ---- the file itself ---------------------------------------------------------------------


@pytest.mark.parametrize("text", [b"", b"  \n\n", b"\xef\xbb\xbf\r\n"])
def test_an_empty_kit_file_is_refused(cli, tmp_path, text):
    """It built the whole default kit, as fabgen build without a file does."""
    message = build(cli, tmp_path, text)
    assert "kit.toml: is empty: a kit file gives the settings that differ" in message
    assert "fabgen build without a file builds the default kit" in message


@pytest.mark.parametrize("text", ["# my club's kit\n\n# board = 'x'\n", "[kit]\n[tile]\n"])
def test_a_kit_file_that_sets_nothing_says_the_default_kit_is_built(
    cli, tmp_path, monkeypatch, text
):
    """Comments alone (or empty sections) built the default kit without a word; a file
    that sets something is not told so."""
    from fabgen.errors import ParameterError
    from fabgen.kitbuild import render

    def stop(*_args, **_kw):
        raise ParameterError("kit", "stopped before building")

    monkeypatch.setattr(render, "render_kit", stop)
    kit = tmp_path / "kit.toml"
    for written, said in ((text, True), (text + "[stones]\ncount = 20\n", False)):
        kit.write_text(written)
        output = cli("build", kit, "--out", tmp_path / "out").output
        assert "stopped before building" in output
        line = f"{kit}: the file sets no setting (only comments or empty sections)"
        assert (line in output) is said, output
        assert ("the default kit is built" in output) is said


def test_a_kit_file_with_a_bom_and_crlf_line_ends_is_read(tmp_path):
    kit = tmp_path / "kit.toml"
    kit.write_bytes(b'\xef\xbb\xbf[kit]\r\nname = "club"\r\n[tile]\r\nkerf = 0.2\r\n')
    read = load_kit(kit)
    assert (read.name, read.section("tile")["kerf"]) == ("club", 0.2)


@pytest.mark.parametrize(
    ("line", "said", "written", "value"),
    [
        ("numbers = True", "TOML writes true or false in lower case", "numbers = true", True),
        ("numbers = no", "TOML writes true or false in lower case", "numbers = false", False),
        ("kerf: 0.2", "TOML sets a key with =", "kerf = 0.2", 0.2),
        ("kerf 0.2", "TOML sets a key with =", "kerf = 0.2", 0.2),
        ("corner radius = 2", "a key is one word, with _ between words", "corner_radius = 2", 2),
        ("width = .5", "digits on both sides of its decimal point", "width = 0.5", None),
        ("width = 100.", "digits on both sides of its decimal point", "width = 100.0", 100),
        ("sheet = 600x400", "which TOML takes in quotes", 'sheet = "600x400"', "600x400"),
    ],
)
def test_a_line_toml_cannot_read_says_what_to_write(cli, tmp_path, line, said, written, value):
    """Each was a bare TOML syntax error ("Invalid value", "Expected '=' after a key")."""
    section = "laser" if line.startswith("sheet") else "tile"
    message = build(cli, tmp_path, f"[{section}]\n{line}\n")
    assert f'at line 2, "{line}": is not valid TOML: ' in message
    assert f"{said}" in message and message.endswith(f"write {written}")
    if value is not None:  # (a width of 0.5 mm is read, then refused by its range)
        kit = tmp_path / "fixed.toml"
        kit.write_text(f"[{section}]\n{written}\n")
        key = written.split(" = ")[0]
        assert load_kit(kit).section(section)[key] == value


def test_a_section_header_with_a_setting_on_its_line(cli, tmp_path):
    message = build(cli, tmp_path, '[kit] board = "2p-diamond-4"\n')
    assert 'a [kit] header stands alone on its line: put board = "2p-diamond-4" on the next' in (
        message
    )


def test_a_windows_path_in_double_quotes_says_to_write_slashes(cli, tmp_path):
    """ "boards\\mine.toml" was "Unescaped '\\' in a string" (or "Invalid hex value")."""
    board_file(tmp_path / "boards" / "mine.toml")
    text = '[kit]\nboard = "boards\\mine.toml"\n[stones]\ndesign = "none"\n'
    message = build(cli, tmp_path, text)
    assert "TOML reads a backslash in double quotes as the start of an escape" in message
    line = advised(message)
    assert line == 'board = "boards/mine.toml"'
    fixed = tmp_path / "fixed.toml"
    fixed.write_text(text.replace('board = "boards\\mine.toml"', line))
    assert cli("build", fixed, "--out", tmp_path / "out").exit_code == 0


@pytest.mark.parametrize("typed", ["boards\\\\mine.toml", "boards/mine.tom", "boards/MINE.TOML"])
def test_a_board_file_name_typed_nearly_right_is_named(cli, tmp_path, typed):
    """A backslash (Windows' way) in single quotes, a letter short, another case: each
    said only that there is no such file."""
    board_file(tmp_path / "boards" / "mine.toml")
    if (tmp_path / typed).exists():
        pytest.skip("a file system that ignores case finds the file")
    message = build(cli, tmp_path, f"[kit]\nboard = '{typed.replace(chr(92) * 2, chr(92))}'\n")
    assert "no such board file" in message
    assert "; did you mean board = 'boards/mine.toml'? Fix these" in message


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            '[kit]\nsupply = "Simulate"\n',
            "kit.supply: 'Simulate' is not one of: rule, simulate (did you mean 'simulate'?)",
        ),
        ('[kit]\npaper = "A4"\n', "(did you mean 'a4'?)"),
        ('[stones]\ndesign = "discs"\n', "(did you mean 'disc'?)"),
        (
            '[kit]\nboard = "2p-diamond-4.toml"\n',
            "2p-diamond-4 is a preset, named without folder or .toml: write board = '2p-diamond-4'",
        ),
    ],
)
def test_a_choice_typed_nearly_right_is_named(cli, tmp_path, text, said):
    assert said in build(cli, tmp_path, text)


def test_a_misread_first_line_after_a_bom_and_crlf_line_ends(cli, tmp_path):
    """A file's BOM is dropped as it is read; kit text from elsewhere (the browser) may
    keep it, and its first line is still told what to write."""
    from fabgen.errors import InputFileError
    from fabgen.kitbuild.kitfile import parse_kit

    for text in ("\ufeffname: 'club'\r\n", b"\xef\xbb\xbfname: 'club'\r\n"):
        if isinstance(text, str):
            with pytest.raises(InputFileError) as refused:
                parse_kit(text, "kit.toml", tmp_path)
            message = str(refused.value)
        else:
            message = build(cli, tmp_path, text)
        assert "TOML sets a key with =: write name = 'club'" in message


def test_a_wrong_sheet_or_bed_is_said_with_the_other_mistakes_at_once(cli, tmp_path):
    # Sizes were read when the kit was planned, after every other setting was right: a
    # sheet of "abc" was said only once a wrong tile width was mended (one run, one fix).
    text = (
        '[kit]\nboard = "2p-diamond-4"\n[tile]\nwidth = -5\n[laser]\nsheet = "abc"\n'
        '[stones]\nbed = "180"\n'
    )
    said = build(cli, tmp_path, text)
    assert "tile.width: -5 is outside the allowed range" in said
    assert "laser.sheet: 'abc' is not WIDTHxHEIGHT in mm, e.g. 600x400" in said
    assert "stones.bed: '180' is not WIDTHxDEPTH" in said
