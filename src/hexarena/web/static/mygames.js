// hexarena web app: "my games", remembered in this browser (localStorage), each with a one-time
// link to go on on another device (a finished game with its plain link), and the filter of the
// recent-games list. The seat itself is the browser's HttpOnly cookie (or, for a game from
// before seat cookies, a stored token).
"use strict";

const MYGAMES_KEY = "hexarena-mygames";
const MYGAMES_MAX = 50;

// "1 turn", "2 turns": a number of turns in words (the game page and the home page's lists).
function turnsText(n) {
  return `${n} turn${n === 1 ? "" : "s"}`;
}

function myGamesList() {
  try {
    const list = JSON.parse(localStorage.getItem(MYGAMES_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

// Remember (or refresh) a game this browser holds a seat of: what myGameInfo keeps of its view.
function rememberGame(info) {
  if (!info || !/^[A-Za-z0-9]+$/.test(info.id || "")) return;
  const list = myGamesList().filter((g) => g.id !== info.id);
  const old = myGamesList().find((g) => g.id === info.id) || {};
  // when a turn was last seen played (this browser's pages hear every turn while open)
  const played = info.turns !== old.turns ? Date.now() / 1000 : old.played;
  list.unshift(Object.assign({}, old, info, { seen: Date.now(), played }));
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(list.slice(0, MYGAMES_MAX)));
}

// Whom a game is against, as "my games" says it, from its mode, its seats (as the server gives
// them) and the seats this browser holds.
function opponentText(mode, seats, you) {
  const mine = you.length === 1 ? you[0] : null;
  if (mode === "computer") {
    const cpu = seats.find((s) => s.kind === "computer");
    return `against the computer (${cpu ? cpu.level : "?"})`;
  }
  if (mode === "online" && mine !== null) {
    const other = seats[1 - mine];
    return other.claimed ? `against ${other.name || "a person elsewhere"}` : "invitation not yet taken";
  }
  return "two players on this screen";
}

// Whether one of this browser's people is to act (not the computer; nobody once it is over).
function yourTurnOf(toAct, seats, you, over) {
  return !over && toAct !== null && toAct >= 0 && you.includes(toAct) && seats[toAct].kind === "human";
}

// What "my games" keeps of a game's view: enough to tell two games of one kind apart.
function myGameInfo(v) {
  const mine = v.you.length === 1 ? v.you[0] : null;
  const over = !!v.outcome;
  return { id: v.id, title: v.title, game: v.game, mode: v.mode, turns: v.turns,
    result: over ? v.outcome.result : "*", options: v.option_text || "",
    opponent: opponentText(v.mode, v.seats, v.you), you: v.you,
    colour: mine !== null ? v.seats[mine].colour_name : null,
    yourTurn: yourTurnOf(v.to_act, v.seats, v.you, over), created: v.created, gone: false };
}

// The seats this browser holds in a game of "my games": as kept, or, for a game kept before
// they were, what its mode says (both on one screen, the person's against the computer).
function mySeats(g, seats) {
  if (Array.isArray(g.you)) return g.you;
  if (g.mode === "local") return [0, 1];
  if (g.mode === "computer") return seats.filter((s) => s.kind === "human").map((s) => s.seat);
  return null;
}

// A game of "my games" brought up to date with where the server says it stands (s, an entry of
// GET /api/games?ids=...): its turns, result, whose turn and opponent.
function freshInfo(g, s) {
  const out = { turns: s.turns, result: s.result, gone: false };
  if (s.turns !== g.turns) out.played = s.updated; // when the server stored the latest change
  const you = mySeats(g, s.seats);
  if (you) {
    out.yourTurn = yourTurnOf(s.to_act, s.seats, you, s.result !== "*");
    out.opponent = opponentText(g.mode, s.seats, you);
    if (you.length === 1) out.colour = s.seats[you[0]].colour_name; // a swap changes it
  }
  return out;
}

// Where the games of "my games" stand now, asked of the server in one request (each row would
// otherwise show its game as this browser last saw it); a game the server no longer has is said
// to be gone. The rows are rewritten in place, so that a seat link being copied stays open.
async function freshenMyGames(box) {
  const ids = myGamesList().slice(0, MYGAMES_MAX).map((g) => g.id);
  if (!ids.length) return;
  const d = await api("GET", `/api/games?ids=${ids.join(",")}`);
  const now = new Map(d.games.map((s) => [s.id, s]));
  const gone = new Set(d.missing);
  // read again: a game page open in another tab may have written the list meanwhile
  const list = myGamesList().map((g) => {
    if (gone.has(g.id)) return Object.assign({}, g, { gone: true });
    return now.has(g.id) ? Object.assign({}, g, freshInfo(g, now.get(g.id))) : g;
  });
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(list));
  const rows = [...box.querySelectorAll("li.mygame")];
  if (rows.length !== list.length || rows.some((li, k) => li.dataset.id !== list[k].id)) {
    if (!box.querySelector("details[open]")) renderMyGames(box);
    return;
  }
  rows.forEach((li, k) => {
    li.querySelector(".mygame-who").textContent = myGameWho(list[k]);
    li.querySelector(".mygame-details").textContent = myGameDetails(list[k]);
  });
  box.dataset.fresh = String(Date.now());
}

// Keep "my games" current while the page is shown: now, every 15 seconds while the tab is
// seen, and at once when it is seen again.
function keepMyGamesFresh(box) {
  const go = () => freshenMyGames(box).catch(() => { /* kept as last seen; tried again */ });
  go();
  setInterval(() => { if (document.visibilityState === "visible") go(); }, 15000);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") go(); });
}

// "5 min ago", "3 h ago", "2 days ago": how long ago a time (seconds since 1970) was.
function agoText(seconds) {
  const d = Math.max(0, Date.now() / 1000 - seconds);
  if (d < 60) return "just now";
  if (d < 3600) return `${Math.floor(d / 60)} min ago`;
  if (d < 86400) return `${Math.floor(d / 3600)} h ago`;
  const days = Math.floor(d / 86400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

// A finished game's result in words: the record's "1-0" and "0-1" (from the first player's
// side) say nothing to a newcomer. For one seat of this browser's (`you`), whether it won.
function resultText(result, you) {
  const winner = { "1-0": 0, "0-1": 1 }[result];
  if (winner === undefined) return result;
  if (Array.isArray(you) && you.length === 1) return you[0] === winner ? "you won" : "you lost";
  return `player ${winner + 1} won`;
}

// The line under a game's name in "my games": whom against, options, turns, whose turn, when.
function myGameDetails(g) {
  const parts = [];
  if (g.gone) return "no longer on this server (forget it below)";
  if (g.options) parts.push(g.options);
  parts.push(turnsText(g.turns || 0));
  if (g.result && g.result !== "*") parts.push(`finished: ${resultText(g.result, g.you)}`);
  else if (g.yourTurn !== undefined) parts.push(g.yourTurn ? "in play: your turn" : "in play: their turn");
  else parts.push("in play");
  if (g.turns && g.played) parts.push(`last played ${agoText(g.played)}`);
  else if (g.created) parts.push(`started ${agoText(g.created)}`);
  return parts.join(" · ");
}

// Whom a game of "my games" is against, and the colour played.
function myGameWho(g) {
  return g.opponent ? ` ${g.opponent}${g.colour ? `, you play ${g.colour}` : ""}` : ` ${g.mode || ""}`;
}

function forgetGame(id) {
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(myGamesList().filter((g) => g.id !== id)));
  localStorage.removeItem("hexarena-token-" + id);
  localStorage.removeItem("hexarena-mine-" + id);
  localStorage.removeItem("hexarena-links-" + id);
}

// A one-time link that opens a game with this browser's seat on another device.
// A token kept from a link of the old form that the seat cookie contradicts (the server refuses
// the two together) is forgotten: the cookie is the seat.
async function seatLink(id) {
  const kept = localStorage.getItem("hexarena-token-" + id);
  let d;
  try {
    d = await api("POST", `/api/games/${id}/device`, {}, kept);
  } catch (e) {
    if (!(kept && e.status === 400)) throw e;
    localStorage.removeItem("hexarena-token-" + id);
    d = await api("POST", `/api/games/${id}/device`, {});
  }
  return location.origin + d.link;
}

function renderMyGames(box) {
  box.innerHTML = "";
  const games = myGamesList();
  const panel = box.closest("section");
  if (panel) panel.hidden = games.length === 0;
  for (const g of games) {
    const li = document.createElement("li");
    li.className = "mygame";
    li.dataset.id = g.id;
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    a.textContent = g.title || g.game || g.id;
    li.appendChild(a);
    li.appendChild(html("span", myGameWho(g), "mygame-who"));
    li.appendChild(html("div", myGameDetails(g), "mygame-details muted"));
    // a finished game is viewed and replayed anywhere through its own link: nothing is left to
    // continue, so it gets no seat link
    const over = g.result !== undefined && g.result !== "*";
    const copy = document.createElement("details");
    const sum = document.createElement("summary");
    sum.textContent = over ? "link to view this game (anyone can replay it)" : "seat link for another device (works once)";
    copy.appendChild(sum);
    const input = document.createElement("input");
    input.readOnly = true;
    input.className = "seat-link";
    input.setAttribute("aria-label", `${over ? "link" : "seat link"} of ${a.textContent}`);
    input.addEventListener("focus", () => input.select());
    copy.addEventListener("toggle", async () => {
      if (!copy.open || input.value) return;
      if (over) { input.value = `${location.origin}/game/${g.id}`; return; }
      try { input.value = await seatLink(g.id); } catch (e) { input.value = e.message; }
    });
    copy.appendChild(linkRow(input));
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "forget";
    forget.textContent = "forget";
    forget.addEventListener("click", () => { forgetGame(g.id); renderMyGames(box); });
    copy.appendChild(forget);
    li.appendChild(copy);
    box.appendChild(li);
  }
}

// Show only the recent games in play, or only the finished ones.
function filterRecent(list, which) {
  for (const li of list.querySelectorAll("li[data-result]")) {
    const over = li.dataset.result !== "*";
    li.hidden = (which === "play" && over) || (which === "over" && !over);
  }
}
