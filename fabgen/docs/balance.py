"""The files of a ``fabgen balance`` run: the report as JSON, the win-rate and territory
pictures, and the saved games, by file name.

Here rather than in the command so that ``fabgen.docs.pictures`` draws the site's
balance pictures with the same code without importing the command line.
"""

from __future__ import annotations

from fabgen.draw.balance import territory_drawing, win_rate_drawing
from fabgen.export.svg import render_svg
from fabgen.play.balance import report_json
from fabgen.rules.transcript import write_transcript


def balance_files(run, report) -> dict[str, bytes]:
    """The report, the two pictures and the saved games, by file name."""
    board = run.board
    name = board.name
    colours = [seat.colour for seat in board.seats]
    start = board.position()
    title = f"Territory on {name}, players: {', '.join(dict.fromkeys(players_of(report)))}"
    files = {
        f"{name}-balance.json": report_json(report).encode(),
        f"{name}-win-rates.svg": render_svg(win_rate_drawing(report, colours)),
        f"{name}-territory.svg": render_svg(
            territory_drawing(
                start.board.fields,
                run.territory,
                report["finished"],
                colours,
                start.board.tile_of,
                title,
                [seat.label(k + 1) for k, seat in enumerate(board.seats)],
            )
        ),
    }
    for number, transcript in run.saved:
        files[f"{name}-game-{number + 1:05d}.json"] = write_transcript(transcript).encode()
    return files


def players_of(report: dict) -> list[str]:
    return [s["player"] for s in report["seats"]]
