"""``fabgen build``: the whole kit from one kit file."""

from __future__ import annotations

import click

from fabgen.cli.common import out_option, write_and_report


@click.command("build", short_help="Build the whole kit (laser, 3D and print files) at once.")
@click.argument("kit_file", required=False, type=click.Path(dir_okay=False))
@out_option
def build(kit_file, out_dir):
    """Build every file of a kit into --out: laser files, print files and a manifest
    with the SHA-256 of every file. KIT_FILE is a kit in TOML (see templates/kit.toml);
    without it the default kit is built. Nothing is written unless every product
    succeeds.

    Example: fabgen build my_kit.toml --out output/
    """
    from fabgen.kit import build_kit, check_kit, load_kit

    kit = load_kit(kit_file)
    check_kit(kit)
    click.echo(f"building kit '{kit.name}' from {kit.source}", err=True)
    files = build_kit(kit)
    write_and_report(out_dir, files)
