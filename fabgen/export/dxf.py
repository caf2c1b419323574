"""DXF writer (ezdxf) for any :class:`~fabgen.draw.drawing.Drawing`.

R2010, millimetres (``$INSUNITS = 4``), one layer per operation coloured by the
profile's AutoCAD colour index, closed LWPOLYLINEs with bulges for outlines (arcs
stay arcs), CIRCLE entities for circles, TEXT for labels. The settings are stored as
custom document properties. Dates and GUIDs are fixed so identical inputs give
identical bytes.
"""

from __future__ import annotations

import io
from contextlib import contextmanager

import ezdxf
from ezdxf import bbox, colors, units, zoom
from ezdxf.enums import TextEntityAlignment

from fabgen import __version__
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Style, Text
from fabgen.export.profiles import DEFAULT_PROFILE, ColourProfile, get_profile

_ALIGN = {
    "left": TextEntityAlignment.LEFT,
    "center": TextEntityAlignment.CENTER,
    "right": TextEntityAlignment.RIGHT,
}


def render_dxf(drawing: Drawing, profile: ColourProfile | str = DEFAULT_PROFILE) -> bytes:
    """The drawing as a DXF R2010 document (bytes)."""
    if isinstance(profile, str):
        profile = get_profile(profile)
    stream = io.StringIO()
    with _fixed_metadata():  # ezdxf stamps dates when creating and when writing
        doc = build_document(drawing, profile)
        _register_classes_in_order(doc)
        doc.write(stream)
    return stream.getvalue().encode(doc.output_encoding)


def build_document(drawing: Drawing, profile: ColourProfile):
    doc = ezdxf.new("R2010", setup=False)
    doc.units = units.MM
    doc.header["$MEASUREMENT"] = 1  # metric
    _add_properties(doc, drawing, profile)
    msp = doc.modelspace()
    # The page as limits, for viewers that open on them. ezdxf copies the layout's
    # values into $LIMMIN/$LIMMAX (and $EXTMIN/$EXTMAX) when writing, so set those.
    msp.dxf.limmin = (0.0, 0.0)
    msp.dxf.limmax = (drawing.width, drawing.height)
    for op, shapes in drawing.ordered_layers():
        doc.layers.add(op.value, color=profile.aci(op))
        for shape in shapes:
            entity = _add_shape(msp, shape, op.value)
            if op is Operation.PRINT:
                _apply_style(entity, shape.style or Style())
    _set_extents(msp)
    zoom.window(msp, (0.0, 0.0), (max(drawing.width, 1.0), max(drawing.height, 1.0)))
    return doc


def _set_extents(msp) -> None:
    """The drawing's extents (what "zoom extents" shows) in the layout, from which ezdxf
    writes $EXTMIN/$EXTMAX; left unset it writes 1e20, which readers take as empty."""
    box = bbox.extents(msp, fast=True)  # fast: text by its box, the same on every machine
    if box.has_data:
        msp.dxf.extmin = box.extmin
        msp.dxf.extmax = box.extmax


def _add_properties(doc, drawing: Drawing, profile: ColourProfile) -> None:
    props: dict[str, object] = {
        "generator": f"fabgen {__version__}",
        "title": drawing.title,
        "profile": profile.name,
    }
    props.update({k: drawing.metadata[k] for k in sorted(drawing.metadata)})
    for key, value in props.items():
        doc.header.custom_vars.append(str(key), _one_line(value))


def _one_line(value) -> str:
    import json

    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text.replace("\n", " ")[:250]


def _add_shape(msp, shape, layer: str):
    attribs: dict[str, object] = {"layer": layer}
    if isinstance(shape, Polyline):
        bulges = shape.bulges or (0.0,) * len(shape.points)
        points = [(x, y, 0.0, 0.0, b) for (x, y), b in zip(shape.points, bulges, strict=True)]
        return msp.add_lwpolyline(points, format="xyseb", close=shape.closed, dxfattribs=attribs)
    if isinstance(shape, Circle):
        return msp.add_circle(shape.centre, shape.radius, dxfattribs=attribs)
    assert isinstance(shape, Text)
    attribs.update({"height": shape.height, "rotation": shape.angle, "style": "Standard"})
    text = msp.add_text(shape.text, dxfattribs=attribs)
    text.set_placement(shape.position, align=_ALIGN[shape.align])
    return text


def _apply_style(entity, style: Style) -> None:
    colour = style.stroke or style.fill
    if colour:
        entity.rgb = colors.RGB.from_hex(colour)
    if isinstance(style, Style) and entity.dxftype() == "LWPOLYLINE" and style.width:
        entity.dxf.const_width = 0.0  # line weight is a plot setting, not geometry
        entity.dxf.lineweight = _lineweight(style.width)


def _lineweight(width_mm: float) -> int:
    # DXF line weights are hundredths of a millimetre from a fixed list.
    valid = (0, 5, 9, 13, 15, 18, 20, 25, 30, 35, 40, 50, 53, 60, 70, 80, 90, 100, 106, 120, 140)
    target = round(width_mm * 100)
    return min(valid, key=lambda v: abs(v - target))


def _register_classes_in_order(doc) -> None:
    """Register the CLASS entries of the entity types in use, sorted by name.

    ezdxf adds them when writing by iterating a set, whose order changes with
    PYTHONHASHSEED: without this the CLASSES section differs from run to run.
    """
    for dxftype in sorted(doc.entitydb.dxf_types_in_use()):
        doc.classes.add_class(dxftype)


@contextmanager
def _fixed_metadata():
    """ezdxf's switch for fixed creation dates and GUIDs: byte-identical files."""
    previous = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = previous
