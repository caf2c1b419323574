"""Random and hostile command-line options for every command (hypothesis)."""

from __future__ import annotations

import click
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.corpus import NUMBERS, TEXTS
from tests.fuzz.harness import check_outcome, prepare_out, run_cli, snapshot

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
}
# The commands not fuzzed here, and why; a new command goes into one list or the other.
NOT_FUZZED = {
    "stones": "CadQuery: its numbers in test_stones_options_refused_before_cadquery below",
    "build": "a whole kit: kit files are fuzzed in test_fuzz_files and test_fuzz_mutations",
    "balance": "plays games: a random count or budget can take minutes",
    "rules": "its subcommands read a transcript; hostile ones in test_fuzz_files",
    "serve": "starts a server that runs until it is stopped",
}
SKIP = {"out_dir", "help", "from", "drawing", "board_file", "file"}


def command(name: str) -> click.Command:
    from fabgen.cli import main

    return main.commands[name]


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
    options = [
        p
        for p in command(name).params
        if isinstance(p, click.Option) and p.name not in SKIP and not p.is_flag
    ]
    chosen = draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique_by=id))
    args = [name, *COMMANDS[name]]
    for param in chosen:
        args += [param.opts[0], draw(value_for(param))]
    return args


def test_every_command_is_fuzzed_or_says_why_not():
    from fabgen.cli import main

    assert not set(COMMANDS) & set(NOT_FUZZED)
    assert set(COMMANDS) | set(NOT_FUZZED) == set(main.commands)


@FUZZ
@given(invocation())
def test_random_options_end_cleanly(tmp_path_factory, args):
    tmp = tmp_path_factory.mktemp("fuzz")
    out = prepare_out(tmp)
    before = snapshot(out)
    writes = any(p.name == "out_dir" for p in command(args[0]).params)
    full = [*args, "--out", out] if writes else args
    check_outcome(run_cli(full), full, out if writes else None, before)


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
