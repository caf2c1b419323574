"""``fabgen boards``, ``fabgen validate`` and ``fabgen layout``: boards for 1 to 6 people."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import click

from fabgen.cli.balance_options import scheduler_option
from fabgen.cli.common import (
    InputPath,
    format_option,
    out_option,
    refuse_overwriting,
    report_written,
)
from fabgen.cli.options import Choice, option, player_names

board_file_argument = click.argument(
    "board_file",
    metavar="[FILE]",
    required=False,
    type=InputPath(
        "a board file or transcript",
        example="my-board.toml (or --preset NAME for a preset board)",
        path_type=Path,
    ),
)
#: The default of ``--variant`` where a command plays a board FILE (validate --simulate,
#: balance): None when not given, for :func:`file_variant`.
FILE_VARIANT = "the variant a game FILE names, else online"
preset_option = click.option(
    "--preset",
    metavar="NAME",
    default=None,
    help="A preset board by name instead of FILE (fabgen boards lists them).",
)


def _load(board_file: Path | None, preset: str | None):
    from fabgen.board.files import load_preset, read_board
    from fabgen.errors import FabgenError, ParameterError

    if (board_file is None) == (preset is None):
        raise ParameterError(
            "preset",
            "give a board FILE (board file .toml or transcript .json) or --preset NAME, "
            "not both or neither; fabgen boards lists the presets",
        )
    if preset is not None:
        return load_preset(preset), f"preset {preset}"
    assert board_file is not None  # neither or both were refused above
    named = preset_named_by(board_file)
    if named:
        raise ParameterError(
            "preset",
            f"{board_file}: no such file, but {named} is a preset board: give it as "
            f"--preset {named} (fabgen boards lists the presets)",
        )
    try:
        return read_board(board_file), str(board_file)
    except FabgenError:
        refuse_a_kit_file(board_file)
        raise


def refuse_a_kit_file(path: Path | str, preset_flag: str = "--preset") -> None:
    """A kit file where a board file goes: say so (the board reader said only that
    [kit] is an unknown key). ``preset_flag``: the option that takes a preset's name."""
    from fabgen.board.files import preset_names
    from fabgen.errors import ParameterError

    tables = toml_tables(path)
    if tables is None or "kit" not in tables or "board" in tables:
        return
    board = tables["kit"].get("board")
    if isinstance(board, str) and board in preset_names():
        alone = f"; for its board alone give {preset_flag} {board}"
    elif isinstance(board, str) and board.strip():
        alone = f"; for its board alone give its board file, {board} (next to the kit file)"
    else:
        alone = ""
    raise ParameterError(
        "preset",
        f"{path} is a kit file ([kit]), not a board file: fabgen build {path} builds the "
        f"kit{alone}",
    )


def toml_tables(path: Path | str) -> dict | None:
    """The top-level tables of a TOML file, None when it is not one (to tell a kit file
    from a board file after the reader refused it)."""
    from fabgen.errors import FabgenError
    from fabgen.inputs import MAX_TOML_BYTES, parse_toml, read_text

    try:
        data = parse_toml(read_text(path, "TOML file", MAX_TOML_BYTES), str(path))
    except FabgenError:  # (parse_toml bounds nesting and numbers, as the readers do)
        return None
    return {key: value for key, value in data.items() if isinstance(value, dict)}


def preset_named_by(path: Path | str) -> str | None:
    """The preset a missing file's name is (``fabgen layout 6p-hexagon-19``, without
    --preset), else None."""
    from fabgen.board.files import preset_names

    path = Path(path)
    stem = path.name.removesuffix(".toml")
    if path.parent != Path(".") or stem not in preset_names() or path.exists():
        return None
    return stem


@click.command("boards", short_help="List the preset boards for 1 to 6 people (and machines).")
@click.option(
    "--show",
    metavar="NAME",
    default=None,
    help="Print one preset as a board file (to copy and change) instead of the list.",
)
@click.option(
    "--as",
    "show_as",
    type=Choice(["toml", "transcript"], aliases={"json": "transcript"}),
    default="toml",
    show_default=True,
    help="With --show: as a board file, or as an Atlantis transcript of the start.",
)
@format_option("The list as a table or as JSON.")
def boards(show, show_as, output_format):
    """List the preset boards with their number of players (people, and +2m for two
    machine seats), tiles and fields. In JSON, players counts every seat, people and
    machines the two kinds.

    Example: fabgen boards --show 6p-hexagon-19 > my-board.toml
    """
    from fabgen.board.files import load_preset, load_presets, preset_text

    if show is not None:
        if show_as == "toml":
            click.echo(preset_text(show), nl=False)
        else:
            from fabgen.board.transcript_io import board_transcript_text

            click.echo(board_transcript_text(load_preset(show)), nl=False)
        return
    presets = load_presets()
    rows = [{**b.details(), "description": b.description} for b in presets]
    if output_format == "json":
        import json

        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    width = max(len(b.name) for b in presets)
    click.echo(f"{'name':<{width}}  players  tiles  fields  description")
    for b, r in zip(presets, rows, strict=True):
        click.echo(
            f"{r['name']:<{width}}  {b.seat_counts():>7}  {r['tiles']:>5}  {r['fields']:>6}  "
            f"{r['description']}"
        )
    click.echo("players: people, and +Nm for N seats that play themselves (machines)")


@click.command("validate", short_help="Check a board: structure, fairness, pieces needed.")
@board_file_argument
@preset_option
@format_option("text: one finding per line; json: findings and a summary.")
@option("stones_per_player")
@option("growing_markers")
@option("dead_markers")
@option("simulate")
@option("players", lead="With --simulate only. ")
@option("variant", unset=True, default_text=FILE_VARIANT, lead="With --simulate only. ")
@option("seed", lead="With --simulate only. ")
@option("jobs", lead="With --simulate only. ")
@scheduler_option(lead="With --simulate only. ")
def validate(
    board_file,
    preset,
    output_format,
    stones_per_player,
    growing_markers,
    dead_markers,
    simulate,
    players,
    variant,
    seed,
    jobs,
    scheduler,
):
    """Check a board FILE (board file .toml, or an Atlantis transcript .json: its first
    position) and print the findings, each with a code, a severity (error, warning,
    info), where it is and what to change.

    Exit code 0: no errors (warnings are allowed). 1: errors. 2: the file cannot be
    read.

    With --simulate N the board is also played N times by computer players (the
    strong player unless --players says otherwise, by the rules of --variant, else of
    the variant a game FILE names, as fabgen rules plays it, else online): a
    seat-balance finding names the seat they favour, by how much and with its 95%
    interval (beside machine seats the people's most and least wins too; on a solo
    board it is a note of the person's win rate against the machines), and the stones
    and markers needed come from the games' peaks (95th percentile plus 10%) instead of
    the 20% rule.

    Example: fabgen validate my-board.toml --stones-per-player 20
    """
    from fabgen.board.validate import KitCounts
    from fabgen.board.validate import validate as run

    if simulate is None:
        _only_with_simulate("players", "variant", "seed", "jobs", "scheduler")
    board, source = _load(board_file, preset)
    kit = KitCounts(stones_per_player, growing_markers, dead_markers)
    report = run(board, kit, source)
    if simulate is not None and report.ok:
        names, variant = player_names(players), file_variant(variant, board_file)
        games = _simulated(board, simulate, names, variant, seed, jobs, scheduler)
        report = run(board, kit, source, balance=games)
    click.echo(report.json_text() if output_format == "json" else report.text(), nl=False)
    if not report.ok:
        _stop_on_errors(simulate)


def _simulated(board, games: int, names, variant: str, seed, jobs, scheduler):
    """--simulate N: the board's N games by computer players, their progress on stderr
    (and what became of them when stopped)."""
    from fabgen.cli.balance_options import (
        VALIDATE_STOPPED,
        GamesSoFar,
        cluster_notices,
        run_jobs,
        told_when_stopped,
    )
    from fabgen.cli.common import GamesProgress
    from fabgen.play.balance import simulate as play

    progress, counted = GamesProgress(games), GamesSoFar()
    stopped = told_when_stopped(counted, progress, VALIDATE_STOPPED)
    with stopped, progress as bar, cluster_notices(progress):
        return play(
            board,
            games,
            names,
            variant=variant,
            seed=seed,
            jobs=run_jobs(jobs, scheduler),
            scheduler=scheduler,
            progress=counted.passing_to(bar.update),
        )


def _stop_on_errors(simulate: int | None) -> NoReturn:
    """Exit code 1 for a board with errors, saying that --simulate played nothing."""
    if simulate is not None:  # (its supply lines, of the 20% rule, passed for played)
        click.echo(
            f"--simulate {simulate} played no game: a board with errors cannot be played; "
            "fix them and run the command again",
            err=True,
        )
    raise SystemExit(1)


@click.command("layout", short_help="Setup diagram, printed board (A4, Letter), bill of materials.")
@board_file_argument
@preset_option
@option("print_width", unset=True, default_text="the board file's, else 100")
@option("paper")
@option("page_margin")
@option("overlap")
@option(
    "seat_symbols",
    lead="The setup diagram draws each seat's stones with its symbol (stones made by "
    "fabgen stones --seat N, or a kit's seat_symbols). ",
)
@out_option
def layout(board_file, preset, width, paper, margin, overlap, seat_symbols, out_dir):
    """Write what a group needs to build and set up a board (FILE: a board file or a
    transcript; or --preset NAME):

    \b
    NAME-setup.svg/.pdf    setup diagram: tiles, start tiles, turn order, size
    NAME-board-a4.pdf      the board at full size over A4 pages, with an
    NAME-board-letter.pdf  assembly map and a 50 mm square to check the scale
    NAME-bom.txt/.json     tiles, stones per colour, growing and dead markers
    NAME.toml              the board as a board file
    NAME-start.json        its start position as an Atlantis transcript
    NAME-layout-files.json these files: a rerun removes those it no longer
                           writes, and never replaces a file of yours

    A board with errors is refused (fabgen validate shows them).

    Example: fabgen layout --preset 6p-hexagon-19 --out output/boards/
    """
    from fabgen.board.findings import counted_seats
    from fabgen.board.validate import validate as run
    from fabgen.cli.files_list import write_listed
    from fabgen.products.layout import LayoutParams, layout_files, papers_of

    board, source = _load(board_file, preset)
    report = run(board, source=source)
    refuse_errors(report, source)
    papers = papers_of(paper)
    params = LayoutParams(board, width, papers, margin, overlap, seat_symbols=seat_symbols)
    made = layout_files(params)
    refuse_overwriting(board_file, out_dir, made.files)
    # (written before the summary: a refused folder prints nothing but the refusal)
    written = write_listed(out_dir, made.files, layout_files_list(board.name), "--out", "layout")
    s = report.summary()
    click.echo(
        f"board {board.name}: {counted_seats(board)}, {len(board.tiles)} tiles; "
        f"{s['warnings']} warning{'s' if s['warnings'] != 1 else ''} "
        "(fabgen validate explains them)"
    )
    report_written(written)


def layout_files_list(board_name: str) -> str:
    """The list of the files ``fabgen layout`` wrote for the board: a layout into the
    same folder removes those it no longer writes (the Letter PDF after ``--paper a4``)
    and refuses to replace a file it does not list (fabgen.cli.files_list)."""
    return f"{board_name}-layout-files.json"


def refuse_errors(report, source: str) -> None:
    """Refuse a board with errors, quoting the first ones as fabgen validate prints
    them: "the board has 1 error (field-shared): fix it first; fabgen validate shows
    what and where" sent a club organiser to another command to learn what it was."""
    from fabgen.errors import InputFileError

    if not report.ok:
        them = "it" if report.errors == 1 else "them"
        raise InputFileError(
            source,
            f"{report.errors_quoted()}. Fix {them} first (fabgen validate lists every finding)",
        )


def file_variant(variant: str | None, board_file: Path | None) -> str:
    """The variant to play a FILE's games under, as the rules commands play a file
    (:func:`fabgen.cli.rules_common.game_variant`): ``--variant`` when given, else the
    one a game file names, else online (a board file or a preset names none)."""
    from fabgen.board.boardfile import read_text
    from fabgen.board.files import is_transcript
    from fabgen.cli.rules_common import game_variant
    from fabgen.rules.transcript import parse_transcript

    game = None
    if variant is None and board_file is not None:
        text = read_text(board_file)
        if is_transcript(Path(board_file), text):
            game = parse_transcript(text, str(board_file), check_board=False)
    return game_variant(variant, game)


def _only_with_simulate(*names: str) -> None:
    """Refuse options that only mean something with --simulate (given alone they
    would be ignored, and the user would believe they had been used)."""
    from click.core import ParameterSource

    from fabgen.errors import UserError

    ctx = click.get_current_context()
    given = [n for n in names if ctx.get_parameter_source(n) is ParameterSource.COMMANDLINE]
    if given:
        flags = " and ".join(", ".join(f"--{n}" for n in given).rsplit(", ", 1))
        raise UserError(
            f"{flags} only work{'s' if len(given) == 1 else ''} with --simulate N (the "
            "games that are played): add --simulate 200, say, or leave "
            f"{'it' if len(given) == 1 else 'them'} out"
        )
