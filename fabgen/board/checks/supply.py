"""Supply: the stones and markers the board needs, against the kit's."""

from __future__ import annotations

from collections.abc import Iterator

from fabgen.board.checks.context import Context
from fabgen.board.checks.registry import Section
from fabgen.board.findings import Finding, Severity, Where
from fabgen.board.supply import ROOM_NOTE, SIMULATED_MARGIN, Supply

SUPPLY = Section("supply")


@SUPPLY.check("stones-supply")
def stones(ctx: Context) -> Iterator[Finding]:
    if ctx.too_high:
        return
    need, have = ctx.supply, ctx.kit.stones_per_player
    basis = f"each colour needs about {need.stones_per_player} stones ({need.stones_basis})"
    if have is None:
        yield Finding("stones-supply", Severity.INFO, basis)
        return
    starts = [s.stones for s in ctx.board.seats]
    short = [k for k, s in enumerate(starts) if s > have]
    if short:
        k = short[0]
        yield Finding(
            "stones-supply",
            Severity.ERROR,
            f"the kit has {have} stones per player but {ctx.seat(k)} {_has(need, starts[k])}: "
            f"make at least {need.stones_per_player} per colour",
            Where(player=k + 1),
        )
    elif have < need.stones_per_player:
        yield Finding(
            "stones-supply",
            Severity.WARNING,
            f"the kit has {have} stones per player; {basis}: make "
            f"{need.stones_per_player - have} more per colour",
        )
    else:
        yield Finding(
            "stones-supply", Severity.INFO, f"the kit's {have} per player are enough: {basis}"
        )


def _has(need: Supply, stones: int) -> str:
    """A seat's stones: what it starts with, or in a position from the middle of a
    game (whose start is not known) what it holds there."""
    return f"holds {stones} in this position" if need.mid_game else f"starts with {stones}"


@SUPPLY.check("markers-supply")
def markers(ctx: Context) -> Iterator[Finding]:
    need = ctx.supply
    wanted = (
        ("growing", need.growing_markers, ctx.kit.growing_markers),
        ("dead", need.dead_markers, ctx.kit.dead_markers),
    )
    short = [(kind, n, have) for kind, n, have in wanted if have is not None and have < n]
    if need.simulated:
        basis = (
            f"the board needs about {need.growing_markers} growing markers and "
            f"{need.dead_markers_text}: the 95th percentile of the most growing fields "
            f"at once and of the most dead fields at once on tiles not all dead (of the "
            f"dead fields at the end if none is lifted off) in {need.simulated}, plus "
            f"{SIMULATED_MARGIN:.0%}" + (f" ({ROOM_NOTE})" if need.markers_capped else "")
        )
    else:
        basis = (
            f"the board needs about {need.growing_markers} growing markers (20% of "
            f"{need.fields} fields) and {need.dead_markers} dead markers (40%; a tile "
            "whose fields are all dead can be lifted off and its markers used again)"
        )
    if short:
        more = " and ".join(f"{n - have} more {kind} markers" for kind, n, have in short)
        yield Finding("markers-supply", Severity.WARNING, f"{basis}: make {more}")
    else:
        given = all(have is not None for _, _, have in wanted)
        yield Finding(
            "markers-supply", Severity.INFO, basis + ("; the kit has enough" if given else "")
        )
