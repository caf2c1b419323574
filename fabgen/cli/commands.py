"""The list of commands shown by ``fabgen --help``, in the order a maker needs them."""

from __future__ import annotations

from fabgen.cli.alignment_cmd import check_alignment
from fabgen.cli.balance_cmd import balance
from fabgen.cli.boards_cmd import boards, layout, validate
from fabgen.cli.build_cmd import build
from fabgen.cli.rules_cmd import rules
from fabgen.cli.rulesheet_cmd import rulesheet
from fabgen.cli.serve_cmd import serve
from fabgen.cli.sheet_cmd import sheet
from fabgen.cli.stones_cmd import stones
from fabgen.cli.tile_cmd import tile

ALL: list = [
    tile,
    check_alignment,
    sheet,
    stones,
    boards,
    validate,
    layout,
    balance,
    rules,
    rulesheet,
    build,
    serve,
]
