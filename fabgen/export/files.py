"""Atomic output: render everything in memory first, then move files into place.

A command collects its products as ``{relative name: bytes}`` and calls
:func:`write_atomically`; either every file appears complete or none does.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from fabgen.errors import FabgenError


def write_atomically(out_dir: str | os.PathLike, files: Mapping[str, bytes]) -> list[Path]:
    """Write ``files`` below ``out_dir``; return the final paths in sorted order.

    Each file is first written to a temporary sibling and fsynced, then all are
    renamed into place, so a crash or a full disk never leaves a half-written file.
    """
    root = Path(out_dir)
    _make_dir(root)
    staged: list[tuple[Path, Path]] = []
    try:
        for name in sorted(files):
            target = _inside(root, name)
            _make_dir(target.parent)
            staged.append((_stage(target, files[name]), target))
        for temp, target in staged:
            os.replace(temp, target)
    except OSError as exc:
        raise FabgenError(f"cannot write to {root}: {exc.strerror or exc}") from exc
    finally:
        for temp, _ in staged:
            if temp.exists():
                temp.unlink()
    return [target for _, target in staged]


def _stage(target: Path, data: bytes) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    # mkstemp creates 0600 files; give them the permissions a plain open() would.
    os.fchmod(fd, 0o666 & ~_umask())
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    return Path(name)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _inside(root: Path, name: str) -> Path:
    target = (root / name).resolve()
    if root.resolve() not in target.parents:
        raise FabgenError(f"output name {name!r} would leave the output folder {root}")
    return target


def _make_dir(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise FabgenError(f"{path} exists and is not a folder: choose another --out folder")
    path.mkdir(parents=True, exist_ok=True)
