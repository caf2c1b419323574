"""The rules viewer without the web server: one turn of a game, step by step.

What ``fabgen rules turn --svg`` shows, for any turn of an uploaded transcript: the
position before the turn, every move, every explosion wave and the growth, each as a
picture (:func:`fabgen.draw.position.position_drawing`) with the engine's words, and
each step's fields for the pages' shared board picture (``picture``: the board as the
setup diagram has it, :mod:`fabgen.web.picture`). At the end of the game so far, the
moves typed for the player to move are played. What lies on the board before and after
the turn is listed a seat a line, in seat order, in the words of ``fabgen rules turn``
(:func:`fabgen.rules.terminal.stacks_by_seat`), and after a turn its last lines too:
the scores with what the turn changed, and who moves next or how the game ended
(``closing``, :func:`fabgen.products.turn.closing_lines`). A turn in which nothing
explodes says why on its growth step (``calm``), the line the command prints before
growth (:func:`fabgen.rules.turn.calm_before`); one in which something explodes gives
the explosion phase in figures there (``chain``, :func:`~fabgen.rules.turn.chain_before`).
The answer gives the seat whose
turn it is (``seat``, from 1) beside its words, so that the viewer can name it as the
play page's game does when it shows a turn of one (docs/design-notes.md, *The play
page*: a disputed turn step by step); after a turn played, the same of the position it
leaves (``seat_after``, ``player_after``, ``scores_words_after``, ``ending_after``), which
the viewer shows after moves typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fabgen.errors import FabgenError, InputFileError, ParameterError, requested
from fabgen.web.limits import LIMITS, TooLarge

if TYPE_CHECKING:
    from fabgen.rules.transcript import Transcript


class ViewerError(FabgenError):
    """A transcript or a turn the viewer cannot show."""


def turn_view(
    text: str,
    turn: object = None,
    moves: object = None,
    variant: object = None,
    name: str = "game",
) -> dict:
    """Turn ``turn`` (0-based; default 0) of the transcript: its steps as SVG and text.
    With ``turn`` = the number of turns in the file, ``moves`` (``"c3-c5,f2-d2"``; an
    empty text passes) are played for the player to move; without moves that position
    is shown. The whole file is checked first (:func:`read_game`); ``variant`` None
    plays it under the variant it names (the answer's ``variant``). ``name``: the file's
    name as the user gave it ("club.json"), which the messages name it by, as the
    designer names an upload."""
    from fabgen.products.turn import closing_lines
    from fabgen.rules.moves import IllegalMove, parse_moves
    from fabgen.rules.refusals import refused_turn
    from fabgen.rules.terminal import legend, stacks_by_seat
    from fabgen.rules.turn import play_turn, replay
    from fabgen.web.designer import upload_label
    from fabgen.web.games import typed_moves_length

    source = upload_label(name)  # (as the designer names a file: "club.json")
    try:
        transcript, variant = read_game(text, source, variant, LIMITS.transcript_turns)
    except InputFileError as exc:
        if exc.where is None and _is_board_file(text):  # "is not valid JSON" said no more
            raise InputFileError(
                source,
                f"{exc.detail}; it is a board file (TOML), not a game: open it in the board "
                "designer, whose Download start transcript gives its start as a game to load here",
            ) from None
        raise
    played = transcript.move_list
    t = _turn_number(turn, len(played))
    from fabgen.web.picture import position_geometry

    picture = position_geometry(transcript.position)  # start tiles as the game began
    start = replay(transcript.position, played[:t], variant)  # legal: read_game replayed all
    if t < len(played):
        given = list(played[t])
    elif moves is not None:  # an empty text is a pass
        if not isinstance(moves, str):
            raise ParameterError("moves", "the moves must be text like c3-c5,f2-d2")
        typed_moves_length(moves)
        try:
            given = parse_moves(moves)
        except ParameterError as exc:  # (named as the refused moves below name them)
            raise ViewerError(exc.naming("Moves:")) from None
    else:
        return _view(start, [], t, len(played), source, variant, stacks_by_seat, legend, picture)
    try:
        final, steps = play_turn(start, given, variant, record_steps=True)
    except IllegalMove as exc:  # (typed moves: read_game found the file's turns legal)
        if exc.rule == "game-over":
            raise
        words = refused_turn(start, transcript, given, exc, variant)
        raise ViewerError(f"Moves: {words}; correct the moves and play them again") from None
    view = _view(start, steps, t, len(played), source, variant, stacks_by_seat, legend, picture)
    view["after"] = stacks_by_seat(final)
    view["closing"] = closing_lines(start, final, variant)
    # (the position the turn leaves, as the keys above say the one before it: the viewer
    # shows it after moves typed and says who moves there, or how the game ended)
    view |= {f"{key}_after": value for key, value in _position_words(final, variant).items()}
    return view


def _is_board_file(text: str) -> bool:
    from fabgen.inputs import parse_toml

    try:
        return "board" in parse_toml(text, "")
    except InputFileError:
        return False


def read_game(
    text: str,
    source: str,
    variant: object = None,
    max_turns: int | None = None,
    max_tiles: int | None = None,
) -> tuple[Transcript, str]:
    """A game sent by the browser (the viewer's transcript, a game uploaded to the play
    page), checked as ``fabgen rules replay`` checks a file before anything of it is
    shown or played: read by the transcript reader, its players' names by the board
    reader's check (the designer refuses the same file), and every turn replayed under
    ``variant`` (None: the one the file names, else online, as the command does without
    ``--variant``). A file too large, or of more than ``max_turns`` turns (default: the
    turns a game on the play page may have), is refused as such (413); an illegal move
    with the replay's words (400). ``max_tiles``: a board of more tiles is refused too
    (413), before the replay (the play page's limit for every board it plays)."""
    from fabgen.board.transcript_io import parse_board_transcript
    from fabgen.rules.moves import IllegalMove
    from fabgen.rules.refusals import place_in_file
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import replay

    if variant is not None:
        requested_variant(variant)
    if len(text) > LIMITS.upload_bytes:
        raise TooLarge(
            f"{source}: larger than {LIMITS.upload_bytes // 1024} kB: is it a transcript? "
            "(check a larger one with fabgen rules replay)"
        )
    transcript = parse_transcript(text, source)
    parse_board_transcript(text, source)  # names and colours without control characters
    turns = len(transcript.move_list)
    max_turns = LIMITS.game_turns if max_turns is None else max_turns
    if turns > max_turns:
        raise TooLarge(
            f"{source}: {turns} turns is more than this server replays ({max_turns}); "
            "check it with fabgen rules replay"
        )
    tiles = len(transcript.position.board.tiles)
    if max_tiles is not None and tiles > max_tiles:
        raise TooLarge(
            f"{source}: {tiles} tiles is more than fabgen serve takes for a board "
            f"({max_tiles}); go on with a game this large on the command line: fabgen "
            "rules replay checks it and fabgen rules turn plays its turns"
        )
    chosen = str(variant) if variant is not None else transcript.variant or "online"
    try:
        replay(transcript.position, transcript.move_list, chosen)
    except IllegalMove as exc:  # (which move of its turn, as fabgen rules replay says it)
        where = place_in_file(transcript, exc, chosen)
        raise ViewerError(f"{source}: illegal move at {exc}{where}") from None
    return transcript, chosen


def board_note(text: str) -> str | None:
    """What the board designer took of a transcript with turns, and why, for its
    message after "Loaded FILE: ": the board as the game starts (a board has no turns),
    and whether the game has an illegal move, which the play page and the viewer refuse
    (the board is taken all the same). None for a board file or a game without turns."""
    from fabgen.rules.transcript import parse_transcript

    if not text.lstrip().startswith("{"):
        return None
    try:
        turns = len(parse_transcript(text, "upload").move_list)
    except FabgenError:
        return None  # (the board reader has said what is wrong, or taken it)
    if not turns:
        return None
    took = f"the board as its game starts, without its {turns} turn{'s' if turns > 1 else ''}, "
    took += "which a board does not have"
    try:
        read_game(text, "upload")
    except ViewerError as exc:
        why = str(exc).removeprefix("upload: ")
        return f"{took} (the game has an {why}, so the play page and the rules viewer refuse it)"
    except FabgenError:
        pass
    return took


def requested_variant(variant: object) -> str:
    """A request's rule variant, or a 400 naming the known ones (a request may send
    anything: a list, an object)."""
    from fabgen.rules.variants import VARIANTS, meant_variant

    if not isinstance(variant, str) or variant not in VARIANTS:
        shown, meant = requested(variant), meant_variant(variant)
        hint = f' (did you mean "{meant}"?)' if meant else ""
        raise ParameterError("variant", f"unknown variant {shown}: {', '.join(VARIANTS)}{hint}")
    return variant


def _turn_number(turn: object, count: int) -> int:
    if turn is None:
        return 0
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= count:
        raise ParameterError("turn", f"turn must be a whole number from 0 to {count}")
    return turn


def _view(start, steps, t, count, source, variant, stacks_by_seat, legend, picture) -> dict:
    from fabgen.draw.position import position_drawing
    from fabgen.export.svg import render_svg
    from fabgen.products.turn import setup_turn, step_title
    from fabgen.rules.names import field_name
    from fabgen.rules.turn import calm_before, chain_before
    from fabgen.web.games import fields_json

    k = start.next_player
    turn_deg = setup_turn(start)  # the way up of the setup diagram, as rules turn --svg
    shown: list[dict[str, object]]
    if not steps:
        drawing = position_drawing(start, title=f"after {t} turns", turn_deg=turn_deg)
        shown = [
            {
                "title": "the position",
                "kind": "position",
                "details": [],
                "effects": [],
                "svg": _svg(render_svg(drawing)),
                "board": fields_json(start),
                "fields": [],
            }
        ]
    else:
        shown = [
            {
                # (a wave's title counts its explosions, as the command's step line)
                "title": f"{n}. {step_title(step)}",
                "kind": step.kind,  # start, move, explosion, growth: what "fields" are
                "details": list(step.details),
                # (an explosion's: where each field's stones go, one per line of details)
                "effects": list(step.effects),
                "svg": _svg(
                    render_svg(
                        position_drawing(
                            step.position,
                            title=f"{n}. {step_title(step)}",
                            highlight=step.fields,
                            turn_deg=turn_deg,
                        )
                    )
                ),
                "board": fields_json(step.position),
                "fields": [field_name(f) for f in step.fields],
                # (growth after no explosion: why none, as the command says it before growth)
                "calm": calm_before(steps, n, k),
                # (growth after explosions: the explosion phase in figures, as the command)
                "chain": chain_before(steps, n, k),
            }
            for n, step in enumerate(steps)
        ]
    return {
        "source": source,
        "turn": t,
        "turns": count,
        **_position_words(start, variant),  # (of the position before the turn)
        "legend": legend(start),
        "before": stacks_by_seat(start),
        "steps": shown,
        "picture": picture,
        "variant": variant,
    }


def _position_words(position, variant: str) -> dict:
    """Who is to move in ``position`` (``seat`` from 1, and ``player``: a page that
    knows the seats by other names, the play page's game, names it as the game does),
    the scores, and whether the game is over there and why."""
    from fabgen.products.turn import game_end_words
    from fabgen.rules.scoring import game_over, scores
    from fabgen.rules.terminal import seat_score

    k = position.next_player
    over = game_over(position, variant)
    return {
        "seat": k + 1,
        "player": position.players[k].label(k),
        "scores": scores(position),
        # (named as the command's score lines name them: "seat 1 (Red): 9")
        "scores_words": [seat_score(position, s, n) for s, n in enumerate(scores(position))],
        "game_over": over,
        # (a finished game: why it ended and the final ranking, in the command's words)
        "ending": game_end_words(position, variant) if over else None,
    }


def _svg(data: bytes) -> str:
    return data.decode("utf-8")
