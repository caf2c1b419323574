// The play page: a game lives on the server (/api/games); the page keeps its id (a reload
// finds it again), the moves tapped in the turn so far, and draws the board with the
// shared picture (boardpic.js). Every tapped move is checked by the server's rules
// engine before it is shown; "End turn" sends the moves, and the answer holds that turn
// and every computer and machine turn after it, which the page plays back wave by wave.
"use strict";

const $ = (id) => document.getElementById(id);
const GAME_KEY = "fabgen-play-game";
const KINDS = ["person", "strong", "strong:3000", "greedy", "random", "extreme-machine"];
// (strong:3000: the strong player with ten times the budget, which buys a deeper search;
// the extreme machine plays a person's seat by the 1995 rules' fixed rules, and the seat
// stays a person's: it rotates, and a board's own machine seats are not in this list)
const KIND_LABELS = {
  "strong:3000": "strong:3000 (deeper, slower)",
  "extreme-machine": "extreme machine (1995 rules)", // (whole in the closed list, as above)
};
// (where strong itself searches as strong:3000: the board's view says so, strong_deeper)
const TWO_SEAT_LABELS = {"strong:3000": "strong:3000 (as strong here)"};
const WAVES_MS = 1000; // one turn's explosion waves take about a second

let game = null; // the server's state
let picture = null; // BoardPicture
let pending = []; // [[source, destination], ...] tapped this turn
let now = null; // legal moves and fields after the pending moves
let selected = null;
let busy = false;
let turnsComing = false; // (a request that plays turns is under way: setButtons)
let skipping = false;
let pickedFile = null; // {name, text}
let hinted = []; // the last hint's moves
let paused = false; // a game of computers only waits for Continue
// (kept with the game's id: a reload finds it paused, by Pause or by New game)
const PAUSED_KEY = "fabgen-play-paused";
// The moves tapped in the turn so far, with the game and the position they were tapped on
// (a reload finds them, this tab only).
const TAPS_KEY = "fabgen-play-taps";

// ---- starting a game -----------------------------------------------------------------

// The view of the board chosen (its seats, and whether strong searches deeper there).
async function boardView() {
  const choice = $("board-choice").value;
  if (choice.startsWith("preset:")) {
    return getJSON(`/api/board/preset/${encodeURIComponent(choice.slice(7))}`);
  }
  if (choice === "designer") {
    const state = designerBoard();
    if (!state) throw new Error("the board designer has no board yet: make one at /board first");
    return postJSON("/api/board/view", {state});
  }
  if (!pickedFile) throw new Error("choose a board file or transcript first");
  const form = new FormData();
  form.append("file", new Blob([pickedFile.text]), pickedFile.name);
  // A transcript is checked as Start game checks it (every turn replayed, under the
  // variant it names): a game with an illegal move is refused as it is chosen.
  form.append("check", "game");
  return readAnswer(await reach("/api/board/upload", {method: "POST", body: form}));
}

// The designer's board as it was when this page took it (loaded from the designer's
// "Play this board", or the option chosen): a designer open in another window, which
// saves its own board, does not change the board of this game.
let designerTaken = null;
function takeDesignerBoard() {
  designerTaken = localStorage.getItem(DESIGNER_KEY);
}
function designerBoard() {
  return JSON.parse(designerTaken || "null");
}

async function getJSON(url) {
  return readAnswer(await reach(url));
}

// The seats of the board chosen; only the answer for the latest choice is shown. The
// message on show is cleared only when it is about the board (`chosen`: the person chose
// another) or the seat list's own: one the game put there as the page loaded stays.
let seatsAsked = 0;
let seatsReady = false;
let seatsMessage = null;
// The rule variant the list shows unless a transcript names its own: a transcript's
// goes with it (another board shows the default again), one chosen by hand stays.
// (the page's own first option: a reload may bring back the value the list had)
const DEFAULT_VARIANT = $("variant").options[0].value;
let variantFromFile = false;
async function showSeats(chosen = false) {
  const asked = ++seatsAsked;
  const choice = $("board-choice").value;
  if (variantFromFile) {
    $("variant").value = DEFAULT_VARIANT;
    variantFromFile = false;
  }
  seatsReady = false;
  setButtons();
  let view;
  try {
    view = await boardView();
  } catch (e) {
    if (asked !== seatsAsked) return;
    $("seat-list").replaceChildren();
    showChosenBoard(null);
    seatsMessage = e.message;
    return setStatus(e.message, true);
  }
  if (asked !== seatsAsked) return;
  if (view.variant) { // (a transcript's own)
    $("variant").value = view.variant;
    variantFromFile = true;
  }
  seatsReady = true;
  setButtons();
  // The same board shown again keeps the kinds already chosen for its seats.
  const kept = $("seat-list").dataset.board === choice
    ? [...$("seat-list").querySelectorAll("select")].map((s) => s.value)
    : [];
  $("seat-list").dataset.board = choice;
  const seats = view.seats || [];
  const labels = view.strong_deeper ? {...KIND_LABELS, ...TWO_SEAT_LABELS} : KIND_LABELS;
  const rows = seats.map((s, k) => {
    const row = document.createElement("div");
    row.className = "seat-row";
    // The seat's colour with its symbol, as the scores table and the stones show it;
    // one line (a long name is cut, whole in the title).
    const label = document.createElement("label");
    label.htmlFor = `seat-${k}`;
    const words = s.name ? `Seat ${k + 1}: ${s.name}` : `Seat ${k + 1}`; // (not "Seat 5: seat 5")
    const symbol = s.symbol && s.symbol.path ? s.symbol : null;
    label.append(seatSwatch(s.colour, symbol), words);
    label.title = words;
    const select = document.createElement("select");
    select.id = `seat-${k}`;
    const machine = s.kind !== "player";
    for (const kind of machine ? [s.kind] : KINDS) {
      const option = document.createElement("option");
      option.value = kind;
      option.textContent = labels[kind] || kind;
      select.appendChild(option);
    }
    if (machine) select.disabled = true;
    else select.value = KINDS.includes(kept[k]) ? kept[k] : k === 0 ? "person" : "strong";
    row.append(label, select);
    return row;
  });
  $("seat-list").replaceChildren(...rows);
  showChosenBoard(view);
  if (chosen || $("status").textContent === seatsMessage) setStatus("");
  seatsMessage = null;
}

// The board chosen is pictured with the seats' starts (the designer's picture, without
// its dashed places to add a tile: play.html) as soon as it is chosen, before Start game;
// the game's own picture replaces it. After New game the last game's picture is put
// aside meanwhile (a board chosen was not pictured), and comes back when that game is
// played on (Continue, End turn, Undo, ...).
function showChosenBoard(view) {
  if (game && $("new-game").hidden) return;
  $("board").querySelector(":scope > .chosen-board")?.remove();
  if (picture) picture.scroller.hidden = true;
  if (game) putTurnAside(true);
  if (!view || !view.svg) return;
  const box = document.createElement("div");
  box.className = "svgbox chosen-board";
  box.innerHTML = view.svg;
  $("board").append(box);
}

// The game on show again, the board chosen for a new one put away.
function showGamePicture() {
  $("board").querySelector(":scope > .chosen-board")?.remove();
  if (picture) picture.scroller.hidden = false;
  putTurnAside(false);
}

// The last game's turn (its words, buttons and list) hidden while another board is
// pictured, with the way back to it in their place.
function putTurnAside(aside) {
  const wasAside = !$("aside").hidden;
  $("aside").hidden = !aside;
  $("aside").parentElement.classList.toggle("put-aside", aside);  // the list too (style.css)
  if (aside) showTurn(false);
  else if (wasAside && game) showTurn(true);
}

// The game's turn on show or not: its words above the board, its actions below it.
function showTurn(on) {
  $("turn-bar").hidden = !on;
  $("turn-moves").hidden = !on;
}

async function startGame() {
  const seats = [...$("seat-list").querySelectorAll("select")].map((s) => s.value);
  // (play: false: the answer comes at once with the game's id, and its computers play
  // in the next request, so a reload while they think finds the new game, not the last)
  const body = {variant: $("variant").value, table: $("table-mode").checked, play: false};
  if (seats.length) body.seats = seats;
  const choice = $("board-choice").value;
  if (choice.startsWith("preset:")) body.preset = choice.slice(7);
  else if (choice === "designer") body.board_state = designerBoard();
  else if (pickedFile) {
    body.board = pickedFile.text;
    body.filename = pickedFile.name;
  }
  pauseGame(false);
  await request(() => postJSON("/api/games", body), false);
}

// ---- talking to the server -----------------------------------------------------------

// Hold the page while `work` waits for the server: no taps (tap() checks busy) and no
// buttons, so nothing acts on a turn whose answer is still on its way.
async function holding(work) {
  const had = document.activeElement;
  busy = true;
  $("refused-here").hidden = true; // (a tap's refusal: tap)
  setButtons();
  try {
    return await work();
  } finally {
    busy = false;
    setButtons();
    keepFocus(had);
  }
}

// A button disabled while the page waits drops the keyboard's focus to the top of the
// page: it comes back to that button, or, where the button is gone (hidden, or still
// disabled), to where the game goes on. (The page stays where it is: brought back to End
// turn, a phone scrolled away from the board the turn was played back on.)
function keepFocus(had) {
  const now = document.activeElement;
  if (now && now !== document.body) return;
  const usable = had && had !== document.body && had.isConnected && !had.disabled && had.getClientRects().length;
  if (usable) had.focus({preventScroll: true});
  else landFocus();
}

// Where the keyboard goes on: the board (a field of the person to move), Play again at
// the end, Pause or Continue in a game of computers only.
function landFocus() {
  if (!game) return;
  if (game.over) {
    // The ranking comes into view under the final board, both in the window where they
    // fit: the focus alone scrolled the ranking to the middle of a phone's window and the
    // board out of it.
    $("again-rotated").focus({preventScroll: true});
    $("game-over").scrollIntoView({block: "nearest"});
  } else if (personToMove()) focusBoard();
  else if (!$("go-on").hidden) $("go-on").focus();
}

// The field focused last if the person to move may move from it, else their first.
function focusBoard() {
  if (!picture) return;
  const current = picture.currentField();
  const sources = Object.keys((now && now.legal) || {});
  picture.focusField(sources.includes(current) || !sources.length ? current : sources[0]);
  // (the list to do on the board comes first: focus scrolled a zoomed board away from it)
  if (todoFields().length) showWhereToLook();
}

// Send a request that plays turns; show who is thinking meanwhile, then play the turns back.
// `fromTurn`: see showThinking. `rewinds`: the request takes the game back (undo, restart),
// so the log starts again from the game's history.
async function request(send, fromTurn, rewinds = false) {
  if (busy) return;
  const before = game && game.id;
  turnsComing = true;
  const answer = await holding(async () => {
    showThinking(fromTurn);
    try {
      const answer = await send();
      const turns = answer.turns || [];
      $("thinking").hidden = true;
      if (answer.id && (!game || answer.id !== game.id)) openGame(answer.state, turns);
      else if (rewinds) logHistory(answer.state.history, turns);
      await playBack(turns);
      setGame(answer.state);
      sayTurns(turns);
      return answer;
    } catch (e) {
      await failed(e);
      return null;
    } finally {
      $("thinking").hidden = true;
      showWaiting(reconnecting); // (the server away: its line stays)
      turnsComing = false; // (before holding's setButtons)
    }
  });
  if (answer && (rewinds || (answer.id && answer.id !== before))) turnLineDue = true;
  if (answer && rewinds) boardDue = true;
  else if (!answer) boardDue = false;
  if (answer && turnLineDue && !(computersToMove() && !paused)) showTurnLine();
  if (answer) goOn();
  return answer;
}

// A game begun or taken back (Start game, Play again, Restart, Undo) was pressed below
// the board (the ranking, a phone's controls): the page stayed there, the line saying
// whose turn it is above the window. It comes to the top of the window once the
// computers have played up to a person (their list to do changes the page's length).
// Taken back or played again, the board comes into the window with it, above a phone's
// bar (scroll-padding): on a phone its foot, where the person's fields may be, was left
// under the bar or below the window (the line above it gives way where both do not fit).
// At the table the list to do comes first (focusBoard).
let turnLineDue = false;
let boardDue = false;
function showTurnLine() {
  turnLineDue = false;
  const line = $("to-move").getBoundingClientRect();
  if (line.top < 0 || line.bottom > window.innerHeight) $("turn-bar").scrollIntoView({block: "start"});
  if (boardDue && $("to-do").hidden && picture && !picture.scroller.hidden) $("board").scrollIntoView({block: "nearest"});
  boardDue = false;
  // The keyboard's focus stays in view (above a phone's bar): a field focused at the
  // board's foot was left 7 px under the bar after Start game.
  const focused = document.activeElement;
  if (focused && focused.matches(":focus-visible")) focused.scrollIntoView({block: "nearest", inline: "nearest"});
}

// A request about the game as this page shows it: the server refuses it (409) once the
// game has moved on in another window, so nothing is played on a board not shown here.
// Refused where the game's turns are still those shown, the server only names the
// position otherwise (one upgraded meanwhile): the request goes again under its name.
async function gamePost(path, body = {}) {
  showGamePicture();
  const send = () => postJSON(`/api/games/${game.id}/${path}`, {...body, version: game.version});
  try {
    return await send();
  } catch (e) {
    if (e.status !== 409 || !(await renamedOnly())) throw e;
    return send();
  }
}

// Whether the server's game has the turns this page shows, under another version; its
// version is taken then (the game on show, and what was tapped in the turn, stay).
async function renamedOnly() {
  let state;
  try {
    state = await getJSON(`/api/games/${game.id}`);
  } catch (e) {
    return false;
  }
  if (state.id !== game.id || turnsKey(state) !== turnsKey(game)) return false;
  game.version = state.version;
  if (pending.length) keepTaps();
  return true;
}

// The moves of every turn played, as the game's transcript names their fields.
function turnsKey(state) {
  const t = state.transcript || {};
  const turns = t.turns || (t.events || []).filter((e) => e.type === "turn").map((e) => e.moves);
  return JSON.stringify(turns);
}

// A request that failed: the game moved on elsewhere (load it again), or the server's
// reason (`refused`: the words before a rule's refusal, not before other errors).
async function failed(e, refused = "") {
  // (a new game that could not start leaves the game on show as it was)
  const lost = away(e) && game && $("new-game").hidden;
  const wasPaused = paused;
  if (e.status === 409 && game) await reopen();
  else if (lost) setStatus(`${e.message} (the game goes on here when the server is back)`, true);
  else setStatus(e.status === 400 ? refused + e.message : e.message, true);
  // A game of computers only that could not go on waits for Continue.
  if (computersToMove()) paused = true;
  if (lost) reconnect(wasPaused);
  showToMove();
}

// Whether the server is away rather than saying what is wrong: not reached, its answer
// cut off or not its own (a proxy's 502 or 503 page, without fabgen's JSON), or saying it
// is stopping. Asking again helps then; an error fabgen serve words (a 500 for a game it
// cannot read, a 404 for one deleted) is said, not waited out.
function away(e) {
  return e.status === 0 || Boolean(e.unread) || Boolean(e.stopping);
}

// The server stopped (Ctrl+C, the laptop's lid) while a request was on its way: what it
// saved is not known here, so the page asks for the game until the server is back and
// goes on from there (a turn sent again was refused as "moved on in another window"),
// paused if it was. Meanwhile the buttons that need the server are unavailable
// (setButtons), and the waiting line says what to do, from the first failure on.
const RECONNECT_MS = 2000;
let reconnecting = false;
async function reconnect(wasPaused) {
  if (reconnecting) return;
  serverAway(true);
  const id = game.id;
  let state = null;
  while (!state) {
    await pause(RECONNECT_MS);
    try {
      state = await getJSON(`/api/games/${id}`);
    } catch (e) {
      if (!away(e)) {
        // The server answered what is wrong (a game it cannot read, one deleted):
        // waiting does not mend it; its words say what to do.
        serverAway(false);
        if (game && game.id === id) setStatus(`The game cannot go on: ${e.message}`, true);
        return;
      }
    }
  }
  serverAway(false);
  if (busy || !game || game.id !== id) return; // the page went on meanwhile
  // (a server upgraded meanwhile may name the same turns otherwise: the turn tapped stays)
  if (turnsKey(state) !== turnsKey(game)) {
    openGame(state);
    setGame(state);
  } else game.version = state.version;
  setStatus("fabgen serve is back: the game goes on from its last saved turn.");
  paused = wasPaused;
  goOn();
}

function serverAway(on) {
  reconnecting = on;
  showWaiting(on);
  setButtons();
}

// While the server is away the line that says who is thinking says so, and what to do:
// on a phone it stands at the foot of the screen (play.css), where the status line above
// the board is out of sight. (The games are files in the server's games folder, saved
// after every turn: a server started again finds them.)
const AWAY_TO_DO = "If it was stopped, start fabgen serve again: the game is saved on its computer, and goes on here from its last saved turn.";
const WAITING = `Waiting for fabgen serve, which cannot be reached (stopped, or the network is gone). ${AWAY_TO_DO}`;
function showWaiting(on) {
  const line = $("thinking");
  if (on) {
    line.hidden = false;
    line.textContent = WAITING;
  } else if (line.textContent === WAITING) line.hidden = true;
}

async function reopen() {
  try {
    const state = await getJSON(`/api/games/${game.id}`);
    openGame(state);
    setGame(state);
    setStatus("This game moved on in another window: reloaded.", true);
  } catch (e) {
    setStatus(e.message, true);
  }
}

// A game with no person to move goes on by itself (a request plays at most 60 computer
// turns), unless paused: computers play it out while the page shows it.
function goOn() {
  if (!paused && computersToMove()) request(() => gamePost("turn"));
}

// Pause (or New game) and Continue: a reload keeps the game as they left it.
function pauseGame(value) {
  paused = value;
  if (value && game) localStorage.setItem(PAUSED_KEY, game.id);
  else localStorage.removeItem(PAUSED_KEY);
}

function computersToMove() {
  return Boolean(game && !game.over && !personToMove());
}

// Which computer seats are about to play (they play until the next person). `fromTurn`:
// the turn a request takes the game back to (Undo, Restart, Play again), whose seat moves
// first; false: the request plays no turn (a new game is made, its computers play in the
// next request). It counted from the seat to move in the game shown, or from seat 1 before
// a game: a new game's first computer was said to think while the last game's seats were
// named, or a computer that moved nowhere.
function showThinking(fromTurn) {
  if (!game || fromTurn === false) return;
  const seats = game.seats;
  const back = typeof fromTurn === "number" ? game.history[fromTurn] : undefined;
  if (!back && !game.to_move) return;
  const start = back ? back.seat - 1 : firstToThink(seats, game.to_move - 1);
  const names = [];
  for (let i = 0; i < seats.length; i++) {
    const s = seats[(start + i) % seats.length];
    if (s.kind === "person") break;
    if (s.kind !== "machine") names.push(s.name);
  }
  if (!names.length) return;
  $("thinking").hidden = false;
  $("thinking").textContent = `${names.join(" and ")} ${names.length > 1 ? "are" : "is"} thinking…`;
}

// The seat to move thinks first when it is a computer's (a computer opening the game, or
// going on after the server stopped its turns); a person's seat is ending its turn.
function firstToThink(seats, toMove) {
  return seats[toMove].kind === "person" ? (toMove + 1) % seats.length : toMove;
}

// The answer waits while the game's computers play (up to 60 turns, seconds on a big
// board): meanwhile the page says so, and shows no new-game form as if the game were lost.
async function loadGame(id) {
  $("new-game").hidden = true;
  setStatus("Opening the last game…");
  try {
    const state = await getJSON(`/api/games/${id}`);
    setStatus("");
    paused = localStorage.getItem(PAUSED_KEY) === id;
    openGame(state);
    setGame(state);
    await tapAgain();
    goOn();
  } catch (e) {
    // A game gone or damaged is forgotten; one the server cannot read now (its folder's
    // permissions) or could not be asked for opens again with a reload once mended.
    if (e.status === 404 || e.status === 400) localStorage.removeItem(GAME_KEY);
    $("new-game").hidden = false;
    setStatus(`The last game could not be opened (${e.message}): start a new one.`, true);
  }
}

// Under the game's controls: the address that opens this game on another phone or
// computer (each browser otherwise reopens only its own last game).
function showJoin(id) {
  let join = $("join");
  if (!join) {
    join = Object.assign(document.createElement("p"), {id: "join", className: "join help"});
    $("game-controls").append(join);
  }
  // Opened on the server's own computer (127.0.0.1), the page's address is no use to a
  // phone: the server open to the network gives its network address instead.
  const network = document.querySelector(".play-page").dataset.networkOrigin;
  const here = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  const origin = here && network ? network : location.origin;
  const address = `${origin}/play#game=${id}`;
  // (the option kept whole: a phone broke it after its first minus, "-" over "-host")
  const option = Object.assign(document.createElement("span"), {className: "together", textContent: "--host 0.0.0.0"});
  const note = here && !network
    ? [" (phones reach it when fabgen serve runs with ", option, ": use this computer's network address)."]
    : [];  // (no full stop after the address alone: it would wrap onto a line by itself)
  join.replaceChildren("On another phone or computer, this game is at ",
    Object.assign(document.createElement("a"), {href: address, textContent: address}), ...note);
}

// `turns`: those of its history about to be played back (they log themselves).
function openGame(state, turns = []) {
  localStorage.setItem(GAME_KEY, state.id);
  // The designer's "Play this board" opened /play#designer, which chooses its board for a
  // new game: a reload (or Back and Forward) of that address showed the form, not the
  // game started from it. The address is /play again once a game is on show (the game's
  // own address, for another phone, is under its controls: showJoin).
  if (location.hash.startsWith("#")) history.replaceState(history.state, "", location.pathname + location.search);
  showJoin(state.id);
  game = state;
  picture = new BoardPicture($("board"), state.picture, tap);
  picture.showNames($("names").checked);
  picture.setZoom(1);
  zoomedAtEnd = null;
  fingerZoom();
  logHistory(state.history, turns);
  $("new-game").hidden = true;
  $("game-controls").hidden = false;
  placeSettings();
  putTurnAside(false);
  showTurn(true);
  // Nothing of the last game stays on show while this one's turns are played back.
  showScores();
  showToDo();
}

// Once a game is open its board comes first in the page and the settings (the Game box,
// the form of a new game) after it: a screen reader, the Tab key and a phone's swipe
// passed the whole settings column on every way to the board. Before, the form to start
// one comes first. (play.css lays them out side by side on a wide screen either way.)
function placeSettings() {
  const settings = document.querySelector(".play-page > .settings");
  const preview = document.querySelector(".play-page > .preview");
  if (!game || settings.previousElementSibling === preview) return;
  const focused = settings.contains(document.activeElement) ? document.activeElement : null;
  preview.after(settings);
  if (focused) focused.focus({preventScroll: true}); // (moved, it had lost the focus)
}

function setGame(state) {
  game = state;
  pending = [];
  selected = null;
  now = {legal: state.legal, stones: state.stones, board: state.board};
  $("download").href = `/api/games/${state.id}/transcript`;
  $("table-switch").checked = state.table;
  document.body.classList.toggle("at-table", state.table);
  $("differs").hidden = !state.table; // (how to put the page and the board in step)
  showScores();
  showUndo();
  showToDo();
  showOver();
  redraw();
  setButtons();
  zoomForTheEnd();
  showWhereToLook();
}

// At the end the territory picture is seen whole (a phone's zoomed board showed a part
// of it); a game taken back from its end (Undo, Play again) is zoomed as before.
let zoomedAtEnd = null;
function zoomForTheEnd() {
  if (game.over && picture.zoom > 1) {
    zoomedAtEnd = picture.zoom;
    zoomBy(1 / picture.zoom);
  } else if (!game.over && zoomedAtEnd) {
    zoomBy(zoomedAtEnd / picture.zoom);
    zoomedAtEnd = null;
  }
}

// A zoomed board (a phone's) shows a part of itself, which stayed where it was after
// a turn: the machine's explosions to do on the board were off to the side. The fields
// to do come into view, else the fields of the person to move.
function showWhereToLook() {
  const todo = todoFields();
  lookAt(todo.length ? todo : Object.keys(game.legal || {}));
}

// Scroll a zoomed board to the fields `names` (to the first of them where they do not
// fit); the page itself stays where it is.
function lookAt(names) {
  const box = picture && picture.scroller;
  if (!box || (box.scrollWidth <= box.clientWidth + 1 && box.scrollHeight <= box.clientHeight + 1)) return;
  const rects = names.map((n) => picture.cells.get(n)).filter(Boolean).map((c) => c.g.getBoundingClientRect());
  if (!rects.length) return;
  const span = (rs) => ({
    left: Math.min(...rs.map((r) => r.left)), right: Math.max(...rs.map((r) => r.right)),
    top: Math.min(...rs.map((r) => r.top)), bottom: Math.max(...rs.map((r) => r.bottom)),
  });
  let s = span(rects);
  if (s.right - s.left > box.clientWidth || s.bottom - s.top > box.clientHeight) s = span(rects.slice(0, 1));
  const outer = box.getBoundingClientRect();
  box.scrollLeft += (s.left + s.right) / 2 - outer.left - box.clientWidth / 2;
  box.scrollTop += (s.top + s.bottom) / 2 - outer.top - box.clientHeight / 2;
}

// On a phone the whole board leaves fields of 18 to 31 px, small to tap and nothing
// said the zoom buttons were there: a narrow window opens the board zoomed so that a
// field is a finger wide, and says how to see the rest. So does a tablet (a finger, not
// a mouse: fields of 17 to 37 px upright or sideways on the larger boards).
const FINGERS = window.matchMedia("(max-width: 760px), (pointer: coarse)");
function fingerZoom() {
  const shown = picture.fieldPixels();
  if (FINGERS.matches && shown && shown < FINGER_PX) {
    // (+1: rounding. Zoomed at all, the board is no longer fitted to the window's height,
    // which may be enough: 1.01 then)
    picture.setZoom(Math.max(1.01, (FINGER_PX + 1) / picture.zoomedFieldPixels(1)));
  }
  showZoomHint();
}

// The board's box made narrower (a tablet at the table, once the list to do stands beside
// the board: fields of 25 px; a tablet turned) zooms it again to fields a finger wide,
// the fields to look at in view. (Its width only: the zoom buttons change its height.)
let boardWidth = 0;
new ResizeObserver(() => {
  const width = $("board").clientWidth;
  if (width === boardWidth) return;
  boardWidth = width;
  if (!game || game.over || !picture || picture.scroller.hidden) return; // (the end: whole)
  const zoom = picture.zoom;
  fingerZoom();
  if (picture.zoom !== zoom) showWhereToLook();
}).observe($("board"));

// Said while the board is larger than its box, where what lies outside is easy to miss.
function showZoomHint() {
  const box = picture && picture.scroller;
  const larger = box && (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1);
  $("zoom-hint").hidden = !larger;
}

function zoomBy(factor) {
  if (!picture) return;
  picture.setZoom(picture.zoom * factor);
  showZoomHint();
}

function seatName(n) {
  return game.seats[n - 1].name;
}

// ---- field names read out ----------------------------------------------------------------

// The page's lines and lists write a field's name as the rules do ("-d1", a move "c3-c5"
// or "-d1 to -c1"), each name in a span of its own (common.js setText), read in words
// ("minus d1") as the board's own buttons say it (common.js sayNames).
// Every name the page writes, whatever writes it (the status line, whose turn it is, the
// moves tapped, the list to do, the turns), is given its words as it is added.
new MutationObserver((changes) => {
  for (const change of changes) change.addedNodes.forEach(sayNames);
}).observe(document.querySelector(".play-page"), {childList: true, subtree: true});

// A text's names in words, for an option of a list (which holds no spans).
function spokenText(text) {
  return text.replace(FIELD_NAMES, (names) => (names.includes("-") && spokenWords(names)) || names);
}

// ---- the board -------------------------------------------------------------------------

function redraw() {
  if (!picture || !game) return;
  const colours = game.seats.map((s) => s.colour);
  picture.paint(now.board, colours);
  picture.plainTiles(Boolean(game.over));
  const lit = {};
  if (selected) {
    (now.legal[selected] || []).forEach((d, i) => { lit[d] = now.stones[selected][i]; });
  }
  picture.mark({selected, lit, moved: movedFields(), todo: todoFields()});
  $("board").dataset.selected = selected || "";
  setText($("pending"), pending.length ? `This turn: ${movesText(pending)}` : "");
  showToMove();
}

// A move as people read it, as fabgen.rules.moves.move_text writes it: "c3-c5", but
// "-d1 to -c1" where a name has a minus sign ("-d1--c1" hid where a name ends); the
// server reads both back from the typed moves.
function moveText([source, destination]) {
  return source.includes("-") || destination.includes("-") ? `${source} to ${destination}` : `${source}-${destination}`;
}

function movesText(moves) {
  return moves.map(moveText).join(", ");
}

function showToMove() {
  if (game) setText($("to-move"), toMoveText());
}

// At the table: the fields the turns still to do on the physical board are about.
function todoFields() {
  return game.table ? (game.todo || []).flatMap((t) => t.fields || []) : [];
}

// The fields of tiles where a move started this turn (a tile moves once per turn).
function movedFields() {
  const tiles = new Set(pending.map(([s]) => tileOf(s)));
  return game.picture.fields.filter((f) => tiles.has(f.tile)).map((f) => f.name);
}

function tileOf(name) {
  const f = game.picture.fields.find((x) => x.name === name);
  return f ? f.tile : -1;
}

function toMoveText() {
  if (game.over) return "The game is over.";
  const s = game.seats[game.to_move - 1];
  if (s.kind !== "person" && paused) return `Paused: ${s.name} (${s.kind}) is to move; Continue plays on.`;
  if (s.kind !== "person") return `${s.name} (${s.kind}) is to move: the computers play on.`;
  if (selected) return `${s.name}: tap a lit field to move the stones from ${selected} there (the number is the stones it takes), or tap ${selected} again to choose another.`;
  // At the table the turn is played on the board first, then told to the page.
  if (game.table && game.todo && game.todo.length) return `${s.name} to move, once the list is done on the board: play your turn there, then tap it here (your field, then where its stones went) or type it; then End turn.`;
  if (game.table) return `${s.name} to move: play your turn on the board, then tap it here (your field, then where its stones went) or type it; then End turn.`;
  return `${s.name} to move: tap one of your fields, then where its stones go; then End turn.`;
}

function personToMove() {
  return game && !game.over && game.seats[game.to_move - 1].kind === "person";
}

// A tap refused on a phone scrolled to the board: its reason, in the status line above
// the board, was out of the window, and the tap seemed to do nothing. A copy stands at
// the foot of the window then (play.css), until the next tap or request. (A copy: the
// line itself taken out of the page moved the board under the finger.) So does a typed
// turn's, refused as it is played from the box under the board.
async function tap(name) {
  $("refused-here").hidden = true;
  await tapField(name);
  refusedHere();
}

function refusedHere() {
  const status = $("status");
  const line = status.getBoundingClientRect();
  const unseen = line.top < 0 || line.bottom > window.innerHeight;
  if (!status.classList.contains("bad") || !unseen) return;
  $("refused-here").textContent = status.textContent;
  $("refused-here").hidden = false;
}

async function tapField(name) {
  if (busy || !game) return;
  if (!personToMove()) return setStatus(game.over ? "The game is over." : "Not a person's turn.", true);
  if (selected === name) {
    selected = null;
    redraw();
    return setStatus("");
  }
  if (selected && (now.legal[selected] || []).includes(name)) return addMove([selected, name]);
  if (name in now.legal) {
    selected = name;
    redraw();
    return setStatus("");
  }
  if (selected) return refuse([selected, name]);
  return setStatus(`Refused: ${sourceReason(name)}`, true);
}

// Why a tapped field cannot start a move (the engine's rules, in its words).
function sourceReason(name) {
  const i = game.picture.fields.findIndex((f) => f.name === name);
  const board = now.board;
  const me = game.to_move - 1;
  if (board.status[i] !== 0) return `${name} is a ${["live", "growing", "dead"][board.status[i]]} field: stones move only from live fields`;
  if (board.owner[i] < 0) return `${name} holds no stones: tap one of your fields (${game.seats[me].name})`;
  if (board.owner[i] !== me) return `the stones on ${name} belong to ${game.seats[board.owner[i]].name}`;
  if (movedFields().includes(name)) return `a move already started on the tile of ${name} this turn (one move per tile)`;
  return `the stones on ${name} have moved this turn`;
}

// Ask the engine why a move is illegal; nothing changes.
async function refuse(move) {
  await holding(async () => {
    try {
      await gamePost("moves", {moves: [...pending, move]});
      setStatus(`Refused: ${moveText(move)}`, true);
    } catch (e) {
      await failed(e, "Refused: ");
    }
  });
}

async function addMove(move) {
  const moves = [...pending, move];
  await holding(async () => {
    try {
      now = await gamePost("moves", {moves});
      pending = moves;
      keepTaps();
      selected = null;
      setStatus(`Moved ${moveText(move)}. Tap another of your fields, or End turn.`);
    } catch (e) {
      await failed(e, "Refused: ");
    }
  });
  redraw();
}

function keepTaps() {
  const kept = {id: game.id, version: game.version, turns: turnsKey(game), moves: pending};
  sessionStorage.setItem(TAPS_KEY, JSON.stringify(kept));
}

// After a reload: the moves tapped before it, if the game is still where they were
// tapped, its turns the same whatever the version's name (the engine checks them again).
async function tapAgain() {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(TAPS_KEY) || "null");
  } catch (e) {
    kept = null;
  }
  const fits = kept && game && kept.id === game.id
    && (kept.version === game.version || kept.turns === turnsKey(game));
  if (!fits || !Array.isArray(kept.moves) || !kept.moves.length || !personToMove()) return;
  await holding(async () => {
    try {
      now = await gamePost("moves", {moves: kept.moves});
      pending = kept.moves;
      setStatus(`The moves tapped before the reload are kept: ${movesText(pending)}.`);
    } catch (e) {
      sessionStorage.removeItem(TAPS_KEY); // (the game moved on meanwhile)
    }
  });
  redraw();
}

async function takeBack() {
  if (busy || !pending.length) return;
  const moves = pending.slice(0, -1);
  await holding(async () => {
    try {
      now = moves.length
        ? await gamePost("moves", {moves})
        : {legal: game.legal, stones: game.stones, board: game.board};
      pending = moves;
      keepTaps();
      selected = null;
      setStatus("Took the move back.");
    } catch (e) {
      await failed(e);
    }
  });
  redraw();
}

async function endTurn(moves) {
  if (busy) return;
  setStatus(""); // the hint or the last move's words belong to the turn that ends
  const answer = await request(() => gamePost("turn", {moves}).then((played) => {
    boardIntoView();
    return played;
  }));
  if (answer) {
    $("typed-moves").value = "";
    hinted = [];
  } else refusedHere();
  // The next turn starts on the board (typed moves: in the box, for the next ones). A
  // turn refused stays where its reason is said (a phone scrolled to the board, away
  // from it), to be mended.
  if (answer && [$("end-turn"), $("play-typed")].includes(document.activeElement)) landFocus();
}

// A phone's End turn was above the board, and the page stayed there while the computers'
// turns were played back on the board below, unseen. One person against the computers
// sees the board as the turn is taken (the next turn is theirs again); where people share
// the page (passing a phone, at the table) the line saying whose turn it is comes into
// the window once the computers have played (End turn, at the foot of a phone's screen,
// is pressed wherever the page is scrolled). (A turn refused stays where its reason is
// said.)
function boardIntoView() {
  const people = game.seats.filter((s) => s.kind === "person").length;
  if (people === 1 && !game.table) $("board").scrollIntoView({block: "nearest"});
  else turnLineDue = true;
}

// ---- playing turns back ----------------------------------------------------------------

async function playBack(turns) {
  setButtons(); // (a game of computers only may be paused while its turns are shown)
  for (const t of turns) {
    addLog(t.words, t);
    // The heading is the turn shown, not the seat to move when the answer came.
    setText($("to-move"), `Turn ${t.turn + 1}: ${t.player} (${t.kind})`);
    $("pending").textContent = "";
    if (skipping || !$("animate").checked) continue;
    $("skip").hidden = false;
    const colours = game.seats.map((s) => s.colour);
    picture.paint(t.after_moves, colours);
    picture.mark({moved: t.moves.map((m) => m[1]), movedWords: `${t.player} moved stones here`});
    lookAt(t.fields || []); // (the turn's moves and explosions in view on a zoomed board)
    setStatus(t.words);
    await pause(t.moves.length ? 350 : 120);
    const step = Math.max(120, WAVES_MS / Math.max(1, t.waves.length));
    for (const w of t.waves) {
      if (skipping) break;
      picture.paint(w.board, colours);
      picture.mark({flash: w.fields});
      await pause(step);
    }
    picture.paint(t.board, colours);
    picture.mark({});
  }
  skipping = false;
  $("skip").hidden = true;
}

// What the turns just played did stays said (a screen reader reads it), in a line: who
// played and the last turn's words. The round in one paragraph repeated the list of turns
// (and, at the table, the list to do), which say each turn in full.
function sayTurns(turns) {
  if (!turns.length || game.over) return;
  setStatus(turnsWords(turns));
}

function turnsWords(turns) {
  const last = turns.at(-1);
  if (turns.length === 1) return last.words;
  const who = [...new Set(turns.slice(-game.seats.length).map((t) => t.player))];
  return `Played: ${who.join(", ")} (each turn under Turns). Last: ${last.words}`;
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The log from the game's history, up to the turns about to be played back.
function logHistory(history, turns) {
  const first = turns.length ? turns[0].turn : Infinity;
  $("log").replaceChildren();
  for (const h of history) if (h.turn < first) addLog(h.words || `${seatName(h.seat)}: ${h.moves}`, h);
}

// Each turn in the list opens step by step in the rules viewer (stepsLink); its words
// are the link, so the list reads as before.
function addLog(words, t) {
  const li = document.createElement("li");
  li.append(stepsLink(t.turn, words));
  li.value = t.turn + 1;
  li.dataset.seat = t.seat;
  $("log").prepend(li);
}

// Turn `turn` (from 0) of this game step by step in the rules viewer: each move, each
// wave of explosions, where the stones went, for a chain a table disputes. The viewer
// fetches the game by its id (its address keeps the turn on a reload); the page is left,
// and found again as it was (Back, or the viewer's Back to the game).
// `words`: the turn's, as the list says it (the link's title says where it goes).
function stepsLink(turn, words = null) {
  const link = document.createElement("a");
  link.href = `/rules#game=${encodeURIComponent(game.id)}&turn=${turn + 1}`;
  link.className = "steps-link";
  // (one box inside the link, which is a flex box on a phone: the words' parts as boxes of
  // their own lost the spaces between them, "from-d1to-c1")
  const text = document.createElement("span");
  setText(text, words || "Check this turn step by step");
  if (words) link.title = "Check this turn step by step";
  link.append(text);
  return link;
}

// At the table: what the players carry out on the physical board for the machines and
// computers, and what a person's own moves set off, as the game keeps it (a reload
// shows it again; undo takes out the turns it undoes). Each explosion comes with where
// its stones go, in the rules' notation ("now 1B": one stone of seat B), which the
// list's last line reads out in the seats' names.
function showToDo() {
  let counts = false;
  const items = (game.todo || []).map((t) => {
    const li = document.createElement("li");
    li.dataset.turn = t.turn;
    li.dataset.kind = t.kind;
    const head = document.createElement("strong");
    setText(head, t.words);
    li.append(head);
    // (a person's moves are made on the board already: the list has what they set off)
    if (t.kind === "person") li.append(ownTurnNote(t));
    // (under the turn's words, before its steps, however long the chain)
    li.append(stepsLink(t.turn));
    const details = document.createElement("ul");
    t.details.forEach((d, i) => {
      const item = document.createElement("li");
      setText(item, d);
      const effect = (t.effects || [])[i];
      if (effect) {
        const where = document.createElement("span");
        where.className = "effect";
        setEffect(where, effect);
        item.append(where);
        counts = true;
      }
      details.appendChild(item);
    });
    li.append(details);
    return li;
  });
  $("to-do-list").replaceChildren(...items);
  const letters = game.seats.map((s, k) => `${String.fromCharCode(65 + k)} ${s.name}`).join(", ");
  $("to-do-letters").hidden = !counts;
  $("to-do-letters").textContent = `Stones such as 1B: how many, then whose (${letters}).`;
  const fresh = $("to-do").hidden && items.length;
  $("to-do").hidden = !items.length;
  // A new list is read from its start, under whose turn it is: on a wide screen its
  // column (it scrolls) kept the last list's place, the line above the window.
  if (fresh) document.querySelector(".turn-side").scrollTop = 0;
}

function ownTurnNote(t) {
  const note = document.createElement("span");
  note.className = "own-turn";
  note.textContent = ` (${seatName(t.seat)}'s own turn: the moves are on the board already; do what they set off)`;
  return note;
}

// ---- scores, undo, the end ---------------------------------------------------------------

function showScores() {
  const rows = game.seats.map((s, k) => {
    const tr = document.createElement("tr");
    if (game.to_move === k + 1) tr.className = "to-move";
    const seat = document.createElement("td");
    const symbols = game.picture.symbols || [];
    seat.append(seatSwatch(s.colour, symbols[k]), String(k + 1));
    const who = document.createElement("td");
    who.textContent = `${s.name} (${s.kind})`;
    const score = document.createElement("td");
    score.textContent = game.scores[k];
    score.className = "score";
    tr.append(seat, who, score);
    return tr;
  });
  $("scores").tBodies[0].replaceChildren(...rows);
}

function showUndo() {
  const options = game.history.filter((h) => h.kind === "person").map((h) => {
    const o = document.createElement("option");
    o.value = h.turn;
    o.textContent = `turn ${h.turn + 1}, ${seatName(h.seat)}: ${h.moves}`;
    const said = spokenText(o.textContent);
    if (said !== o.textContent) o.setAttribute("aria-label", said);
    return o;
  }).reverse();
  $("undo-turn").replaceChildren(...options);
}

const GAME_OVER = "Game over: ";
function showOver() {
  $("game-over").hidden = !game.over;
  if (!game.over) {
    // (the end's words go with the end: after Play again or Restart they stood above the
    // new game's first turn when a person moves first, as nothing played said otherwise)
    if ($("status").textContent.startsWith(GAME_OVER)) setStatus("");
    return;
  }
  // The server's words (fabgen rules turn's and replay's), why and the ranking, ties marked.
  // Why stands in the box too: on a phone the box comes into the window under the final
  // board, and the status line saying why, above the board, is out of it.
  const why = game.ending.words.split("; final ranking: ")[0];
  $("over-why").textContent = `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;
  $("ranking").replaceChildren(...game.ending.places.map((place) => {
    const li = document.createElement("li");
    li.textContent = place;
    return li;
  }));
  setStatus(`${GAME_OVER}${game.ending.words}.`);
  fitTheEnd(); // (before the box is brought into view: landFocus)
}

// What the final board leaves of the window's height on a phone (play.css: --game-over):
// the Game over box and what stands between them (the board's own margin, at the table
// "The board shows something else?"), measured as laid out now, so that the box brought
// into view under the board leaves the board whole in the window. Measured again when the
// box changes its size (a window turned, the table switched).
function fitTheEnd() {
  const over = $("game-over");
  if (!game || !game.over || over.hidden || !picture || picture.scroller.hidden) return;
  const board = $("board").getBoundingClientRect();
  const drawn = picture.scroller.getBoundingClientRect(); // (the board drawn, zoomed or not)
  const room = over.getBoundingClientRect().bottom - drawn.bottom + (drawn.top - board.top);
  document.documentElement.style.setProperty("--game-over", `${Math.ceil(room) + 1}px`);
}
const endResized = new ResizeObserver(() => fitTheEnd());
endResized.observe($("game-over"));
endResized.observe($("turn-moves"));

// The turn's actions at the foot of a phone's screen (play.css) while a person is to move,
// also while a tapped move or a hint is checked (their buttons disabled: the bar does not
// flicker at every tap); not while the turn is sent and the next turns are played back
// (turnsComing).
function setButtons() {
  const mine = personToMove() && !busy;
  $("turn-moves").classList.toggle("at-hand", personToMove() && !turnsComing);
  $("end-turn").disabled = !mine;
  $("hint").disabled = !mine;
  $("hint-from").disabled = !mine;  // (a choice for a hint that cannot be asked for)
  $("play-typed").disabled = !mine;
  $("take-back").disabled = !mine || !pending.length;
  $("undo").disabled = busy || !$("undo-turn").options.length;
  $("restart").disabled = busy;
  $("go-on").hidden = !computersToMove();
  $("go-on").textContent = paused || !busy ? "Continue" : "Pause";
  $("start").disabled = busy || !seatsReady;
  for (const id of NEEDS_SERVER) $(id).setAttribute("aria-disabled", String(reconnecting));
}

// The controls that ask the server, shown unavailable while it is away (reconnect), and
// a press on one says why, not sent: live, End turn failed again and its error covered
// the waiting line. (aria-disabled, not disabled: the focus stays on the button, and a
// screen reader finds it and hears it is unavailable.)
const NEEDS_SERVER = ["end-turn", "take-back", "hint", "play-typed", "go-on", "undo", "restart",
  "download", "table-switch", "done", "again-rotated", "again", "start"];
document.querySelector(".play-page").addEventListener("click", (e) => {
  if (!e.target.closest("[aria-disabled='true']")) return;
  e.preventDefault(); // (a checkbox stays as it was, a link is not followed)
  e.stopImmediatePropagation();
  setStatus(`Not sent: fabgen serve cannot be reached (asked again every ${RECONNECT_MS / 1000} s). ${AWAY_TO_DO}`, true);
}, true);

// The bar's height, for the lines at the foot of the screen to stand above it and for the
// page to end above it (play.css): 0 where it is not a bar (a laptop) or not shown.
new ResizeObserver(() => {
  const bar = $("turn-actions");
  const fixed = getComputedStyle(bar).position === "fixed";
  const height = fixed ? bar.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--turn-actions", `${height}px`);
}).observe($("turn-actions"));

// ---- wiring --------------------------------------------------------------------------------

$("board-choice").addEventListener("change", () => {
  if ($("board-choice").value === "designer") takeDesignerBoard();
  showSeats(true);
});
$("board-file").addEventListener("change", async () => {
  const file = $("board-file").files[0];
  if (!file) return;
  if (file.size > 512 * 1024) return setStatus(`${file.name} is larger than 512 kB: is it a board file or a transcript?`, true);
  pickedFile = {name: file.name, text: await file.text()};
  $("file-option").disabled = false;
  $("file-option").textContent = file.name;
  $("board-choice").value = "file";
  showSeats(true);
});
$("variant").addEventListener("change", () => { variantFromFile = false; });
$("start").addEventListener("click", startGame);
// With nothing tapped, End turn plays what is typed (a hint types its moves there), so
// a typed turn is never passed over without a word.
$("end-turn").addEventListener("click", () => {
  const typed = typedMoves().trim();
  endTurn(pending.length || !typed ? pending : typed);
});
$("take-back").addEventListener("click", takeBack);
// Typed moves go as text: the server reads them as the rules commands do.
$("play-typed").addEventListener("click", () => endTurn(typedMoves()));
$("typed-moves").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !$("play-typed").disabled) $("play-typed").click();
});
// Field names are lower case (an upper-case name is a stack key, never a move's field).
function typedMoves() {
  return $("typed-moves").value.toLowerCase();
}
// A game of computers only: Pause stops it after the turns under way, Continue goes on.
$("go-on").addEventListener("click", () => {
  if (busy && !paused) {
    pauseGame(true);
    skipping = true;
  } else {
    pauseGame(false);
    if (!busy) goOn(); // (else the request under way goes on when it ends)
  }
  setButtons();
  showToMove();
});
// While the strong player thinks of a hint the page is busy (no taps, no End turn), so a
// hint always belongs to the turn it is shown in; the last turn's hint is cleared first.
$("hint").addEventListener("click", async () => {
  if (busy || !game) return;
  const asked = game; // (a new state is another object; a version renamed is not)
  hinted = [];
  setStatus(`Thinking of a hint (${$("hint-from").value})…`);
  await holding(async () => {
    try {
      const hint = await gamePost("hint", {player: $("hint-from").value});
      if (game !== asked) return;
      hinted = hint.moves;
      // A hint is a whole turn from the turn's start: with moves tapped it said "Hint:
      // Red: 1 stone from -j-1 to -j0" beside "This turn: -j0 to -i0", and End turn
      // then played the tapped move, not the hint on show. Which button plays which is said.
      const tapped = pending.length
        ? ` (a whole turn, from before the moves you tapped: ${movesText(pending)}; Play typed moves plays the hint in their place, End turn plays yours)`
        : "";
      setStatus(`Hint: ${hint.words}${tapped}`);
      picture.mark({moved: hint.moves.map((m) => m[1]), selected: hint.moves.length ? hint.moves[0][0] : null, todo: todoFields(),
                    selectedWords: "the hint's first move starts here", movedWords: "the hint moves stones here"});
      $("typed-moves").value = movesText(hint.moves);
    } catch (e) {
      await failed(e);
    }
  });
});
$("undo").addEventListener("click", () => {
  const turn = Number($("undo-turn").value);
  request(() => gamePost("undo", {turn}), turn, true).then((answer) => {
    if (answer) setStatus(`Back to before turn ${turn + 1}.`);
  });
});
// (the last request's words go: "Back to before turn 4." stood over the game restarted)
// The restart is said whoever moves first: with a computer first its turn's words alone
// stood there, as if the game had gone on.
const RESTARTED = "Started again from the first turn.";
$("restart").addEventListener("click", () => {
  if (!confirm("Start this game again from its first turn?")) return;
  setStatus("Starting again from the first turn…");
  request(() => gamePost("again", {rotate: false}), 0, true).then((answer) => {
    if (!answer || game.over) return; // (the end is said: showOver)
    const turns = answer.turns || [];
    setStatus(turns.length ? `${RESTARTED} ${turnsWords(turns)}` : RESTARTED);
  });
});
// Play again puts the end away at once: it stood beside the new game's first turn for a
// second, until the answer came with its turns played back (shown again if refused).
function endPutAway(answer) {
  if (!answer) showOver();
}
$("again-rotated").addEventListener("click", () => {
  boardDue = true; // (a new game, not a game taken back: request)
  $("game-over").hidden = true;
  request(() => postJSON(`/api/games/${game.id}/again`, {rotate: true, play: false}), false).then(endPutAway);
});
$("again").addEventListener("click", () => {
  $("game-over").hidden = true;
  request(() => gamePost("again", {rotate: false}), 0, true).then(endPutAway);
});
$("new").addEventListener("click", () => {
  // A game of computers only stops for the new one (Continue goes on with it).
  if (computersToMove()) {
    pauseGame(true);
    skipping = true;
  }
  setButtons();
  $("new-game").hidden = false;
  $("new-game").scrollIntoView();
  $("board-choice").focus();
  showSeats();
});
$("back-to-game").addEventListener("click", () => {
  $("new-game").hidden = true;
  showGamePicture();
  $("board").scrollIntoView({block: "nearest"});
});
$("table-switch").addEventListener("change", () => {
  showGamePicture();
  request(() => postJSON(`/api/games/${game.id}/settings`, {table: $("table-switch").checked}));
});
// The list done goes from the page: a phone was left below the board, at the list of
// turns, the line saying whose turn it is far above the window.
$("done").addEventListener("click", async () => {
  showGamePicture();
  if (await request(() => postJSON(`/api/games/${game.id}/settings`, {done: true}))) showTurnLine();
});
// "The board shows something else?" points to the Undo list (below the board on a phone).
$("differs").querySelector("a[href='#undo-turn']").addEventListener("click", (e) => {
  e.preventDefault();
  $("undo-turn").scrollIntoView({block: "center"});
  $("undo-turn").focus();
});
$("skip").addEventListener("click", () => { skipping = true; });
$("zoom-in").addEventListener("click", () => zoomBy(1.5));
$("zoom-out").addEventListener("click", () => zoomBy(1 / 1.5));
window.addEventListener("resize", showZoomHint);
namesSwitch($("names"), $("board"), () => picture);
// Explosions wave by wave, unless the system asks for less motion and the player has not
// chosen (a choice kept in the browser wins either way).
const animateKept = localStorage.getItem("fabgen-play-animate");
$("animate").checked = animateKept ? animateKept !== "no" : !matchMedia("(prefers-reduced-motion: reduce)").matches;
$("animate").addEventListener("change", () => {
  localStorage.setItem("fabgen-play-animate", $("animate").checked ? "yes" : "no");
});

$("designer-option").disabled = !localStorage.getItem(DESIGNER_KEY);
// A game named by the address (another phone's link) before this browser's last game.
const named = /^#game=([A-Za-z0-9_-]+)$/.exec(location.hash);
const lastGame = named ? named[1] : localStorage.getItem(GAME_KEY);
takeDesignerBoard();
if (location.hash === "#designer" && localStorage.getItem(DESIGNER_KEY)) {
  $("board-choice").value = "designer"; // from the designer's "Play this board"
} else if (lastGame) {
  loadGame(lastGame);
}
showSeats();
setButtons();
// Another game's address pasted into this tab (only the part after # changed: no reload)
window.addEventListener("hashchange", () => {
  const other = /^#game=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (other && (!game || other[1] !== game.id)) location.reload();
});
