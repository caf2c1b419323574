// Helpers shared by the pages: JSON requests, downloads, messages. No framework, no build step.
"use strict";

async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body),
  });
  return readAnswer(response);
}

async function readAnswer(response) {
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without a message`);
  }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

// POST, then save the answer as a file named by the server.
async function download(url, body) {
  const response = await fetch(url, {
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
  status.textContent = text;
  status.classList.toggle("bad", Boolean(isError));
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
  if (svg) {
    svg.setAttribute("role", "img");
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
