"""benchmarks/nest_compare.py: what compare says of each case against the record, on a
few quick cases like its grid's (the whole grid takes a minute or two)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import nest_compare  # noqa: E402

from fabgen.geometry.nesting import SheetSpec, disc_footprint  # noqa: E402

# Discs placed without filling: a millisecond each.
QUICK = [
    (
        f"disc {d} kerf=0.1 (400, 400) fill=False",
        disc_footprint(d, 0.05, 0.1),
        SheetSpec(400, 400),
        False,
    )
    for d in (20, 30, 40)
]


def _run(monkeypatch, capsys, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(nest_compare, "cases", lambda: iter(QUICK))
    monkeypatch.setattr(sys, "argv", ["nest_compare.py", *args])
    with pytest.raises(SystemExit) as stopped:
        nest_compare.main()
        sys.exit(0)  # (record returns)
    return stopped.value.code, capsys.readouterr().out


def test_a_case_added_since_the_record_is_listed_as_new(tmp_path, monkeypatch, capsys):
    # A case the record lacked was skipped without a word: the run looked compared whole.
    record = tmp_path / "record.json"
    assert _run(monkeypatch, capsys, "record", str(record))[0] == 0
    placements = json.loads(record.read_text())
    same, added, fewer = (label for label, *_ in QUICK)
    count = len(placements.pop(added))
    recorded = len(placements[fewer]) + 1  # (the record held one piece more)
    placements[fewer].append(placements[fewer][0])
    record.write_text(json.dumps(placements))
    code, out = _run(monkeypatch, capsys, "compare", str(record))
    assert code == 1  # (the worse case still decides)
    assert "worse: 1, better: 0, same count but moved: 0, new: 1\n" in out
    assert [line.strip() for line in out.splitlines() if line.startswith("   ")] == [
        f"{fewer}: {recorded} -> {recorded - 1}",
        f"{added}: {count} (new: not in the record, not compared)",
    ]
    assert same not in out and count > 0
