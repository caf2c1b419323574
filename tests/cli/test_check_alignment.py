"""fabgen check-alignment: exit codes, reports, and makers' own drawings (--from)."""

import json
import math
import re

import ezdxf
import pytest

from fabgen.geometry.lattice import SQRT7, TILE_ANGLE_DEG


def run_json(cli, *args):
    result = cli("check-alignment", *args, "--format", "json")
    return result.exit_code, json.loads(result.output)


def test_exact_tiles_pass_with_nanometre_figures(cli):
    code, report = run_json(cli, "--width", "100", "--patch", "5x5")
    assert code == 0
    assert report["tiles"] == 25
    for key in ("row_deviation", "seam_spacing_error", "drift"):
        assert report[key]["value_mm"] < 1e-9


def test_blog_figures_fail_on_overlap_and_show_misalignment(cli):
    code, report = run_json(cli, "--blog-radius", "100")
    assert code == 1
    assert report["row_deviation"]["value_mm"] > 0.01
    assert any("overlap" in f for f in report["findings"])


def test_uncompensated_kerf_reports_drift_and_max_drift_fails(cli):
    args = ("--kerf", "0.2", "--no-compensate-kerf")
    code, report = run_json(cli, *args)
    assert code == 0
    assert report["drift"]["value_mm"] == pytest.approx(0.2 * 2 * math.sqrt(3))
    code, _ = run_json(cli, *args, "--max-drift", "0.3")
    assert code == 1


def test_text_report_names_the_figures(cli):
    result = cli("check-alignment", "--tiles", "19", "--kerf", "0.2", "--no-compensate-kerf")
    assert result.exit_code == 0
    assert "19 tiles around the middle" in result.output
    assert "row deviation" in result.output and "drift" in result.output
    assert "Result: within tolerance 0.2 mm" in result.output


def test_the_header_says_the_corner_radius_given(cli):
    """--corner-radius was taken and not said back, as if ignored."""
    header = cli("check-alignment", "--corner-radius", "3", "--kerf", "0.15").output
    assert ", hexagon with corners rounded 3 mm, kerf 0.15 mm compensated\n" in header
    assert "rounded" not in cli("check-alignment", "--kerf", "0.15").output


@pytest.mark.parametrize("kerf", ["0.001", "0.2"])
def test_drift_is_explained_only_when_it_reaches_a_hundredth_of_a_millimetre(cli, kerf):
    args = ("check-alignment", "--kerf", kerf, "--no-compensate-kerf")
    drift = json.loads(cli(*args, "--format", "json").output)["drift"]["value_mm"]
    explained = "drift: the lattice of circles is stretched" in cli(*args).output
    assert drift > 1e-6
    assert explained == (drift >= 0.01)


def test_tolerance_decides(cli):
    code, _ = run_json(cli, "--kerf", "0.2", "--no-compensate-kerf", "--tolerance", "0.05")
    assert code == 1


# ---- --from: a tile written by fabgen reads back with the same pitch and angle --------


@pytest.mark.parametrize("fmt", ["svg", "dxf"])
@pytest.mark.parametrize("handedness", ["ccw", "cw"])
def test_fabgen_tile_reads_back_with_same_pitch_and_angle(tmp_path, cli, fmt, handedness):
    cli("tile", "--width", "90", "--handedness", handedness, "--out", tmp_path)
    code, report = run_json(cli, "--from", tmp_path / f"tile.{fmt}")
    drawing = report["drawing"]
    assert code == 0
    assert drawing["is_island"] is True
    assert drawing["pitch_mm"] == pytest.approx(90 / SQRT7, abs=1e-5)
    sign = 1 if handedness == "ccw" else -1
    assert drawing["angle_deg"] == pytest.approx(sign * TILE_ANGLE_DEG, abs=1e-5)
    assert drawing["width_mm"] == pytest.approx(90, abs=1e-5)
    assert report["row_deviation"]["value_mm"] < 1e-5


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_a_dxf_with_windows_or_old_mac_line_ends_reads_as_with_unix_ones(tmp_path, cli, newline):
    cli("tile", "--out", tmp_path)
    lines = (tmp_path / "tile.dxf").read_bytes().split(b"\n")
    (tmp_path / "other.dxf").write_bytes(newline.encode().join(lines))
    code, report = run_json(cli, "--from", tmp_path / "other.dxf")
    _, unix = run_json(cli, "--from", tmp_path / "tile.dxf")
    assert code == 0
    report["source"], report["drawing"]["source"] = unix["source"], unix["drawing"]["source"]
    assert report == unix


def test_rosette_and_rounded_tiles_read_back(tmp_path, cli):
    cli("tile", "--outline", "rosette", "--corner-radius", "2", "--out", tmp_path)
    code, report = run_json(cli, "--from", tmp_path / "tile.dxf", "--patch", "3x3")
    assert code == 0
    assert report["drawing"]["outline_kind"] == "rosette"
    assert report["row_deviation"]["value_mm"] < 1e-3


def island_svg(width_mm=100.0, moved=None, units="mm", angle=TILE_ANGLE_DEG, scale=1.0):
    """A hand-written SVG of one tile; ``moved`` = (circle id, dx mm)."""
    pitch = width_mm / SQRT7
    r = width_mm / math.sqrt(3)
    cx, cy = 70.0, 60.0
    corners = " ".join(
        f"{(cx + r * math.cos(math.radians(60 * k))) * scale:.4f},"
        f"{(cy + r * math.sin(math.radians(60 * k))) * scale:.4f}"
        for k in range(6)
    )
    circles = []
    rows = 30.0 - angle
    centres = [(cx, cy)] + [
        (
            cx + pitch * math.cos(math.radians(rows + 60 * k)),
            cy + pitch * math.sin(math.radians(rows + 60 * k)),
        )
        for k in range(6)
    ]
    for k, (x, y) in enumerate(centres):
        if moved and moved[0] == f"c{k}":
            x += moved[1]
        circles.append(
            f'<circle id="c{k}" cx="{x * scale:.4f}" cy="{y * scale:.4f}" '
            f'r="{11 * scale:.4f}" fill="none" stroke="black"/>'
        )
    size = (
        'width="140mm" height="120mm"'
        if units == "mm"
        else (f'width="{140 * scale:g}" height="{120 * scale:g}"')
    )
    view = f'viewBox="0 0 {140 * scale:g} {120 * scale:g}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} {view}>'
        f'<g transform="translate(0,0)"><polygon points="{corners}" fill="none" stroke="red"/>'
        + "".join(circles)
        + "</g></svg>"
    )


def test_hand_written_svg_passes(tmp_path, cli):
    path = tmp_path / "mine.svg"
    path.write_text(island_svg())
    code, report = run_json(cli, "--from", path)
    assert code == 0
    assert report["drawing"]["pitch_mm"] == pytest.approx(100 / SQRT7, abs=1e-3)


def test_one_circle_moved_by_1mm_fails_and_names_it(tmp_path, cli):
    path = tmp_path / "mine.svg"
    path.write_text(island_svg(moved=("c4", 1.0)))
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 1
    assert "id 'c4'" in result.output
    assert "1.000 mm off the pattern" in result.output
    _, report = run_json(cli, "--from", path)
    assert report["pattern_error"]["value_mm"] == pytest.approx(1.0, abs=0.01)


def test_a_circle_of_an_svg_is_named_where_the_page_has_it(tmp_path, cli):
    """Positions were given with y up from the page's bottom, so the circle named was
    not where Inkscape (y down from the top) shows it."""
    path = tmp_path / "mine.svg"
    path.write_text(island_svg(moved=("c4", 1.0)))
    circle = re.search(r'id="c4" cx="([\d.]+)" cy="([\d.]+)"', path.read_text())
    result = cli("check-alignment", "--from", path)
    assert f"circle id 'c4' at ({float(circle[1]):.2f}, {float(circle[2]):.2f}) mm" in (
        result.output
    )
    assert "from the page's top left corner, y down" in result.output


def _box_words(points, dxf=False):
    """An outline's bounding box as the report gives it, from the points in the file."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    corner = "bottom left" if dxf else "top left"
    return (
        f"with its {corner} corner at ({min(xs):.2f}, {min(ys):.2f}) mm, "
        f"{max(xs) - min(xs):.2f} × {max(ys) - min(ys):.2f} mm"
    )


def test_an_svg_outline_is_named_as_inkscape_shows_it(tmp_path, cli):
    """The outline was named by its place among the file's elements ('outline #21'),
    which no program shows: it is named by its id and label when it has them, and by its
    kind and bounding box on the page (Inkscape's X, Y, W, H) in any case."""
    path = tmp_path / "mine.svg"
    path.write_text(island_svg())
    points = re.search(r'<polygon points="([^"]+)"', path.read_text())[1]
    corners = [tuple(float(v) for v in p.split(",")) for p in points.split()]
    result = cli("check-alignment", "--from", path)
    assert f"Drawing: hexagon outline, polygon {_box_words(corners)}; 7 circles" in result.output
    assert "#" not in result.output
    labelled = tmp_path / "labelled.svg"
    labelled.write_text(
        path.read_text()
        .replace("<svg ", '<svg xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ')
        .replace("<g transform", '<g inkscape:label="Layer 1" transform')
        .replace("<polygon ", '<polygon id="cut" inkscape:label="Cut line" ')
    )
    result = cli("check-alignment", "--from", labelled)
    assert f"polygon id 'cut' labelled 'Cut line' {_box_words(corners)};" in result.output
    assert "Layer 1" not in result.output  # the layer's label is not the outline's


def test_a_dxf_outline_is_named_by_its_layer_and_handle(tmp_path, cli):
    """As LibreCAD lists an entity: a polyline by its own, lines joined end to end by
    the first of them (they were 'LWPOLYLINE #8' and 'chain 1 of lines and arcs')."""
    path = tmp_path / "lines.dxf"
    librecad_style_dxf(path)
    doc = ezdxf.readfile(path)
    lines = doc.modelspace().query("LINE")
    for line in lines:
        line.dxf.layer = "CUT"
    doc.saveas(path)
    first = lines[0].dxf.handle
    result = cli("check-alignment", "--from", path)
    assert f"lines and arcs joined end to end from LINE on layer 'CUT' (handle {first})" in (
        result.output
    )
    polyline = tmp_path / "polyline.dxf"
    corners = [(line.dxf.start.x, line.dxf.start.y) for line in lines]
    for line in lines:
        doc.modelspace().delete_entity(line)
    outline = doc.modelspace().add_lwpolyline(corners, close=True, dxfattribs={"layer": "Tile"})
    doc.saveas(polyline)
    result = cli("check-alignment", "--from", polyline)
    assert (
        f"outline, LWPOLYLINE on layer 'Tile' (handle {outline.dxf.handle}) "
        f"{_box_words(corners, dxf=True)};"
    ) in result.output


def test_svg_in_px_units_is_converted(tmp_path, cli):
    path = tmp_path / "px.svg"
    px = 96 / 25.4  # user units are px at 96 per inch
    path.write_text(island_svg(units="px", scale=px))
    code, report = run_json(cli, "--from", path)
    assert code == 0
    assert report["drawing"]["width_mm"] == pytest.approx(100, abs=1e-3)


def test_wrong_angle_is_not_the_island_pattern(tmp_path, cli):
    path = tmp_path / "flat.svg"
    path.write_text(island_svg(angle=0.0))
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 1
    assert "island pattern: NO" in result.output
    assert "needs ±19.11°" in result.output


def librecad_style_dxf(path, insunits=4, scale=1.0):
    """A tile drawn as six LINEs and seven CIRCLEs, as in LibreCAD."""
    doc = ezdxf.new("R2000")
    doc.header["$INSUNITS"] = insunits
    msp = doc.modelspace()
    r, pitch = 100 / math.sqrt(3), 100 / SQRT7
    corners = [
        (r * math.cos(math.radians(60 * k)), r * math.sin(math.radians(60 * k))) for k in range(6)
    ]
    for k in range(6):
        a, b = corners[k], corners[(k + 1) % 6]
        msp.add_line((a[0] * scale, a[1] * scale), (b[0] * scale, b[1] * scale))
    rows = 30.0 + TILE_ANGLE_DEG  # clockwise handedness
    msp.add_circle((0, 0), 11 * scale)
    for k in range(6):
        a = math.radians(rows + 60 * k)
        msp.add_circle((pitch * math.cos(a) * scale, pitch * math.sin(a) * scale), 11 * scale)
    doc.saveas(path)


def test_dxf_of_lines_is_chained_into_an_outline(tmp_path, cli):
    path = tmp_path / "lines.dxf"
    librecad_style_dxf(path)
    code, report = run_json(cli, "--from", path)
    assert code == 0
    assert report["drawing"]["handedness"] == "cw"
    assert report["drawing"]["outline_kind"] == "hexagon"


def test_dxf_in_inches_is_converted(tmp_path, cli):
    path = tmp_path / "inch.dxf"
    librecad_style_dxf(path, insunits=1, scale=1 / 25.4)
    code, report = run_json(cli, "--from", path)
    assert code == 0
    assert report["drawing"]["width_mm"] == pytest.approx(100, abs=1e-6)


def test_kerf_around_a_drawn_line_shrinks_the_tiles(tmp_path, cli):
    path = tmp_path / "lines.dxf"
    librecad_style_dxf(path)
    _, report = run_json(cli, "--from", path, "--kerf", "0.2")
    assert report["tile_spacing_mm"][0] == pytest.approx(99.8, abs=1e-9)
    assert report["drift"]["value_mm"] > 0.5


@pytest.mark.parametrize("fmt", ["svg", "dxf"])
def test_a_fabgen_tile_checked_without_kerf_is_told_the_kerf_its_file_was_drawn_for(
    tmp_path, cli, fmt
):
    cli("tile", "--width", "90", "--kerf", "0.15", "--out", tmp_path)
    path = tmp_path / f"tile.{fmt}"
    as_drawn = cli("check-alignment", "--from", path).output
    hint = re.search(r"note: fabgen drew this cut line .* give --kerf (\S+) to check", as_drawn)
    assert hint is not None, as_drawn
    assert "Tiles sit 90.1500 mm apart" in as_drawn
    _, report = run_json(cli, "--from", path, "--kerf", hint[1])
    assert report["drawing"]["made_for_kerf_mm"] == float(hint[1])
    assert report["tile_spacing_mm"][0] == pytest.approx(90, abs=1e-6)
    assert "note: fabgen drew" not in cli("check-alignment", "--from", path, "--kerf", "0").output


@pytest.mark.parametrize("args", [("--kerf", "0.15", "--no-compensate-kerf"), ("--kerf", "0")])
def test_a_tile_whose_cut_line_is_its_edge_gets_no_kerf_note(tmp_path, cli, args):
    cli("tile", *args, "--out", tmp_path)
    for fmt in ("svg", "dxf"):
        result = cli("check-alignment", "--from", tmp_path / f"tile.{fmt}")
        assert result.exit_code == 0
        assert "note: fabgen drew" not in result.output
        assert "Tiles sit 100.0000 mm apart" in result.output


# ---- bad input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        ("this is not xml", "bad.svg", "not a readable SVG file"),
        ("0\nSECTION\nnonsense", "bad.dxf", "not a readable DXF file"),
        ("x", "tile.png", "give an .svg or .dxf file"),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"/>',
            "empty.svg",
            "found no closed outline",
        ),
    ],
)
def test_unreadable_drawings_get_a_clear_message(tmp_path, cli, content, name, message):
    path = tmp_path / name
    path.write_text(content)
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('width="140mm"', 'width="-5mm"', "width='-5mm' of <svg> must be a positive length"),
        ('width="140mm"', 'width="0mm"', "width='0mm' of <svg> must be a positive length"),
        ('width="140mm"', 'width="wide"', "width='wide' of <svg> is not a length"),
        ('width="140mm"', 'width="0.0001mm"', "do not have the proportions of its viewBox"),
        ('width="140mm"', 'width="100000mm"', "do not have the proportions of its viewBox"),
        (
            'width="140mm" height="120mm"',
            'width="0.014mm" height="0.012mm"',
            "the tile is 0.01 mm across the flats",
        ),
        (
            'width="140mm" height="120mm"',
            'width="140m" height="120m"',
            "width='140m' of <svg> is not a length",
        ),
        (
            'width="140mm" height="120mm"',
            'width="14000cm" height="12000cm"',
            "the tile is 100,000.0 mm across the flats",
        ),
        ('viewBox="0 0 140 120"', 'viewBox="a b c d"', "viewBox='a b c d' of <svg> is not four"),
        ('viewBox="0 0 140 120"', 'viewBox="0 0 0 120"', "must have a positive width and height"),
        ('transform="translate(0,0)"', 'transform="rotate(abc"', "transform='rotate(abc' of <g>"),
        ('transform="translate(0,0)"', 'transform="spin(3)"', "is not a list of transforms"),
        ('transform="translate(0,0)"', 'transform="rotate(1 2)"', "is not a list of transforms"),
    ],
)
def test_an_svg_of_unreadable_or_impossible_size_is_refused(tmp_path, cli, old, new, message):
    path = tmp_path / "bad.svg"
    assert old in island_svg()
    path.write_text(island_svg().replace(old, new))
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "transform", ["rotate(30deg 70 60) translate(1e1,-.5)", "matrix(1,0,0,1,0,0) scale(1)", ""]
)
def test_svg_transforms_with_units_and_commas_are_read(tmp_path, cli, transform):
    path = tmp_path / "ok.svg"
    path.write_text(island_svg().replace('transform="translate(0,0)"', f'transform="{transform}"'))
    code, report = run_json(cli, "--from", path)
    assert code == 0
    assert report["drawing"]["width_mm"] == pytest.approx(100, abs=1e-3)


@pytest.mark.parametrize(
    ("insunits", "message"),
    [
        (6, "the tile is 100,000.0 mm across the flats (DXF units (Meters) converted to mm)"),
        (13, "the tile is 0.1 mm across the flats (DXF units (Microns) converted to mm)"),
    ],
)
def test_a_dxf_tile_outside_5_to_2000_mm_is_refused(tmp_path, cli, insunits, message):
    path = tmp_path / "units.dxf"
    librecad_style_dxf(path, insunits=insunits)
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 2
    assert message in result.output
    assert "a tile is 5 to 2,000 mm" in result.output


@pytest.mark.parametrize(
    ("width", "kerf"), [(5, "0"), (5, "0.05"), (2000, "0"), (2000, "0.15"), (2000, "5")]
)
@pytest.mark.parametrize("suffix", ["svg", "dxf"])
def test_the_smallest_and_largest_tiles_fabgen_draws_pass_their_own_check(
    tmp_path, cli, width, kerf, suffix
):
    # The cut line of a 2,000 mm tile is drawn a kerf wider (and a nominal one within
    # rounding of it): the reader's size check refused fabgen's own largest tiles.
    result = cli("tile", "--width", width, "--kerf", kerf, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    code, report = run_json(cli, "--from", tmp_path / f"tile.{suffix}", "--kerf", kerf)
    assert code == 0, report
    drawn = report["drawing"]["width_mm"]
    assert drawn == pytest.approx(width + float(kerf), abs=1e-6)


def test_a_drawing_past_the_largest_tile_and_kerf_is_still_refused(tmp_path, cli):
    # 2,006 mm: more than the largest tile and the largest kerf together.
    result = cli("tile", "--width", 2000, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "tile.svg").read_text()

    def grow(match):
        return f'{match[1]}="{float(match[2]) * 1.003:.6f}mm"'

    # The page's width and height (the first two in the file), 0.3 % larger.
    bigger = re.sub(r'(width|height)="([0-9.]+)mm"', grow, svg, count=2)
    path = tmp_path / "big.svg"
    path.write_text(bigger)
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 2, result.output
    assert "the tile is 2,006.0 mm across the flats" in result.output
    assert "Check the width, height and viewBox of the drawing's page" in result.output


def test_wrong_number_of_circles(tmp_path, cli):
    svg = island_svg().replace(
        '<circle id="c6"', '<rect x="0" y="0" width="1" height="1"/><x id="c6"'
    )
    path = tmp_path / "six.svg"
    path.write_text(svg)
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 2
    assert "found 6 circles inside the outline" in result.output
    assert "exactly 7" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--patch", "0x3"], "is not ROWSxCOLS"),
        (["--patch", "five"], "is not ROWSxCOLS"),
        (["--tiles", "0"], "--tiles 0 is outside the allowed range; allowed: 1 to 2,000"),
        (["--patch", "3x3", "--tiles", "7"], "either --patch or --tiles"),
        (
            ["--tolerance", "0"],
            "--tolerance 0 is outside the allowed range; allowed: more than 0",
        ),
        (["--max-drift", "-1"], "--max-drift -1 is outside the allowed range"),
        (["--from", "x.svg", "--blog-radius", "100"], "either --from or --blog-radius"),
        (["--blog-radius", "100", "--width", "90"], "cannot be combined with --blog-radius"),
        (["--kerf", "-1"], "--kerf -1 is outside the allowed range; allowed: 0 to 5 mm"),
        (["--from", "missing.svg"], "no such file"),
    ],
)
def test_bad_options(cli, args, message):
    result = cli("check-alignment", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_a_preset_board_is_laid_out_tile_by_tile(cli):
    from fabgen.board.files import load_preset

    code, report = run_json(cli, "--board", "6p-star-19")
    assert code == 0
    assert report["tiles"] == len(load_preset("6p-star-19").tiles) == 19
    assert report["row_deviation"]["value_mm"] < 1e-9


def test_board_lattice_must_match_the_tile(cli):
    result = cli("check-alignment", "--board", "6p-star-19", "--handedness", "ccw")
    assert result.exit_code == 2
    assert "mirror image" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "nope"], "neither a preset"),
        (["--board", "6p-star-19", "--tiles", "7"], "one of --board, --patch or --tiles"),
    ],
)
def test_bad_board_options(cli, args, message):
    result = cli("check-alignment", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_a_regular_outline_with_a_moved_circle_is_not_called_irregular(tmp_path, cli):
    """The moved circle turns the tile directions a hair, which spread the regular
    hexagon's spacings by 35 nm: "not regular: ... 100.000, 100.000, 100.000 mm"."""
    path = tmp_path / "mine.svg"
    path.write_text(island_svg(moved=("c4", 1.0)))
    _, report = run_json(cli, "--from", path)
    spread = max(report["tile_spacing_mm"]) - min(report["tile_spacing_mm"])
    assert 0 < spread < 0.001
    assert not any("not regular" in f for f in report["findings"])


def test_drift_is_not_explained_as_a_stretch_when_rows_are_not_straight(tmp_path, cli):
    """The note says rows stay straight; a moved circle bends them (row deviation over
    the tolerance) and its drift comes from that, so the note is left out."""
    path = tmp_path / "mine.svg"
    path.write_text(island_svg(moved=("c4", 1.0)))
    _, report = run_json(cli, "--from", path)
    assert report["row_deviation"]["value_mm"] > 0.2 and report["drift"]["value_mm"] > 0.01
    assert "rows stay straight" not in cli("check-alignment", "--from", path).output


def test_a_drawn_tile_of_the_other_lattice_is_told_to_mirror_it_and_then_passes(tmp_path, cli):
    """It was told "use --handedness cw", an option that cannot go with --from."""
    cli("tile", "--handedness", "ccw", "--out", tmp_path)
    svg = (tmp_path / "tile.svg").read_text()
    (tmp_path / "ccw.svg").write_text(svg)
    result = cli("check-alignment", "--from", tmp_path / "ccw.svg", "--board", "6p-star-19")
    assert result.exit_code == 2
    assert "mirror image; mirror the drawing" in result.output
    assert "--handedness" not in result.output
    # Mirrored as the message says (a flip about the page's middle), it fits the board.
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg)[1])
    flipped = re.sub(r"(<g [^>]*>)", rf'\1<g transform="matrix(-1 0 0 1 {width} 0)">', svg).replace(
        "</g>", "</g></g>"
    )
    (tmp_path / "flipped.svg").write_text(flipped)
    result = cli("check-alignment", "--from", tmp_path / "flipped.svg", "--board", "6p-star-19")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("fmt", ["svg", "dxf"])
def test_a_sheet_with_shared_cut_lines_is_refused_and_one_without_reads_a_tile(tmp_path, cli, fmt):
    """A kit's sheet has no closed tile outline, so the largest closed shape was a tile's
    engraved border: 97 mm tiles, rows 1 mm off, "NOT within tolerance" for good tiles."""
    shared, apart = tmp_path / "shared", tmp_path / "apart"
    cli("sheet", "--count", "4", "--border", "1.5", "--sheet", "400x300", "--out", shared)
    cli("sheet", "--count", "4", "--no-shared-edges", "--sheet", "400x300", "--out", apart)
    result = cli("check-alignment", "--from", shared / f"sheet-1.{fmt}")
    assert result.exit_code == 2
    assert "a sheet of 4 tiles made by fabgen" in result.output
    assert "check one tile instead" in result.output
    code, report = run_json(cli, "--from", apart / f"sheet-1.{fmt}")
    assert code == 0
    assert report["drawing"]["width_mm"] == pytest.approx(100, abs=1e-6)


def inkscape_r12_dxf(comment: bool) -> str:
    """A tile as Inkscape's DXF R12 export writes it: LINEs of the outline, and no
    circles (it drops circle elements that are not paths)."""
    r = 100 / math.sqrt(3)
    corners = [
        (r * math.cos(math.radians(60 * k)), r * math.sin(math.radians(60 * k))) for k in range(6)
    ]
    lines = [
        f"0\nLINE\n8\nLayer 1\n10\n{a[0]:.6f}\n20\n{a[1]:.6f}\n11\n{b[0]:.6f}\n21\n{b[1]:.6f}\n"
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
    ]
    head = '999\n"DXF R12 Output" (www.mydxf.blogspot.com)\n' if comment else ""
    return (
        head + "0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1009\n0\nENDSEC\n"
        "0\nSECTION\n2\nENTITIES\n" + "".join(lines) + "0\nENDSEC\n0\nEOF\n"
    )


@pytest.mark.parametrize("comment", [True, False])
def test_inkscapes_r12_export_without_circles_is_named(tmp_path, cli, comment):
    path = tmp_path / "saved.dxf"
    path.write_text(inkscape_r12_dxf(comment))
    result = cli("check-alignment", "--from", path)
    assert result.exit_code == 2
    assert "found 0 circles inside the outline" in result.output
    assert ("Path > Object to Path" in result.output) == comment


@pytest.mark.parametrize(
    ("width", "height", "box", "said"),
    [
        ("119.4700538mm", "104mm", None, "SVG user units are millimetres (the page is 119.47 mm"),
        ("4.70354543in", "4.09448819in", None,
         "SVG user units are millimetres (the page is 4.70355 in wide)"),
        ("11.94700538cm", "10.4cm", "0 0 1194.700538 1040",
         "1 SVG user unit is 0.1 mm (the page is 11.947 cm wide)"),
        ("451.5406", "393.0709", None, "converted to mm at 96 px per inch (no unit on the page"),
    ],
)  # fmt: skip
def test_the_report_says_how_the_svg_units_were_read(cli, tmp_path, width, height, box, said):
    """fabgen's own SVG sets its units by the page's size in mm: saying it was read at
    96 px per inch there was wrong; only a file in plain pixels is."""
    assert cli("tile", "--out", tmp_path / "t", "--format", "svg").exit_code == 0
    text = (tmp_path / "t" / "tile.svg").read_text()
    text = text.replace('width="119.4700538mm"', f'width="{width}"', 1)
    text = text.replace('height="104mm"', f'height="{height}"', 1)
    if box:
        text = text.replace('viewBox="0 0 119.4700538 104"', f'viewBox="{box}"', 1)
    drawing = tmp_path / "mine.svg"
    drawing.write_text(text)
    result = cli("check-alignment", "--from", drawing)
    assert said in result.output
    assert ("at 96 px per inch" in result.output) == (said.startswith("converted"))
    across = 100.0 if box is None else 10.0  # (a tenth of a mm a unit: a 10 mm tile)
    match = re.search(r"width across flats ([\d.]+) mm", result.output)
    assert match and float(match[1]) == pytest.approx(across)


def test_no_kerf_is_not_said_to_be_compensated(cli):
    assert "hexagon, no kerf\n" in cli("check-alignment").output
    said = cli("check-alignment", "--kerf", "0.2").output
    assert "kerf 0.2 mm compensated" in said
    said = cli("check-alignment", "--kerf", "0.2", "--no-compensate-kerf").output
    assert "kerf 0.2 mm not compensated" in said
