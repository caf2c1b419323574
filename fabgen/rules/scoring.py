"""Regions, settledness, scores, the end of the game and the ranking.

A region is a maximal connected set of live fields. It is settled when it holds
stones of at most one player and no growing field is next to it. A player scores the
size of every region that holds only that player's stones, settled or not; empty
regions score for nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.geometry.lattice import Field
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
    for i, label in enumerate(position._region_labels()):
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
    return all_settled(position)


def all_settled(position: Position) -> bool:
    """Every region settled (also true when no live field is left)."""
    cap = position._cap
    # A region next to a growing field means that growing field has a live neighbour:
    # checking capacities rules out most positions without looking at regions.
    for g in position._growing:
        if cap[g]:
            return False
    labels = position._region_labels()
    owner = position._owner
    # Hints kept from the last check (a position and the copies made from it share
    # them; they are replaced, never changed in place): two fields of different
    # players found in one region, and one live field with stones per player.
    reps, pair = position._mixed or ((-1,) * len(position.players), None)
    seen: dict[int, int] = {}
    stale = False
    for k, r in enumerate(reps):
        if r >= 0 and owner[r] == k and labels[r] >= 0:
            if seen.setdefault(labels[r], k) != k:
                return False  # two players' stones in one region
        else:
            stale = True
    if pair is not None:
        i, j = pair
        a, b = owner[i], owner[j]
        if a >= 0 and b >= 0 and a != b and labels[i] >= 0 and labels[i] == labels[j]:
            return False
    if stale and _stale_players_meet(owner, labels, list(reps), seen, position):
        return False
    first: dict[int, int] = {}  # region label -> first field with stones in it
    for i, (label, o) in enumerate(zip(labels, owner, strict=True)):
        if o >= 0 and label >= 0:
            j = first.setdefault(label, i)
            if owner[j] != o:
                reps = position._mixed[0] if position._mixed else reps
                position._mixed = (reps, (j, i))
                return False
    return True


def _stale_players_meet(
    owner: list[int], labels: list[int], reps: list[int], seen: dict[int, int], position
) -> bool:
    """Find a live field for each player whose field from the last check is gone
    (players left without live stones last) until two players meet in one region;
    ``seen`` holds the regions of the players whose fields are still good. Stores the
    fields found for the next check."""
    met = False
    stale = [k for k, r in enumerate(reps) if not (r >= 0 and owner[r] == k and labels[r] >= 0)]
    for k in sorted(stale, key=lambda k: reps[k] < 0):
        reps[k] = r = _live_field(owner, labels, k, reps[k])
        if r >= 0 and seen.setdefault(labels[r], k) != k:
            met = True
            break
    position._mixed = (tuple(reps), position._mixed[1] if position._mixed else None)
    return met


def _live_field(owner: list[int], labels: list[int], player: int, hint: int) -> int:
    """A live field with the player's stones (``hint`` if it still is one, else the
    next one after it, wrapping around), or -1. ``list.index`` scans in C."""
    if hint >= 0 and owner[hint] == player and labels[hint] >= 0:
        return hint
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
