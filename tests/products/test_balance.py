"""The balance product: the report, pictures, saved games and suggested board of a
played run, read back and checked against the run's parameters."""

import hashlib
import json

import pytest

from fabgen.board.boardfile import parse_board_toml
from fabgen.board.files import load_preset
from fabgen.play.balance import BalanceOptions, run_balance
from fabgen.products.balance import balance_files
from fabgen.rules.transcript import parse_transcript
from tests.readback import SVG

BOARD = load_preset("2p-diamond-4")


@pytest.fixture(scope="module")
def run():
    return run_balance(BOARD, BalanceOptions(6, ("random",), "online", 5, 400, 2))


def test_the_files_of_a_run(run):
    made = balance_files(run)
    name = BOARD.name
    assert sorted(made.files) == sorted(
        [
            f"{name}-balance.json",
            f"{name}-win-rates.svg",
            f"{name}-territory.svg",
            f"{name}-game-00001.json",
            f"{name}-game-00002.json",
            f"{name}-balance-files.json",
        ]
    )
    assert json.loads(made.files[f"{name}-balance.json"]) == json.loads(json.dumps(made.report))
    # The list of the run's files names every other file with its digest.
    listed = json.loads(made.files[f"{name}-balance-files.json"])["files"]
    digests = {e["path"]: e["sha256"] for e in listed}
    others = {k: v for k, v in made.files.items() if k != f"{name}-balance-files.json"}
    assert digests == {k: hashlib.sha256(v).hexdigest() for k, v in others.items()}


def test_the_report_follows_the_options(run):
    report = balance_files(run).report
    assert report["games"] == 6
    assert [s["player"] for s in report["seats"]] == ["random", "random"]
    assert report["seed"] == 5 and report["variant"] == "online"


def test_the_saved_games_read_back_as_transcripts_of_the_board(run):
    made = balance_files(run)
    game = parse_transcript(made.files[f"{BOARD.name}-game-00001.json"].decode(), "saved")
    assert len(game.position.players) == len(BOARD.seats)
    assert game.move_list  # the game was played


def test_the_pictures_show_a_bar_per_seat(run):
    from xml.etree import ElementTree

    root = ElementTree.fromstring(balance_files(run).files[f"{BOARD.name}-win-rates.svg"])
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any("seat 1" in t.lower() or "red" in t.lower() for t in texts)


def test_with_board_adds_the_board_played(run):
    made = balance_files(run, with_board=True)
    board = parse_board_toml(made.files[f"{BOARD.name}.toml"].decode(), "played")
    assert board == BOARD


def test_the_pictures_pages_end_a_margin_past_their_widest_text(run):
    """Read back and measured in Vera: the widest line ends 6 mm inside the page's
    right edge, and no text runs past it (pages were sized at 0.9 cap heights a letter,
    and the win rates' page was a third empty on its right)."""
    from tests.products.test_turn import text_extents

    made = balance_files(run)
    for kind in ("win-rates", "territory"):
        extents, (_, _, width, _) = text_extents(made.files[f"{BOARD.name}-{kind}.svg"])
        widest = max(x1 for _, _, _, x1, _ in extents)
        assert widest <= width - 6.0 + 0.05, kind
        if kind == "win-rates":  # its notes are wider than its bars
            assert widest == pytest.approx(width - 6.0, abs=0.05)
