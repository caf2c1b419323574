"""Options shared by the ``fabgen rules`` commands (:mod:`.rules_cmd`, :mod:`.machine_cmd`).

Both command modules import this one and not each other, so neither needs the other
to be half-imported first.
"""

from __future__ import annotations

import click

from fabgen.cli.options import option

# fabgen.rules.variants.VARIANTS, kept light (a test checks they agree)
VARIANT_NAMES = ("online", "online-2013", "blog", "1995")

variant_option = option("variant")


def game_variant(variant: str, transcript) -> str:
    """The variant to play a file's game under: ``--variant`` when given on the command
    line, else the one the file names (fabgen's saved games say under which variant
    they were played), else the default."""
    from click.core import ParameterSource

    given = click.get_current_context().get_parameter_source("variant")
    if given is ParameterSource.COMMANDLINE or transcript.variant is None:
        return variant
    return transcript.variant
