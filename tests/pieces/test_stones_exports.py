"""Files: watertight STL, a 3MF plate with N named objects that fit the bed, STEP that
reads back with the same volume, and byte-identical output for identical input."""

from __future__ import annotations

import hashlib
import io
import itertools
import math
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter

import pytest

from fabgen.pieces.params import DiscStone, Marker, PyramidStone, calibration_stones
from fabgen.pieces.plate import Bed
from fabgen.pieces.products import plan_plate, render_files

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
PIECES = [DiscStone(), DiscStone(symbol="star"), PyramidStone(), Marker(kind="growing")]


@pytest.fixture(scope="module")
def files(cq):
    """STEP + STL for each piece and a default plate of 75 stones."""
    plate = plan_plate((DiscStone(),), 75, Bed(), "stones-plate-75")
    return render_files([*PIECES, Marker(kind="dead")], [plate])


def parse_stl(data: bytes):
    """Own binary STL reader: header, and the triangles as tuples of float32 corners."""
    (count,) = struct.unpack_from("<I", data, 80)
    assert len(data) == 84 + 50 * count
    triangles = []
    for k in range(count):
        values = struct.unpack_from("<12fH", data, 84 + 50 * k)
        corners = values[3:12]
        triangles.append((corners[0:3], corners[3:6], corners[6:9]))
    return data[:80], triangles


def signed_volume(triangles):
    total = 0.0
    for a, b, c in triangles:
        total += (
            a[0] * (b[1] * c[2] - b[2] * c[1])
            - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])
        )
    return total / 6


@pytest.mark.parametrize("piece", PIECES, ids=lambda p: p.name)
def test_stl_is_watertight_and_encloses_the_solid(piece, files):
    header, triangles = parse_stl(files[f"{piece.name}.stl"])
    assert header.decode("ascii").startswith(f"fabgen {piece.name}")
    edges = Counter()
    directed = Counter()
    for tri in triangles:
        for a, b in ((tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])):
            edges[frozenset((a, b))] += 1
            directed[(a, b)] += 1
    assert set(edges.values()) == {2}  # every edge shared by exactly two triangles
    assert set(directed.values()) == {1}  # ... which run along it in opposite directions
    # outward-facing, and within the tessellation tolerance of the exact volume
    assert signed_volume(triangles) == pytest.approx(piece.volume, rel=5e-3)


@pytest.mark.parametrize("piece", PIECES, ids=lambda p: p.name)
def test_step_has_one_named_part_in_mm_and_reads_back_with_the_same_volume(piece, files):
    from fabgen.export.step import read_step

    data = files[f"{piece.name}.step"]
    text = data.decode("ascii")
    assert re.findall(r"PRODUCT\('([^']*)'", text) == [piece.name]
    assert "SI_UNIT(.MILLI.,.METRE.)" in text
    assert "FILE_NAME('" + piece.name + ".step','2000-01-01T00:00:00'" in text
    solid = read_step(data)
    assert len(solid.Solids()) == 1 and solid.isValid()
    assert solid.Volume() == pytest.approx(piece.volume, rel=1e-7)


def test_3mf_plate_has_n_named_objects_that_fit_the_bed(files):
    data = files["stones-plate-75.3mf"]
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.testzip() is None
    names = archive.namelist()
    assert names == sorted(names)
    assert {"[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model"} <= set(names)
    assert "3D/3dmodel.model" in archive.read("_rels/.rels").decode()
    model = ET.fromstring(archive.read("3D/3dmodel.model"))
    assert model.get("unit") == "millimeter"
    objects = model.findall("m:resources/m:object", NS)
    items = model.findall("m:build/m:item", NS)
    assert len(objects) == len(items) == 75
    stone = DiscStone()
    assert objects[0].get("name") == f"{stone.name} #1"
    assert len({o.get("name") for o in objects}) == 75
    assert {i.get("objectid") for i in items} == {o.get("id") for o in objects}

    footprints = []
    for obj, item in zip(objects, items, strict=True):
        vertices = [tuple(float(v.get(k)) for k in "xyz") for v in obj.findall(".//m:vertex", NS)]
        triangles = obj.findall(".//m:triangle", NS)
        assert triangles and max(int(t.get("v3")) for t in triangles) < len(vertices)
        move = [float(v) for v in item.get("transform").split()]
        assert move[:9] == [1, 0, 0, 0, 1, 0, 0, 0, 1]
        xs = [x + move[9] for x, _, _ in vertices]
        ys = [y + move[10] for _, y, _ in vertices]
        assert min(z for *_, z in vertices) == pytest.approx(0, abs=1e-6)
        assert min(xs) >= 5 - 1e-3 and max(xs) <= 215 + 1e-3  # 5 mm margin on 220 mm
        assert min(ys) >= 5 - 1e-3 and max(ys) <= 215 + 1e-3
        footprints.append((move[9], move[10]))
    for (x1, y1), (x2, y2) in itertools.combinations(footprints, 2):
        assert math.hypot(x2 - x1, y2 - y1) >= stone.diameter + 3.0 - 1e-5


def test_calibration_plate_holds_both_stones(cq):
    pair = calibration_stones(DiscStone())
    plate = plan_plate(pair, 1, Bed(), "calibration")
    out = render_files(pair, [plate])
    assert sorted(out) == sorted(
        [
            "calibration.3mf",
            "stone-disc-d20.7-c0.1-bar.step",
            "stone-disc-d20.7-c0.1-bar.stl",
            "stone-disc-d20.7-c0.3-cross.step",
            "stone-disc-d20.7-c0.3-cross.stl",
        ]
    )
    model = zipfile.ZipFile(io.BytesIO(out["calibration.3mf"])).read("3D/3dmodel.model")
    names = [o.get("name") for o in ET.fromstring(model).findall(".//m:object", NS)]
    assert names == ["stone-disc-d20.7-c0.1-bar #1", "stone-disc-d20.7-c0.3-cross #1"]


RENDER = """
import hashlib
from fabgen.pieces.params import DiscStone, Marker, PyramidStone
from fabgen.pieces.plate import Bed
from fabgen.pieces.products import plan_plate, render_files
pieces = [DiscStone(), DiscStone(symbol="star"), PyramidStone(), Marker(kind="growing")]
plate = plan_plate((DiscStone(),), 75, Bed(), "stones-plate-75")
for name, data in sorted(render_files(pieces + [Marker(kind="dead")], [plate]).items()):
    print(name, hashlib.sha256(data).hexdigest())
"""


def test_same_inputs_give_byte_identical_files(files):
    """Once more in this process (solids rebuilt) and once in a fresh process: STEP
    entity numbering, tessellation and zip entries must not depend on the run."""
    again = render_files(
        [*PIECES, Marker(kind="dead")], [plan_plate((DiscStone(),), 75, Bed(), "stones-plate-75")]
    )
    assert again == files
    fresh = subprocess.run(
        [sys.executable, "-c", RENDER], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    ours = [f"{name} {hashlib.sha256(data).hexdigest()}" for name, data in sorted(files.items())]
    assert [line for line in fresh if line] == ours
    assert len(ours) == 11
