"""Size: the number of tiles against the 1995 rules' boards."""

from __future__ import annotations

from collections.abc import Iterator

from fabgen.board.checks.context import Context
from fabgen.board.checks.registry import Section
from fabgen.board.findings import MAX_TILES, MIN_TILES, Finding, Severity

SIZE = Section("size")


@SIZE.check("tile-count")
def tile_count(ctx: Context) -> Iterator[Finding]:
    n = len(ctx.board.tiles)
    if MIN_TILES <= n <= MAX_TILES:
        return
    todo = "add tiles for a longer game" if n < MIN_TILES else "games on it will be long"
    tiles = f"{n} tile{'' if n == 1 else 's'}"
    yield Finding(
        "tile-count",
        Severity.WARNING,
        f"the board has {tiles}; the 1995 rules use {MIN_TILES} to {MAX_TILES}: {todo}",
    )
