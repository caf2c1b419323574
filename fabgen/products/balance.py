"""The files of a balance run: ``fabgen balance`` and the balance pictures of the
documentation (docs/design-notes.md, *Products*).

Playing the games is :mod:`fabgen.play.balance`'s work (parallel, with progress, on a
cluster if asked); this product takes the played run and makes its files: the report
as JSON, the win-rate and territory pictures, the saved games, and with suggested
starts the board that was played.
"""

from __future__ import annotations

from fabgen.play.balance import BalanceRun
from fabgen.products.output import Files


def balance_files(run: BalanceRun, with_board: bool = False) -> Files:
    """The report, the two pictures and the saved games by file name, and the report.

    ``with_board``: also the board played, as a board file (``fabgen balance
    --suggest-starts`` plays a board of its own making)."""
    from fabgen.export.svg import render_svg
    from fabgen.play.balance import balance_report, report_json
    from fabgen.rules.transcript import write_transcript

    report = balance_report(run)
    name = run.board.name
    files = {
        f"{name}-balance.json": report_json(report).encode(),
        f"{name}-win-rates.svg": render_svg(_win_rates(run, report)),
        f"{name}-territory.svg": render_svg(_territory(run, report)),
    }
    for number, transcript in run.saved:
        files[f"{name}-game-{number + 1:05d}.json"] = write_transcript(transcript).encode()
    if with_board:
        from fabgen.board.boardfile import board_to_toml

        files[f"{name}.toml"] = board_to_toml(run.board).encode()
    from fabgen.export.transaction import files_list

    files[files_list_name(name)] = files_list(files)
    return Files(files, report)


def files_list_name(board_name: str) -> str:
    """The run's list of its files: a run into the same folder removes the files of an
    earlier run of the board that it does not write (saved games beyond its
    --save-games), as long as nobody changed them (see fabgen.export.transaction)."""
    return f"{board_name}-balance-files.json"


def _win_rates(run: BalanceRun, report: dict):
    from fabgen.draw.balance import win_rate_drawing

    return win_rate_drawing(report, [seat.colour for seat in run.board.seats])


def _territory(run: BalanceRun, report: dict):
    from fabgen.board.placement import BoardPlacement
    from fabgen.draw.balance import territory_drawing

    board = run.board
    start = board.position()
    title = f"Territory on {board.name}, players: {', '.join(dict.fromkeys(players_of(report)))}"
    return territory_drawing(
        start.board.fields,
        run.territory,
        report["finished"],
        [seat.colour for seat in board.seats],
        start.board.tile_of,
        title,
        [seat.label(k + 1) for k, seat in enumerate(board.seats)],
        turn_deg=BoardPlacement(board).rotation_deg,  # as the setup diagram turns it
        stacks=[(k, f) for k, seat in enumerate(board.seats) for f, n in seat.stacks if n > 1],
    )


def players_of(report: dict) -> list[str]:
    return [s["player"] for s in report["seats"]]
