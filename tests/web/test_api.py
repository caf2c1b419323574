"""The server's JSON endpoints through Flask's test client (no browser)."""

from __future__ import annotations

import copy
import hashlib
import io
import json
import mimetypes
import posixpath
import re
import tomllib
import zipfile
from html.parser import HTMLParser

import pytest

from fabgen.kitbuild.kitfile import SCHEMA, load_kit
from tests.web.conftest import settings_from_form

# ---- the form is the kit schema ---------------------------------------------------------


def test_form_has_every_setting_of_the_schema_with_its_default_and_choices(client):
    form = client.get("/api/kit/form").get_json()
    assert [s["name"] for s in form["sections"]] == list(SCHEMA)
    for section in form["sections"]:
        settings = SCHEMA[section["name"]]
        assert [c["name"] for c in section["controls"]] == [
            f"{section['name']}.{s.key}" for s in settings
        ]
        for control, setting in zip(section["controls"], settings, strict=True):
            assert control["default"] == setting.default
            assert control["help"] == setting.help
            assert control["choices"] == list(setting.choices or ())


def test_labels_carry_the_unit_that_the_help_text_gives(client):
    form = client.get("/api/kit/form").get_json()
    labels = {c["name"]: c["label"] for s in form["sections"] for c in s["controls"]}
    assert labels["tile.width"] == "Tile width (mm)"
    assert labels["tile.kerf"] == "Kerf (mm)"
    assert labels["kit.board"] == "Board"
    assert labels["kit.players"] == "Players"
    assert labels["laser.cut_speed"] == "Cut speed (mm/s)"
    for name, label in labels.items():
        section, key = name.split(".")
        help_text = next(s.help for s in SCHEMA[section] if s.key == key)
        assert ("(mm" in label) == bool(re.search(r"\bmm\b", help_text)), name


class _Labels(HTMLParser):
    """Every <label for=...> with its text, and every control's id."""

    def __init__(self):
        super().__init__()
        self.labels: dict[str, str] = {}
        self.controls: list[str] = []
        self._for = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "label" and "for" in attrs:
            self._for = attrs["for"]
            self.labels[self._for] = ""
        if tag in ("input", "select", "textarea") and attrs.get("id"):
            self.controls.append(attrs["id"])

    def handle_data(self, data):
        if self._for:
            self.labels[self._for] += data

    def handle_endtag(self, tag):
        if tag == "label":
            self._for = None


@pytest.mark.parametrize("path", ["/", "/board", "/rules"])
def test_every_control_of_every_page_has_a_visible_label(client, path):
    page = client.get(path)
    assert page.status_code == 200
    parsed = _Labels()
    parsed.feed(page.get_data(as_text=True))
    assert parsed.controls
    for control in parsed.controls:
        assert parsed.labels.get(control, "").strip(), f"{path}: {control} has no label"


def test_the_kit_page_has_a_control_for_every_setting(client):
    html = client.get("/").get_data(as_text=True)
    for section, settings in SCHEMA.items():
        for s in settings:
            assert f'data-name="{section}.{s.key}"' in html


def test_the_designer_opens_the_kits_default_board(client):
    html = client.get("/board").get_data(as_text=True)
    default = next(s.default for s in SCHEMA["kit"] if s.key == "board")
    selected = re.findall(r"<option selected>([^<]+)</option>", html)
    assert selected == [default]


def test_pages_load_nothing_from_the_internet(client):
    for path in ("/", "/board", "/rules"):
        html = client.get(path).get_data(as_text=True)
        sources = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert sources
        for source in sources:
            assert not re.match(r"(https?:)?//", source), source
        for static in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
            assert client.get(static).status_code == 200


def _font_urls(client, page: str) -> list[str]:
    """The fonts that the page's style sheets declare with @font-face, as server paths."""
    html = client.get(page).get_data(as_text=True)
    urls = []
    for sheet in re.findall(r'<link rel="stylesheet" href="(/static/[^"]+)"', html):
        css = client.get(sheet).get_data(as_text=True)
        for face in re.findall(r"@font-face\s*{([^}]*)}", css):
            for url in re.findall(r'url\("?([^")]+)"?\)', face):
                urls.append(posixpath.normpath(posixpath.join(posixpath.dirname(sheet), url)))
    return urls


@pytest.mark.parametrize("path", ["/", "/board", "/rules"])
def test_every_page_uses_the_fonts_it_serves(client, path):
    urls = _font_urls(client, path)
    assert {posixpath.basename(u) for u in urls} == {
        "DejaVuSans.woff2",
        "DejaVuSans-Bold.woff2",
        "DejaVuSansMono.woff2",
    }
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200
        assert answer.content_type == "font/woff2"
        assert answer.data.startswith(b"wOF2")
    css = client.get("/static/style.css").get_data(as_text=True)
    assert not re.search(r"""url\(\s*["']?([a-z]+:|//)""", css)  # nothing from elsewhere
    assert re.search(r'body {[^}]*font: [^;]*"fabgen Sans"', css)  # used, not only declared
    assert client.get("/static/fonts/LICENSE-DejaVu.txt").status_code == 200


def test_fonts_go_out_as_fonts_without_the_systems_mime_types(monkeypatch):
    # Python's own table has no .woff2; a small system has no /etc/mime.types to add it.
    from fabgen.web import create_app

    monkeypatch.setattr(mimetypes, "_db", mimetypes.MimeTypes(filenames=()))
    client = create_app().test_client()
    answer = client.get("/static/fonts/DejaVuSans.woff2")
    assert answer.content_type == "font/woff2"


# ---- the preview -------------------------------------------------------------------------


def _preview(client, settings, **extra):
    answer = client.post("/api/kit/preview", json={"settings": settings, **extra})
    assert answer.status_code == 200
    return answer.get_json()


def _svg_width_mm(svg: str) -> float:
    return float(re.search(r'<svg[^>]* width="([0-9.]+)mm"', svg).group(1))


def test_preview_of_the_default_kit(client, default_settings):
    answer = _preview(client, default_settings)
    assert answer["ok"]
    assert answer["board"]["name"] == "3p-triangle-4"
    assert answer["tile"]["width_mm"] == 100.0
    for part in ("tile", "sheet", "setup"):
        assert answer[part]["svg"].lstrip().startswith("<")
    assert "island tiles       10" in answer["bom"]
    assert "sheet" in answer["sheet"]["report"]
    assert not [f for f in answer["findings"] if f["severity"] == "error"]


def test_a_stone_height_between_layers_is_a_warning_at_the_stone_height(client, default_settings):
    """In fabgen stones' words after the field's name; none for a height on a layer."""
    from fabgen.pieces.params import DiscStone, layer_note

    settings = copy.deepcopy(default_settings)
    warned = {}
    for height in (7.1, 7.2):
        settings["stones"]["height"] = height
        answer = _preview(client, settings)
        assert answer["ok"]
        assert f"a stack rises {height:g} mm a stone" in answer["bom"]
        warned[height] = [
            (f["setting"], f["message"]) for f in answer["findings"] if f["severity"] == "warning"
        ]
    note = layer_note(DiscStone(height=7.1))
    assert "(not 7.1 mm)" in note
    assert warned == {7.1: [("stones.height", f"Stone height: {note}")], 7.2: []}


def test_a_wider_tile_gives_a_wider_test_tile(client, default_settings):
    widths = {}
    for width in (80.0, 120.0):
        settings = copy.deepcopy(default_settings)
        settings["tile"]["width"] = width
        answer = _preview(client, settings)
        assert answer["tile"]["width_mm"] == width
        widths[width] = _svg_width_mm(answer["tile"]["svg"])
    # A hexagon's corner-to-corner size grows as its width across the flats: 2/√3.
    assert widths[120.0] - widths[80.0] == pytest.approx(40 * 2 / 3**0.5, abs=0.01)


def _errors(answer):
    return [f for f in answer["findings"] if f["severity"] == "error"]


def _cli_build_output(cli, tmp_path, text):
    kit = tmp_path / "kit.toml"
    kit.write_text(text)
    result = cli("build", kit, "--out", tmp_path / "out")
    assert result.exit_code == 2
    return result.output


def test_an_impossible_kerf_is_shown_at_the_kerf_with_the_clis_message(
    client, default_settings, cli, tmp_path
):
    settings = copy.deepcopy(default_settings)
    settings["tile"]["kerf"] = 5  # uncompensated: the cut may burn into the circles
    settings["tile"]["compensate_kerf"] = False
    answer = _preview(client, settings)
    assert not answer["ok"]
    [error] = _errors(answer)
    assert error["setting"] == "tile.kerf"
    # the same words, the kerf named by the form's label here (without its unit, which
    # the value says) and by its key in the kit
    assert error["message"].startswith("Kerf 5 mm is not smaller than the")
    detail = error["message"].removeprefix("Kerf ")
    assert f"tile.kerf: {detail}" in " ".join(
        _cli_build_output(cli, tmp_path, answer["kit_file"]).split()
    )


def test_players_against_the_boards_seats_is_shown_at_players(
    client, default_settings, cli, tmp_path
):
    settings = copy.deepcopy(default_settings)
    settings["kit"]["players"] = 4
    answer = _preview(client, settings)
    [error] = _errors(answer)
    assert error["setting"] == "kit.players"
    # in the page's words: its Players field and Board list, not the kit file's keys
    # ("players = 4 ... set players = 3 ... e.g. board = '4p-diamond-5'", which the
    # command keeps)
    assert error["message"] == (
        "Players 4 but the board 3p-triangle-4 has 3 people: set Players to 3 (it counts "
        "people, not machines; 0 takes the board's), or choose a Board for 4 people, e.g. "
        "4p-diamond-5"
    )
    said = " ".join(_cli_build_output(cli, tmp_path, answer["kit_file"]).split())
    assert "players = 4 but the board 3p-triangle-4 has 3 people; set players = 3" in said
    assert "e.g. board = '4p-diamond-5'" in said


def test_every_mistake_of_the_kit_file_is_marked_at_its_setting(client, default_settings):
    """The kit reader lists them all at once, as fabgen build does; the form marks each."""
    settings = copy.deepcopy(default_settings)
    settings["tile"]["kerf"] = "abc"
    settings["laser"]["margin"] = -3
    errors = _errors(_preview(client, settings))
    assert {e["setting"] for e in errors} == {"tile.kerf", "laser.margin"}
    assert all(e["code"] == "kit-file" for e in errors)


def test_a_value_of_the_wrong_type_gets_the_kit_readers_message(client, default_settings, tmp_path):
    from fabgen.errors import InputFileError

    settings = copy.deepcopy(default_settings)
    settings["tile"]["kerf"] = "abc"
    [error] = _errors(_preview(client, settings))
    assert error["setting"] == "tile.kerf"
    kit = tmp_path / "kit.toml"
    kit.write_text('[tile]\nkerf = "abc"\n')
    with pytest.raises(InputFileError) as raised:
        load_kit(kit)
    # the reader's words, with the setting named by the form's label; the line to write
    # in a kit file left out (the field says what it takes)
    reason, advice = raised.value.detail.split("; write e.g. ")
    assert advice.startswith("kerf = 0.15")
    assert error["message"] == f"Kerf {reason}" == "Kerf must be a number, got 'abc'"


def test_an_empty_field_says_so(client, default_settings):
    settings = copy.deepcopy(default_settings)
    settings["laser"]["margin"] = None
    [error] = _errors(_preview(client, settings))
    assert error["setting"] == "laser.margin"
    assert "empty" in error["message"]


@pytest.mark.parametrize("board", ["../../../etc/passwd", "/etc/hostname", "kit.toml", ""])
def test_the_board_is_never_a_path_from_the_request(client, default_settings, board):
    settings = copy.deepcopy(default_settings)
    settings["kit"]["board"] = board
    [error] = _errors(_preview(client, settings))
    assert error["setting"] == "kit.board"
    assert "preset" in error["message"]


def test_a_kit_that_would_take_too_long_is_refused(client, default_settings):
    settings = copy.deepcopy(default_settings)
    settings["laser"]["spare_tiles"] = 100_000
    # the command line's own limit and message (fabgen.limits), next to the setting
    [error] = _errors(_preview(client, settings))
    assert "100000 is outside the allowed range; allowed: 0 to 200" in error["message"]
    answer = client.post("/api/kit/zip", json={"settings": settings})
    assert answer.status_code == 400
    assert "outside the allowed range" in answer.get_json()["error"]


def test_a_simulated_supply_is_refused_beyond_a_few_games(client, default_settings):
    from fabgen.web.limits import LIMITS

    settings = copy.deepcopy(default_settings)
    settings["kit"]["supply"] = "simulate"  # with the default 200 games: minutes
    # and the default strong players, said at once (they were said once the games were
    # lowered: a second round of the form for the same choice)
    error, players = _errors(_preview(client, settings))
    assert error["setting"] == "kit.simulate_games"
    assert "200 games" in error["message"] and "fabgen build kit.toml" in error["message"]
    assert players["setting"] == "kit.simulate_players"
    assert players["message"].startswith("Simulate players must be greedy or random")
    answer = client.post("/api/kit/zip", json={"settings": settings})
    refused = answer.get_json()["error"]
    assert answer.status_code >= 400 and "200 games" in refused
    assert refused == f"Not downloaded: {error['message']}; {players['message']}"
    # the kit file itself (no games played) can still be taken to the command line
    download = client.post("/api/kit/file", json={"settings": settings})
    assert download.status_code == 200
    assert 'supply = "simulate"' in download.get_data(as_text=True)
    settings["kit"]["simulate_games"] = LIMITS.simulate_games + 1
    assert _errors(_preview(client, settings))[0]["setting"] == "kit.simulate_games"


def test_a_simulated_supply_by_strong_players_is_refused_in_the_browser(client, default_settings):
    # a strong game of 2p-diamond-4 takes seconds: even 2 games would hold the preview up
    settings = copy.deepcopy(default_settings)
    settings["kit"].update(board="2p-diamond-4", supply="simulate", simulate_games=2)
    for players in ("strong", "greedy, strong:3000"):
        settings["kit"]["simulate_players"] = players
        [error] = _errors(_preview(client, settings))
        assert error["setting"] == "kit.simulate_players"
        assert "greedy or random" in error["message"]
        assert "fabgen build kit.toml" in error["message"]
        answer = client.post("/api/kit/zip", json={"settings": settings})
        assert answer.status_code == 503 and "strong" in answer.get_json()["error"]
    # the fast players are played, and the kit file keeps what was asked for
    settings["kit"]["simulate_players"] = "greedy"
    answer = _preview(client, settings)
    assert answer["ok"] and 'simulate_players = "greedy"' in answer["kit_file"]
    settings["kit"]["simulate_players"] = "strong"
    download = client.post("/api/kit/file", json={"settings": settings})
    assert 'simulate_players = "strong"' in download.get_data(as_text=True)


@pytest.mark.parametrize("where", ["making the folder", "writing in it"])
@pytest.mark.parametrize("url", ["/api/kit/zip", "/api/kit/file"])
def test_a_full_temporary_folder_is_said(client, default_settings, monkeypatch, where, url):
    # It was "fabgen could not do this (OSError): please report it" (500).
    import errno
    import pathlib
    import tempfile

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if where == "making the folder":
        monkeypatch.setattr(tempfile, "mkdtemp", full)
    else:  # the designer's board is written there as a board file for the kit to name
        monkeypatch.setattr(pathlib.Path, "write_bytes", full)
    state = client.get("/api/board/preset/3p-triangle-4").get_json()["state"]
    answer = client.post(url, json={"settings": default_settings, "board_state": state})
    assert answer.status_code == 503
    error = answer.get_json()["error"]
    assert error.startswith("the kit cannot be made in the temporary folder ")
    assert "(No space left on device): make room there" in error


def test_the_form_says_what_the_browser_does_otherwise_than_the_command(client):
    from fabgen.board.files import preset_names
    from fabgen.web.limits import LIMITS

    form = client.get("/api/kit/form").get_json()
    notes = {c["name"]: c["note"] for s in form["sections"] for c in s["controls"]}
    assert f"at most {LIMITS.simulate_games} games" in notes["kit.simulate_games"]
    assert "greedy or random" in notes["kit.simulate_players"]
    assert notes["tile.width"] == ""
    page = client.get("/").get_data(as_text=True)
    assert notes["kit.simulate_players"].replace("'", "&#39;") in page
    # The board's help speaks of a board file "relative to the kit file", which the
    # page has not got: its choices are the presets and the designer's board.
    board = next(c for s in form["sections"] for c in s["controls"] if c["name"] == "kit.board")
    assert "relative to the kit file" in board["help"]
    assert "a preset, or the board of the board designer" in board["note"]
    assert re.findall(r'<option value="([^"]+)"', page)[: len(preset_names()) + 1] == [
        *preset_names(),
        "@designer",
    ]


def test_every_preset_previews(client, default_settings):
    presets = client.get("/api/kit/form").get_json()["presets"]
    assert len(presets) >= 10
    for name in presets:
        settings = copy.deepcopy(default_settings)
        settings["kit"]["board"] = name
        answer = _preview(client, settings)
        assert answer["ok"], (name, _errors(answer))
        assert answer["board"]["name"] == name


# ---- downloads ---------------------------------------------------------------------------


def test_the_kit_file_reads_back_as_the_same_settings(client, default_settings, tmp_path):
    settings = copy.deepcopy(default_settings)
    settings["tile"]["width"] = 90
    settings["stones"]["design"] = "none"
    answer = client.post("/api/kit/file", json={"settings": settings})
    assert answer.status_code == 200
    # the name its first lines and the kit's zip give it (it was atlantis-kit.toml)
    assert 'filename="kit.toml"' in answer.headers["Content-Disposition"]
    path = tmp_path / "kit.toml"
    path.write_bytes(answer.data)
    assert load_kit(path).settings == {
        section: {
            k: (
                float(v)
                if isinstance(v, int)
                and not isinstance(v, bool)
                and float in next(s.kind for s in SCHEMA[section] if s.key == k)
                else v
            )
            for k, v in values.items()
        }
        for section, values in settings.items()
    }


def _zip_files(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_kit_zip_matches_its_manifest_and_the_cli_build(
    client, default_settings, cli, tmp_path
):
    settings = copy.deepcopy(default_settings)
    settings["stones"]["design"] = "none"  # CadQuery stones are tested in the browser test
    answer = client.post("/api/kit/zip", json={"settings": settings})
    assert answer.status_code == 200
    files = _zip_files(answer.data)
    manifest = json.loads(files["manifest.json"])
    listed = {e["path"]: e for e in manifest["files"]}
    assert set(files) - set(listed) == {"kit.toml", "manifest.json"}
    for name, entry in listed.items():
        assert hashlib.sha256(files[name]).hexdigest() == entry["sha256"], name
        assert len(files[name]) == entry["bytes"]
    (tmp_path / "kit.toml").write_bytes(files["kit.toml"])
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path)
        result = cli("build", "kit.toml", "--out", "out", "--quiet")
    assert result.exit_code == 0, result.output
    built = {
        str(p.relative_to(tmp_path / "out")): p.read_bytes()
        for p in (tmp_path / "out").rglob("*")
        if p.is_file()
    }
    assert built == {k: v for k, v in files.items() if k != "kit.toml"}


def test_a_kit_of_the_designers_board_comes_with_its_board_file(
    client, default_settings, cli, tmp_path
):
    from fabgen.board.files import load_preset
    from fabgen.web.designer import state_of

    state = state_of(load_preset("2p-diamond-4"))
    state["board"]["name"] = "club-board"
    settings = copy.deepcopy(default_settings)
    answer = _preview(client, settings, board_state=state)
    assert answer["ok"] and answer["board"]["name"] == "club-board"
    download = client.post("/api/kit/file", json={"settings": settings, "board_state": state})
    # named apart from the kit's own zip, which the same page offers
    assert "-kit-file.zip" in download.headers["Content-Disposition"]
    files = _zip_files(download.data)
    assert set(files) == {"kit.toml", "club-board.toml"}
    assert tomllib.loads(files["kit.toml"].decode())["kit"]["board"] == "club-board.toml"
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    assert cli("validate", tmp_path / "club-board.toml").exit_code == 0


@pytest.mark.parametrize("name", ["kit", "KIT"])
def test_a_designer_board_named_kit_keeps_its_own_file(
    client, default_settings, cli, tmp_path, name
):
    # Its board file was kit.toml, overwritten by the kit file, which then named itself
    # as its board: fabgen build refused the download ("names this kit file itself").
    from fabgen.board.files import load_preset
    from fabgen.web.designer import state_of

    state = state_of(load_preset("2p-diamond-4"))
    state["board"]["name"] = name
    body = {"settings": copy.deepcopy(default_settings), "board_state": state}
    files = _zip_files(client.post("/api/kit/file", json=body).data)
    assert set(files) == {"kit.toml", f"{name}-board.toml"}
    assert tomllib.loads(files["kit.toml"].decode())["kit"]["board"] == f"{name}-board.toml"
    if name != "kit":
        return  # (one case for the kit's zip and fabgen build: each renders a kit)
    kit = _zip_files(client.post("/api/kit/zip", json=body).data)
    assert kit[f"{name}-board.toml"] == files[f"{name}-board.toml"]
    for file, data in files.items():
        (tmp_path / file).write_bytes(data)
    result = cli("build", tmp_path / "kit.toml", "--out", tmp_path / "out", "--quiet")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("settings", [{}, {"tile": {}}], ids=["no tables", "no kit table"])
def test_the_designer_s_board_is_the_kit_s_without_a_kit_table(client, settings):
    # Without a [kit] table the preview and the kit file were of the default board.
    from fabgen.board.files import load_preset
    from fabgen.web.designer import state_of

    state = state_of(load_preset("2p-diamond-4"))
    state["board"]["name"] = "mine"
    answer = _preview(client, settings, board_state=state)
    assert answer["ok"] and answer["board"]["name"] == "mine"
    download = client.post("/api/kit/file", json={"settings": settings, "board_state": state})
    files = _zip_files(download.data)
    assert tomllib.loads(files["kit.toml"].decode())["kit"]["board"] == "mine.toml"


# ---- the board designer ------------------------------------------------------------------


def _view(client, state):
    answer = client.post("/api/board/view", json={"state": state})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_a_preset_in_the_designer(client):
    from fabgen.board.files import load_preset
    from fabgen.board.validate import validate

    view = client.get("/api/board/preset/6p-hexagon-19").get_json()
    board = load_preset("6p-hexagon-19")
    assert view["board"] == board.details()
    assert [f["code"] for f in view["findings"]] == validate(board).codes()
    assert view["symmetry"]["tiling"] == 6
    assert view["seat_rotation"]  # every seat starts alike
    assert len(view["targets"]["tiles"]) == 19
    # a hexagon of tiles 2 steps from the middle; the free places are the ring 3 steps
    # out, 6 × 3 places
    assert len(view["targets"]["free"]) == 18
    assert len(view["targets"]["fields"]) == 19 * 7
    assert view["svg"].lstrip().startswith("<")


def test_the_designers_stones_carry_their_seats_symbols(client):
    """Red's and Green's stones were the same circles in two colours that look alike to
    people with red-green colour blindness: each stone now carries its seat's symbol
    (ring, bar, triangle on 3p-triangle-4), as the kit's stones and the play page's."""
    from fabgen.board.files import load_preset
    from fabgen.draw.drawing import Circle, Operation, Polyline
    from fabgen.rules.names import field_name
    from fabgen.web.designer import board_picture

    board = load_preset("3p-triangle-4")
    picture = board_picture(board)
    shapes = picture.drawing.shapes(Operation.PRINT)
    stone_r = max(s.radius for s in shapes if isinstance(s, Circle))  # a field's circle
    height = picture.targets["viewbox"][1]
    centres = {
        t["name"]: (t["centre"][0], height - t["centre"][1]) for t in picture.targets["fields"]
    }

    def marks_on(k: int) -> set[tuple[str, int]]:
        """What is drawn on seat k's stones, smaller than a stone: kind and corners."""
        marks = set()
        for f, _ in board.seats[k].stacks:
            cx, cy = centres[field_name(f)]
            for s in shapes:
                if not isinstance(s, Circle | Polyline):
                    continue
                x0, y0, x1, y1 = s.bbox()
                small = x1 - x0 < 1.9 * stone_r
                if small and abs((x0 + x1) / 2 - cx) < 0.5 and abs((y0 + y1) / 2 - cy) < 0.5:
                    marks.add((type(s).__name__, len(getattr(s, "points", ()))))
        return marks

    assert [marks_on(k) for k in range(3)] == [
        {("Circle", 0)},
        {("Polyline", 4)},
        {("Polyline", 3)},
    ]
    view = client.get("/api/board/preset/3p-triangle-4").get_json()
    words = {f["name"]: f["words"] for f in view["targets"]["fields"]}
    assert words["-d1"] == "1 stone of Red" and words["b2"] == ""


def test_the_designers_labels_stand_out_on_every_seat_colour():
    """Counts on the stones and tile numbers on the start tiles: 4.5:1 at least (WCAG 2
    for small text); white on green was 3.4, grey on red's start tile 2.7."""
    from fabgen.draw.board_parts import contrast, tint
    from fabgen.draw.ink import ink_on
    from fabgen.draw.position import PALETTE
    from fabgen.web.designer import NUMBER_INK

    for colour in PALETTE:
        assert contrast(ink_on(colour), colour) >= 4.5, colour
        assert contrast(NUMBER_INK, tint(colour, 0.6)) >= 4.5, colour


def test_the_state_round_trips_through_the_board_file_reader(client):
    view = client.get("/api/board/preset/3p-triangle-4").get_json()
    again = _view(client, view["state"])
    assert again["state"] == view["state"]
    assert again["board"] == view["board"]


def test_clicks_change_the_findings(client):
    state = {"board": {"name": "test", "tiles": [[0, 0], [1, 0], [0, 1]]}, "players": [{}, {}]}
    view = _view(client, state)
    assert "player-without-stones" in [f["code"] for f in view["findings"]]
    state["players"][0]["start"] = [1, 0]
    state["players"][1]["start"] = [0, 1]
    view = _view(client, state)
    codes = [f["code"] for f in view["findings"]]
    assert "player-without-stones" not in codes
    assert view["seats"][0]["colour"].startswith("#")


def test_the_view_lists_the_colours_a_seat_may_be_given(client):
    # (the designer's seat colour list: every colour a board file names, once)
    from fabgen.board.colours import NAMED_COLOURS

    view = client.get("/api/board/preset/3p-triangle-4").get_json()
    names = [c["name"] for c in view["colours"]]
    assert set(NAMED_COLOURS) - set(names) == {"gray"}  # grey's other spelling
    for choice in view["colours"]:
        assert NAMED_COLOURS[choice["name"]] == choice["hex"]
    # a seat given one of them is drawn in it
    state = view["state"]
    state["players"][0]["colour"] = "cyan"
    assert _view(client, state)["seats"][0]["colour"] == NAMED_COLOURS["cyan"]


def test_findings_in_a_board_files_words_say_what_to_do_in_the_designer(client):
    # "add [[players]] tables", "give it a start tile (start = [i, j]) or stacks": the
    # validator's words (fabgen validate's) are kept, and the page's come beside them
    state = {"board": {"name": "test", "tiles": [[0, 0], [1, 0], [0, 1]]}, "players": [{}]}
    hints = {f["code"]: f["hint"] for f in _view(client, state)["findings"]}
    assert hints["player-count"] == "in the designer: Add seat, or Remove seat"
    assert hints["player-without-stones"].startswith("in the designer: pick the seat, then")
    assert hints["symmetry"] == 'in the designer: choose it under "Seat order goes round"'
    assert hints["stones-supply"] is None
    state["board"]["turns"] = "clockwise"
    state["players"] = [{"start": [0, 0]}, {"start": [0, 0]}]
    hints = {f["code"]: f["hint"] for f in _view(client, state)["findings"]}
    assert hints["symmetry"] is None
    assert "another tile" in hints["field-shared"]


def test_the_seat_rotation_with_machines_is_the_validators(client):
    # Red, Machine A, Blue, Machine B: no rotation maps each seat onto the next (a
    # person onto a machine), but the half turn maps Red onto Blue (and one machine onto
    # the other); the summary says what the seat-rotation finding says.
    view = client.get("/api/board/preset/2p-diamond-5-machines").get_json()
    found = {f["code"]: f["message"] for f in view["findings"]}
    assert "180°" in found["seat-rotation"] and "no-seat-rotation" not in found
    assert view["seat_rotation"] == ["180°"]
    assert view["seat_rotation_of"] == "person"
    plain = client.get("/api/board/preset/6p-hexagon-19").get_json()
    assert plain["seat_rotation_of"] == "seat"


@pytest.mark.parametrize(
    ("preset", "deeper"),
    [("2p-diamond-4", True), ("2p-diamond-5-machines", False), ("3p-triangle-4", False)],
)
def test_the_view_says_where_the_default_strong_player_searches_deeper(client, preset, deeper):
    # (the play page labels strong:3000 "as strong here" by it; the rule is the
    # player's own, fabgen.play.strong.deeper_by_default)
    view = client.get(f"/api/board/preset/{preset}").get_json()
    assert view["strong_deeper"] is deeper


def test_a_board_without_tiles_shows_where_the_first_goes(client):
    view = _view(client, {"board": {"name": "empty", "tiles": []}})
    assert view["findings"][0]["severity"] == "error"
    assert "no tiles" in view["findings"][0]["message"]
    # in the designer's words (it was the board file's: add tiles = [[0, 0], [1, 0], ...])
    assert view["findings"][0]["message"] == (
        "the board has no tiles: click the dashed place (or press Add tile with tile i and j "
        "at 0) to add the first, or load a preset"
    )
    assert [t["coord"] for t in view["targets"]["free"]] == [[0, 0]]


def test_seat_kinds_reach_the_board(client):
    state = {
        "board": {"name": "m", "tiles": [[0, 0], [1, 0], [0, 1], [1, 1]]},
        "players": [{"start": [0, 0]}, {"start": [1, 1]}, {"stacks": {"c3": 3}, "kind": "machine"}],
    }
    view = _view(client, state)
    assert [s["kind"] for s in view["seats"]] == ["player", "player", "machine"]
    assert view["state"]["players"][2]["kind"] == "machine"
    state["players"][2]["kind"] = "robot"
    answer = client.post("/api/board/view", json={"state": state})
    assert answer.status_code == 400
    assert "unknown seat kind 'robot'" in answer.get_json()["error"]


def test_tiles_that_are_no_list_are_a_finding_not_too_much_work(client):
    # (a string of 3,000 letters was counted as 3,000 tiles: 503, "more than the
    # designer handles")
    answer = client.post("/api/board/view", json={"state": {"board": {"tiles": "x" * 3000}}})
    assert answer.status_code == 200
    (finding,) = answer.get_json()["findings"]
    assert "tile coordinates" in finding["message"]
    assert '"xxxxxxxxxxxx"... (3000 characters)' in finding["message"]


@pytest.mark.parametrize(
    ("state", "words"),
    [
        ({"board": {"tiles": [[0, "x"]]}}, "board.tiles[0]"),
        ({"board": {"tiles": [[0, 0]], "colour": 1}}, "unknown key 'colour'"),
        ({"board": {"tiles": [[0, 0]]}, "players": [{"stacks": {"zz!": 1}}]}, "players[0].stacks"),
        ({"board": {"tiles": [[0, 0]], "name": "../../x"}}, "board.name"),
        ({"board": {"tiles": [[0, 0]] * 500}}, "more than fabgen serve takes for a board"),
        ([1, 2, 3], "expected a board"),
    ],
)
def test_a_bad_board_gets_the_readers_message(client, state, words):
    answer = client.post("/api/board/view", json={"state": state})
    too_large = words == "more than fabgen serve takes for a board"
    assert answer.status_code == (413 if too_large else 400)
    body = answer.get_json()
    assert words in body["error"]
    assert "Traceback" not in body["error"]


@pytest.mark.parametrize("seats", [7, 8, 9, 12])
def test_a_board_of_too_many_seats_is_shown_with_the_error_or_refused_as_bad(client, seats):
    # 7 and 8 seats failed with 500 (the stones' symbols go to 6 seats), 9 or more with
    # 503 "too much work": a seat too many is shown with the validator's error, as it
    # happens while a board is made; more are a bad request
    state = client.get("/api/board/preset/3p-triangle-4").get_json()["state"]
    state["players"] += [{"stacks": {"b2": 2}}] + [{}] * (seats - 4)
    answer = client.post("/api/board/view", json={"state": state})
    if seats <= 8:
        assert answer.status_code == 200
        (finding,) = [f for f in answer.get_json()["findings"] if f["code"] == "player-count"]
        assert f"the board has {seats} seats: a game has at most 6 seats" in finding["message"]
    else:
        assert answer.status_code == 400
        body = answer.get_json()
        assert body["where"] == "players"
        assert f"the board has {seats} seats: a game has at most 6 seats" in body["error"]
        assert "remove seats" in body["error"]


def test_an_uploaded_board_of_nine_seats_is_refused_by_its_name(client):
    from fabgen.board.files import preset_text

    text = preset_text("3p-triangle-4") + "\n[[players]]\n" * 6
    answer = _upload(client, text.encode(), "crowd.toml")
    assert answer.status_code == 400
    assert "crowd.toml at players: the board has 9 seats" in answer.get_json()["error"]


def test_board_downloads(client, cli, tmp_path):
    state = client.get("/api/board/preset/4p-diamond-5").get_json()["state"]
    board_file = client.post("/api/board/download/toml", json={"state": state})
    assert 'filename="4p-diamond-5.toml"' in board_file.headers["Content-Disposition"]
    (tmp_path / "b.toml").write_bytes(board_file.data)
    assert cli("validate", tmp_path / "b.toml").exit_code == 0
    start = client.post("/api/board/download/start", json={"state": state})
    assert json.loads(start.data)["format"] == "Atlantis transcript"
    svg = client.post("/api/board/download/setup-svg", json={"state": state})
    assert svg.mimetype == "image/svg+xml" and b"Atlantis board 4p-diamond-5" in svg.data
    pdf = client.post("/api/board/download/setup-pdf", json={"state": state})
    assert pdf.data.startswith(b"%PDF")
    assert client.post("/api/board/download/etc", json={"state": state}).status_code == 400


def test_the_setup_diagram_of_a_board_with_errors_is_refused(client):
    state = {"board": {"name": "half", "tiles": [[0, 0], [5, 5]]}, "players": [{"start": [0, 0]}]}
    answer = client.post("/api/board/download/setup-svg", json={"state": state})
    assert answer.status_code == 400
    assert "fix them first" in answer.get_json()["error"]
    # one error is "it" (it was "the board has 1 error (...): fix them first")
    state["players"].append({"start": [5, 5]})
    answer = client.post("/api/board/download/setup-pdf", json={"state": state})
    assert answer.get_json()["error"] == (
        "half: the board has 1 error (board-disconnected): fix it first; the findings show "
        "what and where"
    )


def _upload(client, data: bytes, name: str):
    return client.post(
        "/api/board/upload",
        data={"file": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


def test_upload_a_board_file_and_a_transcript(client):
    from fabgen.board.files import load_preset, preset_text
    from fabgen.board.transcript_io import board_transcript_text

    answer = _upload(client, preset_text("6p-star-19").encode(), "star.toml")
    assert answer.status_code == 200
    assert answer.get_json()["board"]["tiles"] == 19
    text = board_transcript_text(load_preset("3p-triangle-5"))
    answer = _upload(client, text.encode(), "my game.json")
    assert answer.status_code == 200
    assert answer.get_json()["board"]["name"] == "my-game"


@pytest.mark.parametrize(
    ("data", "name", "words"),
    [
        (b"\xff\xfe\x00garbage", "x.toml", "not UTF-8"),
        (b"[board\n", "../../etc/passwd", "not valid TOML"),
        (b'{"format": "Atlantis transcript", "version": "1.0", "segments": 5}', "g.json", "$"),
        (b"x" * (600 * 1024), "big.toml", "larger than"),
        (b'{"format": "Atlantis transcript"' + b"[" * 100000, "deep.json", "JSON"),
    ],
)
def test_a_hostile_upload_gets_a_clear_message(client, data, name, words):
    answer = _upload(client, data, name)
    assert answer.status_code in (400, 413, 503)
    body = answer.get_json()
    assert words in body["error"]
    assert "Traceback" not in body["error"]


def test_no_upload_and_not_json(client):
    assert "no file" in client.post("/api/board/upload").get_json()["error"]
    answer = client.post("/api/board/view", data="{", content_type="application/json")
    assert answer.status_code == 400 and "JSON object" in answer.get_json()["error"]
    assert client.get("/api/nothing").status_code == 404
    assert "error" in client.get("/api/board/view").get_json()


# ---- the rules viewer --------------------------------------------------------------------


def _game():
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text

    return board_transcript_text(load_preset("3p-triangle-4"))


def test_the_rules_viewer_plays_typed_moves_step_by_step(client):
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import play_turn

    text = _game()
    start = client.post("/api/rules/turn", json={"transcript": text}).get_json()
    assert start["turns"] == 0 and len(start["steps"]) == 1
    position = parse_transcript(text).position
    moves = ",".join(str(m) for m in _first_legal_moves(position))
    answer = client.post("/api/rules/turn", json={"transcript": text, "moves": moves}).get_json()
    _, steps = play_turn(position, moves.split(","), record_steps=True)
    assert [s["title"] for s in answer["steps"]] == [f"{n}. {s.title}" for n, s in enumerate(steps)]
    assert all(s["svg"].lstrip().startswith("<") for s in answer["steps"])


def _first_legal_moves(position):
    from fabgen.rules.turn import Turn

    return Turn(position).legal_moves()[:1]


def test_the_rules_viewer_steps_through_the_turns_of_a_file(client):
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import play_turn

    # A game of three turns: each player makes their first legal move.
    text = _game()
    game = json.loads(text)
    position, turns = parse_transcript(text).position, []
    for _ in range(3):
        moves = _first_legal_moves(position)
        turns.append([[field_name(m.source), field_name(m.destination)] for m in moves])
        position, _ = play_turn(position, moves)
    game["turns"] = turns
    text = json.dumps(game)
    for t in range(4):
        answer = client.post("/api/rules/turn", json={"transcript": text, "turn": t}).get_json()
        assert answer["turn"] == t and answer["turns"] == 3
        # a turn of the file: start, one move, growth at least; after the last: the position
        assert len(answer["steps"]) >= 3 if t < 3 else len(answer["steps"]) == 1
    bad = client.post("/api/rules/turn", json={"transcript": text, "turn": 9})
    assert bad.status_code == 400 and "0 to 3" in bad.get_json()["error"]


def _seat_lines(position) -> list[tuple[str, dict[str, int]]]:
    """Each seat's line head and its live and growing stacks by field name (growing
    negative), from the engine's own accounts: what the viewer's lines must say."""
    from fabgen.rules.names import field_name
    from fabgen.rules.terminal import player_letter

    return [
        (
            f"{player_letter(k)} = {p.label(k)}: ",
            {field_name(f): v for f, v in position.stacks(k).items() if v},
        )
        for k, p in enumerate(position.players)
    ]


def _read_seat_line(line: str, head: str) -> dict[str, int]:
    assert line.startswith(head), (line, head)
    rest = line.removeprefix(head)
    if rest == "nothing on the board":
        return {}
    letter = head[0]
    out = {}
    for entry in rest.split(", "):
        name, cell = entry.split(" ")
        assert cell.endswith(letter), (entry, letter)  # only this seat's fields
        out[name] = -int(cell[1:-1]) if cell.startswith("+") else int(cell[:-1])
    return out


def test_the_rules_viewer_lists_the_fields_by_seat_as_rules_turn_does(client):
    """Before and after the turn, a seat a line in seat order with that seat's fields
    (they came as one list in board order, six seats' fields mixed)."""
    from fabgen.board.files import load_preset
    from fabgen.board.transcript_io import board_transcript_text
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import play_turn

    text = board_transcript_text(load_preset("6p-hexagon-19"))
    position = parse_transcript(text).position
    moves = _first_legal_moves(position)
    typed = ",".join(str(m) for m in moves)
    answer = client.post("/api/rules/turn", json={"transcript": text, "moves": typed})
    assert answer.status_code == 200, answer.get_json()
    answer = answer.get_json()
    final, _ = play_turn(position, moves)
    for key, pos in (("before", position), ("after", final)):
        lines, expected = answer[key], _seat_lines(pos)
        assert len(lines) == len(expected) == 6
        for line, (head, stacks) in zip(lines, expected, strict=True):
            assert _read_seat_line(line, head) == stacks
    # the turn moved stones of the player to move only
    assert answer["before"][1:] == answer["after"][1:]
    assert answer["before"][0] != answer["after"][0]
    # the position alone (no turn played) lists its fields the same way
    shown = client.post("/api/rules/turn", json={"transcript": text}).get_json()
    assert shown["before"] == answer["before"] and "after" not in shown


def test_the_rules_viewer_names_an_illegal_move(client):
    answer = client.post("/api/rules/turn", json={"transcript": _game(), "moves": "a1-z9"})
    assert answer.status_code == 400
    assert "rule" in answer.get_json()["error"]
    answer = client.post("/api/rules/turn", json={"transcript": "{nope", "name": "../x"})
    assert answer.status_code == 400 and "not valid JSON" in answer.get_json()["error"]


def test_a_board_file_given_to_the_rules_viewer_says_where_it_goes(client):
    # It said only "is not valid JSON": a club's board file is the file at hand.
    from fabgen.board.files import preset_text

    board = preset_text("2p-diamond-4")
    answer = client.post("/api/rules/turn", json={"transcript": board, "name": "club.toml"})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error.startswith("club.toml: is not valid JSON: ")
    assert "it is a board file (TOML), not a game: open it in the board designer" in error
    # other text that is not JSON is said as before
    answer = client.post("/api/rules/turn", json={"transcript": "name = 3", "name": "x"})
    assert "board file" not in answer.get_json()["error"]


@pytest.mark.parametrize("variant", ["chess", ["online"], {"online": 1}, 5])
def test_the_rules_viewer_refuses_a_variant_it_does_not_know(client, variant):
    answer = client.post("/api/rules/turn", json={"transcript": _game(), "variant": variant})
    assert answer.status_code == 400
    assert "unknown variant" in answer.get_json()["error"]
    assert "did you mean" not in answer.get_json()["error"]


def test_the_rules_viewer_suggests_the_variant_meant_in_another_case(client):
    answer = client.post("/api/rules/turn", json={"transcript": _game(), "variant": "Online"})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith('unknown variant "Online": ')
    assert '(did you mean "online"?)' in answer.get_json()["error"]


def test_get_variant_refuses_a_list_with_the_known_names():
    from fabgen.errors import ParameterError
    from fabgen.rules.variants import get_variant

    with pytest.raises(ParameterError, match="is not a rule variant: choose one of online"):
        get_variant(["online"])  # type: ignore[arg-type]


def test_settings_from_form_helper_matches_schema(client):
    form = client.get("/api/kit/form").get_json()
    settings = settings_from_form(form)
    assert settings == {s: {x.key: x.default for x in group} for s, group in SCHEMA.items()}


def test_a_request_nested_too_deeply_gets_a_message(client):
    deep = "[" * 200_000 + "]" * 200_000
    answer = client.post(
        "/api/board/view", data='{"state": ' + deep + "}", content_type="application/json"
    )
    assert answer.status_code == 400
    assert "nested too deeply" in answer.get_json()["error"]


def test_a_broken_designer_board_is_shown_at_the_board_setting(client, default_settings):
    state = {"board": {"name": "none", "tiles": []}}
    answer = _preview(client, default_settings, board_state=state)
    [error] = _errors(answer)
    assert error["setting"] == "kit.board"
    assert "no tiles" in error["message"]
    # what the page sends from a browser that has not used the designer: the board
    # file's words (add tiles = [[0, 0], [1, 0], ...]) were no help in the form
    for state in ({"board": {"tiles": []}}, {"board": {"name": "x"}}):
        [error] = _errors(_preview(client, default_settings, board_state=state))
        assert error["message"] == (
            "the board designer's board has no tiles (a browser that has not used the "
            "designer has none): make the board there, or choose a preset board"
        )
        assert error["setting"] == "kit.board"
    # tiles that are no list are the board reader's to say
    state = {"board": {"name": "x", "tiles": "many"}}
    [error] = _errors(_preview(client, default_settings, board_state=state))
    assert "board designer's board has no tiles" not in error["message"]


def test_the_quick_preview_has_the_tile_and_the_setup_but_no_sheets(client, default_settings):
    settings = copy.deepcopy(default_settings)
    settings["tile"]["width"] = 110
    quick = _preview(client, settings, quick=True)
    full = _preview(client, settings)
    assert quick["ok"] and quick["quick"] and not full["quick"]
    assert quick["tile"] == full["tile"] and quick["setup"] == full["setup"]
    assert "sheet" not in quick and "bom" not in quick
    settings["tile"]["kerf"] = 5  # uncompensated: the cut may burn into the circles
    settings["tile"]["compensate_kerf"] = False
    [error] = _errors(_preview(client, settings, quick=True))
    assert error["setting"] == "tile.kerf"


def test_the_rest_of_the_preview_is_the_full_one_without_the_quick_pictures(
    client, default_settings
):
    settings = copy.deepcopy(default_settings)
    settings["tile"]["width"] = 95
    rest = _preview(client, settings, rest=True)
    full = _preview(client, settings)
    assert rest["ok"] and "setup" not in rest and "svg" not in rest["tile"]
    assert rest["sheet"] == full["sheet"] and rest["bom"] == full["bom"]
    assert rest["board"] == full["board"] and rest["findings"] == full["findings"]
    assert {**rest["tile"], "svg": full["tile"]["svg"]} == full["tile"]
    settings["tile"]["kerf"] = 5  # uncompensated: the cut may burn into the circles
    settings["tile"]["compensate_kerf"] = False
    [error] = _errors(_preview(client, settings, rest=True))
    assert error["setting"] == "tile.kerf"


@pytest.mark.parametrize("url", ["/api/kit/zip", "/api/kit/file"])
def test_a_kit_download_refused_says_it_in_the_forms_words(client, default_settings, url):
    # It gave the CLI's message: settings by their keys, and "Fix these in the kit file
    # (or the board file) and run fabgen build again", a file and a command the browser's
    # user has not got.
    settings = copy.deepcopy(default_settings)
    settings["tile"]["kerf"] = ""
    settings["stones"]["count"] = 2.5
    answer = client.post(url, json={"settings": settings})
    assert answer.status_code == 400
    body = answer.get_json()
    error = body["error"]
    assert error.startswith("Not downloaded: the kit cannot be built: ")
    # (the kit reader's "is empty (or only spaces); expected: ...; the default, used
    # when the setting is left out, is 0.15 mm": the page has no setting to leave out)
    assert "Kerf is empty: type a number (the default is 0.15 mm)" in error
    assert "Stones per colour must be a whole number, got 2.5" in error
    assert error.endswith(
        "Fix the settings marked in the form (the preview lists them too), then download again."
    )
    assert "fabgen build" not in error and "\n" not in error
    assert body["where"] == "tile.kerf"
    # the marks are the preview's: the same errors at the same settings
    marked = [e["setting"] for e in _errors(_preview(client, settings))]
    assert marked == ["tile.kerf", "stones.count"]


def test_a_designers_board_with_errors_is_sent_back_to_the_designer(client, default_settings):
    state = client.get("/api/board/preset/2p-diamond-4").get_json()["state"]
    state["board"]["tiles"].append([9, 9])  # an island apart
    answer = client.post("/api/kit/zip", json={"settings": default_settings, "board_state": state})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "Board: the board falls apart into 2 pieces" in error
    assert error.endswith(
        "Fix the settings marked in the form (the preview lists them too) and the board in "
        "the board designer, then download again."
    )


@pytest.mark.parametrize("url", ["/api/kit/zip", "/api/kit/file"])
@pytest.mark.parametrize(
    ("setting", "value"), [("stones.bed", "10x10"), ("laser.sheet", "x"), ("stones.height", 3)]
)
def test_a_kit_the_planner_refuses_is_not_downloaded_in_the_forms_words(
    client, default_settings, cli, tmp_path, url, setting, value
):
    # The kit file was written after the reader's checks only: sheet = "x" gave a
    # kit file that fabgen build then refused.
    settings = copy.deepcopy(default_settings)
    section, key = setting.split(".")
    settings[section][key] = value
    [mark] = _errors(_preview(client, settings))
    answer = client.post(url, json={"settings": settings})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert f"cannot be built: {mark['message']}. Fix the settings marked" in error
    # the command's words for the same kit file, after the setting's label
    from fabgen.web.kitform import kit_text

    (tmp_path / "kit.toml").write_text(kit_text(settings))
    result = cli("build", tmp_path / "kit.toml", "--out", tmp_path / "out")
    assert result.exit_code == 2
    said = re.search(rf"\] {re.escape(setting)}: (.+)", result.output).group(1)
    assert mark["message"].endswith(f" {said}")


def test_the_preview_marks_a_wrong_width_and_a_wrong_sheet_at_once(client, default_settings):
    # The page marked the width alone ("1 problem"); the sheet of "abc" came only once the
    # width was mended.
    settings = copy.deepcopy(default_settings)
    settings["tile"]["width"] = -5
    settings["laser"]["sheet"] = "abc"
    answer = _preview(client, settings)
    assert not answer["ok"]
    marked = {f["setting"] for f in answer["findings"] if f["severity"] == "error"}
    assert marked == {"tile.width", "laser.sheet"}
