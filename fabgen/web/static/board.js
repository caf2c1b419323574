// Board designer: the board lives here as a board-file-like object; every change is sent
// to the server, which reads it with the board-file reader and answers with a picture,
// the places to click, and the validator's findings. Undo and redo keep earlier states.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
let state = null;
let view = null;
const undoStack = [];
const redoStack = [];
const $ = (id) => document.getElementById(id);

function tool() {
  return document.querySelector("input[name=tool]:checked").value;
}

function seatIndex() {
  return Number($("seat").value || 0);
}

function copy(value) {
  return JSON.parse(JSON.stringify(value));
}

// The status line says the latest thing the user asked for: each takes a number as it
// is asked (`asked`; inTurn), and the words of a task in turn (`saying`) are dropped
// once something asked after it has spoken (`spoken`). Tasks in turn speak in order, but
// a refusal said at once (stones per field over the box's maximum) was replaced by the
// answer to a change asked before it that came later. That change is still made: the
// board is the sum of the changes, the status line the last word.
let asked = 0;
let saying = 0;
let spoken = 0;
function say(text, isError) {
  if (saying < spoken) return;
  spoken = saying;
  setStatus(text, isError);
}

// A refusal said at once, without waiting for the changes on their way: newer than they
// are, so their answers no longer speak.
function refuseNow(text) {
  spoken = ++asked;
  setStatus(text, true);
}

// Changes, loads, undo and redo run one after the other, each on the board the one
// before left, so their answers apply (and their messages show) in the order they were
// asked for: a slow preset no longer replaces the board, and the message, of a change
// made after it. The page is busy while any is on its way.
let queue = Promise.resolve();
let waiting = 0;
function inTurn(task) {
  const mine = ++asked;
  waiting += 1;
  document.body.dataset.busy = "yes";
  const run = queue.then(() => {
    saying = mine;
    return task();
  });
  // (one that fails, a fault of the page, does not stop those after it)
  queue = run.catch(() => {}).finally(() => {
    waiting -= 1;
    if (!waiting) delete document.body.dataset.busy;
  });
  return run;
}

// Apply a change; on a reader error keep the board as it was and say why.
function change(mutate, note) {
  return inTurn(() => applyNow(mutate, note));
}

// An action decided on the board as the changes before it leave it, not as it was when
// clicked: `decide(board)` runs in its turn and gives the change to make ({mutate,
// note, then}: `then` runs once it is made) or the words of a refusal.
function act(decide) {
  return inTurn(async () => {
    const outcome = decide(state);
    if (!outcome) return;
    if (typeof outcome === "string") return say(outcome, true);
    const before = state;
    await applyNow(outcome.mutate, outcome.note);
    if (state !== before && outcome.then) outcome.then(state);
  });
}

async function applyNow(mutate, note) {
  const next = copy(state);
  mutate(next);
  const answer = await ask(next);
  if (!answer) return showBoardValues(); // the fields show the board, not the refused value
  undoStack.push(state);
  redoStack.length = 0;
  render(answer, next);
  say(note || "Changed."); // and an earlier refusal goes
}

// The server's view of a board, or null (and the reason shown, in this page's words:
// "tile 2 (1, 0), seat 2's start", not the board file's "players[1].start", and tap for
// click on a touch screen) when it refuses it.
async function ask(next) {
  try {
    return await postJSON("/api/board/view", {state: next});
  } catch (e) {
    say(`Not changed: ${tapWords(e.pageWords || e.message)}`, true);
    return null;
  }
}

function render(answer, next) {
  view = answer;
  state = next && answer.state ? answer.state : next;
  localStorage.setItem(DESIGNER_KEY, JSON.stringify(state));
  showPresetChoice();
  const svg = showSVG($("canvas"), answer.svg);
  applyZoom();
  numbersFitted.disconnect();
  if (svg) numbersFitted.observe(svg); // (and fitted now: fitTileNumbers)
  $("canvas").dataset.tiles = (state.board.tiles || []).length;
  addTargets(svg, answer.targets);
  refocusPlace(svg);
  showSummary(answer);
  const list = $("findings");
  list.replaceChildren(...(answer.findings || []).map(designerFinding));
  showBoardValues();
  const focused = document.activeElement;
  $("undo").disabled = undoStack.length === 0;
  $("redo").disabled = redoStack.length === 0;
  // (a button disabled under the keyboard drops it at the top of the page: the other
  // one takes it, as after the last undo there is a redo)
  const other = {undo: $("redo"), redo: $("undo")}[focused && focused.id];
  if (other && focused.disabled && !other.disabled) other.focus();
}

// A finding in the validator's words (those of fabgen validate), and below it, where
// they are a board file's, what to do in this page.
// Field names with a minus sign are said in words, as in the status line; the page's
// own words (the hint, a board without tiles: code board-file) say tap on a touch screen.
function designerFinding(f) {
  const li = findingItem(f);
  const text = f.code === "board-file" ? tapWords(li.textContent) : li.textContent;
  // (the finding's text stays its first child, and one text node where it names no such
  // field)
  if ([...text.matchAll(FIELD_NAMES)].some((m) => m[0].includes("-"))) {
    const words = document.createElement("span");
    setText(words, text);
    li.replaceChildren(words);
  } else {
    li.textContent = text;
  }
  if (f.hint) {
    const hint = document.createElement("div");
    hint.className = "hint";
    hint.style.fontWeight = "normal";
    hint.textContent = tapWords(f.hint[0].toUpperCase() + f.hint.slice(1) + ".");
    li.append(hint);
  }
  return li;
}

function showBoardValues() {
  $("board-name").value = state.board.name || "";
  fillTurns();
  fillMovesNext();
  fillSeats();
}

// Which way the seats, in order, go round (the board file's turns), or not said.
function fillTurns() {
  const select = $("board-turns");
  const ways = (view && view.turn_directions) || [];
  select.replaceChildren(...["", ...ways].map((way) => {
    const option = document.createElement("option");
    option.value = way;
    option.textContent = way || "not said";
    return option;
  }));
  select.value = ways.includes(state.board.turns) ? state.board.turns : "";
}

// The seat whose turn it is (the board file's to_move, from 1; left out, seat 1): a
// position from a game in progress may be any seat's. Offered with two seats or more.
function fillMovesNext() {
  const select = $("moves-next");
  const seats = (view && view.seats) || [];
  select.replaceChildren(...seats.map((s, k) => {
    const option = document.createElement("option");
    option.value = String(k + 1);
    option.textContent = `${k + 1}${s.name ? " " + s.name : ""}`;
    return option;
  }));
  select.value = String(state.board.to_move || 1);
  $("moves-next-control").hidden = seats.length < 2;
}

// The seat to move as seats are removed or reordered: `where(k)` is seat k's place
// after (from 0). The turn stays with its seat; a start (no to_move) stays a start.
function keepMovesNext(s, where) {
  if (!s.board.to_move) return;
  const k = where(s.board.to_move - 1);
  if (k > 0) s.board.to_move = k + 1;
  else delete s.board.to_move;
}

// Seat k removed: the turn of a seat after it comes one place earlier; its own turn
// goes to the seat after it in turn order, as at the table.
function afterRemoved(k, left) {
  return (t) => (t < k ? t : t > k ? t - 1 : left ? k % left : 0);
}

function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// With machines on the board the rotation maps each person onto the next, as the
// validator's seat-rotation check says (machines never move).
function seatRotation(answer) {
  const who = answer.seat_rotation_of;
  // (with fewer than two there is no next to map onto: "none maps every seat onto the
  // next" read as a fault of a board without seats)
  const seats = answer.seats.filter((s) => who === "seat" || s.kind === "player").length;
  if (!answer.seats.length) return "no seats yet";
  if (!seats) return "no people yet (machines stay)";
  if (seats === 1) return `one ${who}: no other to map onto`;
  if (!answer.seat_rotation.length) return `none maps every ${who} onto the next`;
  const rotations = answer.seat_rotation.join(", ");
  return who === "person" ? `${rotations}, person to person (machines stay)` : rotations;
}

function showSummary(answer) {
  const dl = $("summary");
  dl.replaceChildren();
  if (!answer.board) return;
  const rows = [
    // (seats said as the seat rotation and the findings say them: people and machines)
    ["Board", `${answer.board.name}: ${answer.seat_words}, ${count(answer.board.tiles, "tile")}, ${count(answer.board.fields, "field")}`],
    ["Symmetry", symmetryWords(answer.symmetry)],
    ["Seat rotation", seatRotation(answer)],
    ["Stones needed", supplyWords(answer.supply)],
    ["Checks", `${count(answer.summary.errors, "error")}, ${count(answer.summary.warnings, "warning")}, ${count(answer.summary.info, "note")}`],
  ];
  for (const [term, text] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = text;
    dd.id = "summary-" + term.toLowerCase().replace(/ /g, "-");
    dl.append(dt, dd);
  }
}

// As the validator's symmetry finding says it: "no rotation" (it read "1-fold rotation"),
// the field shape's own only where it differs from the tiling's.
function symmetryWords(sym) {
  const turn = (n) => (n === 1 ? "no rotation" : `${n}-fold rotation (${360 / n}°)`);
  const shape = sym.shape === sym.tiling ? "" : ` (the field shape alone: ${turn(sym.shape)})`;
  const mirrors = sym.mirrors ? `${sym.mirrors} mirror ${sym.mirrors === 1 ? "axis" : "axes"}` : "no mirror";
  return `${turn(sym.tiling)}${shape}, ${mirrors}`;
}

// (none while a stack is too high: the validator counts no supply then)
function supplyWords(supply) {
  if (!supply) return "not counted while a stack is too high (see the findings)";
  return `${supply.stones_per_player} per colour; ${supply.growing_markers} growing and ${supply.dead_markers} dead markers`;
}

// Transparent shapes over the picture, one per place to click. The keyboard's model is
// the play page's (boardpic.js): the board is one stop of the Tab key, the arrow keys go
// from place to place (those the tool shows), Enter or Space acts as a click does.
function addTargets(svg, targets) {
  if (!svg || !targets) return;
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "hits tool-" + tool());
  const points = (pts) => pts.map((p) => p.join(",")).join(" ");
  const middle = (pts) => [0, 1].map((a) => pts.reduce((sum, p) => sum + p[a], 0) / pts.length);
  const at = (coord) => (coord ? {"data-i": coord[0], "data-j": coord[1]} : {});
  for (const t of targets.free) {
    hit(layer, "polygon", {points: points(t.points), class: "hit free", ...at(t.coord)}, middle(t.points),
        `add tile (${t.coord[0]}, ${t.coord[1]})`, () => addTile(t.coord));
  }
  for (const t of targets.tiles) {
    const label = tileWords(t.index + 1, t.coord) + (t.coord ? "" : " (free-form)");
    hit(layer, "polygon", {points: points(t.points), class: "hit tile", ...at(t.coord)}, middle(t.points),
        label, () => clickTile(t));
  }
  // (a field's name as the play page says it, "field minus d1": common.js spokenName)
  for (const f of targets.fields) {
    hit(layer, "circle", {cx: f.centre[0], cy: f.centre[1], r: f.r, class: "hit field", "data-field": f.name},
        f.centre, `field ${spokenName(f.name)}${f.words ? ": " + f.words : ""}`, () => clickField(f.name));
  }
  addFieldNames(svg, targets.fields); // shown with the "Field names" switch (boardpic.js)
  svg.appendChild(layer);
  // Places to click, not a picture: a screen reader lists them (an image's are hidden).
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "the board: tiles, places for tiles and fields; arrow keys go from place to place");
  settleTabStop();
}

// The place Enter or Space was pressed on: the picture is drawn anew by the answer, and
// the keyboard stays on that place (a tile added from a dashed place, or removed, is
// found by its coordinates; a field by its name) instead of going back to the page's top.
let keyboardPlace = null;
// The place the board's one Tab stop is on (the one focused last), kept across redraws
// and tools while it is shown.
let tabStop = null;
const centres = new WeakMap(); // each place's middle on the picture, for the arrow keys

// (a click of the mouse since is not the keyboard's: nothing is refocused for it)
document.addEventListener("pointerdown", () => { keyboardPlace = null; });

function placeKey(el) {
  if (el.dataset.field) return `[data-field="${el.dataset.field}"]`;
  return el.dataset.i === undefined ? null : `[data-i="${el.dataset.i}"][data-j="${el.dataset.j}"]`;
}

// The places the tool shows (style.css hides the others), in the picture's order.
function shownPlaces() {
  return [...document.querySelectorAll("#canvas .hits .hit")].filter((el) => el.getClientRects().length);
}

function setTabStop(el) {
  for (const other of document.querySelectorAll("#canvas .hits .hit")) {
    other.setAttribute("tabindex", other === el ? "0" : "-1");
  }
}

// After a redraw or a change of tool: the Tab stop on the place it was on where that is
// shown, else on the first place shown (none shown: the first place, so that the board
// keeps its stop).
function settleTabStop() {
  const places = shownPlaces();
  const kept = tabStop && places.find((el) => el.matches(tabStop));
  const first = kept || places[0] || document.querySelector("#canvas .hits .hit");
  if (first) setTabStop(first);
}

function refocusPlace(svg) {
  const key = keyboardPlace;
  keyboardPlace = null;
  // (only when the redraw took it: a button the mouse pressed since keeps it)
  if (!key || !svg || (document.activeElement && document.activeElement !== document.body)) return;
  const shown = [...svg.querySelectorAll(`.hit${key}`)].find((el) => el.getClientRects().length);
  if (shown) shown.focus();
}

// The nearest place shown in an arrow key's direction (within 60° of it, as the play
// page's fields), or the first or last (Home, End); the place itself where there is none.
function nextPlace(el, key) {
  const places = shownPlaces();
  if (key === "Home") return places[0] || el;
  if (key === "End") return places[places.length - 1] || el;
  const [dx, dy] = ARROWS[key];
  const [x, y] = centres.get(el);
  let best = el;
  let bestScore = Infinity;
  for (const other of places) {
    const [vx, vy] = [centres.get(other)[0] - x, centres.get(other)[1] - y];
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 1e-6 || across > along * Math.sqrt(3) + 1e-6) continue;
    const score = Math.hypot(vx, vy) + 1e-3 * across;
    if (score < bestScore) [best, bestScore] = [other, score];
  }
  return best;
}

function hit(layer, shape, attrs, centre, label, action) {
  const el = document.createElementNS(SVG_NS, shape);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  centres.set(el, centre);
  el.setAttribute("tabindex", "-1");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", action);
  el.addEventListener("focus", () => {
    setTabStop(el);
    tabStop = placeKey(el);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      keyboardPlace = placeKey(el);
      action();
    } else if (e.key in ARROWS || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      nextPlace(el, e.key).focus();
    }
  });
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = label;
  el.appendChild(title);
  layer.appendChild(el);
}

function sameCoord(a, b) {
  return Array.isArray(a) && a[0] === b[0] && a[1] === b[1];
}

// A tile as the page names it: by the number drawn on it, which is how a maker finds it
// on the picture, and one on the lattice by its coordinates too ("tile 3 (1, 0)"), as
// its place's label and the refusals (designer.py page_place) say it. The status said
// "tile (1, 0)" after some clicks and "tile 3" after others.
function tileWords(number, coord, word = "tile") {
  return coord ? `${word} ${number} (${coord[0]}, ${coord[1]})` : `${word} ${number}`;
}

// The number tile `coord` of the lattice has on board `b`, or 0 if it is not there
// (the lattice's tiles come first, then the free-form ones).
function tileNumber(b, coord) {
  return (b.board.tiles || []).findIndex((c) => sameCoord(c, coord)) + 1;
}

// (a dashed place clicked twice, or typed in twice, before the first answer came adds
// the tile once)
function addTile(coord) {
  act((b) => {
    const there = tileNumber(b, coord);
    if (there) return `${tileWords(there, coord, "Tile")} is already on the board.`;
    return {
      mutate: (s) => {
        s.board.tiles = s.board.tiles || [];
        s.board.tiles.push(coord);
      },
      // (numbered after the lattice's tiles, before the free-form ones)
      note: `Added ${tileWords((b.board.tiles || []).length + 1, coord)}.`,
    };
  });
}

// The tile clicked, found again on the board the changes before it leave (a tile clicked
// twice before the first answer came was removed, and then the tile after it).
function clickTile(t) {
  if (tool() === "start") return placeStart(t);
  const coords = state.board.tiles || [];
  const free = t.index < coords.length ? null : JSON.stringify(state.board.free_tiles[t.index - coords.length]);
  const named = tileWords(t.index + 1, t.coord); // (as drawn when clicked)
  act((b) => {
    const tiles = b.board.tiles || [];
    const index = free === null
      ? tiles.findIndex((c) => sameCoord(c, t.coord))
      : (b.board.free_tiles || []).findIndex((f) => JSON.stringify(f) === free);
    if (index < 0) return `Not changed: ${named} was removed.`;
    return {
      mutate: (s) => {
        if (free === null) s.board.tiles.splice(index, 1);
        else s.board.free_tiles.splice(index, 1);
        if (s.board.free_tiles && !s.board.free_tiles.length) delete s.board.free_tiles;
      },
      note: `Removed ${tileWords((free === null ? index : tiles.length + index) + 1, t.coord)}.`,
    };
  });
}

// Why seat k (as it was chosen) cannot be changed on the board the changes before leave,
// or null when it is there.
function seatMissing(b, k) {
  const players = b.players || [];
  if (players[k]) return null;
  return players.length ? `Not changed: seat ${k + 1} was removed.` : "Add a seat first.";
}

function seatGone(k) {
  const missing = seatMissing(state, k);
  if (missing) say(missing, true);
  return Boolean(missing);
}

function placeStart(t) {
  if (!t.coord) {
    return refuseNow(`Not changed: ${tileWords(t.index + 1)} is free-form; a start tile must sit on the tile lattice.`);
  }
  const k = seatIndex();
  const startsOf = (seat) => (seat.start === undefined ? [] : Array.isArray(seat.start[0]) ? seat.start : [seat.start]);
  inTurn(() => {
    if (seatGone(k)) return;
    const tile = tileWords(tileNumber(state, t.coord) || t.index + 1, t.coord);
    // (said as it is decided, on the board the changes before leave: a start tile
    // clicked again is taken away; a machine's, which the board keeps as a stone on each
    // of its fields (a machine's start is its stacks), too: it was put again over its
    // own stones, refused as stones given twice, "take the start tile away first")
    const singles = (seat) => !seat.start && t.fields.every((f) => (seat.stacks || {})[f] === 1);
    const taken = singles(state.players[k]) || startsOf(state.players[k]).some((c) => sameCoord(c, t.coord));
    return applyNow((s) => {
      const seat = s.players[k];
      const kept = startsOf(seat).filter((c) => !sameCoord(c, t.coord));
      if (singles(seat)) {
        for (const f of t.fields) delete seat.stacks[f];
        if (!Object.keys(seat.stacks).length) delete seat.stacks;
      } else if (taken) {
        if (kept.length) seat.start = kept; else delete seat.start;
      } else {
        seat.start = t.coord;
      }
    }, taken ? `Seat ${k + 1}: start ${tile} taken away.` : `Seat ${k + 1}: start ${tile}.`);
  });
}

function clickField(name) {
  const k = seatIndex();
  const raw = $("stack-size").value.trim();
  const n = Number(raw);
  if (raw === "" || !Number.isInteger(n) || n < 1) {
    const typed = raw === "" ? "nothing" : `"${raw}"`;
    return refuseNow(`Not changed: stones per field must be a whole number of at least 1, got ${typed}.`);
  }
  const most = Number($("stack-size").max);
  if (n > most) return refuseNow(`Not changed: stones per field must be at most ${most}, got "${raw}".`);
  inTurn(() => {
    if (seatGone(k)) return;
    // (said as it is decided, on the board the changes before leave: the same number
    // clicked again takes the stones away)
    const taken = (state.players[k].stacks || {})[name] === n;
    return applyNow((s) => {
      const seat = s.players[k];
      seat.stacks = seat.stacks || {};
      if (taken) delete seat.stacks[name]; else seat.stacks[name] = n;
      if (!Object.keys(seat.stacks).length) delete seat.stacks;
    }, taken ? `Seat ${k + 1}: the stones on ${name} taken away.` : `Seat ${k + 1}: ${count(n, "stone")} on ${name}.`);
  });
}

function fillSeats() {
  const select = $("seat");
  const keep = select.value;
  const seats = (view && view.seats) || [];
  select.replaceChildren(...seats.map((s, k) => {
    const option = document.createElement("option");
    option.value = k;
    option.textContent = `${k + 1}${s.name ? " " + s.name : ""} (${s.kind})`;
    return option;
  }));
  if (keep !== "" && Number(keep) < seats.length) select.value = keep;
  const seat = seats[seatIndex()];
  $("seat-kind").value = seat ? seat.kind : "player";
  $("seat-name").value = seat && seat.name ? seat.name : "";
  fillColours(seat, (state.players || [])[seatIndex()]);
}

// The seat's colour: one the board file names, or none (the seat number's colour, said
// beside it); a colour the file gives as #rrggbb is listed as it is given.
function fillColours(seat, player) {
  const select = $("seat-colour");
  const colours = (view && view.colours) || [];
  const given = player && typeof player.colour === "string" ? player.colour : "";
  const nameOf = (hex) => (colours.find((c) => c.hex === hex) || {name: hex}).name;
  const option = (value, text) => {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    return o;
  };
  const options = [option("", seat && !given ? `by seat number (${nameOf(seat.colour)})` : "by seat number")];
  options.push(...colours.map((c) => option(c.name, c.name)));
  const known = given === "" || colours.some((c) => c.name === given.toLowerCase());
  if (!known) options.push(option(given, given));
  select.replaceChildren(...options);
  select.value = known ? given.toLowerCase() : given;
  select.disabled = !seat;
}

// A preset or a file loaded replaces the board as a change does: Undo brings back the
// board it replaced (a preset loaded by mistake took hours of designing with it).
function load(answer) {
  if (state) undoStack.push(state);
  redoStack.length = 0;
  render(answer, answer.state);
  showAnew();
}

// On a touch screen a board loaded (a preset, a file, the board kept in the browser) or
// a new one is shown anew: as a whole, zoomed in where the tool's places are under a
// finger's width. The 37-tile preset's tiles were 37 px on a phone, and its fields 28 at
// the zoom a smaller board had been given; a new board's one tile filled the box at the
// zoom the board before it had.
function showAnew() {
  if (!touchScreen()) return;
  setZoom(1);
  fingerZoom();
}

// The preset list names the board shown when it is a preset as loaded (the server's
// view says which: after Undo, and restored from the browser after a reload, too), else
// "(your board)": the list kept saying 3p-triangle-4 beside a new empty board, and said
// "(your board)" beside a preset restored unedited.
// A preset picked in the list and not loaded yet stays picked: an answer on its way
// meanwhile does not put back the name of the board shown over it (Load preset would
// load that one instead). Load preset, New empty board or a file uploaded end the pick.
let presetPicked = false;
$("preset").addEventListener("change", () => { presetPicked = true; });
function showPresetChoice() {
  if (presetPicked) return;
  const name = (view && view.preset) || "";
  // (an option chosen by its value: the first, "(your board)", is disabled to pick)
  for (const option of $("preset").options) option.selected = option.value === name;
}

$("load-preset").addEventListener("click", () => {
  const name = $("preset").value;
  presetPicked = false;
  inTurn(async () => {
    if (!name) return say("Not loaded: choose a preset board in the list first.", true);
    try {
      const answer = await readAnswer(await reach(`/api/board/preset/${encodeURIComponent(name)}`));
      load(answer);
      say(`Loaded ${name}.`);
    } catch (e) {
      say(`Not loaded: ${e.message}`, true);
      showPresetChoice(); // (the board shown stays, and so does its name)
    }
  });
});

$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (!file) return;
  const body = new FormData();
  body.append("file", file);
  $("upload").value = "";
  presetPicked = false;
  await inTurn(async () => {
    try {
      const answer = await readAnswer(await reach("/api/board/upload", {method: "POST", body}));
      load(answer);
      // (a game's transcript: what the designer took of it, and why; a game in
      // progress: whose turn it is)
      const loaded = answer.note ? `Loaded ${file.name}: ${answer.note}.` : `Loaded ${file.name}.`;
      say(loaded + movesNextWords(answer));
    } catch (e) {
      // (the board on show stays; the reason names the file as the user named it)
      say(`Not loaded: ${e.message}`, true);
    }
  });
});

// " Seat 2 Blue moves next." of a board loaded in the middle of a game, else "".
function movesNextWords(answer) {
  const n = answer.state && answer.state.board ? answer.state.board.to_move : 0;
  const seat = n && answer.seats ? answer.seats[n - 1] : null;
  return seat ? ` Seat ${n}${seat.name ? " " + seat.name : ""} moves next.` : "";
}

$("new-board").addEventListener("click", () => {
  presetPicked = false;
  act(() => ({
    mutate: (s) => {
      s.board = {name: "my-board", tiles: [[0, 0]]};
      s.players = [];
    },
    note: tapWords("New board: one tile. Click the dashed places to add more."),
    then: showAnew,
  }));
});

// (each change takes the value as it was chosen: when its turn comes, an answer before
// it may have put the board's own values back in the fields)
$("board-name").addEventListener("change", () => {
  const name = $("board-name").value;
  change((s) => { s.board.name = name; }, `Board name: ${name}.`);
});
$("board-turns").addEventListener("change", () => {
  const way = $("board-turns").value;
  change((s) => { if (way) s.board.turns = way; else delete s.board.turns; },
    way ? `The seats go round ${way}.` : "Which way the seats go round is not said.");
});
$("moves-next").addEventListener("change", () => {
  const n = Number($("moves-next").value);
  act((b) => seatMissing(b, n - 1) || {
    mutate: (s) => { if (n > 1) s.board.to_move = n; else delete s.board.to_move; },
    note: n > 1 ? `Seat ${n} moves next: a game in progress.` : "Seat 1 moves next, as at a start.",
  });
});
$("seat").addEventListener("change", fillSeats);
// The seat actions act on the seat chosen when they were asked for, on the board the
// changes before them leave: a seat a change before removed is said to be gone.
$("seat-name").addEventListener("change", () => {
  const k = seatIndex();
  const name = $("seat-name").value.trim();
  act((b) => seatMissing(b, k) || {
    mutate: (s) => { if (name) s.players[k].name = name; else delete s.players[k].name; },
    note: name ? `Seat ${k + 1}: name ${name}.` : `Seat ${k + 1}: no name.`,
  });
});
$("seat-colour").addEventListener("change", () => {
  const k = seatIndex();
  const colour = $("seat-colour").value;
  act((b) => seatMissing(b, k) || {
    mutate: (s) => { if (colour) s.players[k].colour = colour; else delete s.players[k].colour; },
    note: `Seat ${k + 1}: colour ${colour || "by seat number"}.`,
  });
});
$("seat-kind").addEventListener("change", () => {
  const k = seatIndex();
  const kind = $("seat-kind").value;
  act((b) => seatMissing(b, k) || {
    mutate: (s) => { if (kind === "player") delete s.players[k].kind; else s.players[k].kind = kind; },
    note: `Seat ${k + 1} is now ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}.`, // (an extreme-machine)
  });
});
$("add-seat").addEventListener("click", () => {
  act((b) => {
    const n = (b.players || []).length;
    return {
      mutate: (s) => { s.players = [...(s.players || []), {}]; },
      note: `Added seat ${n + 1}.`,
      then: () => {
        $("seat").value = String(n);
        fillSeats();
      },
    };
  });
});
$("remove-seat").addEventListener("click", () => {
  const k = seatIndex();
  act((b) => seatMissing(b, k) || {
    mutate: (s) => {
      s.players.splice(k, 1);
      keepMovesNext(s, afterRemoved(k, s.players.length));
    },
    note: `Removed seat ${k + 1}.${removedTurn(b, k)}`,
  });
});
// What became of the turn of seat k removed, when it was its turn (and a turn still
// means something: two seats or more are left).
function removedTurn(b, k) {
  const left = b.players.length - 1;
  if (b.board.to_move !== k + 1 || left < 2) return "";
  return ` It was its turn: seat ${afterRemoved(k, left)(k) + 1} moves next.`;
}

// The seat chosen one place earlier or later in turn order (the board file's order of
// [[players]]): the validator asks for a dummy seat "seated in turn order between the
// people it stands between", and Add seat adds at the end. A seat coloured by its
// number takes the colour of its new number.
function moveSeat(by) {
  const k = seatIndex();
  act((b) => {
    const missing = seatMissing(b, k);
    if (missing) return missing;
    const to = k + by;
    if (to < 0 || to >= b.players.length) {
      return `Not changed: seat ${k + 1} is already the ${by < 0 ? "first" : "last"} in turn order.`;
    }
    return {
      mutate: (s) => {
        s.players.splice(to, 0, ...s.players.splice(k, 1));
        keepMovesNext(s, (t) => (t === k ? to : t === to ? k : t));
      },
      note: `Seat ${k + 1} is now seat ${to + 1}.`,
      then: () => {
        $("seat").value = String(to);
        fillSeats();
      },
    };
  });
}
$("seat-earlier").addEventListener("click", () => moveSeat(-1));
$("seat-later").addEventListener("click", () => moveSeat(1));
// More stones per field than the box's maximum are refused (a stack of 150 went on the
// board, and the checks said a stack was too high): said as the box is left, in turn
// after the changes on their way, and again by a field clicked (clickField).
$("stack-size").addEventListener("change", () => {
  const box = $("stack-size");
  const n = Number(box.value.trim());
  const most = Number(box.max);
  const over = box.value.trim() !== "" && n > most;
  box.setAttribute("aria-invalid", String(over));
  const typed = box.value.trim();
  // (not said once the box holds another number, typed while the changes were on their way)
  if (over) inTurn(() => box.value.trim() === typed && say(`Stones per field: at most ${most}, got "${typed}"; type ${most} or fewer.`, true));
});
// A refusal says why what was just asked was not done: anything else asked of the page
// (another seat or tool, a number typed, Ctrl+Z in its box, a preset picked) takes it
// away, as a change does by saying itself. "Stones per field: at most 99, got "150"" stayed
// beside another seat, and beside the box put back to 6. (Text boxes keep it while typing:
// their refusal says what to type, and the change they make says itself.)
function dropRefusal() {
  if ($("status").classList.contains("bad")) setStatus("");
}
for (const el of document.querySelectorAll(".settings input:not([type=text]), .settings select")) {
  el.addEventListener("input", dropRefusal);
}
// The typed coordinate, or the words of its refusal (an empty box was read as 0: a tile
// nobody asked for). The refusal is said in turn, after the changes on their way.
function typedCoordinate(axis) {
  const raw = $(`tile-${axis}`).value.trim();
  const n = Number(raw);
  if (raw !== "" && Number.isInteger(n)) return n;
  const typed = raw === "" ? "nothing" : `"${raw}"`;
  return `Not changed: tile ${axis} must be a whole number, got ${typed}; type one, such as 0 or -2.`;
}
$("add-tile").addEventListener("click", () => {
  const [i, j] = [typedCoordinate("i"), typedCoordinate("j")];
  const refused = [i, j].find((c) => typeof c === "string");
  if (refused) inTurn(() => say(refused, true));
  else addTile([i, j]);
});

function step(from, to) {
  inTurn(async () => {
    // (Ctrl+Z pressed once too often: said, not silently nothing)
    if (!from.length) return say(from === undoStack ? "Nothing to undo." : "Nothing to redo.");
    const answer = await ask(from[from.length - 1]);
    if (!answer) return;
    to.push(state);
    render(answer, from.pop());
    say(from === undoStack ? "Undone." : "Redone.");
  });
}
$("undo").addEventListener("click", () => step(undoStack, redoStack));
$("redo").addEventListener("click", () => step(redoStack, undoStack));
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.target.matches("input[type=text], input[type=number]")) return;
  // (pressed on a place of the board: the keyboard stays there, as after Enter; the
  // redrawn picture dropped it at the top of the page)
  if (e.target.matches(".hit")) keyboardPlace = placeKey(e.target);
  if (e.key === "z" && !e.shiftKey) { e.preventDefault(); step(undoStack, redoStack); }
  if (e.key === "y" || (e.key === "z" && e.shiftKey)) { e.preventDefault(); step(redoStack, undoStack); }
});
$("validate").addEventListener("click", () => {
  inTurn(async () => {
    const answer = await ask(state);
    if (!answer) return;
    render(answer, state);
    say(`Checked: ${count(answer.summary.errors, "error")}, ${count(answer.summary.warnings, "warning")}.`);
    showFindings();
  });
});
// The findings, brought into view where their heading and first lines are not in the
// window: on a phone they are below the tools, some 1,500 px under Validate, which said
// only "Checked: 1 error". (There the board stays at the top of the window: the heading
// comes to its foot, by html's scroll-padding-top, style.css.)
function showFindings() {
  const view = document.querySelector(".board-view");
  const covered = getComputedStyle(view).position === "sticky" ? view.getBoundingClientRect().bottom : 0;
  const top = $("findings-title").getBoundingClientRect().top;
  if (top >= covered && top + 80 <= innerHeight) return;
  keepBoardHeight(); // (now: the status line above the board may have grown just now)
  $("findings-title").scrollIntoView({block: "start"});
}
document.querySelectorAll("input[name=tool]").forEach((radio) =>
  radio.addEventListener("change", () => {
    const layer = document.querySelector("#canvas .hits");
    if (layer) layer.setAttribute("class", "hits tool-" + tool());
    fingerZoom();
    settleTabStop(); // (on a place the new tool shows)
  }));

// Downloads, like the kit's board, are of the board the changes on their way leave.
// `options`: what else the download is asked with, as chosen when it was clicked.
function save(what, label, options = {}) {
  return inTurn(async () => {
    say(`${label}…`);
    try {
      say(`Downloaded ${await download(`/api/board/download/${what}`, {state, ...options})}.`);
    } catch (e) {
      // (the page's words where the API's name what the page shows otherwise: the
      // findings, not their codes)
      say(`Not downloaded: ${e.pageWords || e.message}`, true);
    }
  });
}
$("download-board").addEventListener("click", () => save("toml", "Writing the board file"));
$("download-start").addEventListener("click", () => save("start", "Writing the start transcript"));
// The setup diagram draws the seats' symbols on the stones when they carry them, as
// fabgen layout --seat-symbols does (a maker with engraved stones matches seats to
// stones by them); the choice is kept, as the field names' switch is.
const SYMBOLS_KEY = "fabgen-designer-seat-symbols";
$("seat-symbols").checked = localStorage.getItem(SYMBOLS_KEY) === "yes";
$("seat-symbols").addEventListener("change", () => {
  localStorage.setItem(SYMBOLS_KEY, $("seat-symbols").checked ? "yes" : "no");
});
function saveSetup(fmt) {
  const options = {seat_symbols: $("seat-symbols").checked};
  const label = options.seat_symbols ? "Drawing the setup diagram with the seat symbols" : "Drawing the setup diagram";
  return save(`setup-${fmt}`, label, options);
}
$("download-setup-svg").addEventListener("click", () => saveSetup("svg"));
$("download-setup-pdf").addEventListener("click", () => saveSetup("pdf"));
$("status").addEventListener("click", () => {
  if ($("status").classList.contains("bad")) setStatus(""); // (a refusal: its title says so)
});
$("use-in-kit").addEventListener("click", () => inTurn(() => {
  localStorage.setItem(DESIGNER_KEY, JSON.stringify(state));
  window.location.href = "/#designer";
}));
// This window's board (another designer window saves its own board too), once the
// changes on their way are done; a board with errors is not played, as the setup
// diagram is not drawn.
$("play-this").addEventListener("click", (e) => {
  e.preventDefault();
  inTurn(() => {
    const errors = view && view.summary ? view.summary.errors : 0;
    if (errors) {
      return say(
        `Not played: the board has ${count(errors, "error")} (see the findings); fix ` +
        `${errors === 1 ? "it" : "them"} first.`, true);
    }
    localStorage.setItem(DESIGNER_KEY, JSON.stringify(state));
    window.location.href = "/play#designer";
  });
});

inTurn(async () => {
  const saved = localStorage.getItem(DESIGNER_KEY);
  if (saved) {
    try {
      load(await postJSON("/api/board/view", {state: JSON.parse(saved)}));
      return;
    } catch (e) { /* an old or broken board: start from a preset */ }
  }
  $("load-preset").click(); // in turn after this one
});
namesSwitch($("names"), $("canvas"));

// Zoom, as on the play page: on a phone the fields of a large board are too small to tap.
// At 1 the whole board fits its box; larger, the box scrolls.
let zoom = 1;
function applyZoom() {
  const svg = $("canvas").querySelector("svg");
  if (svg) svg.style.width = `${100 * zoom}%`;
  $("canvas").classList.toggle("zoomed", zoom > 1);
  $("canvas").dataset.zoom = String(zoom);
}
function setZoom(z) {
  zoom = Math.max(1, Math.min(4, z));
  applyZoom();
}

// Tile numbers of NAME_PX on screen (boardpic.js: a field name's size), as far as the
// gap between three fields where each stands leaves room: on a 390 px phone they were 7
// px high on the default board, 5 on the largest. Never smaller than the server drew
// them (a laptop's are mostly large enough). On a phone's default board single digits
// now reach NAME_PX (13 px high) and 10 is 10 px high, all the gap holds; more with the
// zoom. Each number's ink (its digits' advance across, a digit's height) stays an
// eighth of a radius off every field's circle, moved a little within its gap where that
// lets it grow more.
const numbersFitted = new ResizeObserver(() => fitTileNumbers()); // (zoomed, window turned)
function fitTileNumbers() {
  const svg = $("canvas").querySelector("svg");
  const targets = view && view.targets;
  if (!svg || !targets) return;
  const scale = svg.getBoundingClientRect().width / targets.viewbox[0];
  if (!scale) return; // (not on show)
  const spots = new Map(targets.tiles.map((t) => [String(t.index + 1), t.number_at]));
  // (the gaps on the lattice are alike: what one number found, the next of as many digits
  // tries first; 18 ms for 37 tiles otherwise)
  const found = new Map();
  const centres = targets.fields.map((f) => f.centre);
  for (const text of svg.querySelectorAll("text.tile-number")) {
    const at = spots.get(text.textContent);
    if (!at) continue;
    if (!text.dataset.size) {
      text.dataset.size = text.getAttribute("font-size");
      text.dataset.em = String(text.getBBox().width / parseFloat(text.dataset.size));
    }
    const key = `${text.dataset.size} ${text.dataset.em}`;
    const [size, x, y] = numberRoom(at, parseFloat(text.dataset.size), parseFloat(text.dataset.em),
      NAME_PX / scale, centres, targets.circle_r, found.get(key));
    found.set(key, [size, x - at[0], y - at[1]]);
    text.setAttribute("font-size", String(size));
    text.setAttribute("x", String(x));
    text.setAttribute("y", String(y + DIGIT_HEIGHT * size / 2)); // (its baseline)
  }
}
// On a touch screen a tool whose places are under a finger's width zooms in to them (never
// out), the middle of the board in view: the fields to put stones on were 16 px across on
// a phone, 28 on a tablet upright (the tiles some 50). The zoom buttons undo it.
function touchScreen() {
  return matchMedia("(pointer: coarse)").matches;
}
function fingerZoom() {
  if (!touchScreen()) return;
  const before = zoom;
  for (let step = 0; step < 3 && zoom < 4; step++) {
    const sizes = shownPlaces().map((el) => el.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
    const smallest = Math.min(...sizes);
    if (!sizes.length || smallest >= FINGER_PX) break;
    setZoom(zoom * FINGER_PX / smallest * 1.02);
  }
  if (zoom === before) return;
  const box = $("canvas");
  box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  box.scrollTop = (box.scrollHeight - box.clientHeight) / 2;
}
$("zoom-in").addEventListener("click", () => setZoom(zoom * 1.5));
$("zoom-out").addEventListener("click", () => setZoom(zoom / 1.5));
// On a touch screen the page says tap where it said click: the opening text, the tools'
// label, a refusal's title (data-hide: common.js setStatus; style.css writes "Tap to hide"
// under a refusal there, as no pointer rests on a title to show it).
function tapWords(text) {
  return touchScreen() ? text.replace(/\bclick\b/g, "tap").replace(/\bClick\b/g, "Tap") : text;
}
for (const el of document.querySelectorAll("[data-tap]")) {
  if (el.textContent) el.textContent = tapWords(el.textContent);
  if (el.title) el.title = tapWords(el.title);
  if (el.dataset.hide) el.dataset.hide = tapWords(el.dataset.hide);
}
// On a phone the board stays at the top of the window (style.css): a control scrolled to
// for typing or focus is kept clear of it by its height.
function keepBoardHeight() {
  const height = `${Math.ceil(document.querySelector(".board-view").getBoundingClientRect().height)}px`;
  document.documentElement.style.setProperty("--board-view-height", height);
}
new ResizeObserver(keepBoardHeight).observe(document.querySelector(".board-view"));
