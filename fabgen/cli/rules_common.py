"""Options shared by the ``fabgen rules`` commands (:mod:`.rules_cmd`, :mod:`.machine_cmd`).

Both command modules import this one and not each other, so neither needs the other
to be half-imported first.
"""

from __future__ import annotations

import click

# fabgen.rules.variants.VARIANTS, kept light (a test checks they agree)
VARIANT_NAMES = ("online", "online-2013", "blog", "1995")

variant_option = click.option(
    "--variant",
    type=click.Choice(VARIANT_NAMES),
    default="online",
    show_default=True,
    help="Rule variant: online (current rules; tied players share their place), "
    "online-2013 (ties go to the player later in turn order), blog (ties go to more "
    "stones on the board), 1995 (ends when no growing field is left and everyone passed "
    "in a row; ties shared).",
)
