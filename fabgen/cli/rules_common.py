"""Options shared by the ``fabgen rules`` commands (:mod:`.rules_cmd`, :mod:`.machine_cmd`).

Both command modules import this one and not each other, so neither needs the other
to be half-imported first.
"""

from __future__ import annotations

from fabgen.cli.options import option

# fabgen.rules.variants.VARIANTS, kept light (a test checks they agree)
VARIANT_NAMES = ("online", "online-2013", "blog", "1995")

variant_option = option("variant")
