"""SVG writer (svgwrite) for any :class:`~fabgen.draw.drawing.Drawing`.

What laser software expects: ``width``/``height`` in mm with a matching ``viewBox``
(one user unit = 1 mm), coordinates written out with no transforms (y flipped here,
because SVG's y axis points down; only text set at an angle is rotated), closed paths,
real circles, hairline strokes with no fill on cut lines, and one Inkscape layer per
operation. The settings that made the file are embedded in ``<metadata>`` (as RDF,
which Inkscape reads without a warning), and Inkscape is told that the document's units
are millimetres.

Hairlines (0.01 mm) are what laser software wants but are invisible in a browser or a
file manager at normal zoom. A ``<style>`` sheet therefore draws the laser layers'
lines one screen pixel wide (``vector-effect: non-scaling-stroke``), inside an
``@supports`` block: browsers apply it, while Inkscape (checked with 1.2) and laser
programs ignore the block and keep reading the 0.01 mm ``stroke-width`` attributes.
Geometry, colours and the attributes stay exactly as the laser needs them.
"""

from __future__ import annotations

import json
import math
from xml.etree import ElementTree

import svgwrite

from fabgen import __version__
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Style, Text
from fabgen.export.numbers import fmt
from fabgen.export.profiles import DEFAULT_PROFILE, ColourProfile, get_profile
from fabgen.geometry.outline import arc_centre_radius

INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
SODIPODI_NS = "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
FABGEN_NS = "urn:x-fabgen:settings"
#: Class of the layers whose lines are hairlines; the preview style selects it.
HAIRLINE_CLASS = "fabgen-hairline"
#: Lines this thin or thinner get the on-screen preview width.
PREVIEW_BELOW_MM = 0.1
#: On-screen width of hairlines in browsers, CSS pixels at any zoom. Laser programs and
#: Inkscape ignore ``@supports`` blocks, so only viewers apply it.
PREVIEW_CSS = (
    "@supports (vector-effect: non-scaling-stroke) { "
    f".{HAIRLINE_CLASS} path, .{HAIRLINE_CLASS} circle "
    "{ vector-effect: non-scaling-stroke; stroke-width: 1px } }"
)
HAIRLINE_MM = 0.01
FONT_FAMILY = "DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif"
CAP_HEIGHT_PER_EM = 0.72  # a CAD text height is a cap height; SVG sizes the em


def render_svg(
    drawing: Drawing,
    profile: ColourProfile | str = DEFAULT_PROFILE,
    hairline: float = HAIRLINE_MM,
) -> bytes:
    """The drawing as an SVG document (UTF-8 bytes)."""
    if isinstance(profile, str):
        profile = get_profile(profile)
    w, h = drawing.width, drawing.height
    dwg = svgwrite.Drawing(
        size=(f"{fmt(w)}mm", f"{fmt(h)}mm"), viewBox=f"0 0 {fmt(w)} {fmt(h)}", debug=False
    )
    dwg.attribs["xmlns:inkscape"] = INKSCAPE_NS
    dwg.attribs["xmlns:sodipodi"] = SODIPODI_NS
    dwg.set_desc(title=drawing.title or "fabgen drawing", desc=_description(drawing))
    dwg.set_metadata(_metadata_element(drawing, profile))
    dwg.add(_named_view(dwg))
    preview = hairline <= PREVIEW_BELOW_MM
    if preview and any(op is not Operation.PRINT for op, _ in drawing.ordered_layers()):
        dwg.add(dwg.style(PREVIEW_CSS))
    writer = _ShapeWriter(dwg, h, profile, hairline)
    for op, shapes in drawing.ordered_layers():
        group = dwg.g(id=f"layer-{op.value}")
        group.attribs["inkscape:groupmode"] = "layer"
        group.attribs["inkscape:label"] = op.layer_label
        if preview and op is not Operation.PRINT:
            group.attribs["class"] = HAIRLINE_CLASS
        for shape in shapes:
            group.add(writer.element(op, shape))
        dwg.add(group)
    return (dwg.tostring() + "\n").encode("utf-8")


def _description(drawing: Drawing) -> str:
    return (
        f"Made by fabgen {__version__}. Units: millimetres (1 user unit = 1 mm). "
        "Layers: cut, engrave, score, label, print."
    )


def _metadata_element(drawing: Drawing, profile: ColourProfile) -> ElementTree.Element:
    settings = {
        "generator": f"fabgen {__version__}",
        "profile": profile.name,
        **{k: drawing.metadata[k] for k in sorted(drawing.metadata)},
    }
    rdf = ElementTree.Element("rdf:RDF", {"xmlns:rdf": RDF_NS, "xmlns:fabgen": FABGEN_NS})
    about = ElementTree.SubElement(rdf, "rdf:Description", {"rdf:about": ""})
    element = ElementTree.SubElement(about, "fabgen:settings")
    element.text = json.dumps(settings, sort_keys=True, ensure_ascii=False)
    return rdf


def _named_view(dwg):
    """Inkscape's document settings: millimetres in its rulers and dialogs."""
    view = dwg.g(id="namedview")  # any element; only its tag and attributes matter
    view.elementname = "sodipodi:namedview"
    view.attribs.update(
        {"pagecolor": "#ffffff", "inkscape:document-units": "mm", "showgrid": "false"}
    )
    return view


class _ShapeWriter:
    def __init__(self, dwg, page_height: float, profile: ColourProfile, hairline: float):
        self.dwg = dwg
        self.page_height = page_height
        self.profile = profile
        self.hairline = hairline

    def y(self, value: float) -> str:
        return fmt(self.page_height - value)

    def element(self, op: Operation, shape):
        attrs = self._paint(op, shape)
        if isinstance(shape, Polyline):
            return self.dwg.path(d=self._path_data(shape), **attrs)
        if isinstance(shape, Circle):
            return self.dwg.circle(
                center=(fmt(shape.centre[0]), self.y(shape.centre[1])), r=fmt(shape.radius), **attrs
            )
        return self._text(shape, attrs)

    def _paint(self, op: Operation, shape) -> dict[str, str]:
        if op is Operation.PRINT:
            return _style_attrs(shape.style or Style(), isinstance(shape, Text))
        colour = self.profile.colour(op)
        if isinstance(shape, Text):
            return {"fill": colour, "stroke": "none"}
        stroke, fill = self.profile.paint(op, shape.style)
        return {"fill": fill or "none", "stroke": stroke, "stroke_width": fmt(self.hairline)}

    def _path_data(self, line: Polyline) -> str:
        x0, y0 = line.points[0]
        parts = [f"M {fmt(x0)},{self.y(y0)}"]
        segments = list(line.segments())
        if line.closed and segments and not segments[-1][2]:
            segments = segments[:-1]  # Z draws the closing straight segment
        for start, end, bulge in segments:
            if bulge:
                _, radius = arc_centre_radius(start, end, bulge)
                large = 1 if abs(4.0 * math.atan(bulge)) > math.pi else 0
                sweep = 0 if bulge > 0 else 1  # ccw in y-up is clockwise on an SVG page
                r = fmt(radius)
                parts.append(f"A {r},{r} 0 {large},{sweep} {fmt(end[0])},{self.y(end[1])}")
            else:
                parts.append(f"L {fmt(end[0])},{self.y(end[1])}")
        if line.closed:
            parts.append("Z")
        return " ".join(parts)

    def _text(self, text: Text, attrs: dict[str, str]):
        anchor = {"left": "start", "center": "middle", "right": "end"}[text.align]
        x, y = fmt(text.position[0]), self.y(text.position[1])
        element = self.dwg.text(
            text.text,
            insert=(x, y),
            font_size=fmt(text.height / CAP_HEIGHT_PER_EM, 4),
            font_family=FONT_FAMILY,
            text_anchor=anchor,
            **attrs,
        )
        if text.style is not None and text.style.bold:
            element.attribs["font-weight"] = "bold"
        if text.angle:
            # Text is the one exception to "no transforms": SVG has no rotated text
            # attribute, and laser programs keep text as text either way.
            element.attribs["transform"] = f"rotate({fmt(-text.angle, 4)} {x} {y})"
        return element


def _style_attrs(style: Style, is_text: bool) -> dict[str, str]:
    if is_text:
        return {"fill": style.fill or style.stroke or "#000000", "stroke": "none"}
    attrs = {
        "fill": style.fill or "none",
        "stroke": style.stroke or "none",
        "stroke_width": fmt(style.width),
    }
    if style.dash:
        attrs["stroke_dasharray"] = ",".join(fmt(d) for d in style.dash)
    return attrs
