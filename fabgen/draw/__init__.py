"""The neutral 2-D drawing model and the drawings built from the game's objects."""

from fabgen.draw.drawing import (
    LAYER_ORDER,
    Circle,
    Drawing,
    Operation,
    Polyline,
    Shape,
    Style,
    Text,
)

__all__ = [
    "LAYER_ORDER",
    "Circle",
    "Drawing",
    "Operation",
    "Polyline",
    "Shape",
    "Style",
    "Text",
]
