"""Options and output helpers shared by the commands."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

import click

from fabgen.cli.options import Choice

DEFAULT_OUT = "output"


def out_option(func):
    """``--out DIR``: where files go (default: output/)."""
    return click.option(
        "--out",
        "out_dir",
        type=OutFolder(file_okay=False, path_type=Path),
        default=DEFAULT_OUT,
        show_default=True,
        help="Folder to write into (created if missing).",
    )(func)


class OutFolder(click.Path):
    """A folder path that refuses the empty string (which would mean the current folder)."""

    def convert(self, value, param, ctx):
        from fabgen.errors import FabgenError
        from fabgen.export.transaction import check_out_dir

        if isinstance(value, str) and not value.strip():
            self.fail("is empty: give the folder to write into, e.g. --out output/", param, ctx)
        path = super().convert(value, param, ctx)
        try:  # refuse now, not after minutes of rendering
            check_out_dir(path)
        except FabgenError as exc:
            self.fail(str(exc), param, ctx)
        return path


def write_and_report(
    out_dir: Path, files: Mapping[str, bytes], manifest: str | None = None, err: bool = False
) -> list[Path]:
    """Write ``files`` as one transaction and print one line per file written or removed.

    ``manifest``: see :func:`fabgen.export.transaction.write_transaction` (rebuilds remove the
    unchanged files of the previous build). ``err``: print the lines on stderr.
    """
    from fabgen.export.transaction import write_transaction

    result = write_transaction(out_dir, files, manifest=manifest)
    for path in result.written:
        click.echo(f"wrote {_display(path)}", err=err)
    for path in result.removed:
        click.echo(f"removed {_display(path)} (left from an earlier build)", err=err)
    return result.written


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


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


class GamesProgress:
    """A progress bar on stderr, shown only when stderr is a terminal (so logs and
    captured output stay clean)."""

    def __init__(self, total: int):
        shown = sys.stderr.isatty()
        self.bar = (
            click.progressbar(length=total, label="playing", file=sys.stderr) if shown else None
        )

    def __enter__(self):
        return self.bar.__enter__() if self.bar is not None else self

    def __exit__(self, *exc):
        return self.bar.__exit__(*exc) if self.bar is not None else None

    def update(self, n: int) -> None:
        """No bar: nothing to show."""
