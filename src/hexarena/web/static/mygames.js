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

// Remember (or refresh) a game this browser holds a seat of: {id, title, game, mode, turns, result}.
function rememberGame(info) {
  if (!info || !/^[A-Za-z0-9]+$/.test(info.id || "")) return;
  const list = myGamesList().filter((g) => g.id !== info.id);
  const old = myGamesList().find((g) => g.id === info.id) || {};
  list.unshift(Object.assign({}, old, info, { seen: Date.now() }));
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(list.slice(0, MYGAMES_MAX)));
}

function forgetGame(id) {
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(myGamesList().filter((g) => g.id !== id)));
  localStorage.removeItem("hexarena-token-" + id);
  localStorage.removeItem("hexarena-mine-" + id);
  localStorage.removeItem("hexarena-links-" + id);
}

// A one-time link that opens a game with this browser's seat on another device.
async function seatLink(id) {
  const d = await api("POST", `/api/games/${id}/device`, {}, localStorage.getItem("hexarena-token-" + id));
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
    const state = g.result && g.result !== "*" ? `finished (${g.result})` : "in play";
    const info = document.createElement("span");
    info.className = "muted";
    info.textContent = ` ${g.mode || ""}, ${turnsText(g.turns || 0)}, ${state} `;
    li.appendChild(info);
    const copy = document.createElement("details");
    const sum = document.createElement("summary");
    sum.textContent = "seat link (continue on another device; it works once)";
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
