"""What the checks of one board share: the board and kit, facts worked out once (its
symmetry, the supply it needs), what earlier checks found, and questions about seats
that several checks ask."""

from __future__ import annotations

from dataclasses import dataclass, field

from fabgen.board.findings import MAX_PLAYERS, MIN_PEOPLE, MIN_PLAYERS, KitCounts
from fabgen.board.model import Board, Seat
from fabgen.board.supply import Supply, simulated_supply, supply_needed
from fabgen.board.symmetry import Symmetry, board_symmetry
from fabgen.geometry.lattice import Field


@dataclass
class Context:
    """The board under check. ``balance``, a report of simulated games, replaces the
    20 % rule for the supply. The flags are set by the structure checks and read by
    the later ones, which is why the checks run in their registered order."""

    board: Board
    kit: KitCounts
    balance: dict | None = None
    symmetry: Symmetry = field(init=False)
    supply: Supply = field(init=False)
    broken: bool = False  # a structural error: the position cannot be built
    too_high: bool = False  # a stack-too-high error: no supply can be counted

    def __post_init__(self) -> None:
        self.symmetry = board_symmetry(self.board)
        board, balance = self.board, self.balance
        self.supply = supply_needed(board) if balance is None else simulated_supply(board, balance)

    def seat(self, k: int) -> str:
        return self.board.seats[k].label(k + 1)

    @property
    def people(self) -> list[int]:
        """Indices of the seats played by people, in turn order."""
        return self.board.person_seats

    @property
    def machine_seats(self) -> list[int]:
        return [k for k, seat in enumerate(self.board.seats) if seat.is_machine]

    def seats_ready(self) -> bool:
        """Seats that the fairness checks can compare: a playable number, each with
        stones, on a board without structural errors."""
        seats = self.board.seats
        return (
            MIN_PLAYERS <= len(seats) <= MAX_PLAYERS
            and self.board.people >= MIN_PEOPLE
            and all(s.stones for s in seats)
            and not self.broken
        )

    def is_start(self) -> bool:
        """No growing or dead fields: a position before the first turn."""
        return all(v > 0 for seat in self.board.seats for _, v in seat.stacks)

    def explodes_at_once(self, seat: Seat) -> bool:
        return any(v >= len(self.board.board_neighbours(f)) for f, v in seat.stacks if v > 0)

    def tile_of(self, stacks: dict[Field, int]) -> int | None:
        """The tile that ``stacks`` covers as a start tile (one stone per field)."""
        fields = set(stacks)
        for t, tile in enumerate(self.board.tiles):
            if set(tile.fields) == fields and all(v == 1 for v in stacks.values()):
                return t
        return None
