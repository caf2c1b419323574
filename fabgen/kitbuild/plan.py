"""``fabgen build`` as a library: plan a kit (check everything), then render its files.

:func:`plan_kit` resolves the kit file into the objects each product needs and runs
every check first: the board validator, the tile geometry, the sheets, the stones and
the print bed. All problems are collected and reported together as findings, in the
validator's format, and nothing is rendered unless there are no errors.
:func:`render_kit` then renders every product in memory; the CLI writes them in one go.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from fabgen.board.findings import MAX_PLAYERS, MIN_PLAYERS
from fabgen.errors import FabgenError
from fabgen.kitbuild.kitfile import Kit, KitFileError, KitFinding, failure_text, reason_facts
from fabgen.kitbuild.schema import kit_key, shown_value

if TYPE_CHECKING:  # (imported where used: planning a kit loads only what it needs)
    from fabgen.board.findings import Report
    from fabgen.board.model import Board
    from fabgen.board.supply import Supply
    from fabgen.draw.sheet import SheetDrawing
    from fabgen.geometry.tile import TileGeometry
    from fabgen.pieces.params import DiscStone, Marker, PyramidStone
    from fabgen.products.sheet import SheetParams
    from fabgen.products.stones import Plate

    Piece = DiscStone | PyramidStone | Marker

DEFAULT_BOARD_FOR_PLAYERS = {
    1: "1p-triangle-5-machine",
    2: "2p-diamond-4",
    3: "3p-triangle-4",
    4: "4p-diamond-5",
    5: "5p-hexagon-18",
    6: "6p-hexagon-19",
}


class KitError(FabgenError):
    """A kit that cannot be built; the message lists every finding (also kept as
    ``findings`` when the whole kit was checked, for front ends that place them).
    ``code``: one of ``kitfile.REASONS`` for a refusal another front end says in its
    own words, ``facts`` what those words need."""

    def __init__(
        self,
        message: str,
        findings: Iterable[KitFinding] = (),
        *,
        code: str | None = None,
        facts=None,
    ):
        super().__init__(message)
        self.findings = tuple(findings)
        self.code = code
        self.facts = reason_facts(code, facts)


@dataclass
class KitPlan:
    """Everything a kit's products need, checked."""

    kit: Kit
    # (None: not planned, as a plan_kit that ran only some checks leaves them; see the
    # checked_ properties)
    board: Board | None = None
    report: Report | None = None  # the board validator's report
    supply: Supply | None = None
    geometry: TileGeometry | None = None
    sheet_params: SheetParams | None = None  # the tile sheets, as the sheet product takes them
    sheets: list[SheetDrawing] = field(default_factory=list)  # the nested tile sheets
    stones: StonePlan | None = None  # None also when the kit makes none (design none)
    papers: tuple[str, ...] = ()
    findings: list[KitFinding] = field(default_factory=list)
    # False: a simulated supply's settings are checked but its games not played, the
    # rule's counts standing in (a kit file is checked in the time of a click)
    play: bool = True

    @property
    def errors(self) -> list[KitFinding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def checked_board(self) -> Board:
        """The board, which the first check plans (what follows needs it)."""
        return _planned(self.board, "board")

    @property
    def checked_geometry(self) -> TileGeometry:
        """The tile geometry, which the tile check plans."""
        return _planned(self.geometry, "tile geometry")

    @property
    def checked_supply(self) -> Supply:
        """The stones and markers the board needs, which the stones check plans."""
        return _planned(self.supply, "supply")

    @property
    def checked_sheet_params(self) -> SheetParams:
        """The tile sheets' parameters, which the laser check plans."""
        return _planned(self.sheet_params, "laser sheets")

    def add(self, code: str, exc: Exception) -> None:
        """An error from one check. A setting's kit key locates it in the kit file and
        the message goes on from it ("tile.kerf: 9 mm is ..."); a setting without a key
        is named in words under its section ("[stones] cut stone diameter is ...")."""
        from fabgen.errors import InputFileError
        from fabgen.settings import SETTINGS
        from fabgen.text import shown_path

        detail = getattr(exc, "detail", None)
        message = detail or str(exc)
        where = getattr(exc, "where", None) or ""
        parameter = getattr(exc, "parameter", None)
        setting = SETTINGS.get(parameter) if parameter else None
        section = f"[{code.removeprefix('kit-')}]"
        if code == "kit-board" and isinstance(exc, InputFileError):
            # The board file's own problem: name that file, not only a place inside it.
            where = f"{shown_path(exc.path)} at {where}" if where else shown_path(exc.path)
        elif where or not parameter:
            pass
        elif setting is not None and setting.kit:
            where = setting.kit
        elif detail is not None:  # made by ParameterError.about: its text names the setting
            where, message = section, str(exc)
        else:
            where = f"{section} {parameter}"
        reason, facts = (exc.code, exc.facts) if isinstance(exc, KitError) else (None, {})
        self.findings.append(KitFinding(code, "error", message, where, reason, facts))


_T = TypeVar("_T")


def _planned(value: _T | None, what: str) -> _T:
    """``value`` as its check planned it. A plan made by ``plan_kit(only=...)`` without
    that check has none, and such a plan is not rendered (a front end's bug)."""
    if value is None:
        raise RuntimeError(f"the kit's {what} was not planned: plan_kit ran without its check")
    return value


@dataclass(frozen=True)
class StonePlan:
    pieces: tuple[Piece, ...]  # the stones and markers, one STEP and STL each
    plates: tuple[Plate, ...]  # 3MF plates
    laser_sheets: tuple[SheetDrawing, ...] = ()  # laser-cut stones, colour by colour
    marker_sheets: tuple[SheetDrawing, ...] = ()  # laser-cut markers: growing, then dead
    laser: SheetParams | None = None  # the sheet product's parameters of the stones
    markers: SheetParams | None = None  # and of the markers


# ---- planning ---------------------------------------------------------------------------


def plan_kit(kit: Kit, only: tuple[str, ...] | None = None, play: bool = True) -> KitPlan:
    """Check the whole kit; raise :class:`KitError` listing every error found.

    ``only``: run just the checks with these finding codes (``kit-board``, ``kit-tile``,
    ...) and the board validator, for a quick preview; such a plan cannot be rendered.
    ``play=False``: a simulated supply is checked but not played (see ``KitPlan.play``);
    nor can such a plan be rendered."""
    plan = KitPlan(kit, play=play)
    # (finding code, check, what it needs); a check whose inputs failed is skipped
    steps = (
        ("kit-board", _plan_board, ()),
        ("kit-tile", _plan_tile, ("board",)),
        ("kit-laser", _plan_laser, ("board", "geometry")),
        ("kit-stones", _plan_stones, ("board", "geometry")),
        ("kit-paper", _plan_paper, ()),
    )
    for code, step, needs in steps:
        if any(getattr(plan, name) is None for name in needs):
            continue
        if only is not None and code not in only:
            continue
        try:
            step(plan)
        except FabgenError as exc:
            plan.add(code, exc)
    if plan.board is not None:
        _validate_board(plan)
    if plan.errors:
        raise KitError(failure_text(plan.kit.source, plan.errors), plan.findings)
    return plan


def with_board_findings(exc: KitFileError) -> KitFileError:
    """A kit file's mistakes with its board's and player count's (``kit-board``), where
    both settings were read: they were checked only once the file had no mistake, so a
    key typed wrong hid a board name typed wrong until the key was mended, where every
    problem is to be listed at once."""
    kit = exc.settings.get("kit", {})
    if "board" not in kit or "players" not in kit:
        return exc
    plan = KitPlan(Kit(exc.path, {"kit": kit}, exc.folder))
    try:
        _plan_board(plan)
    except FabgenError as board:
        plan.add("kit-board", board)
    if not plan.errors:
        return exc
    return exc.joined(tuple(plan.errors))


def _plan_board(plan: KitPlan) -> None:
    from fabgen.board.files import load_preset, preset_names, read_board

    settings = plan.kit.section("kit")
    name = settings["board"]
    if name in preset_names():
        plan.board = load_preset(name)
    else:
        path = Path(os.path.abspath(plan.kit.folder / name))
        if not os.path.lexists(path):  # anything there is read (and its problem named)
            raise KitError(_no_board_file(name, path, plan.kit.folder))
        if _same_file(path, plan.kit.source):
            raise KitError(
                f"board = {name!r} names this kit file itself: board takes a preset (fabgen "
                "boards lists them) or a board file ([board] and [[players]], .toml, or a "
                "game transcript, .json), as board = '3p-triangle-4'"
            )
        try:
            plan.board = read_board(path)
        except FabgenError:
            _refuse_a_kit_file(name, path)
            raise
    _check_players(settings["players"], plan.board)


def _no_board_file(name: str, path: Path, folder: Path) -> str:
    """No file ``name`` next to the kit file: a preset typed nearly right, or a file of
    that name in the current folder (a path written from where fabgen was run)."""
    import difflib

    from fabgen.board.files import preset_names

    close = difflib.get_close_matches(name.lower(), preset_names(), n=1, cutoff=0.75)
    meant = f" (did you mean {close[0]!r}?)" if close else ""
    if "/" in name or "\\" in name or name.lower().endswith((".toml", ".json")):
        text = f"board = {name!r}: no such board file, {path}"  # a path, not a preset name
        preset = Path(name.replace("\\", "/")).stem
        if preset in preset_names():
            return (
                f"{text}; {preset} is a preset, named without folder or .toml: write "
                f"board = {preset!r}"
            )
        nearby = _nearby_file(name, folder)
        if nearby:
            return f"{text}; did you mean board = {nearby!r}?"
    else:
        text = (
            f"board = {name!r}{meant} is neither a preset ({', '.join(preset_names())}) "
            f"nor a board file (no file {path})"
        )
    here = Path(os.path.abspath(name))
    if not close and here != path and here.is_file():
        relative = Path(os.path.relpath(here, folder)).as_posix()
        text += (
            f"; a board file's path is read from the kit file's folder ({folder}), not from "
            f"the current folder, where {name} is: write board = {relative!r} (or the full "
            "path)"
        )
    return text


def _nearby_file(name: str, folder: Path) -> str | None:
    """The file next to the kit file that ``name`` is a typo of (another case, a
    backslash for a slash: Windows' way of writing a path), as the kit file names it."""
    import difflib
    from itertools import islice

    typed = name.replace("\\", "/")
    parent = (folder / typed).parent
    try:
        with os.scandir(parent) as entries:  # (a large folder: its first 1,000 names)
            names = [e.name for e in islice(entries, 1000) if e.is_file()]
    except OSError:
        return None
    stem = typed.rpartition("/")[2]
    exact = [n for n in names if n == stem or n.lower() == stem.lower()]
    close = exact or difflib.get_close_matches(stem, names, n=1, cutoff=0.8)
    if not close:
        return None
    head = typed.rpartition("/")[0]
    return f"{head}/{close[0]}" if head else close[0]


def _same_file(path: Path, source: str) -> bool:
    try:
        return os.path.samefile(path, source)
    except (OSError, ValueError):  # a kit from the browser has no file
        return False


def _refuse_a_kit_file(name: str, path: Path) -> None:
    """Another kit file named as the board: say so (the board reader said only that
    [kit] is an unknown key)."""
    from fabgen.inputs import MAX_TOML_BYTES, parse_toml, read_text

    try:
        data = parse_toml(read_text(path, "board file", MAX_TOML_BYTES), str(path))
    except FabgenError:
        return
    if isinstance(data.get("kit"), dict) and "board" not in data:
        inner = data["kit"].get("board")
        theirs = f", whose board is {inner!r}" if isinstance(inner, str) and inner else ""
        raise KitError(
            f"board = {name!r} is a kit file ([kit]){theirs}, not a board file: board "
            "takes a preset (fabgen boards lists them) or a board file ([board] and "
            "[[players]], .toml, or a game transcript, .json)"
        )


def _check_players(players: int, board) -> None:
    """``players`` counts the people; machine seats come with the board."""
    people, machines = board.people, board.machines
    if players and not 1 <= players <= 6:
        raise KitError(
            f"players = {players}: Atlantis is played by 1 to 6 people (one person plays "
            "solo against machines); there is a preset for every count (fabgen boards)"
        )
    if not people or not MIN_PLAYERS <= len(board.seats) <= MAX_PLAYERS:
        return  # the board's own error (player-count) says what to do: "set players = 0"
        # for a board of no people, or 7 for one of seven seats, was no advice
    if players and players != people:
        suggestion = DEFAULT_BOARD_FOR_PLAYERS.get(players)
        has = f"{people} {'person' if people == 1 else 'people'}"
        if machines:
            has += f" and {machines} machine seat{'s' if machines > 1 else ''}"
        wanted = f"{players} {'person' if players == 1 else 'people'}"
        raise KitError(
            f"players = {players} but the board {board.name} has {has}; "
            f"set players = {people} (players counts people, not machines), or choose a "
            f"board for {wanted}" + (f", e.g. board = {suggestion!r}" if suggestion else ""),
            code="players-not-people",
            facts={
                "players": str(players),
                "board": board.name,
                "has": has,
                "people": str(people),
                "wanted": wanted,
                "preset": suggestion or "",
            },
        )


def _plan_tile(plan: KitPlan) -> None:
    from fabgen.geometry.tile import TileGeometry
    from fabgen.products.layout import tile_width

    tile = dict(plan.kit.section("tile"))
    board = plan.checked_board
    values = {k: tile[k] for k in ("outline", "corner_radius", "kerf", "compensate_kerf")}
    if tile["pitch"]:
        values["pitch"] = tile["pitch"]
        if tile["width"]:
            raise KitError(
                "give either width or pitch in [tile], not both (width = pitch × √7)",
                code="width-and-pitch",
            )
    else:
        values["width"] = tile["width"] or board.tile_width_mm or 100.0
    if tile["circle_diameter"]:
        values["circle_diameter"] = tile["circle_diameter"]
    values["handedness"] = _handedness(tile["handedness"], board)
    plan.geometry = geometry = TileGeometry.from_parameters(values)  # errors name their key
    # The board's print files take tiles of 20 to 400 mm: refused here, not while rendering.
    tile_width(board, geometry.width)
    if tile["border"] and tile["border"] < 0:
        raise KitError(f"[tile] border must be 0 (none) or positive, got {tile['border']}")


def _handedness(setting: str, board) -> str:
    lattice = board.handedness.value
    if setting in ("board", lattice):
        return lattice
    raise KitError(
        f"[tile] handedness = {setting!r} but the board {board.name} uses the {lattice} "
        f"lattice: tiles cut that way are its mirror image and their circles would not line up "
        f"with the board's; use handedness = {lattice!r} (or 'board')",
        code="handedness-mirrored",
        facts={"given": setting, "board": board.name, "lattice": lattice},
    )


def _plan_laser(plan: KitPlan) -> None:
    from fabgen.draw.laser_job import LaserSpeeds
    from fabgen.draw.sheet import SheetJob, TileSheetOptions
    from fabgen.export.profiles import get_profile
    from fabgen.geometry.nesting import SheetSpec
    from fabgen.products.sheet import SheetParams, nest

    laser, tile = plan.kit.section("laser"), plan.kit.section("tile")
    get_profile(laser["profile"])
    if laser["spare_tiles"] < 0:
        raise KitError(f"[laser] spare_tiles must be 0 or more, got {laser['spare_tiles']}")
    speeds = LaserSpeeds(laser["cut_speed"], laser["engrave_speed"], laser["travel_speed"])
    # Spare tiles stand in for any tile, so they carry no number of the board's.
    options = TileSheetOptions(
        numbers=tile["numbers"],
        border_inset=tile["border"] or None,
        numbered=len(plan.checked_board.tiles),
    )
    options.validate()
    job = SheetJob(
        geometry=plan.checked_geometry,
        sheet=SheetSpec.parse(laser["sheet"], laser["margin"]),
        tiles=len(plan.checked_board.tiles) + laser["spare_tiles"],
        tile_options=options,
        metadata=metadata(plan),
    )
    params = SheetParams(job, speeds, metadata(plan), laser["profile"], "tiles-")
    plan.sheet_params = params
    # Nesting is also the check that tiles fit the sheet; the result is kept for rendering.
    plan.sheets = nest(params)


def metadata(plan: KitPlan) -> dict:
    return {**made_by(plan), **plan.checked_geometry.parameters()}


def made_by(plan: KitPlan) -> dict:
    """What the kit's files record as their origin."""
    return {"kit": plan.kit.name, "board": plan.checked_board.name}


def tile_params(plan: KitPlan):
    """The kit's test tile: the tile product with the kit's tile and laser settings."""
    from fabgen.products.tile import TileParams

    return TileParams(
        plan.checked_geometry,
        border=plan.kit.section("tile")["border"] or None,
        made_by=made_by(plan),
        profile=plan.kit.section("laser")["profile"],
        name="test-tile",
    )


def _plan_stones(plan: KitPlan) -> None:
    stones = plan.kit.section("stones")
    plan.supply = kit_supply(plan.kit.section("kit"), plan.checked_board, plan.play)
    if stones["count"] < 0:
        raise KitError(
            f"[stones] count must be 0 (as the board needs) or more, got {stones['count']}"
        )
    _note_unused(plan, stones)
    if stones["design"] == "none":
        plan.stones = None
    elif stones["design"] == "laser":
        if plan.sheet_params is None:
            return  # the [laser] section failed and is reported; stones would nest on it
        plan.stones = _laser_stones(plan, stones)
    else:
        plan.stones = _printed_stones(plan, stones)


#: The [stones] settings each design leaves unused: a printed stone's height, play and
#: bed mean nothing to laser-cut stones (as thick as their sheet, flat, cut on the laser),
#: and design none makes no stones, markers or symbols.
UNUSED_BY_DESIGN: dict[str, tuple[str, ...]] = {
    "laser": ("height", "clearance", "bed"),
    "none": ("height", "clearance", "bed", "seat_symbols", "markers"),
}

_WHY_UNUSED = {
    ("laser", "height"): "laser-cut stones are as thick as the sheet they are cut from",
    ("laser", "clearance"): "laser-cut stones are flat, with no boss to give play around",
    ("laser", "bed"): "laser-cut stones are cut on the laser, not printed",
    ("none", "markers"): "the kit makes no stones or markers (design none)",
}

_PRINTED = "a printed design (disc or pyramid)"
_ANY = "a design that makes stones (disc, pyramid or laser)"
#: What to choose for a setting to be used, and what the kit file writes not to give it.
_TO_USE = {
    "height": (f"choose {_PRINTED} for stones of this height", "give 0"),
    "clearance": (f"choose {_PRINTED} for stones with this play", "leave it out"),
    "bed": (f"choose {_PRINTED} to print on this bed", "leave it out"),
    "seat_symbols": (f"choose {_ANY} for stones with symbols", "leave it out"),
    "markers": (f"choose {_ANY} for markers", "leave it out"),
}


def _note_unused(plan: KitPlan, stones: dict) -> None:
    """A setting the kit file writes that its design does not use (a printed stone's
    height with laser-cut stones, markers with design none), each once, at its key. Said
    as a warning, as the kit is built all the same; a setting the file does not write is
    its default, and not said, nor is one written at its default: a kit file copied
    from the template writes every key, and a line that changes nothing asks for nothing
    (docs/design-notes.md, *Building a kit*)."""
    design = stones["design"]
    for key in UNUSED_BY_DESIGN.get(design, ()):
        value = stones[key]
        if f"stones.{key}" not in plan.kit.given or value is False or value == _default(key):
            continue  # (false asks for nothing either)
        why = _WHY_UNUSED.get((design, key), "the kit makes no stones (design none)")
        choice, undo = _TO_USE[key]
        shown = shown_value(kit_key("stones", key), value)
        plan.findings.append(
            KitFinding(
                "kit-stones",
                "warning",
                f"{shown} is not used: {why}; {choice}, or {undo}",
                f"stones.{key}",
                "setting-not-used",
                reason_facts(
                    "setting-not-used",
                    {"key": key, "value": shown, "design": design, "why": why, "use": choice},
                ),
            )
        )


def _default(key: str) -> object:
    return kit_key("stones", key).default


def kit_supply(settings: dict, board, play: bool = True):
    """Stones and markers by the 20 % rule, or from simulated games when the kit says
    ``supply = "simulate"`` (the same numbers as ``fabgen validate --simulate``);
    ``play=False``: the simulation's settings checked, the rule's numbers."""
    from fabgen.board.supply import simulated_supply, supply_needed

    if settings["supply"] != "simulate":
        return supply_needed(board)
    from fabgen.play.balance import simulate
    from fabgen.play.parallel import default_jobs

    if settings["simulate_games"] < 1:
        raise KitError(f"[kit] simulate_games must be 1 or more, got {settings['simulate_games']}")
    from fabgen.play.policy import policy_name

    # Any case and 'extreme machine', as --players takes them.
    names = settings["simulate_players"].split(",")
    players = tuple(policy_name(p.strip()) for p in names if p.strip())
    _check_simulate_players(players)
    if not play:
        return supply_needed(board)
    report = simulate(board, settings["simulate_games"], players, jobs=default_jobs())
    return simulated_supply(board, report)


SUPPLY_PLAYERS = ("strong", "greedy", "random")
"""Who may play a kit's simulated games: the supply is what players like people use (a
``machine`` never moves, so its games needed no stones or markers at all)."""


def _check_simulate_players(players: tuple[str, ...]) -> None:
    from fabgen.errors import ParameterError, abridged

    for name in players or ("",):
        if name.partition(":")[0] not in SUPPLY_PLAYERS:
            raise ParameterError.about(
                "players",  # kit.simulate_players
                f"{abridged(name, quoted=True)} cannot play a kit's simulated games: give "
                f"{', '.join(SUPPLY_PLAYERS[:-1])} or {SUPPLY_PLAYERS[-1]} (strong:N for another "
                "budget), one for every seat or one per seat, comma-separated",
            )


def stones_per_colour(plan: KitPlan) -> int:
    return plan.kit.section("stones")["count"] or plan.checked_supply.stones_per_player


def _printed_stones(plan: KitPlan, stones: dict) -> StonePlan:
    from fabgen.pieces.params import DiscStone, Marker, PyramidStone
    from fabgen.pieces.plate import Bed, parse_bed

    circle = plan.checked_geometry.circle_diameter
    common = {"circle_diameter": circle, "clearance": stones["clearance"]}
    if stones["height"]:  # (0: the design's own height, as fabgen stones without --height)
        common["height"] = stones["height"]
    if stones["design"] == "pyramid":
        if stones["seat_symbols"]:
            raise KitError(
                "[stones] seat_symbols needs design = 'disc': the pyramid has a vent on top "
                "where the symbol would go",
                code="symbols-need-disc",
                facts={"design": "disc"},
            )
        base: list[DiscStone | PyramidStone] = [PyramidStone(**common)]
    elif stones["seat_symbols"]:
        from fabgen.geometry.symbols import board_seat_symbols

        symbols = board_seat_symbols([seat.is_machine for seat in plan.checked_board.seats])
        base = [DiscStone(symbol=symbol, **common) for symbol in symbols]
    else:
        base = [DiscStone(**common)]
    width, depth = parse_bed(stones["bed"])
    bed = Bed(width, depth)
    count = stones_per_colour(plan)
    plates = [p for stone in base for p in _plates(stone, count, bed)]
    _note_layers(plan, base)
    pieces: list[Piece] = list(base)
    if stones["markers"]:
        supply = plan.checked_supply
        for kind, n in (("growing", supply.growing_markers), ("dead", supply.dead_markers)):
            marker = Marker.for_stone(base[0], kind)
            pieces.append(marker)
            plates.extend(_plates(marker, n, bed))
    return StonePlan(tuple(pieces), tuple(plates))


def _note_layers(plan: KitPlan, stones: list) -> None:
    """A height between 0.2 mm layers is made as given, with the warning fabgen stones
    prints under the piece's size (``layer_note``, in words that name no flag or key),
    placed at the kit's height (docs/design-notes.md, *Building a kit*). Stones whose
    faces are at the same heights (each seat's, whatever its symbol) get one warning."""
    from fabgen.pieces.params import layer_note

    alike: dict[tuple, list] = {}
    for stone in stones:
        faces = (tuple(stone.flat_faces().items()), tuple(stone.layer_settings().items()))
        alike.setdefault(faces, []).append(stone)
    for group in alike.values():
        note = layer_note(group[0], name=_group_name(group))
        if note:
            plan.findings.append(KitFinding("kit-stones", "warning", note, "stones.height"))


def _group_name(stones: list) -> str:
    """One stone by its name; each seat's by the first name and the others' symbols
    ("each seat's stone (stone-disc-d20.7-c0.2-ring, -bar, -cross)")."""
    if len(stones) == 1:
        return stones[0].name
    others = ", ".join(f"-{stone.symbol}" for stone in stones[1:])
    return f"each seat's stone ({stones[0].name}, {others})"


def _plates(piece, count: int, bed) -> list:
    """``count`` copies of ``piece`` on as few plates as the bed allows."""
    from fabgen.errors import ParameterError
    from fabgen.products.stones import plan_plates

    try:
        return plan_plates((piece,), count, bed, piece.name)
    except ParameterError as exc:
        if exc.parameter == "bed":
            raise  # the kit's bed: placed at stones.bed
        raise KitError(f"[stones] {exc.detail or exc}") from None


def _laser_stones(plan: KitPlan, stones: dict) -> StonePlan:
    """Stones (and markers, two "colours") cut from sheets by the sheet product."""
    from dataclasses import replace

    from fabgen.board.colours import seat_colour
    from fabgen.draw.sheet import StoneOptions
    from fabgen.products.sheet import default_stone_diameter, nest

    board = plan.checked_board
    diameter = default_stone_diameter(plan.checked_geometry)
    players = len(board.seats)
    symbols: tuple[str, ...] = ()
    if stones["seat_symbols"]:
        from fabgen.geometry.symbols import board_seat_symbols

        symbols = board_seat_symbols([seat.is_machine for seat in board.seats])
    # The material named as README.txt and the pictures name it (seat 1 red).
    names = tuple(seat_colour(seat.colour, k) for k, seat in enumerate(board.seats))
    cut = StoneOptions(
        stones_per_colour(plan), diameter, players, symbols=symbols, colour_names=names
    )
    laser = replace(plan.checked_sheet_params, prefix="", report_name=None)
    laser = replace(laser, job=replace(laser.job, tiles=0, stones=cut))
    if not stones["markers"]:
        return StonePlan((), (), tuple(nest(laser)), (), laser)
    sheets: list[SheetDrawing] = []
    supply = plan.checked_supply
    for kind, count in (("growing", supply.growing_markers), ("dead", supply.dead_markers)):
        cut = StoneOptions(count, diameter, 1, marker=kind)
        sheets += nest(replace(laser, job=replace(laser.job, stones=cut)))
    return StonePlan((), (), tuple(nest(laser)), tuple(sheets), laser, laser)


def _plan_paper(plan: KitPlan) -> None:
    from fabgen.products.layout import papers_of

    plan.papers = papers_of(plan.kit.section("kit")["paper"])


def _validate_board(plan: KitPlan) -> None:
    from fabgen.board.findings import KitCounts
    from fabgen.board.validate import validate

    counts = None
    stones = plan.kit.section("stones")
    # (design none: a count is the stones the maker has from elsewhere, checked alike)
    if plan.supply is not None and (stones["design"] != "none" or stones["count"]):
        counts = KitCounts(stones_per_player=stones_per_colour(plan))
    board = plan.checked_board
    plan.report = report = validate(board, counts, source=board.name)
    for f in report.findings:
        where = f.where.text()
        plan.findings.append(
            KitFinding(
                f.code,
                f.severity.value,
                f.message,
                f"board {board.name}" + (f", {where}" if where else ""),
            )
        )
