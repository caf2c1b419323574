"""fabgen balance --suggest-starts: candidate stack starts for 4 or 5 seats."""

import io
import json
import re
from dataclasses import replace

import pytest

from fabgen.board import board_symmetry, board_to_toml, load_preset, read_board
from fabgen.board.files import preset_names
from fabgen.board.symmetry import reflection, rotation
from fabgen.geometry.lattice import field_xy, hex_distance, neighbours
from fabgen.play.balance import BalanceOptions
from fabgen.play.starts import (
    MAX_ALL_ZERO,
    MIN_APART,
    Candidate,
    GroupMove,
    best_first,
    board_file_lines,
    candidates_text,
    capped_games,
    chance,
    combined_setups,
    group_moves,
    moves_in_order,
    not_confirmed,
    not_fair,
    origins_text,
    seat_groups,
    stack_starts,
    suggest_starts,
    symmetric_setups,
)
from fabgen.play.stats import wilson_interval
from fabgen.rules.names import field_name, parse_field

PRESETS = preset_names()


@pytest.fixture(scope="module")
def stack_board():
    """The 4-seat diamond with a stack of 6 on the middle field of each start tile."""
    board = load_preset("4p-diamond-5")
    seats = tuple(
        replace(s, stacks=((board.tiles[board.start_tiles(k)[0]].centre, 6),))
        for k, s in enumerate(board.seats)
    )
    return replace(board, seats=seats, name="4p-stacks")


def test_symmetric_candidates_are_mapped_onto_themselves(stack_board):
    sym = board_symmetry(stack_board)
    maps = [sym.centre.about(rotation(k)) for k in sym.shape_rotations]
    maps += [sym.centre.about(reflection(a)) for a in sym.shape_mirrors]
    setups = symmetric_setups(stack_board, stack_starts(stack_board), 6)
    assert len(setups) == 6
    fields = stack_board.field_set
    for setup in setups:
        assert len(set(setup)) == 4 and set(setup) <= fields
        assert any({g(f) for f in setup} == set(setup) for g in maps)
        assert min(hex_distance(a, b) for a in setup for b in setup if a != b) >= MIN_APART


def test_suggest_starts_plays_candidates_and_writes_the_best_board(cli, tmp_path, stack_board):
    out = tmp_path / "out"
    result, rows = _suggest(
        cli, tmp_path, stack_board, "--candidates", "3", "--games", "10", "--variant", "blog",
        "--seed", "1", "--out", out,
    )  # fmt: skip
    assert result.stdout.startswith("3 setups played, 10 games each")
    assert "played 40 games (" in result.stderr  # every candidate's, then 10 fresh ones
    assert len(rows) == 3 and any(" board " in r for r in rows)
    assert any(" symmetric " in r for r in rows)
    # The best row's fields are the suggested board's stacks, seat by seat (seed 1: not
    # the board's own setup, for which no board file is written).
    assert " board " not in rows[0], "seed 1 no longer finds a better setup than the board's"
    best = rows[0].split()[:4]
    suggested = read_board(out / "4p-stacks-suggested.toml")
    assert [s.stacks for s in suggested.seats] == [((parse_field(n), 6),) for n in best]
    # It says where its fields come from, not the other board's seat figures.
    assert "seats differ" in stack_board.description
    assert "seats differ" not in suggested.description
    assert suggested.description.endswith("(suggested start fields)")
    notes = " ".join(suggested.notes.split())
    assert "--suggest-starts (10 games a setup, players random, seed 1" in notes
    assert " ".join(best) in notes
    assert "In 10 fresh games (seed 2) the seats took" in notes
    # The listing heads each seat's column with its name, says what chance allows at
    # 10 games a setup, and the report ends with what to do with the file.
    header = result.stdout.splitlines()[1].split()
    assert header[header.index("0:0") + 1 : -1] == [s.name for s in stack_board.seats]
    note = r"note: with (\d+) finished games a setup, an even seat's win rate \(25.0%\) falls"
    assert 0 < int(re.search(note, result.stdout).group(1)) <= 10
    path = out / "4p-stacks-suggested.toml"
    (next_line,) = [s for s in result.stdout.splitlines() if s.startswith("next: ")]
    command = re.search(r"fabgen (balance .*?);", next_line)[1].split()
    assert command[:6] == ["balance", str(path), "--players", "random", "--variant", "blog"]
    assert f"fabgen layout {path}" in next_line
    # The board's own notes follow, marked as written for its own fields (the presets'
    # notes give their fields' figures, which would pass for the suggested ones').
    assert notes.startswith("Start fields suggested by fabgen balance --suggest-starts")
    own = " ".join(_field_names(stack_starts(stack_board)))
    intro = f"The notes of 4p-stacks follow, written for its own start fields, {own}: "
    assert notes.endswith(intro + " ".join(stack_board.notes.split()))
    # Its report is on fresh games (seed 2, not its candidate games, whose luck helped
    # choose it): the same as the next line's run of the board written (the run's
    # players and variant; without them it played strong players, online) with that
    # seed and as many games.
    again = tmp_path / "again"
    assert command[6] == "--games"
    command[7] = "10"
    result = cli(*command, "--seed", "2", "--jobs", "1", "--out", again)
    assert result.exit_code == 0, result.output
    name = "4p-stacks-suggested-balance.json"
    assert json.loads((out / name).read_text()) == json.loads((again / name).read_text())


def test_no_board_file_when_the_boards_own_setup_is_the_best(cli, tmp_path, stack_board):
    """(A copy of the board's own start fields as NAME-suggested.toml passed for a
    change.) One setup played, the board's own: the text says to keep it and why no
    board file, the fresh games' report is written, and the next step plays the board
    with the run's players (it left them out)."""
    out = tmp_path / "out"
    result, rows = _suggest(cli, tmp_path, stack_board, "--candidates", "1", "--games", "2",
                            "--out", out, players="greedy")  # fmt: skip
    assert len(rows) == 1 and " board " in rows[0]
    written = {p.name for p in out.iterdir()}
    assert not [name for name in written if name.endswith(".toml")], written
    assert "4p-stacks-suggested-balance.json" in written
    own = " ".join(_field_names(stack_starts(stack_board)))
    said = " ".join(result.stdout.split("suggested: ", 1)[1].split())
    assert said.startswith(f"{own} (board setup: keep the board's own; no 4p-stacks-suggested")
    (next_line,) = [s for s in result.stdout.splitlines() if s.startswith("next: ")]
    board = tmp_path / "4p-stacks.toml"
    assert re.search(r"fabgen (balance .*) --games \d+$", next_line)[1].split() == [
        "balance", str(board), "--players", "greedy",
    ]  # fmt: skip


@pytest.mark.parametrize("candidates", [3, 40])
def test_the_setups_planned_are_the_setups_played(stack_board, candidates):
    """suggest_starts says how many setups it plays before the last ones' games: 3 of
    3, and of 40 asked for the fewer this board offers (a progress bar counting on 40
    stopped at three quarters)."""
    told = []
    found = suggest_starts(
        stack_board, BalanceOptions(1, ("random",)), candidates=candidates, planned=told.append
    )
    assert told == [len(found)]
    assert (len(found) == 3) if candidates == 3 else (4 < len(found) < 40)


class _FakeTerminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("terminal", [False, True])
def test_suggest_starts_progress_ends_at_the_games_played(
    cli, tmp_path, stack_board, monkeypatch, terminal
):
    """The bar (on a terminal) or the log lines count to the games actually played:
    with --candidates 40 on a board offering fewer setups they counted to 41 games
    and stopped short of 100 %."""
    import fabgen.cli.balance_cmd as balance_cmd

    ended = []

    class Recorded(balance_cmd.GamesProgress):
        def __init__(self, total):
            super().__init__(total, stream=_FakeTerminal() if terminal else io.StringIO())

        def __exit__(self, *exc):
            done = self.bar.pos if self.bar is not None else self.done
            shown = self.bar.length if self.bar is not None else self.total
            ended.append((done, shown, self.total))
            return super().__exit__(*exc)

    monkeypatch.setattr(balance_cmd, "GamesProgress", Recorded)
    result, rows = _suggest(
        cli, tmp_path, stack_board, "--candidates", "40", "--games", "1", "--out", tmp_path / "o"
    )
    assert 4 < len(rows) < 40
    assert ended == [(len(rows) + 1, len(rows) + 1, len(rows) + 1)]
    assert f"played {len(rows) + 1} games (" in result.stderr


def test_suggest_starts_logs_a_projected_time_for_the_whole_run(
    cli, tmp_path, stack_board, monkeypatch
):
    """The help's minutes assume idle cores (45 were projected on a loaded machine):
    the run's own log line projects the time left from its pace so far, counting every
    setup's games and the fresh ones. (A clock that moves 40 s per reading: a line at
    each batch from the second on.)"""
    import fabgen.cli.balance_cmd as balance_cmd

    log = io.StringIO()

    class Clock:
        now = 0.0

        def __call__(self) -> float:
            self.now += 40.0
            return self.now

    class Logged(balance_cmd.GamesProgress):
        def __init__(self, total):
            super().__init__(total, stream=log, clock=Clock())

    monkeypatch.setattr(balance_cmd, "GamesProgress", Logged)
    result, rows = _suggest(
        cli, tmp_path, stack_board, "--candidates", "3", "--games", "2", "--out", tmp_path / "o"
    )
    total = 2 * (len(rows) + 1)
    lines = log.getvalue().splitlines()
    assert lines, result.stderr
    pattern = r"played (\d+) of (\d+) games in ([\d.]+) min, about ([\d.]+) min left"
    for line in lines:
        done, shown, minutes, left = re.fullmatch(pattern, line).groups()
        assert int(shown) == total and 0 < int(done) < total
        # the pace so far, carried over the games left (both figures rounded to 0.1)
        ratio = (total - int(done)) / int(done)
        assert float(left) == pytest.approx(float(minutes) * ratio, abs=0.05 * ratio + 0.051)


def test_the_help_says_what_the_minutes_of_suggest_starts_assume():
    from fabgen.cli.balance_cmd import balance

    params = {p.name: p for p in balance.params}
    text = " ".join(params["suggest_starts"].help.split())
    assert "with 2 processes on two otherwise idle cores" in text
    assert "busy cores take longer" in text and "projects the run's own time" in text


@pytest.mark.parametrize(
    ("preset", "message"),
    [
        ("3p-triangle-4", "for 4 or 5 seats, the board has 3: play it"),
        ("4p-diamond-5", "needs stack starts"),
        # a club of five read "the board has 6" as wrong: the dummy is a seat
        (
            "5p-hexagon-19-dummy",
            "the board has 6 (5 people and 1 machine seat, which count as seats; for 5 "
            "people with stack starts, --preset 5p-hexagon-18-stacks): play it",
        ),
    ],
)
def test_suggest_starts_needs_4_or_5_stack_starts(cli, tmp_path, preset, message):
    result = cli("balance", "--preset", preset, "--suggest-starts", "--players", "random",
                 "--out", tmp_path / "o")  # fmt: skip
    assert result.exit_code == 2 and message in " ".join(result.stderr.split())
    assert not (tmp_path / "o").exists()


def test_the_refusal_of_start_tiles_says_which_stack_to_write_instead(cli, tmp_path):
    # A board of start tiles, its board file changed as the refusal says, every seat's
    # line at once: --suggest-starts then plays it, every stack on its start tile's middle.
    board = load_preset("4p-diamond-5")
    path = tmp_path / "four.toml"
    text = board_to_toml(board)
    path.write_text(text)
    args = ("--suggest-starts", "--players", "random", "--games", "1", "--candidates", "1")
    result = cli("balance", path, *args, "--jobs", "1", "--out", tmp_path / "o")
    assert result.exit_code == 2
    said = " ".join(result.stderr.split())
    assert "a start tile (one stone on each of its fields) (and 3 more seats without" in said
    lines = re.findall(
        r"(stacks = \{ \S+ = 6 \}) \(its start tile's middle\) in place of (start = \[.*?\])",
        said,
    )
    assert len(lines) == len(board.seats)
    for stack, start in lines:
        assert text.count(start) == 1
        text = text.replace(start, stack)
    path.write_text(text)
    result = cli("balance", path, *args, "--jobs", "1", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    played = read_board(path)
    for k, seat in enumerate(played.seats):
        (tile,) = board.start_tiles(k)
        assert seat.stacks == ((board.tiles[tile].centre, 6),)


def test_the_refusal_of_a_presets_start_tiles_says_where_to_write_the_stacks(cli, tmp_path):
    """--preset 4p-butterfly --suggest-starts (as balance's next: line says when its
    seats differ) was told "give each seat one stack, for seat 1 (Red) stacks = ...":
    a preset has no file. The refusal names the command that writes one, and the
    preset whose seats start with stacks; followed, the file is played."""
    args = ("--suggest-starts", "--players", "random", "--games", "1", "--candidates", "1")
    out = ("--jobs", "1", "--out", tmp_path / "o")
    result = cli("balance", "--preset", "4p-butterfly", *args, *out)
    assert result.exit_code == 2 and not (tmp_path / "o").exists()
    said = " ".join(result.stderr.split())
    show = re.search(r"\((fabgen boards --show \S+) > (\S+\.toml) writes one\): for seat 1", said)
    assert show and said.endswith("; or play --preset 4p-diamond-5-stacks, whose seats "
                                  "start with stacks")  # fmt: skip
    shown = cli(*show[1].split()[1:])
    assert shown.exit_code == 0
    text = shown.stdout
    for stack, start in re.findall(r"(stacks = \{ \S+ = 6 \}) \(its start tile's middle\) "
                                   r"in place of (start = \[.*?\])", said):  # fmt: skip
        assert text.count(start) == 1
        text = text.replace(start, stack)
    path = tmp_path / show[2]
    path.write_text(text)
    assert cli("balance", path, *args, *out).exit_code == 0


def _suggest(cli, tmp_path, board, *options, players="random"):
    """``fabgen balance FILE --suggest-starts`` on ``board`` with ``players``; the
    result and the listing's setup rows (not its warnings)."""
    path = tmp_path / f"{board.name}.toml"
    path.write_text(board_to_toml(board))
    result = cli(
        "balance", path, "--suggest-starts", "--players", players, "--jobs", "1", *options,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = result.stdout.split("suggested: ")[0].splitlines()
    notes = ("warning: ", "note: ")
    return result, [row for row in table[2:] if not row.startswith(notes)]


def _candidate(
    name: str, rates: list[float], all_zero: int, finished: int = 40, p: float = 0.5
) -> Candidate:
    report = {
        "seats": [{"win_rate": r} for r in rates],
        "games": 40,
        "finished": finished,
        "capped": 40 - finished,
        "max_turns": 1000,
        "all_zero": all_zero,
        "test": {"p_value": p, "seats_differ": p < 0.05},
    }
    fields = tuple(parse_field(n) for n in name.split())
    return Candidate(fields, "symmetric", report)


def test_a_setup_whose_games_burn_down_is_not_called_even():
    # (every game 0:0 is a first place shared by all four: 25 % each, "perfectly even";
    # suggest-starts once put such a setup first, ahead of setups that decide games)
    burnt = _candidate("a1 b1 c1 d1", [0.25] * 4, all_zero=40)
    decided = _candidate("a2 b2 c2 d2", [0.45, 0.15, 0.25, 0.15], all_zero=2)
    even = _candidate("a3 b3 c3 d3", [0.30, 0.20, 0.25, 0.25], all_zero=4)
    mostly = _candidate("a4 b4 c4 d4", [0.25] * 4, all_zero=30)
    ranked = sorted([burnt, mostly, decided, even], key=lambda c: c.rank)
    assert ranked == [even, decided, mostly, burnt]
    assert even.all_zero <= MAX_ALL_ZERO < mostly.all_zero
    rows = candidates_text(ranked).splitlines()
    assert rows[0].split()[-1] == "p-value" and "0:0" in rows[0]
    assert [row.split()[5] for row in rows[1:]] == ["10.0%", "5.0%", "75.0%", "100.0%"]


def test_a_setup_no_closer_to_even_than_the_boards_own_is_not_suggested():
    """(club4 with 3 games a setup: a symmetric setup and a group move came out as far
    from even as the board's own, 66.7 % for one seat, and the board's own was listed
    last: the suggestion moved every stack for no gain.) A tie keeps the board's own."""
    rates = [0.0, 0.667, 0.0, 0.333]
    own = replace(_candidate("b-3 f2 -a5 -e0", rates[::-1], all_zero=0), origin="board")
    symmetric = _candidate("-a-3 g3 b5 -f-1", rates, all_zero=0)
    together = replace(_candidate("-a-2 g3 b4 -f-1", rates, all_zero=0), origin="together")
    assert [c.origin for c in best_first([together, symmetric, own])] == [
        "board", "symmetric", "together",
    ]  # fmt: skip
    closer = replace(together, report=_candidate("a1 b1 c1 d1", [0.3, 0.2, 0.25, 0.25], 0).report)
    assert best_first([own, symmetric, closer])[0] is closer


def test_suggest_starts_warns_when_every_setup_burns_down(cli, tmp_path, stack_board):
    # Random players burn most boards down: no setup of theirs is shown fair.
    result, rows = _suggest(
        cli, tmp_path, stack_board, "--candidates", "2", "--games", "6", "--out", tmp_path / "out"
    )
    table, suggested = result.stdout.split("suggested: ", 1)
    zero = [float(row.split()[5].rstrip("%")) for row in rows]
    assert len(zero) == 2 and min(zero) > 100 * MAX_ALL_ZERO and zero == sorted(zero)
    assert "warning: every setup tried ended 0:0 in more than 10% of its games" in table
    assert suggested.startswith(" ".join(rows[0].split()[:4]))


def test_a_suggestion_says_when_no_setup_is_fair():
    # (strong players on 4p-diamond-5-stacks: the board's own setup decides its games,
    # but one seat takes 92.5 % of them)
    lopsided = _candidate("a1 b1 c1 d1", [0.925, 0.025, 0.025, 0.025], all_zero=4, p=1e-9)
    assert "differ significantly (p = 0.0000)" in not_fair(lopsided)
    burnt = _candidate("a2 b2 c2 d2", [0.25] * 4, all_zero=5, p=1.0)
    assert "ended 0:0 in more than 10%" in not_fair(burnt)
    assert not_fair(_candidate("a3 b3 c3 d3", [0.3, 0.2, 0.25, 0.25], all_zero=4)) is None


def test_fresh_games_that_do_not_bear_the_suggestion_out_get_a_warning():
    # (4p-diamond-5-stacks with kindling: the best of twelve setups took 18, 31, 21 and
    # 31 % of 40 games, p = 0.56; 400 games more gave Blue 48.5 %, p < 0.0001)
    options = BalanceOptions(40, seed=7)
    flattered = _candidate("a1 b1 c1 d1", [0.17, 0.485, 0.16, 0.185], all_zero=3, p=1e-9)
    report = {**flattered.report, "games": 40}
    assert "in 40 fresh games (seed 8)" in not_confirmed(report, options)
    assert "differ significantly (p = 0.0000)" in not_confirmed(report, options)
    burnt = {**_candidate("a2 b2 c2 d2", [0.25] * 4, all_zero=6).report, "games": 40}
    assert "ended 0:0 in 15%" in not_confirmed(burnt, options)
    fine = {**_candidate("a3 b3 c3 d3", [0.3, 0.2, 0.25, 0.25], all_zero=1).report, "games": 40}
    assert not_confirmed(fine, options) is None


def _names(text: str) -> tuple:
    return tuple(parse_field(n) for n in text.split())


def test_seats_on_the_same_kind_of_corner_form_a_group(stack_board):
    # The diamond's half turn carries each sharp corner onto the other, each blunt one
    # onto the other; Red and Green stand on the sharp ones.
    fields = stack_starts(stack_board)
    assert seat_groups(stack_board, fields) == [(0, 2), (1, 3)]
    # One stack moved off its place: the half turn no longer carries the setup onto
    # itself, and every seat stands alone.
    moved = (fields[0], fields[1], _names("k4")[0], fields[3])
    assert seat_groups(stack_board, moved) == [(0,), (1,), (2,), (3,)]


def test_a_group_moves_together_along_the_lines_to_the_middle(stack_board):
    fields = stack_starts(stack_board)
    moves = list(group_moves(stack_board, fields))
    assert {(m.group, m.shift) for m in moves} >= {((0, 2), 2), ((1, 3), -1), ((1, 3), 1)}
    _check_group_moves(stack_board, fields, moves)


@pytest.mark.parametrize("preset", PRESETS)
def test_group_moves_keep_every_presets_setups_symmetric(preset):
    # A stack per seat on its start tile's middle, and the symmetric setups built from
    # them: boards with mirrors, six-fold turns, rings and holes.
    board = load_preset(preset)
    middles = tuple(
        board.tiles[board.start_tiles(k)[0]].centre if board.start_tiles(k) else seat.stacks[0][0]
        for k, seat in enumerate(board.seats)
    )
    setups = [middles, *symmetric_setups(board, middles, 3)]
    moved = 0
    for fields in setups:
        moves = list(group_moves(board, fields))
        _check_group_moves(board, fields, moves)
        moved += len(moves)
    assert moved > 0


def _check_group_moves(board, fields, moves) -> None:
    """Each move shifts its group's stacks exactly |shift| steps, nearer the middle
    for "in" and further for "out", leaves the others, keeps the setup's symmetry and
    the stacks apart."""
    centre = _middle(board)
    kept = [g for g in _maps(board) if {g(f) for f in fields} == set(fields)]
    usable = {f for f in board.fields if len(board.board_neighbours(f)) >= 3}
    for m in moves:
        for k, (old, new) in enumerate(zip(fields, m.fields, strict=True)):
            if k not in m.group:
                assert new == old
                continue
            assert hex_distance(old, new) == abs(m.shift)
            gain = _dist(old, centre) - _dist(new, centre)  # towards the middle
            assert (gain if m.shift > 0 else -gain) > 1e-6, (m, k)
        assert all({g(f) for f in m.fields} == set(m.fields) for g in kept)
        assert set(m.fields) <= usable and len(set(m.fields)) == len(fields)
        assert min(hex_distance(a, b) for a in m.fields for b in m.fields if a != b) >= MIN_APART


def test_two_group_moves_whose_effects_cancel_are_combined_first(stack_board):
    # Moving the sharp-corner stacks in hands wins to the blunt corners, moving the
    # blunt-corner stacks out takes them back (the search by hand behind
    # 4p-diamond-5-stacks: Blue 74 % and Red 56 %): combined, the moves may cancel.
    fields = stack_starts(stack_board)
    moves = {(m.group, m.shift): m for m in group_moves(stack_board, fields)}
    base = _candidate(" ".join(_field_names(fields)), [0.36, 0.20, 0.41, 0.03], all_zero=1)
    played = {
        ((0, 2), 2): [0.10, 0.74, 0.06, 0.10],
        ((0, 2), 1): [0.16, 0.40, 0.21, 0.23],
        ((1, 3), -1): [0.56, 0.00, 0.44, 0.00],
        ((1, 3), 1): [0.40, 0.22, 0.36, 0.02],
    }
    tried = [
        (moves[k], _candidate(" ".join(_field_names(moves[k].fields)), r, 1))
        for k, r in played.items()
    ]

    base_rates = [0.36, 0.20, 0.41, 0.03]

    def predicted(a, b):  # each move's change from the board's own setup, added
        rates = [x + y - z for x, y, z in zip(played[a], played[b], base_rates, strict=True)]
        return max(abs(r - 0.25) for r in rates)

    pairs = [(a, b) for a in played for b in played if a[0] == (0, 2) and b[0] == (1, 3)]
    pairs.sort(key=lambda p: predicted(*p))
    found = combined_setups(stack_board, base, tried)
    assert found == [_merged(moves[a], moves[b]) for a, b in pairs]
    assert found[0] == _merged(moves[(0, 2), 1], moves[(1, 3), -1])  # 36, 20, 24, 20 %
    # The preset's fields are the sharp corners two in and the blunt ones one out.
    preset = load_preset("4p-diamond-5-stacks")
    assert _merged(moves[(0, 2), 2], moves[(1, 3), -1]) == stack_starts(preset)
    assert stack_starts(preset) == _names("-g0 d9 j4 -a-5")


def test_suggest_starts_moves_groups_together_and_combines_their_moves(cli, tmp_path, stack_board):
    _, listing = _suggest(
        cli, tmp_path, stack_board, "--candidates", "10", "--games", "4", "--out", tmp_path / "out"
    )
    rows: dict[str, list] = {}
    for row in listing:
        rows.setdefault(row.split()[4], []).append(_names(" ".join(row.split()[:4])))
    assert sorted(rows) == ["board", "combined", "symmetric", "together"]
    assert sum(map(len, rows.values())) == 10
    # The groups are moved from the best of the board's own and the symmetric setups.
    bases = rows["board"] + rows["symmetric"]
    moves = {m.fields: m for base in bases for m in group_moves(stack_board, base)}
    assert rows["together"] and all(f in moves for f in rows["together"])
    # A combined setup takes one group's stacks from one move and the other's from a
    # move of the other group, both played.
    together = [moves[f] for f in rows["together"]]
    for fields in rows["combined"]:
        assert any(
            _merged(a, b) == fields for a in together for b in together if a.group != b.group
        )


def _merged(a: GroupMove, b: GroupMove) -> tuple:
    return tuple(b.fields[k] if k in b.group else f for k, f in enumerate(a.fields))


def _field_names(fields) -> list[str]:
    from fabgen.rules.names import field_name

    return [field_name(f) for f in fields]


def _maps(board):
    sym = board_symmetry(board)
    maps = [sym.centre.about(rotation(k)) for k in sym.shape_rotations]
    return maps + [sym.centre.about(reflection(a)) for a in sym.shape_mirrors]


def _middle(board) -> tuple[float, float]:
    pts = [field_xy(f) for f in board.fields]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _dist(f, centre) -> float:
    x, y = field_xy(f)
    return ((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5


def test_the_seats_furthest_from_even_are_moved_first():
    # 5p-hexagon-18-stacks with Red on -e-2 (40 games): 34, 18, 25.5, 15.5 and 7 %. No
    # map carries its setup onto itself: every seat is a group of its own.
    board = load_preset("5p-hexagon-18-stacks")
    fields = _names("-e-2 f0 h6 d8 -c4")
    base = _candidate("-e-2 f0 h6 d8 -c4", [0.34, 0.18, 0.255, 0.155, 0.07], all_zero=1)
    ordered = moves_in_order(base, group_moves(board, fields))
    assert [(m.group, m.shift) for m in ordered[:4]] == [
        ((0,), 1),
        ((0,), -1),
        ((4,), 1),
        ((4,), -1),
    ]
    assert [m.group for m in ordered[4:10:2]] == [(2,), (3,), (1,)]  # 5.5, 4.5, 2 points off
    assert [abs(m.shift) for m in ordered] == sorted(abs(m.shift) for m in ordered)
    assert sorted(ordered, key=lambda m: (m.group, m.shift)) == sorted(
        group_moves(board, fields), key=lambda m: (m.group, m.shift)
    )


def test_the_help_says_how_many_games_suggest_starts_plays_with_the_defaults():
    """--suggest-starts plays --games for every candidate and the fresh games: with
    the default --games the example of the docs ran 2600 games (an hour or more)
    without saying so."""
    from fabgen.cli.balance_cmd import balance

    params = {p.name: p for p in balance.params}
    games, candidates = params["games"].default, params["candidates"].default
    text = " ".join(params["suggest_starts"].help.split())
    assert f"{games * (candidates + 1)} with the default {games}" in text
    assert "--games games for each of --candidates setups and once more for the best" in text


def test_the_listing_says_what_each_origin_shown_means():
    # (an organiser met "together" and "nearby" in the table with nothing saying what
    # they were)
    found = [_candidate("a1 b1 c1 d1", [0.25] * 4, all_zero=0)]
    found.append(replace(found[0], origin="together"))
    text = origins_text(found)
    assert text.startswith("the origins: symmetric = fields that a rotation or mirror")
    assert "together = the stacks on the same kind of place" in text
    assert "board =" not in text and "nearby" not in text and "combined" not in text


def test_the_meaning_of_together_stands_without_symmetric_setups():
    """(club5, a copy of 5p-hexagon-18-stacks with a stack moved, has no symmetric
    setup: "together = a group of such stacks moved ..." followed "board = ..." alone,
    and "such" named nothing.) Each meaning says what it is by itself."""
    own = replace(_candidate("a1 b1 c1 d1", [0.25] * 4, all_zero=0), origin="board")
    text = origins_text([own, replace(own, origin="together")])
    assert "such" not in text.split("together = ", 1)[1]
    assert "on the same kind of place" in text and "moved together" in text


def test_suggest_starts_explains_the_origins_under_the_table(cli, tmp_path, stack_board):
    result, rows = _suggest(
        cli, tmp_path, stack_board, "--candidates", "2", "--games", "2", "--out", tmp_path / "out"
    )
    origins = {row.split()[4] for row in rows}
    assert "board" in origins
    note = next(line for line in result.stdout.splitlines() if "the origins: " in line)
    assert note.startswith("note: the origins: board = the board's own start fields")
    assert all(f"{origin} = " in note for origin in origins)


def test_a_suggestion_is_printed_as_the_lines_a_board_file_takes(tmp_path):
    """("suggested: -f-3 f0 h6 d8 -c4" was no line to type into a board file.) The
    printed lines, typed into the board's own file in place of its stacks lines, give
    the suggested setup; the seat whose stack moved says from where."""
    board = load_preset("5p-hexagon-18-stacks")
    own = stack_starts(board)
    moved = next(f for f in neighbours(own[0]) if f in board.field_set and f not in own)
    best = Candidate((moved, *own[1:]), "nearby", {})
    lines = board_file_lines(board, best).splitlines()
    assert lines[0].startswith("  seat 1 (Red)  ")
    assert lines[0].endswith(f"(was {field_name(own[0])})")
    assert not any("(was" in line for line in lines[1:])
    typed = [re.search(r"stacks = \{[^}]*\}", line).group() for line in lines]
    text = iter(typed)
    toml = re.sub(r"stacks = \{[^}]*\}", lambda _: next(text), board_to_toml(board))
    path = tmp_path / "mine.toml"
    path.write_text(toml, encoding="utf-8")
    assert [s.stacks for s in read_board(path).seats] == [((f, 6),) for f in best.fields]


def test_the_note_under_the_setups_says_what_chance_allows_and_what_the_p_value_says():
    """The listing's last column was a bare "p-value"; the chance range read as a minus."""
    even = _candidate("a1 b1 c1 d1", [0.25] * 4, all_zero=0, finished=12)
    low, high = wilson_interval(3, 12)
    note = chance([even])
    assert "with 12 finished games a setup, an even seat's win rate (25.0%) falls " in note
    assert f"anywhere in {100 * low:.1f} to {100 * high:.1f}% by chance (95%)" in note
    assert note.endswith(
        "p-value: below 0.05, that setup's seats differ more than chance makes them "
        "(chi-square test)"
    )


def test_a_setup_whose_games_were_all_capped_is_not_called_0_0():
    # (--max-turns 1: every game cut off at the cap; the listing said "0:0 100.0%" and
    # "every setup tried ended 0:0", where the report under it said "0 finished, 1 capped")
    capped = replace(_candidate("a1 b1 c1 d1", [0.0] * 4, all_zero=0, finished=0), origin="board")
    burnt = _candidate("a2 b2 c2 d2", [0.25] * 4, all_zero=40)
    assert best_first([capped, burnt]) == [burnt, capped]  # a setup with games scored first
    (row,) = candidates_text([capped]).splitlines()[1:]
    assert row.split()[-6:] == ["capped", "-", "-", "-", "-", "-"]
    warning = not_fair(capped)
    assert "0:0" not in warning and "every game reached the cap of 1000 turns" in warning
    assert chance([capped]) is None  # no rates to tell apart
    fresh = {**capped.report, "games": 40}
    said = not_confirmed(fresh, BalanceOptions(40, max_turns=1))
    assert "0:0" not in said and "every one reached the cap of 1 turns" in said


def test_the_0_0_share_of_a_partly_capped_setup_is_of_its_finished_games():
    partly = _candidate("a1 b1 c1 d1", [0.3, 0.2, 0.25, 0.25], all_zero=2, finished=20)
    assert partly.all_zero == 0.1 and not_fair(partly) is None
    assert candidates_text([partly]).splitlines()[1].split()[5] == "10.0%"
    warning = capped_games([partly, _candidate("a2 b2 c2 d2", [0.25] * 4, all_zero=0)])
    assert warning.startswith("20 of the setups' 80 games reached the cap of 1000 turns")
    assert warning.endswith(": raise --max-turns")  # (at the default, no default to name)
    assert capped_games([_candidate("a2 b2 c2 d2", [0.25] * 4, all_zero=0)]) is None


def test_suggest_starts_with_every_game_capped_points_at_max_turns(cli, tmp_path):
    result = cli(
        "balance", "--preset", "4p-diamond-5-stacks", "--games", "1", "--candidates", "1",
        "--players", "random", "--jobs", "1", "--max-turns", "1", "--suggest-starts",
        "--out", tmp_path / "out",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    listing, report = result.stdout.split("suggested: ", 1)
    assert listing.splitlines()[2].split()[-6:] == ["capped", "-", "-", "-", "-", "-"]
    assert "ended 0:0" not in result.stdout
    assert "every game reached the cap of 1 turns" in listing
    assert "raise --max-turns (the default is 1000)" in listing
    assert "0 finished, 1 capped" in report
    assert "give --players that play a game to its end" not in report
    assert "no game finished within the cap of 1 turns" in report
    # the next command plays longer with the default cap: "--max-turns 1" repeated, it
    # was cut off again
    [step] = [line for line in result.output.splitlines() if line.startswith("next: ")]
    assert "fabgen balance --preset 4p-diamond-5-stacks --players random --games" in step
    assert "--max-turns" not in step
