"""3D-printable stones and markers as files: a STEP and an STL per piece and a 3MF
print plate of copies (``fabgen stones``, the kit's ``3d/`` files; docs/design-notes.md,
*Products*).

:func:`plan_plates` is pure and refuses a plate that does not fit before any CAD work;
:func:`stone_files` builds each distinct piece once, tessellates it once and places
the copies by translation. CadQuery is imported only there, when it is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial

from fabgen.pieces.params import PLA_DENSITY
from fabgen.pieces.plate import Bed, capacity, layout, plate_counts
from fabgen.pieces.printing import Printed, facing_areas, grams_text
from fabgen.products.output import Files


@dataclass(frozen=True)
class SlicerSettings:
    """The slicer settings the filament estimate assumes (docs/design-notes.md,
    *Products*): PrusaSlicer 2.5's 0.20mm QUALITY profile for the Original Prusa MINI, a
    0.4 mm nozzle's usual settings. The stone plates of three kits sliced with it took 1 to
    4 % more than this estimate (the pieces alone), the marker plates 0.3 to 0.8 % more
    than their solid volume, which this estimate gives for them.

    Under every face looking up lie ``top_layers`` solid layers, under every face looking
    down ``bottom_layers``, and inside every side ``walls`` perimeters; the rest is
    ``infill``. A piece no thicker than its skins (a marker) is solid layers only."""

    walls: int = 2
    line_width: float = 0.45  # mm
    layer_height: float = 0.2  # mm
    top_layers: int = 6
    bottom_layers: int = 4
    infill: float = 0.15

    @property
    def wall(self) -> float:
        """Thickness of the perimeters inside every side, mm."""
        return self.walls * self.line_width

    @property
    def top_skin(self) -> float:
        return self.top_layers * self.layer_height

    @property
    def bottom_skin(self) -> float:
        return self.bottom_layers * self.layer_height

    def label(self) -> str:
        """``2 walls, 6 top and 4 bottom layers of 0.2 mm, 15% infill``."""
        return (
            f"{self.walls} walls, {self.top_layers} top and {self.bottom_layers} bottom "
            f"layers of {self.layer_height:g} mm, {self.infill:.0%} infill"
        )


PRINT_SETTINGS = SlicerSettings()


def filament_grams(printed: Printed, settings: SlicerSettings = PRINT_SETTINGS) -> float:
    """PLA for the copies of a piece ``printed`` (volume and surface as the files hold
    them): in each copy, the solid skins and walls under its faces (never more than the
    piece) and ``settings.infill`` of the rest."""
    one, s = printed.each(), settings
    skin = min(one.volume, one.up * s.top_skin + one.down * s.bottom_skin + one.side * s.wall)
    return printed.copies * PLA_DENSITY * (skin + s.infill * (one.volume - skin))


@dataclass(frozen=True)
class Plate:
    """Copies of pieces on a bed: ``pieces[i]`` goes to ``positions[i]``."""

    name: str
    pieces: tuple
    positions: tuple[tuple[float, float], ...]
    bed: Bed
    capacity: int

    @property
    def file_name(self) -> str:
        return f"{self.name}.3mf"


def plan_plate(pieces: Sequence, count: int, bed: Bed, name: str) -> Plate:
    """``count`` copies of each of ``pieces`` laid out on ``bed`` (refused if too many)."""
    footprint = max(2 * piece.radius for piece in pieces)
    copies = tuple(piece for piece in pieces for _ in range(count))
    positions = tuple(layout(len(copies), footprint, bed))
    return Plate(name, copies, positions, bed, capacity(footprint, bed))


def plan_plates(pieces: Sequence, count: int, bed: Bed, stem: str) -> list[Plate]:
    """``count`` copies of each of ``pieces`` on as few plates as ``bed`` allows, the
    copies shared out evenly. One plate is named ``{stem}-plate-{copies}``; more are
    ``{stem}-plate-1-of-3`` and so on. Refused (before any CAD work) if one copy does
    not fit or too many plates would be needed."""
    footprint = max(2 * piece.radius for piece in pieces)
    sets = plate_counts(count, footprint, bed, per_set=len(pieces))
    if len(sets) == 1:
        return [plan_plate(pieces, count, bed, f"{stem}-plate-{count * len(pieces)}")]
    total = len(sets)
    return [
        plan_plate(pieces, n, bed, f"{stem}-plate-{k}-of-{total}")
        for k, n in enumerate(sets, start=1)
    ]


def describe(piece) -> str:
    """The piece's parameters as one line, for file metadata."""
    return "fabgen " + "; ".join(f"{k}={v}" for k, v in piece.parameters().items())


@dataclass(frozen=True)
class StoneSet:
    """What to print: one STEP and one STL per piece in ``pieces``, and a 3MF per plate."""

    pieces: tuple = ()
    plates: tuple[Plate, ...] = ()


def stone_files(stones: StoneSet, progress: Callable[[str, int, int], None] | None = None) -> Files:
    """The pieces' STEP and STL files and the plates' 3MF files; the report gives each
    plate's pieces, capacity and filament (``plates``) and the slicer settings the
    estimate assumes (``print_settings``).

    ``progress(plate name, copies done, copies in all)`` reports on long plates.
    """
    from fabgen.export.step import step_bytes
    from fabgen.export.stl import stl_bytes

    files: dict[str, bytes] = {}
    pieces = stones.pieces
    for piece in dict.fromkeys([*pieces, *(p for plate in stones.plates for p in plate.pieces)]):
        mesh = _mesh(piece)  # the solid, tessellated before its STEP is written
        if piece in pieces:
            files[f"{piece.name}.step"] = step_bytes(_solid(piece), piece.name, describe(piece))
            files[f"{piece.name}.stl"] = stl_bytes(mesh, piece.name)
    for plate in stones.plates:
        report = None if progress is None else partial(progress, plate.name)
        files[plate.file_name] = _plate_file(plate, report)
    plates = [_plate_report(plate) for plate in stones.plates]
    return Files(files, {"plates": plates, "print_settings": PRINT_SETTINGS.label()})


def _plate_file(plate: Plate, progress: Callable[[int, int], None] | None) -> bytes:
    from fabgen.export.threemf import PlateItem, threemf_bytes

    numbers: dict[str, int] = {}
    items = []
    for piece, (x, y) in zip(plate.pieces, plate.positions, strict=True):
        numbers[piece.name] = numbers.get(piece.name, 0) + 1
        items.append(PlateItem(f"{piece.name} #{numbers[piece.name]}", _mesh(piece), x, y))
    text = " | ".join(describe(p) for p in dict.fromkeys(plate.pieces))
    bed = (
        f"bed {plate.bed.label()}, spacing {plate.bed.spacing:g} mm, about "
        f"{grams_text(plate_filament(plate))} g of PLA at {PRINT_SETTINGS.label()}"
    )
    return threemf_bytes(items, plate.name, f"{text} | {bed}", progress)


def _plate_report(plate: Plate) -> dict:
    return {
        "file": plate.file_name,
        "pieces": len(plate.pieces),
        "capacity": plate.capacity,
        "bed": plate.bed.label(),
        "filament_g": plate_filament(plate),
    }


def piece_filament(piece, settings: SlicerSettings = PRINT_SETTINGS) -> float:
    """Grams of PLA to print one ``piece`` (builds and meshes it once per process)."""
    mesh = _mesh(piece)
    printed = Printed(1, mesh.volume(), mesh.area(), *facing_areas(mesh.corners))
    return filament_grams(printed, settings)


def plate_filament(plate: Plate, settings: SlicerSettings = PRINT_SETTINGS) -> float:
    return sum(piece_filament(piece, settings) for piece in plate.pieces)


@cache
def _solid(piece):
    from fabgen.pieces.build import build_piece

    return build_piece(piece)


@cache
def _mesh(piece):
    from fabgen.export.mesh import tessellate

    return tessellate(_solid(piece))
