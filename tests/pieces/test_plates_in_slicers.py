"""A kit's plates as a slicer takes them. PrusaSlicer 2.5 re-arranges a plate on its
command line unless given --dont-arrange, keeping 6 mm between pieces: the club kit's 54
dead markers, 3 mm apart on a 180 × 180 mm bed, stopped it with "Objects could not fit on
the bed" (49 fit its arrangement). README.txt says how the plates are laid out and what to
do (docs/design-notes.md, *Products: Checked against slices*)."""

import itertools
import math
import re

import pytest

from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import plan_kit
from fabgen.kitbuild.render import README_WIDTH, readme_text

FILES = {"3d/a.3mf": b""}


def test_the_readme_gives_the_plates_spacing_and_says_not_to_rearrange_them(tmp_path):
    kit = tmp_path / "kit.toml"
    kit.write_text('[kit]\nboard = "5p-hexagon-19-dummy"\nplayers = 5\n[tile]\nwidth = 80\n')
    plan = plan_kit(load_kit(kit))
    text = readme_text(plan, FILES)
    note = " ".join(text.split("3d/", 1)[1].split("\n\n")[0].split())
    said = re.search(r"laid out to print as they are, ([\d.]+) mm apart", note)
    assert said, note
    assert "--dont-arrange" in note and f"set its spacing to {said.group(1)} mm" in note
    # the gap read from the plates the kit writes: the closest two pieces of a full plate
    full = max(plan.stones.plates, key=lambda plate: len(plate.positions))
    assert len(full.positions) == 54
    diameter = full.pieces[0].diameter
    gap = min(math.dist(a, b) for a, b in itertools.combinations(full.positions, 2)) - diameter
    assert gap == pytest.approx(float(said.group(1)), abs=1e-5)  # (positions to 1 µm)
    assert max(len(line) for line in text.splitlines()) <= README_WIDTH
