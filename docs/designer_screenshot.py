"""Remake docs/serve-board-designer.png, the picture of the board designer (docs/web.md).

The 2p-diamond-5-machines preset is loaded and seat 2 (a machine) picked, so that its
name, colour and kind show in the form beside the way the seats go round, and the
window is photographed by Debian's chromium through Playwright (the test extra), as
docs/play_screenshot.py photographs the play page::

    .venv/bin/python docs/designer_screenshot.py
"""

from __future__ import annotations

from pathlib import Path

from play_screenshot import photograph  # (beside this script: python puts its folder first)

OUT = Path(__file__).with_name("serve-board-designer.png")
PRESET = "2p-diamond-5-machines"


def main() -> None:
    photograph("/board", _design, OUT, height=1320)


def _design(page) -> None:
    page.locator("#canvas svg").wait_for()
    page.get_by_label("Preset board").select_option(PRESET)
    page.get_by_role("button", name="Load preset").click()
    page.locator("#status").filter(has_text=f"Loaded {PRESET}").wait_for()
    page.get_by_label("Seat", exact=True).select_option(index=1)
    page.wait_for_function("() => document.querySelector('#seat-kind').value === 'machine'")
    page.wait_for_load_state("networkidle")
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")


if __name__ == "__main__":
    main()
