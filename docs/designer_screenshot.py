"""Remake docs/serve-board-designer.png, the picture of the board designer (docs/web.md).

The 2p-diamond-5-machines preset is loaded and seat 2 (a machine) picked, so that its
name, colour and kind show in the form beside the way the seats go round, and the
window is photographed by Debian's chromium through Playwright (the test extra), as
docs/play_screenshot.py photographs the play page::

    .venv/bin/python docs/designer_screenshot.py
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

OUT = Path(__file__).with_name("serve-board-designer.png")
CHROMIUM = "/usr/bin/chromium"
PRESET = "2p-diamond-5-machines"


def main() -> None:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from fabgen.web import create_app

    with tempfile.TemporaryDirectory() as games:
        server = make_server("127.0.0.1", 0, create_app(games_dir=games), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1280, "height": 1320})
                page.goto(f"http://127.0.0.1:{server.server_port}/board")
                _design(page)
                page.screenshot(path=str(OUT), full_page=True)
                browser.close()
        finally:
            server.shutdown()
    print(f"wrote {OUT}")


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
