// hexarena web app: "my games", remembered in this browser (localStorage), each with a one-time
// link to go on on another device, and the filter of the recent-games list. The seat itself is
// the browser's HttpOnly cookie (or, for a game from before seat cookies, a stored token).
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

// What "my games" keeps of a game's view: enough to tell two games of one kind apart.
function myGameInfo(v) {
  const mine = v.you.length === 1 ? v.you[0] : null;
  let opponent = "two players on this screen";
  if (v.mode === "computer") {
    const cpu = v.seats.find((s) => s.kind === "computer");
    opponent = `against the computer (${cpu ? cpu.level : "?"})`;
  } else if (v.mode === "online" && mine !== null) {
    const other = v.seats[1 - mine];
    opponent = other.claimed ? `against ${other.name || "a person elsewhere"}` : "invitation not yet taken";
  }
  const over = !!v.outcome;
  const yourTurn = !over && v.you.includes(v.to_act) && v.seats[v.to_act].kind === "human";
  return { id: v.id, title: v.title, game: v.game, mode: v.mode, turns: v.turns,
    result: over ? v.outcome.result : "*", options: v.option_text || "", opponent,
    colour: mine !== null ? v.seats[mine].colour_name : null, yourTurn,
    created: v.created };
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

// The line under a game's name in "my games": whom against, options, turns, whose turn, when.
function myGameDetails(g) {
  const parts = [];
  if (g.options) parts.push(g.options);
  parts.push(turnsText(g.turns || 0));
  if (g.result && g.result !== "*") parts.push(`finished (${g.result})`);
  else if (g.yourTurn !== undefined) parts.push(g.yourTurn ? "in play: your turn" : "in play: their turn");
  else parts.push("in play");
  if (g.turns && g.played) parts.push(`last played ${agoText(g.played)}`);
  else if (g.created) parts.push(`started ${agoText(g.created)}`);
  return parts.join(" · ");
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
    const against = g.opponent ? ` ${g.opponent}${g.colour ? `, you play ${g.colour}` : ""}` : ` ${g.mode || ""}`;
    li.appendChild(html("span", against, "mygame-who"));
    li.appendChild(html("div", myGameDetails(g), "mygame-details muted"));
    const copy = document.createElement("details");
    const sum = document.createElement("summary");
    sum.textContent = "seat link for another device (works once)";
    copy.appendChild(sum);
    const input = document.createElement("input");
    input.readOnly = true;
    input.className = "seat-link";
    input.setAttribute("aria-label", `seat link of ${a.textContent}`);
    input.addEventListener("focus", () => input.select());
    copy.addEventListener("toggle", async () => {
      if (!copy.open || input.value) return;
      try { input.value = await seatLink(g.id); } catch (e) { input.value = e.message; }
    });
    copy.appendChild(input);
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
