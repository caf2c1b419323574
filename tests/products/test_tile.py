"""The tile product: files read back, its report, and the same bytes from the command
line, the kit and the configurator."""

import re

import pytest

from fabgen.errors import ParameterError
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


def vera_width(text: str, cap_height: float) -> float:
    """Advance width of ``text`` in Bitstream Vera, the labels' font (reportlab's copy),
    at a cap height of 0.72 em."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    return pdfmetrics.stringWidth(text, "Vera", cap_height / 0.72)


def label_and_room(dxf: bytes):
    """The label's box (baseline to cap height, as wide as Vera sets it), the cut
    outline and the circles, read back from the DXF."""
    import io

    import ezdxf
    import shapely

    msp = ezdxf.read(io.StringIO(dxf.decode("utf-8"))).modelspace()
    (text,) = msp.query("TEXT")
    assert text.dxf.rotation == 0 and text.dxf.halign == 1  # centred on its baseline
    x, y = text.dxf.align_point.x, text.dxf.align_point.y
    half = vera_width(text.dxf.text, text.dxf.height) / 2
    label = shapely.box(x - half, y, x + half, y + text.dxf.height)
    (cut,) = msp.query("LWPOLYLINE[layer=='cut']")
    outline = shapely.Polygon([p[:2] for p in cut.get_points("xy")])
    circles = [
        shapely.Point(c.dxf.center.x, c.dxf.center.y).buffer(c.dxf.radius, 256)
        for c in msp.query("CIRCLE")
    ]
    return label, outline, circles


@pytest.mark.parametrize(
    ("outline", "border", "label"),
    [
        ("hexagon", None, "Tile 12 of 19"),
        ("hexagon", 1.5, "WWWWWW"),
        ("rosette", 1.5, "10"),
        ("rosette", None, "A1"),
    ],
)
def test_the_label_stays_on_the_tile_clear_of_circles_and_border(outline, border, label):
    """Read back as LibreCAD draws it (its text is as wide as Vera's): the label keeps
    1 mm from the cut line, or from the border, and touches no circle. It was sized at
    0.6 × its height a character: "Tile 12 of 19" came closer to the cut line, the
    number 10 on a rosette ran into its border."""
    geometry = TileGeometry.from_width(100, outline=outline)
    made = tile_files(TileParams(geometry, border=border, label=label, formats=("dxf",)))
    box, cut, circles = label_and_room(made.files["tile.dxf"])
    assert cut.buffer(-(1.0 + (border or 0.0)) + 1e-6, join_style="mitre").contains(box)
    assert min(box.distance(c) for c in circles) > 0


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("\udcff\udcfe", "bytes that are not UTF-8"),  # --label $'\xff\xfe' in a UTF-8 locale
        ("\x01", "has nothing to engrave"),
        ("  ", "has nothing to engrave"),
    ],
)
def test_a_label_with_nothing_to_engrave_is_refused(cli, tmp_path, label, said):
    # Each wrote a tile with an empty text (SVG) and TEXT entity (DXF), exit 0.
    result = cli("tile", "--label", label, "--out", tmp_path / "out")
    assert result.exit_code == 2 and said in result.output, result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_label_typed_in_a_c_locale_is_engraved_as_typed():
    # Under LC_ALL=C a UTF-8 "Zoë" arrives as undecodable bytes: read as UTF-8 after all.
    files = tile_files(TileParams(label="Zo\udcc3\udcab"))
    assert "Zoë" in files.files["tile.svg"].decode()


def test_a_label_that_fits_nowhere_is_refused():
    with pytest.raises(ParameterError, match=r"'Atlantis 12 of 19' is 34\.4 mm long"):
        tile_files(TileParams(label="Atlantis 12 of 19"))
