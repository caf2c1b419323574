"""``fabgen serve``: the browser front end on this computer."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import click

from fabgen.cli.common import Folder
from fabgen.cli.options import option
from fabgen.errors import UserError
from fabgen.web.limits import ABANDONED_DAYS, LIMITS


@click.command(
    "serve",
    short_help="Kit configurator, board designer, rules viewer and play page in the browser.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; the default lets only this computer in. 0.0.0.0 opens the "
    "server to your network (there is no login: do that only on a network you trust).",
)
@option("port")
@click.option("--open", "open_browser", is_flag=True, help="Open the pages in your web browser.")
@click.option(
    "--games-dir",
    type=Folder(path_type=str),
    default=None,
    help="Folder where the play page keeps its games (one transcript per game; they "
    f"survive a restart). It keeps at most {LIMITS.games_on_disk:,} games: past that the "
    f"oldest finished games, then games not played for {ABANDONED_DAYS} days, are "
    "deleted, and when none is, new games are refused. Default: "
    "~/.local/share/fabgen/games.",
)
def serve(host, port, open_browser, games_dir):
    """Start a local web app: the kit configurator (every kit setting with a live preview
    and the whole kit as a download), the board designer (click tiles and seats, see the
    validator's findings at once), the rules viewer (step through a game) and the play
    page (play against the computer, or at the table with machine seats). Nothing is
    loaded from the internet. Stop it with Ctrl+C.

    Example: fabgen serve --open
    """
    from fabgen.signals import stop_signals_raise
    from fabgen.web import create_app

    if host == "":  # it listened on every address: the network, unasked
        raise UserError(
            "--host is empty, which would open the server to your network: leave --host "
            "out for this computer only (127.0.0.1), or give 0.0.0.0 to open it on purpose"
        )
    try:  # (before the games folder is made: a bad --host leaves no folder behind)
        _check_free(host, port)  # werkzeug itself would print and exit with code 1
    except (OSError, TypeError) as exc:  # (TypeError: a host name Python cannot encode)
        raise _cannot_listen(host, port, exc) from None
    games_dir = _games_folder(games_dir)
    try:
        app = create_app(preview_worker=True, games_dir=games_dir)
        server = _server(host, port, app)
    except (OSError, SystemExit) as exc:
        raise _cannot_listen(host, port, exc) from None
    # (the play page gives a game's address to other phones: not this computer's 127.0.0.1)
    app.config["FABGEN_NETWORK_ORIGIN"] = _network_origin(host, server.server_port)
    url = f"http://{_shown(host)}:{server.server_port}/"
    with stop_signals_raise():  # Ctrl+C and kill stop it cleanly, whatever was inherited
        _run(app, server, url, open_browser, _network_hint(host, server.server_port))


def _cannot_listen(host: str, port: int, exc: BaseException):
    """The error of a server that cannot listen on ``host:port``: a host that is no
    address of this computer is the --host's fault, anything else the --port's."""
    import errno

    from fabgen.errors import ParameterError, abridged

    reason = getattr(exc, "strerror", None) or "the address is in use or not this computer's"
    if isinstance(exc, TypeError):  # a NUL, or bytes that are no text (a lone surrogate)
        reason = f"no host name ({exc})"
    reason = reason.split(" (while attempting to bind")[0]  # (it repeats the host whole)
    code = getattr(exc, "errno", None)
    shown = abridged(host, 60, quoted=not host.isprintable())
    where = f"cannot listen on {shown}:{port}: {reason}"
    # Negative codes are the name service's (no such host), EADDRNOTAVAIL an address
    # that is not this computer's.
    if isinstance(exc, TypeError) or (
        isinstance(code, int) and (code < 0 or code == errno.EADDRNOTAVAIL)
    ):
        return ParameterError(
            "host",
            f"{where}; give --host a name or address of this computer: 127.0.0.1 (this "
            "computer only, the default), 0.0.0.0 (your network too) or ::1 (IPv6, "
            "without brackets)",
        )
    return ParameterError(
        "port", f"{where}; choose another --port (or stop the program that uses it)"
    )


def _games_folder(games_dir: str | None) -> Path:
    """The play page's games folder, made now: a folder that cannot be made or written
    is refused before the server starts, not at the first saved game."""
    from fabgen.errors import ParameterError, abridged
    from fabgen.web.games import default_games_dir

    if games_dir is not None and not games_dir.strip():  # (it would be the current folder)
        raise ParameterError(
            "games-dir",
            "--games-dir is empty: give the folder to keep the games in, e.g. --games-dir "
            f"games/, or leave --games-dir out for {default_games_dir()}",
        )
    folder = Path(games_dir).expanduser() if games_dir is not None else default_games_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        writable = os.access(folder, os.W_OK | os.X_OK)
    except OSError as exc:
        reason = _not_a_folder(folder) or exc.strerror or str(exc)
        writable = False
    else:
        reason = "it is not writable"
    if not writable:
        shown = abridged(str(folder), 200, quoted=not str(folder).isprintable())
        if games_dir is None:  # (the message told to leave out the --games-dir not given)
            raise ParameterError(
                "games-dir",
                f"the default games folder {shown} (from XDG_DATA_HOME, else your home "
                f"folder) cannot keep games ({reason}): give --games-dir a folder fabgen "
                "may create and write",
            )
        raise ParameterError(
            "games-dir",
            f"--games-dir {shown}: cannot keep games there ({reason}); give a folder "
            "fabgen may create and write, or leave --games-dir out for "
            f"{default_games_dir()}",
        )
    return folder


def _not_a_folder(folder: Path) -> str | None:
    """What on the way to ``folder`` exists but is no folder (a file, /dev/null, a link
    to nothing), in words for a message; None when nothing is."""
    from fabgen.errors import abridged

    for path in [folder, *folder.parents]:
        if os.path.isdir(path):
            return None
        if os.path.lexists(path):
            what = "it" if path == folder else abridged(str(path), 200)
            if os.path.islink(path) and not os.path.exists(path):
                return f"{what} is a symbolic link to something that does not exist"
            return f"{what} is not a folder"
    return None


#: The words of the refusals the server sends before a request reaches the app (Python's
#: http.server reads the request line and the headers), by status.
PLAIN_SERVER_REFUSALS = {
    414: "the request's address is longer than 64 kB: send a shorter one",
    431: "the request's headers are too long or too many (64 kB a line, 100 headers): send fewer",
}


def _server(host: str, port: int, app):
    """werkzeug's threaded server, which closes connections that send nothing for
    ``LIMITS.idle_seconds``: without that every idle connection (a tablet's browser
    keeps some open) held a thread for good, 800 of them about 500 MB never given back.
    The refusals it sends itself (an address over 64 kB, too many headers, a request line
    it cannot read) are ``{"error": message}`` as the app's are, not an HTML page."""
    import json

    from werkzeug.serving import WSGIRequestHandler, make_server

    from fabgen.web.limits import LIMITS

    class Handler(WSGIRequestHandler):
        timeout = LIMITS.idle_seconds  # (socketserver sets it on each connection)

        def send_error(self, code, message=None, explain=None):
            words = PLAIN_SERVER_REFUSALS.get(code)
            if words is None:
                reason = message or self.responses.get(code, ("",))[0]
                words = f"the server cannot read the request ({reason})"
            self.log_error("code %d, message %s", code, message)
            self.send_response(code, message)
            self.send_header("Connection", "close")
            body = json.dumps({"error": words}).encode()
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

    return make_server(host, port, app, threaded=True, request_handler=Handler)


def _run(app, server, url: str, open_browser: bool, hint: str = "") -> None:
    """Serve until SIGINT (exit 0), SIGTERM or SIGHUP (exit 128 + signal, raised as
    :class:`fabgen.signals.Terminated`); the preview worker is closed in every case."""
    worker, play = app.extensions["fabgen_worker"], app.extensions["fabgen_play"]
    try:
        worker.start()  # the computer seats' worker starts with the first computer turn
        click.echo(
            f"fabgen serve: open {url} (kit), {url}board, {url}rules, {url}play "
            f"(games in {play.store.folder}); Ctrl+C stops"
        )
        if hint:
            click.echo(hint)
        if open_browser:
            import webbrowser

            webbrowser.open(url)
        server.serve_forever()  # werkzeug's returns on KeyboardInterrupt
    finally:
        worker.close()
        play.close()
        with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
            click.echo("stopped")


def _check_free(host: str, port: int) -> None:
    """Raise OSError when ``host:port`` cannot be listened on."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.create_server((host, port), family=family):
        pass


#: Hosts that listen on every address of this computer.
_EVERY_ADDRESS = ("0.0.0.0", "::")


def _shown(host: str) -> str:
    """The host as a URL names it from this computer (an IPv6 address in brackets)."""
    if host in _EVERY_ADDRESS:
        return "[::1]" if host == "::" else "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def _network_hint(host: str, port: int) -> str:
    """For a server open to the network, the address other devices use (the printed
    URL names this computer only); empty otherwise."""
    if host not in _EVERY_ADDRESS:
        return ""
    origin = _network_origin(host, port) or f"http://THIS-COMPUTER'S-ADDRESS:{port}"
    return f"other devices on your network: {origin}/"


def _network_origin(host: str, port: int) -> str:
    """``http://ADDRESS:PORT``, where other devices reach a server open to the network;
    empty for one that listens for this computer only, or when no address is known."""
    address = _network_address() if host in _EVERY_ADDRESS else None
    return f"http://{address}:{port}" if address else ""


def _network_address() -> str | None:
    """This computer's address on its network, None when it has none but loopback."""
    import socket

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))  # UDP: no packet is sent, a route is only chosen
        address = s.getsockname()[0]
        return None if address.startswith("127.") else address
    return None
