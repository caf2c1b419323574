"""The piece modules and their CadQuery helpers do not import each other (no circle)."""

import ast
from pathlib import Path

import fabgen.pieces

PACKAGE = Path(fabgen.pieces.__file__).parent


def imports_of(path: Path) -> set[str]:
    """Modules of fabgen.pieces imported anywhere in the file (also inside functions)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fabgen.pieces."):
            found.add(node.module.rsplit(".", 1)[1])
    return found


def test_the_import_graph_of_fabgen_pieces_has_no_circle():
    graph = {p.stem: imports_of(p) - {p.stem} for p in PACKAGE.glob("*.py")}
    assert graph["solids"] == set()  # the helpers know no piece
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "active"
        for dep in sorted(graph.get(module, ())):
            assert state.get(dep) != "active", " -> ".join([*path, module, dep])
            if dep not in state:
                visit(dep, [*path, module])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
