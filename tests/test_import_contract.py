"""The layers of docs/design-notes.md ("Layers") hold, and no import circle comes back.

The contracts live in pyproject.toml (``[tool.importlinter]``); ``make lint`` runs them
too. Each check also runs on a copy of the package with a circle put back, so a
contract that silently stopped checking anything would fail here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LINT = (
    "import sys\n"
    "from importlinter.cli import lint_imports\n"
    "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))\n"
)

# One circle among all of fabgen's modules (a package's __init__ counts as a module, so a
# circle through it and its own children is found too, which import-linter's sibling
# check does not look at), found by the standard library's topological sort.
CYCLE = (
    "import graphlib, grimp\n"
    "graph = grimp.build_graph('fabgen', cache_dir=None)\n"
    "imports = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}\n"
    "try:\n"
    "    graphlib.TopologicalSorter(imports).prepare()\n"
    "except graphlib.CycleError as exc:\n"
    "    print(' -> '.join(reversed(exc.args[1])))\n"
)


def _run(code: str, root: Path) -> subprocess.CompletedProcess:
    """Run ``code`` with the fabgen package found under ``root`` first."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
    )


def _copy_with_import(root: Path, module: str, imported: str) -> Path:
    """A copy of the package (and its contracts) under ``root`` where ``module`` (a file
    under fabgen/) imports ``imported`` inside a function, as fabgen.limits did."""
    shutil.copytree(ROOT / "fabgen", root / "fabgen", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    path = root / "fabgen" / module
    path.write_text(path.read_text() + f"\n\ndef _circle():\n    from {imported} import main\n")
    return root


def test_every_import_contract_is_kept():
    result = _run(LINT, ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_circle_breaks_the_contracts(tmp_path):
    # fabgen.limits importing the command line again, as before issue 23: a circle
    # through the whole package, a layer broken, and click reached from the core.
    result = _run(LINT, _copy_with_import(tmp_path, "limits.py", "fabgen.cli"))
    assert result.returncode == 1, result.stdout + result.stderr
    broken = [line.split(" BROKEN")[0] for line in result.stdout.splitlines() if " BROKEN" in line]
    assert broken == [
        "packages import only the layers below them",
        "no import circle between the modules of any package",
        "geometry, board, rules and play import no file format, CAD or UI library",
    ]
    assert "fabgen.limits -> fabgen.cli" in result.stdout


def test_no_module_of_fabgen_imports_itself_through_others():
    result = _run(CYCLE, ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "", f"an import circle: {result.stdout}"


def test_the_circle_check_finds_a_circle_through_a_package_and_its_child(tmp_path):
    # fabgen.cli (its __init__) -> commands -> rules_cmd -> fabgen.cli: no two siblings
    # meet in this circle, so import-linter's contracts keep; the module check sees it.
    root = _copy_with_import(tmp_path, "cli/rules_cmd.py", "fabgen.cli")
    assert _run(LINT, root).returncode == 0
    result = _run(CYCLE, root)
    assert result.returncode == 0, result.stderr
    circle = result.stdout.strip().split(" -> ")
    assert circle[0] == circle[-1]
    assert {"fabgen.cli", "fabgen.cli.rules_cmd"} <= set(circle)
