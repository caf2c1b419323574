"""Balance of a board by self-play: who wins how often, and how many pieces it takes.

:func:`run_balance` plays ``games`` games of a board (in batches, on local processes
or a Dask cluster, :mod:`fabgen.play.parallel`) and :func:`balance_report` turns the
games into the report: per seat wins (a shared first place shares the win), the win
rate with its 95 % Wilson interval, mean score and share of the board; a chi-square
test of whether the seats' wins differ; game length; the peak stones of each colour
and the peak growing and dead markers per game (dead markers both when every all-dead
tile is lifted off and when none is). Capped games (turn cap reached) are
counted apart and not scored. The report is plain data (``to_json``), identical for
the same seed whatever ran the games.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fabgen.board.checks.chance import MARGIN as CHANCE_MARGIN
from fabgen.board.checks.chance import chance_caveat
from fabgen.board.checks.people import PeopleAlone
from fabgen.board.findings import counted_seats, machines_are, seat_list
from fabgen.board.model import Board
from fabgen.board.supply import (
    ROOM_NOTE,
    SIMULATED_MARGIN,
    dead_markers_phrase,
    markers_capped,
    simulated_markers,
    with_margin,
)
from fabgen.errors import ParameterError
from fabgen.play.parallel import batches, check_wanted, executor, processes, run_batches
from fabgen.play.policy import check_player_name, policy_name
from fabgen.play.selfplay import (
    DEFAULT_MAX_TURNS,
    MACHINE,
    GameRecord,
    game_rng,
    game_transcript,
    play_game,
    seat_policies,
)
from fabgen.play.stats import chi_square_uniform, summary, wilson_interval
from fabgen.play.strong import DEFAULT_BUDGET, TWO_SEAT_BUDGET, deeper_by_default
from fabgen.rules.names import field_name
from fabgen.rules.transcript import Transcript
from fabgen.rules.variants import NO_TIE_BREAK, get_variant
from fabgen.text import columns, counted, cut_to_columns, padded

DEFAULT_PLAYER = "strong"
#: Significance level of the test of equal wins.
ALPHA = 0.05
#: Above this share of games ending with every score 0, the report warns.
ALL_ZERO_WARNING = 0.5
TEST_NAME = "chi-square goodness of fit of the wins against equal shares"
#: How closely (in win rate) the report's advice on more games wants a seat's rate known
#: (one value for the balance report and the board check).
MARGIN = CHANCE_MARGIN


@dataclass(frozen=True)
class BalanceOptions:
    games: int = 200
    players: tuple[str, ...] = (DEFAULT_PLAYER,)  # one for all seats, or one per seat
    variant: str = "online"
    seed: int = 0
    max_turns: int = DEFAULT_MAX_TURNS
    save_games: int = 0  # keep the turns of the first K games

    def __post_init__(self) -> None:
        # "GREEDY" plays and is reported as greedy (the report compares names)
        object.__setattr__(self, "players", tuple(map(policy_name, self.players)))

    def check(self, board: Board) -> None:
        """Clear errors for impossible settings, before any game is played."""
        if self.games < 1:
            raise ParameterError.about("games", f"must be at least 1, got {self.games}")
        if self.max_turns < 1:
            raise ParameterError.about("max_turns", f"must be at least 1, got {self.max_turns}")
        if self.save_games < 0:
            raise ParameterError.about("save_games", "must be 0 or more")
        get_variant(self.variant)
        seats = len(board.seats)
        if len(self.players) not in (1, seats):
            raise ParameterError.about(
                "players",
                f"names {len(self.players)} players but the board has {seats} "
                f"seats{_machine_places(board, self.players)}",
            )
        for name in self.players:
            if name.isdigit():  # (an organiser typed how many play: "'4' is not a player")
                raise ParameterError.about(
                    "players",
                    f"{name!r} is a number, but --players says who plays each seat (strong, "
                    f"greedy, random, ...), not how many: the board sets that, one seat per "
                    f"[[players]] table ({counted_seats(board)} here); for another number of "
                    "people play another board (fabgen boards lists the presets by people)",
                )
            check_player_name(name)

    def seat_players(self, seats: int) -> tuple[str, ...]:
        return self.players * seats if len(self.players) == 1 else self.players


def _machine_places(board: Board, players: tuple[str, ...]) -> str:
    """The rest of the refusal of a count of ``players`` that fits no seat count: beside
    machines, which seats they are and the list to type (an organiser gave a name per
    person and read "the board has 6 seats" as wrong)."""
    default = ": give one name for every seat or one per seat, comma-separated"
    if not board.machines:
        return default
    machines = [k for k, seat in enumerate(board.seats) if seat.is_machine]
    people = iter(players if len(players) == board.people else [DEFAULT_PLAYER] * board.people)
    typed = ",".join("machine" if k in machines else next(people) for k in range(len(board.seats)))
    return (
        f" ({counted_seats(board)}, which count as seats: {machines_are(k + 1 for k in machines)} "
        f"and play themselves whatever is named there){default}, such as --players {typed}"
    )


@dataclass
class Batch:
    """What one batch of games gives back: small records and summed territory."""

    records: list[GameRecord]
    territory: list[list[int]]  # [seat][field]: finished games in which it scored there


def play_batch(board: Board, options: BalanceOptions, part: range) -> Batch:
    """Play the games numbered ``part`` (a worker's task: module level, picklable)."""
    start = board.position()
    policies = seat_policies(start, options.seat_players(len(start.players)))
    territory = [[0] * len(start.board) for _ in start.players]
    records = []
    for number in part:
        check_wanted()
        record = play_game(
            start,
            policies,
            options.variant,
            game_rng(options.seed, number),
            number=number,
            max_turns=options.max_turns,
            keep_moves=number < options.save_games,
        )
        for i, seat in enumerate(record.territory):
            if seat >= 0:
                territory[seat][i] += 1
        records.append(_slim(record))
    return Batch(records, territory)


def _slim(record: GameRecord) -> GameRecord:
    from dataclasses import replace

    return replace(record, territory=())


@dataclass
class BalanceRun:
    board: Board
    options: BalanceOptions
    records: list[GameRecord]
    territory: list[list[int]]
    saved: list[tuple[int, Transcript]] = field(default_factory=list)


def run_balance(
    board: Board,
    options: BalanceOptions,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> BalanceRun:
    """Play the games; see the module docstring."""
    options.check(board)
    start = board.position()
    if scheduler is None:
        jobs = processes(jobs, options.games)
    parts = batches(options.games, jobs)
    with executor(jobs, scheduler) as ex:
        results = run_batches(ex, play_batch, (board, options), parts, progress)
    records = [r for batch in results for r in batch.records]
    territory = [[0] * len(start.board) for _ in start.players]
    for batch in results:
        for seat, row in enumerate(batch.territory):
            for i, n in enumerate(row):
                territory[seat][i] += n
    variant = get_variant(options.variant).name
    saved = [(r.number, game_transcript(start, r, variant)) for r in records if r.moves is not None]
    return BalanceRun(board, options, records, territory, saved)


def balance_report(run: BalanceRun) -> dict:
    """The report as plain data (see :func:`report_json`)."""
    board, options, records = run.board, run.options, run.records
    seats = len(board.seats)
    fields = len(board.field_tiles)
    finished = [r for r in records if not r.capped]
    wins = [0.0] * seats
    for r in finished:
        for winner in r.winners:
            wins[winner] += 1 / len(r.winners)
    n = len(finished)
    players = options.seat_players(seats)
    rows = []
    for k, seat in enumerate(board.seats):
        low, high = wilson_interval(wins[k], n)
        mean_score = sum(r.scores[k] for r in finished) / n if n else 0.0
        rows.append(
            {
                "seat": k + 1,
                "name": seat.name,
                "kind": str(seat.kind),
                "player": _player_name(str(seat.kind), players[k]),
                # where it starts, as a board file writes it: two runs' reports of a
                # board and of a copy with one stack moved could not be told apart
                "stacks": {field_name(f): n for f, n in seat.stacks},
                "wins": _round(wins[k]),
                "win_rate": _round(wins[k] / n if n else 0.0),
                "ci_low": _round(low),
                "ci_high": _round(high),
                "mean_score": _round(mean_score),
                "board_share": _round(mean_score / fields),
            }
        )
    stat, df, p = chi_square_uniform(wins)
    all_zero = sum(1 for r in finished if r.all_zero)
    report = {
        "board": board.name,
        "fields": fields,
        "tiles": len(board.tiles),
        "variant": get_variant(options.variant).name,
        "seed": options.seed,
        "max_turns": options.max_turns,
        "games": len(records),
        "finished": n,
        "capped": len(records) - n,
        "all_zero": all_zero,
        "seats": rows,
        "test": {
            "name": TEST_NAME,
            "statistic": _round(stat),
            "df": df,
            "p_value": _round(p),
            "alpha": ALPHA,
            "seats_differ": bool(n) and p < ALPHA,
        },
        "favoured": _favoured(rows, n, seats),
        "turns": summary([r.turns for r in records]),
        "stones_peak": [
            {"seat": k + 1, **summary([r.stones_peak[k] for r in records])} for k in range(seats)
        ],
        "markers_peak": {
            "growing": summary([r.growing_peak for r in records]),
            "dead": summary([r.dead_peak for r in records]),
            "dead_tiles_lifted": summary([r.dead_lifted_peak for r in records]),
        },
    }
    report["metrics"] = game_metrics(records, rows, seats)
    report["warnings"] = _warnings(report)
    return report


#: What each metric means, for --help, the text report and docs/balance.md.
METRIC_HELP = {
    "balance": "1 minus the gap between the best and the worst seat's win rate (1 = even)",
    "drawishness": "share of finished games whose first place is shared",
    "all_zero": "share of finished games that end with every score 0",
    "decisiveness": "how early the sole winner takes the lead on score for good, as a share "
    "of the game (1 = from the first turn; games with a shared first place count 0)",
    "duration": "game length in turns and in rounds (one turn of every seat): mean and p95",
    "first_seat_advantage": "seat 1's win rate minus its fair share (1 / seats)",
}


def game_metrics(records: Sequence[GameRecord], rows: list[dict], seats: int) -> dict:
    """The measures game designers judge a game by (after the Ludii project's game
    evaluation), each rate with its 95 % Wilson interval."""
    finished = [r for r in records if not r.capped]
    n = len(finished)
    rates = [row["win_rate"] for row in rows]
    shared = sum(1 for r in finished if len(r.winners) > 1)
    zero = sum(1 for r in finished if r.all_zero)
    decisive = [
        1 - r.lead_from / r.turns if r.lead_from is not None and r.turns else 0.0 for r in finished
    ]
    turns = [r.turns for r in records]
    rounds = [-(-t // seats) for t in turns]
    fair = 1 / seats
    first_low, first_high = wilson_interval(rows[0]["wins"], n) if rows else (0.0, 1.0)
    return {
        "balance": _round(1 - (max(rates) - min(rates))) if n and rates else None,
        "drawishness": _rate(shared, n),
        "all_zero": _rate(zero, n),
        "decisiveness": _round(sum(decisive) / n) if n else None,
        "duration": {"turns": summary(turns), "rounds": summary(rounds)},
        "first_seat_advantage": {
            "value": _round(rows[0]["win_rate"] - fair) if n and rows else None,
            "ci_low": _round(first_low - fair),
            "ci_high": _round(first_high - fair),
        },
    }


def _rate(count: float, n: int) -> dict:
    low, high = wilson_interval(count, n)
    return {
        "count": _round(count),
        "rate": _round(count / n) if n else None,
        "ci_low": _round(low),
        "ci_high": _round(high),
    }


def _player_name(kind: str, player: str) -> str:
    if kind == MACHINE:
        return MACHINE
    return "extreme-machine" if kind == "extreme-machine" else player


def _favoured(rows: list[dict], n: int, seats: int) -> dict | None:
    """The seat with the highest win rate, against an even share of 1/seats."""
    if not n or not rows:
        return None
    best = max(rows, key=lambda r: (r["win_rate"], -r["seat"]))
    even = 1 / seats
    return {
        "seat": best["seat"],
        "win_rate": best["win_rate"],
        "even": _round(even),
        "ahead": _round(best["win_rate"] - even),
        "ci_low": best["ci_low"],
        "ci_high": best["ci_high"],
    }


def _stronger_players(report: dict, tie_break: bool) -> str:
    """The end of the all-zero warning: try the strong player when weaker ones played;
    otherwise say what the numbers still tell."""
    played = {s["player"].partition(":")[0] for s in report["seats"]}
    if played & {"random", "greedy"}:
        return " (try --players strong)"
    if tie_break:
        return (
            ": even strong play burns this board down, so read the wins as a test of the "
            "tie-break, and the peaks as what a kit must supply"
        )
    return (
        ": even strong play burns this board down, so the wins say little; read the "
        "peaks as what a kit must supply"
    )


def _all_zero_warning(report: dict, n: int) -> str:
    """Under a variant that shares tied places (the default) a 0:0 game is a draw of
    every seat, and the warning says so: it spoke of a tie-break such rules do not have."""
    tie_break = get_variant(report["variant"]).tie_break != NO_TIE_BREAK
    those = (
        "the winner of those was decided by the tie-break alone"
        if tie_break
        else "every seat shared the first place of those (a draw)"
    )
    return (
        f"{report['all_zero']} of {n} finished games ended with every score 0: {those}, "
        f"so these players say little about the board's balance"
        f"{_stronger_players(report, tie_break)}"
    )


#: Players that play a game to its end (machines in every seat never do).
ENDING_PLAYERS = frozenset({"strong", "greedy", "random"})


def raise_max_turns(max_turns: int) -> str:
    """The advice for games cut off at the turn cap: a cap below the default was set
    by hand, and the default is what to go back to."""
    below = f" (the default is {DEFAULT_MAX_TURNS})" if max_turns < DEFAULT_MAX_TURNS else ""
    return f"raise --max-turns{below}"


def _warnings(report: dict) -> list[str]:
    out = []
    n = report["finished"]
    if report["capped"]:
        cap = report["max_turns"]
        out.append(
            f"{report['capped']} of {report['games']} games reached the cap of {cap} turns "
            f"and are not scored: {raise_max_turns(cap)}"
        )
    if n and report["all_zero"] / n > ALL_ZERO_WARNING:
        out.append(_all_zero_warning(report, n))
    if not n:
        out.append(_nothing_finished(report))
    return out


def _nothing_finished(report: dict) -> str:
    """Why no game finished: machines in every seat never end one; players that do were
    cut off by the turn cap (the advice to give them, when random was given, missed a
    --max-turns of 1)."""
    played = {s["player"].partition(":")[0] for s in report["seats"]}
    if played & ENDING_PLAYERS:
        return (
            f"no game finished within the cap of {report['max_turns']} turns: there is "
            f"nothing to score; {raise_max_turns(report['max_turns'])}"
        )
    return (
        "no game finished: there is nothing to score; give --players that play a game "
        "to its end (strong, greedy or random), or a larger --max-turns"
    )


def _round(x: float) -> float:
    return round(float(x), 4)


def report_json(report: dict) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def _deeper_note(seats: list[dict]) -> list[str]:
    """With two seats and no machine the default strong player searches deeper
    (``fabgen.play.strong.TWO_SEAT_BUDGET``): say so, since the name does not."""
    if not deeper_by_default([s["kind"] for s in seats]):
        return []
    if all(s["player"] != "strong" for s in seats):
        return []
    return [
        f"(strong: {TWO_SEAT_BUDGET} positions a turn with two seats and no machine; "
        f"strong:{DEFAULT_BUDGET} is the faster player)"
    ]


def report_text(report: dict) -> str:
    """The report for people: one line per seat, then the test and the pieces."""
    lines = [
        f"board {report['board']}: {counted(report['games'], 'game')} "
        f"({report['finished']} finished, "
        f"{report['capped']} capped), variant {report['variant']}, seed {report['seed']}",
        "",
        *_seat_table(report["seats"]),
    ]
    lines += _start_stacks(report["seats"])
    lines += _deeper_note(report["seats"])
    t = report["test"]
    verdict = "the seats differ" if t["seats_differ"] else "no significant difference"
    test = (
        f"{t['name']}: chi2 = {t['statistic']:g}, df = {t['df']}, p = {t['p_value']:.4f}: "
        f"{verdict} (at {t['alpha']:g})"
    )
    if not report["finished"]:  # it said "no significant difference" of no game
        test = f"{t['name']}: not made, no game finished"
    lines += ["", test]
    if not t["seats_differ"] and report["finished"]:
        lines.append(_too_few_games(report))
    fav = report["favoured"]
    if fav is not None:
        # "favoured" only when the test sees the seats differ: "favoured: seat 2" under
        # "no significant difference" reads like a finding it is not
        said = "favoured" if t["seats_differ"] else "most wins, within chance"
        tied = _seats_at(report["seats"], fav)  # (it named the first of three tied seats)
        wins = "wins" if tied.startswith("seat ") else "each wins"
        lines.append(
            f"{said}: {tied}, {wins} {100 * fav['win_rate']:.1f}% "
            f"(95% interval {_interval(fav['ci_low'], fav['ci_high'])}) "
            f"against an even {100 * fav['even']:.1f}%"
        )
    lines += _people_only(report["seats"]) if report["finished"] else []
    tu = report["turns"]
    lines.append(
        f"game length: {tu['mean']:g} turns on average, 95% of games within {tu['p95']}, "
        f"longest {tu['max']}"
    )
    lines.append(f"games ending with every score 0: {report['all_zero']} of {report['finished']}")
    lines.append("peak stones on the board per game (mean / 95th percentile / max):")
    for s, p in zip(report["seats"], report["stones_peak"], strict=True):
        lines.append(f"  seat {s['seat']}: {p['mean']:g} / {p['p95']} / {p['max']}")
    for kind, label in MARKER_LINES.items():
        p = report["markers_peak"][kind]
        lines.append(f"peak {label}: {p['mean']:g} / {p['p95']} / {p['max']}")
    lines.append(_pieces_to_make(report))
    lines += _metric_lines(report["metrics"], report["seats"])
    lines += [f"warning: {w}" for w in report["warnings"]]
    return "\n".join(lines) + "\n"


#: The text report's lines of peak markers: the report's key, and what it counts.
MARKER_LINES = {
    "growing": "growing markers",
    "dead_tiles_lifted": "dead markers, all-dead tiles lifted off",
    "dead": "dead markers, no tile lifted off (the dead fields at the end)",
}


def _too_few_games(report: dict) -> str:
    """What "no significant difference" is worth at this many games (ten games said it
    on a board whose seats won 0 to 30 %, and read as fair)."""
    return "  " + chance_caveat(report["finished"], len(report["seats"]))


def _pieces_to_make(report: dict) -> str:
    """The peaks as a kit's numbers, as ``fabgen validate --simulate`` and a kit's
    ``supply = "simulate"`` count them (:func:`fabgen.board.supply.simulated_supply`):
    the report gave only peaks, and which of mean, percentile and max to make was left
    to the reader."""
    stones = max(with_margin(p["p95"]) for p in report["stones_peak"])
    peaks, fields, tiles = report["markers_peak"], report["fields"], report["tiles"]
    made = simulated_markers(peaks, fields, tiles)
    room = f" ({ROOM_NOTE})" if markers_capped(peaks, fields, tiles) else ""
    return (
        f"pieces for such games: {stones} stones of each colour, {made['growing']} growing and "
        f"{dead_markers_phrase(made['dead_tiles_lifted'], made['dead'])}: "
        f"the 95th percentiles plus {SIMULATED_MARGIN:.0%}{room}, as fabgen validate "
        "--simulate counts"
    )


#: The longest seat name the text table shows whole, in terminal columns (a name may
#: have 200 characters).
NAME_WIDTH = 24


def _seat_table(seats: list[dict]) -> list[str]:
    """The header and a line per seat, in columns as wide as the names and the wins
    need: a name longer than the old 10 characters shifted its line's columns, and
    fractional or large wins (66.3333, 1e+06) those of the wins."""
    names = [_seat_name(s) for s in seats]
    w = max([10, *map(columns, names)])  # terminal columns: 北京队长 takes 8
    lines = [
        f"seat  {'name':<{w}}  {'kind':<15}  {'played by':<15}  {'wins':>9}  win rate  "
        "  95% interval  mean score  board share"
    ]
    for s, name in zip(seats, names, strict=True):
        lines.append(
            f"{s['seat']:>4}  {padded(name, w)}  {s['kind']:<15}  {s['player']:<15}  "
            f"{_count(s['wins']):>9}  {100 * s['win_rate']:>7.1f}%  "
            f"{_interval(s['ci_low'], s['ci_high']):>14}  "
            f"{s['mean_score']:>10.2f}  {100 * s['board_share']:>10.1f}%"
        )
    return lines


def _start_stacks(seats: list[dict]) -> list[str]:
    """Where each seat's one stack starts, on a board of stack starts: the organiser
    who moved a stack in a copy of the board sees which setup a report is of."""
    if not seats or any(len(s["stacks"]) != 1 for s in seats):
        return []  # start tiles, or several stacks: the board file says
    starts = ", ".join(f"{_seat_name(s)} {next(iter(s['stacks']))}" for s in seats)
    return [f"start stacks: {starts}"]


def _interval(low: float, high: float) -> str:
    """A 95 % interval of a rate as people say one: "14.6 to 40.7%" ("14.6- 40.7%" and
    "1.4%-16.5%" read as minus signs)."""
    return f"{100 * low:.1f} to {100 * high:.1f}%"


def _seat_name(seat: dict) -> str:
    return cut_to_columns(seat["name"] or "-", NAME_WIDTH)


def _count(x: float) -> str:
    """Wins as people write them: 3, 66.33, 1000000."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _metric_lines(m: dict, seats: list[dict]) -> list[str]:
    """The metrics, each with what it says of these games: "decisiveness 0.076" alone
    left a club to guess what it measured and whether it was good."""

    def rate(r: dict, what: str) -> str:
        if r["rate"] is None:
            return "-"
        return (
            f"{100 * r['rate']:.1f}% {what} (95% interval {_interval(r['ci_low'], r['ci_high'])})"
        )

    fsa = m["first_seat_advantage"]
    turns, rounds = m["duration"]["turns"], m["duration"]["rounds"]
    bal = "-" if m["balance"] is None else f"{m['balance']:.3f}{_balance_reading(seats)}"
    return [
        "",
        "metrics (see fabgen balance --help):",
        f"  balance               {bal}",
        f"  drawishness           {rate(m['drawishness'], SHARED)}",
        f"  all_zero              {rate(m['all_zero'], ALL_ZERO)}",
        f"  decisiveness          {_decisiveness(m['decisiveness'])}",
        f"  duration              {turns['mean']:.1f} turns on average (95% of games within "
        f"{turns['p95']}), {rounds['mean']:.1f} rounds (within {rounds['p95']})",
        f"  first_seat_advantage  {_first_seat(fsa, seats)}",
    ]


#: What the drawishness and all_zero rates count, in the text report.
SHARED = "of finished games shared first place"
ALL_ZERO = "of finished games ended 0 for every seat"


def _decisiveness(value: float | None) -> str:
    """The figure and how long, on average, the winner led for good."""
    if value is None:
        return "-"
    # (0.004 read "over the last 0% of a game", 0.996 "100%", which 1 alone is)
    share = f"{100 * value:.0f}"
    if value > 0 and share == "0":
        share = "less than 1"
    elif value < 1 and share == "100":
        share = "more than 99"
    return (
        f"{value:.3f} (on average the winner led for good over the last {share}% "
        "of a game; 1 = from the first turn, a shared first place counts 0)"
    )


def _first_seat(fsa: dict, seats: list[dict]) -> str:
    """Seat 1's win rate against its fair share, in percentage points."""
    if fsa["value"] is None:
        return "-"
    fair = 100 / len(seats)
    return (
        f"{100 * fsa['value']:+.1f} percentage points (seat 1 won "
        f"{100 * seats[0]['win_rate']:.1f}% against a fair {fair:.1f}%; 95% interval "
        f"{100 * fsa['ci_low']:+.1f} to {100 * fsa['ci_high']:+.1f} points)"
    )


def _people_only(seats: list[dict]) -> list[str]:
    """On a board with machine seats, the people compared among themselves: the even
    share, the test and the metrics count a machine as a seat, so on
    4p-hexagon-19-machines a machine that seldom wins made the seats "differ" and was
    named the least seat, and a solo board "favoured" its one person."""
    alone = PeopleAlone.of(seats, [s["seat"] for s in seats if s["kind"] != "player"])
    if alone is None:
        return []
    machines, people = alone.machines, alone.people
    seat = "a seat" if len(machines) == 1 else "seats"
    counted = f"counted as {seat} by the even share, the test and the metrics"
    if len(people) == 1:
        (p,) = people
        return [
            f"one person against the machines ({seat_list(machines)}, {counted}): seat "
            f"{p['seat']}, the person, won {100 * p['win_rate']:.1f}% of the games "
            f"(95% interval {_interval(p['ci_low'], p['ci_high'])})"
        ]
    best, worst = alone.best, alone.worst
    if alone.alike:
        spread = f"every person's seat won {100 * best['win_rate']:.1f}%"
    else:
        spread = (
            f"{_seats_at(people, best)} won most, {100 * best['win_rate']:.1f}%, "
            f"{_seats_at(people, worst)} least, {100 * worst['win_rate']:.1f}%, "
            f"{100 * (best['win_rate'] - worst['win_rate']):.1f} points apart"
        )
    return [
        f"the people alone ({machines_are(machines)}, {counted}): {spread}; an even share of the "
        f"people's {100 * alone.share:.1f}% of the wins is {100 * alone.share / len(people):.1f}%"
        " a seat"
    ]


def _balance_reading(seats: list[dict]) -> str:
    """What the balance figure is made of: "balance 0.650" alone left a club to guess
    whether it was good."""
    if len(seats) < 2:
        return ""
    best = max(seats, key=lambda s: (s["win_rate"], -s["seat"]))
    worst = min(seats, key=lambda s: (s["win_rate"], s["seat"]))
    gap = 100 * (best["win_rate"] - worst["win_rate"])
    if best["win_rate"] == worst["win_rate"]:  # "seat 1 won most, 50.0%, seat 1 least"
        return f" (1 = even; every seat won {100 * best['win_rate']:.1f}%)"
    return (
        f" (1 = even; {_seats_at(seats, best)} won most, {100 * best['win_rate']:.1f}%, "
        f"{_seats_at(seats, worst)} least, {100 * worst['win_rate']:.1f}%: {gap:.1f} points "
        "apart)"
    )


def _seats_at(seats: list[dict], row: dict) -> str:
    """``row``'s seat and every seat that won as often ("seat 1 least" of three seats
    that won nothing read as the one worst seat)."""
    return seat_list(s["seat"] for s in seats if s["win_rate"] == row["win_rate"])


def simulate(
    board: Board,
    games: int,
    players: Sequence[str] = (DEFAULT_PLAYER,),
    *,
    variant: str = "online",
    seed: int = 0,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict:
    """A balance report of ``games`` self-played games under the rules of ``variant``,
    the other settings their defaults (used by ``fabgen validate --simulate`` and by
    kits with ``supply = "simulate"``); ``progress(n)`` hears of every ``n`` games
    played."""
    options = BalanceOptions(games=games, players=tuple(players), variant=variant, seed=seed)
    run = run_balance(board, options, jobs=jobs, scheduler=scheduler, progress=progress)
    return balance_report(run)
