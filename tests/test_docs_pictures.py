"""The pictures in docs/ (the README's and the site's) are what fabgen makes today
(regenerate with `make pictures`)."""

import pathlib

from fabgen.pictures import readme_pictures
from tests.readback import read_svg

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_committed_pictures_are_current():
    for name, data in readme_pictures().items():
        committed = ROOT / name
        assert committed.exists(), f"{name} is missing: run make pictures"
        assert committed.read_bytes() == data, f"{name} is out of date: run make pictures"


def test_tile_picture_is_a_tile():
    tile = read_svg(readme_pictures()["docs/tile.svg"])
    assert len(tile.circles["engrave"]) == 7
    assert tile.closed["cut"] == [True]
