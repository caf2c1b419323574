"""Laser sheet files read back: shared cut lines, finished sizes, cut order, reproducibility.

These are the acceptance checks of the laser-sheet feature, made on the DXF and SVG
files as a maker's software would read them.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import ezdxf
import pytest
from click.testing import CliRunner
from shapely.geometry import Point, Polygon

from fabgen.cli import main
from fabgen.geometry.tile import TileGeometry
from tests.sheets.sheet_readback import (
    across_flats,
    coverage_counts,
    cut_entities,
    dxf_entities,
    faces,
    flat_directions,
    overlapping_length,
    read_dxf,
    svg_layers,
    svg_start_point,
)

WIDTH, KERF = 100.0, 0.1


def run_sheet(out_dir, *args) -> dict:
    """Run ``fabgen sheet`` and return the report (files are in ``out_dir``)."""
    result = CliRunner().invoke(
        main, ["sheet", *args, "--out", str(out_dir), "--format", "json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return json.loads((out_dir / "sheets-report.json").read_text())


@pytest.fixture(scope="module")
def shared_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("shared")
    report = run_sheet(out, "--count", "20", "--kerf", str(KERF), "--numbers")
    return out, report


@pytest.fixture(scope="module")
def separate_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("separate")
    report = run_sheet(out, "--count", "20", "--kerf", str(KERF), "--no-shared-edges")
    return out, report


def tile_outlines(report: dict, sheet: int, geometry: TileGeometry) -> list[list]:
    """Where the report says the tiles are, as the segments of their expected cut lines."""
    cut = geometry.layout().cut_path
    return [
        list(cut.transformed(p["rotation"], p["x"], p["y"]).segments())
        for p in report["sheets"][sheet]["placements"]
    ]


def check_cut_geometry(out_dir, report, geometry: TileGeometry, tiles: int):
    doc = read_dxf((out_dir / "sheet-1.dxf").read_bytes())
    cuts = cut_entities(doc)
    # No two cut segments overlap.
    assert overlapping_length(cuts) < 1e-6
    # Every tile's outline is covered exactly once by the cut lines.
    outlines = tile_outlines(report, 0, geometry)
    assert len(outlines) == tiles
    for outline in outlines:
        counts = coverage_counts(outline, cuts)
        assert counts and set(counts) == {1}
    # Each finished tile (the cut region less half the kerf) has the nominal width.
    tile_faces = [f for f in faces(cuts) if f.area > 0.5 * geometry.area]
    assert len(tile_faces) == tiles
    for face in tile_faces:
        finished = face.buffer(-geometry.kerf / 2, join_style="mitre")
        for width in across_flats(finished, flat_directions(face)):
            assert width == pytest.approx(geometry.width, abs=0.01)


def test_shared_edges_cut_once_and_tiles_come_out_at_nominal_width(shared_run):
    out, report = shared_run
    check_cut_geometry(out, report, TileGeometry.from_width(WIDTH, kerf=KERF), 20)


def test_separate_outlines_keep_a_kerf_between_tiles(separate_run):
    out, report = separate_run
    geometry = TileGeometry.from_width(WIDTH, kerf=KERF)
    check_cut_geometry(out, report, geometry, 20)
    cuts = cut_entities(read_dxf((out / "sheet-1.dxf").read_bytes()))
    assert len(cuts) == 20 and all(e.entity.closed for e in cuts)
    gaps = [a.line().distance(b.line()) for i, a in enumerate(cuts) for b in cuts[i + 1 :]]
    assert min(gaps) >= KERF - 1e-6


def test_rounded_corners_share_the_straight_parts(tmp_path):
    report = run_sheet(tmp_path, "--count", "9", "--kerf", "0.2", "--corner-radius", "4")
    geometry = TileGeometry.from_width(WIDTH, kerf=0.2, corner_radius=4)
    check_cut_geometry(tmp_path, report, geometry, 9)
    # Arcs stay arcs in the DXF: some cut polylines carry bulges.
    cuts = cut_entities(read_dxf((tmp_path / "sheet-1.dxf").read_bytes()))
    assert any(any(b for *_, b in e.entity.get_points("xyb")) for e in cuts)


def test_rosettes_with_kerf_fall_back_to_separate_outlines(tmp_path):
    report = run_sheet(tmp_path, "--count", "6", "--outline", "rosette", "--kerf", "0.1")
    cuts = cut_entities(read_dxf((tmp_path / "sheet-1.dxf").read_bytes()))
    assert len(cuts) == 6 and all(e.entity.closed for e in cuts)
    assert overlapping_length(cuts) < 1e-6
    gaps = [a.line().distance(b.line()) for i, a in enumerate(cuts) for b in cuts[i + 1 :]]
    assert min(gaps) >= 0.1 - 1e-6
    assert report["sheets"][0]["pieces"] == 6


def test_rosettes_without_kerf_share_their_edges(tmp_path):
    report = run_sheet(tmp_path, "--count", "7", "--outline", "rosette")
    geometry = TileGeometry.from_width(WIDTH, outline="rosette")
    doc = read_dxf((tmp_path / "sheet-1.dxf").read_bytes())
    cuts = cut_entities(doc)
    assert overlapping_length(cuts) < 1e-6
    for outline in tile_outlines(report, 0, geometry):
        assert set(coverage_counts(outline, cuts)) == {1}
    separate = 7 * geometry.layout().cut_path.length()
    assert report["total"]["cut_length_mm"] < 0.8 * separate


def test_twenty_tiles_fit_one_600_by_400_sheet(shared_run):
    _, report = shared_run
    assert len(report["sheets"]) == 1
    sheet = report["sheets"][0]
    assert sheet["pieces"] == 20
    assert sheet["area_bound"] == pytest.approx(27.713, abs=1e-3)
    assert sheet["material_use"] == pytest.approx(20 / 27.713, abs=1e-4)


def test_shared_edges_cut_at_most_65_percent_of_separate_outlines(shared_run, separate_run):
    shared = shared_run[1]["total"]["cut_length_mm"]
    separate = separate_run[1]["total"]["cut_length_mm"]
    assert shared <= 0.65 * separate
    # The report measures what is in the file.
    cuts = cut_entities(read_dxf((shared_run[0] / "sheet-1.dxf").read_bytes()))
    assert sum(e.line().length for e in cuts) == pytest.approx(shared, rel=1e-5)


def test_engravings_come_before_every_cut(shared_run):
    out, _ = shared_run
    entities = dxf_entities(read_dxf((out / "sheet-1.dxf").read_bytes()))
    first_cut = min(e.index for e in entities if e.layer == "cut")
    marks = [e for e in entities if e.layer in ("engrave", "label")]
    assert len(marks) == 20 * 7 + 20  # circles and numbers
    assert max(e.index for e in marks) < first_cut
    layers = [layer for layer, _ in svg_layers((out / "sheet-1.svg").read_bytes())]
    assert layers == ["layer-engrave", "layer-label", "layer-cut"]


def test_inner_cuts_come_before_the_outline_that_contains_them(tmp_path):
    run_sheet(tmp_path, "--count", "3", "--kerf", "0.2", "--reference-square", "20")
    cuts = cut_entities(read_dxf((tmp_path / "sheet-1.dxf").read_bytes()))
    checked = 0
    for face in faces(cuts):
        outer = Polygon(face.exterior)
        rim = face.exterior.buffer(1e-5)
        boundary = [e.index for e in cuts if e.line().intersection(rim).length > 1e-3]
        inside = [
            e.index
            for e in cuts
            if outer.contains(e.line()) and e.line().distance(face.exterior) > 1e-6
        ]
        if inside:
            assert max(inside) < min(boundary)
            checked += 1
    assert checked == 1  # the square's hole inside the square


def test_reference_square_comes_out_at_its_size(tmp_path):
    kerf = 0.2
    report = run_sheet(tmp_path, "--count", "3", "--kerf", str(kerf), "--reference-square", "20")
    assert report["sheets"][0]["reference_square"] is True
    cuts = cut_entities(read_dxf((tmp_path / "sheet-1.dxf").read_bytes()))
    squares = [e for e in cuts if len(list(e.entity.vertices())) == 4]
    outer, hole = sorted((Polygon(e.line().coords) for e in squares), key=lambda p: -p.area)
    # The piece shrinks by half a kerf on each side, the hole grows by as much.
    assert math.sqrt(outer.buffer(-kerf / 2, join_style="mitre").area) == pytest.approx(
        20, abs=1e-6
    )
    assert math.sqrt(hole.buffer(kerf / 2, join_style="mitre").area) == pytest.approx(10, abs=1e-6)


def test_svg_holds_the_same_shapes_in_the_same_order_as_the_dxf(shared_run):
    out, _ = shared_run
    entities = dxf_entities(read_dxf((out / "sheet-1.dxf").read_bytes()))
    svg = [
        (layer, el)
        for layer, elements in svg_layers((out / "sheet-1.svg").read_bytes())
        for el in elements
    ]
    assert len(svg) == len(entities)
    for e, (layer, element) in zip(entities, svg, strict=True):
        assert layer == f"layer-{e.layer}"
        x, y = svg_start_point(element, 400.0)
        if e.kind == "LWPOLYLINE":
            start = e.entity.get_points("xy")[0]
        elif e.kind == "CIRCLE":
            start = (e.entity.dxf.center.x + e.entity.dxf.radius, e.entity.dxf.center.y)
        else:  # centred text is placed by its alignment point
            v = e.entity.dxf.align_point if e.entity.dxf.halign else e.entity.dxf.insert
            start = (v.x, v.y)
        assert (x, y) == pytest.approx(tuple(start), abs=1e-6)


def test_engraved_numbers_run_across_sheets_and_match_the_report(tmp_path):
    report = run_sheet(tmp_path, "--count", "23", "--kerf", "0.1", "--numbers")
    seen = []
    for sheet in report["sheets"]:
        doc = read_dxf((tmp_path / f"{sheet['name']}.dxf").read_bytes())
        texts = [e.entity for e in dxf_entities(doc) if e.kind == "TEXT"]
        assert len(texts) == len(sheet["placements"])
        for text in texts:
            x, y = text.dxf.align_point.x, text.dxf.align_point.y
            tile = min(sheet["placements"], key=lambda p: math.hypot(p["x"] - x, p["y"] - y))
            assert text.dxf.text == str(tile["number"])
            assert math.hypot(tile["x"] - x, tile["y"] - y) < WIDTH / 2
            seen.append(tile["number"])
    assert sorted(seen) == list(range(1, 24))


def test_dxf_is_millimetres_and_audits_clean(shared_run):
    out, _ = shared_run
    doc = read_dxf((out / "sheet-1.dxf").read_bytes())
    assert doc.units == ezdxf.units.MM
    auditor = doc.audit()
    assert not auditor.has_errors and not auditor.has_fixes


def test_engraved_circles_sit_inside_their_tiles(shared_run):
    out, _ = shared_run
    geometry = TileGeometry.from_width(WIDTH, kerf=KERF)
    entities = dxf_entities(read_dxf((out / "sheet-1.dxf").read_bytes()))
    circles = [e.entity for e in entities if e.kind == "CIRCLE" and e.layer == "engrave"]
    tiles = [f for f in faces(cut_entities(read_dxf((out / "sheet-1.dxf").read_bytes())))]
    for face in tiles:
        inside = [c for c in circles if face.contains(Point(c.dxf.center.x, c.dxf.center.y))]
        assert len(inside) == 7
        for c in inside:
            assert c.dxf.radius == pytest.approx(geometry.circle_radius)
            disc = Point(c.dxf.center.x, c.dxf.center.y).buffer(c.dxf.radius)
            assert face.buffer(-KERF / 2).contains(disc)


def test_stones_are_discs_a_kerf_apart_inside_the_margins(tmp_path):
    kerf, diameter = 0.15, 18.0
    report = run_sheet(
        tmp_path,
        "--stones",
        "40",
        "--stone-diameter",
        str(diameter),
        "--kerf",
        str(kerf),
        "--colours",
        "2",
        "--sheet",
        "200x150",
        "--margin",
        "4",
    )
    names = sorted(s["name"] for s in report["sheets"])
    assert names[0] == "stones-colour-1-sheet-1" and len({n.split("-sheet")[0] for n in names}) == 2
    assert report["totals"]["stones"]["pieces"] == 80
    for s in report["sheets"]:
        doc = read_dxf((tmp_path / f"{s['name']}.dxf").read_bytes())
        discs = [e.entity for e in cut_entities(doc)]
        assert all(d.dxftype() == "CIRCLE" for d in discs)
        r = diameter / 2 + kerf / 2
        for d in discs:
            assert d.dxf.radius == pytest.approx(r)
            x, y = d.dxf.center.x, d.dxf.center.y
            reach = r + kerf / 2
            assert x - reach >= 4 - 1e-6 and x + reach <= 196 + 1e-6
            assert y - reach >= 4 - 1e-6 and y + reach <= 146 + 1e-6
        centres = [(d.dxf.center.x, d.dxf.center.y) for d in discs]
        for i, a in enumerate(centres):
            for b in centres[i + 1 :]:
                assert math.dist(a, b) >= 2 * r + kerf - 1e-6


def test_identical_inputs_give_identical_files(tmp_path):
    args = [
        "--count",
        "23",
        "--kerf",
        "0.1",
        "--numbers",
        "--reference-square",
        "20",
        "--stones",
        "10",
        "--colours",
        "2",
    ]
    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "fabgen",
                "sheet",
                *args,
                "--out",
                str(out),
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        outputs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert outputs[0].keys() == outputs[1].keys()
    assert len(outputs[0]) == 2 * (2 + 2) + 1  # 2 tile sheets, 2 stone sheets, report
    for name in outputs[0]:
        assert outputs[0][name] == outputs[1][name], name
