"""``fabgen build``: the whole kit from one kit file."""

from __future__ import annotations

import click

from fabgen.cli.common import InputPath, out_option, write_and_report

KIT_FILE_FLAGS = ("--config", "--kit", "--kit-file", "-c")
"""Options other programs take a configuration file with; ``build`` takes it as is."""


class _BuildCommand(click.Command):
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, list(args))
        except click.NoSuchOption as exc:
            if exc.option_name not in KIT_FILE_FLAGS:
                raise
            raise click.NoSuchOption(
                exc.option_name, _kit_file_hint(exc.option_name, args), ctx=exc.ctx
            ) from None


def _kit_file_hint(flag: str, args: list[str]) -> str:
    """What to type instead of ``--config FILE``: the file without the option."""
    import shlex

    given = [a for a in args if a != flag and not a.startswith(flag + "=")]
    value = next((a.split("=", 1)[1] for a in args if a.startswith(flag + "=")), None)
    if value is None and flag in args and args.index(flag) + 1 < len(args):
        value = args[args.index(flag) + 1]
        given.remove(value)
    example = shlex.join(["fabgen", "build", value or "my_kit.toml", *given])
    return (
        f"No such option '{flag}': fabgen build takes the kit file without an option, "
        f"so type: {example}"
    )


@click.command(
    "build",
    cls=_BuildCommand,
    short_help="Build the whole kit (laser, 3D and print files) at once.",
)
@click.argument("kit_file", required=False, type=InputPath("a kit file (TOML)"))
@click.option("--quiet", "-q", is_flag=True, help="Do not show progress and warnings.")
@out_option
def build(kit_file, quiet, out_dir):
    """Build every file of a kit into --out: laser files (a test tile, the board's tiles
    on sheets), 3D files (stones, markers, print plates), print files (setup diagram,
    full-size board, rule sheet, quick reference), the board file, a bill of materials,
    README.txt and manifest.json (every file with its SHA-256).

    KIT_FILE is a kit in TOML (templates/kit.toml documents every setting, and
    python -m fabgen.kitbuild.kitfile prints it to copy); without it the default kit is
    built. Everything is checked first, the board validator
    included; nothing is written unless every product succeeds, and an interrupted build
    leaves the folder as it was. Files that an earlier build of the same folder wrote,
    that this one does not write and that nobody has changed since, are removed; a file
    it would write over with other bytes that somebody has changed since, or that no
    earlier build wrote (your own README.txt), stops the build.

    Example: fabgen build my_kit.toml --out output/
    """
    from fabgen.errors import FabgenError
    from fabgen.kitbuild.kitfile import KitFileError, load_kit
    from fabgen.kitbuild.plan import plan_kit, with_board_findings
    from fabgen.kitbuild.render import board_folder_files, render_kit

    def note(text: str) -> None:
        if not quiet:
            click.echo(text, err=True)

    _refuse_a_dash(kit_file, out_dir)
    _refuse_a_preset_name(kit_file)
    try:
        kit = load_kit(kit_file)
    except KitFileError as exc:
        _refuse_a_board_file(kit_file)
        raise with_board_findings(exc) from None
    except FabgenError:
        _refuse_a_board_file(kit_file)
        raise
    if kit_file is not None and not kit.given:  # (a file saved empty but for comments)
        note(
            f"warning [kit-file] {kit.source}: the file sets no setting (only comments or "
            "empty sections): the default kit is built, as fabgen build without a file "
            "builds it"
        )
    plan = plan_kit(kit)
    # (the board files are known from the plan: refused before minutes of rendering)
    _refuse_writing_over_inputs(out_dir, board_folder_files(plan), kit)
    for finding in plan.findings:
        if finding.severity == "warning":
            note(finding.text())
    note(f"building kit '{kit.name}' ({plan.checked_board.name}) from {kit.source}")
    files, timings = render_kit(plan, progress=note)
    _refuse_writing_over_inputs(out_dir, files, kit)  # (a kit file named like another)
    write_and_report(out_dir, files, manifest="manifest.json", keep_changed=True)
    note(f"{len(files)} files, {sum(timings.values()):.1f} s")


def _refuse_writing_over_inputs(out_dir, files: dict[str, bytes], kit) -> None:
    """A build into the folder that holds its own board file (``--out .`` beside
    ``board/club.toml``, which a build writes as board/NAME.toml) or kit file: the
    maker's file, comments and all, was replaced by fabgen's rewrite of it. The words
    name the kit file's ``board`` setting: build was given the kit file, not the board's."""
    from pathlib import Path

    from fabgen.board.files import preset_names
    from fabgen.cli.common import refuse_overwriting
    from fabgen.text import shown_path

    source = Path(kit.source)
    refuse_overwriting(source, out_dir, files, "the kit file you gave it", "move the kit file")
    board = kit.section("kit")["board"]
    if board not in preset_names():
        setting = f'board = "{board}"'
        refuse_overwriting(
            kit.folder / board,
            out_dir,
            files,
            f"the board file that {shown_path(source)} names ({setting} under [kit])",
            f"move the board file and change {setting} in {shown_path(source)} to its new place",
        )


def _refuse_a_dash(kit_file: str | None, out_dir) -> None:
    """``fabgen build -``: standard input to many programs; it said "-: no such file"
    (no fabgen command reads standard input, :func:`~fabgen.cli.common.refuse_a_dash`;
    a file named ``-`` is read as given)."""
    import os
    import shlex

    from fabgen.cli.common import dash_message
    from fabgen.errors import ParameterError

    if kit_file != "-" or os.path.lexists(kit_file):
        return
    example = shlex.join(["my_kit.toml", "--out", str(out_dir)])
    message = dash_message("fabgen build", "a kit file", example)
    raise ParameterError("kit", f"{message} (without a file it builds the default kit)")


def _refuse_a_preset_name(kit_file: str | None) -> None:
    """``fabgen build 3p-triangle-4``: a board's name where the kit file goes."""
    from fabgen.cli.boards_cmd import preset_named_by
    from fabgen.errors import ParameterError

    named = kit_file and preset_named_by(kit_file)
    if named:
        raise ParameterError(
            "kit",
            f"{kit_file}: no such file, but {named} is a preset board, and fabgen build "
            f'takes a kit file: copy templates/kit.toml, set board = "{named}" under '
            "[kit], and build that file (fabgen layout --preset "
            f"{named} writes the board's own diagram and printed board)",
        )


def _refuse_a_board_file(kit_file: str | None) -> None:
    """A board file or transcript where the kit file goes: say so (the kit reader said
    only that [board] and [players] are unknown sections, or that JSON is not TOML)."""
    from fabgen.cli.boards_cmd import toml_tables
    from fabgen.errors import ParameterError

    if not kit_file:
        return
    tables = toml_tables(kit_file)
    if tables is not None and ("kit" in tables or "board" not in tables):
        return
    if tables is None and not kit_file.lower().endswith(".json"):
        return
    what = "a board file ([board])" if tables else "JSON (a game transcript?)"
    raise ParameterError(
        "kit",
        f"{kit_file} is {what}, not a kit file: name it in a kit file (copy "
        f'templates/kit.toml, set board = "{kit_file}" under [kit]) and build that; '
        f"fabgen layout {kit_file} writes the board's own diagram and printed board",
    )
