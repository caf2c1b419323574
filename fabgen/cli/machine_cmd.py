"""``fabgen rules machine``: the turn an extreme machine makes, for people at a table.

Added to the ``rules`` group by :mod:`fabgen.cli.rules_cmd`.
"""

from __future__ import annotations

from pathlib import Path

import click

from fabgen.board.findings import seat_list
from fabgen.cli.common import InputPath, OutFolder, format_option, report_written
from fabgen.cli.options import option
from fabgen.cli.rules_common import (
    game_over_words,
    game_variant,
    illegal_in_file,
    report_failure,
    variant_option,
)
from fabgen.rules.refusals import turn_words


@click.command("machine", short_help="The turn an extreme machine makes; --play appends it.")
@click.argument(
    "game",
    metavar="GAME.json",
    type=InputPath("a transcript (JSON)", example="game.json", path_type=Path),
)
@option("seed")
@format_option("text: the moves and why; json: one object (fields in docs/seats.md).")
@variant_option
@click.option(
    "--play",
    is_flag=True,
    help="Append the turn to the transcript: printed to stdout (the report goes to "
    "stderr), or written into --out.",
)
@option("budget")
@click.option(
    "--out",
    "out_dir",
    type=OutFolder(path_type=Path, printed="without --out, --play prints the game"),
    default=None,
    metavar="DIR",
    help="With --play: write the longer transcript into DIR (same file name) instead "
    "of printing it.",
)
def machine(game, seed, output_format, variant, play, budget, out_dir):
    """Compute the turn of the player to move in GAME.json (a transcript; its turns
    are replayed first) as an extreme machine of the 1995 rules would make it: the
    turn that explodes the most fields now; if none explodes anything, the turn
    after which its next turn could explode the most; ties broken by --seed. Seats are
    numbered from 1 (with --format json the seat to move is "player", as in rules turn
    and replay). A seat of kind "machine" never moves: its turn is a pass. When the
    seat to move is a person's on a board with machine seats, the text report says so
    in a note: the turn is the one an extreme machine would make there, and the person
    makes their own.

    The search is exact: the report says exhaustive when the turn is proven best.
    With --budget it may stop early; the report then says what no turn can beat.
    Exit code 1: the file has an illegal move (as in replay; with --format json also
    replay's object of it: "file", "error", "rule", "turn", "player", "move"); 2: the
    file cannot be read, or the game is already over.

    Example: fabgen rules machine game.json --play --out next/
    """
    import random

    from fabgen.errors import UserError
    from fabgen.rules.transcript import read_transcript

    if out_dir is not None and not play:
        raise UserError("--out is only used with --play (the longer transcript goes there)")
    transcript = read_transcript(game)
    variant = game_variant(variant, transcript)
    start = _position_to_move(game, transcript, variant, output_format)
    # "file", "turn" and "player" first and "variant" near the end, as in rules turn's JSON
    report = {"file": str(game), **_decide(start, variant, random.Random(seed), budget)}
    report.update(seed=seed, variant=variant)
    text = _shown(report, game, transcript, start, play, output_format)
    if not play:
        click.echo(text)
        return
    _append_turn(game, transcript, report["moves"], text, out_dir)


def _position_to_move(game, transcript, variant: str, output_format: str):
    """The position after the file's turns; an illegal move among them stops with exit
    code 1 (as in replay), a game already over with its reason (exit code 2)."""
    from fabgen.errors import UserError
    from fabgen.rules.moves import IllegalMove
    from fabgen.rules.scoring import game_over
    from fabgen.rules.turn import replay

    try:
        start = replay(transcript.position, transcript.move_list, variant)
    except IllegalMove as exc:
        report_failure(game, illegal_in_file(game, transcript, exc, variant), output_format, exc)
        raise SystemExit(1) from None
    if game_over(start, variant):
        last = len(transcript.move_list)
        raise UserError(game_over_words(game, start, variant, "compute", last))
    return start


def _shown(report: dict, game, transcript, start, play: bool, output_format: str) -> str:
    """The report as printed: JSON, or words with the note on a person's seat and the
    command that plays the turn step by step."""
    import json

    if output_format == "json":
        return json.dumps(report, ensure_ascii=False)
    text = _text(report, turn_words(transcript, start)) + _persons_seat(start)
    file_turn = len(transcript.move_list) + 1 if play else None
    own = report["variant"] if report["variant"] != (transcript.variant or "online") else None
    return text + "\n" + _steps_hint(game, report["moves"], file_turn, own)


def _append_turn(game, transcript, moves, text: str, out_dir) -> None:
    """--play: the longer transcript on stdout (the report on stderr), or written into
    --out before the report is printed."""
    from fabgen.products.turn import longer_transcript_files

    made = longer_transcript_files(Path(game).name, transcript, moves)
    if out_dir is None:
        click.echo(text, err=True)
        click.echo(made.files[Path(game).name].decode("utf-8"), nl=False)
    else:  # written first: a folder that fails only when written leaves no report behind
        from fabgen.export.transaction import write_transaction

        _refuse_other_game(game, transcript, out_dir, made.files[Path(game).name])
        written = write_transaction(out_dir, made.files)
        click.echo(text)
        report_written(written)


def _refuse_other_game(game, transcript, out_dir, data: bytes) -> None:
    """--play --out DIR replaces DIR's file of the game's name only when it is the game
    itself or a state of it: the same start and turns, up to one turn more (an earlier
    --play of this position). Another game of that name there (another table's
    game.json, a finished game) was written over without a word."""
    from fabgen.cli.common import BadInput
    from fabgen.errors import FabgenError
    from fabgen.rules.transcript import read_transcript
    from fabgen.text import shown_path

    target = Path(out_dir) / Path(game).name
    try:
        if not target.is_file() or target.samefile(game) or target.read_bytes() == data:
            return
    except OSError:
        return
    try:
        there = read_transcript(target)
    except FabgenError:
        what = "a file that is not a transcript fabgen reads"
    else:
        ours, theirs = transcript.move_list, there.move_list
        start = ("segments", "players", "next_player", "turns_played", "passes")
        if any(getattr(there, key) != getattr(transcript, key) for key in start):
            what = "another game (its board, players or start differ)"
        elif theirs[: len(ours)] != ours[: len(theirs)]:
            turn = next(t for t, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b)
            what = f"another game (its turn {turn + 1} differs from {shown_path(game)}'s)"
        elif len(theirs) > len(ours) + 1:
            what = (
                f"this game {len(theirs) - len(ours)} turns on: the turns after "
                f"{shown_path(game)}'s {len(ours)} would be lost"
            )
        else:
            return
    raise BadInput(
        f"--out {shown_path(out_dir)} would write the longer game over "
        f"{shown_path(target)}, which holds {what}; nothing was written: give another "
        "--out folder, or move that file away (--out with the game file's own folder "
        "rewrites the game file itself)"
    )


def _decide(position, variant: str, rng, budget: int | None = None) -> dict:
    """The decision as plain JSON values: the seat to move as "player", from 1, the key
    and count of rules turn --format json and replay's record of an illegal move."""
    from fabgen.play.machine import NEVER_MOVES, ExtremeMachine
    from fabgen.rules.names import field_name

    k = position.next_player
    player = position.players[k]
    kind = getattr(player, "kind", "player")
    head = {
        "turn": position.turns_played + 1,
        "player": k + 1,
        "name": player.name,
        "kind": kind,
    }
    if kind == "machine":
        return head | {
            "moves": [],
            "criterion": NEVER_MOVES,
            "explosions": _pass_explosions(position, variant),
            "next_turn_explosions": None,
            "exhaustive": True,
            "turns_examined": 1,
            "move_sets": 1,
            "ties": 1,
            "all_ties": True,
            "bound": None,
            "limits": None,
        }
    machine = (
        ExtremeMachine() if budget is None else ExtremeMachine(budget=budget, setup_budget=budget)
    )
    decision = machine.decide(position, variant, rng)
    found = decision.search
    return head | {
        "moves": [[field_name(m.source), field_name(m.destination)] for m in decision.moves],
        "criterion": decision.criterion,
        "explosions": decision.explosions,
        "next_turn_explosions": decision.next_turn,
        "exhaustive": decision.exhaustive,
        "turns_examined": decision.turns_examined,
        "move_sets": found.move_sets,
        "ties": found.ties,
        "all_ties": decision.all_ties,
        "bound": decision.bound,
        "limits": decision.limits,
    }


def _pass_explosions(position, variant: str) -> int:
    from fabgen.play.search import count_explosions
    from fabgen.rules.turn import play_turn

    after, _ = play_turn(position, [], variant)
    return count_explosions(position, after)


def _text(r: dict, turn: str) -> str:
    """The report in words; ``turn`` is the turn as :func:`turn_words` says it."""
    from fabgen.rules.moves import move_text
    from fabgen.rules.state import Player

    who = Player(r["name"]).label(r["player"] - 1)  # as rules replay and turn name it
    lines = [f"{r['file']}: {who} plays {turn} as an extreme machine"]
    if r["criterion"] == "machine-never-moves":
        lines[0] = f"{r['file']}: {who} is a machine: it never moves ({turn})"
    moves = ", ".join(move_text(a, b) for a, b in r["moves"]) or "pass (no moves)"
    lines.append(f"moves: {moves}")
    # explosions, not fields: a field that explodes twice (live, growing, dead) counts twice
    lines.append(f"{_explosions(r['explosions'])} this turn")
    if r["criterion"] == "explosions-next-turn":
        lines.append(
            "no turn explodes anything now: this one lets its next turn make "
            f"{_explosions(r['next_turn_explosions'])} (the others' turns taken as passes)"
        )
    if r["criterion"] != "machine-never-moves":
        if r["exhaustive"]:
            search = "exhaustive"
        else:
            what = "next turn" if r["criterion"] == "explosions-next-turn" else "turn"
            most = _explosions(r["bound"])
            search = f"bounded ({r['limits']}): no {what} makes more than {most}"
        lines.append(
            f"search: {search}; {r['move_sets']:,} move sets, {r['turns_examined']:,} turns "
            f"and bounds evaluated; {_chosen(r)}"
        )
    return "\n".join(lines)


def _persons_seat(position) -> str:
    """A note when the seat to move is a person's on a board with machine seats: at the
    table of docs/seats.md one run too many worked out (and with --play appended) the
    person's own turn, saying only "plays turn 4 as an extreme machine"."""
    players, k = position.players, position.next_player
    machines = [j + 1 for j, p in enumerate(players) if p.kind != "player"]
    if players[k].kind != "player" or not machines:
        return ""
    return (
        f"\nnote: {players[k].label(k)} is a person's seat (the machines are "
        f"{seat_list(machines)}): this is the turn an extreme machine would make there; a "
        "person makes their own turn and adds it to the file's turns"
    )


def _chosen(r: dict) -> str:
    """Which of the best turns, in the play page's words of a machine's turn."""
    from fabgen.play.machine import ties_words

    words = ties_words(r["ties"], r["all_ties"])
    return words if r["ties"] <= 1 else f"{words}, drawn by seed {r['seed']}"


def _steps_hint(game, moves, file_turn: int | None, variant: str | None) -> str:
    """The command that plays the turn step by step (each explosion, where its stones
    go, growth), for the people who make it on the board. ``file_turn``: with --play,
    the file's turn it becomes (the file may now hold it: --out .); ``variant``: when
    not the one the file plays by itself."""
    import shlex

    from fabgen.rules.moves import move_text

    words = ["fabgen", "rules", "turn", str(game)]
    if file_turn is not None:
        words += ["--turn", str(file_turn)]
    if moves:
        words += ["--moves", ", ".join(move_text(a, b) for a, b in moves)]
    if variant is not None:
        words += ["--variant", variant]
    return "each step of it on the board: " + shlex.join(words)


def _explosions(n: int) -> str:
    return f"{n} explosion" if n == 1 else f"{n} explosions"
