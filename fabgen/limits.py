"""The allowed range of every numeric parameter, in one place.

Command-line options, kit files and board files take numbers from the user; each is
checked here, before it is used, to be finite and inside its range, so that NaN,
infinity, 1e308 or a zero/negative size get a message naming the option or key and
the range, instead of a traceback, a hang or a file no program opens. The relations
between parameters (circles smaller than the pitch, stones that fit a sheet, ...) are
checked later by the parameter dataclasses; these are the outer bounds, and the
limits on work: counts beyond them would take minutes or gigabytes.

:data:`LIMITS` is keyed by parameter name (the click parameter name, the kit key).
:func:`bound_cli_options` applies it to every numeric option of the CLI; a test makes
sure no numeric option is left without a range.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fabgen.errors import ParameterError, UserError


@dataclass(frozen=True)
class Limit:
    """``low <= value <= high`` (``low`` excluded when ``above`` is set)."""

    low: float
    high: float
    unit: str = ""
    above: bool = False  # the value must be larger than ``low``, not equal
    integer: bool = False
    why: str = ""

    def describe(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        low = f"more than {_num(self.low)}" if self.above else f"{_num(self.low)}"
        text = f"{low} to {_num(self.high)}{unit}"
        return f"{text} ({self.why})" if self.why else text

    def problem(self, value: float) -> str | None:
        """Why ``value`` is out of range, or None."""
        if isinstance(value, float) and not math.isfinite(value):
            return "is not a finite number"
        too_low = value <= self.low if self.above else value < self.low
        if too_low or value > self.high:
            return "is outside the allowed range"
        return None


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


MM_SIZE = 2000.0  # the largest tile, sheet or board dimension fabgen draws
SIZE = Limit(0.0, MM_SIZE, "mm", above=True)
LENGTH = Limit(0.0, MM_SIZE, "mm")  # zero allowed
SPEED = Limit(0.0, 100_000.0, "mm/s", above=True)

LIMITS: dict[str, Limit] = {
    # tile
    "width": Limit(5.0, MM_SIZE, "mm"),
    "pitch": Limit(5.0 / math.sqrt(7), MM_SIZE / math.sqrt(7), "mm"),
    "circle_diameter": Limit(0.0, MM_SIZE / math.sqrt(7), "mm", above=True),
    "corner_radius": LENGTH,
    "kerf": Limit(0.0, 5.0, "mm"),
    "border": LENGTH,
    "blog_radius": Limit(5.0, MM_SIZE, "mm"),
    "label_height": Limit(0.0, 20.0, "mm", above=True),
    # laser sheets
    "sheet_side": Limit(10.0, 3000.0, "mm", why="the largest laser beds"),
    "margin": Limit(0.0, 1000.0, "mm"),
    "reference_square": Limit(0.0, 1000.0, "mm", above=True),
    "count": Limit(0, 500, integer=True, why="tiles, stone copies or stones per colour"),
    "stones": Limit(0, 2000, integer=True, why="stones per colour on laser sheets"),
    "stone_diameter": SIZE,
    "colours": Limit(1, 12, integer=True),
    "cut_speed": SPEED,
    "engrave_speed": SPEED,
    "travel_speed": SPEED,
    "spare_tiles": Limit(0, 200, integer=True),
    # stones and markers
    "clearance": Limit(0.0, 5.0, "mm"),
    "seat": Limit(1, 6, integer=True),
    "height": Limit(0.0, 200.0, "mm", above=True),
    "wall": Limit(0.0, 50.0, "mm", above=True),
    "chamfer": Limit(0.0, 50.0, "mm"),
    "spacing": Limit(0.0, 200.0, "mm"),
    "stones_per_player": Limit(0, 2000, integer=True),
    "growing_markers": Limit(0, 2000, integer=True),
    "dead_markers": Limit(0, 2000, integer=True),
    "players": Limit(0, 6, integer=True),
    # printed board
    "overlap": Limit(0.0, 100.0, "mm"),
    # alignment check
    "dpi": Limit(1.0, 10_000.0, "px per inch"),
    "tile_count": Limit(1, 2000, integer=True, why="tiles laid out"),
    "tolerance": Limit(0.0, 1000.0, "mm", above=True),
    "max_drift": Limit(0.0, 1000.0, "mm", above=True),
    # self-play, balance and machines
    "games": Limit(1, 1_000_000, integer=True, why="games per run"),
    "simulate": Limit(1, 100_000, integer=True, why="games played to measure the board"),
    "seed": Limit(0, 2**63 - 1, integer=True),
    "jobs": Limit(1, 256, integer=True, why="processes"),
    "max_turns": Limit(1, 100_000, integer=True, why="turns per game, as for transcripts"),
    "save_games": Limit(0, 10_000, integer=True, why="games written as transcripts"),
    "candidates": Limit(1, 1000, integer=True, why="start setups tried"),
    "budget": Limit(
        1, 100_000_000, integer=True, why="bound evaluations of the extreme machine's search"
    ),
    # fabgen serve
    "port": Limit(0, 65535, integer=True, why="0 picks a free port"),
}

MAX_TILES_PER_SHEET = 200
"""Tiles one sheet may hold (usable area / tile area): the nesting search grows with it
(200 take about 8 s on a slow machine; a 100 mm tile on 600×400 mm is 27)."""
MAX_STONES_PER_SHEET = 2000
"""Stones (discs) one sheet may hold; their packing is cheap."""
MAX_STONES_TOTAL = 5000
"""Stones of all colours cut in one ``fabgen sheet`` run (24,000 take over 10 s)."""

PER_COMMAND: dict[tuple[str, str], Limit] = {
    # the same name means another thing in these commands
    ("layout", "margin"): Limit(0.0, 100.0, "mm", why="the page margin"),
    ("stones", "count"): Limit(0, 500, integer=True, why="copies of each piece on a plate"),
}


def limit_for(name: str, command: str | None = None) -> Limit | None:
    return PER_COMMAND.get((command or "", name)) or LIMITS.get(name)


def check(name: str, value, label: str | None = None, command: str | None = None):
    """``value`` if finite and in the range of parameter ``name``; else ParameterError.

    ``label`` names it in the message (``--width``, ``tile.width``); default ``name``.
    """
    limit = limit_for(name, command)
    label = label or name
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ParameterError(name, f"{label} must be a number, got {value!r}")
    if limit is None:
        if isinstance(value, float) and not math.isfinite(value):
            raise ParameterError(name, f"{label} must be a finite number, got {value!r}")
        return value
    if limit.integer and isinstance(value, float) and not value.is_integer():
        raise ParameterError(name, f"{label} must be a whole number, got {value!r}")
    problem = limit.problem(value)
    if problem:
        raise ParameterError(
            name, f"{label} {_shown(value)} {problem}; allowed: {limit.describe()}"
        )
    return value


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:10]}...({len(text)} digits)"


# ---- the command line -----------------------------------------------------------------


def bound_cli_options(group) -> None:
    """Give every float/int option of every command of ``group`` its range."""
    import click

    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            bound_cli_options(command)
            continue
        for param in command.params:
            if isinstance(param.type, click.types.FloatParamType | click.types.IntParamType):
                integer = isinstance(param.type, click.types.IntParamType)
                param.type = _bounded_type(param.name, name, integer)


def _bounded_type(name: str, command: str, integer: bool):
    import click

    class Bounded(click.ParamType):
        """A finite number within the parameter's range (see fabgen.limits)."""

        def __init__(self):
            self.name = "integer" if integer else "float"

        def convert(self, value, param, ctx):
            label = param.opts[0] if param is not None and param.opts else name
            if isinstance(value, str):
                value = _parse(value, integer, label)
            try:
                return check(name, value, label, command)
            except ParameterError as exc:
                # One paragraph and exit 2, like every other bad-input message.
                raise UserError(str(exc)) from None

    return Bounded()


def _parse(text: str, integer: bool, label: str):
    text = text.strip()
    what = "a whole number" if integer else "a number"
    if len(text) > 40:
        raise UserError(
            f"{label} {text[:12]}... ({len(text)} characters) is not {what} fabgen uses"
        )
    try:
        return int(text) if integer else float(text)
    except ValueError:
        raise UserError(f"{label} {text!r} is not {what}") from None
