"""The printed rules: ``fabgen rulesheet`` and the kit's rule sheet and quick reference
(docs/design-notes.md, *Products*). The sheets are laid out by
:mod:`fabgen.docs.rulesheet`, their figures computed by the rules engine."""

from __future__ import annotations

from fabgen.products.output import Files


def rulesheet_files(paper: str = "both") -> Files:
    """``rulesheet-PAPER.pdf`` and ``quickref-PAPER.pdf`` for the setting ``paper``
    (``a4``, ``letter`` or ``both``)."""
    from fabgen.docs.rulesheet import rulesheet_pdfs

    return Files(rulesheet_pdfs(paper))


def paper_setting(papers: tuple[str, ...]) -> str:
    """The setting ``paper`` that names ``papers`` (both when there are two)."""
    return "both" if len(papers) == 2 else papers[0]
