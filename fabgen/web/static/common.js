// Helpers shared by the pages: JSON requests, downloads, messages. No framework, no build step.
"use strict";

async function postJSON(url, body) {
  const response = await reach(url, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body),
  });
  return readAnswer(response);
}

// fetch, saying so when the server cannot be reached (the browser's own words, "Failed
// to fetch", read as if the server had refused the request).
async function reach(url, options) {
  try {
    return await fetch(url, options);
  } catch (e) {
    const error = new Error("the server cannot be reached: is fabgen serve still running?");
    error.status = 0;
    throw error;
  }
}

// The answer's JSON; an error answer throws its message, with its HTTP status.
async function readAnswer(response) {
  let data;
  try {
    data = await response.json();
  } catch (e) {
    // (unread: no message came; a network error while reading is an answer cut off, as
    // when the server stops while it sends it)
    const words = e instanceof SyntaxError
      ? `the server answered ${response.status} without a message`
      : "the server's answer was cut off: was fabgen serve stopped?";
    throw Object.assign(new Error(words), {status: response.status, unread: true});
  }
  if (!response.ok) {
    // (stopping: the server is stopping, the request was cut short; pageWords: the
    // designer's refusal in its page's words)
    throw Object.assign(new Error(data.error || `the server answered ${response.status}`), {status: response.status, stopping: Boolean(data.stopping), pageWords: data.page_words});
  }
  return data;
}

// POST, then save the answer as a file named by the server.
async function download(url, body) {
  const response = await reach(url, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body),
  });
  if (!response.ok) return readAnswer(response);
  const blob = await response.blob();
  const header = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(header);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = match ? match[1] : "download";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  return link.download;
}

function setStatus(text, isError) {
  const status = document.getElementById("status");
  setText(status, text);
  status.classList.toggle("bad", Boolean(isError));
  // A status a click hides (the designer's refusal: data-hide) says so in its title, and
  // only then: a line with nothing to hide was described "Tap to hide" too.
  if (!status.dataset.hide) return;
  if (isError && text) status.title = status.dataset.hide;
  else status.removeAttribute("title");
}

// Field names and moves ("-a4", "c3--a4"): a browser breaks a line after a leading minus
// ("from -" / "a4"), so each is kept whole in a nowrap span (copied text is unchanged).
const FIELD_NAME = "-?[a-z]+(?:0|-?[1-9][0-9]*)";
const FIELD_NAMES = new RegExp(`(?<![\\w-])${FIELD_NAME}(?:-${FIELD_NAME})*(?![\\w])`, "g");

function setText(element, text) {
  element.replaceChildren(...textParts(String(text), FIELD_NAMES, "field-name"));
  sayNames(element);
}

// A field's name as a screen reader says it: "minus d1", "c minus 1". At its usual
// setting a reader leaves a minus sign out as punctuation, and -d1 sounded as d1 (17
// such pairs on 3p-triangle-4), or as "dash d one".
function spokenName(name) {
  return name.replace(/-/g, " minus ").trim().replace(/ +/g, " ");
}

// A span's names in words, a move's joined by "to": "minus d1", "c3 to c5", "minus d1
// to minus c1" (each name's own minus comes after the move's); null where the text is
// not names joined by minus signs.
const NAME_AT = new RegExp(FIELD_NAME, "y");
function spokenWords(text) {
  const names = [];
  for (let at = 0; at < text.length; at = NAME_AT.lastIndex) {
    if (names.length && text[at++] !== "-") return null;
    NAME_AT.lastIndex = at;
    const name = NAME_AT.exec(text);
    if (!name) return null;
    names.push(name[0]);
  }
  return names.map(spokenName).join(" to ");
}

// The field names (and moves) with a minus sign in `node`, each in the span setText
// keeps whole, read in spokenWords' words: they stand in its data-said, the alternative
// text of style.css's .field-name[data-said]::after, which shows nothing, and the text
// shown is hidden from the reader, so what is seen, copied, and read by scripts
// (textContent, innerText) is unchanged. A browser without alternative text for
// generated content keeps the names as they were. Done once a span.
const SAID_BY_CSS = CSS.supports("content", '"" / attr(data-said)');
function sayNames(node) {
  if (!SAID_BY_CSS || node.nodeType !== Node.ELEMENT_NODE) return;
  const spans = node.matches(".field-name") ? [node] : node.querySelectorAll(".field-name");
  for (const span of spans) {
    if ("said" in span.dataset || !span.textContent.includes("-")) continue;
    const words = spokenWords(span.textContent);
    if (!words) continue;
    const shown = document.createElement("span");
    shown.setAttribute("aria-hidden", "true");
    shown.append(...span.childNodes);
    span.append(shown);
    span.dataset.said = words;
  }
}

// `text` as strings and, for each match of `pattern`, a span of class `name`.
function textParts(text, pattern, name, inner = (t) => [t]) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(at, match.index));
    const span = document.createElement("span");
    span.className = name;
    span.append(...inner(match[0]));
    parts.push(span);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((p) => p !== "");
}

// Where an exploding field's stones go ("one stone each to d6 (was empty, now 1B), e6
// (now 3B)"): it wraps between fields, never inside a field's bracket, nor between the
// field and its bracket ("(was empty, now" / "1B)" on a phone).
const FIELD_WITH_BRACKET = /[^\s,()]+ \([^()]*\)/g;
function setEffect(element, text) {
  const names = (t) => textParts(t, FIELD_NAMES, "field-name");
  element.replaceChildren(...textParts(String(text), FIELD_WITH_BRACKET, "together", names)
    .flatMap((p) => (typeof p === "string" ? names(p) : [p])));
  sayNames(element);
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// Put server-made SVG (our own writer's output) into a box.
function showSVG(box, svgText) {
  box.innerHTML = svgText;
  const svg = box.querySelector("svg");
  if (!svg) return svg;
  svg.setAttribute("role", "img");
  // Named by its figure's caption ("Test tile", "Setup diagram"), not "picture".
  const caption = box.closest("figure") && box.closest("figure").querySelector("figcaption");
  if (caption && !box.dataset.label) {
    caption.id = caption.id || `${box.id}-caption`;
    svg.setAttribute("aria-labelledby", caption.id);
  } else {
    svg.setAttribute("aria-label", box.dataset.label || "picture");
  }
  return svg;
}

function findingItem(f) {
  const li = document.createElement("li");
  li.className = f.severity;
  li.textContent = f.text || `${f.severity} [${f.code}] ${f.where ? f.where + ": " : ""}${f.message}`;
  return li;
}

const DESIGNER_KEY = "fabgen-designer-board";
