"""``fabgen balance``: reproducible reports whatever runs the games, saved games that
replay, symmetric boards, bad input."""

import json
import math
import os
import re
import socket
from xml.etree import ElementTree

import pytest

from fabgen.board import board_to_toml, load_preset
from fabgen.play.balance import BalanceOptions, balance_report, report_text, run_balance

SVG = "{http://www.w3.org/2000/svg}"
BROKEN = "tests/board/broken"


def balance_json(cli, tmp_path, *args):
    out = tmp_path / "out"
    result = cli("balance", "--format", "json", "--out", out, *args)
    assert result.exit_code == 0, result.output
    return result.stdout, out


def test_same_seed_same_json_with_one_job_two_jobs_and_a_dask_cluster(cli, tmp_path):
    distributed = pytest.importorskip("distributed")
    args = ("--preset", "3p-triangle-4", "--players", "random", "--games", "30", "--seed", "5")
    one, out1 = balance_json(cli, tmp_path / "a", *args, "--jobs", "1")
    two, out2 = balance_json(cli, tmp_path / "b", *args, "--jobs", "2")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        dask, out3 = balance_json(
            cli, tmp_path / "c", *args, "--scheduler", cluster.scheduler_address
        )
    assert one == two == dask
    report = json.loads(one)
    assert report["games"] == 30 and report["seed"] == 5
    for name in ("3p-triangle-4-win-rates.svg", "3p-triangle-4-territory.svg"):
        assert (
            (out1 / name).read_bytes() == (out2 / name).read_bytes() == (out3 / name).read_bytes()
        )
    # Another seed plays other games.
    other, _ = balance_json(cli, tmp_path / "d", *args[:-1], "6", "--jobs", "1")
    assert other != one


def test_validate_simulate_plays_on_a_dask_cluster_as_balance_does(cli):
    """An organiser with a cluster gave validate --simulate no --scheduler; it takes
    balance's, with its help, and it plays the same games as one local process."""
    distributed = pytest.importorskip("distributed")
    from fabgen.cli.balance_cmd import balance
    from fabgen.cli.boards_cmd import validate

    board = ("--preset", "3p-triangle-4", "--format", "json")
    args = ("validate", *board, "--simulate", "8", "--players", "random", "--seed", "3")
    here = cli(*args, "--jobs", "1")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        there = cli(*args, "--scheduler", cluster.scheduler_address)
        alone = cli("validate", *board, "--scheduler", cluster.scheduler_address)
    assert here.exit_code == there.exit_code == 0, there.output
    assert there.stdout == here.stdout and "seat-balance" in here.stdout
    assert alone.exit_code == 2 and "--scheduler only works with --simulate N" in alone.stderr
    helps = [next(p.help for p in c.params if p.name == "scheduler") for c in (balance, validate)]
    assert helps[1] == f"With --simulate only. {helps[0]}"


def test_report_holds_the_promised_keys_and_consistent_numbers(cli, tmp_path):
    text, out = balance_json(
        cli, tmp_path, "--preset", "3p-triangle-4", "--players", "random", "--games", "40"
    )
    report = json.loads(text)
    assert json.loads((out / "3p-triangle-4-balance.json").read_text()) == report
    assert report["games"] == 40 and report["capped"] + report["finished"] == 40
    seats = report["seats"]
    assert [s["seat"] for s in seats] == [1, 2, 3]
    assert {s["kind"] for s in seats} == {"player"} and {s["player"] for s in seats} == {"random"}
    # A shared first place shares the win: the wins add up to the finished games.
    assert sum(s["wins"] for s in seats) == pytest.approx(report["finished"])
    for s in seats:
        assert s["ci_low"] <= s["win_rate"] <= s["ci_high"]
        assert s["win_rate"] == pytest.approx(s["wins"] / report["finished"], abs=1e-4)
        assert s["board_share"] == pytest.approx(s["mean_score"] / 70, abs=1e-4)
    assert set(report["turns"]) == {"mean", "p95", "max"}
    assert [p["seat"] for p in report["stones_peak"]] == [1, 2, 3]
    for p in report["stones_peak"]:
        assert 7 <= p["mean"] <= p["max"] and p["p95"] <= p["max"]
    assert set(report["markers_peak"]) == {"growing", "dead", "dead_tiles_lifted"}
    lifted, dead = report["markers_peak"]["dead_tiles_lifted"], report["markers_peak"]["dead"]
    assert all(lifted[k] <= dead[k] for k in ("mean", "p95", "max"))
    assert report["test"]["name"].startswith("chi-square")


def test_territory_adds_up_to_the_mean_scores():
    """Each finished game's territory is the fields its scores count: summed over the
    board and divided by the games, it is each seat's mean score."""
    run = run_balance(load_preset("3p-triangle-4"), BalanceOptions(30, ("random",), "blog"))
    report = balance_report(run)
    for k, seat in enumerate(report["seats"]):
        assert sum(run.territory[k]) / report["finished"] == pytest.approx(
            seat["mean_score"], abs=1e-4
        )


def test_pictures_show_one_bar_per_seat_and_every_field(cli, tmp_path):
    _, out = balance_json(
        cli, tmp_path, "--preset", "3p-triangle-4", "--players", "random", "--games", "20"
    )
    bars = ElementTree.parse(out / "3p-triangle-4-win-rates.svg").getroot()
    texts = [t.text for t in bars.iter(f"{SVG}text")]
    assert [t for t in texts if t and t.startswith("seat ")] == ["seat 1", "seat 2", "seat 3"]
    board = ElementTree.parse(out / "3p-triangle-4-territory.svg").getroot()
    hexagons = [p for p in board.iter(f"{SVG}path") if p.get("d", "").count("L") == 5]
    assert len(hexagons) == 70  # one cell per field of the 10-tile triangle


@pytest.mark.parametrize(
    ("value", "said"),
    [(0.004, "0.004 (on average the winner led for good over the last less than 1% "),
     (0.005, "0.005 (on average the winner led for good over the last less than 1% "),
     (0.0, "0.000 (on average the winner led for good over the last 0% "),
     (0.006, "0.006 (on average the winner led for good over the last 1% "),
     (0.996, "0.996 (on average the winner led for good over the last more than 99% "),
     (1.0, "1.000 (on average the winner led for good over the last 100% ")],
)  # fmt: skip
def test_decisiveness_under_half_a_percent_is_not_called_0_percent(value, said):
    # (2 random games on a hand-made board: "0.005 (... over the last 0% of a game")
    from fabgen.play.balance import _decisiveness

    assert _decisiveness(value).startswith(said)


def test_a_run_where_no_game_finished_says_what_to_do(cli, tmp_path):
    # (machines in every seat never move: "no game finished: there is nothing to score")
    result = cli("balance", "--preset", "3p-triangle-4", "--players", "machine", "--games", "1",
                 "--max-turns", "30", "--out", tmp_path / "out")  # fmt: skip
    assert result.exit_code == 0, result.output
    (line,) = [s for s in result.stdout.splitlines() if s.startswith("warning: no game finished")]
    assert line.endswith(
        "give --players that play a game to its end (strong, greedy or random), or a larger "
        "--max-turns"
    )
    # the picture says of the test what the text says (it gave "p = 1.0000")
    svg = ElementTree.parse(tmp_path / "out/3p-triangle-4-win-rates.svg").getroot()
    texts = [t.text or "" for t in svg.iter(f"{SVG}text")]
    assert "chi-square test of equal wins: not made, no game finished" in texts
    assert "of the wins against equal shares: not made, no game finished" in result.stdout


def test_games_of_players_that_end_them_cut_off_by_max_turns_point_at_max_turns(cli, tmp_path):
    # (random players and --max-turns 1: "give --players that play a game to its end
    # (strong, greedy or random)", though random was given)
    result = cli("balance", "--preset", "3p-triangle-4", "--players", "random", "--games", "1",
                 "--max-turns", "1", "--out", tmp_path / "out")  # fmt: skip
    assert result.exit_code == 0, result.output
    warnings = [s for s in result.stdout.splitlines() if s.startswith("warning: ")]
    assert warnings == [
        "warning: 1 of 1 games reached the cap of 1 turns and are not scored: raise "
        "--max-turns (the default is 1000)",
        "warning: no game finished within the cap of 1 turns: there is nothing to score; "
        "raise --max-turns (the default is 1000)",
    ]


def test_one_game_is_counted_as_one_game_in_the_report_and_the_pictures(cli, tmp_path):
    # (the header read "1 games", the pictures "1 finished games")
    out = tmp_path / "out"
    result = cli("balance", "--preset", "3p-triangle-4", "--players", "random", "--games", "1",
                 "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("board 3p-triangle-4: 1 game (1 finished, 0 capped)")
    for name in ("win-rates", "territory"):
        svg = ElementTree.parse(out / f"3p-triangle-4-{name}.svg").getroot()
        texts = " ".join(t.text or "" for t in svg.iter(f"{SVG}text"))
        assert "1 finished game" in texts and "1 finished games" not in texts


LONG_NAMES = """
[board]
name = "long-names"
tiles = [[0, 0], [1, 0], [0, 1], [1, -1]]

[[players]]
name = "Rosa the Ruthless of the Northern Isles"
colour = "red"
start = [0, 1]

[[players]]
name = "Bärbel"
colour = "blue"
start = [1, -1]
"""


def test_long_seat_names_keep_the_table_in_columns_and_the_bars_apart(cli, tmp_path):
    from fabgen.draw.board_parts import text_width

    board = tmp_path / "long-names.toml"
    board.write_text(LONG_NAMES, encoding="utf-8")
    out = tmp_path / "out"
    result = cli("balance", board, "--players", "random", "--games", "4", "--out", out)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("seat  name"))
    table = lines[header : header + 3]
    rows = table[1:]
    assert {row.index("random") for row in rows} == {table[0].index("played by")}
    assert {len(row) for row in rows} == {len(table[0])}  # every column ends in line
    assert "Rosa the Ruthless of ..." in rows[0]
    svg = ElementTree.parse(out / "long-names-win-rates.svg").getroot()
    labels = [t for t in svg.iter(f"{SVG}text") if t.text.startswith(("Rosa", "Bärbel"))]
    (a, b) = sorted(labels, key=lambda t: float(t.get("x")))
    half_widths = (text_width(a.text, 2.6) + text_width(b.text, 2.6)) / 2  # cap height 2.6
    assert float(b.get("x")) - float(a.get("x")) > half_widths


def test_a_name_of_wide_letters_stays_in_the_pictures(cli, tmp_path):
    """A seat named with 60 W's: the pictures gave each letter 0.9 cap heights, where
    Vera's W takes 1.37, so its name (cut to 24 characters) took a third more than its
    slot under the win-rate bars, and the territory picture's legend ran off its right
    edge. Measured with Vera's widths (as the SVG's fonts draw them), both stay in."""
    from fabgen.draw.metrics import text_advance

    board = tmp_path / "wide.toml"
    board.write_text(LONG_NAMES.replace("Rosa the Ruthless of the Northern Isles", "W" * 60))
    out = tmp_path / "out"
    result = cli("balance", board, "--players", "random", "--games", "2", "--out", out)
    assert result.exit_code == 0, result.output
    svg = ElementTree.parse(out / "long-names-win-rates.svg").getroot()
    labels = [t for t in svg.iter(f"{SVG}text") if t.text.startswith(("WWW", "Bärbel"))]
    (a, b) = sorted(labels, key=lambda t: float(t.get("x")))
    size = float(a.get("font-size"))  # an em; the drawing's cap height is 0.72 of it
    # a seat's slot (the step from bar to bar) holds its name
    assert float(b.get("x")) - float(a.get("x")) > text_advance(a.text, 0.72 * size)
    assert float(a.get("x")) - text_advance(a.text, 0.72 * size) / 2 > 0
    svg = ElementTree.parse(out / "long-names-territory.svg").getroot()
    page = float(svg.get("viewBox").split()[2])
    (legend,) = [t for t in svg.iter(f"{SVG}text") if "WWW" in t.text]
    size = float(legend.get("font-size"))
    assert legend.get("text-anchor", "start") == "start"
    assert float(legend.get("x")) + text_advance(legend.text, 0.72 * size) < page


def test_saved_games_replay_to_the_reported_scores(cli, tmp_path):
    """Every game saved: replaying them with fabgen rules replay gives the report's
    mean scores and wins."""
    text, out = balance_json(
        cli,
        tmp_path,
        *("--preset", "3p-triangle-4", "--players", "random", "--games", "8"),
        *("--save-games", "8", "--variant", "blog"),
    )
    report = json.loads(text)
    games = sorted(out.glob("3p-triangle-4-game-*.json"))
    assert len(games) == 8
    # Each file says its variant, so the replay judges it by the same rules unasked.
    assert all(json.loads(g.read_text())["variant"] == "blog" for g in games)
    result = cli("rules", "replay", "--format", "json", *games)
    assert result.exit_code == 0, result.output
    finals = [json.loads(line) for line in result.stdout.splitlines()]
    assert all(f["game_over"] and f["variant"] == "blog" for f in finals)
    totals = [sum(f["scores"][k] for f in finals) for k in range(3)]
    for k, seat in enumerate(report["seats"]):
        assert seat["mean_score"] == pytest.approx(totals[k] / 8, abs=1e-4)
    # The text replay names the ranking; first places give the wins.
    wins = [0.0, 0.0, 0.0]
    for game in games:
        shown = cli("rules", "replay", game).stdout
        ranking = shown.split("final ranking: ")[1].splitlines()[0]
        # "1. seat 1 (Red): 5, seat 3 (Green): 5 (tied); 3. seat 2 (Blue): 2":
        # the first place is the group before the first "; ", seats counted from 1.
        first_place = ranking.split("; ")[0]
        assert first_place.startswith("1. ")
        firsts = [int(k) - 1 for k in re.findall(r"seat (\d)", first_place)]
        for k in firsts:
            wins[k] += 1 / len(firsts)
    assert [s["wins"] for s in report["seats"]] == pytest.approx(wins, abs=1e-3)


SYMMETRIC_GAMES = 300


def test_no_seat_differs_on_a_board_that_rotation_maps_seat_to_seat():
    """6p-hexagon-19: a sixth of a turn carries every seat's start onto the next, so
    only the turn order tells seats apart. Over 300 random games (about 255 finish;
    the test, 5 degrees of freedom, would then find a seat that wins 1.6 times its
    share in more than 9 of 10 runs) no seat differs at the 5 % level. The blog
    variant breaks ties by stones on the board, which is as symmetric as the board;
    the online variant's reverse-turn-order tie-break would hand the many all-zero
    games to seat 6."""
    board = load_preset("6p-hexagon-19")
    options = BalanceOptions(SYMMETRIC_GAMES, ("random",), "blog", seed=1, max_turns=1000)
    report = balance_report(run_balance(board, options, jobs=2))
    assert report["finished"] >= 0.8 * SYMMETRIC_GAMES
    assert not report["test"]["seats_differ"], report["seats"]
    assert report["test"]["p_value"] > 0.05


def test_the_test_finds_a_real_difference():
    """The same test flags a board whose tie-break favours one seat: on the 10-tile
    triangle most random games end 0:0:0 and the online-2013 variant gives ties to the
    last seat."""
    board = load_preset("3p-triangle-4")
    options = BalanceOptions(100, ("random",), "online-2013", seed=1)
    report = balance_report(run_balance(board, options))
    assert report["test"]["seats_differ"] and report["favoured"]["seat"] == 3
    assert report["favoured"]["ci_low"] > 1 / 3
    assert any("every score 0" in w for w in report["warnings"])
    assert "\nfavoured: seat 3, wins" in report_text(report)


def test_the_seat_with_most_wins_is_not_called_favoured_when_the_test_sees_nothing():
    """Under 'no significant difference' the seat ahead is named as within chance (the
    text said 'favoured: seat 2' there, as if it were a finding)."""
    board = load_preset("3p-triangle-4")
    report = balance_report(run_balance(board, BalanceOptions(30, ("random",), seed=1)))
    assert not report["test"]["seats_differ"]
    text = report_text(report)
    assert f"most wins, within chance: seat {report['favoured']['seat']}, wins" in text
    assert "favoured" not in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--preset", "3p-triangle-4", "--games", "0"),
            "--games 0 is outside the allowed range; allowed: 1 to",
        ),
        (
            ("--preset", "3p-triangle-4", "--players", "expert"),
            "--players 'expert' is not a player",
        ),
        (("--preset", "3p-triangle-4", "--players", "random,random"), "one per seat"),
        (
            ("--preset", "3p-triangle-4", "--max-turns", "0"),
            "--max-turns 0 is outside the allowed range; allowed: 1 to",
        ),
        ((f"{BROKEN}/overlapping-tiles.toml", "--players", "random"), "Fix them first"),
        (("--preset", "nope"), "unknown preset"),
        ((), "give a board FILE"),
    ],
)
def test_bad_input_is_refused_with_exit_2_and_no_files(cli, tmp_path, args, message):
    out = tmp_path / "out"
    result = cli("balance", "--out", out, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


@pytest.mark.parametrize("command", ["balance", "layout"])
def test_a_board_with_an_error_is_refused_with_the_error(cli, tmp_path, command):
    """Two seats on one start tile were refused with "the board has 1 error
    (field-shared): fix it first; fabgen validate shows what and where": the refusal
    quotes the error as fabgen validate prints it."""
    text = board_to_toml(load_preset("3p-triangle-4"))
    assert text.count("start = [-1, 2]") == 1
    path = tmp_path / "shared.toml"
    path.write_text(text.replace("start = [-1, 2]", "start = [-1, -1]"))
    (error,) = [s for s in cli("validate", path).stdout.splitlines() if s.startswith("error ")]
    assert error.startswith("error [field-shared] seat 2")
    result = cli(command, path, "--out", tmp_path / "out")
    assert result.exit_code == 2 and result.stdout == "" and not (tmp_path / "out").exists()
    said = " ".join(result.stderr.split())
    assert f"shared.toml: the board has 1 error: {error.removeprefix('error ')}. Fix it " in said


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_validate_simulate_says_it_played_nothing_on_a_board_with_errors(cli, output_format):
    # (the findings came with the 20%-rule supply and no word that no game was played)
    path = f"{BROKEN}/overlapping-tiles.toml"
    result = cli("validate", path, "--simulate", "5", "--format", output_format)
    assert result.exit_code == 1
    assert "--simulate 5 played no game: a board with errors cannot be played" in result.stderr
    if output_format == "json":
        assert json.loads(result.stdout)["summary"]["errors"] == 3
    else:
        assert "simulated" not in result.stdout


@pytest.mark.parametrize(
    "address", ["abc", "", "1e308", "tcp://", "tcp://10.0.0.5", "tcp://:8786", "ucx://h:1"]
)
def test_a_scheduler_address_dask_cannot_read_is_a_clear_error(cli, tmp_path, monkeypatch, address):
    """Refused before a Dask client (and its event loop thread) is started."""
    result = _refused_scheduler(cli, tmp_path, monkeypatch, address)
    assert "is not an address of a Dask scheduler" in result.stderr
    assert "Traceback" not in result.output


def _refused_scheduler(cli, tmp_path, monkeypatch, address: str):
    """``balance --scheduler address`` where starting a Dask client fails the test: the
    result, checked to be exit code 2 with no files."""
    distributed = pytest.importorskip("distributed")

    def no_client(*args, **kwargs):
        raise AssertionError(f"a Dask client was started for {address!r}")

    monkeypatch.setattr(distributed, "Client", no_client)
    out = tmp_path / "out"
    result = cli(
        "balance", "--out", out, "--preset", "2p-diamond-4", "--games", "1", "--scheduler", address
    )
    assert result.exit_code == 2, result.output
    assert not out.exists()
    return result


def _loopback(host: str) -> bool:
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, 0))
    except OSError:
        return False
    return True


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_a_scheduler_where_nothing_listens_is_refused_at_once(cli, tmp_path, monkeypatch, host):
    """A refused connection is the answer: Dask's connect, which tries again until its
    time limit (10 s, then "Timed out trying to connect"), is never started. (A port
    bound by the test and not listening: nothing can listen there.)"""
    if not _loopback(host):
        pytest.skip(f"no {host} here")
    import distributed.comm

    def no_connect(*args, **kwargs):
        raise AssertionError("Dask's connect was started, which retries a refusal for 10 s")

    monkeypatch.setattr(distributed.comm, "connect", no_connect)
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as held:
        held.bind((host, 0))
        port = held.getsockname()[1]
        address = f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"
        result = _refused_scheduler(cli, tmp_path, monkeypatch, address)
    assert f"--scheduler {address} cannot be reached (nothing listens on port {port} there)" in (
        result.stderr
    )
    assert "dask scheduler" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("x" * 5000, "missing port number in address 'xxxxxxxxxxx... (5002 characters)"),
        (f"tcp://{'x' * 300}:8786", "at most 253 characters, 1 to 63 between two dots"),
        (f"tcp://{'a.' * 200}b:1", "at most 253 characters"),
        ("tcp://a..b:1", "at most 253 characters, 1 to 63 between two dots"),
    ],
    ids=["5000 characters", "a long part", "a long name", "an empty part"],
)
def test_a_long_scheduler_address_is_quoted_briefly(cli, tmp_path, monkeypatch, address, says):
    """A host name no name service takes is refused before anything connects (a part
    of 300 characters was "not a Dask scheduler (an answer Dask cannot read:
    UnicodeError)", one of 409 waited 10 s), and no message repeats the address whole
    (5,000 characters were said twice)."""
    from fabgen.errors import abridged

    result = _refused_scheduler(cli, tmp_path, monkeypatch, address)
    assert f"--scheduler {abridged(address, 80, quoted=True)} is not" in result.stderr
    assert "is not an address of a Dask scheduler" in result.stderr
    assert says in result.stderr
    assert len(result.stderr) < 400, result.stderr


@pytest.mark.parametrize("address", ["inproc://", "inproc://x", "inproc://127.0.0.1/999/1"])
def test_an_inproc_address_without_its_cluster_is_a_clear_error(cli, tmp_path, address):
    """An inproc:// address names a cluster in the same program: from the command line
    there is none (Dask's client raised ValueError: a traceback)."""
    pytest.importorskip("distributed")
    out = tmp_path / "out"
    result = cli(
        "balance", "--out", out, "--preset", "2p-diamond-4", "--games", "1", "--scheduler", address
    )
    assert result.exit_code == 2, result.output
    assert f"--scheduler {address!r} names no Dask cluster" in result.stderr
    assert "tcp://HOST:PORT" in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_strong_is_the_default_player_and_the_report_has_the_metrics(cli, tmp_path):
    text, _ = balance_json(cli, tmp_path, "--preset", "3p-triangle-4", "--games", "2")
    report = json.loads(text)
    assert {s["player"] for s in report["seats"]} == {"strong"}
    assert set(report["metrics"]) == {
        "balance",
        "drawishness",
        "all_zero",
        "decisiveness",
        "duration",
        "first_seat_advantage",
    }


def test_the_metrics_follow_from_the_games():
    """Each metric recomputed from the game records by its definition."""
    board = load_preset("3p-triangle-4")
    options = BalanceOptions(games=24, players=("random",), seed=2)
    run = run_balance(board, options)
    report = balance_report(run)
    m, seats = report["metrics"], report["seats"]
    finished = [r for r in run.records if not r.capped]
    rates = [s["win_rate"] for s in seats]
    assert m["balance"] == pytest.approx(1 - (max(rates) - min(rates)), abs=1e-4)
    shared = sum(1 for r in finished if len(r.winners) > 1)
    assert m["drawishness"]["count"] == shared
    assert m["drawishness"]["ci_low"] <= m["drawishness"]["rate"] <= m["drawishness"]["ci_high"]
    assert m["all_zero"]["count"] == report["all_zero"]
    assert m["first_seat_advantage"]["value"] == pytest.approx(rates[0] - 1 / 3, abs=1e-4)
    assert 0 <= m["decisiveness"] <= 1
    turns = [r.turns for r in run.records]
    assert m["duration"]["turns"]["mean"] == pytest.approx(sum(turns) / len(turns), abs=0.01)
    assert m["duration"]["rounds"]["max"] == max(-(-t // 3) for t in turns)


def test_the_all_zero_warning_suggests_strong_to_weaker_players():
    """Strong players are told what the numbers still mean, not to try strong."""
    from fabgen.play.balance import _warnings

    def report(player: str, variant: str = "online-2013") -> dict:
        seats = [{"player": player}, {"player": player}]
        return {
            "finished": 10,
            "capped": 0,
            "all_zero": 9,
            "seats": seats,
            "games": 10,
            "variant": variant,
        }

    (random_warning,) = _warnings(report("random"))
    (greedy_warning,) = _warnings(report("greedy"))
    (strong_warning,) = _warnings(report("strong:2000"))
    assert "try --players strong" in random_warning
    assert "try --players strong" in greedy_warning
    assert "try --players strong" not in strong_warning
    assert "tie-break" in strong_warning


@pytest.mark.parametrize("variant", ["online", "1995"])
@pytest.mark.parametrize("player", ["random", "strong"])
def test_the_all_zero_warning_calls_0_0_a_draw_where_ties_are_shared(variant, player):
    """The default rules share a tied first place: no tie-break decided those games."""
    from fabgen.play.balance import _warnings

    seats = [{"player": player}, {"player": player}]
    report = {"finished": 10, "capped": 0, "all_zero": 9, "seats": seats, "games": 10}
    (warning,) = _warnings({**report, "variant": variant})
    assert "every seat shared the first place of those (a draw)" in warning
    assert "tie-break" not in warning


def test_the_text_says_when_strong_searched_deeper(cli, tmp_path):
    """With two seats and no machine the default strong player evaluates ten times
    the positions; its name does not say so, the report does."""
    from fabgen.play.strong import TWO_SEAT_BUDGET

    def text(*args):
        # (a game cut at 8 turns: the note is about the players, not the games)
        result = cli(
            "balance", "--games", "1", "--jobs", "1", "--max-turns", "8",
            "--out", tmp_path / "out", *args,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        return result.stdout

    note = f"strong: {TWO_SEAT_BUDGET} positions a turn"
    assert note in text("--preset", "2p-diamond-4")
    assert note not in text("--preset", "2p-diamond-4", "--players", "strong:300")
    assert note not in text("--preset", "3p-triangle-4")
    assert note not in text("--preset", "1p-triangle-5-machine")


def test_the_text_says_percentage_points_and_the_jobs_asked_for(cli, tmp_path):
    """Seat 1's advantage is a difference of rates ("-0.2 points" read as game points),
    and a run of 2 games with --jobs 8 did not run on 8 jobs: it says --jobs 8 and the
    processes that played."""
    result = cli(
        "balance", "--preset", "2p-diamond-4", "--players", "random", "--games", "2",
        "--jobs", "8", "--out", tmp_path / "out",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    line = next(s for s in result.stdout.splitlines() if "first_seat_advantage" in s)
    assert re.search(r"first_seat_advantage  [+-]\d+\.\d percentage points \(seat 1 ", line)
    assert re.search(
        r"played 2 games \(\d+ turns\) in [\d.]+ s with --jobs 8 \(2 processes: one per game\): ",
        result.stderr,
    )


@pytest.mark.parametrize(
    ("args", "pools", "says"),
    [
        (("--games", "1", "--jobs", "8"), [], "(1 process: one per game)"),
        (("--games", "30", "--jobs", "256"), [2], "with --jobs 256 (2 processes: one per core)"),
        (("--games", "30", "--jobs", "2"), [2], "with --jobs 2: "),
    ],
)
def test_a_run_starts_no_more_processes_than_cores_and_games(
    cli, tmp_path, monkeypatch, args, pools, says
):
    """--games 1 --jobs 8 started 8 processes for one game, and --jobs 256 on 2 cores 256
    processes, each with its memory and files ("Too many open files" under a limit of
    256), at a fifth of the speed."""
    from concurrent.futures import ProcessPoolExecutor

    from fabgen.play import parallel

    made: list[int] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, max_workers, **kwargs):
            made.append(max_workers)
            super().__init__(max_workers, **kwargs)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", Counted)
    monkeypatch.setattr(parallel, "default_jobs", lambda: 2)  # two cores here
    out = tmp_path / "out"
    result = cli("balance", "--preset", "3p-triangle-4", "--players", "random", "--out", out, *args)
    assert result.exit_code == 0, result.output
    assert made == pools
    assert says in result.stderr
    games = int(args[1])
    assert f"played {games} {'game' if games == 1 else 'games'} (" in result.stderr
    report = json.loads((out / "3p-triangle-4-balance.json").read_text())
    assert report["games"] == games


def test_a_folder_that_fails_when_written_prints_no_report(tmp_path):
    """A full disk (here: a file size limit, which fails the same write with "File too
    large"): the error alone, exit 2, no files. The whole report was printed on stdout
    before the error."""
    resource = pytest.importorskip("resource")
    import signal
    import subprocess
    import sys

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # (else it kills the writer)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    out = tmp_path / "out"
    command = [sys.executable, "-m", "fabgen", "balance", "--preset", "3p-triangle-4"]
    command += ["--players", "random", "--games", "10", "--out", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, preexec_fn=small_files)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert f"cannot write into {out}: File too large" in result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert not out.exists()


def test_a_second_run_into_the_folder_removes_the_first_runs_extra_games(cli, tmp_path):
    """Run again with fewer --save-games: the earlier run's games beyond them go (they
    would be read as games of this run), a game file somebody changed stays."""
    board = ("--preset", "3p-triangle-4", "--players", "random", "--games", "6")
    _, out = balance_json(cli, tmp_path, *board, "--save-games", "5")
    changed = out / "3p-triangle-4-game-00005.json"
    changed.write_text(changed.read_text() + "\n")  # edited by hand: not ours to delete
    result = cli("balance", "--out", out, *board, "--save-games", "2", "--seed", "7")
    assert result.exit_code == 0, result.output
    games = sorted(p.name for p in out.glob("3p-triangle-4-game-*.json"))
    assert games == [f"3p-triangle-4-game-0000{k}.json" for k in (1, 2, 5)]
    for k in (3, 4):
        assert f"removed {out / f'3p-triangle-4-game-0000{k}.json'}" in result.output
    listed = json.loads((out / "3p-triangle-4-balance-files.json").read_text())
    names = {entry["path"] for entry in listed["files"]}
    assert names == {p.name for p in out.iterdir()} - {
        changed.name,
        "3p-triangle-4-balance-files.json",
    }


@pytest.fixture(scope="module")
def few_games():
    """A report of a few random games on the triangle, and its board."""
    board = load_preset("3p-triangle-4")
    return board, balance_report(run_balance(board, BalanceOptions(6, ("random",), seed=3)))


def test_no_difference_found_in_few_games_says_what_chance_allows(few_games):
    """Ten strong games on a five-seat board said "no significant difference" with
    seats at 0 and 30 %, and read as fair: the text now says how far chance alone
    moves an even seat at that many games, and how many games narrow it."""
    from fabgen.play.balance import MARGIN, report_text
    from fabgen.play.stats import games_for_margin, wilson_interval

    _, report = few_games
    report = {**report, "test": {**report["test"], "seats_differ": False}}
    n = report["finished"]
    low, high = wilson_interval(n / 3, n)
    lines = report_text(report).splitlines()
    verdict = next(k for k, line in enumerate(lines) if line.startswith("chi-square"))
    note = lines[verdict + 1]
    assert f"with {n} finished games, an even seat's win rate (33.3%)" in note
    assert f"anywhere in {100 * low:.1f} to {100 * high:.1f}% by chance" in note
    assert "not proof of fairness" in note
    assert f"about {games_for_margin(1 / 3, MARGIN)} games tell" in note
    # Where the seats differ, the test has spoken: no such line.
    differ = {**report, "test": {**report["test"], "seats_differ": True}}
    assert "not proof of fairness" not in report_text(differ)


def test_the_text_gives_the_pieces_to_make_as_validate_simulate_counts_them(few_games):
    from fabgen.board.supply import simulated_supply
    from fabgen.play.balance import report_text

    board, report = few_games
    supply = simulated_supply(board, report)
    (line,) = [s for s in report_text(report).splitlines() if s.startswith("pieces ")]
    assert line.startswith(
        f"pieces for such games: {supply.stones_per_player} stones of each colour, "
        f"{supply.growing_markers} growing and {supply.dead_markers} dead markers"
    )


def test_every_interval_is_said_as_one_and_every_metric_says_what_it_counts(few_games):
    """The table's "14.6- 40.7%" and the metrics' "1.4%-16.5%" read as minus signs,
    and "decisiveness 0.076" or "drawishness 5.0%" said nothing of what they counted."""
    from fabgen.play.balance import report_text

    _, report = few_games
    lines = report_text(report).splitlines()

    def interval(r: dict) -> str:
        return f"(95% interval {100 * r['ci_low']:.1f} to {100 * r['ci_high']:.1f}%)"

    for seat in report["seats"]:
        (row,) = [s for s in lines if s.startswith(f"{seat['seat']:>4}  ")]
        assert f"  {100 * seat['ci_low']:.1f} to {100 * seat['ci_high']:.1f}%  " in row, row
    metric = {s.split()[0]: s for s in lines[lines.index("metrics (see fabgen balance --help):") :]}
    m = report["metrics"]
    drawn, zero = m["drawishness"], m["all_zero"]
    assert metric["drawishness"].endswith(
        f"{100 * drawn['rate']:.1f}% of finished games shared first place {interval(drawn)}"
    )
    assert metric["all_zero"].endswith(
        f"{100 * zero['rate']:.1f}% of finished games ended 0 for every seat {interval(zero)}"
    )
    assert (
        f"{m['decisiveness']:.3f} (on average the winner led for good over the last "
        f"{100 * m['decisiveness']:.0f}% of a game" in metric["decisiveness"]
    )
    turns = m["duration"]["turns"]
    assert (
        f"{turns['mean']:.1f} turns on average (95% of games within {turns['p95']})"
        in (metric["duration"])
    )
    red = report["seats"][0]
    assert (
        f"(seat 1 won {100 * red['win_rate']:.1f}% against a fair 33.3%; 95% interval "
        in (metric["first_seat_advantage"])
    )


def _balance_line(few_games, rates: tuple[float, ...], balance: float) -> tuple[dict, str]:
    """The report of ``few_games`` with the seats' win rates and the balance metric set,
    and the text's balance line."""
    from fabgen.play.balance import report_text

    _, report = few_games
    seats = [{**s, "win_rate": r} for s, r in zip(report["seats"], rates, strict=True)]
    report = {**report, "seats": seats, "metrics": {**report["metrics"], "balance": balance}}
    (line,) = [s for s in report_text(report).splitlines() if s.startswith("  balance ")]
    return report, line


def test_the_balance_metric_names_the_seats_it_is_made_of(few_games):
    """ "balance 0.650" alone left a club to guess what it measured."""
    _, line = _balance_line(few_games, (0.25, 0.6, 0.15), 0.55)
    assert line.endswith(
        "0.550 (1 = even; seat 2 won most, 60.0%, seat 3 least, 15.0%: 45.0 points apart)"
    )


def test_seats_that_won_alike_are_not_called_most_and_least(few_games):
    """It said "seat 1 won most, 50.0%, seat 1 least, 50.0%"."""
    _, line = _balance_line(few_games, (1 / 3, 1 / 3, 1 / 3), 1.0)
    assert line.endswith("1.000 (1 = even; every seat won 33.3%)")


def test_seats_tied_for_most_or_least_are_all_named(few_games):
    """It named one seat of those tied ("seat 4 won most, 100.0%, seat 1 least, 0.0%" of
    a game of four seats where seats 1, 2 and 3 all won nothing: a club read seat 1 as
    the worst); here two seats tie for most."""
    from fabgen.play.balance import report_text

    report, line = _balance_line(few_games, (0.1, 0.45, 0.45), 0.65)
    assert line.endswith(
        "0.650 (1 = even; seats 2 and 3 won most, 45.0%, seat 1 least, 10.0%: 35.0 points apart)"
    )
    fav = {**report["favoured"], "seat": 2, "win_rate": 0.45}
    (line,) = [s for s in report_text({**report, "favoured": fav}).splitlines() if "wins 45" in s]
    assert line.split(": ", 1)[1].startswith("seats 2 and 3, each wins 45.0% (95% interval")


def test_no_finished_game_is_no_test_of_the_seats():
    """With every game capped the report said "no significant difference" of no game."""
    from fabgen.play.balance import BalanceOptions, balance_report, report_text, run_balance

    board = load_preset("3p-triangle-4")
    run = run_balance(board, BalanceOptions(games=3, players=("random",), max_turns=1))
    report = balance_report(run)
    assert report["finished"] == 0
    text = report_text(report)
    assert "against equal shares: not made, no game finished" in text
    assert "no significant difference" not in text


def test_a_board_of_stack_starts_whose_seats_differ_is_pointed_to_suggest_starts(few_games):
    from fabgen.cli.balance_cmd import _next_steps

    _, report = few_games
    stacks = load_preset("5p-hexagon-18-stacks")
    differ = {**report, "test": {**report["test"], "seats_differ": True}}
    same = {**report, "test": {**report["test"], "seats_differ": False}}
    (line,) = _next_steps(stacks, "my.toml", differ, None, suggested=False)
    assert "next: " in line and "fabgen balance my.toml --suggest-starts" in line
    assert _next_steps(stacks, "my.toml", same, None, suggested=False) == []
    # Start tiles of 4 or 5 seats: stacks can replace them, and --suggest-starts's
    # refusal says how; with 3 seats it is no use.
    (line,) = _next_steps(load_preset("4p-diamond-5"), "x", differ, None, suggested=False)
    assert "instead of a start tile" in line and "fabgen balance x --suggest-starts" in line
    assert _next_steps(load_preset("3p-triangle-4"), "x", differ, None, suggested=False) == []


def test_a_next_step_plays_the_runs_games():
    """The options that change the games, not at their defaults, follow the board (a
    next step without them played strong players, online); --seed and where the games
    are played do not."""
    from fabgen.cli.balance_cmd import _games_options, _next_steps
    from fabgen.play.balance import BalanceOptions

    assert _games_options(BalanceOptions(40, ("strong",), seed=7)) == ""
    kept = _games_options(BalanceOptions(40, ("greedy", "random"), "1995", 7, 50))
    assert kept == " --players greedy,random --variant 1995 --max-turns 50"
    report = {"games": 40, "seats": [{}] * 4, "test": {"seats_differ": True}}
    (line,) = _next_steps(load_preset("4p-diamond-5-stacks"), "b.toml", report, None, False, kept)
    assert f"fabgen balance b.toml{kept} --suggest-starts --games 40 " in line


@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_help_names_every_file_a_run_writes_each_name_whole(cli, tmp_path, width):
    from click.testing import CliRunner

    from fabgen.cli import main

    # A run of the board, and a suggested-starts run: the names of what they wrote, the
    # board's name as NAME and a game's number as NNNNN, as the help writes them.
    written = set()
    for args in (
        ("--preset", "3p-triangle-4", "--games", "2", "--save-games", "1"),
        ("--preset", "4p-diamond-5-stacks", "--games", "2", "--suggest-starts",
         "--candidates", "1"),
    ):  # fmt: skip
        out = tmp_path / args[1]
        result = cli("balance", *args, "--players", "random", "--jobs", "1", "--out", out)
        assert result.exit_code == 0, result.output
        for path in out.iterdir():
            name = re.sub(r"\d{5}", "NNNNN", path.name.replace(args[1], "NAME"))
            written.add(re.sub(r"^NAME-suggested-.*", "NAME-suggested-*", name))
    runner = CliRunner()
    text = runner.invoke(main, ["balance", "--help"], terminal_width=width).output
    words = set(text.split())
    assert written <= words, sorted(written - words)


def _shape(points) -> list[tuple[float, float]]:
    """Points moved to their centroid and scaled to a mean distance of 1 from it."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    spread = sum(math.hypot(x - cx, y - cy) for x, y in points) / len(points)
    return [((x - cx) / spread, (y - cy) / spread) for x, y in points]


def test_the_territory_picture_shows_the_board_as_the_setup_diagram_does(cli, tmp_path):
    # The territory picture drew the fields unturned, about 19° off the setup diagram
    # (and the designer and play page, which turn the board as it does): the cells'
    # middles, read from the picture, lie on the diagram's field circles.
    import collections

    from tests.board.test_board_validate import FIVE_ARM_STAR

    board = tmp_path / "star-5.toml"
    board.write_text(FIVE_ARM_STAR)
    out = tmp_path / "out"
    played = cli("balance", board, "--players", "random", "--games", "2", "--out", out)
    assert played.exit_code == 0, played.output
    laid = cli("layout", board, "--paper", "a4", "--out", out)
    assert laid.exit_code == 0, laid.output
    svg = ElementTree.parse(out / "star-5-territory.svg").getroot()
    cells = [p.get("d") for p in svg.iter(f"{SVG}path") if p.get("d", "").count("L") == 5]
    middles = []
    for d in cells:
        xy = [tuple(map(float, pair.split(","))) for pair in re.findall(r"[-\d.]+,[-\d.]+", d)]
        middles.append((sum(x for x, _ in xy) / 6, sum(y for _, y in xy) / 6))
    svg = ElementTree.parse(out / "star-5-setup.svg").getroot()
    circles = list(svg.iter(f"{SVG}circle"))
    radius, n = collections.Counter(c.get("r") for c in circles).most_common(1)[0]
    fields = [(float(c.get("cx")), float(c.get("cy"))) for c in circles if c.get("r") == radius]
    assert len(middles) == n == len(fields) == 77
    diagram = _shape(fields)
    for x, y in _shape(middles):
        assert min(math.hypot(x - u, y - v) for u, v in diagram) < 0.02


#: Four seats on the arms of a cross of tiles, one start tile pulled in to the middle.
SKEWED_CROSS = """
[board]
name = "skewed-cross"
origin = "b2"
tiles = [[0, 0], [1, 0], [2, 0], [3, 0], [-1, 0], [-2, 0], [-3, 0], [0, 1], [0, 2], [0, 3],
         [0, -1], [0, -2], [0, -3]]
[[players]]
start = [3, 0]
[[players]]
start = [0, 3]
[[players]]
start = [-1, 0]
[[players]]
start = [0, -3]
"""


def test_seats_that_differ_on_start_tiles_are_pointed_to_stack_starts(cli, tmp_path):
    # The report ended with no next step on a board of 4 or 5 start tiles whose seats
    # differ, though stack starts are the 1995 rules' way to even them out; the step it
    # names now gives the line to write for each seat.
    board = tmp_path / "skewed-cross.toml"
    board.write_text(SKEWED_CROSS)
    args = ("--players", "random", "--games", "300", "--jobs", "1", "--out", tmp_path / "o")
    result = cli("balance", board, *args)
    assert result.exit_code == 0 and "the seats differ (at 0.05)" in result.stdout
    (step,) = [line for line in result.stdout.splitlines() if line.startswith("next: ")]
    assert "instead of a start tile" in step
    command = re.search(r"fabgen (balance .*? --suggest-starts)", step)[1].split()
    assert command == ["balance", str(board), "--players", "random", "--suggest-starts"]
    followed = cli(*command, "--out", tmp_path / "o2")
    assert followed.exit_code == 2
    assert " ".join(followed.stderr.split()).count("in place of start = [") == 4


def test_a_run_stopped_with_ctrl_c_says_what_became_of_its_games(cli, tmp_path, monkeypatch):
    """It said only "Stopped (Ctrl+C).": an organiser who stopped a run of many minutes
    was not told that nothing was kept, nor that the same command plays the games
    again. (Ctrl+C comes in the third game here, as from the terminal.)"""
    from fabgen.play import balance

    real, calls = balance.play_batch, []

    def stopped_in_the_third(*args):
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(balance, "play_batch", stopped_in_the_third)
    out = tmp_path / "out"
    result = cli(
        "balance", "--preset", "3p-triangle-4", "--players", "greedy", "--games", "4",
        "--jobs", "1", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 130, result.output
    assert result.stderr.startswith("balance stopped after 2 of 4 games (")
    assert "nothing was written" in result.stderr and "same --seed" in result.stderr
    assert result.stderr.endswith("Stopped (Ctrl+C).\n")
    assert result.stdout == "" and not out.exists()


@pytest.mark.parametrize(
    ("games", "stopped", "counted"), [(3, 2, "1 of 3 games"), (1, 1, "0 of 1 game")]
)
def test_validate_simulate_stopped_with_ctrl_c_says_what_became_of_its_games(
    cli, monkeypatch, games, stopped, counted
):
    """It said only "Stopped (Ctrl+C).", where balance says how many games were played
    and that the same command plays them again (of one game: "0 of 1 games")."""
    from fabgen.play import balance

    real, calls = balance.play_batch, []

    def stopped_in_batch(*args):
        calls.append(args)
        if len(calls) == stopped:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(balance, "play_batch", stopped_in_batch)
    result = cli("validate", "--preset", "3p-triangle-4", "--simulate", games, "--players",
                 "greedy", "--jobs", "1")  # fmt: skip
    assert result.exit_code == 130, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith(f"validate --simulate stopped after {counted} (")
    assert "no finding was printed" in said and "same --seed" in said
    assert "with a smaller --simulate N for" in said and said.endswith("Stopped (Ctrl+C).")
    assert result.stdout == ""


def test_a_report_says_where_each_seat_starts():
    """Two reports, of a board and of a copy with Red's stack moved a field, could not be
    told apart: the JSON names each seat's stacks as a board file writes them, and the
    text of a board of stack starts lists them under the table."""
    from dataclasses import replace

    from fabgen.geometry.lattice import neighbours
    from fabgen.rules.names import field_name

    board = load_preset("5p-hexagon-18-stacks")
    red = board.seats[0].stacks[0][0]
    taken = {f for s in board.seats for f, _ in s.stacks}
    moved = next(f for f in neighbours(red) if f in board.field_set and f not in taken)
    copy = replace(board, seats=(replace(board.seats[0], stacks=((moved, 6),)), *board.seats[1:]))
    options = BalanceOptions(1, ("greedy",), max_turns=2)
    for played in (board, copy):
        report = balance_report(run_balance(played, options))
        wanted = [{field_name(f): n for f, n in s.stacks} for s in played.seats]
        assert [s["stacks"] for s in report["seats"]] == wanted
        seats = zip(played.seats, wanted, strict=True)
        starts = ", ".join(f"{s.name} {next(iter(w))}" for s, w in seats)
        assert f"\nstart stacks: {starts}\n" in report_text(report)
    assert f"Red {field_name(moved)}," in starts and field_name(moved) != field_name(red)
    # Start tiles: the JSON has the tile's seven stones, the text no such line.
    triangle = load_preset("3p-triangle-4")
    report = balance_report(run_balance(triangle, options))
    assert [len(s["stacks"]) for s in report["seats"]] == [7, 7, 7]
    assert "start stacks" not in report_text(report)


def test_a_folder_where_nothing_can_be_made_is_refused_before_any_game(cli, tmp_path, monkeypatch):
    """As root, /proc/x passes the check that the folder's parent is writable (/proc is,
    to root's permissions) and fails only when the folder is made: the games were played
    and the run failed at its end. Making the folder and a file in it first refuses it
    at once."""
    from fabgen.play import balance

    if not os.path.isdir("/proc/self"):
        pytest.skip("needs Linux's /proc")

    def played(*_args, **_kw):
        raise AssertionError("a game was played before the folder was tried")

    monkeypatch.setattr(balance, "run_balance", played)
    args = ("--preset", "2p-diamond-4", "--players", "random", "--games", "1")
    result = cli("balance", *args, "--out", "/proc/fabgen-out")
    assert result.exit_code == 2
    said = result.stderr.removeprefix("Error: ")
    assert said.startswith("cannot write into /proc/fabgen-out: ")
    assert said.count("\n") == 1 and result.stdout == ""
    # a folder that can be made is made by the run, and the trial leaves nothing in it
    monkeypatch.undo()
    out = tmp_path / "a" / "b"
    assert cli("balance", *args, "--out", out).exit_code == 0
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


def _with_machines(report: dict, rates: tuple[float, ...], machines: set[int]) -> dict:
    seats = [
        {**s, "win_rate": r, "kind": "machine" if s["seat"] in machines else "player"}
        for s, r in zip(report["seats"], rates, strict=True)
    ]
    return {**report, "seats": seats}


def test_a_board_with_machine_seats_compares_the_people_among_themselves(few_games):
    """On 4p-hexagon-19-machines the even share (1/6), the test and the balance metric
    counted the two machines as seats: a machine that seldom won was "least" and made the
    seats "differ", and a solo board "favoured" its one person. A line compares the
    people alone, against an even share of the wins the machines left them."""
    from fabgen.play.balance import report_text

    _, report = few_games
    lines = report_text(_with_machines(report, (0.5, 0.1, 0.4), {2})).splitlines()
    (line,) = [s for s in lines if s.startswith("the people alone")]
    assert line == (
        "the people alone (seat 2 is a machine, counted as a seat by the even share, the "
        "test and the metrics): seat 1 won most, 50.0%, seat 3 least, 40.0%, 10.0 points "
        "apart; an even share of the people's 90.0% of the wins is 45.0% a seat"
    )
    alike = report_text(_with_machines(report, (0.45, 0.1, 0.45), {2}))
    assert (
        "the people alone (seat 2 is a machine, counted as a seat by the even share, the "
        "test and the metrics): every person's seat won 45.0%; an even share" in alike
    )
    solo = _with_machines(report, (0.8, 0.1, 0.1), {2, 3})
    (line,) = [s for s in report_text(solo).splitlines() if s.startswith("one person")]
    red = report["seats"][0]
    assert line == (
        "one person against the machines (seats 2 and 3, counted as seats by the even "
        "share, the test and the metrics): seat 1, the person, won 80.0% of the games "
        f"(95% interval {100 * red['ci_low']:.1f} to {100 * red['ci_high']:.1f}%)"
    )
    # Without machine seats the seats are the people: no such line.
    text = report_text(report)
    assert "the people alone" not in text and "one person" not in text
