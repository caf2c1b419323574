"""The presets' notes, the README and the site's pages are our own words: no run of eight
words from the seed documents, and the check tutorial's table lists every finding code of
the validator."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fabgen.board.files import preset_names, preset_text
from fabgen.board.validate import CODES
from tests.docs.test_rulesheet import SEEDS, _runs

ROOT = Path(__file__).parents[2]


def test_no_run_of_eight_words_from_the_seeds_in_presets_or_readme():
    if not SEEDS.is_dir():
        pytest.skip("the seed documents (../shared/seeds) are not next to this checkout")
    seed_runs = set()
    for path in sorted(SEEDS.glob("*.txt")):
        seed_runs |= _runs(path.read_text("utf-8"))
    sources = {name: preset_text(name) for name in preset_names()}
    sources["README.md"] = (ROOT / "README.md").read_text("utf-8")
    for page in sorted((ROOT / "docs").rglob("*.md")):  # the documentation site
        sources[str(page.relative_to(ROOT))] = page.read_text("utf-8")
    for name, text in sources.items():
        copied = sorted(" ".join(run) for run in _runs(text) & seed_runs)
        assert not copied, f"{name} repeats the seeds word for word: {copied}"


def test_the_findings_table_lists_every_finding_code_with_its_severities():
    text = (ROOT / "docs" / "tutorials" / "check.md").read_text("utf-8")
    rows = dict(re.findall(r"^\| `([a-z0-9-]+)` \| ([a-z, ]+) \|", text, re.MULTILINE))
    for code, (severities, _) in CODES.items():
        assert code in rows, code
        assert rows[code].split(", ") == [s.value for s in severities], code
    assert "start-volatile" not in rows


#: How a preset's description says that its seats differ.
QUOTE = r"seats differ: (\d+)–(\d+) % of wins(, fair (\d+) %)?"


def _fairness_rows() -> dict[str, list[int]]:
    """docs/fairness.md: each preset's person seats' win rates in whole percent."""
    rows = {}
    text = (ROOT / "docs" / "fairness.md").read_text("utf-8")
    for name, seats in re.findall(r"^\| ([0-9a-z-]+) \| \d+ \| [^|]+ \| ([^|]+) \|", text, re.M):
        # a machine seat: "2 a machine: 43% (", "6 Dummy, a machine: 5% (" (before
        # 2026-11-30 "6 Dummy (machine): 5% (")
        machine = r"(?<= )an? (?:extreme )?machine|\((?:extreme-)?machine\)"
        rates = re.findall(rf"[^;:]+?({machine})?: (\d+)% \(", seats)
        rows[name] = [int(rate) for machine, rate in rates if not machine]
    return rows


def test_the_seat_differences_in_preset_descriptions_are_the_fairness_tables():
    """A description that says the seats differ quotes the lowest and the highest
    win rate of a person's seat in docs/fairness.md (so `make fairness` and the
    descriptions cannot drift apart), and every preset has a row there."""
    rows = _fairness_rows()
    assert set(rows) == set(preset_names())
    quoted = 0
    for name in preset_names():
        found = re.search(QUOTE, preset_text(name))
        if not found:
            continue
        quoted += 1
        rates = rows[name]
        assert (int(found[1]), int(found[2])) == (min(rates), max(rates)), name
        if found[4]:
            assert int(found[4]) == round(100 / len(rates)), name
    assert quoted >= 5
    # the board tutorial's table of seats quotes the same figures
    tutorial = (ROOT / "docs" / "tutorials" / "board.md").read_text("utf-8")
    rows_quoting = re.findall(
        r"^\| `([0-9a-z-]+)` \| .*\(seats differ: ([^)]*?) in ", tutorial, re.M
    )
    assert len(rows_quoting) >= 3
    for name, figures in rows_quoting:
        assert f"(seats differ: {figures})" in preset_text(name), name


def test_the_board_tutorial_says_where_seat_1_sits_on_every_preset():
    """ "Seat 1 sits at the bottom of the setup diagram" was not so on 5p-hexagon-19-dummy
    (seat 1 at the right corner): the tutorial names every preset where it is not."""
    import math

    from fabgen.board.files import load_preset
    from fabgen.board.placement import BoardPlacement

    tutorial = (ROOT / "docs" / "tutorials" / "board.md").read_text("utf-8")
    said = re.search(r"Seat 1 sits at\s+the bottom of the setup diagram([^.]*)\.", tutorial)
    assert said
    elsewhere = set(re.findall(r"`([0-9a-z-]+)`", said[1]))
    for name in preset_names():
        board = load_preset(name)
        place = BoardPlacement(board)  # as the setup diagram draws it (y up)
        every = [place.xy(f) for tile in board.tiles for f in tile.fields]
        seat = [place.xy(f) for f, _ in board.seats[0].stacks]
        dx, dy = (
            sum(p[k] for p in seat) / len(seat) - sum(p[k] for p in every) / len(every)
            for k in (0, 1)
        )
        bottom = -150.001 <= math.degrees(math.atan2(dy, dx)) <= -29.999
        assert bottom == (name not in elsewhere), name
