// hexarena web app: the game page (board, turn building, moves, replay) and the small helpers
// the new-game page (home.js) shares. Plain JavaScript, no build step. The server is the
// authority on rules: legal actions after a partly built turn come from /continuations, and a
// turn is sent whole with the version seen.
"use strict";

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

// Take the message down (its reader dismissed it, or what it answered has changed).
function hideMessage() {
  clearTimeout(showMessage.timer);
  $("message").hidden = true;
}

function fillOf(colourName) {
  if (!colourName) return "#999";
  return COLOUR_FILL[colourName.toLowerCase()] || "#888";
}

function html(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function seatName(view, s) {
  const seat = view.seats[s];
  const who = seat.kind === "computer" ? `computer (${seat.level})` : seat.name || `player ${s + 1}`;
  return seat.colour_name ? `${seat.colour_name} (${who})` : who;
}

// ------------------------------------------------------------------ game page
const G = {
  id: null,
  token: null,
  view: null, // the server's view of the live game
  board: null,
  partial: [], // actions of the turn being built
  seen: null, // {version, turns} of the game when the turn being built was begun
  pending: null, // the server's answer for the partial turn (cells, legal, specials)
  replay: null, // turn number shown when stepping through, or null for the live game
  replayData: null,
  pageStart: null, // first turn of the move-list page shown, null for the last page
  movesLoading: null, // the move list being loaded for a new version (a promise), else null
  movesAsked: 0, // move lists asked for: only the answer to the last one asked is shown
  hints: null,
  busy: false,
  geometry: null,
  resignArmed: false,
  invited: null, // the open seat an invitation being read offers, until taken or declined
};

function buildBoard() {
  G.hex = new HexBoard($("board"), G.board, { colours: G.view ? G.view.colours : [], legend: G.view ? G.view.legend : {},
    onCell: (i) => onCellClick(i), label: "game board: click a marked cell (or Tab to the board, walk its marked cells with the arrow keys and press Enter), or type its name below" });
}

// Marks of a turn: the cells to ring, the stones' journeys (arrows), numbered checkers.
function lastMarks(m) {
  if (!m) return null;
  return { cells: m.ring || m.cells || [], effects: m.effects || [], arrows: journeyArrows(m) };
}

// A stone's path as arrows from landing site to landing site (Throngs' dispatches), or the
// turn's plain arrows (Scrunch's step) where no path is known.
function journeyArrows(m) {
  if (m.journeys && m.journeys.length) {
    const out = [];
    for (const path of m.journeys) for (let k = 1; k < path.length; k++) out.push([path[k - 1], path[k]]);
    return out;
  }
  return m.arrows || [];
}

// The cell a hint points at: the cell itself, or the cell a destination or removal aims at.
function hintCell(h, split) {
  if (h.action < G.board.cells.length) return h.action;
  const d = split.dests.find((x) => x.action === h.action);
  return d ? d.cell : null;
}

function drawPosition(p, lastMove, outcome) {
  G.hex.opts.colours = G.view.colours;
  G.hex.opts.legend = G.view.legend;
  const split = hexSplitActions(G.board, p);
  const live = G.replay === null;
  const pendingMarks = live && G.pending ? G.pending.marks : null;
  const marks = {
    last: lastMarks(lastMove),
    numbers: lastMove && lastMove.numbers ? lastMove.numbers : (pendingMarks ? pendingMarks.numbers : {}),
    pending: live ? G.partial.filter((a) => a < G.board.cells.length) : [],
    arrows: pendingMarks ? pendingMarks.arrows : [],
    hint: live && G.hints && G.hints.length ? hintCell(G.hints[0], split) : null,
    highlight: outcome ? outcome.highlight || {} : {},
  };
  const showPot = G.showPotentials && live && p.potentials;
  G.hex.draw({ cells: p.cells, legal: split.legal, dests: split.dests.filter((d) => d.kind === "dest").map((d) => d.cell),
    removals: split.dests.filter((d) => d.kind === "remove").map((d) => d.cell),
    potentials: showPot ? p.potentials : null }, marks);
}

// Who won, in the words of the one reading it: [who wins, the colour and player beside it].
// A person holding one seat reads "you win" or who beat them (the computer at its level, the
// other person by name); two players on one screen and watchers read the colour.
function winnerWords(view) {
  const o = view.outcome;
  if (view.you.length !== 1) return [`${o.winner_colour} (player ${o.winner + 1}) wins`, ""];
  const colour = ` (${o.winner_colour}, player ${o.winner + 1})`;
  const seat = view.seats[o.winner];
  if (view.you[0] === o.winner) return ["you win", colour];
  const who = seat.kind === "computer" ? `the computer (${seat.level})` : seat.name || "your opponent";
  return [`${who} wins`, colour];
}

function statusOf(view) {
  if (view.outcome) {
    const [who, colour] = winnerWords(view);
    return ["over", `Game over: ${who}${colour}`];
  }
  const s = view.to_act;
  const seat = view.seats[s];
  const who = view.to_act_name;
  if (view.you.includes(s) && seat.kind === "human") {
    if (view.you.length === 2) return ["your-turn", `${who} to move`];
    if (!seat.colour_name) return ["your-turn", `Your turn (player ${s + 1})`];
    const swapped = swappedBy(view, s);
    return ["your-turn", swapped ? `Your turn: you play ${seat.colour_name} now (${swapped})` : `Your turn: you play ${seat.colour_name}`];
  }
  if (seat.kind === "computer") {
    const w = view.warming;
    if (view.thinking && w && !w.ready) {
      return ["thinking", `The computer (${seat.level}) is getting ready: compiling its search for this game (${w.games_ready} of ${w.games} games ready)…`];
    }
    return ["thinking", view.thinking ? `The computer (${seat.level}) is thinking…` : `The computer (${seat.level}) is to move`];
  }
  if (view.you.length) return ["waiting", `Waiting for ${who}`];
  if (G.invited !== null && G.invited >= 0 && !view.seats[G.invited].claimed) return ["invited", invitedText(view, G.invited)];
  return ["watching", `${who} to move (you are watching)`];
}

// What a swap just made by the other side did, for seat s to move after it ("" if the last turn
// was no swap): the colours traded, and the stones on the board went with their colour.
function swappedBy(view, s) {
  const last = view.last_move;
  if (!last || last.seat === s || !(view.special_actions || []).includes("swap") || last.text !== "swap") return "";
  const other = view.seats[last.seat];
  const who = other.kind === "computer" ? "the computer" : other.name || "your opponent";
  return `${who} swapped: ${who === "the computer" ? "it" : "they"} took ${other.colour_name} and the ${other.colour_name} stones on the board`;
}

// The turn after which the board shows the game: the turn replayed, or the live game's last.
function shownTurn() {
  return G.replay === null ? G.view.turns : G.replay;
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
    let who = seat.kind === "computer" ? `Computer (${seat.level})` : seat.name || `Player ${s + 1}`;
    if (!seat.claimed) who += " (not joined yet)";
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
  const [who, colour] = winnerWords(v);
  const named = v.seats[o.winner].name && who === `${v.seats[o.winner].name} wins`; // as written
  // without the record's result token ("1-0"), which a newcomer takes for the score
  $("go-winner").textContent = `${named ? who : who.charAt(0).toUpperCase() + who.slice(1)}${colour}`;
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
    const li = html("li", `changed by the last move (crosses): ${effects.map((i) => G.board.cells[i].name).join(" ")}`);
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
    for (const s of hexSplitActions(G.board, p).buttons) {
      const b = html("button", s.name, "special");
      b.dataset.action = s.action;
      if (G.replay === null && G.hints && G.hints.length && G.hints[0].action === s.action) {
        b.classList.add("hinted"); // the hint's best move has no cell: its button is marked
        b.setAttribute("aria-label", `${s.name}, the hint's suggestion`);
      }
      b.addEventListener("click", () => onAction(s.action));
      specials.appendChild(b);
    }
  }
  $("turn-build").hidden = G.partial.length === 0;
  $("partial-text").textContent = G.pending ? G.pending.text : "";
  $("hint-btn").hidden = !v.you.length; // a watcher has no seat to ask for
  $("hint-btn").disabled = !mine || G.busy;
  $("undo-btn").hidden = v.mode === "online" || !v.you.length;
  $("undo-btn").disabled = !v.can_undo || G.busy;
  $("resign-btn").hidden = !v.you.length;
  $("resign-btn").disabled = !!v.outcome || G.busy;
  $("resign-btn").textContent = G.resignArmed ? "Really resign?" : "Resign";
  $("export-link").href = `/api/games/${G.id}/record`;
  $("rules-link").href = `/rules/${v.game}`;
  $("howto-link").href = `/rules/${v.game}`;
  $("rules-link").textContent = `Rules of ${v.title}`;
  const showPrompt = mine && !G.busy && p.prompt;
  $("prompt").textContent = showPrompt ? p.prompt : "";
  $("prompt").hidden = !showPrompt;
  $("pot-wrap").hidden = !(mine && p.potentials);
  $("pot-toggle").checked = G.showPotentials;
  $("type-form").hidden = !mine;
  // an example of the game's own notation: a legal turn of the position shown (the server's)
  $("type-input").placeholder = G.partial.length || !v.move_example ? "a cell name" : `e.g. ${v.move_example}`;
  const [state, text] = statusOf(v);
  const st = $("status");
  st.dataset.state = G.replay !== null ? "replay" : state;
  st.textContent = G.replay !== null ? `Replay: after turn ${G.replay} of ${v.turns}` : text;
  if (v.computer_error) st.textContent += ` (${v.computer_error})`;
  document.title = `${state === "your-turn" && G.replay === null ? "● " : ""}${v.title} — hexarena`;
}

// Fewest tries of a suggestion whose value the hint shows.
const HINT_TRIES = 10;

function renderHints() {
  const box = $("hints");
  box.hidden = !G.hints;
  box.innerHTML = "";
  if (!G.hints) return;
  box.appendChild(html("h3", "Hint"));
  const ol = html("ol");
  for (const h of G.hints) {
    let text = h.text;
    // a value from a handful of playouts says nothing: below HINT_TRIES it is not shown
    if (h.visits !== undefined && h.visits < HINT_TRIES) text += ` — tried ${h.visits} times, too few to judge`;
    else if (h.visits !== undefined) text += ` — tried ${h.visits} times, value ${(100 * h.value).toFixed(0)}%`;
    if (h.proven) text += ` (proven ${h.proven})`;
    ol.appendChild(html("li", text));
  }
  box.appendChild(ol);
  if (G.hints.some((h) => h.visits !== undefined && h.visits >= HINT_TRIES)) {
    const c = G.view.to_act_colour;
    const who = c !== null && c >= 0 && G.view.colours[c] ? G.view.colours[c] : "the player to move";
    box.appendChild(html("p", `A value is the share of the computer's trial games after that move that ${who} won.`, "hint-text"));
  }
}

// Show the page of the move list asked for (G.pageStart). An answer that arrives after the
// answer to a later request (two requests on two connections) is dropped: it shows the game as
// it was before.
async function loadMoves() {
  const asked = ++G.movesAsked;
  const start = G.pageStart === null ? "" : G.pageStart;
  const page = await api("GET", `/api/games/${G.id}/moves?count=${PAGE}&start=${start}`);
  if (asked !== G.movesAsked) return;
  const v = G.view;
  const list = $("moves");
  list.innerHTML = "";
  list.start = page.start + 1;
  for (const m of page.moves) {
    const mine = v.you.length === 1 && v.you[0] === m.seat ? " (you)" : ""; // colours trade at a swap
    const li = html("li", `${v.colours[m.colour] || "player " + (m.seat + 1)}${mine}: ${m.text}`);
    li.dataset.turn = m.index + 1;
    if (G.replay === m.index + 1) li.classList.add("current");
    li.addEventListener("click", () => setReplay(m.index + 1));
    list.appendChild(li);
  }
  $("moves-count").textContent = `(${turnsText(page.total)})`;
  $("pg-label").textContent = page.total ? `${page.start + 1}–${page.start + page.moves.length}` : "";
  $("pg-older").disabled = page.start === 0;
  $("pg-newer").disabled = page.start + page.moves.length >= page.total;
  G.pageInfo = page;
  // the turn shown stays in sight in the list: the live game's last, or the turn replayed
  const current = list.querySelector("li.current");
  if (current) keepInList(list, current);
  else if (G.replay === 0) list.scrollTop = 0;
  else if (G.pageStart === null && G.replay === null) list.scrollTop = list.scrollHeight;
}

// Scroll the list (only the list, not the page) so that `item` is in sight with a line of the
// list around it where there is one.
function keepInList(list, item) {
  const box = list.getBoundingClientRect();
  const it = item.getBoundingClientRect();
  const margin = Math.min(it.height, box.height / 3);
  if (it.top - margin < box.top) list.scrollTop -= box.top - it.top + margin;
  else if (it.bottom + margin > box.bottom) list.scrollTop += it.bottom + margin - box.bottom;
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
  SwapMap.offer(swapMapMeans(v), swapDecided(v));
  if ($("refusal").dataset.version !== String(v.version)) $("refusal").hidden = true;
  $("rp-label").textContent = G.replay === null ? "live" : `turn ${G.replay}/${v.turns}`;
  $("rp-prev").disabled = shownTurn() === 0;
  $("rp-first").disabled = shownTurn() === 0;
  $("rp-next").disabled = G.replay === null;
  $("rp-last").disabled = G.replay === null;
  document.body.dataset.version = v.version;
  document.body.dataset.partial = G.partial.length;
  keepPartial();
  document.body.dataset.busy = G.busy ? "yes" : "no";
}

// Whether the swap map (the value of each opening) bears on the position shown: the first move
// is being decided, or the swap (offered once, on the second player's first turn, in a game with
// the swap). Later, and once the game is over, it would answer a question nobody is asking.
function swapMapMeans(v) {
  const shown = shownTurn();
  if (G.replay === null && v.outcome) return false;
  return shown === 0 || (shown === 1 && v.special_actions.includes("swap"));
}

// The cell of the first move played while the swap is decided (the position shown is the one
// after the first turn, in a game with the swap), or null: the swap map names its value, which
// its stone hides. The map values a first action; a first turn of several (China Grove's
// checkers) is more than the value of its first cell, so it is not named.
function swapDecided(v) {
  if (shownTurn() !== 1 || !v.special_actions.includes("swap")) return null;
  const first = G.replay === null ? v.last_move : G.replayData && G.replayData.last_move;
  return first && first.actions.length === 1 && first.cells.length === 1 ? G.board.cells[first.cells[0]].name : null;
}

// The clicks of a turn not yet whole are kept for this tab (sessionStorage), with the version of
// the game they were made in, so that a reload loses none of them (restorePartial).
function keepPartial() {
  const key = "hexarena-partial-" + G.id;
  if (G.partial.length && G.replay === null) {
    sessionStorage.setItem(key, JSON.stringify({ version: (G.seen || G.view).version, actions: G.partial }));
  } else {
    sessionStorage.removeItem(key);
  }
}

// The clicks kept by keepPartial before the page was loaded, or null.
function keptPartial() {
  try {
    const kept = JSON.parse(sessionStorage.getItem("hexarena-partial-" + G.id));
    if (kept && Number.isInteger(kept.version) && Array.isArray(kept.actions) &&
      kept.actions.length && kept.actions.every(Number.isInteger)) return kept;
  } catch (e) { /* nothing usable kept */ }
  return null;
}

// Take up a turn kept from before a reload, if the game is still where it was made and it is
// still this page's turn; the server says where the turn stands (nothing is played).
async function restorePartial(kept) {
  if (!kept || kept.version !== G.view.version || !myTurn()) return;
  try {
    const cont = await api("POST", `/api/games/${G.id}/continuations`, { actions: kept.actions }, G.token);
    if (cont.complete || G.view.version !== kept.version) return;
    G.partial = kept.actions;
    G.pending = cont;
    G.seen = { version: kept.version, turns: G.view.turns };
  } catch (e) { /* the turn no longer fits the game: it is dropped */ }
  render();
}

async function refresh() {
  const v = await api("GET", `/api/games/${G.id}`, undefined, G.token);
  if (G.view && v.version < G.view.version) return; // an older answer overtaken by a newer one
  const changed = !G.view || v.version !== G.view.version;
  let dropped = null; // the turn begun here, dropped: the game moved on (another tab, undo)
  if (changed && G.partial.length && !G.busy) {
    dropped = G.seen || (G.view && { version: G.view.version, turns: G.view.turns });
    G.partial = [];
    G.pending = null;
    G.seen = null;
  }
  if (changed) G.hints = null;
  const movesChanged = !G.view || v.turns !== G.view.turns;
  // a seat taken (the invitation used), or the game ended (or taken back to play by an undo),
  // changes the links the page offers
  const seatsChanged = G.view && G.view.seats.some((s, k) => s.claimed !== v.seats[k].claimed);
  const endChanged = G.view && !G.view.outcome !== !v.outcome;
  G.view = v;
  // the turn replayed is now the game's last, or no longer in it (an undo, here or elsewhere)
  if (G.replay !== null && G.replay >= v.turns) leaveReplay();
  if ((seatsChanged || endChanged) && !$("share").hidden) renderShare();
  if (changed) G.resignArmed = false;
  if (v.you.length) {
    rememberGame(myGameInfo(v));
  }
  // the move list first, so that the page is consistent once it shows the new version; a
  // refresh that finds the version already known waits for the list an earlier one is loading,
  // and every refresh for the list of the last one that asked for one
  if (movesChanged && (G.pageStart === null || G.pageStart + PAGE > v.turns)) {
    const load = loadMoves().finally(() => { if (G.movesLoading === load) G.movesLoading = null; });
    G.movesLoading = load;
  }
  while (G.movesLoading) await G.movesLoading;
  render();
  if (dropped) showMessage(movedOnText(dropped));
}

async function onCellClick(i) {
  if (!myTurn() || G.busy) return;
  const p = G.pending || G.view;
  if ((p.legal || []).includes(i)) {
    await onAction(i);
    return;
  }
  const dest = hexSplitActions(G.board, p).dests.find((d) => d.cell === i);
  if (dest) {
    await onAction(dest.action);
    return;
  }
  await explainRefusal(i);
}

// Why cell i is not playable after the actions of a turn begun (the turn begun on this page,
// unless typed text is being worked out), in the server's words (nothing changes).
async function explainRefusal(i, actions = G.partial, seen = G.partial.length && G.seen ? G.seen : seenNow()) {
  try {
    await api("POST", `/api/games/${G.id}/continuations`, { actions: actions.concat([i]), version: seen.version }, G.token);
  } catch (e) {
    if (e.status === 409) await conflict(e, seen);
    else showRefusal(e.message);
    return;
  }
  showRefusal(`${G.board.cells[i].name} is not playable now`);
}

// A refusal of what was clicked or typed, for a while; it answers the position it was made in,
// and goes once the game has changed (render: an undo, a resignation).
function showRefusal(text) {
  const r = $("refusal");
  r.textContent = text;
  r.hidden = false;
  r.dataset.version = String(G.view.version);
  clearTimeout(showRefusal.timer);
  showRefusal.timer = setTimeout(() => { r.hidden = true; }, 12000);
}

// Typed play: a cell name, a special action, or a whole move as the game writes it; each piece
// is matched against what is playable at that point. Nothing is played until the whole text is
// worked out: text that makes a whole turn plays it, text that begins one is kept as the turn
// begun, and text with anything past a whole turn, or a piece that is not playable, plays nothing.
function typedPieces(text) {
  const out = [];
  for (const tok of text.trim().toLowerCase().split(/[\s,:]+/)) {
    if (!tok) continue;
    const parts = tok.split(/(?=-)/);
    for (const p of parts) out.push(p);
  }
  return out;
}

function matchPiece(piece, p) {
  const split = hexSplitActions(G.board, p);
  for (const s of p.specials || []) if (s.name === piece) return s.action;
  const bare = piece.replace(/^-/, "");
  const i = G.hex.cellIndex(bare);
  if (i >= 0 && (p.legal || []).includes(i)) return i;
  const d = split.dests.find((x) => x.cell === i);
  if (d) return d.action;
  return i >= 0 ? -1 - i : null;
}

async function onTyped(ev) {
  ev.preventDefault();
  const input = $("type-input");
  const pieces = typedPieces(input.value);
  if (!myTurn() || G.busy) return; // nothing played: the text stays
  if (!pieces.length) { // Play pressed on an empty box: say what it takes, not nothing
    const example = G.partial.length || !G.view.move_example ? "" : `, e.g. ${G.view.move_example}`;
    showRefusal(`Type a cell name or a whole move first${example}`);
    input.focus();
    return;
  }
  const seen = G.partial.length && G.seen ? G.seen : seenNow(); // the turn is begun on this version
  const actions = [...G.partial];
  let at = G.pending || G.view;
  setBusy(true);
  G.hints = null;
  $("refusal").hidden = true;
  try {
    for (let k = 0; k < pieces.length; k++) {
      const piece = pieces[k];
      const a = matchPiece(piece, at);
      if (a === null && (G.view.special_actions || []).includes(piece)) { // the game's, not now
        const when = piece === "swap" ? ": the swap is offered once, to the second player on their first turn" : "";
        showRefusal(`${piece} cannot be played now${when}`);
        return;
      }
      if (a === null) {
        showRefusal(`${piece.slice(0, 20)} is not a cell of this board or an action of this game`);
        return;
      }
      if (a < 0) {
        await explainRefusal(-1 - a, actions, seen);
        return;
      }
      actions.push(a);
      const cont = await api("POST", `/api/games/${G.id}/continuations`, { actions, version: seen.version }, G.token);
      if (cont.complete) {
        if (k + 1 < pieces.length) {
          const done = pieces.slice(0, k + 1).join(" ");
          const left = pieces.slice(k + 1).join(" ");
          showRefusal(`the turn is whole after ${done.slice(0, 60)}; ${left.slice(0, 40)} is left over, so nothing was played (type one turn at a time)`);
          return;
        }
        await api("POST", `/api/games/${G.id}/moves`, { actions, version: seen.version }, G.token);
        G.partial = [];
        G.pending = null;
        G.seen = null;
        input.value = "";
        await refresh();
        return;
      }
      at = cont;
    }
    G.partial = actions; // the start of a turn: kept as the turn begun, to be finished
    G.pending = at;
    G.seen = seen;
    input.value = "";
  } catch (e) {
    if (e.status === 409) {
      await conflict(e, seen);
      return;
    }
    showMessage(e.message);
  } finally {
    setBusy(false);
    render();
  }
}

// The game as this page sees it now: the version a change or a turn begun now is made on.
function seenNow() {
  return { version: G.view.version, turns: G.view.turns };
}

// What a page hears when the game moved on between what it showed and a click (a turn taken in
// another tab or window of this seat, moves taken back there, the other side's turn).
function movedOnText(seen) {
  const v = G.view;
  const now = "the board now shows the game as it is, and nothing was played from this page";
  if (v.turns > seen.turns) {
    const moves = G.pageInfo ? G.pageInfo.moves : [];
    const taken = moves.filter((m) => m.index >= seen.turns && v.you.includes(m.seat));
    if (taken.length) {
      return `Your turn was already taken in another tab or window (${taken.map((m) => m.text).join(", ")}): ${now}.`;
    }
    return `The game moved on since this page last showed it (${turnsText(v.turns - seen.turns)} played): ${now}.`;
  }
  if (v.turns < seen.turns) return `Moves were taken back in another tab or window: ${now}.`;
  return `The game changed in another tab or window: ${now}.`;
}

// A turn or a change refused with 409: the game is shown as it is now, and the message says
// why (the game moved on since the version seen, or the server's own words: the game is over).
async function conflict(e, seen) {
  G.partial = [];
  G.pending = null;
  G.seen = null;
  setBusy(false);
  await refresh();
  showMessage(G.view.version !== seen.version ? movedOnText(seen) : e.message);
}

async function onAction(a) {
  if (!myTurn() || G.busy) return;
  setBusy(true);
  G.hints = null;
  $("refusal").hidden = true;
  if (!G.partial.length || !G.seen) G.seen = seenNow(); // the turn is begun on this version
  const seen = G.seen;
  G.partial.push(a);
  try {
    const cont = await api("POST", `/api/games/${G.id}/continuations`, { actions: G.partial, version: seen.version }, G.token);
    if (cont.complete) {
      await api("POST", `/api/games/${G.id}/moves`, { actions: G.partial, version: seen.version }, G.token);
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
    if (e.status === 409) {
      await conflict(e, seen);
      return;
    }
    G.partial.pop();
    if (!G.partial.length) G.pending = null;
    showMessage(e.message);
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
  G.seen = null;
  render();
}

// Show the live game again: the next drawing shows it (the turn replayed no longer marked).
function leaveReplay() {
  G.replay = null;
  G.replayData = null;
  for (const li of document.querySelectorAll("#moves li.current")) li.classList.remove("current");
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
  const seen = seenNow();
  G.resignArmed = false;
  try {
    await api("POST", `/api/games/${G.id}/${path}`, { version: seen.version, ...(body || {}) }, G.token);
  } catch (e) {
    if (e.status === 409) {
      await conflict(e, seen);
      return;
    }
    showMessage(e.message);
  }
  G.partial = [];
  G.pending = null;
  G.seen = null;
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
  setInterval(() => {  // while the computer compiles, its progress is polled
    if (G.view && G.view.thinking && G.view.warming && !G.view.warming.ready) refresh().catch(() => {});
  }, 2000);
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

// On a phone the status bar is fixed at the bottom of the screen: the page keeps room for it
// below its last control, and scrolling a control into view (a focus, a search) stops above it,
// whatever height the bar's words give it (--status-h, 0 where the bar is not fixed).
function keepRoomForStatus() {
  const st = $("status");
  const fit = () => {
    const fixed = getComputedStyle(st).position === "fixed";
    document.documentElement.style.setProperty("--status-h", `${fixed ? Math.ceil(st.getBoundingClientRect().height) : 0}px`);
  };
  if (window.ResizeObserver) new ResizeObserver(fit).observe(st);
  window.addEventListener("resize", fit);
  fit();
}

async function startGame(id) {
  G.id = id;
  keepRoomForStatus();
  // a seat link from before seat cookies (#token=...): kept in this browser, sent as a header
  const legacy = /^#token=([A-Za-z0-9_-]{1,100})$/.exec(location.hash);
  if (legacy) {
    localStorage.setItem("hexarena-token-" + id, legacy[1]);
    history.replaceState(null, "", `/game/${id}`);
  }
  G.token = localStorage.getItem("hexarena-token-" + id);
  G.showPotentials = localStorage.getItem("hexarena-potentials") !== "off";
  $("gameview").hidden = false;
  try {
    G.board = await api("GET", `/api/games/${id}/board`);
  } catch (e) {
    showMessage(e.message);
    $("g-title").textContent = "No such game";
    $("status").textContent = e.message;
    $("gameview").classList.add("missing"); // no board, no game buttons, no moves: only New game
    return;
  }
  buildBoard();
  // until it has started (a half-made turn taken up, a seat link used) the page is busy: its
  // controls are drawn disabled and its clicks and typing wait
  setBusy(true);
  const kept = keptPartial(); // before the first render forgets it
  try {
    await refresh();
  } catch (e) {
    // a kept token that is not this browser's seat cookie: the server refuses a request that
    // carries two different tokens (400), and the cookie, which it set, is the seat
    if (!(G.token && e.status === 400)) throw e;
    localStorage.removeItem("hexarena-token-" + id);
    G.token = null;
    await refresh();
  }
  wireControls(); // as the game is first drawn (no event comes between), G.view known from here
  if (G.token && !G.view.you.length) {
    // a kept token that gives no seat (a stale or mistyped #token link, this browser holding no
    // seat cookie) is forgotten
    localStorage.removeItem("hexarena-token-" + id);
    G.token = null;
    await refresh();
    if (!G.view.you.length) {
      showMessage("This browser's seat token does not belong to this game: you are watching.", true);
    }
  }
  await restorePartial(kept);
  if (G.view.swap_map) { // where a report has this board
    SwapMap.init(G.hex, G.view.game, G.view.options).catch((e) => showMessage(e.message));
  }
  await useCode();
  renderShare();
  listen();
  setBusy(false);
  render();
}

// The handlers of the game page's controls, given once the game is first drawn.
function wireControls() {
  $("cancel-turn").addEventListener("click", cancelTurn);
  $("pot-toggle").addEventListener("change", () => {
    G.showPotentials = $("pot-toggle").checked;
    localStorage.setItem("hexarena-potentials", G.showPotentials ? "on" : "off");
    render();
  });
  $("type-form").addEventListener("submit", onTyped);
  // Undo and Resign change the live game: pressed while replaying, the page goes back to it,
  // so that what they did is seen
  $("undo-btn").addEventListener("click", () => { leaveReplay(); doChange("undo"); });
  $("resign-btn").addEventListener("click", () => {
    if (!G.resignArmed) {
      G.resignArmed = true;
      renderControls();
      return;
    }
    const body = {};
    if (G.view.you.length === 2) body.seat = G.view.to_act;
    leaveReplay();
    doChange("resign", body);
  });
  $("hint-btn").addEventListener("click", async () => {
    if (!myTurn() || G.busy) return;
    $("hint-btn").disabled = true;
    $("hint-btn").textContent = "Thinking…";
    const seen = G.partial.length && G.seen ? G.seen : seenNow();
    const askedFor = JSON.stringify([G.view.version, G.partial]);
    try {
      const h = await api("POST", `/api/games/${G.id}/hint`, { actions: G.partial, version: seen.version }, G.token);
      // an answer about a position played from meanwhile (the board is not locked while the
      // hint thinks) is dropped
      if (JSON.stringify([G.view.version, G.partial]) === askedFor) G.hints = h.suggestions;
    } catch (e) {
      if (e.status === 409) {
        $("hint-btn").textContent = "Hint";
        await conflict(e, seen);
        return;
      }
      showMessage(e.message);
    }
    $("hint-btn").textContent = "Hint";
    render();
  });
  $("rp-first").addEventListener("click", () => setReplay(0));
  $("rp-prev").addEventListener("click", () => setReplay(shownTurn() - 1));
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
  $("message").addEventListener("click", hideMessage);
  const m = /^\/game\/([A-Za-z0-9]+)$/.exec(location.pathname);
  (m ? startGame(m[1]) : startHome()).catch((e) => showMessage(e.message));
});
