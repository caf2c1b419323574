"""Options shared by the ``fabgen rules`` commands (:mod:`.rules_cmd`, :mod:`.machine_cmd`).

Both command modules import this one and not each other, so neither needs the other
to be half-imported first.
"""

from __future__ import annotations

from fabgen.cli.options import option

# fabgen.rules.variants.VARIANTS, kept light (a test checks they agree)
VARIANT_NAMES = ("online", "online-2013", "blog", "1995")

#: None when not given: a file's game is played by its own variant (the help says so,
#: where "[default: online]" would tell a player that --variant is online unless given).
variant_option = option("variant", unset=True, default_text="the file's variant, else online")


def game_variant(variant: str | None, transcript) -> str:
    """The variant to play a file's game under: ``--variant`` when given on the command
    line, else the one the file names (fabgen's saved games say under which variant
    they were played), else the default. ``transcript``: None for a board file, which
    names no variant (``validate --simulate``)."""
    from fabgen.settings import SETTINGS

    if variant is not None:
        return variant
    named = transcript.variant if transcript is not None else None
    return named or str(SETTINGS["variant"].default)


def illegal_in_file(path, transcript, exc, variant: str, asked: str | None = None) -> str:
    """The message for an illegal move inside a transcript: where it is (turn,
    player, move, the rule), which of the turn's moves it is, and how to look at the
    position before that turn. ``asked``: the --format of ``rules turn --turn N`` that
    asked for this very turn, whose command the hint would repeat: it says how to play
    other moves in that turn instead (and in text, that the position is shown above)."""
    import shlex

    from fabgen.rules.refusals import place_in_file

    message = f"{path}: illegal move at {exc}"
    if exc.turn is None:  # not a move of the file (cannot happen in a replay)
        return message
    message += place_in_file(transcript, exc, variant)
    if exc.rule == "game-over":  # (the position before the turn is the end: no turn to show)
        if not exc.turn:
            return message
        command = f"fabgen rules turn {shlex.quote(str(path))} --turn {exc.turn}"
        return f"{message}; to see turn {exc.turn}, which ended it: {command}"
    n, quoted = exc.turn + 1, shlex.quote(str(path))
    if asked:
        shown = f", and the position before turn {n} is shown above" if asked == "text" else ""
        return (
            f"{message}. Every turn before it is legal{shown}; to play turn {n} without that "
            f"move (change the moves as you like): fabgen rules turn {quoted} --turn {n} "
            f"--moves {_without(transcript.move_list[exc.turn], exc.move)}"
        )
    return (
        f"{message}. Every turn before it is legal; to see the position before turn "
        f"{n}: fabgen rules turn {quoted} --turn {n}"
    )


def _without(moves, refused) -> str:
    """The turn's moves with the refused one left out, as --moves takes them (quoted for
    the shell): a command to copy and change. It gave "c3-c5,f2-d2", the syntax's
    example, which no file's position takes and looked like a command to copy."""
    import shlex

    kept = list(moves)
    if refused in kept:  # (of a move written twice, the second is the refused one)
        del kept[len(kept) - 1 - kept[::-1].index(refused)]
    return shlex.quote(", ".join(map(str, kept)) or "pass")


def game_over_words(path, position, variant: str, what: str, last_turn: int = 0) -> str:
    """The message for a game that is over, so that there is no turn to ``what`` (play,
    compute): the file, when and why it ended (the rule's name, as every refusal gives
    it), and where to look instead. ``last_turn``: the file's last turn, if it has turns,
    which ``rules turn --turn`` shows again."""
    import shlex

    from fabgen.rules.turn import game_over_reason
    from fabgen.rules.variants import get_variant

    reason = game_over_reason(position, get_variant(variant))
    again = ""
    if last_turn:
        command = f"fabgen rules turn {shlex.quote(str(path))} --turn {last_turn}"
        again = f", and {command} shows its last turn again"
    return (
        f"{path}: {reason} (rule game-over); there is no turn to {what}: fabgen rules "
        f"replay shows the final ranking{again}"
    )


def report_failure(path, message: str, output_format: str, exc) -> None:
    """A file that failed: its message on stderr and, with --format json, an object on
    stdout: "file", "error" and, for an illegal move, "rule", "turn" (from 1), "player"
    (the seat, from 1) and "move" (replay's, turn's and machine's alike). A file that
    cannot be read (no ``exc``) is said as every command says a refusal, after "Error:"."""
    import click

    click.echo(message if exc is not None else f"Error: {message}", err=True)
    if output_format == "json":
        import json

        record: dict[str, object] = {"file": str(path), "error": message}
        if exc is not None:
            record.update(
                rule=exc.rule,
                turn=None if exc.turn is None else exc.turn + 1,
                player=None if exc.player is None else exc.player + 1,
                move=None if exc.move is None else str(exc.move),
            )
        click.echo(json.dumps(record, ensure_ascii=False))
