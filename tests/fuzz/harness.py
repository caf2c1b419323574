"""Running fabgen on hostile input and judging the outcome.

Every case must end with exit 0 and valid files, or exit 1/2 with a message and no
traceback, within a time limit, with the output folder unchanged on failure. In-process
runs (click's CliRunner) are fast enough for most cases; :func:`run_subprocess` adds a
memory limit for the inputs built to exhaust memory.
"""

from __future__ import annotations

import copy
import hashlib
import json
import resource
import signal
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

#: Seconds of this process's CPU time per in-process case: what an endless loop burns,
#: and what other work on a shared machine does not (a wall-clock limit of 20 s failed
#: `rulesheet --paper a4`, about 5 s alone, while helpers' tests loaded both cores).
TIME_LIMIT = 20
#: Seconds by the wall clock, for a case blocked without using the CPU.
WALL_LIMIT = 600
MEMORY_LIMIT = 1 << 30  # bytes of address space for subprocess cases (1 GiB)
SENTINEL = {"previous.txt": b"the kit of an earlier build\n", "sub/keep.svg": b"<svg/>\n"}


class Hang(BaseException):
    """The time limit's alarm: not an Exception, so that no ``except Exception`` of the
    code under test takes it for a failure of its own and goes on (a DXF reader's did,
    and an endless case hung the suite instead of failing)."""


@dataclass
class Outcome:
    exit_code: int
    output: str
    exception: BaseException | None


def snapshot(root: Path) -> dict[str, str]:
    if not root.exists():
        return {}
    return {
        str(p.relative_to(root)): "/" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
    }


def prepare_out(tmp: Path) -> Path:
    """An output folder holding an earlier kit, to check that failures leave it alone."""
    out = tmp / "out"
    for name, data in SENTINEL.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    return out


def _alarm(signum, frame):
    raise Hang()


def run_cli(args: list[str]) -> Outcome:
    """``fabgen ARGS`` in-process, stopped after :data:`TIME_LIMIT` seconds of CPU time
    (or :data:`WALL_LIMIT` by the wall clock)."""
    from fabgen.cli import main

    old = {sig: signal.signal(sig, _alarm) for sig in (signal.SIGPROF, signal.SIGALRM)}
    signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    signal.alarm(WALL_LIMIT)
    try:
        result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=True)
    except Hang:
        raise AssertionError(_too_long(args)) from None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.alarm(0)
        for sig, handler in old.items():
            signal.signal(sig, handler)
    exc = result.exception
    if isinstance(exc, Hang):
        raise AssertionError(_too_long(args))
    if isinstance(exc, SystemExit):
        exc = None
    return Outcome(result.exit_code, result.output, exc)


def _too_long(args) -> str:
    return (
        f"fabgen {args!r} took more than {TIME_LIMIT} s of CPU time "
        f"(or {WALL_LIMIT} s by the wall clock)"
    )


def run_subprocess(args: list[str], timeout: float = 60) -> Outcome:
    """``fabgen ARGS`` in a child limited to :data:`MEMORY_LIMIT` bytes and ``timeout`` s."""

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    proc = subprocess.run(
        [sys.executable, "-m", "fabgen", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limits,
    )
    crashed = "Traceback" in proc.stderr or "MemoryError" in proc.stderr
    return Outcome(
        proc.returncode, proc.stdout + proc.stderr, RuntimeError(proc.stderr) if crashed else None
    )


def check_outcome(outcome: Outcome, args, out: Path | None = None, before=None) -> None:
    """Exit 0 with valid files, or exit 1/2 with a message, no traceback, folder unchanged."""
    where = f"fabgen {' '.join(map(str, args))[:300]}"
    assert outcome.exception is None, f"{where}: {outcome.exception!r}\n{outcome.output[-2000:]}"
    assert outcome.exit_code in (0, 1, 2), f"{where}: exit {outcome.exit_code}\n{outcome.output}"
    assert "Traceback" not in outcome.output, f"{where}\n{outcome.output[-2000:]}"
    assert "\x1b" not in outcome.output, f"{where}: raw escape sequence on the terminal"
    if outcome.exit_code == 2:
        assert outcome.output.strip(), f"{where}: exit 2 without a message"
    if out is None:
        return
    staging = [p for p in out.rglob(".fabgen*")] if out.exists() else []
    assert not staging, f"{where}: left {staging}"
    if outcome.exit_code == 0:
        check_files(out, before or {})
    else:
        assert snapshot(out) == before, f"{where}: the output folder changed on failure"


def check_files(out: Path, before: dict[str, str]) -> None:
    """Every file the run wrote opens as what its name says."""
    import ezdxf

    now = snapshot(out)
    for name, digest in now.items():
        if digest == "/" or before.get(name) == digest:
            continue
        path = out / name
        suffix = path.suffix.lower()
        if suffix == ".svg":
            ET.parse(path)
        elif suffix == ".dxf":
            ezdxf.readfile(path)
        elif suffix == ".json":
            json.loads(path.read_text("utf-8"))
        elif suffix == ".toml":
            tomllib.loads(path.read_text("utf-8"))
        elif suffix == ".pdf":
            data = path.read_bytes()
            assert data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:], name
        elif suffix == ".txt":
            path.read_text("utf-8")


def key_paths(value, path=()):
    """Every place in ``value`` a key or list item can be replaced (lists: their first
    two items)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from key_paths(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value[:2]):
            yield from key_paths(item, (*path, k))


def replaced(value, path, new):
    """A deep copy of ``value`` with the item at ``path`` set to ``new``."""
    if not path:
        return new
    value = copy.deepcopy(value)
    inner = value
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = new
    return value
