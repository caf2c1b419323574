"""``fabgen rules``: replay and check recorded games, play one turn step by step."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from fabgen.cli.common import InputPath, OutFolder, format_option, report_written
from fabgen.cli.machine_cmd import machine
from fabgen.cli.options import Counted
from fabgen.cli.rules_common import (
    game_over_words,
    game_variant,
    illegal_in_file,
    report_failure,
    variant_option,
)
from fabgen.rules.refusals import refused_turn, turn_words

if TYPE_CHECKING:
    from fabgen.rules.state import Position
    from fabgen.rules.transcript import Transcript

#: The list of the pictures ``rules turn --svg DIR`` wrote into DIR, so that the next turn
#: into DIR removes those it does not write (fabgen.cli.files_list).
TURN_FILES_LIST = "turn-files.json"


@click.group("rules", short_help="Replay and check games; play a turn step by step.")
def rules() -> None:
    """The rules engine: check recorded games (Atlantis transcript JSON files) and
    show what a turn does."""


@rules.command("replay", short_help="Check recorded games move by move; show final positions.")
@click.argument(
    "games",
    nargs=-1,
    required=True,
    metavar="GAME.json...",  # as turn's POSITION.json and machine's GAME.json
    type=InputPath("a transcript (JSON)", example="game.json", path_type=Path),
)
@variant_option
@format_option("text: draw each final position; json: one JSON object per game and line.")
def replay(games, variant, output_format):
    """Check every move of every turn of each GAME.json (a transcript) and show the final
    positions.

    Exit code 0: every game is legal. 1: a game has an illegal move (the message names
    the file, the turn counted from 1, the player, the move and the rule), or the result
    a file states (game_over, scores, places) is not its replay's under the file's own
    variant (said after the game; the replay's result is the rules'). 2: a file cannot
    be read or is not a valid transcript. All files are checked either way. With
    --format json, each game gives one line (the stated result that is not the
    replay's goes to stderr): its final position as a transcript object with
    turns_played, passes (turns in a row without a move), game_over, scores, places
    (each player's place, 1 = first; tied players share a place) and variant added, and
    next_player (an index into players, from 0) only while the game goes on; or for a
    game that failed an object with "file" and "error", and for an illegal move "rule",
    "turn" (from 1), "player" (the seat, from 1) and "move".

    Example: fabgen rules replay games/*.json --format json
    """
    from fabgen.errors import FabgenError
    from fabgen.rules.moves import IllegalMove
    from fabgen.rules.transcript import read_transcript
    from fabgen.rules.turn import replay as replay_game

    worst = 0
    for path in games:
        try:
            transcript = read_transcript(path)
            game = game_variant(variant, transcript)
            final = replay_game(transcript.position, transcript.move_list, game)
            click.echo(_replay_one(path, transcript, final, game, output_format))
            # a result stated under another variant than --variant asks for is no claim
            # about this replay (a game of the online rules replayed under 1995 rules)
            own = game_variant(None, transcript) == game
            wrong = own and _stated_result_wrong(path, transcript, final, game)
            if wrong:
                worst = max(worst, 1)
                click.echo(wrong, err=output_format == "json")
        except IllegalMove as exc:
            worst = max(worst, 1)
            message = illegal_in_file(path, transcript, exc, game)
            report_failure(path, message, output_format, exc)
        except FabgenError as exc:
            worst = 2
            report_failure(path, str(exc), output_format, None)
    if worst:
        raise SystemExit(worst)


def _stated_result_wrong(path: Path, transcript, final, variant: str) -> str | None:
    """What the file says of its result (game_over, scores, places) that its replay does
    not give, in words; None when it says nothing or the same. A hand-kept record whose
    scores were added up wrong, or a game cut short that kept the full game's result."""
    from fabgen.rules.scoring import game_over, places, scores

    replayed = {
        "game_over": game_over(final, variant),
        "scores": tuple(scores(final)),
        "places": tuple(places(final, variant)),
    }
    wrong = [
        (key, stated, replayed[key])
        for key in ("game_over", "scores", "places")
        if (stated := getattr(transcript, key)) is not None
        and (tuple(stated) if key != "game_over" else stated) != replayed[key]
    ]
    if not wrong:
        return None

    def shown(key: str, value) -> str:
        if key == "game_over":
            return "true" if value else "false"
        return "[" + ", ".join(str(v) for v in value) + "]"

    said = "; ".join(
        f"{key} {shown(key, stated)} where the replay gives {shown(key, got)}"
        for key, stated, got in wrong
    )
    return (
        f"{path}: the result the file states is not its replay's: {said}. The replay "
        "follows the rules: correct those keys in the file or leave them out"
        + (
            " (a game cut short keeps no result)"
            if any(k == "game_over" for k, *_ in wrong)
            else ""
        )
        + "."
    )


def _replay_one(path: Path, transcript, final, variant: str, output_format: str) -> str:
    from fabgen.rules.scoring import game_over, ranking
    from fabgen.rules.terminal import legend, ranking_text, render_board, render_position
    from fabgen.rules.transcript.writing import json_text

    if output_format == "json":
        from fabgen.cli.rules_json import position_json

        return json_text(position_json(final, variant))
    over = game_over(final, variant)
    played = len(transcript.move_list)
    head = f"{path}: {played} turns replayed, all legal; game over: {'yes' if over else 'no'}"
    standings = ranking_text(final, ranking(final, variant))
    if over:  # nobody moves after the end: no "next to move"
        status = f"turns played: {final.turns_played}\nfinal ranking: {standings}"
        return f"{head}\n{render_board(final)}\n{legend(final)}\n{status}\n"
    return f"{render_position(final, title=head)}\nscores so far: {standings}\n"


@rules.command("turn", short_help="Play one turn and show every step (text, SVG).")
@click.argument(
    "position_file",
    metavar="POSITION.json",
    type=InputPath("a transcript (JSON)", example="game.json", path_type=Path),
)
@click.option(
    "--moves",
    default=None,
    metavar="MOVES",
    help='The moves, comma-separated, like "c3-c5,f2-d2" (or "C3 to C5; F2 to D2"); '
    '"pass" or leave out to pass (with --turn: leave out for the file\'s own moves).',
)
@click.option(
    "--turn",
    "turn_number",
    type=Counted(1),
    default=None,
    metavar="N",
    help="Play turn N of the file (counted from 1) instead of the next one: the turns "
    "before it are replayed, and it is played with --moves, else with the file's moves.",
)
@variant_option
@click.option(
    "--svg",
    "svg_dir",
    type=OutFolder(path_type=Path),
    default=None,
    metavar="DIR",
    help="Also write one SVG picture per step into DIR, and turn-files.json listing them "
    "(a turn into the same DIR removes an earlier turn's pictures, unless changed since).",
)
@click.option(
    "--names/--no-names",
    default=True,
    show_default=True,
    help="Field names (c3, -a1, ...) on the fields in the SVG pictures.",
)
@format_option("text: each step with its board; json: the turn as one JSON object.")
def turn(position_file, moves, turn_number, variant, svg_dir, names, output_format):
    """Play one turn for the player to move in POSITION.json (a transcript; its turns
    are replayed first) and show each step: every move, every explosion wave, growth.

    A position as it stands on the table is a transcript without turns: each
    player's stacks (n stones on a live field, -n on a growing one, 0 for a dead one)
    and next_player (from 0); see docs/tutorials/check.md.

    An illegal move given in --moves stops with the rule it breaks (exit code 2); an
    illegal move inside the file gives exit code 1, as in replay (with --format json
    also replay's object of it: "file", "error", "rule", "turn", "player", "move").

    With --format json, one object: "file"; "turn" (counted from 1); "player" (the
    seat to move, from 1, as every seat outside "position"); "moves" ([source,
    destination] pairs, [] for a pass); "steps" in order, each with "step" (from 0),
    "kind" (start, move, explosion, growth) and "title", a move with "move", "stones"
    and "landed", an explosion wave with "wave", "died" (fields that became dead) and
    "explosions" (each with "field", "status", "becomes", "stones", "capacity" (its
    live neighbours just then), "lost" and "sent":
    each live neighbour that got a stone, with the "player" and "stones" it "was" and
    "now" holds), growth with "fields"; "scores_before", "scores" (after the turn),
    "game_over", "places" (only when the turn ends the game), "variant", and
    "position": the position after the turn as replay --format json gives it.

    Example: fabgen rules turn game.json --moves "c3-c5,f2-d2" --svg steps/
    """
    from fabgen.rules.moves import IllegalMove, parse_moves
    from fabgen.rules.transcript import read_transcript
    from fabgen.rules.turn import play_turn

    transcript = read_transcript(position_file)
    game = _GameFile(position_file, transcript, game_variant(variant, transcript), output_format)
    played, own = _turns_before(game, turn_number, moves)
    start = game.replayed(played)
    given = list(own) if own is not None else parse_moves(moves or "")
    try:
        final, steps = play_turn(start, given, game.variant, record_steps=True)
    except IllegalMove as exc:
        _refuse(game, exc, start, turn_number, own, given)
    written = _write_pictures(svg_dir, steps, names)  # None without --svg
    if output_format == "json":
        _echo_json(game, start, given, steps)
    else:
        plays = _plays(start, transcript, given, asked=moves is not None or own is not None)
        _echo_turn(game, start, final, steps, plays)
    if written is not None:  # (after JSON on stderr: stdout holds the JSON alone)
        report_written(written, err=output_format == "json")


@dataclass(frozen=True)
class _GameFile:
    """The transcript rules turn plays a turn of, the variant it plays by and the
    --format it reports in."""

    path: Path
    transcript: Transcript
    variant: str
    output_format: str

    def replayed(self, moves) -> Position:
        """The position after ``moves``, the file's turns before the one played."""
        from fabgen.rules.moves import IllegalMove
        from fabgen.rules.turn import replay

        try:
            return replay(self.transcript.position, moves, self.variant)
        except IllegalMove as exc:
            self.stop_at(exc)

    def stop_at(self, exc, asked: bool = False) -> NoReturn:
        """An illegal move inside the file: its message (and with --format json replay's
        object of it), exit code 1, as in replay. ``asked``: the turn --turn N asked for."""
        format_asked = self.output_format if asked else None
        message = illegal_in_file(self.path, self.transcript, exc, self.variant, format_asked)
        report_failure(self.path, message, self.output_format, exc)
        raise SystemExit(1) from None


def _turns_before(game: _GameFile, turn_number: int | None, moves: str | None):
    """The file's turns to replay before the one played, and the file's own moves of
    turn N (--turn N without --moves), else None. A --turn past the next is refused."""
    from fabgen.errors import UserError

    played = game.transcript.move_list
    if turn_number is None:
        return played, None
    if turn_number > len(played) + 1:
        words = _turn_out_of_range(turn_number, game.path, game.transcript, game.variant)
        raise UserError(words)
    own = played[turn_number - 1] if moves is None and turn_number <= len(played) else None
    return played[: turn_number - 1], own


def _refuse(game: _GameFile, exc, start, turn_number: int | None, own, given) -> NoReturn:
    """A turn the rules refuse: the file's own turn N (exit code 1, as replay says it),
    a turn after the game's end, or a move of --moves (exit code 2)."""
    from fabgen.errors import UserError

    if exc.rule == "game-over":
        if turn_number is not None and turn_number <= len(game.transcript.move_list):
            game.stop_at(_placed(exc, turn_number, start))  # the file's turn N, after the end
        # the file's game ended: no turn follows its last
        words = _no_turn(game.path, game.transcript, start, turn_number, game.variant)
        raise UserError(words) from None
    if own is None:
        raise UserError(_refused(start, given, exc, game.variant, game.transcript)) from None
    assert turn_number is not None  # the file's own moves are read for --turn N only
    # The file's own turn N is illegal: the position before it, to compare with the
    # table and the notes, and the error (as replay gives it).
    _placed(exc, turn_number, start)
    if game.output_format == "json":
        game.stop_at(exc, asked=True)
    _echo_before_illegal(game, exc, start, turn_number, own)


def _placed(exc, turn_number: int, start):
    """``exc`` as a move of the file's turn ``turn_number``, by the seat to move."""
    k = start.next_player
    exc.turn, exc.player, exc.player_label = turn_number - 1, k, start.players[k].label(k)
    return exc


def _echo_before_illegal(game: _GameFile, exc, start, turn_number: int, own) -> NoReturn:
    """The position before the file's illegal turn N and its moves, then the error on
    stderr; exit code 1."""
    from fabgen.rules.terminal import legend, render_board

    click.echo(f"the position before turn {turn_number}, {exc.player_label} to move")
    click.echo(legend(start) + "\n")
    click.echo(render_board(start) + "\n")
    written_moves = ", ".join(map(str, own)) or "none (a pass)"
    click.echo(f"the file's moves of turn {turn_number}: {written_moves}")
    click.echo(illegal_in_file(game.path, game.transcript, exc, game.variant, "text"), err=True)
    raise SystemExit(1) from None


def _write_pictures(svg_dir: Path | None, steps, names: bool):
    """--svg DIR: a picture per step, written before the report (a folder that fails
    leaves no half output); None without it."""
    if svg_dir is None:
        return None
    from fabgen.cli.files_list import write_listed
    from fabgen.products.turn import turn_picture_files

    files = turn_picture_files(steps, names).files
    return write_listed(svg_dir, files, TURN_FILES_LIST, "--svg", "rules turn")


def _echo_json(game: _GameFile, start, given, steps) -> None:
    from fabgen.cli.rules_json import turn_json
    from fabgen.rules.transcript.writing import json_text

    click.echo(json_text(turn_json(str(game.path), start, given, steps, game.variant)))


def _plays(start, transcript, given, asked: bool) -> str:
    """Who plays which turn, what kind of seat when a machine, and a pass (with how to
    give moves when none were ``asked`` for, by --moves or the file's turn N)."""
    k = start.next_player
    machine = {
        "machine": " (a machine: it never moves, so its turn is explosion and growth only)",
        "extreme-machine": " (an extreme machine: fabgen rules machine computes its moves)",
    }.get(start.players[k].kind, "")
    passes = ""
    if not given and start.players[k].kind != "machine":  # a pass; how to give moves
        passes = ": a pass"
        if not asked:
            passes += ', as no --moves were given (--moves "c3-c5,f2-d2" plays moves)'
    return f"{start.players[k].label(k)} plays {turn_words(transcript, start)}{machine}{passes}"


def _echo_turn(game: _GameFile, start, final, steps, plays: str) -> None:
    """The turn in text: who plays, each step with its board, each seat's fields after
    it and how the game stands."""
    from fabgen.products.turn import closing_lines
    from fabgen.rules.terminal import legend, stacks_by_seat

    click.echo(plays)
    click.echo(legend(start) + "\n")
    _echo_steps(start, steps)
    click.echo("after the turn, each seat's fields:")
    for line in stacks_by_seat(final):
        click.echo(f"  {line}")
    click.echo("\n".join(closing_lines(start, final, game.variant)))


def _echo_steps(start, steps) -> None:
    """Each step's title, details and board, after a word on the calm or the chain
    before it."""
    from fabgen.products.turn import step_title
    from fabgen.rules.terminal import render_board
    from fabgen.rules.turn import calm_before, chain_before

    k = start.next_player
    for n, step in enumerate(steps):
        calm = calm_before(steps, n, k) or chain_before(steps, n, k)
        if calm:
            click.echo(calm + "\n")
        effects = step.effects or ("",) * len(step.details)
        details = "".join(
            f"\n  {d}" + (f"\n      {e}" if e else "")
            for d, e in zip(step.details, effects, strict=True)
        )
        click.echo(f"step {n}: {step_title(step)}{details}")
        click.echo(render_board(step.position) + "\n")


def _no_turn(path, transcript, start, turn_number: int | None, variant: str) -> str:
    """The message for the turn after a finished game's last: --turn N asked for it as
    for any turn past the file's; without --turn, when and why the game ended."""
    if turn_number is not None:
        return _turn_out_of_range(turn_number, path, transcript, variant)
    return game_over_words(path, start, variant, "play", len(transcript.move_list))


def _refused(start, moves, exc, variant: str, transcript) -> str:
    """The message for a move of --moves that the rules refuse: which move, whose turn,
    the rule, and that nothing was played."""
    words = refused_turn(start, transcript, moves, exc, variant)
    return f"--moves: {words}; correct --moves and run again"


def _turn_out_of_range(n: int, path, transcript, variant: str) -> str:
    """--turn N past the file's next turn: the turns there are, and the next one only
    when the game goes on (a finished game has none)."""
    from fabgen.rules.moves import IllegalMove
    from fabgen.rules.scoring import game_over
    from fabgen.rules.turn import replay

    played = len(transcript.move_list)
    head = f"--turn {n}: {path} has {_turns(played)}"
    try:
        over = game_over(replay(transcript.position, transcript.move_list, variant), variant)
    except IllegalMove:
        over = False  # the turn asked for is refused anyway; replay names the illegal move
    last = played if over and played else played + 1
    game = _game_turn_hint(n, transcript.position.turns_played, last)
    if over and played:
        return f"{head} and the game ended with turn {played}; give a turn from 1 to {played}{game}"
    return f"{head}; give a turn from 1 to {played + 1} ({played + 1}: the next one){game}"


def _game_turn_hint(n: int, before: int, last: int) -> str:
    """--turn N given as the game's turn number (the one the command prints, ``turn 23
    of the game``) for a file that starts after ``before`` turns: the file's number."""
    if not before or not 1 <= n - before <= last:
        return ""
    return (
        f". --turn counts the file's own turns, from 1; the file starts after turn {before} "
        f"of the game, so the game's turn {n} is --turn {n - before}"
    )


def _turns(n: int) -> str:
    return f"{n} turn" if n == 1 else f"{n} turns"


rules.add_command(machine)  # in its own module, beside the two commands above
