"""Options and output helpers shared by the commands."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from pathlib import Path

import click

from fabgen.cli.options import Choice
from fabgen.text import shown_path

DEFAULT_OUT = "output"


class BadInput(click.ClickException):
    """How a :class:`FabgenError` leaves the program: one paragraph on stderr, exit code 2.

    The error classes themselves live in :mod:`fabgen.errors`, below every package; this
    one lives here, below the commands, so that their shared options can raise it.
    """

    exit_code = 2


def out_option(func):
    """``--out DIR``: where files go (default: output/)."""
    return click.option(
        "--out",
        "out_dir",
        type=OutFolder(path_type=Path),
        default=DEFAULT_OUT,
        show_default=True,
        help="Folder to write into (created if missing).",
    )(func)


class Folder(click.Path):
    """A folder path; a file given for it is refused in words a user reads (click says
    "Directory 'x' is a file"), in one paragraph as every bad input is (click's usage
    error put the usage and a hint before it)."""

    def __init__(self, **kwargs):
        super().__init__(file_okay=False, **kwargs)

    def convert(self, value, param, ctx):
        value = home_expanded(value)
        if isinstance(value, str) and "\0" not in value and _is_file(value):
            flag = _flag(param)
            _refuse(
                f"{flag} {click.format_filename(value)} is a file, not a folder: give {flag} a "
                "folder (it is created if missing), or move the file away"
            )
        return super().convert(value, param, ctx)

    def fail(self, message, param=None, ctx=None):
        _refuse(f"{_flag(param)}: {message}")  # click's own checks of the path


class InputPath(click.Path):
    """An input file's path; an empty one is refused (click made it ".", the current
    folder, and the reader said "is a folder": ``fabgen validate ""``), and so is ``-``
    (:func:`refuse_a_dash`; ``example``: what to type instead, after the command; None:
    the command says it in its own words)."""

    def __init__(self, what: str, example: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.what = what
        self.example = example

    def convert(self, value, param, ctx):
        if value == "":  # (a name of spaces may be a file's: the reader looks for it)
            _refuse(f"the file name given is empty: give the path of {self.what}")
        if self.example is not None and ctx is not None:
            refuse_a_dash(value, ctx.command_path, self.what, self.example)
        return super().convert(home_expanded(value), param, ctx)


def refuse_a_dash(value, command: str, what: str, example: str) -> None:
    """``-`` where a file goes: standard input to many programs, and "-: no such file"
    to fabgen, which reads files only (design notes, *Safe writing and bounded input*).
    A file named ``-`` is read as given."""
    import os

    if value == "-" and not os.path.lexists(value):
        _refuse(dash_message(command, what, example))


def dash_message(command: str, what: str, example: str) -> str:
    """What :func:`refuse_a_dash` says: no standard input, and what to type instead."""
    return (
        f"-: {command} does not read standard input: it takes the path of {what}, so "
        f"save it as a file and name it: {command} {example}"
    )


def home_expanded(value):
    """``~/kit`` as the shell would have read it: a path in quotes (``--out "~/club
    kit"``, with a space) or after ``=`` keeps its ``~``, and fabgen wrote into a folder
    named ``~`` in the current one, where nobody looked for it."""
    import os

    return os.path.expanduser(value) if isinstance(value, str) and value[:1] == "~" else value


def _flag(param) -> str:
    return param.opts[0] if param is not None and param.opts else "--out"


def _refuse(message: str):
    from fabgen.text import for_terminal

    raise BadInput(for_terminal(message))


def _is_file(path: str) -> bool:
    try:
        return Path(path).is_file()
    except OSError:  # a name too long, a symlink loop: check_out_dir says which
        return False


class OutFolder(Folder):
    """A folder to write into; refuses the empty string (which would mean the current
    folder), ``-`` (standard output to many programs; ``printed``: what prints instead)
    and a folder where :func:`~fabgen.export.transaction.try_out_dir` cannot make a
    file, before any work is done."""

    def __init__(self, printed: str = "", **kwargs):
        super().__init__(**kwargs)
        self.printed = printed

    def convert(self, value, param, ctx):
        import os

        from fabgen.errors import FabgenError
        from fabgen.export.transaction import try_out_dir

        flag = _flag(param)
        if isinstance(value, str) and not value.strip():
            _refuse(f"{flag} is empty: give the folder to write into, e.g. {flag} output/")
        if value == "-" and not os.path.lexists(value):
            # (it made a folder named "-" and wrote the files there; one that exists is
            # written into, as an input file named "-" is read)
            _refuse(
                f"{flag} -: fabgen writes files into a folder, not to standard output: give "
                f"{flag} a folder (it is created if missing), e.g. {flag} output/"
                + (f"; {self.printed}" if self.printed else "")
            )
        if isinstance(value, str) and "\0" in value:  # (click's own check raises ValueError)
            _refuse(f"{flag} contains a NUL character: give a folder name without it")
        path = super().convert(value, param, ctx)
        try:  # refuse now, not after minutes of rendering
            try_out_dir(path, flag)
        except FabgenError as exc:
            _refuse(str(exc))
        return path


def refuse_overwriting(
    source: Path | None,
    out_dir: Path,
    files: Mapping[str, bytes],
    what: str = "the file you gave it to read",
    instead: str = "move the file",
) -> None:
    """Refuse to write a file over the input ``source`` (``fabgen layout club.toml --out
    .`` wrote fabgen's copy of the board over the hand-written file and its comments);
    a file with the bytes about to be written (an earlier run's) is written over.
    ``what``: the words for ``source``; ``instead``: what to do besides another --out."""
    if source is None or not Path(source).is_file():
        return
    for name, data in files.items():
        target = Path(out_dir) / name
        if target.is_file() and target.samefile(source) and target.read_bytes() != data:
            raise BadInput(
                f"--out {shown_path(out_dir)} would write {name} over {shown_path(source)}, "
                f"{what}, with fabgen's own copy (your comments and line breaks lost): give "
                f"another --out folder, or {instead}"
            )


def write_and_report(
    out_dir: Path,
    files: Mapping[str, bytes],
    manifest: str | None = None,
    err: bool = False,
    keep_changed: bool = False,
) -> list[Path]:
    """Write ``files`` as one transaction and print one line per file written or removed.

    ``manifest``: see :func:`fabgen.export.transaction.write_transaction` (rebuilds remove the
    unchanged files of the previous build; ``keep_changed``: and refuse to replace the
    changed ones). ``err``: print the lines on stderr.
    """
    from fabgen.export.transaction import write_transaction

    result = write_transaction(out_dir, files, manifest=manifest, keep_changed=keep_changed)
    report_written(result, err=err)
    return result.written


def report_written(result, err: bool = False) -> None:
    """One line per file a :func:`~fabgen.export.transaction.write_transaction` wrote or
    removed: for a command that writes its files before it prints its report. In the
    order people count (sheet-2 before sheet-10: the text order put sheet-10 to sheet-19
    between sheet-1 and sheet-2)."""
    for path in sorted(result.written, key=_counted):
        click.echo(f"wrote {shown_path(path)}", err=err)
    for path in sorted(result.removed, key=_counted):
        click.echo(f"removed {shown_path(path)} (left by an earlier run, unchanged since)", err=err)


def _counted(path: Path) -> list:
    """A path's sort key with its numbers as numbers (as a file manager sorts)."""
    import re

    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(path))]


def format_option(help_text: str, dest: str = "output_format"):
    """``--format text|json`` for commands that print a report."""
    return click.option(
        "--format",
        dest,
        type=Choice(["text", "json"]),
        default="text",
        show_default=True,
        help=help_text,
    )


def profile_option(func):
    """``--profile``: colours per operation for the maker's laser software."""
    from fabgen.cli.options import option

    return option("profile")(func)


#: Seconds between two lines of progress when stderr is not a terminal.
LOG_EVERY = 60.0


class GamesProgress:
    """Progress of a long run of games on stderr: a bar when stderr is a terminal;
    otherwise (a log file, a scheduler, ``nohup``) one plain line at most every
    :data:`LOG_EVERY` seconds, so a run of an hour shows it is alive without filling
    the log, and a short run (tests, captured output) prints nothing."""

    def __init__(self, total: int, stream=None, clock=time.monotonic):
        self.stream = stream if stream is not None else sys.stderr
        self.total, self.done, self.clock = total, 0, clock
        self.began = self.last = clock()
        shown = self.stream.isatty()
        self.bar = (
            click.progressbar(length=total, label="playing", file=_raw(self.stream))
            if shown
            else None
        )

    def __enter__(self):
        return self.bar.__enter__() if self.bar is not None else self

    def __exit__(self, *exc):
        return self.bar.__exit__(*exc) if self.bar is not None else None

    def set_total(self, total: int) -> None:
        """Count to ``total`` games from now on (a run that learns its size on the way):
        the bar on a terminal, the lines in a log."""
        self.total = total
        if self.bar is not None:
            self.bar.length = total

    def leave_out(self, seconds: float) -> None:
        """Leave ``seconds`` that played no game (a cluster run waiting for a worker) out
        of the time the estimate of the time left is projected from."""
        self.began += seconds
        if self.bar is not None:
            self.bar.start += seconds  # click's bar projects from its own start

    def update(self, n: int) -> None:
        """No bar: a line when :data:`LOG_EVERY` seconds have passed since the last."""
        self.done += n
        now = self.clock()
        if now - self.last < LOG_EVERY or not 0 < self.done < self.total:
            return
        self.last = now
        minutes = (now - self.began) / 60
        # The rate so far: games of one run take alike long on average.
        left = minutes * (self.total - self.done) / self.done
        click.echo(
            f"played {self.done} of {self.total} games in {minutes:.1f} min, "
            f"about {left:.1f} min left",
            file=self.stream,
        )


def _raw(stream):
    """The terminal under fabgen's terminal-safe wrapper: the bar redraws itself with a
    carriage return and escape codes, which the wrapper prints as text (the bar showed
    as a line of "\\u000d\\u001b[?25lplaying  [##---]" that never moved). The bar
    writes nothing but its own label and marks."""
    from fabgen.text import TerminalSafe

    return stream._stream if isinstance(stream, TerminalSafe) else stream
