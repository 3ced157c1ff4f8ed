// hexarena web app: the board renderer shared by the game page, the rules pages and the guided
// games. Plain JavaScript (a global HexBoard), no build step, no inline styles or handlers.
//
// A HexBoard draws one board (cells with names and axial coordinates, as /api/.../board gives
// them) into an <svg>, then any number of positions onto it. Marks differ by shape as well as by
// colour, so that they read without colour: a dot for a playable cell, a diamond for a
// destination, a ring for the last turn, a cross for a cell that turn emptied or changed, an
// arrow for a stone's journey, a dashed ring with a number for the turn being built, a thick
// diamond on a white halo for the hint's suggestion. A heat map (the swap map) can lie under
// the stones: each cell filled by a value from 0 to 1, the value written in the cell as a
// percentage, and a dot on the cells it marks (the hinted cell's value and dot above its mark).
"use strict";

const HEX_SVGNS = "http://www.w3.org/2000/svg";
const HEX_R = 30; // hex radius in SVG units
const HEX_SQ3 = Math.sqrt(3);
const HEX_FILL = { red: "#d8453b", blue: "#3b6fd8", black: "#26262a", white: "#f7f5ee", green: "#3a9a55",
  yellow: "#e8c547", orange: "#e98a2b", purple: "#8a4fc7" };
const HEX_HL = ["#e0b000", "#7a3fd0", "#0a9396", "#d62828", "#3a86ff"];
// A heat map's colours at 0, one half and 1 (blue, white, red, as in the reports' plots)
const HEX_HEAT = [[33, 102, 172], [247, 247, 247], [178, 24, 43]];
let hexBoardCount = 0;

function hexFill(colourName) {
  if (!colourName) return "#999";
  return HEX_FILL[colourName.toLowerCase()] || "#888";
}

// The colour of value v (0 to 1) on the heat map's scale, as #rrggbb.
function hexHeatColour(v) {
  const t = Math.min(1, Math.max(0, Number(v)));
  const [a, b] = t < 0.5 ? [HEX_HEAT[0], HEX_HEAT[1]] : [HEX_HEAT[1], HEX_HEAT[2]];
  const f = t < 0.5 ? t * 2 : t * 2 - 1;
  return "#" + a.map((x, k) => Math.round(x + (b[k] - x) * f).toString(16).padStart(2, "0")).join("");
}

function hexEl(tag, attrs, parent) {
  const node = document.createElementNS(HEX_SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function hexPixel(q, r) {
  return [HEX_R * HEX_SQ3 * (q + r / 2), -HEX_R * 1.5 * r];
}

// Whether a box {x, y, width, height} touches the line of a ring {x, y, r, w (its stroke)}.
function hexRingMeets(ring, b) {
  const nx = Math.max(b.x, Math.min(ring.x, b.x + b.width)) - ring.x;
  const ny = Math.max(b.y, Math.min(ring.y, b.y + b.height)) - ring.y;
  const near = Math.hypot(nx, ny);
  const far = Math.max(Math.abs(b.x - ring.x), Math.abs(b.x + b.width - ring.x)) ** 2 +
    Math.max(Math.abs(b.y - ring.y), Math.abs(b.y + b.height - ring.y)) ** 2;
  return near <= ring.r + ring.w / 2 && Math.sqrt(far) >= ring.r - ring.w / 2;
}

// Whether a disc {x, y, r} meets a box {x, y, width, height}.
function hexDiscMeets(disc, b) {
  const nx = Math.max(b.x, Math.min(disc.x, b.x + b.width)) - disc.x;
  const ny = Math.max(b.y, Math.min(disc.y, b.y + b.height)) - disc.y;
  return Math.hypot(nx, ny) < disc.r;
}

// Whether a segment {x1, y1, x2, y2} of width w crosses a box {x, y, width, height}.
function hexSegmentMeets(seg, b) {
  const steps = Math.ceil(Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) / 2);
  for (let k = 0; k <= steps; k++) {
    const x = seg.x1 + (seg.x2 - seg.x1) * k / steps, y = seg.y1 + (seg.y2 - seg.y1) * k / steps;
    if (x > b.x - seg.w / 2 && x < b.x + b.width + seg.w / 2 && y > b.y - seg.w / 2 && y < b.y + b.height + seg.w / 2) return true;
  }
  return false;
}

// Whether two boxes {x, y, width, height} overlap.
function hexBoxesMeet(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function hexPoints(x, y, radius) {
  const rad = radius || HEX_R;
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k + 30);
    pts.push(`${(x + rad * Math.cos(a)).toFixed(2)},${(y + rad * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function hexColumnLetters(k) {
  let out = "";
  k += 1;
  while (k) {
    const rem = (k - 1) % 26;
    out = String.fromCharCode(97 + rem) + out;
    k = Math.floor((k - 1) / 26);
  }
  return out;
}

// The arrow keys' ways on the screen (x right, y down), for walking the board's cells.
const HEX_KEY_STEPS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

class HexBoard {
  // svg: the <svg> element; board: {cells, adjacency, extra}; opts: {colours, legend, onCell,
  // label (the board's accessible name)}. The drawing scales to the width of its container
  // (the style sheets give the <svg> width 100%), so that a board never runs off a phone's
  // screen: a viewBox as tight as the cells and their labels allow keeps the cells large.
  constructor(svg, board, opts) {
    this.svg = svg;
    this.board = board;
    this.opts = opts || {};
    this.id = ++hexBoardCount;
    this.byName = {};
    board.cells.forEach((c, i) => { this.byName[c.name] = i; });
    this.build();
  }

  build() {
    const svg = this.svg;
    svg.innerHTML = "";
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", this.opts.label || "game board");
    const cells = this.board.cells;
    const pos = cells.map((c) => hexPixel(c.q, c.r));
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const [x, y] of pos) {
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const defs = hexEl("defs", {}, svg);
    const marker = hexEl("marker", { id: `arrowhead-${this.id}`, viewBox: "0 0 10 10", refX: "8", refY: "5",
      markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, defs);
    hexEl("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, marker);
    const adjacency = this.board.adjacency || [];
    const meanDegree = (2 * adjacency.length) / Math.max(1, cells.length);
    const extra = this.board.extra || {};
    // a labyrinth's exits are drawn as paths between cell centres; on solid boards they clutter
    const exits = "exits" in extra || meanDegree < 3.5;
    svg.classList.toggle("exits", exits);
    this.exits = exits;
    const gCells = hexEl("g", { class: "cells" }, svg);
    this.gCells = gCells;
    this.gHeat = null; // made by heat()
    // a cell the rules name (Gyre's centre), marked under the stones
    const gLandmarks = hexEl("g", { class: "landmarks" }, svg);
    this.centre = cells.findIndex((c) => c.name === extra.centre);
    if (this.centre >= 0) {
      const [x, y] = pos[this.centre];
      hexEl("polygon", { class: "centre-mark", points: hexPoints(x, y, HEX_R * 0.86) }, gLandmarks);
    }
    const gLinks = hexEl("g", { class: "links" }, svg);
    this.gStones = hexEl("g", { class: "stones" }, svg);
    this.gMarks = hexEl("g", { class: "marks" }, svg);
    // the heat map's value of the hinted cell, lifted above the hint's mark (liftHeatValue)
    this.gLifted = hexEl("g", { class: "lifted", "aria-hidden": "true" }, svg);
    this.hinted = null; // the cell of the hint's mark drawn, or null
    const gCoords = hexEl("g", { class: "coords", "aria-hidden": "true" }, svg);
    this.pos = pos;
    this.nodes = cells.map((c, i) => {
      const [x, y] = pos[i];
      const g = hexEl("g", { class: "cell" + (i === this.centre ? " centre" : ""), "data-index": i, "data-name": c.name }, gCells);
      hexEl("polygon", { points: hexPoints(x, y) }, g);
      hexEl("title", {}, g).textContent = c.name;
      g.addEventListener("click", () => { if (this.opts.onCell) this.opts.onCell(i); });
      g.addEventListener("keydown", (ev) => {
        if ((ev.key === "Enter" || ev.key === " ") && this.opts.onCell) {
          ev.preventDefault();
          this.opts.onCell(i);
        } else if (ev.key in HEX_KEY_STEPS && this.opts.onCell) {
          const to = this.nextPlayable(i, ev.key);
          if (to !== null) {
            ev.preventDefault();
            this.rove(to);
            this.nodes[to].focus();
          }
        }
      });
      return g;
    });
    for (const [a, b] of exits ? adjacency : []) {
      const [x1, y1] = pos[this.byName[a]];
      const [x2, y2] = pos[this.byName[b]];
      hexEl("line", { class: "link", x1, y1, x2, y2 }, gLinks);
    }
    const bounds = this.coordinates(gCoords, pos, { minX, maxX, minY, maxY });
    const pad = HEX_R * 0.25, padX = HEX_R * 0.1; // a little room around it, less at the sides
    const vb = [bounds.minX - padX, bounds.minY - pad, bounds.maxX - bounds.minX + 2 * padX,
      bounds.maxY - bounds.minY + 2 * pad];
    svg.setAttribute("viewBox", vb.map((v) => v.toFixed(1)).join(" "));
    this.viewWidth = vb[2];
    if (!this.resizing && typeof ResizeObserver === "function") {
      this.resizing = new ResizeObserver(() => this.rescale());
      this.resizing.observe(svg);
    }
    this.rescale();
  }

  // Words on the board (labels, potentials, numbers) are sized in board units, so they shrink
  // with the board: below 0.75 CSS px a unit (a phone's screen) they are drawn larger, up to
  // 1.6 times, to stay readable. A heat map's values (10 units, alone in the lower half of
  // their cells) grow further, up to 2.4 times, so as to be drawn at least 10.5 CSS px tall
  // where their cells leave room: on Gyre's side 7 on a phone they were 7.5 px.
  rescale() {
    const w = this.svg.getBoundingClientRect().width;
    if (!w || !this.viewWidth) return;
    const perUnit = w / this.viewWidth;
    const scale = Math.min(1.6, Math.max(1, 0.75 / perUnit));
    this.svg.style.setProperty("--text-scale", scale.toFixed(2));
    const heat = Math.min(2.4, Math.max(scale, 10.5 / (10 * perUnit)));
    this.svg.style.setProperty("--heat-scale", heat.toFixed(2));
    if (this.gMarks) this.placeLabels();
    if (this.gLifted) this.liftHeatValue();
  }

  // Row numbers and column letters. On a regular board each row's number stands right of its
  // last cell and each column's letter below-left of its lowest cell, as in the text pictures;
  // a letter that would stand in a notch of the board, between cells of its row (Throngs'
  // original board, h to j), goes down its column to the line of the lowest letters. Where a
  // label would stand on a cell or on another label (irregular boards, such as China Grove's),
  // the numbers stand in one column right of the board and each letter where its column, a line
  // running up and to the right, leaves the board: on a line below it, or, for a column that
  // would meet that line far left of every cell, on a line left of it (so that the letters never
  // widen the board, which must fit a phone's screen). A label away from its first cell is
  // joined to it by a dotted guide (under the cells), so that it can be followed.
  coordinates(gCoords, pos, box) {
    const cells = this.board.cells;
    const rmin = Math.min(...cells.map((c) => c.r));
    const qmin = Math.min(...cells.map((c) => c.q));
    const rows = {}, cols = {};
    for (const c of cells) {
      if (!(c.r in rows) || c.q > rows[c.r]) rows[c.r] = c.q;
      if (!(c.q in cols) || c.r < cols[c.q]) cols[c.q] = c.r;
    }
    const labels = [];
    // each label's first cell: the row's last, the column's lowest
    for (const [r, q] of Object.entries(rows)) {
      const [x, y] = hexPixel(Number(q) + 1, Number(r));
      labels.push({ x: x - HEX_R * 0.35, y, text: String(Number(r) - rmin + 1), kind: "row",
        cell: hexPixel(Number(q), Number(r)) });
    }
    for (const [q, r] of Object.entries(cols)) {
      // in a notch (cells of that row on both sides of the letter's place): the lowest line
      const row = cells.filter((c) => c.r === Number(r) - 1);
      const notch = row.some((c) => c.q < Number(q)) && row.some((c) => c.q > Number(q));
      const [x, y] = hexPixel(Number(q), notch ? rmin - 1 : Number(r) - 1);
      labels.push({ x: x + HEX_R * 0.25, y: y - HEX_R * 0.25, text: hexColumnLetters(Number(q) - qmin), kind: "col",
        cell: hexPixel(Number(q), Number(r)) });
    }
    const clash = labels.some((l, k) => pos.some(([x, y]) => Math.hypot(l.x - x, l.y - y) < HEX_R * 0.95)
      || labels.some((m, j) => j !== k && Math.hypot(l.x - m.x, l.y - m.y) < HEX_R * 0.9));
    if (clash) {
      const yBottom = box.maxY + HEX_R * 1.5;
      const xRight = box.maxX + HEX_R * 1.5;
      const xLeft = box.minX - HEX_R * 1.4;
      for (const l of labels) {
        if (l.kind === "row") {
          l.x = xRight;
        } else {
          // a column runs up and to the right: its letter stands where it meets the bottom line,
          // or the left line when it meets that one first
          const q = qmin + this.colIndex(l.text);
          const [x] = hexPixel(q, rmin - 1);
          if (x >= xLeft) {
            l.x = x;
            l.y = yBottom;
          } else {
            // where the column's line x = s (q + r / 2), y = -1.5 R r crosses x = xLeft
            const r = 2 * (xLeft / (HEX_R * HEX_SQ3) - q);
            l.x = xLeft;
            l.y = -HEX_R * 1.5 * r;
          }
        }
      }
      // columns far to the left of the bottom row may fall beyond the rows' label column
      for (const l of labels) if (l.kind === "col" && l.x > xRight - HEX_R) l.y = yBottom + HEX_R;
    }
    const gGuides = hexEl("g", { class: "coord-guides", "aria-hidden": "true" });
    this.svg.insertBefore(gGuides, this.gCells);
    for (const l of labels) {
      hexEl("text", { class: "coord", "data-kind": l.kind, x: l.x.toFixed(1), y: l.y.toFixed(1) }, gCoords).textContent = l.text;
      // a guide from near the label to the first cell's centre (the cell hides its end)
      const [cx, cy] = l.cell;
      const len = Math.hypot(cx - l.x, cy - l.y);
      if (len > HEX_R * 1.6) {
        const k = HEX_R * 0.45 / len;
        hexEl("line", { class: "coord-guide", "data-text": l.text, x1: (l.x + (cx - l.x) * k).toFixed(1),
          y1: (l.y + (cy - l.y) * k).toFixed(1), x2: cx.toFixed(1), y2: cy.toFixed(1) }, gGuides);
      }
    }
    // the board's edges: a cell's sides (half its width, √3/2 R, and its line), and each label's
    // half width at the largest size words are drawn (14 units, 1.6 times on a phone: about 13.5
    // units a character), so that a board is no wider than its cells and labels need and its
    // cells are as large as the screen allows (each label had half a radius either side)
    const side = HEX_R * 0.9;
    const half = (l) => Math.max(HEX_R * 0.3, 6.8 * l.text.length + 3);
    const ys = labels.map((l) => l.y);
    return {
      minX: Math.min(box.minX - side, ...labels.map((l) => l.x - half(l))),
      maxX: Math.max(box.maxX + side, ...labels.map((l) => l.x + half(l))),
      minY: Math.min(box.minY - HEX_R, ...ys.map((y) => y - HEX_R * 0.5)),
      maxY: Math.max(box.maxY + HEX_R, ...ys.map((y) => y + HEX_R * 0.5)),
    };
  }

  colIndex(letters) {
    let k = 0;
    for (const ch of letters) k = k * 26 + (ch.charCodeAt(0) - 96);
    return k - 1;
  }

  // The board is one stop in the tab order (the "rover": the cell last reached by the arrow keys
  // while it is playable, else the first playable one); the arrow keys walk the playable cells
  // (nextPlayable). The other playable cells, and a focused cell no longer playable, take the
  // focus only from there. (No focus listener on the cells: Chromium makes any SVG element with
  // one a stop of the tab order.)
  rove(i) {
    const playable = this.playable || new Set();
    this.rover = playable.has(i) ? i : (playable.size ? Math.min(...playable) : null);
    const focused = this.nodes.indexOf(document.activeElement);
    this.nodes.forEach((node, k) => {
      if (k === this.rover) node.setAttribute("tabindex", "0");
      else if (playable.has(k) || k === focused) node.setAttribute("tabindex", "-1");
      else node.removeAttribute("tabindex");
    });
  }

  // The playable cell nearest to cell i in the direction of an arrow key (left, right, up or
  // down on the screen), or null if there is none that way.
  nextPlayable(i, key) {
    const [dx, dy] = HEX_KEY_STEPS[key];
    const [x0, y0] = this.pos[i];
    let best = null;
    let bestScore = Infinity;
    for (const k of this.playable || []) {
      const ax = this.pos[k][0] - x0;
      const ay = this.pos[k][1] - y0;
      const along = ax * dx + ay * dy; // how far the key's way
      const across = Math.abs(ax * dy - ay * dx); // how far off it
      if (k === i || along < HEX_R * 0.5) continue;
      const score = along + 2 * across;
      if (score < bestScore) { best = k; bestScore = score; }
    }
    return best;
  }

  cellIndex(name) {
    const i = this.byName[String(name).trim().toLowerCase()];
    return i === undefined ? -1 : i;
  }

  // p: {cells: codes per cell, legal: [cells], dests: [cells], potentials: [numbers or null]};
  // marks: {last: {cells, effects, arrows}, pending: [cells], hint, highlight: {key: [cells]},
  // arrows: [[from, to]], numbers: {cell: text}, circled: [cells], counts: {cell: number}
  // (a number written on the cell itself, below its centre: China Grove's exits in a picture)}
  draw(p, marks) {
    marks = marks || {};
    const { pos, nodes, gStones, gMarks } = this;
    gStones.innerHTML = "";
    gMarks.innerHTML = "";
    const legend = this.opts.legend || {};
    const colours = this.opts.colours || [];
    const names = this.board.cells.map((c) => c.name);
    const describe = names.map(() => "empty");
    p.cells.forEach((code, i) => {
      if (code === "." || code === "") return;
      const [x, y] = pos[i];
      const c = legend[code[0]];
      if (c !== undefined) {
        hexEl("circle", { class: "stone", cx: x, cy: y, r: HEX_R * 0.72, fill: hexFill(colours[c]), "data-colour": c }, gStones);
        if (code.length > 1) {
          const t = hexEl("text", { class: "stone-label", x, y, fill: colours[c].toLowerCase() === "white" ? "#222" : "#fff" }, gStones);
          t.textContent = code.slice(1);
        }
        describe[i] = colours[c] + (code.length > 1 ? ` ${code.slice(1)}` : "");
      } else {
        hexEl("text", { class: "glyph", x, y }, gStones).textContent = code;
        describe[i] = code;
      }
    });
    const legal = new Set(p.legal || []);
    const dests = new Set(p.dests || []);
    const removals = new Set(p.removals || []);
    this.playable = new Set([...legal, ...dests, ...removals]);
    nodes.forEach((node, i) => {
      const playable = this.playable.has(i);
      node.classList.toggle("legal", legal.has(i));
      node.classList.toggle("dest", dests.has(i) || removals.has(i));
      node.classList.toggle("remove", removals.has(i));
      const [x, y] = pos[i];
      // on a labyrinth the dot sits where the exits meet: larger there, so that it stands out
      if (legal.has(i)) hexEl("circle", { class: "dot", cx: x, cy: y, r: HEX_R * (this.exits ? 0.3 : 0.18) }, gMarks);
      if (removals.has(i)) {
        const d = HEX_R * 0.22;
        hexEl("rect", { class: "remove-mark", x: x - d, y: y - d, width: 2 * d, height: 2 * d }, gMarks);
      }
      if (dests.has(i)) {
        const d = HEX_R * 0.3;
        hexEl("polygon", { class: "dest-mark", points: `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}` }, gMarks);
      }
      let label = `${names[i]}${i === this.centre ? " (the centre)" : ""}: ${describe[i]}`;
      if (removals.has(i)) label += ", in a snake you may remove";
      else if (dests.has(i)) label += ", a destination you can choose";
      else if (legal.has(i)) label += ", playable";
      if (this.opts.onCell) node.setAttribute("role", "button");
      node.setAttribute("aria-label", label);
      node.querySelector("title").textContent = label;
    });
    if (this.opts.onCell) this.rove(this.rover);
    if (p.potentials) {
      p.potentials.forEach((v, i) => {
        if (v === null || v === undefined || v === 0) return; // zero: nothing to do there
        const [x, y] = pos[i];
        const t = hexEl("text", { class: "potential" + (v >= 1 ? " positive" : ""), x: x + HEX_R * 0.5, y: y - HEX_R * 0.5, "data-cell": i }, gMarks);
        t.textContent = v > 0 ? `+${v}` : String(v);
      });
    }
    const last = marks.last;
    if (last) {
      for (const i of last.cells || []) {
        const [x, y] = pos[i];
        hexEl("circle", { class: "last-mark", cx: x, cy: y, r: HEX_R * 0.84 }, gMarks);
      }
      // what else the last turn changed: removals, captures, the end-of-game fill (a cross)
      for (const i of last.effects || []) {
        const [x, y] = pos[i];
        const d = HEX_R * 0.42;
        hexEl("path", { class: "effect-mark", d: `M${x - d},${y - d} L${x + d},${y + d} M${x + d},${y - d} L${x - d},${y + d}` }, gMarks);
      }
      for (const [a, b] of last.arrows || []) this.arrow(a, b, "last-arrow");
    }
    for (const [a, b] of marks.arrows || []) this.arrow(a, b, "pending-arrow");
    (marks.pending || []).forEach((a, k) => {
      if (a < 0 || a >= pos.length) return;
      const [x, y] = pos[a];
      hexEl("circle", { class: "pending-mark", cx: x, cy: y, r: HEX_R * 0.86 }, gMarks);
      this.badge(x, y, String(k + 1));
    });
    for (const [i, text] of Object.entries(marks.numbers || {})) {
      const [x, y] = pos[Number(i)];
      this.badge(x, y, String(text));
    }
    for (const [i, text] of Object.entries(marks.counts || {})) {
      const [x, y] = pos[Number(i)];
      hexEl("text", { class: "cell-count", x, y: y + HEX_R * 0.45 }, gMarks).textContent = String(text);
    }
    for (const i of marks.circled || []) {
      const [x, y] = pos[i];
      hexEl("polygon", { class: "focus-mark", points: hexPoints(x, y, HEX_R * 0.92) }, gMarks);
    }
    this.hinted = null;
    if (marks.hint !== undefined && marks.hint !== null && marks.hint < pos.length) {
      this.hinted = marks.hint;
      // a thick diamond (its own shape, not only its colour) on a white halo, so that it stands
      // out on a stone of any colour, and the cell's name for a screen reader says it too
      const [x, y] = pos[marks.hint];
      const d = HEX_R * 0.78;
      const points = `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}`;
      hexEl("polygon", { class: "hint-halo", points }, gMarks);
      hexEl("polygon", { class: "hint-mark", points }, gMarks);
      const label = nodes[marks.hint].getAttribute("aria-label") + ", the hint's suggestion";
      nodes[marks.hint].setAttribute("aria-label", label);
      nodes[marks.hint].querySelector("title").textContent = label;
    }
    Object.entries(marks.highlight || {}).forEach(([key, cells], k) => {
      for (const i of cells) {
        hexEl("polygon", { class: "hl", "data-key": key, points: hexPoints(pos[i][0], pos[i][1], HEX_R * (0.95 - 0.12 * k)),
          stroke: HEX_HL[k % HEX_HL.length] }, gMarks);
      }
    });
    this.placeLabels();
    this.liftHeatValue();
  }

  // A number in the order of a turn's clicks (or of China Grove's checkers) on the cell at
  // (x, y): white on a green disc at the cell's top right, on its ring, so that it reads as an
  // order and not as one of Throngs' potentials (coloured words on a white edge). The disc is
  // sized to its number in placeLabels, which runs again when the words are rescaled.
  badge(x, y, text) {
    const bx = x + HEX_R * 0.6, by = y - HEX_R * 0.58;
    hexEl("circle", { class: "pending-badge", cx: bx, cy: by, r: HEX_R * 0.3 }, this.gMarks);
    hexEl("text", { class: "pending-num", x: bx, y: by }, this.gMarks).textContent = text;
  }

  // Move each potential (Throngs) off the marks that say a cell can be played (the dot, a
  // destination's diamond, a removal's square: never covered), the rings around cells (the last
  // move, the stone being moved), the arrows, and the numbers and other labels drawn: the first
  // free place of its cell, from its corner to its centre, at its size or smaller. Where a ring
  // leaves no room, the label may cross the ring, never a mark. Run again when the words are
  // rescaled.
  placeLabels() {
    if (!this.svg.getBoundingClientRect().width) return;
    // each number's disc just larger than its number, at the words' present size
    for (const t of this.gMarks.querySelectorAll("text.pending-num")) {
      const disc = t.previousElementSibling;
      if (!disc || !disc.classList.contains("pending-badge")) continue;
      const b = t.getBBox();
      disc.setAttribute("r", (Math.max(b.width, b.height * 0.8) / 2 + 2).toFixed(1));
    }
    const labels = [...this.gMarks.querySelectorAll("text.potential")];
    if (!labels.length) return;
    const rings = [...this.gMarks.querySelectorAll("circle.pending-mark, circle.last-mark")].map((c) => ({
      x: +c.getAttribute("cx"), y: +c.getAttribute("cy"), r: +c.getAttribute("r"),
      w: parseFloat(getComputedStyle(c).strokeWidth) || 3 }));
    // the playable marks as discs around them (a diamond's and a square's corners included)
    const marks = [...this.gMarks.querySelectorAll("circle.dot, polygon.dest-mark, rect.remove-mark")].map((m) => {
      const b = m.getBBox();
      const r = m.tagName === "rect" ? Math.hypot(b.width, b.height) / 2 : b.width / 2;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2, r };
    });
    // the numbers' discs, with a gap around them, so that a potential never reads as one with a
    // number beside it ("+1" by "1")
    const gap = 0.3 * parseFloat(getComputedStyle(labels[0]).fontSize || "14");
    for (const c of this.gMarks.querySelectorAll("circle.pending-badge")) {
      marks.push({ x: +c.getAttribute("cx"), y: +c.getAttribute("cy"), r: +c.getAttribute("r") + gap });
    }
    const boxes = [...this.gMarks.querySelectorAll("text.pending-num, text.cell-count"),
      ...this.gStones.querySelectorAll("text.stone-label")].map((t) => t.getBBox());
    // the arrows of a turn (a line, then its head past the line's end), as segments with a width
    const arrows = [...this.gMarks.querySelectorAll("line.last-arrow, line.pending-arrow")].map((l) => {
      const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => +l.getAttribute(k));
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ext = HEX_R * 0.3 / len;
      return { x1, y1, x2: x2 + (x2 - x1) * ext, y2: y2 + (y2 - y1) * ext, w: HEX_R * 0.22 };
    });
    const halo = 1.5; // half the white stroke drawn around the words
    // the corners, then further out in them (clear of a dot for words drawn large on a phone)
    const spots = [[0.5, -0.5], [-0.5, -0.5], [0.5, 0.5], [-0.5, 0.5], [0.6, -0.6], [-0.6, -0.6],
      [0.6, 0.6], [-0.6, 0.6], [0, -0.45], [0, 0.45], [0, -0.3], [0, 0.3], [-0.3, 0], [0.3, 0], [0, 0]];
    // smaller sizes where there is no room, but none smaller on the screen than the row numbers
    // and column letters of a phone's board (9 px high)
    labels[0].style.fontSize = "";
    const full = labels[0].getBoundingClientRect().height;
    const sizes = [1, 0.8, 0.65].filter((size, k) => k === 0 || size * full >= 9);
    for (const t of labels) {
      const [cx, cy] = this.pos[Number(t.dataset.cell)];
      const put = (size, [dx, dy]) => {
        t.style.fontSize = size === 1 ? "" : `calc(14px * var(--text-scale, 1) * ${size})`;
        t.setAttribute("x", cx + HEX_R * dx);
        t.setAttribute("y", cy + HEX_R * dy);
        const b = t.getBBox();
        return { x: b.x - halo, y: b.y - halo, width: b.width + 2 * halo, height: b.height + 2 * halo };
      };
      const free = (box, strict) => !marks.some((m) => hexDiscMeets(m, box)) &&
        !boxes.some((o) => hexBoxesMeet(o, box)) &&
        !(strict && (rings.some((ring) => hexRingMeets(ring, box)) || arrows.some((a) => hexSegmentMeets(a, box))));
      let placed = null;
      for (const strict of [true, false]) {
        for (const size of sizes) {
          for (const spot of spots) {
            const box = put(size, spot);
            if (free(box, strict)) { placed = box; break; }
          }
          if (placed) break;
        }
        if (placed) break;
      }
      // no room anywhere clear of the marks: far out in the corner at the smallest size
      boxes.push(placed || put(sizes[sizes.length - 1], [0.6, -0.6]));
    }
  }

  // A heat map over the cells and under the stones and marks (drawing a position keeps it):
  // cells is {cell index: {value: 0 to 1, mark: true for a dot}}, or null to take it away.
  heat(cells) {
    if (!this.gHeat) {
      this.gHeat = hexEl("g", { class: "heat", "aria-hidden": "true" });
      this.svg.insertBefore(this.gHeat, this.gCells.nextSibling);
    }
    this.gHeat.innerHTML = "";
    if (!cells) {
      this.liftHeatValue(); // and the hinted cell's value drawn above the mark
      return;
    }
    for (const [key, c] of Object.entries(cells)) {
      const i = Number(key);
      if (!(i >= 0 && i < this.pos.length)) continue;
      const [x, y] = this.pos[i];
      const v = Math.min(1, Math.max(0, Number(c.value)));
      hexEl("polygon", { class: "heat-cell", points: hexPoints(x, y, HEX_R * 0.97), fill: hexHeatColour(v),
        "data-index": i, "data-value": v.toFixed(4) }, this.gHeat);
      const t = hexEl("text", { class: "heat-value" + (Math.abs(v - 0.5) > 0.3 ? " on-dark" : ""), x, y: y + HEX_R * 0.5,
        "data-cell": i }, this.gHeat);
      t.textContent = String(Math.round(100 * v));
      if (c.mark) hexEl("circle", { class: "heat-mark", cx: x - HEX_R * 0.45, cy: y - HEX_R * 0.42, r: HEX_R * 0.13, "data-cell": i }, this.gHeat);
    }
    this.liftHeatValue();
  }

  // The heat map's value (and dot) of the cell the hint's mark is on, drawn again above the
  // mark, the value on a patch of its cell's colour, and hidden under it: the diamond's lower
  // corner runs through the value's place and its edge past the dot. Runs after each drawing of
  // the position or of the heat map, and when the words are rescaled (the patch fits the value).
  liftHeatValue() {
    this.gLifted.innerHTML = "";
    if (!this.gHeat) return;
    for (const n of this.gHeat.querySelectorAll(".under-hint")) n.classList.remove("under-hint");
    if (this.hinted === null) return;
    const cell = this.gHeat.querySelector(`.heat-cell[data-index="${this.hinted}"]`);
    if (!cell) return;
    const patch = hexEl("rect", { class: "lifted-patch", fill: cell.getAttribute("fill") }, this.gLifted);
    for (const n of this.gHeat.querySelectorAll(`[data-cell="${this.hinted}"]`)) {
      const copy = n.cloneNode(true);
      copy.removeAttribute("data-cell");
      this.gLifted.appendChild(copy);
      n.classList.add("under-hint");
      if (!n.classList.contains("heat-value")) continue;
      const b = this.svg.getBoundingClientRect().width ? copy.getBBox() : null;
      const [x, y] = this.pos[this.hinted];
      const w = b && b.width ? b.width + 4 : HEX_R * 0.6, h = b && b.height ? b.height + 1 : HEX_R * 0.4;
      const cy = b && b.height ? b.y + b.height / 2 : y + HEX_R * 0.5;
      for (const [k, v] of Object.entries({ x: x - w / 2, y: cy - h / 2, width: w, height: h, rx: 3 })) {
        patch.setAttribute(k, v.toFixed(1));
      }
    }
  }

  arrow(a, b, cls) {
    if (a < 0 || b < 0 || a >= this.pos.length || b >= this.pos.length) return;
    const [x1, y1] = this.pos[a];
    const [x2, y2] = this.pos[b];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const sx = x1 + (x2 - x1) * HEX_R * 0.3 / len, sy = y1 + (y2 - y1) * HEX_R * 0.3 / len;
    const ex = x2 - (x2 - x1) * HEX_R * 0.35 / len, ey = y2 - (y2 - y1) * HEX_R * 0.35 / len;
    hexEl("line", { class: cls, x1: sx, y1: sy, x2: ex, y2: ey, "marker-end": `url(#arrowhead-${this.id})` }, this.gMarks);
  }
}

// The decisions a position offers, split for drawing: cells to play on, actions aimed at a cell
// (Throngs' destinations "-c4", Scrunch's removals "xc4"), and the other special actions (swap,
// stop, a colour) as buttons.
function hexSplitActions(board, p) {
  const dests = [];
  const buttons = [];
  const byName = {};
  board.cells.forEach((c, i) => { byName[c.name] = i; });
  for (const s of p.specials || []) {
    const m = /^([-x])([a-z]+[0-9]+)$/.exec(s.name);
    if (m && m[2] in byName) dests.push({ cell: byName[m[2]], action: s.action, kind: m[1] === "x" ? "remove" : "dest" });
    else buttons.push(s);
  }
  return { legal: p.legal || [], dests, buttons };
}

/* A request to the server's JSON API: the parsed answer, or an Error carrying the server's
   message and the HTTP status. The seat token, where given, goes in its header. */
async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let resp;
  try {
    resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new Error("the server cannot be reached; it may be restarting");
  }
  let data = null;
  try { data = await resp.json(); } catch (e) { data = null; }
  if (!resp.ok) {
    const err = new Error((data && data.error) || `request failed (${resp.status})`);
    err.status = resp.status;
    throw err;
  }
  return data;
}
