"""Setting up games: standard segments, hexagonal boards, start positions, and
positions written with field names (for hand-built examples).

The online setup centres segment ``(i, j)`` on field ``(1 + i + 2j, 1 + 3i − j)`` and
adds its six neighbours. In ``(i, j)`` the six neighbouring segments are one step
``(±1, 0), (0, ±1), ±(1, 1)`` away, the same steps as fields on the field lattice, so
:func:`~fabgen.geometry.lattice.hex_distance` measures distances between segments too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fabgen.geometry.lattice import NEIGHBOUR_STEPS, Field, hex_distance, neighbours
from fabgen.rules.names import parse_field, parse_stack_key
from fabgen.rules.state import Player, Position

DEFAULT_PLAYERS = (
    Player("Red", "red"),
    Player("Blue", "blue"),
    Player("Green", "green"),
    Player("Yellow", "yellow"),
    Player("Purple", "purple"),
    Player("Orange", "orange"),
)

# Which corners of a hexagonal board the players start on, by number of players.
_START_CORNERS = {1: (0,), 2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4)}


def segment_fields(centre: Field) -> tuple[Field, ...]:
    """The seven fields of the standard segment centred on ``centre`` (centre first)."""
    return (centre, *neighbours(centre))


def online_segment_centre(i: int, j: int) -> Field:
    return (1 + i + 2 * j, 1 + 3 * i - j)


def hexagon_segment_coords(radius: int) -> list[tuple[int, int]]:
    """Segment coordinates of a hexagon of segments: 1, 7, 19, 37, 61, 91 … segments."""
    span = range(-radius, radius + 1)
    return [(i, j) for i in span for j in span if hex_distance((i, j), (0, 0)) <= radius]


def hexagon_segments(radius: int) -> list[tuple[Field, ...]]:
    return [segment_fields(online_segment_centre(i, j)) for i, j in hexagon_segment_coords(radius)]


def start_position(radius: int, players: int | Sequence[Player | str] = 2) -> Position:
    """A hexagonal board of segments with each player's seven stones on a corner
    segment, spread as evenly as the number of players (1 to 6) allows."""
    count = players if isinstance(players, int) else len(players)
    if not 1 <= count <= 6:
        raise ValueError(f"a hexagonal start position takes 1 to 6 players, got {count}")
    roster = list(DEFAULT_PLAYERS[:count]) if isinstance(players, int) else list(players)
    if radius < 1:
        raise ValueError("the board needs a radius of at least 1 segment")
    corners = _START_CORNERS.get(len(roster), range(6))
    stacks = []
    for corner in corners:
        di, dj = NEIGHBOUR_STEPS[corner]
        centre = online_segment_centre(radius * di, radius * dj)
        stacks.append(dict.fromkeys(segment_fields(centre), 1))
    return Position.from_stacks(hexagon_segments(radius), roster, stacks)


def expand_stack_key(key: str) -> tuple[Field, ...]:
    """The fields a stack key stands for: one field, or a whole standard segment."""
    centre, is_segment = parse_stack_key(key)
    return segment_fields(centre) if is_segment else (centre,)


def position_from_names(
    segments: Sequence[Sequence[str] | str],
    stacks: Sequence[Mapping[str, int]] = (),
    players: Sequence[Player | str] | None = None,
    **options,
) -> Position:
    """A hand-built position written with field names.

    A segment is a list of names or one string of names separated by spaces, or an
    upper-case centre name (``"C3"``) for a standard segment. Stack keys may be
    upper-case segment keys. ``options`` go to :meth:`Position.from_stacks`.
    """
    board = [_segment(s) for s in segments]
    roster = players if players is not None else list(DEFAULT_PLAYERS[: max(len(stacks), 1)])
    fields = [{f: v for key, v in s.items() for f in expand_stack_key(key)} for s in stacks]
    return Position.from_stacks(board, roster, fields, **options)


def _segment(spec: Sequence[str] | str) -> tuple[Field, ...]:
    if isinstance(spec, str):
        names = spec.split()
        if len(names) == 1 and not names[0].islower():
            return segment_fields(parse_stack_key(names[0])[0])
    else:
        names = list(spec)
    return tuple(parse_field(n) for n in names)
