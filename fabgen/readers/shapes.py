"""Read the circles and closed outlines of a drawing made in another program.

SVG (Inkscape, LightBurn, Illustrator; mm or px, any viewBox and transforms) is read
with svgelements; DXF (LibreCAD, LightBurn, FreeCAD) with ezdxf. Everything comes
out in millimetres with y pointing up, as flattened point lists plus true circles.
A circle drawn as a path (Inkscape's "object to path") is recognised as a circle, and
an ellipse (a circle stretched or skewed by a transform, an ELLIPSE entity, a tilted
CIRCLE) as a circle that is not round, with its two axes, so that a tile reader can say
how far from round it is.
"""

from __future__ import annotations

import json
import math
import re
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fabgen.errors import InputFileError, ParameterError
from fabgen.inputs import MAX_DRAWING_BYTES, read_bytes
from fabgen.limits import limit_for
from fabgen.readers.svg_values import check_svg_values

Point = tuple[float, float]
SAMPLES_PER_CURVE = 24
SAMPLES_PER_ELLIPSE = 96

MAX_ELEMENTS = 200_000
"""SVG elements after expanding every <use>, or DXF entities after expanding every
block INSERT: more is not a tile drawing, and would take minutes."""
MAX_INSERTS = 5_000
"""DXF block INSERTs expanded at most (each is a transformed copy of a block)."""
MAX_NESTING = 32
"""Deepest chain of SVG <use> references or of DXF blocks inserted into blocks."""
MAX_XML_DEPTH = 200
"""Deepest nesting of SVG elements (groups in groups)."""
FLATTENING_MM = 0.005
"""Curves are read as points no farther than this from the curve..."""
MAX_ARC_STEPS = 2048
"""...in at most this many chords per arc (a circle of 1 m radius: 3 mm chords)."""
MAX_COORDINATE_MM = 1e6
"""Largest coordinate accepted (1 km): anything larger is a unit or file error."""
RESAVE = ": open it in the drawing program and save it again as plain SVG"
"""What to do about an SVG file svgelements or the XML parser cannot read."""
_TINY_NUMBER = re.compile(
    rb"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)[eE]-(?:1[5-9]\d|[2-9]\d\d|\d{4,})\b"
)
"""A number under about 1e-150 (not 0): its square underflows to 0, and svgelements
divides by an arc's squared radii."""
MAX_SHEET_TILES = 10_000
"""Most tiles a fabgen sheet's settings may name: more is no file fabgen wrote (its
sheets hold some hundreds), and is read as none (Infinity was a traceback, 1e308
quoted whole in the message)."""


ROUND_POINT_TOLERANCE = 0.005
"""A closed curve is an ellipse (or circle) when every point lies within 0.5% of it..."""
ROUND_EDGE_TOLERANCE = 0.02
"""...and the middle of every edge between them within 2% (a polygon of 16 or more
sides; a rounded hexagon, whose points all sit on its corners, is not round)."""
ROUNDNESS = 0.01
"""Diameters differing by at most 1% are a circle; more is an ellipse, not round."""


@dataclass(frozen=True)
class DrawnCircle:
    """A circle, or an ellipse: ``diameters`` are its largest and smallest diameter
    (equal for a circle) and ``radius`` is a quarter of their sum."""

    centre: Point
    radius: float
    name: str  # how to point at it in messages: id or position
    diameters: tuple[float, float] = (0.0, 0.0)
    ring: tuple[Point, ...] = ()  # the closed curve it was read from (if sampled)

    def __post_init__(self):
        if self.diameters == (0.0, 0.0):
            object.__setattr__(self, "diameters", (2 * self.radius, 2 * self.radius))

    @property
    def out_of_round(self) -> float:
        """Largest minus smallest diameter, in mm (0 for a circle)."""
        return self.diameters[0] - self.diameters[1]

    @property
    def is_round(self) -> bool:
        return self.out_of_round <= ROUNDNESS * self.diameters[0]


@dataclass(frozen=True)
class DrawnOutline:
    points: tuple[Point, ...]  # closed ring, last point not repeated
    name: str


@dataclass(frozen=True)
class DrawnShapes:
    circles: list[DrawnCircle]
    outlines: list[DrawnOutline]
    units_note: str  # how units were decided, for the report
    made_for_kerf_mm: float = 0.0
    """The kerf for which fabgen moved this cut line out, as the settings it writes into
    its own SVG and DXF files say; 0 for a drawing without them."""
    sheet_tiles: int = 0
    """The tiles of a sheet fabgen nested with shared cut lines, as its settings say (no
    tile's outline is drawn whole there); 0 for any other drawing."""
    missing_circles: str = ""
    """Why circles drawn in the program that wrote the file may be missing from it."""


INKSCAPE_R12_MARK = "DXF R12 Output"
"""The comment Inkscape's "Desktop Cutting Plotter (AutoCAD DXF R12)" export starts with;
it writes paths only, and leaves out circle and ellipse elements."""
INKSCAPE_R12_NOTE = (
    "Inkscape's DXF R12 export leaves out circles that are not paths: select them and use "
    "Path > Object to Path before saving, or save as DXF R14"
)


FABGEN_SETTINGS_TAG = "{urn:x-fabgen:settings}settings"
"""The SVG element holding fabgen's settings (``export/svg.py: FABGEN_NS``)."""


def read_shapes(path: str | Path, dpi: float = 96.0) -> DrawnShapes:
    """Circles and closed outlines of an ``.svg`` or ``.dxf`` file, in mm."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".dxf"):
        raise InputFileError(
            str(path),
            f"cannot read {suffix or 'files without extension'}: give an .svg or .dxf file",
        )
    if not (math.isfinite(dpi) and 1.0 <= dpi <= 10_000.0):
        raise ParameterError.about("dpi", f"{dpi:g} is outside 1 to 10000 px per inch")
    data = read_bytes(path, "drawing (SVG or DXF)", MAX_DRAWING_BYTES)
    # The libraries warn about what they meet in a file (a bulge that overflows); the
    # user needs fabgen's message about the file, not a Python warning before it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return _read_svg(path, data, dpi) if suffix == ".svg" else _read_dxf(path, data)
        except _Refused as exc:
            raise InputFileError(str(path), str(exc)) from None


class _Refused(Exception):
    """A shape fabgen will not measure (the message says why)."""


def _far(name: str) -> str:
    return (
        f"{name} has a coordinate or size that is not a number or beyond "
        f"±{MAX_COORDINATE_MM:g} mm; check the drawing's units"
    )


# ---- SVG ----------------------------------------------------------------------------


def _read_svg(path: Path, data: bytes, dpi: float) -> DrawnShapes:
    import io

    import svgelements as se

    elements = _check_svg_structure(path, data)
    check_svg_values(path, elements, dpi)
    try:
        # reify=False: shapes keep their own coordinates and their transform apart.
        doc = se.SVG.parse(io.BytesIO(data), reify=False, ppi=dpi)
    except Exception as exc:  # svgelements raises assorted XML and value errors
        message = f"not a readable SVG file ({_short(exc)}){RESAVE}"
        tiny = _TINY_NUMBER.search(data) if isinstance(exc, ZeroDivisionError) else None
        if tiny:
            message = (
                f"a size in it, {tiny[0].decode('ascii')}, is too small to compute with "
                "(its square is 0 in floating point, as with an arc's radii); give it a "
                "real size or 0 (an arc of radius 0 is a straight line)"
            )
        raise InputFileError(str(path), message) from None
    mm_per_unit = _svg_mm_per_px(doc, dpi)
    height = _svg_height_mm(doc, mm_per_unit)
    circles: list[DrawnCircle] = []
    outlines: list[DrawnOutline] = []
    for element in doc.elements():
        if not isinstance(element, se.Shape) or isinstance(element, se.SVGText):
            continue
        label = _svg_label(element)
        matrix = _svg_matrix(path, element, label)
        if isinstance(element, (se.Circle, se.Ellipse)):
            _svg_ellipse(element, matrix, label, mm_per_unit, height, circles, outlines)
            continue
        for ring in _svg_rings(element, matrix, mm_per_unit, height):
            _classify(ring, label, circles, outlines, page_height=height)
    note = (
        f"{_svg_unit_note(doc, dpi, mm_per_unit)}; "
        "positions in mm from the page's top left corner, y down, as Inkscape shows them"
    )
    settings = _svg_settings(elements)
    return DrawnShapes(
        circles, outlines, note, _compensated_kerf(settings), _shared_edge_tiles(settings)
    )


def _svg_settings(elements: list) -> dict:
    """fabgen's settings in its own SVG (a JSON object), or {}."""
    for element in elements:
        if element.tag == FABGEN_SETTINGS_TAG:
            try:
                settings = json.loads(element.text or "")
            except (ValueError, RecursionError):  # (not fabgen's: nested thousands deep)
                return {}
            return settings if isinstance(settings, dict) else {}
    return {}


def _shared_edge_tiles(settings: dict) -> int:
    """The number of tiles of a fabgen sheet whose tiles share cut lines, or 0."""
    if str(settings.get("shared_edges")).lower() != "true":
        return 0
    try:
        tiles = int(settings.get("tiles", 0))
    except (TypeError, ValueError, OverflowError):  # (OverflowError: Infinity)
        return 0
    return tiles if 1 < tiles <= MAX_SHEET_TILES else 0


def _compensated_kerf(settings: dict) -> float:
    """The kerf fabgen's settings say the cut line was moved out for, or 0."""
    if str(settings.get("compensate_kerf")).lower() != "true":
        return 0.0
    try:
        kerf = float(settings.get("kerf_mm", 0.0))
    except (TypeError, ValueError):
        return 0.0
    limit = limit_for("kerf")
    assert limit is not None
    return kerf if math.isfinite(kerf) and 0.0 < kerf <= limit.high else 0.0


def _check_svg_structure(path: Path, data: bytes) -> list:
    """Refuse <use> cycles, deep <use> chains and expansion bombs before svgelements
    expands them (it would recurse without end or build millions of elements).
    Returns every element, the root first."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise InputFileError(str(path), f"not a readable SVG file ({exc}){RESAVE}") from None
    except RecursionError:
        raise InputFileError(str(path), "not a readable SVG file (nested too deep)") from None
    by_id: dict[str, ET.Element] = {}
    order = []  # every element, parents before children
    stack = [(root, 1)]
    while stack:
        element, level = stack.pop()
        if level > MAX_XML_DEPTH:
            raise InputFileError(
                str(path), f"elements are nested more than {MAX_XML_DEPTH} deep; no drawing is"
            )
        order.append(element)
        name = element.get("id")
        if name is not None:
            by_id.setdefault(name, element)
        stack.extend((child, level + 1) for child in element)
    if len(order) > MAX_ELEMENTS:
        raise InputFileError(str(path), _too_many("elements"))
    size: dict[int, int] = {}  # elements each element stands for after expanding <use>
    depth: dict[int, int] = {}  # longest chain of <use> below it
    for element in _use_order(path, order, by_id):
        target = _use_target(element, by_id)
        total, deepest = 1, 0
        if target is not None:
            total += size[id(target)]
            deepest = depth[id(target)] + 1
        for child in element:
            total += size[id(child)]
            deepest = max(deepest, depth[id(child)])
        if total > MAX_ELEMENTS:
            raise InputFileError(str(path), _too_many("elements once every <use> is expanded"))
        if deepest > MAX_NESTING:
            raise InputFileError(
                str(path), f"<use> elements refer to each other more than {MAX_NESTING} deep"
            )
        size[id(element)], depth[id(element)] = total, deepest
    return order


def _use_target(element, by_id):
    if not element.tag.endswith("use"):
        return None
    ref = element.get("{http://www.w3.org/1999/xlink}href") or element.get("href") or ""
    return by_id.get(ref[1:]) if ref.startswith("#") else None


def _use_order(path: Path, order: list, by_id: dict) -> list:
    """Elements in an order where children and <use> targets come first (a
    topological sort); a <use> that (indirectly) contains itself is refused."""
    parent = {}
    for element in order:
        for child in element:
            parent[id(child)] = element
    done: set[int] = set()
    active: set[int] = set()
    result = []
    for start in order:
        stack = [(start, False)]
        while stack:
            element, expanded = stack.pop()
            key = id(element)
            if expanded:
                active.discard(key)
                done.add(key)
                result.append(element)
                continue
            if key in done:
                continue
            if key in active:
                raise InputFileError(str(path), _use_cycle(element))
            active.add(key)
            stack.append((element, True))
            deps = list(element)
            target = _use_target(element, by_id)
            if target is not None:
                if id(target) in active:
                    raise InputFileError(str(path), _use_cycle(element))
                deps.append(target)
            stack.extend((d, False) for d in deps if id(d) not in done)
    return result


def _use_cycle(element) -> str:
    ref = element.get("{http://www.w3.org/1999/xlink}href") or element.get("href")
    return f"a <use> refers to {ref}, which contains that <use> itself: remove the loop"


def _svg_matrix(path: Path, element, label: str):
    """The element's full transform (viewBox included); refused if not invertible."""
    m = element.transform
    values = (m.a, m.b, m.c, m.d, m.e, m.f)
    det = m.a * m.d - m.b * m.c
    if not all(math.isfinite(v) for v in values):
        raise InputFileError(
            str(path),
            f"element {label} has a transform too large to compute (a translate or scale "
            "near 1e308, on it or on a group around it): remove the transform",
        )
    if abs(det) <= 1e-12 * max(1.0, *(abs(v) for v in values[:4])) ** 2:
        raise InputFileError(
            str(path),
            f"element {label} has a transform that flattens it to a line or a point "
            f"(matrix {', '.join(f'{v:g}' for v in values)}); remove the transform",
        )
    return m


def _svg_ellipse(element, m, label, scale, height, circles, outlines) -> None:
    """A circle or ellipse under any affine transform, exactly: its image is an ellipse
    whose half-axes are the singular values of the transformed half-axes (a circle when
    they are equal)."""
    import numpy as np

    cx, cy, rx, ry = (float(element.cx), float(element.cy), float(element.rx), float(element.ry))
    if not (rx > 0 and ry > 0):
        return  # SVG draws nothing for a zero radius
    axes = np.array([[m.a * rx, m.c * ry], [m.b * rx, m.d * ry]])
    big, small = (float(v) for v in np.linalg.svd(axes, compute_uv=False))
    centre = (m.a * cx + m.c * cy + m.e, m.b * cx + m.d * cy + m.f)
    _check_numbers(label, (*centre, big / 2, small / 2))
    x, y = centre[0] * scale, height - centre[1] * scale
    if big - small <= 1e-6 * big:
        r = (big / 2 + small / 2) * scale
        name = f"{label} at {_at((x, y), height)}"
        circles.append(DrawnCircle((x, y), r, name))
        return
    ring = []
    for t in np.linspace(0, 2 * math.pi, SAMPLES_PER_ELLIPSE, endpoint=False):
        u, v = cx + rx * math.cos(t), cy + ry * math.sin(t)
        ring.append(((m.a * u + m.c * v + m.e) * scale, height - (m.b * u + m.d * v + m.f) * scale))
    _check_numbers(label, [c for pt in ring for c in pt])
    name = f"{label} at {_at((x, y), height)}"
    diameters = (2 * big * scale, 2 * small * scale)
    circles.append(DrawnCircle((x, y), sum(diameters) / 4, name, diameters, tuple(ring)))


def _svg_mm_per_px(doc, dpi: float) -> float:
    """Millimetres per svgelements pixel.

    svgelements turns mm and cm into pixels with 0.0393701 inches per mm (rounded,
    0.5 ppm off); undo exactly that factor so a 100 mm tile reads back as 100 mm.
    """
    width = str(doc.values.get("width", "")).strip().lower()
    if width.endswith(("mm", "cm")):
        return 1.0 / (dpi * 0.0393701)
    return 25.4 / dpi


def _svg_unit_note(doc, dpi: float, mm_per_px: float) -> str:
    """How the drawing's units were read: from the page's size in a unit (fabgen's own
    files, Inkscape's in mm), else at ``dpi`` (a file in plain pixels)."""
    width = str(doc.values.get("width", ""))
    given = re.fullmatch(r"\s*([-+0-9.eE]+)\s*(mm|cm|in|pt|pc)\s*", width)
    box = doc.viewbox
    if given and box is not None and box.width and doc.width:
        page = f"the page is {float(given[1]):g} {given[2]} wide"
        per_unit = float(doc.width) * mm_per_px / float(box.width)
        if abs(per_unit - 1.0) < 1e-6:
            return f"SVG user units are millimetres ({page})"
        return f"1 SVG user unit is {per_unit:.6g} mm ({page})"
    return f"SVG user units converted to mm at {dpi:g} px per inch (no unit on the page's size)"


def _svg_height_mm(doc, mm_per_unit: float) -> float:
    # svgelements gives y down; flip with the page height so y points up as in CAD.
    height = doc.height
    return float(height) * mm_per_unit if height else 0.0


INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"


def _svg_label(element) -> str:
    """How Inkscape lets a maker find the element: its kind (the XML editor's tag), its
    id (Object Properties, the XML editor) and its label (the Objects panel), the
    element's own, not a layer's (svgelements passes a group's attributes down)."""
    own = element.values.get("attributes", {})
    words = [str(element.values.get("tag", "shape"))]
    if own.get("id"):
        words.append(f"id '{own['id']}'")
    if own.get(INKSCAPE_LABEL):
        words.append(f"labelled '{own[INKSCAPE_LABEL]}'")
    return " ".join(words)


def _svg_rings(element, m, scale: float, height: float) -> list[list[Point]]:
    """Closed rings of a shape, sampled in its own coordinates and then mapped through
    its transform ``m``: exact for any affine (svgelements' own arc transform is not
    exact for skews)."""
    import numpy as np
    import svgelements as se

    subpaths: list[tuple[list[Point], bool]] = []
    for seg in element.segments(transformed=False):
        if isinstance(seg, se.Move) or not subpaths:
            subpaths.append(([], False))
        pts, closed = subpaths[-1]
        if isinstance(seg, se.Close):
            subpaths[-1] = (pts, True)
        elif isinstance(seg, (se.Move, se.Line)) or seg.start is None:
            if seg.end is not None:
                pts.append((float(seg.end.x), float(seg.end.y)))
        else:
            for p in seg.npoint(np.linspace(0, 1, SAMPLES_PER_CURVE + 1)[1:]):
                pts.append((float(p[0]), float(p[1])))
    rings = []
    for pts, closed in subpaths:
        ring = [
            ((m.a * x + m.c * y + m.e) * scale, height - (m.b * x + m.d * y + m.f) * scale)
            for x, y in pts
        ]
        if len(ring) > 2 and (closed or math.dist(ring[0], ring[-1]) < 1e-6):
            rings.append(_drop_closing_point(ring))
    return rings


# ---- DXF ----------------------------------------------------------------------------


def _read_dxf(path: Path, data: bytes) -> DrawnShapes:
    text = _dxf_text(data)
    shapes = _fast_dxf(path, text)
    if shapes is None:
        shapes = _ezdxf_shapes(path, text)
    settings = _dxf_settings(text)
    return replace(
        shapes,
        made_for_kerf_mm=_compensated_kerf(settings),
        sheet_tiles=_shared_edge_tiles(settings),
        missing_circles=INKSCAPE_R12_NOTE if INKSCAPE_R12_MARK in text[:200] else "",
    )


def _dxf_settings(text: str) -> dict[str, str]:
    """The custom properties in a DXF's first section (fabgen writes its settings there
    as ``$CUSTOMPROPERTYTAG`` and ``$CUSTOMPROPERTY`` pairs)."""
    lines = text.splitlines()
    settings: dict[str, str] = {}
    variable, tag = "", None
    for k in range(0, len(lines) - 1, 2):
        code, value = lines[k].strip(), lines[k + 1].strip()
        if code == "0" and value == "ENDSEC":
            break
        if code == "9":
            variable = value
        elif code == "1" and variable == "$CUSTOMPROPERTYTAG":
            tag = value
        elif code == "1" and variable == "$CUSTOMPROPERTY" and tag is not None:
            settings[tag], tag = value, None
    return settings


def _ezdxf_shapes(path: Path, text: str) -> DrawnShapes:
    scale, note, doc = _dxf_document(path, text)
    circles: list[DrawnCircle] = []
    outlines: list[DrawnOutline] = []
    loose: list[tuple[list[Point], str]] = []  # open pieces and their names
    skipped = 0
    for entity in _dxf_entities(path, doc):
        try:
            _dxf_entity(entity, scale, circles, outlines, loose)
        except _Degenerate:
            skipped += 1
    return _dxf_shapes(circles, outlines, loose, skipped, note)


def _dxf_shapes(circles, outlines, loose, skipped: int, note: str) -> DrawnShapes:
    for ring, first in _chain([points for points, _ in loose]):
        name = f"lines and arcs joined end to end from {loose[first][1]}"
        _classify(ring, name, circles, outlines)
    if skipped:
        note += f"; {skipped} degenerate entit{'y' if skipped == 1 else 'ies'} (zero size) skipped"
    return DrawnShapes(circles, outlines, note)


def _dxf_text(data: bytes) -> str:
    # ezdxf.read wants text: DXF R2007+ is UTF-8, older files declare a code page
    # that ezdxf decodes from the header; cp1252 never fails on ASCII DXF. A BOM is
    # dropped, and a file a Windows tool saved as UTF-16 is read as such (both were
    # "Invalid group code" at line 1).
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", "replace")
    return data.decode("utf-8-sig") if _is_utf8(data) else data.decode("cp1252", "replace")


# Drawings exported as thousands of LINEs and CIRCLEs (the common case, and the slow one
# for ezdxf, whose full document load builds an object per entity) are read straight
# from the group codes. Anything else -- blocks, arcs, polylines, extrusions, paper
# space, odd structure -- goes through ezdxf, which also words every error.
_FAST_KINDS = {"LINE": ("10", "20", "11", "21"), "CIRCLE": ("10", "20", "40")}
_FAST_SKIP = {"POINT", "TEXT", "MTEXT", "DIMENSION", "HATCH", "SOLID", "VIEWPORT"}


def _fast_dxf(path: Path, text: str) -> DrawnShapes | None:
    """The shapes of a DXF with only LINEs and CIRCLEs in model space, or None."""
    lines = text.splitlines()
    if len(lines) < 4 or len(lines) % 2:
        return None
    pairs = list(zip([c.strip() for c in lines[0::2]], lines[1::2], strict=True))
    header, entities = _fast_sections(pairs)
    if entities is None or header is None:
        return None
    units = _fast_units(header)
    if units is None:
        return None
    scale, note = _dxf_units(path, units)
    circles: list[DrawnCircle] = []
    loose: list[tuple[list[Point], str]] = []
    skipped = 0
    for index, (kind, groups) in enumerate(entities):
        if index >= MAX_ELEMENTS:
            raise InputFileError(str(path), _too_many("entities once every block is inserted"))
        values = [groups.get(code) for code in _FAST_KINDS[kind]]
        label = _dxf_label(kind, groups.get("8", "0"), groups.get("5"))
        numbers = [v * scale for v in values]
        _check_numbers(label, numbers)
        if kind == "LINE":
            loose.append(([(numbers[0], numbers[1]), (numbers[2], numbers[3])], label))
        elif numbers[2] <= 0:
            skipped += 1
        else:
            centre = (numbers[0], numbers[1])
            circles.append(DrawnCircle(centre, numbers[2], f"{label} at {_at(centre)}"))
    return _dxf_shapes(circles, [], loose, skipped, note)


def _fast_sections(pairs):
    """HEADER pairs and model-space (kind, groups) of LINE/CIRCLE, or Nones if the
    file holds anything the fast path does not read exactly."""
    header = entities = None
    k, n = 0, len(pairs)
    while k < n:
        if pairs[k] == ("0", "EOF"):
            return header, entities
        if pairs[k] != ("0", "SECTION") or k + 1 >= n or pairs[k + 1][0] != "2":
            return None, None
        name, start = pairs[k + 1][1].strip(), k + 2
        k = start
        while k < n and pairs[k] != ("0", "ENDSEC"):
            k += 1
        if k == n:
            return None, None
        if name == "HEADER":
            header = pairs[start:k]
        elif name == "ENTITIES":
            entities = _fast_entities(pairs[start:k])
            if entities is None:
                return None, None
        k += 1
    return None, None  # no EOF: let ezdxf word it


def _fast_entities(pairs) -> list | None:
    result = []
    groups: dict | None = None
    for code, value in pairs:
        if code == "0":
            kind = value.strip()
            if kind not in _FAST_KINDS and kind not in _FAST_SKIP:
                return None
            groups = {} if kind in _FAST_KINDS else None
            if groups is not None:
                result.append((kind, groups))
            continue
        if groups is None:
            if code == "67" and value.strip() != "0":
                return None  # paper space
            continue
        if code in ("67", "210", "220", "230"):
            if code == "67" and value.strip() == "0":
                continue
            return None  # paper space or an extrusion direction: ezdxf applies it
        if code in ("5", "8", "10", "20", "11", "21", "40"):
            groups[code] = value.strip()
    try:
        for kind, groups in result:
            for code in _FAST_KINDS[kind]:
                groups[code] = float(groups[code])
    except (KeyError, ValueError):
        return None
    return result


def _fast_units(header) -> int | None:
    for k, (code, value) in enumerate(header):
        if code == "9" and value.strip() == "$INSUNITS":
            if k + 1 < len(header) and header[k + 1][0] == "70":
                try:
                    return int(header[k + 1][1].strip())
                except ValueError:
                    return None
            return None
    return 0


class _Degenerate(Exception):
    """An entity of zero size (an ellipse with no minor axis, a point-like arc)."""


def _dxf_document(path: Path, text: str):
    """The parsed document, mm per drawing unit and a note on how units were decided."""
    import io

    import ezdxf

    try:
        # newline=None: line ends read as ezdxf.readfile reads them (CRLF, CR or LF).
        doc = ezdxf.read(io.StringIO(text, newline=None))
    except Exception as exc:  # ezdxf raises DXFStructureError, ValueError, IndexError, ...
        raise InputFileError(str(path), f"not a readable DXF file ({_short(exc)})") from None
    scale, note = _dxf_units(path, doc.header.get("$INSUNITS", 0))
    return scale, note, doc


def _dxf_units(path: Path, code) -> tuple[float, str]:
    """mm per drawing unit for an ``$INSUNITS`` code, and a note on how it was decided."""
    from ezdxf import units

    if code == 0 or code == units.MM:
        note = "DXF drawing units are millimetres" if code else "DXF has no units; read as mm"
        return 1.0, note
    factor = (
        units.METER_FACTOR[code]
        if isinstance(code, int) and 0 < code < len(units.METER_FACTOR)
        else None
    )
    if factor is None:
        raise InputFileError(
            str(path),
            f"$INSUNITS is {code!r}, a unit fabgen cannot convert to mm; set the drawing "
            "units to millimetres (4), centimetres (5), metres (6) or inches (1)",
        )
    scale = units.conversion_factor(units.InsertUnits(code), units.InsertUnits.Millimeters)
    return scale, f"DXF units ({units.unit_name(code)}) converted to mm"


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _dxf_entities(path: Path, doc) -> list:
    """Model space entities with block INSERTs expanded (virtual entities, transformed
    exactly by ezdxf), bounded: self-inserting blocks, INSERTs scaled by 0 and block
    bombs are refused."""
    result = []
    visited = inserts = 0
    # (an entity, the names of the blocks inserted to reach it)
    stack: list[tuple[Any, tuple[str, ...]]] = [
        (entity, ()) for entity in reversed(list(doc.modelspace()))
    ]
    while stack:
        entity, chain = stack.pop()
        visited += 1
        if visited > MAX_ELEMENTS:
            raise InputFileError(str(path), _too_many("entities once every block is inserted"))
        if entity.dxftype() != "INSERT":
            result.append(entity)
            continue
        name = entity.dxf.get("name", "?")
        inserts += 1
        if inserts > MAX_INSERTS:
            raise InputFileError(
                str(path),
                f"more than {MAX_INSERTS:,} block insertions; a tile drawing needs a few. "
                "Explode the blocks or export only the tile",
            )
        if name in chain:
            raise InputFileError(
                str(path),
                f"block '{name}' inserts itself (via {' -> '.join(chain)}): remove the loop",
            )
        if len(chain) >= MAX_NESTING:
            raise InputFileError(str(path), f"blocks are inserted more than {MAX_NESTING} deep")
        children = _insert_children(path, entity, name)
        stack.extend((child, (*chain, name)) for child in reversed(children))
    return result


def _insert_children(path: Path, insert, name: str) -> list:
    scales = [insert.dxf.get(k, 1.0) for k in ("xscale", "yscale", "zscale")]
    handle = insert.dxf.get("handle", "?")
    if not all(math.isfinite(s) and s != 0 for s in scales):
        raise InputFileError(
            str(path),
            f"INSERT of block '{name}' (handle {handle}) has scale "
            f"{', '.join(f'{s:g}' for s in scales)}; a scale must be a non-zero number",
        )
    problem = _extrusion_problem(insert, f"INSERT of block '{name}' (handle {handle})")
    if problem:
        raise InputFileError(str(path), problem)
    copies = insert.mcount if hasattr(insert, "mcount") else 1
    if copies > MAX_ELEMENTS:
        raise InputFileError(str(path), _too_many("entities once every block is inserted"))
    try:
        inserts = list(insert.multi_insert()) if copies > 1 else [insert]
        return [child for one in inserts for child in one.virtual_entities()]
    except Exception as exc:  # ezdxf: missing block, non-invertible transform, ...
        raise InputFileError(
            str(path), f"cannot insert block '{name}' (handle {handle}): {_short(exc)}"
        ) from None


def _dxf_label(kind: str, layer: str, handle: str | None) -> str:
    """An entity as LibreCAD lets a maker find it: its kind, layer and handle (an entity
    inserted from a block has no handle of its own)."""
    where = f"handle {handle}" if handle else "in a block"
    return f"{kind} on layer '{layer}' ({where})"


def _dxf_entity(entity, scale, circles, outlines, loose) -> None:
    kind = entity.dxftype()
    label = _dxf_label(kind, entity.dxf.get("layer", "0"), entity.dxf.get("handle"))
    _check_extrusion(entity, label)
    if kind == "CIRCLE" and _flat(entity):
        # Centre in the circle's OCS: a mirrored circle has extrusion (0, 0, -1).
        c = entity.ocs().to_wcs(entity.dxf.center)
        centre, radius = (c.x * scale, c.y * scale), entity.dxf.radius * scale
        _check_numbers(label, (*centre, radius))
        if radius <= 0:
            raise _Degenerate
        circles.append(DrawnCircle(centre, radius, f"{label} at {_at(centre)}"))
        return
    if kind == "LINE":  # most entities of exported outlines: no need for a path
        a, b = entity.dxf.start, entity.dxf.end
        pts = [(a.x * scale, a.y * scale), (b.x * scale, b.y * scale)]
        _check_numbers(label, (*pts[0], *pts[1]))
        loose.append((pts, label))
        return
    if kind not in ("CIRCLE", "LWPOLYLINE", "POLYLINE", "ARC", "ELLIPSE", "SPLINE"):
        return
    if kind == "ELLIPSE" and not (
        entity.dxf.major_axis.magnitude > 0 and 0 < abs(entity.dxf.get("ratio", 1.0)) <= 1
    ):
        raise _Degenerate
    sagitta = FLATTENING_MM / scale if scale > 0 else FLATTENING_MM
    _check_numbers(label, [v * scale for v in _curve_extent(entity, kind)])
    try:
        vertices = _dxf_vertices(entity, kind, sagitta)
    except Exception:  # ezdxf: degenerate arcs, splines without control points, ...
        raise _Degenerate from None
    pts = [(v.x * scale, v.y * scale) for v in vertices]
    _check_numbers(label, [c for pt in pts for c in pt])
    if len(pts) < 2:
        return
    closed = (kind in ("LWPOLYLINE", "POLYLINE") and entity.closed) or math.dist(
        pts[0], pts[-1]
    ) < 1e-6
    if closed and len(pts) > 3:
        _classify(_drop_closing_point(pts), label, circles, outlines)
    else:
        loose.append((pts, label))


def _dxf_vertices(entity, kind: str, sagitta: float) -> list:
    """Points along an entity, in WCS drawing units, no farther than ``sagitta`` from it.

    Arcs (ARC entities, polyline bulges) are sampled at equal angles with their ends
    exact, so every arc of a rounded tile is sampled alike and its corners weigh the
    same in every direction (ezdxf's path flattening goes through Bézier curves, whose
    uneven steps tilt the measured direction of a tile whose edges are nearly gone).
    """
    from ezdxf import path as dxfpath
    from ezdxf.math import Vec3

    if kind == "ARC":
        return _arc_vertices(entity, sagitta)
    if kind in ("LWPOLYLINE", "POLYLINE") and not _is_3d(entity, kind):
        z = entity.dxf.get("elevation", 0.0)
        z = z.z if hasattr(z, "z") else z
        plane = _bulge_points(_polyline_vertices(entity, kind), entity.closed, sagitta)
        return list(entity.ocs().points_to_wcs(Vec3(x, y, z) for x, y in plane))
    return list(dxfpath.make_path(entity).flattening(sagitta))


def _arc_vertices(arc, sagitta: float) -> list:
    from ezdxf.math import Vec3

    c, radius = arc.dxf.center, arc.dxf.radius
    start, stop = arc.dxf.start_angle % 360, arc.dxf.end_angle % 360
    if not radius > 0 or math.isclose(start, stop):
        raise _Degenerate
    stop += 360 if stop <= start else 0
    sweep = math.radians(stop - start)
    steps = _arc_steps(radius, sweep, sagitta)
    angles = [math.radians(start) + sweep * j / steps for j in range(steps + 1)]
    plane = (Vec3(c.x + radius * math.cos(a), c.y + radius * math.sin(a), c.z) for a in angles)
    return list(arc.ocs().points_to_wcs(plane))


def _arc_steps(radius: float, sweep: float, sagitta: float) -> int:
    """Chords for an arc: within ``sagitta`` of it, at least 2, at most MAX_ARC_STEPS."""
    if sagitta >= radius:
        return 2
    step = 2 * math.acos(1 - sagitta / radius)
    return min(max(math.ceil(abs(sweep) / step), 2), MAX_ARC_STEPS)


def _is_3d(entity, kind: str) -> bool:
    return kind == "POLYLINE" and not entity.is_2d_polyline


def _polyline_vertices(entity, kind: str) -> list[tuple[float, float, float]]:
    """(x, y, bulge) of every vertex, in the entity's own plane (OCS)."""
    if kind == "LWPOLYLINE":
        return [(x, y, b) for x, y, b in entity.get_points("xyb")]
    return [(v.dxf.location.x, v.dxf.location.y, v.dxf.get("bulge", 0.0)) for v in entity.vertices]


def _bulge_points(vertices, closed: bool, sagitta: float) -> list[Point]:
    """A polyline's points with every bulge (an arc of 4·atan(bulge) radians from this
    vertex to the next) sampled at equal angles."""
    from ezdxf.math import bulge_to_arc

    pts: list[Point] = []
    n = len(vertices)
    for k, (x, y, bulge) in enumerate(vertices):
        pts.append((x, y))
        if k == n - 1 and not closed:
            break
        nx, ny, _ = vertices[(k + 1) % n]
        if abs(bulge) < 1e-12 or (x, y) == (nx, ny):
            continue
        centre, _, _, radius = bulge_to_arc((x, y), (nx, ny), bulge)
        sweep = 4 * math.atan(bulge)
        start = math.atan2(y - centre.y, x - centre.x)
        steps = _arc_steps(radius, sweep, sagitta)
        for j in range(1, steps):
            a = start + sweep * j / steps
            pts.append((centre.x + radius * math.cos(a), centre.y + radius * math.sin(a)))
    if closed and pts:
        pts.append(pts[0])
    return pts


def _flat(entity) -> bool:
    """Whether a circle lies in the drawing plane (a tilted one projects to an ellipse)."""
    e = entity.dxf.get("extrusion", (0.0, 0.0, 1.0))
    return abs(e[0]) < 1e-12 and abs(e[1]) < 1e-12


def _check_extrusion(entity, label: str) -> None:
    problem = _extrusion_problem(entity, label)
    if problem:
        raise _Refused(problem)


def _extrusion_problem(entity, label: str) -> str | None:
    """An extrusion direction of no length or not finite, (0, 0, 0) from a broken
    exporter, said with what to do: ezdxf divides by zero on the plane of such an
    entity (a ZeroDivisionError traceback)."""
    e = entity.dxf.get("extrusion", None)
    if e is None or (all(math.isfinite(v) for v in e) and math.hypot(*e) > 1e-12):
        return None
    return (
        f"{label} has the extrusion direction ({', '.join(f'{v:g}' for v in e)}), which "
        "points nowhere: remove its extrusion (group codes 210, 220 and 230) or draw it again"
    )


def _curve_extent(entity, kind: str) -> list[float]:
    """The numbers that set how far an ELLIPSE or SPLINE reaches, in drawing units:
    checked before the curve is flattened into points a sagitta apart, which for an
    ellipse of 1e300 would never end."""
    if kind == "ELLIPSE":
        c = entity.dxf.center
        return [c.x, c.y, entity.dxf.major_axis.magnitude]
    if kind == "SPLINE":
        return [v for p in (*entity.control_points, *entity.fit_points) for v in p[:2]]
    return []


def _check_numbers(label: str, values) -> None:
    if not all(math.isfinite(v) and abs(v) <= MAX_COORDINATE_MM for v in values):
        raise _Refused(_far(label))


def _chain(pieces: list[list[Point]], tol: float = 1e-3) -> list[tuple[list[Point], int]]:
    """Join open pieces (LINEs, ARCs) end to end into closed rings, each with the index
    of the piece it starts with.

    Piece ends are looked up in a grid of cells ``tol`` wide, so chaining n pieces
    takes O(n) time (a list scan per piece would make 20,000 LINEs take minutes).
    """
    ends = _EndGrid(tol)
    for k, piece in enumerate(pieces):
        ends.add(piece[0], k, 0)
        ends.add(piece[-1], k, 1)
    used = [False] * len(pieces)
    rings = []
    for start, first in enumerate(pieces):
        if used[start]:
            continue
        used[start] = True
        ring = list(first)
        while math.dist(ring[0], ring[-1]) > tol:
            hit = ends.take(ring[-1], used)
            if hit is None:
                break
            k, end = hit
            used[k] = True
            ring += pieces[k][1:] if end == 0 else pieces[k][-2::-1]
        if len(ring) > 3 and math.dist(ring[0], ring[-1]) <= tol:
            rings.append((_drop_closing_point(ring), start))
    return rings


class _EndGrid:
    """Piece ends by grid cell, for finding the piece that continues a chain."""

    def __init__(self, tol: float):
        self.tol = tol
        self.cells: dict[tuple[int, int], list[tuple[Point, int, int]]] = {}

    def _cell(self, p: Point) -> tuple[int, int]:
        return (math.floor(p[0] / self.tol), math.floor(p[1] / self.tol))

    def add(self, p: Point, piece: int, end: int) -> None:
        self.cells.setdefault(self._cell(p), []).append((p, piece, end))

    def take(self, p: Point, used: list[bool]) -> tuple[int, int] | None:
        """The first unused piece (in input order) with an end within tol of ``p``."""
        cx, cy = self._cell(p)
        best = None
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                entries = self.cells.get((cx + dx, cy + dy))
                if not entries:
                    continue
                entries[:] = [e for e in entries if not used[e[1]]]
                for q, piece, end in entries:
                    if math.dist(p, q) <= self.tol and (best is None or (piece, end) < best):
                        best = (piece, end)
        return best


def _too_many(what: str) -> str:
    return (
        f"more than {MAX_ELEMENTS:,} {what}; a tile drawing has a few hundred. "
        "Export only the tile (one tile per file)"
    )


def _short(exc: Exception) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


# ---- shared -------------------------------------------------------------------------


def _classify(ring, label, circles, outlines, page_height: float | None = None) -> None:
    _check_numbers(label, [c for pt in ring for c in pt])
    fit = _ellipse_fit(ring)
    if fit is None:
        outlines.append(DrawnOutline(tuple(ring), f"{label} {_box(ring, page_height)}"))
        return
    centre, diameters = fit
    what = (
        "a closed curve"
        if diameters[0] - diameters[1] <= ROUNDNESS * diameters[0]
        else "an ellipse"
    )
    name = f"{label} ({what}) at {_at(centre, page_height)}"
    circles.append(DrawnCircle(centre, sum(diameters) / 4, name, diameters, tuple(ring)))


def _ellipse_fit(ring: list[Point]) -> tuple[Point, tuple[float, float]] | None:
    """Centre and (largest, smallest) diameter if the ring is an ellipse or a circle.

    The conic through the points is fitted by least squares (exact for points sampled
    on an ellipse, whatever their spacing); the ring is taken for it when every point
    and every edge middle lies on it within the tolerances above.
    """
    import numpy as np

    if len(ring) < 8:
        return None
    pts = np.asarray(ring, dtype=float)
    origin = pts.mean(axis=0)
    size = float(np.abs(pts - origin).max())
    if not size > 0:
        return None
    x, y = ((pts - origin) / size).T  # well conditioned: coordinates within ±1
    design = np.column_stack([x * x, x * y, y * y, x, y])
    (a, b, c, d, e), *_ = np.linalg.lstsq(design, np.ones(len(x)), rcond=None)
    quad = np.array([[a, b / 2], [b / 2, c]])
    if not np.all(np.isfinite(quad)) or b * b - 4 * a * c >= 0:
        return None  # not an ellipse (a hyperbola, parabola or lines)
    centre = np.linalg.solve(2 * quad, [-d, -e])
    level = 1 - (d * centre[0] + e * centre[1]) / 2  # the conic is (p-c)ᵀQ(p-c) = level
    if not level > 0:
        return None
    shape = quad / level
    mids = (np.column_stack([x, y]) + np.roll(np.column_stack([x, y]), -1, axis=0)) / 2

    def rho(p):
        q = p - centre
        return np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", q, shape, q), 0.0))

    if np.max(np.abs(rho(np.column_stack([x, y])) - 1)) > ROUND_POINT_TOLERANCE:
        return None
    if np.max(np.abs(rho(mids) - 1)) > ROUND_EDGE_TOLERANCE:
        return None
    eig = np.linalg.eigvalsh(shape)
    if not np.all(eig > 0):
        return None
    big, small = (2 * size / np.sqrt(v) for v in (eig[0], eig[1]))
    cx, cy = origin + centre * size
    return (float(cx), float(cy)), (float(big), float(small))


def _drop_closing_point(ring: list[Point]) -> list[Point]:
    return ring[:-1] if len(ring) > 1 and math.dist(ring[0], ring[-1]) < 1e-6 else ring


def _box(ring, page_height: float | None = None) -> str:
    """Where an outline is, for a message: its bounding box as the drawing's program
    shows a selection (in an SVG Inkscape's X, Y, W and H, from the page's top left)."""
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    top = max(ys) if page_height is None else page_height - max(ys)
    corner = "top left" if page_height is not None else "bottom left"
    y = top if page_height is not None else min(ys)
    return (
        f"with its {corner} corner at ({min(xs):.2f}, {y:.2f}) mm, "
        f"{max(xs) - min(xs):.2f} × {max(ys) - min(ys):.2f} mm"
    )


def _at(p: Point, page_height: float | None = None) -> str:
    """A position for a message: as the drawing's program shows it. Shapes are read
    with y up (DXF's own way); an SVG's page has y down from its top left corner."""
    x, y = p if page_height is None else (p[0], page_height - p[1])
    return f"({x:.2f}, {y:.2f}) mm"
