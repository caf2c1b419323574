"""The list of commands shown by ``fabgen --help``, in the order a maker needs them."""

from __future__ import annotations

from fabgen.cli.stones_cmd import stones
from fabgen.cli.tile_cmd import tile

ALL: list = [tile, stones]
