"""The SVG attributes that size and place a drawing, checked before svgelements reads it.

svgelements reads what it can and drops the rest in silence: a ``viewBox="a b c d"``
left the drawing at 96 px per inch, a ``transform="rotate(abc"`` was no transform, and a
negative ``width`` was taken as positive. A tile measured that way is the wrong size or
in the wrong place, so such a drawing is refused with the attribute named.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NoReturn

from fabgen.errors import InputFileError, abridged

_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_UNITS = {"": None, "px": None, "mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6}
"""mm per unit of an SVG length (None: px, converted at the drawing's dpi)."""
_RELATIVE = ("%", "em", "ex")  # lengths fabgen cannot turn into mm on its own
_LENGTH = re.compile(rf"\s*({_NUMBER})\s*(px|mm|cm|in|pt|pc|%|em|ex)?\s*", re.IGNORECASE)
_ARGUMENT = re.compile(rf"{_NUMBER}(?:deg|grad|rad|turn|px|mm|cm|in|pt|pc)?", re.IGNORECASE)
_FUNCTION = re.compile(r"[\s,]*([A-Za-z]+)\s*\(([^()]*)\)[\s,]*")
_ARGUMENTS = {
    "matrix": (6,),
    "translate": (1, 2),
    "scale": (1, 2),
    "rotate": (1, 3),
    "skewx": (1,),
    "skewy": (1,),
}
PROPORTION_TOLERANCE = 0.01
"""Width : height may differ this much (relative) from the viewBox's (rounded exports)."""


def check_svg_values(path: Path, elements: list, dpi: float) -> None:
    """Refuse a drawing whose size, viewBox or transforms cannot be read exactly.
    ``elements``: every element, the root first."""
    if elements:
        _an_svg(path, elements[0])
    for element in elements:
        if _local(element) in _ROUND:
            _round_values(path, element)
        transform = element.get("transform")
        if transform is not None and not _is_transform(transform):
            _refuse(path, element, "transform", transform, "is not a list of transforms")
        if element.get("viewBox") is not None:
            _view_box(path, element)
    if elements:
        _page_size(path, elements[0], dpi)


SVG_NAMESPACE = "http://www.w3.org/2000/svg"
#: Circles and ellipses: the attributes that place and size them.
_ROUND = {"circle": ("cx", "cy", "r"), "ellipse": ("cx", "cy", "rx", "ry")}


def _local(element) -> str:
    """An element's tag without its namespace."""
    return str(element.tag).rsplit("}", 1)[-1]


def _an_svg(path: Path, root) -> None:
    """An SVG drawing's top element is <svg>, of SVG's namespace or none (an HTML page or
    other XML is not one)."""
    if root.tag not in ("svg", f"{{{SVG_NAMESPACE}}}svg"):
        raise InputFileError(
            str(path),
            f"not an SVG drawing: its top element is <{abridged(root.tag, 60)}>, where an "
            "SVG file has <svg>; export the tile from the drawing program as SVG (Inkscape: "
            "Save As, Plain SVG)",
        )


def _round_values(path: Path, element) -> None:
    """A circle's or ellipse's centre and radii are numbers (with a unit or none), the
    radii not negative: svgelements dropped a circle at cx="nan" or of r="-5" in
    silence, and the tile was then said to have six circles."""
    for name in _ROUND[_local(element)]:
        text = element.get(name)
        if text is None:
            continue
        match = _LENGTH.fullmatch(text)
        if match is None:
            _refuse(path, element, name, text, "is not a number (with a unit such as mm)")
        if name.startswith("r") and float(match[1]) < 0:
            _refuse(path, element, name, text, "is negative, which SVG takes as an error")


def _is_transform(text: str) -> bool:
    """SVG's transform list: matrix(6), translate(1-2), scale(1-2), rotate(1|3),
    skewX(1), skewY(1), with numbers (angles and lengths may carry a unit)."""
    at = 0
    while at < len(text):
        match = _FUNCTION.match(text, at)
        if match is None:
            return not text[at:].strip(" \t\r\n,")
        name, arguments = match[1].lower(), re.split(r"[\s,]+", match[2].strip())
        counts = _ARGUMENTS.get(name)
        if counts is None or len(arguments) not in counts:
            return False
        if not all(_ARGUMENT.fullmatch(a) for a in arguments):
            return False
        at = match.end()
    return True


def _view_box(path: Path, element) -> tuple[float, float]:
    """The viewBox's width and height: four numbers, the last two positive."""
    text = element.get("viewBox")
    parts = re.split(r"[\s,]+", text.strip())
    if len(parts) != 4 or not all(re.fullmatch(_NUMBER, p) for p in parts):
        _refuse(path, element, "viewBox", text, "is not four numbers (x y width height)")
    width, height = float(parts[2]), float(parts[3])
    if not (width > 0 and height > 0):
        _refuse(path, element, "viewBox", text, "must have a positive width and height")
    return width, height


def _page_size(path: Path, root, dpi: float) -> None:
    """The page's width and height must be positive lengths, and in the proportions of
    its viewBox: else the tile's size depends on how a program fits the viewBox into the
    page (evenly to fit, as SVG says and fabgen does, or by the width alone)."""
    width, height = (_length(path, root, name, dpi) for name in ("width", "height"))
    view_box = root.get("viewBox")
    if width is None or height is None or view_box is None or _stretched_on_purpose(root):
        return
    box_width, box_height = _view_box(path, root)
    ratio = (width / height) / (box_width / box_height)
    if abs(ratio - 1) > PROPORTION_TOLERANCE:
        raise InputFileError(
            str(path),
            f"the page's width and height ({root.get('width')} × {root.get('height')}) do not "
            f"have the proportions of its viewBox ({view_box}), so the tile's size depends on how "
            "a program fits one into the other; set the width and height to the size of the "
            "viewBox in your units (in Inkscape: Document Properties, scale 1)",
        )


def _length(path: Path, root, name: str, dpi: float) -> float | None:
    """The root's ``width`` or ``height`` in mm; None when absent or relative."""
    text = root.get(name)
    if text is None or text.strip().lower() == "auto":
        return None
    match = _LENGTH.fullmatch(text)
    if match is None:
        _refuse(path, root, name, text, "is not a length (a number and a unit such as mm)")
    value, unit = float(match[1]), (match[2] or "").lower()
    if not value > 0:
        _refuse(path, root, name, text, "must be a positive length")
    if unit in _RELATIVE:
        return None
    per_unit = _UNITS[unit]
    return value * (25.4 / dpi if per_unit is None else per_unit)


def _stretched_on_purpose(root) -> bool:
    return (root.get("preserveAspectRatio") or "").strip().lower().startswith("none")


def _refuse(path: Path, element, attribute: str, value: str, problem: str) -> NoReturn:
    tag = element.tag.rsplit("}", 1)[-1]
    ident = element.get("id")
    where = f"<{tag} id={ident!r}>" if ident else f"<{tag}>"
    raise InputFileError(
        str(path),
        f"{attribute}={abridged(value, 40, quoted=True)} of {where} {problem}; fabgen "
        "cannot tell how large or where the drawing is. Correct it in the drawing program, "
        "or save the file again",
    )
