"""The kit file (TOML) and ``fabgen build``: every product of a kit from one file.

A kit is read and fully validated before anything is rendered; products are rendered
into memory, then written together, so a failure never leaves half a kit behind.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from fabgen import __version__
from fabgen.errors import FabgenError, InputFileError
from fabgen.geometry.tile import TILE_PARAMETERS

KIT_SECTIONS = {
    "kit": {"name"},
    "tile": {*TILE_PARAMETERS, "border"},
    "laser": {"profile"},
}


@dataclass(frozen=True)
class Kit:
    source: str
    settings: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.settings["kit"]["name"]


def default_kit_text() -> str:
    return resources.files("fabgen.templates").joinpath("kit.toml").read_text("utf-8")


def load_kit(path: str | Path | None) -> Kit:
    """Read a kit file (or the default kit) and check every key and type."""
    if path is None:
        source, text = "templates/kit.toml (default kit)", default_kit_text()
    else:
        source = str(path)
        try:
            text = Path(path).read_text("utf-8")
        except OSError as exc:
            raise InputFileError(source, f"cannot read the kit file: {exc.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputFileError(source, f"not valid TOML: {exc}") from None
    _check_keys(source, data)
    return Kit(source, data)


def _check_keys(source: str, data: dict) -> None:
    for section, value in data.items():
        if section not in KIT_SECTIONS:
            known = ", ".join(f"[{s}]" for s in KIT_SECTIONS)
            raise InputFileError(source, f"unknown section [{section}]; known: {known}", section)
        if not isinstance(value, dict):
            raise InputFileError(source, "must be a table like [tile]", section)
        for key in value:
            if key not in KIT_SECTIONS[section]:
                known = ", ".join(sorted(KIT_SECTIONS[section]))
                raise InputFileError(
                    source, f"unknown key {key!r}; known keys: {known}", f"{section}.{key}"
                )
    name = data.get("kit", {}).get("name", "atlantis")
    if not isinstance(name, str) or not name.replace("-", "").replace("_", "").isalnum():
        raise InputFileError(source, "name must be letters, digits, - or _", "kit.name")
    data.setdefault("kit", {})["name"] = name


def build_kit(kit: Kit) -> dict[str, bytes]:
    """All files of the kit, by relative path, including manifest.json and README.txt."""
    from fabgen.products import tile_product

    files: dict[str, bytes] = {}
    for product in (tile_product,):
        files.update(product(kit))
    files["README.txt"] = _readme(kit, files).encode("utf-8")
    files["manifest.json"] = _manifest(kit, files)
    return files


def _manifest(kit: Kit, files: dict[str, bytes]) -> bytes:
    entries = [
        {"path": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        for name, data in sorted(files.items())
    ]
    manifest = {"fabgen_version": __version__, "kit": kit.settings, "files": entries}
    return (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode("utf-8")


FILE_NOTES = {
    ".svg": "vector drawing: open in LightBurn or Inkscape",
    ".dxf": "CAD drawing in mm: open in LightBurn, LibreCAD or FreeCAD",
}


def _readme(kit: Kit, files: dict[str, bytes]) -> str:
    lines = [
        f"Atlantis kit '{kit.name}', made by fabgen {__version__} from {kit.source}.",
        "",
        "Files:",
    ]
    for name in sorted(files):
        note = FILE_NOTES.get(Path(name).suffix, "")
        lines.append(f"  {name:<40} {note}")
    lines += [
        "",
        "laser/: cut the tile outline (red), engrave the circles and border (black).",
        "manifest.json lists every file with its SHA-256 and the kit settings.",
        "",
    ]
    return "\n".join(lines)


def check_kit(kit: Kit) -> None:
    """Validate every product's parameters without rendering (fails fast)."""
    from fabgen.products import tile_settings

    tile_settings(kit)


__all__ = ["FabgenError", "Kit", "build_kit", "check_kit", "load_kit"]
