"""Options shared by the ``fabgen rules`` commands (:mod:`.rules_cmd`, :mod:`.machine_cmd`).

Both command modules import this one and not each other, so neither needs the other
to be half-imported first.
"""

from __future__ import annotations

import click

from fabgen.cli.options import option

# fabgen.rules.variants.VARIANTS, kept light (a test checks they agree)
VARIANT_NAMES = ("online", "online-2013", "blog", "1995")

variant_option = option("variant")


def game_variant(variant: str, transcript) -> str:
    """The variant to play a file's game under: ``--variant`` when given on the command
    line, else the one the file names (fabgen's saved games say under which variant
    they were played), else the default."""
    from click.core import ParameterSource

    given = click.get_current_context().get_parameter_source("variant")
    if given is ParameterSource.COMMANDLINE or transcript.variant is None:
        return variant
    return transcript.variant


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


def illegal_in_file(path, transcript, exc, variant: str) -> str:
    """The message for an illegal move inside a transcript: where it is (turn,
    player, move, the rule), which of the turn's moves it is, and how to look at the
    position before that turn."""
    import shlex

    from fabgen.rules.turn import replay

    message = f"{path}: illegal move at {exc}"
    if exc.turn is None:  # not a move of the file (cannot happen in a replay)
        return message
    moves = transcript.move_list[exc.turn]
    if len(moves) > 1:
        before = replay(transcript.position, transcript.move_list[: exc.turn], variant)
        place, note = move_place(before, moves, failing_move(before, moves, variant), exc.rule)
        if place:
            message += f"; it is {place} of that turn" + (f" ({note})" if note else "")
    return (
        f"{message}. Every turn before it is legal; to see the position before turn "
        f"{exc.turn + 1}: fabgen rules turn {shlex.quote(str(path))} --turn {exc.turn + 1}"
    )


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
