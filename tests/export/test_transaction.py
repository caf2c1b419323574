"""Every write is a transaction: killed, failing or concurrent writers never leave half a kit."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fabgen.errors import FabgenError
from fabgen.export import transaction as tx
from fabgen.export.transaction import write_transaction
from fabgen.text import shown_path
from tests.processes import with_signals

OLD = {"a.txt": b"old a\n", "sub/b.txt": b"old b\n"}
NEW = {"a.txt": b"new a\n", "sub/b.txt": b"new b\n", "c/d/e.txt": b"new e\n", "f.txt": b"f\n"}

WRITER = """
import sys, json
from fabgen.export.transaction import write_transaction
files = {k: v.encode() for k, v in json.loads(sys.argv[2]).items()}
write_transaction(sys.argv[1], files, manifest=sys.argv[3] if len(sys.argv) > 3 else None)
"""
# A second thread, as numpy's OpenBLAS starts: it takes a signal that the writer blocks.
THREADED = (
    "import threading, time\nthreading.Thread(target=time.sleep, args=(60,), daemon=True).start()"
)


def snapshot(root: Path) -> dict[str, str]:
    """Every entry below root (hidden ones too): files by hash, folders as '/'."""
    return {
        str(p.relative_to(root)): "/" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
    }


def as_tree(files: dict[str, bytes]) -> dict[str, str]:
    tree = {}
    for name, data in files.items():
        parts = name.split("/")
        for k in range(1, len(parts)):
            tree["/".join(parts[:k])] = "/"
        tree[name] = hashlib.sha256(data).hexdigest()
    return tree


def start_writer(
    out: Path,
    files: dict[str, bytes],
    env: dict[str, str],
    inherited=signal.SIG_DFL,
    threaded: bool = False,
) -> subprocess.Popen:
    """The writer in a child process whose stop signals are ``inherited`` (whatever this
    test run itself inherited), beside a second thread if ``threaded``."""
    payload = json.dumps({k: v.decode() for k, v in files.items()})
    script = f"{THREADED}\n{WRITER}" if threaded else WRITER
    return subprocess.Popen(
        with_signals([sys.executable, "-c", script, str(out), payload], inherited),
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def wait_for(marker: Path, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not marker.exists():
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline, "the writer never reached the stage"
        time.sleep(0.02)


@pytest.fixture
def old_kit(tmp_path):
    out = tmp_path / "kit"
    write_transaction(out, OLD)
    assert snapshot(out) == as_tree(OLD)
    return out


# The writer's stop signals at their defaults, or ignored (as a script's background job
# gets SIGINT): it cleans up either way.
INHERITED = pytest.mark.parametrize(
    "inherited", [signal.SIG_DFL, signal.SIG_IGN], ids=["inherited-default", "inherited-ignored"]
)


@INHERITED
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
@pytest.mark.parametrize("stage", ["locked", "staging", "staged"])
def test_a_writer_killed_before_the_commit_leaves_the_old_kit(
    old_kit, tmp_path, stage, sig, inherited
):
    marker = tmp_path / "marker"
    env = {"FABGEN_TEST_PAUSE": f"{stage}:{marker}"}
    proc = start_writer(old_kit, NEW, env, inherited)
    wait_for(marker, proc)
    if stage == "staging":  # half the files are in the staging folder by now
        assert any(p.name.startswith(tx.STAGING_PREFIX) for p in old_kit.iterdir())
    proc.send_signal(sig)
    assert proc.wait(timeout=120) != 0
    assert snapshot(old_kit) == as_tree(OLD)  # no staging folder, no lock file, old content


@pytest.mark.parametrize("threaded", [False, True], ids=["one-thread", "numpy-thread"])
def test_a_writer_killed_during_the_commit_finishes_it_first(old_kit, tmp_path, threaded):
    # With numpy loaded (a kit build), the signal went to OpenBLAS's thread and Python
    # ran the handler in the writer's all the same: the commit was cut short and undone.
    marker = tmp_path / "marker"
    env = {"FABGEN_TEST_PAUSE": f"committing:{marker}", "FABGEN_TEST_PAUSE_SECONDS": "1"}
    proc = start_writer(old_kit, NEW, env, threaded=threaded)
    wait_for(marker, proc)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=120) == 128 + signal.SIGTERM
    assert snapshot(old_kit) == as_tree(NEW)


@INHERITED
def test_a_signal_during_the_clean_up_does_not_cut_it_short(tmp_path, inherited):
    # As a second kill would: killed while the lock is given up (the clean-up holds
    # signals back; here paused a second), the lock file still goes.
    out = tmp_path / "kit"
    marker = tmp_path / "marker"
    env = {"FABGEN_TEST_PAUSE": f"unlocking:{marker}", "FABGEN_TEST_PAUSE_SECONDS": "1"}
    proc = start_writer(out, NEW, env, inherited)
    wait_for(marker, proc)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=120) == 128 + signal.SIGTERM
    assert snapshot(out) == as_tree(NEW)  # written whole; no lock file, no staging folder


def test_the_writer_puts_the_callers_signal_handlers_back(tmp_path):
    def mine(signum, frame):
        raise AssertionError("not during the test")

    old = {
        s: signal.signal(s, h) for s, h in [(signal.SIGINT, signal.SIG_IGN), (signal.SIGTERM, mine)]
    }
    try:
        write_transaction(tmp_path / "kit", NEW)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) is mine
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)


def test_a_writer_killed_into_a_new_folder_leaves_no_folder(tmp_path):
    marker = tmp_path / "marker"
    out = tmp_path / "new" / "kit"
    proc = start_writer(out, NEW, {"FABGEN_TEST_PAUSE": f"staged:{marker}"})
    wait_for(marker, proc)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=120) != 0
    assert not (tmp_path / "new").exists()


def test_staging_left_by_sigkill_is_cleared_by_the_next_writer(old_kit, tmp_path):
    marker = tmp_path / "marker"
    proc = start_writer(old_kit, NEW, {"FABGEN_TEST_PAUSE": f"staged:{marker}"})
    wait_for(marker, proc)
    proc.kill()
    proc.wait(timeout=120)
    assert snapshot(old_kit) != as_tree(OLD)  # SIGKILL cannot be caught: leftovers ...
    assert {k: v for k, v in snapshot(old_kit).items() if not k.startswith(".")} == as_tree(OLD)
    write_transaction(old_kit, NEW)  # ... which the next writer clears
    assert snapshot(old_kit) == as_tree(OLD | NEW)


def test_two_writers_into_one_folder_take_turns(old_kit, tmp_path):
    marker = tmp_path / "marker"
    env = {"FABGEN_TEST_PAUSE": f"locked:{marker}", "FABGEN_TEST_PAUSE_SECONDS": "2"}
    first = start_writer(old_kit, NEW, env)
    wait_for(marker, first)
    impatient = start_writer(old_kit, OLD, {"FABGEN_LOCK_TIMEOUT": "0.2"})
    assert impatient.wait(timeout=120) == 1
    assert "another fabgen is writing into" in impatient.stderr.read().decode()
    second = start_writer(old_kit, {"a.txt": b"second\n"}, {"FABGEN_LOCK_TIMEOUT": "30"})
    assert first.wait(timeout=120) == 0
    assert second.wait(timeout=120) == 0
    assert (old_kit / "a.txt").read_bytes() == b"second\n"  # the second waited, then wrote
    assert snapshot(old_kit) == as_tree(NEW | {"a.txt": b"second\n"})


def test_two_cli_builds_at_once_do_not_interleave(tmp_path, cli):
    out = tmp_path / "tiles"
    cmd = [sys.executable, "-m", "fabgen", "tile", "--out", str(out)]
    runs = [
        subprocess.Popen([*cmd, "--width", w], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for w in ("80", "120")
    ]
    assert [p.wait(timeout=60) for p in runs] == [0, 0]
    pairs = []
    for w in ("80", "120"):
        cli("tile", "--width", w, "--out", tmp_path / w)
        pairs.append(snapshot(tmp_path / w))
    assert snapshot(out) in pairs  # both files come from one run, nothing else is left


def test_a_new_folder_another_probe_removes_is_made_again(tmp_path, monkeypatch):
    # Two commands started at once into a new folder: the other's probe (try_out_dir)
    # removes the empty folder between this one making it and taking the lock, and
    # again between this one's probe making it and writing its test file.
    out = tmp_path / "new" / "kit"
    real_make, real_mkstemp = tx._make_root, tx.tempfile.mkstemp
    removed = {"lock": 0, "probe": 0}

    def made_then_removed(root, created, flag):
        real_make(root, created, flag)
        removed["lock"] += 1
        root.rmdir()

    def mkstemp_after_removal(*args, dir, **kwargs):
        if removed["probe"] < 2:
            removed["probe"] += 1
            Path(dir).rmdir()
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tx, "_make_root", made_then_removed)
    write_transaction(out, NEW)
    assert removed["lock"] == 1 and snapshot(out) == as_tree(NEW)
    probed = tmp_path / "probed"
    monkeypatch.setattr(tx.tempfile, "mkstemp", mkstemp_after_removal)
    assert tx.try_out_dir(probed) == probed and not probed.exists()  # it leaves nothing
    assert removed["probe"] == 2


def test_a_full_disk_leaves_the_old_kit(old_kit, monkeypatch):
    real = tx._stage
    calls = []

    def full(path, data):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, data)

    monkeypatch.setattr(tx, "_stage", full)
    said = r"No space left.*nothing was changed.*free some space and run the command again"
    with pytest.raises(FabgenError, match=said):
        write_transaction(old_kit, NEW)
    assert snapshot(old_kit) == as_tree(OLD)


def test_a_failing_move_during_the_commit_is_undone(old_kit, monkeypatch):
    real = os.replace
    calls = []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == 4:
            raise OSError(errno.EIO, "Input/output error", str(dst))
        real(src, dst)

    monkeypatch.setattr(tx.os, "replace", flaky)
    with pytest.raises(FabgenError, match="Input/output error"):
        write_transaction(old_kit, NEW)
    monkeypatch.setattr(tx.os, "replace", real)
    assert snapshot(old_kit) == as_tree(OLD)


def test_rebuild_removes_only_unchanged_files_of_the_previous_manifest(tmp_path):
    out = tmp_path / "kit"
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"keep\n")
    old = {"gone.txt": b"x\n", "changed.txt": b"y\n", "deep/gone.txt": b"z\n"}
    entries = [{"path": n, "sha256": hashlib.sha256(d).hexdigest()} for n, d in old.items()]
    for name in ("../outside.txt", str(outside)):  # a crafted manifest
        entries.append({"path": name, "sha256": hashlib.sha256(b"keep\n").hexdigest()})
    manifest = json.dumps({"files": entries}).encode()
    write_transaction(out, {**old, "manifest.json": manifest})
    (out / "changed.txt").write_bytes(b"the user's edit\n")
    (out / "mine.txt").write_bytes(b"not fabgen's\n")

    result = write_transaction(out, {"manifest.json": b"{}"}, manifest="manifest.json")

    assert sorted(p.name for p in result.removed) == ["gone.txt", "gone.txt"]
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*")) == [
        "changed.txt",
        "manifest.json",
        "mine.txt",
    ]
    assert outside.read_bytes() == b"keep\n"


def test_a_rebuild_refuses_to_replace_what_was_changed_since(tmp_path):
    """Only a file the previous manifest lists, changed since, and about to get other
    bytes is refused; the refusal names each and a name to keep the copy under."""
    out = tmp_path / "kit"
    old = {"a.svg": b"a\n", "sub/b.svg": b"b\n", "c.txt": b"c\n"}
    manifest = json.dumps({"files": tx.manifest_files(old)}).encode()
    write_transaction(out, {**old, "manifest.json": manifest})
    (out / "sub" / "b.svg").write_bytes(b"moved in Inkscape\n")
    (out / "c.txt").write_bytes(b"C\n")
    new = {"a.svg": b"A\n", "sub/b.svg": b"B\n", "c.txt": b"C\n", "manifest.json": b"{}"}
    with pytest.raises(FabgenError) as refused:
        tx.refuse_replacing_changes(out, new, "manifest.json")
    said = str(refused.value)
    assert "sub/b.svg was changed since fabgen wrote it" in said  # not a.svg, nor c.txt
    assert "a.svg and" not in said and "c.txt" not in said
    assert "(e.g. sub/b.svg to sub/b-mine.svg)" in said
    tx.refuse_replacing_changes(out, {**new, "sub/b.svg": b"moved in Inkscape\n"}, "manifest.json")


KIT = {"README.txt": b"the kit\n", "laser/a.svg": b"a\n"}


def kit_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` with the manifest that lists them, as a build writes it."""
    return {**files, "manifest.json": json.dumps({"files": tx.manifest_files(files)}).encode()}


def build(out: Path, files: dict[str, bytes]) -> tx.WriteResult:
    return write_transaction(out, kit_files(files), manifest="manifest.json", keep_changed=True)


@pytest.mark.parametrize("earlier", [False, True], ids=["new-folder", "after-a-build"])
def test_a_build_refuses_to_replace_a_file_no_manifest_lists(tmp_path, earlier):
    """The user's own README.txt (or manifest.json of something else) in --out was
    replaced without a word; it stops the build, nothing is written, the file is kept."""
    out = tmp_path / "kit"
    out.mkdir()
    if earlier:  # a manifest of an earlier build that does not list the file
        build(out, {"laser/a.svg": b"a\n"})
        (out / "README.txt").write_bytes(b"my notes\n")
    else:
        (out / "README.txt").write_bytes(b"my notes\n")
        (out / "manifest.json").write_bytes(b'{"name": "my web app"}\n')
    before = snapshot(out)
    with pytest.raises(FabgenError) as refused:
        build(out, {**KIT, "laser/a.svg": b"A\n"})
    said = str(refused.value)
    assert snapshot(out) == before
    assert (out / "README.txt").read_bytes() == b"my notes\n"
    unlisted = "README.txt is" if earlier else "README.txt and manifest.json are"
    assert f"{shown_path(out)}: {unlisted} not from an earlier build into this folder" in said
    assert "laser/a.svg" not in said  # listed unchanged, or not there
    assert "build into another folder, or rename your " in said
    assert "(e.g. README.txt to README-mine.txt)" in said


def test_a_build_refusal_names_unlisted_and_changed_files_together(tmp_path):
    out = tmp_path / "kit"
    build(out, {"laser/a.svg": b"a\n"})
    (out / "laser" / "a.svg").write_bytes(b"moved in Inkscape\n")
    (out / "README.txt").write_bytes(b"my notes\n")
    with pytest.raises(FabgenError) as refused:
        build(out, {**KIT, "laser/a.svg": b"A\n"})
    assert (
        "README.txt is not from an earlier build into this folder (no manifest.json of "
        "fabgen's lists it); laser/a.svg was changed since fabgen wrote it; this build would "
        "replace them, so nothing was written"
    ) in str(refused.value)


@pytest.mark.parametrize("case", ["same-bytes", "twice", "rebuild", "manifest-removed"])
def test_a_build_writes_over_what_is_its_own_or_the_same(tmp_path, case):
    """What must keep working: a file with the bytes the build writes (no manifest
    needed), the same build twice (make kit), a rebuild of other bytes over an earlier
    build's unchanged files, and an earlier build whose manifest was deleted."""
    out = tmp_path / "kit"
    new = {**KIT, "laser/a.svg": b"A\n"} if case == "rebuild" else KIT
    if case == "same-bytes":
        out.mkdir()
        (out / "README.txt").write_bytes(KIT["README.txt"])
    else:
        build(out, KIT)
    if case == "manifest-removed":
        (out / "manifest.json").unlink()
    build(out, new)
    assert {n: (out / n).read_bytes() for n in kit_files(new)} == kit_files(new)


def test_a_manifest_pointing_through_a_symlink_deletes_nothing(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "x.txt").write_bytes(b"x\n")
    out = tmp_path / "kit"
    out.mkdir()
    (out / "link").symlink_to(elsewhere)
    entry = {"path": "link/x.txt", "sha256": hashlib.sha256(b"x\n").hexdigest()}
    (out / "manifest.json").write_text(json.dumps({"files": [entry]}))
    write_transaction(out, {"manifest.json": b"{}"}, manifest="manifest.json")
    assert (elsewhere / "x.txt").read_bytes() == b"x\n"


@pytest.mark.parametrize("bad", ["", "   "])
def test_an_empty_out_folder_is_refused(bad):
    with pytest.raises(FabgenError, match="--out is empty"):
        write_transaction(bad, {"a": b""})


def test_out_below_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(FabgenError, match="is not a folder"):
        write_transaction(tmp_path / "file" / "kit", {"a": b""})


def test_a_read_only_folder_is_refused(tmp_path, monkeypatch):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    if os.geteuid() == 0:  # root may write anywhere: pretend to be a user
        monkeypatch.setattr(tx.os, "access", lambda path, mode: Path(path) != ro)
    try:
        with pytest.raises(FabgenError, match="is not writable"):
            write_transaction(ro / "kit", {"a": b""})
        assert list(ro.iterdir()) == []
    finally:
        ro.chmod(0o755)


@pytest.mark.parametrize("name", ["../x", "/etc/x", "a/../../x", ""])
def test_names_that_leave_the_folder_are_refused(tmp_path, name):
    with pytest.raises(FabgenError, match="would leave the output folder"):
        write_transaction(tmp_path / "kit", {name: b""})
    assert not (tmp_path / "kit").exists()


WRITERS = [
    ["tile"],
    ["sheet", "--count", "3"],
    ["stones"],
    ["layout", "--preset", "2p-diamond-4"],
    ["rulesheet"],
    ["build"],
]


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: c[0])
@pytest.mark.parametrize(
    "args, message",
    [
        (["--out", ""], "is empty"),
        (["--out", "{file}/kit"], "is not a folder"),
        (["--out", "{file}"], "is a file"),
    ],
)
def test_cli_refuses_bad_out_folders_before_rendering(tmp_path, command, args, message):
    from click.testing import CliRunner

    from fabgen.cli import main

    (tmp_path / "file").write_text("x")
    args = [a.format(file=tmp_path / "file") for a in args]
    result = CliRunner().invoke(main, [*command, *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_rules_turn_svg_folder_is_checked_too(tmp_path):
    from click.testing import CliRunner

    from fabgen.cli import main

    (tmp_path / "file").write_text("x")
    result = CliRunner().invoke(
        main, ["rules", "turn", str(tmp_path / "file"), "--svg", str(tmp_path / "file" / "d")]
    )
    assert result.exit_code == 2
    assert "is not a folder" in result.output
