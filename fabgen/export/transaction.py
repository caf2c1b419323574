"""Every write is a transaction: render into a staging folder, then move into place.

A command collects its products as ``{relative name: bytes}`` and calls
:func:`write_transaction`. The files are written and fsynced into a hidden staging folder
inside the output folder; only when all of them are there are they renamed into place,
with SIGINT and SIGTERM held back for the few milliseconds that takes. Files that the
new set replaces (and stale files of an earlier build) are first moved aside into the
staging folder, so any failure during the moves puts them back. Whatever happens, the
staging folder is removed; a failure leaves the output folder exactly as it was.

SIGINT, SIGTERM and SIGHUP raise an exception during a write (whatever dispositions the
process inherited, see :mod:`fabgen.signals`), so they take the same way out as an error.
What is made (the output folder, the lock file, the staging folder) is noted with those
signals held, and removed with them held, so a signal at any moment, a second one during
the clean-up included, leaves nothing behind.

A lock file (``.fabgen.lock``, removed afterwards) keeps two fabgen processes from
writing into one folder at once: the second waits up to :data:`LOCK_TIMEOUT` seconds,
then stops with a message.

A rebuild (``manifest=...``) removes files that the folder's previous manifest lists only
when their content still has the SHA-256 recorded there: a file the user changed, or a
name that leaves the folder, is never deleted. With ``keep_changed`` (``fabgen build``) a
file is written over only if that manifest lists it unchanged, or if it has the new bytes
already: a file changed since, or one no manifest of fabgen's lists (the user's own
README.txt), stops the write (design notes, *Safe writing and bounded input*).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from fabgen.errors import FabgenError
from fabgen.signals import signals_held, stop_signals_raise
from fabgen.text import and_list, shown_path

LOCK_NAME = ".fabgen.lock"
STAGING_PREFIX = ".fabgen-staging-"
LOCK_TIMEOUT = 60.0
"""Seconds a second writer waits for the first (``FABGEN_LOCK_TIMEOUT`` overrides it)."""
MAX_MANIFEST_BYTES = 10 * 2**20


@dataclass
class WriteResult:
    """What a transaction did: files written and stale files removed (final paths)."""

    written: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)


def write_transaction(
    out_dir: str | os.PathLike,
    files: Mapping[str, bytes],
    manifest: str | None = None,
    flag: str = "--out",
    keep_changed: bool = False,
    command: str = "build",
) -> WriteResult:
    """Write ``files`` (relative POSIX names -> bytes) into ``out_dir``, all or nothing.

    With ``manifest`` (the name of the manifest among ``files``), files that the folder's
    previous manifest lists, that this set does not write and whose content is unchanged
    since, are removed in the same transaction; with ``keep_changed`` too, a file that
    would get other bytes is refused unless that manifest lists it unchanged
    (:func:`refuse_replacing_changes`, checked under the lock). ``flag``: the option that
    gave the folder, which the messages name (``rules turn`` writes into ``--svg``);
    ``command``: the fabgen command writing, which the refusal names (:func:`_refusal`).
    """
    root = check_out_dir(out_dir, flag)
    names = sorted(files)
    for name in names:
        _relative(name)
    with stop_signals_raise():
        return _write(root, files, names, manifest, flag, keep_changed, command)


def _write(
    root: Path,
    files: Mapping[str, bytes],
    names: list[str],
    manifest: str | None,
    flag: str,
    keep_changed: bool = False,
    command: str = "build",
) -> WriteResult:
    created: list[Path] = []  # noted with signals held: a kill at any moment removes them
    try:
        with signals_held():
            _make_root(root, created, flag)
        with _locked(root), _staging(root) as staging:
            _pause("locked")
            stale = _stale(root, manifest, files) if manifest else []
            if manifest and keep_changed:
                refuse_replacing_changes(root, files, manifest, flag, command)
            for k, name in enumerate(names):
                _stage(staging / "new" / name, files[name])
                if k == len(names) // 2:
                    _pause("staging")
            _sync_dir(staging)
            _pause("staged")
            with signals_held():
                _commit(root, staging, names, stale)
            return WriteResult([root / n for n in names], [root / n for n in stale])
    except BaseException as exc:
        with signals_held():
            _remove_created(created)
        if isinstance(exc, OSError):
            raise FabgenError(_os_message(root, exc, flag)) from None
        raise


def check_out_dir(out_dir: str | os.PathLike, flag: str = "--out") -> Path:
    """The output folder as an absolute path, or a FabgenError saying why it cannot be
    (naming the option ``flag`` that gave it)."""
    text = os.fspath(out_dir)
    if not text.strip():
        raise FabgenError(f"{flag} is empty: give the folder to write into, e.g. {flag} output/")
    if "\0" in text:
        raise FabgenError(f"{flag} contains a NUL character: give a folder name without it")
    root = Path(os.path.abspath(text))
    try:
        _check_name_lengths(root)
        _check_nearest_folder(root, flag)
    except OSError as exc:  # a name too long, a symlink loop, a folder we may not search
        raise FabgenError(_os_message(root, exc, flag)) from None
    return root


def try_out_dir(out_dir: str | os.PathLike, flag: str = "--out") -> Path:
    """:func:`check_out_dir`, then what writing will do: make the folder and a file in
    it, and remove both. A folder the permission check passes may still be one where
    nothing can be made (as root, ``/proc/x``: ``fabgen build`` rendered the whole kit
    and ``balance`` played every game before the write failed), so commands try it
    before their work."""
    root = check_out_dir(out_dir, flag)
    made = [f for f in [root, *root.parents] if not f.exists()]
    with signals_held():  # (a Ctrl+C between making and removing would leave them)
        try:
            _probe(root)
        except OSError as exc:
            raise FabgenError(_os_message(root, exc, flag)) from None
        finally:
            for folder in made:  # (innermost first)
                with contextlib.suppress(OSError):
                    folder.rmdir()
    return root


def _probe(root: Path, tries: int = 3) -> None:
    """Make ``root`` and a file in it, and remove the file. Two fabgen commands started
    at once into a new folder probe it together, and one may remove the empty folder
    the other just made (two builds into one new folder: one stopped with 'No such file
    or directory'), so a folder that vanished is made again."""
    for attempt in range(tries):
        try:
            root.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(prefix=STAGING_PREFIX, dir=root)
        except FileNotFoundError:
            if attempt == tries - 1:
                raise
            continue
        os.close(handle)
        Path(name).unlink()
        return


def _check_name_lengths(root: Path) -> None:
    """Refuse a name longer than the file system takes before anything is made (the
    kernel reports it only for names below a folder that exists)."""
    for folder in [root, *root.parents]:
        if os.path.isdir(folder):
            limit = os.pathconf(folder, "PC_NAME_MAX")
            break
    else:
        return
    for part in root.parts:
        if len(os.fsencode(part)) > limit:
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))


def _check_nearest_folder(root: Path, flag: str) -> None:
    """The nearest existing folder on the way to ``root`` must be a writable folder."""
    for folder in [root, *root.parents]:
        try:
            info = os.stat(folder)
        except NotADirectoryError:
            continue  # a file on the way: found and named further up
        except FileNotFoundError:
            if os.path.islink(folder):
                raise FabgenError(
                    f"cannot write into {_shown(root)}: {_shown(folder)} is a symbolic link to "
                    f"something that does not exist; choose another {flag} folder"
                ) from None
            continue
        if not stat.S_ISDIR(info.st_mode):
            raise FabgenError(
                f"cannot write into {_shown(root)}: {_shown(folder)} exists and is not a "
                f"folder; choose another {flag} folder"
            )
        if not os.access(folder, os.W_OK | os.X_OK):
            raise FabgenError(
                f"cannot write into {_shown(root)}: {_shown(folder)} is not writable; "
                f"choose another {flag} folder or change its permissions"
            )
        return


def _shown(path: Path | str) -> str:
    """A path for a message, with names of more than 60 characters shortened."""
    parts = [p if len(p) <= 60 else f"{p[:24]}...({len(p)} characters)" for p in Path(path).parts]
    return str(Path(*parts)) if parts else str(path)


def _relative(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if not name or path.is_absolute() or ".." in path.parts or "\\" in name or "\0" in name:
        raise FabgenError(f"output name {name!r} would leave the output folder")
    return path


def _make_root(root: Path, created: list[Path], flag: str) -> None:
    """Create ``root`` and missing parents, noted in ``created`` (innermost first)
    before they are made, so a failure half way removes those already made."""
    for folder in [root, *root.parents]:
        if folder.exists():
            break
        created.append(folder)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FabgenError(_os_message(root, exc, flag)) from None


def _remove_created(created: list[Path]) -> None:
    for folder in created:
        with contextlib.suppress(OSError):
            folder.rmdir()


@contextlib.contextmanager
def _locked(root: Path) -> Iterator[None]:
    """Hold ``root/.fabgen.lock`` (flock); wait for another writer up to the timeout."""
    lock = root / LOCK_NAME
    held: list[int] = []  # the locked descriptor, noted with signals held
    try:
        _acquire(lock, held)
        yield
    finally:
        with signals_held():
            _pause("unlocking")
            if held:
                with contextlib.suppress(OSError):
                    lock.unlink()
                os.close(held[0])


def _acquire(lock: Path, held: list[int]) -> None:
    """Lock ``lock`` into ``held``, trying every 50 ms; a FabgenError after the timeout."""
    timeout = _lock_timeout()
    deadline = time.monotonic() + timeout
    while True:
        with signals_held():
            fd = _try_lock(lock)
            if fd is not None:
                held.append(fd)
                return
        if time.monotonic() >= deadline:
            raise FabgenError(
                f"another fabgen is writing into {lock.parent} (lock file {lock}); "
                f"waited {timeout:g} s. "
                "Wait for it to finish, or remove the lock file if no fabgen is running."
            )
        time.sleep(0.05)


def _try_lock(lock: Path) -> int | None:
    """A descriptor of the live lock file, locked; None while another writer holds it."""
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except FileNotFoundError:
            # Another fabgen's probe (try_out_dir) removed the empty folder just made:
            # make it again (left behind, empty, only if this write then fails).
            lock.parent.mkdir(parents=True, exist_ok=True)
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        # The holder before us may have removed the file we opened: lock the live one.
        if _same_file(fd, lock):
            return fd
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except FileNotFoundError:
        return False


def _lock_timeout() -> float:
    try:
        value = float(os.environ.get("FABGEN_LOCK_TIMEOUT", LOCK_TIMEOUT))
    except ValueError:
        return LOCK_TIMEOUT
    return min(max(value, 0.0), 3600.0) if value == value else LOCK_TIMEOUT


@contextlib.contextmanager
def _staging(root: Path) -> Iterator[Path]:
    """A fresh hidden folder inside ``root``, removed on the way out whatever happens."""
    _remove_old_staging(root)
    made: list[Path] = []  # noted with signals held: a kill at any moment removes it
    try:
        with signals_held():
            made.append(Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=root)))
        yield made[0]
    finally:
        with signals_held():
            for folder in made:
                shutil.rmtree(folder, ignore_errors=True)


def _remove_old_staging(root: Path) -> None:
    """Staging folders of a writer killed with SIGKILL (we hold the lock: none is live)."""
    for entry in root.glob(STAGING_PREFIX + "*"):
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)


def _stage(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _commit(root: Path, staging: Path, names: list[str], stale: list[str]) -> None:
    """Move old files aside and new ones in; on any error undo every move made."""
    # (a file moved, where it goes back to: None removes a new file)
    undo: list[tuple[Path, Path | None]] = []
    made_dirs: list[Path] = []
    try:
        for k, name in enumerate(sorted(set(names) | set(stale))):
            target = root / name
            _make_parents(root, target.parent, made_dirs)
            if target.is_dir() and not target.is_symlink():
                raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(target))
            if target.exists() or target.is_symlink():
                aside = staging / "old" / name
                aside.parent.mkdir(parents=True, exist_ok=True)
                os.replace(target, aside)
                undo.append((aside, target))
            if name in names:
                os.replace(staging / "new" / name, target)
                undo.append((target, None))
            if k == 0:
                _pause("committing")
        _sync_dir(root)
    except BaseException:
        _undo(undo, made_dirs)
        raise
    _remove_empty_parents(root, stale)


def _undo(undo: list[tuple[Path, Path | None]], made_dirs: list[Path]) -> None:
    for source, target in reversed(undo):
        with contextlib.suppress(OSError):
            if target is None:
                source.unlink()
            else:
                os.replace(source, target)
    for folder in reversed(made_dirs):
        with contextlib.suppress(OSError):
            folder.rmdir()


def _make_parents(root: Path, folder: Path, made: list[Path]) -> None:
    missing = []
    while folder != root and not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir()
        made.append(path)


def _remove_empty_parents(root: Path, removed: list[str]) -> None:
    for name in removed:
        folder = (root / name).parent
        while folder != root:
            try:
                folder.rmdir()
            except OSError:
                break
            folder = folder.parent


def manifest_files(files: Mapping[str, bytes]) -> list[dict]:
    """The ``files`` list of a manifest, as :func:`write_transaction` reads it back to
    find the stale files of an earlier run: path, size and SHA-256, sorted by path."""
    return [
        {"path": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        for name, data in sorted(files.items())
    ]


def files_list(files: Mapping[str, bytes]) -> bytes:
    """A command's list of the files it writes (balance's, layout's, rules turn's), for
    :func:`write_transaction`'s ``manifest``: fabgen's version and :func:`manifest_files`."""
    from fabgen import __version__

    data = {"fabgen_version": __version__, "files": manifest_files(files)}
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8")


def _stale(root: Path, manifest: str, files: Mapping[str, bytes]) -> list[str]:
    """Names the previous manifest lists, this set lacks, and that are still unchanged."""
    entries = _manifest_entries(root / manifest)
    stale = []
    for name, digest in sorted(entries.items()):
        if name in files or not _is_plain_file_inside(root, name):
            continue
        if _sha256(root / name) == digest:
            stale.append(name)
    return stale


def refuse_replacing_changes(
    out_dir: str | os.PathLike,
    files: Mapping[str, bytes],
    manifest: str,
    flag: str = "--out",
    command: str = "build",
) -> None:
    """Refuse to write over a file that ``files`` would give other bytes, unless the
    folder's previous manifest lists it unchanged since: one it lists that was changed
    since (a sheet re-nested in Inkscape and saved over), and one no manifest of fabgen's
    lists (the user's own README.txt or bom.txt, or ``manifest.json`` of something else).
    Both were replaced without a word, though a changed file the build no longer writes
    was always kept (``build``'s ``keep_changed``). ``command``: see :func:`_refusal`."""
    root = check_out_dir(out_dir, flag)
    changed, unlisted = _replaced_unasked(root, files, manifest)
    if changed or unlisted:
        raise FabgenError(_refusal(root, changed, unlisted, manifest, flag, command))


def _replaced_unasked(
    root: Path, files: Mapping[str, bytes], manifest: str
) -> tuple[list[str], list[str]]:
    """The names ``files`` would write over with other bytes: those the previous manifest
    lists but that were changed since, and those it does not list (the manifest itself
    counts as listed when it is fabgen's)."""
    entries = _manifest_entries(root / manifest)
    changed, unlisted = [], []
    for name, data in sorted(files.items()):
        target = root / name
        if not os.path.lexists(target) or (target.is_dir() and not target.is_symlink()):
            continue  # (a folder in the way is the commit's error)
        digest = None if target.is_symlink() else _sha256(target)  # (a link is not ours)
        if digest == hashlib.sha256(data).hexdigest():
            continue
        if name == manifest:
            if not entries:
                unlisted.append(name)
        elif name not in entries:
            unlisted.append(name)
        elif digest != entries[name]:
            changed.append(name)
    return changed, unlisted


def _refusal(
    root: Path,
    changed: list[str],
    unlisted: list[str],
    manifest: str,
    flag: str,
    command: str = "build",
) -> str:
    """One paragraph: which files, why they are not replaced, and what to do.
    ``command``: the fabgen command writing, in the words: ``build`` speaks of "an earlier
    build", "this build" and "build again"; another (``layout``, ``rules turn``) of "an
    earlier fabgen layout", "this fabgen layout" and "run fabgen layout again"."""
    if command == "build":
        run, elsewhere, again = "build", "build into another folder, or ", "build again"
    else:
        run = f"fabgen {command}"
        elsewhere, again = f"give another {flag} folder, or ", f"run {run} again"
    named = unlisted + changed
    one = len(named) == 1
    it, copy = ("it", "file") if one else ("them", "files")
    why = []
    if unlisted:
        are = "is" if len(unlisted) == 1 else "are"
        why.append(
            f"{_listed(unlisted)} {are} not from an earlier {run} into this folder (no "
            f"{manifest} of fabgen's lists {'it' if len(unlisted) == 1 else 'them'})"
        )
    if changed:
        was, them = ("was", "it") if len(changed) == 1 else ("were", "them")
        why.append(f"{_listed(changed)} {was} changed since fabgen wrote {them}")
    first = PurePosixPath(named[0])
    mine = first.with_name(f"{first.stem}-mine{first.suffix}")
    elsewhere = elsewhere if unlisted else ""
    return (
        f"{flag} {shown_path(root)}: {'; '.join(why)}; this {run} would replace {it}, so "
        f"nothing was written: {elsewhere}rename your {copy} (e.g. {first} to {mine}), or "
        f"delete what you no longer need, and {again}"
    )


def _listed(names: list[str]) -> str:
    return and_list(names[:5] + ([f"{len(names) - 5} more"] if len(names) > 5 else []))


def _manifest_entries(path: Path) -> dict[str, str]:
    """``{path: sha256}`` from an earlier manifest; nothing if it is not fabgen's."""
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_MANIFEST_BYTES:
            return {}
        data = json.loads(path.read_text("utf-8"))
        entries = {}
        for entry in data["files"]:
            name, digest = entry["path"], entry["sha256"]
            if isinstance(name, str) and isinstance(digest, str) and len(digest) == 64:
                entries[name] = digest.lower()
        return entries
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}


def _is_plain_file_inside(root: Path, name: str) -> bool:
    try:
        _relative(name)
    except FabgenError:
        return False
    path = root / name
    folder = path.parent
    while folder != root:
        if folder.is_symlink():
            return False
        folder = folder.parent
    return path.is_file() and not path.is_symlink() and root.resolve() in path.resolve().parents


def _sha256(path: Path) -> str | None:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(2**20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _sync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _pause(stage: str) -> None:
    """Test hook: ``FABGEN_TEST_PAUSE=stage:marker`` touches ``marker`` and sleeps at
    ``stage`` so a test can kill the writer at a known moment."""
    spec = os.environ.get("FABGEN_TEST_PAUSE", "")
    wanted, _, marker = spec.partition(":")
    if wanted == stage and marker:
        Path(marker).touch()
        time.sleep(float(os.environ.get("FABGEN_TEST_PAUSE_SECONDS", "30")))


def _os_message(root: Path, exc: OSError, flag: str = "--out") -> str:
    reason = exc.strerror or str(exc)
    shown = _shown(exc.filename) if exc.filename else ""
    where = f" ({shown})" if shown and shown != _shown(root) else ""
    hints: dict[int | None, str] = {  # (an OSError made without one has errno None)
        errno.ENOSPC: "free some space and run the command again",
        errno.EDQUOT: "free some space and run the command again",
        errno.EACCES: f"choose another {flag} folder or change its permissions",
        errno.EPERM: f"choose another {flag} folder or change its permissions",
        errno.EROFS: "choose a folder on a writable disk",
        errno.ENAMETOOLONG: (
            "a name on the way is longer than the file system allows (most allow 255 bytes "
            f"per name): choose a shorter {flag} folder or file name"
        ),
        errno.ELOOP: (
            f"a symbolic link in {flag} leads back to itself: choose another {flag} folder"
        ),
    }
    hint = hints.get(exc.errno, f"choose another {flag} folder")
    return f"cannot write into {_shown(root)}: {reason}{where}; nothing was changed: {hint}."
