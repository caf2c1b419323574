"""The online version's engine (js/common/GameState.js of a copy of
maksverver/atlantis-heroku, not part of this repository) run by node through one of the
harnesses beside this file: shared by bench_play.py (timing) and compare_online.py
(turn by turn). Scripts run as ``python benchmarks/x.py`` find it on the import path."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

ENGINE_FILE = Path("js", "common", "GameState.js")


class EngineFailed(Exception):
    """The harness ended with an error (its stderr says why)."""


def find_node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


@dataclass(frozen=True)
class NodeEngine:
    """A copy of the online engine and the node that runs it."""

    directory: Path
    node: str

    def version(self) -> str:
        run = subprocess.run([self.node, "--version"], capture_output=True, text=True)
        return run.stdout.strip()

    def ask(self, harness: Path, request: dict) -> dict:
        """The harness's JSON answer to ``request`` (sent on its stdin)."""
        run = subprocess.run(
            [self.node, str(harness), str(self.directory)],
            input=json.dumps(request),
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            raise EngineFailed(
                f"the online engine in {self.directory} failed under node: "
                f"{run.stderr.strip()[-800:]}"
            )
        return json.loads(run.stdout)
