"""Options and output helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import click

DEFAULT_OUT = "output"


def out_option(func):
    """``--out DIR``: where files go (default: output/)."""
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=DEFAULT_OUT,
        show_default=True,
        help="Folder to write into (created if missing).",
    )(func)


def write_and_report(out_dir: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write ``files`` atomically and print one line per file written."""
    from fabgen.export.files import write_atomically

    paths = write_atomically(out_dir, files)
    for path in paths:
        click.echo(f"wrote {_display(path)}")
    return paths


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
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help=help_text,
    )


def profile_option(func):
    """``--profile``: colours per operation for the maker's laser software."""
    from fabgen.export.profiles import DEFAULT_PROFILE, PROFILES

    return click.option(
        "--profile",
        type=click.Choice(sorted(PROFILES)),
        default=DEFAULT_PROFILE,
        show_default=True,
        help="Colours per operation for your laser software.",
    )(func)
