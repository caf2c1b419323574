"""The kit file (TOML): one place for every setting of a whole kit.

:data:`SCHEMA` (:mod:`fabgen.kitbuild.schema`) defines every key with its type, default
and meaning; ``templates/kit.toml`` is the documented default kit and a test keeps the
two in step. :func:`load_kit` reads a file and checks every key, type and value,
reporting every mistake at once with its TOML key path, and what to write instead
(:mod:`fabgen.kitbuild.mistakes`).
:func:`fabgen.kitbuild.plan.plan_kit` then checks the kit as a whole (board validator
included) before anything is rendered.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from fabgen.errors import FabgenError, Facts, InputFileError, ParameterError, abridged
from fabgen.inputs import parse_toml, read_text
from fabgen.kitbuild.schema import SCHEMA, KitKey, is_kind, quoted, shown_value, wanted
from fabgen.limits import check as check_number
from fabgen.text import MAX_LABEL, has_control

#: What the kit reader's and planner's messages say that a front end says in words of its
#: own (the kit page: what to do in the form, not what to write in a file), by a stable
#: code carried with the message (``InputFileError.code`` of the reader, ``KitError.code``
#: of the planner, ``KitFinding.reason``) with the facts those words need, as the board
#: reader's refusals (``boardfile.REFUSALS``): a front end matches the code, never the
#: message (docs/design-notes.md, *Building a kit*). What each is about:
REASONS: dict[str, str] = {
    "empty-setting": "a setting given as an empty string (facts: default)",
    "wrong-type": (
        "a value of the wrong kind (facts: reason, the message without what to write; "
        "typed, the value to write, and sep, the mark before it, when there is one)"
    ),
    "players-not-people": (
        "players is not the board's count of people (facts: players, board, has, people, "
        "wanted: the people players asks for, preset: a board for them or '')"
    ),
    "width-and-pitch": "[tile] gives both width and pitch",
    "handedness-mirrored": "tiles of the other handedness than the board's (facts: given, "
    "board, lattice)",
    "symbols-need-disc": "seat symbols on a pyramid (facts: design, the one they need)",
    "setting-not-used": (
        "a [stones] setting the design does not use (facts: key, value as said, design, "
        "why, use: the designs that use it)"
    ),
}


def reason_facts(reason: str | None, facts: Mapping[str, str] | None) -> Mapping[str, str]:
    """The facts of a message with code ``reason``, which must be one of :data:`REASONS`
    (a code renamed where it is raised but not here stops at once)."""
    if reason is not None and reason not in REASONS:
        raise ValueError(f"{reason!r} is not a kit reason (REASONS)")
    return Facts(facts)


@dataclass(frozen=True)
class KitFinding:
    code: str
    severity: str  # error | warning | info
    message: str
    where: str = ""
    reason: str | None = None  # one of REASONS, for the words of another front end
    facts: Mapping[str, str] = field(default_factory=Facts)

    def text(self) -> str:
        where = f"{self.where}: " if self.where else ""
        return f"{self.severity} [{self.code}] {where}{self.message}"


def failure_text(source: str, errors) -> str:
    """The message of a kit that cannot be built: every error (:class:`KitFinding`)."""
    lines = [f"the kit {source} cannot be built; nothing was written:"]
    lines += [f"  {f.text()}" for f in errors]
    lines.append("Fix these in the kit file (or the board file) and run fabgen build again.")
    return "\n".join(lines)


class KitFileError(InputFileError):
    """Every unknown section or key, wrong type and bad value of a kit file, listed as
    ``fabgen build`` lists the kit's other errors (code ``kit-file``). ``where`` and
    ``detail`` are the first one's, for front ends that show one. ``settings``: the
    sections as far as they were read (a setting with a mistake left out) and ``folder``
    the kit file's, so that the board can be checked too (``plan.with_board_findings``,
    whose findings :meth:`joined` lists after the file's)."""

    def __init__(self, source: str, problems: list[InputFileError], settings: dict | None = None):
        self.findings = tuple(
            KitFinding("kit-file", "error", p.detail, p.where or "", p.code, p.facts)
            for p in problems
        )
        FabgenError.__init__(self, failure_text(source, self.findings))
        self.path, self.where, self.detail = source, problems[0].where, problems[0].detail
        self.settings = settings or {}
        self.folder = Path.cwd()

    def joined(self, more: tuple[KitFinding, ...]) -> KitFileError:
        """This error with ``more`` findings listed after the file's."""
        import copy

        joined = copy.copy(self)
        joined.findings = self.findings + more
        FabgenError.__init__(joined, failure_text(self.path, joined.findings))
        return joined


@dataclass(frozen=True)
class Kit:
    """A kit file after key and type checks: every setting present (defaults filled in).
    ``given``: the settings the file itself writes (``section.key``), before the defaults
    are filled in, so that a setting the kit does not use is said only when written."""

    source: str
    settings: dict
    folder: Path = field(default_factory=Path.cwd)
    given: frozenset[str] = frozenset()

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
        if not text.strip():
            raise InputFileError(source, _EMPTY_FILE)
    return parse_kit(text, source, folder)


_EMPTY_FILE = (
    "is empty: a kit file gives the settings that differ from the default kit, such as "
    '[kit] and board = "2p-diamond-4" on the next line (python -m fabgen.kitbuild.kitfile '
    "prints every setting with its default, to copy); fabgen build without a file builds "
    "the default kit"
)
"""An empty kit file (saved before anything was typed, or emptied by a tool) built the
default kit, which the same command without the file builds."""


def _folder_of(path: str | Path) -> Path:
    """The folder of the kit file (of its target, if a link) for the board file's name."""
    try:
        return Path(path).resolve().parent
    except (OSError, RuntimeError):  # replaced by a symlink loop since it was read
        return Path(os.path.abspath(path)).parent


def parse_kit(text: str, source: str, folder: Path) -> Kit:
    """Kit-file text (from the browser, say) checked as :func:`load_kit` checks a file;
    a board file named in it is looked up in ``folder``."""
    text = text.removeprefix("\ufeff")  # a BOM, as files may have
    try:
        data = parse_toml(text, source)
    except InputFileError as exc:
        from fabgen.kitbuild.mistakes import refuse_a_misread_line

        refuse_a_misread_line(text, source, exc)
        raise
    try:
        settings = _checked(source, data)
    except KitFileError as exc:
        exc.folder = folder
        raise
    return Kit(source, settings, folder, _given(data))


def _given(data: dict) -> frozenset[str]:
    """The known settings the kit file writes (``section.key``)."""
    return frozenset(
        f"{section}.{key}"
        for section, settings in SCHEMA.items()
        if isinstance(data.get(section), dict)
        for key in data[section]
        if key in {s.key for s in settings}
    )


def _checked(source: str, data: dict) -> dict:
    """Every section with every key; all mistakes of the file at once, so that one run
    shows everything to fix."""
    problems = _unknown_sections(source, data)
    out: dict[str, dict] = {}
    for section, settings in SCHEMA.items():
        given = data.get(section, {})
        given = given if isinstance(given, dict) else {}
        problems += _unknown_keys(source, section, given, settings)
        out[section] = {}
        for s in settings:
            try:
                value = given.get(s.key, s.default)
                out[section][s.key] = _value(source, f"{section}.{s.key}", s, value)
            except InputFileError as exc:
                problems.append(exc)
    if problems:
        raise KitFileError(source, problems, out)
    return out


def _unknown_sections(source: str, data: dict) -> list[InputFileError]:
    from fabgen.kitbuild import mistakes

    problems = []
    for section in data:
        name = abridged(section)
        if section in SCHEMA and not isinstance(data[section], dict):
            problems.append(InputFileError(source, f"must be a table like [{section}]", section))
        elif section in SCHEMA:
            continue
        elif not isinstance(data[section], dict):
            problems.append(InputFileError(source, mistakes.outside_sections(section), name))
        else:
            known = ", ".join(f"[{s}]" for s in SCHEMA)
            close = mistakes.closest(section, SCHEMA)
            meant = f" (did you mean [{close}]?)" if close else ""
            problems.append(
                InputFileError(source, f"unknown section [{name}]{meant}; known: {known}", name)
            )
    return problems


def _unknown_keys(source: str, section: str, given: dict, settings) -> list[InputFileError]:
    from fabgen.kitbuild import mistakes

    keys = [s.key for s in settings]
    return [
        InputFileError(
            source, mistakes.unknown_key(section, key, keys), f"{section}.{abridged(key)}"
        )
        for key in given
        if key not in keys
    ]


def _value(source: str, where: str, setting: KitKey, value: object) -> object:
    if isinstance(value, str) and not value.strip():  # board = "" read the kit's folder
        message, shown = _empty(setting)
        raise InputFileError(
            source,
            message,
            where,
            code="empty-setting",
            facts=reason_facts("empty-setting", {"default": shown}),
        )
    if not is_kind(value, setting):
        from fabgen.kitbuild.mistakes import wrong_type

        message, facts = wrong_type(setting, value)
        raise InputFileError(
            source, message, where, code="wrong-type", facts=reason_facts("wrong-type", facts)
        )
    if isinstance(value, str) and (has_control(value) or len(value) > MAX_LABEL):
        raise InputFileError(
            source,
            f"must be at most {MAX_LABEL} characters of plain text (no control characters "
            f"such as escape sequences), got {quoted(value)}",
            where,
        )
    if setting.choices and value not in setting.choices:
        from fabgen.kitbuild.mistakes import closest

        close = closest(str(value), setting.choices)  # A4 for a4, discs for disc
        meant = f" (did you mean {close!r}?)" if close else ""
        raise InputFileError(
            source, f"{quoted(value)} is not one of: {', '.join(setting.choices)}{meant}", where
        )
    if isinstance(value, str) and setting.key in SIZES:
        _check_size(source, where, setting, value)
    if not isinstance(value, int | float) or isinstance(value, bool):
        return value
    if not (value == 0 and setting.default == 0):  # 0 = "use the default"
        try:
            check_number(setting.name, value)
        except ParameterError as exc:  # named by its key, in ``where``
            raise InputFileError(source, exc.detail or str(exc), where) from None
    return float(value) if float in setting.kind else value


#: The sizes written as text (``600x400``), by key: how the kit's planning reads them.
SIZES = {"sheet": ("WIDTHxHEIGHT", "600x400", False), "bed": ("WIDTHxDEPTH", "180x180", True)}


def _check_size(source: str, where: str, setting: KitKey, value: str) -> None:
    """A sheet or bed size read as the planning reads it, when the file is read: it was
    read only once every other setting was right, so the web form marked a wrong width
    and said nothing of a sheet of "abc" until the width was mended."""
    from fabgen.geometry.sizes import parse_size

    names, example, third = SIZES[setting.key]
    try:
        parse_size(value, setting.name, names, example, third=third)
    except ParameterError as exc:  # named by its key, in ``where``
        raise InputFileError(source, exc.detail or str(exc), where) from None


def _empty(setting: KitKey) -> tuple[str, str]:
    """An empty value (or spaces) of any kind, in words that suit the kit file and the
    web form alike: what the setting expects and its default, which leaving the setting
    out gives (a number said only "must be a number, got ''"); and the default as said."""
    default = setting.default
    shown = shown_value(setting, default)
    if default == 0 and not isinstance(default, bool):
        shown = f"{default:g}"  # (0 stands for "not given": no unit)
    expected = setting.help
    if setting.choices:
        expected = f"one of {', '.join(setting.choices)} ({setting.help})"
    elif str not in setting.kind:
        expected = f"{wanted(setting)}, {setting.help}"
    return (
        f"is empty (or only spaces); expected: {expected}; the default, used when the "
        f"setting is left out, is {shown}"
    ), shown


# ---- the documented default kit ---------------------------------------------------------

_TEMPLATE_HEAD = """\
# The default kit: what `make kit` and `fabgen build` (without a file) make.
# Copy this file, change what you need, and run `fabgen build my_kit.toml --out DIR`.
# Every key is optional; a missing key takes the value shown here.
# Made from fabgen's settings registry: python -m fabgen.kitbuild.kitfile > templates/kit.toml
"""
_COMMENT_AT = 29
_WIDTH = 92


def template_text() -> str:
    """``templates/kit.toml``: every key with its default and help, from :data:`SCHEMA`
    (a test checks that the file shipped is this text)."""
    import textwrap

    import tomli_w

    lines = [_TEMPLATE_HEAD.rstrip("\n")]
    for section, settings in SCHEMA.items():
        lines += ["", f"[{section}]"]
        for s in settings:
            value = tomli_w.dumps({"k": s.default}).strip().removeprefix("k = ")
            head = f"{s.key} = {value}".ljust(_COMMENT_AT - 1)
            note = f"{' | '.join(s.choices)}: {s.help}" if s.choices else s.help
            wrapped = textwrap.wrap(note, _WIDTH - _COMMENT_AT - 2)
            lines.append(f"{head} # {wrapped[0]}")
            lines += [" " * (_COMMENT_AT - 1) + f" # {more}" for more in wrapped[1:]]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(template_text(), end="")
