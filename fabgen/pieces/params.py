"""Parameters of the printed pieces: defaults in one place, derived sizes as properties,
validation and closed-form volumes and heights. Pure Python: no CadQuery here, so the
command line refuses impossible input before any CAD work.

Sizes are millimetres. Every piece is built standing on the bed at z = 0, centred on
the z axis, in the orientation it prints in.

Stacking (disc stone): a boss on top of each stone fits into a recess under the next
with ``clearance`` per side. The recess is deeper than the boss (plus its symbol) by
``clearance`` too, so a stone always rests on the flat ring of the stone below, never
on the boss: a bridged recess ceiling sags a little in print. The stacking pitch is
therefore the body height.

Layers (docs/design-notes.md, *Products*): a slicer keeps a layer where the plane at its
middle cuts the solid, so a height between layers prints to one of them (a 6.5 mm stone
came out 6.4 mm high at 0.2 mm layers). The default height, boss and symbol are whole
layers (:data:`LAYER`), and the recess is as deep as the boss, its symbol and the clearance
rounded up to a whole layer, so every face of a default stone lies on a 0.2 mm (and a
0.1 mm) layer and the vertical play is never less than the clearance. A maker's own
heights are kept as given; :func:`layer_note` says where a slicer prints the faces they
put between layers, and which heights would not.

Nesting (pyramid): a hollow, truncated hexagonal pyramid whose cap is one nesting
pitch thick, its inner ceiling rounded down to a whole layer. The next pyramid rests
with its inner ceiling on the cap below, and its sloping inner faces stay at least
``clearance`` (measured square to the faces) away from the outer faces below, so
nested pyramids never wedge. A hexagon fills a round
field better than a square (83 % of the circle's area instead of 64 %) and matches
the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeGuard

from fabgen.errors import ParameterError
from fabgen.geometry.lattice import SQRT3, SQRT7
from fabgen.geometry.symbols import (
    MARKER_SYMBOLS,
    SEAT_SYMBOLS,
    STONE_SYMBOLS,
    stroke,
    symbol_area,
)
from fabgen.geometry.tile import DEFAULT_CIRCLE_RATIO, DEFAULT_WIDTH
from fabgen.settings import default, range_of
from fabgen.text import and_list

#: Engraved circle of the default tile (width 100 mm): 0.6 × 100 / √7 = 22.68 mm.
DEFAULT_CIRCLE_DIAMETER = DEFAULT_CIRCLE_RATIO * DEFAULT_WIDTH / SQRT7
#: A stone is this much smaller in diameter than the engraved circle it sits in.
STONE_MARGIN = 2.0
#: Walls thinner than this are refused outright (two 0.4 mm extrusion lines).
MIN_WALL: float = range_of("wall").low
MAX_CLEARANCE: float = range_of("clearance").high
#: Thinnest line of a raised symbol that still prints (two extrusion lines).
MIN_STROKE = 0.8
#: Steepest overhang of the pyramid's inner faces that prints without support.
MAX_LEAN_DEG = 45.0
#: How many pieces make a full stack (a field never holds more than six stones).
STACK = 6
#: The faces of a pyramid whose diameter is suggested lean a little less than 45°: the
#: diameter and the tile width are said rounded up, and must still lean at most 45°.
_SPARE = 0.99
#: A pyramid's flat top across corners, as a share of its base.
DEFAULT_TOP_RATIO = 0.4
#: The hole through a pyramid's cap (lets the air out of a nested stack).
DEFAULT_VENT = 2.0
#: Density of PLA in g/mm³, for the filament estimate.
PLA_DENSITY = 1.24e-3
#: The layer height a disc stone's heights land on: the usual 0.2 mm of slicers' standard
#: profiles, and so every 0.1 mm layer too.
LAYER = 0.2


def whole_layers(height: float) -> float:
    """``height`` rounded up to whole layers of :data:`LAYER` (2.3 → 2.4; 2.4, however a
    sum of floats gives it, stays 2.4)."""
    return round(math.ceil(height / LAYER - 1e-6) * LAYER, 6)


def layers_below(height: float) -> float:
    """``height`` rounded down to whole layers of :data:`LAYER` (8.57 → 8.4; 8.4, however a
    difference of floats gives it, stays 8.4)."""
    return round(math.floor(height / LAYER + 1e-6) * LAYER, 6)


def printed_at(z: float, layer: float = LAYER) -> tuple[float, ...]:
    """Where a flat face at height ``z`` prints at ``layer`` mm layers: nowhere else when
    it lies on a layer (``()``); else on the nearer layer, as a slicer keeps a layer where
    the plane at its middle cuts the solid, and on either from a layer's middle (a slicer's
    tie: the 6.5 mm stone printed 6.4 mm high)."""
    n = z / layer
    if abs(n - round(n)) < 1e-6:
        return ()
    below = math.floor(n)
    if abs(n - below - 0.5) < 1e-6:
        return (round(below * layer, 6), round((below + 1) * layer, 6))
    return (round(round(n) * layer, 6),)


def layer_note(piece, name: str | None = None) -> str | None:
    """The words for a piece whose heights put a flat face between layers of
    :data:`LAYER` mm (None when none does): where a slicer prints those faces and the
    whole layers to give instead, in words that name no flag or kit key (``fabgen stones``
    prints them under the piece, a kit of its own ``[stones] height`` as a warning there).
    The piece is made as given, never rounded: a maker may print at finer layers, which
    may hold it. ``name``: the piece's name in the words (its own by default), or of
    pieces whose faces are the piece's, said as one ("each seat's stone (...)")."""
    faces = piece.flat_faces()
    off = {face: (z, printed_at(z)) for face, z in faces.items() if printed_at(z)}
    if not off:
        return None
    said = [f"its {face} at {_either(at)} mm (not {_mm(z)} mm)" for face, (z, at) in off.items()]
    fine = not any(printed_at(z, LAYER / 2) for z in faces.values())
    finer = f"; at {_mm(LAYER / 2)} mm layers it prints as made" if fine else ""
    heights = [
        f"a {name.replace('_', ' ')} of {_either(_layers_around(value))} mm"
        for name, value in piece.layer_settings().items()
        if printed_at(value)
    ]
    return (
        f"{name or piece.name} is made as given, but at {_mm(LAYER)} mm layers a slicer prints "
        f"{and_list(said)}: a face between layers goes to the nearer one{finer}. For every "
        f"face on a {_mm(LAYER)} mm layer, give {and_list(heights)}"
    )


def _layers_around(value: float) -> tuple[float, float]:
    below = math.floor(value / LAYER + 1e-6) * LAYER
    return (round(below, 6), round(below + LAYER, 6))


def _either(heights: tuple[float, ...]) -> str:
    return " or ".join(_mm(h) for h in heights)


def _mm(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    # (a size under 0.005 mm is said as typed, not as "0 mm")
    return f"{value:.2g}" if text in ("0", "-0") and value != 0 else text


def _down(value: float) -> str:
    """A largest allowed value, rounded down so that it is really allowed."""
    return _mm(math.floor(value * 100 + 1e-6) / 100)


def _up(value: float) -> str:
    """A smallest allowed value, rounded up."""
    return _mm(math.ceil(value * 100 - 1e-6) / 100)


def _finite(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _require_positive(name: str, value) -> None:
    if not (_finite(value) and value > 0):
        raise ParameterError.about(name, f"must be a positive number of mm, got {value}")


def _check_common(piece) -> None:
    """Checks shared by every piece: wall, clearance, fits the engraved circle."""
    _require_positive("wall", piece.wall)
    if piece.wall < MIN_WALL:
        raise ParameterError.about(
            "wall",
            f"{_mm(piece.wall)} mm is too thin to print reliably; "
            f"use at least {_mm(MIN_WALL)} mm (1.2 mm recommended)",
        )
    c = piece.clearance
    if not (_finite(c) and 0 <= c <= MAX_CLEARANCE):
        raise ParameterError.about(
            "clearance",
            f"{c} mm is outside 0 to {_mm(MAX_CLEARANCE)} mm per side; "
            f"typical FDM printers need 0.1 to 0.3 mm",
        )


def _check_fits_circle(piece, derived: bool) -> None:
    """``derived``: the stone's diameter follows the circle (none was given)."""
    _require_positive("circle_diameter", piece.circle_diameter)
    if derived and not piece.diameter > 0:
        raise _circles_too_small(piece, getattr(piece, "smallest_diameter", None))
    _require_positive("stone_diameter", piece.diameter)
    if piece.diameter > piece.circle_diameter + 1e-9:
        raise ParameterError.about(
            "stone_diameter",
            f"{_mm(piece.diameter)} mm is larger than the engraved circle "
            f"{_mm(piece.circle_diameter)} mm it stands in; choose at most "
            f"{_mm(piece.circle_diameter)} mm (default: circle minus {_mm(STONE_MARGIN)} mm)",
        )


def _circles_too_small(piece, needed: float | None = None) -> ParameterError:
    """The tile's circles leave no room for the stone that follows them. Said in words,
    not by a flag (the circles come from the width, the pitch or the circle diameter),
    and placed at the tile's width, the setting most makers change."""
    needs = f"; a stone needs at least {_up(needed)} mm ({_needs_why(piece)})" if needed else ""
    too = (
        f"the tile's circles ({_mm(piece.circle_diameter)} mm) are too small for stones: a "
        f"stone is {_mm(STONE_MARGIN)} mm narrower than its circle"
    )
    if not needed and isinstance(piece, PyramidStone):  # too low to nest at any size
        return ParameterError(
            "width",
            f"{too}, and a pyramid {_mm(piece.height)} mm high nests at no size. Choose a "
            f"height of at least {_up(piece.lowest_any_height)} mm, and then larger circles",
        )
    circles, width = "", "a larger tile width"
    if needed:
        circles = f" of at least {_up(needed + STONE_MARGIN)} mm"
        width = _width_for(needed + STONE_MARGIN)
    return ParameterError(
        "width", f"{too}{needs}. Choose larger circles{circles}, most simply with {width}"
    )


def _width_for(circle: float) -> str:
    """The tile width whose circles (by default) are ``circle`` mm, in words."""
    width = circle * SQRT7 / DEFAULT_CIRCLE_RATIO
    return (
        f"a tile width of at least {_up(width)} mm (whose circles are "
        f"{_mm(DEFAULT_CIRCLE_RATIO)} × width / √7 unless given)"
    )


def _needs_why(piece) -> str:
    if isinstance(piece, PyramidStone):
        return (
            f"a {_mm(piece.height)} mm pyramid with {_mm(piece.wall)} mm walls and "
            f"{_mm(piece.clearance)} mm clearance, to nest and take its "
            f"{_mm(piece.vent_diameter)} mm vent"
        )
    return f"{_mm(piece.wall)} mm walls and {_mm(piece.clearance)} mm clearance around its boss"


def _chamfer_ring(radius: float, size: float, outward: bool) -> float:
    """Volume of a 45° chamfer ``size`` cut off a circular edge (Pappus)."""
    centroid = radius + size / 3.0 if outward else radius - size / 3.0
    return math.pi * size * size * centroid


def _name_number(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _derived(size: float | None) -> float:
    """A stone's size given as None (the default): ``__post_init__`` derives it (from
    the circle, or the stone's diameter) before anything else reads it, or refuses the
    stone."""
    assert size is not None, "a size read before __post_init__ derived it"
    return size


class _Piece:
    """Shared behaviour: the parameters as a dict, mass estimate."""

    __dataclass_fields__: ClassVar[dict[str, Any]]  # (every piece is a dataclass)

    @property
    def name(self) -> str:
        raise NotImplementedError

    @property
    def volume(self) -> float:
        raise NotImplementedError

    def parameters(self) -> dict[str, object]:
        """The settings that made this piece, for file metadata."""
        out: dict[str, object] = {"piece": self.name}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = round(value, 4) if isinstance(value, float) else value
        return out

    @property
    def mass_pla(self) -> float:
        """Grams of PLA for one piece printed solid."""
        return self.volume * PLA_DENSITY


class _Stone(_Piece):
    """A stone: it stands in an engraved circle, and by default follows its size."""

    circle_diameter: float
    diameter: float | None  # (None: the circle's less STONE_MARGIN, see _derived)

    def _default_diameter(self) -> None:
        if self.diameter is None and _finite(self.circle_diameter):
            object.__setattr__(self, "diameter", self.circle_diameter - STONE_MARGIN)


@dataclass(frozen=True)
class DiscStone(_Stone):
    """A flat round stone with a stacking boss on top and a matching recess below."""

    circle_diameter: float = field(
        default=DEFAULT_CIRCLE_DIAMETER, metadata={"help": "engraved circle the stone sits in"}
    )
    diameter: float | None = field(
        default=None, metadata={"help": "stone diameter (default: circle diameter minus 2 mm)"}
    )
    height: float = field(default=5.0, metadata={"help": "body height = stacking pitch"})
    boss_diameter: float | None = field(
        default=None, metadata={"help": "stacking boss diameter (default: half the stone's)"}
    )
    boss_height: float = field(default=1.6, metadata={"help": "stacking boss height"})
    clearance: float = field(
        default=default("clearance"), metadata={"help": "play per side, boss in recess"}
    )
    chamfer: float = field(
        default=default("chamfer"),
        metadata={"help": "45° chamfer: bottom edge, recess mouth, boss top"},
    )
    wall: float = field(
        default=default("wall"), metadata={"help": "thinnest wall allowed anywhere"}
    )
    symbol: str = field(default="none", metadata={"help": "raised seat symbol on the boss"})
    symbol_height: float = field(default=0.6, metadata={"help": "height of the seat symbol"})

    def __post_init__(self):
        derived = self.diameter is None
        self._default_diameter()
        if self.boss_diameter is None and _finite(self.diameter):
            object.__setattr__(self, "boss_diameter", self.diameter / 2.0)
        self._validate(derived)

    @classmethod
    def for_seat(cls, seat: int, **kwargs) -> DiscStone:
        """A stone carrying the seat symbol of player seat 1 to 6."""
        if seat not in SEAT_SYMBOLS:
            raise ParameterError("seat", f"seat must be 1 to {len(SEAT_SYMBOLS)}, got {seat}")
        return cls(symbol=SEAT_SYMBOLS[seat], **kwargs)

    # ---- derived sizes ---------------------------------------------------------------

    @property
    def name(self) -> str:
        d, c = _name_number(_derived(self.diameter), 1), _name_number(self.clearance, 2)
        base = f"stone-disc-d{d}-c{c}"
        return base if self.symbol == "none" else f"{base}-{self.symbol}"

    @property
    def radius(self) -> float:
        return _derived(self.diameter) / 2.0

    @property
    def boss_radius(self) -> float:
        return _derived(self.boss_diameter) / 2.0

    @property
    def smallest_diameter(self) -> float:
        """The smallest stone with a boss of half its diameter and the walls it needs."""
        return 4 * (self.wall + self.clearance)

    @property
    def recess_radius(self) -> float:
        return self.boss_radius + self.clearance

    @property
    def recess_depth(self) -> float:
        """Boss plus symbol plus clearance, the same for every symbol so stones mix,
        rounded up to whole layers so that the ceiling lies on one."""
        return whole_layers(self.boss_height + self.symbol_height + self.clearance)

    @property
    def vertical_play(self) -> float:
        """Gap between a boss's symbol and the recess ceiling of the stone above it
        (at least the clearance; more where the depth was rounded up to a layer)."""
        return self.recess_depth - self.boss_height - self.symbol_height

    @property
    def ring_wall(self) -> float:
        """Width of the wall between the recess and the outside."""
        return self.radius - self.recess_radius

    @property
    def ceiling(self) -> float:
        """Thickness of the stone above its recess."""
        return self.height - self.recess_depth

    @property
    def symbol_radius(self) -> float:
        """The seat symbol fits inside the flat top of the boss."""
        return 0.8 * (self.boss_radius - self.chamfer)

    @property
    def raised_symbol_height(self) -> float:
        return 0.0 if self.symbol == "none" else self.symbol_height

    @property
    def total_height(self) -> float:
        return self.height + self.boss_height + self.raised_symbol_height

    def flat_faces(self) -> dict[str, float]:
        """The heights of the flat faces a maker's heights set (the bottom, on the bed,
        and the recess ceiling, rounded to a layer, are always on one)."""
        faces = {"top": self.height, "boss's top": self.height + self.boss_height}
        if self.symbol != "none":
            faces["symbol's top"] = self.total_height
        return faces

    def layer_settings(self) -> dict[str, float]:
        """The settings that set :meth:`flat_faces`, by name."""
        heights = {"height": self.height, "boss_height": self.boss_height}
        if self.symbol != "none":
            heights["symbol_height"] = self.symbol_height
        return heights

    @property
    def stack_pitch(self) -> float:
        """Rise per stone in a stack: the stone above rests on this one's top face."""
        return self.height

    def stack_height(self, count: int = STACK) -> float:
        return (count - 1) * self.stack_pitch + self.total_height

    def underside_clear_radius(self, depth: float) -> float:
        """Radius of the free cylinder under the stone up to ``depth``, kept clear even
        when the stone slides by its clearance (0 if nothing fits)."""
        return self.boss_radius if depth <= self.recess_depth - self.clearance else 0.0

    @property
    def volume(self) -> float:
        s = self.chamfer
        body = math.pi * self.radius**2 * self.height - _chamfer_ring(self.radius, s, False)
        recess = math.pi * self.recess_radius**2 * self.recess_depth + _chamfer_ring(
            self.recess_radius, s, True
        )
        boss = math.pi * self.boss_radius**2 * self.boss_height - _chamfer_ring(
            self.boss_radius, s, False
        )
        symbol = symbol_area(self.symbol, self.symbol_radius) * self.raised_symbol_height
        return body - recess + boss + symbol

    # ---- validation --------------------------------------------------------------------

    def _validate(self, derived: bool = False) -> None:
        _check_common(self)
        _check_fits_circle(self, derived)
        for name in ("height", "boss_diameter", "boss_height", "symbol_height"):
            _require_positive(name, getattr(self, name))
        if self.symbol not in STONE_SYMBOLS:
            raise ParameterError(
                "symbol",
                f"unknown symbol {self.symbol!r}; choose one of {', '.join(STONE_SYMBOLS)}",
            )
        if self.ring_wall < self.wall - 1e-9:
            raise self._ring_wall_error(derived)
        if self.ceiling < self.wall - 1e-9:
            least = _up(self.recess_depth + self.wall)
            layers = whole_layers(float(least))  # (the least whole layers, said too)
            on = (
                f" ({_mm(layers)} mm on whole {_mm(LAYER)} mm layers)"
                if layers > float(least)
                else ""
            )
            raise ParameterError.about(
                "height",
                f"{_mm(self.height)} mm is too low for a disc stone: the recess under it is "
                f"{_mm(self.recess_depth)} mm deep and needs a {_mm(self.wall)} mm wall above "
                f"it; choose a height of at least {least} mm{on}",
            )
        self._validate_chamfer()
        if self.symbol != "none" and stroke(self.symbol_radius) < MIN_STROKE:
            raise ParameterError(
                "symbol",
                f"the boss ({_mm(2 * self.boss_radius)} mm) is too small for a readable "
                f"{self.symbol}: its lines would be {_mm(stroke(self.symbol_radius))} mm wide, "
                f"under {_mm(MIN_STROKE)} mm; choose a larger stone (its boss is half of it)",
            )

    def _ring_wall_error(self, derived: bool) -> ParameterError:
        """Too thin a wall around the recess. A boss of its own (the library's option)
        may shrink while some boss is left; the usual boss is half the stone, which no
        front end sets, so then the stone (or the circles it follows) must grow."""
        diameter, boss = _derived(self.diameter), _derived(self.boss_diameter)
        limit = diameter - 2 * self.wall - 2 * self.clearance
        own_boss = boss != diameter / 2
        if own_boss and limit >= 0.01:
            return ParameterError(
                "boss_diameter",
                f"boss diameter {_mm(boss)} mm leaves a wall of only "
                f"{_mm(self.ring_wall)} mm around the recess of a {_mm(diameter)} mm stone "
                f"(minimum {_mm(self.wall)} mm); choose a boss of at most {_down(limit)} mm",
            )
        needed = self.smallest_diameter
        if own_boss:
            needed = boss + 2 * (self.wall + self.clearance)
        if derived:
            return _circles_too_small(self, needed)
        return ParameterError.about(
            "stone_diameter",
            f"{_mm(diameter)} mm is too small for a stacking boss and its recess: a "
            f"disc stone needs at least {_up(needed)} mm ({_needs_why(self)}); choose a "
            "larger stone or less clearance",
        )

    def _validate_chamfer(self) -> None:
        s = self.chamfer
        limit = min(self.boss_height / 2, self.height / 4, self.ring_wall / 2)
        if not (_finite(s) and 0 <= s <= limit + 1e-9):
            raise ParameterError.about(
                "chamfer",
                f"{s} mm must be between 0 and {_mm(limit)} mm for this stone "
                f"(half the boss height, a quarter of the height, half the ring wall)",
            )


@dataclass(frozen=True)
class PyramidStone(_Stone):
    """A hollow, truncated hexagonal pyramid with a vented cap; six nest in a stack."""

    circle_diameter: float = field(
        default=DEFAULT_CIRCLE_DIAMETER, metadata={"help": "engraved circle the stone sits in"}
    )
    diameter: float | None = field(
        default=None, metadata={"help": "base across corners (default: circle minus 2 mm)"}
    )
    height: float = field(default=12.0, metadata={"help": "height of one pyramid"})
    top_diameter: float | None = field(
        default=None, metadata={"help": "flat top across corners (default: 0.4 × diameter)"}
    )
    wall: float = field(default=1.2, metadata={"help": "shell thickness, square to the faces"})
    clearance: float = field(default=0.2, metadata={"help": "gap to the pyramid below, nested"})
    vent_diameter: float = field(default=DEFAULT_VENT, metadata={"help": "hole through the cap"})

    def __post_init__(self):
        derived = self.diameter is None
        self._default_diameter()
        if self.top_diameter is None and _finite(self.diameter):
            object.__setattr__(self, "top_diameter", DEFAULT_TOP_RATIO * self.diameter)
        self._validate(derived)

    # ---- derived sizes ---------------------------------------------------------------

    @property
    def name(self) -> str:
        d, c = _name_number(_derived(self.diameter), 1), _name_number(self.clearance, 2)
        return f"stone-pyramid-d{d}-c{c}"

    @property
    def radius(self) -> float:
        """Circumradius of the base (the footprint)."""
        return _derived(self.diameter) / 2.0

    @property
    def base_apothem(self) -> float:
        return _derived(self.diameter) * SQRT3 / 4.0

    @property
    def top_apothem(self) -> float:
        return _derived(self.top_diameter) * SQRT3 / 4.0

    @property
    def lean(self) -> float:
        """Angle of the faces from the vertical, radians."""
        return math.atan2(self.base_apothem - self.top_apothem, self.height)

    @property
    def horizontal_wall(self) -> float:
        """Wall thickness measured horizontally through a sloping face."""
        return self.wall / math.cos(self.lean)

    @property
    def nesting_pitch(self) -> float:
        """The least rise per pyramid in a nested stack: its inner faces then stand
        ``clearance`` off the faces below, square to them."""
        return (self.wall + self.clearance) / math.sin(self.lean)

    @property
    def cavity_height(self) -> float:
        """The cap's inner ceiling: one nesting pitch under the top, rounded down to a
        whole layer so that it prints where it is made (a slicer took it to the nearer
        layer, up to 0.1 mm higher, which let the pyramid above sink and pinched the
        clearance by up to 0.07 mm at a 45° lean)."""
        return layers_below(self.height - self.nesting_pitch)

    @property
    def cap(self) -> float:
        """Thickness of the cap, at least the nesting pitch: the pyramid above rests its
        ceiling on this one's top, so this is its rise, with at least the clearance at
        the faces (more by under a layer's worth where the ceiling was rounded down)."""
        return self.height - self.cavity_height

    def outer_apothem(self, z: float) -> float:
        return self.base_apothem - z * math.tan(self.lean)

    def inner_apothem(self, z: float) -> float:
        return self.outer_apothem(z) - self.horizontal_wall

    @property
    def total_height(self) -> float:
        return self.height

    def flat_faces(self) -> dict[str, float]:
        """The flat top (the cap's inner ceiling, rounded down to a layer, is always on
        one)."""
        return {"top": self.height}

    def layer_settings(self) -> dict[str, float]:
        return {"height": self.height}

    @property
    def stack_pitch(self) -> float:
        return self.cap

    def stack_height(self, count: int = STACK) -> float:
        return (count - 1) * self.cap + self.height

    def underside_clear_radius(self, depth: float) -> float:
        if depth >= self.cavity_height:
            return 0.0
        slide = self.radius - self.base_apothem + self.clearance
        return max(0.0, self.inner_apothem(depth) - slide)

    @property
    def volume(self) -> float:
        outer = _hex_frustum(self.base_apothem, self.top_apothem, self.height)
        inner = _hex_frustum(
            self.inner_apothem(0.0), self.inner_apothem(self.cavity_height), self.cavity_height
        )
        vent = math.pi * (self.vent_diameter / 2) ** 2 * self.cap
        return outer - inner - vent

    # ---- validation --------------------------------------------------------------------

    def _validate(self, derived: bool = False) -> None:
        _check_common(self)
        _check_fits_circle(self, derived)
        for name in ("height", "top_diameter", "vent_diameter"):
            _require_positive(name, getattr(self, name))
        top, base = _derived(self.top_diameter), _derived(self.diameter)
        if top >= base:
            raise ParameterError(
                "top_diameter",
                f"top {_mm(top)} mm must be smaller than the base "
                f"{_mm(base)} mm, or the pyramids cannot nest",
            )
        lean = math.degrees(self.lean)
        if lean > MAX_LEAN_DEG:
            lowest = self._lowest_height()
            if lowest is not None:
                what = f"a height of at least {_up(lowest)} mm"
                if not self._vent_fits(self.wall):  # and then the top is too small
                    what += ", and then a larger stone"
            else:  # this base nests at no height: it must grow too
                lowest = self.lowest_any_height
                what = f"a height of at least {_up(lowest)} mm, and then a larger stone"
            raise ParameterError.about(
                "height",
                f"{_mm(self.height)} mm makes the faces lean {lean:.0f}° from the vertical; "
                f"more than {MAX_LEAN_DEG:.0f}° prints without support inside: choose {what}",
            )
        if self.nesting_pitch > self.height / 2:
            raise self._too_small_error(
                f"has such steep faces ({lean:.0f}° from the vertical) that pyramids nest "
                f"only every {_mm(self.nesting_pitch)} mm, more than half its height",
                derived,
            )
        if not self._vent_fits(self.wall):
            if self.vent_diameter != DEFAULT_VENT:  # the library's own vent may shrink
                raise ParameterError(
                    "vent_diameter",
                    f"vent {_mm(self.vent_diameter)} mm leaves less than the "
                    f"{_mm(self.wall)} mm wall in a {_mm(top)} mm top; choose "
                    f"a vent of at most {_down(2 * (self.top_apothem - self.wall))} mm",
                )
            raise self._too_small_error(
                f"has a top ({_mm(top)} mm) too small for its "
                f"{_mm(self.vent_diameter)} mm vent in a {_mm(self.wall)} mm wall",
                derived,
            )

    # ---- what makes a pyramid that prints and nests -----------------------------------
    # The faces step in by ``a`` (base apothem minus top apothem) over the height h; a
    # pyramid nests every k·√(a² + h²)/a mm (k: wall plus clearance), which must be at
    # most h/2, and its faces lean at most 45° (h >= a). Taller pyramids nest relatively
    # closer, so there is a lowest height; wider ones step in more, so a narrowest base,
    # which the vent through the top (in its wall) narrows further.

    @property
    def _step_in(self) -> float:
        return self.base_apothem - self.top_apothem

    def _vent_fits(self, wall: float) -> bool:
        return self.vent_diameter / 2 + wall <= self.top_apothem

    def _lowest_height(self) -> float | None:
        """The lowest height at which this base and top lean at most 45° and nest (None:
        none up to the largest height)."""
        a, k = self._step_in, self.wall + self.clearance
        if a <= 2 * k:
            return None
        lowest = max(a, k * a / math.sqrt(a * a / 4 - k * k))
        return lowest if lowest <= range_of("height").high else None

    @property
    def lowest_any_height(self) -> float:
        """The lowest height at which some base nests and takes the vent (its faces then
        lean 45°), with this wall, clearance and top in proportion."""
        top = self._top_ratio()
        vents = (self.vent_diameter / 2 + self.wall) / (top * SQRT3 / 4)
        k, step = self.wall + self.clearance, (1 - top) * SQRT3 / 4
        # (with the base's leeway of _narrowest_base: 2√2·k and vents·step without it)
        return max(2 * k * math.sqrt(1 + 1 / _SPARE**2), vents * step / _SPARE)

    def _top_ratio(self) -> float:
        """The top's share of the base; the default's where either is 0 (a base derived
        from circles too small for any, which that error measures with this)."""
        base, top = self.diameter, self.top_diameter
        return top / base if base and top else DEFAULT_TOP_RATIO

    @property
    def smallest_diameter(self) -> float | None:
        """The smallest stone that prints and nests at this height (None: none)."""
        return self._narrowest_base()

    def _narrowest_base(self) -> float | None:
        """The smallest diameter (the top in proportion) that nests at this height and
        takes the vent in its top; None if there is none that leans at most 45°."""
        h, k = self.height, self.wall + self.clearance
        if not (_finite(h) and h * h / 4 > k * k):
            return None
        top = self._top_ratio()
        step = (1 - top) * SQRT3 / 4  # apothems step in by this per mm of diameter
        nests = k * h / math.sqrt(h * h / 4 - k * k) / step
        vents = (self.vent_diameter / 2 + self.wall) / (top * SQRT3 / 4)
        base = max(nests, vents) * (1 + 1e-9)
        return base if base * step <= _SPARE * h else None

    def _thickest_wall(self) -> float:
        """The most wall plus clearance with which these pyramids nest."""
        a, h = self._step_in, self.height
        return a * h / (2 * math.sqrt(a * a + h * h))

    def _too_small_error(self, problem: str, derived: bool) -> ParameterError:
        """A pyramid that does not nest, or whose top cannot take the vent, with the
        settings that would make it work: a height, a stone diameter (and the circles
        and tile width it needs), a thinner wall or less clearance."""
        base_diameter = _derived(self.diameter)
        own_top = abs(_derived(self.top_diameter) - DEFAULT_TOP_RATIO * base_diameter) > 1e-9
        vents = self._vent_fits(self.wall)
        fixes = []
        lowest = self._lowest_height()
        if lowest is not None and vents:
            fixes.append(f"a height of at least {_up(lowest)} mm")
        base = self._narrowest_base()
        if base is not None and not own_top:
            circle = base + STONE_MARGIN if derived else max(base, self.circle_diameter)
            grow = ""
            if circle > self.circle_diameter:
                grow = f", in circles of at least {_up(circle)} mm: {_width_for(circle)}"
            fixes.append(f"a stone diameter of at least {_up(base)} mm{grow}")
        together = self._thickest_wall()  # wall plus clearance
        wall = min(together, self.top_apothem - self.vent_diameter / 2)
        if float(_down(wall)) >= MIN_WALL:
            limit = f"a wall of at most {_down(wall)} mm, and " if wall < together else "a "
            fixes.append(
                f"{limit}wall and clearance of at most {_down(together)} mm together (now "
                f"{_mm(self.wall)} and {_mm(self.clearance)} mm)"
            )
        if own_top:
            fixes.append("a smaller top")
        if not fixes:
            fixes.append(
                f"a height of at least {_up(self.lowest_any_height)} mm, and then a larger stone"
            )
        parameter = "top_diameter" if own_top else "width" if derived else "stone_diameter"
        return ParameterError(
            parameter,
            f"a pyramid {_mm(base_diameter)} mm across and {_mm(self.height)} mm high "
            f"{problem}; choose {_one_of(fixes)}",
        )


def _one_of(choices: list[str]) -> str:
    if len(choices) < 2:
        return "".join(choices)
    return "; ".join(choices[:-1]) + "; or " + choices[-1]


def _hex_frustum(a0: float, a1: float, height: float) -> float:
    """Volume of a frustum of a regular hexagonal pyramid with apothems a0 and a1."""
    area0, area1 = 2 * SQRT3 * a0 * a0, 2 * SQRT3 * a1 * a1
    return height / 3.0 * (area0 + area1 + math.sqrt(area0 * area1))


@dataclass(frozen=True)
class Marker(_Piece):
    """A growing or dead marker a stack can stand on, printed pocket up.

    The top face has a shallow pocket that holds the bottom stone of a stack with
    ``clearance`` per side, and in it a raised symbol as high as the pocket is deep:
    flush with the rim, it reaches into the hollow under the stone, so a stack stands
    on the pocket floor. The underside lies flat on the bed with the same symbol sunk
    into it, so a marker turned over still reads by touch. A pocket underneath too
    (the marker was once two-sided) left its ceiling as a bridge across the whole
    pocket, 21 mm with no support but the symbol, which sags in print.
    """

    kind: str = field(default="growing", metadata={"help": "growing or dead"})
    stone_diameter: float = field(
        default=DEFAULT_CIRCLE_DIAMETER - STONE_MARGIN,
        metadata={"help": "diameter of the stone the pocket holds"},
    )
    symbol_radius: float = field(
        default=0.9 * (DEFAULT_CIRCLE_DIAMETER - STONE_MARGIN) / 4,
        metadata={"help": "radius of the raised symbol (fits under the stone)"},
    )
    thickness: float = field(default=3.0, metadata={"help": "overall thickness"})
    pocket_depth: float = field(default=1.0, metadata={"help": "depth of the pocket on top"})
    sunk_depth: float = field(
        default=0.6, metadata={"help": "depth of the symbol sunk into the underside"}
    )
    clearance: float = field(default=0.2, metadata={"help": "play per side, stone in pocket"})
    chamfer: float = field(default=0.4, metadata={"help": "45° chamfer of both outer edges"})
    wall: float = field(default=1.2, metadata={"help": "rim width and least core thickness"})

    def __post_init__(self):
        self._validate()

    @classmethod
    def for_stone(cls, stone: DiscStone | PyramidStone, kind: str, **kwargs) -> Marker:
        """A marker whose pocket and symbol fit ``stone``."""
        depth = kwargs.get("pocket_depth", cls.pocket_depth)
        clear = stone.underside_clear_radius(depth)
        if clear <= 0:
            raise ParameterError(
                "pocket_depth",
                f"a marker symbol {_mm(depth)} mm high does not fit under the {stone.name}; "
                f"choose a shallower pocket",
            )
        kwargs.setdefault("clearance", stone.clearance)
        kwargs.setdefault("wall", stone.wall)
        # As large as fits under the stone, but never larger than under a default disc
        # stone of this diameter, so markers for discs and pyramids are the same.
        diameter = _derived(stone.diameter)
        radius = 0.9 * min(clear, diameter / 4)
        if stroke(radius) < MIN_STROKE:
            raise _too_small_for_markers(stone, radius)
        return cls(kind=kind, stone_diameter=diameter, symbol_radius=radius, **kwargs)

    # ---- derived sizes ---------------------------------------------------------------

    @property
    def symbol(self) -> str:
        return MARKER_SYMBOLS[self.kind]

    @property
    def name(self) -> str:
        d, c = _name_number(self.diameter, 1), _name_number(self.clearance, 2)
        return f"marker-{self.kind}-d{d}-c{c}"

    @property
    def pocket_radius(self) -> float:
        return self.stone_diameter / 2 + self.clearance

    @property
    def radius(self) -> float:
        return self.pocket_radius + self.wall

    @property
    def diameter(self) -> float:
        return 2 * self.radius

    @property
    def core(self) -> float:
        """Thickness between the pocket floor and the sunk symbol's floor."""
        return self.thickness - self.pocket_depth - self.sunk_depth

    @property
    def total_height(self) -> float:
        return self.thickness

    def flat_faces(self) -> dict[str, float]:
        """The top (rim and symbol, flush), the pocket's floor and the sunk symbol's."""
        return {
            "top": self.thickness,
            "pocket's floor": self.thickness - self.pocket_depth,
            "sunk symbol's floor": self.sunk_depth,
        }

    def layer_settings(self) -> dict[str, float]:
        return {n: getattr(self, n) for n in ("thickness", "pocket_depth", "sunk_depth")}

    @property
    def volume(self) -> float:
        s, r, p = self.chamfer, self.radius, self.pocket_depth
        disc = math.pi * r * r * self.thickness - 2 * _chamfer_ring(r, s, False)
        pocket = math.pi * self.pocket_radius**2 * p
        area = symbol_area(self.symbol, self.symbol_radius)
        return disc - pocket + area * (p - self.sunk_depth)

    # ---- validation --------------------------------------------------------------------

    def _validate(self) -> None:
        if self.kind not in MARKER_SYMBOLS:
            raise ParameterError(
                "kind", f"marker kind must be one of {', '.join(MARKER_SYMBOLS)}, got {self.kind!r}"
            )
        _check_common(self)
        for name in ("stone_diameter", "symbol_radius", "thickness", "pocket_depth", "sunk_depth"):
            _require_positive(name, getattr(self, name))
        if self.core < self.wall - 1e-9:
            least = self.pocket_depth + self.sunk_depth + self.wall
            raise ParameterError(
                "thickness",
                f"marker thickness {_mm(self.thickness)} mm leaves {_mm(self.core)} mm between "
                f"its {_mm(self.pocket_depth)} mm pocket and the {_mm(self.sunk_depth)} mm "
                f"symbol sunk underneath (minimum wall {_mm(self.wall)} mm); choose at least "
                f"{_up(least)} mm",
            )
        if stroke(self.symbol_radius) < MIN_STROKE:
            raise ParameterError(
                "symbol_radius",
                f"a {_mm(2 * self.symbol_radius)} mm marker symbol would have lines under "
                f"{_mm(MIN_STROKE)} mm wide; use a larger stone",
            )
        if self.symbol_radius >= self.pocket_radius:
            raise ParameterError(
                "symbol_radius",
                f"symbol radius {_mm(self.symbol_radius)} mm does not fit the pocket",
            )
        s = self.chamfer
        if not (_finite(s) and 0 <= s <= min(self.wall, self.thickness / 4)):
            raise ParameterError.about(
                "chamfer",
                f"{s} mm must be between 0 and "
                f"{_mm(min(self.wall, self.thickness / 4))} mm (the rim width or a quarter of "
                f"the thickness)",
            )


def _too_small_for_markers(stone, radius: float) -> ParameterError:
    """A stone so small that its markers' symbol lines would not print, with the stone
    (and the tile width) whose markers do: the symbol grows with the stone."""
    needed = stone.diameter * _stroke_radius(MIN_STROKE) / radius
    return ParameterError(
        "stone_diameter",
        f"markers for a {_mm(stone.diameter)} mm stone would have symbol lines "
        f"{_down(stroke(radius))} mm wide, under the {_mm(MIN_STROKE)} mm that print; choose "
        f"a stone diameter of at least {_up(needed)} mm, in circles of at least "
        f"{_up(needed + STONE_MARGIN)} mm: {_width_for(needed + STONE_MARGIN)}",
    )


def _stroke_radius(width: float) -> float:
    """The symbol radius whose lines are ``width`` wide."""
    return width / stroke(1.0)


def calibration_stones(stone: DiscStone, spread: float = 0.1) -> tuple[DiscStone, DiscStone]:
    """Two stones, ``clearance ± spread``, for tuning a printer's fit.

    They differ only in the recess, and a stone's recess sets the fit on the stone
    below: stack the loose one on the tight one and the other way round. The tighter
    carries a bar, the looser a cross (one line, two lines).
    """
    if not isinstance(stone, DiscStone):
        raise ParameterError.about(
            "design",
            "must be disc for a calibration pair: the pair is two disc stones, each stacked "
            "on the other to find the clearance",
        )
    low = round(max(0.0, stone.clearance - spread), 4)
    high = round(stone.clearance + spread, 4)
    if not (_finite(spread) and spread > 0) or high > MAX_CLEARANCE:
        raise ParameterError.about(
            "clearance",
            f"{_mm(stone.clearance)} mm leaves no room for a calibration pair: it needs "
            f"clearances {_mm(low)} and {_mm(high)} mm, within 0 to {_mm(MAX_CLEARANCE)} mm; "
            "choose a smaller clearance or spread",
        )
    base = {f.name: getattr(stone, f.name) for f in fields(stone)}
    return (
        DiscStone(**{**base, "clearance": low, "symbol": "bar"}),
        DiscStone(**{**base, "clearance": high, "symbol": "cross"}),
    )


def calibration_name(stones: tuple[DiscStone, DiscStone]) -> str:
    """File name stem of a calibration pair, e.g. ``stone-disc-d20.7-calibration-c0.1-c0.3``."""
    d = _name_number(_derived(stones[0].diameter), 1)
    low, high = (_name_number(s.clearance, 2) for s in stones)
    return f"stone-disc-d{d}-calibration-c{low}-c{high}"
