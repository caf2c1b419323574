"""Where a refused move stands in its turn, and which turn of the game it is, in the
words ``fabgen rules turn``, ``fabgen rules replay`` and the rules viewer share (move 2 of
3, the same as move 1: written twice?; turn 23 of the game). The rules they name are
those of docs/design-notes.md, *The rules as the engine plays them*.
"""

from __future__ import annotations


def failing_move(position, moves, variant: str) -> int | None:
    """The index of the first move of ``moves`` that a turn from ``position`` refuses
    (None when none is, or the turn cannot be played at all)."""
    from fabgen.rules.moves import IllegalMove
    from fabgen.rules.turn import Turn

    try:
        turn = Turn(position, variant)
    except IllegalMove:  # the game is over
        return None
    for i, move in enumerate(moves):
        try:
            turn.move(move)
        except IllegalMove:
            return i
    return None


def move_place(position, moves, index: int | None, rule: str) -> tuple[str, str]:
    """Where the refused move stands among the turn's moves, for a message: ``move 2
    of 3``, and a note on the earlier move it repeats (a move written twice) or, when
    the rule broken is tile-used, whose tile it starts on; empty texts for a turn of
    one move."""
    if index is None or len(moves) < 2:
        return "", ""
    place = f"move {index + 1} of {len(moves)}"
    move = moves[index]
    same = [j for j in range(index) if moves[j] == move]
    if same:
        return place, f"the same as move {same[0] + 1}: written twice?"
    if rule != "tile-used":
        return place, ""
    board = position.board

    def tile(m):
        return board.tile_of[board.index[m.source]] if m.source in board.index else None

    for j in range(index):
        if tile(move) is not None and tile(moves[j]) == tile(move):
            return place, f"move {j + 1}, {moves[j]}, started on the same tile"
    return place, ""


def turn_words(transcript, position) -> str:
    """The turn the player to move in ``position`` plays, as the rules commands say it:
    ``turn 23 of the game``. A file that gives no ``turns_played`` counts from its own
    position, which is the game's start unless a field on it is growing or dead (a
    position typed in from the table): then ``turn 1 counted from the file's position``
    rather than a first turn of the game it is not."""
    n = position.turns_played + 1
    if transcript.turns_played is None and any(transcript.position.status_codes):
        return f"turn {n} counted from the file's position (it gives no turns_played)"
    return f"turn {n} of the game"


def place_in_file(transcript, exc, variant: str) -> str:
    """Where an illegal move of a file's turn stands in that turn, to follow the replay's
    message (``; it is move 2 of 2 of that turn (the same as move 1: written twice?)``),
    after the move meant when a minus sign was left out (:func:`minus_sign_hint`);
    empty for a turn of one move without one."""
    from fabgen.rules.turn import replay

    if exc.turn is None:
        return ""
    if exc.rule == "game-over":
        return after_the_end(exc.turn, len(transcript.move_list))
    moves = transcript.move_list[exc.turn]
    before = replay(transcript.position, transcript.move_list[: exc.turn], variant)
    index = failing_move(before, moves, variant)
    hint = minus_sign_hint(before, moves[:index], exc.move, variant) if index is not None else ""
    place, note = move_place(before, moves, index, exc.rule)
    whose = _another_seats_turn(transcript, before, exc)
    if not place:
        return hint + whose
    return f"{hint}; it is {place} of that turn" + (f" ({note})" if note else "") + whose


def _another_seats_turn(transcript, position, exc) -> str:
    """For a file's move of another seat's stones, or a move in a machine's turn: whose
    turn it is and why the turn may have come to the wrong seat (a pass or a machine's
    turn not written down, two turns swapped, or, for the first turn, the file's
    ``next_player``), as people who write a game down mistake it."""
    k = position.next_player
    if exc.rule == "machine-moves" and exc.turn is not None:  # its pass not written down
        return (
            f"; turn {exc.turn + 1} is {position.players[k].label(k)}'s by the order of the "
            "turns: every machine turn is written down, as [], and these moves in their "
            "seat's turn"
        )
    if exc.rule != "not-your-stones" or exc.move is None:
        return ""
    o = position.owner(exc.move.source)
    mover, owner = position.players[k].label(k), position.players[o].label(o)
    if exc.turn:
        return (
            f"; turn {exc.turn + 1} is {mover}'s by the order of the turns, so a turn before "
            f"it may be missing (write a pass as []) or two turns swapped"
        )
    given = transcript.next_player
    said = "gives no next_player" if given is None else f"gives next_player {given}"
    return (
        f"; turn 1 is {mover}'s, as the file {said} (seats counted from 0): if {owner} "
        f'began, write "next_player": {o}; if {mover} passed, write that turn as []'
    )


def after_the_end(ended: int, played: int) -> str:
    """For a file of ``played`` turns whose game ended with its turn ``ended`` (from 1;
    0: before its first): that the turns after it are to be removed, as a game written
    down past its end, or one with a turn written wrong before it."""
    one = ended + 1 == played
    extra = f"turn {played} comes" if one else f"turns {ended + 1} to {played} come"
    them = "it" if one else "them"
    if not ended:
        return (
            f"; the file's position is the end of the game, and its {extra} after it: remove {them}"
        )
    return (
        f"; the file's {extra} after the end: remove {them} (or, if the game went on at the "
        "table, a turn before is written wrong)"
    )


def refused_turn(position, transcript, moves, exc, variant: str) -> str:
    """Moves typed for the player to move that the rules refuse: which move it is, the
    rule, and that nothing was played (``move 2 of 2, -c0 to -a0, is refused (the same
    as move 1: written twice?): -c0 holds no stones (rule no-stones: ...). Nothing was
    played: this is turn 31 of the game, seat 1 (Red) to move``)."""
    from fabgen.rules.moves import RULES

    k = position.next_player
    index = failing_move(position, moves, variant)
    place, note = move_place(position, moves, index, exc.rule)
    hint = minus_sign_hint(position, moves[:index], exc.move, variant) if index is not None else ""
    which = f"{place}, {exc.move}," if place else f"move {exc.move}"
    note = f" ({note})" if note else ""
    return (
        f"{which} is refused{note}: {exc.detail} (rule {exc.rule}: {RULES[exc.rule]})"
        f"{hint}. "
        f"Nothing was played: this is {turn_words(transcript, position)}, "
        f"{position.players[k].label(k)} to move{_next_player_hint(position, transcript, exc)}"
    )


def _next_player_hint(position, transcript, exc) -> str:
    """For a position typed in (a file without turns) whose moves are another seat's:
    how to make it that seat's turn, as the file's ``next_player`` counts from 0."""
    if exc.rule != "not-your-stones" or transcript.move_list or exc.move is None:
        return ""
    o = position.owner(exc.move.source)
    seat = position.players[o].label(o)
    if transcript.next_player is None:
        return (
            f" (the file gives no next_player: for {seat}'s turn, add "
            f'"next_player": {o}, counting seats from 0)'
        )
    return (
        f" (the file's next_player is {transcript.next_player}: for {seat}'s turn, make it "
        f"{o}, counting seats from 0)"
    )


def minus_sign_hint(position, earlier, move, variant: str) -> str:
    """For a move with an end off the board that is on it with its minus sign put back
    (or taken off), and that the rules allow after the turn's ``earlier`` moves from
    ``position``: that move, written so it reads one way (``h-1 to i-1`` typed for
    ``-h-1 to -i-1``, or ``-h-1-i-1``, which reads as ``-h-1`` to ``i-1``). Empty when
    there is no such move."""
    from fabgen.rules.moves import IllegalMove, Move
    from fabgen.rules.names import field_name, parse_field
    from fabgen.rules.turn import Turn

    board = position.board
    ends, found = [], []
    for end in move or ():
        if end not in board.index:
            name = field_name(end)
            end = parse_field(name[1:] if name.startswith("-") else "-" + name)
            if end not in board.index:
                return ""
            found.append(field_name(end))
        ends.append(end)
    if not found:
        return ""
    meant = Move(*ends)
    try:  # a move the rules refuse as well would only send the player elsewhere
        turn = Turn(position, variant)
        for m in [*earlier, meant]:
            turn.move(m)
    except IllegalMove:
        return ""
    are = f"{found[0]} is" if len(found) == 1 else f"{' and '.join(found)} are"
    return f"; {are} on the board: did you mean {meant}? (a minus sign is part of a field's name)"
