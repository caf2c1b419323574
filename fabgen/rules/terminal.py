"""A position drawn as text for the terminal, readable without colour.

Fields sit on a grid of rows and columns, top row first: row numbers and column
letters are those of the field names (``c3`` is column ``c``, row 3), printed at the
left and under each column, so a field is found by reading across and down. The
grid is the board sheared: a field's six neighbours are the fields left and right of
it, above and below it, above to the right and below to the left. Each field shows
``.`` when live and empty, ``3A`` for three stones of player A on a live field,
``+2A`` for player A's growing field holding two stones, ``#`` for a dead field.
"""

from __future__ import annotations

from fabgen.rules.names import letters
from fabgen.rules.state import DEAD, GROWING, LIVE, Position

CELL = 4  # characters from one column to the next
NEIGHBOURS = "a field's neighbours: left and right, above and below, above right and below left"


def player_letter(k: int) -> str:
    return letters(k).upper()


def cell_text(status: int, owner: int, stones: int) -> str:
    if status == DEAD:
        return "#"
    if status == GROWING:
        return f"+{stones}{player_letter(owner)}"
    if owner < 0:
        return "."
    return f"{stones}{player_letter(owner)}"


def render_board(position: Position) -> str:
    """The board as lines of text (no legend): cells right-aligned in their column,
    the column letters right-aligned under them."""
    board = position.board
    first = min(q for q, _ in board.fields)
    columns = range(first, max(q for q, _ in board.fields) + 1)
    rows: dict[int, dict[int, str]] = {}
    for i, (q, r) in enumerate(board.fields):
        rows.setdefault(r, {})[q] = cell_text(
            position._status[i], position._owner[i], position._stones[i]
        )
    label_width = max(len(str(r + 1)) for r in rows)
    lines = []
    for r in sorted(rows, reverse=True):
        cells = "".join(f"{rows[r].get(q, ''):>{CELL}}" for q in columns)
        lines.append(f"{r + 1:>{label_width}} {cells}")
    letters_line = "".join(f"{_column(q):>{CELL}}" for q in columns)
    lines.append(" " * (label_width + 1) + letters_line)
    return "\n".join(line.rstrip() for line in lines)


def _column(q: int) -> str:
    return letters(q) if q >= 0 else "-" + letters(-q - 1)


def legend(position: Position) -> str:
    players = ", ".join(
        f"{player_letter(k)} = {p.label(k)}{kind_note(p.kind)}"
        for k, p in enumerate(position.players)
    )
    return (
        f"{players}\n"
        "3A: 3 stones of A on a live field   +2A: A's growing field with 2 stones   "
        ".: empty live field   #: dead field\n"
        f"{NEIGHBOURS}"
    )


def kind_note(kind: str) -> str:
    """`` [machine]`` after a seat that plays itself; nothing after a person."""
    return "" if kind == "player" else f" [{kind}]"


def render_position(position: Position, *, title: str = "") -> str:
    """Board, legend and whose turn it is, named as every rules command names a seat
    (``next to move: seat 2 (Blue)``, as ``rules turn`` ends; the legend above gives
    its letter)."""
    k = position.next_player
    head = f"{title}\n" if title else ""
    status = f"turns played: {position.turns_played}; next to move: {position.players[k].label(k)}"
    return f"{head}{render_board(position)}\n{legend(position)}\n{status}"


def describe_stacks(position: Position) -> str:
    """The non-empty fields by name, e.g. ``c3 3A, d4 +2B`` (board order)."""
    parts = []
    for i, name in enumerate(position.board.names):
        s, o = position._status[i], position._owner[i]
        if (s == LIVE and o >= 0) or s == GROWING:
            parts.append(f"{name} {cell_text(s, o, position._stones[i])}")
    return ", ".join(parts) if parts else "no stones on the board"


def stacks_by_seat(position: Position) -> list[str]:
    """One line per seat in seat order, its fields together in board order:
    ``A = seat 1 (Red): c3 3A, d4 +2A``; a seat without stones or growing fields says
    so. The same fields as :func:`describe_stacks`, easier to read with many seats."""
    fields: list[list[str]] = [[] for _ in position.players]
    for i, name in enumerate(position.board.names):
        s, o = position._status[i], position._owner[i]
        if (s == LIVE and o >= 0) or s == GROWING:
            fields[o].append(f"{name} {cell_text(s, o, position._stones[i])}")
    return [
        f"{player_letter(k)} = {p.label(k)}: {', '.join(fields[k]) or 'nothing on the board'}"
        for k, p in enumerate(position.players)
    ]


def seat_score(position: Position, k: int, score: int) -> str:
    """Seat ``k`` with its score, ``seat 1 (Red): 5``, as every score line and ranking
    says it: the colon keeps a seat without a name apart from its score (``seat 1: 0``,
    where ``seat 1 0`` read as seat 10)."""
    return f"{position.players[k].label(k)}: {score}"


def ranking_text(position: Position, standings) -> str:
    """``1. seat 1 (Red): 5, seat 3 (Green): 5 (tied); 3. seat 2 (Blue): 2``: the
    places of :func:`ranking_places` in one line."""
    return "; ".join(ranking_places(position, standings))


def ranking_places(position: Position, standings) -> list[str]:
    """One entry per place, players sharing a place listed together: ``1. seat 1 (Red):
    5, seat 3 (Green): 5 (tied)`` (the play page lists them a line each)."""
    groups: dict[int, list] = {}
    for s in standings:
        groups.setdefault(s.rank, []).append(s)
    parts = []
    for rank, group in groups.items():
        names = ", ".join(seat_score(position, s.player, s.score) for s in group)
        parts.append(f"{rank}. {names}" + (" (tied)" if len(group) > 1 else ""))
    return parts
