"""``fabgen rulesheet``: the rules as a printable rule sheet and quick reference card."""

from __future__ import annotations

import click

from fabgen.cli.common import out_option, write_and_report
from fabgen.cli.options import option


@click.command("rulesheet", short_help="Print the rules: rule sheet with figures, quick reference.")
@option("paper")
@out_option
def rulesheet(paper, out_dir):
    """Write the rules of Atlantis as PDF: a rule sheet of 2 to 5 pages, whose figures
    the rules engine computes from example positions, and a one-page quick reference
    card (landscape), each for A4 and/or Letter. The files are rulesheet-PAPER.pdf and
    quickref-PAPER.pdf.

    The wording lives in templates/rulesheet/ (rules.md, quickref.md).

    Example: fabgen rulesheet --paper a4 --out output/
    """
    from fabgen.products.rulesheet import rulesheet_files

    write_and_report(out_dir, rulesheet_files(paper).files)
