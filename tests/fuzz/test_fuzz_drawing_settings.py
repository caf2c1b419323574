"""fabgen's own settings inside a tile drawing (SVG metadata, DXF custom properties),
damaged: check-alignment --from reads the drawing as any other program's, with no kerf
note and no sheet refusal, never a traceback (docs/design-notes.md, The alignment check)."""

from __future__ import annotations

import re

import pytest

from tests.fuzz.harness import check_outcome, run_cli

KERF_NOTE = "fabgen drew this cut line"
SPACING = re.compile(r"Tiles sit [\d.]+ mm apart")

# The settings' JSON replaced whole: none of these is fabgen's, so none has a kerf.
SVG_SETTINGS = {
    "nested-deep": "[" * 100_000 + "]" * 100_000,  # (a RecursionError before)
    "truncated": '{"kerf_mm": 0.15, "compensate_kerf": tr',
    "a-list": "[0.15]",
    "empty": "",
    "kerf-nan": '{"kerf_mm": NaN, "compensate_kerf": true}',
    "kerf-infinity": '{"kerf_mm": Infinity, "compensate_kerf": true}',
    "kerf-1e308": '{"kerf_mm": 1e308, "compensate_kerf": true}',
    "kerf-negative": '{"kerf_mm": -5, "compensate_kerf": true}',
    "kerf-negative-zero": '{"kerf_mm": -0.0, "compensate_kerf": true}',
    "kerf-null": '{"kerf_mm": null, "compensate_kerf": true}',
    "kerf-list": '{"kerf_mm": [0.15], "compensate_kerf": true}',
    "kerf-digits": '{"kerf_mm": ' + "9" * 5000 + ', "compensate_kerf": true}',
    "kerf-surrogate": '{"kerf_mm": "\\ud800", "compensate_kerf": true}',
    "compensate-text": '{"kerf_mm": 0.15, "compensate_kerf": "yes"}',
    # a sheet of shared cut lines with no count fabgen writes (Infinity: a traceback;
    # 1e308 was quoted whole, 309 digits, in the refusal)
    "tiles-infinity": '{"shared_edges": true, "tiles": Infinity}',
    "tiles-1e308": '{"shared_edges": true, "tiles": 1e308}',
    "tiles-nan": '{"shared_edges": true, "tiles": NaN}',
    "tiles-text": '{"shared_edges": true, "tiles": "many"}',
}

DXF_VALUES = {
    "kerf-nan": ("kerf_mm", "nan"),
    "kerf-inf": ("kerf_mm", "inf"),
    "kerf-1e308": ("kerf_mm", "1e308"),
    "kerf-negative": ("kerf_mm", "-5"),
    "kerf-digits": ("kerf_mm", "9" * 5000),
    "kerf-text": ("kerf_mm", "\u202e0.15"),
    "compensate-text": ("compensate_kerf", "yes"),
}


@pytest.fixture(scope="module")
def tile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tile")
    outcome = run_cli(["tile", "--kerf", "0", "--out", folder])
    assert outcome.exit_code == 0, outcome.output
    plain = run_cli(["check-alignment", "--from", folder / "tile.svg"])
    assert plain.exit_code == 0, plain.output
    return folder, SPACING.search(plain.output)[0]


def _checked(path, spacing):
    args = ["check-alignment", "--from", path]
    outcome = run_cli(args)
    check_outcome(outcome, args)
    assert outcome.exit_code == 0, outcome.output
    assert KERF_NOTE not in outcome.output
    assert SPACING.search(outcome.output)[0] == spacing


@pytest.mark.parametrize("name", sorted(SVG_SETTINGS))
def test_damaged_svg_settings_are_not_fabgens(tile, tmp_path, name):
    folder, spacing = tile
    text = (folder / "tile.svg").read_text("utf-8")
    settings = re.search(r"<fabgen:settings>(.*?)</fabgen:settings>", text)
    assert settings, "the tile's SVG has fabgen's settings"
    path = tmp_path / f"{name}.svg"
    path.write_text(text.replace(settings[1], SVG_SETTINGS[name]), "utf-8")
    _checked(path, spacing)


@pytest.mark.parametrize("name", sorted(DXF_VALUES))
def test_damaged_dxf_settings_are_not_fabgens(tile, tmp_path, name):
    folder, spacing = tile
    key, value = DXF_VALUES[name]
    text = (folder / "tile.dxf").read_text("utf-8")
    pattern = re.compile(rf"(\n{key}\n  9\n\$CUSTOMPROPERTY\n  1\n)([^\n]*)\n")
    assert pattern.search(text), key
    text = pattern.sub(lambda m: m[1] + value + "\n", text, count=1)
    if name.startswith("kerf"):  # (the tile was drawn for no kerf: give it one, damaged)
        assert "\ncompensate_kerf\n  9\n$CUSTOMPROPERTY\n  1\ntrue\n" in text
    path = tmp_path / f"{name}.dxf"
    path.write_text(text, "utf-8")
    _checked(path, spacing)


@pytest.mark.parametrize("tiles", ["inf", "1e308", "99999999999999999999999", "-3", "nan"])
def test_a_dxf_sheet_count_no_fabgen_writes_is_read_as_one_tile(tile, tmp_path, tiles):
    folder, spacing = tile
    text = (folder / "tile.dxf").read_text("utf-8")
    extra = "".join(
        f"  9\n$CUSTOMPROPERTYTAG\n  1\n{key}\n  9\n$CUSTOMPROPERTY\n  1\n{value}\n"
        for key, value in (("shared_edges", "true"), ("tiles", tiles))
    )
    head, sep, rest = text.partition("  9\n$CUSTOMPROPERTYTAG\n")
    assert sep
    path = tmp_path / "sheet.dxf"
    path.write_text(head + extra + sep + rest, "utf-8")
    _checked(path, spacing)


def test_the_kerf_note_still_comes_from_good_settings(tile, tmp_path):
    """The damaged cases above can fail: a kerf the settings give is noted."""
    folder, _ = tile
    text = (folder / "tile.svg").read_text("utf-8")
    path = tmp_path / "kerf.svg"
    path.write_text(text.replace('"kerf_mm": 0.0', '"kerf_mm": 0.15'), "utf-8")
    outcome = run_cli(["check-alignment", "--from", path])
    assert outcome.exit_code == 0 and KERF_NOTE in outcome.output, outcome.output
