"""One home per name: no two public classes of the package share a name.

Two classes with one name (the web server's bounds and the turn search's both called
``Limits``, say) make every import a question of which one is meant. Private classes
(``_Search``) are each module's own business and may repeat.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import fabgen

PACKAGE = Path(fabgen.__file__).parent

#: Names two public classes still share, each with the reason it is left so.
SHARED: dict[str, str] = {
    "Board": "the board file's model (tiles and seats) and the engine's board (fields "
    "and neighbour tables) are two views of one thing; the engine's is part of its "
    "public API (fabgen.rules)",
}


def public_classes() -> dict[str, list[str]]:
    """Public top-level class name -> the modules that define one."""
    homes: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                homes[node.name].append(str(path.relative_to(PACKAGE.parent)))
    return homes


def test_no_two_public_classes_share_a_name():
    shared = {name: where for name, where in public_classes().items() if len(where) > 1}
    unexplained = {name: where for name, where in shared.items() if name not in SHARED}
    assert not unexplained, f"public classes defined twice: {unexplained}"


def test_every_shared_name_on_the_list_is_still_shared():
    homes = public_classes()
    stale = [name for name in SHARED if len(homes.get(name, ())) < 2]
    assert not stale, f"no longer shared, take them off SHARED: {stale}"


def test_the_search_finds_classes():
    """The scan sees the package: a few classes every reader knows are found."""
    homes = public_classes()
    assert homes["Position"] == ["fabgen/rules/state.py"]
    assert homes["SearchLimits"] == ["fabgen/play/search.py"]
    assert homes["WebLimits"] == ["fabgen/web/limits.py"]
