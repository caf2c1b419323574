"""``fabgen serve`` as a user starts it: a process that listens on localhost."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from tests.processes import with_signals
from tests.web.conftest import children_of, ends_within


@pytest.fixture
def served(request):
    """``fabgen serve`` on a free port: its address, the line it printed, its process.
    Its stop signals come at their defaults, or as ``request.param`` says (SIG_IGN)."""
    process = subprocess.Popen(
        with_signals(
            [sys.executable, "-m", "fabgen", "serve", "--port", "0"],
            getattr(request, "param", signal.SIG_DFL),
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line + process.stderr.read()
        yield f"http://127.0.0.1:{found.group(1)}", line, process
    finally:
        process.kill()  # it may ignore SIGTERM (inherited): nothing may outlive the test
        process.wait(20)


def test_serve_listens_on_localhost_and_serves_the_pages(served):
    url, line, _ = served
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


@pytest.mark.parametrize(
    ("host", "shown", "reason"),
    [
        ("nonexistent.invalid", "nonexistent.invalid", "Name or service not known"),
        ("[::1]", "[::1]", "Name or service not known"),
        ("198.51.100.7", "198.51.100.7", "Cannot assign requested address"),
        ("h" * 5000, "hhhhhhhhhhhh... (5000 characters)", "Name or service not known"),
        ("\udcff", "'\\udcff'", "no host name (encoding of hostname failed)"),
        ("a\x00b", "'a\\x00b'", "no host name (host name must not contain null character)"),
    ],
    ids=["unknown", "brackets", "not this computer's", "5000 characters", "not text", "NUL"],
)
def test_a_host_that_is_no_address_of_this_computer_is_said_as_such(
    cli, tmp_path, monkeypatch, host, shown, reason
):
    """Refused before it listens, as --host's fault: it said "choose another --port", with
    the host whole (twice), and a host name Python cannot encode was a traceback. No
    games folder is made for a server that does not start."""
    from fabgen.cli import serve_cmd

    def never(*args):
        raise AssertionError(f"fabgen serve listened on {host!r}")

    monkeypatch.setattr(serve_cmd, "_run", never)
    games = tmp_path / "games"
    result = cli("serve", "--host", host, "--port", "0", "--games-dir", games)
    assert result.exit_code == 2, result.output
    assert f"cannot listen on {shown}:0: {reason}; give --host a name or address" in result.stderr
    assert "--port" not in result.stderr and len(result.stderr) < 400
    assert not games.exists()


def test_serve_help_says_where_it_listens(cli):
    result = cli("serve", "--help")
    assert result.exit_code == 0
    assert "127.0.0.1" in result.output and "--open" in result.output


@pytest.mark.parametrize(
    "served",
    [signal.SIG_DFL, signal.SIG_IGN],
    ids=["inherited-default", "inherited-ignored"],
    indirect=True,
)
@pytest.mark.parametrize(
    "stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=["TERM", "INT", "KILL"]
)
def test_no_preview_worker_outlives_the_server(stop, served, default_settings):
    url, _, process = served
    assert len(children_of(process.pid)) == 1  # started with the server, ready at once
    ask = urllib.request.Request(
        f"{url}/api/kit/preview",
        data=json.dumps({"settings": default_settings, "rest": True}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(ask) as answer:
        assert json.load(answer)["ok"]
    [worker] = children_of(process.pid)
    process.send_signal(stop)
    code = process.wait(20)
    if stop == signal.SIGKILL:  # no clean-up possible: the worker sees its input close
        assert ends_within(worker, 20)
        return
    # SIGINT and SIGTERM stop the server cleanly, whatever it inherited: it closes its
    # worker before it ends, and exits as Ctrl+C or a kill is expected to.
    assert ends_within(worker, 0)
    assert code == (0 if stop == signal.SIGINT else 128 + stop)
    assert process.stdout.read().strip() == "stopped"


def test_a_games_folder_that_cannot_be_made_is_refused_before_the_server_starts(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = subprocess.run(
        [sys.executable, "-m", "fabgen", "serve", "--port", "0", "--games-dir", blocker / "sub"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--games-dir" in result.stderr and "cannot keep games there" in result.stderr
    assert "Traceback" not in result.stderr and "fabgen serve: open" not in result.stdout


def test_a_connection_that_sends_nothing_is_closed(monkeypatch):
    # Each open connection holds a thread of the server: idle ones must not pile up.
    import dataclasses
    import threading
    import time

    import fabgen.web.limits as limits
    from fabgen.cli.serve_cmd import _server
    from fabgen.web import create_app

    monkeypatch.setattr(limits, "LIMITS", dataclasses.replace(limits.LIMITS, idle_seconds=0.5))
    server = _server("127.0.0.1", 0, create_app())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", server.server_port), timeout=30) as idle:
            began = time.monotonic()
            assert idle.recv(1) == b""  # closed by the server, not by our timeout
            assert time.monotonic() - began < 20
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/") as page:
            assert page.status == 200  # a real request is served as before
    finally:
        server.shutdown()
        thread.join(20)


@pytest.mark.parametrize(
    ("request_head", "status", "words"),
    [
        (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414, "address is longer than 64 kB"),
        (b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 101 + b"\r\n", 431, "too many"),
        (b"GET / two words HTTP/1.1\r\n\r\n", 400, "cannot read the request"),
    ],
    ids=["long-address", "many-headers", "unreadable-line"],
)
def test_the_servers_own_refusals_are_messages_as_the_apps_are(request_head, status, words):
    # Python's http.server refused these with an HTML page before the app saw them.
    import threading

    from fabgen.cli.serve_cmd import _server
    from fabgen.web import create_app

    server = _server("127.0.0.1", 0, create_app())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", server.server_port), timeout=30) as sock:
            sock.sendall(request_head)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
    finally:
        server.shutdown()
        thread.join(20)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b"\r\n")[0].split(b" ")[1] == str(status).encode()
    assert b"Content-Type: application/json" in head
    assert words in json.loads(body)["error"]


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        ("127.0.0.1", "127.0.0.1"),
        ("0.0.0.0", "127.0.0.1"),
        ("::", "[::1]"),
        ("::1", "[::1]"),
        ("192.168.1.5", "192.168.1.5"),
    ],
)
def test_the_printed_address_is_a_url_for_this_computer(host, shown):
    from fabgen.cli.serve_cmd import _shown

    assert _shown(host) == shown
    urllib.request.Request(f"http://{shown}:8000/")  # a URL urllib reads (http://:::8000/ is not)


def test_a_server_open_to_the_network_says_which_address_other_devices_use(monkeypatch):
    from fabgen.cli import serve_cmd

    monkeypatch.setattr(serve_cmd, "_network_address", lambda: "192.168.1.23")
    assert serve_cmd._network_hint("0.0.0.0", 8000) == (
        "other devices on your network: http://192.168.1.23:8000/"
    )
    assert serve_cmd._network_hint("127.0.0.1", 8000) == ""  # only this computer may come in
    # the origin the play page gives a game's address with, for other phones
    assert serve_cmd._network_origin("0.0.0.0", 8000) == "http://192.168.1.23:8000"
    assert serve_cmd._network_origin("127.0.0.1", 8000) == ""
    monkeypatch.setattr(serve_cmd, "_network_address", lambda: None)
    assert "THIS-COMPUTER'S-ADDRESS:8000" in serve_cmd._network_hint("::", 8000)


def test_a_long_games_folder_is_quoted_briefly(cli):
    """(It was said whole: 100,000 characters.)"""
    result = cli("serve", "--port", "0", "--games-dir", "g" * 100_000)
    assert result.exit_code == 2, result.output
    assert "--games-dir gggggggggggg... (100000 characters): cannot keep games" in result.stderr
    assert "(File name too long)" in result.stderr and len(result.stderr) < 600


@pytest.mark.parametrize("games", ["", " ", "\t"])
def test_an_empty_games_folder_is_refused(monkeypatch, tmp_path, games):
    """(It was taken as no --games-dir: the default folder, quietly; " " made a folder
    named by a space in the current folder.)"""
    from fabgen.cli.options import named_for_the_command_line
    from fabgen.cli.serve_cmd import _games_folder
    from fabgen.errors import ParameterError

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ParameterError) as refused:
        _games_folder(games)
    message = named_for_the_command_line(refused.value)
    assert message.startswith("--games-dir is empty: give the folder to keep the games in")
    assert str(tmp_path / "data" / "fabgen" / "games") in message
    assert list(tmp_path.iterdir()) == []  # neither the default folder nor " "


def test_an_empty_games_folder_is_refused_on_the_command_line(cli, monkeypatch, tmp_path):
    from fabgen.cli import serve_cmd

    def never(*args):
        raise AssertionError("fabgen serve listened with an empty --games-dir")

    monkeypatch.setattr(serve_cmd, "_run", never)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = cli("serve", "--port", "0", "--games-dir", "")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: --games-dir is empty: give the folder")
    assert result.stdout == "" and not (tmp_path / "data").exists()


@pytest.mark.parametrize(
    ("games", "reason"),
    [
        ("/dev/null", "it is not a folder"),
        ("/dev/null/games", "/dev/null is not a folder"),
        ("{tmp}/a-file", "it is not a folder"),
        ("{tmp}/a-file/games", "{tmp}/a-file is not a folder"),
        ("{tmp}/nowhere", "it is a symbolic link to something that does not exist"),
    ],
)
def test_a_games_folder_that_is_no_folder_is_said_as_such(monkeypatch, tmp_path, games, reason):
    """(/dev/null and a file said "(File exists)", a folder under them "(Not a
    directory)".)"""
    from fabgen.cli.serve_cmd import _games_folder
    from fabgen.errors import ParameterError

    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "nowhere").symlink_to(tmp_path / "missing")
    games, reason = (t.replace("{tmp}", str(tmp_path)) for t in (games, reason))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with pytest.raises(ParameterError) as refused:
        _games_folder(games)
    assert f"--games-dir {games}: cannot keep games there ({reason}); give a folder" in str(
        refused.value
    )
