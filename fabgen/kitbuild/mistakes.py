"""What a hand-written kit file's mistakes are told to write (docs/design-notes.md, *One
definition per setting*: a newcomer's guesses get what to type).

A maker writes a kit file as the command line takes the settings (``width = 10cm``,
``kerf = 0,15``, ``sheet = 600x400``), as another format writes them (``kerf: 0.2``,
``numbers = yes``, a Windows path in double quotes), or puts a key in the wrong
section. :mod:`fabgen.kitbuild.kitfile` refuses each; the functions here say what to
write instead, in the command line's words where it has them
(:mod:`fabgen.geometry.sizes`).
"""

from __future__ import annotations

from fabgen.errors import InputFileError, ParameterError, abridged
from fabgen.inputs import toml_date
from fabgen.kitbuild.schema import SCHEMA, KitKey, is_kind, kit_key, quoted, wanted


def refuse_a_misread_line(text: str, source: str, exc: InputFileError) -> None:
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
    home = section_of(key)
    if home is None:
        return None
    setting = kit_key(home, key)
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
        return (raw, "") if is_kind(value, setting) else (None, "")
    if raw[:1] in ("'", '"', "[", "{"):  # a quote not closed, a list: the reader's words
        return None, ""
    if str in setting.kind:
        text, why = raw, f"the value of {setting.key} is text, which TOML takes in quotes"
        if setting.key in ("sheet", "bed"):  # a size: its own mistake too (600,5x400)
            size = _size_written(text, setting)
            if size:
                text, mistake = size
                why += f", and {mistake}"
        return json.dumps(text, ensure_ascii=False), why
    if bool in setting.kind:
        meant = _TRUTHS.get(raw.lower())
        return (meant, "TOML writes true or false in lower case") if meant else (None, "")
    number = _number_written(setting, raw)
    return number if number else (None, "")


#: What a maker may write for true or false, as TOML writes it.
_TRUTHS = dict.fromkeys(("true", "yes", "on"), "true") | dict.fromkeys(
    ("false", "no", "off"), "false"
)


def _size_written(text: str, setting: KitKey) -> tuple[str, str] | None:
    """A sheet or bed size as it is to be written, and its mistake (None when right)."""
    import re

    from fabgen.geometry.sizes import parse_size

    try:
        parse_size(text, setting.name, third=setting.key == "bed")  # (a build height)
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


def unknown_key(section: str, key: str, keys: list[str]) -> str:
    """An unknown key and what was meant: a key written by meaning ("colours", "count"
    of tiles), a setting of another section ("kerf belongs in [tile]") or a typo of one
    of this section ("did you mean 'width'?")."""
    shown = abridged(key, quoted=True)
    meant = _meant_key(section, key.lower().replace("-", "_").replace(" ", "_"))
    if meant:
        return f"unknown key {shown} in [{section}]: {meant}"
    names = ", ".join(sorted(keys))
    home = section_of(key)
    if home is not None:
        return f"unknown key {shown} in [{section}]: {key} belongs in [{home}], move it there"
    close = closest(key, keys)
    if close:
        return f"unknown key {shown} (did you mean {close!r}?); known keys: {names}"
    other = closest(key, [s.key for name, ss in SCHEMA.items() if name != section for s in ss])
    if other:
        return (
            f"unknown key {shown} (did you mean {other!r}? it belongs in [{section_of(other)}])"
            f"; known keys of [{section}]: {names}"
        )
    return f"unknown key {shown}; known keys: {names}"


_COLOUR_KEYS = {"colour", "colours", "color", "colors", "stone_colours", "stone_colors"}
_TILE_COUNT_KEYS = {"count", "tiles", "tile_count", "number_of_tiles", "tiles_count"}
_STONE_SIZE_KEYS = {"diameter", "stone_diameter", "size", "stone_size"}


def _meant_key(section: str, key: str) -> str | None:
    """What to write for a key a maker names by what it means, where no setting has the
    name, or the setting that has it means something else: ``[tile] count = 21`` was
    told to move to [stones], where count is stones per colour."""
    if key in {"unit", "units", "measurement", "measurements"}:
        return (
            "a kit file has no unit setting: its lengths and sizes are in millimetres, "
            'always (width = 101.6 for 4 in; sheet = "609.6x406.4" for 24x16 in)'
        )
    if key in _COLOUR_KEYS:
        return (
            "the stones' colours are the seats', which the board file gives: copy the board "
            'file a build writes into board/, set colour = "orange" (a name or #rrggbb) '
            'under each [[players]], and name the copy with board = "FILE.toml" under [kit]'
        )
    if key in _TILE_COUNT_KEYS and section != "stones":
        return (
            "the number of tiles is the board's (board under [kit]); for tiles beyond it "
            "write spare_tiles = N under [laser] ([stones] count is stones per colour)"
        )
    if section == "stones" and key in _STONE_SIZE_KEYS:
        return (
            "a kit's stones are as wide as the tiles' engraved circles allow (2 mm less "
            "across when printed, 90 % when cut): set circle_diameter under [tile], or make "
            "stones of another size with fabgen stones --stone-diameter"
        )
    said = {
        ("tile", "size"): "width = 100 (across the flats, mm)",
        ("tile", "diameter"): "circle_diameter = 18 (the engraved circles, mm)",
        ("laser", "size"): 'sheet = "600x400" (WIDTHxHEIGHT in mm)',
        ("laser", "sheet_size"): 'sheet = "600x400" (WIDTHxHEIGHT in mm)',
    }.get((section, key))
    return f"did you mean {said.split()[0]!r}? write e.g. {said}" if said else None


def outside_sections(key: str) -> str:
    """A key above every [section] header: TOML puts it in no section."""
    home = section_of(key)
    if home is None:
        close = closest(key, [s.key for keys in SCHEMA.values() for s in keys])
        home = section_of(close) if close else None
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


def section_of(key: str) -> str | None:
    return next((name for name, keys in SCHEMA.items() if key in {s.key for s in keys}), None)


def closest(name: str, names) -> str | None:
    """The name of ``names`` that ``name`` is a typo of (or differs from in case only)."""
    import difflib

    close = difflib.get_close_matches(name.lower(), list(names), n=1, cutoff=0.7)
    return close[0] if close else None


def wrong_type(setting: KitKey, value: object) -> tuple[str, dict[str, str]]:
    """A value of the wrong type, and what to write: a number in quotes or with its unit
    gets the number (as the command line reads ``--width 100mm``), a list, a table or a
    boolean gets the kind of value the setting takes. With the facts of the refusal
    ``wrong-type`` (``kitfile.REASONS``): the reason alone, and the value to type when
    there is one, for a front end that says what to do in its own words."""
    if isinstance(value, str) and str not in setting.kind:
        typed = _typed_number(setting, value)
        if typed:
            return typed
    shown = _shown(value)
    example = _toml(setting.key, setting.default)
    must = f"must be {wanted(setting)}, got {shown}"
    if isinstance(value, str) and bool in setting.kind and value.strip().lower() in _TRUTHS:
        truth = _TRUTHS[value.strip().lower()]
        return _advised(
            f"must be true or false, got {shown}",
            f": write {setting.key} = {truth} (true or false in lower case, without quotes)",
            truth,
        )
    if str in setting.kind and toml_date(value):  # name = 12:30:00, without quotes
        text = _toml_value(value.isoformat())  # type: ignore[attr-defined]
        advice = (
            f": write {setting.key} = {text} (in quotes: without them TOML reads a date or time)"
        )
        return _advised(must, advice, text)
    if isinstance(value, float) and value.is_integer() and int in setting.kind:
        whole = f"must be a whole number, got {shown}"
        return _advised(whole, f": write {setting.key} = {int(value)}", str(int(value)))
    if isinstance(value, list) and len(value) == 1 and _writable(value[0], setting):
        advice = f": write one value without brackets, {_toml(setting.key, value[0])}"
        return _advised(must, advice, _toml_value(value[0]))
    if isinstance(value, dict):
        home = section_of(setting.key)
        made = f" ([{home}.{setting.key}] or {setting.key}.x = ... makes one)"
        return f"{must}{made}: write {example} under [{home}]", {"reason": must}
    advice = f"write e.g. {example}"
    if setting.default == 0 and not isinstance(setting.default, bool):
        advice += f" ({setting.help})"  # what 0 stands for (the board's width, ...)
    if bool in setting.kind:
        advice = f"write {setting.key} = true or {setting.key} = false, without quotes"
    return f"{must}; {advice}", {"reason": must}


def _writable(value: object, setting: KitKey) -> bool:
    """A value of the setting's kind that may be advised as written ([inf] is no
    ``width = inf``: the reader refuses inf and nan by name)."""
    import math

    return is_kind(value, setting) and not (isinstance(value, float) and not math.isfinite(value))


def _advised(reason: str, advice: str, typed: str) -> tuple[str, dict[str, str]]:
    """A message that says what to write after its reason, and its facts."""
    return reason + advice, {"reason": reason, "typed": typed, "sep": advice[0]}


def _typed_number(setting: KitKey, text: str) -> tuple[str, dict[str, str]] | None:
    """What to write for a number given as text the way the command line takes it
    (``"100mm"``, ``"10cm"``, ``"0,15"``, ``"100"``); None for other text. A length in
    cm or inches gets the command line's words (:mod:`fabgen.geometry.sizes`), which say
    ``give 100`` where a kit file says ``write width = 100``."""
    number = _number_written(setting, text)
    if number is None:
        return None
    written, why = number
    if why.startswith("'"):  # in another unit: why names the value
        return _advised(why, f"; write {setting.key} = {written} (a number, no quotes)", written)
    quoted = abridged(text.strip(), quoted=True)
    return _advised(
        f"must be {wanted(setting)}, got {quoted}",
        f": write {setting.key} = {written} ({why or 'a number'}, no quotes)",
        written,
    )


def _shown(value: object) -> str:
    """A value of the file as TOML writes it, with its kind for a list or a table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | dict):
        kind = "a list" if isinstance(value, list) else "a table"
        return f"{kind}, {abridged(_toml_value(value), limit=40)}"
    return toml_date(value) or quoted(value)


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
