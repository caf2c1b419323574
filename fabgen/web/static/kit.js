// Kit configurator: read the form (built by the server from the kit schema), ask for a
// preview on every change, place the findings next to the settings they are about.
"use strict";

const form = document.getElementById("kit-form");
const controls = [...form.querySelectorAll(".control[data-name]")];
let asked = 0;

function valueOf(control) {
  const input = control.querySelector("input, select");
  const kind = control.dataset.kind;
  if (kind === "bool") return input.checked;
  if (kind === "number" || kind === "integer") {
    const raw = input.value.trim();
    const number = Number(raw);
    // Not a number: send the text, so the kit reader says what is wrong.
    if (raw === "" || !Number.isFinite(number)) return raw;
    return number;
  }
  return input.value;
}

function settings() {
  const out = {};
  for (const control of controls) {
    const [section, key] = control.dataset.name.split(".");
    out[section] = out[section] || {};
    out[section][key] = valueOf(control);
  }
  return out;
}

// The request body: the settings, and the designer's board when it is chosen.
function request() {
  const body = {settings: settings()};
  if (body.settings.kit.board === "@designer") {
    const saved = localStorage.getItem(DESIGNER_KEY);
    body.settings.kit.board = "";
    body.board_state = saved ? JSON.parse(saved) : {board: {tiles: []}};
  }
  return body;
}

function showFindings(findings) {
  for (const control of controls) {
    control.classList.remove("has-error");
    control.querySelector(".error").textContent = "";
  }
  const list = document.getElementById("findings");
  list.replaceChildren();
  for (const f of findings) {
    const control = f.setting && form.querySelector(`.control[data-name="${f.setting}"]`);
    if (control && f.severity === "error") {
      control.classList.add("has-error");
      const box = control.querySelector(".error");
      box.textContent = (box.textContent ? box.textContent + " " : "") + f.message;
    }
    // A message about the setting at its place already starts with the setting's label.
    const at = f.where && f.setting !== f.where ? `${f.where}: ` : "";
    list.appendChild(findingItem({...f, text: `${f.severity} [${f.code}] ${at}${f.message}`}));
  }
}

// After a change: a quick answer (test tile, setup diagram) first, then the rest of
// the preview (sheets, report, BOM); answers to older changes are dropped, and the
// server stops working on them ("page" names this page's requests: a newer one
// replaces the older, so a slow preview never holds up the next).
const pageId = Math.random().toString(36).slice(2) + Date.now().toString(36);
let shownFull = 0;
// A download's or a reset's message stays until the next change: a preview answer that
// came after it cleared it (a refusal, the settings changed just before the click, flashed
// and was gone; "Every setting is back to its default." went within a second).
let saidKept = false;
function previewStatus(text, isError) {
  if (!saidKept) setStatus(text, isError);
}
function refresh() {
  const mine = ++asked;
  const body = request();
  ask({...body, quick: true}, mine, true);
  ask({...body, rest: true, page: pageId}, mine, false);
}

// The pictures only the quick answer carries.
// The tile's caption changes with its picture, so the two never disagree when the
// rest of the preview arrives before the quick answer.
function showQuickPictures(answer) {
  if (answer.ok && answer.tile.svg) {
    const t = answer.tile;
    showSVG(document.getElementById("tile-svg"), t.svg);
    document.getElementById("tile-caption").textContent =
      `Test tile: ${t.width_mm} mm across the flats, circle pitch ${t.pitch_mm} mm, circles ${t.circle_diameter_mm} mm`;
  }
  if (answer.ok && answer.setup) showSVG(document.getElementById("setup-svg"), answer.setup.svg);
}

async function ask(body, mine, quick) {
  let answer;
  try {
    answer = await postJSON("/api/kit/preview", body);
  } catch (e) {
    if (mine === asked) previewStatus(e.message, true);
    return;
  }
  if (mine !== asked) return;
  if (quick && shownFull === mine) {
    showQuickPictures(answer);  // the rest came first: keep it, add the pictures
    return;
  }
  if (!quick) shownFull = mine;
  previewStatus(quick ? "Checking the sheets…" : "");
  showFindings(answer.findings);
  document.body.classList.toggle("kit-bad", !answer.ok);
  if (!answer.ok) {
    document.getElementById("preview-board").textContent = "The kit cannot be built: see the messages.";
    const n = answer.findings.filter((f) => f.severity === "error").length;
    setSummary(`The kit cannot be built: ${n} ${n === 1 ? "problem" : "problems"}, marked at the settings.`);
    return;
  }
  const b = answer.board;
  document.getElementById("preview-board").textContent =
    `Board ${b.name}: ${answer.seat_words}, ${b.tiles} ${b.tiles === 1 ? "tile" : "tiles"}, ${b.fields} fields`;
  const t = answer.tile;
  showQuickPictures(answer);
  const tileText = `Test tile ${t.width_mm} mm across, circles ${t.circle_diameter_mm} mm`;
  if (quick) {
    setSummary(`${tileText}; checking the sheets…`);
    return;
  }
  const sheets = answer.sheet.count;
  setSummary(`${tileText}; ${sheets} tile ${sheets === 1 ? "sheet" : "sheets"}.`);
  showSVG(document.getElementById("sheet-svg"), answer.sheet.svg);
  document.getElementById("sheet-caption").textContent =
    `Tile sheet 1 of ${answer.sheet.count}`;
  document.getElementById("sheet-report").textContent = answer.sheet.report;
  showBom(answer.bom);
  document.body.dataset.preview = String(mine);
}

// The bill of materials a line a block, so that a line too long for the column goes on
// under its value, not under the names of the lines (it went on at the left edge:
// "mm", "colour" and "with" stood alone where the names are).
function showBom(text) {
  const lines = text.replace(/\n$/, "").split("\n").map((line) => {
    const span = document.createElement("span");
    span.className = "bom-line";
    span.textContent = line;
    return span;
  });
  document.getElementById("bom").replaceChildren(...lines);
}

// Narrow windows show the preview below the form: a bar at the bottom of the window
// sums it up, "Show preview" jumps there and "Back to …" returns to the last setting.
function setSummary(text) {
  document.getElementById("bar-summary").textContent = text;
}
// The window keeps the bar's height (see style.css) clear below a control scrolled to.
const previewBar = document.getElementById("preview-bar");
new ResizeObserver(() => {
  const height = `${previewBar.offsetHeight}px`;
  document.documentElement.style.setProperty("--preview-bar-height", height);
}).observe(previewBar);

let lastControl = null;
function noteControl(event) {
  const control = event.target.closest(".control[data-name]");
  if (!control) return;
  lastControl = control;
  const label = control.querySelector("label").textContent.trim();
  document.getElementById("back-to-settings").textContent = `Back to “${label}”`;
}

document.getElementById("show-preview").addEventListener("click", (e) => {
  e.preventDefault();
  const title = document.getElementById("preview-title");
  title.scrollIntoView({block: "start"});
  title.focus({preventScroll: true});
});
document.getElementById("back-to-settings").addEventListener("click", (e) => {
  e.preventDefault();
  const target = lastControl ? lastControl.querySelector("input, select") : document.getElementById("settings-title");
  target.scrollIntoView({block: "center"});
  target.focus({preventScroll: true});
});

// The form is kept in the browser (as the designer keeps its board), so a reload, Back
// or a visit to the designer finds it as it was left; "Reset to defaults" clears it.
const KIT_KEY = "fabgen-kit-settings";

function saveForm() {
  const values = {};
  for (const control of controls) {
    const input = control.querySelector("input, select");
    values[control.dataset.name] = input.type === "checkbox" ? input.checked : input.value;
  }
  try {
    localStorage.setItem(KIT_KEY, JSON.stringify(values));
  } catch (e) {
    // storage full or switched off: the form still works, it is just not kept
  }
}

function restoreForm() {
  let values;
  try {
    values = JSON.parse(localStorage.getItem(KIT_KEY) || "null");
  } catch (e) {
    values = null;
  }
  if (!values || typeof values !== "object") return;
  for (const control of controls) {
    const value = values[control.dataset.name];
    const input = control.querySelector("input, select");
    if (input.type === "checkbox") {
      if (typeof value === "boolean") input.checked = value;
    } else if (typeof value === "string") {
      // a choice the page no longer offers keeps the default
      if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === value)) continue;
      if (value === "@designer" && !localStorage.getItem(DESIGNER_KEY)) continue;
      input.value = value;
    }
  }
}

function resetForm() {
  for (const control of controls) {
    const input = control.querySelector("input, select");
    if (input.type === "checkbox") input.checked = input.defaultChecked;
    else if (input.tagName === "SELECT") {
      const chosen = [...input.options].find((o) => o.defaultSelected) || input.options[0];
      input.value = chosen.value;
    } else input.value = input.defaultValue;
  }
  localStorage.removeItem(KIT_KEY);
  setStatus("Every setting is back to its default.");
  saidKept = true;
  refresh();
}

const later = debounce(refresh, 150);
const changed = () => { saidKept = false; };  // (a download's or reset's message is then old)
form.addEventListener("input", changed);
form.addEventListener("change", changed);
form.addEventListener("input", saveForm);
form.addEventListener("change", saveForm);
form.addEventListener("input", noteControl);
form.addEventListener("input", later);
form.addEventListener("change", later);
form.addEventListener("submit", (e) => e.preventDefault());

async function fetchFile(url, what) {
  saidKept = true;
  setStatus(`${what}…`);
  try {
    const name = await download(url, request());
    setStatus(`Downloaded ${name}.`);
  } catch (e) {
    // (a refusal for the kit's errors says so itself; any other, such as a kit being
    // built for another page, is said to have stopped the download too)
    const said = e.message.startsWith("Not downloaded") ? e.message : `Not downloaded: ${e.message}`;
    setStatus(said, true);
  }
}

document.getElementById("download-kit").addEventListener("click", () =>
  fetchFile("/api/kit/zip", "Building the kit (this takes a few seconds)"));
document.getElementById("download-kit-file").addEventListener("click", () =>
  fetchFile("/api/kit/file", "Writing the kit file"));

document.getElementById("reset-kit").addEventListener("click", resetForm);

restoreForm();
// Coming from the designer's "Use in the kit configurator": build that board (the
// other settings as they were left).
if (window.location.hash === "#designer" && localStorage.getItem(DESIGNER_KEY)) {
  document.querySelector('.control[data-name="kit.board"] select').value = "@designer";
  saveForm();
}
refresh();
// Back to a page the browser kept: it shows the settings as they were kept last.
window.addEventListener("pageshow", (e) => {
  if (!e.persisted) return;
  restoreForm();
  refresh();
});
