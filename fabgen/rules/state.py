"""Boards and positions: fields that are live, growing or dead, stones and owners.

A :class:`Board` is a list of tiles (the transcript's segments), each an explicit list
of fields, so hand-made boards with free-form tiles work. Fields are numbered
0 … n−1 in segment order; neighbours and the field one step away in each of the six
directions are precomputed as integer indices, which is what the turn engine runs on.

A :class:`Position` is the state of a game between turns. It is immutable through its
public API: :func:`fabgen.rules.turn.play_turn` returns a new one. Internally it keeps
flat lists (status, owner, stones, capacity per field index) because the explosion
phase is the hot path of replaying games.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import StrEnum

from fabgen.errors import FabgenError
from fabgen.geometry.lattice import NEIGHBOUR_STEPS, Field
from fabgen.rules.names import field_name, seat_label

# Field status codes in the flat lists.
LIVE, GROWING, DEAD = 0, 1, 2
# Owner code of an empty live field and of a dead field.
NOBODY = -1


class Status(StrEnum):
    LIVE = "live"
    GROWING = "growing"
    DEAD = "dead"


STATUS_BY_CODE = (Status.LIVE, Status.GROWING, Status.DEAD)


class PositionError(FabgenError, ValueError):
    """A board or position that cannot exist.

    ``where`` locates the problem as a path of keys and indices in transcript terms,
    e.g. ``("players", 1, "stacks", (2, 2))``; the transcript reader turns it into a
    JSON path.
    """

    def __init__(self, message: str, where: tuple = ()):
        super().__init__(message)
        self.detail = message
        self.where = where


@dataclass(frozen=True)
class Player:
    name: str | None = None
    color: str | None = None
    #: "player" (a person), "machine" (never moves) or "extreme-machine"; see
    #: fabgen.board.model.SeatKind. A machine's turn is explosion and growth only.
    kind: str = "player"

    def label(self, index: int) -> str:
        """How messages name the player at list ``index``: ``seat 2 (Blue)`` for index 1,
        as the board's messages name it (:func:`~fabgen.rules.names.seat_label`)."""
        return seat_label(index, self.name)


@dataclass(frozen=True)
class FieldState:
    """One field as seen through the public API.

    ``owner`` is the player whose stones are on a live field (None when empty), the
    player a growing field belongs to, or for a dead field the player whose growing
    field it was.
    """

    field: Field
    name: str
    status: Status
    owner: int | None
    stones: int


class Board:
    """Fields grouped into tiles, with neighbour tables as integer indices."""

    __slots__ = (
        "fields",
        "index",
        "lines",
        "name_index",
        "names",
        "neighbours",
        "segments",
        "tile_of",
        "tiles",
        "towards",
    )

    def __init__(self, segments: Iterable[Iterable[Field]]):
        tiles: list[tuple[int, ...]] = []
        fields: list[Field] = []
        index: dict[Field, int] = {}
        for t, segment in enumerate(segments):
            members = []
            for j, field in enumerate(segment):
                field = _as_field(field, ("segments", t, j))
                if field in index:
                    raise PositionError(
                        _twice_message(field, fields, tiles, index), ("segments", t, j)
                    )
                index[field] = len(fields)
                members.append(len(fields))
                fields.append(field)
            if not members:
                raise PositionError("a segment must list at least one field", ("segments", t))
            tiles.append(tuple(members))
        if not tiles:
            raise PositionError("the board has no segments: list at least one", ("segments",))
        self.fields: tuple[Field, ...] = tuple(fields)
        self.index: dict[Field, int] = index
        self.names: tuple[str, ...] = tuple(field_name(f) for f in fields)
        self.name_index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.tiles: tuple[tuple[int, ...], ...] = tuple(tiles)
        self.tile_of: tuple[int, ...] = tuple(t for t, m in enumerate(tiles) for _ in m)
        self.towards: tuple[tuple[int, ...], ...] = _towards(fields, index)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple([n for n in row if n >= 0]) for row in self.towards
        )
        self.segments: tuple[tuple[Field, ...], ...] = tuple(
            tuple([fields[i] for i in tile]) for tile in tiles
        )
        #: Move -> (source index, destination index, fields passed or None, source's
        #: tile): filled by the move engine as moves are played (moves repeat a lot).
        self.lines: dict = {}

    @classmethod
    def of(cls, segments: Iterable[Iterable[Field]]) -> Board:
        """The board for ``segments``, shared with earlier calls for the same segments
        (a club's games are mostly played on a few boards)."""
        key = tuple(tuple(s) for s in segments)
        board = _BOARDS.get(key)
        if board is None:
            board = cls(key)
            if len(_BOARDS) >= 32:
                _BOARDS.pop(next(iter(_BOARDS)))
            _BOARDS[key] = board
        return board

    def __len__(self) -> int:
        return len(self.fields)

    def __contains__(self, field: object) -> bool:
        return field in self.index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self is other or self.segments == other.segments)

    def __hash__(self) -> int:
        return hash(self.segments)

    def __repr__(self) -> str:
        return f"Board({len(self.tiles)} tiles, {len(self.fields)} fields)"


_BOARDS: dict[tuple, Board] = {}


def _towards(fields: list[Field], index: dict[Field, int]) -> tuple[tuple[int, ...], ...]:
    """Per field, the field one step away in each direction of NEIGHBOUR_STEPS, or -1."""
    get = index.get
    assert NEIGHBOUR_STEPS == ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
    return tuple(
        (
            get((q + 1, r), NOBODY),
            get((q + 1, r + 1), NOBODY),
            get((q, r + 1), NOBODY),
            get((q - 1, r), NOBODY),
            get((q - 1, r - 1), NOBODY),
            get((q, r - 1), NOBODY),
        )
        for q, r in fields
    )


def _as_field(value: object, where: tuple) -> Field:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is type(value[1]) is int:
        return value
    raise PositionError(f"{value!r} is not a field: expected a pair of integers (q, r)", where)


def _twice_message(field: Field, fields: list, tiles: list, index: dict) -> str:
    i = index[field]
    first = next((t for t, m in enumerate(tiles) if i in m), len(tiles))
    return (
        f"field {field_name(field)} is already in segment {first} (counting from 0): "
        "every field belongs to exactly one segment, so list it only once"
    )


class Position:
    """A board, the players, and every field's status, owner and stones between turns."""

    __slots__ = (
        "_cap",
        "_former",
        "_growing",
        "_hot",
        "_labels",
        "_mixed",
        "_owner",
        "_status",
        "_stones",
        "_version",
        "board",
        "next_player",
        "passes",
        "players",
        "turns_played",
    )

    board: Board
    players: tuple[Player, ...]
    next_player: int
    turns_played: int
    passes: int  # turns in a row without a move, up to now
    # The engine's own lists by field index (docs/design-notes.md, *Machines and the
    # turn search*: the engine's public face): status codes, owners (NOBODY = -1),
    # stones, live-neighbour capacities, and for dead fields the seat whose growing
    # field each was.
    _status: list[int]
    _owner: list[int]
    _stones: list[int]
    _cap: list[int]
    _former: dict[int, int]
    _growing: set[int]
    _hot: set[int]  # a superset of the volatile fields
    _version: int  # explosion phases that changed a status
    _labels: tuple[int, list[int]] | None  # region labels of a version
    # scoring's hints: a live field with stones per player, and two fields of
    # different players met in one region
    _mixed: tuple[Sequence[int], tuple[int, int] | None] | None

    @classmethod
    def from_stacks(
        cls,
        board: Board | Iterable[Iterable[Field]],
        players: Sequence[Player | str],
        stacks: Sequence[Mapping[Field, int]] = (),
        *,
        next_player: int | None = None,
        turns_played: int = 0,
        passes: int = 0,
    ) -> Position:
        """Build a position the way a transcript describes one.

        ``stacks[k]`` maps fields to player k's stacks: n > 0 stones on a live field,
        −n for n stones on a growing field, 0 for a dead field that was k's growing
        field. Fields not mentioned are live and empty. ``next_player`` defaults to
        ``turns_played`` modulo the number of players.
        """
        if not isinstance(board, Board):
            board = Board.of(board)
        roster = tuple(p if isinstance(p, Player) else Player(p) for p in players)
        if not roster:
            raise PositionError("a game needs at least one player", ("players",))
        if len(stacks) > len(roster):
            raise PositionError(
                f"stacks given for {len(stacks)} players but only {len(roster)} players",
                ("players",),
            )
        n = len(board)
        status, owner, stones, former = [LIVE] * n, [NOBODY] * n, [0] * n, {}
        claimed: dict[int, int] = {}
        for k, player_stacks in enumerate(stacks):
            for field, value in player_stacks.items():
                i = _stack_field(board, k, field, value, claimed)
                claimed[i] = k
                if value > 0:
                    owner[i], stones[i] = k, value
                elif value < 0:
                    status[i], owner[i], stones[i] = GROWING, k, -value
                else:
                    status[i], former[i] = DEAD, k
        if not (isinstance(turns_played, int) and turns_played >= 0):
            raise PositionError(
                f"turns played must be a whole number >= 0, got {turns_played!r}", ("turns_played",)
            )
        if not (isinstance(passes, int) and passes >= 0):
            raise PositionError(f"passes must be a whole number >= 0, got {passes!r}", ("passes",))
        if next_player is None:
            next_player = turns_played % len(roster)
        if not (isinstance(next_player, int) and 0 <= next_player < len(roster)):
            last = len(roster) - 1
            counted = ""
            if next_player == len(roster):  # counted from 1, as seats are everywhere else
                counted = f": it counts from 0, so {roster[last].label(last)} is {last}"
            raise PositionError(
                f"next player {next_player!r} is not a player index (0 to {last}){counted}",
                ("next_player",),
            )
        return cls._from_lists(
            board, roster, status, owner, stones, former, next_player, turns_played, passes
        )

    @classmethod
    def _from_lists(
        cls, board, players, status, owner, stones, former, next_player, turns_played, passes
    ):
        pos = object.__new__(cls)
        pos.board, pos.players = board, tuple(players)
        pos.next_player, pos.turns_played, pos.passes = next_player, turns_played, passes
        pos._status, pos._owner, pos._stones, pos._former = status, owner, stones, former
        pos._cap = cap = [len(nbrs) for nbrs in board.neighbours]
        for i, s in enumerate(status):
            if s != LIVE:
                for n in board.neighbours[i]:
                    cap[n] -= 1
        pos._growing = {i for i, s in enumerate(status) if s == GROWING}
        # Fields that may be volatile; the turn engine keeps this a superset of them.
        pos._hot = {i for i in range(len(status)) if owner[i] >= 0 and stones[i] >= pos._cap[i]}
        pos._version, pos._labels = 0, None
        pos._mixed = None  # two fields of a region with different owners, a hint
        return pos

    def copy(self) -> Position:
        """An independent copy (cheap: flat lists), e.g. for a search to change."""
        pos = object.__new__(Position)
        pos.board, pos.players = self.board, self.players
        pos.next_player, pos.turns_played, pos.passes = (
            self.next_player,
            self.turns_played,
            self.passes,
        )
        pos._status, pos._owner, pos._stones = self._status[:], self._owner[:], self._stones[:]
        pos._cap, pos._former = self._cap[:], dict(self._former)
        pos._growing, pos._hot = set(self._growing), set(self._hot)
        pos._version, pos._labels = self._version, self._labels
        pos._mixed = self._mixed
        return pos

    def region_labels(self) -> Sequence[int]:
        """Region number of each live field (-1 for the others), cached until a status
        changes (``_version`` counts the explosion phases that changed any)."""
        if self._labels is None or self._labels[0] != self._version:
            self._labels = (self._version, _labels_of(self._status, self.board))
        return self._labels[1]

    def _relabel_after(self, no_longer_live: list[int]) -> None:
        """Keep the cached region labels of the version before an explosion phase (which
        made ``no_longer_live`` growing) when that phase split no region.

        Live fields only ever stop being live, so regions only shrink or split. The six
        neighbours of a field form a ring in which each touches the next, so taking
        away a field whose live neighbours make one unbroken arc of that ring keeps
        every region connected: a path through the field can go round the arc instead.
        The fields are taken away one by one, the later ones still counting as live.
        When a field's live neighbours make several arcs, a short search checks that the
        live fields round all the taken ones still reach each other within each region
        (:func:`_still_joined`); if it cannot tell, the labels are computed afresh when
        next asked for.
        """
        cached = self._labels
        if cached is None or cached[0] != self._version - 1:
            return
        status, towards = self._status, self.board.towards
        now = [status[f] for f in no_longer_live]  # growing, or dead already
        for f in no_longer_live:
            status[f] = LIVE  # for a moment: live until taken away below
        for f, s in zip(no_longer_live, now, strict=True):
            ring = 0
            for n in towards[f]:
                ring = ring << 1 | (n >= 0 and not status[n])  # LIVE is 0
            status[f] = s
            if _SPLITS[ring]:
                for g, t in zip(no_longer_live, now, strict=True):
                    status[g] = t
                if not _still_joined(no_longer_live, cached[1], status, self.board.neighbours):
                    return  # may split a region: label afresh when asked
                break
        labels = cached[1][:]
        for f in no_longer_live:
            labels[f] = NOBODY
        self._labels = (self._version, labels)

    # --- read-only views for players and analysis -------------------------------------
    # The engine's own lists, not copies (players evaluate thousands of positions a
    # second): callers must not change them. Indexed by field number (board order).

    @property
    def status_codes(self) -> Sequence[int]:
        """Per field: 0 live, 1 growing, 2 dead (:data:`LIVE`, :data:`GROWING`, :data:`DEAD`)."""
        return self._status

    @property
    def owners(self) -> Sequence[int]:
        """Per field: the player whose stones are on it (a live field) or whose growing
        field it is; :data:`NOBODY` (-1) for an empty live field and a dead field."""
        return self._owner

    @property
    def stone_counts(self) -> Sequence[int]:
        """Per field: the stones on it (live or growing)."""
        return self._stones

    @property
    def capacities(self) -> Sequence[int]:
        """Per field: its live neighbours (a field of its owner explodes at this many)."""
        return self._cap

    @property
    def growing_indices(self) -> AbstractSet[int]:
        """The indices of the growing fields (read-only)."""
        return self._growing

    # --- reading fields ------------------------------------------------------------

    def _i(self, field: Field | str) -> int:
        try:
            if isinstance(field, str):
                return self.board.name_index[field]
            return self.board.index[field]
        except KeyError:
            shown = field if isinstance(field, str) else field_name(field)
            raise KeyError(f"{shown} is not on the board") from None

    def status(self, field: Field | str) -> Status:
        return STATUS_BY_CODE[self._status[self._i(field)]]

    def owner(self, field: Field | str) -> int | None:
        """See :class:`FieldState` for what owning a dead field means."""
        i = self._i(field)
        o = self._owner[i] if self._status[i] != DEAD else self._former.get(i, NOBODY)
        return None if o < 0 else o

    def stones(self, field: Field | str) -> int:
        return self._stones[self._i(field)]

    def capacity(self, field: Field | str) -> int:
        """Number of live neighbours on the board."""
        return self._cap[self._i(field)]

    def is_volatile(self, field: Field | str) -> bool:
        """Would this field explode in its owner's next explosion phase?"""
        i = self._i(field)
        return self._owner[i] >= 0 and self._stones[i] >= self._cap[i]

    def volatile_fields(self, player: int | None = None) -> list[Field]:
        return [
            self.board.fields[i]
            for i in sorted(self._hot)
            if self._owner[i] >= 0
            and self._stones[i] >= self._cap[i]
            and (player is None or self._owner[i] == player)
        ]

    def field_state(self, field: Field | str) -> FieldState:
        i = self._i(field)
        return self._state(i)

    def _state(self, i: int) -> FieldState:
        s = self._status[i]
        o = self._owner[i] if s != DEAD else self._former.get(i, NOBODY)
        b = self.board
        return FieldState(
            b.fields[i], b.names[i], STATUS_BY_CODE[s], None if o < 0 else o, self._stones[i]
        )

    def fields(self) -> Iterator[FieldState]:
        """Every field in board order."""
        return (self._state(i) for i in range(len(self.board)))

    def growing_fields(self, player: int | None = None) -> list[Field]:
        return [
            self.board.fields[i]
            for i in sorted(self._growing)
            if player is None or self._owner[i] == player
        ]

    def stacks(self, player: int) -> dict[Field, int]:
        """Player's stacks in transcript convention (see :meth:`from_stacks`), board order."""
        out = {}
        for i, field in enumerate(self.board.fields):
            s = self._status[i]
            if s == LIVE and self._owner[i] == player:
                out[field] = self._stones[i]
            elif s == GROWING and self._owner[i] == player:
                out[field] = -self._stones[i]
            elif s == DEAD and self._former.get(i) == player:
                out[field] = 0
        return out

    def stones_on_board(self, player: int) -> int:
        """Stones of ``player`` on live and growing fields."""
        return sum(s for o, s in zip(self._owner, self._stones, strict=True) if o == player)

    # --- identity ------------------------------------------------------------------

    def _key(self) -> tuple:
        dead_owners = tuple(sorted(self._former.items()))
        return (
            self.board.segments,
            self.players,
            tuple(self._status),
            tuple(self._owner),
            tuple(self._stones),
            dead_owners,
            self.next_player,
            self.turns_played,
            self.passes,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Position({self.board!r}, {len(self.players)} players, "
            f"turns_played={self.turns_played}, next_player={self.next_player})"
        )


#: Per 6-bit ring of live (1) and other (0) neighbours, in direction order: whether
#: the live ones form more than one arc (taking the field away may split a region).
_SPLITS = tuple(
    sum(1 for d in range(6) if m >> d & 1 and not m >> (d - 1) % 6 & 1) > 1 for m in range(64)
)


def _still_joined(taken: list[int], labels: list[int], status: list[int], nbrs) -> bool:
    """Whether every region of ``labels`` stays connected now that the fields ``taken``
    are no longer live: the live fields next to them that were in one region must still
    reach each other (a path through the taken fields can then go round them). A
    search from one of them visits at most a third of the board, else the answer is no
    (labelling the whole board costs about as much)."""
    sides: dict[int, set[int]] = {}  # region label -> its live fields next to taken ones
    for f in taken:
        for n in nbrs[f]:
            if not status[n]:  # LIVE is 0
                sides.setdefault(labels[n], set()).add(n)
    budget = len(status) // 3
    for fields in sides.values():
        first = fields.pop()
        seen = {first}
        todo = [first]
        for i in todo:  # breadth first: the list grows while it is walked
            if not fields or len(seen) > budget:
                break
            for n in nbrs[i]:
                if n not in seen and not status[n]:
                    seen.add(n)
                    fields.discard(n)
                    todo.append(n)
        if fields:
            return False
        budget -= len(seen)
    return True


#: Fresh region labels by the fields' statuses (with the same board): the positions
#: a search plays out mostly reach a few status lists again and again. Labels are
#: never changed once made (:meth:`Position.region_labels`), so they can be shared;
#: when full the cache is emptied at once (one step, safe beside other threads).
_LABELS: dict[bytes, tuple[Board, list[int]]] = {}
_LABELS_KEPT = 1024


def _labels_of(status: list[int], board: Board) -> list[int]:
    """:func:`_label_regions`, kept by the statuses."""
    key = bytes(status)
    known = _LABELS.get(key)
    if known is not None and known[0] is board:
        return known[1]
    labels = _label_regions(status, board.neighbours)
    if len(_LABELS) >= _LABELS_KEPT:
        _LABELS.clear()
    _LABELS[key] = (board, labels)
    return labels


def _label_regions(status: list[int], nbrs: tuple[tuple[int, ...], ...]) -> list[int]:
    labels = [-1] * len(status)
    count = 0
    for start, s in enumerate(status):
        if s != LIVE or labels[start] >= 0:
            continue
        labels[start] = count
        todo = [start]
        for i in todo:  # the list grows while it is walked: a breadth-first search
            for n in nbrs[i]:
                if labels[n] < 0 and status[n] == LIVE:
                    labels[n] = count
                    todo.append(n)
        count += 1
    return labels


def _stack_field(board: Board, player: int, field: object, value: object, claimed: dict) -> int:
    where = ("players", player, "stacks", field)
    field = _as_field(field, where)
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(
            f"a stack must be a whole number (n stones on a live field, -n on a growing "
            f"field, 0 for a dead field), got {value!r}",
            where,
        )
    i = board.index.get(field)
    if i is None:
        raise PositionError(
            f"{field_name(field)} is not on the board: stacks may only be on the fields of "
            "the segments",
            where,
        )
    if i in claimed:
        other = claimed[i]
        what = (
            "the same field is given twice"
            if other == player
            else f"{seat_label(other)} already has it ($.players[{other}])"
        )
        raise PositionError(
            f"{field_name(field)} belongs to one seat at most, but {what}: remove one of the two",
            where,
        )
    return i
