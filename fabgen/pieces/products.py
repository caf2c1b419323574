"""From pieces to files: a STEP and an STL per piece and a 3MF print plate.

:func:`plan_plate` is pure and refuses a plate that does not fit before any CAD work;
:func:`render_files` builds each distinct piece once, tessellates it once and places
the copies by translation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from fabgen.pieces.plate import Bed, capacity, layout


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


def describe(piece) -> str:
    """The piece's parameters as one line, for file metadata."""
    return "fabgen " + "; ".join(f"{k}={v}" for k, v in piece.parameters().items())


def render_files(
    pieces: Sequence,
    plates: Sequence[Plate] = (),
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, bytes]:
    """``{file name: bytes}``: STEP and STL for each piece, and a 3MF per plate.

    ``progress(plate name, copies done, copies in all)`` reports on long plates.
    """
    from fabgen.export.mesh import tessellate
    from fabgen.export.step import step_bytes
    from fabgen.export.stl import stl_bytes
    from fabgen.export.threemf import PlateItem, threemf_bytes
    from fabgen.pieces.build import build_piece

    files: dict[str, bytes] = {}
    meshes = {}
    for piece in dict.fromkeys([*pieces, *(p for plate in plates for p in plate.pieces)]):
        solid = build_piece(piece)
        meshes[piece] = tessellate(solid)
        if piece in pieces:
            files[f"{piece.name}.step"] = step_bytes(solid, piece.name, describe(piece))
            files[f"{piece.name}.stl"] = stl_bytes(meshes[piece], piece.name)
    for plate in plates:
        numbers: dict[str, int] = {}
        items = []
        for piece, (x, y) in zip(plate.pieces, plate.positions, strict=True):
            numbers[piece.name] = numbers.get(piece.name, 0) + 1
            items.append(PlateItem(f"{piece.name} #{numbers[piece.name]}", meshes[piece], x, y))
        text = " | ".join(describe(p) for p in dict.fromkeys(plate.pieces))
        bed = f"bed {plate.bed.label()}, spacing {plate.bed.spacing:g} mm"
        report = None if progress is None else partial(progress, plate.name)
        files[plate.file_name] = threemf_bytes(items, plate.name, f"{text} | {bed}", report)
    return files
