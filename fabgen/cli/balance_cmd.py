"""``fabgen balance``: play a board many times and show which seat it favours."""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from fabgen.cli.balance_options import (
    BALANCE_STOPPED,
    GamesSoFar,
    cluster_notices,
    run_jobs,
    scheduler_option,
    told_when_stopped,
)
from fabgen.cli.boards_cmd import FILE_VARIANT, board_file_argument, file_variant, preset_option
from fabgen.cli.common import (
    GamesProgress,
    format_option,
    out_option,
    report_written,
)
from fabgen.cli.options import option, player_names
from fabgen.text import shown_path

if TYPE_CHECKING:
    from fabgen.play.balance import BalanceRun


@click.command("balance", short_help="Play a board many times: win rates per seat, pieces used.")
@board_file_argument
@preset_option
@option("games")
@option("players")
@option("variant", unset=True, default_text=FILE_VARIANT)
@option("seed")
@option("jobs")
@scheduler_option()
@option("max_turns")
@option("save_games")
@click.option(
    "--suggest-starts",
    is_flag=True,
    help="For 4 or 5 seats with stack starts: play candidate start fields (symmetric "
    "ones first) and report the setup closest to even. Plays --games games for each of "
    "--candidates setups and once more for the best: 520 with --games 40, 2600 with the "
    "default 200. 520 strong games on the stack-start presets took 12 to 18 minutes with "
    "2 processes on two otherwise idle cores; fewer or busy cores take longer, and the "
    "progress (a bar on a terminal, else a line a minute) projects the run's own time.",
)
@option("candidates")
@format_option("text: a table per seat; json: the report as JSON (same seed, same bytes).")
@out_option
def balance(
    board_file,
    preset,
    games,
    players,
    variant,
    seed,
    jobs,
    scheduler,
    max_turns,
    save_games,
    suggest_starts,
    candidates,
    output_format,
    out_dir,
):
    """Play a board FILE (or --preset NAME) many times with computer players and
    report, per seat, its wins (a shared first place shares the win), the win rate
    with a 95% Wilson interval, mean score and share of the board; a chi-square test
    of whether the seats' wins differ (a machine seat counts as a seat: beside machines
    a line compares the people alone, and on a solo board gives the person's win rate);
    game length; and the most stones of each colour and growing and dead markers on the
    board at once (mean, 95th percentile, max).

    Writes into --out:

    \b
    NAME-balance.json        the report
    NAME-win-rates.svg       each seat's win rate with its 95% interval
    NAME-territory.svg       how often each field ends in each seat's territory
    NAME-game-NNNNN.json     with --save-games K: the first K games
    NAME-balance-files.json  the run's files with their SHA-256: a later run into
                             the folder removes those it does not write again

    The strong player (the default) plays for the territory it will hold; random and
    greedy players are not expert players, and most of their games burn the board
    down. Timing and progress go to stderr (a bar on a terminal, else a line once a
    minute), so two runs' reports compare byte for byte.

    \b
    Metrics (JSON: under "metrics"; rates with 95% Wilson intervals):
      balance               1 minus the gap between the best and worst seat's win rate
      drawishness           share of finished games whose first place is shared
      all_zero              share of finished games ending with every score 0
      decisiveness          how early the sole winner leads on score for good, as a
                            share of the game (1 = from the first turn; a shared
                            first place counts 0)
      duration              turns and rounds (one turn of every seat): mean, p95
      first_seat_advantage  seat 1's win rate minus its fair share (1 / seats)

    With --suggest-starts (4 or 5 seats, each starting with one stack): plays
    --candidates setups of start fields, --games games each (the board's own, then
    symmetric setups; then stacks on the same kind of place moved together towards
    or away from the middle, and two such moves combined; then one stack moved a
    field), prints them closest to even first (among the setups whose games end 0:0 at most
    10% of the time: a board burnt down looks even and decides nothing), and reports
    on the best one from --games fresh games (with --seed plus 1): the best of several
    setups' few games looks better than it is. It prints each seat's line for a board
    file of your own (such as stacks = { -f-3 = 6 }) and writes

    \b
    NAME-suggested.toml      the board with the suggested start fields (none
                             when the board's own are the best: keep them)
    NAME-suggested-*         the files above of its fresh games

    Example: fabgen balance --preset 3p-triangle-4 --players random --games 2000
    """
    from fabgen.play.balance import BalanceOptions
    from fabgen.play.parallel import played_by

    if not suggest_starts:
        _only_with_suggest_starts("candidates")
    board, _ = _checked_board(board_file, preset)
    names = player_names(players)
    variant = file_variant(variant, board_file)
    options = BalanceOptions(games, names, variant, seed, max_turns, save_games)
    options.check(board)
    jobs = run_jobs(jobs, scheduler)
    played_by.clear()
    began = time.perf_counter()
    if suggest_starts:
        played = _played_suggesting(board, preset, options, candidates, jobs, scheduler)
    else:
        played = _played(board, options, jobs, scheduler)
    seconds = time.perf_counter() - began
    report, written = _write_and_show(played, output_format, out_dir)
    source = f"--preset {preset}" if preset else shown_path(board_file)
    kept = _games_options(options, capped=bool(report["capped"]))
    suggested = played.table is not None
    for line in _next_steps(board, source, report, written, suggested, kept):
        click.echo(line, err=output_format == "json")
    where = _cluster_used(scheduler) if scheduler else _processes_used(jobs, options)
    click.echo(_games_played(played, seconds, where), err=True)


@dataclass(frozen=True)
class _Played:
    """A balance run's games: the run reported on, every run played (with
    --suggest-starts each setup's and the fresh games), and with --suggest-starts the
    table of the setups and whether the best is the board's own."""

    run: BalanceRun
    runs: list[BalanceRun]
    table: str | None = None
    own: bool = False


@contextmanager
def _progress(total: int):
    """The games' progress on stderr (and, on Ctrl+C, what became of them) around the
    play; gives the progress and the callback the games count themselves to."""
    counted = GamesSoFar()
    progress = GamesProgress(total)
    with (
        told_when_stopped(counted, progress, BALANCE_STOPPED),
        progress as bar,
        cluster_notices(progress),
    ):
        yield progress, counted.passing_to(bar.update)


def _played(board, options, jobs: int, scheduler) -> _Played:
    """The board's own games."""
    from fabgen.play.balance import run_balance

    with _progress(options.games) as (_, update):
        run = run_balance(board, options, jobs=jobs, scheduler=scheduler, progress=update)
    return _Played(run, [run])


def _played_suggesting(board, preset, options, candidates: int, jobs: int, scheduler) -> _Played:
    """--suggest-starts: every candidate setup's games and the best one's fresh games."""
    from fabgen.play.starts import stack_starts

    stack_starts(board, preset)  # a clear error before any game is played
    games = options.games
    # Every candidate's games and the fresh ones, until the search knows how many
    # setups it plays: a board may offer fewer than --candidates.
    with _progress(games * (candidates + 1)) as (progress, update):
        return _suggest(
            board,
            options,
            candidates,
            jobs,
            scheduler,
            update,
            lambda setups: progress.set_total(games * (setups + 1)),
        )


def _write_and_show(played: _Played, output_format: str, out_dir):
    """The run's files written, then the setups' table, the report and the files
    listed; the report and the files written."""
    from fabgen.export.transaction import write_transaction
    from fabgen.products.balance import balance_files, files_list_name

    run = played.run
    # (no board file for the board's own setup: a copy with the same start fields
    # passed for a change)
    made = balance_files(run, with_board=played.table is not None and not played.own)
    # The files first: a folder that fails only when written (a full disk) gives its
    # error alone, exit 2, where the whole report was printed before it.
    written = write_transaction(out_dir, made.files, manifest=files_list_name(run.board.name))
    assert made.report is not None  # balance_files always gives the run's report
    if played.table is not None:
        click.echo(played.table, err=output_format == "json")
    _show(made.report, output_format)
    # With --format json the report is on stdout, so the list of files goes to stderr.
    report_written(written, err=output_format == "json")
    return made.report, written


def _games_played(played: _Played, seconds: float, where: str) -> str:
    """The games and turns every run played, the time and where they were played."""
    games = sum(len(r.records) for r in played.runs)
    turns = sum(record.turns for r in played.runs for record in r.records)
    return (
        f"played {games} game{'s' if games != 1 else ''} ({turns} turns) in {seconds:.1f} s "
        f"{where}: {games / seconds:.1f} games/s"
    )


def _games_options(options, capped: bool = False) -> str:
    """The run's options that change its games, as a next command repeats them after
    its board (" --players greedy --variant blog"), those at their defaults left out:
    a next step without them played other players than the organiser chose. Not
    --seed (a longer run plays fresh games), nor --jobs or --scheduler (where, not
    what), nor a --max-turns below the default that ``capped`` games (the report
    says to raise it; repeated, the longer run was cut off as this one was)."""
    import shlex

    from fabgen.settings import SETTINGS

    given = {
        "players": ",".join(options.players),
        "variant": options.variant,
        "max_turns": options.max_turns,
    }
    default = {name: SETTINGS[name].default for name in given}
    if capped and options.max_turns < default["max_turns"]:
        given["max_turns"] = default["max_turns"]
    default["players"] = ",".join(player_names(str(SETTINGS["players"].default)))
    return "".join(
        f" {SETTINGS[name].flag} {shlex.quote(str(value))}"
        for name, value in given.items()
        if value != default[name]
    )


def _next_steps(
    board, source: str, report: dict, written, suggested: bool, kept: str = ""
) -> list[str]:
    """What to do with the report: the suggested board file to play longer and then
    print, or, when a board of 4 or 5 seats with stack starts (or start tiles, which
    stacks can replace) shows its seats differ, --suggest-starts; each command with the
    run's options ``kept`` (:func:`_games_options`) after its board.
    The report ended with its files and left a club to find its way from there."""
    from fabgen.play.balance import MARGIN
    from fabgen.play.stats import games_for_margin

    # Games that tell a seat's win rate within about ±5 points (the report's own
    # advice), rounded up to a hundred: what people type.
    seats = len(report["seats"])
    more = max(report["games"], -(-games_for_margin(1 / seats, MARGIN) // 100) * 100)
    if suggested:
        path = next((p for p in written.written if p.name.endswith("-suggested.toml")), None)
        if path is None:  # the board's own setup was the best: nothing to change
            return [
                f"next: before you print the board, play it longer: fabgen balance {source}{kept} "
                f"--games {more}"
            ]
        shown = shown_path(path)
        return [
            f"next: before you print it, play the suggested board longer: fabgen balance "
            f"{shown}{kept} --games {more}; then fabgen layout {shown} prints it (or a kit "
            f'file\'s board = "{shown}" and fabgen build)'
        ]
    if not report["test"]["seats_differ"]:
        return []
    from fabgen.errors import FabgenError
    from fabgen.play.starts import stack_starts

    try:
        stack_starts(board)
    except FabgenError:
        # 4 or 5 seats on start tiles: stack starts are how the 1995 rules even such
        # seats out, and --suggest-starts names the line to write for each seat
        n = len(board.seats)
        if n in (4, 5) and all(len(board.start_tiles(k)) == 1 for k in range(n)):
            return [
                f"next: the seats differ; 4 or 5 seats can start with one stack of 6 each "
                "instead of a start tile (the 1995 rules' stack starts): fabgen balance "
                f"{source}{kept} --suggest-starts says what to write for each seat, then plays "
                "other start fields"
            ]
        return []
    return [
        f"next: the seats differ, and each starts with one stack: fabgen balance {source}{kept} "
        "--suggest-starts --games 40 plays other start fields and writes the fairest found "
        "as a board file"
    ]


def _cluster_used(scheduler: str) -> str:
    """The cluster and how many of its workers played (those that joined late too)."""
    from fabgen.play.parallel import helpers, played_by

    return f"on the cluster at {scheduler} ({helpers(played_by)})"


def _processes_used(jobs: int, options) -> str:
    """--jobs as given, and the processes that played when fewer (one per core at most,
    and one per game)."""
    from fabgen.play.parallel import processes

    used = processes(jobs, options.games)
    if used == jobs:
        return f"with --jobs {jobs}"
    why = "one per game" if used == options.games else "one per core"
    return f"with --jobs {jobs} ({used} process{'es' if used > 1 else ''}: {why})"


def _only_with_suggest_starts(name: str) -> None:
    """Refuse --candidates without --suggest-starts: it was ignored, and the user
    believed the setups had been tried (as validate refuses --players without
    --simulate)."""
    from click.core import ParameterSource

    from fabgen.errors import UserError

    if click.get_current_context().get_parameter_source(name) is ParameterSource.COMMANDLINE:
        raise UserError(
            f"--{name} only works with --suggest-starts (the start setups it tries): add "
            "--suggest-starts, or leave it out"
        )


def _suggest(board, options, candidates, jobs, scheduler, progress, planned=None) -> _Played:
    """A run of fresh games on the best setup's board, every run played, the table of
    every candidate, and whether the best is the board's own setup; ``planned`` is
    told how many setups are played once the search knows
    (:func:`fabgen.play.starts.suggest_starts`)."""
    from dataclasses import replace

    from fabgen.play.balance import balance_report, run_balance
    from fabgen.play.starts import (
        MAX_ALL_ZERO,
        board_file_lines,
        candidates_text,
        capped_games,
        chance,
        confirm_seed,
        not_confirmed,
        not_fair,
        origins_text,
        suggest_starts,
        suggested_board,
        with_starts,
    )

    found = suggest_starts(
        board,
        options,
        candidates=candidates,
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
        planned=planned,
    )
    best = found[0]
    fresh_options = replace(options, seed=confirm_seed(options))
    trial = with_starts(board, best.fields)
    run = run_balance(trial, fresh_options, jobs=jobs, scheduler=scheduler, progress=progress)
    fresh = balance_report(run)
    run = replace(run, board=suggested_board(board, best, options, fresh))
    head = (
        f"{len(found)} setups played, {options.games} game{'s' if options.games != 1 else ''} "
        f"each: first those ending 0:0 in "
        f"at most {100 * MAX_ALL_ZERO:.0f}% of their games (a board burnt down is a first "
        "place shared by all: even, and it decides nothing), closest to even first (the "
        "largest gap between a seat's win rate and an even share decides); then the "
        "others, fewest 0:0 first:"
    )
    games = f"{options.games} fresh game{'s' if options.games != 1 else ''}"
    follows = f"its report on {games} (seed {fresh_options.seed}) follows"
    if best.origin == "board":
        tail = (
            f"suggested: {best.names} (board setup: keep the board's own; no "
            f"{board.name}-suggested.toml is written, its start fields would be the "
            f"board's); {follows}\n"
        )
    else:
        tail = (
            f"suggested: {best.names} ({best.origin} setup); in a board file, the seats' "
            f"lines:\n{board_file_lines(board, best)}{follows}\n"
        )
    warnings = [
        w for w in (capped_games(found), not_fair(best), not_confirmed(fresh, options)) if w
    ]
    notes = [n for n in (origins_text(found), chance(found)) if n]
    tail = (
        "".join(f"warning: {w}\n" for w in warnings) + "".join(f"note: {n}\n" for n in notes) + tail
    )
    # (suggest_starts keeps every setup's games; a candidate without is made in tests)
    played = [c.run for c in found if c.run is not None] + [run]
    own = best.origin == "board"
    return _Played(run, played, f"{head}\n{candidates_text(found)}{tail}", own)


def _checked_board(board_file, preset):
    from fabgen.board.validate import validate as run
    from fabgen.cli.boards_cmd import _load, refuse_errors
    from fabgen.errors import InputFileError

    board, source = _load(board_file, preset)
    refuse_errors(run(board, source=source), source)
    if not board.seats:
        raise InputFileError(source, "the board has no seats: add players to play it")
    return board, source


def _show(report: dict, output_format: str) -> None:
    from fabgen.play.balance import report_json, report_text

    text = report_json(report) if output_format == "json" else report_text(report)
    click.echo(text, nl=False)
