"""mypy finds no type error in the package (``[tool.mypy]`` in pyproject.toml; ``make
lint`` runs it too). A second run on a copy with an error put in shows that the check
can fail."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")


def _mypy(root: Path, *only: str) -> subprocess.CompletedProcess:
    """mypy with the project's settings, on its packages or on the modules ``only``."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", "pyproject.toml"]
        + [arg for module in only for arg in ("-m", module)],
        cwd=root,
        capture_output=True,
        text=True,
    )


def test_the_package_has_no_type_errors():
    result = _mypy(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_a_type_error_in_the_core_fails(tmp_path):
    shutil.copytree(
        ROOT / "fabgen", tmp_path / "fabgen", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    path = tmp_path / "fabgen" / "board" / "checks" / "wording.py"
    path.write_text(path.read_text() + '\n\ndef _wrong() -> int:\n    return many("7")\n')
    # (that module alone, with the project's settings: the whole check takes 20 s more)
    result = _mypy(tmp_path, "fabgen.board.checks.wording")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "fabgen/board/checks/wording.py" in result.stdout
    assert "[arg-type]" in result.stdout
