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
    try:
        data = parse_toml(text.removeprefix("\ufeff"), source)  # a BOM, as files may have
    except InputFileError as exc:
        _refuse_an_unquoted_value(text, source, exc)
        raise
    return Kit(source, _checked(source, data), folder)


def _refuse_an_unquoted_value(text: str, source: str, exc: InputFileError) -> None:
    """A TOML error on a setting's line written as on the command line or in another
    format (``width = 10cm``, ``kerf = 0,15``, ``sheet = 600x400``, ``numbers = yes``,
    ``kerf: 0.2``, ``corner radius = 2``, ``[kit] board = ...``): say what to write
    there; nothing for other errors (the reader's message stands)."""
    import re

    at = re.search(r"\(at line (\d+), column \d+\)", exc.detail or "")
    lines = text.splitlines()
    if at is None or not 1 <= int(at[1]) <= len(lines):
        return
    line = lines[int(at[1]) - 1].strip()
    problem = _line_problem(line)
    if problem:
        where = f"line {at[1]}, {abridged(line, 40, quoted='json')}"
        raise InputFileError(source, f"is not valid TOML: {problem}", where) from None


def _line_problem(line: str) -> str | None:
    """What is wrong with a line of a setting that TOML cannot read, and what to write."""
    import re

    header = re.fullmatch(r"\[\s*([A-Za-z_]+)\s*\]\s*([^#\s].*)", line)
    if header and header[1] in SCHEMA:
        return f"a [{header[1]}] header stands alone on its line: put {header[2]} on the next line"
    escaped = re.fullmatch(r'([a-z_]+)\s*=\s*"([^"]*\\[^"]*)"\s*(#.*)?', line)
    if escaped and escaped[1] == "board":  # a Windows path
        import json

        key, value = escaped[1], escaped[2]
        return (
            f"TOML reads a backslash in double quotes as the start of an escape such as \\n: "
            f"write {key} = {json.dumps(value.replace(chr(92), '/'))} (fabgen takes / between "
            f"folders on every system), or the value in single quotes, {key} = '{value}'"
        )
    given = re.fullmatch(r"([A-Za-z][A-Za-z0-9_ -]*?)\s*(=|:|\s)\s*([^#=]*?)\s*(#.*)?", line)
    if given is None:
        return None
    key = re.sub(r"[\s-]+", "_", given[1].strip())
    home = _section_of(key)
    if home is None:
        return None
    (setting,) = [s for s in SCHEMA[home] if s.key == key]
    written, why = _written(setting, given[3])
    if written is None:
        return None
    fixes = ["TOML sets a key with =" if given[2] != "=" else ""]
    fixes.append("a key is one word, with _ between words" if key != given[1] else "")
    fixes.append(why)
    fixes = [fix for fix in fixes if fix]
    said = "; ".join(fixes)
    return f"{said}{'; ' if ':' in said else ': '}write {key} = {written}" if fixes else None


def _written(setting: KitKey, raw: str) -> tuple[str | None, str]:
    """A value as a line gave it, unquoted: what to write in TOML and why (no reason when
    it is already right); None when there is no telling."""
    import json
    import tomllib

    raw = raw.strip()
    try:
        value = tomllib.loads(f"k = {raw}")["k"]
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        pass
    else:
        return (raw, "") if _is_kind(value, setting) else (None, "")
    if raw[:1] in ("'", '"', "[", "{"):  # a quote not closed, a list: the reader's words
        return None, ""
    if str in setting.kind:
        text, why = (
            raw.strip("\"'"),
            f"the value of {setting.key} is text, which TOML takes in quotes",
        )
        if setting.key in ("sheet", "bed"):  # a size: its own mistake too (600,5x400)
            size = _size_written(text, setting)
            if size:
                text, mistake = size
                why += f", and {mistake}"
        return json.dumps(text, ensure_ascii=False), why
    if bool in setting.kind:
        meant = {"true": "true", "yes": "true", "on": "true", "false": "false", "no": "false"}
        meant |= {"off": "false"}
        if raw.lower().strip("\"'") in meant:
            return meant[raw.lower().strip("\"'")], "TOML writes true or false in lower case"
        return None, ""
    number = _number_written(setting, raw)
    return number if number else (None, "")


def _size_written(text: str, setting: KitKey) -> tuple[str, str] | None:
    """A sheet or bed size as it is to be written, and its mistake (None when right)."""
    import re

    from fabgen.geometry.sizes import parse_size

    try:
        parse_size(text, setting.name)
    except ParameterError as size:
        detail = size.detail or str(size)
        fixed = re.search(r"(?:stop|them|give),? ([0-9.]+ ?[xX] ?[0-9.]+)", detail)
        return (fixed[1] if fixed else text), detail
    return None


def _number_written(setting: KitKey, text: str) -> tuple[str, str] | None:
    """A number typed as on the command line (``100mm``, ``10cm``, ``0,15``, ``1,000``,
    ``.5``): the number to write and its mistake ("" for none); None for other text."""
    import re

    text = text.strip()
    if len(text) > 40:
        return None
    if setting.unit == "mm":
        from fabgen.geometry.sizes import parse_length

        try:
            length = parse_length(text, setting.name)
        except ParameterError as exc:  # the command line's words, which then say "give"
            detail = exc.detail or str(exc)
            mm = re.search(r"; give (\S+)$", detail)
            return (mm[1], detail[: mm.start()]) if mm else None
        if length is not None:
            return f"{length:g}", "a kit file's lengths are in mm, written without unit"
    return _as_typed(text, float not in setting.kind)


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
        name = abridged(section)
        if section in SCHEMA and not isinstance(data[section], dict):
            problems.append(InputFileError(source, f"must be a table like [{section}]", section))
        elif section in SCHEMA:
            continue
        elif not isinstance(data[section], dict):
            problems.append(InputFileError(source, _outside(section), name))
        else:
            known = ", ".join(f"[{s}]" for s in SCHEMA)
            close = _closest(section, SCHEMA)
            meant = f" (did you mean [{close}]?)" if close else ""
            problems.append(
                InputFileError(source, f"unknown section [{name}]{meant}; known: {known}", name)
            )
    return problems


def _outside(key: str) -> str:
    """A key above every [section] header: TOML puts it in no section."""
    home = _section_of(key)
    if home is None:
        close = _closest(key, [s.key for keys in SCHEMA.values() for s in keys])
        home = _section_of(close) if close else None
        if home is None:
            known = ", ".join(f"[{s}]" for s in SCHEMA)
            return f"unknown key {abridged(key, quoted=True)}, above every section; known: {known}"
        return (
            f"unknown key {abridged(key, quoted=True)} (did you mean {close!r}?), above every "
            f"section: write {close} under [{home}]"
        )
    return (
        f"is above every section, where no setting goes: move it under [{home}] (a key "
        "belongs to the [section] header above it)"
    )


def _section_of(key: str) -> str | None:
    return next((name for name, keys in SCHEMA.items() if key in {s.key for s in keys}), None)


def _closest(name: str, names) -> str | None:
    """The name of ``names`` that ``name`` is a typo of (or differs from in case only)."""
    import difflib

    close = difflib.get_close_matches(name.lower(), list(names), n=1, cutoff=0.7)
    return close[0] if close else None


def _unknown_keys(source: str, section: str, given: dict, settings) -> list[InputFileError]:
    keys = [s.key for s in settings]
    return [
        InputFileError(source, _unknown_key(section, key, keys), f"{section}.{abridged(key)}")
        for key in given
        if key not in keys
    ]


def _unknown_key(section: str, key: str, keys: list[str]) -> str:
    """An unknown key and what was meant: a setting of another section ("kerf belongs
    in [tile]") or a typo of one of this section ("did you mean 'width'?")."""
    shown = abridged(key, quoted=True)
    names = ", ".join(sorted(keys))
    home = _section_of(key)
    if home is not None:
        return f"unknown key {shown} in [{section}]: {key} belongs in [{home}], move it there"
    close = _closest(key, keys)
    if close:
        return f"unknown key {shown} (did you mean {close!r}?); known keys: {names}"
    other = _closest(key, [s.key for name, ss in SCHEMA.items() if name != section for s in ss])
    if other:
        return (
            f"unknown key {shown} (did you mean {other!r}? it belongs in [{_section_of(other)}])"
            f"; known keys of [{section}]: {names}"
        )
    return f"unknown key {shown}; known keys: {names}"


def _quoted(value: object) -> str:
    """A value the file gave, as a message quotes it: briefly when long."""
    if isinstance(value, str):
        return abridged(value, quoted=True)
    return abridged(repr(value), limit=40)


def _value(source: str, where: str, setting: KitKey, value: object) -> object:
    if isinstance(value, str) and not value.strip():  # board = "" read the kit's folder
        raise InputFileError(source, _empty(setting), where)
    if not _is_kind(value, setting):
        raise InputFileError(source, _wrong_type(setting, value), where)
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


def _is_kind(value: object, setting: KitKey) -> bool:
    """``value`` is of the setting's kind (a boolean is no number here, as in TOML)."""
    return isinstance(value, setting.kind) and not (
        isinstance(value, bool) and bool not in setting.kind
    )


def _wrong_type(setting: KitKey, value: object) -> str:
    """A value of the wrong type, and what to write: a number in quotes or with its unit
    gets the number (as the command line reads ``--width 100mm``), a list, a table or a
    boolean gets the kind of value the setting takes."""
    if isinstance(value, str) and str not in setting.kind:
        typed = _typed_number(setting, value)
        if typed:
            return typed
    shown = _shown(value)
    example = _toml(setting.key, setting.default)
    if isinstance(value, list) and len(value) == 1 and _is_kind(value[0], setting):
        return (
            f"must be {_wanted(setting)}, got {shown}: write one value without brackets, "
            f"{_toml(setting.key, value[0])}"
        )
    if isinstance(value, dict):
        home = _section_of(setting.key)
        return (
            f"must be {_wanted(setting)}, got {shown} ([{home}.{setting.key}] or "
            f"{setting.key}.x = ... makes one): write {example} under [{home}]"
        )
    advice = f"write e.g. {example}"
    if bool in setting.kind:
        advice = f"write {setting.key} = true or {setting.key} = false, without quotes"
    return f"must be {_wanted(setting)}, got {shown}; {advice}"


def _typed_number(setting: KitKey, text: str) -> str | None:
    """What to write for a number given as text the way the command line takes it
    (``"100mm"``, ``"10cm"``, ``"0,15"``, ``"100"``); None for other text. A length in
    cm or inches gets the command line's words (:mod:`fabgen.geometry.sizes`), which say
    ``give 100`` where a kit file says ``write width = 100``."""
    number = _number_written(setting, text)
    if number is None:
        return None
    written, why = number
    if why.startswith("'"):  # in another unit: why names the value
        return f"{why}; write {setting.key} = {written} (a number, no quotes)"
    quoted = abridged(text.strip(), quoted=True)
    return (
        f"must be {_wanted(setting)}, got {quoted}: write {setting.key} = {written} "
        f"({why or 'a number'}, no quotes)"
    )


def _as_typed(text: str, integer: bool) -> tuple[str, str] | None:
    """A number as typed, with a decimal comma (``0,15``) or thousands separators
    (``1,000``): the number to write and its mistake, as the command line's ``--kerf
    0,15`` says it; None for other text."""
    import math
    import re

    try:
        number = int(text) if integer else float(text)
    except ValueError:
        pass
    else:
        if not math.isfinite(number):
            return None
        plain = re.fullmatch(r"[+-]?\d+(\.\d+)?([eE][+-]?\d+)?", text)
        if plain:
            return text, ""
        return repr(number), "a number has digits on both sides of its decimal point"
    if re.fullmatch(r"[+-]?\d{1,3}(,\d{3})+", text) and (integer or text.count(",") > 1):
        return text.replace(",", ""), "a number is written without separators"
    if not integer and re.fullmatch(r"[+-]?\d+,\d+", text):
        return text.replace(",", "."), "the decimal point is written as a full stop"
    return None


def _shown(value: object) -> str:
    """A value of the file as TOML writes it, with its kind for a list or a table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | dict):
        kind = "a list" if isinstance(value, list) else "a table"
        return f"{kind}, {abridged(_toml_value(value), limit=40)}"
    return _quoted(value)


def _toml(key: str, value: object) -> str:
    return f"{key} = {_toml_value(value)}"


def _toml_value(value: object) -> str:
    """``value`` as TOML writes it on one line (inline tables and lists)."""
    import json
    import math

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, list):
        return f"[{', '.join(_toml_value(v) for v in value)}]"
    if isinstance(value, dict):
        return f"{{ {', '.join(_toml(str(k), v) for k, v in value.items())} }}"
    return repr(value) if isinstance(value, int | float) else json.dumps(str(value))


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
