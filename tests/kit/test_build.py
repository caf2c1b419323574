"""fabgen build: the whole default kit, reproducible, refused whole when anything is wrong."""

import hashlib
import json
import os
import subprocess
import sys
import tomllib

import pytest

from fabgen.kitbuild.kitfile import SCHEMA, default_kit_text, load_kit

EXPECTED = {
    "laser/test-tile.svg",
    "laser/test-tile.dxf",
    "laser/tiles-sheet-1.svg",
    "laser/tiles-sheet-1.dxf",
    "laser/sheets-report.json",
    "3d/stone-disc-d20.7-c0.2.step",
    "3d/stone-disc-d20.7-c0.2.stl",
    "3d/stone-disc-d20.7-c0.2-plate-14.3mf",
    "3d/marker-growing-d23.5-c0.2-plate-14.3mf",
    "3d/marker-dead-d23.5-c0.2-plate-28.3mf",
    "print/3p-triangle-4-setup.svg",
    "print/3p-triangle-4-setup.pdf",
    "print/3p-triangle-4-board-a4.pdf",
    "print/3p-triangle-4-board-letter.pdf",
    "print/rulesheet-a4.pdf",
    "print/quickref-letter.pdf",
    "board/3p-triangle-4.toml",
    "board/3p-triangle-4-start.json",
    "bom.txt",
    "bom.json",
    "README.txt",
    "manifest.json",
}


# The in-process builds draw the rule sheets once per paper setting (tests/kit/conftest.py).
pytestmark = pytest.mark.usefixtures("rule_sheets_drawn_once")


@pytest.fixture(scope="module")
def default_kit(tmp_path_factory, rule_sheets_drawn_once):
    from click.testing import CliRunner

    from fabgen.cli import main

    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(main, ["build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result


def tree(root):
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_default_kit_has_every_product(default_kit):
    out, _ = default_kit
    assert set(tree(out)) >= EXPECTED


def test_manifest_lists_every_file_with_its_hash(default_kit):
    out, _ = default_kit
    manifest = json.loads((out / "manifest.json").read_text())
    files = tree(out)
    listed = {entry["path"]: entry["sha256"] for entry in manifest["files"]}
    assert set(listed) | {"manifest.json"} == set(files)
    for path, digest in listed.items():
        assert files[path] == digest
    assert manifest["kit"]["kit"]["board"] == "3p-triangle-4"
    assert manifest["fabgen_version"]


def test_progress_and_files_are_reported(default_kit):
    _, result = default_kit
    assert "[4/4] rule sheet and quick reference" in result.output
    assert "wrote " in result.output


def test_tiles_match_the_board(default_kit):
    out, _ = default_kit
    bom = json.loads((out / "bom.json").read_text())
    assert bom["tiles"]["count"] == 10 and bom["players"] == 3
    report = json.loads((out / "laser/sheets-report.json").read_text())
    assert sum(sheet["pieces"] for sheet in report["sheets"]) == 10


def test_second_build_in_another_process_gives_the_same_tree(default_kit, tmp_path):
    out, _ = default_kit
    again = tmp_path / "again"
    subprocess.run(
        [sys.executable, "-m", "fabgen", "build", "--quiet", "--out", str(again)],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONHASHSEED": "5"},
    )
    assert (again / "manifest.json").read_bytes() == (out / "manifest.json").read_bytes()
    assert tree(again) == tree(out)


def test_template_documents_every_setting_with_its_default():
    template = tomllib.loads(default_kit_text())
    for section, settings in SCHEMA.items():
        assert set(template[section]) == {s.key for s in settings}, section
        for s in settings:
            assert template[section][s.key] == s.default, f"{section}.{s.key}"


def write_kit(tmp_path, text):
    kit = tmp_path / "kit.toml"
    kit.write_text(text)
    return kit


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        ('[kit]\nboard = "7p-hexagon"\n', ["[kit-board]", "neither a preset", "3p-triangle-4"]),
        (
            "[kit]\nplayers = 7\n",
            ["kit.players", "7 is outside the allowed range; allowed: 0 to 6"],
        ),
        (
            "[laser]\nthickness = 0.1\n",
            ["laser.thickness", "0.1 is outside the allowed range; allowed: 0.5 to 30 mm"],
        ),
        ("[kit]\nplayers = 4\n", ["has 3 people", "board = '4p-diamond-5'"]),
        ("[tile]\nwidth = -5.0\n", ["tile.width", "-5.0 is outside the allowed range"]),
        ("[tile]\nwidth = nan\n", ["tile.width", "nan is not a finite number; allowed: 5 to"]),
        ("[tile]\nkerf = inf\n", ["tile.kerf", "inf is not a finite number"]),
        (  # the printed board's width limit, found while planning, not while rendering
            "[tile]\nwidth = 15.0\nborder = 0.0\n[laser]\nsheet = '100x100'\n"
            "[stones]\ndesign = 'none'\n",
            ["[kit-tile] tile.width: 15 mm is outside 20 to 400 mm"],
        ),
        ("[laser]\nspare_tiles = 1" + "0" * 5000 + "\n", ["integer with thousands of digits"]),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", ["nested more than 64 deep"]),
        ("[tile]\ncircle_diameter = 50.0\n", ["[kit-tile]", "circles would overlap"]),
        ("[tile]\nhandedness = 'ccw'\n", ["mirror image"]),
        ('[laser]\nsheet = "90x90"\n', ["[kit-laser]"]),
        ("[laser]\ncut_speed = 0\n", ["laser.cut_speed", "allowed: 0.1 to 100,000 mm/s"]),
        ("[stones]\nclearance = 2.0\n", ["stones.clearance", "allowed: 0 to 1 mm"]),
        ('[laser]\nsheet = "90x90"\n[stones]\nbed = "20x20"\n', ["[kit-laser]", "[kit-stones]"]),
        ("[tiles]\nwidth = 100\n", ["unknown section [tiles]"]),
        ("[tile]\nwidht = 100\n", ["unknown key 'widht'", "tile.widht"]),
        ("[tile]\nwidth = 'wide'\n", ["tile.width", "must be a number"]),
        ("[tile\n", ["not valid TOML"]),
        ("[stones]\ndesign = 'cubes'\n", ["'cubes' is not one of"]),
        ('[stones]\nbed = "20x20"\n', ["[kit-stones] stones.bed: 20×20 mm", "larger bed"]),
        ("[stones]\ncount = 500\nbed = '60x60'\n", ["[kit-stones]", "at most 20 plates"]),
        ("[stones]\ncount = 5000\n", ["stones.count", "5000 is outside the allowed range"]),
        (  # stones from elsewhere (design none) are checked as printed ones are
            "[stones]\ndesign = 'none'\ncount = 5\n",
            ["[stones-supply]", "has 5 stones per player but seat 1 (Red) starts with 7"],
        ),
        (
            "[tile]\nwidth = 25.0\nborder = 0.0\n[laser]\nsheet = '200x200'\n",
            ["[kit-stones] tile.width: the tile's circles (5.67 mm) are too small for stones"],
        ),
    ],
)
def test_invalid_kits_stop_before_writing(tmp_path, cli, text, messages):
    out = tmp_path / "out"
    result = cli("build", write_kit(tmp_path, text), "--out", out)
    assert result.exit_code == 2, result.output
    for message in messages:
        assert message in result.output
    assert "boss_diameter" not in result.output  # no kit key sets the boss
    assert not out.exists()


def test_stones_from_elsewhere_are_checked_against_the_board(tmp_path):
    """With design none a count is the stones the maker has (bom.txt says it as set):
    too few are warned of, as a kit's printed ones are; it was accepted silently."""
    from fabgen.kitbuild.plan import plan_kit

    def supply(count):
        plan = plan_kit(
            load_kit(write_kit(tmp_path, f"[stones]\ndesign = 'none'\ncount = {count}\n"))
        )
        return [(f.severity, f.message) for f in plan.findings if f.code == "stones-supply"]

    needed = plan_kit(load_kit(write_kit(tmp_path, "[kit]\n"))).supply.stones_per_player
    ((severity, message),) = supply(needed - 1)
    assert severity == "warning" and f"has {needed - 1} stones per player" in message
    assert supply(needed)[0][0] == "info" and "are enough" in supply(needed)[0][1]
    assert supply(0)[0][0] == "info" and "the kit" not in supply(0)[0][1]


# Mistakes of the kit file itself, each alone in a file; listed together when together.
FILE_MISTAKES = {
    "[kit]\ncolour = 1\n": "kit.colour: unknown key 'colour'",
    "[tile]\nwidth2 = 1\n": "tile.width2: unknown key 'width2'",
    "[tile]\nwidth = 'big'\n": "tile.width: must be a number, got 'big'",
    "[tile]\nwidth = 3\n": "tile.width: 3 is outside the allowed range; allowed: 5 to",
    "[laser]\ncut_speed = 0\n": "laser.cut_speed: 0 is outside the allowed range",
    "[stones]\ndesign = 'cubes'\n": "stones.design: 'cubes' is not one of",
    "[tiles]\n": "tiles: unknown section [tiles]",
    f"[kit]\nname = '{'n' * 201}'\n": "kit.name: must be at most 200 characters of plain "
    "text (no control characters such as escape sequences), got 'nnnnnnnnnnnn'... (201 "
    "characters)",
}


def _kit_errors(tmp_path, cli, text) -> list[str]:
    out = tmp_path / "out"
    result = cli("build", write_kit(tmp_path, text), "--out", out)
    assert result.exit_code == 2, result.output
    assert not out.exists()
    lines = result.output.splitlines()
    assert lines[0].endswith("cannot be built; nothing was written:"), result.output
    assert lines[-1].startswith("Fix these in the kit file"), result.output
    return lines[1:-1]


@pytest.mark.parametrize(
    "mistakes",
    [
        ("[kit]\ncolour = 1\n", "[tile]\nwidth2 = 1\n"),
        ("[tile]\nwidth = 'big'\n", "[laser]\ncut_speed = 0\n"),
        ("[tiles]\n", "[tile]\nwidth = 3\n", "[stones]\ndesign = 'cubes'\n"),
        (f"[kit]\nname = '{'n' * 201}'\n", "[tile]\nwidth2 = 1\n"),
    ],
)
def test_every_mistake_of_the_kit_file_is_listed_at_once(tmp_path, cli, mistakes):
    alone = []
    for text in mistakes:
        [line] = _kit_errors(tmp_path, cli, text)
        assert line.startswith(f"  error [kit-file] {FILE_MISTAKES[text]}"), line
        alone.append(line)
    assert sorted(_kit_errors(tmp_path, cli, "".join(mistakes))) == sorted(alone)


@pytest.mark.parametrize(
    ("key", "kind", "default"),
    [
        ("tile.kerf", "a number", "0.15 mm"),
        ("laser.cut_speed", "a number", "10 mm/s"),
        ("stones.count", "a whole number", "0"),  # 0 = what the board needs: no unit
        ("tile.numbers", "true or false", "true"),
        ("kit.paper", "one of a4, letter, both", "'both'"),
        ("kit.name", "", "'atlantis'"),
    ],
)
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_value_says_what_the_setting_expects_and_its_default(
    tmp_path, cli, key, kind, default, empty
):
    """An empty number said only "must be a number, got ''" (an empty text already
    said what it expects and its default); every kind now says both, the same way."""
    section, name = key.split(".")
    (setting,) = [s for s in SCHEMA[section] if s.key == name]
    [line] = _kit_errors(tmp_path, cli, f"[{section}]\n{name} = {empty!r}\n")
    expected = f"{kind}, {setting.help}" if kind and not setting.choices else setting.help
    if setting.choices:
        expected = f"{kind} ({setting.help})"
    assert line == (
        f"  error [kit-file] {key}: is empty (or only spaces); expected: {expected}; the "
        f"default, used when the setting is left out, is {default}"
    )
    # the default it names is the one a kit without the key gets
    value = setting.default
    if isinstance(value, bool):
        assert default == str(value).lower()
    elif isinstance(value, int | float):
        assert float(default.split()[0]) == value
    else:
        assert default == repr(value)


def test_a_wrong_type_and_a_bad_value_of_one_section_are_both_listed(tmp_path, cli):
    lines = _kit_errors(tmp_path, cli, "[tile]\nwidth = 'big'\nkerf = 99.0\n")
    assert [line.split(":")[0] for line in lines] == [
        "  error [kit-file] tile.width",
        "  error [kit-file] tile.kerf",
    ]


def test_laser_stones_with_a_broken_laser_section_is_a_finding(tmp_path, cli):
    kit = write_kit(tmp_path, '[laser]\nsheet = "90x90"\n[stones]\ndesign = "laser"\n')
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "[kit-laser]" in result.output
    assert not (tmp_path / "out").exists()


def test_board_findings_come_with_the_other_errors(tmp_path, cli):
    board = tmp_path / "mine.toml"
    board.write_text(
        '[board]\nname = "mine"\ntiles = [[0, 0], [1, 0], [3, 0]]\n'
        "[[players]]\nstart = [0, 0]\n[[players]]\nstart = [3, 0]\n"
    )
    kit = write_kit(tmp_path, '[kit]\nboard = "mine.toml"\n[tile]\ncircle_diameter = 50.0\n')
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "[kit-tile]" in result.output and "[board-disconnected]" in result.output


def test_board_validator_errors_stop_the_build(tmp_path, cli):
    board = tmp_path / "mine.toml"
    board.write_text(
        '[board]\nname = "mine"\ntiles = [[0, 0], [1, 0], [3, 0]]\n'
        "[[players]]\nstart = [0, 0]\n[[players]]\nstart = [3, 0]\n"
    )
    kit = write_kit(tmp_path, '[kit]\nboard = "mine.toml"\n')
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "[board-disconnected]" in result.output
    assert not (tmp_path / "out").exists()


def test_kit_with_a_board_file_pitch_and_laser_stones(tmp_path, cli):
    kit = write_kit(
        tmp_path,
        '[kit]\nboard = "2p-diamond-4"\npaper = "a4"\n[tile]\npitch = 30.0\n'
        '[stones]\ndesign = "laser"\n',
    )
    result = cli("build", kit, "--quiet", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    files = set(tree(tmp_path / "out"))
    assert "print/rulesheet-a4.pdf" in files and "print/rulesheet-letter.pdf" not in files
    assert any(f.startswith("laser/stones-colour-2-sheet") for f in files)
    assert any(f.startswith("laser/markers-dead-sheet") for f in files)
    assert not any(f.startswith("3d/") for f in files)


def test_rebuild_removes_files_of_an_earlier_build(tmp_path, cli):
    out = tmp_path / "out"
    # Other commands' files in the same --out: their names are never a kit's, so the
    # build neither refuses nor replaces nor removes them.
    for command in (["tile"], ["layout", "--preset", "3p-triangle-4"]):
        assert cli(*command, "--out", out).exit_code == 0
    theirs = tree(out)
    cli("build", write_kit(tmp_path, "[stones]\ndesign = 'pyramid'\n"), "-q", "--out", out)
    assert any("pyramid" in f for f in tree(out))
    (out / "notes.txt").write_text("mine")  # not fabgen's: must survive
    result = cli("build", write_kit(tmp_path, "[stones]\ndesign = 'none'\n"), "-q", "--out", out)
    assert result.exit_code == 0
    assert not any("pyramid" in f for f in tree(out))
    assert "removed" in result.output
    assert (out / "notes.txt").read_text() == "mine"
    assert theirs.items() <= tree(out).items()
    # A sheet changed since (re-nested in Inkscape and saved over), and a file of the
    # user's where this build writes one that no manifest lists, were replaced without a
    # word by the next build; they are refused, and nothing in the folder changes.
    sheet = out / "laser" / "tiles-sheet-1.svg"
    sheet.write_bytes(sheet.read_bytes().replace(b"</svg>", b"<!-- moved --></svg>"))
    (out / "3d").mkdir()
    mine = out / "3d" / "stone-disc-d20.7-c0.2.stl"
    mine.write_bytes(b"solid my own stone\n")
    before = tree(out)
    again = cli("build", write_kit(tmp_path, "[tile]\nkerf = 0.2\n"), "-q", "--out", out)
    assert again.exit_code == 2, again.output
    assert (
        "3d/stone-disc-d20.7-c0.2.stl is not from an earlier build into this folder (no "
        "manifest.json of fabgen's lists it); laser/tiles-sheet-1.svg was changed since fabgen "
        "wrote it; this build would replace them, so nothing was written: build into another "
        "folder, or rename your files"
    ) in " ".join(again.output.split())
    assert tree(out) == before
    assert mine.read_bytes() == b"solid my own stone\n"


def test_load_kit_fills_defaults():
    kit = load_kit(None)
    assert kit.section("tile")["kerf"] == 0.15
    assert kit.section("stones")["design"] == "disc"


def test_stones_that_do_not_fit_one_bed_go_onto_numbered_plates(tmp_path):
    from fabgen.kitbuild.plan import plan_kit

    kit = write_kit(tmp_path, '[stones]\ncount = 60\nbed = "180x180"\nmarkers = false\n')
    plan = plan_kit(load_kit(kit))
    names = [plate.name for plate in plan.stones.plates]
    # 60 stones of 20.7 mm; 52 fit a 180 mm bed: two plates of 30
    assert names == [
        "stone-disc-d20.7-c0.2-plate-1-of-2",
        "stone-disc-d20.7-c0.2-plate-2-of-2",
    ]
    assert [len(p.pieces) for p in plan.stones.plates] == [30, 30]
    bigger = write_kit(tmp_path, '[stones]\ncount = 60\nbed = "250x210"\nmarkers = false\n')
    plates = plan_kit(load_kit(bigger)).stones.plates
    assert [p.name for p in plates] == ["stone-disc-d20.7-c0.2-plate-60"]


def test_readme_and_manifest_do_not_depend_on_how_the_kit_path_was_typed(tmp_path, monkeypatch):
    from fabgen.kitbuild.plan import plan_kit
    from fabgen.kitbuild.render import manifest, readme_text

    write_kit(tmp_path, '[kit]\nboard = "3p-triangle-4"\n')
    monkeypatch.chdir(tmp_path)
    typed = ["kit.toml", "./kit.toml", str(tmp_path / "kit.toml"), f"../{tmp_path.name}/kit.toml"]
    plans = [plan_kit(load_kit(path)) for path in typed]
    assert len({readme_text(plan, {}) for plan in plans}) == 1
    assert len({manifest(plan, {}) for plan in plans}) == 1
    assert "from kit.toml." in readme_text(plans[0], {})


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (('colour = "blue"', 'colour = "blue'), "my-board.toml: is not valid TOML"),
        (("tiles = [", "tiles = [ [1, 2, 3],"), "my-board.toml at board.tiles[0]: expected"),
    ],
    ids=["toml", "tile"],
)
def test_a_broken_board_file_of_a_kit_is_named(tmp_path, cli, monkeypatch, change, where):
    """The kit's board file, not only a place inside it: a maker reading
    '[kit-board] board.tiles[0]' looked in the kit file."""
    from fabgen.board.files import preset_text

    board = tmp_path / "my-board.toml"
    text = preset_text("3p-triangle-4")
    assert change[0] in text
    board.write_text(text.replace(change[0], change[1], 1))
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    result = cli("build", write_kit(tmp_path, '[kit]\nboard = "my-board.toml"\n'), "--out", out)
    assert result.exit_code == 2, result.output
    assert f"error [kit-board] {where}" in result.output
    assert not out.exists()


def test_a_kit_files_toml_mistake_quotes_its_line_as_a_board_files_does(tmp_path, cli):
    out = tmp_path / "out"
    result = cli("build", write_kit(tmp_path, '[kit]\nname = "club,\n'), "--out", out)
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert 'the line is "name = \\"club,"; a string is not closed' in text
    assert not out.exists()


@pytest.mark.parametrize("flags", [["--config", "{kit}"], ["--config={kit}"], ["-c", "{kit}"]])
def test_a_kit_file_given_as_an_option_is_told_the_command_that_builds_it(tmp_path, cli, flags):
    """`fabgen build --config my_kit.toml` said only "No such option '--config'"; the
    message now gives the command without it, and that command builds the kit."""
    import re
    import shlex

    kit = tmp_path / "my_kit.toml"
    kit.write_text('[kit]\nname = "hinted"\n[stones]\ndesign = "none"\n')
    out = tmp_path / "out"
    args = [f.format(kit=kit) for f in flags]
    result = cli("build", *args, "--out", out)
    assert result.exit_code == 2
    assert not out.exists()
    example = re.search(r"without an option, so type: (fabgen build .*)$", result.output, re.M)
    assert example is not None, result.output
    words = shlex.split(example[1])
    assert words[:2] == ["fabgen", "build"] and "--config" not in words and "-c" not in words
    assert cli(*words[1:]).exit_code == 0
    assert "kit 'hinted'" in (out / "README.txt").read_text()


def test_a_build_into_the_folder_of_its_own_board_file_leaves_it_alone(tmp_path, cli, monkeypatch):
    """`fabgen build kit.toml --out .` beside board/club.toml, the kit's own board file
    with the maker's comments, replaced it with fabgen's rewrite without a word (a build
    writes board/NAME.toml). It is refused before anything is rendered (the refusal came
    after the whole kit), in one paragraph that names the kit file's board setting (it
    said "the file you gave it to read" of a file build was not given), nothing written;
    the same file as fabgen writes it (an earlier build's, unchanged) is built over."""
    shown = cli("boards", "--show", "2p-diamond-4").output
    board = tmp_path / "board" / "club.toml"
    board.parent.mkdir()
    board.write_text("# our club's board: keep this note\n" + shown.replace("2p-diamond-4", "club"))
    write_kit(tmp_path, '[kit]\nboard = "board/club.toml"\n[stones]\ndesign = "none"\n')
    monkeypatch.chdir(tmp_path)
    before = sorted(tmp_path.rglob("*"))
    result = cli("build", "kit.toml", "--out", ".")
    err = result.stderr.strip()
    assert result.exit_code == 2, result.output
    assert err.startswith("Error: ") and "\n" not in err, err  # no "building kit", no [1/4]
    assert (
        "would write board/club.toml over board/club.toml, the board file that kit.toml "
        'names (board = "board/club.toml" under [kit])'
    ) in err
    assert 'change board = "board/club.toml" in kit.toml' in err
    assert "the file you gave it to read" not in err
    assert board.read_text().startswith("# our club's board") and before == sorted(
        tmp_path.rglob("*")
    )
    assert cli("build", "kit.toml", "--quiet", "--out", "out").exit_code == 0
    board.write_bytes((tmp_path / "out" / "board" / "club.toml").read_bytes())
    assert cli("build", "kit.toml", "--quiet", "--out", ".").exit_code == 0
