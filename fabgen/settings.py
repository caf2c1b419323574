"""Every setting a maker can give fabgen, declared once.

A :class:`Setting` holds what every front end needs: its name, type, default, unit,
range, choices and help, and how each front end spells it (the command-line flag, the
kit-file key ``section.key``, the web form's label). The command line
(:mod:`fabgen.cli.options`), the kit file and ``templates/kit.toml``
(:mod:`fabgen.kitbuild.kitfile`), the kit configurator's form
(:mod:`fabgen.web.kitform`), the range checks (:mod:`fabgen.limits`) and the
documentation site's limits table are all made from :data:`SETTINGS`; declaring a
name twice fails at import. docs/design-notes.md ("One definition per setting") gives
the reasons.

A kit file's default differs from the command line's only where ``kit_default`` says
so, with the reason in ``kit_why``. Errors name a setting by its registry name
(:class:`fabgen.errors.ParameterError`); each front end shows it its own way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: No kit default of its own: a kit file uses :attr:`Setting.default`.
SAME = object()


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
        """The range as a person writes it (``1.89 to 755.9 mm``): a bound with more than
        three decimals is rounded inward, so every value the text allows is accepted."""
        unit = f" {self.unit}" if self.unit else ""
        low = f"more than {_num(self.low, up=True)}" if self.above else _num(self.low, up=True)
        text = f"{low} to {_num(self.high, up=False)}{unit}"
        return f"{text} ({self.why})" if self.why else text

    def problem(self, value: float) -> str | None:
        """Why ``value`` is out of range, or None."""
        if isinstance(value, float) and not math.isfinite(value):
            return "is not a finite number"
        too_low = value <= self.low if self.above else value < self.low
        if too_low or value > self.high:
            return "is outside the allowed range"
        return None


def _num(x: float, up: bool) -> str:
    """A bound as written: whole, or with up to three decimals as it is; else to four
    significant digits, rounded up (``up``: a lower bound) or down (an upper one)."""
    if float(x).is_integer():
        return f"{int(x):,}"
    if round(x, 3) == x:
        return f"{x:,.3f}".rstrip("0")
    decimals = max(0, 3 - math.floor(math.log10(abs(x))))
    scaled = x * 10**decimals
    rounded = (math.ceil(scaled) if up else math.floor(scaled)) / 10**decimals
    return f"{rounded:,.{decimals}f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Setting:
    """One setting. ``default`` None: derived from others (``default_text`` says how).

    ``param``: the keyword the library and the command take (default ``name``; two
    settings may share a keyword in different commands, such as ``margin``).
    ``flag``: the command-line flag (None: not on the command line). ``kit``: the
    kit-file key ``section.key`` (None: not in kit files). ``label``: its name in words,
    for the web form and the site's limits table (default: the kit key's or the name's
    words, see :attr:`form_label`).
    """

    name: str
    kind: type
    default: object
    help: str
    unit: str = ""
    limit: Limit | None = None
    choices: tuple[str, ...] | None = None
    param: str = ""
    flag: str | None = None
    kit: str | None = None
    label: str = ""
    default_text: str = ""
    metavar: str = ""
    kit_default: object = SAME
    kit_choices: tuple[str, ...] | None = None
    kit_help: str = ""
    kit_why: str = ""

    @property
    def keyword(self) -> str:
        return self.param or self.name

    @property
    def in_kit(self) -> object:
        """The default of a kit file."""
        return self.default if self.kit_default is SAME else self.kit_default

    @property
    def kit_options(self) -> tuple[str, ...] | None:
        return self.kit_choices or self.choices

    @property
    def form_label(self) -> str:
        text = self.label or (self.kit or self.name).split(".")[-1].replace("_", " ")
        return text[:1].upper() + text[1:]


SETTINGS: dict[str, Setting] = {}


def declare(setting: Setting) -> Setting:
    """Add ``setting`` to :data:`SETTINGS`; a name, flag-and-keyword or kit key given
    twice is an error (one definition per setting)."""
    if setting.name in SETTINGS:
        raise ValueError(f"setting {setting.name!r} is declared twice")
    for other in SETTINGS.values():
        if setting.kit and setting.kit == other.kit:
            raise ValueError(f"kit key {setting.kit} is declared twice")
    own = setting.kit_default is not SAME and setting.kit_default != setting.default
    if own and not setting.kit_why:
        raise ValueError(f"setting {setting.name!r}: a kit default of its own needs kit_why")
    SETTINGS[setting.name] = setting
    return setting


def default(name: str) -> Any:
    """The default of setting ``name``, for the library's own dataclasses."""
    return SETTINGS[name].default


def range_of(name: str) -> Limit:
    """The range of setting ``name``, for the library's checks that apply it (so that
    they, the limits table and the options cannot disagree)."""
    limit = SETTINGS[name].limit
    if limit is None:
        raise ValueError(f"setting {name!r} has no range")
    return limit


MM_SIZE = 2000.0  # the largest tile, sheet or board dimension fabgen draws
_SIZE = Limit(0.0, MM_SIZE, "mm", above=True)
_LENGTH = Limit(0.0, MM_SIZE, "mm")  # zero allowed
# (a floor, not "more than 0": a speed of 1e-320 mm/s made the laser time infinite)
_SPEED = Limit(0.1, 100_000.0, "mm/s")
_COUNT = Limit(0, 2000, integer=True)
# A page margin or overlap band is at most a quarter of the paper's shorter side, so its
# range is the widest paper's (Letter) and the note says each paper's bound; the printed
# board refuses more than the bound of the paper in use. The shorter side of each paper
# in mm (a test compares them with draw.printed_board.PAPERS):
_PAPER_SHORT_SIDES = {"A4": 210.0, "Letter": 215.9}
_PAGE_BAND = max(_PAPER_SHORT_SIDES.values()) / 4
_PAGE_WHY = "a quarter of the paper's shorter side, at most " + " or ".join(
    f"{side / 4:g} mm on {paper}" for paper, side in _PAPER_SHORT_SIDES.items()
)
_VARIANTS = ("online", "online-2013", "blog", "1995")
_PROFILES = ("epilog", "glowforge", "lightburn", "ponoko", "trotec")  # export.profiles


def _d(name, kind, default, help, **more) -> None:
    flag = more.pop("flag", "--" + more.get("param", name).replace("_", "-"))
    declare(Setting(name, kind, default, help, flag=flag, **more))


# ---- the tile -------------------------------------------------------------------------
_d(
    "width",
    float,
    100.0,
    "Tile width across the flats in mm = distance between neighbouring tile centres.",
    unit="mm",
    limit=Limit(5.0, MM_SIZE, "mm"),
    kit="tile.width",
    label="Tile width",
    kit_default=0.0,
    kit_help="across the flats = distance between tile centres, mm; "
    "0 = the board's own tile width, else 100 mm",
    kit_why="a kit follows its board file's tile width when the file gives one",
)
#: The tile widths a printed board, setup diagram and bill of materials are made for
#: (``fabgen layout``, a kit's print files, a board file's ``tile_width_mm``): smaller
#: tiles print too small to read, larger ones need a page per tile or two.
PRINT_WIDTH = Limit(20.0, 400.0, "mm", why="the tile widths fabgen prints a board for")
_d(
    "print_width",
    float,
    100.0,
    SETTINGS["width"].help,
    param="width",
    unit="mm",
    limit=PRINT_WIDTH,
    label="Tile width of a printed board",
)
_d(
    "pitch",
    float,
    None,
    "Distance between neighbouring circle centres in mm (instead of the width; "
    "width = pitch × √7).",
    unit="mm",
    limit=Limit(5.0 / math.sqrt(7), MM_SIZE / math.sqrt(7), "mm"),
    kit="tile.pitch",
    label="Circle pitch",
    default_text="width / √7",
    kit_default=0.0,
    kit_help="distance between circle centres, mm (instead of width)",
    kit_why="0 stands for 'not given' in a kit file, which has no empty value",
)
_d(
    "circle_diameter",
    float,
    None,
    "Diameter of the engraved circles in mm.",
    unit="mm",
    limit=Limit(0.0, MM_SIZE / math.sqrt(7), "mm", above=True),
    kit="tile.circle_diameter",
    default_text="0.6 × pitch",
    kit_default=0.0,
    kit_help="engraved circles, mm; 0 = 0.6 × pitch",
    kit_why="0 stands for 'not given' in a kit file, which has no empty value",
)
_d(
    "outline",
    str,
    "hexagon",
    "Cut outline: hexagon, or rosette (the 18-edge union of the circles' cells).",
    choices=("hexagon", "rosette"),
    kit="tile.outline",
    label="Outline",
    kit_help="cut outline",
)
_d(
    "corner_radius",
    float,
    0.0,
    "Round the outer corners with this radius in mm.",
    unit="mm",
    limit=_LENGTH,
    kit="tile.corner_radius",
    kit_help="rounded outer corners, mm",
)
_d(
    "kerf",
    float,
    0.0,
    "Width of material the laser burns away, in mm (typically 0.1 to 0.3).",
    unit="mm",
    limit=Limit(0.0, 5.0, "mm"),
    kit="tile.kerf",
    kit_default=0.15,
    kit_help="width the laser burns away, mm",
    kit_why="a kit is cut as it comes out, so it assumes a typical kerf; a single "
    "tile or sheet is drawn at nominal size unless the maker gives the kerf",
)
_d(
    "compensate_kerf",
    bool,
    True,
    "Move the cut line outward by kerf/2 so tiles keep their nominal size (turn off "
    "if your laser software compensates).",
    kit="tile.compensate_kerf",
    kit_help="move the cut line out by kerf/2",
)
_d(
    "handedness",
    str,
    "cw",
    "Mirror image of the tile lattice: circle rows turned -19.11° (cw, the online "
    "version's and the board presets') or +19.11° (ccw) from the line to the next tile. "
    "A board uses one throughout.",
    choices=("cw", "ccw"),
    kit="tile.handedness",
    kit_default="board",
    kit_choices=("board", "cw", "ccw"),
    kit_help="tile lattice: the one the board uses, or a fixed one",
    kit_why="a kit's tiles must match its board, whose file states the handedness",
)
_d(
    "border",
    float,
    None,
    "Engrave a border line this many mm inside the tile's edge (0: no border).",
    unit="mm",
    limit=_LENGTH,
    kit="tile.border",
    default_text="none",
    kit_default=1.5,
    kit_help="engraved border this far inside the edge, mm; 0 = none",
    kit_why="a kit's tiles are finished pieces; a single tile stays plain unless asked",
)
_d(
    "shared_edges",
    bool,
    None,
    "Place neighbouring tiles one cut line apart and cut each shared edge once.",
    default_text="on whenever the cut outlines tile the plane: hexagons, and rosettes "
    "without kerf offset",
)
_d(
    "numbers",
    bool,
    False,
    "Engrave tile numbers.",
    kit="tile.numbers",
    kit_default=True,
    kit_help="engrave each tile's number (as on the setup diagram)",
    kit_why="a kit's tiles are numbered as on its setup diagram",
)
_d(
    "label_height",
    float,
    3.0,
    "Height of the engraved numbers.",
    unit="mm",
    limit=Limit(0.0, 20.0, "mm", above=True),
    label="Tile number height",
)
_d(
    "blog_radius",
    float,
    None,
    "Use the maker's blog figures for island radius R (R/2.65 circle distance, R/4.5 "
    "circle radius, 19.11°) instead of the exact geometry.",
    unit="mm",
    limit=Limit(5.0, MM_SIZE, "mm"),
    label="Island radius R (blog figures)",
)
_d(
    "blog_reading",
    str,
    "radius",
    "Read the blog's R/4.5 as the circle radius (literal: circles overlap) or as the diameter.",
    choices=("radius", "diameter"),
)

# ---- laser sheets -----------------------------------------------------------------
_d(
    "profile",
    str,
    "lightburn",
    "Colours per operation for your laser software.",
    choices=_PROFILES,
    kit="laser.profile",
    kit_help="colours per operation",
)
_d(
    "sheet_size",
    str,
    "600x400",
    "Sheet size in mm, width x height.",
    flag="--sheet",
    unit="mm",
    limit=Limit(10.0, 3000.0, "mm", why="each side; the largest laser beds"),
    kit="laser.sheet",
    label="Sheet size",
    metavar="WxH",
    kit_help="sheet size WIDTHxHEIGHT in mm",
)
_d(
    "sheet_margin",
    float,
    5.0,
    "Free border along the sheet edges; the kerf stays inside it too.",
    param="margin",
    unit="mm",
    limit=Limit(0.0, 1000.0, "mm"),
    kit="laser.margin",
    label="Sheet margin",
    kit_help="unused border of the sheet, mm",
)
_d(
    "sheet_thickness",
    float,
    3.0,
    "Thickness of the sheet the tiles, laser-cut stones and markers are cut from: the "
    "bill of materials buys it, and laser-cut stones stack at it.",
    param="thickness",
    unit="mm",
    limit=Limit(0.5, 30.0, "mm", why="card to thick plywood"),
    flag=None,
    kit="laser.thickness",
    label="Sheet thickness",
    kit_help="the sheet's thickness, mm (3 mm plywood suits the default speeds)",
)
_d(
    "spare_tiles",
    int,
    0,
    "Tiles to cut beyond the board's.",
    limit=Limit(0, 200, integer=True),
    flag=None,
    kit="laser.spare_tiles",
    kit_help="tiles to cut beyond the board's",
)
_d(
    "cut_speed",
    float,
    10.0,
    "Cutting speed, for the laser-time estimate.",
    unit="mm/s",
    limit=_SPEED,
    kit="laser.cut_speed",
    kit_help="mm/s, for the laser-time estimate",
)
_d(
    "engrave_speed",
    float,
    100.0,
    "Line engraving speed (circles, borders, numbers).",
    unit="mm/s",
    limit=_SPEED,
    kit="laser.engrave_speed",
    kit_help="mm/s",
)
_d(
    "travel_speed",
    float,
    300.0,
    "Speed of the head's moves with the laser off.",
    unit="mm/s",
    limit=_SPEED,
    kit="laser.travel_speed",
    kit_help="mm/s",
)
_d(
    "sheet_tiles",
    int,
    0,
    "Number of island tiles.",
    param="count",
    limit=Limit(0, 500, integer=True, why="tiles on laser sheets"),
    label="Tiles to cut",
)
_d(
    "sheet_stones",
    int,
    0,
    "Stones (discs) to cut per colour.",
    param="stones",
    limit=Limit(0, 2000, integer=True, why="stones per colour on laser sheets"),
    label="Stones to cut per colour",
)
_d(
    "cut_stone_diameter",
    float,
    None,
    "Stone diameter.",
    param="stone_diameter",
    unit="mm",
    # draw.sheet.MIN_CUT_STONE (a test keeps them equal); a wide kerf asks for more there
    limit=Limit(6.0, MM_SIZE, "mm", why="fingers pick up and stack a disc of 6 mm, not less"),
    default_text="90% of the circle diameter, so a stone sits in a circle",
    label="Laser-cut stone diameter",
)
_d(
    "colours",
    int,
    2,
    "Stone colours: one set of sheets per colour.",
    limit=Limit(1, 12, integer=True),
    metavar="K",
    label="Stone colours",
)
_d(
    "reference_square",
    float,
    None,
    "Also cut a square of this size with a hole of half the size, to measure the kerf.",
    unit="mm",
    limit=Limit(0.0, 1000.0, "mm", above=True),
    label="Kerf reference square",
)

# ---- printed stones and markers -----------------------------------------------------
_d(
    "design",
    str,
    "disc",
    "disc: flat stone with a stacking boss and recess; pyramid: hollow, nesting.",
    choices=("disc", "pyramid"),
    kit="stones.design",
    kit_choices=("disc", "pyramid", "laser", "none"),
    kit_help="disc and pyramid are 3D printed; laser cuts discs from sheets; none makes no stones",
)
_d(
    "plate_copies",
    int,
    None,
    "Copies of each piece on the 3MF plate, 0 for no plate.",
    param="count",
    limit=Limit(0, 500, integer=True, why="copies of each piece on a plate"),
    default_text="75 stones, 25 of each marker, 1 per calibration stone",
    label="Copies of each printed piece",
)
_d(
    "kit_stones",
    int,
    0,
    "Stones per colour; 0 = what the board needs.",
    flag=None,
    limit=Limit(0, 500, integer=True, why="stones per colour"),
    kit="stones.count",
    label="Stones per colour",
)
_CLEARANCE = Limit(0.0, 1.0, "mm")
_d(
    "clearance",
    float,
    0.2,
    f"Play per side between stacked (or nested) pieces, {_CLEARANCE.describe()}.",
    unit="mm",
    limit=_CLEARANCE,
    kit="stones.clearance",
    kit_help="play per side between stacked stones, mm",
)
_d(
    "stone_diameter",
    float,
    None,
    "Stone diameter (pyramid: base across corners).",
    unit="mm",
    limit=_SIZE,
    default_text="circle diameter - 2",
    label="Printed stone diameter",
)
_d(
    "height",
    float,
    None,
    "Disc body height = stacking pitch [default: 5], or pyramid height [default: 12].",
    unit="mm",
    limit=Limit(0.0, 200.0, "mm", above=True),
    kit="stones.height",
    label="Stone height",
    kit_default=0.0,
    kit_help="printed stones: a disc's body height without the boss = stacking pitch, or "
    "a pyramid's height, mm; 0 = the design's own, 5 mm disc, 12 mm pyramid",
    kit_why="0 stands for 'not given' in a kit file, which has no empty value: each "
    "design has its own height",
)
_d(
    "wall",
    float,
    1.2,
    "Thinnest wall.",
    unit="mm",
    limit=Limit(0.8, 50.0, "mm", why="two 0.4 mm extrusion lines at least"),
    label="Thinnest wall",
)
_d(
    "chamfer",
    float,
    0.4,
    "45° chamfer on bottom edges against elephant's foot (disc and markers).",
    unit="mm",
    limit=Limit(0.0, 50.0, "mm"),
    label="Bottom chamfer",
)
_d(
    "bed",
    str,
    "180x180",
    "Printer bed size in mm, width x depth; a spec sheet's build volume, WxDxH "
    "(250x210x220), will do: the height is not needed. Copies that do not fit one bed go "
    "onto more 3MF plates (plate-1-of-2, plate-2-of-2).",
    unit="mm",
    metavar="WxD",
    kit="stones.bed",
    label="Printer bed",
    kit_help="printer bed WIDTHxDEPTH in mm (a build volume, WIDTHxDEPTHxHEIGHT, will do: "
    "the height is not needed); more copies go onto more plates",
)
_d(
    "spacing",
    float,
    3.0,
    "Gap between pieces on the plate.",
    unit="mm",
    limit=Limit(0.0, 200.0, "mm"),
    label="Gap between printed pieces",
)
_d(
    "seat_symbols",
    bool,
    False,
    "A symbol per seat on its stones (raised when printed, engraved when cut), for "
    "colour-blind players.",
    kit="stones.seat_symbols",
)
_d(
    "markers",
    bool,
    True,
    "Growing and dead markers (printed, or cut with laser).",
    flag=None,
    kit="stones.markers",
)

# ---- the kit and its board ----------------------------------------------------------
_d(
    "kit_name",
    str,
    "atlantis",
    "Name of the kit, used in titles.",
    flag=None,
    kit="kit.name",
    label="Kit name",
)
_d(
    "board",
    str,
    "3p-triangle-4",
    "A preset (see `fabgen boards`) or a board file (.toml or transcript .json), "
    "relative to the kit file.",
    flag=None,
    kit="kit.board",
)
_d(
    "people",
    int,
    0,
    "Number of people, 1 to 6 (machine seats not counted); 0 = as the board has.",
    flag=None,
    limit=Limit(0, 6, integer=True),
    kit="kit.players",
)
_d(
    "paper",
    str,
    "both",
    "Paper for the printed files.",
    choices=("a4", "letter", "both"),
    kit="kit.paper",
)
_d(
    "supply",
    str,
    "rule",
    "Stones and markers: rule (20% of the fields per colour) or simulate (peaks of "
    "self-played games, 95th percentile plus 10%, as fabgen validate --simulate).",
    flag=None,
    choices=("rule", "simulate"),
    kit="kit.supply",
)
_PAGE_MARGIN = Limit(6.0, _PAGE_BAND, "mm", why=_PAGE_WHY)  # printers print no closer
_d(
    "page_margin",
    float,
    10.0,
    f"Unprinted margin on every side of a page, at least {_num(_PAGE_MARGIN.low, up=True)} mm.",
    param="margin",
    unit="mm",
    limit=_PAGE_MARGIN,
)
_d(
    "overlap",
    float,
    15.0,
    "Band that neighbouring pages of the printed board share.",
    unit="mm",
    # 5 mm: room for the alignment crosses
    limit=Limit(5.0, _PAGE_BAND, "mm", why=_PAGE_WHY),
    label="Page overlap",
)

# ---- checking tiles -------------------------------------------------------------------
_d(
    "dpi",
    float,
    96.0,
    "Pixels per inch for SVG files without units (Inkscape 96, old Illustrator 72).",
    limit=Limit(1.0, 10_000.0, "px per inch"),
    label="Resolution of SVG files without units",
)
_d(
    "check_tiles",
    int,
    None,
    "Lay out the N tiles nearest the middle (a round board) instead of a patch.",
    param="tile_count",
    flag="--tiles",
    limit=Limit(1, 2000, integer=True, why="tiles laid out"),
    label="Tiles of a round layout",
)
_d(
    "tolerance",
    float,
    0.2,
    "Largest acceptable row deviation, seam spacing error and pattern error.",
    unit="mm",
    limit=Limit(0.0, 1000.0, "mm", above=True),
    label="Alignment tolerance",
)
_d(
    "max_drift",
    float,
    None,
    "Also fail when the accumulated drift exceeds this (off by default).",
    unit="mm",
    limit=Limit(0.0, 1000.0, "mm", above=True),
    label="Largest drift",
)

# ---- self-play, balance and machines ------------------------------------------------
_d(
    "variant",
    str,
    "online",
    "Rule variant: online (current rules; tied players share their place), online-2013 "
    "(ties go to the player later in turn order), blog (ties go to more stones on the "
    "board), 1995 (ends when no growing field is left and everyone passed in a row; ties "
    "shared).",
    choices=_VARIANTS,
)
_d(
    "players",
    str,
    "strong",
    "Who plays: one name for every seat or one per seat, comma-separated (strong, "
    "greedy, random, machine, extreme-machine; strong:N gives the strong player a budget "
    "of N positions per turn, default 300, or 3000 when two seats play and neither is a "
    "machine; above 300 it also searches deeper). The board's "
    "machine and extreme-machine seats play themselves, whatever is named: a machine "
    "never moves, an extreme machine moves by its own rules.",
    metavar="NAMES",
    kit="kit.simulate_players",
    kit_help="for a simulated supply: who plays (strong, greedy, random)",
)
_d(
    "games",
    int,
    200,
    "Games to play (200 strong games of a 19-tile board take about 10 minutes on two "
    "cores; random and greedy games take a small fraction of that).",
    limit=Limit(1, 1_000_000, integer=True, why="games per run"),
    label="Games to play",
)
_d(
    "simulate",
    int,
    None,
    "Also play N games (as fabgen balance does): adds a seat-balance finding and bases "
    "stones-supply and markers-supply on the games' peaks.",
    limit=Limit(1, 100_000, integer=True, why="games played to measure the board"),
    kit="kit.simulate_games",
    kit_default=200,
    kit_help="for a simulated supply: games to play",
    kit_why="a kit plays games only when supply = simulate, and then needs a number",
)
_d(
    "seed",
    int,
    0,
    "Seed of the random generator: the same seed gives the same games and the same tie-breaks.",
    limit=Limit(0, 2**63 - 1, integer=True),
    label="Random seed",
)
_d(
    "jobs",
    int,
    None,
    "Local processes.",
    limit=Limit(1, 256, integer=True, why="processes"),
    default_text="all cores",
    label="Parallel jobs",
)
_d(
    "max_turns",
    int,
    1000,
    "Turn cap: a game still running then is reported as capped, not scored.",
    limit=Limit(1, 100_000, integer=True, why="turns per game, as for transcripts"),
    label="Turn cap",
)
_d(
    "save_games",
    int,
    0,
    "Also write the first K games as transcripts (fabgen rules replay checks them).",
    limit=Limit(0, 10_000, integer=True, why="games written as transcripts"),
    metavar="K",
    label="Games to save",
)
_d(
    "candidates",
    int,
    12,
    "When suggesting starts: setups to try.",
    limit=Limit(1, 1000, integer=True, why="start setups tried"),
    label="Setups when suggesting starts",
)
_d(
    "budget",
    int,
    None,
    "Explosion phases the search may evaluate (the default: at most 5 s on positions "
    "of real games measured, up to about 7 s on a large board crowded with stones). When "
    "they run out the report says exhaustive: false and gives the bound it proved.",
    limit=Limit(
        1, 100_000_000, integer=True, why="bound evaluations of the extreme machine's search"
    ),
    default_text="200,000",
    label="Search budget",
)
for _kind in ("stones_per_player", "growing_markers", "dead_markers"):
    _d(
        _kind,
        int,
        None,
        {
            "stones_per_player": "Stones of each colour in your kit, to compare with what "
            "the board needs.",
            "growing_markers": "Growing markers in your kit.",
            "dead_markers": "Dead markers in your kit.",
        }[_kind],
        limit=_COUNT,
        label={
            "stones_per_player": "Stones per colour in your kit",
            "growing_markers": "Growing markers in your kit",
            "dead_markers": "Dead markers in your kit",
        }[_kind],
    )

# ---- fabgen serve -----------------------------------------------------------------------
_d(
    "port",
    int,
    8000,
    "Port to listen on (0: any free port).",
    limit=Limit(0, 65535, integer=True, why="0 picks a free port"),
    label="Port to listen on",
)
