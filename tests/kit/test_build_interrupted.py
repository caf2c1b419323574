"""fabgen build killed at several moments, and two builds into one folder at once."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.processes import with_signals

# Kits without 3-D files and on one paper size (the rule sheets are most of such a
# kit's time): what is checked is the folder, whatever the kit's files.
FIRST = '[kit]\nname = "first"\npaper = "a4"\n[stones]\ndesign = "none"\n'
SECOND = '[kit]\nname = "second"\nboard = "2p-diamond-4"\npaper = "a4"\n[stones]\ndesign = "none"\n'


def tree(root):
    """Every entry, hidden ones included (a staging folder or lock file would show)."""
    return {
        str(p.relative_to(root)): "/" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
    }


def build(kit, out, env=None, wait=True, inherited=signal.SIG_DFL):
    """``fabgen build`` in a child process whose stop signals are ``inherited``."""
    proc = subprocess.Popen(
        with_signals(
            [sys.executable, "-m", "fabgen", "build", str(kit), "--out", str(out)], inherited
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )
    if wait:
        assert proc.wait(timeout=120) == 0, proc.stderr.read().decode()
    return proc


@pytest.fixture(scope="module")
def first_kit(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kits")
    (tmp / "first.toml").write_text(FIRST)
    (tmp / "second.toml").write_text(SECOND)
    out = tmp / "reference"
    build(tmp / "first.toml", out)
    return tmp, tree(out)


def copy_of_first(tmp_path, first_kit):
    import shutil

    tmp, expected = first_kit
    out = tmp_path / "kit"
    shutil.copytree(tmp / "reference", out)
    assert tree(out) == expected
    return out


@pytest.mark.parametrize("stage", ["rendering", "locked", "staging", "staged"])
def test_a_killed_build_leaves_the_previous_kit(tmp_path, first_kit, stage):
    tmp, expected = first_kit
    out = copy_of_first(tmp_path, first_kit)
    marker = tmp_path / "marker"
    env = {} if stage == "rendering" else {"FABGEN_TEST_PAUSE": f"{stage}:{marker}"}
    proc = build(tmp / "second.toml", out, env, wait=False)
    if stage == "rendering":  # killed while the products are drawn, by the clock
        time.sleep(1.0)
    else:
        wait_for(marker, proc)
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(timeout=60)
    if code == 0:  # the build was quicker than the clock: then it must be whole
        pytest.skip("the build finished before the kill")
    assert tree(out) == expected


@pytest.mark.parametrize(
    "sig, code",
    [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 128 + signal.SIGINT)],
    ids=["TERM", "INT"],
)
def test_a_build_stopped_mid_write_cleans_up_whatever_it_inherited(tmp_path, first_kit, sig, code):
    # Started as a script's background job may be, with its stop signals ignored, and
    # stopped while half the files are in the staging folder: it still cleans up.
    tmp, expected = first_kit
    out = copy_of_first(tmp_path, first_kit)
    marker = tmp_path / "marker"
    env = {"FABGEN_TEST_PAUSE": f"staging:{marker}"}
    proc = build(tmp / "second.toml", out, env, wait=False, inherited=signal.SIG_IGN)
    wait_for(marker, proc)
    assert list(out.glob(".fabgen-staging-*/new/*"))  # mid-write
    proc.send_signal(sig)
    assert proc.wait(timeout=60) == code  # 130 for Ctrl+C, as a shell reports it
    assert not list(out.glob(".fabgen-*"))  # no staging folder, no lock file
    assert tree(out) == expected


def wait_for(marker, proc, timeout=120.0):
    """Until the build reaches its pause (it touches ``marker``), or fail. The limit
    guards against a hang, not for speed: a build of SECOND took over 60 s to reach its
    pause on two cores loaded by several other test runs. A build that never reaches
    its pause is killed, not left running after its test."""
    deadline = time.monotonic() + timeout
    while not marker.exists():
        assert proc.poll() is None, proc.stderr.read().decode()
        if time.monotonic() >= deadline:
            proc.kill()
            proc.wait()
            pytest.fail("the build never reached the stage")
        time.sleep(0.02)


def test_two_builds_into_one_folder_at_once_give_one_whole_kit(tmp_path, first_kit):
    tmp, _ = first_kit
    out = tmp_path / "kit"
    runs = [build(tmp / name, out, wait=False) for name in ("first.toml", "second.toml")]
    assert [p.wait(timeout=120) for p in runs] == [0, 0]
    import json

    manifest = json.loads((out / "manifest.json").read_text())
    listed = {e["path"]: e["sha256"] for e in manifest["files"]}
    files = {k: v for k, v in tree(out).items() if v != "/"}
    # Exactly one kit's files, each with the content that kit's manifest records: the
    # second build replaced the first one's files and removed those it no longer writes.
    assert set(files) == set(listed) | {"manifest.json"}
    assert all(files[name] == digest for name, digest in listed.items())
    assert manifest["kit"]["kit"]["name"] in ("first", "second")


# A stand-in for CadQuery whose binary core is interrupted while it loads: OCP turns a
# KeyboardInterrupt during its initialisation into an ImportError, and its VTK modules
# swallow one with a bare except.
INTERRUPTED_IMPORT = """
import os, signal, time
try:
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl+C while the module initialises
    time.sleep(0.5)
except BaseException:
    raise ImportError("initialization failed") from None
"""


def test_ctrl_c_while_cadquery_loads_stops_as_anywhere_else(tmp_path):
    """It ended in a traceback, 'ImportError: initialization failed', and exit 1: Ctrl+C
    in the second or two that `fabgen build` or `stones` takes to load CadQuery."""
    (tmp_path / "cadquery").mkdir()
    (tmp_path / "cadquery" / "__init__.py").write_text(INTERRUPTED_IMPORT)
    out = tmp_path / "out"
    run = subprocess.run(
        with_signals([sys.executable, "-m", "fabgen", "stones", "--out", str(out)]),
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        timeout=120,
    )
    assert run.returncode == 130, run.stderr
    assert run.stderr.endswith("\nStopped (Ctrl+C).\n") and "Traceback" not in run.stderr
    assert not out.exists()
