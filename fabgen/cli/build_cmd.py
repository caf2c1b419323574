"""``fabgen build``: the whole kit from one kit file."""

from __future__ import annotations

import click

from fabgen.cli.common import out_option, write_and_report


@click.command("build", short_help="Build the whole kit (laser, 3D and print files) at once.")
@click.argument("kit_file", required=False, type=click.Path(dir_okay=False))
@click.option("--quiet", "-q", is_flag=True, help="Do not show progress and warnings.")
@out_option
def build(kit_file, quiet, out_dir):
    """Build every file of a kit into --out: laser files (a test tile, the board's tiles
    on sheets), 3D files (stones, markers, print plates), print files (setup diagram,
    full-size board, rule sheet, quick reference), the board file, a bill of materials,
    README.txt and manifest.json (every file with its SHA-256).

    KIT_FILE is a kit in TOML (templates/kit.toml documents every setting); without it
    the default kit is built. Everything is checked first, the board validator
    included; nothing is written unless every product succeeds. Files that an earlier
    build of the same folder wrote and this one does not are removed.

    Example: fabgen build my_kit.toml --out output/
    """
    from fabgen.kit import load_kit
    from fabgen.products import plan_kit, render_kit

    def note(text: str) -> None:
        if not quiet:
            click.echo(text, err=True)

    kit = load_kit(kit_file)
    plan = plan_kit(kit)
    for finding in plan.findings:
        if finding.severity == "warning":
            note(finding.text())
    note(f"building kit '{kit.name}' ({plan.board.name}) from {kit.source}")
    files, timings = render_kit(plan, progress=note)
    stale = _stale_files(out_dir, files)
    write_and_report(out_dir, files)
    for path in stale:
        path.unlink(missing_ok=True)
        click.echo(f"removed {path} (left from an earlier build)")
    note(f"{len(files)} files, {sum(timings.values()):.1f} s")


def _stale_files(out_dir, files):
    """Files listed in the folder's previous manifest that this build does not write."""
    import json

    manifest = out_dir / "manifest.json"
    try:
        old = json.loads(manifest.read_text("utf-8"))
        listed = [entry["path"] for entry in old["files"]]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    root = out_dir.resolve()
    stale = []
    for name in listed:
        path = (out_dir / name).resolve()
        if name not in files and root in path.parents and path.is_file():
            stale.append(out_dir / name)
    return stale
