// The board picture shared by the pages: tiles and fields as the setup diagram has them
// (fabgen/web/picture.py sends the geometry), each field a <g data-field="c3"> with its
// name on hover and, with the "names" switch, written on it. A position's fields
// (status, owner, stones, territory) are painted onto it without drawing it anew, so a
// tap or an explosion wave changes only what it must. Zoom buttons make it larger in a
// scrolling box (phones: fields at least 40 px across when zoomed).
"use strict";

const PIC_NS = "http://www.w3.org/2000/svg";
// The arrow keys' directions on the picture (SVG: y down).
const ARROWS = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1]};
const GROWING_FILL = "#9fd89a";
const DEAD_FILL = "#7f9bbf";
const NAME_PX = 12; // a field name's height on screen, where the field leaves room
const COUNT_PX = 9; // the smallest count under a symbol on screen (else it goes beside)
const FINGER_PX = 40; // a field or place a finger taps, across on screen (play.js, board.js)
const DIGIT_HEIGHT = 0.73; // a digit's height, of the font's size (DejaVu Sans)

// The largest size from `least` up to `most` at which a number `em` font sizes wide keeps
// an eighth of a radius clear of the fields' circles (`centres`, radius `r`), and its middle there:
// `at` or within half a radius of it, the nearest where sizes are equal. `guess` (a size
// and the middle's shift from `at`) is taken where it keeps clear.
function numberRoom(at, least, em, most, centres, r, guess) {
  const near = centres.filter(([x, y]) => Math.hypot(x - at[0], y - at[1]) < 6 * r);
  const clear = (size, [mx, my]) => near.every(([x, y]) => {
    const halfW = em * size / 2, halfH = DIGIT_HEIGHT * size / 2;
    const dx = x - Math.max(mx - halfW, Math.min(mx + halfW, x));
    const dy = y - Math.max(my - halfH, Math.min(my + halfH, y));
    return Math.hypot(dx, dy) >= r * 1.125 - 1e-3; // (the server rounds to thousandths)
  });
  let best = [least, ...at];
  if (most <= least) return best;
  if (guess) {
    const middle = [at[0] + guess[1], at[1] + guess[2]];
    if (clear(guess[0], middle)) return [guess[0], ...middle];
  }
  const steps = Array.from({length: 11}, (_, k) => (k - 5) * r / 10);
  const middles = steps.flatMap((sx) => steps.map((sy) => [at[0] + sx, at[1] + sy]))
    .sort((a, b) => Math.hypot(a[0] - at[0], a[1] - at[1]) - Math.hypot(b[0] - at[0], b[1] - at[1]));
  for (const middle of middles) {
    if (!clear(best[0], middle)) continue;
    if (clear(most, middle)) return [most, ...middle];
    let [low, high] = [best[0], most];
    for (let step = 0; step < 20; step++) {
      const size = (low + high) / 2;
      if (clear(size, middle)) low = size; else high = size;
    }
    if (low > best[0] * 1.001) best = [low, ...middle];
  }
  return best;
}

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(PIC_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// Mix a #rrggbb colour with white (amount of white, 0..1).
function tintOf(colour, amount) {
  const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return "#" + rgb.map((c) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, "0")).join("");
}

// Black or white, whichever has the higher contrast (WCAG 2) on a #rrggbb colour: the
// count on a green stone was white at 3.4:1, black is 6.2:1.
function inkOn(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? "#000" : "#fff";
}

class BoardPicture {
  // box: the element to draw into; picture: the server's geometry; onTap(name) or null.
  constructor(box, picture, onTap) {
    this.box = box;
    this.picture = picture;
    this.zoom = 1;
    this.cells = new Map();
    box.classList.add("boardpic");
    box.replaceChildren();
    this.scroller = document.createElement("div");
    this.scroller.className = "board-scroll";
    box.appendChild(this.scroller);
    const [w, h] = picture.viewbox;
    this.svg = svgEl("svg", {viewBox: `0 0 ${w} ${h}`, role: "group", "aria-label": box.dataset.label || "the board"});
    this.scroller.appendChild(this.svg);
    new ResizeObserver(() => this.fitNames()).observe(this.svg); // (a window turned, resized)
    const tiles = svgEl("g", {class: "tiles"}, this.svg);
    this.tiles = [];
    for (const t of picture.tiles) {
      for (const loop of t.loops) {
        const el = svgEl("polygon", {points: loop.map((p) => p.join(",")).join(" "), fill: t.fill, class: "tile"}, tiles);
        this.tiles.push({el, fill: t.fill});
      }
    }
    const r = picture.radius;
    const fields = svgEl("g", {class: "fields"}, this.svg);
    for (const f of picture.fields) {
      const [x, y] = f.at;
      const g = svgEl("g", {class: "field", "data-field": f.name, transform: `translate(${x} ${y})`}, fields);
      const parts = {
        g,
        title: svgEl("title", {}, g),
        cell: svgEl("circle", {r, class: "cell"}, g),
        ring: svgEl("circle", {r: r * 0.8, class: "ring"}, g),
        cross: svgEl("path", {d: `M${-r / 2} ${-r / 2}L${r / 2} ${r / 2}M${-r / 2} ${r / 2}L${r / 2} ${-r / 2}`, class: "cross"}, g),
        stone: svgEl("circle", {r: r * 0.62, class: "stone"}, g),
        symbol: svgEl("path", {class: "symbol"}, g),
        count: svgEl("text", {y: r * 0.22, class: "count", "font-size": r * 0.62}, g),
        badge: svgEl("text", {y: -r * 0.58, class: "badge", "font-size": r * 0.5}, g),
        name: svgEl("text", {y: r * 0.92, class: "fname", "font-size": r * 0.42}, g),
        hit: svgEl("circle", {r: picture.pitch / 2, class: "hit"}, g),
      };
      parts.name.textContent = f.name;
      parts.said = spokenName(f.name);
      parts.title.textContent = parts.said; // (the same words: a title unlike the name is read after it)
      // Each field is named with what is on it (describe), for screen readers and, as
      // its title, when the pointer rests on it.
      g.setAttribute("role", onTap ? "button" : "img");
      g.setAttribute("aria-label", parts.said);
      if (onTap) {
        // The board is one stop of the Tab key; the arrow keys go from field to field.
        g.setAttribute("tabindex", this.cells.size ? "-1" : "0");
        g.addEventListener("click", () => onTap(f.name));
        g.addEventListener("focus", () => this.rove(f.name));
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onTap(f.name);
          } else if (e.key in ARROWS || e.key === "Home" || e.key === "End") {
            e.preventDefault();
            this.focusField(this.nextField(f.name, e.key));
          }
        });
      }
      this.cells.set(f.name, parts);
    }
    const numbers = svgEl("g", {class: "tile-numbers"}, this.svg);
    this.numbers = picture.tiles.map((t) => {
      const [x, y] = t.number_at;
      const text = svgEl("text", {x, y: y + DIGIT_HEIGHT * r * 0.55 / 2, "font-size": r * 0.55}, numbers);
      text.textContent = t.number;
      return {text, at: t.number_at, em: 0};
    });
    this.names = false;
    this.scale = 0; // (screen px per unit, once on show: fitNames)
    this.setZoom(1);
  }

  // The field that takes the Tab key's focus is the one focused last.
  rove(name) {
    for (const [other, c] of this.cells) c.g.setAttribute("tabindex", other === name ? "0" : "-1");
  }

  // The keyboard's field is brought into view. A tap's or a click's is not: after End
  // turn on a phone the focus scrolled the page down to the next player's field, the
  // line saying whose turn it is above the window (two people passing a phone).
  focusField(name) {
    const c = this.cells.get(name);
    if (!c) return;
    this.rove(name);
    c.g.focus({preventScroll: true});
    if (c.g.matches(":focus-visible")) c.g.scrollIntoView({block: "nearest", inline: "nearest"});
  }

  // The field the keyboard's focus is on, or the one Tab comes to.
  currentField() {
    for (const [name, c] of this.cells) if (c.g.getAttribute("tabindex") === "0") return name;
    return null;
  }

  // The nearest field in an arrow key's direction (within 60° of it), or the first or
  // last field (Home, End); the field itself where there is none.
  nextField(name, key) {
    const fields = this.picture.fields;
    if (key === "Home") return fields[0].name;
    if (key === "End") return fields[fields.length - 1].name;
    const [dx, dy] = ARROWS[key];
    const [x, y] = fields.find((f) => f.name === name).at;
    let best = name;
    let bestScore = Infinity;
    for (const f of fields) {
      const [vx, vy] = [f.at[0] - x, f.at[1] - y];
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (along <= 1e-6 || across > along * Math.sqrt(3) + 1e-6) continue;
      const score = Math.hypot(vx, vy) + 1e-3 * across;
      if (score < bestScore) [best, bestScore] = [f.name, score];
    }
    return best;
  }

  // The start tiles in their seats' tints (the setup), or every tile plain: at the end
  // a start tile's tint under its burnt fields read as its seat's territory.
  plainTiles(on) {
    for (const t of this.tiles) t.el.setAttribute("fill", on ? "#ffffff" : t.fill);
  }

  // Paint a position: board = {status, owner, stones, territory, settled} per field.
  paint(board, colours) {
    this.picture.fields.forEach((f, i) => {
      const c = this.cells.get(f.name);
      const status = board.status[i];
      const owner = board.owner[i];
      const region = board.territory[i];
      let fill = "#ffffff";
      if (status === 1) fill = GROWING_FILL;
      else if (status === 2) fill = DEAD_FILL;
      else if (region >= 0) fill = tintOf(colours[region], board.settled[i] ? 0.45 : 0.75);
      c.cell.setAttribute("fill", fill);
      c.g.dataset.status = ["live", "growing", "dead"][status];
      c.g.dataset.territory = region >= 0 ? String(region + 1) : "";
      c.g.classList.toggle("settled", Boolean(board.settled[i]) && region >= 0);
      c.ring.style.display = status === 1 ? "" : "none";
      c.cross.style.display = status === 2 ? "" : "none";
      const stones = board.stones[i];
      const shown = stones > 0 && owner >= 0;
      c.stone.style.display = shown ? "" : "none";
      const count = shown && (stones > 1 || status === 1) ? String(stones) : "";
      c.count.textContent = count;
      // The seat's symbol, as on the kit's stones (seat_symbols), so that seats are told
      // apart without their colours: alone in the middle, or above the count.
      const symbol = shown && this.picture.symbols ? this.picture.symbols[owner] : null;
      c.symbol.style.display = symbol ? "" : "none";
      if (shown) {
        const stone = status === 1 ? tintOf(colours[owner], 0.35) : colours[owner];
        c.stone.setAttribute("fill", stone);
        c.ink = inkOn(stone);
        c.both = Boolean(symbol && count);
        if (symbol) {
          c.symbol.setAttribute("d", symbol.path);
          c.symbol.setAttribute("fill", c.ink);
        }
        this.placeCount(c);
      }
      c.g.dataset.symbol = symbol ? symbol.name : "";
      c.g.dataset.stones = shown ? String(stones) : "0";
      c.g.dataset.owner = shown ? String(owner + 1) : "";
      c.said = this.describe(f.name, status, shown ? owner : -1, stones, region, board.settled[i]);
      this.say(c, "");
    });
  }

  // A stone's count, alone in the middle or under its symbol. Under its symbol it was 6 px
  // high at a phone's zoom (5 at a laptop's), too small to read: where it would be under
  // COUNT_PX on screen it stands at the stone's right instead (clear of the badge above
  // and the name below), as large as a field's name (up to the radius), outlined in
  // white, and the symbol has the stone.
  placeCount(c) {
    const r = this.picture.radius;
    const beside = Boolean(c.both && this.scale && r * 0.48 * this.scale < COUNT_PX);
    const under = c.both && !beside;
    const size = beside ? Math.min(r, Math.max(0.48 * r, NAME_PX / this.scale)) : r * (under ? 0.48 : 0.62);
    c.count.classList.toggle("beside", beside);
    c.count.setAttribute("x", String(beside ? 0.85 * r : 0));
    c.count.setAttribute("y", String(beside ? 0.36 * size : r * (under ? 0.44 : 0.22)));
    c.count.setAttribute("font-size", String(size));
    c.count.setAttribute("stroke-width", String(beside ? 0.16 * r : 0));
    if (c.ink) c.count.setAttribute("fill", beside ? "#1b1b1b" : c.ink);
    c.symbol.setAttribute("transform", `translate(0 ${under ? -0.27 * r : 0}) scale(${(under ? 0.2 : 0.36) * r})`);
  }

  // A field in words: "c3: 2 stones of Red, growing, in Red's territory" ("minus d1: ...").
  describe(name, status, owner, stones, region, settled) {
    const names = this.picture.names || this.picture.colours.map((_, k) => `Seat ${k + 1}`);
    const words = [owner >= 0 ? `${stones} stone${stones === 1 ? "" : "s"} of ${names[owner]}` : "empty"];
    if (status === 1) words.push("growing");
    if (status === 2) words.push("dead");
    if (region >= 0) words.push(`in ${names[region]}'s ${settled ? "settled " : ""}territory`);
    return `${spokenName(name)}: ${words.join(", ")}`;
  }

  say(c, mark) {
    const words = mark ? `${c.said}; ${mark}` : c.said;
    c.g.setAttribute("aria-label", words);
    c.title.textContent = words;
  }

  // Marks on fields: {selected: name, lit: {name: stones}, moved: [names], flash: [names],
  // todo: [names]}, and what a selected, moved or flashed field's name says of it
  // (selectedWords, ...). A field to do on the physical board is outlined and named.
  mark(marks) {
    const lit = marks.lit || {};
    const moved = new Set(marks.moved || []);
    const flash = new Set(marks.flash || []);
    const todo = new Set(marks.todo || []);
    for (const [name, c] of this.cells) {
      c.g.classList.toggle("todo", todo.has(name));
      c.g.classList.toggle("selected", marks.selected === name);
      c.g.classList.toggle("lit", name in lit);
      c.g.classList.toggle("moved", moved.has(name));
      c.g.classList.toggle("flash", flash.has(name));
      c.badge.textContent = name in lit ? String(lit[name]) : moved.has(name) ? "✓" : "";
      const stones = (n) => `${n} stone${n === 1 ? "" : "s"}`;
      this.say(c, marks.selected === name ? (marks.selectedWords || "chosen: now choose where its stones go")
        : name in lit ? `lit: a move from ${spokenName(marks.selected)} to here takes ${stones(lit[name])}`
        : moved.has(name) ? (marks.movedWords || "a move started on its tile this turn")
        : flash.has(name) ? (marks.flashWords || "")
        : todo.has(name) ? "to do on the board (the list Do this on the board)" : "");
    }
  }

  showNames(on) {
    this.names = on;
    this.box.classList.toggle("show-names", on);
  }

  setZoom(z) {
    this.zoom = Math.max(1, Math.min(4, z));
    // At 1 the whole board fits the window; larger, it scrolls in its box.
    this.svg.style.width = `${100 * this.zoom}%`;
    this.svg.classList.toggle("fit", this.zoom === 1);
    this.box.dataset.zoom = String(this.zoom);
    this.fitNames();
  }

  // Field names at least NAME_PX high on screen where the field leaves room (up to 0.33
  // of the pitch, moved down into the gap below the field as they grow): 0.42 of the
  // radius was about 8 px at a phone's zoom. So are the badges over a field (the stones
  // a lit field's move takes, 6 px there), up to the radius, growing up into the gap.
  fitNames() {
    const scale = this.svg.getBoundingClientRect().width / this.picture.viewbox[0];
    if (!scale) return; // (not on show)
    this.scale = scale;
    const r = this.picture.radius;
    const size = Math.min(this.picture.pitch * 0.33, Math.max(r * 0.42, NAME_PX / scale));
    const badge = Math.min(r, Math.max(r * 0.5, NAME_PX / scale));
    for (const c of this.cells.values()) {
      c.name.setAttribute("font-size", size);
      c.name.setAttribute("y", r * 0.92 + (size - r * 0.42) / 2);
      c.badge.setAttribute("font-size", badge);
      this.placeCount(c);
    }
    this.fitNumbers(scale);
  }

  // Tile numbers NAME_PX high on screen as far as the gap between three fields where each
  // stands leaves room, never smaller than drawn (numberRoom, as the designer's): on a
  // 390 px phone they were 8 px high.
  fitNumbers(scale) {
    const r = this.picture.radius, drawn = r * 0.55;
    const centres = this.picture.fields.map((f) => f.at);
    const found = new Map(); // (numbers of as many digits try the same spot in their gap)
    for (const n of this.numbers) {
      if (!n.em) { // (measured once, at the size drawn)
        n.em = n.text.getBBox().width / drawn;
        n.text.dataset.size = String(drawn);
      }
      const key = n.text.textContent.length;
      const [size, x, y] = numberRoom(n.at, drawn, n.em, NAME_PX / scale, centres, r, found.get(key));
      found.set(key, [size, x - n.at[0], y - n.at[1]]);
      n.text.setAttribute("font-size", String(size));
      n.text.setAttribute("x", String(x));
      n.text.setAttribute("y", String(y + DIGIT_HEIGHT * size / 2)); // (its baseline)
    }
  }

  // Zoom so that a field is at least `px` across on screen, and bring `name` into view.
  zoomTo(name, px) {
    const shown = this.svg.getBoundingClientRect().width / this.picture.viewbox[0] * this.picture.pitch;
    if (shown < px) this.setZoom(this.zoom * px / shown);
    const c = this.cells.get(name);
    if (c) c.g.scrollIntoView({block: "nearest", inline: "center"});
  }

  // Field size on screen, in px, as drawn: at zoom 1 the picture fits the window's height
  // too (svg.fit), which draws it smaller than its width alone would (a tablet held
  // sideways: 37 px, not 50).
  fieldPixels() {
    const box = this.svg.getBoundingClientRect();
    const [w, h] = this.picture.viewbox;
    return Math.min(box.width / w, box.height / h) * this.picture.pitch;
  }

  // Field size on screen at zoom `z` above 1, where the picture is `z` times as wide as
  // its box, whatever its height.
  zoomedFieldPixels(z) {
    return this.scroller.clientWidth * z / this.picture.viewbox[0] * this.picture.pitch;
  }
}

// A seat's colour with its symbol, as its stones have them on the board: the legend of
// the scores table ({name, path} from the picture's symbols; none: the colour alone).
function seatSwatch(colour, symbol) {
  const svg = svgEl("svg", {class: "swatch", viewBox: "-1 -1 2 2", "aria-hidden": "true"});
  svgEl("circle", {r: 0.92, fill: colour}, svg);
  if (symbol) {
    svgEl("path", {d: symbol.path, transform: "scale(0.58)", fill: inkOn(colour)}, svg);
    svg.dataset.symbol = symbol.name;
  }
  return svg;
}

// Names for a server-drawn picture (the designer's): a text per field, shown with the
// "names" switch, and the field's name in data-field on its click target.
function addFieldNames(svg, fields) {
  const layer = svgEl("g", {class: "fnames"}, svg);
  for (const f of fields) {
    svgEl("text", {x: f.centre[0], y: f.centre[1] + f.r * 0.95, class: "fname", "font-size": f.r * 0.42}, layer)
      .textContent = f.name;
  }
  return layer;
}

// A "Field names" switch for a picture's box (kept across pages).
function namesSwitch(checkbox, box, picture) {
  const key = "fabgen-field-names";
  checkbox.checked = localStorage.getItem(key) === "yes";
  const apply = () => {
    box.classList.toggle("show-names", checkbox.checked);
    if (picture && picture()) picture().showNames(checkbox.checked);
    localStorage.setItem(key, checkbox.checked ? "yes" : "no");
  };
  checkbox.addEventListener("change", apply);
  apply();
  return apply;
}
