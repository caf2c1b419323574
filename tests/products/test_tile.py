"""The tile product: files read back, its report, and the same bytes from the command
line, the kit and the configurator."""

import re

import pytest

from fabgen.geometry.blog import BlogFigures
from fabgen.geometry.lattice import Handedness
from fabgen.geometry.tile import TileGeometry
from fabgen.products.tile import TileParams, tile_files
from tests.readback import layer_colours_dxf, read_dxf, read_svg


def read_back(tmp_path, name: str, data: bytes):
    """The tile as fabgen's own reader of makers' drawings sees it."""
    from fabgen.readers.tile_drawing import read_tile_drawing

    path = tmp_path / name
    path.write_bytes(data)
    return read_tile_drawing(path)


@pytest.mark.parametrize("name", ["tile.svg", "tile.dxf"])
def test_the_files_read_back_as_the_tile_asked_for(tmp_path, name):
    geometry = TileGeometry.from_width(90, corner_radius=2.0, handedness="ccw")
    made = tile_files(TileParams(geometry, border=1.5, label="12"))
    assert sorted(made.files) == ["tile.dxf", "tile.svg"]
    _, found = read_back(tmp_path, name, made.files[name])
    assert found.is_island and found.circles_found == 7
    assert found.width_mm == pytest.approx(90, abs=1e-3)
    assert found.pitch_mm == pytest.approx(geometry.pitch, abs=1e-3)
    assert found.circle_diameter_mm == pytest.approx(geometry.circle_diameter, abs=1e-3)
    assert found.handedness == "ccw"
    drawing = (read_svg if name.endswith("svg") else read_dxf)(made.files[name])
    assert drawing.texts["label"] == ["12"]
    assert len(drawing.polylines["engrave"]) == 1  # the border


def test_the_report_is_what_the_files_record():
    geometry = TileGeometry.from_width(80, kerf=0.2)
    made = tile_files(TileParams(geometry, made_by={"command": "fabgen tile --width 80"}))
    assert made.report == {"command": "fabgen tile --width 80", **geometry.parameters()}
    recorded = read_svg(made.files["tile.svg"]).metadata
    assert {k: recorded[k] for k in made.report} == made.report
    assert made.report["kerf_mm"] == 0.2 and made.report["width_mm"] == 80.0


def test_formats_name_and_profile_choose_the_files():
    made = tile_files(TileParams(formats=("dxf",), name="mine", profile="ponoko"))
    assert list(made.files) == ["mine.dxf"]
    assert layer_colours_dxf(made.files["mine.dxf"])["cut"] == 5  # ponoko cuts blue
    default = tile_files(TileParams(formats=("dxf",)))
    assert layer_colours_dxf(default.files["tile.dxf"])["cut"] == 1  # lightburn: red


def test_the_blog_figures_are_drawn_as_given(tmp_path):
    blog = BlogFigures(60, "diameter")
    made = tile_files(TileParams(blog=blog, handedness=Handedness.CCW, formats=("svg",)))
    assert made.report["source"] == "maker's blog figures"
    assert made.report["circle_distance_mm"] == pytest.approx(60 / 2.65)
    assert "notes" not in made.report  # sentences for people: the front end shows them
    _, found = read_back(tmp_path, "blog.svg", made.files["tile.svg"])
    assert found.pitch_mm == pytest.approx(60 / 2.65, abs=1e-3)
    assert found.handedness == "ccw"


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="no laser format 'pdf'"):
        tile_files(TileParams(formats=("pdf",)))


def without_settings(svg: bytes) -> bytes:
    """The SVG without the settings it records (its origin differs by front end)."""
    return re.sub(rb"<fabgen:settings>.*?</fabgen:settings>", b"", svg)


def test_the_command_line_and_the_kit_cut_the_same_test_tile(
    cli, tmp_path, default_plan, kit_files
):
    # templates/kit.toml: 100 mm, kerf 0.15 compensated, border 1.5, lightburn
    result = cli("tile", "--kerf", "0.15", "--border", "1.5", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    cut = (tmp_path / "tile.svg").read_bytes()
    assert without_settings(cut) == without_settings(kit_files["laser/test-tile.svg"])
    ours, theirs = (
        read_dxf((tmp_path / "tile.dxf").read_bytes()),
        read_dxf(kit_files["laser/test-tile.dxf"]),
    )
    assert (ours.polylines, ours.circles) == (theirs.polylines, theirs.circles)
    assert read_svg(cut).metadata["command"].startswith("fabgen tile")
    assert read_svg(kit_files["laser/test-tile.svg"]).metadata["kit"] == "atlantis"


def test_the_configurator_shows_the_kit_test_tile(default_plan, kit_files):
    from fabgen.web.kitform import _pictures

    shown = _pictures(default_plan, quick=True)["tile"]["svg"]
    assert shown.encode("utf-8") == kit_files["laser/test-tile.svg"]
