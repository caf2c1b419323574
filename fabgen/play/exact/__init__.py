"""The exact explosion search: the turn with the most explosions, proven, and fast.

The extreme machine values a turn by the explosions of its explosion phase. This
module finds the largest such count over *every* turn of the player to move (one
move or none per tile, in every order that changes the result) without playing
every turn, by branch and bound over the tiles; docs/design-notes.md gives the
argument at length. In short:

**Which fields can explode at all.** A move changes stones, never a status or a
capacity. Write a live field's *advantage* as the player's stones on it, or minus an
opponent's stones (0 when empty); a growing field of the player has its stones. Each
stone an explosion sends to a live neighbour adds one to its advantage (it lands or
cancels an opponent stone). A live field explodes once its advantage is at least 1
and at least its capacity; it then becomes growing with no stones, and explodes
again (dies) once none of its neighbours is live. A growing field of the player
explodes when its stones reach its capacity. Dead fields and the opponents' growing
fields never explode in this phase. All of this is monotone: more advantage, or more
explosions next door, never means fewer explosions. So if every tile made, at once,
the move that adds the most to each field (each field for itself), the explosions
possible under that optimism include every explosion of every real turn. The fields
that can explode even then (:attr:`TurnSpace.volatile`, "V") are the only ones that
ever explode; every other field's explosions are 0 in every turn, whatever happens.

**Counting on V only.** The count of a turn is then a function of the advantages of
the fields in V after the moves (:func:`_explosions`, checked against the engine by
the tests). A move that passes no contested field (one that held opponent stones at
the start of the turn) changes advantages by fixed amounts: minus k at its source,
plus k at its destination, whatever else is played and in whatever order. A move
that passes contested fields (*crossing*) takes minus k at its source and between 0
and what it could cancel or land on each field it passes; its exact effect is
worked out at the end, in every order of the moves it depends on (as
:mod:`fabgen.play.search` does).

**Branch and bound.** Tiles are decided one at a time (the one that can add the most
first); each node has two vectors of advantages: every decided move at its lowest
and at its highest, every undecided tile at its lowest (its most negative move, for
each field) and at its highest (its most positive move, for each field). The
explosions of the high vector are an upper bound for every turn below the node, those
of the low vector a lower bound. Nodes whose upper bound is below the best count found
are cut off (never those equal to it: every best turn is found, so that ties are
broken among all of them); when the two bounds meet, every turn below the node has
that count, and they are counted without being enumerated. Moves with the same effect
on V (most of all those that touch no field of V and that no crossing move depends on)
are one option. Where the fields that can still explode fall apart into groups that
different tiles reach, the tiles are searched in independent parts and their best
counts add up (:meth:`_Search._split`). The phase is a least fixed point, so a phase
whose start is above another's goes on from that one's end instead of starting
afresh (:meth:`TurnSpace.go_on`): a node's lower bound from its parent's, its
children's bounds from it, each leaf's count from its parent's lower bound.

**Ties** are counted as move sets (a move set is best when one of its orders is);
the seeded generator draws one best move set uniformly, then one of its best orders
uniformly. Past :data:`TIES` bound evaluations only better turns are looked for (the
count stays proven; the tie is drawn among the best turns found). A ``budget`` of
bound evaluations may stop the search early: the result then says
``exhaustive=False`` and gives the largest upper bound of the nodes left open
(``bound``): no turn explodes more than that.

:func:`best_setup` is the machine's second rule (no turn explodes anything now): it
plays every turn and searches each next turn with :class:`TurnSpace`; next positions
that differ only in stones are prepared together as a :class:`Family` (one V, shared
tile options), and many are searched in two halves, in two processes where it may.
"""

from __future__ import annotations

from fabgen.play.exact.branch import BUDGET, TIES
from fabgen.play.exact.lookahead import NEXT_TURNS, SetupResult, best_setup
from fabgen.play.exact.moves import MAX_ORDERS, legal_moves
from fabgen.play.exact.space import ExactResult, Family, TurnSpace

__all__ = [
    "BUDGET",
    "MAX_ORDERS",
    "NEXT_TURNS",
    "TIES",
    "ExactResult",
    "Family",
    "SetupResult",
    "TurnSpace",
    "best_setup",
    "legal_moves",
]
