"""Helpers shared by the web tests (plain functions; fixtures live in conftest.py)."""

from __future__ import annotations

import os
from contextlib import contextmanager


def fields_changed(start, steps) -> set[str]:
    """The names of the fields whose status, owner or stones some step changes, from
    ``start`` (the position the first step was played on) through the steps' positions."""
    names = start.board.names
    before = [start] + [s.position for s in steps[:-1]]
    return {
        names[i]
        for a, b in zip(before, [s.position for s in steps], strict=True)
        for i in range(len(names))
        if (a.status_codes[i], a.owners[i], a.stone_counts[i])
        != (b.status_codes[i], b.owners[i], b.stone_counts[i])
    }


def chosen_board_is_preset(page, preset: str) -> bool:
    """Whether the board chosen on show (play page) is the server's picture of
    ``preset`` (the designer's, with its seats' starts)."""
    page.locator("#board .chosen-board svg").wait_for()
    return page.locator("#board .chosen-board").evaluate(
        """async (e, preset) => {
          const answer = await (await fetch(`/api/board/preset/${preset}`)).json();
          const parsed = document.createElement('div');
          parsed.innerHTML = answer.svg;
          return parsed.innerHTML === e.innerHTML;
        }""",
        preset,
    )


@contextmanager
def checked_page(browser, **context_args):
    """A page of a fresh browser context (``context_args``: viewport, downloads) with
    the suite's timeout (``FABGEN_BROWSER_TIMEOUT_MS``); on leaving, the context is
    closed and any JavaScript error the page raised fails the test."""
    context = browser.new_context(**context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(float(os.environ.get("FABGEN_BROWSER_TIMEOUT_MS", 30000)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def play_settled(page) -> None:
    """Wait until the play page has no request under way: a person may tap, or the game
    is over. (Not "#board svg": the board chosen is pictured there before Start game.)"""
    page.wait_for_function(
        "() => !busy && game && (game.over || !document.querySelector('#end-turn').disabled)"
    )


def accessibility_tree(page, selector) -> tuple[dict, list[dict]]:
    """The node chromium's accessibility tree gives the element, and the whole tree."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    backend = cdp.send("DOM.describeNode", {"nodeId": node})["node"]["backendNodeId"]
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    (top,) = [n for n in tree if n.get("backendDOMNodeId") == backend]
    return top, tree
