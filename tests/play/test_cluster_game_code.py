"""A worker whose fabgen has the same version number but other game code (a club
member's older checkout, or one with changes of its own) plays other games for the same
seed: the cluster check compares a digest of the game code, not the version alone."""

import threading

import pytest

from fabgen import __version__
from fabgen.errors import ParameterError
from fabgen.play import parallel
from fabgen.play.parallel import GAME_CODE, batches, code_digest, executor, run_batches

distributed = pytest.importorskip("distributed")


def _package(root, text: bytes):
    for package in GAME_CODE:
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_bytes(b"")
    (root / "rules" / "engine.py").write_bytes(text)
    return root


def test_the_digest_follows_the_game_code_and_not_line_ends(tmp_path):
    one = code_digest(_package(tmp_path / "a", b"CAP = 400\n"))
    assert code_digest(_package(tmp_path / "b", b"CAP = 400\r\n")) == one  # a Windows checkout
    assert code_digest(_package(tmp_path / "c", b"CAP = 500\n")) != one
    other = _package(tmp_path / "d", b"CAP = 400\n")
    (other / "play" / "strong.py").write_bytes(b"BUDGET = 300\n")
    assert code_digest(other) != one
    assert parallel.fabgen_build().startswith(f"{__version__} (game code ")


def _other_game_code() -> str:
    return f"{__version__} (game code 00000000)"


def _before_the_digest() -> str:
    return __version__


@pytest.mark.parametrize(
    ("worker", "says"),
    [
        (_other_game_code, f"with fabgen {__version__} (game code 00000000),"),
        (_before_the_digest, "(an older copy, which does not tell its game code)"),
    ],
    ids=["other game code", "a fabgen from before the digest"],
)
def test_a_worker_with_the_same_version_and_other_game_code_is_refused(monkeypatch, worker, says):
    """(Only the version was compared: such a worker played its batches, and the run's
    numbers were not those of --jobs 1 for the same seed.)"""
    monkeypatch.setattr(parallel, "WORKER_SECONDS", 5)
    monkeypatch.setattr(parallel, "_worker_fabgen", worker)
    outcome: list = ["still waiting"]
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:

        def run() -> None:
            try:
                with executor(scheduler=cluster.scheduler_address) as ex:
                    outcome[0] = run_batches(ex, list, (), batches(4, 1))
            except Exception as exc:
                outcome[0] = exc

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(60)
    message = str(outcome[0])
    assert isinstance(outcome[0], ParameterError), message
    assert says in message
    assert f"this machine has fabgen {parallel.fabgen_build()}" in message
    assert "from the same commit, with no changes of its own" in message
