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
