"""Options in millimetres read a length as makers write it: ``100mm`` is 100, and a
length in inches or centimetres is refused with its value in mm (as sheet sizes are);
a number out of range is quoted as it was typed (``2001``, not ``2001.0``)."""

from __future__ import annotations

import pytest

from fabgen.cli.options import Bounded
from fabgen.errors import UserError
from fabgen.limits import check
from fabgen.settings import SETTINGS

MM_OPTIONS = sorted(
    name for name, s in SETTINGS.items() if s.unit == "mm" and s.kind is float and s.flag
)


def _refusal(name: str, text: str) -> str:
    with pytest.raises(UserError) as caught:
        Bounded(SETTINGS[name]).convert(text, None, None)
    return str(caught.value)


@pytest.mark.parametrize("name", MM_OPTIONS)
def test_every_mm_option_takes_its_unit_and_refuses_inches_and_cm(name):
    limit = SETTINGS[name].limit
    assert limit is not None
    inside = (limit.low + min(limit.high, limit.low + 10)) / 2  # in range, above 0
    bounded = Bounded(SETTINGS[name])
    assert bounded.convert(f"{inside:g}mm", None, None) == pytest.approx(inside)
    assert bounded.convert(f" {inside:g} MM ", None, None) == pytest.approx(inside)
    flag = SETTINGS[name].flag
    message = _refusal(name, "2cm")
    assert message.startswith(f"{flag} '2cm' is not in mm")
    assert message.endswith("2 cm is 20 mm; give 20")
    assert _refusal(name, "0.5in").endswith("0.5 in is 12.7 mm; give 12.7")


@pytest.mark.parametrize(
    "typed, mm", [("4in", "101.6"), ('4"', "101.6"), ("4 inches", "101.6"), ("10cm", "100")]
)
def test_a_tile_width_in_inches_or_cm_is_refused_with_its_mm(cli, tmp_path, typed, mm):
    result = cli("tile", "--width", typed, "--out", tmp_path / "out")
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "is not a number" not in text
    assert f"is {mm} mm; give {mm}" in text
    assert not (tmp_path / "out").exists()


def test_a_small_length_in_inches_keeps_its_thousandths():
    assert _refusal("kerf", "0.006in").endswith("0.006 in is 0.152 mm; give 0.152")


def test_a_tile_width_in_mm_draws_the_same_tile_as_the_number(cli, tmp_path):
    plain, with_unit = tmp_path / "plain", tmp_path / "unit"
    assert cli("tile", "--width", "80", "--kerf", "0.1", "--out", plain).exit_code == 0
    result = cli("tile", "--width", "80mm", "--kerf", "0.1 mm", "--out", with_unit)
    assert result.exit_code == 0, result.output
    for path in plain.iterdir():
        assert (with_unit / path.name).read_bytes() == path.read_bytes()


def test_a_word_that_is_no_length_is_still_not_a_number():
    assert _refusal("width", "100 furlongs") == "--width '100 furlongs' is not a number"


@pytest.mark.parametrize(
    "args, shown",
    [
        (("tile", "--width", "2001"), "--width 2001 is outside the allowed range"),
        (("tile", "--kerf", "7"), "--kerf 7 is outside the allowed range"),
        (("tile", "--kerf", "7.50"), "--kerf 7.50 is outside the allowed range"),
        (("tile", "--width", "2001mm"), "--width 2001mm is outside the allowed range"),
    ],
)
def test_a_number_out_of_range_is_quoted_as_typed(cli, tmp_path, args, shown):
    result = cli(*args, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert shown in result.output
    assert ".0 is outside" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_number_from_a_file_is_quoted_as_python_reads_it():
    # A kit file's 2001.0 is a float because it was written so; 2001 stays whole.
    for value, shown in ((2001.0, "2001.0"), (2001, "2001"), (2000.5, "2000.5")):
        with pytest.raises(ValueError) as caught:
            check("width", value)
        assert f"width {shown} is outside the allowed range" in str(caught.value)
