"""``fabgen serve`` as a user starts it: a process that listens on localhost."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


@pytest.fixture
def served():
    process = subprocess.Popen(
        [sys.executable, "-m", "fabgen", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line + process.stderr.read()
        yield f"http://127.0.0.1:{found.group(1)}", line
    finally:
        process.terminate()
        process.wait(20)


def test_serve_listens_on_localhost_and_serves_the_pages(served):
    url, line = served
    assert "/board" in line and "/rules" in line
    with urllib.request.urlopen(url + "/") as page:
        html = page.read().decode()
    assert "Kit configurator" in html
    with urllib.request.urlopen(url + "/api/kit/form") as answer:
        form = json.load(answer)
    assert [s["name"] for s in form["sections"]] == ["kit", "tile", "laser", "stones"]


def test_a_port_in_use_is_a_clear_error(cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "fabgen", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_help_says_where_it_listens(cli):
    result = cli("serve", "--help")
    assert result.exit_code == 0
    assert "127.0.0.1" in result.output and "--open" in result.output


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_no_preview_worker_outlives_the_server(stop, default_settings):
    process = subprocess.Popen(
        [sys.executable, "-m", "fabgen", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port = re.search(r":(\d+)/", process.stdout.readline()).group(1)
        body = json.dumps({"settings": default_settings, "rest": True}).encode()
        ask = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/kit/preview",
            data=body,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(ask) as answer:
            assert json.load(answer)["ok"]
        [worker] = _children(process.pid)
        process.send_signal(stop)
        process.wait(20)
        deadline = time.monotonic() + 20
        while _running(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(worker)
    finally:
        process.kill()
        process.wait(20)


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    return [int(c) for t in tasks.iterdir() for c in (t / "children").read_text().split()]


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
