"""Reading a board from a file or a preset: board files (TOML) and transcripts (JSON)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fabgen.board.boardfile import name_from_stem, parse_board_toml, read_text
from fabgen.board.model import Board
from fabgen.board.transcript_io import parse_board_transcript
from fabgen.errors import InputFileError, ParameterError, abridged
from fabgen.text import did_you_mean, meant


def read_board(path: str | Path) -> Board:
    """A board file (``.toml``) or a transcript (``.json``); other names are told apart
    by their first character (a transcript starts with ``{``)."""
    path = Path(path)
    text = read_text(path)
    transcript = is_transcript(path, text)
    try:
        if transcript:
            name = name_from_stem(path.stem)
            return parse_board_transcript(text, str(path), name=name, one_line_names=True)
        return parse_board_toml(text, str(path), default_name=path.stem)
    except InputFileError as exc:
        if exc.where is None and _is_the_other(text, transcript):
            other = ("a board file (TOML): name it .toml", "a transcript (JSON): name it .json")
            hint = f"; its content is {other[not transcript]}"
            raise InputFileError(str(path), exc.detail + hint) from None
        raise


def _is_the_other(text: str, transcript: bool) -> bool:
    """Whether ``text``, which failed to read as a transcript (or as a board file), reads
    as the other: a board file saved as ``.json`` said only "is not valid JSON"."""
    from fabgen.inputs import parse_json, parse_toml

    try:
        value = parse_toml(text, "") if transcript else parse_json(text, "")
    except InputFileError:
        return False
    return isinstance(value, dict) and bool(value)


def is_transcript(path: Path, text: str) -> bool:
    suffix = path.suffix.lower()
    if suffix in (".json", ".toml"):
        return suffix == ".json"
    return text.lstrip().startswith("{")


def _preset_dir():
    return resources.files("fabgen.templates").joinpath("boards")


def preset_names() -> list[str]:
    """Names of the shipped presets, sorted (they start with the player count)."""
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in _preset_dir().iterdir()
        if entry.name.endswith(".toml")
    )


def preset_text(name: str) -> str:
    if name not in preset_names():
        raise ParameterError(
            "preset",
            f"unknown preset {abridged(name, quoted=True)}{_closest(name)}: choose one of "
            f"{', '.join(preset_names())} (fabgen boards lists them)",
        )
    return _preset_dir().joinpath(f"{name}.toml").read_text("utf-8")


def _closest(name: str) -> str:
    """`` (did you mean 'NAME'?)`` for a preset name typed nearly right (a typo, a
    wrong number of tiles) or begun (``3p-triangle``: all three), else nothing: the
    list of 21 names is long to read."""
    return did_you_mean(meant(name, preset_names()))


def load_preset(name: str) -> Board:
    return parse_board_toml(preset_text(name), f"preset {name}", default_name=name)


def load_presets() -> list[Board]:
    return [load_preset(name) for name in preset_names()]
