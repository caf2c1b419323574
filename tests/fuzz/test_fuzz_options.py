"""Random and hostile command-line options for every command (hypothesis)."""

from __future__ import annotations

import contextlib

import click
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.corpus import NUMBERS, TEXTS
from tests.fuzz.harness import check_files, check_outcome, prepare_out, run_cli, snapshot

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# The cheap commands (and cheap forms of the others): CadQuery stones and whole kits
# are fuzzed through their parameters' ranges and kit files instead (test_fuzz_files).
COMMANDS = {
    "tile": [],
    "check-alignment": [],
    "sheet": ["--count", "3"],
    "validate": ["--preset", "2p-diamond-4"],
    "layout": ["--preset", "2p-diamond-4", "--paper", "a4"],
    "boards": [],
    "rulesheet": [],
    # One random game on the smallest board, in this process: any other option drawn.
    "balance": ["--preset", "2p-diamond-4", "--games", "1", "--players", "random", "--jobs", "1"],
    "rules machine": ["{game}", "--play", "--budget", "20"],
    "rules replay": ["{game}"],
    "rules turn": ["{game}"],
}
# Options of a command above that are not drawn, and why.
KEPT = {
    "balance": {
        "games": "a random count can take minutes: 1 game (its range: tests/play)",
        "scheduler": "an address that reads well waits 10 s to connect: in its own test below",
    },
    "rules turn": {"svg_dir": "a folder to write into: test_turn_moves_and_pictures below"},
}
# The commands not fuzzed here, and why; a new command goes into one list or the other.
NOT_FUZZED = {
    "stones": "CadQuery: its numbers in test_stones_options_refused_before_cadquery below",
    "build": "a whole kit: kit files are fuzzed in test_fuzz_files and test_fuzz_mutations",
    "serve": "listens until it is stopped: test_serve_options_end_before_it_listens below",
}
SKIP = {"out_dir", "help", "from", "drawing", "board_file", "file"}


def command(name: str) -> click.Command:
    from fabgen.cli import main

    found = main
    for word in name.split():
        found = found.commands[word]
    return found


def leaf_commands(group: click.Group, prefix: str = ""):
    for name, sub in group.commands.items():
        if isinstance(sub, click.Group):
            yield from leaf_commands(sub, f"{prefix}{name} ")
        else:
            yield prefix + name


def value_for(param: click.Parameter) -> st.SearchStrategy[str]:
    hostile = st.sampled_from(NUMBERS + TEXTS + ["", "-", "--out", "1x1", "0x0", "nanxnan"])
    if isinstance(param.type, click.Choice):
        return st.one_of(st.sampled_from(list(param.type.choices)), hostile)
    if param.type.name in ("float", "integer"):
        numbers = st.one_of(
            st.floats(allow_nan=True, allow_infinity=True).map(repr),
            st.integers(-(10**30), 10**30).map(str),
            st.floats(0.01, 200).map(lambda x: f"{x:.3f}"),
        )
        return st.one_of(numbers, hostile)
    return st.one_of(hostile, st.text(max_size=40))


@st.composite
def invocation(draw):
    name = draw(st.sampled_from(sorted(COMMANDS)))
    kept = SKIP | set(KEPT.get(name, {}))
    options = [
        p
        for p in command(name).params
        if isinstance(p, click.Option) and p.name not in kept and not p.is_flag
    ]
    chosen = draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique_by=id))
    args = [*name.split(), *COMMANDS[name]]
    for param in chosen:
        args += [param.opts[0], draw(value_for(param))]
    return args


def test_every_command_is_fuzzed_or_says_why_not():
    from fabgen.cli import main

    assert not set(COMMANDS) & set(NOT_FUZZED)
    assert set(COMMANDS) | set(NOT_FUZZED) == set(leaf_commands(main))
    for name, options in KEPT.items():
        assert set(options) <= {p.name for p in command(name).params}, name


@FUZZ
@given(invocation())
def test_random_options_end_cleanly(tmp_path_factory, args):
    tmp = tmp_path_factory.mktemp("fuzz")
    out = prepare_out(tmp)
    before = snapshot(out)
    name = " ".join(args[:2]) if args[0] == "rules" else args[0]
    writes = any(p.name == "out_dir" for p in command(name).params)
    if "{game}" in args:
        args = [a.replace("{game}", str(start_transcript(tmp))) for a in args]
    full = [*args, "--out", out] if writes else args
    check_outcome(run_cli(full), full, out if writes else None, before)


def start_transcript(tmp) -> str:
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    path = tmp / "start.json"
    path.write_text(board_transcript_text(load_preset("2p-diamond-4")))
    return path


ADDRESSES = [*NUMBERS, *TEXTS, "-", "--save-games", "inproc://x", "tcp://a..b:1", "tcp://[::1"]


@FUZZ
@given(st.sampled_from(ADDRESSES), st.sampled_from(["", "--save-games", "--jobs"]))
def test_balance_refuses_a_scheduler_address_before_it_connects(tmp_path_factory, address, then):
    """Odd addresses, also where another option is expected, and another flag after it."""
    tmp = tmp_path_factory.mktemp("fuzz")
    out = prepare_out(tmp)
    before = snapshot(out)
    args = ["balance", *COMMANDS["balance"], "--scheduler", address, "--out", out]
    args += [then, "2"] if then else []
    outcome = run_cli(args)
    check_outcome(outcome, args, out, before)
    assert outcome.exit_code == 2, outcome.output


SERVE_FLAGS = {"host": "--host", "port": "--port", "games_dir": "--games-dir"}


def serve_value(name: str) -> st.SearchStrategy[str]:
    param = next(p for p in command("serve").params if p.name == name)
    values = value_for(param)
    if name == "games_dir":  # (a NUL: click's check of the path raises, before fabgen)
        values = values.filter(lambda v: "\x00" not in v)
    return values


@FUZZ
@given(
    st.sampled_from(
        [
            "--width",
            "--pitch",
            "--kerf",
            "--circle-diameter",
            "--stone-diameter",
            "--height",
            "--wall",
            "--count",
            "--clearance",
            "--seat",
        ]
    ),
    st.sampled_from(NUMBERS),
)
def test_stones_options_refused_before_cadquery(tmp_path_factory, option, value):
    tmp = tmp_path_factory.mktemp("fuzz")
    out = prepare_out(tmp)
    before = snapshot(out)
    args = ["stones", option, value, "--out", out]
    outcome = run_cli(args)
    check_outcome(outcome, args, out, before)
    if value in ("nan", "inf", "-inf", "1e308", "-1e308") or len(value) > 100:
        assert outcome.exit_code == 2, outcome.output


@FUZZ
@given(
    st.lists(st.sampled_from(sorted(SERVE_FLAGS)), min_size=1, max_size=3, unique=True).flatmap(
        lambda names: st.tuples(*(st.tuples(st.just(n), serve_value(n)) for n in names))
    )
)
def test_serve_options_end_before_it_listens(tmp_path_factory, monkeypatch, chosen):
    """What serve checks before it listens: exit 2 with a message, or a server that
    would listen (it is closed at once instead of serving)."""
    from fabgen.cli import serve_cmd

    served = []

    def close(app, server, *rest):
        server.server_close()
        app.extensions["fabgen_worker"].close()
        app.extensions["fabgen_play"].close()
        served.append(server.server_port)

    monkeypatch.setattr(serve_cmd, "_run", close)
    tmp = tmp_path_factory.mktemp("fuzz")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp / "data"))
    args = ["serve", "--port", "0"]
    for name, value in chosen:
        args += [SERVE_FLAGS[name], value]
    with contextlib.chdir(tmp):  # (relative games folders are made here)
        outcome = run_cli(args)
    check_outcome(outcome, args)
    assert outcome.exit_code in (0, 2), outcome.output
    assert (outcome.exit_code == 0) == bool(served), outcome.output


# Fields of 2p-diamond-4's start: seat 1's stones, seat 2's, empty, off the board.
FIELDS = ["-i0", "-h0", "-h1", "-i1", "-j0", "-j-1", "g3", "h3", "f2", "c3", "a1", "-a1", "zz99"]
ODD_MOVES = [v for v in [*NUMBERS, *TEXTS, "-", "a1-a1", "-a1--b2"] if len(v) < 10_000]
MOVE = st.one_of(
    st.tuples(
        st.sampled_from(FIELDS),
        st.sampled_from(["-", "--", "\u2013", " - ", ""]),
        st.sampled_from(FIELDS),
    ).map("".join),
    st.sampled_from(ODD_MOVES),
    st.text(max_size=12),
)
MOVES = st.one_of(
    st.sampled_from(["", "-i0--h0", " -i0 \u2013 -h0 ,,"]),  # a pass and a legal move
    st.tuples(st.lists(MOVE, max_size=6), st.sampled_from([",", ", ", ",,", " , ", ";", "\n"])).map(
        lambda t: t[1].join(t[0])
    ),
)
SVG_DIRS = [
    "out", "new/steps", "", " ", "/dev/null", "out/previous.txt", "out/previous.txt/d",
    "x" * 300, "-", "--names", "/proc/steps", *(t for t in TEXTS if "\x00" not in t),
]  # fmt: skip


@FUZZ
@given(
    MOVES,
    st.one_of(st.none(), st.sampled_from(SVG_DIRS)),
    st.sampled_from([[], ["--names"], ["--no-names"]]),
    st.one_of(
        st.none(), value_for(next(p for p in command("rules turn").params if p.name == "variant"))
    ),
)
def test_turn_moves_and_pictures(tmp_path_factory, moves, svg, names, variant):
    """Moves of every seat, odd separators and text; --svg anywhere (relative folders
    are made in a temporary folder). A turn refused prints no report and writes nothing."""
    tmp = tmp_path_factory.mktemp("fuzz")
    prepare_out(tmp)
    game = start_transcript(tmp)
    before = snapshot(tmp)
    args = ["rules", "turn", str(game), "--moves", moves, *names]
    args += [] if svg is None else ["--svg", svg]
    args += [] if variant is None else ["--variant", variant]
    with contextlib.chdir(tmp):
        outcome = run_cli(args)
    check_outcome(outcome, args)
    assert outcome.exit_code in (0, 2), outcome.output
    if outcome.exit_code == 0:
        check_files(tmp, before)
    else:
        assert "next to move" not in outcome.output, outcome.output[-2000:]
        assert snapshot(tmp) == before, f"fabgen {args!r}: files changed on failure"
