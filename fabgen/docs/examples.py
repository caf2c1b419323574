"""The hand-built positions of the rule sheet's figures (see :mod:`fabgen.docs.figures`),
written the way a transcript writes a position."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from fabgen.geometry.lattice import Field
from fabgen.rules import Player, Position, position_from_names
from fabgen.rules.names import parse_field
from fabgen.rules.setup import DEFAULT_PLAYERS


@dataclass(frozen=True)
class Example:
    """A position for a figure, written the way a transcript writes one.

    ``stacks[k]`` maps field names to player k's stacks (n stones on a live field,
    -n stones on a growing field, 0 for a dead field); ``moves`` are the moves of the
    player to move (``"c0-e2"``); ``letters`` names fields for the caption.
    ``kinds`` gives the seats' kinds (``"machine"``, ...; all people when empty) and
    ``next_player`` the seat to move (from 0; None: the first).
    """

    segments: tuple[str, ...]
    stacks: tuple[Mapping[str, int], ...]
    moves: tuple[str, ...] = ()
    letters: Mapping[str, str] = field(default_factory=dict)
    kinds: tuple[str, ...] = ()
    next_player: int | None = None

    def position(self) -> Position:
        players = figure_players(len(self.stacks))
        if self.kinds:
            players = [replace(p, kind=k) for p, k in zip(players, self.kinds, strict=True)]
        options = {} if self.next_player is None else {"next_player": self.next_player}
        return position_from_names(list(self.segments), list(self.stacks), players, **options)

    def letter_fields(self) -> dict[Field, str]:
        return {parse_field(name): letter for name, letter in self.letters.items()}


def figure_players(count: int) -> list[Player]:
    """The first ``count`` seats as the figures draw them: named and coloured as usual
    (Red, Blue, ...); the drawings print each colour in a grey of its own
    (:data:`fabgen.board.colours.PRINT_SHADES`: red dark, blue light, green between)."""
    return list(DEFAULT_PLAYERS[: max(count, 1)])


# --- the examples -------------------------------------------------------------------
# Two tiles side by side (B2 and D1) or four tiles (B2, C5, D1, E4); field names as in
# the Atlantis transcript format.

TWO_TILES = ("B2", "D1")
FOUR_TILES = ("B2", "C5", "D1", "E4")

#: Red moves three stones from a to d; the blue stones on b and d cancel two of them.
MOVE = Example(
    TWO_TILES,
    ({"b2": 3, "a1": 1, "d0": 2}, {"c2": 1, "e2": 1, "e1": 2, "b3": 1}),
    moves=("b2-e2",),
    letters={"b2": "a", "c2": "b", "d2": "c", "e2": "d"},
)

#: Two red moves that reach the same blue stone: the one that gets there first loses
#: a stone to it. The order figure searches this position for such a pair of moves.
ORDER = Example(
    TWO_TILES,
    ({"a2": 2, "c0": 3}, {"c2": 1}),
    letters={"a2": "a", "c0": "b", "c2": "c", "c3": "d"},
)

#: Capacities on a board with some growing and dead fields.
CAPACITY = Example(
    TWO_TILES,
    ({"d2": -1, "c3": 0, "d1": 0, "b1": -2},),
)

#: Red's move starts a chain of four explosion waves.
CHAIN = Example(
    TWO_TILES,
    ({"e1": 2, "c0": 2, "d2": -3, "a1": 1, "a2": -1}, {"d0": 2, "c2": 1, "b3": 2}),
    moves=("c0-e2",),
    letters={"e2": "a", "e1": "b", "d2": "c", "d1": "d", "a2": "e"},
)

#: Three regions: one settled, two not (two colours; a growing field next to it).
REGIONS = Example(
    FOUR_TILES,
    (
        {"c4": -1, "b3": 0, "c1": 0, "c3": 0, "e5": 2, "c6": 1, "e2": 1},
        {"d2": 0, "d3": 0, "e3": 0, "a1": 2, "b2": 1, "d0": 1},
    ),
)

#: The end of a three-player game: every region settled, blue and green tied.
FINAL = Example(
    FOUR_TILES,
    (
        {"c1": 0, "c3": 0, "d2": 0, "e4": 2, "f5": 1, "d4": 1},
        {"b3": 0, "d1": 0, "e1": 0, "b2": 1, "a1": 2, "b1": 1},
        {"c4": 0, "d3": 0, "d5": 0, "c5": 1, "c6": 2},
    ),
)

#: A simple machine (blue, never moves) with a stack of 3 on the corner field a1 of
#: the board, which has 3 live neighbours; red's stones are far enough away not to
#: take part. Blue is to move.
MACHINE = Example(
    FOUR_TILES,
    ({"c3": 2, "d3": 1}, {"a1": 3}),
    letters={"a1": "a"},
    kinds=("player", "machine"),
    next_player=1,
)

#: Red plays as an extreme machine; two of its turns explode the most fields.
EXTREME = Example(
    TWO_TILES,
    (
        {"a1": 2, "c1": 2, "d1": -2, "e1": 1, "b3": -2},
        {"d0": 2, "c3": 2, "b1": 1, "e2": 1},
    ),
    kinds=("extreme-machine", "player"),
)
#: The seed that breaks the extreme machine's ties in the figure.
EXTREME_SEED = 0
