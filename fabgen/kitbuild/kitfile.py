"""The kit file (TOML): one place for every setting of a whole kit.

:data:`SCHEMA` defines every key with its type, default and meaning; ``templates/kit.toml``
is the documented default kit and a test keeps the two in step. :func:`load_kit` reads
a file and checks every key and type, reporting mistakes with their TOML key path.
:func:`fabgen.kitbuild.plan.plan_kit` then checks the kit as a whole (board validator
included) before anything is rendered.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from fabgen.errors import InputFileError, ParameterError
from fabgen.inputs import parse_toml, read_text
from fabgen.limits import check as check_number
from fabgen.text import MAX_LABEL, has_control


@dataclass(frozen=True)
class Setting:
    key: str
    kind: tuple[type, ...]
    default: object
    help: str
    choices: tuple[str, ...] | None = None


def _s(key, kind, default, help, choices=None) -> Setting:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return Setting(key, kinds, default, help, choices)


NUMBER = (int, float)

SCHEMA: dict[str, tuple[Setting, ...]] = {
    "kit": (
        _s("name", str, "atlantis", "name of the kit, used in titles"),
        _s(
            "board",
            str,
            "3p-triangle-4",
            "a preset (see `fabgen boards`) or a board file (.toml or transcript .json), "
            "relative to the kit file",
        ),
        _s(
            "players",
            int,
            0,
            "number of people, 1 to 6 (machine seats not counted); 0 = as the board has",
        ),
        _s("paper", str, "both", "paper for the printed files", ("a4", "letter", "both")),
        _s(
            "supply",
            str,
            "rule",
            "stones and markers: rule (20% of the fields per colour) or simulate (peaks of "
            "self-played games, 95th percentile plus 10%, as fabgen validate --simulate)",
            ("rule", "simulate"),
        ),
        _s("simulate_games", int, 200, "with supply = simulate: games to play"),
        _s(
            "simulate_players",
            str,
            "strong",
            "with supply = simulate: who plays (strong, greedy, random)",
        ),
    ),
    "tile": (
        _s(
            "width",
            NUMBER,
            0.0,
            "across the flats = distance between tile centres, mm; "
            "0 = the board file's tile width, else 100 mm",
        ),
        _s("pitch", NUMBER, 0.0, "distance between circle centres, mm (instead of width)"),
        _s("circle_diameter", NUMBER, 0.0, "engraved circles, mm; 0 = 0.6 × pitch"),
        _s("outline", str, "hexagon", "cut outline", ("hexagon", "rosette")),
        _s("corner_radius", NUMBER, 0.0, "rounded outer corners, mm"),
        _s("kerf", NUMBER, 0.15, "width the laser burns away, mm"),
        _s("compensate_kerf", bool, True, "move the cut line out by kerf/2"),
        _s(
            "handedness",
            str,
            "board",
            "tile lattice: as the board uses it, or cw / ccw",
            ("board", "cw", "ccw"),
        ),
        _s("border", NUMBER, 1.5, "engraved border this far inside the edge, mm; 0 = none"),
        _s("numbers", bool, True, "engrave each tile's number (as on the setup diagram)"),
    ),
    "laser": (
        _s(
            "profile",
            str,
            "lightburn",
            "colours per operation",
            ("lightburn", "epilog", "trotec", "glowforge", "ponoko"),
        ),
        _s("sheet", str, "600x400", "sheet size WIDTHxHEIGHT in mm"),
        _s("margin", NUMBER, 5.0, "unused border of the sheet, mm"),
        _s("spare_tiles", int, 0, "tiles to cut beyond the board's"),
        _s("cut_speed", NUMBER, 10.0, "mm/s, for the laser-time estimate"),
        _s("engrave_speed", NUMBER, 100.0, "mm/s"),
        _s("travel_speed", NUMBER, 300.0, "mm/s"),
    ),
    "stones": (
        _s(
            "design",
            str,
            "disc",
            "disc and pyramid are 3D printed; laser cuts discs from sheets; none makes no stones",
            ("disc", "pyramid", "laser", "none"),
        ),
        _s("count", int, 0, "stones per colour; 0 = what the board needs"),
        _s("clearance", NUMBER, 0.2, "play per side between stacked stones, mm"),
        _s("bed", str, "180x180", "printer bed WIDTHxDEPTH in mm; more copies go onto more plates"),
        _s("seat_symbols", bool, False, "a raised symbol per seat, for colour-blind players"),
        _s("markers", bool, True, "growing and dead markers (printed, or cut with laser)"),
    ),
}


@dataclass(frozen=True)
class Kit:
    """A kit file after key and type checks: every setting present (defaults filled in)."""

    source: str
    settings: dict
    folder: Path = field(default_factory=Path.cwd)

    @property
    def name(self) -> str:
        return self.settings["kit"]["name"]

    def section(self, name: str) -> dict:
        return self.settings[name]


def default_kit_text() -> str:
    return resources.files("fabgen.templates").joinpath("kit.toml").read_text("utf-8")


def load_kit(path: str | Path | None) -> Kit:
    """Read a kit file (or the default kit); check every key, type and choice."""
    if path is None:
        source, text, folder = (
            "templates/kit.toml (the default kit)",
            default_kit_text(),
            Path.cwd(),
        )
    else:
        # Read first: a file that cannot be read (a symlink loop too) gets its message.
        text = read_text(path, "kit file (TOML)")
        source, folder = str(path), _folder_of(path)
    return parse_kit(text, source, folder)


def _folder_of(path: str | Path) -> Path:
    """The folder of the kit file (of its target, if a link) for the board file's name."""
    try:
        return Path(path).resolve().parent
    except (OSError, RuntimeError):  # replaced by a symlink loop since it was read
        return Path(os.path.abspath(path)).parent


def parse_kit(text: str, source: str, folder: Path) -> Kit:
    """Kit-file text (from the browser, say) checked as :func:`load_kit` checks a file;
    a board file named in it is looked up in ``folder``."""
    return Kit(source, _checked(source, parse_toml(text, source)), folder)


def _checked(source: str, data: dict) -> dict:
    out: dict[str, dict] = {}
    for section in data:
        if section not in SCHEMA:
            known = ", ".join(f"[{s}]" for s in SCHEMA)
            raise InputFileError(source, f"unknown section [{section}]; known: {known}", section)
        if not isinstance(data[section], dict):
            raise InputFileError(source, f"must be a table like [{section}]", section)
    for section, settings in SCHEMA.items():
        given = dict(data.get(section, {}))
        known = {s.key: s for s in settings}
        for key in given:
            if key not in known:
                names = ", ".join(sorted(known))
                raise InputFileError(
                    source, f"unknown key {key!r}; known keys: {names}", f"{section}.{key}"
                )
        out[section] = {
            s.key: _value(source, f"{section}.{s.key}", s, given.get(s.key, s.default))
            for s in settings
        }
    return out


def _value(source: str, where: str, setting: Setting, value: object) -> object:
    ok = isinstance(value, setting.kind) and not (
        isinstance(value, bool) and bool not in setting.kind
    )
    if not ok:
        wanted = "a number" if float in setting.kind else _TYPE_NAMES[setting.kind[0]]
        raise InputFileError(source, f"must be {wanted}, got {value!r}", where)
    if isinstance(value, str) and (has_control(value) or len(value) > MAX_LABEL):
        raise InputFileError(
            source,
            f"must be at most {MAX_LABEL} characters of plain text (no control characters "
            "such as escape sequences)",
            where,
        )
    if setting.choices and value not in setting.choices:
        raise InputFileError(
            source, f"{value!r} is not one of: {', '.join(setting.choices)}", where
        )
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and not (value == 0 and setting.default == 0):  # 0 = "use the default"
        try:
            check_number(setting.key, value, "the value")
        except ParameterError as exc:
            raise InputFileError(source, str(exc), where) from None
    if number and float in setting.kind:
        return float(value)
    return value


_TYPE_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}
