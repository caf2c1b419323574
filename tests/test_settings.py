"""One definition per setting: the registry drives the command line, the kit file, its
template, the web form and the limits, and each front end names a setting its own way."""

from __future__ import annotations

import dataclasses

import click
import pytest
from click.testing import CliRunner

from fabgen.cli import main
from fabgen.cli.options import FROM_REGISTRY
from fabgen.kitbuild.kitfile import SCHEMA, default_kit_text, template_text
from fabgen.settings import SETTINGS, Setting, declare

#: Options that steer a command (what to read, where to write, what to print) rather
#: than set a product parameter; every other option must come from the registry.
STEERING = {
    "out_dir",
    "output_format",
    "report_format",
    "file_format",
    "preset",
    "show",
    "show_as",
    "quiet",
    "drawing",
    "patch",
    "board_name",
    "svg_dir",
    "names",
    "moves",
    "turn_number",
    "play",
    "open_browser",
    "games_dir",
    "host",
    "scheduler",
    "suggest_starts",
    "markers",
    "calibrate",
    "seat",
    "symbol",
    "label",
    "name",
}


def _options():
    def walk(group, path):
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                yield from walk(command, f"{path}{name} ")
                continue
            for param in command.params:
                if isinstance(param, click.Option):
                    yield f"{path}{name}", param

    return list(walk(main, ""))


def test_declaring_a_setting_twice_fails():
    with pytest.raises(ValueError, match="declared twice"):
        declare(dataclasses.replace(SETTINGS["kerf"]))
    with pytest.raises(ValueError, match=r"kit key tile\.kerf is declared twice"):
        declare(Setting("kerf_again", float, 0.0, "x", kit="tile.kerf"))
    assert "kerf_again" not in SETTINGS


def test_a_kit_default_of_its_own_states_why():
    with pytest.raises(ValueError, match="kit_why"):
        declare(Setting("odd", float, 0.0, "x", kit="tile.odd", kit_default=1.0))
    assert "odd" not in SETTINGS
    own = [s for s in SETTINGS.values() if s.kit and s.in_kit != s.default]
    assert own and all(s.kit_why for s in own)


def test_every_option_that_sets_something_comes_from_the_registry():
    options = _options()
    assert len(options) > 80
    for command, param in options:
        name = getattr(param, FROM_REGISTRY, None)
        if name is None:
            assert param.name in STEERING, f"{command} {param.opts[0]} is not from the registry"
            assert param.name not in {s.keyword for s in SETTINGS.values()} or param.name in (
                "markers",  # stones --markers writes markers; the kit's key adds them
            ), f"{command} {param.opts[0]} declares a registry setting again"
            continue
        s = SETTINGS[name]
        assert param.opts[0] == s.flag and param.name == s.keyword, (command, name)
        assert param.help.startswith(s.help) or s.help in param.help, (command, name)


def test_every_kit_key_and_the_template_come_from_the_registry():
    keys = {f"{section}.{s.key}" for section, group in SCHEMA.items() for s in group}
    assert keys == {s.kit for s in SETTINGS.values() if s.kit}
    for section, group in SCHEMA.items():
        for s in group:
            assert SETTINGS[s.name].in_kit == s.default, (section, s.key)
    assert default_kit_text() == template_text(), (
        "templates/kit.toml is out of date: python -m fabgen.kitbuild.kitfile > templates/kit.toml"
    )


def test_choices_are_those_the_library_knows():
    from fabgen.export.profiles import PROFILES
    from fabgen.rules.variants import VARIANTS

    assert SETTINGS["variant"].choices == tuple(VARIANTS)
    assert SETTINGS["profile"].choices == tuple(sorted(PROFILES))
    assert SETTINGS["profile"].default in PROFILES


def test_the_web_form_takes_label_and_unit_from_the_registry():
    from fabgen.web.kitform import controls

    by_name = {c.name: c for group in controls().values() for c in group}
    assert by_name["tile.width"].label == "Tile width (mm)"
    assert by_name["laser.cut_speed"].label == "Cut speed (mm/s)"
    assert by_name["stones.count"].label == "Stones per colour"
    assert by_name["stones.height"].label == "Stone height (mm)"
    for name, control in by_name.items():
        s = next(x for x in SETTINGS.values() if x.kit == name)
        assert control.unit == s.unit, name


def test_a_kits_stone_height_is_the_setting_of_fabgen_stones_height():
    """One definition: the kit key is the flag's setting, with its range and refusals,
    not a copy of them."""
    (height,) = [s for s in SETTINGS.values() if s.kit == "stones.height"]
    assert (height.name, height.flag) == ("height", "--height")
    assert height.in_kit == 0  # (each design's own height, as without --height)


# ---- each front end names the setting as its user gave it --------------------------------


def test_the_command_line_names_the_flag(tmp_path):
    result = CliRunner().invoke(
        main, ["sheet", "--count", "2", "--sheet", "5000x400", "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "--sheet 5000 is outside the allowed range" in result.output
    assert not (tmp_path / "o").exists()
    result = CliRunner().invoke(main, ["sheet", "--count", "2", "--margin", "300"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: --margin 300 mm leaves nothing"), result.output


def test_a_kit_file_names_its_key(tmp_path):
    kit = tmp_path / "kit.toml"
    kit.write_text('[laser]\nsheet = "5000x400"\n')
    result = CliRunner().invoke(main, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "laser.sheet: 5000 is outside the allowed range" in result.output, result.output
    assert "--sheet" not in result.output
    kit.write_text("[laser]\nmargin = 300\n")
    result = CliRunner().invoke(main, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "laser.margin: 300 mm leaves nothing" in result.output, result.output


def test_the_web_form_names_the_label():
    from pathlib import Path

    from fabgen.errors import InputFileError
    from fabgen.kitbuild.kitfile import parse_kit
    from fabgen.web.kitform import error_json, finding_json

    with pytest.raises(InputFileError) as caught:
        parse_kit("[tile]\nkerf = 9.0\n", "kit.toml", Path("."))
    found = error_json(caught.value)
    assert found["setting"] == "tile.kerf"
    # (the label "Kerf (mm)" without its unit, which the value says)
    assert found["message"].startswith("Kerf 9.0 is outside the allowed range")
    planned = finding_json("kit-laser", "error", "300 mm leaves nothing", "laser.margin")
    assert planned["message"] == "Sheet margin 300 mm leaves nothing"


# ---- refusals from below the front ends, named the same three ways ------------------------


def test_a_tile_the_geometry_refuses_is_named_by_each_front_end(tmp_path):
    from fabgen.kitbuild.kitfile import parse_kit
    from fabgen.kitbuild.plan import KitError, plan_kit
    from fabgen.web.kitform import finding_json

    words = "40 mm is not smaller than the pitch 37.796 mm: neighbouring circles would overlap"
    result = CliRunner().invoke(main, ["tile", "--circle-diameter", "40", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: --circle-diameter {words}"), result.output
    with pytest.raises(KitError) as caught:
        plan_kit(parse_kit("[tile]\ncircle_diameter = 40.0\n", "kit.toml", tmp_path))
    assert f"tile.circle_diameter: {words}" in str(caught.value)
    (found,) = [f for f in caught.value.findings if f.severity == "error"]
    shown = finding_json(found.code, found.severity, found.message, found.where)
    assert shown["setting"] == "tile.circle_diameter"
    assert shown["message"].startswith(f"Circle diameter {words}")


def test_a_kit_names_a_setting_without_a_key_in_words_under_its_section(tmp_path):
    from fabgen.kitbuild.kitfile import parse_kit
    from fabgen.kitbuild.plan import KitError, plan_kit

    kit = '[laser]\nsheet = "40x40"\nmargin = 2.0\n[stones]\ndesign = "laser"\n'
    with pytest.raises(KitError) as caught:
        plan_kit(parse_kit(kit, "kit.toml", tmp_path))
    text = str(caught.value)
    assert "laser.sheet: 40×40 mm with 2 mm margins leaves" in text  # the tiles' sheet
    assert "--" not in text  # no flag in a kit's message


def _bad_moves():
    from fabgen.rules.moves import parse_moves

    parse_moves("zz")


def _bad_player():
    from fabgen.play.policy import get_policy

    get_policy("expert")


def _no_stack_starts():
    from fabgen.board.files import load_preset
    from fabgen.play.starts import stack_starts

    stack_starts(load_preset("3p-triangle-4"))


@pytest.mark.parametrize(
    ("args", "flag_text", "refuse", "library_text"),
    [
        (["rules", "turn", "GAME", "--moves", "zz"], "--moves 'zz'", _bad_moves, "moves 'zz'"),
        (
            ["balance", "--preset", "3p-triangle-4", "--players", "expert", "--out", "OUT"],
            "--players 'expert' is not a player",
            _bad_player,
            "players 'expert' is not a player",
        ),
        (
            ["balance", "--preset", "3p-triangle-4", "--suggest-starts", "--out", "OUT"],
            "--suggest-starts is for 4 or 5 seats",
            _no_stack_starts,
            "suggest starts is for 4 or 5 seats",
        ),
    ],
)
def test_the_library_names_options_in_words_and_the_command_line_by_flag(
    tmp_path, args, flag_text, refuse, library_text
):
    from fabgen.board.files import load_preset
    from fabgen.errors import ParameterError
    from fabgen.rules.transcript import transcript_from_position, write_transcript

    game = tmp_path / "game.json"
    start = load_preset("3p-triangle-4").position()
    game.write_text(write_transcript(transcript_from_position(start, with_state=False)))
    places = {"GAME": str(game), "OUT": str(tmp_path / "o")}
    result = CliRunner().invoke(main, [places.get(a, a) for a in args])
    assert result.exit_code == 2
    assert f"Error: {flag_text}" in result.output, result.output
    with pytest.raises(ParameterError) as caught:
        refuse()
    assert str(caught.value).startswith(library_text) and "--" not in str(caught.value)


def test_the_drawing_reader_refuses_a_dpi_by_the_settings_name(tmp_path):
    from fabgen.errors import ParameterError
    from fabgen.readers.shapes import read_shapes

    with pytest.raises(ParameterError) as caught:
        read_shapes(tmp_path / "tile.svg", dpi=0.0)
    assert caught.value.parameter == "dpi"
    assert caught.value.naming("--dpi") == "--dpi 0 is outside 1 to 10000 px per inch"
