"""How the findings name fields, tiles, stacks and counts."""

from __future__ import annotations

from collections.abc import Iterable

from fabgen.board.model import Tile
from fabgen.geometry.lattice import Field
from fabgen.rules.names import field_name


def field_list(fields: Iterable[Field], limit: int = 6) -> str:
    names = [field_name(f) for f in fields]
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return ", ".join(names)


def tile_coord(tile: Tile) -> str:
    return "" if tile.coord is None else f" [{tile.coord[0]}, {tile.coord[1]}]"


def tile_list(numbers: Iterable[int]) -> str:
    """``tile 4``, ``tiles 1–9, 12``: tile numbers with runs shortened."""
    ordered = sorted(numbers)
    runs: list[list[int]] = []
    for n in ordered:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)
    return ("tile " if len(ordered) == 1 else "tiles ") + text


def stack_list(stacks: Iterable[tuple[Field, int]]) -> str:
    """``a1 (3 stones), m1 (3 stones)``."""
    return ", ".join(f"{field_name(f)} ({stone_count(v)})" for f, v in stacks)


def many(n: int) -> str:
    """A count as written, shortened when it has more than 24 digits."""
    digits = str(n)
    return f"{n:,}" if len(digits) <= 24 else f"{digits[:6]}... ({len(digits)} digits)"


def stone_count(n: int) -> str:
    return f"{n} stone{'' if abs(n) == 1 else 's'}"


def order_words(order: int) -> str:
    if order == 1:
        return "no rotation symmetry"
    return f"{order}-fold rotation symmetry ({360 // order}°)"
