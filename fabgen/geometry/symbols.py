"""Symbols: seat symbols on stones and the growing/dead symbols on markers.

A symbol is described here in plain Python as a union of flat parts (polygons, discs,
rings) centred on the origin and fitting inside a circle of ``radius``; the CAD
builders extrude it (:mod:`fabgen.pieces.symbols`) and the laser sheets engrave its
outline (:func:`symbol_outlines`). Every symbol has a closed-form area, so tests can check the
solids against it.

All pieces are round and lie on the table in any orientation, so no two symbols may
be the same shape turned: that is why the growing marker does not use a plus sign
(a plus turned by 45° is the dead marker's cross).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Line width of ring, bar and cross symbols, as a fraction of the symbol radius.
STROKE_RATIO = 0.3
#: Inner corners of the star, as a fraction of its outer radius.
STAR_INNER_RATIO = 0.5
#: Centre dot of the growing marker's symbol, as a fraction of the symbol radius.
DOT_RATIO = 0.35

#: Seat symbols for stones: one simple shape per player seat, none alike when turned.
SEAT_SYMBOLS: dict[int, str] = {
    1: "ring",
    2: "bar",
    3: "triangle",
    4: "square",
    5: "star",
    6: "cross",
}
#: Symbols for machine seats (seats that play themselves), for the first and second
#: machine colour of a board: shapes no person's seat uses, so a machine's stones are
#: told from the people's by touch as well as by colour.
MACHINE_SYMBOLS: dict[int, str] = {1: "hexagon", 2: "diamond"}
STONE_SYMBOLS: tuple[str, ...] = ("none", *SEAT_SYMBOLS.values(), *MACHINE_SYMBOLS.values())


def board_seat_symbols(machines: list[bool]) -> tuple[str, ...]:
    """The symbol of each seat of a board, given which seats are machines: people get
    the symbol of their seat number, the first two machine seats the machine symbols,
    any further machine seat the symbol of its seat number (no two seats share one).
    Seats past the sixth (a board the validator refuses, as the designer shows it) have
    none."""
    out, machine = [], 0
    for k, is_machine in enumerate(machines):
        machine += is_machine
        use_machine = is_machine and machine in MACHINE_SYMBOLS
        out.append(MACHINE_SYMBOLS[machine] if use_machine else SEAT_SYMBOLS.get(k + 1, "none"))
    return tuple(out)


#: Marker symbols: a ring around a dot (a source that grows stones) and a diagonal cross.
MARKER_SYMBOLS: dict[str, str] = {"growing": "source", "dead": "saltire"}

#: Each symbol in words, for the kit's instructions.
SYMBOL_WORDS: dict[str, str] = {
    "ring": "a ring",
    "bar": "a bar",
    "triangle": "a triangle",
    "square": "a square",
    "star": "a star",
    "cross": "a cross",
    "hexagon": "a hexagon",
    "diamond": "a rhombus",
    "source": "a ring around a dot",
    "saltire": "a diagonal cross",
}

Point = tuple[float, float]


@dataclass(frozen=True)
class PolygonPart:
    """A closed polygon, corners counter-clockwise."""

    points: tuple[Point, ...]


@dataclass(frozen=True)
class DiscPart:
    radius: float


@dataclass(frozen=True)
class RingPart:
    outer: float
    inner: float


Part = PolygonPart | DiscPart | RingPart


def stroke(radius: float) -> float:
    """Line width of a symbol of this radius."""
    return STROKE_RATIO * radius


def symbol_parts(name: str, radius: float) -> tuple[Part, ...]:
    """The flat parts whose union is the symbol ``name`` within ``radius``."""
    w = stroke(radius)
    half_len = math.sqrt(radius**2 - (w / 2) ** 2)
    bar = _rectangle(half_len, w / 2)
    if name == "none":
        return ()
    if name == "ring":
        return (RingPart(radius, radius - w),)
    if name == "bar":
        return (bar,)
    if name == "triangle":
        return (_regular(3, radius, 90.0),)
    if name == "square":
        return (_regular(4, radius, 45.0),)
    if name == "hexagon":
        return (_regular(6, radius, 0.0),)
    if name == "diamond":  # a rhombus with 60° corners, long along x
        half = radius * math.tan(math.radians(30.0))
        return (PolygonPart(((-radius, 0.0), (0.0, -half), (radius, 0.0), (0.0, half))),)
    if name == "star":
        return (_star(radius),)
    if name == "cross":
        return (bar, _turned(bar, 90.0))
    if name == "saltire":
        return (_turned(bar, 45.0), _turned(bar, 135.0))
    if name == "source":
        return (RingPart(radius, radius - w), DiscPart(DOT_RATIO * radius))
    raise ValueError(f"unknown symbol {name!r}")


def symbol_area(name: str, radius: float) -> float:
    """Closed-form area of the symbol ``name`` within ``radius`` (mm²)."""
    w = stroke(radius)
    length = 2.0 * math.sqrt(radius**2 - (w / 2) ** 2)
    ring = math.pi * (radius**2 - (radius - w) ** 2)
    areas = {
        "none": 0.0,
        "ring": ring,
        "bar": length * w,
        "triangle": 3.0 * math.sqrt(3.0) / 4.0 * radius**2,
        "square": 2.0 * radius**2,
        "hexagon": 3.0 * math.sqrt(3.0) / 2.0 * radius**2,
        "diamond": 2.0 * radius**2 * math.tan(math.radians(30.0)),
        "star": 5.0 * radius * STAR_INNER_RATIO * radius * math.sin(math.radians(36.0)),
        "cross": 2.0 * length * w - w * w,
        "saltire": 2.0 * length * w - w * w,
        "source": ring + math.pi * (DOT_RATIO * radius) ** 2,
    }
    return areas[name]


def _rectangle(half_x: float, half_y: float) -> PolygonPart:
    return PolygonPart(((-half_x, -half_y), (half_x, -half_y), (half_x, half_y), (-half_x, half_y)))


def _regular(sides: int, radius: float, start_deg: float) -> PolygonPart:
    return PolygonPart(tuple(_polar(radius, start_deg + 360.0 * k / sides) for k in range(sides)))


def _star(radius: float) -> PolygonPart:
    inner = STAR_INNER_RATIO * radius
    return PolygonPart(
        tuple(_polar(radius if k % 2 == 0 else inner, 90.0 + 36.0 * k) for k in range(10))
    )


def _turned(part: PolygonPart, degrees: float) -> PolygonPart:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return PolygonPart(tuple((c * x - s * y, s * x + c * y) for x, y in part.points))


def _polar(radius: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return (radius * math.cos(a), radius * math.sin(a))


@dataclass(frozen=True)
class SymbolOutline:
    """The boundary of a symbol's union, centred on the origin: circles (radii) and
    closed polygons (corners), to be engraved or cut as lines."""

    circles: tuple[float, ...]
    polygons: tuple[tuple[Point, ...], ...]


def symbol_outline(name: str, radius: float) -> SymbolOutline:
    """The outline of the symbol ``name`` within ``radius``: overlapping polygons (the
    bars of a cross) joined into one, so that no line crosses the symbol."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    circles: list[float] = []
    polygons = []
    for part in symbol_parts(name, radius):
        if isinstance(part, RingPart):
            circles += [part.outer, part.inner]
        elif isinstance(part, DiscPart):
            circles.append(part.radius)
        else:
            polygons.append(Polygon(part.points))
    rings: list[tuple[Point, ...]] = []
    if polygons:
        union = unary_union(polygons)
        for piece in getattr(union, "geoms", [union]):
            for ring in (piece.exterior, *piece.interiors):
                corners = [(round(x, 9), round(y, 9)) for x, y in ring.coords[:-1]]
                rings.append(tuple(corners))
    return SymbolOutline(tuple(circles), tuple(rings))
