"""Shared set-up of the product tests: the default kit, planned once."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def default_plan():
    """``plan_kit`` of templates/kit.toml (the 3-player triangle)."""
    from fabgen.kitbuild.kitfile import load_kit
    from fabgen.kitbuild.plan import plan_kit

    return plan_kit(load_kit(None))


@pytest.fixture(scope="session")
def kit_files(default_plan):
    """Every file of the default kit, as ``fabgen build`` writes them."""
    from fabgen.kitbuild.render import render_kit

    files, _ = render_kit(default_plan)
    return files
