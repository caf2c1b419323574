"""Plate layout: copies fit the bed and never overlap. Pure Python."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.errors import ParameterError
from fabgen.pieces.plate import MAX_PLATES, Bed, Skirt, capacity, layout, parse_bed, plate_counts

#: How far PrusaSlicer 2.5's default skirt (1 loop of 0.7 mm, 6 mm from the objects)
#: printed its outer edge past the objects: a maker who loads a plate with the
#: slicer's defaults must not get "outside print area".
SKIRT_REACH = 6.75


def _check(points, footprint, bed):
    r = footprint / 2
    for x, y in points:
        assert bed.margin - 1e-6 <= x - r and x + r <= bed.width - bed.margin + 1e-6
        assert bed.margin - 1e-6 <= y - r and y + r <= bed.depth - bed.margin + 1e-6
        # (every bed here has the default margin: room for the skirt)
        assert min(x - r, y - r, bed.width - x - r, bed.depth - y - r) >= SKIRT_REACH - 1e-6
    for (x1, y1), (x2, y2) in itertools.combinations(points, 2):
        assert math.hypot(x2 - x1, y2 - y1) >= footprint + bed.spacing - 1e-5  # 1 µm grid


def test_seventy_five_default_stones_fit_a_220_bed():
    bed = Bed(220, 220)
    points = layout(75, 20.678, bed)
    assert len(points) == 75 and len(set(points)) == 75
    _check(points, 20.678, bed)
    # staggered rows: 10 rows of 8 = 80, where a square grid holds 8 × 8 = 64
    assert capacity(20.678, bed) == 80


def test_the_default_margin_holds_the_default_skirt():
    assert Skirt().reach == pytest.approx(6.0 + 1 * 0.7)
    assert Bed().margin >= SKIRT_REACH
    assert Skirt(distance=2, loops=3, line_width=0.5).reach == pytest.approx(3.5)


def test_layout_is_centred_on_the_bed():
    bed = Bed(200, 150)
    points = layout(1, 30.0, bed)
    assert points == [(100.0, 75.0)]


def test_too_many_copies_are_refused_with_the_number_that_fits():
    with pytest.raises(ParameterError, match="at most 80 fit") as info:
        layout(81, 20.678, Bed(220, 220))
    assert info.value.parameter == "plate_copies"
    assert info.value.naming("--count").startswith("--count 81 of a 20.7 mm piece do not fit")
    with pytest.raises(ParameterError, match="larger bed"):
        layout(1, 50.0, Bed(40, 40))


@pytest.mark.parametrize("text", ["220x220", "220X220", " 220 × 220 ", "220.0x220"])
def test_parse_bed(text):
    assert parse_bed(text) == (220.0, 220.0)


@pytest.mark.parametrize("text", ["220", "x", "0x100", "220x-3", "3000x200", "", "1.2.3x4"])
def test_bad_bed_is_refused(text):
    with pytest.raises(ParameterError, match="WIDTHxDEPTH"):
        parse_bed(text)


@settings(max_examples=60, deadline=None)
@given(
    footprint=st.floats(5, 60),
    width=st.floats(60, 400),
    depth=st.floats(60, 400),
    spacing=st.floats(0, 10),
    fraction=st.floats(0, 1),
)
def test_any_layout_fits_and_never_overlaps(footprint, width, depth, spacing, fraction):
    bed = Bed(width, depth, spacing)
    fits = capacity(footprint, bed)
    if fits == 0:
        return
    count = max(1, round(fraction * fits))
    _check(layout(count, footprint, bed), footprint, bed)
    with pytest.raises(ParameterError):
        layout(fits + 1, footprint, bed)


def test_default_bed_is_180_and_75_stones_share_two_plates_evenly():
    bed = Bed()
    assert (bed.width, bed.depth) == (180, 180)
    # 170 mm usable: 7 columns of 23.678 mm (20.678 + 3 spacing) = 165.7 mm, rows
    # 20.5 mm apart: 8 rows in 170 - 20.678 mm; staggered rows alternate 7 and 6
    assert capacity(20.678, bed) == 4 * 7 + 4 * 6 == 52
    assert plate_counts(75, 20.678, bed) == [38, 37]
    assert plate_counts(52, 20.678, bed) == [52]
    assert plate_counts(53, 20.678, bed) == [27, 26]


@settings(max_examples=80, deadline=None)
@given(
    count=st.integers(1, 400),
    footprint=st.floats(5, 60),
    side=st.floats(80, 300),
    per_set=st.integers(1, 3),
)
def test_plate_counts_use_the_fewest_plates_and_every_plate_fits(count, footprint, side, per_set):
    bed = Bed(side, side)
    per_plate = capacity(footprint, bed) // per_set
    try:
        counts = plate_counts(count, footprint, bed, per_set)
    except ParameterError as exc:
        assert per_plate < 1 or -(-count // per_plate) > MAX_PLATES, str(exc)
        return
    assert sum(counts) == count
    assert len(counts) == -(-count // per_plate)  # the fewest plates
    assert max(counts) - min(counts) <= 1  # shared out evenly
    for n in counts:
        _check(layout(n * per_set, footprint, bed), footprint, bed)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8x8in", "8×8 in is 203.2x203.2 mm; give 203.2x203.2,"),
        ("25x21cm", "25×21 cm is 250x210 mm"),
        ("25cmx210mm", "mixes units"),
    ],
)
def test_a_bed_in_other_units_is_refused_with_its_size_in_mm(text, message):
    with pytest.raises(ParameterError, match=re.escape(message)):
        parse_bed(text)


def test_a_bed_written_with_mm_is_read_as_mm():
    assert parse_bed("250 x 210 mm") == (250.0, 210.0)
    assert parse_bed("250mmx210mm") == (250.0, 210.0)


# ---- a build volume as a printer's spec sheet gives it -----------------------------------


@pytest.mark.parametrize(
    "text", ["250x210x220", "250 x 210 x 220 mm", "250×210×220", "250X210X220mm"]
)
def test_a_build_volume_from_a_spec_sheet_is_read_as_its_bed(text):
    # A Prusa MK4's spec sheet gives 250x210x220 (width x depth x height), as Cura's
    # X (Width), Y (Depth), Z (Height); it was "not WIDTHxDEPTH". The plates are laid
    # out on the bed alone, as without the height.
    assert parse_bed(text) == parse_bed("250x210") == (250.0, 210.0)
    bed = Bed(*parse_bed(text))
    assert layout(30, 20.7, bed) == layout(30, 20.7, Bed(250, 210))


@pytest.mark.parametrize("text", ["250x210x0", "250x210x5000"])
def test_a_build_height_out_of_range_is_refused_with_the_bed_to_give(text):
    with pytest.raises(ParameterError) as info:
        parse_bed(text)
    said = str(info.value)
    assert "build height, must be more than 0 and at most 2000 mm" in said
    assert "leave it out, 250x210" in said and "not needed" in said


@pytest.mark.parametrize(
    ("typed", "sides"), [("600x400x3", "600x400"), ("600 x 400 x 6mm", "600x400")]
)
def test_a_laser_sheet_with_its_thickness_is_refused_with_its_sides_to_give(typed, sides):
    # the sheet parser the bed's shares: a third number is no build height there
    from fabgen.geometry.nesting import SheetSpec

    with pytest.raises(ParameterError) as info:
        SheetSpec.parse(typed)
    said = str(info.value)
    assert info.value.parameter == "sheet_size"
    assert f"has three numbers, but WIDTHxHEIGHT is two sides: give {sides}" in said
    assert "thickness" in said and "build height" not in said
    assert SheetSpec.parse(sides).width == 600
