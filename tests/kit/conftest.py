"""Set-up shared by the kit tests."""

from __future__ import annotations

import pytest

#: The rule sheets by paper setting, as fabgen.products.rulesheet.rulesheet_files drew
#: them in this test process.
_DRAWN: dict[str, dict[str, bytes]] = {}


@pytest.fixture(scope="module")
def rule_sheets_drawn_once():
    """In-process builds of the module take their rule sheet and quick reference from
    the first drawing for the same paper setting instead of drawing them again.

    The sheets depend on the paper setting alone (render._rulesheet_product passes
    nothing else), and drawing them is most of a kit without 3-D files (about two thirds
    of its time). The bytes are the ones rulesheet_files returns; every build still
    renders its other products and writes the sheets; a build in a child process (the
    second-process build of test_build.py) draws its own, and its tree is compared with
    the in-process one's."""
    from fabgen.products import rulesheet
    from fabgen.products.output import Files

    real = rulesheet.rulesheet_files

    def drawn_once(paper: str = "both") -> Files:
        if paper not in _DRAWN:
            _DRAWN[paper] = dict(real(paper).files)
        return Files(dict(_DRAWN[paper]))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rulesheet, "rulesheet_files", drawn_once)
        yield
