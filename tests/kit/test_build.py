"""fabgen build: the default kit, a manifest that matches the files, bad kits refused."""

import hashlib
import json

import pytest


def test_default_kit_builds_with_a_true_manifest(tmp_path, cli):
    result = cli("build", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["kit"]["tile"]["width"] == 100.0
    listed = {entry["path"] for entry in manifest["files"]}
    assert {"laser/tile.svg", "laser/tile.dxf", "README.txt"} <= listed
    for entry in manifest["files"]:
        data = (tmp_path / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]


def test_building_twice_gives_the_same_tree(tmp_path, cli):
    cli("build", "--out", tmp_path / "a")
    cli("build", "--out", tmp_path / "b")
    assert (tmp_path / "a" / "manifest.json").read_bytes() == (
        tmp_path / "b" / "manifest.json"
    ).read_bytes()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[tile]\nwidth = -5\n", "tile width must be a positive"),
        ("[tile]\ncircle_diameter = 50\n", "neighbouring circles would overlap"),
        ("[tiles]\nwidth = 100\n", "unknown section [tiles]"),
        ("[tile]\nwidht = 100\n", "unknown key 'widht'"),
        ("[tile\n", "not valid TOML"),
        ("[kit]\nname = 'a b/c'\n", "name must be letters"),
    ],
)
def test_bad_kits_stop_before_writing(tmp_path, cli, text, message):
    kit = tmp_path / "kit.toml"
    kit.write_text(text)
    out = tmp_path / "out"
    result = cli("build", kit, "--out", out)
    assert result.exit_code == 2
    assert message in result.output
    assert not out.exists()


def test_kit_tile_section_accepts_pitch_instead_of_width(tmp_path, cli):
    kit = tmp_path / "kit.toml"
    kit.write_text("[tile]\npitch = 30.0\n")
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    kit.write_text("[tile]\npitch = 30.0\nwidth = 80.0\n")
    result = cli("build", kit, "--out", tmp_path / "out2")
    assert result.exit_code == 2
    assert "either width or pitch" in result.output
