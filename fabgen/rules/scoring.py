"""Regions, settledness, scores, the end of the game and the ranking.

A region is a maximal connected set of live fields. It is settled when it holds
stones of at most one player and no growing field is next to it. A player scores the
size of every region that holds only that player's stones, settled or not; empty
regions score for nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fabgen.geometry.lattice import Field
from fabgen.rules.moves import MACHINE
from fabgen.rules.state import GROWING, Position
from fabgen.rules.variants import DEFAULT, NO_TIE_BREAK, PASSES, STONES, Variant, get_variant


@dataclass(frozen=True)
class Region:
    fields: tuple[Field, ...]  # board order
    players: frozenset[int]  # players with stones in the region
    next_to_growing: bool

    @property
    def settled(self) -> bool:
        return len(self.players) <= 1 and not self.next_to_growing

    @property
    def owner(self) -> int | None:
        """The one player with stones here, if exactly one."""
        return next(iter(self.players)) if len(self.players) == 1 else None

    def __len__(self) -> int:
        return len(self.fields)


@dataclass(frozen=True)
class Standing:
    rank: int  # 1 = winner; tied players share a rank
    player: int
    score: int
    stones: int  # on the board, the blog variant's tie-break


def regions(position: Position) -> list[Region]:
    """All regions, ordered by their first field in board order."""
    members: dict[int, list[int]] = {}
    for i, label in enumerate(position.region_labels()):
        if label >= 0:
            members.setdefault(label, []).append(i)
    board, status, owner = position.board, position._status, position._owner
    out = []
    for indices in members.values():
        players = frozenset(owner[i] for i in indices if owner[i] >= 0)
        growing = any(status[n] == GROWING for i in indices for n in board.neighbours[i])
        out.append(Region(tuple(board.fields[i] for i in indices), players, growing))
    return out


def scores(position: Position) -> list[int]:
    """Each player's score now (final once the game is over)."""
    out = [0] * len(position.players)
    for region in regions(position):
        if region.owner is not None:
            out[region.owner] += len(region)
    return out


def game_over(position: Position, variant: Variant | str = DEFAULT) -> bool:
    variant = get_variant(variant)
    if variant.end == PASSES:
        return not position._growing and position.passes >= len(position.players)
    return settled_or_still(position)


def game_over_check(variant: Variant | str = DEFAULT) -> Callable[[Position], bool]:
    """``game_over`` for one variant, as a function of the position (for loops)."""
    if get_variant(variant).end == PASSES:
        return lambda p: not p._growing and p.passes >= len(p.players)
    return settled_or_still


def settled_or_still(position: Position) -> bool:
    """The end of a game that does not end by passes."""
    return all_settled(position) or standstill(position)


def standstill(position: Position) -> bool:
    """Nothing that counts can change any more (docs/design-notes.md, the rules): no
    growing field has a live neighbour, and every region with stones of two seats or
    more holds machine seats' stones only, none of them as many as their field's
    capacity. Machines never move, no one else's stones can enter such a region (moves
    cross live fields only, and regions only split), and nothing in it explodes: it
    never settles, and every score is final."""
    players = position.players
    if all(p.kind != MACHINE for p in players):
        return False  # (then only settled regions end a game)
    cap = position._cap
    for g in position._growing:
        if cap[g]:
            return False
    labels = position.region_labels()
    owner, stones = position._owner, position._stones
    first: dict[int, int] = {}  # region label -> the first seat with stones in it
    mixed, moving, full = set(), set(), set()
    for i, o in enumerate(owner):
        label = labels[i]
        if o < 0 or label < 0:
            continue
        if players[o].kind != MACHINE:
            moving.add(label)
        if stones[i] >= cap[i]:
            full.add(label)
        if first.setdefault(label, o) != o:
            mixed.add(label)
    return not mixed & (moving | full)


def all_settled(position: Position) -> bool:
    """Every region settled (also true when no live field is left)."""
    cap = position._cap
    # A region next to a growing field means that growing field has a live neighbour:
    # checking capacities rules out most positions without looking at regions.
    for g in position._growing:
        if cap[g]:
            return False
    labels = position.region_labels()
    owner = position._owner
    # Hints kept from the last check (a position and the copies made from it share
    # them; they are replaced, never changed in place): two fields of different
    # players found in one region, and one live field with stones per player.
    hints = position._mixed
    pair = hints[1] if hints is not None else None
    if pair is not None:
        i, j = pair
        a, b = owner[i], owner[j]
        if a >= 0 and b >= 0 and a != b and labels[i] >= 0 and labels[i] == labels[j]:
            return False
    reps = hints[0] if hints is not None else (-1,) * len(position.players)
    fresh = None  # the hints with stale fields replaced, when any were
    seen: dict[int, int] = {}  # region label -> a field with some player's stones in it
    met = None
    for k, r in enumerate(reps):
        if r < 0 or owner[r] != k or labels[r] < 0:
            if fresh is None:
                fresh = list(reps)
            fresh[k] = r = _live_field(owner, labels, k, r)
            if r < 0:
                continue
        label = labels[r]
        if label in seen:
            met = (seen[label], r)  # two players' stones in one region
            break
        seen[label] = r
    if fresh is not None or met is not None:
        position._mixed = (tuple(fresh) if fresh is not None else reps, met or pair)
    if met is not None:
        return False
    first: dict[int, int] = {}  # region label -> first field with stones in it
    for i, (label, o) in enumerate(zip(labels, owner, strict=True)):
        if o >= 0 and label >= 0:
            j = first.setdefault(label, i)
            if owner[j] != o:
                position._mixed = (reps, (j, i))
                return False
    return True


def unsettled_pair(position: Position) -> tuple[int, int, int] | None:
    """After :func:`all_settled` said no: ``(version, i, j)``, a certificate that the
    game is not over which a replay can check each turn in a few list lookups instead
    of calling :func:`all_settled`; None when there is none.

    - ``i`` and ``j`` >= 0: fields with stones of two different players in one region.
      It holds while the position's ``_version`` is unchanged (no field changed status,
      so the regions are the same) and the two fields still hold stones of two
      different players.
    - ``i`` = ``j`` = -1: a growing field has a live neighbour. It holds while the
      version is unchanged (only explosions change statuses and capacities).
    """
    for g in position._growing:
        if position._cap[g]:
            return (position._version, -1, -1)
    hints, cached = position._mixed, position._labels
    if hints is None or hints[1] is None or cached is None or cached[0] != position._version:
        return None
    i, j = hints[1]
    labels, owner = cached[1], position._owner
    a, b = owner[i], owner[j]
    if a < 0 or b < 0 or a == b or labels[i] < 0 or labels[i] != labels[j]:
        return None
    players = position.players
    if players[a].kind == MACHINE and players[b].kind == MACHINE:
        return None  # (two machines' stacks alone may be a standstill)
    return (position._version, i, j)


def shared_region(position: Position, fields: list[int]) -> tuple[int, int, int] | None:
    """A certificate as :func:`unsettled_pair` gives, from ``fields`` (a field index or
    -1 per player): two of them that hold their player's stones in one region."""
    labels, owner = position.region_labels(), position._owner
    seen: dict[int, int] = {}  # region label -> one of the fields in it
    for k, i in enumerate(fields):
        if i >= 0 and owner[i] == k and labels[i] >= 0:
            j = seen.setdefault(labels[i], i)
            if j != i:
                return (position._version, j, i)
    return None


def _live_field(owner: list[int], labels: Sequence[int], player: int, hint: int) -> int:
    """A live field with the player's stones: the next one from ``hint`` on, wrapping
    around, or -1. ``list.index`` scans in C."""
    for start, stop in ((max(hint, 0), len(owner)), (0, max(hint, 0))):
        i = start
        while True:
            try:
                i = owner.index(player, i, stop)
            except ValueError:
                break
            if labels[i] >= 0:
                return i
            i += 1
    return -1


def ranking(position: Position, variant: Variant | str = DEFAULT) -> list[Standing]:
    """Players from first to last under the variant's tie-break; players the
    tie-break cannot tell apart share a rank (1, 1, 3: no second place)."""
    variant = get_variant(variant)
    points = scores(position)
    stones = [position.stones_on_board(k) for k in range(len(position.players))]

    def key(k: int) -> tuple:
        if variant.tie_break == STONES:
            return (-points[k], -stones[k])
        if variant.tie_break == NO_TIE_BREAK:
            return (-points[k],)
        return (-points[k], -k)  # reverse turn order: the later player wins a tie

    order = sorted(range(len(points)), key=lambda k: (key(k), k))
    out: list[Standing] = []
    for place, k in enumerate(order):
        rank = out[-1].rank if out and key(out[-1].player) == key(k) else place + 1
        out.append(Standing(rank, k, points[k], stones[k]))
    return out


def places(position: Position, variant: Variant | str = DEFAULT) -> list[int]:
    """Each player's place (1 = first) in player order; tied players share a place."""
    out = [0] * len(position.players)
    for s in ranking(position, variant):
        out[s.player] = s.rank
    return out
