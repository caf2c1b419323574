"""The filament read back from a 3MF plate (fabgen.pieces.printing): a plate of boxes
whose volume and surface are known by hand; the streamed reader against a parse of the
whole document, on good plates and damaged ones."""

import gc
import io
import zipfile
from xml.etree import ElementTree

import numpy as np
import pytest

from fabgen.export.mesh import Mesh
from fabgen.export.threemf import MODEL_PATH, PlateItem, threemf_bytes
from fabgen.pieces.printing import (
    Printed,
    _read_model,
    facing_areas,
    read_plate,
    signed_volume,
    surface_area,
)

# a 10 × 20 × 3 mm box, its triangles counter-clockwise seen from outside
CORNERS = np.array([[x, y, z] for z in (0, 3) for y in (0, 20) for x in (0, 10)], float)
FACES = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
BOX = Mesh(CORNERS, np.array([t for a, b, c, d in FACES for t in ((a, b, c), (a, c, d))]))


def test_a_plates_pieces_have_their_copies_volume_and_surface():
    """The kit's estimate at 15 % infill needs each piece's surface as the plate holds
    it, beside its volume: two boxes of 600 mm³ and 580 mm² (2 × (200 + 30 + 60)) and one
    other piece, each where its build item puts it."""
    items = [PlateItem("box #1", BOX, 20, 20), PlateItem("box #2", BOX, 60, 20)]
    items.append(PlateItem("other #1", BOX, 20, 60))
    read = read_plate(threemf_bytes(items, "plate"))
    assert sorted(read) == ["box", "other"]
    box = read["box"]
    assert box.copies == 2
    assert abs(box.volume - 1200) < 1e-6 and abs(box.area - 1160) < 1e-6
    assert abs(read["other"].area - 580) < 1e-6
    assert abs((box + read["other"]).area - 1740) < 1e-6
    # the surface as the estimate's skins and walls take it: 200 mm² looking up, as much
    # looking down, 2 × (60 + 30) mm² of sides, each box
    assert (box.up, box.down, box.side) == pytest.approx((400, 400, 360))
    assert (box.each().volume, box.each().side) == pytest.approx((600, 180))


def test_a_slanted_face_is_both_skin_and_wall():
    """A 45° face of 1 mm² is 0.71 mm² looking up and 0.71 mm² sideways."""
    corners = np.array([[[0, 0, 0], [1, 0, 1], [0, 1, 0]]], float)  # normal (-1, 0, 1)
    up, down, side = facing_areas(corners)
    area = np.sqrt(2) / 2
    assert (up, down, side) == pytest.approx((area / np.sqrt(2), 0, area / np.sqrt(2)))


NS = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
# a slanted tetrahedron, about 4 mm: another mesh than the box, its numbers not exact
# in binary, so a sum in another order or without the item's move shows in the last bits
TETRA = Mesh(
    np.array([[0.3, 0.1, 0], [4.1, 0.2, 0], [0.7, 3.9, 0.05], [1.1, 1.3, 4.3]]),
    np.array([(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)]),
)
COPIES = [("box #1", BOX), ("tetra #1", TETRA), ("box #2", BOX), ("tetra #2", TETRA)]
COPIES += [("box #3", BOX), ("tetra #3", TETRA)]
PLATES = {
    "one tetrahedron": [PlateItem("tetra #1", TETRA, 20.3, 20.7)],
    "copies of two meshes, mixed": [
        PlateItem(name, mesh, 12.3 * k + 0.17, 31.7 - 7.1 * k)
        for k, (name, mesh) in enumerate(COPIES)
    ],
}


def whole_document(data: bytes) -> dict[str, Printed]:
    """The plate's pieces read the way fabgen read them until 2026-11-30: the whole
    model parsed at once, each build item's object looked up and placed."""
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        root = ElementTree.fromstring(package.read(MODEL_PATH))
    objects = {obj.get("id"): obj for obj in root.iter(f"{NS}object")}
    out: dict[str, Printed] = {}
    for item in root.iter(f"{NS}item"):
        obj = objects[item.get("objectid")]
        name = (obj.get("name") or "").rpartition(" #")[0] or obj.get("name") or ""
        vertices = np.array(
            [[float(v.get(k)) for k in "xyz"] for v in obj.iter(f"{NS}vertex")]
        ).reshape(-1, 3)
        triangles = np.array(
            [[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in obj.iter(f"{NS}triangle")],
            dtype=np.int64,
        ).reshape(-1, 3)
        m = [float(x) for x in (item.get("transform") or "1 0 0 0 1 0 0 0 1 0 0 0").split()]
        corners = (vertices @ np.reshape(m[:9], (3, 3)) + m[9:])[triangles]
        area = surface_area(corners)
        piece = Printed(1, signed_volume(corners), area, *facing_areas(corners))
        out[name] = out[name] + piece if name in out else piece
    return out


@pytest.mark.parametrize("plate", PLATES)
def test_the_streamed_reader_gives_what_a_whole_parse_gives(plate):
    """Read as it streams, a plate gives the same numbers, to the last bit, as the
    whole document parsed at once: the figures of bom.json and ``fabgen stones`` stay."""
    data = threemf_bytes(PLATES[plate], "plate")
    assert read_plate(data) == whole_document(data)
    assert gc.isenabled()  # paused while the model streams, not for good
    assert read_plate(data)["tetra"].copies == (len(PLATES[plate]) + 1) // 2


def test_copies_share_one_mesh_and_other_meshes_stay_apart():
    """Memory stays at one copy's size: copies with the same numbers share one mesh,
    a different mesh keeps its own."""
    data = threemf_bytes(PLATES["copies of two meshes, mixed"], "plate")
    with zipfile.ZipFile(io.BytesIO(data)) as package, package.open(MODEL_PATH) as model:
        objects, items = _read_model(model)
    assert [object_id for object_id, _ in items] == ["1", "2", "3", "4", "5", "6"]
    boxes, tetras = [objects[k] for k in "135"], [objects[k] for k in "246"]
    assert all(b.vertices is boxes[0].vertices for b in boxes)
    assert all(t.triangles is tetras[0].triangles for t in tetras)
    assert boxes[0].vertices is not tetras[0].vertices
    assert np.array_equal(tetras[0].vertices, TETRA.vertices)


def _with_model(model: bytes, path: str = MODEL_PATH) -> bytes:
    """A 3MF package holding ``model`` at ``path``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr(path, model)
    return buffer.getvalue()


def _damaged_member(data: bytes) -> bytes:
    """The package with a byte of the model's compressed data changed near its start."""
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        info = package.getinfo(MODEL_PATH)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra) + 40
    return data[:start] + bytes([data[start] ^ 0x55]) + data[start + 1 :]


def _changed_after_zipping(model: bytes, old: bytes, new: bytes) -> bytes:
    """A package of ``model`` stored uncompressed, padded past a reader's first chunk,
    then ``old`` changed to ``new`` in it: its CRC no longer matches."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as package:
        package.writestr(MODEL_PATH, model + b" " * (1 << 18))
    return buffer.getvalue().replace(old, new, 1)


GOOD = threemf_bytes(PLATES["copies of two meshes, mixed"], "plate")
MODEL = zipfile.ZipFile(io.BytesIO(GOOD)).read(MODEL_PATH)
DAMAGED = {
    "not a zip": b"solid stone\nendsolid\n",
    "zip cut short": GOOD[: len(GOOD) // 2],
    "no model in the zip": _with_model(MODEL, "3D/model.xml"),
    "empty model": _with_model(b""),
    "model cut short": _with_model(MODEL[: len(MODEL) // 2]),
    "model cut in its build": _with_model(MODEL[: MODEL.index(b"<build>") + 20]),
    "tags crossed": _with_model(MODEL.replace(b"</vertices>", b"</triangles>", 1)),
    "junk after the model": _with_model(MODEL + b"<model/>"),
    "a number that is not one": _with_model(MODEL.replace(b'x="', b'x="ten', 1)),
    "a number that is not one, then the model cut short": _with_model(
        MODEL.replace(b'x="', b'x="ten', 1)[: MODEL.index(b"</build>")]
    ),
    "a vertex without y": _with_model(MODEL.replace(b' y="', b' w="', 1)),
    "a corner past the vertices": _with_model(MODEL.replace(b'v1="0"', b'v1="99"', 1)),
    "an item of no object": _with_model(MODEL.replace(b'objectid="6"', b'objectid="7"')),
    "a bad transform": _with_model(MODEL.replace(b'transform="1 0', b'transform="one 0', 1)),
    "damaged compressed data": _damaged_member(GOOD),
    "changed after zipping": _changed_after_zipping(MODEL, b"<vertices>", b"<vertexes>"),
}


def _refusal(read, data: bytes) -> tuple[type, str]:
    with pytest.raises(Exception) as caught:
        read(data)
    return caught.type, str(caught.value)


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_plate_is_refused_as_a_whole_parse_refuses_it(damage):
    """What is wrong with a plate is said as before: the zip's error before the XML's,
    the XML's before an object's numbers, and the first of those in build order."""
    data = DAMAGED[damage]
    assert _refusal(read_plate, data) == _refusal(whole_document, data)
    assert gc.isenabled()


@pytest.mark.parametrize(
    ("grams", "text"), [(20.5, "21"), (20.49, "20"), (21.5, "22"), (9.94, "9.9"), (9.96, "10")]
)
def test_grams_are_rounded_as_a_reader_rounds_them(grams, text):
    from fabgen.pieces.printing import grams_text

    assert grams_text(grams) == text  # (Python's format rounds halves to even: 20.5 -> 20)


def test_an_estimate_equal_to_the_solid_figure_reads_the_same(monkeypatch):
    # A pyramid's skins fill it whole, so its estimate is its solid figure: 20.53 g read
    # '21 g printed solid, about 20 g' (the estimate kept to tenths, 20.5, rounded again).
    import fabgen.kitbuild.render as render
    from fabgen.pieces.printing import Filament

    class Pyramids:  # (what _filament_part reads of a printed piece)
        copies = 27
        filament = Filament(16.556 * 1000)

    monkeypatch.setattr(render, "_estimate_grams", lambda piece: piece.filament.grams)
    part = render._filament_part(Pyramids())
    assert render._solid_grams(part) == render._estimate(part) == "21"
