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
    for name, control in by_name.items():
        s = next(x for x in SETTINGS.values() if x.kit == name)
        assert control.unit == s.unit, name


# ---- each front end names the setting as its user gave it --------------------------------


def test_the_command_line_names_the_flag(tmp_path):
    result = CliRunner().invoke(
        main, ["sheet", "--count", "2", "--sheet", "5000x400", "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "--sheet 5000.0 is outside the allowed range" in result.output
    assert not (tmp_path / "o").exists()
    result = CliRunner().invoke(main, ["sheet", "--count", "2", "--margin", "300"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: --margin 300 mm leaves nothing"), result.output


def test_a_kit_file_names_its_key(tmp_path):
    kit = tmp_path / "kit.toml"
    kit.write_text('[laser]\nsheet = "5000x400"\n')
    result = CliRunner().invoke(main, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "laser.sheet: 5000.0 is outside the allowed range" in result.output, result.output
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
    assert found["message"].startswith("Kerf (mm) 9.0 is outside the allowed range")
    planned = finding_json("kit-laser", "error", "300 mm leaves nothing", "laser.margin")
    assert planned["message"] == "Sheet margin (mm) 300 mm leaves nothing"
