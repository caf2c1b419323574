"""Command-line options made from the settings registry (:mod:`fabgen.settings`).

``@option("kerf")`` gives a command the setting's flag, type, default, help, metavar
and range: a number outside its range or not finite is refused with the flag in the
message and exit 2, before the command runs. Options that only steer a command (where
to write, which format to print) are not settings and are declared in the commands.
"""

from __future__ import annotations

import click

from fabgen.errors import ParameterError, UserError, abridged
from fabgen.limits import check
from fabgen.settings import SETTINGS, Setting
from fabgen.text import did_you_mean, meant

#: Marks the options made here (a test checks that every setting option is).
FROM_REGISTRY = "fabgen_setting"

_METAVARS = {"mm": "MM", "mm/s": "MM/S"}


def option(name: str, *, unset: bool = False, default_text: str = "", lead: str = ""):
    """The click option of setting ``name``.

    ``unset``: the command receives None when the flag is not given (it takes the
    default from elsewhere, such as a board file; the help still shows the default,
    or ``default_text``). ``lead``: words put before the help, such as "With
    --simulate only. " for an option that only matters with another.
    """
    s = SETTINGS[name]
    if s.flag is None:
        raise ValueError(f"setting {name!r} has no command-line flag")
    default = None if unset else s.default
    # A number as it is typed: "[default: 10]", where click shows a float as "10.0".
    typed = isinstance(default, float) and not (default_text or s.default_text)
    shown = default_text or s.default_text or (_shown(s.default) if unset or typed else "")
    text = lead + s.help + (f"  [default: {shown}]" if shown else "")
    decls = [_flag(s.flag, s.kind), s.keyword]
    show = default is not None and not typed
    kwargs: dict = {"help": text, "default": default, "show_default": show}
    if s.kind is bool:
        pass  # a --flag/--no-flag pair: no type, no metavar
    elif s.choices:
        kwargs["type"] = Choice(list(s.choices))
    elif s.kind in (int, float):
        kwargs["type"] = Bounded(s)
        kwargs["metavar"] = s.metavar or _METAVARS.get(s.unit, "N")
    else:
        kwargs["metavar"] = s.metavar or None
    decorator = click.option(*decls, **kwargs)

    def apply(func):
        func = decorator(func)
        setattr(func.__click_params__[-1], FROM_REGISTRY, name)
        return func

    return apply


def _flag(flag: str, kind: type) -> str:
    if kind is bool:
        return f"{flag}/--no-{flag.removeprefix('--')}"
    return flag


def _shown(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Choice(click.Choice):
    """click's choice, quoting a wrong value briefly: click's own message repeats it
    whole, however long (see :func:`fabgen.errors.abridged`), and offering the choices
    it was probably typed for (``hex`` for ``hexagon``; ``aliases`` adds words people
    use for a choice, ``json`` for ``transcript``)."""

    def __init__(self, choices, aliases: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(choices, **kwargs)
        self.aliases = aliases or {}

    def get_invalid_choice_message(self, value, ctx) -> str:
        choices = ", ".join(repr(c) for c in self.choices)
        text = value if isinstance(value, str) else str(value)
        if len(self.choices) == 1:
            return f"{abridged(text, quoted=True)} is not {choices}."
        return f"{abridged(text, quoted=True)} is not one of {choices}{self._meant(text)}."

    def _meant(self, text: str) -> str:
        alias = self.aliases.get(text.strip().casefold())
        return did_you_mean([alias] if alias else meant(text, map(str, self.choices)))

    def fail(self, message, param=None, ctx=None):
        """One paragraph and exit 2, as a bad number's message (click's usage error put
        the usage and a hint before it)."""
        opts = getattr(param, "opts", None) or []
        flag = opts[0] if opts and opts[0].startswith("-") else None
        raise UserError(f"{flag} {message}" if flag else str(message))


class Bounded(click.ParamType):
    """A finite number within its setting's range (see :mod:`fabgen.limits`)."""

    def __init__(self, setting: Setting):
        self.setting = setting
        self.name = "integer" if setting.kind is int else "float"

    def convert(self, value, param, ctx):
        # (a setting without a flag is named as the kit and the code name it)
        label = param.opts[0] if param is not None and param.opts else self.setting.flag
        label = label or self.setting.name
        shown = None
        try:
            if isinstance(value, str):
                shown = value.strip()
                value = self._read(value, label)
            return check(self.setting.name, value, label, shown=shown)
        except ParameterError as exc:
            # One paragraph and exit 2, like every other bad-input message.
            raise UserError(exc.naming(label) if exc.detail is not None else str(exc)) from None

    def _read(self, text: str, label: str):
        """A number as typed; a length in mm may carry its unit (``100mm``), and one in
        inches or centimetres is refused with its value in mm (as sheet sizes are,
        :mod:`fabgen.geometry.sizes`)."""
        if self.setting.unit == "mm" and len(text) <= 40:
            from fabgen.geometry.sizes import parse_length

            length = parse_length(text, self.setting.name)
            if length is not None:
                return length
        return _parse(text, self.setting.kind is int, label)


class Counted(click.ParamType):
    """A whole number from ``minimum`` up, for options that pick something (a turn of a
    file) rather than set it: long digit strings are refused before Python converts
    them, as :class:`Bounded` does."""

    name = "integer"

    def __init__(self, minimum: int = 1):
        self.minimum = minimum

    def convert(self, value, param, ctx):
        label = param.opts[0] if param is not None and param.opts else "the number"
        number = _parse(value, True, label) if isinstance(value, str) else value
        if number < self.minimum:
            raise UserError(f"{label} {number} is below {self.minimum}: count from {self.minimum}")
        return number


def _parse(text: str, integer: bool, label: str):
    text = text.strip()
    what = "a whole number" if integer else "a number"
    if len(text) > 40:
        raise UserError(f"{label} {abridged(text)} is not {what} fabgen uses")
    try:
        return int(text) if integer else float(text)
    except ValueError:
        raise UserError(f"{label} {text!r} is not {what}{_comma_hint(text, integer)}") from None


def _comma_hint(text: str, integer: bool) -> str:
    """What to type for a number written with a comma (``0,15`` as in much of Europe,
    ``1,000`` with a thousands separator); else nothing."""
    import re

    if re.fullmatch(r"[+-]?\d{1,3}(,\d{3})+", text) and (integer or text.count(",") > 1):
        return f": write it without separators, {text.replace(',', '')}"
    if not integer and re.fullmatch(r"[+-]?\d+,\d+", text):
        return f": write the decimal point as a full stop, {text.replace(',', '.')}"
    return ""


def player_names(text: str) -> tuple[str, ...]:
    """``--players``: the names, comma-separated, each as the registry spells it
    (``Greedy, extreme machine`` is greedy and extreme-machine, see
    :func:`fabgen.play.policy.policy_name`); unknown names are refused where they are
    used, with the list of known ones. An empty name between commas is refused: it was
    dropped, and ``strong,,greedy,random`` was told it named 3 players."""
    from fabgen.play.policy import policy_name

    names = [p.strip() for p in text.split(",")]
    if "" in names:
        k = names.index("")
        what = (
            "names no player"
            if not any(names)
            else f"has an empty name, the {_ordinal(k + 1)} of {len(names)} (two commas in a "
            "row, or one at an end)"
        )
        raise ParameterError.about(
            "players",
            f"{text!r} {what}: give one name for every seat or one per seat, comma-separated",
        )
    return tuple(map(policy_name, names))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


#: Options that steer a command rather than being settings, whose values the library
#: refuses by these names (``ParameterError.about("moves", ...)``).
STEERING_FLAGS = {
    "moves": "--moves",
    "scheduler": "--scheduler",
    "suggest_starts": "--suggest-starts",
}


def named_for_the_command_line(error: ParameterError) -> str:
    """The message of ``error`` with its setting named by its flag, when it has one."""
    s = SETTINGS.get(error.parameter)
    flag = s.flag if s is not None else STEERING_FLAGS.get(error.parameter)
    if flag and error.detail is not None:
        return error.naming(flag)
    return str(error)
