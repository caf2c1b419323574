"""A board laid out in millimetres: where each tile, field and outline lies.

The board is drawn with rows of tiles along x (the tile vector A points along +x, so the
hexagons stand on a corner), optionally turned further by ``turn_deg``. A turn keeps
the board as seen from above: nothing is ever mirrored, because the tiles are chiral.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from fabgen.board.model import Board, boundary_loops, cell_corners
from fabgen.geometry.lattice import NEIGHBOUR_STEPS, Point, field_xy, rotate60, rotate_xy
from fabgen.geometry.tile import DEFAULT_WIDTH, TileGeometry

#: Direction of the tile vector A on paper: 0° gives rows of tiles along x.
DRAW_A_DEG = 0.0

Loop = tuple[Point, ...]


@dataclass(frozen=True)
class BoardPlacement:
    board: Board
    width: float = DEFAULT_WIDTH  # tile width across the flats, mm
    turn_deg: float = 0.0

    @cached_property
    def tile_geometry(self) -> TileGeometry:
        return TileGeometry.from_width(self.width, handedness=self.board.handedness)

    @property
    def pitch(self) -> float:
        return self.tile_geometry.pitch

    @property
    def circle_radius(self) -> float:
        return self.tile_geometry.circle_radius

    @property
    def rotation_deg(self) -> float:
        """Rotation from the lattice's millimetres to the paper."""
        return DRAW_A_DEG - self.board.lattice.angle_deg + self.turn_deg

    def xy(self, field: tuple[float, float]) -> Point:
        """A field (or any point in field coordinates) on paper, in mm."""
        return rotate_xy(field_xy(field, self.pitch), self.rotation_deg)

    def _thirds(self, loop) -> Loop:
        return tuple(self.xy((x / 3.0, y / 3.0)) for x, y in loop)

    def tile_outlines(self, t: int) -> tuple[Loop, ...]:
        """A tile's edge: its hexagon when it sits on the lattice, otherwise the outline
        of its fields' own hexagonal cells (one loop per connected part)."""
        tile = self.board.tiles[t]
        centre = tile.centre
        if tile.coord is not None and centre is not None:  # a tile with a coord has one
            steps = [rotate60(self.board.lattice.a, k) for k in range(6)]
            return (self._thirds(cell_corners(centre, steps)),)
        cells = [cell_corners(f, NEIGHBOUR_STEPS) for f in dict.fromkeys(tile.fields)]
        return tuple(self._thirds(loop) for loop in boundary_loops(cells))

    def tile_centre(self, t: int) -> Point:
        tile = self.board.tiles[t]
        if tile.centre is not None:
            return self.xy(tile.centre)
        pts = [self.xy(f) for f in tile.fields]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    @cached_property
    def outline(self) -> tuple[Loop, ...]:
        """The board's outline (see :meth:`Board.outline_thirds`) on paper."""
        return tuple(self._thirds(loop) for loop in self.board.outline_thirds())

    @cached_property
    def bbox(self) -> tuple[float, float, float, float]:
        pts = [
            p for t in range(len(self.board.tiles)) for loop in self.tile_outlines(t) for p in loop
        ]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bbox
        return (x1 - x0, y1 - y0)

    def turned(self, turn_deg: float) -> BoardPlacement:
        return BoardPlacement(self.board, self.width, turn_deg)
