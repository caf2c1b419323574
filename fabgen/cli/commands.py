"""The list of commands shown by ``fabgen --help``, in the order a maker needs them."""

from __future__ import annotations

from fabgen.cli.alignment_cmd import check_alignment
from fabgen.cli.build_cmd import build
from fabgen.cli.sheet_cmd import sheet
from fabgen.cli.tile_cmd import tile

ALL: list = [tile, sheet, check_alignment, build]
