// Rules viewer: the transcript stays in the page; each request asks the server for one
// turn of it, drawn step by step (moves, explosion waves, growth).
"use strict";

const $ = (id) => document.getElementById(id);
let transcript = null;
let name = "game";
let steps = [];
let turns = 0;
let picture = null; // the shared board picture (boardpic.js)
let pictureKey = "";
// The turn and variant of the steps on show: a request refused (a variant the game has
// an illegal move under) puts the boxes back to them, so the list and the turn box say
// what the board shows. (Typed moves refused bring the board to the boxes instead:
// `refused`.)
let shown = null;

// The turn box counts from 1, as fabgen rules turn --turn N and the play page's list of
// turns do (it counted from 0: turn 33 there was 32 here); the server's turn is from 0.
// One past the file's last turn is the next turn, to type moves for.
const boxTurn = () => Math.max(1, Math.floor(Number($("turn").value)) || 1);

// Requests can cross (a turn typed, then Next turn before Enter sends two): only the
// answer to the newest is shown, and the step buttons wait for it.
let asked = 0;
let answered = Promise.resolve();

// `loading`: a file just loaded is played under the variant it names (else online), as
// fabgen rules replay plays it without --variant; the list then shows that variant.
function ask(moves, loading = false) {
  answered = askNow(moves, loading);
  return answered;
}

async function askNow(moves, loading) {
  if (!transcript) return setStatus("Load a transcript first.", true);
  const mine = ++asked;
  // (a turn past the next one is the next one; the box says so)
  const turn = Math.min(boxTurn(), turns + 1);
  if (String(turn) !== $("turn").value) $("turn").value = turn;
  const body = {transcript, name, turn: turn - 1};
  if (!loading) body.variant = $("variant").value;
  if (moves !== undefined) body.moves = moves;
  try {
    const answer = await postJSON("/api/rules/turn", body);
    if (mine !== asked) return;
    turns = answer.turns;
    steps = answer.steps;
    $("variant").value = answer.variant;
    shown = {turn: answer.turn, variant: answer.variant};
    const key = JSON.stringify(answer.picture);
    if (key !== pictureKey) {
      picture = new BoardPicture($("step-svg"), answer.picture, null);
      picture.showNames($("names").checked);
      pictureKey = key;
    }
    $("turn").max = turns + 1;
    $("step").max = steps.length - 1;
    $("step").value = moves !== undefined || steps.length === 1 ? steps.length - 1 : 0;
    // A finished game has nobody to move and no next turn to type: why it ended and
    // the final ranking instead, as fabgen rules turn says them.
    setText($("turn-info"), fromGame ? gameTurnWords(answer) : fileTurnWords(answer));
    keepAddress(answer.turn);
    showAfter(answer.after || [], answer.closing || []);
    showStep();
    setStatus("");
    return true;
  } catch (e) {
    if (mine !== asked) return false;
    if (moves !== undefined) return refused(e.message);
    let words = e.message;
    if (!loading && shown) {
      if ($("variant").value !== shown.variant) words += ` The game is shown under ${shown.variant}, as before.`;
      $("variant").value = shown.variant;
      $("turn").value = shown.turn + 1;
    }
    setStatus(words, true);
    return false;
  }
}

// Typed moves refused leave nothing played, so the page shows the position they were
// typed on, the refusal beside it: an earlier try's steps and lines after the turn
// stayed, read as what the refused moves did. The moves stay typed, to be corrected.
async function refused(words) {
  setStatus(words, true);
  const mine = asked + 1;
  if (await askNow(undefined, false) && mine === asked) setStatus(words, true);
  return false;
}

// How far the file or the game has got: "after the 0 turns" read oddly, as "1 turns".
function playedWords(count, of) {
  if (!count) return "the start position, no turns played yet";
  return `after the ${count} turn${count === 1 ? "" : "s"} ${of}`;
}

// Moves typed and played after the last turn: the board ends on the position they leave
// (the last step), so the words are of that position, who moves there and the scores
// after the turn; they were of the position before, as if nothing had been played. The
// turn is tried only: the file, or the game, does not keep it.
const tried = (answer) => answer.turn === answer.turns && answer.seat_after !== undefined;

// "after the 6 turns of the file and turn 7 as typed", "after turn 1 as typed"
function triedWhere(answer, of) {
  const typed = `turn ${answer.turn + 1} as typed`;
  return answer.turn ? `${playedWords(answer.turn, of)} and ${typed}` : `after ${typed}`;
}

function fileTurnWords(answer) {
  if (tried(answer)) {
    const where = `${triedWhere(answer, "of the file")} (tried: the file is not changed)`;
    return answer.ending_after
      ? `${answer.source}, ${where}: the game is over: ${answer.ending_after}.`
      : `${answer.source}, ${where}; ${answer.player_after} to move. ` +
        `Scores after the turn: ${answer.scores_words_after.join(", ")}.`;
  }
  const next = turns ? "the next turn" : "the first turn";
  const where = answer.turn < turns
    ? `turn ${answer.turn + 1} of the ${turns} in the file`
    : playedWords(turns, "of the file") + (answer.ending ? "" : `: type moves to play ${next}`);
  return answer.ending
    ? `${answer.source}, ${where}: the game is over: ${answer.ending}.`
    : `${answer.source}, ${where}; ${answer.player} to move. ` +
      `Scores before the turn: ${answer.scores_words.join(", ")}.`;
}

// ---- a turn of a play page's game ---------------------------------------------------------

// A game of the play page, opened by its address (/rules#game=ID&turn=N: the play page's
// "Check this turn step by step", for a turn a table disputes). Its seats are named as
// the game names them, and a turn by the words of the game's list of turns; the steps
// stay the command's words, as for a file. null: a file or a preset board is shown.
let fromGame = null;

function addressed() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  return id ? {id, turn: Math.floor(Number(params.get("turn"))) || 0} : null;
}

// The game as the server has it now (a reload shows the turns played since, the turn
// asked for stays); an id the server does not know (deleted, or another server's) is
// said, and whatever was shown stays.
async function openAddressed() {
  const wanted = addressed();
  if (!wanted) return;
  setStatus(`Opening game ${wanted.id} of the play page…`);
  let state;
  try {
    state = await getJSON(`/api/games/${encodeURIComponent(wanted.id)}`);
  } catch (e) {
    const instead = transcript ? "The game shown before stays." : "Load a transcript instead.";
    setStatus(`The play page's game ${wanted.id} cannot be shown: ${e.message}. ${instead}`, true);
    if (shown) keepAddress(shown.turn); // (the address names what is shown again)
    $("status").scrollIntoView({block: "nearest"}); // (on a phone: below the form's fields)
    return;
  }
  fromGame = {id: state.id, name: state.name, seats: state.seats, history: state.history};
  // (the file, preset and moves chosen for what was shown before are not this game's:
  // they stayed beside it when its address was opened in the same tab)
  $("transcript-file").value = "";
  $("board-start").value = "";
  $("moves").value = "";
  transcript = JSON.stringify(state.transcript);
  name = state.name;
  turns = state.turns_played;
  $("variant").value = state.variant; // (the game's, which its transcript names too)
  // (no turn asked for: the last turn played, the one a table disputes)
  $("turn").value = Math.max(1, wanted.turn || turns);
  showGameSeats();
  if (await ask()) showSteps();
}

async function getJSON(url) {
  return readAnswer(await reach(url));
}

// A seat as the game names it: "Red (person)", "Machine (machine)".
function seatWords(seat) {
  const s = fromGame.seats[seat - 1];
  return `${s.name} (${s.kind})`;
}

function showGameSeats() {
  $("from-game").hidden = !fromGame;
  if (!fromGame) return;
  const letters = fromGame.seats.map((s, k) => `${String.fromCharCode(65 + k)} ${seatWords(k + 1)}`);
  $("game-seats").textContent = `A turn of the game ${fromGame.name} on the play page. ` +
    `Its seats, with the letters of stones such as 1B: ${letters.join(", ")}.`;
  $("back-to-game").href = `/play#game=${fromGame.id}`;
}

// The turn shown as the play page says it: the words of its list of turns (who played
// what, the explosions), and whose turn is next after the last.
function gameTurnWords(answer) {
  // (a colon, as the command's score lines: "Seat 1 0" read as seat 10)
  const scoresOf = (numbers) => numbers.map((n, k) => `${fromGame.seats[k].name}: ${n}`).join(", ");
  const scores = scoresOf(answer.scores);
  if (tried(answer)) {
    const where = `${capitalized(triedWhere(answer, "played"))} (tried here: the game itself ` +
      "goes on on the play page)";
    if (answer.ending_after) return `${where}: the game is over: ${answer.ending_after}.`;
    return `${where}; ${seatWords(answer.seat_after)} to move. ` +
      `Scores after the turn: ${scoresOf(answer.scores_after)}.`;
  }
  const played = fromGame.history[answer.turn];
  if (played) {
    return `Turn ${answer.turn + 1} of the ${turns} played: ${played.words}. ` +
      `Scores before the turn: ${scores}.`;
  }
  const where = capitalized(playedWords(turns, "played"));
  if (answer.ending) return `${where}: the game is over: ${answer.ending}.`;
  return `${where}; ${seatWords(answer.seat)} to move: type moves to ` +
    `try a turn here (the game itself goes on on the play page). Scores: ${scores}.`;
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The address names the game and the turn shown, so that a reload shows it again; it
// names no game once a file is shown instead.
function keepAddress(turn) {
  const address = fromGame ? `#game=${fromGame.id}&turn=${turn + 1}` : "";
  if (location.hash === address) return;
  history.replaceState(history.state, "", location.pathname + location.search + address);
}

// Opened from the play page, the steps are what the table came for: on a phone they are
// a screen below the form, so the page goes to them (the game's box, with the way back,
// just above), and the keyboard to Next step.
function showSteps() {
  $("next-step").focus({preventScroll: true});
  if (NARROW.matches) $("step-title").scrollIntoView({block: "start"});
}
const NARROW = window.matchMedia("(max-width: 760px)");

// What lies on the board after the turn, a seat a line in seat order, as fabgen rules
// turn lists it (six seats' fields mixed in board order were hard to read), then the
// command's last lines: the scores with what the turn changed, and who moves next or
// how the game ended.
function showAfter(lines, closing) {
  const items = lines.map((line) => {
    const li = document.createElement("li");
    setText(li, line); // (a field's name kept whole: "-" / "c1" on a phone)
    return li;
  });
  $("after-heading").hidden = !lines.length;
  $("after").replaceChildren(...items);
  $("closing").replaceChildren(...closing.map((line) => {
    const p = document.createElement("p");
    p.textContent = line;
    return p;
  }));
}

// What the red outline marks, said under the board: fabgen rules turn's pictures outline
// the fields that explode next in red and burst those that exploded, so a reader of both
// is told which this is.
const KEY = {
  move: "Outlined in red: the move's line, from the field its stones leave to where they land.",
  explosion: "Outlined in red: the fields that explode in this wave " +
    "(the pictures of fabgen rules turn --svg mark them with an orange burst, " +
    "and outline the next wave's fields in red).",
  growth: "Outlined in red: the growing fields that gain a stone.",
};
// (growth with no growing field of the seat to move: nothing is outlined, nothing grows)
const NO_GROWTH = "No field grows: the seat to move has no growing field, " +
  "so nothing is outlined.";

// The step and turn buttons at an end (or with nothing loaded) are shown as doing
// nothing, which they do: they stayed as if live and said nothing. aria-disabled, not
// disabled, so that Next step keeps the keyboard's focus at the last step.
function showEnds() {
  const k = Number($("step").value) || 0;
  const ends = {
    "prev-step": !steps.length || k <= 0,
    "next-step": !steps.length || k >= steps.length - 1,
    "prev-turn": !transcript || boxTurn() <= 1,
    "next-turn": !transcript || boxTurn() >= turns + 1,
  };
  for (const [id, end] of Object.entries(ends)) $(id).setAttribute("aria-disabled", String(end));
}
showEnds();

// The position after the last turn, no turn of it played: not a step ("Step the
// position" read oddly, "Step" with no number), but where the next turn starts.
function positionTitle() {
  return shown.turn ? `The position after turn ${shown.turn}` : "The start position";
}

function showStep() {
  const k = Number($("step").value) || 0;
  const s = steps[k];
  showEnds();
  if (!s) return;
  const title = s.kind === "position" ? positionTitle() : `Step ${s.title}`;
  $("step-title").textContent = title;
  // The shared picture, as the setup diagram and the play page have the board; the
  // fields this step is about are outlined.
  picture.svg.setAttribute("aria-label", s.kind === "position" ? title : s.title);
  picture.paint(s.board, picture.picture.colours);
  picture.mark({flash: s.fields, flashWords: "this step is about it"});
  const idle = s.kind === "growth" && !s.fields.length;
  $("step-key").textContent = idle ? NO_GROWTH : KEY[s.kind] || "";
  // Growth after a turn in which nothing exploded: why not, as fabgen rules turn says
  // it before growth (the fields nearest their capacity, their names kept whole); after
  // explosions, the explosion phase in figures, as the command says it there.
  const before = s.calm || s.chain;
  $("step-calm").hidden = !before;
  setText($("step-calm"), before || "");
  // An explosion's line is followed by where its stones go (fabgen rules turn's second
  // line), on a line of its own that wraps between fields, never inside a field's name
  // or its bracket.
  const effects = s.effects || [];
  $("step-details").replaceChildren(...s.details.map((d, i) => {
    const li = document.createElement("li");
    setText(li, d);
    if (effects[i]) {
      const effect = document.createElement("span");
      effect.className = "effect";
      setEffect(effect, effects[i]);
      li.append(effect);
    }
    return li;
  }));
}

// A file that cannot be read, or has an illegal move anywhere (the server replays the
// whole file first), leaves the game shown before loaded (its turns still step).
// `source`: the box it came from ("transcript-file" or "board-start"). Loaded, the other
// box is cleared, and the moves typed for the game before: a preset chosen after a file
// was shown beside the file's name, as if the file were still loaded.
async function loadText(text, fileName, source) {
  const before = {transcript, name, turn: $("turn").value, fromGame};
  transcript = text;
  name = fileName || "game"; // (the server names it so: "club.json", as the designer does)
  fromGame = null; // (a game of the play page is shown no more: its seats' names neither)
  $("turn").value = 1;
  const mine = asked + 1;
  const loaded = await ask(undefined, true);
  if (mine === asked) showGameSeats();
  if (loaded && mine === asked) {
    for (const id of ["transcript-file", "board-start"]) if (id !== source) $(id).value = "";
    $("moves").value = "";
  }
  if (loaded || before.transcript === null || mine !== asked) return;
  ({transcript, name, fromGame} = before);
  showGameSeats();
  $("turn").value = before.turn;
  const said = $("status").textContent.trim();  // (fabgen's refusals end without a stop)
  setStatus(`${said}${/[.?!]$/.test(said) ? "" : "."} The game shown before stays loaded.`, true);
}

$("transcript-file").addEventListener("change", async () => {
  const file = $("transcript-file").files[0];
  if (!file) return;
  if (file.size > 512 * 1024) return setStatus(`${file.name} is larger than 512 kB: is it a transcript?`, true);
  loadText(await file.text(), file.name, "transcript-file");
});
$("board-start").addEventListener("change", async () => {
  const preset = $("board-start").value;
  if (!preset) return;
  const response = await fetch(`/api/rules/preset/${encodeURIComponent(preset)}`);
  if (!response.ok) return setStatus((await readAnswer(response).catch((e) => e)).message, true);
  loadText(await response.text(), preset, "board-start");
});
$("turn").addEventListener("change", () => ask());
$("variant").addEventListener("change", () => ask());
$("prev-turn").addEventListener("click", () => {
  if (transcript && boxTurn() <= 1) return; // (the first turn: nothing before it)
  $("turn").value = Math.max(1, boxTurn() - 1);
  ask();
});
$("next-turn").addEventListener("click", () => {
  if (transcript && boxTurn() >= turns + 1) return; // (the next turn to type: the last)
  $("turn").value = Math.min(turns + 1, boxTurn() + 1);
  ask();
});
// A step of the turn asked for last (a turn still on its way is waited for).
function stepBy(delta) {
  const wanted = asked;
  answered.then(() => {
    if (wanted !== asked) return; // another turn was asked for meanwhile
    $("step").value = Number($("step").value) + delta;
    showStep();
  });
}
$("step").addEventListener("input", showStep);
$("prev-step").addEventListener("click", () => stepBy(-1));
$("next-step").addEventListener("click", () => stepBy(1));
namesSwitch($("names"), $("step-svg"), () => picture);
$("zoom-in").addEventListener("click", () => picture && picture.setZoom(picture.zoom * 1.5));
$("zoom-out").addEventListener("click", () => picture && picture.setZoom(picture.zoom / 1.5));
$("play").addEventListener("click", () => {
  $("turn").value = turns + 1;
  ask($("moves").value);
});
// (Enter plays the typed moves, as on the play page: from the keyboard the button was
// one more Tab away)
$("moves").addEventListener("keydown", (e) => {
  if (e.key !== "Enter") return;
  e.preventDefault();
  $("play").click();
});
// A game's address: opened as the page opens (a reload too), or pasted into this tab.
window.addEventListener("hashchange", openAddressed);
openAddressed();
