"""The kit file (TOML): one place for every setting of a whole kit.

:data:`SCHEMA` defines every key with its type, default and meaning; ``templates/kit.toml``
is the documented default kit and a test keeps the two in step. :func:`load_kit` reads
a file and checks every key, type and value, reporting every mistake at once with its
TOML key path.
:func:`fabgen.kitbuild.plan.plan_kit` then checks the kit as a whole (board validator
included) before anything is rendered.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from fabgen.errors import FabgenError, InputFileError, ParameterError, abridged
from fabgen.inputs import parse_toml, read_text
from fabgen.limits import check as check_number
from fabgen.text import MAX_LABEL, has_control

#: The sections of a kit file, in the order the template shows them.
SECTIONS = ("kit", "tile", "laser", "stones")


@dataclass(frozen=True)
class KitKey:
    """A kit-file key, as :data:`fabgen.settings.SETTINGS` declares it (``name``)."""

    key: str
    kind: tuple[type, ...]
    default: object
    help: str
    choices: tuple[str, ...] | None
    name: str
    unit: str = ""
    label: str = ""


def _kit_setting(s) -> KitKey:
    kinds = (int, float) if s.kind is float else (s.kind,)
    text = s.kit_help or s.help.rstrip(".")
    acronym = len(text) > 1 and text[1].isupper()
    help = text if acronym else text[:1].lower() + text[1:]
    key = s.kit.split(".")[1]
    return KitKey(key, kinds, s.in_kit, help, s.kit_options, s.name, s.unit, s.form_label)


def _schema() -> dict[str, tuple[KitKey, ...]]:
    from fabgen.settings import SETTINGS

    keyed = [s for s in SETTINGS.values() if s.kit]
    return {
        section: tuple(_kit_setting(s) for s in keyed if s.kit.split(".")[0] == section)
        for section in SECTIONS
    }


#: Every kit-file key, made from the settings registry.
SCHEMA: dict[str, tuple[KitKey, ...]] = _schema()


@dataclass(frozen=True)
class KitFinding:
    code: str
    severity: str  # error | warning | info
    message: str
    where: str = ""

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
    ``detail`` are the first one's, for front ends that show one."""

    def __init__(self, source: str, problems: list[InputFileError]):
        self.findings = tuple(
            KitFinding("kit-file", "error", p.detail, p.where or "") for p in problems
        )
        FabgenError.__init__(self, failure_text(source, self.findings))
        self.path, self.where, self.detail = source, problems[0].where, problems[0].detail


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
        raise KitFileError(source, problems)
    return out


def _unknown_sections(source: str, data: dict) -> list[InputFileError]:
    problems = []
    for section in data:
        if section not in SCHEMA:
            known = ", ".join(f"[{s}]" for s in SCHEMA)
            name = abridged(section)
            problems.append(
                InputFileError(source, f"unknown section [{name}]; known: {known}", name)
            )
        elif not isinstance(data[section], dict):
            problems.append(InputFileError(source, f"must be a table like [{section}]", section))
    return problems


def _unknown_keys(source: str, section: str, given: dict, settings) -> list[InputFileError]:
    names = ", ".join(sorted(s.key for s in settings))
    return [
        InputFileError(
            source,
            f"unknown key {abridged(key, quoted=True)}; known keys: {names}",
            f"{section}.{abridged(key)}",
        )
        for key in given
        if key not in {s.key for s in settings}
    ]


def _quoted(value: object) -> str:
    """A value the file gave, as a message quotes it: briefly when long."""
    if isinstance(value, str):
        return abridged(value, quoted=True)
    return abridged(repr(value), limit=40)


def _value(source: str, where: str, setting: KitKey, value: object) -> object:
    if isinstance(value, str) and not value.strip():  # board = "" read the kit's folder
        raise InputFileError(source, _empty(setting), where)
    ok = isinstance(value, setting.kind) and not (
        isinstance(value, bool) and bool not in setting.kind
    )
    if not ok:
        raise InputFileError(source, f"must be {_wanted(setting)}, got {_quoted(value)}", where)
    if isinstance(value, str) and (has_control(value) or len(value) > MAX_LABEL):
        raise InputFileError(
            source,
            f"must be at most {MAX_LABEL} characters of plain text (no control characters "
            f"such as escape sequences), got {_quoted(value)}",
            where,
        )
    if setting.choices and value not in setting.choices:
        raise InputFileError(
            source, f"{_quoted(value)} is not one of: {', '.join(setting.choices)}", where
        )
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and not (value == 0 and setting.default == 0):  # 0 = "use the default"
        try:
            check_number(setting.name, value)
        except ParameterError as exc:  # named by its key, in ``where``
            raise InputFileError(source, exc.detail or str(exc), where) from None
    if number and float in setting.kind:
        return float(value)
    return value


_TYPE_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def _wanted(setting: KitKey) -> str:
    return "a number" if float in setting.kind else _TYPE_NAMES[setting.kind[0]]


def _empty(setting: KitKey) -> str:
    """An empty value (or spaces) of any kind, in words that suit the kit file and the
    web form alike: what the setting expects and its default, which leaving the setting
    out gives (a number said only "must be a number, got ''")."""
    default = setting.default
    if isinstance(default, bool):
        shown = "true" if default else "false"
    elif isinstance(default, int | float):  # 0 stands for "not given": no unit
        shown = f"{default:g}{f' {setting.unit}' if setting.unit and default else ''}"
    else:
        shown = _quoted(default)
    expected = setting.help
    if setting.choices:
        expected = f"one of {', '.join(setting.choices)} ({setting.help})"
    elif str not in setting.kind:
        expected = f"{_wanted(setting)}, {setting.help}"
    return (
        f"is empty (or only spaces); expected: {expected}; the default, used when the "
        f"setting is left out, is {shown}"
    )


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
