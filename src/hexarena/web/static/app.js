// hexarena web app: the new-game page and the game page (board, turn building, moves, replay).
// Plain JavaScript, no build step. The server is the authority on rules: legal actions after a
// partly built turn come from /continuations, and a turn is sent whole with the version seen.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const R = 30; // hex radius in SVG units
const SQ3 = Math.sqrt(3);
const PAGE = 100; // turns per page of the move list
const COLOUR_FILL = { red: "#d8453b", blue: "#3b6fd8", black: "#26262a", white: "#f7f5ee", green: "#3a9a55",
  yellow: "#e8c547", orange: "#e98a2b", purple: "#8a4fc7" };
const HL_COLOURS = ["#e0b000", "#7a3fd0", "#0a9396", "#d62828", "#3a86ff"];

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ small helpers
function showMessage(text, info) {
  const m = $("message");
  m.textContent = text;
  m.className = info ? "info" : "";
  m.hidden = false;
  clearTimeout(showMessage.timer);
  showMessage.timer = setTimeout(() => { m.hidden = true; }, info ? 4000 : 8000);
}

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

function fillOf(colourName) {
  if (!colourName) return "#999";
  return COLOUR_FILL[colourName.toLowerCase()] || "#888";
}

function el(tag, attrs, parent) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function seatName(view, s) {
  const seat = view.seats[s];
  const who = seat.kind === "computer" ? `computer (${seat.level})` : `player ${s + 1}`;
  return seat.colour_name ? `${seat.colour_name} (${who})` : who;
}

// ------------------------------------------------------------------ home page
const home = { meta: null };

function optionInput(o) {
  const wrap = html("label", o.name.replace(/_/g, " ") + " ");
  wrap.title = o.help;
  let input;
  if (o.kind === "flag") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = !!o.default;
  } else if (o.kind === "choice" || (o.kind === "int" && o.choices)) {
    input = document.createElement("select");
    for (const c of o.choices) {
      const opt = html("option", String(c));
      opt.value = String(c);
      if (String(c) === String(o.default)) opt.selected = true;
      input.appendChild(opt);
    }
  } else {
    input = document.createElement("input");
    if (o.kind === "int") {
      input.type = "number";
      if (o.minimum !== null) input.min = o.minimum;
      if (o.maximum !== null) input.max = o.maximum;
    } else {
      input.type = "text";
      input.placeholder = o.kind === "sides" ? "e.g. 3,4,3,4,3,4 (optional)" : "";
    }
    if (o.default !== null && o.default !== undefined) {
      input.value = Array.isArray(o.default) ? o.default.join(",") : String(o.default);
    }
  }
  input.dataset.option = o.name;
  input.dataset.kind = o.kind;
  input.id = "opt-" + o.name;
  wrap.appendChild(input);
  wrap.appendChild(html("span", " " + o.help, "hint-text"));
  return wrap;
}

function renderOptions() {
  const name = $("ng-game").value;
  const g = home.meta.games.find((x) => x.name === name);
  const box = $("ng-options");
  box.innerHTML = "";
  for (const o of g.options) box.appendChild(optionInput(o));
  $("ng-rules-link").href = `/rules/${name}#options`;
  $("ng-rules-link").textContent = `How to play ${g.title} (and its options)`;
  $("ng-learn-link").href = `/learn/${name}`;
}

function readOptions() {
  const options = {};
  for (const input of $("ng-options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "flag") options[input.dataset.option] = input.checked;
    else if (input.value.trim() !== "") {
      options[input.dataset.option] = kind === "int" ? Number(input.value) : input.value.trim();
    }
  }
  // a regular size and irregular sides exclude each other: irregular sides win when given
  if (options.sides && "size" in options) delete options.size;
  return options;
}

function modeChosen() {
  return document.querySelector("input[name=mode]:checked").value;
}

function saveCreated(created) {
  localStorage.setItem("hexarena-token-" + created.id, created.token);
  localStorage.setItem("hexarena-links-" + created.id, JSON.stringify(created.links));
}

async function startHome() {
  $("home").hidden = false;
  home.meta = await api("GET", "/api/meta");
  const sel = $("ng-game");
  for (const g of home.meta.games) {
    const opt = html("option", g.title);
    opt.value = g.name;
    sel.appendChild(opt);
  }
  const lv = $("ng-level");
  for (const name of home.meta.levels) {
    const opt = html("option", name);
    opt.value = name;
    if (name === home.meta.default_level) opt.selected = true;
    lv.appendChild(opt);
  }
  const wanted = /[?&]game=([a-z-]+)/.exec(location.search);
  if (wanted && home.meta.games.some((g) => g.name === wanted[1])) sel.value = wanted[1];
  for (const g of home.meta.games) {
    const li = html("li");
    const a = html("a", g.title);
    a.href = `/rules/${g.name}`;
    li.appendChild(a);
    li.appendChild(html("span", " · "));
    const b = html("a", "guided first game");
    b.href = `/learn/${g.name}`;
    li.appendChild(b);
    $("howto-list").appendChild(li);
  }
  sel.addEventListener("change", renderOptions);
  renderOptions();
  for (const r of document.querySelectorAll("input[name=mode]")) {
    r.addEventListener("change", () => { $("ng-computer").hidden = modeChosen() !== "computer"; });
  }
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { game: sel.value, options: readOptions(), mode: modeChosen() };
    if (body.mode === "computer") {
      body.level = lv.value;
      body.seat = Number($("ng-seat").value);
    }
    try {
      const created = await api("POST", "/api/games", body);
      saveCreated(created);
      location.href = `/game/${created.id}`;
    } catch (e) { showMessage(e.message); }
  });
  $("import-file").addEventListener("change", async () => {
    const f = $("import-file").files[0];
    if (f) $("import-text").value = await f.text();
  });
  $("import-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { record: $("import-text").value, mode: $("import-mode").value };
    if (body.mode === "computer") body.level = lv.value;
    try {
      const created = await api("POST", "/api/games/import", body);
      saveCreated(created);
      location.href = `/game/${created.id}`;
    } catch (e) { showMessage(e.message); }
  });
  const recent = await api("GET", "/api/games?limit=20");
  const list = $("recent");
  if (!recent.games.length) list.appendChild(html("li", "no games yet", "muted"));
  for (const g of recent.games) {
    const li = html("li");
    const a = html("a", `${g.title} (${Object.entries(g.options).map(([k, v]) => k + " " + v).join(", ")})`);
    a.href = g.link;
    li.appendChild(a);
    const mine = localStorage.getItem("hexarena-token-" + g.id) ? ", yours" : "";
    const status = g.result === "*" ? "in play" : `${g.result}, ${g.reason}`;
    li.appendChild(html("span", ` ${g.mode}${mine}: ${g.turns} turns, ${status}`, "muted"));
    list.appendChild(li);
  }
}

// ------------------------------------------------------------------ game page
const G = {
  id: null,
  token: null,
  view: null, // the server's view of the live game
  board: null,
  partial: [], // actions of the turn being built
  pending: null, // the server's answer for the partial turn (cells, legal, specials)
  replay: null, // turn number shown when stepping through, or null for the live game
  replayData: null,
  pageStart: null, // first turn of the move-list page shown, null for the last page
  hints: null,
  busy: false,
  geometry: null,
  resignArmed: false,
};

function pixel(q, r) {
  return [R * SQ3 * (q + r / 2), -R * 1.5 * r];
}

function hexPoints(x, y) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k + 30);
    pts.push(`${(x + R * Math.cos(a)).toFixed(2)},${(y + R * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function columnLetters(k) {
  let out = "";
  k += 1;
  while (k) {
    const rem = (k - 1) % 26;
    out = String.fromCharCode(97 + rem) + out;
    k = Math.floor((k - 1) / 26);
  }
  return out;
}

function buildBoard() {
  const svg = $("board");
  svg.innerHTML = "";
  const cells = G.board.cells;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  const pos = cells.map((c) => pixel(c.q, c.r));
  for (const [x, y] of pos) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = R * 2.2;
  svg.setAttribute("viewBox", `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`);
  const adjacency = G.board.adjacency;
  const meanDegree = (2 * adjacency.length) / Math.max(1, cells.length);
  const extra = G.board.extra || {};
  // a labyrinth's exits are drawn as paths between cell centres; on solid boards they would clutter
  const exits = "exits" in extra || meanDegree < 3.5;
  svg.classList.toggle("exits", exits);
  const gCells = el("g", { class: "cells" }, svg);
  const gLinks = el("g", { class: "links" }, svg);
  const gStones = el("g", { class: "stones" }, svg);
  const gMarks = el("g", { class: "marks" }, svg);
  const gCoords = el("g", { class: "coords" }, svg);
  const byName = {};
  cells.forEach((c, i) => { byName[c.name] = i; });
  const nodes = cells.map((c, i) => {
    const [x, y] = pos[i];
    const g = el("g", { class: "cell", "data-index": i, "data-name": c.name }, gCells);
    el("polygon", { points: hexPoints(x, y) }, g);
    const title = el("title", {}, g);
    title.textContent = c.name;
    g.addEventListener("click", () => onCellClick(i));
    return g;
  });
  for (const [a, b] of exits ? adjacency : []) {
    const [x1, y1] = pos[byName[a]];
    const [x2, y2] = pos[byName[b]];
    el("line", { class: "link", x1, y1, x2, y2 }, gLinks);
  }
  // coordinates: each row's number right of its last cell, each column's letter below-left
  const rmin = Math.min(...cells.map((c) => c.r));
  const qmin = Math.min(...cells.map((c) => c.q));
  const rows = {}, cols = {};
  for (const c of cells) {
    if (!(c.r in rows) || c.q > rows[c.r]) rows[c.r] = c.q;
    if (!(c.q in cols) || c.r < cols[c.q]) cols[c.q] = c.r;
  }
  for (const [r, q] of Object.entries(rows)) {
    const [x, y] = pixel(Number(q) + 1, Number(r));
    const t = el("text", { class: "coord", x: x - R * 0.35, y }, gCoords);
    t.textContent = String(Number(r) - rmin + 1);
  }
  for (const [q, r] of Object.entries(cols)) {
    const [x, y] = pixel(Number(q), Number(r) - 1);
    const t = el("text", { class: "coord", x: x + R * 0.25, y: y - R * 0.25 }, gCoords);
    t.textContent = columnLetters(Number(q) - qmin);
  }
  G.geometry = { pos, nodes, gStones, gMarks };
}

function drawPosition(p, lastMove, outcome) {
  const { pos, nodes, gStones, gMarks } = G.geometry;
  gStones.innerHTML = "";
  gMarks.innerHTML = "";
  const legend = G.view.legend;
  const colours = G.view.colours;
  p.cells.forEach((code, i) => {
    if (code === "." || code === "") return;
    const [x, y] = pos[i];
    const c = legend[code[0]];
    if (c !== undefined) {
      el("circle", { class: "stone", cx: x, cy: y, r: R * 0.72, fill: fillOf(colours[c]), "data-colour": c }, gStones);
      if (code.length > 1) {
        const t = el("text", { class: "stone-label", x, y, fill: colours[c].toLowerCase() === "white" ? "#222" : "#fff" }, gStones);
        t.textContent = code.slice(1);
      }
    } else {
      const t = el("text", { class: "glyph", x, y }, gStones);
      t.textContent = code;
    }
    const title = nodes[i].querySelector("title");
    title.textContent = `${G.board.cells[i].name}: ${c !== undefined ? colours[c] : code}`;
  });
  const legal = new Set(p.legal || []);
  nodes.forEach((node, i) => {
    const on = legal.has(i);
    node.classList.toggle("legal", on);
    if (on) {
      const [x, y] = pos[i];
      el("circle", { class: "dot", cx: x, cy: y, r: R * 0.18 }, gMarks);
    }
    if (!p.cells[i] || p.cells[i] === ".") node.querySelector("title").textContent = G.board.cells[i].name;
  });
  if (lastMove) {
    for (const i of lastMove.cells) {
      const [x, y] = pos[i];
      el("circle", { class: "last-mark", cx: x, cy: y, r: R * 0.84 }, gMarks);
    }
    // what else the last move changed: removals, captures, the end-of-game fill
    for (const i of lastMove.effects || []) {
      const [x, y] = pos[i];
      el("circle", { class: "effect-mark", cx: x, cy: y, r: R * 0.5 }, gMarks);
    }
  }
  if (G.replay === null) {
    G.partial.forEach((a, k) => {
      if (a >= G.board.cells.length) return;
      const [x, y] = pos[a];
      el("circle", { class: "pending-mark", cx: x, cy: y, r: R * 0.86 }, gMarks);
      const t = el("text", { class: "pending-num", x: x + R * 0.55, y: y - R * 0.5 }, gMarks);
      t.textContent = String(k + 1);
    });
    if (G.hints && G.hints.length) {
      const a = G.hints[0].action;
      if (a < G.board.cells.length) {
        const [x, y] = pos[a];
        el("circle", { class: "hint-mark", cx: x, cy: y, r: R * 0.6 }, gMarks);
      }
    }
  }
  if (outcome) {
    Object.entries(outcome.highlight || {}).forEach(([key, cells], k) => {
      for (const i of cells) {
        el("polygon", { class: "hl", "data-key": key, points: hexPoints(pos[i][0], pos[i][1]),
          stroke: HL_COLOURS[k % HL_COLOURS.length], transform: "" }, gMarks);
      }
    });
  }
}

function statusOf(view) {
  if (view.outcome) {
    return ["over", `Game over: ${view.outcome.winner_colour} (player ${view.outcome.winner + 1}) wins`];
  }
  const s = view.to_act;
  const seat = view.seats[s];
  const who = view.to_act_name;
  if (view.you.includes(s) && seat.kind === "human") {
    if (view.you.length === 2) return ["your-turn", `${who} to move`];
    return ["your-turn", seat.colour_name ? `Your turn: you play ${seat.colour_name}` : `Your turn (player ${s + 1})`];
  }
  if (seat.kind === "computer") {
    return ["thinking", view.thinking ? `The computer (${seat.level}) is thinking…` : `The computer (${seat.level}) is to move`];
  }
  if (view.you.length) return ["waiting", `Waiting for ${who}`];
  return ["watching", `${who} to move (you are watching)`];
}

function myTurn() {
  const v = G.view;
  return v && !v.outcome && G.replay === null && v.you.includes(v.to_act) && v.seats[v.to_act].kind === "human";
}

function renderPlayers() {
  const v = G.view;
  const box = $("players");
  box.innerHTML = "";
  for (const s of [0, 1]) {
    const seat = v.seats[s];
    const row = html("div", undefined, "seat");
    row.dataset.seat = s;
    if (!v.outcome && v.to_act === s) row.classList.add("to-act");
    const sw = html("span", undefined, "swatch");
    sw.style.background = seat.colour_name ? fillOf(seat.colour_name) : "repeating-linear-gradient(45deg,#ccc,#ccc 3px,#fff 3px,#fff 6px)";
    row.appendChild(sw);
    const who = seat.kind === "computer" ? `Computer (${seat.level})` : `Player ${s + 1}`;
    const colour = seat.colour_name ? seat.colour_name : "colour not chosen yet";
    const you = v.you.includes(s) && v.you.length === 1 ? " — you" : "";
    const score = v.outcome && seat.colour_name && v.outcome.score[seat.colour_name] !== undefined
      ? ` — ${v.outcome.score[seat.colour_name]}` : "";
    row.appendChild(html("span", `${who}: ${colour}${you}${score}`));
    box.appendChild(row);
  }
}

function valueText(val) {
  if (val && typeof val === "object" && !Array.isArray(val)) {
    return Object.entries(val).map(([k, v]) => `${k} ${valueText(v)}`).join(", ");
  }
  if (Array.isArray(val)) return val.map(valueText).join(" ");
  return String(val);
}

function renderGameOver() {
  const v = G.view;
  const o = v.outcome;
  $("gameover").hidden = !o;
  if (!o) return;
  $("go-winner").textContent = `${o.winner_colour} (player ${o.winner + 1}) wins ${o.result}`;
  $("go-reason").textContent = o.reason.charAt(0).toUpperCase() + o.reason.slice(1) + ".";
  const table = $("go-score");
  table.innerHTML = "";
  for (const [k, val] of Object.entries(o.score || {})) {
    const tr = html("tr");
    tr.appendChild(html("td", k));
    tr.appendChild(html("td", valueText(val)));
    table.appendChild(tr);
  }
  for (const [k, val] of Object.entries(o.details || {})) {
    if (k in (o.highlight || {}) || k === "resigned") continue;
    const tr = html("tr");
    tr.appendChild(html("td", k.replace(/_/g, " ")));
    tr.appendChild(html("td", valueText(val)));
    table.appendChild(tr);
  }
  const ul = $("go-highlight");
  ul.innerHTML = "";
  const effects = (v.last_move && v.last_move.effects) || [];
  if (effects.length) {
    const li = html("li", `changed by the last move (dashed): ${effects.map((i) => G.board.cells[i].name).join(" ")}`);
    li.className = "effects";
    ul.appendChild(li);
  }
  Object.entries(o.highlight || {}).forEach(([key, cells], k) => {
    const li = html("li", `${key.replace(/_/g, " ")}: ${cells.map((i) => G.board.cells[i].name).join(" ")}`);
    li.style.color = HL_COLOURS[k % HL_COLOURS.length];
    ul.appendChild(li);
  });
}

function renderControls() {
  const v = G.view;
  const mine = myTurn();
  const p = G.pending || v;
  const specials = $("specials");
  specials.innerHTML = "";
  if (mine && !G.busy) {
    for (const s of p.specials || []) {
      const b = html("button", s.name, "special");
      b.dataset.action = s.action;
      b.addEventListener("click", () => onAction(s.action));
      specials.appendChild(b);
    }
  }
  $("turn-build").hidden = G.partial.length === 0;
  $("partial-text").textContent = G.pending ? G.pending.text : "";
  $("hint-btn").disabled = !mine || G.busy;
  $("undo-btn").hidden = v.mode === "online" || !v.you.length;
  $("undo-btn").disabled = !v.can_undo || G.busy;
  $("resign-btn").hidden = !v.you.length;
  $("resign-btn").disabled = !!v.outcome || G.busy;
  $("resign-btn").textContent = G.resignArmed ? "Really resign?" : "Resign";
  $("export-link").href = `/api/games/${G.id}/record`;
  $("rules-link").href = `/rules/${v.game}`;
  $("rules-link").textContent = `Rules of ${v.title}`;
  const [state, text] = statusOf(v);
  const st = $("status");
  st.dataset.state = G.replay !== null ? "replay" : state;
  st.textContent = G.replay !== null ? `Replay: after turn ${G.replay} of ${v.turns}` : text;
  if (v.computer_error) st.textContent += ` (${v.computer_error})`;
  document.title = `${state === "your-turn" && G.replay === null ? "● " : ""}${v.title} — hexarena`;
}

function renderHints() {
  const box = $("hints");
  box.hidden = !G.hints;
  box.innerHTML = "";
  if (!G.hints) return;
  box.appendChild(html("h3", "Hint"));
  const ol = html("ol");
  for (const h of G.hints) {
    let text = h.text;
    if (h.visits !== undefined) text += ` — tried ${h.visits} times, value ${(100 * h.value).toFixed(0)}%`;
    if (h.proven) text += ` (proven ${h.proven})`;
    ol.appendChild(html("li", text));
  }
  box.appendChild(ol);
}

function renderShare() {
  const links = JSON.parse(localStorage.getItem("hexarena-links-" + G.id) || "null");
  const box = $("share-links");
  box.innerHTML = "";
  const add = (label, path) => {
    const l = html("label", label);
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = location.origin + path;
    input.className = "share-link";
    input.dataset.label = label;
    input.addEventListener("focus", () => input.select());
    l.appendChild(input);
    box.appendChild(l);
  };
  if (links && G.view.mode === "online") {
    for (const [s, path] of Object.entries(links.seats)) {
      if (G.view.you.includes(Number(s))) continue;
      add(`Player ${Number(s) + 1}'s link (send it to your opponent)`, path);
    }
  }
  add("Spectators' link", `/game/${G.id}`);
  $("share").hidden = false;
}

async function loadMoves() {
  const v = G.view;
  const start = G.pageStart === null ? "" : G.pageStart;
  const page = await api("GET", `/api/games/${G.id}/moves?count=${PAGE}&start=${start}`);
  const list = $("moves");
  list.innerHTML = "";
  list.start = page.start + 1;
  for (const m of page.moves) {
    const li = html("li", `${v.colours[m.colour] || "player " + (m.seat + 1)}: ${m.text}`);
    li.dataset.turn = m.index + 1;
    if (G.replay === m.index + 1) li.classList.add("current");
    li.addEventListener("click", () => setReplay(m.index + 1));
    list.appendChild(li);
  }
  $("moves-count").textContent = `(${page.total} turns)`;
  $("pg-label").textContent = page.total ? `${page.start + 1}–${page.start + page.moves.length}` : "";
  $("pg-older").disabled = page.start === 0;
  $("pg-newer").disabled = page.start + page.moves.length >= page.total;
  G.pageInfo = page;
  if (G.pageStart === null && G.replay === null) list.scrollTop = list.scrollHeight;
}

function render() {
  const v = G.view;
  $("g-title").textContent = v.title;
  $("g-options").textContent = `${v.option_text} — ${{ computer: "against the computer", local: "two players on this screen", online: "online" }[v.mode]}`;
  renderPlayers();
  renderGameOver();
  renderControls();
  renderHints();
  if (G.replay !== null && G.replayData) {
    drawPosition({ cells: G.replayData.cells, legal: [] }, G.replayData.last_move, G.replayData.outcome);
  } else {
    const p = G.pending || v;
    drawPosition(myTurn() && !G.busy ? p : { cells: p.cells, legal: [] }, G.pending ? null : v.last_move, v.outcome);
  }
  $("rp-label").textContent = G.replay === null ? "live" : `turn ${G.replay}/${v.turns}`;
  $("rp-prev").disabled = (G.replay === null ? v.turns : G.replay) === 0;
  $("rp-first").disabled = (G.replay === null ? v.turns : G.replay) === 0;
  $("rp-next").disabled = G.replay === null;
  $("rp-last").disabled = G.replay === null;
  document.body.dataset.version = v.version;
  document.body.dataset.partial = G.partial.length;
  document.body.dataset.busy = G.busy ? "yes" : "no";
}

async function refresh() {
  const v = await api("GET", `/api/games/${G.id}`, undefined, G.token);
  if (G.view && v.version < G.view.version) return; // an older answer overtaken by a newer one
  const changed = !G.view || v.version !== G.view.version;
  if (changed && G.partial.length && !G.busy) {
    G.partial = [];
    G.pending = null;
  }
  if (changed) G.hints = null;
  const movesChanged = !G.view || v.turns !== G.view.turns;
  G.view = v;
  if (changed) G.resignArmed = false;
  // the move list first, so that the page is consistent once it shows the new version
  if (movesChanged && (G.pageStart === null || G.pageStart + PAGE > v.turns)) await loadMoves();
  render();
}

async function onCellClick(i) {
  if (!myTurn() || G.busy) return;
  const p = G.pending || G.view;
  if (!(p.legal || []).includes(i)) return;
  await onAction(i);
}

async function onAction(a) {
  if (!myTurn() || G.busy) return;
  setBusy(true);
  G.hints = null;
  G.partial.push(a);
  try {
    const cont = await api("POST", `/api/games/${G.id}/continuations`, { actions: G.partial }, G.token);
    if (cont.complete) {
      await api("POST", `/api/games/${G.id}/moves`, { actions: G.partial, version: G.view.version }, G.token);
      G.partial = [];
      G.pending = null;
      try {
        await refresh();
      } finally {
        setBusy(false);
        render();
      }
      return;
    }
    G.pending = cont;
  } catch (e) {
    G.partial.pop();
    if (!G.partial.length) G.pending = null;
    showMessage(e.message);
    if (e.status === 409) {
      G.partial = [];
      G.pending = null;
      setBusy(false);
      await refresh();
      return;
    }
  }
  setBusy(false);
  render();
}

function setBusy(busy) {
  G.busy = busy;
  document.body.dataset.busy = busy ? "yes" : "no";
}

function cancelTurn() {
  G.partial = [];
  G.pending = null;
  render();
}

async function setReplay(turn) {
  const v = G.view;
  if (turn === null || turn >= v.turns) {
    G.replay = null;
    G.replayData = null;
    render();
    await loadMoves();
    return;
  }
  turn = Math.max(0, turn);
  try {
    G.replayData = await api("GET", `/api/games/${G.id}/position?turn=${turn}`);
    G.replay = turn;
    G.partial = [];
    G.pending = null;
    if (turn < (G.pageInfo ? G.pageInfo.start : 0) || turn > (G.pageInfo ? G.pageInfo.start + PAGE : 0)) {
      G.pageStart = Math.max(0, Math.floor((turn - 1) / PAGE) * PAGE);
    }
    render();
    await loadMoves();
  } catch (e) { showMessage(e.message); }
}

async function doChange(path, body) {
  if (G.busy) return;
  setBusy(true);
  try {
    await api("POST", `/api/games/${G.id}/${path}`, { version: G.view.version, ...(body || {}) }, G.token);
  } catch (e) { showMessage(e.message); }
  G.partial = [];
  G.pending = null;
  G.resignArmed = false;
  try {
    await refresh();
  } finally {
    setBusy(false);
    render();
  }
}

function listen() {
  if (!window.EventSource) {
    setInterval(() => refresh().catch(() => {}), 3000);
    return;
  }
  const es = new EventSource(`/api/games/${G.id}/events`);
  es.addEventListener("update", (ev) => {
    const data = JSON.parse(ev.data);
    if (!G.view || data.version !== G.view.version || data.thinking !== G.view.thinking) {
      refresh().catch((e) => showMessage(e.message));
    }
  });
  es.addEventListener("open", () => { document.body.dataset.live = "yes"; });
  es.addEventListener("error", () => { document.body.dataset.live = "no"; });
}

async function startGame(id) {
  G.id = id;
  const m = /token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    localStorage.setItem("hexarena-token-" + id, m[1]);
    history.replaceState(null, "", `/game/${id}`);
  }
  G.token = localStorage.getItem("hexarena-token-" + id);
  $("gameview").hidden = false;
  try {
    G.board = await api("GET", `/api/games/${id}/board`);
  } catch (e) {
    showMessage(e.message);
    $("g-title").textContent = "No such game";
    return;
  }
  buildBoard();
  await refresh();
  if (G.token && !G.view.you.length) {
    showMessage("This browser's seat token does not belong to this game: you are watching.", true);
  }
  renderShare();
  listen();
  $("cancel-turn").addEventListener("click", cancelTurn);
  $("undo-btn").addEventListener("click", () => doChange("undo"));
  $("resign-btn").addEventListener("click", () => {
    if (!G.resignArmed) {
      G.resignArmed = true;
      renderControls();
      return;
    }
    const body = {};
    if (G.view.you.length === 2) body.seat = G.view.to_act;
    doChange("resign", body);
  });
  $("hint-btn").addEventListener("click", async () => {
    if (!myTurn() || G.busy) return;
    $("hint-btn").disabled = true;
    $("hint-btn").textContent = "Thinking…";
    try {
      const h = await api("POST", `/api/games/${G.id}/hint`, { actions: G.partial }, G.token);
      G.hints = h.suggestions;
    } catch (e) { showMessage(e.message); }
    $("hint-btn").textContent = "Hint";
    render();
  });
  $("rp-first").addEventListener("click", () => setReplay(0));
  $("rp-prev").addEventListener("click", () => setReplay((G.replay === null ? G.view.turns : G.replay) - 1));
  $("rp-next").addEventListener("click", () => setReplay(G.replay + 1));
  $("rp-last").addEventListener("click", () => setReplay(null));
  $("pg-older").addEventListener("click", () => {
    G.pageStart = Math.max(0, (G.pageInfo ? G.pageInfo.start : 0) - PAGE);
    loadMoves();
  });
  $("pg-newer").addEventListener("click", () => {
    const next = (G.pageInfo ? G.pageInfo.start : 0) + PAGE;
    G.pageStart = next + PAGE >= G.view.turns ? null : next;
    loadMoves();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") cancelTurn();
  });
}

window.addEventListener("DOMContentLoaded", () => {
  $("message").addEventListener("click", () => { $("message").hidden = true; });
  const m = /^\/game\/([A-Za-z0-9]+)$/.exec(location.pathname);
  (m ? startGame(m[1]) : startHome()).catch((e) => showMessage(e.message));
});
