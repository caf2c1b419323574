"""The kit file's keys: :data:`SCHEMA`, made from the settings registry
(docs/design-notes.md, *One definition per setting*), and the kinds of value they take.
"""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.errors import abridged

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

    keyed = [(s.kit.split(".")[0], s) for s in SETTINGS.values() if s.kit]
    return {
        section: tuple(_kit_setting(s) for named, s in keyed if named == section)
        for section in SECTIONS
    }


#: Every kit-file key, made from the settings registry.
SCHEMA: dict[str, tuple[KitKey, ...]] = _schema()


def kit_key(section: str, key: str) -> KitKey:
    """The setting ``key`` of ``[section]`` (both known)."""
    (setting,) = [s for s in SCHEMA[section] if s.key == key]
    return setting


def setting_words(section: str, key: str) -> str:
    """A setting as the kit's own files name it (bom.txt), for the kit page's user and
    the kit file's alike: ``set by Sheet thickness on the kit page or [laser] thickness
    in the kit file`` (the page's label, then the key as fabgen build's messages write
    it; the two side by side read like a leaked label)."""
    label = kit_key(section, key).label
    return f"set by {label} on the kit page or [{section}] {key} in the kit file"


def shown_value(setting: KitKey, value: object) -> str:
    """A value of ``setting`` as a message says it: true, 7.1 mm, '250x210'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"{value:g}{f' {setting.unit}' if setting.unit else ''}"
    return quoted(value)


def quoted(value: object) -> str:
    """A value the file gave, as a message quotes it: briefly when long."""
    if isinstance(value, str):
        return abridged(value, quoted=True)
    return abridged(repr(value), limit=40)


def is_kind(value: object, setting: KitKey) -> bool:
    """``value`` is of the setting's kind (a boolean is no number here, as in TOML)."""
    return isinstance(value, setting.kind) and not (
        isinstance(value, bool) and bool not in setting.kind
    )


_TYPE_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def wanted(setting: KitKey) -> str:
    return "a number" if float in setting.kind else _TYPE_NAMES[setting.kind[0]]
