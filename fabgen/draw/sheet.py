"""Drawings of whole laser sheets: island tiles, stones and a reference square.

Each sheet is one :class:`~fabgen.draw.drawing.Drawing` the size of the sheet. Shapes go
into the file in the order the laser should run them: engravings (circles, borders),
then labels, then inner cuts (the reference square's hole), then outlines; within each
group the order keeps the head's travel short (:mod:`fabgen.draw.cut_order`).

Shared cut lines: tiles on the sheet's lattice sit one cut-line width apart, and their
outlines are merged so that each shared edge is cut once
(:mod:`fabgen.geometry.shared_cuts`). That works when the cut outlines tile the plane:
hexagons, sharp or rounded (the straight parts of the flats are shared, every rounded
corner is cut on its own and leaves a sliver of waste where three tiles meet), and
rosettes only when the cut line is the finished edge (no kerf offset) and the corners
are sharp. Otherwise every tile gets its own closed outline, one kerf from the next.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from fabgen.draw.cut_order import ORIGIN, end_point, order_for_travel
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Shape, Text
from fabgen.draw.metrics import text_advance
from fabgen.draw.tile_drawing import TileDrawingOptions, label_spot, tile_shapes
from fabgen.errors import ParameterError
from fabgen.geometry.nesting import (
    Footprint,
    Placement,
    SheetSpec,
    disc_footprint,
    free_spot,
    plan_sheets,
    square_footprint,
    tile_footprint,
)
from fabgen.geometry.outline import Path, arc_centre_radius
from fabgen.geometry.shared_cuts import merge_cut_paths
from fabgen.geometry.sizes import inches_hint
from fabgen.geometry.symbols import MARKER_SYMBOLS, STONE_SYMBOLS, symbol_outline
from fabgen.geometry.tile import OutlineKind, TileGeometry, TileLayout
from fabgen.limits import MAX_STONES_PER_SHEET, MAX_STONES_TOTAL, MAX_TILES_PER_SHEET

TILE_TITLE = "Atlantis island tiles"
STONE_TITLE = "Atlantis stones"
#: An engraved symbol's radius as a share of the piece's diameter: as on a printed
#: marker (0.9 × a quarter of its stone's diameter).
SYMBOL_SHARE = 0.225
#: A cut stone is this share of the engraved circle when not given, so it sits inside
#: the circle (``products.sheet.default_stone_diameter``).
STONE_SHARE = 0.9
#: The smallest laser-cut stone, mm: fingers pick up and stack a disc of 6 mm (a small
#: game token) but not much less, and the kerf ring takes a larger share of a smaller
#: disc, which chars and may drop through the bed's grid.
MIN_CUT_STONE = 6.0
#: ... and at least this many kerfs across, for wide kerfs (a disc of a few kerfs burns).
STONE_KERFS = 10


@dataclass(frozen=True)
class TileSheetOptions:
    """How tiles go on the sheets besides their geometry."""

    shared_edges: bool | None = None  # None: whenever the cut outlines tile the plane
    numbers: bool = False  # engrave the tile number on each tile
    border_inset: float | None = None  # engraved border this far inside the edge
    label_height: float = 3.0  # mm, for the numbers
    numbered: int | None = None  # tiles 1 to this get their number; more (spares) none

    def validate(self) -> None:
        h = self.label_height
        if not (isinstance(h, (int, float)) and 0 < h < 20):
            raise ParameterError.about("label_height", f"must be 0 to 20 mm, got {h}")


@dataclass(frozen=True)
class StoneOptions:
    """Discs cut from sheets as playing stones: ``count`` per colour."""

    count: int
    diameter: float
    colours: int = 2
    #: "growing" or "dead": markers of that kind instead of stones, one colour, each
    #: engraved with the kind's symbol (the one the printed markers carry).
    marker: str | None = None
    #: A seat symbol engraved on the stones of each colour (none when empty).
    symbols: tuple[str, ...] = ()
    #: The material of each colour as the kit names it ("red"), written beside the
    #: colour's number where a maker reads it; ``fabgen sheet`` alone knows no names.
    colour_names: tuple[str, ...] = ()

    def validate(self) -> None:
        if not (isinstance(self.count, int) and self.count >= 0):
            raise ParameterError.about("sheet_stones", f"must be 0 or more, got {self.count}")
        d = self.diameter
        if not (isinstance(d, (int, float)) and math.isfinite(d) and d > 0):
            raise ParameterError.about(
                "cut_stone_diameter", f"must be a positive number of mm, got {d}"
            )
        if self.marker is not None and (self.marker not in MARKER_SYMBOLS or self.colours != 1):
            raise ParameterError.about(
                "marker", f"must be growing or dead, on one colour, got {self.marker!r}"
            )
        if self.symbols and (
            len(self.symbols) != self.colours or not set(self.symbols) <= set(STONE_SYMBOLS)
        ):
            raise ParameterError.about(
                "symbols", f"must name one stone symbol per colour, got {self.symbols!r}"
            )
        if self.colour_names and len(self.colour_names) != self.colours:
            raise ParameterError.about(
                "colour_names", f"must name every colour, got {self.colour_names!r}"
            )
        if not (isinstance(self.colours, int) and self.colours >= 1):
            raise ParameterError.about("colours", f"must be 1 or more, got {self.colours}")
        if self.count * self.colours > MAX_STONES_TOTAL:
            raise ParameterError.about(
                "sheet_stones",
                f"{self.count} × {self.colours} colours = {self.count * self.colours:,} "
                f"stones; fabgen cuts at most {MAX_STONES_TOTAL:,} in one run (more takes "
                "minutes): cut one colour at a time",
            )


@dataclass(frozen=True)
class SheetJob:
    """Everything one ``fabgen sheet`` run makes."""

    geometry: TileGeometry
    sheet: SheetSpec
    tiles: int = 0
    tile_options: TileSheetOptions = TileSheetOptions()
    stones: StoneOptions | None = None
    reference_square: float | None = None  # side in mm of a square to measure the kerf
    metadata: dict = field(default_factory=dict)


@dataclass(frozen=True)
class SheetDrawing:
    """One sheet: its file name stem, what is on it and the drawing."""

    name: str
    kind: str  # "tiles", "stones" or "markers"
    colour: int | None
    sheet: SheetSpec
    drawing: Drawing
    placements: tuple[Placement, ...]
    piece_area: float  # finished area of one piece, mm²
    reference_square: bool = False
    first_number: int = 1  # number of the first piece (tile numbers run across sheets)
    marker: str | None = None  # "growing" or "dead" on a sheet of markers
    colour_name: str | None = None  # the stones' material in a kit ("red")
    burn: float = 0.0  # how far the laser burns beyond a cut line: half the kerf, mm


def shared_edges_possible(geometry: TileGeometry) -> bool:
    """Do the tiles' cut outlines tile the plane, so that neighbours can share them?"""
    if geometry.outline is OutlineKind.HEXAGON:
        return True
    return geometry.cut_offset == 0.0 and geometry.corner_radius == 0.0


def use_shared_edges(geometry: TileGeometry, options: TileSheetOptions) -> bool:
    if options.shared_edges is None:
        return shared_edges_possible(geometry)
    if options.shared_edges and not shared_edges_possible(geometry):
        raise ParameterError.about(
            "shared_edges",
            "cannot be used with these rosette tiles: they share cut lines only when the cut "
            "line is the finished edge and the corners are sharp (a kerf of 0 or the kerf not "
            "compensated, and a corner radius of 0), since a kerf offset moves the rosette's "
            "zig-zag edges apart; turn shared edges off",
        )
    return options.shared_edges


def build_sheets(job: SheetJob) -> list[SheetDrawing]:
    """All sheets of the job, tiles first, then stones colour by colour."""
    if job.tiles < 0:
        raise ParameterError.about("sheet_tiles", f"must be 0 or more, got {job.tiles}")
    if job.stones is not None:
        job.stones.validate()
    if job.tiles == 0 and (job.stones is None or job.stones.count == 0):
        raise ParameterError("sheet_tiles", "nothing to cut: no tiles and no stones")
    sheets: list[SheetDrawing] = []
    if job.tiles:
        sheets.extend(_tile_sheets(job))
    if job.stones is not None and job.stones.count:
        sheets.extend(_stone_sheets(job, job.stones))
    return sheets


# ---- tiles ----------------------------------------------------------------------------


def _tile_sheets(job: SheetJob) -> list[SheetDrawing]:
    art = _TileArt.of(job)
    footprint = tile_footprint(job.geometry, art.shared)
    what = f"a {job.geometry.width:g} mm tile"
    _check_fits(footprint, job.sheet, what, "sheet_size")
    plans = plan_sheets(footprint, job.sheet, job.tiles, limit=MAX_TILES_PER_SHEET)
    square_at = _place_reference_square(job, plans, footprint)
    out, first_number = [], 1
    for index, placements in enumerate(plans):
        engrave, labels = art.engravings(placements, first_number)
        inner, square = _square_cuts(job, square_at, index)
        groups = [
            (Operation.ENGRAVE, engrave),
            (Operation.LABEL, labels),
            (Operation.CUT, inner),
            (Operation.CUT, art.outlines(placements) + square),
        ]
        sheet_no = f"{index + 1} of {len(plans)}"
        metadata = {
            **job.metadata,
            "sheet": sheet_no,
            "tiles": len(placements),
            "shared_edges": art.shared,
        }
        out.append(
            SheetDrawing(
                name=f"sheet-{index + 1}",
                kind="tiles",
                colour=None,
                sheet=job.sheet,
                drawing=_drawing(job.sheet, f"{TILE_TITLE}, sheet {sheet_no}", metadata, groups),
                placements=placements,
                piece_area=path_area(job.geometry.finished_outline().path()),
                reference_square=bool(inner),
                first_number=first_number,
                burn=job.geometry.kerf / 2,
            )
        )
        first_number += len(placements)
    return out


@dataclass(frozen=True)
class _TileArt:
    """What every tile looks like, in the tile frame, ready to be placed."""

    layout: TileLayout
    engrave: tuple[Shape, ...]
    labels: _LabelSpots | None
    shared: bool
    numbered: int | None = None  # (TileSheetOptions.numbered)

    @classmethod
    def of(cls, job: SheetJob) -> _TileArt:
        options = job.tile_options
        options.validate()
        layout = job.geometry.layout()
        drawing_options = TileDrawingOptions(
            border_inset=options.border_inset, label_height=options.label_height
        )
        drawing_options.validate(layout)
        inset = 1.0 + (options.border_inset or 0.0)
        labels = _LabelSpots(layout, options.label_height, inset) if options.numbers else None
        engrave = tuple(tile_shapes(layout, drawing_options)[Operation.ENGRAVE])
        shared = use_shared_edges(job.geometry, options)
        return cls(layout, engrave, labels, shared, options.numbered)

    def engravings(self, placements, first_number: int) -> tuple[list[Shape], list[Shape]]:
        """Engraved shapes and numbers of the tiles at ``placements``."""
        engrave = [_placed(s, p) for p in placements for s in self.engrave]
        if self.labels is None:
            return engrave, []
        numbers = [
            _placed(self.labels.text(str(first_number + k)), p)
            for k, p in enumerate(placements)
            if self.numbered is None or first_number + k <= self.numbered
        ]
        return engrave, numbers

    def outlines(self, placements) -> list[Shape]:
        """Cut lines of the tiles, shared edges merged when the tiles share them."""
        paths = [self.layout.cut_path.transformed(p.rotation, p.x, p.y) for p in placements]
        if self.shared:
            paths = merge_cut_paths(paths)
        return [Polyline.from_path(path) for path in paths]


class _LabelSpots:
    """Where a number of so many characters goes on a tile (searched once per length)."""

    def __init__(self, layout, height: float, inset: float):
        self.layout, self.height, self.inset = layout, height, inset
        self._spots: dict[int, tuple[float, float]] = {}

    def text(self, text: str) -> Text:
        n = len(text)  # Vera's digits are equally wide: one spot per length
        if n not in self._spots:
            self._spots[n] = self._spot(text)
        return Text(self._spots[n], text, self.height, "center")

    def _spot(self, text: str) -> tuple[float, float]:
        spot = label_spot(self.layout, self.height, text, self.inset)
        if spot is None:
            raise ParameterError.about(
                "label_height",
                f"{self.height:g} mm is too high for the tile numbers: {text} "
                f"({text_advance(text, self.height):.1f} mm long) fits nowhere between the "
                "circles and the edge; choose a smaller height",
            )
        return spot


# ---- stones ---------------------------------------------------------------------------


def _stone_sheets(job: SheetJob, stones: StoneOptions) -> list[SheetDrawing]:
    """The sheets of ``stones``, the job's stones."""
    geometry = job.geometry
    smallest = smallest_cut_stone(geometry.kerf)
    if stones.diameter < smallest - 1e-9:
        raise ParameterError.about("cut_stone_diameter", _too_small(stones, geometry, smallest))
    footprint = disc_footprint(stones.diameter, geometry.cut_offset, geometry.kerf)
    what = f"a {stones.diameter:g} mm stone"
    _check_fits(footprint, job.sheet, what, "cut_stone_diameter")
    circle = 2.0 * geometry.circle_radius
    if stones.diameter > circle + 1e-9:
        # As for printed stones (pieces.params): a stone must stand in a circle.
        raise ParameterError.about(
            "cut_stone_diameter",
            f"{stones.diameter:g} mm is larger than the engraved circle {circle:.3f} mm of a "
            f"{geometry.width:g} mm tile, which a stone stands in; choose at most "
            f"{math.floor(circle * 100) / 100:.2f} mm (by default a stone is 90 % of the "
            "circle), or give the width of the tiles the stones are for",
        )
    # A hexagonal packing of discs leaves strips narrower than a disc: no leftover fill.
    plans = plan_sheets(footprint, job.sheet, stones.count, fill=False, limit=MAX_STONES_PER_SHEET)
    # Without tiles the reference square goes with the first colour (on a sheet of its
    # own if no stone sheet has room: that sheet is for the first colour only).
    first_plans = list(plans)
    square_at = None if job.tiles else _place_reference_square(job, first_plans, footprint)
    out = []
    for colour in range(1, stones.colours + 1):
        mine = first_plans if colour == 1 else plans
        for index, placements in enumerate(mine):
            square = square_at if colour == 1 else None
            out.append(_stone_sheet(job, stones, colour, index, len(mine), placements, square))
    return out


def smallest_cut_stone(kerf: float) -> float:
    """The smallest laser-cut stone, mm: :data:`MIN_CUT_STONE`, or :data:`STONE_KERFS`
    kerfs for a kerf wider than 0.6 mm (docs/design-notes.md, *Laser sheets on any bed*)."""
    return max(MIN_CUT_STONE, STONE_KERFS * kerf)


def _too_small(stones: StoneOptions, geometry: TileGeometry, smallest: float) -> str:
    piece = f"{stones.marker} marker" if stones.marker else "stone"
    least = math.ceil(smallest * 100 - 1e-6) / 100
    if smallest == MIN_CUT_STONE:
        why = (
            f"a disc under {MIN_CUT_STONE:g} mm is hard to pick up and stack with fingers, "
            "and the cut burns a large share of it"
        )
    else:
        why = (
            f"with a {geometry.kerf:g} mm kerf a disc under {STONE_KERFS} kerfs "
            f"({least:g} mm) loses a large share of itself to the cut and chars"
        )
    circle = 2.0 * geometry.circle_radius
    fix = f"choose a diameter of at least {least:g} mm"
    if circle * STONE_SHARE < least:  # the tile's default stones are too small too
        # A stone stands in its circle; circles scale with the tile unless given.
        needed = math.ceil(least / STONE_SHARE * 100 - 1e-6) / 100
        width = math.ceil(needed * geometry.width / circle * 100 - 1e-6) / 100
        larger = (
            f"larger circles (at least {needed:g} mm, whose stones are {least:g} mm by "
            f"default: tiles at least {width:g} mm wide)"
        )
        if circle < least:
            fix = f"the tile's circles ({math.floor(circle * 100) / 100:g} mm) are smaller "
            fix += f"than that stone: choose {larger}"
        else:
            fix += f", or {larger}"
    return f"{stones.diameter:g} mm is too small for a laser-cut {piece}: {why}; {fix}"


def _stone_sheet(
    job: SheetJob, stones: StoneOptions, colour: int, index: int, of: int, placements, square_at
) -> SheetDrawing:
    """Sheet ``index`` (of ``of``) of one colour of the job's ``stones``."""
    radius = stones.diameter / 2 + job.geometry.cut_offset
    discs = [Circle((p.x, p.y), radius) for p in placements]
    inner, square = _square_cuts(job, square_at, index)
    engrave = _engraved_symbols(stones, colour, placements)
    groups = [(Operation.ENGRAVE, engrave), (Operation.CUT, inner), (Operation.CUT, discs + square)]
    marker = stones.marker
    colour_name = None if marker or not stones.colour_names else stones.colour_names[colour - 1]
    metadata = {
        **job.metadata,
        **({"marker": marker} if marker else {"colour": colour}),
        **({"colour_name": colour_name} if colour_name else {}),
        "sheet": f"{index + 1} of {of}",
        "markers" if marker else "stones": len(placements),
        "stone_diameter_mm": stones.diameter,
    }
    if marker:
        title = f"Atlantis {marker} markers, sheet {index + 1} of {of}"
        name = f"markers-{marker}-sheet-{index + 1}"
    else:
        named = f"colour {colour} ({colour_name})" if colour_name else f"colour {colour}"
        title = f"{STONE_TITLE}, {named}, sheet {index + 1} of {of}"
        name = f"stones-colour-{colour}-sheet-{index + 1}"
    return SheetDrawing(
        name=name,
        kind="markers" if marker else "stones",
        colour=None if marker else colour,
        colour_name=colour_name,
        marker=marker,
        sheet=job.sheet,
        drawing=_drawing(job.sheet, title, metadata, groups),
        placements=placements,
        piece_area=math.pi * (stones.diameter / 2) ** 2,
        reference_square=bool(inner),
        burn=job.geometry.kerf / 2,
    )


def _engraved_symbols(stones: StoneOptions, colour: int, placements) -> list[Shape]:
    """The symbol engraved on each piece: a marker's kind's (sized as on a printed
    marker, it fits under the stone that stands on it), or the colour's seat symbol."""
    if stones.marker is not None:
        name = MARKER_SYMBOLS[stones.marker]
    elif stones.symbols:
        name = stones.symbols[colour - 1]
    else:
        return []
    outline = symbol_outline(name, SYMBOL_SHARE * stones.diameter)
    shapes: list[Shape] = []
    for p in placements:
        shapes += [Circle((p.x, p.y), r) for r in outline.circles]
        for corners in outline.polygons:
            points = tuple((p.x + x, p.y + y) for x, y in corners)
            shapes.append(Polyline(points, closed=True))
    return shapes


# ---- the reference square ------------------------------------------------------------


def reference_square_paths(side: float, cut_offset: float, centre=(0.0, 0.0)):
    """The kerf test piece: a ``side`` mm square with a centred square hole of half the
    side, both cut so that they come out at their nominal size. Returns (hole, outline)."""
    cx, cy = centre

    def square(s: float) -> Path:
        h = s / 2.0
        pts = ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))
        return Path(pts, (0.0,) * 4, True)

    # The outline's cut runs outside the piece, the hole's inside the hole.
    return square(side / 2.0 - 2.0 * cut_offset), square(side + 2.0 * cut_offset)


def _reference_footprint(job: SheetJob, side: float) -> Footprint:
    return square_footprint(side + 2 * job.geometry.cut_offset + job.geometry.kerf)


def _place_reference_square(job: SheetJob, plans, piece: Footprint):
    """(sheet index, centre) for the square: in free space on the last sheet, else on an
    earlier one, else on a sheet of its own (appended to ``plans``)."""
    side = job.reference_square
    if side is None:
        return None
    kerf = job.geometry.kerf
    if not (isinstance(side, (int, float)) and math.isfinite(side) and 4 * kerf + 2 < side):
        raise ParameterError.about(
            "reference_square",
            f"must be more than {4 * kerf + 2:g} mm (room for its hole after the kerf), got {side}",
        )
    square = _reference_footprint(job, side)
    if not square.fits(job.sheet):
        raise ParameterError.about(
            "reference_square", f"{side:g} mm does not fit on the sheet: choose a smaller square"
        )
    for index in reversed(range(len(plans))):
        obstacles = [piece.placed(p) for p in plans[index]]
        spot = free_spot(square.hull, obstacles, job.sheet)
        if spot is not None:
            return index, spot
    plans.append(())
    return len(plans) - 1, free_spot(square.hull, [], job.sheet)


def _square_cuts(job: SheetJob, square_at, index: int) -> tuple[list[Shape], list[Shape]]:
    """The reference square's (inner cuts, outline) if it is on sheet ``index``."""
    if square_at is None or square_at[0] != index:
        return [], []
    side = job.reference_square
    assert side is not None  # (a square is placed only when the job asks for one)
    hole, outline = reference_square_paths(side, job.geometry.cut_offset, square_at[1])
    return [Polyline.from_path(hole)], [Polyline.from_path(outline)]


# ---- helpers ---------------------------------------------------------------------------


def _drawing(sheet: SheetSpec, title: str, metadata: dict, groups) -> Drawing:
    """The sheet with every group in machine order, each ordered for short travel."""
    drawing = Drawing(sheet.width, sheet.height, title, metadata)
    at = ORIGIN
    for op, shapes in groups:
        ordered = order_for_travel(shapes, at)
        drawing.extend(op, ordered)
        if ordered:
            at = end_point(ordered[-1])
    return drawing


def _check_fits(footprint: Footprint, sheet: SheetSpec, what: str, parameter: str) -> None:
    """Refuse a piece larger than the sheet, naming the sheet size or the stone size."""
    if footprint.fits(sheet):
        return
    w, h = footprint.min_size()
    room = f"{sheet.width - 2 * sheet.margin:g} × {sheet.height - 2 * sheet.margin:g} mm"
    needs = f"{what} needs {w:.1f} × {h:.1f} mm (either way round, kerf included)"
    if parameter == "sheet_size":
        text = f"{sheet.size_text} mm with {sheet.margin:g} mm margins leaves {room}, but {needs}"
    else:
        text = f"is too large: {needs}, but the {sheet.size_text} mm sheet leaves {room}"
    hint = inches_hint(sheet.width, sheet.height, "sheet") if parameter == "sheet_size" else ""
    raise ParameterError.about(
        parameter, f"{text}; use a larger sheet, smaller margins or a smaller piece{hint}"
    )


def _placed(shape: Shape, p: Placement) -> Shape:
    """``shape`` from the piece frame onto the sheet."""
    if isinstance(shape, Polyline):
        path = shape.path.transformed(p.rotation, p.x, p.y)
        return Polyline(path.points, shape.closed, shape.bulges, shape.style)
    c, s = math.cos(math.radians(p.rotation)), math.sin(math.radians(p.rotation))
    if isinstance(shape, Circle):
        x, y = shape.centre
        return Circle((c * x - s * y + p.x, s * x + c * y + p.y), shape.radius, shape.style)
    x, y = shape.position
    return replace(
        shape, position=(c * x - s * y + p.x, s * x + c * y + p.y), angle=shape.angle + p.rotation
    )


def path_area(path: Path) -> float:
    """Area enclosed by a closed path, arcs included exactly."""
    pts = path.points
    n = len(pts)
    area = 0.5 * sum(
        pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n)
    )
    for start, end, bulge in path.segments():
        if bulge:
            _, r = arc_centre_radius(start, end, bulge)
            sweep = 4.0 * math.atan(abs(bulge))
            area += math.copysign(0.5 * r * r * (sweep - math.sin(sweep)), bulge)
    return abs(area)
