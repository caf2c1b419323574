"""SVG files for Inkscape, laser software and plain viewers, read back as XML.

Laser layers keep 0.01 mm strokes in their attributes (what LightBurn and Inkscape
read); a style sheet that only browsers apply (an ``@supports`` block, which Inkscape
ignores: checked by rendering with Inkscape below when it is installed) widens them on
screen; Inkscape meets only elements it knows and millimetre document units.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from xml.etree import ElementTree

import pytest

from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Style
from fabgen.draw.tile_drawing import TileDrawingOptions, tile_drawing
from fabgen.export.profiles import PROFILES
from fabgen.export.svg import HAIRLINE_CLASS, render_svg
from fabgen.geometry.tile import TileGeometry
from tests.readback import read_svg

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
SODIPODI = "{http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd}"
KNOWN = {SVG, INKSCAPE, SODIPODI, "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"}


def _tile() -> Drawing:
    geometry = TileGeometry.from_width(100)
    return tile_drawing(geometry.layout(), TileDrawingOptions(), metadata=geometry.parameters())


def _tile_svg(profile="lightburn") -> bytes:
    return render_svg(_tile(), profile)


def _laser_shapes(root):
    for group in root.findall(f"{SVG}g"):
        if group.get("id") == "layer-print":
            continue
        yield group, [el for el in group if el.tag in (f"{SVG}path", f"{SVG}circle")]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_laser_strokes_stay_hairline_in_the_attributes_with_the_profile_colours(profile):
    root = ElementTree.fromstring(_tile_svg(profile))
    colours = PROFILES[profile].colours
    seen = 0
    for group, shapes in _laser_shapes(root):
        op = Operation(group.get("id").removeprefix("layer-"))
        assert group.get("class") == HAIRLINE_CLASS
        for el in shapes:
            assert el.get("stroke-width") == "0.01"
            assert el.get("stroke") == colours[op]
            assert el.get("style") is None  # nothing that outranks the attributes
            seen += 1
    assert seen == 8  # the outline and seven circles


def test_the_on_screen_width_is_only_inside_an_at_supports_block():
    root = ElementTree.fromstring(_tile_svg())
    styles = root.findall(f"{SVG}style")
    assert len(styles) == 1
    css = styles[0].text.strip()
    # every rule of the sheet sits inside the one @supports block, so a CSS reader
    # that skips at-rules (Inkscape, laser software) sees no rule at all
    assert css.startswith("@supports (vector-effect: non-scaling-stroke) {")
    assert css.endswith("} }") and css.count("{") == 2
    assert "vector-effect: non-scaling-stroke; stroke-width: 1px" in css
    assert f".{HAIRLINE_CLASS} path" in css


def test_paper_only_drawings_get_no_preview_sheet():
    drawing = Drawing(50, 50)
    drawing.add(Operation.PRINT, Circle((25, 25), 10, Style(width=0.3)))
    root = ElementTree.fromstring(render_svg(drawing))
    assert root.find(f"{SVG}style") is None
    assert root.find(f"{SVG}g").get("class") is None


def test_inkscape_meets_known_elements_and_mm_units():
    data = _tile_svg()
    root = ElementTree.fromstring(data)
    for el in root.iter():
        namespace = re.match(r"\{[^}]*\}", el.tag).group(0)
        in_settings = el.tag == "{urn:x-fabgen:settings}settings"
        assert namespace in KNOWN or in_settings, el.tag
    view = root.find(f"{SODIPODI}namedview")
    assert view.get(f"{INKSCAPE}document-units") == "mm"
    # our settings sit inside RDF metadata, where Inkscape looks for no objects
    rdf = root.find(f"{SVG}metadata/{{http://www.w3.org/1999/02/22-rdf-syntax-ns#}}RDF")
    assert rdf is not None
    assert read_svg(data).metadata["width_mm"] == 100.0


def test_preview_leaves_geometry_alone():
    """The same drawing with and without the sheet reads back identically."""
    drawing = _tile()
    thin, thick = read_svg(render_svg(drawing)), read_svg(render_svg(drawing, hairline=0.2))
    assert thin.polylines == thick.polylines and thin.circles == thick.circles
    assert b"@supports" not in render_svg(drawing, hairline=0.2)


@pytest.mark.skipif(shutil.which("inkscape") is None, reason="inkscape not installed")
def test_inkscape_opens_the_file_without_warnings_and_ignores_the_preview(tmp_path):
    """Inkscape renders the 0.01 mm attribute width (next to nothing at 96 dpi), not
    the 1 px preview, and says nothing about unknown elements."""
    drawing = Drawing(40, 40)
    drawing.add(Operation.CUT, Polyline(((5, 5), (35, 5), (35, 35), (5, 35)), True))
    svg = tmp_path / "square.svg"
    svg.write_bytes(render_svg(drawing))
    png = tmp_path / "square.png"
    run = subprocess.run(
        ["inkscape", "--export-type=png", "--export-dpi=96", f"--export-filename={png}", svg],
        capture_output=True,
        text=True,
        timeout=120,
    )
    warnings = [
        line for line in run.stderr.splitlines() if "WARNING" in line and "GtkRecent" not in line
    ]
    assert warnings == []
    pixels = _dark_pixels(png)
    assert pixels < 20  # a 1 px square outline of 113 px a side would be about 450


def _dark_pixels(png) -> int:
    Image = pytest.importorskip("PIL.Image")

    with Image.open(png) as image:
        alpha = image.convert("RGBA").getchannel("A")
        return sum(alpha.histogram()[65:])


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium not installed")
def test_a_browser_shows_the_hairlines(tmp_path):
    """Headless chromium at normal zoom draws the square's outline about one pixel wide
    (a plain 0.01 mm line would leave the page blank)."""
    Image = pytest.importorskip("PIL.Image")
    drawing = Drawing(40, 40)
    drawing.add(Operation.CUT, Polyline(((5, 5), (35, 5), (35, 35), (5, 35)), True))
    svg = tmp_path / "square.svg"
    svg.write_bytes(render_svg(drawing))
    png = tmp_path / "square.png"
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--screenshot={png}",
            "--window-size=400,400",
            svg.as_uri(),
        ],
        capture_output=True,
        timeout=120,
    )
    if not png.exists():
        pytest.skip("chromium made no screenshot here")
    with Image.open(png) as image:
        data = image.convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    red = sum(1 for r, g, b in pixels if r > 150 and g < 120 and b < 120)
    # the outline is 4 × 30 mm = 4 × 113 px long at 96 dpi, about one pixel wide
    assert red > 200
