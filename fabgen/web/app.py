"""The web server (Flask): three pages and their JSON endpoints.

Handlers stay thin: they take the request apart, call :mod:`fabgen.web.kitform`,
:mod:`fabgen.web.designer` or :mod:`fabgen.web.viewer` (which call the library), and
send the answer. Bad input gives ``{"error": message}`` with status 400 and the
CLI's message; nothing from a request is ever used as a file path.
"""

from __future__ import annotations

import json
import mimetypes
import re
import threading
from pathlib import Path

from flask import Flask, Response, jsonify, render_template, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import ClientDisconnected, HTTPException

from fabgen import __version__
from fabgen.errors import FabgenError, abridged, requested
from fabgen.web.limits import LIMITS, TooLarge, TooMuchWork

#: What the board designer downloads (/api/board/download/WHAT).
DOWNLOADS = ("toml", "start", "setup-svg", "setup-pdf")
#: One kit build at a time: a build takes seconds and most of the machine.
_BUILD_LOCK = threading.Lock()


class RequestError(FabgenError):
    """A request the server cannot use (not JSON, too large, a missing part)."""


def create_app(
    preview_worker: bool = False,
    games_dir: str | Path | None = None,
    think_worker: bool | None = None,
) -> Flask:
    """The app; ``preview_worker``: the slow part of the kit preview runs in a second
    process (:mod:`fabgen.web.worker`), as ``fabgen serve`` does. Call
    ``app.extensions["fabgen_worker"].close()`` when done with it. ``games_dir``: the
    play page's games folder (default :func:`fabgen.web.games.default_games_dir`);
    ``think_worker`` (default: as ``preview_worker``): computer seats decide in a
    worker process with a time cap; close it with ``app.extensions["fabgen_play"]``."""
    # Python's own table lacks .woff2 (it comes from the system's mime.types, which a
    # small system has not): the fonts would go out as application/octet-stream.
    mimetypes.add_type("font/woff2", ".woff2")
    app = Flask(__name__)
    if preview_worker:
        from fabgen.web.worker import PreviewWorker

        app.extensions["fabgen_worker"] = PreviewWorker()
    from fabgen.web.games import default_games_dir
    from fabgen.web.play import Play
    from fabgen.web.thinker import Thinker

    thinking = preview_worker if think_worker is None else think_worker
    app.extensions["fabgen_play"] = Play(games_dir or default_games_dir(), Thinker(thinking))
    app.config["MAX_CONTENT_LENGTH"] = LIMITS.request_bytes
    assert isinstance(app.json, DefaultJSONProvider)  # Flask's own: none other is set
    app.json.sort_keys = False  # keep the schema's order
    _pages(app)
    _kit_api(app)
    _board_api(app)
    _rules_api(app)
    _play_api(app)
    _errors(app)
    return app


# ---- pages ------------------------------------------------------------------------------


def _pages(app: Flask) -> None:
    from fabgen.web.kitform import SECTION_TITLES, controls

    @app.get("/")
    def kit_page():
        from fabgen.board.files import preset_names

        return render_template(
            "kit.html",
            page="kit",
            sections=controls(),
            titles=SECTION_TITLES,
            presets=preset_names(),
            version=__version__,
        )

    @app.get("/board")
    def board_page():
        from fabgen.board.files import preset_names
        from fabgen.board.model import SeatKind
        from fabgen.kitbuild.kitfile import SCHEMA

        # A first visit opens the kit's default board, not the first name in the list
        # (a one-person machine board).
        default = next(s.default for s in SCHEMA["kit"] if s.key == "board")
        return render_template(
            "board.html",
            page="board",
            presets=preset_names(),
            default_preset=default,
            kinds=[k.value for k in SeatKind],
            version=__version__,
        )

    @app.get("/rules")
    def rules_page():
        from fabgen.board.files import preset_names
        from fabgen.rules.variants import VARIANTS

        return render_template(
            "rules.html",
            page="rules",
            variants=list(VARIANTS),
            presets=preset_names(),
            version=__version__,
        )

    @app.get("/play")
    def play_page():
        from fabgen.board.files import preset_names
        from fabgen.rules.variants import VARIANTS

        return render_template(
            "play.html",
            page="play",
            network_origin=app.config.get("FABGEN_NETWORK_ORIGIN", ""),
            presets=preset_names(),
            default_preset="3p-triangle-4",
            variants=list(VARIANTS),
            version=__version__,
        )


# ---- the kit configurator ---------------------------------------------------------------


def _kit_api(app: Flask) -> None:
    from fabgen.web import kitform

    @app.get("/api/kit/form")
    def kit_form():
        return jsonify(kitform.form_json())

    @app.post("/api/kit/preview")
    def kit_preview():
        data = _json()
        quick, rest = _flag(data, "quick"), _flag(data, "rest")
        settings, board_state = data["settings"], data.get("board_state")
        worker = app.extensions.get("fabgen_worker")
        if rest and not quick and worker is not None:
            # a page's newer request replaces its older one (see PreviewWorker)
            page = data.get("page")
            page = page[:64] if isinstance(page, str) and page else None
            answer = worker.rest_preview(settings, board_state, page)
            if answer is not None:
                return jsonify(answer)
        return jsonify(kitform.preview(settings, board_state, quick, rest))

    @app.post("/api/kit/file")
    def kit_file():
        data = _json()
        body, kind, name = kitform.kit_file(data["settings"], data.get("board_state"))
        if kind == "zip":  # with its board: named apart from the kit's own zip
            return _download(body, f"{_safe(name)}-kit-file.zip", "application/zip")
        # kit.toml, as its first lines, the kit's zip and README.txt name it: built under
        # another name (it was NAME-kit.toml), README.txt and the manifest said that name
        return _download(body, kitform.KIT_FILE_NAME, "application/toml")

    @app.post("/api/kit/zip")
    def kit_zip():
        data = _json()
        if not _BUILD_LOCK.acquire(blocking=False):
            raise TooMuchWork("another kit is being built: try again when it is done")
        try:
            body, name = kitform.build_zip(data["settings"], data.get("board_state"))
        finally:
            _BUILD_LOCK.release()
        return _download(body, f"{_safe(name)}-kit.zip", "application/zip")


# ---- the board designer -----------------------------------------------------------------


def _board_api(app: Flask) -> None:
    from fabgen.web import designer

    @app.post("/api/board/view")
    def board_view():
        return jsonify(designer.view_state(_json()["state"]))

    @app.get("/api/board/preset/<name>")
    def board_preset(name: str):
        from fabgen.board.files import load_preset

        return jsonify(designer.designer_view(load_preset(name)))

    @app.post("/api/board/upload")
    def board_upload():
        name, text = _upload()
        variant = None
        if request.form.get("check") == "game" and text.lstrip().startswith("{"):
            # (the play page: a game to go on with is checked as Start game checks it,
            # under the variant it names unless one is sent)
            from fabgen.web.viewer import read_game

            source = designer.upload_label(name)  # (named as the designer names it)
            chosen = request.form.get("variant") or None
            variant = read_game(text, source, chosen, max_tiles=LIMITS.board_tiles)[1]
        view = designer.designer_view(designer.read_upload(text, name))
        if variant is not None:
            view["variant"] = variant
        else:  # (the designer: what it took of a game, and why)
            from fabgen.web.viewer import board_note

            note = board_note(text)
            if note:
                view["note"] = note
        return jsonify(view)

    @app.post("/api/board/download/<what>")
    def board_download(what: str):
        if what not in DOWNLOADS:  # (before the body: the address is what is wrong)
            raise RequestError(_unknown_download_words(what))
        body = _json()
        board = designer.board_from_state(body["state"])
        name = board.name
        if what == "toml":
            return _download(designer.board_file_bytes(board), f"{name}.toml", "application/toml")
        if what == "start":
            data = designer.start_transcript_bytes(board)
            return _download(data, f"{name}-start.json", "application/json")
        fmt = what.removeprefix("setup-")  # setup-svg, setup-pdf
        marked = designer.seat_symbols_asked(body)  # (as fabgen layout --seat-symbols)
        data = designer.setup_diagram_bytes(board, fmt, marked)
        kind = "image/svg+xml" if fmt == "svg" else "application/pdf"
        return _download(data, f"{name}-setup.{fmt}", kind)


# ---- the rules viewer -------------------------------------------------------------------


def _rules_api(app: Flask) -> None:
    from fabgen.web import viewer

    @app.get("/api/rules/preset/<name>")
    def rules_preset(name: str):
        from fabgen.board.files import load_preset
        from fabgen.web.designer import start_transcript_bytes

        data = start_transcript_bytes(load_preset(name))
        return Response(data, mimetype="application/json")

    @app.post("/api/rules/turn")
    def rules_turn():
        data = _json()
        return jsonify(
            viewer.turn_view(
                _text(data, "transcript"),
                data.get("turn"),
                data.get("moves"),
                data.get("variant"),  # (none: the one the file names, else online)
                _text(data, "name", "game"),
            )
        )


# ---- the play page ----------------------------------------------------------------------


def _play_api(app: Flask) -> None:
    play = app.extensions["fabgen_play"]

    @app.post("/api/games")
    def game_new():
        return jsonify(play.create(_json()))

    @app.get("/api/games/<game_id>")
    def game_state(game_id: str):
        return jsonify(play.state(game_id))

    @app.post("/api/games/<game_id>/turn")
    def game_turn(game_id: str):
        return jsonify(play.turn(game_id, _json()))

    @app.post("/api/games/<game_id>/moves")
    def game_moves(game_id: str):
        return jsonify(play.try_moves(game_id, _json()))

    @app.post("/api/games/<game_id>/undo")
    def game_undo(game_id: str):
        return jsonify(play.undo(game_id, _json()))

    @app.post("/api/games/<game_id>/again")
    def game_again(game_id: str):
        return jsonify(play.again(game_id, _json()))

    @app.post("/api/games/<game_id>/settings")
    def game_settings(game_id: str):
        return jsonify(play.settings(game_id, _json()))

    @app.post("/api/games/<game_id>/hint")
    def game_hint(game_id: str):
        # (no body: the default strong player's hint)
        return jsonify(play.hint(game_id, _json() if _body() else {}))

    @app.get("/api/games/<game_id>/transcript")
    def game_transcript(game_id: str):
        text, filename = play.transcript(game_id)
        return _download(text.encode("utf-8"), filename, "application/json")


# ---- requests, answers, errors ----------------------------------------------------------


def _json() -> dict:
    """The request's body as a JSON object; RequestError (TooLarge) saying what to send
    for anything else. Read as fabgen reads a JSON file: NaN and Infinity, which JSON
    does not allow, and integers of thousands of digits are refused by name (Flask took
    the first and called the second 'not valid JSON'). A key the address does not take
    is refused too (:data:`KEYS`)."""
    from fabgen.inputs import bounded_int, no_constant

    body = _body()
    if not body.strip():
        raise RequestError(
            "the request is empty: send a JSON object with the Content-Type application/json"
        )
    if not request.is_json:
        raise RequestError(_not_json_words())
    try:
        data = json.loads(body, parse_constant=no_constant, parse_int=bounded_int)
    except RecursionError:
        raise RequestError(
            "the request is nested too deeply to be a kit, a board or a game: send the "
            "JSON object the page sends, whose values are nested a few levels deep"
        ) from None
    except json.JSONDecodeError as exc:
        raise RequestError(
            f"the request is not valid JSON ({exc.msg} at character {exc.pos}): send a JSON "
            "object with the Content-Type application/json"
        ) from None
    except UnicodeDecodeError as exc:
        raise RequestError(
            f"the request is not UTF-8 text (byte {exc.start}): send JSON in UTF-8"
        ) from None
    except ValueError as exc:  # a NaN or an integer too long
        raise RequestError(f"the request has a value fabgen cannot use: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError(
            f"the request must be a JSON object of named values, {{...}}, not {requested(data)}: "
            f"send {_takes()}"
        )
    _known_keys(data)
    return _Fields(data)


def _not_json_words() -> str:
    """A body that is not sent as JSON: its Content-Type is what is wrong (JSON sent as
    text/plain or without a type was called "not valid JSON")."""
    sent = request.mimetype
    said = f"the Content-Type {abridged(sent, 40, quoted='json')}" if sent else "no Content-Type"
    return f"the request has {said}: send a JSON object with the Content-Type application/json"


#: The keys of the JSON object each address takes (by endpoint): one misspelt was
#: ignored, and "rotated": true to /again took the game back to its start instead of
#: rotating its seats into a new game.
KEYS = {
    "kit_preview": ("settings", "board_state", "quick", "rest", "page"),
    "kit_file": ("settings", "board_state"),
    "kit_zip": ("settings", "board_state"),
    "board_view": ("state",),
    "board_download": ("state", "seat_symbols"),
    "rules_turn": ("transcript", "turn", "moves", "variant", "name"),
    "game_new": ("preset", "board", "board_state", "filename", "seats", "variant", "table", "play"),
    "game_turn": ("moves", "version"),
    "game_moves": ("moves", "version"),
    "game_undo": ("turn", "version"),
    "game_again": ("rotate", "play", "version"),
    "game_settings": ("seats", "table", "done"),
    "game_hint": ("player", "version"),
}


def _known_keys(data: dict) -> None:
    from fabgen.board.suggest import closest, did_you_mean

    keys = KEYS.get(request.endpoint or "", ())
    unknown = [k for k in data if k not in keys]
    if not unknown:
        return
    meant = did_you_mean(closest(unknown[0], keys)) if len(unknown) == 1 else ""
    named = ", ".join(requested(k) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
    plural = "s" if len(unknown) > 1 else ""
    raise RequestError(f"unknown key{plural} {named}{meant}: send {_takes()}")


def _takes() -> str:
    """What the address takes: "a JSON object with the keys POST /api/kit/file takes:
    settings and board_state"."""
    keys = KEYS.get(request.endpoint or "", ())
    rule = request.url_rule.rule if request.url_rule else request.path
    where = f"{request.method} {rule.replace('<game_id>', 'ID')}"
    where = where.replace("<what>", str((request.view_args or {}).get("what", "")))
    listed = ", ".join(keys[:-1]) + f" and {keys[-1]}" if len(keys) > 1 else "".join(keys)
    return f"a JSON object with the keys {where} takes: {listed}"


def _body() -> bytes:
    """The request's body, at most LIMITS.request_bytes: werkzeug cuts a body sent
    without a Content-Length (chunked) at that size without a word, which then read as
    broken JSON; such a body with more to come is refused as too large."""
    _length_said()
    body = request.get_data(cache=True)
    if (
        request.content_length is None
        and len(body) >= LIMITS.request_bytes
        and request.input_stream.read(1)
    ):
        raise TooLarge(_too_large_words())
    return body


def _length_said() -> None:
    """Refuse a Content-Length that is no number of bytes: werkzeug then reads no body,
    and the request was said to be empty (or an upload to have no file)."""
    said = request.headers.get("Content-Length")
    if said is not None and not re.fullmatch(r"[0-9]+", said.strip()):
        raise RequestError(
            f"the request's Content-Length, {abridged(said, 24, quoted='json')}, is not a "
            "number of bytes: send the body's length in bytes (an HTTP client sets it)"
        )


def _too_large_words() -> str:
    return f"the request is larger than {LIMITS.request_bytes // 1024} kB: send a smaller file"


def _form_too_large_words() -> str:
    """A form refused within the size limit: werkzeug reads at most so many parts, and
    so much of a field that is not a file (it was said to be larger than 1024 kB)."""
    memory = request.max_form_memory_size
    assert memory is not None  # Flask's MAX_FORM_MEMORY_SIZE (500 kB), which fabgen keeps
    return (
        f"the form has more than {request.max_form_parts} parts, or a field other than the "
        f"file of more than {memory // 1000} kB: send the board file or "
        'transcript as the form field "file" (with "check" and "variant" if needed)'
    )


class _Fields(dict):
    """A request's JSON object whose missing keys give a clear error."""

    def __missing__(self, key):
        raise RequestError(f'the request has no "{key}": {_WANTED.get(key, "send it")}')


#: What a key that must be sent holds, for the refusal of a request without it.
_WANTED = {
    "settings": 'send the kit settings by section, like {"tile": {"width": 60}} ({} for '
    "the defaults)",
    "state": 'send the designer\'s board, as GET /api/board/preset/NAME gives it in its "state"',
    "transcript": "send the game file's text (its JSON as one string)",
    "moves": 'send the moves of the turn so far, like [["c3", "c5"]] ([] for none)',
    "turn": "send the number of turns to keep, from 0",
}


def _text(data: dict, key: str, default: str | None = None) -> str:
    """A key of text (without a ``default``, one the request must send)."""
    value = data[key] if default is None else data.get(key, default)
    if not isinstance(value, str):
        what = _TEXTS.get(key, "text")
        raise RequestError(f"{key} must be text: {what}, not {requested(value)}")
    return value


#: What a key of text holds, for the refusal of another type.
_TEXTS = {
    "transcript": "the game file's text (its JSON as one string)",
    "name": "the file's name, like club.json",
}


def _flag(data: dict, key: str) -> bool:
    """A true-or-false key of a request, default false ("false" as text was true)."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(f"{key} must be true or false, not {requested(value)}")
    return value


def _upload() -> tuple[str, str]:
    """The uploaded file's name and text (UTF-8), within the size limit."""
    from fabgen.web.designer import upload_label

    _length_said()
    upload = request.files.get("file")
    if upload is None:
        raise RequestError("no file was sent: choose a board file (.toml) or transcript (.json)")
    data = upload.stream.read(LIMITS.upload_bytes + 1)
    name = upload.filename or "upload"
    if len(data) > LIMITS.upload_bytes:
        raise TooLarge(
            f"{upload_label(name)}: the file is larger than {LIMITS.upload_bytes // 1024} kB; "
            "a board file or a transcript is much smaller: is it the right file?"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RequestError(
            f"{upload_label(name)}: is not UTF-8 text (byte {exc.start}): choose a board "
            "file (.toml) or a transcript (.json)"
        ) from None
    return name, text


def _safe(name: str) -> str:
    from fabgen.board.boardfile import name_from_stem

    return name_from_stem(name)


def _unknown_download_words(what: str) -> str:
    """The refusal of a download the designer does not make, in the words of the preset
    refusal (4dd21ec): the one meant, when it is typed nearly right, and the choices."""
    from fabgen.board.suggest import closest

    meant = closest(what, DOWNLOADS)
    hint = f" (did you mean {meant!r}?)" if meant else ""
    return (
        f"unknown download {abridged(what, quoted=True)}{hint}: choose one of "
        f"{', '.join(DOWNLOADS[:-1])} or {DOWNLOADS[-1]}"
    )


def _download(data: bytes, filename: str, mimetype: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


#: The addresses docs/web.md describes: the play page's API (the kit's, the designer's and
#: the rules viewer's requests are their pages' own, described nowhere).
DOCUMENTED_API = "/api/games"


def _wrong_method_words(methods) -> str:
    """What to send to an address asked with a method it does not take."""
    allowed = sorted(m for m in methods if m in ("GET", "POST"))
    what = ""
    if allowed == ["POST"]:
        upload = request.path == "/api/board/upload"
        what = ' with the file as the form field "file"' if upload else " with a JSON object"
        if request.path.startswith(DOCUMENTED_API):
            what += " (docs/web.md lists the play page's API)"
    use = " or ".join(allowed) or "another method"
    return f"{request.method} is not used at {abridged(request.path, 80)}: use {use}{what}"


def _errors(app: Flask) -> None:
    @app.errorhandler(FabgenError)
    def bad_input(exc: FabgenError):
        status = 503 if isinstance(exc, TooMuchWork) else getattr(exc, "status", 400)
        body: dict[str, object] = {"error": str(exc)}
        where = getattr(exc, "where", None)
        if where:
            body["where"] = where
        code = getattr(exc, "code", None)
        if code:  # (a refusal a program acts on by its code, never by the message's words)
            body["code"] = code
        if exc.page_words:  # (the designer's board: the refusal as its page says it)
            body["page_words"] = exc.page_words
        if getattr(exc, "stopping", False):  # the page waits for the server to be back
            body["stopping"] = True
        return jsonify(body), status

    @app.errorhandler(413)
    def too_large(_exc):
        length = request.content_length
        if length is not None and length <= LIMITS.request_bytes:
            return jsonify({"error": _form_too_large_words()}), 413
        return jsonify({"error": _too_large_words()}), 413

    @app.errorhandler(404)
    def not_found(_exc):
        message = "no such page: the pages are /, /board, /rules and /play"
        if request.path == "/api" or request.path.startswith("/api/"):
            # (a script's typo, or the API's root asked for: where its addresses are)
            message = (
                f"no such page: {abridged(request.path, 60, quoted='json')} is no address of "
                "the API; docs/web.md lists the play page's (/api/games, /api/games/ID/turn, ...)"
            )
        return jsonify({"error": message}), 404

    @app.errorhandler(ClientDisconnected)
    def body_cut_short(_exc):
        # (werkzeug: "The browser (or proxy) sent a request that this server could not
        # understand.", of a chunked body with a broken chunk or a connection closed early)
        message = (
            "the request's body could not be read to its end (a broken chunked encoding, or "
            "the connection closed early): send the request again, whole"
        )
        return jsonify({"error": message}), 400

    @app.errorhandler(405)
    def wrong_method(exc: HTTPException):
        # (werkzeug said "The method is not allowed for the requested URL.": not which one)
        methods = getattr(exc, "valid_methods", None) or ()
        response = jsonify({"error": _wrong_method_words(methods)})
        response.status_code = 405
        response.headers["Allow"] = ", ".join(methods)
        return response

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        return jsonify({"error": exc.description or exc.name}), exc.code or 400

    @app.errorhandler(Exception)
    def bug(exc: Exception):
        # A bug, not bad input: say so without a traceback page (the log has it).
        app.logger.exception("error in %s", request.path)
        message = f"fabgen could not do this ({type(exc).__name__}): please report it"
        return Response(json.dumps({"error": message}), 500, mimetype="application/json")
