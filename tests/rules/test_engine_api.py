"""The engine's public API: nothing outside ``fabgen/rules`` reaches into its private
attributes or imports its private names (see docs/design-notes.md, "Machines and the
turn search"). Fast paths stay inside the rules package; everyone else reads the
read-only views (``status_codes``, ``owners``, ``stone_counts``, ``capacities``,
``growing_indices``, ``region_labels()``) and changes positions through ``copy()`` and
the turn functions."""

from __future__ import annotations

import ast
from pathlib import Path

from fabgen.board import load_preset
from fabgen.rules.state import GROWING

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "fabgen" / "rules"


def _private_names_of_rules() -> set[str]:
    """Every single-underscore attribute, method, function and class the rules
    package defines or uses on its objects."""
    names = set()
    for path in RULES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, ast.FunctionDef | ast.ClassDef):
                name = node.name
            else:
                continue
            if name.startswith("_") and not name.startswith("__"):
                names.add(name)
    return names


def _own_names(tree: ast.AST) -> set[str]:
    """Attributes a module assigns and functions or classes it defines: its own
    private names, which it may use however it likes."""
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            own.add(node.name)
    return own


def _crossings(path: Path, private: set[str]) -> list[str]:
    tree = ast.parse(path.read_text())
    own = _own_names(tree)
    where = path.relative_to(ROOT)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in private and node.attr not in own:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fabgen.rules"):
            found += [
                f"{where}:{node.lineno}: imports {a.name} from {node.module}"
                for a in node.names
                if a.name.startswith("_")
            ]
    return found


def _outside_rules() -> list[Path]:
    paths = [*(ROOT / "fabgen").rglob("*.py"), *(ROOT / "benchmarks").glob("*.py")]
    return sorted(p for p in paths if RULES not in p.parents)


def test_no_module_outside_rules_touches_the_engines_private_names():
    private = _private_names_of_rules()
    assert {"_status", "_owner", "_stones", "_growing"} <= private  # the scan sees them
    found = [hit for path in _outside_rules() for hit in _crossings(path, private)]
    assert not found, "private engine names used outside fabgen/rules:\n" + "\n".join(found)


def test_the_scan_finds_a_private_access(tmp_path):
    """The check above can fail: a module that reads ``position._status`` is caught."""
    module = tmp_path / "m.py"
    module.write_text("def f(position):\n    return position._status\n")
    hits = _crossings_in(module)
    assert hits and "position._status" in hits[0]


def _crossings_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    private, own = _private_names_of_rules(), _own_names(tree)
    return [
        ast.unparse(n)
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and n.attr in private and n.attr not in own
    ]


def test_the_views_show_the_position_and_a_copy_is_independent():
    pos = load_preset("2p-diamond-4").position()
    copy = pos.copy()
    assert copy == pos
    first = next(i for i, o in enumerate(pos.owners) if o >= 0)
    assert pos.stone_counts[first] == pos.stones(pos.board.fields[first])
    assert set(pos.growing_indices) == {i for i, s in enumerate(pos.status_codes) if s == GROWING}
    labels = pos.region_labels()
    assert len(labels) == len(pos.board.fields)
    copy._stones[first] += 1  # a test may reach in to prove independence
    assert copy != pos and pos.stone_counts[first] == copy.stone_counts[first] - 1
