"""Colour profiles: which colour each operation gets, per laser software or service.

Laser programs decide what to do with a line by its colour. A profile maps the
drawing's operations to RGB colours (SVG, PDF) and AutoCAD colour indices (DXF).
"""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.draw.drawing import ENGRAVED_LINE, Operation, Style
from fabgen.errors import ParameterError

RED, BLUE, BLACK, GREEN, GREY = "#ff0000", "#0000ff", "#000000", "#00e000", "#b4b4b4"
# AutoCAD colour index of the same colours (7 shows black on white paper).
ACI = {RED: 1, BLUE: 5, BLACK: 7, GREEN: 3, GREY: 8}


@dataclass(frozen=True)
class ColourProfile:
    name: str
    description: str
    colours: dict[Operation, str]
    fill_engrave: bool = False  # raster engraving wants filled shapes (Ponoko)

    def colour(self, op: Operation) -> str:
        return self.colours[op]

    def aci(self, op: Operation) -> int:
        return ACI[self.colours[op]]

    def paint(self, op: Operation, style: Style | None) -> tuple[str, str | None]:
        """Stroke and fill (None: unfilled) of a laser shape that is not text. A raster
        profile fills engraved areas; an engraved line (``ENGRAVED_LINE``, a tile's
        border) it draws unfilled in its vector colour, or the fill would burn the
        whole face inside the line."""
        colour = self.colour(op)
        if op is not Operation.ENGRAVE or not self.fill_engrave:
            return colour, None
        if style == ENGRAVED_LINE:
            return self.colour(Operation.SCORE), None
        return colour, colour


def _profile(name, description, cut, engrave, score, label, fill_engrave=False):
    colours = {
        Operation.CUT: cut,
        Operation.ENGRAVE: engrave,
        Operation.SCORE: score,
        Operation.LABEL: label,
        Operation.PRINT: GREY,
    }
    return ColourProfile(name, description, colours, fill_engrave)


PROFILES: dict[str, ColourProfile] = {
    p.name: p
    for p in (
        _profile(
            "lightburn",
            "LightBurn palette: cut 02 red, engrave 00 black, score 01 blue, label 03 green",
            RED,
            BLACK,
            BLUE,
            GREEN,
        ),
        _profile(
            "epilog",
            "Epilog driver: red vector cut, blue score, black raster",
            RED,
            BLACK,
            BLUE,
            BLACK,
        ),
        _profile(
            "trotec",
            "Trotec Ruby/JobControl: red cut, blue vector engrave, black raster",
            RED,
            BLACK,
            BLUE,
            BLACK,
        ),
        _profile(
            "glowforge",
            "Glowforge: one colour per step (red cut, black engrave, blue score)",
            RED,
            BLACK,
            BLUE,
            GREEN,
        ),
        _profile(
            "ponoko",
            "Ponoko: blue cut, red vector engrave, filled black raster engrave",
            BLUE,
            BLACK,
            RED,
            BLACK,
            fill_engrave=True,
        ),
    )
}
DEFAULT_PROFILE = "lightburn"


def get_profile(name: str) -> ColourProfile:
    try:
        return PROFILES[name.lower()]
    except KeyError:
        raise ParameterError.about(
            "profile",
            f"{name!r} is not a colour profile; choose one of: {', '.join(sorted(PROFILES))}",
        ) from None
