"""A files list for the commands that write a few files into a folder the user picks,
``fabgen layout`` (``NAME-layout-files.json``) and ``fabgen rules turn --svg``
(``turn-files.json``), as ``balance`` keeps one and ``build`` its manifest.json: a run
into the same folder removes the files of an earlier run that it does not write (unchanged
since), and refuses to replace a file no such list names, or one changed since fabgen
wrote it (:func:`fabgen.export.transaction.refuse_replacing_changes`).

A folder without the list (files of a fabgen from before the list) is taken once by
fabgen's mark: a file this run would replace with other bytes is replaced if it carries
the mark fabgen writes into that kind of file, and refused otherwise (docs/design-notes.md,
*Safe writing and bounded input*).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from fabgen.export.transaction import WriteResult

#: What begins a file fabgen wrote, by how its name ends (the board file's first line,
#: the bill of materials' first words); SVG and PDF carry it further in.
_HEADS = {
    ".toml": b"# Atlantis board file, written by fabgen.",
    "-bom.txt": b"Bill of materials: Atlantis board ",
}
_MARKS = {".svg": b"<desc>Made by fabgen ", ".pdf": b"/Creator (fabgen "}
_MAX_MARKED = 64 * 2**20  # a bigger file is no earlier output of these commands


def write_listed(
    out_dir: Path, files: Mapping[str, bytes], list_name: str, flag: str, command: str
) -> WriteResult:
    """Write ``files`` and their list ``list_name`` into ``out_dir`` as one transaction.

    With the folder's earlier list: stale files removed, a changed or unlisted file refused
    under the lock. Without one: a file to be replaced with other bytes that lacks
    fabgen's mark is refused. ``flag`` names the folder's option, ``command`` the command
    in the refusal ("layout", "rules turn")."""
    from fabgen.export.transaction import (
        check_out_dir,
        files_list,
        refuse_replacing_changes,
        write_transaction,
    )

    root = check_out_dir(out_dir, flag)
    listed = {**files, list_name: files_list(files)}
    earlier = os.path.lexists(root / list_name)
    if not earlier:
        unmarked = {name: data for name, data in listed.items() if not _fabgen_made(root / name)}
        refuse_replacing_changes(root, unmarked, list_name, flag, command=command)
    return write_transaction(
        root, listed, manifest=list_name, flag=flag, keep_changed=earlier, command=command
    )


def _fabgen_made(path: Path) -> bool:
    """Whether ``path`` is a plain file that carries fabgen's mark for its kind: a board
    file's header (and no comment of someone else's), a bill of materials' first words,
    an SVG's "Made by fabgen", a PDF's creator, a bill of materials in JSON, or a start
    position (a transcript with no turns: one with turns is a game someone played, as
    ``rules machine --play`` writes)."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > _MAX_MARKED:
            return False
        data = path.read_bytes()
    except OSError:
        return False
    name = path.name
    if name.endswith(".toml") and data.startswith(_HEADS[".toml"]):
        # (fabgen writes its two lines of comment at the top and no other)
        return not any(line.startswith(b"#") for line in data.splitlines()[2:])
    if any(name.endswith(end) and data.startswith(head) for end, head in _HEADS.items()):
        return True
    if any(name.endswith(end) and mark in data for end, mark in _MARKS.items()):
        return True
    return name.endswith(".json") and _fabgen_json(data)


def _fabgen_json(data: bytes) -> bool:
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        return False
    if not isinstance(value, dict):
        return False
    if value.get("format") == "Atlantis transcript":
        return not value.get("turns") and not value.get("events")
    return {"board", "tiles", "stones", "total_pieces"} <= value.keys()
