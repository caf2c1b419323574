"""What a maker needs before printing: the filament of the pieces, read back from the
STL and 3MF files fabgen wrote so that the figure describes the file, the thickness of
the laser-cut sheets, and the colours the markers are made in (docs/design-notes.md,
*Products*: what a maker buys before printing).

A mesh's volume is the sum of its triangles' signed tetrahedra; a 3MF plate's is the
sum over its build items, each object placed by its item's transform; its surface, which
a slicer's estimate of walls and skins needs, the sum of its triangles' areas, split by
the way they face (up, down, sideways). The figures are for pieces printed solid (100 %
infill), the most a piece takes: a slicer's infill makes a stone less, while a marker,
no thicker than a slicer's top and bottom skins, is solid layers only and takes about as
much. A plate is read as it streams, one object's XML at a time (a plate of 500 copies
is a model of up to 68 MiB). Pure Python and numpy: no CadQuery here.
"""

from __future__ import annotations

import gc
import io
import math
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from xml.etree import ElementTree

import numpy as np

from fabgen.pieces.params import PLA_DENSITY

#: The usual filament; 2.85 mm printers are the exception.
FILAMENT_DIAMETER = 1.75
MODEL_PATH = "3D/3dmodel.model"
_NS = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
_OBJECT, _ITEM = f"{_NS}object", f"{_NS}item"


@dataclass(frozen=True)
class Filament:
    """PLA for ``volume`` mm³ printed solid."""

    volume: float

    @property
    def cm3(self) -> float:
        return self.volume / 1000.0

    @property
    def grams(self) -> float:
        return self.volume * PLA_DENSITY

    @property
    def metres(self) -> float:
        """Length of filament of :data:`FILAMENT_DIAMETER` holding the volume."""
        return self.volume / (math.pi * (FILAMENT_DIAMETER / 2) ** 2) / 1000.0

    def __add__(self, other: Filament) -> Filament:
        return Filament(self.volume + other.volume)

    def text(self) -> str:
        """``23.4 cm³, 29 g, 9.7 m``; grams in tenths below 10 g (one stone is 2.0 g)."""
        return f"{self.cm3:.1f} cm³, {grams_text(self.grams)} g, {self.metres:.1f} m"

    def to_json(self) -> dict[str, float]:
        return {
            "cm3": round(self.cm3, 2),
            "grams": round(self.grams, 1),
            "metres": round(self.metres, 2),
        }


#: What the figures assume, in words (true of stones and markers alike).
SOLID = (
    f"PLA at {PLA_DENSITY * 1000:g} g/cm³, {FILAMENT_DIAMETER:g} mm filament, printed solid "
    "(100 % infill: the most a piece takes; a marker, as thin as a slicer's top and bottom "
    "skins, takes about that at any infill, a stone less)"
)


@dataclass(frozen=True)
class Printed:
    """Copies of one piece in the files: how many, and their volume (mm³) and surface
    (mm²) in all; the surface also as :func:`facing_areas` splits it (``up``, ``down``,
    ``side``: what the skins and walls of a slicer's estimate are laid under)."""

    copies: int
    volume: float
    area: float = 0.0
    up: float = 0.0
    down: float = 0.0
    side: float = 0.0

    def __add__(self, other: Printed) -> Printed:
        return Printed(
            self.copies + other.copies,
            self.volume + other.volume,
            self.area + other.area,
            self.up + other.up,
            self.down + other.down,
            self.side + other.side,
        )

    def each(self) -> Printed:
        """One copy's share."""
        n = self.copies
        return Printed(1, *(v / n for v in (self.volume, self.area, self.up, self.down, self.side)))

    @property
    def filament(self) -> Filament:
        return Filament(self.volume)


def signed_volume(corners: np.ndarray) -> float:
    """Volume enclosed by triangles (m × 3 × 3 corners, counter-clockwise seen from
    outside)."""
    a, b, c = corners[:, 0, :], corners[:, 1, :], corners[:, 2, :]
    return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0)


def surface_area(corners: np.ndarray) -> float:
    """Area of triangles (m × 3 × 3 corners)."""
    edges = np.cross(corners[:, 1, :] - corners[:, 0, :], corners[:, 2, :] - corners[:, 0, :])
    return float(np.linalg.norm(edges, axis=1).sum() / 2.0)


def facing_areas(corners: np.ndarray) -> tuple[float, float, float]:
    """The surface of triangles (m × 3 × 3 corners, counter-clockwise seen from outside)
    as a slicer lays skins and walls under it: the areas of the faces looking up and
    looking down, projected on the bed (a top or bottom skin's area), and their area
    projected sideways (a wall's). A 45° chamfer of 1 mm² is 0.71 mm² of each kind."""
    normals = np.cross(corners[:, 1, :] - corners[:, 0, :], corners[:, 2, :] - corners[:, 0, :])
    z = normals[:, 2] / 2.0
    up, down = float(z[z > 0].sum()), float(-z[z < 0].sum())
    return up, down, float(np.hypot(normals[:, 0], normals[:, 1]).sum() / 2.0)


def read_plate(data: bytes) -> dict[str, Printed]:
    """The pieces on a 3MF plate by name (an object ``stone-disc-d20.7-c0.2 #3`` is a
    copy of ``stone-disc-d20.7-c0.2``)."""
    with zipfile.ZipFile(io.BytesIO(data)) as package, package.open(MODEL_PATH) as model:
        objects, items = _read_model(model)
    out: dict[str, Printed] = {}
    for object_id, transform in items:
        obj = objects[object_id]
        name = (obj.name or "").rpartition(" #")[0] or obj.name or ""
        piece = obj.placed(transform)
        out[name] = out[name] + piece if name in out else piece
    return out


@dataclass(frozen=True)
class _Object:
    """A 3MF object's name and its mesh as numbers; for a mesh that is not numbers, the
    error instead, raised when a build item places the object (after the whole XML has
    parsed, as a reader of the whole document raises it)."""

    name: str | None
    vertices: np.ndarray | None = None
    triangles: np.ndarray | None = None
    error: Exception | None = None

    def placed(self, transform: str | None) -> Printed:
        """The object where a build item puts it (3MF transforms act on row vectors)."""
        if self.error is not None:
            raise self.error
        m = np.array([float(x) for x in (transform or "1 0 0 0 1 0 0 0 1 0 0 0").split()])
        rotation, move = m[:9].reshape(3, 3), m[9:]
        corners = (self.vertices @ rotation + move)[self.triangles]
        return Printed(1, signed_volume(corners), surface_area(corners), *facing_areas(corners))


def _read_model(model) -> tuple[dict[str | None, _Object], list[tuple[str | None, str | None]]]:
    """The objects by id and the build items (object id, transform) of a 3MF model
    stream, parsed as it is read: each object's XML is dropped once its mesh is numbers,
    and copies with the same numbers share one mesh, so a plate of 500 copies takes the
    memory of one (docs/design-notes.md, *What a maker buys before printing*). Errors
    come as a whole parse gives them: the package's, the XML's, then each item's."""
    objects: dict[str | None, _Object] = {}
    items: list[tuple[str | None, str | None]] = []
    meshes: dict[tuple[bytes, bytes], tuple[np.ndarray, np.ndarray]] = {}
    try:
        with _no_cycle_collection():
            for _, element in ElementTree.iterparse(model):
                if element.tag == _OBJECT:
                    objects[element.get("id")] = _read_object(element, meshes)
                    element.clear()
                elif element.tag == _ITEM:
                    items.append((element.get("objectid"), element.get("transform")))
    except ElementTree.ParseError:
        while model.read(1 << 16):  # a damaged zip member is refused as such first:
            pass  # zipfile checks its CRC at the member's end
        raise
    return objects, items


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a model streams: the elements made and
    dropped by the hundred thousand start pass after pass, each over every object the
    process holds (400,000 once CadQuery has made the solids), 40 % of the time to read
    500 markers' plates. Elements hold no cycles, so reference counting frees each
    object's XML as it is dropped; the few small cycles of the zip and the parser are
    collected by the next pass after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read_object(obj, meshes: dict) -> _Object:
    """One object's mesh as numbers, the same numbers as an earlier copy's shared."""
    try:
        vertices = np.array(
            [[float(v.get(k)) for k in "xyz"] for v in obj.iter(f"{_NS}vertex")],
            dtype=np.float64,
        ).reshape(-1, 3)
        triangles = np.array(
            [[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in obj.iter(f"{_NS}triangle")],
            dtype=np.int64,
        ).reshape(-1, 3)
    except (TypeError, ValueError, OverflowError) as error:
        return _Object(obj.get("name"), error=error)
    mesh = meshes.setdefault((vertices.tobytes(), triangles.tobytes()), (vertices, triangles))
    return _Object(obj.get("name"), *mesh)


def read_plates(plates: list[bytes]) -> dict[str, Printed]:
    """The pieces on several plates, added up by name."""
    out: dict[str, Printed] = {}
    for data in plates:
        for name, printed in read_plate(data).items():
            out[name] = out[name] + printed if name in out else printed
    return out


#: Marker colours to choose from, first one no seat uses: light for growing and dark
#: for dead, as the pictures draw those fields (pale green, grey-blue). No seat's colour,
#: so a marker is never taken for a stone; the symbols tell the kinds apart without it.
MARKER_COLOURS = {
    "growing": ("white", "yellow", "cyan", "pink", "orange"),
    "dead": ("black", "grey", "brown", "purple", "magenta"),
}


def marker_colours(seat_colours=()) -> dict[str, str]:
    """The colour each kind of marker is made in, none of ``seat_colours``."""
    taken = {str(c).strip().lower().replace("gray", "grey") for c in seat_colours}
    return {
        kind: next((c for c in options if c not in taken), "a colour no seat uses")
        for kind, options in MARKER_COLOURS.items()
    }


def grams_text(grams: float) -> str:
    """Whole grams, or tenths below 10 g: a plate of two small stones is not '0 g'. Halves
    round up, as a reader rounds: bom.json's estimate is kept to tenths, and its 20.5 g
    printed as Python's format rounds it ('20', to even) stood beside the same solid
    figure of 20.53 g printed as '21' ('21 g printed solid, about 20 g')."""
    return f"{grams:.1f}" if grams < 9.95 else str(math.floor(grams + 0.5))
