"""README.txt of a kit read as a person reads it: prose wrapped to 78 characters,
file names and patterns whole."""

import re

import pytest

from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import plan_kit
from fabgen.kitbuild.render import README_WIDTH, readme_text

FOLDERS = {"laser/a.svg": b"", "3d/a.3mf": b"", "print/a.pdf": b"", "board/a.json": b""}


def _readme(tmp_path, text: str) -> str:
    kit = tmp_path / "kit.toml"
    kit.write_text(text)
    return readme_text(plan_kit(load_kit(kit)), FOLDERS)


def test_the_readme_is_wrapped_and_keeps_paths_whole(tmp_path):
    """Its lines ran to 200 characters (the folder notes, the laser colours, a seat's
    plate and symbol on one line each); now every line is at most 78 characters, a
    continued note is indented under its first line, and every file name and pattern
    is on one line, whole."""
    for kit in (
        '[kit]\nboard = "6p-hexagon-19"\n',
        '[stones]\ndesign = "laser"\nseat_symbols = true\n',
    ):
        text = _readme(tmp_path, kit)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= README_WIDTH, text
        assert any(line.startswith("           ") for line in lines)  # a continued note
        words = text.split()
        for name in FOLDERS:
            assert name in lines[lines.index("Files:") + 1 :] or f"  {name}" in lines
        for word in words:
            if word.startswith(("laser/", "3d/")) and "*" in word:
                assert "-" not in word[-1:], word  # no pattern cut at a hyphen


def test_a_word_longer_than_the_width_is_not_broken(tmp_path):
    name = "x" * 100
    text = _readme(tmp_path, f'[kit]\nname = "{name}"\n')
    assert f"'{name}':" in text.split()


def test_the_laser_note_names_the_colour_profile_before_its_colours(tmp_path):
    """It read "tile numbers are green (engrave lightly, or leave them off) (lightburn
    colours)": two remarks in brackets in a row, the profile's name last."""
    for profile in ("lightburn", "epilog", "glowforge"):
        words = " ".join(_readme(tmp_path, f'[laser]\nprofile = "{profile}"\n').split())
        assert f"laser/ laser cutter ({profile} colours): cut " in words
        assert ") (" not in words


def test_the_laser_note_says_what_the_test_tile_must_measure(tmp_path):
    """It said "cut test-tile first and check its width": which width (a hexagon is
    wider across its corners) and how much was left to guess. The figure is the kit's
    tile, read from the kit file; a rosette, without flats, is checked by its circles."""
    cases = (
        ("[tile]\nwidth = 80\n", "check that it is 80 mm across the flats;"),
        ("[tile]\npitch = 35\n", "check that it is 92.6 mm across the flats;"),
        (
            '[tile]\noutline = "rosette"\npitch = 35\n',
            "check that its circles are 35 mm apart, centre to centre;",
        ),
    )
    for kit, check in cases:
        words = " ".join(_readme(tmp_path, kit).split())
        assert f"cut test-tile first and {check} sheets-report.txt" in words


def test_the_laser_note_says_who_allows_for_the_kerf(tmp_path):
    """README.txt said nothing of the kerf: a maker whose laser program offsets the cut
    lines as well cut every tile a kerf too large. The kit's kerf is read back from the
    test tile's cut line (half of it out from the finished outline when compensated)."""
    from fabgen.kitbuild.plan import tile_params
    from fabgen.products.tile import tile_files
    from tests.readback import read_dxf

    for kit, said in (
        ("[tile]\nkerf = 0.2\n", "the cut lines are already moved out by half the 0.2 mm "
         "kerf, so keep your laser program's kerf offset off;"),
        ("[tile]\nkerf = 0.2\ncompensate_kerf = false\n",
         "set your laser program's kerf offset for the 0.2 mm kerf: the cut lines are not "
         "moved ([tile] compensate_kerf = false);"),
        ("[tile]\nkerf = 0\n", "engrave them lightly, or leave them off); cut test-tile"),
    ):  # fmt: skip
        words = " ".join(_readme(tmp_path, kit).split())
        assert said in words and ("kerf offset" in words) == ("kerf = 0\n" not in kit), words
        plan = plan_kit(load_kit(tmp_path / "kit.toml"))
        cut = read_dxf(tile_files(tile_params(plan)).files["test-tile.dxf"]).polylines["cut"][0]
        across = max(p[1] for p in cut) - min(p[1] for p in cut)
        assert across == pytest.approx(100 + (0.2 if "already" in said else 0), abs=1e-6)


def test_a_figure_stays_on_the_line_of_its_unit():
    """A README line ended "for seat 2 (Blue); 17" and the next began "g of PLA printed
    solid": a figure and its unit are wrapped as one word, and written with a plain
    space."""
    from fabgen.kitbuild.render import _wrap

    for width in range(60, 79):
        text = "x" * (width - 22) + " for seat 2 (Blue); 17 g of PLA, about 17 g, 80 mm, 15 %"
        lines = _wrap(text, "  ", "    ")
        assert all(len(line) <= README_WIDTH for line in lines)
        assert not any(re.search(r"\d$", line) for line in lines), lines
        assert " ".join(" ".join(lines).split()) == text and "\u00a0" not in "".join(lines)


def test_the_laser_note_names_tile_numbers_only_when_the_sheets_have_them(tmp_path):
    """With numbers = false README.txt still said "tile numbers green (engrave them
    lightly, or leave them off)" of sheets without a number on them (read back from the
    sheets' DXF)."""
    from fabgen.products.sheet import sheet_files
    from tests.readback import read_dxf

    for numbers in ("true", "false"):
        words = " ".join(_readme(tmp_path, f"[tile]\nnumbers = {numbers}\n").split())
        plan = plan_kit(load_kit(tmp_path / "kit.toml"))
        files = sheet_files(plan.sheet_params, plan.sheets).files
        texts = [
            t
            for n, d in files.items()
            if n.endswith(".dxf")
            for t in read_dxf(d).texts.get("label", [])
        ]
        assert bool(texts) == (numbers == "true") == ("tile numbers green" in words), words
