"""Random positions for the rules' property tests: some segments of a 7-segment hexagon
with random live, growing and dead fields of 2 or 3 players."""

from hypothesis import strategies as st

from fabgen.rules.setup import hexagon_segments
from fabgen.rules.state import Position

SEGMENTS = hexagon_segments(1)  # 7 segments, 49 fields
KINDS = ("empty", "empty", "live", "live", "live", "growing", "dead")


@st.composite
def positions(draw, any_next_player: bool = False) -> Position:
    """A random board and fields; the first player to move unless ``any_next_player``."""
    kept = [s for s in SEGMENTS if draw(st.booleans()) or s is SEGMENTS[0]]
    players = draw(st.integers(2, 3))
    stacks: list[dict] = [{} for _ in range(players)]
    for field in (f for s in kept for f in s):
        kind = draw(st.sampled_from(KINDS))
        owner = draw(st.integers(0, players - 1))
        stones = draw(st.integers(1, 7))
        if kind != "empty":
            stacks[owner][field] = {"live": stones, "growing": -stones, "dead": 0}[kind]
    next_player = draw(st.integers(0, players - 1)) if any_next_player else 0
    return Position.from_stacks(kept, ["A", "B", "C"][:players], stacks, next_player=next_player)
