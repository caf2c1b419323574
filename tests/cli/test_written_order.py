"""The files a command wrote are listed in the order people count: the text order put
sheet-10 to sheet-12 between sheet-1 and sheet-2."""

from __future__ import annotations


def test_sheets_are_listed_as_counted(cli, tmp_path):
    result = cli("sheet", "--count", "12", "--width", "300", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    svgs = [
        line.rsplit("/", 1)[1]
        for line in result.output.splitlines()
        if line.startswith("wrote ") and line.endswith(".svg")
    ]
    assert svgs == [f"sheet-{n}.svg" for n in range(1, 13)]
    assert len(list((tmp_path / "out").glob("sheet-*.svg"))) == 12  # (written, not only said)
