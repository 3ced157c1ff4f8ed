// hexarena web app: the rules pages (/rules/GAME) and the guided first games (/learn/GAME).
// Every board here is a real position that the server built through the engine; the guided
// game sends each click to the engine, which accepts it or says why not.
"use strict";

const T = { game: null, mode: null, data: null, boards: {}, step: 0, partial: [], pending: null, done: false, focus: -1 };

const tq = (id) => document.getElementById(id);

function tNode(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function tMessage(text) {
  const m = tq("message");
  m.textContent = text;
  m.hidden = false;
  clearTimeout(tMessage.timer);
  tMessage.timer = setTimeout(() => { m.hidden = true; }, 8000);
}

function tLink(text, href, cls) {
  const a = tNode("a", text, cls);
  a.href = href;
  return a;
}

// A board drawn from a position the server sent: {cells, legal, specials, potentials, last,
// highlight, board_key}.
function tDraw(hex, p, extra) {
  const split = hexSplitActions(hex.board, p);
  let arrows = p.last ? p.last.arrows : [];
  if (p.last && p.last.journeys && p.last.journeys.length) {
    arrows = [];
    for (const path of p.last.journeys) for (let k = 1; k < path.length; k++) arrows.push([path[k - 1], path[k]]);
  }
  const last = p.last ? { cells: p.last.ring, effects: p.last.effects, arrows } : null;
  hex.draw({ cells: p.cells, legal: split.legal, dests: split.dests.filter((d) => d.kind === "dest").map((d) => d.cell),
    removals: split.dests.filter((d) => d.kind === "remove").map((d) => d.cell), potentials: p.potentials },
    Object.assign({ last, numbers: p.last ? p.last.numbers : {}, highlight: p.highlight || {} }, extra || {}));
  return split;
}

function tBoard(parent, key, label, onCell) {
  const wrap = tNode("div", undefined, "diagram-board");
  const rows = new Set(T.data.boards[key].cells.map((c) => c.r));
  if (rows.size > 9) wrap.classList.add("tall");
  const svg = document.createElementNS(HEX_SVGNS, "svg");
  wrap.appendChild(svg);
  parent.appendChild(wrap);
  return new HexBoard(svg, T.data.boards[key], { colours: T.data.colours, legend: T.data.legend, label, onCell });
}

async function tNav() {
  const nav = tq("teach-games");
  let meta;
  try { meta = await api("GET", "/api/meta"); } catch (e) { return; }
  for (const g of meta.games) {
    const a = tLink(g.title, `/${T.mode}/${g.name}`);
    if (g.name === T.game) a.setAttribute("aria-current", "page");
    nav.appendChild(a);
  }
}

// ------------------------------------------------------------------ rules
// The words of the rules page (d: /api/rules/GAME/text), at once: each section's pictures are
// drawn into its place holder when they come (renderPictures).
function renderRules(d) {
  document.title = `How to play ${d.title} — hexarena`;
  tq("t-title").textContent = `How to play ${d.title}`;
  tq("t-summary").textContent = d.summary;
  const links = tq("t-links");
  links.innerHTML = "";
  if (d.guide_steps) links.appendChild(tLink("Guided first game", `/learn/${d.game}`, "button primary"));
  links.appendChild(tLink(`Play ${d.title}`, `/?game=${d.game}`, "button"));
  const body = tq("t-body");
  body.innerHTML = "";
  const toc = tNode("ol", undefined, "toc");
  for (const sec of d.sections) {
    const li = tNode("li");
    li.appendChild(tLink(sec.title, `#${sec.id}`));
    toc.appendChild(li);
  }
  const li = tNode("li");
  li.appendChild(tLink("Options", "#options"));
  toc.appendChild(li);
  body.appendChild(toc);
  for (const sec of d.sections) {
    const s = tNode("section", undefined, "rule");
    s.id = sec.id;
    s.appendChild(tNode("h2", sec.title));
    for (const p of sec.text) s.appendChild(tNode("p", p));
    if (sec.pictures) {
      const wait = tNode("p", sec.pictures > 1 ? "(pictures coming)" : "(picture coming)", "pictures-wait");
      s.appendChild(wait);
    }
    body.appendChild(s);
  }
  const opt = tNode("section", undefined, "rule");
  opt.id = "options";
  opt.appendChild(tNode("h2", "Options"));
  const dl = tNode("dl", undefined, "options");
  for (const o of d.options) {
    dl.appendChild(tNode("dt", o.name.replace(/_/g, " ") + (o.default !== null ? ` (default ${o.default})` : "")));
    dl.appendChild(tNode("dd", o.text));
  }
  for (const [k, text] of Object.entries(d.notes || {})) {
    dl.appendChild(tNode("dt", k === "pie" ? "the swap" : k));
    dl.appendChild(tNode("dd", text));
  }
  opt.appendChild(dl);
  body.appendChild(opt);
  tToHash();
}

// The section named in the address, brought into sight; again once the pictures have come in
// above it and moved it down, unless the reader has scrolled meanwhile.
function tToHash() {
  if (!location.hash || (T.scrolledTo !== undefined && T.scrolledTo !== window.scrollY)) return;
  const target = document.getElementById(location.hash.slice(1));
  if (target) target.scrollIntoView();
  T.scrolledTo = window.scrollY;
}

// Each section's pictures (T.data: /api/rules/GAME), in place of its place holder.
function renderPictures() {
  const d = T.data;
  for (const sec of d.sections) {
    const s = document.getElementById(sec.id);
    if (!s) continue;
    const wait = s.querySelector(".pictures-wait");
    if (wait) wait.remove();
    sec.diagrams.forEach((dg, k) => {
      const fig = tNode("figure", undefined, "diagram");
      s.appendChild(fig);
      const hex = tBoard(fig, dg.board_key, `${sec.title}: picture ${k + 1}`);
      tDraw(hex, dg, { circled: dg.circled || [], counts: dg.counts || null });
      const cap = tNode("figcaption", dg.caption);
      if (dg.seats) cap.prepend(tSeats(dg.seats));
      const legend = tLegend(dg.highlight);
      if (legend) cap.appendChild(legend);
      fig.appendChild(cap);
      const moves = tNode("details", undefined, "moves-used");
      moves.appendChild(tNode("summary", "moves to this position"));
      moves.appendChild(tNode("code", dg.moves.join(" ") || "(none: the empty board)"));
      fig.appendChild(moves);
    });
  }
  tToHash();
}

// The answer to `request` (a promise), with a word on the page while it comes when the server
// said the game's engine is not ready (`ready`, from the words' answer): the positions of the
// pictures and of the guided game are built by the engine, which the server loads once (and
// compiles on its first start after an install or update: a minute or two for a game, while the
// computer players are being prepared too). `what` names what will appear once it is ready.
async function tWaitFor(request, title, what, ready) {
  if (ready) return request;
  const box = tq("t-wait");
  const began = Date.now();
  const say = () => {
    const seconds = Math.round((Date.now() - began) / 1000);
    box.textContent = `Preparing the rules engine${title ? " of " + title : ""}: the server ` +
      `loads each game's engine once, and compiles it on its first start after an install or ` +
      `update, which can take a minute or two. ${what} as soon as it is ready (${seconds} s so far).`;
    box.hidden = false;
  };
  say();
  const timer = setInterval(say, 1000);
  try {
    return await request;
  } finally {
    clearInterval(timer);
    box.hidden = true;
  }
}

// The colour to play now, with its swatch (the player's number left out: in a guided game the
// newcomer plays both sides in turn), or nothing while no colour acts (Throngs' set-up).
function tTurn(node, who) {
  node.innerHTML = "";
  const colour = who.split(" ")[0];
  node.hidden = !T.data.colours.includes(colour);
  if (node.hidden) return;
  node.appendChild(document.createTextNode("To play: "));
  const sw = tNode("span", undefined, "swatch");
  sw.style.background = hexFill(colour);
  node.appendChild(sw);
  node.appendChild(tNode("strong", ` ${colour}`));
}

// What the outlines on a board mean (a game's outcome, such as Gyre's loop), each in its colour,
// or null when nothing is outlined.
function tLegend(highlight) {
  const keys = Object.keys(highlight || {});
  if (!keys.length) return null;
  const list = tNode("ul", undefined, "hl-legend");
  keys.forEach((key, k) => {
    const li = tNode("li");
    li.dataset.key = key;
    const sw = tNode("span", undefined, "hl-swatch");
    sw.style.borderColor = HEX_HL[k % HEX_HL.length];
    li.appendChild(sw);
    const words = (T.data.highlight_words || {})[key] || key.replace(/_/g, " ");
    li.appendChild(document.createTextNode(` outlined: ${words}`));
    list.appendChild(li);
  });
  return list;
}

// Who plays which colour in a picture (a swap changes it), and whose turn it is.
function tSeats(seats) {
  const list = tNode("ul", undefined, "seats");
  for (const s of seats) {
    const li = tNode("li", undefined, s.to_act ? "to-act" : "");
    const sw = tNode("span", undefined, "swatch");
    sw.style.background = hexFill(s.colour);
    li.appendChild(sw);
    li.appendChild(document.createTextNode(` Player ${s.player}: ${s.colour || "no colour yet"}${s.to_act ? " (to play)" : ""}`));
    list.appendChild(li);
  }
  return list;
}

// ------------------------------------------------------------------ guided game
function renderStep() {
  const d = T.data;
  T.focus = -1;
  const step = d.steps[T.step];
  document.title = `Learn ${d.title}: step ${T.step + 1} — hexarena`;
  tq("t-title").textContent = `${d.title}: a guided first game`;
  tq("t-summary").textContent = `Step ${T.step + 1} of ${d.steps.length}`;
  const links = tq("t-links");
  links.innerHTML = "";
  links.appendChild(tLink(`Rules of ${d.title}`, `/rules/${d.game}`, "button"));
  links.appendChild(tLink(`Play ${d.title}`, `/?game=${d.game}`, "button"));
  const body = tq("t-body");
  body.innerHTML = "";
  const box = tNode("section", undefined, "guided");
  box.dataset.step = String(T.step + 1);
  const aim = tNode("p", undefined, "aim");
  aim.appendChild(tNode("strong", "The aim: "));
  aim.appendChild(document.createTextNode(d.summary));
  box.appendChild(aim);
  // the step's number just above its request, which the page keeps in sight (tStepInSight),
  // where the one under the title may be scrolled away
  box.appendChild(tNode("p", `Step ${T.step + 1} of ${d.steps.length}`, "step-no"));
  box.appendChild(tAsk(step.ask, d.boards[step.board_key]));
  const turn = tNode("p", "", "turn");
  turn.id = "t-turn";
  box.appendChild(turn);
  const prompt = tNode("p", "", "prompt");
  prompt.id = "t-prompt";
  box.appendChild(prompt);
  T.hex = tBoard(box, step.board_key, `${d.title} guided step ${T.step + 1}`, onStepCell);
  const legend = tNode("div", undefined, "legend");
  legend.id = "t-legend";
  box.appendChild(legend);
  const buttons = tNode("div", undefined, "buttons");
  buttons.id = "t-specials";
  box.appendChild(buttons);
  const fb = tNode("p", "", "feedback");
  fb.id = "t-feedback";
  fb.setAttribute("role", "status");
  box.appendChild(fb);
  const nav = tNode("div", undefined, "buttons");
  const again = tNode("button", "Again");
  again.id = "t-again";
  again.addEventListener("click", () => { resetStep(); });
  nav.appendChild(again);
  const show = tNode("button", "Show me");
  show.id = "t-show";
  show.title = "Play this step's turn for me";
  show.addEventListener("click", () => { showAnswer(); });
  nav.appendChild(show);
  const next = tNode("button", T.step + 1 < d.steps.length ? "Next step" : "Finished: play a game", "primary");
  next.id = "t-next";
  next.addEventListener("click", () => {
    if (T.step + 1 < d.steps.length) {
      T.step += 1;
      history.replaceState(null, "", `#step-${T.step + 1}`);
      renderStep();
    } else location.href = `/?game=${d.game}`;
  });
  nav.appendChild(next);
  box.appendChild(nav);
  body.appendChild(box);
  resetStep();
  tStepInSight();
}

// Bring the step's number and request, its board and its buttons into sight together when they
// are not (a phone's screen, a step taller than what is left below the title): from the game's
// aim where that fits too, else from the step's number.
function tStepInSight() {
  const ask = document.querySelector(".guided .step-no").getBoundingClientRect();
  const end = tq("t-next").getBoundingClientRect().bottom;
  if (ask.top >= 0 && end <= window.innerHeight) return;
  const aim = document.querySelector(".guided").getBoundingClientRect().top;
  window.scrollBy(0, (end - aim <= window.innerHeight ? aim : ask.top) - 2);
}

// The request of a step, with every cell it names shown on the board while pointed at (or
// tapped): a newcomer need not know the board's coordinates yet.
function tAsk(text, board) {
  const p = tNode("p", undefined, "ask");
  const names = new Set(board.cells.map((c) => c.name));
  for (const part of text.split(/\b([a-z][0-9]{1,2})\b/)) {
    if (!names.has(part)) { p.appendChild(document.createTextNode(part)); continue; }
    const ref = tNode("span", part, "cellref");
    ref.tabIndex = 0;
    ref.title = `${part}: shown on the board`;
    const on = () => { T.focus = T.hex.cellIndex(part); drawStep(); };
    const off = () => { T.focus = -1; drawStep(); };
    ref.addEventListener("mouseenter", on);
    ref.addEventListener("focus", on);
    ref.addEventListener("mouseleave", off);
    ref.addEventListener("blur", off);
    ref.addEventListener("click", on);
    p.appendChild(ref);
  }
  return p;
}

// The engine's refusal, without what the board already shows (the move as typed, and the list of
// what may be played: the marks).
function tRefusal(text) {
  return text.replace(/^move '[^']*': /, "").replace(/; [^;]* may play: .*$/, "").replace(/^[-x](?=[a-z])/, "");
}

function resetStep() {
  T.partial = [];
  T.pending = null;
  T.done = false;
  const fb = tq("t-feedback");
  if (fb) { fb.textContent = ""; fb.dataset.kind = ""; }
  drawStep();
}

function drawStep() {
  const step = T.data.steps[T.step];
  const p = T.pending || step;
  const shown = T.done ? Object.assign({}, p, { legal: [], specials: [], potentials: null }) : p;
  const split = tDraw(T.hex, shown, { pending: T.done ? [] : T.partial.filter((a) => a < T.hex.pos.length),
    circled: T.focus >= 0 ? [T.focus] : [] });
  tq("t-prompt").textContent = T.done ? "" : (p.prompt || "");
  tTurn(tq("t-turn"), T.done ? "" : (p.to_act_name || ""));
  const legend = tq("t-legend");
  legend.innerHTML = "";
  const list = tLegend(shown.highlight);
  if (list) legend.appendChild(list);
  const box = tq("t-specials");
  box.innerHTML = "";
  if (!T.done) {
    for (const s of split.buttons) {
      const b = tNode("button", s.name, "special");
      b.addEventListener("click", () => tryAction(s.action));
      box.appendChild(b);
    }
  }
  tq("t-next").disabled = !T.done;
  document.body.dataset.partial = String(T.partial.length);
  document.body.dataset.done = T.done ? "yes" : "no";
}

// A click on a cell: the cell's action, or its destination while a stone is on its way. A cell
// that no destination reaches is sent as a destination all the same, so that the engine says why
// (Throngs numbers destinations like the cells, after them).
function onStepCell(i) {
  if (T.done || document.body.dataset.busy === "yes") return;
  const p = T.pending || T.data.steps[T.step];
  const split = hexSplitActions(T.hex.board, p);
  const dest = split.dests.find((d) => d.cell === i);
  const moving = split.dests.find((d) => d.kind === "dest");
  if (dest) tryAction(dest.action);
  else if (moving && !split.legal.includes(i)) tryAction(moving.action - moving.cell + i);
  else tryAction(i);
}

// Plays the step's answer, one action after another, for a player who is stuck.
async function showAnswer() {
  resetStep();
  for (const a of T.data.steps[T.step].answer) {
    await new Promise((ok) => setTimeout(ok, 350));
    await tryAction(a);
  }
}

async function tryAction(a) {
  const fb = tq("t-feedback");
  document.body.dataset.busy = "yes";
  try {
    const r = await api("POST", `/api/learn/${T.game}/${T.step + 1}`, { actions: T.partial.concat([a]) });
    T.partial.push(a);
    T.pending = r;
    if (r.ok === false) {  // legal, but not what the step asks: start the turn again
      fb.textContent = r.message;
      fb.dataset.kind = "wrong";
      T.partial = [];
      T.pending = null;
    } else if (r.complete) {
      T.done = r.ok;
      fb.textContent = r.message;
      fb.dataset.kind = "ok";
    } else {
      fb.textContent = "";
      fb.dataset.kind = "";
    }
  } catch (e) {
    fb.textContent = `Refused by the rules: ${tRefusal(e.message)}.`;
    fb.dataset.kind = "refused";
  }
  document.body.dataset.busy = "no";
  drawStep();
  // what was said stands under the board, which may be taller than the screen (China Grove's
  // labyrinth): bring it into sight, with the buttons under it
  if (fb.dataset.kind) tq("t-next").scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ start
window.addEventListener("DOMContentLoaded", async () => {
  tq("message").addEventListener("click", () => { tq("message").hidden = true; });
  const m = /^\/(rules|learn)\/([^/]+)$/.exec(location.pathname);
  if (!m) return;
  T.mode = m[1];
  T.game = m[2];
  tNav();
  // the words come from no engine, at once; the positions may wait for the engine (tWaitFor)
  const full = api("GET", `/api/${T.mode}/${T.game}`);
  full.catch(() => {}); // its failure is reported below, once the words have come
  let text;
  try {
    text = await api("GET", `/api/rules/${T.game}/text`);
    if (T.mode === "rules") renderRules(text);
    else {
      tq("t-title").textContent = `${text.title}: a guided first game`;
      tq("t-summary").textContent = text.summary;
    }
    T.data = await tWaitFor(full, text.title, T.mode === "rules" ? "The pictures appear" : "The board appears",
      text.engine_ready);
  } catch (e) {
    if (!text) {
      tq("t-title").textContent = "Not found";
      tq("t-summary").textContent = e.message;
    } else tMessage(e.message);
    return;
  }
  const deep = /^#step-([0-9]+)$/.exec(location.hash);
  if (deep && T.data.steps) T.step = Math.max(0, Math.min(T.data.steps.length - 1, Number(deep[1]) - 1));
  if (T.mode === "rules") renderPictures(); else renderStep();
  document.body.dataset.ready = "yes";
});

// A step named in the address after the page has loaded (a link to #step-3, the address edited):
// go there, as a fresh load of that address would.
window.addEventListener("hashchange", () => {
  const deep = /^#step-([0-9]+)$/.exec(location.hash);
  if (T.mode !== "learn" || !T.data || !T.data.steps || !deep) return;
  const k = Math.max(0, Math.min(T.data.steps.length - 1, Number(deep[1]) - 1));
  if (k !== T.step) {
    T.step = k;
    renderStep();
  }
});
