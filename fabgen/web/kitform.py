"""The kit configurator without the web server: the form, the live preview, the downloads.

The form is generated from :data:`fabgen.kitbuild.kitfile.SCHEMA` (keys, kinds, defaults, help,
choices): the same definitions the kit reader and ``templates/kit.toml`` use, so the
browser never holds a second copy of a default or a choice. Settings from the browser
are written as kit-file text and read back by :func:`fabgen.kitbuild.kitfile.parse_kit`, then
checked by :func:`fabgen.kitbuild.plan.plan_kit`: every message is the CLI's, said in the
page's words where the CLI's are a kit file's (a setting by its name on the form, what to
type rather than the line to write: :func:`page_words`), and a download refused for the
kit's errors lists them as the form marks them (docs/design-notes.md, *The browser front
end*, *Building a kit*).
"""

from __future__ import annotations

import contextlib
import errno
import io
import re
import shutil
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from fabgen.errors import FabgenError, InputFileError
from fabgen.kitbuild.kitfile import SCHEMA, Kit, KitFinding, KitKey, parse_kit
from fabgen.kitbuild.schema import kit_key, shown_value
from fabgen.web.designer import SOURCE as DESIGNER_SOURCE
from fabgen.web.limits import LIMITS, SIMULATE_PLAYERS, TooLarge, TooMuchWork

#: What the kit's manifest and README call the kit file; a kit file saved under this
#: name and built with ``fabgen build kit.toml`` gives the same files byte for byte.
KIT_FILE_NAME = "kit.toml"
SECTION_TITLES = {"kit": "Kit and board", "tile": "Tiles", "laser": "Laser", "stones": "Stones"}
# A fixed date for zip entries: the same kit gives the same zip.
ZIP_DATE = (2000, 1, 1, 0, 0, 0)


class NoRoom(FabgenError):
    """The temporary folder the kit is built in is full, or cannot be made."""

    status = 503


@contextlib.contextmanager
def scratch_folder():
    """A temporary folder for one kit's files, removed after. A temporary folder that
    is full or cannot be used is said (it was "please report it", 500)."""
    try:
        folder = tempfile.mkdtemp(prefix="fabgen-web-")
    except OSError as exc:  # (FileNotFoundError: no usable temporary folder at all)
        raise _no_room(exc) from None
    try:
        yield Path(folder)
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        raise _no_room(exc) from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _no_room(exc: OSError) -> NoRoom:
    where = tempfile.tempdir or "the temporary folder"
    with contextlib.suppress(OSError):
        where = tempfile.gettempdir()
    return NoRoom(
        f"the kit cannot be made in the temporary folder {where} ({exc.strerror or exc}): "
        "make room there, or start fabgen serve with TMPDIR set to a folder with room"
    )


@dataclass(frozen=True)
class Control:
    """One form control for one kit setting."""

    section: str
    setting: KitKey
    label: str
    unit: str
    kind: str  # number | integer | text | bool | choice | board

    @property
    def name(self) -> str:
        return f"{self.section}.{self.setting.key}"

    @property
    def note(self) -> str:
        """What the browser does otherwise than ``fabgen build`` with this setting."""
        return WEB_NOTES.get(self.name, "")

    def to_json(self) -> dict:
        s = self.setting
        return {
            "name": self.name,
            "label": self.label,
            "unit": self.unit,
            "kind": self.kind,
            "default": s.default,
            "help": s.help,
            "choices": list(s.choices or ()),
            "note": self.note,
        }


def _kind(section: str, setting: KitKey) -> str:
    if f"{section}.{setting.key}" == "kit.board":
        return "board"
    if setting.choices:
        return "choice"
    if setting.kind == (bool,):
        return "bool"
    if float in setting.kind:
        return "number"
    return "integer" if setting.kind == (int,) else "text"


def controls() -> dict[str, list[Control]]:
    """Every setting of the kit file as a control, grouped by kit-file section; label
    and unit as the settings registry declares them."""
    out: dict[str, list[Control]] = {}
    for section, settings in SCHEMA.items():
        for s in settings:
            label = f"{s.label} ({s.unit})" if s.unit else s.label
            out.setdefault(section, []).append(
                Control(section, s, label, s.unit, _kind(section, s))
            )
    return out


#: Every kit key's name in the page's messages: its form label without the unit, which
#: the value says ("Tile width 5 mm is outside ...": "Tile width (mm) 5 mm" said it twice).
_NAMES = {c.name: c.setting.label for group in controls().values() for c in group}
_KINDS = {c.name: c.kind for group in controls().values() for c in group}


def form_json() -> dict:
    from fabgen.board.files import preset_names

    return {
        "sections": [
            {
                "name": section,
                "title": SECTION_TITLES.get(section, section),
                "controls": [c.to_json() for c in group],
            }
            for section, group in controls().items()
        ],
        "presets": preset_names(),
    }


#: Where the browser builds a kit otherwise than ``fabgen build``, said beside the
#: setting (the kit file still goes to the command line as it is).
WEB_NOTES = {
    # (the help speaks of a board file beside the kit file, which the page has not got)
    "kit.board": (
        "In the browser: a preset, or the board of the board designer; the kit file then "
        "comes in a zip with that board's file beside it."
    ),
    "kit.simulate_games": (
        f"In the browser: at most {LIMITS.simulate_games} games, played again for every "
        "preview; fabgen build plays any number."
    ),
    "kit.simulate_players": (
        f"In the browser: {' or '.join(SIMULATE_PLAYERS)} players only (a strong player's "
        "game takes seconds); fabgen build plays strong ones too."
    ),
}


# ---- settings from the browser -> kit file -> Kit ---------------------------------------


def kit_text(settings: object) -> str:
    """The kit file for settings sent by the browser (``{section: {key: value}}``).

    Every key of the schema is written, in the schema's order, so the file documents
    the whole kit (a [stones] setting the design does not use, left at its default, is
    warned of by neither fabgen build nor the page); keys and values are checked
    afterwards by the kit reader."""
    import tomli_w

    if not isinstance(settings, dict):
        raise InputFileError(KIT_FILE_NAME, "the settings must be a table of [sections]")
    data: dict[str, dict] = {}
    for section, values in settings.items():
        if not isinstance(values, dict):
            raise InputFileError(KIT_FILE_NAME, f"must be a table like [{section}]", section)
        for key, value in values.items():
            if value is None:
                raise InputFileError(KIT_FILE_NAME, "is empty: enter a value", f"{section}.{key}")
        data[str(section)] = dict(values)
    head = (
        "# Atlantis kit made with the fabgen kit configurator (fabgen serve).\n"
        f"# Build it with: fabgen build {KIT_FILE_NAME} --out output/\n"
        "# Every setting with its help: python -m fabgen.kitbuild.kitfile prints them\n"
        "# (templates/kit.toml in fabgen's source; a pip install has no templates folder).\n\n"
    )
    try:
        return head + tomli_w.dumps(data)
    except (TypeError, ValueError) as exc:
        raise InputFileError(KIT_FILE_NAME, f"a value cannot be written to TOML: {exc}") from None
    except RecursionError:
        raise InputFileError(KIT_FILE_NAME, "nested too deeply to be kit settings") from None


def read_settings(
    settings: object, folder: Path, board_state: object = None
) -> tuple[Kit, str, dict[str, bytes]]:
    """The checked kit, its kit-file text and the files that go beside it. The board is
    a preset, or the designer's board (``board_state``), which is written into
    ``folder`` as a board file for the kit to name: never a path from the request."""
    from fabgen.board.files import preset_names

    extra: dict[str, bytes] = {}
    if board_state is not None:
        from fabgen.web.designer import board_file_bytes

        _has_tiles(board_state)
        board = _designer_board(board_state)
        name = _board_file_name(board.name)
        extra[name] = board_file_bytes(board)
        (folder / name).write_bytes(extra[name])
        if isinstance(settings, dict) and isinstance(settings.get("kit", {}), dict):
            # (settings without a [kit] table still build the designer's board)
            settings = {**settings, "kit": {**settings.get("kit", {}), "board": name}}
    text = kit_text(settings)
    kit = parse_kit(text, KIT_FILE_NAME, folder)
    board = kit.section("kit")["board"]
    if board not in preset_names() and not _server_file(folder, board):
        raise InputFileError(
            KIT_FILE_NAME,
            f"{board!r} is neither a preset ({', '.join(preset_names())}) nor the board of "
            "the board designer: choose one of them",
            "kit.board",
        )
    return kit, text, extra


def _board_file_name(board: str) -> str:
    """The designer's board file beside the kit file: the board's name, unless that is
    the kit file's own name (a board named "kit" overwrote the kit file, which then
    named itself as its board), also where upper and lower case are one file."""
    name = f"{board}.toml"
    return f"{board}-board.toml" if name.casefold() == KIT_FILE_NAME.casefold() else name


def _designer_board(board_state: object):
    """The designer's board; refused as the designer says it ("seat 2's start tile: a
    machine never moves, ... make the seat an extreme-machine"), not in a board file's
    words ("players[1].start: ... kind = \"extreme-machine\""): this page has no file."""
    from fabgen.web.designer import board_from_state, refusal_words

    try:
        return board_from_state(board_state)
    except (InputFileError, TooLarge) as exc:
        raise InputFileError(DESIGNER_SOURCE, refusal_words(exc, board_state)) from None


def _has_tiles(board_state: object) -> None:
    """The designer's board has tiles, or the error says where to make them: the board
    reader's words (add tiles = [[0, 0], ...]) are for a board file, and this is no file
    (on a fresh browser the page sends an empty board)."""
    spec = board_state.get("board") if isinstance(board_state, dict) else None
    if not isinstance(spec, dict) or spec.get("tiles") or spec.get("free_tiles"):
        return  # (anything else is the reader's to say)
    raise InputFileError(
        DESIGNER_SOURCE,
        "the board designer's board has no tiles (a browser that has not used the "
        "designer has none): make the board there, or choose a preset board",
        "board.tiles",
    )


def check_simulation(kit: Kit) -> None:
    """Refuse a simulated supply the browser will not play (:func:`simulation_problems`),
    every reason in one message: the label of each after the first, which the form's
    words put in front of it."""
    problems = simulation_problems(kit)
    if not problems:
        return
    first, *more = problems
    said = [str(first), *(f"{_NAMES[p.where or '']} {p}" for p in more)]
    raise TooMuchWork("; ".join(said), first.where)


def simulation_problems(kit: Kit) -> list[TooMuchWork]:
    """A supply from self-played games is measured again on every change of the
    preview: more games than a request may play, and players too slow for it (a strong
    player's game takes seconds), go to the command line (the kit file itself can
    still be downloaded). Both at once: the default 200 strong games were refused at
    the games, and the players only once the games were lowered."""
    settings = kit.section("kit")
    if settings["supply"] != "simulate":
        return []
    games = settings["simulate_games"]
    command_line = (
        f'or download the kit file and run "fabgen build {KIT_FILE_NAME}" on the command line'
    )
    out = []
    # (said after the setting's label, as the form marks it: "Simulate games must be ...")
    if games > LIMITS.simulate_games:
        out.append(
            TooMuchWork(
                f"must be at most {LIMITS.simulate_games} in the browser, which plays the "
                f"games again for every preview ({games} games take minutes, too long for the "
                "browser): lower it, " + command_line,
                "kit.simulate_games",
            )
        )
    players = [p.strip() for p in str(settings["simulate_players"]).split(",")]
    slow = sorted({f'"{p}"' for p in players if p.partition(":")[0] == "strong"})
    if slow:
        out.append(
            TooMuchWork(
                f"must be {' or '.join(SIMULATE_PLAYERS)} in the browser, which plays the "
                f"{games} games again for every preview ({', '.join(slow)} take seconds a "
                f"game, too long for the browser): choose {' or '.join(SIMULATE_PLAYERS)} "
                "here, " + command_line,
                "kit.simulate_players",
            )
        )
    return out


def _server_file(folder: Path, name: str) -> bool:
    """A file the server itself wrote into ``folder`` (never a path from the request)."""
    return "/" not in name and "\\" not in name and (folder / name).is_file()


# ---- findings placed next to their settings ---------------------------------------------


def finding_json(
    code: str,
    severity: str,
    message: str,
    where: str,
    named: bool = True,
    reason: str | None = None,
    facts: Mapping[str, str] | None = None,
) -> dict:
    """A kit finding as the page shows it: in the page's words (:func:`page_words`), and
    a message about a setting (a reader's at its key, a planner's naming it) after the
    setting's name, as the form shows it. ``named``: False for a message whose place is
    said apart (the designer's board). ``reason`` and ``facts``: the message's code
    (``kitfile.REASONS``) and what the page's words for it need."""
    setting = locate(code, where, message, reason)
    message = page_words(message, setting, reason, facts or {}, code)
    if named and setting is not None and where in (setting, ""):
        message = _named(message, setting, of_value=where == setting)
    return {
        "code": code,
        "severity": severity,
        "message": message,
        "where": where,
        "setting": setting,
    }


def kit_finding_json(found: KitFinding) -> dict:
    """A :class:`KitFinding` of the reader or the planner as the page shows it."""
    return finding_json(
        found.code, found.severity, found.message, found.where, True, found.reason, found.facts
    )


def _named(message: str, setting: str, of_value: bool) -> str:
    """``message`` after the setting's name: "Kerf 5 mm is not smaller ...", "Kerf must
    be ..." where it is said of the setting's value (``of_value``: a message at the
    setting), "Tile width: the tile's circles ..." where it is not (it read "Tile width
    (mm) the tile's circles"), as a planner's message found at a setting by a word of it
    ("Printer bed: 500 copies of a 20.7 mm piece need ...")."""
    name = _NAMES[setting]
    if message.startswith(name):
        return message
    said_of = of_value and _SAID_OF.match(message)
    return f"{name} {message}" if said_of else f"{name}: {message}"


#: A message said of its setting's value, to follow the setting's name.
_SAID_OF = re.compile(r"(must|is|are|has|needs|does|would|leaves)\b|[-'\"0-9]")


# ---- the kit file's words in the page's ---------------------------------------------------


def page_words(
    message: str,
    setting: str | None,
    reason: str | None = None,
    facts: Mapping[str, str] | None = None,
    code: str = "",
) -> str:
    """A kit finding's message as the page says it: a setting by its name on the form
    ("set Players to 3", not "set players = 3"), what to type in a field, not the line
    to write in a kit file. The CLI keeps the kit file's words. A message of the kit
    reader or planner is known by its code (``reason``, one of ``kitfile.REASONS``) and
    said from its facts, so a message reworded keeps the page's words; a board finding's
    advice for a kit file by its finding's ``code``; a test gives every message the page
    can show and looks for a kit file's words in them (tests/web/test_kit_words.py)."""
    facts = facts or {}
    if reason in _REASON_WORDS:
        return _REASON_WORDS[reason](facts, setting)
    for pattern, words in _BOARD_WORDS.get(code, ()):
        message = pattern.sub(words, message)
    # (a planner's message about a setting begins with its [section], which the
    # setting's name on the page says)
    return re.sub(r"^\[(?:kit|tile|laser|stones)\] ", "", message)


def _empty_words(facts: Mapping[str, str], setting: str | None) -> str:
    """The kit reader's "is empty (or only spaces); expected: ...; the default, used when
    the setting is left out, is X": the page has no setting to leave out."""
    if setting == "kit.board":
        return "is empty: choose a preset, or the board of the board designer"
    kind = _KINDS.get(setting or "")
    what = {"number": "a number", "integer": "a whole number"}.get(kind or "", "a value")
    return f"is empty: type {what} (the default is {facts['default']})"


def _wrong_type_words(facts: Mapping[str, str], setting: str | None) -> str:
    """The reason, and what to type in the field rather than the line to write."""
    typed = f"{facts['sep']} type {facts['typed']}" if facts.get("typed") else ""
    return facts["reason"] + typed


def _name(key: str) -> str:
    """The page's name of a kit key given without its section (a key is in one section)."""
    return next(name for setting, name in _NAMES.items() if setting.endswith(f".{key}"))


def _players(facts: Mapping[str, str], setting: str | None) -> str:
    example = f", e.g. {facts['preset']}" if facts["preset"] else ""
    return (
        f"{_name('players')} {facts['players']} but the board {facts['board']} has "
        f"{facts['has']}: set {_name('players')} to {facts['people']} (it counts people, not "
        f"machines; 0 takes the board's), or choose a {_name('board')} for "
        f"{facts['wanted']}{example}"
    )


def _handedness_words(facts: Mapping[str, str], setting: str | None) -> str:
    return (
        f"{_name('handedness')} '{facts['given']}' but the board {facts['board']} uses the "
        f"{facts['lattice']} lattice: tiles cut that way are its mirror image and their "
        f"circles would not line up with the board's; choose {facts['lattice']} (or board)"
    )


def _not_used_words(facts: Mapping[str, str], setting: str | None) -> str:
    """A [stones] setting the design does not use: what to choose in the form, or how to
    give the setting back its default (the page warns only of one changed from it)."""
    unused = kit_key("stones", facts["key"])
    if isinstance(unused.default, bool):
        return f"are not used: {facts['why']}; {facts['use']}, or untick {_name(unused.key)}"
    undo = "type 0" if unused.default == 0 else f"set it back to {_default_said(unused)}"
    return f"{facts['value']} is not used: {facts['why']}; {facts['use']}, or {undo}"


def _default_said(setting: KitKey) -> str:
    """The default as the form shows it: a text as typed (180x180), else with its unit."""
    default = setting.default
    return default if isinstance(default, str) else shown_value(setting, default)


#: The page's words for the kit reader's and planner's messages, by their codes
#: (``kitfile.REASONS``): a function of the facts and the setting the finding is at.
_REASON_WORDS = {
    "empty-setting": _empty_words,
    "wrong-type": _wrong_type_words,
    "players-not-people": _players,
    "width-and-pitch": lambda facts, setting: (
        f"{_name('width')} and {_name('pitch')} are both given: give one of them, and 0 "
        "for the other (a tile's width is √7 times its circle pitch)"
    ),
    "handedness-mirrored": _handedness_words,
    "symbols-need-disc": lambda facts, setting: (
        f"{_name('seat_symbols')} need the {_name('design')} {facts['design']}: the pyramid "
        "has a vent on top where the symbol would go"
    ),
    "setting-not-used": _not_used_words,
}

#: A board finding's advice for a kit file, by the finding's code: a pattern of its
#: message, and the page's words for it.
_BOARD_WORDS: dict[str, tuple[tuple[re.Pattern, object], ...]] = {
    "colours-colour-blind": (
        (
            re.compile(r"a kit file's seat_symbols = true \(under \[stones\]\)"),
            lambda m: f"checking {_name('seat_symbols')} (under Stones)",
        ),
    ),
    "symmetry": ((re.compile(r" \(its turns setting\)"), ""),),  # (a board file's key)
}


# Planner codes named after a check rather than a section.
_CODE_SECTIONS = {"kit-board": "kit", "kit-paper": "kit"}


#: The setting a planner's message of a code (``kitfile.REASONS``) is about.
_REASON_SETTINGS = {
    "players-not-people": "kit.players",
    "width-and-pitch": "tile.width",
    "handedness-mirrored": "tile.handedness",
    "symbols-need-disc": "stones.seat_symbols",
}


def locate(code: str, where: str, message: str, reason: str | None = None) -> str | None:
    """The setting (``section.key``) a kit finding is about, or None.

    Reader errors name it (``tile.kerf``); planner errors by their code (``reason``), or
    by the section of their finding's code (``kit-tile``) and the first of its keys
    they mention."""
    if where in {f"{s}.{x.key}" for s, group in SCHEMA.items() for x in group}:
        return where
    if reason in _REASON_SETTINGS:
        return _REASON_SETTINGS[reason]
    section = _CODE_SECTIONS.get(code, code.removeprefix("kit-"))
    if code.startswith("kit-") and section in SCHEMA:
        text = f"{where} {message}"
        hits = [
            (m.start(), s.key)
            for s in SCHEMA[section]
            if (m := re.search(rf"(?<![\w.]){re.escape(s.key)}\b", text))
        ]
        if hits:
            return f"{section}.{min(hits)[1]}"
        return f"{section}.board" if section == "kit" else None
    if code in _BOARD_CODES:
        return "kit.board" if code != "stones-supply" else "stones.count"
    return None


def _board_codes() -> frozenset[str]:
    from fabgen.board.findings import CODES

    return frozenset(CODES)


_BOARD_CODES = _board_codes()


def errors_json(exc: FabgenError) -> list[dict]:
    """A reader error as findings: every mistake of a kit file (they are listed at
    once, as fabgen build lists them), else the one error."""
    from fabgen.kitbuild.kitfile import KitFileError

    if isinstance(exc, KitFileError) and getattr(exc, "path", None) != DESIGNER_SOURCE:
        return [kit_finding_json(f) for f in exc.findings]
    return [error_json(exc)]


def error_json(exc: FabgenError) -> dict:
    """A reader error (one finding) in the same form as the planner's findings."""
    where = getattr(exc, "where", None) or ""
    detail = getattr(exc, "detail", None) or str(exc)
    code = "kit-effort" if isinstance(exc, TooMuchWork) else "kit-file"
    designer = getattr(exc, "path", None) == DESIGNER_SOURCE
    # (a code of the kit reader's; the designer's are the board reader's, said apart)
    reason = None if designer else getattr(exc, "code", None)
    facts = getattr(exc, "facts", None)
    found = finding_json(code, "error", detail, where, not designer, reason, facts)
    if designer:  # the designer's board: at Board
        # (its reason in the designer's words, the place in it: see _designer_board)
        found.update(code="kit-board", where="board from the designer")
        found["setting"] = "kit.board"
    return found


# ---- the preview ------------------------------------------------------------------------


#: The checks of a quick preview: what the test tile and the setup diagram need.
QUICK_CHECKS = ("kit-board", "kit-tile", "kit-paper")


def preview(
    settings: object, board_state: object = None, quick: bool = False, rest: bool = False
) -> dict:
    """Everything the configurator shows for these settings: the findings, and when the
    kit can be built, the test tile, the first sheet with the sheets report, the setup
    diagram and the bill of materials (SVG as text). ``quick``: only the board and tile
    checks, the test tile and the setup diagram (no sheet nesting: a fraction of the
    time), for the first answer after a change. ``rest``: all but the pictures of the
    test tile and the setup diagram, for the answer that follows a quick one. The
    findings of the designer's board say in the designer's words what a board file's
    would write (:func:`fabgen.web.designer.finding_words`)."""
    answer = _preview(settings, board_state, quick, rest)
    if board_state is not None:
        from fabgen.web.designer import finding_words

        for found in answer["findings"]:
            if found["setting"] == "kit.board":
                found["message"] = finding_words(found["message"])
    return answer


def _preview(settings: object, board_state: object, quick: bool, rest: bool) -> dict:
    from fabgen.kitbuild.plan import KitError, plan_kit

    with scratch_folder() as folder:
        try:
            kit, text, _ = read_settings(settings, folder, board_state)
        except FabgenError as exc:
            return {"ok": False, "findings": errors_json(exc)}
        # (games the browser will not play are refused, but the kit is still checked as
        # Download kit file checks it, its games not played: a player's name mistyped,
        # "stronk", was marked only once the games were lowered, and the download was
        # refused for it with "fix the settings marked")
        slow = [error_json(exc) for exc in simulation_problems(kit)]
        try:
            plan = plan_kit(kit, QUICK_CHECKS if quick else None, play=not slow)
        except KitError as exc:
            found = [kit_finding_json(f) for f in exc.findings]
            if not found:
                found = [finding_json("kit-board", "error", str(exc), "")]
            return {"ok": False, "findings": slow + found, "kit_file": text}
        if slow:
            return {"ok": False, "findings": slow}
    findings = [kit_finding_json(f) for f in plan.findings]
    return {
        "ok": True,
        "findings": findings + _bed_note(plan),
        "kit_file": text,
        "quick": quick,
        **_pictures(plan, quick, rest),
    }


def _bed_note(plan) -> list[dict]:
    """A printer bed given as a build volume (``250x210x220``, as a spec sheet gives it):
    the plates are laid out on its width and depth, and its height is left out, said
    beside the other findings (fabgen build says the bed it used at each plate)."""
    from fabgen.geometry.sizes import third_number
    from fabgen.pieces.plate import parse_bed

    bed = plan.kit.section("stones")["bed"]
    height = third_number(bed)
    if height is None or plan.stones is None or not plan.stones.plates:
        return []
    width, depth = parse_bed(bed)
    tallest = max(piece.total_height for piece in plan.stones.pieces)
    note = (
        f"{_NAMES['stones.bed']} {bed!r}: the plates are laid out on a {width:g}×{depth:g} "
        f"mm bed; the build height, {height:g} mm, is not needed (the tallest piece is "
        f"{tallest:.1f} mm high)"
    )
    return [
        {
            "code": "kit-stones",
            "severity": "info",
            "message": note,
            "where": "stones.bed",
            "setting": "stones.bed",
        }
    ]


def _pictures(plan, quick: bool = False, rest: bool = False) -> dict:
    from dataclasses import replace

    from fabgen.kitbuild.plan import tile_params
    from fabgen.kitbuild.render import layout_params
    from fabgen.products.layout import LayoutParams, setup_files
    from fabgen.products.tile import tile_files
    from fabgen.web.designer import seat_words

    g = plan.geometry
    quick_parts = {
        "tile": {
            "width_mm": round(g.width, 3),
            "pitch_mm": round(g.pitch, 3),
            "circle_diameter_mm": round(g.circle_diameter, 3),
        },
        "board": plan.board.details(),
        "seat_words": seat_words(plan.board),  # (as the designer's summary says them)
    }
    if not rest or quick:
        # the kit's test tile, as fabgen build writes it (laser/test-tile.svg)
        params = replace(tile_params(plan), formats=("svg",))
        (svg,) = tile_files(params).files.values()
        quick_parts["tile"]["svg"] = svg.decode("utf-8")
        # (with the seat symbols of the kit's stones, as its print/ folder has them)
        marked = layout_params(plan).seat_symbols
        setup = setup_files(LayoutParams(plan.board, g.width, seat_symbols=marked), ("svg",))
        (svg,) = setup.files.values()
        quick_parts["setup"] = {"svg": svg.decode("utf-8")}
    if quick:
        return quick_parts
    return {**quick_parts, "sheet": _first_sheet(plan), "bom": _bom(plan)}


def _first_sheet(plan) -> dict:
    """The kit's first tile sheet as fabgen build writes it, and the report of all."""
    from fabgen.draw.sheet_report import report_text
    from fabgen.kitbuild.render import laser_report
    from fabgen.products.output import drawing_files

    params, first = plan.sheet_params, plan.sheets[0]
    (svg,) = drawing_files(first.name, first.drawing, ("svg",), params.profile).values()
    report = laser_report(plan)
    return {"svg": svg.decode("utf-8"), "count": len(plan.sheets), "report": report_text(report)}


def _bom(plan) -> str:
    from fabgen.kitbuild.render import bom_text, kit_bom, planned_files

    # kit_bom counts sheets and plates by their files' names; the plan names them all
    text = bom_text(kit_bom(plan, planned_files(plan)))
    if plan.stones is not None and plan.stones.plates:
        text += FILAMENT_LINE
    return text


#: Where the preview's bill of materials has bom.txt's filament lines: they are read
#: back from the kit's 3MF plates, and modelling the pieces would hold up every change.
FILAMENT_LINE = (
    "  filament           of each colour and marker kind: in bom.txt of the built kit "
    "(Download kit), read back from its 3D plates\n"
)


# ---- downloads --------------------------------------------------------------------------


class KitNotDownloaded(FabgenError):
    """A download refused for the kit's errors, said as the form says them: the CLI's
    message ends "Fix these in the kit file ... and run fabgen build again", a file and
    a command the browser's user has not got, and names settings by their keys."""

    status = 400

    def __init__(self, errors: list[dict], designer: bool = False):
        from fabgen.web.designer import finding_words

        self.where = errors[0]["where"] or None
        # (the designer's board is mended in the designer, not in this form, and said
        # in its words: "give it a start tile or stones on a field")
        board = designer and any(e["setting"] == "kit.board" for e in errors)
        if board:
            errors = [
                {**e, "message": finding_words(e["message"])} if e["setting"] == "kit.board" else e
                for e in errors
            ]
        listed = _listed(errors)
        where = " and the board in the board designer" if board else ""
        super().__init__(
            f"Not downloaded: the kit cannot be built: {listed}. Fix the settings marked "
            f"in the form (the preview lists them too){where}, then download again."
        )


def _listed(errors: list[dict]) -> str:
    """The errors, each after its setting's label (once for errors in a row at one
    setting: "Board: seat 1 has no stones ...; seat 2 has no stones ...")."""
    out, before = [], None
    for error in errors:
        name = _NAMES.get(error["setting"] or "")
        message = error["message"]
        named = not name or message.startswith(name) or name == before
        out.append(message if named else f"{name}: {message}")
        before = name
    return "; ".join(out)


@contextlib.contextmanager
def form_words(designer: bool = False):
    """The kit's errors (the kit reader's, the planner's) as :class:`KitNotDownloaded`;
    other refusals (too much work, no room) pass as they are. ``designer``: the kit's
    board is the board designer's."""
    from fabgen.kitbuild.plan import KitError

    try:
        yield
    except KitError as exc:
        found = [kit_finding_json(f) for f in exc.findings]
        errors = [f for f in found if f["severity"] == "error"]
        if not errors:
            raise
        raise KitNotDownloaded(errors, designer) from None
    except InputFileError as exc:
        raise KitNotDownloaded(errors_json(exc), designer) from None
    except TooMuchWork as exc:
        name = _NAMES.get(exc.where or "")
        if not name:
            raise
        raise TooMuchWork(f"Not downloaded: {name} {exc}", exc.where) from None


def build_zip(settings: object, board_state: object = None) -> tuple[bytes, str]:
    """The whole kit as a zip (what ``fabgen build`` writes, manifest included), with
    the kit file (and the designer's board file) that reproduce it, and the kit's name.
    Raises :class:`FabgenError`: the kit's errors in the form's words."""
    from fabgen.kitbuild.plan import plan_kit
    from fabgen.kitbuild.render import render_kit

    with scratch_folder() as folder, form_words(board_state is not None):
        kit, text, extra = read_settings(settings, folder, board_state)
        check_simulation(kit)
        plan = plan_kit(kit)
        files, _ = render_kit(plan)
    files = {**files, **extra, KIT_FILE_NAME: text.encode("utf-8")}
    return zip_bytes(files), kit.name


def zip_bytes(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return buffer.getvalue()


def kit_file(settings: object, board_state: object = None) -> tuple[bytes, str, str]:
    """The kit file (a zip with the board file beside it for the designer's board), its
    file name and the kit's name; refused, as the zip is, for any error that would stop
    ``fabgen build`` before rendering (it checked the reader's errors only, so ``sheet =
    "x"`` was written). A simulated supply is checked but not played: the file goes to
    the command line for games the browser would not play."""
    from fabgen.kitbuild.plan import plan_kit

    with scratch_folder() as folder, form_words(board_state is not None):
        kit, text, extra = read_settings(settings, folder, board_state)
        plan_kit(kit, play=False)
    if extra:
        return zip_bytes({**extra, KIT_FILE_NAME: text.encode("utf-8")}), "zip", kit.name
    return text.encode("utf-8"), "toml", kit.name
