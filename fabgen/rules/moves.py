"""Moves: notation, legality with the rule each illegal move breaks, and execution.

A move ``c3-c5`` takes k stones from ``c3`` and moves them k steps in a straight line
to ``c5`` (k is the distance). Opponent stones on the fields passed and on the
destination cancel one for one with moving stones; whatever is left lands. A move
between names with a minus sign is shown ``-d1 to -c1`` (docs/design-notes.md, *The
rules as the engine plays them*, "Checking a game played at a table").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from fabgen.errors import FabgenError, ParameterError, abridged
from fabgen.geometry.lattice import Field
from fabgen.rules.names import field_name, is_field_name, parse_field
from fabgen.rules.state import LIVE, NOBODY, STATUS_BY_CODE, Position

#: Every rule an illegal move can break: stable code -> the rule in one line.
RULES: dict[str, str] = {
    "off-board": "moves start, pass and end on fields of the board",
    "same-field": "a move goes at least one step",
    "not-live-source": "stones move only from live fields, not from growing or dead ones",
    "no-stones": "a move needs stones on its starting field",
    "not-your-stones": "players move only their own stones",
    "not-straight": "a move goes in a straight line in one of the six directions",
    "tile-used": "at most one move starts on each tile per turn",
    "wrong-distance": "a move of k steps takes exactly k stones",
    "already-moved": "a stone moves at most once per turn",
    "blocked": "a move cannot pass a growing or dead field",
    "not-live-destination": "a move cannot end on a growing or dead field",
    "game-over": "no turns are played after the game has ended",
    "machine-moves": "a machine seat never moves: its turn is explosion and growth only",
}

#: The seat kind whose turns are always passes (fabgen.board.model.SeatKind.MACHINE).
MACHINE = "machine"

_NAME = r"-?[a-z]+(?:0|-?[1-9][0-9]*)"
_MOVE = re.compile(rf"\s*({_NAME})\s*-\s*({_NAME})\s*")
_ONE_NAME = re.compile(_NAME)
_DASH_WORD = re.compile(r"-+")
#: Dashes that word processors and phones put for a typed hyphen: en dash, em dash, minus.
_DASHES = str.maketrans("\u2013\u2014\u2212", "---")
#: What people write between a move's fields besides a hyphen: "c3 to c5", arrows.
_TO = re.compile(r"\s*(?:->|\u2192|\bto\b)\s*")
#: What separates typed moves: commas and semicolons (and a space between whole moves).
_SEPARATORS = re.compile(r"[,;]")
#: A typed turn that is a pass, said in words.
PASS_WORDS = ("pass", "passes", "none")
MOVE_HELP = (
    "write source-destination, like c3-c5 or c3 to c5 (-a0 to b-2 where a name has a minus "
    "sign), moves separated by commas, "
    "nothing (or pass) for a pass; a field name is letters for the column followed by "
    "the row number, like c3, aa12, -a0 or b-2"
)

#: The stones a move "takes" when its ends are not on one line: more than any stack.
NOT_A_LINE = 1 << 62

# Direction index (into NEIGHBOUR_STEPS) of a unit step.
_DIRECTION = {(1, 0): 0, (1, 1): 1, (0, 1): 2, (-1, 0): 3, (-1, -1): 4, (0, -1): 5}


class Move(NamedTuple):
    """Stones go from ``source`` to ``destination`` (a named tuple: cheap to make)."""

    source: Field
    destination: Field

    def __str__(self) -> str:
        return move_text(field_name(self.source), field_name(self.destination))

    @classmethod
    def parse(cls, text: str) -> Move:
        """``"c3-c5"`` -> Move; ``ValueError`` with a hint for anything else.

        Written as people type at the table: ``C3-C5`` (upper case), ``c3 - c5``,
        ``c3–c5`` (an en dash, em dash or minus sign as a word processor types them),
        ``c3 to c5``, ``c3 -> c5`` or ``c3 c5``. A space and a minus sign that can be
        read two ways (``-i0 -f0``: to ``f0`` or to ``-f0``?) are refused with both.
        """
        moves = _parse_typed(text)
        if len(moves) != 1:
            raise ValueError(
                f"{abridged(text, 40, quoted=True)} is {len(moves)} moves, not one: "
                "give one move, like c3-c5"
            )
        return moves[0]

    @classmethod
    def from_names(cls, source: str, destination: str) -> Move:
        return cls(parse_field(source), parse_field(destination))


def move_text(source: str, destination: str) -> str:
    """A move as people read it: ``c3-c5``, but ``-d1 to -c1`` when a name has a minus
    sign (``-d1--c1`` hid where one name ends); :func:`parse_moves` reads both, and
    the words are ASCII for any terminal. Transcripts keep their pairs of names."""
    if "-" in source or "-" in destination:
        return f"{source} to {destination}"
    return f"{source}-{destination}"


def parse_moves(text: str) -> list[Move]:
    """Moves separated by commas or semicolons, e.g. ``"c3-c5, f2-d2"``, each written
    as :meth:`Move.parse` reads it (whole moves may also be separated by spaces:
    ``"c3-c5 f2-d2"``); an empty text, or ``pass``, is a pass."""
    bare = text.strip()
    if len(bare) > 1 and bare[0] == bare[-1] and bare[0] in "'\"":
        text = bare[1:-1]  # quoted once too often: "'c3-c5'"
    if text.strip().lower() in PASS_WORDS:
        return []
    if _BRACKETS.search(text):
        raise ParameterError.about("moves", _as_pairs(text))
    moves = []
    parts = [part for part in _SEPARATORS.split(text) if part.strip()]
    if not parts and text.strip():  # (",,,": a slip, not a pass, which is written so)
        quoted = abridged(text.strip(), 40, quoted=True)
        raise ParameterError.about("moves", f"{quoted} holds no move: {MOVE_HELP}")
    for j, part in enumerate(parts):
        try:
            moves.extend(_parse_typed(part))
        except ValueError as exc:
            raise ParameterError.about("moves", _split_move(parts, j) or str(exc)) from None
    return moves


_BRACKETS = re.compile(r"[\[\]()]")


def _as_pairs(text: str) -> str:
    """For moves written as a transcript writes them (``[["c3", "c5"]]``, ``("c3",
    "c5")``): the same moves as typed moves are written. The names are each in quotes
    or brackets there, so a minus sign is part of the name it stands before."""
    names = [n for n in re.split(r"[\s,;\[\]()\"']+", text.translate(_DASHES).lower()) if n]
    quoted = abridged(text.strip(), 40, quoted=True)
    if not names or len(names) % 2 or not all(map(is_field_name, names)):
        return f"{quoted} is not a move: {MOVE_HELP}"
    typed = ", ".join(move_text(*names[k : k + 2]) for k in range(0, len(names), 2))
    return (
        f"{quoted} is written as a transcript writes moves, [source, destination] pairs; "
        f'typed moves are source-destination: write "{typed}"'
    )


def _split_move(parts: list[str], j: int) -> str:
    """For a field name alone followed by another (``-h-1, -i-1``): that it is not a
    move, and the move the comma cut in two, as it reads whole. Empty otherwise."""
    names = [part.strip().translate(_DASHES).lower() for part in parts[j : j + 2]]
    if len(names) < 2 or not all(_ONE_NAME.fullmatch(name) for name in names):
        return ""
    return (
        f"{abridged(parts[j].strip(), 40, quoted=True)} is not a move: a comma or semicolon "
        f"separates whole moves; for a move from {names[0]} to {names[1]}, write "
        f"{move_text(*names)}"
    )


def _parse_typed(text: str) -> list[Move]:
    """One part of typed moves (no commas): one move, or whole moves separated by
    spaces; ``ValueError`` naming the part for anything else."""
    plain = _TO.sub("-", text.translate(_DASHES).lower())
    if plain.strip() in PASS_WORDS:  # "pass, pass" or "c3-c5, pass"
        raise ValueError(
            f"{abridged(text.strip(), 40, quoted=True)} stands for a whole turn without moves: "
            "write it alone, or give the moves without it"
        )
    words = plain.split()
    pair = len(words) == 2 and all(_ONE_NAME.fullmatch(w) for w in words)
    match = _MOVE.fullmatch(plain)
    if match is not None:
        read = (match.group(1), match.group(2))
        if pair and tuple(words) != read:  # "-i0 -f0": a hyphen, or a minus sign?
            quoted = abridged(text, 40, quoted=True)
            raise ValueError(
                f"{quoted} can be read two ways: write {move_text(*read)} or "
                f"{move_text(*words)}, whichever you mean"
            )
        return [Move(parse_field(read[0]), parse_field(read[1]))]
    if pair:  # "c3 c5": source and destination separated by a space
        return [Move(parse_field(words[0]), parse_field(words[1]))]
    ends = words[::2]
    if len(words) == 3 and _DASH_WORD.fullmatch(words[1]) and all(map(_ONE_NAME.fullmatch, ends)):
        return [Move(parse_field(words[0]), parse_field(words[2]))]  # "-i0 -- -f0"
    found = [_MOVE.fullmatch(w) for w in words]
    if len(words) > 1 and all(found):  # "c3-c5 f2-d2": whole moves, spaces between
        return [Move(parse_field(m.group(1)), parse_field(m.group(2))) for m in found if m]
    raise ValueError(f"{abridged(text.strip(), 40, quoted=True)} is not a move: {MOVE_HELP}")


class IllegalMove(FabgenError):
    """A move (or turn) that breaks a rule; ``rule`` is a stable code from :data:`RULES`.

    A replay adds ``turn`` (0-based index in the list of turns) and ``player``.
    """

    def __init__(self, rule: str, detail: str, move: Move | None = None):
        super().__init__(detail)
        self.rule = rule
        self.detail = detail
        self.move = move
        self.turn: int | None = None
        self.player: int | None = None
        self.player_label: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.turn is not None:
            parts.append(f"turn {self.turn + 1} (counting from 1)")
        if self.player_label is not None:
            parts.append(self.player_label)
        if self.move is not None:
            parts.append(f"move {self.move}")
        where = ", ".join(parts)
        text = f"{self.detail} (rule {self.rule}: {RULES.get(self.rule, '')})"
        return f"{where}: {text}" if where else text


def refuse_machine(pos: Position, player: int, move: Move) -> None:
    """Raise ``machine-moves`` when ``player`` is a machine seat (it only passes)."""
    if pos.players[player].kind == MACHINE:
        raise IllegalMove(
            "machine-moves",
            f"{pos.players[player].label(player)} is a machine: it never moves, its turn is "
            "an empty list of moves",
            move,
        )


def direction_and_distance(source: Field, destination: Field) -> tuple[int, int] | None:
    """Direction index 0..5 and number of steps, or None when not on one line."""
    dq, dr = destination[0] - source[0], destination[1] - source[1]
    if dq == 0:
        k = abs(dr)
    elif dr == 0 or dq == dr:
        k = abs(dq)
    else:
        return None
    if k == 0:
        return None
    return _DIRECTION[(dq // k, dr // k)], k


def play_move(
    pos: Position, player: int, move: Move, used: set[int], arrived: dict[int, int]
) -> tuple[tuple[int, ...], int]:
    """Check ``move`` for ``player`` and carry it out on ``pos`` (a private copy).

    ``used`` holds the tiles a move started on this turn and ``arrived`` the stones
    that landed on each field this turn; both are updated. Returns the indices of the
    fields passed (destination last) and the number of stones that landed. Raises
    :class:`IllegalMove` before changing anything. Part of the replay's hot path:
    the checks are inline, the messages are built only for illegal moves.
    """
    board = pos.board
    status, owner, stones = pos._status, pos._owner, pos._stones
    line = board.lines.get(move)
    if line is None:
        line = _line(board, move)
    src, dst, path, tile, _ = line
    if src < 0 or dst < 0 or src == dst or status[src] != LIVE or owner[src] != player:
        _refuse_ends(pos, player, move, src, dst)
    if path is None:
        raise IllegalMove(
            "not-straight",
            f"{field_name(move.destination)} is not in a straight line from "
            f"{field_name(move.source)} along one of the six directions",
            move,
        )
    k = len(path)
    have = stones[src]
    free = have - arrived[src] if src in arrived else have
    if free < k or tile in used:
        _refuse_stones(pos, move, k, tile in used, have, free)
    for f in path:
        if f < 0 or status[f] != LIVE:
            _refuse_path(pos, move, f, dst)
    # Legal: carry it out.
    used.add(tile)
    stones[src] = have - k
    if have == k:
        owner[src] = NOBODY
    left = k
    for f in path:
        o = owner[f]
        if o != player and o >= 0:
            there = stones[f]
            if there > left:
                stones[f] = there - left
                return path, 0
            stones[f] = 0
            owner[f] = NOBODY
            left -= there
            if not left:
                return path, 0
    owner[dst] = player
    stones[dst] += left
    arrived[dst] = arrived.get(dst, 0) + left
    if stones[dst] >= pos._cap[dst]:
        pos._hot.add(dst)  # only stones arriving make a field volatile during moves
    return path, left


def _line(board, move: Move) -> tuple[int, int, tuple[int, ...] | None, int, int]:
    """Source and destination indices (-1 when off the board), the fields passed
    (ending at -1 where the line leaves the board; None when not on one line), the
    source's tile and the number of stones the move takes (:data:`NOT_A_LINE` when not
    on one line, so a replay's single ``stones < k`` check catches it). Kept in
    ``board.lines`` when both ends are on the board."""
    src = board.index.get(move.source, NOBODY)
    dst = board.index.get(move.destination, NOBODY)
    found = direction_and_distance(move.source, move.destination)
    path: tuple[int, ...] | None = None
    if found is not None and src >= 0:
        direction, k = found
        steps = []
        f = src
        for _ in range(k):
            f = board.towards[f][direction]
            steps.append(f)
            if f < 0:
                break
        path = tuple(steps)
    k = NOT_A_LINE if path is None else len(path)
    line = (src, dst, path, board.tile_of[src] if src >= 0 else -1, k)
    if src >= 0 and dst >= 0:
        board.lines[move] = line
    return line


def _refuse_ends(pos: Position, player: int, move: Move, src: int, dst: int) -> None:
    if src < 0 or dst < 0:
        which = move.source if src < 0 else move.destination
        role = "starting field" if src < 0 else "destination"
        raise IllegalMove("off-board", f"the {role} {field_name(which)} is not on the board", move)
    if src == dst:
        raise IllegalMove("same-field", "the move starts and ends on the same field", move)
    status = pos._status[src]
    if status != LIVE:
        raise IllegalMove(
            "not-live-source",
            f"{field_name(move.source)} is a {STATUS_BY_CODE[status].value} field",
            move,
        )
    o = pos._owner[src]
    if o < 0:
        raise IllegalMove("no-stones", f"{field_name(move.source)} holds no stones", move)
    raise IllegalMove(
        "not-your-stones",
        f"the stones on {field_name(move.source)} belong to {pos.players[o].label(o)}",
        move,
    )


def _refuse_stones(pos: Position, move: Move, k: int, tile_used: bool, have: int, free: int):
    name = field_name(move.source)
    if tile_used:
        raise IllegalMove(
            "tile-used", f"a move already started on the tile of {name} this turn", move
        )
    if have < k:
        raise IllegalMove(
            "wrong-distance", f"going {k} steps takes {k} stones, but {name} has only {have}", move
        )
    raise IllegalMove(
        "already-moved",
        f"going {k} steps takes {k} stones, but only {free} of the {have} stones on "
        f"{name} have not moved this turn",
        move,
    )


def _refuse_path(pos: Position, move: Move, f: int, dst: int) -> None:
    if f < 0:
        raise IllegalMove(
            "off-board",
            f"the line from {field_name(move.source)} to {field_name(move.destination)} "
            "crosses a gap in the board",
            move,
        )
    what = STATUS_BY_CODE[pos._status[f]].value
    name = pos.board.names[f]
    if f == dst:
        raise IllegalMove("not-live-destination", f"{name} is a {what} field", move)
    raise IllegalMove("blocked", f"the move would pass {name}, a {what} field", move)
